// The table card (web/tablecard.py): its print button prints the page. A file of its own, not an onclick
// attribute, so that the page's Content-Security-Policy allows no inline script (web/guard.py).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var print = document.getElementById("print");
    if (print) print.addEventListener("click", function () { window.print(); });
  });
})();
