// The tournament page keeps its tables current. It follows the round's feed (server-sent events, data-feed): the
// server pushes a table's new row once per change, and the page swaps it in. When the feed is refused (a 503 when
// the server has all the streams it takes, or a 404 from a server without the feed) the page fetches itself every
// data-refresh seconds instead, and tries the feed again a little later. Each time the feed opens, the page fetches
// itself once, so that a change between the page's drawing and the feed's opening is not missed.
(function () {
  "use strict";

  var FEED_RETRY = 30000; // milliseconds before a refused feed is tried again

  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("tables");
    if (!table) return;
    var every = Math.max(Number(table.getAttribute("data-refresh")) || 5, 0.1) * 1000;
    var feed = table.getAttribute("data-feed");
    var polling = null;

    function count(name) {
      table.setAttribute(name, String(Number(table.getAttribute(name) || 0) + 1));
    }

    function refresh() {
      fetch(window.location.href, {headers: {Accept: "text/html"}, cache: "no-store"})
        .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("tables-body");
          if (fresh) document.getElementById("tables-body").replaceWith(fresh);
          count("data-refreshed");
        })
        .catch(function () { /* the next refresh (or the feed) brings it */ });
    }

    function poll(on) {
      if (on && !polling) polling = window.setInterval(refresh, every);
      if (!on && polling) { window.clearInterval(polling); polling = null; }
    }

    function pushed(message) {
      var row = JSON.parse(message.data);
      var holder = document.createElement("tbody");
      holder.innerHTML = row.html;
      var fresh = holder.firstElementChild;
      var old = document.querySelector('#tables-body tr[data-match="' + row.match + '"]');
      // A table paired (riftlog pairings import) whose match has just been created: its row takes the pairing's.
      if (!old && fresh) old = document.querySelector('#tables-body tr[data-match=""][data-table="' +
                                                      fresh.getAttribute("data-table") + '"]');
      if (!old || !fresh || Number(old.getAttribute("data-seq")) >= row.seq) return;
      old.replaceWith(fresh);
      count("data-pushed");
    }

    function listen() {
      var source = new EventSource(feed);
      source.onopen = function () { poll(false); refresh(); };
      source.addEventListener("table", pushed);
      source.onerror = function () {
        if (source.readyState !== EventSource.CLOSED) return; // it reconnects by itself
        poll(true);
        window.setTimeout(listen, FEED_RETRY);
      };
      window.addEventListener("pagehide", function () { source.close(); });
    }

    if (window.EventSource && feed) listen(); else poll(true);
  });
})();
