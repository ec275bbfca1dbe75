"""The broadcast's budget across a cluster: ``SharedBudget`` takes every slot from one schedule in the shared
PostgreSQL (table ``send_budget``), so the workers together keep one process's pace.

One worker at a time leads the broadcast (``Storage.broadcast_turn``), but not always exactly one: a leader whose
lock went with its dropped connection may still be finishing its sends while the next leader starts, and two
leaders at 27 a second each would break Telegram's 30.  With every slot taken from the one schedule, any number
of senders share the rate.  The schedule is a GCRA (a "theoretical arrival time"): a slot is ``next_at``, or now
if that has passed, never before ``hold_until``; each slot moves ``next_at`` one interval on — one atomic
statement per send, by the database's clock (``PostgresStorage.take_send_slot``).  A 429 seen by one worker
pushes ``hold_until`` for all (``hold``).  The cap on sends in flight or finished within a window stays this
process's own (``bot.delivery.pacing.InFlight``): it answers what this process's ``AIORateLimiter`` lets go at once.

A slot the database cannot give is not taken: ``acquire`` raises the driver's error and the send does not go
out (its reservation stays 'pending' until its lease ends, and a later run sends it).

SQLite is one process: there the budget stays ``LocalBudget`` (``budget_for``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from bot.delivery.pacing import FREE_LIMIT, PAID_LIMIT, PAID_RATE, Budget, InFlight, LocalBudget, Unpaced, paid_budget

log = logging.getLogger(__name__)

BROADCAST_SCHEDULE = "broadcast"  # the one schedule of every broadcast sender: the bot's workers, liuyao broadcast


@runtime_checkable
class SendAccount(Protocol):
    """Where the cluster's schedule is kept (``PostgresStorage``)."""

    async def take_send_slot(self, name: str, interval: float) -> float: ...

    async def hold_sends(self, name: str, seconds: float) -> None: ...


class SharedBudget:
    """Slots at ``rate`` a second for every budget on the same ``account`` and ``name`` together; never more than
    ``limit`` of this process's sends in flight or finished within any ``window`` seconds.

    Each slot is reserved (and counted in flight) under a lock, one at a time, and waited for outside it: this
    process's next reservation need not wait for the previous slot, so a round trip to the database longer than
    one interval does not slow the pace while sends overlap.
    """

    def __init__(self, account: SendAccount, rate: float, *, limit: int = FREE_LIMIT, window: float = 1.02,
                 name: str = BROADCAST_SCHEDULE, clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.account = account
        self.rate = rate
        self.interval = 1.0 / rate
        self.name = name
        self._clock = clock
        self._until = 0.0  # this process's own hold: no reservation before it, whatever the database holds
        self._sends = InFlight(limit, window, poll=self.interval, clock=clock)
        self._lock = asyncio.Lock()
        self._holds: set[asyncio.Task[None]] = set()  # the holds being written (kept from the collector)

    def hold(self, seconds: float) -> None:
        """Hold this process at once, and every worker once the hold is written (a task: ``hold`` is called
        where no ``await`` fits, in ``bot.delivery.pacing.in_slot``'s handling of a 429)."""
        self._until = max(self._until, self._clock() + seconds)
        task = asyncio.get_running_loop().create_task(self._write_hold(seconds), name="send-budget-hold")
        self._holds.add(task)
        task.add_done_callback(self._holds.discard)

    async def _write_hold(self, seconds: float) -> None:
        try:
            await self.account.hold_sends(self.name, seconds)
        except Exception as exc:  # noqa: BLE001 - the driver's many errors: this process still holds
            # (the others meet the 429 themselves)
            log.warning("could not share a %.1f s hold of the broadcast: %r", seconds, exc)

    async def acquire(self) -> None:
        async with self._lock:
            while (left := self._until - self._clock()) > 0:
                await asyncio.sleep(left)
            await self._sends.enter()
            try:
                wait = await self.account.take_send_slot(self.name, self.interval)
            except BaseException:
                self._sends.drop()
                raise
        try:
            if wait > 0:
                await asyncio.sleep(wait)
        except BaseException:  # cancelled while waiting: the slot goes unused, and in_slot will not release it
            self._sends.drop()
            raise

    def release(self) -> None:
        self._sends.leave()


def budget_for(storage: object | None, rate: float | None, paid: bool = False) -> Budget:
    """The broadcast's budget: the cluster's (``SharedBudget``) on a database that keeps a send schedule
    (PostgreSQL), else this process's (``LocalBudget``); ``paid`` sized for Telegram's paid broadcasts,
    ``rate=None`` (and not paid) unpaced."""
    if paid:
        if isinstance(storage, SendAccount):
            return SharedBudget(storage, PAID_RATE, limit=PAID_LIMIT)
        return paid_budget()
    if not rate:
        return Unpaced()
    return SharedBudget(storage, rate) if isinstance(storage, SendAccount) else LocalBudget(rate)
