"""Script-looking text planted in every data field a reader sees (nothing from data runs in a browser).

`damage_project(dest)` copies the project (mkdocs.yml, hooks/, docs/, data/) to `dest` and writes PAYLOAD into
titles, texts, notes, errata, ban notes, changelog entries, rulings, card facts and a scenario fence. The copy must
still pass `l5r check`: the payload is appended to prose (so every verbatim `evidence:` stays a substring), never
to ids, keys or terms. Each planted payload carries a number, so a test that finds one active says which field
it came from (`FIELDS[n]`).

The payload tries every way text could become markup: raw HTML (script, event handlers, iframes, styles that
fetch), Markdown (links, images, autolinks, attribute lists), breaking out of attributes and of JS strings,
Jinja expressions, and already-escaped entities (must not be unescaped twice). If any of it ran, it would call
`alert` (a dialog), set `window.__l5r_xss`, or ask xss.invalid for something (a request leaving the machine).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

MARK = "l5rxss"  # a word in every payload: search queries and DOM checks look for it
HOST = "xss.invalid"


def payload(n: int) -> str:
    tag = f"{MARK}{n}"
    return (
        f' {tag} <script>alert("{tag}");window.__l5r_xss="{tag}"</script>'
        f'<img src="http://{HOST}/{tag}.png" onerror="alert(\'{tag}\')">'
        f'<svg onload="alert(\'{tag}\')"></svg>"><b onmouseover="alert(\'{tag}\')">{tag}</b>'
        f"'-alert('{tag}')-' \" onfocus=\"alert('{tag}')\" autofocus x=\""
        f"<iframe src=\"javascript:alert('{tag}')\"></iframe>"
        f" [{tag} link](javascript:alert('{tag}')) ![{tag}](http://{HOST}/{tag}-md.png)"
        f" <http://{HOST}/{tag}-auto> {{: onclick=\"alert('{tag}')\" }}"
        f' <style>@import "http://{HOST}/{tag}.css";</style><link rel="stylesheet" href="http://{HOST}/{tag}-l.css">'
        f" {{{{ 7*7 }}}} {{% raw %}} </textarea></title></script> &lt;script&gt;alert('{tag}')&lt;/script&gt; `{tag}`"
        f" *{tag}* &#60;img src=x onerror=alert('{tag}')&#62; \\u003cscript\\u003e {tag}"
    )


# Keys whose string values (or lists of strings) are prose a reader sees. Ids, keys, terms, dates and enums are left alone so the data stays valid.
PROSE_KEYS = {
    "title",
    "text",
    "note",
    "notes",
    "short",
    "question",
    "source",
    "as_written",
    "date_as_written",
    "original",
    "correction",
    "footer",
    "facts",
    "heading",
    "reason",
    "summary",
    "description",
    "answer",
    "intro",
    "name",
    "short_name",
    "example",
    "items",
    "list",
}

FIELDS: list[str] = []  # FIELDS[n] = where payload n was planted ("data/formats/modern/bans.yml: …/note")


def _plant(node, where: str):
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{where}/{key}"
            if key in PROSE_KEYS:
                if isinstance(value, str):
                    node[key] = value + _next(here)
                    continue
                if isinstance(value, list):
                    node[key] = [
                        v + _next(f"{here}[{i}]") if isinstance(v, str) else _plant(v, f"{here}[{i}]")
                        for i, v in enumerate(value)
                    ]
                    continue
            node[key] = _plant(value, here)
        return node
    if isinstance(node, list):
        return [_plant(v, f"{where}[{i}]") for i, v in enumerate(node)]
    return node


def _next(where: str) -> str:
    FIELDS.append(where)
    return payload(len(FIELDS) - 1)


FENCE = """
```scenario
title: "{title}"
format: modern
rules: [mod-ability-seppuku]
note: "{note}"
given:
  you:
    in play:
      - Doji Hoturi: {{keywords: [Courtier, Samurai], dishonorable: yes}}
when:
  - Doji Hoturi commits seppuku
then:
  destroyed: [Doji Hoturi]
```
"""


def damage_project(root: Path, dest: Path) -> Path:
    """Copy the project to `dest` and plant payloads in every prose field; returns dest."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy2(root / "mkdocs.yml", dest / "mkdocs.yml")
    for folder in ("hooks", "docs", "data"):
        shutil.copytree(root / folder, dest / folder)
    for path in sorted((dest / "data").rglob("*.yml")):
        if "schemas" in path.parts or path.name in ("redirects.yml",):
            continue
        text = path.read_text(encoding="utf-8")
        doc = yaml.safe_load(text)
        if not isinstance(doc, dict):
            continue
        rel = path.relative_to(dest).as_posix()
        # A card record's title is also what decklists name (the verified deck examples look it up), so it keeps
        # its words; card titles are damaged in the pool instead (damage_pool), which every card page shows.
        kept = doc.pop("title", None) if doc.get("kind") == "card" else None
        doc = _plant(doc, rel)
        if kept is not None:
            doc = {"title": kept, **doc}
        path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=10**6), encoding="utf-8")
    # A verified example whose title and note are script-looking text (docs/scenarios/ pages show fences).
    page = dest / "docs" / "scenarios" / "modern.md"
    esc = lambda s: s.replace("\\", "\\\\").replace('"', '\\"')  # noqa: E731 - a YAML double-quoted string
    fence = FENCE.format(
        title=esc(_next("docs/scenarios/modern.md: scenario title")),
        note=esc(_next("docs/scenarios/modern.md: scenario note")),
    )
    page.write_text(page.read_text(encoding="utf-8") + fence, encoding="utf-8")
    return dest


def damage_pool(dest: Path) -> Path:
    """A small card pool (the real pool's layout) whose titles, texts, flavor, artists, keywords and set name carry
    the payloads; returns its folder. Card text keeps the pool's own markup around them (`<b>`, `<br>`, `:bow:`)."""
    set_name = "Xss Set" + _next("pool: set name")
    cards = []
    for n, (kind, deck) in enumerate((("Personality", "Dynasty"), ("Strategy", "Fate"), ("Holding", "Dynasty"))):
        cards.append(
            {
                "title": f"Zzyx {kind}" + _next(f"pool: {kind} title"),
                "types": [kind],
                "decks": [deck],
                "clans": ["Crab"],
                "is_unique": n == 0,
                "keywords": ["Samurai", "Kw" + _next(f"pool: {kind} keyword")],
                "text": "<b>Battle:</b> :bow: Bow a target.<br>" + _next(f"pool: {kind} text"),
                "flavor": _next(f"pool: {kind} flavor"),
                "artist": "Artist" + _next(f"pool: {kind} artist"),
                "rarity": "Rare",
                "legality": ["Legacy", "Modern"],
                "force": "2",
                "chi": "2",
            }
        )
    sets = dest / "sets"
    sets.mkdir(parents=True, exist_ok=True)
    (sets / "xss_set.yaml").write_text(
        yaml.safe_dump({"set": set_name, "cards": cards}, allow_unicode=True), encoding="utf-8"
    )
    (dest / "set_info.yaml").write_text(
        yaml.safe_dump(
            {"arcs": [{"name": "Test", "sets": [{"set_name": set_name, "release_date": "2014-08-01"}]}]},
            allow_unicode=True,
        ),
        encoding="utf-8",
    )
    return dest
