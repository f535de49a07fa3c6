"""The home page's "What's new" shows the latest dated updates themselves (date, format, a link to the entry), not
only a link to the What's new page: a newcomer sees at once whether the rules moved lately."""

from __future__ import annotations

import html
import re
from pathlib import Path

SHOWN = 5


def _whats_new_section(page: str) -> str:
    start = page.index('id="whats-new"')
    return page[start : page.index("<h2", start)]


def test_home_page_lists_the_latest_updates(built_site: Path, codex):
    section = _whats_new_section((built_site / "index.html").read_text(encoding="utf-8"))
    items = re.findall(r"<li>(.*?)</li>", section, flags=re.S)
    assert len(items) == SHOWN, f"the home page's What's new should list {SHOWN} updates: {section[:500]}"

    dated = sorted(
        (e for f in codex.bundled_formats for e in f.changelog if e.date), key=lambda e: e.date, reverse=True
    )
    assert len(dated) >= SHOWN
    by_anchor = {e.id: e for e in dated}
    days = []
    for item in items:
        day = re.search(r'<time datetime="(\d{4}-\d{2}-\d{2})">\1</time>', item)
        link = re.search(r'<a href="([^"#]*)#([^"]+)">(.*?)</a>', item)
        assert day and link, f"each update shows its date and links to its entry: {item}"
        href, anchor, text = link.groups()
        entry = by_anchor.get(anchor)
        assert entry is not None, f"{anchor}: not a dated changelog entry"
        assert html.unescape(text) == entry.title and day.group(1) == entry.date.isoformat(), item
        assert codex.formats[entry.format_id].short_name in item, f"the update names its format: {item}"
        target = built_site / href / "index.html"
        assert f'id="{anchor}"' in target.read_text(encoding="utf-8"), f"{href}#{anchor} does not land on its entry"
        days.append(entry.date)
    assert days == sorted(days, reverse=True), "newest first"
    assert days[0] == dated[0].date and days[-1] >= dated[SHOWN - 1].date, "the newest updates, none skipped"
    assert 'href="whats-new/"' in section, "and a link to every update"
