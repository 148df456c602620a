// The recording screen's combat forms (docs/web.md, "Recording offline"): a player's damage assignment (v1.4
// 626.1.d) and the turn player's choice of where the next showdown or combat begins (525, 526), both for what the
// board awaits and while inputs are held.
//
// Held, the page has no engine and the board stays as the server last sent it, so a combat the held inputs began
// (a held move into a battlefield another player holds) is read from their events, never folded: which units stand
// at each battlefield is the board's, moved by the held moves and plays (`Rec.outbox.held.at`). The amount a player
// assigns is not the page's to know (Assault, Shield and the like change Might as a combat goes: the engine counts
// it), so the held form totals what the scorekeeper steps in and the server checks it on arrival (626.1.d).
(function () {
  "use strict";

  var Rec = window.Rec, el = Rec.el;

  function state() {
    return Rec.data.state;
  }

  // -- the assignment: a −/+ stepper for each unit of the other side, the total kept in view ------------------------
  // `prefill` {unit: amount} (the engine's lethal-first assignment when the board awaits it), `amount` what the
  // engine awaits (null while held). Returns the form's parts: the rows and the dock's Record button.
  function assignment(player, units, prefill, amount) {
    var total = el("p", { id: "assign-total", class: "muted" });
    var inputs = units.map(function (id) {
      var input = el("input", { type: "number", min: "0", inputmode: "numeric", id: "assign-" + id, "data-unit": id,
                                value: String((prefill || {})[id] || 0), "aria-label": "damage to " + Rec.name(id) });
      function step(by) {
        input.value = String(Math.max(0, (parseInt(input.value, 10) || 0) + by));
        counted();
      }
      input.addEventListener("input", counted);
      return el("div", { class: "row assign" }, [el("span", { text: Rec.name(id) }), el("span", { class: "stepper" }, [
        Rec.ui.button("assign-" + id + "-less", "−", function () { step(-1); }, "small"), input,
        Rec.ui.button("assign-" + id + "-more", "+", function () { step(1); }, "small")])]);
    });
    function given() {
      var assignments = {};
      inputs.forEach(function (row) {
        var input = row.querySelector("input"), value = parseInt(input.value, 10);
        if (value > 0) assignments[input.getAttribute("data-unit")] = value;
      });
      return assignments;
    }
    function counted() {
      var assignments = given(), sum = Object.keys(assignments).reduce(function (all, id) {
        return all + assignments[id]; }, 0);
      total.textContent = "Assigned: " + sum + (amount !== null ? " of " + amount : "");
    }
    counted();
    var submit = Rec.ui.button("assign-submit", "Record the assignment", function () {
      Rec.submit([{ type: "assign_damage", player: player, assignments: given() }],
                 Rec.ui.playerName(player) + " assigns damage");
    }, "primary");
    return [total].concat(inputs, [submit]);
  }

  // The form for what the board awaits: the engine's amount, pre-filled lethal first.
  Rec.assignForm = function (wait) {
    Rec.ui.show(Rec.ui.playerName(wait.player) + " assigns " + wait.amount + " damage", [
      el("p", { class: "muted", text: "Pre-filled lethal first, Tank units first. Change it to what was assigned." })]
      .concat(assignment(wait.player, wait.units, Rec.data.assignment || {}, wait.amount), [
        // Combat's moment to record a replacement is its damage step (docs/engine.md): before the last assignment.
        el("details", {}, [el("summary", { text: "Replace a death" }),
          el("div", { class: "row" }, [el("label", {}, ["Replacing for ", Rec.ui.actorSelect(wait.player)]),
            Rec.ui.button("assign-replace", "Replace a death", function () {
              Rec.replaceForm(document.getElementById("actor").value, document.getElementById("replace-form"));
            })]),
          el("div", { id: "replace-form" })])]));
  };

  // The choice the board awaits: one button per battlefield the engine offers.
  Rec.chooseForm = function (wait) {
    Rec.ui.show(Rec.ui.playerName(wait.player) + " chooses (rule " + wait.rule + ")",
                choices(wait.player, wait.candidates), Rec.ui.playerName(wait.player) + " chooses: tap one");
  };

  function choices(player, candidates) {
    return candidates.map(function (candidate) {
      return Rec.ui.button("choose-" + candidate, Rec.name(candidate), function () {
        Rec.submit([{ type: "choose", player: player, choice: candidate }],
                   Rec.ui.playerName(player) + " chooses " + Rec.name(candidate));
      });
    });
  }

  // -- held: the last board as the held inputs moved its units ------------------------------------------------------
  // Each battlefield's units: the board's, less those a held move or play took elsewhere, plus those it brought.
  function fieldsHeld() {
    var at = (Rec.outbox.held && Rec.outbox.held.at) || {}, objects = state().objects;
    return (state().battlefields || []).map(function (field) {
      var units = (field.units || []).filter(function (id) { return !(id in at) || at[id] === field.id; });
      Object.keys(at).forEach(function (id) {
        if (at[id] === field.id && units.indexOf(id) === -1) units.push(id);
      });
      var sides = [];
      units.forEach(function (id) {
        var controller = (objects[id] || {}).controller;
        if (controller && sides.indexOf(controller) === -1) sides.push(controller);
      });
      return { id: field.id, controller: field.controller, units: units, sides: sides };
    });
  }

  // Where a combat stands on the held board: the board's own combat, else each battlefield with units of two sides
  // (a held move into a battlefield another player holds, 626).
  function combatsHeld() {
    var fight = state().combat;
    return fieldsHeld().filter(function (field) {
      return fight ? field.id === fight.battlefield : field.sides.length > 1;
    });
  }

  // Where the next showdown or combat may begin: what the board awaits the choice of, else each battlefield a
  // held input brought units of a player who does not control it (a contest, 525-526); less the one a held choice
  // named (it has begun), and only while two or more are left (one left begins by itself, 525).
  function candidatesHeld() {
    var choice = state().choice, held = Rec.outbox.held || {}, at = held.at || {}, objects = state().objects;
    var candidates = choice ? choice.candidates.slice() : fieldsHeld().filter(function (field) {
      return field.units.some(function (id) {
        return id in at && (objects[id] || {}).controller !== field.controller;
      });
    }).map(function (field) { return field.id; });
    candidates = candidates.filter(function (id) { return id !== held.chosen; });
    return candidates.length > 1 ? candidates : [];
  }

  // The held panel's buttons for a combat (record_inputs.js): offered only where the held board has one, so that a
  // board at peace does not show them. `actor()` is who the scorekeeper picked as acting.
  Rec.heldCombatButtons = function (actor) {
    return [
      combatsHeld().length ? Rec.ui.button("held-assign", "Assign damage", function () { heldAssign(actor()); }) : null,
      candidatesHeld().length ? Rec.ui.button("held-choose", "Choose where", function () { heldChoose(actor()); })
        : null];
  };

  // The other side's units at the combat (the player's own are who deals it), after a row of the battlefields when
  // the held board has more than one combat (`field` the one tapped, else the one a held choice named, else the
  // first).
  function heldAssign(player, field) {
    var fields = combatsHeld(), objects = state().objects, chosen = Rec.outbox.held && Rec.outbox.held.chosen;
    field = field || fields.filter(function (other) { return other.id === chosen; })[0] || fields[0];
    var units = field.units.filter(function (id) { return (objects[id] || {}).controller !== player; });
    var row = fields.length < 2 ? null : el("div", { class: "row choices", id: "held-assign-field" },
      fields.map(function (other) {
        return Rec.ui.button("held-assign-at-" + other.id, Rec.name(other.id), function () {
          heldAssign(player, other);
        }, other.id === field.id ? "active" : "");
      }));
    Rec.ui.subform(Rec.ui.playerName(player) + " assigns damage at " + Rec.name(field.id), [
      el("p", { class: "hint", text: "Step in the damage assigned to each unit: the server checks the amount (the " +
                                     "summed Might) and the order (Tank first) when it answers again." }), row]
      .concat(assignment(player, units, {}, null)), "Step in the damage to each unit, then record");
  }

  function heldChoose(player) {
    Rec.ui.subform(Rec.ui.playerName(player) + " chooses where", [
      el("p", { class: "hint", text: "Where the next showdown or combat begins (rules 525, 526)." })]
      .concat(choices(player, candidatesHeld())), "Tap the battlefield");
  }
})();
