"""What every handler of the consultation shares: its states, the user's data and clock as PTB hands them over,
and the two ways to answer (a message in the chat, the acknowledgement of a button).

The hexagram consultation (``bot.handlers.flow``), the birth chart's (``bot.handlers.natal_flow``), the daily
almanac's commands (``bot.handlers.subscription``), the gate and the caps all use these, so they live here and
not in any one of them.
"""

from __future__ import annotations

import html
import logging
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from telegram import CallbackQuery, InlineKeyboardMarkup, Update
from telegram import User as TelegramUser
from telegram.constants import ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes, ConversationHandler

from bot.render.korean import particles
from bot.storage import Storage, User

log = logging.getLogger(__name__)

# A step's handler: what it leaves the consultation waiting for (a state, or END)
Step = Callable[[Update, ContextTypes.DEFAULT_TYPE], Awaitable[int]]

# States of the consultation (persisted as numbers: add at the end, never renumber).
ASK_QUESTION, ASK_TOPIC, ASK_FOLLOW_UP, ASK_METHOD, ASK_TOSS, ASK_LINES, ASK_MOMENT, ASK_WHEN, ASK_OUTCOME_DATE = range(9)
ASK_OPTIONAL = 9  # an optional follow-up (how far off, recent or long illness, the weather), which may be skipped
# /natal (玉照定真經, bot.handlers.natal_flow): the birth date, time, zone and sex
ASK_BIRTH_DATE, ASK_BIRTH_TIME, ASK_BIRTH_ZONE, ASK_BIRTH_SEX = range(10, 14)
ASK_CAST_TIME = 14  # the time of a cast whose date was sent alone
NATAL_STATES = (ASK_BIRTH_DATE, ASK_BIRTH_TIME, ASK_BIRTH_ZONE, ASK_BIRTH_SEX)
END = ConversationHandler.END
MAX_TEXT = 500  # the longest message read as an answer; longer ones get an explanation
MAX_QUESTION = 300


# ---- shared helpers ------------------------------------------------------------------------------------------

def storage(context: ContextTypes.DEFAULT_TYPE) -> Storage:
    return context.application.bot_data["storage"]


def now(context: ContextTypes.DEFAULT_TYPE) -> datetime:
    """The injected clock (tests and broadcasts use a fake one), always an aware UTC instant."""
    clock = context.application.bot_data.get("clock")
    return clock() if clock else datetime.now(UTC)


def user_data(context: ContextTypes.DEFAULT_TYPE) -> dict[str, Any]:
    """The user's data: PTB gives one to every update that comes from a user, and ``bot.handlers.gate.gate`` lets no
    other update reach a step."""
    data = context.user_data
    assert data is not None, "an update without a user reached a consultation step"
    return data


def sender(update: Update) -> TelegramUser:
    """Who sent ``update`` (``bot.handlers.gate.gate`` stops every update without a user before the handlers)."""
    user = update.effective_user
    assert user is not None, "an update without a user reached a handler"
    return user


def button(update: Update) -> tuple[CallbackQuery, str]:
    """The button of an update a ``CallbackQueryHandler`` took, and its data (never empty: ``bot.handlers.gate.gate``)."""
    query = update.callback_query
    assert query is not None and query.data, "a handler of buttons took an update without a button"
    return query, query.data


async def user_of(update: Update, context: ContextTypes.DEFAULT_TYPE) -> User:
    return context.application.bot_data["users"][sender(update).id]


def new_consultation_id() -> str:
    """The id a consultation's reading is stored under once (answered again after a crash, it is not stored
    twice)."""
    return secrets.token_hex(8)


def consultation(context: ContextTypes.DEFAULT_TYPE) -> dict[str, Any]:
    return user_data(context).setdefault("c", {})


async def say(update: Update, text: str, markup: InlineKeyboardMarkup | None = None, *, pre: bool = False) -> None:
    """Reply in the chat the update came from (message or button); Korean particles follow the words filled in."""
    text = particles(text)
    body = f"<pre>{html.escape(text)}</pre>" if pre else html.escape(text)
    chat = update.effective_chat
    assert chat is not None
    await chat.send_message(body, parse_mode=ParseMode.HTML, reply_markup=markup)


# Buttons pressed whose query this update has answered already (with a toast); ``answer_pending`` forgets them.
_answered: set[str] = set()


async def ack(query: CallbackQuery | None, text: str | None = None) -> None:
    """Acknowledge a button.  Telegram takes one answer per query, so a plain acknowledgement waits for the end
    of the update (``answer_pending``) and a toast goes out at once; a toast after another one is dropped."""
    if query is None or text is None or query.id in _answered:
        return
    _answered.add(query.id)
    await answer_once(query, text)


async def answer_once(query: CallbackQuery, text: str | None = None) -> None:
    try:
        await query.answer(text)
    except TelegramError as exc:  # an old query Telegram no longer accepts, or Telegram unreachable: cosmetic
        log.info("callback query not answered: %s", exc)


async def answer_pending(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The last group: a button this update has not answered yet is answered now, without text."""
    query = update.callback_query
    if query is None:
        return
    if query.id in _answered:
        _answered.discard(query.id)
    else:
        await answer_once(query)
