"""Plan and pages: which pages the site has, and each page's Markdown, from the data.

- `plan.py`: the plan (which page each record is on, its anchor, the navigation), composed from the planners of the
  page families: `printpages.py` (the print pages), `compare.py` (the comparison pages) and `matrix.py` (the rules
  matrix, whose API document the API takes from here);
- `mdpages.py`: every planned page rendered to Markdown through its template;
- `examples.py`: the verified examples' fences on the site and under the rules they illustrate (their links come
  from the plan).

The types the plan is made of (`Page`, `SitePlan`, URLs) are `rendering/pages.py`, at the bottom: rendering a link
needs them and the page families are rendered. This stage imports rendering/ and cardpage/ (the pool cards' slugs,
for the links rules text makes to their pages); the API and building/ import it.
"""
