"""The site plan places every record of a bundled format on one page of its format, and each page family of the
plan's table gives its pages where the format has what the family shows."""

from __future__ import annotations

from l5r.site.planning.plan import FORMAT_PAGE_FAMILIES, format_dir, plan_site


def test_every_record_of_a_bundled_format_is_anchored_on_a_page_of_its_format(codex):
    plan = plan_site(codex)
    planned = {p.uri for p in plan.pages}
    records = [r for r in codex.records.values() if r.format_id and codex.formats[r.format_id].bundled]
    assert len(records) > 300
    for r in records:
        uri, anchor = plan.anchors[r.id]
        assert anchor == r.id and uri in planned and uri.startswith(format_dir(codex.formats[r.format_id]) + "/")


def test_each_page_family_gives_the_pages_of_what_the_format_has(codex):
    fmt = codex.formats["modern"]
    made = {family.__name__: list(family(fmt)) for family in FORMAT_PAGE_FAMILIES}
    assert all(made.values()), [name for name, pages in made.items() if not pages]  # Modern has every family
    assert len(made["_keywords"]) == len(fmt.keyword_files)
    names = [p.name for pages in made.values() for p in pages]
    assert len(names) == len(set(names))
    plan = plan_site(codex)
    planned = {p.uri: p for p in plan.pages}
    for page in (p for pages in made.values() for p in pages):
        uri = f"{format_dir(fmt)}/{page.name}"
        assert planned[uri].title == page.title and planned[uri].template == page.template
        assert all(plan.anchors[i] == (uri, i) for i in page.anchored)
