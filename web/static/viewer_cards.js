// The viewer's cards as cards: a hover shows a card's cost, type, Might, keywords and text as its title, a tap shows
// them in a panel at the bottom of the screen (closed by its ×, Escape, or a tap elsewhere). The facts are the
// match's catalog's (GET /api/catalogs/<name>/cards), asked for the cards this page names: a card hidden from the
// view has no name in the page, so nothing is asked about it.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("card-info");
    if (!box) return;
    var facts = {};
    var names = [];
    Array.prototype.forEach.call(document.querySelectorAll("[data-card]"), function (node) {
      var name = node.getAttribute("data-card");
      if (name && names.indexOf(name) === -1) names.push(name);
    });
    if (!names.length) return;
    var query = names.slice(0, 200).map(function (name) { return "name=" + encodeURIComponent(name); }).join("&");
    fetch("/api/catalogs/" + encodeURIComponent(box.getAttribute("data-catalog")) + "/cards?" + query)
      .then(function (response) { return response.ok ? response.json() : {}; })
      .then(function (found) {
        facts = found;
        Array.prototype.forEach.call(document.querySelectorAll("[data-card]"), function (node) {
          var name = node.getAttribute("data-card");
          if (!facts[name]) return;
          var holder = node.closest("li") || node;
          holder.title = RiftCards.summary(name, facts[name]);
          holder.classList.add("has-facts");
        });
        document.getElementById("match").setAttribute("data-cards", "ready");
      }, function () { /* no facts: the page reads as before */ });

    function close() {
      box.hidden = true;
      box.textContent = "";
    }

    document.addEventListener("click", function (event) {
      if (box.contains(event.target) && !event.target.closest(".close")) return;
      var holder = event.target.closest && event.target.closest(".has-facts");
      var node = holder && (holder.matches("[data-card]") ? holder : holder.querySelector("[data-card]"));
      if (!node || event.target.closest("a")) return close();
      var name = node.getAttribute("data-card");
      box.textContent = "";
      var shut = document.createElement("button");
      shut.type = "button";
      shut.className = "close";
      shut.id = "card-info-close";
      shut.setAttribute("aria-label", "close");
      shut.textContent = "×";
      box.appendChild(shut);
      box.appendChild(RiftCards.face(name, facts[name]));
      box.hidden = false;
    });

    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !box.hidden) close();
    });
  });
})();
