"""A page per pool card, written from one Jinja template into one MkDocs-rendered shell.

MkDocs renders the card search page (cards/search.md) through the theme once; every card page is then written
into a slim copy of that page's chrome, so the pool's cards never go through the Markdown and theme pipeline.
Card pages stay out of Material's search index; the search page loads its own compact index
(assets/card-index.js, a script tag: works from file:// too). One module a question:

- `printings.py`: where a card's text, stats, artists and release dates come from (the pool's printings,
  read once per build and cached);
- `slugs.py`: where card slugs and URLs come from (`card/<slug>/`, for every card: a pool slug never takes a
  record's id);
- `verdicts.py`: how legality in every format is asked of the deck checker, and put in words;
- `article.py`: how one card's page content is rendered (`CardSite`, everything prepared once per build);
- `chrome.py`: the card pages' one stylesheet and one script (the site's header and navigation, and the classes
  and attributes a page leaves for that script to add);
- `compact.py`: a card page's markup as short as HTML writes the same document;
- `shell.py`: the head and tail every card page is written between, from the built card search page;
- `write.py`: where a card page is written (in parallel for a big pool), and served by `mkdocs serve`;
- `records.py`: the pages of the cards the documents name (card/<id>/, rendered by the engine) filled with the
  same parts: the ban history always, the pool's legality, facts and printings with a pool;
- `citable.py`: every pool card cited as `CARD <slug>`: card-permalinks.json, its short link c/card-<slug>/, its
  page in the sitemap.

`cardsearch.py` is the card search page and the writer of every pool card's page from the parts above. This
stage imports only rendering/ (addresses, links, safe text, the Jinja environment); planning/ takes the pool cards'
slugs from it (for the links rules text makes to their pages), so it sits under planning/.
"""
