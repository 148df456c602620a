// The match slip (web/slip.py): a token handed out in a link's fragment (/matches/m1/slip#token=...) is posted
// once to the match's token form, which keeps it in an HttpOnly cookie and comes back to the slip; the fragment is
// dropped from the address. The print button prints the page.
(function () {
  "use strict";
  var fragment = /^#token=([^&]+)$/.exec(window.location.hash);
  if (fragment) history.replaceState(null, "", window.location.pathname + window.location.search);
  document.addEventListener("DOMContentLoaded", function () {
    var print = document.getElementById("print-slip");
    if (print) print.addEventListener("click", function () { window.print(); });
    if (!fragment) return;
    var form = document.getElementById("token-form");
    if (!form) return;
    var input = form.querySelector("input[name=token]");
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = "token";
      form.appendChild(input);
    }
    input.value = decodeURIComponent(fragment[1]);
    form.submit();
  });
})();
