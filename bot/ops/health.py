"""The operator's endpoints of a running bot: ``GET /healthz`` and ``GET /metrics``, on a small port of their own.

``OPS_PORT`` (default 8090; 0 turns them off) on ``OPS_LISTEN`` (default 127.0.0.1; 0.0.0.0 in a container, so that
Prometheus and the load balancer reach it), in polling and webhook mode alike: the webhook's port is Telegram's and
only answers requests that carry its secret.  The server is aiohttp's, already in the process for the Bot API calls
(``bot.delivery.request.RetryingRequest``), run in the application's event loop from ``post_init`` to ``post_shutdown``.

- ``/healthz``: 200 and ``{"status": "ok", ...}`` when the database answers and its schema version is this
  program's (``Storage.health``), else 503 with what is wrong; the container's health check and the load balancer
  read it.
- ``/metrics``: the Prometheus text of ``bot.ops.metrics`` (and the process's own CPU, memory and open files, which
  ``prometheus_client`` adds), through ``prometheus_client.generate_latest``.
"""

from __future__ import annotations

import logging
import os
import socket
import sqlite3
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest
from telegram import Update
from telegram.ext import Application, ContextTypes

from bot.ops import metrics
from bot.storage import StorageError

log = logging.getLogger(__name__)

OPS_KEY = "ops"  # bot_data: the running OpsServer


class MeteredApplication(Application):
    """``Application`` that counts every update and times its handling (``ApplicationBuilder.application_class``,
    PTB's way to extend the application); the errors are counted by ``count_error``."""

    async def process_update(self, update: object) -> None:
        start = time.perf_counter()
        try:
            await super().process_update(update)
        finally:
            metrics.UPDATE_SECONDS.observe(time.perf_counter() - start)
            metrics.UPDATES.labels(metrics.update_kind(update)).inc()


async def count_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """An error handler beside ``bot.handlers.app.on_error``: one more update that failed (errors of jobs are not updates)."""
    if isinstance(update, Update):
        metrics.UPDATE_ERRORS.inc()


class OpsServer:
    """``/healthz`` and ``/metrics`` for one application, on ``host:port`` (port 0: one the system chooses)."""

    def __init__(self, application: Application, host: str, port: int) -> None:
        self.application = application
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        server = web.Application()
        server.router.add_get("/healthz", self.healthz)
        server.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(server, access_log=None)
        await self._runner.setup()
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.create_server((self.host, self.port), family=family)  # bound here: port 0 gets its number
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        log.info("health and metrics on http://%s:%d/healthz and /metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def healthz(self, request: web.Request) -> web.Response:
        persistence: Any = self.application.persistence
        try:
            storage = await persistence.get_storage()
            health = await storage.health()
        except (OSError, sqlite3.Error, StorageError, RuntimeError) as exc:  # cannot even be opened: say so
            return web.json_response({"status": "down", "database": "unreachable", "error": str(exc)[:200]},
                                     status=503)
        body: dict[str, Any] = {"status": "ok" if health.ok else "down",
                                "database": "reachable" if health.reachable else "unreachable",
                                "schema": health.schema, "schema_expected": health.expected}
        if health.error:
            body["error"] = health.error[:200]
        return web.json_response(body, status=200 if health.ok else 503)

    async def metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST})


def install(application: Application, host: str, port: int) -> None:
    """Count the application's errors, and serve ``/healthz`` and ``/metrics`` while it runs (port 0: off).

    Started by ``start_ops`` (``post_init``), stopped by ``stop_ops`` (``post_shutdown``): ``run_polling`` and
    ``run_webhook`` call both."""
    application.add_error_handler(count_error)
    if port:
        application.bot_data[OPS_KEY] = OpsServer(application, host, port)


async def start_ops(application: Application) -> None:
    server = application.bot_data.get(OPS_KEY)
    if isinstance(server, OpsServer):
        await server.start()


async def stop_ops(application: Application) -> None:
    server = application.bot_data.get(OPS_KEY)
    if isinstance(server, OpsServer):
        await server.stop()


def check_health(env: Mapping[str, str] | None = None, *, timeout: float = 3.0) -> int:
    """``liuyao health``: GET /healthz of the bot on this machine (OPS_PORT); 0 when it answers 200, else 1, with
    the answer (or why there was none) on one line.  No event loop, no library beyond the standard one: the
    container runs it every half minute."""
    e = os.environ if env is None else env
    port = e.get("OPS_PORT") or "8090"
    host = e.get("OPS_LISTEN") or "127.0.0.1"
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    url = f"http://{host}:{port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:  # our own port on this machine
            print(answer.read().decode(errors="replace"))
            return 0
    except urllib.error.HTTPError as exc:
        print(f"liuyao health: {exc.code} {exc.read().decode(errors='replace')}", file=sys.stderr)
    except (OSError, ValueError) as exc:
        print(f"liuyao health: no answer from {url} ({exc})", file=sys.stderr)
    return 1
