"""Group -2 of the handlers: the updates the bot is not for get a deliberate answer before any handler sees them —
edited messages and channel posts are left alone, a button outside a chat (an inline message) is answered, group
chats are declined politely, ids SQLite cannot hold are ignored; and the ids read from a button's data.
"""

from __future__ import annotations

import logging
from types import TracebackType

from telegram import Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.handlers.common import answer_once
from bot.ops.logs import redact
from bot.render.i18n import _, normalize, use
from bot.storage.values import ID_MAX, fits

log = logging.getLogger(__name__)


def small_int(text: str) -> int:
    """A non-negative id or offset from callback data; ValueError for anything else (2⁶⁴ included)."""
    value = int(text)
    if not 0 <= value <= ID_MAX:
        raise ValueError(text)
    return value


async def gate(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group -2: let through only what the consultation is for — a private chat's new messages and buttons.

    Everything else ends here (``ApplicationHandlerStop``), answered or deliberately left alone:
    an edited message (already read as it was first sent), a channel post, any update without a user or a chat
    (polls, inline queries, an inline message's button — whose spinner is stopped), a button without data,
    ids beyond SQLite's range, a message with text no database can keep (``unstorable``: answered),
    and group chats, where a command or a button is answered with a polite pointer to the private chat (the
    consultation lives in ``user_data``, one per user: a group /cast would overwrite the private one).
    """
    user, chat, query = update.effective_user, update.effective_chat, update.callback_query
    if update.edited_message is not None or update.edited_channel_post is not None \
            or update.channel_post is not None:
        raise ApplicationHandlerStop
    if user is None or chat is None or not fits(user.id) or not fits(chat.id) or (query and not query.data):
        # (a button without data — a game's, or forged — would match every pattern of PTB's handlers)
        if query is not None:
            await answer_once(query)
        raise ApplicationHandlerStop
    known = context.application.bot_data.get("users", {}).get(user.id)
    if chat.type == ChatType.PRIVATE:
        message = update.message
        if message is not None and unstorable(message.text or message.caption or ""):
            with use(known.lang if known else normalize(user.language_code)):
                await chat.send_message(_("That message contains a character I cannot keep (a control character or "
                                          "a broken one). Please type it again without it."))
            raise ApplicationHandlerStop
        return
    with use(known.lang if known else normalize(user.language_code)):
        text = _("I read only in a private chat with you; please write to me directly.")
        if query is not None:
            await answer_once(query, text)
        elif update.message is not None and (update.message.text or "").startswith("/"):
            with _suppress_telegram():
                await chat.send_message(text)
    raise ApplicationHandlerStop


def unstorable(text: str) -> bool:
    """Text no database of the bot can keep as sent: a NUL (PostgreSQL's text refuses it) or half of a UTF-16
    pair (no UTF-8 encodes it).  Such a message is refused with a word before anything of it is stored."""
    return any(ch == "\x00" or "\ud800" <= ch <= "\udfff" for ch in text)


class _suppress_telegram:
    """A reply the bot owes nobody (the group's decline): a failure is logged, not raised."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> bool:
        if isinstance(exc, TelegramError):
            log.info("could not answer in a group: %s", redact(str(exc)))
            return True
        return False
