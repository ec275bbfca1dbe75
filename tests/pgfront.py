"""A front for PostgreSQL on 127.0.0.1 that answers like a server that is not ready, or goes away and comes back.

Its n-th connection gets ``answers[n]`` — an SQLSTATE to refuse with (an ErrorResponse, as a booting or crowded
PostgreSQL sends), ``"silent"`` to accept and never answer, or ``None`` to forward every byte to the real server —
and past the list it forwards.  ``cut()`` ends every forwarded connection and turns new ones away until
``restore()``: the database stopped under load, as the bot meets it.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

_SSL_REQUEST = 80877103


def _error_response(state: str, message: str) -> bytes:
    fields = b"".join(kind + text.encode() + b"\0" for kind, text in
                      ((b"S", "FATAL"), (b"V", "FATAL"), (b"C", state), (b"M", message))) + b"\0"
    return b"E" + struct.pack(">I", len(fields) + 4) + fields


MESSAGES = {"57P03": "the database system is starting up", "53300": "sorry, too many clients already",
            "57P01": "terminating connection due to administrator command",
            "28P01": 'password authentication failed for user "postgres"'}


class Front:
    """The front's switch: ``cut()`` ends every forwarded connection and turns new ones away (accepted and closed
    at once, as a stopped server's port does to a pool), ``restore()`` forwards again.  Thread-safe: the front
    runs in a thread of its own."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.down = False
        self.live: set[asyncio.StreamWriter] = set()

    def cut(self) -> None:
        def close() -> None:
            self.down = True
            for writer in list(self.live):
                writer.close()
            self.live.clear()
        self.loop.call_soon_threadsafe(close)

    def restore(self) -> None:
        self.loop.call_soon_threadsafe(setattr, self, "down", False)


@contextlib.contextmanager
def front(target: str, answers: tuple[str | None, ...] = ()) -> Iterator[tuple[str, list[str], Front]]:
    """A server whose n-th connection gets ``answers[n]``: an SQLSTATE to refuse with, ``None`` to forward to
    ``target``'s server, or ``"silent"`` to accept and never answer; past the list, forwarded.  Yields the URL
    of ``target``'s database through it, the list of what each connection got, and the switch to cut it."""
    parts = urlsplit(target)
    host, port = parts.hostname or "127.0.0.1", parts.port or 5432
    got: list[str] = []
    ready = threading.Event()
    loop = asyncio.new_event_loop()
    switch = Front(loop)
    bound: list[int] = []

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # the end of a test cancels what is still served, and a client may hang up at any point: neither is news
        try:
            with contextlib.suppress(asyncio.CancelledError, ConnectionError, OSError, asyncio.IncompleteReadError):
                await _serve(reader, writer)
        finally:
            writer.close()  # whatever ended it, the client's socket is closed here, not left to the collector

    async def _serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if switch.down:
            got.append("cut")
            writer.close()
            return
        n = len(got)
        answer = answers[n] if n < len(answers) else None
        got.append(answer or "forwarded")
        if answer is None:
            up_reader, up_writer = await asyncio.open_connection(host, port)
            switch.live |= {writer, up_writer}
            try:
                await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
            finally:
                switch.live -= {writer, up_writer}
                up_writer.close()
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

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            with contextlib.suppress(asyncio.CancelledError):  # the end of the test cancels the server
                loop.run_until_complete(main())
            rest = asyncio.all_tasks(loop)  # connections still being served: ended, then the loop closed
            for task in rest:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        finally:
            loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0] + "@" if len(netloc) == 2 else ""
    try:
        yield (urlunsplit((parts.scheme, f"{user}127.0.0.1:{bound[0]}", parts.path, "sslmode=disable", "")), got,
               switch)
    finally:
        for task in asyncio.all_tasks(loop):
            loop.call_soon_threadsafe(task.cancel)
        thread.join(10)
