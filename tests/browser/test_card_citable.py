"""One card, one page, one answer, in Chromium at 1280 and 390 px, online and from the offline copy (the project's
site built with the fixture pool, tests/conftest.py `project_site`, and `make offline`'s copy of it):

- a card page never contradicts itself: every ban its legality table names is in its ban history (a category ban
  such as OH's "Unreleased Cards/Promos" too: oh-ban-unreleased-promos), on the pages of the cards the documents
  name as on the pool's;
- every card's page is at card/<slug>/, and the old cards/<id>/ addresses forward there;
- every pool card is citable: c/card-<slug>/ forwards to its page, which names its public address and says what it
  is (canonical link, og:url, meta description);
- Copy citation on a page of several entries copies the entry's own short link (c/<id>/), which unfurls with the
  entry's words, not the page's address with an anchor, which unfurls with the page's first entry.
"""

from __future__ import annotations

import re

import pytest

from l5r.data.buildday import build_day

from conftest import TEST_SITE_URL  # tests/conftest.py: the public address test builds are given

from .conftest import Target

pytestmark = pytest.mark.browser

WIDTHS = pytest.mark.parametrize("width", [1280, 390])
# Cards the documents name that a category ban matches in the fixture pool (promotional printings only).
CATEGORY_BANNED = ["keigo-sensei", "stone-of-remembrance"]
POOL_CARD = "kakita-ibara"  # a pool card of the fixture pool the documents do not name


def _card_url(tab, slug: str, record: bool) -> str:
    """A card's page: card/<slug>/ online; offline a record's page is card/<id>.html, a pool card's
    card/<slug>/index.html (the offline copy names page files)."""
    if tab.site.kind == "online":
        return f"{tab.site.root_url}card/{slug}/"
    return f"{tab.site.root_url}card/{slug}" + (".html" if record else "/index.html")


_READ_PAGE = """() => {
    const legality = {};
    for (const row of document.querySelectorAll('table.l5r-legality tr[data-format]')) {
        const cells = row.querySelectorAll('td');
        legality[cells[0].textContent.trim()] = {
            status: row.querySelector('[data-status]').getAttribute('data-status'),
            bans: Array.from(cells[2].querySelectorAll('a')).map(a => a.hash.slice(1))};
    }
    const history = {};
    const table = document.querySelector('table[data-l5r-bans]');
    for (const row of table ? table.querySelectorAll('tbody tr') : []) {
        const cells = row.querySelectorAll('td');
        const name = cells[0].textContent.trim();
        const entry = cells[4].querySelector('a');
        history[name] = history[name] || [];
        history[name].push({status: cells[1].textContent.trim(), ban: entry ? entry.hash.slice(1) : null});
    }
    return {legality, history, text: document.querySelector('article').innerText};
}"""


@WIDTHS
@pytest.mark.parametrize("card", CATEGORY_BANNED)
def test_a_card_page_never_contradicts_itself(tab, card, width):
    """Every ban the legality table gives as the reason of a verdict is a row of the ban history, for the same
    format, marked banned (oh-ban-unreleased-promos, the OH ban list's category of promotional cards)."""
    tab.page.set_viewport_size({"width": width, "height": 844})
    tab.open(_card_url(tab, card, record=True))
    seen = tab.page.evaluate(_READ_PAGE)
    banned = {name: row["bans"] for name, row in seen["legality"].items() if row["status"] == "banned"}
    assert "Obsidian Hand" in banned and "oh-ban-unreleased-promos" in banned["Obsidian Hand"], seen["legality"]
    for name, bans in banned.items():
        rows = seen["history"].get(name, [])
        assert {r["ban"] for r in rows} >= set(bans), (name, bans, rows)
        assert all(r["status"] == "banned" for r in rows if r["ban"] in bans), rows
        assert not any(r["status"] == "not on the ban list" for r in rows), rows
    # The table lists the same formats as the legality table, no more and no fewer.
    assert set(seen["history"]) == set(seen["legality"]), (seen["history"], seen["legality"])
    assert "not on the ban list" not in seen["text"].split("Obsidian Hand", 2)[-1].split("\n")[0]


@WIDTHS
def test_a_cards_old_address_forwards_to_its_page_at_card_slug(tab, width):
    """card/keigo-sensei/ is the page of a card the documents name (it was a 404); cards/keigo-sensei/, where the
    page was, forwards there, and the list of the cards the documents name links there."""
    tab.page.set_viewport_size({"width": width, "height": 844})
    page = tab.open(_card_url(tab, "keigo-sensei", record=True))
    assert page.locator("article h1").first.inner_text().strip().rstrip("¶").strip() == "Keigo Sensei"
    old = tab.site.root_url + ("cards/keigo-sensei/" if tab.site.kind == "online" else "cards/keigo-sensei.html")
    page.goto(old)
    page.wait_for_url(re.compile(r"/card/keigo-sensei(/|/index\.html|\.html)#keigo-sensei$"), timeout=10000)
    page.wait_for_function("() => document.documentElement.classList.contains('js')")
    assert page.locator("article h1").first.inner_text().strip().rstrip("¶").strip() == "Keigo Sensei"
    # An anchor of the old page that the lock does not list (its ban history's) is kept: the page moved whole.
    page.goto(old + "#keigo-sensei-status")
    page.wait_for_url(re.compile(r"/card/keigo-sensei(/|/index\.html|\.html)#keigo-sensei-status$"), timeout=10000)
    tab.open(Target("cards/index.md"))
    hrefs = page.eval_on_selector_all("article a", "links => links.map(a => a.getAttribute('href'))")
    assert any(re.search(r"(^|/)card/keigo-sensei(/|\.html)", h or "") for h in hrefs), hrefs
    assert not any(re.search(r"(^|/)cards/keigo-sensei", h or "") for h in hrefs), hrefs


@WIDTHS
def test_a_pool_card_has_a_short_link_that_forwards_to_its_page(tab, width):
    """c/card-kakita-ibara/ (a 404 before) forwards to card/kakita-ibara/, whose head names its public address
    (canonical link and og:url) and describes the card (meta description, og:description). The offline copy
    has the card's page with the same head, and no short links of pool cards: its citations name the public
    address, where they are."""
    page = tab.page
    page.set_viewport_size({"width": width, "height": 844})
    if tab.site.kind == "online":
        page.goto(tab.site.root_url + f"c/card-{POOL_CARD}/")
        page.wait_for_url(re.compile(rf"/card/{POOL_CARD}/#card$"), timeout=10000)
    else:
        assert not (tab.site.directory / "c" / f"card-{POOL_CARD}").exists()
        page.goto(_card_url(tab, POOL_CARD, record=False))
    page.wait_for_load_state("load")
    assert page.locator("article h1").first.inner_text().strip() == "Kakita Ibara"
    head = page.evaluate("""() => ({
        canonical: document.querySelector('link[rel="canonical"]').href,
        url: document.querySelector('meta[property="og:url"]').content,
        description: document.querySelector('meta[name="description"]').content,
        og: document.querySelector('meta[property="og:description"]').content})""")
    assert head["canonical"] == head["url"] == f"{TEST_SITE_URL}card/{POOL_CARD}/", head
    assert head["description"] == head["og"] and re.search(
        r"\b(Legal|Banned|Not legal|Not checked) in ", head["description"]
    ), head


@WIDTHS
def test_copy_citation_on_a_page_of_several_entries_copies_the_entrys_short_link(tab, plan, width):
    """Modern's keywords page holds many entries; Copy citation of Remote copies c/mod-kw-remote/, the link
    that unfurls with Remote's own words (the page's address with #mod-kw-remote unfurls with its first, Brash)."""
    uri, anchor = plan.anchors["mod-kw-remote"]
    page = tab.open(Target(uri, anchor))
    page.set_viewport_size({"width": width, "height": 844})
    button = page.locator(f'.l5r-cite[data-anchor="{anchor}"] .l5r-copy').first
    button.scroll_into_view_if_needed()
    button.click()
    page.wait_for_function("b => b.hasAttribute('data-copy-state')", arg=button.element_handle(), timeout=5000)
    copied = button.get_attribute("data-copied-text")
    assert copied.endswith(f" — {TEST_SITE_URL}c/mod-kw-remote/"), copied
    assert "#" not in copied, copied


# The browser's deck checker (docs/assets/deck-check.js, `L5RDeck.check`) asked for one-card lists in one call.
_CHECK_ALL = """(cases) => cases.map(([text, format, day]) => {
  let report;
  try { report = L5RDeck.check(text, format, day, 'auto', 'one-card.txt', false); }
  catch (e) { return 'error: ' + e.message; }
  const codes = new Set(report.problems.map(p => p.code));
  if (report.warnings.some(w => w.code === 'not-checked') || report.bans === 'not-stated') return null;
  if (codes.has('unknown-card') || codes.has('ambiguous-card')) return null;
  return codes.has('banned') ? 'banned' : codes.has('not-legal') ? 'not-legal' : 'legal';
})"""


def test_the_browsers_deck_checker_gives_every_card_the_pages_verdict(tab):
    """For every card of the fixture pool, every checkable format and every stated date (tests/test_card_consistency.py
    `stated_dates`), the deck checker of the site's page says of a one-card list what the card's page says (its
    legality table and date picker are `DeckChecker.card_legality`'s, which tests/test_card_consistency.py holds
    every card page to)."""

    from l5r.cardpool import load_index
    from l5r.data.load import load_codex
    from l5r.site.cardpage.verdicts import checkers

    from conftest import FIXTURE_POOL
    from test_card_consistency import stated_dates

    codex = load_codex()
    index = load_index(FIXTURE_POOL, codex.cards)
    cases, expected = [], []
    today = build_day()
    for checker in checkers(codex, index):
        for identity in index.identities:
            if not identity.in_pool or identity.deck not in ("Dynasty", "Fate", "Pre-Game"):
                continue
            line = identity.key.replace(" • ", " - ") if identity.experience else identity.key
            if index.find(identity.title, identity.experience).identity is not identity:
                continue  # a title two cards share but for its case ("Fight For My Favor"): the format picks the card
            for day in stated_dates(checker, identity, today):
                verdict = checker.card_legality(identity, day)
                if verdict.status == "not-checked":
                    continue
                cases.append([f"{identity.deck}:\n1 {line}\n", checker.format.id, day.isoformat()])
                expected.append((identity.key, checker.format.id, day.isoformat(), verdict.status))
    page = tab.open(Target("deck-check.md"))
    got = page.evaluate(_CHECK_ALL, cases)
    wrong = [(*e, g) for e, g in zip(expected, got) if g is not None and g != e[3]]
    answered = sum(g is not None for g in got)
    assert answered > 1000 and not wrong, (answered, wrong[:10])
    promos = [
        (e, g)
        for e, g in zip(expected, got)
        if e[1] == "obsidian-hand" and e[0] in ("Keigo Sensei", "Stone of Remembrance")
    ]
    assert promos and all(g in (None, "banned") for e, g in promos if e[2] >= "2015-11-12"), promos
