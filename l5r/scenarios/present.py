"""Scenarios on the site: a Given / When / Then card, marked verified, linked to the rules it illustrates.

`render_fence(source, links)` renders a ```scenario fence where it is written (docs/scenarios/*.md);
`examples_html(record_id, links)` renders every scenario (docs/ and data/) that cites a rule, under that rule,
with a link back to where it is written. Each card is run when rendered: one that does not pass says so
in red and logs a warning, which stops a strict build; the tests run the same scenarios.

The presenter does not import the site: the site hands it a `Links` (how to address records and pages).
"""

from __future__ import annotations

import html
import logging
import stat as _stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..data import model as m
from ..data.load import DEFAULT_DATA_DIR, load_codex
from . import given as g
from .collect import SUFFIXES, parse, scenarios_in
from .scenario import Scenario
from .runner import UNANSWERED, Outcome, run_scenario, show

log = logging.getLogger("mkdocs.plugins.l5r.scenarios")
ROOT = DEFAULT_DATA_DIR.parent  # the installed project: used only until the site names the one it builds
PAGES_DIR = "docs"
DATA_DIR = "data"

# ---------------------------------------------------------------------------------------------------------
# What the site knows: the Codex, every scenario and its outcome (rebuilt when a file changes)
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Links:
    """How the site addresses records and pages, handed in by the site (l5r.site.planning.examples.site_links)."""

    home: Callable[[str], str | None]  # record id -> uri of the page that shows it (None: not on the site)
    record: Callable[[str, str], str]  # (record id, from page uri) -> href to the record
    page: Callable[[str, str], str]  # (to page uri, from page uri) -> href to the page (directory URL, no anchor)
    # record id -> its citation as the site shows it (the document's numbering wherever it has one); None: the id
    label: Callable[[str], str] | None = None


NO_LINKS = Links(home=lambda record_id: None, record=lambda record_id, from_uri: "", page=lambda to_uri, from_uri: "")


@dataclass
class Library:
    signature: tuple
    codex: m.Codex
    scenarios: list
    outcomes: dict  # id(scenario) -> Outcome
    by_rule: dict  # record id -> [Scenario]
    by_source: dict  # normalized source -> Scenario (fences written in docs/)


_cache: dict = {}
_RECHECK_SECONDS = 2.0


def use_project(root: Path) -> None:
    """The project the site is building (the folder of its mkdocs.yml, holding docs/ and data/).

    Fences render inside Markdown, where nothing says which project is being built; without this the
    examples would come from the installed project, not from `mkdocs build -f other/mkdocs.yml`'s.
    """
    root = Path(root).resolve()
    if _cache.get("root") != root:
        _cache.clear()
        _cache["root"] = root
    # Called once per build: the build's first example looks at the files again, however soon after the last
    # build it starts (two edits a second apart under `mkdocs serve` are two builds; the second must not reuse
    # the first's examples). No time is recorded rather than time zero: the monotonic clock starts near the
    # machine's boot, so "long ago" would be a few minutes after it.
    _cache.pop("checked", None)


def _root() -> Path:
    return _cache.get("root", ROOT)


def _files() -> list[Path]:
    found = []
    root = _root()
    for folder in (root / PAGES_DIR, root / DATA_DIR):
        if not folder.is_dir():
            continue
        found += [p for p in folder.rglob("*") if p.suffix in (".md", ".yml", ".yaml") and "schemas" not in p.parts]
    return sorted(found)


def library() -> Library:
    lib = _cache.get("lib")
    # A page build asks hundreds of times in a row; look at the files again only after a pause, so that
    # `mkdocs serve` picks up an edited example on its next rebuild.
    checked = _cache.get("checked")
    if lib is not None and checked is not None and time.monotonic() - checked < _RECHECK_SECONDS:
        return lib
    files = _files()
    signature = tuple((str(p), p.stat().st_mtime_ns) for p in files)
    _cache["checked"] = time.monotonic()
    if lib is not None and lib.signature == signature:
        return lib
    root = _root()
    codex = load_codex(root / DATA_DIR)
    scenarios = _collected(root)
    outcomes = {id(s): run_scenario(s, codex) for s in scenarios}
    by_rule: dict = {}
    for s in scenarios:
        for rule_id in dict.fromkeys(s.rule_ids):
            by_rule.setdefault(rule_id, []).append(s)
    by_source = {_normal(s.source): s for s in scenarios if s.path.startswith(PAGES_DIR + "/")}
    lib = Library(signature, codex, scenarios, outcomes, by_rule, by_source)
    _cache["lib"] = lib
    return lib


def _collected(root: Path) -> list[Scenario]:
    """`collect` over docs/ and data/, in its order, each file read again only when its modification time or size
    changed: an edit under `mkdocs serve` re-reads one file, not the hundred (reading and checking every YAML
    file again was a tenth of each rebuild)."""
    memo = _cache.setdefault("files", {})
    base = root.resolve()
    out, seen = [], set()
    for folder in (root / PAGES_DIR, root / DATA_DIR):
        if not folder.is_dir():
            continue
        for path in sorted(p for p in folder.rglob("*") if p.suffix in SUFFIXES and "schemas" not in p.parts):
            try:
                stat = path.stat()
            except OSError:
                continue
            if not _stat.S_ISREG(stat.st_mode):
                continue
            key = str(path)
            seen.add(key)
            hit = memo.get(key)
            if hit is None or hit[0] != (stat.st_mtime_ns, stat.st_size):
                try:
                    shown = path.resolve().relative_to(base).as_posix()
                except ValueError:
                    shown = path.as_posix()
                hit = memo[key] = ((stat.st_mtime_ns, stat.st_size), scenarios_in(path, shown))
            out.extend(hit[1])
    for gone in set(memo) - seen:
        del memo[gone]
    return out


def _normal(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


def _page_uri(scenario: Scenario) -> str | None:
    """The docs page a scenario is written on (`scenarios/new-era.md`), None for data files."""
    prefix = PAGES_DIR + "/"
    return scenario.path[len(prefix) :] if scenario.path.startswith(prefix) else None


def _link(links: Links, from_uri: str | None, to_uri: str, anchor: str) -> str | None:
    """A published (directory URL) link between two pages, as the site writes links inside HTML."""
    if from_uri is None:
        return None
    if from_uri == to_uri:
        return f"#{anchor}"
    return f"{links.page(to_uri, from_uri)}#{anchor}"


# ---------------------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------------------


def render_fence(source: str, links: Links = NO_LINKS) -> str:
    """A ```scenario fence, where it is written: the card, with its anchor."""
    lib = library()
    scenario = lib.by_source.get(_normal(source))
    if scenario is None:  # a fence outside docs/ (or written since the last scan): run it as it stands
        scenario = parse(source if source.endswith("\n") else source + "\n", "(page)", 1)
        outcome = run_scenario(scenario, lib.codex)
        return card_html(scenario, outcome, lib, links, from_uri=None, anchor=True)
    return card_html(scenario, lib.outcomes[id(scenario)], lib, links, from_uri=_page_uri(scenario), anchor=True)


def examples_html(record_id: str, links: Links) -> str:
    """Every scenario citing a record, for the record's own place on the site (empty when none)."""
    lib = library()
    here = links.home(record_id)
    if here is None:
        return ""
    ids = [record_id]
    record = lib.codex.records.get(record_id)
    if isinstance(record, m.Keyword):
        ids += [sub.id for sub in record.sections]  # a keyword's sections are shown within it
    found = list({id(s): s for rid in ids for s in lib.by_rule.get(rid, ())}.values())
    if not found:
        return ""
    cards = "\n".join(
        card_html(s, lib.outcomes[id(s)], lib, links, from_uri=here, anchor=False, home=record_id) for s in found
    )
    count = len(found)
    label = "Verified example" if count == 1 else f"Verified examples ({count})"
    return f'<details class="l5r-verified" open><summary>{label}</summary>\n{cards}\n</details>'


# ---------------------------------------------------------------------------------------------------------
# The card
# ---------------------------------------------------------------------------------------------------------


def _e(value) -> str:
    return html.escape(str(value), quote=True)


def card_html(
    s: Scenario,
    outcome: Outcome,
    lib: Library,
    links: Links,
    from_uri: str | None,
    anchor: bool,
    home: str | None = None,
) -> str:
    ident = f' id="{_e(s.anchor)}"' if anchor else ""
    status = "ok" if outcome.passed else "fail"
    parts = [f'<div class="l5r-scenario l5r-scenario--{status}"{ident}>', _head(s, outcome, lib, links, from_uri, home)]
    if outcome.error or not isinstance(s.data, dict) or not s.data:
        parts.append(_failure(outcome))
        parts.append("</div>")
        _warn(outcome)
        return "\n".join(parts)
    note = s.data.get("note")
    if note:
        parts.append(f'<p class="l5r-scenario__note">{_e(note)}</p>')
    reading = reading_label(lib.codex, s)
    if reading:  # a choice of the Codex, never silent: every answer below leans on it
        parts.append(f'<p class="l5r-scenario__note l5r-scenario__reading"><strong>{_e(reading)}</strong></p>')
    parts.append('<dl class="l5r-scenario__body">')
    parts.append(f"<dt>Given</dt><dd>{_given(s)}</dd>")
    if outcome.steps:
        parts.append(f"<dt>When</dt><dd>{_when(outcome, lib, links, from_uri)}</dd>")
    parts.append(f"<dt>Then</dt><dd>{_then(outcome)}</dd>")
    parts.append("</dl>")
    if not outcome.passed:
        parts.append(_failure(outcome))
        _warn(outcome)
    parts.append(_where(s, lib, links, from_uri))
    parts.append("</div>")
    return "\n".join(parts)


def reading_label(codex: m.Codex, s: Scenario) -> str | None:
    """The label of the Codex reading a scenario switches on (with the format's words it leans on)."""
    wanted = s.data.get("reading") if isinstance(s.data, dict) else None
    fmt = codex.formats.get(s.format_id) if s.format_id else None
    if not wanted or fmt is None:
        return None
    for spec in fmt.ruleset.get("codex_readings", ()):
        if spec["id"] == wanted:
            return f"{' '.join(str(spec['label']).split())} — leaning on: “{spec['because']}”"
    return None


def _head(s: Scenario, outcome: Outcome, lib: Library, links: Links, from_uri: str | None, home: str | None) -> str:
    fmt = lib.codex.formats.get(s.format_id) if s.format_id else None
    if outcome.passed:
        badge = (
            '<span class="l5r-scenario__badge" title="This example runs in the test suite '
            '(l5r scenarios run) and its results are checked against the rules engine.">'
            "✓ Verified by the test suite</span>"
        )
    else:
        badge = '<span class="l5r-scenario__badge l5r-scenario__badge--fail">✗ Not verified: this example fails</span>'
    label = f'<span class="l5r-scenario__format">{_e(fmt.short_name)}</span>' if fmt else ""
    rules = [r for r in s.rule_ids if r != home]
    cited = ", ".join(_rule_link(r, lib, links, from_uri) for r in rules)
    also = "Also illustrates" if home else "Illustrates"
    rules_line = f'<p class="l5r-scenario__rules">{also} {cited}</p>' if cited else ""
    # A space between badge and format: the head lays them out apart, and the search index reads them apart.
    return (
        f'<div class="l5r-scenario__head">{badge} {label}</div>'
        f'<p class="l5r-scenario__title">{_e(s.title)}</p>{rules_line}'
    )


def _rule_link(rule_id: str, lib: Library, links: Links, from_uri: str | None) -> str:
    record = lib.codex.records.get(rule_id)
    citation = (links.label(rule_id) if links.label is not None else None) or getattr(record, "citation", "") or ""
    if record is None:
        text = rule_id
    elif citation.endswith(record.title):
        text = citation  # "OH II.F, Deck Restrictions", "AEG Seppuku": the citation already says the title
    else:
        text = f"{record.title} ({citation})"
    if record is None or links.home(rule_id) is None or from_uri is None:
        return f"<span>{_e(text)}</span>"
    href = links.record(rule_id, from_uri)
    return f'<a href="{_e(href)}">{_e(text)}</a>'


def _where(s: Scenario, lib: Library, links: Links, from_uri: str | None) -> str:
    page = _page_uri(s)
    if page is not None:
        if from_uri == page:
            return ""
        href = _link(links, from_uri, page, s.anchor)
        title = "Verified examples"
        return (
            f'<p class="l5r-scenario__where">Written in <a href="{_e(href)}">{_e(title)}: '
            f"{_e(_page_title(page, lib))}</a> · <code>{_e(s.location)}</code></p>"
        )
    return f'<p class="l5r-scenario__where">Written in <code>{_e(s.location)}</code></p>'


def _page_title(page: str, lib: Library) -> str:
    stem = Path(page).stem
    fmt = lib.codex.formats.get(stem)
    return fmt.short_name if fmt is not None else stem.replace("-", " ").capitalize()


def _failure(outcome: Outcome) -> str:
    return f'<pre class="l5r-scenario__failure">{_e(outcome.report())}</pre>'


def _warn(outcome: Outcome):
    log.warning("scenario does not pass: %s", outcome.report())


# -- Given --------------------------------------------------------------------------------------------------


def _given(s: Scenario) -> str:
    raw = s.data.get("given") or {}
    items = []
    if "turn" in raw:
        items.append("It is your turn." if str(raw["turn"]).lower() == "you" else "It is your opponent's turn.")
    if raw.get("first player chosen") is False:
        items.append("The first player has not been chosen yet.")
    if "first player" in raw:
        items.append("You go first." if str(raw["first player"]).lower() == "you" else "Your opponent goes first.")
    for key, label in (("you", "You"), ("your opponent", "Your opponent")):
        if key in raw and isinstance(raw[key], dict):
            items.append(_player(label, raw[key]))
    if isinstance(raw.get("battle"), dict):
        items.append(_battle(raw["battle"]))
    if not items:
        return "<p>A game in progress.</p>"
    return "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def _player(label: str, raw: dict) -> str:
    raw = {str(k).lower(): v for k, v in raw.items()}
    facts = []
    if "honor" in raw:
        facts.append(f"{_e(raw['honor'])} Family Honor")
    if "clan" in raw:
        facts.append("unaligned" if str(raw["clan"]).lower() == "unaligned" else _e(raw["clan"]))
    if "stronghold" in raw:
        facts.append("Stronghold " + _titled(raw["stronghold"], signed=False))
    if "sensei" in raw:
        facts.append("Sensei " + _titled(raw["sensei"], signed=True))
    if "hand" in raw:
        facts.append(f"{_e(raw['hand'])} cards in hand")
    if "maximum hand size" in raw:
        value = raw["maximum hand size"]
        facts.append(
            "no maximum hand size"
            if value is None or str(value).lower() == "none"
            else f"maximum hand size {_e(value)}"
        )
    if "maximum hand size modifier" in raw:
        facts.append(f"maximum hand size {_e(_signed(raw['maximum hand size modifier']))}")
    if "provinces" in raw:
        facts.append(f"{_e(raw['provinces'])} Province{'s' if raw['provinces'] != 1 else ''} left")
    if raw.get("imperial favor"):
        facts.append("has the Imperial Favor")
    if raw.get("wind in play"):
        facts.append("has a Wind in play")
    text = f"<strong>{label}</strong>" + (": " + ", ".join(facts) if facts else "")
    zones = []
    for zone in g.ZONES:
        if raw.get(zone):
            cards = "; ".join(_card_text(c) for c in raw[zone])
            zones.append(f"<li>{_e(zone.capitalize() if zone != 'in play' else 'In play')}: {cards}</li>")
    return text + ("<ul>" + "".join(zones) + "</ul>" if zones else "")


def _titled(value, signed: bool) -> str:
    """A Stronghold (its printed stats) or a Sensei (its modifiers): “<i>Title</i> (Gold Production 5, …)”."""
    if not isinstance(value, dict) or len(value) != 1:
        return f"<i>{_e(value)}</i>"
    title, props = next(iter(value.items()))
    bits = []
    for key, number in (props or {}).items():
        key = str(key).lower()
        if key == "sides":
            bits.append("one-sided" if number == 1 else f"{_e(number)} sides")
        else:
            label = g.STRONGHOLD_FIELDS.get(key) or key
            bits.append(f"{_e(label)} {_e(_signed(number) if signed else number)}")
    return f"<i>{_e(title)}</i>" + (f" ({', '.join(bits)})" if bits else "")


def _signed(value) -> str:
    return f"+{value}" if isinstance(value, int) and value > 0 else str(value)


_FIELD_LABELS = (
    ("force", "Force"),
    ("chi", "Chi"),
    ("gold cost", "Gold Cost"),
    ("personal honor", "Personal Honor"),
    ("honor requirement", "Honor Requirement"),
    ("focus value", "Focus Value"),
)


def _card_text(entry) -> str:
    if isinstance(entry, str):
        return f"<b>{_e(entry)}</b>"
    if not isinstance(entry, dict) or len(entry) != 1:
        return _e(entry)
    name, props = next(iter(entry.items()))
    props = {str(k).lower(): v for k, v in (props or {}).items()}
    bits = []
    if props.get("type"):
        bits.append(_e(props["type"]))
    keywords = props.get("keywords")
    if keywords:
        bits.append(_e(", ".join(keywords) if isinstance(keywords, list) else keywords))
    if props.get("clan"):
        bits.append(_e(props["clan"]))
    if props.get("element"):
        bits.append(f"{_e(props['element'])} element")
    if props.get("ring type"):
        bits.append(f"Ring type {_e(props['ring type'])}")
    for key, label in _FIELD_LABELS:
        if key in props:
            bits.append(f"{label} {_e(props[key])}")
    for flag in ("bowed", "dishonorable", "face-down"):
        if props.get(flag):
            bits.append(flag)
    if "province" in props:
        bits.append(f"Province {_e(props['province'])}")
    if props.get("restriction"):
        bits.append(f"restriction on entering play: “{_e(props['restriction'])}”")
    if props.get("entered"):
        bits.append(f"entered play {_e(props['entered'])}")
    if props.get("owner"):
        bits.append(f"owned by {_e(props['owner'])}")
    if props.get("attachments"):
        bits.append("with " + ", ".join(_card_text(a) for a in props["attachments"]))
    copies = props.get("copies")
    head = f"{_e(copies)} × <b>{_e(name)}</b>" if copies and copies != 1 else f"<b>{_e(name)}</b>"
    return head + (f" ({'; '.join(bits)})" if bits else "")


def _battle(raw: dict) -> str:
    def names(value):
        value = value if isinstance(value, list) else [value] if value else []
        return ", ".join(f"<b>{_e(n)}</b>" for n in value) or "nobody"

    text = "<strong>A battle</strong>"
    if "province strength" in raw:
        text += f" at a Province with Province Strength {_e(raw['province strength'])}"
    attacker = raw.get("attacker")
    who = f" ({_e(attacker)} attacking)" if attacker else ""
    return f"{text}{who}: attacking {names(raw.get('attacking'))}; defending {names(raw.get('defending'))}."


# -- When and Then -----------------------------------------------------------------------------------------


def _when(outcome: Outcome, lib: Library, links: Links, from_uri: str | None) -> str:
    items = []
    for step in outcome.steps:
        text = _e(step.text)
        if step.refused:
            rule = _rule_link(step.rule_id, lib, links, from_uri) if step.rule_id else ""
            if step.kind == "forbidden":
                why = f"refused, forbidden by {rule}" if rule else "refused, forbidden"
            else:
                why = f"refused, {step.kind}" + (f" (see {rule})" if rule else "")
            kind_class = (step.kind or "refused").replace(" ", "-")
            text += (
                f'<span class="l5r-scenario__outcome l5r-scenario__outcome--refused '
                f'l5r-scenario__outcome--{kind_class}"> — {why}: {_e(step.refused)}</span>'
            )
            if step.note:  # what happens anyway
                text += f'<span class="l5r-scenario__outcome l5r-scenario__outcome--still"> — {_e(step.note)}</span>'
        elif step.note:
            text += f'<span class="l5r-scenario__outcome"> — {_e(step.note)}</span>'
        items.append(f"<li>{text}</li>")
    return "<ol>" + "".join(items) + "</ol>"


def _then(outcome: Outcome) -> str:
    wrong = {key for key, _, _ in outcome.mismatches}
    items = []
    for key, value in outcome.expected.items():
        mark = "✗" if key in wrong else "✓"
        extra = ""
        actual = outcome.actual.get(key)
        if key in wrong:
            extra = f' <span class="l5r-scenario__actual">(the engine says: {_e(show(actual))})</span>'
        elif isinstance(actual, str) and actual.split(":")[0] in UNANSWERED:
            # "not stated" is an answer only with its reason: show what the documents leave open.
            extra = f' <span class="l5r-scenario__why">— {_e(actual.split(":", 1)[1].strip())}</span>'
        items.append(
            f'<li><span class="l5r-scenario__check" aria-hidden="true">{mark}</span> '
            f'<span class="l5r-scenario__fact">{_e(key)}</span>: '
            f'<span class="l5r-scenario__value">{_e(show(value))}</span>{extra}</li>'
        )
    return '<ul class="l5r-scenario__then">' + "".join(items) + "</ul>"
