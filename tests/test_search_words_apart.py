"""The site search's index keeps the words of a page apart: Material's indexer drops table cells, definitions, blocks,
menu choices and line breaks with nothing in their place, which ran the texts on either side together in a
result ("✓ Verified by the test suiteObsidian Hand", "RelationRestates", "Not coveredBuilds on")."""

from __future__ import annotations

import json
import re

import pytest
from material.plugins.search.plugin import Parser

from l5r.site.rendering.searchindex import words_apart

# Words a page writes joined on purpose: a program's or a Python name, set acronyms a decklist exporter writes.
JOINED_ON_PURPOSE = {
    "MkDocs",
    "MkDocs'",
    "ProperDocs",
    "StrEnum",
    "ValueError",
    "TotV",
    "SotB",
    "IvE",
    "TwentyFestivals",
    "EmpE",
    "TDoW",
    "PotD",
    "ExperiencedCW",  # the pool's level with its set's tag ("Kyoso no Oni • ExperiencedCW")
    "FandS",  # the pool's own tag for Fire & Shadow ("Corrupted Dojo (FandS)")
    "iPhone",  # a phone's mail footer ("Sent from my iPhone")
    "KakitaFan",  # a name after "@" in the deck page's example ("@KakitaFan")
    "ShosuroFan",  # a chat's poster in the deck page's example ("ShosuroFan — Today at 9:42 PM")
    "HidaTetsu",  # a forum's poster in the deck page's example ("Quote from: HidaTetsu on March 12, 2015")
    "DeckBuilder",  # a deck builder's name in its footer ("Exported from L5R DeckBuilder 2.1")
    "KuniWitch",  # a forum's poster in the deck page's example ("Post by KuniWitch » Tue Mar 03, 2015")
    "LackeyCCG's",  # a deck tool's name ("LackeyCCG's .dek files")
    "CraneExquisite",  # a card's image and caption glued, as the deck page's example ("...of the CraneExquisite...")
    "40)Army",  # a caption glued to a header, as the deck page's example ("Fate – (40)Army Like a Tide")
    "CardIndex",
    "CardSite",
    "PoolVerdicts",
    "LastAnswer",
    "GitHub",
}


def indexed_text(page_html: str) -> str:
    """The text Material's search plugin indexes for `page_html`, its kept tags (paragraphs, lists, code) as
    spaces, as a result shows them apart."""
    parser = Parser()
    parser.feed(page_html)
    parser.close()
    return re.sub(r"<[^>]+>", " ", " ".join("".join(section.text) for section in parser.data))


def joined_words(text: str) -> set[str]:
    found = {m.group(0) for m in re.finditer(r"[\w’']*[a-z.)][A-Z][\w’']*", text)}
    return {w for w in found - JOINED_ON_PURPOSE if not re.fullmatch(r"[IVX\d]+\.[A-Z][\w.]*", w)}  # "II.B", "3.C"


@pytest.mark.parametrize(
    "page_html,words",
    [
        ('<table><tr><th scope="row">Relation</th><td><span>Restates</span></td></tr></table>', ["Relation Restates"]),
        ("<td><span>Not covered</span><br><small>Builds on</small></td>", ["covered Builds"]),
        ("<dl><dt>Given</dt><dd>You go first.</dd></dl>", ["Given You"]),
        (
            '<select><option value="">detect</option><option>text</option><option>YAML</option></select>',
            ["detect text YAML"],
        ),
    ],
)
def test_block_ends_keep_the_words_on_either_side_apart(page_html, words):
    assert joined_words(indexed_text(page_html)), "the indexer should join these words without the fix"
    text = " ".join(indexed_text(words_apart(page_html)).split())
    for phrase in words:
        assert phrase in text, text
    assert not joined_words(text), text


def test_preformatted_text_is_left_as_it_is():
    code = "<pre><code><span>a</span><br><span>b</span></code></pre>"
    assert (
        words_apart(f"<div><br><div></div></div>{code}<div><br><b>c</b></div>")
        == f"<div><br>\n<div></div>\n</div>{code}<div><br>\n<b>c</b></div>"
    )


def test_no_result_of_the_built_site_runs_two_words_together(built_site):
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    joined = {}
    for doc in index["docs"]:
        for word in joined_words(re.sub(r"<[^>]+>", " ", doc["text"])):
            joined.setdefault(word, doc["location"])
    assert not joined, sorted(joined.items())[:30]


def test_generated_markdown_gets_the_line_breaks_only_on_its_html_lines():
    """Applied to the generated pages before any engine reads them (hooks or none, the same index): a line of HTML
    gets its breaks between tags; a Markdown table row, text and code stay exactly as they are."""
    from l5r.site.rendering.searchindex import words_apart_in_markdown

    page = (
        "<dl><dt>Given</dt><dd>You go first.</dd></dl>\n"
        "| a<br><b>b</b> | c |\n"
        "```\n<div></div><div></div>\n```\n"
        "<pre><code><span>x</span><br><span>y</span>\n</code></pre>\n"
        "Some text</td><td>kept\n"
    )
    assert words_apart_in_markdown(page) == (
        "<dl><dt>Given</dt>\n<dd>You go first.</dd>\n</dl>\n"
        "| a<br><b>b</b> | c |\n"
        "```\n<div></div><div></div>\n```\n"
        "<pre><code><span>x</span><br><span>y</span>\n</code></pre>\n"
        "Some text</td><td>kept\n"
    )


def test_a_card_or_print_page_is_left_out_of_the_search_by_its_own_front_matter():
    """`excluded_from_index` reads each page's front matter (kept by its text: every generation reads the same
    ones again); a page is answered by its own, whatever was read before."""
    from l5r.site.rendering.searchindex import excluded_from_index

    page = "---\ntitle: A card\n---\n\n# A card\n"
    assert excluded_from_index("rules/a.md", page) == page, "not a card or print page"
    for _ in range(2):
        assert (
            excluded_from_index("card/a/index.md", page)
            == "---\nsearch:\n  exclude: true\ntitle: A card\n---\n\n# A card\n"
        )
    kept = "---\nsearch:\n  exclude: true\n---\n\nText\n"
    assert excluded_from_index("print/a.md", kept) == kept
    with pytest.raises(ValueError, match="without `exclude: true`"):
        excluded_from_index("print/a.md", "---\nsearch:\n  boost: 2\n---\n\nText\n")
    assert (
        excluded_from_index("print/a.md", "No front matter\n")
        == "---\nsearch:\n  exclude: true\n---\n\nNo front matter\n"
    )
