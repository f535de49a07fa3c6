"""The bottom of the site package: what a generated page is, the site plan (where every record lives), and
URL arithmetic between pages. Imports nothing from the rest of `l5r.site`."""

from __future__ import annotations

from dataclasses import dataclass, field

# ---------------------------------------------------------------------------------------------------------
# Pages and addresses
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    """One generated page: where it lives, its title, and what renders it."""

    uri: str  # e.g. formats/obsidian-hand/ii-b.md
    title: str
    template: str
    context: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass
class SitePlan:
    pages: list[Page]
    nav: list
    anchors: dict[str, tuple[str, str]]  # record id -> (page uri, anchor)

    def url(self, record_id: str, from_uri: str | None = None) -> str:
        """The published link to a record, for raw HTML (MkDocs does not rewrite links inside HTML blocks).

        Relative to the page `from_uri` when given, so the site also works from file:// and any sub-path.
        """
        uri, anchor = self.anchors[record_id]
        if from_uri is None:
            return f"{page_path(uri)}#{anchor}"
        if uri == from_uri:
            return f"#{anchor}"
        return f"{relative_url(page_path(from_uri), page_path(uri))}#{anchor}"

    def md_url(self, record_id: str, from_uri: str) -> str:
        """A Markdown link to a record (`../ii-b.md#oh-ii-b`), which MkDocs validates and rewrites."""
        uri, anchor = self.anchors[record_id]
        return f"{relative_link(from_uri, uri)}#{anchor}"

    def site_url(self, record_id: str) -> str:
        """The published URL path (directory URLs), relative to the site root."""
        uri, anchor = self.anchors[record_id]
        return f"{page_path(uri)}#{anchor}"


def page_path(uri: str) -> str:
    """`formats/oh/ii-b.md` -> `formats/oh/ii-b/` (MkDocs directory URLs)."""
    if uri.endswith("index.md"):
        return uri[: -len("index.md")]
    return uri[:-3] + "/"


def relative_url(from_dir: str, to_path: str) -> str:
    """Relative URL between two published directory paths (`formats/oh/ii-b/` -> `../abilities/`)."""
    src = [p for p in from_dir.split("/") if p]
    dst = [p for p in to_path.split("/") if p]
    common = 0
    while common < len(src) and common < len(dst) and src[common] == dst[common]:
        common += 1
    parts = [".."] * (len(src) - common) + dst[common:]
    return "/".join(parts) + "/" if parts else "./"


def relative_link(from_uri: str, to_uri: str) -> str:
    """A Markdown link between two source pages (`formats/oh/ii-b.md` -> `../abilities.md`), which MkDocs
    validates and rewrites."""
    src = from_uri.split("/")[:-1]
    dst = to_uri.split("/")
    common = 0
    while common < len(src) and common < len(dst) - 1 and src[common] == dst[common]:
        common += 1
    return "/".join([".."] * (len(src) - common) + dst[common:])
