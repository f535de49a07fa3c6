"""Build and post-build: every file the site is made of, before and after the engine's build, as functions of the
data and of the built files. No engine's code is here (that is glue/).

- `generate.py`: the whole generation, `generate(codex)`: the pages' Markdown, the feeds, the JSON API, the card
  search's files and the navigation;
- `feeds.py`: the Atom feeds (and `THEME_DIR`, the Codex's theme folder an engine builds with);
- `postbuild.py`: every pass after the engine's build, in order;
- `offline.py`: the offline copy's settings and files;
- `themefiles.py`: the theme files no page loads, removed.

It imports every stage under it (rendering/, cardpage/, planning/, api/); only glue/ and the `l5r` command import it.
"""
