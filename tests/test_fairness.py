"""Issue 14, item 2: one user's flood never delays the others; the per-user caps answer once, politely.

The real bot (``build_application``) polls the fake Bot API over HTTP, on a real SQLite file.  Before the fix the
per-user lock was taken inside PTB's four slots, so one user's queued updates held every slot: the test of the
flood timed out there (others' replies took tens of seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bot.handlers.app import build_application
from bot.render.i18n import LANGS, _, use
from tests.fake_telegram import FakeTelegram, FakeUser, polling
from tests.test_bot_e2e import NOW, config

SKIPPED = "You sent more messages than I can read at once, so I skipped some of them. Please wait for my answer " \
          "before you send more."
PAUSE = "That makes {limit} readings within a minute. A reading deserves a pause: please wait a minute before you " \
        "cast again."
QUESTION = "What is your question? Write it in your own words — it is kept with the reading. Or skip."


@contextlib.asynccontextmanager
async def bot_on(tg: FakeTelegram, db: Path, **kw: Any) -> AsyncIterator[Any]:
    app = build_application(config(tg, db), clock=lambda: NOW, **kw)
    async with polling(app):
        yield app


async def round_trips(users: list[FakeUser], rounds: int, timeout: float) -> list[float]:
    """Each user sends /help and waits for its answer, ``rounds`` times, all users at once; the reply times."""
    times: list[float] = []

    async def person(u: FakeUser) -> None:
        for _round in range(rounds):
            u.skip()
            t0 = time.monotonic()
            await u.send("/help")
            await u.wait_for(lambda m: "/cast" in m.text, timeout, edits=False)
            times.append(time.monotonic() - t0)

    await asyncio.gather(*(person(u) for u in users))
    return times


def is_reading(m: Any) -> bool:
    """The reading's last message: the one with the "All reasons" button."""
    return any(d.startswith("r:") for d in m.callback_data)


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98]


async def test_one_users_flood_does_not_delay_the_others(tmp_path: Path) -> None:
    """1 500 /cast from one user, as fast as a client sends them, while 20 others consult: the flood adds under
    a second to their p99 reply time (on main's code they waited for the flood's whole drain, beyond the 10 s
    wait), the flooder's lane is capped and they are told once."""
    async with FakeTelegram() as tg, bot_on(tg, tmp_path / "bot.sqlite3") as app:
        others = [tg.user(3000 + i, language_code="en") for i in range(20)]
        flooder = tg.user(2999, language_code="en")
        await round_trips(others + [flooder], 1, 10)  # every user known, the bot warm
        baseline = await round_trips(others, 5, 10)
        flooder.skip()

        started = asyncio.Event()

        async def flood_in() -> None:  # as fast as a client can send: 1 500 in about six seconds
            for i in range(60):
                for _j in range(25):
                    await flooder.send("/cast")
                if i == 2:
                    started.set()  # the flood under way: 75 sent
                await asyncio.sleep(0.1)

        sending = asyncio.create_task(flood_in())
        await started.wait()
        flood = await round_trips(others, 5, 10)
        assert not sending.done(), "the others' replies were timed while the flood came in"
        await sending
        print(f"others' reply p50/p99: {statistics.median(baseline):.3f}/{p99(baseline):.3f} s alone, "
              f"{statistics.median(flood):.3f}/{p99(flood):.3f} s during the flood")
        # "Under a second of their own work": the flood adds less than a second to what their replies take alone
        # on this (shared, 2-core) machine.  On main's code their replies waited for the flood's whole drain.
        assert p99(flood) < p99(baseline) + 1.0, (p99(baseline), p99(flood))

        assert await tg.settled(timeout=60)  # every update handled or dropped
        texts = [m.text for m in flooder.inbox]
        assert texts.count(SKIPPED) == 1, "told once, not once per skipped message"
        asked = texts.count(QUESTION)
        assert asked + app.update_processor.dropped == 1500
        assert 20 <= asked < 1500 and app.update_processor.dropped > 1000


async def test_the_queue_cap_is_told_in_the_users_language(tmp_path: Path) -> None:
    async with FakeTelegram() as tg, bot_on(tg, tmp_path / "bot.sqlite3") as app:
        app.update_processor.max_queued = 3
        u = tg.user(3100, language_code="ko")
        await round_trips([u], 1, 10)
        for _i in range(30):
            await u.send("/help")
        with use("ko"):
            korean = _(SKIPPED)
        await u.wait_for(lambda m: m.text == korean, 10, edits=False)
        assert await tg.settled(u.id)
        assert [m.text for m in u.inbox].count(korean) == 1
        assert korean != SKIPPED


async def test_readings_per_minute_are_capped_and_told_once(tmp_path: Path) -> None:
    """READINGS_PER_MINUTE (3 here): the fourth quick reading within a minute is declined, politely, once; the
    next refusals are silent; the readings stored stay three."""
    async with FakeTelegram() as tg, bot_on(tg, tmp_path / "bot.sqlite3") as app:
        app.bot_data["readings_per_minute"] = 3
        u = tg.user(3200, language_code="en")
        for _ in range(3):
            u.skip()
            await u.send("/cast 789968 wealth")
            await u.wait_for(is_reading, 10, edits=False)
        storage = app.bot_data["storage"]
        assert await storage.readings_since(3200, storage.now().replace(year=2000)) == 3
        u.skip()
        for _ in range(4):
            await u.send("/cast 789968 wealth")
        await u.wait_for(lambda m: m.text == PAUSE.format(limit=3), 10, edits=False)
        assert await tg.settled(u.id)  # all four handled: a second notice would have been sent by now
        assert [m.text for m in u.inbox].count(PAUSE.format(limit=3)) == 1
        assert await storage.readings_since(3200, storage.now().replace(year=2000)) == 3
        await u.send("/natal")  # a natal reading counts too: declined in silence within the minute
        await u.send("/help")
        await u.wait_for(lambda m: "/cast" in m.text, 10, edits=False)
        assert not any("date of birth" in (m.text or "") for m in u.inbox)


async def test_the_two_notices_exist_in_every_catalog() -> None:
    for lang in LANGS:
        with use(lang):
            for text in (SKIPPED, PAUSE):
                assert _(text) != text or lang == "en", (lang, text)
