"""The rules engine: one module per rules chapter, every number read from the format's Ruleset."""
