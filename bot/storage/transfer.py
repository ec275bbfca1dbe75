"""``liuyao db copy``: one installation moved to another database, either engine to either engine.

Every table of ``schema.TABLES`` is read from one snapshot of the source and written in one transaction on the
target, in the order the foreign keys need, each value turned from the source's stored form into the target's
(instants, dates, flags); the ids stay as they were, and so does where each engine numbers the next one (so an id
is never reused after the move either).  The target must be empty (a copy never merges), and the row counts of
every table are checked on both sides after the commit.  A copy that fails leaves the target as it was.

Stop the bot (and ``liuyao broadcast``) first: what it writes during the copy would not be copied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.storage import describe_url, is_postgres_url, open_storage, sqlite_path
from bot.storage.errors import StorageError
from bot.storage.repository import SQLStorage, Tx
from bot.storage.schema import DATE, FLAG, IDENTITIES, INSTANT, KEYS, TABLES

BATCH = 1000  # rows read and written at a time


class NotEmptyError(StorageError):
    """The target database already holds data."""


class CopyError(StorageError):
    """The copy did not arrive whole (the counts differ)."""


class UnreachableError(Exception):
    """A database that cannot be opened at all (no server there, no such database, refused credentials)."""


async def _open(url: str, side: str) -> SQLStorage:
    try:
        return await open_storage(url)
    except (StorageError, ValueError):
        raise
    except Exception as exc:  # the driver's and the OS's many ways of saying "not there"
        raise UnreachableError(f"cannot open the {side} {describe_url(url)}: {exc} ({type(exc).__name__})") from exc


def _same_database(a: str, b: str) -> bool:
    if is_postgres_url(a) or is_postgres_url(b):
        return a.rstrip("/") == b.rstrip("/")
    from pathlib import Path

    return Path(sqlite_path(a)).expanduser().resolve() == Path(sqlite_path(b)).expanduser().resolve()


def _converter(source: SQLStorage, target: SQLStorage, kind: str | None) -> Callable[[Any], Any]:
    if kind == INSTANT:
        return lambda v: None if v is None else target.instant(source.instant_out(v))  # type: ignore[arg-type]
    if kind == DATE:
        return lambda v: None if v is None else target.day(source.day_out(v))  # type: ignore[arg-type]
    if kind == FLAG:
        return lambda v: None if v is None else bool(v)
    return lambda v: v


async def copy_database(source_url: str, target_url: str, *,
                        progress: Callable[[str, int], None] | None = None) -> dict[str, int]:
    """Copy every table from ``source_url`` into the empty database ``target_url``; the rows per table.

    Raises ``NotEmptyError`` for a target that holds data, ``CopyError`` when the counts differ after the copy,
    ``UnreachableError`` for a database that cannot be opened, and the ``StorageError`` of one that is not ours
    or too new (``ForeignDatabaseError``, ``SchemaTooNewError``) or refuses a row (``ConstraintError``).  ``progress(table, rows)`` is called as each table is done.
    """
    if _same_database(source_url, target_url):
        raise StorageError("the source and the target are the same database")
    source = await _open(source_url, "source")
    try:
        target = await _open(target_url, "target")
        try:
            held = {table: n for table in TABLES if (n := await target.count_rows(table))}
            if held:
                listed = ", ".join(f"{table} {n}" for table, n in held.items())
                raise NotEmptyError(f"the target {describe_url(target_url)} already holds data ({listed}); "
                                    "copy only into an empty database")
            counts = await _copy(source, target, progress)
            for table, n in counts.items():
                there, here = await source.count_rows(table), await target.count_rows(table)
                if not n == there == here:
                    raise CopyError(f"{table}: {n} rows copied, but the source holds {there} and the target {here}")
            return counts
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: SQLStorage, target: SQLStorage, progress: Callable[[str, int], None] | None) -> dict[str, int]:
    counts: dict[str, int] = {}
    async with source.snapshot() as reading, target.transaction() as writing:
        for table, columns in TABLES.items():
            counts[table] = await _copy_table(source, target, reading, writing, table, columns)
            if progress is not None:
                progress(table, counts[table])
        for table in IDENTITIES:
            await target.set_next_id(writing, table, await source.next_id(reading, table))
    return counts


async def _copy_table(source: SQLStorage, target: SQLStorage, reading: Tx, writing: Tx, table: str,
                      columns: dict[str, str | None]) -> int:
    names = list(columns)
    convert = [_converter(source, target, kind) for kind in columns.values()]
    order = ", ".join(KEYS[table])
    insert = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join(':' + n for n in names)})"
    copied = 0
    while True:
        rows = await reading.fetch(f"SELECT {', '.join(names)} FROM {table} ORDER BY {order} "
                                   "LIMIT :limit OFFSET :offset", {"limit": BATCH, "offset": copied})
        if not rows:
            return copied
        await writing.executemany(insert, [{n: f(row[i]) for i, (n, f) in enumerate(zip(names, convert, strict=True))}
                                           for row in rows])
        copied += len(rows)
