"""``bot.delivery.shared_budget.SharedBudget``: the broadcast's pace kept by a cluster's workers together, on a real PostgreSQL.

Each worker is a storage of its own (its own pool of connections) on one database, as separate ``liuyao bot``
processes would be; the times checked are taken in this process, one clock for all of them.  The broadcasts run
against the fake Bot API, whose sliding-window limit answers 429 as Telegram does.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from telegram.error import RetryAfter
from telegram.ext import ExtBot

from bot.delivery.broadcast import broadcast_once
from bot.delivery.pacing import BOT_RATE, BROADCAST, LocalBudget, PacedLimiter
from bot.delivery.shared_budget import SharedBudget, budget_for
from bot.handlers.app import build_application
from bot.handlers.subscription import install
from bot.ops.config import Config
from bot.storage import (
    POSTGRES_MIGRATIONS,
    SCHEMA_VERSION,
    SQLITE_MIGRATIONS,
    SchemaTooNewError,
    is_postgres_url,
    open_storage,
)
from bot.storage.postgres import PostgresStorage
from tests.fake_telegram import FakeTelegram
from tests.test_cluster import workers
from tests.test_pacing import most_in_window

NOW = datetime(2026, 6, 1, 22, 0, tzinfo=UTC)  # 07:00 in Seoul on June 2nd


@contextlib.asynccontextmanager
async def stores(url: str, n: int) -> AsyncIterator[list[PostgresStorage]]:
    """``n`` workers' storages on one database."""
    opened = [await open_storage(url) for _ in range(n)]
    try:
        yield opened  # type: ignore[misc]
    finally:
        for st in opened:
            await st.close()


async def slot_times(budgets: list[SharedBudget], sends: int, *, tasks: int = 3, hold: float = 0.01) -> list[float]:
    """When each send got its slot: ``sends`` per budget, ``tasks`` of them at a time on each (as the
    broadcast's concurrency), all at once."""
    starts: list[float] = []

    async def sender(budget: SharedBudget, count: int) -> None:
        for _ in range(count):
            await budget.acquire()
            starts.append(time.monotonic())
            await asyncio.sleep(hold)
            budget.release()

    await asyncio.gather(*(sender(b, sends // tasks) for b in budgets for _ in range(tasks)))
    return sorted(starts)


async def test_three_workers_keep_one_pace_together(postgres_url: str) -> None:
    rate = 50.0
    async with stores(postgres_url, 3) as sts:
        budgets = [SharedBudget(st, rate) for st in sts]
        starts = await slot_times(budgets, 21)
    assert len(starts) == 63
    span = starts[-1] - starts[0]
    # 63 slots at 50 a second: 1.24 s for the union (each worker alone at 50 a second would take a third of it) …
    assert span >= 62 / rate - 0.02, span
    assert span <= 62 / rate * 1.5, span  # … and the pace is kept, not lost to the round trips
    # Never a burst.  The times are when each sender saw its slot: on a loaded machine an event loop that stalls
    # for a moment shows several slots at once, so the windows allow for a stall of about 0.1 s; a worker that
    # did not take its turn from the shared schedule (at 50 a second each, 150 together) breaks both at once.
    assert most_in_window(starts, 0.1) <= 10
    assert most_in_window(starts, 1.0) <= rate + 6
    print(f"63 slots by 3 workers in {span:.3f} s ({62 / span:.1f}/s); at most {most_in_window(starts, 0.1)} "
          f"in 0.1 s, {most_in_window(starts, 1.0)} in 1 s")


async def test_a_429_on_one_worker_holds_the_others(postgres_url: str) -> None:
    async with FakeTelegram() as tg, stores(postgres_url, 3) as sts:
        hit, *others = [SharedBudget(st, 50.0) for st in sts]
        tg.user(42, language_code="en")
        async with ExtBot(tg.token, base_url=tg.base_url, rate_limiter=PacedLimiter(hit, max_retries=0)) as bot:
            tg.fail_next(1, 429, methods=["sendMessage"])  # flood control, retry_after 1 s
            with pytest.raises(RetryAfter):
                await bot.send_message(42, "x", rate_limit_args=BROADCAST)
        seen = time.monotonic()
        await asyncio.gather(*list(hit._holds))  # the hold is written by a task of the worker that met the 429
        for budget in others:
            await budget.acquire()
            budget.release()
        assert time.monotonic() - seen >= 0.9  # neither took a slot within Telegram's wait
        await hit.acquire()
        hit.release()
        assert time.monotonic() - seen >= 0.9


async def test_a_schedule_idle_for_long_does_not_burst(postgres_url: str) -> None:
    rate = 20.0
    async with stores(postgres_url, 2) as sts:
        budgets = [SharedBudget(st, rate) for st in sts]
        await slot_times(budgets, 3, tasks=1)
        await asyncio.sleep(0.5)  # ten slots left unused (the pause itself is the case): none of them is owed
        resumed = time.monotonic()
        starts = await slot_times(budgets, 6)
    assert len(starts) == 12
    for k, start in enumerate(starts):  # the k-th slot no sooner than k intervals after the pause
        assert start >= resumed + k / rate - 0.01, (k, start - resumed)
    assert most_in_window(starts, 0.1) <= 5  # 2 at this pace, 3 with a stall of the loop; the owed ten at once: 12


async def test_the_cap_on_this_processs_sends_in_flight_stays_local(postgres_url: str) -> None:
    async with stores(postgres_url, 1) as (st,):
        budget = SharedBudget(st, 1000.0, limit=4, window=0.3)
        starts = await slot_times([budget], 10, tasks=10, hold=0.01)
    assert len(starts) == 10
    # never more than the limit within the window (less 0.05 s: a slot seen late by its sender looks nearer the
    # next; without the limit all ten come at once)
    assert most_in_window(starts, 0.3 - 0.05) <= 4
    assert starts[-1] - starts[0] >= 0.3  # the fifth waited for the first to age out


async def test_a_wait_cancelled_gives_its_place_back(postgres_url: str) -> None:
    async with stores(postgres_url, 2) as (a, b):
        one = SharedBudget(a, 50.0, limit=1)
        await b.hold_sends("broadcast", 0.5)  # another worker met a 429: the next slot is half a second away
        waiting = asyncio.create_task(one.acquire())
        while one._sends._in_flight == 0:  # until the wait holds its place in flight (the one place, limit 1)
            await asyncio.sleep(0.005)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        # the place in flight the cancelled wait held is free again (limit 1: else this would never come)
        await asyncio.wait_for(one.acquire(), timeout=2.0)
        one.release()


async def test_two_broadcast_passes_at_once_share_the_rate(postgres_url: str) -> None:
    """Two senders at once (a leader that lost its lock finishing while the next one starts, or ``liuyao
    broadcast`` beside the bot): each at 18 a second, a server that refuses more than 20 in a second — with
    each its own budget they would send 36; from the cluster's schedule no 429 comes."""
    async with FakeTelegram(rate_limit=20) as tg:
        async with await open_storage(postgres_url) as st:
            for i in range(40):
                tg.user(700 + i, language_code="en")
                await st.subscribe(700 + i, 700 + i, "07:00", "Asia/Seoul", "en", now=NOW - timedelta(days=1))
        both = await asyncio.gather(*(broadcast_once(tg.token, tg.base_url, postgres_url, rate=18.0,
                                                     clock=lambda: NOW) for _ in range(2)))
        times = sorted(c.time for c in tg.calls_to("sendMessage"))
    assert sum(s.sent for s in both) == 40 and all(s.sent for s in both)  # both sent, each subscriber once
    assert (tg.rate_limited, sum(s.rate_limited for s in both)) == (0, 0)
    assert most_in_window(times, 1.0) <= 20
    assert times[-1] - times[0] >= 39 / 18.0 - 0.05


async def test_the_running_bot_takes_the_clusters_budget_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    jobs: list[Any] = []

    def extra(app: Any) -> None:
        jobs.append(install(app, interval=0.2, first=0.0))

    async with FakeTelegram() as tg, workers(tg, postgres_url, 2, extra=extra) as apps:
        deadline = time.monotonic() + 20
        while not any(j.runs for j in jobs) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        leaders = [app for app, job in zip(apps, jobs, strict=True) if job.runs]
        assert leaders
        for app in leaders:
            budget = app.bot.rate_limiter.budget
            assert isinstance(budget, SharedBudget) and budget.rate == BOT_RATE
    async with FakeTelegram() as tg:
        cfg = Config(token=tg.token, api_base_url=tg.base_url, database_path=str(tmp_path / "one.sqlite3"),
                     webhook_url=None, listen="127.0.0.1", port=0, webhook_secret=None)
        app = build_application(cfg, extra=extra)
        await app.initialize()
        await app.start()
        try:
            deadline = time.monotonic() + 20
            while not jobs[-1].runs and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            assert jobs[-1].runs
            budget = app.bot.rate_limiter.budget
            assert isinstance(budget, LocalBudget) and budget.rate == BOT_RATE  # SQLite: one process
        finally:
            await app.stop()
            await app.shutdown()


async def test_budget_for_each_engine(database_url: str) -> None:
    async with await open_storage(database_url) as st:
        free, paid = budget_for(st, 29.3), budget_for(st, None, paid=True)
        kind = SharedBudget if is_postgres_url(database_url) else LocalBudget
        assert isinstance(free, kind) and isinstance(paid, kind)
        assert (free.rate, paid.rate) == (29.3, 900.0)  # type: ignore[attr-defined]


async def test_the_send_budget_arrives_with_version_5_and_a_newer_schema_is_still_refused(database_url: str) -> None:
    postgres = is_postgres_url(database_url)
    steps = POSTGRES_MIGRATIONS if postgres else SQLITE_MIGRATIONS
    assert SCHEMA_VERSION >= 5
    # the previous release's schema, and a user written as it wrote one (this release's user has more columns)
    async with await open_storage(database_url, migrations=steps[:4]) as old, old.transaction() as tx:
        await tx.execute("INSERT INTO users (user_id, lang, created_at, updated_at) VALUES (7, 'ko', :now, :now)",
                         {"now": old.instant(old.now())})
    async with await open_storage(database_url) as st:
        assert await st.schema_version() == SCHEMA_VERSION and (await st.get_user(7)).lang == "ko"  # type: ignore[union-attr]
        if postgres:
            row = await st.fetchone("SELECT relpersistence FROM pg_class WHERE relname = 'send_budget'")
            assert row is not None and row[0] == b"u"  # unlogged: no WAL flush per slot
            assert await st.take_send_slot("broadcast", 0.5) == 0.0  # type: ignore[attr-defined]
            assert 0.4 < await st.take_send_slot("broadcast", 0.5) <= 0.5  # type: ignore[attr-defined]
        else:
            row = await st.fetchone("SELECT count(*) FROM sqlite_master WHERE name = 'send_budget'")
            assert row[0] == 0  # one process on a file: no shared schedule
        async with st.transaction() as tx:
            newer = SCHEMA_VERSION + 1
            await tx.execute(f"UPDATE liuyao_schema SET version = {newer}" if postgres else f"PRAGMA user_version = {newer}")
    with pytest.raises(SchemaTooNewError, match=f"version {SCHEMA_VERSION + 1}"):
        await open_storage(database_url)
