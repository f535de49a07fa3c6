"""The pages of the Codex's card records (`card/<id>/`, card.md.j2): the places their Markdown leaves empty are
filled with what every pool card's page shows, rendered by the same `CardSite`: the ban history always (the deck
checker's entries for the card, pool or none), and with a card pool the legality, the pool's facts and printings."""

from __future__ import annotations

import html as _html
import re
from pathlib import Path

from ...cardpool import Identity
from ..rendering.cardlinks import CARD_DIR
from .article import CardSite

# The places card.md.j2 leaves, in the order of `CardSite.render_embedded`'s parts.
_PLACES = ("{id}-pool", "{id}-pool-card", "{id}-bans", "{id}-pool-prints")
_BANS = 2  # the one part a record's page gets without a card pool
_DESCRIPTION = re.compile(r'(<meta (?:name="description"|property="og:description") content=")[^"]*"')


def record_page_file(site_dir: Path, card_site: CardSite, card_id: str) -> tuple[Path, str]:
    """A record's page file in the built site and the way from it to the site's root."""
    if card_site.directory_urls:
        return site_dir / CARD_DIR / card_id / "index.html", "../../"
    return site_dir / CARD_DIR / f"{card_id}.html", "../"


def _fill(page: str, card_site: CardSite, identity: Identity, rel: str) -> str | None:
    card_id = str(identity.card_id)
    markers = [f'<div class="l5r-pool-facts" id="{place.format(id=card_id)}"></div>' for place in _PLACES]
    if not all(marker in page for marker in markers):
        return None
    parts = card_site.render_embedded(identity, rel)
    for n, (marker, part) in enumerate(zip(markers, parts)):
        if identity.in_pool or n == _BANS:
            page = page.replace(marker, marker[: -len("</div>")] + part + "</div>", 1)
    if identity.in_pool:
        # A shared link says the card's legality, as a pool card's page does (the record alone knows no verdict).
        said = _html.escape(card_site.description(identity))
        page = _DESCRIPTION.sub(lambda m: m.group(1) + said + '"', page, count=2)
    return page


def write_record_facts(site_dir: Path, card_site: CardSite) -> int:
    """Fill every card record's page (see the module docstring); the number of pages filled."""
    count = 0
    for identity in card_site.index.identities:
        if not identity.card_id:
            continue
        path, rel = record_page_file(site_dir, card_site, identity.card_id)
        try:
            page = path.read_text(encoding="utf-8")
        except OSError:
            continue
        filled = _fill(page, card_site, identity, rel)
        if filled is not None:
            path.write_text(filled, encoding="utf-8")
            count += 1
    return count
