"""The typed rows the storage gives back: frozen dataclasses, aware UTC instants, ``date`` for calendar dates."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class User:
    user_id: int
    lang: str
    tz: str
    day_boundary: int
    coins: str
    created_at: datetime
    updated_at: datetime
    grim: bool = False  # show 玉照定真經's grave verses (early death, crime …); off by default
    ask_back: bool | None = None  # asked back at a reading's moment (bot.handlers.askback): None until the offer is answered
    ask_at: str = "20:00"  # the local time of day the asks come at


@dataclass(frozen=True, slots=True)
class Reading:
    id: int
    user_id: int
    created_at: datetime
    lines: str
    tosses: Any | None
    coins: str | None
    moment_utc: datetime | None
    moment_tz: str | None
    day_boundary: int | None
    pillars: dict[str, Any] | None
    question: str | None
    topic: str | None
    subject: str | None
    sex: str | None
    use_god: str | None
    reading: Any
    outcome: str | None
    outcome_text: str | None
    outcome_date: date | None
    outcome_noted_at: datetime | None


@dataclass(frozen=True, slots=True)
class NatalReading:
    """A stored 玉照定真經 reading: the birth as given and the record computed then."""

    id: int
    user_id: int
    created_at: datetime
    birth_utc: datetime | None
    birth_date: date | None
    tz: str | None
    day_boundary: int | None
    pillars: dict[str, Any] | None
    sex: str | None
    record: Any


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of a user's history, hexagram and natal readings together, newest first."""

    items: list[Reading | NatalReading]
    total: int
    offset: int
    limit: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


@dataclass(frozen=True, slots=True)
class ReadingPage:
    items: list[Reading]
    total: int
    offset: int
    limit: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


@dataclass(frozen=True, slots=True)
class Subscription:
    id: int
    user_id: int
    chat_id: int
    send_at: str
    tz: str
    lang: str
    active: bool
    starts_on: date
    created_at: datetime
    updated_at: datetime
    ended_at: datetime | None
    end_reason: str | None


@dataclass(frozen=True, slots=True)
class DueSubscription(Subscription):
    """A subscription due now, with the local date its delivery is for."""

    local_date: date


@dataclass(frozen=True, slots=True)
class Delivery:
    user_id: int
    local_date: date
    subscription_id: int
    chat_id: int
    status: str
    attempts: int
    owner: str | None
    reserved_at: datetime | None
    lease_until: datetime | None
    retryable: bool
    next_attempt_at: datetime | None
    sent_at: datetime | None
    message_id: int | None
    last_error: str | None


@dataclass(frozen=True, slots=True)
class SweptBatch:
    """One batch of ``sweep_conversations``: the conversations it deleted, the users' data it took a draft out of,
    and where the next batch starts (``None``: nothing older than the cutoff is left to look at)."""

    conversations: int
    drafts: int
    next: tuple[datetime, str, str] | None


@dataclass(frozen=True, slots=True)
class Health:
    """What ``Storage.health`` found: the database answered, and its schema version against this program's."""

    reachable: bool
    schema: int | None
    expected: int
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.reachable and self.schema == self.expected


@dataclass(frozen=True, slots=True)
class Ask:
    """One ask of a reading (``bot.handlers.askback``): the moment it names, when it is due, and how it stands."""

    reading_id: int
    step: int  # 0: the most likely moment; 1, 2: the next ones, asked after "not yet"
    user_id: int
    chat_id: int
    unit: str  # 'hour', 'day', 'month' or 'year'
    pillar: str  # the moment's branch (with its stem for a day that names one)
    moment_date: date  # in the cast's zone
    due_at: datetime
    status: str  # 'later', 'waiting', 'pending', 'sent', 'failed', 'answered', 'cancelled'
    attempts: int = 0
    answer: str | None = None
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class DueAsk(Ask):
    """An ask due now, with what its message says: the user's language, and the reading's question and topic."""

    lang: str = "en"
    question: str | None = None
    topic: str | None = None
    cast_at: datetime | None = None  # when the reading was cast (or stored, for one given by pillars)
    moment_tz: str | None = None


@dataclass(frozen=True, slots=True)
class AskAnswer:
    """What ``answer_ask`` did: 'answered', 'already' (answered before) or 'missing' (no such ask of this user),
    and for "not yet" the next ask, now waiting (None: that was the last)."""

    result: str
    next: Ask | None = None


@dataclass(frozen=True, slots=True)
class StoredOutcome:
    """A reading with its outcome, as the tally (``bot.ops.outcomes``) and ``liuyao outcomes`` read it — no user id."""

    lines: str
    moment_utc: datetime | None
    moment_tz: str | None
    day_boundary: int | None
    pillars: dict[str, Any] | None
    topic: str | None
    subject: str | None
    sex: str | None
    use_god: str | None
    reading: Any
    outcome: str
    outcome_date: date | None
