"""Hypothesis profiles for the fuzz tests.

`make test` runs every target with a small, derandomized budget (the same cases every run, so CI never flakes);
`make test-fast`, the quick loop, a quarter of that budget (L5R_FUZZ_PROFILE=quick, derandomized too);
`make fuzz` runs them with L5R_FUZZ_PROFILE=fuzz: at least 10,000 fresh random cases per target, and prints
Hypothesis' statistics (cases run, time) for each. A crash found either way becomes a plain regression test.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_COMMON = dict(
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
        HealthCheck.filter_too_much,
    ],
)
settings.register_profile(
    "suite", max_examples=int(os.environ.get("L5R_FUZZ_EXAMPLES", "40")), derandomize=True, **_COMMON
)
settings.register_profile(
    "quick", max_examples=int(os.environ.get("L5R_FUZZ_EXAMPLES", "10")), derandomize=True, **_COMMON
)
settings.register_profile("fuzz", max_examples=int(os.environ.get("L5R_FUZZ_EXAMPLES", "10000")), **_COMMON)
settings.load_profile(os.environ.get("L5R_FUZZ_PROFILE", "suite"))
