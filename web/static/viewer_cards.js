// The viewer's cards as cards: a hover shows a card's cost, type, Might, keywords and text as its title, a tap shows
// them in a panel at the bottom of the screen (closed by its ×, Escape, or a tap elsewhere). The facts are the
// match's catalog's, embedded in the page for the cards this view shows (#card-facts); a hidden card has none.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var source = document.getElementById("card-facts"), box = document.getElementById("card-info");
    if (!source || !box) return;
    var facts = JSON.parse(source.textContent || "{}");

    // The element naming a card: a card's name, a battlefield's, a chain item's, a rune.
    function named(target) {
      var node = target.closest && target.closest("[data-card]");
      return node && facts[node.getAttribute("data-card")] ? node : null;
    }

    Array.prototype.forEach.call(document.querySelectorAll("[data-card]"), function (node) {
      var name = node.getAttribute("data-card");
      if (facts[name]) {
        var holder = node.closest("li") || node;
        holder.title = RiftCards.summary(name, facts[name]);
        holder.classList.add("has-facts");
      }
    });

    function close() {
      box.hidden = true;
      box.textContent = "";
    }

    document.addEventListener("click", function (event) {
      if (box.contains(event.target) && !event.target.closest(".close")) return;
      var holder = event.target.closest && event.target.closest("li.has-facts, .has-facts");
      var node = holder ? (holder.matches("[data-card]") ? holder : holder.querySelector("[data-card]")) : named(event.target);
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
