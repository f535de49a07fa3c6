"""The card index: every identity in the pool plus the Codex's own card records, found by name.

Names are looked up by title (with or without the pool's "(Emperor)"-style qualifier) and experience
level; the records in data/cards add what the documents say (aliases such as "Final Wave", which
same-title cards are separate, deck-size rules) and make the cards they name known even without a pool.
"""

from __future__ import annotations

import functools
from itertools import chain

from collections import Counter, defaultdict
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Iterable, Mapping

from ..data.model import CardRecord
from ..deckmessages import say
from .identity import Identity
from .names import (
    abbreviated_words,
    abbreviates,
    experience_key,
    reading_key,
    set_key,
    set_keys,
    split_experience,
    split_qualifier,
    small_words_key,
    title_key,
    reading_key_words,
)

NOT_A_DECK_CARD = "Other"  # biographies, tokens, proxies, clocks: the pool's "Other" deck
_FOUND_KEPT = 50_000  # find() answers kept: more than every pool title written a few ways each


@dataclass(frozen=True)
class Lookup:
    """What a name in a decklist turned out to be."""

    identity: Identity | None
    candidates: tuple[Identity, ...] = ()  # several cards fit: the name is ambiguous
    note: str | None = None  # something the reader should know (a set that was ignored)
    # how the name was read when it is not the card's title as printed (case, punctuation, "&", accents, a
    # leading article aside): the decklist checker says so in a warning
    loosely: bool = False
    # the set that chose the card's level, none being written: "Kyoso no Oni (Clan War)" (said in a warning too)
    by_set: str | None = None


class CardIndex:
    def __init__(self, identities: Iterable[Identity], cards: Mapping[str, CardRecord], pool_dir: Path | None):
        self.pool_dir = pool_dir
        self.identities = tuple(identities)
        self._by_title: dict[str, list[Identity]] = defaultdict(list)
        # the same identities by `reading_key`: how players write a title (several cards may share a key)
        self._by_reading: dict[str, list[Identity]] = defaultdict(list)
        self._by_card: dict[str, Identity] = {}
        for identity in self.identities:
            self._register(identity, identity.title)
            if identity.card_id:
                self._by_card[identity.card_id] = identity
        for card in cards.values():
            for alias in card.aliases:
                if card.id in self._by_card:
                    self._register(self._by_card[card.id], split_experience(alias)[0])
        self._by_title = dict(self._by_title)
        self._by_reading = dict(self._by_reading)
        self._suggestion_table: list | None = None  # built on the first unknown card
        self._found: dict[tuple, Lookup] = {}  # find()'s answers so far
        self._postings: dict[str, list[int]] = {}  # bigram -> the table rows holding it
        self._given: dict[str, list[str]] = {}  # a title's words after its first (a given name) -> the titles
        self._before_comma: dict[str, list[str]] = {}  # a title's reading words before its comma -> the titles
        self._given_any: dict[str, list[str]] = {}  # a Personality's given name -> its titles, subtitled ones too
        self._small_words: dict[str, list[str]] = {}  # a title's words but its small ones -> the titles
        self._deck_keywords: frozenset[str] | None = None  # the deck cards' keywords, lower case (`deck_keywords`)
        self._printed_sets: tuple[frozenset[str], frozenset[str]] | None = None  # `printed_set_keys`
        self._pre_game_words: list | None = None  # each pre-game card's title and its reading words (`shortened`)
        self._abbreviation_table: dict | None = None  # the titles by their words' first letters (`abbreviated`)
        self._abbreviated_found: dict[tuple[str, bool], tuple[str, ...]] = {}  # abbreviated()'s answers so far
        self._soul_of, self._counts_as, self._counted_by = _links(self.identities, self._by_title, self._by_card, cards)

    def __len__(self) -> int:
        return len(self.identities)

    @property
    def has_pool(self) -> bool:
        return self.pool_dir is not None

    def card(self, card_id: str) -> Identity | None:
        """The identity of a Codex card record."""
        return self._by_card.get(card_id)

    def named(self, title: str, experience: str | None = None) -> list[Identity]:
        """Every identity with this title (qualifier optional) and experience level."""
        wanted = experience_key(experience)
        return [i for i in self._by_title.get(title_key(title), ()) if experience_key(i.experience) == wanted]

    def titled(self, title: str) -> list[Identity]:
        """Every identity with this title (qualifier optional), at any experience level."""
        return list(self._by_title.get(title_key(title), ()))

    def read_loosely(self, title: str, experience: str | None = None) -> list[Identity]:
        """Every identity whose title has the same `reading_key` (and this experience level)."""
        wanted = experience_key(experience)
        return [i for i in self._by_reading.get(reading_key(title), ()) if experience_key(i.experience) == wanted]

    def titled_loosely(self, title: str) -> list[Identity]:
        """`titled`, and failing that every identity whose title has the same `reading_key`, at any level."""
        return self.titled(title) or list(getattr(self, "_by_reading", {}).get(reading_key(title), ()))

    def all_levels(self, identity: Identity) -> list[Identity]:
        """Every experience level of the same card (for a format where levels are not different cards)."""
        return [i for i in self._by_title.get(title_key(identity.title), ()) if i.deck == identity.deck]

    def find(
        self, name: str, experience: str | None = None, set_name: str | None = None, deck: str | None = None
    ) -> Lookup:
        """The one card a decklist line means; `deck` (the section it is in) settles same-title cards."""
        # A long deck names the same cards again and again: each lookup is made once (the index never changes),
        # and the answers kept are bounded, so a deck of distinct names cannot grow them without end.
        asked = (name, experience, set_name, deck)
        found = self._found.get(asked)
        if found is None:
            if len(self._found) >= _FOUND_KEPT:
                self._found.clear()
            found = self._found[asked] = self._find(name, experience, set_name, deck)
        return found

    def _find(self, name: str, experience: str | None, set_name: str | None, deck: str | None) -> Lookup:
        candidates = self.named(name, experience)
        base, qualifier = split_qualifier(name)
        title = name
        loosely = False
        # "Akodo Kano (Master Tactician)": the subtitle of Akodo Kano, Master Tactician in brackets (at any level: a
        # title with levels only is the checker's to read), not a remark after the card Akodo Kano
        subtitle = bool(qualifier) and not candidates and any(", " in c.title for c in self.titled_loosely(name))
        if not candidates and qualifier and not set_name and not subtitle:
            candidates, set_name, title = self.named(base, experience), qualifier, base  # "(Emperor Edition)": a set
        if not candidates and getattr(self, "_by_reading", None) is not None:
            # "Pearls & Spirits", "Hch tik", "zintikkirs scout": the title as players write it
            candidates = self.read_loosely(name, experience)
            if not candidates and qualifier and not set_name and not subtitle:
                candidates, set_name, title = self.read_loosely(base, experience), qualifier, base
            loosely = bool(candidates)
        note = None
        if set_name and (candidates or not experience):
            printed = [c for c in candidates if printed_in(c, set_name)]
            # "Kyoso no Oni (Clan War)", "Kage (HE1)": no level written, and the set printed the title at one level
            # (as a deck card: a biography printed beside it is no card for a deck)
            in_a_deck = [c for c in printed if c.deck != NOT_A_DECK_CARD]
            at_a_level = [] if in_a_deck or experience else self._one_level_printed_in(title, set_name)
            if at_a_level:
                return Lookup(at_a_level[0], by_set=set_printed_in(at_a_level[0], set_name))
            if printed:
                candidates = printed
            elif candidates:
                note = say("note.not-printed", card=name, set=set_name)
        playable = [c for c in candidates if c.deck != NOT_A_DECK_CARD] or candidates
        if len(playable) > 1 and deck:
            playable = [c for c in playable if c.deck == deck] or playable
        if len(playable) == 1:
            return Lookup(playable[0], note=note, loosely=loosely)
        return Lookup(None, tuple(playable), note, loosely)

    def _one_level_printed_in(self, title: str, set_name: str) -> list[Identity]:
        """The one deck card of the title, at any level, printed in the set (empty: none, or several)."""
        cards = [i for i in self.titled(title) if i.deck != NOT_A_DECK_CARD and printed_in(i, set_name)]
        return cards if len(cards) == 1 else []

    def suggest(self, written: str, limit: int = 3) -> list[str]:
        """Up to `limit` titles that look like `written`, best first: "did you mean" for an unknown card.

        First, for a name of two words, the Personalities of two words with its given name and another family
        ("Matsu Satoru" for Ikoma Satoru: a family name slips, the given name is the one remembered), alphabetically
        by title_key, then title, leaving room for one more. Then by
        similarity: the Dice coefficient of the two titles' sets of character bigrams (of `title_key`):
        2·|A∩B| / (|A|+|B|), kept when ≥ 0.5; ties go alphabetically by title_key, then title. The browser
        checker computes the same (docs/deck-check.md), so both suggest the same titles.
        """
        wanted = _bigrams(title_key(written))
        if not wanted:
            return []
        out = self.family_slips(written)[: limit - 1]
        # Only titles sharing a bigram are scored, counted through the bigrams' lists of titles (an inverted
        # index): a few thousand steps per name instead of comparing with every title of the pool.
        # Counted by Counter's C loop; a row's score cannot reach the threshold with fewer shared bigrams than its
        # own share of the smallest sum of sizes (the wanted ones and one more), so most rows end at one comparison.
        common_of = Counter(chain.from_iterable(self._postings.get(gram, ()) for gram in wanted))
        scored = []
        table = self._suggestion_table
        assert table is not None  # (built above)
        least = SUGGESTION_THRESHOLD * (len(wanted) + 1) / 2
        for n, common in common_of.items():
            if common < least:
                continue
            key, title, grams = table[n]
            score = 2 * common / (len(wanted) + len(grams))
            if score >= SUGGESTION_THRESHOLD:
                scored.append((-score, key, title))
        scored.sort()
        for _, _, title in scored:
            if len(out) == limit:
                break
            if title not in out:
                out.append(title)
        return out

    def family_slips(self, written: str) -> list[str]:
        """The Personalities of two words with the given name of a name of two words and another family ("Ikoma
        Satoru" for "Matsu Satoru"), alphabetically by title_key, then title; [] for any other name."""
        self._suggestion_tables()
        family, _, rest = title_key(written).partition(" ")
        if not rest or " " in rest:
            return []
        return [t for t in self._given.get(rest, ()) if title_key(t).partition(" ")[0] != family]

    def shortened(self, written: str, pre_game: bool) -> str | None:
        """The one title a name shortened as players write it stands for, or None: a pre-game card's title cut short
        after its first words ("Impregnable Fortress" for The Impregnable Fortress of the Crab, "Tsujiken" for
        Tsujiken Sensei; `pre_game`: the line is a pre-game card's); else a Personality's given name alone ("Reigoro"
        for Hida Reigoro), where one Personality of two words has it."""
        words = [w for w in reading_key_words(written) if w]
        if not words:
            return None
        if pre_game:
            table = getattr(self, "_pre_game_words", None)
            if table is None:
                titles = {i.title for i in self.identities if i.deck == "Pre-Game"}
                table = self._pre_game_words = [(t, reading_key_words(t)) for t in sorted(titles)]
            found = {t for t, title_words in table if title_words[: len(words)] == words}
        else:
            found = set(self.short_for(written))
        return found.pop() if len(found) == 1 else None

    def short_for(self, written: str) -> list[str]:
        """The deck cards' titles a name stands for as players shorten one, by title_key, then title: the title, then a
        comma and the words a player leaves out ("Asahina Takuma" for Asahina Takuma, Twin Forks Governor; "Okazaki"
        for Okazaki, Breaker of Wills), or a Personality's without its family name ("Kano, Master Tactician" for Akodo
        Kano, Master Tactician), compared by their reading words; and for one word as the title writes it
        ("Choon-yei"), a Personality of two words with that given name ("Reigoro" for Hida Reigoro)."""
        self._suggestion_tables()
        found = set(self._before_comma.get(" ".join(w for w in reading_key_words(written) if w), ()))
        if " " not in title_key(written):
            found.update(self._given.get(title_key(written), ()))
        return sorted(found, key=lambda t: (title_key(t), t))

    def deck_keywords(self) -> frozenset[str]:
        """Every keyword the deck cards carry, in lower case ("kiho", "ninja", "crab clan"), made on first use."""
        if self._deck_keywords is None:
            self._deck_keywords = frozenset(
                k.lower() for i in self.identities if i.deck != NOT_A_DECK_CARD for k in i.keywords
            )
        return self._deck_keywords

    def printed_set_keys(self) -> tuple[frozenset[str], frozenset[str]]:
        """The sets the pool's cards were printed in, by `title_key` of their names, and by every key each is known
        by (names.py set_keys: "(Celestial)", "(TDoW)"), made on first use: a deck's check asks of a bracket's words
        whether they name a set, and a pool's sets are the same for every deck."""
        if self._printed_sets is None:
            sets = {s for i in self.identities for s in i.sets}
            self._printed_sets = (
                frozenset(title_key(s) for s in sets),
                frozenset(k for s in sets for k in _keys_of_set(s)),
            )
        return self._printed_sets

    def same_but_small_words(self, written: str) -> list[str]:
        """Every deck card's title that is the name but for its small words (names.py small_words_key: "Temple of
        Heavenly Crab" for Temple of the Heavenly Crab), by title_key, then title; [] for a name of small words only."""
        self._suggestion_tables()
        key = small_words_key(written)
        return list(self._small_words.get(key, ())) if key else []

    def given_name_titles(self, written: str) -> list[str]:
        """Every title of the Personalities of two words (before a subtitle) with this given name, by title_key, then
        title ("Kano": Akodo Kano, Akodo Kano, Clan Champion, Akodo Kano, Master Tactician); [] for a name of more
        than one word."""
        self._suggestion_tables()
        return list(self._given_any.get(title_key(written), ())) if " " not in title_key(written) else []

    def abbreviated(self, written: str, pre_game: bool) -> list[str]:
        """Every deck card's title whose words the name abbreviates, one written word for each of its words, in
        order, at least one short ("Fam. Bazaar" for Famous Bazaar, "Hon. Garrison of the Lion" for The Honorable
        Garrison of the Lion; on a pre-game card's line, `pre_game`, "BK" for Border Keep and every other title of
        two words, B and K: names.py `abbreviated_words`, `abbreviates`), sorted."""
        asked = (written, pre_game)
        found = self._abbreviated_found.get(asked)
        if found is None:  # (a line that names no card is asked about at each step that may read it)
            if len(self._abbreviated_found) >= _FOUND_KEPT:
                self._abbreviated_found.clear()
            found = self._abbreviated_found[asked] = self._abbreviated(written, pre_game)
        return list(found)

    def _abbreviated(self, written: str, pre_game: bool) -> tuple[str, ...]:
        words = abbreviated_words(written, pre_game)
        if words is None:
            return ()
        table = self._abbreviation_table
        if table is None:  # made on the first name that may be abbreviated (once per index)
            rows: dict[str, list] = defaultdict(list)
            for title in sorted({i.title for i in self.identities if i.deck != NOT_A_DECK_CARD}):
                title_words = [w for w in reading_key_words(title) if w]
                rows["".join(w[0] for w in title_words)].append((title, title_words))
            self._abbreviation_table = table = dict(rows)
        return tuple(
            title
            for title, title_words in table.get("".join(w[0] for w, _ in words if w), ())
            if all(abbreviates(w, stopped, t) for (w, stopped), t in zip(words, title_words))
            and any(w != t for (w, _), t in zip(words, title_words))
        )

    def _suggestion_tables(self) -> None:
        """The tables `suggest` and `short_for` read, made on the first unknown card: each deck card's title with its
        bigrams, the rows holding each bigram, the Personalities by their given name (of two words, and with a
        subtitle too), and the titles by their reading words before a subtitle (and without a family name)."""
        if getattr(self, "_suggestion_table", None) is not None:  # (also an index read from an older cache)
            return
        titles = {i.title for i in self.identities if i.deck != NOT_A_DECK_CARD}
        self._suggestion_table = [(title_key(t), t, _bigrams(title_key(t))) for t in sorted(titles)]
        postings: dict[str, list[int]] = defaultdict(list)
        for n, (_, _, grams) in enumerate(self._suggestion_table):
            for gram in grams:
                postings[gram].append(n)
        self._postings = dict(postings)
        personalities = {i.title for i in self.identities if "Personality" in i.types}
        given: dict[str, list[str]] = defaultdict(list)  # (the table is sorted by title: sorted again below)
        given_any: dict[str, list[str]] = defaultdict(list)
        before_comma: dict[str, list[str]] = defaultdict(list)
        for key, title, _ in self._suggestion_table:
            if key.count(" ") == 1 and title in personalities:  # two words as the title key has them ("Renyu, X")
                given[key.split(" ", 1)[1]].append(title)
            head, comma, _ = title.partition(", ")
            family_given = title_key(head) if comma else key
            if family_given.count(" ") == 1 and title in personalities:
                given_any[family_given.split(" ", 1)[1]].append(title)
            if not comma:
                continue
            if words := " ".join(w for w in reading_key_words(head) if w):
                before_comma[words].append(title)
            if family_given.count(" ") == 1 and title in personalities:
                # "Kano, Master Tactician": a Personality's title without its family name
                before_comma[" ".join(w for w in reading_key_words(title.split(" ", 1)[1]) if w)].append(title)

        def by_key(table: dict[str, list[str]]) -> dict[str, list[str]]:
            return {name: sorted(titles, key=lambda t: (title_key(t), t)) for name, titles in table.items()}

        self._given, self._given_any, self._before_comma = by_key(given), by_key(given_any), by_key(before_comma)
        small_words: dict[str, list[str]] = defaultdict(list)
        for _, title, _ in self._suggestion_table:
            small_words[small_words_key(title)].append(title)
        self._small_words = by_key(small_words)

    def soul_chain(self, identity: Identity) -> set[Identity]:
        """The identity and every card joined to it by "Soul of X" keywords, and so on down the chain."""
        seen = {identity}
        todo = [identity]
        while todo:
            for other in self._soul_of.get(todo.pop(), ()):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen

    def counts_as(self, identity: Identity) -> tuple[Identity, ...]:
        """The cards this one says it counts as for deck construction."""
        return self._counts_as.get(identity, ())

    def counted_as_by(self, identity: Identity) -> tuple[Identity, ...]:
        """The cards that say they count as this one (Ancestors, Bayushi Hisa for Hisa)."""
        return self._counted_by.get(identity, ())

    def _register(self, identity: Identity, title: str) -> None:
        keys = {title_key(title), title_key(split_qualifier(title)[0])}
        for key in keys:
            bucket = self._by_title[key]
            if identity not in bucket:
                bucket.append(identity)
        for key in {reading_key(title), reading_key(split_qualifier(title)[0])}:
            bucket = self._by_reading[key]
            if key and identity not in bucket:
                bucket.append(identity)


SUGGESTION_THRESHOLD = 0.5


# -- the index as the cache keeps it (l5r/cardpool/cache.py: per pool, card records and reader's code) --------------
# Lists of plain values only: the JSON reader then builds it without a Python call per object, and no table is worked
# out again (reading the tagged identities and registering every title took most of a warm rebuild's second with
# the pool). Each identity is a row of its fields in order; the tables name identities by their row.
_FIELDS = tuple(f.name for f in fields(Identity))


def _pairs(value) -> tuple:
    return tuple(tuple(pair) for pair in value)


def _stored_as(declared: str):
    """How a row's list becomes a field's value again, by the field's declared type (None: as it is)."""
    if declared.startswith("tuple[tuple"):
        return _pairs
    if declared.startswith("tuple"):
        return tuple
    if declared.startswith("frozenset"):
        return frozenset
    return None


_STORED_AS = {f.name: _stored_as(str(f.type)) for f in fields(Identity)}


def index_rows(index: CardIndex) -> list:
    """`index` as lists of plain values (`index_from_rows` reads it back): the identities' rows, then its look-up
    tables and links with each identity as its row's number."""
    row = {identity: n for n, identity in enumerate(index.identities)}

    def stored(value):
        if isinstance(value, frozenset):
            return sorted(value)
        if isinstance(value, tuple):
            return [stored(v) for v in value]
        return value

    return [
        [[stored(getattr(i, name)) for name in _FIELDS] for i in index.identities],
        *(
            [[key, [row[i] for i in bucket]] for key, bucket in table.items()]
            for table in (index._by_title, index._by_reading)
        ),
        [[card_id, row[i]] for card_id, i in index._by_card.items()],
        *(
            [[row[i], [row[o] for o in others]] for i, others in links.items()]
            for links in (index._soul_of, index._counts_as, index._counted_by)
        ),
    ]


def index_from_rows(stored, pool_dir: Path | None) -> CardIndex:
    """The index `index_rows` wrote; ValueError for anything else (a damaged or foreign cache file)."""
    try:
        rows, by_title, by_reading, by_card, soul_of, counts_as, counted_by = stored
        if not isinstance(rows, list):
            raise ValueError("no rows")
        made = [(name, as_value) for name, as_value in _STORED_AS.items() if as_value is not None]
        memo: dict = {}  # equal tuples and sets one object, as read_identities makes them
        identities = []
        for values in rows:
            if not isinstance(values, list) or len(values) != len(_FIELDS):
                raise ValueError("not an identity")
            identity = object.__new__(Identity)  # the frozen dataclass's fields set as its __init__ sets them
            state = identity.__dict__
            state.update(zip(_FIELDS, values))
            for name, as_value in made:
                value = as_value(state[name])
                state[name] = memo.setdefault(value, value)
            identities.append(identity)
        index = object.__new__(CardIndex)
        index.pool_dir = pool_dir
        index.identities = tuple(identities)
        at = index.identities.__getitem__
        index._by_title = {str(key): [at(n) for n in bucket] for key, bucket in by_title}
        index._by_reading = {str(key): [at(n) for n in bucket] for key, bucket in by_reading}
        index._by_card = {str(card_id): at(n) for card_id, n in by_card}
        index._suggestion_table = None
        index._given = {}
        index._before_comma = {}
        index._given_any = {}
        index._small_words = {}
        index._deck_keywords = None
        index._printed_sets = None
        index._pre_game_words = None
        index._abbreviation_table = None
        index._abbreviated_found = {}
        index._found = {}
        index._postings = {}
        index._soul_of, index._counts_as, index._counted_by = (
            {at(n): tuple(at(o) for o in others) for n, others in links} for links in (soul_of, counts_as, counted_by)
        )
        return index
    except (TypeError, IndexError, KeyError) as exc:
        raise ValueError(f"not a stored card index: {exc}") from None


def _bigrams(key: str) -> frozenset[str]:
    return frozenset(key[i : i + 2] for i in range(len(key) - 1))


def build_index(pool: Iterable[Identity], cards: Mapping[str, CardRecord], pool_dir: Path | None) -> CardIndex:
    """Merge the Codex card records into the pool's identities (or stand alone when there is no pool)."""
    identities = list(pool)
    position = {(title_key(i.key), i.deck): n for n, i in enumerate(identities)}
    for card in sorted(cards.values(), key=lambda c: c.id):
        n = position.get((title_key(_pool_name(card)), card.deck))
        if n is None:
            identities.append(_with_record(_from_record(card), card))
        else:
            identities[n] = _with_record(identities[n], card)
    return CardIndex(identities, cards, pool_dir)


def _pool_name(card: CardRecord) -> str:
    return card.pool_title or (f"{card.name} • {card.experience}" if card.experience else card.name)


def _from_record(card: CardRecord) -> Identity:
    return Identity(
        key=_pool_name(card),
        title=card.name,
        experience=card.experience,
        deck=card.deck,
        types=(card.type,),
        clans=(card.clan,) if card.clan else (),
        keywords=card.keywords,
        unique=bool(card.unique),
        sets=card.sets,
        in_pool=False,
    )


def _with_record(identity: Identity, card: CardRecord) -> Identity:
    """The record's deck rules win over what the pool text says: they are the documents' reading."""
    rules = card.deck_rules
    change = identity.deck_size_change
    if "deck_size_change" in rules:
        change = tuple((deck.title(), amount) for deck, amount in rules["deck_size_change"].items())
    return replace(
        identity,
        card_id=card.id,
        icons=identity.icons | frozenset(card.icons),
        max_copies=rules.get("max_copies", identity.max_copies),
        counts_toward_deck_size=rules.get("counts_toward_deck_size", identity.counts_toward_deck_size),
        deck_size_change=change,
    )


def _links(identities, by_title, by_card, cards):
    """Soul of links (both ways: a chain is found from any card in it) and counts-as links (one way each)."""
    soul_of: dict[Identity, set[Identity]] = defaultdict(set)
    counts_as: dict[Identity, set[Identity]] = defaultdict(set)
    counted_by: dict[Identity, set[Identity]] = defaultdict(set)

    def playable(card, targets):
        return [t for t in targets if t is not card and t.deck != NOT_A_DECK_CARD]

    def named(name):
        title, experience = split_experience(name)
        wanted = experience_key(experience)
        return [i for i in by_title.get(title_key(title), ()) if experience_key(i.experience) == wanted]

    for identity in identities:
        card = cards.get(identity.card_id) if identity.card_id else None
        souls = [n for name in identity.soul_of for n in named(name)]
        souls += [by_card[c] for c in (card.soul_of if card else ()) if c in by_card]
        for other in playable(identity, souls):
            soul_of[identity].add(other)
            soul_of[other].add(identity)
        targets = []
        for name in identity.counts_as:
            if "Ancestor" in identity.types and split_experience(name)[1] is None:
                targets += by_title.get(title_key(name), ())  # an Ancestor counts as every version (OH II.F)
            else:
                targets += named(name)
        targets += [by_card[c] for c in (card.counts_as if card else ()) if c in by_card]
        for target in playable(identity, targets):
            counts_as[identity].add(target)
            counted_by[target].add(identity)
    return tuple(
        {k: tuple(sorted(v, key=lambda i: i.key)) for k, v in links.items()}
        for links in (soul_of, counts_as, counted_by)
    )


def printed_in(identity: Identity, set_name: str) -> bool:
    """Whether the card was printed in the set a decklist names, as the pool spells it or as players write it
    (names.py set_keys: "(Celestial)", "(Clan War)", "(TDoW)")."""
    return set_printed_in(identity, set_name) is not None


def set_printed_in(identity: Identity, set_name: str) -> str | None:
    """The pool's name of the set a decklist names ("Clan War": "Siege: Clan War"), if the card was printed in it."""
    wanted, key = title_key(set_name), set_key(set_name)
    return next((s for s in identity.sets if title_key(s) == wanted or key in _keys_of_set(s)), None)


@functools.lru_cache(maxsize=1024)
def _keys_of_set(set_name: str) -> frozenset[str]:
    return set_keys(set_name)
