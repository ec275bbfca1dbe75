"""Issue 12, "many workers, one bot": workers sharing one PostgreSQL database, any of them receiving any update.

Three real Applications (``build_application`` on the same ``DATABASE_URL``) in this process take the updates
of the fake Bot API in turn, as a round-robin load balancer hands webhook requests out: a user's consecutive
updates land on different workers.  Each user's updates must still be handled one at a time and in order (the
workers take turns at a user through ``Storage.user_turn``, with the state read fresh), so every consultation
ends as it would with one process: one reading each, no step lost or taken twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

from telegram import Update

from bot.delivery.broadcast import DailyAlmanacJob
from bot.handlers.app import build_application
from bot.handlers.subscription import install
from bot.ops.config import Config
from bot.storage import open_storage
from tests.fake_telegram import FakeTelegram, FakeUser
from tests.test_bot_e2e import NOW
from tests.test_crash import consult


@contextlib.asynccontextmanager
async def workers(tg: FakeTelegram, url: str, n: int, *, clock: Any = lambda: NOW,
                  extra: Any = None) -> AsyncIterator[list[Any]]:
    apps = []
    for _ in range(n):
        cfg = Config(token=tg.token, api_base_url=tg.base_url, database_path="unused", database_url=url,
                     webhook_url=None, listen="127.0.0.1", port=0, webhook_secret=None)
        app = build_application(cfg, clock=clock, extra=extra)
        tg.track(app)  # the users' steps end when the worker that took them is done (tests.test_crash._react)
        await app.initialize()
        await app.start()
        apps.append(app)
    try:
        yield apps
    finally:
        for app in apps:
            await app.stop()
            await app.shutdown()


async def balance(tg: FakeTelegram, apps: list[Any], stop: asyncio.Event) -> int:
    """The load balancer: each update the fake server holds goes to the next worker in turn (as a webhook
    request would, stored before it is answered)."""
    turn = itertools.cycle(apps)
    handed = 0
    while not stop.is_set():
        while tg._updates:
            raw = tg._updates.pop(0)
            app = next(turn)
            await app.update_queue.put(Update.de_json(raw, app.bot))
            handed += 1
        await asyncio.sleep(0.005)
    return handed


async def test_three_workers_end_every_consultation_as_one_process(postgres_url: str) -> None:
    async with FakeTelegram() as tg, workers(tg, postgres_url, 3) as apps:
        stop = asyncio.Event()
        balancer = asyncio.create_task(balance(tg, apps, stop))
        users: list[FakeUser] = [tg.user(8000 + i, language_code="en") for i in range(20)]
        lost: list[str] = []
        finished = await asyncio.gather(*(consult(u, lost) for u in users))
        stop.set()
        handed = await balancer
        async with await open_storage(postgres_url) as st:
            readings = {u.id: await st.count_readings(u.id) for u in users}
            pending = await st.pending_updates()
        assert lost == [] and all(finished)
        assert readings == {u.id: 1 for u in users}
        assert pending == []
        assert handed >= 20 * 10  # a consultation is a dozen steps, each on the next worker


async def test_a_users_quick_updates_on_different_workers_are_taken_in_order(postgres_url: str) -> None:
    """/cast and the question sent at once, each to another worker: the question is read as the answer to
    /cast's step (the state read fresh, after the first update's commit), for every user."""
    async with FakeTelegram() as tg, workers(tg, postgres_url, 3) as apps:
        stop = asyncio.Event()
        balancer = asyncio.create_task(balance(tg, apps, stop))
        users: list[FakeUser] = [tg.user(8100 + i, language_code="en") for i in range(30)]
        for u in users:
            await u.send("/cast")
            await u.send(f"Will user {u.id} find the ring?")
        for u in users:
            await u.wait_for(lambda m: m.text == "What is the matter about?", 20)
        stop.set()
        await balancer
        async with await open_storage(postgres_url) as st:
            for u in users:
                data = await st.get_ptb_data("user_data", u.id)
                assert data is not None and f"Will user {u.id} find the ring?" in data, (u.id, data)


async def test_the_daily_broadcast_across_three_workers_sends_once_within_the_limit(postgres_url: str) -> None:
    """Every worker runs the broadcast job; one at a time sends (the others find the turn taken): each
    subscriber gets the day's almanac once, and the cluster's sends stay within Telegram's 30 a second."""
    day = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)
    subscribers = 90
    async with await open_storage(postgres_url) as st:
        for i in range(subscribers):
            await st.subscribe(8500 + i, 8500 + i, "07:00", "UTC", "en", now=day)
    jobs: list[DailyAlmanacJob] = []

    def extra(app: Any) -> None:
        jobs.append(install(app, interval=0.2, first=0.0))

    async with FakeTelegram() as tg:
        users = [tg.user(8500 + i, language_code="en") for i in range(subscribers)]
        async with workers(tg, postgres_url, 3, clock=lambda: day + timedelta(hours=1, minutes=30), extra=extra):
            deadline = time.monotonic() + 60
            while sum(len(u.inbox) for u in users) < subscribers and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            # Three more whole passes after the last almanac, by whichever workers led them: a pass sends what
            # is due, so one that would send an almanac twice has done it by its end (``runs`` counts ended passes).
            passes = sum(j.runs for j in jobs) + 3
            while sum(j.runs for j in jobs) < passes and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            assert sum(j.runs for j in jobs) >= passes, "the broadcast stopped running"
        sends = sorted(c.time for c in tg.calls if c.method == "sendMessage" and c.status == 200)
    assert [len(u.inbox) for u in users] == [1] * subscribers, "an almanac missed or sent twice"
    busiest = max(sum(1 for t in sends[i:] if t - start < 1.0) for i, start in enumerate(sends))
    print(f"{len(sends)} almanacs by 3 workers; at most {busiest} in any second; runs {[j.runs for j in jobs]}")
    assert busiest <= 30


async def test_a_setting_changed_on_one_worker_holds_on_the_others(postgres_url: str) -> None:
    """Nothing a worker keeps goes stale: the language chosen through one worker is the one every worker
    answers in next (each has seen the user before, in English)."""
    async with FakeTelegram() as tg, workers(tg, postgres_url, 3) as apps:
        stop = asyncio.Event()
        balancer = asyncio.create_task(balance(tg, apps, stop))
        u = tg.user(8300, language_code="en")
        for _ in range(3):
            u.skip()
            await u.send("/lang")
            chooser = await u.wait_for(lambda m: bool(m.callback_data), 20)
        await u.press(chooser, "l:ko")
        await u.wait_for(lambda m: "한국어" in (m.text or ""), 20)
        for _ in range(3):
            u.skip()
            await u.send("/help")
            answer = await u.wait_for(lambda m: "/cast" in (m.text or ""), 20)
            assert "읽" in answer.text or "점" in answer.text, answer.text
        stop.set()
        await balancer
