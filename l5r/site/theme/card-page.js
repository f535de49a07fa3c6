// A pool card page (l5r/site/cardpage/): the date picker shows the deck checker's verdict for that day,
// read from the timeline the build embedded (verdicts computed in Python; nothing is re-decided here). The
// citation's copy button is assets/codex.js's, as on every other page.
(function () {
  var data = document.getElementById("l5r-card-timeline");
  var picker = document.getElementById("l5r-as-of");
  var table = document.querySelector("table.l5r-legality");
  if (!picker && data && table) {
    // The picker is written here, not into every page: it works only with this script, and every byte of a card
    // page is repeated on every card page. Its first day is the build's, the day the table's verdicts are for.
    var line = document.createElement("p");
    line.innerHTML = '<label for="l5r-as-of">On</label> <input type="date" id="l5r-as-of"> <small>A ban changes a ' +
      "verdict: pick a day to see the deck checker\u2019s verdicts then.</small>";
    picker = line.querySelector("input");
    picker.value = data.getAttribute("data-today") || "";
    table.parentNode.insertBefore(line, table);
  }
  // Formats left out of the timeline have one verdict at every date: their row already shows it. A segment many
  // cards share is written once, in the list the build puts first in this file, and a page names it by number.
  var timeline = data ? JSON.parse(data.textContent) : {};
  var shared = window.__l5r_card_segments || [];
  Object.keys(timeline).forEach(function (fmt) {
    timeline[fmt] = timeline[fmt].map(function (s) { return typeof s === "number" ? shared[s] : s; });
  });
  function show() {
    var day = picker.value;
    if (!day) return;
    document.querySelectorAll("table.l5r-legality tr[data-format]").forEach(function (row) {
      var segments = timeline[row.getAttribute("data-format")];
      if (!segments) return;
      var verdict = null;
      segments.forEach(function (s) { if (s[0] === null || s[0] <= day) verdict = s; });
      if (!verdict) return;
      var status = row.cells[1], why = row.cells[2];  // Format, Status, Why
      status.textContent = verdict[1].replace(/-/g, " ");
      status.setAttribute("data-status", verdict[1]);
      why.textContent = verdict[2] + (verdict[3].length ? " (" + verdict[3].join(", ") + ")" : "");
    });
    sentence();
  }
  // The verdicts in one sentence above the table, as the build words it (cardpage/verdicts.py verdict_sentence): formats
  // with the same verdict together, in the table's order.
  function sentence() {
    var line = document.getElementById("l5r-verdict");
    if (!line) return;
    var groups = [], names = {};
    document.querySelectorAll("table.l5r-legality tr[data-format]").forEach(function (row) {
      var status = row.cells[1].getAttribute("data-status");
      if (!names[status]) { names[status] = []; groups.push(status); }
      names[status].push(row.cells[0].textContent);
    });
    var text = groups.map(function (status) {
      var list = names[status];
      var joined = list.length === 1 ? list[0] : list.slice(0, -1).join(", ") + " and " + list[list.length - 1];
      return status.replace(/-/g, " ") + " in " + joined;
    }).join("; ");
    line.textContent = text ? text.charAt(0).toUpperCase() + text.slice(1) + "." : "";
  }
  if (picker) { picker.addEventListener("change", show); picker.addEventListener("input", show); }
})();
