"""Verified examples: ```scenario fences rendered on the site, and shown under the rules they illustrate.

The scenario engine (l5r.scenarios) runs the same fences in the tests; this module only presents them. The
presenter (l5r.scenarios.present) does not import the site: this module hands it the site's links.
"""

from __future__ import annotations

from ...scenarios import present
from ..rendering import citelabel, searchindex
from ..rendering.pages import SitePlan, page_path, relative_url
from .plan import plan_site


def site_links(plan: SitePlan, codex=None) -> present.Links:
    """How the scenario presenter addresses records and pages on this site, and how it words their citations
    (`codex`'s, as every page words them: citelabel.py; without a codex, the presenter shows the citation id)."""

    def home(record_id: str) -> str | None:
        found = plan.anchors.get(record_id)
        return found[0] if found else None

    def label(record_id: str) -> str:
        record = codex.records.get(record_id)
        return citelabel.label(record, codex) if record is not None else record_id

    return present.Links(
        home=home,
        record=plan.url,
        page=lambda to_uri, from_uri: relative_url(page_path(from_uri), page_path(to_uri)),
        label=label if codex is not None else None,
    )


_plans: dict = {}


def _links_for(codex) -> present.Links:
    """The links of the Codex the presenter loaded (fences render inside Markdown, where no plan is at hand)."""
    if _plans.get("codex") is not codex:
        _plans.update(codex=codex, links=site_links(plan_site(codex), codex))
    return _plans["links"]


def fence_format(source, language, css_class, options, md, **kwargs):
    """pymdownx.superfences formatter for ```scenario fences (its block ends kept apart for the search index)."""
    return searchindex.words_apart(present.render_fence(source, _links_for(present.library().codex)))


def fence_validate(language, inputs, options, attrs, md):
    return True


def examples_for(record_id: str, plan: SitePlan, codex=None) -> str:
    """HTML for every verified example that illustrates a record (empty when there are none)."""
    return present.examples_html(record_id, site_links(plan, codex))
