"""'Edit this rule' links for format maintainers: from every record's citation line to the line of the YAML file
that defines it, in the repository (`repo_url` in mkdocs.yml, which reads L5R_REPO_URL, as `l5r site generate`
does). No repository, no links. MkDocs' own `edit_uri` is left alone: its edit button is for docs/ pages, and
without a repository an `edit_uri` is a warning in a strict build."""

from __future__ import annotations

from urllib.parse import quote

from ...data.model import Origin

REPO_URL_ENV = "L5R_REPO_URL"  # the repository's address, as mkdocs.yml's `repo_url` reads it
# Where the repository's files are shown, below its address: the main branch's file view (GitHub's `blob`), whose
# `#L<n>` marks the line and whose pencil edits the file; the branch the publishing workflow builds.
DEFAULT_EDIT_URI = "blob/main/docs/"
_DOCS_DIR = "docs"


def source_root(repo_url: str | None, edit_uri: str | None = DEFAULT_EDIT_URI) -> str:
    """The address the repository's files are under (`https://github.com/o/r/blob/main/`), from the repository's
    address and the docs folder's edit address; "" without a repository."""
    repo = (repo_url or "").strip()
    if not repo.startswith(("https://", "http://")):
        return ""
    uri = (edit_uri if edit_uri is not None else DEFAULT_EDIT_URI).strip("/")
    if uri == _DOCS_DIR or uri.endswith("/" + _DOCS_DIR):
        uri = uri[: -len(_DOCS_DIR)].rstrip("/")
    return repo.rstrip("/") + "/" + (uri + "/" if uri else "")


def edit_url(root: str, origin: Origin | None) -> str:
    """The address of the line a record is defined on, under `root` (`source_root`); "" without either."""
    if not root or origin is None or not origin.path:
        return ""
    return f"{root}{quote(origin.path)}#L{max(1, origin.line)}"
