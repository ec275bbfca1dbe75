"""The bot token never reaches a log line or a message on stderr: ``redact`` and the formatters of the root logger
(text, or one JSON object a line)."""

from __future__ import annotations

import json
import logging
import re
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
