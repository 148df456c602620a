// A card as a card: its cost, type, Might, keywords and rules text, from the match's catalog facts (the viewer and
// the recording screen share this file). Facts are what the catalog holds; nothing here decides a rule.
(function () {
  "use strict";

  // The cost in the card's own symbols: "[2]" Energy, then one "[Fury]" per Power of its domain.
  var UNCOSTED = { Battlefield: 1, Legend: 1, Rune: 1 };  // never played, so no cost to show

  function cost(facts) {
    if (!facts || UNCOSTED[facts.type] || (facts.energy === null || facts.energy === undefined) && !facts.power) return "";
    var parts = ["[" + (facts.energy || 0) + "]"];
    var domain = (facts.domains || []).length === 1 ? facts.domains[0] : "A";
    for (var i = 0; i < (facts.power || 0); i++) parts.push("[" + domain + "]");
    return parts.join(" ");
  }

  // The type line: "Unit · Fury · Might 2", "Spell · Chaos", "Gear token".
  function typeLine(facts) {
    var bits = [[facts.supertype, facts.type].filter(Boolean).join(" ") || "card"];
    if ((facts.domains || []).length) bits.push(facts.domains.join(", "));
    if (typeof facts.might === "number") bits.push("Might " + facts.might);
    return bits.join(" · ");
  }

  function keywordText(facts) {
    var values = facts.keyword_values || {};
    return (facts.keywords || []).map(function (keyword) {
      return values[keyword] !== undefined && values[keyword] !== null && values[keyword] !== true ?
        keyword + " " + values[keyword] : keyword;
    }).join(", ");
  }

  // One line for a hover title: "Legion Rearguard · [2] · Unit · Fury · Might 2 · Legion · its text".
  function summary(name, facts) {
    if (!facts || !Object.keys(facts).length) return name || "";
    return [name, cost(facts), typeLine(facts), keywordText(facts), (facts.text || "").replace(/\s+/g, " ")]
      .filter(Boolean).join(" · ");
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The card's face as a block: name and cost, type line, keywords, rules text (one paragraph per line).
  function face(name, facts) {
    var box = el("div", "card-face");
    box.setAttribute("data-card", name || "");
    var head = el("div", "card-face-head");
    head.appendChild(el("b", "card-face-name", name || "unseen card"));
    if (facts && cost(facts)) head.appendChild(el("span", "card-face-cost", cost(facts)));
    box.appendChild(head);
    if (!facts || !Object.keys(facts).length) {
      box.appendChild(el("p", "card-face-text muted", name ? "not in this match's catalog" : "nobody saw this card"));
      return box;
    }
    box.appendChild(el("p", "card-face-type", typeLine(facts)));
    if (keywordText(facts)) box.appendChild(el("p", "card-face-keywords", keywordText(facts)));
    (facts.text || "").split("\n").forEach(function (line) {
      if (line.trim()) box.appendChild(el("p", "card-face-text", line));
    });
    return box;
  }

  window.RiftCards = { cost: cost, typeLine: typeLine, keywordText: keywordText, summary: summary, face: face };
})();
