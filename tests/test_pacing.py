"""The broadcast's pace in ``bot.delivery.pacing.PacedLimiter`` (PTB's ``BaseRateLimiter``), its pluggable budget, and
``allow_paid_broadcast`` (issue 12), against the fake Bot API over HTTP with real clocks.

The fake server's sliding-window limit (``rate_limit``) answers 429 as Telegram does; what it received (the times of
the calls, their parameters) is the independent record checked here.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from telegram.ext import ExtBot

from bot.delivery.broadcast import broadcast_due, make_bot
from bot.delivery.pacing import BROADCAST, LocalBudget, PacedLimiter
from bot.ops.config import Config
from bot.storage import Storage, open_storage
from tests.fake_telegram import FakeTelegram

NOW = datetime(2026, 6, 1, 22, 0, tzinfo=UTC)  # 07:00 in Seoul on June 2nd: every subscription below is due


def most_in_window(times: list[float], window: float) -> int:
    best, j = 0, 0
    for i, t in enumerate(times):
        while times[j] <= t - window:
            j += 1
        best = max(best, i - j + 1)
    return best


async def subscribers(tg: FakeTelegram, storage: Storage, n: int, first: int = 700) -> None:
    for i in range(n):
        tg.user(first + i, language_code="en")
        await storage.subscribe(first + i, first + i, "07:00", "Asia/Seoul", "en", now=NOW - timedelta(days=1))


async def starts_of(budget: LocalBudget, n: int, hold: float = 0.01) -> list[float]:
    """When each of ``n`` concurrent sends (each taking ``hold`` seconds) got its slot."""
    starts: list[float] = []

    async def send() -> None:
        await budget.acquire()
        starts.append(time.monotonic())
        await asyncio.sleep(hold)
        budget.release()

    await asyncio.gather(*(send() for _ in range(n)))
    return starts


async def test_local_budget_spaces_its_slots_evenly() -> None:
    starts = await starts_of(LocalBudget(50.0), 16)
    # 50 a second on average, never faster (a late wake-up of the loop only makes it slower) …
    assert starts[-1] - starts[0] >= 14.5 * 0.02 - 0.003
    # … and no burst: within any tenth of a second its 5 slots, and those a stalled loop shows late (the times are
    # when each sender saw its slot; on a loaded machine a stall of a tenth of a second shows up to 3 more); the
    # sixteen at once without pacing
    assert most_in_window(starts, 0.1) <= 8


async def test_local_budget_keeps_its_window_and_a_429s_wait() -> None:
    budget = LocalBudget(1000.0, limit=4, window=0.3)
    starts = await starts_of(budget, 10)
    # never more than the limit within the window (less 0.05 s for a slot its sender saw late; all ten without it)
    assert most_in_window(starts, 0.3 - 0.05) <= 4
    budget.hold(0.2)
    held = time.monotonic()
    await budget.acquire()
    assert time.monotonic() - held >= 0.19  # a 429's wait holds the next slot
    budget.release()


async def test_the_broadcast_through_the_limiter_stays_under_the_servers_limit(tmp_path: Path) -> None:
    """Twenty due at once, a server that refuses more than 10 a second: the paced sends get no 429."""
    async with FakeTelegram(rate_limit=10) as tg, await open_storage(str(tmp_path / "b.sqlite3")) as storage:
        await subscribers(tg, storage, 20)
        async with make_bot(tg.token, tg.base_url, rate=9.0) as bot:
            assert isinstance(bot.rate_limiter, PacedLimiter)
            stats = await broadcast_due(bot, storage, clock=lambda: NOW, concurrency=4)
        assert (stats.sent, stats.rate_limited, tg.rate_limited) == (20, 0, 0)
        times = [c.time for c in tg.calls_to("sendMessage")]
        assert most_in_window(times, 1.0) <= 10
        assert "allow_paid_broadcast" not in tg.calls_to("sendMessage")[0].params  # off by default


class CountingBudget:
    """Another budget behind the same interface (as a cluster-wide one would be): counts what it is asked."""

    def __init__(self) -> None:
        self.acquired = self.released = 0
        self.held: list[float] = []

    async def acquire(self) -> None:
        self.acquired += 1

    def release(self) -> None:
        self.released += 1

    def hold(self, seconds: float) -> None:
        self.held.append(seconds)


async def test_the_budget_is_pluggable_and_only_broadcast_sends_take_its_slots(tmp_path: Path) -> None:
    budget = CountingBudget()
    async with FakeTelegram() as tg, await open_storage(str(tmp_path / "b.sqlite3")) as storage:
        await subscribers(tg, storage, 5)
        tg.user(42, language_code="en")
        async with ExtBot(tg.token, base_url=tg.base_url, rate_limiter=PacedLimiter(budget, max_retries=0)) as bot:
            await bot.send_message(42, "a reply to a user")  # not the broadcast's: no slot
            assert (budget.acquired, budget.released) == (0, 0)
            stats = await broadcast_due(bot, storage, clock=lambda: NOW, concurrency=2)
            assert (stats.sent, budget.acquired, budget.released) == (5, 5, 5)
            tg.fail_next(1, 429, methods=["sendMessage"])  # flood control, retry_after 1 s
            tg.user(43, language_code="en")
            with pytest.raises(Exception, match="Flood control"):
                await bot.send_message(43, "x", rate_limit_args=BROADCAST)
            assert budget.held and budget.held[0] >= 1  # Telegram's wait reached the budget


async def test_paid_broadcast_is_asked_for_only_when_allowed(tmp_path: Path) -> None:
    assert Config.from_env({}).allow_paid_broadcast is False
    assert Config.from_env({"ALLOW_PAID_BROADCAST": "yes"}).allow_paid_broadcast is True
    async with FakeTelegram() as tg, await open_storage(str(tmp_path / "b.sqlite3")) as storage:
        await subscribers(tg, storage, 3)
        async with make_bot(tg.token, tg.base_url, paid=True) as bot:
            stats = await broadcast_due(bot, storage, clock=lambda: NOW, concurrency=3, paid=True)
        assert stats.sent == 3
        assert [c.params.get("allow_paid_broadcast") for c in tg.calls_to("sendMessage")] == [True] * 3
