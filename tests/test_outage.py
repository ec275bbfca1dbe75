"""The database going away under a polling bot (issue 24.2–3): polling waits with a growing pause instead of
spinning, every update is answered once when the database is back, and the outage is a few lines of log, not a
traceback per try.  PostgreSQL is reached through a front that is cut and restored (tests/pgfront.py): the bot
meets exactly what a stopped server's port does to its pool."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from bot.handlers.app import build_application
from bot.ops.config import Config
from tests.fake_telegram import FakeTelegram, polling
from tests.pgfront import front

pytestmark = pytest.mark.asyncio


async def _until(check: object, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError("the condition did not come true in time")
        await asyncio.sleep(0.05)


async def test_polling_waits_out_a_database_outage_and_answers_each_update_once(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with front(postgres_url) as (url, got, switch):
        async with FakeTelegram() as tg:
            cfg = Config(token=tg.token, api_base_url=tg.base_url, database_path="unused.sqlite3", webhook_url=None,
                         listen="127.0.0.1", port=0, webhook_secret=None, database_url=url)
            app = build_application(cfg)
            users = [tg.user(1500 + i, language_code="en") for i in range(4)]
            async with polling(app):
                for u in users:
                    await u.send("/start")
                    await u.wait_reply(timeout=15)
                before = {u: len(u.inbox) for u in users}
                calls_at_cut = len(tg.calls_to("getUpdates"))
                switch.cut()
                for u in users:
                    await u.send("/help")
                # the database stays away until the bot has been turned away a few times (a few seconds)
                await _until(lambda: got.count("cut") >= 3, timeout=30)
                calls_while_down = len(tg.calls_to("getUpdates")) - calls_at_cut
                switch.restore()
                for u in users:
                    reply = await u.wait_reply(timeout=30)
                    assert "/cast" in reply.text
            for u in users:
                assert len(u.inbox) == before[u] + 1  # answered once, not twice
    outage = [r for r in caplog.records if r.name.startswith("bot.") and r.levelno >= logging.WARNING]
    assert len(outage) <= 6, [r.getMessage() for r in outage]  # it started, (a minute's count), it ended
    assert any("works again" in r.getMessage() for r in outage)
    ours = [r for r in caplog.records if r.name.startswith(("bot", "telegram"))]  # (not the front's own loop)
    assert not [r for r in ours if r.exc_info and r.levelno >= logging.ERROR]
    assert not [r for r in ours if r.levelno >= logging.CRITICAL]
    assert calls_while_down < 40  # polling waited, it did not spin (18 a second before)
