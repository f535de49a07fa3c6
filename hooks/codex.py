"""MkDocs glue: load the Codex data and hand MkDocs the generated pages. All logic lives in `l5r.site`."""

from __future__ import annotations

from l5r.site import mkdocs_glue

# -----------------------------------------------------------------------------------------------------------
# Hooks
# -----------------------------------------------------------------------------------------------------------


def on_config(config):
    return mkdocs_glue.on_config(config)


def on_files(files, config):
    return mkdocs_glue.on_files(files, config)


def on_page_content(html, page, config, files):
    return mkdocs_glue.on_page_content(html, page, config, files)


def on_post_build(config):
    mkdocs_glue.on_post_build(config)
