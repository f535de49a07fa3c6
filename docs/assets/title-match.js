// How typed words find a card title, one rule for the header search (assets/codex-search.js) and the card search
// page (assets/card-search.js), so that the same words find the same cards in both. Titles and queries are folded
// as the deck checker reads titles (names.py reading_words: case, accents, "&" as "and", apostrophes and
// punctuation dropped); every query word must start a word of the title; from 4 letters, a query word may do so
// but for one typo (a letter missing, extra or wrong). Both searches forgive typos only when nothing matches
// without them: "crab" must not find Crane cards.
(function () {
  "use strict";
  // The card search page loads this before its own script, and again with the scripts every page loads.
  if (window.l5rTitles) return;

  // BEGIN reading rules (l5r/cardpool/names.py READING_KEY_RULES, written here by
  // `python -m l5r.site.api.deckdata --title-match`; tests/test_deck_title_match.py fails when they differ)
  var RULES = {"same": {"`": "'", "\u00a0": " ", "\u00b4": "'", "\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": "\"", "\u201d": "\""}, "formatting": "</?(?:i|em|b)>", "marks": "[\u0300-\u036f]", "replace": [["</?(?:i|em|b)>", ""], ["&", " and "], ["['\u2019\u2018`\u00b4]", ""], ["[^a-z0-9]+", " "]], "spellings": {"pattern": "\\b(?:ardour|armour|behaviour|candour|clamour|colour|defence|endeavour|favour|fervour|glamour|harbour|honour|humour|labour|licence|neighbour|odour|offence|parlour|pretence|rancour|rigour|rumour|saviour|splendour|(?:centre|fibre|lite|lites|lustre|meagre|nite|nites|sabre|sombre|spectre|theatre|thru|tonite)\\b)", "words": {"ardour": "ardor", "armour": "armor", "behaviour": "behavior", "candour": "candor", "centre": "center", "clamour": "clamor", "colour": "color", "defence": "defense", "endeavour": "endeavor", "favour": "favor", "fervour": "fervor", "fibre": "fiber", "glamour": "glamor", "harbour": "harbor", "honour": "honor", "humour": "humor", "labour": "labor", "licence": "license", "lite": "light", "lites": "lights", "lustre": "luster", "meagre": "meager", "neighbour": "neighbor", "nite": "night", "nites": "nights", "odour": "odor", "offence": "offense", "parlour": "parlor", "pretence": "pretense", "rancour": "rancor", "rigour": "rigor", "rumour": "rumor", "sabre": "saber", "saviour": "savior", "sombre": "somber", "spectre": "specter", "splendour": "splendor", "theatre": "theater", "thru": "through", "tonite": "tonight"}}, "levels": {"pattern": "\\b(?:(in)?exp(?:erienced|erianced|ierenced|erinced|ereinced|erenced|irienced|eriecned|eriencd|eriened|erieced|eirenced|eriance|erience)?|xp|ex(?= ?\\d)|e(?=\\d)) ?(\\d+|vii|vi|iv|v|i{1,3}|one|two|three|four|five|six|seven)\\b|\\b([1-7])(?:st|nd|rd|th)? ?(?:exp(?:erienced)?|xp)\\b|\\bxp\\b|\\bexp(?:erianced|ierenced|erinced|ereinced|erenced|irienced|eriecned|eriencd|eriened|erieced|eirenced|eriance)\\b|\\b(un|non ?)exp(?:erienced)?\\b", "roman": {"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7"}, "words": {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "1st": "1", "2nd": "2", "3rd": "3", "4th": "4", "5th": "5", "6th": "6", "7th": "7", "1": "1", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7"}}, "articles": ["the", "a", "an"]};
  // END reading rules
  var SAME = new RegExp("[" + Object.keys(RULES.same).join("").replace(/[\\\]\[^-]/g, "\\$&") + "]", "g");
  var MARKS = new RegExp(RULES.marks, "g");
  var STEPS = RULES.replace.map(function (step) { return [new RegExp(step[0], "g"), step[1]]; });
  var SPELLINGS = new RegExp(RULES.spellings.pattern, "g"), LEVEL_WORDS = new RegExp(RULES.levels.pattern, "g");
  function levelWords(m, inx, level, ordinal, unx) {
    if (unx) return "inexperienced";  // "unexp", "non exp"
    level = level || ordinal;  // "2nd exp": the ordinal's figure
    if (level === undefined) return "experienced";
    var number = RULES.levels.roman[level] || RULES.levels.words[level] || level;  // "exp 1" is "experienced" alone
    return (inx || "") + "experienced" + (number === "1" ? "" : " " + number);
  }

  // A title or a query folded to lower-case words as the deck checker reads titles (names.py reading_words):
  // case, accents and macrons, "&" as "and", apostrophes dropped, any other punctuation a space, British spellings
  // as the pool's American ones, a level in the words as the pool writes it ("xp2" as "experienced 2").
  function fold(text) {
    text = text.replace(SAME, function (c) { return RULES.same[c]; }).replace(/\s+/g, " ").trim()
      .normalize("NFKD").replace(MARKS, "").toLowerCase();
    STEPS.forEach(function (step) { text = text.replace(step[0], step[1]); });
    text = text.replace(SPELLINGS, function (word) { return RULES.spellings.words[word]; });
    if (/x|\d/.test(text)) text = text.replace(LEVEL_WORDS, levelWords);  // (names.py reading_words' gate)
    return text.trim();
  }

  // Edit distance at most 1, two neighbouring letters swapped counting as one edit ("Famuos"), as the deck
  // checker counts them.
  function near(a, b) {
    if (Math.abs(a.length - b.length) > 1) return false;
    if (a.length === b.length) {
      var at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      if (at < a.length - 1 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2)) return true;
    }
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

  // A title's words as players type the ones its hyphens join ("Ninjato" for Ninja-to, "Osanowo" for Osano-Wo),
  // folded; null for a title with no hyphen.
  function joined(title) { return title.indexOf("-") >= 0 ? fold(title.replace(/-/g, "")) : null; }

  // A query word made singular, as a plural typed for a title's word ("Ambushes" for Ambush, "Armies" for Army).
  function singulars(w) {
    var out = [];
    if (/ies$/.test(w) && w.length > 4) out.push(w.slice(0, -3) + "y");
    if (/(?:s|x|z|ch|sh)es$/.test(w)) out.push(w.slice(0, -2));
    if (/[^s]s$/.test(w) && w.length > 3) out.push(w.slice(0, -1));
    return out;
  }

  // The query's words a title must hold: an article ("the", "a", "an") is left out where other words are typed
  // ("The Famous Bazaar" finds Famous Bazaar; "A Brave New World" still finds its title).
  function queryWords(words) {
    var kept = words.filter(function (w) { return w && RULES.articles.indexOf(w) < 0; });
    return kept.length ? kept : words;
  }

  window.l5rTitles = { fold: fold, startsNearly: startsNearly, joined: joined, singulars: singulars, queryWords: queryWords };
})();
