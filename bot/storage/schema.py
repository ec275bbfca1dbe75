"""The schema, as versioned migrations: one list per engine, numbered alike, so version N means the same tables
(the same columns, keys and constraints) on SQLite and on PostgreSQL.

Each list is the ordered history of the schema; a new version appends a step to *both* lists.  A database at a
version above ``SCHEMA_VERSION`` was written by a newer program and is refused (``SchemaTooNewError``).

One table is PostgreSQL's alone: ``send_budget`` (version 5), the schedule the workers of a cluster take their
broadcast slots from (``bot.delivery.shared_budget``).  It holds no data of the installation — the next slot and a 429's
hold, seconds ahead — so it is not in ``TABLES`` (``liuyao db copy`` leaves it), and SQLite, one process pacing
itself (``bot.delivery.pacing.LocalBudget``), has none: its step 5 changes nothing but the version, which stays one number
for one program on both engines (the health check's ``expected``, the refusal of a newer file).

The engines store the same values in their own types: SQLite keeps instants as fixed-width UTC text
(``2024-02-04T08:27:00.000000Z``, so text order is time order), dates as ``YYYY-MM-DD`` and flags as 0/1;
PostgreSQL uses ``timestamptz``, ``date``, ``boolean`` and ``bigint``.  JSON is text on both: the bot never
queries inside it, and text keeps it exactly as written (``jsonb`` would reorder keys).  Texts that are sorted
or compared (zone names, conversation keys) use the C collation on PostgreSQL, so the order is SQLite's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

APPLICATION_ID: Final = 0x4C59_414F  # 'LYAO', in an SQLite file's header: marks the file as ours


@dataclass(frozen=True, slots=True)
class Migration:
    """One step forward: the schema at ``version - 1`` becomes the schema at ``version``.

    ``apply`` is a SQL script or an ``async`` function given the engine's connection (``aiosqlite`` or
    ``asyncpg``).  It runs inside a transaction the runner opens and commits together with the version bump; it
    must not commit itself.  On SQLite a step that rebuilds a table follows SQLite's 12-step recipe with
    ``PRAGMA defer_foreign_keys=ON`` (``foreign_keys`` cannot be switched inside a transaction).
    """

    version: int
    description: str
    apply: str | Callable[[Any], Awaitable[None]]


def check_migrations(migrations: Sequence[Migration]) -> None:
    if [m.version for m in migrations] != list(range(1, len(migrations) + 1)):
        raise ValueError("migrations must be numbered 1, 2, 3, … in order")


# ---------------------------------------------------------------------------------------------------- SQLite

_SQLITE_V1 = """
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

_SQLITE_V2 = """
-- telegram.ext persistence (bot/storage/persistence.py); every value is JSON text
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

_SQLITE_V3 = """
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

_SQLITE_V4 = """
-- Every update as received, before its offset is confirmed to Telegram (bot/delivery/inbox.py); marked handled in the
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

_SQLITE_V5 = """
-- Nothing: the cluster's send budget is PostgreSQL's alone (one process on a file paces itself).
"""

_SQLITE_V6 = """
-- Asking back when a reading's moment comes (bot/handlers/askback.py, bot/delivery/asks.py).  users.ask_back: NULL until the user answers the
-- offer, then 1 (yes: asked back, and their outcomes counted without their id by `liuyao outcomes`) or 0.
ALTER TABLE users ADD COLUMN ask_back INTEGER CHECK (ask_back IN (0, 1));
ALTER TABLE users ADD COLUMN ask_at TEXT NOT NULL DEFAULT '20:00'       -- local HH:MM the asks come at
    CHECK (length(ask_at) = 5 AND ask_at GLOB '[0-2][0-9]:[0-5][0-9]' AND ask_at <= '23:59');

-- One ask of a reading (at most three, step 0 the most likely moment); sent like a daily almanac: claimed
-- ('pending', leased) before the send, 'sent' after it, once.
CREATE TABLE asks (
    reading_id       INTEGER NOT NULL REFERENCES readings (id) ON DELETE CASCADE,
    step             INTEGER NOT NULL CHECK (step BETWEEN 0 AND 2),
    user_id          INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    chat_id          INTEGER NOT NULL,
    unit             TEXT    NOT NULL CHECK (unit IN ('hour', 'day', 'month', 'year')),
    pillar           TEXT    NOT NULL,                 -- the moment's branch, with its stem for a stem day: 午, 丙午
    moment_date      TEXT    NOT NULL,                 -- YYYY-MM-DD, the moment's date in the cast's zone
    due_at           TEXT    NOT NULL,                 -- UTC: the moment's date at the user's ask_at
    status           TEXT    NOT NULL CHECK (status IN ('later', 'waiting', 'pending', 'sent', 'failed',
                                                        'answered', 'cancelled')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    owner            TEXT,
    lease_until      TEXT,                             -- UTC
    retryable        INTEGER NOT NULL DEFAULT 1 CHECK (retryable IN (0, 1)),
    next_attempt_at  TEXT,                             -- UTC
    sent_at          TEXT,                             -- UTC
    message_id       INTEGER,
    last_error       TEXT,
    answer           TEXT    CHECK (answer IN ('happened', 'not_yet', 'otherwise', 'stop')),
    answered_at      TEXT,                             -- UTC
    created_at       TEXT    NOT NULL,                 -- UTC
    updated_at       TEXT    NOT NULL,                 -- UTC
    PRIMARY KEY (reading_id, step)
) WITHOUT ROWID;
CREATE INDEX asks_due ON asks (due_at) WHERE status IN ('waiting', 'pending', 'failed');
CREATE INDEX asks_by_user ON asks (user_id);
"""

SQLITE_MIGRATIONS: Final[tuple[Migration, ...]] = (
    Migration(1, "users, readings, subscriptions, deliveries", _SQLITE_V1),
    Migration(2, "telegram.ext persistence: user/chat/bot data, conversations", _SQLITE_V2),
    Migration(3, "natal readings (玉照定真經) and the per-user setting for its grave verses", _SQLITE_V3),
    Migration(4, "received updates (none lost or handled twice); one reading per consultation", _SQLITE_V4),
    Migration(5, "the version of PostgreSQL's send budget (no table on SQLite)", _SQLITE_V5),
    Migration(6, "asking back at a reading's moment: the user's consent and time, the asks", _SQLITE_V6),
)

# ------------------------------------------------------------------------------------------------ PostgreSQL

_POSTGRES_V1 = """
CREATE TABLE users (
    user_id       BIGINT      PRIMARY KEY,             -- Telegram user id
    lang          TEXT        NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'ko', 'ja', 'zh_Hans', 'zh_Hant')),
    tz            TEXT        COLLATE "C" NOT NULL DEFAULT 'UTC',   -- IANA zone name
    day_boundary  SMALLINT    NOT NULL DEFAULT 23 CHECK (day_boundary IN (23, 0)),
    coins         TEXT        NOT NULL DEFAULT 'backs' CHECK (coins IN ('backs', 'faces')),
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE readings (
    id             BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,  -- never reused
    user_id        BIGINT      NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    created_at     TIMESTAMPTZ NOT NULL,
    lines          TEXT        NOT NULL CHECK (lines ~ '^[6789]{6}$'),   -- six line values 6-9, bottom first
    tosses         TEXT,                               -- JSON, as recorded, or NULL (values typed directly)
    coins          TEXT        CHECK (coins IN ('backs', 'faces')),
    moment_utc     TIMESTAMPTZ,
    moment_tz      TEXT,
    day_boundary   SMALLINT    CHECK (day_boundary IN (23, 0)),
    pillars        TEXT,                               -- JSON {"year":…, "month":…, "day":…, "hour":…}
    question       TEXT,
    topic          TEXT,
    subject        TEXT,
    sex            TEXT,
    use_god        TEXT,
    reading        TEXT        NOT NULL,               -- JSON: the reading as computed then
    outcome        TEXT        CHECK (outcome IN ('happened', 'did_not')),
    outcome_text   TEXT,
    outcome_date   DATE,                               -- the date it happened (the user's calendar)
    outcome_noted_at TIMESTAMPTZ,
    CHECK ((moment_utc IS NOT NULL AND moment_tz IS NOT NULL AND pillars IS NULL)
        OR (moment_utc IS NULL AND moment_tz IS NULL AND pillars IS NOT NULL))
);
CREATE INDEX readings_by_user ON readings (user_id, created_at DESC, id DESC);

CREATE TABLE subscriptions (
    id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    user_id     BIGINT      NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    chat_id     BIGINT      NOT NULL,
    send_at     TEXT        COLLATE "C" NOT NULL CHECK (send_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),  -- local HH:MM
    tz          TEXT        COLLATE "C" NOT NULL,
    lang        TEXT        NOT NULL CHECK (lang IN ('en', 'ko', 'ja', 'zh_Hans', 'zh_Hant')),
    active      BOOLEAN     NOT NULL DEFAULT TRUE,
    starts_on   DATE        NOT NULL,                  -- first local date a delivery is due
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL,
    ended_at    TIMESTAMPTZ,
    end_reason  TEXT,
    CHECK ((active AND ended_at IS NULL) OR (NOT active AND ended_at IS NOT NULL))
);
CREATE UNIQUE INDEX subscriptions_one_active ON subscriptions (user_id) WHERE active;
CREATE INDEX subscriptions_due ON subscriptions (tz, id) WHERE active;

CREATE TABLE deliveries (
    user_id          BIGINT      NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    local_date       DATE        NOT NULL,             -- in the subscription's zone
    subscription_id  BIGINT      NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    chat_id          BIGINT      NOT NULL,
    status           TEXT        NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
    attempts         INTEGER     NOT NULL DEFAULT 0,
    owner            TEXT,
    reserved_at      TIMESTAMPTZ,
    lease_until      TIMESTAMPTZ,
    retryable        BOOLEAN     NOT NULL DEFAULT TRUE,
    next_attempt_at  TIMESTAMPTZ,
    sent_at          TIMESTAMPTZ,
    message_id       BIGINT,
    last_error       TEXT,
    updated_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, local_date)
);
CREATE INDEX deliveries_by_date ON deliveries (local_date);
CREATE INDEX deliveries_by_subscription ON deliveries (subscription_id);
"""

_POSTGRES_V2 = """
CREATE TABLE ptb_user_data (
    user_id     BIGINT      PRIMARY KEY,
    data        TEXT        NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE TABLE ptb_chat_data (
    chat_id     BIGINT      PRIMARY KEY,
    data        TEXT        NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE TABLE ptb_store (
    name        TEXT        COLLATE "C" PRIMARY KEY,
    data        TEXT        NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE TABLE ptb_conversations (
    name        TEXT        COLLATE "C" NOT NULL,
    key         TEXT        COLLATE "C" NOT NULL,
    state       TEXT        NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (name, key)
);
"""

_POSTGRES_V3 = """
ALTER TABLE users ADD COLUMN grim BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE natal_readings (
    id             BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    user_id        BIGINT      NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    created_at     TIMESTAMPTZ NOT NULL,
    birth_utc      TIMESTAMPTZ,
    birth_date     DATE,
    tz             TEXT,
    day_boundary   SMALLINT    CHECK (day_boundary IN (23, 0)),
    pillars        TEXT,
    sex            TEXT        CHECK (sex IN ('male', 'female')),
    record         TEXT        NOT NULL,
    CHECK ((birth_utc IS NOT NULL AND birth_date IS NULL AND tz IS NOT NULL AND pillars IS NULL)
        OR (birth_utc IS NULL AND birth_date IS NOT NULL AND tz IS NOT NULL AND pillars IS NULL)
        OR (birth_utc IS NULL AND birth_date IS NULL AND tz IS NULL AND pillars IS NOT NULL))
);
CREATE INDEX natal_readings_by_user ON natal_readings (user_id, created_at DESC, id DESC);
"""

_POSTGRES_V4 = """
CREATE TABLE updates (
    update_id    BIGINT      PRIMARY KEY,
    user_id      BIGINT,
    body         TEXT,
    received_at  TIMESTAMPTZ NOT NULL,
    handled_at   TIMESTAMPTZ,
    outcome      TEXT        CHECK (outcome IN ('handled', 'dropped'))
);
CREATE INDEX updates_pending ON updates (update_id) WHERE handled_at IS NULL;
CREATE INDEX updates_handled ON updates (handled_at) WHERE handled_at IS NOT NULL;

ALTER TABLE readings ADD COLUMN consultation TEXT;
CREATE UNIQUE INDEX readings_once ON readings (user_id, consultation) WHERE consultation IS NOT NULL;
ALTER TABLE natal_readings ADD COLUMN consultation TEXT;
CREATE UNIQUE INDEX natal_readings_once ON natal_readings (user_id, consultation) WHERE consultation IS NOT NULL;
"""

_POSTGRES_V5 = """
-- The broadcast's slots, shared by the workers (bot.delivery.shared_budget): a send takes the slot at next_at, never before
-- hold_until (a 429's retry_after), and moves next_at one interval on.  UNLOGGED: its commits wait for no WAL
-- flush, and a crash that empties it loses nothing (the first send after it starts the schedule again).
CREATE UNLOGGED TABLE send_budget (
    name        TEXT        COLLATE "C" PRIMARY KEY,   -- 'broadcast'
    next_at     TIMESTAMPTZ NOT NULL,                  -- the next free slot, by the database's clock
    hold_until  TIMESTAMPTZ NOT NULL                   -- no slot before this
);
"""

_POSTGRES_V6 = """
ALTER TABLE users ADD COLUMN ask_back BOOLEAN;
ALTER TABLE users ADD COLUMN ask_at TEXT COLLATE "C" NOT NULL DEFAULT '20:00'
    CHECK (ask_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');

CREATE TABLE asks (
    reading_id       BIGINT      NOT NULL REFERENCES readings (id) ON DELETE CASCADE,
    step             SMALLINT    NOT NULL CHECK (step BETWEEN 0 AND 2),
    user_id          BIGINT      NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    chat_id          BIGINT      NOT NULL,
    unit             TEXT        NOT NULL CHECK (unit IN ('hour', 'day', 'month', 'year')),
    pillar           TEXT        NOT NULL,
    moment_date      DATE        NOT NULL,
    due_at           TIMESTAMPTZ NOT NULL,
    status           TEXT        NOT NULL CHECK (status IN ('later', 'waiting', 'pending', 'sent', 'failed',
                                                            'answered', 'cancelled')),
    attempts         INTEGER     NOT NULL DEFAULT 0,
    owner            TEXT,
    lease_until      TIMESTAMPTZ,
    retryable        BOOLEAN     NOT NULL DEFAULT TRUE,
    next_attempt_at  TIMESTAMPTZ,
    sent_at          TIMESTAMPTZ,
    message_id       BIGINT,
    last_error       TEXT,
    answer           TEXT        CHECK (answer IN ('happened', 'not_yet', 'otherwise', 'stop')),
    answered_at      TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (reading_id, step)
);
CREATE INDEX asks_due ON asks (due_at) WHERE status IN ('waiting', 'pending', 'failed');
CREATE INDEX asks_by_user ON asks (user_id);
"""

POSTGRES_MIGRATIONS: Final[tuple[Migration, ...]] = (
    Migration(1, "users, readings, subscriptions, deliveries", _POSTGRES_V1),
    Migration(2, "telegram.ext persistence: user/chat/bot data, conversations", _POSTGRES_V2),
    Migration(3, "natal readings (玉照定真經) and the per-user setting for its grave verses", _POSTGRES_V3),
    Migration(4, "received updates (none lost or handled twice); one reading per consultation", _POSTGRES_V4),
    Migration(5, "the broadcast's send budget, shared by the workers", _POSTGRES_V5),
    Migration(6, "asking back at a reading's moment: the user's consent and time, the asks", _POSTGRES_V6),
)

SCHEMA_VERSION: Final = SQLITE_MIGRATIONS[-1].version
assert POSTGRES_MIGRATIONS[-1].version == SCHEMA_VERSION, "a schema version is added to both engines"

# ------------------------------------------------------------------------------------------- the tables, typed

INSTANT, DATE, FLAG = "instant", "date", "flag"  # the column kinds whose stored form differs between the engines

TABLES: Final[dict[str, dict[str, str | None]]] = {
    # table → column → kind (None: stored alike); in an order that satisfies the foreign keys
    "users": {"user_id": None, "lang": None, "tz": None, "day_boundary": None, "coins": None,
              "created_at": INSTANT, "updated_at": INSTANT, "grim": FLAG, "ask_back": FLAG, "ask_at": None},
    "readings": {"id": None, "user_id": None, "created_at": INSTANT, "lines": None, "tosses": None, "coins": None,
                 "moment_utc": INSTANT, "moment_tz": None, "day_boundary": None, "pillars": None,
                 "question": None, "topic": None, "subject": None, "sex": None, "use_god": None, "reading": None,
                 "outcome": None, "outcome_text": None, "outcome_date": DATE, "outcome_noted_at": INSTANT,
                 "consultation": None},
    "subscriptions": {"id": None, "user_id": None, "chat_id": None, "send_at": None, "tz": None, "lang": None,
                      "active": FLAG, "starts_on": DATE, "created_at": INSTANT, "updated_at": INSTANT,
                      "ended_at": INSTANT, "end_reason": None},
    "deliveries": {"user_id": None, "local_date": DATE, "subscription_id": None, "chat_id": None, "status": None,
                   "attempts": None, "owner": None, "reserved_at": INSTANT, "lease_until": INSTANT,
                   "retryable": FLAG, "next_attempt_at": INSTANT, "sent_at": INSTANT, "message_id": None,
                   "last_error": None, "updated_at": INSTANT},
    "natal_readings": {"id": None, "user_id": None, "created_at": INSTANT, "birth_utc": INSTANT,
                       "birth_date": DATE, "tz": None, "day_boundary": None, "pillars": None, "sex": None,
                       "record": None, "consultation": None},
    "ptb_user_data": {"user_id": None, "data": None, "updated_at": INSTANT},
    "ptb_chat_data": {"chat_id": None, "data": None, "updated_at": INSTANT},
    "ptb_store": {"name": None, "data": None, "updated_at": INSTANT},
    "ptb_conversations": {"name": None, "key": None, "state": None, "updated_at": INSTANT},
    "updates": {"update_id": None, "user_id": None, "body": None, "received_at": INSTANT, "handled_at": INSTANT,
                "outcome": None},
    "asks": {"reading_id": None, "step": None, "user_id": None, "chat_id": None, "unit": None, "pillar": None,
             "moment_date": DATE, "due_at": INSTANT, "status": None, "attempts": None, "owner": None,
             "lease_until": INSTANT, "retryable": FLAG, "next_attempt_at": INSTANT, "sent_at": INSTANT,
             "message_id": None, "last_error": None, "answer": None, "answered_at": INSTANT,
             "created_at": INSTANT, "updated_at": INSTANT},
}
KEYS: Final[dict[str, tuple[str, ...]]] = {
    "users": ("user_id",), "readings": ("id",), "subscriptions": ("id",), "deliveries": ("user_id", "local_date"),
    "natal_readings": ("id",), "ptb_user_data": ("user_id",), "ptb_chat_data": ("chat_id",), "ptb_store": ("name",),
    "ptb_conversations": ("name", "key"), "updates": ("update_id",), "asks": ("reading_id", "step"),
}
IDENTITIES: Final = ("readings", "subscriptions", "natal_readings")  # tables whose id the engine numbers
