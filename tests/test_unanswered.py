"""Issue 24.3–4 in one process: the Bot API down while updates wait for their answers.

An update whose reply does not reach Telegram stays pending and is answered once the Bot API is back, in order and
once — with the reading stored the first time, not a second one; the outage is a few lines of log (one when it
starts, one when it ends), never a traceback per try; a failing ``getUpdates`` likewise.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.delivery.lanes import FairUpdateProcessor
from bot.handlers.app import build_application
from tests.fake_telegram import FakeTelegram, polling
from tests.test_bot_e2e import NOW, at, config, db_rows, expected, is_chart


async def _until(check: Any, timeout: float) -> None:
    """Until ``check()`` holds (something that will happen), or TimeoutError."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError("the condition did not come true in time")
        await asyncio.sleep(0.02)


def _processor(app: Any) -> FairUpdateProcessor:
    processor = app.update_processor
    assert isinstance(processor, FairUpdateProcessor)
    processor.retry_first = 0.05  # tried again within a test's patience (1 s in the bot)
    return processor


def _said(caplog: pytest.LogCaptureFixture, level: int = logging.WARNING) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith("bot") and r.levelno >= level]


async def test_replies_refused_by_a_bot_api_down_are_sent_once_it_is_back(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    db = tmp_path / "bot.sqlite3"
    async with FakeTelegram() as tg:
        app = build_application(config(tg, db), clock=lambda: NOW, rate_limit=False)
        processor = _processor(app)
        users = [tg.user(2400 + i, language_code="en") for i in range(3)]
        async with polling(app):
            tg.down = 502
            for u in users:
                await u.send("/start")
                await u.send("/help")  # waits behind /start in the user's lane
            await _until(lambda: processor.retried >= 9, timeout=30)  # each /start tried again a few times
            pending = db_rows(db, "SELECT count(*) FROM updates WHERE handled_at IS NULL")[0][0]
            during = _said(caplog)
            tg.down = None
            for u in users:
                first, second = await u.wait_reply(timeout=30), await u.wait_reply(timeout=30)
                assert "/cast" in first.text and "/history" in second.text  # in order
            assert await tg.settled(timeout=30)
        for u in users:
            assert len(u.inbox) == 2  # once each
    assert pending == 2 * len(users)  # kept, none marked handled while its reply could not be sent
    assert len([m for m in during if m.startswith("the Bot API failed")]) == 1, during
    assert len([m for m in during if m.startswith("answering updates failed")]) == 1, during
    assert len(during) == 2, during  # nothing else: one line each as the outage starts
    after = _said(caplog)[len(during):]
    assert any(m.startswith("the Bot API works again") for m in after), after
    assert any(m.startswith("answering updates works again") for m in after), after
    ours = [r for r in caplog.records if r.name.startswith(("bot", "telegram"))]
    assert not [r for r in ours if r.exc_info or r.levelno >= logging.ERROR], "a traceback or an error per try"
    print(f"{processor.retried} tries again; {sum(len(r.getMessage()) + 60 for r in ours)} bytes of log")


async def test_an_update_answered_after_an_outage_sends_the_reading_it_stored(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The quick cast's reading is stored before its reply fails; handled again two days later (the clock moved
    on), it sends that reading — cast at the first try — and stores no second one."""
    db = tmp_path / "bot.sqlite3"
    now = [NOW]
    async with FakeTelegram() as tg:
        app = build_application(config(tg, db), clock=lambda: now[0], rate_limit=False)
        processor = _processor(app)
        u = tg.user(2450, language_code="ko")
        async with polling(app):
            tg.down = 502
            await u.send("/cast 789968 wealth")
            await _until(lambda: processor.retried >= 2, timeout=30)
            now[0] = NOW + timedelta(days=2)
            tg.down = None
            chart = await u.wait_for(is_chart, timeout=30)
            answer = await u.wait_reply(timeout=30)
            assert await tg.settled(timeout=30)
    first, _reading, _r = expected("ko", "789968", at(NOW, "Asia/Seoul"), "wealth")
    later, _reading, _r = expected("ko", "789968", at(now[0], "Asia/Seoul"), "wealth")
    assert first != later  # (the two moments give two charts: the test can tell them apart)
    assert chart.text == first
    assert any(d.startswith("r:") for d in answer.callback_data)
    assert db_rows(db, "SELECT count(*) FROM readings")[0][0] == 1
    assert [m.text for m in u.inbox].count(chart.text) == 1


async def test_getupdates_failing_is_logged_once_as_it_starts_and_once_as_it_ends(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with FakeTelegram() as tg:
        app = build_application(config(tg, tmp_path / "bot.sqlite3"), clock=lambda: NOW, rate_limit=False)
        u = tg.user(2460, language_code="en")
        async with polling(app):
            # run_polling hands a failed poll to the error handlers (its error_callback); polling() does not
            await app.updater.stop()
            await app.updater.start_polling(
                poll_interval=0, timeout=1,
                error_callback=lambda exc: app.create_task(app.process_error(error=exc, update=None)))
            since = len(tg.calls)
            tg.fail_next(3, 502, methods=["getUpdates"])
            await tg.wait_call("getUpdates", lambda c: c.status == 200, timeout=30, since=since + 3)
            await u.send("/start")
            assert "/cast" in (await u.wait_reply(timeout=15)).text
    said = _said(caplog)
    assert len([m for m in said if m.startswith("the Bot API failed (getUpdates)")]) == 1, said
    assert len([m for m in said if m.startswith("the Bot API works again")]) == 1, said
    ours = [r for r in caplog.records if r.name.startswith(("bot", "telegram"))]
    assert not [r for r in ours if r.exc_info or r.levelno >= logging.ERROR], [r.getMessage() for r in ours]


def test_a_librarys_repeated_line_is_said_once_a_minute_without_its_traceback() -> None:
    """asyncpg's pool logs every failed reconnect (each second while PostgreSQL is away) with its traceback."""
    from bot.ops.logs import Repeated

    now = [0.0]
    kept: list[logging.LogRecord] = []
    logger = logging.getLogger("tests.repeated")
    logger.propagate = False
    handler = logging.Handler()
    handler.emit = kept.append  # type: ignore[method-assign]
    logger.addHandler(handler)
    logger.addFilter(Repeated("Failed to restore", clock=lambda: now[0]))
    try:
        for second in range(130):
            now[0] = float(second)
            try:
                raise ConnectionRefusedError("connection refused")
            except ConnectionRefusedError:
                logger.warning("Failed to restore the pool connection floor; retrying", exc_info=True)
        logger.warning("something else")
    finally:
        logger.removeHandler(handler)
    said = [r.getMessage() for r in kept]
    assert len(said) == 4 and said[-1] == "something else", said  # at 0 s, 60 s, 120 s, and the other line
    assert not any(r.exc_info for r in kept)
    assert "connection refused" in said[0] and "[59 more like it in the last 60 s]" in said[1]
