"""The bot's conversation in a terminal, with no Telegram: the same Application, handlers and SQLite file.

A ``BaseRequest`` answers the Bot API calls locally — a message the bot sends is printed, its buttons as
numbered choices (Cancel as ``q``) — and each input line becomes an update: a number (or ``q``) picks a button
of the last message that had buttons, anything else is a text message.  It ends cleanly at the end of its input, so it can be scripted:
``printf '/cast\\n...' | liuyao console``.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import signal
import sys
import threading
from datetime import UTC, datetime
from typing import Any, TextIO

from telegram import Update
from telegram.ext import Application
from telegram.request import BaseRequest, RequestData

from bot.handlers.app import build_application
from bot.handlers.subscription import install
from bot.ops.config import DEFAULT_ZONES, Config
from bot.storage.persistence import StoragePersistence

BOT_ID = 1
USER_ID = 10_000
CHAT = {"id": USER_ID, "type": "private", "first_name": "you"}
USER = {"id": USER_ID, "is_bot": False, "first_name": "you"}


def _plain(html_text: str) -> str:
    """Telegram's HTML as a terminal shows it."""
    return html.unescape(re.sub(r"</?(pre|b|i|code)>", "", html_text))


_TOSS = re.compile(r"c:\d+:([0-3])")  # a toss button: the number of coins counted
CANCEL_DATA = "x"  # the Cancel button of every step (bot.handlers.keyboards.cancel_row)
CANCEL_KEY = "q"  # typed for it: no number, no toss (x and X are 老陰) and no line symbol


def _keyed(buttons: list[tuple[str, str, int]]) -> dict[str, tuple[str, str, int]]:
    """The keys typed for a keyboard's buttons: 1, 2, 3 … in order — but a toss button is keyed by its count, so a
    typed 1 at a toss is one coin (as the prompt asks), and the toss's other buttons follow on from 4.

    Cancel, which ends the whole consultation at once, is never a number: it is ``q``.  Numbered, it was 4 at the
    first toss and 5 at the others (after "Undo last toss"), so a count mistyped as 5 threw away every toss without
    asking (issue 22); now a number at a toss is a count, the undo (4), or text the toss step refuses."""
    counts = {m.group(1): b for b in buttons if (m := _TOSS.fullmatch(b[1]))}
    keyed = dict(sorted(counts.items()))
    n = 4 if counts else 1
    for b in buttons:
        if b in counts.values():
            continue
        if b[1] == CANCEL_DATA:
            keyed[CANCEL_KEY] = b
        else:
            keyed[str(n)] = b
            n += 1
    return keyed


class ConsoleRequest(BaseRequest):
    """Answers the Bot API locally: sends and edits are printed; everything else succeeds."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.next_message_id = 1
        self.buttons: dict[str, tuple[str, str, int]] = {}  # key → (label, callback data, message id), last keyboard
        self.texts: dict[int, str] = {}

    @property
    def read_timeout(self) -> float | None:
        return None

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    def _message(self, params: dict[str, Any], message_id: int | None = None) -> dict[str, Any]:
        mid = message_id or self.next_message_id
        if message_id is None:
            self.next_message_id += 1
        text = str(params.get("text", ""))
        self.texts[mid] = text
        markup = params.get("reply_markup")
        if isinstance(markup, str):
            markup = json.loads(markup)
        self._show(text, markup, mid)
        msg = {"message_id": mid, "date": int(datetime.now(UTC).timestamp()), "chat": CHAT,
               "from": {"id": BOT_ID, "is_bot": True, "first_name": "liuyao"}, "text": _plain(text)}
        if markup:
            msg["reply_markup"] = markup
        return msg

    def _photo(self) -> dict[str, Any]:
        mid = self.next_message_id
        self.next_message_id += 1
        return {"message_id": mid, "date": int(datetime.now(UTC).timestamp()), "chat": CHAT,
                "from": {"id": BOT_ID, "is_bot": True, "first_name": "liuyao"},
                "photo": [{"file_id": f"console-{mid}", "file_unique_id": f"c{mid}", "width": 1, "height": 1}]}

    def _show(self, text: str, markup: dict[str, Any] | None, mid: int) -> None:
        self.out.write(_plain(text) + "\n")
        if markup and markup.get("inline_keyboard"):
            self.buttons = _keyed([(b["text"], b.get("callback_data", ""), mid)
                                   for row in markup["inline_keyboard"] for b in row])
            for key, (label, _data, _mid) in self.buttons.items():
                self.out.write(f"  [{key}] {label}\n")
        self.out.write("\n")
        self.out.flush()

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: Any = None, write_timeout: Any = None, connect_timeout: Any = None,
                         pool_timeout: Any = None) -> tuple[int, bytes]:
        name = url.rsplit("/", 1)[-1]
        params = request_data.parameters if request_data is not None else {}
        result: Any = True
        if name == "getMe":
            result = {"id": BOT_ID, "is_bot": True, "first_name": "liuyao", "username": "liuyao_console_bot",
                      "can_join_groups": False, "can_read_all_group_messages": False,
                      "supports_inline_queries": False}
        elif name == "sendMessage":
            result = self._message(params)
        elif name == "sendPhoto":  # a terminal shows the text chart that follows; the picture is for Telegram
            result = self._photo()
        elif name == "editMessageText":
            result = self._message(params, int(str(params.get("message_id", 0))) or None)
        elif name == "getUpdates":
            result = []
        return 200, json.dumps({"ok": True, "result": result}).encode()


def _commands_only(app: Application) -> None:
    """/today, /subscribe and /unsubscribe without the broadcast job (see ``Console``)."""
    install(app, broadcast=False)


class Console:
    """Feeds input lines to the application as updates from one local user."""

    def __init__(self, config: Config, out: TextIO, lang: str = "en", *, lang_chosen: bool = False) -> None:
        self.request = ConsoleRequest(out)
        # The same commands as the bot, /today and /subscribe included — but no broadcast job: a console on the
        # bot's database must never take (and print) deliveries meant for Telegram users.
        self.app = build_application(config, request=self.request, rate_limit=False, replay=False,
                                     extra=_commands_only)
        self.lang = lang
        self.lang_chosen = lang_chosen  # --lang given: it is the user's language from now on, not only at first
        self.update_id = 0
        self.message_id = 100_000

    def _update(self, payload: dict[str, Any]) -> Update:
        self.update_id += 1
        return Update.de_json({"update_id": self.update_id, **payload}, self.app.bot)

    def for_line(self, line: str) -> Update:
        text = line.rstrip("\n")
        stripped = text.strip()
        user = USER | {"language_code": self.lang}
        if stripped in self.request.buttons:
            label, data, mid = self.request.buttons[stripped]
            self.request.out.write(f"> {label}\n")
            message = {"message_id": mid, "date": 0, "chat": CHAT, "text": self.request.texts.get(mid, ""),
                       "from": {"id": BOT_ID, "is_bot": True, "first_name": "liuyao"}}
            return self._update({"callback_query": {"id": str(self.update_id), "from": user, "chat_instance": "c",
                                                    "data": data, "message": message}})
        self.message_id += 1
        message = {"message_id": self.message_id, "date": int(datetime.now(UTC).timestamp()), "chat": CHAT,
                   "from": user, "text": text}
        if stripped.startswith("/"):
            command = stripped.split()[0]
            message["entities"] = [{"type": "bot_command", "offset": text.index(command), "length": len(command)}]
        return self._update({"message": message})

    async def handle(self, update: Update) -> None:
        """One update through the bot's update processor, as the bot takes it: the state read from the database
        first, the changes written after."""
        await self.app.update_processor.process_update(update, self.app.process_update(update))

    async def _choose_language(self) -> None:
        """--lang: the console user's language becomes it, even when the user exists already in another one."""
        persistence = self.app.persistence
        assert isinstance(persistence, StoragePersistence)
        storage = await persistence.get_storage()
        user = await storage.get_or_create_user(USER_ID, lang=self.lang, tz=DEFAULT_ZONES[self.lang])
        if user.lang != self.lang:
            await storage.update_user_settings(USER_ID, lang=self.lang)

    async def run(self, source: TextIO) -> bool:
        """Answer every line of ``source`` until its end, or until Ctrl-C (or SIGTERM): the update being handled
        is finished and saved, then the console stops.  True when it was interrupted."""
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        interrupted = False

        def put(line: str | None) -> None:
            try:
                loop.call_soon_threadsafe(lines.put_nowait, line)
            except RuntimeError:  # the loop has closed: the console is stopping
                pass

        def read() -> None:
            # a daemon thread, so a read still waiting for a line never holds up the stop
            for line in iter(source.readline, ""):
                put(line)
            put(None)

        def interrupt() -> None:
            nonlocal interrupted
            interrupted = True
            lines.put_nowait(None)

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, interrupt)
        threading.Thread(target=read, name="console-input", daemon=True).start()
        async with self.app:
            await self.app.start()
            if self.lang_chosen:
                await self._choose_language()
            if not self.request.texts:
                await self.handle(self.for_line("/start"))
            while not interrupted and (line := await lines.get()) is not None:
                if not line.strip():
                    continue
                await self.handle(self.for_line(line))
            await self.app.stop()
        return interrupted


def main(lang: str = "en", *, lang_chosen: bool = False) -> int:
    """The console on standard input; exit status 130 after Ctrl-C, as a shell expects."""
    config = Config.from_env()
    interrupted = asyncio.run(Console(config, sys.stdout, lang, lang_chosen=lang_chosen).run(sys.stdin))
    return 130 if interrupted else 0
