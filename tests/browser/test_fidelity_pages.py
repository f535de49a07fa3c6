"""Labels, links and dates, as a judge sees them in a browser: a comparison label shows the document's words beside it and on
hover; a rule page marks a title as the Codex's own; an undated lift reads "undated" with the inference."""

from __future__ import annotations

import pytest

from .conftest import Target

pytestmark = pytest.mark.browser


def test_a_comparison_label_shows_the_documents_words(tab):
    page = tab.open(Target("compare/rules/honor.md"))
    label = page.locator('.l5r-compare__status [data-relation="amends"] .l5r-status').first
    assert label.inner_text() == "Amends"
    assert label.get_attribute("title") == "The document: “Amend the second paragraph of this entry to read”"
    why = page.locator('.l5r-compare__status [data-relation="amends"] .l5r-evidence').first
    assert why.is_visible() and why.inner_text() == "Amend the second paragraph of this entry to read"


def test_a_rule_page_marks_the_codexs_own_title(tab):
    page = tab.open(Target("formats/modern/amendments.md", "mod-tactician"))
    note = page.locator('[data-codex-title="mod-tactician"]')
    assert note.is_visible()
    assert "the Codex’s own" in note.inner_text()
    assert note.locator("q").inner_text() == "Amendments to the Rules"  # the document's heading, quoted


def test_an_undated_lift_reads_undated(tab):
    page = tab.open(Target("compare/cards.md", "title-koans-jingasa"))
    row = page.locator("tr", has=page.locator('a[href*="koans-jingasa"]')).first
    text = row.inner_text()
    assert "ban lifted (undated)" in text and "the Codex infers" not in text and "lifted 2015-08-16" not in text


def test_a_step_the_engine_does_not_model_reads_not_modelled(tab):
    """NE Duels step 1 (the top card of the Fate deck): the example says "not modelled" and why — not "forbidden"."""
    page = tab.open(Target("scenarios/new-era.md"))
    step = page.locator("li", has_text="Bayushi Kachiko focuses the top card of her Fate deck").first
    outcome = step.locator(".l5r-scenario__outcome--not-modelled")
    assert outcome.is_visible()
    text = outcome.inner_text()
    assert "refused, not modelled" in text and "keeps no order of the cards in a Fate deck" in text
    assert "forbidden" not in step.inner_text()
