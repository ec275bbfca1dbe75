"""Did an update's replies reach Telegram?  (issue 24.4: at least once, whatever stops it.)

An update is marked handled only once its replies reached Telegram — or Telegram refused them for good (a 400, a
403: the chat is gone, the text is wrong; trying again would change nothing).  Before, a reply that failed
(Telegram unreachable, a time-out, a 5xx) was handed to the error handler, or swallowed where the bot had already
stored what it owed, and the update was marked handled all the same: a user who wrote during an outage was never
answered.

``bot.delivery.lanes`` handles each update inside an ``Attempt`` (a context variable, so every call the handlers make sees
it without being passed it).  What fails in passing is noted on it:

- ``bot.delivery.request.RetryingRequest`` notes a Bot API call that still failed after its tries (a network error, a
  time-out, a 5xx) — whoever called it, and whether the caller swallowed the error or not;
- the error handler and the places that swallow a reply's failure note what reached them (``note``): a 429 the
  rate limiter gave up on, the database away or the disk full in the middle of a handler.

An update whose attempt failed is not committed: what its handlers changed is dropped, it stays pending, and it is
handled again later from the state stored before it (``bot.delivery.lanes``), or at the next start.  Handling it again must
not read the cast again: the reading is stored once per consultation, the consultation's id comes from the update
that opened it (``bot.handlers.common.consultation_id``), and an answer already stored is sent as stored (``bot.handlers.flow.answer``).
Calls that only decorate a reply (``answerCallbackQuery``: the button's spinner; ``sendChatAction``) are not
noted: an update whose messages went out is not sent again because its spinner was not stopped.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError

from bot.storage.errors import passing_failure

# Bot API methods that decorate a reply rather than make one: their failure leaves the update handled.
COSMETIC = frozenset({"answerCallbackQuery", "sendChatAction"})


@dataclass
class Attempt:
    """One try at handling one update; ``failure`` is the first failure that passes (None: all went out)."""

    update_id: int | None
    failure: BaseException | None = None


_attempt: ContextVar[Attempt | None] = ContextVar("liuyao_reply_attempt", default=None)


@contextmanager
def attempt(update_id: int | None) -> Iterator[Attempt]:
    """Handle one update inside this: every failure noted meanwhile (in this task and the tasks it starts) is its
    own."""
    current = Attempt(update_id)
    token = _attempt.set(current)
    try:
        yield current
    finally:
        _attempt.reset(token)


def failed(exc: BaseException) -> bool:
    """The current update's reply did not get through (``exc``, a failure that passes): it stays pending.
    Whether an update is being handled here (outside one — a job, a poll — there is nothing to keep)."""
    current = _attempt.get()
    if current is None:
        return False
    if current.failure is None:
        current.failure = exc
    return True


def kept() -> bool:
    """Whether the update being handled is already kept to be handled again (what fails after that is a
    consequence — a handler that finds no user because the database was away — not news)."""
    current = _attempt.get()
    return current is not None and current.failure is not None


def passing(exc: BaseException) -> bool:
    """A failure worth waiting out: Telegram unreachable, timing out, a 5xx, a 429 (``RetryAfter``), or the
    database away / the disk full (``bot.storage.errors.passing_failure``).  A 400 (``BadRequest``, which PTB
    derives from ``NetworkError``), a 403 and the rest of Telegram's answers are for good."""
    if isinstance(exc, RetryAfter):
        return True
    if isinstance(exc, NetworkError):
        return not isinstance(exc, BadRequest) and "too large" not in str(exc).lower()  # 413: for good
    if isinstance(exc, TelegramError):
        return False
    if isinstance(exc, FileNotFoundError | PermissionError | IsADirectoryError | NotADirectoryError):
        return False  # a file the program needs: no outage, a fault to see at once
    return passing_failure(exc)


def note(exc: BaseException) -> bool:
    """Note ``exc`` on the current update if it passes (``passing``); whether the update is kept for it."""
    return passing(exc) and failed(exc)
