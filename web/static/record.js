// The recording screen (templates/record.html): the match token, the calls to the API, the submission of an
// input (dry run first, then the append with expected_seq and an idempotency key) and the board as the judge sees
// it, drawn from GET /api/matches/<id>/recording. The forms for each awaited input are in record_inputs.js.
// Nothing here decides what is legal: the server's dry run (POST .../check) does.
(function () {
  "use strict";

  var root = document.getElementById("record");
  var matchId = root.getAttribute("data-match");
  var storageKey = "riftlog-record-" + matchId;
  var Rec = (window.Rec = { matchId: matchId, data: null, busy: false, pending: null, tap: null, marks: {} });

  // -- the token: from the URL fragment (an organiser's link; fragment.js has taken it out of the address and the
  // history already) into this tab's storage, never into a link ----------------------------------------------
  if (window.RiftlogFragment && window.RiftlogFragment.token) sessionStorage.setItem(storageKey, RiftlogFragment.token);
  // A link followed in the same tab only changes the fragment: take the token it carries, and read again.
  window.addEventListener("riftlog:token", function (event) {
    sessionStorage.setItem(storageKey, event.detail);
    Rec.refresh();
  });

  function token() {
    return sessionStorage.getItem(storageKey);
  }
  Rec.token = token;

  function askForToken(message) {
    var panel = document.getElementById("token-panel");
    panel.hidden = false;
    if (message) Rec.say("error", message);
  }

  document.getElementById("token-entry").addEventListener("submit", function (event) {
    event.preventDefault();
    var value = event.target.elements.token.value.trim();
    if (!value) return;
    sessionStorage.setItem(storageKey, value);
    event.target.reset();
    document.getElementById("token-panel").hidden = true;
    Rec.refresh();
  });

  // -- small DOM helpers ---------------------------------------------------------------------------------------
  Rec.el = function (tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === null || value === undefined || value === false) return;
      if (name === "text") node.textContent = value;
      else if (name === "onclick") node.addEventListener("click", value);
      else if (name === "onchange") node.addEventListener("change", value);
      else node.setAttribute(name, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  };
  var el = Rec.el;

  Rec.name = function (ref) {
    var state = Rec.data && Rec.data.state;
    if (!state || typeof ref !== "string") return String(ref);
    if (Rec.data.players[ref]) return Rec.data.players[ref] + " (" + ref + ")";
    var obj = state.objects[ref];
    if (obj) return (obj.card || "unseen card") + " (" + ref + ")";
    var field = (state.battlefields || []).filter(function (entry) { return entry.id === ref; })[0];
    if (field) return field.name + " (" + ref + ")";
    var item = (state.chain || []).filter(function (entry) { return entry.id === ref; })[0];
    if (item) return (item.card || item.label || "item") + " (" + ref + ")";
    return ref;
  };

  // A long text (a judge's note of thousands of characters) folded to its first words, read whole by a tap: the
  // latest events and the dock's message stay a few lines tall, whatever was typed into a note.
  Rec.FOLD_AT = 280;
  Rec.fold = function (text) {
    if (typeof text !== "string" || text.length <= Rec.FOLD_AT) return text;
    var shown = el("span", { class: "folded", text: text.slice(0, Rec.FOLD_AT - 40).replace(/\s+\S*$/, "") + "…" });
    var whole = el("button", { type: "button", class: "unfold",
      text: "Read it whole (" + text.length.toLocaleString("en") + " characters)" });
    whole.addEventListener("click", function (event) {
      event.stopPropagation();
      shown.textContent = text;
      whole.remove();
    });
    return el("span", { class: "fold" }, [shown, " ", whole]);
  };

  // -- messages ------------------------------------------------------------------------------------------------
  // In the dock's #message, or in the box named by `where` (the outbox's problem has a box of its own, so that
  // the next message does not take away its buttons).
  Rec.say = function (kind, text, details, actions, where) {
    var box = document.getElementById(where || "message");
    box.hidden = false;
    box.className = "message " + kind;
    box.setAttribute("data-kind", kind);
    box.textContent = "";
    box.appendChild(el("p", {}, [Rec.fold(text)]));
    if (details && details.length) box.appendChild(el("ul", {}, details));
    if (actions && actions.length) box.appendChild(el("div", { class: "row" }, actions));
  };

  function violationItems(violations) {
    return (violations || []).map(function (violation) {
      return el("li", { class: "violation", "data-rule": violation.rule }, [
        el("span", { class: "rule", text: "rule " + violation.rule }), " " + violation.message]);
    });
  }

  // -- the API -------------------------------------------------------------------------------------------------
  Rec.api = function (method, path, body) {
    var headers = { Authorization: "Bearer " + (token() || "") };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return fetch("/api/matches/" + encodeURIComponent(matchId) + path, {
      method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (answer) {
        return { status: response.status, body: answer };
      }, function () {
        return { status: response.status, body: { error: response.statusText || "no answer" } };
      });
    });
  };

  Rec.refresh = function (since) {
    if (!token()) {
      askForToken();
      return Promise.resolve(null);
    }
    return Rec.api("GET", "/recording" + (since !== undefined ? "?since=" + since : "")).then(function (answer) {
      if (answer.status === 401 || answer.status === 403) {
        sessionStorage.removeItem(storageKey);
        askForToken(answer.body.error);
        return null;
      }
      if (answer.status !== 200) {
        Rec.say("error", answer.body.error || "the match could not be read (" + answer.status + ")");
        return null;
      }
      Rec.data = answer.body;
      Rec.marks = {};
      Rec.tap = null;
      Rec.outbox.keepBoard(answer.body);
      if (!Rec.outbox.online) Rec.outbox.setOnline(true);
      render();
      return answer.body;
    }, function () {
      // No answer: the server is down or out of reach. A page loaded now draws the board this tab last read.
      Rec.outbox.setOnline(false);
      if (!Rec.data && Rec.outbox.keptBoard()) {
        Rec.data = Rec.outbox.keptBoard();
        render();
      } else if (!Rec.data) {
        Rec.say("error", "The server cannot be reached, and this tab has not read the board yet: inputs can be " +
                "taken once it has. What this phone holds is sent when the server answers.");
      }
      return null;
    });
  };

  // -- submitting an input -------------------------------------------------------------------------------------
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // Record `events` (what the form built) as one append. The key is made once per input: a retry after a lost
  // answer sends the same key, so the server records it at most once; a second tap while busy does nothing.
  // While inputs wait in the outbox (or the server is out of reach), a new one waits behind them, unchecked.
  // A typed `line` the server has not read yet comes with `events` null: it can only be held (read as it is sent).
  Rec.submit = function (events, label, line) {
    if (Rec.busy || !Rec.data) return;
    var pending = { events: events, label: label, expected_seq: Rec.outbox.nextSeq(), key: newKey() };
    if (line !== undefined) pending.line = line;
    if (Rec.outbox.holding() || !events) return Rec.outbox.hold(pending);
    Rec.pending = pending;
    check(pending);
  };

  function setBusy(busy) {
    Rec.busy = busy;
    root.classList.toggle("busy", busy);
    root.setAttribute("aria-busy", busy ? "true" : "false");
  }

  function check(pending) {
    setBusy(true);
    Rec.api("POST", "/check", { events: pending.events, expected_seq: pending.expected_seq }).then(function (answer) {
      if (answer.status === 409) return conflict(pending);
      if (answer.status !== 200) return fail(answer);
      var verdict = answer.body;
      // The server words the input as the log will (the viewer's words): the form's own label is only a fallback.
      if (verdict.texts && verdict.texts.length) pending.label = verdict.texts.join("; ");
      pending.checked = true;  // by the server's dry run, against the head it was made on
      if (verdict.ok) return append(pending);
      setBusy(false);
      if (verdict.policy === "strict") {
        Rec.say("refused", "Not recorded: “" + pending.label + "” breaks a rule (a strict match refuses it).",
                violationItems(verdict.violations));
        return;
      }
      Rec.say("flagged", "“" + pending.label + "” breaks a rule. An audit match records it flagged:",
              violationItems(verdict.violations),
              [el("button", { id: "record-flagged", type: "button", text: "Record it flagged",
                              onclick: function () { if (!Rec.busy) append(pending); } }),
               el("button", { id: "drop-input", type: "button", text: "Drop it",
                              onclick: function () { Rec.pending = null; Rec.say("info", "Dropped."); } })]);
    }, function () { lost(pending); });
  }

  function append(pending) {
    setBusy(true);
    Rec.api("POST", "/events", {
      events: pending.events, expected_seq: pending.expected_seq, idempotency_key: pending.key,
      meta: { client: "riftlog recording screen" },
    }).then(function (answer) {
      if (answer.status === 201) {
        Rec.pending = null;
        // The standing panel (note, concession, seal) served this one input: it closes, so a concession's buttons
        // are not left live under a game that is over, and a seal shown no longer covers the head.
        document.getElementById("extra").textContent = "";
        return Rec.refresh().then(function () {
          setBusy(false);
          var logged = ((Rec.data && Rec.data.recent) || []).filter(function (entry) {
            return entry.seq > pending.expected_seq && entry.seq <= answer.body.seq;
          }).map(function (entry) { return entry.text; });
          Rec.say("recorded", "Recorded seq " + answer.body.seq + ": " + (logged.join("; ") || pending.label));
        });
      }
      if (answer.status === 409) return conflict(pending);
      if (answer.status === 503) return lost(pending);
      if (answer.status === 422) {
        setBusy(false);
        Rec.say("refused", "Not recorded: " + pending.label, violationItems(answer.body.violations));
        return;
      }
      fail(answer);
    }, function () { lost(pending); });
  }

  // The answer never came (the server is down or out of reach): the input may or may not be recorded. It goes to
  // the outbox with its key and expected_seq, sent again when the server answers (record_outbox.js): the same key
  // makes the server record it at most once.
  function lost(pending) {
    setBusy(false);
    Rec.outbox.setOnline(false);
    Rec.outbox.hold(pending);
  }

  function fail(answer) {
    setBusy(false);
    Rec.say("error", answer.body.error || "the server answered " + answer.status);
  }

  // Someone else recorded first: nothing of ours was written. Show what changed, on the new board.
  function conflict(pending) {
    Rec.pending = null;
    return Rec.refresh(pending.expected_seq).then(function (data) {
      setBusy(false);
      var changes = ((data && data.changes) || []).map(function (entry) {
        return el("li", { "data-seq": entry.seq, text: entry.seq + ". " + entry.text });
      });
      Rec.say("conflict", "Not recorded: the match moved on from seq " + pending.expected_seq + " to " +
              (data ? data.head_seq : "?") + " while you entered “" + pending.label +
              "”. What changed is below; the board is up to date, record your input again if it still applies.",
              changes);
    });
  }

  // -- taps on the board ---------------------------------------------------------------------------------------
  // A tap goes to the form that awaits one (Rec.tap); a tap the form has no use for (it answers false) shows the
  // card as a card: cost, type, Might, keywords and rules text.
  root.addEventListener("click", function (event) {
    var chip = event.target.closest("[data-tap]");
    if (!chip || !root.contains(chip)) return;
    event.preventDefault();
    var id = chip.getAttribute("data-tap");
    if (!Rec.tap || Rec.tap(id) === false) Rec.showCard(id);
  });

  // The catalog facts of a card name, to show it as a card (the judge's state carries every card of the match).
  // Its abilities are left out: the state's are the catalog's lines, not what the engine reads of them (the
  // viewer's cards API serves that, engine/cards/served.py), and a face would print them as if compiled
  // ("spell [text]" for Hextech Ray's "Deal 3"). The recording screen's abilities come from Rec.abilitiesOf.
  Rec.facts = function (name) {
    var facts = (name && ((Rec.data.state.cards || {})[name])) || {};
    return Object.keys(facts).reduce(function (shown, key) {
      if (key !== "abilities") shown[key] = facts[key];
      return shown;
    }, {});
  };

  // The card of an object, a battlefield or a chain item, as a card, in the dock (closed by its ×).
  Rec.showCard = function (id) {
    var state = Rec.data.state, obj = state.objects[id];
    var field = (state.battlefields || []).filter(function (entry) { return entry.id === id; })[0];
    var item = (state.chain || []).filter(function (entry) { return entry.id === id; })[0];
    var name = obj ? obj.card : field ? field.name : item ? item.card : null;
    if (!obj && !field && !(item && item.card)) return;
    var box = document.getElementById("card-info");
    box.textContent = "";
    box.hidden = false;
    box.setAttribute("data-id", id);
    box.appendChild(el("button", { type: "button", class: "small close", id: "card-info-close", text: "×",
                                   "aria-label": "close", onclick: function () { box.hidden = true; } }));
    box.appendChild(RiftCards.face(name, Rec.facts(name)));
  };

  Rec.mark = function (id, how) {
    if (how) Rec.marks[id] = how;
    else delete Rec.marks[id];
    renderBoard();
  };

  // -- drawing -------------------------------------------------------------------------------------------------
  Rec.render = function () { if (Rec.data) render(); };

  function render() {
    var data = Rec.data, state = data.state;
    root.setAttribute("data-seq", data.head_seq);
    document.getElementById("head-seq").textContent = data.head_seq;
    var turn = document.getElementById("turn-line");
    turn.textContent = state.turn ? "Turn " + state.turn + " · " + (data.players[state.turn_player] || "–") +
      " · " + state.phase + (state.state ? " · " + state.state.replace("_", " ") : "") : "Before the game · " + state.phase;
    if (state.winner) turn.textContent += " · won by " + data.players[state.winner];
    var awaiting = document.getElementById("awaiting");
    awaiting.textContent = "";
    (state.awaiting || []).forEach(function (wait) {
      awaiting.appendChild(el("span", { class: "badge await", "data-kind": wait.kind,
        text: (data.players[wait.player] || "anyone") + ": " + wait.kind.replace("_", " ") +
              (wait.amount ? " " + wait.amount : "") + (wait.count ? " " + wait.count : "") +
              (wait.rule ? " · rule " + wait.rule : "") }));
    });
    if (!(state.awaiting || []).length) {
      awaiting.appendChild(el("span", { class: "muted", text: state.winner ? "the game is over" : "nothing awaited" }));
    }
    // With inputs held, what the board awaited is before them (what they await is the server's to say): faded.
    var stale = Rec.outbox.entries.length > 0;
    awaiting.classList.toggle("stale", stale);
    awaiting.title = stale ? "what the server's last board awaited, before the inputs held on this phone" : "";
    var undo = document.getElementById("undo");
    undo.disabled = !data.undo;
    undo.textContent = data.undo ? "Undo seq " + data.undo.seq : "Undo";
    undo.title = data.undo ? "rewind to seq " + data.undo.to + ": voids " + data.undo.text : "nothing to undo";
    document.getElementById("card-info").hidden = true;
    Rec.prompt("");
    var recent = document.getElementById("recent");
    recent.textContent = "";
    data.recent.slice().reverse().forEach(function (entry) {
      recent.appendChild(el("li", { "data-seq": entry.seq, class: (entry.voided ? "voided " : "") + (entry.flagged ? "flagged" : "") },
        [el("span", { class: "num", text: String(entry.seq) }), " ", Rec.fold(entry.text)]));
    });
    Rec.outbox.show();
    renderBoard();
    Rec.renderInputs();
  }

  function chip(id, extra) {
    var state = Rec.data.state, obj = state.objects[id] || {};
    var facts = Rec.facts(obj.card), classes = ["chip"];
    if (obj.exhausted) classes.push("exhausted");
    if (obj.stunned) classes.push("stunned");
    if (Rec.marks[id]) classes.push("marked", "mark-" + Rec.marks[id].replace(/ /g, "-"));
    var held = Rec.outbox.held && Rec.outbox.held.uses[id];  // played, moved or paid by an input not yet recorded
    if (held) classes.push("held", "held-" + held);
    var bits = [el("span", { class: "card", text: obj.card || "unseen card" })];
    if (obj.zone === "hand" && obj.card && RiftCards.cost(facts)) {
      bits.push(el("span", { class: "cost", text: RiftCards.cost(facts).replace(/\[|\]/g, "") }));
    }
    if (typeof obj.might === "number" && obj.type !== "Rune") bits.push(el("b", { class: "might", text: String(obj.might) }));
    if (obj.damage) bits.push(el("span", { class: "tag damage", text: obj.damage + " dmg" }));
    if (obj.buff) bits.push(el("span", { class: "tag", text: "buff" }));
    if (obj.stunned) bits.push(el("span", { class: "tag", text: "stunned" }));
    if (obj.attacker) bits.push(el("span", { class: "tag", text: "atk" }));
    if (obj.defender) bits.push(el("span", { class: "tag", text: "def" }));
    if (obj.token) bits.push(el("span", { class: "tag token", text: "token" }));
    if (obj.zone === "facedown") bits.push(el("span", { class: "tag facedown", text: "facedown" }));
    if (Rec.marks[id]) bits.push(el("span", { class: "tag mark", text: Rec.marks[id] }));
    if (held) bits.push(el("span", { class: "tag held", text: held + ", not yet recorded" }));
    return el("button", { type: "button", class: classes.concat(extra || []).join(" "), "data-tap": id, "data-id": id,
                          "data-held": held || null,
                          title: id + (obj.card ? " · " + RiftCards.summary(obj.card, facts) : "") }, bits);
  }

  // A zone's chips: each unit followed by the gear attached to it (v1.3 719), attached gear nowhere else.
  function zone(label, ids, empty) {
    var objects = Rec.data.state.objects, chips = [];
    (ids || []).forEach(function (id) {
      if ((objects[id] || {}).attached_to) return;
      chips.push(chip(id));
      ((objects[id] || {}).attached || []).forEach(function (gear) { chips.push(chip(gear, ["attached"])); });
    });
    return el("div", { class: "zone" }, [el("span", { class: "label", text: label })].concat(
      chips.length ? chips : [el("span", { class: "muted", text: empty || "–" })]));
  }

  function playerBlock(player) {
    var state = Rec.data.state, info = state.players[player];
    var pool = info.pool || {}, power = Object.keys(pool.power || {}).filter(function (d) { return pool.power[d]; });
    var head = el("h3", {}, [
      el("b", { text: Rec.data.players[player] }), " " + player + " · ",
      el("b", { class: "points", text: String(info.points || 0) }), " pts" + (info.xp ? " · " + info.xp + " XP" : ""),
      state.turn_player === player ? el("span", { class: "badge turn", text: "turn" }) : null,
      state.priority === player ? el("span", { class: "badge priority", text: "priority" }) : null,
      state.focus === player ? el("span", { class: "badge focus", text: "focus" }) : null]);
    var counts = el("p", { class: "counts", id: "counts-" + player, text: "deck " + info.deck_count + " · rune deck " +
      info.rune_deck_count + " · trash " + (info.trash || []).length + " · pool " + (pool.energy || 0) + " energy" +
      (power.length ? " + " + power.map(function (d) { return pool.power[d] + " " + d; }).join(", ") : "") });
    return el("div", { class: "side panel", id: "side-" + player, "data-player": player }, [
      head, counts, zone("Legend", info.legend ? [info.legend] : [],
                         info.legend_card ? info.legend_card + " (placed as the game starts)" : "none"),
      zone("Champion zone", info.champion_zone ? [info.champion_zone] : [], "empty"),
      zone("Runes", info.runes, "none"), zone("Base", info.base, "no units"), zone("Hand", info.hand, "empty")]);
  }

  // The player the screen acts for: the one awaited, else the turn player, else the first.
  Rec.acting = function () {
    var state = Rec.data.state, wait = (state.awaiting || [])[0];
    return (wait && wait.player) || state.turn_player || Object.keys(state.players)[0];
  };

  // The acting player's side is drawn last, its hand right above the inputs that act on it.
  function renderBoard() {
    if (!Rec.data) return;
    var state = Rec.data.state, board = document.getElementById("board");
    var players = Object.keys(state.players), acting = Rec.acting();
    board.textContent = "";
    players.filter(function (player) { return player !== acting; }).forEach(function (player) {
      board.appendChild(playerBlock(player));
    });
    board.appendChild(fields(state));
    if (state.players[acting]) board.appendChild(playerBlock(acting));
  }

  function fields(state) {
    var box = el("div", { class: "rec-fields panel", id: "battlefields" });
    (state.battlefields || []).forEach(function (field) {
      var marked = Rec.marks[field.id];
      box.appendChild(el("div", { class: "rec-field" + (marked ? " marked mark-" + marked : ""), id: "field-" + field.id,
                                  "data-bf": field.id }, [
        el("button", { type: "button", class: "field-name", "data-tap": field.id, "data-id": field.id },
           [el("b", { text: field.name }), " " + field.id +
            (field.controller ? " · " + Rec.data.players[field.controller] : "") +
            (field.contested ? " · contested" : "") + (marked ? " · " + marked : "")]),
        unitsByController((field.units || []).concat(field.gear || [])),  // gear: units list units only
        field.facedown ? zone("Face\u00addown", [field.facedown]) : null]));
    });
    if (!(state.battlefields || []).length) box.appendChild(el("p", { class: "muted", text: "No battlefields yet." }));
    if ((state.chain || []).length) {
      box.appendChild(el("div", { class: "zone chain" }, [el("span", { class: "label", text: "Chain" })].concat(
        state.chain.map(function (item) {
          return el("button", { type: "button", class: "chip item" + (Rec.marks[item.id] ? " marked" : ""),
                                "data-tap": item.id, "data-id": item.id,
                                text: (item.card || item.label || item.kind) + " · " + item.controller + " (" + item.id + ")" });
        }))));
    }
    return box;
  }

  // A battlefield's units, one row per controller (a combat's two sides apart).
  function unitsByController(units) {
    var objects = Rec.data.state.objects, rows = {}, order = [];
    units.forEach(function (id) {
      var controller = (objects[id] || {}).controller || "";
      if (!rows[controller]) { rows[controller] = []; order.push(controller); }
      rows[controller].push(id);
    });
    return el("div", {}, order.map(function (controller) {
      return zone(Rec.data.players[controller] || controller || "units", rows[controller]);
    }));
  }

  Rec.renderBoard = renderBoard;

  // -- the standing inputs: a notation line, undo, note, concede -----------------------------------------------
  // The notation is read by the server (POST .../parse), against the head. While inputs are held, or when the
  // server does not answer, the line is held as typed, like a tapped input (the same outbox entry, its own key and
  // expected_seq), and read as it is sent, at the head the held inputs before it led to (record_outbox.js).
  document.getElementById("notation-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var input = document.getElementById("notation-input"), text = input.value.trim();
    if (!text || Rec.busy || !Rec.data) return;
    function hold() {
      if (Rec.busy) return;  // another input is being sent: the line stays in its box, to record again
      if (!root.hasAttribute("data-outbox")) input.value = "";  // else nothing keeps it: it stays in its box
      Rec.submit(null, text, text);
    }
    if (Rec.outbox.holding()) return hold();
    Rec.api("POST", "/parse", { text: text }).then(function (answer) {
      if (answer.status !== 200) {
        Rec.say("refused", "That line does not read: " + answer.body.error, violationItems(answer.body.violations));
        return;
      }
      input.value = "";
      Rec.submit(answer.body.events, text);
    }, function () {
      Rec.outbox.setOnline(false);
      hold();
    });
  });

  // Undo asks first: a rewind voids an input for good (it stays in the log, struck through).
  document.getElementById("undo").addEventListener("click", function () {
    var undo = Rec.data && Rec.data.undo;
    if (!undo || Rec.busy) return;
    Rec.say("confirm", "Undo seq " + undo.seq + ": " + undo.text + "? It stays in the log, voided by a judge's rewind.",
      [], [el("button", { id: "undo-confirm", type: "button", class: "danger", text: "Yes, undo it", onclick: function () {
        Rec.submit([{ type: "rewind", to: undo.to, reason: "undo on the recording screen: " + undo.text }],
                   "undo seq " + undo.seq + " (" + undo.text + ")");
      } }), el("button", { id: "undo-cancel", type: "button", text: "Keep it", onclick: function () {
        document.getElementById("message").hidden = true;
      } })]);
  });

  // The dock's prompt: what the screen waits for, in words ("tap the runes channeled").
  Rec.prompt = function (text) {
    var node = document.getElementById("prompt");
    node.textContent = text || "";
    node.hidden = !text;
  };

  // The outbox is read first, so that inputs held by an earlier visit go out (in order) once the board is read.
  document.addEventListener("DOMContentLoaded", function () {
    Rec.outbox.ready.then(function () { return Rec.refresh(); }).then(function () { return Rec.outbox.flush(); });
  });
})();
