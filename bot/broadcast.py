"""The daily almanac: ``/today``, ``/subscribe [HH:MM]``, ``/unsubscribe``, and the broadcast that delivers it.

Delivery (see ``bot.storage`` for the guarantees)
-------------------------------------------------
``broadcast_due`` streams the subscriptions due now from SQLite (``iter_due_subscriptions``: one page at a time)
and, for each, with at most ``concurrency`` sends in flight:

1. ``reserve_delivery`` — a 'pending' row for (subscriber, local date) is committed *before* sending;
2. renders the almanac of the subscriber's own local date in the subscription's zone, in the subscription's
   language (``use(lang)`` around this one message: nothing is inherited from another update or user);
3. sends it — spaced evenly (``rate`` a second: 29.3 for ``liuyao broadcast``, 27 in the running bot, which
   also answers users), through the bot's ``AIORateLimiter`` — and on success ``confirm_delivery`` at once
   (shielded from cancellation);
4. on ``RetryAfter`` (after ``AIORateLimiter``'s own retries) every send of the run waits ``retry_after`` and
   the message is tried again, a few times, then recorded as a retryable failure; on ``Forbidden`` (blocked,
   deactivated) the subscription ends (reason 'blocked'); on a network error or time-out the failure is
   recorded as retryable after ``NETWORK_RETRY`` — a later run sends it; on ``BadRequest`` (chat not found …)
   nothing more is tried that date.

A run that is killed leaves at most the in-flight reservations 'pending': a restarted bot releases them
(``release_stale_reservations``, at its first run) and sends them; what was confirmed is never due again that
local date; earlier days are never caught up (only today's local date is ever due).

In a cluster of workers on one PostgreSQL database every worker runs the job, but one at a time sends
(``Storage.broadcast_turn``: an advisory lock, released when its worker dies), so the cluster's send rate is one
sender's; a dead worker's reservations become due again when their lease ends.

In the running bot ``install(app)`` (the ``extra`` hook of ``bot.app.build_application``) adds the commands and a
``JobQueue`` job that runs the broadcast once at start and every ``interval`` seconds, with the application's
injected clock (``bot_data["clock"]``, None → real time).  ``liuyao broadcast`` runs one pass and exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
import warnings
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import Any, Final

from telegram import Update
from telegram.error import (
    BadRequest,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    ExtBot,
)

from bot.almanac import local_today, render_almanac
from bot.collector import settle
from bot.dates import parse_hhmm
from bot.i18n import _, current, locale, use
from bot.storage import DueSubscription, Storage, open_storage

__all__ = [
    "BOT_RATE", "DEFAULT_CONCURRENCY", "DEFAULT_INTERVAL", "DEFAULT_RATE", "DEFAULT_TIME", "JOB_NAME",
    "NETWORK_RETRY", "BroadcastStats", "DailyAlmanacJob", "broadcast_due", "broadcast_once", "daily_text",
    "install", "make_bot",
    "parse_hhmm", "run_broadcast_cli", "subscribe_command", "today_command", "unsubscribe_command",
]

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

DEFAULT_TIME: Final = "07:00"
DEFAULT_INTERVAL: Final = 30.0  # seconds between broadcast runs in the bot
DEFAULT_CONCURRENCY: Final = 4  # deliveries in flight: enough to keep the pace, few pending reservations
DEFAULT_RATE: Final = 29.3  # broadcast messages a second, ``liuyao broadcast`` (Telegram: about 30 a second overall)
BOT_RATE: Final = 27.0  # in the running bot, leaving room for its replies to users within the same 30 a second
NETWORK_RETRY: Final = timedelta(minutes=1)
MAX_RATE_WAITS: Final = 3  # RetryAfter answers waited out for one message before it is left for a later run
RETENTION: Final = timedelta(days=60)  # delivery records older than this are pruned
JOB_NAME: Final = "daily-almanac"


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


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


class _Pause:
    """After a RetryAfter, no send of this run starts until the time Telegram asked for has passed."""

    def __init__(self) -> None:
        self._until = 0.0

    def hold(self, seconds: float) -> None:
        self._until = max(self._until, time.monotonic() + seconds)

    async def wait(self) -> None:
        while (left := self._until - time.monotonic()) > 0:
            await asyncio.sleep(left)


class _Pacer:
    """The broadcast's own pace: sends spaced evenly at ``rate`` a second, and never more than ``limit`` of them
    in flight or finished within any ``window`` seconds.

    PTB's ``AIORateLimiter`` (30 per second, a leaky bucket) lets 30 sends go at once and 30 more within that
    second, which a strict sliding-window limit answers with 429 — and every 429 stops all sends for a second or
    more.  Even spacing avoids the bursts: slot k is due at t0 + k/rate, on an absolute schedule so that small late
    wake-ups of the event loop do not slow the average (after a long stall it restarts from now rather than catch
    up in a burst).

    The window check counts a send from the moment it is released until ``window`` after it has *finished*:
    sends held back somewhere below (``AIORateLimiter`` stops every request for ``retry_after`` after a 429, then
    lets them all go at once) count where they really went out, so the sends after such a pause cannot join that
    burst in one window — without it, one 429 brings the next two seconds later, and so on.
    """

    def __init__(self, rate: float | None, *, limit: int = 30, window: float = 1.02) -> None:
        self.interval = 1.0 / rate if rate else 0.0
        self.limit = limit
        self.window = window
        self._next = 0.0
        self._finished: deque[float] = deque()
        self._in_flight = 0
        self._lock = asyncio.Lock()

    async def wait(self) -> None:
        """Before a send; every call must be followed by ``done()`` once the send has returned or failed."""
        if not self.interval:
            return
        async with self._lock:  # one waiter at a time: sends start in slot order
            now = time.monotonic()
            at = max(self._next, now - self.interval / 2)  # behind schedule: catch up by half a slot at most
            if at > now:
                await asyncio.sleep(at - now)
            finished = self._finished
            while True:
                now = time.monotonic()
                while finished and finished[0] <= now - self.window:
                    finished.popleft()
                if len(finished) + self._in_flight < self.limit:
                    break
                await asyncio.sleep(finished[0] + self.window - now if finished else self.interval)
            self._in_flight += 1
            self._next = at + self.interval

    def done(self) -> None:
        if not self.interval:
            return
        self._in_flight -= 1
        self._finished.append(time.monotonic())


def _retry_seconds(exc: RetryAfter) -> float:
    value = getattr(exc, "_retry_after", None)
    if value is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


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
) -> BroadcastStats:
    """Send the almanac to every subscription due at ``clock()``; return what happened.

    ``bot`` is a ``telegram.Bot``, normally with an ``AIORateLimiter`` (its retries on 429 and its overall cap
    also cover the bot's other messages).  This function keeps at most ``concurrency`` deliveries in flight and
    spaces its sends at ``rate`` a second (None: no spacing of its own).  ``should_stop`` is asked before each
    new delivery: when it answers True, the sends in flight finish and nothing more is started.
    """
    if concurrency < 1:
        raise ValueError("concurrency must be >= 1")
    clock = clock or _utcnow
    stats = BroadcastStats()
    slots = asyncio.Semaphore(concurrency)
    pause = _Pause()
    pacer = _Pacer(rate)
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
                    _deliver(bot, storage, due, clock, stats, pause, pacer, max_rate_waits, network_retry),
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


async def _deliver(bot: Any, storage: Storage, due: DueSubscription, clock: Clock, stats: BroadcastStats,
                   pause: _Pause, pacer: _Pacer, max_rate_waits: int, network_retry: timedelta) -> None:
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
        await pause.wait()
        await pacer.wait()
        try:
            try:
                message = await bot.send_message(due.chat_id, text)
            finally:
                pacer.done()
        except RetryAfter as exc:
            seconds = _retry_seconds(exc)
            stats.rate_limited += 1
            pause.hold(seconds)
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
        return


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

    def __init__(self, *, concurrency: int = DEFAULT_CONCURRENCY, rate: float | None = BOT_RATE) -> None:
        self.concurrency = concurrency
        self.rate = rate
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
            clock: Clock = app.bot_data.get("clock") or _utcnow
            if not self._released and not storage.shared:
                # One bot per database: a 'pending' reservation of another owner belongs to a dead process.
                # (In a cluster it may be a live worker's: there a reservation is left to its lease.)
                released = await storage.release_stale_reservations(now=clock())
                self._released = True
                if released:
                    log.info("released %d reservation(s) left by a stopped process", released)
            stats = await broadcast_due(app.bot, storage, clock=clock, concurrency=self.concurrency, rate=self.rate,
                                        should_stop=lambda: not app.running)
            self.runs += 1
            self.last = stats
            if stats.due:
                log.info("daily almanac: %s", stats.summary())
            today = clock().astimezone(timezone.utc).date()
            if self._pruned_on != today:
                self._pruned_on = today
                await storage.prune_deliveries(today - RETENTION)


async def _storage_of(app: Application) -> Storage:
    persistence = app.persistence
    if persistence is not None and hasattr(persistence, "get_storage"):
        return await persistence.get_storage()
    return app.bot_data["storage"]


def install(app: Application, *, interval: float = DEFAULT_INTERVAL, first: float = 0.0,
            concurrency: int = DEFAULT_CONCURRENCY, rate: float | None = BOT_RATE,
            broadcast: bool = True) -> DailyAlmanacJob:
    """The ``extra`` hook: commands /today /subscribe /unsubscribe, and the broadcast job (at start, then every
    ``interval`` seconds).  ``build_application(config, extra=install)``.

    ``broadcast=False`` adds the commands only: for a process that must not send the daily messages — one that
    shares the bot's database but is not the bot (the console), since the job would mark every due subscriber's
    message as sent through that process, and at its start release the running bot's reservations.
    """
    app.add_handler(CommandHandler("today", today_command))
    app.add_handler(CommandHandler("subscribe", subscribe_command))
    app.add_handler(CommandHandler("unsubscribe", unsubscribe_command))
    # After /lang or a zone change (group 0 handles them), the subscription follows the user's settings.
    app.add_handler(CallbackQueryHandler(follow_settings, pattern=r"^(l:|s:tz:)"), group=2)
    app.add_handler(CommandHandler("tz", follow_settings), group=2)
    job = DailyAlmanacJob(concurrency=concurrency, rate=rate)
    if not broadcast:
        return job
    if app.job_queue is None:
        raise RuntimeError("the daily almanac needs PTB's JobQueue (pip install 'python-telegram-bot[job-queue]')")
    # max_instances 2: a tick during a long run reaches the callback, which returns at once (no APS warning).
    # The first run is a job of its own: a repeating job's times are counted from when it was added, so the
    # scheduler, started later (after getMe and the rest of the start), would wait for the next whole interval.
    kwargs = {"max_instances": 2, "coalesce": True, "misfire_grace_time": None}
    app.job_queue.run_once(job, when=first, name=f"{JOB_NAME}:start", job_kwargs=kwargs)
    app.job_queue.run_repeating(job, interval=interval, first=first + interval, name=JOB_NAME, job_kwargs=kwargs)
    return job


# ---- commands ---------------------------------------------------------------------------------------------

def _long_date(day: date) -> str:
    from babel.dates import format_date

    return format_date(day, format="long", locale=locale(current()))


async def today_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/today: the almanac of the user's local date, in their language and zone."""
    from bot import flow

    user = await flow.user_of(update, context)
    day = local_today(flow.now(context), user.tz)
    text = render_almanac(day, user.tz)
    if await flow.storage(context).get_subscription(user.user_id) is None:
        text += "\n" + _("Get it every morning: /subscribe 07:00")
    await flow.say(update, text)


async def subscribe_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/subscribe [HH:MM]: the almanac every day at that local time; a bare /subscribe keeps the time already
    chosen (07:00 for a first subscription)."""
    from bot import flow

    user = await flow.user_of(update, context)
    args = list(context.args or [])
    storage = flow.storage(context)
    if args:
        hhmm = parse_hhmm(args[0])
    else:
        current_sub = await storage.get_subscription(user.user_id)
        hhmm = current_sub.send_at if current_sub is not None else DEFAULT_TIME
    if hhmm is None or len(args) > 1:
        await flow.say(update, _("Give the time of day as HH:MM, for example /subscribe 07:30."))
        return
    now = flow.now(context)
    sub = await storage.subscribe(user.user_id, update.effective_chat.id, hhmm, user.tz, user.lang, now=now)
    today = local_today(now, sub.tz)
    first = sub.starts_on if sub.starts_on > today else today
    delivered = await storage.get_delivery(user.user_id, today)
    if first == today and delivered is not None and delivered.status == "sent":
        first = today + timedelta(days=1)
    await flow.say(update, _("Every day at {time} ({tz}) I will send you the almanac of the day, starting {date}. "
                             "/unsubscribe to stop.").format(time=sub.send_at, tz=sub.tz, date=_long_date(first)))


async def unsubscribe_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    from bot import flow

    user = await flow.user_of(update, context)
    if await flow.storage(context).unsubscribe(user.user_id, reason="user", now=flow.now(context)):
        await flow.say(update, _("The daily almanac is stopped. /subscribe to start it again."))
    else:
        await flow.say(update, _("You have no daily almanac. /subscribe 07:00 to get one."))


async def follow_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group 2, after a language or zone change: an active subscription takes the user's new settings."""
    from bot import flow

    if update.effective_user is None:
        return
    storage = flow.storage(context)
    user = await storage.get_user(update.effective_user.id)
    sub = await storage.get_subscription(update.effective_user.id)
    if user is None or sub is None or (sub.lang, sub.tz) == (user.lang, user.tz):
        return
    await storage.subscribe(user.user_id, sub.chat_id, sub.send_at, user.tz, user.lang, now=flow.now(context))


# ---- liuyao broadcast -------------------------------------------------------------------------------------


def make_bot(token: str, api_base_url: str | None = None, *, max_retries: int = 3) -> ExtBot:
    """A bot for one broadcast pass, with PTB's ``AIORateLimiter`` as the running bot has it."""
    kwargs: dict[str, Any] = {"rate_limiter": AIORateLimiter(max_retries=max_retries)}
    if api_base_url:
        kwargs["base_url"] = api_base_url
        kwargs["base_file_url"] = api_base_url.replace("/bot", "/file/bot")
    return ExtBot(token, **kwargs)


async def broadcast_once(token: str, api_base_url: str | None, database: str, *,
                         concurrency: int = DEFAULT_CONCURRENCY, rate: float = DEFAULT_RATE,
                         release_stale: bool = False, clock: Clock | None = None,
                         should_stop: Callable[[], bool] | None = None) -> BroadcastStats:
    """One pass: open the database, send what is due now, close."""
    async with await open_storage(database) as storage:
        if release_stale:
            released = await storage.release_stale_reservations(now=(clock or _utcnow)())
            if released:
                log.info("released %d reservation(s) of other senders", released)
        async with make_bot(token, api_base_url) as bot:
            return await broadcast_due(bot, storage, clock=clock, concurrency=concurrency, rate=rate,
                                       should_stop=should_stop)


def run_broadcast_cli(*, concurrency: int = DEFAULT_CONCURRENCY, rate: float = DEFAULT_RATE,
                      release_stale: bool = False, env: dict[str, str] | None = None) -> int:
    """``liuyao broadcast``: TELEGRAM_BOT_TOKEN, TELEGRAM_API_BASE_URL, DATABASE_URL/DATABASE_PATH as for the bot.

    SIGTERM/SIGINT stop it cleanly: the sends in flight are confirmed, nothing new starts.  Exit 0 when the pass
    completed, 1 when it was stopped or raised, 2 without a token.
    """
    from bot.config import Config, configure_logging
    from bot.guard import StartError, check_database, protect
    from bot.run import refuse

    configure_logging()
    try:
        config = Config.from_env(env)
    except ValueError as exc:
        return refuse(str(exc), command="liuyao broadcast")
    if not config.token:
        return refuse("set TELEGRAM_BOT_TOKEN (and DATABASE_PATH, TELEGRAM_API_BASE_URL as for the bot)",
                      command="liuyao broadcast")
    protect(config.token)
    try:
        check_database(config.database)
    except StartError as exc:
        return refuse(str(exc), command="liuyao broadcast")
    stopping = False

    def stop() -> None:
        nonlocal stopping
        stopping = True

    async def main() -> BroadcastStats:
        # Everything loaded so far (PTB, Babel, the star tables, the catalogs) lives as long as the process: keep
        # it out of the collector, whose full passes over it would stall the even pace of the sends.
        settle()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop)
        return await broadcast_once(config.token, config.api_base_url, config.database,  # type: ignore[arg-type]
                                    concurrency=concurrency, rate=rate, release_stale=release_stale,
                                    should_stop=lambda: stopping)

    try:
        stats = asyncio.run(main())
    except InvalidToken:
        return refuse("the Bot API refused TELEGRAM_BOT_TOKEN (check the token from @BotFather, and "
                      "TELEGRAM_API_BASE_URL if set)", command="liuyao broadcast")
    except NetworkError as exc:
        return refuse(f"cannot reach the Bot API ({exc}); check the network and TELEGRAM_API_BASE_URL", status=1,
                      command="liuyao broadcast")
    except Exception as exc:
        log.exception("broadcast failed")
        return refuse(str(exc), status=1, command="liuyao broadcast")
    print(f"liuyao broadcast: {stats.summary()}")
    return 1 if stats.stopped else 0
