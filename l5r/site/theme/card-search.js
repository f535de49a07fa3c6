// Card search (cards/search/): typo-tolerant prefix match on titles, filters by type, clan, deck, keyword and
// today's verdict in a chosen format (computed by the build with the deck checker's card_legality).
(function () {
  var D = window.__l5r_cards;
  if (!D) return;
  var root = D.root;
  function $(id) { return document.getElementById(id); }
  function fill(sel, values) {
    values.forEach(function (v, n) { var o = document.createElement("option"); o.value = String(n); o.textContent = v; sel.appendChild(o); });
  }
  fill($("l5r-type"), D.types); fill($("l5r-clan"), D.clans); fill($("l5r-deck"), D.decks);
  D.formats.forEach(function (f, n) { var o = document.createElement("option"); o.value = String(n); o.textContent = f[1]; $("l5r-format").appendChild(o); });
  D.keywords.forEach(function (k) { var o = document.createElement("option"); o.value = k; $("l5r-kws").appendChild(o); });
  var legal = D.status.indexOf("legal");
  function norm(s) { return s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[’']/g, "").replace(/[^a-z0-9]+/g, " ").trim(); }
  var titles = D.cards.map(function (c) { return norm(c[0] + " " + c[1]); });
  // Prefix match, allowing one typo (edit distance 1) in the typed prefix once it is 4 characters or more.
  function near(a, b) {
    if (Math.abs(a.length - b.length) > 1) return false;
    var i = 0, j = 0, edits = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) { i++; j++; continue; }
      if (++edits > 1) return false;
      if (a.length > b.length) i++; else if (b.length > a.length) j++; else { i++; j++; }
    }
    return edits + (a.length - i) + (b.length - j) <= 1;
  }
  function matches(t, q) {
    if (!q) return true;
    if (t.indexOf(q) === 0 || t.indexOf(" " + q) >= 0) return true;
    if (q.length < 4) return false;
    return near(t.slice(0, q.length), q) || near(t.slice(0, q.length + 1), q) || near(t.slice(0, q.length - 1), q);
  }
  function run() {
    var q = norm($("l5r-q").value), ty = $("l5r-type").value, cl = $("l5r-clan").value, dk = $("l5r-deck").value;
    var kw = $("l5r-kw").value.trim(), kwi = kw ? D.keywords.indexOf(kw) : -1, fm = $("l5r-format").value, uq = $("l5r-unique").checked;
    var out = [], total = 0;
    for (var n = 0; n < D.cards.length; n++) {
      var c = D.cards[n];
      if (ty && c[3].indexOf(+ty) < 0) continue;
      if (cl && c[4].indexOf(+cl) < 0) continue;
      if (dk && c[5] !== +dk) continue;
      if (kw && c[6].indexOf(kwi) < 0) continue;
      if (uq && !c[7]) continue;
      if (fm && c[8][+fm] !== legal) continue;
      if (!matches(titles[n], q)) continue;
      total++;
      if (out.length < 200) out.push(c);
    }
    var ul = $("l5r-results");
    ul.textContent = "";
    out.forEach(function (c) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = root + c[2];
      a.addEventListener("click", function (e) { e.stopPropagation(); });  // a plain page load, not Material's instant navigation
      a.textContent = c[0] + (c[1] ? " • " + c[1] : "");
      li.appendChild(a);
      li.appendChild(document.createTextNode(" — " + c[3].map(function (t) { return D.types[t]; }).join(", ") + (c[4].length ? ", " + c[4].map(function (t) { return D.clans[t]; }).join(", ") : "")));
      ul.appendChild(li);
    });
    $("l5r-count").textContent = total + " card" + (total === 1 ? "" : "s") + (total > out.length ? " (first " + out.length + " shown)" : "") + (fm ? "; legality as of " + D.as_of : "");
  }
  ["l5r-q", "l5r-type", "l5r-clan", "l5r-deck", "l5r-kw", "l5r-format", "l5r-unique"].forEach(function (id) {
    $(id).addEventListener("input", run); $(id).addEventListener("change", run);
  });
  run();
})();
