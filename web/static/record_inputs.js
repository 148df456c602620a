// The recording screen's forms: what `awaiting` asks for next, by taps (record.js draws the board and sends what a
// form builds). Cards and runes are tapped on the board or among the deck's cards; how many is what the engine
// awaits (`count`); the form's button sits in the dock at the bottom of the screen. A form only gathers an input:
// whether it is legal is the server's answer (the dry run).
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

  // The dock's buttons (under the thumb): the form's primary button, and what else ends the form.
  function dock(buttons) {
    var node = document.getElementById("dock-actions");
    node.textContent = "";
    (buttons || []).forEach(function (part) { if (part) node.appendChild(part); });
  }

  // A part list: a primary button goes to the dock, the rest into `target`.
  function place(target, parts) {
    var docked = [];
    parts.forEach(function (part) {
      if (!part) return;
      if (part.tagName === "BUTTON" && /\bprimary\b|\bdocked\b/.test(part.className)) docked.push(part);
      else target.appendChild(part);
    });
    if (docked.length) dock(docked);
  }

  function show(title, parts, prompt) {
    var panel = box();
    panel.textContent = "";
    panel.appendChild(el("h2", { text: title }));
    dock([]);
    place(panel, parts);
    Rec.prompt(prompt || title);
  }

  function locations(player) {
    var options = Object.keys(state().players).map(function (p) {
      return [p === player ? "base" : "base:" + p, p === player ? "Base" : playerName(p) + "'s base"];
    });
    return options.concat((state().battlefields || []).map(function (field) { return [field.id, field.name]; }));
  }

  // -- picks: tap a card among a pile ({name: count}) to add it, tap a chosen one to drop it ------------------
  // `what` names the cards ("card", "rune"); when `count` are chosen, `done` records them (no extra tap).
  function picks(id, pile, count, what, done, unseen) {
    var chosen = [];
    var names = Object.keys(pile || {}).filter(function (name) { return pile[name] > 0; }).sort();
    var list = el("div", { class: "chosen", id: id + "-chosen" });
    var status = el("p", { class: "hint", id: id + "-status" });
    function left(name) {
      return pile[name] - chosen.filter(function (entry) { return entry === name; }).length;
    }
    function redraw() {
      list.textContent = "";
      chosen.forEach(function (name, index) {
        list.appendChild(button(id + "-chosen-" + index, (name === null ? "unseen " + what : name) + " ×", function () {
          chosen.splice(index, 1);
          redraw();
        }, "small"));
      });
      status.textContent = chosen.length + " of " + count + " " + what + (count === 1 ? "" : "s") +
        (chosen.length < count ? ": tap " + (count - chosen.length === 1 ? "the " + what : "each " + what) : "");
      Array.prototype.forEach.call(grid.querySelectorAll("button[data-card]"), function (node) {
        var name = node.getAttribute("data-card");
        node.disabled = left(name) <= 0;
        node.querySelector(".count").textContent = "×" + left(name);
      });
    }
    function add(name) {
      if (chosen.length >= count) return;
      chosen.push(name);
      redraw();
      if (chosen.length === count) done(chosen.slice());
    }
    var grid = el("div", { class: "picks", id: id }, names.map(function (name, index) {
      var node = button(id + "-pick-" + index, name, function () { if (left(name) > 0) add(name); });
      node.setAttribute("data-card", name);
      node.title = RiftCards.summary(name, Rec.facts(name));
      node.appendChild(el("span", { class: "count" }));
      return node;
    }).concat(unseen ? [
      button(id + "-unseen", "unseen " + what, function () { add(null); }),
      count > 1 ? button(id + "-rest-unseen", "the rest unseen", function () {
        while (chosen.length < count) chosen.push(null);
        redraw();
        done(chosen.slice());
      }) : null] : []));
    redraw();
    return el("div", {}, [status, list, grid]);
  }

  // -- the actor: whoever awaiting names, changeable (an audit match records what happened, in any order) -------
  // A row of buttons, one per player (`#actor`, its `value` the chosen one's id): one tap changes who acts.
  function actorSelect(player) {
    var row = el("span", { class: "actor-choice", id: "actor", role: "group", "aria-label": "acting player" });
    row.value = player;
    Object.keys(state().players).forEach(function (p) {
      var node = button("actor-" + p, playerName(p), function () {
        if (row.value === p) return;
        row.value = p;
        Array.prototype.forEach.call(row.children, function (other) { other.classList.toggle("active", other === node); });
        row.dispatchEvent(new Event("change"));
      }, "small" + (p === player ? " active" : ""));
      row.appendChild(node);
    });
    return row;
  }

  // The due triggers of the first player in turn order (v1.4 383.3.d.1): one row each, its card's text, one tap to
  // put it on the chain (targets and runes tapped on the board first), one to decline a "you may" one.
  function dueTriggers(wait) {
    clearMarks();
    var targets = [], rows = [];
    var summary = el("p", { id: "due-summary", class: "muted" });
    var payment = paying(wait.player, targets, function () {
      summary.textContent = "targets: " + (targets.map(Rec.name).join(", ") || "none") + " · " + payment.text();
    });
    summary.textContent = "targets: none · " + payment.text();
    wait.triggers.forEach(function (due, index) {
      if (due.controller !== wait.player) return;  // the next player's, once these are on the chain
      function record(declined) {
        var event = { type: "trigger", player: due.controller, source: due.source, ability: due.label };
        if (declined) event.declined = true;
        else {
          if (targets.length) event.targets = targets.slice();
          if (payment.pay()) event.pay = payment.pay();
        }
        Rec.submit([event], playerName(due.controller) + (declined ? " declines the trigger of " : " triggers ") +
                   Rec.name(due.source) + ": " + Rec.abilityWords(due.source, due.label));
      }
      rows.push(el("div", { class: "due-trigger", id: "due-" + index, "data-source": due.source }, [
        el("p", {}, [el("b", { text: due.card }), " · " + due.text]),
        el("div", { class: "row" }, [
          button("due-trigger-" + index, "Record", function () { record(false); }, "primary"),
          due.optional ? button("due-decline-" + index, "Decline", function () { record(true); }) : null])]));
    });
    var later = wait.triggers.filter(function (due) { return due.controller !== wait.player; });
    show(playerName(wait.player) + ": " + rows.length + " trigger" + (rows.length === 1 ? "" : "s") + " due",
      [el("p", { class: "hint", text: "Tap its targets and the runes paying its cost on the board, if any." }),
       summary].concat(rows, later.length ? [el("p", { class: "muted", text: "Then " + later.map(function (due) {
         return playerName(due.controller) + "'s " + due.card; }).join(", ") + "." })] : []),
      playerName(wait.player) + ": " + (rows[0] ? wait.triggers[0].card + " triggers" : "triggers due"));
  }

  function actor() {
    var node = document.getElementById("actor");
    return node ? node.value : Rec.acting();
  }

  // -- what awaiting asks for --------------------------------------------------------------------------------
  Rec.renderInputs = function () {
    Rec.tap = null;
    if (Rec.outbox.entries.length) return actions(null);  // held inputs: the board's awaiting is stale
    Rec.heldActor = null;
    var wait = (state().awaiting || [])[0];
    if (!wait) {
      if (Rec.gameOver && (state().winner || state().match_winner)) return Rec.gameOver();
      show("Nothing awaited", [
        el("p", { class: "muted", text: "Notes, a rewind (undo) and typed lines can still be recorded." })]);
      return;
    }
    var form = FORMS[wait.kind];
    if (form) form(wait);
    else show("Awaiting " + wait.kind, [el("p", { class: "muted", text: "Type it as a line of the notation below." })]);
  };

  var FORMS = {
    // The game's start: who goes first and each player's battlefield, each a row of buttons (the first choice
    // marked, so "Start the game" alone takes the defaults).
    game_started: function (wait) {
      var players = Object.keys(state().players), game = (state().game || 0) + 1;
      var first = wait.player || players[0], battlefields = {};
      function choices(id, options, chosen, pick) {
        var row = el("div", { class: "row choices", id: id });
        options.forEach(function (option, index) {
          var node = button(id + "-" + index, option[1], function () {
            Array.prototype.forEach.call(row.children, function (other) { other.classList.toggle("active", other === node); });
            pick(option[0]);
          }, option[0] === chosen ? "active" : "");
          node.setAttribute("data-value", option[0]);
          row.appendChild(node);
        });
        return row;
      }
      var parts = [el("h3", { text: "First player" }), choices("first-player", players.map(function (p) {
        return [p, playerName(p)];
      }), first, function (value) { first = value; })];
      players.forEach(function (p) {
        var info = state().players[p];
        var open = (info.battlefield_choices || []).filter(function (name) {
          return (info.battlefields_used || []).indexOf(name) === -1;
        });
        battlefields[p] = open[0];
        parts.push(el("h3", { text: playerName(p) + "'s battlefield" }));
        parts.push(choices("battlefield-" + p, open.map(function (name) { return [name, name]; }), open[0],
                           function (value) { battlefields[p] = value; }));
      });
      parts.push(button("start-game", "Start the game", function () {
        Rec.submit([{ type: "game_started", game: game, first_player: first, battlefields: battlefields }],
                   "game " + game + ", " + playerName(first) + " first");
      }, "primary"));
      show("Game " + game, parts, "Game " + game + ": tap who goes first and the battlefields, or start");
    },

    // A draw: tap each card drawn among the deck's cards (or "unseen card"); recorded at the count awaited.
    draw: function (wait) {
      var info = state().players[wait.player], count = wait.count || 1;
      var title = playerName(wait.player) + " draws " + count + (wait.rule ? " (rule " + wait.rule + ")" : "");
      show(title, [drawPicks(wait.player, info.deck, count)],
           "Tap " + (count === 1 ? "the card" : "each card") + " drawn");
    },

    mulligan: function (wait) {
      var chosen = [];
      var list = el("p", { id: "set-aside", class: "muted", text: "Tap up to two cards of the hand to set aside." });
      var aside = button("mulligan-submit", "Set aside and record", function () {
        Rec.submit([{ type: "mulligan", player: wait.player, set_aside: chosen.slice() }],
                   playerName(wait.player) + " mulligans, setting aside " + chosen.map(Rec.name).join(", "));
      }, "docked");
      aside.disabled = true;
      Rec.tap = function (id) {
        if ((state().players[wait.player].hand || []).indexOf(id) === -1) return false;
        toggle(chosen, id, "set aside");
        list.textContent = chosen.length ? "Set aside: " + chosen.map(Rec.name).join(", ") : "Keeping the hand.";
        aside.disabled = !chosen.length;
        aside.className = chosen.length ? "primary" : "";
        keep.className = chosen.length ? "" : "primary";
      };
      var keep = button("keep", "Keep the hand", function () {
        Rec.submit([{ type: "mulligan", player: wait.player, set_aside: [] }],
                   playerName(wait.player) + " keeps their hand");
      }, "primary");
      show(playerName(wait.player) + ": mulligan", [list, keep, aside],
           "Keep, or tap up to two cards of the hand to set aside");
    },

    // A channel: tap each rune channeled among the rune deck's; as many as the engine awaits (2, 3 for the second
    // player's first channel phase: 644.7).
    channel: function (wait) {
      var info = state().players[wait.player], count = wait.count || 2;
      var title = playerName(wait.player) + " channels " + count + " runes" + (wait.rule ? " (rule " + wait.rule + ")" : "");
      show(title, [channelPicks(wait.player, info.rune_deck, count),
                   state().phase === "beginning" ? button("beginning-pass", "Pass (end the beginning step)", function () {
        Rec.submit([{ type: "pass", player: wait.player }], playerName(wait.player) + " passes");
      }) : null], "Tap each rune channeled");
    },

    // A triggered ability the engine says is due: the source's triggered abilities (from the catalog) as buttons,
    // or a label typed. Its targets are tapped on the board first. The triggers a checked match lists as due
    // (`wait.triggers`, engine/due.py) are each one tap: "Record" (its cost, if any, is the card's, paid from the
    // runes tapped), and "Decline" for a "you may" one (v1.4 383.3.a).
    trigger: function (wait) {
      if (wait.triggers) return dueTriggers(wait);
      clearMarks();
      var targets = [];
      Rec.tap = function (id) { toggle(targets, id, "target"); };
      var label = el("input", { id: "trigger-label", value: "Temporary", "aria-label": "ability label" });
      function record(ability) {
        var event = { type: "trigger", player: wait.player, source: wait.source, ability: ability };
        if (targets.length) event.targets = targets.slice();
        Rec.submit([event], playerName(wait.player) + " triggers " + Rec.name(wait.source) + ": " +
                   Rec.abilityWords(wait.source, ability));
      }
      var offered = Rec.abilitiesOf(wait.source, "triggered").map(function (entry) {
        var name = entry.ability.keyword || entry.ability.label || String(entry.index);  // "Temporary"
        var node = button("trigger-" + entry.index, name.replace(/-/g, " "), function () { record(name); },
                          "ability docked");
        node.title = entry.ability.text || "";
        return node;
      });
      show(playerName(wait.player) + ": trigger due (rule " + wait.rule + ")", [
        el("p", { text: Rec.name(wait.source) }),
        el("p", { class: "hint", text: "Tap its targets on the board, if it has any." }),
        el("details", {}, [el("summary", { text: "another ability, by its label" }), label,
          button("trigger-submit", "Record the trigger", function () { record(label.value); })])].concat(offered),
        playerName(wait.player) + ": the trigger of " + Rec.name(wait.source) + " is due");
    },

    action: function (wait) { actions(wait, true); },
    priority: function (wait) { actions(wait, false); },
    focus: function (wait) { actions(wait, false); },
    invited: function (wait) { actions(wait, false); },  // 531.2: the invitee plays or passes (refuses)

    resolve: function (wait) { Rec.resolveForm(wait); },

    // The combat's forms (record_combat.js): the damage pre-filled lethal first, changed by − and + (no typing
    // needed); the battlefield where the next showdown or combat begins.
    assign_damage: function (wait) { Rec.assignForm(wait); },
    choose: function (wait) { Rec.chooseForm(wait); },
  };

  // -- discretionary actions: tap a card of the hand to play it, a unit to move it ------------------------------
  // `wait` null: inputs are held (record_outbox.js), so the board is the server's last and what it awaits is
  // stale. The form is then every player's actions on that board, for the player the scorekeeper picks (kept from
  // one held input to the next, `Rec.heldActor`): Pass and End turn both, a move, and Resolve while the chain as
  // the held inputs left it (`Rec.outbox.held.chain`) holds an item, the next turn's Channel and Draw (below), and
  // a combat's assignment and choice where the held board has one (record_combat.js). The server checks each on
  // arrival.
  function actions(wait, isAction) {
    var held = !wait, moves = isAction || held;
    var who = actorSelect(held ? Rec.heldActor || Rec.acting() : wait.player);
    var abilities = el("div", { id: "abilities" });
    function standing() {
      var player = who.value;
      if (held) {
        Rec.heldActor = player;
        document.getElementById("held-channel").textContent = "Channel " + channelCount(player);
      }
      Rec.abilityButtons(abilities, player);
      var endTurn = button("action-end-turn", "End turn", function () {
        Rec.submit([{ type: "end_turn", player: actor() }], playerName(actor()) + " ends the turn");
      }, isAction ? "primary" : "");
      var pass = button("action-pass", "Pass", function () {
        Rec.submit([{ type: "pass", player: actor() }], playerName(actor()) + " passes");
      }, isAction ? "" : "primary");
      var top = held && Rec.outbox.held.chain[Rec.outbox.held.chain.length - 1];
      dock(held ? [pass, endTurn, top ? button("action-resolve", "Resolve " + (top.card || top.label || top.kind),
        function () { Rec.resolveForm({ kind: "resolve", player: top.controller }, top); }) : null] :
        [isAction ? endTurn : pass]);
      Rec.tap = function (id) {  // a card to play, a unit to move; anything else shows the card
        if (playable(player).indexOf(id) !== -1) return playForm(player, id);
        if (moves && movable(player).indexOf(id) !== -1) return moveForm(player, [id]);
        return false;
      };
      Rec.prompt("Tap a card in " + playerName(player) + "'s hand to play it" + (moves ? ", a unit to move it" : "") +
                 ", or " + (held ? "pass, end the turn or resolve" : isAction ? "end the turn" : "pass"));
    }
    who.addEventListener("change", function () {
      clearMarks();
      document.getElementById("action-form").textContent = "";
      standing();
    });
    var more = [
      moves ? button("action-move", "Move units", function () { moveForm(actor(), []); }) : null,
      moves ? button("action-hide", "Hide a card", function () { Rec.hideForm(actor()); }) : null,
      button("action-trigger", "Trigger", function () { Rec.triggerForm(actor()); }),
      button("action-replace", "Replace a death", function () { Rec.replaceForm(actor()); }),
      held ? button("held-channel", "Channel " + channelCount(who.value), function () { heldChannel(actor()); }) : null,
      held ? button("held-draw", "Draw 1", function () { heldDraw(actor()); }) : null]
      .concat(held ? Rec.heldCombatButtons(actor) : []);
    var panel = box();
    panel.textContent = "";
    panel.appendChild(el("h2", { text: held ? "Held: the board as the server last sent it" :
                                       playerName(wait.player) + (isAction ? " acts" : " has " + wait.kind) }));
    if (held) {
      panel.appendChild(el("p", { class: "hint", id: "held-hint", text: "Inputs wait for the server: tap who acts, " +
        "then what they did. Each is checked when the server answers again." }));
    }
    [el("label", {}, ["Acting: ", who]), el("div", { id: "action-form" }), abilities,
     el("div", { class: "row" }, more)].forEach(function (part) { panel.appendChild(part); });
    standing();
  }

  // A draw's picks among `pile` (the main deck's cards, or "unseen card"), recorded once `count` are tapped.
  function drawPicks(player, pile, count) {
    return picks("draw-cards", pile, count, "card", function (cards) {
      Rec.submit([{ type: "draw", player: player, cards: cards }], playerName(player) + " draws " +
                 cards.map(function (card) { return card || "an unseen card"; }).join(", "));
    }, true);
  }

  // A channel's picks among `pile` (the rune deck's runes), recorded once `count` are tapped.
  function channelPicks(player, pile, count) {
    return picks("channel-runes", pile, count, "rune", function (runes) {
      Rec.submit([{ type: "channel", player: player, runes: runes }],
                 playerName(player) + " channels " + runes.join(", "));
    }, false);
  }

  // -- the next turn's start while held: its channel and its draw (v1.4 315.3.b, 315.4.b) ------------------------
  // The page cannot fold the end of a turn, so the beginning phase's forms are offered beside the last board's
  // actions, from that board's decks (`rune_deck`, `deck`: {name: count}) less what held channels and draws took
  // (`Rec.outbox.held.taken`, read from their events). How many runes: what the board awaits of `player` if it
  // awaits their channel (the engine's count, the second player's extra rune included), else 2 (315.3.b), which
  // the scorekeeper may change (3 on the second player's first turn in some modes: the engine says which on arrival).
  function channelCount(player) {
    var wait = (state().awaiting || [])[0];
    return wait && wait.kind === "channel" && wait.player === player ? wait.count || 2 : 2;
  }

  function left(pile, taken) {
    var rest = {};
    Object.keys(pile || {}).forEach(function (name) { rest[name] = pile[name] - ((taken || {})[name] || 0); });
    return rest;
  }

  function takenBy(player) {
    return (Rec.outbox.held && Rec.outbox.held.taken[player]) || { runes: {}, cards: {} };
  }

  function heldChannel(player) {
    var info = state().players[player] || {}, runes = left(info.rune_deck, takenBy(player).runes);
    var form = el("div", { id: "held-channel-runes" });
    function choose(count) {
      form.textContent = "";
      form.appendChild(channelPicks(player, runes, count));
    }
    var counts = el("div", { class: "row choices", id: "held-channel-count" }, [2, 3].map(function (count) {
      var node = button("held-channel-count-" + count, count + " runes", function () {
        Array.prototype.forEach.call(counts.children, function (other) { other.classList.toggle("active", other === node); });
        choose(count);
      }, count === channelCount(player) ? "active" : "");
      return node;
    }));
    subform(playerName(player) + " channels", [counts, form], "Tap each rune channeled");
    choose(channelCount(player));
  }

  function heldDraw(player) {
    var info = state().players[player] || {};
    subform(playerName(player) + " draws 1", [drawPicks(player, left(info.deck, takenBy(player).cards), 1)],
            "Tap the card drawn");
  }

  // The cards `player` may be recorded playing: the hand, the champion zone, their facedown cards.
  // A card a held input played already is not offered again.
  function playable(player) {
    var info = state().players[player] || {}, uses = Rec.outbox.held ? Rec.outbox.held.uses : {};
    return (info.hand || []).concat(info.champion_zone ? [info.champion_zone] : [],
                                    facedownOf(player).map(function (entry) { return entry.id; }))
      .filter(function (id) { return uses[id] !== "played"; });
  }

  // The units `player` controls on the board (at their base or a battlefield).
  function movable(player) {
    var s = state();
    return Object.keys(s.objects).filter(function (id) {
      var obj = s.objects[id];
      return obj.zone === "board" && obj.controller === player && obj.type === "Unit";
    });
  }

  // A form opened from the action's panel (activate, move, trigger...): the card shown by the tap that led here
  // (a legend tapped shows its card and offers its ability) is put away, as the form quotes what it needs and the
  // card would cover the form's foot and the dock at 360 px.
  function subform(title, parts, prompt) {
    var node = document.getElementById("action-form");
    document.getElementById("card-info").hidden = true;
    node.textContent = "";
    node.appendChild(el("h3", { text: title }));
    dock([]);
    place(node, parts);
    var actions = document.getElementById("dock-actions");
    if (!actions.querySelector("[id$='-cancel']")) actions.appendChild(cancel("form-cancel"));
    Rec.prompt(prompt || title);
  }

  // Back to what awaiting asks for, nothing marked.
  function back() {
    Rec.marks = {};
    Rec.renderBoard();
    Rec.renderInputs();
  }

  function cancel(id) {
    return button(id, "Cancel", back, "docked");
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

  // Play the card tapped: where a unit goes (Base, or a battlefield tapped), a spell's targets (tapped), the
  // payment (runes tapped: once exhausted, twice recycled). A card drawn unseen is named first: played, it is
  // public (004 108), and the play names it.
  function playForm(player, cardId) {
    clearMarks();
    var s = state(), obj = s.objects[cardId] || {}, info = s.players[player];
    var unseen = !obj.card, name = obj.card || null;
    var facedown = facedownOf(player).some(function (entry) { return entry.id === cardId; });
    var targets = [], to = null;
    Rec.mark(cardId, "play");
    var summary = el("p", { id: "play-summary", class: "muted" });
    var face = el("div", { id: "play-card", "data-card": cardId });
    function type() {
      return Rec.facts(name).type;
    }
    function describe() {
      face.textContent = "";
      face.appendChild(RiftCards.face(name, Rec.facts(name)));
      var where = type() === "Unit" ? " · to " + (to ? Rec.name(to) : "base") : "";
      summary.textContent = (type() === "Spell" ? "Targets: " + (targets.map(Rec.name).join(", ") || "none") + " · " : "") +
        payment.text() + where;
      submit.textContent = "Play " + (name || "the unseen card");
    }
    var submit = button("play-submit", "Record the play", function () {
      if (!name) return Rec.say("error", "Name the card drawn unseen: tap its name above.");
      var event = { type: "play", player: player, card: unseen ? name : cardId };
      if (cardId === info.champion_zone) event.from = "champion";
      if (facedown) event.from = "facedown";
      if (to) event.to = to;
      if (targets.length) event.targets = targets.slice();
      if (payment.pay()) event.pay = payment.pay();
      Rec.submit([event], playerName(player) + " plays " + (unseen ? name : Rec.name(cardId)));
    }, "primary");
    // The engine's suggested payment (GET .../recording `payments`; `unseen_payments` once an unseen card is named)
    // is marked at once: tap a rune to change it.
    var payment;
    function suggest(suggestion) {
      (state().players[player].runes || []).forEach(function (id) { delete Rec.marks[id]; });
      payment = paying(player, null, describe, suggestion);
      Rec.tap = route;
      Rec.renderBoard();
    }
    function route(id) {
      if (payment.tap(id)) return describe();
      if (id === cardId) return back();  // the card again: not played after all
      if (playable(player).indexOf(id) !== -1) return playForm(player, id);
      var field = (s.battlefields || []).some(function (entry) { return entry.id === id; });
      if (type() === "Unit" && field) {
        if (to) Rec.mark(to, null);
        to = to === id ? null : id;
        if (to) Rec.mark(to, "goes here");
        return describe();
      }
      if (type() === "Spell") {
        toggle(targets, id, "target");
        return describe();
      }
      return false;
    }
    suggest(unheld((Rec.data.payments || {})[cardId]));
    var parts = [face];
    if (unseen) {
      parts.push(el("p", { class: "hint", text: "Drawn unseen: tap which card it is (the play reveals it)." }));
      parts.push(el("div", { class: "picks", id: "play-name" }, Object.keys(info.deck || {}).filter(function (card) {
        return info.deck[card] > 0;
      }).sort().map(function (card, index) {
        var node = button("play-name-" + index, card, function () {
          name = card;
          Array.prototype.forEach.call(document.querySelectorAll("#play-name button"), function (other) {
            other.classList.toggle("active", other === node);
          });
          suggest(unheld((Rec.data.unseen_payments || {})[card]));
          describe();
        });
        node.setAttribute("data-card", card);
        return node;
      })));
    }
    parts.push(summary, submit, cancel("play-cancel"));
    var kind = type();
    subform("Play", parts, ((Rec.data.payments || {})[cardId] ? "Paid by the runes marked; tap a rune to change" :
            "Tap runes to pay (twice: recycled)") + (kind === "Unit" ? ", a battlefield to play it there" :
            kind === "Spell" ? ", then its targets" : ""));
    describe();
  }

  // What `player`'s rune pool holds, which pays before any rune is tapped (v1.4 166), in the card's symbols: an
  // [A] a legend added (Universal Power, any domain's: v1.4 135.2.e.5.b) pays a [Fury] with no rune recycled.
  function poolText(player) {
    var pool = state().players[player].pool || {}, power = pool.power || {}, parts = [];
    if (pool.energy) parts.push("[" + pool.energy + "]");
    Object.keys(power).forEach(function (domain) {
      for (var i = 0; i < power[domain]; i++) parts.push("[" + (domain === "Universal" ? "A" : domain) + "]");
    });
    return parts.length ? " · from the pool: " + parts.join(" ") : "";
  }

  // The engine's suggested payment, unless a held input paid with one of its runes already (the suggestion is the
  // last board's): then the runes are tapped.
  function unheld(suggestion) {
    var uses = Rec.outbox.held ? Rec.outbox.held.uses : {};
    var runes = suggestion ? (suggestion.exhaust || []).concat(suggestion.recycle || []) : [];
    return runes.some(function (id) { return uses[id]; }) ? null : suggestion;
  }

  // The payment of a play, an activation or a hide: a tap on a rune of `player` pays with it (exhaust, then
  // recycle, then not at all); any other tap goes in `targets` (or nowhere, without a list). `changed` redraws.
  // `payment.tap(id)` is true when the tap was a rune's.
  function paying(player, targets, changed, suggested) {
    var runes = state().players[player].runes || [];
    var exhaust = ((suggested || {}).exhaust || []).slice(), recycle = ((suggested || {}).recycle || []).slice();
    exhaust.forEach(function (id) { Rec.marks[id] = "exhaust"; });
    recycle.forEach(function (id) { Rec.marks[id] = "recycle"; });
    var payment = {
      pay: function () { return exhaust.length || recycle.length ? { exhaust: exhaust.slice(), recycle: recycle.slice() } : null; },
      text: function () {
        return "exhaust: " + (exhaust.map(Rec.name).join(", ") || "none") +
          (recycle.length ? " · recycle: " + recycle.map(Rec.name).join(", ") : "") + poolText(player);
      },
      tap: function (id) {
        if (runes.indexOf(id) === -1) return false;
        if (exhaust.indexOf(id) !== -1) { exhaust.splice(exhaust.indexOf(id), 1); recycle.push(id); Rec.mark(id, "recycle"); }
        else if (recycle.indexOf(id) !== -1) { recycle.splice(recycle.indexOf(id), 1); Rec.mark(id, null); }
        else { exhaust.push(id); Rec.mark(id, "exhaust"); }
        return true;
      },
    };
    Rec.tap = function (id) {
      if (!payment.tap(id)) {
        if (!targets) return false;
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

  // Move: the units tapped, then where they go: a battlefield tapped records the move, so does "To base".
  function moveForm(player, units) {
    clearMarks();
    units = units.slice();
    units.forEach(function (id) { Rec.mark(id, "moves"); });
    var summary = el("p", { id: "move-summary", class: "muted" });
    function describe() {
      summary.textContent = "Units: " + (units.map(Rec.name).join(", ") || "none") + " → tap a battlefield, or To base";
    }
    function record(destination) {
      if (!units.length) return Rec.say("error", "Tap the units that move first.");
      Rec.submit([{ type: "move", player: player, units: units.slice(), to: destination }],
                 playerName(player) + " moves " + units.map(Rec.name).join(", ") + " to " +
                 (destination === "base" ? "base" : Rec.name(destination)));
    }
    Rec.tap = function (id) {
      var obj = state().objects[id];
      if (!obj) {  // a battlefield: where they go
        if ((state().battlefields || []).some(function (field) { return field.id === id; })) return record(id);
        return false;
      }
      if (movable(player).indexOf(id) === -1) return false;
      toggle(units, id, "moves");
      describe();
    };
    describe();
    subform("Move", [summary, button("move-to-base", "To base", function () { record("base"); }, "docked"),
                     cancel("move-cancel")],
            "Tap more units, then the battlefield they go to");
  }

  // The helpers the other forms (record_abilities.js, record_ops.js, record_end.js) share.
  Rec.ui = { button: button, select: select, show: show, subform: subform, toggle: toggle, clearMarks: clearMarks,
             locations: locations, playerName: playerName, paying: paying, facedownOf: facedownOf, dock: dock,
             picks: picks, extra: extra, actorSelect: actorSelect };

  // -- notes and concessions, at any time ----------------------------------------------------------------------
  // The standing row's panel (a note, a concession, a penalty, a backup, the seal...): its title with a Close
  // button, as a scorekeeper who opened it by mistake needs a way back that records nothing.
  function extra(title, parts) {
    var node = document.getElementById("extra");
    node.textContent = "";
    node.appendChild(el("div", { class: "row extra-head" }, [el("h3", { text: title }),
      el("button", { id: "extra-close", type: "button", class: "small", text: "Close", onclick: function () {
        node.textContent = "";
      } })]));
    parts.forEach(function (part) { node.appendChild(part); });
  }

  document.getElementById("note-open").addEventListener("click", function () {
    var text = el("input", { id: "note-text", placeholder: "what the judge saw", "aria-label": "note" });
    var about = el("input", { id: "note-about", type: "number", min: "1", placeholder: "about seq", "aria-label": "about seq" });
    extra("Note", [text, about, button("note-submit", "Record the note", function () {
      if (!text.value.trim()) return Rec.say("error", "Write the note first.");
      var event = { type: "note", text: text.value.trim() };
      if (about.value) event.about = parseInt(about.value, 10);
      Rec.submit([event], "note: " + event.text);  // the log's words come from the server; offline, these
    }, "primary")]);
  });

  // A concession or a draw by agreement, of the game (TR 410.1) or of the match (TR 410.2), with the rule's words
  // from the judge's menu (GET /api/judging/infractions). Between games, or before game 1, only the match can be
  // conceded or drawn: the form starts there. "Who concedes" starts at the player the screen acts for (the one
  // awaited, else the turn player), never silently at P1. The server decides what is legal.
  document.getElementById("concede-open").addEventListener("click", function () {
    var st = state();
    var who = select("concede-player", Object.keys(st.players).map(function (p) { return [p, playerName(p)]; }),
                     Rec.acting(), "who concedes");  // the player awaited (else the turn player): who is at the table
    var what = select("concede-what", [["game", "the game (TR 410.1)"], ["match", "the match (TR 410.2)"]], null,
                      "game or match");
    what.value = st.game === 0 || st.phase === "over" ? "match" : "game";
    var text = el("div", { id: "concede-text" });
    var concessions = null;
    function changed() {
      if (!concessions || !Rec.judge) return;
      var item = concessions.filter(function (found) { return found.what === what.value; })[0];
      text.textContent = "";
      text.appendChild(Rec.judge.quote(item && item.text, "concede-quote"));
    }
    what.addEventListener("change", changed);
    extra("Concede or draw", [
      el("label", { class: "field" }, [el("span", { text: "Of" }), what]), text,
      el("label", { class: "field" }, [el("span", { text: "Who concedes" }), who]),
      button("concede-submit", "Record the concession", function () {
        var event = { type: "concede", player: who.value };
        if (what.value === "match") event.match = true;
        Rec.submit([event], playerName(who.value) + " concedes the " + what.value);
      }, "danger"),
      el("p", { class: "muted", text: "Or all players agree to draw it:" }),
      button("draw-submit", "Record the agreed draw", function () {
        var event = { type: "agreed_draw" };
        if (what.value === "match") event.match = true;
        Rec.submit([event], "the " + what.value + " drawn by agreement");
      }, "danger"),
    ]);
    if (Rec.judge) {
      Rec.judge.loadMenu().then(function (menu) { concessions = menu.concessions; changed(); },
                                function () { Rec.say("error", "The rules' words could not be read."); });
    }
  });
})();
