"""The asks of asking back (issue 25): when they are due, and how they are sent.

The plan
--------
``plan`` takes up to three moments of a reading: the most likely one first (its first date still to come), then the
reading's later moments by date (its other moments, and the same branch coming again).  Each ask is due on the
moment's date at the user's chosen local time (``ask_at``, 20:00 by default) in the user's zone (``due_instant``);
an hour moment (a matter of today) not before its 時辰 has ended.

Sending
-------
``send_due_asks`` is run by the daily almanac's job (``bot.delivery.broadcast.DailyAlmanacJob``) inside its turn,
after the almanac, and by ``liuyao broadcast`` after its almanacs: one sender at a time in a cluster (the
broadcast's advisory lock), its sends marked as the broadcast's in the bot's ``PacedLimiter`` (one pace for both,
the cluster's on PostgreSQL).  Each ask is a ``bot.delivery.sending.Parcel``: claimed (``reserve_ask``, leased)
before it is sent and confirmed right after — the almanac's guarantees and windows (``bot.storage``); a 403
(blocked, deactivated) turns asking back off for the user; a network failure or a 429 past its waits is tried
again later.  The message (``bot.render.askback.ask_text``) gives the question asked and the moment named, in the
user's language, with four buttons: it happened / not yet / it went otherwise / stop asking
(``bot.handlers.askback`` takes them).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncGenerator, Callable
from datetime import UTC, date, datetime, timedelta
from datetime import time as dt_time
from typing import Any, Final, NamedTuple
from zoneinfo import ZoneInfo

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.delivery.sending import Send, SendStats, send_all
from bot.ops import metrics
from bot.render.askback import ask_text, hour_start
from bot.render.i18n import _, use
from bot.storage import Ask, DueAsk, Storage
from core.findings import Timing, Unit
from core.reading.pipeline import Reading

__all__ = ["DEFAULT_ASK_AT", "MAX_ASKS", "PREFIX", "AskParcel", "Planned", "ask_keyboard", "due_instant", "plan",
           "send_due_asks"]

Clock = Callable[[], datetime]

DEFAULT_ASK_AT: Final = "20:00"
MAX_ASKS: Final = 3  # asks a reading: its most likely moment and two after "not yet"
PREFIX: Final = "ab"  # callback data: ab:{rid}:yes|no|drop, ab:{rid}:{step}:{y|n|o|s}


class Planned(NamedTuple):
    """One ask to come: the moment's unit, pillar and date (in the cast's zone), and when it is due (UTC)."""

    unit: str
    pillar: str
    day: date
    due: datetime


def _pillar(t: Timing) -> str:
    return ("" if t.stem is None or t.unit is not Unit.DAY else t.stem.name) + t.branch.name


def due_instant(unit: str, pillar: str, day: date, tz: str, ask_at: str) -> datetime:
    """When the ask of a moment is due: its date at ``ask_at`` in ``tz``; for an hour, not before the 時辰 ends."""
    hour, minute = (int(x) for x in ask_at.split(":"))
    zone = ZoneInfo(tz)
    due = datetime.combine(day, dt_time(hour, minute), zone)
    if unit == Unit.HOUR.value:
        ends = datetime.combine(day, dt_time(hour_start(pillar)), zone) + timedelta(hours=2)
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


def ask_keyboard(ask: Ask) -> InlineKeyboardMarkup:
    """The ask's answers, in the current language: ``ab:{rid}:{step}:`` y(es), n(ot yet), o(therwise), s(top)."""
    key = f"{PREFIX}:{ask.reading_id}:{ask.step}"
    return InlineKeyboardMarkup([
        [InlineKeyboardButton(_("It happened"), callback_data=f"{key}:y"),
         InlineKeyboardButton(_("Not yet"), callback_data=f"{key}:n")],
        [InlineKeyboardButton(_("It went otherwise"), callback_data=f"{key}:o"),
         InlineKeyboardButton(_("Stop asking"), callback_data=f"{key}:s")],
    ])


def render_ask(ask: DueAsk) -> str:
    """The ask's text (``bot.render.askback.ask_text``) for a due ask, in the current language."""
    cast_on = (ask.cast_at or ask.due_at).astimezone(ZoneInfo(ask.moment_tz or "UTC")).date()
    return ask_text(ask.question, cast_on, ask.unit, ask.pillar, ask.moment_date)


async def send_due_asks(send: Send, storage: Storage, *, clock: Clock, concurrency: int = 4,
                        should_stop: Callable[[], bool] | None = None, page_size: int = 200) -> SendStats:
    """Send every ask due at ``clock()``, at most ``concurrency`` in flight, each through ``send`` (the
    broadcast's: paced with it, ``bot.delivery.broadcast.sender``); what happened."""

    async def parcels() -> AsyncGenerator[AskParcel, None]:
        async with contextlib.aclosing(storage.iter_due_asks(clock(), page_size=page_size)) as stream:
            async for ask in stream:
                metrics.ASKS_DUE.inc()
                yield AskParcel(ask, storage, clock)

    return await send_all(send, parcels(), SendStats(), concurrency=concurrency, should_stop=should_stop)


class AskParcel:
    """One ask (``bot.delivery.sending.Parcel``): claimed, sent with its buttons and recorded, as an almanac is."""

    what = "ask"

    def __init__(self, ask: DueAsk, storage: Storage, clock: Clock) -> None:
        self.ask, self.storage, self.clock = ask, storage, clock
        self.chat_id, self.user_id = ask.chat_id, ask.user_id

    async def claim(self) -> bool:
        return await self.storage.reserve_ask(self.ask, now=self.clock())

    def render(self) -> tuple[str, dict[str, Any]]:
        with use(self.ask.lang):
            return render_ask(self.ask), {"reply_markup": ask_keyboard(self.ask)}

    async def fail(self, error: str, *, retry: bool, retry_after: timedelta | None = None) -> None:
        await self.storage.fail_ask(self.ask, error=error, retry=retry, retry_after=retry_after, now=self.clock())

    async def unreachable(self) -> None:
        await self.storage.set_ask_back(self.user_id, False, now=self.clock())

    async def confirm(self, message_id: int) -> None:
        await self.storage.confirm_ask(self.ask, message_id=message_id, now=self.clock())
        metrics.ASKS_SENT.inc()
