"""The probes of issue 24 (outages and abuse): a real ``liuyao bot`` process, the fake Bot API, real databases.

Each probe puts users under load on the bot, breaks something for a while, mends it, and measures what the
issue asks — the bytes of log the fault wrote, the replies' p99 (from a user's message to the bot's answer), the
bot's peak RSS, what was still pending after, and whether every message was answered exactly once:

- ``database``: PostgreSQL restarted (its port cut for a moment, ``restarts`` times) then stopped for ``down``
  seconds under load, through ``tests/pgfront.py`` (a shared server cannot be stopped for a test);
- ``disk``: the SQLite file on a tmpfs of its own, filled up for ``down`` seconds (a real ENOSPC), then freed;
- ``sigterm``: SIGTERM with ``users`` updates in flight while the Bot API refuses (502) or hangs, then a start
  with the Bot API answering (exit status and time, all answered once, the reading stored once);
- ``webhook``: the webhook worker under a descriptor limit, with idle connections past it, slow clients, oversized
  and malformed bodies, while users go on writing through Telegram's deliveries.

``tests/test_outage_probes.py`` runs each small; ``bench/probe_robust.py`` runs them full size (``--full``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fake_telegram import Call, FakeTelegram, FakeUser

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Measured:
    """What one probe measured (``summary`` prints it)."""

    probe: str
    sent: int = 0
    answered: int = 0
    duplicated: int = 0  # replies beyond one per message
    latencies: list[float] = field(default_factory=list)  # seconds from a message to its answer
    log_bytes: int = 0  # the log written while the fault lasted (and its mending)
    peak_rss_mb: float = 0.0  # the bot process's high-water mark
    pending_after: int = -1  # updates received and not handled once all is answered
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def p99(self) -> float:
        if len(self.latencies) < 2:
            return max(self.latencies, default=0.0)
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[98]

    def summary(self) -> str:
        extra = "; ".join(f"{k} {v}" for k, v in self.notes.items())
        return (f"{self.probe}: {self.answered}/{self.sent} answered, {self.duplicated} twice; p99 {self.p99:.2f} s, "
                f"max {max(self.latencies, default=0):.2f} s; log {self.log_bytes} bytes; peak RSS "
                f"{self.peak_rss_mb:.0f} MB; {self.pending_after} pending after" + (f"; {extra}" if extra else ""))


# ---- the bot as a process ---------------------------------------------------------------------------------------

class BotRun:
    """``liuyao bot`` as a process against ``tg`` (polling, or webhook mode with ``WEBHOOK_URL`` in ``env``),
    its output in ``log``; ``limits``: resource limits set in the child before it starts (``RLIMIT_NOFILE`` …)."""

    def __init__(self, tg: FakeTelegram, log: Path, env: dict[str, str], *,
                 limits: dict[int, tuple[int, int]] | None = None) -> None:
        self.tg, self.log = tg, log
        self.env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url, OPS_PORT="0",
                        **env)
        for name in ("WEBHOOK_URL", "WEBHOOK_SECRET", "WEBHOOK_LISTEN", "PORT"):
            if name not in env:
                self.env.pop(name, None)
        self.limits = limits or {}
        self.proc: subprocess.Popen[bytes] | None = None

    def _limit(self) -> None:  # (in the child, before exec)
        for kind, value in self.limits.items():
            resource.setrlimit(kind, value)

    async def start(self) -> None:
        since = len(self.tg.calls)
        with self.log.open("ab") as out:
            self.proc = await asyncio.to_thread(
                subprocess.Popen, [sys.executable, "-m", "bot.cli", "bot"], cwd=ROOT, env=self.env, stdout=out,
                stderr=subprocess.STDOUT, preexec_fn=self._limit if self.limits else None)
        ready = "setWebhook" if "WEBHOOK_URL" in self.env else "getUpdates"
        await self.tg.wait_call(ready, timeout=90, since=since)

    def peak_rss_mb(self) -> float:
        """VmHWM of the running process (its peak resident set)."""
        if self.proc is None or self.proc.poll() is not None:
            return 0.0
        with contextlib.suppress(OSError), open(f"/proc/{self.proc.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    async def stop(self, timeout: float = 30) -> tuple[int | None, float]:
        """SIGTERM; the exit status and the seconds it took (None: killed after ``timeout``)."""
        if self.proc is None or self.proc.poll() is not None:
            return (self.proc.returncode if self.proc else None), 0.0
        began = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            status: int | None = await asyncio.to_thread(self.proc.wait, timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            status = None
        return status, time.monotonic() - began

    def log_size(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0


class Database:
    """Counts in the bot's database read from outside: an SQLite file, or PostgreSQL (``url``)."""

    def __init__(self, path: Path | None = None, url: str | None = None) -> None:
        self.path, self.url = path, url

    async def rows(self, sql: str) -> list[tuple[Any, ...]]:
        if self.url is not None:
            import asyncpg

            con = await asyncpg.connect(self.url, timeout=10)
            try:
                return [tuple(r) for r in await con.fetch(sql)]
            finally:
                await con.close()
        with contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)) as con:
            return con.execute(sql).fetchall()

    async def pending(self) -> int:
        return int((await self.rows("SELECT count(*) FROM updates WHERE handled_at IS NULL"))[0][0])

    async def readings(self) -> Counter[int]:
        return Counter(dict(await self.rows("SELECT user_id, count(*) FROM readings GROUP BY user_id")))

    async def until_settled(self, timeout: float) -> int:
        """Until nothing is pending (the commits follow the replies), or ``timeout``; what is still pending."""
        deadline = time.monotonic() + timeout
        while (left := await self.pending()) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        return left


# ---- the load ---------------------------------------------------------------------------------------------------

class Load:
    """Users each sending ``/help`` and waiting for its answer, again and again until ``stop``; every message's
    latency, and the answers counted per message (the reply to /help is always the same text)."""

    def __init__(self, tg: FakeTelegram, users: list[FakeUser], *, patience: float = 120.0) -> None:
        self.tg, self.users, self.patience = tg, users, patience
        self.sent = 0
        self.sent_by: Counter[int] = Counter()
        self.latencies: list[float] = []
        self.unanswered = 0
        self._stop = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._user(u)) for u in self.users]

    async def _user(self, u: FakeUser) -> None:
        while not self._stop.is_set():
            began = time.monotonic()
            self.sent += 1
            self.sent_by[u.id] += 1
            await u.send("/help")
            try:
                await u.wait_reply(timeout=self.patience)
            except TimeoutError:
                self.unanswered += 1
                return
            self.latencies.append(time.monotonic() - began)

    async def stop(self) -> None:
        """No new message; the ones sent wait for their answers (up to ``patience``)."""
        self._stop.set()
        await asyncio.gather(*self._tasks)

    def duplicated(self) -> int:
        """Answers beyond one per message sent."""
        return sum(max(0, len(u.inbox) - self.sent_by[u.id]) for u in self.users)

    async def until(self, count: int, timeout: float = 60) -> None:
        """Until ``count`` more answers have come (the load is running)."""
        goal = len(self.latencies) + count
        deadline = time.monotonic() + timeout
        while len(self.latencies) < goal:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the load got {goal - len(self.latencies)} answers too few in {timeout} s")
            await asyncio.sleep(0.05)


def _measure(probe: str, load: Load, bot: BotRun, log_from: int) -> Measured:
    return Measured(probe, sent=load.sent, answered=len(load.latencies), duplicated=load.duplicated(),
                    latencies=load.latencies, log_bytes=bot.log_size() - log_from, peak_rss_mb=bot.peak_rss_mb())


# ---- database restarted, then stopped, under load ---------------------------------------------------------------

async def database(postgres_url: str, tmp: Path, *, users: int = 8, restarts: int = 2, down: float = 5.0,
                   restart_gap: float = 1.0) -> Measured:
    from tests.pgfront import front

    with front(postgres_url) as (url, got, switch):
        async with FakeTelegram() as tg:
            bot = BotRun(tg, tmp / "database.log", {"DATABASE_URL": url, "DATABASE_START_WAIT": "30"})
            await bot.start()
            load = Load(tg, [tg.user(31_000 + i, language_code="en") for i in range(users)])
            load.start()
            try:
                await load.until(users)  # every user under way
                log_from = bot.log_size()
                for _ in range(restarts):  # a restart: the port closes, every connection ends, it opens again
                    switch.cut()
                    await asyncio.sleep(restart_gap)
                    switch.restore()
                    await load.until(users, timeout=120)
                switch.cut()  # stopped for a while
                await asyncio.sleep(down)
                switch.restore()
                await load.until(users, timeout=120)
            finally:
                await load.stop()
            measured = _measure("database", load, bot, log_from)
            measured.pending_after = await Database(url=url).until_settled(30)
            status, took = await bot.stop()
            measured.notes.update({"turned away": got.count("cut"), "exit": status, "stop s": round(took, 2)})
            return measured


# ---- the disk full ----------------------------------------------------------------------------------------------

@contextlib.contextmanager
def small_disk(size_kb: int) -> Iterator[Path]:
    """A tmpfs of ``size_kb`` kB of its own (root, as CI and the developers' machines run), unmounted after."""
    where = Path(tempfile.mkdtemp(prefix="liuyao-disk-"))
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        where.rmdir()
        raise OSError(f"cannot mount a small tmpfs here: {done.stderr.strip() or done.returncode}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)
        with contextlib.suppress(OSError):
            where.rmdir()


def fill(where: Path) -> Path:
    """Fill the file system of ``where`` to the last block; the filler file (delete it to free the disk)."""
    filler = where / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        with contextlib.suppress(OSError):  # ENOSPC: full
            while os.write(fd, b"\0" * 4096):
                pass
    finally:
        os.close(fd)
    return filler


async def disk(tmp: Path, *, users: int = 8, down: float = 5.0, size_kb: int = 4096) -> Measured:
    with small_disk(size_kb) as where:
        db = where / "bot.sqlite3"
        async with FakeTelegram() as tg:
            bot = BotRun(tg, tmp / "disk.log", {"DATABASE_PATH": str(db)})
            await bot.start()
            load = Load(tg, [tg.user(32_000 + i, language_code="en") for i in range(users)])
            load.start()
            try:
                await load.until(users)
                log_from = bot.log_size()
                filler = fill(where)
                await asyncio.sleep(down)
                filler.unlink()
                await load.until(users, timeout=120)
            finally:
                await load.stop()
            measured = _measure("disk", load, bot, log_from)
            measured.pending_after = await Database(path=db).until_settled(30)
            status, took = await bot.stop()
            measured.notes.update({"disk": f"tmpfs {size_kb} kB", "exit": status, "stop s": round(took, 2)})
            return measured


# ---- SIGTERM with the Bot API down ------------------------------------------------------------------------------

def _replied_to(calls: list[Call]) -> set[int]:
    """The chats a reply (message or photo) was tried for, answered or not."""
    return {c.params.get("chat_id") for c in calls if c.method in ("sendMessage", "sendPhoto")} - {None}


async def sigterm(tmp: Path, *, fault: str = "hanging", users: int = 20, grace: float = 8.0,
                  postgres_url: str | None = None) -> Measured:
    """``users`` quick casts (a reading stored, then sent) in flight while the Bot API refuses (``fault`` =
    "refusing": 502) or holds every reply ("hanging"); SIGTERM; then a start with the Bot API answering."""
    db = tmp / "sigterm.sqlite3"
    # every update in a slot of its own — on PostgreSQL at most 20 (a worker's pool is 2 × slots + 4 connections,
    # within the server's max_connections): the others wait in their lanes, pending as well at the stop
    slots = users if postgres_url is None else min(users, 20)
    env = {"DATABASE_PATH": str(db), "SHUTDOWN_GRACE": f"{grace:g}", "UPDATE_SLOTS": str(slots)}
    if postgres_url is not None:
        env["DATABASE_URL"] = postgres_url
    rows = Database(url=postgres_url) if postgres_url else Database(path=db)
    async with FakeTelegram() as tg:
        bot = BotRun(tg, tmp / f"sigterm-{fault}.log", env)
        await bot.start()
        people = [tg.user(33_000 + i, language_code=("en", "ko", "ja", "zh-hans", "zh-hant")[i % 5])
                  for i in range(users)]
        if fault == "refusing":
            tg.down = 502
        else:
            tg.hang()
        since = len(tg.calls)
        for u in people:
            await u.send("/cast 789968 wealth")
        await tg.wait_calls(lambda calls: len(_replied_to(calls[since:])) >= slots, timeout=120)
        log_from = bot.log_size()
        rss = bot.peak_rss_mb()
        status, took = await bot.stop()
        pending_at_stop = await rows.pending()
        stored_at_stop = await rows.readings()
        tg.down = None
        tg.unhang()
        bot.env.pop("SHUTDOWN_GRACE")
        began = time.monotonic()
        await bot.start()
        latencies: list[float] = []

        async def answered(u: FakeUser) -> None:
            await u.wait_for(lambda m: any(d.startswith("r:") for d in m.callback_data), 120)
            latencies.append(time.monotonic() - began)

        try:
            await asyncio.gather(*(answered(u) for u in people))
            pending_after = await rows.until_settled(30)
        finally:
            await bot.stop()
        readings = [sum(any(d.startswith("r:") for d in m.callback_data) for m in u.inbox) for u in people]
        repeated = sum(n - 1 for u in people
                       for n in Counter((m.text, tuple(m.callback_data)) for m in u.inbox).values() if n > 1)
        return Measured(
            f"sigterm ({fault})", sent=users, answered=sum(r > 0 for r in readings),
            duplicated=sum(max(0, r - 1) for r in readings) + repeated, latencies=latencies,
            log_bytes=bot.log_size() - log_from, peak_rss_mb=rss, pending_after=pending_after,
            notes={"exit": status, "exit s": round(took, 2), "pending at the stop": pending_at_stop,
                   "readings stored at the stop": sum(stored_at_stop.values()),
                   "readings stored after": sum((await rows.readings()).values()),
                   "traceback": "Traceback" in bot.log.read_text(errors="replace")})


# ---- webhook abuse ----------------------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.asynccontextmanager
async def _connections(port: int, count: int, first: bytes = b"") -> AsyncIterator[list[asyncio.StreamWriter]]:
    """``count`` connections to the worker that send ``first`` and then hold still (as many as it accepts)."""
    writers: list[asyncio.StreamWriter] = []
    try:
        for _ in range(count):
            with contextlib.suppress(OSError):
                _reader, writer = await asyncio.open_connection("127.0.0.1", port)
                if first:
                    writer.write(first)
                writers.append(writer)
        yield writers
    finally:
        for writer in writers:
            writer.close()


async def _post(port: int, path: str, secret: str, body: bytes, length: int | None = None) -> int:
    """One POST; its status (0: the connection closed without one)."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return 0
    try:
        head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"X-Telegram-Bot-Api-Secret-Token: {secret}\r\nContent-Length: {len(body) if length is None else length}"
                f"\r\nConnection: close\r\n\r\n")
        writer.write(head.encode() + body)
        with contextlib.suppress(ConnectionError):
            await writer.drain()
        line = await asyncio.wait_for(reader.readline(), 30)
        return int(line.split()[1]) if line.startswith(b"HTTP/") else 0
    except (OSError, TimeoutError, ValueError, IndexError):
        return 0
    finally:
        writer.close()


async def webhook(tmp: Path, *, users: int = 8, descriptors: int = 256, idle: int = 400, slow: int = 50,
                  oversized: int = 20, malformed: int = 50, rounds: int = 3) -> Measured:
    """The worker runs with ``descriptors`` as its descriptor limit; ``idle`` connections (past the limit) open
    and hold still, ``slow`` send a header a byte at a time, ``oversized`` POST 2 MB (with the secret) and
    ``malformed`` POST what is not JSON — while the users' messages come through Telegram's deliveries."""
    port, secret = _free_port(), "w" * 40
    db = tmp / "webhook.sqlite3"
    env = {"DATABASE_PATH": str(db), "WEBHOOK_URL": f"http://127.0.0.1:{port}/hook", "WEBHOOK_SECRET": secret,
           "PORT": str(port), "WEBHOOK_LISTEN": "127.0.0.1"}
    async with FakeTelegram(webhook_retry_delay=0.5) as tg:
        bot = BotRun(tg, tmp / "webhook.log", env, limits={resource.RLIMIT_NOFILE: (descriptors, descriptors)})
        await bot.start()
        load = Load(tg, [tg.user(34_000 + i, language_code="en") for i in range(users)])
        load.start()
        statuses: Counter[int] = Counter()
        try:
            await load.until(users)
            log_from = bot.log_size()
            for _ in range(rounds):
                # idle connections past the cap and the descriptor limit, and slow ones: the users' deliveries are
                # answered meanwhile (once the worker's idle time-out has closed what holds still)
                async with _connections(port, idle) as held, \
                        _connections(port, slow, b"POST /hook HTTP/1.1\r\nHost: x\r\n") as dribbling:
                    statuses["idle held"] += len(held)
                    statuses["slow held"] += len(dribbling)
                    for writer in dribbling:
                        with contextlib.suppress(OSError):
                            writer.write(b"X")
                    await load.until(users, timeout=120)
                # oversized and malformed bodies with the secret, all at once
                statuses.update(await asyncio.gather(
                    *(_post(port, "/hook", secret, b"{" * (2 * 1024 * 1024)) for _ in range(oversized)),
                    *(_post(port, "/hook", secret, b"{not json" + bytes([i % 256])) for i in range(malformed))))
                await load.until(users, timeout=120)
        finally:
            await load.stop()
        measured = _measure("webhook", load, bot, log_from)
        measured.pending_after = await Database(path=db).until_settled(30)
        status, took = await bot.stop()
        measured.notes.update({"descriptor limit": descriptors, "statuses": dict(statuses), "exit": status,
                               "stop s": round(took, 2)})
        return measured


PROBES: dict[str, Callable[..., Any]] = {"database": database, "disk": disk, "sigterm": sigterm, "webhook": webhook}


def have_mount() -> bool:
    """Whether this machine lets the probes mount a small tmpfs (root, not in a locked-down container)."""
    return shutil.which("mount") is not None and os.geteuid() == 0
