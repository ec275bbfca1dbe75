"""The webhook worker's own server: it holds its ground without nginx in front (issue 24.1).

PTB's ``run_webhook`` serves Telegram through a tornado server with none of a public endpoint's guards: no
header or idle time-out (slow clients were never closed), the whole body read (up to 100 MB) before the secret
was checked, no cap on connections (1 000 idle ones exhausted the descriptors and the accept loop then spun,
logging a traceback per try).  PTB's documentation shows the way out — a custom webhook server that puts each
``Update`` on ``application.update_queue`` — and this module is that server, on the same tornado PTB brings:

- **the secret first**: ``X-Telegram-Bot-Api-Secret-Token`` is compared in constant time as soon as the headers
  are in, before a byte of the body is read; a wrong one is 403 and the connection closed;
- **limits**: a body of at most ``MAX_BODY`` (Telegram's updates are a few kB), headers of at most ``MAX_HEADERS``,
  a time-out for the headers and idle keep-alive (``IDLE_TIMEOUT``) and for the body (``BODY_TIMEOUT``);
- **a cap on open connections** (``MAX_CONNECTIONS``, and never within ``RESERVED_DESCRIPTORS`` of the process's
  descriptor limit): past it a connection is closed at once; our own accept loop backs off when the system is
  out of descriptors (EMFILE), logged once (``bot.delivery.outage``), instead of spinning;
- **a malformed body** is 400 with one line at INFO, never a traceback — and a flood of them one line a minute
  with a count (``bot.ops.logs.Repeated``), as tornado's own line for a body past the limit;
- each update is answered 200 only once it is stored (``bot.delivery.inbox.Inbox.put``), as PTB's own server does.

``serve_webhook`` runs the application's life as ``run_webhook`` does (initialize, ``post_init``, setWebhook,
start, … stop, ``post_stop``, shutdown, ``post_shutdown``) and stops on SIGTERM or SIGINT.
"""

from __future__ import annotations

import asyncio
import errno
import hmac
import json
import logging
import resource
import socket
from typing import Any

from telegram import Update
from telegram.ext import Application
from tornado.httpserver import HTTPServer
from tornado.iostream import IOStream
from tornado.web import Application as TornadoApplication
from tornado.web import RequestHandler, stream_request_body

from bot.delivery.outage import Backoff, Outage
from bot.delivery.stopping import SHUTDOWN_GRACE, Stopper
from bot.ops.logs import Repeated

log = logging.getLogger(__name__)
# abuse repeats: a malformed body, a body past the limit (tornado's own line) is said once a minute with a count
log.addFilter(Repeated("a webhook request whose body is not an update"))
logging.getLogger("tornado.general").addFilter(Repeated("Malformed HTTP message"))

MAX_BODY = 1024 * 1024  # bytes of one update; Telegram's are a few kB
MAX_HEADERS = 16 * 1024  # bytes of a request's headers
IDLE_TIMEOUT = 10.0  # seconds for a request's headers, and between two requests on a kept-alive connection
BODY_TIMEOUT = 10.0  # seconds for a request's body
MAX_CONNECTIONS = 512  # open at once; more are closed as they come
RESERVED_DESCRIPTORS = 128  # never used for connections: the database, the Bot API, logs, the ops port
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def connection_cap(wanted: int = MAX_CONNECTIONS) -> int:
    """``wanted``, but below the process's descriptor limit by ``RESERVED_DESCRIPTORS`` (at least 16)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft - RESERVED_DESCRIPTORS))


@stream_request_body
class _UpdateHandler(RequestHandler):
    """POST an update: the secret checked before the body, the body bounded, the update stored, then 200."""

    bot_app: Application[Any, Any, Any, Any, Any, Any]
    secret: str

    def initialize(self, bot_app: Application[Any, Any, Any, Any, Any, Any], secret: str) -> None:
        self.bot_app = bot_app
        self.secret = secret
        self.chunks: list[bytes] = []
        self.size = 0

    def prepare(self) -> None:
        if self.request.method != "POST":
            self._refuse(405)
            return
        given = self.request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), self.secret.encode()):
            self._refuse(403)
            return
        length = self.request.headers.get("Content-Length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            self._refuse(413)

    def data_received(self, chunk: bytes) -> None:
        if self._finished:  # refused already: what still comes is dropped, never kept
            return
        self.size += len(chunk)
        if self.size > MAX_BODY:
            self._refuse(413)
            return
        self.chunks.append(chunk)

    async def post(self) -> None:
        app = self.bot_app
        try:
            data = json.loads(b"".join(self.chunks))
            if not isinstance(data, dict):
                raise TypeError("not a JSON object")
            update = Update.de_json(data, app.bot)
        except Exception as exc:  # noqa: BLE001 - whatever a malformed body raises: 400, one line
            log.info("a webhook request whose body is not an update was refused: %s", type(exc).__name__)
            self.set_status(400)
            return
        await app.update_queue.put(update)  # stored before Telegram is told it arrived (bot.delivery.inbox)
        self.set_status(200)

    def _refuse(self, status: int) -> None:
        """Answer at once; what is left of the body is dropped as it comes (``data_received``) and bounded by
        ``MAX_BODY`` and ``BODY_TIMEOUT`` (tornado closes a connection past either)."""
        self.set_status(status)
        self.finish()

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:  # one line, never a traceback
        log.info("webhook request failed: %s", typ.__name__ if typ else "error")


class _CappedServer(HTTPServer):
    """Tornado's HTTP server, fed by our accept loop, with a cap on connections open at once."""

    def initialize(self, *args: Any, cap: int = MAX_CONNECTIONS, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.cap = cap
        self.open = 0
        self.turned_away = 0

    def handle_stream(self, stream: IOStream, address: tuple[Any, ...]) -> None:
        if self.open >= self.cap:
            self.turned_away += 1
            stream.close()
            return
        self.open += 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn: object) -> None:
        self.open -= 1
        super().on_close(server_conn)


class WebhookServer:
    """Listens on ``host:port`` at ``path`` for ``application``'s updates carrying ``secret``."""

    def __init__(self, application: Application[Any, Any, Any, Any, Any, Any], host: str, port: int, path: str,
                 secret: str, *, cap: int | None = None) -> None:
        self.host, self.port, self.path = host, port, "/" + path.strip("/")
        routes = [(self.path, _UpdateHandler, {"bot_app": application, "secret": secret})]
        self.server = _CappedServer(TornadoApplication(routes, log_function=lambda _handler: None),
                                    cap=connection_cap() if cap is None else cap,
                                    max_body_size=MAX_BODY, max_header_size=MAX_HEADERS,
                                    idle_connection_timeout=IDLE_TIMEOUT, body_timeout=BODY_TIMEOUT,
                                    xheaders=False)
        self.sock: socket.socket | None = None
        self._accepting: asyncio.Task[None] | None = None
        self._outage = Outage("accepting webhook connections", log)

    async def start(self) -> None:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        sock.listen(1024)
        sock.setblocking(False)
        self.sock = sock
        self.port = sock.getsockname()[1]
        self._accepting = asyncio.create_task(self._accept(sock), name="webhook:accept")

    async def _accept(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        backoff = Backoff(0.05, 1.0)
        while True:
            try:
                conn, address = await loop.sock_accept(sock)
            except OSError as exc:
                if exc.errno not in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    if exc.errno in (errno.ECONNABORTED, errno.EPROTO):
                        continue
                    raise
                self._outage.failed(exc)  # out of descriptors: wait for some to close instead of spinning
                await asyncio.sleep(backoff.pause())
                continue
            if self._outage.ongoing:
                self._outage.recovered()
                backoff.reset()
            conn.setblocking(False)
            self.server.handle_stream(IOStream(conn), address)

    async def stop(self) -> None:
        if self._accepting is not None:
            self._accepting.cancel()
            await asyncio.gather(self._accepting, return_exceptions=True)
        if self.sock is not None:
            self.sock.close()
        await self.server.close_all_connections()


async def serve_webhook(application: Application[Any, Any, Any, Any, Any, Any], *, host: str, port: int,
                        path: str, url: str, secret: str, allowed_updates: list[str] | None = None,
                        grace: float = SHUTDOWN_GRACE) -> None:
    """The application's whole life in webhook mode on ``WebhookServer``, until SIGTERM or SIGINT (then the
    updates being handled get ``grace`` seconds: ``bot.delivery.stopping``)."""
    stop = asyncio.Event()
    stopper = Stopper(application, grace, then=stop.set)
    stopper.install(asyncio.get_running_loop())
    server = WebhookServer(application, host, port, path, secret)
    await application.initialize()
    try:
        if application.post_init is not None:
            await application.post_init(application)
        await server.start()
        await application.bot.set_webhook(url, secret_token=secret, allowed_updates=allowed_updates)
        await application.start()
        log.info("webhook: listening on %s:%s%s", host, server.port, server.path)
        await stop.wait()
        await server.stop()
        await application.stop()
        if application.post_stop is not None:
            await application.post_stop(application)
    finally:
        await server.stop()
        await application.shutdown()
        if application.post_shutdown is not None:
            await application.post_shutdown(application)
        stopper.finished()
