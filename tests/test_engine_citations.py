"""Each refusal cites the active format's own record: a rule of the format that forbids the step, or the
format's record whose words leave the question open. Never another format's (the Obsidian Hand's Lobby on
tied Family Honor once answered with New Era's sentence)."""

from __future__ import annotations

from l5r.engine.ruleset import ruleset_for
from l5r.scenarios.collect import collect
from l5r.scenarios.runner import run_scenario

from conftest import ROOT


def test_every_refusal_cites_a_record_of_the_active_format(codex):
    cited, wrong = 0, []
    for scenario in collect([ROOT / "docs", ROOT / "data"], ROOT):
        outcome = run_scenario(scenario, codex)
        for step in outcome.steps:
            if not step.refused or not step.rule_id:
                continue
            cited += 1
            record = codex.records[step.rule_id]
            # A scenario that switches on a Codex reading may cite the reading's basis: the page labels it.
            borrowed = (
                ruleset_for(codex.format(scenario.format_id), codex, (scenario.data["reading"],)).readings
                if scenario.data.get("reading")
                else ()
            )
            if record.format_id != scenario.format_id and record.format_id not in {r.basis for r in borrowed}:
                wrong.append(
                    f"{scenario.location} {scenario.title}: “{step.text}” cites {record.citation} "
                    f"({record.format_id}) in {scenario.format_id}"
                )
    assert cited >= 30, cited  # the guard: refusals with a citation were found at all
    assert wrong == []
