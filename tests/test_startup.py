"""Start-up beside a PostgreSQL that is not ready (issue 24.5): a passing state is waited for, a refusal is not.

A front on 127.0.0.1 speaks PostgreSQL's protocol for its first connections — an ErrorResponse with the state a
recovering server sends (57P03 "the database system is starting up", 53300 "too many clients" …) — and then
forwards every byte to the real server, so the bot meets exactly what a booting or crowded PostgreSQL answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest

from bot import guard
from bot.guard import check_database
from bot.run import run_bot

_SSL_REQUEST = 80877103


def _error_response(state: str, message: str) -> bytes:
    fields = b"".join(kind + text.encode() + b"\0" for kind, text in
                      ((b"S", "FATAL"), (b"V", "FATAL"), (b"C", state), (b"M", message))) + b"\0"
    return b"E" + struct.pack(">I", len(fields) + 4) + fields


MESSAGES = {"57P03": "the database system is starting up", "53300": "sorry, too many clients already",
            "57P01": "terminating connection due to administrator command",
            "28P01": 'password authentication failed for user "postgres"'}


@contextlib.contextmanager
def front(target: str, answers: list[str | None]) -> Iterator[tuple[str, list[str]]]:
    """A server whose n-th connection gets ``answers[n]``: an SQLSTATE to refuse with, ``None`` to forward to
    ``target``'s server, or ``"silent"`` to accept and never answer; past the list, forwarded.  Yields the URL
    of ``target``'s database through it, and the list of what each connection got."""
    parts = urlsplit(target)
    host, port = parts.hostname or "127.0.0.1", parts.port or 5432
    got: list[str] = []
    ready = threading.Event()
    loop = asyncio.new_event_loop()
    bound: list[int] = []

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        n = len(got)
        answer = answers[n] if n < len(answers) else None
        got.append(answer or "forwarded")
        if answer is None:
            up_reader, up_writer = await asyncio.open_connection(host, port)
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
            return
        if answer == "silent":
            await reader.read()  # until the client gives up
            writer.close()
            return
        length, code = struct.unpack(">II", await reader.readexactly(8))
        if code == _SSL_REQUEST:
            writer.write(b"N")
            await writer.drain()
            (length,) = struct.unpack(">I", await reader.readexactly(4))
            await reader.readexactly(length - 4)
        else:
            await reader.readexactly(length - 8)
        writer.write(_error_response(answer, MESSAGES[answer]))
        await writer.drain()
        writer.close()

    async def main() -> None:
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        bound.append(server.sockets[0].getsockname()[1])
        ready.set()
        async with server:
            await server.serve_forever()

    thread = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    thread.start()
    ready.wait(10)
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0] + "@" if len(netloc) == 2 else ""
    try:
        yield urlunsplit((parts.scheme, f"{user}127.0.0.1:{bound[0]}", parts.path, "sslmode=disable", "")), got
    finally:
        for task in asyncio.all_tasks(loop):
            loop.call_soon_threadsafe(task.cancel)
        thread.join(10)


def test_a_database_starting_up_or_full_is_waited_for(postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    with front(postgres_url, ["57P03", "53300", "57P01"]) as (url, got):
        check_database(url, wait=30)
    assert got[:3] == ["57P03", "53300", "57P01"] and "forwarded" in got
    said = [r.getMessage() for r in caplog.records]
    assert len([m for m in said if "is not ready" in m]) == 1  # said once, not at every try
    assert "starting up" in said[0] and any(m.endswith("is ready") for m in said)


def test_a_database_still_starting_after_the_wait_is_status_1_with_its_reason(
        postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with front(postgres_url, ["57P03"] * 50) as (url, got):
        status = run_bot({"TELEGRAM_BOT_TOKEN": "1:" + "a" * 35, "DATABASE_URL": url, "DATABASE_START_WAIT": "2"})
    assert status == 1 and len(got) >= 2  # tried again before giving up
    err = capsys.readouterr().err
    assert "not ready after 2 s" in err and "starting up" in err


def test_a_wrong_password_is_status_2_at_once(postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with front(postgres_url, ["28P01"] * 50) as (url, got):
        status = run_bot({"TELEGRAM_BOT_TOKEN": "1:" + "a" * 35, "DATABASE_URL": url, "DATABASE_START_WAIT": "30"})
    assert status == 2 and len(got) == 1
    assert "password authentication failed" in capsys.readouterr().err


def test_a_database_that_never_answers_gives_a_reason(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "CONNECT_TIMEOUT", 0.5)
    with front(postgres_url, ["silent"] * 50) as (url, _got), pytest.raises(OSError) as caught:
        check_database(url, wait=1)
    assert "not ready after 1 s" in str(caught.value) and str(caught.value).endswith(": TimeoutError")


def test_a_refusal_is_not_a_passing_state() -> None:
    class Refused(Exception):
        sqlstate = "3D000"  # no such database

    class Crowded(Exception):
        sqlstate = "53300"

    assert not guard.passing(Refused()) and guard.passing(Crowded()) and guard.passing(ConnectionRefusedError())
    assert guard.database_reason(TimeoutError()) == "TimeoutError"
