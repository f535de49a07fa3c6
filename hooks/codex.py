"""MkDocs glue: load the Codex data and hand MkDocs the generated pages. All logic lives in `l5r.site`.

on_config makes the build's one `SiteState` (l5r/site/mkdocs_glue.py); every later hook reads it from the
config MkDocs passes in and hands it on explicitly."""

from __future__ import annotations

from l5r.site import mkdocs_glue

# -----------------------------------------------------------------------------------------------------------
# Hooks
# -----------------------------------------------------------------------------------------------------------


def on_startup(command, dirty):
    mkdocs_glue.startup(command)


def on_config(config):
    mkdocs_glue.load(config)
    return config


def on_files(files, config):
    return mkdocs_glue.add_files(mkdocs_glue.state_of(config), files, config)


def on_env(env, config, files):
    return mkdocs_glue.theme_env(env)


def on_page_content(html, page, config, files):
    return mkdocs_glue.page_content(mkdocs_glue.state_of(config), html, page, config)


def on_post_build(config):
    mkdocs_glue.post_build(mkdocs_glue.state_of(config), config)


def on_serve(server, config, builder):
    mkdocs_glue.serve(server)
    return server
