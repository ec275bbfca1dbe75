"""The bot token never reaches a log line or a message on stderr: ``redact`` and the formatters of the root logger
(text, or one JSON object a line)."""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

TOKEN_RE = re.compile(r"\d{3,}:[A-Za-z0-9_-]{20,}")
_tokens: list[str] = []


def protect(token: str | None) -> None:
    """Remember ``token`` for ``redact`` (any token-shaped text is hidden as well)."""
    if token and token not in _tokens:
        _tokens.append(token)


def redact(text: str) -> str:
    for token in _tokens:
        text = text.replace(token, "<token>")
        secret = token.split(":", 1)[-1]
        if len(secret) >= 8:
            text = text.replace(secret, "<token>")
    return TOKEN_RE.sub("<token>", text)


class RedactingFormatter(logging.Formatter):
    """The root handlers' formatter: the whole line, traceback included, with the token hidden."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonFormatter(RedactingFormatter):
    """``LOG_FORMAT=json``: one JSON object a line — time (UTC, ISO 8601), level, logger, message, and the
    traceback as ``exc`` — the token hidden as in the text lines."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exc"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return redact(json.dumps(entry, ensure_ascii=False))


def redact_logging() -> None:
    """Give every handler of the root logger the redacting formatter (keeping its format)."""
    for handler in logging.getLogger().handlers:
        current = handler.formatter
        if isinstance(current, RedactingFormatter):
            continue
        fmt = current._fmt if current is not None else None  # noqa: SLF001 - the format string it was given
        datefmt = current.datefmt if current is not None else None
        handler.setFormatter(RedactingFormatter(fmt, datefmt))


class Repeated(logging.Filter):
    """A library's own line that repeats while an outage lasts (asyncpg's pool tries to reconnect every second and
    logs each failure with its traceback): the first one, then one a minute with how many were held back, each
    without its traceback.  Added to the library's logger (``logging.getLogger(name).addFilter``)."""

    def __init__(self, starts: str, *, clock: Callable[[], float] = time.monotonic, every: float = 60.0) -> None:
        super().__init__()
        self.starts = starts
        self.clock = clock
        self.every = every
        self._last: float | None = None
        self._held = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith(self.starts):
            return True
        now = self.clock()
        if self._last is not None and now - self._last < self.every:
            self._held += 1
            return False
        reason = record.exc_info[1] if record.exc_info else None
        if reason is not None:
            record.msg = f"{record.msg} ({' '.join(str(reason).split()) or type(reason).__name__})"
        if self._held and self._last is not None:
            record.msg = f"{record.msg} [{self._held} more like it in the last {now - self._last:.0f} s]"
        record.exc_info, record.exc_text = None, None
        self._last, self._held = now, 0
        return True
