// L5R Rules Codex: search additions (issue #8).
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

  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[’']/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  }

  function slug(title) { return fold(title).replace(/ /g, "-"); }

  // Edit distance at most 1 (one letter missing, extra or wrong).
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

  // A title word starts with the query word, or (from 4 letters) does so but for one typo.
  function startsLike(word, q, typos) {
    if (word.indexOf(q) === 0) return true;
    if (!typos || q.length < 4) return false;
    return near(word.slice(0, q.length), q) || near(word.slice(0, q.length + 1), q) ||
      near(word.slice(0, q.length - 1), q);
  }

  // Every query word must start a word of the title; a whole-title or leading match ranks first. When no title
  // matches exactly, one typo per query word of 4 letters or more is forgiven ("Kakita Ibra").
  function matchCards(query) {
    var q = fold(query);
    if (!q || !data) return [];
    var words = q.split(" ");
    function scan(typos) {
      var hits = [];
      for (var i = 0; i < data.cards.length; i++) {
        var row = data.cards[i];
        var title = row.folded || (row.folded = " " + fold(row[0]));
        var parts = row.words || (row.words = title.slice(1).split(" "));
        var ok = true;
        for (var w = 0; w < words.length && ok; w++) {
          ok = typos ? parts.some(function (p) { return startsLike(p, words[w], true); })
            : title.indexOf(" " + words[w]) !== -1;
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

  // A Codex card record's page (cards/<id>/), or with a card pool a pool card's page (card/<slug>/: rows ending in 1).
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

  function labelResults() {
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
