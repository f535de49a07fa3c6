"""The deck-check page: the conformance suite in Chromium, online and from file://, on a phone.

Every case of tests/deck-conformance/ is entered into the page as a player would (paste, pick the format and the
day, press Check; in one call into the page, and every eighth case also step by step through Playwright, which must
give the same); the page's result must be the case's `expect`, and its whole JSON (messages included) must
equal what the command line's checker gives for the same decklist.
"""

from __future__ import annotations

import copy
import datetime as dt
import json

import pytest
from playwright.sync_api import expect

from decks.conformance import cases, expected, explain, summary
from decks.support import codex, index
from l5r.cardpool import load_index
from l5r.engine.deck import check_text
from l5r.errors import CodexError

from .conftest import Target

pytestmark = pytest.mark.browser
CASES = cases()
PAGE = Target("deck-check.md", None)


def open_checker(tab):
    page = tab.open(PAGE)
    page.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)
    return page


def run_case(page, case) -> dict:
    """The page's result for a case: its JSON, or {"error": sentence} when it shows an error instead."""
    page.fill("#deck-check textarea", case.text)
    # The file name a player's file would carry (its suffix lets detection pick YAML), as a dropped file sets it.
    page.evaluate(
        "name => document.querySelector('#deck-check textarea').setAttribute('data-source', name)", case.filename
    )
    # No format in the case: leave the page's default, "named by the decklist" (the CLI without --format).
    page.select_option("#deck-check select[name=format]", case.format or "")
    page.fill("#deck-check input[name=as_of]", case.as_of)
    page.select_option("#deck-check select[name=input_format]", case.input_format or "auto")
    page.set_checked("#deck-check input[name=strict_titles]", case.strict_titles)
    page.evaluate("() => document.querySelector('#deck-check .deck-check-result').textContent = ''")
    page.click("#deck-check button[type=submit]")
    page.wait_for_selector(
        "#deck-check .deck-check-json, #deck-check .deck-check-error", state="attached", timeout=10000
    )
    if page.locator("#deck-check .deck-check-error").count():
        # the checker's own sentence (the page shows a player's sentence; the checker's is kept in data-message)
        return {"error": page.get_attribute("#deck-check .deck-check-error", "data-message")}
    return json.loads(page.text_content("#deck-check .deck-check-json"))


# The same steps as run_case, in one call into the page: the fields set as a paste and a pick set them (the value,
# then the input or change event the page listens for), the box ticked by a click, Check pressed, its answer awaited. Playwright's
# steps cost a round trip each (about 1 s a case on a loaded machine, 20 times what the check itself takes);
# the conformance cases go through this one, and a sample of them through run_case too, which must give the same.
_RUN_IN_PAGE = """async ([text, name, format, asOf, inputFormat, strict]) => {
  const root = document.querySelector('#deck-check');
  const set = (selector, value, event) => {
    const field = root.querySelector(selector);
    field.value = value;
    field.dispatchEvent(new Event(event, {bubbles: true}));
  };
  set('textarea', text, 'input');
  root.querySelector('textarea').setAttribute('data-source', name);
  set('select[name=format]', format, 'change');
  set('input[name=as_of]', asOf, 'input');
  set('select[name=input_format]', inputFormat, 'change');
  const strictBox = root.querySelector('input[name=strict_titles]');
  if (strictBox.checked !== strict) strictBox.click();
  root.querySelector('.deck-check-result').textContent = '';
  root.querySelector('button[type=submit]').click();
  // the check runs in the page's worker: wait for its answer (the page is busy until it comes)
  for (let n = 0; n < 4000 && (root.hasAttribute('data-busy') ||
       !root.querySelector('.deck-check-error, .deck-check-json')); n++) {
    await new Promise((done) => setTimeout(done, 5));
  }
  const error = root.querySelector('.deck-check-error');
  if (error) return {error: error.getAttribute('data-message')};
  return JSON.parse(root.querySelector('.deck-check-json').textContent);
}"""


def run_case_in_page(page, case) -> dict:
    """run_case's answer in one call into the page."""
    return page.evaluate(
        _RUN_IN_PAGE,
        [case.text, case.filename, case.format or "", case.as_of, case.input_format or "auto", case.strict_titles],
    )


def cli_result(case) -> dict:
    """What `l5r deck check --json` gives for the case: the CLI's own call (check_text) with the format from
    --format or the decklist's Legality: line; its JSON, or {"error": the sentence it prints before exiting 2}.
    Worked out once per case and process: the online site and the offline copy are held to the same answer (a copy
    each, so neither comparison can change what the other sees)."""
    if case.file not in _CLI_RESULTS:
        _CLI_RESULTS[case.file] = _cli_result(case)
    return copy.deepcopy(_CLI_RESULTS[case.file])


_CLI_RESULTS: dict[str, dict] = {}  # case file -> what cli_result gives


def _cli_result(case) -> dict:
    pool = index() if case.pool == "real" else load_index(None, codex().cards)
    try:
        result = check_text(
            codex(),
            case.text,
            pool,
            dt.date.fromisoformat(case.as_of),
            source=case.filename,
            format_id=case.format,
            input_format=case.input_format,
            strict_titles=case.strict_titles,
        )
    except CodexError as exc:
        return {"error": str(exc)}
    return result.report.as_json()


# The only cases a page cannot run: `"pool": "none"` (the CLI without --cardpool). The page's data is generated
# with the pool the site is built with, and the full-pool page cannot forget the pool; test_no_pool_page runs
# those cases on the page with the data a build without a pool writes.
NOT_RUNNABLE = {c.id for c in CASES if c.pool != "real"}


# Every PLAYER_SAMPLE-th case is also typed in step by step (run_case): the one-call driver must see what a
# player sees.
PLAYER_SAMPLE = 8


def agreement_failures(page, cases, who) -> dict:
    failures = {}
    for n, case in enumerate(cases):
        got, cli = run_case_in_page(page, case), cli_result(case)
        if n % PLAYER_SAMPLE == 0 and (typed := run_case(page, case)) != got:
            failures[case.id] = (
                f"{case.id}: typed in step by step, the page gives another result than the one-call "
                f"driver:\ntyped    {typed}\ndriver   {got}"
            )
            continue
        if case.expect["verdict"] == "error" or "error" in got:
            phrase = case.expect.get("error_contains", "")
            if case.expect["verdict"] != "error" or "error" not in got or phrase not in got["error"] or got != cli:
                failures[case.id] = (
                    f"{case.id}: expected an error containing {phrase!r} as the CLI gives it:\npage {got}\ncli  {cli}"
                )
        elif summary(got, case.expect) != expected(case):
            failures[case.id] = explain(case, summary(got, case.expect), who)
        elif got != cli:
            failures[case.id] = (
                f"{case.id}: page and CLI differ:\npage {json.dumps(got, ensure_ascii=False)}\n"
                f"cli  {json.dumps(cli, ensure_ascii=False)}"
            )
    return failures


def test_every_conformance_case_agrees_with_the_cli(tab):
    page = open_checker(tab)
    runnable = [c for c in CASES if c.id not in NOT_RUNNABLE]
    failures = agreement_failures(page, runnable, f"the deck-check page ({tab.site.kind})")
    assert not failures, "\n\n".join(failures.values())
    assert len(runnable) >= 60 and len(NOT_RUNNABLE) <= 1, (len(runnable), sorted(NOT_RUNNABLE))


def test_no_pool_page(contexts, online_site, plan):
    """The `"pool": "none"` cases on the page as a site built without a card pool serves it: the page is given the
    deck-check-data.js such a build writes (l5r/site/api/ with no pool) in place of the full-pool one."""
    from l5r.site.api import site_outputs

    no_pool_cases = [c for c in CASES if c.id in NOT_RUNNABLE]
    assert no_pool_cases, "the suite has no case without the card pool"
    data = site_outputs(codex(), plan, True, pool_dir=None)["assets/deck-check-data.js"]
    assert '"has_pool":false' in data
    with contexts.get().tab() as (page, _, outside):
        page.route(
            "**/assets/deck-check-data.js",
            lambda route: route.fulfill(body=data, content_type="text/javascript; charset=utf-8"),
        )
        page.goto(online_site.url("deck-check.md"))
        page.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)
        assert "Built without the card pool" in page.text_content(".deck-check-status")
        failures = agreement_failures(page, no_pool_cases, "the deck-check page without a card pool")
        assert not failures, "\n\n".join(failures.values())
    assert not outside, f"requests left the machine: {outside}"


def test_did_you_mean_matches_the_cli_on_many_misspellings(contexts, online_site):
    """The page's "did you mean" is index.py suggest() (Dice of title bigrams, >= 0.5, ties by title key): the same
    titles in the same order for 200 misspelt pool titles (letters swapped, a vowel, a curly quote, an accent
    inserted; a fixed seed), not only for the suite's few cases."""
    import random

    rnd = random.Random(13)
    titles = sorted({i.title for i in index().identities})
    written = []
    for title in rnd.sample(titles, 200):
        chars = list(title)
        if len(chars) > 3:
            k = rnd.randrange(len(chars) - 1)
            chars[k], chars[k + 1] = chars[k + 1], chars[k]
        if rnd.random() < 0.3:
            chars.insert(rnd.randrange(len(chars)), rnd.choice("aeiou\u2019-\u00e9"))
        written.append("".join(chars))
    want = [index().suggest(w) for w in written]
    assert sum(1 for w in want if w) > 150, "the misspellings should mostly get suggestions"
    with contexts.get().tab() as (page, _, _):
        page.goto(online_site.url("deck-check.md"))
        page.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)
        got = page.evaluate("words => words.map(w => L5RDeck.prepare().table.suggest(w))", written)
    differ = [(w, a, b) for w, a, b in zip(written, want, got) if a != b]
    assert not differ, differ[:5]


def test_problems_link_to_their_rule_and_verdict_shows(tab):
    page = open_checker(tab)
    case = next(c for c in CASES if c.id == "oh-banned-hantei")
    run_case(page, case)
    assert page.text_content(".deck-check-verdict").startswith("NOT LEGAL (1 problem)")
    link = page.locator(".deck-check-problems li[data-code=banned] a.deck-check-rule")
    href = link.get_attribute("href")
    assert "#oh-ban-hantei" in href
    link.click()
    # Online the theme loads the page in place (instant navigation): no new load event to wait for, but the
    # ban entry's permalink anchor, which must be there once.
    expect(page.locator("[id='oh-ban-hantei']")).to_have_count(1, timeout=10000)


@pytest.mark.parametrize(
    "case_id, words, verdict",
    [
        ("new-era-base", "CANNOT BE CHECKED in New Era Edition", "cannot-be-checked"),
        (
            "modern-bans-not-stated-before-2015-08-16",
            "CANNOT BE CHECKED in Modern (ban list not stated as of 2015-08-15)",
            "cannot-be-checked",
        ),
        ("not-a-decklist", "NOT A DECKLIST: no line of it is a section header", "not-a-decklist"),
    ],
)
def test_verdicts_that_are_neither_legal_nor_not_legal(tab, case_id, words, verdict):
    """New Era's collection is not in the pool; Modern states no ban list before 2015-08-16; prose is no decklist:
    the page never shows a green LEGAL or a red NOT LEGAL with problems for them (the CLI's exit 3 and 4)."""
    page = open_checker(tab)
    run_case(page, next(c for c in CASES if c.id == case_id))
    shown = page.text_content(".deck-check-verdict")
    assert shown.startswith(words), shown
    # One clean sentence: the verdict's words are not repeated by its reason ("NOT A DECKLIST: this is not a ...").
    assert shown.lower().count(verdict.replace("-", " ")) == 1, shown
    assert page.get_attribute("#deck-check .deck-check-result", "data-verdict") == verdict
    assert page.locator(".deck-check-verdict.legal, .deck-check-verdict.not-legal").count() == 0
    if verdict == "cannot-be-checked":
        assert page.text_content(".deck-check-reason").startswith("Neither legal nor not legal: ")


def test_exact_titles_box_does_what_strict_titles_does(tab):
    """The page's "Exact titles only" box is the CLI's --strict-titles: labelled, reached with Tab and ticked with
    Space from the keyboard; ticked, a near-certain typo is an unknown-card problem naming the card it is close to
    (the CLI's whole JSON with --strict-titles), unticked it is read as the card with a read-as warning."""
    page = open_checker(tab)
    box = page.get_by_label("Exact titles only")
    assert box.count() == 1 and box.get_attribute("type") == "checkbox" and not box.is_checked()
    help_text = page.text_content("#" + box.get_attribute("aria-describedby"))
    # Explained in the page's words, not the command line's option.
    assert "is a problem" in help_text and "--" not in help_text, help_text
    page.focus("#deck-check select[name=input_format]")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "strict_titles"
    page.keyboard.press("Space")
    assert box.is_checked()
    typo = next(c for c in CASES if c.id == "posted-2010-grinningdemon-crane")
    strict = next(c for c in CASES if c.id == "strict-titles-posted-crane")
    assert strict.text == typo.text and strict.strict_titles and not typo.strict_titles

    def submit(case):
        page.fill("#deck-check textarea", case.text)
        page.select_option("#deck-check select[name=format]", case.format)
        page.fill("#deck-check input[name=as_of]", case.as_of)
        page.evaluate("() => document.querySelector('#deck-check .deck-check-result').textContent = ''")
        page.click("#deck-check button[type=submit]")
        page.wait_for_selector("#deck-check .deck-check-json", state="attached", timeout=10000)
        return json.loads(page.text_content("#deck-check .deck-check-json"))

    ticked = submit(strict)
    assert ticked == cli_result(strict)
    assert [p["suggestions"] for p in ticked["problems"] if p["code"] == "unknown-card"] == [
        ["Barley Farm"],
        ["Traveling Peddler"],
        ["Weigh the Cost"],
    ]
    assert not [w for w in ticked["warnings"] if w["code"] == "read-as"]
    box.focus()
    page.keyboard.press("Space")
    assert not box.is_checked()
    unticked = submit(typo)
    assert unticked == cli_result(typo)
    assert [w["line"] for w in unticked["warnings"] if w["code"] == "read-as"] == [16, 20, 39]


def test_the_page_says_which_pool_it_checks_against(tab):
    """The test site is built with the small fixture pool: the page must not call it the full card pool, and says
    how many cards it knows and that a card outside them is reported as unknown."""
    from conftest import FIXTURE_POOL

    page = open_checker(tab)
    status = page.text_content("#deck-check .deck-check-status")
    known = len(load_index(FIXTURE_POOL, codex().cards).identities)
    assert status.startswith(f"{known:,} cards known, from a card pool of "), status
    assert "not the pinned game_on_yasuki database" in status and "reported as unknown" in status, status
    assert "full card pool" not in status and "whole card pool" not in status, status


def test_user_mistakes_are_sentences_not_crashes(tab):
    page = open_checker(tab)
    page.fill("#deck-check textarea", "pre_game:\n  - Kaiu Shiro\n\tdynasty: [\n")
    page.select_option("#deck-check select[name=input_format]", "yaml")
    page.click("#deck-check button[type=submit]")
    assert "not valid YAML" in page.text_content(".deck-check-error")


@pytest.mark.parametrize(
    "case_id", ["oh-not-legal-and-unknown", "sunandmoon-format-mismatch", "sunandmoon-no-legality-needs-format"]
)
def test_phone_width(contexts, online_site, case_id):
    """players check decks on a phone at the venue. On a 390 px screen the page never scrolls sideways,
    with a long result (every warning of a Sun and Moon deck, the JSON opened) or an error shown."""
    with contexts.get(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).tab() as (page, _, _):
        page.goto(online_site.url("deck-check.md"))
        page.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)
        case = next(c for c in CASES if c.id == case_id)
        run_case(page, case)
        if page.locator("#deck-check details").count():
            page.click("#deck-check details summary")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        wide = page.evaluate("""() => Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getBoundingClientRect().right > 390.5 && getComputedStyle(e).position !== 'fixed'
                    && !e.closest('.md-sidebar, .md-search, .md-nav, .md-header, [hidden]'))
            .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""")
        assert width <= 390, f"the page scrolls sideways on a 390 px phone ({width} px wide): {wide}"
        for selector in (
            "#deck-check textarea",
            "#deck-check select[name=format]",
            "#deck-check select[name=input_format]",
            "#deck-check button[type=submit]",
            "#deck-check .deck-check-result > :first-child",
        ):
            box = page.locator(selector).first.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)


# ---------------------------------------------------------------------------------------------------------
# A long paste is checked off the page's thread (issue: hostile input, the browser checker)
# ---------------------------------------------------------------------------------------------------------

_TYPE_WHILE_CHECKING = """async ([text]) => {
  const root = document.querySelector('#deck-check');
  const area = root.querySelector('textarea');
  area.value = text;
  // (laying out a 5 MB text box takes the browser seconds by itself: that is done before Check is pressed)
  for (let n = 0; n < 2; n++) await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  // The date field notes whether the check was still running when a typed key reached it.
  const date = root.querySelector('input[name=as_of]');
  date.addEventListener('input', () => { date.dataset.typedWhileBusy = String(root.hasAttribute('data-busy')); },
                        {once: true});
  root.querySelector('button[type=submit]').click();
  // A check on the page's thread would be over before the click returned, and no timer could run during it.
  const busyAfterClick = root.hasAttribute('data-busy');
  let ticks = 0;
  while (root.hasAttribute('data-busy') && ticks < 20) { await new Promise((done) => setTimeout(done, 10)); ticks++; }
  return {busyAfterClick, ticks, busy: root.hasAttribute('data-busy')};
}"""

# A paste, as the browser delivers one: the text box's value replaced at once (Playwright's fill edits a 5 MB box
# keystroke-style, which on a slow machine takes the browser longer than any timeout, checker or not).
_PASTE_AND_CHECK = """(text) => {
  const root = document.querySelector('#deck-check');
  root.querySelector('textarea').value = text;
  root.querySelector('button[type=submit]').click();
}"""


def test_a_five_megabyte_paste_leaves_the_page_responsive(tab):
    """300,000 lines' worth (5 MB): the page keeps answering while its worker checks them, and a new check ends the
    long one. No clock is read: the page's own timers must run while the check runs, and a typed date must reach
    its field before the check is over (a check on the page's thread allows neither). Online the worker is
    assets/deck-check-worker.js; from file:// (the offline copy) one the page makes from a Blob."""
    page = open_checker(tab)
    lines = "Dynasty:\n" + "1 Hida Akeno - a remark to make the line longer\n" * 110_000
    assert 5_000_000 < len(lines.encode()) < 8 * 1024 * 1024
    got = page.evaluate(_TYPE_WHILE_CHECKING, [lines])
    assert got == {"busyAfterClick": True, "ticks": 20, "busy": True}, got  # 20 timers ran, the check still running
    page.fill("#deck-check input[name=as_of]", "2015-08-16")  # typing works while it checks
    assert page.input_value("#deck-check input[name=as_of]") == "2015-08-16"
    assert page.get_attribute("#deck-check input[name=as_of]", "data-typed-while-busy") == "true"
    page.evaluate(_PASTE_AND_CHECK, "Dynasty:\n1 Hida Akeno\n")  # a new check ends the long one
    page.wait_for_selector("#deck-check[data-busy]", state="detached", timeout=60_000)
    assert "Dynasty 1" in page.text_content("#deck-check .deck-check-counts")


# Counts the workers the page starts: online by address (Worker), offline from a Blob (the browser's own Worker, kept
# as L5RNativeWorker before the offline copy's shim replaced Worker).
_COUNT_WORKERS = """() => {
  window.__workers = 0;
  for (const name of ['Worker', 'L5RNativeWorker']) {
    const Made = window[name];
    if (Made) window[name] = function (address, options) { window.__workers++; return new Made(address, options); };
  }
}"""
# Each text pasted and checked in turn, in one task (so a check after the first finds the one before still busy),
# then the last answer's counts.
_CHECK_EACH = """async (texts) => {
  const root = document.querySelector('#deck-check');
  for (const text of texts) {
    root.querySelector('textarea').value = text;
    root.querySelector('button[type=submit]').click();
  }
  while (root.hasAttribute('data-busy')) await new Promise((done) => setTimeout(done, 5));
  return root.querySelector('.deck-check-counts').textContent;
}"""


def test_the_worker_that_answered_takes_the_next_check_and_a_busy_one_is_replaced(tab):
    """A worker that has answered keeps the checker and its data loaded and takes the next check; one still
    checking is ended by a new check, which a new worker takes."""
    page = open_checker(tab)
    page.evaluate(_COUNT_WORKERS)
    assert "Dynasty 1" in page.evaluate(_CHECK_EACH, ["Dynasty:\n1 Hida Akeno\n"])
    assert "Dynasty 2" in page.evaluate(_CHECK_EACH, ["Dynasty:\n2 Hida Akeno\n"])
    assert page.evaluate("window.__workers") == 1, "the worker that answered took the second check"
    assert "Dynasty 3" in page.evaluate(_CHECK_EACH, ["Dynasty:\n1 Hida Akeno\n", "Dynasty:\n3 Hida Akeno\n"])
    assert page.evaluate("window.__workers") == 2, "a check while one ran ended that worker for a new one"
    assert "Dynasty 1" in page.evaluate(_CHECK_EACH, ["Dynasty:\n1 Hida Akeno\n"])
    assert page.evaluate("window.__workers") == 2


def test_a_paste_over_eight_megabytes_is_refused_as_the_command_line_refuses_it(tab):
    """Over 8 MB of euro signs: 3 bytes each in UTF-8, as the command line counts a file, and one UTF-16 unit each,
    as a script counts a string's length, so a page that counted the length would let them through. (A third of
    the characters that as many bytes of ASCII take: the browser lays the box out, and leaves the page, in under
    half the CPU time.)"""
    page = open_checker(tab)
    page.evaluate(
        "() => { document.querySelector('#deck-check textarea').value ="
        " '\\u20ac'.repeat(Math.floor(8 * 1024 * 1024 / 3) + 1);"
        " document.querySelector('#deck-check button[type=submit]').click(); }"
    )
    error = page.locator("#deck-check .deck-check-error")
    expect(error).to_have_attribute("data-message", "the decklist is larger than 8 MB, the most this file can be")
