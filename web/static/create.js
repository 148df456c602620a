// The match creation form (web/create.py): show the players the chosen mode has (2, 3 or 4) and the 2v2 teams as
// the mode changes. Without this script the form still works: "Check decks" draws the mode's players.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("create-form");
    if (!form) return;
    var players = JSON.parse(form.getAttribute("data-players"));
    function show() {
      var checked = form.querySelector("input[name=mode]:checked");
      var mode = checked ? checked.value : "duel";
      var count = players[mode] || 2;
      form.querySelectorAll("fieldset.player").forEach(function (fieldset) {
        fieldset.hidden = Number(fieldset.getAttribute("data-seat")) > count;
      });
      form.querySelectorAll("label.team").forEach(function (label) { label.hidden = mode !== "2v2"; });
    }
    form.querySelectorAll("input[name=mode]").forEach(function (radio) { radio.addEventListener("change", show); });
    show();
    // A form that came back with problems: its summary at the top takes the focus (read out, in view), and a tap
    // on a problem puts the cursor in its field with the field's label in view, as GOV.UK's error summary does.
    var summary = document.getElementById("error-summary");
    if (!summary) return;
    summary.focus();
    summary.addEventListener("click", function (event) {
      var link = event.target.closest("a[data-field]");
      var field = link && document.getElementById(link.getAttribute("data-field"));
      if (!field) return;
      event.preventDefault();
      (field.closest("label") || field).scrollIntoView({ block: "start" });
      field.focus({ preventScroll: true });
    });
  });
})();
