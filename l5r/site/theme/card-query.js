// The card search's query language (cards/search/; its reference page is cards/syntax/): one grammar, parsed here,
// run over the card table of assets/card-index.js by assets/card-search.js. Plain JavaScript with no page needed, so
// the tests run it under Node (tests/test_card_query.py).
//
//   query   := or
//   or      := and ("OR" and)*                       OR in capitals; a lowercase "or" is a title word
//   and     := unary ("AND"? unary)*                 terms side by side must all hold
//   unary   := "-" unary | "(" or ")" | term
//   term    := key op value | "quoted title" | word
//   op      := ":" | "=" | "!=" | "<" | "<=" | ">" | ">="
//   value   := "quoted words" | characters up to a space or ")"
//
// sort:/order: and dir:/direction: say how the list is ordered; they stand at the top level, outside any OR,
// parentheses or "-". Every key, and every value a key names (a clan, a set, a format...), must be known: a term
// the search cannot read is an error with its place in the query, and the search shows no card rather than all.
(function (root) {
  "use strict";

  // Keys: the name a query uses -> [kind, the card table's column or the stat's position, what the reference says].
  var STATS = ["force", "chi", "focus", "gold_cost", "personal_honor", "honor_requirement", "province_strength"];
  var KEYS = {
    t: "type", type: "type", c: "clan", clan: "clan", k: "keyword", kw: "keyword", keyword: "keyword",
    d: "deck", deck: "deck", f: "legal", legal: "legal", format: "legal", banned: "banned", is: "is",
    year: "year", o: "text", text: "text", oracle: "text", e: "set", s: "set", set: "set", edition: "set",
    force: "force", chi: "chi", focus: "focus", cost: "gold_cost", gold: "gold_cost", gc: "gold_cost",
    ph: "personal_honor", honor: "personal_honor", hr: "honor_requirement", req: "honor_requirement",
    ps: "province_strength", province: "province_strength",
    sort: "sort", order: "sort", dir: "dir", direction: "dir"
  };
  // The orders sort: knows: name (the table's own order), year (first printing), set (latest set's year), a stat.
  var SORTS = { name: "name", title: "name", year: "year", force: "force", chi: "chi", focus: "focus",
    cost: "gold_cost", gold: "gold_cost", gc: "gold_cost", ph: "personal_honor", honor: "personal_honor",
    hr: "honor_requirement", req: "honor_requirement", ps: "province_strength", province: "province_strength" };
  var NUMERIC = { year: true };
  STATS.forEach(function (s) { NUMERIC[s] = true; });

  function QueryError(message, at, length) { this.message = message; this.at = at; this.length = length; }

  // ---- Tokens ---------------------------------------------------------------------------------------------------
  // {kind: "(" | ")" | "-" | "or" | "and" | "term" | "phrase" | "word", at, text, key, op, value}
  var TERM = /^([a-z_]+)(!=|<=|>=|:|=|<|>)/i;
  function tokenize(text) {
    var out = [], i = 0, n = text.length;
    function quoted(from) {  // the text of "..." starting at `from` (the quote); an unclosed quote runs to the end
      var end = text.indexOf('"', from + 1);
      if (end < 0) throw new QueryError("A quote (\u201c\"\u201d) is never closed.", from, n - from);
      return { value: text.slice(from + 1, end), end: end + 1 };
    }
    while (i < n) {
      var ch = text[i];
      if (/\s/.test(ch)) { i++; continue; }
      if (ch === "(" || ch === ")") { out.push({ kind: ch, at: i, text: ch }); i++; continue; }
      if (ch === "-" && i + 1 < n && !/[\s)]/.test(text[i + 1])) { out.push({ kind: "-", at: i, text: ch }); i++; continue; }
      if (ch === '"') {
        var q = quoted(i);
        out.push({ kind: "phrase", at: i, text: text.slice(i, q.end), value: q.value });
        i = q.end; continue;
      }
      var m = TERM.exec(text.slice(i));
      if (m) {
        var start = i, value;
        i += m[0].length;
        if (text[i] === '"') { var v = quoted(i); value = v.value; i = v.end; }
        else { var s = i; while (i < n && !/[\s)]/.test(text[i])) i++; value = text.slice(s, i); }
        out.push({ kind: "term", at: start, text: text.slice(start, i), key: m[1].toLowerCase(), op: m[2], value: value });
        continue;
      }
      var w = i;
      while (i < n && !/[\s()"]/.test(text[i])) i++;
      var word = text.slice(w, i);
      if (word === "OR") out.push({ kind: "or", at: w, text: word });
      else if (word === "AND") out.push({ kind: "and", at: w, text: word });
      else out.push({ kind: "word", at: w, text: word, value: word });
    }
    return out;
  }

  // ---- Syntax tree ----------------------------------------------------------------------------------------------
  // Nodes: {k: "and"|"or", of: [nodes]}, {k: "not", of: node}, {k: "term", key (the kind), op, value, text, at},
  // {k: "phrase", value, text, at}, {k: "word", value, text, at}. parse() returns {tree, sort, dir, error}.
  function parse(text) {
    var tokens, pos = 0, sort = null, dir = null;
    try {
      tokens = tokenize(text || "");
      var tree = tokens.length ? orNode(true) : { k: "and", of: [] };
      if (pos < tokens.length) {
        var t = tokens[pos];
        throw new QueryError(t.kind === ")" ? "This \u201c)\u201d closes no \u201c(\u201d." :
          "\u201c" + t.text + "\u201d cannot stand here.", t.at, t.text.length);
      }
      return { tree: tree, sort: sort, dir: dir, error: null };
    } catch (e) {
      if (!(e instanceof QueryError)) throw e;
      return { tree: null, sort: null, dir: null, error: e };
    }

    function peek() { return tokens[pos]; }
    function orNode(top) {
      var first = pos, parts = [andNode(top)];
      while (peek() && peek().kind === "or") {
        var or = tokens[pos++];
        if (!peek() || peek().kind === ")" || peek().kind === "or")
          throw new QueryError("\u201cOR\u201d needs a term after it.", or.at, 2);
        parts.push(andNode(false));
      }
      if (parts.length > 1 && top) checkNoOrder(first, pos);
      return parts.length === 1 ? parts[0] : { k: "or", of: parts };
    }
    function andNode(top) {
      var parts = [], first = pos;
      while (peek() && peek().kind !== "or" && peek().kind !== ")") {
        if (peek().kind === "and") {
          var and = tokens[pos++];
          if (!parts.length || !peek() || peek().kind === "or" || peek().kind === ")" || peek().kind === "and")
            throw new QueryError("\u201cAND\u201d needs a term on each side.", and.at, 3);
          continue;
        }
        var node = unary(top);
        if (node) parts.push(node);
      }
      if (!parts.length && pos > first) return { k: "and", of: [] };  // sort: alone, or punctuation: every card
      if (!parts.length) {
        var t = peek() || tokens[pos - 1];
        throw new QueryError(t && t.kind === "or" ? "\u201cOR\u201d needs a term before it." : "Nothing to search for here.",
          t ? t.at : 0, t ? t.text.length : 0);
      }
      return parts.length === 1 ? parts[0] : { k: "and", of: parts };
    }
    function unary(top) {
      var t = tokens[pos++];
      if (t.kind === "-") {
        if (!peek() || peek().kind === ")" || peek().kind === "or")
          throw new QueryError("A \u201c-\u201d needs a term after it.", t.at, 1);
        var inner = unary(false);
        if (!inner) throw new QueryError("A \u201c-\u201d needs a term after it.", t.at, 1);
        return { k: "not", of: inner, at: t.at };
      }
      if (t.kind === "(") {
        if (peek() && peek().kind === ")") throw new QueryError("These parentheses hold nothing.", t.at, 2);
        var node = orNode(false);
        if (!peek() || peek().kind !== ")") throw new QueryError("This \u201c(\u201d is never closed.", t.at, 1);
        pos++;
        return node;
      }
      if (t.kind === "phrase") {
        if (!fold(t.value)) throw new QueryError("Quotes around nothing: put a card title between them.", t.at, t.text.length);
        return { k: "phrase", value: fold(t.value), text: t.text, at: t.at };
      }
      if (t.kind === "word") {
        var w = fold(t.value), before = tokens[pos - 2], after = tokens[pos], marker = /^(?:in)?exp|^xp/;
        if (!w) return null;  // punctuation alone: nothing to match
        if (before && before.kind === "word" && before.at + before.text.length < t.at) {
          // "exp ii": a word read with the one before it, as the deck checker reads "Exp II" ("experienced 2"); after
          // an ordinal ("2nd exp"), the marker is the level's word ("experienced")
          var pair = fold(before.value + " " + t.value).split(" ");
          if (pair.length === 2) w = marker.test(fold(before.value)) ? pair[1] : pair[0] === "experienced" ? pair[0] : pair[1];
          // "exp 1": the first level, the pool's "experienced" alone; the number is read into the word before; "1 exp",
          // "1 xp": the marker after the figure is that word
          else if (pair.length === 1 && fold(before.value) && pair[0] !== w) {
            if (marker.test(fold(before.value))) return null;
            w = pair[0];
          }
        }
        if (after && after.kind === "word" && t.at + t.text.length < after.at && !marker.test(w)) {
          // "2nd exp": an ordinal before the marker, read with it as "experienced 2": this word is the number
          var ahead = fold(t.value + " " + after.value).split(" ");
          if (ahead.length === 2 && ahead[0] === "experienced" && fold(after.value) !== ahead[1]) w = ahead[1];
          // "1 exp": the first level's figure, read into the marker after it (the pool's "experienced" alone); "non exp":
          // the word read into the marker after it, which says the card with no level
          else if (ahead.length === 1 && (ahead[0] === "experienced" || ahead[0] === INEXPERIENCED)) return null;
        }
        return { k: "word", value: w, text: t.text, at: t.at };
      }
      if (t.kind === "term") return term(t, top);
      throw new QueryError("\u201c" + t.text + "\u201d cannot stand here.", t.at, t.text.length);
    }
    function term(t, top) {
      var kind = KEYS[t.key];
      if (!kind) throw new QueryError("\u201c" + t.key + t.op + "\u201d is not a search key.", t.at,
        t.key.length + t.op.length);
      if (!t.value) throw new QueryError("\u201c" + t.text + "\u201d needs a value after " + t.key + t.op, t.at, t.text.length);
      var op = t.op === "=" ? ":" : t.op;
      if (kind === "sort" || kind === "dir") {
        if (!top)
          throw new QueryError("\u201c" + t.text + "\u201d orders the whole list: put it outside parentheses, OR and \u201c-\u201d.",
            t.at, t.text.length);
        if (op !== ":") throw new QueryError("\u201c" + t.text + "\u201d: write " + t.key + ":" + t.value + ".", t.at, t.text.length);
        var v = t.value.toLowerCase();
        if (kind === "sort") {
          if (!SORTS[v]) throw new QueryError("\u201c" + t.text + "\u201d: the list can be sorted by " +
            Object.keys(SORTS).join(", ") + ".", t.at, t.text.length);
          sort = SORTS[v];
        } else {
          if (v !== "asc" && v !== "desc") throw new QueryError("\u201c" + t.text + "\u201d: dir: is asc or desc.", t.at, t.text.length);
          dir = v;
        }
        return null;
      }
      if (NUMERIC[kind]) {
        if (!/^-?\d+$/.test(t.value)) throw new QueryError("\u201c" + t.text + "\u201d: " + t.key + " compares with a whole number" +
          (kind === "year" ? " (a year: four digits, e.g. year<2012)" : " (e.g. " + t.key + ">=3)") + ".", t.at, t.text.length);
        if (kind === "year" && !/^\d{4}$/.test(t.value))
          throw new QueryError("\u201c" + t.text + "\u201d: a year is four digits, e.g. year<2012.", t.at, t.text.length);
      } else if (op !== ":") {
        throw new QueryError("\u201c" + t.text + "\u201d: " + t.key + " takes " + t.key + ":value; only numbers compare with " +
          "< > <= >= != (to leave cards out, put - in front: -" + t.key + ":" + t.value + ").", t.at, t.text.length);
      }
      return { k: "term", key: kind, op: op, value: t.value, text: t.text, at: t.at };
    }
    function checkNoOrder(from, to) {
      for (var i = from; i < to; i++) {
        var t = tokens[i];
        if (t.kind === "term" && (KEYS[t.key] === "sort" || KEYS[t.key] === "dir"))
          throw new QueryError("\u201c" + t.text + "\u201d orders the whole list: put it outside parentheses, OR and \u201c-\u201d.",
            t.at, t.text.length);
      }
    }
  }

  // ---- Running a query over the card table ----------------------------------------------------------------------
  var INEXPERIENCED = "inexperienced";  // the reading words' level of a card with none (names.py _level_words)
  var fold = function (text) {  // assets/title-match.js's fold, when loaded (it is, on the card search page)
    var T = root.l5rTitles;
    return T ? T.fold(text) : String(text).toLowerCase().replace(/[’']/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  };

  // A stat as printed ("3", "+2", "*", "[Rank•7]") -> its number (an item's "+2" is 2), NaN when it has none.
  function statNumber(printed) {
    var m = /^\s*([+-]?\d+)\s*$/.exec(printed || "");
    return m ? parseInt(m[1], 10) : NaN;
  }

  // Everything the queries need from the card table (D: window.__l5r_cards), worked out once.
  function Table(D, texts) {
    this.D = D;
    this.texts = texts || null;  // folded card texts, once assets/card-text.js is loaded
    var names = D.cards.map(function (c) { return fold(c[0] + " " + c[1]); });
    this.titles = names;
    this.bare = D.cards.map(function (c) { return fold(c[0]); });
    var T = root.l5rTitles;  // "ninjato": Ninja-to, the words its hyphen joins (title-match.js joined)
    this.joined = D.cards.map(function (c) { return T && c[0].indexOf("-") >= 0 ? T.joined(c[0] + " " + c[1]) : null; });
    this.stats = D.stats || STATS;
    this.stat = {};  // a stat's column of numbers, worked out when a query first compares or sorts by it
    var years = D.set_years || [];
    // The year of the card's latest set (sort:set) is not asked; year is its first printing's, as the build wrote.
    this.years = D.cards.map(function (c) { return c[9] || 0; });
    this.setYears = years;
    this.status = D.status;
  }
  Table.prototype.column = function (name) {
    var found = this.stat[name];
    if (found) return found;
    var at = this.stats.indexOf(name), cards = this.D.cards, out = new Array(cards.length);
    for (var n = 0; n < cards.length; n++) {
      var printed = cards[n][11];
      out[n] = printed ? statNumber(String(printed).split(",")[at]) : NaN;
    }
    return (this.stat[name] = out);
  };
  Table.prototype.setTexts = function (texts) { this.texts = texts.map(function (t) { return " " + fold(t); }); };

  // Positions in a table whose folded name equals the value, else those it starts, else (sets) those with a word
  // run that starts with it ("e:line" -> "A Line in the Sand").
  function tableMatches(table, value, anyWord) {
    var v = fold(value), exact = [], prefix = [], inside = [];
    table.forEach(function (name, n) {
      var x = fold(name);
      if (x === v) exact.push(n); else if (x.indexOf(v) === 0) prefix.push(n);
      else if (anyWord && (" " + x).indexOf(" " + v) >= 0) inside.push(n);
    });
    return exact.length ? exact : prefix.length ? prefix : inside;
  }
  function formatOf(D, value) {
    var v = fold(value);
    for (var n = 0; n < D.formats.length; n++) {
      var f = D.formats[n];
      if (v === fold(f[0]) || v === fold(f[2] || "") || v === fold(f[1]) || fold(f[1]).split(" ")[0] === v) return n;
    }
    return -1;
  }
  var COMPARE = {
    ":": function (a, b) { return a === b; }, "!=": function (a, b) { return a !== b; },
    "<": function (a, b) { return a < b; }, "<=": function (a, b) { return a <= b; },
    ">": function (a, b) { return a > b; }, ">=": function (a, b) { return a >= b; }
  };

  // The parsed tree as a test of a card's position: {test, needsText, usesLegality, words, notes, error}.
  // `options.typos`: bare words may match but for one typo (from 4 letters), as title-match.js allows.
  function compile(parsed, table, options) {
    var D = table.D, needsText = false, usesLegality = false, words = false, notes = [];
    var T = root.l5rTitles, LEGAL = D.status.indexOf("legal"), BANNED = D.status.indexOf("banned");
    var NOT_CHECKED = D.status.indexOf("not-checked");
    var NOT_LEGAL = D.status.map(function (s) { return s === "banned" || s === "not-legal" || s === "not-a-deck-card"; });
    function wordTest(w, typos) {
      var forms = [w].concat(T ? T.singulars(w) : []);  // "ambushes": Ambush (title-match.js singulars)
      // "inexp", "unexp", "non-exp": the card with no level, as the deck checker reads the word (names.py _MARKER);
      // the pool writes no level so, but a title's word may start alike
      var unlevelled = w.length >= 5 && INEXPERIENCED.indexOf(w) === 0;
      return function (n) {
        if (unlevelled && !table.D.cards[n][1]) return true;
        var t = table.titles[n], j = table.joined[n];
        for (var f = 0; f < forms.length; f++) {
          var form = forms[f];
          if (t.indexOf(form) === 0 || t.indexOf(" " + form) >= 0) return true;
          if (j && (j.indexOf(form) === 0 || j.indexOf(" " + form) >= 0)) return true;
        }
        if (!typos || w.length < 4 || !T) return false;
        return forms.some(function (form) {
          return t.split(" ").some(function (p) { return T.startsNearly(p, form); });
        });
      };
    }
    function build(node, negated) {
      if (node.k === "and" || node.k === "or") {
        var parts = node.of.map(function (x) { return build(x, negated); });
        if (!parts.length) return function () { return true; };
        return node.k === "and" ? function (n) { for (var i = 0; i < parts.length; i++) if (!parts[i](n)) return false; return true; }
          : function (n) { for (var i = 0; i < parts.length; i++) if (parts[i](n)) return true; return false; };
      }
      if (node.k === "not") {
        // "-f:oh": not legal in OH, as the checker decides it (a card it cannot check is neither).
        var inner = node.of;
        if (inner.k === "term" && inner.key === "legal") return legal(inner, true);
        var test = build(inner, !negated);
        return function (n) { return !test(n); };
      }
      if (node.k === "phrase") return function (n) { return table.bare[n] === node.value || table.titles[n] === node.value; };
      if (node.k === "word") {
        if (!negated) words = true;
        return wordTest(node.value, options && options.typos && !negated);
      }
      return term(node);
    }
    function fail(node, message) { throw new QueryError(message, node.at, node.text.length); }
    function legal(node, not) {
      usesLegality = true;
      var f = formatOf(D, node.value);
      if (f < 0) fail(node, "No format is called \u201c" + node.value + "\u201d (formats: " +
        D.formats.map(function (x) { return (x[2] || x[0]).toLowerCase(); }).join(", ") + ").");
      var checkable = D.cards.some(function (c) { return c[8][f] !== NOT_CHECKED; });
      if (!checkable) notes.push("Legality in " + D.formats[f][1] + " cannot be checked here (its card collection is not " +
        "in the card pool), so " + node.text + " finds no card.");
      return not ? function (n) { var s = D.cards[n][8][f]; return s >= 0 && NOT_LEGAL[s]; }
        : function (n) { return D.cards[n][8][f] === LEGAL; };
    }
    function term(node) {
      var key = node.key, value = node.value, col, found;
      if (key === "type" || key === "clan" || key === "deck" || key === "keyword" || key === "set") {
        var tableName = { type: "types", clan: "clans", deck: "decks", keyword: "keywords", set: "sets" }[key];
        col = { type: 3, clan: 4, deck: 5, keyword: 6, set: 10 }[key];
        found = tableMatches(D[tableName] || [], value, key === "set");
        if (!found.length && T) {  // "t:personalities": the plural of a type's name
          T.singulars(fold(value)).some(function (one) { found = tableMatches(D[tableName] || [], one, key === "set"); return found.length; });
        }
        if (!found.length) fail(node, "No " + key + " is called \u201c" + value + "\u201d.");
        var wanted = {};
        found.forEach(function (x) { wanted[x] = true; });
        return function (n) {
          var v = D.cards[n][col];
          if (typeof v === "number") return wanted[v] === true;
          for (var i = 0; i < (v ? v.length : 0); i++) if (wanted[v[i]]) return true;
          return false;
        };
      }
      if (key === "legal") return legal(node, false);
      if (key === "banned") {
        usesLegality = true;
        if (fold(value) === "any") return function (n) { return D.cards[n][8].indexOf(BANNED) >= 0; };
        var f = formatOf(D, value);
        if (f < 0) fail(node, "No format is called \u201c" + value + "\u201d (formats: " +
          D.formats.map(function (x) { return (x[2] || x[0]).toLowerCase(); }).join(", ") + ", or any).");
        return function (n) { return D.cards[n][8][f] === BANNED; };
      }
      if (key === "is") {
        if (fold(value) !== "unique") fail(node, "\u201c" + node.text + "\u201d: is: knows only is:unique.");
        return function (n) { return D.cards[n][7] === 1; };
      }
      if (key === "text") {
        var v = fold(value);
        if (!v) fail(node, "\u201c" + node.text + "\u201d: give words of the card's text, e.g. o:fear or o:\"bow a target\".");
        needsText = true;
        return function (n) { return !!table.texts && table.texts[n].indexOf(" " + v) >= 0; };
      }
      var cmp = COMPARE[node.op], y = parseInt(value, 10);
      if (key === "year") return function (n) { var a = table.years[n]; return a > 0 && cmp(a, y); };
      var column = table.column(key);
      return function (n) { var a = column[n]; return a === a && cmp(a, y); };  // NaN (no such stat) never matches
    }
    // "The Famous Bazaar": an article among other title words is left out (title-match.js queryWords)
    function withoutArticles(node) {
      if (!node || node.k !== "and" || !T) return node;
      var said = node.of.filter(function (x) { return x.k === "word"; }).map(function (x) { return x.value; });
      var kept = T.queryWords(said);
      if (kept.length === said.length) return node;
      return { k: "and", of: node.of.filter(function (x) { return x.k !== "word" || kept.indexOf(x.value) >= 0; }) };
    }
    try {
      var test = build(withoutArticles(parsed.tree), false);
      return { test: test, needsText: needsText, usesLegality: usesLegality, words: words, notes: notes, error: null };
    } catch (e) {
      if (!(e instanceof QueryError)) throw e;
      return { test: null, needsText: false, usesLegality: usesLegality, words: false, notes: notes, error: e };
    }
  }

  // The order of a list of positions: by `sort` ("name": the table's order), `dir` "asc" or "desc"; cards without
  // the value last either way.
  function order(hits, table, sort, dir) {
    if (!sort || sort === "name") return dir === "desc" ? hits.slice().reverse() : hits;
    var values = sort === "year" ? table.years.map(function (y) { return y || NaN; }) : table.column(sort);
    var sign = dir === "desc" ? -1 : 1;
    return hits.slice().sort(function (a, b) {
      var x = values[a], y = values[b];
      if (x !== x || y !== y) return (x !== x) - (y !== y) || a - b;
      return sign * (x - y) || a - b;
    });
  }

  // The cards whose whole title is the words searched ("Charge", "3 Charge" read without its count) before the others,
  // in the order kept: a player who types a title looks for that card, which the other titles that hold its words
  // ("Banzai Charge", "Berserker's Charge") would otherwise list before it. The page does so in its default order.
  // (A title's same-title cards are told apart by a bracket after it, "Hida Kisada (Emperor)": each is the title's.)
  function exactFirst(hits, table, text) {
    var v = fold(text).trim(), unqualified = unqualifiedTitles(table);
    var exact = v ? hits.filter(function (n) { return unqualified[n] === v || table.titles[n].trim() === v; }) : [];
    if (!exact.length || exact.length === hits.length) return hits;
    return exact.concat(hits.filter(function (n) { return exact.indexOf(n) < 0; }));
  }

  // Each row's title without the bracket after it ("Hida (Bio)", "Hida Kisada (Emperor)"), folded.
  function unqualifiedTitles(table) {
    if (!table.unqualified) {
      table.unqualified = table.D.cards.map(function (c) { return fold(c[0].replace(/\s*\([^()]*\)$/, "")).trim(); });
    }
    return table.unqualified;
  }

  // A row's page (site-relative): "" is the slug of its title and experience (as the build's slug folds them: ASCII
  // titles only), a string a pool card's slug, [URL] any other page (l5r/site/cardpage/cardsearch.py `_url_cell`).
  function rowUrl(D, c) {
    if (typeof c[2] !== "string") return c[2][0];
    return D.url[0] + (c[2] || fold(c[0] + (c[1] ? " " + c[1] : "")).replace(/ /g, "-")) + D.url[1];
  }

  // "3 Iron Mine", "2x: Rout", "x3 Rout", "Iron Mine x3", "Iron Mine (x3)", "Iron Mine - 3", "Iron Mine: 3": a card
  // as a decklist's line gives it, its count of copies before or after the title (decklist.py reads these forms). The
  // query without that count, or null: the page searches it first when it is a card's whole title (`countedTitle`),
  // else when the query as typed finds nothing (a title may start with a figure: "5 Koku", "2x 10 Koku").
  // (the count after first: "10 Koku x3" is 10 Koku)
  var COUNT_AFTER = /(?:\s+(?:[x\u00d7*]\s*[1-9][0-9]?|[1-9][0-9]?\s*[x\u00d7]|\(\s*[x\u00d7]?\s*[1-9][0-9]?\s*[x\u00d7]?\s*\)|-+\s*[x\u00d7]?[1-9][0-9]?[x\u00d7]?)|\s*:\s*[x\u00d7]?[1-9][0-9]?[x\u00d7]?)\s*$/i;
  var COUNT_BEFORE = /^\s*(?:[1-9][0-9]?\s*[x\u00d7*]?\s*:?|[x\u00d7]\s*[1-9][0-9]?)\s+(?=\S)/i;
  function uncounted(query) {
    var typed = String(query).trim(), rest = typed.replace(COUNT_AFTER, "");
    if (rest === typed) rest = typed.replace(COUNT_BEFORE, "");
    return rest && rest !== typed ? rest.trim() : null;
  }
  // The query without its count when that is a card's whole title (at its level, or none) and the query as typed is
  // none: "3 Air" is three copies of Air, never the cards at level 3 with a word "air"; "5 Koku" is 5 Koku.
  function countedTitle(query, table) {
    var rest = uncounted(query);
    if (rest === null) return null;
    return !isWholeTitle(table, query) && isWholeTitle(table, rest) ? rest : null;
  }
  // (a title without its bracket is whole too, as `exactFirst` lists it: "3 Hida" is three of Hida (Bio))
  function isWholeTitle(table, text) {
    if (!table.wholeTitles) {
      var titles = table.bare.concat(table.titles, unqualifiedTitles(table));
      table.wholeTitles = new Set(titles.map(function (t) { return t.trim(); }));
    }
    return table.wholeTitles.has(fold(text));
  }
  // A title that holds quote marks ('Goblin "Barracks"', 'Bayushi Akinari, "The Devil of Nihai Tower"'), pasted whole:
  // its words, not a quoted title within it (the syntax's "exact title" term), else the text as it is ('"Barracks"',
  // a quoted title on its own, is that term).
  var QUOTE_MARKS = /["\u201c\u201d]/g, QUOTED_ALONE = /^\s*["\u201c][^"\u201c\u201d]*["\u201d]\s*$/;
  function unquotedTitle(text, table) {
    if (text.search(QUOTE_MARKS) < 0 || QUOTED_ALONE.test(text) || !isWholeTitle(table, text)) return text;
    return text.replace(QUOTE_MARKS, " ");
  }

  // What the page searches for a query, in turn, listing the cards of the first search that finds any: the title
  // pasted with its count ("3 Air") without it, first; then the query as typed, and with typos forgiven; then (none
  // found) without a count read off its start or end. {parsed, compiled: the query's own, which holds its error and
  // notes, tries: [{test, rest}]}, `rest` the query read without its count (the page says so), or null.
  function searchPlan(query, table) {
    var parsed = parse(unquotedTitle(query, table)), counted = countedTitle(query, table);
    if (parsed.error && counted !== null) parsed = parse(counted);  // "Iron Mine: 3" reads as no key
    var compiled = parsed.error ? null : compile(parsed, table, { typos: false }), tries = [];
    if (!compiled || compiled.error) return { parsed: parsed, compiled: compiled, tries: tries };
    function read(text, rest) {
      var p = parse(unquotedTitle(text, table)), c = p.error ? null : compile(p, table, { typos: false });
      if (!c || c.error || c.needsText) return;
      tries.push({ test: c.test, rest: rest }, { test: compile(p, table, { typos: true }).test, rest: rest });
    }
    if (compiled.words && counted !== null) read(counted, counted);
    tries.push({ test: compiled.test, rest: null });
    if (compiled.words) tries.push({ test: compile(parsed, table, { typos: true }).test, rest: null });
    var rest = compiled.words && counted === null ? uncounted(query) : null;
    if (rest !== null) read(rest, rest);
    return { parsed: parsed, compiled: compiled, tries: tries };
  }

  var api = { rowUrl: rowUrl, parse: parse, compile: compile, order: order, exactFirst: exactFirst, Table: Table, statNumber: statNumber,
    keys: KEYS, sorts: SORTS, tokenize: tokenize, uncounted: uncounted, countedTitle: countedTitle,
    searchPlan: searchPlan };
  root.l5rCardQuery = api;
  if (typeof module === "object" && module.exports) module.exports = api;
})(typeof window !== "undefined" ? window : globalThis);
