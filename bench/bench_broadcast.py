"""Broadcast benchmark: N subscribers, all due now, sent by ``liuyao broadcast`` to the fake Bot API server.

    .venv/bin/python bench/bench_broadcast.py --n 2000
    .venv/bin/python bench/bench_broadcast.py --n 10000          # about 6 minutes at 29 messages a second

The fake server (tests/fake_telegram.py) runs in this process and answers ``429 Too Many Requests`` to more than
``--limit`` (30) sendMessage calls within any second; the sender is the real command, ``python -m bot.cli
broadcast``, in a child process (so its peak memory is its own) on a SQLite file prepared here with
``SQLiteStorage.subscribe``: subscribers in four zones and five languages, all due at this moment.

Printed: the rate the server accepted messages at (first to last accepted sendMessage, and over the child's whole
run), 429 answers, duplicates (a chat that got more than one message), misses (a subscriber that got none, or
whose delivery is not recorded 'sent'), and the child's peak RSS.  Not part of the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import resource
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.storage import SQLiteStorage  # noqa: E402
from tests.fake_telegram import FakeTelegram  # noqa: E402

ZONES = ("UTC", "Asia/Seoul", "America/New_York", "Europe/Berlin")
LANGS = ("en", "ko", "ja", "zh_Hans", "zh_Hant")
FIRST_ID = 1_000_000


def max_in_window(times: list[float], window: float = 1.0) -> int:
    best, j = 0, 0
    for i, t in enumerate(times):
        while times[j] <= t - window:
            j += 1
        best = max(best, i - j + 1)
    return best


async def prepare(path: str, n: int, tg: FakeTelegram) -> None:
    """N subscriptions at 00:00 local, made a day ago: every one is due now (its local date has begun)."""
    yesterday = datetime.now(UTC) - timedelta(days=1)
    async with await SQLiteStorage.open(path, synchronous="OFF") as storage:  # setup only; the sender uses FULL
        for i in range(n):
            uid = FIRST_ID + i
            lang = LANGS[i % len(LANGS)]
            tg.user(uid, first_name=f"U{i}", language_code=lang.replace("_", "-").lower())
            await storage.subscribe(uid, uid, "00:00", ZONES[i % len(ZONES)], lang, now=yesterday)


async def bench(n: int, limit: int, rate: float, concurrency: int, keep: bool) -> int:
    workdir = tempfile.mkdtemp(prefix="liuyao-bench-")
    path = os.path.join(workdir, "liuyao.sqlite3")
    async with FakeTelegram(rate_limit=limit) as tg:
        t0 = time.monotonic()
        await prepare(path, n, tg)
        print(f"prepared {n} subscribers in {time.monotonic() - t0:.1f} s ({path})", flush=True)
        gc.collect()
        gc.freeze()  # the server's many long-lived objects: keep full collections from pausing it
        env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url, DATABASE_PATH=path,
                   PYTHONPATH=str(ROOT))
        started = time.monotonic()
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "broadcast", "--rate", str(rate), "--concurrency", str(concurrency),
            cwd=str(ROOT), env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await child.communicate()
        wall = time.monotonic() - started
        peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    accepted = [c for c in tg.calls if c.method == "sendMessage" and c.status == 200]
    times = sorted(c.time for c in accepted)
    per_chat = Counter(int(c.params["chat_id"]) for c in accepted)
    duplicates = sum(k - 1 for k in per_chat.values() if k > 1)
    with sqlite3.connect(path) as db:
        recorded = db.execute("SELECT count(*) FROM deliveries WHERE status = 'sent'").fetchone()[0]
    misses = sum(1 for i in range(n) if per_chat.get(FIRST_ID + i, 0) == 0)
    span = times[-1] - times[0] if len(times) > 1 else float("nan")
    print(out.decode().strip())
    if child.returncode:
        print(err.decode()[-2000:], file=sys.stderr)
    print(f"subscribers        {n}")
    print(f"messages accepted  {len(accepted)}  (recorded 'sent': {recorded})")
    print(f"rate               {(len(times) - 1) / span:.2f} msg/s first→last accepted; "
          f"{len(accepted) / wall:.2f} msg/s over the child's whole run ({wall:.1f} s)")
    print(f"most in any 1 s    {max_in_window(times)} (server limit {limit})")
    print(f"429 answers        {tg.rate_limited}")
    print(f"duplicates         {duplicates}")
    print(f"misses             {misses + max(0, n - recorded - misses)}")
    print(f"sender peak RSS    {peak_kib / 1024:.1f} MiB")
    if not keep:
        for name in os.listdir(workdir):
            os.unlink(os.path.join(workdir, name))
        os.rmdir(workdir)
    return 0 if (child.returncode == 0 and duplicates == 0 and misses == 0 and recorded == n) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=2000, help="subscribers (default 2000)")
    parser.add_argument("--limit", type=int, default=30, help="the fake server's sendMessage limit per second")
    parser.add_argument("--rate", type=float, default=None, help="the sender's --rate (default: its own)")
    parser.add_argument("--concurrency", type=int, default=None, help="the sender's --concurrency")
    parser.add_argument("--keep", action="store_true", help="keep the SQLite file")
    args = parser.parse_args()
    from bot.delivery.broadcast import DEFAULT_CONCURRENCY, DEFAULT_RATE

    return asyncio.run(bench(args.n, args.limit, args.rate or DEFAULT_RATE, args.concurrency or DEFAULT_CONCURRENCY,
                             args.keep))


if __name__ == "__main__":
    raise SystemExit(main())
