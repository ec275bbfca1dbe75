"""What every handler of the consultation shares: its states, the user, and the two ways to answer (a message in
the chat, the acknowledgement of a button); the services and the consultation come with the context
(``bot.handlers.context``).

The hexagram consultation (``bot.handlers.flow``), the birth chart's (``bot.handlers.natal_flow``), the daily
almanac's commands (``bot.handlers.subscription``), the gate and the caps all use these, so they live here and
not in any one of them.
"""

from __future__ import annotations

import hashlib
import html
import logging
import random
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

from telegram import CallbackQuery, InlineKeyboardMarkup, Update
from telegram import User as TelegramUser
from telegram.constants import ParseMode
from telegram.error import TelegramError
from telegram.ext import ConversationHandler

from bot.delivery import replies
from bot.handlers.consultation import Consultation
from bot.handlers.context import BotContext
from bot.render.korean import particles
from bot.storage import User
from core.chart.calendar import DayBoundary, Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.question import Question
from core.reading.pipeline import Reading, read

log = logging.getLogger(__name__)

# A step's handler: what it leaves the consultation waiting for (a state, or END)
Step = Callable[[Update, BotContext], Coroutine[Any, Any, int]]

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


async def user_of(update: Update, context: BotContext) -> User:
    """The settings of the update's user (``bot.handlers.app.load_user`` has put them in ``context.users``)."""
    return context.users[sender(update).id]


def consultation_id(update: Update) -> str:
    """The id a consultation's reading is stored under once.  Drawn from the update that opens it, so that update
    handled again — its reply did not reach Telegram (``bot.delivery.replies``), or the process died before its
    commit — opens the same consultation, and a reading it stores is not stored twice."""
    query, message = update.callback_query, update.effective_message
    seed = f"{update.update_id}:{query.id if query else ''}:{message.date.timestamp() if message else ''}"
    return hashlib.blake2b(seed.encode(), digest_size=8).hexdigest()


def toss_for(c: Consultation, update: Update) -> random.Random:
    """The coins the bot tosses for a consultation at this update: the same if the update is handled again (its
    reply did not get through), so the cast shown and the reading stored are one cast."""
    return random.Random(f"{c.id or secrets.token_hex(8)}:{update.update_id}")


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
        # (while Telegram is unreachable the outage is logged once, by the request layer)
        log.log(logging.DEBUG if replies.passing(exc) else logging.INFO, "callback query not answered: %s", exc)


async def answer_pending(update: Update, context: BotContext) -> None:
    """The last group: a button this update has not answered yet is answered now, without text."""
    query = update.callback_query
    if query is None:
        return
    if query.id in _answered:
        _answered.discard(query.id)
    else:
        await answer_once(query)


def recompute(row: Any) -> Reading:
    """The Reading object of a stored reading, from its cast, moment and question (the answers without a column
    of their own are read from the stored record's ``question``; a record from before an answer existed has none,
    and None is what it was read with)."""
    stored_moment = row.reading.get("moment", {}) if isinstance(row.reading, dict) else {}
    if row.moment_utc is not None and row.moment_tz:
        moment = Moment.at(row.moment_utc, row.moment_tz, DayBoundary(row.day_boundary or 23))
    else:
        moment = Moment.from_pillars(stored_moment["month_branch"], stored_moment["day"], stored_moment.get("year"))
    asked = ((row.reading.get("reading", {}).get("question", {}) or {}) if isinstance(row.reading, dict) else {})
    question = Question.parse_ids(row.topic or "other", row.subject, row.sex, row.use_god,
                                  subject_sex=asked.get("subject_sex"), thing=asked.get("thing"),
                                  horizon=asked.get("horizon"), illness=asked.get("illness"),
                                  weather=asked.get("weather"), birth=asked.get("birth"),
                                  office=asked.get("office"), exam=asked.get("exam"), aspect=asked.get("aspect"),
                                  study=asked.get("study"), life=asked.get("life"), club=asked.get("club"))
    return read(build_chart(parse_cast(row.lines), moment), question)
