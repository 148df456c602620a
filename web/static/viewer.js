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

  // Keep the current event in sight in the timeline without scrolling the page itself.
  document.addEventListener("DOMContentLoaded", function () {
    var list = document.getElementById("timeline");
    var current = list && list.querySelector("li.current");
    if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  });
})();
