"""Browser tests of the site and the offline copy (issue #8)."""
