// Following a live match: a viewer page showing the head seq listens to the match's stream (server-sent events in
// the page's view; the token cookie goes with it), and when a new event comes it loads the match's head again,
// which listens in turn. A page before the head (the reader stepped back) does not listen: stepping back stops
// following, and "Last" (End), which this script points at the head as it is when clicked, takes it up again. The head is loaded without a seq (so events committed meanwhile
// are all there) and its seq is then written back into the address; the page replaces the one before it in the
// history, and keeps the reader's scroll position.
(function () {
  "use strict";

  var SCROLL = "riftlog-live-scroll";

  function remember(value) {
    try {
      if (value === null) window.sessionStorage.removeItem(SCROLL); else window.sessionStorage.setItem(SCROLL, value);
    } catch (error) { /* storage refused: the page opens at its top */ }
  }

  function recalled() {
    try { return window.sessionStorage.getItem(SCROLL); } catch (error) { return null; }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var main = document.getElementById("match");
    if (!main || !window.EventSource) return;
    var scroll = recalled();
    remember(null);
    var seq = main.getAttribute("data-seq");
    if (seq !== main.getAttribute("data-head-seq")) {
      // Stepped back: not following. "Last" loads the head as it is then (not as it was when this page was
      // drawn), which follows again.
      var last = document.getElementById("last");
      if (last && last.hasAttribute("href")) {
        var head = new URL(last.href);
        head.searchParams.delete("seq");
        last.href = head.toString();
      }
      return;
    }
    if (scroll) window.scrollTo(0, Number(scroll));
    var view = main.getAttribute("data-view");
    var address = new URL(window.location.href);
    address.searchParams.set("seq", seq);
    address.searchParams.set("view", view);
    history.replaceState(history.state, "", address.toString());

    var source = "/api/matches/" + encodeURIComponent(main.getAttribute("data-match")) + "/stream?after=" + seq +
                 "&view=" + encodeURIComponent(view);
    var stream = null;
    var leaving = false;

    function listen() {
      stream = new EventSource(source);
      stream.onmessage = function () {
        leaving = true;
        stream.close();
        remember(String(window.scrollY));
        var next = new URL(window.location.href);
        next.searchParams.delete("seq");
        window.location.replace(next.toString());
      };
      stream.onerror = function () {
        // An EventSource reconnects by itself after a dropped stream, but gives up on an answer that is not 200
        // (a 503 when the server has all the streams it takes): then open it again a little later.
        if (!leaving && stream.readyState === EventSource.CLOSED) window.setTimeout(listen, 3000);
      };
    }
    listen();
    // A match with its result is over: not "live", though a judge's note or penalty recorded later still moves the
    // page on.
    var over = main.getAttribute("data-over") === "true";
    var badge = document.createElement("span");
    badge.id = "live";
    badge.className = over ? "badge finished" : "badge live";
    badge.title = over ? "the match is over; a note or penalty recorded later still moves this page on"
                       : "following the match live: each new event moves this page on";
    badge.textContent = over ? "finished" : "● live";
    var head = document.getElementById("head-seq");
    if (head && head.parentNode) head.parentNode.appendChild(badge);
    main.setAttribute("data-following", "true");

    window.addEventListener("pagehide", function () { leaving = true; stream.close(); });
  });
})();
