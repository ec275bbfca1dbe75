"""The queries of asking back (``bot.handlers.askback``): the user's consent and time, the asks, and the outcomes they record.

An ask is one row of ``asks`` keyed by (reading, step): step 0 names the reading's most likely moment and is
'waiting' from the start; steps 1 and 2 name the next moments and are 'later' until the user answers "not yet" to
the step before.  An ask is sent as a daily almanac is (``bot.storage``'s delivery semantics, the same windows):

- due when it is 'waiting' and its ``due_at`` has passed by the caller's clock, or 'pending' past its lease (its
  sender died), or a retryable failure whose wait is over — and its user's ``ask_back`` is on, its reading has no
  outcome yet (one recorded with "What happened?" ends the asks too), and fewer than ``max_attempts`` reservations
  were made;
- ``reserve_ask`` claims it in one guarded ``UPDATE`` (on PostgreSQL a second worker's ``UPDATE`` waits for the
  first one's commit and finds the row no longer due), ``confirm_ask`` marks it 'sent' right after Telegram took it.

An answer is written in one transaction with the outcome it means (``write_outcome``, the statement "What
happened?" writes too: one record of a reading's outcome, whichever button recorded it).  Turning asking back off
(or "stop asking") cancels every ask not answered; a user or a reading deleted takes its asks with it (the foreign
keys cascade).

The class is a mixin of ``bot.storage.repository.SQLStorage``: its methods use the engine's transactions and
stored forms through ``_Engine``.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import fields
from datetime import date, datetime, timedelta
from typing import Any, Protocol

from bot.storage.models import Ask, AskAnswer, DueAsk, StoredOutcome, User
from bot.storage.values import check_hhmm, fits, loads

ANSWERS = ("happened", "not_yet", "otherwise", "stop")
OPEN = ("later", "waiting", "pending", "failed")  # not yet answered, not cancelled: what turning off cancels
ASK_FIELDS = ("reading_id, step, user_id, chat_id, unit, pillar, moment_date, due_at, status, attempts, answer, "
              "message_id")
ASK_COLUMNS = ", ".join(f"a.{name}" for name in ASK_FIELDS.split(", "))  # SQLite's RETURNING takes ASK_FIELDS

# An ask due at :now (its user's consent is checked beside it).
_DUE = """
    a.attempts < :max_attempts AND (
           (a.status = 'waiting' AND a.due_at <= :now)
        OR (a.status = 'pending' AND a.lease_until <= :now)
        OR (a.status = 'failed' AND a.retryable = TRUE AND (a.next_attempt_at IS NULL OR a.next_attempt_at <= :now)))
"""


class _Tx(Protocol):
    async def execute(self, sql: str, params: Mapping[str, Any] | None = None) -> int: ...

    async def write(self, sql: str, params: Mapping[str, Any] | None = None) -> None: ...

    async def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]: ...

    async def fetchrow(self, sql: str, params: Mapping[str, Any] | None = None) -> Any: ...


class _Engine(Protocol):
    """What the mixin uses of ``SQLStorage``."""

    owner: str
    lease: timedelta
    max_attempts: int

    def transaction(self) -> AbstractAsyncContextManager[Any]: ...

    def snapshot(self) -> AbstractAsyncContextManager[Any]: ...

    async def fetchall(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]: ...

    def now(self) -> datetime: ...

    def instant(self, moment: datetime) -> Any: ...

    def instant_out(self, value: Any) -> datetime | None: ...

    def day(self, value: date | str) -> Any: ...

    def day_out(self, value: Any) -> date | None: ...

    async def get_user(self, user_id: int) -> User | None: ...

    async def _ensure_user(self, tx: Any, user_id: int, now: Any) -> None: ...

    async def lock_user(self, tx: Any, user_id: int) -> None: ...


async def write_outcome(tx: _Tx, engine: _Engine, user_id: int, reading_id: int, *, outcome: str | None,
                        text: str | None, on: date | str | None, now: datetime) -> bool:
    """The outcome of a reading, in the caller's transaction: what "What happened?" and an answered ask both
    write.  ``outcome=None`` with no text and no date clears it.  False if the reading is not this user's."""
    cleared = outcome is None and text is None and on is None
    changed = await tx.execute(
        "UPDATE readings SET outcome = :outcome, outcome_text = :text, outcome_date = :on, "
        "outcome_noted_at = :noted WHERE id = :id AND user_id = :user_id",
        {"outcome": outcome, "text": text, "on": None if on is None else engine.day(on),
         "noted": None if cleared else engine.instant(now), "id": int(reading_id), "user_id": int(user_id)})
    return changed == 1


class AskQueries:
    """The asks' queries (mixed into ``SQLStorage``)."""

    def _ask(self: _Engine, row: Any) -> Ask:
        return Ask(reading_id=int(row["reading_id"]), step=int(row["step"]), user_id=int(row["user_id"]),
                   chat_id=int(row["chat_id"]), unit=str(row["unit"]), pillar=str(row["pillar"]),
                   moment_date=self.day_out(row["moment_date"]),  # type: ignore[arg-type]
                   due_at=self.instant_out(row["due_at"]),  # type: ignore[arg-type]
                   status=str(row["status"]), attempts=int(row["attempts"]), answer=row["answer"],
                   message_id=row["message_id"])

    # ------------------------------------------------------------------------------------ the user's consent

    async def set_ask_back(self: _Engine, user_id: int, on: bool, *, at: str | None = None,
                           now: datetime | None = None) -> User:
        """Turn asking back on or off (and set the local time of day the asks come at), creating the user if new.
        Off cancels every ask of the user not answered yet: nothing more is sent."""
        stamp = self.instant(now or self.now())
        uid = int(user_id)
        changes = {"ask_back": bool(on)} | ({"ask_at": check_hhmm(at)} if at is not None else {})
        sets = ", ".join(f"{column} = :{column}" for column in changes)
        async with self.transaction() as tx:
            await self._ensure_user(tx, uid, stamp)
            await tx.write(f"UPDATE users SET {sets}, updated_at = :now WHERE user_id = :user_id",
                           {**changes, "now": stamp, "user_id": uid})
            if not on:
                await _cancel(tx, stamp, "user_id = :user_id", {"user_id": uid})
        user = await self.get_user(uid)
        assert user is not None  # made above; a user is never deleted while being written
        return user

    # ------------------------------------------------------------------------------------------- the asks

    async def schedule_asks(self: _Engine, user_id: int, reading_id: int, chat_id: int,
                            moments: Sequence[tuple[str, str, date, datetime]], *,
                            now: datetime | None = None) -> bool:
        """The asks of a reading: ``moments`` as (unit, pillar, local date, due instant), at most three, the first
        asked first.  False (nothing written) when the reading is not the user's or has its asks already."""
        if not moments or len(moments) > 3:
            raise ValueError("a reading has one to three asks")
        stamp = self.instant(now or self.now())
        async with self.transaction() as tx:
            owned = await tx.fetchrow("SELECT 1 FROM readings WHERE id = :id AND user_id = :user_id",
                                      {"id": int(reading_id), "user_id": int(user_id)})
            if owned is None or await tx.fetchrow("SELECT 1 FROM asks WHERE reading_id = :id", {"id": int(reading_id)}):
                return False
            for step, (unit, pillar, day, due) in enumerate(moments):
                await tx.write(
                    "INSERT INTO asks (reading_id, step, user_id, chat_id, unit, pillar, moment_date, due_at, status, "
                    "created_at, updated_at) VALUES (:rid, :step, :uid, :chat, :unit, :pillar, :day, :due, :status, "
                    ":now, :now)",
                    {"rid": int(reading_id), "step": step, "uid": int(user_id), "chat": int(chat_id), "unit": unit,
                     "pillar": pillar, "day": self.day(day), "due": self.instant(due),
                     "status": "waiting" if step == 0 else "later", "now": stamp})
        return True

    async def list_asks(self: _Engine, user_id: int, reading_id: int | None = None) -> list[Ask]:
        """The user's asks (of one reading, if given), by reading and step."""
        if not fits(int(user_id)):
            return []
        where, params = "a.user_id = :uid", {"uid": int(user_id)}
        if reading_id is not None:
            where, params = where + " AND a.reading_id = :rid", params | {"rid": int(reading_id)}
        rows = await self.fetchall(f"SELECT {ASK_COLUMNS} FROM asks AS a WHERE {where} ORDER BY a.reading_id, a.step",
                                   params)
        return [AskQueries._ask(self, r) for r in rows]

    async def retime_asks(self: _Engine, times: Iterable[tuple[int, int, datetime]], *,
                          now: datetime | None = None) -> int:
        """New due instants for asks not sent yet — (reading, step, due) — after the user changed the time of
        day or the zone; how many changed."""
        stamp = self.instant(now or self.now())
        changed = 0
        async with self.transaction() as tx:
            for rid, step, due in times:
                changed += await tx.execute(
                    "UPDATE asks SET due_at = :due, updated_at = :now WHERE reading_id = :rid AND step = :step "
                    "AND status IN ('later', 'waiting')",
                    {"due": self.instant(due), "now": stamp, "rid": int(rid), "step": int(step)})
        return changed

    async def cancel_asks(self: _Engine, user_id: int, reading_id: int, *, now: datetime | None = None) -> int:
        """Ask nothing more about one reading; how many asks were cancelled."""
        async with self.transaction() as tx:
            return await _cancel(tx, self.instant(now or self.now()), "user_id = :uid AND reading_id = :rid",
                                 {"uid": int(user_id), "rid": int(reading_id)})

    async def iter_due_asks(self: _Engine, now_utc: datetime, *, page_size: int = 200
                            ) -> AsyncGenerator[DueAsk, None]:
        """Stream the asks due at ``now_utc`` of users who have asking back on, oldest due first, a page at a time
        (keyset paging: nothing is held between pages, so the consumer may reserve and confirm meanwhile)."""
        if page_size <= 0:
            raise ValueError("page_size must be > 0")
        after: tuple[Any, int, int] | None = None
        while True:
            page = "" if after is None else \
                " AND (a.due_at > :a_due OR (a.due_at = :a_due AND (a.reading_id > :a_rid OR " \
                "(a.reading_id = :a_rid AND a.step > :a_step))))"
            params: dict[str, Any] = {"now": self.instant(now_utc), "max_attempts": self.max_attempts,
                                      "limit": page_size}
            if after is not None:
                params |= {"a_due": after[0], "a_rid": after[1], "a_step": after[2]}
            rows = await self.fetchall(
                f"SELECT {ASK_COLUMNS}, u.lang, r.question, r.topic, r.moment_utc, r.moment_tz, r.created_at "
                f"FROM asks AS a JOIN users AS u ON u.user_id = a.user_id JOIN readings AS r ON r.id = a.reading_id "
                f"WHERE u.ask_back = TRUE AND r.outcome IS NULL AND ({_DUE}){page} "
                f"ORDER BY a.due_at, a.reading_id, a.step LIMIT :limit",
                params)
            for r in rows:
                base = AskQueries._ask(self, r)
                cast = self.instant_out(r["moment_utc"]) or self.instant_out(r["created_at"])
                yield DueAsk(**{f.name: getattr(base, f.name) for f in fields(Ask)},
                             lang=str(r["lang"]), question=r["question"], topic=r["topic"], cast_at=cast,
                             moment_tz=r["moment_tz"])
            if len(rows) < page_size:
                return
            last = rows[-1]
            after = (last["due_at"], int(last["reading_id"]), int(last["step"]))

    async def reserve_ask(self: _Engine, ask: Ask, *, now: datetime | None = None) -> bool:
        """Claim a due ask for this sender before sending it (leased until now + ``lease``); False when it is no
        longer due — sent, held by a live sender, answered, cancelled, out of attempts, its reading's outcome
        recorded meanwhile — or its user turned asking back off."""
        moment = now or self.now()
        async with self.transaction() as tx:
            claimed = await tx.execute(
                f"UPDATE asks AS a SET status = 'pending', attempts = a.attempts + 1, owner = :owner, "
                f"lease_until = :lease_until, next_attempt_at = NULL, updated_at = :now "
                f"WHERE a.reading_id = :rid AND a.step = :step AND ({_DUE}) "
                f"AND EXISTS (SELECT 1 FROM users AS u WHERE u.user_id = a.user_id AND u.ask_back = TRUE) "
                f"AND EXISTS (SELECT 1 FROM readings AS r WHERE r.id = a.reading_id AND r.outcome IS NULL)",
                {"owner": self.owner, "lease_until": self.instant(moment + self.lease), "now": self.instant(moment),
                 "rid": ask.reading_id, "step": ask.step, "max_attempts": self.max_attempts})
        return claimed == 1

    async def confirm_ask(self: _Engine, ask: Ask, *, message_id: int | None, now: datetime | None = None) -> bool:
        """Record that Telegram took the ask (call it right after ``send_message`` returns).  An ask answered or
        cancelled meanwhile keeps its state."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE asks SET status = 'sent', sent_at = :now, message_id = :mid, lease_until = NULL, "
                "next_attempt_at = NULL, last_error = NULL, updated_at = :now "
                "WHERE reading_id = :rid AND step = :step AND status IN ('waiting', 'pending', 'failed')",
                {"now": self.instant(now or self.now()), "mid": message_id, "rid": ask.reading_id, "step": ask.step})
        return changed == 1

    async def fail_ask(self: _Engine, ask: Ask, *, error: str, retry: bool, retry_after: timedelta | None = None,
                       now: datetime | None = None) -> bool:
        """A failed send of this sender's reservation: due again after ``retry_after`` (``retry``), or never."""
        moment = now or self.now()
        next_at = self.instant(moment + (retry_after or timedelta(0))) if retry else None
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE asks SET status = 'failed', retryable = :retry, next_attempt_at = :next_at, "
                "last_error = :error, lease_until = NULL, updated_at = :now "
                "WHERE reading_id = :rid AND step = :step AND status = 'pending' AND owner = :owner",
                {"retry": bool(retry), "next_at": next_at, "error": str(error)[:2000], "now": self.instant(moment),
                 "rid": ask.reading_id, "step": ask.step, "owner": self.owner})
        return changed == 1

    async def release_stale_asks(self: _Engine, *, now: datetime | None = None) -> int:
        """Expire the leases other senders hold on asks (one bot per database: they belong to a dead process)."""
        stamp = self.instant(now or self.now())
        async with self.transaction() as tx:
            return await tx.execute(
                "UPDATE asks SET lease_until = :now, updated_at = :now "
                "WHERE status = 'pending' AND owner != :owner AND lease_until > :now", {"now": stamp, "owner": self.owner})

    async def answer_ask(self: _Engine, user_id: int, reading_id: int, step: int, answer: str, *,
                         on: date | None = None, now: datetime | None = None) -> AskAnswer:
        """The user's answer to an ask, with what it means, in one transaction:

        - 'happened': the reading's outcome is 'happened' on ``on`` (``write_outcome``); no more asks of it;
        - 'otherwise': its outcome is 'did_not'; no more asks of it;
        - 'not_yet': the next ask of the reading becomes due at its time (``AskAnswer.next``; None after the last);
        - 'stop': asking back is turned off for the user, every open ask cancelled.

        An ask answers once: a second press finds it answered ('already')."""
        if answer not in ANSWERS:
            raise ValueError(f"answer must be one of {', '.join(ANSWERS)}, not {answer!r}")
        if not (fits(int(user_id)) and fits(int(reading_id))):
            return AskAnswer("missing")
        moment = now or self.now()
        stamp = self.instant(moment)
        key = {"uid": int(user_id), "rid": int(reading_id), "step": int(step)}
        async with self.transaction() as tx:
            await self.lock_user(tx, int(user_id))
            taken = await tx.execute(
                "UPDATE asks SET status = 'answered', answer = :answer, answered_at = :now, lease_until = NULL, "
                "updated_at = :now WHERE user_id = :uid AND reading_id = :rid AND step = :step AND answer IS NULL "
                "AND status NOT IN ('later', 'cancelled')", key | {"answer": answer, "now": stamp})
            if not taken:
                found = await tx.fetchrow("SELECT answer FROM asks WHERE user_id = :uid AND reading_id = :rid "
                                          "AND step = :step", key)
                return AskAnswer("missing" if found is None else "already")
            nxt: Ask | None = None
            if answer == "happened" or answer == "otherwise":
                await write_outcome(tx, self, user_id, reading_id, outcome="happened" if answer == "happened"
                                    else "did_not", text=None, on=on if answer == "happened" else None, now=moment)
                await _cancel(tx, stamp, "reading_id = :rid", {"rid": int(reading_id)})
            elif answer == "not_yet":
                row = await tx.fetchrow(
                    f"UPDATE asks SET status = 'waiting', updated_at = :now WHERE reading_id = :rid "
                    f"AND step = :next AND status = 'later' RETURNING {ASK_FIELDS}",
                    {"now": stamp, "rid": int(reading_id), "next": int(step) + 1})
                nxt = None if row is None else AskQueries._ask(self, row)
            else:
                await tx.write("UPDATE users SET ask_back = FALSE, updated_at = :now WHERE user_id = :uid",
                               {"now": stamp, "uid": int(user_id)})
                await _cancel(tx, stamp, "user_id = :uid", {"uid": int(user_id)})
        return AskAnswer("answered", nxt)

    # -------------------------------------------------------------------------------------- the outcomes

    async def user_outcomes(self: _Engine, user_id: int) -> list[StoredOutcome]:
        """Every reading of the user that has an outcome, oldest first (for the tally of /history)."""
        if not fits(int(user_id)):
            return []
        rows = await self.fetchall(f"SELECT {_OUTCOME_COLUMNS} FROM readings WHERE user_id = :uid AND outcome IS NOT "
                                   f"NULL ORDER BY created_at, id", {"uid": int(user_id)})
        return [_outcome(self, r) for r in rows]

    async def shared_outcomes(self: _Engine, *, page_size: int = 500) -> AsyncIterator[StoredOutcome]:
        """The readings with an outcome whose users have asking back on (they agreed that their outcomes may be
        counted without their id), by reading id, a page at a time.  No user id leaves the storage."""
        after = 0
        while True:
            rows = await self.fetchall(
                f"SELECT r.id, {', '.join('r.' + c for c in _OUTCOME_COLUMNS.split(', '))} FROM readings AS r "
                f"JOIN users AS u ON u.user_id = r.user_id WHERE u.ask_back = TRUE AND r.outcome IS NOT NULL "
                f"AND r.id > :after ORDER BY r.id LIMIT :limit", {"after": after, "limit": page_size})
            for r in rows:
                yield _outcome(self, r)
            if len(rows) < page_size:
                return
            after = int(rows[-1]["id"])


_OUTCOME_COLUMNS = ("lines, moment_utc, moment_tz, day_boundary, pillars, topic, subject, sex, use_god, reading, "
                    "outcome, outcome_date")


def _outcome(engine: _Engine, row: Any) -> StoredOutcome:
    return StoredOutcome(lines=row["lines"], moment_utc=engine.instant_out(row["moment_utc"]),
                         moment_tz=row["moment_tz"], day_boundary=row["day_boundary"], pillars=loads(row["pillars"]),
                         topic=row["topic"], subject=row["subject"], sex=row["sex"], use_god=row["use_god"],
                         reading=loads(row["reading"]), outcome=row["outcome"],
                         outcome_date=engine.day_out(row["outcome_date"]))


async def _cancel(tx: _Tx, stamp: Any, where: str, params: dict[str, Any]) -> int:
    """Cancel the open asks ``where`` names (an ask in flight is confirmed as sent no more: ``confirm_ask``)."""
    listed = ", ".join(f"'{s}'" for s in OPEN)
    return await tx.execute(f"UPDATE asks SET status = 'cancelled', lease_until = NULL, updated_at = :now "
                            f"WHERE {where} AND status IN ({listed})", {**params, "now": stamp})
