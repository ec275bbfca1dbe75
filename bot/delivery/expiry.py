"""Abandoned consultations swept from the database: a periodic job of the running bot.

A consultation left unanswered for longer than ``CONSULTATION_TTL_HOURS`` has expired (``bot.storage.persistence``): the
user who comes back is told so, and its state and draft are dropped then.  One who never comes back would keep
them forever, so every ``EVERY`` seconds each worker deletes the consultations whose last step is older than the
TTL plus ``GRACE``, with the draft in their user's data (``Storage.sweep_conversations``): ``BATCH`` conversations
a transaction, at most ``MAX_BATCHES`` batches a run (the rest wait for the next), one log line with how many, and
``liuyao_consultations_swept_total``.  The table needs no index on its time: after each sweep it holds only the
consultations of the last TTL + grace, so reading it in time order stays cheap.

An update of the same user at that moment
-----------------------------------------
The grace already keeps the two apart: an update that reads a consultation older than the TTL expires it itself,
and the sweep touches only those a week older still.  What is left is guarded rather than assumed:

- every row is taken with a write that repeats the condition: the user's data first (a no-op ``UPDATE … WHERE
  updated_at < cutoff``, which holds the row until the batch commits; a row that fails it has had a step
  written), then the conversation (``DELETE … WHERE updated_at < cutoff``), in the order an update's commit
  writes them; the draft is taken out only for a conversation the batch deleted.  So a step an update commits
  meanwhile wins whole: PostgreSQL, at READ COMMITTED, waits for that writer and checks the condition again on
  the row it committed; SQLite runs the whole batch under its write lock, so nothing interleaves at all;
- on PostgreSQL, where a cluster's workers take turns at a user (``Storage.user_turn``), each batch also *tries*
  the turns of the users it would sweep (``pg_try_advisory_xact_lock`` on the same key) and leaves a user whose
  turn is held — an update between its read and its commit — for the next run; the turns it got are held until
  the batch commits, so that user's next update starts after it.  Tried, not waited for: the sweep never queues
  behind a slow update (its Telegram calls), and two workers sweeping at once split the users between them.
  Taking ``user_turn`` itself would cost a connection and a transaction per user.

Deleting what is gone deletes nothing, and each worker counts only the rows its own statements deleted, so every
worker of a cluster can sweep at once and the counter's sum across workers is exact.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any, Final

from telegram.ext import Application, ContextTypes

from bot.ops import metrics
from bot.storage import Storage
from bot.storage.errors import passing_failure
from bot.storage.persistence import DRAFT_KEYS, StoragePersistence

log = logging.getLogger(__name__)

GRACE: Final = timedelta(days=7)
"""How long an expired consultation is kept after its TTL: a user who comes back within it is still told that
their reading expired (the lazy path needs the row to know there was one) instead of meeting buttons that no longer
answer; a week covers one who comes back at the next weekend, and the rows are a few hundred bytes."""
EVERY: Final = 3600.0  # seconds between two sweeps of a worker
FIRST: Final = 60.0  # seconds after the start: the first sweep, once the updates left by the last run are handled
BATCH: Final = 200  # conversations looked at per transaction (its row locks and turns are held that long)
MAX_BATCHES: Final = 50  # batches per run: at most 10 000 conversations a run, the rest at the next
JOB_NAME: Final = "consultations:sweep"


async def sweep_abandoned(storage: Storage, ttl: timedelta, *, now: datetime, grace: timedelta = GRACE,
                          batch: int = BATCH, max_batches: int = MAX_BATCHES) -> int:
    """Delete the consultations whose last step is before ``now - ttl - grace``, with their drafts, batch by
    batch (each its own transaction, counted as it commits); how many were deleted."""
    before = now - ttl - grace
    after: tuple[datetime, str, str] | None = None
    swept = drafts = 0
    for _ in range(max_batches):
        got = await storage.sweep_conversations(before, DRAFT_KEYS, limit=batch, after=after)
        metrics.CONSULTATIONS_SWEPT.inc(got.conversations)
        swept += got.conversations
        drafts += got.drafts
        if got.next is None:
            break
        after = got.next
    if swept or drafts:
        log.info("swept %d abandoned consultation(s) and %d draft(s), last step before %s", swept, drafts,
                 before.isoformat())
    return swept


class SweepJob:
    """The JobQueue callback: one sweep, with the application's storage, TTL and clock (``bot_data["clock"]``,
    the one the persistence expires with; None → the storage's)."""

    def __init__(self, *, grace: timedelta = GRACE, batch: int = BATCH, max_batches: int = MAX_BATCHES) -> None:
        self.grace = grace
        self.batch = batch
        self.max_batches = max_batches
        self.runs = 0
        self.last = 0  # consultations the last run deleted

    async def __call__(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        app = context.application
        persistence = app.persistence
        if not isinstance(persistence, StoragePersistence):
            return
        try:
            storage = await persistence.get_storage()
            clock = app.bot_data.get("clock")
            now = clock() if clock is not None else storage.now()
            self.last = await sweep_abandoned(storage, persistence.ttl, now=now, grace=self.grace, batch=self.batch,
                                              max_batches=self.max_batches)
        except Exception as exc:  # the database away for a moment: the next run sweeps what this one did not
            if passing_failure(exc):  # (one line: the outage is said where it is met)
                log.warning("sweeping abandoned consultations failed (%s); trying again at the next run",
                            " ".join(str(exc).split()) or type(exc).__name__)
            else:
                log.exception("sweeping abandoned consultations failed; trying again at the next run")
        self.runs += 1


def install(app: Application[Any, Any, Any, Any, Any, Any], *, every: float = EVERY,
            first: float = FIRST) -> SweepJob:
    """The sweep as a repeating ``JobQueue`` job: ``first`` seconds after the start, then every ``every``."""
    if app.job_queue is None:
        raise RuntimeError("the sweep of abandoned consultations needs PTB's JobQueue "
                           "(pip install 'python-telegram-bot[job-queue]')")
    job = SweepJob()
    app.job_queue.run_repeating(job, interval=every, first=first, name=JOB_NAME,
                                job_kwargs={"coalesce": True, "misfire_grace_time": None})
    return job
