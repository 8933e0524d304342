"""The calibration printed beside every benchmark figure: this machine's speed varies between runs."""

import time


def calibration_ns() -> float:
    """How long an empty Python call takes here, in nanoseconds (a million calls)."""

    def empty() -> None:
        pass

    started = time.perf_counter_ns()
    for _ in range(1_000_000):
        empty()
    return (time.perf_counter_ns() - started) / 1_000_000
