// How typed words find a card title, one rule for the header search (assets/codex-search.js) and the card search
// page (assets/card-search.js), so that the same words find the same cards in both. Titles and queries are folded
// (case, accents, apostrophes and punctuation dropped); every query word must start a word of the title; from 4
// letters, a query word may do so but for one typo (a letter missing, extra or wrong). Both searches forgive typos
// only when nothing matches without them: "crab" must not find Crane cards.
(function () {
  "use strict";
  // The card search page loads this before its own script, and again with the scripts every page loads.
  if (window.l5rTitles) return;

  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[’']/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  }

  // Edit distance at most 1.
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

  // A folded title word starts with the folded query word, or (from 4 letters) does so but for one typo.
  function startsNearly(word, q) {
    if (word.indexOf(q) === 0) return true;
    if (q.length < 4) return false;
    return near(word.slice(0, q.length), q) || near(word.slice(0, q.length + 1), q) ||
      near(word.slice(0, q.length - 1), q);
  }

  window.l5rTitles = { fold: fold, startsNearly: startsNearly };
})();
