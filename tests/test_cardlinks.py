"""Rules text that names a pool card links to its page, and the card's page says who cites it.

The pool's titles hold many that are also keywords, elements, clans and set names: a missed link beats
a wrong one (l5r/site/rendering/cardlinks.py). The real documents name no pool card that survives those rules, so the
links are proved on planted text; the rejections are proved on the titles the first build linked wrongly."""

from __future__ import annotations

import re

import pytest

from decks.support import codex, index

from l5r.data.load import load_codex
from l5r.site.rendering import cardlinks
from l5r.site.cardpage.article import CardSite
from l5r.site.cardpage.printings import PoolPrintings
from l5r.site.planning.mdpages import render_linkers_for_tests, render_site_and_citations
from l5r.site.cardpage.slugs import slugs
from markup import written_out


def _rejections():
    rejected: dict = {}
    c = codex()
    linkers = render_linkers_for_tests(c)
    cardlinks.with_pool(c, linkers, index(), slugs(index().identities), rejected)
    return rejected


def test_titles_that_are_game_words_sets_or_clans_never_link():
    rejected = _rejections()
    # What the first build linked, all wrongly: keywords and elements, set names, a clan alignment.
    for title, why in (
        ("Courtier", "one capitalized word"),
        ("Void", "one capitalized word"),
        ("Imperial Gift", "a set's name"),
        ("Scorpion Clan Coup", "a set's name"),
        ("Toturi's Army", "a clan or keyword of the pool's cards"),
    ):
        assert title in rejected and (why == "one capitalized word" or rejected[title] == why), (
            title,
            rejected.get(title),
        )


def test_a_rule_naming_a_pool_card_links_to_its_page_and_is_cited_there(data_copy):
    rules = data_copy / "formats" / "obsidian-hand" / "rules.yml"
    text = rules.read_text(encoding="utf-8")
    assert "No Gold Splitting or Pooling." in text
    rules.write_text(
        text.replace(
            "No Gold Splitting or Pooling.", "No Gold Splitting or Pooling, not even with Questionable Market."
        ),
        encoding="utf-8",
    )
    c = load_codex(data_copy)
    idx = index()
    plan, pages, cited = render_site_and_citations(c, idx)
    page = pages[plan.anchors["oh-guidelines-deck-construction"][0]]
    link = re.search(r'<a class="l5r-term" href="([^"]+)"[^>]*>Questionable Market</a>', page)
    assert link and link.group(1).endswith("card/questionable-market/#card"), link
    identity = idx.find("Questionable Market").identity
    citing = cited[cardlinks.pool_target_id(identity)]
    assert "oh-guidelines-deck-construction" in {r.id for r in citing}
    # The card's page lists the rule with its citation, linked to the rule's anchor.
    site = CardSite.prepare(c, idx, PoolPrintings({}, {}), cited_by=cited, anchors=plan.anchors)
    html = written_out(site.render(identity))
    assert 'id="cited-by"' in html and "OH " in html and "#oh-guidelines-deck-construction" in html
    # Without the planted words the card is cited by nothing and the section is not there.
    _, _, none = render_site_and_citations(codex(), idx)
    assert cardlinks.pool_target_id(identity) not in none


def test_a_verified_example_naming_a_pool_card_is_cited_on_its_page(built_site):
    """The ```scenario examples that name a pool card (docs/scenarios/: "Matsu Goemon" is Overconfident) are
    listed under "Cited by" on the card's page, linked to the example where it is shown (its own anchor)."""
    import sitewalk

    from l5r.scenarios import present

    named = [s for s in present.library().scenarios if "Matsu Goemon" in s.source and s.path.startswith("docs/")]
    assert named, "a verified example in docs/ names Matsu Goemon"
    page_file = built_site / "card" / "matsu-goemon" / "index.html"
    page = written_out(page_file.read_text(encoding="utf-8"))
    cited = page.split('id="cited-by"', 1)[1]
    site = sitewalk.Site(built_site)
    for s in named:
        assert s.title.replace('"', "&quot;") in cited or s.title in cited, s.title
        href = re.search(rf'<a href="([^"]+#{re.escape(s.anchor)})">', cited).group(1)
        target, anchor = site.resolve(page_file, href)
        assert anchor in site.page(target).ids, href


def test_the_pool_terms_kept_are_only_those_of_the_same_inputs(monkeypatch):
    """`pool_terms` keeps its last answer (`mkdocs serve` asks at every rebuild): asked with an input changed in
    what a candidate title is compared with, it answers as if it had never been asked; each change below unlinks
    the card, so none may be answered from the kept terms. Text no candidate is compared with is answered from
    them."""
    from l5r.cardpool.index import CardIndex
    from l5r.site.rendering.render import rules_vocabulary

    c, idx = codex(), index()
    title = "Questionable Market"
    identity = idx.find(title).identity
    slug_of = slugs(idx.identities)
    lower_words, all_text = cardlinks.lower_case_words(cardlinks.codex_text(c))
    inputs = dict(
        index=idx,
        slug_of=slug_of,
        taken=cardlinks.codex_terms(c),
        vocabulary=rules_vocabulary(c),
        lower_words=lower_words,
        all_text=all_text,
    )
    both_words = lower_words | {"questionable", "market"}

    def fresh(**asked):
        cardlinks._TERMS.forget()
        return cardlinks.pool_terms(**asked)

    for name, before, after in [
        ("index", {}, dict(index=CardIndex([i for i in idx.identities if i != identity], c.cards, idx.pool_dir))),
        ("slugs", {}, dict(slug_of={i: s for i, s in slug_of.items() if i != identity})),
        ("taken", {}, dict(taken=inputs["taken"] | {title})),
        ("vocabulary", {}, dict(vocabulary=inputs["vocabulary"] | {"Questionable", "Market"})),
        ("after an article", {}, dict(all_text=all_text + "\nthe Questionable Market")),
        # written in lower case: unlinked once the text writes it so and each of its words is a lower-case word
        ("lower-case words", dict(all_text=all_text + "\nquestionable market"), dict(lower_words=both_words)),
        ("lower-case run", dict(lower_words=both_words), dict(all_text=all_text + "\nquestionable market")),
    ]:
        first, changed = {**inputs, **before}, {**inputs, **before, **after}
        expected = fresh(**changed)
        assert title in fresh(**first) and title not in expected, name
        assert cardlinks.pool_terms(**changed) == expected, name

    kept = fresh(**inputs)
    monkeypatch.setattr(cardlinks, "generic", lambda *a: pytest.fail("worked out again"))
    edited = all_text + "\nA rule (edited) names no card."
    # Each build asks with the slugs `slugs` hands it: a copy of the pool's, equal but not the same dict.
    assert cardlinks.pool_terms(**{**inputs, "all_text": edited, "slug_of": slugs(idx.identities)}) == kept


def test_the_pool_terms_are_kept_beside_the_index_and_read_back_as_worked_out(tmp_path, monkeypatch):
    """Each `mkdocs build` is a new process: the candidates and the terms are kept in the cache folder beside the
    index they were made from, and a new process reads them back as they were worked out, working out neither.
    A file whose terms are not the candidates' (damaged, or written by hand) is worked out again."""
    import json

    from l5r.cardpool import cache, load_index
    from l5r.site.rendering.render import rules_vocabulary
    from decks.support import pool_dir

    c = codex()
    monkeypatch.setattr(cache, "_IN_PROCESS", {})  # (this worker's index is kept in another folder)
    idx = load_index(pool_dir(), c.cards, tmp_path)
    lower_words, all_text = cardlinks.lower_case_words(cardlinks.codex_text(c))
    inputs = (idx, slugs(idx.identities), cardlinks.codex_terms(c), rules_vocabulary(c), lower_words, all_text)

    def new_process():
        cardlinks._CANDIDATES.forget()
        cardlinks._TERMS.forget()
        for kind in ("pool-link-candidates", "pool-link-terms"):
            cache._IN_PROCESS.pop(kind, None)

    new_process()
    worked_out = cardlinks.pool_terms(*inputs)
    assert "Questionable Market" in worked_out
    kept = {kind: list(tmp_path.glob(f"{kind}-*.json")) for kind in ("pool-link-candidates", "pool-link-terms")}
    assert all(len(files) == 1 for files in kept.values()), kept

    new_process()
    with monkeypatch.context() as m:
        m.setattr(cardlinks, "_pool_candidates", lambda *a: pytest.fail("candidates worked out again"))
        m.setattr(cardlinks, "_linked", lambda *a: pytest.fail("terms worked out again"))
        assert cardlinks.pool_terms(*inputs) == worked_out

    # The terms file names a card that is no candidate (the Codex's own record): worked out again, as before.
    (terms_file,) = kept["pool-link-terms"]
    document = json.loads(terms_file.read_text(encoding="utf-8"))
    record = next(n for n, i in enumerate(idx.identities) if i.card_id)
    document["value"] = json.dumps({**json.loads(document["value"]), "Not A Candidate": record})
    terms_file.write_text(json.dumps(document), encoding="utf-8")
    new_process()
    assert cardlinks.pool_terms(*inputs) == worked_out


def test_a_finder_of_the_same_terms_is_reused_with_what_it_found():
    """`pool_names` hands the last finder back while the terms are the same (`mkdocs serve`: each rebuild), and a
    finder keeps the mentions it found in each text: whatever it was asked before, it finds what a new finder of
    its terms finds."""
    from l5r.site.rendering.render import rules_vocabulary

    c, idx = codex(), index()
    lower_words, all_text = cardlinks.lower_case_words(cardlinks.codex_text(c))
    terms = cardlinks.pool_terms(
        idx, slugs(idx.identities), cardlinks.codex_terms(c), rules_vocabulary(c), lower_words, all_text
    )
    title = "Questionable Market"
    fewer = {t: target for t, target in terms.items() if t != title}
    text = f"No gold splitting, not even with {title} or a Questionable Market."

    def found(names, text):
        return [(m.start, m.end, m.term) for m in names.find(text)]

    names = cardlinks.pool_names(terms)
    assert cardlinks.pool_names(dict(terms)) is names, "the same terms: the same finder"
    assert found(names, text) == found(cardlinks.PoolNames(terms), text) and found(names, text)
    other = cardlinks.pool_names(fewer)
    assert other is not names
    assert found(other, text) == found(cardlinks.PoolNames(fewer), text) == []
    assert found(names, text[:20]) == found(cardlinks.PoolNames(terms), text[:20])
