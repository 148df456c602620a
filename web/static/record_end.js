// The end of a game on the recording screen: who won, the seal of the record (GET /api/matches/<id>/seal, the code
// the judge writes on the match slip, shown large), publishing the finished match (POST .../publish, the match
// token) and the printable match slip where the server has one. The server signs and decides; this file only asks.
(function () {
  "use strict";

  var Rec = window.Rec, el = Rec.el;
  var root = document.getElementById("record");

  function name(player) {
    return Rec.ui.playerName(player);
  }

  // The seal: the code large, grouped as printed, with the seq it covers; a later event needs a new seal.
  function showSeal(box, seal) {
    box.textContent = "";
    box.appendChild(el("p", { class: "seal-label", text: "Seal code for the match slip" }));
    box.appendChild(el("p", { id: "seal-code", class: "seal-code", "data-seq": seal.head_seq, text: seal.code }));
    box.appendChild(el("p", { class: "muted", text: "Covers events 1–" + seal.head_seq + " (key " + seal.key_id +
      "). Anything recorded later needs a new seal." }));
  }

  function seal(box) {
    box.textContent = "Sealing…";
    return Rec.api("GET", "/seal").then(function (answer) {
      if (answer.status !== 200) {
        box.textContent = "";
        Rec.say("error", "No seal: " + (answer.body.error || "the server answered " + answer.status));
        return null;
      }
      showSeal(box, answer.body);
      return answer.body;
    }, function () {
      box.textContent = "";
      Rec.say("error", "No answer from the server: ask for the seal again.");
    });
  }

  // Publishing asks first, as undo does: it is the dock's button once the game is over (where every other tap of
  // the match went), it cannot be taken back, and it shows every hand to everyone.
  function askToPublish() {
    if (Rec.busy || Rec.data.published_at) return;
    Rec.say("confirm", "Publish match " + Rec.matchId + "? Every view of it, every hand included, becomes public " +
            "for good: after the round.", [], [
      el("button", { id: "publish-confirm", type: "button", class: "danger", text: "Yes, publish it",
                     onclick: publish }),
      el("button", { id: "publish-cancel", type: "button", text: "Not yet", onclick: function () {
        document.getElementById("message").hidden = true;
      } })]);
  }

  function publish() {
    if (Rec.busy) return;
    Rec.api("POST", "/publish").then(function (answer) {
      if (answer.status !== 200) {
        Rec.say("error", "Not published: " + (answer.body.error || "the server answered " + answer.status));
        return;
      }
      Rec.say("recorded", "Published " + answer.body.published_at + ": every view of the match, hands included, " +
              "is public now.");
      var node = document.getElementById("publish");
      if (node) { node.disabled = true; node.textContent = "Published"; }
    }, function () { Rec.say("error", "No answer from the server: publish again."); });
  }

  // The slip opens in a tab of its own with the match token in the link's fragment, as the organiser's link
  // brought it here (the slip's page keeps it and drops it from the address; a fragment is never sent).
  function slipLink() {
    var slip = root.getAttribute("data-slip");
    return slip ? el("a", { id: "match-slip", class: "button-link primary-link", target: "_blank", rel: "noopener",
                            href: slip + "#token=" + encodeURIComponent(Rec.token() || ""),
                            text: "Print the match slip" }) : null;
  }

  // The game-over screen: the winner, the seal code at once (large), then publish and the match slip.
  Rec.gameOver = function () {
    var state = Rec.data.state, winner = state.match_winner || state.winner;
    var published = Rec.data.published_at;
    var box = el("div", { id: "seal", class: "seal" });
    var publishButton = Rec.ui.button("publish", published ? "Published" : "Publish the match", askToPublish,
                                      "docked");
    publishButton.disabled = !!published;
    Rec.ui.show((state.match_winner ? "Match" : "Game " + (state.game || "")) + " over: " + name(winner) + " wins", [
      el("p", { class: "final-score", text: "Points this game: " +
        Object.keys(state.scores || {}).map(function (player) {
          return name(player) + " " + state.scores[player];
        }).join(" · ") }),
      box, slipLink(),
      Rec.ui.button("seal-again", "Read the seal code again", function () { seal(box); }, "small"), publishButton,
      el("p", { class: "hint", text: "Publishing makes the judge's view public, every hand included: after the round." })],
      "Copy the seal code onto the match slip");
    var ended = Rec.data.head_seq;
    seal(box).then(function (sealed) {
      // The code in view once a game has ended, wherever the tap that ended it left the page (the concession
      // form sits below the board, and closes); not again at each later reading of the same end.
      if (!sealed || shownAt === ended) return;
      shownAt = ended;
      box.scrollIntoView({ block: "center" });
    });
  };
  var shownAt = null;

  // The judge's seal at any time (the standing row): the code of the record as it stands.
  document.getElementById("seal-open").addEventListener("click", function () {
    var box = el("div", { id: "seal", class: "seal" });
    Rec.ui.extra("Seal", [box]);
    seal(box);
  });
})();
