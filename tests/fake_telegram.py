"""A fake Telegram Bot API server for end-to-end tests.

It is a small HTTP/1.1 server (stdlib asyncio only) listening on 127.0.0.1 on a
random free port, run inside the test's own event loop.  A real
python-telegram-bot ``Application`` talks to it exactly as it would talk to
api.telegram.org::

    async with FakeTelegram() as tg:
        app = (ApplicationBuilder().token(tg.token)
               .base_url(tg.base_url).base_file_url(tg.base_file_url).build())
        app.add_handler(...)
        alice = tg.user(1001, first_name="Alice", language_code="ko")
        async with app:
            await app.start()
            await app.updater.start_polling(poll_interval=0, timeout=1)
            await alice.send("/start")
            reply = await alice.wait_reply()
            await alice.press(reply, reply.callback_data[0])
            edited = await alice.wait_reply()
            await app.updater.stop()
            await app.stop()

Without polling, ``await tg.dispatch(app)`` feeds every queued update to
``app.process_update`` instead.

PTB builds request URLs as ``base_url + token + "/" + method`` (``base_url``
without ``{token}`` gets the token appended), so ``tg.base_url`` is
``http://127.0.0.1:PORT/bot``.  PTB 22 POSTs every call as
``application/x-www-form-urlencoded`` (``multipart/form-data`` when uploading
files); string parameters arrive verbatim and everything else (ints, bools,
lists, objects such as ``reply_markup``) arrives JSON-encoded.  The server also
accepts JSON bodies and GET query strings, like the real Bot API.

Everything stays on 127.0.0.1: webhook delivery (optional, see
``setWebhook``) is only attempted to loopback URLs.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.parser
import email.policy
import html
import itertools
import json
import math
import re
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, Self
from urllib.parse import parse_qsl, unquote, urlsplit

__all__ = ["Call", "FakeMessage", "FakeTelegram", "FakeUser", "ParseError"]

DEFAULT_TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijk"
MAX_TEXT_LENGTH = 4096
MAX_CAPTION_LENGTH = 1024
MAX_PHOTO_BYTES = 10 * 1024 * 1024  # sendPhoto: at most 10 MB, width + height at most 10000, ratio at most 20
PHOTO_SIDES = (90, 320, 800, 1280)  # the sizes Telegram keeps of a photo (the longer side), at most the original
MAX_CALLBACK_DATA_BYTES = 64
# How long a test waits for a message or a call that should come (it returns as soon as it does): generous, so a
# machine whose two cores are busy with other work does not fail a test that would pass; a test that waits for an
# absence passes its own short timeout.
WAIT = 20.0

# Update types delivered when allowed_updates is empty/unset (Bot API default).
_DEFAULT_UPDATE_TYPES = frozenset(
    {
        "message", "edited_message", "channel_post", "edited_channel_post",
        "business_connection", "business_message", "edited_business_message",
        "deleted_business_messages", "inline_query", "chosen_inline_result",
        "callback_query", "shipping_query", "pre_checkout_query", "purchased_paid_media",
        "poll", "poll_answer", "my_chat_member", "chat_join_request", "chat_boost",
        "removed_chat_boost",
    }
)

# Parameters that are strings in the Bot API.  In form bodies PTB sends str values
# verbatim and JSON-dumps everything else, so every *other* value is JSON-decoded.
_STRING_PARAMS = frozenset(
    {
        "text", "caption", "parse_mode", "callback_query_id", "inline_message_id", "url",
        "secret_token", "ip_address", "action", "language_code", "description",
        "short_description", "name", "emoji", "business_connection_id", "message_effect_id",
        "title", "question", "query", "switch_pm_text", "switch_pm_parameter",
        "next_offset", "custom_title", "file_id", "sticker", "photo", "document", "audio",
        "video", "animation", "voice", "video_note", "thumbnail", "certificate",
    }
)

_CHAT_ACTIONS = frozenset(
    {
        "typing", "upload_photo", "record_video", "upload_video", "record_voice",
        "upload_voice", "upload_document", "choose_sticker", "find_location",
        "record_video_note", "upload_video_note",
    }
)

_INLINE_BUTTON_ACTIONS = (
    "url", "callback_data", "web_app", "login_url", "switch_inline_query",
    "switch_inline_query_current_chat", "switch_inline_query_chosen_chat",
    "copy_text", "callback_game", "pay",
)

_COMMAND_RE = re.compile(r"(?:(?<=\s)|^)/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,64})?")
_BOT_COMMAND_NAME_RE = re.compile(r"^[a-z0-9_]{1,32}$")


class ApiError(Exception):
    """An error answer of the fake API (``{"ok": false, ...}``)."""

    def __init__(
        self, status: int, description: str, parameters: dict[str, Any] | None = None
    ) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters


class ParseError(ValueError):
    """Raised by the parse_mode parsers; becomes ``400 Bad Request: can't parse entities``."""


def _bad(description: str) -> ApiError:
    return ApiError(400, f"Bad Request: {description}")


def _u16len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


# --------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------


@dataclass
class Call:
    """One request the server received."""

    method: str
    params: dict[str, Any]
    time: float  # time.monotonic() at arrival
    status: int = 0  # HTTP status answered (0 = connection dropped / still running)
    response: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return self.status == 200


@dataclass
class FakeMessage:
    """A message stored by the fake server (sent by the bot or by a fake user).

    ``text`` is what the user sees (after parse_mode parsing, trimmed), ``raw_text``
    is exactly what the bot sent.  ``history`` holds earlier versions
    (``{"text", "raw_text", "entities", "reply_markup", "edit_date"}``), oldest first.
    """

    chat: dict[str, Any]
    message_id: int
    from_user: dict[str, Any]
    date: int
    text: str | None = None
    raw_text: str | None = None
    parse_mode: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    reply_markup: dict[str, Any] | None = None
    reply_to_message_id: int | None = None
    link_preview_options: dict[str, Any] | None = None
    disable_notification: bool = False
    sticker: dict[str, Any] | None = None
    photo: list[dict[str, Any]] | None = None  # PhotoSize objects, smallest first
    photo_bytes: bytes | None = None  # the uploaded file, as the bot sent it
    caption: str | None = None
    caption_entities: list[dict[str, Any]] = field(default_factory=list)
    edit_date: int | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False
    params: dict[str, Any] = field(default_factory=dict)  # raw params of the creating call
    _store: Any = field(default=None, repr=False, compare=False)

    @property
    def chat_id(self) -> int:
        return self.chat["id"]

    @property
    def from_bot(self) -> bool:
        return bool(self.from_user.get("is_bot"))

    @property
    def edits(self) -> int:
        return len(self.history)

    @property
    def keyboard(self) -> list[list[dict[str, Any]]]:
        """Rows of inline-keyboard buttons (empty if none)."""
        if self.reply_markup and "inline_keyboard" in self.reply_markup:
            return self.reply_markup["inline_keyboard"]
        return []

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """All inline buttons, flattened."""
        return [b for row in self.keyboard for b in row]

    @property
    def callback_data(self) -> list[str]:
        """callback_data of every inline button, in order."""
        return [b["callback_data"] for b in self.buttons if "callback_data" in b]

    def button(self, text: str) -> dict[str, Any]:
        """The inline button whose text equals (or else contains) ``text``."""
        exact = [b for b in self.buttons if b.get("text") == text]
        found = exact or [b for b in self.buttons if text in b.get("text", "")]
        if not found:
            raise KeyError(f"no button {text!r} in {[b.get('text') for b in self.buttons]}")
        return found[0]

    def to_dict(self, *, with_reply: bool = True) -> dict[str, Any]:
        """The Bot API ``Message`` object."""
        d: dict[str, Any] = {
            "message_id": self.message_id,
            "from": dict(self.from_user),
            "chat": dict(self.chat),
            "date": self.date,
        }
        if self.edit_date is not None:
            d["edit_date"] = self.edit_date
        if with_reply and self.reply_to_message_id is not None and self._store is not None:
            replied = self._store.messages.get(self.reply_to_message_id)
            if replied is not None and not replied.deleted:
                d["reply_to_message"] = replied.to_dict(with_reply=False)
        if self.text is not None:
            d["text"] = self.text
            if self.entities:
                d["entities"] = [dict(e) for e in self.entities]
        if self.sticker is not None:
            d["sticker"] = dict(self.sticker)
        if self.photo is not None:
            d["photo"] = [dict(p) for p in self.photo]
        if self.caption is not None:
            d["caption"] = self.caption
            if self.caption_entities:
                d["caption_entities"] = [dict(e) for e in self.caption_entities]
        if self.link_preview_options is not None:
            d["link_preview_options"] = dict(self.link_preview_options)
        # Only inline keyboards are part of a Message object.
        if self.reply_markup and "inline_keyboard" in self.reply_markup:
            d["reply_markup"] = json.loads(json.dumps(self.reply_markup))
        return d

    def __str__(self) -> str:
        who = "bot" if self.from_bot else f"user {self.from_user.get('id')}"
        return f"<#{self.message_id} from {who}: {self.text!r} buttons={self.callback_data}>"


@dataclass
class _Event:
    kind: str  # "message" | "edit"
    message: FakeMessage


class _ChatStore:
    def __init__(self, chat: dict[str, Any]) -> None:
        self.chat = chat
        self.messages: dict[int, FakeMessage] = {}
        self.events: list[_Event] = []
        self._next_id = 1
        self._changed = asyncio.Event()

    def next_id(self) -> int:
        mid = self._next_id
        self._next_id += 1
        return mid

    def notify(self) -> None:
        ev, self._changed = self._changed, asyncio.Event()
        ev.set()

    @property
    def changed(self) -> asyncio.Event:
        return self._changed


# --------------------------------------------------------------------------------------
# Parse modes
# --------------------------------------------------------------------------------------

_HTML_TAGS = {
    "b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underline",
    "ins": "underline", "s": "strikethrough", "strike": "strikethrough",
    "del": "strikethrough", "tg-spoiler": "spoiler", "span": "spoiler", "a": "text_link",
    "code": "code", "pre": "pre", "blockquote": "blockquote", "tg-emoji": "custom_emoji",
}
_HTML_ATTR_RE = re.compile(
    r"""\s*([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?"""
)
_HTML_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}


def _byte_offset(src: str, i: int) -> int:
    return len(src[:i].encode("utf-8"))


def parse_html(src: str) -> tuple[str, list[dict[str, Any]]]:
    """Telegram-flavoured HTML → (plain text, entities).  Raises ParseError."""
    out: list[str] = []
    pos16 = 0
    stack: list[dict[str, Any]] = []
    entities: list[dict[str, Any]] = []
    i, n = 0, len(src)

    def emit(s: str) -> None:
        nonlocal pos16
        out.append(s)
        pos16 += _u16len(s)

    while i < n:
        c = src[i]
        if c == "<":
            # find the closing '>' outside quotes
            j, quote = i + 1, None
            while j < n:
                ch = src[j]
                if quote:
                    if ch == quote:
                        quote = None
                elif ch in "\"'":
                    quote = ch
                elif ch == ">":
                    break
                j += 1
            if j >= n:
                raise ParseError(
                    f"Can't find end of the tag starting at byte offset {_byte_offset(src, i)}"
                )
            inner = src[i + 1 : j]
            if inner.startswith("/"):
                name = inner[1:].strip().lower()
                if not stack:
                    raise ParseError(f"Unexpected end tag at byte offset {_byte_offset(src, i)}")
                top = stack.pop()
                if name != top["tag"]:
                    raise ParseError(
                        f"Unmatched end tag at byte offset {_byte_offset(src, i)}, "
                        f'expected "</{top["tag"]}>", found "</{name}>"'
                    )
                length = pos16 - top["offset"]
                ent = {"type": top["type"], "offset": top["offset"], "length": length}
                ent.update(top["extra"])
                if top["tag"] == "code" and stack and stack[-1]["tag"] == "pre":
                    lang = top["attrs"].get("class", "")
                    if lang.startswith("language-"):
                        stack[-1]["extra"]["language"] = lang[len("language-") :]
                        ent = None  # folded into the enclosing pre
                if ent is not None and length > 0:
                    entities.append(ent)
            else:
                m = re.match(r"[A-Za-z][A-Za-z0-9-]*", inner)
                if not m:
                    raise ParseError(
                        f"Unexpected end of name token at byte offset {_byte_offset(src, i + 1)}"
                    )
                name = m.group(0).lower()
                if name not in _HTML_TAGS:
                    raise ParseError(
                        f'Unsupported start tag "{name}" at byte offset {_byte_offset(src, i)}'
                    )
                attrs: dict[str, str] = {}
                rest = inner[m.end() :].rstrip().rstrip("/")
                for am in _HTML_ATTR_RE.finditer(rest):
                    val = next((g for g in am.groups()[1:] if g is not None), "")
                    attrs[am.group(1).lower()] = html.unescape(val)
                etype, extra = _HTML_TAGS[name], {}
                if name == "span" and attrs.get("class") != "tg-spoiler":
                    raise ParseError('Tag "span" must have class "tg-spoiler"')
                if name == "a":
                    href = attrs.get("href", "")
                    if not href:
                        etype = None  # <a> without href is plain text
                    else:
                        extra["url"] = href
                elif name == "blockquote" and "expandable" in attrs:
                    etype = "expandable_blockquote"
                elif name == "tg-emoji":
                    extra["custom_emoji_id"] = attrs.get("emoji-id", "")
                stack.append(
                    {"tag": name, "type": etype, "offset": pos16, "attrs": attrs, "extra": extra}
                )
                if etype is None:
                    stack[-1]["type"] = "plain"
            i = j + 1
            continue
        if c == "&":
            m = re.match(r"&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]+);", src[i:])
            if m:
                ent_name = m.group(1)
                if ent_name.startswith("#"):
                    code = int(ent_name[2:], 16) if ent_name[1:2] in "xX" else int(ent_name[1:])  # noqa: FURB166 - "#x…": no "0x"
                    with contextlib.suppress(ValueError, OverflowError):
                        emit(chr(code))
                        i += m.end()
                        continue
                elif ent_name in _HTML_NAMED:
                    emit(_HTML_NAMED[ent_name])
                    i += m.end()
                    continue
            emit("&")
            i += 1
            continue
        j = i
        while j < n and src[j] not in "<&":
            j += 1
        emit(src[i:j])
        i = j
    if stack:
        raise ParseError(f'Can\'t find end tag corresponding to start tag "{stack[-1]["tag"]}"')
    entities = [e for e in entities if e["type"] != "plain"]
    return "".join(out), entities


_MDV2_RESERVED = set("_*[]()~`>#+-=|{}.!")
_MDV2_NAMES = {"*": "Bold", "_": "Italic", "__": "Underline", "~": "Strikethrough",
               "||": "Spoiler", "[": "TextUrl"}
_MDV2_TYPES = {"*": "bold", "_": "italic", "__": "underline", "~": "strikethrough",
               "||": "spoiler"}


def parse_markdown_v2(src: str) -> tuple[str, list[dict[str, Any]]]:
    """MarkdownV2 → (plain text, entities).  Raises ParseError (reserved chars etc.)."""
    out: list[str] = []
    pos16 = 0
    stack: list[tuple[str, int, int]] = []  # (marker, offset16, src index)
    entities: list[dict[str, Any]] = []
    quote_start: int | None = None
    i, n = 0, len(src)

    def emit(s: str) -> None:
        nonlocal pos16
        out.append(s)
        pos16 += _u16len(s)

    def close_quote() -> None:
        nonlocal quote_start
        if quote_start is not None and pos16 > quote_start:
            entities.append({"type": "blockquote", "offset": quote_start,
                             "length": pos16 - quote_start})
        quote_start = None

    while i < n:
        c = src[i]
        line_start = i == 0 or src[i - 1] == "\n"
        if line_start and c == ">":
            if quote_start is None:
                quote_start = pos16
            i += 1
            continue
        if line_start and quote_start is not None and i > 0:
            # previous line was quoted, this one is not; the newline is already emitted
            close_quote()
        if c == "\\":
            if i + 1 >= n:
                raise ParseError("Character '\\' is reserved and must be escaped with the "
                                 "preceding '\\'")
            emit(src[i + 1])
            i += 2
            continue
        if c == "`":
            if src.startswith("```", i):
                end = src.find("```", i + 3)
                while end != -1 and src[end - 1] == "\\" and src[end - 2 : end] != "\\\\":
                    end = src.find("```", end + 1)
                if end == -1:
                    raise ParseError(f"Can't find end of Pre entity at byte offset "
                                     f"{_byte_offset(src, i)}")
                body = src[i + 3 : end]
                language = None
                nl = body.find("\n")
                if nl > 0 and re.fullmatch(r"[A-Za-z0-9_+#-]+", body[:nl]):
                    language, body = body[:nl], body[nl + 1 :]
                elif nl == 0:
                    body = body[1:]
                body = re.sub(r"\\([`\\])", r"\1", body)
                start = pos16
                emit(body)
                ent = {"type": "pre", "offset": start, "length": pos16 - start}
                if language:
                    ent["language"] = language
                if pos16 > start:
                    entities.append(ent)
                i = end + 3
                continue
            j = i + 1
            while j < n and src[j] != "`":
                j += 2 if src[j] == "\\" else 1
            if j >= n:
                raise ParseError(f"Can't find end of Code entity at byte offset "
                                 f"{_byte_offset(src, i)}")
            body = re.sub(r"\\([`\\])", r"\1", src[i + 1 : j])
            start = pos16
            emit(body)
            if pos16 > start:
                entities.append({"type": "code", "offset": start, "length": pos16 - start})
            i = j + 1
            continue
        marker = None
        if src.startswith("||", i):
            marker = "||"
        elif src.startswith("__", i):
            marker = "__"
        elif c in "*_~":
            marker = c
        if marker is not None:
            if stack and stack[-1][0] == marker:
                _, start, _ = stack.pop()
                if pos16 > start:
                    entities.append({"type": _MDV2_TYPES[marker], "offset": start,
                                     "length": pos16 - start})
            elif any(m == marker for m, _, _ in stack):
                raise ParseError(f"Can't find end of {_MDV2_NAMES[stack[-1][0]]} entity at "
                                 f"byte offset {_byte_offset(src, stack[-1][2])}")
            else:
                stack.append((marker, pos16, i))
            i += len(marker)
            continue
        if c == "[":
            stack.append(("[", pos16, i))
            i += 1
            continue
        if c == "]" and stack and stack[-1][0] == "[":
            _, start, _ = stack.pop()
            if not src.startswith("(", i + 1):
                raise ParseError("Character ']' is reserved and must be escaped with the "
                                 "preceding '\\'")
            j = i + 2
            url_chars: list[str] = []
            while j < n and src[j] != ")":
                if src[j] == "\\" and j + 1 < n:
                    url_chars.append(src[j + 1])
                    j += 2
                else:
                    url_chars.append(src[j])
                    j += 1
            if j >= n:
                raise ParseError(f"Can't find end of a URL at byte offset "
                                 f"{_byte_offset(src, i + 1)}")
            if pos16 > start:
                entities.append({"type": "text_link", "offset": start,
                                 "length": pos16 - start, "url": "".join(url_chars)})
            i = j + 1
            continue
        if c in _MDV2_RESERVED:
            raise ParseError(f"Character '{c}' is reserved and must be escaped with the "
                             f"preceding '\\'")
        emit(c)
        i += 1
    if stack:
        marker, _, at = stack[-1]
        raise ParseError(f"Can't find end of {_MDV2_NAMES[marker]} entity at byte offset "
                         f"{_byte_offset(src, at)}")
    close_quote()
    return "".join(out), entities


def parse_markdown(src: str) -> tuple[str, list[dict[str, Any]]]:
    """Legacy Markdown → (plain text, entities)."""
    out: list[str] = []
    pos16 = 0
    entities: list[dict[str, Any]] = []
    i, n = 0, len(src)
    kinds = {"*": "bold", "_": "italic", "`": "code"}

    def emit(s: str) -> None:
        nonlocal pos16
        out.append(s)
        pos16 += _u16len(s)

    while i < n:
        c = src[i]
        if c == "\\" and i + 1 < n and src[i + 1] in "_*`[":
            emit(src[i + 1])
            i += 2
            continue
        if src.startswith("```", i):
            end = src.find("```", i + 3)
            if end == -1:
                raise ParseError(f"Can't find end of the entity starting at byte offset "
                                 f"{_byte_offset(src, i)}")
            body = src[i + 3 : end]
            start = pos16
            emit(body)
            if body:
                entities.append({"type": "pre", "offset": start, "length": pos16 - start})
            i = end + 3
            continue
        if c in kinds:
            end = src.find(c, i + 1)
            if end == -1:
                raise ParseError(f"Can't find end of the entity starting at byte offset "
                                 f"{_byte_offset(src, i)}")
            start = pos16
            emit(src[i + 1 : end])
            if end > i + 1:
                entities.append({"type": kinds[c], "offset": start, "length": pos16 - start})
            i = end + 1
            continue
        if c == "[":
            m = re.match(r"\[([^\]]*)\]\(([^)]*)\)", src[i:])
            if m:
                start = pos16
                emit(m.group(1))
                if m.group(1):
                    entities.append({"type": "text_link", "offset": start,
                                     "length": pos16 - start, "url": m.group(2)})
                i += m.end()
                continue
        emit(c)
        i += 1
    return "".join(out), entities


def render_text(
    text: str, parse_mode: str | None, entities: list[dict[str, Any]] | None = None
) -> tuple[str, list[dict[str, Any]]]:
    """What Telegram would store for ``text``: parse, then trim whitespace."""
    mode = (parse_mode or "").lower()
    if mode == "html":
        plain, ents = parse_html(text)
    elif mode == "markdownv2":
        plain, ents = parse_markdown_v2(text)
    elif mode == "markdown":
        plain, ents = parse_markdown(text)
    elif mode:
        raise ApiError(400, "Bad Request: unsupported parse_mode")
    else:
        plain, ents = text, [dict(e) for e in (entities or [])]
    stripped = plain.lstrip()
    lead = _u16len(plain) - _u16len(stripped)
    stripped = stripped.rstrip()
    total = _u16len(stripped)
    fixed = []
    for e in ents:
        start = max(0, e["offset"] - lead)
        end = min(total, e["offset"] + e["length"] - lead)
        if end > start:
            fixed.append({**e, "offset": start, "length": end - start})
    fixed.sort(key=lambda e: (e["offset"], -e["length"]))
    return stripped, fixed


def _image_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG or a JPEG; anything else is what Telegram refuses to process."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data) and data[i] == 0xFF:
            marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
            i += 2 + length
    raise _bad("IMAGE_PROCESS_FAILED")


# --------------------------------------------------------------------------------------
# Fake users
# --------------------------------------------------------------------------------------


class FakeUser:
    """A Telegram user chatting privately with the bot.  Create with ``tg.user(...)``."""

    def __init__(self, tg: FakeTelegram, user: dict[str, Any]) -> None:
        self.tg = tg
        self.data = user
        self.id: int = user["id"]
        self._cursor = 0

    # --- state -------------------------------------------------------------------
    @property
    def chat(self) -> _ChatStore:
        return self.tg.chats[self.id]

    @property
    def inbox(self) -> list[FakeMessage]:
        """Messages the bot sent to this chat, in order (deleted ones have ``deleted``)."""
        return [m for m in self.chat.messages.values() if m.from_bot]

    @property
    def last(self) -> FakeMessage | None:
        box = self.inbox
        return box[-1] if box else None

    @property
    def keyboard(self) -> dict[str, Any] | None:
        """The current reply keyboard (ReplyKeyboardMarkup) shown to the user, if any."""
        return self.tg._reply_keyboards.get(self.id)

    @property
    def blocked(self) -> bool:
        return self.id in self.tg._blocked

    # --- actions -----------------------------------------------------------------
    async def send(
        self,
        text: str,
        *,
        reply_to: FakeMessage | int | None = None,
        entities: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """Queue a ``message`` update with ``text``; returns the raw update dict.

        Commands (``/start 789968``, ``/help@bot``) get ``bot_command`` entities.
        """
        if entities is None:
            entities = [
                {"type": "bot_command", "offset": _u16len(text[: m.start()]),
                 "length": _u16len(m.group(0))}
                for m in _COMMAND_RE.finditer(text)
            ]
        msg = self._new_message(text=text, raw_text=text, entities=entities)
        if reply_to is not None:
            msg.reply_to_message_id = (
                reply_to.message_id if isinstance(reply_to, FakeMessage) else int(reply_to)
            )
        return self.tg.queue_update({"message": msg.to_dict()})

    async def send_sticker(
        self, emoji: str = "\N{SMILING FACE WITH SMILING EYES}", *, set_name: str = "FakePack"
    ) -> dict[str, Any]:
        """Queue a message carrying a sticker (and no text)."""
        n = next(self.tg._file_seq)
        sticker = {
            "file_id": f"CAACAgIAAxkBAAE{n:08d}FakeStickerFileId",
            "file_unique_id": f"AgADFake{n:06d}",
            "type": "regular",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
            "emoji": emoji,
            "set_name": set_name,
            "file_size": 23456,
        }
        msg = self._new_message(sticker=sticker)
        return self.tg.queue_update({"message": msg.to_dict()})

    async def press(
        self, message: FakeMessage | int, data: str | None = None, *, text: str | None = None,
        strict: bool = True,
    ) -> str:
        """Queue a ``callback_query`` for a button of a bot message; returns the query id.

        Pick the button by ``data`` (its callback_data) or by ``text`` (its label).
        With ``strict`` (default) the button must exist on the message's current keyboard.
        """
        msg = message if isinstance(message, FakeMessage) else self.chat.messages[int(message)]
        if text is not None:
            button = msg.button(text)
            if "callback_data" not in button:
                raise ValueError(f"button {text!r} has no callback_data: {button}")
            data = button["callback_data"]
        if data is None:
            raise ValueError("press() needs data= or text=")
        if strict and data not in msg.callback_data:
            raise ValueError(
                f"message #{msg.message_id} has no button with callback_data {data!r}; "
                f"it has {msg.callback_data}"
            )
        query_id = str(next(self.tg._query_seq))
        self.tg._open_queries[query_id] = self.id
        query = {
            "id": query_id,
            "from": dict(self.data),
            "message": msg.to_dict(),
            "chat_instance": str(-(abs(hash((self.tg.bot_id, self.id))) % 10**18)),
            "data": data,
        }
        self.tg.queue_update({"callback_query": query})
        return query_id

    async def block_bot(self) -> dict[str, Any]:
        """Block the bot (sends then get 403) and queue the ``my_chat_member`` update."""
        self.tg.block(self.id)
        return self.tg.queue_update({"my_chat_member": self._member_update("member", "kicked")})

    async def unblock_bot(self) -> dict[str, Any]:
        self.tg.unblock(self.id)
        return self.tg.queue_update({"my_chat_member": self._member_update("kicked", "member")})

    # --- waiting -----------------------------------------------------------------
    async def wait_for(
        self, predicate: Callable[[FakeMessage], bool] = lambda m: True, timeout: float = WAIT,
        *, edits: bool = True,
    ) -> FakeMessage:
        """Wait for the next bot message (or edit, if ``edits``) matching ``predicate``.

        Events are consumed in order: each message/edit is seen once by
        ``wait_reply``/``wait_for``.  The returned FakeMessage is live (it reflects
        later edits).  Raises TimeoutError listing what arrived.
        """
        deadline = asyncio.get_running_loop().time() + timeout
        chat = self.chat
        while True:
            while self._cursor < len(chat.events):
                ev = chat.events[self._cursor]
                self._cursor += 1
                if (edits or ev.kind == "message") and predicate(ev.message):
                    return ev.message
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(
                    f"user {self.id}: no matching bot message within {timeout}s; "
                    f"inbox: {[str(m) for m in self.inbox[-5:]]}"
                )
            changed = chat.changed
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    async def wait_reply(self, timeout: float = WAIT, *, edits: bool = True) -> FakeMessage:
        """The next bot message (or edit) in this chat."""
        return await self.wait_for(lambda m: True, timeout, edits=edits)

    def skip(self) -> None:
        """Mark every event so far as seen."""
        self._cursor = len(self.chat.events)

    # --- helpers -----------------------------------------------------------------
    def _new_message(self, **kw: Any) -> FakeMessage:
        chat = self.chat
        msg = FakeMessage(chat=chat.chat, message_id=chat.next_id(), from_user=dict(self.data),
                          date=int(time.time()), _store=chat, **kw)
        chat.messages[msg.message_id] = msg
        return msg

    def _member_update(self, old: str, new: str) -> dict[str, Any]:
        now = int(time.time())
        return {
            "chat": dict(self.chat.chat),
            "from": dict(self.data),
            "date": now,
            "old_chat_member": {"status": old, "user": self.tg.bot_user_short},
            "new_chat_member": (
                {"status": "kicked", "user": self.tg.bot_user_short, "until_date": 0}
                if new == "kicked" else {"status": new, "user": self.tg.bot_user_short}
            ),
        }

    def __repr__(self) -> str:
        return f"FakeUser({self.id}, {self.data.get('first_name')!r})"


# --------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------


class FakeTelegram:
    """Fake Bot API server.  ``async with FakeTelegram() as tg: ...``

    Options:
      * ``rate_limit=N``: more than N accepted sendMessage calls within any 1 s
        (sliding window, all chats) → ``429 Too Many Requests`` with
        ``parameters.retry_after`` (integer seconds, ≥ 1); counted in ``tg.rate_limited``.
      * ``strict_chats`` (default True): sendMessage etc. to a chat never created via
        ``tg.user()`` → ``400 Bad Request: chat not found``.
    """

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_username: str = "liuyao_test_bot",
        bot_first_name: str = "Liuyao Test Bot",
        rate_limit: int | None = None,
        strict_chats: bool = True,
        webhook_retry_delay: float = 0.2,
    ) -> None:
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.bot_user: dict[str, Any] = {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": bot_first_name,
            "username": bot_username,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }
        self.bot_user_short = {"id": self.bot_id, "is_bot": True,
                               "first_name": bot_first_name, "username": bot_username}
        self.rate_limit = rate_limit
        self.strict_chats = strict_chats
        self.webhook_retry_delay = webhook_retry_delay

        # inspection
        self.calls: list[Call] = []
        self.sent: list[FakeMessage] = []
        self.unknown_methods: list[str] = []
        self.rate_limited = 0
        self.callback_answers: dict[str, dict[str, Any]] = {}
        self.answer_calls: Counter[str] = Counter()  # answerCallbackQuery calls per query id, refused ones too
        # While set, every call but getUpdates fails with this HTTP status (0: the connection drops): an outage.
        self.down: int | None = None
        # While set (``hang``), every call but getUpdates is held without an answer; a call still held when it is
        # cleared (``unhang``) is dropped unanswered, never carried out: a Bot API that hangs.
        self._hanging: asyncio.Event | None = None
        self.chat_actions: list[tuple[int, str]] = []
        self.chats: dict[int, _ChatStore] = {}
        self.commands: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.bot_settings: dict[tuple[str, str], Any] = {}  # (setting, language_code) → value
        self.webhook: dict[str, Any] = {}
        self.webhook_deliveries = 0

        self._users: dict[int, FakeUser] = {}
        self._blocked: dict[int, str] = {}
        self._fail: deque[tuple[int, str, frozenset[str] | None, float]] = deque()
        self._send_times: deque[float] = deque()
        self._reply_keyboards: dict[int, dict[str, Any]] = {}
        self._open_queries: dict[str, int] = {}
        self._query_seq = itertools.count(4_300_000_000_000_000_001)
        self._file_seq = itertools.count(1)
        self._photos: dict[str, tuple[list[dict[str, Any]], bytes]] = {}  # file_id → the photo's sizes and bytes

        self._updates: list[dict[str, Any]] = []
        self._next_update_id = 100_000_001
        # who sent each queued update (``from``), and the ids that will never reach a handler here (not among the
        # bot's allowed_updates) or that an application ``track``-ed by this server finished: ``settled`` waits on
        # them, so a test knows the bot is done with a user's updates instead of sleeping until it probably is
        self._senders: dict[int, int | None] = {}
        self._done: set[int] = set()
        self._done_changed: asyncio.Event | None = None
        self.tracking = False  # an application in this process is ``track``-ed: ``settled`` can be waited on
        self._allowed_updates: frozenset[str] = _DEFAULT_UPDATE_TYPES
        self._poll_generation = 0

        self._server: asyncio.base_events.Server | None = None
        self._conn_tasks: set[asyncio.Task[Any]] = set()
        self._webhook_task: asyncio.Task[Any] | None = None
        self._changed: asyncio.Event | None = None
        self._calls_changed: asyncio.Event | None = None
        self.port = 0
        self.started_at = 0.0

    # ----- lifecycle ---------------------------------------------------------------
    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self) -> None:
        self._changed = asyncio.Event()
        self._calls_changed = asyncio.Event()
        self._server = await asyncio.start_server(self._handle_connection, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        self.started_at = time.monotonic()
        _RUNNING[self.port] = self

    async def stop(self) -> None:
        if self._server is None:
            return
        self._server.close()
        tasks = list(self._conn_tasks)
        if self._webhook_task is not None:
            tasks.append(self._webhook_task)
            self._webhook_task = None
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._server.wait_closed()
        self._server = None
        _RUNNING.pop(self.port, None)

    @property
    def base_url(self) -> str:
        """For ``ApplicationBuilder().base_url(...)`` (PTB appends the token)."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    @property
    def api_url(self) -> str:
        """Full prefix for raw requests: ``f"{tg.api_url}/getMe"``."""
        return f"{self.base_url}{self.token}"

    # ----- test-side API -----------------------------------------------------------
    def user(
        self,
        id: int,  # noqa: A002 - mirrors the Bot API field
        first_name: str = "Tester",
        *,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "ko",
        is_premium: bool | None = None,
    ) -> FakeUser:
        """The FakeUser with this id (created, with its private chat, on first use)."""
        if id in self._users:
            return self._users[id]
        user: dict[str, Any] = {"id": id, "is_bot": False, "first_name": first_name}
        chat: dict[str, Any] = {"id": id, "type": "private", "first_name": first_name}
        if last_name:
            user["last_name"] = chat["last_name"] = last_name
        if username:
            user["username"] = chat["username"] = username
        if language_code:
            user["language_code"] = language_code
        if is_premium:
            user["is_premium"] = True
        self.chats[id] = _ChatStore(chat)
        fu = self._users[id] = FakeUser(self, user)
        return fu

    @property
    def users(self) -> list[FakeUser]:
        return list(self._users.values())

    def block(self, user_id: int, description: str = "Forbidden: bot was blocked by the user"
              ) -> None:
        """sendMessage/sendChatAction to this chat now answer 403 (``description``)."""
        self._blocked[user_id] = description

    def unblock(self, user_id: int) -> None:
        self._blocked.pop(user_id, None)

    def fail_next(
        self, n: int = 1, status: int = 502, *, description: str | None = None,
        methods: Iterable[str] | None = None, hang: float = 0.0,
    ) -> None:
        """The next ``n`` matching calls fail with HTTP ``status``.

        ``methods``: only these methods (default: any method except getUpdates, so a
        running poller doesn't swallow the failures).  ``status=0`` drops the
        connection without an answer (PTB raises NetworkError).  ``hang``: seconds
        the server holds the request first (longer than the client's read timeout:
        PTB raises TimedOut).  A status 429 carries ``retry_after`` 1.
        """
        if description is None:
            try:
                description = HTTPStatus(status).phrase if status else ""
            except ValueError:
                description = "Error"
        ms = frozenset(methods) if methods is not None else None
        for _ in range(n):
            self._fail.append((status, description, ms, hang))

    def hang(self) -> None:
        """From now on every call but getUpdates is held without an answer (see ``unhang``)."""
        if self._hanging is None:
            self._hanging = asyncio.Event()

    def unhang(self) -> None:
        """Answer again; the calls held meanwhile are dropped (their connections closed, nothing done)."""
        if self._hanging is not None:
            self._hanging.set()
            self._hanging = None

    def queue_update(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Queue a raw update (``{"message": {...}}`` etc.); assigns and returns it with id."""
        update = {"update_id": self._next_update_id, **payload}
        self._next_update_id += 1
        self._updates.append(update)
        body = next((v for k, v in payload.items() if isinstance(v, dict)), {})
        sender = body.get("from", {}).get("id") if isinstance(body.get("from"), dict) else None
        self._senders[update["update_id"]] = sender if isinstance(sender, int) else None
        self._notify()
        return update

    def track(self, application: Any) -> None:
        """Record each update ``application`` (running in this process) has finished with — its handlers and
        their replies done, or the update dropped — for ``settled``.  Wraps the application's update processor
        (PTB calls its ``process_update`` once per update, with the handlers' coroutine)."""
        processor = application.update_processor
        inner = processor.process_update

        async def process_update(update: Any, coroutine: Any) -> None:
            try:
                await inner(update, coroutine)
            finally:
                update_id = getattr(update, "update_id", None)
                if isinstance(update_id, int):
                    self._mark_done(update_id)

        processor.process_update = process_update
        self.tracking = True

    def _mark_done(self, update_id: int) -> None:
        self._done.add(update_id)
        ev, self._done_changed = self._done_changed, asyncio.Event()
        if ev is not None:
            ev.set()

    async def settled(self, user_id: int | None = None, timeout: float = 10, *,
                      ids: set[int] | None = None) -> bool:
        """Until the ``track``-ed application has finished every update queued so far (only those sent by
        ``user_id``, or those of ``ids``, if given): whatever it was going to send in reply has been sent.  False
        if that did not happen within ``timeout`` (an update the bot dropped before its handlers, e.g. an id it
        cannot store)."""
        wanted = set(ids) if ids is not None else {
            i for i, sender in self._senders.items() if user_id is None or sender == user_id}
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not wanted <= self._done:
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            if self._done_changed is None:
                self._done_changed = asyncio.Event()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._done_changed.wait(), remaining)
        return True

    @property
    def pending_updates(self) -> list[dict[str, Any]]:
        return list(self._updates)

    async def dispatch(self, application: Any) -> int:
        """Feed all queued updates to ``application.process_update`` (no polling)."""
        from telegram import Update

        count = 0
        while self._updates:
            raw = self._updates.pop(0)
            await application.process_update(Update.de_json(raw, application.bot))
            count += 1
        return count

    def calls_to(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    @property
    def methods_called(self) -> list[str]:
        return [c.method for c in self.calls]

    async def wait_call(
        self, method: str, predicate: Callable[[Call], bool] = lambda c: True,
        timeout: float = WAIT, *, since: int = 0,
    ) -> Call:
        """Wait until a *finished* call to ``method`` (index ≥ ``since``) matches."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            for c in self.calls[since:]:
                if c.method == method and c.status and predicate(c):
                    return c
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"no {method} call within {timeout}s; "
                                   f"calls: {self.methods_called[-10:]}")
            ev = self._calls_changed
            assert ev is not None
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(ev.wait(), remaining)

    async def wait_calls(self, predicate: Callable[[list[Call]], bool], timeout: float = WAIT) -> None:
        """Wait until ``predicate`` holds for the calls received so far, finished or not (a call the server holds
        without an answer counts from its arrival)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self.calls):
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"the calls did not come within {timeout}s; last: {self.methods_called[-10:]}")
            ev = self._calls_changed
            assert ev is not None
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(ev.wait(), remaining)

    def messages(self, chat_id: int) -> list[FakeMessage]:
        return list(self.chats[chat_id].messages.values())

    # ----- notification helpers -------------------------------------------------------
    def _notify(self) -> None:
        ev, self._changed = self._changed, asyncio.Event()
        if ev is not None:
            ev.set()

    def _notify_calls(self) -> None:
        ev, self._calls_changed = self._calls_changed, asyncio.Event()
        if ev is not None:
            ev.set()

    # ----- HTTP layer ------------------------------------------------------------------
    async def _handle_connection(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._conn_tasks.add(task)
        try:
            while True:
                request = await self._read_request(reader)
                if request is None:
                    break
                verb, target, headers, body = request
                status, payload = await self._serve(verb, target, headers, body)
                if status == 0:  # simulated network failure
                    break
                data = json.dumps(payload, ensure_ascii=False).encode()
                keep = headers.get("connection", "").lower() != "close"
                try:
                    phrase = HTTPStatus(status).phrase
                except ValueError:
                    phrase = "Error"
                head = (
                    f"HTTP/1.1 {status} {phrase}\r\n"
                    "Server: fake-telegram\r\n"
                    "Content-Type: application/json\r\n"
                    f"Content-Length: {len(data)}\r\n"
                    f"Connection: {'keep-alive' if keep else 'close'}\r\n\r\n"
                )
                writer.write(head.encode("latin-1") + data)
                await writer.drain()
                if not keep:
                    break
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        except asyncio.CancelledError:
            # Only stop() cancels these.  Finish normally: asyncio.streams (3.11) calls
            # task.exception() on the handler task and would log a cancelled one.
            pass
        finally:
            self._conn_tasks.discard(task)
            writer.close()

    @staticmethod
    async def _read_request(
        reader: asyncio.StreamReader,
    ) -> tuple[str, str, dict[str, str], bytes] | None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError:
            return None
        except asyncio.LimitOverrunError:
            return None
        lines = head.decode("latin-1").split("\r\n")
        verb, target, _ = lines[0].split(" ", 2)
        headers: dict[str, str] = {}
        for line in lines[1:]:
            if ":" in line:
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await reader.readuntil(b"\r\n")
                    break
                chunks.append(await reader.readexactly(size))
                await reader.readexactly(2)
            body = b"".join(chunks)
        else:
            length = int(headers.get("content-length", "0") or 0)
            body = await reader.readexactly(length) if length else b""
        return verb, target, headers, body

    @staticmethod
    def _parse_params(
        target: str, headers: dict[str, str], body: bytes
    ) -> dict[str, Any]:
        params: dict[str, Any] = {}
        raw: dict[str, Any] = dict(parse_qsl(urlsplit(target).query, keep_blank_values=True))
        ctype = headers.get("content-type", "")
        typed: dict[str, Any] = {}
        if body:
            if ctype.startswith("application/json"):
                loaded = json.loads(body.decode("utf-8"))
                if not isinstance(loaded, dict):
                    raise _bad("JSON body must be an object")
                typed = loaded
            elif ctype.startswith("multipart/form-data"):
                msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
                    f"Content-Type: {ctype}\r\n\r\n".encode("latin-1") + body
                )
                for part in msg.iter_parts():
                    name = part.get_param("name", header="content-disposition")
                    filename = part.get_filename()
                    payload = part.get_payload(decode=True) or b""
                    if filename is not None:
                        typed[name] = {"filename": filename, "content": payload,
                                       "content_type": part.get_content_type()}
                    else:
                        raw[name] = payload.decode("utf-8")
            else:  # application/x-www-form-urlencoded (what PTB sends)
                raw.update(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
        for k, v in raw.items():
            if k in _STRING_PARAMS:
                params[k] = v
            else:
                try:
                    params[k] = json.loads(v)
                except ValueError:
                    params[k] = v
        for k, v in typed.items():
            if isinstance(v, str) and k not in _STRING_PARAMS and v[:1] in "[{":
                with contextlib.suppress(ValueError):
                    v = json.loads(v)
            params[k] = v
        return params

    async def _serve(
        self, verb: str, target: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, Any]]:
        path = unquote(urlsplit(target).path)
        m = re.fullmatch(r"/bot([^/]+)/([A-Za-z0-9_]+)/?", path)
        if not m:
            return 404, {"ok": False, "error_code": 404, "description": "Not Found"}
        token, method_name = m.groups()
        method = _METHOD_NAMES.get(method_name.lower(), method_name)
        call = Call(method=method, params={}, time=time.monotonic())
        self.calls.append(call)
        try:
            call.params = self._parse_params(target, headers, body)
            self._notify_calls()  # received (``wait_calls``); finished calls are told again below
            if token != self.token:
                raise ApiError(401, "Unauthorized")
            if self._hanging is not None and method != "getUpdates":
                await self._hanging.wait()
                return 0, {}
            if self.down is not None and method != "getUpdates":
                if self.down == 0:
                    return 0, {}
                raise ApiError(self.down, HTTPStatus(self.down).phrase)
            for idx, (status, description, methods, hang) in enumerate(self._fail):
                if (methods is None and method != "getUpdates") or (
                    methods is not None and method in methods
                ):
                    del self._fail[idx]
                    if hang:
                        await asyncio.sleep(hang)
                    if status == 0:
                        call.status = 0
                        return 0, {}
                    raise ApiError(status, description,
                                   {"retry_after": 1} if status == 429 else None)
            handler = getattr(self, f"_api_{method}", None)
            if handler is None:
                self.unknown_methods.append(method)
                raise ApiError(404, "Not Found: method not found")
            result = await handler(call.params)
            status, payload = 200, {"ok": True, "result": result}
        except ApiError as err:
            status = err.status
            payload = {"ok": False, "error_code": err.status, "description": err.description}
            if err.parameters:
                payload["parameters"] = err.parameters
        except (ValueError, TypeError, KeyError) as err:
            status = 400
            payload = {"ok": False, "error_code": 400,
                       "description": f"Bad Request: invalid parameters ({err!r})"}
        call.status, call.response = status, payload
        self._notify_calls()
        return status, payload

    # ----- common checks -----------------------------------------------------------
    def _chat(self, params: dict[str, Any], *, required: bool = True) -> _ChatStore:
        chat_id = params.get("chat_id")
        if chat_id in (None, ""):
            raise _bad("chat_id is empty")
        if isinstance(chat_id, str):
            with contextlib.suppress(ValueError):
                chat_id = int(chat_id)
        if chat_id not in self.chats:
            if self.strict_chats or not isinstance(chat_id, int):
                raise _bad("chat not found")
            self.chats[chat_id] = _ChatStore({"id": chat_id, "type": "private",
                                              "first_name": f"User {chat_id}"})
        return self.chats[chat_id]

    def _check_blocked(self, store: _ChatStore) -> None:
        desc = self._blocked.get(store.chat["id"])
        if desc is not None:
            raise ApiError(403, desc)

    def _check_rate(self) -> None:
        if self.rate_limit is None:
            return
        now = time.monotonic()
        window = self._send_times
        while window and window[0] <= now - 1.0:
            window.popleft()
        if len(window) >= self.rate_limit:
            retry_after = max(1, math.ceil(window[0] + 1.0 - now))
            self.rate_limited += 1
            raise ApiError(429, f"Too Many Requests: retry after {retry_after}",
                           {"retry_after": retry_after})
        window.append(now)

    @staticmethod
    def _check_markup(markup: Any) -> dict[str, Any] | None:
        if markup in (None, ""):
            return None
        if not isinstance(markup, dict):
            raise _bad("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" in markup:
            rows = markup["inline_keyboard"]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise _bad("field \"inline_keyboard\" of the InlineKeyboardMarkup should be "
                           "an Array of Arrays")
            for row in rows:
                for b in row:
                    if not isinstance(b, dict) or not b.get("text"):
                        raise _bad("BUTTON_TEXT_INVALID")
                    if not any(k in b for k in _INLINE_BUTTON_ACTIONS):
                        raise _bad("text buttons are unallowed in the inline keyboard")
                    if "callback_data" in b:
                        cd = b["callback_data"]
                        if not isinstance(cd, str) or not (
                            1 <= len(cd.encode("utf-8")) <= MAX_CALLBACK_DATA_BYTES
                        ):
                            raise _bad("BUTTON_DATA_INVALID")
        return markup

    def _render(self, params: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
        text = params.get("text")
        if text is None or text == "":
            raise _bad("message text is empty")
        if not isinstance(text, str):
            text = str(text)
        try:
            plain, ents = render_text(text, params.get("parse_mode"), params.get("entities"))
        except ParseError as err:
            raise _bad(f"can't parse entities: {err}") from None
        if not plain:
            raise _bad("message text is empty")
        if len(plain) > MAX_TEXT_LENGTH:
            raise _bad("message is too long")
        return plain, ents

    def _find_message(self, params: dict[str, Any], what: str) -> FakeMessage:
        store = self._chat(params)
        mid = params.get("message_id")
        if mid in (None, ""):
            raise _bad("message identifier is not specified")
        msg = store.messages.get(int(mid))
        if msg is None or msg.deleted:
            raise _bad(f"message to {what} not found")
        return msg

    @staticmethod
    def _snapshot(msg: FakeMessage) -> dict[str, Any]:
        return {"text": msg.text, "raw_text": msg.raw_text, "entities": msg.entities,
                "reply_markup": msg.reply_markup, "edit_date": msg.edit_date}

    # ----- Bot API methods --------------------------------------------------------------
    async def _api_getMe(self, params: dict[str, Any]) -> Any:
        return dict(self.bot_user)

    async def _api_logOut(self, params: dict[str, Any]) -> Any:
        return True

    async def _api_close(self, params: dict[str, Any]) -> Any:
        return True

    async def _api_getUpdates(self, params: dict[str, Any]) -> Any:
        if self.webhook.get("url"):
            raise ApiError(409, "Conflict: can't use getUpdates method while webhook is "
                                "active; use deleteWebhook to delete the webhook first")
        offset = int(params.get("offset") or 0)
        limit = int(params.get("limit") or 100)
        limit = min(max(limit, 1), 100)
        timeout = max(0.0, float(params.get("timeout") or 0))
        allowed = params.get("allowed_updates")
        if isinstance(allowed, list):
            self._allowed_updates = frozenset(allowed) if allowed else _DEFAULT_UPDATE_TYPES
        # confirm
        if offset > 0:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
        elif offset < 0:
            self._updates = self._updates[offset:]
        self._poll_generation += 1
        generation = self._poll_generation
        self._notify()  # terminates an older long poll (409, like Telegram)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if generation != self._poll_generation:
                raise ApiError(409, "Conflict: terminated by other getUpdates request; make "
                                    "sure that only one bot instance is running")
            # drop updates the bot did not ask for
            self._updates = [u for u in self._updates if self._is_allowed(u)]
            if self._updates:
                return json.loads(json.dumps(self._updates[:limit]))
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            changed = self._changed
            assert changed is not None
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    def _is_allowed(self, update: dict[str, Any]) -> bool:
        kind = next(k for k in update if k != "update_id")
        if kind in self._allowed_updates:
            return True
        self._mark_done(update["update_id"])  # never delivered: nothing will come of it
        return False

    async def _api_setWebhook(self, params: dict[str, Any]) -> Any:
        url = params.get("url") or ""
        if not url:
            return await self._api_deleteWebhook(params)
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise _bad("bad webhook: invalid webhook URL specified")
        if params.get("drop_pending_updates"):
            self._updates.clear()
        allowed = params.get("allowed_updates")
        if isinstance(allowed, list):
            self._allowed_updates = frozenset(allowed) if allowed else _DEFAULT_UPDATE_TYPES
        self.webhook = {
            "url": url,
            "secret_token": params.get("secret_token"),
            "max_connections": int(params.get("max_connections") or 40),
            "ip_address": params.get("ip_address"),
            "last_error_date": None,
            "last_error_message": None,
        }
        if self._webhook_task is None or self._webhook_task.done():
            self._webhook_task = asyncio.get_running_loop().create_task(self._webhook_loop())
        self._notify()
        return True

    async def _api_deleteWebhook(self, params: dict[str, Any]) -> Any:
        if params.get("drop_pending_updates"):
            self._updates.clear()
        self.webhook = {}
        task, self._webhook_task = self._webhook_task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        return True

    async def _api_getWebhookInfo(self, params: dict[str, Any]) -> Any:
        info: dict[str, Any] = {
            "url": self.webhook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": len(self._updates),
        }
        if self.webhook.get("url"):
            info["max_connections"] = self.webhook["max_connections"]
            if self._allowed_updates != _DEFAULT_UPDATE_TYPES:
                info["allowed_updates"] = sorted(self._allowed_updates)
            if self.webhook.get("ip_address"):
                info["ip_address"] = self.webhook["ip_address"]
            if self.webhook.get("last_error_date"):
                info["last_error_date"] = self.webhook["last_error_date"]
                info["last_error_message"] = self.webhook["last_error_message"]
        return info

    async def _webhook_loop(self) -> None:
        """Deliver queued updates to a loopback webhook, one at a time."""
        import httpx

        async with httpx.AsyncClient(timeout=10, trust_env=False) as client:
            while True:
                hook = self.webhook
                url = hook.get("url")
                if not url:
                    return
                self._updates = [u for u in self._updates if self._is_allowed(u)]
                host = urlsplit(url).hostname
                if not self._updates or host not in ("127.0.0.1", "localhost", "::1"):
                    if self._updates:
                        hook["last_error_date"] = int(time.time())
                        hook["last_error_message"] = "fake-telegram delivers only to loopback"
                    changed = self._changed
                    assert changed is not None
                    await changed.wait()
                    continue
                update = self._updates[0]
                headers = {"Content-Type": "application/json"}
                if hook.get("secret_token"):
                    headers["X-Telegram-Bot-Api-Secret-Token"] = hook["secret_token"]
                try:
                    resp = await client.post(url, content=json.dumps(update), headers=headers)
                    ok = 200 <= resp.status_code < 300
                    error = f"Wrong response from the webhook: {resp.status_code}"
                except httpx.HTTPError as err:
                    ok, error = False, f"Connection failed: {err!r}"
                if ok:
                    self.webhook_deliveries += 1
                    if self._updates and self._updates[0] is update:
                        self._updates.pop(0)
                else:
                    hook["last_error_date"] = int(time.time())
                    hook["last_error_message"] = error
                    await asyncio.sleep(self.webhook_retry_delay)

    # commands / bot settings
    @staticmethod
    def _scope_key(params: dict[str, Any]) -> tuple[str, str]:
        scope = params.get("scope") or {"type": "default"}
        return json.dumps(scope, sort_keys=True), params.get("language_code") or ""

    async def _api_setMyCommands(self, params: dict[str, Any]) -> Any:
        commands = params.get("commands")
        if not isinstance(commands, list):
            raise _bad("parameter \"commands\" is required")
        if len(commands) > 100:
            raise _bad("BOT_COMMANDS_TOO_MUCH")
        for c in commands:
            if not _BOT_COMMAND_NAME_RE.match(str(c.get("command", ""))):
                raise _bad("BOT_COMMAND_INVALID")
            if not 1 <= len(str(c.get("description", ""))) <= 256:
                raise _bad("BOT_COMMAND_DESCRIPTION_INVALID")
        key = self._scope_key(params)
        if commands:
            self.commands[key] = [{"command": c["command"], "description": c["description"]}
                                  for c in commands]
        else:
            self.commands.pop(key, None)
        return True

    async def _api_getMyCommands(self, params: dict[str, Any]) -> Any:
        return list(self.commands.get(self._scope_key(params), []))

    async def _api_deleteMyCommands(self, params: dict[str, Any]) -> Any:
        self.commands.pop(self._scope_key(params), None)
        return True

    def _set_setting(self, name: str, field_name: str, params: dict[str, Any]) -> bool:
        key = (name, params.get("language_code") or "")
        value = params.get(field_name)
        if value:
            self.bot_settings[key] = value
        else:
            self.bot_settings.pop(key, None)
        return True

    def _get_setting(self, name: str, params: dict[str, Any]) -> str:
        lang = params.get("language_code") or ""
        return self.bot_settings.get((name, lang)) or self.bot_settings.get((name, ""), "")

    async def _api_setMyDescription(self, params: dict[str, Any]) -> Any:
        return self._set_setting("description", "description", params)

    async def _api_getMyDescription(self, params: dict[str, Any]) -> Any:
        return {"description": self._get_setting("description", params)}

    async def _api_setMyShortDescription(self, params: dict[str, Any]) -> Any:
        return self._set_setting("short_description", "short_description", params)

    async def _api_getMyShortDescription(self, params: dict[str, Any]) -> Any:
        return {"short_description": self._get_setting("short_description", params)}

    async def _api_setMyName(self, params: dict[str, Any]) -> Any:
        return self._set_setting("name", "name", params)

    async def _api_getMyName(self, params: dict[str, Any]) -> Any:
        return {"name": self._get_setting("name", params) or self.bot_user["first_name"]}

    async def _api_setChatMenuButton(self, params: dict[str, Any]) -> Any:
        self.bot_settings[("menu_button", str(params.get("chat_id") or ""))] = (
            params.get("menu_button") or {"type": "default"}
        )
        return True

    async def _api_getChatMenuButton(self, params: dict[str, Any]) -> Any:
        key = ("menu_button", str(params.get("chat_id") or ""))
        return self.bot_settings.get(key) or self.bot_settings.get(
            ("menu_button", ""), {"type": "commands"}
        )

    # messages
    async def _api_sendMessage(self, params: dict[str, Any]) -> Any:
        store = self._chat(params)
        self._check_blocked(store)
        plain, entities = self._render(params)
        markup = self._check_markup(params.get("reply_markup"))
        reply_to = None
        rp = params.get("reply_parameters")
        if isinstance(rp, dict) and rp.get("message_id") is not None:
            reply_to, allow_missing = int(rp["message_id"]), bool(
                rp.get("allow_sending_without_reply"))
        elif params.get("reply_to_message_id") not in (None, ""):
            reply_to = int(params["reply_to_message_id"])
            allow_missing = bool(params.get("allow_sending_without_reply"))
        if reply_to is not None:
            target = store.messages.get(reply_to)
            if target is None or target.deleted:
                if not allow_missing:
                    raise _bad("message to be replied not found")
                reply_to = None
        self._check_rate()
        msg = FakeMessage(
            chat=store.chat,
            message_id=store.next_id(),
            from_user=dict(self.bot_user_short),
            date=int(time.time()),
            text=plain,
            raw_text=params["text"] if isinstance(params["text"], str) else str(params["text"]),
            parse_mode=params.get("parse_mode"),
            entities=entities,
            reply_markup=markup,
            reply_to_message_id=reply_to,
            link_preview_options=params.get("link_preview_options") or None,
            disable_notification=bool(params.get("disable_notification")),
            params=params,
            _store=store,
        )
        if markup is not None:
            if "keyboard" in markup:
                self._reply_keyboards[store.chat["id"]] = markup
            elif markup.get("remove_keyboard"):
                self._reply_keyboards.pop(store.chat["id"], None)
        store.messages[msg.message_id] = msg
        store.events.append(_Event("message", msg))
        self.sent.append(msg)
        store.notify()
        return msg.to_dict()

    async def _api_sendPhoto(self, params: dict[str, Any]) -> Any:
        """An uploaded PNG or JPEG (checked as Telegram does: a real image, 10 MB, its sides), or the file_id of
        a photo sent before; an optional caption with its parse_mode."""
        store = self._chat(params)
        self._check_blocked(store)
        photo = params.get("photo")
        if isinstance(photo, dict):
            content = photo.get("content") or b""
            if len(content) > MAX_PHOTO_BYTES:
                raise _bad("file is too big")
            width, height = _image_size(content)
            if width + height > 10_000 or max(width, height) > 20 * min(width, height):
                raise _bad("PHOTO_INVALID_DIMENSIONS")
            n = next(self._file_seq)
            sizes = [{"file_id": f"AgACAgIAAxkBAAE{n:08d}FakePhoto{side}", "file_unique_id": f"AQADFake{n:06d}{side}",
                      "width": round(width * min(1, side / max(width, height))),
                      "height": round(height * min(1, side / max(width, height))),
                      "file_size": round(len(content) * min(1, side / max(width, height)) ** 2)}
                     for side in PHOTO_SIDES if side < max(width, height) or side == PHOTO_SIDES[-1]]
            self._photos.update({size["file_id"]: (sizes, content) for size in sizes})
        elif isinstance(photo, str) and photo in self._photos:
            sizes, content = self._photos[photo]
        elif photo:
            raise _bad("wrong file identifier/HTTP URL specified")
        else:
            raise _bad("there is no photo in the request")
        caption, entities = None, []
        if params.get("caption"):
            caption, entities = render_text(str(params["caption"]), params.get("parse_mode"),
                                            params.get("caption_entities"))
            if len(caption) > MAX_CAPTION_LENGTH:
                raise _bad("message caption is too long")
        markup = self._check_markup(params.get("reply_markup"))
        self._check_rate()
        msg = FakeMessage(chat=store.chat, message_id=store.next_id(), from_user=dict(self.bot_user_short),
                          date=int(time.time()), photo=sizes, photo_bytes=content, caption=caption or None,
                          caption_entities=entities, parse_mode=params.get("parse_mode"), reply_markup=markup,
                          disable_notification=bool(params.get("disable_notification")),
                          params={**params, "photo": f"<{len(content)} bytes>"}, _store=store)  # a short repr
        store.messages[msg.message_id] = msg
        store.events.append(_Event("message", msg))
        self.sent.append(msg)
        store.notify()
        return msg.to_dict()

    async def _api_editMessageText(self, params: dict[str, Any]) -> Any:
        if params.get("inline_message_id"):
            self._render(params)
            return True
        msg = self._find_message(params, "edit")
        if not msg.from_bot:
            raise _bad("message can't be edited")
        plain, entities = self._render(params)
        markup = self._check_markup(params.get("reply_markup"))
        if markup is not None and "inline_keyboard" not in markup:
            raise _bad("inline keyboard expected")
        return self._apply_edit(msg, text=plain, raw_text=params["text"], entities=entities,
                                markup=markup)

    async def _api_editMessageReplyMarkup(self, params: dict[str, Any]) -> Any:
        if params.get("inline_message_id"):
            return True
        msg = self._find_message(params, "edit")
        if not msg.from_bot:
            raise _bad("message can't be edited")
        markup = self._check_markup(params.get("reply_markup"))
        if markup is not None and "inline_keyboard" not in markup:
            raise _bad("inline keyboard expected")
        return self._apply_edit(msg, text=msg.text, raw_text=msg.raw_text,
                                entities=msg.entities, markup=markup)

    def _apply_edit(self, msg: FakeMessage, *, text: str | None, raw_text: Any,
                    entities: list[dict[str, Any]], markup: dict[str, Any] | None) -> Any:
        old_markup = msg.reply_markup if msg.reply_markup and "inline_keyboard" in \
            msg.reply_markup else None
        if text == msg.text and entities == msg.entities and markup == old_markup:
            raise _bad("message is not modified: specified new message content and reply "
                       "markup are exactly the same as a current content and reply markup "
                       "of the message")
        msg.history.append(self._snapshot(msg))
        msg.text, msg.raw_text, msg.entities = text, raw_text, entities
        msg.reply_markup = markup
        msg.edit_date = max(int(time.time()), msg.date)
        store = msg._store
        store.events.append(_Event("edit", msg))
        store.notify()
        return msg.to_dict()

    async def _api_deleteMessage(self, params: dict[str, Any]) -> Any:
        msg = self._find_message(params, "delete")
        msg.deleted = True
        return True

    async def _api_deleteMessages(self, params: dict[str, Any]) -> Any:
        store = self._chat(params)
        ids = params.get("message_ids") or []
        for mid in ids:
            m = store.messages.get(int(mid))
            if m is not None:
                m.deleted = True
        return True

    async def _api_answerCallbackQuery(self, params: dict[str, Any]) -> Any:
        qid = str(params.get("callback_query_id") or "")
        self.answer_calls[qid] += 1
        if qid not in self._open_queries:
            raise _bad("query is too old and response timeout expired or query ID is invalid")
        text = params.get("text")
        if text is not None and len(str(text)) > 200:
            raise _bad("MESSAGE_TOO_LONG")
        del self._open_queries[qid]
        self.callback_answers[qid] = dict(params)
        return True

    async def _api_sendChatAction(self, params: dict[str, Any]) -> Any:
        store = self._chat(params)
        self._check_blocked(store)
        action = params.get("action")
        if action not in _CHAT_ACTIONS:
            raise _bad("wrong parameter action in request")
        self.chat_actions.append((store.chat["id"], action))
        return True


_METHOD_NAMES = {
    name[len("_api_"):].lower(): name[len("_api_"):]
    for name in dir(FakeTelegram)
    if name.startswith("_api_")
}


_RUNNING: dict[int, FakeTelegram] = {}  # port → the server listening there, in this process


def track(app: Any) -> None:
    """``FakeTelegram.track`` by the server ``app``'s bot talks to (if it runs in this process)."""
    server = _RUNNING.get(urlsplit(app.bot.base_url).port or 0)
    if server is not None:
        server.track(app)


@contextlib.asynccontextmanager
async def polling(app: Any, *, hooks: bool = False) -> AsyncIterator[Any]:
    """The bot's ``Application`` polling this server, as ``run_polling`` runs it, and stopped cleanly after the
    block (``track``-ed: ``settled`` works); ``hooks`` also runs its post_init and post_shutdown (the ops server,
    the commands)."""
    track(app)
    await app.initialize()
    if hooks:
        await app.post_init(app)
    await app.start()
    await app.updater.start_polling(poll_interval=0, timeout=1)
    try:
        yield app
    finally:
        await app.updater.stop()
        await app.stop()
        await app.shutdown()
        if hooks:
            await app.post_shutdown(app)
