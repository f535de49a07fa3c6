"""Executable examples: every ```scenario fence and `examples:` entry runs here, and the runner itself is
checked — a wrong expectation fails with file, line, title and a diff; nothing passes by saying nothing.

Each collected scenario cites the rule ids it checks in its own `rules:` list.
"""

from __future__ import annotations

import copy
import re
import textwrap
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
import sitewalk

from l5r.engine import effects, search, wording
from l5r.engine.ruleset import rulesets
from l5r.scenarios import facts, steps
from l5r.scenarios.collect import collect, from_markdown, from_yaml, parse
from l5r.scenarios.runner import run_scenario

from conftest import ROOT, l5r_here, run_l5r

SCENARIOS = collect([ROOT / "docs", ROOT / "data"], ROOT)
FORMATS = ("obsidian-hand", "new-era", "modern", "aeg")


# ---------------------------------------------------------------------------------------------------------
# The collector: the same fences the site shows, one test each
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{s.location} {s.title}" for s in SCENARIOS])
def test_scenario(scenario, codex):
    outcome = run_scenario(scenario, codex)
    assert outcome.passed, outcome.report()


def test_enough_scenarios_in_every_format():
    per_format = Counter(s.format_id for s in SCENARIOS)
    assert sum(per_format.values()) >= 60
    for fmt in FORMATS:
        assert per_format[fmt] >= 10, f"{fmt} has only {per_format[fmt]} scenarios"


def test_titles_are_unique_per_page():
    """Each card gets its anchor from its title; two equal titles on a page would share one."""
    seen = Counter((s.path, s.anchor) for s in SCENARIOS)
    assert [k for k, n in seen.items() if n > 1] == []


# Rule refs the engine reads from each format's Ruleset: every rule deciding a computed outcome must have a
# verified example citing it.
ENGINE_KEYS = {
    "honor_victory_at",
    "dishonor_loss_at",
    "dishonor_timing",
    "enlightenment_rings",
    "enlightenment_pregame_ring_exemption",
    "max_hand_size",
    "clan_discount",
    "out_of_clan_surcharge",
    "discount_applies_to",
    "proclaim_with_discount",
    "honor_for_destroyed_cards",
    "duel_focus_limit",
    "phases",
    "blood_money",
    "seppuku",
    "clan_alignments",
    "clan_equivalents",
    "conditional_clans",
    "surcharge_exemptions",
    "gold_splitting",
    "gold_pooling",
    "end_phase_draw",
    "end_of_turn",
    "optional_phases",
    "phase_parts",
    "honor_gains_and_losses",
    "points_of_family_honor",
    "military_victory",
    "honor_requirement",
    "clan_honor",
    "proclaim",
    "lobby",
    "battle_resolution",
    "tactical_advantage",
    "tactical_once_per_turn",
    "winds_forbid_favor",
    # Card types and setting up (l5r/engine/cardtypes.py, setup.py)
    "celestial",
    "region",
    "region_cost",
    "regions_per_province",
    "ancestors",
    "going_second_legacy",
    "one_sided_stronghold",
    "starting_holdings",
    "first_turn_immunity",
    "sensei",
    "starting_family_honor",
}


def test_every_computable_rule_has_a_verified_example(codex):
    cited = {rule_id for s in SCENARIOS for rule_id in s.rule_ids}
    needed = set(wording.RULES)
    for ruleset in rulesets(codex).values():  # searching and success: where a format's records give them
        needed |= {ruleset.rule(k) for k in (*search.RULE_KEYS, *effects.RULE_KEYS) if ruleset.rule(k)}
    for ruleset in rulesets(codex).values():
        for key, rule_id in ruleset.rule_refs.items():
            if key in ENGINE_KEYS or key.startswith("keyword_"):
                needed.add(rule_id)
    assert sorted(needed - cited) == []


def test_the_documents_own_examples_are_there():
    titles = " | ".join(s.title for s in SCENARIOS)
    assert "If you have four Shugenja" in titles  # AEG aeg-wording-numbers-two-or-more
    assert "Bow a Samurai and a Courtier" in titles  # AEG aeg-wording-conjunctions-and
    assert "Ranged 3 Attack at -10 Family Honor" in titles  # OH oh-ii-b-points-of-family-honor


# ---------------------------------------------------------------------------------------------------------
# A scenario cannot pass by saying nothing
# ---------------------------------------------------------------------------------------------------------


def _mutated(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        return value[:-1] if value else ["Nobody At All"]
    if isinstance(value, dict):
        return {k: (v + 1 if isinstance(v, int) else v) for k, v in value.items()}
    if str(value).lower() in ("you", "your opponent", "nobody"):
        return {"you": "your opponent", "your opponent": "nobody", "nobody": "you"}[str(value).lower()]
    return ", ".join(_opposite(w.strip()) for w in str(value).split(","))


_OPPOSITES = {
    "bowed": "unbowed",
    "honorable": "dishonorable",
    "at home": "at the battlefield",
    "destroyed": "in play",
    "in a province": "in play",
    "in hand": "in play",
    "in the discard pile": "in play",
    "out of play": "in play",
}


def _opposite(word: str) -> str:
    """A card state word turned into another (or a number into the next); other text gets a suffix."""
    pairs = {**_OPPOSITES, **{v: k for k, v in _OPPOSITES.items() if v != "in play"}, "in play": "destroyed"}
    if word.lower() in pairs:
        return pairs[word.lower()]
    m = re.fullmatch(r"(force|chi) (-?\d+)", word.lower())
    if m:
        return f"{m.group(1)} {int(m.group(2)) + 1}"
    return word + " (changed)"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{s.location}" for s in SCENARIOS])
def test_every_expectation_can_fail(scenario, codex):
    """Change each expected value in turn: the scenario must then fail on that key (no vacuous checks)."""
    for key, value in scenario.data["then"].items():
        broken = copy.deepcopy(scenario)
        broken.data["then"][key] = _mutated(value)
        outcome = run_scenario(broken, codex)
        assert not outcome.passed, f"{scenario.location}: changing “{key}” to {_mutated(value)!r} still passes"
        assert outcome.error is None, outcome.report()


def _scenario(body: str, path="docs/scenarios/test.md", line=10):
    return parse(textwrap.dedent(body).lstrip(), path, line)


GOOD = textwrap.dedent("""
    title: A Samurai is enough
    format: aeg
    rules: [aeg-wording-numbers-a-or-any]
    given:
      you:
        in play: [Hida Kisada: {keywords: [Samurai]}]
    when:
      - check "If you have a Samurai in play"
    then:
      the condition is met: yes
""").lstrip()


def test_a_wrong_expectation_fails_with_file_line_title_and_diff(codex):
    """AEG aeg-wording-numbers-a-or-any: one Samurai meets “a Samurai”, so expecting `no` must fail."""
    outcome = run_scenario(_scenario(GOOD.replace("met: yes", "met: no")), codex)
    assert not outcome.passed and outcome.error is None
    report = outcome.report()
    # `then:` is line 9 of the fence, which starts at line 10 of the page: the key is on line 19.
    assert report.splitlines()[0] == "docs/scenarios/test.md:19: A Samurai is enough"
    assert "- the condition is met: no" in report
    assert "+ the condition is met: yes" in report


def test_the_good_scenario_passes(codex):
    assert run_scenario(_scenario(GOOD), codex).passed


@pytest.mark.parametrize(
    "change, message",
    [
        (("- check", "- chek"), "unknown step “chek"),
        (("then:", "then:\n  duel winner: Hida Kisada"), "no duel was resolved"),
        (("then:", "then:\n  the weather: sunny"), "unknown expectation “the weather”"),
        (("    in play:", "    in plya:"), "unknown field “in plya”"),
        (("title:", "colour: red\ntitle:"), "unknown field “colour”"),
        (("[aeg-wording-numbers-a-or-any]", "[aeg-wording-numbers-a-or-many]"), "no rule has the id"),
        (("format: aeg", "format: jade"), "`format` must be one of"),
        (("  the condition is met: yes", ""), "needs a `then:`"),
        (("  the condition is met: yes", "  the condition is met: maybe"), "is yes or no"),
        (
            ("Hida Kisada: {keywords: [Samurai]}", "Hida Kisada: {keywords: [Samurai], colour: red}"),
            "unknown field “colour”",
        ),
        (("then:", "then:\n  the condition is met: no"), "given twice"),
        (
            (
                '- check "If you have a Samurai in play"',
                '- you resolve "If Ono is honorable, gain 2 Honor or give him +2F", choosing "gain 2 Honor"',
            ),
            "no card named Ono",
        ),
        (('- check "If you have a Samurai in play"', '- check "Whenever the moon is full"'), "is not a condition"),
    ],
)
def test_scenario_errors_say_what_is_wrong(codex, change, message):
    outcome = run_scenario(_scenario(GOOD.replace(*change) if change[0] in GOOD else GOOD), codex)
    assert not outcome.passed
    assert outcome.error is not None and message in outcome.error, outcome.report()


def test_an_unknown_step_points_at_its_line_and_suggests(codex):
    outcome = run_scenario(_scenario(GOOD.replace("- check", "- chekc")), codex)
    assert outcome.line == 17  # the step is line 8 of the fence
    assert "did you mean" in outcome.error


def test_an_unexpected_refusal_fails(codex):
    """NE ne-ability-seppuku: an honorable Samurai may not commit seppuku; a scenario must say so."""
    body = """
        title: Seppuku by an honorable Samurai
        format: new-era
        rules: [ne-ability-seppuku]
        given:
          you: {in play: [Bayushi Aramoro: {keywords: [Samurai]}]}
        when:
          - Bayushi Aramoro commits seppuku
        then:
          destroyed: []
    """
    outcome = run_scenario(_scenario(body), codex)
    assert not outcome.passed
    assert "+ refused: [Bayushi Aramoro commits seppuku]" in outcome.report()


_OH_DUEL = """
    title: A duel in the Obsidian Hand
    format: obsidian-hand
    rules: [oh-ii-b]
    given:
      you: {in play: [A]}
      your opponent: {in play: [B]}
    when:
      - A challenges B to a duel
    then:
      %s
"""


def test_a_rule_the_format_does_not_state_is_a_not_stated_refusal(codex):
    """OH has no duel rules in its documents: the engine says so instead of guessing (ne-kw-duels is NE's),
    and names what is missing (OH builds on Jade Hand Legacy, which the Codex does not bundle)."""
    outcome = run_scenario(_scenario(_OH_DUEL % "not stated: [A challenges B to a duel]"), codex)
    assert outcome.passed, outcome.report()
    (step,) = outcome.steps
    assert step.kind == "not stated" and "do not state the rules of duels" in step.refused
    assert "Jade Hand Legacy" in step.refused and "does not bundle" in step.refused


def test_a_not_stated_step_is_never_a_forbidden_one(codex):
    """A "not stated" must not pass as "refused" (forbidden by a rule), nor go unnoticed."""
    wrong_kind = run_scenario(_scenario(_OH_DUEL % "refused: [A challenges B to a duel]"), codex)
    assert not wrong_kind.passed and "+ not stated: [A challenges B to a duel]" in wrong_kind.report()
    unnoticed = run_scenario(_scenario(_OH_DUEL % "winner: nobody"), codex)
    assert not unnoticed.passed and "+ not stated: [A challenges B to a duel]" in unnoticed.report()


def test_a_fact_the_format_does_not_state_is_expected_as_not_stated(codex):
    """Modern's documents give no Honor victory (it is in the unbundled Twenty Festivals rules): after a turn
    begins at 45 Honor, who has won is "not stated", never "nobody"."""
    body = """
        title: Modern Honor victory
        format: modern
        rules: [mod-highlander]
        given:
          you: {honor: 45}
        when:
          - your turn begins
        then:
          winner: %s
    """
    assert run_scenario(_scenario(body % "not stated"), codex).passed
    nobody = run_scenario(_scenario(body % "nobody"), codex)
    assert not nobody.passed and "Twenty Festivals" in nobody.report(), nobody.report()
    assert not run_scenario(_scenario(body % "not modelled"), codex).passed


# ---------------------------------------------------------------------------------------------------------
# Collecting from Markdown and YAML
# ---------------------------------------------------------------------------------------------------------


def test_fences_are_found_with_their_lines_and_other_fences_skipped():
    page = "# T\n\n````markdown\n```scenario\ntitle: shown as source\n```\n````\n\n```scenario\ntitle: real\n```\n"
    found = from_markdown(page, "p.md")
    assert [(s.title, s.line) for s in found] == [("real", 10)]


def test_examples_lists_in_yaml_records_are_found_with_their_record():
    text = textwrap.dedent("""\
        kind: rules
        sections:
          - id: oh-ii-b
            title: Family Honor
            examples:
              - title: In data
                format: obsidian-hand
                given: {you: {honor: 1}}
                when: [you lose 4 Honor]
                then: {your Honor: -3}
    """)
    found = from_yaml(text, "data/x.yml")
    assert len(found) == 1
    scenario = found[0]
    assert (scenario.title, scenario.line, scenario.record_id, scenario.rule_ids) == (
        "In data",
        6,
        "oh-ii-b",
        ("oh-ii-b",),
    )
    assert scenario.line_of("then") == 10
    assert run_scenario(scenario).passed


def test_a_yaml_file_is_composed_only_when_its_text_may_hold_an_examples_key(monkeypatch):
    """A data file whose text writes no `examples` holds no example and is not composed; a key spelled with escapes
    in double quotes is still found."""
    import yaml

    from l5r.scenarios import collect

    composed = []
    real = yaml.compose
    monkeypatch.setattr(collect.yaml, "compose", lambda text, **kw: composed.append(text) or real(text, **kw))
    plain = "kind: rules\nsections:\n  - id: oh-ii-b\n    title: Family Honor\n"
    assert from_yaml(plain, "data/x.yml") == [] and composed == []
    escaped = textwrap.dedent("""\
        kind: rules
        sections:
          - id: oh-ii-b
            title: Family Honor
            "ex\\x61mples":
              - title: Escaped
                format: obsidian-hand
                given: {you: {honor: 1}}
                when: [you lose 4 Honor]
                then: {your Honor: -3}
    """)
    assert [s.title for s in from_yaml(escaped, "data/x.yml")] == ["Escaped"] and composed


# ---------------------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------------------


def test_cli_runs_docs_and_data():
    result = run_l5r("scenarios", "run", "docs", "data", "-q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"\d+ passed, 0 failed", result.stdout)


def test_cli_reports_a_failure(tmp_path):
    page = tmp_path / "bad.md"
    page.write_text("# Bad\n\n```scenario\n" + GOOD.replace("met: yes", "met: no") + "```\n")
    result = run_l5r("scenarios", "run", page)
    assert result.returncode == 1
    assert f"{page}:" not in result.stdout or "bad.md:" in result.stdout
    assert "A Samurai is enough" in result.stdout and "- the condition is met: no" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize("args", [("scenarios", "run", "no/such/place"), ("scenarios",), ("scenarios", "run")])
def test_cli_usage_errors_exit_2_in_one_sentence(args):
    result = l5r_here(*args)  # what the command decides of its arguments; the console script is run above
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.strip()


# ---------------------------------------------------------------------------------------------------------
# The vocabulary page documents every step and expectation
# ---------------------------------------------------------------------------------------------------------


def test_vocabulary_page_lists_every_step_and_expectation():
    page = (ROOT / "docs" / "scenarios" / "index.md").read_text(encoding="utf-8")
    for step in steps.STEPS:
        assert step.pattern.match(step.example), step.example
        assert step.example.split(" ")[0] in page
    missing = [s.example for s in steps.STEPS if s.example not in page]
    assert missing == [], "steps missing from docs/scenarios/index.md"
    keys = [f.example.split(": ")[0].strip("'") for f in facts.FACTS]
    missing = [k for k in keys if k not in page]
    assert missing == [], "expectations missing from docs/scenarios/index.md"


# ---------------------------------------------------------------------------------------------------------
# On the site: the card under every rule it illustrates, with working links
# ---------------------------------------------------------------------------------------------------------


class _Cards(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.cards, self._depth, self._card = set(), [], 0, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        classes = (attrs.get("class") or "").split()
        if self._card is not None:
            if tag == "div":
                self._depth += 1
            if tag == "a" and attrs.get("href"):
                self._card["links"].append(attrs["href"])
        elif tag == "div" and "l5r-scenario" in classes:
            self._card, self._depth = {"classes": classes, "links": [], "text": ""}, 1

    def handle_endtag(self, tag):
        if self._card is not None and tag == "div":
            self._depth -= 1
            if self._depth == 0:
                self.cards.append(self._card)
                self._card = None

    def handle_data(self, data):
        if self._card is not None:
            self._card["text"] += data


def _parse(path: Path) -> _Cards:
    cards = _Cards()
    cards.feed(path.read_text(encoding="utf-8"))
    return cards


def test_every_example_is_shown_verified_under_each_rule_it_cites(built_site, codex):
    from l5r.site.planning.plan import page_path, plan_site

    plan = plan_site(codex)
    pages = {}  # a page shows many examples: each is parsed once
    for scenario in SCENARIOS:
        for rule_id in scenario.rule_ids:
            uri, _ = plan.anchors[rule_id]
            path = built_site / page_path(uri) / "index.html"
            page = pages[path] = pages.get(path) or _parse(path)
            shown = [c for c in page.cards if scenario.title in c["text"]]
            assert shown, f"{scenario.title} is not shown on the page of {rule_id}"
            assert all("✓ Verified by the test suite" in c["text"] for c in shown)


def test_links_in_example_cards_resolve(built_site):
    # Only pages that show an example are parsed for its cards (the pool adds a card page per card, without one);
    # link targets are read once each by tests/sitewalk.py.
    site = sitewalk.Site(built_site)
    pages = [
        p for p in sitewalk.html_files(built_site) if p.name == "index.html" and "l5r-scenario" in sitewalk.text(p)
    ]
    assert pages, "no page shows a verified example"
    checked = 0
    for path in pages:
        page = _parse(path)
        base = "http://site/" + path.parent.relative_to(built_site).as_posix() + "/"
        for card in page.cards:
            for href in card["links"]:
                url = urlparse(urljoin(base, href))
                target = built_site / url.path.lstrip("/") / "index.html"
                assert site.is_file(target), f"{path}: {href}"
                if url.fragment:
                    assert url.fragment in site.page(target).ids, f"{path}: {href} (no such anchor)"
                checked += 1
    assert checked > 100


# ---------------------------------------------------------------------------------------------------------
# Rendering: fences outside docs/, failing fences, and examples written in the data
# ---------------------------------------------------------------------------------------------------------


def test_a_fence_renders_as_a_verified_card():
    from l5r.scenarios.present import render_fence

    html = render_fence(GOOD)
    assert "✓ Verified by the test suite" in html
    assert 'id="scenario-a-samurai-is-enough"' in html
    assert "check &quot;If you have a Samurai in play&quot;" in html and "— met" in html


def test_a_failing_fence_says_so_and_warns(caplog):
    """The build is strict: a warning stops it, so a failing example can never be published as verified."""
    from l5r.scenarios.present import render_fence

    with caplog.at_level("WARNING", logger="mkdocs.plugins.l5r.scenarios"):
        html = render_fence(GOOD.replace("met: yes", "met: no"))
    assert "Verified by the test suite" not in html and "Not verified" in html
    assert "A Samurai is enough" in caplog.text


def test_an_example_in_the_data_links_to_its_rule_and_names_its_file():
    from l5r.scenarios import present

    text = (
        "kind: rules\nsections:\n  - id: oh-ii-b\n    examples:\n      - title: In data\n"
        "        format: obsidian-hand\n        rules: [oh-ii-b-points-of-family-honor]\n"
        "        given: {you: {honor: 1}}\n        when: [you lose 4 Honor]\n        then: {your Honor: -3}\n"
    )
    scenario = from_yaml(text, "data/formats/obsidian-hand/rules.yml")[0]
    from l5r.site.planning.examples import site_links
    from l5r.site.planning.plan import plan_site

    lib = present.library()
    plan = plan_site(lib.codex)
    here = plan.anchors["oh-ii-b"][0]
    html = present.card_html(
        scenario, run_scenario(scenario, lib.codex), lib, site_links(plan), from_uri=here, anchor=False, home="oh-ii-b"
    )
    assert "✓ Verified by the test suite" in html
    assert "Written in <code>data/formats/obsidian-hand/rules.yml:5</code>" in html
    assert 'href="#oh-ii-b-points-of-family-honor"' in html  # the other rule it cites, on the same page


def test_a_rendered_example_says_why_each_step_was_refused():
    """a reader sees the reason — forbidden by a linked rule, or not stated with what is missing —
    and what happens anyway (AEG Glossary S: a Shugenja cannot commit seppuku, the Honor loss still happens)."""
    from l5r.scenarios.present import render_fence

    seppuku = textwrap.dedent("""
        title: A Shugenja's player still loses the Honor
        format: aeg
        rules: [aeg-glossary-seppuku]
        given:
          you: {honor: 6, in play: [Isawa Kaede: {keywords: [Shugenja]}]}
        when:
          - you lose 4 Honor from an action that targeted Isawa Kaede, and he commits seppuku
        then:
          refused:
            - you lose 4 Honor from an action that targeted Isawa Kaede, and he commits seppuku
          your Honor: 2
    """).lstrip()
    html = render_fence(seppuku)
    assert "✓ Verified by the test suite" in html
    assert "refused, forbidden by" in html and "Seppuku (AEG glossary-seppuku)" in html
    assert "the Honor loss still happens: you lose 4 Honor" in html

    modern = textwrap.dedent("""
        title: Modern Honor victory is not stated
        format: modern
        rules: [mod-highlander]
        given:
          you: {honor: 45}
        when:
          - your turn begins
        then:
          winner: not stated
    """).lstrip()
    html = render_fence(modern)
    assert "✓ Verified by the test suite" in html
    assert 'l5r-scenario__why">— the MOD documents do not state an Honor victory' in html
    assert "Twenty Festivals" in html


_NE_TOP_OF_DECK = """
    title: Focusing the top card of the Fate deck
    format: new-era
    rules: [ne-kw-duels-step-1]
    given:
      you: {in play: [Kakita Toshimoko: {chi: 4}]}
      your opponent: {in play: [Bayushi Kachiko: {chi: 3}]}
    when:
      - Kakita Toshimoko challenges Bayushi Kachiko to a duel
      - Bayushi Kachiko focuses the top card of her Fate deck
      - Bayushi Kachiko strikes
    then:
      duel winner: Kakita Toshimoko
      %s
"""


def test_a_step_the_engine_does_not_model_is_expected_as_not_modelled(codex):
    """NE Duels step 1 states "take the top card of your Fate deck without looking at it"; the engine keeps no
    deck order. The runner expects it only under `not modelled:` — never as forbidden or not stated — and a
    refusal nobody expected fails."""
    step = "Bayushi Kachiko focuses the top card of her Fate deck"
    assert run_scenario(_scenario(_NE_TOP_OF_DECK % f"not modelled: [{step}]"), codex).passed
    as_forbidden = run_scenario(_scenario(_NE_TOP_OF_DECK % f"refused: [{step}]"), codex)
    assert not as_forbidden.passed and f"+ not modelled: [{step}]" in as_forbidden.report()
    as_not_stated = run_scenario(_scenario(_NE_TOP_OF_DECK % f"not stated: [{step}]"), codex)
    assert not as_not_stated.passed
    unnoticed = run_scenario(
        _scenario(_NE_TOP_OF_DECK % "duel totals: {Kakita Toshimoko: 4, Bayushi Kachiko: 3}"), codex
    )
    assert not unnoticed.passed and f"+ not modelled: [{step}]" in unnoticed.report()
    # The refused step changed nothing: Bayushi Kachiko's player still has to act (her strike is taken) and
    # she focused nothing, so she loses on Chi 3 against 4 — `duel winner: Kakita Toshimoko` above.


def test_a_rendered_example_says_a_step_is_not_modelled():
    """The presentation shows the third reason as its own: "refused, not modelled", the rule that states what the
    engine does not model, and the engine's sentence — never "forbidden"."""
    from l5r.scenarios.present import render_fence

    step = "Bayushi Kachiko focuses the top card of her Fate deck"
    html = render_fence(textwrap.dedent(_NE_TOP_OF_DECK % f"not modelled: [{step}]").lstrip())
    assert "✓ Verified by the test suite" in html
    item = re.search(rf"<li>{step}(.*?)</li>", html, re.S).group(1)
    assert "l5r-scenario__outcome--not-modelled" in item and "refused, not modelled" in item
    assert "forbidden" not in item and "Step 1: Focus or Strike" in item
    assert "keeps no order of the cards in a Fate deck" in item


DECK = textwrap.dedent("""
    title: A fourth copy is one too many
    format: obsidian-hand
    rules: [oh-ii-f-deck-restrictions]
    given:
      deck: |
        Stronghold: Shiro Usagi
        Border Keep
        Bamboo Harvesters
        Dynasty:
        4 Utaku Uzuki
      as of: 2016-03-01
    then:
      verdict: not legal
      problems: [copy-limit, deck-size, deck-size]
""").lstrip()


def test_a_deck_scenario_is_answered_by_the_deck_checker(codex):
    """oh-ii-f-deck-restrictions: the deck checker's verdict and problem codes, compared as a scenario compares."""
    assert run_scenario(_scenario(DECK), codex).passed
    wrong = run_scenario(_scenario(DECK.replace("4 Utaku Uzuki", "3 Utaku Uzuki")), codex)
    assert not wrong.passed and wrong.error is None
    assert "- problems: [copy-limit, deck-size, deck-size]" in wrong.report()
    assert "+ problems: [deck-size, deck-size]" in wrong.report()


@pytest.mark.parametrize(
    "change, message",
    [
        (("then:", "then:\n  winner: you"), "unknown expectation “winner” for a deck"),
        (("  as of: 2016-03-01", "  as of: someday"), "`as of` is a day"),
        (("  as of: 2016-03-01", "  as of: 2016-03-01\n  you: {honor: 3}"), "unknown field “you” in a deck's `given`"),
        (("then:", "when:\n  - you draw a card\nthen:"), "a deck scenario has no `when` steps"),
        (("format: obsidian-hand", "format: aeg"), "has no deck construction rules"),
    ],
)
def test_deck_scenario_errors_say_what_is_wrong(codex, change, message):
    outcome = run_scenario(_scenario(DECK.replace(*change)), codex)
    assert outcome.error is not None and message in outcome.error, outcome.report()


# ---------------------------------------------------------------------------------------------------------
# The site's library of scenarios under `mkdocs serve`: an edit re-reads one file
# ---------------------------------------------------------------------------------------------------------


def test_the_library_reads_again_only_the_files_that_changed(tmp_path, monkeypatch):
    """A rebuild after one edit reads that file again (its scenarios are new, with the edit) and keeps what the
    other files hold as it was read (the same objects): every file read and checked again was a tenth of a
    rebuild. The collected scenarios are still `collect`'s, in its order."""
    import os
    import shutil

    from l5r.scenarios import present

    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT / "docs" / "scenarios", tmp_path / "docs" / "scenarios")
    monkeypatch.setattr(present, "_cache", {})  # this project's library, not the one other tests share
    monkeypatch.setattr(present, "_RECHECK_SECONDS", 0.0)
    present.use_project(tmp_path)
    first = present.library()
    edited = tmp_path / "docs" / "scenarios" / "modern.md"
    text = edited.read_text(encoding="utf-8")
    title = re.search(r"^title: (.+)$", text, re.M).group(1)
    edited.write_text(text.replace(f"title: {title}", f"title: {title} (edited)", 1), encoding="utf-8")
    stat = edited.stat()
    os.utime(edited, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))  # a later time, as an editor leaves
    second = present.library()
    assert second is not first
    assert [(s.path, s.title) for s in second.scenarios] == [
        (s.path, s.title) for s in collect([tmp_path / "docs", tmp_path / "data"], tmp_path)
    ]
    before = {id(s) for s in first.scenarios}
    kept = [s for s in second.scenarios if s.path != "docs/scenarios/modern.md"]
    read_again = [s for s in second.scenarios if s.path == "docs/scenarios/modern.md"]
    assert kept and all(id(s) in before for s in kept)
    assert read_again and not any(id(s) in before for s in read_again)
    assert f"{title} (edited)" in [s.title for s in read_again]


def test_each_build_sees_an_edit_made_just_after_the_last_one(tmp_path, monkeypatch):
    """Under `mkdocs serve` two edits a moment apart are two builds: the second build's examples come from the
    data as the second edit left it, not from the library the first build read (a format's short name, shown in
    each example's head, stayed the old one on the pages with examples)."""
    import os
    import shutil

    from l5r.scenarios import present

    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT / "docs" / "scenarios", tmp_path / "docs" / "scenarios")
    monkeypatch.setattr(present, "_cache", {})  # this project's library, not the one other tests share
    monkeypatch.setattr(present, "_RECHECK_SECONDS", 3600.0)  # the second build starts well within the pause
    present.use_project(tmp_path)  # the first build
    first = present.library()
    fmt = tmp_path / "data" / "formats" / "obsidian-hand" / "format.yml"
    fmt.write_text(
        fmt.read_text(encoding="utf-8").replace("short_name: Obsidian Hand\n", "short_name: Obsidian Hand Edited\n"),
        encoding="utf-8",
    )
    stat = fmt.stat()
    os.utime(fmt, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))
    assert present.library() is first  # within one build the library is read once
    present.use_project(tmp_path)  # the second build
    second = present.library()
    assert second is not first
    assert second.codex.formats["obsidian-hand"].short_name == "Obsidian Hand Edited"
