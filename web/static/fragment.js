// A token handed out in a link's fragment (/matches/m1#token=..., web/tablecard.py) is taken out of the address
// and out of this history entry at once, before the page is drawn (this script is the first of every page, not
// deferred), so that a shared tablet's address bar, back button and history never show it, whatever the page turns
// out to be (an error page too). The token is kept in this page's memory only, for the page's own use:
//
// - a page with a form marked `data-takes-token` (the viewer's and the slip's token form, the organiser's key form)
//   posts it there once, which keeps it in an HttpOnly cookie (web/viewer.py, web/organiser.py);
// - the recording screen (record.js) reads `RiftlogFragment.token` into this tab's sessionStorage.
//
// A link followed in the same tab changes only the fragment: the token is taken the same way, the form posted, and
// the event "riftlog:token" tells the page's script.
(function () {
  "use strict";
  var Fragment = (window.RiftlogFragment = { token: null });

  function take() {
    var found = /^#token=([^&#]+)/.exec(window.location.hash);
    if (!found) return false;
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
    try {
      Fragment.token = decodeURIComponent(found[1]);
    } catch (error) {  // a malformed %-escape: no token, and the fragment is gone all the same
      Fragment.token = null;
    }
    return Fragment.token !== null;
  }

  function post() {
    var form = document.querySelector("form[data-takes-token]");
    if (!form || Fragment.token === null) return;
    var input = form.querySelector("input[name=token]");
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = "token";
      form.appendChild(input);
    }
    input.value = Fragment.token;
    var forget = form.querySelector("button[name=forget]");
    if (forget) forget.remove();
    form.submit();
  }

  if (take()) document.addEventListener("DOMContentLoaded", post);
  window.addEventListener("hashchange", function () {
    if (!take()) return;
    window.dispatchEvent(new CustomEvent("riftlog:token", { detail: Fragment.token }));
    post();
  });
})();
