"""The values the storage takes and gives: constants, instants and dates, and the checks on what a caller passes.

Both engines validate here, before any SQL, so a bad value is the same ``ValueError``/``TypeError`` on each.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time
from typing import Any, Final, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

LANGUAGES: Final = ("en", "ko", "ja", "zh_Hans", "zh_Hant")
DAY_BOUNDARIES: Final = (23, 0)
COIN_CONVENTIONS: Final = ("backs", "faces")
OUTCOMES: Final = ("happened", "did_not")
DELIVERY_STATUSES: Final = ("pending", "sent", "failed")
ID_MIN: Final = -(2**63)
ID_MAX: Final = 2**63 - 1  # a BIGINT, and an SQLite INTEGER: the ids either engine can hold

Outcome = Literal["happened", "did_not"]
Clock = Callable[[], datetime]


def fits(value: int) -> bool:
    """Whether an id can be stored at all (Telegram's ids do; a forged one may not)."""
    return ID_MIN <= value <= ID_MAX


# ------------------------------------------------------------------------------------------------------ time


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """An aware datetime in UTC; a naive one is refused (it names no instant)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"a naive datetime is not an instant; give it a time zone: {moment!r}")
    return moment.astimezone(UTC)


def format_utc(moment: datetime) -> str:
    """An aware datetime as SQLite stores it: UTC, fixed width, ``2024-02-04T08:27:00.000000Z``."""
    return as_utc(moment).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_utc(text: str | None) -> datetime | None:
    """A stored instant back as an aware UTC datetime."""
    return None if text is None else datetime.fromisoformat(text).astimezone(UTC)


def as_date(value: date | str) -> date:
    """A calendar date from a ``date`` or ``YYYY-MM-DD`` (a datetime is refused: it is not a date)."""
    if isinstance(value, datetime):
        raise TypeError("a date is wanted, not a datetime")
    if isinstance(value, date):
        return value
    return date.fromisoformat(value)


def date_text(value: date | str) -> str:
    return as_date(value).isoformat()


def parse_date(text: str | None) -> date | None:
    return None if text is None else date.fromisoformat(text)


# ------------------------------------------------------------------------------------------------ validation

_HHMM = re.compile(r"([01]\d|2[0-3]):[0-5]\d")


def check_lang(value: str) -> str:
    norm = str(value).replace("-", "_")
    if norm not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {value!r}")
    return norm


def check_zone(value: str) -> str:
    name = str(value)
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"not an IANA time zone: {value!r}") from None
    return name


def check_day_boundary(value: int) -> int:
    if int(value) not in DAY_BOUNDARIES:
        raise ValueError(f"day boundary must be 23 or 0, not {value!r}")
    return int(value)


def check_coins(value: str) -> str:
    if str(value) not in COIN_CONVENTIONS:
        raise ValueError(f"coin convention must be 'backs' or 'faces', not {value!r}")
    return str(value)


def check_hhmm(value: str | time) -> str:
    if isinstance(value, time):
        return value.strftime("%H:%M")
    if not _HHMM.fullmatch(str(value)):
        raise ValueError(f"delivery time must be HH:MM (00:00-23:59), not {value!r}")
    return str(value)


def check_lines(value: str) -> str:
    text = str(value)
    if len(text) != 6 or any(c not in "6789" for c in text):
        raise ValueError(f"lines must be six values 6-9, bottom first, like '789968', not {value!r}")
    return text


def json_text(value: Any, what: str) -> str:
    """JSON text for a value, or the value itself if it is already JSON text."""
    if isinstance(value, str):
        try:
            json.loads(value)
        except ValueError:
            raise ValueError(f"{what} is a str but not JSON text") from None
        return value
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{what} must be JSON-serialisable: {exc}") from None


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


