"""Configuration from the environment (see README "Configuration" and ``deploy/liuyao.env.example``)."""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta

DEFAULT_DATABASE = "./data/liuyao.sqlite3"
DEFAULT_CONSULTATION_TTL_HOURS = 24.0
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
    readings_per_minute: int = 10  # a user's readings in a minute; 0 for no cap (bot.limits)
    queued_updates_per_user: int = 20  # a user's updates waiting or running; more are skipped (bot.lanes)

    @property
    def database(self) -> str:
        """What the bot opens: DATABASE_URL, else the SQLite file DATABASE_PATH."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        e = os.environ if env is None else env
        port_text = e.get("PORT") or e.get("WEBHOOK_PORT") or "8443"
        try:
            port = int(port_text)
        except ValueError:
            raise ValueError(f"PORT must be a number, not {port_text!r}") from None
        readings = _count(e, "READINGS_PER_MINUTE", 10)
        queued = max(1, _count(e, "QUEUED_UPDATES_PER_USER", 20))
        ttl_text = e.get("CONSULTATION_TTL_HOURS") or str(DEFAULT_CONSULTATION_TTL_HOURS)
        try:
            ttl_hours = float(ttl_text)
        except ValueError:
            ttl_hours = math.nan
        if not math.isfinite(ttl_hours) or ttl_hours <= 0:
            raise ValueError(f"CONSULTATION_TTL_HOURS must be a number of hours above 0, not {ttl_text!r}")
        url = e.get("DATABASE_URL") or None
        if url is not None:
            from bot.storage import is_postgres_url, sqlite_path

            if not is_postgres_url(url):
                sqlite_path(url)  # a ValueError naming the forms it accepts
        return cls(
            token=e.get("TELEGRAM_BOT_TOKEN") or None,
            api_base_url=e.get("TELEGRAM_API_BASE_URL") or None,
            database_path=e.get("DATABASE_PATH") or DEFAULT_DATABASE,
            webhook_url=e.get("WEBHOOK_URL") or None,
            listen=e.get("WEBHOOK_LISTEN") or "0.0.0.0",
            port=port,
            webhook_secret=e.get("WEBHOOK_SECRET") or None,
            database_url=url,
            consultation_ttl=timedelta(hours=ttl_hours),
            readings_per_minute=readings,
            queued_updates_per_user=queued,
        )


def _count(env: Mapping[str, str], name: str, default: int) -> int:
    text = env.get(name) or str(default)
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {value}")
    return value


def configure_logging() -> None:
    """One log format for the long-running commands (bot, broadcast), the token hidden in every line (tracebacks
    included); httpx's per-request lines are noise (and they name the URL, which holds the token)."""
    from bot.guard import redact_logging

    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO)
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # "Adding job tentatively …" at every start
    redact_logging()
