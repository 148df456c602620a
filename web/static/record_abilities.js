// The recording screen's abilities and hidden cards: each source the acting player controls shows its activated
// abilities (from the catalog's `abilities`, contract section 6) as buttons with their costs; one opens a short
// form (tap targets, tap runes to pay) that records an `activate`. An Equip ability picks the unit to equip.
// `hide` puts a card from the hand facedown at a battlefield the player controls. Whether any of it is legal is the
// server's answer (the dry run), never this file's.
(function () {
  "use strict";

  var Rec = window.Rec, el = Rec.el;

  function state() {
    return Rec.data.state;
  }

  // The catalog facts of a source: a battlefield by its name, an object by its card (none for an unseen card).
  function factsOf(sourceId) {
    var field = (state().battlefields || []).filter(function (entry) { return entry.id === sourceId; })[0];
    var obj = state().objects[sourceId];
    var name = field ? field.name : obj && obj.card;
    return (name && (state().cards || {})[name]) || {};
  }

  // The abilities of `kind` ("activated", "triggered") a source has, with their indexes in its catalog entry.
  Rec.abilitiesOf = function (sourceId, kind) {
    return (factsOf(sourceId).abilities || []).map(function (ability, index) {
      return { ability: ability, index: index };
    }).filter(function (entry) { return entry.ability.kind === kind; });
  };

  // A cost in the card's own symbols: [1] energy, [Calm] power, [T] exhaust, then the other parts in words.
  Rec.costText = function (cost) {
    if (!cost) return "no cost";
    var parts = [];
    if (cost.energy) parts.push("[" + cost.energy + "]");
    Object.keys(cost.power || {}).forEach(function (domain) {
      for (var i = 0; i < cost.power[domain]; i++) parts.push("[" + (domain === "any" ? "A" : domain) + "]");
    });
    if (cost.exhaust_self) parts.push("[T]");
    if (cost.kill_self) parts.push("kill this");
    if (cost.banish_self) parts.push("banish this");
    if (cost.spend_buff) parts.push("spend a buff");
    if (cost.disempower_self) parts.push("disempower");
    if (cost.xp) parts.push(cost.xp + " XP");
    if (cost.discard) parts.push("discard " + cost.discard);
    if (cost.recycle_trash) parts.push("recycle " + cost.recycle_trash + " from trash");
    (cost.other || []).forEach(function (part) { parts.push(part); });
    return parts.join(" ") || "free";
  };

  // An amount added, in the card's symbols: {energy: 1, power: {any: 1}} -> "[1] [A]".
  function amountText(amount) {
    return Rec.costText({ energy: amount.energy, power: amount.power });
  }

  function abilityName(ability) {
    if (ability.keyword) return ability.keyword;
    if (ability.adds && ability.amount) return "Add " + amountText(ability.amount);
    return (ability.label || "ability").replace(/-/g, " ");
  }

  // A triggered ability of `sourceId` named by `label` (as a `trigger` event names it), in the log's words
  // (web/describe.py, `ability_words`): a keyword by its printed name, another label in its words, quoted. A held
  // input shows it so until the server words it; never the raw id ("weaponmaster", "when-you-play").
  Rec.abilityWords = function (sourceId, label) {
    var wanted = String(label).toLowerCase(), found = Rec.abilitiesOf(sourceId, "triggered").filter(function (entry) {
      return [entry.ability.label, entry.ability.keyword].some(function (name) {
        return name && name.toLowerCase() === wanted;
      });
    })[0];
    return found && found.ability.keyword ? found.ability.keyword : "“" + String(label).replace(/-/g, " ") + "”";
  };

  // The activated abilities offered for a source: one whose cost exhausts the source itself ([T], v1.3 414.4) is
  // not offered while that source is exhausted already.
  function activatable(sourceId) {
    var obj = state().objects[sourceId];
    return Rec.abilitiesOf(sourceId, "activated").filter(function (entry) {
      return !(obj && obj.exhausted && (entry.ability.cost || {}).exhaust_self);
    });
  }

  // What paying `cost` takes, in words: runes tapped for its Energy and Power, the source exhausted for [T].
  function payHint(cost, sourceId) {
    cost = cost || {};
    var runes = Rec.costText({ energy: cost.energy, power: cost.power }), parts = [];
    if (cost.energy || Object.keys(cost.power || {}).length) {
      parts.push("tap runes to pay " + runes + " (tap again to recycle)");
    }
    if (cost.exhaust_self) parts.push("[T] exhausts " + Rec.name(sourceId) + " itself as the activation is recorded");
    return parts.join("; ");
  }

  // Parts of a hint as one sentence: the empty ones left out, a capital first, a full stop last.
  function sentence(parts) {
    var text = parts.filter(Boolean).join("; ");
    return text.charAt(0).toUpperCase() + text.slice(1) + ".";
  }

  // The sources `player` may activate from (v1.3 380): units, gear (not attached: its own text is inactive,
  // v1.3 721.2) and runes on the board, the legend, and the battlefields they control (or nobody controls).
  function sources(player) {
    var s = state(), info = s.players[player] || {}, found = [];
    var ids = [].concat(info.legend ? [info.legend] : [], info.base || [], info.runes || []);
    (s.battlefields || []).forEach(function (field) {
      ids = ids.concat(field.units || []);
      if (field.controller === player || (!field.controller && s.turn_player === player)) ids.push(field.id);
    });
    ids.forEach(function (id) {
      var obj = s.objects[id];
      if (obj && (obj.controller !== player || obj.attached_to)) return;
      if (found.indexOf(id) === -1 && activatable(id).length) found.push(id);
    });
    Object.keys(s.objects).forEach(function (id) {  // gear at a battlefield is in no list above
      var obj = s.objects[id];
      if (obj.zone === "board" && obj.controller === player && !obj.attached_to && found.indexOf(id) === -1 &&
          activatable(id).length) found.push(id);
    });
    return found;
  }

  // One row per source: its name, then a button per activated ability ("label · cost").
  Rec.abilityButtons = function (box, player) {
    box.textContent = "";
    var rows = sources(player).map(function (sourceId) {
      return el("div", { class: "ability-source", "data-source": sourceId }, [
        el("span", { class: "source-name", text: Rec.name(sourceId) })].concat(
        activatable(sourceId).map(function (entry) {
          var ability = entry.ability;
          var node = Rec.ui.button("activate-" + sourceId + "-" + entry.index, "", function () {
            activateForm(player, sourceId, entry.index, ability);
          }, "ability");
          node.title = ability.text || "";
          node.appendChild(el("b", { text: abilityName(ability) }));
          node.appendChild(el("span", { class: "cost", text: Rec.costText(ability.cost) }));
          return node;
        })));
    });
    if (rows.length) box.appendChild(el("h3", { text: "Abilities" }));
    rows.forEach(function (row) { box.appendChild(row); });
  };

  var DOMAINS = ["Fury", "Calm", "Mind", "Body", "Chaos", "Order"];

  function activateForm(player, sourceId, index, ability) {
    Rec.ui.clearMarks();
    var equip = ability.keyword === "Equip";
    var targets = [];
    var summary = el("p", { id: "activate-summary", class: "muted" });
    function describe() {
      summary.textContent = (equip ? "Unit: " : "Targets: ") + (targets.map(Rec.name).join(", ") || "none") +
        " · " + payment.text();
    }
    var payment = Rec.ui.paying(player, targets, describe);
    describe();
    var parts = [
      el("p", { class: "ability-text", text: ability.text || "" }),
      el("p", { class: "hint", id: "activate-hint", text: sentence([
        equip ? "Tap the unit to equip" : ability.adds ? "" : "Tap its targets on the board",
        payHint(ability.cost, sourceId)]) }),
      summary];
    // [A] adds one Power of any domain: the player names the domain now, or leaves it open (universal Power, which
    // pays for any domain when it is spent: engine.abilities.add_resources, 156.2.b).
    var any = ability.adds && ability.amount && (ability.amount.power || {}).any;
    var domain = any ? Rec.ui.select("activate-domain", [["", "Any (named when spent)"]].concat(
      DOMAINS.map(function (d) { return [d, d]; })), "", "which domain the Power is of") : null;
    var amount = ability.adds && !ability.amount ? el("input", { id: "activate-add", type: "number", min: "0",
      value: "1", "aria-label": "energy added" }) : null;
    var options = el("input", { id: "activate-options", placeholder: 'other costs paid, JSON: {"discard": ["o12"]}',
                                "aria-label": "options" });
    if (domain) parts.push(el("label", { class: "field", id: "activate-domain-label" }, [
      el("span", { text: "[A] is a Power of any domain: which domain?" }), domain]));
    if (amount) parts.push(el("label", {}, ["Energy added ", amount]));
    parts.push(el("details", {}, [el("summary", { text: "other costs" }), options]));
    parts.push(Rec.ui.button("activate-submit", equip ? "Record the equip" : "Record the activation", function () {
      var event = { type: "activate", player: player, source: sourceId, ability: index };
      if (targets.length) event.targets = targets.slice();
      if (payment.pay()) event.pay = payment.pay();
      var chosen = {};
      if (options.value.trim()) {
        try { chosen = JSON.parse(options.value); } catch (error) {
          return Rec.say("error", "The other costs are not JSON: " + error.message);
        }
      }
      if (domain && domain.value) chosen.domain = domain.value;
      if (amount) chosen.add = { energy: parseInt(amount.value, 10) || 0 };
      if (Object.keys(chosen).length) event.options = chosen;
      Rec.submit([event], Rec.ui.playerName(player) + (equip ? " equips " + targets.map(Rec.name).join(", ") +
                 " with " + Rec.name(sourceId) : " activates " + Rec.name(sourceId) + ": " + abilityName(ability)));
    }, "primary"));
    Rec.ui.subform((equip ? "Equip " : "Activate ") + Rec.name(sourceId), parts);
  }

  // A triggered ability nobody awaits (a conquer, Weaponmaster, a "when you play"): tap its source (a battlefield
  // too), pick the ability (from the catalog) or type its label, tap its targets; a cost within its instructions
  // ("you may pay [1]", v1.3 742.1.b) is the Energy below, paid by tapping runes.
  Rec.triggerForm = function (player) {
    Rec.ui.clearMarks();
    var source = null, targets = [], runes = state().players[player].runes || [];
    var summary = el("p", { id: "trigger-summary", class: "muted" });
    var choices = el("div", { id: "trigger-abilities", class: "row abilities" });
    var label = el("input", { id: "trigger-ability", placeholder: "ability label", "aria-label": "ability label" });
    var energy = el("input", { id: "trigger-energy", type: "number", min: "0", value: "0", "aria-label": "Energy paid" });
    function describe() {
      summary.textContent = "Source: " + (source ? Rec.name(source) : "tap it") + " · targets: " +
        (targets.map(Rec.name).join(", ") || "none") + " · " + payment.text();
    }
    function offer() {
      choices.textContent = "";
      (source ? Rec.abilitiesOf(source, "triggered") : []).forEach(function (entry) {
        var name = entry.ability.keyword || entry.ability.label || String(entry.index);
        var node = Rec.ui.button("trigger-ability-" + entry.index, abilityName(entry.ability), function () {
          label.value = name;
        }, "ability");
        node.title = entry.ability.text || "";
        choices.appendChild(node);
      });
    }
    var payment = Rec.ui.paying(player, targets, describe), payOrTarget = Rec.tap;
    Rec.tap = function (id) {  // the first tap that is no rune names the source
      if (!source && runes.indexOf(id) === -1) {
        source = id;
        Rec.mark(id, "source");
        offer();
        describe();
        return;
      }
      payOrTarget(id);
    };
    describe();
    Rec.ui.subform("Trigger an ability", [
      el("p", { class: "hint", text: "Tap the source (a unit, gear, legend or battlefield), then its targets; tap runes to pay." }),
      summary, choices, label, el("label", {}, ["Energy paid as it goes on the chain ", energy]),
      Rec.ui.button("trigger-record", "Record the trigger", function () {
        if (!source || !label.value.trim()) return Rec.say("error", "Tap the source and name the ability.");
        var event = { type: "trigger", player: player, source: source, ability: label.value.trim() };
        if (targets.length) event.targets = targets.slice();
        var paid = parseInt(energy.value, 10) || 0;
        if (paid > 0) event.cost = { energy: paid };
        if (payment.pay()) event.pay = payment.pay();
        Rec.submit([event], Rec.ui.playerName(player) + " triggers " + Rec.name(source) + ": " +
                   Rec.abilityWords(source, event.ability));
      }, "primary")]);
  };

  // A replacement of a death by a card the player controls (v1.3 367-375, engine/replacement.py), recorded before
  // the death it replaces (in combat: in the damage step): tap the unit that would die, then the card that replaces
  // it; what happens instead is one of the usual ways or the ops in JSON.
  var INSTEAD = [
    ["recall", "recall it", function (unit) { return [{ op: "recall", target: unit }]; }],
    ["recall-exhausted", "recall it exhausted", function (unit) {
      return [{ op: "recall", target: unit }, { op: "exhaust", target: unit }]; }],
    ["source-dies", "kill the source, recall it exhausted", function (unit, source) {
      return [{ op: "kill", target: source }, { op: "recall", target: unit }, { op: "exhaust", target: unit }]; }],
    ["hand", "return it to its owner's hand", function (unit) { return [{ op: "return", target: unit, to: "hand" }]; }],
    ["json", "other: the ops in JSON", null],
  ];

  Rec.replaceForm = function (player, node) {
    Rec.ui.clearMarks();
    var unit = null, source = null;
    var summary = el("p", { id: "replace-summary", class: "muted" });
    var instead = Rec.ui.select("replace-with", INSTEAD.map(function (way) { return [way[0], way[1]]; }), "recall",
                                "what happens instead");
    var ops = el("input", { id: "replace-ops", placeholder: '[{"op": "recall", "target": "o12"}]', "aria-label": "ops" });
    var until = Rec.ui.select("replace-until", [["", "the next time it would die this turn"],
                                                ["permanent", "the next time it would die, any turn"]], "", "until");
    function describe() {
      summary.textContent = "Would die: " + (unit ? Rec.name(unit) : "tap it") + " · replaced by: " +
        (source ? Rec.name(source) : "tap the card (or none)");
    }
    Rec.tap = function (id) {
      if (!unit || id === unit) {
        if (unit) Rec.mark(unit, null);
        unit = unit === id ? null : id;
        if (unit) Rec.mark(unit, "would die");
      } else {
        if (source) Rec.mark(source, null);
        source = source === id ? null : id;
        if (source) Rec.mark(source, "source");
      }
      describe();
    };
    describe();
    var parts = [el("h3", { text: "Replace a death" }),
      el("p", { class: "hint", text: "Tap the unit that would die, then the card that replaces its death." }),
      summary, instead, ops, until,
      Rec.ui.button("replace-submit", "Record the replacement", function () {
        if (!unit) return Rec.say("error", "Tap the unit whose death is replaced.");
        var way = INSTEAD.filter(function (entry) { return entry[0] === instead.value; })[0], effects;
        if (way[2]) {
          if (way[0] === "source-dies" && !source) return Rec.say("error", "Tap the card that replaces the death.");
          effects = way[2](unit, source);
        } else {
          try { effects = JSON.parse(ops.value); } catch (error) {
            return Rec.say("error", "The ops are not JSON: " + error.message);
          }
        }
        var event = { type: "replace", player: player, event: { op: "kill", target: unit }, "with": effects };
        if (source) event.source = source;
        if (until.value) event.until = until.value;
        Rec.submit([event], Rec.ui.playerName(player) + " replaces the death of " + Rec.name(unit));
      }, "primary")];
    if (node) {  // inside another form (a damage assignment)
      node.textContent = "";
      parts.forEach(function (part) { node.appendChild(part); });
    } else {
      Rec.ui.subform("Replace a death", parts.slice(1));
    }
  };

  // `hide` (004 723, engine/hidden.py): a card with Hidden from the hand, facedown at a battlefield the player
  // controls, for [A] paid by tapping runes.
  Rec.hideForm = function (player) {
    Rec.ui.clearMarks();
    var s = state(), hand = s.players[player].hand || [];
    var hidden = hand.filter(function (id) {
      var obj = s.objects[id];
      return obj && obj.card && ((s.cards[obj.card] || {}).keywords || []).indexOf("Hidden") !== -1;
    });
    var cards = hidden.length ? hidden : hand;
    var fields = (s.battlefields || []).filter(function (field) { return field.controller === player; });
    var card = null, where = fields.length ? fields[0].id : null;
    if (where) Rec.marks[where] = "hide here";
    var summary = el("p", { id: "hide-summary", class: "muted" });
    function describe() {
      summary.textContent = "Card: " + (card ? Rec.name(card) : "tap it in the hand") + " · at " +
        (where ? Rec.name(where) : "a battlefield you control") + " · " + payment.text();
    }
    var payment = Rec.ui.paying(player, null, describe);
    Rec.tap = function (id) {  // a card of the hand, a battlefield the player controls, or a rune that pays
      if (payment.tap(id)) return describe();
      if (cards.indexOf(id) !== -1) {
        if (card) Rec.mark(card, null);
        card = card === id ? null : id;
        if (card) Rec.mark(card, "hide");
        return describe();
      }
      if (fields.some(function (field) { return field.id === id; })) {
        if (where) Rec.mark(where, null);
        where = id;
        Rec.mark(where, "hide here");
        return describe();
      }
      return false;
    };
    Rec.renderBoard();
    describe();
    Rec.ui.subform("Hide a card", [
      el("p", { class: "hint", text: (hidden.length ? "Cards with Hidden in the hand: " + hidden.map(Rec.name).join(", ") +
        ". " : "No card in the hand shows Hidden; any may be tapped. ") + "Tap the card, the battlefield if another, " +
        "and runes to pay [A] (tap a rune twice: recycled for its Power)." }), summary,
      Rec.ui.button("hide-submit", "Record the hide", function () {
        if (!card || !where) return Rec.say("error", "Tap the card hidden and a battlefield you control.");
        var event = { type: "hide", player: player, card: card, battlefield: where };
        if (payment.pay()) event.pay = payment.pay();
        Rec.submit([event], Rec.ui.playerName(player) + " hides " + Rec.name(card) + " at " + Rec.name(where));
      }, "primary")], "Tap the card to hide, then runes to pay");
  };
})();
