"""Every update is on disk before Telegram is told it arrived, and is handled once.

Telegram forgets an update once its offset is confirmed (the next ``getUpdates`` asks past it) or once the
webhook request that carried it is answered.  PTB confirms a polled batch as soon as it is queued, and answers a
webhook as soon as it is queued — before it is handled — so a process killed with updates in its queue lost
them.  Here the application's ``update_queue`` is an ``Inbox``:

- ``put`` (the updater's, for each polled update and for each webhook request, before the offset moves on or
  the request is answered) first stores the update in the ``updates`` table.  A polled batch is stored in one
  transaction by ``InboxBot.get_updates``; ``put`` then only checks it was new.
- An update whose id is already there — Telegram sending again what it was not told arrived — is dropped, so
  nothing is handled twice.
- ``bot.delivery.lanes`` marks it handled in the same transaction that writes the state it changed
  (``StoragePersistence.commit_update``), and only once its replies reached Telegram (``bot.delivery.replies``); a
  process killed or stopped before that commit handles it again at the next start (``replay``, in ``update_id``
  order, before anything new), from the state as it was before it.

In a cluster (PostgreSQL) every worker also looks, every ``SWEEP_EVERY`` seconds, for updates received more than
``ORPHANED`` ago and still not handled — their worker died — and handles them (``sweep``); ``bot.delivery.lanes`` makes
sure an update is handled by one worker only, in its user's order.

Handled rows keep only their id (the body is cleared) and are pruned after ``KEEP``: Telegram sends an update
again for at most a day.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from telegram import Update

from bot.delivery.outage import Backoff, Outage
from bot.delivery.request import TolerantBot
from bot.storage import Storage
from bot.storage.errors import passing_failure
from bot.storage.values import fits

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Mapping, Sequence

log = logging.getLogger(__name__)

KEEP = timedelta(days=2)  # how long a handled update's id is kept, to know it if Telegram sends it again
PRUNE_EVERY = 5_000  # updates received between two prunings
ORPHANED = timedelta(seconds=5)  # a cluster's update still not handled this long after it came: its worker died
SWEEP_EVERY = 2.0  # seconds between two looks for orphaned updates (in a cluster)
RESWEEP = 60.0  # seconds before an update this worker queued may be queued again by its sweep
STOP_POLL_TIMEOUT = 1.0  # seconds for the getUpdates that confirms the stored updates at a stop


def _user_id(update: Update) -> int | None:
    user = update.effective_user
    return user.id if user is not None and fits(user.id) else None


def revive(update_id: int, body: str, bot: Any) -> Update | None:
    """A stored update as PTB's ``Update`` again, or None (logged) if it cannot be read: it was stored by this
    program, so that is unexpected, and the rest go on."""
    try:
        return Update.de_json(json.loads(body), bot)
    except Exception as exc:  # noqa: BLE001 - whatever the library raises on it: skip this one
        log.warning("stored update %s could not be read again (%s); skipped", update_id, exc)
        return None


def as_stored(body: Any) -> str:
    """An update's JSON as it is stored: its text readable (not escaped), except what no UTF-8 can hold — half of
    a UTF-16 pair, which Telegram's JSON may carry — kept as its ``\\u`` escape.  It loads back the same, and no
    engine refuses it (stored as UTF-8 text, such an update failed every try: polling stopped for good)."""
    text = json.dumps(body, ensure_ascii=False)
    if not text.isascii():
        try:
            text.encode()
        except UnicodeEncodeError:
            return json.dumps(body)
    return text


class Inbox(asyncio.Queue[object]):
    """``Application.update_queue`` that stores each update before it is queued (see the module notes).

    ``storage`` is a coroutine function giving the open ``Storage`` (the persistence opens it in the loop)."""

    def __init__(self, storage: Callable[[], Awaitable[Storage]]) -> None:
        super().__init__()
        self._storage = storage
        self._fresh: set[int] = set()  # stored by InboxBot.get_updates, not yet queued
        self._received = 0
        self.duplicates = 0  # updates Telegram sent again after they were stored (dropped here)
        # update id → when this worker queued it (received, replayed or swept): a busy worker's own backlog is not
        # orphaned, so its sweep leaves it (another worker's sweep may still take it over: see ``sweep``)
        self._queued: dict[int, float] = {}

    async def put(self, item: object) -> None:
        if isinstance(item, Update):
            if item.update_id in self._fresh:
                self._fresh.discard(item.update_id)
            elif not await self.store([item]):
                self.duplicates += 1
                log.info("update %s arrived again; it is already stored, not handled twice", item.update_id)
                return
            self._note(item.update_id)
        await super().put(item)

    def keep(self, update_id: int) -> None:
        """``update_id`` is still this worker's (waiting to be tried again): its sweep leaves it."""
        self._note(update_id)

    def _note(self, update_id: int) -> None:
        """Remember that this worker queued ``update_id`` (forgotten after ``RESWEEP``)."""
        now = time.monotonic()
        if len(self._queued) >= 10_000:  # without a sweep (one process) nothing else forgets them
            self._forget(now)
        self._queued[update_id] = now

    def _forget(self, now: float) -> None:
        self._queued = {i: t for i, t in self._queued.items() if now - t < RESWEEP}

    async def store(self, updates: Sequence[Update], raw: Mapping[int, Any] | None = None) -> set[int]:
        """Store ``updates`` in one transaction (``raw``: their JSON as received, by id, to store as it came);
        the ids that were new (the others are already known)."""
        storage = await self._storage()
        raw = raw or {}
        new = await storage.store_updates(
            (u.update_id, _user_id(u), as_stored(raw.get(u.update_id) or u.to_dict())) for u in updates)
        self._received += len(new)
        if self._received >= PRUNE_EVERY:
            self._received = 0
            await self.prune()
        return new

    async def store_batch(self, updates: Sequence[Update], raw: Mapping[int, Any] | None = None) -> None:
        """A polled batch, stored at once: ``put`` lets the new ones through and drops those already known."""
        self._fresh |= await self.store(updates, raw)

    async def replay(self, bot: Any) -> int:
        """Queue the updates stored but not handled by an earlier run (killed), oldest first; how many."""
        storage = await self._storage()
        rows = await storage.pending_updates()
        for update_id, body in rows:
            if (update := revive(update_id, body, bot)) is None:
                continue
            self._note(update_id)  # queued here: a cluster's sweep leaves it while it waits for its turn
            await super().put(update)
        if rows:
            log.info("%d updates received before the last stop but not handled: handling them now", len(rows))
        await self.prune()
        return len(rows)

    async def sweep(self, bot: Any) -> int:
        """In a cluster: queue the updates another worker received and has not handled for ``ORPHANED`` (it
        died); ``bot.delivery.lanes`` skips one that worker handles meanwhile.  How many were queued."""
        storage = await self._storage()
        self._forget(time.monotonic())
        count = 0
        for update_id, body in await storage.stale_updates(storage.now() - ORPHANED):
            if update_id in self._queued:
                continue  # queued here already, waiting for its turn
            self._note(update_id)
            if (update := revive(update_id, body, bot)) is None:
                continue
            await super().put(update)
            count += 1
        if count:
            log.info("%d updates another worker received but did not handle: handling them here", count)
        return count

    async def sweeping(self, bot: Any, every: float = SWEEP_EVERY) -> None:
        """``sweep`` every ``every`` seconds, for as long as the worker runs (a failed sweep is logged: the
        database away as an outage, once, anything else with its traceback)."""
        outage = Outage("sweeping for orphaned updates", log)
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep(bot)
            except Exception as exc:
                if passing_failure(exc):
                    outage.failed(exc)
                else:
                    log.exception("sweeping for orphaned updates failed; trying again")
                continue
            outage.recovered()

    async def prune(self) -> int:
        storage = await self._storage()
        return await storage.prune_updates(storage.now() - KEEP)


class InboxBot(TolerantBot):
    """``TolerantBot`` whose polled batches are stored (one transaction a batch) before the updater queues them
    and, with its next call, confirms their offset.

    A batch that cannot be stored (the database down, the disk full) is kept here and stored again after a
    growing pause (``bot.delivery.outage.Backoff``, 1 s to 30 s): polling waits instead of spinning (PTB's updater
    would ask again at once, and log a traceback each time), the offset is not confirmed meanwhile, and the
    outage is logged as it starts, once a minute while it lasts and as it ends (``bot.delivery.outage.Outage``)."""

    _inbox: Inbox | None = None  # (a Bot's public attributes are frozen)
    _outage: Outage | None = None
    _backoff_first = 1.0  # seconds before the first try again
    _stopping = False

    def use_inbox(self, inbox: Inbox) -> None:
        self._inbox = inbox
        self._outage = Outage("storing received updates", log)

    def stop_taking(self) -> None:
        """A stop (``bot.delivery.stopping``): the updater's last ``getUpdates`` only confirms what is stored, so it gets
        ``STOP_POLL_TIMEOUT``, and a batch that cannot be stored then is left to Telegram (not confirmed: sent
        again at the next start) instead of waited for."""
        self._stopping = True

    async def get_updates(self, *args: Any, **kwargs: Any) -> tuple[Update, ...]:
        if self._stopping:
            kwargs["read_timeout"] = kwargs["connect_timeout"] = STOP_POLL_TIMEOUT
        updates = await super().get_updates(*args, **kwargs)
        if self._inbox is None or self._outage is None or not updates:
            return updates
        backoff = Backoff(self._backoff_first)
        while True:
            try:
                await self._inbox.store_batch(updates)
            except Exception as exc:  # noqa: BLE001 - the database's or the disk's failure: wait, then again
                self._outage.failed(exc, f"(a batch of {len(updates)})")
                if self._stopping:
                    return ()
                await asyncio.sleep(backoff.pause())
                continue
            self._outage.recovered()
            return updates  # all of them: the updater confirms the offset past the last
