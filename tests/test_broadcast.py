"""The daily almanac end to end: /today, /subscribe, /unsubscribe and the broadcast, against the fake Bot API server.

The bot is the real Application (``bot.handlers.app.build_application`` with ``extra=bot.handlers.subscription.install``) polling
tests/fake_telegram.py, with an injected clock; a test moves the clock and runs the broadcast job itself (the job
the JobQueue would run, with the application's clock), so no test waits on real time for a schedule (that the job
is scheduled is checked on the JobQueue, at the end).  Messages are checked for
the subscriber's own local date (the Babel date in their language, the day pillar of that date) — they would
differ if a message took another user's language or zone.

The crash test runs a broadcast pass (``bot.delivery.broadcast.broadcast_once``, what ``liuyao broadcast`` runs, on the
test's fixed instant) as a child process and kills it with SIGKILL in the middle of the broadcast (the fake server
holds the requests after the first few, so the kill lands while sends are in flight and reservations are pending);
the bot started afterwards on the same SQLite file sends the rest.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import sqlite3
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from telegram.ext import CallbackContext, ExtBot

from bot.delivery.broadcast import JOB_NAME, DailyAlmanacJob, broadcast_due
from bot.delivery.request import ATTEMPTS
from bot.handlers.app import build_application
from bot.handlers.subscription import install
from bot.ops.config import Config
from bot.render.almanac import render_almanac
from bot.render.dates import day_text
from bot.render.i18n import _, normalize, use
from bot.storage import SQLiteStorage
from core.chart.calendar import day_pillar_of_date
from tests.fake_telegram import ApiError, FakeMessage, FakeTelegram, FakeUser

ROOT = Path(__file__).resolve().parent.parent


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def set(self, year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> None:
        self.now = datetime(year, month, day, hour, minute, second, tzinfo=UTC)


def config(tg: FakeTelegram, db: Path) -> Config:
    return Config(token=tg.token, api_base_url=tg.base_url, database_path=str(db), webhook_url=None,
                  listen="127.0.0.1", port=0, webhook_secret=None)


class Bot:
    """The bot with the daily almanac installed, polling the fake server."""

    def __init__(self, tg: FakeTelegram, db: Path, clock: Callable[[], datetime] | None) -> None:
        self.tg, self.db, self.clock = tg, db, clock
        self.app: Any = None
        self.job: DailyAlmanacJob | None = None

    def _extra(self, app: Any) -> None:
        self.job = install(app, broadcast=False)  # the commands and the job, run by ``runs`` rather than a timer

    async def start(self) -> None:
        self.app = build_application(config(self.tg, self.db), clock=self.clock, extra=self._extra)
        await self.app.initialize()
        await self.app.start()
        await self.app.updater.start_polling(poll_interval=0, timeout=1)

    async def stop(self) -> None:
        await self.app.updater.stop()
        await self.app.stop()
        await self.app.shutdown()

    async def runs(self, n: int = 2) -> None:
        """Run the broadcast job ``n`` times, as the JobQueue would, each to its end."""
        assert self.job is not None
        for _run in range(n):
            before = self.job.runs
            await self.job(CallbackContext(self.app))
            assert self.job.runs == before + 1


async def runs_of_a_bot(tg: FakeTelegram, db: Path, clock: Callable[[], datetime], n: int = 2) -> None:
    """A bot started on ``db``, its broadcast job run ``n`` times, stopped."""
    bot = Bot(tg, db, clock)
    await bot.start()
    try:
        await bot.runs(n)
    finally:
        await bot.stop()


@contextlib.asynccontextmanager
async def running(tmp_path: Path, clock: Callable[[], datetime] | None, **kw: Any
                  ) -> AsyncIterator[tuple[FakeTelegram, Bot]]:
    async with FakeTelegram(**kw) as tg:
        bot = Bot(tg, tmp_path / "bot.sqlite3", clock)
        await bot.start()
        try:
            yield tg, bot
        finally:
            await bot.stop()
        assert tg.unknown_methods == []


async def reply(u: FakeUser, text: str) -> str:
    await u.send(text)
    return (await u.wait_reply()).text or ""


def tr(lang: str, msgid: str, **kw: Any) -> str:
    with use(lang):
        return _(msgid).format(**kw)


def heading(u: FakeUser) -> str:
    return tr(normalize(u.data.get("language_code")), "Your almanac for today")


def almanacs(u: FakeUser) -> list[FakeMessage]:
    """The daily messages this user has received (the broadcast's heading, in the user's language)."""
    return [m for m in u.inbox if (m.text or "").startswith(heading(u))]


def expect_day(m: FakeMessage, day: date, lang: str, tz: str) -> None:
    """The message is the almanac of ``day`` in ``tz``, rendered in ``lang``."""
    with use(lang):
        expected = render_almanac(day, tz, heading=_("Your almanac for today"))
        written = day_text(day)
    assert m.text == expected
    assert written in m.text
    assert f"{day_pillar_of_date(day)}日" in m.text


# ---- /today and the subscription commands ----------------------------------------------------------------


async def test_today_subscribe_unsubscribe(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 12, 1, 20, 0, tzinfo=UTC))  # 05:00 on 2 December in Seoul, 15:00 on 1 Dec in NY
    async with running(tmp_path, clock) as (tg, bot):
        ko = tg.user(11, language_code="ko")  # Asia/Seoul by default
        en = tg.user(12, language_code="en")
        assert (await reply(en, "/tz America/New_York")).startswith("Time zone set to America/New_York")

        text = await reply(ko, "/today")
        with use("ko"):
            assert text.startswith(render_almanac(date(2026, 12, 2), "Asia/Seoul"))
        assert "2026년 12월 2일 (수)" in text and text.endswith(tr("ko", "Get it every morning: /subscribe 07:00"))
        text = await reply(en, "/today")
        assert text.startswith("Almanac for Tue, Dec 1, 2026")

        bad_time = tr("ko", "Give the time of day as HH:MM, for example /subscribe 07:30.")
        assert await reply(ko, "/subscribe 25:00") == bad_time
        assert await reply(ko, "/subscribe 7 30") == bad_time
        text = await reply(ko, "/subscribe")  # 07:00 by default; 05:00 now, so today's comes
        every_day = ("Every day at {time} ({tz}) I will send you the almanac of the day, starting {date}. "
                     "/unsubscribe to stop.")
        assert text == tr("ko", every_day, time="07:00", tz="Asia/Seoul", date="2026년 12월 2일 (수)")
        text = await reply(en, "/subscribe 6:45")  # 15:00 in New York: the first is tomorrow
        assert text == tr("en", every_day, time="06:45", tz="America/New_York", date="Wed, Dec 2, 2026")
        storage = await bot.app.persistence.get_storage()
        sub = await storage.get_subscription(12)
        assert (sub.send_at, sub.tz, sub.lang) == ("06:45", "America/New_York", "en")

        await en.send("/settings")
        assert "Daily almanac at 06:45." in ((await en.wait_reply()).text or "")
        assert "/subscribe" not in (await reply(en, "/today"))  # already subscribed: no hint
        # a bare /subscribe keeps the time chosen (it does not go back to 07:00)
        text = await reply(en, "/subscribe")
        assert text == tr("en", every_day, time="06:45", tz="America/New_York", date="Wed, Dec 2, 2026")
        assert (await storage.get_subscription(12)).send_at == "06:45"

        # a zone change moves the subscription with it (and a language change its language)
        await reply(en, "/tz Europe/Berlin")
        for _ in range(100):
            if (await storage.get_subscription(12)).tz == "Europe/Berlin":
                break
            await asyncio.sleep(0.02)
        assert (await storage.get_subscription(12)).tz == "Europe/Berlin"

        assert "stopped" in await reply(en, "/unsubscribe")
        assert "no daily almanac" in await reply(en, "/unsubscribe")
        assert await storage.get_subscription(12) is None
        await en.send("/settings")
        assert "No daily almanac (/subscribe)." in ((await en.wait_reply()).text or "")


# ---- delivery at each subscriber's local time, in their language ---------------------------------------------


async def test_three_zones_three_languages_each_at_local_time(tmp_path: Path) -> None:
    # 1 June 2026 12:00 UTC: 21:00 in Seoul and Tokyo, 08:00 in New York — every 07:00 has passed today.
    clock = Clock(datetime(2026, 6, 1, 12, 0, tzinfo=UTC))
    async with running(tmp_path, clock) as (tg, bot):
        ko = tg.user(21, language_code="ko")  # Asia/Seoul
        ja = tg.user(22, language_code="ja")  # Asia/Tokyo
        en = tg.user(23, language_code="en")
        await reply(en, "/tz America/New_York")
        for u in (ko, ja, en):
            assert "07:00" in await reply(u, "/subscribe 07:00")
        users = ((ko, "ko", "Asia/Seoul"), (ja, "ja", "Asia/Tokyo"), (en, "en", "America/New_York"))

        await bot.runs()
        assert [almanacs(u) for u, *_ in users] == [[], [], []]  # not again today: the first is tomorrow

        clock.set(2026, 6, 1, 21, 59)  # 06:59 in Seoul and Tokyo
        await bot.runs()
        assert [almanacs(u) for u, *_ in users] == [[], [], []]

        clock.set(2026, 6, 1, 22, 0)  # 07:00 on 2 June in Seoul and Tokyo (the same run), 18:00 on 1 June in NY
        await bot.runs()
        for u, lang, tz in users[:2]:
            [m] = almanacs(u)
            expect_day(m, date(2026, 6, 2), lang, tz)
        assert almanacs(en) == []

        clock.set(2026, 6, 2, 10, 59)  # 06:59 EDT
        await bot.runs()
        assert almanacs(en) == []
        clock.set(2026, 6, 2, 11, 0)  # 07:00 EDT, 2 June
        await bot.runs()
        [m] = almanacs(en)
        expect_day(m, date(2026, 6, 2), "en", "America/New_York")

        clock.set(2026, 6, 2, 20, 0)  # later that day everywhere: nothing more
        await bot.runs(3)
        assert [len(almanacs(u)) for u, *_ in users] == [1, 1, 1]

        clock.set(2026, 6, 2, 22, 1)  # 3 June in Asia
        await bot.runs()
        for u, lang, tz in users[:2]:
            assert len(almanacs(u)) == 2
            expect_day(almanacs(u)[-1], date(2026, 6, 3), lang, tz)
        assert len(almanacs(en)) == 1

    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        rows = db.execute("SELECT user_id, local_date, status FROM deliveries ORDER BY local_date, user_id").fetchall()
    assert rows == [(21, "2026-06-02", "sent"), (22, "2026-06-02", "sent"), (23, "2026-06-02", "sent"),
                    (21, "2026-06-03", "sent"), (22, "2026-06-03", "sent")]


async def test_missed_days_are_not_caught_up_on_start(tmp_path: Path) -> None:
    """The bot was down over 07:00 of 2 June: at start on 3 June it sends 3 June's (once its time has come)."""
    clock = Clock(datetime(2026, 6, 1, 12, 0, tzinfo=UTC))
    async with running(tmp_path, clock) as (tg, bot):
        ko = tg.user(31, language_code="ko")
        await reply(ko, "/subscribe 07:00")
        await bot.stop()  # down from 1 June 12:00 UTC …

        clock.set(2026, 6, 2, 21, 30)  # … until 06:30 on 3 June in Seoul: 2 June was missed
        await bot.start()
        await bot.runs()
        assert almanacs(ko) == []
        clock.set(2026, 6, 2, 22, 0)
        await bot.runs()
        [m] = almanacs(ko)
        expect_day(m, date(2026, 6, 3), "ko", "Asia/Seoul")


# ---- failures --------------------------------------------------------------------------------------------


async def test_blocked_user_is_unsubscribed_and_others_still_served(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 6, 1, 12, 0, tzinfo=UTC))
    async with running(tmp_path, clock) as (tg, bot):
        ko, ja = tg.user(41, language_code="ko"), tg.user(42, language_code="ja")
        for u in (ko, ja):
            await reply(u, "/subscribe 07:00")
        tg.block(41)
        clock.set(2026, 6, 1, 22, 0)
        await bot.runs()
        assert len(almanacs(ja)) == 1 and almanacs(ko) == []
        storage = await bot.app.persistence.get_storage()
        assert await storage.get_subscription(41) is None
        row = await storage.fetchone("SELECT end_reason FROM subscriptions WHERE user_id = 41")
        assert row[0] == "blocked"
        delivery = await storage.get_delivery(41, "2026-06-02")
        assert (delivery.status, delivery.retryable) == ("failed", False)
        sends = len(tg.calls_to("sendMessage"))
        clock.set(2026, 6, 2, 22, 0)  # the next day: no attempt at the blocked user
        await bot.runs()
        assert len(almanacs(ja)) == 2
        assert [int(c.params["chat_id"]) for c in tg.calls_to("sendMessage")[sends:]] == [42]


async def test_network_error_is_retried_later(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 6, 1, 12, 0, tzinfo=UTC))
    async with running(tmp_path, clock) as (tg, bot):
        ko = tg.user(51, language_code="ko")
        await reply(ko, "/subscribe 07:00")
        clock.set(2026, 6, 1, 22, 0)
        # the connection drops without an answer, each time the call is tried (bot.delivery.request.RetryingRequest)
        tg.fail_next(ATTEMPTS, 0, methods=["sendMessage"])
        await bot.runs()
        assert almanacs(ko) == []
        storage = await bot.app.persistence.get_storage()
        delivery = await storage.get_delivery(51, "2026-06-02")
        assert (delivery.status, delivery.retryable) == ("failed", True)
        clock.set(2026, 6, 1, 22, 0, 59)  # the retry waits a minute
        await bot.runs()
        assert almanacs(ko) == []
        clock.set(2026, 6, 1, 22, 1)
        await bot.runs()
        [m] = almanacs(ko)
        expect_day(m, date(2026, 6, 2), "ko", "Asia/Seoul")
        assert (await storage.get_delivery(51, "2026-06-02")).attempts == 2


async def test_429_is_honoured_by_the_bot(tmp_path: Path) -> None:
    """Twelve due at once, a server that takes 3 a second: every one delivered once, after the waits it asks."""
    clock = Clock(datetime(2026, 6, 1, 12, 0, tzinfo=UTC))
    async with running(tmp_path, clock) as (tg, bot):
        users = [tg.user(600 + i, language_code=("ko", "ja", "en")[i % 3]) for i in range(12)]
        for u in users:
            if u.data["language_code"] == "en":
                await reply(u, "/tz Asia/Seoul")
            await reply(u, "/subscribe 07:00")
        tg.rate_limit = 3  # from now on: 429 with retry_after beyond 3 messages a second
        first = len(tg.calls)
        clock.set(2026, 6, 1, 22, 0)
        await bot.runs()
        assert tg.rate_limited > 0
        assert [len(almanacs(u)) for u in users] == [1] * 12
    calls = [c for c in tg.calls[first:] if c.method == "sendMessage"]
    for refused in (c for c in calls if c.status == 429):
        assert refused.response is not None
        wait = refused.response["parameters"]["retry_after"]
        # after a 429 nothing new is sent until retry_after has passed: only requests already on their way
        # (at most the other in-flight deliveries) may arrive meanwhile
        early = [c for c in calls if refused.time < c.time < refused.time + wait - 0.05]
        assert bot.job is not None and len(early) < bot.job.concurrency


async def test_retry_after_waits_before_the_next_send(tmp_path: Path) -> None:
    """Without PTB's limiter the broadcast itself waits ``retry_after`` after a 429 before sending again."""
    db = tmp_path / "bare.sqlite3"
    now = datetime(2026, 6, 1, 22, 0, tzinfo=UTC)
    async with FakeTelegram(rate_limit=2) as tg, await SQLiteStorage.open(db) as storage:
        for i in range(5):
            tg.user(700 + i)
            await storage.subscribe(700 + i, 700 + i, "07:00", "Asia/Seoul", "en", now=now - timedelta(days=1))
        async with ExtBot(tg.token, base_url=tg.base_url) as bot:
            stats = await broadcast_due(bot, storage, clock=lambda: now, concurrency=1, rate=None)
        assert (stats.sent, stats.rate_limited) == (5, tg.rate_limited) and stats.rate_limited >= 1
        calls = tg.calls_to("sendMessage")
        for refused, following in itertools.pairwise(calls):
            if refused.status == 429:
                assert refused.response is not None
                wait = refused.response["parameters"]["retry_after"]
                assert following.time - refused.time >= wait - 0.05
        assert Counter(int(c.params["chat_id"]) for c in calls if c.status == 200) == {700 + i: 1 for i in range(5)}


# ---- a crash in the middle of a broadcast ----------------------------------------------------------------


class HoldingTelegram(FakeTelegram):
    """After ``accept`` messages, sendMessage calls are held (never answered, never delivered) until released."""

    def __init__(self, accept: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.accept: int | None = accept
        self.held = 0
        self.release = asyncio.Event()

    async def _api_sendMessage(self, params: dict[str, Any]) -> Any:
        if self.accept is not None and len(self.sent) >= self.accept:
            self.held += 1
            await self.release.wait()
            raise ApiError(502, "Bad Gateway")  # its sender is dead by now: the message never went out
        return await super()._api_sendMessage(params)


# The child: one broadcast pass on the test's instant (token, API URL, database, instant as arguments).
CHILD = """
import asyncio, sys
from datetime import datetime
from bot.delivery.broadcast import broadcast_once
at = datetime.fromisoformat(sys.argv[4])
asyncio.run(broadcast_once(sys.argv[1], sys.argv[2], sys.argv[3], concurrency=3, clock=lambda: at))
"""


async def kill_mid_pass(tg: HoldingTelegram, db: Path, at: datetime, count_sent: str, accept: int) -> None:
    """Run ``CHILD`` (one ``liuyao broadcast`` pass at ``at``) and SIGKILL it once ``accept`` messages went out,
    are recorded (``count_sent``, a query on the file) and a further send is held: killed with sends in flight."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CHILD, tg.token, tg.base_url, str(db), at.isoformat(), cwd=str(ROOT), env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30

        def sent_in_db() -> int:
            with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as ro:
                return int(ro.execute(count_sent).fetchone()[0])

        while not (len(tg.sent) == accept and tg.held >= 1 and sent_in_db() == accept):
            assert child.returncode is None, "the pass ended before it could be killed"
            assert time.monotonic() < deadline, (len(tg.sent), tg.held)
            await asyncio.sleep(0.02)
    finally:
        child.send_signal(signal.SIGKILL)
        await child.wait()
    assert child.returncode == -signal.SIGKILL


async def test_killed_mid_broadcast_then_restarted_sends_the_rest_once(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    tz, at = "Asia/Seoul", datetime(2026, 6, 1, 22, 0, tzinfo=UTC)  # 07:00 on 2 June in Seoul
    n, accept = 12, 5
    yesterday = at - timedelta(days=1)
    tg = HoldingTelegram(accept)
    async with tg:
        users = [tg.user(800 + i, language_code=("ko", "ja", "en")[i % 3]) for i in range(n)]
        async with await SQLiteStorage.open(db) as storage:
            for i, u in enumerate(users):
                await storage.subscribe(u.id, u.id, "07:00", tz, ("ko", "ja", "en")[i % 3], now=yesterday)

        await kill_mid_pass(tg, db, at, "SELECT count(*) FROM deliveries WHERE status = 'sent'", accept)
        tg.accept = None
        tg.release.set()  # the held requests fail: their sender is gone, nothing was delivered

        with contextlib.closing(sqlite3.connect(db)) as ro:
            states = Counter(s for (s,) in ro.execute("SELECT status FROM deliveries"))
        assert states["sent"] == accept and states["pending"] >= 1  # killed with sends in flight

        # The bot starts on the same file: its first run releases the dead sender's reservations and sends the rest.
        await runs_of_a_bot(tg, db, lambda: at)
    per_chat = Counter(m.chat_id for m in tg.sent)
    assert per_chat == {u.id: 1 for u in users}  # everyone once: no duplicate, no miss
    with contextlib.closing(sqlite3.connect(db)) as ro:
        assert Counter(s for (s,) in ro.execute("SELECT status FROM deliveries")) == {"sent": n}
    today = date(2026, 6, 2)
    for i, u in enumerate(users):
        [m] = [m for m in tg.sent if m.chat_id == u.id]
        expect_day(m, today, ("ko", "ja", "en")[i % 3], tz)


async def test_a_sender_that_dies_after_n_sends_then_a_fresh_run(tmp_path: Path) -> None:
    """In-process variant: the sender raises after its third message; a fresh SQLiteStorage (another owner) on the same
    file, released as at a restart, sends the others once."""
    db = tmp_path / "bot.sqlite3"
    now = datetime(2026, 6, 1, 22, 0, tzinfo=UTC)
    async with FakeTelegram() as tg:
        async with await SQLiteStorage.open(db) as storage:
            for i in range(8):
                tg.user(900 + i)
                await storage.subscribe(900 + i, 900 + i, "07:00", "Asia/Seoul", "en", now=now - timedelta(days=1))

        class Died(BaseException):
            pass

        async with ExtBot(tg.token, base_url=tg.base_url) as real:

            class Dying:
                def __init__(self) -> None:
                    self.count = 0

                async def send_message(self, *args: Any, **kw: Any) -> Any:
                    if self.count == 3:
                        raise Died()
                    self.count += 1
                    return await real.send_message(*args, **kw)

            first = await SQLiteStorage.open(db)
            with pytest.raises(Died):
                await broadcast_due(Dying(), first, clock=lambda: now, concurrency=2, rate=None)
            await first.close()
            assert len(tg.sent) == 3

            async with await SQLiteStorage.open(db) as second:
                assert await second.release_stale_reservations(now=now) >= 1
                stats = await broadcast_due(real, second, clock=lambda: now, concurrency=2, rate=None)
        assert stats.sent == 5
        assert Counter(m.chat_id for m in tg.sent) == {900 + i: 1 for i in range(8)}


async def test_job_is_registered() -> None:
    from telegram.ext import ApplicationBuilder, CommandHandler

    app = ApplicationBuilder().token("1:x").build()
    job = install(app, interval=45)
    assert app.job_queue is not None
    [scheduled] = app.job_queue.get_jobs_by_name(JOB_NAME)
    [at_start] = app.job_queue.get_jobs_by_name(f"{JOB_NAME}:start")  # the first run: at start, not 45 s later
    assert scheduled.callback is job is at_start.callback and job.runs == 0
    assert scheduled.job.trigger.interval == timedelta(seconds=45)
    commands = set().union(*(h.commands for group in app.handlers.values() for h in group
                             if isinstance(h, CommandHandler)))
    assert {"today", "subscribe", "unsubscribe", "tz"} <= commands
    quiet = ApplicationBuilder().token("1:x").build()
    install(quiet, broadcast=False)  # the commands, no job
    assert quiet.job_queue is not None and quiet.job_queue.get_jobs_by_name(JOB_NAME) == ()
