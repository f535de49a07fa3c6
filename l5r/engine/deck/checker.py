"""The deck checker of one format: names the cards, then runs every check and collects every problem."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import re
from collections import defaultdict
from typing import Final, Mapping, Sequence

from ...cardpool import CardIndex, Identity, Lookup
from ...cardpool.names import (
    LEVEL_MARKER,
    LEVEL_NUMBER,
    experience_key,
    is_experience,
    is_level_remark,
    plain,
    reading_key,
    reading_key_words,
    reading_words,
    set_key,
    split_experience,
    split_qualifier,
    title_key,
)
from ...data import bandates
from ...data import model as m
from ...deckmessages import say
from ...decklist import (
    CLAN_NAMES,
    COUNT_PATTERN,
    DECK_OF_SECTION,
    DYNASTY,
    FATE,
    PREGAME,
    SECTION_NAMES,
    SECTIONS,
    CardLine,
    Decklist,
    LineIssue,
    edit_distance,
    within_edits,
    LIST_SEPARATOR,
    MAX_COPIES_ON_A_LINE,
    part_count,
    trailing_count,
)
from ..ruleset import Ruleset
from .copies import check_copies
from . import legality
from .entry import DeckEntry
from .pregame import DeckRulesError, check_pregame, check_pregame_count, read_slots
from .prose import ARTICLES, SEGMENT, SENTENCE_END, WORD, prose_rule
from . import report
from .report import DeckReport, Findings, between, names, noun_count

_SECTION_OF_DECK = {deck: section for section, deck in DECK_OF_SECTION.items()}
_OTHER_DECK = "Other"  # the pool's deck for tokens, proxies, biographies
MAX_SUGGESTED_PER_DECK = 100  # "did you mean" (and near-certain readings) for the first hundred unknown names
REMARK_SHOWN_WORDS = 8  # a remark read away is quoted by its first words: the line number finds the rest


# Exports whose sections are the card database's `deck`, not the player's choice: Oracle of the Void files every
# card under its database deck (ootv-client templates/l5r.js, databasesort/headerize); Sun and Moon writes no
# sections at all (cards are sorted by the pool's deck).
_DATABASE_SECTIONS = frozenset({"oracle", "oracle-tab", "sunandmoon"})
# In a post of several decks with no headers, the share of each deck's least size the cards above a stronghold's line
# must fill for it to open a second deck (`_first_of_headerless_decks`): half
HEADERLESS_FIRST_DECK = _HEADERLESS_FIRST_DECK = (1, 2)
# A list of at least this many card lines, more than half of which name no card of the pool, is read as a deck of
# another game (`_check_other_game`): a CCG list with a few misspelt or unreleased cards stays far below half, and
# a list shorter than this says too little either way
OTHER_GAME_LINES_AT_LEAST = _OTHER_GAME_LINES_AT_LEAST = 10
# A title written twice with no space between, as a web page's card image and caption are copied (`_glued_twice`):
# where the two meet, and how far the second may be from the title
GLUED_TWICE = _GLUED_TWICE = re.compile(r"(?<=[a-z])(?=[A-Z])")
GLUED_TWICE_EDITS = 2


class DeckChecker:
    """The deck rules of one format, prepared once and applied to any number of decklists."""

    def __init__(
        self,
        fmt: m.Format,
        ruleset: Ruleset,
        index: CardIndex,
        acronyms: Mapping[str, str] | None = None,
        strict_titles: bool = False,
        name: str | None = None,
    ):
        """`name`: what its sentences call the format (its short name unless given); which cards the pool tags with
        the format's own name stays the format's (`pool_standing`)."""
        self.format = fmt
        # A near-certain typo ("Barely farm") is read as its card with a warning; strict, it stays unknown.
        self.strict_titles = strict_titles
        # data/set-acronyms.yml (Codex.set_acronyms): "TotV" -> "Time of the Void", matched without case
        self._acronyms = {k.lower(): v for k, v in (acronyms or {}).items()}
        self.rules = ruleset
        self.index = index
        self.name = fmt.short_name if name is None else name
        self._pool_rules = dict(ruleset.card_pool)
        self._cards_in_pool = self._pool_rules.get("in_pool", True)
        self._slots = read_slots(ruleset, index)
        self._slot_cards = frozenset(c for s in self._slots for c in s.cards)
        self._card_bans, self._category_bans = _bans(fmt, index)
        legality = fmt.legality
        self._legal_sets = frozenset(title_key(s) for s in legality.pool_sets) if legality else frozenset()
        self._legal_tags = frozenset(legality.bug_pool_tags if legality else ()) | frozenset(
            self._pool_rules.get("pool_tags", ())
        )
        self._in_legal_pool: dict[Identity, bool | None] = {}
        self._named: dict[tuple[str, str | None], bool] = {}  # _names_a_card's answers: the index never changes
        self._bans_of: dict[Identity, tuple[m.BanEntry, ...]] = {}
        self._timelines: dict[Identity, list] = {}  # card_timeline, per card
        # The pool's tag named like the format ("Modern"): the pool's word for the format, not the documents'; a
        # card it tags that the documents' sets and bugs do not name is undecided, never silently out
        self._own_tags = frozenset({fmt.short_name, fmt.name}) if legality and legality.legal_bugs else frozenset()
        self._pool_rule = (legality.id if legality else None) or ruleset.rule("card_pool")
        self._sections_rule = ruleset.rule("deck_sections") or ruleset.rule("deck_size")

    def check(self, deck: Decklist, on: dt.date) -> DeckReport:
        out = Findings()
        if not self.is_a_decklist(deck):
            return out.report(
                self.format.id,
                on,
                {s: 0 for s in SECTIONS},
                deck.input_format,
                bans=report.BANS_NOT_CHECKED,
                # follows the verdict's own words ("NOT A DECKLIST: no line of it ..."), so it does not repeat them
                not_a_decklist=say("not-a-decklist"),
            )
        self._suggested = 0
        deck = self._first_of_headerless_decks(deck)
        self._remarks: set[int] = set()  # lines read as the author's remarks
        self._lines_read: list[CardLine] = []  # the card lines as read (_resolve)
        headings = []
        for issue in deck.issues:
            if issue.signature:  # "Thanks,", "Mark Sullivan", "Tel: ...": a mail's closing words and signature
                out.warn("read-as", say("read-as.signature", line=issue.line, text=issue.text), line=issue.line)
                continue
            if issue.caption:  # "Fate – (40)Army Like a Tide": a web page's picture caption glued to the header
                out.warn("read-as", say("read-as.caption", line=issue.line, text=issue.text), line=issue.line)
                continue
            if issue.change:  # "-1 Tsuruchi Taito, +1 Tsuruchi Kaito": the author's change to a list posted before
                out.warn("read-as", say("read-as.change", line=issue.line, text=issue.text), line=issue.line)
                continue
            if issue.requoted is not None:  # "> 3 Rout" in a reply, after "3 Rout" in the list: counted once
                out.warn(
                    "read-as",
                    say("read-as.requoted", line=issue.line, text=issue.text, first=issue.requoted),
                    line=issue.line,
                )
                continue
            if issue.aside is not None:  # "Sideboard:", then "2 Defensive Formation": a card outside the deck
                out.warn(
                    "read-as",
                    say("read-as.aside", line=issue.line, text=issue.text, header=issue.aside),
                    line=issue.line,
                )
                continue
            counted_heading = issue.heading and any(line == issue.line for line, _ in deck.headings)
            if (
                not counted_heading  # ("Crab Clan (2):" over two copies: a heading, though its words name no card)
                and issue.text
                and self._cards_in_pool
                and self._remark_line(issue.line, issue.text, issue.text, (), out)
            ):
                continue  # "Current decklist is:", "Good vs. Crab; run 3 of it.": prose, no card line
            if issue.heading:
                headings.append(issue)  # decided once the remarks are known
                continue
            # A line that is not a card line breaks no construction rule: it cites none.
            out.problem("parse", say("at-line", line=issue.line, message=issue.message), line=issue.line)
        if deck.numbered is not None:  # "1. Ambush", "2. Rout": the items' numbers, not counts (decklist.numbered_list)
            out.warn("read-as", say("read-as.numbered", line=deck.numbered), line=deck.numbered)
        if deck.other_game is not None:  # "Conflict Deck (40)": a deck of the other game
            text, line = deck.other_game
            out.warn("other-game", say("other-game", line=line, text=text), line=line)
        if deck.second_deck is not None:  # "HIS DECK - Mantis", "Stronghold: ...": two decks in one post
            out.warn("second-deck", say("second-deck", line=deck.second_deck), line=deck.second_deck)
        if deck.legality and not names_format(deck.legality[0], self.format):
            written, line = deck.legality
            out.warn(
                "format-mismatch",
                say("format-mismatch", line=line, written=written, format=self.format.name),
                line=line,
            )
        entries = self._resolve(deck, out)
        self._check_headings(deck, headings, out)
        counts = {s: sum(e.count for e in entries if e.section == s) for s in SECTIONS}
        # A header counts the lines written under it (before a starting holding is moved to the pre-game cards), as
        # read ("3x: A, B" is six copies, "three Rout" three), not the author's remarks between them.
        listed = {
            s: sum(c.count for c in self._lines_read if c.section == s and c.line not in self._remarks)
            for s in SECTIONS
        }
        # A line above every header counts in the deck its card was placed in: a list with no headers states its
        # totals too ("Kyuden Kyotei (40/40)" above it, "Dynasty Total: 40" under it), and they were compared
        # with nothing (every deck "lists 0").
        for entry in entries:
            if entry.line.section is None and entry.section is not None:
                listed[entry.section] += entry.count
        self._check_declared_counts(deck, listed, out)
        if not self._cards_in_pool and any(e.section is None for e in entries):
            return out.report(
                self.format.id,
                on,
                counts,
                deck.input_format,
                bans=report.BANS_NOT_CHECKED,
                unchecked=self._no_headers(entries),
            )
        self._check_sizes(entries, out)
        if not self._cards_in_pool:
            check_pregame_count(self._slots, counts[PREGAME], self.name, out)
            return out.report(
                self.format.id,
                on,
                counts,
                deck.input_format,
                bans=report.BANS_NOT_CHECKED,
                unchecked=say("cannot-check.collection", collection=self._collection()),
            )
        known = [e for e in entries if e.identity is not None]
        if deck.other_game is None and self.index.has_pool:
            self._check_other_game(entries, out)
        self._check_sections(known, out)
        pregame = [e for e in known if e.section == PREGAME]
        check_pregame(self._slots, pregame, self.name, self.rules.rule("pregame", self._sections_rule), out)
        check_copies(self.rules, self.index, self.name, known, out)
        unchecked, bans = "", report.BANS_STATED
        if self.bans_stated(on):
            banned = self._check_bans(known, on, out)
        else:
            # Before the day the whole list is stated, the entries the documents date on or before this day still
            # hold (the Obsidian Hand's House of the Black Lion, 10/05/2015); the rest of the list is not stated.
            banned, bans = self._check_bans(known, on, out, dated_only=True), report.BANS_NOT_STATED
            unchecked = self._bans_not_stated()
            out.warn("bans-not-stated", say("bans-not-stated", reason=unchecked))
        unsettled = self._check_pool(known, banned, out)
        unchecked = " ".join(part for part in (unchecked, unsettled) if part)
        return out.report(self.format.id, on, counts, deck.input_format, unchecked=unchecked, bans=bans)

    def _check_other_game(self, entries: list[DeckEntry], out: Findings) -> None:
        """A list whose card lines mostly name no card of the pool is most likely a deck of another game (the
        Legend of the Five Rings LCG shares the game's name and some titles; a Shadowfist or Magic list none): said
        once, as the Codex's reading, first among the warnings (it explains the unknown lines' own), beside the
        unknown-card problems, which stay."""
        unknown = [e for e in entries if e.identity is None]
        if len(entries) < _OTHER_GAME_LINES_AT_LEAST or 2 * len(unknown) <= len(entries):
            return
        first = unknown[0].line
        out.warn_first(  # above the unknown lines' own warnings, which it explains
            "other-game",
            say("other-game.unknown", line=first.line, text=first.written, unknown=len(unknown), lines=len(entries)),
            line=first.line,
        )

    def _no_headers(self, entries: list[DeckEntry]) -> str:
        """Why a list without deck headers cannot be checked where the cards are not in the pool."""
        lines = [e.line.line for e in entries if e.section is None]
        where = (
            say("no-headers.all")
            if len(lines) == len(entries)
            else say(
                "no-headers.some",
                lines=noun_count(len(lines), "card line"),
                first=lines[0],
                are="is" if len(lines) == 1 else "are",
            )
        )
        return say("cannot-check.no-headers", where=where, collection=self._collection())

    def _collection(self) -> str:
        """The card collection a format whose cards are not in the pool is played with (New Era's own)."""
        return self._pool_rules.get("collection", say("collection", name=self.name))

    def is_a_decklist(self, deck: Decklist) -> bool:
        """Whether any line of the text reads as a decklist: a section header (or Sun and Moon's `Legality:`
        line), or a card line that names a card of the pool or of the Codex's records. Prose, a web page or
        random bytes are none of these; they get the verdict "not a decklist", not a list of problems."""
        if deck.declared or deck.legality or deck.headers or any(c.section is not None for c in deck.cards):
            return True
        return any(
            self.index.find(c.name, c.experience).identity is not None
            or self.index.find(c.written).identity is not None
            for c in deck.cards
        )

    def bans_stated(self, on: dt.date) -> bool:
        """Whether the format's documents state its ban list for this day (l5r/data/model.py BanList)."""
        return self.format.bans is None or self.format.bans.stated_on(on)

    def _bans_not_stated(self) -> str:
        bans = self.format.bans  # (asked only when bans_stated is False: the format has a list with a first day)
        assert bans is not None and bans.stated_from is not None
        return say("cannot-check.bans", name=self.name, start=bans.stated_from.isoformat())

    # -- naming the cards --------------------------------------------------------------------------

    def _names_a_kind_of_card(self, name: str) -> bool:
        """Whether a heading's name ("Kiho", "Kihos", "Battle Actions", "Ninja cards") is a keyword the pool's deck
        cards carry or a kind of action they print (`ACTION_KINDS`): a group of the deck's cards, not cards meant for
        no deck as a "Sideboard:" heads."""
        words = name.lower().split()
        if len(words) > 1 and words[-1] in GROUP_NAME_TAILS:
            words = words[:-1]
        said = " ".join(words)
        return any(w in ACTION_KINDS or w in self.index.deck_keywords() for w in (said, *singulars(said)))

    def _names_no_card_of_its_deck(self, card: CardLine, sorted_by_pool: bool) -> bool:
        """Whether the line names no card (nor several: "Hida Kisada"), or only a card of another deck than the one
        it is written in ("Ninja" under Fate), or for no deck ("Shugenja (6)", "Courtiers - 4": tokens' titles, and
        players' groups of Personalities)."""
        entry = self._entry(card, Findings(), sorted_by_pool)
        if entry is None or entry.identity is None:
            return not self._names_a_card(card.name, card.experience)
        if card.section is None or entry.identity.deck == DECK_OF_SECTION[card.section]:
            return False
        # ("Chikara (2)" names a biography, and Dynasty cards of the title at their levels: a card of its deck)
        return all(i.deck != DECK_OF_SECTION[card.section] for i in self.index.titled_loosely(card.name))

    def _check_headings(self, deck: Decklist, headings: list[LineIssue], out: Findings) -> None:
        """The author's heading ("Decklist:", "Combos:") changes no deck where no card line is above it or every
        card line below it is the author's remark, or where its count is the copies listed under it ("Kiho (2):",
        `Decklist.headings`); anywhere else ("Sideboard:" above cards) it stays a problem, as the cards under it may
        be meant for no deck."""
        cards = [c.line for c in deck.cards if c.line != deck.title_line and c.line not in self._remarks]
        counted = dict(deck.headings)
        for issue in headings:
            if issue.line in counted:  # "Kiho (2):", then two copies under it
                said = say("read-as.counted-heading", line=issue.line, written=issue.text, count=counted[issue.line])
                out.warn("read-as", said, line=issue.line)
            elif all(line > issue.line for line in cards) or all(line < issue.line for line in cards):
                out.warn("read-as", say("read-as.heading", line=issue.line, text=issue.text), line=issue.line)
            elif issue.name and self._names_a_kind_of_card(issue.name):  # "Kiho:", "Battle Actions:" over cards
                said = say("read-as.kind-heading", line=issue.line, text=issue.text, name=issue.name)
                out.warn("read-as", said, line=issue.line)
            else:
                out.problem("parse", say("at-line", line=issue.line, message=issue.message), line=issue.line)

    def _names_no_card(self, card: CardLine, sorted_by_pool: bool) -> bool:
        """Whether the line, read on its own, names no card (nor, by a guess, one)."""
        return getattr(self._entry(card, Findings(), sorted_by_pool), "identity", None) is None

    def _resolve(self, deck: Decklist, out: Findings) -> list[DeckEntry]:
        if not self._cards_in_pool:
            out.warn("not-checked", say("not-checked.collection", collection=self._collection()), rule=self._pool_rule)
            self._lines_read = list(deck.cards)  # (each line as written: its header's count is compared with them)
            return [DeckEntry(c, None, c.section) for c in deck.cards]
        if not self.index.has_pool:
            out.warn(
                "no-card-pool",
                say("no-card-pool", count=len(self.index)),
            )
        sorted_by_pool = deck.input_format == "sunandmoon"  # its export has no deck headers, by design
        placed_by_database = deck.input_format in _DATABASE_SECTIONS
        self._among_cards = self._figures_among_cards(deck.cards)
        self._pregame_blocks = frozenset(c.block for c in deck.cards if c.section is None and self._opens_pregame(c))
        headed = dict(deck.headings)
        written_at = {c.line: c.written for c in deck.cards}
        first_in_block: dict[int, int] = {}
        for c in deck.cards:
            first_in_block.setdefault(c.block, c.line)
        # the last line read as a card so far, and the lines after it that may be the author's words after the list:
        # they are, unless a card line follows them
        last_card: CardLine | None = None
        after_list: list[tuple[CardLine, Findings, DeckEntry, str]] = []
        entries = []
        # each line as read: "3x: A, B" and "3 A, 2 B" are a line a title, "three Rout" is three copies
        self._lines_read = []
        for card in (one for listed in deck.cards for one in self._several(listed, out)):
            self._lines_read.append(card)
            if card.line == deck.title_line and self._names_no_card(card, sorted_by_pool):
                continue  # the deck's name above the list ("Crab Berserkers, Kotei 2012"), not a card
            # "for more Yoritomo's Alliance webpages!", "By Nick Zube": the page's words above the list; "(2) -
            # Personality Control": the author's numbered group of the cards below it; neither a card, unless named
            said = None
            if card.line in deck.above_list and self._names_no_card(card, sorted_by_pool):
                said = say("read-as.above-list", line=card.line, written=card.written)
            elif card.line in deck.groups and self._names_no_card(card, sorted_by_pool):
                said = say("read-as.group", line=card.line, written=card.written)
            if said is not None:
                out.warn("read-as", said, line=card.line)
                self._remarks.add(card.line)
                continue
            if card.line in headed and self._names_no_card_of_its_deck(card, sorted_by_pool):
                # "Kiho (2)", then two copies under it: the author's heading of the cards below it, not a card (nor
                # "Ninja (2)" over two Fate cards: the card Ninja is a Dynasty card)
                said = say("read-as.counted-heading", line=card.line, written=card.written, count=card.count)
                out.warn("read-as", said, line=card.line)
                self._remarks.add(card.line)
                continue
            words = self._prose_around(card, written_at, first_in_block, last_card)
            tried = Findings()
            entry = self._entry(card, tried, sorted_by_pool)
            if words and entry is not None and any(p.code == "unknown-card" for p in tried.problems):
                # "square).", "Comments?": the author's words, where they name no card (not even by a guess)
                is_after_list, said = words
                if is_after_list:
                    after_list.append((card, tried, entry, said))
                    self._remarks.add(card.line)  # (so far: a paragraph it opens is the author's too)
                    continue
                out.warn("read-as", said, line=card.line)
                self._remarks.add(card.line)
                continue
            if entry is not None and entry.identity is not None:
                for was, was_tried, was_entry, _ in after_list:  # a card follows them: they were the list's lines
                    self._remarks.discard(was.line)
                    out.problems += was_tried.problems
                    out.warnings += was_tried.warnings
                    entries.append(self._placed(was_entry, placed_by_database))
                after_list, last_card = [], card
            out.problems += tried.problems
            out.warnings += tried.warnings
            if entry is None:  # the author's remark, said in a warning
                self._remarks.add(card.line)
                continue
            entries.append(self._placed(entry, placed_by_database))
        for card, _, _, said in after_list:
            out.warn("read-as", said, line=card.line)
        entries = [
            self._by_neighbours(e, entries, out) if e.identity is None and e.section is None else e for e in entries
        ]
        under = self._listed_under(deck) if deck.input_format == "text" else {}
        for subtotal_label, stated, listed, line in deck.subtotals:
            listed = under.get(line, listed)
            if stated != listed:
                out.warn(
                    "declared-count",
                    say(
                        "declared-count.subtotal",
                        line=line,
                        label=subtotal_label,
                        stated=noun_count(stated, "card"),
                        listed=listed,
                        are="is" if listed == 1 else "are",
                    ),
                    line=line,
                )
        return entries

    def _prose_around(
        self, card: CardLine, written_at: dict[int, str], first_in_block: dict[int, int], last_card: CardLine | None
    ) -> tuple[bool, str] | None:
        """The warning that reads a line of one copy that names no card as written as the author's words, where it
        also names none by a guess (the caller tries), and whether it is said of words after the list (so, unless a
        card line follows), else None:

        - the last words of the remark on the line above, wrapped there mid-sentence at a fixed width: that line read
          as a remark and ending in no mark that ends a sentence, and this one starting with a small letter, as a
          sentence goes on ("not be assigned to the same" / "square).");
        - the author's words after the list: after the last line read as a card, in a paragraph of their own (a blank
          line between), ending in a sentence's mark or in a paragraph that opens with a remark ("Comments?", "Enjoy!",
          "Let me know what you think …" then "Any suggestions?")."""
        if card.count != 1 or self._names_a_card(card.name, card.experience):
            return None  # (a title of several cards stays a problem)
        above = card.line - 1
        if (
            above in self._remarks
            and above in written_at
            and card.written[:1].islower()
            and not SENTENCE_END.search(written_at[above])
        ):
            return False, say("read-as.remark-wrapped", line=card.line, written=card.written, above=above)
        if (
            last_card is not None
            and card.block != last_card.block
            and (SENTENCE_END.search(card.written) or first_in_block.get(card.block) in self._remarks)
        ):
            return True, say("read-as.after-list", line=card.line, written=card.written, last=last_card.line)
        return None

    def _listed_under(self, deck: Decklist) -> dict[int, int]:
        """The copies listed under each sub-header with a count (by its line), the author's remarks not counted:
        its card lines up to the next header, or up to a blank line once they reach its count (a posted list
        splits one type's cards into runs by blank lines and remarks; decklist.py `_TextReader._blank`)."""
        stated = {line: count for _, count, _, line in deck.subtotals}
        listed: dict[int, int] = {}
        block: dict[int, int] = {}
        for card in self._lines_read:
            at = card.under
            if at is None or at not in stated or block.get(at) == -1:
                continue
            if at in block and card.block != block[at] and listed[at] >= stated[at]:
                block[at] = -1  # its cards ended at the blank line before this one
                continue
            block[at] = card.block
            listed[at] = listed.get(at, 0) + (0 if card.line in self._remarks else card.count)
        return listed

    def _several(self, card: CardLine, out: Findings) -> list[CardLine]:
        """ "3x: Hida Kisada, Iron Mine": the count for each title between commas, when the whole names no card
        and every part does (a title may hold a comma: "Moto Taigo, Shogun" is tried joined first)."""
        if card.written.count(":") > 1 and (labels := self._labels_apart(card, out)) is not None:
            return labels
        worded = self._worded(card, out) or self._clan_named(card, out) or self._labelled(card, out)
        if worded is not None and worded.several:
            # "Pawns: 3* Toku, 1* Tsuo, Hatsuko": the titles after the author's label, read as a line of them is
            lines = self._several(worded, out)
            if lines == [worded]:
                return [card]  # (a part names no card: the line as written)
            said = say("read-as.card", line=card.line, written=card.written, card=worded.written)
            out.warn("read-as", said, line=card.line)
            return lines
        if worded is not None:
            return [worded]
        if not card.several or self._names_a_card(card.name, card.experience):
            return [card]
        pieces = _SEPARATED.split(card.written)  # the parts, each separator between two of them
        raw, separators = pieces[::2], ["", *pieces[1::2]]
        # "3 Iron Mine, 2 Copper Mine", "2* Charge, Retreat": a part after a comma and a space with a count before its
        # title has its own, and a title without one is one copy, but after a count for each, written with a colon
        # ("3x: Toku, Tsuo", "Pawns: 3* Toku, 1*: Tsuo, Hatsuko"): that count, up to the next one. "3 Rout, Ambush x2",
        # "Moto Taigo, Shogun x2, 3 Rout": one after a title is the count of the title that ends there (the first
        # part's too, where the line gave no count); never the title's own number ("2x: Rout, 10 Koku", "3 Rout, 700
        # Soldier Plain x2")
        before = [None] + [part_count(p.strip()) if p[:1].isspace() else None for p in raw[1:]]
        after = [
            trailing_count(p)
            if (n == 0 and card.count == 1) or (n and (p[:1].isspace() or n == len(raw) - 1))
            else None
            for n, p in enumerate(raw)
        ]
        before = [None if b and (a and b[0] > MAX_COPIES_ON_A_LINE) else b for b, a in zip(before, after)]
        after = [None if b else a for b, a in zip(before, after)]
        # (a count after a title is the part's own unless the whole part is a title as written: "Iron Mine (3)" names
        # Iron Mine as printed in a set "3", which no player means)
        own = [
            b[:2]
            if b and not self._names_a_card(p.strip(), None)
            else a
            if a and not b and not self.index.titled_loosely(p.strip())
            else None
            for p, b, a in zip(raw, before, after)
        ]
        leads = [bool(c) and before[n] is not None for n, c in enumerate(own)]
        ends = [bool(c) and not leads[n] for n, c in enumerate(own)]
        parts = [(c[1] if c else p).strip() for p, c in zip(raw, own)]
        if any(leads[n] and parts[n] in STAT_WORDS for n in range(len(parts))):
            return [card]  # "Jade Works - 2 gold", "Rout, 3 focus": a card's cost or its focus, as the author notes it
        counts, carried = [card.count], card.count if card.each else 1
        for n, c in enumerate(own[1:], 1):
            if c and leads[n]:
                carried = c[0] if before[n][2] else 1  # type: ignore[index]
            counts.append(c[0] if c and leads[n] else carried)
        out_lines: list[CardLine] = []
        at = 0
        while at < len(parts):
            # the longest run of parts that names a card; a count before a part starts a run, one after ends it
            limit = next((i for i in range(at + 1, len(parts)) if leads[i]), len(parts))
            limit = next((i + 1 for i in range(at, limit) if ends[i]), limit)
            for end in range(min(limit, at + TITLE_PARTS_AT_MOST), at, -1):
                written = joined(parts[at:end], separators[at + 1 : end])
                name, experience = split_experience(written)
                if experience and not self._names_a_card(name, experience) and self._names_a_card(written, None):
                    name, experience = written, None  # a title that holds a level's word ("Kitsu Kouki • Experienced")
                # "2 Ambushes; 1 Rout": a title made plural names its card too, and "Rout x3, Abresax x2 (meh)" one with
                # the author's aside in brackets after it (each read so, with a warning, in _entry)
                aside = _TRAILING_REMARK.match(name)
                if name and (
                    any(
                        self._names_a_card(n, experience)
                        for n in (name, *singulars(name), *([aside.group("rest")] if aside else []))
                    )
                    or self._pregame_short_for(card, name, experience)
                ):
                    count = own[end - 1][0] if ends[end - 1] else counts[at]  # type: ignore[index]
                    out_lines.append(
                        card.replaced(count=count, name=name, experience=experience, written=written, several=False)
                    )
                    at = end
                    break
            else:
                return [card]
        if len(out_lines) == 1 and not any(own):
            return [card]  # one title after all ("Black and White (XP)"): the line as written, its level read there
        if any(own) or (card.count != 1 and not card.each):
            titles = names([f"{c.count} {c.written}" for c in out_lines])
            out.warn("read-as", say("read-as.counted", line=card.line, titles=titles), line=card.line)
            return out_lines
        if card.count == 1:
            titles = names([c.written for c in out_lines])
            out.warn(
                "read-as", say("read-as.listed", line=card.line, written=card.written, titles=titles), line=card.line
            )
            return out_lines
        out.warn(
            "read-as",
            say(
                "read-as.several",
                line=card.line,
                count=card.count,
                written=card.written,
                copies="copy" if card.count == 1 else "copies",
                titles=names([c.written for c in out_lines]),
            ),
            line=card.line,
        )
        return out_lines

    def _labels_apart(self, card: CardLine, out: Findings) -> list[CardLine] | None:
        """ "King: Hida Kisada; Queen: Hida O-Ushi", "Rook: 2* Hida Tadashi, Knight: Hida Kisada (Imperial)": the
        author's labelled cards run on one line, a label after a separator starting the next; each read as it is on a
        line of its own (`_labelled`), and None unless every one names a card."""
        if card.section is None or self._names_a_card(card.name, card.experience):
            return None
        pieces = _SEPARATED.split(card.written)
        raw, separators = pieces[::2], ["", *pieces[1::2]]
        starts = [
            n for n, part in enumerate(raw) if (n == 0 or part[:1].isspace()) and _LABEL_BEFORE_CARD.match(part.strip())
        ]
        if len(starts) < 2 or starts[0] != 0:
            return None
        found, lines = Findings(), []
        for at, end in zip(starts, [*starts[1:], len(raw)]):
            text = joined([p.strip() for p in raw[at:end]], separators[at + 1 : end])
            read = self._labelled(card.replaced(name=text, experience=None, written=text, several=False), found)
            if read is None:
                return None
            if read.several:
                parts = self._several(read, found)
                if parts == [read]:
                    return None
                lines += parts
            else:
                lines.append(read)
        out.problems += found.problems
        out.warnings += found.warnings
        return lines

    def _on_pregame_line(self, card: CardLine) -> bool:
        """Whether the line is a pre-game card's: under a pre-game header, or after a pre-game label ("Stronghold: X")
        with no deck header since, or with no header in a run of lines that names a pre-game card (a stronghold's
        title, then "BK/BH"): where "BK" is Border Keep and "Sensei: Tsujiken" a Sensei (the list puts them there)."""
        if card.section is not None:
            return card.section == PREGAME
        return card.after_label or card.block in self._pregame_blocks

    def _pregame_short_for(self, card: CardLine, name: str, experience: str | None) -> bool:
        """Whether a part of a pre-game line ("BK, BH", "Sensei: Tsujiken/BK") is one pre-game card's title shortened
        or its words abbreviated, as `_by_typo` reads it on a line of its own."""
        if experience or not self._on_pregame_line(card):
            return False
        part = card.replaced(name=name, experience=None, written=name, several=False)
        return self.index.shortened(name, True) is not None or len(self._abbreviations(part)) == 1

    def _worded(self, card: CardLine, out: Findings) -> CardLine | None:
        """ "three Rout", "3 of Kuni Yori", "Hida Akeno 3": the count in words or bare after the title (on a line
        with no other count), or the "of" after a count left out, when the whole names no card and the rest does;
        None otherwise."""
        match = _WORDED_COUNT.match(card.written)
        after = None if match else _WORDED_COUNT_AFTER.match(card.written)
        match = match or after
        bare = None if match else _BARE_COUNT_AFTER.match(card.written)
        found = match or bare
        if found is None:
            return None
        word = match.group("word") if match else None
        if card.count != 1 and (bare or word):
            return None
        if after and word and card.experience and card.experience.lower().endswith(word.lower()):
            # "Hida Kisada Experienced Two": the level's number, in words, though no card of the title has that level
            # (the subtitled card at it, or the problem of a level not printed, is read of the line)
            return None
        # the whole as a title: for a count after it with no level read, as written ("Tempest of Air (three)" is no
        # card printed in a set called "three"; "Bayushi Goshiu - Experienced Three" is a level, read as one)
        if after and card.experience is None:
            if self.index.titled(card.written):
                return None
        elif self._names_a_card(card.name, card.experience):
            return None
        written = found.group("rest")
        name, experience = split_experience(written)
        if not name or not self._names_a_card(name, experience):
            return None
        count = (
            int(bare.group("count")) if bare else NUMBER_WORDS[" ".join(word.lower().split())] if word else card.count
        )
        out.warn(
            "read-as",
            say("read-as.count", line=card.line, written=card.written, count=count, title=written),
            line=card.line,
        )
        return card.replaced(count=count, name=name, experience=experience, written=written, several=False)

    def _clan_named(self, card: CardLine, out: Findings) -> CardLine | None:
        """ "Lion - Akodo Kenaro", "Crab: Hiruma Daizen": a clan named before the title, as a list sorted by clan
        writes it (or a proxy's mark, or a pre-game label with no colon: "sensei iemasa"), read as the title when the
        whole names no card and the rest does ("Imperial" and "Naga" are cards' titles: "Naga - Exp 2" is Naga at a
        level); None otherwise."""
        match = _CLAN_PREFIX.match(card.written)
        if match is None or self._names_a_card(card.name, card.experience):
            return None
        return self._card_after_words(card, match.group("rest"), card.count, out)

    def _card_after_words(self, card: CardLine, rest: str, count: int, out: Findings) -> CardLine | None:
        """The card named by what follows the words before it on a line (a clan, a proxy's mark, the author's label),
        read with a warning: the rest as written, or without what a player adds after a title ("Bamboo Harvesters -
        exp (FL)"), or as the rest alone on its line reads ("King: Hida Kisada 2 exp", the subtitled card at that
        level; "Crab: Hida Kisda", a typo; "Crab: Akodo Toturi exp", a title whose cards are at other levels, the
        problem said of the rest); None when it names no card."""
        for text in (rest, *_remarks_taken_off(rest)):
            name, experience = split_experience(text)
            if name and self._names_a_card(name, experience):
                break
        else:
            name, experience = split_experience(rest)
            if not name or not self._read_alone(card.replaced(name=name, experience=experience, written=rest)):
                return None
        out.warn("read-as", say("read-as.card", line=card.line, written=card.written, card=rest), line=card.line)
        return card.replaced(count=count, name=name, experience=experience, written=rest, several=False)

    def _read_alone(self, card: CardLine) -> bool:
        """Whether a line names a card as a line of its own reads it (`_entry`: the guesses too, said where the line
        is read), or its title names cards at other levels only (the problem of a level not printed, said of it)."""
        entry = self._entry(card.replaced(several=False, figure=False), Findings())
        if entry is not None and entry.identity is not None:
            return True
        return any(i.deck != _OTHER_DECK for i in self.index.titled_loosely(card.name))

    def _labelled(self, card: CardLine, out: Findings) -> CardLine | None:
        """ "King: Akodo Toturi", "Bishops: 2* Matsu Turi": the author's own label and a colon before a card line
        under a deck's header, as a themed list names each card's role, read as the card (its count after the colon
        too) when the whole names no card, the label none either, and the rest does; a label that describes the
        deck ("Clan: Naga", `DECK_LABELS`) never. None otherwise."""
        match = _LABEL_BEFORE_CARD.match(card.written) if card.section is not None and ":" in card.written else None
        if (
            match is None
            or " ".join(match["label"].partition("(")[0].lower().split()) in DECK_LABELS  # ("Theme (Naga): …")
            or self._names_a_card(card.name, card.experience)
            or self._names_a_card(match["label"], None)
        ):
            return None
        # the count after the colon, else the title's own first word ("King: 700 Soldier Plain", "... Plains")
        counted = part_count(match["rest"]) if card.count == 1 else None
        if counted and self._names_a_card(*split_experience(match["rest"])):
            counted = None
        count, rest, each = counted or (card.count, match["rest"], card.each)
        named = self._card_after_words(card, rest, count, out)
        if named is None and counted:
            named = self._card_after_words(card, match["rest"], card.count, out)
        if named is not None or not _SEPARATED.search(rest):
            return named
        # titles between commas after the label, the first naming a card: `_several` reads them (and says so)
        if not self._names_a_card(*split_experience(_SEPARATED.split(rest, maxsplit=1)[0].strip())):
            return None
        return card.replaced(count=count, name=rest, experience=None, written=rest, several=True, each=each)

    def _names_a_card(self, name: str, experience: str | None) -> bool:
        """Whether the name is a card's, at the level written, or (none written) a title whose cards all have one
        ("Hida Kisada, the Little Bear")."""
        asked = (name, experience)
        named = self._named.get(asked)
        if named is None:
            if len(self._named) >= NAMED_KEPT:  # (bounded: a list of distinct names cannot grow it without end)
                self._named.clear()
            found = self.index.find(name, experience)
            named = self._named[asked] = (
                found.identity is not None
                or bool(found.candidates)
                or (not experience and any(i.deck != _OTHER_DECK for i in self.index.titled(name)))
            )
        return named

    def _placed(self, entry: DeckEntry, placed_by_database: bool) -> DeckEntry:
        """A starting holding the format puts among the pre-game cards (OH Border Keep, Bamboo Harvesters) that an
        exporter filed under Dynasty because its card database says Dynasty: the export cannot say otherwise, so
        it is counted as pre-game. In a decklist a player wrote, the section is the player's word and stays."""
        if (
            placed_by_database
            and entry.section == DYNASTY
            and entry.identity in self._slot_cards
            and entry.identity.deck == "Dynasty"
        ):
            return DeckEntry(entry.line, entry.identity, PREGAME)
        return entry

    def _first_of_headerless_decks(self, deck: Decklist) -> Decklist:
        """A post of several decks with no headers ("Kotei Decklists: Lion Roundup", each deck a name, a stronghold,
        then its cards in paragraphs): the first deck only, with `second_deck` where the next starts. A stronghold's
        line under no pre-game header, with no count or one copy, opens a second deck where the cards above it fill at least half of each
        deck's least size (`_HEADERLESS_FIRST_DECK`; a deck holds one stronghold) and a Dynasty or Fate card comes
        after it; the second deck starts after the first deck's last card line (its name's lines, prose, are its
        own).
        Titles are looked up as written (no guesses): a card not found counts in neither deck."""
        if deck.second_deck is not None or deck.input_format != "text" or not self._cards_in_pool:
            return deck
        half = _HEADERLESS_FIRST_DECK
        least = {
            d: (size.min or 0) * half[0] // half[1]
            for d, size in (("Dynasty", self.rules.dynasty_deck), ("Fate", self.rules.fate_deck))
        }
        copies = dict.fromkeys(least, 0)
        found = [(c, self.index.find(c.name, c.experience, c.set_name).identity) for c in deck.cards]
        found.sort(key=lambda pair: pair[0].line)
        for n, (card, identity) in enumerate(found):
            if identity is None:
                continue
            opens = "Stronghold" in identity.types and card.count == 1 and card.section != PREGAME and n > 0
            if opens and all(copies[d] >= least[d] and least[d] for d in least):
                if any(i is not None and i.deck in copies for _, i in found[n + 1 :]):
                    # its name's lines above it (prose, no card: "Double Dip - T16 Feeding Hills:") are the second
                    # deck's; the first deck's last card line, found or not, is the first deck's
                    above = n - 1
                    while found[above][1] is None and prose_rule(self.index).reason(prose_measured(found[above][0])):
                        above -= 1
                    start = found[above][0].line + 1
                    return dataclasses.replace(
                        deck,
                        cards=tuple(c for c in deck.cards if c.line < start),
                        issues=tuple(i for i in deck.issues if i.line < start),
                        second_deck=start,
                    )
            if identity.deck in copies:
                copies[identity.deck] += card.count
        return deck

    _suggested = 0  # the unknown names given guesses so far in the list being read (`_suggest`)
    _among_cards: frozenset[int] = frozenset()  # `_figures_among_cards` of the list being read
    _pregame_blocks: frozenset[int] = frozenset()  # the runs of lines with no header that name a pre-game card

    def _opens_pregame(self, card: CardLine) -> bool:
        """Whether a line names a pre-game card as written, or its first title does ("Kyuden Hida / BK / BH", one copy
        of each: the run of lines it is in lists pre-game cards, where "BK" is Border Keep)."""
        names = [(card.name, card.experience)]
        if card.several:
            names.append(split_experience(_SEPARATED.split(card.written, maxsplit=1)[0].strip()))
        return any(getattr(self.index.find(n, e).identity, "deck", None) == "Pre-Game" for n, e in names)

    def _entry(self, card: CardLine, out: Findings, sorted_by_pool: bool = False) -> DeckEntry | None:
        """The card a line names, and the section it counts in; every reading that is not the line's literal
        text (a loose title, a level left out, a choice by the format) is said in a `read-as` warning. None: the
        line is the author's remark (prose that names no card), said in a warning too."""
        deck = DECK_OF_SECTION.get(card.section) if card.section else None
        card = self._set_after_title(self._acronym_in_brackets(card), deck)
        set_name = self._acronyms.get(card.set_name.lower(), card.set_name) if card.set_name else None
        found = self._lookup(card, set_name, deck, out)
        if found.identity is None and not found.candidates and experience_key(card.experience) == INEXPERIENCED:
            found = self._inexperienced(card, set_name, deck, out) or found
        elif found.identity is None and not found.candidates and card.experience:
            found = self._level_without_its_tag(card, set_name, deck, out) or found
            spaced = _WORD_AFTER_A_LEVEL.match(card.experience)
            if found.identity is None and not found.candidates and spaced and is_experience(spaced["level"]):
                # "Moto Taigo, Exp 2 DE", "Bayushi Aramoro Exp MVP": a short word after the level, which no card's
                # level holds, is the author's (a set's tag is glued to the level: "Exp 2CW"); read without it, and
                # said in a warning however the rest is read
                card = card.replaced(experience=spaced["level"])
                found = self._lookup(card, set_name, deck, out)
                found = self._level_without_its_tag(card, set_name, deck, out) or found
                found = dataclasses.replace(found, loosely=True) if found.identity is not None else found
        if found.identity is None and not found.candidates:
            alone = self._by_title_alone(card, out)
            if alone is None:
                return self._unplaced(card, out)
            found = alone
        if (
            card.figure
            and found.identity is None
            and not found.candidates
            and card.line not in self._among_cards
            and not self._typo_of_a_title(card, set_name, deck)
        ):
            # "Wins: 3", no card "Wins"
            text = f"{card.written}: {card.count}"
            out.warn("read-as", say("read-as.figure", line=card.line, text=text, title=card.written), line=card.line)
            return None
        if found.identity is not None and found.identity.deck == _OTHER_DECK and not card.experience:
            found = self._deck_card_of_the_title(card, found, out)
        if found.identity is None and found.candidates:
            found = self._by_format(card, found, out)
        suggestions = None
        if found.identity is None and not found.candidates:
            typo, suggestions = self._by_typo(card, set_name, deck, out)
            if typo is None:
                return self._unplaced(card, out)
            found = typo
            if found.identity is not None and found.identity.deck == _OTHER_DECK and not card.experience:
                found = self._deck_card_of_the_title(card, found, out)  # "Mos. Madoka", as "Moshi Madoka" reads
        if found.identity is None:
            if found.candidates:
                suggestions = [c.key for c in found.candidates][:3]
            elif suggestions is None:  # (the near-certain search above already asked for them)
                suggestions = self._suggest(card.written if not card.experience else card.name)
            if not found.candidates and self._remark(card, suggestions, out):
                return None
            out.problem(
                "unknown-card",
                self._unknown(card, found.candidates, suggestions),
                card=card.written,
                rule=self._pool_rule,
                line=card.line,
                suggestions=suggestions,
            )
            return self._unplaced(card, out)
        self._say_reading(card, found, out)
        section = card.section
        if section is None and found.identity.deck == _OTHER_DECK:
            # a token or the like listed with no deck's header above it ("1 Imperial Favor" beside the stronghold):
            # no deck holds it, so it is counted in none; written under a deck's header it breaks the deck's rules
            # (`_check_sections`)
            said = say("read-as.no-deck", line=card.line, text=card.written, card=found.identity.describe())
            out.warn("read-as", said, card=found.identity.key, line=card.line)
            return None
        if section is None:
            section = _SECTION_OF_DECK.get(found.identity.deck, DYNASTY)
            if found.identity in self._slot_cards:
                section = PREGAME  # Border Keep in Obsidian Hand: the format's pre-game slots name it
            # under "Stronghold: X", a pre-game card is where the list put it; only another card needs the warning
            if not sorted_by_pool and not (card.after_label and section == PREGAME):
                out.warn(
                    "no-section",
                    say("no-section", line=card.line, written=card.written, section=SECTION_NAMES[section]),
                    card=found.identity.key,
                    line=card.line,
                )
        return DeckEntry(card, found.identity, section)

    def _figures_among_cards(self, cards: Sequence[CardLine]) -> frozenset[int]:
        """The lines shaped as a figure ("Scouting Far Afield: 2") that name no card, where the nearest card lines
        above and below them in their run (between blank lines; one of them at the run's edge) name cards: in a
        list written "Iron Mine: 3", an unknown card's line, not a figure about the deck ("Wins: 3" is written
        apart from the cards)."""
        known: dict[int, bool] = {}  # asked only about figures and their neighbours: most lists have no figure

        def named(m: int) -> bool:
            if m not in known:
                known[m] = self.index.find(cards[m].name, cards[m].experience).identity is not None
            return known[m]

        def next_line(n: int, step: int) -> list[int]:
            """The card of the nearest other line of the run, above (-1) or below (+1): the cards are in line order."""
            m = n + step
            while 0 <= m < len(cards) and cards[m].line == cards[n].line:
                m += step
            return [m] if 0 <= m < len(cards) and cards[m].block == cards[n].block else []

        among = set()
        for n, card in enumerate(cards):
            if not card.figure or named(n):
                continue
            around = next_line(n, -1) + next_line(n, 1)
            if around and all(named(m) for m in around):
                among.add(card.line)
        return frozenset(among)

    def _typo_of_a_title(self, card: CardLine, set_name: str | None, deck: str | None) -> bool:
        """Whether a name of two words or more written as a figure ("Barely farm: 3") is a near-certain typo of a
        title (`_by_typo`, under --strict-titles too): its card's line, as "3 Barely farm" is. A single word is a
        figure's name ("Ties: 3", "Score: 3"), never guessed at: short words are near many titles."""
        if " " not in card.written.strip():
            return False
        tried = Findings()  # what the guess says is said again where the line is read as its card
        # (the guess takes one of the deck's searches of titles near a name, MAX_SUGGESTED_PER_DECK, as any unknown
        # name's does: a list of thousands of figures searches for its first ones only)
        typo, _ = self._by_typo(card, set_name, deck, tried)
        return (typo is not None and typo.identity is not None) or bool(tried.problems)

    def _acronym_in_brackets(self, card: CardLine) -> CardLine:
        """ "Kuni Yori (HE3)": a set's acronym (data/set-acronyms.yml) in round brackets after a title, where the whole
        is no title ("Utaku Keyo (LE)" is one), is the line's set."""
        if card.set_name or "(" not in card.name:
            return card
        base, qualifier = split_qualifier(card.name)
        if not qualifier or qualifier.lower() not in self._acronyms or self.index.titled(card.name):
            return card
        name, experience = split_experience(base)
        return card.replaced(name=name, experience=experience or card.experience, set_name=qualifier)

    def _set_after_title(self, card: CardLine, deck: str | None) -> CardLine:
        """ "Hida Kuon - Samurai Edition", "Iron Mine, Celestial", "Hida Kuon / SE": a set's name after a dash, a
        comma or a slash, where brackets usually hold it, is the line's set, where the whole is no title, the set's
        name none either, and the rest names a card ("Hida Kisada, Clan Champion" is a title; a subtitle is no set).
        The last such mark that leaves a set's name after it ("Iron Mine, 1,000 Years of Darkness")."""
        if (
            card.set_name
            or len(card.name) > _SET_AFTER_TITLE_LONGEST
            or not _SET_AFTER_TITLE_MARK.search(card.name)
            or self.index.titled_loosely(card.name)
        ):
            return card
        for mark in reversed(list(_SET_AFTER_TITLE_MARK.finditer(card.name))):
            title, set_written = card.name[: mark.start()].strip(), card.name[mark.end() :].strip()
            # ("Rout/Storms Over Matsu Palace": a card's title after the slash is that card, though a set has its name)
            if not title or not self._is_set(set_written) or self.index.titled_loosely(set_written):
                continue
            set_name = self._acronyms.get(set_written.lower(), set_written)
            # the title as written ("Kitsu Kouki • Experienced" is one of the pool's), else its level apart
            for name, experience in ((title, None), split_experience(title)):
                found = self.index.find(name, experience or card.experience, set_name, deck)
                # (a card not printed in the set is read, as in brackets, with the set-ignored warning)
                if found.identity is not None or found.candidates:
                    return card.replaced(name=name, experience=experience or card.experience, set_name=set_written)
        return card

    def _lookup(self, card: CardLine, set_name: str | None, deck: str | None, out: Findings) -> Lookup:
        """The card index's answer for the line as written: its title and level, the set in brackets, or the
        title without a remark after it."""
        found = self.index.find(card.name, card.experience, set_name, deck)
        looked_up = card.name
        if found.identity is None and not found.candidates and card.experience:
            whole = self.index.find(card.written, None, set_name, deck)  # a title that ends like a level
            # ... but not a level in brackets read as the title's set ("Togashi Mitsu (XP)" is no printing of
            # Togashi Mitsu in a set "XP"): that reading drops the level the line states
            stated = split_qualifier(card.written)[1] or ""
            if not (whole.note and (is_experience(stated) or is_level_remark(stated))):
                found, looked_up = whole, card.written
        if set_name and (found.note or found.identity is None):
            # "Earthen Armor (+3F)": the brackets were part of the title, not a set
            whole = self.index.find(f"{card.name} ({card.set_name})", card.experience, None, deck)
            if whole.identity is not None and not whole.note:
                found, set_name = whole, None
        if (
            found.note
            and found.identity is not None
            and not set_name
            and not self._is_set(split_qualifier(looked_up)[1])
        ):
            found = dataclasses.replace(found, loosely=True)  # "Iron Mine (great with Daidoji)": a remark
        elif found.note and found.identity is not None and set_name and not self._is_set(set_name):
            # "Matsu Nishijo [Lion]": a tag in square brackets that is no set any card was printed in
            out.warn(
                "read-as",
                say("read-as.tag", line=card.line, tag=set_name, card=found.identity.key),
                card=found.identity.key,
                line=card.line,
            )
        elif found.note and found.identity is not None:
            printed = ", ".join(found.identity.sets[:5]) + (" ..." if len(found.identity.sets) > 5 else "")
            # with no set given, the set is the name's own "(Set)" qualifier (index.find reads it as one)
            shown = set_name or split_qualifier(looked_up)[1]
            out.warn(
                "set-ignored",
                say("set-ignored", line=card.line, card=found.identity.key, set=shown, printed=printed),
                card=found.identity.key,
                line=card.line,
            )
        elif found.note and (set_name or self._is_set(split_qualifier(looked_up)[1])):
            # (no set was written, and the brackets hold none: "Hida Kisada (only 1!)" holds the author's remark,
            # read away as after a title of one card; the problem of the title's several cards is said of the line)
            out.warn(
                "set-ignored",
                say("set-ignored.note", line=card.line, note=found.note),
                card=card.written,
                line=card.line,
            )
        # "Akodo Kano (Master Tactician)": a title as written, at another level (`_by_title_alone` reads it), keeps
        # its brackets: the card Akodo Kano with a remark is the other card
        if found.identity is None and not found.candidates and not self._abbreviated_with_stops(card):
            if not self._subtitled_elsewhere(card):
                found = self._without_commentary(card, set_name, deck)
        return found

    def _subtitled_elsewhere(self, card: CardLine) -> bool:
        """Whether the line's name, brackets and all, is a title with a subtitle at a level the line does not
        state ("Akodo Kano (Master Tactician)", of which only Experienced 2 is printed)."""
        return "(" in card.name and any(", " in i.title for i in self.index.titled_loosely(card.name))

    def _abbreviations(self, card: CardLine) -> list[str]:
        """The titles whose words the line's name abbreviates (index.abbreviated); on a pre-game card's line, of
        several, those a pre-game slot takes ("BK", "BH")."""
        typed = card.written if not card.experience else card.name
        pregame = self._on_pregame_line(card)
        titles = self.index.abbreviated(typed, pregame)
        if len(titles) > 1 and pregame:
            titles = [t for t in titles if any(s.takes(i) for i in self.index.titled(t) for s in self._slots)]
        return titles

    def _abbreviated_with_stops(self, card: CardLine) -> bool:
        """Whether the line's name has a full stop and abbreviates a title's words ("Bat. Ram Crew", "Uta. Chi."):
        then the text after a full stop is no remark to read away ("Bat", and "Ram Crew" said after it)."""
        return "." in card.written and bool(self._abbreviations(card))

    def _inexperienced(self, card: CardLine, set_name: str | None, deck: str | None, out: Findings) -> Lookup | None:
        """ "Hida Kuon (inexp)": where no card of the title (nor one it is short for) is printed Inexperienced, the
        card with no level, as the line without its level reads it, with a warning; None otherwise (and under
        --strict-titles: the level written is the player's to correct)."""
        if self.strict_titles:
            return None
        if any(
            i.deck != _OTHER_DECK
            for title in self.index.short_for(card.name)
            if ", " in title
            for i in self.index.named(title, card.experience)
        ):
            return None  # "Yori Inexperienced": Kuni Yori, the Corruptor • Inexperienced
        found = self._lookup(card.replaced(experience=None), set_name, deck, Findings())
        if found.identity is None:
            return None
        said = say("read-as.inexperienced", line=card.line, written=card.written, card=found.identity.key)
        out.warn("read-as", said, card=found.identity.key, line=card.line)
        return found

    def _level_without_its_tag(
        self, card: CardLine, set_name: str | None, deck: str | None, out: Findings
    ) -> Lookup | None:
        """ "Ikoma Ujiaki - Exp 2": a level written without the tag the pool writes it with (Ikoma Ujiaki •
        Experienced 2KYD, the tag of the set that printed it): where one deck card of the title as written is at that
        level whatever its tag, that card, with a warning; None otherwise (a name short for a title is one reading
        already, said with the cards it may be; and under --strict-titles the level written is the player's to
        correct)."""
        key = experience_key(card.experience)
        if self.strict_titles or not _UNTAGGED_LEVEL.fullmatch(key):
            return None
        tagged = {
            i.key: i
            for i in self.index.titled(card.name)
            if i.deck != _OTHER_DECK
            and _TAG_AFTER.fullmatch(experience_key(i.experience).removeprefix(key))
            and experience_key(i.experience).startswith(key)
        }
        if len(tagged) != 1:
            return None
        (identity,) = tagged.values()
        found = self._lookup(card.replaced(name=identity.title, experience=identity.experience), set_name, deck, out)
        if found.identity is not identity:
            return None
        said = say("read-as.level-tag", line=card.line, written=card.written, card=identity.key)
        out.warn("read-as", said, card=identity.key, line=card.line)
        return found

    def _by_title_alone(self, card: CardLine, out: Findings) -> Lookup | None:
        """A title that exists, but not at the level written ("1 Moto Taigo, Shogun"): the one card of that title
        (or the one in the format's card pool) is read, with a warning; several are a problem (None: reported)."""
        levels = [i for i in self.index.titled_loosely(card.name) if i.deck != _OTHER_DECK]
        if not levels and not card.experience and not self._abbreviated_with_stops(card):
            # "Togashi Ieshige (great)", "Abresax, the best card": the author's remark after a title that has only
            # levels ... or glued to itself ("Akodo GinawaAkodo Ginawa": `_unglued`)
            commas = [] if card.each else self._before_commas(card.written, card.uncounted)
            for text in (*self._remarks_tried(card.written), *self._unglued(card.name), *commas):
                name, experience = split_experience(text)
                levels = [i for i in self.index.titled_loosely(name) if i.deck != _OTHER_DECK]
                if levels and experience:
                    # "Akodo Toturi, Exp 2 (Emperor)": a level before the remark is the player's, at no card of the
                    # title (else the lookup had read it); a shorter try must not read the title without it
                    card = dataclasses.replace(card, name=name, experience=experience)
                    # ... and written without the tag the pool writes it with, as on a line of its own ("Bayushi
                    # Aramoro, Exp (my MVP)": Bayushi Aramoro • ExperiencedKYD)
                    deck = DECK_OF_SECTION.get(card.section) if card.section else None
                    if (tagged := self._level_without_its_tag(card, None, deck, out)) is not None:
                        return tagged
                if levels:
                    break
        if not levels:
            return Lookup(None)
        if card.experience and (subtitled := self._subtitled_at_level(card)) is not None:
            if self.strict_titles:
                self._refuse_guess(card, subtitled.key, out)
                return None
            how = _how_shortened(card.name, subtitled.title, False)
            said = say("read-as.shortened", line=card.line, written=card.written, card=subtitled.key, how=how)
            out.warn("read-as", said, card=subtitled.key, line=card.line)
            return Lookup(subtitled)
        level = say("level.written", level=card.experience) if card.experience else say("level.none")
        # a level written that no card of the title has is the player's to correct: only a line without a level
        # is read as the one card of its title (or the one in the format's card pool)
        if len(levels) == 1 and not card.experience:
            out.warn(
                "read-as",
                say(
                    "read-as.only-title",
                    line=card.line,
                    written=card.written,
                    card=levels[0].key,
                    title=levels[0].title,
                    level=level,
                ),
                card=levels[0].key,
                line=card.line,
            )
            return Lookup(levels[0])
        chosen = None if card.experience else self._in_format(levels)
        if chosen is not None:
            out.warn(
                "read-as",
                say(
                    "read-as.only-title-in-pool",
                    line=card.line,
                    written=card.written,
                    card=chosen.key,
                    title=chosen.title,
                    name=self.name,
                    level=level,
                    others=", ".join(i.key for i in levels if i is not chosen),
                ),
                card=chosen.key,
                line=card.line,
            )
            return Lookup(chosen)
        keys = [i.key for i in levels]
        shown = card.name if self.index.titled(card.name) else levels[0].title
        out.problem(
            "unknown-card",
            say(
                "unknown-card.level",
                line=card.line,
                written=card.written,
                level=level,
                title=shown,
                cards=", ".join(keys),
            ),
            card=card.written,
            rule=self._pool_rule,
            line=card.line,
            suggestions=keys[:3],
        )
        return None

    def _subtitled_at_level(self, card: CardLine) -> Identity | None:
        """ "Akodo Kano exp2", "Moto Naleesh - exp": a title written without its subtitle, at a level no card of the
        title has and one subtitled title of it has: that card (Akodo Kano, Master Tactician • Experienced 2). (Titles
        that differ only in capitals, "the Irredeemable" and "The Irredeemable", name the same cards.)"""
        cards = {
            i.key: i
            for title in self.index.short_for(card.name)
            if ", " in title
            for i in self.index.named(title, card.experience)
            if i.deck != _OTHER_DECK
        }
        return next(iter(cards.values())) if len(cards) == 1 else None

    def _deck_card_of_the_title(self, card: CardLine, found: Lookup, out: Findings) -> Lookup:
        """ "Fudo", "Moshi Madoka": the title of a card for no deck (a token, a biography) whose one deck card of the
        title has a level: a decklist lists cards a deck holds, so the line names that one, said in a warning."""
        other = found.identity
        assert other is not None
        title, qualifier = split_qualifier(other.title)
        if qualifier and f" {reading_words(qualifier)} " in f" {reading_words(card.written)} ":
            return found  # "Agasha Ryo (Bio)": the line names the biography itself
        cards = [i for i in self.index.titled(title) if i.deck != _OTHER_DECK]
        if len(cards) != 1:
            return found
        out.warn(
            "read-as",
            say("read-as.deck-card", line=card.line, written=card.written, card=cards[0].key, other=other.key),
            card=cards[0].key,
            line=card.line,
        )
        return Lookup(cards[0])

    def _by_format(self, card: CardLine, found: Lookup, out: Findings) -> Lookup:
        """Several cards fit the name: the one in the format's card pool when the others are not."""
        chosen = self._in_format(found.candidates)
        if chosen is None:
            return found
        others = ", ".join(c.key for c in found.candidates if c is not chosen)
        out.warn(
            "read-as",
            say(
                "read-as.in-pool", line=card.line, written=card.written, card=chosen.key, name=self.name, others=others
            ),
            card=chosen.key,
            line=card.line,
        )
        return Lookup(chosen, loosely=found.loosely)

    def _in_format(self, candidates: Sequence[Identity]) -> Identity | None:
        """The one candidate in the format's legal card pool, when exactly one is."""
        if not self._cards_in_pool or not self.pool_checkable:
            return None
        legal = [c for c in candidates if c.in_pool and self.pool_standing(c) is True]
        return legal[0] if len(legal) == 1 else None

    def _by_typo(
        self, card: CardLine, set_name: str | None, deck: str | None, out: Findings
    ) -> tuple[Lookup | None, list[str]]:
        """A near-certain typo ("Barely Farm") read as its card with a warning (a problem under --strict-titles:
        then None); else the titles to suggest."""
        typed = card.written if not card.experience else card.name
        # "3 Ambushes", "2 Copper Mines": a title made plural, as a count before it reads in English; found so, it
        # needs no search of the titles near it (the costly part), and counts as no unknown name
        plural = next(
            (
                s
                # "3 Coastal Lanes (borrowed)": made plural, with the author's remark after it
                for text in (typed, *_remarks_taken_off(typed))
                for s in singulars(text)
                if self.index.find(s, card.experience, set_name, deck).identity
            ),
            None,
        )
        # "Sensei: Tsujiken", "3x Reigoro": a name shortened as players write it, when one card is its
        pregame = self._on_pregame_line(card)
        short = None if plural else self.index.shortened(typed, pregame)
        if not plural and card.experience and not pregame:
            if short is None or not self.index.named(short, card.experience):
                # "Kano exp2": a given name, and the level of one of that Personality's titles, subtitled ones too
                # (Akodo Kano, Master Tactician is the one printed at Experienced 2)
                at_level = [t for t in self.index.given_name_titles(typed) if self.index.named(t, card.experience)]
                short = at_level[0] if len(at_level) == 1 else short
        # "Temple of Heavenly Crab": the one deck card's title that is the name but for its small words (before an
        # abbreviation: "Burn Village" is Burn the Village, word for word, more surely than Burned Village)
        alike = [] if plural or short else self.index.same_but_small_words(typed)
        small = alike[0] if len(alike) == 1 else None
        # "Fam. Bazaar", "Hon. Garrison of the Lion", "SotB": a title's words abbreviated, when one card's are so
        abbreviated = [] if plural or short or small else self._abbreviations(card)
        short_for = abbreviated[0] if len(abbreviated) == 1 else None
        # a name with full stops that abbreviates several titles ("Uta. Chi.") is no typo of one of them, nor is a
        # name several titles shorten to ("Akodo Motetsu": Scourge of the Scorpion, Soul of Akodo Moromao; "Tochiko":
        # Heichi Tochiko, Tochiko, the Jagged Tusk of Death): those are the titles to suggest
        ambiguous = len(abbreviated) > 1 and "." in typed
        stands_for = (
            [] if plural or short or small or short_for or ambiguous or pregame else self.index.short_for(typed)
        )
        ambiguous = ambiguous or len(stands_for) > 1
        suggestions = (
            []
            if plural or short or small or short_for
            else (stands_for or abbreviated)[:3]
            if ambiguous
            else self._suggest(typed)
        )
        guess = plural or short or small or short_for or (None if ambiguous else _near_certain(typed, suggestions))
        if guess is None:
            return Lookup(None), suggestions
        guessed = self.index.find(guess, card.experience, set_name, deck)
        if guessed.identity is None and not guessed.candidates and (short or small or short_for):
            # "Tsuruchi Yashiro": the title it is short for has levels only: its one card, or its cards to suggest;
            # "Reigoro exp": a level the title's cards lack is the player's to correct: its cards to suggest
            levels = [i for i in self.index.titled(guess) if i.deck != _OTHER_DECK]
            one = len(levels) == 1 and not card.experience
            guessed = Lookup(levels[0]) if one else Lookup(None, tuple(levels))
        if guessed.identity is None:
            # "3 Kisada": the one title it is short for is several cards' (Hida Kisada (Imperial), (Emperor)): those
            # are the cards to suggest
            return Lookup(None), ([c.key for c in guessed.candidates][:3] if short or small else None) or suggestions
        if self.strict_titles:
            self._refuse_guess(card, guess, out)
            return None, suggestions
        if short:
            how = _how_shortened(typed, short, pregame)
            said = say("read-as.shortened", line=card.line, written=card.written, card=guessed.identity.key, how=how)
        elif short_for:
            said = say("read-as.abbreviated", line=card.line, written=card.written, card=guessed.identity.key)
        else:
            said = say("read-as.card", line=card.line, written=card.written, card=guessed.identity.key)
        out.warn("read-as", said, card=guessed.identity.key, line=card.line)
        return Lookup(guessed.identity), suggestions

    def _refuse_guess(self, card: CardLine, guess: str, out: Findings) -> None:
        """Under --strict-titles a title read other than as written is the player's to correct: a problem that
        names the card it would be read as."""
        out.problem(
            "unknown-card",
            say("unknown-card.strict", line=card.line, written=card.written, guess=guess),
            card=card.written,
            rule=self._pool_rule,
            line=card.line,
            suggestions=[guess],
        )

    def _remark(self, card: CardLine, suggestions: Sequence[str], out: Findings) -> bool:
        """Whether a line that names no card, not even by a guess it could be written for, is prose (prose.py: a
        shape no pool title has); if so it is read as the author's remark, with a warning. The shape is the line's
        as the guesses read it (`prose_measured`)."""
        return self._remark_line(card.line, card.written, prose_measured(card), suggestions, out)

    def _remark_line(self, line: int, written: str, measured: str, suggestions: Sequence[str], out: Findings) -> bool:
        # measured on the pool's titles when a line first needs it (once per index): a list that names its cards
        # never pays for it
        reason = prose_rule(self.index).reason(measured, suggestions)
        if reason is None or self._lists_a_card(written):
            return False
        words = WORD.findall(written)
        shown = " ".join(words[:REMARK_SHOWN_WORDS]) + (" …" if len(words) > REMARK_SHOWN_WORDS else "")
        named = self._cards_named_in(written)
        if named:  # "For the Dynasty I run three Abundant Farmlands, ...": a deck written in sentences
            cards = ", ".join(named[:NAMED_SHOWN]) + (" …" if len(named) > NAMED_SHOWN else "")
            said = say("read-as.remark-naming", line=line, shown=shown, reason=reason, cards=cards)
        else:
            said = say("read-as.remark", line=line, shown=shown, reason=reason)
        out.warn("read-as", said, line=line)
        return True

    def _cards_named_in(self, text: str) -> list[str]:
        """The deck cards a sentence names in its words ("I run three Abundant Farmlands, three Vast Paddy Fields and
        ..."), in order, each once: each run of words, the longest first (`NAMED_WORDS_AT_MOST`), that is a deck card's
        title or one made plural, of two words or more (an article aside), or of one that starts with a capital and not
        the sentence ("I will play" names no Will, "the gold" no Gold)."""
        words = text.split()
        named: list[str] = []
        at = 0
        while at < len(words):
            size = min(NAMED_WORDS_AT_MOST, len(words) - at)
            while size:
                span = " ".join(words[at : at + size]).strip(NAMED_SPAN_MARKS)
                core = span.split(" ", 1)[1] if size > 1 and words[at].lower() in ARTICLES else span  # "the gold"
                one_word = " " not in core
                title = None if one_word and (at == 0 or not core[:1].isupper()) else self._deck_card_title(span)
                if title is not None:
                    named += [] if title in named else [title]
                    break
                size -= 1
            at += max(size, 1)
        return named

    def _deck_card_title(self, span: str) -> str | None:
        """The title of the deck card a few words name, as written or made plural; None for none."""
        for name in (span, *singulars(span)) if span else ():
            found = self.index.find(name)
            cards = [i for i in ((found.identity,) if found.identity else found.candidates) if i.deck != _OTHER_DECK]
            if cards:  # several: the title they share, without the pool's qualifier ("Hida Kisada", not "(Imperial)")
                return cards[0].title if len(cards) == 1 else split_qualifier(cards[0].title)[0]
        return None

    def _lists_a_card(self, text: str) -> bool:
        """Whether the line lists cards: at least half of its parts between commas, semicolons or colons, without a
        count before them, name a deck card ("The Expert Player: 3* Careful Planning, 2* Meditation"); a sentence
        that names a card in passing ("I picked the new stronghold, Great Hall of Records, for the strategy") does
        not list it."""
        parts = [p for p in SEGMENT.split(text) if p.strip()]
        naming = 0
        for part in parts:
            count = COUNT_PATTERN.match(part.strip())
            name, experience = split_experience(count.group("rest") if count else part)
            found = self.index.find(name, experience) if name else None
            if found is not None and any(
                i.deck != _OTHER_DECK for i in ((found.identity,) if found.identity else found.candidates)
            ):
                naming += 1
        return 2 * naming >= len(parts) > 0

    def _say_reading(self, card: CardLine, found: Lookup, out: Findings) -> None:
        """A warning for a line read other than as written: a title written loosely, an "XP" level."""
        ident = found.identity
        assert ident is not None
        if found.by_set:
            out.warn(
                "read-as",
                say("read-as.set-level", line=card.line, written=card.written, card=ident.key, set=found.by_set),
                card=ident.key,
                line=card.line,
            )
        elif found.loosely:
            out.warn(
                "read-as",
                say("read-as.card", line=card.line, written=card.written, card=ident.key),
                card=ident.key,
                line=card.line,
            )
        elif card.experience and _SHORTHAND_LEVEL.match(card.experience) and ident.experience:
            out.warn(
                "read-as",
                say(
                    "read-as.level",
                    line=card.line,
                    written=card.written,
                    card=ident.key,
                    shorthand=card.experience,
                    level=ident.experience,
                ),
                card=ident.key,
                line=card.line,
            )

    def _suggest(self, typed: str) -> list[str]:
        """Titles close to a name that names no card, never the name itself. Each guess compares the name with the
        pool's titles: a deck of thousands of unknown names (the input cap allows 8 MB) gets guesses for its first
        MAX_SUGGESTED_PER_DECK only."""
        if self._suggested >= MAX_SUGGESTED_PER_DECK:
            return []
        self._suggested += 1
        if clan := _CLAN_PREFIX.match(typed):  # "Lion - Akodo Shika": the title's guesses, not the clan's
            typed = clan.group("rest")
        return [t for t in self.index.suggest(typed) if title_key(t) != title_key(typed)]

    def _is_set(self, name: str | None) -> bool:
        """Whether a name in brackets is a set (or a set's acronym) any card was printed in."""
        if not name:
            return False
        names, keys = self.index.printed_set_keys()  # "(Celestial)", "(TDoW)"
        return title_key(name) in names or set_key(name) in keys or name.lower() in self._acronyms

    def _unplaced(self, card: CardLine, out: Findings) -> DeckEntry:
        """An unknown card counts toward the section it is written in (with no header above it, see
        `_by_neighbours`)."""
        return DeckEntry(card, None, card.section)

    def _by_neighbours(self, entry: DeckEntry, entries: list[DeckEntry], out: Findings) -> DeckEntry:
        """An unknown card with no header above it counts where the known cards of its run of lines (between
        blank lines) go, when they all go to one deck; in a run of both decks' cards (a list posted without blank
        lines), where the nearest known cards above and below it in the run go, when both go to one deck. Else it
        is flagged as unplaceable and counted nowhere."""
        card = entry.line
        run = [
            e for e in entries if e.identity is not None and e.line.block == card.block and e.section in (DYNASTY, FATE)
        ]
        around: set[str] = {e.section for e in run if e.section is not None}
        if len(around) > 1:
            above = [e.section for e in run if e.section is not None and e.line.line < card.line][-1:]
            below = [e.section for e in run if e.section is not None and e.line.line > card.line][:1]
            around = set(above + below) if above and below else around
        if len(around) == 1:
            section = around.pop()
            out.warn(
                "no-section",
                say("no-section.neighbours", line=card.line, written=card.written, section=SECTION_NAMES[section]),
                card=card.written,
                line=card.line,
            )
            return DeckEntry(card, None, section)
        out.warn(
            "unplaceable",
            say("unplaceable", line=card.line, written=card.written),
            card=card.written,
            line=card.line,
        )
        return entry

    def _without_commentary(self, card: CardLine, set_name, deck):
        """ "3 Hida Kisada (the best)", "2 Iron Mine - for the gold": the title, without what the player added
        after it in brackets or after a dash, when that names a card and the whole line does not."""
        for text in self._remarks_tried(card.written):
            name, experience = split_experience(text)
            if (card.experience and not experience) or _states_a_level(card.written[len(text) :]):
                # "Togashi Mitsu (XP)", "Togashi Mitsu - XP", "Shiba Ningen - Experienced Three": the level the line
                # states is no remark; read away, it named the inexperienced card. With no card at that level the
                # line stays unknown, naming the levels.
                continue
            found = self.index.find(name, experience, set_name, deck)
            if found.identity is None and experience:
                found = self.index.find(text, None, set_name, deck)  # a title that ends like a level
            if found.identity is None and set_name is None and text.endswith(")"):
                found = self._with_acronym(card, text, deck) or found  # "Miya Gensaiken exp (IE) // great"
            if found.identity is not None:
                return dataclasses.replace(found, loosely=True)  # read other than as written: said in a warning
        return (
            self._glued_twice(card, set_name, deck)
            or self._before_a_comma(card, set_name, deck)
            or self.index.find(card.name, card.experience, set_name, deck)
        )

    def _remarks_tried(self, written: str) -> list[str]:
        """`_remarks_taken_off`, without the translated title's card when the words in brackets at the line's end
        belong to the last of its titles apart, which names a card with them ("Rout, Hida Kisada (Imperial)": the
        pool's title Hida Kisada (Imperial)): that bracket is the title's own (`TRANSLATED`)."""
        translated = _TRANSLATED.match(written)
        parts = LIST_SEPARATOR.split(written)
        own = bool(
            translated and translated.group("bracket") and len(parts) > 1 and self.index.titled(parts[-1].strip())
        )
        return _remarks_taken_off(written, translation=not own)

    def _with_acronym(self, card: CardLine, text: str, deck) -> Lookup | None:
        """The card a line's text names with a set's acronym in brackets at its end, after a level too, as
        `_acronym_in_brackets` reads a whole line ("Miya Gensaiken exp (IE)", the text before a remark); None where
        the bracket holds no acronym."""
        tagged = self._acronym_in_brackets(card.replaced(name=text, experience=None, set_name=None))
        if not tagged.set_name:
            return None
        return self.index.find(tagged.name, tagged.experience, self._acronyms[tagged.set_name.lower()], deck)

    def _before_a_comma(self, card: CardLine, set_name, deck) -> Lookup | None:
        """ "3 Rout, the best card in the game": the card named before a comma, the author's remark after it
        (`_before_commas`), read with a warning; None where no such comma leaves a card, or leaves a title printed
        at other levels only (`_by_title_alone` reads it: "Abresax, the best card" is Abresax • Experienced)."""
        # ("3x: Hida Akeno, Not A Card": the count for each title between commas; a title glued to itself is read
        # whole, by `_glued_twice` or at its level by `_by_title_alone`)
        if card.experience or card.each or self._unglued(card.name):
            return None
        for title in self._before_commas(card.written, card.uncounted):
            if _states_a_level(card.written[len(title) :].lstrip(",")):
                # "Failure, My Sensei, Exp 2 (Emperor)": the words after the comma state a level, no remark
                continue
            name, experience = split_experience(title)
            found = self.index.find(name, experience, set_name, deck)
            if found.identity is None and experience:
                found = self.index.find(title, None, set_name, deck)  # a title that ends like a level
            if found.identity is not None:
                return dataclasses.replace(found, loosely=True)
            if not experience and any(i.deck != _OTHER_DECK for i in self.index.titled_loosely(name)):
                return None
        return None

    def _before_commas(self, written: str, uncounted: bool = False) -> list[str]:
        """The words before each comma (`COMMA_BEFORE_REMARK`), the last first, where the words after it may be the
        author's remark: they name no card (with a count or none), nor start with one, and are no subtitle of a title
        of those words (`_subtitle_slip`). None on a line with no count that is a sentence about a card
        (`COMMA_SENTENCE`): the author's words, no card line."""
        if ", " not in written or (uncounted and _COMMA_SENTENCE.match(written)):
            return []
        cuts = []
        for comma in reversed(list(_COMMA_BEFORE_REMARK.finditer(written))):
            title, rest = written[: comma.start()], written[comma.end() :]
            first = _SEPARATED.split(rest, maxsplit=1)[0].strip()  # ("Toku, 1*: Tsuo, Hatsuko": titles after it)
            # (a subtitle at a level is the subtitle: "Kuni Yori, the Corruptors • Inexperienced")
            subtitle = split_experience(rest)[0] or rest
            if not (self._names_a_card_counted(rest) or self._names_a_card_counted(first)) and not self._subtitle_slip(
                title, subtitle
            ):
                cuts.append(title)
        return cuts

    def _names_a_card_counted(self, part: str) -> bool:
        """Whether a part of a line names a card, with its count before it or after it or none ("1* Akasha",
        "Ambush x2", "Rout")."""
        counted = part_count(part) or trailing_count(part)
        texts = (part, counted[1]) if counted else (part,)
        return any(self._names_a_card(*split_experience(text)) for text in texts)

    @functools.cached_property
    def _subtitle_keys(self) -> frozenset[str]:
        """Every pool title's subtitle (the words after its comma), as `_words` reads them."""
        titles = {i.title for i in self.index.identities if ", " in i.title}
        return frozenset(" ".join(_words(t.partition(", ")[2])) for t in titles)

    def _subtitle_slip(self, title: str, rest: str) -> bool:
        """Whether the words after a comma are a title's subtitle, before the author's remark ("Agasha Uzeko, Master
        of Water (great)"; after a name cut short too: "Hitomi, Seven Thunder"), or, misspelt or cut short, the
        subtitle of a title that starts with the words before it ("Akodo Kano" and "Master Tacticain")."""
        words = _words(rest)
        if any(" ".join(words[:n]) in self._subtitle_keys for n in range(1, len(words) + 1)):
            return True
        key = reading_key(rest)
        subtitles = [reading_key(t.partition(", ")[2]) for t in self.index.short_for(title) if ", " in t]
        return any(s.startswith(key) or within_edits(key, s, SUBTITLE_SLIP_EDITS) for s in subtitles)

    def _glued_twice(self, card: CardLine, set_name, deck) -> Lookup | None:
        """ "Exquisite Palace of the CraneExquisite Palaces of the Crane": a web page's card image and its caption,
        copied with no space between (`_unglued`): the card of the part that names one, once."""
        for part in self._unglued(card.name):
            found = self.index.find(part, card.experience, set_name, deck)
            if found.identity is not None:
                return dataclasses.replace(found, loosely=True)
        return None

    def _unglued(self, name: str) -> list[str]:
        """The parts of a name written twice with no space between: where it parts at a small letter glued to a
        capital, one part that is a title (as players write it) and the other that title within `GLUED_TWICE_EDITS`
        edits on the reading key. (No pool title glues a small letter to a capital but a set's acronym in brackets,
        "(SotE)".)"""
        parts = []
        for at in (glued.start() for glued in _GLUED_TWICE.finditer(name)):
            for one, other in ((name[:at], name[at:]), (name[at:], name[:at])):
                titles = {i.title for i in self.index.titled_loosely(one)}
                key = reading_key(other)
                if any(within_edits(key, reading_key(t), GLUED_TWICE_EDITS) for t in titles):
                    parts.append(one)
        return parts

    def _unknown(self, card: CardLine, candidates: tuple[Identity, ...], suggestions=()) -> str:
        if candidates:
            # the title as written, without a remark in brackets ("Hida Kisada (only 1!)"), in the example
            base, remark = split_qualifier(card.written)
            written = base if remark and not card.set_name and not self._is_set(remark) else card.written
            options = "; ".join(
                say("unknown-card.option", card=c.describe(), sets=", ".join(c.sets[:3])) for c in candidates
            )
            first = candidates[0]
            return say(
                "unknown-card.several",
                line=card.line,
                written=written,
                count=len(candidates),
                options=options,
                card=first.key,
                set=first.sets[0],
            )
        set_part = f" [{card.set_name}]" if card.set_name else ""
        source = say("unknown-card.in-pool") if self.index.has_pool else say("unknown-card.in-records")
        guess = say("unknown-card.guess", titles=" or ".join(f"“{t}”" for t in suggestions)) if suggestions else ""
        if parts := self._titles_apart_named(card):
            # "3 Rout, Ambush": three of each title, or three of the first and one of the next? The line does not
            # say, so it is read as neither; the author is shown both ways to write it.
            apart = ", ".join(f"{card.count if n == 0 else 1} {part}" for n, part in enumerate(parts))
            each = f"{card.count}x: {', '.join(parts)}"
            guess = say("unknown-card.parts", titles=names(parts), apart=apart, each=each, count=card.count)
        return say("unknown-card", line=card.line, written=card.written, set=set_part, source=source, guess=guess)

    def _titles_apart_named(self, card: CardLine) -> list[str]:
        """The titles between a line's separators where each names a card and the whole none, else []: a count before
        titles apart that may be each one's or the first one's only ("3 Rout, Ambush")."""
        if card.count == 1 or not LIST_SEPARATOR.search(card.written):
            return []
        parts = [part.strip() for part in _SEPARATED.split(card.written)[::2]]
        named = len(parts) > 1 and all(part and self._names_a_card(part, None) for part in parts)
        return parts if named else []

    # -- deck sizes and which deck each card goes in -----------------------------------------------

    def _check_sizes(self, entries, out):
        for section, size, rule_key in (
            (DYNASTY, self.rules.dynasty_deck, "dynasty_deck"),
            (FATE, self.rules.fate_deck, "fate_deck"),
        ):
            deck = DECK_OF_SECTION[section]
            in_deck = [e for e in entries if e.section == section]
            listed = sum(e.count for e in in_deck)
            counted = sum(e.count for e in in_deck if e.identity is None or e.identity.counts_toward_deck_size)
            # A card that changes its owner's minimum does so from either deck (Hato-gurama is a Fate card).
            change = sum(
                e.count * n for e in entries if e.identity for d, n in e.identity.deck_size_change if d == deck
            )
            low, high = (None if v is None else v + change for v in (size.min, size.max))
            if (low is None or counted >= low) and (high is None or counted <= high):
                continue
            not_counted = (
                say("deck-size.not-counted", listed=listed, not_counting=listed - counted) if listed != counted else ""
            )
            rule = self.rules.rule(rule_key, self.rules.rule("deck_size"))
            if not change:
                out.problem(
                    "deck-size",
                    say(
                        "deck-size",
                        deck=deck,
                        cards=noun_count(counted, "card"),
                        not_counted=not_counted,
                        name=self.name,
                        between=between(low, high),
                    ),
                    rule=rule,
                )
                continue
            # The number a card adds is its own text's (the card names it), the format's rule gives only its own
            # number: the message says whose each is, the finding names the card, and cites the format's rule last,
            # next to the format's number.
            changers: dict[Identity, list[int]] = {}
            for e in entries:
                for d, n in e.identity.deck_size_change if e.identity else ():
                    if d == deck:
                        changers.setdefault(e.identity, [n, 0])[1] += e.count
            by_cards = ", ".join(
                say(
                    "deck-size.change",
                    change=f"{n * copies:+d}",
                    card=ident.key,
                    each=say("deck-size.each", change=f"{n:+d}", copies=copies) if copies != 1 else "",
                )
                for ident, (n, copies) in changers.items()
            )
            out.problem(
                "deck-size",
                say(
                    "deck-size.changed",
                    deck=deck,
                    cards=noun_count(counted, "card"),
                    not_counted=not_counted,
                    between=between(low, high),
                    changes=by_cards,
                    name=self.name,
                    stated=between(size.min, size.max),
                ),
                card=next(iter(changers)).key,
                rule=rule,
            )

    def _check_declared_counts(self, deck, counts, out):
        for section, declared, line in deck.declared:
            if counts[section] != declared:
                out.warn(
                    "declared-count",
                    say(
                        "declared-count",
                        line=line,
                        section=SECTION_NAMES[section],
                        stated=noun_count(declared, "card"),
                        listed=counts[section],
                    ),
                    line=line,
                )

    def _check_sections(self, entries, out):
        for e in entries:
            ident = e.identity
            where = SECTION_NAMES[e.section]
            starting_card = ident in self._slot_cards  # the format's pre-game slots name it (Border Keep in OH)
            if ident.deck == _OTHER_DECK:
                message = say("wrong-deck.other", card=ident.describe())
            elif starting_card and e.section != PREGAME:
                message = say("wrong-deck.starting", card=ident.key, name=self.name, section=where)
            elif e.section == PREGAME and not ident.pregame and not starting_card:
                message = say("wrong-deck.not-pregame", card=ident.describe(), deck=ident.deck)
            elif e.section != PREGAME and ident.deck != DECK_OF_SECTION[e.section] and not starting_card:
                what = "pre-game" if ident.pregame else ident.deck
                message = say("wrong-deck", card=ident.describe(), deck=what, section=where)
                if ident.pregame:
                    rule = self._pregame_rule(ident)
                    if rule is None:
                        message += say("wrong-deck.no-rule", name=self.name)
                    out.problem(
                        "wrong-deck", say("at-line", line=e.line.line, message=message), ident.key, rule, e.line.line
                    )
                    continue
            else:
                continue
            out.problem(
                "wrong-deck",
                say("at-line", line=e.line.line, message=message),
                ident.key,
                self._sections_rule,
                e.line.line,
            )

    def _pregame_rule(self, ident: Identity) -> str | None:
        """The rule that puts a pre-game card (a Sensei, a Stronghold) outside the play decks: its pre-game slot's,
        else the format's pre-game rule; None where the documents state none (Modern's deck size rule says how
        many cards the Dynasty and Fate decks hold, not where a Sensei goes)."""
        slot = next((s for s in self._slots if s.takes(ident)), None)
        return slot.rule if slot is not None and slot.rule else self.rules.rule("pregame")

    # -- bans and the legal card pool --------------------------------------------------------------

    def _check_bans(self, entries, on, out, dated_only: bool = False) -> set[Identity]:
        banned: set[Identity] = set()
        for e in entries:
            ident = e.identity
            for ban in self.bans_in_force(ident, on, dated_only):
                banned.add(ident)
                what = "" if ban.card else f" ({ban.as_written})"
                start = bandates.added_statement(ban)
                since = f" {start.clause_words}" if start else ""
                out.problem(
                    "banned",
                    say("banned", line=e.line.line, card=ident.key, name=self.name, what=what, since=since),
                    ident.key,
                    ban.id,
                    e.line.line,
                )
        return banned

    def _check_pool(self, entries: list[DeckEntry], banned: set[Identity], out: Findings) -> str:
        """Not-legal problems for cards outside the format's card pool; the reason the deck cannot be checked
        when the pool's data cannot settle a card ("" when it can settle every one)."""
        if not self.pool_checkable:
            out.warn("not-checked", say("not-checked.pool", name=self.name))
            return ""
        skipped = 0
        unsettled: list[tuple[DeckEntry, Identity]] = []
        for e in entries:
            ident = e.identity
            if (
                ident is None or ident in banned or ident.deck == _OTHER_DECK
            ):  # a banned card is `banned`, never `not-legal`
                continue
            if not ident.in_pool:
                skipped += 1
                continue
            standing = self.pool_standing(ident)
            if standing is False:
                out.problem(
                    "not-legal",
                    say("not-legal", line=e.line.line, card=ident.key, name=self.name, pool=self._pool_description()),
                    ident.key,
                    self._pool_rule,
                    e.line.line,
                )
            elif standing is None:
                unsettled.append((e, ident))
        if skipped:
            out.warn("not-checked", say("not-checked.records", count=skipped))
        for e, ident in unsettled:
            out.warn(
                "not-checked",
                say("at-line", line=e.line.line, message=self._unsettled(ident)),
                ident.key,
                self._pool_rule,
                e.line.line,
            )
        if unsettled:
            return say(
                "cannot-check.unsettled",
                cards=names(sorted({ident.key for _, ident in unsettled})),
                are="is" if len({ident for _, ident in unsettled}) == 1 else "are",
                name=self.name,
            )
        return ""

    # -- one card (l5r/engine/deck/legality.py; the site's card pages ask the same questions) --------

    @property
    def pool_checkable(self) -> bool:
        return bool(self._legal_sets or self._legal_tags)

    def applicable_bans(self, ident: Identity) -> tuple[m.BanEntry, ...]:
        """Every ban entry of the format that names this card or whose category matches it (any date)."""
        # Asked for every day a card's verdict is asked about (a card page asks about each day a ban starts or
        # ends, in every format): worked out once per card.
        found = self._bans_of.get(ident)
        if found is None:
            found = self._bans_of[ident] = tuple(self._card_bans.get(ident, ())) + tuple(
                b for b in self._category_bans if _matches(b.match, ident)
            )
        return found

    def bans_in_force(self, ident: Identity, on: dt.date, dated_only: bool = False) -> list[m.BanEntry]:
        """The card's bans in force on this day; `dated_only`: only those the documents date on or before it (an
        entry dated only "as of" its list's day, or inferred by the Codex, is not one)."""
        return [
            b
            for b in self.applicable_bans(ident)
            if b.in_force(on) and not (dated_only and not _dated_by_the_documents(b))
        ]

    def in_legal_pool(self, ident: Identity) -> bool:
        """Whether the pool's data puts the card in the format's legal card pool (a legal set, bug or tag)."""
        return self.pool_standing(ident) is True

    def pool_standing(self, ident: Identity) -> bool | None:
        """True: in the format's card pool (a legal set, bug or tag); False: not; None: the pool's data cannot
        settle it: no legal set or bug, but the pool tags the card with the format's own name ("Modern" on six
        Emperor promotional cards), a tag of the pool's, not of the format's documents, which decide by bug."""
        # Asked once per card line: a card a long deck lists again is answered from the first time (at most one
        # entry per card of the pool).
        if ident in self._in_legal_pool:
            return self._in_legal_pool[ident]
        standing: bool | None = any(title_key(s) in self._legal_sets for s in ident.sets) or bool(
            ident.pool_tags & self._legal_tags
        )
        if not standing and self._own_tags & ident.pool_tags:
            standing = None
        self._in_legal_pool[ident] = standing
        return standing

    def _unsettled(self, ident: Identity) -> str:
        tags = " / ".join(sorted(self._own_tags & ident.pool_tags))
        return say("not-checked.unsettled", card=ident.key, tags=tags, name=self.name, pool=self._pool_description())

    def card_legality(self, ident: Identity, on: dt.date) -> legality.CardLegality:
        """The verdict `check()` reaches for a deck holding this one card on this day (same code paths)."""
        if not self._cards_in_pool:
            return legality.CardLegality(
                legality.NOT_CHECKED, f"{self._collection()} is not in the card pool.", rule=self._pool_rule
            )
        if ident.deck == _OTHER_DECK:
            return legality.CardLegality(
                legality.NOT_A_DECK_CARD,
                "not a card for any deck (a token, proxy, biography or the like).",
                rule=self._sections_rule,
            )
        if not self.bans_stated(on):
            dated = tuple(self.bans_in_force(ident, on, dated_only=True))
            if dated:
                return legality.CardLegality(legality.BANNED, f"on {self.name}'s ban list", dated, dated[0].id)
            if self.pool_checkable and ident.in_pool and self.pool_standing(ident) is False:
                return legality.CardLegality(
                    legality.NOT_LEGAL,
                    f"not in {self.name}'s card pool ({self._pool_description()}).",
                    rule=self._pool_rule,
                )
            return legality.CardLegality(legality.NOT_CHECKED, f"bans not stated: {self._bans_not_stated()}")
        bans = tuple(self.bans_in_force(ident, on))
        if bans:
            return legality.CardLegality(legality.BANNED, f"on {self.name}'s ban list", bans, bans[0].id)
        if not self.pool_checkable:
            return legality.CardLegality(
                legality.NOT_CHECKED, f"{self.name} names no legal card pool the Codex can check."
            )
        if not ident.in_pool:
            return legality.CardLegality(
                legality.NOT_CHECKED,
                "known only from the Codex's records; without the card pool its legality cannot be checked.",
                rule=self._pool_rule,
            )
        standing = self.pool_standing(ident)
        if standing is None:
            return legality.CardLegality(legality.NOT_CHECKED, self._unsettled(ident), rule=self._pool_rule)
        if not standing:
            return legality.CardLegality(
                legality.NOT_LEGAL,
                f"not in {self.name}'s card pool ({self._pool_description()}).",
                rule=self._pool_rule,
            )
        return legality.CardLegality(legality.LEGAL, rule=self._pool_rule)

    def card_timeline(self, ident: Identity) -> list[tuple[dt.date | None, legality.CardLegality]]:
        """The card's verdict over time: (first day or None for "from the start", verdict), changes only. Worked
        out once per card (a build asks for the card page and for the segments the pages share): not to be
        changed by the caller."""
        found = self._timelines.get(ident)
        if found is None:
            found = self._timelines[ident] = self._timeline(ident)
        return found

    def verdict_from_timeline(self, ident: Identity, on: dt.date) -> legality.CardLegality:
        """`card_legality(ident, on)`, read from the card's timeline: a verdict can only change on a day one of its
        bans starts or stops applying or its format's list starts being stated (`ban_change_days`, `stated_from`),
        and the timeline holds the verdict of each of those days. A build asks for every pool card's verdict today
        and its timeline: one answer, worked out once."""
        timeline = self.card_timeline(ident)
        found = timeline[0][1]
        for day, verdict in timeline[1:]:
            if day is None or day > on:  # (only the first segment has no day)
                break
            found = verdict
        return found

    def _timeline(self, ident: Identity) -> list[tuple[dt.date | None, legality.CardLegality]]:
        out: list = [(None, self.card_legality(ident, dt.date.min))]
        days = set(legality.ban_change_days(self.applicable_bans(ident)))
        if self.format.bans is not None and self.format.bans.stated_from is not None:
            days.add(self.format.bans.stated_from)
        for day in sorted(days):
            verdict = self.card_legality(ident, day)
            if verdict != out[-1][1]:
                out.append((day, verdict))
        return out

    def _pool_description(self) -> str:
        parts = []
        legality = self.format.legality
        if self._legal_sets:
            parts.append(say("pool.sets"))
        if legality and legality.legal_bugs:
            parts.append(say("pool.bugs", bugs=", ".join(legality.legal_bugs)))
        if self._pool_rules.get("pool_tags"):
            # A pool the format's documents do not name is the Codex's reading (format.yml `card_pool.reading`).
            reading = say("pool.reading", name=self.name) if self._pool_rules.get("reading") else ""
            parts.append(say("pool.tags", tags=" / ".join(self._pool_rules["pool_tags"]), reading=reading))
        return "; ".join(parts)


# A card's statistics as an author notes them after its title, a figure and the word in lower case ("Jade Works - 2
# gold", "Rout, 3 focus"): never a count of the cards titled Gold, Honor or Focus on a line of titles.
STAT_WORDS: Final[tuple[str, ...]] = ("gold", "honor", "honour", "focus", "force", "chi")
INEXPERIENCED = experience_key("Inexperienced")  # the level's key, however it is written ("inexp", "(Inexp.)")
# A level's key with no set's tag ("experienced2", "experienced"), and the tag the pool writes after one ("kyd", "cw")
# (anchored: the browser's checker tests them whole, as these are matched here)
UNTAGGED_LEVEL = _UNTAGGED_LEVEL = re.compile(r"^experienced(?:[0-9]+(?:\.[0-9]+)?)?$")
TAG_AFTER = _TAG_AFTER = re.compile(r"^[a-z]{2,4}$")
# A set's name after the title and a dash with spaces around it, a comma or a slash: "Hida Kuon - Samurai Edition"
# (a title and a set's name are short: a longer line is not tried); or a set's acronym after a space alone, as the
# last word, a capital and another capital or a figure in it ("Jade Works IE", "Rout TotV", "Hida Kuon CE15")
SET_AFTER_TITLE_MARK = _SET_AFTER_TITLE_MARK = re.compile(
    r"\s{1,3}[-–]\s{1,3}|\s{0,3}[,/]\s{0,3}|\s{1,3}(?=[A-Z][A-Za-z]{0,3}[A-Z0-9][A-Za-z0-9]{0,2}$)"
)
SET_AFTER_TITLE_LONGEST = _SET_AFTER_TITLE_LONGEST = 120
# "XP2", "2xp", "ex4", "e2": forum shorthand for "Experienced 2", said in the reading's warning
SHORTHAND_LEVEL = _SHORTHAND_LEVEL = re.compile(r"^(?:[1-7]\s*xp|xp|ex(?![a-z])|e\d)", re.I)
TRAILING_REMARK = _TRAILING_REMARK = re.compile(r"^(?P<rest>.*\S)\s*\([^()]*\)\s*$")
# "three Rout", "Three x Rout", "two copies of Iron Mine", "two copies Iron Mine", "3 of Kuni Yori", "a pair of Isawa Kosea", "a single Ring of
# Air", "just one Rout": a count written in words, or "of" after a count. Read only when the whole names no card ("Of One Mind", "Three
# Sisters" stay titles).
WORDED_COUNT = _WORDED_COUNT = re.compile(
    r"^(?:(?P<word>one|two|three|four|five|six|seven|eight|nine|ten|a pair of|a couple of|a single|a playset of"
    r"|just one|only one)"
    r"\s(?:(?<!of\s)(?:x\s|cop(?:y|ies)\s(?:of\s)?|of\s))?|of\s)(?P<rest>\S.*)$",
    re.I,
)
# "Tempest of Air (three)", "Counting House times three", "Words of Consecration, three copies", "Rout x three",
# "Rout three times": the count in words after the title, read only as above (when the whole names no card).
WORDED_COUNT_AFTER = _WORDED_COUNT_AFTER = re.compile(
    r"^(?P<rest>.*?\S)\s?(?:,\s?|\(\s?|-\s?|(?:x|times)\s)?"
    r"(?<![a-z])(?P<word>one|two|three|four|five|six|seven|eight|nine|ten)(?:\s(?:cop(?:y|ies)|times))?\s?\)?$",
    re.I,
)
# "Lion - Akodo Kenaro", "Crab: Hiruma Daizen", "Neutral - Iron Mine": a clan before the title (decklist.py CLAN_NAMES);
# and a proxy's mark, "Proxy Holding: Bamboo Harvesters", "Proxy: Border Keep"; and a pre-game label with no colon, as
# a phone's note writes it ("stronghold impregnable fortress of the crab", "sensei iemasa")
CLAN_PREFIX = _CLAN_PREFIX = re.compile(
    rf"^(?:(?:{'|'.join(CLAN_NAMES)}|proxy(?:\s[a-z]{{3,12}})?)\s?(?::|\s[-–]+)|(?:stronghold|sh|sensei|wind)(?=\s))"
    r"\s?(?P<rest>[A-Za-z0-9\"'].*)$",
    re.I,
)
# "King: Akodo Toturi", "Bishops: 2* Matsu Turi", "May the Best Man Win: 3* Superior Tactics", "Chess
# Masters/Teachers: …", "Holdings (chess tournament sponsors): 3x: …": one to six words of the author's, and an aside
# in brackets after them, then a colon before a card line
LABEL_BEFORE_CARD = _LABEL_BEFORE_CARD = re.compile(
    r"^(?P<label>[A-Za-z][A-Za-z'/-]{0,24}(?:\s[A-Za-z&][A-Za-z'/-]{0,24}){0,5}(?:\s?\([^():]{1,60}\))?)"
    r"\s?:\s?(?P<rest>\S.*)$"
)
# Labels that describe the deck, not a card's role in it: what follows them is never read as a card by its label
DECK_LABELS: Final[tuple[str, ...]] = (
    "archetype", "arc", "author", "by", "clan", "date", "deck", "deck name", "edition", "event", "faction", "format",
    "name", "place", "placed", "player", "posted by", "record", "result", "submitted by", "theme", "title",
    "tournament", "type",
)  # fmt: skip
# "Hida Akeno 3": a bare count after the title, read only when the whole names no card ("Imperial Gift 3" is a title);
# never a level's number ("Akodo Kage Exp 2", "Akodo Kage (Exp) 2": a level no card of the title has, not two copies)
BARE_COUNT_AFTER = _BARE_COUNT_AFTER = re.compile(
    rf"^(?!.*(?<![a-z]){LEVEL_MARKER}\)?\s[0-9]+$)(?P<rest>.*[^\s0-9])\s(?P<count>[1-9][0-9]?)$", re.I
)
# The most parts a pool title holds between list separators ("Lies, Lies, Lies..." holds three; a generated test
# looks): a run of parts longer than this is never one title, and trying every run of a long line was quadratic (a
# line of 400 titles took 15 s)
TITLE_PARTS_AT_MOST = 6
# LIST_SEPARATOR kept in the split: a title is tried again with its own separators ("Pearls & Spirits")
_SEPARATED = re.compile(f"({LIST_SEPARATOR.pattern})", LIST_SEPARATOR.flags)


def joined(parts: list[str], separators: list[str]) -> str:
    """Parts of a line put back together with the separators that stood between them ("Moto Taigo, Shogun", "Black
    and White"): a comma or a semicolon and a space, any other separator between spaces."""
    text = parts[0]
    for separator, part in zip(separators, parts[1:]):
        text += f"{separator} {part}" if separator in ",;" else f" {separator} {part}"
    return text


NUMBER_WORDS: dict[str, int] = {
    **{w: n for n, w in enumerate("one two three four five six seven eight nine ten".split(), start=1)},
    # a card game's counts in words; a playset is as many as a deck may hold of most cards (three)
    **{"a pair of": 2, "a couple of": 2, "a single": 1, "a playset of": 3, "just one": 1, "only one": 1},
}
# "3 Mirumoto Reiji (MVP all day. A traditional problem": a remark in brackets never closed (cut, or wrapped onto
# the next line): the title before it
UNCLOSED_REMARK = _UNCLOSED_REMARK = re.compile(r"^(?P<rest>[^()]*[^()\s])\s?\([^)]*$")


def _loose(title: str) -> str:
    """A title without case, punctuation or a leading "The": "Fall Back!" and "fall back" are the same."""
    key = re.sub(r"[^a-z0-9 ]+", "", plain(title).lower())
    key = re.sub(r"\s+", " ", key).strip()
    return key[4:] if key.startswith("the ") else key


# The kinds of action the cards print before their text ("Battle:", "Open:", "Limited:"), which players sort a Fate
# deck's strategies by, and the words after a group's name ("Battle Actions:", "Ninja cards:"): a heading so named is a
# group of the deck's cards (`DeckChecker._names_a_kind_of_card`).
ACTION_KINDS = ("battle", "open", "limited", "reaction", "interrupt", "engage")
GROUP_NAME_TAILS = ("actions", "action", "cards")


def _near_certain(written: str, suggestions: list[str]) -> str | None:
    """The one title a line surely means: the same but for case, punctuation, "!" or a leading "The"; or one
    or two letters off (by the length of the title) with every other suggestion at least two edits further."""
    if not suggestions:
        return None
    wanted = _loose(written)
    same = [t for t in suggestions if _loose(t) == wanted]
    if same:
        return same[0] if len({_loose(t) for t in same}) == 1 and len(same) == 1 else None
    scored = sorted((edit_distance(wanted, _loose(t)), n, t) for n, t in enumerate(suggestions))
    best = scored[0][0]
    limit = 1 if len(wanted) < 10 else 2
    if best <= limit and all(d >= best + 2 for d, _, _ in scored[1:]):
        return scored[0][2]
    return None


def names_format(written: str, fmt: m.Format) -> bool:
    """Whether a decklist's "Legality: Modern" names this format (its id, name or short name; any case)."""
    key = title_key(written)
    return key in {fmt.id, fmt.id.replace("-", " "), title_key(fmt.name), title_key(fmt.short_name)}


def checkable(fmt: m.Format, ruleset: Ruleset) -> bool:
    """Whether the format states deck rules the checker can apply (a deck size at least)."""
    return fmt.bundled and any(v is not None for s in (ruleset.dynasty_deck, ruleset.fate_deck) for v in (s.min, s.max))


# What a category ban's `match:` can ask of a card (bans.schema.json lists the same keys).
_MATCHERS = {
    "icon": lambda identity, value: str(value).lower() in identity.icons,
    "promo_or_unreleased": lambda identity, value: identity.in_pool and identity.promo_only == bool(value),
    "legality_missing": lambda identity, value: identity.in_pool and (not identity.pool_tags) == bool(value),
}


def _bans(fmt: m.Format, index: CardIndex):
    by_card: dict[Identity, list[m.BanEntry]] = defaultdict(list)
    categories = []
    for ban in fmt.bans.entries if fmt.bans else ():
        if ban.card:
            identity = index.card(ban.card)
            if identity is not None:
                by_card[identity].append(ban)
        elif ban.match:
            unknown = set(ban.match) - set(_MATCHERS)
            if unknown:
                raise DeckRulesError(
                    f"ban {ban.id} matches on {', '.join(sorted(unknown))}, which the deck checker does not know"
                )
            categories.append(ban)
    return dict(by_card), tuple(categories)


def _matches(match: Mapping, identity: Identity) -> bool:
    return all(_MATCHERS[key](identity, value) for key, value in match.items())


def _dated_by_the_documents(ban: m.BanEntry) -> bool:
    """A ban entry whose first day the documents give (exactly, or "on or before"): it holds before the day its
    list is stated as a whole."""
    return ban.added is not None and ban.added_precision in (m.DatePrecision.EXACT, m.DatePrecision.ON_OR_BEFORE)


# A comment after a colon, two slashes or an equals sign: "Isawa Kyoko: best shugenja", "Rout // always", "Rout = MVP".
# A card's statistics or its printing's number after the title, not in brackets, as a list copied from a spoiler or
# a collection writes them: "Kakita Shinichi 2F/4C 6g PH3", "Bayushi Shizuka 54/156 R", "Counting House IE-133 (C)",
# and one an author notes after a comma, a dash or a slash ("Jade Works - 2 gold", "Rout, 3 focus": `STAT_WORDS`).
STAT_TAIL = _STAT_TAIL = re.compile(
    r"^(?P<rest>.*?\S)(?:\s*[,/-])?\s+(?:[0-9]{1,2}\s?[FC]\s?/\s?[0-9]{1,2}\s?[FC](?![a-z]).{0,40}"
    r"|[0-9]{1,3}\s?/\s?[0-9]{2,3}(?:\s[CURPF])?|[A-Z]{1,4}\s?-\s?[0-9]{1,3}(?:\s\([CURP]\))?"
    rf"|[0-9]{{1,2}}\s?(?:{'|'.join(STAT_WORDS)})\.?)$"
)
# Answers of `DeckChecker._names_a_card` kept at most, as index.py keeps its finds
NAMED_KEPT = 50_000
# A comma before the author's remark ("3 Rout, the best card in the game", "Rout x3, always"): tried after every other
# mark, each comma the last first, where the words after it name no card ("3 Rout, Ambush" holds two titles) and are
# no title's subtitle after the words before it, misspelt (within so many edits) or cut short ("Akodo Kano, Master
# Tacticain", "Akodo Kano, Master Tact": the typos' and the shortenings' to read)
COMMA_BEFORE_REMARK = _COMMA_BEFORE_REMARK = re.compile(r"(?<=\S),\s")
# A sentence about a card on a line with no count, a comma after the title: "Footman's Pike, however, is useful
# anywhere, since it gives any personality a decent bonus on the end of a long stick." Eight words or more after the
# first comma, and a full stop (or "!", "?") at its end: a paragraph of the author's, not one copy with a remark.
COMMA_SENTENCE = _COMMA_SENTENCE = re.compile(r"^[^,]*,(?=(?:\s+\S+){8})[^\n]*[.!?]$")
SUBTITLE_SLIP_EDITS = 3
# What may follow a level on a line: a bracket (a set, the author's aside), a mark a remark follows, or marks alone
# (`_states_a_level`)
AFTER_A_LEVEL = re.compile(r"(?<!\s)\s*(?:[(\[{]|//|<-|->|=|[:;]\s|\s-+\s|\s[|~*]\s|[!?]|[:;][-^']?[()DPp/]|\.{3}|…)")
# A level after a title, then the author's words with no mark between ("Hida Kuon Exp. Great card", "Hida Kuon exp 2
# ver.", "Hida Kuon Exp 3 Diamond Edition"): the line is tried cut after the level (its set's tag glued to it kept:
# "Exp 2CW"; a bracket closed after it: "Kuni Yori (Exp 2) great"; never before the level's number: "Exp 2" is not
# "Exp" and a remark "2"). No pool title holds a level's marker with words
# after it.
LEVEL_THEN_WORDS = _LEVEL_THEN_WORDS = re.compile(
    rf"(?<=\S)(?:\s*[-•,]\s*|\s*\(\s*|\s+)(?:{LEVEL_MARKER})(?:\s*[#-]?\s*{LEVEL_NUMBER}(?:[a-z]{{2,3}}(?![a-z]))?)?"
    rf"\.?\)?(?!\s*[#-]?\s*{LEVEL_NUMBER})(?=\s+\S)",
    re.I,
)
# A level with a short word after a space, as the line's reading took it ("Exp 2 MVP"): the level, and the word
# (not the level's number in words or Roman numerals, "Exp Two", "Exp III", nor its marker, "2 exp"; and what is
# before it a level)
WORD_AFTER_A_LEVEL = _WORD_AFTER_A_LEVEL = re.compile(
    rf"^(?P<level>.*?\S)\s+(?!(?:{LEVEL_NUMBER}|{LEVEL_MARKER})$)[a-z]{{2,3}}$", re.I
)
# A bracket inside the line, the author's words after it ("Iron Mine (Gold) MVP", "Hida Kisada (Imperial) MVP"): the
# line is tried cut after it, then (as every cut) without its brackets. No pool title holds a bracket with words after
# it.
BRACKET_THEN_WORDS = _BRACKET_THEN_WORDS = re.compile(r"(?<=\S)\s*\([^()]*\)(?=\s+[^\s()])")
SAID_AFTER = _SAID_AFTER = re.compile(r"(?<=\S)(?:\s?[:;]\s|\s//|\s[=/|~*]\s|\s?(?:\.{3,}|…)\s)")
# A full stop that ends a sentence after the title ("House of Tao. Start with Ring of Water"), not one that cuts a
# level's word short ("Hida Kisada exp. 2", "Exp. II": the level, read as written)
SENTENCE_AFTER_TITLE = _SENTENCE_AFTER_TITLE = re.compile(
    r"(?<=[^\s.])(?<![^A-Za-z][Ee][Xx][Pp])(?<![^A-Za-z][Xx][Pp])\.\s+"
)
# The title in another language first, the card's own title after it: in brackets ("Mina de Hierro (Iron Mine)"), or
# after a slash, two slashes or an equals sign ("Casa de Cambio / Counting House", "Anillo de Agua = Ring of Water")
TRANSLATED = _TRANSLATED = re.compile(r"^[^()]*\S\s?\((?P<bracket>[^()]+)\)$|^.*?\S\s(?:/{1,2}|=)\s(?P<after>\S.*)$")


def _words(text: str) -> list[str]:
    """A text's reading words (names.py reading_key_words), the empty ones left out: as index.py short_for compares
    names."""
    return [w for w in reading_key_words(text) if w]


def _how_shortened(typed: str, title: str, pre_game: bool) -> str:
    """Which shortening of `title` a name is, as the `read-as` warning says it (index.py short_for)."""
    if pre_game:
        return say("shortened.pre-game")
    head, comma, _ = title.partition(", ")
    if comma and reading_key(head) == reading_key(typed):
        return say("shortened.subtitle")  # "Asahina Takuma", "Okazaki"
    if " " not in title_key(typed):
        return say("shortened.given")  # "Reigoro", "Kano exp2"
    return say("shortened.family")  # "Kano, Master Tactician"


def _states_a_level(removed: str) -> bool:
    """Whether what a remark's reading would take off a line states a level, alone ("- XP", "(Experienced Three)")
    or before a set or the author's remark ("- Exp (IE) // great", "- Exp 3 // great"): no remark, then."""
    text = removed.strip(" -()[]:/=.…")  # (".": "Darkness Feeds... Exp 2 (Emperor)", the level after the title's dots)
    first = AFTER_A_LEVEL.split(text, maxsplit=1)[0].strip(" -()[]:/=")
    # ... or before the author's words with no mark: "Exp 2 great card" (`LEVEL_THEN_WORDS`, from the first word on)
    leading = _LEVEL_THEN_WORDS.search(f"x {first}")
    return (
        is_level_remark(text)
        or is_level_remark(first)
        or is_experience(first)
        or bool(leading and leading.start() == 1)
    )


def _remarks_taken_off(written: str, translation: bool = True) -> list[str]:
    """The line without what a player may add after a title, in the order they are tried: remarks in brackets (the
    last, then the last two...), an unclosed one, what follows a dash or an arrow, a sentence after a full stop;
    last, with `translation`, the card's own title after a translated one. Each after the remarks in brackets is
    followed by itself without its own remarks in brackets."""
    tries = _brackets_taken_off(written)
    unclosed = _UNCLOSED_REMARK.match(written)
    if unclosed:
        tries.append(unclosed.group("rest"))
    inner = len(tries)
    # after a level, with no mark before the author's words (the last level first; before any other cut: a level ends
    # the title, "Darkness Feeds... Exp 2 great" is no title "Darkness Feeds..." with a remark)
    tries += [written[: level.end()] for level in reversed(list(_LEVEL_THEN_WORDS.finditer(written)))]
    # after a dash or an arrow: "Iron Mine - for the gold", "Debt to the Kaiu <-- MVP", "Rout --> the best"
    parts = re.split(r"(?<!\s)\s+<?-+>?\s+", written)  # a run of spaces is tried from its start only: linear
    tries += [" - ".join(parts[:n]) for n in range(len(parts) - 1, 0, -1)]
    # "House of Tao. Start with Ring of Water": a sentence after the title (no pool title holds ". ")
    sentences = _SENTENCE_AFTER_TITLE.split(written)
    tries += [". ".join(sentences[:n]) for n in range(len(sentences) - 1, 0, -1)]
    # after a colon or a semicolon (spaced or not), one slash or two, an equals sign, a bar, a tilde or an ellipsis:
    # "Isawa Kyoko: best shugenja", "Rout : MVP", "Rout; MVP", "Rout | MVP", "Rout // always", "Rout = MVP", "Rout ...
    # my favourite", "Bamboo Harvesters / Cosechadores de bambú" (no pool title holds " / ", nor an ellipsis with words
    # after it)
    # (each such mark, the last first: a title may hold one, "Imperial Gift 2: Glory: always")
    tries += [written[: said.start()] for said in reversed(list(_SAID_AFTER.finditer(written)))]
    # after a bracket with the author's words after it, the last first (after the cuts at a mark: "Hida Yakamo (Oni) •
    # Experienced: always" keeps its level)
    tries += [written[: bracket.end()] for bracket in reversed(list(_BRACKET_THEN_WORDS.finditer(written)))]
    if stat := _STAT_TAIL.match(written):  # "Bayushi Shizuka 54/156 R": a printing's number, a card's statistics
        tries.append(stat.group("rest"))
    if translation and (translated := _TRANSLATED.match(written)):  # "Mina de Hierro (Iron Mine)": the card's own title
        own = "bracket" if translated.group("bracket") else "after"
        # (not after a level: "A Brilliant Shot, Exp 2 (Imperial)" is no translated title, the bracket a remark)
        if split_experience(written[: translated.start(own)].rstrip(" (/="))[1] is None:
            tries.append(translated.group(own))
    # a remark in brackets before another ("Shiba Tsukune - Exp 3 (Emperor) // MVP"): each line without its last
    # remark, then without its brackets too, before a shorter cut ("Akodo Toturi - Exp 2" before "Akodo Toturi")
    return tries[:inner] + [text for cut in tries[inner:] for text in (cut, *_brackets_taken_off(cut))]


def _brackets_taken_off(written: str) -> list[str]:
    """The line without its last remark in brackets, then without the last two, ..."""
    tries = []
    while match := _TRAILING_REMARK.match(written):
        written = match.group("rest")
        tries.append(written)
    return tries


def prose_measured(card: CardLine) -> str:
    """The shape of a line prose.py measures: the line as the guesses read it, without an experience level ("Daidoji
    Uji exp. 2" holds no sentence break) and without an aside in brackets at its end ("Lies, Lies, Lies... •
    Experienced (my MVP)" holds none either)."""
    if card.experience:
        return card.name
    aside = _TRAILING_REMARK.match(card.written)
    return split_experience(aside.group("rest"))[0] if aside else card.written


# A title made plural after a count ("3 Ambushes", "2 Rice Paddies", "3 Ashigaru Spearmen"): the last word's ending,
# and the singular's, tried in this order. Data: the browser checker gets the same list.
PLURAL_ENDINGS: tuple[tuple[str, str], ...] = (("ies", "y"), ("men", "man"), ("es", ""), ("s", ""))


# A sentence's words that name a card (`DeckChecker._cards_named_in`): at most so many words, without these marks
# around them; at most so many titles shown.
NAMED_WORDS_AT_MOST, NAMED_SPAN_MARKS, NAMED_SHOWN = 8, ',.;:!?()"', 5


def singulars(typed: str) -> list[str]:
    """The title with its last word made singular, by each plural ending it has, where the singular is a word of
    three letters or more ("War Cries" -> "War Cry", "Routs" -> "Rout"; "Lies" is no "Ly")."""
    word = typed.rsplit(" ", 1)[-1]
    return [
        typed[: -len(ending)] + singular
        for ending, singular in PLURAL_ENDINGS
        if word.lower().endswith(ending) and len(word) - len(ending) + len(singular) >= 3
    ]
