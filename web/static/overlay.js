// A broadcast overlay (web/overlay.py): follows the match's overlay stream (web/overlay_feed.py), held back by its
// broadcast delay, in the page's view (the spectator's, or the caster's with the token the address's fragment gives:
// #caster=<token>, sent as a Bearer token, never in a URL), and draws the page's kind from each state it sends: the
// score bug, the board, the chain and showdown, or the card popup. Every text is set as text, never as HTML.
// #overlay carries data-seq (the seq drawn) and data-drawn (how many times it was drawn) for tests and benchmarks.
(function () {
  "use strict";

  var root, drawing, kind, match, token = null, view = "spectator", popupSeq = null, popupTimer = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function nameOf(state, player) {
    var entry = (state.players || {})[player];
    return entry && entry.name ? entry.name : (player || "");
  }

  function cardOf(state, ref) {
    return (state.objects || {})[ref] || null;
  }

  function phaseLine(data) {
    var state = data.state, parts = [];
    if (state.turn) parts.push("Turn " + state.turn);
    if (state.phase) parts.push(String(state.phase).replace(/_/g, " "));
    if (state.state && String(state.state).indexOf("showdown") === 0) parts.push("showdown");
    var acting = state.focus || state.priority;
    if (acting) parts.push((state.focus ? "focus: " : "priority: ") + nameOf(state, acting));
    return parts.join(" · ");
  }

  // --- the score bug ----------------------------------------------------------------------------------------------
  function drawScore(data) {
    var state = data.state, bug = el("div", "score-bug");
    var players = state.turn_order && state.turn_order.length ? state.turn_order : Object.keys(state.players || {});
    players.forEach(function (player, index) {
      var entry = state.players[player] || {};
      var side = el("div", "score-player" + (state.turn_player === player ? " on-turn" : ""));
      side.setAttribute("data-player", player);
      var who = el("div", "who");
      who.appendChild(el("span", "name", entry.name || player));
      if (entry.team) who.appendChild(el("span", "team", entry.team));
      var legend = cardOf(state, entry.legend);
      who.appendChild(el("span", "legend", legend && legend.card ? legend.card : ""));
      side.appendChild(who);
      var points = el("div", "points");
      points.appendChild(el("b", "value", entry.points || 0));
      points.appendChild(el("span", "out-of", "/" + (data.victory_score || "")));
      side.appendChild(points);
      bug.appendChild(side);
      if (index === 0) bug.appendChild(el("div", "score-middle", phaseLine(data)));
    });
    return bug;
  }

  // --- the board --------------------------------------------------------------------------------------------------
  function drawCard(state, ref, classes) {
    var obj = cardOf(state, ref) || {}, tile = el("div", "tile " + (classes || ""));
    tile.setAttribute("data-ref", ref);
    if (!obj.card) {
      tile.className += " card-back";
      tile.appendChild(el("span", "back", "riftlog"));
      return tile;
    }
    if (obj.exhausted) tile.className += " exhausted";
    tile.appendChild(el("span", "card-name", obj.card));
    if (obj.might !== null && obj.might !== undefined) tile.appendChild(el("b", "might", obj.might));
    if (obj.damage) tile.appendChild(el("span", "damage", obj.damage));
    (obj.attached || []).forEach(function (gear) {
      var attached = cardOf(state, gear);
      tile.appendChild(el("span", "gear", attached && attached.card ? attached.card : "gear"));
    });
    return tile;
  }

  function drawUnits(state, refs, into) {
    (refs || []).forEach(function (ref) {
      var obj = cardOf(state, ref) || {};
      if (!obj.attached_to) into.appendChild(drawCard(state, ref, obj.type === "Unit" ? "unit" : ""));
    });
  }

  function drawSide(data, player) {
    var state = data.state, entry = state.players[player] || {}, side = el("section", "side");
    side.setAttribute("data-player", player);
    var head = el("header", "side-head");
    head.appendChild(el("span", "name", entry.name || player));
    var legend = cardOf(state, entry.legend);
    if (legend && legend.card) head.appendChild(el("span", "legend", legend.card));
    var runes = entry.runes || [];
    var ready = runes.filter(function (ref) { return !(cardOf(state, ref) || {}).exhausted; }).length;
    head.appendChild(el("span", "runes", "Runes " + ready + "/" + runes.length + " ready"));
    var pool = entry.pool || {}, power = Object.keys(pool.power || {}).filter(function (domain) {
      return pool.power[domain];
    }).map(function (domain) { return pool.power[domain] + " " + domain; });
    if (pool.energy || power.length) {
      head.appendChild(el("span", "pool", "Pool " + [(pool.energy || 0) + " energy"].concat(power).join(", ")));
    }
    var count = typeof entry.hand_count === "number" ? entry.hand_count : (entry.hand || []).length;
    head.appendChild(el("span", "hand-count", "Hand " + count));
    side.appendChild(head);
    var base = el("div", "base");
    base.appendChild(el("span", "zone-label", "Base"));
    drawUnits(state, entry.base, base);
    side.appendChild(base);
    var shownHand = (entry.hand || []).filter(function (ref) { return (cardOf(state, ref) || {}).card; });
    if (shownHand.length) {
      var hand = el("div", "hand");
      hand.appendChild(el("span", "zone-label", "Hand"));
      shownHand.forEach(function (ref) { hand.appendChild(drawCard(state, ref, "hand-card")); });
      side.appendChild(hand);
    }
    return side;
  }

  function drawBoard(data) {
    var state = data.state, board = el("div", "board");
    var players = state.turn_order && state.turn_order.length ? state.turn_order : Object.keys(state.players || {});
    var top = el("div", "sides top"), bottom = el("div", "sides bottom");
    players.forEach(function (player, index) {
      (index % 2 ? top : bottom).appendChild(drawSide(data, player));
    });
    var fields = el("div", "battlefields");
    (state.battlefields || []).forEach(function (field) {
      var box = el("section", "battlefield" + (field.contested ? " contested" : ""));
      box.setAttribute("data-battlefield", field.id);
      var head = el("header", "field-head");
      head.appendChild(el("span", "field-name", field.name));
      head.appendChild(el("span", "controller", field.controller ? "held by " + nameOf(state, field.controller)
                                                                 : "uncontrolled"));
      if (field.contested) head.appendChild(el("span", "contested-by", "contested"));
      box.appendChild(head);
      players.forEach(function (player) {
        var row = el("div", "field-units");
        row.setAttribute("data-player", player);
        row.appendChild(el("span", "zone-label", nameOf(state, player)));
        drawUnits(state, (field.units || []).filter(function (ref) {
          return (cardOf(state, ref) || {}).controller === player;
        }), row);
        box.appendChild(row);
      });
      if (field.facedown) box.appendChild(drawCard(state, field.facedown, "facedown"));
      fields.appendChild(box);
    });
    board.appendChild(top);
    board.appendChild(fields);
    board.appendChild(bottom);
    return board;
  }

  // --- the chain and showdown -------------------------------------------------------------------------------------
  function drawChain(data) {
    var state = data.state, chain = state.chain || [];
    var showdown = state.state && String(state.state).indexOf("showdown") === 0;
    var panel = el("div", "chain-panel");
    if (!chain.length && !showdown) {
      panel.hidden = true;
      return panel;
    }
    panel.appendChild(el("h2", "chain-title", chain.length ? (showdown ? "Showdown · chain" : "Chain") : "Showdown"));
    var list = el("ol", "chain-items");
    chain.slice().reverse().forEach(function (item) {
      var row = el("li", "chain-item");
      row.appendChild(el("span", "card-name", item.card || "(hidden)"));
      row.appendChild(el("span", "item-kind", item.label ? item.kind + " · " + item.label : item.kind));
      row.appendChild(el("span", "controller", nameOf(state, item.controller)));
      var targets = (item.targets || []).map(function (ref) {
        var target = cardOf(state, ref);
        return target && target.card ? target.card : ref;
      });
      if (targets.length) row.appendChild(el("span", "targets", "→ " + targets.join(", ")));
      list.appendChild(row);
    });
    panel.appendChild(list);
    var passed = (data.passes || []).map(function (player) { return nameOf(state, player); });
    panel.appendChild(el("p", "passes", passed.length ? "Passed: " + passed.join(", ") : "No one has passed"));
    panel.appendChild(el("p", "acting", phaseLine(data)));
    return panel;
  }

  // --- the card popup ---------------------------------------------------------------------------------------------
  function drawPopup(card, state) {
    var popup = el("div", "card-popup");
    popup.setAttribute("data-seq", card.seq);
    var verb = card.kind === "play" ? " plays" : " activates";
    popup.appendChild(el("p", "played-by", nameOf(state, card.player) + verb));
    popup.appendChild(el("h2", "card-name", card.card));
    var facts = [card.type, card.energy !== null && card.energy !== undefined ? card.energy + " energy" : null,
                 card.power ? card.power + " power" : null, card.might !== null && card.might !== undefined ?
                 card.might + " Might" : null].filter(Boolean);
    popup.appendChild(el("p", "facts", facts.join(" · ")));
    if (card.keywords && card.keywords.length) popup.appendChild(el("p", "keywords", card.keywords.join(", ")));
    popup.appendChild(el("p", "card-text", card.text || ""));
    return popup;
  }

  function popupFor(data, first) {
    var card = data.played;
    if (!card || card.seq === popupSeq) return null;
    var seconds = Number(root.getAttribute("data-card-seconds")) || 6;
    popupSeq = card.seq;
    if (first) return null; // a page opened mid-match shows the next card played, not the last one
    if (popupTimer) window.clearTimeout(popupTimer);
    popupTimer = window.setTimeout(function () {
      var shown = drawing.querySelector(".card-popup");
      if (shown) shown.remove();
      popupTimer = null;
    }, seconds * 1000);
    return drawPopup(card, data.state);
  }

  var DRAW = {score: drawScore, board: drawBoard, chain: drawChain};

  function draw(data, first) {
    if (kind === "card") {
      var popup = popupFor(data, first);
      if (popup) drawing.replaceChildren(popup);
    } else {
      drawing.replaceChildren(DRAW[kind](data));
    }
    root.setAttribute("data-seq", String(data.seq));
    root.setAttribute("data-drawn", String(Number(root.getAttribute("data-drawn")) + 1));
  }

  function refuse(message) {
    var error = document.getElementById("overlay-error");
    error.textContent = message;
    error.hidden = false;
    drawing.replaceChildren();
  }

  // The overlay's own stream (web/overlay_feed.py): the state at once, then each moment the broadcast delay lets
  // out. Read with fetch, which sends the caster's token as a header (an EventSource cannot); on its end or a
  // network error it is opened again after RETRY ms. A refusal (401, 403, 404) is shown and not retried.
  var RETRY = 3000, drawn = 0;

  function follow() {
    var headers = {Accept: "text/event-stream"};
    if (token) headers.Authorization = "Bearer " + token;
    fetch("/api/matches/" + encodeURIComponent(match) + "/overlay/stream?view=" + view,
          {headers: headers, cache: "no-store", credentials: "omit"})
      .then(function (response) {
        if (!response.ok) {
          return response.json().then(function (body) {
            refuse(response.status + ": " + (body.error || body.message || "refused"));
            root.setAttribute("data-refused", "true");
          }, function () { window.setTimeout(follow, RETRY); });  // not the server's answer (a proxy's): again
        }
        return readMessages(response.body.getReader(), new TextDecoder(), "");
      })
      .catch(function () { window.setTimeout(follow, RETRY); });
  }

  function readMessages(reader, decoder, buffered) {
    return reader.read().then(function (chunk) {
      if (chunk.done) { window.setTimeout(follow, RETRY); return; }
      var messages = (buffered + decoder.decode(chunk.value, {stream: true})).split("\n\n");
      var rest = messages.pop();
      messages.forEach(function (text) {
        var data = text.split("\n").filter(function (line) { return line.indexOf("data: ") === 0; })
          .map(function (line) { return line.slice(6); }).join("\n");
        if (data) { draw(JSON.parse(data), drawn === 0); drawn += 1; }
      });
      return readMessages(reader, decoder, rest);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    root = document.getElementById("overlay");
    drawing = document.getElementById("drawing");
    if (!root || !drawing) return;
    kind = root.getAttribute("data-kind");
    match = root.getAttribute("data-match");
    var fragment = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    if (fragment.get("caster")) {
      token = fragment.get("caster");
      view = "caster";
      root.setAttribute("data-view", view);
    }
    follow();
  });
})();
