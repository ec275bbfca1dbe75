"""The daily almanac's delivery: the broadcast that sends it to the subscribers (their commands, ``/today``,
``/subscribe [HH:MM]`` and ``/unsubscribe``, are ``bot.handlers.subscription``'s).

Delivery (see ``bot.storage`` for the guarantees)
-------------------------------------------------
``broadcast_due`` streams the subscriptions due now from the database (``iter_due_subscriptions``: one page at a time)
and, for each, with at most ``concurrency`` sends in flight:

1. ``reserve_delivery`` — a 'pending' row for (subscriber, local date) is committed *before* sending;
2. renders the almanac of the subscriber's own local date in the subscription's zone, in the subscription's
   language (``use(lang)`` around this one message: nothing is inherited from another update or user);
3. sends it — in a slot of the bot's ``bot.delivery.pacing.PacedLimiter`` (spaced evenly, 29.3 a second for ``liuyao
   broadcast``, 27 in the running bot, which also answers users; its ``AIORateLimiter`` caps and retries) — and
   on success ``confirm_delivery`` at once (shielded from cancellation);
4. on ``RetryAfter`` (after ``AIORateLimiter``'s own retries) every broadcast send waits ``retry_after`` and
   the message is tried again, a few times, then recorded as a retryable failure; on ``Forbidden`` (blocked,
   deactivated) the subscription ends (reason 'blocked'); on a network error or time-out the failure is
   recorded as retryable after ``NETWORK_RETRY`` — a later run sends it; on ``BadRequest`` (chat not found …)
   nothing more is tried that date.

A run that is killed leaves at most the in-flight reservations 'pending': a restarted bot releases them
(``release_stale_reservations``, at its first run) and sends them; what was confirmed is never due again that
local date; earlier days are never caught up (only today's local date is ever due).

In a cluster of workers on one PostgreSQL database every worker runs the job, but one at a time sends
(``Storage.broadcast_turn``: an advisory lock, released when its worker dies); a dead worker's reservations become
due again when their lease ends.  The sends of every worker (and of ``liuyao broadcast`` on the same database) take
their slots from one schedule in the database (``bot.delivery.shared_budget.SharedBudget``), so the cluster's rate is
one sender's even while a leader that lost its lock finishes next to the new one, and a 429 one worker meets holds
all.

In the running bot ``schedule(app)`` (called by ``bot.handlers.subscription.install``, the ``extra`` hook of
``bot.handlers.app.build_application``, which also adds the commands) adds a ``JobQueue`` job that runs the broadcast
once at start and every ``interval`` seconds, with the application's injected clock (``bot_data["clock"]``, None →
real time).  ``liuyao broadcast`` (``bot.run.run_broadcast_cli``) runs one pass and exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from datetime import time as dt_time
from typing import Any, Final
from zoneinfo import ZoneInfo

from telegram.ext import Application, ContextTypes, ExtBot
from telegram.request import HTTPXRequest

from bot.delivery.asks import send_due_asks
from bot.delivery.pacing import BOT_RATE, BROADCAST, CLI_RATE, Budget, PacedLimiter, in_slot
from bot.delivery.sending import MAX_RATE_WAITS, NETWORK_RETRY, Send, SendStats, send_all
from bot.delivery.shared_budget import SendAccount, budget_for
from bot.ops import metrics
from bot.render.almanac import render_almanac
from bot.render.i18n import _, use
from bot.storage import DueSubscription, Storage, open_storage

__all__ = [
    "BOT_RATE", "DEFAULT_CONCURRENCY", "DEFAULT_INTERVAL", "DEFAULT_RATE", "DEFAULT_TIME", "JOB_NAME",
    "NETWORK_RETRY", "BroadcastStats", "DailyAlmanacJob", "broadcast_due", "broadcast_once", "daily_text",
    "make_bot", "schedule",
]

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

DEFAULT_TIME: Final = "07:00"
DEFAULT_INTERVAL: Final = 30.0  # seconds between broadcast runs in the bot
DEFAULT_CONCURRENCY: Final = 4  # deliveries in flight: enough to keep the pace, few pending reservations
DEFAULT_RATE: Final = CLI_RATE  # broadcast messages a second, ``liuyao broadcast`` (bot.delivery.pacing)
RETENTION: Final = timedelta(days=60)  # delivery records older than this are pruned
JOB_NAME: Final = "daily-almanac"


def _utcnow() -> datetime:
    return datetime.now(UTC)


# ---- the broadcast -------------------------------------------------------------------------------------


@dataclass
class BroadcastStats(SendStats):
    """What a broadcast pass did (``bot.delivery.sending.SendStats``: due, sent, skipped, blocked …), and the asks
    (``bot.delivery.asks``) ``broadcast_once`` sent after the almanac."""

    asks_sent: int = 0

    def summary(self) -> str:
        return super().summary() + (f"; asks sent {self.asks_sent}" if self.asks_sent else "")


def daily_text(due: DueSubscription) -> str:
    """The message for one subscriber: their local date's almanac, in the subscription's language."""
    with use(due.lang):
        return render_almanac(due.local_date, due.tz, heading=_("Your almanac for today"))


async def broadcast_due(
    bot: Any,
    storage: Storage,
    *,
    clock: Clock | None = None,
    concurrency: int = DEFAULT_CONCURRENCY,
    rate: float | None = DEFAULT_RATE,
    should_stop: Callable[[], bool] | None = None,
    page_size: int = 200,
    max_rate_waits: int = MAX_RATE_WAITS,
    network_retry: timedelta = NETWORK_RETRY,
    paid: bool = False,
) -> BroadcastStats:
    """Send the almanac to every subscription due at ``clock()``; return what happened.

    ``bot`` is a ``telegram.Bot``, normally with a ``bot.delivery.pacing.PacedLimiter``: the sends are marked as the
    broadcast's and take the slots of its budget (its ``AIORateLimiter`` also caps and retries the bot's other
    messages); ``rate`` is then the limiter's business.  A bot without one gets a budget for this run: ``rate`` a
    second (None: no spacing, only the waits a 429 asks for), the cluster's on PostgreSQL (``budget_for``).  At
    most ``concurrency`` deliveries are in flight.
    ``paid`` sends with ``allow_paid_broadcast`` (Telegram's paid broadcasts, billed in Stars; off by default).
    ``should_stop`` is asked before each new delivery: when it answers True, the sends in flight finish and nothing
    more is started.
    """
    clock = clock or _utcnow

    async def parcels() -> AsyncGenerator[AlmanacParcel, None]:
        async with contextlib.aclosing(storage.iter_due_subscriptions(clock(), page_size=page_size)) as stream:
            async for due in stream:
                yield AlmanacParcel(due, storage, clock)

    stats = BroadcastStats()
    await send_all(sender(bot, storage, rate, paid), parcels(), stats, concurrency=concurrency,
                   should_stop=should_stop, max_rate_waits=max_rate_waits, network_retry=network_retry)
    return stats


class AlmanacParcel:
    """One subscriber's almanac of their local date (``bot.delivery.sending.Parcel``): claimed, sent and recorded as
    ``bot.storage`` describes the deliveries."""

    what = "almanac"

    def __init__(self, due: DueSubscription, storage: Storage, clock: Clock) -> None:
        self.due, self.storage, self.clock = due, storage, clock
        self.chat_id, self.user_id = due.chat_id, due.user_id

    async def claim(self) -> bool:
        return await self.storage.reserve_delivery(self.due, now=self.clock())

    def render(self) -> tuple[str, dict[str, Any]]:
        return daily_text(self.due), {}

    async def fail(self, error: str, *, retry: bool, retry_after: timedelta | None = None) -> None:
        await self.storage.fail_delivery(self.due, error=error, retry=retry, retry_after=retry_after, now=self.clock())

    async def unreachable(self) -> None:
        await self.storage.unsubscribe(self.user_id, reason="blocked", now=self.clock())

    async def confirm(self, message_id: int) -> None:
        await self.storage.confirm_delivery(self.due, message_id=message_id, now=self.clock())
        _count_sent(self.due, self.clock())


def sender(bot: Any, storage: Storage, rate: float | None, paid: bool) -> Send:
    """How one broadcast message (an almanac, or an ask of ``bot.delivery.asks``) is sent: through the bot's
    ``PacedLimiter`` (marked as the broadcast's), or, for a bot without one, in a slot of a budget of this run."""
    extra: dict[str, Any] = {"allow_paid_broadcast": True} if paid else {}
    limiter = getattr(bot, "rate_limiter", None)
    if isinstance(limiter, PacedLimiter):
        async def through_limiter(chat_id: int, text: str, **kw: Any) -> Any:
            return await bot.send_message(chat_id, text, rate_limit_args=BROADCAST, **extra, **kw)

        return through_limiter
    budget = budget_for(storage, rate, paid)

    async def in_own_slot(chat_id: int, text: str, **kw: Any) -> Any:
        return await in_slot(budget, lambda: bot.send_message(chat_id, text, **extra, **kw))

    return in_own_slot


def _count_sent(due: DueSubscription, now: datetime) -> None:
    """``/metrics``: one more almanac sent, and late if its local time had passed more than ``LATE_AFTER`` ago."""
    metrics.DELIVERIES_SENT.inc()
    try:
        hour, minute = (int(x) for x in due.send_at.split(":"))
        scheduled = datetime.combine(due.local_date, dt_time(hour, minute), ZoneInfo(due.tz))
    except (ValueError, KeyError):  # a time or zone this program no longer reads: not counted as late
        return
    if (now - scheduled).total_seconds() > metrics.LATE_AFTER:
        metrics.DELIVERIES_LATE.inc()


# ---- in the running bot ---------------------------------------------------------------------------------


class DailyAlmanacJob:
    """The JobQueue callback: one broadcast at a time, with the application's bot, storage and clock."""

    def __init__(self, *, concurrency: int = DEFAULT_CONCURRENCY, rate: float | None = BOT_RATE,
                 paid: bool = False, pace: bool = False) -> None:
        self.concurrency = concurrency
        self.rate = rate
        self.paid = paid
        self.pace = pace  # the budget of the bot's PacedLimiter is this job's to set (``install``)
        self._paced: object | None = None  # the storage the budget was chosen for
        self.runs = 0
        self.last: BroadcastStats | None = None
        self.last_asks: SendStats | None = None
        self._lock = asyncio.Lock()
        self._released = False
        self._pruned_on: date | None = None

    async def __call__(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        app = context.application
        if self._lock.locked():  # the previous run is still sending: it will reach everything due
            return
        storage = await _storage_of(app)
        async with self._lock, storage.broadcast_turn() as leading:
            if not leading:  # another worker of the cluster is sending: it reaches everything due
                return
            self._choose_budget(app.bot, storage)
            clock: Clock = app.bot_data.get("clock") or _utcnow
            if not self._released and not storage.shared:
                # One bot per database: a 'pending' reservation of another owner belongs to a dead process.
                # (In a cluster it may be a live worker's: there a reservation is left to its lease.)
                released = await storage.release_stale_reservations(now=clock())
                released += await storage.release_stale_asks(now=clock())
                self._released = True
                if released:
                    log.info("released %d reservation(s) left by a stopped process", released)
            stats = await broadcast_due(app.bot, storage, clock=clock, concurrency=self.concurrency, rate=self.rate,
                                        should_stop=lambda: not app.running, paid=self.paid)
            metrics.DELIVERIES_DUE.set(stats.due)
            if stats.due:
                log.info("daily almanac: %s", stats.summary())
            # Then the asks (bot.delivery.asks), in the same turn and at the same pace.
            self.last_asks = await send_due_asks(sender(app.bot, storage, self.rate, self.paid), storage,
                                                 clock=clock, concurrency=self.concurrency,
                                                 should_stop=lambda: not app.running)
            if self.last_asks.due:
                log.info("asking back: %s", self.last_asks.summary())
            self.runs += 1
            self.last = stats
            today = clock().astimezone(UTC).date()
            if self._pruned_on != today:
                self._pruned_on = today
                await storage.prune_deliveries(today - RETENTION)

    def _choose_budget(self, bot: Any, storage: Storage) -> None:
        """On a database that keeps the cluster's send schedule, the bot's budget becomes the cluster's (the
        storage is opened after ``install`` set this process's); set between runs, never during one."""
        if not self.pace or self._paced is storage:
            return
        self._paced = storage
        limiter = getattr(bot, "rate_limiter", None)
        if isinstance(limiter, PacedLimiter) and isinstance(storage, SendAccount):
            limiter.budget = budget_for(storage, self.rate, self.paid)


async def _storage_of(app: Application) -> Storage:
    persistence = app.persistence
    if persistence is not None and hasattr(persistence, "get_storage"):
        return await persistence.get_storage()
    return app.bot_data["storage"]


def schedule(app: Application, *, interval: float = DEFAULT_INTERVAL, first: float = 0.0,
             concurrency: int = DEFAULT_CONCURRENCY, rate: float | None = BOT_RATE,
             broadcast: bool = True, paid: bool = False) -> DailyAlmanacJob:
    """The broadcast job of the running bot (at start, then every ``interval`` seconds); the commands that go with
    it are ``bot.handlers.subscription.install``'s, which calls this.

    The broadcast's pace is the budget of the bot's ``PacedLimiter``, set here: ``rate`` a second (None: unpaced),
    or with ``paid`` (``ALLOW_PAID_BROADCAST``) the budget of Telegram's paid broadcasts — this process's, and on
    PostgreSQL the cluster's from the job's first run (``bot.delivery.shared_budget``), at the same rate.

    ``broadcast=False`` schedules nothing: for a process that must not send the daily messages — one that
    shares the bot's database but is not the bot (the console), since the job would mark every due subscriber's
    message as sent through that process, and at its start release the running bot's reservations.
    """
    limiter = getattr(app.bot, "rate_limiter", None)
    job = DailyAlmanacJob(concurrency=concurrency, rate=rate, paid=paid, pace=isinstance(limiter, PacedLimiter))
    if not broadcast:
        return job
    if isinstance(limiter, PacedLimiter):
        limiter.budget = budget_for(None, rate, paid)
    if app.job_queue is None:
        raise RuntimeError("the daily almanac needs PTB's JobQueue (pip install 'python-telegram-bot[job-queue]')")
    # max_instances 2: a tick during a long run reaches the callback, which returns at once (no APS warning).
    # The first run is a job of its own: a repeating job's times are counted from when it was added, so the
    # scheduler, started later (after getMe and the rest of the start), would wait for the next whole interval.
    kwargs = {"max_instances": 2, "coalesce": True, "misfire_grace_time": None}
    app.job_queue.run_once(job, when=first, name=f"{JOB_NAME}:start", job_kwargs=kwargs)
    app.job_queue.run_repeating(job, interval=interval, first=first + interval, name=JOB_NAME, job_kwargs=kwargs)
    return job


# ---- liuyao broadcast -------------------------------------------------------------------------------------


def make_bot(token: str, api_base_url: str | None = None, *, max_retries: int = 3, rate: float = DEFAULT_RATE,
             paid: bool = False, budget: Budget | None = None, proxy: str | None = None) -> ExtBot:
    """A bot for one broadcast pass, with a ``PacedLimiter`` as the running bot has it: ``budget``, or by default
    this process's at ``rate`` a second, or the paid broadcasts' budget; through ``proxy`` if given."""
    if budget is None:
        budget = budget_for(None, rate, paid)
    kwargs: dict[str, Any] = {"rate_limiter": PacedLimiter(budget, max_retries=max_retries)}
    if api_base_url:
        kwargs["base_url"] = api_base_url
        kwargs["base_file_url"] = api_base_url.replace("/bot", "/file/bot")
    if proxy:
        kwargs["request"] = HTTPXRequest(proxy=proxy)
    return ExtBot(token, **kwargs)


async def broadcast_once(token: str, api_base_url: str | None, database: str, *,
                         concurrency: int = DEFAULT_CONCURRENCY, rate: float = DEFAULT_RATE,
                         release_stale: bool = False, clock: Clock | None = None,
                         should_stop: Callable[[], bool] | None = None, paid: bool = False,
                         proxy: str | None = None) -> BroadcastStats:
    """One pass: open the database, send what is due now (on PostgreSQL in slots of the cluster's schedule, shared
    with the running bot's workers), close."""
    async with await open_storage(database) as storage:
        if release_stale:
            released = await storage.release_stale_reservations(now=(clock or _utcnow)())
            if released:
                log.info("released %d reservation(s) of other senders", released)
        if release_stale:
            await storage.release_stale_asks(now=(clock or _utcnow)())
        async with make_bot(token, api_base_url, rate=rate, paid=paid, budget=budget_for(storage, rate, paid),
                            proxy=proxy) as bot:
            stats = await broadcast_due(bot, storage, clock=clock, concurrency=concurrency, rate=rate,
                                        should_stop=should_stop, paid=paid)
            if not stats.stopped:  # then the asks (bot.delivery.asks) due now, at the same pace
                asks = await send_due_asks(sender(bot, storage, rate, paid), storage, clock=clock or _utcnow,
                                           concurrency=concurrency, should_stop=should_stop)
                stats.asks_sent = asks.sent
            return stats
