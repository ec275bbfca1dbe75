"""The two database engines for the storage and persistence suites: ``database_url`` runs a test on each.

SQLite: a new file in the test's folder.  PostgreSQL: a new database with a unique name on the server of
``LIUYAO_TEST_POSTGRES`` (default ``postgresql://postgres@127.0.0.1:5432/postgres``, trust authentication),
created for the test and dropped after it.  Without a reachable server the PostgreSQL half is skipped, and the
summary says so (``-rs``); with ``CI=true`` in the environment a missing server fails those tests instead.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

ADMIN_URL = os.environ.get("LIUYAO_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
ENGINES = ("sqlite", "postgresql")
_reachable: dict[str, str | None] = {}  # admin URL → None if reachable, else why not


def _why_unreachable() -> str | None:
    if ADMIN_URL not in _reachable:
        async def probe() -> None:
            import asyncpg

            con = await asyncpg.connect(ADMIN_URL, timeout=3)
            await con.close()

        try:
            asyncio.run(probe())
            _reachable[ADMIN_URL] = None
        except Exception as exc:  # noqa: BLE001 - refused, timed out, no such role …: all mean "not here"
            _reachable[ADMIN_URL] = f"{type(exc).__name__}: {exc}"
    return _reachable[ADMIN_URL]


def require_postgres() -> None:
    """Skip (or under CI fail) the calling test when there is no PostgreSQL to run it on."""
    why = _why_unreachable()
    if why is None:
        return
    message = f"PostgreSQL not reachable at {ADMIN_URL} ({why}): the PostgreSQL half of the storage tests did not run"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true and {message}", pytrace=False)
    pytest.skip(message)


def _admin(statement: str) -> None:
    async def run() -> None:
        import asyncpg

        con = await asyncpg.connect(ADMIN_URL, timeout=10)
        try:
            await con.execute(statement)
        finally:
            await con.close()

    asyncio.run(run())


def postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test: its URL; dropped afterwards (connections still open
    to it are ended)."""
    require_postgres()
    name = f"liuyao_test_{os.getpid()}_{uuid.uuid4().hex[:10]}"
    _admin(f'CREATE DATABASE "{name}"')
    try:
        yield ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=ENGINES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database on each engine: ``sqlite:///<tmp>/data/liuyao.sqlite3`` (its folder not yet made), or a
    new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'data' / 'liuyao.sqlite3'}"
    else:
        yield from postgres_database()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database (for the tests that need one alongside an SQLite file)."""
    yield from postgres_database()
