"""The bot's data in PostgreSQL, through asyncpg: for more than one process on one database.

- **Connections**: a pool (``pool_size``, 10 by default); each transaction takes one connection for its length,
  so coroutines (and processes) write concurrently and PostgreSQL keeps them apart: every write is one
  transaction at READ COMMITTED, each statement an atomic upsert or guarded update; a multi-read page
  (``list_readings``, ``list_history``) is one REPEATABLE READ snapshot; ``subscribe`` holds the user's row.
- **Schema version** in the one-row table ``liuyao_schema``.  At open, every step of ``POSTGRES_MIGRATIONS``
  above the database's version runs in its own transaction together with the version bump, under a
  transaction-scoped advisory lock and after re-reading the version, so concurrent openers apply a step once and
  a failing step leaves the database at the previous version (PostgreSQL's DDL is transactional).  A newer
  version is refused with ``SchemaTooNewError``; tables without ``liuyao_schema`` with ``ForeignDatabaseError``.
- **Times**: ``timestamptz`` (microseconds, returned as aware UTC), ``date``, ``boolean``; ids ``bigint``.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime, timedelta
from typing import Any

import asyncpg

from bot.storage.errors import (
    ConstraintError,
    ForeignDatabaseError,
    MigrationError,
    StorageError,
    passing_failure,
    too_new,
)
from bot.storage.repository import SQLStorage
from bot.storage.schema import POSTGRES_MIGRATIONS, Migration, check_migrations
from bot.storage.values import Clock, as_date, as_utc, utcnow

_LOG = logging.getLogger("bot.storage")
_MIGRATION_LOCK = 0x4C59_414F  # advisory lock key held while migrating ('LYAO')
_BROADCAST_LOCK = 0x4C59_4243  # advisory lock key of the worker sending the daily broadcast ('LYBC')
# The advisory lock key of a user's turn (``user_turn``), the id given as the SQL expression filled in
_USER_LOCK = "hashtextextended('liuyao user ' || {}::bigint, 0)"
_NAME = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


@functools.lru_cache(maxsize=512)
def _sql(statement: str) -> tuple[str, tuple[str, ...]]:
    """The shared SQL with asyncpg's ``$1, $2`` for its ``:name`` parameters, and the names in that order."""
    names: list[str] = []

    def number(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    return _NAME.sub(number, statement), tuple(names)


def _args(names: tuple[str, ...], params: Mapping[str, Any] | None) -> list[Any]:
    given = params or {}
    return [given[name] for name in names]


def rows_changed(status: str) -> int:
    """The row count at the end of a command tag ('UPDATE 3', 'INSERT 0 1'); 0 for the others."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class _Tx:
    """Statements on one pooled connection, inside the transaction (or snapshot) its storage opened."""

    __slots__ = ("_con",)

    def __init__(self, con: asyncpg.Connection) -> None:
        self._con = con

    async def execute(self, sql: str, params: Mapping[str, Any] | None = None) -> int:
        text, names = _sql(sql)
        return rows_changed(await self._con.execute(text, *_args(names, params)))

    async def write(self, sql: str, params: Mapping[str, Any] | None = None) -> None:
        await self.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Mapping[str, Any]]) -> None:
        text, names = _sql(sql)
        await self._con.executemany(text, [_args(names, row) for row in rows])

    async def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]:
        text, names = _sql(sql)
        return list(await self._con.fetch(text, *_args(names, params)))

    async def fetchrow(self, sql: str, params: Mapping[str, Any] | None = None) -> Any:
        text, names = _sql(sql)
        return await self._con.fetchrow(text, *_args(names, params))


class PostgresStorage(SQLStorage):
    """``await PostgresStorage.open("postgresql://user@host:5432/liuyao")``: the bot's data in PostgreSQL."""

    engine = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str, *, clock: Clock, lease: timedelta, max_attempts: int) -> None:
        super().__init__(clock=clock, lease=lease, max_attempts=max_attempts)
        self._pool = pool
        self._url = url
        self._closed = False

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        migrations: Sequence[Migration] = POSTGRES_MIGRATIONS,
        clock: Clock = utcnow,
        lease: timedelta = timedelta(minutes=5),
        max_attempts: int = 5,
        pool_size: int = 10,
        connect_timeout: float = 60.0,
    ) -> PostgresStorage:
        """Connect to the database at ``url`` and migrate it.

        Raises ``SchemaTooNewError`` for a database from a newer program, ``ForeignDatabaseError`` for tables
        that are not ours, ``MigrationError`` if a step fails (the database stays at the last good version);
        asyncpg's and the OS's errors for a server that cannot be reached or a database that does not exist.
        """
        check_migrations(migrations)
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, timeout=connect_timeout)
        try:
            async with pool.acquire() as con:
                await _migrate(con, migrations)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url, clock=clock, lease=lease, max_attempts=max_attempts)

    @property
    def url(self) -> str:
        return self._url

    @property
    def pool_size(self) -> int:
        """The most connections this storage opens at once (``open``'s ``pool_size``)."""
        return int(self._pool.get_max_size())

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._pool.close()

    @property
    def closed(self) -> bool:
        return self._closed

    async def schema_version(self) -> int:
        async with self._pool.acquire() as con:
            return await _version(con)

    async def next_id(self, tx: Any, table: str) -> int:
        sequence = await tx.fetchrow("SELECT pg_get_serial_sequence(:table, 'id')", {"table": table})
        row = await tx.fetchrow(f"SELECT last_value, is_called FROM {sequence[0]}")
        return int(row[0]) + 1 if row[1] else int(row[0])

    async def set_next_id(self, tx: Any, table: str, value: int) -> None:
        await tx.execute(f"SELECT setval(pg_get_serial_sequence(:table, 'id'), "
                         f"GREATEST(:value, (SELECT COALESCE(max(id), 0) + 1 FROM {table})), false)",
                         {"table": table, "value": value})

    # ------------------------------------------------------------------------------------- stored forms

    def instant(self, moment: datetime) -> datetime:
        return as_utc(moment)

    def instant_out(self, value: Any) -> datetime | None:
        return None if value is None else value.astimezone(UTC)

    def day(self, value: date | str) -> date:
        return as_date(value)

    def day_out(self, value: Any) -> date | None:
        return value

    # ---------------------------------------------------------------------------------- transactions

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Tx]:
        async with self._connection() as con, con.transaction():
            try:
                yield _Tx(con)
            except asyncpg.IntegrityConstraintViolationError as exc:
                raise ConstraintError(str(exc)) from exc

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[_Tx]:
        async with self._connection() as con, con.transaction(isolation="repeatable_read", readonly=True):
            yield _Tx(con)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        if self._closed:
            raise StorageError("the storage is closed")
        async with self._pool.acquire() as con:
            yield con

    async def fetchall(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]:
        if self._closed:
            raise StorageError("the storage is closed")
        text, names = _sql(sql)
        return list(await self._pool.fetch(text, *_args(names, params)))

    shared = True  # any number of workers handle this database's updates

    @asynccontextmanager
    async def user_turn(self, user_id: int) -> AsyncIterator[None]:
        """A transaction-level advisory lock on the user (a hash of the id: never the migration's key), held on
        a pooled connection until the block ends — so across workers one update of a user at a time.

        The transaction holds the lock and nothing else: if its connection died meanwhile (the database went
        away while the update was handled, and the update's own commit went through on another connection once
        it was back), the lock died with it, and ending the transaction has nothing left to do."""
        async with self._connection() as con:
            tx = con.transaction()
            await tx.start()
            try:
                await con.execute(f"SELECT pg_advisory_xact_lock({_USER_LOCK.format('$1')})", int(user_id))
                yield
            finally:
                try:
                    await tx.commit()
                except Exception as exc:
                    if not passing_failure(exc):
                        raise
                    _LOG.info("the turn of user %s ended with its connection (%s)", user_id, exc)

    async def free_users(self, tx: Any, user_ids: Sequence[int]) -> set[int]:
        """The users whose turn this transaction could take at once (tried, never waited for), held until it
        ends; the others' turns are held by an update being handled."""
        rows = await tx.fetch(f"SELECT u FROM unnest(CAST(:ids AS bigint[])) AS u "
                              f"WHERE pg_try_advisory_xact_lock({_USER_LOCK.format('u')})",
                              {"ids": [int(u) for u in user_ids]})
        return {int(r[0]) for r in rows}

    @asynccontextmanager
    async def broadcast_turn(self) -> AsyncIterator[bool]:
        """The broadcast's leader: a session-level advisory lock tried on a pooled connection and held for the
        run (a worker that dies drops its connection, and PostgreSQL releases the lock: the next run of any
        worker takes over)."""
        async with self._connection() as con:
            leading = bool(await con.fetchval("SELECT pg_try_advisory_lock($1)", _BROADCAST_LOCK))
            try:
                yield leading
            finally:
                if leading:
                    await con.execute("SELECT pg_advisory_unlock($1)", _BROADCAST_LOCK)

    async def take_send_slot(self, name: str, interval: float) -> float:
        """The next slot of the send schedule ``name`` (``bot.delivery.shared_budget``), taken in one atomic statement: at
        ``next_at``, or now if that has passed (an idle schedule never bursts), never before ``hold_until``; the
        schedule moves ``interval`` seconds on.  Returns the seconds until the slot, by the database's clock (the
        workers' own clocks do not matter).  The row is made at the first slot (or again after a crash emptied
        the unlogged table)."""
        rows = await self.fetchall(
            "INSERT INTO send_budget AS b (name, next_at, hold_until) VALUES (:name, now() + :step::interval, now()) "
            "ON CONFLICT (name) DO UPDATE SET next_at = greatest(b.next_at, now(), b.hold_until) + :step::interval "
            "RETURNING extract(epoch FROM b.next_at - :step::interval - clock_timestamp())::float8",
            {"name": name, "step": timedelta(seconds=interval)})
        return max(0.0, float(rows[0][0]))

    async def hold_sends(self, name: str, seconds: float) -> None:
        """No slot of the schedule ``name`` for any worker before ``seconds`` from now (a 429's ``retry_after``)."""
        await self.fetchall(
            "INSERT INTO send_budget AS b (name, next_at, hold_until) VALUES (:name, now(), now() + :wait::interval) "
            "ON CONFLICT (name) DO UPDATE SET hold_until = greatest(b.hold_until, excluded.hold_until)",
            {"name": name, "wait": timedelta(seconds=seconds)})

    async def lock_user(self, tx: Any, user_id: int) -> None:
        await tx.execute("SELECT 1 FROM users WHERE user_id = :id FOR UPDATE", {"id": user_id})


# ------------------------------------------------------------------------------------ opening and migrating


async def _tables(con: asyncpg.Connection) -> tuple[bool, int]:
    """Whether ``liuyao_schema`` exists, and how many tables the schema holds — from one snapshot (one statement),
    so a concurrent opener's first migration is seen whole or not at all."""
    row = await con.fetchrow(
        "SELECT count(*) FILTER (WHERE c.relname = 'liuyao_schema') AS ours, count(*) AS tables "
        "FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace "
        "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')"
    )
    return bool(row["ours"]), int(row["tables"])


async def _version(con: asyncpg.Connection) -> int:
    ours, _ = await _tables(con)
    return int(await con.fetchval("SELECT version FROM liuyao_schema") or 0) if ours else 0


async def _check_ours(con: asyncpg.Connection, latest: int) -> int:
    """The database's schema version, or the refusal of a database that is not ours or is too new."""
    ours, tables = await _tables(con)
    if not ours:
        if tables:
            raise ForeignDatabaseError("the database has tables but no liuyao_schema: not a liuyao database")
        return 0
    version = int(await con.fetchval("SELECT version FROM liuyao_schema") or 0)
    if version > latest:
        raise too_new(version, latest)
    return version


async def _migrate(con: asyncpg.Connection, migrations: Sequence[Migration]) -> None:
    latest = len(migrations)
    version = await _check_ours(con, latest)
    for step in migrations:
        if version >= step.version:
            continue
        try:
            async with con.transaction():
                # Taken in turn by concurrent openers; the version is read again under the lock.
                await con.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                current = await _check_ours(con, latest)
                if current < step.version:
                    if current != step.version - 1:
                        raise MigrationError(f"cannot apply migration {step.version} to schema version {current}")
                    if current == 0:
                        await con.execute("CREATE TABLE liuyao_schema (version INTEGER NOT NULL)")
                        await con.execute("INSERT INTO liuyao_schema (version) VALUES (0)")
                    if isinstance(step.apply, str):
                        await con.execute(step.apply)
                    else:
                        await step.apply(con)
                    await con.execute("UPDATE liuyao_schema SET version = $1", step.version)
                    _LOG.info("database migrated to schema version %d: %s", step.version, step.description)
        except (MigrationError, ForeignDatabaseError, StorageError):
            raise
        except Exception as exc:
            raise MigrationError(f"migration {step.version} ({step.description}) failed: {exc}") from exc
        version = step.version
