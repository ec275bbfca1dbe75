"""N simulated users through full consultations against the fake Bot API server; the bot in its own process.

    python bench/bench_bot.py [-n 1000] [--think 0] [--ramp 0] [--rtt 0] [--readings 0] [--keep DIR]
    python bench/bench_bot.py -n 1000 --think 30 --ramp 30     # 1000 people consulting at once, at a person's pace
    python bench/bench_bot.py -n 1000 --readings 10000         # as fast as the bot answers; then 10 000 readings

The fake server (tests/fake_telegram.py) and the N users run in this process; the bot runs as a child process
(``build_application`` from the environment, as ``liuyao bot`` does, polling the fake server) on a fresh SQLite
file, so it has a core of its own on a 2-core machine.  Telegram's own limits are not the bot's time: the child
runs without the rate limiter.

Each user: /cast, a question, the matter (a button), "toss coin by coin", six tosses, "now" — 11 updates, the
last answered with the chart and the reading.  All N start together (``--ramp`` spreads the starts over that many
seconds); ``--think S`` waits 0–2·S seconds (S on average) before each step, like a person.

Printed:
  * updates per second — every update of every consultation over the wall time from the first to the last;
  * reply latency p50/p99 — per update, from the moment the server hands it to the bot (getUpdates) to the moment
    the bot's reply to it reaches the server: the user's wait, the bot's queue included;
  * bot-side time p50/p99 — measured inside the bot: one update from the start of its handling to the end of its
    SQLite commit (``bot.lanes.FairUpdateProcessor.handle``), replies included;
  * the bot process's CPU time per update (start-up included);
  * the SQLite file's size per 10 000 readings (after the bot stopped and checkpointed).  ``--readings R`` adds R
    "/cast 789968 wealth" readings afterwards (by 100 users) and measures the growth directly.

``--rtt MS`` delays every Bot API call (not getUpdates) as a network to Telegram would.  ``BENCH_PROFILE=FILE``
writes a cProfile of the bot process.

Not a test: pytest never collects it (bench/ is outside ``testpaths``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fake_telegram import FakeMessage, FakeTelegram, FakeUser  # noqa: E402

# ---- the bot, in the child process --------------------------------------------------------------------------------

def child(stats_path: str) -> int:
    """``liuyao bot`` without the rate limiter, timing every update (handling + its SQLite write)."""
    import logging

    from bot.app import build_application
    from bot.collector import settle
    from bot.config import Config
    from bot.lanes import FairUpdateProcessor

    logging.basicConfig(level=logging.WARNING)
    durations: list[float] = []
    original = FairUpdateProcessor.handle

    async def timed(self: FairUpdateProcessor, update: object, coroutine: Any) -> None:
        start = time.perf_counter()
        try:
            await original(self, update, coroutine)
        finally:
            durations.append(time.perf_counter() - start)

    FairUpdateProcessor.handle = timed  # type: ignore[method-assign]
    app = build_application(Config.from_env(), rate_limit=False)
    settle()  # as ``liuyao bot`` does
    profile = os.environ.get("BENCH_PROFILE")
    if profile:
        import cProfile

        cProfile.runctx("app.run_polling(allowed_updates=['message', 'callback_query'], poll_interval=0, "
                        "timeout=1, close_loop=False)", globals(), locals(), profile)
    else:
        app.run_polling(allowed_updates=["message", "callback_query"], poll_interval=0, timeout=1,
                        close_loop=False)
    Path(stats_path).write_text(json.dumps({"durations": durations, "cpu": time.process_time()}))
    return 0


# ---- the server and the users, in this process --------------------------------------------------------------------

class TimedTelegram(FakeTelegram):
    """The fake server, noting when each update is handed out and when each reply arrives."""

    def __init__(self, rtt: float = 0.0, **kw: Any) -> None:
        super().__init__(**kw)
        self.rtt = rtt
        self.delivered: dict[int, float] = {}
        self.arrived: dict[int, list[float]] = {}  # chat id → time of each of its events (messages and edits)

    async def _serve(self, verb: str, target: str, headers: dict[str, str], body: bytes) -> Any:
        if self.rtt and not target.endswith("/getUpdates"):
            await asyncio.sleep(self.rtt)  # the network between the bot and Telegram
        return await super()._serve(verb, target, headers, body)

    async def _api_getUpdates(self, params: dict[str, Any]) -> Any:
        result = await super()._api_getUpdates(params)
        now = time.monotonic()
        for update in result:
            self.delivered.setdefault(update["update_id"], now)
        return result

    def _arrive(self, result: dict[str, Any]) -> None:
        chat = result["chat"]["id"]
        times = self.arrived.setdefault(chat, [])
        now = time.monotonic()
        times.extend([now] * (len(self.chats[chat].events) - len(times)))

    async def _api_sendMessage(self, params: dict[str, Any]) -> Any:
        result = await super()._api_sendMessage(params)
        self._arrive(result)
        return result

    async def _api_editMessageText(self, params: dict[str, Any]) -> Any:
        result = await super()._api_editMessageText(params)
        if isinstance(result, dict):
            self._arrive(result)
        return result


def has(prefix: str) -> Any:
    return lambda m: any(d.startswith(prefix) for d in m.callback_data)


class Driver:
    def __init__(self, tg: TimedTelegram, think: float, rng: random.Random) -> None:
        self.tg, self.think, self.rng = tg, think, rng
        self.latencies: list[float] = []
        self.updates = 0

    async def step(self, u: FakeUser, action: Any, until: Any, timeout: float = 300) -> FakeMessage:
        if self.think:
            await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
        await action
        update_id = self.tg._next_update_id - 1  # the update just queued (nothing ran in between)
        m = await u.wait_for(until, timeout)
        self.updates += 1
        self.latencies.append(self.tg.arrived[u.id][u._cursor - 1] - self.tg.delivered[update_id])
        return m

    async def consultation(self, u: FakeUser, delay: float) -> None:
        await asyncio.sleep(delay)
        lines = [self.rng.choice((0, 1, 1, 1, 2, 2, 2, 3)) for _ in range(6)]
        await self.step(u, u.send("/cast"), has("q:skip"))
        topics = await self.step(u, u.send(f"Question of user {u.id}"), has("t:"))
        horizon = await self.step(u, u.press(topics, "t:wealth"), has("f:horizon:"))
        methods = await self.step(u, u.press(horizon, "f:horizon:skip"), has("m:"))
        toss = await self.step(u, u.press(methods, "m:coins"), has("c:0:"))
        for i, backs in enumerate(lines):
            last = await self.step(u, u.press(toss, f"c:{i}:{backs}"), has(f"c:{i + 1}:") if i < 5 else has("w:"))
        await self.step(u, u.press(last, "w:now"), has("r:"))

    async def quick(self, u: FakeUser, count: int) -> None:
        for _ in range(count):
            await self.step(u, u.send("/cast 789968 wealth"), has("r:"))


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def db_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


async def run(args: argparse.Namespace, workdir: Path) -> None:
    db = workdir / "bench.sqlite3"
    stats = workdir / "bot-stats.json"
    log = (workdir / "bot.log").open("ab")
    rng = random.Random(args.seed)
    async with TimedTelegram(rtt=args.rtt / 1000) as tg:
        env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url,
                   DATABASE_PATH=str(db))
        env.pop("WEBHOOK_URL", None)

        def spawn() -> subprocess.Popen[bytes]:
            return subprocess.Popen([sys.executable, __file__, "--child", str(stats)], cwd=ROOT, env=env,
                                    stdout=log, stderr=subprocess.STDOUT)

        async def stop(proc: subprocess.Popen[bytes]) -> dict[str, Any]:
            proc.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(proc.wait, 60)
            if code != 0:
                raise SystemExit(f"the bot exited with {code}; see {workdir / 'bot.log'}")
            return json.loads(stats.read_text())

        proc = spawn()
        try:
            warm = tg.user(1, language_code="en")
            await warm.send("/start")
            await warm.wait_reply(timeout=60)
            warm_driver = Driver(tg, 0, rng)
            await warm_driver.consultation(warm, 0)  # catalogs compiled, caches warm

            users = [tg.user(1000 + i, f"U{i}", language_code=("en", "ko", "ja", "zh-hans", "zh-hant")[i % 5])
                     for i in range(args.n)]
            driver = Driver(tg, args.think, rng)
            print(f"{args.n} consultations at once (think {args.think} s, ramp {args.ramp} s) …", flush=True)
            start = time.monotonic()
            await asyncio.gather(*(driver.consultation(u, rng.uniform(0, args.ramp)) for u in users))
            wall = time.monotonic() - start
        finally:
            bot = await stop(proc) if proc.poll() is None else {"durations": [], "cpu": 0}
        size = db_size(db)
        lat = driver.latencies
        bot_times = bot["durations"][-driver.updates:]  # those of the measured consultations (warm-up's before)
        print(f"consultations: {args.n} complete, {driver.updates} updates in {wall:.1f} s")
        print(f"updates per second: {driver.updates / wall:.0f}")
        print(f"reply latency (server hands the update out → reply arrives): p50 {pct(lat, 50) * 1000:.1f} ms, "
              f"p99 {pct(lat, 99) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms")
        print(f"bot-side time per update (handling + SQLite write): p50 {pct(bot_times, 50) * 1000:.1f} ms, "
              f"p99 {pct(bot_times, 99) * 1000:.1f} ms, mean {statistics.fmean(bot_times) * 1000:.2f} ms")
        print(f"bot process CPU: {bot['cpu']:.1f} s in all (start-up and warm-up included), "
              f"{bot['cpu'] / len(bot['durations']) * 1000:.1f} ms per update")
        readings = args.n + 1
        print(f"SQLite file: {size:,} bytes for {readings} readings ({args.n + 1} users) → "
              f"{size * 10_000 / readings / 1e6:.1f} MB per 10 000 readings")

        if args.readings:
            proc = spawn()
            try:
                quick = Driver(tg, 0, rng)
                writers = [tg.user(900_000 + i, language_code="en") for i in range(100)]
                share = [args.readings // 100 + (1 if i < args.readings % 100 else 0) for i in range(100)]
                start = time.monotonic()
                await asyncio.gather(*(quick.quick(u, k) for u, k in zip(writers, share)))
                wall = time.monotonic() - start
            finally:
                await stop(proc)
            grown = db_size(db) - size
            print(f"{args.readings} more readings (/cast 789968 wealth, 100 users) in {wall:.1f} s "
                  f"({args.readings / wall:.0f}/s); the file grew {grown:,} bytes → "
                  f"{grown * 10_000 / args.readings / 1e6:.1f} MB per 10 000 readings")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=1000, help="simulated users, one consultation each (1000)")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a user waits before each step (0)")
    parser.add_argument("--ramp", type=float, default=0.0, help="spread the users' starts over this many seconds")
    parser.add_argument("--rtt", type=float, default=0.0,
                        help="milliseconds each Bot API call waits, as a network to Telegram would (0)")
    parser.add_argument("--readings", type=int, default=0, help="then add this many quick readings and measure")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", help="work in this folder and keep the SQLite file and the bot's log")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child)
    if args.keep:
        Path(args.keep).mkdir(parents=True, exist_ok=True)
        asyncio.run(run(args, Path(args.keep)))
    else:
        with tempfile.TemporaryDirectory(prefix="bench-bot-") as tmp:
            asyncio.run(run(args, Path(tmp)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
