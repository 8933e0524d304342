"""How much of a long randomised test a run covers: CI runs a bounded share, a different one each day, and
`NIGHTLY=1 make test` runs all of it (README, "Development")."""

import os
from datetime import date

NIGHTLY = bool(os.environ.get("NIGHTLY"))


def rotated(total: int, per_run: int) -> list[int]:
    """`per_run` of the seeds 0..total-1, a different slice each day (every seed when NIGHTLY)."""
    if NIGHTLY:
        return list(range(total))
    start = date.today().toordinal() * per_run % total
    return sorted((start + offset) % total for offset in range(per_run))


def examples(nightly: int, per_run: int) -> int:
    """A property test's examples: `per_run` in CI, `nightly` when NIGHTLY."""
    return nightly if NIGHTLY else per_run
