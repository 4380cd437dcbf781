"""Shared pytest set-up.

Hypothesis profiles (choose with the environment variable HYPOTHESIS_PROFILE,
default "dev"):
- "dev": quick local runs, a fresh random sample each time;
- "ci": more examples, derandomized so that a CI run is reproducible, and the
  failing example's blob printed so it can be replayed.
Neither has a deadline: a whole game per example varies in length, and tests
never assert wall-clock times.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=20, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", max_examples=50, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
