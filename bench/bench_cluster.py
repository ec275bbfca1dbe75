"""A cluster of ``liuyao bot`` workers behind nginx, against the fake Bot API posting webhooks.

    python bench/bench_cluster.py [-n 60] [--workers 1 2 4] [--sqlite]

For each worker count: a fresh PostgreSQL database (127.0.0.1:5432, user postgres), that many ``liuyao bot``
processes in webhook mode behind a real nginx (round robin), and ``-n`` users each going through one
consultation by the buttons (a dozen steps: /cast, skip the question, the matter, coin by coin, six tosses,
now).  With ``--sqlite``, one worker on an SQLite file as well (no nginx needed, but kept for the same path).

Printed per run:
  * updates/s — every step of every consultation over the wall time from the first to the last;
  * p50/p99 — per step, from the user's press to the first reply (the user's wait: the webhook, nginx, the
    worker's lane and slot, its database turn, the Bot API calls);
  * CPU per update — the workers' CPU time (user + system, start-up included) over the updates handled;
  * the ratio of each figure to the first run's (the baseline: 1 worker on PostgreSQL).

What 2 cores mean: the machine these figures come from has 2 cores, and the fake Bot API, nginx, PostgreSQL and
the users share them with the workers.  Past 2 workers the figure measures contention, not scaling; a worker is
CPU-bound, so the cluster scales with cores (one worker a core), not with processes on one core.

Not a test: pytest never collects it (bench/ is outside ``testpaths``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fake_telegram import FakeTelegram, FakeUser
from tests.probes import _buttons, _natural
from tests.test_cluster_e2e import NGINX, SECRET, free_port, nginx_conf

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


async def admin(statement: str) -> None:
    import asyncpg

    con = await asyncpg.connect(ADMIN)
    try:
        await con.execute(statement)
    finally:
        await con.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a live process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def timed_consultation(u: FakeUser, waits: list[float], budget: int = 30) -> int:
    """One consultation by the buttons; each step's wait appended to ``waits``; the number of steps."""
    steps = 0

    async def step(send: Any) -> None:
        nonlocal steps
        since = len(u.chat.events)
        t0 = time.monotonic()
        await send()
        while len(u.chat.events) == since:
            if time.monotonic() - t0 > 60:
                raise TimeoutError(f"user {u.id}: no answer")
            await asyncio.sleep(0.005)
        waits.append(time.monotonic() - t0)
        steps += 1
        seen = len(u.chat.events)
        while True:  # the rest of this step's replies
            await asyncio.sleep(0.15)
            if len(u.chat.events) == seen:
                return
            seen = len(u.chat.events)

    await step(lambda: u.send("/cast"))
    for _ in range(budget):
        if any(d.startswith("r:") for m in u.inbox for d in m.callback_data):
            return steps
        msg, data = _buttons(u)
        choice = _natural(data)
        if msg is None or choice is None or choice == "new":
            await asyncio.sleep(0.2)
            continue
        await step(lambda m=msg, c=choice: u.press(m, c))
    return steps


async def run(workers: int, users: int, *, sqlite: bool) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="bench-cluster-"))
    name = f"liuyao_bench_{uuid.uuid4().hex[:10]}"
    url = f"sqlite:///{folder / 'bot.sqlite3'}" if sqlite else ADMIN.rsplit("/", 1)[0] + "/" + name
    if not sqlite:
        await admin(f'CREATE DATABASE "{name}"')
    front, ports = free_port(), [free_port() for _ in range(workers)]
    nginx = await asyncio.to_thread(subprocess.Popen, [NGINX, "-p", str(folder), "-c",
                                                       str(nginx_conf(folder, front, ports)), "-g", "daemon off;"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        async with FakeTelegram() as tg:
            env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url,
                       DATABASE_URL=url, WEBHOOK_URL=f"http://127.0.0.1:{front}/liuyao", WEBHOOK_LISTEN="127.0.0.1",
                       WEBHOOK_SECRET=SECRET, OPS_PORT="0")  # workers on one machine: no shared ops port
            for port in ports:
                procs.append(await asyncio.to_thread(
                    subprocess.Popen, [sys.executable, "-m", "bot.cli", "bot"], cwd=ROOT, env=dict(env, PORT=str(port)),
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            while len([c for c in tg.calls if c.method == "setWebhook" and c.status]) < workers:
                if any(p.poll() is not None for p in procs):
                    raise SystemExit("a worker exited at start (run one by hand with the same environment to see why)")
                await asyncio.sleep(0.1)
            await asyncio.sleep(1.0)
            cpu0 = sum(cpu_seconds(p.pid) for p in procs)
            people = [tg.user(100_000 + i, language_code="en") for i in range(users)]
            waits: list[float] = []
            t0 = time.monotonic()
            steps = sum(await asyncio.gather(*(timed_consultation(u, waits) for u in people)))
            wall = time.monotonic() - t0
            cpu = sum(cpu_seconds(p.pid) for p in procs) - cpu0
    finally:
        for p in procs:
            p.send_signal(signal.SIGTERM)
        stuck = 0
        for p in procs:
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:  # still answering updates the gone fake server cannot take: kill it
                p.kill()
                p.wait()
                stuck += 1
        nginx.send_signal(signal.SIGQUIT)
        nginx.wait(10)
        if stuck:
            print(f"{stuck} worker(s) did not stop within 30 s of SIGTERM and were killed", file=sys.stderr)
        shutil.rmtree(folder, ignore_errors=True)
        if not sqlite:
            await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    q = statistics.quantiles(waits, n=100, method="inclusive")
    return {"updates/s": steps / wall, "p50 ms": q[49] * 1000, "p99 ms": q[98] * 1000,
            "CPU ms/update": cpu / steps * 1000, "updates": steps}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=60, help="users, one consultation each")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--sqlite", action="store_true", help="also one worker on SQLite")
    args = parser.parse_args()
    runs = [(f"{w} worker{'s' if w > 1 else ''}, PostgreSQL", w, False) for w in args.workers]
    if args.sqlite:
        runs.append(("1 worker, SQLite", 1, True))
    baseline: dict[str, float] | None = None
    print(f"{args.n} users, one consultation each; baseline: the first row; {os.cpu_count()} cores")
    for label, w, lite in runs:
        got = asyncio.run(run(w, args.n, sqlite=lite))
        baseline = baseline or got
        ratio = "  ".join(f"{k} {got[k] / baseline[k]:.2f}×" for k in ("updates/s", "p99 ms", "CPU ms/update"))
        print(f"{label:24} {got['updates/s']:6.1f} updates/s  p50 {got['p50 ms']:6.0f} ms  p99 {got['p99 ms']:6.0f} ms"
              f"  CPU {got['CPU ms/update']:5.1f} ms/update  ({int(got['updates'])} updates; vs baseline: {ratio})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
