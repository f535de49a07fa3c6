"""Every pool card citable as a record is: `CARD <slug>` (as a record's card is `CARD <id>`), listed in
card-permalinks.json, a short link `c/card-<slug>/` that unfurls with what the card's page says, and the card's
page in a sitemap.

card-permalinks.json is the pool's part of permalinks.json, in a file of its own and compact (a record's entry is
a line of its own; the pool's 13,000 would add a megabyte to every copy of the site): the citation, permalink and
short link patterns once, then every card's slug with its name as its page gives it (`CardSite.page_name`):

    {"citation": "CARD {slug}", "url": "https://…/card/{slug}/#card", "short_link": "https://…/c/card-{slug}/",
     "cards": {"kakita-ibara": "Kakita Ibara", …}}

The pages of the cards the documents name already have all of it (they are records: l5r/site/rendering/permalinks.py);
their short link's description is made the page's own, legality included, when the pool knows the card.
"""

from __future__ import annotations

import html as _html
import json
import re
from pathlib import Path

from markupsafe import Markup

from ...cardpool import Identity
from ..rendering.cardlinks import CARD_DIR
from ..rendering.permalinks import SHORT_DIR, citation_slug
from ..rendering.render import jinja_env
from .article import CardSite

CARD_CITATION = "CARD"
PERMALINKS_FILE = "card-permalinks.json"
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


def short_link_shape() -> str:
    # The template rendered once, its values filled in per card (13,000 renders cost a second of the build).
    return (
        jinja_env()
        .get_template("pool_card_short.html.j2")
        .render(title=Markup("@TITLE@"), description=Markup("@DESC@"), to=Markup("@TO@"))
    )


def short_link_text(shape: str, card_site: CardSite, identity: Identity) -> str:
    """The page at a pool card's short link, from `short_link_shape`."""
    return (
        shape.replace("@TITLE@", _html.escape(card_site.page_name(identity)))
        .replace("@DESC@", _html.escape(card_site.description(identity)))
        .replace("@TO@", "../../" + card_page_path(card_site.slug_of[identity]))
    )


def short_link_html(card_site: CardSite, identity: Identity) -> str:
    """The page at a pool card's short link, as the build writes it (`mkdocs serve` answers with it)."""
    return short_link_text(short_link_shape(), card_site, identity)


def permalinks_json(card_site: CardSite, site_url: str = "") -> str:
    """card-permalinks.json: how every pool card is cited, its page and its short link (`site_url`: the public
    address or "")."""
    cards = {card_site.slug_of[i]: card_site.page_name(i) for i in card_site.page_identities()}
    table = {
        "citation": card_citation("{slug}"),
        "url": site_url + card_page_path("{slug}") + "#card",
        "short_link": f"{site_url}{SHORT_DIR}/card-{{slug}}/",
        "cards": dict(sorted(cards.items())),
    }
    return json.dumps(table, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_card_links(site_dir: Path, card_site: CardSite, site_url: str = "") -> None:
    """card-permalinks.json and the description of the short links of the cards the documents name (the page's
    own, legality included). `site_url`: the public address or "". The pool cards' own short links are written
    with their pages (`write.write_card_pages`)."""
    site_dir = Path(site_dir)
    for identity in card_site.index.identities:
        if identity.card_id and identity.in_pool:
            _describe_record_link(site_dir, card_site, identity)
    (site_dir / PERMALINKS_FILE).write_text(permalinks_json(card_site, site_url), encoding="utf-8")


def _describe_record_link(site_dir: Path, card_site: CardSite, identity: Identity) -> None:
    path = site_dir / card_short_path(str(identity.card_id)) / "index.html"
    try:
        page = path.read_text(encoding="utf-8")
    except OSError:
        return
    said = _html.escape(card_site.description(identity))
    path.write_text(_DESCRIPTION.sub(lambda m: m.group(1) + said + '"', page, count=2), encoding="utf-8")


def card_page_urls(card_site: CardSite) -> list[str]:
    """Every pool card's page, as the public site names it (from the site's root): what a sitemap lists."""
    return [card_page_path(card_site.slug_of[i]) for i in card_site.page_identities()]
