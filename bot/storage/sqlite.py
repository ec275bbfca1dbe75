"""The bot's data in one SQLite file, through aiosqlite: the embedded default.

- **One file**, WAL journal, ``foreign_keys=ON``, ``busy_timeout`` (5 s by default), ``synchronous=FULL`` by
  default (every commit is on disk when ``await`` returns: durable against a killed process *and* a power cut).
- **Schema version** in ``PRAGMA user_version``.  At open, every step of ``SQLITE_MIGRATIONS`` above the file's
  version runs in its own ``BEGIN IMMEDIATE`` transaction together with the ``user_version`` bump, after
  re-reading the version inside that transaction, so a step is applied exactly once even when two processes open
  the same file at once, and a failing step leaves the file at the previous version.  A file written by a
  *newer* program is refused with ``SchemaTooNewError``; a SQLite file that is not ours (version 0 but tables
  present, or a foreign ``application_id``) with ``ForeignDatabaseError``.
- **Times**: instants are UTC ISO 8601 text of fixed width, ``YYYY-MM-DDTHH:MM:SS.ffffffZ`` (text order is time
  order, and the file reads well in the ``sqlite3`` shell); dates ``YYYY-MM-DD``; wall-clock times ``HH:MM``.
- **Concurrency**: one connection per storage; every statement runs under one ``asyncio.Lock`` (writes in an
  explicit ``BEGIN IMMEDIATE … COMMIT``), so coroutines never interleave inside a transaction and a read never
  sees another coroutine's uncommitted writes.  Other processes on the same file are serialised by SQLite
  (``BEGIN IMMEDIATE`` + ``busy_timeout``).  Use one storage from one event loop.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import random
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from bot.storage.errors import ConstraintError, ForeignDatabaseError, MigrationError, StorageError, too_new
from bot.storage.repository import SQLStorage
from bot.storage.schema import APPLICATION_ID, SQLITE_MIGRATIONS, Migration, check_migrations
from bot.storage.values import Clock, as_date, format_utc, parse_date, parse_utc, utcnow

_LOG = logging.getLogger("bot.storage")

_FLAG = re.compile(r"\b(TRUE|FALSE)\b")


@functools.lru_cache(maxsize=512)
def _sql(statement: str) -> str:
    """The shared SQL as SQLite writes it: flags as 1/0, as the partial indexes of schema 1 were declared."""
    return _FLAG.sub(lambda m: "1" if m.group(1) == "TRUE" else "0", statement)


class _Tx:
    """Statements on the one connection, inside the transaction (or snapshot) its storage opened.

    Each statement is one trip to aiosqlite's thread (``execute_fetchall``), except ``execute``, whose count of
    changed rows needs the cursor and a second trip to close it: a trip is a wake-up of each thread, about as
    much CPU as SQLite's own work on the bot's small statements (bench/bench_bot.py).
    """

    __slots__ = ("_db",)

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Mapping[str, Any] | None = None) -> int:
        cur = await self._db.execute(_sql(sql), params or {})
        changed = cur.rowcount
        await cur.close()
        return int(changed)

    async def write(self, sql: str, params: Mapping[str, Any] | None = None) -> None:
        await self._db.execute_fetchall(_sql(sql), params or {})

    async def executemany(self, sql: str, rows: Iterable[Mapping[str, Any]]) -> None:
        cur = await self._db.executemany(_sql(sql), rows)
        await cur.close()

    async def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]:
        return list(await self._db.execute_fetchall(_sql(sql), params or {}))

    async def fetchrow(self, sql: str, params: Mapping[str, Any] | None = None) -> Any:
        rows = await self._db.execute_fetchall(_sql(sql), params or {})
        return next(iter(rows), None)


class SQLiteStorage(SQLStorage):
    """``await SQLiteStorage.open(path)``: the bot's data in the SQLite file at ``path``."""

    engine = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str, *, clock: Clock, lease: timedelta,
                 max_attempts: int) -> None:
        super().__init__(clock=clock, lease=lease, max_attempts=max_attempts)
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._closed = False

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    # ----------------------------------------------------------------------------------------- lifecycle

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout_ms: int = 5000,
        synchronous: Literal["OFF", "NORMAL", "FULL", "EXTRA"] = "FULL",
        migrations: Sequence[Migration] = SQLITE_MIGRATIONS,
        clock: Clock = utcnow,
        lease: timedelta = timedelta(minutes=5),
        max_attempts: int = 5,
    ) -> SQLiteStorage:
        """Open (creating it and its folder if needed) and migrate the database at ``path``.

        Raises ``SchemaTooNewError`` for a file from a newer program, ``ForeignDatabaseError`` for a SQLite
        file that is not ours, ``MigrationError`` if a step fails (the file stays at the last good version).
        """
        check_migrations(migrations)
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
    async def opening(cls, path: str | os.PathLike[str], **kwargs: Any) -> AsyncIterator[SQLiteStorage]:
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

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def next_id(self, tx: Any, table: str) -> int:
        row = await tx.fetchrow("SELECT seq FROM sqlite_sequence WHERE name = :table", {"table": table})
        return 1 if row is None else int(row[0]) + 1

    async def set_next_id(self, tx: Any, table: str, value: int) -> None:
        if value <= await self.next_id(tx, table):
            return
        if not await tx.execute("UPDATE sqlite_sequence SET seq = :seq WHERE name = :table",
                                {"seq": value - 1, "table": table}):
            await tx.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (:table, :seq)",
                             {"seq": value - 1, "table": table})

    # ------------------------------------------------------------------------------------- stored forms

    def instant(self, moment: datetime) -> str:
        return format_utc(moment)

    def instant_out(self, value: Any) -> datetime | None:
        return parse_utc(value)

    def day(self, value: date | str) -> str:
        return as_date(value).isoformat()

    def day_out(self, value: Any) -> date | None:
        return parse_date(value)

    # ---------------------------------------------------------------------------------- transactions

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Tx]:
        """A write transaction (``BEGIN IMMEDIATE``), holding the storage lock: no other coroutine's statement
        runs on this connection until it ends."""
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            try:
                await self._db.execute_fetchall("BEGIN IMMEDIATE")
            except BaseException:
                await self._rollback_quietly()
                raise
            try:
                yield _Tx(self._db)
            except sqlite3.IntegrityError as exc:
                await self._rollback_quietly()
                raise ConstraintError(str(exc)) from exc
            except BaseException:
                await self._rollback_quietly()
                raise
            try:
                await self._db.execute_fetchall("COMMIT")
            except BaseException:
                await self._rollback_quietly()
                raise

    async def _rollback_quietly(self) -> None:
        # The worker thread runs statements in order, so this ROLLBACK follows anything already queued.
        try:
            await self._db.execute_fetchall("ROLLBACK")
        except sqlite3.OperationalError:  # no transaction was open (BEGIN failed, or COMMIT went through)
            pass

    async def fetchall(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]:
        """Rows of one read statement, run under the storage lock (no transaction of its own needed)."""
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            return await _Tx(self._db).fetch(sql, params)

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[_Tx]:
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            await self._db.execute_fetchall("BEGIN")
            try:
                yield _Tx(self._db)
            finally:
                await self._rollback_quietly()


# ------------------------------------------------------------------------------------ opening and migrating


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
                return str((await cur.fetchone())[0])  # type: ignore[index]
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
        raise too_new(version, latest)
    if version == 0:
        async with db.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ) as cur:
            tables = (await cur.fetchone())[0]  # type: ignore[index]
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
                for statement in sql_statements(step.apply):
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


def sql_statements(script: str) -> Iterable[str]:
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
