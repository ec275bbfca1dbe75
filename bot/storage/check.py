"""A database the bot cannot write is refused at start, in one line (``check_database``); a PostgreSQL server not
ready yet is waited for."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from pathlib import Path

from bot.storage import StorageError, describe_url, is_postgres_url, open_storage, sqlite_path
from bot.storage.errors import passing_failure

log = logging.getLogger(__name__)


class StartError(Exception):
    """A setting or a file that keeps the bot from starting; its message is the one line shown."""


def check_database(database: str, wait: float = 0.0) -> None:
    """Refuse a database the bot could read but not write (found otherwise only when every update fails).

    An SQLite file: a write is tried inside a transaction and rolled back, nothing in the file changes.  A
    PostgreSQL URL: the database is opened (and migrated) once, a server not ready yet waited for up to ``wait``
    seconds (``_check_postgres``); one that cannot be reached is then an ``OSError`` (the caller's status 1: worth
    a restart), a database that refuses the bot a ``StartError`` (status 2).
    """
    if is_postgres_url(database):
        _check_postgres(database, wait)
        return
    try:
        path = sqlite_path(database)
    except ValueError as exc:
        raise StartError(f"DATABASE_URL: {exc}") from None
    if path == ":memory:" or path.startswith("file:"):
        return
    file = Path(path).expanduser()
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StartError(f"cannot create the folder of DATABASE_PATH {file.parent}: {exc.strerror}") from None
    try:
        con = sqlite3.connect(file, timeout=5, isolation_level=None)
    except sqlite3.Error as exc:
        raise StartError(f"cannot open DATABASE_PATH {file}: {exc}") from None
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute("CREATE TABLE liuyao_write_check (x)")
        con.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return  # another process writes it right now: it is writable
        raise StartError(f"DATABASE_PATH {file} is not writable ({exc}); the bot needs to write it") from None
    except sqlite3.DatabaseError as exc:
        raise StartError(f"DATABASE_PATH {file} is not a usable SQLite database ({exc})") from None
    finally:
        con.close()


CONNECT_TIMEOUT = 10.0  # seconds for one try to connect and migrate


def database_reason(exc: BaseException) -> str:
    """What went wrong, in one line that is never empty (a time-out's ``str`` is)."""
    return " ".join(str(exc).split()) or type(exc).__name__


def _check_postgres(url: str, wait: float) -> None:
    """Open the database once; a passing state (starting up, shutting down, too many clients, no answer) is
    tried again with a growing pause (1 s to 10 s) for up to ``wait`` seconds, then an ``OSError`` (status 1:
    the unit and compose restart the bot); a refusal is a ``StartError`` at once (status 2)."""
    async def probe() -> None:
        storage = await open_storage(url, connect_timeout=CONNECT_TIMEOUT)
        await storage.close()

    where = describe_url(url)
    deadline = time.monotonic() + wait
    pause = 1.0
    warned = False
    while True:
        try:
            asyncio.run(probe())
            if warned:
                log.warning("the database %s is ready", where)
            return
        except StorageError as exc:  # not ours, too new, a migration that failed
            raise StartError(f"DATABASE_URL {where}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - the driver's and the network's failures, sorted below
            reason = database_reason(exc)
            if not passing_failure(exc):  # no such database, a wrong password …
                raise StartError(f"cannot open DATABASE_URL {where}: {reason}") from None
            if time.monotonic() + pause > deadline:
                raise OSError(f"cannot reach the database {where} (not ready after {wait:.0f} s): {reason}") from None
            if not warned:
                log.warning("the database %s is not ready (%s); trying again for up to %.0f s", where, reason, wait)
                warned = True
            time.sleep(pause)
            pause = min(pause * 2, 10.0)
