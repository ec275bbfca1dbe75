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
    """One batch of ``sweep_consultations``: the conversations it deleted, the users' data it took a draft out of,
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
