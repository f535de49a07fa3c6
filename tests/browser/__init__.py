"""Browser tests of the site and the offline copy."""
