"""Rendering, the bottom stage of the site: text made safe and linked, pages through Jinja templates, and the
addresses a rendered page links by. Every other stage imports this one; it imports none of them.

- `pages.py`: what a generated page is, the site plan's types and the URL arithmetic between pages. It sits here,
  under the plan, although it names pages: rendering a link needs a page's address (`render` imports it), and the
  plan's page families are rendered (`plan` -> `compare` -> `render`), so the types the plan fills are at the bottom;
- `render.py`: verbatim text as HTML, and pages through the templates of `l5r/site/templates/` (`TEMPLATES`);
  `template_cache.py` keeps them compiled between builds;
- `autolink.py`, `cardlinks.py`: the auto-link rules, for the Codex's records and for the pool's other cards;
- `citelabel.py`: how a citation reads; `diff.py`: word-level diffs of rules text;
- `safetext.py`, `mdsafe.py`: pool card text and Markdown links made harmless;
- `permalinks.py`, `share.py`, `searchindex.py`, `editlinks.py`: a record's lasting addresses, what its link says
  when shared, its search words and its edit link. Their files are written after the build (building/postbuild.py
  calls them), but the card pages, the API and every page's Markdown read these addresses, so they sit here,
  under all three.
"""
