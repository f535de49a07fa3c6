"""every label, link and date the Codex adds to the documents is justified by the document's words.

- Comparison relations are data (`relation:` with the document's phrase as evidence), never inferred.
- Titles the documents do not have are marked as the Codex's own, with the heading the words sit under.
- Auto-links stay within the format's inheritance chain and never take a designator or a verb for a name.
- Ban dates say only what the document says; inferred days are marked, with why.
- Multi-action abilities show each action's designators; an ability stated twice shows both texts, linked.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
import sitewalk

from l5r.data import bandates
from l5r.data.load import check_data, load_codex
from conftest import seeds_dir

ROOT = Path(__file__).resolve().parent.parent
# The five source documents (L5R_SEEDS); tests that read them carry the `seeds` mark (tests/conftest.py).
SEEDS = seeds_dir() or Path("L5R_SEEDS-is-not-set")


def _squash(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("“", '"').replace("”", '"').split())


def _document(codex, format_id) -> str:
    names = {"aeg": ["001_162d39f3c002a62f.txt", "003_46422a279ce1e2f1.txt"]}.get(
        format_id, [codex.formats[format_id].source.document]
    )
    return _squash(" ".join((SEEDS / n).read_text(encoding="utf-8") for n in names))


# ---------------------------------------------------------------------------------------------------------
# Relations
# ---------------------------------------------------------------------------------------------------------


def _compared(codex):
    from l5r.site.planning.compare import topics

    for t in topics(codex):
        for c in t.columns:
            for e in c.entries:
                yield t, c, e


@pytest.mark.seeds
def test_every_compared_record_states_its_relation_with_the_documents_words(codex):
    # Audit of every record a comparison page shows: a relation from the data, and its evidence is in the
    # source document itself, verbatim (only a Codex grouping may have none, and it says why).
    seen = 0
    for topic, column, entry in _compared(codex):
        own = entry.record.relation
        grouped_here = any(x.key == topic.key for x in getattr(entry.record, "compare_with", ()))
        assert own is not None or grouped_here, f"{topic.uri}: {entry.record.id} has no relation: in its data"
        rel = entry.relation
        if rel.kind == "grouping":
            assert rel.note and not rel.evidence, entry.record.id
            continue
        assert rel.evidence, entry.record.id
        assert _squash(rel.evidence) in _document(codex, column.format.id), (
            f"{entry.record.id}: “{rel.evidence}” is not in {column.format.id}'s document"
        )
        seen += 1
    assert seen > 60


@pytest.mark.parametrize(
    "record_id, kind, words",
    [
        ("mod-blood-money", "amends", "Amend the second paragraph of this entry to read"),
        ("mod-straighten-event-end", "amends", "Amend the first paragraph of this entry to read"),
        ("mod-tactician", "amends", "Add the following sentences to this entry"),
        ("mod-events-in-provinces", "amends", "Amend the final sentence of this entry to read"),
        ("mod-deck-construction", "replaces", "They are replaced by the following three rules:"),
        ("mod-ability-seppuku", "adds", "Additional Player Abilities"),
        ("oh-ability-seppuku", "restates", "default player abilities from the rulebook"),
    ],
)
def test_the_issue_examples_carry_the_documents_relation(codex, record_id, kind, words):
    rel = codex.records[record_id].relation
    assert rel.kind == kind and words in rel.evidence


def test_every_obsidian_hand_player_ability_restates_the_rulebook(codex):
    # OH II.D: "The following is a list of default player abilities from the rulebook:"
    for a in codex.formats["obsidian-hand"].abilities:
        assert a.relation.kind == "restates", a.id


def test_obsidian_hand_tactical_advantage_is_shown_beside_tactician_as_the_codexs_grouping(codex):
    from l5r.site.planning.compare import topics

    tactician = next(t for t in topics(codex) if t.key == "tactician")
    oh = next(c for c in tactician.columns if c.format.id == "obsidian-hand")
    assert oh.status == "grouping"
    assert [e.record.id for e in oh.entries] == ["oh-ability-tactical-advantage"]
    assert "Tactical Advantage" in oh.entries[0].relation.note


def test_the_page_shows_the_evidence_beside_the_label_and_on_hover(built_site):
    html = (built_site / "compare/rules/honor/index.html").read_text(encoding="utf-8")
    cell = re.search(r'data-relation="amends">(.*?)</div>', html, re.S).group(1)
    assert 'title="The document: “Amend the second paragraph of this entry to read”"' in cell
    assert '<q class="l5r-evidence">Amend the second paragraph of this entry to read</q>' in cell
    tactician = (built_site / "compare/keywords/tactician/index.html").read_text(encoding="utf-8")
    assert "The Codex&#x27;s grouping" in tactician or "The Codex's grouping" in tactician
    # A rule page shows its relation under the citation too.
    page = (built_site / "formats/modern/amendments/index.html").read_text(encoding="utf-8")
    assert "Amend the first paragraph of this entry to read" in page.split('id="mod-straighten-event-end"')[1][:3000]


def _write(path: Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_schema_rejects_a_relation_without_evidence(data_copy):
    _write(
        data_copy / "formats/modern/rules.yml",
        '          evidence: "Amend the second paragraph of this entry to read"\n',
        "",
    )
    problems = check_data(data_copy)
    assert any("relation" in p.message and "evidence" in p.message for p in problems), problems


def test_a_grouping_needs_no_evidence_but_a_reason(data_copy):
    _write(
        data_copy / "formats/modern/rules.yml",
        '          kind: amends\n          evidence: "Amend the second paragraph of this entry to read"\n',
        "          kind: grouping\n          note: The Codex shows it beside Blood Money.\n",
    )
    assert check_data(data_copy) == []


def test_evidence_that_is_not_the_documents_words_is_refused(data_copy):
    _write(
        data_copy / "formats/modern/rules.yml",
        'evidence: "Amend the second paragraph of this entry to read"',
        'evidence: "Amend the third paragraph"',
    )
    (problem,) = check_data(data_copy)
    assert "Amend the third paragraph" in problem.message and "verbatim" in problem.message
    assert problem.path.endswith("formats/modern/rules.yml")


# ---------------------------------------------------------------------------------------------------------
# Codex titles
# ---------------------------------------------------------------------------------------------------------


def _heading_lines(codex, format_id) -> set[str]:
    names = {"aeg": ["001_162d39f3c002a62f.txt", "003_46422a279ce1e2f1.txt"]}.get(
        format_id, [codex.formats[format_id].source.document]
    )
    out = set()
    for n in names:
        for line in (SEEDS / n).read_text(encoding="utf-8").splitlines():
            line = re.sub(r"^\[edit\]\s*", "", line)
            out.add(_squash(line).strip(":").strip().lower())
    return out


@pytest.mark.seeds
def test_every_section_title_is_the_documents_heading_or_marked_the_codexs(codex):
    for f in codex.bundled_formats:
        lines = _heading_lines(codex, f.id)
        for s in f.all_sections():
            written = _squash(s.heading or s.title).strip(":").strip().lower()
            if s.codex_title is None:
                assert written in lines, f"{s.id}: “{s.title}” is no heading of the document; add codex_title"
            else:
                assert _squash(s.codex_title.under) in _document(codex, f.id), s.id


@pytest.mark.parametrize(
    "record_id, under",
    [("mod-events-in-provinces", "Amendments to the Rules"), ("mod-tactician", "Amendments to the Rules")],
)
def test_the_issue_examples_are_marked_as_the_codexs_titles(codex, built_site, record_id, under):
    assert codex.records[record_id].codex_title.under == under
    html = (built_site / "formats/modern/amendments/index.html").read_text(encoding="utf-8")
    mark = re.search(rf'<p class="l5r-codex-title" data-codex-title="{record_id}">(.*?)</p>', html, re.S)
    assert mark and "the Codex’s own" in mark.group(1) and f"<q>{under}</q>" in mark.group(1)


# ---------------------------------------------------------------------------------------------------------
# Cross-links
# ---------------------------------------------------------------------------------------------------------

_LINK = re.compile(r'<a class="l5r-term" href="([^"]+)" title="[^"]*"(?: data-from="([^"]+)")?>([^<]+)</a>')


def chain_violations(site: Path, codex, walked: list | None = None) -> tuple[int, list[str]]:
    """Walk every auto-link of every page: (how many link to a format's record, what is wrong); `walked` collects
    every auto-link seen, cards included. The target's format
    must be in the inheritance chain of the text's format (`data-from`) and, on a page of one format
    (formats/<id>/…), of that page's format too. Links to cards and card titles belong to no format."""
    count, problems = 0, []
    for page in sitewalk.html_files(site):
        where = page.relative_to(site)
        parts = where.parts
        page_format = parts[1] if len(parts) > 2 and parts[0] == "formats" and parts[1] in codex.formats else None
        for href, origin, text in _LINK.findall(sitewalk.text(page)):
            if walked is not None:
                walked.append((str(where), href))
            target = codex.records.get(href.rpartition("#")[2])
            if target is None or target.format_id is None:
                continue  # a card or a card title: shared by every format
            count += 1
            if not origin:
                problems.append(f"{where}: “{text}” links {target.id} from text of no format")
                continue
            for fmt in {origin, page_format} - {None}:
                chain = {f.id for f in codex.ancestry(fmt)}
                if target.format_id not in chain:
                    problems.append(
                        f"{where}: “{text}” in {fmt} text links {target.id} ({target.format_id}), "
                        f"outside {sorted(chain)}"
                    )
    return count, problems


def test_every_auto_link_stays_within_the_pages_inheritance_chain(built_site, codex):
    walked: list = []
    count, problems = chain_violations(built_site, codex, walked)
    assert not problems, "\n".join(problems[:40])
    # Every auto-link of the site is walked (279 on 2026-11-23, 167 of them to a format's record), not a handful;
    # the regular expression sees every l5r-term link there is.
    every = sum(sitewalk.text(p).count('class="l5r-term"') for p in sitewalk.html_files(built_site))
    assert len(walked) == every and every > 200 and count > 100


def _planted(tmp_path: Path, page: str, link: str) -> Path:
    site = tmp_path / "site"
    (site / page).parent.mkdir(parents=True)
    (site / page).write_text(f"<p>{link}</p>", encoding="utf-8")
    return site


@pytest.mark.parametrize(
    "page, link",
    [
        # New Era builds on no AEG text: AEG's "Samurai" entry (the rulebook Reaction) must not be linked from it.
        (
            "formats/new-era/abilities/index.html",
            '<a class="l5r-term" href="../../aeg/glossary/#aeg-glossary-samurai" title="AEG — x" data-from="new-era">Samurai</a>',
        ),
        # Another format's ability from Modern text (Modern builds on Twenty Festivals and AEG, not Obsidian Hand).
        (
            "compare/abilities/seppuku/index.html",
            '<a class="l5r-term" href="../#oh-ability-seppuku" title="OH — x" data-from="modern">Seppuku</a>',
        ),
        # Text of the right format, but on a New Era page: still outside the page's chain.
        (
            "formats/new-era/turn/index.html",
            '<a class="l5r-term" href="../#mod-kw-stalwart" title="MOD — x" data-from="modern">Stalwart</a>',
        ),
        # A link to a format's record from text that names no format.
        ("index.html", '<a class="l5r-term" href="x/#ne-ability-discard" title="NE — x">Discard</a>'),
    ],
)
def test_the_walk_finds_a_planted_bad_link(tmp_path, codex, page, link):
    count, problems = chain_violations(_planted(tmp_path, page, link), codex)
    assert count == 1 and len(problems) == 1, problems


def test_the_walk_accepts_a_link_into_the_formats_own_chain(tmp_path, codex):
    link = (
        '<a class="l5r-term" href="../#oh-ability-lobby" title="OH — x" '
        'data-from="obsidian-hand">Lobby</a>'
    )  # OH text linking OH's own record
    # OH names Jade Hand Legacy as its basis, and no document names AEG's pages as Jade Hand Legacy's.
    assert [c.id for c in codex.ancestry("obsidian-hand")] == ["obsidian-hand", "jade-hand-legacy"]
    assert chain_violations(_planted(tmp_path, "formats/obsidian-hand/abilities/index.html", link), codex) == (1, [])


@pytest.fixture(scope="module")
def renderer(codex):
    from l5r.site.planning.mdpages import PageRenderer
    from l5r.site.planning.plan import plan_site

    return PageRenderer(codex, plan_site(codex))


def _links_in(renderer, record_id):
    from l5r.site.rendering.render import RenderContext

    r = renderer.codex.records[record_id]
    blocks = r.text + getattr(r, "notes", ())
    html = renderer.text.blocks(blocks, RenderContext("formats/x/y.md", r.format_id, r.id))
    return {(t, h.rpartition("#")[2]) for h, _, t in _LINK.findall(html)}


@pytest.mark.parametrize(
    "record_id, word, wrong",
    [
        ("ne-ability-favor-limited", "Discard", "ne-ability-discard"),  # a verb, not the Discard ability
        ("ne-ability-favor-battle", "Discard", "ne-ability-discard"),
        ("ne-ability-favor-battle", "Favor", "ne-ability-favor-limited"),  # a designator, not the ability
        ("oh-ability-favor-cycle", "Kharmic", "oh-ability-kharmic"),  # a designator
        ("ne-ability-seppuku", "Samurai", "aeg-glossary-samurai"),  # New Era builds on no AEG text
        ("mod-ability-seppuku", "Samurai", "aeg-glossary-samurai"),  # AEG's entry is the rulebook Reaction
        ("oh-ability-reserve", "Recruit", "oh-ability-recruit"),  # verbs: "Recruit your target Reserve Personality"
        ("oh-ability-reserve", "Equip", "oh-ability-equip"),
        ("ne-ability-reserve", "Equip", "ne-ability-equip"),
    ],
)
def test_known_bad_links_are_gone(renderer, record_id, word, wrong):
    assert (word, wrong) not in _links_in(renderer, record_id)


def test_new_era_discard_is_not_linked_from_duels_or_tactical_advantage(renderer, codex):
    found = []
    for f in (codex.formats["new-era"],):
        for k in f.keywords:
            for rid in (k.id, *(s.id for s in k.sections)):
                found += [rid for t, target in _links_in(renderer, rid) if target == "ne-ability-discard"]
        for s in f.all_sections():
            found += [s.id for t, target in _links_in(renderer, s.id) if target == "ne-ability-discard"]
    assert found == []


def test_a_named_ability_still_links(codex):
    from l5r.site.rendering.autolink import Linker, Target

    linker = Linker(
        {
            "Discard": Target("ne-ability-discard", "NE player ability", "t", name_only=True),
            "Favor": Target("ne-ability-favor-limited", "NE player ability", "t"),
        },
        designators={"Favor", "Political", "Battle", "Limited"},
    )
    found = [m.term for m in linker.find("Use the Discard ability; the Favor ability; Favor Political Battle:")]
    assert found == ["Discard", "Favor"]


# ---------------------------------------------------------------------------------------------------------
# Dates
# ---------------------------------------------------------------------------------------------------------


def test_modern_as_of_is_a_statement_about_that_day(codex, built_site):
    entry = codex.records["mod-ban-keigo-sensei"]
    st = bandates.added_statement(entry)
    assert st.qualifier == "as-of" and st.inferred and "2015-08-16" in st.why
    assert "since" not in bandates.status_phrase(entry)
    html = (built_site / "compare/cards/index.html").read_text(encoding="utf-8")
    row = re.search(r'<tr[^>]*><td><a href="[^"]*keigo-sensei/[^"]*">.*?</tr>', html, re.S).group(0)
    assert "banned since 2015-08-16" not in row and "on the list as of 2015-08-16" in row
    assert "on or before" in row  # as the card page says


def test_the_koan_lifts_are_undated(codex, built_site):
    for card in ("koans-jingasa", "koans-robes"):
        entry = codex.records[f"mod-ban-{card}"]
        st = bandates.lifted_statement(entry)
        assert st.qualifier == "undated" and not st.inferred and st.date is None
        html = (built_site / "compare/cards/index.html").read_text(encoding="utf-8")
        row = re.search(rf'<tr[^>]*><td><a href="[^"]*{card}/[^"]*">.*?</tr>', html, re.S).group(0)
        words = re.sub(r"<[^>]+>", "", row)  # a date is marked up (<time>): its words
        assert "lifted 2015-08-16" not in words and "ban lifted (undated)" in words
        assert "the Codex infers" not in row
        card_page = (built_site / f"card/{card}/index.html").read_text(encoding="utf-8")
        assert "lifted 2015-08-16" not in card_page and "the Codex infers in force by" not in card_page


def test_on_or_before_is_kept_wherever_the_card_page_says_it(codex, built_site):
    cards = (built_site / "compare/cards/index.html").read_text(encoding="utf-8")
    checked = 0
    for f in codex.bundled_formats:
        for e in f.bans.entries if f.bans else ():
            if not e.card or e.added_precision not in ("on-or-before", "as-of") or e.lifted:
                continue
            page = (built_site / f"card/{e.card}/index.html").read_text(encoding="utf-8")
            assert "on or before" in page, e.card
            row = re.search(rf'<tr[^>]*><td><a href="[^"]*/{e.card}/[^"]*">.*?</tr>', cards, re.S).group(0)
            assert "on or before" in row, e.card
            checked += 1
    assert checked >= 5


def test_the_deck_checkers_as_of_reading_is_unchanged(codex):
    # The Codex's inference (marked on every page): on the list as of 2015-08-16 means banned that day and after.
    bans = codex.formats["modern"].bans
    on_day = {e.id for e in bans.as_of(dt.date(2015, 8, 16))}
    assert "mod-ban-keigo-sensei" in on_day and "mod-ban-koans-jingasa" not in on_day
    assert "mod-ban-keigo-sensei" not in {e.id for e in bans.as_of(dt.date(2015, 8, 15))}


def test_an_inferred_date_without_a_reason_is_refused(data_copy):
    _write(
        data_copy / "formats/modern/bans.yml",
        "        lifted_by: mod-log-koan-unban\n",
        "        lifted: 2015-08-16\n        lifted_precision: inferred\n        lifted_by: mod-log-koan-unban\n",
    )
    problems = check_data(data_copy)
    assert problems and any("lifted_inference" in p.message for p in problems)


# ---------------------------------------------------------------------------------------------------------
# Multi-action abilities, and an ability stated twice
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.seeds
@pytest.mark.parametrize(
    "format_id, record_id", [("obsidian-hand", "oh-ability-reserve"), ("new-era", "ne-ability-reserve")]
)
def test_reserve_shows_each_actions_own_designators(codex, built_site, format_id, record_id):
    ability = codex.records[record_id]
    first, second = ability.action_designators
    assert "Absent" in first.designators and "Absent" not in second.designators
    for action in ability.action_designators:  # the opening words are the document's, verbatim
        assert _squash(action.text) in _document(codex, format_id)
    html = (built_site / f"formats/{format_id}/abilities/index.html").read_text(encoding="utf-8")
    block = html.split(f'id="{record_id}"')[1].split("<h3")[0]
    actions = re.search(r'<div class="l5r-actions">(.*?)</div>', block, re.S).group(1)
    items = re.findall(r"<li>(.*?)</li>", actions, re.S)
    assert len(items) == 2 and "Absent" in items[0] and "Absent" not in items[1]


def test_obsidian_hand_seppuku_shows_both_texts_linked(codex, built_site):
    assert codex.records["oh-ability-seppuku"].see_also == ("oh-guidelines-player-abilities",)
    assert codex.records["oh-guidelines-player-abilities"].see_also == ("oh-ability-seppuku",)
    compare = (built_site / "compare/abilities/seppuku/index.html").read_text(encoding="utf-8")
    assert "these effects cannot be negated, delayed, or redirected." in compare  # II.D
    assert "unless the action explicitly interacts with Seppuku." in compare  # the Initial Guidelines
    abilities = (built_site / "formats/obsidian-hand/abilities/index.html").read_text(encoding="utf-8")
    assert re.search(r'class="l5r-see-also">.*?#oh-guidelines-player-abilities', abilities, re.S)


def test_the_link_finder_used_above_does_find_links(renderer):
    # Guards the known-bad tests against passing vacuously: the same helper finds a link that is right.
    assert ("Shugenja", "ne-kw-shugenja") in _links_in(renderer, "ne-ability-seppuku")
    # The Obsidian Hand's documents name no AEG page as a basis: its Seppuku links no AEG glossary term.
    assert not {t for _, t in _links_in(renderer, "oh-ability-seppuku") if t.startswith("aeg-")}


def _ne_mentions(codex, text):
    from l5r.site.rendering.render import build_linkers

    return [(text[m.start : m.end], m.target.record_id) for m in build_linkers(codex)["new-era"].find(text)]


def test_verbs_are_told_from_names_by_the_data(codex, data_copy):
    """`autolink_as: name-only` in data (NE Discard: "Discard" is also the verb of rules text) is what keeps the
    verb unlinked: take it out of a copy of the data and "Discard a card" links the ability again."""
    text = "Discard a card from your hand. Use the Discard ability."
    assert _ne_mentions(codex, text) == [("Discard", "ne-ability-discard")]  # only the named ability
    _write(
        data_copy / "formats/new-era/abilities.yml",
        '        key: discard\n        # "Discard" is also the verb of most card and rules text ("Discard a '
        'card"): link only the named ability.\n        autolink_as: name-only\n',
        "        key: discard\n",
    )
    assert _ne_mentions(load_codex(data_copy), text) == [("Discard", "ne-ability-discard")] * 2


def test_designators_are_the_datas_designators(codex):
    """The linker's designators are every ability's `designators:` in data — no list of special words in code."""
    from l5r.site.rendering.render import build_linkers

    from_data = {d for f in codex.formats.values() for a in f.abilities for d in a.designators}
    assert {"Favor", "Kharmic", "Battle", "Political", "Limited", "Absent"} <= from_data
    assert all(linker.designators == from_data for linker in build_linkers(codex).values())
    # "Favor" written as a designator is no mention of the Favor ability; named as an ability, it is one.
    assert _ne_mentions(codex, "Favor Political Battle: Discard") == []


def test_the_aeg_seppuku_entry_shows_the_shugenja_example_losing_the_honor(built_site):
    """AEG Glossary S, Seppuku: the Reaction is for "Courtier or Samurai Personalities". The glossary entry's own
    example shows the Reaction refused for a Shugenja, cited — and the Honor loss still happening (6 − 4 = 2)."""
    html = (built_site / "formats/aeg/glossary/index.html").read_text(encoding="utf-8")
    entry = html[html.index('id="aeg-glossary-seppuku"') : html.index('id="aeg-glossary-show"')]
    example = entry[entry.index("In the AEG rules a Shugenja cannot commit seppuku") :]
    text = " ".join(re.sub(r"<[^>]+>", " ", example).split())
    assert "refused, forbidden by AEG Seppuku" in text  # the rule as pages cite it, its name said once
    assert "the Honor loss still happens: you lose 4 Honor" in text
    assert "✓ your Honor : 2" in text and "✓ Isawa Kaede : in play" in text


def test_the_published_api_leaves_the_koan_lifts_undated(built_site):
    """The JSON API says what the card pages say: the Koan lifts are undated."""
    import json

    doc = json.loads((built_site / "api/v1/formats/modern.json").read_text(encoding="utf-8"))
    for ban in doc["bans"]:
        if ban["id"] in ("mod-ban-koans-jingasa", "mod-ban-koans-robes"):
            assert ban["lifted"] is None and ban["lifted_statement"]["phrase"] == "undated"
            assert ban["lifted_inferred"] is None and ban["lifted_undated"] is True
            assert not ban["lifted_statement"]["inferred"]
    assert doc["ban_list_stated_from"] == "2015-08-16"


def test_the_new_era_scenarios_page_shows_a_not_modelled_step(built_site):
    """The third reason reaches the site: the Fate-deck focus (NE Duels step 1) is shown as not modelled."""
    html = (built_site / "scenarios/new-era/index.html").read_text(encoding="utf-8")
    item = re.search(r"<li>Bayushi Kachiko focuses the top card of her Fate deck(.*?)</li>", html, re.S)
    assert item and "l5r-scenario__outcome--not-modelled" in item.group(1)
    assert "refused, not modelled" in item.group(1) and "forbidden" not in item.group(1)
