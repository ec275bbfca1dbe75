"""The bot's database: SQLite through aiosqlite (the embedded default) or PostgreSQL through asyncpg.

``DATABASE_URL=postgresql://user@host:5432/liuyao`` chooses PostgreSQL; ``sqlite:///path`` (or ``DATABASE_PATH``,
or nothing: ``./data/liuyao.sqlite3``) an SQLite file.  ``storage = await open_storage(url)`` opens either,
migrated to ``SCHEMA_VERSION``; the bot reaches it only through the ``Storage`` Protocol.

- ``protocol``: the ``Storage`` Protocol — what the bot calls.
- ``models``: the typed rows it gives back; ``values``: the checks on what it is given.
- ``schema``: the versioned migrations, one list per engine, numbered alike.
- ``repository``: the queries, written once; ``sqlite`` and ``postgres``: the two engines.
- ``transfer``: ``liuyao db copy``, one installation moved between engines.

Both engines behave alike: the same transactions (each write commits before ``await`` returns; a failed or
cancelled one leaves nothing), the same keys and checks (a refused write is ``ConstraintError``), the same
orders, instants given back as aware UTC ``datetime``, ids up to 2^63 - 1 (a larger id is never found and never
written), and a newer schema refused (``SchemaTooNewError``).

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
   one HTTP response plus one commit (milliseconds); the sender must do nothing else between
   ``send_message`` returning and ``confirm_delivery``.
4. after commit 2: 'sent' — never due again that local date.

So delivery is **at-least-once** with the duplicate window kept to the unavoidable minimum: a missed daily
message is silent and unrecoverable, a duplicate is visible and harmless.  A message that kills the sender every
time is not retried forever: after ``max_attempts`` reservations (default 5) the row is no longer due.

"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Final

from bot.storage.errors import (
    ConstraintError,
    ForeignDatabaseError,
    MigrationError,
    SchemaTooNewError,
    StorageError,
)
from bot.storage.models import (
    Ask,
    AskAnswer,
    Delivery,
    DueAsk,
    DueSubscription,
    Health,
    HistoryPage,
    NatalReading,
    Reading,
    ReadingPage,
    StoredOutcome,
    Subscription,
    SweptBatch,
    User,
)
from bot.storage.protocol import Storage
from bot.storage.repository import SQLStorage
from bot.storage.schema import (
    APPLICATION_ID,
    POSTGRES_MIGRATIONS,
    SCHEMA_VERSION,
    SQLITE_MIGRATIONS,
    Migration,
)
from bot.storage.sqlite import SQLiteStorage
from bot.storage.values import (
    COIN_CONVENTIONS,
    DAY_BOUNDARIES,
    LANGUAGES,
    OUTCOMES,
    format_utc,
    parse_utc,
)

__all__ = [
    "APPLICATION_ID",
    "COIN_CONVENTIONS",
    "DAY_BOUNDARIES",
    "DEFAULT_DATABASE_PATH",
    "LANGUAGES",
    "MIGRATIONS",
    "OUTCOMES",
    "POSTGRES_MIGRATIONS",
    "SCHEMA_VERSION",
    "SQLITE_MIGRATIONS",
    "Ask",
    "AskAnswer",
    "ConstraintError",
    "Delivery",
    "DueAsk",
    "DueSubscription",
    "ForeignDatabaseError",
    "Health",
    "HistoryPage",
    "Migration",
    "MigrationError",
    "NatalReading",
    "Reading",
    "ReadingPage",
    "SQLStorage",
    "SQLiteStorage",
    "SchemaTooNewError",
    "Storage",
    "StorageError",
    "StoredOutcome",
    "Subscription",
    "SweptBatch",
    "User",
    "database_url_from_env",
    "describe_url",
    "format_utc",
    "is_postgres_url",
    "open_storage",
    "parse_utc",
    "sqlite_path",
]

DEFAULT_DATABASE_PATH: Final = "./data/liuyao.sqlite3"
MIGRATIONS: Final = SQLITE_MIGRATIONS  # the name the SQLite-only releases exported


def database_url_from_env(env: Mapping[str, str] | None = None) -> str:
    """``$DATABASE_URL``, else ``$DATABASE_PATH`` (an SQLite file), else ``./data/liuyao.sqlite3``."""
    e = os.environ if env is None else env
    return e.get("DATABASE_URL") or e.get("DATABASE_PATH") or DEFAULT_DATABASE_PATH


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def sqlite_path(url: str) -> str:
    """The file an SQLite URL or path names: ``sqlite:///data/x.sqlite3`` → ``data/x.sqlite3``,
    ``sqlite:////var/lib/x.sqlite3`` → ``/var/lib/x.sqlite3``, a plain path → itself.

    Anything else with a scheme (``mysql://…``, ``sqlite://host/…``) is a ``ValueError`` naming the two forms.
    """
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        if path:
            return path
    elif "://" not in url and url:
        return url
    raise ValueError(f"not a database this bot can open: {describe_url(url)!r} "
                     "(give postgresql://user@host:5432/name, or sqlite:///path/to/file.sqlite3, or a file path)")


def describe_url(url: str) -> str:
    """The URL with its password replaced by ``***``, for messages and logs."""
    if "://" not in url or "@" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    if ":" in credentials:
        credentials = credentials.split(":", 1)[0] + ":***"
    return f"{scheme}://{credentials}@{host}"


async def open_storage(url: str, **options: Any) -> SQLStorage:
    """Open (and migrate) the database ``url`` names: ``postgresql://…`` → ``PostgresStorage``, anything else
    (``sqlite:///path`` or a path) → ``SQLiteStorage``.  ``options`` (``clock``, ``lease``, ``max_attempts``,
    ``migrations`` …) go to the engine's ``open``."""
    if is_postgres_url(url):
        from bot.storage.postgres import PostgresStorage  # asyncpg is imported only when it is used

        return await PostgresStorage.open(url, **options)
    return await SQLiteStorage.open(sqlite_path(url), **options)
