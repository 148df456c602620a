// The resolution builder: what the newest chain item did, op by op, as the effect ops of a `resolve`. Which ops
// exist and which fields each has come from one table, the engine's own (engine/events.py EFFECT_FIELDS, in the page
// as #op-fields); FIELD_INPUTS below only says how a field is entered (a tap on the board, a player, a location,
// a number, names, JSON). A field the table marks optional sits under "more" and is left out when blank.
(function () {
  "use strict";

  var Rec = window.Rec, el = Rec.el;
  var TABLE = JSON.parse(document.getElementById("op-fields").textContent);
  // The ops a judge records most, first in the list; then every other op of the table, by name.
  var COMMON = ["damage", "kill", "stun", "buff", "might", "move", "return", "draw", "attach", "detach", "token",
                "xp", "static", "look", "reveal", "banish", "recycle", "burn", "predict", "prevent", "replace", "pay"];
  var OPS = COMMON.filter(function (op) { return TABLE[op]; }).concat(
    Object.keys(TABLE).filter(function (op) { return COMMON.indexOf(op) === -1; }).sort());
  var TAPPED = { target: 1, item: 1, of: 1, source: 1 };  // fields naming an object or item: tapped on the board

  function state() {
    return Rec.data.state;
  }

  function players() {
    return Object.keys(state().players).map(function (p) { return [p, Rec.ui.playerName(p)]; });
  }

  // How a field is entered: {how: "tap" | "select" | "number" | "names" | "json" | "text", choices?, bool?}; a
  // yes/no is a select, so an optional one can be left out, said yes, or said no ("ready": false).
  function inputFor(op, field, kind, item) {
    if (TAPPED[field] || (op === "attach" && field === "to")) return { how: "tap" };
    if (field === "player" || field === "controller") return { how: "select", choices: players() };
    if (field === "until") return { how: "select", choices: [["", "—"], ["turn", "this turn"], ["permanent", "permanent"]] };
    if (op === "return" && field === "to") return { how: "select", choices: [["hand", "to hand"], ["deck", "to deck"]] };
    if (field === "to") return { how: "select", choices: [["", "—"]].concat(Rec.ui.locations(item.controller)) };
    if (field === "from" && op !== "play") {
      return { how: "select", choices: [["", "—"], ["deck", "the deck's top"]].concat(Object.keys(state().players)
        .map(function (p) { return ["deck:" + p, Rec.ui.playerName(p) + "'s deck"]; })) };
    }
    if (op === "token" && field === "type") return { how: "select", choices: [["", "—"], ["unit", "unit"], ["gear", "gear"]] };
    if (op === "token" && field === "name" && tokenKinds().length) {  // the match's token cards, tapped not typed
      return { how: "select", choices: [["", "—"]].concat(tokenKinds().map(function (name) { return [name, name]; })) };
    }
    if (kind === "int") return { how: "number" };
    if (kind === "bool") return { how: "select", bool: true, choices: [["", "—"], ["true", "yes"], ["false", "no"]] };
    if (kind === "list") return { how: "names" };
    if (kind === "map" || kind === "any") return { how: "json" };
    return { how: "text" };
  }

  // The token kinds this match knows, for the token op's name and kind (a datalist).
  function tokenKinds() {
    var cards = state().cards || {};
    return Object.keys(cards).filter(function (name) { return cards[name].supertype === "Token"; }).sort();
  }

  // The ops offered as one tap each (every op of the table stays in the list beside them).
  var QUICK = ["damage", "kill", "stun", "buff", "might", "heal", "draw", "channel", "point", "counter", "token",
               "move", "return", "recall", "ready", "exhaust", "xp", "attach"];

  // An op's values before anything is tapped: its player the item's controller, its amounts 1, and the objects it
  // names the targets the item was put on the chain with (the next one not yet used by an earlier op), a chain
  // item for a counter.
  function defaults(op, item, ops) {
    var values = {}, chosen = item.targets || [];
    (TABLE[op] || []).forEach(function (spec) {
      var field = spec[0], kind = spec[1], required = spec[2];
      if (inputFor(op, field, kind, item).how === "tap" && required && chosen.length) {
        var fitting = chosen.filter(function (id) { return (field === "item") === isItem(id); });
        var used = ops.map(function (entry) { return entry.values[field]; }).concat(
          Object.keys(values).map(function (key) { return values[key]; }));
        var next = fitting.filter(function (id) { return used.indexOf(id) === -1; })[0] || fitting[0];
        if (next) values[field] = next;
      } else if ((field === "player" || field === "controller") && required) values[field] = item.controller;
      else if (kind === "int" && required) values[field] = 1;
      else if (op === "return" && field === "to") values[field] = "hand";
      else if (op === "move" && field === "to") values[field] = "base";
    });
    return values;
  }

  function isItem(id) {
    return (state().chain || []).some(function (entry) { return entry.id === id; });
  }

  // The resolution the card writes (GET /recording's `resolution`, engine/cards/resolutions.py): its ops with the
  // card's amounts, a target filled in where one object fits, and `legal`, the only objects a tap may name.
  function fromCard(item) {
    var hint = Rec.data.resolution;
    if (!hint || hint.item !== item.id) return [];
    return hint.ops.map(function (entry) {
      return { op: entry.op, values: Object.assign({}, entry.values), legal: entry.legal || null,
               text: entry.text || "", optional: !!entry.optional };
    });
  }

  // The objects the active field may name get the "legal" mark on the board; the others none.
  function mark(legal) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-id]"), function (node) {
      node.classList.toggle("legal", !!legal && legal.indexOf(node.getAttribute("data-id")) !== -1);
    });
  }

  // `item` the newest chain item, else the board's: with inputs held, one a held play put up (its `id` null, named
  // as the resolve is sent: record_outbox.js).
  Rec.resolveForm = function (wait, item) {
    var chain = state().chain, asked = !!item;  // asked for by a tap (held inputs): it may be cancelled
    item = item || chain[chain.length - 1];
    var called = item.id ? Rec.name(item.id) : (item.card || item.label || item.kind) + " (put up by a held input)";
    var ops = fromCard(item), active = null;  // ops: [{op, values, legal?}]; active: [op index, field] a tap fills
    var list = el("ol", { id: "ops", class: "ops" });
    Rec.tap = function (id) {
      if (!active) return false;
      var legal = active[1] === "target" ? ops[active[0]].legal : null;
      if (legal && legal.indexOf(id) === -1) {
        Rec.say("error", Rec.name(id) + " is not what the card names: " + ops[active[0]].text);
        return true;
      }
      ops[active[0]].values[active[1]] = id;
      active = null;
      draw();
    };

    function fieldNode(index, entry, spec) {
      var field = spec[0], kind = spec[1], required = spec[2], values = entry.values;
      var how = inputFor(entry.op, field, kind, item), id = "op-" + index + "-" + field, value = values[field];
      var label = field + (required ? "" : " (optional)");
      if (how.how === "tap") {
        var picking = active && active[0] === index && active[1] === field;
        return Rec.ui.button(id, value ? field + ": " + Rec.name(value) : "tap the " + field, function () {
          active = [index, field];
          draw();
        }, "small" + (picking ? " active" : ""));
      }
      var node;
      if (how.how === "select") {
        node = Rec.ui.select(id, how.choices, value === undefined ? "" : value, label);
        if (value === undefined) values[field] = node.value;  // what the select shows is what is sent
      } else {
        node = el("input", { id: id, "aria-label": label, placeholder: field + (how.how === "names" ? ": a; b; ?" :
          how.how === "json" ? " (JSON)" : ""), type: how.how === "number" ? "number" : "text",
          inputmode: how.how === "number" ? "numeric" : null, value: value === undefined ? "" : value,
          list: entry.op === "token" && (field === "name" || field === "kind") ? "token-kinds" : null });
      }
      node.addEventListener("change", function () {
        values[field] = node.value;
      });
      var extras = [];
      if (how.how === "number") {  // − and + instead of the keyboard
        extras = [-1, 1].map(function (by) {
          return Rec.ui.button(id + (by < 0 ? "-less" : "-more"), by < 0 ? "−" : "+", function () {
            node.value = String((parseInt(node.value, 10) || 0) + by);
            values[field] = node.value;
          }, "small");
        });
        return el("span", { class: "op-field stepper", "data-field": field }, [field + " ", extras[0], node, extras[1]]);
      }
      if (how.how === "names") {  // the names tapped among the pile they come from, each added in turn
        var pile = namesPile(entry, field);
        extras = Object.keys(pile).sort().map(function (name, at) {
          var pick = Rec.ui.button(id + "-pick-" + at, name === "?" ? "unseen" : name, function () {
            node.value = (node.value.trim() ? node.value.trim().replace(/;$/, "") + "; " : "") + name;
            values[field] = node.value;
          }, "small");
          pick.setAttribute("data-card", name);
          return pick;
        });
        return el("div", { class: "op-field names", "data-field": field }, [
          el("label", {}, [field + " ", node]), el("div", { class: "picks", id: id + "-picks" }, extras)]);
      }
      return el("label", { class: "op-field", "data-field": field }, [field + " ", node]);
    }

    // The names a list field is tapped from: a channel's runes from the rune deck, a discard's cards from the hand,
    // any other op's cards from the deck (and "?" for a card nobody saw).
    function namesPile(entry, field) {
      var s = state(), player = entry.values.player || item.controller, info = s.players[player] || {};
      var pile = {};
      if (field === "runes") return Object.assign(pile, info.rune_deck || {});
      if (entry.op === "discard") {
        (info.hand || []).forEach(function (id) { var card = (s.objects[id] || {}).card; if (card) pile[card] = 1; });
        return pile;
      }
      Object.keys(info.deck || {}).forEach(function (name) { if (info.deck[name] > 0) pile[name] = info.deck[name]; });
      pile["?"] = 1;
      return pile;
    }

    function draw() {
      list.textContent = "";
      mark(active && active[1] === "target" ? ops[active[0]].legal : null);
      ops.forEach(function (entry, index) {
        var specs = TABLE[entry.op] || [];
        var required = specs.filter(function (spec) { return spec[2]; });
        var optional = specs.filter(function (spec) { return !spec[2]; });
        var parts = [el("b", { text: entry.op })].concat(required.map(function (spec) { return fieldNode(index, entry, spec); }));
        if (optional.length) {
          var more = el("details", { id: "op-" + index + "-more", open: entry.open || null },
            [el("summary", { text: "more" })].concat(optional.map(function (spec) { return fieldNode(index, entry, spec); })));
          more.addEventListener("toggle", function () { entry.open = more.open; });
          parts.push(more);
        }
        parts.push(Rec.ui.button("op-" + index + "-remove", "×", function () {
          ops.splice(index, 1);
          active = null;
          draw();
        }, "small"));
        if (entry.text) {
          parts.push(el("span", { class: "muted op-text", text: (entry.optional ? "may: " : "") + entry.text }));
        }
        list.appendChild(el("li", { "data-op": entry.op }, parts));
      });
    }

    // An op's event form: numbers as numbers, names split at ";" ("?" a card nobody saw), JSON read; blanks left out.
    function built(entry) {
      var op = { op: entry.op }, problems = [];
      (TABLE[entry.op] || []).forEach(function (spec) {
        var field = spec[0], kind = spec[1], required = spec[2], value = entry.values[field];
        var input = inputFor(entry.op, field, kind, item), how = input.how;
        if (value === undefined || value === null || String(value).trim() === "") {
          if (required) problems.push(entry.op + " needs its " + field);
          return;
        }
        if (input.bool) {
          op[field] = value === "true";
        } else if (how === "number") {
          var number = parseInt(value, 10);
          if (isNaN(number)) problems.push(entry.op + ": " + field + " must be a whole number");
          else op[field] = number;
        } else if (how === "names") {
          op[field] = String(value).split(";").map(function (name) { return name.trim(); })
            .filter(function (name) { return name; })
            .map(function (name) { return name === "?" && field === "cards" ? null : name; });
        } else if (how === "json") {
          try { op[field] = JSON.parse(value); } catch (error) {
            problems.push(entry.op + ": " + field + " is not JSON (" + error.message + ")");
          }
        } else {
          op[field] = value;
        }
      });
      return { op: op, problems: problems };
    }

    // Add an op; the first object it still needs is what the next tap fills.
    function add(op) {
      ops.push({ op: op, values: defaults(op, item, ops) });
      var values = ops[ops.length - 1].values;
      var first = (TABLE[op] || []).filter(function (spec) {
        return spec[2] && inputFor(op, spec[0], spec[1], item).how === "tap" && !values[spec[0]];
      })[0];
      active = first ? [ops.length - 1, first[0]] : null;
      draw();
    }

    var kinds = el("datalist", { id: "token-kinds" }, tokenKinds().map(function (name) {
      return el("option", { value: name });
    }));
    var kind = Rec.ui.select("op-kind", OPS.map(function (op) { return [op, op]; }), "damage", "effect");
    var quick = QUICK.filter(function (op) { return TABLE[op]; }).map(function (op) {
      return Rec.ui.button("op-quick-" + op, op, function () { add(op); }, "small");
    });
    var facts = Rec.facts(item.card);
    var chosen = (item.targets || []).map(Rec.name).join(", ");
    Rec.ui.show("Resolve " + called, [
      item.card ? RiftCards.face(item.card, facts) : el("p", { text: item.label || item.kind }),
      el("p", { class: "muted", text: (ops.length ? "Filled in from the card; check each op" :
        "Tap what it did, op by op") + (chosen ? "; its targets (" + chosen + ") are filled in" : "") +
        ". Tap a field, then the object on the board, to change one." }),
      kinds, list, el("div", { class: "row quick-ops" }, quick),
      el("div", { class: "row" }, [kind, Rec.ui.button("op-add", "+ effect", function () { add(kind.value); }, "small")]),
      Rec.ui.button("resolve-submit", "Record the resolution", function () {
        var results = ops.map(built);
        var problems = [].concat.apply([], results.map(function (result) { return result.problems; }));
        if (problems.length) {
          return Rec.say("error", "Not sent: " + problems.join("; ") + ". Tap a target on the board, or fill it in.");
        }
        Rec.submit([{ type: "resolve", item: item.id, effects: results.map(function (result) { return result.op; }) }],
                   "resolve " + called);
      }, "primary"), asked ? Rec.ui.button("resolve-cancel", "Cancel", Rec.render, "docked") : null],
      "Resolve " + called + ": tap what it did");
    // The first op from the card still missing its target is what the next tap fills (its legal objects marked).
    ops.some(function (entry, index) {
      if (entry.legal && !entry.values.target) active = [index, "target"];
      return !!active;
    });
    draw();
  };
})();
