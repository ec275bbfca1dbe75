"""The bot's database: one SQLite file, opened through aiosqlite.

What is stored, and how
=======================

- **One file**, WAL journal, ``foreign_keys=ON``, ``busy_timeout`` (5 s by default), ``synchronous=FULL`` by
  default (every commit is on disk when ``await`` returns: durable against a killed process *and* a power cut).
- **Schema version** in ``PRAGMA user_version``; ``MIGRATIONS`` is the ordered list of steps (SQL scripts or
  async functions).  At open, every step above the file's version runs in its own ``BEGIN IMMEDIATE``
  transaction together with the ``user_version`` bump, after re-reading the version inside that transaction,
  so a step is applied exactly once even when two processes open the same file at once, and a failing step
  leaves the file at the previous version.  A file written by a *newer* program (version above
  ``SCHEMA_VERSION``) is refused with ``SchemaTooNewError``; a SQLite file that is not ours (version 0 but
  tables present, or a foreign ``application_id``) is refused with ``ForeignDatabaseError``.
- **Times**: instants are stored as UTC ISO 8601 text of fixed width, ``YYYY-MM-DDTHH:MM:SS.ffffffZ``, so text
  order is time order and the file is readable in the ``sqlite3`` shell; calendar dates (a subscriber's local
  date, an outcome's date) as ``YYYY-MM-DD``; wall-clock delivery times as ``HH:MM``.  The API takes and returns
  aware ``datetime`` (UTC), ``date`` and ``str``.
- **Concurrency**: one connection per ``Storage``; every statement runs under one ``asyncio.Lock`` (writes in
  an explicit ``BEGIN IMMEDIATE … COMMIT``), so coroutines never interleave inside a transaction and a read
  never sees another coroutine's uncommitted writes.  Other processes on the same file are serialised by
  SQLite (``BEGIN IMMEDIATE`` + ``busy_timeout``).  Use one ``Storage`` from one event loop.

Daily broadcast: delivery semantics
===================================

A delivery is keyed by ``(user_id, local_date)`` — the subscriber and the date *in the subscription's zone* —
so a user gets at most one message per local date however often they change their time or re-subscribe.

The sender does, for each ``DueSubscription`` yielded by ``iter_due_subscriptions(now)``::

    if await storage.reserve_delivery(due):          # commit 1: row 'pending', leased to this process
        try:
            msg = await bot.send_message(due.chat_id, ...)
        except Forbidden:                            # blocked: give up for good
            await storage.fail_delivery(due, error="blocked", retry=False)
            await storage.unsubscribe(due.user_id, reason="blocked")
        except (RetryAfter, NetworkError) as e:      # transient: due again later today
            await storage.fail_delivery(due, error=str(e), retry=True, retry_after=...)
        else:
            await storage.confirm_delivery(due, message_id=msg.message_id)   # commit 2: 'sent'

What a crash (SIGKILL, power cut) does in each window:

1. before commit 1: nothing recorded; the subscription is still due → sent after the restart.
2. between commit 1 and the request reaching Telegram: a 'pending' row; after the restart it is claimable as
   soon as its lease has run out (``lease``, 5 min by default) or at once if the new process calls
   ``release_stale_reservations()`` at start → sent once.  Never skipped.
3. between Telegram accepting the message and commit 2: Telegram offers no idempotency key, so the new process
   cannot know the message arrived; the row is 'pending' and is sent again → **one duplicate**.  This window is
   one HTTP response plus one SQLite commit (milliseconds); the sender must do nothing else between
   ``send_message`` returning and ``confirm_delivery``.
4. after commit 2: 'sent' — never due again that local date.

So delivery is **at-least-once** with the duplicate window kept to the unavoidable minimum: a missed daily
message is silent and unrecoverable, a duplicate is visible and harmless.  A message that kills the sender every
time is not retried forever: after ``max_attempts`` reservations (default 5) the row is no longer due.

What is due: an active subscription whose local time today (local date and ``HH:MM`` in its zone, at ``now``)
has come, whose ``starts_on`` date has come, and that has no delivery for that local date which is 'sent',
'pending' under a live lease, 'failed' for good, 'failed' waiting for its ``retry_after`` or out of attempts.
Only *today's* local date is considered: a day missed while the bot was down is not sent afterwards.  A DST gap
is harmless (at 03:00 after a 02:00→03:00 jump, a 02:30 subscriber is due); a repeated hour cannot send twice.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import re
import socket
import sqlite3
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import aiosqlite

__all__ = [
    "APPLICATION_ID",
    "COIN_CONVENTIONS",
    "DAY_BOUNDARIES",
    "DEFAULT_DATABASE_PATH",
    "LANGUAGES",
    "MIGRATIONS",
    "OUTCOMES",
    "SCHEMA_VERSION",
    "Delivery",
    "DueSubscription",
    "ForeignDatabaseError",
    "HistoryPage",
    "Migration",
    "MigrationError",
    "NatalReading",
    "Reading",
    "ReadingPage",
    "SchemaTooNewError",
    "Storage",
    "StorageError",
    "Subscription",
    "User",
    "database_path_from_env",
    "format_utc",
    "parse_utc",
]

_LOG = logging.getLogger(__name__)

DEFAULT_DATABASE_PATH: Final = "./data/liuyao.sqlite3"
APPLICATION_ID: Final = 0x4C59_414F  # 'LYAO', in the file header: marks the file as ours
LANGUAGES: Final = ("en", "ko", "ja", "zh_Hans", "zh_Hant")
DAY_BOUNDARIES: Final = (23, 0)
COIN_CONVENTIONS: Final = ("backs", "faces")
OUTCOMES: Final = ("happened", "did_not")
DELIVERY_STATUSES: Final = ("pending", "sent", "failed")

Outcome = Literal["happened", "did_not"]
Clock = Callable[[], datetime]


def database_path_from_env() -> str:
    """``$DATABASE_PATH``, or ``./data/liuyao.sqlite3``."""
    return os.environ.get("DATABASE_PATH") or DEFAULT_DATABASE_PATH


# --------------------------------------------------------------------------------------------------- errors


class StorageError(Exception):
    """A database that cannot be used as asked."""


class SchemaTooNewError(StorageError):
    """The file was written by a newer version of the program; opening it could lose data."""


class MigrationError(StorageError):
    """A migration step failed; the file was left at the last version that completed."""


class ForeignDatabaseError(StorageError):
    """The file is a SQLite database, but not one of ours."""


# ------------------------------------------------------------------------------------------------ migrations


@dataclass(frozen=True, slots=True)
class Migration:
    """One step forward: the schema at ``version - 1`` becomes the schema at ``version``.

    ``apply`` is a SQL script (statements separated by ``;``) or an ``async`` function given the connection.
    It runs inside a transaction the runner opens and commits (with the ``user_version`` bump); it must not
    commit itself.  A step that rebuilds a table should follow SQLite's 12-step recipe with
    ``PRAGMA defer_foreign_keys=ON`` (``foreign_keys`` cannot be switched inside a transaction).
    """

    version: int
    description: str
    apply: str | Callable[[aiosqlite.Connection], Awaitable[None]]


_V1_CORE = """
CREATE TABLE users (
    user_id       INTEGER PRIMARY KEY,                 -- Telegram user id
    lang          TEXT    NOT NULL DEFAULT 'en'
                  CHECK (lang IN ('en', 'ko', 'ja', 'zh_Hans', 'zh_Hant')),
    tz            TEXT    NOT NULL DEFAULT 'UTC',      -- IANA zone name
    day_boundary  INTEGER NOT NULL DEFAULT 23 CHECK (day_boundary IN (23, 0)),
    coins         TEXT    NOT NULL DEFAULT 'backs' CHECK (coins IN ('backs', 'faces')),
    created_at    TEXT    NOT NULL,                    -- UTC
    updated_at    TEXT    NOT NULL                     -- UTC
);

CREATE TABLE readings (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused, so a deleted id never points elsewhere
    user_id        INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    created_at     TEXT    NOT NULL,                   -- UTC
    lines          TEXT    NOT NULL                    -- six line values 6-9, bottom first: '789968'
                   CHECK (length(lines) = 6 AND lines NOT GLOB '*[^6789]*'),
    tosses         TEXT,                               -- JSON, as recorded, or NULL (values typed directly)
    coins          TEXT    CHECK (coins IN ('backs', 'faces')),   -- how the tosses were counted
    -- the moment: an instant with its zone, or pillars given directly (a book's case), never both
    moment_utc     TEXT,                               -- UTC
    moment_tz      TEXT,                               -- IANA zone of the moment
    day_boundary   INTEGER CHECK (day_boundary IN (23, 0)),
    pillars        TEXT,                               -- JSON {"year":…, "month":…, "day":…, "hour":…}
    question       TEXT,                               -- the user's own words, if given
    topic          TEXT,
    subject        TEXT,
    sex            TEXT,
    use_god        TEXT,
    reading        TEXT    NOT NULL,                   -- JSON: the reading as computed then
    outcome        TEXT    CHECK (outcome IN ('happened', 'did_not')),
    outcome_text   TEXT,
    outcome_date   TEXT,                               -- YYYY-MM-DD, the date it happened (the user's calendar)
    outcome_noted_at TEXT,                             -- UTC
    CHECK ((moment_utc IS NOT NULL AND moment_tz IS NOT NULL AND pillars IS NULL)
        OR (moment_utc IS NULL AND moment_tz IS NULL AND pillars IS NOT NULL))
);
-- a user's history, newest first
CREATE INDEX readings_by_user ON readings (user_id, created_at DESC, id DESC);

CREATE TABLE subscriptions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    chat_id     INTEGER NOT NULL,
    send_at     TEXT    NOT NULL                       -- local wall-clock time HH:MM
                CHECK (length(send_at) = 5 AND send_at GLOB '[0-2][0-9]:[0-5][0-9]' AND send_at <= '23:59'),
    tz          TEXT    NOT NULL,                      -- IANA zone
    lang        TEXT    NOT NULL CHECK (lang IN ('en', 'ko', 'ja', 'zh_Hans', 'zh_Hant')),
    active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    starts_on   TEXT    NOT NULL,                      -- first local date a delivery is due
    created_at  TEXT    NOT NULL,                      -- UTC
    updated_at  TEXT    NOT NULL,                      -- UTC
    ended_at    TEXT,                                  -- UTC
    end_reason  TEXT,                                  -- 'user', 'blocked', …
    CHECK ((active = 1 AND ended_at IS NULL) OR (active = 0 AND ended_at IS NOT NULL))
);
CREATE UNIQUE INDEX subscriptions_one_active ON subscriptions (user_id) WHERE active = 1;
CREATE INDEX subscriptions_due ON subscriptions (tz, id) WHERE active = 1;

CREATE TABLE deliveries (
    user_id          INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    local_date       TEXT    NOT NULL,                 -- YYYY-MM-DD in the subscription's zone
    subscription_id  INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    chat_id          INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,       -- reservations made
    owner            TEXT,                             -- the sender holding the reservation
    reserved_at      TEXT,                             -- UTC
    lease_until      TEXT,                             -- UTC; a 'pending' row past it belongs to a dead sender
    retryable        INTEGER NOT NULL DEFAULT 1 CHECK (retryable IN (0, 1)),
    next_attempt_at  TEXT,                             -- UTC; a retryable failure waits until then
    sent_at          TEXT,                             -- UTC
    message_id       INTEGER,                          -- Telegram's id of the message sent
    last_error       TEXT,
    updated_at       TEXT    NOT NULL,                 -- UTC
    PRIMARY KEY (user_id, local_date)
) WITHOUT ROWID;
CREATE INDEX deliveries_by_date ON deliveries (local_date);
"""

_V2_PERSISTENCE = """
-- telegram.ext persistence (bot/persistence.py); every value is JSON text
CREATE TABLE ptb_user_data (
    user_id     INTEGER PRIMARY KEY,
    data        TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE TABLE ptb_chat_data (
    chat_id     INTEGER PRIMARY KEY,
    data        TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE TABLE ptb_store (                               -- 'bot_data', 'callback_data'
    name        TEXT PRIMARY KEY,
    data        TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE TABLE ptb_conversations (
    name        TEXT NOT NULL,                         -- the ConversationHandler's name
    key         TEXT NOT NULL,                         -- JSON array: the conversation key tuple
    state       TEXT NOT NULL,                         -- JSON
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (name, key)
) WITHOUT ROWID;
"""

_V3_NATAL = """
-- 玉照定真經 (/natal): whether a user sees the grave verses, and the natal readings beside the hexagram ones
ALTER TABLE users ADD COLUMN grim INTEGER NOT NULL DEFAULT 0 CHECK (grim IN (0, 1));

CREATE TABLE natal_readings (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    created_at     TEXT    NOT NULL,                   -- UTC
    -- the birth: an instant with its zone, a local date whose hour is unknown, or pillars as given
    birth_utc      TEXT,                               -- UTC
    birth_date     TEXT,                               -- YYYY-MM-DD, local, when the hour is unknown
    tz             TEXT,                               -- IANA zone of the birth
    day_boundary   INTEGER CHECK (day_boundary IN (23, 0)),
    pillars        TEXT,                               -- JSON {"year":…, "month":…, "day":…, "hour":…, "conception":…}
    sex            TEXT    CHECK (sex IN ('male', 'female')),
    record         TEXT    NOT NULL,                   -- JSON: core.natal.export.natal_record as computed then
    CHECK ((birth_utc IS NOT NULL AND birth_date IS NULL AND tz IS NOT NULL AND pillars IS NULL)
        OR (birth_utc IS NULL AND birth_date IS NOT NULL AND tz IS NOT NULL AND pillars IS NULL)
        OR (birth_utc IS NULL AND birth_date IS NULL AND tz IS NULL AND pillars IS NOT NULL))
);
CREATE INDEX natal_readings_by_user ON natal_readings (user_id, created_at DESC, id DESC);
"""

_V4_UPDATES = """
-- Every update as received, before its offset is confirmed to Telegram (bot/inbox.py); marked handled in the
-- same transaction as the state it changed, so a killed process neither loses nor repeats one.
CREATE TABLE updates (
    update_id    INTEGER PRIMARY KEY,                  -- Telegram's id: a redelivered update is known
    user_id      INTEGER,                              -- the sender, when there is one
    body         TEXT,                                 -- JSON, as received; NULL once handled
    received_at  TEXT    NOT NULL,                     -- UTC
    handled_at   TEXT,                                 -- UTC; NULL while pending
    outcome      TEXT    CHECK (outcome IN ('handled', 'dropped'))
);
CREATE INDEX updates_pending ON updates (update_id) WHERE handled_at IS NULL;
CREATE INDEX updates_handled ON updates (handled_at) WHERE handled_at IS NOT NULL;

-- the consultation a reading ends (flow's c["id"]): the same consultation answered again stores nothing new
ALTER TABLE readings ADD COLUMN consultation TEXT;
CREATE UNIQUE INDEX readings_once ON readings (user_id, consultation) WHERE consultation IS NOT NULL;
ALTER TABLE natal_readings ADD COLUMN consultation TEXT;
CREATE UNIQUE INDEX natal_readings_once ON natal_readings (user_id, consultation) WHERE consultation IS NOT NULL;
"""

MIGRATIONS: Final[tuple[Migration, ...]] = (
    Migration(1, "users, readings, subscriptions, deliveries", _V1_CORE),
    Migration(2, "telegram.ext persistence: user/chat/bot data, conversations", _V2_PERSISTENCE),
    Migration(3, "natal readings (玉照定真經) and the per-user setting for its grave verses", _V3_NATAL),
    Migration(4, "received updates (none lost or handled twice); one reading per consultation", _V4_UPDATES),
)
SCHEMA_VERSION: Final = MIGRATIONS[-1].version


def _sql_statements(script: str) -> Iterable[str]:
    """The statements of a script, split at the semicolons that end one (not those inside strings)."""
    buf = ""
    for piece in script.split(";"):
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            stmt = buf.strip()
            if stmt.strip(";").strip() and not _only_comments(stmt):
                yield stmt
            buf = ""
    if buf.strip(";").strip() and not _only_comments(buf):
        raise MigrationError(f"unterminated SQL statement in migration: {buf.strip()[:80]!r}")


def _only_comments(stmt: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in stmt.rstrip(";").splitlines())


# ------------------------------------------------------------------------------------------------------ time


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


def format_utc(moment: datetime) -> str:
    """An aware datetime as stored: UTC, fixed width, ``2024-02-04T08:27:00.000000Z``."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"a naive datetime is not an instant; give it a time zone: {moment!r}")
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_utc(text: str | None) -> datetime | None:
    """A stored instant back as an aware UTC datetime."""
    return None if text is None else datetime.fromisoformat(text).astimezone(timezone.utc)


def _date(value: date | str) -> str:
    if isinstance(value, datetime):
        raise TypeError("a date is wanted, not a datetime")
    if isinstance(value, date):
        return value.isoformat()
    return date.fromisoformat(value).isoformat()


def _parse_date(text: str | None) -> date | None:
    return None if text is None else date.fromisoformat(text)


# ------------------------------------------------------------------------------------------------ validation

_HHMM = re.compile(r"([01]\d|2[0-3]):[0-5]\d")


def _lang(value: str) -> str:
    norm = str(value).replace("-", "_")
    if norm not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {value!r}")
    return norm


def _zone(value: str) -> str:
    name = str(value)
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"not an IANA time zone: {value!r}") from None
    return name


def _day_boundary(value: int) -> int:
    if int(value) not in DAY_BOUNDARIES:
        raise ValueError(f"day boundary must be 23 or 0, not {value!r}")
    return int(value)


def _coins(value: str) -> str:
    if str(value) not in COIN_CONVENTIONS:
        raise ValueError(f"coin convention must be 'backs' or 'faces', not {value!r}")
    return str(value)


def _hhmm(value: str | time) -> str:
    if isinstance(value, time):
        return value.strftime("%H:%M")
    if not _HHMM.fullmatch(str(value)):
        raise ValueError(f"delivery time must be HH:MM (00:00-23:59), not {value!r}")
    return str(value)


def _lines(value: str) -> str:
    text = str(value)
    if len(text) != 6 or any(c not in "6789" for c in text):
        raise ValueError(f"lines must be six values 6-9, bottom first, like '789968', not {value!r}")
    return text


def _json(value: Any, what: str) -> str:
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


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


# ------------------------------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class User:
    user_id: int
    lang: str
    tz: str
    day_boundary: int
    coins: str
    created_at: datetime
    updated_at: datetime
    grim: bool = False  # show 玉照定真經's grave verses (early death, crime …); off by default


@dataclass(frozen=True, slots=True)
class Reading:
    id: int
    user_id: int
    created_at: datetime
    lines: str
    tosses: Any | None
    coins: str | None
    moment_utc: datetime | None
    moment_tz: str | None
    day_boundary: int | None
    pillars: dict[str, Any] | None
    question: str | None
    topic: str | None
    subject: str | None
    sex: str | None
    use_god: str | None
    reading: Any
    outcome: str | None
    outcome_text: str | None
    outcome_date: date | None
    outcome_noted_at: datetime | None


@dataclass(frozen=True, slots=True)
class NatalReading:
    """A stored 玉照定真經 reading: the birth as given and the record computed then."""

    id: int
    user_id: int
    created_at: datetime
    birth_utc: datetime | None
    birth_date: date | None
    tz: str | None
    day_boundary: int | None
    pillars: dict[str, Any] | None
    sex: str | None
    record: Any


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of a user's history, hexagram and natal readings together, newest first."""

    items: list[Reading | NatalReading]
    total: int
    offset: int
    limit: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


@dataclass(frozen=True, slots=True)
class ReadingPage:
    items: list[Reading]
    total: int
    offset: int
    limit: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


@dataclass(frozen=True, slots=True)
class Subscription:
    id: int
    user_id: int
    chat_id: int
    send_at: str
    tz: str
    lang: str
    active: bool
    starts_on: date
    created_at: datetime
    updated_at: datetime
    ended_at: datetime | None
    end_reason: str | None


@dataclass(frozen=True, slots=True)
class DueSubscription(Subscription):
    """A subscription due now, with the local date its delivery is for."""

    local_date: date


@dataclass(frozen=True, slots=True)
class Delivery:
    user_id: int
    local_date: date
    subscription_id: int
    chat_id: int
    status: str
    attempts: int
    owner: str | None
    reserved_at: datetime | None
    lease_until: datetime | None
    retryable: bool
    next_attempt_at: datetime | None
    sent_at: datetime | None
    message_id: int | None
    last_error: str | None


def _user(row: sqlite3.Row) -> User:
    return User(
        user_id=row["user_id"],
        lang=row["lang"],
        tz=row["tz"],
        day_boundary=row["day_boundary"],
        coins=row["coins"],
        created_at=parse_utc(row["created_at"]),  # type: ignore[arg-type]
        updated_at=parse_utc(row["updated_at"]),  # type: ignore[arg-type]
        grim=bool(row["grim"]),
    )


def _reading(row: sqlite3.Row) -> Reading:
    return Reading(
        id=row["id"],
        user_id=row["user_id"],
        created_at=parse_utc(row["created_at"]),  # type: ignore[arg-type]
        lines=row["lines"],
        tosses=_loads(row["tosses"]),
        coins=row["coins"],
        moment_utc=parse_utc(row["moment_utc"]),
        moment_tz=row["moment_tz"],
        day_boundary=row["day_boundary"],
        pillars=_loads(row["pillars"]),
        question=row["question"],
        topic=row["topic"],
        subject=row["subject"],
        sex=row["sex"],
        use_god=row["use_god"],
        reading=_loads(row["reading"]),
        outcome=row["outcome"],
        outcome_text=row["outcome_text"],
        outcome_date=_parse_date(row["outcome_date"]),
        outcome_noted_at=parse_utc(row["outcome_noted_at"]),
    )


def _natal(row: sqlite3.Row) -> NatalReading:
    return NatalReading(
        id=row["id"],
        user_id=row["user_id"],
        created_at=parse_utc(row["created_at"]),  # type: ignore[arg-type]
        birth_utc=parse_utc(row["birth_utc"]),
        birth_date=_parse_date(row["birth_date"]),
        tz=row["tz"],
        day_boundary=row["day_boundary"],
        pillars=_loads(row["pillars"]),
        sex=row["sex"],
        record=_loads(row["record"]),
    )


def _subscription_fields(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "id": row["id"],
        "user_id": row["user_id"],
        "chat_id": row["chat_id"],
        "send_at": row["send_at"],
        "tz": row["tz"],
        "lang": row["lang"],
        "active": bool(row["active"]),
        "starts_on": date.fromisoformat(row["starts_on"]),
        "created_at": parse_utc(row["created_at"]),
        "updated_at": parse_utc(row["updated_at"]),
        "ended_at": parse_utc(row["ended_at"]),
        "end_reason": row["end_reason"],
    }


def _delivery(row: sqlite3.Row) -> Delivery:
    return Delivery(
        user_id=row["user_id"],
        local_date=date.fromisoformat(row["local_date"]),
        subscription_id=row["subscription_id"],
        chat_id=row["chat_id"],
        status=row["status"],
        attempts=row["attempts"],
        owner=row["owner"],
        reserved_at=parse_utc(row["reserved_at"]),
        lease_until=parse_utc(row["lease_until"]),
        retryable=bool(row["retryable"]),
        next_attempt_at=parse_utc(row["next_attempt_at"]),
        sent_at=parse_utc(row["sent_at"]),
        message_id=row["message_id"],
        last_error=row["last_error"],
    )


_READING_COLUMNS = (
    "id, user_id, created_at, lines, tosses, coins, moment_utc, moment_tz, day_boundary, pillars, question, "
    "topic, subject, sex, use_god, reading, outcome, outcome_text, outcome_date, outcome_noted_at"
)
_SUBSCRIPTION_COLUMNS = (
    "id, user_id, chat_id, send_at, tz, lang, active, starts_on, created_at, updated_at, ended_at, end_reason"
)

# A delivery row that makes its (user, local date) not due at :now.
_NOT_DUE = """
    d.status = 'sent'
    OR (d.status = 'pending' AND d.lease_until > :now)
    OR (d.status = 'failed' AND (d.retryable = 0 OR d.next_attempt_at > :now))
    OR d.attempts >= :max_attempts
"""


# --------------------------------------------------------------------------------------------------- storage


class Storage:
    """The bot's data: users, readings, subscriptions and deliveries (and PTB's, see ``bot.persistence``).

    ``storage = await Storage.open(path)`` … ``await storage.close()``, or ``async with await
    Storage.open(path) as storage:`` / ``async with Storage.opening(path) as storage:``.
    """

    def __init__(
        self,
        db: aiosqlite.Connection,
        path: str,
        *,
        clock: Clock,
        lease: timedelta,
        max_attempts: int,
    ) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._clock = clock
        self.lease = lease
        self.max_attempts = max_attempts
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:12]}"
        """This sender's name on the reservations it makes."""
        self._closed = False

    # ----------------------------------------------------------------------------------------- lifecycle

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout_ms: int = 5000,
        synchronous: Literal["OFF", "NORMAL", "FULL", "EXTRA"] = "FULL",
        migrations: Sequence[Migration] = MIGRATIONS,
        clock: Clock = _utcnow,
        lease: timedelta = timedelta(minutes=5),
        max_attempts: int = 5,
    ) -> Storage:
        """Open (creating it and its folder if needed) and migrate the database at ``path``.

        Raises ``SchemaTooNewError`` for a file from a newer program, ``ForeignDatabaseError`` for a SQLite
        file that is not ours, ``MigrationError`` if a step fails (the file stays at the last good version).
        """
        _check_migrations(migrations)
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")
        name = os.fspath(path)
        if name != ":memory:" and not name.startswith("file:"):
            Path(name).expanduser().parent.mkdir(parents=True, exist_ok=True)
            name = str(Path(name).expanduser())
        db = await aiosqlite.connect(name, isolation_level=None, uri=name.startswith("file:"))
        try:
            db.row_factory = aiosqlite.Row
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await db.execute("PRAGMA foreign_keys = ON")
            await _check_ours(db, migrations)
            # WAL before any transaction, so no writer ever commits in rollback-journal mode while another
            # opener is converting the file (a lock cycle SQLite breaks by failing one side at once).
            mode = await _enable_wal(db, busy_timeout_ms / 1000)
            if mode.lower() != "wal" and name != ":memory:":
                _LOG.warning("SQLite refused WAL mode for %s (journal_mode=%s)", name, mode)
            await db.execute(f"PRAGMA synchronous = {synchronous}")
            await _migrate(db, migrations)
        except BaseException:
            await db.close()
            raise
        return cls(db, name, clock=clock, lease=lease, max_attempts=max_attempts)

    @classmethod
    @asynccontextmanager
    async def opening(cls, path: str | os.PathLike[str], **kwargs: Any) -> AsyncIterator[Storage]:
        storage = await cls.open(path, **kwargs)
        try:
            yield storage
        finally:
            await storage.close()

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        async with self._lock:
            try:
                await self._db.execute("PRAGMA optimize")
            except sqlite3.Error:  # pragma: no cover - best effort
                pass
            await self._db.close()

    @property
    def closed(self) -> bool:
        return self._closed

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    def now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError("the storage clock must return aware datetimes")
        return moment

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------------------- low-level access

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``async with storage.transaction() as db:`` — a write transaction (``BEGIN IMMEDIATE``).

        Holds the storage lock: no other coroutine's statement runs on this connection until it ends.
        Commits on normal exit, rolls back on any exception (cancellation included).  Do not ``await``
        unrelated slow work (network) inside.
        """
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            try:
                await self._db.execute("BEGIN IMMEDIATE")
            except BaseException:
                await self._rollback_quietly()
                raise
            try:
                yield self._db
            except BaseException:
                await self._rollback_quietly()
                raise
            try:
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback_quietly()
                raise

    async def _rollback_quietly(self) -> None:
        # The worker thread runs statements in order, so this ROLLBACK follows anything already queued.
        try:
            await self._db.execute("ROLLBACK")
        except sqlite3.OperationalError:  # no transaction was open (BEGIN failed, or COMMIT went through)
            pass

    async def fetchall(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[sqlite3.Row]:
        """Rows of one read statement, run under the storage lock."""
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            async with self._db.execute(sql, params) as cur:
                return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[aiosqlite.Connection]:
        """Several reads from one consistent snapshot."""
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            await self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                await self._rollback_quietly()

    # -------------------------------------------------------------------------------------------- users

    async def _ensure_user(self, db: aiosqlite.Connection, user_id: int, now: str) -> None:
        await db.execute(
            "INSERT INTO users (user_id, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (int(user_id), now, now),
        )

    async def get_user(self, user_id: int) -> User | None:
        row = await self.fetchone("SELECT * FROM users WHERE user_id = ?", (int(user_id),))
        return None if row is None else _user(row)

    async def get_or_create_user(
        self,
        user_id: int,
        *,
        lang: str | None = None,
        tz: str | None = None,
        day_boundary: int | None = None,
        coins: str | None = None,
    ) -> User:
        """The user, created with the given settings (else en, UTC, 23, backs) if new; an existing user's
        settings are left as they are."""
        values = {
            "lang": _lang(lang) if lang is not None else "en",
            "tz": _zone(tz) if tz is not None else "UTC",
            "day_boundary": _day_boundary(day_boundary) if day_boundary is not None else 23,
            "coins": _coins(coins) if coins is not None else "backs",
        }
        now = format_utc(self.now())
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO users (user_id, lang, tz, day_boundary, coins, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING",
                (int(user_id), *values.values(), now, now),
            )
            async with db.execute("SELECT * FROM users WHERE user_id = ?", (int(user_id),)) as cur:
                row = await cur.fetchone()
        return _user(row)  # type: ignore[arg-type]

    async def update_user_settings(
        self,
        user_id: int,
        *,
        lang: str | None = None,
        tz: str | None = None,
        day_boundary: int | None = None,
        coins: str | None = None,
        grim: bool | None = None,
    ) -> User:
        """Change the settings given (others unchanged), creating the user if new."""
        changes: dict[str, Any] = {}
        if lang is not None:
            changes["lang"] = _lang(lang)
        if tz is not None:
            changes["tz"] = _zone(tz)
        if day_boundary is not None:
            changes["day_boundary"] = _day_boundary(day_boundary)
        if coins is not None:
            changes["coins"] = _coins(coins)
        if grim is not None:
            changes["grim"] = 1 if grim else 0
        now = format_utc(self.now())
        async with self.transaction() as db:
            await self._ensure_user(db, user_id, now)
            if changes:
                sets = ", ".join(f"{column} = :{column}" for column in changes)
                await db.execute(
                    f"UPDATE users SET {sets}, updated_at = :now WHERE user_id = :user_id",
                    {**changes, "now": now, "user_id": int(user_id)},
                )
            async with db.execute("SELECT * FROM users WHERE user_id = ?", (int(user_id),)) as cur:
                row = await cur.fetchone()
        return _user(row)  # type: ignore[arg-type]

    # ----------------------------------------------------------------------------------------- readings

    async def add_reading(
        self,
        user_id: int,
        *,
        lines: str,
        reading: Any,
        tosses: Any | None = None,
        coins: str | None = None,
        moment_utc: datetime | None = None,
        tz: str | None = None,
        day_boundary: int | None = None,
        pillars: Mapping[str, Any] | None = None,
        question: str | None = None,
        topic: str | None = None,
        subject: str | None = None,
        sex: str | None = None,
        use_god: str | None = None,
        created_at: datetime | None = None,
        consultation: str | None = None,
    ) -> int:
        """Record a reading; returns its id.  The user row is created if missing.

        ``consultation`` names the consultation this reading ends: if that consultation already has its reading
        (stored, then the process died before the state moved on), that reading's id is returned and nothing
        is stored again.

        The moment is either an instant (``moment_utc`` aware, ``tz`` its IANA zone, ``day_boundary``) or
        ``pillars`` given directly (a book's case) — exactly one of the two.  ``tosses``, ``pillars`` and
        ``reading`` are JSON-serialisable values (or JSON text), stored as JSON.
        """
        if (moment_utc is None) == (pillars is None):
            raise ValueError("give either moment_utc with tz, or pillars — exactly one")
        if moment_utc is not None and tz is None:
            raise ValueError("moment_utc needs its IANA zone (tz)")
        if pillars is not None and tz is not None:
            raise ValueError("tz belongs to an instant; pillars have no zone")
        params = {
            "user_id": int(user_id),
            "created_at": format_utc(created_at or self.now()),
            "lines": _lines(lines),
            "tosses": None if tosses is None else _json(tosses, "tosses"),
            "coins": None if coins is None else _coins(coins),
            "moment_utc": None if moment_utc is None else format_utc(moment_utc),
            "moment_tz": None if tz is None else _zone(tz),
            "day_boundary": None if day_boundary is None else _day_boundary(day_boundary),
            "pillars": None if pillars is None else _json(pillars, "pillars"),
            "question": question,
            "topic": topic,
            "subject": subject,
            "sex": sex,
            "use_god": use_god,
            "reading": _json(reading, "reading"),
            "consultation": consultation,
        }
        return await self._insert_once("readings", params)

    async def _insert_once(self, table: str, params: dict[str, Any]) -> int:
        """Insert a reading row unless its consultation has one already; the row's id either way."""
        columns = ", ".join(params)
        placeholders = ", ".join(f":{name}" for name in params)
        async with self.transaction() as db:
            if params["consultation"] is not None:
                async with db.execute(f"SELECT id FROM {table} WHERE user_id = ? AND consultation = ?",
                                      (params["user_id"], params["consultation"])) as cur:
                    found = await cur.fetchone()
                if found is not None:
                    return int(found[0])
            await self._ensure_user(db, params["user_id"], format_utc(self.now()))
            cur = await db.execute(f"INSERT INTO {table} ({columns}) VALUES ({placeholders})", params)
            row_id = cur.lastrowid
            await cur.close()
        return int(row_id)  # type: ignore[arg-type]

    async def readings_since(self, user_id: int, since: datetime) -> int:
        """How many readings (hexagram and natal) the user has had since ``since`` — the per-minute cap's count."""
        row = await self.fetchone(
            "SELECT (SELECT count(*) FROM readings WHERE user_id = :u AND created_at >= :t)"
            " + (SELECT count(*) FROM natal_readings WHERE user_id = :u AND created_at >= :t)",
            {"u": int(user_id), "t": format_utc(since)})
        return int(row[0]) if row else 0

    async def get_reading(self, user_id: int, reading_id: int) -> Reading | None:
        """The reading, if it is this user's; ``None`` otherwise (another user's reading is never returned)."""
        row = await self.fetchone(
            f"SELECT {_READING_COLUMNS} FROM readings WHERE id = ? AND user_id = ?", (int(reading_id), int(user_id))
        )
        return None if row is None else _reading(row)

    async def count_readings(self, user_id: int) -> int:
        row = await self.fetchone("SELECT count(*) FROM readings WHERE user_id = ?", (int(user_id),))
        return int(row[0]) if row else 0

    async def list_readings(self, user_id: int, offset: int = 0, limit: int = 10) -> ReadingPage:
        """A page of the user's readings, newest first, with the total count (one consistent snapshot)."""
        if offset < 0 or limit <= 0:
            raise ValueError("offset must be >= 0 and limit > 0")
        async with self._snapshot() as db:
            async with db.execute("SELECT count(*) FROM readings WHERE user_id = ?", (int(user_id),)) as cur:
                total = int((await cur.fetchone())[0])
            async with db.execute(
                f"SELECT {_READING_COLUMNS} FROM readings WHERE user_id = ? "
                "ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
                (int(user_id), int(limit), int(offset)),
            ) as cur:
                rows = await cur.fetchall()
        return ReadingPage(items=[_reading(r) for r in rows], total=total, offset=offset, limit=limit)

    # ------------------------------------------------------------------------------------ natal readings

    async def add_natal_reading(
        self,
        user_id: int,
        *,
        record: Any,
        birth_utc: datetime | None = None,
        birth_date: date | str | None = None,
        tz: str | None = None,
        day_boundary: int | None = None,
        pillars: Mapping[str, Any] | None = None,
        sex: str | None = None,
        created_at: datetime | None = None,
        consultation: str | None = None,
    ) -> int:
        """Record a natal reading; returns its id.  The birth is exactly one of: an instant (``birth_utc`` with
        its ``tz``), a local date whose hour is unknown (``birth_date`` with its ``tz``), or ``pillars``.
        ``consultation``: as for ``add_reading``, stored once per consultation."""
        given = [x is not None for x in (birth_utc, birth_date, pillars)]
        if sum(given) != 1:
            raise ValueError("give exactly one of birth_utc, birth_date or pillars")
        if pillars is None and tz is None:
            raise ValueError("a birth instant or date needs its IANA zone (tz)")
        if pillars is not None and tz is not None:
            raise ValueError("tz belongs to a birth instant or date; pillars have no zone")
        if sex is not None and sex not in ("male", "female"):
            raise ValueError(f"sex must be 'male' or 'female', not {sex!r}")
        params = {
            "user_id": int(user_id),
            "created_at": format_utc(created_at or self.now()),
            "birth_utc": None if birth_utc is None else format_utc(birth_utc),
            "birth_date": None if birth_date is None else _date(birth_date),
            "tz": None if tz is None else _zone(tz),
            "day_boundary": None if day_boundary is None else _day_boundary(day_boundary),
            "pillars": None if pillars is None else _json(pillars, "pillars"),
            "sex": sex,
            "record": _json(record, "record"),
            "consultation": consultation,
        }
        return await self._insert_once("natal_readings", params)

    async def get_natal_reading(self, user_id: int, natal_id: int) -> NatalReading | None:
        """The natal reading, if it is this user's; ``None`` otherwise."""
        row = await self.fetchone("SELECT * FROM natal_readings WHERE id = ? AND user_id = ?",
                                  (int(natal_id), int(user_id)))
        return None if row is None else _natal(row)

    async def list_history(self, user_id: int, offset: int = 0, limit: int = 10) -> HistoryPage:
        """A page of the user's hexagram and natal readings together, newest first (one consistent snapshot)."""
        if offset < 0 or limit <= 0:
            raise ValueError("offset must be >= 0 and limit > 0")
        uid = int(user_id)
        async with self._snapshot() as db:
            async with db.execute("SELECT (SELECT count(*) FROM readings WHERE user_id = ?) + "
                                  "(SELECT count(*) FROM natal_readings WHERE user_id = ?)", (uid, uid)) as cur:
                total = int((await cur.fetchone())[0])
            async with db.execute(
                "SELECT 'r' AS kind, id, created_at FROM readings WHERE user_id = ? UNION ALL "
                "SELECT 'n' AS kind, id, created_at FROM natal_readings WHERE user_id = ? "
                "ORDER BY created_at DESC, id DESC, kind LIMIT ? OFFSET ?",
                (uid, uid, int(limit), int(offset)),
            ) as cur:
                keys = [(r["kind"], r["id"]) for r in await cur.fetchall()]
            items: list[Reading | NatalReading] = []
            for kind, rid in keys:
                if kind == "r":
                    sql = f"SELECT {_READING_COLUMNS} FROM readings WHERE id = ?"
                else:
                    sql = "SELECT * FROM natal_readings WHERE id = ?"
                async with db.execute(sql, (rid,)) as cur:
                    row = await cur.fetchone()
                items.append(_reading(row) if kind == "r" else _natal(row))
        return HistoryPage(items=items, total=total, offset=offset, limit=limit)

    async def set_outcome(
        self,
        user_id: int,
        reading_id: int,
        *,
        outcome: Outcome | None,
        text: str | None = None,
        on: date | str | None = None,
        now: datetime | None = None,
    ) -> bool:
        """Record what came of a reading ('happened' / 'did_not', the user's words, the date it happened).

        Replaces an earlier outcome; ``outcome=None`` with no text and no date clears it.  Returns ``False``
        if there is no such reading of this user.
        """
        if outcome is not None and outcome not in OUTCOMES:
            raise ValueError(f"outcome must be 'happened', 'did_not' or None, not {outcome!r}")
        cleared = outcome is None and text is None and on is None
        noted = None if cleared else format_utc(now or self.now())
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE readings SET outcome = ?, outcome_text = ?, outcome_date = ?, outcome_noted_at = ? "
                "WHERE id = ? AND user_id = ?",
                (outcome, text, None if on is None else _date(on), noted, int(reading_id), int(user_id)),
            )
            changed = cur.rowcount
            await cur.close()
        return changed == 1

    # ------------------------------------------------------------------------------------ subscriptions

    async def subscribe(
        self,
        user_id: int,
        chat_id: int,
        hh_mm: str | time,
        zone: str,
        lang: str,
        *,
        now: datetime | None = None,
    ) -> Subscription:
        """Subscribe to the daily message at local ``hh_mm`` in ``zone``, or change the active subscription.

        A new subscription starts today if its time has not yet come today (local), else tomorrow: subscribing
        at 10:00 to 07:00 does not send at once.  Changing the time or zone of an active subscription keeps
        its start date; deliveries are keyed by (user, local date), so the change never sends twice on a date.
        """
        send_at, tz, lang = _hhmm(hh_mm), _zone(zone), _lang(lang)
        moment = now or self.now()
        local = moment.astimezone(ZoneInfo(tz))
        starts_on = local.date() if local.strftime("%H:%M") < send_at else local.date() + timedelta(days=1)
        stamp = format_utc(moment)
        async with self.transaction() as db:
            await self._ensure_user(db, user_id, stamp)
            cur = await db.execute(
                "UPDATE subscriptions SET chat_id = ?, send_at = ?, tz = ?, lang = ?, updated_at = ? "
                "WHERE user_id = ? AND active = 1",
                (int(chat_id), send_at, tz, lang, stamp, int(user_id)),
            )
            updated = cur.rowcount
            await cur.close()
            if not updated:
                await db.execute(
                    "INSERT INTO subscriptions (user_id, chat_id, send_at, tz, lang, active, starts_on, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)",
                    (int(user_id), int(chat_id), send_at, tz, lang, starts_on.isoformat(), stamp, stamp),
                )
            async with db.execute(
                f"SELECT {_SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = ? AND active = 1",
                (int(user_id),),
            ) as cur:
                row = await cur.fetchone()
        return Subscription(**_subscription_fields(row))  # type: ignore[arg-type]

    async def unsubscribe(self, user_id: int, reason: str = "user", *, now: datetime | None = None) -> bool:
        """End the user's active subscription (reason e.g. 'user', 'blocked'); ``False`` if there was none."""
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE subscriptions SET active = 0, ended_at = :now, end_reason = :reason, updated_at = :now "
                "WHERE user_id = :user_id AND active = 1",
                {"now": format_utc(now or self.now()), "reason": reason, "user_id": int(user_id)},
            )
            changed = cur.rowcount
            await cur.close()
        return changed == 1

    async def get_subscription(self, user_id: int) -> Subscription | None:
        """The user's active subscription, or ``None``."""
        row = await self.fetchone(
            f"SELECT {_SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = ? AND active = 1", (int(user_id),)
        )
        return None if row is None else Subscription(**_subscription_fields(row))

    async def count_active_subscriptions(self) -> int:
        row = await self.fetchone("SELECT count(*) FROM subscriptions WHERE active = 1")
        return int(row[0]) if row else 0

    # ---------------------------------------------------------------------------------------- broadcast

    async def iter_due_subscriptions(
        self, now_utc: datetime | None = None, *, page_size: int = 200
    ) -> AsyncIterator[DueSubscription]:
        """Stream the subscriptions due at ``now_utc`` (see the module notes), each with its local date.

        Reads ``page_size`` rows at a time (keyset paging by zone and id; the lock is released between pages,
        so the consumer may reserve/confirm while iterating).  Memory stays bounded by one page.
        """
        if page_size <= 0:
            raise ValueError("page_size must be > 0")
        now = now_utc or self.now()
        now_text = format_utc(now)
        zones = [row[0] for row in await self.fetchall(
            "SELECT DISTINCT tz FROM subscriptions WHERE active = 1 ORDER BY tz"
        )]
        for tz in zones:
            try:
                local = now.astimezone(ZoneInfo(tz))
            except (ZoneInfoNotFoundError, ValueError):
                _LOG.error("subscriptions in unknown time zone %r skipped", tz)
                continue
            local_date = local.date()
            after_id = 0
            while True:
                rows = await self._due_page(tz, local_date, local.strftime("%H:%M"), now_text, after_id, page_size)
                for row in rows:
                    yield DueSubscription(**_subscription_fields(row), local_date=local_date)
                if len(rows) < page_size:
                    break
                after_id = rows[-1]["id"]

    async def _due_page(
        self, tz: str, local_date: date, local_hhmm: str, now: str, after_id: int, limit: int
    ) -> list[sqlite3.Row]:
        return await self.fetchall(
            f"""
            SELECT {_SUBSCRIPTION_COLUMNS} FROM subscriptions AS s
            WHERE s.active = 1 AND s.tz = :tz AND s.id > :after_id
              AND s.send_at <= :local_hhmm AND s.starts_on <= :local_date
              AND NOT EXISTS (
                  SELECT 1 FROM deliveries AS d
                  WHERE d.user_id = s.user_id AND d.local_date = :local_date AND ({_NOT_DUE})
              )
            ORDER BY s.id LIMIT :limit
            """,
            {
                "tz": tz,
                "after_id": after_id,
                "local_hhmm": local_hhmm,
                "local_date": local_date.isoformat(),
                "now": now,
                "max_attempts": self.max_attempts,
                "limit": limit,
            },
        )

    async def reserve_delivery(
        self, sub: Subscription, local_date: date | str | None = None, *, now: datetime | None = None
    ) -> bool:
        """Claim the (subscriber, local date) delivery for this sender, atomically, before sending.

        Inserts a 'pending' row leased until now + ``lease``, or claims an existing row that is 'pending'
        with an expired lease (its sender died) or a retryable failure whose wait is over.  Returns ``False``
        if it is sent, reserved by a live sender, failed for good, out of attempts, or the subscription is
        no longer active.  ``local_date`` defaults to ``sub.local_date`` for a ``DueSubscription``.
        """
        day = _delivery_date(sub, local_date)
        moment = now or self.now()
        params = {
            "user_id": sub.user_id,
            "local_date": day,
            "sub_id": sub.id,
            "owner": self.owner,
            "now": format_utc(moment),
            "lease_until": format_utc(moment + self.lease),
            "max_attempts": self.max_attempts,
        }
        async with self.transaction() as db:
            cur = await db.execute(
                """
                INSERT INTO deliveries (user_id, local_date, subscription_id, chat_id, status, attempts, owner,
                                        reserved_at, lease_until, updated_at)
                SELECT s.user_id, :local_date, s.id, s.chat_id, 'pending', 1, :owner, :now, :lease_until, :now
                FROM subscriptions AS s WHERE s.id = :sub_id AND s.user_id = :user_id AND s.active = 1
                ON CONFLICT (user_id, local_date) DO UPDATE SET
                    status = 'pending', attempts = attempts + 1, owner = excluded.owner,
                    reserved_at = excluded.reserved_at, lease_until = excluded.lease_until,
                    subscription_id = excluded.subscription_id, chat_id = excluded.chat_id,
                    next_attempt_at = NULL, updated_at = excluded.updated_at
                WHERE attempts < :max_attempts AND (
                       (status = 'pending' AND lease_until <= :now)
                    OR (status = 'failed' AND retryable = 1
                        AND (next_attempt_at IS NULL OR next_attempt_at <= :now)))
                """,
                params,
            )
            claimed = cur.rowcount
            await cur.close()
        return claimed == 1

    async def confirm_delivery(
        self,
        sub: Subscription,
        local_date: date | str | None = None,
        *,
        message_id: int | None,
        now: datetime | None = None,
    ) -> bool:
        """Record that Telegram accepted the message.  Call it immediately after ``send_message`` returns.

        Returns ``False`` if the delivery was already confirmed (by a sender whose lease had been taken over):
        the first message id is kept.
        """
        day = _delivery_date(sub, local_date)
        stamp = format_utc(now or self.now())
        async with self.transaction() as db:
            cur = await db.execute(
                """
                INSERT INTO deliveries (user_id, local_date, subscription_id, chat_id, status, attempts, owner,
                                        sent_at, message_id, updated_at)
                VALUES (:user_id, :local_date, :sub_id, :chat_id, 'sent', 1, :owner, :now, :message_id, :now)
                ON CONFLICT (user_id, local_date) DO UPDATE SET
                    status = 'sent', sent_at = excluded.sent_at, message_id = excluded.message_id,
                    lease_until = NULL, next_attempt_at = NULL, last_error = NULL, updated_at = excluded.updated_at
                WHERE status != 'sent'
                """,
                {
                    "user_id": sub.user_id,
                    "local_date": day,
                    "sub_id": sub.id,
                    "chat_id": sub.chat_id,
                    "owner": self.owner,
                    "now": stamp,
                    "message_id": message_id,
                },
            )
            changed = cur.rowcount
            await cur.close()
        return changed == 1

    async def fail_delivery(
        self,
        sub: Subscription,
        local_date: date | str | None = None,
        *,
        error: str,
        retry: bool,
        retry_after: timedelta | None = None,
        now: datetime | None = None,
    ) -> bool:
        """Record a failed send of this sender's reservation.

        ``retry=True``: due again (after ``retry_after``, if given) until ``max_attempts``; ``retry=False``:
        not due again that local date.  Returns ``False`` if this sender no longer holds the reservation.
        """
        day = _delivery_date(sub, local_date)
        moment = now or self.now()
        next_at = None
        if retry:
            next_at = format_utc(moment + (retry_after or timedelta(0)))
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE deliveries SET status = 'failed', retryable = ?, next_attempt_at = ?, last_error = ?, "
                "lease_until = NULL, updated_at = ? "
                "WHERE user_id = ? AND local_date = ? AND status = 'pending' AND owner = ?",
                (1 if retry else 0, next_at, str(error)[:2000], format_utc(moment), sub.user_id, day, self.owner),
            )
            changed = cur.rowcount
            await cur.close()
        return changed == 1

    async def release_stale_reservations(self, *, now: datetime | None = None) -> int:
        """Expire every 'pending' lease held by *other* senders, so their deliveries are due at once.

        Call once at start-up when this process is the only sender (one bot per database): any other owner's
        reservation was left by a process that died before confirming.  Returns how many were released.
        """
        stamp = format_utc(now or self.now())
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE deliveries SET lease_until = ?, updated_at = ? "
                "WHERE status = 'pending' AND owner != ? AND lease_until > ?",
                (stamp, stamp, self.owner, stamp),
            )
            released = cur.rowcount
            await cur.close()
        return int(released)

    async def get_delivery(self, user_id: int, local_date: date | str) -> Delivery | None:
        row = await self.fetchone(
            "SELECT * FROM deliveries WHERE user_id = ? AND local_date = ?", (int(user_id), _date(local_date))
        )
        return None if row is None else _delivery(row)

    async def prune_deliveries(self, before: date | str) -> int:
        """Delete delivery records of local dates before ``before`` (they are never due again)."""
        async with self.transaction() as db:
            cur = await db.execute("DELETE FROM deliveries WHERE local_date < ?", (_date(before),))
            deleted = cur.rowcount
            await cur.close()
        return int(deleted)


def _delivery_date(sub: Subscription, local_date: date | str | None) -> str:
    if local_date is None:
        if not isinstance(sub, DueSubscription):
            raise TypeError("local_date is required unless sub is a DueSubscription")
        return sub.local_date.isoformat()
    return _date(local_date)


# ------------------------------------------------------------------------------------ opening and migrating


def _check_migrations(migrations: Sequence[Migration]) -> None:
    if [m.version for m in migrations] != list(range(1, len(migrations) + 1)):
        raise ValueError("migrations must be numbered 1, 2, 3, … in order")


async def _pragma_int(db: aiosqlite.Connection, name: str) -> int:
    async with db.execute(f"PRAGMA {name}") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


async def _enable_wal(db: aiosqlite.Connection, timeout: float) -> str:
    """Switch the file to WAL (a no-op once it is), retrying while another connection converts it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max(timeout, 1.0)
    while True:
        try:
            async with db.execute("PRAGMA journal_mode = WAL") as cur:
                return str((await cur.fetchone())[0])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            if loop.time() > deadline:
                raise StorageError(f"could not switch the database to WAL mode: {exc}") from exc
            await asyncio.sleep(0.01 + random.random() * 0.04)


async def _check_ours(db: aiosqlite.Connection, migrations: Sequence[Migration]) -> None:
    await db.execute("BEGIN")  # one snapshot: another opener may be committing the first migration meanwhile
    try:
        await _check_ours_in(db, migrations)
    finally:
        await db.execute("ROLLBACK")


async def _check_ours_in(db: aiosqlite.Connection, migrations: Sequence[Migration]) -> None:
    version = await _pragma_int(db, "user_version")
    app_id = await _pragma_int(db, "application_id")
    latest = len(migrations)
    if app_id not in (0, APPLICATION_ID):
        raise ForeignDatabaseError(f"not a liuyao database (application_id {app_id:#x})")
    if version > latest:
        raise SchemaTooNewError(
            f"the database is at schema version {version}, but this program knows only up to {latest}: "
            "it was written by a newer version of the bot; upgrade the program (or restore a backup) "
            "rather than open it with this one"
        )
    if version == 0:
        async with db.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ) as cur:
            tables = (await cur.fetchone())[0]
        if tables:
            raise ForeignDatabaseError("the file has tables but no schema version: not a liuyao database")


async def _migrate(db: aiosqlite.Connection, migrations: Sequence[Migration]) -> None:
    for step in migrations:
        if await _pragma_int(db, "user_version") >= step.version:
            continue
        await db.execute("BEGIN IMMEDIATE")
        try:
            # Re-read inside the write lock: another process may have migrated meanwhile.
            current = await _pragma_int(db, "user_version")
            if current >= step.version:
                await db.execute("ROLLBACK")
                continue
            if current != step.version - 1:
                raise MigrationError(f"cannot apply migration {step.version} to schema version {current}")
            await _check_ours_in(db, migrations)  # again, under the write lock
            if isinstance(step.apply, str):
                for statement in _sql_statements(step.apply):
                    await db.execute(statement)
            else:
                await step.apply(db)
            await db.execute(f"PRAGMA user_version = {int(step.version)}")
            await db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            await db.execute("COMMIT")
        except BaseException as exc:
            try:
                await db.execute("ROLLBACK")
            except sqlite3.OperationalError:
                pass
            if isinstance(exc, MigrationError) or not isinstance(exc, Exception):
                raise
            raise MigrationError(f"migration {step.version} ({step.description}) failed: {exc}") from exc
        _LOG.info("database migrated to schema version %d: %s", step.version, step.description)
