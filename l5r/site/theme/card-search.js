// Card search (cards/search/): a query line with a Scryfall-like syntax, combined with the form's filters (type,
// clan, deck, keyword, today's verdict per format as the deck checker's card_legality decides it, banned somewhere,
// unique). Bare words match titles (a word prefix, one typo forgiven from 4 letters); "quoted words" are an exact
// title; key:value terms filter (see the help block on the page and README); a leading "-" negates a term.
// Everything is kept in the address (?find=…&legal=modern&not=obsidian-hand&banned=1), online and from file://, so a
// search can be linked. Results come 100 at a time with a "Show more" button.
(function () {
  var D = window.__l5r_cards, T = window.l5rTitles;  // T: assets/title-match.js, the header search's rule too
  if (!D || !T) return;
  var root = D.root, PAGE = 100;
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
  var LEGAL = D.status.indexOf("legal"), BANNED = D.status.indexOf("banned");
  // "Not legal" is a verdict the checker reached (banned, outside the legal sets, not a deck card); a card whose
  // legality the checker cannot decide ("not-checked") is neither legal nor not legal.
  var NOT_LEGAL = D.status.map(function (s) { return s === "banned" || s === "not-legal" || s === "not-a-deck-card"; });
  function isNotLegal(st) { return st >= 0 && NOT_LEGAL[st]; }
  // A format whose every verdict is "not-checked" (its card collection is not in the pool): neither f: nor -f:
  // can answer for it, and the page says so instead of listing no card without a word.
  var NOT_CHECKED = D.status.indexOf("not-checked");
  var checkable = D.formats.map(function (f, n) {
    return D.cards.some(function (c) { return c[8][n] !== NOT_CHECKED; });
  });
  var norm = T.fold;
  var titles = D.cards.map(function (c) { return norm(c[0] + " " + c[1]); });
  var bare = D.cards.map(function (c) { return norm(c[0]); });
  // Every bare word must start a word of the title; with `typos`, a word of 4 letters or more may do so but for one
  // typo (tried only when no card matches without: "crab" must not find Crane cards).
  var typos = false;
  function wordsMatch(n, words) {
    var t = titles[n], parts = null;
    for (var w = 0; w < words.length; w++) {
      if (t.indexOf(words[w]) === 0 || t.indexOf(" " + words[w]) >= 0) continue;
      if (!typos || words[w].length < 4) return false;
      parts = parts || t.split(" ");
      if (!parts.some(function (p) { return T.startsNearly(p, words[w]); })) return false;
    }
    return true;
  }

  // ---- The query line --------------------------------------------------------------------------------------
  var KEYS = { t: "type", type: "type", c: "clan", clan: "clan", k: "keyword", kw: "keyword", keyword: "keyword",
    d: "deck", deck: "deck", f: "legal", legal: "legal", banned: "banned", is: "is", year: "year" };
  function formatOf(value) {
    var v = norm(value);
    for (var n = 0; n < D.formats.length; n++) {
      var f = D.formats[n];
      if (v === norm(f[0]) || v === norm(f[2] || "") || v === norm(f[1]) || norm(f[1]).split(" ")[0] === v) return n;
    }
    return -1;
  }
  function formatNames() { return D.formats.map(function (f) { return (f[2] || f[0]).toLowerCase(); }).join(", "); }
  // Positions in a table whose folded name equals the value, else those it starts.
  function tableMatches(table, value) {
    var v = norm(value), exact = [], prefix = [];
    table.forEach(function (name, n) { var x = norm(name); if (x === v) exact.push(n); else if (x.indexOf(v) === 0) prefix.push(n); });
    return exact.length ? exact : prefix;
  }
  function tokens(text) {
    var out = [], re = /(-?)(?:"([^"]*)"?|([a-z]+)(:|<=|>=|<|>|=)("[^"]*"?|\S*)|(\S+))/gi, m;
    while ((m = re.exec(text))) out.push(m);
    return out;
  }
  // The query as a list of tests on a card's position, and the first term the search cannot read (left out).
  function parse(text) {
    var tests = [], words = [], error = null;
    tokens(text).forEach(function (m) {
      var neg = m[1] === "-", test = null;
      if (m[2] !== undefined) {
        var phrase = norm(m[2]);
        if (!phrase) return;
        test = function (n) { return bare[n] === phrase || titles[n] === phrase; };
      } else if (m[3] !== undefined && KEYS[m[3].toLowerCase()]) {
        var key = KEYS[m[3].toLowerCase()], op = m[4], value = m[5].replace(/^"|"$/g, "");
        if (!value) { error = error || "“" + m[0] + "” needs a value after " + m[3] + op; return; }
        if (key !== "year" && op !== ":" && op !== "=") { error = error || "“" + m[0] + "”: only year compares with < or >"; return; }
        if (key === "type" || key === "clan" || key === "deck" || key === "keyword") {
          var table = { type: D.types, clan: D.clans, deck: D.decks, keyword: D.keywords }[key];
          var col = { type: 3, clan: 4, deck: 5, keyword: 6 }[key];
          var found = tableMatches(table, value);
          if (!found.length) { error = error || "No " + key + " is called “" + value + "”."; return; }
          test = function (n) {
            var v = D.cards[n][col];
            return typeof v === "number" ? found.indexOf(v) >= 0 : v.some(function (x) { return found.indexOf(x) >= 0; });
          };
        } else if (key === "legal" || key === "banned") {
          var f = formatOf(value);
          if (f < 0 && !(key === "banned" && norm(value) === "any")) {
            error = error || "No format is called “" + value + "” (formats: " + formatNames() + ")."; return;
          }
          if (key === "legal" && !checkable[f]) {
            error = error || "Legality in " + D.formats[f][1] + " cannot be checked here (its card collection is not " +
              "in the card pool), so " + m[0] + " finds no card.";
          }
          if (key === "banned") test = f < 0 ? function (n) { return D.cards[n][8].indexOf(BANNED) >= 0; }
            : function (n) { return D.cards[n][8][f] === BANNED; };
          else if (neg) { test = function (n) { return isNotLegal(D.cards[n][8][f]); }; neg = false; }
          else test = function (n) { return D.cards[n][8][f] === LEGAL; };
        } else if (key === "is") {
          if (norm(value) !== "unique") { error = error || "“" + m[0] + "”: is: knows only is:unique."; return; }
          test = function (n) { return D.cards[n][7] === 1; };
        } else if (key === "year") {
          var y = +value;
          if (!/^\d{4}$/.test(value)) { error = error || "“" + m[0] + "”: a year is four digits, e.g. year<2012."; return; }
          var cmp = { ":": function (a) { return a === y; }, "=": function (a) { return a === y; },
            "<": function (a) { return a < y; }, "<=": function (a) { return a <= y; },
            ">": function (a) { return a > y; }, ">=": function (a) { return a >= y; } }[op];
          test = function (n) { var a = D.cards[n][9]; return a > 0 && cmp(a); };
        }
      } else if (m[3] !== undefined) {
        error = error || "“" + m[3] + m[4] + "” is not a search key (keys: t: c: k: d: f: banned: is: year)."; return;
      } else {
        var w = norm(m[6] || "");
        if (!w) return;
        if (neg) { var ws = w.split(" "); test = function (n) { var was = typos; typos = false; var r = wordsMatch(n, ws); typos = was; return r; }; }
        else { words.push.apply(words, w.split(" ")); return; }
      }
      tests.push(neg ? function (n) { return !test(n); } : test);
    });
    if (words.length) tests.push(function (n) { return wordsMatch(n, words); });
    return { tests: tests, error: error, words: words.length > 0 };
  }

  // ---- The list ---------------------------------------------------------------------------------------------
  var hits = [], shown = 0, lastKey = null, unchecked = 0, uncheckedIn = {};
  function item(c) {
    var li = document.createElement("li"), a = document.createElement("a");
    a.href = root + c[2];
    a.addEventListener("click", function (e) { e.stopPropagation(); });  // a plain page load, not Material's instant navigation
    a.textContent = c[0] + (c[1] ? " • " + c[1] : "");
    li.appendChild(a);
    var where = [];
    c[8].forEach(function (st, f) { if (st === BANNED) where.push(D.formats[f][1]); });
    li.appendChild(document.createTextNode(" — " + c[3].map(function (t) { return D.types[t]; }).join(", ") + (c[4].length ? ", " + c[4].map(function (t) { return D.clans[t]; }).join(", ") : "") + (c[9] ? ", " + c[9] : "") + (where.length ? "; banned in " + where.join(", ") : "")));
    return li;
  }
  function showMore() {
    var ul = $("l5r-results"), end = Math.min(hits.length, shown + PAGE);
    for (var i = shown; i < end; i++) ul.appendChild(item(D.cards[hits[i]]));
    shown = end;
    var more = $("l5r-more");
    more.hidden = shown >= hits.length;
    more.style.display = more.hidden ? "none" : "";  // Material's .md-button display outranks [hidden]
    more.textContent = "Show " + Math.min(PAGE, hits.length - shown) + " more (" + (hits.length - shown) + " left)";
    var uncheckedText = unchecked ? "; " + unchecked + " card" + (unchecked === 1 ? "" : "s") + " cannot be checked in " +
      Object.keys(uncheckedIn).map(function (f) { return D.formats[+f][1]; }).join(" or ") + " (neither legal nor not legal)" : "";
    $("l5r-count").textContent = hits.length + " card" + (hits.length === 1 ? "" : "s") +
      (hits.length > shown ? " (1–" + shown + " shown)" : "") + (usesLegality ? "; legality as of " + D.as_of : "") +
      uncheckedText;
  }
  var usesLegality = false;
  function state() {
    return FIELDS.map(function (f) { var el = $(f[1]); return el.type === "checkbox" ? (el.checked ? "1" : "") : el.value; }).join("\u0001");
  }
  function run() {
    var key = state();
    // Unchanged (a change event on leaving the box, say): keep the list, and the link under the pointer.
    if (key === lastKey) return;
    lastKey = key;
    var fm = $("l5r-format").value, nf = $("l5r-notformat").value, bn = $("l5r-banned").checked, query = $("l5r-q").value;
    var parsed = parse(query), err = $("l5r-query-error");
    err.textContent = parsed.error || "";
    err.hidden = !parsed.error;
    $("l5r-q").setAttribute("aria-invalid", parsed.error ? "true" : "false");
    usesLegality = !!(fm || nf || bn || /(^|\s)-?(f|legal|banned):/i.test(query));
    var tests = parsed.tests || [];
    typos = false;
    collect(tests);
    if (!hits.length && parsed.words) { typos = true; collect(tests); }
    $("l5r-results").textContent = "";
    shown = 0;
    showMore();
    remember();
  }
  function collect(tests) {
    var ty = $("l5r-type").value, cl = $("l5r-clan").value, dk = $("l5r-deck").value;
    var kw = $("l5r-kw").value.trim(), kwi = kw ? D.keywords.indexOf(kw) : -1, fm = $("l5r-format").value, uq = $("l5r-unique").checked;
    var nf = $("l5r-notformat").value, bn = $("l5r-banned").checked;
    hits = [];
    unchecked = 0;
    uncheckedIn = {};
    for (var n = 0; n < D.cards.length; n++) {
      var c = D.cards[n];
      if (ty && c[3].indexOf(+ty) < 0) continue;
      if (cl && c[4].indexOf(+cl) < 0) continue;
      if (dk && c[5] !== +dk) continue;
      if (kw && c[6].indexOf(kwi) < 0) continue;
      if (uq && !c[7]) continue;
      if (bn && c[8].indexOf(BANNED) < 0) continue;
      var ok = true;
      for (var t = 0; t < tests.length && ok; t++) ok = tests[t](n);
      if (!ok) continue;
      // Neither legal nor not legal in a format whose collection is not in the pool: counted and said, not listed.
      var cannot = [fm, nf].filter(function (f) { return f && c[8][+f] === NOT_CHECKED; });
      if (cannot.length) { unchecked++; cannot.forEach(function (f) { uncheckedIn[f] = true; }); continue; }
      if (fm && c[8][+fm] !== LEGAL) continue;
      if (nf && !isNotLegal(c[8][+nf])) continue;
      hits.push(n);
    }
  }
  // The filters in the address: ?find=&type=&clan=&deck=&kw=&legal=<format id>&not=<format id>&banned=1&unique=1.
  // Not ?q=: Material reads that one as its own search and opens its search box over the page. An older link's
  // ?q= is read as find= and rewritten before Material looks at the address.
  var FIELDS = [["find", "l5r-q"], ["type", "l5r-type"], ["clan", "l5r-clan"], ["deck", "l5r-deck"], ["kw", "l5r-kw"],
    ["legal", "l5r-format"], ["not", "l5r-notformat"], ["banned", "l5r-banned"], ["unique", "l5r-unique"]];
  function formatIndex(id) { for (var n = 0; n < D.formats.length; n++) if (D.formats[n][0] === id) return String(n); return ""; }
  function tableIndex(table, name) { var n = table.indexOf(name); return n < 0 ? "" : String(n); }
  var initialSearch = location.search;  // before remember() rewrites it
  function restore() {
    var p = new URLSearchParams(location.search);
    FIELDS.forEach(function (f) {
      var v = p.get(f[0]), el = $(f[1]);
      if (v === null && f[0] === "find") v = p.get("q");
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
    if (!window.history || !history.replaceState) return;
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
    try {
      history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
    } catch (e) { /* a browser that refuses to change a file:// address: the search still works */ }
  }
  FIELDS.forEach(function (f) {
    $(f[1]).addEventListener("input", run); $(f[1]).addEventListener("change", run);
  });
  $("l5r-more").addEventListener("click", showMore);
  restore();
  run();
  // Sent from the home page's box (?go=1): exactly one match opens its page, replacing this address, so Back returns
  // to the home page. The address run() rewrote has no go=1, so the list itself stays reachable and linkable.
  if (/[?&]go=1(&|$)/.test(initialSearch) && hits.length === 1) {
    location.replace(root + D.cards[hits[0]][2]);
  }
})();
