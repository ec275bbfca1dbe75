"""Issue 24.6: every input is stored as sent on either engine, or refused with a word before anything is stored.

PostgreSQL's ``text`` cannot hold U+0000 (SQLite's can), and no UTF-8 holds half of a UTF-16 pair, which
Telegram's JSON may carry as a ``\\ud800`` escape.  The received update is stored as JSON (both escaped there, so
it is stored as sent); what the handlers would store — a question — never holds either: ``bot.handlers.gate.gate``
answers such a message before any handler.  Every other control character is stored as sent.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from telegram import Update

from bot.delivery.inbox import Inbox
from bot.handlers.app import build_application
from bot.ops.config import Config
from bot.storage import is_postgres_url, open_storage
from tests.fake_telegram import FakeTelegram, polling

pytestmark = pytest.mark.asyncio

AT = datetime(2026, 3, 2, 3, 0, tzinfo=UTC)
CONTROLS = "明天\t会\r\n下\x01雨\x1b[0m吗\x7f\u0085\u2028？"  # kept as sent everywhere


def _message(update_id: int, user_id: int, text: str) -> dict[str, object]:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": 1_767_225_600, "text": text,
        "chat": {"id": user_id, "type": "private", "first_name": "T"},
        "from": {"id": user_id, "is_bot": False, "first_name": "T", "language_code": "zh-hans"}}}


async def test_an_update_is_stored_as_sent_whatever_its_text_holds(database_url: str) -> None:
    storage = await open_storage(database_url)
    try:
        async def opened() -> object:
            return storage

        inbox = Inbox(opened)  # type: ignore[arg-type]
        texts = [CONTROLS, "a\x00b", "半个\ud800对", "\udfff"]
        updates = [Update.de_json(_message(10 + i, 42, text), None) for i, text in enumerate(texts)]
        assert await inbox.store(updates) == {10, 11, 12, 13}
        stored = dict(await storage.pending_updates())
        assert [json.loads(stored[10 + i])["message"]["text"] for i in range(len(texts))] == texts
    finally:
        await storage.close()


async def test_control_characters_are_stored_as_sent_and_a_nul_only_where_the_engine_holds_it(
        database_url: str) -> None:
    """Why the gate refuses a NUL: PostgreSQL's text refuses it where SQLite keeps it."""
    storage = await open_storage(database_url)
    try:
        user = await storage.get_or_create_user(77, lang="en", tz="UTC")
        rid = await storage.add_reading(user.user_id, lines="789968", reading={}, moment_utc=AT, tz="UTC", question=CONTROLS)
        row = await storage.get_reading(user.user_id, rid)
        assert row is not None and row.question == CONTROLS
        if is_postgres_url(database_url):
            with pytest.raises(Exception, match="0x00|\\\\u0000|NUL|null character"):
                await storage.add_reading(user.user_id, lines="789968", reading={}, moment_utc=AT, tz="UTC", question="a\x00b")
        else:
            rid = await storage.add_reading(user.user_id, lines="789968", reading={}, moment_utc=AT, tz="UTC", question="a\x00b")
            row = await storage.get_reading(user.user_id, rid)
            assert row is not None and row.question == "a\x00b"
    finally:
        await storage.close()


async def test_half_a_utf16_pair_is_refused_with_a_word_and_the_bot_goes_on(tmp_path: Path, database_url: str) -> None:
    """The update comes as the webhook server hands it over (the fake Bot API speaks only UTF-8); it is stored,
    answered in the user's language, and the next message is read as usual."""
    async with FakeTelegram() as tg:
        cfg = Config(token=tg.token, api_base_url=tg.base_url, database_path=str(tmp_path / "unused.sqlite3"),
                     webhook_url=None, listen="127.0.0.1", port=0, webhook_secret=None, database_url=database_url)
        app = build_application(cfg)
        u = tg.user(1460, language_code="zh-hans")
        async with polling(app):
            await u.send("/cast")
            await u.wait_reply()
            await app.update_queue.put(Update.de_json(_message(900_000_001, u.id, "明天\ud800会下雨吗"), app.bot))
            refusal = await u.wait_reply()
            assert "无法保存的字符" in refusal.text, refusal.text
            await u.send("明天会下雨吗")
            assert (await u.wait_reply()).callback_data[0].startswith("t:")  # the topic is asked next
        storage = await open_storage(database_url)
        try:
            assert await storage.pending_updates() == []  # the refused one handled too, nothing left behind
        finally:
            await storage.close()
