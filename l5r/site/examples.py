"""Verified examples: ```scenario fences rendered on the site, and shown under the rules they illustrate.

The scenario engine (l5r.scenarios) runs the same fences in the tests; this module only presents them.
"""

from __future__ import annotations


def fence_format(source, language, css_class, options, md, **kwargs):
    """pymdownx.superfences formatter for ```scenario fences."""
    from ..scenarios.present import render_fence  # imported lazily: the site must build without pytest deps

    return render_fence(source)


def fence_validate(language, inputs, options, attrs, md):
    return True


def examples_for(record_id: str) -> str:
    """HTML for every verified example that illustrates a record (empty when there are none)."""
    try:
        from ..scenarios.present import examples_html
    except ImportError:
        return ""
    return examples_html(record_id)
