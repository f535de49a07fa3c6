// Card search (cards/search/): a query line in the language of assets/card-query.js (its reference: cards/syntax/),
// combined with the form's filters (type, clan, deck, keyword, today's verdict per format as the deck checker's
// card_legality decides it, banned somewhere, unique) and ordered by the form's sort or the query's sort:.
// Everything is kept in the address (?find=…&legal=modern&sort=force&dir=desc&shown=300), online and from file://,
// so a search can be linked, and Back to it shows as many results as before, scrolled where the reader left it.
// Results come 100 at a time with a "Show more" button. A query the search cannot read lists no card: the error
// says which term and why, under the box, with the term marked.
(function () {
  var D = window.__l5r_cards, T = window.l5rTitles, Q = window.l5rCardQuery;  // T: assets/title-match.js
  if (!D || !T || !Q) return;
  var root = D.root, PAGE = 100;
  var table = new Q.Table(D);
  function $(id) { return document.getElementById(id); }
  // A select's options in the order of their names (the values stay positions in the card table's lists).
  var collate = window.Intl ? new Intl.Collator("en").compare : function (a, b) { return a < b ? -1 : a > b ? 1 : 0; };
  function fill(sel, values) {
    values.map(function (v, n) { return [v, n]; })
      .sort(function (a, b) { return collate(a[0], b[0]); })
      .forEach(function (pair) {
        var o = document.createElement("option"); o.value = String(pair[1]); o.textContent = pair[0]; sel.appendChild(o);
      });
  }
  fill($("l5r-type"), D.types); fill($("l5r-clan"), D.clans); fill($("l5r-deck"), D.decks);
  D.formats.forEach(function (f, n) {
    ["l5r-format", "l5r-notformat"].forEach(function (id) {
      var o = document.createElement("option"); o.value = String(n); o.textContent = f[1]; $(id).appendChild(o);
    });
  });
  D.keywords.slice().sort(collate).forEach(function (k) {
    var o = document.createElement("option"); o.value = k; $("l5r-kws").appendChild(o);
  });
  var LEGAL = D.status.indexOf("legal"), BANNED = D.status.indexOf("banned");
  var NOT_LEGAL = D.status.map(function (s) { return s === "banned" || s === "not-legal" || s === "not-a-deck-card"; });
  function isNotLegal(st) { return st >= 0 && NOT_LEGAL[st]; }
  var NOT_CHECKED = D.status.indexOf("not-checked");
  var STAT_LABELS = { force: "F", chi: "C", focus: "Focus ", gold_cost: "Gold ", personal_honor: "PH ",
    honor_requirement: "HR ", province_strength: "PS " };

  function cardUrl(c) { return Q.rowUrl(D, c); }

  // ---- The card texts (o:), loaded when a query first asks for them ---------------------------------------------
  var textState = "none";  // "none" | "loading" | "ready" | "failed"
  function loadTexts() {
    if (textState !== "none") return;
    textState = "loading";
    var tag = document.createElement("script");
    tag.src = root + "assets/card-text.js";
    tag.onload = function () {
      if (window.__l5r_card_text) { table.setTexts(window.__l5r_card_text); textState = "ready"; } else textState = "failed";
      lastKey = null; run();
    };
    tag.onerror = function () { textState = "failed"; lastKey = null; run(); };
    document.head.appendChild(tag);
  }

  // ---- The list ---------------------------------------------------------------------------------------------
  var hits = [], shown = 0, lastKey = null, unchecked = 0, uncheckedIn = {}, usesLegality = false, wanted = PAGE;
  function item(c, n) {
    var li = document.createElement("li"), a = document.createElement("a");
    a.href = root + cardUrl(c);
    a.addEventListener("click", function (e) { e.stopPropagation(); });  // a plain page load, not Material's instant navigation
    a.textContent = c[0] + (c[1] ? " • " + c[1] : "");
    li.appendChild(a);
    var where = [], stats = [];
    c[8].forEach(function (st, f) { if (st === BANNED) where.push(D.formats[f][1]); });
    (D.stats || []).forEach(function (s) {
      var printed = String(c[11] || "").split(",")[(D.stats || []).indexOf(s)];
      if (printed) stats.push(STAT_LABELS[s] + printed);
    });
    li.appendChild(document.createTextNode(" — " + c[3].map(function (t) { return D.types[t]; }).join(", ") +
      (c[4].length ? ", " + c[4].map(function (t) { return D.clans[t]; }).join(", ") : "") + (c[9] ? ", " + c[9] : "") +
      (stats.length ? "; " + stats.join(" ") : "") + (where.length ? "; banned in " + where.join(", ") : "")));
    return li;
  }
  function showMore(count) {
    var ul = $("l5r-results"), end = Math.min(hits.length, shown + (count || PAGE));
    var frag = document.createDocumentFragment();
    for (var i = shown; i < end; i++) frag.appendChild(item(D.cards[hits[i]], hits[i]));
    ul.appendChild(frag);
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
  function state() {
    return FIELDS.map(function (f) { var el = $(f[1]); return el.type === "checkbox" ? (el.checked ? "1" : "") : el.value; }).join("\u0001");
  }
  // The error under the box: the query with the term it cannot read marked, and why.
  function showError(query, error) {
    var box = $("l5r-query-error");
    box.textContent = "";
    box.hidden = !error;
    $("l5r-q").setAttribute("aria-invalid", error ? "true" : "false");
    if (!error) return;
    if (error.length && query) {
      var code = document.createElement("code"), mark = document.createElement("mark");
      code.appendChild(document.createTextNode(query.slice(0, error.at)));
      mark.textContent = query.slice(error.at, error.at + error.length);
      code.appendChild(mark);
      code.appendChild(document.createTextNode(query.slice(error.at + error.length)));
      box.appendChild(code);
      box.appendChild(document.createTextNode(" "));
    }
    box.appendChild(document.createTextNode(error.message + " "));
    var help = document.createElement("a");
    help.href = root + D.syntax;
    help.textContent = "Search syntax";
    box.appendChild(help);
  }
  function run() {
    var key = state();
    // Unchanged (a change event on leaving the box, say): keep the list, and the link under the pointer.
    if (key === lastKey) return;
    lastKey = key;
    var query = $("l5r-q").value, plan = Q.searchPlan(query, table), parsed = plan.parsed, compiled = plan.compiled;
    if (!parsed.error) {
      if (compiled.needsText && textState !== "ready") {
        if (textState === "failed") compiled.error = { message: "The card texts could not be loaded, so o: cannot search them.", at: 0, length: 0 };
        else {
          loadTexts();
          showError(query, null);
          $("l5r-count").textContent = "Loading the card texts…";
          $("l5r-results").textContent = "";
          return;
        }
      }
    }
    var error = parsed.error || (compiled && compiled.error);
    showError(query, error);
    var fm = $("l5r-format").value, nf = $("l5r-notformat").value, bn = $("l5r-banned").checked;
    usesLegality = !!(fm || nf || bn || (compiled && compiled.usesLegality));
    $("l5r-results").textContent = "";
    shown = 0;
    if (error) {
      hits = [];
      $("l5r-more").hidden = true;
      $("l5r-more").style.display = "none";
      $("l5r-count").textContent = "No card listed: the query has a term the search cannot read (see above).";
      remember();
      return;
    }
    var note = compiled.notes.length ? compiled.notes.join(" ") : "";
    if (note) { $("l5r-query-error").hidden = false; $("l5r-query-error").textContent = note; }
    hits = [];
    var searched = query;
    for (var n = 0; n < plan.tries.length && !hits.length; n++) {
      collect(plan.tries[n].test);
      if (hits.length && plan.tries[n].rest !== null) { sayUncounted(query, plan.tries[n].rest); searched = plan.tries[n].rest; }
    }
    var sort = parsed.sort || $("l5r-sort").value || "name", dir = parsed.dir || $("l5r-dir").value || "asc";
    hits = Q.order(hits, table, sort, dir);
    if (sort === "name" && dir === "asc") hits = Q.exactFirst(hits, table, searched);  // "Charge" before "Banzai Charge"
    showMore(firstList ? Math.max(PAGE, wanted) : PAGE);
    remember();
    if (firstList) { firstList = false; arrived(); }
  }
  // "3 Iron Mine", pasted from a decklist: the cards listed are the title's without its count, said so
  function sayUncounted(query, rest) {
    var box = $("l5r-query-error"), said = "\u201c" + query.trim() + "\u201d read as a decklist\u2019s line: the cards for \u201c" +
      rest + "\u201d, its figure a count of copies.";
    box.hidden = false;
    box.textContent = box.textContent ? box.textContent + " " + said : said;
  }
  function collect(test) {
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
      if (!test(n)) continue;
      // Neither legal nor not legal in a format whose collection is not in the pool: counted and said, not listed.
      var cannot = [fm, nf].filter(function (f) { return f && c[8][+f] === NOT_CHECKED; });
      if (cannot.length) { unchecked++; cannot.forEach(function (f) { uncheckedIn[f] = true; }); continue; }
      if (fm && c[8][+fm] !== LEGAL) continue;
      if (nf && !isNotLegal(c[8][+nf])) continue;
      hits.push(n);
    }
  }

  // ---- The address ------------------------------------------------------------------------------------------
  // ?find=&type=&clan=&deck=&kw=&legal=<format id>&not=<format id>&banned=1&unique=1&sort=&dir=&shown=.
  // Not ?q=: Material reads that one as its own search and opens its search box over the page. An older link's
  // ?q= is read as find= and rewritten before Material looks at the address.
  var FIELDS = [["find", "l5r-q"], ["type", "l5r-type"], ["clan", "l5r-clan"], ["deck", "l5r-deck"], ["kw", "l5r-kw"],
    ["legal", "l5r-format"], ["not", "l5r-notformat"], ["banned", "l5r-banned"], ["unique", "l5r-unique"],
    ["sort", "l5r-sort"], ["dir", "l5r-dir"]];
  function formatIndex(id) { for (var n = 0; n < D.formats.length; n++) if (D.formats[n][0] === id) return String(n); return ""; }
  function tableIndex(list, name) { var n = list.indexOf(name); return n < 0 ? "" : String(n); }
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
      if (el.tagName === "SELECT" && el.value !== v && !el.value) el.value = "";
    });
    var n = parseInt(p.get("shown") || "", 10);
    if (n > PAGE) wanted = n;
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
    if (shown > PAGE) p.set("shown", String(shown));
    var query = p.toString();
    try {
      history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
    } catch (e) { /* a browser that refuses to change a file:// address: the search still works */ }
  }
  // The scroll position, kept in this history entry's state: Back to the list puts the reader where they were,
  // once the list is as long again (the browser's own restoration runs before the list is drawn).
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  var saveTimer = null;
  function saveScroll() {
    try {
      var s = history.state && typeof history.state === "object" ? Object.assign({}, history.state) : {};
      s.l5rScroll = window.scrollY;
      history.replaceState(s, "", location.href);
    } catch (e) { /* file:// in a browser that refuses: Back starts at the top */ }
  }
  window.addEventListener("scroll", function () { clearTimeout(saveTimer); saveTimer = setTimeout(saveScroll, 150); }, { passive: true });
  window.addEventListener("pagehide", saveScroll);

  FIELDS.forEach(function (f) {
    $(f[1]).addEventListener("input", run); $(f[1]).addEventListener("change", run);
  });
  $("l5r-more").addEventListener("click", function () { showMore(); remember(); });
  // The first list drawn (after the card texts, when the query asks for them): Back's scroll position, or the
  // home page's box.
  var firstList = true;
  function arrived() {
    var back = history.state && history.state.l5rScroll;
    if (back) window.scrollTo(0, back);
    if (/[?&]go=1(&|$)/.test(initialSearch)) openExact();
  }
  // Sent from the home page's box (?go=1): the card whose title (with its experience) is exactly what was typed opens, replacing this
  // address, so Back returns to the home page; so does the only match. This is the header box's Enter too
  // (assets/codex-search.js: an exact title ranks first). The address run() rewrote has no go=1, so the list itself
  // stays reachable and linkable.
  function openExact() {
    var typed = T.fold($("l5r-q").value), exact = hits.filter(function (n) { return table.titles[n] === typed; });
    if (exact.length === 1) location.replace(root + cardUrl(D.cards[exact[0]]));
    else if (hits.length === 1) location.replace(root + cardUrl(D.cards[hits[0]]));
  }
  restore();
  run();
})();
