"""Every pool card citable as a record is: `CARD <slug>` in permalinks.json (beside the records' `CARD <id>`), a
short link `c/card-<slug>/` that unfurls with what the card's page says, and the card's page in a sitemap.

The pages of the cards the documents name already have all three (they are records: l5r/site/permalinks.py);
their short link's description is made the page's own, legality included, when the pool knows the card."""

from __future__ import annotations

import html as _html
import json
import re
from pathlib import Path

from ...cardpool import Identity
from ..cardlinks import CARD_DIR
from ..permalinks import SHORT_DIR, citation_slug
from ..render import jinja_env
from .article import CardSite

CARD_CITATION = "CARD"
PERMALINKS_FILE = "permalinks.json"
_DESCRIPTION = re.compile(r'(<meta (?:name="description"|property="og:description") content=")[^"]*"')


def card_citation(slug: str) -> str:
    """How permalinks.json names a card page: `CARD <slug>`, as it names a record's (`CARD <id>`)."""
    return f"{CARD_CITATION} {slug}"


def card_short_path(slug: str) -> str:
    """`c/card-<slug>/`: the card's short link from the site's root."""
    return f"{SHORT_DIR}/{citation_slug(card_citation(slug))}/"


def card_page_path(slug: str) -> str:
    """`card/<slug>/`: the card's page as the public site names it (directory URLs)."""
    return f"{CARD_DIR}/{slug}/"


def write_card_links(site_dir: Path, card_site: CardSite, site_url: str = "") -> int:
    """Every pool card's short link, its entry in permalinks.json, and the description of the short links of the
    cards the documents name (the page's own, legality included). `site_url`: the public address or "".
    Returns how many short links were written."""
    site_dir = Path(site_dir)
    template = jinja_env().get_template("pool_card_short.html.j2")
    permalinks_file = site_dir / PERMALINKS_FILE
    published = json.loads(permalinks_file.read_text(encoding="utf-8")) if permalinks_file.is_file() else {}
    written = 0
    for identity in card_site.page_identities():
        slug = card_site.slug_of[identity]
        page = card_page_path(slug)
        published[card_citation(slug)] = site_url + page + "#card"
        html = template.render(
            citation=f"{CARD_CITATION} {identity.key}", title=identity.key,
            description=card_site.description(identity), to="../../" + page,
            page=site_url + page if site_url else "", url=site_url + card_short_path(slug) if site_url else "")
        _write_short(site_dir / card_short_path(slug) / "index.html", html)
        written += 1
    for identity in card_site.index.identities:
        if identity.card_id and identity.in_pool:
            _describe_record_link(site_dir, card_site, identity)
    permalinks_file.write_text(json.dumps(dict(sorted(published.items())), indent=1, ensure_ascii=False) + "\n",
                               encoding="utf-8")
    return written


def _describe_record_link(site_dir: Path, card_site: CardSite, identity: Identity) -> None:
    path = site_dir / card_short_path(str(identity.card_id)) / "index.html"
    try:
        page = path.read_text(encoding="utf-8")
    except OSError:
        return
    said = _html.escape(card_site.description(identity))
    path.write_text(_DESCRIPTION.sub(lambda m: m.group(1) + said + '"', page, count=2), encoding="utf-8")


def _write_short(path: Path, text: str) -> None:
    # Under `mkdocs serve` the served folder is kept between rebuilds: a link already there, byte for byte, stays.
    data = text.encode("utf-8")
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def card_page_urls(card_site: CardSite) -> list[str]:
    """Every pool card's page, as the public site names it (from the site's root): what a sitemap lists."""
    return [card_page_path(card_site.slug_of[i]) for i in card_site.page_identities()]
