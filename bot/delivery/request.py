"""The Bot API as the bot calls it: one request layer that tries a failed call again, and a bot that reads past an
update the library cannot parse.

- ``RetryingRequest``: the Bot API request layer (aiohttp, keep-alive); every call the bot makes (not
  ``getUpdates``, which the updater retries itself) is tried again after a network error, a time-out or a 5xx answer, a few times with a growing pause (about
  2 s in all); 429 is left to PTB's ``AIORateLimiter``, which waits what Telegram asks.
- ``TolerantBot``: an update the library cannot read (a field an older or newer Bot API server shapes
  differently) is logged once and handed on as a bare ``Update(update_id)`` that no handler takes, so the
  offset moves past it and polling goes on (through PTB's public ``do_api_request``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import warnings
from collections import OrderedDict
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import aiohttp
from telegram import Update
from telegram.error import NetworkError, TelegramError, TimedOut
from telegram.ext import ExtBot
from telegram.request import BaseRequest, RequestData
from telegram.warnings import PTBUserWarning

from bot.delivery import replies
from bot.delivery.outage import Outage
from bot.ops import metrics

log = logging.getLogger(__name__)

ATTEMPTS = 4  # tries of one Bot API call before its error reaches the handler
BACKOFF = 0.25  # seconds before the second try; doubled each time, up to MAX_PAUSE
MAX_PAUSE = 1.0
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
        self.proxy = proxy  # TELEGRAM_PROXY for every call (bot.ops.config.bot_api_proxy), or None: the environment's
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
        update is left pending to be answered later (``bot.delivery.replies``)."""
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
