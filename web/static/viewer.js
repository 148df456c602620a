// Keyboard shortcuts for the match viewer. Each step button is a plain link that names its target seq; a key
// only follows the link whose data-keys lists it ("ArrowRight", "Shift+ArrowLeft", ",", "]", "PageDown", ...).
(function () {
  "use strict";

  function keyName(event) {
    var shifted = event.shiftKey && event.key.indexOf("Arrow") === 0;
    return (shifted ? "Shift+" : "") + event.key;
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    var name = keyName(event);
    var links = document.querySelectorAll("#steps a[data-keys]");
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute("data-keys").split(" ").indexOf(name) !== -1) {
        event.preventDefault();
        if (links[i].hasAttribute("href")) window.location.assign(links[i].href);
        return;
      }
    }
  });

  // A token handed out as a link's fragment (/matches/m1#token=...) never reaches the server in a URL: it is
  // posted once to the match's token form, which keeps it in an HttpOnly cookie, and the fragment is dropped.
  var fragment = /^#token=([^&]+)$/.exec(window.location.hash);
  if (fragment) {
    history.replaceState(null, "", window.location.pathname + window.location.search);
    document.addEventListener("DOMContentLoaded", function () {
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
      var forget = form.querySelector("button[name=forget]");
      if (forget) forget.remove();
      form.submit();
    });
  }

  // Keep the current event in sight in the timeline without scrolling the page itself.
  document.addEventListener("DOMContentLoaded", function () {
    var list = document.getElementById("timeline");
    var current = list && list.querySelector("li.current");
    if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  });
})();
