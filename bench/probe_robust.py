"""The probes of issue 14 at full size, against the real bot and the fake Bot API (see tests/probes.py).

    python bench/probe_robust.py fuzz [--seed 14] [--users 100] [--steps 40]
    python bench/probe_robust.py faults [--seed 14] [--users 30] [--faults 400] [--outage 5]

Prints one summary line; exit 1 if a probe's promise does not hold (an error logged, an update unanswered, a
button answered other than once, a user stuck at the end).  The fault run uses the bot's own request layer and
rate limiter, as ``liuyao bot`` does, with time-outs held 6 s (beyond the client's 5 s read timeout).

Not a test: pytest never collects it (bench/ is outside ``testpaths``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.probes import faults, fuzz  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("probe", choices=["fuzz", "faults"])
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--users", type=int)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--faults", type=int, default=400)
    parser.add_argument("--outage", type=float, default=5.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR, handlers=[logging.NullHandler()])  # the probe counts the errors itself
    if args.probe == "fuzz":
        r = asyncio.run(fuzz(seed=args.seed, users=args.users or 100, steps=args.steps))
        ok = not (r.errors or r.unanswered or r.replied_to_ignored or set(r.answer_counts) - {1} or r.stuck)
    else:
        r = asyncio.run(faults(seed=args.seed, users=args.users or 30, faults=args.faults, outage=args.outage,
                               rate_limit=True))
        ok = not r.stuck
    print(f"{args.probe}: {r.summary()}")
    for line in (r.errors[:5] + r.unanswered[:5] + r.replied_to_ignored[:5]):
        print("  ", line)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
