"""Turning the Codex model into MkDocs pages: a plan of pages and URLs, text rendering, templates."""
