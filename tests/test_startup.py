"""Start-up beside a PostgreSQL that is not ready (issue 24.5): a passing state is waited for, a refusal is not.

A front on 127.0.0.1 speaks PostgreSQL's protocol for its first connections — an ErrorResponse with the state a
recovering server sends (57P03 "the database system is starting up", 53300 "too many clients" …) — and then
forwards every byte to the real server, so the bot meets exactly what a booting or crowded PostgreSQL answers.
"""

from __future__ import annotations

import logging

import pytest

from bot.run import run_bot
from bot.storage import check
from bot.storage.check import check_database
from bot.storage.errors import passing_failure
from tests.pgfront import front


def test_a_database_starting_up_or_full_is_waited_for(postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    with front(postgres_url, ("57P03", "53300", "57P01")) as (url, got, _switch):
        check_database(url, wait=30)
    assert got[:3] == ["57P03", "53300", "57P01"] and "forwarded" in got
    said = [r.getMessage() for r in caplog.records]
    assert len([m for m in said if "is not ready" in m]) == 1  # said once, not at every try
    assert "starting up" in said[0] and any(m.endswith("is ready") for m in said)


def test_a_database_still_starting_after_the_wait_is_status_1_with_its_reason(
        postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with front(postgres_url, ("57P03",) * 50) as (url, got, _switch):
        status = run_bot({"TELEGRAM_BOT_TOKEN": "1:" + "a" * 35, "DATABASE_URL": url, "DATABASE_START_WAIT": "2"})
    assert status == 1 and len(got) >= 2  # tried again before giving up
    err = capsys.readouterr().err
    assert "not ready after 2 s" in err and "starting up" in err


def test_a_wrong_password_is_status_2_at_once(postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with front(postgres_url, ("28P01",) * 50) as (url, got, _switch):
        status = run_bot({"TELEGRAM_BOT_TOKEN": "1:" + "a" * 35, "DATABASE_URL": url, "DATABASE_START_WAIT": "30"})
    assert status == 2 and len(got) == 1
    assert "password authentication failed" in capsys.readouterr().err


def test_a_database_that_never_answers_gives_a_reason(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check, "CONNECT_TIMEOUT", 0.5)
    with front(postgres_url, ("silent",) * 50) as (url, _got, _switch), pytest.raises(OSError) as caught:
        check_database(url, wait=1)
    assert "not ready after 1 s" in str(caught.value) and str(caught.value).endswith(": TimeoutError")


def test_a_refusal_is_not_a_passing_state() -> None:
    class Refused(Exception):
        sqlstate = "3D000"  # no such database

    class Crowded(Exception):
        sqlstate = "53300"

    assert not passing_failure(Refused()) and passing_failure(Crowded()) and passing_failure(ConnectionRefusedError())
    assert check.database_reason(TimeoutError()) == "TimeoutError"
