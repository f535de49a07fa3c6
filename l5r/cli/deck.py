"""`l5r deck check`: is a decklist legal in a format?

Exit codes (docs/deck-check.md): `EXIT_CODES`, one for each verdict, and ExitCode.BAD_INPUT for a usage or input
error; `l5r deck check --help` lists them.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys

from ..cardpool import choose_pool, load_index
from ..data.buildday import build_day
from ..data.load import load_codex
from ..data.locate import data_dir
from ..deckmessages import say
from ..decklist import INPUT_FORMATS, SECTION_NAMES, read_deck_text
from ..engine.deck import DeckReport, Verdict, check_text
from ..engine.deck.report import AS_OF_WORDS, VERDICT_WORDS
from ..errors import ExitCode

# What the command exits with for each verdict (the codes themselves: l5r/errors.py).
EXIT_CODES = {
    Verdict.LEGAL: ExitCode.OK,
    Verdict.NOT_LEGAL: ExitCode.PROBLEMS,
    Verdict.CANNOT_BE_CHECKED: ExitCode.UNDECIDED,
    Verdict.NOT_A_DECKLIST: ExitCode.NOT_A_DECKLIST,
}


def register(sub):
    deck = sub.add_parser("deck", help="decklists: check one against a format's construction rules")
    deck_sub = deck.add_subparsers(dest="deck_command", metavar="ACTION")
    p = deck_sub.add_parser(
        "check",
        help="check a decklist's legality in a format",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Check a decklist against a format's deck construction rules, ban list and legal card pool.",
        epilog=_INPUT_FORMATS_HELP + _EXIT_HELP,
    )
    p.add_argument(
        "--format",
        metavar="FORMAT",
        help="format id: obsidian-hand, new-era, modern (default: the decklist's Sun and Moon `Legality:` line)",
    )
    p.add_argument(
        "--input-format",
        choices=INPUT_FORMATS,
        metavar="SYNTAX",
        default=None,
        help="the decklist's syntax: " + ", ".join(INPUT_FORMATS) + " (default: detected; see below)",
    )
    p.add_argument(
        "--cardpool",
        metavar="DIR",
        help="card pool folder (sets/*.yaml), or `none`; default: $L5R_CARDPOOL, else the pool "
        "`l5r cardpool fetch` installed",
    )
    p.add_argument(
        "--as-of",
        type=_date,
        metavar="DATE",
        default=None,
        help="check the ban list as it stood that day (YYYY-MM-DD; default: today)",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "--strict-titles",
        action="store_true",
        help="a title that is not exactly a card's is a problem, even when one card is near-certain "
        "(default: read as that card, with a warning)",
    )
    p.add_argument("deckfile", metavar="DECKFILE", help="the decklist (.txt, or .yml/.yaml); - reads standard input")
    p.set_defaults(func=run, name="deck check")
    deck.set_defaults(func=lambda args: _usage(deck))


def run(args) -> int:
    codex = load_codex(data_dir())
    text = read_deck_text(args.deckfile)
    pool = choose_pool(args.cardpool)
    result = check_text(
        codex,
        text,
        load_index(pool.path, codex.cards),
        args.as_of or build_day(),
        source=str(args.deckfile),
        format_id=args.format,
        input_format=args.input_format,
        strict_titles=args.strict_titles,
    )
    report = result.report
    # Which pool the verdict rests on, first; standard output stays pure JSON under --json.
    print(pool.line(), file=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False, indent=2))
    else:
        print(_readable(report, result.format.name, result.decklist.source, codex))
    return EXIT_CODES[report.verdict]


_INPUT_FORMATS_HELP = """\
decklist syntaxes (--input-format; detected in this order when absent):
  sunandmoon  Sun and Moon: first line `Legality: Modern`, then `3 Title (TotV)` lines, no headers;
              set acronyms from data/set-acronyms.yml; cards go to their deck by the card pool
  oracle-tab  Oracle of the Void, tab-delimited: `3<TAB>Title - exp<TAB>(Set Name)` (with a header written
              by hand, `Dynasty:` or `Stronghold: ...`, such lines are text)
  oracle      Oracle of the Void, plain text: `# Dynasty - (40) [15 distinct]` headers, `# Holding - (12)`
              type sub-headers, `3 Title - exp2 (Set Name)` lines
  yasuki      game_on_yasuki YAML: `Dynasty: # (40)` keys, `- 3x Title • Experienced [Set] {art: ...}`
  yaml        YAML with pre_game / dynasty / fate lists (a .yml/.yaml file)
  text        plain text: `Pre-Game:` / `Dynasty (40):` / `Fate:` headers, `3x Title - Exp 2 [Set]` lines
"""


_EXIT_HELP = f"""
exit codes:
  {EXIT_CODES[Verdict.LEGAL]:d}  legal
  {EXIT_CODES[Verdict.NOT_LEGAL]:d}  not legal (every problem is listed)
  {ExitCode.BAD_INPUT:d}  usage or input error (one sentence on stderr)
  {EXIT_CODES[Verdict.CANNOT_BE_CHECKED]:d}  cannot be checked: neither legal nor not legal (New Era's own collection is not in the card pool; a day
     before the format's first stated ban list)
  {EXIT_CODES[Verdict.NOT_A_DECKLIST]:d}  not a decklist: no line is a section header or names a card
"""


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("file.date", date=text)) from None


def _usage(parser) -> int:
    parser.print_help(sys.stderr)
    return ExitCode.BAD_INPUT


def _readable(report: DeckReport, format_name: str, source: str, codex) -> str:
    verdict = VERDICT_WORDS[report.verdict]
    if report.verdict == Verdict.NOT_A_DECKLIST:
        return f"{source}: {verdict}: {report.reason}"
    if report.verdict == Verdict.NOT_LEGAL:
        verdict += f" ({report.reason})"
    bans = AS_OF_WORDS[report.bans]  # "ban list as of" only where bans were checked against a list
    counts = " · ".join(f"{SECTION_NAMES[s]} {n}" for s, n in report.counts.items())
    lines = [f"{source}: {verdict} in {format_name} ({bans} {report.as_of.isoformat()})", f"  {counts}"]
    if report.verdict == Verdict.CANNOT_BE_CHECKED:
        lines.append(f"  {say('verdict.neither', reason=report.reason)}")
    for title, findings in (("Problems", report.problems), ("Warnings", report.warnings)):
        if findings:
            lines.append(f"{title}:")
            for f in findings:
                lines.append(f"  [{f.code}] {f.message}{_cite(f.rule, codex)}")
    return "\n".join(lines)


def _cite(rule: str | None, codex) -> str:
    """The rule a finding rests on, cited as every page words it (`[OH II.F, Deck Restrictions]`)."""
    if not rule:
        return ""
    from ..site.api.deckdata import rule_citation

    return f" [{rule_citation(codex, rule) or rule}]"
