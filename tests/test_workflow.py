"""The publishing workflow (.github/workflows/publish.yml) is a valid GitHub Actions workflow that does what the
README's "Publish your own copy" says: on a push to main, fetch the pool, run the tests, build the site for the Pages
address, deploy it to GitHub Pages, and attach the offline copy to a release.

Validated with check-jsonschema's vendored copy of GitHub's workflow schema (no network), plus what a schema
cannot see: every `steps.<id>` and `needs.<job>` an expression names exists, and every action is pinned to an
exact version. Each check is shown to fail on a broken copy."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "publish.yml"
CHECK_JSONSCHEMA = Path(sys.executable).parent / "check-jsonschema"
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@v\d+\.\d+\.\d+$")
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)


def schema_problems(path: Path) -> str:
    """What check-jsonschema says against GitHub's workflow schema ("" when the file is valid)."""
    result = subprocess.run([str(CHECK_JSONSCHEMA), "--builtin-schema", "vendor.github-workflows", str(path)],
                            capture_output=True, text=True, check=False)
    return "" if result.returncode == 0 else (result.stdout + result.stderr).strip() or f"exit {result.returncode}"


def reference_problems(workflow: dict) -> list[str]:
    """Expressions naming a step id its job does not have, or a job its job does not need; actions not pinned to
    an exact version."""
    problems = []
    jobs = workflow.get("jobs") or {}
    for name, job in jobs.items():
        step_ids = {s["id"] for s in job.get("steps") or () if "id" in s}
        needs = job.get("needs") or []
        needs = {needs} if isinstance(needs, str) else set(needs)
        for need in needs:
            if need not in jobs:
                problems.append(f"{name}: needs an unknown job {need!r}")
        text = yaml.safe_dump(job)
        for expression in EXPRESSION.findall(text):
            for step in re.findall(r"\bsteps\.([\w-]+)\.", expression):
                if step not in step_ids:
                    problems.append(f"{name}: {expression.strip()!r} names no step of this job")
            for need in re.findall(r"\bneeds\.([\w-]+)\.", expression):
                if need not in needs:
                    problems.append(f"{name}: {expression.strip()!r} names a job it does not need")
                elif "outputs" in expression and not _has_output(jobs[need], expression, need):
                    problems.append(f"{name}: {expression.strip()!r} names an output {need} does not declare")
        for step in job.get("steps") or ():
            if "uses" in step and not PINNED.match(step["uses"]):
                problems.append(f"{name}: {step['uses']} is not pinned to an exact version (owner/repo@vX.Y.Z)")
    return problems


def _has_output(job: dict, expression: str, need: str) -> bool:
    wanted = re.findall(rf"\bneeds\.{re.escape(need)}\.outputs\.([\w-]+)", expression)
    return all(w in (job.get("outputs") or {}) for w in wanted)


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_workflow_is_valid_against_githubs_schema():
    assert CHECK_JSONSCHEMA.is_file(), "check-jsonschema is a pinned test dependency: `make .venv/.installed`"
    assert schema_problems(WORKFLOW) == ""


def test_every_reference_resolves_and_every_action_is_pinned(workflow):
    assert reference_problems(workflow) == []


@pytest.mark.parametrize("damage", [
    ("    runs-on: ubuntu-latest\n    # Debian", "    # Debian"),  # a job with nowhere to run
    ("permissions:\n  contents: read", "permissions:\n  contents: sometimes"),  # no such permission level
    ("        id: pages\n        uses: actions/configure-pages@v5.0.0",
     "        id: pages\n        uses: actions/configure-pages@v5.0.0\n        run: echo both"),  # uses and run
    ("  workflow_dispatch:", "  workflow_dispatch:\n  pushh:"),  # no such event
], ids=["no-runs-on", "bad-permission", "uses-and-run", "unknown-event"])
def test_the_schema_check_fails_on_a_broken_copy(tmp_path, damage):
    old, new = damage
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text, f"the workflow changed: update this test's damage {old!r}"
    broken = tmp_path / "publish.yml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert schema_problems(broken) != ""


@pytest.mark.parametrize("damage", [
    ("steps.pages.outputs.base_url", "steps.page.outputs.base_url"),  # a step id that does not exist
    ("needs.build.outputs.date", "needs.built.outputs.date"),  # a job not needed
    ("needs.deploy.outputs.page_url", "needs.deploy.outputs.url"),  # an output not declared
    ("actions/deploy-pages@v4.0.5", "actions/deploy-pages@v4"),  # a moving tag
], ids=["unknown-step", "unknown-need", "unknown-output", "moving-tag"])
def test_the_reference_check_fails_on_a_broken_copy(damage):
    old, new = damage
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text, f"the workflow changed: update this test's damage {old!r}"
    assert reference_problems(yaml.safe_load(text.replace(old, new, 1)))


def _steps(job: dict) -> list[str]:
    return [s.get("uses", "").split("@")[0] or s.get("run", "") for s in job["steps"]]


def test_it_publishes_on_a_push_to_main_with_the_pages_address(workflow):
    on = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads the key `on` as true
    assert on["push"]["branches"] == ["main"] and "workflow_dispatch" in on
    build = workflow["jobs"]["build"]
    steps = build["steps"]
    runs = [s.get("run", "") for s in steps]
    order = [next(i for i, r in enumerate(runs) if what in r) for what in
             ("make cardpool", "make test", "make build", "make offline")]
    assert order == sorted(order), "pool, tests, site, offline copy: in that order"
    pages = next(s for s in steps if s.get("uses", "").startswith("actions/configure-pages@"))
    for command in ("make build", "make offline"):
        step = next(s for s in steps if command in s.get("run", ""))
        assert step["env"]["L5R_SITE_URL"] == f"${{{{ steps.{pages['id']}.outputs.base_url }}}}", command
    assert any(s.get("uses", "").startswith("actions/upload-pages-artifact@") and s["with"]["path"] == "site"
               for s in steps)
    assert "chromium" in runs[1] and "3.11" in build["container"]
    assert build["permissions"] == {"contents": "read", "pages": "read"}


def test_it_deploys_to_pages_and_releases_the_offline_zip(workflow):
    deploy = workflow["jobs"]["deploy"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert any(u.startswith("actions/deploy-pages") for u in _steps(deploy))
    release = workflow["jobs"]["release"]
    assert release["permissions"] == {"contents": "write"}
    attach = next(s for s in release["steps"] if s.get("uses", "").startswith("softprops/action-gh-release@"))
    assert attach["with"]["files"].endswith("l5r-codex-offline-*.zip")
    assert workflow["permissions"] == {"contents": "read"}  # write access only where a job needs it
