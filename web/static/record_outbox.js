// The recording screen's outbox (docs/web.md, "Recording offline"): the inputs made while the server cannot be
// reached, kept in IndexedDB (they outlive a reload and a closed tab) and sent in the order they were made, each
// with the idempotency key and the expected_seq it was made with (contract section 7), as soon as the server
// answers again: on the browser's `online`, on the page becoming visible and on a timer (iOS Safari has no
// Background Sync). The server's answers are the only truth: a 409 (the match moved on from another device) or a
// refusal stops the flush and is put to the scorekeeper (discard the held inputs, or check them again against the
// new head); nothing is dropped without a tap and nothing is sent twice under two keys.
//
// The page has no engine: an input made offline is built by the forms of the last board the server sent, and held
// as pending, unchecked ("(unchecked)" in the log), until the server checks it on arrival. One whose dry run the
// server answered before its append went unanswered was checked against the head it was made on ("(checked)").
// While inputs wait, the screen offers every player's actions on that board (record_inputs.js), and what the held
// inputs did is read from their events (`Outbox.read`: the cards played, moved, paid with, the chain items put up),
// never folded: the server's engine alone says what they did to the game.
(function () {
  "use strict";

  var Rec = window.Rec, el = Rec.el;
  var DB_NAME = "riftlog-outbox", STORE = "entries";
  var FLUSH_EVERY = 3000; // ms between attempts while inputs wait (the timer iOS Safari needs)
  var BOARD_KEY = "riftlog-board-" + Rec.matchId; // the last /recording answer, in this tab only (as the token)

  var Outbox = (Rec.outbox = { entries: [], online: true, problem: null, flushing: false, ready: null,
                                reported: "0", held: null });

  // -- IndexedDB -----------------------------------------------------------------------------------------------
  var opened = null;
  function database() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, { keyPath: "key" }).createIndex("match", "match");
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }

  // One transaction on the store: `work(store)` issues its requests; resolves with the last request's result once
  // the transaction is committed (so a write is on disk before the screen says it is kept).
  function transact(mode, work) {
    return database().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), request = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(request && request.result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  Outbox.ready = transact("readonly", function (store) {
    return store.index("match").getAll(Rec.matchId);
  }).then(function (entries) {
    Outbox.entries = (entries || []).sort(function (a, b) { return a.n - b.n; });
    show();
  }, function (error) {
    // No IndexedDB (a private window of some browsers): the screen records online as before; an input the
    // server does not answer says it could not be kept.
    document.getElementById("record").setAttribute("data-outbox", "unavailable: " + error);
  });

  // Ask the browser not to evict the outbox under storage pressure (granted or not, it is kept the same way).
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().then(function (granted) {
    document.getElementById("record").setAttribute("data-persisted", granted ? "yes" : "no");
  });

  // -- holding an input ----------------------------------------------------------------------------------------
  // Whether a new input must wait behind others (or for the server): it is then held, never sent out of order.
  Outbox.holding = function () {
    return Outbox.entries.length > 0 || !Outbox.online;
  };

  // The expected_seq of the next input: the head the last held input leads to (each event of an append takes a
  // seq), else the board's head.
  Outbox.nextSeq = function () {
    var last = Outbox.entries[Outbox.entries.length - 1];
    return last ? last.expected_seq + size(last) : Rec.data.head_seq;
  };

  // How many events an entry appends: a typed line not read yet is one line of the box, one event (a line that reads
  // to none is refused as it is read).
  function size(entry) {
    return entry.events ? entry.events.length : 1;
  }

  // Keep `pending` ({events, label, expected_seq, key}) in the outbox; the board stays as the server last drew it.
  // It counts for the next input's expected_seq at once, and is shown as held once it is on disk (`keeping` the
  // keys being written meanwhile).
  var keeping = [];
  Outbox.hold = function (pending) {
    var last = Outbox.entries[Outbox.entries.length - 1];
    var entry = { key: pending.key, match: Rec.matchId, n: last ? last.n + 1 : 1, events: pending.events,
                  label: pending.label, expected_seq: pending.expected_seq, made_at: new Date().toISOString(),
                  checked: !!pending.checked };
    if (pending.line !== undefined) entry.line = pending.line;  // a typed line, read by the server as it is sent
    Outbox.entries.push(entry);
    keeping.push(entry.key);
    document.getElementById("extra").textContent = "";
    return transact("readwrite", function (store) { return store.put(entry); }).then(function () {
      keeping.splice(keeping.indexOf(entry.key), 1);
      Rec.pending = null;
      Rec.render();
      if (Outbox.problem) return;  // the problem's box stays the news; the chip counts the new one
      Rec.say("held", "Not yet recorded: “" + entry.label + "” waits in this phone's outbox (" +
              Outbox.entries.length + " waiting); it is sent when the server answers again.");
      schedule();
    }, function (error) {
      keeping.splice(keeping.indexOf(entry.key), 1);
      Outbox.entries.pop();
      show();
      Rec.say("error", "“" + entry.label + "” could not be kept on this phone (" + error + "): it is not recorded.");
    });
  };

  // -- what the held inputs did, read from their events ----------------------------------------------------------
  // `uses`: {object id: "played" | "moved" | "paid"}, the cards the held inputs played, moved or paid with, marked
  // on the board. `chain`: the chain as the board had it, then the items the held inputs put on it (a play of a
  // spell, an activation other than an Add, a trigger not declined: units, gear and Adds resolve as they are
  // finalized, v1.4 337.2) less those a held resolve took off, newest last. An item put up by a held input has
  // `id` null: the engine names it (c1, c2, ...) as it folds the play, which the page cannot, so its resolve is
  // held with `item` null and named as it is sent (`named`). `taken`: {player: {runes, cards}}, how many of each
  // name the held channels took from the rune deck and the held draws from the main deck (a card drawn unseen has
  // no name to take), so that the held Channel and Draw forms offer what the decks still hold. `at`: {unit id:
  // where the last held move or play took it ("base", a battlefield's id)}, and `chosen`, the battlefield the last
  // held choice named, so that the held combat forms see who stands where and which combat goes first
  // (record_combat.js).
  Outbox.read = function () {
    var state = Rec.data.state, uses = {}, chain = (state.chain || []).slice(), taken = {}, at = {}, chosen = null;
    function take(player, pile, names) {
      var of = taken[player] = taken[player] || { runes: {}, cards: {} };
      (names || []).forEach(function (name) { if (name) of[pile][name] = (of[pile][name] || 0) + 1; });
    }
    function use(ids, how) {
      (ids || []).forEach(function (id) { if (!uses[id]) uses[id] = how; });
    }
    function cardOf(id) {
      return (state.objects[id] || {}).card || (state.objects[id] ? null : id);  // an unseen card played by name
    }
    Outbox.entries.forEach(function (entry) {
      (entry.events || []).forEach(function (event) {  // a typed line not read yet did nothing the page can tell
        if (event.pay) use((event.pay.exhaust || []).concat(event.pay.recycle || []), "paid");
        if (event.type === "play") {
          use([event.card], "played");
          var card = cardOf(event.card), type = Rec.facts(card).type;
          if (type === "Unit") at[event.card] = event.to || "base";
          if (type === "Unit" || type === "Gear") return;  // it resolves as it is finalized (v1.4 337.2)
          chain.push({ id: null, kind: "card", card: card, source: event.card, controller: event.player,
                       targets: event.targets || [] });
        } else if (event.type === "move") {
          use(event.units, "moved");
          (event.units || []).forEach(function (id) { at[id] = event.to; });
        } else if (event.type === "activate" || (event.type === "trigger" && !event.declined)) {
          var ability = event.type === "activate" && Rec.abilitiesOf(event.source, "activated").filter(
            function (found) { return found.index === event.ability; })[0];
          if (ability && ability.ability.adds) return;  // an Add ability resolves at once (v1.4 337.2)
          chain.push({ id: null, kind: "ability", card: cardOf(event.source), source: event.source,
                       controller: event.player, targets: event.targets || [],
                       label: event.type === "trigger" ? event.ability : null });
        } else if (event.type === "resolve") {
          chain.pop();
        } else if (event.type === "channel") {
          take(event.player, "runes", event.runes);
        } else if (event.type === "draw") {
          take(event.player, "cards", event.cards);
        } else if (event.type === "choose") {
          chosen = event.choice;
        }
      });
    });
    return { uses: uses, chain: chain, taken: taken, at: at, chosen: chosen };
  };

  // The events of `entry` as they are sent at `head`: a held resolve's `item` (null) named as the top of the chain
  // there, read from the server just before the send (the newest item resolves, v1.4 340.1). Named at that head,
  // the entry is kept so (IndexedDB): a send whose answer is lost goes again with the same events under its key,
  // which the recorder answers with its first answer (other events under that key would be a 409). A chain that
  // is empty there leaves it null, and the server's answer names what is wrong.
  function named(entry, head) {
    var open = function (event) { return event.type === "resolve" && event.item === null; };
    if (!entry.events.some(open)) return Promise.resolve(entry.events);
    return Rec.api("GET", "/recording").then(function (answer) {
      var chain = (answer.status === 200 && answer.body.state.chain) || [];
      var top = chain.length ? chain[chain.length - 1].id : null;
      var events = entry.events.map(function (event) {
        return open(event) ? Object.assign({}, event, { item: top }) : event;
      });
      if (top === null || answer.body.head_seq !== head) return events;
      entry.events = events;
      return transact("readwrite", function (store) { return store.put(entry); }).then(function () { return events; });
    });
  }

  // The events of `entry` as they are sent at `head`: a typed line read by the server there (`read`), else its
  // events with a held resolve named (`named`). Resolves with {events}, or {refused: answer} for a line the server
  // does not read (its 400, or a strict match's 422), which is put to the scorekeeper as any refusal.
  function ready(entry, head) {
    if (!entry.events) return read(entry, head);
    return named(entry, head).then(function (events) { return { events: events }; });
  }

  // A typed line held unread, read by the server (POST .../parse) at the head it now follows. Read at the head it
  // was made on, its events are kept in IndexedDB before the send, so that a send whose answer is lost goes again
  // with the same events under its key. Read at another head (the match moved on), they are sent unkept: the
  // append answers 409, and the line is read again when the scorekeeper checks the held inputs again.
  function read(entry, head) {
    return Rec.api("POST", "/parse", { text: entry.line }).then(function (answer) {
      if (answer.status !== 200) return { refused: answer };
      var events = answer.body.events;
      if (answer.body.head_seq !== head) return { events: events };
      entry.events = events;
      return transact("readwrite", function (store) { return store.put(entry); }).then(function () {
        return { events: events };
      });
    });
  }

  function remove(entries) {
    var keys = entries.map(function (entry) { return entry.key; });
    Outbox.entries = Outbox.entries.filter(function (entry) { return keys.indexOf(entry.key) < 0; });
    return transact("readwrite", function (store) {
      var last = null;
      keys.forEach(function (key) { last = store.delete(key); });
      return last;
    });
  }

  // -- the board of the last answer, for a load while the server is down ----------------------------------------
  Outbox.keepBoard = function (data) {
    try { sessionStorage.setItem(BOARD_KEY, JSON.stringify(data)); } catch (error) { /* too big: not kept */ }
  };

  Outbox.keptBoard = function () {
    try { return JSON.parse(sessionStorage.getItem(BOARD_KEY) || "null"); } catch (error) { return null; }
  };

  // -- online or not ---------------------------------------------------------------------------------------------
  Outbox.setOnline = function (online) {
    Outbox.online = online;
    show();
    if (!online) schedule();
  };

  // -- sending in order ----------------------------------------------------------------------------------------
  var timer = null;
  function schedule() {
    if (timer === null) timer = setInterval(function () { Outbox.flush(); }, FLUSH_EVERY);
  }

  function unschedule() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  // Send the held inputs one by one, the oldest first, each with its own key and expected_seq; stop at the first
  // that is not recorded. A reconnect ends with a fresh board.
  Outbox.flush = function () {
    if (Outbox.flushing || Outbox.problem || !Rec.token()) return Promise.resolve();
    if (!Outbox.entries.length) {
      if (Outbox.online) { unschedule(); return report(false); }
      return Rec.refresh();  // offline with nothing held: a read says whether the server is back
    }
    Outbox.flushing = true;
    var sent = [], told = false;
    function next() {
      var entry = Outbox.entries[0];
      if (!entry) return done();
      if (!told) {  // the first answer of a reconnect: the judge's devices hear how many inputs wait here
        told = true;
        return report(false).then(next);
      }
      return ready(entry, entry.expected_seq).then(function (made) {
        if (made.refused) return made.refused;
        return Rec.api("POST", "/events", {
          events: made.events, expected_seq: entry.expected_seq, idempotency_key: entry.key,
          meta: { client: "riftlog recording screen (outbox)", recorded_at: entry.made_at },
        });
      }).then(function (answer) {
        if (answer.status === 201) {
          Outbox.online = true;
          sent.push(answer.body.seq);
          return remove([entry]).then(function () { show(); return next(); });
        }
        if (answer.status === 503) return stop(false);
        if (answer.status === 401 || answer.status === 403) { stop(true); return Rec.refresh(); }
        Outbox.online = true;
        Outbox.problem = { status: answer.status, entry: entry, body: answer.body };
        stop(true);
        return Rec.refresh(entry.expected_seq).then(putProblem);
      }, function () { return stop(false); });
    }
    function stop(online) {
      Outbox.flushing = false;
      Outbox.setOnline(online);
    }
    function done() {
      Outbox.flushing = false;
      Outbox.online = true;
      unschedule();
      return Rec.refresh().then(function () {
        report(false);
        show();
        if (sent.length) Rec.say("recorded", "Recorded " + sent.length + " input" + (sent.length > 1 ? "s" : "") +
                                 " held while the server was away, up to seq " + sent[sent.length - 1] + ".");
      });
    }
    return next();
  };

  // -- what the server would not take: the scorekeeper decides ------------------------------------------------
  function putProblem() {
    var problem = Outbox.problem;
    if (!problem) return;
    var entry = problem.entry, held = Outbox.entries.length, data = Rec.data;
    report(true);
    document.getElementById("message").hidden = true;  // what it said before is no longer the news
    var discard = el("button", { id: "outbox-discard", type: "button", class: "danger",
      text: "Discard the " + held + " held input" + (held > 1 ? "s" : ""), onclick: function () {
        remove(Outbox.entries.slice()).then(resolved);
      } });
    var recheck = el("button", { id: "outbox-recheck", type: "button",
      text: "Check them against seq " + (data ? data.head_seq : "?"), onclick: recheckAll });
    var drop = el("button", { id: "outbox-drop", type: "button", text: "Drop this one", onclick: function () {
      remove([entry]).then(resolved);
    } });
    show();
    if (problem.status === 409) {
      var changes = ((data && data.changes) || []).map(function (change) {
        return el("li", { "data-seq": change.seq, text: change.seq + ". " + change.text });
      });
      var inputs = held + " input" + (held > 1 ? "s" : "");
      if (data && data.head_seq < entry.expected_seq) {  // behind, not ahead: a held input before them was dropped
        Rec.say("conflict", "Not recorded yet: the " + inputs + " held here " + (held > 1 ? "were" : "was") +
                " made after an input that was dropped (made for seq " + entry.expected_seq + "; the match is at seq " +
                data.head_seq + "). Check them again, in order, on the board as it is now, or discard them.",
                [], [recheck, discard], "outbox-problem");
        return;
      }
      Rec.say("conflict", "Not recorded: the match moved on from seq " + entry.expected_seq + " to " +
              (data ? data.head_seq : "?") + " (another device) while " + inputs +
              " waited here. Check them again, in order, on the board as it is now, or discard them. What changed:",
              changes, [recheck, discard], "outbox-problem");
      return;
    }
    Rec.say("refused", "Not recorded: the server refused “" + entry.label + "” (" + problem.status + "): " +
            (problem.body.error || "it breaks a rule"), violations(problem.body.violations), [drop, discard],
            "outbox-problem");
  }

  function violations(list) {
    return (list || []).map(function (violation) {
      return el("li", { class: "violation", "data-rule": violation.rule }, [
        el("span", { class: "rule", text: "rule " + violation.rule }), " " + violation.message]);
    });
  }

  function resolved() {
    Outbox.problem = null;
    document.getElementById("outbox-problem").hidden = true;
    show();
    Rec.render();
    Rec.say("info", Outbox.entries.length ? "Sending the " + Outbox.entries.length + " held inputs." :
            "Nothing is held any more; the board is the server's.");
    return Outbox.flush();
  }

  // Each held input checked in order against the head as it is now (a dry run), then recorded under its own key
  // with the head it now follows; the first the dry run finds wrong stops there, for the scorekeeper to drop.
  function recheckAll() {
    if (Outbox.flushing) return;
    Outbox.flushing = true;
    function next() {
      var entry = Outbox.entries[0];
      // Every held input recorded: the board, the log and what is awaited are read again, so that the next tap
      // is made on the server's board (the page has no engine of its own to fold them in).
      if (!entry) { Outbox.flushing = false; return Rec.refresh().then(resolved); }
      var head = Rec.data.head_seq, events = null;
      return ready(entry, head).then(function (made) {
        if (made.refused) return made.refused;
        events = made.events;
        return Rec.api("POST", "/check", { events: events, expected_seq: head });
      }).then(function (answer) {
        if (answer.status === 200 && answer.body.ok) {
          return Rec.api("POST", "/events", { events: events, expected_seq: head, idempotency_key: entry.key,
            meta: { client: "riftlog recording screen (outbox, checked again)", recorded_at: entry.made_at } });
        }
        return answer.status === 200 ? { status: 422, body: answer.body } : answer;
      }).then(function (answer) {
        if (answer.status !== 201) {
          Outbox.flushing = false;
          Outbox.problem = { status: answer.status, entry: entry, body: answer.body };
          return Rec.refresh(entry.expected_seq).then(putProblem);
        }
        Rec.data.head_seq = answer.body.seq;
        return remove([entry]).then(next);
      }, function () { Outbox.flushing = false; Outbox.setOnline(false); });
    }
    return next();
  }

  // -- the judge's devices told (web/offline.py) ------------------------------------------------------------------
  // The count held here, and whether it waits on the scorekeeper; said again only when it changed. A report that
  // gets no answer is made again by the next flush.
  function report(held) {
    var said = Outbox.entries.length + (held ? " held" : "");
    if (said === Outbox.reported) return Promise.resolve();
    return Rec.api("PUT", "/outbox", { waiting: Outbox.entries.length, held: held }).then(function (answer) {
      if (answer.status === 204) Outbox.reported = said;
    }, function () {});
  }

  // -- what the screen shows -----------------------------------------------------------------------------------
  // The chip: online / offline, with the inputs waiting; and the held inputs at the top of the latest events.
  function show() {
    var kept = Outbox.entries.filter(function (entry) { return keeping.indexOf(entry.key) < 0; });
    var chip = document.getElementById("net-chip"), waiting = kept.length;
    Outbox.held = Rec.data && Rec.abilitiesOf ? Outbox.read() : null;
    var state = Outbox.problem ? "held" : Outbox.online ? "online" : "offline";
    chip.setAttribute("data-state", state);
    chip.setAttribute("data-waiting", String(waiting));
    chip.textContent = (state === "held" ? "online · held" : state) + (waiting ? " · " + waiting + " waiting" : "");
    var elsewhere = !waiting && Rec.data && Rec.data.outbox;  // another device of this match holds inputs
    var table = document.getElementById("table-outbox");
    table.hidden = !elsewhere;
    table.textContent = elsewhere ? "the table's screen holds " + elsewhere.waiting + " input" +
      (elsewhere.waiting > 1 ? "s" : "") + " not yet recorded" + (elsewhere.held ? ", waiting on its scorekeeper" : "") : "";
    var recent = document.getElementById("recent");
    Array.prototype.slice.call(recent.querySelectorAll("li.unrecorded")).forEach(function (node) { node.remove(); });
    kept.forEach(function (entry) {  // each on top of the one before: the newest first, as the log
      recent.insertBefore(el("li", { class: "unrecorded", "data-key": entry.key, "data-expected": entry.expected_seq },
        [el("span", { class: "num", text: "…" }), " ", el("em", { text: "not yet recorded" }),
         el("span", { class: "muted", text: entry.checked ? " (checked)" : entry.events ? " (unchecked)" :
                                             " (typed: read when sent)" }), " · ",
         Rec.fold(entry.label)]), recent.firstChild);
    });
  }
  Outbox.show = show;

  // -- the service worker: this page and its files from a cache when the server is down at load time -----------
  // The files this page loaded before the worker controlled it are handed to it to keep (record_sw.js).
  function worker() {
    var root = document.getElementById("record");
    if (!("serviceWorker" in navigator)) {  // not a secure context: plain http at an address other than loopback
      document.getElementById("no-offline-copy").hidden = false;
      return root.setAttribute("data-offline-ready", "no service worker");
    }
    navigator.serviceWorker.register(root.getAttribute("data-worker"), { scope: "/matches/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var urls = [location.pathname].concat(
        Array.prototype.map.call(document.querySelectorAll("script[src]"), function (node) { return node.src; }),
        Array.prototype.map.call(document.querySelectorAll("link[rel=stylesheet], link[rel=manifest], " +
                                                           "link[rel=apple-touch-icon]"),
                                 function (node) { return node.href; }));
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data); };
        registration.active.postMessage({ cache: urls }, [channel.port2]);
      });
    }).then(function (answer) {
      root.setAttribute("data-offline-ready", answer.error ? "no: " + answer.error : "yes");
    }, function (error) {
      root.setAttribute("data-offline-ready", "no: " + error);
    });
  }
  worker();

  window.addEventListener("online", function () { Outbox.flush(); });
  window.addEventListener("offline", function () { Outbox.setOnline(false); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") Outbox.flush();
  });
  Outbox.ready.then(function () { if (Outbox.entries.length) schedule(); });
})();
