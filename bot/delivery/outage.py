"""A failure that repeats, said once: a warning when it starts, a line a minute with a count while it lasts, a line
when it ends (issue 24: an hour without the database was 130–260 MB of tracebacks, one per try).

``Outage`` keeps no traceback per event: the first failure's is logged at DEBUG for whoever needs it, the warning
names the cause in one line.  The clock is injected (``time.monotonic`` by default) so tests need not wait.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

REPORT_EVERY = 60.0  # seconds between two "still failing" lines


class Outage:
    """One kind of failure (``what``: "the database", "the Bot API" …), reported as it starts, lasts and ends."""

    def __init__(self, what: str, log: logging.Logger, *, clock: Callable[[], float] = time.monotonic,
                 every: float = REPORT_EVERY) -> None:
        self.what = what
        self.log = log
        self.clock = clock
        self.every = every
        self.since: float | None = None  # when the failure started (None: all is well)
        self.failures = 0  # failures since it started
        self._reported = 0.0
        self._unreported = 0

    @property
    def ongoing(self) -> bool:
        return self.since is not None

    def failed(self, exc: BaseException, doing: str = "") -> None:
        """One more failure; logged only when the outage starts and once a minute after."""
        now = self.clock()
        self.failures += 1
        self._unreported += 1
        cause = " ".join(str(exc).split()) or type(exc).__name__
        if self.since is None:
            self.since = self._reported = now
            self._unreported = 0
            self.log.warning("%s failed%s: %s (%s); trying again with a growing pause", self.what,
                             f" {doing}" if doing else "", cause, type(exc).__name__)
            self.log.debug("the first failure of %s", self.what, exc_info=exc)
        elif now - self._reported >= self.every:
            self.log.warning("%s still failing after %.0f s (%d failures in the last %.0f s): %s", self.what,
                             now - self.since, self._unreported, now - self._reported, cause)
            self._reported = now
            self._unreported = 0

    def recovered(self) -> None:
        """All is well again; logged once if there was an outage."""
        if self.since is None:
            return
        self.log.warning("%s works again after %.0f s and %d failures", self.what, self.clock() - self.since,
                         self.failures)
        self.since = None
        self.failures = 0
        self._unreported = 0


class Backoff:
    """A growing pause between tries: ``first`` seconds, doubled up to ``most`` (1 s to 30 s by default)."""

    def __init__(self, first: float = 1.0, most: float = 30.0) -> None:
        self.first = first
        self.most = most
        self.next = first

    def pause(self) -> float:
        """The pause before the next try (and the one after it doubled)."""
        pause, self.next = self.next, min(self.next * 2, self.most)
        return pause

    def reset(self) -> None:
        self.next = self.first

