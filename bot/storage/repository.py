"""The bot's queries, written once for both engines: users, readings, subscriptions, deliveries, PTB's data.

``SQLStorage`` holds every query and the checks on what a caller passes; an engine (``bot.storage.sqlite``,
``bot.storage.postgres``) subclasses it with its connection, its transactions and the stored form of instants
and dates.  The SQL is the part both engines read alike: named parameters (``:name``), ``ON CONFLICT`` upserts
with the target's columns qualified by its table name, ``RETURNING``, and ``TRUE``/``FALSE`` for flags (SQLite
reads them as 1/0, which its partial indexes were written with).  Each engine translates a statement once.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import uuid
from collections.abc import AsyncGenerator, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from types import TracebackType
from typing import Any, Protocol, Self
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.storage.asks import AskQueries, write_outcome
from bot.storage.models import (
    Delivery,
    DueSubscription,
    Health,
    HistoryPage,
    NatalReading,
    Reading,
    ReadingPage,
    Subscription,
    SweptBatch,
    User,
)
from bot.storage.schema import SCHEMA_VERSION, TABLES
from bot.storage.values import (
    OUTCOMES,
    Clock,
    Outcome,
    as_date,
    check_coins,
    check_day_boundary,
    check_hhmm,
    check_lang,
    check_lines,
    check_zone,
    fits,
    json_text,
    loads,
)

_LOG = logging.getLogger("bot.storage")


class Row(Protocol):
    """A result row: by column name or position (``sqlite3.Row`` and ``asyncpg.Record`` both are)."""

    def __getitem__(self, key: int | str, /) -> Any: ...


class Tx(Protocol):
    """The statements of one transaction (or one snapshot), on the engine's connection."""

    async def execute(self, sql: str, params: Mapping[str, Any] | None = None) -> int:
        """Run one statement; the number of rows it changed."""

    async def write(self, sql: str, params: Mapping[str, Any] | None = None) -> None:
        """Run one statement whose count of changed rows is not needed (on SQLite one trip to its thread, not
        two)."""

    async def executemany(self, sql: str, rows: Iterable[Mapping[str, Any]]) -> None: ...

    async def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]: ...

    async def fetchrow(self, sql: str, params: Mapping[str, Any] | None = None) -> Any: ...


READING_COLUMNS = (
    "id, user_id, created_at, lines, tosses, coins, moment_utc, moment_tz, day_boundary, pillars, question, "
    "topic, subject, sex, use_god, reading, outcome, outcome_text, outcome_date, outcome_noted_at"
)
SUBSCRIPTION_COLUMNS = (
    "id, user_id, chat_id, send_at, tz, lang, active, starts_on, created_at, updated_at, ended_at, end_reason"
)
USER_COLUMNS = "user_id, lang, tz, day_boundary, coins, created_at, updated_at, grim, ask_back, ask_at"
NATAL_COLUMNS = "id, user_id, created_at, birth_utc, birth_date, tz, day_boundary, pillars, sex, record"
DELIVERY_COLUMNS = (
    "user_id, local_date, subscription_id, chat_id, status, attempts, owner, reserved_at, lease_until, retryable, "
    "next_attempt_at, sent_at, message_id, last_error"
)

# A delivery row that makes its (user, local date) not due at :now.
_NOT_DUE = """
    d.status = 'sent'
    OR (d.status = 'pending' AND d.lease_until > :now)
    OR (d.status = 'failed' AND (d.retryable = FALSE OR d.next_attempt_at > :now))
    OR d.attempts >= :max_attempts
"""

# telegram.ext's per-user and per-chat data: kind → (table, id column)
PTB_TABLES = {"user_data": ("ptb_user_data", "user_id"), "chat_data": ("ptb_chat_data", "chat_id")}


class SQLStorage(AskQueries):
    """The bot's data (see ``bot.storage`` for what is kept and the delivery guarantees), on one engine.

    ``async with await open_storage(url) as storage:`` … — or ``await storage.close()``.
    """

    engine = "sql"
    """'sqlite' or 'postgresql'."""

    def __init__(self, *, clock: Clock, lease: timedelta, max_attempts: int) -> None:
        self._clock = clock
        self.lease = lease
        self.max_attempts = max_attempts
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:12]}"
        """This sender's name on the reservations it makes."""

    # ---------------------------------------------------------------------------------- what an engine gives

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """``async with storage.transaction() as tx:`` — a write transaction, committed on normal exit and rolled
        back on any exception (cancellation included).  Do not await unrelated slow work (network) inside."""
        raise NotImplementedError

    def snapshot(self) -> AbstractAsyncContextManager[Tx]:
        """Several reads from one consistent snapshot."""
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]:
        """Rows of one read statement (named parameters)."""
        async with self.snapshot() as tx:
            return await tx.fetch(sql, params)

    async def fetchone(self, sql: str, params: Mapping[str, Any] | None = None) -> Any | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def schema_version(self) -> int:
        raise NotImplementedError

    async def health(self) -> Health:
        """For ``GET /healthz``: can the database answer a query now, and is its schema the one this program
        writes (an older one was migrated at open; a different one means another program changed it since)."""
        try:
            version = await self.schema_version()
        except Exception as exc:  # noqa: BLE001 — any failure of either driver means "not reachable"
            return Health(reachable=False, schema=None, expected=SCHEMA_VERSION, error=str(exc))
        return Health(reachable=True, schema=version, expected=SCHEMA_VERSION)

    @property
    def url(self) -> str:
        """The database's URL (``sqlite:///…`` or ``postgresql://…``)."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        raise NotImplementedError

    async def next_id(self, tx: Tx, table: str) -> int:
        """The id the engine gives the next row of ``table`` (one of ``schema.IDENTITIES``)."""
        raise NotImplementedError

    async def set_next_id(self, tx: Tx, table: str, value: int) -> None:
        """Make the engine number the next row of ``table`` ``value`` or above (never below what it holds)."""
        raise NotImplementedError

    def instant(self, moment: datetime) -> Any:
        """An aware datetime in the engine's stored form (a naive one is refused)."""
        raise NotImplementedError

    def instant_out(self, value: Any) -> datetime | None:
        raise NotImplementedError

    def day(self, value: date | str) -> Any:
        """A calendar date in the engine's stored form."""
        raise NotImplementedError

    def day_out(self, value: Any) -> date | None:
        raise NotImplementedError

    # ----------------------------------------------------------------------------------------------- common

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    def now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError("the storage clock must return aware datetimes")
        return moment

    def _stamp(self, moment: datetime | None = None) -> Any:
        return self.instant(moment or self.now())

    # ----------------------------------------------------------------------------------------------- rows

    def _user(self, row: Row) -> User:
        return User(
            user_id=row["user_id"], lang=row["lang"], tz=row["tz"], day_boundary=row["day_boundary"],
            coins=row["coins"], created_at=self.instant_out(row["created_at"]),  # type: ignore[arg-type]
            updated_at=self.instant_out(row["updated_at"]), grim=bool(row["grim"]),  # type: ignore[arg-type]
            ask_back=None if row["ask_back"] is None else bool(row["ask_back"]), ask_at=row["ask_at"],
        )

    def _reading(self, row: Row) -> Reading:
        return Reading(
            id=row["id"], user_id=row["user_id"],
            created_at=self.instant_out(row["created_at"]),  # type: ignore[arg-type]
            lines=row["lines"], tosses=loads(row["tosses"]), coins=row["coins"],
            moment_utc=self.instant_out(row["moment_utc"]), moment_tz=row["moment_tz"],
            day_boundary=row["day_boundary"], pillars=loads(row["pillars"]), question=row["question"],
            topic=row["topic"], subject=row["subject"], sex=row["sex"], use_god=row["use_god"],
            reading=loads(row["reading"]), outcome=row["outcome"], outcome_text=row["outcome_text"],
            outcome_date=self.day_out(row["outcome_date"]), outcome_noted_at=self.instant_out(row["outcome_noted_at"]),
        )

    def _natal(self, row: Row) -> NatalReading:
        return NatalReading(
            id=row["id"], user_id=row["user_id"],
            created_at=self.instant_out(row["created_at"]),  # type: ignore[arg-type]
            birth_utc=self.instant_out(row["birth_utc"]), birth_date=self.day_out(row["birth_date"]),
            tz=row["tz"], day_boundary=row["day_boundary"], pillars=loads(row["pillars"]), sex=row["sex"],
            record=loads(row["record"]),
        )

    def _subscription_fields(self, row: Row) -> dict[str, Any]:
        return {
            "id": row["id"], "user_id": row["user_id"], "chat_id": row["chat_id"], "send_at": row["send_at"],
            "tz": row["tz"], "lang": row["lang"], "active": bool(row["active"]),
            "starts_on": self.day_out(row["starts_on"]), "created_at": self.instant_out(row["created_at"]),
            "updated_at": self.instant_out(row["updated_at"]), "ended_at": self.instant_out(row["ended_at"]),
            "end_reason": row["end_reason"],
        }

    def _delivery(self, row: Row) -> Delivery:
        return Delivery(
            user_id=row["user_id"], local_date=self.day_out(row["local_date"]),  # type: ignore[arg-type]
            subscription_id=row["subscription_id"], chat_id=row["chat_id"], status=row["status"],
            attempts=row["attempts"], owner=row["owner"], reserved_at=self.instant_out(row["reserved_at"]),
            lease_until=self.instant_out(row["lease_until"]), retryable=bool(row["retryable"]),
            next_attempt_at=self.instant_out(row["next_attempt_at"]), sent_at=self.instant_out(row["sent_at"]),
            message_id=row["message_id"], last_error=row["last_error"],
        )

    # -------------------------------------------------------------------------------------------- users

    async def _ensure_user(self, tx: Tx, user_id: int, now: Any) -> None:
        await tx.write(
            "INSERT INTO users (user_id, created_at, updated_at) VALUES (:user_id, :now, :now) "
            "ON CONFLICT (user_id) DO NOTHING",
            {"user_id": _id(user_id), "now": now},
        )

    async def get_user(self, user_id: int) -> User | None:
        if not fits(int(user_id)):
            return None
        row = await self.fetchone(f"SELECT {USER_COLUMNS} FROM users WHERE user_id = :id", {"id": int(user_id)})
        return None if row is None else self._user(row)

    async def get_or_create_user(
        self,
        user_id: int,
        *,
        lang: str | None = None,
        tz: str | None = None,
        day_boundary: int | None = None,
        coins: str | None = None,
    ) -> User:
        """The user, created with the given settings (else en, UTC, 23, backs) if new; an existing user's
        settings are left as they are."""
        values = {
            "user_id": _id(user_id),
            "lang": check_lang(lang) if lang is not None else "en",
            "tz": check_zone(tz) if tz is not None else "UTC",
            "day_boundary": check_day_boundary(day_boundary) if day_boundary is not None else 23,
            "coins": check_coins(coins) if coins is not None else "backs",
            "now": self._stamp(),
        }
        async with self.transaction() as tx:
            await tx.write(
                "INSERT INTO users (user_id, lang, tz, day_boundary, coins, created_at, updated_at) "
                "VALUES (:user_id, :lang, :tz, :day_boundary, :coins, :now, :now) ON CONFLICT (user_id) DO NOTHING",
                values,
            )
            row = await tx.fetchrow(f"SELECT {USER_COLUMNS} FROM users WHERE user_id = :id", {"id": int(user_id)})
        return self._user(row)

    async def update_user_settings(
        self,
        user_id: int,
        *,
        lang: str | None = None,
        tz: str | None = None,
        day_boundary: int | None = None,
        coins: str | None = None,
        grim: bool | None = None,
    ) -> User:
        """Change the settings given (others unchanged), creating the user if new."""
        changes: dict[str, Any] = {}
        if lang is not None:
            changes["lang"] = check_lang(lang)
        if tz is not None:
            changes["tz"] = check_zone(tz)
        if day_boundary is not None:
            changes["day_boundary"] = check_day_boundary(day_boundary)
        if coins is not None:
            changes["coins"] = check_coins(coins)
        if grim is not None:
            changes["grim"] = bool(grim)
        now = self._stamp()
        uid = _id(user_id)
        async with self.transaction() as tx:
            await self._ensure_user(tx, uid, now)
            if changes:
                sets = ", ".join(f"{column} = :{column}" for column in changes)
                await tx.write(f"UPDATE users SET {sets}, updated_at = :now WHERE user_id = :user_id",
                               {**changes, "now": now, "user_id": uid})
            row = await tx.fetchrow(f"SELECT {USER_COLUMNS} FROM users WHERE user_id = :id", {"id": uid})
        return self._user(row)

    # ----------------------------------------------------------------------------------------- readings

    async def add_reading(
        self,
        user_id: int,
        *,
        lines: str,
        reading: Any,
        tosses: Any | None = None,
        coins: str | None = None,
        moment_utc: datetime | None = None,
        tz: str | None = None,
        day_boundary: int | None = None,
        pillars: Mapping[str, Any] | None = None,
        question: str | None = None,
        topic: str | None = None,
        subject: str | None = None,
        sex: str | None = None,
        use_god: str | None = None,
        created_at: datetime | None = None,
        consultation: str | None = None,
    ) -> int:
        """Record a reading; returns its id.  The user row is created if missing.

        ``consultation`` names the consultation this reading ends: if that consultation already has its reading
        (stored, then the process died before the state moved on), that reading's id is returned and nothing
        is stored again.

        The moment is either an instant (``moment_utc`` aware, ``tz`` its IANA zone, ``day_boundary``) or
        ``pillars`` given directly (a book's case) — exactly one of the two.  ``tosses``, ``pillars`` and
        ``reading`` are JSON-serialisable values (or JSON text), stored as JSON.
        """
        if (moment_utc is None) == (pillars is None):
            raise ValueError("give either moment_utc with tz, or pillars — exactly one")
        if moment_utc is not None and tz is None:
            raise ValueError("moment_utc needs its IANA zone (tz)")
        if pillars is not None and tz is not None:
            raise ValueError("tz belongs to an instant; pillars have no zone")
        params = {
            "user_id": _id(user_id),
            "created_at": self._stamp(created_at),
            "lines": check_lines(lines),
            "tosses": None if tosses is None else json_text(tosses, "tosses"),
            "coins": None if coins is None else check_coins(coins),
            "moment_utc": None if moment_utc is None else self.instant(moment_utc),
            "moment_tz": None if tz is None else check_zone(tz),
            "day_boundary": None if day_boundary is None else check_day_boundary(day_boundary),
            "pillars": None if pillars is None else json_text(pillars, "pillars"),
            "question": question,
            "topic": topic,
            "subject": subject,
            "sex": sex,
            "use_god": use_god,
            "reading": json_text(reading, "reading"),
            "consultation": consultation,
        }
        return await self._insert_once("readings", params)

    async def _insert_once(self, table: str, params: dict[str, Any]) -> int:
        """Insert a reading row unless its consultation has one already; the row's id either way."""
        columns = ", ".join(params)
        placeholders = ", ".join(f":{name}" for name in params)
        async with self.transaction() as tx:
            await self.lock_user(tx, params["user_id"])  # two workers answering one consultation take turns
            if params["consultation"] is not None:
                found = await tx.fetchrow(f"SELECT id FROM {table} WHERE user_id = :user_id AND consultation = :c",
                                          {"user_id": params["user_id"], "c": params["consultation"]})
                if found is not None:
                    return int(found[0])
            await self._ensure_user(tx, params["user_id"], self._stamp())
            row = await tx.fetchrow(f"INSERT INTO {table} ({columns}) VALUES ({placeholders}) RETURNING id", params)
        return int(row[0])

    async def readings_since(self, user_id: int, since: datetime) -> int:
        """How many readings (hexagram and natal) the user has had since ``since`` — the per-minute cap's count."""
        if not fits(int(user_id)):
            return 0
        row = await self.fetchone(
            "SELECT (SELECT count(*) FROM readings WHERE user_id = :u AND created_at >= :t)"
            " + (SELECT count(*) FROM natal_readings WHERE user_id = :u AND created_at >= :t)",
            {"u": int(user_id), "t": self.instant(since)})
        return int(row[0]) if row else 0

    async def get_reading(self, user_id: int, reading_id: int) -> Reading | None:
        """The reading, if it is this user's; ``None`` otherwise (another user's reading is never returned)."""
        if not (fits(int(reading_id)) and fits(int(user_id))):
            return None
        row = await self.fetchone(f"SELECT {READING_COLUMNS} FROM readings WHERE id = :id AND user_id = :user_id",
                                  {"id": int(reading_id), "user_id": int(user_id)})
        return None if row is None else self._reading(row)

    async def count_readings(self, user_id: int) -> int:
        row = await self.fetchone("SELECT count(*) FROM readings WHERE user_id = :id", {"id": _id(user_id)})
        return int(row[0]) if row else 0

    async def list_readings(self, user_id: int, offset: int = 0, limit: int = 10) -> ReadingPage:
        """A page of the user's readings, newest first, with the total count (one consistent snapshot)."""
        if offset < 0 or limit <= 0:
            raise ValueError("offset must be >= 0 and limit > 0")
        uid = _id(user_id)
        async with self.snapshot() as tx:
            total = int((await tx.fetchrow("SELECT count(*) FROM readings WHERE user_id = :id", {"id": uid}))[0])
            rows = await tx.fetch(
                f"SELECT {READING_COLUMNS} FROM readings WHERE user_id = :id "
                "ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset",
                {"id": uid, "limit": int(limit), "offset": int(offset)},
            )
        return ReadingPage(items=[self._reading(r) for r in rows], total=total, offset=offset, limit=limit)

    # ------------------------------------------------------------------------------------ natal readings

    async def add_natal_reading(
        self,
        user_id: int,
        *,
        record: Any,
        birth_utc: datetime | None = None,
        birth_date: date | str | None = None,
        tz: str | None = None,
        day_boundary: int | None = None,
        pillars: Mapping[str, Any] | None = None,
        sex: str | None = None,
        created_at: datetime | None = None,
        consultation: str | None = None,
    ) -> int:
        """Record a natal reading; returns its id.  The birth is exactly one of: an instant (``birth_utc`` with
        its ``tz``), a local date whose hour is unknown (``birth_date`` with its ``tz``), or ``pillars``.
        ``consultation``: as for ``add_reading``, stored once per consultation."""
        given = [x is not None for x in (birth_utc, birth_date, pillars)]
        if sum(given) != 1:
            raise ValueError("give exactly one of birth_utc, birth_date or pillars")
        if pillars is None and tz is None:
            raise ValueError("a birth instant or date needs its IANA zone (tz)")
        if pillars is not None and tz is not None:
            raise ValueError("tz belongs to a birth instant or date; pillars have no zone")
        if sex is not None and sex not in ("male", "female"):
            raise ValueError(f"sex must be 'male' or 'female', not {sex!r}")
        params = {
            "user_id": _id(user_id),
            "created_at": self._stamp(created_at),
            "birth_utc": None if birth_utc is None else self.instant(birth_utc),
            "birth_date": None if birth_date is None else self.day(birth_date),
            "tz": None if tz is None else check_zone(tz),
            "day_boundary": None if day_boundary is None else check_day_boundary(day_boundary),
            "pillars": None if pillars is None else json_text(pillars, "pillars"),
            "sex": sex,
            "record": json_text(record, "record"),
            "consultation": consultation,
        }
        return await self._insert_once("natal_readings", params)

    async def get_natal_reading(self, user_id: int, natal_id: int) -> NatalReading | None:
        """The natal reading, if it is this user's; ``None`` otherwise."""
        if not (fits(int(natal_id)) and fits(int(user_id))):
            return None
        row = await self.fetchone(
            f"SELECT {NATAL_COLUMNS} FROM natal_readings WHERE id = :id AND user_id = :user_id",
            {"id": int(natal_id), "user_id": int(user_id)},
        )
        return None if row is None else self._natal(row)

    async def list_history(self, user_id: int, offset: int = 0, limit: int = 10) -> HistoryPage:
        """A page of the user's hexagram and natal readings together, newest first (one consistent snapshot)."""
        if offset < 0 or limit <= 0:
            raise ValueError("offset must be >= 0 and limit > 0")
        uid = _id(user_id)
        async with self.snapshot() as tx:
            total = int((await tx.fetchrow(
                "SELECT (SELECT count(*) FROM readings WHERE user_id = :id) + "
                "(SELECT count(*) FROM natal_readings WHERE user_id = :id)", {"id": uid}))[0])
            keys = [(r["kind"], r["id"]) for r in await tx.fetch(
                "SELECT 'r' AS kind, id, created_at FROM readings WHERE user_id = :id UNION ALL "
                "SELECT 'n' AS kind, id, created_at FROM natal_readings WHERE user_id = :id "
                "ORDER BY created_at DESC, id DESC, kind LIMIT :limit OFFSET :offset",
                {"id": uid, "limit": int(limit), "offset": int(offset)},
            )]
            items: list[Reading | NatalReading] = []
            for kind, rid in keys:
                if kind == "r":
                    row = await tx.fetchrow(f"SELECT {READING_COLUMNS} FROM readings WHERE id = :id", {"id": rid})
                    items.append(self._reading(row))
                else:
                    row = await tx.fetchrow(f"SELECT {NATAL_COLUMNS} FROM natal_readings WHERE id = :id", {"id": rid})
                    items.append(self._natal(row))
        return HistoryPage(items=items, total=total, offset=offset, limit=limit)

    async def set_outcome(
        self,
        user_id: int,
        reading_id: int,
        *,
        outcome: Outcome | None,
        text: str | None = None,
        on: date | str | None = None,
        now: datetime | None = None,
    ) -> bool:
        """Record what came of a reading ('happened' / 'did_not', the user's words, the date it happened).

        Replaces an earlier outcome; ``outcome=None`` with no text and no date clears it.  Returns ``False``
        if there is no such reading of this user.
        """
        if outcome is not None and outcome not in OUTCOMES:
            raise ValueError(f"outcome must be 'happened', 'did_not' or None, not {outcome!r}")
        if not (fits(int(reading_id)) and fits(int(user_id))):
            return False
        async with self.transaction() as tx:
            return await write_outcome(tx, self, user_id, reading_id, outcome=outcome, text=text, on=on,
                                       now=now or self.now())

    # ------------------------------------------------------------------------------------ subscriptions

    async def subscribe(
        self,
        user_id: int,
        chat_id: int,
        hh_mm: str | time,
        zone: str,
        lang: str,
        *,
        now: datetime | None = None,
    ) -> Subscription:
        """Subscribe to the daily message at local ``hh_mm`` in ``zone``, or change the active subscription.

        A new subscription starts today if its time has not yet come today (local), else tomorrow: subscribing
        at 10:00 to 07:00 does not send at once.  Changing the time or zone of an active subscription keeps
        its start date; deliveries are keyed by (user, local date), so the change never sends twice on a date.
        """
        send_at, tz, lang = check_hhmm(hh_mm), check_zone(zone), check_lang(lang)
        moment = now or self.now()
        local = moment.astimezone(ZoneInfo(tz))
        starts_on = local.date() if local.strftime("%H:%M") < send_at else local.date() + timedelta(days=1)
        stamp = self.instant(moment)
        uid = _id(user_id)
        params = {"user_id": uid, "chat_id": _id(chat_id), "send_at": send_at, "tz": tz, "lang": lang, "now": stamp}
        async with self.transaction() as tx:
            await self._ensure_user(tx, uid, stamp)
            await self.lock_user(tx, uid)
            updated = await tx.execute(
                "UPDATE subscriptions SET chat_id = :chat_id, send_at = :send_at, tz = :tz, lang = :lang, "
                "updated_at = :now WHERE user_id = :user_id AND active = TRUE",
                params,
            )
            if not updated:
                await tx.execute(
                    "INSERT INTO subscriptions (user_id, chat_id, send_at, tz, lang, active, starts_on, created_at, "
                    "updated_at) VALUES (:user_id, :chat_id, :send_at, :tz, :lang, TRUE, :starts_on, :now, :now)",
                    {**params, "starts_on": self.day(starts_on)},
                )
            row = await tx.fetchrow(
                f"SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = :user_id AND active = TRUE",
                {"user_id": uid},
            )
        return Subscription(**self._subscription_fields(row))

    async def lock_user(self, tx: Tx, user_id: int) -> None:
        """Hold the user's row until the transaction ends (so two writers of one user's rows take turns).
        An engine whose write transactions already take turns (SQLite) has nothing to do."""

    async def unsubscribe(self, user_id: int, reason: str = "user", *, now: datetime | None = None) -> bool:
        """End the user's active subscription (reason e.g. 'user', 'blocked'); ``False`` if there was none."""
        if not fits(int(user_id)):
            return False
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE subscriptions SET active = FALSE, ended_at = :now, end_reason = :reason, updated_at = :now "
                "WHERE user_id = :user_id AND active = TRUE",
                {"now": self._stamp(now), "reason": reason, "user_id": int(user_id)},
            )
        return changed == 1

    async def get_subscription(self, user_id: int) -> Subscription | None:
        """The user's active subscription, or ``None``."""
        if not fits(int(user_id)):
            return None
        row = await self.fetchone(
            f"SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = :user_id AND active = TRUE",
            {"user_id": int(user_id)},
        )
        return None if row is None else Subscription(**self._subscription_fields(row))

    async def count_active_subscriptions(self) -> int:
        row = await self.fetchone("SELECT count(*) FROM subscriptions WHERE active = TRUE")
        return int(row[0]) if row else 0

    # ---------------------------------------------------------------------------------------- broadcast

    async def iter_due_subscriptions(
        self, now_utc: datetime | None = None, *, page_size: int = 200
    ) -> AsyncGenerator[DueSubscription, None]:
        """Stream the subscriptions due at ``now_utc`` (see ``bot.storage``), each with its local date.

        Reads ``page_size`` rows at a time (keyset paging by zone and id; nothing is held between pages, so the
        consumer may reserve/confirm while iterating).  Memory stays bounded by one page.
        """
        if page_size <= 0:
            raise ValueError("page_size must be > 0")
        now = now_utc or self.now()
        zones = [row[0] for row in await self.fetchall(
            "SELECT DISTINCT tz FROM subscriptions WHERE active = TRUE ORDER BY tz"
        )]
        for tz in zones:
            try:
                local = now.astimezone(ZoneInfo(tz))
            except (ZoneInfoNotFoundError, ValueError):
                _LOG.error("subscriptions in unknown time zone %r skipped", tz)
                continue
            local_date = local.date()
            after_id = 0
            while True:
                rows = await self._due_page(tz, local_date, local.strftime("%H:%M"), now, after_id, page_size)
                for row in rows:
                    yield DueSubscription(**self._subscription_fields(row), local_date=local_date)
                if len(rows) < page_size:
                    break
                after_id = rows[-1]["id"]

    async def _due_page(
        self, tz: str, local_date: date, local_hhmm: str, now: datetime, after_id: int, limit: int
    ) -> list[Any]:
        return await self.fetchall(
            f"""
            SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions AS s
            WHERE s.active = TRUE AND s.tz = :tz AND s.id > :after_id
              AND s.send_at <= :local_hhmm AND s.starts_on <= :local_date
              AND NOT EXISTS (
                  SELECT 1 FROM deliveries AS d
                  WHERE d.user_id = s.user_id AND d.local_date = :local_date AND ({_NOT_DUE})
              )
            ORDER BY s.id LIMIT :limit
            """,
            {
                "tz": tz,
                "after_id": after_id,
                "local_hhmm": local_hhmm,
                "local_date": self.day(local_date),
                "now": self.instant(now),
                "max_attempts": self.max_attempts,
                "limit": limit,
            },
        )

    async def reserve_delivery(
        self, sub: Subscription, local_date: date | str | None = None, *, now: datetime | None = None
    ) -> bool:
        """Claim the (subscriber, local date) delivery for this sender, atomically, before sending.

        Inserts a 'pending' row leased until now + ``lease``, or claims an existing row that is 'pending'
        with an expired lease (its sender died) or a retryable failure whose wait is over.  Returns ``False``
        if it is sent, reserved by a live sender, failed for good, out of attempts, or the subscription is
        no longer active.  ``local_date`` defaults to ``sub.local_date`` for a ``DueSubscription``.
        """
        day = _delivery_date(sub, local_date)
        moment = now or self.now()
        async with self.transaction() as tx:
            active = await tx.fetchrow(
                "SELECT chat_id FROM subscriptions WHERE id = :sub_id AND user_id = :user_id AND active = TRUE",
                {"sub_id": sub.id, "user_id": sub.user_id},
            )
            if active is None:
                return False
            claimed = await tx.execute(
                """
                INSERT INTO deliveries (user_id, local_date, subscription_id, chat_id, status, attempts, owner,
                                        reserved_at, lease_until, updated_at)
                VALUES (:user_id, :local_date, :sub_id, :chat_id, 'pending', 1, :owner, :now, :lease_until, :now)
                ON CONFLICT (user_id, local_date) DO UPDATE SET
                    status = 'pending', attempts = deliveries.attempts + 1, owner = excluded.owner,
                    reserved_at = excluded.reserved_at, lease_until = excluded.lease_until,
                    subscription_id = excluded.subscription_id, chat_id = excluded.chat_id,
                    next_attempt_at = NULL, updated_at = excluded.updated_at
                WHERE deliveries.attempts < :max_attempts AND (
                       (deliveries.status = 'pending' AND deliveries.lease_until <= :now)
                    OR (deliveries.status = 'failed' AND deliveries.retryable = TRUE
                        AND (deliveries.next_attempt_at IS NULL OR deliveries.next_attempt_at <= :now)))
                """,
                {
                    "user_id": sub.user_id,
                    "local_date": self.day(day),
                    "sub_id": sub.id,
                    "chat_id": active["chat_id"],
                    "owner": self.owner,
                    "now": self.instant(moment),
                    "lease_until": self.instant(moment + self.lease),
                    "max_attempts": self.max_attempts,
                },
            )
        return claimed == 1

    async def confirm_delivery(
        self,
        sub: Subscription,
        local_date: date | str | None = None,
        *,
        message_id: int | None,
        now: datetime | None = None,
    ) -> bool:
        """Record that Telegram accepted the message.  Call it immediately after ``send_message`` returns.

        Returns ``False`` if the delivery was already confirmed (by a sender whose lease had been taken over):
        the first message id is kept.
        """
        day = _delivery_date(sub, local_date)
        async with self.transaction() as tx:
            changed = await tx.execute(
                """
                INSERT INTO deliveries (user_id, local_date, subscription_id, chat_id, status, attempts, owner,
                                        sent_at, message_id, updated_at)
                VALUES (:user_id, :local_date, :sub_id, :chat_id, 'sent', 1, :owner, :now, :message_id, :now)
                ON CONFLICT (user_id, local_date) DO UPDATE SET
                    status = 'sent', sent_at = excluded.sent_at, message_id = excluded.message_id,
                    lease_until = NULL, next_attempt_at = NULL, last_error = NULL, updated_at = excluded.updated_at
                WHERE deliveries.status != 'sent'
                """,
                {
                    "user_id": sub.user_id,
                    "local_date": self.day(day),
                    "sub_id": sub.id,
                    "chat_id": sub.chat_id,
                    "owner": self.owner,
                    "now": self._stamp(now),
                    "message_id": message_id,
                },
            )
        return changed == 1

    async def fail_delivery(
        self,
        sub: Subscription,
        local_date: date | str | None = None,
        *,
        error: str,
        retry: bool,
        retry_after: timedelta | None = None,
        now: datetime | None = None,
    ) -> bool:
        """Record a failed send of this sender's reservation.

        ``retry=True``: due again (after ``retry_after``, if given) until ``max_attempts``; ``retry=False``:
        not due again that local date.  Returns ``False`` if this sender no longer holds the reservation.
        """
        day = _delivery_date(sub, local_date)
        moment = now or self.now()
        next_at = self.instant(moment + (retry_after or timedelta(0))) if retry else None
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE deliveries SET status = 'failed', retryable = :retry, next_attempt_at = :next_at, "
                "last_error = :error, lease_until = NULL, updated_at = :now "
                "WHERE user_id = :user_id AND local_date = :local_date AND status = 'pending' AND owner = :owner",
                {"retry": bool(retry), "next_at": next_at, "error": str(error)[:2000], "now": self.instant(moment),
                 "user_id": sub.user_id, "local_date": self.day(day), "owner": self.owner},
            )
        return changed == 1

    async def release_stale_reservations(self, *, now: datetime | None = None) -> int:
        """Expire every 'pending' lease held by *other* senders, so their deliveries are due at once.

        Call once at start-up when this process is the only sender (one bot per database): any other owner's
        reservation was left by a process that died before confirming.  Returns how many were released.
        """
        stamp = self._stamp(now)
        async with self.transaction() as tx:
            return await tx.execute(
                "UPDATE deliveries SET lease_until = :now, updated_at = :now "
                "WHERE status = 'pending' AND owner != :owner AND lease_until > :now",
                {"now": stamp, "owner": self.owner},
            )

    async def get_delivery(self, user_id: int, local_date: date | str) -> Delivery | None:
        if not fits(int(user_id)):
            return None
        row = await self.fetchone(
            f"SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE user_id = :user_id AND local_date = :local_date",
            {"user_id": int(user_id), "local_date": self.day(local_date)},
        )
        return None if row is None else self._delivery(row)

    async def prune_deliveries(self, before: date | str) -> int:
        """Delete delivery records of local dates before ``before`` (they are never due again)."""
        async with self.transaction() as tx:
            return await tx.execute("DELETE FROM deliveries WHERE local_date < :before", {"before": self.day(before)})

    # ----------------------------------------------------------------------- telegram.ext's data (bot.storage.persistence)

    async def get_ptb_data(self, kind: str, row_id: int) -> str | None:
        """The JSON text of one user's (``kind='user_data'``) or chat's (``'chat_data'``) data, or ``None``."""
        table, column = PTB_TABLES[kind]
        if not fits(int(row_id)):
            return None
        row = await self.fetchone(f"SELECT data FROM {table} WHERE {column} = :id", {"id": int(row_id)})
        return None if row is None else str(row[0])

    async def put_ptb_data(self, kind: str, row_id: int, text: str | None) -> None:
        """Write one user's or chat's data (JSON text); ``None`` deletes the row."""
        async with self.transaction() as tx:
            await _write_data(tx, kind, _id(row_id), text, self._stamp())

    async def get_ptb_store(self, name: str) -> str | None:
        """The JSON text of 'bot_data' or 'callback_data', or ``None``."""
        row = await self.fetchone("SELECT data FROM ptb_store WHERE name = :name", {"name": name})
        return None if row is None else str(row[0])

    async def put_ptb_store(self, name: str, text: str) -> None:
        async with self.transaction() as tx:
            await tx.write(
                "INSERT INTO ptb_store (name, data, updated_at) VALUES (:name, :data, :now) "
                "ON CONFLICT (name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                {"name": name, "data": text, "now": self._stamp()},
            )

    async def get_conversation(self, name: str, key: str) -> tuple[str, datetime] | None:
        """One conversation's state (JSON text) and when it was last written, or ``None``."""
        row = await self.fetchone("SELECT state, updated_at FROM ptb_conversations WHERE name = :name AND key = :key",
                                  {"name": name, "key": key})
        return None if row is None else (str(row[0]), self.instant_out(row[1]))  # type: ignore[return-value]

    async def read_ptb_state(
        self, user_id: int | None, conversations: Sequence[tuple[str, str]]
    ) -> tuple[tuple[str, datetime] | None, dict[tuple[str, str], tuple[str, datetime]]]:
        """What one update needs, in one statement: the user's data (JSON text, when it was written) or ``None``,
        and the states of the given (name, key) conversations that are stored (state text, when written)."""
        parts: list[str] = []
        params: dict[str, Any] = {}
        if user_id is not None and fits(int(user_id)):
            parts.append("SELECT 'u' AS kind, '' AS name, '' AS key, data AS value, updated_at "
                         "FROM ptb_user_data WHERE user_id = :user_id")
            params["user_id"] = int(user_id)
        for i, (name, key) in enumerate(conversations):
            parts.append(f"SELECT 'c', name, key, state, updated_at FROM ptb_conversations "
                         f"WHERE name = :name{i} AND key = :key{i}")
            params |= {f"name{i}": name, f"key{i}": key}
        if not parts:
            return None, {}
        user: tuple[str, datetime] | None = None
        states: dict[tuple[str, str], tuple[str, datetime]] = {}
        for row in await self.fetchall(" UNION ALL ".join(parts), params):
            value = (str(row[3]), self.instant_out(row[4]))
            if row[0] == "u":
                user = value  # type: ignore[assignment]
            else:
                states[(str(row[1]), str(row[2]))] = value  # type: ignore[assignment]
        return user, states

    async def list_conversations(self, name: str) -> list[tuple[str, str]]:
        """Every stored (key, state) of one ConversationHandler, in key order (JSON texts)."""
        rows = await self.fetchall("SELECT key, state FROM ptb_conversations WHERE name = :name ORDER BY key",
                                   {"name": name})
        return [(str(r[0]), str(r[1])) for r in rows]

    async def put_conversation(self, name: str, key: str, state: str | None) -> None:
        """Write one conversation's state (JSON text); ``None`` ends it (deletes the row)."""
        async with self.transaction() as tx:
            await _write_conversation(tx, name, key, state, self._stamp())

    async def free_users(self, tx: Tx, user_ids: Sequence[int]) -> set[int]:
        """Of ``user_ids``, those whose turn (``user_turn``) this transaction now holds until it ends; the others
        have an update being handled.  An engine whose processes never share a database's updates (SQLite) has
        no turns to take: all of them."""
        return set(user_ids)

    async def sweep_conversations(self, before: datetime, draft_keys: Sequence[str], *, limit: int = 200,
                                  after: tuple[datetime, str, str] | None = None) -> SweptBatch:
        """One batch of abandoned conversations deleted, with their drafts, in one transaction.

        It looks at up to ``limit`` conversations last written before ``before``, oldest first (past ``after``:
        the previous batch's ``next``).  One is abandoned when its user's data — its owner is the key's last
        int, as ``commit_update`` counts it — was last written before ``before`` too, or has no row (a
        consultation's last step is the later of the two writes).  Its row is deleted, and its user's data loses
        ``draft_keys`` (the row goes if nothing else is left in it).

        A row written meanwhile stays, because every row is taken with a write that repeats its condition: first
        the users' data (``SET data = data … WHERE updated_at < :before``: held from then on, and a user whose
        row fails it took a step), then the conversations (``DELETE … WHERE updated_at < :before``), in the order
        ``commit_update`` writes them, so the two never wait for each other in a circle; a draft is taken out only
        for a conversation this batch deleted.  PostgreSQL, at READ COMMITTED, waits for a concurrent writer and
        checks the condition again on the row it committed; SQLite runs the batch whole under its write lock.  On
        PostgreSQL a user whose turn is held — an update being handled — is left for the next sweep
        (``free_users``), and the others' turns are held until this batch commits.  A row deleted already deletes
        nothing more: sweepers can run on every worker at once, each counting only what its own statements
        deleted.
        """
        cutoff = self.instant(before)
        params: dict[str, Any] = {"before": cutoff, "limit": int(limit)}
        page = ""
        if after is not None:
            page = " AND (updated_at, name, key) > (:at, :after_name, :after_key)"
            params |= {"at": self.instant(after[0]), "after_name": after[1], "after_key": after[2]}
        async with self.transaction() as tx:
            rows = await tx.fetch(f"SELECT name, key, updated_at FROM ptb_conversations WHERE updated_at < :before"
                                  f"{page} ORDER BY updated_at, name, key LIMIT :limit", params)
            found = [(str(r[0]), str(r[1]), _owner(str(r[1]))) for r in rows]
            owners = sorted({owner for _name, _key, owner in found if owner is not None})
            free = await self.free_users(tx, owners) if owners else set()
            held: dict[int, str] = {}  # the user's data, still as old as the cutoff, held until the commit
            if free:
                ids = {f"u{i}": owner for i, owner in enumerate(sorted(free))}
                listed = ", ".join(":" + k for k in ids)
                stored = {int(r[0]) for r in await tx.fetch(
                    f"SELECT user_id FROM ptb_user_data WHERE user_id IN ({listed})", ids)}
                for r in await tx.fetch(f"UPDATE ptb_user_data SET data = data WHERE user_id IN ({listed}) AND "
                                        "updated_at < :before RETURNING user_id, data", ids | {"before": cutoff}):
                    held[int(r[0])] = str(r[1])
                free -= stored - held.keys()  # a step written since (or being written): not abandoned
            doomed = [(name, key) for name, key, owner in found if owner is None or owner in free]
            swept: list[Any] = []
            if doomed:
                pairs = {f"n{i}": name for i, (name, _key) in enumerate(doomed)} | {
                    f"k{i}": key for i, (_name, key) in enumerate(doomed)}
                values = ", ".join(f"(:n{i}, :k{i})" for i in range(len(doomed)))
                swept = await tx.fetch(f"DELETE FROM ptb_conversations WHERE updated_at < :before AND (name, key) IN "
                                       f"(VALUES {values}) RETURNING key", pairs | {"before": cutoff})
            drafts = 0
            for owner in sorted({o for r in swept if (o := _owner(str(r[0]))) is not None} & held.keys()):
                kept = _without(held[owner], draft_keys)
                if kept is None:
                    continue
                if kept:
                    drafts += await tx.execute("UPDATE ptb_user_data SET data = :data WHERE user_id = :id",
                                               {"id": owner, "data": kept})
                else:
                    drafts += await tx.execute("DELETE FROM ptb_user_data WHERE user_id = :id", {"id": owner})
        last = (self.instant_out(rows[-1][2]), str(rows[-1][0]), str(rows[-1][1])) if len(rows) == limit else None
        return SweptBatch(len(swept), drafts, last)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ the updates received (bot.delivery.inbox)

    async def store_updates(self, updates: Iterable[tuple[int, int | None, str]]) -> set[int]:
        """Record updates as received — (update_id, user id or None, JSON body) — in one transaction; the ids
        that were new (an id already there was received before: handled, or waiting to be)."""
        rows = list({u[0]: u for u in updates}.values())
        if not rows:
            return set()
        now = self._stamp()
        ids = {f"i{n}": row[0] for n, row in enumerate(rows)}
        async with self.transaction() as tx:
            known = {int(r[0]) for r in await tx.fetch(
                f"SELECT update_id FROM updates WHERE update_id IN ({', '.join(':' + k for k in ids)})", ids)}
            new = [r for r in rows if r[0] not in known]
            await tx.executemany(
                "INSERT INTO updates (update_id, user_id, body, received_at) VALUES (:id, :user, :body, :now) "
                "ON CONFLICT (update_id) DO NOTHING",
                [{"id": _id(i), "user": u if u is not None and fits(u) else None, "body": b, "now": now}
                 for i, u, b in new])
        return {r[0] for r in new}

    async def pending_updates(self) -> list[tuple[int, str]]:
        """The updates received but not handled (an earlier process was killed), oldest first: (id, JSON)."""
        rows = await self.fetchall("SELECT update_id, body FROM updates WHERE handled_at IS NULL ORDER BY update_id")
        return [(int(r[0]), str(r[1])) for r in rows]

    async def stale_updates(self, before: datetime, limit: int = 100) -> list[tuple[int, str]]:
        """Updates received before ``before`` and still not handled — in a cluster, most likely by a worker that
        died — oldest first: (id, JSON)."""
        rows = await self.fetchall(
            "SELECT update_id, body FROM updates WHERE handled_at IS NULL AND received_at < :before "
            "ORDER BY update_id LIMIT :limit", {"before": self.instant(before), "limit": int(limit)})
        return [(int(r[0]), str(r[1])) for r in rows]

    async def prune_updates(self, before: datetime) -> int:
        """Forget the ids of updates handled before ``before`` (Telegram no longer sends them again)."""
        async with self.transaction() as tx:
            return await tx.execute("DELETE FROM updates WHERE handled_at IS NOT NULL AND handled_at < :before",
                                    {"before": self.instant(before)})

    shared = False
    """Whether other processes may handle this database's updates at the same time (PostgreSQL: a cluster of
    workers).  SQLite is one process's: its lanes order a user's updates, and ``user_turn`` has nothing to do."""

    def user_turn(self, user_id: int) -> AbstractAsyncContextManager[None]:
        """``async with storage.user_turn(user_id):`` — this process's turn at the user's updates, held until the
        block ends.  One process needs none (``bot.delivery.lanes`` orders them); a cluster's engine overrides it."""
        return nullcontext()

    def broadcast_turn(self) -> AbstractAsyncContextManager[bool]:
        """``async with storage.broadcast_turn() as leading:`` — whether this process sends the daily broadcast
        now.  One process always does; a cluster's engine lets one worker at a time (the whole cluster's send
        rate is then that worker's, and another takes over at the next run if it dies)."""
        return nullcontext(True)

    async def update_state(self, update_id: int, user_id: int) -> tuple[bool, list[tuple[int, str]]]:
        """Whether ``update_id`` is handled already (another worker took it over), and the user's updates before
        it that are received and not handled (id, JSON), oldest first — to be handled before it."""
        rows = await self.fetchall(
            "SELECT update_id, body, handled_at FROM updates WHERE user_id = :u AND update_id <= :id "
            "AND (handled_at IS NULL OR update_id = :id) ORDER BY update_id", {"u": int(user_id), "id": int(update_id)})
        done = any(int(r[0]) == update_id and r[2] is not None for r in rows)
        return done, [(int(r[0]), str(r[1])) for r in rows if int(r[0]) != update_id and r[1] is not None]

    async def commit_update(self, user_data: Iterable[tuple[int, str | None]],
                            conversations: Iterable[tuple[str, str, str | None]],
                            handled: Iterable[int] = (), dropped: Iterable[int] = ()) -> None:
        """One update's outcome in one transaction: its user's data (JSON, or None to delete), its conversation
        states (name, key, JSON or None), and the updates marked handled or dropped — so after a crash either
        all of it is there (the update is not handled again) or none is (it is)."""
        await self.commit_outcome(UpdateOutcome(tuple(user_data), tuple(conversations), tuple(handled),
                                                tuple(dropped)))

    async def commit_outcome(self, outcome: UpdateOutcome) -> None:
        """``commit_update``'s transaction."""
        async with self.transaction() as tx:
            await write_update(tx, outcome, self._stamp())

    # ------------------------------------------------------------------------------- whole tables (db copy)

    async def count_rows(self, table: str) -> int:
        """How many rows ``table`` holds (one of ``bot.storage.schema.TABLES``)."""
        if table not in TABLES:
            raise ValueError(f"not a table of the bot: {table!r}")
        row = await self.fetchone(f"SELECT count(*) FROM {table}")
        return int(row[0]) if row else 0


@dataclass(frozen=True, slots=True)
class UpdateOutcome:
    """What one update's commit writes (``commit_update``): its user's data, its conversation states, and the
    updates it marks handled or dropped."""

    user_data: tuple[tuple[int, str | None], ...]
    conversations: tuple[tuple[str, str, str | None], ...]
    handled: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()


async def write_update(tx: Tx, outcome: UpdateOutcome, now: Any) -> None:
    """One update's outcome, inside the caller's transaction."""
    for row_id, text in outcome.user_data:
        if fits(row_id):
            await _write_data(tx, "user_data", row_id, text, now)
    for name, key, state in outcome.conversations:
        await _write_conversation(tx, name, key, state, now)
    for mark, ids in (("handled", outcome.handled), ("dropped", outcome.dropped)):
        for update_id in ids:
            await tx.write("UPDATE updates SET handled_at = :now, outcome = :outcome, body = NULL "
                           "WHERE update_id = :id AND handled_at IS NULL",
                           {"now": now, "outcome": mark, "id": _id(update_id)})


async def _write_data(tx: Tx, kind: str, row_id: int, text: str | None, now: Any) -> None:
    """One user's or chat's data row (``PTB_TABLES``): its JSON text, or ``None`` to delete it."""
    table, column = PTB_TABLES[kind]
    if text is None:
        await tx.write(f"DELETE FROM {table} WHERE {column} = :id", {"id": row_id})
    else:
        await tx.write(
            f"INSERT INTO {table} ({column}, data, updated_at) VALUES (:id, :data, :now) "
            f"ON CONFLICT ({column}) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
            {"id": row_id, "data": text, "now": now})


async def _write_conversation(tx: Tx, name: str, key: str, state: str | None, now: Any) -> None:
    """One conversation's state row: its JSON text, or ``None`` to end it (delete the row)."""
    if state is None:
        await tx.write("DELETE FROM ptb_conversations WHERE name = :name AND key = :key", {"name": name, "key": key})
    else:
        await tx.write(
            "INSERT INTO ptb_conversations (name, key, state, updated_at) VALUES (:name, :key, :state, :now) "
            "ON CONFLICT (name, key) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
            {"name": name, "key": key, "state": state, "now": now})


def _id(value: int) -> int:
    """An id to write: one neither engine can hold is refused before any SQL."""
    number = int(value)
    if not fits(number):
        raise ValueError(f"id {number} is outside the 64-bit range a database holds")
    return number


def _owner(key: str) -> int | None:
    """The user a stored conversation key (a JSON array) belongs to: its last int, or None."""
    try:
        parts = json.loads(key)
    except ValueError:
        return None
    if not isinstance(parts, list):
        return None
    owner = next((p for p in reversed(parts) if isinstance(p, int) and not isinstance(p, bool)), None)
    return owner if owner is not None and fits(owner) else None


def _without(text: str, keys: Sequence[str]) -> str | None:
    """A user's data (JSON text) without ``keys``, written as ``bot.storage.persistence`` writes it ('' when nothing else
    is left), or None when it holds none of them (or is not an object)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or not any(k in data for k in keys):
        return None
    kept = {k: v for k, v in data.items() if k not in keys}
    return json.dumps(kept, ensure_ascii=False, allow_nan=False, separators=(",", ":")) if kept else ""


def _delivery_date(sub: Subscription, local_date: date | str | None) -> date:
    if local_date is None:
        if not isinstance(sub, DueSubscription):
            raise TypeError("local_date is required unless sub is a DueSubscription")
        return sub.local_date
    return as_date(local_date)
