"""Ask-back benchmark: N asks and M almanacs falling due in the same minute, sent by ``liuyao broadcast``.

    .venv/bin/python bench/bench_askback.py                    # 1 000 asks and 1 000 almanacs
    .venv/bin/python bench/bench_askback.py --asks 1000 --almanacs 0

The fake Bot API (tests/fake_telegram.py) runs in this process and answers 429 to more than ``--limit`` (30)
sendMessage calls in any second.  The sender is the real command (``python -m bot.cli broadcast``) in a child
process, on a SQLite file prepared here: M subscribers due now, and N readings with asking back on whose first ask
is due a minute ago (``tests.test_askback.seed_asks``).  The pass sends the almanacs, then the asks, through one
paced sender.

Printed: the rate of the almanacs and of the asks (first to last accepted of each), the most messages in any
second, 429 answers, duplicates and misses (an ask or almanac not received once, or not recorded 'sent').  Not
part of the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_broadcast import max_in_window  # noqa: E402
from bot.storage import SQLiteStorage  # noqa: E402
from tests.fake_telegram import FakeTelegram  # noqa: E402
from tests.test_askback import seed_asks  # noqa: E402

ASKERS, SUBSCRIBERS = 2_000_000, 3_000_000  # the first user id of each group


def _rate(times: list[float]) -> float:
    return (len(times) - 1) / (times[-1] - times[0]) if len(times) > 1 else float("nan")


async def bench(asks: int, almanacs: int, limit: int) -> int:
    workdir = tempfile.mkdtemp(prefix="liuyao-bench-")
    path = os.path.join(workdir, "liuyao.sqlite3")
    now = datetime.now(UTC)
    async with FakeTelegram(rate_limit=limit) as tg:
        async with await SQLiteStorage.open(path, synchronous="OFF") as st:  # setup only; the sender uses FULL
            await seed_asks(st, range(ASKERS, ASKERS + asks), now - timedelta(minutes=1))
            for i in range(almanacs):
                await st.subscribe(SUBSCRIBERS + i, SUBSCRIBERS + i, "00:00", "UTC", "en", now=now - timedelta(days=1))
        for uid in [*range(ASKERS, ASKERS + asks), *range(SUBSCRIBERS, SUBSCRIBERS + almanacs)]:
            tg.user(uid)
        env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url, DATABASE_PATH=path,
                   PYTHONPATH=str(ROOT))
        started = time.monotonic()
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "broadcast", cwd=str(ROOT), env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await child.communicate()
        wall = time.monotonic() - started
    accepted = [c for c in tg.calls if c.method == "sendMessage" and c.status == 200]
    per_chat = Counter(int(c.params["chat_id"]) for c in accepted)
    ask_times = sorted(c.time for c in accepted if int(c.params["chat_id"]) < SUBSCRIBERS)
    almanac_times = sorted(c.time for c in accepted if int(c.params["chat_id"]) >= SUBSCRIBERS)
    wanted = [*range(ASKERS, ASKERS + asks), *range(SUBSCRIBERS, SUBSCRIBERS + almanacs)]
    duplicates = sum(k - 1 for k in per_chat.values() if k > 1)
    misses = sum(1 for uid in wanted if per_chat.get(uid, 0) == 0)
    with sqlite3.connect(path) as db:
        asks_sent = db.execute("SELECT count(*) FROM asks WHERE status = 'sent'").fetchone()[0]
        almanacs_sent = db.execute("SELECT count(*) FROM deliveries WHERE status = 'sent'").fetchone()[0]
    print(out.decode().strip())
    if child.returncode:
        print(err.decode()[-2000:], file=sys.stderr)
    print(f"asks               {asks} due, {len(ask_times)} accepted, {asks_sent} recorded 'sent'; "
          f"{_rate(ask_times):.2f} msg/s first→last")
    print(f"almanacs           {almanacs} due, {len(almanac_times)} accepted, {almanacs_sent} recorded 'sent'; "
          f"{_rate(almanac_times):.2f} msg/s first→last")
    print(f"whole pass         {len(accepted)} messages in {wall:.1f} s")
    print(f"most in any 1 s    {max_in_window(sorted(c.time for c in accepted))} (server limit {limit})")
    print(f"429 answers        {tg.rate_limited}")
    print(f"duplicates         {duplicates}")
    print(f"misses             {misses}")
    for name in os.listdir(workdir):
        os.unlink(os.path.join(workdir, name))
    os.rmdir(workdir)
    ok = child.returncode == 0 and duplicates == 0 and misses == 0 and (asks_sent, almanacs_sent) == (asks, almanacs)
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--asks", type=int, default=1000, help="asks due (default 1000)")
    parser.add_argument("--almanacs", type=int, default=1000, help="almanacs due in the same minute (default 1000)")
    parser.add_argument("--limit", type=int, default=30, help="the fake server's sendMessage limit per second")
    args = parser.parse_args()
    return asyncio.run(bench(args.asks, args.almanacs, args.limit))


if __name__ == "__main__":
    raise SystemExit(main())
