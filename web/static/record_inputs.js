// The recording screen's forms: what `awaiting` asks for next, as buttons and short forms (record.js draws the
// board and sends what a form builds). A form only gathers an input; whether it is legal is the server's answer.
(function () {
  "use strict";

  var Rec = window.Rec, el = Rec.el;

  function box() {
    return document.getElementById("inputs");
  }

  function state() {
    return Rec.data.state;
  }

  function playerName(player) {
    return Rec.data.players[player] || player;
  }

  function button(id, text, onclick, extra) {
    return el("button", { id: id, type: "button", class: extra || "", text: text, onclick: function (event) {
      event.preventDefault();
      onclick();
    } });
  }

  function select(id, options, value, label) {
    var node = el("select", { id: id, "aria-label": label || id });
    options.forEach(function (option) {
      var entry = el("option", { value: option[0], text: option[1] });
      if (option[0] === value) entry.selected = true;
      node.appendChild(entry);
    });
    return node;
  }

  function show(title, parts) {
    var panel = box();
    panel.textContent = "";
    panel.appendChild(el("h2", { text: title }));
    parts.forEach(function (part) { if (part) panel.appendChild(part); });
  }

  function locations(player) {
    var options = Object.keys(state().players).map(function (p) {
      return [p === player ? "base" : "base:" + p, p === player ? "Base" : playerName(p) + "'s base"];
    });
    return options.concat((state().battlefields || []).map(function (field) { return [field.id, field.name]; }));
  }

  // -- card pickers: a select per card, from a multiset ({name: count}) plus "unseen" ---------------------------
  function pickers(id, pile, count, unseen) {
    var list = el("div", { class: "pickers", id: id });
    var names = Object.keys(pile || {}).filter(function (name) { return pile[name] > 0; }).sort();
    function add() {
      var options = [["", "— pick a card —"]].concat(unseen ? [["?", "unseen card"]] : []).concat(
        names.map(function (name) { return [name, name + " ×" + pile[name]]; }));
      list.appendChild(select(id + "-" + list.children.length, options, "", "card " + (list.children.length + 1)));
    }
    for (var i = 0; i < count; i++) add();
    var more = el("div", { class: "row" }, [
      button(id + "-more", "+ card", add, "small"),
      button(id + "-less", "− card", function () { if (list.lastChild) list.removeChild(list.lastChild); }, "small")]);
    return { node: el("div", {}, [list, more]), values: function () {
      return Array.prototype.map.call(list.querySelectorAll("select"), function (s) { return s.value; });
    } };
  }

  function picked(values, unseen) {
    if (values.some(function (value) { return value === ""; })) return null;
    return values.map(function (value) { return unseen && value === "?" ? null : value; });
  }

  // -- the actor: whoever awaiting names, changeable (an audit match records what happened, in any order) -------
  function actorSelect(player) {
    return select("actor", Object.keys(state().players).map(function (p) { return [p, playerName(p) + " (" + p + ")"]; }),
                  player, "acting player");
  }

  function actor() {
    var node = document.getElementById("actor");
    return node ? node.value : null;
  }

  // -- what awaiting asks for --------------------------------------------------------------------------------
  Rec.renderInputs = function () {
    var wait = (state().awaiting || [])[0];
    if (!wait) {
      show(state().match_winner || state().winner ? "The match is over" : "Nothing awaited", [
        el("p", { class: "muted", text: "Notes, a rewind (undo) and typed lines can still be recorded." })]);
      return;
    }
    var form = FORMS[wait.kind];
    if (form) form(wait);
    else show("Awaiting " + wait.kind, [el("p", { class: "muted", text: "Type it as a line of the notation below." })]);
  };

  var FORMS = {
    game_started: function (wait) {
      var players = Object.keys(state().players);
      var fields = players.map(function (p) {
        var info = state().players[p];
        var choices = (info.battlefield_choices || []).filter(function (name) {
          return (info.battlefields_used || []).indexOf(name) === -1;
        });
        return el("label", {}, [playerName(p) + "'s battlefield ",
          select("battlefield-" + p, choices.map(function (name) { return [name, name]; }), choices[0])]);
      });
      show("Game " + ((state().game || 0) + 1), [
        el("label", {}, ["First player ", select("first-player", players.map(function (p) { return [p, playerName(p)]; }),
                                                  wait.player || players[0])])].concat(fields).concat([
        button("start-game", "Start the game", function () {
          var battlefields = {};
          players.forEach(function (p) { battlefields[p] = document.getElementById("battlefield-" + p).value; });
          var first = document.getElementById("first-player").value;
          Rec.submit([{ type: "game_started", game: (state().game || 0) + 1, first_player: first,
                        battlefields: battlefields }], "game " + ((state().game || 0) + 1) + ", " + playerName(first) + " first");
        }, "primary")]));
    },

    draw: function (wait) {
      var info = state().players[wait.player];
      var count = info.setup === "opening_hand" ? 4 : info.setup === "replace" ? (info.set_aside || []).length || 1 : 1;
      var cards = pickers("draw-cards", info.deck, count, true);
      show(playerName(wait.player) + " draws" + (wait.rule ? " (rule " + wait.rule + ")" : ""), [
        el("p", { class: "muted", text: "Pick each card drawn, or “unseen card” for one you cannot see." }),
        cards.node,
        button("draw-submit", "Record the draw", function () {
          var chosen = picked(cards.values(), true);
          if (!chosen) return Rec.say("error", "Pick every card drawn (or “unseen card”), or remove a picker.");
          Rec.submit([{ type: "draw", player: wait.player, cards: chosen }],
                     playerName(wait.player) + " draws " + chosen.length);
        }, "primary")]);
    },

    mulligan: function (wait) {
      var chosen = [];
      var list = el("p", { id: "set-aside", class: "muted", text: "Tap up to two cards of the hand to set aside." });
      Rec.tap = function (id) {
        if ((state().players[wait.player].hand || []).indexOf(id) === -1) return;
        toggle(chosen, id, "set aside");
        list.textContent = chosen.length ? "Set aside: " + chosen.map(Rec.name).join(", ") : "Keeping the hand.";
      };
      show(playerName(wait.player) + ": mulligan", [list, el("div", { class: "row" }, [
        button("mulligan-submit", "Set aside and record", function () {
          Rec.submit([{ type: "mulligan", player: wait.player, set_aside: chosen.slice() }],
                     playerName(wait.player) + " sets aside " + chosen.length);
        }, "primary"),
        button("keep", "Keep the hand", function () {
          Rec.submit([{ type: "mulligan", player: wait.player, set_aside: [] }], playerName(wait.player) + " keeps");
        })])]);
    },

    channel: function (wait) {
      var info = state().players[wait.player];
      var runes = pickers("channel-runes", info.rune_deck, 2, false);
      var parts = [el("p", { class: "muted", text: "The runes channeled, from the rune deck." }), runes.node,
        el("div", { class: "row" }, [button("channel-submit", "Record the channel", function () {
          var chosen = picked(runes.values(), false);
          if (!chosen) return Rec.say("error", "Pick every rune channeled, or remove a picker.");
          Rec.submit([{ type: "channel", player: wait.player, runes: chosen }],
                     playerName(wait.player) + " channels " + chosen.join(", "));
        }, "primary"),
        state().phase === "beginning" ? button("beginning-pass", "Pass (end the beginning step)", function () {
          Rec.submit([{ type: "pass", player: wait.player }], playerName(wait.player) + " passes");
        }) : null])];
      show(playerName(wait.player) + " channels", parts);
    },

    // A triggered ability the engine says is due: the source's triggered abilities (from the catalog) as buttons,
    // or a label typed. Its targets are tapped on the board first.
    trigger: function (wait) {
      clearMarks();
      var targets = [];
      Rec.tap = function (id) { toggle(targets, id, "target"); };
      var label = el("input", { id: "trigger-label", value: "Temporary", "aria-label": "ability label" });
      function record(ability) {
        var event = { type: "trigger", player: wait.player, source: wait.source, ability: ability };
        if (targets.length) event.targets = targets.slice();
        Rec.submit([event], "trigger " + Rec.name(wait.source) + " “" + ability + "”");
      }
      var offered = Rec.abilitiesOf(wait.source, "triggered").map(function (entry) {
        var name = entry.ability.keyword || entry.ability.label || String(entry.index);  // "Temporary"
        var node = button("trigger-" + entry.index, name, function () { record(name); }, "ability");
        node.title = entry.ability.text || "";
        return node;
      });
      show(playerName(wait.player) + ": trigger due (rule " + wait.rule + ")", [
        el("p", { text: Rec.name(wait.source) }),
        offered.length ? el("div", { class: "row abilities" }, offered) : null,
        el("p", { class: "hint", text: "Tap its targets on the board, if it has any." }),
        el("div", { class: "row" }, [label, button("trigger-submit", "Record the trigger", function () {
          record(label.value);
        }, "primary")])]);
    },

    action: function (wait) { actions(wait, true); },
    priority: function (wait) { actions(wait, false); },
    focus: function (wait) { actions(wait, false); },

    resolve: function (wait) { Rec.resolveForm(wait); },

    assign_damage: function (wait) {
      var prefill = Rec.data.assignment || {};
      var inputs = wait.units.map(function (id) {
        return el("label", { class: "assign" }, [Rec.name(id) + " ",
          el("input", { type: "number", min: "0", inputmode: "numeric", id: "assign-" + id, "data-unit": id,
                        value: String(prefill[id] || 0) })]);
      });
      show(playerName(wait.player) + " assigns " + wait.amount + " damage", [
        el("p", { class: "muted", text: "Pre-filled lethal first, Tank units first. Change it to what was assigned." })]
        .concat(inputs).concat([button("assign-submit", "Record the assignment", function () {
          var assignments = {};
          inputs.forEach(function (label) {
            var input = label.querySelector("input"), amount = parseInt(input.value, 10);
            if (amount > 0) assignments[input.getAttribute("data-unit")] = amount;
          });
          Rec.submit([{ type: "assign_damage", player: wait.player, assignments: assignments }],
                     playerName(wait.player) + " assigns damage");
        }, "primary"),
        // Combat's moment to record a replacement is its damage step (docs/engine.md): before the last assignment.
        el("div", { class: "row" }, [el("label", {}, ["Replacing for ", actorSelect(wait.player)]),
          button("assign-replace", "Replace a death", function () {
            Rec.replaceForm(actor(), document.getElementById("replace-form"));
          })]),
        el("div", { id: "replace-form" })]));
    },

    choose: function (wait) {
      show(playerName(wait.player) + " chooses (rule " + wait.rule + ")", wait.candidates.map(function (candidate) {
        return button("choose-" + candidate, Rec.name(candidate), function () {
          Rec.submit([{ type: "choose", player: wait.player, choice: candidate }],
                     playerName(wait.player) + " chooses " + Rec.name(candidate));
        });
      }));
    },
  };

  // -- discretionary actions -----------------------------------------------------------------------------------
  function actions(wait, isAction) {
    var buttons = [
      button("action-play", "Play a card", function () { playForm(actor()); }, "primary"),
      isAction ? button("action-move", "Move units", function () { moveForm(actor()); }) : null,
      isAction ? button("action-hide", "Hide a card", function () { Rec.hideForm(actor()); }) : null,
      button("action-trigger", "Trigger", function () { Rec.triggerForm(actor()); }),
      button("action-replace", "Replace a death", function () { Rec.replaceForm(actor()); }),
      isAction ? null : button("action-pass", "Pass", function () {
        Rec.submit([{ type: "pass", player: actor() }], playerName(actor()) + " passes");
      }),
      isAction ? button("action-end-turn", "End turn", function () {
        Rec.submit([{ type: "end_turn", player: actor() }], playerName(actor()) + " ends the turn");
      }) : null];
    var who = actorSelect(wait.player), abilities = el("div", { id: "abilities" });
    who.addEventListener("change", function () { Rec.abilityButtons(abilities, who.value); });
    Rec.abilityButtons(abilities, wait.player);
    show(playerName(wait.player) + (isAction ? " acts" : " has " + wait.kind), [
      el("label", {}, ["Acting: ", who]), el("div", { class: "row" }, buttons), abilities,
      el("div", { id: "action-form" })]);
  }

  function subform(title, parts) {
    var node = document.getElementById("action-form");
    node.textContent = "";
    node.appendChild(el("h3", { text: title }));
    parts.forEach(function (part) { if (part) node.appendChild(part); });
  }

  // A tap picks an object into `list` (marked `how` on the board), a second tap drops it.
  function toggle(list, id, how) {
    var at = list.indexOf(id);
    if (at === -1) list.push(id);
    else list.splice(at, 1);
    Rec.mark(id, at === -1 ? how : null);
  }

  function clearMarks() {
    Rec.marks = {};
    Rec.renderBoard();
  }

  function playForm(player) {
    clearMarks();
    var info = state().players[player];
    var options = [["", "— card —"]].concat((info.hand || []).map(function (id) { return [id, Rec.name(id)]; }));
    if (info.champion_zone) options.push([info.champion_zone, Rec.name(info.champion_zone) + " · champion zone"]);
    var card = select("play-card", options, "", "card to play");
    var to = select("play-to", [["", "where it goes: base (default)"]].concat(locations(player).slice(1)), "", "where");
    var facedown = facedownOf(player);
    facedown.forEach(function (entry) {
      card.appendChild(el("option", { value: entry.id, text: Rec.name(entry.id) + " · facedown at " + entry.name }));
    });
    var targets = [];
    var summary = el("p", { id: "play-summary", class: "muted" });
    function describe() {
      summary.textContent = "Targets: " + (targets.map(Rec.name).join(", ") || "none") + " · " + payment.text();
    }
    var payment = paying(player, targets, describe);
    describe();
    subform("Play", [card, to, el("p", { class: "hint", text: "Tap targets on the board; tap runes to pay (tap again to recycle)." }),
      summary, button("play-submit", "Record the play", function () {
        if (!card.value) return Rec.say("error", "Pick the card played.");
        var event = { type: "play", player: player, card: card.value };
        if (card.value === info.champion_zone) event.from = "champion";
        if (facedown.some(function (entry) { return entry.id === card.value; })) event.from = "facedown";
        if (to.value) event.to = to.value;
        if (targets.length) event.targets = targets.slice();
        if (payment.pay()) event.pay = payment.pay();
        Rec.submit([event], playerName(player) + " plays " + Rec.name(card.value));
      }, "primary")]);
  }

  // The payment of a play, an activation or a hide: a tap on a rune of `player` pays with it (exhaust, then
  // recycle, then not at all); any other tap goes in `targets` (or nowhere, without a list). `changed` redraws.
  function paying(player, targets, changed) {
    var runes = state().players[player].runes || [], exhaust = [], recycle = [];
    var payment = {
      pay: function () { return exhaust.length || recycle.length ? { exhaust: exhaust.slice(), recycle: recycle.slice() } : null; },
      text: function () {
        return "exhaust: " + (exhaust.map(Rec.name).join(", ") || "none") +
          (recycle.length ? " · recycle: " + recycle.map(Rec.name).join(", ") : "");
      },
    };
    Rec.tap = function (id) {
      if (runes.indexOf(id) !== -1) {
        if (exhaust.indexOf(id) !== -1) { exhaust.splice(exhaust.indexOf(id), 1); recycle.push(id); Rec.mark(id, "recycle"); }
        else if (recycle.indexOf(id) !== -1) { recycle.splice(recycle.indexOf(id), 1); Rec.mark(id, null); }
        else { exhaust.push(id); Rec.mark(id, "exhaust"); }
      } else if (targets) {
        toggle(targets, id, "target");
      }
      changed();
    };
    return payment;
  }

  // The facedown cards `player` controls: [{id, field (battlefield id), name (its name)}] (engine/hidden.py).
  function facedownOf(player) {
    return (state().battlefields || []).filter(function (field) {
      var obj = field.facedown && state().objects[field.facedown];
      return obj && obj.controller === player;
    }).map(function (field) { return { id: field.facedown, field: field.id, name: field.name }; });
  }

  function moveForm(player) {
    clearMarks();
    var units = [], destination = null;
    var summary = el("p", { id: "move-summary", class: "muted", text: "Tap the units that move, then where they go." });
    function describe() {
      summary.textContent = "Units: " + (units.map(Rec.name).join(", ") || "none") + " → " +
        (destination ? Rec.name(destination) : "tap a battlefield, or Base");
    }
    Rec.tap = function (id) {
      var obj = state().objects[id];
      if (!obj) {  // a battlefield: the destination
        if (destination) Rec.mark(destination, null);
        destination = id;
        Rec.mark(id, "destination");
      } else {
        toggle(units, id, "moves");
      }
      describe();
    };
    subform("Move", [summary, el("div", { class: "row" }, [
      button("move-to-base", "To base", function () {
        if (destination) Rec.mark(destination, null);
        destination = "base";
        describe();
      }),
      button("move-submit", "Record the move", function () {
        if (!units.length || !destination) return Rec.say("error", "Tap the units that move and where they go.");
        Rec.submit([{ type: "move", player: player, units: units.slice(), to: destination }],
                   playerName(player) + " moves " + units.map(Rec.name).join(", ") + " to " + Rec.name(destination));
      }, "primary")])]);
  }

  // The helpers the other forms (record_abilities.js, record_ops.js) share.
  Rec.ui = { button: button, select: select, show: show, subform: subform, toggle: toggle, clearMarks: clearMarks,
             locations: locations, playerName: playerName, paying: paying, facedownOf: facedownOf };

  // -- notes and concessions, at any time ----------------------------------------------------------------------
  function extra(title, parts) {
    var node = document.getElementById("extra");
    node.textContent = "";
    node.appendChild(el("h3", { text: title }));
    parts.forEach(function (part) { node.appendChild(part); });
  }

  document.getElementById("note-open").addEventListener("click", function () {
    var text = el("input", { id: "note-text", placeholder: "what the judge saw", "aria-label": "note" });
    var about = el("input", { id: "note-about", type: "number", min: "1", placeholder: "about seq", "aria-label": "about seq" });
    extra("Note", [text, about, button("note-submit", "Record the note", function () {
      if (!text.value.trim()) return Rec.say("error", "Write the note first.");
      var event = { type: "note", text: text.value.trim() };
      if (about.value) event.about = parseInt(about.value, 10);
      Rec.submit([event], "note");
    }, "primary")]);
  });

  document.getElementById("concede-open").addEventListener("click", function () {
    var who = select("concede-player", Object.keys(state().players).map(function (p) { return [p, playerName(p)]; }),
                     null, "who concedes");
    extra("Concede", [who, button("concede-submit", "Record the concession", function () {
      Rec.submit([{ type: "concede", player: who.value }], playerName(who.value) + " concedes");
    }, "danger")]);
  });
})();
