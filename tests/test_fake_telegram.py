"""End-to-end checks of tests/fake_telegram.py against a real python-telegram-bot stack."""

from __future__ import annotations

import asyncio
import socket
import time
from collections import Counter

import httpx
import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters, Update
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from tests.fake_telegram import FakeTelegram, parse_html, parse_markdown_v2, polling, render_text

# --------------------------------------------------------------------------- helpers


def builder(tg: FakeTelegram) -> ApplicationBuilder:
    return (
        ApplicationBuilder()
        .token(tg.token)
        .base_url(tg.base_url)
        .base_file_url(tg.base_file_url)
    )


async def on_start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    arg = context.args[0] if context.args else "-"
    keyboard = InlineKeyboardMarkup(
        [[InlineKeyboardButton("Cast", callback_data="cast:1"),
          InlineKeyboardButton("Help", callback_data="help")]]
    )
    await update.effective_message.reply_text(f"Welcome! ref={arg}", reply_markup=keyboard)


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    await query.answer("working…")
    await query.edit_message_text(f"You chose <b>{query.data}</b>", parse_mode="HTML")


async def on_sticker(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await update.effective_message.reply_text(
        f"Nice sticker {update.effective_message.sticker.emoji}"
    )


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await update.effective_message.reply_text(
        "echo: " + update.effective_message.text,
        reply_parameters=ReplyParameters(update.effective_message.message_id),
    )


def demo_app(tg: FakeTelegram) -> Application:
    app = builder(tg).build()
    app.add_handler(CommandHandler("start", on_start))
    app.add_handler(CallbackQueryHandler(on_button))
    app.add_handler(MessageHandler(filters.Sticker.ALL, on_sticker))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, on_text))
    return app


def leftover_tasks() -> list[asyncio.Task]:
    me = asyncio.current_task()
    return [t for t in asyncio.all_tasks() if t is not me and not t.done()]


# --------------------------------------------------------------------------- tests


@pytest.mark.asyncio
async def test_polling_conversation_start_button_edit_sticker_echo() -> None:
    async with FakeTelegram() as tg:
        alice = tg.user(1001, "Alice", language_code="ko")
        async with polling(demo_app(tg)):
            await alice.send("/start 789968")
            welcome = await alice.wait_reply()
            assert welcome.text == "Welcome! ref=789968"
            assert welcome.callback_data == ["cast:1", "help"]
            assert welcome.button("Help")["callback_data"] == "help"

            query_id = await alice.press(welcome, "cast:1")
            edited = await alice.wait_reply()
            assert edited is welcome and edited.edits == 1
            assert edited.text == "You chose cast:1"
            assert edited.raw_text == "You chose <b>cast:1</b>"
            assert edited.entities == [{"type": "bold", "offset": 10, "length": 6}]
            assert edited.keyboard == []  # editMessageText without reply_markup drops it
            assert edited.history[0]["text"] == "Welcome! ref=789968"
            answer = await tg.wait_call("answerCallbackQuery")
            assert answer.params == {"callback_query_id": query_id, "text": "working…"}
            assert tg.callback_answers[query_id]["text"] == "working…"

            await alice.send_sticker("🐉")
            assert (await alice.wait_reply()).text == "Nice sticker 🐉"

            sent = await alice.send("  六爻 <test> ")
            echo = await alice.wait_reply()
            assert echo.text == "echo:   六爻 <test>"  # Telegram trims only the ends
            assert echo.reply_to_message_id == sent["message"]["message_id"]
            assert [m.message_id for m in alice.inbox] == [2, 4, 6]  # ids are per chat

        assert tg.unknown_methods == []
        methods = set(tg.methods_called)
        assert {"getMe", "deleteWebhook", "getUpdates", "sendMessage",
                "editMessageText", "answerCallbackQuery"} <= methods
        assert tg.pending_updates == []  # everything was confirmed by the final offset
    assert leftover_tasks() == []


@pytest.mark.asyncio
async def test_process_update_mode_without_polling() -> None:
    async with FakeTelegram() as tg:
        bob = tg.user(2002, "Bob", language_code="en")
        app = demo_app(tg)
        async with app:
            await bob.send("/start")
            assert await tg.dispatch(app) == 1
            menu = bob.last
            assert menu is not None and menu.text == "Welcome! ref=-"
            await bob.press(menu, text="Help")
            await tg.dispatch(app)
            assert bob.last.text == "You chose help"
            with pytest.raises(ValueError, match=r"(?i)no button"):
                await bob.press(menu, "cast:1")  # keyboard is gone after the edit
            with pytest.raises(TimeoutError):
                await bob.wait_for(lambda m: "never" in (m.text or ""), timeout=0.2)
        assert not any(c.method == "getUpdates" for c in tg.calls)


@pytest.mark.asyncio
async def test_raw_http_json_form_get_and_errors() -> None:
    async with FakeTelegram() as tg, httpx.AsyncClient() as http:
        tg.user(7, "Raw")
        r = await http.get(f"{tg.api_url}/getMe")
        assert r.json()["result"]["username"] == "liuyao_test_bot"
        # JSON body with nested objects
        markup = {"inline_keyboard": [[{"text": "x", "callback_data": "x"}]]}
        r = await http.post(f"{tg.api_url}/sendMessage",
                            json={"chat_id": 7, "text": "123", "reply_markup": markup})
        assert r.json()["result"]["text"] == "123"
        assert r.json()["result"]["reply_markup"] == markup
        # form body: nested objects JSON-encoded, a numeric-looking text stays a string
        r = await http.post(f"{tg.api_url}/sendMessage",
                            data={"chat_id": "7", "text": "456", "disable_notification": "true"})
        body = r.json()
        assert body["ok"] and body["result"]["message_id"] == 2 and body["result"]["text"] == "456"
        assert tg.calls[-1].params == {"chat_id": 7, "text": "456", "disable_notification": True}
        # GET with query string, case-insensitive method name
        r = await http.get(f"{tg.api_url}/getwebhookinfo")
        assert r.json()["result"]["url"] == ""
        assert tg.calls[-1].method == "getWebhookInfo"
        # unknown method → 404, recorded
        r = await http.post(f"{tg.api_url}/sendDice", data={"chat_id": "7"})
        assert r.status_code == 404
        assert r.json() == {"ok": False, "error_code": 404,
                            "description": "Not Found: method not found"}
        assert tg.unknown_methods == ["sendDice"]
        # wrong token → 401
        r = await http.post(f"{tg.base_url}999:nope/getMe")
        assert r.status_code == 401 and r.json()["description"] == "Unauthorized"


@pytest.mark.asyncio
async def test_long_poll_offset_timeout_limit_allowed_updates() -> None:
    async with FakeTelegram() as tg:
        carol = tg.user(3003, "Carol")
        app = builder(tg).updater(None).build()
        async with app:
            bot = app.bot
            t0 = time.monotonic()
            assert await bot.get_updates(timeout=1) == ()
            assert 0.9 <= time.monotonic() - t0 < 2

            async def later() -> None:
                await asyncio.sleep(0.2)
                await carol.send("hello")

            t0 = time.monotonic()
            task = asyncio.create_task(later())
            updates = await bot.get_updates(timeout=5)
            await task
            assert time.monotonic() - t0 < 1  # returned as soon as the update arrived
            assert [u.message.text for u in updates] == ["hello"]

            for i in range(3):
                await carol.send(f"m{i}")
            first = updates[0].update_id
            # without offset nothing is confirmed: the same updates come back
            again = await bot.get_updates(limit=2)
            assert [u.update_id for u in again] == [first, first + 1]
            rest = await bot.get_updates(offset=first + 1, limit=100)
            assert [u.message.text for u in rest] == ["m0", "m1", "m2"]
            # allowed_updates drops the types the bot did not ask for
            menu = await bot.send_message(3003, "menu", reply_markup=InlineKeyboardMarkup(
                [[InlineKeyboardButton("go", callback_data="go")]]))
            await carol.press(tg.chats[3003].messages[menu.message_id], "go")
            await carol.send("after")
            got = await bot.get_updates(offset=rest[-1].update_id + 1, timeout=0,
                                        allowed_updates=["message"])
            assert [u.message.text for u in got] == ["after"]
            # negative offset keeps only the last update
            await carol.send("x1")
            await carol.send("x2")
            last = await bot.get_updates(offset=-1)
            assert [u.message.text for u in last] == ["x2"]
            nxt = last[0].update_id + 1
            # a second, concurrent long poll terminates the first one (409 Conflict)
            # (PTB's getUpdates pool has one connection, so the rival uses raw httpx)
            polls = len(tg.calls_to("getUpdates"))
            slow = asyncio.create_task(bot.get_updates(offset=nxt, timeout=3))
            while len(tg.calls_to("getUpdates")) == polls:  # until the server holds the first long poll
                await asyncio.sleep(0.01)
            async with httpx.AsyncClient() as http:
                rival = await http.post(f"{tg.api_url}/getUpdates", data={"offset": str(nxt)})
            assert rival.json() == {"ok": True, "result": []}
            with pytest.raises(Exception, match=r"(?i)terminated by other getUpdates"):
                await slow


@pytest.mark.asyncio
async def test_broadcast_with_aioratelimiter_gets_429s_and_delivers_all_exactly_once() -> None:
    async with FakeTelegram(rate_limit=30) as tg:
        users = [tg.user(10_000 + i, f"U{i}") for i in range(40)]
        app = builder(tg).rate_limiter(AIORateLimiter(max_retries=5)).updater(None).build()
        async with app:
            t0 = time.monotonic()
            await asyncio.gather(*(app.bot.send_message(u.id, f"news for {u.id}")
                                   for u in users))
            elapsed = time.monotonic() - t0
        assert tg.rate_limited > 0
        assert any(c.status == 429 for c in tg.calls_to("sendMessage"))
        first_429 = next(c for c in tg.calls_to("sendMessage") if c.status == 429)
        assert first_429.response["parameters"]["retry_after"] >= 1
        assert len(tg.sent) == 40
        assert Counter(m.text for m in tg.sent) == Counter(f"news for {u.id}" for u in users)
        assert all(len(u.inbox) == 1 for u in users)
        assert elapsed < 6


@pytest.mark.asyncio
async def test_rate_limit_without_limiter_raises_retry_after() -> None:
    async with FakeTelegram(rate_limit=3) as tg:
        tg.user(1, "A")
        app = builder(tg).updater(None).build()
        async with app:
            for _ in range(3):
                await app.bot.send_message(1, "ok")
            with pytest.raises(RetryAfter):
                await app.bot.send_message(1, "too many")
        assert tg.rate_limited == 1 and len(tg.sent) == 3


@pytest.mark.asyncio
async def test_blocked_user_forbidden_and_network_errors() -> None:
    async with FakeTelegram() as tg:
        dave = tg.user(4004, "Dave")
        app = builder(tg).updater(None).build()
        async with app:
            update = await dave.block_bot()
            assert update["my_chat_member"]["new_chat_member"]["status"] == "kicked"
            with pytest.raises(Forbidden, match=r"(?i)bot was blocked by the user"):
                await app.bot.send_message(4004, "hi")
            with pytest.raises(Forbidden):
                await app.bot.send_chat_action(4004, "typing")
            tg.unblock(4004)
            await app.bot.send_chat_action(4004, "typing")
            assert tg.chat_actions == [(4004, "typing")]

            tg.fail_next(1, status=502)
            with pytest.raises(NetworkError, match=r"(?i)Bad Gateway"):
                await app.bot.send_message(4004, "x")
            tg.fail_next(1, status=0)  # connection dropped
            with pytest.raises(NetworkError):
                await app.bot.send_message(4004, "y")
            await app.bot.send_message(4004, "z")
            assert [m.text for m in dave.inbox] == ["z"]
            with pytest.raises(BadRequest, match=r"(?i)chat not found"):
                await app.bot.send_message(999, "nobody")


@pytest.mark.asyncio
async def test_parse_modes_edits_and_validation() -> None:
    async with FakeTelegram() as tg:
        erin = tg.user(5005, "Erin")
        app = builder(tg).updater(None).build()
        async with app:
            bot = app.bot
            with pytest.raises(BadRequest, match=r"(?i)can't parse entities: Unsupported start tag"):
                await bot.send_message(5005, "<div>x</div>", parse_mode="HTML")
            with pytest.raises(BadRequest, match=r"(?i)Can't find end tag"):
                await bot.send_message(5005, "<b>open", parse_mode="HTML")
            with pytest.raises(BadRequest, match=r"(?i)Character '.' is reserved"):
                await bot.send_message(5005, "*bold*.", parse_mode="MarkdownV2")
            m = await bot.send_message(5005, "*bold*\\. _it_", parse_mode="MarkdownV2")
            assert m.text == "bold. it"
            assert [(e.type, e.offset, e.length) for e in m.entities] == [
                ("bold", 0, 4), ("italic", 6, 2)]
            with pytest.raises(BadRequest, match=r"(?i)message is too long"):
                await bot.send_message(5005, "x" * 4097)
            with pytest.raises(BadRequest, match=r"(?i)message text is empty"):
                await bot.send_message(5005, "   ")
            with pytest.raises(BadRequest, match=r"(?i)BUTTON_DATA_INVALID"):
                await bot.send_message(5005, "k", reply_markup=InlineKeyboardMarkup(
                    [[InlineKeyboardButton("k", callback_data="x" * 65)]]))
            with pytest.raises(BadRequest, match=r"(?i)message to be replied not found"):
                await bot.send_message(5005, "r", reply_to_message_id=999)

            kb = InlineKeyboardMarkup([[InlineKeyboardButton("a", callback_data="a")]])
            msg = await bot.send_message(5005, "same", reply_markup=kb)
            with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
                await bot.edit_message_text("same", 5005, msg.message_id, reply_markup=kb)
            await bot.edit_message_reply_markup(5005, msg.message_id, reply_markup=None)
            stored = tg.chats[5005].messages[msg.message_id]
            assert stored.keyboard == [] and stored.edits == 1
            assert await bot.delete_message(5005, msg.message_id)
            assert stored.deleted
            with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
                await bot.edit_message_text("gone", 5005, msg.message_id)
            with pytest.raises(BadRequest, match=r"(?i)query ID is invalid"):
                await bot.answer_callback_query("12345")
            assert [e.kind for e in tg.chats[5005].events] == ["message", "message", "edit"]
            assert erin.inbox[-1] is stored


@pytest.mark.asyncio
async def test_commands_settings_and_webhook_info() -> None:
    async with FakeTelegram() as tg:
        app = builder(tg).updater(None).build()
        async with app:
            bot = app.bot
            await bot.set_my_commands([("start", "시작"), ("help", "도움말")], language_code="ko")
            await bot.set_my_commands([("start", "Start")])
            assert [c.command for c in await bot.get_my_commands(language_code="ko")] == [
                "start", "help"]
            assert [c.description for c in await bot.get_my_commands()] == ["Start"]
            await bot.delete_my_commands(language_code="ko")
            assert await bot.get_my_commands(language_code="ko") == ()
            with pytest.raises(BadRequest, match=r"(?i)BOT_COMMAND_INVALID"):
                await bot.set_my_commands([("Bad-Name", "x")])
            await bot.set_my_description("六爻", language_code="zh")
            assert (await bot.get_my_description("zh")).description == "六爻"

            await bot.set_webhook("https://example.invalid/hook", drop_pending_updates=True)
            info = await bot.get_webhook_info()
            assert info.url == "https://example.invalid/hook"
            with pytest.raises(Exception, match=r"(?i)webhook is active"):
                await bot.get_updates()
            assert await bot.delete_webhook()
            assert (await bot.get_webhook_info()).url == ""
            assert await bot.close() and await bot.log_out()
        assert tg.unknown_methods == []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.asyncio
async def test_webhook_delivery_to_loopback() -> None:
    pytest.importorskip("tornado")
    async with FakeTelegram() as tg:
        frank = tg.user(6006, "Frank")
        app = demo_app(tg)
        port = free_port()
        async with app:
            await app.start()
            await app.updater.start_webhook(
                listen="127.0.0.1", port=port, url_path="hook",
                webhook_url=f"http://127.0.0.1:{port}/hook", secret_token="s3cret",
            )
            try:
                await frank.send("/start via-hook")
                assert (await frank.wait_reply()).text == "Welcome! ref=via-hook"
                assert tg.webhook["secret_token"] == "s3cret"
                assert tg.webhook_deliveries == 1
            finally:
                await app.updater.stop()
                await app.stop()
    assert leftover_tasks() == []


def test_parsers_directly() -> None:
    assert parse_html('<a href="https://x.y/?a=1&amp;b=2">link</a> &lt;3 &amp; &#x516D;') == (
        "link <3 & 六", [{"type": "text_link", "offset": 0, "length": 4,
                          "url": "https://x.y/?a=1&b=2"}])
    text, ents = parse_html('<pre><code class="language-python">x = 1</code></pre>')
    assert text == "x = 1" and ents == [{"type": "pre", "offset": 0, "length": 5,
                                         "language": "python"}]
    assert parse_markdown_v2("[六爻](https://a.b/c\\)d)")[1][0]["url"] == "https://a.b/c)d"
    # entity offsets are in UTF-16 code units; trimming shifts them
    assert render_text("  🐉 <b>x</b> ", "HTML") == (
        "🐉 x", [{"type": "bold", "offset": 3, "length": 1}])


@pytest.mark.asyncio
async def test_send_photo_uploads_checks_and_reuses() -> None:
    """sendPhoto through PTB: a PNG upload with an HTML caption is stored with its sizes and bytes; a file_id
    sends it again; what Telegram refuses (not an image, no photo, an unknown id, a caption over 1024) is refused."""
    import io

    from PIL import Image

    png = io.BytesIO()
    Image.new("RGB", (1600, 900), "white").save(png, format="PNG")
    async with FakeTelegram() as tg:
        app = builder(tg).build()
        u = tg.user(7, language_code="en")
        async with app:
            sent = await app.bot.send_photo(7, png.getvalue(), caption="<b>乾為天</b> → 風天小畜", parse_mode="HTML")
            assert [(p.width, p.height) for p in sent.photo] == [(90, 51), (320, 180), (800, 450), (1280, 720)]
            assert sent.caption == "乾為天 → 風天小畜" and sent.caption_entities[0].type == "bold"
            got = u.inbox[-1]
            assert got.photo_bytes == png.getvalue() and got.text is None and got.caption == sent.caption
            again = await app.bot.send_photo(7, sent.photo[-1].file_id)
            assert again.photo[-1].file_id == sent.photo[-1].file_id and u.inbox[-1].photo_bytes == png.getvalue()
            for photo, caption, said in ((b"not an image", None, "IMAGE_PROCESS_FAILED"),
                                         ("AgACAgIAAxkBAAEunknown", None, "wrong file identifier"),
                                         (png.getvalue(), "x" * 1025, "caption is too long")):
                with pytest.raises(BadRequest, match=f"(?i){said}"):
                    await app.bot.send_photo(7, photo, caption=caption)
            narrow = io.BytesIO()
            Image.new("RGB", (2100, 100), "white").save(narrow, format="JPEG")
            with pytest.raises(BadRequest, match="(?i)PHOTO_INVALID_DIMENSIONS"):
                await app.bot.send_photo(7, narrow.getvalue())
            assert len(u.inbox) == 2


async def test_settled_waits_until_the_bot_is_done_with_the_users_updates() -> None:
    """``settled`` is what the bot tests wait on instead of a silence: it holds while a handler of the user's update
    is still at work, and returns once it has finished (its reply sent); an update the bot never gets (not among its
    allowed_updates) does not hold it."""
    release = asyncio.Event()

    async def slow(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await release.wait()
        await context.bot.send_message(update.effective_chat.id, "done")

    async with FakeTelegram() as tg:
        u, other = tg.user(3101), tg.user(3102)
        app = builder(tg).concurrent_updates(True).build()
        app.add_handler(MessageHandler(filters.TEXT & filters.User(3101), slow))
        async with polling(app):
            await other.send("hello")  # no handler: done at once
            assert await tg.settled(other.id)
            await u.send("hi")
            assert not await tg.settled(u.id, timeout=0.3)  # the handler waits for ``release``
            assert not await tg.settled(timeout=0.1)
            release.set()
            assert await tg.settled(u.id)
            assert [m.text for m in u.inbox] == ["done"]
            # a reaction is not among the default allowed_updates: never delivered, so it holds nothing up
            reaction = tg.queue_update({"message_reaction": {"chat": u.chat.chat, "message_id": 1, "user": u.data,
                                                             "date": 0, "old_reaction": [], "new_reaction": []}})
            assert await tg.settled(ids={reaction["update_id"]}, timeout=10)
