"""MkDocs glue: load the Codex data, hand MkDocs the generated pages, run the post-build passes (per page in
on_post_page, the rest in on_post_build: l5r/site/building/postbuild.py). All logic lives in `l5r.site`.

on_config makes the build's one `SiteState` (l5r/site/glue/mkdocs_glue.py); every later hook reads it from the
config MkDocs passes in and hands it on explicitly."""

from __future__ import annotations

from l5r.site.glue import mkdocs_glue

# -----------------------------------------------------------------------------------------------------------
# Hooks
# -----------------------------------------------------------------------------------------------------------


def on_startup(command, dirty):
    mkdocs_glue.startup(command, dirty)


def on_config(config):
    mkdocs_glue.load(config)
    return config


def on_pre_build(config):
    mkdocs_glue.pre_build(config)


def on_files(files, config):
    return mkdocs_glue.add_files(mkdocs_glue.state_of(config), files, config)


def on_env(env, config, files):
    return mkdocs_glue.theme_env(mkdocs_glue.state_of(config), env, config, files)


def on_page_content(html, page, config, files):
    return mkdocs_glue.page_converted(mkdocs_glue.state_of(config), html)


def on_post_page(output, page, config):
    return mkdocs_glue.post_page(mkdocs_glue.state_of(config), output, page)


def on_post_build(config):
    mkdocs_glue.post_build(mkdocs_glue.state_of(config), config)


def on_serve(server, config, builder):
    mkdocs_glue.serve(server)
    return server


def on_shutdown():
    mkdocs_glue.shutdown()
