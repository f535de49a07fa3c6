"""Fuzz the inputs the first fuzz round missed: long text with capitals, aliases in the pool, files that are
no regular files, counts of thousands of digits. Each target asserts the answer comes quickly, as a value or one
sentence, never another exception; `make fuzz` runs them with its large budget.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from l5r.cardpool import PoolError, cardtext
from l5r.cardpool.read import read_identities
from l5r.data.yamlsource import DataError, read_yaml
from l5r.decklist import DecklistError, parse_card_line, parse_decklist, read_decklist
from l5r.scenarios.collect import CollectError, scenarios_in

# Pieces of the card sentences the deck rules read, and what breaks a naive pattern: capitals without a full
# stop, runs of spaces, open markup.
PIECES = st.sampled_from(
    [
        "A ",
        "Bb ",
        "a",
        " ",
        "  ",
        "\t",
        ".",
        "<",
        "<b>",
        ">",
        " is considered ",
        "to be ",
        " for deck construction",
        "this card",
        "you may include ",
        "up to ",
        "three ",
        "copies of ",
        " in your deck",
        ":Rank-1:",
        "[Rank•",
        "Your minimum Dynasty deck size is increased by two",
        "does not count towards your minimum deck size",
    ]
)


@st.composite
def long_text(draw):
    # A few pieces, each repeated up to thousands of times: the long runs backtracking needs.
    parts = draw(st.lists(st.tuples(PIECES, st.integers(1, 4000)), min_size=1, max_size=6))
    return "".join(piece * times for piece, times in parts)


@given(long_text())
def test_card_text_is_read_in_linear_time(text):
    start = time.process_time()
    cardtext.counts_as(text)
    cardtext.max_copies(text, "Zanzibar Keep")
    cardtext.deck_size_change(text)
    cardtext.counts_toward_deck_size(text)
    cardtext.icons(text)
    seconds = time.process_time() - start
    assert seconds < 1.0, f"{seconds:.2f} s on {len(text)} characters"


@given(st.integers(6, 9), st.integers(8, 12), st.sampled_from(["keywords", "text", "types", "extra"]))
def test_aliases_in_a_pool_set_file_are_read_or_refused_quickly(tmp_path_factory, depth, width, field):
    folder = tmp_path_factory.mktemp("pool")
    (folder / "sets").mkdir()
    anchors = "x0: &a0 [w, w, w]\n" + "".join(
        f"x{n}: &a{n} [{', '.join([f'*a{n - 1}'] * width)}]\n" for n in range(1, depth + 1)
    )
    card = f"- title: Zanzibar Keep\n  decks: [Dynasty]\n  {field}: *a{depth}\n"
    (folder / "sets" / "a.yaml").write_text(f"set: S\n{anchors}cards:\n{card}", encoding="utf-8")
    start = time.process_time()
    try:
        read_identities(folder)
    except PoolError as exc:
        assert "\n" not in str(exc) and "a.yaml" in str(exc)
    assert time.process_time() - start < 2.0


KINDS = ["fifo", "dev-zero", "loop", "dangling", "folder", "large", "latin-1", "utf-16", "nul"]


def _make(kind: str, path: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "loop":
        path.symlink_to(path)
    elif kind == "dangling":
        path.symlink_to(path.with_name("nowhere"))
    elif kind == "folder":
        path.mkdir()
    elif kind == "large":
        with path.open("wb") as stream:
            stream.truncate(300 * 1024 * 1024)
    elif kind == "latin-1":
        path.write_bytes("kind: caf\xe9\n".encode("latin-1"))
    elif kind == "utf-16":
        path.write_bytes("kind: cards\n".encode("utf-16-le"))
    else:
        path.write_bytes(b"kind: cards\x00\n")


def _pool_reader(path):
    read_identities(path.parent.parent)


def _data_reader(path):
    read_yaml(path, "data/x.yml")


READERS = {
    "pool": ("sets/a.yaml", _pool_reader, PoolError),
    "data": ("x.yml", _data_reader, DataError),
    "deck": ("deck.txt", read_decklist, DecklistError),
    "scenario": ("page.md", scenarios_in, CollectError),
}


@given(st.sampled_from(KINDS), st.sampled_from(sorted(READERS)))
def test_a_file_that_is_no_regular_text_file_is_one_sentence(tmp_path_factory, kind, reader):
    name, read, error = READERS[reader]
    path = tmp_path_factory.mktemp("f") / name
    path.parent.mkdir(parents=True, exist_ok=True)
    _make(kind, path)
    start = time.process_time()
    with pytest.raises(error) as caught:
        read(path)
    assert "\n" not in str(caught.value) and "Traceback" not in str(caught.value)
    assert time.process_time() - start < 2.0


@given(st.integers(1, 6000), st.sampled_from(["", "x", "×", " "]), st.sampled_from(["text", "yaml", "oracle"]))
def test_counts_of_any_length_are_read(digits, mark, syntax):
    count = "9" * digits
    assert parse_card_line(f"{count}{mark} Zanzibar Keep", 1, None) is not None
    texts = {
        "text": f"Dynasty ({count}):\n{count}{mark} Zanzibar Keep\n",
        "yaml": f"dynasty:\n- {count}{mark} Zanzibar Keep\n",
        "oracle": f"# Dynasty - ({count})\n{count} Zanzibar Keep\n",
    }
    deck = parse_decklist(texts[syntax], "deck", syntax)
    assert all(c.count <= 99 for c in deck.cards)


@given(
    st.integers(1, 6000),
    st.sampled_from([" x", " ×", " (x", " (", " - ", " [", " "]),
    st.sampled_from(["text", "yaml"]),
)
def test_counts_after_a_title_of_any_length_are_read(digits, mark, syntax):
    count = "9" * digits
    closing = ")" if "(" in mark else "]" if "[" in mark else "x" if mark == " " else ""
    line = f"Zanzibar Keep{mark}{count}{closing}"
    assert parse_card_line(line, 1, None) is not None
    texts = {"text": f"Dynasty:\n{line}\n", "yaml": f"dynasty:\n- {line}\n"}
    deck = parse_decklist(texts[syntax], "deck", syntax)
    assert all(c.count <= 99 for c in deck.cards)


@pytest.mark.parametrize("tail", [" x3", " (x3)", " - 3", " x", " (", " -"])
def test_a_long_line_ending_like_a_count_is_read_in_linear_time(tail):
    # the count after a title is looked for in the line's last characters only: four lines of 100 KB take about
    # 0.2 s in all, where a search of the whole line from each position would take hours
    start = time.process_time()
    for body in ("x " * 50_000, "- " * 50_000, "(x" * 50_000, "Zanzibar Keep" + " -" * 50_000):
        parse_card_line(body + tail, 1, None)
    assert time.process_time() - start < 1.0


# YAML deck keys as players and exporters spell them: any case, any of the section names the reader knows.
_KEY_NAMES = st.sampled_from(["dynasty", "fate", "pre_game", "pregame", "stronghold", "name", "notes"])


@given(
    st.lists(
        st.tuples(_KEY_NAMES, st.sampled_from([str.lower, str.upper, str.title, str.capitalize])),
        min_size=1,
        max_size=6,
    )
)
def test_yaml_deck_keys_given_twice_in_any_case_are_one_sentence(keys):
    """A YAML deck's keys are read without regard to case: a key given twice, in whatever case, is a duplicate key
    (one sentence naming the line), never two lists merged in silence."""
    written = [spell(name) for name, spell in keys]
    text = "".join(f"{key}:\n- 1 Zanzibar Keep\n" for key in written)
    seen = [key.lower() for key in written]
    twice = len(set(seen)) < len(seen)
    try:
        parse_decklist(text, "deck.yml", "yaml")
    except DecklistError as exc:
        message = str(exc)
        assert "\n" not in message
        assert twice and "duplicate key" in message, message
        again = {2 * n + 1 for n, key in enumerate(seen) if key in seen[:n]}  # the lines of a key given again
        assert int(message.split(" line ", 1)[1].split(":", 1)[0]) in again, message
    else:
        assert not twice, written
