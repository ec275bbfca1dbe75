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
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from datetime import time as dt_time
from typing import Any, Final
from zoneinfo import ZoneInfo

from telegram.error import (
    BadRequest,
    Forbidden,
    InvalidToken,
    RetryAfter,
    TelegramError,
)
from telegram.ext import Application, ContextTypes, ExtBot
from telegram.request import HTTPXRequest

from bot.delivery.pacing import BOT_RATE, BROADCAST, CLI_RATE, Budget, PacedLimiter, in_slot, retry_seconds
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
NETWORK_RETRY: Final = timedelta(minutes=1)
MAX_RATE_WAITS: Final = 3  # RetryAfter answers waited out for one message before it is left for a later run
RETENTION: Final = timedelta(days=60)  # delivery records older than this are pruned
JOB_NAME: Final = "daily-almanac"


def _utcnow() -> datetime:
    return datetime.now(UTC)


# ---- the broadcast -------------------------------------------------------------------------------------


@dataclass
class BroadcastStats:
    due: int = 0  # subscriptions the stream yielded
    sent: int = 0  # confirmed
    skipped: int = 0  # not reserved: another live sender holds it, or it stopped being due meanwhile
    blocked: int = 0  # Forbidden: subscription ended
    retry_later: int = 0  # transient failure recorded; due again later the same local date
    failed: int = 0  # given up for that local date (BadRequest)
    rate_limited: int = 0  # RetryAfter answers that reached the broadcast (after the limiter's retries)
    stopped: bool = False  # ended early because the application is stopping
    started: float = field(default_factory=time.monotonic)
    finished: float | None = None

    @property
    def seconds(self) -> float:
        return (self.finished or time.monotonic()) - self.started

    def summary(self) -> str:
        return (f"due {self.due}, sent {self.sent}, skipped {self.skipped}, blocked {self.blocked}, "
                f"retry later {self.retry_later}, failed {self.failed}, rate limited {self.rate_limited}"
                f"{', stopped early' if self.stopped else ''} in {self.seconds:.1f} s")


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
    if concurrency < 1:
        raise ValueError("concurrency must be >= 1")
    clock = clock or _utcnow
    stats = BroadcastStats()
    slots = asyncio.Semaphore(concurrency)
    send = _sender(bot, storage, rate, paid)
    tasks: set[asyncio.Task[None]] = set()
    aborted: list[BaseException] = []

    def done(task: asyncio.Task[None]) -> None:
        tasks.discard(task)
        slots.release()
        if not task.cancelled() and task.exception() is not None:
            aborted.append(task.exception())  # type: ignore[arg-type]

    try:
        stream = storage.iter_due_subscriptions(clock(), page_size=page_size)
        async with contextlib.aclosing(stream):
            async for due in stream:
                await slots.acquire()
                if aborted or (should_stop is not None and should_stop()):
                    slots.release()
                    stats.stopped = not aborted
                    break
                stats.due += 1
                task = asyncio.create_task(
                    _deliver(send, storage, due, clock, stats, max_rate_waits, network_retry),
                    name=f"almanac-{due.user_id}")
                tasks.add(task)
                task.add_done_callback(done)
        if tasks:
            await asyncio.wait(set(tasks))
    except BaseException:
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(set(tasks))
        raise
    finally:
        stats.finished = time.monotonic()
    if aborted:
        raise aborted[0]
    return stats


Send = Callable[[int, str], Coroutine[Any, Any, Any]]


def _sender(bot: Any, storage: Storage, rate: float | None, paid: bool) -> Send:
    """How one almanac is sent: through the bot's ``PacedLimiter`` (marked as the broadcast's), or, for a bot
    without one, in a slot of a budget of this run."""
    extra: dict[str, Any] = {"allow_paid_broadcast": True} if paid else {}
    limiter = getattr(bot, "rate_limiter", None)
    if isinstance(limiter, PacedLimiter):
        async def through_limiter(chat_id: int, text: str) -> Any:
            return await bot.send_message(chat_id, text, rate_limit_args=BROADCAST, **extra)

        return through_limiter
    budget = budget_for(storage, rate, paid)

    async def in_own_slot(chat_id: int, text: str) -> Any:
        return await in_slot(budget, lambda: bot.send_message(chat_id, text, **extra))

    return in_own_slot


async def _deliver(send: Send, storage: Storage, due: DueSubscription, clock: Clock, stats: BroadcastStats,
                   max_rate_waits: int, network_retry: timedelta) -> None:
    if not await storage.reserve_delivery(due, now=clock()):
        stats.skipped += 1
        return
    try:
        text = daily_text(due)
    except Exception as exc:  # a bug in rendering: record it, try again later
        log.exception("could not render the almanac for user %s", due.user_id)
        await storage.fail_delivery(due, error=f"render: {exc!r}", retry=True, retry_after=network_retry,
                                    now=clock())
        stats.retry_later += 1
        return
    waits = 0
    while True:
        try:
            message = await send(due.chat_id, text)
        except RetryAfter as exc:  # the budget holds every send for the wait (bot.delivery.pacing)
            seconds = retry_seconds(exc)
            stats.rate_limited += 1
            waits += 1
            log.warning("flood control: waiting %.1f s (user %s, wait %d)", seconds, due.user_id, waits)
            if waits <= max_rate_waits:
                continue
            await storage.fail_delivery(due, error=str(exc), retry=True, retry_after=timedelta(seconds=seconds),
                                        now=clock())
            stats.retry_later += 1
        except Forbidden as exc:
            log.info("user %s cannot be reached (%s): subscription ended", due.user_id, exc.message)
            await storage.fail_delivery(due, error=exc.message, retry=False, now=clock())
            await storage.unsubscribe(due.user_id, reason="blocked", now=clock())
            stats.blocked += 1
        except BadRequest as exc:  # before NetworkError: BadRequest subclasses it
            log.warning("almanac to user %s refused: %s", due.user_id, exc.message)
            await storage.fail_delivery(due, error=exc.message, retry=False, now=clock())
            stats.failed += 1
        except InvalidToken as exc:  # the whole broadcast is misconfigured: stop it
            await storage.fail_delivery(due, error=str(exc), retry=True, now=clock())
            stats.retry_later += 1
            raise
        except (TelegramError, OSError) as exc:  # NetworkError, TimedOut, 5xx: a later run tries again
            log.warning("almanac to user %s not sent (%r): retrying later", due.user_id, exc)
            await storage.fail_delivery(due, error=repr(exc), retry=True, retry_after=network_retry, now=clock())
            stats.retry_later += 1
        else:
            await _confirm(storage, due, message.message_id, clock)
            stats.sent += 1
            _count_sent(due, clock())
        return


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


async def _confirm(storage: Storage, due: DueSubscription, message_id: int, clock: Clock) -> None:
    """Record the send at once; a cancellation arriving now waits for the record (else: a duplicate later)."""
    record = asyncio.ensure_future(storage.confirm_delivery(due, message_id=message_id, now=clock()))
    try:
        await asyncio.shield(record)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await record
        raise


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
                self._released = True
                if released:
                    log.info("released %d reservation(s) left by a stopped process", released)
            stats = await broadcast_due(app.bot, storage, clock=clock, concurrency=self.concurrency, rate=self.rate,
                                        should_stop=lambda: not app.running, paid=self.paid)
            self.runs += 1
            self.last = stats
            metrics.DELIVERIES_DUE.set(stats.due)
            if stats.due:
                log.info("daily almanac: %s", stats.summary())
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
        async with make_bot(token, api_base_url, rate=rate, paid=paid, budget=budget_for(storage, rate, paid),
                            proxy=proxy) as bot:
            return await broadcast_due(bot, storage, clock=clock, concurrency=concurrency, rate=rate,
                                       should_stop=should_stop, paid=paid)
