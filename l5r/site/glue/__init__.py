"""The MkDocs glue and `mkdocs serve`: the only code of the site that knows MkDocs, at the top of the package.

- `mkdocs_glue.py`: what the hooks (hooks/) call in every build: the build's `SiteState`, the generated pages as
  virtual files, the passes after the build. The environment is read here and passed down as arguments;
- `mkdocs_serve.py`: `mkdocs serve` only: pool card pages rendered when asked for, work reused between rebuilds.

`mkdocs_serve` imports only cardpage/ (the pages it serves); `mkdocs_glue` imports every stage and `mkdocs_serve`.
Nothing else in the package imports this one.
"""
