#!/usr/bin/env python3
"""Report, per source document, the non-empty lines that are not found in the Codex data.

    scripts/seed_coverage.py [SOURCE_DIR]      (default: $L5R_SEEDS)

A line counts as found when, after normalizing whitespace, quote styles and a leading bullet, it occurs in
the text of the data for that document's format(s): every string in those YAML files, joined in file
order. Joining lets a line the document broke oddly ("Proceed to Events" / "Phase. 2: EVENTS PHASE") be
found across two records. Wiki navigation debris is exempt only through the reviewed list in
scripts/seed_exemptions.yml. Exit 0 at 100 % for every document, 1 otherwise, 2 for bad input.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "′": "'", "“": '"', "”": '"', "„": '"', "″": '"', "\u00a0": " "})
_BULLET = re.compile(r"^(?:[•·▪◦]|[-–—](?=\s))\s*")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFC", text).translate(_QUOTES)
    return " ".join(text.split())


def _normalize_line(line: str) -> str:
    return _BULLET.sub("", normalize(line))


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def corpus(folders: list[Path]) -> str:
    parts = []
    for folder in folders:
        for path in sorted(folder.rglob("*.yml")):
            parts.extend(_strings(yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)))
    return " " + " ".join(normalize(p) for p in parts) + " "


def load_exemptions() -> dict:
    spec = yaml.load((ROOT / "scripts" / "seed_exemptions.yml").read_text(encoding="utf-8"), Loader=_Loader)
    return spec


def coverage(source_dir: Path) -> list[dict]:
    spec = load_exemptions()
    results = []
    for doc in spec["documents"]:
        path = source_dir / doc["file"]
        if not path.is_file():
            raise FileNotFoundError(f"source document {path} does not exist")
        folders = [DATA / "formats" / f for f in doc["formats"]] + [DATA / "cards"]
        text = corpus([f for f in folders if f.exists()])
        exempt = {normalize(x) for x in doc.get("exempt", [])}
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
        missing, counted = [], 0
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            norm = _normalize_line(line)
            for debris in doc.get("strip", []):
                if norm.startswith(debris):
                    norm = _normalize_line(norm[len(debris) :])
            if norm in exempt or not norm:
                continue
            counted += 1
            if norm not in text:
                missing.append((number, line.strip()))
        results.append({"file": doc["file"], "lines": len(lines), "counted": counted, "missing": missing})
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "source_dir",
        nargs="?",
        default=os.environ.get("L5R_SEEDS", ""),
        help="the folder of the five source documents (default: $L5R_SEEDS)",
    )
    parser.add_argument("--verbose", "-v", action="store_true", help="list every missing line")
    args = parser.parse_args(argv)
    if not args.source_dir:
        print("seed_coverage: name the folder of the source documents (or set L5R_SEEDS)", file=sys.stderr)
        return 2
    source_dir = Path(args.source_dir)
    if not source_dir.is_dir():
        print(f"seed_coverage: {source_dir} is not a folder of source documents", file=sys.stderr)
        return 2
    try:
        results = coverage(source_dir)
    except (OSError, yaml.YAMLError) as exc:
        print(f"seed_coverage: {exc}", file=sys.stderr)
        return 2
    ok = True
    for r in results:
        found = r["counted"] - len(r["missing"])
        pct = 100.0 * found / r["counted"] if r["counted"] else 100.0
        print(f"{r['file']}: {pct:6.2f} % ({found}/{r['counted']} lines)")
        for number, line in r["missing"]:
            ok = False
            print(f"  {r['file']}:{number}: not in data: {line}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
