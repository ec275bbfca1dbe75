"""The two database engines for the storage and persistence suites: ``database_url`` runs a test on each.

SQLite: a new file in the test's folder.  PostgreSQL: a new database with a unique name on the server of
``LIUYAO_TEST_POSTGRES`` (default ``postgresql://postgres@127.0.0.1:5432/postgres``, trust authentication),
created for the test and dropped after it.  Without a reachable server the PostgreSQL half is skipped, and the
summary says so (``-rs``); with ``CI=true`` in the environment a missing server fails those tests instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

# The bots the tests start as processes (``python -m bot.cli bot``) inherit this environment: with OPS_PORT=0 they
# leave the operator's port (8090 by default) alone, so that they never collide with one another or with a bot
# running on the machine; the tests of ``/healthz`` and ``/metrics`` give a free port of their own.
os.environ.setdefault("OPS_PORT", "0")

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


def pytest_addoption(parser: pytest.Parser) -> None:
    """A venv made before the lock has no pytest-timeout: there the ``timeout`` of pyproject.toml is known (and does
    nothing) rather than failing the run as an unknown option under ``filterwarnings = error``."""
    try:
        import pytest_timeout  # noqa: F401
    except ImportError:
        parser.addini("timeout", "per-test time-out (needs pytest-timeout, which the lock installs)")


def _url(name: str) -> str:
    return ADMIN_URL.rsplit("/", 1)[0] + "/" + name


def _admin(*statements: str, database: str | None = None) -> None:
    async def run() -> None:
        import asyncpg

        con = await asyncpg.connect(_url(database) if database else ADMIN_URL, timeout=10)
        try:
            for statement in statements:
                await con.execute(statement)
        finally:
            await con.close()

    asyncio.run(run())


# CREATE DATABASE costs a second and more on a loaded machine, and the suite asks for a fresh database some eighty
# times: a test's database is emptied after it (its connections ended, its one schema dropped and made again,
# as a new database has it) and handed to the next test of this process (each xdist worker has its own).  The
# project creates nothing outside the schema ``public`` (no other schema, role, extension or database setting).
_free: list[str] = []  # this process's databases, empty, not in use
_made: list[str] = []  # every database this process created (dropped when its session ends)


def _empty(name: str) -> None:
    _admin(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}' "
           "AND pid <> pg_backend_pid()")
    _admin("DROP SCHEMA public CASCADE", "CREATE SCHEMA public AUTHORIZATION pg_database_owner",
           "GRANT USAGE ON SCHEMA public TO PUBLIC", database=name)


def postgres_database() -> Iterator[str]:
    """An empty PostgreSQL database for one test (new, or one an earlier test of this process used, emptied):
    its URL."""
    require_postgres()
    if _free:
        name = _free.pop()
    else:
        name = f"liuyao_test_{os.getpid()}_{uuid.uuid4().hex[:10]}"
        # a commit does not wait for the WAL to reach the disk: what is lost if the server itself crashed, which
        # no test does (the tests kill the bot's processes, never PostgreSQL); each commit is still atomic
        _admin(f'CREATE DATABASE "{name}"', f'ALTER DATABASE "{name}" SET synchronous_commit = off')
        _made.append(name)
    try:
        yield _url(name)
    finally:
        try:
            _empty(name)
            _free.append(name)
        except Exception:  # noqa: BLE001 - a database that cannot be emptied is not handed on
            _made.remove(name)
            _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Drop this process's databases (connections still open to them are ended)."""
    while _made:
        name = _made.pop()
        with contextlib.suppress(Exception):
            _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _free.clear()


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
