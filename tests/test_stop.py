"""Issue 24.4: at least once, whatever stops it.

A real ``liuyao bot`` process polls the fake Bot API.  Twenty users each send a quick cast (``/cast 789968
wealth``: a reading stored, then sent) while the Bot API refuses every reply (502) or holds it without an answer;
with the twenty updates in flight the process gets SIGTERM.  It must exit 0 in under 10 s, leave the twenty
updates pending, and — started again with the Bot API answering — answer each of them once, with the reading it
stored the first time (never a second reading).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import subprocess
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.fake_telegram import Call, FakeTelegram, FakeUser
from tests.test_crash import BotProcess

USERS = 20
EXIT_WITHIN = 10.0  # seconds from SIGTERM to the process's exit


def _replied_to(calls: list[Call], since: int) -> set[int]:
    """The chats a reply (message or photo) was tried for, answered or not."""
    return {c.params.get("chat_id") for c in calls[since:] if c.method in ("sendMessage", "sendPhoto")} - {None}


class _Rows:
    """The bot's database read from the test (SQLite file or PostgreSQL), for what is pending and stored."""

    def __init__(self, db: Path | None, url: str | None) -> None:
        self.db, self.url = db, url

    async def rows(self, sql: str) -> list[tuple[Any, ...]]:
        if self.url is not None:
            import asyncpg

            con = await asyncpg.connect(self.url, timeout=10)
            try:
                return [tuple(r) for r in await con.fetch(sql)]
            finally:
                await con.close()
        with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as con:
            return con.execute(sql).fetchall()

    async def pending(self) -> int:
        return int((await self.rows("SELECT count(*) FROM updates WHERE handled_at IS NULL"))[0][0])

    async def readings(self) -> Counter[int]:
        return Counter(dict(await self.rows("SELECT user_id, count(*) FROM readings GROUP BY user_id")))


async def _answered(u: FakeUser, timeout: float) -> None:
    """Until the user's reading has come (the message whose buttons open its reasons)."""
    await u.wait_for(lambda m: any(d.startswith("r:") for d in m.callback_data), timeout)


async def _sigterm_in_flight(tmp_path: Path, fault: str, url: str | None) -> None:
    db = tmp_path / "bot.sqlite3"
    log = tmp_path / "bot.log"
    rows = _Rows(None if url else db, url)
    async with FakeTelegram() as tg:
        bot = BotProcess(tg, db, log)
        bot.env.update(SHUTDOWN_GRACE="8", UPDATE_SLOTS=str(USERS), OPS_PORT="0")
        if url is not None:
            bot.env["DATABASE_URL"] = url
        await bot.start()
        users = [tg.user(7100 + i, language_code=("en", "ko", "ja", "zh-hans", "zh-hant")[i % 5])
                 for i in range(USERS)]
        if fault == "refusing":
            tg.down = 502
        else:
            tg.hang()
        since = len(tg.calls)
        for u in users:
            await u.send("/cast 789968 wealth")
        # every update is in flight: its reading stored and its first reply on its way to the Bot API
        await tg.wait_calls(lambda calls: len(_replied_to(calls, since)) == USERS, timeout=60)
        assert bot.proc is not None
        log_before = log.stat().st_size
        began = time.monotonic()
        bot.proc.terminate()
        status = await asyncio.to_thread(bot.proc.wait, 30)
        took = time.monotonic() - began
        pending_at_stop = await rows.pending()
        stored_at_stop = await rows.readings()

        tg.down = None
        tg.unhang()
        bot.env.pop("SHUTDOWN_GRACE")
        await bot.start()
        try:
            await asyncio.gather(*(_answered(u, 60) for u in users))
            deadline = time.monotonic() + 30
            while await rows.pending() and time.monotonic() < deadline:  # the commits follow the replies
                await asyncio.sleep(0.05)
        finally:
            bot.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(bot.proc.wait, 20)
        text = log.read_text(errors="replace")
        readings = [sum(any(d.startswith("r:") for d in m.callback_data) for m in u.inbox) for u in users]
        repeated = sum(n - 1 for u in users for n in Counter((m.text, tuple(m.callback_data)) for m in u.inbox).values()
                       if n > 1)
        print(f"{fault}: exit {status} in {took:.2f} s; {pending_at_stop} pending at the stop; answered "
              f"{sum(r > 0 for r in readings)}/{USERS}; readings sent {sum(readings)}, stored "
              f"{sum(stored_at_stop.values())}; {repeated} messages repeated; log of the stop "
              f"{len(text.encode()) - log_before} bytes")
        assert status == 0 and took < EXIT_WITHIN, (status, took, text[-3000:])
        assert pending_at_stop == USERS
        assert readings == [1] * USERS, readings  # every user answered once
        assert repeated == 0
        # one reading each, the one stored before the stop (already there at the stop, none added since)
        assert stored_at_stop == await rows.readings() == Counter({u.id: 1 for u in users})
        assert await rows.pending() == 0
        assert "Traceback" not in text, text[-3000:]


@pytest.mark.timeout(150)
@pytest.mark.parametrize("fault", ["refusing", "hanging"])
async def test_sigterm_with_updates_in_flight_exits_in_time_and_answers_each_once_after(
        tmp_path: Path, fault: str) -> None:
    await _sigterm_in_flight(tmp_path, fault, None)


@pytest.mark.timeout(150)
async def test_sigterm_with_the_bot_api_hanging_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    await _sigterm_in_flight(tmp_path, "hanging", postgres_url)
