"""Every sentence the deck checker says, written once: a key, and a template whose `{name}` fields each caller fills.

Two checkers say them: the Python one (l5r/decklist.py, l5r/engine/deck, the `l5r deck check` errors) and the
browser one (docs/assets/deck-check.js), which receives this table in its data (l5r/site/api/deckdata.py) and fills
the fields with its own `say`. What is computed (a count with its noun, a list of names, a date, a rule's number)
stays computed on each side and comes in as a field; only the fixed wording lives here, so the two checkers cannot
word a finding differently.

The table sits beside the decklist reader, in the innermost layer, because the reader's line issues and file errors
are among its sentences: the reader may not import the engine, and the engine and the site may import this.

A template is plain `str.format` text with named fields only (no conversions, no format specs; `{{` and `}}` are
literal braces), so JavaScript fills it with one replace. tests/test_deck_messages.py checks every key used on
either side is here, every entry is used on both (or named in ONE_SIDED), and each call passes exactly the
template's fields.
"""

from __future__ import annotations

DECK_MESSAGES: dict[str, str] = {
    # -- the decklist reader: a line that is no card line (l5r/decklist.py LineIssue; deck-check.js readers) ------
    "line.not-header": "“{line}” is not a section header (Pre-Game:, Dynasty:, Fate:)",
    "line.not-section": "“{key}” is not a deck section (pre_game, dynasty, fate)",
    "line.not-list": "`{key}:` must be a list of card lines",
    "line.not-item": "a list item that is not a card line",
    "line.columns": "“{line}”: a tab-delimited card line has at most three columns (count, title, set)",
    "line.not-deck-line": "“{line}” is not a deck line (a `Dynasty:` key, a `- 3x Title [Set]` item, or "
    "name:/author:/date:)",
    "line.before-sections": "“{line}” comes before every section key (Pre-Game:, Dynasty:, Fate:)",
    "line.count": "“{line}”: a card line needs a count from 1 to {most}",
    "line.not-card": "“{line}” is not a card line (expected e.g. “3 Card Title”)",
    "line.signature": "“{line}” is the author's closing words or signature, not a card line",
    "line.aside": "“{line}” is listed under “{header}”, outside the deck",
    "line.caption": "“{line}” is a picture's caption glued to the header, no card line",
    "line.change": "“{line}” is a change to the list, not a card line",
    "line.requoted": "“{line}” quotes line {first} again",
    "line.not-card.empty": "(empty)",
    # -- the card table's note on a set a card was not printed in (l5r/cardpool/index.py find) ----------------------
    "note.not-printed": "{card} was not printed in {set}; the set name was ignored",
    # -- the checker's findings (l5r/engine/deck/checker.py, pregame.py, copies.py) -------------------------------
    "at-line": "line {line}: {message}",
    "not-a-decklist": "no line of it is a section header (Pre-Game:, Dynasty:, Fate:) or names a card.",
    "other-game": "line {line}: “{text}” is a line of a deck for the Legend of the Five Rings LCG (Fantasy Flight "
    "Games, 2017 on), another game than the one this Codex checks (the CCG, AEG 1995–2015): the list's titles are read as "
    "the CCG's cards.",
    "other-game.unknown": "line {line}: {unknown} of the list's {lines} card lines (the first: “{text}”) name no card "
    "of the CCG's card pool: it may be a deck of another game, such as the Legend of the Five Rings LCG (Fantasy "
    "Flight Games, 2017 on), whose titles are read as the CCG's cards. This is the Codex's reading, not a rule.",
    "second-deck": "line {line}: a second deck starts here (its stronghold or its Dynasty header, after the cards "
    "of both decks above it): what is checked is the deck above line {line} alone; check the second on its own.",
    "format-mismatch": "line {line}: the decklist says “Legality: {written}” but it was checked against {format} "
    "(--format wins).",
    "collection": "{name}'s card collection",
    "cannot-check.collection": "{collection} is the only legal card pool and it is not in the card pool the Codex "
    "reads, so which cards these are cannot be checked.",
    "cannot-check.no-headers": "{where} under a deck header (Pre-Game:, Dynasty:, Fate:), and "
    "{collection} is not in the card pool the Codex reads, so which deck each card belongs to, and so the deck "
    "sizes, cannot be checked. Add the headers.",
    "no-headers.all": "no card line of the list is",
    "no-headers.some": "{lines} of the list (from line {first}) {are} not",
    "cannot-check.bans": "{name}'s ban list is stated from {start} on; before that day the documents do not say "
    "which cards were banned.",
    "bans-not-stated": "{reason} Only the bans they date on or before this day were checked.",
    "cannot-check.unsettled": "whether {cards} {are} in {name}'s card pool cannot be settled from the card pool's "
    "data.",
    "not-checked.collection": "{collection} is not in the card pool, so the Codex cannot tell which cards these "
    "are: card types, copies, bans and legality were not checked; only deck sizes and the number of pre-game cards "
    "were.",
    "no-card-pool": "no card pool was given (--cardpool or L5R_CARDPOOL), so only the {count} cards the rules "
    "documents name are known.",
    "declared-count.subtotal": "line {line}: the sub-header “{label}” says {stated} but {listed} {are} listed "
    "under it.",
    "declared-count": "line {line}: the {section} header says {stated} but the section lists {listed}.",
    "read-as.several": "line {line}: read “{count}x: {written}” as {count} {copies} of each of {titles}.",
    "read-as.count": "line {line}: read “{written}” as {count} {title}.",
    "read-as.listed": "line {line}: read “{written}” as one copy of each of {titles}.",
    "read-as.counted": "line {line}: read the titles on it, each with its count, as {titles}.",
    "read-as.only-title": "line {line}: read “{written}” as “{card}”, the only card titled {title} (there is none "
    "with {level}).",
    "read-as.inexperienced": "line {line}: read “{written}” as “{card}”, the card of that title with no level: none "
    "is printed Inexperienced, the game's word for the card before its experienced versions.",
    "read-as.only-title-in-pool": "line {line}: read “{written}” as “{card}”, the only card titled {title} in "
    "{name}'s card pool (there is none with {level}; the others are {others}).",
    "read-as.set-level": "line {line}: read “{written}” as “{card}”, the one card of that title printed in {set} "
    "(no level was written).",
    "read-as.tag": "line {line}: read “[{tag}]” after {card} as the author's tag, not a set: no card was printed in "
    "a set of that name.",
    "read-as.deck-card": "line {line}: read “{written}” as “{card}”, the one card of that title a deck can hold "
    "({other} is not).",
    "read-as.in-pool": "line {line}: read “{written}” as “{card}”, the only card of that name in {name}'s card "
    "pool (not {others}).",
    "read-as.card": "line {line}: read “{written}” as “{card}”.",
    "read-as.shortened": "line {line}: read “{written}” as “{card}”, the one card it can be short for (the "
    "Codex's reading: {how}).",
    "shortened.pre-game": "a pre-game card's title cut short",
    "shortened.given": "a Personality's given name",
    "shortened.subtitle": "the title without the words after its comma",
    "shortened.family": "a Personality's title without its family name",
    "read-as.abbreviated": "line {line}: read “{written}” as “{card}”, the one card whose title's words it "
    "abbreviates, word for word (the Codex's reading).",
    "read-as.level": "line {line}: read “{written}” as “{card}” (“{shorthand}” as {level}).",
    "read-as.level-tag": "line {line}: read “{written}” as “{card}”, the one card of that title at that level (the "
    "pool writes the level with the tag of the set that printed it).",
    "read-as.remark": "line {line}: read “{shown}” as the author's remark, not a card: it names no card, and "
    "{reason}; counted in no deck.",
    "read-as.remark-wrapped": "line {line}: read “{written}” as the last words of the author's remark on line {above}, "
    "wrapped there mid-sentence: it names no card; counted in no deck.",
    "read-as.after-list": "line {line}: read “{written}” as the author's words after the list (its last card line is "
    "line {last}), not a card: it names no card; counted in no deck.",
    "read-as.remark-naming": "line {line}: read “{shown}” as the author's remark, not a card line: it names {cards} "
    "in its words, but {reason}; counted in no deck (a card is read from a line of its own, with its count: “3 Iron "
    "Mine”).",
    "read-as.numbered": "line {line}: read the numbers before the card lines (1, 2, 3 …) as a numbered list's, not "
    "as counts: one copy of each card, unless its line gives a count of its own.",
    "read-as.above-list": "line {line}: read “{written}” as the page's words above the list, not a card: it names "
    "none, and no line above the list's first header writes a count.",
    "read-as.group": "line {line}: read “{written}” as the author's heading of a group of cards, not a card: the groups "
    "are numbered 1, 2, 3 …, and it names no card; counted in no deck.",
    "read-as.kind-heading": "line {line}: read “{text}” as the author's heading of a group of the deck's cards, not "
    "a deck section: “{name}” is a keyword the cards carry or a kind of action they print; it changes no deck.",
    "read-as.counted-heading": "line {line}: read “{written}” as the author's heading of the cards under it, not a "
    "card: it names no card of the deck it is in, and the copies listed under it reach its count ({count}); counted "
    "in no deck.",
    "read-as.signature": "line {line}: read “{text}” as the author's closing words or the signature under them, not "
    "a card; counted in no deck.",
    "read-as.aside": "line {line}: read “{text}” as a card listed under “{header}”, outside the deck; counted in no "
    "deck.",
    "read-as.no-deck": "line {line}: read “{text}” as {card}, a card for no deck (a token, proxy, biography or the "
    "like), listed apart with no deck's header above it; counted in no deck.",
    "read-as.caption": "line {line}: read “{text}” as a picture's caption glued to the header before it (a web "
    "page's card image, copied with the list), not a card line; counted in no deck.",
    "read-as.change": "line {line}: read “{text}” as the author's change to a list posted before, not a card line; "
    "counted in no deck.",
    "read-as.figure": "line {line}: read “{text}” as a figure about the deck, not a card: no card is titled “{title}”; "
    "counted in no deck.",
    "read-as.requoted": "line {line}: read “{text}” as line {first} quoted again in a reply; counted once, at line "
    "{first}.",
    "read-as.heading": "line {line}: read “{text}” as the author's heading, not a deck section; it changes no deck.",
    "level.written": "experience level “{level}”",
    "level.none": "no experience level",
    "remark.long": "it has {words} words where the longest card title has {longest}",
    "remark.two-sentences": "it holds two sentences, as no card title does",
    "remark.bracketed": "it is all in brackets, as no card title is",
    "remark.address": "it holds an address (an e-mail's, a web page's or a name after “@”), as no card title does",
    "remark.sentence": "it is a sentence of {words} words ending in “{mark}”, as {titles} is",
    "remark.no-title-longer": "no card title of more than {most} words",
    "remark.no-title": "no card title",
    "no-section": "line {line}: no section header above {written}; counted in the {section} section.",
    "no-section.neighbours": "line {line}: no header above “{written}”, which names no known card; counted in the "
    "{section} section with the cards around it.",
    "unplaceable": "line {line}: no header above “{written}” and no card of that name, so it is counted in no deck.",
    "set-ignored": "line {line}: {card} was never printed in {set}; it was printed in {printed}. Legality is by "
    "card, so the set was ignored.",
    "set-ignored.note": "line {line}: {note}.",
    "unknown-card.level": "line {line}: no card “{written}” with {level}: the cards titled {title} are {cards}; "
    "write which.",
    "unknown-card.strict": "line {line}: no card “{written}”; it is close to “{guess}” (exact titles only, "
    "--strict-titles: no near match is read).",
    "unknown-card.several": "line {line}: “{written}” names {count} different cards ({options}); write which, "
    "e.g. “{card}” or “{written} [{set}]”.",
    "unknown-card.option": "{card}, printed in {sets}",
    "unknown-card": "line {line}: no card “{written}{set}” in {source}.{guess}",
    "unknown-card.in-pool": "the card pool",
    "unknown-card.in-records": "the Codex's card records (no card pool given)",
    "unknown-card.guess": " Did you mean {titles}?",
    "unknown-card.parts": " Its parts name {titles}, but one count before them does not say whose it is: write a "
    "count before each title (“{apart}”), or “{count}x:” for {count} copies of each (“{each}”).",
    "deck-size": "the {deck} deck has {cards}{not_counted}; {name} requires {between}.",
    "deck-size.changed": "the {deck} deck has {cards}{not_counted}; it must hold {between}: {changes}, on the "
    "number {name} requires ({stated}).",
    "deck-size.not-counted": " ({listed} listed, {not_counting} not counting toward it)",
    "deck-size.change": "{change} by {card}'s own card text{each}",
    "deck-size.each": " ({change} for each of {copies} copies)",
    "wrong-deck.other": "{card} is not a card for any deck (a token, proxy, biography or the like).",
    "wrong-deck.starting": "{card} is a pre-game card in {name}: it starts the game in play and cannot be in the "
    "{section} deck.",
    "wrong-deck.not-pregame": "{card} is a {deck} card, not a pre-game card.",
    "wrong-deck": "{card} is a {deck} card in the {section} deck.",
    "wrong-deck.no-rule": " (The card pool files it among the pre-game cards; {name}'s documents state no rule on "
    "pre-game cards.)",
    "not-checked.pregame": "{name}'s rules state no pre-game requirements (Stronghold, Sensei, Wind); the pre-game "
    "cards were only checked for being pre-game cards.",
    "pregame.not-allowed": "line {line}: {name} allows no {card} among the pre-game cards.",
    "pregame.count": "{have} {label} among the pre-game cards; {name} requires {between}.",
    "pregame.clan": "line {line}: {card} may only start with a {clans} {owner}; this deck's is {deck_clans}.",
    "pregame.no-clan": "no",
    "pregame.total": "{cards}; {name} requires {wanted}.",
    "not-checked.copies": "{name}'s rules state no limit on copies of a card; copies were not checked.",
    "copy-limit": "line {line}: {copies} of {cards}; at most {limit} allowed ({why}).",
    "copy-limit.ring": "Rings are Unique",
    "copy-limit.unique": "a Unique card",
    "copy-limit.format": "{name}'s copy limit",
    "copy-limit.card-text": "the card's own text sets its limit",
    "copy-limit.overridden": "{why}, which in {name} overrides the card's own text allowing {allows}",
    "copy-limit.any-number": "any number",
    "copy-limit.soul-of": "cards joined by Soul of keywords share one limit",
    "copy-limit.counts-as": "a card that counts as another for deck construction shares its limit",
    "copy-limit.shared": "{why}; {shared}",
    "copy-limit.covers": "{why}; the limit also covers {cards}",
    "banned": "line {line}: {card} is on {name}'s ban list{what}{since}.",
    "not-checked.pool": "{name} names no legal card pool the Codex can check; card legality was not checked.",
    "not-legal": "line {line}: {card} is not in {name}'s card pool ({pool}).",
    "not-checked.records": "{count} card line(s) name cards known only from the Codex's records; without the card "
    "pool their legality was not checked.",
    "not-checked.unsettled": "the card pool tags {card} “{tags}” (the pool's own tag, not {name}'s documents), but "
    "records none of {name}'s legal bugs or sets for it ({pool}); whether it is in {name}'s card pool cannot be "
    "settled from the pool's data.",
    "pool.sets": "printed in none of its legal sets",
    "pool.bugs": "with none of its legal bugs ({bugs})",
    "pool.tags": "not among the card pool's {tags} cards{reading}",
    "pool.reading": " — a Codex reading, not {name}'s words",
    # -- the verdict line's explanation, under `l5r deck check` and on the page
    "verdict.neither": "Neither legal nor not legal: {reason}",
    # -- a decklist or a request that cannot be checked at all (DecklistError, UnknownFormat; DeckFileError) -----
    "file.not-yaml": "{deck} is not valid YAML{at}",
    "file.at-line": " (line {line})",
    "file.not-mapping": "{deck} must be a YAML mapping with pre_game, dynasty and fate lists",
    "file.line": "{deck} line {line}: {reason}",
    "file.duplicate-key": "duplicate key '{key}' (first given at line {first} as '{written}'; keys are read "
    "without regard to case)",
    "file.duplicate-same": "duplicate key '{key}' (first given at line {first}); YAML would silently keep only the "
    "last one",
    "file.deck": "deck file {source}",
    "file.the-decklist": "the decklist",
    "file.input-format": "'{input_format}' is not an input format; choose one of: {choices}",
    "file.no-format": "give --format (one of: {choices}); the decklist names no format",
    "file.legality": "the decklist's line {line} says “Legality: {written}”, which is not a format the Codex "
    "checks; give --format (one of: {choices})",
    "file.unknown-format": "'{format}' is not a format; choose one of: {choices}",
    "file.no-deck-rules": "'{format}' has no deck construction rules in the Codex; choose one of: {choices}",
    "file.date": "'{date}' is not a date like 2015-08-16",
}

# Entries one checker alone says, and why the other never does.
ONE_SIDED: dict[str, str] = {
    # the browser has only the formats it checks: a format without deck rules is never offered to it
    "file.no-deck-rules": "python",
    # the command line names the file it read; the page has one decklist, the one pasted
    "file.deck": "python",
    "file.the-decklist": "browser",
    # Python's YAML reader finds a key given twice as written (data/yamlsource.py check_shape, which reads the
    # Codex's own data files too, so it keeps its words); the browser's small reader says the same sentence
    "file.duplicate-same": "browser",
}


def say(key: str, /, **fields: object) -> str:
    """The sentence `key` names, its fields filled: say("banned", line=3, card="Iron Mine", ...)."""
    return filled(DECK_MESSAGES[key], **fields)


def filled(template: str, /, **fields: object) -> str:
    """A message's template with its fields filled, as deck-check.js `say` fills it."""
    said = template.format(**fields)
    # a sentence ending on a field that ends in its own full stop, or in "!", "?" or "…" ("… of each of Rout and
    # Charge!"), takes no second
    return said[:-1] if said[-2:-1] in _SENTENCE_ENDS and said.endswith(".") and template.endswith("}.") else said


_SENTENCE_ENDS = (".", "!", "?", "…")
