"""Charts per second (cast + moment + chart) for random casts and moments, beside the `najia` package.

Baseline: najia 2.0.1 (PyPI), whose `Najia().compile(params, date=...)` computes the calendar, palace, 世應,
納甲, 六親, 六神, 伏神 and the changed hexagram — less than our chart, which adds the month/day standing of every
line, changed line and hidden line, and every transformation.  Both run in this process on the same inputs.

    python bench/bench_chart.py [--n 20000]
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from core.chart.calendar import Moment
from core.chart.cast import Cast, LineValue
from core.chart.chart import build_chart

ZONES = ("Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Taipei", "America/New_York", "Europe/Berlin")


def inputs(n: int, seed: int = 2024) -> list[tuple[tuple[int, ...], datetime, str]]:
    rng = random.Random(seed)
    start = datetime(1901, 1, 1, tzinfo=UTC)
    span = (datetime(2099, 12, 1, tzinfo=UTC) - start).total_seconds()
    out = []
    for _ in range(n):
        values = tuple(rng.choice((6, 7, 7, 7, 8, 8, 8, 9)) for _ in range(6))
        out.append((values, start + timedelta(seconds=rng.uniform(0, span)), rng.choice(ZONES)))
    return out


def run_ours(data: list[tuple[tuple[int, ...], datetime, str]]) -> float:
    t = time.perf_counter()
    for values, instant, zone in data:
        cast = Cast(tuple(LineValue(v) for v in values), None)
        build_chart(cast, Moment.at(instant, zone))
    return len(data) / (time.perf_counter() - t)


def run_najia(data: list[tuple[tuple[int, ...], datetime, str]]) -> float | None:
    try:
        from najia import Najia
    except ImportError:
        return None
    code = {7: 1, 8: 2, 9: 3, 6: 4}  # najia: 1 少陽 2 少陰 3 老陽 4 老陰
    t = time.perf_counter()
    for values, instant, zone in data:
        local = instant.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M")
        Najia(verbose=0).compile(params=[code[v] for v in values], date=local)
    return len(data) / (time.perf_counter() - t)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000)
    args = parser.parse_args()
    data = inputs(args.n)
    run_ours(data[:500])  # warm caches the way a running bot has them
    ours = run_ours(data)
    theirs = run_najia(data[: max(1, args.n // 5)])
    print(f"liuyao  : {ours:10.0f} charts/s  ({1e6 / ours:.1f} µs per cast+moment+chart, n={args.n})")
    if theirs is None:
        print("najia   : not installed (pip install -e '.[bench]')")
        return
    print(f"najia   : {theirs:10.0f} charts/s  ({1e6 / theirs:.1f} µs per compile, n={max(1, args.n // 5)})")
    print(f"ratio   : {ours / theirs:.1f}× najia 2.0.1 (target ≥ 5×)")


if __name__ == "__main__":
    main()
