"""bot.config: the database the bot opens and how long a consultation waits, from the environment."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.config import Config
from bot.run import run_bot


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
