// The organiser's page (web/organiser.py): a key handed out as a link's fragment (/organiser#token=...) never
// reaches the server in a URL: it is posted once to the page's key form, which keeps it in an HttpOnly cookie, and
// the fragment is dropped from the address.
(function () {
  "use strict";
  var fragment = /^#token=([^&]+)$/.exec(window.location.hash);
  if (!fragment) return;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("organiser-form");
    if (!form) return;
    form.querySelector("input[name=token]").value = decodeURIComponent(fragment[1]);
    form.submit();
  });
})();
