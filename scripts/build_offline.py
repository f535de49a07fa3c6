#!/usr/bin/env python3
"""`make offline`: build the copy of the Codex that works from disk, check it, and zip it into dist/.

    python scripts/build_offline.py [--dist DIR] [--date YYYY-MM-DD] [--no-zip]

Builds with mkdocs.offline.yml (file:// links, no instant navigation, search index as a script, the
iframe-worker shim vendored from node_modules/), refuses any page that would load something from the network
(fonts, scripts, stylesheets, images), and writes dist/l5r-codex-offline-<date>.zip holding one folder with the
site and a READ-ME-FIRST.txt. Prints the zip's path.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from l5r.data.buildday import build_day

ROOT = Path(__file__).resolve().parent.parent
NAME = "l5r-codex-offline"
CREDIT_FILES = ("NOTICE", "LICENSE")  # at the top of the repository; in the zip beside READ-ME-FIRST.txt

# Anything a browser would fetch by itself from a page, a stylesheet or a script: src/href of loading
# elements, CSS url()/@import, and script-made requests to absolute addresses. Plain <a href> links are
# not requests (a reader may follow them when online) and are allowed.
_HOSTS = ("fonts.googleapis.com", "fonts.gstatic.com", "unpkg.com", "cdn.jsdelivr.net")
_REMOTE = [
    re.compile(r"<(?:script|img|iframe|source|video|audio|embed|track)\b[^>]*?\bsrc\s*=\s*[\"']?(?:https?:)?//", re.I),
    re.compile(
        r"<link\b(?=[^>]*\brel\s*=\s*[\"']?(?:stylesheet|preload|prefetch|preconnect|dns-prefetch|modulepreload|icon|manifest))"
        r"[^>]*\bhref\s*=\s*[\"']?(?:https?:)?//",
        re.I,
    ),
    re.compile(r"url\(\s*[\"']?(?:https?:)?//", re.I),
    re.compile(r"@import\s+[\"'](?:https?:)?//", re.I),
    re.compile("|".join(re.escape(host) for host in _HOSTS), re.I),
]

README = """L5R Rules Codex - offline copy, built {date}

Open index.html in this folder with your web browser (double-click it, or drag it onto a browser window).
Everything is inside this folder: navigation, search (rules, citations such as "OH II.B", keywords and card
titles) and the printable pages (Print, in the menu) work without a network connection.

Keep the folder together: moving index.html out of it breaks the links.

Credits and licence: NOTICE.txt and LICENSE.txt beside this file, and the Credits page.
"""


# Material's bundle can load two scripts from a CDN, each only as a fallback that never runs here: a
# ResizeObserver polyfill (every browser that runs the Codex has ResizeObserver) and Mermaid (no page has a
# diagram). The browser tests record every request to prove it.
_BUNDLE_FALLBACKS = ("https://unpkg.com/resize-observer-polyfill", "https://unpkg.com/mermaid@")


def checked_files(site: Path) -> list[Path]:
    """The files the network check reads: every page, stylesheet and script but the search indexes."""
    out = []
    for path in sorted(site.rglob("*")):
        if path.suffix not in {".html", ".css", ".js"} or not path.is_file():
            continue
        if path.name.startswith("search_index") or path.parent.name == "search":
            continue  # indexes hold page text (which may quote an address), never load it
        out.append(path)
    return out


def remote_loads(site: Path, files: list[Path] | None = None) -> list[str]:
    """Every place in the built site that would make the browser fetch from another machine."""
    found = []
    for path in checked_files(site) if files is None else files:
        text = path.read_text(encoding="utf-8", errors="replace")
        if "//" not in text and not any(host in text.lower() for host in _HOSTS):
            continue  # every pattern needs one of these; most card pages have neither (the scan takes less than half the time)
        # Scripts: only known CDN hosts are looked for (their code names URLs in many harmless ways).
        patterns = _REMOTE[-1:] if path.suffix == ".js" else _REMOTE
        for rx in patterns:
            for match in rx.finditer(text):
                if path.suffix == ".js" and text.startswith(_BUNDLE_FALLBACKS, max(0, match.start() - 8)):
                    continue
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(site)}:{line}: {match.group(0)[:100]}")
    return found


# Addresses written into a page as text or as a link. The pages may name the Codex's own public address
# (canonical links, Copy citation) and nothing else: an inline icon's SVG namespace is implied in HTML and left out,
# and an address a rules document or a pool card quotes is written `&#58;//` (l5r/site/building/offline.py,
# l5r/site/cardtext.py), shown as written and never a way out.
_ADDRESS = re.compile(r"https?://[^\s\"'<>()&]*", re.I)


def _in_repository(address: str, repository: str) -> bool:
    """The repository's own address, or a file in it (a record's "Edit" link, l5r/site/rendering/editlinks.py)."""
    return address == repository or address.startswith(repository.rstrip("/") + "/")


def outside_addresses(site: Path, public: str, files: list[Path] | None = None, repository: str = "") -> list[str]:
    """Every address in a page of the copy that is not the public address `public` (empty: none) or in the
    repository, `repository` (L5R_REPO_URL, as mkdocs.yml reads it; empty: none): the footer's link and the
    records' "Edit" links."""
    found = []
    for path in checked_files(site) if files is None else files:
        if path.suffix != ".html":
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if "://" not in text:
            continue
        for match in _ADDRESS.finditer(text):
            address = match.group(0)
            if public and address.startswith(public) or repository and _in_repository(address, repository):
                continue
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(site)}:{line}: {address[:100]}")
    return found


def pool_line() -> str:
    """Which card pool the copy is built with (the build itself runs quiet), in the words every command uses."""
    from l5r.cardpool import PoolError, choose_pool

    try:
        return choose_pool().line()
    except PoolError as exc:
        return f"card pool: cannot be used: {exc}"


def build(site_dir: Path, project: Path = ROOT) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    cmd = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "--quiet",
        "-f",
        str(project / "mkdocs.offline.yml"),
        "--site-dir",
        str(site_dir),
    ]
    subprocess.run(cmd, cwd=project, env=env, check=True)


def read_me(date: str, site_url: str) -> str:
    """READ-ME-FIRST.txt: how to open the copy, and where the Codex is online when the build has a public address
    (L5R_SITE_URL, as mkdocs.yml reads it)."""
    text = README.format(date=date)
    if site_url.strip():
        text += f"\nThe Codex online (the links that Copy citation shares): {site_url.strip()}\n"
    return text


def zip_site(site_dir: Path, dest: Path, folder: str, date: str) -> None:
    from l5r.progress import Unit, meter

    tmp = dest.with_suffix(".zip.part")
    # Not the build's own record of its pages (hidden: l5r/site/cardpage/keptpages.py), which no reader opens.
    files = [path for path in sorted(site_dir.rglob("*")) if path.is_file() and not path.name.startswith(".")]
    with (
        zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as z,
        meter("zipping the offline copy", len(files), Unit.FILES) as bar,
    ):
        z.writestr(f"{folder}/READ-ME-FIRST.txt", read_me(date, os.environ.get("L5R_SITE_URL", "")))
        # Whose words and cards these are, and the Codex's own licence (the site's Credits page says the same).
        for notice in CREDIT_FILES:
            z.write(ROOT / notice, f"{folder}/{notice}.txt")
        for path in files:
            z.write(path, f"{folder}/{path.relative_to(site_dir).as_posix()}")
            bar.advance()
    tmp.replace(dest)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the zip goes (default: dist/)")
    parser.add_argument(
        "--date",
        default=build_day().isoformat(),
        help="build date in the name (default: today, or SOURCE_DATE_EPOCH's day)",
    )
    parser.add_argument("--no-zip", action="store_true", help="build and check the site only")
    parser.add_argument(
        "--project",
        type=Path,
        default=ROOT,
        help="the project folder whose mkdocs.offline.yml is built (default: this repository)",
    )
    args = parser.parse_args(argv)
    if not (args.project / "mkdocs.offline.yml").is_file():
        parser.error(f"{args.project} has no mkdocs.offline.yml")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", args.date):
        parser.error("--date must be YYYY-MM-DD")

    folder = f"{NAME}-{args.date}"
    dist = args.dist.resolve()
    site_dir = dist / "offline-site"
    if site_dir.exists():
        shutil.rmtree(site_dir)
    dist.mkdir(parents=True, exist_ok=True)
    print(pool_line())
    try:
        build(site_dir, args.project.resolve())
    except subprocess.CalledProcessError as exc:
        print(f"build_offline: the offline build failed (exit {exc.returncode})", file=sys.stderr)
        return 1
    files = checked_files(site_dir)
    problems = remote_loads(site_dir, files)
    if problems:
        print(
            "build_offline: these would load from the network, which the offline copy must never do:", file=sys.stderr
        )
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    outside = outside_addresses(
        site_dir, os.environ.get("L5R_SITE_URL", "").strip(), files, os.environ.get("L5R_REPO_URL", "").strip()
    )
    if outside:
        print(
            "build_offline: these pages name an address outside the copy (only the Codex's public address may be "
            "named; a quoted address is written with &#58;//):",
            file=sys.stderr,
        )
        for p in outside[:50]:
            print(f"  {p}", file=sys.stderr)
        return 1
    print(
        f"network check: {len(files)} pages, stylesheets and scripts read; none loads from another machine, "
        "no page names an address but the Codex's own"
    )
    if args.no_zip:
        print(site_dir)
        return 0
    dest = dist / f"{folder}.zip"
    zip_site(site_dir, dest, folder, args.date)
    print(f"{dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest} ({dest.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
