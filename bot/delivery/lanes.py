"""One lane per user: a user's updates one at a time and in order, without holding up anyone else.

PTB hands every update to the processor at once (a task each).  The old processor took the user's lock *inside*
PTB's four slots, so a user sending 1 500 messages filled every slot with updates waiting on their own lock, and
everyone else waited behind them (replies went from 0.07 s to 139 s).  Here an update first waits in its user's
lane — a FIFO lock, holding nothing — and only the lane's front update takes a slot.  A user has at most one
slot, and since the slots' semaphore is FIFO too, a flooding user's next update queues behind everyone else's:
each user gets a fair share of the four slots whatever the others send.

A lane holds at most ``max_queued`` updates (waiting or running).  One more is dropped, and the user is told once
— at the first update dropped, not at each, and at most once a minute — that some messages were skipped.  Dropped updates are marked in the ``updates`` table with the next commit (``bot.delivery.inbox``).

After each update, the user's state (``user_data``, conversation state) is written with the update marked
handled, in one transaction (``StoragePersistence.commit_update``) — but only if its replies reached Telegram
(``bot.delivery.replies``).  One that did not (Telegram unreachable, a 5xx, a time-out; or the database failed its handlers)
is not committed: what its handlers changed is dropped and it is handled again from the state stored before it,
after a growing pause (1 s to 30 s), in its lane — the user's later updates wait behind it, everyone else's go on.
The outage is logged as it starts, once a minute and as it ends (``bot.delivery.outage``).

At a stop (``stop_taking``, SIGTERM: ``bot.delivery.stopping``) no update starts any more — those waiting in a lane or for
their next try stay pending, for the next start — and those running get a grace; past it they are cut short and
stay pending too.  In a cluster of workers the same lane is what
a per-user database lock would extend across processes: the lane orders a user's updates inside one process, the
lock (taken in the commit's transaction, with the state read fresh under it) across them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from bot.delivery import replies
from bot.delivery.inbox import Inbox, revive
from bot.delivery.outage import Backoff, Outage
from bot.storage.errors import passing_failure
from bot.storage.persistence import StoragePersistence, _stored_conversations, read_states

if TYPE_CHECKING:
    from telegram.ext import Application

log = logging.getLogger(__name__)

# Updates handled at once by one process (UPDATE_SLOTS).  An update waits mostly on the Bot API's round trips, not
# on the CPU: bench/bench_bot.py with --rtt 100 (a round trip to Telegram from East Asia) went from 18 updates/s
# with 4 slots to 119 with 32, p50 3.1 s -> 0.4 s, at the same CPU per update.
SLOTS = 32
# On PostgreSQL each update in flight holds a pooled connection for its user's turn and takes a second for its
# reads and commit (``connections``), and a cluster grows by workers.  Kept at 4: a worker's sends are held to
# about 30 a second by its AIORateLimiter (bot.delivery.pacing), and with 8 slots bench/bench_cluster.py's 40 users at once
# only queued longer there (a dump of the tasks: every slot waiting on the limiter), until they gave up.
CLUSTER_SLOTS = 4
MAX_QUEUED = 20  # a user's updates waiting or running; more are dropped (QUEUED_UPDATES_PER_USER)
ADMITTED = 2**20  # PTB's semaphore: every update admitted at once (the lanes and slots limit them)
TELL_EVERY = 60.0  # seconds: a user whose updates are dropped is told at most this often


def connections(slots: int) -> int:
    """The PostgreSQL pool a worker with ``slots`` needs: a turn and a query for each update in flight, and a few
    for the broadcast's leader lock, the inbox and the sweeps."""
    return 2 * slots + 4


@dataclass
class _Lane:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    size: int = 0  # updates waiting or running


Notice = Callable[[Update], Awaitable[None]]


class CutShort(Exception):
    """An update still running when the stop's grace ran out: left pending for the next start."""


def _close(coroutine: Awaitable[Any]) -> None:
    """An update's handling coroutine that will not run (left pending, or handled elsewhere)."""
    if asyncio.iscoroutine(coroutine):
        coroutine.close()


class FairUpdateProcessor(BaseUpdateProcessor):
    """Per-user lanes outside ``slots`` concurrent slots, a cap on each lane, one commit per update."""

    def __init__(self, slots: int = SLOTS, max_queued: int = MAX_QUEUED, on_dropped: Notice | None = None,
                 *, replay: bool = True) -> None:
        # PTB's own semaphore admits every update at once (it is taken before the lane, so it must not be what
        # limits them); the slots are taken in the lane, by its front update only.
        super().__init__(ADMITTED)
        self.slots = slots
        self._slots = asyncio.BoundedSemaphore(slots)
        self.max_queued = max(1, max_queued)
        self._lanes: dict[int | None, _Lane] = {}
        self._dropped: list[int] = []  # update ids skipped, marked in the next commit
        self._told: dict[int, float] = {}  # user → when (monotonic) they were last told updates were skipped
        self.on_dropped = on_dropped
        self._application: Application[Any, Any, Any, Any, Any, Any] | None = None
        self._outage = Outage("writing handled updates", log)  # a commit that must wait for the database
        self._unanswered = Outage("answering updates", log)  # replies that did not reach Telegram
        self.dropped = 0  # updates skipped since start (for tests and probes)
        self.replay = replay
        self._sweeper: asyncio.Task[None] | None = None
        self.stopping = False  # set by stop_taking: no update starts any more
        self._stop = asyncio.Event()  # wakes the updates waiting for their next try
        self._cutting = False  # the stop's grace is over: what still runs is cancelled (``_cut``)
        self._running: set[asyncio.Task[Any]] = set()  # tasks handling an update right now
        self.retried = 0  # tries again of updates whose replies did not get through (for tests and probes)
        self.retry_first = 1.0  # seconds before an unanswered update's first try again (doubled up to 30 s)

    def attach(self, application: Application[Any, Any, Any, Any, Any, Any]) -> None:
        self._application = application

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Wait in the user's lane (no slot held), then in a slot; handle the update; commit it."""
        user = update.effective_user if isinstance(update, Update) else None
        key = user.id if user is not None else None
        lane = self._lanes.get(key)
        if lane is None:
            lane = self._lanes[key] = _Lane()
        if self.stopping:  # stopping: not taken, it stays pending for the next start
            _close(coroutine)
            return
        if key is not None and lane.size >= self.max_queued:
            self._drop(update, coroutine)
            return
        lane.size += 1
        try:
            async with lane.lock:  # the lane's lock is FIFO: the user's updates keep their order
                await self._until_answered(update, coroutine)
        finally:
            lane.size -= 1
            if lane.size == 0 and self._lanes.get(key) is lane:
                del self._lanes[key]

    def _drop(self, update: object, coroutine: Awaitable[Any]) -> None:
        if asyncio.iscoroutine(coroutine):
            coroutine.close()  # never awaited: the update is not handled
        assert isinstance(update, Update) and update.effective_user is not None
        self.dropped += 1
        self._dropped.append(update.update_id)
        user_id, now = update.effective_user.id, time.monotonic()
        if now - self._told.get(user_id, -TELL_EVERY) < TELL_EVERY:
            return  # told already: a flood gets one notice, not one per update dropped
        if len(self._told) > 10_000:
            self._told = {k: t for k, t in self._told.items() if now - t < TELL_EVERY}
        self._told[user_id] = now
        if self.on_dropped is not None and self._application is not None:
            self._application.create_task(self.on_dropped(update), update=update, name="lanes:dropped")

    async def _until_answered(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Handle the update in a slot; while its replies do not get through, again after a growing pause (the
        slot given back meanwhile, the lane kept: the user's next updates wait behind it).  At a stop it is left
        pending."""
        backoff = Backoff(self.retry_first)
        while True:
            if self.stopping:
                _close(coroutine)
                return
            async with self._slots:
                if self.stopping:
                    _close(coroutine)
                    return
                failure = await self.handle(update, coroutine)
            if failure is None:
                self._unanswered.recovered()
                return
            if isinstance(failure, CutShort):
                return
            update_id = update.update_id if isinstance(update, Update) else "?"
            self._unanswered.failed(failure, f"(update {update_id} kept to be answered later)")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), backoff.pause())
            app = self._application
            if self.stopping or app is None:
                return
            self.retried += 1
            if isinstance(app.update_queue, Inbox) and isinstance(update, Update):
                app.update_queue.keep(update.update_id)  # still this worker's: its sweep leaves it
            coroutine = app.process_update(update)

    def stop_taking(self, grace: float) -> None:
        """Stop (SIGTERM): no update starts any more — those waiting in a lane or for their next try stay pending
        — and those running are cut short after ``grace`` seconds (pending too)."""
        if self.stopping:
            return
        self.stopping = True
        self._stop.set()
        running = len(self._running)
        if running:
            log.info("stopping: %d updates being handled get %.0f s to finish; the rest are handled at the next "
                     "start", running, grace)
        asyncio.get_running_loop().call_later(grace, self._cut)

    def _cut(self) -> None:
        if self._running:
            log.warning("stopping: %d updates did not finish within the grace; they are handled at the next start",
                        len(self._running))
        self._cutting = True
        for task in list(self._running):
            task.cancel()

    async def handle(self, update: object, coroutine: Awaitable[Any]) -> BaseException | None:
        """One update, in its slot.  On a database several workers share (PostgreSQL), first this worker's turn
        at the user (``Storage.user_turn``: an advisory lock across workers): an update another worker has
        handled meanwhile is skipped, and the user's older updates still waiting — received by a worker that
        died, or that has not had its turn yet — are handled first, here, so each user's updates are handled
        one at a time in update_id order whichever worker received them.

        The failure that left it pending (``_run``), or None once it is committed."""
        app = self._application
        persistence = app.persistence if app is not None else None
        user = update.effective_user if isinstance(update, Update) else None
        if app is None or not isinstance(persistence, StoragePersistence) or user is None \
                or not isinstance(update, Update):
            return await self._run(update, coroutine)
        try:
            storage = await persistence.get_storage()
        except Exception as exc:
            if not passing_failure(exc):
                raise
            _close(coroutine)
            return exc
        if not storage.shared:
            return await self._run(update, coroutine)
        try:
            async with storage.user_turn(user.id):
                done, older = await storage.update_state(update.update_id, user.id)
                if done:
                    _close(coroutine)
                    log.info("update %s was handled by another worker", update.update_id)
                    return None
                for update_id, body in older:
                    if (earlier := revive(update_id, body, app.bot)) is None:
                        continue
                    if (failure := await self._run(earlier, app.process_update(earlier))) is not None:
                        _close(coroutine)  # its elder is still pending: it waits behind it
                        return failure
                return await self._run(update, coroutine)
        except Exception as exc:  # the turn itself failed (the database away): tried again later
            if not passing_failure(exc):
                raise
            _close(coroutine)
            return exc

    async def _run(self, update: object, coroutine: Awaitable[Any]) -> BaseException | None:
        """The update's conversation state read fresh, its handlers, then its commit (also when a handler
        failed) — unless a reply did not reach Telegram or the database failed a handler (``bot.delivery.replies``): then
        what the handlers changed is dropped and the update stays pending.  Returns what left it pending
        (``CutShort`` for a stop's grace run out), or None once it is committed."""
        app = self._application
        persistence = app.persistence if app is not None else None
        handlers = _stored_conversations(app) if app is not None else []
        user = update.effective_user if isinstance(update, Update) else None
        user_id = user.id if user is not None else None
        try:
            await read_states(persistence, update, handlers, coroutine)
        except Exception as exc:
            if not passing_failure(exc):
                raise  # not something waiting cures: it stays pending for the next start
            return exc
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            with replies.attempt(update.update_id if isinstance(update, Update) else None) as tried:
                try:
                    await coroutine
                except asyncio.CancelledError:
                    raise
                except Exception:
                    await self._settle(update, tried.failure)
                    raise
            await self._settle(update, tried.failure)
            return tried.failure
        except asyncio.CancelledError:
            if not self._cutting or task is None:
                raise
            task.uncancel()  # our own cut at the end of the stop's grace: the update is left pending
            await self.discard(update)
            return CutShort()
        finally:
            if task is not None:
                self._running.discard(task)
            for handler in handlers:
                handler.forget_state(update)
            if isinstance(persistence, StoragePersistence):
                persistence.end_update(user_id)

    async def _settle(self, update: object, failure: BaseException | None) -> None:
        """Commit the update, or — its replies did not get through — drop what its handlers changed."""
        if failure is None:
            await self.commit(update)
        else:
            await self.discard(update)

    async def discard(self, update: object) -> None:
        """Drop what the update's handlers changed (PTB hands it over now, memory only): it is handled again
        from the state stored before it."""
        app = self._application
        if app is None or not isinstance(app.persistence, StoragePersistence):
            return
        await app.update_persistence()
        user = update.effective_user if isinstance(update, Update) else None
        app.persistence.discard_update(user.id if user is not None else None)

    async def commit(self, update: object) -> None:
        """The update's state and its mark in one transaction (what PTB's update_persistence hands over is held
        by the persistence until here)."""
        app = self._application
        if app is None or not isinstance(app.persistence, StoragePersistence):
            return
        await app.update_persistence()
        user = update.effective_user if isinstance(update, Update) else None
        handled = [update.update_id] if isinstance(update, Update) else []
        dropped, self._dropped = self._dropped, []
        backoff = Backoff()
        while True:
            try:
                await app.persistence.commit_update(user.id if user is not None else None, handled, dropped)
            except Exception as exc:
                if passing_failure(exc):  # the database away or the disk full: this update waits for it, in order
                    self._outage.failed(exc, f"(the state of update {handled[0] if handled else '?'})")
                    await asyncio.sleep(backoff.pause())
                    continue
                self._dropped.extend(dropped)
                log.exception("the state of update %s could not be written; it will be handled again at the next "
                              "start", handled[0] if handled else "?")
                return
            self._outage.recovered()
            return

    async def initialize(self) -> None:
        """Queue what an earlier run received but did not handle (``Application.initialize`` calls this before
        anything new is fetched, in polling and webhook mode alike)."""
        app = self._application
        if app is None or not isinstance(app.update_queue, Inbox) or not isinstance(app.persistence,
                                                                                      StoragePersistence):
            return
        if self.replay:
            await app.update_queue.replay(app.bot)
            if (await app.persistence.get_storage()).shared:  # a cluster: another worker may die
                self._sweeper = asyncio.create_task(app.update_queue.sweeping(app.bot), name="inbox:sweep")

    async def shutdown(self) -> None:
        """Stop sweeping for orphaned updates."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
            self._sweeper = None
