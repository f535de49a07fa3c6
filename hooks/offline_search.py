"""MkDocs glue for the offline copy: its settings and the vendored shim. Its passes over the built
pages run with the others (l5r/site/building/postbuild.py, called by hooks/codex.py)."""

from __future__ import annotations

from l5r.site.glue import mkdocs_glue

# -----------------------------------------------------------------------------------------------------------
# Hooks (run after hooks/codex.py, which loads the Codex data in its on_config)
# -----------------------------------------------------------------------------------------------------------


def on_config(config):
    mkdocs_glue.offline_config(config)
    return config


def on_files(files, config):
    return mkdocs_glue.offline_files(files, config)
