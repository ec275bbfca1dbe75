"""Regression tests of issue 14 ("nothing one fault, one flood or one odd update can break"), one a defect.

Each runs the real bot against the fake Bot API over HTTP (tests.fake_telegram, faults injected by it), on a real
SQLite file; the start-up, webhook and token cases run ``python -m bot.cli bot`` / ``broadcast`` as processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.handlers.app import build_application
from bot.handlers.subscription import install
from tests.fake_telegram import FakeTelegram, FakeUser, polling
from tests.test_bot_e2e import (
    CAST,
    ERROR_LOG,
    NOW,
    ROOT,
    at,
    config,
    db_rows,
    expected,
    has,
    is_chart,
    picture_values,
    quiet,
    stop_bot,
    until,
)

SORRY = "Something went wrong on my side. Your readings are safe; please try again."
GROUP_DECLINE = "I read only in a private chat with you; please write to me directly."


try:
    from bot.delivery.request import ATTEMPTS, RetryingRequest
except ImportError:  # the code before issue 14, against which each test here was first seen to fail
    from telegram.request import HTTPXRequest as RetryingRequest

    ATTEMPTS = 4


def fast_request() -> Any:
    """The bot's request layer with short waits, so that a time-out and the retries take a second, not ten."""
    if RetryingRequest.__name__ == "HTTPXRequest":
        return RetryingRequest(connection_pool_size=64, read_timeout=0.5)
    return RetryingRequest(connection_pool_size=64, read_timeout=0.5, backoff=0.02, max_pause=0.1)


@contextlib.asynccontextmanager
async def bot_on(tg: FakeTelegram, db: Path, **kw: Any) -> AsyncIterator[Any]:
    app = build_application(config(tg, db), clock=lambda: NOW, **kw)
    async with polling(app):
        yield app


def errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.getMessage() == ERROR_LOG or r.levelno >= logging.CRITICAL]


async def to_tosses(u: FakeUser) -> Any:
    await u.send("/cast")
    await u.press((await until(u, has("q:")))[0], "q:skip")
    await u.press((await until(u, has("t:")))[0], "t:wealth")
    await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")
    await u.press((await until(u, has("m:")))[0], "m:coins")
    return await u.wait_for(has("c:0:"))


# ---- 1. one failed Telegram call does not brick a consultation --------------------------------------------------

@pytest.mark.parametrize("fault", ["502", "500", "reset", "timeout"])
async def test_a_transient_fault_is_retried(tmp_path: Path, caplog: pytest.LogCaptureFixture, fault: str) -> None:
    """A single 5xx, dropped connection or time-out on the toss's edit: retried, the user never sees it."""
    status, hang = {"502": (502, 0.0), "500": (500, 0.0), "reset": (0, 0.0), "timeout": (0, 1.0)}[fault]
    async with FakeTelegram() as tg, bot_on(tg, tmp_path / "bot.sqlite3", request=fast_request()):
        u = tg.user(1401, language_code="en")
        toss = await to_tosses(u)
        for i, v in enumerate(CAST[:5]):
            await u.press(toss, f"c:{i}:{int(v) - 6}")
            await u.wait_for(has(f"c:{i + 1}:"))
        tg.fail_next(1, status, methods=["editMessageText"], hang=hang)
        await u.press(toss, f"c:5:{int(CAST[5]) - 6}")
        await u.press((await until(u, has("w:")))[0], "w:now")
        chart = await u.wait_for(is_chart)
        assert chart.text == expected("en", CAST, at(NOW, "UTC"), "wealth")[0]
        assert SORRY not in [m.text for m in u.inbox]
    assert not errors(caplog)


async def test_a_fault_that_outlasts_the_retries_leaves_the_update_to_be_answered_later(tmp_path: Path) -> None:
    """The sixth toss's edit fails every time it is tried: the tap is not taken as handled — no apology, its
    changes dropped — and is handled again shortly from the state before it (five tosses: the same button is
    not stale), so the step goes on and the reading is stored once (issue 24.4)."""
    db = tmp_path / "bot.sqlite3"
    async with FakeTelegram() as tg, bot_on(tg, db, request=fast_request()) as app:
        u = tg.user(1402, language_code="en")
        toss = await to_tosses(u)
        for i, v in enumerate(CAST[:5]):
            await u.press(toss, f"c:{i}:{int(v) - 6}")
            await u.wait_for(has(f"c:{i + 1}:"))
        tg.fail_next(ATTEMPTS, 502, methods=["editMessageText"])
        await u.press(toss, f"c:5:{int(CAST[5]) - 6}")
        await u.press((await until(u, has("w:"), timeout=15))[0], "w:now")
        chart = await u.wait_for(is_chart)
        assert chart.text == expected("en", CAST, at(NOW, "UTC"), "wealth")[0]
        assert await tg.settled(u.id)
        assert app.update_processor.retried >= 1
        assert SORRY not in [m.text for m in u.inbox]
        assert db_rows(db, "SELECT lines FROM readings WHERE user_id = 1402") == [(CAST,)]


async def test_a_reading_whose_chart_does_not_get_through_is_sent_once_it_does(tmp_path: Path) -> None:
    """The reading is stored before its chart is sent; while the sends fail in passing (a 5xx after every try)
    the update stays pending and is handled again — sending the reading it stored, not storing a second."""
    db = tmp_path / "bot.sqlite3"
    async with FakeTelegram() as tg, bot_on(tg, db, request=fast_request()):
        u = tg.user(1403, language_code="en")
        when = await _to_the_moment(u)
        tg.fail_next(ATTEMPTS, 502, methods=["sendMessage"])  # the chart, however often it is tried at once
        await u.press(when, "w:now")
        chart = await u.wait_for(is_chart, timeout=15)
        await u.wait_for(has("r:"))
        assert await tg.settled(u.id)
        assert [m.text for m in u.inbox].count(chart.text) == 1
        assert db_rows(db, "SELECT count(*) FROM readings") == [(1,)]


async def test_a_reading_refused_for_good_ends_the_consultation(tmp_path: Path) -> None:
    """A chart Telegram refuses for good (a 400) is not tried again: the reading is stored and in /history, the
    consultation over — not read, and stored, a second time."""
    db = tmp_path / "bot.sqlite3"
    async with FakeTelegram() as tg, bot_on(tg, db, request=fast_request()):
        u = tg.user(1404, language_code="en")
        when = await _to_the_moment(u)
        tg.fail_next(1, 400, description="Bad Request: message is too long", methods=["sendMessage"])
        await u.press(when, "w:now")
        assert await tg.settled(u.id)  # the tap done with: the reading stored, its chart refused
        await u.send("/history")
        assert "1–1 of 1" in (await u.wait_for(has("o:"))).text
        await u.press(when, "w:now")
        await quiet(u)
        assert db_rows(db, "SELECT count(*) FROM readings") == [(1,)]
        assert not [m for m in u.inbox if is_chart(m)]


async def _to_the_moment(u: FakeUser) -> Any:
    """A consultation by typed lines up to its last question (when it was cast); that question's message."""
    await u.send("/cast")
    await u.press((await until(u, has("q:")))[0], "q:skip")
    await u.press((await until(u, has("t:")))[0], "t:wealth")
    await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")
    await u.press((await until(u, has("m:")))[0], "m:text")  # typed lines: the moment is asked, then the reading
    await u.wait_reply()
    await u.send("789968")
    return (await until(u, has("w:")))[0]


# ---- 3 and 7. webhook mode: the URL's path, and never without a secret -------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def spawn(tg: FakeTelegram, db: Path, log: Path, *args: str, **env: str) -> subprocess.Popen[bytes]:
    full = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url, DATABASE_PATH=str(db))
    for k in ("WEBHOOK_URL", "WEBHOOK_SECRET", "WEBHOOK_LISTEN", "PORT"):
        full.pop(k, None)
    full.update(env)
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, "-m", "bot.cli", *(args or ("bot",))], cwd=ROOT, env=full,
                                stdout=out, stderr=subprocess.STDOUT)


async def test_webhook_listens_on_the_path_of_its_url_and_only_for_telegram(tmp_path: Path) -> None:
    db, log, port = tmp_path / "bot.sqlite3", tmp_path / "bot.log", free_port()
    url = f"http://127.0.0.1:{port}/liuyao"  # the form of deploy/liuyao.env.example
    async with FakeTelegram() as tg:
        u = tg.user(1410, language_code="en")
        proc = spawn(tg, db, log, WEBHOOK_URL=url, WEBHOOK_LISTEN="127.0.0.1", PORT=str(port))
        try:
            await tg.wait_call("setWebhook", timeout=30)
            assert tg.webhook["url"] == url and len(tg.webhook["secret_token"] or "") >= 32  # drawn for this run
            await u.send("/start")
            assert "Welcome" in (await u.wait_reply(timeout=15)).text
            forged = {"update_id": 1, "message": {"message_id": 1, "date": 0, "text": "/start",
                                                  "chat": {"id": 1410, "type": "private"},
                                                  "from": {"id": 1410, "is_bot": False, "first_name": "X"}}}
            async with httpx.AsyncClient(trust_env=False) as client:
                refused = await client.post(url, json=forged)
                wrong = await client.post(url, json=forged, headers={"X-Telegram-Bot-Api-Secret-Token": "guess"})
            assert (refused.status_code, wrong.status_code) == (403, 403)
            assert await quiet(u, 0.5) == []
        finally:
            await stop_bot(proc)
        assert proc.returncode == 0, log.read_text()
        assert "Traceback" not in log.read_text()


# ---- 4. an update the library cannot parse ---------------------------------------------------------------

async def test_an_unreadable_update_is_skipped_once_and_polling_goes_on(tmp_path: Path,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with FakeTelegram() as tg, bot_on(tg, tmp_path / "bot.sqlite3"):
        u = tg.user(1420, language_code="en")
        bad = tg.queue_update({"poll": {"id": "5", "question": "an older server's poll"}})  # fields missing
        await u.send("/start")
        assert "Welcome" in (await u.wait_reply()).text
        tg.queue_update({"message": {"message_id": 9, "chat": {"id": 1420, "type": "private"}}})  # no date
        await u.send("/help")
        assert "/cast" in (await u.wait_reply()).text
        assert tg.pending_updates == [] or all(x["update_id"] > bad["update_id"] for x in tg.pending_updates)
    skipped = [r for r in caplog.records if "could not be read" in r.getMessage()]
    assert len(skipped) == 2 and str(bad["update_id"]) in skipped[0].getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# ---- 6 and 11. the token is never printed; a start-up error is one line ------------------------------------

def output_of(proc: subprocess.Popen[bytes], log: Path) -> str:
    return log.read_text()


async def finished(proc: subprocess.Popen[bytes], timeout: float = 30) -> int:
    return await asyncio.to_thread(proc.wait, timeout)


@pytest.mark.parametrize("case", ["401", "404", "network", "broadcast-401", "broadcast-network"])
async def test_the_token_is_never_printed_and_start_up_errors_are_one_line(tmp_path: Path, case: str) -> None:
    db, log = tmp_path / "bot.sqlite3", tmp_path / "out.log"
    secret = "987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"  # token-shaped, not the fake's
    async with FakeTelegram() as tg:
        env = {"TELEGRAM_BOT_TOKEN": secret}
        if case == "404":
            env = {}
            secret = tg.token
            tg.fail_next(5, 404, methods=["getMe"], description="Not Found")
        if case.endswith("network"):
            env["TELEGRAM_API_BASE_URL"] = f"http://127.0.0.1:{free_port()}/bot"
        command = "broadcast" if case.startswith("broadcast") else "bot"
        proc = spawn(tg, db, log, command, **env)
        status = await finished(proc)
    out = log.read_text()
    assert secret not in out and secret.split(":")[1] not in out, out
    assert "Traceback" not in out, out
    last = out.strip().splitlines()[-1]
    assert last.startswith(f"liuyao {command}: "), out
    assert status == (1 if case.endswith("network") else 2), out


async def test_a_token_in_a_log_line_is_redacted(tmp_path: Path) -> None:
    """The root handlers' formatter hides it wherever it appears, a traceback included."""
    code = ("import logging, sys\n"
            "from bot.ops.config import configure_logging\n"
            "from bot.ops.logs import protect\n"
            "configure_logging(); protect('123456789:AAFakeTokenForTestsOnly_abcdefghijk')\n"
            "log = logging.getLogger('x')\n"
            "log.warning('url http://h/bot%s/getMe', '123456789:AAFakeTokenForTestsOnly_abcdefghijk')\n"
            "try:\n    raise RuntimeError('boom 123456789:AAFakeTokenForTestsOnly_abcdefghijk')\n"
            "except RuntimeError:\n    log.exception('failed')\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=False)
    assert "AAFakeToken" not in out.stderr and out.stderr.count("<token>") == 2, out.stderr


# ---- 8. a database the bot cannot write ------------------------------------------------------------------

async def test_a_read_only_database_is_refused_at_start(tmp_path: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="liuyao-ro-"))
    try:
        db = folder / "bot.sqlite3"
        sqlite3.connect(db).close()
        async with FakeTelegram() as tg, bot_on(tg, db):  # create the schema once, as a running bot would have
            pass
        before = db.read_bytes()
        os.chmod(db, 0o444)
        if os.geteuid() == 0:  # root writes any file whatever its mode: make this one immutable instead
            subprocess.run(["chattr", "+i", str(db)], check=True)
        async with FakeTelegram() as tg:
            env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url,
                       DATABASE_PATH=str(db))
            env.pop("WEBHOOK_URL", None)
            proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "bot"], cwd=ROOT, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            try:  # communicate: both pipes read and closed
                err = (await asyncio.to_thread(proc.communicate, timeout=30))[1].decode()
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
                pytest.fail("the bot started on a database it cannot write")
            status = proc.returncode
            assert status == 2 and "Traceback" not in err, err
            assert err.strip().splitlines()[-1].startswith("liuyao bot: DATABASE_PATH") and "not writable" in err
            assert tg.calls_to("getUpdates") == []
        assert db.read_bytes() == before
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(folder / "bot.sqlite3")], check=False)
        shutil.rmtree(folder, ignore_errors=True)


# ---- 9 and 10. odd shapes, groups, callbacks answered once, edits ------------------------------------------

def private(user_id: int) -> dict[str, Any]:
    return {"id": user_id, "type": "private", "first_name": "U"}


def sender(user_id: int) -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": "U", "language_code": "en"}


async def test_odd_shapes_get_a_reply_or_a_deliberate_silence(tmp_path: Path,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    async with FakeTelegram(strict_chats=False) as tg, bot_on(tg, tmp_path / "bot.sqlite3"):
        u = tg.user(1430, language_code="en")
        toss = await to_tosses(u)
        await u.press(toss, "c:0:1")
        await u.wait_for(has("c:1:"))
        now = int(time.time())
        queries = []

        def query(qid: str, **extra: Any) -> None:
            tg._open_queries[qid] = 1430
            queries.append(qid)
            tg.queue_update({"callback_query": {"id": qid, "from": sender(1430), "chat_instance": "1", **extra}})

        query("q-inline", inline_message_id="AAAA", data="c:1:2")  # a button of an inline message
        query("q-empty", message=toss.to_dict(), data="")  # empty callback data
        query("q-game", message=toss.to_dict(), game_short_name="g")  # no data at all
        query("q-huge-id", message=toss.to_dict(), data="o:99999999999999999999999")
        query("q-huge-offset", message=toss.to_dict(), data="h:18446744073709551616")
        channel = tg.queue_update({"channel_post": {"message_id": 1, "date": now, "text": "/cast",
                                                    "chat": {"id": -100123, "type": "channel", "title": "C"}}})
        tg.queue_update({"inline_query": {"id": "8", "from": sender(1430), "query": "789968", "offset": ""}})
        huge = 2**64 + 5
        beyond = tg.queue_update({"message": {"message_id": 2, "date": now, "text": "/cast",
                                              "chat": private(huge), "from": sender(huge)}})
        group = {"id": -4001, "type": "group", "title": "Friends"}
        tg.queue_update({"message": {"message_id": 3, "date": now, "text": "/cast 777777 wealth", "chat": group,
                                     "from": sender(1430), "entities": [{"type": "bot_command", "offset": 0,
                                                                         "length": 5}]}})
        tg.queue_update({"message": {"message_id": 4, "date": now, "text": "hello all", "chat": group,
                                     "from": sender(1430)}})
        assert await tg.settled(1430)  # every update of the user's done with (the inline query never delivered)
        assert await tg.settled(ids={channel["update_id"], beyond["update_id"]}, timeout=3)
        # the private consultation is where it was: toss 2 of 6, one toss made
        await u.press(toss, "c:1:2")
        assert picture_values((await u.wait_for(has("c:2:"))).text) == "78"
        in_group = [m for m in tg.chats[-4001].messages.values() if m.from_bot]
        assert [m.text for m in in_group] == [GROUP_DECLINE]
        assert all(tg.answer_calls[q] == 1 for q in queries), tg.answer_calls
        assert huge not in tg.chats or not [m for m in tg.chats[huge].messages.values() if m.from_bot]
    assert not errors(caplog)


async def test_each_button_is_answered_once_and_edits_are_not_read_again(tmp_path: Path,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    async with FakeTelegram() as tg, bot_on(tg, tmp_path / "bot.sqlite3"):
        u = tg.user(1440, language_code="en")
        toss = await to_tosses(u)
        first = await u.press(toss, "c:0:1")
        await u.wait_for(has("c:1:"))
        stale = await u.press(toss, "c:0:2", strict=False)  # a double tap: the keyboard of the toss before
        await u.wait_for(has("c:1:"))
        assert await tg.settled(u.id)
        assert tg.answer_calls[first] == 1 and tg.answer_calls[stale] == 1
        assert tg.callback_answers[stale].get("text") == "That button belongs to an earlier step."
        assert "text" not in tg.callback_answers[first]

        await u.send("/cancel")
        await u.wait_reply()
        sent = await u.send("hello")
        await u.wait_reply()
        edited = dict(sent["message"], text=CAST, edit_date=int(time.time()))
        tg.queue_update({"edited_message": edited})  # "hello" edited into a cast: not a new consultation
        assert await quiet(u, 0.8) == []
    assert not errors(caplog)


async def test_a_pressed_buttons_message_reaches_the_handlers_whole(tmp_path: Path) -> None:
    """The bot's own message comes back with each button pressed (its keyboard, sender …); a handler gets it as
    PTB parses it, keyboard included, and the handled update's stored body is cleared."""
    from telegram import Update
    from telegram.ext import TypeHandler

    seen: list[Any] = []

    async def note(update: Update, _context: Any) -> None:
        if update.callback_query is not None:
            seen.append(update.callback_query.message)

    async with FakeTelegram() as tg, bot_on(tg, tmp_path / "bot.sqlite3") as app:
        app.add_handler(TypeHandler(Update, note), group=-100)
        u = tg.user(1441, language_code="ko")
        toss = await to_tosses(u)
        assert toss.to_dict().get("reply_markup")  # Telegram sends the keyboard back with each press
        before = toss.text
        await u.press(toss, "c:0:1")
        await u.wait_for(has("c:1:"))
    message = seen[-1]
    assert (message.message_id, message.chat.id, message.text) == (toss.message_id, 1441, before)
    assert message.reply_markup is not None and message.reply_markup.inline_keyboard
    stored = [json.loads(b) for (b,) in db_rows(tmp_path / "bot.sqlite3", "SELECT body FROM updates "
                                                 "WHERE body IS NOT NULL")]
    assert stored == []  # handled: its body is cleared


# ---- 11. the broadcast after a restart; the unit's start limit -------------------------------------------

async def test_the_broadcast_runs_as_soon_as_the_bot_starts(tmp_path: Path) -> None:
    """As ``liuyao bot`` wires it (``extra=install``, its 30 s interval): a due almanac goes out at start."""
    db = tmp_path / "bot.sqlite3"
    clock = lambda: datetime(2026, 6, 1, 22, 0, tzinfo=UTC)  # noqa: E731 - 07:00 in Seoul
    async with FakeTelegram() as tg:
        u = tg.user(1450, language_code="ko")
        app = build_application(config(tg, db), clock=clock, extra=install)
        async with contextlib.AsyncExitStack():
            await app.initialize()
            storage = await app.persistence.get_storage()
            await storage.get_or_create_user(1450, lang="ko", tz="Asia/Seoul")
            await storage.subscribe(1450, 1450, "07:00", "Asia/Seoul", "ko",
                                    now=datetime(2026, 5, 30, tzinfo=UTC))
            await asyncio.sleep(1.5)  # getMe, setMyCommands … a real start takes a moment
            started = time.monotonic()
            await app.start()
            try:
                await u.wait_reply()
                assert time.monotonic() - started < 5
            finally:
                await app.stop()
                await app.shutdown()


async def test_the_systemd_unit_does_not_restart_a_refusing_bot_forever() -> None:
    unit = (ROOT / "deploy" / "liuyao.service").read_text()
    assert "RestartPreventExitStatus=2" in unit
    assert "StartLimitIntervalSec=" in unit and "StartLimitBurst=" in unit
    assert unit.index("StartLimitBurst=") < unit.index("[Service]")  # a [Unit] setting


# ---- issue 24.6: text no database can keep ---------------------------------------------------------------

def test_unstorable_text_is_a_nul_or_half_a_utf16_pair() -> None:
    from bot.handlers.gate import unstorable

    assert unstorable("明天\x00会下雨吗") and unstorable("a\ud800b") and unstorable("\udfff")
    assert not unstorable("明天会下雨吗？\t\n\r 🙂 \x1b[0m \x7f")  # other control characters are kept as sent


async def test_a_message_with_a_nul_is_refused_with_a_word_and_the_consultation_goes_on(
        tmp_path: Path, database_url: str) -> None:
    """On either engine: the message is answered in the user's language, nothing of it reaches a reading, and the
    next message is read as usual (PostgreSQL's text cannot hold a NUL: it failed the step every time)."""
    from bot.ops.config import Config

    async with FakeTelegram() as tg:
        cfg = Config(token=tg.token, api_base_url=tg.base_url, database_path=str(tmp_path / "unused.sqlite3"),
                     webhook_url=None, listen="127.0.0.1", port=0, webhook_secret=None, database_url=database_url)
        app = build_application(cfg, clock=lambda: NOW)
        async with polling(app):
            u = tg.user(1450, language_code="ja")
            await u.send("/cast")
            await until(u, has("q:"))
            await u.send("明日\x00雨ですか")
            refusal = await u.wait_reply()
            assert "保存できない文字" in refusal.text
            await u.send("明日は雨ですか")
            assert (await until(u, has("t:")))[0].text  # the question was taken: the topic is asked next
