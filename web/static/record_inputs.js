// The recording screen's forms: what `awaiting` asks for next, as buttons and short forms (record.js draws the
// board and sends what a form builds). A form only gathers an input; whether it is legal is the server's answer.
(function () {
  "use strict";

  var Rec = window.Rec, el = Rec.el;
  var OPS = ["damage", "kill", "stun", "return", "move", "might", "draw", "note"];
  var OP_TARGETED = { damage: 1, kill: 1, stun: 1, "return": 1, move: 1, might: 1 };

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

    trigger: function (wait) {
      var label = el("input", { id: "trigger-label", value: "Temporary", "aria-label": "ability label" });
      show(playerName(wait.player) + ": trigger due (rule " + wait.rule + ")", [
        el("p", { text: Rec.name(wait.source) }), label,
        button("trigger-submit", "Record the trigger", function () {
          Rec.submit([{ type: "trigger", player: wait.player, source: wait.source, ability: label.value }],
                     "trigger " + Rec.name(wait.source));
        }, "primary")]);
    },

    action: function (wait) { actions(wait, true); },
    priority: function (wait) { actions(wait, false); },
    focus: function (wait) { actions(wait, false); },

    resolve: function (wait) { resolveForm(wait); },

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
        }, "primary")]));
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
      isAction ? null : button("action-pass", "Pass", function () {
        Rec.submit([{ type: "pass", player: actor() }], playerName(actor()) + " passes");
      }),
      isAction ? button("action-end-turn", "End turn", function () {
        Rec.submit([{ type: "end_turn", player: actor() }], playerName(actor()) + " ends the turn");
      }) : null];
    show(playerName(wait.player) + (isAction ? " acts" : " has " + wait.kind), [
      el("label", {}, ["Acting: ", actorSelect(wait.player)]), el("div", { class: "row" }, buttons),
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
    var targets = [], exhaust = [], recycle = [];
    var summary = el("p", { id: "play-summary", class: "muted" });
    function describe() {
      summary.textContent = "Targets: " + (targets.map(Rec.name).join(", ") || "none") + " · exhaust: " +
        (exhaust.map(Rec.name).join(", ") || "none") + (recycle.length ? " · recycle: " + recycle.map(Rec.name).join(", ") : "");
    }
    describe();
    // A tap on a rune of the player pays with it (exhaust, then recycle, then not at all); any other tap targets.
    Rec.tap = function (id) {
      if ((info.runes || []).indexOf(id) !== -1) {
        if (exhaust.indexOf(id) !== -1) { exhaust.splice(exhaust.indexOf(id), 1); recycle.push(id); Rec.mark(id, "recycle"); }
        else if (recycle.indexOf(id) !== -1) { recycle.splice(recycle.indexOf(id), 1); Rec.mark(id, null); }
        else { exhaust.push(id); Rec.mark(id, "exhaust"); }
      } else {
        toggle(targets, id, "target");
      }
      describe();
    };
    subform("Play", [card, to, el("p", { class: "hint", text: "Tap targets on the board; tap runes to pay (tap again to recycle)." }),
      summary, button("play-submit", "Record the play", function () {
        if (!card.value) return Rec.say("error", "Pick the card played.");
        var event = { type: "play", player: player, card: card.value };
        if (card.value === info.champion_zone) event.from = "champion";
        if (to.value) event.to = to.value;
        if (targets.length) event.targets = targets.slice();
        if (exhaust.length || recycle.length) event.pay = { exhaust: exhaust.slice(), recycle: recycle.slice() };
        Rec.submit([event], playerName(player) + " plays " + Rec.name(card.value));
      }, "primary")]);
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

  // -- resolving the newest chain item: its results as effect ops ---------------------------------------------
  function resolveForm(wait) {
    var chain = state().chain, item = chain[chain.length - 1];
    var ops = [], active = null;
    var list = el("ol", { id: "ops", class: "ops" });
    Rec.tap = function (id) {
      if (active === null || !OP_TARGETED[ops[active].op]) return;
      ops[active].target = id;
      drawOps();
    };
    function field(op, key, node) {
      node.addEventListener("change", function () {
        op[key] = node.type === "number" ? parseInt(node.value, 10) : node.value;
      });
      return node;
    }
    function drawOps() {
      list.textContent = "";
      ops.forEach(function (op, index) {
        var parts = [el("b", { text: op.op + " " })];
        if (OP_TARGETED[op.op]) {
          parts.push(button("op-" + index + "-target", op.target ? Rec.name(op.target) : "tap a target", function () {
            active = index;
            drawOps();
          }, index === active ? "small active" : "small"));
        }
        if (op.op === "damage") parts.push(field(op, "amount", el("input", { type: "number", min: "0", value: String(op.amount), id: "op-" + index + "-amount", "aria-label": "amount" })));
        if (op.op === "might") {
          parts.push(field(op, "delta", el("input", { type: "number", value: String(op.delta), id: "op-" + index + "-delta", "aria-label": "might change" })));
          parts.push(field(op, "until", select("op-" + index + "-until", [["turn", "this turn"], ["permanent", "permanent"]], op.until, "until")));
        }
        if (op.op === "return") parts.push(field(op, "to", select("op-" + index + "-to", [["hand", "to hand"], ["deck", "to deck"]], op.to, "to")));
        if (op.op === "move") parts.push(field(op, "to", select("op-" + index + "-to", locations(item.controller), op.to, "to")));
        if (op.op === "draw") {
          parts.push(field(op, "player", select("op-" + index + "-player", Object.keys(state().players).map(function (p) { return [p, playerName(p)]; }), op.player, "player")));
          parts.push(field(op, "card", el("input", { id: "op-" + index + "-card", placeholder: "card drawn (blank: unseen)", value: op.card || "", "aria-label": "card drawn" })));
        }
        if (op.op === "note") parts.push(field(op, "text", el("input", { id: "op-" + index + "-text", value: op.text || "", "aria-label": "note" })));
        parts.push(button("op-" + index + "-remove", "×", function () {
          ops.splice(index, 1);
          active = ops.length ? ops.length - 1 : null;
          drawOps();
        }, "small"));
        list.appendChild(el("li", { "data-op": op.op }, parts));
      });
    }
    var kind = select("op-kind", OPS.map(function (op) { return [op, op]; }), "damage", "effect");
    show("Resolve " + Rec.name(item.id), [
      el("p", { class: "muted", text: "Record what the card's text did, op by op (tap a target on the board)." }),
      list, el("div", { class: "row" }, [kind, button("op-add", "+ effect", function () {
        var op = { op: kind.value };
        if (op.op === "damage") op.amount = 1;
        if (op.op === "might") { op.delta = 1; op.until = "turn"; }
        if (op.op === "return") op.to = "hand";
        if (op.op === "move") op.to = "base";
        if (op.op === "draw") op.player = item.controller;
        if (op.op === "note") op.text = "";
        ops.push(op);
        active = ops.length - 1;
        drawOps();
      }, "small")]),
      button("resolve-submit", "Record the resolution", function () {
        var effects = ops.map(function (op) {
          if (op.op === "draw") return { op: "draw", player: op.player, cards: [op.card ? op.card : null] };
          return op;
        });
        if (effects.some(function (op) { return OP_TARGETED[op.op] && !op.target; })) {
          return Rec.say("error", "Every effect that needs a target needs one: tap it on the board.");
        }
        Rec.submit([{ type: "resolve", item: item.id, effects: effects }], "resolve " + Rec.name(item.id));
      }, "primary")]);
  }

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
