"""Turning the Codex model into the site's pages and files, in stages. Each stage imports only itself and the
stages above it in this list, never one below (tests/test_site_stages.py):

    rendering/  text made safe and linked, templates, addresses; the page and URL types (pages.py) at the bottom
    cardpage/   every pool card's page, and the card search
    planning/   the plan of pages, and each planned page's Markdown
    api/        the JSON API and the browser deck checker's data
    building/   the whole generation, and every pass after the engine's build
    glue/       the MkDocs hooks' calls, and `mkdocs serve`

templates/, theme/ and search-worker-prelude.js are data, read by the modules that name them.
"""
