"""Executable examples: ```scenario fences (and `examples:` lists in the data) run against the engine.

`collect` finds them with file and line, `runner` runs one, `present` renders them for the site.
"""
