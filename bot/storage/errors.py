"""What can go wrong opening or using a database, the same on every engine."""

from __future__ import annotations


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
