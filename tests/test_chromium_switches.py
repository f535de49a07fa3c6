"""The browser tier's Chromium switches (tests/conftest.py CHROMIUM_ARGS) keep what Playwright switches off.

Chromium keeps only the last `--disable-features` switch of its command line, and Playwright puts its own before
the caller's: the tests' switch must name every feature Playwright's does, or those features come back on."""

from __future__ import annotations

import re
from pathlib import Path

import playwright
from conftest import CHROMIUM_ARGS  # tests/conftest.py

_LIST = re.compile(r"\bdisabledFeatures\s*=\s*\[(.*?)\]", re.S)


def playwright_disabled_features() -> list[str]:
    """The features the installed Playwright's driver switches off in Chromium, read from its code."""
    driver = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for path in sorted(driver.rglob("*.js")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "chromiumSwitches" in text and (found := _LIST.search(text)):
            listed = re.sub(r"//[^\n]*", "", found.group(1))  # its comments name other features' issues
            return re.findall(r"""["']([A-Za-z0-9]+)["']""", listed)
    raise AssertionError(f"no list of switched-off features found in Playwright's driver under {driver}")


def test_the_tests_switch_off_every_feature_playwright_does_in_one_switch():
    switches = [a for a in CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert len(switches) == 1, f"Chromium keeps only the last of these: {switches}"
    ours = set(switches[0].split("=", 1)[1].split(","))
    theirs = playwright_disabled_features()
    assert len(theirs) >= 5, f"the read found too few features to mean anything: {theirs}"
    assert sorted(set(theirs) - ours) == [], "name these in tests/conftest.py PLAYWRIGHT_DISABLED_FEATURES"
