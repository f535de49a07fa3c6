"""A player's Codex: one card page design, rule pages that lead with the rule, shared links that name their page.

The pages are the run's shared build of the project (tests/conftest.py `project_site`), with the fixture card pool
(tests/fixtures/cardpool: real titles and facts, this project's own text). Rules served: OH II.F and its
sub-sections (the cited rule page), Modern's ban of Border Keep • Experienced 2 (mod-ban-border-keep-experienced-2,
the documented card's ban history), the OH ban of unreleased promos (a pool card's ban history: A Casual Stroll, a
promo).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, project_site
from markup import written_out

SITE_DESCRIPTION = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)[
    "site_description"
]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return project_site(tmp_path_factory)


def _read(site: Path, path: str) -> str:
    return written_out((site / path / "index.html").read_text(encoding="utf-8"))


def _meta(page: str) -> dict[str, str]:
    found = {}
    for tag in re.findall(r"<meta [^>]*>", page):
        key = re.search(r'(?:property|name)="([^"]+)"', tag)
        value = re.search(r'content="([^"]*)"', tag)
        if key and value:
            found[key.group(1)] = html.unescape(value.group(1))
    return found


POOL_CARD, DOCUMENTED_CARD = "card/a-casual-stroll", "card/border-keep-experienced-2"
QUIET_CARD = "card/10-koku"  # no format's ban list names it


# --- card pages: one design ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [POOL_CARD, DOCUMENTED_CARD])
def test_a_card_page_leads_with_legality_then_facts_text_ban_history_printings(site, path):
    """Both kinds of card page, in the same order: legality at the top (the verdicts in a sentence, then per
    format), then the facts, the text, the ban history, the printings."""
    page = _read(site, path)
    article = page.split("<article", 1)[1]
    marks = [
        'id="legality"',
        'id="l5r-verdict"',
        'class="l5r-legality"',
        "<dl",
        'id="text"',
        ">Ban history<",
        'id="printings"',
    ]
    where = [article.find(m) for m in marks]
    assert -1 not in where, dict(zip(marks, where))
    assert where == sorted(where), dict(zip(marks, where))
    # A plain sentence says what the verdicts are, not a command line.
    assert "l5r deck check</code> decides" not in page and "deck checker" in article


def test_the_verdict_sentence_says_what_the_table_says(site):
    promo = _read(site, POOL_CARD)  # a promo: banned in OH by oh-ban-unreleased-promos
    sentence = re.search(r'id="l5r-verdict">(.*?)</p>', promo).group(1).lower()
    assert "banned in obsidian hand" in sentence and "not checked in new era" in sentence, sentence
    keep = _read(site, DOCUMENTED_CARD)
    assert "banned in modern" in re.search(r'id="l5r-verdict">(.*?)</p>', keep).group(1).lower()


def _ban_history(site, path):
    return _read(site, path).split("<article", 1)[1].split("Ban history", 1)[1].split("<h2", 1)[0]


def test_every_card_page_has_a_ban_history(site):
    promo = _ban_history(site, POOL_CARD)
    assert "OH Ban list, Unreleased Cards/Promos" in html.unescape(promo) or "oh-ban-unreleased-promos" in promo, promo[
        :500
    ]
    quiet = _ban_history(site, QUIET_CARD)
    assert "No format&#x27;s ban list names this card." in quiet or "No format's ban list names this card." in quiet
    keep = _ban_history(site, DOCUMENTED_CARD)
    assert "mod-ban-border-keep-experienced-2" in keep


def test_citation_labels_have_one_style_on_both_kinds_of_card_page(site):
    """`CARD Kakita Ibara` vs `CARD border-keep` was two styles: both name the card by its title (the id, the
    short link and the anchor of the record stay as they were)."""

    def label(path):
        cite = r'<div class="l5r-cite"[^>]*><a [^>]*><code[^>]*>(.*?)</code>'
        return html.unescape(re.search(cite, _read(site, path)).group(1))

    assert label(POOL_CARD) == "CARD A Casual Stroll"
    assert label(DOCUMENTED_CARD) == "CARD Border Keep • Experienced 2"
    documented = _read(site, DOCUMENTED_CARD)
    assert 'id="border-keep-experienced-2"' in documented  # the record's permalink anchor
    assert (site / "c" / "card-border-keep-experienced-2" / "index.html").is_file()  # its short link


def test_a_pool_card_page_gets_the_sites_header_search_and_navigation(site):
    """Pool card pages carry Material's page skeleton and one shared script that puts the site's header (with its
    search box) and navigation into them; every link that script writes lands on a built page."""
    page = _read(site, POOL_CARD)
    assert '<script src="../../assets/card-chrome.js"></script>' in page
    chrome = (site / "assets" / "card-chrome.js").read_text(encoding="utf-8")
    # Material's skeleton, its classes added by the script (the page without script is styled alike).
    assert "<div><main><div><div><article" in page and '"md-container"' in chrome and '"md-content"' in chrome
    assert "md-search__input" in chrome and "md-nav--primary" in chrome
    assert re.search(r"assets/javascripts/bundle\.[0-9a-f]+\.min\.js", chrome) and "assets/codex-search.js" in chrome
    paths = set(re.findall(r'@R@([^"\\]*)', chrome))
    assert len(paths) > 20
    for path in paths:
        target = site / path
        assert target.is_file() or (target / "index.html").is_file(), path


def test_cards_in_the_navigation_opens_the_card_search(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"]*)" class="md-nav__link[^"]*">\s*(?:<[^>]*>\s*)*Cards\s*<', home)
    assert links == ["cards/search/"], links
    listing = _read(site, "cards")  # the cards the documents name: one view of the card search
    assert 'href="search/"' in listing and "Cards the documents name" in listing


# --- rule pages: the rule first ------------------------------------------------------------------------------


def _sections(page: str):
    """(anchor, the part of the page from that heading to the next) for every heading with a citation box."""
    parts = re.split(r'(<h[1-6] id="[^"]+")', page.split("<article", 1)[1])
    for opener, body in zip(parts[1::2], parts[2::2]):
        if 'class="l5r-cite"' in body.split("</h", 1)[1][:400]:
            yield re.search(r'id="([^"]+)"', opener).group(1), body


RULE_PAGES = [
    "formats/obsidian-hand/ii-f",
    "formats/obsidian-hand/guidelines",
    "formats/modern/deck-construction",
    "formats/new-era/deck-construction",
]


_TEXT = re.compile(r'<(?:p|ul|ol|table|blockquote)(?:>|\s(?!class="l5r-provenance))')


def test_a_rule_shows_its_text_before_one_quiet_provenance_line(site, codex):
    """Each rule's text comes right after its citation; where its words come from is one line after the text."""
    seen = 0
    for path in RULE_PAGES:
        for anchor, body in _sections(_read(site, path)):
            record = codex.records.get(anchor)
            first_text = _TEXT.search(body)
            provenance = body.find("l5r-provenance")
            assert body.count("l5r-provenance") <= 1, anchor
            assert "l5r-layer" not in body and "l5r-relation__why" not in body, anchor
            if record is not None and getattr(record, "text", None) and provenance != -1:
                assert first_text is not None and first_text.start() < provenance, anchor
                seen += 1
    assert seen >= 5


def test_what_the_document_calls_a_rule_is_said_once(site):
    """OH II.F: the document's heading was shown twice ("The document: …", then "As written: …")."""
    top = _read(site, "formats/obsidian-hand/ii-f").split('id="oh-ii-f"', 1)[1].split("<h2", 1)[0]
    heading = "II. THE PLAYER – F. Deck Constructions and Restrictions"
    shown = re.sub(r'title="[^"]*"', "", top)  # the hover text is not a line on the page
    assert shown.count(heading) == 1, top


def test_sub_section_citations_read_like_the_documents_numbering(site):
    page = _read(site, "formats/obsidian-hand/ii-f")
    labels = [html.unescape(x) for x in re.findall(r'<code class="l5r-cite__id">(.*?)</code>', page)]
    assert "OH II.F, Deck Restrictions" in labels, labels
    assert not [x for x in labels if re.search(r"\bii-f", x)], labels
    # The stable names stay: the anchor, the short link and permalinks.json still use the citation id.
    assert 'id="oh-ii-f-deck-restrictions"' in page
    assert (site / "c" / "oh-ii-f-deck-restrictions" / "index.html").is_file()
    assert '"OH ii-f-deck-restrictions"' in (site / "permalinks.json").read_text(encoding="utf-8")


# --- shared links -------------------------------------------------------------------------------------------


SHARED = [
    "",
    "formats/obsidian-hand/ii-f",
    "formats/modern",
    "deck-check",
    POOL_CARD,
    DOCUMENTED_CARD,
    "c/oh-ii-f",
    "c/card-border-keep-experienced-2",
]


def test_every_page_and_short_link_carries_its_own_title_and_description(site):
    seen = {}
    for path in SHARED:
        page = _read(site, path) if path else (site / "index.html").read_text(encoding="utf-8")
        meta = _meta(page)
        # A pool card page too: link unfurlers that read og:url do not all fall back to the canonical link, and
        # search engines show the meta description.
        if path == POOL_CARD:
            assert meta["og:url"] == re.search(r'<link rel="canonical" href="([^"]+)"', page).group(1), meta
            assert meta["description"] == meta["og:description"], meta
            # Repeated on every pool card page, and what Facebook takes when a page names no type: not written.
            assert "og:type" not in meta, meta
        for key in ("og:title", "og:description", "og:url", "twitter:card"):
            assert meta.get(key), (path, key, meta)
        assert meta.get("og:type") or path == POOL_CARD, (path, meta)
        assert meta["og:description"] != SITE_DESCRIPTION or path == "", (path, meta["og:description"])
        assert meta["og:url"].startswith("https://"), meta["og:url"]
        seen[path] = meta
    pages = [p for p in SHARED if not p.startswith("c/")]
    assert len({seen[p]["og:description"] for p in pages}) == len(pages), {p: seen[p]["og:description"] for p in pages}


def test_a_page_without_a_description_is_described_by_its_own_words(site):
    """Hand-written and listing pages: the page's own title (not the navigation's short one) and its first
    paragraph that reads as one."""
    bans = _meta(_read(site, "formats/modern/bans"))
    assert bans["og:title"] == "Modern: banned cards", bans
    assert bans["og:description"].startswith("As of August 16, 2015"), bans
    search = _meta(_read(site, "cards/search"))
    assert "not legal in" not in search["og:description"], search  # a form's labels are no description


def test_a_shared_rule_shows_its_citation_heading_and_own_words(site):
    rule = _meta(_read(site, "formats/obsidian-hand/ii-f"))
    assert rule["og:title"].startswith("OH II.F")
    assert rule["og:description"].startswith("OH II.F — Deck Construction and Restrictions: "), rule
    assert "The “Play Deck” is the set of cards chosen by the player" in rule["og:description"], rule
    short = _meta(_read(site, "c/oh-ii-f"))
    assert short["og:description"] == rule["og:description"] and short["og:title"] == rule["og:title"]
    assert short["og:url"].endswith("/c/oh-ii-f/")
    sub = _meta(_read(site, "c/oh-ii-f-deck-restrictions"))
    assert sub["og:description"].startswith("OH II.F, Deck Restrictions: "), sub


def test_a_shared_card_shows_its_type_and_legality(site):
    promo = _meta(_read(site, POOL_CARD))
    assert promo["og:title"] == "A Casual Stroll"
    assert (
        promo["og:description"].startswith("Strategy · Fate deck.")
        and "banned in obsidian hand" in promo["og:description"].lower()
    ), promo
    assert re.search(r'<link rel="canonical" href="[^"]+/card/a-casual-stroll/"', _read(site, POOL_CARD))
    keep = _meta(_read(site, DOCUMENTED_CARD))
    assert "Holding" in keep["og:description"] and "banned in modern" in keep["og:description"].lower(), keep


def test_the_verdict_sentence_names_whatever_verdict_the_legality_function_returns():
    """The sentence words the verdicts it is given (a verdict added later reads as its name), formats with the
    same verdict together in the table's order; it decides nothing."""
    from l5r.site.cardpage.verdicts import verdict_sentence

    assert (
        verdict_sentence([("Obsidian Hand", "legal"), ("New Era", "cannot-be-checked"), ("Modern", "legal")])
        == "Legal in Obsidian Hand and Modern; cannot be checked in New Era."
    )
    assert verdict_sentence([("A", "banned"), ("B", "banned"), ("C", "banned")]) == "Banned in A, B and C."
    assert verdict_sentence([]) == ""
