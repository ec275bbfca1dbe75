"""What keeps one fault, one odd update or one bad setting from breaking the bot.

- ``RetryingRequest``: every Bot API call the bot makes (not ``getUpdates``, which the updater retries itself)
  is tried again after a network error, a time-out or a 5xx answer, a few times with a growing pause (about
  2 s in all); 429 is left to PTB's ``AIORateLimiter``, which waits what Telegram asks.
- ``TolerantBot``: an update the library cannot read (a field an older or newer Bot API server shapes
  differently) is logged once and handed on as a bare ``Update(update_id)`` that no handler takes, so the
  offset moves past it and polling goes on.
- ``gate`` (group -2): the updates the bot is not for get a deliberate answer before any handler sees them —
  edited messages and channel posts are left alone, a button outside a chat (an inline message) is answered,
  group chats are declined politely, ids SQLite cannot hold are ignored.
- ``redact`` and ``RedactingFormatter``: the bot token never reaches a log line or a message on stderr.
- ``check_database``: a database the bot cannot write is refused at start, in one line.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import sqlite3
from collections import OrderedDict
from pathlib import Path
from typing import Any

from telegram import Update
from telegram.constants import ChatType
from telegram.error import NetworkError, TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes, ExtBot
from telegram.request import BaseRequest, HTTPXRequest, RequestData

log = logging.getLogger(__name__)

ATTEMPTS = 4  # tries of one Bot API call before its error reaches the handler
BACKOFF = 0.25  # seconds before the second try; doubled each time, up to MAX_PAUSE
MAX_PAUSE = 1.0
SQLITE_MAX = 2**63 - 1  # the largest id an SQLite INTEGER holds


# ---- transient Bot API errors ------------------------------------------------------------------------------

class RetryingRequest(HTTPXRequest):
    """``HTTPXRequest`` that tries a call again after a network error, a time-out or a 5xx answer.

    A call that timed out may have reached Telegram, so a retried ``sendMessage`` can arrive twice; a reply seen
    twice is better than a consultation that stops.  ``getUpdates`` is never retried here: the updater's own
    loop does that, and a long poll must not be held up.
    """

    def __init__(self, *args: Any, attempts: int = ATTEMPTS, backoff: float = BACKOFF,
                 max_pause: float = MAX_PAUSE, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.max_pause = max_pause
        self.retried = 0  # calls tried again (for the probes)

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: Any = BaseRequest.DEFAULT_NONE, write_timeout: Any = BaseRequest.DEFAULT_NONE,
                         connect_timeout: Any = BaseRequest.DEFAULT_NONE,
                         pool_timeout: Any = BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        endpoint = url.rsplit("/", 1)[-1]  # never the URL itself: it holds the token
        tries = 1 if endpoint == "getUpdates" else self.attempts
        pause = self.backoff
        for attempt in range(1, tries + 1):
            try:
                code, payload = await super().do_request(url, method, request_data, read_timeout, write_timeout,
                                                         connect_timeout, pool_timeout)
            except NetworkError as exc:  # TimedOut included
                if attempt == tries:
                    raise
                why = type(exc).__name__
            else:
                if code < 500 or attempt == tries:
                    return code, payload
                why = f"HTTP {code}"
            self.retried += 1
            log.info("%s: %s, trying again (%d of %d)", endpoint, why, attempt + 1, tries)
            await asyncio.sleep(pause * random.uniform(0.5, 1.0))
            pause = min(pause * 2, self.max_pause)
        raise AssertionError("unreachable")  # pragma: no cover


# ---- updates the library cannot read ----------------------------------------------------------------------

class _Seen:
    """The last few thousand ids, so an update is logged once however often it comes back."""

    def __init__(self, size: int = 4096) -> None:
        self._ids: OrderedDict[Any, None] = OrderedDict()
        self._size = size

    def first(self, key: Any) -> bool:
        if key in self._ids:
            return False
        self._ids[key] = None
        if len(self._ids) > self._size:
            self._ids.popitem(last=False)
        return True


_unreadable = _Seen()


class _HandledParseError(logging.Filter):
    """PTB logs a batch it cannot parse as critical before raising; ``TolerantBot`` asks for it again and skips
    what does not parse (logged once, as a warning), so that line is not an error here."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Error while parsing updates!")


logging.getLogger("bot.guard.bot").addFilter(_HandledParseError())


class TolerantBot(ExtBot):  # type: ignore[type-arg]
    """``ExtBot`` whose ``getUpdates`` survives an update it cannot parse.

    PTB parses the whole batch at once, so one unreadable update raised every time, the offset never moved and
    polling stopped for good while the log filled.  Here a batch that does not parse is asked for again (its
    offset was not confirmed) and each of its updates tried alone; one that does not parse becomes
    ``{"update_id": n}`` — an empty update no handler takes, whose id still moves the offset on.  A batch that
    parses (nearly all) is parsed once, as PTB does.
    """

    _sanitize = False  # the getUpdates being made is the second try of a batch that did not parse
    _LOGGER = logging.getLogger("bot.guard.bot")  # PTB's lines of this bot, less the parse error handled here

    async def get_updates(self, *args: Any, **kwargs: Any) -> tuple[Update, ...]:
        try:
            return await super().get_updates(*args, **kwargs)
        except TelegramError:
            raise
        except Exception:  # noqa: BLE001 - whatever the library raised reading the batch: update by update
            self._sanitize = True
            try:
                return await super().get_updates(*args, **kwargs)
            finally:
                self._sanitize = False

    async def _post(self, endpoint: str, data: Any = None, **kwargs: Any) -> Any:
        result = await super()._post(endpoint, data, **kwargs)
        if endpoint != "getUpdates" or not isinstance(result, list) or not self._sanitize:
            return result
        return [kept for raw in result if (kept := self._readable(raw)) is not None]

    def _readable(self, raw: Any) -> Any:
        try:
            Update.de_json(raw, self)
            return raw
        except Exception as exc:
            update_id = raw.get("update_id") if isinstance(raw, dict) else None
            if _unreadable.first(update_id):
                kinds = sorted(k for k in raw if k != "update_id") if isinstance(raw, dict) else []
                log.warning("skipped update %s (%s) that could not be read: %s: %s", update_id,
                            ", ".join(kinds) or "no content", type(exc).__name__, str(exc)[:200])
            if isinstance(update_id, int) and not isinstance(update_id, bool):
                return {"update_id": update_id}
            return None


# ---- what the bot is not for ----------------------------------------------------------------------------

def fits(value: int | None) -> bool:
    """An id SQLite can store (Telegram's ids fit in 52 bits; a forged one may not)."""
    return value is not None and -SQLITE_MAX - 1 <= value <= SQLITE_MAX


def small_int(text: str) -> int:
    """A non-negative id or offset from callback data; ValueError for anything else (2⁶⁴ included)."""
    value = int(text)
    if not 0 <= value <= SQLITE_MAX:
        raise ValueError(text)
    return value


async def gate(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group -2: let through only what the consultation is for — a private chat's new messages and buttons.

    Everything else ends here (``ApplicationHandlerStop``), answered or deliberately left alone:
    an edited message (already read as it was first sent), a channel post, any update without a user or a chat
    (polls, inline queries, an inline message's button — whose spinner is stopped), a button without data,
    ids beyond SQLite's range,
    and group chats, where a command or a button is answered with a polite pointer to the private chat (the
    consultation lives in ``user_data``, one per user: a group /cast would overwrite the private one).
    """
    from bot import flow
    from bot.i18n import _, normalize, use

    user, chat, query = update.effective_user, update.effective_chat, update.callback_query
    if update.edited_message is not None or update.edited_channel_post is not None \
            or update.channel_post is not None:
        raise ApplicationHandlerStop
    if user is None or chat is None or not fits(user.id) or not fits(chat.id) or (query and not query.data):
        # (a button without data — a game's, or forged — would match every pattern of PTB's handlers)
        if query is not None:
            await flow.answer_once(query)
        raise ApplicationHandlerStop
    if chat.type == ChatType.PRIVATE:
        return
    known = context.application.bot_data.get("users", {}).get(user.id)
    with use(known.lang if known else normalize(user.language_code)):
        text = _("I read only in a private chat with you; please write to me directly.")
        if query is not None:
            await flow.answer_once(query, text)
        elif update.message is not None and (update.message.text or "").startswith("/"):
            with _suppress_telegram():
                await chat.send_message(text)
    raise ApplicationHandlerStop


class _suppress_telegram:
    """A reply the bot owes nobody (the group's decline): a failure is logged, not raised."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> bool:
        if isinstance(exc, TelegramError):
            log.info("could not answer in a group: %s", redact(str(exc)))
            return True
        return False


# ---- the token ------------------------------------------------------------------------------------------

TOKEN_RE = re.compile(r"\d{3,}:[A-Za-z0-9_-]{20,}")
_tokens: list[str] = []


def protect(token: str | None) -> None:
    """Remember ``token`` for ``redact`` (any token-shaped text is hidden as well)."""
    if token and token not in _tokens:
        _tokens.append(token)


def redact(text: str) -> str:
    for token in _tokens:
        text = text.replace(token, "<token>")
        secret = token.split(":", 1)[-1]
        if len(secret) >= 8:
            text = text.replace(secret, "<token>")
    return TOKEN_RE.sub("<token>", text)


class RedactingFormatter(logging.Formatter):
    """The root handlers' formatter: the whole line, traceback included, with the token hidden."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def redact_logging() -> None:
    """Give every handler of the root logger the redacting formatter (keeping its format)."""
    for handler in logging.getLogger().handlers:
        current = handler.formatter
        if isinstance(current, RedactingFormatter):
            continue
        fmt = current._fmt if current is not None else None  # noqa: SLF001 - the format string it was given
        datefmt = current.datefmt if current is not None else None
        handler.setFormatter(RedactingFormatter(fmt, datefmt))


# ---- the database ------------------------------------------------------------------------------------------

class StartError(Exception):
    """A setting or a file that keeps the bot from starting; its message is the one line shown."""


def check_database(database: str) -> None:
    """Refuse a database the bot could read but not write (found otherwise only when every update fails).

    An SQLite file: a write is tried inside a transaction and rolled back, nothing in the file changes.  A
    PostgreSQL URL is checked when the bot opens it (a server that cannot be reached is the bot's first error).
    """
    from bot.storage import is_postgres_url, sqlite_path

    if is_postgres_url(database):
        return
    try:
        path = sqlite_path(database)
    except ValueError as exc:
        raise StartError(f"DATABASE_URL: {exc}") from None
    if path == ":memory:" or path.startswith("file:"):
        return
    file = Path(path).expanduser()
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StartError(f"cannot create the folder of DATABASE_PATH {file.parent}: {exc.strerror}") from None
    try:
        con = sqlite3.connect(file, timeout=5, isolation_level=None)
    except sqlite3.Error as exc:
        raise StartError(f"cannot open DATABASE_PATH {file}: {exc}") from None
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute("CREATE TABLE liuyao_write_check (x)")
        con.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return  # another process writes it right now: it is writable
        raise StartError(f"DATABASE_PATH {file} is not writable ({exc}); the bot needs to write it") from None
    except sqlite3.DatabaseError as exc:
        raise StartError(f"DATABASE_PATH {file} is not a usable SQLite database ({exc})") from None
    finally:
        con.close()
