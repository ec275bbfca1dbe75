"""SIGTERM (or SIGINT): stop taking work, give what runs a grace, leave the rest pending, exit 0 — in bounded time.

Before (issue 24.4), PTB's stop waited for every update it had queued to be handled, and each for its replies:
with the Bot API refusing or hanging, or the database away, a stop took as long as the outage and systemd or
Docker killed the process in the end.  Here a stop signal

- stops polling (or the webhook server) and starts no update any more: those queued, waiting in a lane or
  waiting to be tried again stay pending in the ``updates`` table (``bot.delivery.lanes.FairUpdateProcessor.stop_taking``);
- gives the updates being handled ``SHUTDOWN_GRACE`` seconds (8 by default) to finish; those still running then
  are cut short, their changes dropped, and they stay pending too;
- bounds the last ``getUpdates`` (which only confirms what is stored already) to ``STOP_POLL_TIMEOUT``;
- and, whatever PTB's remaining steps wait on (a database that does not answer its close, a job), exits with
  status 0 ``MARGIN`` seconds after the grace (a watchdog thread), logging why.

What was left pending is handled at the next start (``bot.delivery.inbox.Inbox.replay``), in ``update_id`` order, and an
update handled again sends the reading it stored, never a new one (``bot.delivery.replies``).  The defaults keep the whole
stop under 10 s (Docker's and compose's default before SIGKILL; the systemd unit allows 15 s).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

from telegram.ext import Application

from bot.delivery.inbox import InboxBot
from bot.delivery.lanes import FairUpdateProcessor

log = logging.getLogger(__name__)

SHUTDOWN_GRACE = 8.0  # seconds the updates being handled at a stop get to finish (SHUTDOWN_GRACE)
MARGIN = 1.5  # seconds after the grace before the process exits whatever it still waits on
SIGNALS = (signal.SIGTERM, signal.SIGINT)


class Stopper:
    """The stop signals' handler for one application: ``install`` it on the loop, ``finished`` once stopped.

    ``then`` is called last, in the loop, to end the application's run (``exit_loop`` for ``run_polling``, an
    event's ``set`` for the webhook server); ``exit`` ends the process if the stop outlasts the grace."""

    def __init__(self, application: Application[Any, Any, Any, Any, Any, Any], grace: float = SHUTDOWN_GRACE, *,
                 then: Callable[[], None], exit: Callable[[int], object] = os._exit) -> None:  # noqa: A002
        self.application = application
        self.grace = max(0.0, grace)
        self.then = then
        self.exit = exit
        self.stopping = False
        self._watchdog: threading.Timer | None = None

    def install(self, loop: Any) -> None:
        for sig in SIGNALS:
            loop.add_signal_handler(sig, self)

    def __call__(self) -> None:
        """A stop signal: see the module notes.  A second signal changes nothing (the watchdog is counting)."""
        if self.stopping:
            return
        self.stopping = True
        log.info("stop signal: no new update is taken; those being handled get %.0f s, the rest are handled at "
                 "the next start", self.grace)
        processor = self.application.update_processor
        if isinstance(processor, FairUpdateProcessor):
            processor.stop_taking(self.grace)
        if isinstance(self.application.bot, InboxBot):
            self.application.bot.stop_taking()
        self._watchdog = threading.Timer(self.grace + MARGIN, self._too_long)
        self._watchdog.daemon = True
        self._watchdog.start()
        self.then()

    def finished(self) -> None:
        """The application stopped by itself: the watchdog is not needed."""
        if self._watchdog is not None:
            self._watchdog.cancel()

    def _too_long(self) -> None:
        log.warning("stopping took longer than %.1f s: exiting now (what was not answered is handled at the next "
                    "start)", self.grace + MARGIN)
        for handler in logging.getLogger().handlers:
            handler.flush()
        self.exit(0)


def exit_loop() -> None:
    """End ``Application.run_polling``'s loop as its own stop signals do (it stops on ``SystemExit``)."""
    raise SystemExit


class _StopPollQuiet(logging.Filter):
    """PTB's updater confirms the fetched updates with one more ``getUpdates`` as it stops and logs a traceback
    when that fails (the Bot API down at a stop).  Every fetched update is stored already and known when
    Telegram sends it again, so that is one line here."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Error while calling `get_updates` one more time"):
            reason = record.exc_info[1] if record.exc_info else None
            record.msg, record.args, record.exc_info, record.exc_text = (
                "the last getUpdates at the stop failed (%s); the updates it would confirm are stored already",
                (reason,), None, None)
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


logging.getLogger("telegram.ext.Updater").addFilter(_StopPollQuiet())
