"""The webhook worker's own server holds its ground (issue 24.1): the secret before the body, bounded bodies and
headers, idle and slow clients closed, a cap on connections, malformed bodies refused in one line.  Raw sockets on
127.0.0.1 play the abusive clients; the application is PTB's, its update queue the one updates land on."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from telegram.ext import Application

from bot.delivery import webhook
from bot.delivery.webhook import WebhookServer

SECRET = "s" * 40
UPDATE = {"update_id": 7, "message": {"message_id": 1, "date": 0, "text": "/start",
                                      "chat": {"id": 9, "type": "private"},
                                      "from": {"id": 9, "is_bot": False, "first_name": "K"}}}


@asynccontextmanager
async def serving(cap: int = 64) -> AsyncIterator[tuple[WebhookServer, Application]]:  # type: ignore[type-arg]
    app = Application.builder().token("1:" + "a" * 35).updater(None).build()
    server = WebhookServer(app, "127.0.0.1", 0, "/hook", SECRET, cap=cap)
    await server.start()
    try:
        yield server, app
    finally:
        await server.stop()


async def _exchange(port: int, head: str, body: bytes = b"", timeout: float = 5) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(head.encode() + body)
    await writer.drain()
    try:
        return await asyncio.wait_for(reader.read(4096), timeout)
    finally:
        writer.close()


def _post(length: int, secret: str = SECRET) -> str:
    return (f"POST /hook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n"
            f"X-Telegram-Bot-Api-Secret-Token: {secret}\r\n\r\n")


async def test_an_update_with_the_secret_is_stored_then_answered() -> None:
    async with serving() as (server, app):
        body = json.dumps(UPDATE).encode()
        answer = await _exchange(server.port, _post(len(body)), body)
        assert answer.startswith(b"HTTP/1.1 200")
        update = app.update_queue.get_nowait()
        assert update.update_id == 7 and update.message.text == "/start"


async def test_a_wrong_secret_is_refused_before_a_huge_body_is_read() -> None:
    """90 MB announced with a wrong secret: 403 at once, the body never sent nor read."""
    async with serving() as (server, app):
        started = time.monotonic()
        answer = await _exchange(server.port, _post(90 * 1024 * 1024, secret="guess"))
        assert answer.startswith(b"HTTP/1.1 403") and time.monotonic() - started < 3
        missing = await _exchange(server.port, _post(2).replace(f"X-Telegram-Bot-Api-Secret-Token: {SECRET}\r\n", ""),
                                  b"{}")
        assert missing.startswith(b"HTTP/1.1 403")
        assert app.update_queue.empty()


async def test_a_body_over_the_limit_is_413_and_a_malformed_one_400_in_one_line(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    async with serving() as (server, app):
        assert (await _exchange(server.port, _post(webhook.MAX_BODY + 1))).startswith(b"HTTP/1.1 413")
        for bad in (b"{not json", b"[1, 2]", b'{"update_id": "x", "message": 5}'):
            answer = await _exchange(server.port, _post(len(bad)), bad)
            assert answer.startswith(b"HTTP/1.1 400"), (bad, answer[:40])
        assert app.update_queue.empty()
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]


async def test_idle_and_slow_clients_are_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webhook, "IDLE_TIMEOUT", 0.5)
    monkeypatch.setattr(webhook, "BODY_TIMEOUT", 0.5)
    async with serving() as (server, _app):
        idle_r, idle_w = await asyncio.open_connection("127.0.0.1", server.port)  # sends nothing
        slow_r, slow_w = await asyncio.open_connection("127.0.0.1", server.port)
        slow_w.write(b"POST /hook HTTP/1.1\r\nHost: x\r\n")  # headers that never end
        await slow_w.drain()
        body_r, body_w = await asyncio.open_connection("127.0.0.1", server.port)
        body_w.write(_post(100).encode() + b"{")  # a body that never comes
        await body_w.drain()
        for reader in (idle_r, slow_r, body_r):
            assert await asyncio.wait_for(reader.read(), 5) is not None  # the server closed it (EOF)
        for w in (idle_w, slow_w, body_w):
            w.close()


async def test_connections_past_the_cap_are_closed_and_the_others_served() -> None:
    async with serving(cap=4) as (server, app):
        held = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(4)]
        await asyncio.sleep(0)  # (the accept loop takes them in turn; the fifth is counted below)
        extra_r, extra_w = await asyncio.open_connection("127.0.0.1", server.port)
        assert await asyncio.wait_for(extra_r.read(), 5) == b""  # closed at once, nothing answered
        extra_w.close()
        assert server.server.turned_away >= 1
        for _r, w in held:
            w.close()
        for _ in range(200):  # the held ones closing frees the slots
            if server.server.open == 0:
                break
            await asyncio.sleep(0.02)
        body = json.dumps(UPDATE).encode()
        assert (await _exchange(server.port, _post(len(body)), body)).startswith(b"HTTP/1.1 200")
        assert app.update_queue.qsize() == 1


def test_the_cap_stays_below_the_descriptor_limit() -> None:
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    cap = webhook.connection_cap(10**6)
    assert cap <= max(16, soft - webhook.RESERVED_DESCRIPTORS)
