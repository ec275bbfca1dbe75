"""Asking back when a reading's moment comes (issue 25): every reading becomes a record the user can check.

The offer
---------
Under a reading whose moments have real dates, a user who has not answered the offer yet sees "Ask me on {date}" /
"No, thanks" (``reading_markup``).  Yes turns asking back on (``users.ask_back``, also in /settings and /askback)
and schedules that reading; from then on every new reading with a dated moment is scheduled as it is delivered,
with a "Don't ask about this one" button.  No (or "Stop asking", or /askback off) turns it off: nothing is sent
any more and every open ask is cancelled.  The yes is also the user's agreement that their outcomes may be counted
without their id (``liuyao outcomes``, ``bot.outcomes``) — the offer says so, and turning it off withdraws it.

The asks
--------
``plan`` takes up to three moments of the reading: the most likely one first (its first date still to come), then
the reading's later moments by date (its other moments, and the same branch coming again).  Each ask is due on
the moment's date at the user's chosen local time (``ask_at``, 20:00 by default), in the user's zone; an hour
moment (a matter of today) not before its 時辰 has ended.  The message (``ask_text``) gives the question the user
asked, the moment the reading named and four buttons: it happened / not yet / it went otherwise / stop asking.
"Not yet" makes the next ask of the reading due; an answer records the outcome on the reading
(``Storage.answer_ask``, through the statement "What happened?" writes: one record).  "It happened" answers "did
it happen at {moment}?", so it is recorded on the moment's date.

Sending
-------
``send_due_asks`` is run by the daily almanac's job (``bot.broadcast.DailyAlmanacJob``) inside its turn, after the
almanac: one sender at a time in a cluster (the broadcast's advisory lock), its sends marked as the broadcast's in
the bot's ``PacedLimiter`` (one pace for both, the cluster's on PostgreSQL).  Each ask is claimed
(``reserve_ask``, leased) before it is sent and confirmed right after — the almanac's guarantees, the same
windows (``bot.storage``); a 403 (blocked, deactivated) turns asking back off for that user; a network failure
or a 429 past its waits is tried again later.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncGenerator, Callable
from datetime import UTC, date, datetime, timedelta
from datetime import time as dt_time
from typing import Any, Final, NamedTuple
from zoneinfo import ZoneInfo

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes

from bot import metrics
from bot.dates import clock_text, day_text, parse_hhmm
from bot.i18n import _, use
from bot.korean import particles
from bot.sending import Send, SendStats, send_all
from bot.storage import Ask, DueAsk, Storage, User
from core.findings import Timing, Unit
from core.reading import Reading

__all__ = [
    "DEFAULT_ASK_AT", "MAX_ASKS", "Planned", "ask_keyboard", "ask_text", "due_instant", "install",
    "moment_words", "plan", "reading_markup", "send_due_asks",
]

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

DEFAULT_ASK_AT: Final = "20:00"
MAX_ASKS: Final = 3  # asks a reading: its most likely moment and two after "not yet"
PREFIX: Final = "ab"  # callback data: ab:{rid}:yes|no|drop, ab:{rid}:{step}:{answer}, ab:set:on|off
ANSWER_CODES: Final = {"y": "happened", "n": "not_yet", "o": "otherwise", "s": "stop"}


# ---- the plan ------------------------------------------------------------------------------------------------


class Planned(NamedTuple):
    """One ask to come: the moment's unit, pillar and date (in the cast's zone), and when it is due (UTC)."""

    unit: str
    pillar: str
    day: date
    due: datetime


def _pillar(t: Timing) -> str:
    return ("" if t.stem is None or t.unit is not Unit.DAY else t.stem.name) + t.branch.name


def _hour_start(pillar: str) -> int:
    """The clock hour a 時辰 begins at (子 23:00, 丑 01:00 … 亥 21:00)."""
    from core.ganzhi import Branch

    return (2 * Branch[pillar[-1]] - 1) % 24


def due_instant(unit: str, pillar: str, day: date, tz: str, ask_at: str) -> datetime:
    """When the ask of a moment is due: its date at ``ask_at`` in ``tz``; for an hour, not before the 時辰 ends."""
    hour, minute = (int(x) for x in ask_at.split(":"))
    zone = ZoneInfo(tz)
    due = datetime.combine(day, dt_time(hour, minute), zone)
    if unit == Unit.HOUR.value:
        ends = datetime.combine(day, dt_time(_hour_start(pillar)), zone) + timedelta(hours=2)
        due = max(due, ends)
    return due.astimezone(UTC)


def plan(r: Reading, tz: str, ask_at: str, now: datetime) -> list[Planned]:
    """Up to ``MAX_ASKS`` asks of a reading: its most likely moment at the first of its dates still to come, then
    the later moments of the reading (its other moments and the same branch again), by date, one a date."""
    if not r.timing:
        return []

    def planned(t: Timing, d: date | datetime) -> Planned:
        day = d.date() if isinstance(d, datetime) else d
        return Planned(t.unit.value, _pillar(t), day, due_instant(t.unit.value, _pillar(t), day, tz, ask_at))

    likely = [planned(r.timing[0], d) for d in r.timing[0].dates]
    others = [planned(t, t.dates[0]) for t in r.timing[1:] if t.dates]
    first = next((p for p in likely if p.due > now), None)
    if first is None:
        first = min((p for p in others if p.due > now), key=lambda p: p.due, default=None)
    if first is None:
        return []
    later: dict[date, Planned] = {}
    for p in sorted(likely + others, key=lambda p: p.due):
        if p.day > first.day and p.day not in later:
            later[p.day] = p
    return [first, *list(later.values())[:MAX_ASKS - 1]]


def moment_words(unit: str, pillar: str, day: date) -> str:
    """The moment an ask names, as the reading said it: "Thu, Dec 10, 2026 (a 午 day)", "the 午 month, from …"."""
    shown = day_text(day)
    if unit == Unit.DAY.value:
        return _("{date} ({unit})").format(date=shown, unit=_("a {pillar} day").format(pillar=pillar))
    if unit == Unit.HOUR.value:
        start = datetime.combine(day, dt_time(_hour_start(pillar)))
        return _("{date}, {branch}時 ({start}–{end})").format(date=shown, branch=pillar, start=clock_text(start),
                                                              end=clock_text(start + timedelta(hours=2)))
    return (_("the {pillar} month, from {date}") if unit == Unit.MONTH.value
            else _("the {pillar} year, from {date}")).format(pillar=pillar, date=shown)


# ---- under a reading ----------------------------------------------------------------------------------------


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


def settings_line(user: User) -> str:
    """The line of /settings about asking back."""
    if user.ask_back:
        return _("Asking back when a reading's moment comes: on, at {time} (/askback 21:00 to change, "
                 "/askback off to stop).").format(time=user.ask_at)
    return _("Asking back when a reading's moment comes: off (/askback to turn it on).")


def settings_rows(user: User) -> list[list[InlineKeyboardButton]]:
    """The /settings buttons for asking back."""
    return [_row((_("Ask back") + (" ✓" if user.ask_back else ""), f"{PREFIX}:set:on"),
                 (_("Don't ask back") + ("" if user.ask_back else " ✓"), f"{PREFIX}:set:off"))]


def consent_text(user: User) -> str:
    """What saying yes means: when the asks come, and that the outcomes are counted without the user's id."""
    return _("When a reading's moment comes, I will ask you at {time} ({tz}) whether it happened, and keep your "
             "answer with the reading. Your answers may also be counted, without your name or id, in the bot's "
             "figures of how readings turn out. Turn this off any time with /askback off.").format(
        time=user.ask_at, tz=user.tz)


# ---- the ask ------------------------------------------------------------------------------------------------


def ask_text(ask: DueAsk) -> str:
    """The ask, in the current language: the question asked (or the reading's date), the moment it named."""
    cast_on = (ask.cast_at or ask.due_at).astimezone(ZoneInfo(ask.moment_tz or "UTC")).date()
    if ask.question:
        head = _("You asked on {date}: “{question}”").format(date=day_text(cast_on), question=ask.question)
    else:
        head = _("Your reading of {date}.").format(date=day_text(cast_on))
    moment = moment_words(ask.unit, ask.pillar, ask.moment_date)
    return particles(head + "\n" + _("The reading named {moment}. Did it happen?").format(moment=moment))


def ask_keyboard(ask: Ask) -> InlineKeyboardMarkup:
    key = f"{PREFIX}:{ask.reading_id}:{ask.step}"
    return InlineKeyboardMarkup([
        _row((_("It happened"), f"{key}:y"), (_("Not yet"), f"{key}:n")),
        _row((_("It went otherwise"), f"{key}:o"), (_("Stop asking"), f"{key}:s")),
    ])


async def send_due_asks(send: Send, storage: Storage, *, clock: Clock, concurrency: int = 4,
                        should_stop: Callable[[], bool] | None = None, page_size: int = 200) -> SendStats:
    """Send every ask due at ``clock()``, at most ``concurrency`` in flight, each through ``send`` (the
    broadcast's: paced with it, ``bot.broadcast.sender``); what happened."""

    async def parcels() -> AsyncGenerator[AskParcel, None]:
        async with contextlib.aclosing(storage.iter_due_asks(clock(), page_size=page_size)) as stream:
            async for ask in stream:
                metrics.ASKS_DUE.inc()
                yield AskParcel(ask, storage, clock)

    return await send_all(send, parcels(), SendStats(), concurrency=concurrency, should_stop=should_stop)


class AskParcel:
    """One ask (``bot.sending.Parcel``): claimed, sent with its buttons and recorded, as an almanac is."""

    what = "ask"

    def __init__(self, ask: DueAsk, storage: Storage, clock: Clock) -> None:
        self.ask, self.storage, self.clock = ask, storage, clock
        self.chat_id, self.user_id = ask.chat_id, ask.user_id

    async def claim(self) -> bool:
        return await self.storage.reserve_ask(self.ask, now=self.clock())

    def render(self) -> tuple[str, dict[str, Any]]:
        with use(self.ask.lang):
            return ask_text(self.ask), {"reply_markup": ask_keyboard(self.ask)}

    async def fail(self, error: str, *, retry: bool, retry_after: timedelta | None = None) -> None:
        await self.storage.fail_ask(self.ask, error=error, retry=retry, retry_after=retry_after, now=self.clock())

    async def unreachable(self) -> None:
        await self.storage.set_ask_back(self.user_id, False, now=self.clock())

    async def confirm(self, message_id: int) -> None:
        await self.storage.confirm_ask(self.ask, message_id=message_id, now=self.clock())
        metrics.ASKS_SENT.inc()


# ---- the buttons and /askback --------------------------------------------------------------------------------


async def _set(context: ContextTypes.DEFAULT_TYPE, user: User, on: bool, at: str | None = None) -> User:
    """Asking back on or off for the user (the cached settings follow); a new time re-times the open asks."""
    from bot import flow

    storage = flow.storage(context)
    new = await storage.set_ask_back(user.user_id, on, at=at, now=flow.now(context))
    context.application.bot_data["users"][user.user_id] = new
    if on and (at is not None or new.tz != user.tz):
        await retime(storage, new, flow.now(context))
    return new


async def retime(storage: Storage, user: User, now: datetime) -> int:
    """The user's asks still to come, due again at their time of day in their zone (after either changed)."""
    asks = [a for a in await storage.list_asks(user.user_id) if a.status in ("later", "waiting")]
    return await storage.retime_asks(
        [(a.reading_id, a.step, due_instant(a.unit, a.pillar, a.moment_date, user.tz, user.ask_at)) for a in asks],
        now=now)


async def askback_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/askback [HH:MM | off]: turn asking back on (at that local time; 20:00 or the time chosen before), or off."""
    from bot import flow

    user = await flow.user_of(update, context)
    args = [a.lower() for a in context.args or []]
    if args in (["off"], ["stop"]):
        await _set(context, user, False)
        await flow.say(update, _("I will not ask back any more. /askback turns it on again."))
        return
    at = parse_hhmm(args[0]) if len(args) == 1 else None
    if len(args) > 1 or (args and at is None):
        await flow.say(update, _("Give the time of day as HH:MM, for example /askback 21:00, or /askback off."))
        return
    new = await _set(context, user, True, at)
    await flow.say(update, consent_text(new))


async def askback_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """ab:… — the offer under a reading, the answers to an ask, and the /settings switch."""
    from bot import flow
    from bot.guard import small_int

    query, data = flow.button(update)
    await flow.ack(query)
    parts = data.split(":")
    user = await flow.user_of(update, context)
    if parts[1:] in (["set", "on"], ["set", "off"]):
        await _set(context, user, parts[2] == "on")
        from bot.app import show_settings

        await show_settings(update, context)
        return
    try:
        rid = small_int(parts[1])
        step = small_int(parts[2]) if len(parts) == 4 else None
    except (ValueError, IndexError):
        await flow.say(update, _("That button belongs to an earlier message."))
        return
    if step is None and len(parts) == 3 and parts[2] in ("yes", "no", "drop"):
        await _offer(update, context, user, rid, parts[2])
    elif step is not None and parts[3] in ANSWER_CODES:
        await _answer(update, context, user, rid, step, ANSWER_CODES[parts[3]])
    else:
        await flow.say(update, _("That button belongs to an earlier message."))


async def _offer(update: Update, context: ContextTypes.DEFAULT_TYPE, user: User, rid: int, choice: str) -> None:
    from bot import flow
    from bot.app import recompute

    storage = flow.storage(context)
    if choice == "no":
        await _set(context, user, False)
        await flow.say(update, _("I will not ask. You can turn it on in /settings or with /askback."))
        return
    if choice == "drop":
        await storage.cancel_asks(user.user_id, rid, now=flow.now(context))
        await flow.say(update, _("I will not ask about this reading."))
        return
    row = await storage.get_reading(user.user_id, rid)
    if row is None:
        await flow.say(update, _("That reading is not in your history."))
        return
    new = await _set(context, user, True)
    now = flow.now(context)
    planned = plan(recompute(row), new.tz, new.ask_at, now)
    chat = update.effective_chat
    assert chat is not None
    if planned and await storage.schedule_asks(new.user_id, rid, chat.id, planned, now=now):
        await flow.say(update, _("I will ask you on {date}.").format(date=day_text(planned[0].day)) + "\n"
                       + consent_text(new))
    elif planned:  # scheduled already (the button pressed twice)
        await flow.say(update, consent_text(new))
    else:
        await flow.say(update, _("The moments this reading named have passed; record what happened with “What "
                                 "happened?” under it.") + "\n" + consent_text(new))


async def _answer(update: Update, context: ContextTypes.DEFAULT_TYPE, user: User, rid: int, step: int,
                  answer: str) -> None:
    from bot import flow

    storage = flow.storage(context)
    now = flow.now(context)
    ask = next((a for a in await storage.list_asks(user.user_id, rid) if a.step == step), None)
    if ask is None:
        await flow.say(update, _("That reading is not in your history."))
        return
    on = min(ask.moment_date, now.astimezone(ZoneInfo(user.tz)).date())  # the moment it answers, never ahead
    got = await storage.answer_ask(user.user_id, rid, step, answer, on=on, now=now)
    if got.result == "missing":
        await flow.say(update, _("That reading is not in your history."))
        return
    if got.result == "already":
        await flow.say(update, _("You have answered this already."))
        return
    metrics.ASKS_ANSWERED.labels(answer).inc()
    if answer == "stop":
        context.application.bot_data["users"].pop(user.user_id, None)  # ask_back changed in the database
        await flow.say(update, _("I will not ask back any more. /askback turns it on again."))
    elif answer == "happened":
        await flow.say(update, _("Noted: it happened on {date}.").format(date=day_text(on)))
    elif answer == "otherwise":
        await flow.say(update, _("Noted: it did not happen."))
    elif got.next is not None:
        await flow.say(update, _("Then I will ask again on {date}.").format(date=day_text(got.next.moment_date)))
    else:
        await flow.say(update, _("That was the last moment the reading named. When you know, open it in /history "
                                 "and press “What happened?”."))


async def follow_zone(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group 2, after a zone change: the asks still to come are due at the user's time in the new zone."""
    from bot import flow

    if update.effective_user is None:
        return
    storage = flow.storage(context)
    user = await storage.get_user(update.effective_user.id)
    if user is not None and user.ask_back:
        await retime(storage, user, flow.now(context))


def install(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    """/askback and the ask's buttons (the asks are sent by the daily almanac's job, ``bot.broadcast``)."""
    app.add_handler(CommandHandler("askback", askback_command))
    app.add_handler(CallbackQueryHandler(askback_button, pattern=rf"^{PREFIX}:"))
    app.add_handler(CallbackQueryHandler(follow_zone, pattern=r"^s:tz:"), group=3)
    app.add_handler(CommandHandler("tz", follow_zone), group=3)

