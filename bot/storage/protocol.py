"""``Storage``: what the bot asks of its database, whichever engine holds it.

Every caller in ``bot/`` types its storage as this Protocol and reaches the data only through these methods; SQL
stays inside ``bot.storage``.  ``SQLiteStorage`` and ``PostgresStorage`` (both ``bot.storage.repository.
SQLStorage``) implement it with the same behaviour.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import date, datetime, time, timedelta
from typing import Any, Protocol

from bot.storage.models import (
    Ask,
    AskAnswer,
    Delivery,
    DueAsk,
    DueSubscription,
    Health,
    HistoryPage,
    NatalReading,
    Reading,
    ReadingPage,
    StoredOutcome,
    Subscription,
    SweptBatch,
    User,
)
from bot.storage.values import Outcome


class Storage(Protocol):
    engine: str  # 'sqlite' or 'postgresql'
    owner: str  # this sender's name on the delivery reservations it makes
    lease: timedelta
    max_attempts: int

    @property
    def url(self) -> str: ...

    @property
    def closed(self) -> bool: ...

    async def close(self) -> None: ...

    def now(self) -> datetime:
        """The storage's clock (injected in tests): an aware instant."""

    async def schema_version(self) -> int: ...

    async def health(self) -> Health:
        """Reachable now, and the schema this program writes (``GET /healthz``)."""

    # users
    async def get_user(self, user_id: int) -> User | None: ...

    async def get_or_create_user(self, user_id: int, *, lang: str | None = None, tz: str | None = None,
                                 day_boundary: int | None = None, coins: str | None = None) -> User: ...

    async def update_user_settings(self, user_id: int, *, lang: str | None = None, tz: str | None = None,
                                   day_boundary: int | None = None, coins: str | None = None,
                                   grim: bool | None = None) -> User: ...

    # readings
    async def add_reading(self, user_id: int, *, lines: str, reading: Any, tosses: Any | None = None,
                          coins: str | None = None, moment_utc: datetime | None = None, tz: str | None = None,
                          day_boundary: int | None = None, pillars: Mapping[str, Any] | None = None,
                          question: str | None = None, topic: str | None = None, subject: str | None = None,
                          sex: str | None = None, use_god: str | None = None,
                          created_at: datetime | None = None, consultation: str | None = None) -> int: ...

    async def get_reading(self, user_id: int, reading_id: int) -> Reading | None: ...

    async def count_readings(self, user_id: int) -> int: ...

    async def list_readings(self, user_id: int, offset: int = 0, limit: int = 10) -> ReadingPage: ...

    async def add_natal_reading(self, user_id: int, *, record: Any, birth_utc: datetime | None = None,
                                birth_date: date | str | None = None, tz: str | None = None,
                                day_boundary: int | None = None, pillars: Mapping[str, Any] | None = None,
                                sex: str | None = None, created_at: datetime | None = None,
                                consultation: str | None = None) -> int: ...

    async def readings_since(self, user_id: int, since: datetime) -> int: ...

    async def get_natal_reading(self, user_id: int, natal_id: int) -> NatalReading | None: ...

    async def list_history(self, user_id: int, offset: int = 0, limit: int = 10) -> HistoryPage: ...

    async def set_outcome(self, user_id: int, reading_id: int, *, outcome: Outcome | None, text: str | None = None,
                          on: date | str | None = None, now: datetime | None = None) -> bool: ...

    # asking back at a reading's moment (bot.handlers.askback; the queries in bot.storage.asks)
    async def set_ask_back(self, user_id: int, on: bool, *, at: str | None = None,
                           now: datetime | None = None) -> User: ...

    async def schedule_asks(self, user_id: int, reading_id: int, chat_id: int,
                            moments: Sequence[tuple[str, str, date, datetime]], *,
                            now: datetime | None = None) -> bool: ...

    async def list_asks(self, user_id: int, reading_id: int | None = None) -> list[Ask]: ...

    async def retime_asks(self, times: Iterable[tuple[int, int, datetime]], *, now: datetime | None = None) -> int: ...

    async def cancel_asks(self, user_id: int, reading_id: int, *, now: datetime | None = None) -> int: ...

    def iter_due_asks(self, now_utc: datetime, *, page_size: int = 200) -> AsyncGenerator[DueAsk, None]: ...

    async def reserve_ask(self, ask: Ask, *, now: datetime | None = None) -> bool: ...

    async def confirm_ask(self, ask: Ask, *, message_id: int | None, now: datetime | None = None) -> bool: ...

    async def fail_ask(self, ask: Ask, *, error: str, retry: bool, retry_after: timedelta | None = None,
                       now: datetime | None = None) -> bool: ...

    async def release_stale_asks(self, *, now: datetime | None = None) -> int: ...

    async def answer_ask(self, user_id: int, reading_id: int, step: int, answer: str, *, on: date | None = None,
                         now: datetime | None = None) -> AskAnswer: ...

    async def user_outcomes(self, user_id: int) -> list[StoredOutcome]: ...

    def shared_outcomes(self, *, page_size: int = 500) -> AsyncIterator[StoredOutcome]: ...

    # subscriptions and the daily broadcast
    async def subscribe(self, user_id: int, chat_id: int, hh_mm: str | time, zone: str, lang: str, *,
                        now: datetime | None = None) -> Subscription: ...

    async def unsubscribe(self, user_id: int, reason: str = "user", *, now: datetime | None = None) -> bool: ...

    async def get_subscription(self, user_id: int) -> Subscription | None: ...

    async def count_active_subscriptions(self) -> int: ...

    def iter_due_subscriptions(self, now_utc: datetime | None = None, *,
                               page_size: int = 200) -> AsyncGenerator[DueSubscription, None]: ...

    async def reserve_delivery(self, sub: Subscription, local_date: date | str | None = None, *,
                               now: datetime | None = None) -> bool: ...

    async def confirm_delivery(self, sub: Subscription, local_date: date | str | None = None, *,
                               message_id: int | None, now: datetime | None = None) -> bool: ...

    async def fail_delivery(self, sub: Subscription, local_date: date | str | None = None, *, error: str,
                            retry: bool, retry_after: timedelta | None = None,
                            now: datetime | None = None) -> bool: ...

    async def release_stale_reservations(self, *, now: datetime | None = None) -> int: ...

    async def get_delivery(self, user_id: int, local_date: date | str) -> Delivery | None: ...

    async def prune_deliveries(self, before: date | str) -> int: ...

    # telegram.ext's data (bot.storage.persistence): JSON texts
    async def get_ptb_data(self, kind: str, row_id: int) -> str | None: ...

    async def put_ptb_data(self, kind: str, row_id: int, text: str | None) -> None: ...

    async def get_ptb_store(self, name: str) -> str | None: ...

    async def put_ptb_store(self, name: str, text: str) -> None: ...

    async def read_ptb_state(
        self, user_id: int | None, conversations: Sequence[tuple[str, str]]
    ) -> tuple[tuple[str, datetime] | None, dict[tuple[str, str], tuple[str, datetime]]]: ...

    async def get_conversation(self, name: str, key: str) -> tuple[str, datetime] | None: ...

    async def list_conversations(self, name: str) -> list[tuple[str, str]]: ...

    async def put_conversation(self, name: str, key: str, state: str | None) -> None: ...

    async def sweep_conversations(self, before: datetime, draft_keys: Sequence[str], *, limit: int = 200,
                                  after: tuple[datetime, str, str] | None = None) -> SweptBatch:
        """One batch of the conversations abandoned before ``before`` deleted with their drafts (``bot.delivery.expiry``)."""

    # the updates received (bot.delivery.inbox): stored before their offset is confirmed, marked with their state;
    # a cluster's workers take turns at a user's updates (bot.delivery.lanes)
    shared: bool

    def user_turn(self, user_id: int) -> AbstractAsyncContextManager[None]: ...

    def broadcast_turn(self) -> AbstractAsyncContextManager[bool]: ...

    async def update_state(self, update_id: int, user_id: int) -> tuple[bool, list[tuple[int, str]]]: ...

    async def store_updates(self, updates: Iterable[tuple[int, int | None, str]]) -> set[int]: ...

    async def pending_updates(self) -> list[tuple[int, str]]: ...

    async def prune_updates(self, before: datetime) -> int: ...

    async def stale_updates(self, before: datetime, limit: int = 100) -> list[tuple[int, str]]: ...

    async def commit_update(self, user_data: Iterable[tuple[int, str | None]],
                            conversations: Iterable[tuple[str, str, str | None]],
                            handled: Iterable[int] = (), dropped: Iterable[int] = ()) -> None: ...
