"""MkDocs glue for search and the offline copy (issue #8). All logic lives in `l5r.site.search` and `l5r.site.offline`."""

from __future__ import annotations

from l5r.site import mkdocs_glue, offline, search

# -----------------------------------------------------------------------------------------------------------
# Hooks (run after hooks/codex.py, which loads the Codex data in its on_config)
# -----------------------------------------------------------------------------------------------------------


def on_config(config):
    offline.on_config(config)
    return config


def on_files(files, config):
    return offline.on_files(files, config)


def on_page_content(html, page, config, files):
    return offline.page_content(html, page, config, files)


def on_post_page(output, page, config):
    return offline.post_page(output, config)


def on_post_build(config):
    # Runs after Material's search plugin has written search/search_index.json.
    from pathlib import Path

    state = mkdocs_glue.state_of(config)
    search.tag_index(Path(config.site_dir) / "search" / "search_index.json", state.codex, state.plan,
                     config.use_directory_urls)
    offline.on_post_build(config)
