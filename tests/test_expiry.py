"""bot.delivery.expiry: abandoned consultations swept from the database after their TTL and a grace, with their drafts, on
both engines (a real SQLite file, a real PostgreSQL database) — and a user who comes back within the grace still
told their consultation expired, through the real Application against the fake Bot API.

On PostgreSQL the races with an update of the same user are played for real: another connection holds the
user's row (a step being committed) or the user's turn while the sweep runs."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import pytest
import pytest_asyncio
from prometheus_client import REGISTRY
from telegram.ext import Application

from bot.delivery.expiry import GRACE, JOB_NAME, sweep_abandoned
from bot.handlers.app import build_application
from bot.ops.config import Config
from bot.render.i18n import _, ngettext, use
from bot.storage import SQLStorage, open_storage
from bot.storage.persistence import StoragePersistence, dumps_strict
from tests.fake_telegram import FakeMessage, FakeTelegram

TTL = timedelta(hours=24)
T0 = datetime(2025, 3, 9, 12, 0, tzinfo=UTC)
NAME = "consultation"
DRAFT: dict[str, Any] = {"c": {"id": "5e1f0c2a9b3d4e6f", "state": 6, "topic": "wealth", "tosses": [1, 2]}, "outcome_for": 3}


class Clock:
    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(T0)


@pytest_asyncio.fixture
async def storage(database_url: str, clock: Clock) -> AsyncIterator[SQLStorage]:
    store = await open_storage(database_url, clock=clock)
    try:
        yield store
    finally:
        await store.close()


def key(user: int) -> str:
    """The stored key of a user's consultation in their private chat (chat id = user id), as persistence writes
    it."""
    return f"[{user},{user}]"


async def step(storage: SQLStorage, clock: Clock, at: datetime, user: int, *, state: int | None = None,
               data: dict[str, Any] | None = None) -> None:
    """A step of the user's consultation written at ``at``: its state, its user's data, or both."""
    clock.now = at
    if state is not None:
        await storage.put_conversation(NAME, key(user), json.dumps(state))
    if data is not None:
        await storage.put_ptb_data("user_data", user, dumps_strict(data))


async def conversations(storage: SQLStorage) -> dict[str, str]:
    return dict(await storage.list_conversations(NAME))


async def data_of(storage: SQLStorage, user: int) -> dict[str, Any] | None:
    text = await storage.get_ptb_data("user_data", user)
    return None if text is None else json.loads(text)


def swept_total() -> float:
    return REGISTRY.get_sample_value("liuyao_consultations_swept_total") or 0.0


# ------------------------------------------------------------------------------------------------ the storage


async def test_abandoned_consultations_go_with_their_drafts_and_the_rest_stays(storage: SQLStorage,
                                                                                clock: Clock) -> None:
    cutoff = T0 + timedelta(minutes=1)
    await step(storage, clock, T0, 1, state=6, data=DRAFT | {"quiet_until": "2025-03-09T12:01:00+00:00"})
    await step(storage, clock, T0, 2, state=6, data=DRAFT)
    await step(storage, clock, T0, 3, state=1)  # a consultation at its first step: no data row yet
    await step(storage, clock, T0, 4, state=6)
    await step(storage, clock, T0 + timedelta(days=2), 4, data=DRAFT)  # a later step (a toss) wrote its data only
    await step(storage, clock, cutoff, 5, state=6, data=DRAFT)  # the last step at the cutoff itself
    await step(storage, clock, T0, 6, data=DRAFT)  # a draft without a conversation: not a consultation
    now = cutoff + TTL + GRACE
    counted = swept_total()

    assert await sweep_abandoned(storage, TTL, now=now) == 3
    assert await conversations(storage) == {key(4): "6", key(5): "6"}
    assert await data_of(storage, 1) == {"quiet_until": "2025-03-09T12:01:00+00:00"}  # the draft out, the rest kept
    assert await data_of(storage, 2) is None  # nothing but the draft: the row goes
    assert [await data_of(storage, u) for u in (4, 5, 6)] == [DRAFT, DRAFT, DRAFT]
    assert swept_total() - counted == 3

    assert await sweep_abandoned(storage, TTL, now=now) == 0  # run again: nothing more
    assert await conversations(storage) == {key(4): "6", key(5): "6"}
    assert swept_total() - counted == 3

    later = now + timedelta(days=2)  # the others' last steps are now older than TTL + grace too
    assert await sweep_abandoned(storage, TTL, now=later) == 2
    assert await conversations(storage) == {}
    assert [await data_of(storage, u) for u in (4, 5, 6)] == [None, None, DRAFT]
    assert swept_total() - counted == 5


async def test_a_run_is_bounded_by_its_batches_and_passes_over_what_is_not_abandoned(storage: SQLStorage,
                                                                                     clock: Clock) -> None:
    await step(storage, clock, T0 - timedelta(hours=1), 100, state=6)  # the oldest conversation, but …
    await step(storage, clock, T0 + timedelta(days=2), 100, data=DRAFT)  # … its user took a step since
    for user in range(1, 8):
        await step(storage, clock, T0 + timedelta(minutes=user), user, state=6, data=DRAFT)
    now = T0 + timedelta(days=1) + TTL + GRACE

    # 2 a batch, 3 batches: [100, 1] [2, 3] [4, 5] — 100 is looked at and passed over, not looked at forever
    assert await sweep_abandoned(storage, TTL, now=now, batch=2, max_batches=3) == 5
    assert set(await conversations(storage)) == {key(100), key(6), key(7)}
    assert await sweep_abandoned(storage, TTL, now=now, batch=2, max_batches=3) == 2  # the rest at the next run
    assert await sweep_abandoned(storage, TTL, now=now, batch=2, max_batches=3) == 0
    assert await conversations(storage) == {key(100): "6"}
    assert await data_of(storage, 100) == DRAFT
    assert [await data_of(storage, u) for u in range(1, 8)] == [None] * 7


async def test_steps_committed_while_the_sweep_runs_survive_whole(storage: SQLStorage, clock: Clock) -> None:
    users = range(1, 21)
    for user in users:
        await step(storage, clock, T0, user, state=6, data=DRAFT)
    clock.now = now = T0 + TTL + GRACE + timedelta(minutes=1)
    moved = DRAFT | {"c": DRAFT["c"] | {"state": 7, "tosses": [1, 2, 3]}}
    back = [u for u in users if u % 2]  # these users come back now: each update commits its step

    sweep = asyncio.create_task(sweep_abandoned(storage, TTL, now=now, batch=5))
    await asyncio.gather(*(storage.commit_update([(u, dumps_strict(moved))], [(NAME, key(u), "7")]) for u in back))
    swept = await sweep

    assert await conversations(storage) == {key(u): "7" for u in back}
    assert [await data_of(storage, u) for u in back] == [moved] * len(back)
    assert [await data_of(storage, u) for u in users if u not in back] == [None] * (len(users) - len(back))
    assert len(users) - len(back) <= swept <= len(users)  # a row deleted just before its commit wrote it again


async def _waiting_for_a_lock(url: str, timeout: float = 10) -> None:
    """Until a statement in the database ``url`` waits for a row another transaction holds."""
    con = await asyncpg.connect(url)
    try:
        deadline = time.monotonic() + timeout
        while not await con.fetchval("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                     "AND wait_event_type = 'Lock'"):
            if time.monotonic() > deadline:
                raise TimeoutError("the sweep never waited for the row being written")
            await asyncio.sleep(0.01)
    finally:
        await con.close()


@pytest.mark.parametrize("row", ["conversation", "data"])
async def test_a_step_being_committed_is_waited_for_and_not_swept(postgres_url: str, row: str) -> None:
    """PostgreSQL: a writer holds user 1's conversation row (a new state) or data row (a toss) uncommitted while the
    sweep runs.  The sweep waits for it, sees the row is no longer old and leaves user 1's consultation whole;
    user 2's, abandoned, goes."""
    clock = Clock(T0)
    async with await open_storage(postgres_url, clock=clock) as storage:
        await step(storage, clock, T0, 1, state=6, data=DRAFT)
        await step(storage, clock, T0, 2, state=6, data=DRAFT)
        now = T0 + TTL + GRACE + timedelta(minutes=1)
        moved = DRAFT | {"c": DRAFT["c"] | {"tosses": [1, 2, 3]}}
        writer = await asyncpg.connect(postgres_url)
        try:
            tx = writer.transaction()
            await tx.start()
            if row == "conversation":
                await writer.execute("UPDATE ptb_conversations SET state = '7', updated_at = $1 WHERE key = $2",
                                     now, key(1))
            else:
                await writer.execute("UPDATE ptb_user_data SET data = $1, updated_at = $2 WHERE user_id = 1",
                                     dumps_strict(moved), now)
            sweep = asyncio.create_task(sweep_abandoned(storage, TTL, now=now))
            await _waiting_for_a_lock(postgres_url)
            await tx.commit()
            assert await sweep == 1
        finally:
            await writer.close()
        assert await conversations(storage) == {key(1): "7" if row == "conversation" else "6"}
        assert await data_of(storage, 1) == (DRAFT if row == "conversation" else moved)
        assert await data_of(storage, 2) is None


async def test_a_user_whose_update_is_being_handled_is_left_for_the_next_sweep(postgres_url: str) -> None:
    """PostgreSQL: while a worker holds user 1's turn (an update between its read and its commit), the sweep
    leaves that user alone and takes the others; once the turn is over, the next sweep takes user 1 too."""
    clock = Clock(T0)
    async with await open_storage(postgres_url, clock=clock) as storage:
        await step(storage, clock, T0, 1, state=6, data=DRAFT)
        await step(storage, clock, T0, 2, state=6, data=DRAFT)
        now = T0 + TTL + GRACE + timedelta(minutes=1)
        async with storage.user_turn(1):
            assert await sweep_abandoned(storage, TTL, now=now) == 1
            assert await conversations(storage) == {key(1): "6"}
            assert await data_of(storage, 1) == DRAFT
        assert await sweep_abandoned(storage, TTL, now=now) == 1
        assert await conversations(storage) == {}
        assert await data_of(storage, 1) is None


# --------------------------------------------------------------------------------------- the running bot


@contextlib.asynccontextmanager
async def polling(database_url: str, clock: Clock) -> AsyncIterator[tuple[FakeTelegram, Application]]:
    """The real Application (``build_application``) on ``database_url``, polling the fake Bot API."""
    async with FakeTelegram() as tg:
        config = Config(token=tg.token, api_base_url=tg.base_url, database_path="", webhook_url=None,
                        listen="127.0.0.1", port=0, webhook_secret=None, database_url=database_url,
                        consultation_ttl=TTL)
        app = build_application(config, clock=clock, rate_limit=False)
        await app.initialize()
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0, timeout=1)
        try:
            yield tg, app
        finally:
            await app.updater.stop()
            await app.stop()
            await app.shutdown()


def has(prefix: str) -> Callable[[FakeMessage], bool]:
    return lambda m: any(d.startswith(prefix) for d in m.callback_data)


async def _written(app: Application, user: int, present: bool, timeout: float = 10) -> None:
    """Until the user's consultation state is stored (``present``) or gone, and with it (or without it) a draft."""
    persistence = app.persistence
    assert isinstance(persistence, StoragePersistence)
    storage = await persistence.get_storage()
    deadline = time.monotonic() + timeout
    while True:
        state = await storage.get_conversation(NAME, key(user))
        data = json.loads(await storage.get_ptb_data("user_data", user) or "{}")
        if (state is not None) == present and ("c" in data) == present:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"user {user}'s consultation never became {'stored' if present else 'gone'}")
        await asyncio.sleep(0.02)


async def test_within_the_grace_the_user_is_told_after_it_the_consultation_is_gone(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.delivery.expiry")
    clock = Clock(datetime(2026, 3, 2, 3, 0, tzinfo=UTC))
    async with polling(database_url, clock) as (tg, app):
        assert app.job_queue is not None
        [job] = app.job_queue.get_jobs_by_name(JOB_NAME)  # installed by build_application
        u, v = tg.user(301, language_code="en"), tg.user(302, language_code="en")
        for user in (u, v):
            await user.send("/cast")
            await user.wait_for(has("q:skip"))
            await _written(app, user.id, present=True)
        counted = swept_total()

        clock.now += TTL + timedelta(days=1)  # expired a day ago, well inside the grace
        await job.run(app)
        await _written(app, u.id, present=True)
        await _written(app, v.id, present=True)
        assert swept_total() == counted
        await u.send("Should I take the job?")  # u comes back: told, the consultation dropped
        with use("en"):
            expired = ngettext("The reading you had open went unanswered for more than {hours} hour, so it has "
                               "expired. Start a new one with /cast.",
                               "The reading you had open went unanswered for more than {hours} hours, so it has "
                               "expired. Start a new one with /cast.", 24).format(hours=24)
            fallback = _("I did not understand that. Start a reading with /cast, or see /help.")
        assert (await u.wait_reply()).text == expired
        await _written(app, u.id, present=False)

        clock.now += GRACE  # v's last step is now TTL + 8 days old: swept, state and draft
        await job.run(app)
        await _written(app, v.id, present=False)
        assert swept_total() - counted == 1
        assert any(r.getMessage().startswith("swept 1 abandoned consultation(s) and 1 draft(s)")
                   for r in caplog.records)
        await v.send("Should I take the job?")  # v comes back after the grace: nothing left to tell of
        assert (await v.wait_reply()).text == fallback
