"""What keeps one fault, one odd update or one bad setting from breaking the bot.

- ``RetryingRequest``: the Bot API request layer (aiohttp, keep-alive); every call the bot makes (not
  ``getUpdates``, which the updater retries itself) is tried again after a network error, a time-out or a 5xx answer, a few times with a growing pause (about
  2 s in all); 429 is left to PTB's ``AIORateLimiter``, which waits what Telegram asks.
- ``TolerantBot``: an update the library cannot read (a field an older or newer Bot API server shapes
  differently) is logged once and handed on as a bare ``Update(update_id)`` that no handler takes, so the
  offset moves past it and polling goes on (through PTB's public ``do_api_request``).
- ``gate`` (group -2): the updates the bot is not for get a deliberate answer before any handler sees them —
  edited messages and channel posts are left alone, a button outside a chat (an inline message) is answered,
  group chats are declined politely, ids SQLite cannot hold are ignored.
- ``redact`` and ``RedactingFormatter``: the bot token never reaches a log line or a message on stderr.
- ``check_database``: a database the bot cannot write is refused at start, in one line.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import sqlite3
import time
import warnings
from collections import OrderedDict
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any

import aiohttp
from telegram import Update
from telegram.constants import ChatType
from telegram.error import NetworkError, TelegramError, TimedOut
from telegram.ext import ApplicationHandlerStop, ContextTypes, ExtBot
from telegram.request import BaseRequest, RequestData
from telegram.warnings import PTBUserWarning

from bot import metrics, replies
from bot.outage import Outage

log = logging.getLogger(__name__)

ATTEMPTS = 4  # tries of one Bot API call before its error reaches the handler
BACKOFF = 0.25  # seconds before the second try; doubled each time, up to MAX_PAUSE
MAX_PAUSE = 1.0
SQLITE_MAX = 2**63 - 1  # the largest id an SQLite INTEGER holds
_DEFAULT = type(BaseRequest.DEFAULT_NONE)
_JSON = {"Content-Type": "application/json"}  # what PTB passes for a time-out not given to the call


# ---- transient Bot API errors ------------------------------------------------------------------------------

class RetryingRequest(BaseRequest):
    """The bot's one Bot API request layer: HTTP/1.1 keep-alive connections through aiohttp, and a call tried again
    after a network error, a time-out or a 5xx answer.

    aiohttp rather than PTB's default httpx: its C parser and lighter request path cost about a sixth of httpx's CPU
    per call (bench/bench_bot.py), and the Bot API calls were most of the bot's CPU per update.  PTB's
    ``BaseRequest`` is the extension point for this (its docs: "implement your own networking backend").

    A call that timed out may have reached Telegram, so a retried ``sendMessage`` can arrive twice; a reply seen
    twice is better than a consultation that stops.  ``getUpdates`` is never retried here: the updater's own
    loop does that, and a long poll must not be held up.

    The time-outs are PTB's (``read_timeout`` and the rest, per call or the defaults here); aiohttp has no write
    time-out of its own, so a call as a whole is bounded by their sum.
    """

    def __init__(self, connection_pool_size: int = 256, read_timeout: float | None = 5.0,
                 write_timeout: float | None = 5.0, connect_timeout: float | None = 5.0,
                 pool_timeout: float | None = 1.0, media_write_timeout: float | None = 20.0, *,
                 attempts: int = ATTEMPTS, backoff: float = BACKOFF, max_pause: float = MAX_PAUSE,
                 proxy: str | None = None) -> None:
        self.pool_size = connection_pool_size
        self.proxy = proxy  # TELEGRAM_PROXY for every call (bot.config.bot_api_proxy), or None: the environment's
        self._read_timeout = read_timeout
        self._write_timeout = write_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._media_write_timeout = media_write_timeout
        self._session: aiohttp.ClientSession | None = None
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.max_pause = max_pause
        self.retried = 0  # calls tried again (for the probes)
        # calls that failed after their tries: one warning as it starts, a line a minute, one as it ends
        self.outage = Outage("the Bot API", log)

    def _failed(self, endpoint: str, exc: BaseException) -> None:
        """A call that failed after its tries: logged as an outage, and — a reply, not a button's spinner — its
        update is left pending to be answered later (``bot.replies``)."""
        self.outage.failed(exc, f"({endpoint})")
        if endpoint not in replies.COSMETIC:
            replies.failed(exc)

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        """Open the connection pool (inside the running loop, as aiohttp requires); PTB may call it twice when
        this object is both the bot's request and its getUpdates request."""
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self.pool_size, limit_per_host=0, ttl_dns_cache=300)
            # trust_env: HTTPS_PROXY, HTTP_PROXY and NO_PROXY as every HTTP client reads them; TELEGRAM_PROXY
            # (``proxy``), when set, wins for every call.
            self._session = aiohttp.ClientSession(connector=connector, trust_env=True,
                                                  headers={"User-Agent": self.USER_AGENT})

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: Any = BaseRequest.DEFAULT_NONE, write_timeout: Any = BaseRequest.DEFAULT_NONE,
                         connect_timeout: Any = BaseRequest.DEFAULT_NONE,
                         pool_timeout: Any = BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        endpoint = url.rsplit("/", 1)[-1]  # never the URL itself: it holds the token
        tries = 1 if endpoint == "getUpdates" else self.attempts
        pause = self.backoff
        for attempt in range(1, tries + 1):
            try:
                code, payload = await self._send(url, method, request_data, read_timeout, write_timeout,
                                                 connect_timeout, pool_timeout)
            except NetworkError as exc:  # TimedOut included
                if attempt == tries:
                    self._failed(endpoint, exc)
                    raise
                why = type(exc).__name__
            else:
                if code < 500 or attempt == tries:
                    if code >= 500:
                        self._failed(endpoint, NetworkError(f"HTTP {code}"))
                    elif code != 429:  # (a 429 is the rate limiter's to wait out)
                        self.outage.recovered()
                    return code, payload
                why = f"HTTP {code}"
            self.retried += 1
            # while the Bot API is known to be down, its retries are not news (the outage is logged once)
            log.log(logging.DEBUG if self.outage.ongoing else logging.INFO, "%s: %s, trying again (%d of %d)",
                    endpoint, why, attempt + 1, tries)
            await asyncio.sleep(pause * random.uniform(0.5, 1.0))
            pause = min(pause * 2, self.max_pause)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _send(self, url: str, method: str, request_data: RequestData | None, read_timeout: Any,
                    write_timeout: Any, connect_timeout: Any, pool_timeout: Any) -> tuple[int, bytes]:
        """One try: PTB's parameters as JSON (a multipart form when there are files), its errors as PTB's."""
        if self._session is None or self._session.closed:
            raise RuntimeError("This RetryingRequest is not initialized!")
        files = request_data.contains_files if request_data else False
        read = self._read_timeout if isinstance(read_timeout, _DEFAULT) else read_timeout
        write = ((self._media_write_timeout if files else self._write_timeout)
                 if isinstance(write_timeout, _DEFAULT) else write_timeout)
        connect = self._connect_timeout if isinstance(connect_timeout, _DEFAULT) else connect_timeout
        pool = self._pool_timeout if isinstance(pool_timeout, _DEFAULT) else pool_timeout
        parts = (read, write, connect, pool)
        timeout = aiohttp.ClientTimeout(
            total=None if None in parts else sum(parts),  # type: ignore[arg-type]
            connect=None if pool is None or connect is None else pool + connect,  # a free connection, then TCP
            sock_connect=connect, sock_read=read)
        data: Any = None
        headers = None
        if files and request_data is not None:
            form = aiohttp.FormData(request_data.json_parameters)
            for name, (filename, content, mimetype) in request_data.multipart_data.items():
                form.add_field(name, content, filename=filename, content_type=mimetype)
            data = form
        elif request_data is not None:
            # A JSON body, as the Bot API accepts: one C-encoded dumps instead of quoting every form field.
            data = json.dumps(request_data.parameters, ensure_ascii=False, separators=(",", ":")).encode()
            headers = _JSON
        endpoint = url.rsplit("/", 1)[-1]
        try:
            async with self._session.request(method, url, data=data, headers=headers, timeout=timeout,
                                             proxy=self.proxy) as response:
                payload = await response.read()
        except TimeoutError as exc:  # aiohttp's time-outs (connect, pool, read) subclass it
            metrics.API_FAILURES.labels(endpoint).inc()
            raise TimedOut from exc
        except aiohttp.ClientError as exc:
            metrics.API_FAILURES.labels(endpoint).inc()
            raise NetworkError(f"aiohttp.{type(exc).__name__}: {exc}") from exc
        metrics.API_CALLS.labels(endpoint, metrics.status_class(response.status)).inc()
        if response.status == 429:
            metrics.RATE_LIMITED.labels(endpoint).inc()
        return response.status, payload


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


# PTB's loggers are named by class (its logging docs): ``telegram.Bot`` and ``telegram.ext.ExtBot``.
for _name in ("telegram.Bot", "telegram.ext.ExtBot"):
    logging.getLogger(_name).addFilter(_HandledParseError())


class TolerantBot(ExtBot):
    """``ExtBot`` whose ``getUpdates`` survives an update it cannot parse.

    PTB parses the whole batch at once, so one unreadable update raised every time, the offset never moved and
    polling stopped for good while the log filled.  Here a batch that does not parse is asked for again through
    the public ``do_api_request`` (its offset was not confirmed, so Telegram sends the same updates), as JSON,
    and each of its updates is parsed alone; one that does not parse becomes a bare ``Update(update_id)`` that
    no handler takes, whose id still moves the offset on.  A batch that parses (nearly all) is parsed once, by
    PTB, as usual.
    """

    async def get_updates(self, offset: int | None = None, limit: int | None = None,
                          timeout: int | timedelta | None = None, allowed_updates: Sequence[str] | None = None,
                          **kwargs: Any) -> tuple[Update, ...]:
        try:
            return await super().get_updates(offset, limit, timeout, allowed_updates, **kwargs)
        except TelegramError:
            raise
        except Exception:  # noqa: BLE001 - whatever the library raised reading the batch: update by update
            asked = {"offset": offset, "limit": limit, "timeout": 0, "allowed_updates": allowed_updates}
            with warnings.catch_warnings():  # PTB points to get_updates, which is what cannot parse this batch
                warnings.filterwarnings("ignore", "Please use 'Bot.getUpdates'", PTBUserWarning)
                raw = await self.do_api_request("getUpdates", api_kwargs={k: v for k, v in asked.items()
                                                                          if v is not None})
            return tuple(u for item in (raw if isinstance(raw, list) else []) if (u := self._readable(item)))

    def _readable(self, raw: Any) -> Update | None:
        try:
            return Update.de_json(raw, self)
        except Exception as exc:  # noqa: BLE001 - whatever PTB raises on an update it cannot read: skip it
            update_id = raw.get("update_id") if isinstance(raw, dict) else None
            if _unreadable.first(update_id):
                kinds = sorted(k for k in raw if k != "update_id") if isinstance(raw, dict) else []
                log.warning("skipped update %s (%s) that could not be read: %s: %s", update_id,
                            ", ".join(kinds) or "no content", type(exc).__name__, str(exc)[:200])
            if isinstance(update_id, int) and not isinstance(update_id, bool):
                return Update(update_id)
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
    ids beyond SQLite's range, a message with text no database can keep (``unstorable``: answered),
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
    known = context.application.bot_data.get("users", {}).get(user.id)
    if chat.type == ChatType.PRIVATE:
        message = update.message
        if message is not None and unstorable(message.text or message.caption or ""):
            with use(known.lang if known else normalize(user.language_code)):
                await chat.send_message(_("That message contains a character I cannot keep (a control character or "
                                          "a broken one). Please type it again without it."))
            raise ApplicationHandlerStop
        return
    with use(known.lang if known else normalize(user.language_code)):
        text = _("I read only in a private chat with you; please write to me directly.")
        if query is not None:
            await flow.answer_once(query, text)
        elif update.message is not None and (update.message.text or "").startswith("/"):
            with _suppress_telegram():
                await chat.send_message(text)
    raise ApplicationHandlerStop


def unstorable(text: str) -> bool:
    """Text no database of the bot can keep as sent: a NUL (PostgreSQL's text refuses it) or half of a UTF-16
    pair (no UTF-8 encodes it).  Such a message is refused with a word before anything of it is stored."""
    return any(ch == "\x00" or "\ud800" <= ch <= "\udfff" for ch in text)


class _suppress_telegram:
    """A reply the bot owes nobody (the group's decline): a failure is logged, not raised."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> bool:
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


class JsonFormatter(RedactingFormatter):
    """``LOG_FORMAT=json``: one JSON object a line — time (UTC, ISO 8601), level, logger, message, and the
    traceback as ``exc`` — the token hidden as in the text lines."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exc"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return redact(json.dumps(entry, ensure_ascii=False))


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


def check_database(database: str, wait: float = 0.0) -> None:
    """Refuse a database the bot could read but not write (found otherwise only when every update fails).

    An SQLite file: a write is tried inside a transaction and rolled back, nothing in the file changes.  A
    PostgreSQL URL: the database is opened (and migrated) once, a server not ready yet waited for up to ``wait``
    seconds (``_check_postgres``); one that cannot be reached is then an ``OSError`` (the caller's status 1: worth
    a restart), a database that refuses the bot a ``StartError`` (status 2).
    """
    from bot.storage import is_postgres_url, sqlite_path

    if is_postgres_url(database):
        _check_postgres(database, wait)
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


CONNECT_TIMEOUT = 10.0  # seconds for one try to connect and migrate


def database_reason(exc: BaseException) -> str:
    """What went wrong, in one line that is never empty (a time-out's ``str`` is)."""
    return " ".join(str(exc).split()) or type(exc).__name__


def _check_postgres(url: str, wait: float) -> None:
    """Open the database once; a passing state (starting up, shutting down, too many clients, no answer) is
    tried again with a growing pause (1 s to 10 s) for up to ``wait`` seconds, then an ``OSError`` (status 1:
    the unit and compose restart the bot); a refusal is a ``StartError`` at once (status 2)."""
    import asyncio

    from bot.storage import StorageError, describe_url, open_storage
    from bot.storage.errors import passing_failure

    async def probe() -> None:
        storage = await open_storage(url, connect_timeout=CONNECT_TIMEOUT)
        await storage.close()

    where = describe_url(url)
    deadline = time.monotonic() + wait
    pause = 1.0
    warned = False
    while True:
        try:
            asyncio.run(probe())
            if warned:
                log.warning("the database %s is ready", where)
            return
        except StorageError as exc:  # not ours, too new, a migration that failed
            raise StartError(f"DATABASE_URL {where}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - the driver's and the network's failures, sorted below
            reason = database_reason(exc)
            if not passing_failure(exc):  # no such database, a wrong password …
                raise StartError(f"cannot open DATABASE_URL {where}: {reason}") from None
            if time.monotonic() + pause > deadline:
                raise OSError(f"cannot reach the database {where} (not ready after {wait:.0f} s): {reason}") from None
            if not warned:
                log.warning("the database %s is not ready (%s); trying again for up to %.0f s", where, reason, wait)
                warned = True
            time.sleep(pause)
            pause = min(pause * 2, 10.0)
