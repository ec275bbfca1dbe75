"""What can go wrong opening or using a database, the same on every engine."""

from __future__ import annotations

import sqlite3


class StorageError(Exception):
    """A database that cannot be used as asked."""


class SchemaTooNewError(StorageError):
    """The database was written by a newer version of the program; opening it could lose data."""


class MigrationError(StorageError):
    """A migration step failed; the database was left at the last version that completed."""


class ConstraintError(StorageError):
    """A write refused by a key, a reference or a check of the schema (the engine's message says which)."""


class ForeignDatabaseError(StorageError):
    """The database holds tables, but not ours."""


def too_new(version: int, latest: int) -> SchemaTooNewError:
    """The one refusal both engines give for a schema above what this program knows."""
    return SchemaTooNewError(
        f"the database is at schema version {version}, but this program knows only up to {latest}: "
        "it was written by a newer version of the bot; upgrade the program (or restore a backup) "
        "rather than open it with this one"
    )


# SQLSTATE classes and states of a server that is away or busy for a while: connection exceptions (08), too many
# clients (53300), the disk full (53100), out of memory (53200), a start or a stop under way (57P01–57P03).
_PASSING_STATES = ("08", "53100", "53200", "53300", "57P01", "57P02", "57P03")
# What SQLite says when the disk or the file is unavailable for a while (its OperationalError's text).
_PASSING_SQLITE = ("disk is full", "disk i/o error", "database is locked", "unable to open database file")


def passing_failure(exc: BaseException) -> bool:
    """Whether a failed statement may go through if tried again later: the database away, restarting or busy,
    the disk full — not a refusal of this data (a constraint, a value the schema does not take)."""
    if isinstance(exc, StorageError):
        return False
    state = getattr(exc, "sqlstate", None)
    if state is not None:
        return str(state).startswith(_PASSING_STATES)
    if isinstance(exc, sqlite3.OperationalError):
        return any(text in str(exc).lower() for text in _PASSING_SQLITE)
    return isinstance(exc, OSError | TimeoutError) or type(exc).__name__ in ("InterfaceError",
                                                                               "ConnectionDoesNotExistError")
