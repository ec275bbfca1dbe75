"""``GET /healthz``, ``GET /metrics`` and ``LOG_FORMAT=json`` (issue 12), on the real Application over HTTP.

The in-process tests start the application as ``run_polling`` does (``post_init`` … ``post_shutdown``) against the
fake Bot API; the figures of ``/metrics`` are read back with ``prometheus_client``'s own parser of the text format,
as Prometheus reads them.  The process test runs ``python -m bot.cli bot`` with ``LOG_FORMAT=json``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client import REGISTRY, generate_latest
from prometheus_client.parser import text_string_to_metric_families
from telegram.ext import ExtBot

from bot.delivery.broadcast import broadcast_due
from bot.delivery.request import RetryingRequest
from bot.handlers.app import build_application
from bot.storage import SCHEMA_VERSION, open_storage
from tests.fake_telegram import FakeTelegram, polling
from tests.test_bot_e2e import NOW, ROOT, config, stop_bot
from tests.test_robust import ATTEMPTS, free_port

SORRY = "Something went wrong on my side. Your readings are safe; please try again."


@contextlib.asynccontextmanager
async def running(tg: FakeTelegram, db: Path, port: int, **kw: Any) -> AsyncIterator[Any]:
    """The bot as ``run_polling`` runs it: initialize, post_init (the ops server), start, poll; and back."""
    app = build_application(replace(config(tg, db), ops_port=port), clock=lambda: NOW, **kw)
    async with polling(app, hooks=True):
        yield app


async def get(port: int, path: str) -> httpx.Response:
    async with httpx.AsyncClient(trust_env=False) as client:
        return await client.get(f"http://127.0.0.1:{port}{path}")


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text page: (name, sorted labels) → value."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(page: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return page.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_healthz_answers_ok_then_503_when_the_schema_is_not_this_programs(tmp_path: Path) -> None:
    db, port = tmp_path / "bot.sqlite3", free_port()
    async with FakeTelegram() as tg, running(tg, db, port):
        answer = await get(port, "/healthz")
        assert answer.status_code == 200
        assert answer.json() == {"status": "ok", "database": "reachable", "schema": SCHEMA_VERSION,
                                 "schema_expected": SCHEMA_VERSION}
        # Another program (a newer bot sharing the file) moves the schema on: this worker is no longer healthy.
        with sqlite3.connect(db) as con:
            con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        answer = await get(port, "/healthz")
        assert answer.status_code == 503
        assert answer.json()["status"] == "down" and answer.json()["schema"] == SCHEMA_VERSION + 1
        assert (await get(port, "/nothing")).status_code == 404
    with pytest.raises(httpx.ConnectError):  # stopped with the application
        await get(port, "/healthz")


async def test_metrics_count_updates_sends_429s_and_errors(tmp_path: Path) -> None:
    db, port = tmp_path / "bot.sqlite3", free_port()
    request = RetryingRequest(connection_pool_size=16, read_timeout=2, backoff=0.01, max_pause=0.02)
    async with FakeTelegram() as tg, running(tg, db, port, request=request, rate_limit=False):
        before = samples((await get(port, "/metrics")).text)
        u = tg.user(1201, language_code="en")
        await u.send("/start")
        assert "Welcome" in (await u.wait_reply()).text
        # flood control (no rate limiter here), then a reply that fails however often it is tried at once: each
        # /help is kept and answered at its next try (bot.delivery.replies); each failed try is an error counted
        tg.fail_next(1, 429, methods=["sendMessage"])
        await u.send("/help")
        assert "/cast" in (await u.wait_reply(timeout=15)).text
        tg.fail_next(ATTEMPTS, 502, methods=["sendMessage"])
        await u.send("/help")
        assert "/cast" in (await u.wait_reply(timeout=15)).text
        tg.fail_next(1, 400, description="Bad Request: can't parse entities", methods=["sendMessage"])  # for good
        await u.send("/help")
        assert SORRY in (await u.wait_reply()).text
        assert await tg.settled(u.id)  # the error counted after the apology is sent: the update is done with
        page = await get(port, "/metrics")
        assert page.headers["content-type"].startswith("text/plain")
        after = samples(page.text)

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("liuyao_updates_total", kind="message") == 6  # 4 updates, two of them tried twice
    assert grew("liuyao_update_seconds_count") == 6
    assert grew("liuyao_update_errors_total") == 3
    assert grew("liuyao_bot_api_rate_limited_total", method="sendMessage") == 1
    assert grew("liuyao_bot_api_calls_total", method="sendMessage", status="4xx") == 2
    assert grew("liuyao_bot_api_calls_total", method="sendMessage", status="5xx") == ATTEMPTS
    # /start's welcome, the two /help answers and the apology went through
    assert grew("liuyao_bot_api_calls_total", method="sendMessage", status="2xx") == 4


async def test_metrics_count_almanacs_sent_and_late(tmp_path: Path) -> None:
    """Four almanacs due at 07:00 in Seoul: sent on time, none late; two more due at 06:00, sent at 07:05: late."""
    on_time = datetime(2026, 6, 1, 22, 0, tzinfo=UTC)  # 07:00 in Seoul
    before = samples(generate_latest(REGISTRY).decode())
    async with FakeTelegram() as tg, await open_storage(str(tmp_path / "b.sqlite3")) as storage:
        for i, at in enumerate(["07:00"] * 4):
            tg.user(800 + i, language_code="en")
            await storage.subscribe(800 + i, 800 + i, at, "Asia/Seoul", "en", now=on_time - timedelta(days=1))
        async with ExtBot(tg.token, base_url=tg.base_url) as bot:
            assert (await broadcast_due(bot, storage, clock=lambda: on_time, rate=None)).sent == 4
            middle = samples(generate_latest(REGISTRY).decode())
            for i in (4, 5):
                tg.user(800 + i, language_code="en")
                await storage.subscribe(800 + i, 800 + i, "06:00", "Asia/Seoul", "en", now=on_time - timedelta(days=1))
            late = on_time + timedelta(minutes=5)
            assert (await broadcast_due(bot, storage, clock=lambda: late, rate=None)).sent == 2
        after = samples(generate_latest(REGISTRY).decode())
    assert value(middle, "liuyao_deliveries_sent_total") - value(before, "liuyao_deliveries_sent_total") == 4
    assert value(middle, "liuyao_deliveries_late_total") == value(before, "liuyao_deliveries_late_total")
    assert value(after, "liuyao_deliveries_sent_total") - value(middle, "liuyao_deliveries_sent_total") == 2
    assert value(after, "liuyao_deliveries_late_total") - value(middle, "liuyao_deliveries_late_total") == 2


async def test_the_bot_process_logs_json_and_serves_its_ops_port(tmp_path: Path) -> None:
    db, log, port = tmp_path / "bot.sqlite3", tmp_path / "bot.log", free_port()
    async with FakeTelegram() as tg:
        env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url, DATABASE_PATH=str(db),
                   LOG_FORMAT="json", OPS_PORT=str(port))
        env.pop("WEBHOOK_URL", None)
        u = tg.user(1202, language_code="en")
        with log.open("ab") as out:
            proc = await asyncio.to_thread(subprocess.Popen, [sys.executable, "-m", "bot.cli", "bot"], cwd=ROOT,
                                           env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            await u.send("/start")
            assert "Welcome" in (await u.wait_reply(timeout=30)).text
            assert (await get(port, "/healthz")).status_code == 200
            health = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot.cli", "health"], cwd=ROOT,
                                             env=env, capture_output=True, text=True)
            assert health.returncode == 0 and json.loads(health.stdout)["status"] == "ok"
        finally:
            await stop_bot(proc)
        assert proc.returncode == 0, log.read_text()
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines]  # every line one JSON object
    assert {"time", "level", "logger", "message"} <= set(entries[0])
    assert any(f":{port}/healthz" in e["message"] for e in entries)
    loop = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"  # a dependency but on Windows
    assert any(e["message"] == f"event loop: {loop}" for e in entries)
    assert tg.token not in log.read_text() and tg.token.split(":")[1] not in log.read_text()
    stopped = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot.cli", "health"], cwd=ROOT, env=env,
                                      capture_output=True, text=True)
    assert stopped.returncode == 1 and "no answer" in stopped.stderr


async def test_bad_ops_settings_are_refused_in_one_line(tmp_path: Path) -> None:
    for setting, words in (({"OPS_PORT": "eighty"}, "OPS_PORT must be a number"),
                           ({"LOG_FORMAT": "xml"}, "LOG_FORMAT must be text or json"),
                           ({"ALLOW_PAID_BROADCAST": "maybe"}, "ALLOW_PAID_BROADCAST must be on or off")):
        env = dict(os.environ, TELEGRAM_BOT_TOKEN="123:" + "a" * 30, DATABASE_PATH=str(tmp_path / "x.sqlite3"),
                   **setting)
        done = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot.cli", "bot"], cwd=ROOT, env=env,
                                       capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip().splitlines()[-1].startswith("liuyao bot: " + words)
