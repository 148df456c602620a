// A card as a card: its cost, type, Might, keywords and rules text, from the match's catalog facts (the viewer and
// the recording screen share this file), and beside the text what the engine reads of each ability (issue 26), so
// that a judge can check it. Facts are what the catalog holds; nothing here decides a rule.
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
    if ((facts.abilities || []).length) box.appendChild(compiled(facts));
    return box;
  }

  // What the engine reads of one ability, compactly, for a judge to check against the printed line: its kind, its
  // condition ("while legion"), its cost, each static it compiles to (whom it affects, what it gives, from where),
  // the additional costs it offers, any other compiled part (trigger, effects) as data, and what it cannot read.
  var WHO = { self: "me", friendly: "friendly", enemy: "enemy", all: "all" };

  function conditionText(condition) {
    return Object.keys(condition || {}).map(function (key) {
      var value = condition[key];
      return value === true ? key : key + " " + (typeof value === "object" ? JSON.stringify(value) : value);
    }).join(", ");
  }

  function amounts(cost) {
    var bits = [];
    ["energy", "power"].forEach(function (part) {
      if (cost[part]) bits.push((cost[part] > 0 ? "+" : "") + cost[part] + " " + part);
    });
    if (cost.min_energy !== undefined) bits.push("min " + cost.min_energy + " energy");
    if (cost.min_power !== undefined) bits.push("min " + cost.min_power + " power");
    return bits.join(" ");
  }

  function staticText(st) {
    var affects = st.affects || {};
    var whom = [affects.other ? "other" : "", WHO[affects.who] || affects.who || "me",
                (affects.tags || []).join("/"), (affects.types || []).join("/"), affects.where || ""]
      .filter(Boolean).join(" ");
    var gives = [];
    if (st.might) gives.push((st.might > 0 ? "+" : "") + st.might + " Might");
    if (st.keywords) gives.push(st.keywords.map(function (k) {
      return st.values && st.values[k] ? k + " " + st.values[k] : k;
    }).join(", "));
    if (st.cost) gives.push("cost " + amounts(st.cost));
    if (st.enter_ready) gives.push("enters ready");
    var text = whom + ": " + gives.join(", ");
    if (st.per) text += " per " + conditionText(st.per).replace("count ", "");
    if (st["while"] && Object.keys(st["while"]).length) text += " while " + conditionText(st["while"]);
    return text + (st.zone === "play" ? " (as played)" : st.zone === "board" ? " (on the board)" : "");
  }

  var SHOWN = { kind: 1, text: 1, source: 1, label: 1, condition: 1, "while": 1, statics: 1, additional: 1, unread: 1,
                cost: 1, timing: 1, keyword: 1, value: 1, adds: 1, amount: 1, cost_note: 1, reminder: 1 };

  function compiledLine(ability) {
    var bits = [ability.kind + (ability.keyword ? " " + ability.keyword : "")];
    if (ability["while"]) bits.push("if " + conditionText(ability["while"]));
    if (ability.cost) {
      var power = Object.keys(ability.cost.power || {}).map(function (d) { return ability.cost.power[d] + " " + d; });
      bits.push("cost " + [ability.cost.energy ? ability.cost.energy + " energy" : ""].concat(power)
        .concat(ability.cost.exhaust_self ? ["[T]"] : []).filter(Boolean).join(" "));
    }
    (ability.statics || []).forEach(function (st) { bits.push(staticText(st)); });
    (ability.additional || []).forEach(function (c) { bits.push("additional cost " + amounts(c)); });
    Object.keys(ability).forEach(function (key) {  // other compiled parts (trigger, effects, ...) as data
      if (!SHOWN[key]) bits.push(key + " " + JSON.stringify(ability[key]));
    });
    if (ability.unread) bits.push("unread: " + ability.unread.join(" "));
    return bits.join(" · ") + " [" + (ability.source || "text") + "]";
  }

  // The compiled abilities as a block under the printed text.
  function compiled(facts) {
    var box = el("div", "card-face-compiled");
    box.appendChild(el("p", "card-face-compiled-head", "What the engine reads:"));
    (facts.abilities || []).forEach(function (ability) {
      box.appendChild(el("p", "card-face-ability", compiledLine(ability)));
    });
    return box;
  }

  window.RiftCards = { cost: cost, typeLine: typeLine, keywordText: keywordText, summary: summary, face: face,
                       compiledLine: compiledLine };
})();
