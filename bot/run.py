"""``liuyao bot``: polling (default) or webhook mode, stopping cleanly on SIGTERM/SIGINT.

A setting or a file the bot cannot start with is one line on stderr and exit status 2 (the systemd unit does not
restart on 2); a Bot API that cannot be reached at start, or a database still not ready after
``DATABASE_START_WAIT`` seconds (starting up, shutting down, too many clients, no answer), is one line and status 1
(restarted, within the unit's start limit).  The token is never printed (``bot.ops.logs.redact``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import sys
from functools import partial
from typing import Any
from urllib.parse import urlsplit

from telegram import Bot, Update
from telegram.error import InvalidToken, NetworkError, TelegramError
from telegram.request import HTTPXRequest

from bot.delivery.broadcast import DEFAULT_CONCURRENCY, DEFAULT_RATE, BroadcastStats, broadcast_once
from bot.delivery.stopping import Stopper, exit_loop
from bot.delivery.webhook import serve_webhook
from bot.handlers.app import build_application
from bot.handlers.subscription import install
from bot.ops.collector import settle
from bot.ops.config import Config, configure_logging
from bot.ops.logs import protect, redact
from bot.render import korean
from bot.render.i18n import LANGS, translations
from bot.storage.check import StartError, check_database

log = logging.getLogger(__name__)


def run_bot(env: dict[str, str] | None = None) -> int:
    configure_logging(env)
    try:
        config = Config.from_env(env)
    except ValueError as exc:
        return refuse(str(exc))
    if not config.token:
        return refuse("set TELEGRAM_BOT_TOKEN (or run `liuyao console` to use the bot without Telegram)")
    protect(config.token)
    try:
        check_database(config.database, config.database_start_wait)
        asyncio.run(preflight(config))
        # /today /subscribe /unsubscribe and the daily broadcast (paid broadcasts only when ALLOW_PAID_BROADCAST)
        app = build_application(config, extra=partial(install, paid=config.allow_paid_broadcast))
        for lang in LANGS:  # every catalog compiled now, not while a user waits (and frozen by settle)
            translations(lang)
        korean.warm()
        settle()
        log.info("event loop: %s", event_loop())
        if config.webhook_url:
            run_webhook(app, config)
        else:
            run_polling(app, config)
    except StartError as exc:
        return refuse(str(exc))
    except InvalidToken:
        return refuse("the Bot API refused TELEGRAM_BOT_TOKEN (check the token from @BotFather, and "
                      "TELEGRAM_API_BASE_URL if set)")
    except NetworkError as exc:
        return refuse(f"cannot reach the Bot API ({exc}); check the network and TELEGRAM_API_BASE_URL", status=1)
    except TelegramError as exc:
        return refuse(f"the Bot API refused to start the bot: {exc}", status=1)
    except OSError as exc:  # the webhook's port taken, a file that cannot be read …
        return refuse(f"cannot start: {exc}", status=1)
    return 0


def event_loop() -> str:
    """Serve Telegram on uvloop's event loop where it is installed (not on Windows): the same asyncio API, about a
    sixth less CPU per update (bench/bench_bot.py), most of it the loop's own bookkeeping between the Bot API's
    calls.  PTB creates its loop from the policy set here.  Returns the loop's name, for the log."""
    try:
        import uvloop
    except ImportError:
        return "asyncio"
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return "uvloop"


async def preflight(config: Config) -> None:
    """getMe once before PTB starts, so that a refused token or an unreachable server is our one line (PTB's
    start-up logs a traceback of its own for either)."""
    request = HTTPXRequest(proxy=config.proxy)
    bot = Bot(config.token or "", base_url=config.api_base_url, request=request) if config.api_base_url \
        else Bot(config.token or "", request=request)
    async with bot:  # initialize() calls getMe
        pass


def run_polling(app: Any, config: Config) -> None:
    """PTB's ``run_polling`` with our stop (``bot.delivery.stopping``): its loop made here so the stop signals are ours."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)  # (run_polling runs on the current loop)
    stopper = Stopper(app, config.shutdown_grace, then=exit_loop)
    stopper.install(loop)
    try:
        app.run_polling(allowed_updates=Update.ALL_TYPES, stop_signals=None)
    finally:
        stopper.finished()


def run_webhook(app: Any, config: Config) -> None:
    """Listen on the path of WEBHOOK_URL (https://host/liuyao → /liuyao), and only for requests that carry the
    secret registered with setWebhook: WEBHOOK_SECRET, or one drawn for this run when it is not set."""
    secret = config.webhook_secret
    if not secret:
        secret = secrets.token_urlsafe(32)
        log.info("WEBHOOK_SECRET is not set: a random secret is registered with Telegram for this run")
    asyncio.run(serve_webhook(app, host=config.listen, port=config.port,
                              path=urlsplit(config.webhook_url or "").path.strip("/"), url=config.webhook_url or "",
                              secret=secret, allowed_updates=list(Update.ALL_TYPES), grace=config.shutdown_grace))


def refuse(message: str, *, status: int = 2, command: str = "liuyao bot") -> int:
    print(f"{command}: {redact(message)}", file=sys.stderr)
    return status


def run_broadcast_cli(*, concurrency: int = DEFAULT_CONCURRENCY, rate: float = DEFAULT_RATE,
                      release_stale: bool = False, env: dict[str, str] | None = None) -> int:
    """``liuyao broadcast``: TELEGRAM_BOT_TOKEN, TELEGRAM_API_BASE_URL, DATABASE_URL/DATABASE_PATH as for the bot.

    SIGTERM/SIGINT stop it cleanly: the sends in flight are confirmed, nothing new starts.  Exit 0 when the pass
    completed, 1 when it was stopped or raised, 2 without a token.
    """
    configure_logging(env)
    try:
        config = Config.from_env(env)
    except ValueError as exc:
        return refuse(str(exc), command="liuyao broadcast")
    if not config.token:
        return refuse("set TELEGRAM_BOT_TOKEN (and DATABASE_PATH, TELEGRAM_API_BASE_URL as for the bot)",
                      command="liuyao broadcast")
    protect(config.token)
    try:
        check_database(config.database)
    except StartError as exc:
        return refuse(str(exc), command="liuyao broadcast")
    except OSError as exc:  # a database server that cannot be reached
        return refuse(str(exc), status=1, command="liuyao broadcast")
    stopping = False

    def stop() -> None:
        nonlocal stopping
        stopping = True

    async def main() -> BroadcastStats:
        # Everything loaded so far (PTB, Babel, the star tables, the catalogs) lives as long as the process: keep
        # it out of the collector, whose full passes over it would stall the even pace of the sends.
        settle()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop)
        return await broadcast_once(config.token, config.api_base_url, config.database,  # type: ignore[arg-type]
                                    concurrency=concurrency, rate=rate, release_stale=release_stale,
                                    should_stop=lambda: stopping, paid=config.allow_paid_broadcast,
                                    proxy=config.proxy)

    try:
        stats = asyncio.run(main())
    except InvalidToken:
        return refuse("the Bot API refused TELEGRAM_BOT_TOKEN (check the token from @BotFather, and "
                      "TELEGRAM_API_BASE_URL if set)", command="liuyao broadcast")
    except NetworkError as exc:
        return refuse(f"cannot reach the Bot API ({exc}); check the network and TELEGRAM_API_BASE_URL", status=1,
                      command="liuyao broadcast")
    except Exception as exc:
        log.exception("broadcast failed")
        return refuse(str(exc), status=1, command="liuyao broadcast")
    print(f"liuyao broadcast: {stats.summary()}")
    return 1 if stats.stopped else 0
