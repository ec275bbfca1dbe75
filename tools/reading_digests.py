"""Write (or check) ``tests/data/reading_digests.json``: a digest of every reading of a fixed set of casts.

The set is 600 casts on random moments 1990–2090 in the four home zones and 600 casts on the same 20 days, all
topics and subjects.  A change to the engine that alters any reading (a finding, its order, a weight, a timing
date) changes a digest; ``tests/test_reading_digests.py`` then fails, and the change must be deliberate:
regenerate with ``python tools/reading_digests.py`` and say why in the commit.  It was first written to prove
that the speed work of issue 3 changed no reading at all.

    python tools/reading_digests.py [--check]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.chart.calendar import Moment  # noqa: E402
from core.chart.cast import Cast, LineValue  # noqa: E402
from core.chart.chart import build_chart  # noqa: E402
from core.export import chart_dict, reading_dict  # noqa: E402
from core.question import Birth, Question, Sex, Subject, Thing, Topic, follow_ups  # noqa: E402
from core.reading.pipeline import read  # noqa: E402

PATH = ROOT / "tests" / "data" / "reading_digests.json"
ZONES = ("Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Taipei")  # no DST rules a tzdata update could move


def cases(n: int = 600, seed: int = 3) -> list[tuple[tuple[int, ...], datetime, str, Question]]:
    """``n`` casts on fresh moments, then ``n`` on the same 20 days; each with an answerable question."""
    rng = random.Random(seed)
    start = datetime(1990, 1, 1, tzinfo=UTC)
    span = (datetime(2090, 1, 1, tzinfo=UTC) - start).total_seconds()
    days = [(start + timedelta(seconds=rng.uniform(0, span)), rng.choice(ZONES)) for _ in range(20)]
    out: list[tuple[tuple[int, ...], datetime, str, Question]] = []
    while len(out) < 2 * n:
        q = Question(rng.choice(list(Topic)), rng.choice(list(Subject)), rng.choice(list(Sex)), rng.choice(list(Sex)),
                     rng.choice((None, *Thing)))
        if q.topic is Topic.pregnancy:  # 胎孕章 TY-01: the child or the mother, asked apart
            q = dataclasses.replace(q, birth=rng.choice(list(Birth)))
        try:
            if follow_ups(q):
                continue
        except ValueError:
            continue
        values = tuple(rng.choice((6, 7, 7, 7, 8, 8, 8, 9)) for _ in range(6))
        if len(out) < n:
            at, zone = start + timedelta(seconds=rng.uniform(0, span)), rng.choice(ZONES)
        else:
            day, zone = days[len(out) % 20]
            at = day + timedelta(seconds=rng.uniform(0, 8 * 3600))
        out.append((values, at, zone, q))
    return out


def digests() -> list[str]:
    out = []
    for values, at, zone, q in cases():
        chart = build_chart(Cast(tuple(LineValue(v) for v in values), None), Moment.at(at, zone))
        text = json.dumps({"chart": chart_dict(chart), "reading": reading_dict(read(chart, q))},
                          ensure_ascii=False, sort_keys=True, default=str)
        out.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 on a difference")
    args = parser.parse_args()
    found = digests()
    if args.check:
        stored = json.loads(PATH.read_text(encoding="utf-8"))
        changed = [i for i, (a, b) in enumerate(zip(stored, found)) if a != b]
        print(f"{len(changed)} of {len(found)} readings differ" + (f": {changed[:20]}" if changed else ""))
        sys.exit(1 if changed or len(stored) != len(found) else 0)
    PATH.write_text(json.dumps(found, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {len(found)} digests to {PATH.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
