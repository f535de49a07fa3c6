"""The deck-check page (issue #13): the conformance suite in Chromium, online and from file://, on a phone.

Every case of tests/deck-conformance/ is typed into the page as a player would (paste, pick the format and the
day, press Check); the page's result must be the case's `expect`, and its whole JSON (messages included) must
equal what the command line's checker gives for the same decklist.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

from decks.conformance import cases, expected, explain, summary
from decks.support import checker
from l5r.decklist import parse_decklist

from .conftest import Target

pytestmark = pytest.mark.browser
CASES = cases()
PAGE = Target("deck-check.md", None)


def open_checker(tab):
    page = tab.open(PAGE)
    page.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)
    return page


def run_case(page, case) -> dict:
    page.fill("#deck-check textarea", case.text)
    # The file name a player's file would carry (its suffix lets detection pick YAML), as a dropped file sets it.
    page.evaluate("name => document.querySelector('#deck-check textarea').setAttribute('data-source', name)",
                  case.filename)
    page.select_option("#deck-check select[name=format]", case.format)
    page.fill("#deck-check input[name=as_of]", case.as_of)
    page.select_option("#deck-check select[name=input_format]", case.input_format or "auto")
    page.evaluate("() => document.querySelector('#deck-check .deck-check-result').textContent = ''")
    page.click("#deck-check button[type=submit]")
    page.wait_for_selector("#deck-check .deck-check-json", state="attached", timeout=10000)
    return json.loads(page.text_content("#deck-check .deck-check-json"))


def python_report(case) -> dict:
    """What `l5r deck check --json` prints for the case (the same DeckChecker the CLI runs)."""
    deck = parse_decklist(case.text, case.filename, case.input_format)
    return checker(case.format).check(deck, dt.date.fromisoformat(case.as_of)).as_json()


# NOT YET PORTED to the page (issue 13 part 1 landed in the CLI at 19:20): did-you-mean `suggestions`, the
# printing check's set-ignored wording, Sun and Moon's `Legality:` line as the format (format-mismatch) and set
# acronyms, sorting headerless cards without a no-section warning. These cases must still FAIL on the page
# (strict): when one passes, take it off the list. The lead's report lists them as open work.
KNOWN_GAPS = {"oh-not-legal-and-unknown", "oracle-issue13-lines", "sunandmoon-format-mismatch",
              "unknown-card-suggestions"}
# Cases the page cannot run as they stand: no --format (the page would take it from Legality:), an `error`
# verdict (a CLI exit status), or no card pool (the page is built with the pool).
NOT_RUNNABLE = {c.id for c in CASES if not c.format or c.pool != "real" or c.expect["verdict"] == "error"}


def test_every_conformance_case_agrees_with_the_cli(tab):
    page = open_checker(tab)
    failures = {}
    for case in CASES:
        if case.id in NOT_RUNNABLE:
            continue
        got = run_case(page, case)
        if summary(got, case.expect) != expected(case):
            failures[case.id] = explain(case, summary(got, case.expect), f"the deck-check page ({tab.site.kind})")
        elif {k: v for k, v in got.items() if k in python_report(case)} != python_report(case):
            failures[case.id] = (f"{case.id}: page and CLI differ:\npage {json.dumps(got, ensure_ascii=False)}\n"
                                 f"cli  {json.dumps(python_report(case), ensure_ascii=False)}")
    unexpected = {k: v for k, v in failures.items() if k not in KNOWN_GAPS}
    assert not unexpected, "\n\n".join(unexpected.values())
    fixed = KNOWN_GAPS - set(failures) - NOT_RUNNABLE
    assert not fixed, f"now agreeing, take them off KNOWN_GAPS: {sorted(fixed)}"
    assert len(CASES) - len(NOT_RUNNABLE) - len(KNOWN_GAPS) >= 40


def test_problems_link_to_their_rule_and_verdict_shows(tab):
    page = open_checker(tab)
    case = next(c for c in CASES if c.id == "oh-banned-hantei")
    run_case(page, case)
    assert page.text_content(".deck-check-verdict").startswith("NOT LEGAL (1 problem)")
    link = page.locator(".deck-check-problems li[data-code=banned] a.deck-check-rule")
    href = link.get_attribute("href")
    assert "#oh-ban-hantei" in href
    link.click()
    page.wait_for_load_state("load")
    assert page.locator("[id='oh-ban-hantei']").count() == 1  # the ban entry's permalink anchor exists there


def test_user_mistakes_are_sentences_not_crashes(tab):
    page = open_checker(tab)
    page.fill("#deck-check textarea", "pre_game:\n  - Kaiu Shiro\n\tdynasty: [\n")
    page.select_option("#deck-check select[name=input_format]", "yaml")
    page.click("#deck-check button[type=submit]")
    assert "not valid YAML" in page.text_content(".deck-check-error")


def test_phone_width(browser, online_site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(online_site.url("deck-check.md"))
        page.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)
        case = next(c for c in CASES if c.id == "oh-not-legal-and-unknown")
        run_case(page, case)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways on a 390 px phone ({width} px wide)"
        for selector in ("#deck-check textarea", "#deck-check button[type=submit]", ".deck-check-verdict"):
            box = page.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
    finally:
        context.close()
