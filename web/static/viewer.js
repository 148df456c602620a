// The match viewer's script: the keys, autoplay, the board's flip, the keys overlay and the scrubber (first
// section) and keeping the current event in sight in the timeline. A token in a link's fragment: fragment.js.
(function () {
  "use strict";

  // ---- Keys, autoplay, flip, the keys overlay and the scrubber ------------------------------------------------
  // One table of keys (web/keys.py) is in the page as #viewer-keys, {key: action}: an action is a step button's id
  // (a plain link naming its target seq: the key follows it) or one of ACTIONS below; the `?` overlay lists the
  // same table. Autoplay follows the "next event" link at the chosen speed; whether it plays, its speed and the
  // flip are kept in sessionStorage, so they carry over from page to page of this tab.
  var store = window.sessionStorage;
  var page = null; // {match, main} once the page has loaded

  function keyName(event) {
    var shifted = event.shiftKey && event.key.indexOf("Arrow") === 0;
    return (shifted ? "Shift+" : "") + event.key;
  }

  function read(key) {
    try { return store.getItem(key); } catch (error) { return null; }
  }

  function write(key, value) {
    try {
      if (value === null) store.removeItem(key); else store.setItem(key, value);
    } catch (error) { /* storage refused (private mode): the setting lasts for this page only */ }
  }

  // The autoplay clock: real timers, or, once a test sets sessionStorage "riftlog-clock" to "manual", a clock that
  // only moves when riftlogViewer.tick() is called (no waiting on real time in tests).
  var pending = null;
  var clock = {
    set: function (callback, delay) {
      clock.clear();
      if (read("riftlog-clock") === "manual") pending = callback;
      else pending = window.setTimeout(callback, delay);
    },
    clear: function () {
      if (typeof pending === "number") window.clearTimeout(pending);
      pending = null;
    }
  };

  function speeds() {
    return document.getElementById("tools").getAttribute("data-speeds").split(" ").map(Number);
  }

  function speed() {
    var chosen = Number(read("riftlog-speed"));
    return speeds().indexOf(chosen) !== -1 ? chosen
      : Number(document.getElementById("tools").getAttribute("data-speed"));
  }

  function playing() {
    return read("riftlog-autoplay") === page.match;
  }

  // A step loads the page at its new seq; the reader's place on the page goes with it ("match y" in this tab's
  // storage, taken back as the next page loads), so the board a phone is scrolled to stays in view after each tap
  // instead of the page opening at its top (issue 27). Every way of stepping keeps it: the step links, their keys,
  // autoplay, the scrubber, the timeline's links and the seq box.
  var PLACE = "riftlog-scroll";

  function keepPlace() {
    write(PLACE, page.match + " " + Math.round(window.scrollY));
  }

  function go(url) {
    keepPlace();
    window.location.assign(url);
  }

  function stepForward() {
    var next = document.getElementById("next-event");
    if (!next || !next.hasAttribute("href")) { setPlaying(false); return; }
    go(next.href);
  }

  function schedule() {
    if (playing()) clock.set(stepForward, 1000 / speed()); else clock.clear();
  }

  function setPlaying(on) {
    var next = document.getElementById("next-event");
    if (on && !(next && next.hasAttribute("href"))) on = false; // at the last event: nothing to play
    write("riftlog-autoplay", on ? page.match : null);
    var button = document.getElementById("autoplay");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "❚❚ Pause" : "▶ Play";
    schedule();
  }

  function changeSpeed(by) {
    var all = speeds();
    var index = Math.min(Math.max(all.indexOf(speed()) + by, 0), all.length - 1);
    write("riftlog-speed", String(all[index]));
    document.getElementById("speed-value").textContent = String(all[index]);
    schedule();
  }

  function setFlipped(on) {
    write("riftlog-flip-" + page.match, on ? "1" : null);
    page.main.classList.toggle("flipped", on);
    document.getElementById("flip").setAttribute("aria-pressed", on ? "true" : "false");
  }

  function toggleOverlay() {
    var overlay = document.getElementById("keys-overlay");
    if (overlay.open) overlay.close(); else overlay.showModal();
  }

  var ACTIONS = {
    play: function () { setPlaying(!playing()); },
    slower: function () { changeSpeed(-1); },
    faster: function () { changeSpeed(+1); },
    flip: function () { setFlipped(!page.main.classList.contains("flipped")); },
    help: toggleOverlay
  };

  function seek(seq) {
    var url = new URL(window.location.href);
    url.searchParams.set("seq", String(seq));
    url.searchParams.set("view", page.main.getAttribute("data-view"));
    go(url.toString());
  }

  document.addEventListener("keydown", function (event) {
    if (!page || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    var action = page.keys[keyName(event)];
    if (!action) return;
    var overlay = document.getElementById("keys-overlay");
    if (overlay.open && action !== "help") return; // the overlay is open: only `?` (or Escape) closes it
    event.preventDefault();
    if (ACTIONS[action]) { ACTIONS[action](); return; }
    var link = document.getElementById(action);
    if (link && link.hasAttribute("href")) go(link.href);
  });

  document.addEventListener("DOMContentLoaded", function () {
    var main = document.getElementById("match");
    var table = document.getElementById("viewer-keys");
    if (!main || !table) return;
    page = {match: main.getAttribute("data-match"), main: main, keys: JSON.parse(table.textContent)};
    document.getElementById("speed-value").textContent = String(speed());
    setFlipped(read("riftlog-flip-" + page.match) === "1");
    var buttons = {autoplay: "play", flip: "flip", "keys-button": "help"};
    Object.keys(buttons).forEach(function (id) {
      document.getElementById(id).addEventListener("click", function (event) {
        event.currentTarget.blur(); // so that Space goes on playing and pausing, not pressing the button
        ACTIONS[buttons[id]]();
      });
    });
    document.getElementById("speed").addEventListener("click", function (event) {
      event.currentTarget.blur();
      var all = speeds();
      changeSpeed(all.indexOf(speed()) === all.length - 1 ? -(all.length - 1) : 1); // round and round
    });
    document.getElementById("keys-overlay").addEventListener("click", function (event) {
      if (event.target === event.currentTarget) event.currentTarget.close(); // a click on the backdrop
    });
    // The scrubber: a click goes to the exact seq under it (each run is also a plain link to its first seq).
    var track = document.getElementById("scrubber-track");
    track.addEventListener("click", function (event) {
      var box = track.getBoundingClientRect();
      var head = Number(document.getElementById("scrubber").getAttribute("data-head-seq"));
      var seq = Math.min(Math.max(Math.floor((event.clientX - box.left) / box.width * head) + 1, 1), head);
      event.preventDefault();
      seek(seq);
    });
    // A tap on a step link, a run of the scrubber or an event of the timeline, or the seq box sent: the place is
    // kept as the browser follows it.
    ["steps", "scrubber", "timeline"].forEach(function (id) {
      var node = document.getElementById(id);
      if (node) node.addEventListener("click", function (event) {
        if (event.target.closest && event.target.closest("a[href]")) keepPlace();
      });
    });
    var box = document.querySelector("#steps form.position");
    if (box) box.addEventListener("submit", keepPlace);
    var place = (read(PLACE) || "").split(" ");
    write(PLACE, null);
    if (place[0] === page.match && Number(place[1]) > 0) window.scrollTo(0, Number(place[1]));
    if (playing()) setPlaying(true);
  });

  // Test hooks: drive the autoplay clock by hand (see the clock above).
  window.riftlogViewer = {
    tick: function () {
      var callback = pending;
      pending = null;
      if (typeof callback === "function") callback();
      return typeof callback === "function";
    },
    pending: function () { return typeof pending === "function"; }
  };

  // Keep the current event in sight in the timeline without scrolling the page itself.
  document.addEventListener("DOMContentLoaded", function () {
    var list = document.getElementById("timeline");
    var current = list && list.querySelector("li.current");
    if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  });
})();
