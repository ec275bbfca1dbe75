"""N simulated users through full consultations against the fake Bot API server; the bot in its own process.

    python bench/bench_bot.py [-n 1000] [--think 0] [--ramp 0] [--rtt 0] [--readings 0] [--keep DIR]
                              [--baseline COMMIT|none] [--rounds 1]
    python bench/bench_bot.py -n 1000 --think 30 --ramp 30     # 1000 people consulting at once, at a person's pace
    python bench/bench_bot.py -n 1000 --readings 10000         # as fast as the bot answers; then 10 000 readings

The fake server (tests/fake_telegram.py) and the N users run in this process; the bot runs as a child process
(``build_application`` from the environment, as ``liuyao bot`` does, polling the fake server) on a fresh SQLite
file, so it has a core of its own on a 2-core machine.  Telegram's own limits are not the bot's time: the child
runs without the rate limiter.

Each user: /cast, a question, the matter (a button), its follow-up (skipped), "toss coin by coin", six tosses,
"now" — 12 updates, the last answered with the chart and the reading.  All N start together (``--ramp`` spreads the starts over that many
seconds); ``--think S`` waits 0–2·S seconds (S on average) before each step, like a person.

Printed:
  * updates per second — every update of every consultation over the wall time from the first to the last;
  * reply latency p50/p99 — per update, from the moment the server hands it to the bot (getUpdates) to the moment
    the bot's reply to it reaches the server: the user's wait, the bot's queue included;
  * bot-side time p50/p99 — measured inside the bot: one update from the start of its handling to the end of its
    SQLite commit (``bot.delivery.lanes.FairUpdateProcessor.handle``), replies included;
  * the bot process's CPU time per update: user + system time of all its threads (the chart picture is drawn
    in one) over the measured consultations, from /proc, divided by their updates (start-up and warm-up apart);
  * the SQLite file's size per 10 000 readings (after the bot stopped and checkpointed).  ``--readings R`` adds R
    "/cast 789968 wealth" readings afterwards (by 100 users) and measures the growth directly.

Every figure is measured for this tree and for the baseline commit (``--baseline``, by default main before issue
12's cheaper update; its bot/, core/ and locales/ extracted with ``git archive``) on the same load, ``--rounds``
times each in turn, and printed with their ratios; also the Bot API calls per update, by method.

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
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fake_telegram import FakeMessage, FakeTelegram, FakeUser

# ---- the bot, in the child process --------------------------------------------------------------------------------

def child(stats_path: str) -> int:
    """``liuyao bot`` without the rate limiter, timing every update (handling + its SQLite write)."""
    import logging

    from bot.handlers.app import build_application
    from bot.ops.collector import settle
    from bot.ops.config import Config
    try:  # where an update is handled and committed: the lanes now, the write-through processor in a baseline
        from bot.delivery.lanes import FairUpdateProcessor as processor
        name = "handle"
    except ImportError:
        from bot.storage.persistence import WriteThroughUpdateProcessor as processor  # type: ignore[assignment]
        name = "do_process_update"

    logging.basicConfig(level=logging.WARNING)
    durations: list[float] = []
    original = getattr(processor, name)

    async def timed(self: Any, update: object, coroutine: Any) -> None:
        start = time.perf_counter()
        try:
            await original(self, update, coroutine)
        finally:
            durations.append(time.perf_counter() - start)

    setattr(processor, name, timed)
    names = Path(stats_path).with_suffix(".threads.json")

    def note_threads() -> None:  # which thread is which, for the CPU by thread the parent reads from /proc
        import threading

        seen: dict[int, str] = {}
        while True:
            seen.update({t.native_id: t.name for t in threading.enumerate() if t.native_id is not None})
            names.write_text(json.dumps(seen))
            time.sleep(1)

    import threading

    threading.Thread(target=note_threads, name="bench-thread-names", daemon=True).start()
    app = build_application(Config.from_env(), rate_limit=False)
    settle()  # as ``liuyao bot`` does
    try:
        from bot.run import event_loop
    except ImportError:  # a baseline from before uvloop
        pass
    else:
        event_loop()
    profile = os.environ.get("BENCH_PROFILE")
    if profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)  # CPU time: the waits in epoll are not the bot's cost
        profiler.runctx("app.run_polling(allowed_updates=['message', 'callback_query'], poll_interval=0, "
                        "timeout=1, close_loop=False)", globals(), locals())
        profiler.dump_stats(profile)
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a running process, all its threads (Linux: /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu(pid: int) -> dict[int, float]:
    """CPU seconds of each thread of a running process, by thread id (the main thread's id is the pid)."""
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # the thread ended meanwhile
            continue
        out[int(task.name)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return out


def db_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


LANGUAGE_CODES = ("en", "ko", "ja", "zh-hans", "zh-hant")
BASELINE = "8f8d706ecf9a3cede97a643af5dbeb13216b5feb"  # main before issue 12's cheaper update (httpx, PNG by Pillow)


def checkout(commit: str, into: Path) -> Path:
    """The bot's code (bot/, core/, locales/) at ``commit``, extracted for the baseline's child process."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "bot", "core", "locales"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


async def measure(args: argparse.Namespace, workdir: Path, code: Path | None = None) -> dict[str, Any]:
    """One run of N consultations against a fresh bot process (the code in ``code``, else this tree)."""
    workdir.mkdir(parents=True, exist_ok=True)
    db = workdir / "bench.sqlite3"
    stats = workdir / "bot-stats.json"
    log = (workdir / "bot.log").open("ab")
    rng = random.Random(args.seed)
    async with TimedTelegram(rtt=args.rtt / 1000) as tg:
        env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url,
                   DATABASE_PATH=str(db), OPS_PORT="0")  # the ops server on a port of its own choosing
        env.pop("WEBHOOK_URL", None)

        def spawn() -> subprocess.Popen[bytes]:
            command = [sys.executable, __file__, "--child", str(stats)] + (["--code", str(code)] if code else [])
            return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)

        async def stop(proc: subprocess.Popen[bytes]) -> dict[str, Any]:
            proc.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(proc.wait, 60)
            if code != 0:
                raise SystemExit(f"the bot exited with {code}; see {workdir / 'bot.log'}")
            return json.loads(stats.read_text())

        proc = spawn()
        try:
            warm = [tg.user(1 + i, language_code=code) for i, code in enumerate(LANGUAGE_CODES)]
            await warm[0].send("/start")
            await warm[0].wait_reply(timeout=60)
            warm_driver = Driver(tg, 0, rng)
            # one consultation in each language: every catalog compiled and every cache warm before the measure
            await asyncio.gather(*(warm_driver.consultation(u, 0) for u in warm))

            users = [tg.user(1000 + i, f"U{i}", language_code=LANGUAGE_CODES[i % 5]) for i in range(args.n)]
            driver = Driver(tg, args.think, rng)
            first_call = len(tg.calls)
            cpu_before = cpu_seconds(proc.pid)
            main_before = thread_cpu(proc.pid).get(proc.pid, 0.0)
            print(f"{args.n} consultations at once (think {args.think} s, ramp {args.ramp} s), "
                  f"{'baseline ' + args.baseline[:10] if code else 'this tree'} …", flush=True)
            start = time.monotonic()
            await asyncio.gather(*(driver.consultation(u, rng.uniform(0, args.ramp)) for u in users))
            wall = time.monotonic() - start
            cpu_window = cpu_seconds(proc.pid) - cpu_before
            main_window = thread_cpu(proc.pid).get(proc.pid, 0.0) - main_before
            by_thread = thread_cpu(proc.pid)
            names_file = stats.with_suffix(".threads.json")
            thread_names = json.loads(names_file.read_text()) if names_file.exists() else {}
            grouped: Counter[str] = Counter()
            for tid, seconds in by_thread.items():
                grouped[thread_names.get(str(tid), "?").split("_")[0].rstrip("-0123456789")] += seconds
            calls = Counter(c.method for c in tg.calls[first_call:])
        finally:
            bot = await stop(proc) if proc.poll() is None else {"durations": [], "cpu": 0}
        size = db_size(db)
        lat = driver.latencies
        bot_times = bot["durations"][-driver.updates:]  # those of the measured consultations (warm-up's before)
        result = {"updates": driver.updates, "wall": wall, "rate": driver.updates / wall,
                  "p50": pct(lat, 50), "p99": pct(lat, 99), "max": max(lat),
                  "bot_p50": pct(bot_times, 50), "bot_p99": pct(bot_times, 99), "bot_mean": statistics.fmean(bot_times),
                  "cpu": bot["cpu"], "cpu_per_update": cpu_window / driver.updates,
                  "main_per_update": main_window / driver.updates, "size": size,
                  "calls": {m: n / driver.updates for m, n in calls.most_common()}}
        print(f"consultations: {args.n} complete, {driver.updates} updates in {wall:.1f} s")
        print(f"updates per second: {result['rate']:.0f}")
        print(f"reply latency (server hands the update out → reply arrives): p50 {result['p50'] * 1000:.1f} ms, "
              f"p99 {result['p99'] * 1000:.1f} ms, max {result['max'] * 1000:.1f} ms")
        print(f"bot-side time per update (handling + SQLite write): p50 {result['bot_p50'] * 1000:.1f} ms, "
              f"p99 {result['bot_p99'] * 1000:.1f} ms, mean {result['bot_mean'] * 1000:.2f} ms")
        print(f"bot process CPU: {result['cpu_per_update'] * 1000:.2f} ms per update ({cpu_window:.1f} s over the "
              f"measured consultations, all threads; {bot['cpu']:.1f} s in all with start-up and warm-up); the event "
              f"loop's thread {result['main_per_update'] * 1000:.2f} ms, the others (picture, SQLite) "
              f"{(result['cpu_per_update'] - result['main_per_update']) * 1000:.2f} ms")
        print("  CPU by thread since start (s): " + ", ".join(f"{k} {v:.1f}" for k, v in grouped.most_common()))
        print("Bot API calls per update: " + ", ".join(f"{m} {n:.2f}" for m, n in result["calls"].items())
              + f" (all: {sum(result['calls'].values()):.2f})")
        readings = args.n + len(LANGUAGE_CODES)
        print(f"SQLite file: {size:,} bytes for {readings} readings ({readings} users) → "
              f"{size * 10_000 / readings / 1e6:.1f} MB per 10 000 readings")

        if args.readings and code is None:
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
        return result


async def run(args: argparse.Namespace, workdir: Path) -> None:
    """This tree, and (unless ``--baseline none``) the baseline commit on the same load, alternating over
    ``--rounds`` so that a noisy minute of the shared machine does not land on one side only; the medians."""
    ours: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    code = None if args.baseline == "none" else checkout(args.baseline, workdir / "baseline")
    for round_ in range(args.rounds):
        if code is not None:
            theirs.append(await measure(args, workdir / f"base-{round_}", code))
        ours.append(await measure(args, workdir / f"this-{round_}"))
    if code is None:
        return

    def median(runs: list[dict[str, Any]], key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print(f"\nthis tree against baseline {args.baseline[:10]} (median of {args.rounds} round(s) each; "
          "below 1 is better for time and CPU, above 1 for rate):")
    for key, label, scale, unit in (("cpu_per_update", "bot CPU per update", 1000, "ms"),
                                    ("rate", "updates per second", 1, "/s"),
                                    ("p50", "reply latency p50", 1000, "ms"), ("p99", "reply latency p99", 1000, "ms"),
                                    ("bot_mean", "bot-side time per update, mean", 1000, "ms")):
        a, b = median(ours, key), median(theirs, key)
        print(f"  {label}: {a * scale:.2f} {unit} against {b * scale:.2f} {unit} → ratio {a / b:.2f}")
    a_calls = sum(ours[-1]["calls"].values())
    b_calls = sum(theirs[-1]["calls"].values())
    print(f"  Bot API calls per update: {a_calls:.2f} against {b_calls:.2f} → ratio {a_calls / b_calls:.2f}")


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
    parser.add_argument("--baseline", default=BASELINE,
                        help=f"commit to compare with, measured on the same load ({BASELINE[:10]}); 'none' to skip")
    parser.add_argument("--rounds", type=int, default=1, help="alternating runs of each side (1)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--code", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        if args.code:  # the baseline's bot, not this tree's
            sys.path.insert(0, args.code)
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
