// The judge's menu of the recording screen (templates/record.html): a penalty with the infraction picked from the
// Tournament Rules' list (TR 702-704), a backup (TR 701.5), time (TR 408.2) and the remedy of
// an error as played (TR 702), each showing the rule's number and own words, read
// from GET /api/judging/infractions (web/judging.py). A backup asks GET /api/matches/<id>/backup?to=N what it takes
// back: whether any judge may order it (a simple rewind, TR 701.5.b.1) or only the head judge (TR 701.5.c), and
// for each card drawn whose identity is not public, the candidates; the screen picks the returned ones at random
// (TR 701.5.d.3) and records the pick in the rewind. Nothing here decides what is legal: the server does.
(function () {
  "use strict";

  var Rec = window.Rec;
  var el = Rec.el;
  var menu = null; // the answer of /api/judging/infractions, fetched once

  function loadMenu() {
    if (menu) return Promise.resolve(menu);
    // the words of the Tournament Rules of the match's edition (v1.4: those of 2026-07-16)
    var rules = (Rec.data && Rec.data.state && Rec.data.state.rules) || "v1.3";
    return fetch("/api/judging/infractions?rules=" + encodeURIComponent(rules))
      .then(function (response) { return response.json(); })
      .then(function (answer) { menu = answer; return menu; });
  }

  function players() {
    return Object.keys(Rec.data.state.players);
  }

  function playerName(player) {
    return (Rec.data.players[player] || player) + " (" + player + ")";
  }

  function words(kind) {
    return kind ? String(kind).replace(/_/g, " ") : "(by the facts)";
  }

  // A rule as the Tournament Rules word it: its number and text, its sub-rules (the remedies), or why not.
  function quote(quoted, id) {
    if (!quoted) return el("p", { class: "rule-text missing", text: "rule text not available" });
    if (quoted.missing) return el("p", { id: id, class: "rule-text missing", text: quoted.missing });
    var subrules = (quoted.subrules || []).map(function (sub) {
      return el("p", { class: "sub" }, [el("b", { text: sub.number + ". " }), sub.text]);
    });
    // The sub-rules (an infraction's remedies) fold away: the rule's own line stays in sight on a phone.
    return el("blockquote", { id: id, class: "rule-text", "data-rule": quoted.number }, [
      el("p", {}, [el("b", { text: quoted.number + ". " }), quoted.text]),
      subrules.length ? el("details", {}, [el("summary", { text: subrules.length + (subrules.length === 1 ? " sub-rule" : " sub-rules") })]
                                          .concat(subrules)) : null,
    ]);
  }

  function field(label, control) {
    return el("label", { class: "field" }, [el("span", { text: label }), control]);
  }

  function select(id, options, label) {
    var node = el("select", { id: id, "aria-label": label });
    options.forEach(function (option) { node.appendChild(el("option", { value: option[0], text: option[1] })); });
    return node;
  }

  function show(title, parts) {
    Rec.ui.extra(title, parts);  // the standing row's panel, with its Close (record_inputs.js)
  }

  function swap(holder, node) {
    holder.textContent = "";
    holder.appendChild(node);
  }

  // -- a penalty (TR 701.2, 702-704) ---------------------------------------------------------------------------
  function penaltyForm(data) {
    var who = select("penalty-player", players().map(function (p) { return [p, playerName(p)]; }), "who");
    var infraction = el("select", { id: "penalty-infraction", "aria-label": "infraction" });
    var groups = { game_play: "Game play errors (TR 702)", tournament: "Tournament errors (TR 703)",
                   unsporting: "Unsporting conduct (TR 704)" };
    Object.keys(groups).forEach(function (category) {
      var group = el("optgroup", { label: groups[category] });
      data.infractions.filter(function (item) { return item.category === category; }).forEach(function (item) {
        group.appendChild(el("option", { value: item.key, text: item.rule + " " + item.name + " [" + words(item.penalty) + "]" }));
      });
      infraction.appendChild(group);
    });
    var kind = select("penalty-kind", data.penalties.map(function (entry) { return [entry.kind, words(entry.kind)]; }),
                      "penalty");
    var rule = el("input", { id: "penalty-rule", "aria-label": "TR rule", autocomplete: "off" });
    var remedy = el("input", { id: "penalty-remedy", placeholder: "the remedy applied", "aria-label": "remedy" });
    var note = el("input", { id: "penalty-note", placeholder: "what happened", "aria-label": "note" });
    var infractionText = el("div", { id: "penalty-infraction-text" });
    var kindText = el("div", { id: "penalty-kind-text" });

    function chosen() {
      return data.infractions.filter(function (item) { return item.key === infraction.value; })[0];
    }
    function kindChanged() {
      var entry = data.penalties.filter(function (item) { return item.kind === kind.value; })[0];
      swap(kindText, quote(entry && entry.text, "penalty-kind-quote"));
    }
    function infractionChanged() {
      var item = chosen();
      rule.value = item.rule;
      // The TR's own penalty where it gives one; a "[ No Penalty ]" error recorded as a penalty is a warning
      // (TR 702.2.e and the like).
      kind.value = data.penalties.some(function (entry) { return entry.kind === item.penalty; }) ? item.penalty : "warning";
      swap(infractionText, quote(item.text, "penalty-infraction-quote"));
      kindChanged();
    }
    infraction.addEventListener("change", infractionChanged);
    kind.addEventListener("change", kindChanged);

    show("Penalty", [
      field("Player", who), field("Infraction", infraction), infractionText, field("Penalty", kind), kindText,
      field("Rule", rule), field("Remedy", remedy), field("Note", note),
      el("button", { id: "penalty-submit", type: "button", class: "danger", text: "Record the penalty",
                     onclick: function () {
                       var event = { type: "penalty", player: who.value, infraction: infraction.value,
                                     penalty: kind.value, rule: rule.value.trim() };
                       if (remedy.value.trim()) event.remedy = remedy.value.trim();
                       if (note.value.trim()) event.note = note.value.trim();
                       Rec.submit([event], playerName(who.value) + ": " + words(kind.value) + " for " + chosen().name);
                     } }),
    ]);
    infractionChanged();
    owedFrom();
  }

  // The penalties the players carry from their earlier matches of the event (TR 701.2.b.1, 701.2.c.1): each one
  // tap to record here, naming the earlier one in `carried`.
  function owedFrom() {
    Rec.api("GET", "/owed").then(function (answer) {
      if (answer.status !== 200) return;
      var owed = answer.body.owed;
      var items = [];
      Object.keys(owed).forEach(function (player) {
        owed[player].forEach(function (entry) {
          var label = playerName(player) + ": " + words(entry.penalty) + " for " + entry.infraction_name + " (" +
                      entry.rule + "), given after match " + entry.match + " was over (#" + entry.seq + ")";
          items.push(el("li", { class: "owed", "data-player": player }, [label + " ", el("button", {
            type: "button", class: "danger", text: "Record it here", "data-carried": entry.match + "#" + entry.seq,
            onclick: function () {
              Rec.submit([{ type: "penalty", player: player, infraction: entry.infraction, penalty: entry.penalty,
                            rule: entry.rule, carried: { match: entry.match, seq: entry.seq },
                            note: "carried from match " + entry.match + " (" + answer.body.rule + ")" }], label);
            } })]));
        });
      });
      if (!items.length) return;
      var extra = document.getElementById("extra");
      extra.insertBefore(el("div", { id: "penalty-owed" }, [
        el("p", { text: "Owed from an earlier match of the event (" + answer.body.rule + "):" }), el("ul", {}, items)]),
        extra.children[1] || null);
    });
  }

  // -- a backup (TR 701.5) -------------------------------------------------------------------------------------
  function randomIndex(count) {
    var bytes = new Uint32Array(1);
    crypto.getRandomValues(bytes);
    return bytes[0] % count;
  }

  // `count` cards drawn at random from `candidates`, without putting one back (TR 701.5.d.3).
  function pickAtRandom(candidates, count) {
    var pool = candidates.slice();
    var picked = [];
    for (var i = 0; i < count && pool.length; i += 1) picked.push(pool.splice(randomIndex(pool.length), 1)[0]);
    return picked;
  }

  function backupForm(data) {
    var undo = Rec.data.undo;
    var to = el("input", { id: "backup-to", type: "number", min: "2", "aria-label": "back to the state after seq",
                           value: undo ? String(undo.to) : "" });
    var by = select("backup-by", [["floor_judge", "floor judge"], ["head_judge", "head judge"]], "ordered by");
    var reason = el("input", { id: "backup-reason", placeholder: "why", "aria-label": "reason" });
    var verdict = el("div", { id: "backup-verdict" });
    var byText = el("div", { id: "backup-by-text" });
    var returned = null; // {player: [cards]} once the candidates are known and picked

    function byChanged() {
      var entry = data.backups.filter(function (item) { return item.by === by.value; })[0];
      swap(byText, quote(entry && entry.text, "backup-by-quote"));
    }
    by.addEventListener("change", byChanged);

    function check() {
      returned = null;
      verdict.textContent = "";
      if (!to.value) return Rec.say("error", "Give the seq to go back to.");
      Rec.api("GET", "/backup?to=" + encodeURIComponent(to.value)).then(function (answer) {
        if (answer.status !== 200) return Rec.say("error", answer.body.error || "no answer (" + answer.status + ")");
        var found = answer.body;
        by.value = found.simple ? by.value : "head_judge";
        byChanged();
        verdict.appendChild(el("p", { id: "backup-simple", "data-simple": String(found.simple), text: found.simple
          ? "A simple rewind (" + found.rule + "): any judge may order it."
          : "More than the last action (" + found.rule + "): only the head judge may order it." }));
        returned = {};
        Object.keys(found.returning).forEach(function (player) {
          var entry = found.returning[player];
          var picked = pickAtRandom(entry.candidates, entry.count);
          returned[player] = picked;
          verdict.appendChild(el("p", { class: "returning", "data-player": player }, [
            playerName(player) + " drew " + entry.count + " card(s) whose identity is not public (" + entry.rule +
            "). Picked at random from " + entry.candidates.map(function (card) { return card || "the unseen card"; }).join(", ") +
            ": ", el("b", { class: "picked", text: picked.map(function (card) { return card || "the unseen card"; }).join(", ") })]));
        });
        var rest = data.backups.filter(function (item) { return item.by === null; })[0];
        if (Object.keys(returned).length) verdict.appendChild(quote(rest && rest.text, "backup-random-quote"));
      });
    }

    show("Backup", [
      field("Back to the state after seq", to), el("button", { id: "backup-check", type: "button", text: "What does it take back?",
                                                               onclick: check }),
      verdict, field("Ordered by", by), byText, field("Reason", reason),
      el("button", { id: "backup-submit", type: "button", class: "danger", text: "Record the backup", onclick: function () {
        if (!returned) return Rec.say("error", "Ask what the backup takes back first.");
        if (!reason.value.trim()) return Rec.say("error", "Write why the judge backs up.");
        var event = { type: "rewind", to: parseInt(to.value, 10), reason: reason.value.trim(), by: by.value };
        if (Object.keys(returned).length) event.returned = returned;
        Rec.submit([event], words(by.value) + "'s backup to seq " + to.value);
      } }),
    ]);
    byChanged();
  }

  // -- time (TR 408.2) -------------------------------------------------------------------------------------------
  // The round's time is up: the turn in progress is finished, then three additional turns are played (TR 408.2.a);
  // a judge recording the call late names the seq it was called at. The server counts the turns and ends the game.
  function timeForm(data) {
    var called = el("input", { id: "time-called-at", type: "number", min: "1", "aria-label": "called at seq",
                               placeholder: "now (seq " + (Rec.data.state.seq + 1) + ")" });
    var state = Rec.data.state;
    var status = state.time ? "Time was called at seq " + state.time.called_at_seq + "." : null;
    show("Time", [
      quote(data.time && data.time.text, "time-quote"),
      status ? el("p", { id: "time-status", class: "muted", text: status }) : null,
      field("Called at seq (if recorded late)", called),
      el("button", { id: "time-submit", type: "button", class: "danger",
                     text: "Record time: the turn finished, then " + data.time.extra_turns + " additional turns",
                     onclick: function () {
                       var event = { type: "time", extra_turns: data.time.extra_turns };
                       if (called.value) event.called_at_seq = parseInt(called.value, 10);
                       Rec.submit([event], "time called (" + data.time.rule + ")");
                     } }),
    ].filter(Boolean));
  }

  // -- the remedy of a game play error recorded as played (TR 702; engine/errors_as_played.py) ---------------------
  // The errors of this game not yet remedied, each with its TR rule and remedies quoted; the chooser is the next
  // opponent where the TR gives them the choice (702.2.f.2, 702.12.b.3, 702.14.a.1), else the erring player. The
  // server checks everything (who chooses, the round cycle, the cards).
  var OPPONENT_CHOOSES = { missed_trigger: true, drawing_extra_cards: true, mulligan_procedure_error: true };
  var REMEDY_FIELD = { drawing_extra_cards: "cards", forgetting_to_draw_cards: "cards", mulligan_procedure_error: "cards",
                       channeling_too_many_runes: "runes", channeling_too_few_runes: "runes", mispayment_for_cost: "exhaust" };

  function nextOpponent(player) {
    var order = Rec.data.state.turn_order || players();
    var at = order.indexOf(player);
    return order[(at + 1) % order.length];
  }

  function remedyForm(data) {
    var state = Rec.data.state;
    var open_ = (state.errors || []).filter(function (entry) { return entry.game === state.game && !entry.remedy; });
    if (!open_.length) return show("Remedy", [el("p", { id: "remedy-none", class: "muted",
      text: "No game play error of this game is waiting for its remedy (TR 702)." })]);
    var which = select("remedy-error", open_.map(function (entry) {
      return [String(entry.seq), "#" + entry.seq + " " + playerName(entry.player) + ": " + entry.name + " (" + entry.tr + ")"];
    }), "error");
    var who = select("remedy-player", players().map(function (p) { return [p, playerName(p)]; }), "who carries it out");
    var choice = select("remedy-choice", [["resolve", "resolve it now"], ["miss", "miss it altogether"]], "choice");
    var values = el("input", { id: "remedy-values", autocomplete: "off", "aria-label": "cards or runes",
                               placeholder: "ids or names, comma-separated" });
    var text = el("div", { id: "remedy-text" });
    var choiceField = field("Choice (TR 702.2.f.2)", choice);
    var valuesField = field("Cards or runes", values);

    function chosen() {
      return open_.filter(function (entry) { return String(entry.seq) === which.value; })[0];
    }
    function changed() {
      var entry = chosen();
      who.value = OPPONENT_CHOOSES[entry.infraction] ? nextOpponent(entry.player) : entry.player;
      var item = data.infractions.filter(function (found) { return found.key === entry.infraction; })[0];
      swap(text, quote(item && item.text, "remedy-quote"));
      choiceField.hidden = entry.infraction !== "missed_trigger";
      valuesField.hidden = !REMEDY_FIELD[entry.infraction];
    }
    which.addEventListener("change", changed);

    show("Remedy", [
      field("Error", which), text, field("Chosen or carried out by", who), choiceField, valuesField,
      el("button", { id: "remedy-submit", type: "button", class: "danger", text: "Record the remedy", onclick: function () {
        var entry = chosen();
        var event = { type: "remedy", player: who.value, infraction: entry.infraction, about: entry.seq };
        if (entry.infraction === "missed_trigger") event.choice = choice.value;
        var name = REMEDY_FIELD[entry.infraction];
        if (name) {
          event[name] = values.value.split(",").map(function (value) { return value.trim(); })
            .filter(function (value) { return value; });
        }
        Rec.submit([event], playerName(who.value) + ": the remedy of " + entry.name);
      } }),
    ]);
    changed();
  }

  function open(form) {
    return function () {
      if (!Rec.data) return;
      loadMenu().then(form, function () { Rec.say("error", "The judge's menu could not be read."); });
    };
  }

  // The concession form (record_inputs.js) quotes TR 410 from the same menu.
  Rec.judge = { loadMenu: loadMenu, quote: quote };

  document.getElementById("penalty-open").addEventListener("click", open(penaltyForm));
  document.getElementById("backup-open").addEventListener("click", open(backupForm));
  document.getElementById("time-open").addEventListener("click", open(timeForm));
  document.getElementById("remedy-open").addEventListener("click", open(remedyForm));
})();
