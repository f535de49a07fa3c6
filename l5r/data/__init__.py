"""Loading and validating the Codex data (YAML under data/)."""
