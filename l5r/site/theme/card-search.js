// Card search (cards/search/): typo-tolerant prefix match on titles, filters by type, clan, deck, keyword and
// today's verdict per format (computed by the build with the deck checker's card_legality): legal in one format,
// not legal in another ("legal here, not there"), banned in some format. The filters are kept in the address
// (?q=…&legal=modern&not=obsidian-hand&banned=1), so a filtered list can be linked.
(function () {
  var D = window.__l5r_cards;
  if (!D) return;
  var root = D.root;
  function $(id) { return document.getElementById(id); }
  function fill(sel, values) {
    values.forEach(function (v, n) { var o = document.createElement("option"); o.value = String(n); o.textContent = v; sel.appendChild(o); });
  }
  fill($("l5r-type"), D.types); fill($("l5r-clan"), D.clans); fill($("l5r-deck"), D.decks);
  D.formats.forEach(function (f, n) {
    ["l5r-format", "l5r-notformat"].forEach(function (id) {
      var o = document.createElement("option"); o.value = String(n); o.textContent = f[1]; $(id).appendChild(o);
    });
  });
  D.keywords.forEach(function (k) { var o = document.createElement("option"); o.value = k; $("l5r-kws").appendChild(o); });
  // The deck checker's three-valued answer: legal, not legal (banned or outside the legal pool), or "not-checked"
  // (cannot be checked: New Era's collection is not in the pool). "Not legal in" finds only the second.
  var legal = D.status.indexOf("legal"), banned = D.status.indexOf("banned"), notLegal = D.status.indexOf("not-legal");
  var notChecked = D.status.indexOf("not-checked");
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
    var nf = $("l5r-notformat").value, bn = $("l5r-banned").checked;
    var out = [], total = 0, unchecked = 0, uncheckedIn = {};
    for (var n = 0; n < D.cards.length; n++) {
      var c = D.cards[n];
      if (ty && c[3].indexOf(+ty) < 0) continue;
      if (cl && c[4].indexOf(+cl) < 0) continue;
      if (dk && c[5] !== +dk) continue;
      if (kw && c[6].indexOf(kwi) < 0) continue;
      if (uq && !c[7]) continue;
      if (bn && c[8].indexOf(banned) < 0) continue;
      if (!matches(titles[n], q)) continue;
      var cannot = [fm, nf].filter(function (f) { return f && c[8][+f] === notChecked; });
      if (cannot.length) { unchecked++; cannot.forEach(function (f) { uncheckedIn[f] = true; }); continue; }
      if (fm && c[8][+fm] !== legal) continue;
      if (nf && c[8][+nf] !== banned && c[8][+nf] !== notLegal) continue;
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
      var where = [];
      c[8].forEach(function (st, f) { if (st === banned) where.push(D.formats[f][1]); });
      li.appendChild(document.createTextNode(" — " + c[3].map(function (t) { return D.types[t]; }).join(", ") + (c[4].length ? ", " + c[4].map(function (t) { return D.clans[t]; }).join(", ") : "") + (where.length ? "; banned in " + where.join(", ") : "")));
      ul.appendChild(li);
    });
    var uncheckedText = unchecked ? "; " + unchecked + " card" + (unchecked === 1 ? "" : "s") + " cannot be checked in " +
      Object.keys(uncheckedIn).map(function (f) { return D.formats[+f][1]; }).join(" or ") + " (neither legal nor not legal)" : "";
    $("l5r-count").textContent = total + " card" + (total === 1 ? "" : "s") + (total > out.length ? " (first " + out.length + " shown)" : "") + (fm || nf || bn ? "; legality as of " + D.as_of : "") + uncheckedText;
    remember();
  }
  // The filters in the address: ?q=&type=&clan=&deck=&kw=&legal=<format id>&not=<format id>&banned=1&unique=1
  var FIELDS = [["q", "l5r-q"], ["type", "l5r-type"], ["clan", "l5r-clan"], ["deck", "l5r-deck"], ["kw", "l5r-kw"],
    ["legal", "l5r-format"], ["not", "l5r-notformat"], ["banned", "l5r-banned"], ["unique", "l5r-unique"]];
  function formatIndex(id) { for (var n = 0; n < D.formats.length; n++) if (D.formats[n][0] === id) return String(n); return ""; }
  function tableIndex(table, name) { var n = table.indexOf(name); return n < 0 ? "" : String(n); }
  function restore() {
    var p = new URLSearchParams(location.search);
    FIELDS.forEach(function (f) {
      var v = p.get(f[0]), el = $(f[1]);
      if (v === null) return;
      if (el.type === "checkbox") el.checked = v === "1";
      else if (f[0] === "legal" || f[0] === "not") el.value = formatIndex(v);
      else if (f[0] === "type") el.value = tableIndex(D.types, v);
      else if (f[0] === "clan") el.value = tableIndex(D.clans, v);
      else if (f[0] === "deck") el.value = tableIndex(D.decks, v);
      else el.value = v;
    });
  }
  function remember() {
    if (!window.history || !history.replaceState || location.protocol === "file:") return;
    var p = new URLSearchParams();
    FIELDS.forEach(function (f) {
      var el = $(f[1]), v;
      if (el.type === "checkbox") v = el.checked ? "1" : "";
      else if (f[0] === "legal" || f[0] === "not") v = el.value ? D.formats[+el.value][0] : "";
      else if (f[0] === "type") v = el.value ? D.types[+el.value] : "";
      else if (f[0] === "clan") v = el.value ? D.clans[+el.value] : "";
      else if (f[0] === "deck") v = el.value ? D.decks[+el.value] : "";
      else v = el.value.trim();
      if (v) p.set(f[0], v);
    });
    var query = p.toString();
    history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }
  FIELDS.forEach(function (f) {
    $(f[1]).addEventListener("input", run); $(f[1]).addEventListener("change", run);
  });
  restore();
  run();
})();
