"""Sending stored messages once each, a few in flight: what the daily almanac (``bot.delivery.broadcast``) and the asks of
``bot.handlers.askback`` share.

A ``Parcel`` is one message the database says is due: it is claimed before it is sent (``claim``: a reservation
committed first), rendered in its user's language, sent through the caller's ``send`` (the broadcast's paced
sender), and recorded at once (``confirm``, shielded from cancellation: a record lost after a send would send it
again).  What Telegram answers decides the rest:

- ``RetryAfter`` (past the limiter's own retries): waited out and tried again, a few times, then a retryable
  failure;
- ``Forbidden`` (blocked, deactivated): given up for good, and the parcel's ``unreachable`` stops what the user
  gets from that kind of message;
- ``BadRequest`` (chat not found …): given up for good;
- a network error, a time-out, a 5xx: a retryable failure, due again after ``network_retry``;
- ``InvalidToken``: the whole pass is misconfigured — recorded as retryable, and raised.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Final, Protocol

from telegram.error import BadRequest, Forbidden, InvalidToken, RetryAfter, TelegramError

from bot.delivery.pacing import retry_seconds

log = logging.getLogger(__name__)

Send = Callable[..., Coroutine[Any, Any, Any]]  # (chat_id, text, **send_message's options) → the Message
NETWORK_RETRY: Final = timedelta(minutes=1)
MAX_RATE_WAITS: Final = 3  # RetryAfter answers waited out for one message before it is left for a later run


class Parcel(Protocol):
    """One due message and the records its sending writes."""

    chat_id: int
    user_id: int
    what: str  # for the log: "almanac", "ask"

    async def claim(self) -> bool:
        """Reserve it for this sender; False when it is no longer due (another sender, sent, stopped …)."""

    def render(self) -> tuple[str, dict[str, Any]]:
        """The text, and the options of ``send_message`` (a keyboard …), in the user's language."""

    async def fail(self, error: str, *, retry: bool, retry_after: timedelta | None = None) -> None: ...

    async def unreachable(self) -> None:
        """The user blocked the bot or is gone (403): nothing more of this kind for them."""

    async def confirm(self, message_id: int) -> None:
        """Telegram took it: recorded at once."""


@dataclass
class SendStats:
    due: int = 0  # parcels the stream yielded
    sent: int = 0  # confirmed
    skipped: int = 0  # not claimed: another live sender holds it, or it stopped being due meanwhile
    blocked: int = 0  # Forbidden: the user's messages of this kind ended
    retry_later: int = 0  # transient failure recorded; due again later
    failed: int = 0  # given up (BadRequest)
    rate_limited: int = 0  # RetryAfter answers that reached the pass (after the limiter's retries)
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


async def send_all(send: Send, parcels: AsyncIterator[Parcel], stats: SendStats, *, concurrency: int,
                   should_stop: Callable[[], bool] | None = None, max_rate_waits: int = MAX_RATE_WAITS,
                   network_retry: timedelta = NETWORK_RETRY) -> SendStats:
    """Deliver every parcel of the stream, at most ``concurrency`` in flight; ``should_stop`` is asked before each
    new one (True: the ones in flight finish, nothing more starts).  The stream is closed at the end."""
    if concurrency < 1:
        raise ValueError("concurrency must be >= 1")
    slots = asyncio.Semaphore(concurrency)
    tasks: set[asyncio.Task[None]] = set()
    aborted: list[BaseException] = []

    def done(task: asyncio.Task[None]) -> None:
        tasks.discard(task)
        slots.release()
        if not task.cancelled() and task.exception() is not None:
            aborted.append(task.exception())  # type: ignore[arg-type]

    try:
        async with contextlib.aclosing(parcels) as stream:  # type: ignore[type-var]
            async for parcel in stream:
                await slots.acquire()
                if aborted or (should_stop is not None and should_stop()):
                    slots.release()
                    stats.stopped = not aborted
                    break
                stats.due += 1
                task = asyncio.create_task(_deliver(send, parcel, stats, max_rate_waits, network_retry),
                                           name=f"{parcel.what}-{parcel.user_id}")
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


async def _deliver(send: Send, parcel: Parcel, stats: SendStats, max_rate_waits: int,
                   network_retry: timedelta) -> None:
    if not await parcel.claim():
        stats.skipped += 1
        return
    try:
        text, options = parcel.render()
    except Exception as exc:  # a bug in rendering: record it, try again later
        log.exception("could not render the %s for user %s", parcel.what, parcel.user_id)
        await parcel.fail(f"render: {exc!r}", retry=True, retry_after=network_retry)
        stats.retry_later += 1
        return
    waits = 0
    while True:
        try:
            message = await send(parcel.chat_id, text, **options)
        except RetryAfter as exc:  # the budget holds every send for the wait (bot.pacing)
            seconds = retry_seconds(exc)
            stats.rate_limited += 1
            waits += 1
            log.warning("flood control: waiting %.1f s (user %s, wait %d)", seconds, parcel.user_id, waits)
            if waits <= max_rate_waits:
                continue
            await parcel.fail(str(exc), retry=True, retry_after=timedelta(seconds=seconds))
            stats.retry_later += 1
        except Forbidden as exc:
            log.info("user %s cannot be reached (%s): no more %s messages", parcel.user_id, exc.message, parcel.what)
            await parcel.fail(exc.message, retry=False)
            await parcel.unreachable()
            stats.blocked += 1
        except BadRequest as exc:  # before NetworkError: BadRequest subclasses it
            log.warning("%s to user %s refused: %s", parcel.what, parcel.user_id, exc.message)
            await parcel.fail(exc.message, retry=False)
            stats.failed += 1
        except InvalidToken as exc:  # the whole pass is misconfigured: stop it
            await parcel.fail(str(exc), retry=True)
            stats.retry_later += 1
            raise
        except (TelegramError, OSError) as exc:  # NetworkError, TimedOut, 5xx: a later run tries again
            log.warning("%s to user %s not sent (%r): retrying later", parcel.what, parcel.user_id, exc)
            await parcel.fail(repr(exc), retry=True, retry_after=network_retry)
            stats.retry_later += 1
        else:
            await _confirm(parcel, message.message_id)
            stats.sent += 1
        return


async def _confirm(parcel: Parcel, message_id: int) -> None:
    """Record the send at once; a cancellation arriving now waits for the record (else: a duplicate later)."""
    record = asyncio.ensure_future(parcel.confirm(message_id))
    try:
        await asyncio.shield(record)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await record
        raise
