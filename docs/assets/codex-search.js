// L5R Rules Codex: search additions.
// - Card titles: cards are not in Material's search index (the pool is too large for every page to load); their
//   compact index, search/codex.js (the Codex's card records, and with a card pool every pool card), is loaded the
//   first time the search box is used, and matching cards are listed above the rules results.
// - Every rules result is labelled with its format ("Obsidian Hand", "New Era"...).
// - The printable pages' "Print this page" button; an accessible name for Material's search dialog.
// Works online and from file:// (the index is a script, not fetched JSON).
(function () {
  "use strict";
  var script = document.currentScript;
  var base = new URL("..", script ? script.src : location.href); // this file lives in assets/
  var MAX_CARDS = 8;
  var data = null;
  var waiting = null; // callbacks queued while search/codex.js loads

  function load(then) {
    if (!data && window.__l5r_search) data = window.__l5r_search;
    if (data) { then(); return; }
    if (waiting) { waiting.push(then); return; }
    waiting = [then];
    var tag = document.createElement("script");
    tag.src = new URL("search/codex.js", base).href;
    tag.onload = function () {
      data = window.__l5r_search || null;
      var queued = waiting;
      waiting = null;
      if (data) queued.forEach(function (fn) { fn(); });
    };
    tag.onerror = function () { waiting = null; };
    document.head.appendChild(tag);
  }

  var titles = window.l5rTitles;  // assets/title-match.js: how typed words find a title
  var fold = titles.fold;

  function slug(title) { return fold(title).replace(/ /g, "-"); }

  // Every query word must start a word of the title; a whole-title or leading match ranks first. When no title
  // matches exactly, one typo per query word of 4 letters or more is forgiven ("Kakita Ibra").
  function matchCards(query) {
    var q = fold(query);
    if (!q || !data) return [];
    // each word with its singulars ("ambushes": ambush); an article left out where other words are typed
    var words = titles.queryWords(q.split(" ")).map(function (w) { return [w].concat(titles.singulars(w)); });
    function scan(typos) {
      var hits = [];
      for (var i = 0; i < data.cards.length; i++) {
        var row = data.cards[i];
        var title = row.folded || (row.folded = " " + fold(row[0]));
        if (row.joined === undefined) row.joined = titles.joined(row[0]);  // "ninjato": Ninja-to
        var alike = row.joined ? [title, " " + row.joined] : [title];
        var parts = row.words || (row.words = alike.join(" ").slice(1).split(" "));
        var ok = true;
        for (var w = 0; w < words.length && ok; w++) {
          ok = words[w].some(function (form) {
            return typos ? parts.some(function (p) { return titles.startsNearly(p, form); })
              : alike.some(function (t) { return t.indexOf(" " + form) !== -1; });
          });
        }
        if (!ok) continue;
        var rank = typos ? 3 : title === " " + q ? 0 : title.indexOf(" " + q) === 0 ? 1 : 2;
        hits.push([rank, row]);
      }
      return hits;
    }
    var hits = scan(false);
    if (!hits.length) hits = scan(true);
    hits.sort(function (a, b) { return a[0] - b[0] || (a[1][0] < b[1][0] ? -1 : a[1][0] > b[1][0] ? 1 : 0); });
    return hits;
  }

  // A Codex card record's page (card/<id>/), or with a card pool a pool card's page (card/<slug>/: rows ending in 1).
  function cardUrl(row) {
    var id = row[1] || slug(row[0]);
    var href = new URL((row[6] ? data.pool_url : data.card_url).replace("{id}", id), base);
    return href.href;
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }

  function box() {
    var result = document.querySelector(".md-search-result");
    if (!result) return null;
    var mine = result.querySelector(".l5r-card-hits");
    if (!mine) {
      mine = el("div", "l5r-card-hits");
      mine.hidden = true;
      var list = result.querySelector(".md-search-result__list");
      result.insertBefore(mine, list);
    }
    return mine;
  }

  function showCards(query) {
    var target = box();
    if (!target) return;
    var hits = matchCards(query);
    target.setAttribute("data-query", query);  // what the list shows matches for
    target.textContent = "";
    target.hidden = hits.length === 0;
    if (!hits.length) return;
    var heading = el("p", "l5r-card-hits__meta",
      hits.length === 1 ? "1 matching card" : hits.length + " matching cards");
    target.appendChild(heading);
    var list = el("ol", "l5r-card-hits__list");
    hits.slice(0, MAX_CARDS).forEach(function (hit) {
      var row = hit[1];
      var item = el("li", "l5r-card-hit");
      var link = el("a", "l5r-card-hit__link");
      link.href = cardUrl(row);
      link.appendChild(el("span", "l5r-result-format", "Card"));
      link.appendChild(el("span", "l5r-card-hit__title", row[0]));
      var facts = [data.types[row[2]], data.decks[row[3]]];
      if (row[4] >= 0) facts.push(data.sets[row[4]]);
      if (row[5]) facts.push("banned: " + row[5]);
      link.appendChild(el("span", "l5r-card-hit__facts", facts.join(" · ")));
      item.appendChild(link);
      list.appendChild(item);
    });
    target.appendChild(list);
    if (hits.length > MAX_CARDS) {
      var more = el("a", "l5r-card-hits__more", "All cards…");
      more.href = new URL(data.cards_page, base).href;
      target.appendChild(more);
    }
  }

  // The format a result belongs to: from its citation tag ("OH II.B" -> Obsidian Hand), else from its address.
  function formatLabel(href, article) {
    if (!data) return null;
    var tag = article.querySelector(".md-tag");
    if (tag) {
      var prefix = tag.textContent.trim().split(" ")[0];
      for (var id in data.formats) if (data.formats[id][0] === prefix) return data.formats[id][1];
    }
    var path = new URL(href, location.href).pathname;
    var root = base.pathname;
    if (path.indexOf(root) !== 0) return null;
    var rel = path.slice(root.length);
    var match = /^formats\/([^/.]+)/.exec(rel);
    if (match && data.formats[match[1]]) return data.formats[match[1]][1];
    if (/^(formats|compare)(\/|\.html|$)/.test(rel)) return "All formats";
    if (/^cards(\/|\.html|$)/.test(rel)) return "Card";
    return "Codex";
  }

  // "Missing: dueling" under a result that has "duel": a word whose other form was searched beside it (withStems)
  // is not missing; nor is the added form itself.
  function tidyMissing() {
    var input = document.querySelector(".md-search__input");
    var words = input ? input.value.toLowerCase().split(/\s+/) : [];
    var stems = words.map(stemOf).filter(Boolean);
    var lines = document.querySelectorAll(".md-search-result__terms");
    for (var i = 0; i < lines.length; i++) {
      var gone = lines[i].querySelectorAll("del");
      for (var j = 0; j < gone.length; j++) {
        var w = gone[j].textContent.toLowerCase();
        if (stemOf(w) || stems.indexOf(w) >= 0) gone[j].parentNode.removeChild(gone[j]);
      }
      if (!lines[i].querySelector("del")) lines[i].parentNode.removeChild(lines[i]);
    }
  }

  // A query that is a card's title, or the start of one ("Kakita Ibara"): the card is the answer, and the rules
  // pages that hold only some of its words (Material lists a page with any one of them) are noise after it. They are
  // hidden: a page none of whose highlighted words (Material marks each word it matched) starts with one of the
  // query's words, or its other form (stemOf), lacks that word. A page with every word stays.
  function lacksAWord(item, words) {
    var marks = item.querySelectorAll("mark"), seen = [];
    for (var i = 0; i < marks.length; i++) seen.push(fold(marks[i].textContent));
    return words.some(function (w) {
      var stem = stemOf(w);
      return !seen.some(function (m) { return m.indexOf(w) === 0 || (stem && m.indexOf(stem) === 0); });
    });
  }
  function hideNoise() {
    var input = document.querySelector(".md-search__input");
    var query = input ? input.value : "";
    var words = fold(query).split(" ").filter(Boolean);
    var titled = !!(data && words.length > 1 && matchCards(query).some(function (hit) { return hit[0] <= 1; }));
    var items = document.querySelectorAll(".md-search-result__list > .md-search-result__item");
    var hidden = 0;
    for (var i = 0; i < items.length; i++) {
      var hide = titled && lacksAWord(items[i], words);
      if (items[i].hidden !== hide) items[i].hidden = hide;
      if (hide) hidden++;
    }
    var note = document.querySelector(".l5r-card-hits__noise");
    var target = box();
    if (!target) return;
    if (!hidden) { if (note) note.parentNode.removeChild(note); return; }
    if (!note) { note = el("p", "l5r-card-hits__meta l5r-card-hits__noise"); target.appendChild(note); }
    var text = hidden + (hidden === 1 ? " page mentions" : " pages mention") + " only some of these words (not listed)";
    if (note.textContent !== text) note.textContent = text;
  }

  function labelResults() {
    tidyMissing();
    hideNoise();
    var links = document.querySelectorAll(".md-search-result__list .md-search-result__link");
    for (var i = 0; i < links.length; i++) {
      var article = links[i].querySelector("article");
      if (!article || article.querySelector(".l5r-result-format")) continue;
      var label = formatLabel(links[i].getAttribute("href"), article);
      if (!label) continue;
      var title = article.querySelector("h1, h2");
      var badge = el("span", "l5r-result-format", label);
      if (title) title.insertBefore(badge, title.firstChild); else article.insertBefore(badge, article.firstChild);
    }
  }

  // -- Word forms ------------------------------------------------------------------------------------------------
  // Material's English search has no stemmer: it matches each query word as a prefix of the page's words, so
  // "duel" finds "duels" and "duelist", but "dueling" finds nothing (no page word starts with it), and "copies"
  // misses "copy". (Turning lunr's stemmer on does not help: Material appends a wildcard to every query word, and
  // lunr skips its pipeline for wildcard terms, so "copies*" would look for the unstemmed word among stems.)
  // Each query word is sent with its stem beside it ("dueling duel", "copies copy"): Material's words are
  // alternatives, so the stem adds the other forms and takes nothing away.
  function stemOf(word) {
    var w = word.toLowerCase(), m;
    if (w.length < 5 || !/^[a-z]+$/.test(w)) return null;
    if ((m = /^(.{2,}[^aeiou])ies$/.exec(w))) return m[1] + "y";
    if ((m = /^(.*[aeiouy].*?)(?:ing|ed)$/.exec(w))) {
      var stem = m[1];
      if (/([^aeioulsz])\1$/.test(stem)) stem = stem.slice(0, -1);  // "banned" -> "ban", "dueling" -> "duel"
      return stem.length >= 3 ? stem : null;
    }
    if ((m = /^(.{3,}[^su])s$/.exec(w))) return m[1];
    return null;
  }
  function withStems(query) {
    if (/[+\-~^:*"]/.test(query)) return query;  // lunr's own syntax: left as typed
    var out = [];
    query.split(/\s+/).forEach(function (word) {
      if (!word) return;
      out.push(word);
      var stem = stemOf(word);
      if (stem && stem !== word.toLowerCase() && out.indexOf(stem) < 0) out.push(stem);
    });
    return out.join(" ");
  }
  window.__l5r_withStems = withStems;  // for the tests' eyes only: what a query becomes
  // Material sends the query to its search worker as {type: 2, data: text}; add the stems on the way (the
  // offline copy's iframe worker is patched the same way: it stands in for Worker).
  if (window.Worker && window.Worker.prototype && !window.Worker.prototype.__l5rStems) {
    var post = window.Worker.prototype.postMessage;
    window.Worker.prototype.postMessage = function (message) {
      if (message && message.type === 2 && typeof message.data === "string") {
        var args = Array.prototype.slice.call(arguments);
        args[0] = { type: 2, data: withStems(message.data) };
        return post.apply(this, args);
      }
      return post.apply(this, arguments);
    };
    window.Worker.prototype.__l5rStems = true;
  }

  // -- Enter opens the first result -------------------------------------------------------------------------------
  // The first result as listed: a card whose title matches (the cards are listed above the rules), else the first
  // rules result. Worked out for the text in the box when Enter is pressed, so an Enter typed before the lists
  // appear still goes somewhere (Material's own Enter does nothing until its results are shown, and ignores the
  // cards).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.target.matches || !event.target.matches(".md-search__input")) return;
    if (document.querySelector(".md-search-result__item--active")) return;  // a result chosen with the arrow keys
    var value = event.target.value;
    if (!value.trim()) return;
    event.preventDefault();
    event.stopPropagation();
    var tries = 0, done = false;
    function go() {
      if (done) return;
      var hits = matchCards(value);
      var rule = document.querySelector(".md-search-result__list a.md-search-result__link");
      var href = hits.length ? cardUrl(hits[0][1]) : rule ? rule.href : null;
      if (href) { done = true; window.location.assign(href); return; }
      // No card of that title, and Material's results not shown yet: wait for them a little.
      if (++tries < 40) setTimeout(go, 100);
    }
    load(go);
    setTimeout(go, 1500);  // the card index failed to load: the rules results alone
  }, true);

  // Material's search dialog has no accessible name (axe: aria-dialog-name).
  var dialog = document.querySelector('.md-search[role="dialog"]');
  if (dialog && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", "Search");

  var timer = null;
  function onInput(input) {
    clearTimeout(timer);
    timer = setTimeout(function () {
      load(function () { showCards(input.value); labelResults(); });
    }, 60);
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches(".md-search__input")) load(labelResults);
  });
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches(".md-search__input")) onInput(event.target);
  });
  // The printable pages' "Print this page" button.
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest(".l5r-print-button")) window.print();
  });
  document.addEventListener("reset", function (event) {
    if (event.target.matches && event.target.matches(".md-search__form")) {
      var target = box();
      if (target) { target.textContent = ""; target.hidden = true; }
    }
  });
  new MutationObserver(function () { if (data) labelResults(); })
    .observe(document.querySelector(".md-search-result") || document.body, { childList: true, subtree: true });
})();
