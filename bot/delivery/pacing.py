"""The pace of the bot's Bot API calls: ``PacedLimiter``, PTB's rate-limiter extension point (``BaseRateLimiter``).

Every call goes through PTB's ``AIORateLimiter`` inside it (about 30 messages a second overall, 20 a minute per
group, and a 429's ``retry_after`` waited out and the call tried again).  The daily broadcast's sends — marked
``rate_limit_args={"broadcast": True}`` (``BROADCAST``) — also take a slot of the limiter's **budget** first.

The budget is an interface (``Budget``): ``LocalBudget`` is this process's own — sends spaced evenly at ``rate`` a
second and never more than ``limit`` in any ``window``; ``bot.delivery.shared_budget.SharedBudget``, the cluster's
(every worker drawing its slots from one schedule in the shared PostgreSQL), implements the same three methods.  Why even
spacing: ``AIORateLimiter`` alone lets 30 sends go at once and 30 more within that second, which a strict
sliding-window limit answers with 429 — and every 429 stops every send for a second or more.

Paid broadcasts (``ALLOW_PAID_BROADCAST``, off by default): Telegram then takes up to 1000 messages a second
(``FloodLimit.PAID_MESSAGES_PER_SECOND``) and bills the messages above the free limit, 0.1 Star each, from the
bot's Star balance; ``paid_budget`` is sized for that.
"""

from __future__ import annotations

import asyncio
import logging
import time
import warnings
from collections import deque
from collections.abc import Callable, Coroutine
from datetime import timedelta
from typing import Any, Final, Protocol

from telegram.constants import FloodLimit
from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter, BaseRateLimiter

log = logging.getLogger(__name__)

BROADCAST: Final = {"broadcast": True}  # rate_limit_args of a broadcast send
FREE_LIMIT: Final = int(FloodLimit.MESSAGES_PER_SECOND)  # 30 messages a second across chats
PAID_LIMIT: Final = int(FloodLimit.PAID_MESSAGES_PER_SECOND)  # 1000 with allow_paid_broadcast
CLI_RATE: Final = 29.3  # broadcast messages a second, ``liuyao broadcast``
BOT_RATE: Final = 27.0  # in the running bot, leaving room for its replies to users within the same 30 a second
PAID_RATE: Final = 900.0  # with allow_paid_broadcast: below Telegram's 1000, as 29.3 is below 30


class Budget(Protocol):
    """Where broadcast sends take their slots.  ``acquire`` before a send, ``release`` after it (returned or
    failed), ``hold`` when Telegram asked to wait (429): no slot is handed out before that time has passed."""

    async def acquire(self) -> None: ...

    def release(self) -> None: ...

    def hold(self, seconds: float) -> None: ...


class InFlight:
    """This process's count of sends: never more than ``limit`` in flight or finished within any ``window`` seconds.

    A send counts from ``enter`` until ``window`` after it has *finished* (``leave``): sends held back below
    (``AIORateLimiter`` stops every request for ``retry_after`` after a 429, then lets them all go at once) count
    where they really went out, so the sends after such a pause cannot join that burst in one window.
    """

    def __init__(self, limit: int, window: float, *, poll: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._poll = poll  # how long to wait when every counted send is still in flight
        self._clock = clock
        self._finished: deque[float] = deque()
        self._in_flight = 0

    async def enter(self) -> None:
        """Wait until one more send fits, and count it in flight."""
        finished = self._finished
        while True:
            now = self._clock()
            while finished and finished[0] <= now - self.window:
                finished.popleft()
            if len(finished) + self._in_flight < self.limit:
                break
            await asyncio.sleep(finished[0] + self.window - now if finished else self._poll)
        self._in_flight += 1

    def leave(self) -> None:
        """The send has finished (returned or failed): it counts for ``window`` more."""
        self._in_flight -= 1
        self._finished.append(self._clock())

    def drop(self) -> None:
        """The send never went out (its slot was not obtained, or its wait was cancelled): it counts no more."""
        self._in_flight -= 1


class LocalBudget:
    """This process's budget: slots spaced evenly at ``rate`` a second, and never more than ``limit`` sends in flight
    or finished within any ``window`` seconds (``InFlight``).

    Slot k is due at t0 + k/rate, on an absolute schedule, so that small late wake-ups of the event loop do not slow
    the average (after a long stall it restarts from now rather than catch up in a burst).
    """

    def __init__(self, rate: float, *, limit: int = FREE_LIMIT, window: float = 1.02,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.rate = rate
        self.interval = 1.0 / rate
        self.limit = limit
        self.window = window
        self._clock = clock
        self._next = 0.0
        self._until = 0.0  # no slot before this moment (a 429's retry_after)
        self._sends = InFlight(limit, window, poll=self.interval, clock=clock)
        self._lock = asyncio.Lock()

    def hold(self, seconds: float) -> None:
        self._until = max(self._until, self._clock() + seconds)

    async def acquire(self) -> None:
        async with self._lock:  # one waiter at a time: sends start in slot order
            while (left := self._until - self._clock()) > 0:
                await asyncio.sleep(left)
            now = self._clock()
            at = max(self._next, now - self.interval / 2)  # behind schedule: catch up by half a slot at most
            if at > now:
                await asyncio.sleep(at - now)
            await self._sends.enter()
            self._next = at + self.interval

    def release(self) -> None:
        self._sends.leave()


def paid_budget() -> LocalBudget:
    """The budget of a paid broadcast (``allow_paid_broadcast``): up to ``PAID_LIMIT`` in a second."""
    return LocalBudget(PAID_RATE, limit=PAID_LIMIT)


def retry_seconds(exc: RetryAfter) -> float:
    """The wait a 429 asks for, in seconds (PTB 22 gives a timedelta or a number, depending on a setting)."""
    value = getattr(exc, "_retry_after", None)
    if value is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


class PacedLimiter(BaseRateLimiter[dict[str, Any]]):
    """``AIORateLimiter`` for every call, and the ``budget``'s pace for broadcast sends (``BROADCAST``).

    ``budget`` may be replaced while no broadcast runs (``bot.delivery.broadcast.schedule`` sets the running bot's);
    ``inner=None`` leaves out ``AIORateLimiter`` (then a 429 reaches the caller at once, as without a limiter).
    """

    def __init__(self, budget: Budget | None = None, *, inner: BaseRateLimiter[Any] | None = None,
                 max_retries: int = 3) -> None:
        self.budget: Budget = budget if budget is not None else LocalBudget(BOT_RATE)
        self.inner = inner if inner is not None else AIORateLimiter(max_retries=max_retries)

    async def initialize(self) -> None:
        await self.inner.initialize()

    async def shutdown(self) -> None:
        await self.inner.shutdown()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: dict[str, Any] | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        if not (rate_limit_args or {}).get("broadcast"):
            return await self.inner.process_request(callback, args, kwargs, endpoint, data, None)
        return await self.paced(lambda: self.inner.process_request(callback, args, kwargs, endpoint, data, None))

    async def paced(self, send: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
        return await in_slot(self.budget, send)


async def in_slot(budget: Budget, send: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """``send()`` in a slot of ``budget``; a 429 that reaches here (after any inner limiter's retries) holds every
    slot for the time Telegram asked, and is raised for the caller to decide."""
    await budget.acquire()
    try:
        return await send()
    except RetryAfter as exc:
        budget.hold(retry_seconds(exc))
        raise
    finally:
        budget.release()


class Unpaced:
    """The budget of a broadcast without a pace of its own (``rate=None``): slots at once, but a 429 still holds
    every send for its ``retry_after``."""

    def __init__(self) -> None:
        self._until = 0.0

    def hold(self, seconds: float) -> None:
        self._until = max(self._until, time.monotonic() + seconds)

    async def acquire(self) -> None:
        while (left := self._until - time.monotonic()) > 0:
            await asyncio.sleep(left)

    def release(self) -> None:
        """Nothing is counted."""
