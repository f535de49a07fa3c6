"""L5R Rules Codex: data model, rules engine, site rendering and command line."""

__version__ = "0.1.0"
