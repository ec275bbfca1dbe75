"""The probes of issues 14 and 24 against the real bot and the fake Bot API (tests/probes.py,
tests/outage_probes.py).

    python bench/probe_robust.py fuzz [--seed 14] [--users 100] [--steps 40]
    python bench/probe_robust.py faults [--seed 14] [--users 30] [--faults 400] [--outage 5]
    python bench/probe_robust.py database [--full] [--postgres postgresql://postgres@127.0.0.1:5432/postgres]
    python bench/probe_robust.py disk [--full]
    python bench/probe_robust.py sigterm [--full] [--fault hanging|refusing] [--postgres URL]
    python bench/probe_robust.py webhook [--full]

Prints one summary line; exit 1 if a probe's promise does not hold (an error logged, an update unanswered or
answered twice, a button answered other than once, a user stuck at the end, an update left pending, a stop that
was not exit 0 within 10 s).  The fault run uses the bot's own request layer and rate limiter, as ``liuyao bot``
does, with time-outs held 6 s (beyond the client's 5 s read timeout).  The issue 24 probes run ``liuyao bot`` as a
process and measure the log its fault wrote, the replies' p99, its peak RSS and what was pending after; without
``--full`` they run at the size of the test suite's.  ``database`` makes (and drops) a database of its own on the
server ``--postgres`` names; ``disk`` mounts a small tmpfs (root).

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

from tests import outage_probes  # noqa: E402
from tests.probes import faults, fuzz  # noqa: E402

# the issue 24 probes: their sizes in the test suite, and by hand with --full
SMALL: dict[str, dict[str, object]] = {
    "database": {"users": 4, "restarts": 1, "down": 3.0},
    "disk": {"users": 4, "down": 3.0},
    "sigterm": {"users": 20},
    "webhook": {"users": 4, "descriptors": 128, "idle": 200, "slow": 20, "oversized": 5, "malformed": 10, "rounds": 1},
}
FULL: dict[str, dict[str, object]] = {
    "database": {"users": 50, "restarts": 3, "down": 75.0},
    "disk": {"users": 50, "down": 75.0, "size_kb": 8192},
    "sigterm": {"users": 100},
    "webhook": {"users": 50, "descriptors": 1024, "idle": 3000, "slow": 300, "oversized": 100, "malformed": 500,
                "rounds": 3},
}


async def outage(probe: str, full: bool, fault: str, postgres: str | None) -> outage_probes.Measured:
    """One issue 24 probe in a folder of its own (its logs kept there)."""
    import tempfile
    import uuid

    import asyncpg

    size = dict((FULL if full else SMALL)[probe])
    folder = Path(tempfile.mkdtemp(prefix=f"liuyao-probe-{probe}-"))
    print(f"{probe}: logs in {folder}", flush=True)
    made = None
    url = postgres
    if probe == "database" or (probe == "sigterm" and postgres):
        admin = postgres or "postgresql://postgres@127.0.0.1:5432/postgres"
        made = f"liuyao_probe_{uuid.uuid4().hex[:10]}"
        con = await asyncpg.connect(admin)
        await con.execute(f'CREATE DATABASE "{made}"')
        await con.close()
        url = admin.rsplit("/", 1)[0] + "/" + made
    try:
        if probe == "database":
            return await outage_probes.database(url or "", folder, **size)  # type: ignore[arg-type]
        if probe == "sigterm":
            return await outage_probes.sigterm(folder, fault=fault, postgres_url=url if made else None,
                                               **size)  # type: ignore[arg-type]
        return await outage_probes.PROBES[probe](folder, **size)  # type: ignore[no-any-return]
    finally:
        if made is not None:
            con = await asyncpg.connect(postgres or "postgresql://postgres@127.0.0.1:5432/postgres")
            await con.execute(f'DROP DATABASE IF EXISTS "{made}" WITH (FORCE)')
            await con.close()


def kept(m: outage_probes.Measured) -> bool:
    """An issue 24 probe's promise: all answered once, nothing pending, an orderly exit (within 10 s at a
    SIGTERM), no traceback."""
    ok = m.answered == m.sent and m.duplicated == 0 and m.pending_after == 0 and m.notes.get("exit") == 0
    if "exit s" in m.notes:
        ok = ok and m.notes["exit s"] < 10 and not m.notes["traceback"]
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("probe", choices=["fuzz", "faults", *SMALL])
    parser.add_argument("--full", action="store_true", help="the issue 24 probes at full size")
    parser.add_argument("--fault", choices=["hanging", "refusing"], default="hanging")
    parser.add_argument("--postgres", help="a PostgreSQL server's URL (database: required; sigterm: optional)",
                        default=None)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--users", type=int)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--faults", type=int, default=400)
    parser.add_argument("--outage", type=float, default=5.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR, handlers=[logging.NullHandler()])  # the probe counts the errors itself
    if args.probe in SMALL:
        postgres = args.postgres or ("postgresql://postgres@127.0.0.1:5432/postgres" if args.probe == "database"
                                     else None)
        m = asyncio.run(outage(args.probe, args.full, args.fault, postgres))
        print(m.summary())
        return 0 if kept(m) else 1
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
