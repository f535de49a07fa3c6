/* The deck checker in the browser: the same steps as l5r/decklist.py and l5r/engine/deck/*, over the data the
 * build exports (assets/deck-check-data.js assigns window.L5R_DECK_DATA; l5r/site/api/deckdata.py writes it). Plain
 * JavaScript, no fetch: it works from file:// in the offline copy. Every number, ban, slot, rule id and sentence
 * (l5r/deckmessages.py, filled by `say`) comes from the data; this file only holds the procedure. Keep it in step
 * with the Python modules named above. */
(function deckCheckScript() {
  "use strict";

  // ---------------------------------------------------------------------------------------------------------
  // Names (l5r/cardpool/names.py)
  // ---------------------------------------------------------------------------------------------------------
  // The reading rules come from the data (deckdata.py reading_rules: names.py READING_KEY_RULES and the
  // patterns of names.py, decklist.py and checker.py); `useRules` sets them before any decklist is read.
  var SAME = {}, SAME_CHARS = /$^/, EXP_ALONE = /$^/, TRAILING_EXP = /$^/, LEADING_EXP = /$^/, ROMAN_LEVELS = {}, ROMAN_LEVEL = /$^/, LEVEL_WORDS = {}, MARKER_KEY = /$^/, ORDINAL_LEVEL = /$^/, WORD_LEVEL = /$^/, FIRST_LEVEL = /$^/, COUNT = /$^/, SHORTHAND_LEVEL = /$^/, UNTAGGED_LEVEL = /$^/, TAG_AFTER = /$^/;
  var MARKS = /$^/, FORMATTING = /$^/g, READING_STEPS = [], ARTICLES = [], ABBREVIATIONS = null, NAMED = null, HEADERLESS_FIRST_DECK = [1, 2], OTHER_GAME_LINES_AT_LEAST = 10, GLUED_TWICE = null, SPELLINGS = /$^/g, SPELLING_WORDS = {};
  var LEVEL_WORDS = /$^/g, ROMAN_WORDS = {};
  function levelWords(m, inx, level) {
    if (level === undefined) return "experienced";
    var number = ROMAN_WORDS[level] || level;  // the first level, "exp 1", is the pool's "experienced" alone
    return (inx || "") + "experienced" + (number === "1" ? "" : " " + number);
  }
  var QUALIFIER = /$^/, TRAILING_REMARK = /$^/, SAID_AFTER = /$^/, AFTER_A_LEVEL = /$^/, LEVEL_THEN_WORDS = /$^/g, WORD_AFTER_A_LEVEL = /$^/, COMMA_SENTENCE = /$^/, BRACKET_THEN_WORDS = /$^/g, COMMA_BEFORE_REMARK = /$^/g, SUBTITLE_SLIP_EDITS = 0, SENTENCE_AFTER_TITLE = /$^/, STAT_WORDS = [], UNCLOSED_REMARK = /$^/, LEVEL_REMARK = /$^/, WORDED_COUNT = /$^/, WORDED_COUNT_AFTER = /$^/, CLAN_PREFIX = /$^/, STAT_TAIL = /$^/, TRANSLATED = /$^/, NUMBER_WORDS = {}, BARE_COUNT_AFTER = /$^/, PLURAL_ENDINGS = [], SMALL_WORDS = [], CLAN_WORDS = [], ACTION_KINDS = [], GROUP_NAME_TAILS = [], DECK_KEYWORDS = new Set(), TITLE_PARTS_AT_MOST = 1, SET_AFTER_TITLE_MARK = /$^/g, SET_AFTER_TITLE_LONGEST = 0, LABEL_BEFORE_CARD = /$^/, DECK_LABELS = [];
  var PROSE = null, WORD = /$^/g, SENTENCE_END = /$^/, SENTENCE_BREAK = /$^/, SEGMENT = /$^/, BRACKETED = /$^/, ADDRESS = /$^/;
  function pattern(p, extra) { return new RegExp(p.source, p.flags + (extra || "")); }
  function escapeClass(c) { return c.replace(/[\\\]\[^-]/g, "\\$&"); }
  function useRules(r) {
    SAME = r.key.same;
    SAME_CHARS = new RegExp("[" + Object.keys(SAME).map(escapeClass).join("") + "]", "g");
    MARKS = new RegExp(r.key.marks, "g"); FORMATTING = new RegExp(r.key.formatting, "gi");
    READING_STEPS = r.key.replace.map(function (step) { return [new RegExp(step[0], "g"), step[1]]; });
    ARTICLES = r.key.articles; ABBREVIATIONS = r.abbreviations; NAMED = r.named; HEADERLESS_FIRST_DECK = r.headerless_first_deck; OTHER_GAME_LINES_AT_LEAST = r.other_game_lines_at_least; GLUED_TWICE = { pattern: pattern(r.glued_twice.pattern, "g"), edits: r.glued_twice.edits };
    SPELLINGS = new RegExp(r.key.spellings.pattern, "g"); SPELLING_WORDS = r.key.spellings.words;
    LEVEL_WORDS = new RegExp(r.key.levels.pattern, "g"); ROMAN_WORDS = r.key.levels.roman;
    EXP_ALONE = pattern(r.experience_alone); TRAILING_EXP = pattern(r.trailing_experience);
    LEADING_EXP = pattern(r.leading_experience); ROMAN_LEVELS = r.roman_levels.numbers;
    ROMAN_LEVEL = pattern(r.roman_levels.pattern); FIRST_LEVEL = pattern(r.first_level);
    MARKER_KEY = pattern(r.marker_key); LEVEL_WORDS = r.level_words.numbers; ORDINAL_LEVEL = pattern(r.level_words.ordinal); WORD_LEVEL = pattern(r.level_words.word);
    COUNT = pattern(r.count); SHORTHAND_LEVEL = pattern(r.shorthand_level);
    UNTAGGED_LEVEL = pattern(r.level_tag.untagged); TAG_AFTER = pattern(r.level_tag.tag);
    SET_AFTER_TITLE_MARK = pattern(r.set_after_title.mark, "g"); SET_AFTER_TITLE_LONGEST = r.set_after_title.longest;
    QUALIFIER = pattern(r.qualifier); TRAILING_REMARK = pattern(r.trailing_remark); SAID_AFTER = pattern(r.said_after); AFTER_A_LEVEL = pattern(r.after_a_level); LEVEL_THEN_WORDS = pattern(r.level_then_words, "g"); WORD_AFTER_A_LEVEL = pattern(r.word_after_a_level); COMMA_SENTENCE = pattern(r.comma_sentence); BRACKET_THEN_WORDS = pattern(r.bracket_then_words, "g"); COMMA_BEFORE_REMARK = pattern(r.comma_before_remark.pattern, "g"); SUBTITLE_SLIP_EDITS = r.comma_before_remark.edits; SENTENCE_AFTER_TITLE = pattern(r.sentence_after_title); STAT_WORDS = r.stat_words; TRANSLATED = pattern(r.translated);
    STAT_TAIL = pattern(r.stat_tail);
    UNCLOSED_REMARK = pattern(r.unclosed_remark);
    WORDED_COUNT = pattern(r.worded_count.pattern); NUMBER_WORDS = r.worded_count.numbers;
    WORDED_COUNT_AFTER = pattern(r.worded_count_after); CLAN_PREFIX = pattern(r.clan_prefix);
    LABEL_BEFORE_CARD = pattern(r.label_before_card.pattern); DECK_LABELS = r.label_before_card.deck_labels;
    BARE_COUNT_AFTER = pattern(r.bare_count_after); PLURAL_ENDINGS = r.plural_endings || []; SMALL_WORDS = r.small_words || []; CLAN_WORDS = r.clan_words || []; ACTION_KINDS = r.action_kinds || []; GROUP_NAME_TAILS = r.group_name_tails || []; DECK_KEYWORDS = new Set(r.deck_keywords || []);
    TITLE_PARTS_AT_MOST = r.title_parts_at_most;
    LEVEL_REMARK = pattern(r.level_remark);
    WORD = pattern(r.prose_patterns.word, "g"); SENTENCE_END = pattern(r.prose_patterns.sentence_end);
    SENTENCE_BREAK = pattern(r.prose_patterns.sentence_break); SEGMENT = pattern(r.prose_patterns.segment);
    BRACKETED = pattern(r.prose_patterns.bracketed); ADDRESS = pattern(r.prose_patterns.address);
    PROSE = r.prose || null;  // what the pool's titles look like (engine/deck/prose.py ProseRule.as_json)
    MESSAGES = r.messages;
    useReader(r.patterns, r.tables);
  }
  // Every sentence the checker says, from the data (l5r/deckmessages.py DECK_MESSAGES, filled as its `say` does):
  // "{name}" is a field, "{{" and "}}" literal braces.
  var MESSAGES = {};
  function say(key, fields) {
    if (!has(MESSAGES, key)) throw new Error("no deck message " + key);
    var template = MESSAGES[key];
    var said = template.replace(/\{\{|\}\}|\{(\w+)\}/g, function (whole, name) {
      if (name === undefined) return whole.charAt(0);
      if (!fields || !has(fields, name)) throw new Error("deck message " + key + " needs " + name);
      return String(fields[name]);
    });
    // deckmessages.py say: a sentence ending on a field that ends in its own full stop (or "!", "?", "…") takes no second
    return /[.!?\u2026]\.$/.test(said) && /\}\.$/.test(template) ? said.slice(0, -1) : said;
  }

  function pyStrip(s) { return s.replace(/^\s+|\s+$/g, ""); }
  // The line without the marks a chat adds at its end: "3x Rout !!!" is "3x Rout" (decklist.py unexclaimed)
  function unexclaimed(raw) {
    var text = raw.replace(/\s+$/, ""), m;
    if ("!?()DPp".indexOf(text.slice(-1)) < 0 || !text) return raw;
    while ((m = EXCLAIMED.exec(text))) text = text.slice(0, m.index).replace(/\s+$/, "");
    return text;
  }
  function pyRstrip(s) { return s.replace(/\s+$/, ""); }
  function plain(text) {
    return pyStrip(text.replace(SAME_CHARS, function (c) { return SAME[c]; }).replace(/\s+/g, " "));
  }
  // names.py reading_words, reading_key: a title however a player writes it
  function readingWords(title) {
    var text = plain(title).normalize("NFKD").replace(MARKS, "").toLowerCase();
    READING_STEPS.forEach(function (step) { text = text.replace(step[0], step[1]); });
    text = text.replace(SPELLINGS, function (word) { return SPELLING_WORDS[word]; });
    if (text.indexOf("xp") >= 0) text = text.replace(LEVEL_WORDS, levelWords);
    return pyStrip(text);
  }
  function titleWords(title) {  // names.py reading_key_words: the reading words without one leading article
    var words = readingWords(title).split(" ");
    return words.length > 1 && ARTICLES.indexOf(words[0]) >= 0 ? words.slice(1) : words;
  }
  function readingKey(title) { return titleWords(title).join(""); }
  // names.py small_words_key: the reading words but the small ones (SMALL_WORDS), and "clan" after a clan's name
  function smallWordsKey(title) {
    var words = titleWords(title).filter(function (w) { return w; });
    return words.filter(function (w, n) {
      return SMALL_WORDS.indexOf(w) < 0 && !(w === "clan" && n && CLAN_WORDS.indexOf(words[n - 1]) >= 0);
    }).join(" ");
  }
  // names.py abbreviated_words: the reading words of a name written with its title's words abbreviated, each with
  // whether a full stop ended it; on a pre-game card's line, an acronym as one letter a word; null for no words
  function abbreviatedWords(written, preGame) {
    var text = plain(written), letters = ABBREVIATIONS.acronym_letters;
    if (preGame && /^[A-Za-z]+$/.test(text) && text.length >= letters[0] && text.length <= letters[1] &&
        (text.match(/[A-Z]/g) || []).length >= ABBREVIATIONS.acronym_capitals_at_least) {
      return text.split("").map(function (ch) { return [ch.toLowerCase(), true]; });
    }
    var words = [];
    text.split(" ").forEach(function (token) {
      var parts = readingWords(token).split(/\s+/).filter(function (w) { return w !== ""; });
      parts.forEach(function (part, n) { words.push([part, token.slice(-1) === "." && n === parts.length - 1]); });
    });
    if (words.length > 1 && ARTICLES.indexOf(words[0][0]) >= 0 && !words[0][1]) words = words.slice(1);
    return words.length ? words : null;
  }
  // names.py abbreviates: whether a written word stands for a title's word (in code points, as Python counts)
  function abbreviates(written, stopped, word) {
    if (written === word) return true;
    var w = Array.from(written), t = Array.from(word);
    if (!w.length || w.length >= t.length || w[0] !== t[0]) return false;
    if (word.indexOf(written) === 0) return stopped || (w.length >= ABBREVIATIONS.bare_prefix_letters[0] && w.length <= ABBREVIATIONS.bare_prefix_letters[1]);
    if (!stopped) return false;
    var at = 1;
    for (var n = 1; n < w.length; n++) {
      while (at < t.length && t[at] !== w[n]) at++;
      if (at++ >= t.length) return false;
    }
    return true;
  }
  function initials(words) { return words.map(function (w) { return Array.from(w)[0] || ""; }).join(""); }
  function titleKey(t) { return plain(t).replace(FORMATTING, "").toLowerCase(); }  // names.py title_key
  function experienceKey(e) {
    if (!e) return "";
    var key = e.toLowerCase().replace(/[\s.#-]/g, "");
    key = key.replace(ORDINAL_LEVEL, function (m, ordinal, marker) { return marker + LEVEL_WORDS[ordinal]; });  // "2ndexp"
    key = key.replace(MARKER_KEY, function (m, inx) { return (inx ? "in" : "") + "experienced"; });  // "unexp", "nonexp"
    key = key.replace(WORD_LEVEL, function (m, marker, word) { return marker + LEVEL_WORDS[word]; });  // "experiencedtwo"
    key = key.replace(ROMAN_LEVEL, function (m, marker, roman) { return marker + ROMAN_LEVELS[roman]; });
    return key.replace(FIRST_LEVEL, "$1");  // "Exp 1": the level the pool writes without a number
  }
  function isExperience(t) { return EXP_ALONE.test(plain(t)); }
  function isLevelRemark(t) { return LEVEL_REMARK.test(plain(t)); }  // names.py is_level_remark: "(newest exp)"
  // checker.py _states_a_level: what a remark's reading would take off states a level ("- Exp (IE) // great")
  function statesALevel(removed) {
    var text = stripChars(removed, " -()[]:/=.…");  // (the level after a title's dots; checker.py)
    var first = stripChars(text.split(AFTER_A_LEVEL)[0], " -()[]:/=");
    var leading = new RegExp(LEVEL_THEN_WORDS.source, LEVEL_THEN_WORDS.flags.replace("g", "")).exec("x " + first);
    return isLevelRemark(text) || isLevelRemark(first) || isExperience(first) || (!!leading && leading.index === 1);
  }
  function stripChars(s, chars) {
    var a = 0, b = s.length;
    while (a < b && chars.indexOf(s[a]) >= 0) a++;
    while (b > a && chars.indexOf(s[b - 1]) >= 0) b--;
    return s.slice(a, b);
  }
  function splitExperience(name) {
    name = plain(name);
    var m = TRAILING_EXP.exec(name);
    if (!m || !stripChars(m.groups.title, " -\u2022,(")) {
      m = LEADING_EXP.exec(name);  // "Exp 2 Kuni Yori"
      if (!m || !stripChars(m.groups.title, " -\u2022,(")) return [name, null];
    }
    return [pyStrip(m.groups.title), m.groups.exp];
  }
  function splitQualifier(t) {
    var m = QUALIFIER.exec(plain(t));
    return m ? [m[1], m[2]] : [plain(t), null];
  }

  // ---------------------------------------------------------------------------------------------------------
  // Decklists (l5r/decklist.py)
  // ---------------------------------------------------------------------------------------------------------
  var PREGAME = "pre_game", DYNASTY = "dynasty", FATE = "fate", SECTIONS = [PREGAME, DYNASTY, FATE];
  var SET_KEYS = {};  // each set of the pool by the keys players write it as (checker data set_keys)
  var DECK_OF_SECTION = { pre_game: "Pre-Game", dynasty: "Dynasty", fate: "Fate" };  // the pool's `decks` values
  var SECTION_OF_DECK = { "Pre-Game": PREGAME, "Dynasty": DYNASTY, "Fate": FATE };
  // The reader's patterns and words, from the data (decklist.py READER_PATTERNS, READER_TABLES): set by useRules.
  var NEVER = /$^/, SECTION_NAMES = {}, HEADERS = {}, LABELS = [], TYPE_DECKS = {}, PREGAME_WORDS = [], YAML_KEYS = {};
  var YAML_METADATA = [], ORACLE_DECKS = [], MAX_COPIES = 0, TRAILING_TAIL = 0, BRACKETS_AFTER_COUNT = 0, END_BRACKET_TAIL = 0, INPUT_FORMATS = [], ENTITIES = {};
  var COUNT_WORDS = { tens: {}, units: {} }, PASTED = {}, PASTED_CHARS = /$^/g, ASIDE_HEADERS = [], QP_LINES_AT_LEAST = 0, SECOND_DECK_PARAGRAPHS = [0, 0], CP1252_HIGH = {}, NUMBERED_STEPS = [1, 1];
  var GREETING = NEVER, STRONGHOLD_LABEL = NEVER, SET_PREFIX = NEVER, GROUPED = NEVER, QP_HEADER = NEVER, QP_LINE_END = NEVER, QP_STRAY = NEVER, QP_ESCAPES = /$^/g, QP_SOFT_BREAK = NEVER;
  var HEADER = NEVER, LOOSE_HEADER = NEVER, LABEL_JOIN = NEVER, LIST_SEPARATOR = NEVER, GLUED_SLASH = NEVER, HEADING_SHAPED = NEVER, SEPARATED = NEVER, PREGAME_LABEL = NEVER, METADATA_LINE = NEVER, DECK_TOTAL = NEVER;
  var RULE_LINE = NEVER, VALEDICTION = NEVER, SET = NEVER, LEVEL_AND_SET = NEVER, SET_BEFORE_BRACKET = NEVER, SET_BEFORE_REMARK = NEVER, SET_BEFORE_WORDS = NEVER, HEADER_THEN_REMARK = NEVER, KINDS_COUNTED_APART = NEVER, TRAILING_COUNT = NEVER, BULLET = NEVER, LEGALITY = NEVER, ORACLE_HEADER = NEVER;
  var TAB_LINE = NEVER, PAREN_SET = NEVER, YASUKI_KEY = NEVER, YASUKI_ITEM = NEVER, YASUKI_META = NEVER, ART = NEVER;
  var BOTH_TOTALS = NEVER, LABELLED_CARD = NEVER, ENTITY = NEVER, TABLE_HEAD = NEVER, NO_CARD = NEVER, MARKUP = /$^/g, ITALIC = /$^/g, BOLD = /$^/g, UNDERSCORED = /$^/g, ITALIC_AFTER_WORDS = NEVER, ITALIC_AFTER_COUNT = NEVER, LINK = /$^/g, TWO_COLUMN_GAP = NEVER, WRAPPED = NEVER, WRAP_REST = NEVER, COUNTED_LIST = NEVER, LIST_ENDS_COUNTED = NEVER, LIST_CUT = NEVER, BRACKETED_COUNT = NEVER, GROUP_NUMBER = NEVER, GLUED_COUNT = NEVER, UNPARTED_LEADS = NEVER, UNPARTED_BEFORE = /$^/g, UNPARTED_ENDS = NEVER, UNPARTED_AFTER = /$^/g, CLAN_BRACKET = NEVER, CHANGE_LINE = NEVER, STATS_LINE = NEVER, STRUCK = /$^/g, CHECKBOX = NEVER, WROTE = NEVER, ATTRIBUTION = NEVER, COST_HEADING = NEVER, COUNT_LABEL = NEVER, EDITOR_NUMBER = NEVER, EACH_BEFORE = NEVER, EACH_AFTER = NEVER, EACH_ALONE = NEVER, RUN_ITEM = NEVER, COUNT_FIRST_HEADER = NEVER, COUNT_MARKED_HEADER = NEVER, POST_BY = NEVER, FIGURE = NEVER, SITE_LINE = NEVER, INNER_PREGAME_LABEL = /$^/g, SUMMARY = NEVER, OTHER_GAME = NEVER, HEADER_NAME_TAIL = NEVER, CARDS_TAIL = NEVER, SUMMARY_ITEM = NEVER, HASH_COUNT = NEVER, COLLECTOR_NUMBER = NEVER, OUTLINE_MARK = NEVER, CHECK_MARKS = NEVER, SPOILER = NEVER, COMMENT_MARKS = NEVER, ANGLE_BRACKETS = /$^/g, STAT_HEAD = NEVER, STAT_LETTER = NEVER, XML_ZONE = NEVER, XML_CARD = NEVER, XML_OTHER = NEVER;
  var HEAD_OVER_COLUMN = NEVER, ITEM_NUMBER = NEVER, RUN_CONTINUED = NEVER, CAPTIONED_HEADER = NEVER, DOT_LEADER = /$^/g, EMOJI = /$^/g, EXCLAIMED = /$^/;
  var COUNT_COLUMN = NEVER, TITLE_COLUMN = NEVER, TABLE_RULE = NEVER, BYLINE = NEVER, NEGATIVE_COUNT = NEVER, COMMENT_AFTER = NEVER;
  var LEVEL_NUMBER_MARK = NEVER, FOOTNOTE_MARK = NEVER, QUOTE_MARKS = NEVER, IN_BRACKETS = /$^/g, SET_BEFORE_SEPARATOR = NEVER, SQUARE_SET = /$^/g, END_BRACKET = NEVER, PRICE = NEVER, REMARK_AFTER_COUNT = /$^/g, SPLIT_TOTALS = NEVER, COLUMN_GAP = NEVER, COLUMN_COUNT = NEVER, DECORATION_TAG = NEVER, DECORATION_CHARS = "";
  function useReader(p, t) {
    HEADER = pattern(p.header); LOOSE_HEADER = pattern(p.loose_header); HEADER_NAME_TAIL = pattern(p.header_name_tail); CARDS_TAIL = pattern(p.cards_tail); LABEL_JOIN = pattern(p.label_join);
    LIST_SEPARATOR = pattern(p.list_separator); GLUED_SLASH = pattern(p.glued_slash); HEADING_SHAPED = pattern(p.heading_shaped); SEPARATED = new RegExp("(" + LIST_SEPARATOR.source + ")", LIST_SEPARATOR.flags); PREGAME_LABEL = pattern(p.pregame_label);
    METADATA_LINE = pattern(p.metadata_line); DECK_TOTAL = pattern(p.deck_total); RULE_LINE = pattern(p.rule_line);
    VALEDICTION = pattern(p.valediction);
    SET = pattern(p.set); LEVEL_AND_SET = pattern(p.level_and_set); SET_BEFORE_BRACKET = pattern(p.set_before_bracket); SET_BEFORE_REMARK = pattern(p.set_before_remark); SET_BEFORE_WORDS = pattern(p.set_before_words); HEADER_THEN_REMARK = pattern(p.header_then_remark); KINDS_COUNTED_APART = pattern(p.kinds_counted_apart);
    BULLET = pattern(p.bullet); LEGALITY = pattern(p.legality);
    // matched from a place in the line (trailing_count): anchored there
    TRAILING_COUNT = new RegExp("^(?:" + p.trailing_count.source + ")", p.trailing_count.flags);
    ORACLE_HEADER = pattern(p.oracle_header); TAB_LINE = pattern(p.tab_line); PAREN_SET = pattern(p.paren_set);
    YASUKI_KEY = pattern(p.yasuki_key); YASUKI_ITEM = pattern(p.yasuki_item); YASUKI_META = pattern(p.yasuki_meta);
    ART = pattern(p.art); LEVEL_NUMBER_MARK = pattern(p.level_number_mark, "g");  // (Python subs every one)
    COLUMN_GAP = pattern(p.column_gap); COLUMN_COUNT = pattern(p.column_count); SPLIT_TOTALS = pattern(p.split_totals);
    IN_BRACKETS = pattern(p.in_brackets, "g"); SET_BEFORE_SEPARATOR = pattern(p.set_before_separator); SQUARE_SET = pattern(p.square_set, "g"); END_BRACKET = pattern(p.end_bracket); PRICE = pattern(p.price); REMARK_AFTER_COUNT = pattern(p.remark_after_count, "g"); QUOTE_MARKS = pattern(p.quote_marks);
    FOOTNOTE_MARK = pattern(p.footnote_mark);
    BOTH_TOTALS = pattern(p.both_totals); LABELLED_CARD = pattern(p.labelled_card); TABLE_HEAD = pattern(p.table_head); BRACKETED_COUNT = pattern(p.bracketed_count);
    GROUP_NUMBER = pattern(p.group_number); GLUED_COUNT = pattern(p.glued_count);
    UNPARTED_LEADS = pattern(p.unparted_leads); UNPARTED_BEFORE = pattern(p.unparted_before, "g");
    UNPARTED_ENDS = pattern(p.unparted_ends); UNPARTED_AFTER = pattern(p.unparted_after, "g");
    CLAN_BRACKET = pattern(p.clan_bracket); CHANGE_LINE = pattern(p.change_line); STATS_LINE = pattern(p.stats_line); EDITOR_NUMBER = pattern(p.editor_number);
    STRUCK = new RegExp(p.struck.source, p.struck.flags + "g"); CHECKBOX = pattern(p.checkbox); WROTE = pattern(p.wrote);
    ATTRIBUTION = pattern(p.attribution); COST_HEADING = pattern(p.cost_heading); COUNT_LABEL = pattern(p.count_label);
    EACH_BEFORE = pattern(p.each_before); EACH_AFTER = pattern(p.each_after); EACH_ALONE = pattern(p.each_alone); RUN_ITEM = pattern(p.run_item); COUNT_FIRST_HEADER = pattern(p.count_first_header); COUNT_MARKED_HEADER = pattern(p.count_marked_header); POST_BY = pattern(p.post_by); FIGURE = pattern(p.figure); SITE_LINE = pattern(p.site_line); INNER_PREGAME_LABEL = pattern(p.inner_pregame_label, "g"); SUMMARY = pattern(p.summary); OTHER_GAME = pattern(p.other_game); SUMMARY_ITEM = pattern(p.summary_item); HASH_COUNT = pattern(p.hash_count); COLLECTOR_NUMBER = pattern(p.collector_number); CHECK_MARKS = pattern(p.check_marks); SPOILER = pattern(p.spoiler);
    COMMENT_MARKS = pattern(p.comment_marks); OUTLINE_MARK = pattern(p.outline_mark); ANGLE_BRACKETS = pattern(p.angle_brackets, "g"); STAT_HEAD = pattern(p.stat_head); STAT_LETTER = pattern(p.stat_letter);
    XML_ZONE = pattern(p.xml_zone); XML_CARD = pattern(p.xml_card); XML_OTHER = pattern(p.xml_other);
    HEAD_OVER_COLUMN = pattern(p.head_over_column);
    BYLINE = pattern(p.byline, "u"); NEGATIVE_COUNT = pattern(p.negative_count); COMMENT_AFTER = pattern(p.comment_after);  // ("u": a letter outside the BMP)
    COUNT_COLUMN = pattern(p.count_column); TITLE_COLUMN = pattern(p.title_column); TABLE_RULE = pattern(p.table_rule); ITEM_NUMBER = pattern(p.item_number); RUN_CONTINUED = pattern(p.run_continued); CAPTIONED_HEADER = pattern(p.captioned_header);
    DOT_LEADER = new RegExp(p.dot_leader.source, p.dot_leader.flags + "g"); NO_CARD = pattern(p.no_card);
    ENTITY = new RegExp(p.entity.source, p.entity.flags + "g");  // every entity of the line, as re.sub
    ENTITIES = t.entities; COUNT_WORDS = t.header_count_words; PASTED = t.pasted; ASIDE_HEADERS = t.aside_headers;
    GREETING = pattern(p.greeting); STRONGHOLD_LABEL = pattern(p.stronghold_label); SET_PREFIX = pattern(p.set_prefix); GROUPED = pattern(p.grouped); QP_HEADER = pattern(p.qp_header); QP_LINE_END = pattern(p.qp_line_end); QP_STRAY = pattern(p.qp_stray);
    QP_ESCAPES = pattern(p.qp_escapes, "g"); QP_SOFT_BREAK = pattern(p.qp_soft_break);
    QP_LINES_AT_LEAST = t.qp_lines_at_least; CP1252_HIGH = t.cp1252_high; SECOND_DECK_PARAGRAPHS = t.second_deck_paragraphs; NUMBERED_STEPS = t.numbered_steps;
    PASTED_CHARS = new RegExp("[" + Object.keys(PASTED).map(escapeClass).join("") + "]", "g");
    MARKUP = new RegExp(p.markup.source, p.markup.flags + "g");  // every tag of the line, as re.sub
    ITALIC = new RegExp(p.italic.source, p.italic.flags + "g");
    BOLD = new RegExp(p.bold.source, p.bold.flags + "g");
    UNDERSCORED = new RegExp(p.underscored.source, p.underscored.flags + "g");
    ITALIC_AFTER_WORDS = pattern(p.italic_after_words); ITALIC_AFTER_COUNT = pattern(p.italic_after_count);
    LINK = new RegExp(p.link.source, p.link.flags + "g");  // every link of the line, as re.sub
    WRAPPED = pattern(p.wrapped); WRAP_REST = pattern(p.wrap_rest);
    COUNTED_LIST = pattern(p.counted_list); LIST_ENDS_COUNTED = pattern(p.list_ends_counted); LIST_CUT = pattern(p.list_cut); TWO_COLUMN_GAP = pattern(p.two_column_gap);
    EMOJI = new RegExp(p.emoji.source, p.emoji.flags + "g");  // every one of the line, as re.sub
    EXCLAIMED = pattern(p.exclaimed);
    DECORATION_TAG = new RegExp(p.decoration_tag.source, p.decoration_tag.flags + "g");  // both ends, as re.sub
    DECORATION_CHARS = t.decoration_chars;
    SECTION_NAMES = t.section_names; HEADERS = t.headers; LABELS = t.labels; TYPE_DECKS = t.type_decks;
    PREGAME_WORDS = t.pregame_words; YAML_KEYS = t.yaml_keys; YAML_METADATA = t.yaml_metadata;
    ORACLE_DECKS = t.oracle_decks; MAX_COPIES = t.max_copies; TRAILING_TAIL = t.trailing_tail; BRACKETS_AFTER_COUNT = t.brackets_after_count; END_BRACKET_TAIL = t.end_bracket_tail;
    INPUT_FORMATS.length = 0; Array.prototype.push.apply(INPUT_FORMATS, t.input_formats);  // (exported by reference)
  }
  // Python's \w is a Unicode letter or number or "_"; [^\W_] is a letter or number.
  var CARD_NAME = /^(?:[\p{L}\p{N}]|["'(])(?:[\p{L}\p{N}_\s'\-,()!.&"<>?\/+:\u2022\u2026|=;\u00b7~]|(?<=[0-9])\*|\*(?=\s?[0-9])|(?<=\s)\*(?=\s))*$/u;

  function stripComment(line) {
    if (/^\s*#/.test(line)) {
      if (!HASH_COUNT.test(line)) return "";
      line = line.replace(HASH_COUNT, "");  // "#3 Ninja Thief": the count after a number sign (decklist.py)
    }
    line = line.replace(LEVEL_NUMBER_MARK, "$1 ");  // "exp #2": the level's number, no comment
    return pyStrip(line.replace(COMMENT_AFTER, ""));  // (decklist.py _strip_comment)
  }
  function splitLines(text) {  // line numbers as an editor counts them (parse_text)
    return text.split(/\r\n|\r|\n/);
  }

  // a comma before each count of titles run on with no separator ("Rout x2 Ambush x3"): decklist.py counts_parted
  function countsParted(line) {
    if (UNPARTED_LEADS.test(line)) return line.replace(UNPARTED_BEFORE, ", ");
    if (UNPARTED_ENDS.test(line)) return line.replace(UNPARTED_AFTER, "$1, ");
    return line;
  }

  // numbered: a number before the line ("2. Rout") is a numbered list's item number, not its count (decklist.py)
  function parseCardLine(line, number, section, numbered) {
    var whole = plain(line).replace(BULLET, "").replace(FOOTNOTE_MARK, "");
    // "Famous Bazaar<TAB>3": the count in a column after the title; it wins over a number the line starts with
    var column = columnCount(line);
    line = column ? plain(column[1]).replace(BULLET, "").replace(FOOTNOTE_MARK, "") : whole;
    var count = column ? column[0] : 1, m;
    line = line.replace(PRICE, "");  // "Kitsu Hyun x3 @ $0.50": the price (decklist.py _PRICE)
    line = line.replace(GLUED_COUNT, "$1$2 ");  // "x3Two Steady Breaths" (decklist.py _GLUED_COUNT)
    line = countsParted(line);  // "2x Carpenter Castle 3x Border Keep": titles run on, each with its count
    line = line.replace(COLLECTOR_NUMBER, "$<line>");  // "1 Aranai Sensei (TNO) 3": the card's number in its set
    line = line.replace(CLAN_BRACKET, function (whole, count) { return count || ""; });  // "3 [Lion] Kitsu Watanabe"
    var stats = STAT_HEAD.exec(line);  // "(0g) Iron Mine x3": a card's statistics before its title (decklist.py)
    if (stats && STAT_LETTER.test(stats[0])) line = line.slice(stats[0].length);
    line = groupedTitles(line);  // "(Iron Mine, Jade Pearl Inn) x3": the count for each title (decklist.py)
    // "3 Rout [IE], 2 Ambush [SE]": as "3 Rout (IE), 2 Ambush (SE)" (decklist.py _SET_BEFORE_SEPARATOR)
    if (SET_BEFORE_SEPARATOR.test(line)) line = line.replace(SQUARE_SET, "($<set>)");
    var each = EACH_BEFORE.exec(line), eachAfter = each ? null : EACH_AFTER.exec(line);
    if (each) line = eachCount(each.groups.count) + "x: " + line.slice(each[0].length);  // "2 each: A, B"
    else if (eachAfter) line = eachCount(eachAfter.groups.count) + "x: " + eachAfter.groups.rest;  // "A, B (2 each)"
    if (NEGATIVE_COUNT.test(line)) {  // "-1 Title": a negative count, not a bullet
      return { issue: true, line: number, message: say("line.count", { line: whole, most: MAX_COPIES }) };
    }
    var itemNumber = column ? null : ITEM_NUMBER.exec(line);  // "1. Akodo Kano x1": the item's number, then the card
    var item = itemNumber ? Number(itemNumber.groups.item) : null;
    if (itemNumber) {
      var own = COUNT.exec(itemNumber.groups.rest);  // "2. 700 Soldier Plain": a title's own number, no count
      if ((own && countOf(own.groups.count) >= 1 && countOf(own.groups.count) <= MAX_COPIES) || trailingCount(itemNumber.groups.rest)) {
        line = itemNumber.groups.rest;
      } else {  // one copy of a numbered list's item; "3. Rout", in no numbered list, as "3 Rout"
        line = (numbered ? "1" : itemNumber.groups.item) + " " + itemNumber.groups.rest;
      }
    }
    var grouped = column ? null : GROUP_NUMBER.exec(line);  // "(2) - Personality Control": a group's number
    var group = grouped ? Number(grouped.groups.group) : null;
    var bracketed = column ? null : BRACKETED_COUNT.exec(line);  // "(3) Title": as "3 Title"
    if (bracketed) {  // "[x3] Ambush / Rout": the count for each title after it (decklist.py)
      line = bracketed.groups.count + (group === null && LIST_SEPARATOR.test(bracketed.groups.rest) ? "x:" : "") + " " + bracketed.groups.rest;
    }
    m = column ? null : COUNT.exec(line);
    var run = column ? null : countedRun(line);  // "Iron Mine x3 & Stables x2" (decklist.py counted_run)
    if (run) { line = run; m = COUNT.exec(line); }
    if (m && countOf(m.groups.count) > MAX_COPIES && (trailingCount(line) || countBeforeRemark(line) || countBeforeBrackets(line))) m = null;  // "700 Soldier Plain x2"
    var trailing = null, several = false, each = false;
    if (column) {
      // the count is the column's
    } else if (m) {
      count = countOf(m.groups.count); line = pyStrip(m.groups.rest);
      // "3x: A, B" (the count for each title), or "3 Iron Mine, 2 Copper Mine" (a count before each)
      each = LIST_SEPARATOR.test(line) && !!(m.groups.colon || m.groups.bare);
      // ... or one copy of each ("1 Rout / Ambush": a count of one is each title's, whichever way it is read)
      several = each || (LIST_SEPARATOR.test(line) && (countedAfterCommas(line) || (count === 1 && titlesApart(line))));
    } else {
      trailing = trailingCount(line);  // "Barley Farm x3": the count after the title, before any set
      if (trailing && countedBeforeAfterCommas(trailing[1].split(LIST_SEPARATOR).slice(1))) {
        trailing = null; several = true;  // "Iron Mine, 2 Copper Mine, Jade Works x2": the last title's own count
      } else if (trailing) { count = trailing[0]; line = trailing[1]; }
      else {
        trailing = countBeforeBrackets(line);  // "Jade Works x3 (4 gold)": the count, then a remark in brackets
        if (trailing) { count = trailing[0]; line = trailing[1]; }
        else if ((trailing = countBeforeRemark(line))) {
          count = trailing[0]; line = trailing[1]; several = titlesApart(line);  // "Rout x3 // MVP"
        }
        else if (titlesApart(line)) {
          several = true;  // "Pregame: Border Keep, Bamboo Harvesters": one of each
        }
      }
    }
    var setName = null;
    line = line.replace(LEVEL_NUMBER_MARK, "$1 ");  // "exp #2": as "exp 2" (a comment's "#" was stripped before)
    line = levelAndSet(line);
    m = SET.exec(line);
    if (m && isExperience(m[2])) {  // "Kuni Yori [Exp 2]": a level in square brackets, as in round ones
      line = pyStrip(m[1]) + " (" + pyStrip(m[2]) + ")"; m = null;
    }
    if (m) {
      line = pyStrip(m[1]); setName = plain(m[2]);
      if (!COUNT.test(whole) && !trailing && !column) {
        trailing = trailingCount(line);  // "Barley Farm x3 [Gold]": the count between the title and the set
        if (trailing) { count = trailing[0]; line = trailing[1]; }
      }
    }
    if (!(count >= 1 && count <= MAX_COPIES)) {
      return { issue: true, line: number, message: say("line.count", { line: whole, most: MAX_COPIES }) };
    }
    var leading = LEADING_EXP.test(line);  // "Exp Ono": the level before the title, not a level with a set tag
    if (!/[A-Za-z]/.test(line) || (isExperience(line) && !leading) || !CARD_NAME.test(line)) {
      return { issue: true, line: number, text: line || null,  // the checker may read it as a remark (LineIssue.text)
        message: say("line.not-card", { line: whole || say("line.not-card.empty") }) };  // the line as written
    }
    var split = splitExperience(line);
    if (split[1] === null) {
      var q = splitQualifier(line);  // "Kuni Yori (newest exp)": a level, if unread (decklist.py)
      if (q[1] !== null && isLevelRemark(q[1])) split = q;
    }
    return { line: number, section: section, count: count, name: split[0], experience: split[1],
      set_name: setName, written: line, several: several, each: each, item: item, group: group };
  }

  // decklist.py _level_and_set: "Hida Yakamo (Exp 2, Jade)", "Hida Yakamo [Jade] (exp2)" as "Hida Yakamo (Exp 2) [Jade]"
  function levelAndSet(line) {
    if (!/[)\]]$/.test(line)) {
      var remarked = line.indexOf("]") >= 0 || line.indexOf("}") >= 0 ? SET_BEFORE_REMARK.exec(line) : null;  // "Charge [IE] - great card"
      if (remarked) {
        var inside = pyStrip(remarked.groups.set), remark = pyStrip(remarked.groups.remark);
        var space = remark[0] === ":" ? "" : " ";  // ("Charge [IE]: great", as "Charge: great" is read)
        return isExperience(inside) ? remarked.groups.rest + " (" + inside + ")" + space + remark
          : remarked.groups.rest + space + remark + " [" + inside + "]";
      }
      return wordsAfterASet(line);
    }
    var both = LEVEL_AND_SET.exec(line);
    if (both) {
      var a = pyStrip(both.groups.a), b = pyStrip(both.groups.b);
      if (isExperience(a) !== isExperience(b)) {
        return both.groups.rest + " (" + (isExperience(a) ? a : b) + ") [" + (isExperience(a) ? b : a) + "]";
      }
    }
    var first = SET_BEFORE_BRACKET.exec(line);  // "Hida Yakamo [BBP] (Hero)": the round bracket goes with the title
    if (first) {
      return first.groups.rest + " (" + pyStrip(first.groups.level) + ") [" + pyStrip(first.groups.set) + "]";
    }
    return line;
  }
  // decklist.py column_count: [count, the title before it] for a line whose last column is a count, else null.
  function columnCount(line) {
    var cells = pyStrip(line).replace(DOT_LEADER, "\t").split(COLUMN_GAP).filter(function (cell) { return pyStrip(cell) !== ""; });
    if (cells.length < 2) return null;
    var m = COLUMN_COUNT.exec(pyStrip(cells[cells.length - 1]));
    var rest = cells.slice(0, -1).join(" ");
    if (!m || !/\p{L}/u.test(rest)) return null;
    return [countOf(m.groups.count), rest];
  }
  // decklist.py undecorated: the header inside "**Dynasty (40)**", "<b>Holdings</b>", or null.
  function undecorated(stripped) {
    var inner = stripChars(stripped.replace(DECORATION_TAG, ""), DECORATION_CHARS);
    return inner && inner !== stripped ? inner : null;
  }
  // decklist.py _number: a run of digits too long for any deck counts as one more than any limit.
  // decklist.py _titles_apart: a separator with a space after it, or a slash with none around it
  // decklist.py _count_before_remark: "Rout x3 // MVP" is 3 of "Rout // MVP", the first mark with a count before it
  function countBeforeRemark(line) {
    var mark, counted;
    // "Holdings: 3x: A, B" (a colon in a bracket before it is a set's: "Rout [Siege: Clan War] x3: always")
    var firstColon = line.indexOf(":") < 0 ? -1 : line.replace(IN_BRACKETS, function (b) { return "_".repeat(b.length); }).indexOf(":");
    REMARK_AFTER_COUNT.lastIndex = 0;
    while ((mark = REMARK_AFTER_COUNT.exec(line))) {
      if (mark[0][0] === ":" && firstColon > -1 && firstColon < mark.index) continue;
      counted = trailingCount(line.slice(0, mark.index)) || countBeforeBrackets(line.slice(0, mark.index));
      if (counted) return [counted[0], counted[1] + line.slice(mark.index)];
    }
    return null;
  }
  // decklist.py _count_before_brackets: [count, the line without it] for a count after the title and before at most
  // BRACKETS_AFTER_COUNT brackets ("Iron Mine x3 (IE) (MVP)"), else null
  // decklist.py _words_after_a_set: "Iron Mine [Gold] must have" as "Iron Mine (must have) [Gold]", "Hida Kuon
  // [Diamond] Exp 3" as "Hida Kuon Exp 3 [Diamond]"
  function wordsAfterASet(line) {
    var spaced = line.indexOf("]") >= 0 || line.indexOf("}") >= 0 ? SET_BEFORE_WORDS.exec(line) : null;
    if (!spaced) return line;
    var set = pyStrip(spaced.groups.set), words = pyStrip(spaced.groups.words), rest = spaced.groups.rest;
    if (isExperience(words)) return rest + " " + words + " [" + set + "]";
    return isExperience(set) ? rest + " (" + set + ") " + words : rest + " (" + words + ") [" + set + "]";
  }
  function countBeforeBrackets(line) {
    var rest = wordsAfterASet(pyRstrip(line)), brackets = "", bracket, counted;  // ("Jade Works x3 [Gold] great card")
    for (var n = 0; n < BRACKETS_AFTER_COUNT; n++) {
      // (in the line's last characters only, as a count is)
      var tail = rest.slice(-END_BRACKET_TAIL);
      bracket = rest && ")]}".indexOf(rest.slice(-1)) >= 0 ? END_BRACKET.exec(tail) : null;
      if (!bracket) return null;
      rest = pyRstrip(rest.slice(0, rest.length - tail.length + bracket.index));
      brackets = " " + bracket.groups.bracket + brackets;
      if ((counted = trailingCount(rest))) return [counted[0], counted[1] + brackets];
    }
    return null;
  }
  function titlesApart(line) {
    return line.split(LIST_SEPARATOR).slice(1).some(function (p) { return /^\s/.test(p); }) || GLUED_SLASH.test(line);
  }
  // decklist.py counted_after_commas: a part after a comma and a space starts with a count
  function countedAfterCommas(line) {
    var parts = line.split(LIST_SEPARATOR).slice(1);
    // (a count after the last title needs no space before it: "3 Rout, 1,000 Cuts Technique x2")
    return countedBeforeAfterCommas(parts) || (parts.length > 0 && trailingCount(parts[parts.length - 1]) !== null);
  }
  // decklist.py _counted_before_after_commas: a part after the first starts with its own count
  function countedBeforeAfterCommas(parts) {
    return parts.some(function (part) { return /^\s/.test(part) && partCount(pyStrip(part)) !== null; });
  }
  // decklist.py deck_tool_line: a line of a deck tool's XML export as a player writes it, null for its other tags
  function deckToolLine(line) {
    var zone = XML_ZONE.exec(line), card = zone ? null : XML_CARD.exec(line);
    if (zone) return zone.groups.name;
    if (card) return (card.groups.qty || "1") + " " + card.groups.title;
    return XML_OTHER.test(line) ? null : line;
  }
  // decklist.py summary_line: [the deck, its count or null] for a deck's summary line, else null
  function summaryLine(line) {
    var summary = SUMMARY.exec(line), head = summary ? readHeader(summary.groups.head) : null;
    if (summary === null || head === null || head[0] !== "section" || head[1] === null) return null;
    var names = [], rest = summary.groups.items, item;
    while (pyStrip(rest)) {
      item = SUMMARY_ITEM.exec(rest);
      if (item === null || !item[0]) return null;
      names.push(item.groups.name);
      rest = rest.slice(item[0].length);
    }
    var kinds = names.filter(function (name) { return readHeader(name) !== null; }).length;
    if (kinds < 2 || 2 * kinds < names.length) return null;
    return [head[1], summary.groups.count ? countOf(summary.groups.count) : null];
  }
  // decklist.py counted_run: "3 Iron Mine, 2 Stables" for titles each with its count after it, else null
  function countedRun(line) {
    var items = [], rest = line, item;
    while (pyStrip(rest)) {
      item = RUN_ITEM.exec(rest);
      if (!item || !/\p{L}/u.test(item.groups.title)) return null;
      // "Iron Mine x3, 2 Copper Mine; Jade Works x2": an item is two titles, the first counted before
      if (partCount(item.groups.title) !== null && LIST_SEPARATOR.test(item.groups.title)) return null;
      items.push(countOf(item.groups.a || item.groups.b || item.groups.c || item.groups.d || item.groups.e) + " " +
        item.groups.title + (item.groups.aside ? " " + item.groups.aside : ""));
      rest = rest.slice(item[0].length);
      if (item.groups.sep === undefined) break;
    }
    return items.length > 1 && !pyStrip(rest) ? items.join(", ") : null;
  }
  // decklist.py each_count: the count of "3 each", "two each of"
  function eachCount(written) {
    return /^[A-Za-z]+$/.test(written) ? COUNT_WORDS.units[written.toLowerCase()] : countOf(written);
  }
  // decklist.py part_count: [count, title] for a part that starts with a count ("2 Copper Mine"), else null
  // decklist.py part_count: [count, title, for each title after it] for a count before the part's title, as a line's
  // count is written ("2 Copper Mine", "(2) Ambush"; for each: "1*: Tsuo")
  function partCount(part) {
    var m = COUNT.exec(part);
    if (m) return [countOf(m.groups.count), pyStrip(m.groups.rest), !!(m.groups.colon || m.groups.bare)];
    m = BRACKETED_COUNT.exec(part);
    return m ? [countOf(m.groups.count), pyStrip(m.groups.rest), false] : null;
  }
  function countOf(digits) { return digits.length <= 6 ? parseInt(digits, 10) : 1000000; }
  // decklist.py trailing_count: [count, the title before it] for a line ending in a count, else null.
  function trailingCount(line) {
    line = line.replace(/\s+$/, "");
    var start = Math.max(0, line.length - TRAILING_TAIL), m = null, at;
    for (at = start; at < line.length; at++) {
      if (at > 0 && !/\s/.test(line.charAt(at - 1)) && ",;:".indexOf(line.charAt(at)) < 0) continue;  // "Iron Mine,3"
      m = TRAILING_COUNT.exec(line.slice(at));
      if (m) break;
    }
    if (!m) return null;
    var rest = line.slice(0, at).replace(/\s+$/, "");
    if (m[5] === undefined && /-$/.test(rest)) rest = rest.replace(/\s-+$/, "").replace(/\s+$/, "");
    if (!/[\p{L}]/u.test(rest)) return null;
    var digits = m[1] || m[2] || m[3] || m[4] || m[5] || m[6];
    return [countOf(digits), rest];
  }

  function pyStripChars(t, chars) { return stripChars(t, chars); }
  // decklist.py count_in_words: "forty" -> 40, "Forty-Five" -> 45 (a header's count in words)
  function countInWords(words) {
    var parts = words.toLowerCase().split(/[- ]/), n = has(COUNT_WORDS.tens, parts[0]) ? COUNT_WORDS.tens[parts[0]] : 0;
    parts.forEach(function (p) { if (has(COUNT_WORDS.units, p)) n += COUNT_WORDS.units[p]; });
    return n;
  }
  // decklist.py _header_word: a word of the tables of headers, sub-headers or asides, as written or unaccented
  function headerWord(name) {
    name = name.toLowerCase().trim().replace(HEADER_NAME_TAIL, "");
    return [name, name.normalize("NFKD").replace(/\p{M}/gu, "")].some(function (n) {
      return has(HEADERS, n) || LABELS.indexOf(n) >= 0 || ASIDE_HEADERS.indexOf(n) >= 0;
    });
  }
  // read_header: [kind, section or null, count or null] for a header line as players write it, or null.
  // decklist.py _header_remarked: the header of a line that is a header with its count, then the author's remark
  function headerRemarked(line) {
    var remarked = HEADER_THEN_REMARK.exec(line), header = remarked ? readHeader(remarked.groups.head) : null;
    if (!header || header[2] === null || summaryLine(line)) return null;  // (a summary above the list)
    if (/^[0-9]/.test(remarked.groups.remark)) {  // a count: the first card, unless it counts kinds ("18 strategies")
      var parts = remarked.groups.remark.split(KINDS_COUNTED_APART).filter(function (part) { return part; });
      if (!parts.every(function (part) { return readHeader(part); })) return null;
    }
    var deck = header[0] === "section" && (header[1] === DYNASTY || header[1] === FATE);
    return deck || (header[0] === "label" && "-—–".indexOf(remarked.groups.mark) < 0) ? remarked.groups.head : null;
  }
  function readHeader(line) {
    if (COUNT_LABEL.test(plain(line))) return null;  // "Rings (1 each):": the count of each title under it
    var first = COUNT_FIRST_HEADER.exec(line), marked = first ? null : COUNT_MARKED_HEADER.exec(line);
    if (first) line = first.groups.name + " (" + first.groups.count + ")";  // "40 Dynasty cards": as "Dynasty (40)"
    else if (marked && headerWord(marked.groups.name || marked.groups.head)) {  // "Followers x8": as "Followers (8)"
      line = (marked.groups.name || marked.groups.head) + " (" + (marked.groups.count || marked.groups.lead) + ")";
    }
    var colon = HEADER.exec(line), m = colon || LOOSE_HEADER.exec(line);
    if (!m) return null;
    var name = pyStripChars(plain(m[1]).toLowerCase(), " -'");
    name = name.replace(HEADER_NAME_TAIL, "");  // "Dynasty deck", "Dynasty Deck List", "Fate list:" (decklist.py)
    if (colon || !(m[2] || m[3] || (m.groups && m.groups.words))) name = name.replace(CARDS_TAIL, "");  // "Dynasty cards:", "PRE GAME CARDS" (decklist.py)
    if (/[^\x00-\x7f]/.test(name) && !has(HEADERS, name) && LABELS.indexOf(name) < 0) {
      name = name.normalize("NFKD").replace(/\p{M}/gu, "");  // "Evènements": the tables hold each word unaccented too
    }
    var count = m[2] || m[3], number = count ? parseInt(count, 10) : null;
    if (m.groups && m.groups.words) number = countInWords(m.groups.words);  // "Dynasty Deck (forty cards)"
    if (has(HEADERS, name)) return ["section", HEADERS[name], number, name];
    if (LABELS.indexOf(name) >= 0) return ["label", null, number, name];
    if (ASIDE_HEADERS.indexOf(name) >= 0) return ["aside", null, number, name];
    name = name.replace(/\.+$/, "");  // "Dyn. (40)": a word cut short (decklist.py _read_header)
    var tail = name.split(" - ").pop();  // "Heavy Infantry Dojo Rush - Dynasty (40)": the deck's name before its header
    // (with a count or a colon: "Border Keep - Pre-game" is a card, its deck after it)
    if (!has(HEADERS, name) && name.indexOf(" - ") >= 0 && has(HEADERS, tail) && (number !== null || colon)) name = tail;
    if (has(HEADERS, name)) return ["section", HEADERS[name], number, name];
    var kinds = name.split(LABEL_JOIN);
    if (kinds.length > 1 && kinds.every(function (kind) { return has(HEADERS, kind) && HEADERS[kind] === HEADERS[kinds[0]]; })) {
      return ["section", HEADERS[kinds[0]], number, kinds[0]];  // "Dinastía / Dynasty (40)": a deck in two languages
    }
    if (kinds.length > 1 && kinds.every(function (kind) { return LABELS.indexOf(kind) >= 0; })) {
      // the joined kinds' deck, when they share one, as one kind's sub-header gives it ("Items & Followers")
      var decks = kinds.map(function (kind) { return has(TYPE_DECKS, kind) ? TYPE_DECKS[kind] : null; });
      return ["label", null, number, decks.every(function (d) { return d === decks[0]; }) ? kinds[0] : name];
    }
    return null;
  }

  // decklist.py near_header_word: a header-shaped line's name that is a deck, type or label word or close to one
  // (`distance`, below: decklist.py edit_distance) is a misspelt header; any other ("Decklist", "Combos") is the
  // author's heading
  function nearHeaderWord(name) {
    var squashed = name.toLowerCase().replace(/[\s'-]+/g, "");
    if (/deck$/.test(squashed) && squashed.length > 4) squashed = squashed.slice(0, -4);
    return Object.keys(HEADERS).concat(LABELS).some(function (word) {
      var known = word.replace(/[\s'-]+/g, "");
      return distance(squashed, known) <= (known.length >= 6 ? 2 : 1);
    });
  }

  // decklist.py unescaped: a line's HTML entities as their characters ("Akodo&#39;s Guidance"); an entity not known,
  // or a number that is no character, stays as written
  function unescaped(line) {
    if (line.indexOf("&") < 0) return line;
    return line.replace(ENTITY, function (whole, dec, hex, name) {
      if (name !== undefined) return has(ENTITIES, name.toLowerCase()) ? ENTITIES[name.toLowerCase()] : whole;
      var code = dec !== undefined ? parseInt(dec, 10) : parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    });
  }

  // decklist.py table_columns, table_cells, table_row: a table's rows read by the columns its first row names
  function tableColumns(line) {
    // a spreadsheet saved as CSV ("Qty,Card,Set", or with ";") is a table too (decklist.py table_columns)
    var separator = ["\t", "|", ",", ";"].filter(function (sep) { return line.indexOf(sep) >= 0; })[0] || null;
    if (separator === null && COLUMN_GAP.test(pyStrip(line))) separator = "  ";  // columns lined up with spaces
    if (separator === null) return null;
    var cells = tableCells(line, separator), count = -1, title = -1;
    for (var n = 0; n < cells.length; n++) {
      if (count < 0 && COUNT_COLUMN.test(cells[n])) count = n;
      if (title < 0 && TITLE_COLUMN.test(cells[n])) title = n;
    }
    return count < 0 || title < 0 ? null : [separator, count, title];
  }
  // decklist.py _csv_cells: a cell in double quotes may hold the separator, and a doubled quote inside is one
  function csvCells(line, separator) {
    var cells = [], cell = "", quoted = false;
    for (var at = 0; at < line.length; at++) {
      var c = line.charAt(at);
      if (quoted && c === '"' && line.charAt(at + 1) === '"') { cell += '"'; at++; }
      else if (c === '"' && (quoted || !pyStrip(cell))) quoted = !quoted;
      else if (c === separator && !quoted) { cells.push(cell); cell = ""; }
      else cell += c;
    }
    cells.push(cell);
    return cells;
  }
  function tableCells(line, separator) {
    if (separator === "," || separator === ";") return csvCells(pyStrip(line), separator).map(plain);
    if (separator === "  ") return pyStrip(line).split(COLUMN_GAP).map(plain);
    var cells = pyStrip(line).split(separator).map(plain);
    if (separator === "|") {
      if (cells.length && !cells[0]) cells = cells.slice(1);
      if (cells.length && !cells[cells.length - 1]) cells = cells.slice(0, -1);
    }
    return cells;
  }
  function tableRow(line, columns) {
    if (line.indexOf(columns[0]) < 0 && !(columns[0] === "  " && COLUMN_GAP.test(pyStrip(line)))) return null;
    var cells = tableCells(line, columns[0]);
    if (cells.length <= Math.max(columns[1], columns[2]) || !cells[columns[2]]) return null;
    var number = COLUMN_COUNT.exec(cells[columns[1]]);
    return number ? number.groups.count + " " + cells[columns[2]] : null;
  }

  // decklist.py column_parts: a line's parts between gaps of a tab or four spaces or more, each with where it starts
  function columnParts(line) {
    line = line.replace(/\s+$/, "");
    var parts = [], at = 0, gap, re = new RegExp(TWO_COLUMN_GAP.source, "g");
    while ((gap = re.exec(line)) !== null) {
      if (pyStrip(line.slice(at, gap.index))) parts.push([at, line.slice(at, gap.index)]);
      at = gap.index + gap[0].length;
    }
    if (pyStrip(line.slice(at))) parts.push([at, line.slice(at)]);
    return parts;
  }
  // decklist.py headerless_row: "| 3 | Rout | Strategy |" as "3 Rout", where exactly one cell is a count
  function headerlessRow(line, separator) {
    var cells = tableCells(line, separator).filter(function (c) { return c !== ""; });
    var counts = cells.map(function (c) { return COLUMN_COUNT.exec(c); }).filter(function (m) { return m !== null; });
    if (cells.length < (separator === "|" ? 2 : 3) || counts.length !== 1) return null;
    var words = cells.filter(function (c) { return !COLUMN_COUNT.test(c) && /\p{L}/u.test(c); });
    var titles = words.filter(function (c) { return !isExperience(c); }), levels = words.filter(isExperience);
    if (!titles.length) return null;
    return counts[0].groups.count + " " + titles[0] + (levels.length ? " - " + levels[0] : "");
  }
  // decklist.py unwrapped: a title broken at a hyphen at a line's end ("3 Hida Tak-", "euchi") joined on its first line
  // ... and a list of titles with their counts wrapped between lines ("..., 3 Ikoma", "Shika, 1 Akodo Atsutane")
  // decklist.py without_editor_numbers: a text editor's or a paste site's line numbers ("07 | 3 Rout"), where every
  // line but blank ones at the end has one and they run 1 by 1 (three lines or more)
  function withoutEditorNumbers(lines) {
    var last = lines.length;
    while (last && !pyStrip(lines[last - 1])) last -= 1;
    var numbers = lines.slice(0, last).map(function (line) { return EDITOR_NUMBER.exec(line); });
    if (last < 3 || !numbers.every(function (m, i) { return m && Number(m.groups.n) === Number(numbers[0].groups.n) + i; })) {
      return lines;
    }
    return lines.map(function (line, i) { return i < last ? line.slice(numbers[i][0].length) : line; });
  }
  // decklist.py _italic_text: after a title, italic words are a remark, as in brackets; else the title itself
  function italicText() {
    var a = arguments, groups = a[a.length - 1], string = a[a.length - 2], offset = a[a.length - 3];
    var before = string.slice(0, offset), inner = groups.inner;
    var remark = ITALIC_AFTER_WORDS.test(before) && !ITALIC_AFTER_COUNT.test(before) && "([".indexOf(inner.charAt(0)) < 0;
    return remark ? "(" + inner + ")" : inner;
  }
  // decklist.py _headed_card: a header with the first of its cards ("Fate (40): 2 Spiked Tetsubo, ...")
  function headedCard(line) {
    var labelled = LABELLED_CARD.exec(plain(line).replace(BULLET, ""));
    return labelled !== null && readHeader(labelled.groups.head) !== null;
  }
  function unwrapped(lines) {
    var out = lines.slice(), head = 0, joined = false;  // head: the line the text being joined starts on
    for (var at = 0; at < out.length - 1; at++) {
      head = joined ? head : at;
      joined = false;
      var line = out[head].replace(/\s+$/, ""), rest = pyStrip(out[at + 1]);
      if (!rest || readHeader(plain(rest)) !== null || headedCard(rest)) continue;
      var listed = COUNTED_LIST.test(line) || COUNT.test(pyStrip(line));  // a list, or a card line with its count
      var cut = listed ? LIST_CUT.exec(line) : null, letter = WRAP_REST.test(rest) && !COUNT.test(rest);
      var opens = !COUNT.test(rest);  // a title's part, whatever starts it: "(Imperial), 3 ...", "& Steel, 3 ..."
      if (letter && WRAPPED.test(line)) {
        out[head] = (/^[a-z]/.test(rest) ? line.slice(0, -1) : line) + rest; out[at + 1] = ""; joined = true;
      } else if ((cut && (opens || cut.groups.count === undefined)) || (opens && COUNTED_LIST.test(line) && (COUNTED_LIST.test(rest) || LIST_CUT.test(rest)) && !LIST_ENDS_COUNTED.test(line))) {
        out[head] = line + " " + rest; out[at + 1] = ""; joined = true;  // the line after may carry it on too
      }
    }
    return out;
  }
  // parse_text: a numbered list's numbers ("1. Ambush", "2. Rout") read as such, where they run as one (numberedList)
  function parseText(text) {
    var deck = readText(text, false), firstItem = numberedList(deck.cards), groups = numberedGroups(deck.cards);
    deck.groups = groups;
    if (firstItem === null) return deck;
    var again = readText(text, true);
    var same = again.cards.length === deck.cards.length && again.cards.every(function (c, i) {
      return c.line === deck.cards[i].line && c.count === deck.cards[i].count;
    });
    if (same) return deck;  // every item's line gives its own count: nothing read otherwise
    again.numbered = firstItem; again.groups = groups;
    return again;
  }
  // decklist.py counted_headings: the lines shaped as a group's heading with its count ("Kiho (3)", "Kiho (3):")
  // where the card lines right under it (within its run, its section and before the next line so shaped) reach its
  // count exactly: [line, count] each, in line order
  function countedHeadings(cards, shaped) {
    var marks = Array.from(shaped.keys()).sort(function (a, b) { return a - b; }), found = [];
    marks.forEach(function (line, at) {
      var count = shaped.get(line)[0], block = shaped.get(line)[1], section = shaped.get(line)[2];
      var end = at + 1 < marks.length ? marks[at + 1] : null, total = 0;
      for (var k = bisectRight(cards, line); k < cards.length; k++) {
        var card = cards[k];
        if (card.block !== block || card.section !== section || (end !== null && card.line >= end)) break;
        total += card.count;
        if (total >= count) break;  // (the group reaches its count: the deck's other cards may follow)
      }
      if (total === count) found.push([line, count]);
    });
    return found;
  }
  function bisectRight(cards, line) {  // the first card below the line (the cards are in line order)
    var lo = 0, hi = cards.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (cards[mid].line <= line) lo = mid + 1; else hi = mid; }
    return lo;
  }
  // decklist.py numbered_groups: the lines "(1) - Direct Dishonor", "(2) - ...", when two or more run 1, 2, 3 ...
  function numberedGroups(cards) {
    var groups = cards.filter(function (c) { return c.group !== null && c.group !== undefined; });
    if (groups.length < 2 || !groups.every(function (c, i) { return c.group === i + 1; })) return [];
    return groups.map(function (c) { return c.line; });
  }
  // decklist.py numbered_list: the first item's line, where the numbers before the card lines run 1, 2, 3 ... (the
  // first is 1, they reach 2, and at least NUMBERED_STEPS of the steps from one item to the next are to 1 or the next)
  function numberedList(cards) {
    var items = cards.filter(function (c) { return c.item !== null && c.item !== undefined; });
    if (!items.length || items[0].item !== 1 || !items.some(function (c) { return c.item === 2; })) return null;
    var good = 0;
    for (var i = 1; i < items.length; i++) {
      if (items[i].item === 1 || items[i].item === items[i - 1].item + 1) good++;
    }
    return good * NUMBERED_STEPS[1] < NUMBERED_STEPS[0] * (items.length - 1) ? null : items[0].line;
  }
  function readText(text, numbered) {
    var cards = [], issues = [], declared = [], subtotals = [], section = null, headers = 0, titleLine = null;
    var openLabel = null, seenContent = false;
    var headingShaped = new Map();  // line -> [count, block, section] (decklist.py heading_shaped, counted_headings)
    var labelLine = null;  // the line of the sub-header with a count above, blank lines aside (the card's `under`)
    function closeLabel() { if (openLabel !== null) subtotals.push(openLabel.slice()); }
    var block = 0;
    var stated = false;  // whether a deck header set the section (parse_text `stated`)
    var afterLabel = false;  // a pre-game label read, and no deck header since (decklist.py `after_label`)
    var signature = false;  // under a mail's closing word ("Thanks,"): its author's signature (decklist.py _signed)
    var columns = null;  // a table's columns, from its first row (tableColumns)
    var aside = null;  // under a header of cards outside the deck ("Sideboard:"): its words (decklist.py `aside`)
    var each = null;  // under "3 each:": the count of each title under it that gives none (decklist.py `each`)
    var legality = null;  // "Legality: Modern" above the list, as Sun and Moon writes it (decklist.py `legality`)
    var otherGame = null;  // a line only the other game's decks have (decklist.py `other_game`)
    // where a second deck starts, the sections cards were read in, whether a stronghold's label or a pre-game header
    // was read, the first line after the last blank one, the card lines that write no count (decklist.py)
    var secondDeck = null, maybeSecond = null, decksRead = new Set(), deckOpened = false;
    var linesRead = [], firstDynasty = null;  // the lines that are not blank, the first Dynasty header (decklist.py)
    // decklist.py _deck_opening: a Dynasty, pre-game or stronghold header; below a second stronghold, the first
    // header of its deck's cards
    function deckOpening(header) {
      if (header[0] === "section" && (header[1] === DYNASTY || PREGAME_WORDS.indexOf(header[3]) >= 0 ||
          (header[1] === PREGAME && STRONGHOLD_LABEL.test(header[3])))) {
        return true;
      }
      return maybeSecond !== null && (header[1] === DYNASTY || header[1] === FATE || has(TYPE_DECKS, header[3]));
    }
    // decklist.py _name_above: "MY DECK - Crane Honor" right above the first deck's stronghold, every card line so
    // far (it last) in no section and with no count, and no colon ending it: the deck's name, as a first line is
    // decklist.py _words_above: at the first header or stronghold label, the card lines so far, each without a count
    var aboveList = null;
    function wordsAbove() {
      if (aboveList !== null) return;
      var above = cards.every(function (c) { return c.section === null && c.uncounted; });
      aboveList = above ? cards.map(function (c) { return c.line; }) : [];
    }
    function nameAbove(number) {
      if (cards.length && cards[cards.length - 1].line === number - 1 && !/:$/.test(cards[cards.length - 1].written) &&
          cards.every(function (c) { return c.section === null && c.uncounted; })) {
        titleLine = number - 1;
      }
    }
    function secondDeckStart(number, to) {  // decklist.py _second_deck_start: its name, author and pre-game too
      var loose = new Set(cards.filter(function (c) { return c.uncounted; }).map(function (c) { return c.line; })), cardsAt = new Set(cards.map(function (c) { return c.line; }));
      issues.forEach(function (i) { loose.add(i.line); });
      var opening = 0;
      if (to === DYNASTY) cardsAt.forEach(function (l) { if (l < (firstDynasty || 0) && !loose.has(l)) opening += 1; });
      var paragraphs = [];
      linesRead.forEach(function (line) {
        if (line >= number) return;
        var last = paragraphs[paragraphs.length - 1];
        if (last && line === last[last.length - 1] + 1) last.push(line); else paragraphs.push([line]);
      });
      var start = number, k;
      if (paragraphs.length && paragraphs[paragraphs.length - 1].slice(-1)[0] === number - 1) {
        if (to === DYNASTY) return start;  // a Dynasty header under a card, no blank line between (decklist.py)
        var own = paragraphs.pop();
        for (k = own.length - 1; k >= 0; k--) {
          if (!loose.has(own[k]) && !(cardsAt.has(own[k]) && opening > 0)) return start;
          if (!loose.has(own[k])) opening -= 1;
          start = own[k];
        }
      }
      var before = paragraphs.slice(-SECOND_DECK_PARAGRAPHS[0]);
      for (k = before.length - 1; k >= 0; k--) {
        var counted = before[k].filter(function (l) { return !loose.has(l); });
        if (before[k].length > SECOND_DECK_PARAGRAPHS[1] || !counted.every(function (l) { return cardsAt.has(l); }) ||
            counted.length > opening) {
          break;
        }
        opening -= counted.length;
        start = before[k][0];
      }
      return start;
    }
    function secondDeckAt(number, to) {  // decklist.py _second_deck_at: a second deck starts at this line
      var opens = to === PREGAME, start;
      if (maybeSecond !== null && !opens) {  // a header of the second deck's own cards: it is one
        start = maybeSecond;
      } else {
        var firstDeck = decksRead.has(DYNASTY) && decksRead.has(FATE) && (deckOpened || !opens);
        deckOpened = deckOpened || opens;
        if (!firstDeck) return false;
        start = secondDeckStart(number, to);
        if (to === DYNASTY && start === number) return false;  // "Dynasty:" under the Fate cards: more of the deck
        if (opens) {  // a second deck only if a header of its own cards follows (decklist.py)
          if (maybeSecond === null) maybeSecond = start;
          return false;
        }
      }
      cards = cards.filter(function (c) { return c.line < start; });
      issues = issues.filter(function (i) { return i.line < start; });
      if (titleLine !== null && titleLine >= start) titleLine = null;
      secondDeck = start;
      return true;
    }
    // a reply's quote, and each card line read outside one (decklist.py `quoting`, `cards_read`)
    var quoting = false, lineQuoted = false, cardsRead = {};
    var figureLine = false;  // the line is shaped as a deck builder's figure (decklist.py CardLine.figure)
    var labelAlone = false;  // the line before was a pre-game label alone ("Sensei"): "None" under it is no card
    function readHeaderOf(stripped) {
      return stripped.charAt(0) === "#" || !/^[0-9]/.test(stripped) || COUNT_FIRST_HEADER.test(stripped) ||
        (/:$/.test(stripped) && COUNT_MARKED_HEADER.test(stripped)) ? readHeader(stripped) : null;  // "8 Followers:"
    }
    // parse_text _header: a header line's effect on the section, the declared counts and the open sub-header
    function takeHeader(header, stripped, number) {
      var opening = deckOpening(header);
      if (header[0] === "section" || header[0] === "label") wordsAbove();
      if (opening && header[0] === "section" && header[1] === PREGAME) nameAbove(number);
      if (opening && secondDeckAt(number, header[1])) return;
      if (header[0] === "section" && header[1] === DYNASTY && firstDynasty === null) firstDynasty = number;
      headers += 1; closeLabel(); openLabel = null; each = null;
      labelAlone = header[0] === "section" && header[1] === PREGAME && PREGAME_WORDS.indexOf(header[3]) < 0 && header[2] === null;
      aside = header[0] === "aside" ? plain(stripped.replace(/^#+/, "")).replace(/[ :]+$/, "") : null;
      if (aside !== null) { labelLine = null; seenContent = true; return; }  // (its count is no deck's)
      if (header[0] === "section" && header[1] === PREGAME && PREGAME_WORDS.indexOf(header[3]) < 0) {
        // "# Stronghold (1)", "Senseis (1)": a kind of pre-game card; its count covers its own lines
        if (section !== PREGAME) { section = PREGAME; stated = false; }
        if (header[2] !== null) openLabel = [pyStrip(stripped.replace(/^[# ]+/, "")), header[2], 0, number];
      } else if (header[0] === "section") {
        section = header[1]; stated = true;
        if (header[2] !== null) declared.push([section, header[2], number]);
      } else {
        if (has(TYPE_DECKS, header[3]) && !stated) section = TYPE_DECKS[header[3]];
        if (header[2] !== null) openLabel = [pyStrip(stripped.replace(/^[# ]+/, "")), header[2], 0, number];
      }
      labelLine = openLabel === null ? null : number;
      seenContent = true;
    }
    var twoColumns = null, inCell = false;  // decklist.py _TextReader.two_columns, in_cell
    // decklist.py _in_two_columns: a deck header at the head of each column starts a list laid out in two columns
    function inTwoColumns(raw, number) {
      var parts = columnParts(raw);
      if (twoColumns === null) {
        if (parts.length !== 2) return false;
        var heads = parts.map(function (p) { return readHeader(plain(p[1])); });
        if (heads.every(function (h) { return h !== null && h[0] === "section" && h[1] !== null; })) {
          twoColumns = [null, null, parts[1][0]];
          parts.forEach(function (p, column) { inColumn(number, p[1], column); });
          return true;
        }
        if (parts.every(function (p) { return PREGAME_LABEL.test(plain(p[1]).replace(BULLET, "")); })) {
          parts.forEach(function (p) { inColumn(number, p[1], null); });
          return true;
        }
        return false;
      }
      if (!parts.length) return false;
      if (parts.length > 2) { twoColumns = null; return false; }
      parts.forEach(function (p) { inColumn(number, p[1], p[0] >= twoColumns[2] - 2 ? 1 : 0); });
      return true;
    }
    function inColumn(number, text, column) {
      if (column !== null && twoColumns !== null) section = twoColumns[column];
      inCell = true;
      try { readLine(text, number); } finally { inCell = false; }
      if (column !== null && twoColumns !== null) twoColumns[column] = section;
    }
    unwrapped(withoutEditorNumbers(splitLines(text.replace(/^\ufeff/, "")))).forEach(function (raw, i) {
      if (secondDeck !== null) return;
      if (pyStrip(raw) && (!linesRead.length || linesRead[linesRead.length - 1] !== i + 1)) linesRead.push(i + 1);
      if (!inCell && inTwoColumns(raw, i + 1)) return;
      readLine(raw, i + 1);
    });
    function readLine(raw, number) {
      if (secondDeck !== null) return;  // decklist.py line: a column's part after the second deck opened too
      raw = unescaped(raw).replace(SET_PREFIX, "");  // "IvE-C 3x Bayushi Dakatsu": a collection's set and rarity
      if (raw.indexOf("<") >= 0 && (raw = deckToolLine(raw)) === null) return;  // a deck tool's XML (decklist.py)
      if (/[^\x00-\x7f]|:/.test(raw)) {  // a copy a check mark ("Famous Bazaar ✓✓✓"), then a chat's emoji ("3x Rout ⭐")
        raw = raw.replace(CHECK_MARKS, function () { return " x" + arguments[arguments.length - 1].marks.length; });
        raw = raw.replace(EMOJI, "");
      }
      raw = unexclaimed(raw);  // "3x Rout !!!", "Rout :)" (decklist.py unexclaimed)
      if (/~~|\[|</.test(raw)) {  // "~~3 Counting House~~ 2 Counting House", "- [x] 3 Rout" (decklist.py line)
        var kept = raw.replace(STRUCK, "").replace(CHECKBOX, "");
        if (kept !== raw && !pyStrip(kept)) return;  // a line struck out whole
        raw = kept;
      }
      var wrote = raw.indexOf(":") >= 0 ? WROTE.exec(raw) : null;  // "HidaTetsu wrote:", "HidaTetsu wrote:3 Rout"
      if (wrote) {
        quoting = true;
        if (!pyStrip(raw.slice(wrote[0].length))) { headers += 1; return; }
        raw = raw.slice(wrote[0].length);
      }
      // a post's HTML, BBCode, markdown or wiki markup: taken out ("***", "___": Markdown's rule, not its emphasis)
      if (/<|\[|\*\*|_|`|\{\{|''/.test(raw) && !RULE_LINE.test(pyStrip(raw))) {
        // "3x [Rout](https://...)", "[[Ambush]]", "{{card|Rout}}": the card a link names (decklist.py _link_text)
        if (raw.indexOf("[") >= 0 || raw.indexOf("{{") >= 0) {
          raw = raw.replace(LINK, function () {
            var g = arguments[arguments.length - 1];
            return g.category ? "" : g.wiki || g.template || g.text;
          });
        }
        if (raw.indexOf("**") >= 0) raw = raw.replace(BOLD, "*$<inner>*");  // then read as italics (decklist.py _BOLD)
        if (raw.indexOf("_") >= 0) raw = raw.replace(UNDERSCORED, "*$<inner>*");  // "3 Rout _MVP_" (decklist.py)
        var bare = raw.replace(MARKUP, "");
        if (bare !== raw && !pyStrip(bare)) return;  // "[list]", "<ul>": markup alone
        raw = bare.indexOf("<") >= 0 ? bare.replace(ANGLE_BRACKETS, "($<inner>)") : bare;  // "<Strategy>": as "(Strategy)"
      }
      if (raw.indexOf("*") >= 0) raw = raw.replace(ITALIC, italicText);  // "1 Hida Iseki *promo*" (decklist.py _ITALIC)
      var quoted = /^\s*>/.test(raw);
      lineQuoted = quoted || quoting;
      raw = raw.replace(QUOTE_MARKS, "");  // "> 3 Hida Akeno": a reply quoting a list (parse_text)
      var spoiler = raw.indexOf("||") >= 0 ? SPOILER.exec(raw) : null;  // "||3x Rout||": a chat's spoiler (decklist.py)
      if (spoiler) raw = spoiler.groups.inner;
      var marks = raw.indexOf("//") >= 0 ? COMMENT_MARKS.exec(raw) : null;  // "// Fate": a header; else a comment
      if (marks) {
        if (readHeader(plain(raw.slice(marks[0].length))) === null) return;
        raw = raw.slice(marks[0].length);
      }
      var outline = raw.indexOf("\t") >= 0 ? OUTLINE_MARK.exec(raw) : null;  // "a.<TAB>3 A Ready Soul" (decklist.py)
      if (outline && (outline.groups.letter || readHeader(plain(raw.slice(outline[0].length))) !== null)) {
        raw = raw.slice(outline[0].length);
      }
      if (columns !== null && METADATA_LINE.test(pyStrip(raw))) { headers += 1; return; }  // "TOTAL<TAB>33"
      var row = columns !== null ? tableRow(raw, columns) : null;
      // ("Followers | 8": a header, its count after a bar)
      if (row === null && (raw.indexOf("|") >= 0 || raw.split("\t").length > 2) && readHeader(plain(raw)) === null) {
        row = headerlessRow(raw, raw.indexOf("|") >= 0 ? "|" : "\t");  // a table's row with no names above it
      }
      if (row !== null) raw = row;  // by the columns the table's first row names
      var stripped = plain(raw);
      // decklist.py _signed: a mail's closing word ("Thanks,") and the signature under it, up to a header, a rule,
      // a quoted line, a line with a count or a mail's header line
      if (signature && stripped) {
        signature = !(readHeader(stripped) !== null || RULE_LINE.test(stripped) || quoted || COUNT.test(stripped) ||
          METADATA_LINE.test(stripped));
      } else if (!signature && VALEDICTION.test(stripped)) {
        signature = true;
      }
      if (signature) {
        if (stripped) issues.push({ issue: true, line: number, message: say("line.signature", { line: stripped }), text: stripped, signature: true });
        return;
      }
      if (GREETING.test(stripped)) return;  // "Hi all,": no card line, nor one that makes a decklist (decklist.py)
      if (TABLE_HEAD.test(stripped)) { columns = tableColumns(raw) || columns; return; }  // a row of column names
      if (!stripped) {
        block += 1; each = null; quoting = false;
        // a blank line ends its cards once they reach its count (a posted list splits one type's cards into runs)
        if (openLabel !== null && openLabel[2] >= openLabel[1]) { closeLabel(); openLabel = null; }
        return;
      }
      var header = readHeaderOf(stripped);
      var inner = header ? null : undecorated(stripped);  // "**Dynasty (40)**": the header inside
      if (inner !== null) {
        header = readHeaderOf(inner);
        if (header) stripped = inner;
      }
      if (!header) {  // "DYNASTY<TAB>Qty": a header over a table's count column
        var over = HEAD_OVER_COLUMN.exec(pyStrip(raw));
        if (over) { header = readHeaderOf(plain(over.groups.head)); if (header) stripped = plain(over.groups.head); }
      }
      if (!header) {  // "Dynasty (40) // lots of holdings": the header, the author's remark after it
        var head = headerRemarked(stripped);
        if (head !== null) { header = readHeaderOf(head); if (header) stripped = head; }
      }
      if (header) { takeHeader(header, stripped, number); return; }
      // decklist.py _captioned_header: "Fate – (40)Army Like a Tide", a web page's picture caption glued to a header
      var glued = CAPTIONED_HEADER.exec(stripped), gluedHeader = glued ? readHeaderOf(glued.groups.header.replace(/\s+$/, "")) : null;
      if (gluedHeader) {
        takeHeader(gluedHeader, glued.groups.header.replace(/\s+$/, ""), number);
        var caption = pyStrip(glued.groups.caption);
        issues.push({ issue: true, line: number, text: caption, caption: true, message: say("line.caption", { line: caption }) });
        return;
      }
      var both = BOTH_TOTALS.exec(stripped);
      if (both) {  // "Dynasty 40 / Fate 40": a count for each deck
        headers += 1;
        declared.push([DYNASTY, countOf(both.groups.dynasty || both.groups.dynasty_first), number]);
        declared.push([FATE, countOf(both.groups.fate || both.groups.fate_second), number]);
        seenContent = true;
        return;
      }
      var total = DECK_TOTAL.exec(stripped);
      if (total) {  // "Dynasty Total: 40", "Total Dynasty: 40": a count for the deck; the section does not change
        headers += 1;
        var deckName = total.groups.name || total.groups.after_total;
        declared.push([HEADERS[deckName.toLowerCase().replace("pregame", "pre-game")], countOf(total.groups.count), number]);
        seenContent = true;
        return;
      }
      if (RULE_LINE.test(stripped) || TABLE_RULE.test(stripped)) return;  // a rule; a markdown table's rule row
      var byline = BYLINE.exec(stripped);
      if (byline && /\p{L}/u.test(byline[1]) && titleLine !== null && section === null && cards.length <= 1) {
        headers += 1; return;
      }
      var line = stripComment(raw);
      if (!line) return;
      var other = OTHER_GAME.exec(plain(line));  // "Conflict Deck (40)": a deck of the other game (decklist.py)
      if (other && otherGame === null) otherGame = [plain(line), number];
      if (other && !other.groups.card) { seenContent = true; headers += 1; return; }
      var eachAlone = EACH_ALONE.exec(plain(line));
      if (eachAlone) { each = eachCount(eachAlone.groups.count); seenContent = true; headers += 1; return; }  // "3 each:"
      var legalityLine = LEGALITY.exec(plain(line));
      if (legalityLine && legality === null && !cards.length) {
        legality = [plain(legalityLine.groups.format), number]; seenContent = true; headers += 1; return;
      }
      var summary = summaryLine(plain(line));  // "Dynasty (40): Personalities (20) Holdings (17)": the deck's summary
      if (summary !== null) {
        headers += 1; seenContent = true;
        if (summary[1] !== null) declared.push([summary[0], summary[1], number]);
        return;
      }
      var site = SITE_LINE.exec(plain(line));  // "12 Comments", "2y Like Reply": the social site's own text
      if (site) {  // (the line under "Posted by u/…" may still be the deck's name, as the first line is)
        headers += 1;
        if (site.groups.comments) { closeLabel(); openLabel = null; aside = plain(line); labelLine = null; each = null; }
        return;
      }
      if (COST_HEADING.test(plain(line)) || ATTRIBUTION.test(plain(line))) {  // "2 gold:", "Quote:"
        quoting = quoting || (ATTRIBUTION.test(plain(line)) && !POST_BY.test(plain(line)));
        headers += 1; seenContent = true; return;
      }
      var countLabel = COUNT_LABEL.exec(plain(line));  // "3-ofs: A, B", "Singletons:", "Playsets:"
      if (countLabel) {
        var labelCount = countLabel.groups.one ? 1 : countLabel.groups.three ? 3 : countOf(countLabel.groups.count || countLabel.groups.each);
        if (!pyStrip(countLabel.groups.rest)) { each = labelCount; seenContent = true; headers += 1; return; }
        line = labelCount + "x: " + countLabel.groups.rest;
      }
      if (labelAlone && NO_CARD.test(plain(line))) { labelAlone = false; seenContent = true; return; }  // "Sensei", "None"
      labelAlone = false;
      if (CHANGE_LINE.test(plain(line)) && (line.indexOf("+") >= 0 || section === null)) {  // a change to the list
        issues.push({ issue: true, line: number, text: plain(line), change: true, message: say("line.change", { line: plain(line) }) });
        seenContent = true;
        return;
      }
      var shapedInner = HEADER.exec(line) ? null : undecorated(plain(line));
      var headerShaped = HEADER.exec(line) || (shapedInner !== null ? HEADER.exec(shapedInner) : null);
      if (headerShaped && !METADATA_LINE.test(line)) {
        var headingCount = headerShaped.groups.count || headerShaped.groups.bare;  // "Kiho (3):"
        if (headingCount) headingShaped.set(number, [Number(headingCount), block, section]);
        issues.push({ line: number, text: plain(line), heading: !nearHeaderWord(headerShaped[1]), name: headerShaped[1],
          message: say("line.not-header", { line: line }) });
        seenContent = true;
        return;
      }
      var figure = FIGURE.exec(plain(line));  // "Iron Mine: 3": a card and its count, or a figure (decklist.py)
      if (METADATA_LINE.test(line) || (STATS_LINE.test(plain(line)) && (figure === null || readHeader(figure.groups.label) !== null))) {
        headers += 1; seenContent = true; return;
      }
      figureLine = figure !== null;
      if (figure !== null) line = figure.groups.count + " " + figure.groups.label;  // "Iron Mine: 3": as "3 Iron Mine"
      // decklist.py `first`: the line is the list's first, though a label on it is read first ("Deck: Crab Rush")
      var first = !seenContent;
      var label = PREGAME_LABEL.exec(plain(line).replace(BULLET, ""));  // "- Sensei: Kaelung Sensei" too
      if (label && STRONGHOLD_LABEL.test(label[1])) {
        wordsAbove();
        nameAbove(number);
        if (secondDeckAt(number, PREGAME)) return;
      }
      if (label) {
        headers += 1; closeLabel(); openLabel = null; labelLine = null; aside = null;
        if (section !== PREGAME) { section = PREGAME; stated = false; }
        line = label[2].replace(INNER_PREGAME_LABEL, "$<separator> ");  // "Stronghold: X / Sensei: Y"
      } else {
        var labelled = LABELLED_CARD.exec(plain(line).replace(BULLET, "")), head = labelled ? readHeaderOf(labelled[1]) : null;
        if (head) {
          takeHeader(head, labelled[1], number);
          if (secondDeck !== null) return;  // "Dynasty: 3 Yoritomo Ichido", the second deck's first line
          line = labelled[2];  // "Holdings: 3x Copper Mine"
        }
      }
      if ((label || head) && NO_CARD.test(line)) {  // "Wind: None": the label alone
        if (label && !stated) { section = null; afterLabel = true; }  // (decklist.py: as after a label with its card)
        seenContent = true;
        return;
      }
      var totals = section === null || section === PREGAME ? SPLIT_TOTALS.exec(plain(line)) : null;
      var rest = totals ? plain(line).slice(0, totals.index).replace(/\s+$/, "") : "";
      if (totals && /\p{L}/u.test(rest)) {  // "Kyuden Kyotei (40/40)": the Dynasty and Fate totals
        headers += 1;
        declared.push([DYNASTY, countOf(totals.groups.dynasty), number]);
        declared.push([FATE, countOf(totals.groups.fate), number]);
        line = rest;
      }
      var above = numbered && cards.length ? cards[cards.length - 1].item : null, run = null;
      // decklist.py _card: "21 - Shinomen Marsh" after the item "20) Shinomen Marsh", the list's next item
      if (above !== null && above !== undefined && (run = RUN_CONTINUED.exec(plain(line))) && Number(run.groups.item) === above + 1) {
        line = run.groups.item + ". " + run.groups.rest;
      }
      var parsed = parseCardLine(line, number, section, numbered);
      if (aside !== null && !parsed.issue) {  // decklist.py _card: a card line outside the deck
        issues.push({ issue: true, line: number, text: plain(line), aside: aside,
          message: say("line.aside", { line: plain(line), header: aside }) });
        seenContent = true;
        return;
      }
      if (parsed.issue) {
        if (first && section === null) titleLine = number;
        else issues.push(parsed);
      } else {
        var unbulleted = plain(line).replace(BULLET, "");
        var counted = COUNT.test(unbulleted) || !!trailingCount(unbulleted) || !!columnCount(line);
        var shapedHeading = figureLine || !/[(-]/.test(unbulleted) ? null : HEADING_SHAPED.exec(unbulleted);
        if (figureLine) headingShaped.set(number, [parsed.count, block, section]);  // decklist.py _card: "Kiho: 3"
        else if (shapedHeading) {
          headingShaped.set(number, [Number(shapedHeading.groups.count || shapedHeading.groups.after_dash), block, section]);
        }
        if (first && section === null && !counted) titleLine = number;
        if (each !== null && !counted) parsed.count = each;
        parsed.block = block;
        parsed.under = labelLine;
        parsed.after_label = afterLabel && section === null;  // decklist.py CardLine.after_label
        parsed.figure = figureLine;
        parsed.uncounted = !counted;  // decklist.py CardLine.uncounted
        var said = parsed.count + "|" + plain(parsed.name).toLowerCase() + "|" + plain(parsed.experience || "").toLowerCase();
        if (lineQuoted && has(cardsRead, said)) {  // decklist.py _card: the list's line quoted again in a reply
          issues.push({ issue: true, line: number, text: plain(line), requoted: cardsRead[said],
            message: say("line.requoted", { line: plain(line), first: cardsRead[said] }) });
          seenContent = true;
          if (label && !stated) { section = null; afterLabel = true; }
          return;
        }
        if (!lineQuoted && !has(cardsRead, said)) cardsRead[said] = number;
        cards.push(parsed);
        decksRead.add(parsed.section);
        if (openLabel !== null) openLabel[2] += parsed.count;
      }
      seenContent = true;
      // decklist.py: "Stronghold: X" is a label, no deck header; the lines after it go where their cards go
      if (label && !stated) { section = null; afterLabel = true; }
    }
    closeLabel();
    return { cards: cards, issues: issues, declared: declared, headers: headers, subtotals: subtotals,
      title_line: titleLine, above_list: aboveList || [], numbered: null, legality: legality, other_game: otherGame, second_deck: secondDeck,
      headings: countedHeadings(cards, headingShaped) };
  }

  // The YAML decklist shape only (a mapping of lists of card lines), with line numbers, as parse_yaml reads it.
  function DeckFileError(message) { this.message = message; }
  function theDecklist() { return say("file.the-decklist"); }  // the page's one decklist (a file, on the command line)
  function yamlScalar(s, number) {
    s = pyStrip(s);
    // A quoted scalar ends at its closing quote: anything after it but a comment is not YAML ("\"A\", B"), as
    // parse_yaml's YAML parser says.
    var bad = function () {
      return new DeckFileError(say("file.not-yaml", { deck: theDecklist(), at: say("file.at-line", { line: number }) }));
    };
    if (s[0] === "'") {
      var single = /^'((?:[^']|'')*)'(?:\s+#.*)?$/.exec(s);
      if (!single) throw bad();
      return single[1].replace(/''/g, "'");
    }
    if (s[0] === '"') {
      var double = /^("(?:[^"\\]|\\.)*")(?:\s+#.*)?$/.exec(s);
      if (!double) throw bad();
      try { return JSON.parse(double[1]); } catch (e) { throw bad(); }
    }
    var plainScalar = pyStrip(s.replace(/\s+#.*$/, ""));
    if (/:(\s|$)/.test(plainScalar)) throw bad();  // "a: b: c": a plain scalar holds no ": " (YAML's own rule)
    return plainScalar;
  }
  function parseYaml(text) {
    var cards = [], issues = [], key = null, keyLine = 0, items = null, any = false;
    var lines = splitLines(text.replace(/^\ufeff/, ""));
    function close() {
      if (key === null) return;
      var low = key.toLowerCase();
      if (YAML_METADATA.indexOf(low) >= 0) { /* ignored */ }
      else if (!Object.prototype.hasOwnProperty.call(YAML_KEYS, low)) {
        issues.push({ line: keyLine, message: say("line.not-section", { key: key }) });
      } else if (items === null) {
        if (!(keyValue === "" || keyValue === "~" || keyValue === "null")) {
          issues.push({ line: keyLine, message: say("line.not-list", { key: key }) });
        }
      } else {
        items.forEach(function (it) {
          if (!pyStrip(it[1])) { issues.push({ line: it[0], message: say("line.not-item") }); return; }
          var parsed = parseCardLine(stripComment(it[1]), it[0], YAML_KEYS[low]);
          (parsed.issue ? issues : cards).push(parsed);
        });
      }
    }
    var keyValue = "", firstAt = Object.create(null);
    lines.forEach(function (raw, i) {
      var number = i + 1;
      if (/^\s*(#.*)?$/.test(raw) || /^(---|\.\.\.)\s*$/.test(raw)) return;
      var top = /^([^\s#-][^:]*?)\s*:(?:\s+(.*))?$/.exec(raw) || /^([^\s#-][^:]*?)\s*:$/.exec(raw);
      if (top && !/^\s/.test(raw)) {
        close(); any = true;
        key = pyStrip(top[1]).replace(/^['"]|['"]$/g, ""); keyLine = number; items = null;
        // parse_yaml: a key given twice (as written, or but for case) is refused, never merged
        var low = key.toLowerCase(), first = firstAt[low];
        if (first) {
          var reason = first[0] === key ? say("file.duplicate-same", { key: key, first: first[1] })
            : say("file.duplicate-key", { key: key, first: first[1], written: first[0] });
          throw new DeckFileError(say("file.line", { deck: theDecklist(), line: number, reason: reason }));
        }
        firstAt[low] = [key, number];
        keyValue = top[2] === undefined ? "" : yamlScalar(top[2], number);
        return;
      }
      var item = /^\s*-(?:\s+(.*)|\s*)$/.exec(raw);
      if (item && key !== null && keyValue === "") {
        if (items === null) items = [];
        // "- 3x: Title" is a mapping to YAML (a plain scalar holds no ": "), not a card line (parse_yaml)
        var mapping = item[1] !== undefined && !/^['"]/.test(item[1]) && /:(\s|$)/.test(item[1].replace(/\s+#.*$/, ""));
        // its value is read as YAML reads one: '- 2x: "A", B' (a quoted scalar, then more) is no YAML (parse_yaml)
        if (mapping) yamlScalar(item[1].replace(/^[^:]*:\s*/, "") || "~", number);
        // "- [Iron Mine]", "- {a: b}": a flow collection, no card line (parse_yaml's not-item); "- [2x] Rout", text
        // after one, is no YAML
        var flow = item[1] !== undefined && /^[\[{]/.test(item[1]);
        if (flow && !/^(?:\[[^\[\]{}]*\]|\{[^\[\]{}]*\})(?:\s+#.*)?$/.test(pyStrip(item[1]))) {
          throw new DeckFileError(say("file.not-yaml", { deck: theDecklist(), at: say("file.at-line", { line: number }) }));
        }
        items.push([number, item[1] === undefined || mapping || flow ? "" : yamlScalar(item[1], number)]);
        return;
      }
      throw new DeckFileError(say("file.not-yaml", { deck: theDecklist(), at: say("file.at-line", { line: number }) }));
    });
    close();
    if (!any) throw new DeckFileError(say("file.not-mapping", { deck: theDecklist() }));
    return { cards: cards, issues: issues, declared: [] };
  }

  function unbracket(t) {
    t = pyStrip(t);
    return "([".indexOf(t.charAt(0)) >= 0 && t.length && ")]".indexOf(t.charAt(t.length - 1)) >= 0 ? pyStrip(t.slice(1, -1)) : t;
  }
  function parenSet(line) {  // '3 Title - exp (Set Name)' -> '3 Title - exp [Set Name]'
    var m = PAREN_SET.exec(line);
    if (!m || isExperience(m[2]) || !pyStrip(m[1])) return line;
    return m[1] + " [" + pyStrip(m[2]) + "]";
  }
  function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }

  function parseOracle(text, tabbed) {
    var cards = [], issues = [], declared = [], subtotals = [], section = null, openLabel = null, columns = null;
    splitLines(text).forEach(function (raw, i) {
      var number = i + 1, line = pyStrip(raw);
      if (!line) return;
      var h = ORACLE_HEADER.exec(line);
      if (h) {
        if (openLabel !== null) subtotals.push(openLabel);
        openLabel = null;
        var name = plain(h[1]).toLowerCase();
        if (has(HEADERS, name) && !(section === PREGAME && HEADERS[name] === PREGAME && ORACLE_DECKS.indexOf(name) < 0)) {
          // a deck (or, with no "Pre-Game" above, a pre-game type: Stronghold)
          section = HEADERS[name]; declared.push([section, parseInt(h[2], 10), number]);
        } else {
          openLabel = [plain(line.replace(/^[# ]+/, "")), parseInt(h[2], 10), 0, number];  // a type sub-header
        }
        // any other name is a card-type sub-header ("# Holding - (12)", "# Stronghold - (1)" under
        // "# Pre-Game - (3)"): Oracle writes one whenever the type changes; it belongs to the deck above it
        return;
      }
      if (TABLE_HEAD.test(plain(line))) { columns = tableColumns(raw) || columns; return; }  // its column names
      if (line.charAt(0) === "#") return;
      var row = columns !== null ? tableRow(raw, columns) : null;
      if (row !== null) {
        line = row;  // by the columns the first row names
      } else if (raw.indexOf("\t") >= 0) {
        var parts = raw.split("\t").map(pyStrip).filter(function (p) { return p; });
        line = parts.slice(0, 2).join(" ") + (parts.length > 2 ? " [" + unbracket(parts[2]) + "]" : "");
        if (parts.length > 3) {
          issues.push({ line: number, message: say("line.columns", { line: plain(raw) }) });
          return;
        }
      } else {
        line = parenSet(line);
      }
      var parsed = parseCardLine(line, number, section);
      if (openLabel !== null && !parsed.issue) { parsed.under = openLabel[3]; openLabel[2] += parsed.count; }
      (parsed.issue ? issues : cards).push(parsed);
    });
    if (openLabel !== null) subtotals.push(openLabel);
    return { cards: cards, issues: issues, declared: declared, subtotals: subtotals,
      input_format: tabbed ? "oracle-tab" : "oracle" };
  }

  function parseSunAndMoon(text) {
    var cards = [], issues = [], legality = null, section = null;
    splitLines(text).forEach(function (raw, i) {
      var number = i + 1, line = stripComment(raw);
      if (!line) return;
      var m = LEGALITY.exec(line);
      if (m && legality === null && !cards.length) { legality = [plain(m[1]), number]; return; }
      var h = HEADER.exec(line);
      if (h && has(HEADERS, plain(h[1]).toLowerCase())) { section = HEADERS[plain(h[1]).toLowerCase()]; return; }
      var parsed = parseCardLine(parenSet(line), number, section);
      (parsed.issue ? issues : cards).push(parsed);
    });
    return { cards: cards, issues: issues, declared: [], input_format: "sunandmoon", legality: legality };
  }

  function parseYasuki(text) {
    var cards = [], issues = [], declared = [], section = null;
    splitLines(text).forEach(function (raw, i) {
      var number = i + 1, line = pyStrip(raw);
      if (!line || line.charAt(0) === "#") return;
      var key = YASUKI_KEY.exec(line);
      if (key) {
        var k = key[1].toLowerCase().replace(/[-_ ]/g, "").replace("pregame", "pre_game");
        section = YAML_KEYS[k];
        if (key[2]) declared.push([section, parseInt(key[2], 10), number]);
        return;
      }
      if (YASUKI_META.test(line)) return;
      var item = YASUKI_ITEM.exec(raw);
      if (!item) {
        issues.push({ line: number, message: say("line.not-deck-line", { line: plain(line) }) });
        return;
      }
      if (section === null) {
        issues.push({ line: number, message: say("line.before-sections", { line: plain(line) }) });
        return;
      }
      var entry = item[1].replace(ART, "");
      if (entry.length >= 2 && entry.charAt(0) === entry.charAt(entry.length - 1) && "\"'".indexOf(entry.charAt(0)) >= 0) {
        entry = entry.slice(1, -1);
      }
      var parsed = parseCardLine(stripComment(entry), number, section);
      (parsed.issue ? issues : cards).push(parsed);
    });
    return { cards: cards, issues: issues, declared: declared, input_format: "yasuki" };
  }

  // detect_input_format: the first rule that fits wins. `source` is the file name (its suffix), if any.
  // decklist.py _written_by_hand: "3<TAB>Title" lines with a header or label as players write them by hand
  function writtenByHand(lines) {
    return lines.some(function (l) {
      var stripped = plain(l);
      if (!stripped || TAB_LINE.test(l) || ORACLE_HEADER.test(stripped)) return false;
      return readHeader(stripped) !== null || PREGAME_LABEL.test(stripped);
    });
  }
  function detectInputFormat(text, source) {
    var lines = splitLines(text), first = "";
    for (var n = 0; n < lines.length; n++) { if (pyStrip(lines[n])) { first = lines[n]; break; } }
    if (LEGALITY.test(first) && !writtenByHand(lines)) return "sunandmoon";  // (by hand: read as one, decklist.py)
    if (lines.some(function (l) { return TAB_LINE.test(l); }) && !writtenByHand(lines)) return "oracle-tab";
    if (lines.some(function (l) { return ORACLE_HEADER.test(pyStrip(l)); })) return "oracle";
    if (lines.some(function (l) { return l.toLowerCase().indexOf("{art:") >= 0; }) ||
        lines.some(function (l) { var m = YASUKI_KEY.exec(pyStrip(l)); return m && m[2]; })) return "yasuki";
    if (/\.ya?ml$/i.test(source || "")) return "yaml";
    return "text";
  }
  var READERS = { text: parseText, yaml: parseYaml, oracle: function (t) { return parseOracle(t, false); },
    "oracle-tab": function (t) { return parseOracle(t, true); }, sunandmoon: parseSunAndMoon, yasuki: parseYasuki };


  // ---------------------------------------------------------------------------------------------------------
  // The card table (l5r/cardpool/index.py)
  // ---------------------------------------------------------------------------------------------------------
  var OTHER = "Other", ANY_NUMBER = 1000000;
  // Exports whose sections are the card database's `deck`, not the player's choice: Oracle of the Void files every
  // card under its database deck (ootv-client templates/l5r.js); Sun and Moon writes no sections (checker.py).
  var DATABASE_SECTIONS = ["oracle", "oracle-tab", "sunandmoon"];

  function CardTable(doc) {
    var f = {}, str = doc.strings;
    doc.fields.forEach(function (name, n) { f[name] = n; });
    function words(list) { return list.map(function (k) { return str[k]; }); }
    this.has_pool = doc.has_pool;
    var ids = this.ids = doc.cards.map(function (r, n) {
      var title = r[f.title], exp = r[f.experience];
      return { n: n, key: r[f.key] === null ? (exp ? title + " \u2022 " + exp : title) : r[f.key], title: title,
        experience: exp, deck: str[r[f.deck]], types: words(r[f.types]), clans: words(r[f.clans]),
        unique: r[f.unique] === 1, sets: words(r[f.sets]), pool_tags: words(r[f.pool_tags]),
        promo_only: r[f.promo_only] === 1, icons: words(r[f.icons]), max_copies: r[f.max_copies],
        counts_toward_deck_size: r[f.counts_toward_deck_size] === 1,
        deck_size_change: r[f.deck_size_change].map(function (dn) { return [str[dn[0]], dn[1]]; }),
        card_id: r[f.card_id], in_pool: r[f.in_pool] === 1 };
    });
    // Every row by its title and its title without qualifier (index.py _register), then the exported extras.
    var titles = this.titles = Object.create(null);
    ids.forEach(function (i) {
      var a = titleKey(i.title), b = titleKey(splitQualifier(i.title)[0]);
      (titles[a] = titles[a] || []).push(i.n);
      if (b !== a) (titles[b] = titles[b] || []).push(i.n);
    });
    Object.keys(doc.titles).forEach(function (k) { titles[k] = doc.titles[k]; });
    this.aliases = doc.titles;
    this.readingMap = null;  // built on the first title not found as written (readings)
    function rows(map) { var out = {}; Object.keys(map).forEach(function (k) { out[k] = map[k].map(function (n) { return ids[n]; }); }); return out; }
    this.soul = rows(doc.soul_of); this.countsAs = rows(doc.counts_as); this.countedBy = rows(doc.counted_as_by);
  }
  CardTable.prototype.bucket = function (key) {
    var ids = this.ids, rows = this.titles[key] || [];
    return rows.map(function (n) { return ids[n]; });
  };
  CardTable.prototype.named = function (title, experience) {
    var wanted = experienceKey(experience);
    return this.bucket(titleKey(title)).filter(function (i) { return experienceKey(i.experience) === wanted; });
  };
  CardTable.prototype.titled = function (title) { return this.bucket(titleKey(title)); };
  // The rows by reading key (index.py _by_reading): own titles first, then the Codex's aliases.
  CardTable.prototype.readings = function () {
    if (this.readingMap) return this.readingMap;
    var reading = this.readingMap = Object.create(null), aliases = this.aliases;
    function add(key, n) {
      if (!key) return;
      var bucket = reading[key] = reading[key] || [];
      if (bucket.indexOf(n) < 0) bucket.push(n);
    }
    this.ids.forEach(function (i) { add(readingKey(i.title), i.n); add(readingKey(splitQualifier(i.title)[0]), i.n); });
    Object.keys(aliases).forEach(function (k) { aliases[k].forEach(function (n) { add(readingKey(k), n); }); });
    return reading;
  };
  CardTable.prototype.readLoosely = function (title, experience) {
    var wanted = experienceKey(experience), ids = this.ids;
    return (this.readings()[readingKey(title)] || []).map(function (n) { return ids[n]; })
      .filter(function (i) { return experienceKey(i.experience) === wanted; });
  };
  CardTable.prototype.titledLoosely = function (title) {
    var ids = this.ids, exact = this.titled(title);
    return exact.length ? exact : (this.readings()[readingKey(title)] || []).map(function (n) { return ids[n]; });
  };
  CardTable.prototype.allLevels = function (ident) {
    return this.bucket(titleKey(ident.title)).filter(function (i) { return i.deck === ident.deck; });
  };
  // names.py set_key, index.py printed_in: a set as a decklist names it, matched against the sets a card was printed
  // in by the pool's spelling or by the keys players write (the data's set_keys: "(Celestial)", "(TDoW)")
  function setKey(text) { return (plain(text).toLowerCase().replace(/['\u2019]/g, "").match(/[a-z0-9]+/g) || []).join(""); }
  function setPrintedIn(identity, setName) {  // the pool's name of the set, if the card was printed in it
    var wanted = titleKey(setName), key = setKey(setName);
    var found = identity.sets.filter(function (s) {
      return titleKey(s) === wanted || (has(SET_KEYS, s) && SET_KEYS[s].indexOf(key) >= 0);
    });
    return found.length ? found[0] : null;
  }
  function printedIn(identity, setName) { return setPrintedIn(identity, setName) !== null; }
  CardTable.prototype.find = function (name, experience, setName, deck) {
    var candidates = this.named(name, experience), q = splitQualifier(name), note = null, title = name;
    var loosely = false;
    // "Akodo Kano (Master Tactician)": a subtitle in brackets (at any level), not a remark (index.py _find)
    var subtitle = !!q[1] && !candidates.length && this.titledLoosely(name).some(function (c) { return c.title.indexOf(", ") >= 0; });
    if (!candidates.length && q[1] && !setName && !subtitle) { candidates = this.named(q[0], experience); setName = q[1]; title = q[0]; }
    if (!candidates.length) {  // "Pearls & Spirits", "Hch tik": the title as players write it
      candidates = this.readLoosely(name, experience);
      if (!candidates.length && q[1] && !setName && !subtitle) { candidates = this.readLoosely(q[0], experience); setName = q[1]; title = q[0]; }
      loosely = candidates.length > 0;
    }
    if (setName && (candidates.length || !experience)) {
      var printed = candidates.filter(function (c) { return printedIn(c, setName); });
      // "Kyoso no Oni (Clan War)", "Kage (HE1)": no level written, and the set printed the title at one level
      // (as a deck card: a biography printed beside it is no card for a deck)
      var inADeck = printed.filter(function (c) { return c.deck !== OTHER; });
      var atALevel = inADeck.length || experience ? [] : this.titled(title).filter(function (i) {
        return i.deck !== OTHER && printedIn(i, setName);
      });
      if (atALevel.length === 1) return { identity: atALevel[0], candidates: [], note: null, loosely: false, by_set: setPrintedIn(atALevel[0], setName) };
      if (printed.length) candidates = printed;
      else if (candidates.length) note = say("note.not-printed", { card: name, set: setName });
    }
    var playable = candidates.filter(function (c) { return c.deck !== OTHER; });
    if (!playable.length) playable = candidates;
    if (playable.length > 1 && deck) {
      var inDeck = playable.filter(function (c) { return c.deck === deck; });
      if (inDeck.length) playable = inDeck;
    }
    if (playable.length === 1) return { identity: playable[0], candidates: [], note: note, loosely: loosely };
    return { identity: null, candidates: playable, note: note, loosely: loosely };
  };
  // "Did you mean": index.py suggest(), the same algorithm so both checkers suggest the same titles. Similarity is
  // the Dice coefficient of the two titles' sets of character bigrams (of titleKey), kept when >= 0.5; best first,
  // ties alphabetically by titleKey, then title; up to `limit` distinct titles.
  var SUGGESTION_THRESHOLD = 0.5;
  function bigrams(key) {
    var chars = Array.from(key), out = new Set();  // code points, as Python slices a str
    for (var n = 0; n < chars.length - 1; n++) out.add(chars[n] + chars[n + 1]);
    return out;
  }
  function byCodePoint(a, b) {  // Python's str order (code points), not UTF-16 units
    var x = Array.from(a), y = Array.from(b);
    for (var n = 0; n < Math.min(x.length, y.length); n++) {
      var d = x[n].codePointAt(0) - y[n].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  }
  CardTable.prototype.suggest = function (written, limit) {
    limit = limit || 3;
    var wanted = bigrams(titleKey(written));
    if (!wanted.size) return [];
    this.suggestTables();
    var key = titleKey(written), space = key.indexOf(" "), family = space < 0 ? key : key.slice(0, space);
    var out = (this.givenTable.get(space < 0 ? "" : key.slice(space + 1)) || []).filter(function (t) {
      var k = titleKey(t), s = k.indexOf(" ");
      return (s < 0 ? k : k.slice(0, s)) !== family;
    }).slice(0, limit - 1);
    var scored = [];
    this.suggestionTable.forEach(function (row) {
      var common = 0;
      wanted.forEach(function (g) { if (row[2].has(g)) common++; });
      if (!common) return;
      var score = 2 * common / (wanted.size + row[2].size);
      if (score >= SUGGESTION_THRESHOLD) scored.push([score, row[0], row[1]]);
    });
    scored.sort(function (a, b) { return b[0] - a[0] || byCodePoint(a[1], b[1]) || byCodePoint(a[2], b[2]); });
    for (var n = 0; n < scored.length && out.length < limit; n++) {
      if (out.indexOf(scored[n][2]) < 0) out.push(scored[n][2]);
    }
    return out;
  };
  // index.py _suggestion_tables: each deck card's title with its bigrams; the Personalities by given name; the titles
  // by their words before a subtitle
  CardTable.prototype.suggestTables = function () {
    if (!this.suggestionTable) {
      var titles = new Set(), given = new Map(), personalities = new Set();
      this.ids.forEach(function (i) {
        if (i.deck !== OTHER) titles.add(i.title);
        if (i.types.indexOf("Personality") >= 0) personalities.add(i.title);
      });
      this.suggestionTable = Array.from(titles).map(function (t) { var k = titleKey(t); return [k, t, bigrams(k)]; });
      // index.py _suggestion_tables, in the order of title key, then title: a Personality's given name -> its titles
      // (of two words; of two words before a subtitle), and a title's reading words before its comma (and without its family
      // name: "Kano, Master Tactician") -> the titles
      var givenAny = new Map(), beforeComma = new Map();
      var file = function (table, key, title) {
        if (!table.has(key)) table.set(key, []);
        table.get(key).push(title);
      };
      var wordsOf = function (text) { return titleWords(text).filter(function (w) { return w !== ""; }).join(" "); };
      this.suggestionTable.slice().sort(function (a, b) { return byCodePoint(a[0], b[0]) || byCodePoint(a[1], b[1]); })
        .forEach(function (row) {
          var comma = row[1].indexOf(", ");
          var parts = (comma >= 0 ? titleKey(row[1].slice(0, comma)) : row[0]).split(" ");
          var person = parts.length === 2 && personalities.has(row[1]);
          var space = row[0].indexOf(" ");  // two words as the title key has them ("Renyu, Apocalypse" too)
          if (space >= 0 && row[0].indexOf(" ", space + 1) < 0 && personalities.has(row[1])) {
            file(given, row[0].slice(space + 1), row[1]);
          }
          if (person) file(givenAny, parts[1], row[1]);
          if (comma < 0) return;
          var words = wordsOf(row[1].slice(0, comma));
          if (words) file(beforeComma, words, row[1]);
          if (person) file(beforeComma, wordsOf(row[1].slice(row[1].indexOf(" ") + 1)), row[1]);
        });
      this.givenAnyTable = givenAny;
      this.beforeCommaTable = beforeComma;
      this.givenTable = given;
    }
  };
  // index.py short_for: the deck cards' titles a name stands for as players shorten one, by title key, then title:
  // the title without its subtitle ("Asahina Takuma"), and a one-word name's Personality by given name ("Reigoro")
  CardTable.prototype.shortFor = function (written) {
    this.suggestTables();
    var words = titleWords(written).filter(function (w) { return w !== ""; }).join(" ");
    var found = new Set(this.beforeCommaTable.get(words) || []);
    if (titleKey(written).indexOf(" ") < 0) {
      (this.givenTable.get(titleKey(written)) || []).forEach(function (t) { found.add(t); });
    }
    return Array.from(found).sort(function (a, b) { return byCodePoint(titleKey(a), titleKey(b)) || byCodePoint(a, b); });
  };
  // index.py shortened: the one title a name shortened as players write it stands for ("Tsujiken" after a pre-game
  // label, "Reigoro" for Hida Reigoro), or null
  CardTable.prototype.shortened = function (written, preGame) {
    var words = titleWords(written).filter(function (w) { return w !== ""; }), found = new Set();
    if (!words.length) return null;
    if (preGame) {
      if (!this.preGameWords) {
        var titles = new Set();
        this.ids.forEach(function (i) { if (i.deck === "Pre-Game") titles.add(i.title); });
        this.preGameWords = Array.from(titles).sort(byCodePoint).map(function (t) { return [t, titleWords(t)]; });
      }
      this.preGameWords.forEach(function (row) {
        if (words.every(function (w, k) { return row[1][k] === w; })) found.add(row[0]);
      });
    } else {
      this.shortFor(written).forEach(function (t) { found.add(t); });
    }
    return found.size === 1 ? found.values().next().value : null;
  };
  // index.py same_but_small_words: every deck card's title that is the name but for its small words, by title key
  CardTable.prototype.sameButSmallWords = function (written) {
    this.suggestTables();
    if (!this.smallWordsTable) {
      var table = new Map();
      this.suggestionTable.slice().sort(function (x, y) { return byCodePoint(x[0], y[0]) || byCodePoint(x[1], y[1]); })
        .forEach(function (row) {
          var key = smallWordsKey(row[1]);
          if (!table.has(key)) table.set(key, []);
          table.get(key).push(row[1]);
        });
      this.smallWordsTable = table;
    }
    var key = smallWordsKey(written);
    return key ? (this.smallWordsTable.get(key) || []).slice() : [];
  };
  // index.py given_name_titles: every title of the two-word Personalities with this given name, subtitled ones too
  CardTable.prototype.givenNameTitles = function (written) {
    this.suggestTables();
    var key = titleKey(written);
    return key.indexOf(" ") >= 0 ? [] : (this.givenAnyTable.get(key) || []).slice();
  };
  // index.py abbreviated: every deck card's title whose words the name abbreviates, word for word, sorted
  CardTable.prototype.abbreviated = function (written, preGame) {
    var words = abbreviatedWords(written, preGame);
    if (words === null) return [];
    if (!this.abbreviationTable) {
      var titles = new Set(), table = new Map();
      this.ids.forEach(function (i) { if (i.deck !== OTHER) titles.add(i.title); });
      Array.from(titles).sort(byCodePoint).forEach(function (t) {
        var tw = titleWords(t).filter(function (w) { return w !== ""; }), key = initials(tw);
        if (!table.has(key)) table.set(key, []);
        table.get(key).push([t, tw]);
      });
      this.abbreviationTable = table;
    }
    var typed = words.map(function (w) { return w[0]; });
    return (this.abbreviationTable.get(initials(typed.filter(function (w) { return w !== ""; }))) || [])
      .filter(function (row) {
        return words.every(function (w, k) { return k >= row[1].length || abbreviates(w[0], w[1], row[1][k]); }) &&
          words.some(function (w, k) { return k < row[1].length && w[0] !== row[1][k]; });
      }).map(function (row) { return row[0]; });
  };
  CardTable.prototype.soulChain = function (ident) {
    var seen = new Set([ident]), todo = [ident], soul = this.soul;
    while (todo.length) {
      (soul[todo.pop().n] || []).forEach(function (o) { if (!seen.has(o)) { seen.add(o); todo.push(o); } });
    }
    return seen;
  };
  function describe(i) {
    var kinds = i.types.filter(function (t) { return t !== "Proxy"; }).join(", ") || i.deck;
    return i.key + " (" + kinds + ")";
  }

  // ---------------------------------------------------------------------------------------------------------
  // Reports (l5r/engine/deck/report.py)
  // ---------------------------------------------------------------------------------------------------------
  function between(low, high) {
    if (low !== null && low !== undefined && low === high) return "exactly " + low;
    if (high === null || high === undefined) return "at least " + low;
    if (!low) return "at most " + high;
    return low + " to " + high;
  }
  // "1 card", "40 cards"; "1 copy", "3 copies" (l5r/engine/deck/report.py noun_count).
  function nounCount(n, noun, plural) { return n + " " + (n === 1 ? noun : plural || noun + "s"); }
  function names(keys) {
    return keys.length === 1 ? keys[0] : keys.slice(0, -1).join(", ") + " and " + keys[keys.length - 1];
  }
  function Findings() { this.problems = []; this.warnings = []; }
  function finding(code, message, card, rule, line) {
    return { code: code, message: message, card: card === undefined ? null : card,
      rule: rule === undefined ? null : rule, line: line === undefined ? null : line };
  }
  Findings.prototype.problem = function (c, m, card, rule, line, suggestions) {
    var f = finding(c, m, card, rule, line);
    if (suggestions !== undefined && suggestions !== null) f.suggestions = suggestions.slice();  // unknown-card only
    this.problems.push(f);
  };
  Findings.prototype.warn = function (c, m, card, rule, line) { this.warnings.push(finding(c, m, card, rule, line)); };
  // report.py warn_first: a warning that explains the others, shown above them
  Findings.prototype.warnFirst = function (c, m, card, rule, line) { this.warnings.unshift(finding(c, m, card, rule, line)); };

  // ---------------------------------------------------------------------------------------------------------
  // The checker (l5r/engine/deck/checker.py, pregame.py, copies.py)
  // ---------------------------------------------------------------------------------------------------------
  var MATCHERS = {
    icon: function (i, v) { return i.icons.indexOf(String(v).toLowerCase()) >= 0; },
    promo_or_unreleased: function (i, v) { return i.in_pool && i.promo_only === Boolean(v); },
    legality_missing: function (i, v) { return i.in_pool && (!i.pool_tags.length) === Boolean(v); }
  };
  // Whether a decklist's "Legality: Modern" names this format: its id, name or short name, any case (checker.py).
  function namesFormat(written, fmt) {
    var key = titleKey(written);
    return [fmt.id, fmt.id.replace(/-/g, " "), titleKey(fmt.name), titleKey(fmt.short_name)].indexOf(key) >= 0;
  }
  function inForce(ban, on) {
    if (ban.lifted_undated) return false;  // lifted on a day the document never gives: on no list it states
    if (ban.added !== null && on < ban.added) return false;
    return !(ban.lifted !== null && on >= ban.lifted);
  }

  function Checker(fmt, table, cardIds, acronyms) {
    var rs = fmt.ruleset, self = this;
    this.fmt = fmt; this.rs = rs; this.table = table; this.name = fmt.short_name;
    this.rule = function (key, dflt) {
      return Object.prototype.hasOwnProperty.call(rs.rule_refs, key) ? rs.rule_refs[key] : (dflt === undefined ? null : dflt);
    };
    this.poolRules = rs.card_pool || {};
    this.cardsInPool = this.poolRules.in_pool === undefined ? true : this.poolRules.in_pool;
    this.slots = rs.pregame.slots.map(function (raw) {
      var cards = (raw.cards || []).map(function (id) {
        if (!Object.prototype.hasOwnProperty.call(cardIds, id)) throw new Error("slot names unknown card " + id);
        return table.ids[cardIds[id]];
      });
      var types = raw.types || [];
      return { key: raw.key, label: raw.label || (cards.length ? cards[0].title : types.slice().sort().join(" or ")),
        types: types, cards: cards, min: raw.min === undefined ? 0 : raw.min, max: raw.max === undefined ? null : raw.max,
        clan_of: raw.clan_of || null, any_clan: raw.any_clan || null,
        rule: self.rule("pregame_" + raw.key, self.rule("pregame")) };
    });
    this.slotCards = new Set();
    this.slots.forEach(function (s) { s.cards.forEach(function (c) { self.slotCards.add(c); }); });
    this.cardBans = new Map(); this.categoryBans = [];
    fmt.bans.forEach(function (ban) {
      if (ban.card) {
        if (Object.prototype.hasOwnProperty.call(cardIds, ban.card)) {
          var ident = table.ids[cardIds[ban.card]];
          if (!self.cardBans.has(ident)) self.cardBans.set(ident, []);
          self.cardBans.get(ident).push(ban);
        }
      } else if (ban.match) {
        self.categoryBans.push(ban);
      }
    });
    var lg = fmt.legality;
    this.legalSets = new Set(lg ? lg.sets.filter(function (s) { return s.pool_set; }).map(function (s) { return titleKey(s.pool_set); }) : []);
    this.legalTags = new Set(lg ? lg.pool_tags : (this.poolRules.pool_tags || []));
    this.poolRule = (lg ? lg.rule : null) || this.rule("card_pool");
    this.ownTags = lg && lg.legal_bugs.length ? [fmt.short_name, fmt.name] : [];
    this.sectionsRule = this.rule("deck_sections") || this.rule("deck_size");
    this.acronyms = acronyms;
  }

  Checker.prototype.isADecklist = function (deck) {
    var table = this.table;
    if (deck.declared.length || deck.legality || deck.headers || deck.cards.some(function (c) { return c.section !== null; })) {
      return true;
    }
    return deck.cards.some(function (c) {
      return table.find(c.name, c.experience, null, null).identity !== null || table.find(c.written, null, null, null).identity !== null;
    });
  };
  // checker.py _no_headers: why a list without deck headers cannot be checked where the cards are not in the pool
  // checker.py _check_other_game: a list most of whose card lines name no card of the pool, said once
  Checker.prototype.otherGame = function (entries, out) {
    var unknown = entries.filter(function (e) { return !e.identity; });
    if (entries.length < OTHER_GAME_LINES_AT_LEAST || 2 * unknown.length <= entries.length) return;
    var first = unknown[0].line;
    out.warnFirst("other-game", say("other-game.unknown", { line: first.line, text: first.written, unknown: unknown.length,
      lines: entries.length }), null, null, first.line);
  };
  Checker.prototype.noHeaders = function (entries) {
    var lines = entries.filter(function (e) { return e.section === null; }).map(function (e) { return e.line.line; });
    var where = lines.length === entries.length ? say("no-headers.all")
      : say("no-headers.some", { lines: nounCount(lines.length, "card line"), first: lines[0], are: lines.length === 1 ? "is" : "are" });
    return say("cannot-check.no-headers", { where: where, collection: this.collection() });
  };
  // checker.py _collection: the card collection a format whose cards are not in the pool is played with
  Checker.prototype.collection = function () {
    return this.poolRules.collection || say("collection", { name: this.name });
  };
  Checker.prototype.bansStated = function (on) {
    return !this.fmt.ban_list_stated_from || on >= this.fmt.ban_list_stated_from;
  };
  Checker.prototype.bansNotStated = function () {
    return say("cannot-check.bans", { name: this.name, start: this.fmt.ban_list_stated_from });
  };
  // Titles close to a name that names no card, never the name itself, for the first MAX_SUGGESTED_PER_DECK unknown
  // names of a deck (checker.py _suggest).
  var MAX_SUGGESTED_PER_DECK = 100;
  Checker.prototype.suggest = function (typed) {
    if (this.suggested >= MAX_SUGGESTED_PER_DECK) return [];
    this.suggested += 1;
    var clan = CLAN_PREFIX.exec(typed);  // "Lion - Akodo Shika": the title's guesses, not the clan's (checker.py)
    if (clan) typed = clan.groups.rest;
    return this.table.suggest(typed).filter(function (t) { return titleKey(t) !== titleKey(typed); });
  };
  // strictTitles: as `l5r deck check --strict-titles`, a near-certain typo is a problem, never read as its card.
  // checker.py _first_of_headerless_decks: a post of several decks with no headers, the first deck only (a stronghold's
  // line, one copy, after cards filling half of each deck's least size, with a Dynasty or Fate card after it)
  Checker.prototype.firstOfHeaderlessDecks = function (deck) {
    if (deck.second_deck !== null && deck.second_deck !== undefined || deck.input_format !== "text" || !this.cardsInPool) return deck;
    var least = {}, copies = {}, self = this;
    [["Dynasty", this.rs.dynasty_deck], ["Fate", this.rs.fate_deck]].forEach(function (t) {
      least[t[0]] = Math.floor((t[1].min || 0) * HEADERLESS_FIRST_DECK[0] / HEADERLESS_FIRST_DECK[1]); copies[t[0]] = 0;
    });
    var found = deck.cards.map(function (c) { return [c, self.table.find(c.name, c.experience, c.set_name, null).identity]; });
    found.sort(function (a, b) { return a[0].line - b[0].line; });
    for (var n = 0; n < found.length; n++) {
      var card = found[n][0], identity = found[n][1];
      if (identity === null) continue;
      var opens = identity.types.indexOf("Stronghold") >= 0 && card.count === 1 && card.section !== PREGAME && n > 0;
      if (opens && Object.keys(least).every(function (d) { return least[d] && copies[d] >= least[d]; }) &&
          found.slice(n + 1).some(function (f) { return f[1] !== null && has(copies, f[1].deck); })) {
        var above = n - 1;  // its name's lines above it (prose, no card) are the second deck's (checker.py)
        while (found[above][1] === null && proseReason(proseMeasured(found[above][0]), [])) above--;
        var start = found[above][0].line + 1, out = {};
        Object.keys(deck).forEach(function (k) { out[k] = deck[k]; });
        out.cards = deck.cards.filter(function (c) { return c.line < start; });
        out.issues = deck.issues.filter(function (i) { return i.line < start; });
        out.second_deck = start;
        return out;
      }
      if (has(copies, identity.deck)) copies[identity.deck] += card.count;
    }
    return deck;
  };
  Checker.prototype.check = function (deck, on, strictTitles) {
    this.suggested = 0;
    this.strictTitles = !!strictTitles;
    var out = new Findings(), self = this;
    if (!this.isADecklist(deck)) {
      return this.report(on, { pre_game: 0, dynasty: 0, fate: 0 }, out, { bans: "not-checked", notADecklist: say("not-a-decklist") });
    }
    deck = this.firstOfHeaderlessDecks(deck);
    this.remarks = new Set();  // lines read as the author's remarks
    this.linesRead = [];  // the card lines as read (resolve)
    var headings = [];
    deck.issues.forEach(function (issue) {
      if (issue.signature) {  // "Thanks,", "Mark Sullivan": a mail's closing words and signature (checker.py check)
        out.warn("read-as", say("read-as.signature", { line: issue.line, text: issue.text }), null, null, issue.line);
        return;
      }
      if (issue.caption) {  // "Fate – (40)Army Like a Tide": a picture's caption glued to the header (checker.py)
        out.warn("read-as", say("read-as.caption", { line: issue.line, text: issue.text }), null, null, issue.line);
        return;
      }
      if (issue.change) {  // "-1 Tsuruchi Taito, +1 Tsuruchi Kaito": a change to a list posted before (checker.py)
        out.warn("read-as", say("read-as.change", { line: issue.line, text: issue.text }), null, null, issue.line);
        return;
      }
      if (issue.requoted !== undefined && issue.requoted !== null) {  // "> 3 Rout" in a reply: counted once
        out.warn("read-as", say("read-as.requoted", { line: issue.line, text: issue.text, first: issue.requoted }), null, null, issue.line);
        return;
      }
      if (issue.aside !== undefined && issue.aside !== null) {  // "Sideboard:", then a card outside the deck
        out.warn("read-as", say("read-as.aside", { line: issue.line, text: issue.text, header: issue.aside }), null, null, issue.line);
        return;
      }
      // "Current decklist is:", "Good vs. Crab; run 3 of it.": prose, no card line (checker.py check)
      // ("Crab Clan (2):" over two copies: a heading, though its words name no card)
      var countedHeading = issue.heading && (deck.headings || []).some(function (h) { return h[0] === issue.line; });
      if (!countedHeading && issue.text && self.cardsInPool && self.remarkLine(issue.line, issue.text, issue.text, [], out)) return;
      if (issue.heading) { headings.push(issue); return; }  // decided once the remarks are known
      out.problem("parse", say("at-line", { line: issue.line, message: issue.message }), null, null, issue.line);  // a line that is no card line breaks no rule
    });
    if (deck.numbered !== null && deck.numbered !== undefined) {  // "1. Ambush", "2. Rout": the items' numbers
      out.warn("read-as", say("read-as.numbered", { line: deck.numbered }), null, null, deck.numbered);
    }
    if (deck.other_game) {  // "Conflict Deck (40)": a deck of the other game (checker.py check)
      out.warn("other-game", say("other-game", { line: deck.other_game[1], text: deck.other_game[0] }), null, null, deck.other_game[1]);
    }
    if (deck.second_deck) {  // "HIS DECK - Mantis", "Stronghold: ...": two decks in one post (checker.py check)
      out.warn("second-deck", say("second-deck", { line: deck.second_deck }), null, null, deck.second_deck);
    }
    if (deck.legality && !namesFormat(deck.legality[0], this.fmt)) {
      out.warn("format-mismatch", say("format-mismatch", { line: deck.legality[1], written: deck.legality[0],
        format: this.fmt.name }), null, null, deck.legality[1]);
    }
    var entries = this.resolve(deck, out);
    this.checkHeadings(deck, headings, out);
    var counts = {};
    SECTIONS.forEach(function (s) {
      counts[s] = entries.reduce(function (t, e) { return t + (e.section === s ? e.count : 0); }, 0);
    });
    // A header counts the lines written under it (before a starting holding is moved to the pre-game cards), not
    // the author's remarks between them.
    var listed = {};
    SECTIONS.forEach(function (s) {
      listed[s] = self.linesRead.reduce(function (t, c) {  // each line as read ("3x: A, B" is six copies)
        return t + (c.section === s && !self.remarks.has(c.line) ? c.count : 0);
      }, 0);
    });
    // checker.py: a line above every header counts in the deck its card was placed in
    entries.forEach(function (e) {
      if (e.line.section === null && e.section !== null) listed[e.section] += e.line.count;
    });
    this.declaredCounts(deck, listed, out);
    if (!this.cardsInPool && entries.some(function (e) { return e.section === null; })) {
      return this.report(on, counts, out, { bans: "not-checked", unchecked: this.noHeaders(entries) });
    }
    this.sizes(entries, out);
    if (!this.cardsInPool) {
      this.pregameCount(counts[PREGAME], out);
      return this.report(on, counts, out, { bans: "not-checked",
        unchecked: say("cannot-check.collection", { collection: this.collection() }) });
    }
    var known = entries.filter(function (e) { return e.identity; });
    if (!deck.other_game && this.table.has_pool) this.otherGame(entries, out);
    this.sections(known, out);
    this.pregame(known.filter(function (e) { return e.section === PREGAME; }), out);
    this.copies(known, out);
    var banned, extra = { bans: "stated", unchecked: "" };
    if (this.bansStated(on)) {
      banned = this.bans(known, on, out);
    } else {
      // checker.py: before the whole list is stated, the entries the documents date on or before this day hold
      banned = this.bans(known, on, out, true);
      extra = { bans: "not-stated", unchecked: this.bansNotStated() };
      out.warn("bans-not-stated", say("bans-not-stated", { reason: extra.unchecked }));
    }
    var unsettled = this.pool(known, banned, out);
    extra.unchecked = [extra.unchecked, unsettled].filter(function (t) { return t; }).join(" ");
    return this.report(on, counts, out, extra);
  };
  // report.py DeckReport: the verdict (legal / not-legal / cannot-be-checked / not-a-decklist) and its reason.
  Checker.prototype.report = function (on, counts, out, extra) {
    extra = extra || {};
    var verdict, reason, n = out.problems.length;
    if (extra.notADecklist) { verdict = "not-a-decklist"; reason = extra.notADecklist; }
    else if (n) { verdict = "not-legal"; reason = n + " problem" + (n !== 1 ? "s" : ""); }
    else if (extra.unchecked) { verdict = "cannot-be-checked"; reason = extra.unchecked; }
    else { verdict = "legal"; reason = ""; }
    var legal = verdict === "legal" ? true : verdict === "not-legal" ? false : null;
    return { format: this.fmt.id, legal: legal, verdict: verdict, reason: reason, bans: extra.bans || "stated",
      as_of: on, problems: out.problems, warnings: out.warnings, counts: counts };
  };

  // checker.py _check_headings: the author's heading changes no deck where no card line is above it or every card
  // line below it is the author's remark, or its count is the copies listed under it ("Kiho (2):"); anywhere else
  // ("Sideboard:" above cards) it stays a problem
  Checker.prototype.checkHeadings = function (deck, headings, out) {
    var self = this;
    var cards = deck.cards.map(function (c) { return c.line; }).filter(function (line) {
      return line !== deck.title_line && !self.remarks.has(line);
    });
    var counted = new Map(deck.headings || []);
    headings.forEach(function (issue) {
      var top = cards.every(function (line) { return line > issue.line; });
      var bottom = cards.every(function (line) { return line < issue.line; });
      if (counted.has(issue.line)) {  // "Kiho (2):", then two copies under it
        out.warn("read-as", say("read-as.counted-heading", { line: issue.line, written: issue.text,
          count: counted.get(issue.line) }), null, null, issue.line);
      } else if (top || bottom) {
        out.warn("read-as", say("read-as.heading", { line: issue.line, text: issue.text }), null, null, issue.line);
      } else if (issue.name && namesAKindOfCard(issue.name)) {  // "Kiho:", "Battle Actions:" over cards
        out.warn("read-as", say("read-as.kind-heading", { line: issue.line, text: issue.text, name: issue.name }),
          null, null, issue.line);
      } else {
        out.problem("parse", say("at-line", { line: issue.line, message: issue.message }), null, null, issue.line);
      }
    });
  };
  // checker.py _names_a_kind_of_card: a heading's name is a keyword the pool's deck cards carry or a kind of action
  function namesAKindOfCard(name) {
    var words = name.toLowerCase().split(/\s+/).filter(function (w) { return w; });
    if (words.length > 1 && GROUP_NAME_TAILS.indexOf(words[words.length - 1]) >= 0) words = words.slice(0, -1);
    var said = words.join(" ");
    return [said].concat(singulars(said)).some(function (w) { return ACTION_KINDS.indexOf(w) >= 0 || DECK_KEYWORDS.has(w); });
  }
  // checker.py _names_no_card_of_its_deck: the line names no card (nor several), or only one of another deck or of none
  Checker.prototype.namesNoCardOfItsDeck = function (card, sortedByPool) {
    var entry = this.entry(card, new Findings(), sortedByPool);
    if (entry === null || entry.identity === null) return !this.namesACard(card.name, card.experience);
    if (card.section === null || entry.identity.deck === DECK_OF_SECTION[card.section]) return false;
    // ("Chikara (2)" names a biography, and Dynasty cards of the title at their levels: a card of its deck)
    return this.table.titledLoosely(card.name).every(function (i) { return i.deck !== DECK_OF_SECTION[card.section]; });
  };
  // checker.py _prose_around: the warning that reads a line naming no card as the author's words: the last words of
  // the remark above, wrapped mid-sentence; or words after the list, in a paragraph of their own; else null
  Checker.prototype.proseAround = function (card, writtenAt, firstInBlock, lastCard) {
    if (card.count !== 1 || this.namesACard(card.name, card.experience)) return null;
    var above = card.line - 1;
    if (this.remarks.has(above) && writtenAt.has(above) && /^\p{Ll}/u.test(card.written) &&
        !SENTENCE_END.test(writtenAt.get(above))) {
      return [false, say("read-as.remark-wrapped", { line: card.line, written: card.written, above: above })];
    }
    if (lastCard !== null && card.block !== lastCard.block &&
        (SENTENCE_END.test(card.written) || this.remarks.has(firstInBlock.get(card.block)))) {
      return [true, say("read-as.after-list", { line: card.line, written: card.written, last: lastCard.line })];
    }
    return null;
  };
  // checker.py _names_no_card: the line, read on its own, names no card (nor, by a guess, one)
  Checker.prototype.namesNoCard = function (c, sortedByPool) {
    var named = this.entry(c, new Findings(), sortedByPool);
    return named === null || named.identity === null;
  };
  Checker.prototype.resolve = function (deck, out) {
    var self = this;
    if (!this.cardsInPool) {
      out.warn("not-checked", say("not-checked.collection", { collection: this.collection() }), null, this.poolRule);
      this.linesRead = deck.cards.slice();  // (each line as written: its header's count is compared with them)
      return deck.cards.map(function (c) { return { line: c, identity: null, section: c.section, count: c.count }; });
    }
    if (!this.table.has_pool) {
      out.warn("no-card-pool", say("no-card-pool", { count: this.table.ids.length }));
    }
    var sortedByPool = deck.input_format === "sunandmoon";  // its export has no deck headers, by design
    var placedByDatabase = DATABASE_SECTIONS.indexOf(deck.input_format) >= 0;
    this.amongCards = this.figuresAmongCards(deck.cards);
    this.pregameBlocks = new Set(deck.cards.filter(function (c) {
      return c.section === null && self.opensPregame(c);
    }).map(function (c) { return c.block; }));
    var entries = [], headed = new Map(deck.headings || []), writtenAt = new Map(), firstInBlock = new Map();
    deck.cards.forEach(function (c) {
      writtenAt.set(c.line, c.written);
      if (!firstInBlock.has(c.block)) firstInBlock.set(c.block, c.line);
    });
    var lastCard = null, afterList = [];  // the last line read as a card so far, and the words after it (checker.py)
    self.linesRead = [];
    deck.cards.forEach(function (listed) {
      self.several(listed, out).forEach(function (c) {
        self.linesRead.push(c);
        if (c.line === deck.title_line && self.namesNoCard(c, sortedByPool)) return;  // the deck's name
        // "By Nick Zube": the page's words above the list; "(2) - Personality Control": a numbered group's name
        var said = null;
        if ((deck.above_list || []).indexOf(c.line) >= 0 && self.namesNoCard(c, sortedByPool)) {
          said = say("read-as.above-list", { line: c.line, written: c.written });
        } else if ((deck.groups || []).indexOf(c.line) >= 0 && self.namesNoCard(c, sortedByPool)) {
          said = say("read-as.group", { line: c.line, written: c.written });
        }
        if (said !== null) {
          out.warn("read-as", said, null, null, c.line);
          self.remarks.add(c.line);
          return;
        }
        // "Kiho (2)", then two copies under it: the author's heading, not a card (nor "Ninja (2)" over Fate cards)
        if (headed.has(c.line) && self.namesNoCardOfItsDeck(c, sortedByPool)) {
          out.warn("read-as", say("read-as.counted-heading", { line: c.line, written: c.written, count: c.count }),
            null, null, c.line);
          self.remarks.add(c.line);
          return;
        }
        var words = self.proseAround(c, writtenAt, firstInBlock, lastCard), tried = new Findings();
        var entry = self.entry(c, tried, sortedByPool);
        if (words !== null && entry !== null && tried.problems.some(function (p) { return p.code === "unknown-card"; })) {
          // "square).", "Comments?": the author's words, where they name no card (not even by a guess)
          if (words[0]) { afterList.push([c, tried, entry, words[1]]); self.remarks.add(c.line); return; }  // (so far)
          out.warn("read-as", words[1], null, null, c.line);
          self.remarks.add(c.line);
          return;
        }
        if (entry !== null && entry.identity !== null) {
          afterList.forEach(function (w) {  // a card follows them: they were the list's lines
            self.remarks.delete(w[0].line);
            out.problems = out.problems.concat(w[1].problems);
            out.warnings = out.warnings.concat(w[1].warnings);
            entries.push(self.placed(w[2], placedByDatabase));
          });
          afterList = []; lastCard = c;
        }
        out.problems = out.problems.concat(tried.problems);
        out.warnings = out.warnings.concat(tried.warnings);
        if (entry === null) { self.remarks.add(c.line); return; }  // the author's remark, said in a warning
        entries.push(self.placed(entry, placedByDatabase));
      });
    });
    afterList.forEach(function (w) { out.warn("read-as", w[3], null, null, w[0].line); });
    entries = entries.map(function (e) { return e.identity === null && e.section === null ? self.byNeighbours(e, entries, out) : e; });
    var under = deck.input_format === "text" ? this.listedUnder(deck) : new Map();
    (deck.subtotals || []).forEach(function (t) {
      var listedUnder = under.has(t[3]) ? under.get(t[3]) : t[2];
      if (t[1] !== listedUnder) {
        out.warn("declared-count", say("declared-count.subtotal", { line: t[3], label: t[0], stated: nounCount(t[1], "card"),
          listed: listedUnder, are: listedUnder === 1 ? "is" : "are" }), null, null, t[3]);
      }
    });
    return entries;
  };
  // checker.py _listed_under: the copies under each sub-header with a count, remarks not counted: its lines up to
  // the next header, or up to a blank line once they reach its count
  Checker.prototype.listedUnder = function (deck) {
    var stated = new Map(), listed = new Map(), block = new Map(), self = this;
    (deck.subtotals || []).forEach(function (t) { stated.set(t[3], t[1]); });
    this.linesRead.forEach(function (card) {
      var at = card.under;
      if (at === null || at === undefined || !stated.has(at) || block.get(at) === -1) return;
      if (block.has(at) && card.block !== block.get(at) && listed.get(at) >= stated.get(at)) {
        block.set(at, -1);  // its cards ended at the blank line before this one
        return;
      }
      block.set(at, card.block);
      listed.set(at, (listed.get(at) || 0) + (self.remarks.has(card.line) ? 0 : card.count));
    });
    return listed;
  };
  // A starting holding the format puts among the pre-game cards (OH Border Keep, Bamboo Harvesters) that an
  // exporter filed under Dynasty because its card database says Dynasty: the export cannot say otherwise, so it is
  // counted as pre-game. In a decklist a player wrote, the section is the player's word and stays (checker.py _placed).
  Checker.prototype.placed = function (entry, placedByDatabase) {
    if (placedByDatabase && entry.section === DYNASTY && entry.identity && this.slotCards.has(entry.identity) &&
        entry.identity.deck === "Dynasty") {
      return { line: entry.line, identity: entry.identity, section: PREGAME, count: entry.count };
    }
    return entry;
  };
  // checker.py _entry: the card a line names and the section it counts in; every reading other than the line's
  // literal text is said in a read-as warning.
  // checker.py _acronym_in_brackets: "Kuni Yori (HE3)", a set's acronym in round brackets, where the whole is no title
  Checker.prototype.acronymInBrackets = function (card) {
    if (card.set_name || card.name.indexOf("(") < 0) return card;
    var q = splitQualifier(card.name);
    if (!q[1] || !has(this.acronyms, q[1].toLowerCase()) || this.table.titled(card.name).length) return card;
    var split = splitExperience(q[0]);
    return Object.assign({}, card, { name: split[0], experience: split[1] || card.experience, set_name: q[1] });
  };
  // checker.py _set_after_title: "Hida Kuon - Samurai Edition", "Iron Mine, Celestial": a set's name after a dash, a
  // comma or a slash (the last such mark that leaves one), where the whole is no title, the set's name none either,
  // and the rest names a card
  Checker.prototype.setAfterTitle = function (card, deck) {
    if (card.set_name || (card.name.length > SET_AFTER_TITLE_LONGEST && Array.from(card.name).length > SET_AFTER_TITLE_LONGEST) ||
        this.table.titledLoosely(card.name).length) return card;  // (a length in characters, as Python counts them)
    var marks = Array.from(card.name.matchAll(SET_AFTER_TITLE_MARK));
    for (var k = marks.length - 1; k >= 0; k--) {
      var title = card.name.slice(0, marks[k].index).trim(), setWritten = card.name.slice(marks[k].index + marks[k][0].length).trim();
      if (!title || !this.isSet(setWritten) || this.table.titledLoosely(setWritten).length) continue;
      var setName = has(this.acronyms, setWritten.toLowerCase()) ? this.acronyms[setWritten.toLowerCase()] : setWritten;
      // the title as written ("Kitsu Kouki • Experienced" is one of the pool's), else its level apart
      var readings = [[title, null], splitExperience(title)];
      for (var r = 0; r < readings.length; r++) {
        var experience = readings[r][1] || card.experience, found = this.table.find(readings[r][0], experience, setName, deck);
        if (found.identity !== null || found.candidates.length) {
          return Object.assign({}, card, { name: readings[r][0], experience: experience, set_name: setWritten });
        }
      }
    }
    return card;
  };
  Checker.prototype.entry = function (card, out, sortedByPool) {
    var deck = card.section ? DECK_OF_SECTION[card.section] : null;
    card = this.setAfterTitle(this.acronymInBrackets(card), deck);
    // data/set-acronyms.yml: "TotV" -> "Time of the Void", matched without case
    var setName = card.set_name ? (has(this.acronyms, card.set_name.toLowerCase()) ? this.acronyms[card.set_name.toLowerCase()] : card.set_name) : null;
    var found = this.lookup(card, setName, deck, out);
    if (found.identity === null && !found.candidates.length && experienceKey(card.experience) === experienceKey("Inexperienced")) {
      found = this.inexperienced(card, setName, deck, out) || found;
    } else if (found.identity === null && !found.candidates.length && card.experience) {
      found = this.levelWithoutItsTag(card, setName, deck, out) || found;
      var spaced = WORD_AFTER_A_LEVEL.exec(card.experience);
      if (found.identity === null && !found.candidates.length && spaced && isExperience(spaced.groups.level)) {
        // "Moto Taigo, Exp 2 DE": a short word after the level, the author's (checker.py _entry)
        card = Object.assign({}, card, { experience: spaced.groups.level });
        found = this.lookup(card, setName, deck, out);
        found = this.levelWithoutItsTag(card, setName, deck, out) || found;
        if (found.identity !== null) found = Object.assign({}, found, { loosely: true });
      }
    }
    if (found.identity === null && !found.candidates.length) {
      found = this.byTitleAlone(card, out);
      if (found === null) return this.unplaced(card, out);
    }
    if (card.figure && found.identity === null && !found.candidates.length && !(this.amongCards && this.amongCards.has(card.line)) &&
        !this.typoOfATitle(card, setName, deck)) {
      // "Wins: 3", no card "Wins"
      var text = card.written + ": " + card.count;
      out.warn("read-as", say("read-as.figure", { line: card.line, text: text, title: card.written }), null, null, card.line);
      return null;
    }
    if (found.identity !== null && found.identity.deck === OTHER && !card.experience) {
      found = this.deckCardOfTheTitle(card, found, out);
    }
    if (found.identity === null && found.candidates.length) found = this.byFormat(card, found, out);
    var suggestions = null;
    if (found.identity === null && !found.candidates.length) {
      var typo = this.byTypo(card, setName, deck, out);
      if (typo[0] === null) return this.unplaced(card, out);
      found = typo[0]; suggestions = typo[1];
      if (found.identity !== null && found.identity.deck === OTHER && !card.experience) {
        found = this.deckCardOfTheTitle(card, found, out);  // "Mos. Madoka", as "Moshi Madoka" reads
      }
    }
    if (found.identity === null) {
      if (found.candidates.length) suggestions = found.candidates.map(function (c) { return c.key; }).slice(0, 3);
      else if (suggestions === null) suggestions = this.suggest(!card.experience ? card.written : card.name);
      if (!found.candidates.length && this.remark(card, suggestions, out)) return null;
      out.problem("unknown-card", this.unknown(card, found.candidates, suggestions), card.written, this.poolRule,
        card.line, suggestions);
      return this.unplaced(card, out);
    }
    this.sayReading(card, found, out);
    var section = card.section;
    if (section === null && found.identity.deck === OTHER) {  // a token listed apart: counted in no deck (checker.py)
      out.warn("read-as", say("read-as.no-deck", { line: card.line, text: card.written, card: describe(found.identity) }),
        found.identity.key, null, card.line);
      return null;
    }
    if (section === null) {
      section = SECTION_OF_DECK[found.identity.deck] || DYNASTY;
      if (this.slotCards.has(found.identity)) section = PREGAME;  // the format's pre-game slots name it (checker.py)
      // under "Stronghold: X", a pre-game card is where the list put it; only another card needs the warning
      if (!sortedByPool && !(card.after_label && section === PREGAME)) {
        out.warn("no-section", say("no-section", { line: card.line, written: card.written, section: SECTION_NAMES[section] }),
          found.identity.key, null, card.line);
      }
    }
    return { line: card, identity: found.identity, section: section, count: card.count };
  };
  function lookup(identity, loosely) { return { identity: identity, candidates: [], note: null, loosely: !!loosely }; }
  var NOT_FOUND = { identity: null, candidates: [], note: null, loosely: false };
  // checker.py _lookup: the line as written, the set in brackets, the title without a remark after it
  Checker.prototype.lookup = function (card, setName, deck, out) {
    var table = this.table;
    var found = table.find(card.name, card.experience, setName, deck), lookedUp = card.name;
    if (found.identity === null && !found.candidates.length && card.experience) {
      var whole = table.find(card.written, null, setName, deck);  // a title that ends like a level
      // checker.py: not a level in brackets read as the title's set ("Togashi Mitsu (XP)")
      var stated = splitQualifier(card.written)[1] || "";
      if (!(whole.note && (isExperience(stated) || isLevelRemark(stated)))) {
        found = whole; lookedUp = card.written;
      }
    }
    if (setName && (found.note || found.identity === null)) {
      // "Earthen Armor (+3F)": the brackets were part of the title, not a set
      var whole = table.find(card.name + " (" + card.set_name + ")", card.experience, null, deck);
      if (whole.identity !== null && !whole.note) { found = whole; setName = null; }
    }
    if (found.note && found.identity !== null && !setName && !this.isSet(splitQualifier(lookedUp)[1])) {
      found = lookup(found.identity, true);  // "Iron Mine (great with Daidoji)": a remark in brackets, said
    } else if (found.note && found.identity !== null && setName && !this.isSet(setName)) {
      // "Matsu Nishijo [Lion]": a tag in square brackets that is no set any card was printed in
      out.warn("read-as", say("read-as.tag", { line: card.line, tag: setName, card: found.identity.key }),
        found.identity.key, null, card.line);
    } else if (found.note && found.identity !== null) {
      var sets = found.identity.sets, printed = sets.slice(0, 5).join(", ") + (sets.length > 5 ? " ..." : "");
      out.warn("set-ignored", say("set-ignored", { line: card.line, card: found.identity.key,
        set: setName || splitQualifier(lookedUp)[1], printed: printed }), found.identity.key, null, card.line);
    } else if (found.note && (setName || this.isSet(splitQualifier(lookedUp)[1]))) {
      // (no set written, and brackets that hold none: "Hida Kisada (only 1!)", the author's remark; checker.py)
      out.warn("set-ignored", say("set-ignored.note", { line: card.line, note: found.note }), card.written, null, card.line);
    }
    // "Akodo Kano (Master Tactician)": a subtitled title at another level keeps its brackets (checker.py)
    if (found.identity === null && !found.candidates.length && !this.abbreviatedWithStops(card) &&
        !this.subtitledElsewhere(card)) {
      found = this.withoutCommentary(card, setName, deck);
    }
    return found;
  };
  // checker.py _by_title_alone: a title with no card at the level written ("1 Moto Taigo, Shogun")
  // checker.py _deck_card_of_the_title: a token's or biography's title whose one deck card has a level
  Checker.prototype.deckCardOfTheTitle = function (card, found, out) {
    var other = found.identity, named = splitQualifier(other.title);
    if (named[1] && (" " + readingWords(card.written) + " ").indexOf(" " + readingWords(named[1]) + " ") >= 0) {
      return found;  // "Agasha Ryo (Bio)": the line names the biography itself
    }
    var cards = this.table.titled(named[0]).filter(function (i) { return i.deck !== OTHER; });
    if (cards.length !== 1) return found;
    out.warn("read-as", say("read-as.deck-card", { line: card.line, written: card.written, card: cards[0].key,
      other: other.key }), cards[0].key, null, card.line);
    return lookup(cards[0]);
  };
  // checker.py _abbreviations: the titles whose words the line's name abbreviates; on a pre-game card's line, of
  // several, those a pre-game slot takes ("BK", "BH")
  Checker.prototype.abbreviations = function (card) {
    var self = this, typed = !card.experience ? card.written : card.name, pregame = this.onPregameLine(card);
    var titles = this.table.abbreviated(typed, pregame);
    if (titles.length > 1 && pregame) {
      titles = titles.filter(function (t) {
        return self.table.titled(t).some(function (i) { return self.slots.some(function (s) { return takes(s, i); }); });
      });
    }
    return titles;
  };
  // checker.py _abbreviated_with_stops: a name with a full stop that abbreviates a title's words ("Bat. Ram Crew")
  // has no remark after the full stop to read away
  Checker.prototype.abbreviatedWithStops = function (card) {
    return card.written.indexOf(".") >= 0 && this.abbreviations(card).length > 0;
  };
  Checker.prototype.byTitleAlone = function (card, out) {
    var levels = this.table.titledLoosely(card.name).filter(function (i) { return i.deck !== OTHER; });
    if (!levels.length && !card.experience && !this.abbreviatedWithStops(card)) {
      // "Togashi Ieshige (great)": the author's remark after a title that has only levels (checker.py)
      var tries = this.remarksTried(card.written).concat(this.unglued(card.name), card.each ? [] : this.beforeCommas(card.written, card.uncounted));  // ... or glued to itself (checker.py)
      for (var k = 0; k < tries.length && !levels.length; k++) {
        var split = splitExperience(tries[k]);
        levels = this.table.titledLoosely(split[0]).filter(function (i) { return i.deck !== OTHER; });
        // "Akodo Toturi, Exp 2 (Emperor)": a level before the remark is the player's (checker.py)
        if (levels.length && split[1]) {
          card = Object.assign({}, card, { name: split[0], experience: split[1] });
          // ... and written without the tag the pool writes it with, as on a line of its own (checker.py)
          var deck = card.section ? DECK_OF_SECTION[card.section] : null;
          var tagged = this.levelWithoutItsTag(card, null, deck === undefined ? null : deck, out);
          if (tagged !== null) return tagged;
        }
      }
    }
    if (!levels.length) return NOT_FOUND;
    var subtitled = card.experience ? this.subtitledAtLevel(card) : null;
    if (subtitled !== null) {  // "Akodo Kano exp2": the one subtitled title of it at that level (checker.py)
      if (this.strictTitles) {
        out.problem("unknown-card", say("unknown-card.strict", { line: card.line, written: card.written, guess: subtitled.key }),
          card.written, this.poolRule, card.line, [subtitled.key]);
        return null;
      }
      out.warn("read-as", say("read-as.shortened", { line: card.line, written: card.written, card: subtitled.key,
        how: howShortened(card.name, subtitled.title, false) }), subtitled.key, null, card.line);
      return lookup(subtitled);
    }
    var level = card.experience ? say("level.written", { level: card.experience }) : say("level.none");
    if (levels.length === 1 && !card.experience) {
      out.warn("read-as", say("read-as.only-title", { line: card.line, written: card.written, card: levels[0].key,
        title: levels[0].title, level: level }), levels[0].key, null, card.line);
      return lookup(levels[0]);
    }
    var chosen = card.experience ? null : this.inFormat(levels);
    if (chosen !== null) {
      out.warn("read-as", say("read-as.only-title-in-pool", { line: card.line, written: card.written, card: chosen.key,
        title: chosen.title, name: this.name, level: level,
        others: levels.filter(function (i) { return i !== chosen; }).map(function (i) { return i.key; }).join(", ") }),
        chosen.key, null, card.line);
      return lookup(chosen);
    }
    var keys = levels.map(function (i) { return i.key; });
    var shown = this.table.titled(card.name).length ? card.name : levels[0].title;
    out.problem("unknown-card", say("unknown-card.level", { line: card.line, written: card.written, level: level,
      title: shown, cards: keys.join(", ") }), card.written, this.poolRule, card.line, keys.slice(0, 3));
    return null;
  };
  // checker.py _subtitled_at_level: a title without its subtitle at a level one subtitled title of it has
  // checker.py _inexperienced: "Hida Kuon (inexp)", where no card of the title (nor one it is short for) is printed
  // Inexperienced: the card with no level, as the line without its level reads it
  Checker.prototype.inexperienced = function (card, setName, deck, out) {
    if (this.strictTitles) return null;  // (the level written is the player's to correct)
    var self = this;
    var subtitled = this.table.shortFor(card.name).some(function (title) {
      return title.indexOf(", ") >= 0 && self.table.named(title, card.experience).some(function (i) { return i.deck !== OTHER; });
    });
    if (subtitled) return null;  // "Yori Inexperienced": Kuni Yori, the Corruptor • Inexperienced
    var found = this.lookup(Object.assign({}, card, { experience: null }), setName, deck, new Findings());
    if (found.identity === null) return null;
    out.warn("read-as", say("read-as.inexperienced", { line: card.line, written: card.written, card: found.identity.key }),
      found.identity.key, null, card.line);
    return found;
  };
  // checker.py _level_without_its_tag: "Ikoma Ujiaki - Exp 2", a level written without the tag the pool writes it
  // with (Experienced 2KYD): the one deck card of the title as written at that level
  Checker.prototype.levelWithoutItsTag = function (card, setName, deck, out) {
    var key = experienceKey(card.experience), tagged = new Map();
    if (this.strictTitles || !UNTAGGED_LEVEL.test(key)) return null;
    this.table.titled(card.name).forEach(function (i) {
      var level = experienceKey(i.experience);
      if (i.deck !== OTHER && level.indexOf(key) === 0 && TAG_AFTER.test(level.slice(key.length))) tagged.set(i.key, i);
    });
    if (tagged.size !== 1) return null;
    var identity = tagged.values().next().value;
    var found = this.lookup(Object.assign({}, card, { name: identity.title, experience: identity.experience }), setName, deck, out);
    if (found.identity !== identity) return null;
    out.warn("read-as", say("read-as.level-tag", { line: card.line, written: card.written, card: identity.key }),
      identity.key, null, card.line);
    return found;
  };
  Checker.prototype.subtitledAtLevel = function (card) {
    var self = this, cards = new Map();  // (titles that differ only in capitals name the same cards)
    this.table.shortFor(card.name).forEach(function (title) {
      if (title.indexOf(", ") < 0) return;
      self.table.named(title, card.experience).forEach(function (i) { if (i.deck !== OTHER) cards.set(i.key, i); });
    });
    return cards.size === 1 ? cards.values().next().value : null;
  };
  // checker.py _by_format, _in_format: several cards fit; the one in the format's card pool
  Checker.prototype.byFormat = function (card, found, out) {
    var chosen = this.inFormat(found.candidates);
    if (chosen === null) return found;
    out.warn("read-as", say("read-as.in-pool", { line: card.line, written: card.written, card: chosen.key, name: this.name,
      others: found.candidates.filter(function (c) { return c !== chosen; }).map(function (c) { return c.key; }).join(", ") }),
      chosen.key, null, card.line);
    return lookup(chosen, found.loosely);
  };
  Checker.prototype.inFormat = function (candidates) {
    if (!this.cardsInPool || !this.poolCheckable()) return null;
    var self = this;
    var legal = candidates.filter(function (c) { return c.in_pool && self.poolStanding(c) === true; });
    return legal.length === 1 ? legal[0] : null;
  };
  // checker.py _by_typo: a near-certain typo read as its card; [lookup or null when reported, suggestions]
  function singulars(typed) {
    var word = typed.split(" ").pop().toLowerCase();
    return PLURAL_ENDINGS.filter(function (e) { return word.length - e[0].length + e[1].length >= 3 && word.slice(-e[0].length) === e[0]; })
      .map(function (e) { return typed.slice(0, typed.length - e[0].length) + e[1]; });
  }
  // checker.py _figures_among_cards: a figure-shaped line naming no card, next to card lines of its run that name
  // cards, is an unknown card's line ("Scouting Far Afield: 2" in a list written "Iron Mine: 3")
  Checker.prototype.figuresAmongCards = function (cards) {
    var self = this, known = {}, among = new Set();
    function named(m) {
      if (!has(known, m)) known[m] = self.table.find(cards[m].name, cards[m].experience, null, null).identity !== null;
      return known[m];
    }
    function nextLine(n, step) {  // the card of the nearest other line of the run (the cards are in line order)
      var m = n + step;
      while (m >= 0 && m < cards.length && cards[m].line === cards[n].line) m += step;
      return m >= 0 && m < cards.length && (cards[m].block || 0) === (cards[n].block || 0) ? [m] : [];
    }
    cards.forEach(function (card, n) {
      if (!card.figure || named(n)) return;
      var next = nextLine(n, -1).concat(nextLine(n, 1));  // one of them at the run's edge
      if (next.length && next.every(named)) among.add(card.line);
    });
    return among;
  };
  // checker.py _typo_of_a_title: a name of two words or more written as a figure ("Barely farm: 3"), a near-certain
  // typo of a title (under strict titles too), is its card's line; a single word is a figure's name, never guessed at
  Checker.prototype.typoOfATitle = function (card, setName, deck) {
    if (card.written.trim().indexOf(" ") < 0) return false;
    var tried = new Findings();  // (the guess takes one of the deck's searches of near titles, as checker.py's)
    var typo = this.byTypo(card, setName, deck, tried)[0];
    return (typo !== null && typo.identity !== null) || tried.problems.length > 0;
  };
  Checker.prototype.byTypo = function (card, setName, deck, out) {
    var typed = !card.experience ? card.written : card.name;
    var self = this;
    // "3 Ambushes": a title made plural (checker.py singulars, PLURAL_ENDINGS); found so, no search of near titles
    // "3 Coastal Lanes (borrowed)": made plural, with the author's remark after it
    var plural = [typed].concat(remarksTakenOff(typed)).reduce(function (all, text) { return all.concat(singulars(text)); }, [])
      .filter(function (s) { return self.table.find(s, card.experience, setName, deck).identity !== null; });
    // "Sensei: Tsujiken", "3x Reigoro": a name shortened as players write it, when one card is its (checker.py)
    var pregame = this.onPregameLine(card), short = plural.length ? null : this.table.shortened(typed, pregame);
    if (!plural.length && card.experience && !pregame &&
        (short === null || !this.table.named(short, card.experience).length)) {
      // "Kano exp2": a given name, and the level of one of that Personality's titles, subtitled ones too
      var atLevel = this.table.givenNameTitles(typed).filter(function (t) { return self.table.named(t, card.experience).length; });
      if (atLevel.length === 1) short = atLevel[0];
    }
    // "Fam. Bazaar", "Hon. Garrison of the Lion", "SotB": a title's words abbreviated, when one card's are so
    // "Temple of Heavenly Crab": the one deck card's title that is the name but for its small words (checker.py)
    var alike = plural.length || short ? [] : this.table.sameButSmallWords(typed), small = alike.length === 1 ? alike[0] : null;
    var abbreviated = plural.length || short || small ? [] : this.abbreviations(card);
    var shortFor = abbreviated.length === 1 ? abbreviated[0] : null;
    // a name with full stops that abbreviates several titles ("Uta. Chi.") is no typo of one of them, nor is a
    // name several titles shorten to ("Akodo Motetsu", "Tochiko"): those are the titles to suggest
    var ambiguous = abbreviated.length > 1 && typed.indexOf(".") >= 0;
    var standsFor = plural.length || short || small || shortFor || ambiguous || pregame ? [] : this.table.shortFor(typed);
    ambiguous = ambiguous || standsFor.length > 1;
    var suggestions = plural.length || short || small || shortFor ? []
      : ambiguous ? (standsFor.length ? standsFor : abbreviated).slice(0, 3) : this.suggest(typed);
    var guess = plural.length ? plural[0] : short || small || shortFor || (ambiguous ? null : nearCertain(typed, suggestions));
    if (guess === null) return [NOT_FOUND, suggestions];
    var guessed = this.table.find(guess, card.experience, setName, deck);
    if (guessed.identity === null && !guessed.candidates.length && (short || small || shortFor)) {
      // "Tsuruchi Yashiro": the title it is short for has levels only; "Reigoro exp": a level its cards lack
      // (checker.py _by_typo)
      var levels = this.table.titled(guess).filter(function (i) { return i.deck !== OTHER; });
      guessed = levels.length === 1 && !card.experience ? lookup(levels[0])
        : { identity: null, candidates: levels, note: null, loosely: false };
    }
    if (guessed.identity === null) {  // "3 Kisada": the title it is short for is several cards' (checker.py _by_typo)
      var several = short || small ? guessed.candidates.map(function (c) { return c.key; }).slice(0, 3) : [];
      return [NOT_FOUND, several.length ? several : suggestions];
    }
    if (this.strictTitles) {
      out.problem("unknown-card", say("unknown-card.strict", { line: card.line, written: card.written, guess: guess }),
        card.written, this.poolRule, card.line, [guess]);
      return [null, suggestions];
    }
    var said = short ? say("read-as.shortened", { line: card.line, written: card.written, card: guessed.identity.key,
        how: howShortened(typed, short, pregame) })
      : shortFor ? say("read-as.abbreviated", { line: card.line, written: card.written, card: guessed.identity.key })
      : say("read-as.card", { line: card.line, written: card.written, card: guessed.identity.key });
    out.warn("read-as", said, guessed.identity.key, null, card.line);
    return [lookup(guessed.identity), suggestions];
  };
  // checker.py _subtitled_elsewhere: the name, brackets and all, is a subtitled title at a level not written
  Checker.prototype.subtitledElsewhere = function (card) {
    return card.name.indexOf("(") >= 0 &&
      this.table.titledLoosely(card.name).some(function (i) { return i.title.indexOf(", ") >= 0; });
  };
  // checker.py _how_shortened: which shortening of the title a name is, as the read-as warning says it
  function howShortened(typed, title, preGame) {
    if (preGame) return say("shortened.pre-game");
    var comma = title.indexOf(", ");
    if (comma >= 0 && readingKey(title.slice(0, comma)) === readingKey(typed)) return say("shortened.subtitle");
    if (titleKey(typed).indexOf(" ") < 0) return say("shortened.given");
    return say("shortened.family");
  }
  // checker.py _remark: a line that names no card, not even by a guess, in a shape no pool title has (prose.py) is
  // the author's remark, read with a warning and counted in no deck
  var REMARK_SHOWN_WORDS = 8;
  Checker.prototype.remark = function (card, suggestions, out) {
    return this.remarkLine(card.line, card.written, proseMeasured(card), suggestions, out);
  };
  // checker.py prose_measured: the line as the guesses read it, without its level or an aside in brackets at its end
  function proseMeasured(card) {
    if (card.experience) return card.name;
    var aside = TRAILING_REMARK.exec(card.written);
    return aside ? splitExperience(aside[1])[0] : card.written;
  }
  Checker.prototype.remarkLine = function (line, written, measured, suggestions, out) {
    var reason = proseReason(measured, suggestions);
    if (reason === null || this.listsACard(written)) return false;
    var words = written.match(WORD) || [];
    var shown = words.slice(0, REMARK_SHOWN_WORDS).join(" ") + (words.length > REMARK_SHOWN_WORDS ? " \u2026" : "");
    var named = this.cardsNamedIn(written), said;
    if (named.length) {  // "For the Dynasty I run three Abundant Farmlands, ...": a deck written in sentences
      var cards = named.slice(0, NAMED.shown).join(", ") + (named.length > NAMED.shown ? " \u2026" : "");
      said = say("read-as.remark-naming", { line: line, shown: shown, reason: reason, cards: cards });
    } else {
      said = say("read-as.remark", { line: line, shown: shown, reason: reason });
    }
    out.warn("read-as", said, null, null, line);
    return true;
  };
  // checker.py _cards_named_in: the deck cards a sentence names in its words, in order, each once
  Checker.prototype.cardsNamedIn = function (text) {
    var words = pyStrip(text).split(/\s+/).filter(function (w) { return w !== ""; }), named = [];
    var marks = NAMED.marks, trim = function (s) {  // str.strip(marks)
      var a = 0, b = s.length;
      while (a < b && marks.indexOf(s[a]) >= 0) a++;
      while (b > a && marks.indexOf(s[b - 1]) >= 0) b--;
      return s.slice(a, b);
    };
    var at = 0;
    while (at < words.length) {
      var size = Math.min(NAMED.words_at_most, words.length - at);
      while (size) {
        var span = trim(words.slice(at, at + size).join(" "));
        var core = size > 1 && ARTICLES.indexOf(words[at].toLowerCase()) >= 0 ? span.slice(span.indexOf(" ") + 1) : span;
        var title = core.indexOf(" ") < 0 && (at === 0 || !/^\p{Lu}/u.test(core)) ? null : this.deckCardTitle(span);
        if (title !== null) {
          if (named.indexOf(title) < 0) named.push(title);
          break;
        }
        size -= 1;
      }
      at += Math.max(size, 1);
    }
    return named;
  };
  Checker.prototype.deckCardTitle = function (span) {  // checker.py _deck_card_title
    if (!span) return null;
    var names = [span].concat(singulars(span));
    for (var n = 0; n < names.length; n++) {
      var found = this.table.find(names[n], null, null, null);
      var cards = (found.identity ? [found.identity] : found.candidates).filter(function (i) { return i.deck !== OTHER; });
      if (cards.length) return cards.length === 1 ? cards[0].title : splitQualifier(cards[0].title)[0];  // (checker.py)
    }
    return null;
  };
  // checker.py _lists_a_card: at least half of the parts between commas, semicolons or colons, without their
  // counts, name a deck card
  Checker.prototype.listsACard = function (text) {
    var table = this.table;
    var parts = text.split(SEGMENT).filter(function (p) { return pyStrip(p) !== ""; });
    var naming = parts.filter(function (part) {
      var count = COUNT.exec(pyStrip(part));
      var split = splitExperience(count ? count.groups.rest : part);
      if (!split[0]) return false;
      var found = table.find(split[0], split[1], null, null);
      return (found.identity ? [found.identity] : found.candidates).some(function (i) { return i.deck !== OTHER; });
    }).length;
    return parts.length > 0 && 2 * naming >= parts.length;
  };
  // prose.py word_count, ProseRule.reason over the numbers measured on the pool (data.reading.prose)
  function wordCount(text) {
    var words = text.match(WORD) || [];
    return words.length - (words.length && PROSE.articles.indexOf(words[0].toLowerCase()) >= 0 ? 1 : 0);
  }
  function proseMark(run) {
    run = run.split("\u2026").join("...");
    return run.slice(0, 2) === ".." ? "..." : run;
  }
  function proseReason(text, suggestions) {
    if (PROSE === null) return null;
    if (!PROSE.bracketed_titles && BRACKETED.test(text)) return say("remark.bracketed");  // "(others to taste)"
    if (!PROSE.addresses_in_titles && ADDRESS.test(text)) return say("remark.address");  // "mark@example.com"
    var words = wordCount(text);
    // "Lion honor, tweaked after the kotei:": words that lead into a list, as no title ends (prose.py reason)
    var leadIn = !has(PROSE.ending_words, ":") && words >= PROSE.several_words && /:$/.test(text.replace(/\s+$/, ""));
    var bare = readingKey(text.replace(/[\s:]+$/, ""));
    if (leadIn && !(suggestions || []).some(function (t) { return readingKey(t) === bare; })) {
      return say("remark.sentence", { words: words, mark: ":", titles: say("remark.no-title") });
    }
    // a "did you mean" title the line could be written for (not shorter by more than the margin) keeps it a title
    if ((suggestions || []).some(function (t) { return words <= wordCount(t) + PROSE.long_margin; })) return null;
    if (words > PROSE.longest_title + PROSE.long_margin) {
      return say("remark.long", { words: words, longest: PROSE.longest_title });
    }
    if (words < PROSE.several_words) return null;
    if (!PROSE.breaks_in_titles && SENTENCE_BREAK.test(text)) return say("remark.two-sentences");
    var end = SENTENCE_END.exec(text);
    if (end) {
      var mark = proseMark(end[1]), most = has(PROSE.ending_words, mark) ? PROSE.ending_words[mark] : 0;
      if (words > most) {
        return say("remark.sentence", { words: words, mark: mark,
          titles: most ? say("remark.no-title-longer", { most: most }) : say("remark.no-title") });
      }
    }
    return null;
  }
  // checker.py _say_reading: a loosely written title, an "XP" level
  Checker.prototype.sayReading = function (card, found, out) {
    var ident = found.identity;
    if (found.by_set) {
      out.warn("read-as", say("read-as.set-level", { line: card.line, written: card.written, card: ident.key,
        set: found.by_set }), ident.key, null, card.line);
    } else if (found.loosely) {
      out.warn("read-as", say("read-as.card", { line: card.line, written: card.written, card: ident.key }),
        ident.key, null, card.line);
    } else if (card.experience && SHORTHAND_LEVEL.test(card.experience) && ident.experience) {
      out.warn("read-as", say("read-as.level", { line: card.line, written: card.written, card: ident.key,
        shorthand: card.experience, level: ident.experience }), ident.key, null, card.line);
    }
  };
  // checker.py joined: parts put back together with the separators that stood between them
  function joined(parts, separators) {
    var text = parts[0];
    for (var i = 1; i < parts.length; i++) {
      text += (",;".indexOf(separators[i - 1]) >= 0 ? separators[i - 1] + " " : " " + separators[i - 1] + " ") + parts[i];
    }
    return text;
  }
  // checker.py _on_pregame_line: a pre-game card's line, under a pre-game header or after a pre-game label with no
  // deck header since ("Stronghold: X", then "BK")
  // ... or with no header in a run of lines that names a pre-game card (a stronghold's title, then "BK/BH")
  Checker.prototype.onPregameLine = function (card) {
    if (card.section !== null) return card.section === PREGAME;
    return !!card.after_label || (this.pregameBlocks || new Set()).has(card.block);
  };
  // checker.py _pregame_short_for: a part of a pre-game line ("BK, BH") that is one pre-game card's title shortened
  // or its words abbreviated
  Checker.prototype.pregameShortFor = function (card, name, experience) {
    if (experience || !this.onPregameLine(card)) return false;
    var part = Object.assign({}, card, { name: name, experience: null, written: name, several: false });
    return this.table.shortened(name, true) !== null || this.abbreviations(part).length === 1;
  };
  // checker.py _opens_pregame: the line names a pre-game card as written, or its first title does ("Kyuden Hida / BK")
  Checker.prototype.opensPregame = function (card) {
    var names = [[card.name, card.experience]], self = this;
    if (card.several) names.push(splitExperience(pyStrip(card.written.split(SEPARATED)[0])));
    return names.some(function (n) {
      var found = self.table.find(n[0], n[1]).identity;
      return found !== null && found.deck === "Pre-Game";
    });
  };
  // checker.py _several: "3x: Title A, Title B", the count for each title when the whole names no card
  Checker.prototype.several = function (card, out) {
    var labels = card.written.split(":").length > 2 ? this.labelsApart(card, out) : null;
    if (labels !== null) return labels;  // "King: Hida Kisada; Queen: Hida O-Ushi" (checker.py _labels_apart)
    var worded = this.worded(card, out);
    if (worded === null) worded = this.clanNamed(card, out);
    if (worded === null) worded = this.labelled(card, out);
    if (worded !== null && worded.several) {
      // "Pawns: 3* Toku, 1* Tsuo, Hatsuko": the titles after the author's label, read as a line of them is
      var lines = this.several(worded, out);
      if (lines.length === 1 && lines[0] === worded) return [card];  // (a part names no card: the line as written)
      out.warn("read-as", say("read-as.card", { line: card.line, written: card.written, card: worded.written }), null, null, card.line);
      return lines;
    }
    if (worded !== null) return [worded];
    if (!card.several || this.namesACard(card.name, card.experience)) return [card];
    var pieces = card.written.split(SEPARATED), lines = [], at = 0;  // the parts, each separator between two
    var raw = pieces.filter(function (p, i) { return i % 2 === 0; });
    var separators = [""].concat(pieces.filter(function (p, i) { return i % 2 === 1; }));
    // "3 Iron Mine, 2 Copper Mine", "3*: Toku, 1*: Tsuo": a count before a part's title is its own and the titles'
    // after it; "3 Rout, Ambush x2", "Moto Taigo, Shogun x2, 3 Rout": one after a title is the count of the title that
    // ends there (the first part's too, where the line gave no count); never the title's own number (checker.py)
    var before = raw.map(function (p, i) { return i > 0 && /^\s/.test(p) ? partCount(pyStrip(p)) : null; });
    var after = raw.map(function (p, i) {
      return (i === 0 && card.count === 1) || (i > 0 && (/^\s/.test(p) || i === raw.length - 1)) ? trailingCount(p) : null;
    });
    before = before.map(function (b, i) { return b && after[i] && b[0] > MAX_COPIES ? null : b; });
    after = after.map(function (a, i) { return before[i] ? null : a; });
    // (a count after a title is the part's own unless the whole part is a title as written: "Iron Mine (3)")
    var own = raw.map(function (p, i) {
      if (before[i]) return !this.namesACard(pyStrip(p), null) ? before[i].slice(0, 2) : null;
      return after[i] && !this.table.titledLoosely(pyStrip(p)).length ? after[i].slice(0, 2) : null;
    }, this);
    var leads = own.map(function (c, i) { return !!c && before[i] !== null; });
    var ends = own.map(function (c, i) { return !!c && !leads[i]; });
    var parts = raw.map(function (p, i) { return pyStrip(own[i] ? own[i][1] : p); });
    // "Jade Works - 2 gold", "Rout, 3 focus": a card's cost or its focus, as the author notes it (checker.py STAT_WORDS)
    if (parts.some(function (p, i) { return leads[i] && STAT_WORDS.indexOf(p) >= 0; })) return [card];
    // a title without a count is one copy, but after a count for each ("3x: Toku, Tsuo"): that count (checker.py)
    var counts = [card.count], carried = card.each ? card.count : 1;
    for (var k = 1; k < own.length; k++) {
      if (own[k] && leads[k]) carried = before[k][2] ? own[k][0] : 1;
      counts.push(own[k] && leads[k] ? own[k][0] : carried);
    }
    while (at < parts.length) {
      var hit = false, limit = parts.length;
      // the longest run of parts that names a card; a count before a part starts a run, one after ends it
      for (var i = at + 1; i < parts.length; i++) if (leads[i]) { limit = i; break; }
      for (var e = at; e < limit; e++) if (ends[e]) { limit = e + 1; break; }
      for (var end = Math.min(limit, at + TITLE_PARTS_AT_MOST); end > at; end--) {  // (checker.py TITLE_PARTS_AT_MOST)
        var written = joined(parts.slice(at, end), separators.slice(at + 1, end)), split = splitExperience(written);
        if (split[1] && !this.namesACard(split[0], split[1]) && this.namesACard(written, null)) split = [written, null];
        // "2 Ambushes; 1 Rout": a title made plural names its card too, and "Rout x3, Abresax x2 (meh)" one with the
        // author's aside in brackets after it (each read so, with a warning, in entry)
        var aside = split[0] ? TRAILING_REMARK.exec(split[0]) : null;
        if (split[0] && ([split[0]].concat(singulars(split[0]), aside ? [aside[1]] : []).some(function (n) { return this.namesACard(n, split[1]); }, this) ||
            this.pregameShortFor(card, split[0], split[1]))) {
          lines.push(Object.assign({}, card, { count: ends[end - 1] ? own[end - 1][0] : counts[at], name: split[0],
            experience: split[1], written: written, several: false }));
          at = end; hit = true;
          break;
        }
      }
      if (!hit) return [card];
    }
    // one title after all ("Black and White (XP)"): the line as written, its level read there (checker.py)
    if (lines.length === 1 && !own.some(function (c) { return c !== null; })) return [card];
    if (own.some(function (c) { return c !== null; }) || (card.count !== 1 && !card.each)) {
      out.warn("read-as", say("read-as.counted", { line: card.line,
        titles: names(lines.map(function (c) { return c.count + " " + c.written; })) }), null, null, card.line);
      return lines;
    }
    if (card.count === 1) {
      out.warn("read-as", say("read-as.listed", { line: card.line, written: card.written,
        titles: names(lines.map(function (c) { return c.written; })) }), null, null, card.line);
      return lines;
    }
    out.warn("read-as", say("read-as.several", { line: card.line, count: card.count, written: card.written,
      copies: card.count === 1 ? "copy" : "copies", titles: names(lines.map(function (c) { return c.written; })) }),
      null, null, card.line);
    return lines;
  };
  // checker.py _worded: "three Rout", "3 of Kuni Yori", "Hida Akeno 3", when the whole names no card and the rest does
  Checker.prototype.worded = function (card, out) {
    var m = WORDED_COUNT.exec(card.written), after = m ? null : WORDED_COUNT_AFTER.exec(card.written);
    m = m || after;
    var bare = m ? null : BARE_COUNT_AFTER.exec(card.written);
    if (m === null && bare === null) return null;
    if (card.count !== 1 && (bare || m.groups.word)) return null;
    // "Hida Kisada Experienced Two": the level's number in words (checker.py _worded)
    if (after && card.experience && card.experience.toLowerCase().endsWith(after.groups.word.toLowerCase())) return null;
    // the whole as a title: for a count after it, as written (checker.py _worded)
    if (after && !card.experience ? this.table.titled(card.written).length > 0 : this.namesACard(card.name, card.experience)) return null;
    var rest = (m || bare).groups.rest, split = splitExperience(rest);
    if (!split[0] || !this.namesACard(split[0], split[1])) return null;
    var count = bare ? parseInt(bare.groups.count, 10) :
      m.groups.word ? NUMBER_WORDS[m.groups.word.toLowerCase().split(/\s+/).join(" ")] : card.count;
    out.warn("read-as", say("read-as.count", { line: card.line, written: card.written, count: count,
      title: rest }), null, null, card.line);
    return Object.assign({}, card, { count: count, name: split[0], experience: split[1], written: rest,
      several: false });
  };
  // checker.py _clan_named: "Lion - Akodo Kenaro", when the whole names no card and the rest does
  Checker.prototype.clanNamed = function (card, out) {
    var m = CLAN_PREFIX.exec(card.written);
    if (m === null || this.namesACard(card.name, card.experience)) return null;
    return this.cardAfterWords(card, m.groups.rest, card.count, out);
  };
  // checker.py _card_after_words: the card named by what follows a clan, a proxy's mark or the author's label: the
  // rest as written, or without what a player adds after a title ("Bamboo Harvesters - exp (FL)"), or as the rest
  // alone on its line reads ("King: Hida Kisada 2 exp")
  Checker.prototype.cardAfterWords = function (card, rest, count, out) {
    var self = this, split = null;
    [rest].concat(remarksTakenOff(rest)).some(function (text) {
      var s = splitExperience(text);
      if (s[0] && self.namesACard(s[0], s[1])) { split = s; return true; }
      return false;
    });
    if (split === null) {
      split = splitExperience(rest);
      if (!split[0] || !this.readAlone(Object.assign({}, card, { name: split[0], experience: split[1], written: rest })))
        return null;
    }
    out.warn("read-as", say("read-as.card", { line: card.line, written: card.written, card: rest }), null, null, card.line);
    return Object.assign({}, card, { count: count, name: split[0], experience: split[1], written: rest, several: false });
  };
  // checker.py _read_alone: a line names a card as a line of its own reads it, or its title names cards at other levels
  Checker.prototype.readAlone = function (card) {
    var entry = this.entry(Object.assign({}, card, { several: false, figure: false }), new Findings(), false);
    if (entry !== null && entry.identity !== null) return true;
    return this.table.titledLoosely(card.name).some(function (i) { return i.deck !== OTHER; });
  };
  // checker.py _labelled: "King: Akodo Toturi", "Bishops: 2* Matsu Turi", the author's label before a card line under a
  // deck's header, when the whole names no card, the label none either, and the rest does
  // checker.py _labels_apart: the author's labelled cards run on one line, each read as on a line of its own
  Checker.prototype.labelsApart = function (card, out) {
    if (card.section === null || this.namesACard(card.name, card.experience)) return null;
    var pieces = card.written.split(SEPARATED);
    var raw = pieces.filter(function (p, i) { return i % 2 === 0; });
    var separators = [""].concat(pieces.filter(function (p, i) { return i % 2 === 1; }));
    var starts = [];
    raw.forEach(function (part, n) {
      if ((n === 0 || /^\s/.test(part)) && LABEL_BEFORE_CARD.test(pyStrip(part))) starts.push(n);
    });
    if (starts.length < 2 || starts[0] !== 0) return null;
    var found = new Findings(), lines = [];
    for (var k = 0; k < starts.length; k++) {
      var at = starts[k], end = k + 1 < starts.length ? starts[k + 1] : raw.length;
      var text = joined(raw.slice(at, end).map(pyStrip), separators.slice(at + 1, end));
      var read = this.labelled(Object.assign({}, card, { name: text, experience: null, written: text, several: false }), found);
      if (read === null) return null;
      if (read.several) {
        var parts = this.several(read, found);
        if (parts.length === 1 && parts[0] === read) return null;
        lines = lines.concat(parts);
      } else {
        lines.push(read);
      }
    }
    Array.prototype.push.apply(out.problems, found.problems);
    Array.prototype.push.apply(out.warnings, found.warnings);
    return lines;
  };
  Checker.prototype.labelled = function (card, out) {
    var m = card.section !== null && card.written.indexOf(":") >= 0 ? LABEL_BEFORE_CARD.exec(card.written) : null;
    if (m === null || DECK_LABELS.indexOf(pyStrip(m.groups.label.split("(")[0].toLowerCase()).split(/\s+/).join(" ")) >= 0 ||
        this.namesACard(card.name, card.experience) || this.namesACard(m.groups.label, null)) return null;
    // the count after the colon, else the title's own first word ("King: 700 Soldier Plain", "... Plains")
    var counted = card.count === 1 ? partCount(m.groups.rest) : null, count = card.count, rest = m.groups.rest;
    var whole = splitExperience(m.groups.rest), each = card.each;
    if (counted && this.namesACard(whole[0], whole[1])) counted = null;
    if (counted) { count = counted[0]; rest = counted[1]; each = counted[2]; }
    var named = this.cardAfterWords(card, rest, count, out);
    if (named === null && counted) named = this.cardAfterWords(card, m.groups.rest, card.count, out);
    if (named !== null || !SEPARATED.test(rest)) return named;
    // titles between commas after the label, the first naming a card: several() reads them (and says so)
    var first = splitExperience(pyStrip(rest.split(SEPARATED)[0]));
    if (!this.namesACard(first[0], first[1])) return null;
    return Object.assign({}, card, { count: count, name: rest, experience: null, written: rest, several: true,
      each: each });
  };
  Checker.prototype.namesACard = function (name, experience) {  // checker.py _names_a_card
    var found = this.table.find(name, experience, null, null);
    if (found.identity !== null || found.candidates.length > 0) return true;
    return !experience && this.table.titled(name).some(function (i) { return i.deck !== OTHER; });
  };
  // checker.py _is_set, _unplaced, _without_commentary
  Checker.prototype.isSet = function (name) {
    if (!name) return false;
    if (!this.setNames) {
      var names = this.setNames = new Set();
      this.table.ids.forEach(function (i) { i.sets.forEach(function (s) { names.add(titleKey(s)); }); });
    }
    if (!this.setKeys) {
      var keys = this.setKeys = new Set();
      Object.keys(SET_KEYS).forEach(function (s) { SET_KEYS[s].forEach(function (k) { keys.add(k); }); });
    }
    return this.setNames.has(titleKey(name)) || this.setKeys.has(setKey(name)) || has(this.acronyms, name.toLowerCase());
  };
  Checker.prototype.unplaced = function (card) {
    return { line: card, identity: null, section: card.section, count: card.count };
  };
  // checker.py _by_neighbours: an unknown card with no header counts where the known cards of its block go.
  Checker.prototype.byNeighbours = function (entry, entries, out) {
    var card = entry.line;
    var run = entries.filter(function (e) {
      return e.identity !== null && (e.line.block || 0) === (card.block || 0) && (e.section === DYNASTY || e.section === FATE);
    });
    var around = new Set(run.map(function (e) { return e.section; }));
    if (around.size > 1) {  // a run of both decks' cards: the nearest known cards above and below it (checker.py)
      var above = run.filter(function (e) { return e.line.line < card.line; }).slice(-1);
      var below = run.filter(function (e) { return e.line.line > card.line; }).slice(0, 1);
      if (above.length && below.length) around = new Set([above[0].section, below[0].section]);
    }
    if (around.size === 1) {
      var section = Array.from(around)[0];
      out.warn("no-section", say("no-section.neighbours", { line: card.line, written: card.written,
        section: SECTION_NAMES[section] }), card.written, null, card.line);
      return { line: card, identity: null, section: section, count: card.count };
    }
    out.warn("unplaceable", say("unplaceable", { line: card.line, written: card.written }), card.written, null, card.line);
    return entry;
  };
  // checker.py _remarks_tried: remarksTakenOff, without the translated title's card when the bracket at the line's end
  // is the last of its titles apart's own ("Rout, Hida Kisada (Imperial)")
  Checker.prototype.remarksTried = function (written) {
    var translated = TRANSLATED.exec(written), parts = written.split(LIST_SEPARATOR);
    var own = !!(translated && translated.groups.bracket && parts.length > 1 &&
      this.table.titled(pyStrip(parts[parts.length - 1])).length);
    return remarksTakenOff(written, !own);
  };
  Checker.prototype.withoutCommentary = function (card, setName, deck) {
    var tries = this.remarksTried(card.written);
    for (var k = 0; k < tries.length; k++) {
      var split = splitExperience(tries[k]);
      // checker.py: the level the line states is no remark ("Shiba Ningen - Experienced Three")
      if ((card.experience && !split[1]) || statesALevel(card.written.slice(tries[k].length))) continue;
      var found = this.table.find(split[0], split[1], setName, deck);
      if (found.identity === null && split[1]) found = this.table.find(tries[k], null, setName, deck);  // ends like a level
      if (found.identity === null && setName === null && tries[k].slice(-1) === ")") {
        found = this.withAcronym(card, tries[k], deck) || found;  // "Miya Gensaiken exp (IE) // great"
      }
      if (found.identity !== null) return Object.assign({}, found, { loosely: true });  // said in a warning
    }
    return this.gluedTwice(card, setName, deck) || this.beforeAComma(card, setName, deck) ||
      this.table.find(card.name, card.experience, setName, deck);
  };
  // checker.py _with_acronym: the card a text names with a set's acronym in brackets at its end ("Miya Gensaiken exp
  // (IE)"), else null
  Checker.prototype.withAcronym = function (card, text, deck) {
    var tagged = this.acronymInBrackets(Object.assign({}, card, { name: text, experience: null, set_name: null }));
    if (!tagged.set_name) return null;
    return this.table.find(tagged.name, tagged.experience, this.acronyms[tagged.set_name.toLowerCase()], deck);
  };
  // checker.py _before_a_comma: "3 Rout, the best card in the game", the card before a comma, a remark after it
  Checker.prototype.beforeAComma = function (card, setName, deck) {
    // ("3x: Hida Akeno, Not A Card": the count for each title; a title glued to itself is read whole; checker.py)
    if (card.experience || card.each || this.unglued(card.name).length) return null;
    var cuts = this.beforeCommas(card.written, card.uncounted);
    for (var k = 0; k < cuts.length; k++) {
      // "Failure, My Sensei, Exp 2 (Emperor)": the words after the comma state a level, no remark (checker.py)
      if (statesALevel(card.written.slice(cuts[k].length).replace(/^,+/, ""))) continue;
      var before = splitExperience(cuts[k]), found = this.table.find(before[0], before[1], setName, deck);
      if (found.identity === null && before[1]) found = this.table.find(cuts[k], null, setName, deck);  // ends like a level
      if (found.identity !== null) return Object.assign({}, found, { loosely: true });
      // a title at other levels only: byTitleAlone reads it ("Abresax, the best card")
      if (!before[1] && this.table.titledLoosely(before[0]).some(function (i) { return i.deck !== OTHER; })) return null;
    }
    return null;
  };
  // checker.py _before_commas: the words before each comma, the last first, where the rest may be a remark
  Checker.prototype.beforeCommas = function (written, uncounted) {
    if (written.indexOf(", ") < 0 || (uncounted && COMMA_SENTENCE.test(written))) return [];  // a sentence, no card
    var commas = [], cuts = [], m;
    COMMA_BEFORE_REMARK.lastIndex = 0;
    while ((m = COMMA_BEFORE_REMARK.exec(written))) commas.push(m);
    for (var k = commas.length - 1; k >= 0; k--) {
      var title = written.slice(0, commas[k].index), rest = written.slice(commas[k].index + commas[k][0].length);
      var first = pyStrip(rest.split(SEPARATED)[0]);  // ("Toku, 1*: Tsuo, Hatsuko": titles after it; checker.py)
      var subtitle = splitExperience(rest)[0] || rest;  // a subtitle at a level is the subtitle (checker.py)
      if (!(this.namesACardCounted(rest) || this.namesACardCounted(first) || this.subtitleSlip(title, subtitle))) cuts.push(title);
    }
    return cuts;
  };
  // checker.py _names_a_card_counted: "1* Akasha", "Ambush x2", "Rout"
  Checker.prototype.namesACardCounted = function (part) {
    var counted = partCount(part) || trailingCount(part), self = this;
    return (counted ? [part, counted[1]] : [part]).some(function (text) {
      var split = splitExperience(text);
      return self.namesACard(split[0], split[1]);
    });
  };
  // checker.py _subtitle_slip: "Akodo Kano, Master Tacticain", a subtitle misspelt or cut short, no remark
  Checker.prototype.subtitleSlip = function (title, rest) {
    var key = readingKey(rest), table = this.table;
    function words(text) { return titleWords(text).filter(function (w) { return w !== ""; }); }
    if (!table.subtitleKeys) {
      table.subtitleKeys = new Set();
      table.ids.forEach(function (i) {
        if (i.title.indexOf(", ") >= 0) table.subtitleKeys.add(words(i.title.slice(i.title.indexOf(", ") + 2)).join(" "));
      });
    }
    var restWords = words(rest);
    for (var n = 1; n <= restWords.length; n++) if (table.subtitleKeys.has(restWords.slice(0, n).join(" "))) return true;
    return this.table.shortFor(title).some(function (t) {
      if (t.indexOf(", ") < 0) return false;
      var sub = readingKey(t.slice(t.indexOf(", ") + 2));
      return sub.indexOf(key) === 0 || distance(key, sub) <= SUBTITLE_SLIP_EDITS;
    });
  };
  // checker.py _glued_twice: "Exquisite Palace of the CraneExquisite Palaces of the Crane", a card's image and caption
  Checker.prototype.gluedTwice = function (card, setName, deck) {
    var parts = this.unglued(card.name);
    for (var k = 0; k < parts.length; k++) {
      var found = this.table.find(parts[k], card.experience, setName, deck);
      if (found.identity !== null) return Object.assign({}, found, { loosely: true });
    }
    return null;
  };
  // checker.py _unglued: the parts of a name written twice with no space between, one a title, the other near it
  Checker.prototype.unglued = function (name) {
    var out = [], m, re = GLUED_TWICE.pattern, self = this;
    re.lastIndex = 0;
    while ((m = re.exec(name)) !== null) {
      if (m[0] === "") re.lastIndex++;
      [[name.slice(0, m.index), name.slice(m.index)], [name.slice(m.index), name.slice(0, m.index)]].forEach(function (p) {
        var near = self.table.titledLoosely(p[0]).some(function (i) {
          return distance(readingKey(p[1]), readingKey(i.title)) <= GLUED_TWICE.edits;
        });
        if (near) out.push(p[0]);
      });
    }
    return out;
  };
  // checker.py _remarks_taken_off: the line without what a player may add after a title, in the order tried
  function remarksTakenOff(written, translation) {
    var tries = bracketsTakenOff(written);
    var unclosed = UNCLOSED_REMARK.exec(written);  // "Mirumoto Reiji (MVP all day. A": never closed
    if (unclosed) tries.push(unclosed[1]);
    var inner = tries.length;
    tries = tries.concat(cutsAfter(LEVEL_THEN_WORDS, written));  // after a level, the author's words with no mark
    var parts = written.split(/\s+<?-+>?\s+/);  // after a dash or an arrow ("Debt to the Kaiu <-- MVP")
    for (var n = parts.length - 1; n > 0; n--) tries.push(parts.slice(0, n).join(" - "));
    // "House of Tao. Start with Ring of Water": a sentence after the title (no pool title holds ". ")
    var sentences = written.split(SENTENCE_AFTER_TITLE);
    for (n = sentences.length - 1; n > 0; n--) tries.push(sentences.slice(0, n).join(". "));
    // after a colon or a semicolon, one slash or two, an equals sign, a bar or a tilde: "Isawa Kyoko: best shugenja",
    // "Rout : MVP", "Rout; MVP", "Rout | MVP", "Rout // always", "Rout = MVP"
    // (each such mark, the last first: a title may hold one, "Imperial Gift 2: Glory: always")
    var said, cuts = [], saidAfter = new RegExp(SAID_AFTER.source, SAID_AFTER.flags + "g");
    while ((said = saidAfter.exec(written))) cuts.push(written.slice(0, said.index));
    tries = tries.concat(cuts.reverse());
    tries = tries.concat(cutsAfter(BRACKET_THEN_WORDS, written));  // "Iron Mine (Gold) MVP": after a bracket
    var stat = STAT_TAIL.exec(written);  // "Bayushi Shizuka 54/156 R" (checker.py _remarks_taken_off)
    if (stat) tries.push(stat.groups.rest);
    // "Mina de Hierro (Iron Mine)": the card's own title, tried last (unless `translation` is false)
    var translated = translation === false ? null : TRANSLATED.exec(written);
    // (not after a level: "A Brilliant Shot, Exp 2 (Imperial)" is no translated title; checker.py)
    if (translated) {
      var own = translated.groups.bracket || translated.groups.after;
      var before = written.slice(0, translated.groups.bracket ? written.lastIndexOf("(") : written.length - own.length);
      if (!splitExperience(before.replace(/[\s(\/=]+$/, ""))[1]) tries.push(own);
    }
    // a remark in brackets before another ("Shiba Tsukune - Exp 3 (Emperor) // MVP"): each line without its last
    // remark, then without its brackets too, before a shorter cut ("Akodo Toturi - Exp 2" before "Akodo Toturi")
    var stacked = tries.slice(0, inner);
    tries.slice(inner).forEach(function (cut) { stacked = stacked.concat([cut], bracketsTakenOff(cut)); });
    return stacked;
  }
  // The line cut after each match of a global pattern, the last first
  function cutsAfter(mark, written) {
    var found, ends = [];
    mark.lastIndex = 0;
    while ((found = mark.exec(written))) ends.push(written.slice(0, found.index + found[0].length));
    return ends.reverse();
  }
  // The line without its last remark in brackets, then without the last two, ... (checker.py _brackets_taken_off)
  function bracketsTakenOff(written) {
    var tries = [], m;
    while ((m = TRAILING_REMARK.exec(written))) { written = m[1]; tries.push(written); }
    return tries;
  }
  // checker.py _loose, _near_certain and decklist.py edit_distance: a near-certain typo is read as its card, with a warning.
  function loose(title) {
    var key = pyStrip(plain(title).toLowerCase().replace(/[^a-z0-9 ]+/g, "").replace(/\s+/g, " "));
    return key.indexOf("the ") === 0 ? key.slice(4) : key;
  }
  function distance(a, b) {
    var prev2 = null, prev = [], i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      var row = [i];
      for (j = 1; j <= b.length; j++) {
        row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0));
        if (prev2 !== null && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          row[j] = Math.min(row[j], prev2[j - 2] + 1);
        }
      }
      prev2 = prev; prev = row;
    }
    return prev[b.length];
  }
  function nearCertain(written, suggestions) {
    if (!suggestions.length) return null;
    var wanted = loose(written);
    var same = suggestions.filter(function (t) { return loose(t) === wanted; });
    if (same.length) return same.length === 1 ? same[0] : null;
    var scored = suggestions.map(function (t, n) { return [distance(wanted, loose(t)), n, t]; })
      .sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; });
    var best = scored[0][0], limit = wanted.length < 10 ? 1 : 2;
    if (best <= limit && scored.slice(1).every(function (x) { return x[0] >= best + 2; })) return scored[0][2];
    return null;
  }
  Checker.prototype.unknown = function (card, candidates, suggestions) {
    if (candidates.length) {
      var options = candidates.map(function (c) {
        return say("unknown-card.option", { card: describe(c), sets: c.sets.slice(0, 3).join(", ") });
      }).join("; ");
      var first = candidates[0], q = splitQualifier(card.written);  // without a remark in brackets (checker.py)
      var written = q[1] && !card.set_name && !this.isSet(q[1]) ? q[0] : card.written;
      return say("unknown-card.several", { line: card.line, written: written, count: candidates.length,
        options: options, card: first.key, set: first.sets[0] });
    }
    var setPart = card.set_name ? " [" + card.set_name + "]" : "";
    var source = this.table.has_pool ? say("unknown-card.in-pool") : say("unknown-card.in-records");
    var guess = suggestions && suggestions.length ? say("unknown-card.guess", { titles: suggestions.map(function (t) {
      return "\u201c" + t + "\u201d"; }).join(" or ") }) : "";
    var parts = this.titlesApartNamed(card);
    if (parts.length) {  // "3 Rout, Ambush": whose count? both ways to write it (checker.py _unknown)
      var apart = parts.map(function (part, n) { return (n === 0 ? card.count : 1) + " " + part; }).join(", ");
      guess = say("unknown-card.parts", { titles: names(parts), apart: apart, each: card.count + "x: " + parts.join(", "),
        count: card.count });
    }
    return say("unknown-card", { line: card.line, written: card.written, set: setPart, source: source, guess: guess });
  };
  // checker.py _titles_apart_named: the titles between a line's separators where each names a card, else []
  Checker.prototype.titlesApartNamed = function (card) {
    if (card.count === 1 || !LIST_SEPARATOR.test(card.written)) return [];
    var parts = card.written.split(SEPARATED).filter(function (_, n) { return n % 2 === 0; }).map(pyStrip);
    var named = parts.length > 1 && parts.every(function (part) { return part && this.namesACard(part, null); }, this);
    return named ? parts : [];
  };

  Checker.prototype.sizes = function (entries, out) {
    var self = this;
    [[DYNASTY, this.rs.dynasty_deck, "dynasty_deck"], [FATE, this.rs.fate_deck, "fate_deck"]].forEach(function (t) {
      var section = t[0], size = t[1], deck = DECK_OF_SECTION[section];
      var inDeck = entries.filter(function (e) { return e.section === section; });
      var listed = 0, counted = 0, change = 0;
      inDeck.forEach(function (e) {
        listed += e.count;
        if (e.identity === null || e.identity.counts_toward_deck_size) counted += e.count;
      });
      entries.forEach(function (e) {
        if (!e.identity) return;
        e.identity.deck_size_change.forEach(function (dn) { if (dn[0] === deck) change += e.count * dn[1]; });
      });
      var low = size.min === null ? null : size.min + change, high = size.max === null ? null : size.max + change;
      if ((low === null || counted >= low) && (high === null || counted <= high)) return;
      var notCounted = listed !== counted ? say("deck-size.not-counted", { listed: listed, not_counting: listed - counted }) : "";
      var rule = self.rule(t[2], self.rule("deck_size"));
      if (!change) {
        out.problem("deck-size", say("deck-size", { deck: deck, cards: nounCount(counted, "card"), not_counted: notCounted,
          name: self.name, between: between(low, high) }), null, rule);
        return;
      }
      // checker.py _check_sizes: the number a card adds is its own text's; the format's rule only its own number
      var changers = new Map();
      entries.forEach(function (e) {
        if (!e.identity) return;
        e.identity.deck_size_change.forEach(function (dn) {
          if (dn[0] !== deck) return;
          if (!changers.has(e.identity)) changers.set(e.identity, [dn[1], 0]);
          changers.get(e.identity)[1] += e.count;
        });
      });
      var signed = function (n) { return (n > 0 ? "+" : "") + n; };
      var byCards = Array.from(changers.entries()).map(function (c) {
        var n = c[1][0], copies = c[1][1];
        return say("deck-size.change", { change: signed(n * copies), card: c[0].key,
          each: copies !== 1 ? say("deck-size.each", { change: signed(n), copies: copies }) : "" });
      }).join(", ");
      out.problem("deck-size", say("deck-size.changed", { deck: deck, cards: nounCount(counted, "card"),
        not_counted: notCounted, between: between(low, high), changes: byCards, name: self.name,
        stated: between(size.min, size.max) }), changers.keys().next().value.key, rule);
    });
  };
  Checker.prototype.declaredCounts = function (deck, counts, out) {
    deck.declared.forEach(function (d) {
      if (counts[d[0]] !== d[1]) {
        out.warn("declared-count", say("declared-count", { line: d[2], section: SECTION_NAMES[d[0]],
          stated: nounCount(d[1], "card"), listed: counts[d[0]] }), null, null, d[2]);
      }
    });
  };
  Checker.prototype.sections = function (entries, out) {
    var self = this;
    entries.forEach(function (e) {
      var ident = e.identity, where = SECTION_NAMES[e.section], starting = self.slotCards.has(ident), message;
      var pregame = ident.deck === "Pre-Game";
      if (ident.deck === OTHER) {
        message = say("wrong-deck.other", { card: describe(ident) });
      } else if (starting && e.section !== PREGAME) {
        message = say("wrong-deck.starting", { card: ident.key, name: self.name, section: where });
      } else if (e.section === PREGAME && !pregame && !starting) {
        message = say("wrong-deck.not-pregame", { card: describe(ident), deck: ident.deck });
      } else if (e.section !== PREGAME && ident.deck !== DECK_OF_SECTION[e.section] && !starting) {
        message = say("wrong-deck", { card: describe(ident), deck: pregame ? "pre-game" : ident.deck, section: where });
        if (pregame) {  // checker.py _pregame_rule: the slot's rule, the format's pre-game rule, or none stated
          var slot = self.slots.find(function (s) { return takes(s, ident); });
          var rule = slot && slot.rule ? slot.rule : self.rule("pregame");
          if (rule === null) {
            message += say("wrong-deck.no-rule", { name: self.name });
          }
          out.problem("wrong-deck", say("at-line", { line: e.line.line, message: message }), ident.key, rule, e.line.line);
          return;
        }
      } else {
        return;
      }
      out.problem("wrong-deck", say("at-line", { line: e.line.line, message: message }), ident.key, self.sectionsRule,
        e.line.line);
    });
  };

  function takes(slot, ident) {
    return slot.cards.length ? slot.cards.indexOf(ident) >= 0 : slot.types.some(function (t) { return ident.types.indexOf(t) >= 0; });
  }
  function plural(label, n) { return n === 1 || /s$/.test(label) ? label : label + "s"; }
  Checker.prototype.pregame = function (entries, out) {
    var slots = this.slots, name = this.name, other = this.rule("pregame", this.sectionsRule);
    if (!slots.length) {
      out.warn("not-checked", say("not-checked.pregame", { name: name }));
      return;
    }
    var filled = {};
    slots.forEach(function (s) { filled[s.key] = []; });
    entries.forEach(function (e) {
      var slot = slots.find(function (s) { return takes(s, e.identity); });
      if (slot) filled[slot.key].push(e);
      else if (e.identity.deck === "Pre-Game") {
        out.problem("pregame", say("pregame.not-allowed", { line: e.line.line, name: name, card: describe(e.identity) }),
          e.identity.key, other, e.line.line);
      }
    });
    slots.forEach(function (slot) {
      var have = filled[slot.key].reduce(function (t, e) { return t + e.count; }, 0);
      if (have < slot.min || (slot.max !== null && have > slot.max)) {
        out.problem("pregame", say("pregame.count", { have: have, label: plural(slot.label, have), name: name,
          between: between(slot.min, slot.max) }), slot.label, slot.rule);
      }
      if (slot.clan_of) {
        var owner = slots.find(function (s) { return s.key === slot.clan_of; });
        var clans = new Set();
        (filled[slot.clan_of] || []).forEach(function (e) { e.identity.clans.forEach(function (c) { clans.add(c); }); });
        if (!clans.size) return;
        var sortedClans = Array.from(clans).sort();
        filled[slot.key].forEach(function (e) {
          var allowed = e.identity.clans;
          if (allowed.indexOf(slot.any_clan) >= 0 || allowed.some(function (c) { return clans.has(c); })) return;
          out.problem("pregame", say("pregame.clan", { line: e.line.line, card: e.identity.key,
            clans: allowed.slice().sort().join(" or ") || say("pregame.no-clan"), owner: owner ? owner.label : slot.clan_of,
            deck_clans: sortedClans.join(" / ") }), e.identity.key, slot.rule, e.line.line);
        });
      }
    });
  };
  Checker.prototype.pregameCount = function (have, out) {
    var slots = this.slots;
    if (!slots.length) return;
    var low = slots.reduce(function (t, s) { return t + s.min; }, 0);
    var high = slots.some(function (s) { return s.max === null; }) ? null : slots.reduce(function (t, s) { return t + s.max; }, 0);
    if (have < low || (high !== null && have > high)) {
      var wanted = slots.map(function (s) { return between(s.min, s.max) + " " + s.label; }).join(", ");
      out.problem("pregame", say("pregame.total", { cards: nounCount(have, "pre-game card"), name: this.name, wanted: wanted }),
        null, slots[0].rule);
    }
  };

  function byKey(a, b) { return a.key < b.key ? -1 : a.key > b.key ? 1 : 0; }
  Checker.prototype.chain = function (ident) {
    var rs = this.rs, table = this.table;
    var members = rs.soul_of_shares_limit ? table.soulChain(ident) : new Set([ident]);
    if (!rs.experience_levels_are_different_cards) {
      Array.from(members).forEach(function (i) { table.allLevels(i).forEach(function (l) { members.add(l); }); });
    }
    return members;
  };
  Checker.prototype.limit = function (ident) {
    var rs = this.rs, ring = rs.rings_are_unique && ident.types.indexOf("Ring") >= 0, limit, rule, why;
    if (ident.unique || ring) {
      limit = rs.unique_copy_limit;
      rule = this.rule(ring && !ident.unique ? "rings_are_unique" : "unique_copy_limit");
      why = ring && !ident.unique ? say("copy-limit.ring") : say("copy-limit.unique");
    } else {
      limit = rs.copy_limit; rule = this.rule("copy_limit"); why = say("copy-limit.format", { name: this.name });
    }
    if (limit === null) limit = rs.copy_limit || rs.unique_copy_limit;
    var text = ident.max_copies;
    if (text !== null && text > limit) {
      if (rs.card_text_overrides_copy_limit) {
        return [text, this.rule("card_text_overrides_copy_limit"), say("copy-limit.card-text")];
      }
      rule = this.rule("card_text_overrides_copy_limit", rule);
      why = say("copy-limit.overridden", { why: why, name: this.name,
        allows: text >= ANY_NUMBER ? say("copy-limit.any-number") : String(text) });
    }
    return [limit, rule, why];
  };
  Checker.prototype.copies = function (entries, out) {
    var rs = this.rs, self = this, table = this.table;
    if (rs.copy_limit === null && rs.unique_copy_limit === null) {
      out.warn("not-checked", say("not-checked.copies", { name: this.name }));
      return;
    }
    var copies = new Map(), firstLine = new Map();
    entries.forEach(function (e) {
      copies.set(e.identity, (copies.get(e.identity) || 0) + e.count);
      if (!firstLine.has(e.identity)) firstLine.set(e.identity, e.line.line);
    });
    var groups = [];
    copies.forEach(function (_, ident) {
      var chain = self.chain(ident);
      groups.push([chain, chain.size > 1 ? "soul_of" : null]);
    });
    if (rs.counts_as_shares_limit) {
      var targets = new Set();
      copies.forEach(function (_, i) {
        (table.countsAs[i.n] || []).forEach(function (t) { targets.add(t); });
        if ((table.countedBy[i.n] || []).length) targets.add(i);
      });
      Array.from(targets).sort(byKey).forEach(function (target) {
        var members = new Set(self.chain(target));
        (table.countedBy[target.n] || []).forEach(function (a) { self.chain(a).forEach(function (m) { members.add(m); }); });
        groups.push([members, "counts_as"]);
      });
    }
    var reported = new Set();
    groups.forEach(function (g) {
      var members = g[0], sharedBy = g[1];
      var present = Array.from(members).filter(function (i) { return copies.has(i); })
        .sort(function (a, b) { return firstLine.get(a) - firstLine.get(b); });
      var total = present.reduce(function (t, i) { return t + copies.get(i); }, 0);
      var best = null;
      present.forEach(function (i) { var l = self.limit(i); if (best === null || l[0] < best[0]) best = l; });
      var signature = present.map(function (i) { return i.n; }).sort(function (a, b) { return a - b; }).join(",");
      if (total <= best[0] || reported.has(signature)) return;
      reported.add(signature);
      var limit = best[0], rule = best[1], why = best[2];
      if (sharedBy) {
        var others = Array.from(members).sort(byKey).filter(function (i) { return !copies.has(i); }).map(function (i) { return i.key; });
        var shared = sharedBy === "soul_of" ? say("copy-limit.soul-of") : say("copy-limit.counts-as");
        why = say("copy-limit.shared", { why: why, shared: shared });
        if (others.length) why = say("copy-limit.covers", { why: why, cards: names(others) });
        rule = self.rule(sharedBy + "_shares_limit", rule);
      }
      var cards = names(present.map(function (i) { return i.key; })), line = firstLine.get(present[0]);
      out.problem("copy-limit", say("copy-limit", { line: line, copies: nounCount(total, "copy", "copies"), cards: cards,
        limit: limit, why: why }), cards, rule, line);
    });
  };

  // checker.py _dated_by_the_documents
  function datedByTheDocuments(ban) {
    return ban.added !== null && (ban.added_precision === "exact" || ban.added_precision === "on-or-before");
  }
  Checker.prototype.bans = function (entries, on, out, datedOnly) {
    var self = this, banned = new Set();
    var holds = function (b) { return inForce(b, on) && !(datedOnly && !datedByTheDocuments(b)); };
    entries.forEach(function (e) {
      var ident = e.identity;
      var hits = (self.cardBans.get(ident) || []).filter(holds);
      self.categoryBans.forEach(function (b) {
        if (holds(b) && Object.keys(b.match).every(function (k) { return MATCHERS[k](ident, b.match[k]); })) hits.push(b);
      });
      hits.forEach(function (ban) {
        banned.add(ident);
        var what = ban.card ? "" : " (" + ban.as_written + ")";
        // The ban's date as the document states it, worded by l5r/data/bandates.py ("since D" only for an exact date).
        var st = ban.added_statement;
        var since = st ? " " + st.clause : "";
        out.problem("banned", say("banned", { line: e.line.line, card: ident.key, name: self.name, what: what, since: since }),
          ident.key, ban.id, e.line.line);
      });
    });
    return banned;
  };
  Checker.prototype.pool = function (entries, banned, out) {
    var self = this;
    if (!(this.legalSets.size || this.legalTags.size)) {
      out.warn("not-checked", say("not-checked.pool", { name: this.name }));
      return "";
    }
    var skipped = 0, unsettled = [];
    entries.forEach(function (e) {
      var ident = e.identity;
      if (banned.has(ident) || ident.deck === OTHER) return;
      if (!ident.in_pool) { skipped += 1; return; }
      var standing = self.poolStanding(ident);
      if (standing === false) {
        out.problem("not-legal", say("not-legal", { line: e.line.line, card: ident.key, name: self.name,
          pool: self.poolDescription() }), ident.key, self.poolRule, e.line.line);
      } else if (standing === null) {
        unsettled.push(e);
      }
    });
    if (skipped) {
      out.warn("not-checked", say("not-checked.records", { count: skipped }));
    }
    unsettled.forEach(function (e) {
      out.warn("not-checked", say("at-line", { line: e.line.line, message: self.unsettled(e.identity) }), e.identity.key,
        self.poolRule, e.line.line);
    });
    if (!unsettled.length) return "";
    var keys = Array.from(new Set(unsettled.map(function (e) { return e.identity.key; }))).sort(byCodePoint);
    var distinct = new Set(unsettled.map(function (e) { return e.identity; })).size;
    return say("cannot-check.unsettled", { cards: names(keys), are: distinct === 1 ? "is" : "are", name: this.name });
  };
  Checker.prototype.poolCheckable = function () { return !!(this.legalSets.size || this.legalTags.size); };
  // checker.py pool_standing: true, false, or null when the pool's data cannot settle it (the pool's own tag
  // named like the format on a card with no legal set or bug)
  Checker.prototype.poolStanding = function (ident) {
    var self = this;
    var standing = ident.sets.some(function (s) { return self.legalSets.has(titleKey(s)); }) ||
      ident.pool_tags.some(function (t) { return self.legalTags.has(t); });
    if (!standing && ident.pool_tags.some(function (t) { return self.ownTags.indexOf(t) >= 0; })) return null;
    return standing;
  };
  Checker.prototype.unsettled = function (ident) {
    var self = this;
    var tags = ident.pool_tags.filter(function (t) { return self.ownTags.indexOf(t) >= 0; }).sort(byCodePoint).join(" / ");
    return say("not-checked.unsettled", { card: ident.key, tags: tags, name: this.name, pool: this.poolDescription() });
  };
  Checker.prototype.poolDescription = function () {
    var parts = [], lg = this.fmt.legality;
    if (this.legalSets.size) parts.push(say("pool.sets"));
    if (lg && lg.legal_bugs.length) parts.push(say("pool.bugs", { bugs: lg.legal_bugs.join(", ") }));
    if (this.poolRules.pool_tags && this.poolRules.pool_tags.length) {
      // checker.py: a pool the format's documents do not name is the Codex's reading
      var reading = this.poolRules.reading ? say("pool.reading", { name: this.name }) : "";
      parts.push(say("pool.tags", { tags: this.poolRules.pool_tags.join(" / "), reading: reading }));
    }
    return parts.join("; ");
  };

  // ---------------------------------------------------------------------------------------------------------
  // Public API: L5RDeck.check(text, formatId, asOf, inputFormat) -> the `l5r deck check --json` result
  // ---------------------------------------------------------------------------------------------------------
  var prepared = null;
  function prepare() {
    if (prepared) return prepared;
    var data = window.L5R_DECK_DATA;
    if (!data) throw new Error("the deck checker's data (assets/deck-check-data.js) did not load");
    useRules(data.reading);
    SET_KEYS = data.set_keys || {};
    var table = new CardTable(data.cards), checkers = {};
    var acronyms = {};  // matched without case (data/set-acronyms.yml)
    Object.keys(data.set_acronyms || {}).forEach(function (k) { acronyms[k.toLowerCase()] = data.set_acronyms[k]; });
    data.formats.forEach(function (f) { checkers[f.id] = new Checker(f, table, data.card_ids, acronyms); });
    prepared = { data: data, table: table, checkers: checkers };
    return prepared;
  }
  // The format a Sun and Moon export names on its `Legality:` line, when none is picked (cli/deck.py _legality_format).
  function legalityFormat(p, deck) {
    var choices = p.data.formats.map(function (f) { return f.id; }).sort();
    if (!deck.legality) {
      throw new DeckFileError(say("file.no-format", { choices: choices.join(", ") }));
    }
    var hit = p.data.formats.slice().sort(function (a, b) { return a.id < b.id ? -1 : 1; })
      .find(function (f) { return namesFormat(deck.legality[0], f); });
    if (hit) return hit.id;
    throw new DeckFileError(say("file.legality", { line: deck.legality[1], written: deck.legality[0],
      choices: choices.join(", ") }));
  }
  // decklist.py quoted_printable_decoded: a quoted-printable mail's body decoded, its lines kept where they were
  function quotedPrintableDecoded(text) {
    var lines = text.split(/\r\n|\r|\n/);
    if (!lines.some(function (l) { return QP_HEADER.test(l); }) &&
        (lines.filter(function (l) { return QP_LINE_END.test(l); }).length < QP_LINES_AT_LEAST ||
         lines.some(function (l) { return QP_STRAY.test(l); }))) {
      return text;
    }
    var out = [], carried = null;
    lines.forEach(function (line) {
      var at;
      if (carried === null) { out.push(line); at = out.length - 1; } else { out[carried] += line; out.push(""); at = carried; }
      var soft = QP_SOFT_BREAK.exec(out[at]);
      if (soft) { out[at] = out[at].slice(0, soft.index); carried = at; } else { carried = null; }
    });
    return out.map(function (line) {
      return line.replace(QP_ESCAPES, qpBytes);
    }).join("\n");
  }
  function qpBytes(escapes) {  // decklist.py _qp_bytes: UTF-8, else Windows-1252 (by the table: runtimes differ)
    var raw = new Uint8Array(escapes.split("=").slice(1).map(function (h) { return parseInt(h, 16); }));
    try { return new TextDecoder("utf-8", { fatal: true }).decode(raw); } catch (e) {
      return Array.from(raw).map(function (b) { return has(CP1252_HIGH, String(b)) ? CP1252_HIGH[b] : String.fromCharCode(b); }).join("");
    }
  }
  // decklist.py grouped_titles: "3x: A, B, C" for titles grouped in brackets with one count for each
  function groupedTitles(line) {
    var group = GROUPED.exec(line);
    if (!group) return line;
    var g = group.groups, before = g.b1 || g.b2, after = g.a1 || g.a2;
    if (!before === !after) return line;  // no count, or two: no group read so
    return (before || after) + "x: " + pyStrip(g.titles);
  }
  // check(text, formatId or "" to take it from the decklist's Legality: line, asOf, inputFormat or "auto", file name,
  // strictTitles: as --strict-titles)
  function check(text, formatId, asOf, inputFormat, source, strictTitles) {
    var p = prepare();
    if (text.indexOf("=") >= 0) text = quotedPrintableDecoded(text);  // decklist.py as_pasted
    text = text.replace(PASTED_CHARS, function (c) { return PASTED[c]; });
    var chosen = inputFormat && inputFormat !== "auto" ? inputFormat : detectInputFormat(text, source);
    if (INPUT_FORMATS.indexOf(chosen) < 0) {
      throw new DeckFileError(say("file.input-format", { input_format: chosen, choices: INPUT_FORMATS.join(", ") }));
    }
    var deck = READERS[chosen](text);
    deck.input_format = chosen;
    var id = formatId || legalityFormat(p, deck), checker = p.checkers[id];
    if (!checker) {
      throw new DeckFileError(say("file.unknown-format", { format: id, choices: Object.keys(p.checkers).sort().join(", ") }));
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf || "")) throw new DeckFileError(say("file.date", { date: asOf }));
    var report = checker.check(deck, asOf, strictTitles);
    report.input_format = chosen;
    return report;
  }
  // What the page's Check button asks (run in the page's worker, assets/deck-check-worker.js, or here when workers
  // cannot run): a format picked by the player wins; the default one gives way to a Legality: line naming another
  // format the Codex checks, and the note says so. -> {result, note}; a DeckFileError for a user mistake.
  function pageCheck(job) {
    var p = prepare(), result = null, note = "";
    function formatName(id) { var f = p.data.formats.find(function (x) { return x.id === id; }); return f ? f.name : id; }
    if (job.format && !job.picked) {
      try { result = check(job.text, "", job.as_of, job.input_format, job.source, job.strict); } catch (e) {
        if (!(e instanceof DeckFileError)) throw e;
      }
      if (result && result.format !== job.format) {
        note = "Checked against " + formatName(result.format) + ", the format the decklist's Legality: line names " +
          "(instead of " + formatName(job.format) + ", the format picked above).";
      } else if (result) {
        note = "The decklist's Legality: line names " + formatName(result.format) + " too.";
      }
    }
    if (!result) result = check(job.text, job.format, job.as_of, job.input_format, job.source, job.strict);
    return { result: result, note: note };
  }
  // A worker's side of the page's checks: each job answered with pageCheck's {result, note}, or {error} for a user
  // mistake, tagged with the job's id. Used by assets/deck-check-worker.js and, from file://, by the worker the page
  // makes from this script's text (so it refers to nothing outside itself).
  function serveChecks(scope) {
    scope.onmessage = function (ev) {
      var job = ev.data, reply;
      try { reply = scope.window.L5RDeck.pageCheck(job); } catch (e) {
        if (!(e instanceof scope.window.L5RDeck.DeckFileError)) throw e;
        reply = { error: e.message };
      }
      reply.id = job.id;
      scope.postMessage(reply);
    };
  }
  window.L5RDeck = { check: check, serveChecks: serveChecks, pageCheck: pageCheck, detectInputFormat: detectInputFormat, INPUT_FORMATS: INPUT_FORMATS, DeckFileError: DeckFileError, prepare: prepare,
    _names: { plain: plain, titleKey: titleKey, splitExperience: splitExperience } };

  // ---------------------------------------------------------------------------------------------------------
  // The page (docs/deck-check.md holds <div id="deck-check">)
  // ---------------------------------------------------------------------------------------------------------
  if (typeof document === "undefined") return;  // under Node (the differential tests) or in a worker: no page
  function siteRoot() {
    var scripts = document.querySelectorAll("script[src]");
    for (var n = 0; n < scripts.length; n++) {
      var src = scripts[n].getAttribute("src");
      var at = src.indexOf("assets/deck-check.js");
      if (at >= 0) return src.slice(0, at);
    }
    return "";
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function today() { return new Date().toISOString().slice(0, 10); }

  // The checker's errors are written for the command line ("give --format (one of: …)"); the page says what to do
  // on the page instead.
  function listed(names) { return names.length < 2 ? names.join("") : names.slice(0, -1).join(", ") + " or " + names[names.length - 1]; }
  function playerMessage(message, data) {
    var formats = listed(data.formats.map(function (f) { return f.name; }));
    var m;
    if (/^give --format/.test(message)) return "Choose a format above (" + formats + "): this decklist has no Legality: line naming one.";
    if ((m = /^the decklist's line (\d+) says \u201cLegality: (.*)\u201d, which is not a format/.exec(message))) {
      return "Line " + m[1] + " of the decklist says \u201cLegality: " + m[2] + "\u201d, a format the Codex does not check. Choose a format above (" + formats + ").";
    }
    if (/is not a format; choose one of/.test(message)) return "Choose a format above (" + formats + ").";
    if (/is not an input format/.test(message)) return "Choose a decklist form above, or \u201cdetect\u201d.";
    if (/is not a date like/.test(message)) return "Pick the day of the tournament above (a date such as 2015-08-16).";
    var text = message.charAt(0).toUpperCase() + message.slice(1);
    return /[.!?]$/.test(text) ? text : text + ".";
  }

  var MAX_SHOWN = 200;  // problems (and warnings) listed on the page
  function render(root, result, data, base, note) {
    var out = root.querySelector(".deck-check-result");
    out.textContent = "";
    out.setAttribute("data-legal", String(result.legal));
    out.setAttribute("data-verdict", result.verdict);
    // The same words as `l5r deck check` (report.py VERDICT_WORDS, AS_OF_WORDS, in the data)
    var words = data.reading.verdict_words[result.verdict];
    var verdict = el("p", { "class": "deck-check-verdict " + result.verdict, tabindex: "-1" },
      words + (result.verdict === "not-legal" ? " (" + result.reason + ")" : ""));
    var fmt = data.formats.find(function (f) { return f.id === result.format; });
    if (result.verdict === "not-a-decklist") {
      verdict.appendChild(document.createTextNode(": " + result.reason));
    } else {
      verdict.appendChild(document.createTextNode(" in " + (fmt ? fmt.name : result.format) + " (" +
        data.reading.as_of_words[result.bans] + " " + result.as_of + ")"));
    }
    out.appendChild(verdict);
    if (result.verdict === "cannot-be-checked") {
      out.appendChild(el("p", { "class": "deck-check-reason" }, say("verdict.neither", { reason: result.reason })));
    }
    if (note) out.appendChild(el("p", { "class": "deck-check-format-note" }, note));
    out.appendChild(el("p", { "class": "deck-check-counts" }, SECTIONS.map(function (s) {
      return SECTION_NAMES[s] + " " + result.counts[s];
    }).join(" \u00b7 ")));
    [["Problems", result.problems, "problem"], ["Warnings", result.warnings, "warning"]].forEach(function (t) {
      if (!t[1].length) return;
      out.appendChild(el("h3", {}, t[0]));
      var list = el("ul", { "class": "deck-check-" + t[2] + "s" });
      // A list of thousands of lines is not read on a page: the first MAX_SHOWN, and how many more (all in the JSON)
      if (t[1].length > MAX_SHOWN) {
        out.appendChild(el("p", { "class": "deck-check-more" }, "The first " + MAX_SHOWN + " of " + t[1].length + " " +
          t[0].toLowerCase() + " are shown; every one is in the JSON below."));
      }
      t[1].slice(0, MAX_SHOWN).forEach(function (f) {
        var li = el("li", { "data-code": f.code });
        li.appendChild(el("code", {}, f.code));
        li.appendChild(document.createTextNode(" " + f.message + " "));
        if (f.rule) {
          var cite = data.rule_citations[f.rule] || f.rule;
          var url = data.rule_urls[f.rule];
          li.appendChild(url ? el("a", { href: base + url, "class": "deck-check-rule" }, cite)
            : el("span", { "class": "deck-check-rule" }, cite));
        }
        list.appendChild(li);
      });
      out.appendChild(list);
    });
    var json = el("details", {});
    json.appendChild(el("summary", {}, "JSON (as l5r deck check --json)"));
    json.appendChild(el("pre", { "class": "deck-check-json" }, JSON.stringify(result, null, 2)));
    out.appendChild(json);
  }

  // Which pool the page checks against, truthfully: the whole pinned database, another (maybe partial) pool, or
  // none. A small pool must not read as the full card pool: a card outside it is reported as unknown.
  function poolLine(data) {
    var count = String(data.cards.cards.length).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    var pool = data.pool;
    if (!data.cards.has_pool || !pool) return "Built without the card pool: only the cards the rules documents name are known.";
    if (pool.pinned) {
      return count + " cards known: the whole card pool, the game_on_yasuki card database as pinned (" + pool.pinned +
        ", " + pool.sets + " sets).";
    }
    return count + " cards known, from a card pool of " + pool.sets + " set files that is not the pinned " +
      "game_on_yasuki database: a card outside it is reported as unknown.";
  }

  function mount() {
    var root = document.getElementById("deck-check");
    if (!root || root.getAttribute("data-ready")) return;
    var base = siteRoot();
    function start() {
      var data;
      try { data = prepare().data; } catch (e) {
        root.querySelector(".deck-check-status").textContent = e.message; return;
      }
      var select = root.querySelector("select[name=format]");
      select.textContent = "";
      // A concrete format is picked from the start, so a pasted list without a "Legality:" line (Oracle of the
      // Void, plain text) is checked at once. Until the player picks one, a Sun and Moon "Legality:" line naming
      // a format overrides the default, and the page says so; a format the player picked wins, as --format does.
      // The last choice is the command line without --format: the decklist's Legality: line alone.
      data.formats.forEach(function (f, n) {
        select.appendChild(el("option", n === 0 ? { value: f.id, selected: "selected" } : { value: f.id }, f.name));
      });
      select.appendChild(el("option", { value: "" }, "as the decklist's Legality: line says"));
      var picked = false;
      select.addEventListener("change", function () { picked = true; });
      var date = root.querySelector("input[name=as_of]");
      if (!date.value) date.value = today();
      var status = root.querySelector(".deck-check-status");
      status.textContent = poolLine(data);
      var area = root.querySelector("textarea");
      area.addEventListener("dragover", function (ev) { ev.preventDefault(); });
      area.addEventListener("drop", function (ev) {
        ev.preventDefault();
        var file = ev.dataTransfer.files[0];
        if (!file) return;
        var reader = new FileReader();
        reader.onload = function () { area.value = reader.result; area.setAttribute("data-source", file.name); };
        reader.readAsText(file);
      });
      root.querySelector("input[type=file]").addEventListener("change", function (ev) {
        var file = ev.target.files[0];
        if (!file) return;
        var reader = new FileReader();
        reader.onload = function () { area.value = reader.result; area.setAttribute("data-source", file.name); };
        reader.readAsText(file);
      });
      var worker = null, busy = false, jobs = 0;
      var status = root.querySelector(".deck-check-status"), ready = status.textContent;
      function shownError(message) {
        var out = root.querySelector(".deck-check-result");
        out.textContent = ""; out.removeAttribute("data-legal");
        // The sentence for a player; the checker's own words (as the command line prints them) in data-message.
        var p = el("p", { "class": "deck-check-error", role: "alert", tabindex: "-1", "data-message": message },
          playerMessage(message, data));
        out.appendChild(p);
        return p;
      }
      function answer(reply) {
        status.textContent = ready;
        root.removeAttribute("data-busy");
        var shown;
        if (reply.error !== undefined) shown = shownError(reply.error);
        else { render(root, reply.result, data, base, reply.note); shown = root.querySelector(".deck-check-verdict"); }
        // The answer is below the form: bring it into view and give it the focus (a screen reader reads it).
        shown.focus({ preventScroll: true });
        shown.scrollIntoView({ block: "start", behavior: "auto" });
      }
      function inPage(job) {
        try { return pageCheck(job); } catch (e) {
          if (!(e instanceof DeckFileError)) throw e;
          return { error: e.message };
        }
      }
      // The check runs in a worker, so a long list never freezes the page; a new check ends the one still running.
      // A worker that has answered is kept for the next check: it has the checker and its data loaded already.
      // Online the worker is assets/deck-check-worker.js. From file:// Chromium refuses a worker by address (and the
      // offline copy's iframe-worker shim would run it in a frame, on the page's thread) but runs one made from a
      // Blob: this script's own text and the data the page already holds, with the browser's own Worker kept by
      // assets/native-worker.js before the shim replaced it.
      var blobAddress = null;
      function offlineWorker() {
        var Native = window.L5RNativeWorker;
        if (!Native || !window.URL || !URL.createObjectURL) return null;
        if (!blobAddress) {
          var source = "\"use strict\";\nself.window = self;\nself.L5R_DECK_DATA = " +
            JSON.stringify(window.L5R_DECK_DATA) + ";\n(" + deckCheckScript.toString() + ")();\n(" +
            serveChecks.toString() + ")(self);\n";
          blobAddress = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
        }
        return new Native(blobAddress);
      }
      function newWorker() {
        if (location.protocol === "file:") {
          var made = offlineWorker();
          if (made) return made;
        }
        return new Worker(base + "assets/deck-check-worker.js");
      }
      function dropWorker(used) {
        used.terminate();
        if (worker === used) { worker = null; busy = false; }
      }
      function inWorker(job) {
        if (worker && busy) dropWorker(worker);
        if (!worker) {
          try { worker = newWorker(); } catch (e) { worker = null; return false; }
        }
        var mine = job.id, used = worker;
        busy = true;
        used.onmessage = function (ev) {
          if (ev.data.id !== mine) return;
          busy = false;
          if (ev.data.failed !== undefined) { dropWorker(used); answer(inPage(job)); return; }  // it could not load
          answer(ev.data);
        };
        used.onerror = function () {
          dropWorker(used);
          if (jobs === mine) answer(inPage(job));
        };
        used.postMessage(Object.assign({ assets: new URL(base + "assets/", document.baseURI).href }, job));
        return true;
      }
      root.querySelector("form").addEventListener("submit", function (ev) {
        ev.preventDefault();
        var strict = root.querySelector("input[name=strict_titles]");
        var job = { id: ++jobs, text: area.value, format: select.value, picked: picked, as_of: date.value,
          input_format: root.querySelector("select[name=input_format]").value,
          source: area.getAttribute("data-source") || "", strict: !!(strict && strict.checked) };
        // The command line's cap (decklist.py MAX_DECK_BYTES), counted in UTF-8 bytes as it reads a file.
        var limit = data.reading.tables.max_deck_bytes;
        if (new Blob([job.text]).size > limit) {
          answer({ error: "the decklist is larger than " + Math.floor(limit / 1048576) + " MB, the most this file can be" });
          return;
        }
        root.setAttribute("data-busy", "true");
        status.textContent = "Checking\u2026";
        if (!(window.Worker && inWorker(job))) answer(inPage(job));
      });
      root.setAttribute("data-ready", "true");
    }
    if (window.L5R_DECK_DATA) { start(); return; }
    var script = el("script", { src: base + "assets/deck-check-data.js" });
    script.onload = start;
    script.onerror = function () { root.querySelector(".deck-check-status").textContent = "The checker's data did not load."; };
    document.head.appendChild(script);
  }

  if (window.document$ && window.document$.subscribe) window.document$.subscribe(mount);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();
})();
