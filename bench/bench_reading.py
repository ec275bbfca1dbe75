"""Readings per second (moment + chart + full analysis) beside the chart-only figure, on the same inputs.

Baseline: the chart alone (``bench_chart``'s loop); target: a full reading under 1 ms on this machine (issue 10; 0.5 ms before the reading decided in the book's order)
(MingAI's TypeScript engine does its lighter analysis in 0.13 ms in Node).

    python bench/bench_reading.py [--n 500] [--repeat 5] [--rounds 3] [--collector bot|default]

Each figure is the fastest pass of 500 readings.  The figures take turns over three rounds, so a noisy minute on
a shared machine (this one swings up to 1.7×) cannot land on one figure only; each figure gets a warm-up pass of
its own before its passes, so it is measured in its own steady state.  The process sets the garbage collector
as the bot does (``bot.ops.collector``); ``--collector default`` measures with the interpreter's settings instead.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_chart import inputs

from bot.ops.collector import settle
from core.chart.calendar import Moment
from core.chart.cast import Cast, LineValue
from core.chart.chart import build_chart
from core.question import Question, Sex, Subject, Thing, Topic, follow_ups
from core.reading.pipeline import analyse, read


def questions(n: int, seed: int = 7) -> list[Question]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        q = Question(rng.choice(list(Topic)), rng.choice(list(Subject)), rng.choice(list(Sex)), rng.choice(list(Sex)),
                     rng.choice((None, *Thing)))
        try:
            if not follow_ups(q):
                out.append(q)
        except ValueError:
            continue
    return out


def run(data, qs, full: bool | None) -> float:
    t = time.perf_counter()
    for (values, instant, zone), q in zip(data, qs):
        chart = build_chart(Cast(tuple(LineValue(v) for v in values), None), Moment.at(instant, zone))
        if full is True:
            read(chart, q)
        elif full is False:
            analyse(chart, q)
    return (time.perf_counter() - t) / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=500, help="readings per timed pass")
    parser.add_argument("--repeat", type=int, default=5, help="passes per figure in each round; the fastest of "
                        "all is reported, as timeit does (on a shared machine the others measure the neighbours)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds over all the figures, so that a noisy "
                        "minute on a shared machine does not fall on one figure only")
    parser.add_argument("--collector", choices=("bot", "default"), default="bot",
                        help="the garbage collector as `liuyao bot` sets it at start-up (bot.ops.collector.settle), "
                        "or as the interpreter sets it")
    args = parser.parse_args()
    if args.collector == "bot":
        settle()  # as the bot does once it has started, before its first reading
    n, repeat = args.n, args.repeat
    qs = questions(n)
    rng = random.Random(20)
    seeds = iter(range(2024, 10**6))

    def fresh() -> list[tuple[tuple[int, ...], datetime, str]]:
        # Casts on moments never seen before, so nothing a previous pass built can help.
        return inputs(n, seed=next(seeds))

    days = fresh()

    def on_days(count: int) -> list[tuple[tuple[int, ...], datetime, str]]:
        # A bot's day: fresh casts at any hour of the same few days, so what depends on the day (its 神煞, the
        # dates of its 應期) is already built, while nothing is keyed on a cast or an instant seen before.  A
        # running bot's users span a few zones, so two or three dates are current at once; twenty is the
        # pessimistic case.
        return [(v, days[i % count][1] + timedelta(seconds=rng.uniform(0, 8 * 3600)), days[i % count][2])
                for i, (v, _at, _tz) in enumerate(fresh())]

    run(fresh()[:300], qs[:300], True)  # import-time tables built
    cases: dict[str, tuple[Callable[[], list[tuple[tuple[int, ...], datetime, str]]], bool | None]] = {
        "chart": (fresh, None), "core": (fresh, False), "full": (fresh, True),
        "20 days": (lambda: on_days(20), True), "3 days": (lambda: on_days(3), True)}
    passes: dict[str, list[float]] = {name: [] for name in cases}
    for _round in range(args.rounds):
        for name, (make, full) in cases.items():
            run(make(), qs, full)  # this figure's own steady state
            passes[name] += [run(make(), qs, full) for _ in range(repeat)]
    labels = {
        "chart": "chart only            ", "core": "reading, 002 analysis ", "full": "reading, full         ",
        "20 days": "reading, full, 20 days", "3 days": "reading, full,  3 days"}
    notes = {
        "full": "+ 局會 刑害 助鬼傷身 神煞 topic chapters; every cast on a new moment",
        "20 days": "fresh casts at any hour of the same 20 days",
        "3 days": "fresh casts at any hour of the same 3 days, as a running bot sees them"}
    chart = min(passes["chart"])
    print(f"{'':22s}   {'best':>8s}  {'mean':>8s}  {'best/s':>7s}")
    for name, times in passes.items():
        best, mean = min(times), sum(times) / len(times)
        ratio = "" if name == "chart" else f"  {best / chart:4.1f}× the chart"
        note = f" ({notes[name]})" if name in notes else ""
        print(f"{labels[name]}: {best * 1e3:6.3f} ms {mean * 1e3:6.3f} ms {1 / best:7.0f}{ratio}{note}")
    print(f"best and mean of {args.rounds} rounds × {repeat} passes of {n} readings each (the mean includes the "
          f"collector's passes and this machine's neighbours); collector: {args.collector} {gc.get_threshold()}; "
          f"target: a full reading < 1 ms")


if __name__ == "__main__":
    main()
