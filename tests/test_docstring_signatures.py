"""A module docstring that lists its functions as `name(arg, ...) -> what` names functions that exist, with
those parameters first: a renamed function or a changed signature makes the docstring wrong, and this fails."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from package_source import parsed

ROOT = Path(__file__).resolve().parent.parent
LISTED = re.compile(r"^\s+(?:\w+\.)?(\w+)\(([^()]*)\)\s+->", re.M)


def listed_signatures(source: str) -> list[tuple[str, list[str]]]:
    docstring = ast.get_docstring(parsed(source)) or ""
    return [(name, [a.strip() for a in args.split(",") if a.strip()]) for name, args in LISTED.findall(docstring)]


def functions(source: str) -> dict[str, list[str]]:
    tree = parsed(source)
    return {
        node.name: [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


def wrong_signatures(source: str) -> list[str]:
    defined = functions(source)
    wrong = []
    for name, args in listed_signatures(source):
        if name not in defined:
            wrong.append(f"{name}: no such function")
        elif defined[name][: len(args)] != args:
            wrong.append(f"{name}({', '.join(args)}): the function takes ({', '.join(defined[name])})")
    return wrong


def test_module_docstrings_list_signatures_that_exist():
    checked, wrong = 0, {}
    for path in sorted((ROOT / "l5r").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        checked += len(listed_signatures(source))
        if found := wrong_signatures(source):
            wrong[str(path.relative_to(ROOT))] = found
    assert not wrong
    assert checked >= 3  # l5r/site/api/documents.py lists three; the scan must find them


def test_the_check_finds_a_signature_that_no_longer_exists():
    source = (
        '"""Functions.\n\n    checker_script(codex, index, plan)  -> a script\n"""\n\n'
        "def checker_script(codex, index, rule_urls):\n    pass\n"
    )
    assert wrong_signatures(source) == [
        "checker_script(codex, index, plan): the function takes (codex, index, rule_urls)"
    ]


# Everything the project writes itself: code, templates, stylesheets and scripts, schemas, test cases, prose and the
# build files. The data's YAML is left out: it quotes the source documents, whose words are never changed.
_OWN_FOLDERS = ("l5r", "tests", "scripts", "hooks", "docs", "data/schemas", ".ci")
_OWN_FILES = ("Makefile", "pyproject.toml", "mkdocs.yml", "README.md", "CONTRIBUTING.md", "package.json")
_TEXT = {".py", ".j2", ".js", ".css", ".html", ".json", ".md", ".sh", ".txt", ".yml", ".yaml", ".toml", ""}


def _own_writing() -> list[Path]:
    paths = [
        p
        for folder in _OWN_FOLDERS
        for p in (ROOT / folder).rglob("*")
        if p.suffix in _TEXT and p.is_file() and "__pycache__" not in p.parts
    ]
    return paths + [ROOT / name for name in _OWN_FILES]


# A pool size written into a comment or a page rots when the pool moves: the figures live in the benchmark's
# output. Counts such as "13,746 card pages", "12,000+ titles", "all 13,000 titles", "20,132 printings", a build's
# "28,000 files" or "140,000 links".
POOL_SIZE = re.compile(
    r"\b\d{1,3}(?:,\d{3})+\+?\s+(?:\w+\s+)?(?:cards?|titles?|pages?|copies|alternatives|printings?|"
    r"files|links|dicts|identities)\b|"
    r"\b\d{1,3}(?:,\d{3})+\s+times\b"
)


def pool_sizes(text: str) -> list[str]:
    return POOL_SIZE.findall(text)


def test_no_pool_size_is_written_into_code_or_docs():
    this_file = Path(__file__).resolve()  # it names the forms it looks for
    paths = [p for p in _own_writing() if p.resolve() != this_file and "fixtures" not in p.parts]
    found = {
        str(p.relative_to(ROOT)): sizes
        for p in paths
        if (sizes := pool_sizes(p.read_text(encoding="utf-8", errors="replace")))
    }
    assert not found
    assert len(paths) > 300


def test_the_pool_size_scan_finds_the_forms_that_rotted():
    for text in (
        "so 13,746 cards never go",
        "large (12,000+ titles)",
        "with all 13,000 titles",
        "the pool's 12,691 titles",
        "repeated 13,000 times",
        "a site of 14,000 pages",
        "does not read 20,132 printings again",
        "a build holds 28,000 files",
        "seconds on 140,000 links",
        "encoding of 30,000 small dicts",
    ):
        assert pool_sizes(text), text
    assert not pool_sizes("a card page ≤ 40 KB, the site ≤ 60 MB, a walk over every page of a pool build")
    assert not pool_sizes("20,000 lines fit in 2 MB; 100,000 lines; 10,000 fresh random cases")  # limits, not the pool


# A comment says why, never which issue asked for it: the issue's number means nothing to the next reader and
# outlives the tracker it points into.
ISSUE_NUMBER = re.compile(r"\bissues?\s*(?:no\.?\s*)?#?\d+\b|\(#\d+\)|\bgh-\d+\b", re.I)


def issue_numbers(text: str) -> list[str]:
    return ISSUE_NUMBER.findall(text)


def test_no_comment_cites_an_issue_number():
    this_file = Path(__file__).resolve()  # it names the forms it looks for
    paths = [p for p in _own_writing() if p.resolve() != this_file]
    found = {
        str(p.relative_to(ROOT)): cited
        for p in paths
        if (cited := issue_numbers(p.read_text(encoding="utf-8", errors="replace")))
    }
    assert not found
    kinds = {p.suffix for p in paths}
    assert len(paths) > 300 and {".py", ".js", ".css", ".json", ".md", ".j2", ".toml"} <= kinds, (len(paths), kinds)


def test_the_issue_number_scan_finds_the_forms_that_rotted():
    for text in ("# issue 21: keep the order", "(see issue #7)", "fixed in (#35)", "Issue no. 4", "gh-12"):
        assert issue_numbers(text), text
    assert not issue_numbers("a ban issued on 2015-09-01; tissue 3; &#39; 8 issues found")
