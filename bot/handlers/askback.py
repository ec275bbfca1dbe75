"""Asking back when a reading's moment comes (issue 25): every reading becomes a record the user can check.

Under a reading whose moments have real dates, a user who has not answered the offer yet sees "Ask me on {date}" /
"No, thanks" (``reading_markup``).  Yes turns asking back on (``users.ask_back``; also /askback and the /settings
switch) and schedules that reading's asks (``bot.delivery.asks.plan``); from then on every new reading with a dated
moment is scheduled as it is delivered, with a "Don't ask me about this one" button.  No — or "Stop asking", or
/askback off — turns it off: nothing more is sent, every open ask is cancelled.  The yes is also the user's
agreement that their outcomes may be counted without their id (``liuyao outcomes``, ``bot.ops.outcomes``): the
offer's confirmation says so, and turning it off withdraws it.

The ask's buttons (``ab:{rid}:{step}:{y|n|o|s}``, sent by ``bot.delivery.asks``): "It happened" records the
outcome 'happened' on the moment's date (the answer to "did it happen at {moment}?"), "It went otherwise" 'did_not'
— on the reading, through the statement "What happened?" writes (``Storage.answer_ask``) — "Not yet" makes the
reading's next ask due, "Stop asking" turns asking back off.  An ask answers once.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes

from bot.delivery.asks import PREFIX, due_instant, plan
from bot.handlers import common
from bot.handlers.gate import small_int
from bot.ops import metrics
from bot.render.askback import consent_text
from bot.render.dates import day_text, parse_hhmm
from bot.render.i18n import _
from bot.storage import Storage, User
from core.reading.pipeline import Reading

__all__ = ["askback_button", "askback_command", "install", "reading_markup", "settings_rows", "switch"]

ANSWER_CODES = {"y": "happened", "n": "not_yet", "o": "otherwise", "s": "stop"}


def _row(*buttons: tuple[str, str]) -> list[InlineKeyboardButton]:
    return [InlineKeyboardButton(label, callback_data=data) for label, data in buttons]


async def reading_markup(storage: Storage, user: User, chat_id: int, reading: Reading, rid: int,
                         base: InlineKeyboardMarkup, now: datetime) -> InlineKeyboardMarkup:
    """The buttons under a reading just delivered: ``base``, and the offer (not answered yet), or — asking back
    on — the reading scheduled and a button to leave this one out.  Nothing more without a dated moment."""
    planned = plan(reading, user.tz, user.ask_at, now)
    if not planned or user.ask_back is False:
        return base
    rows = [list(r) for r in base.inline_keyboard]
    if user.ask_back is None:
        rows.append(_row((_("Ask me on {date}").format(date=day_text(planned[0].day)), f"{PREFIX}:{rid}:yes"),
                         (_("No, thanks"), f"{PREFIX}:{rid}:no")))
    elif await storage.schedule_asks(user.user_id, rid, chat_id, planned, now=now):
        rows.append(_row((_("Don't ask me about this one"), f"{PREFIX}:{rid}:drop")))
    return InlineKeyboardMarkup(rows)


def settings_rows(user: User) -> list[list[InlineKeyboardButton]]:
    """The /settings switch (``s:ask:on|off``, taken by the settings' own handler)."""
    return [_row((_("Ask back") + (" ✓" if user.ask_back else ""), "s:ask:on"),
                 (_("Don't ask back") + ("" if user.ask_back else " ✓"), "s:ask:off"))]


async def switch(context: ContextTypes.DEFAULT_TYPE, user: User, on: bool, at: str | None = None) -> User:
    """Asking back on or off for the user (the cached settings follow); a new time re-times the open asks."""
    storage = common.storage(context)
    new = await storage.set_ask_back(user.user_id, on, at=at, now=common.now(context))
    context.application.bot_data["users"][user.user_id] = new
    if on and (at is not None or new.tz != user.tz):
        await retime(storage, new, common.now(context))
    return new


async def retime(storage: Storage, user: User, now: datetime) -> int:
    """The user's asks still to come, due again at their time of day in their zone (after either changed)."""
    asks = [a for a in await storage.list_asks(user.user_id) if a.status in ("later", "waiting")]
    return await storage.retime_asks(
        [(a.reading_id, a.step, due_instant(a.unit, a.pillar, a.moment_date, user.tz, user.ask_at)) for a in asks],
        now=now)


async def askback_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/askback [HH:MM | off]: turn asking back on (at that local time; 20:00 or the time chosen before), or off."""
    user = await common.user_of(update, context)
    args = [a.lower() for a in context.args or []]
    if args in (["off"], ["stop"]):
        await switch(context, user, False)
        await common.say(update, _("I will not ask back any more. /askback turns it on again."))
        return
    at = parse_hhmm(args[0]) if len(args) == 1 else None
    if len(args) > 1 or (args and at is None):
        await common.say(update, _("Give the time of day as HH:MM, for example /askback 21:00, or /askback off."))
        return
    new = await switch(context, user, True, at)
    await common.say(update, consent_text(new.ask_at, new.tz))


async def askback_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """ab:… — the offer under a reading (yes, no, drop) and the answers to an ask."""
    query, data = common.button(update)
    await common.ack(query)
    parts = data.split(":")
    user = await common.user_of(update, context)
    try:
        rid = small_int(parts[1])
        step = small_int(parts[2]) if len(parts) == 4 else None
    except (ValueError, IndexError):
        await common.say(update, _("That button belongs to an earlier message."))
        return
    if step is None and len(parts) == 3 and parts[2] in ("yes", "no", "drop"):
        await _offer(update, context, user, rid, parts[2])
    elif step is not None and parts[3] in ANSWER_CODES:
        await _answer(update, context, user, rid, step, ANSWER_CODES[parts[3]])
    else:
        await common.say(update, _("That button belongs to an earlier message."))


async def _offer(update: Update, context: ContextTypes.DEFAULT_TYPE, user: User, rid: int, choice: str) -> None:
    storage = common.storage(context)
    if choice == "no":
        await switch(context, user, False)
        await common.say(update, _("I will not ask. You can turn it on in /settings or with /askback."))
        return
    if choice == "drop":
        await storage.cancel_asks(user.user_id, rid, now=common.now(context))
        await common.say(update, _("I will not ask about this reading."))
        return
    row = await storage.get_reading(user.user_id, rid)
    if row is None:
        await common.say(update, _("That reading is not in your history."))
        return
    new = await switch(context, user, True)
    now = common.now(context)
    planned = plan(common.recompute(row), new.tz, new.ask_at, now)
    consent = consent_text(new.ask_at, new.tz)
    if planned and await storage.schedule_asks(new.user_id, rid, common.sender(update).id, planned, now=now):
        await common.say(update, _("I will ask you on {date}.").format(date=day_text(planned[0].day)) + "\n" + consent)
    elif planned:  # scheduled already (the button pressed twice)
        await common.say(update, consent)
    else:
        await common.say(update, _("The moments this reading named have passed; record what happened with “What "
                                   "happened?” under it.") + "\n" + consent)


async def _answer(update: Update, context: ContextTypes.DEFAULT_TYPE, user: User, rid: int, step: int,
                  answer: str) -> None:
    storage = common.storage(context)
    now = common.now(context)
    ask = next((a for a in await storage.list_asks(user.user_id, rid) if a.step == step), None)
    if ask is None:
        await common.say(update, _("That reading is not in your history."))
        return
    on = min(ask.moment_date, now.astimezone(ZoneInfo(user.tz)).date())  # the moment it answers, never ahead
    got = await storage.answer_ask(user.user_id, rid, step, answer, on=on, now=now)
    if got.result == "missing":
        await common.say(update, _("That reading is not in your history."))
        return
    if got.result == "already":
        await common.say(update, _("You have answered this already."))
        return
    metrics.ASKS_ANSWERED.labels(answer).inc()
    if answer == "stop":
        context.application.bot_data["users"].pop(user.user_id, None)  # ask_back changed in the database
        await common.say(update, _("I will not ask back any more. /askback turns it on again."))
    elif answer == "happened":
        await common.say(update, _("Noted: it happened on {date}.").format(date=day_text(on)))
    elif answer == "otherwise":
        await common.say(update, _("Noted: it did not happen."))
    elif got.next is not None:
        await common.say(update, _("Then I will ask again on {date}.").format(date=day_text(got.next.moment_date)))
    else:
        await common.say(update, _("That was the last moment the reading named. When you know, open it in /history "
                                   "and press “What happened?”."))


async def follow_zone(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group 3, after a zone change: the asks still to come are due at the user's time in the new zone."""
    if update.effective_user is None:
        return
    storage = common.storage(context)
    user = await storage.get_user(update.effective_user.id)
    if user is not None and user.ask_back:
        await retime(storage, user, common.now(context))


def install(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    """/askback and the buttons of the offer and the asks (the asks are sent by the almanac's job)."""
    app.add_handler(CommandHandler("askback", askback_command))
    app.add_handler(CallbackQueryHandler(askback_button, pattern=rf"^{PREFIX}:"))
    app.add_handler(CallbackQueryHandler(follow_zone, pattern=r"^s:tz:"), group=3)
    app.add_handler(CommandHandler("tz", follow_zone), group=3)
