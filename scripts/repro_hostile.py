#!/usr/bin/env python3
"""The hostile-input reproductions, re-run: each case's CPU and wall seconds, exit code, whether a traceback was
printed, and the first line the user reads, as a Markdown table.

    python scripts/repro_hostile.py

Every pool here is a few invented cards written into a temporary folder; the data cases damage copies of data/.
The long-deck case (200,000 lines of the pool's titles) is scripts/bench_deck_lines.py.
"""

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
W = Path(tempfile.mkdtemp(prefix="l5r-repro-"))
FIX = ROOT / "tests/fixtures/cardpool"
base_env = dict(os.environ, L5R_CACHE_DIR=str(W / "cache"), NO_MKDOCS_2_WARNING="1")
base_env.pop("L5R_CARDPOOL", None)
CARD = "- title: {t}\n  types: [Holding]\n  decks: [Dynasty]\n  text: {x}\n"


def setfile(cards=(("Zanzibar Keep", "Gain 2 Gold."),), extra=""):
    return "set: Invented\ncards:\n" + "".join(CARD.format(t=t, x=x) for t, x in cards) + extra


def pool(name, *texts):
    p = W / name
    (p / "sets").mkdir(parents=True)
    for n, t in enumerate(texts):
        (p / "sets" / f"set{n}.yaml").write_text(t, encoding="utf-8")
    return p


DECK = W / "deck.txt"
DECK.write_text("Dynasty:\n3 Zanzibar Keep\n", encoding="utf-8")
rows = []
print("| case | CPU s | wall s | exit | traceback | first line |\n|---|---|---|---|---|---|")


def run(case, args, env=None, cwd=None):
    e = dict(base_env, **(env or {}))
    b = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    try:
        r = subprocess.run(
            [str(BIN / "l5r"), *map(str, args)],
            env=e,
            cwd=cwd or W,
            capture_output=True,
            text=True,
            timeout=120,
            stdin=subprocess.DEVNULL,
        )
        code, out, err = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        code, out, err = "timeout", "", ""
    wall = time.perf_counter() - t
    a = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = a.ru_utime - b.ru_utime + a.ru_stime - b.ru_stime
    said = [
        l
        for l in (err + "\n" + out).splitlines()
        if l.strip() and not l.startswith("card pool:") and not l.startswith("data:")
    ]
    tb = "Traceback" in err
    first = next((l for l in said if ".yml:" in l or ".yaml" in l), None) or next(
        (l for l in said if "l5r " in l[:20] or ": " in l), said[0] if said else ""
    )
    if "--json" in map(str, args) and out.strip().startswith("{"):
        doc = json.loads(out)
        first = "; ".join(
            f"{p.get('code')} rule={p.get('rule')}: {p.get('message')}" for p in doc.get("problems", [])[:2]
        )
    rows.append((case, cpu, wall, code, tb, first[:150]))
    print(f"| {case} | {cpu:.2f} | {wall:.2f} | {code} | {'yes' if tb else 'no'} | {first[:150]} |", flush=True)


# Medium
for size, label in ((20_000, "40 KB"), (500_000, "1 MB")):
    p = pool(f"quad{size}", setfile((("Zanzibar Keep", "'" + "A " * size + "'"),)))
    run(
        f"pool card text 'A ' x {size} ({label}), deck check",
        ["deck", "check", "--format", "modern", "--cardpool", p, DECK],
    )
laughs = "x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"x{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]\n" for n in range(1, 10)
)
run(
    "alias bomb (9 levels) in a pool set file",
    ["deck", "check", "--format", "modern", "--cardpool", pool("bomb", setfile(extra=laughs)), DECK],
)
for kind in ("dev-zero", "fifo"):
    d = W / f"data-{kind}"
    shutil.copytree(ROOT / "data", d)
    target = d / "cards" / "zero.yml"
    (target.symlink_to("/dev/zero") if kind == "dev-zero" else os.mkfifo(target))
    run(
        f"data/cards/zero.yml is {'a link to /dev/zero' if kind == 'dev-zero' else 'a FIFO'}: l5r check",
        ["check", "--data", d],
        cwd=W,
    )
fifo = W / "deck.fifo"
os.mkfifo(fifo)
run("FIFO as the deck file", ["deck", "check", "--format", "modern", "--cardpool", "none", fifo])
p = pool("fifopool", setfile())
os.mkfifo(p / "sets" / "zz.yaml")
run("FIFO as a pool set file", ["deck", "check", "--format", "modern", "--cardpool", p, DECK])
for n in (1000, 3000):
    f = W / f"unknown{n}.txt"
    f.write_text("Dynasty:\n" + "".join(f"1 Qzv Unheard Name {i:05d}\n" for i in range(n)), encoding="utf-8")
    run(
        f"{n:,} unknown titles ({f.stat().st_size // 1024} KB), fixture pool",
        ["deck", "check", "--format", "modern", "--cardpool", FIX, f],
    )
# Low
f = W / "digits.txt"
f.write_text("Dynasty:\n" + "9" * 5000 + " Zanzibar Keep\n", encoding="utf-8")
run("5,000-digit count", ["deck", "check", "--format", "modern", "--cardpool", FIX, f])
p = pool("decks5", "set: One\ncards:\n- title: Zanzibar Keep\n  types: [Holding]\n  decks: 5\n")
run("pool card with `decks: 5`", ["deck", "check", "--format", "modern", "--cardpool", p, DECK])
p = pool("loop", setfile())
(p / "sets" / "a.yaml").symlink_to(p / "sets" / "b.yaml")
(p / "sets" / "b.yaml").symlink_to(p / "sets" / "a.yaml")
run("symlink loop among pool set files", ["deck", "check", "--format", "modern", "--cardpool", p, DECK])
d = W / "data-loop"
shutil.copytree(ROOT / "data", d)
(d / "cards" / "a.yml").symlink_to(d / "cards" / "b.yml")
(d / "cards" / "b.yml").symlink_to(d / "cards" / "a.yml")
run("symlink loop under data/cards/: l5r check", ["check", "--data", d])
d = W / "data-cite"
shutil.copytree(ROOT / "data", d)
r = d / "formats/modern/rules.yml"
t = r.read_text(encoding="utf-8")
s = t.index("      - id: mod-highlander\n")
n = t.index('        number: "2"\n', s)
r.write_text(t[:n] + '        number: "1"\n' + t[n + len('        number: "2"\n') :], encoding="utf-8")
run("Highlander's number changed to Deck Size's: l5r check", ["check", "--data", d])
d = W / "data-prefix"
shutil.copytree(ROOT / "data", d)
fy = d / "formats/twenty-festivals/format.yml"
fy.write_text(fy.read_text(encoding="utf-8").replace("citation_prefix: TF", "citation_prefix: MOD"), encoding="utf-8")
run("a second format with the prefix MOD: l5r check", ["check", "--data", d])
f = W / "utf16.txt"
f.write_bytes("Dynasty:\n3 Zanzibar Keep\n".encode("utf-16-le"))
run("UTF-16 deck without a BOM", ["deck", "check", "--format", "modern", "--cardpool", FIX, f])
f = W / "nul.txt"
f.write_bytes(b"Dynasty:\n3 Zanzibar\0Keep\n")
run("NUL byte in a deck", ["deck", "check", "--format", "modern", "--cardpool", FIX, f])
f = W / "dup.yml"
f.write_text("dynasty:\n- 3 Zanzibar Keep\ndynasty:\n- 3 Quolo Mine\n", encoding="utf-8")
run("duplicate `dynasty:` keys in a YAML deck", ["deck", "check", "--format", "modern", "--cardpool", FIX, f])
f = W / "dupcase.yml"
f.write_text("Dynasty:\n- 3 Zanzibar Keep\ndynasty:\n- 3 Quolo Mine\n", encoding="utf-8")
run("`Dynasty:` and `dynasty:` in a YAML deck", ["deck", "check", "--format", "modern", "--cardpool", FIX, f])
p = pool("dupset", "set: One\nset: Two\ncards: []\n")
run("duplicate `set:` in a pool file", ["deck", "check", "--format", "modern", "--cardpool", p, DECK])
p = pool("duptitle", "set: One\ncards:\n- title: Zanzibar Keep\n  title: Quolo Mine\n  decks: [Dynasty]\n")
run("duplicate `title:` in a pool card", ["deck", "check", "--format", "modern", "--cardpool", p, DECK])
f = W / "null.yml"
f.write_text("dynasty:\n- null\n- 3 Zanzibar Keep\n", encoding="utf-8")
run(
    "`- null` in a YAML deck (--json: problem codes)",
    ["deck", "check", "--format", "modern", "--cardpool", FIX, "--json", f],
)
f = W / "parse.txt"
f.write_text("Dynasty:\n0 Zanzibar Keep\n", encoding="utf-8")
run(
    "a parse problem (count 0): which rule it cites (--json)",
    ["deck", "check", "--format", "modern", "--cardpool", FIX, "--json", f],
)
d = W / "elsewhere"
d.mkdir()
dd = W / "data-rel"
shutil.copytree(ROOT / "data", dd)
(dd / "cards" / "zz.yml").write_text("kind: [\n", encoding="utf-8")
run("--data ../data-rel from another folder: problem path", ["check", "--data", "../data-rel"], cwd=d)
shutil.rmtree(W, ignore_errors=True)
