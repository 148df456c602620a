// The tournament page keeps its tables current: every data-refresh seconds it fetches itself and swaps in the new
// table rows (one rendering, the server's). A failed fetch is tried again at the next refresh.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var table = document.getElementById("tables");
    if (!table) return;
    var every = Math.max(Number(table.getAttribute("data-refresh")) || 5, 0.1) * 1000;

    function refresh() {
      fetch(window.location.href, {headers: {Accept: "text/html"}, cache: "no-store"})
        .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("tables-body");
          if (fresh) document.getElementById("tables-body").replaceWith(fresh);
          table.setAttribute("data-refreshed", String(Number(table.getAttribute("data-refreshed") || 0) + 1));
        })
        .catch(function () { /* the next refresh tries again */ })
        .then(function () { window.setTimeout(refresh, every); });
    }

    window.setTimeout(refresh, every);
  });
})();
