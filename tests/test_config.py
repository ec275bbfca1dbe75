"""bot.ops.config: the database the bot opens and how long a consultation waits, from the environment."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.delivery.lanes import CLUSTER_SLOTS, SLOTS, FairUpdateProcessor, connections
from bot.handlers.app import build_application
from bot.ops.config import Config
from bot.run import run_bot
from bot.storage.persistence import StoragePersistence
from bot.storage.postgres import PostgresStorage


def test_the_database_is_database_url_else_database_path_else_the_default() -> None:
    assert Config.from_env({}).database == "./data/liuyao.sqlite3"
    assert Config.from_env({"DATABASE_PATH": "/srv/l.sqlite3"}).database == "/srv/l.sqlite3"
    both = {"DATABASE_PATH": "/srv/l.sqlite3", "DATABASE_URL": "postgresql://bot@db:5432/liuyao"}
    assert Config.from_env(both).database == "postgresql://bot@db:5432/liuyao"
    assert Config.from_env({"DATABASE_URL": "sqlite:///data/x.sqlite3"}).database == "sqlite:///data/x.sqlite3"
    with pytest.raises(ValueError, match="postgresql://.*sqlite:///"):
        Config.from_env({"DATABASE_URL": "mysql://db/liuyao"})


def test_consultation_ttl_hours() -> None:
    assert Config.from_env({}).consultation_ttl == timedelta(hours=24)
    assert Config.from_env({"CONSULTATION_TTL_HOURS": "1.5"}).consultation_ttl == timedelta(minutes=90)
    for bad in ("0", "-3", "nan", "inf", "a day"):
        with pytest.raises(ValueError, match=r"CONSULTATION_TTL_HOURS must be a number of hours above 0"):
            Config.from_env({"CONSULTATION_TTL_HOURS": bad})


def test_a_bad_setting_stops_the_bot_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_bot({"TELEGRAM_BOT_TOKEN": "1:x", "CONSULTATION_TTL_HOURS": "soon"}) == 2
    assert capsys.readouterr().err == ("liuyao bot: CONSULTATION_TTL_HOURS must be a number of hours above 0, "
                                       "not 'soon'\n")
    assert run_bot({"TELEGRAM_BOT_TOKEN": "1:x", "DATABASE_URL": "mongodb://db"}) == 2
    err = capsys.readouterr().err
    assert err.startswith("liuyao bot: not a database this bot can open: 'mongodb://db'") and err.count("\n") == 1


def test_a_postgresql_database_the_bot_cannot_use_stops_it_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.conftest import ADMIN_URL, require_postgres

    # no server there (and no wait for one): status 1, worth a restart
    assert run_bot({"TELEGRAM_BOT_TOKEN": "1:x", "DATABASE_URL": "postgresql://bot:s3cret@127.0.0.1:1/liuyao",
                    "DATABASE_START_WAIT": "0"}) == 1
    err = capsys.readouterr().err
    assert err.startswith("liuyao bot: cannot start: cannot reach the database postgresql://bot:***@127.0.0.1:1/")
    assert err.count("\n") == 1 and "s3cret" not in err
    # a server that refuses the database: status 2, a restart would not help
    require_postgres()
    missing = ADMIN_URL.rsplit("/", 1)[0] + "/liuyao_no_such_database"
    assert run_bot({"TELEGRAM_BOT_TOKEN": "1:x", "DATABASE_URL": missing}) == 2
    err = capsys.readouterr().err
    assert err == f'liuyao bot: cannot open DATABASE_URL {missing}: database "liuyao_no_such_database" does not exist\n'


def test_update_slots() -> None:
    assert Config.from_env({}).update_slots == 0  # the engine's default
    assert Config.from_env({"UPDATE_SLOTS": "12"}).update_slots == 12
    with pytest.raises(ValueError, match="UPDATE_SLOTS must be a whole number"):
        Config.from_env({"UPDATE_SLOTS": "many"})


def test_shutdown_grace() -> None:
    assert Config.from_env({}).shutdown_grace == 8.0
    assert Config.from_env({"SHUTDOWN_GRACE": "2.5"}).shutdown_grace == 2.5
    for bad in ("soon", "-1", "nan", "inf"):
        with pytest.raises(ValueError, match="SHUTDOWN_GRACE must be a number of seconds"):
            Config.from_env({"SHUTDOWN_GRACE": bad})


@pytest.mark.asyncio
async def test_each_engine_gets_its_slots_and_postgresql_a_pool_for_them(tmp_path: Path, postgres_url: str) -> None:
    """One process on SQLite: many updates at once (they wait on Telegram, not the CPU); a cluster worker on
    PostgreSQL: fewer, with a pool of two connections an update in flight and a few more."""
    cases = (({"DATABASE_PATH": str(tmp_path / "bot.sqlite3")}, SLOTS, None),
             ({"DATABASE_URL": postgres_url}, CLUSTER_SLOTS, connections(CLUSTER_SLOTS)),
             ({"DATABASE_URL": postgres_url, "UPDATE_SLOTS": "12"}, 12, 28))
    for env, slots, pool in cases:
        app = build_application(Config.from_env({"TELEGRAM_BOT_TOKEN": "1:x", **env}), rate_limit=False)
        assert isinstance(app.update_processor, FairUpdateProcessor)
        assert app.update_processor.slots == slots, env
        assert isinstance(app.persistence, StoragePersistence)
        storage = await app.persistence.get_storage()
        try:
            assert (storage.pool_size if isinstance(storage, PostgresStorage) else None) == pool, env
        finally:
            await app.persistence.flush()
    assert connections(CLUSTER_SLOTS) * 4 < 100  # four workers within PostgreSQL's default max_connections
