// The match slip (web/slip.py): the print button prints the page. A token in a link's fragment
// (/matches/m1/slip#token=...) is posted to the slip's token form by fragment.js.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var print = document.getElementById("print-slip");
    if (print) print.addEventListener("click", function () { window.print(); });
  });
})();
