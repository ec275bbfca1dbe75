"""Configuration from the environment (see README "Configuration" and ``deploy/liuyao.env.example``)."""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

from bot.ops.logs import JsonFormatter, Repeated, redact_logging
from bot.storage import is_postgres_url, sqlite_path

DEFAULT_DATABASE = "./data/liuyao.sqlite3"
DEFAULT_CONSULTATION_TTL_HOURS = 24.0
LOG_FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# The zone a new user starts in, by language (changeable with /tz).
DEFAULT_ZONES = {"ko": "Asia/Seoul", "ja": "Asia/Tokyo", "zh_Hans": "Asia/Shanghai", "zh_Hant": "Asia/Taipei",
                 "en": "UTC"}


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    api_base_url: str | None  # e.g. http://127.0.0.1:8081/bot — another Bot API server
    database_path: str
    webhook_url: str | None
    listen: str
    port: int
    webhook_secret: str | None
    database_url: str | None = None  # postgresql://… or sqlite:///…; wins over database_path
    consultation_ttl: timedelta = timedelta(hours=DEFAULT_CONSULTATION_TTL_HOURS)
    readings_per_minute: int = 10  # a user's readings in a minute; 0 for no cap (bot.handlers.limits)
    queued_updates_per_user: int = 20  # a user's updates waiting or running; more are skipped (bot.delivery.lanes)
    update_slots: int = 0  # updates handled at once (UPDATE_SLOTS); 0: the engine's default (bot.delivery.lanes)

    @property
    def database(self) -> str:
        """What the bot opens: DATABASE_URL, else the SQLite file DATABASE_PATH."""
        return self.database_url or self.database_path
    ops_port: int = 0  # GET /healthz and /metrics (bot.ops.health); 0: off (from_env: OPS_PORT, default 8090)
    ops_listen: str = "127.0.0.1"
    log_format: str = "text"  # or "json": one JSON object a line
    allow_paid_broadcast: bool = False  # Telegram's paid broadcasts: above 30 a second, 0.1 Star a message
    proxy: str | None = None  # TELEGRAM_PROXY: an HTTP(S) proxy for the Bot API calls (else the environment's)
    database_start_wait: float = 60.0  # DATABASE_START_WAIT: seconds a database not ready yet is waited for at start
    shutdown_grace: float = 8.0  # SHUTDOWN_GRACE: seconds the updates being handled get at a stop (bot.delivery.stopping)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        e = os.environ if env is None else env
        port_text = e.get("PORT") or e.get("WEBHOOK_PORT") or "8443"
        try:
            port = int(port_text)
        except ValueError:
            raise ValueError(f"PORT must be a number, not {port_text!r}") from None
        readings = _count(e, "READINGS_PER_MINUTE", 10)
        queued = max(1, _count(e, "QUEUED_UPDATES_PER_USER", 20))
        slots = _count(e, "UPDATE_SLOTS", 0)
        ttl_text = e.get("CONSULTATION_TTL_HOURS") or str(DEFAULT_CONSULTATION_TTL_HOURS)
        try:
            ttl_hours = float(ttl_text)
        except ValueError:
            ttl_hours = math.nan
        if not math.isfinite(ttl_hours) or ttl_hours <= 0:
            raise ValueError(f"CONSULTATION_TTL_HOURS must be a number of hours above 0, not {ttl_text!r}")
        url = e.get("DATABASE_URL") or None
        if url is not None and not is_postgres_url(url):
            sqlite_path(url)  # a ValueError naming the forms it accepts
        ops_text = e.get("OPS_PORT") or "8090"
        try:
            ops_port = int(ops_text)
        except ValueError:
            raise ValueError(f"OPS_PORT must be a number (0 to turn the health and metrics port off), "
                             f"not {ops_text!r}") from None
        start_wait = _seconds(e, "DATABASE_START_WAIT", 60.0)
        grace = _seconds(e, "SHUTDOWN_GRACE", 8.0)
        log_format = (e.get("LOG_FORMAT") or "text").lower()
        if log_format not in LOG_FORMATS:
            raise ValueError(f"LOG_FORMAT must be text or json, not {log_format!r}")
        return cls(
            token=e.get("TELEGRAM_BOT_TOKEN") or None,
            api_base_url=e.get("TELEGRAM_API_BASE_URL") or None,
            database_path=e.get("DATABASE_PATH") or DEFAULT_DATABASE,
            webhook_url=e.get("WEBHOOK_URL") or None,
            listen=e.get("WEBHOOK_LISTEN") or "127.0.0.1",
            port=port,
            webhook_secret=e.get("WEBHOOK_SECRET") or None,
            database_url=url,
            consultation_ttl=timedelta(hours=ttl_hours),
            ops_port=ops_port,
            ops_listen=e.get("OPS_LISTEN") or "127.0.0.1",
            log_format=log_format,
            allow_paid_broadcast=flag(e, "ALLOW_PAID_BROADCAST"),
            readings_per_minute=readings,
            queued_updates_per_user=queued,
            update_slots=slots,
            proxy=bot_api_proxy(e),
            database_start_wait=start_wait,
            shutdown_grace=grace,
        )


def bot_api_proxy(env: Mapping[str, str]) -> str | None:
    """``TELEGRAM_PROXY``: a proxy for the Bot API alone, where Telegram is reached only through one (an HTTP or
    HTTPS URL; SOCKS is refused, as aiohttp alone cannot speak it).  Unset, the request layer follows the usual
    ``HTTPS_PROXY``/``HTTP_PROXY``/``NO_PROXY`` as aiohttp reads them (``trust_env``), like any HTTP client."""
    proxy = env.get("TELEGRAM_PROXY") or None
    if proxy is None:
        return None
    parts = urlsplit(proxy)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"the Bot API proxy must be an http:// or https:// URL (SOCKS is not supported), "
                         f"not {parts.scheme or proxy!r}")
    return proxy


def flag(env: Mapping[str, str], name: str) -> bool:
    """An on/off setting: 1, true, yes, on (any case) are on; unset or empty is off; anything else is refused."""
    text = (env.get(name) or "").strip().lower()
    if text in ("", "0", "false", "no", "off"):
        return False
    if text in ("1", "true", "yes", "on"):
        return True
    raise ValueError(f"{name} must be on or off (1/0, true/false, yes/no), not {text!r}")


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    """A number of seconds, 0 or more (unset or empty: ``default``)."""
    text = env.get(name) or f"{default:g}"
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a number of seconds (0 or more), not {text!r}")
    return value


def _count(env: Mapping[str, str], name: str, default: int) -> int:
    text = env.get(name) or str(default)
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {value}")
    return value


def configure_logging(env: Mapping[str, str] | None = None) -> None:
    """One log format for the long-running commands (bot, broadcast), the token hidden in every line (tracebacks
    included); httpx's per-request lines are noise (and they name the URL, which holds the token).

    ``LOG_FORMAT=json``: one JSON object a line (``bot.ops.logs.JsonFormatter``), for a log collector; an unknown
    value is refused by ``Config.from_env`` (the lines before that are text)."""
    e = os.environ if env is None else env
    logging.basicConfig(format=TEXT_FORMAT, level=logging.INFO)
    if (e.get("LOG_FORMAT") or "").lower() == "json":
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # "Adding job tentatively …" at every start
    # asyncpg's pool reconnects every second while PostgreSQL is away, each failure logged with its traceback:
    # the first said, then one a minute (the bot's own lines say the outage once: bot.delivery.outage)
    pool = logging.getLogger("asyncpg.pool")
    if not any(isinstance(f, Repeated) for f in pool.filters):
        pool.addFilter(Repeated("Failed to restore the pool connection floor"))
    redact_logging()
