"""The small copy of the project (tests/small_project.py) stands in for the project where tests compare two builds:
it must have every kind of record and of generated page the project has, and fewer pages."""

from __future__ import annotations

from conftest import small_project


def test_the_small_copy_has_every_kind_of_record_and_page_in_fewer_pages(tmp_path_factory, codex):
    from l5r.data.load import load_codex
    from l5r.site.rendering import permalinks
    from l5r.site.planning.plan import plan_site

    plan = plan_site(codex)
    small = load_codex(small_project(tmp_path_factory) / "data")
    small_plan = plan_site(small)
    kinds = {type(r).__name__ for r in codex.records.values()}
    assert {type(r).__name__ for r in small.records.values()} == kinds, "a kind of record the copy lacks"
    templates = {p.template for p in plan.pages}
    assert {p.template for p in small_plan.pages} == templates, "a kind of page the copy lacks"
    assert len(small_plan.pages) < 0.7 * len(plan.pages)
    # Its lock is its own: every anchor it publishes, none it does not (the project's lists the left-out formats').
    lock = permalinks.read_lock(small_project(tmp_path_factory) / permalinks.LOCK_FILE)
    assert lock == {c.locked for c in permalinks.citables(small, small_plan)}
