"""The probes of issue 14, repeatable: a hostile-input fuzz and a fault run, against the real bot (in this process)
polling the fake Bot API over HTTP, on a fresh SQLite file.  ``tests/test_probes.py`` runs them small;
``bench/probe_robust.py`` runs them at full size and prints the figures.

fuzz(seed, users, steps)
    Every user sends ``steps`` updates one after the other (all users at once), drawn with a seeded generator:
    mostly what a person does (the buttons of the bot's last message, commands, casts, dates, words), and the odd
    shapes — stale and forged buttons, empty and missing callback data, a button of an inline message, ids beyond
    2⁶³, edited messages, channel posts, inline queries, group chats, stickers, 600-character texts.  After each
    update the user waits for the bot's reaction (a message, an edit or the button's answer).  Asserted by the
    caller on the result: no error logged (no traceback), every update that deserves an answer answered, the
    others left alone, every button answered exactly once, and at the end every user gets a reading.

faults(seed, users, faults)
    The users go through consultations by the buttons while the server answers random calls with 500, 502, 429,
    a dropped connection, a time-out or (targeted) a 502 on editMessageText — the toss's edit — (``faults`` of
    them, in bursts of 1 to 6 calls in a row), then fails every call for ``outage`` seconds.  Then
    each user goes on from where they are — the buttons of the last message, or any text when there are none;
    never /cast or /cancel — and must get a reading.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tests.fake_telegram import FakeMessage, FakeTelegram, FakeUser, polling

NOW = datetime(2026, 3, 2, 3, 0, tzinfo=UTC)
LANGS = ["en", "ko", "ja", "zh-hans", "zh-hant", "de", None]
TEXTS = ["/cast", "/cast 789968 wealth", "/cast 987878", "/cancel", "/history", "/settings", "/start", "/help",
         "/today", "/lang", "/tz", "/tz Mars/Olympus", "/tz Asia/Seoul", "/subscribe 25:00", "/subscribe 07:30",
         "/unsubscribe", "/nonsense", "789968", "HHT HTT TTT HHH HTH THH", "2024-02-04 16:30", "2026-02-30",
         "3000-01-01 00:00", "hello", "돈이 들어올까요?", "<b>bold</b> & <i>", "   ", "x" * 600, "😀" * 50,
         "/cast@liuyao_test_bot 777777 career", "/cast 9999999 wealth", "2026-01-15"]
FORGED = ["o:99999999999999999999999", "h:18446744073709551616", "h:-5", "k:abc:ask", "k:1:zzz", "c:9:9",
          "t:nonsense", "f:subject:nobody", "f:horizon:far", "m:zzz", "w:zzz", "r:1", "p:x", "s:db:7", "s:tz:Nowhere",
          "l:xx", "q:skip", "new", "x", "c:undo", "zzz", "o:-1", "k:1:date"]
HUGE = 2**64 + 7  # beyond SQLite's integers
QUIET = 1.5  # seconds an odd update that never reaches a handler (not the user's) is given to break the silence


@dataclass
class Result:
    updates: int = 0  # updates sent
    answered: int = 0  # of those that deserve an answer, answered
    unanswered: list[str] = field(default_factory=list)
    ignored: int = 0  # odd shapes deliberately left alone (no reply expected)
    replied_to_ignored: list[str] = field(default_factory=list)
    queries: list[str] = field(default_factory=list)
    answer_counts: Counter[int] = field(default_factory=Counter)  # answers per query → how many queries
    errors: list[str] = field(default_factory=list)  # error or critical log lines (with a traceback or not)
    finished: int = 0  # users who got a reading at the end
    stuck: list[int] = field(default_factory=list)
    sorry: int = 0  # "Something went wrong" replies
    faults: Counter[str] = field(default_factory=Counter)
    retried: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"{self.updates} updates in {self.seconds:.1f} s: {self.answered} answered, {len(self.unanswered)} "
                f"unanswered, {self.ignored} odd ones left alone ({len(self.replied_to_ignored)} of them replied "
                f"to); buttons answered {dict(sorted(self.answer_counts.items()))} (answers: queries); "
                f"{len(self.errors)} errors logged; 'something went wrong' {self.sorry}; faults "
                f"{dict(self.faults)}; calls retried {self.retried}; at the end {self.finished} users got a reading, "
                f"{len(self.stuck)} stuck")


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name}: {record.getMessage()}"
                          + (f" [{record.exc_info[0].__name__}: {record.exc_info[1]}]" if record.exc_info else ""))


@contextlib.asynccontextmanager
async def _bot(tg: FakeTelegram, db: Path, **kw: Any) -> Any:
    from bot.handlers.app import build_application
    from bot.ops.config import Config

    cfg = Config(token=tg.token, api_base_url=tg.base_url, database_path=str(db), webhook_url=None,
                 listen="127.0.0.1", port=0, webhook_secret=None)
    app = build_application(cfg, clock=lambda: NOW, **kw)
    tg.track(app)  # tg.settled: the bot is done with a user's updates (no waiting for quiet)
    async with polling(app):
        yield app


def _sorry() -> set[str]:
    """The error handler's apology in every language."""
    from bot.render.i18n import LANGS as CATALOGS
    from bot.render.i18n import _, use

    out = set()
    for lang in CATALOGS:
        with use(lang):
            out.add(_("Something went wrong on my side. Your readings are safe; please try again."))
    return out


def _events(u: FakeUser) -> int:
    return len(u.chat.events)


async def _reaction(tg: FakeTelegram, u: FakeUser, since: int, query: str | None, timeout: float) -> bool:
    """Until the bot is done with the user's updates (every reply sent, so the next update's wait does not count
    them): whether it reacted in the user's chat (a message or an edit) or answered the button."""
    await tg.settled(u.id, timeout)
    return _events(u) > since or (query is not None and bool(tg.answer_calls[query]))


def _buttons(u: FakeUser) -> tuple[FakeMessage | None, list[str]]:
    for m in reversed(u.inbox):
        if m.callback_data and not m.deleted:
            return m, m.callback_data
    return None, []


def _press_raw(tg: FakeTelegram, u: FakeUser, data: str | None, message: FakeMessage | None, **extra: Any) -> str:
    """A callback query of any shape (the fake's ``press`` only makes well-formed ones)."""
    qid = str(next(tg._query_seq))
    tg._open_queries[qid] = u.id
    query: dict[str, Any] = {"id": qid, "from": dict(u.data), "chat_instance": "1", **extra}
    if data is not None:
        query["data"] = data
    if message is not None:
        query["message"] = message.to_dict()
    tg.queue_update({"callback_query": query})
    return qid


async def _quiet(tg: FakeTelegram, u: FakeUser, timeout: float) -> None:
    """Until the bot is done with everything the user sent (nothing more will come to the user's chat)."""
    assert await tg.settled(u.id, timeout), f"user {u.id}: the bot never finished their updates"


async def _step(tg: FakeTelegram, u: FakeUser, rng: random.Random, result: Result, timeout: float) -> None:
    """One update from ``u``: what a person does, mostly, or an odd shape (after which the bot must stay silent in
    the user's chat: the chat is let go quiet before it, so late replies to earlier updates are not counted)."""
    msg, data = _buttons(u)
    roll = rng.random()
    now = int(time.time())
    odd: Any = None  # the odd update to queue, or None for an ordinary one
    if roll < 0.45 and msg is not None:
        send: Any = lambda: u.press(msg, rng.choice(data))  # noqa: E731
    elif roll < 0.52 and u.inbox:
        old = rng.choice(u.inbox)
        choice = rng.choice(old.callback_data or ["new"])
        send = lambda: _aw(_press_raw(tg, u, choice, old))  # noqa: E731 - a stale button
    elif roll < 0.58:
        forged, on = rng.choice(FORGED), msg or (u.inbox[-1] if u.inbox else None)
        send = lambda: _aw(_press_raw(tg, u, forged, on))  # noqa: E731
    elif roll < 0.61:  # no data, empty data, a game's button, an inline message's button: answered, nothing sent
        kind = rng.randrange(4)
        extra: dict[str, Any] = {"game_short_name": "g"} if kind == 2 else {}
        if kind == 3:
            extra["inline_message_id"] = "AAA"
        odd = lambda: _press_raw(tg, u, "" if kind == 1 else ("c:0:1" if kind == 3 else None),  # noqa: E731
                                 None if kind == 3 else msg, **extra)
    elif roll < 0.64:  # a message, answered; then the same message edited, not read again
        sent = await u.send(rng.choice(TEXTS[:20]))
        await _count(tg, u, _events(u), None, result, timeout, sent["message"].get("text"))
        text = rng.choice(TEXTS)
        odd = lambda: tg.queue_update({"edited_message": dict(sent["message"], text=text, edit_date=now)})  # noqa: E731
    elif roll < 0.67:
        await _group(tg, u, rng, result, timeout, now)
        return
    elif roll < 0.70:
        shape = rng.randrange(4)
        if shape == 0:
            update = {"channel_post": {"message_id": 1, "date": now, "text": "/cast",
                                       "chat": {"id": -100777, "type": "channel", "title": "C"}}}
        elif shape == 1:
            update = {"inline_query": {"id": str(now), "from": dict(u.data), "query": "x", "offset": ""}}
        elif shape == 2:
            who = {"id": HUGE, "is_bot": False, "first_name": "H"}
            update = {"message": {"message_id": 1, "date": now, "text": "/cast",
                                  "chat": {"id": HUGE, "type": "private"}, "from": who}}
        else:
            update = {"my_chat_member": u._member_update("member", "member")}
        odd = lambda: tg.queue_update(update)  # noqa: E731
    elif roll < 0.72:
        send = u.send_sticker
    else:
        text = rng.choice(TEXTS)
        send = lambda: u.send(text)  # noqa: E731
    if odd is None:
        since = _events(u)
        sent_id = await send()
        query = sent_id if isinstance(sent_id, str) else None
        await _count(tg, u, since, query, result, timeout, "")
        return
    await _quiet(tg, u, timeout)
    since = _events(u)
    label = f"{roll:.2f}"
    t0 = time.monotonic()
    queued = odd()
    query = queued if isinstance(queued, str) else None
    result.updates += 1
    result.ignored += 1
    if query is not None:
        result.queries.append(query)
    # done when the bot has finished the odd update (or, for one that is not the user's, has seen it or dropped
    # it: an id beyond 2⁶³ never reaches a handler, so then the bot gets QUIET seconds to break its silence)
    await tg.settled(u.id, timeout)
    if isinstance(queued, dict) and not await tg.settled(ids={queued["update_id"]}, timeout=QUIET):
        label += " (never handled)"
    label += f", after {time.monotonic() - t0:.2f} s"
    if _events(u) > since:
        result.replied_to_ignored.append(f"user {u.id} ({label}): {u.chat.events[-1].message.text[:60]}")


async def _aw(value: Any) -> Any:
    return value


async def _count(tg: FakeTelegram, u: FakeUser, since: int, query: str | None, result: Result, timeout: float,
                 what: str | None) -> None:
    result.updates += 1
    if query is not None:
        result.queries.append(query)
    if await _reaction(tg, u, since, query, timeout):
        result.answered += 1
    else:
        result.unanswered.append(f"user {u.id}: {what or (u.chat.events[-1].message.text if u.chat.events else '')}")


async def _group(tg: FakeTelegram, u: FakeUser, rng: random.Random, result: Result, timeout: float, now: int) -> None:
    """The same user in a group: a command is declined there, other words are let be."""
    group = {"id": -(10**12) - u.id, "type": rng.choice(["group", "supergroup"]), "title": "G"}
    text = rng.choice(["/cast", "/cast 789968 wealth", "hello", "/start"])
    ents = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}] if text[0] == "/" else []
    store = tg.chats.setdefault(group["id"], type(u.chat)(group))
    before = len(store.events)
    tg.queue_update({"message": {"message_id": now % 100000, "date": now, "text": text, "chat": group,
                                 "from": dict(u.data), "entities": ents}})
    result.updates += 1
    await tg.settled(u.id, timeout)  # the update is the user's: done when the bot is done with it
    if ents:
        if len(store.events) > before:
            result.answered += 1
        else:
            result.unanswered.append(f"group {text}")
    else:
        result.ignored += 1
        if len(store.events) > before:
            result.replied_to_ignored.append(f"group {text}: {store.events[-1].message.text}")


async def _reading(tg: FakeTelegram, u: FakeUser, timeout: float, budget: int = 40, *, commands: bool) -> bool:
    """Go on from where the user is until a chart arrives: the natural button of the last message with buttons,
    any text when there is none (with ``commands``, "/cast 987878 wealth" instead)."""
    start = _events(u)
    if commands:
        await u.send("/cast 987878 wealth")
        budget = 1
    for _ in range(budget):
        if any(any(e["type"] == "pre" for e in ev.message.entities) for ev in u.chat.events[start:]):
            return True
        if not commands:
            msg, data = _buttons(u)
            since = _events(u)
            choice = _natural(data)
            if msg is None or choice is None:
                await u.send("?")
            else:
                await u.press(msg, choice)
            await _reaction(tg, u, since, None, timeout)
        else:
            await _reaction(tg, u, start, None, timeout)
    return any(any(e["type"] == "pre" for e in ev.message.entities) for ev in u.chat.events[start:])


def _natural(data: list[str]) -> str | None:
    """The button a person finishing a reading would press."""
    for prefix in ("c:", "w:now", "m:coins", "q:skip", "t:wealth"):
        hit = [d for d in data if d.startswith(prefix) and not d.endswith(":undo")]
        if hit:
            return hit[min(1, len(hit) - 1)] if prefix == "c:" else hit[0]
    skip = [d for d in data if d.startswith("f:") and d.endswith(":skip")]
    if skip:
        return skip[0]
    first = [d for d in data if d.startswith("f:")]
    if first:
        return first[0]
    return "new" if "new" in data else None


async def fuzz(seed: int = 14, users: int = 40, steps: int = 25, timeout: float = 10.0, **bot: Any) -> Result:
    rng = random.Random(seed)
    result = Result()
    errors = _Errors()
    logging.getLogger().addHandler(errors)
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            async with FakeTelegram(strict_chats=False) as tg, _bot(tg, Path(tmp) / "fuzz.sqlite3", **bot):
                people = [tg.user(10_000 + i, language_code=rng.choice(LANGS)) for i in range(users)]
                seeds = [rng.randrange(2**32) for _ in people]

                async def person(u: FakeUser, s: int) -> None:
                    r = random.Random(s)
                    for _ in range(steps):
                        await _step(tg, u, r, result, timeout)

                await asyncio.gather(*(person(u, s) for u, s in zip(people, seeds)))
                result.seconds = time.monotonic() - started
                done = await asyncio.gather(*(_reading(tg, u, timeout, commands=True) for u in people))
                result.finished = sum(done)
                result.stuck = [u.id for u, ok in zip(people, done) if not ok]
                result.answer_counts = Counter(tg.answer_calls[q] for q in result.queries)
                result.sorry = sum(m.text in _sorry() for m in tg.sent)
    finally:
        logging.getLogger().removeHandler(errors)
    result.errors = errors.lines
    return result


async def faults(seed: int = 14, users: int = 20, faults: int = 150, outage: float = 3.0, timeout: float = 15.0,
                 hang: float = 6.0, **bot: Any) -> Result:
    """``hang``: how long a timed-out call is held (beyond the client's read timeout, 5 s by default)."""
    rng = random.Random(seed)
    result = Result()
    errors = _Errors()
    logging.getLogger().addHandler(errors)
    started = time.monotonic()
    kinds = ["500", "502", "429", "reset", "timeout", "edit 502"]  # the last: a toss's edit, where state changes
    try:
        with tempfile.TemporaryDirectory() as tmp:
            async with FakeTelegram() as tg, _bot(tg, Path(tmp) / "faults.sqlite3", **bot) as app:
                people = [tg.user(20_000 + i, language_code=rng.choice(LANGS[:5])) for i in range(users)]
                phase = {"faults": True}

                async def person(u: FakeUser) -> None:
                    await u.send("/cast")
                    while phase["faults"]:  # a person does not wait long for an answer that does not come
                        await _reading(tg, u, 2.0, budget=1, commands=False)

                async def injector() -> None:
                    left = faults
                    while left > 0:  # in bursts, as networks fail: 1 to 6 calls in a row
                        kind = rng.choice(kinds)
                        n = min(left, rng.choice([1, 1, 2, 3, 4, 6]))
                        left -= n
                        result.faults[kind] += n
                        status = {"500": 500, "502": 502, "429": 429, "edit 502": 502}.get(kind, 0)
                        tg.fail_next(n, status, hang=hang if kind == "timeout" else 0.0,
                                     methods=["editMessageText"] if kind == "edit 502" else None)
                        await asyncio.sleep(rng.uniform(0.1, 0.6))
                    waited = time.monotonic()
                    while tg._fail and time.monotonic() - waited < 30:  # edits may not come for a while
                        await asyncio.sleep(0.05)
                    tg._fail.clear()
                    result.faults["outage seconds"] = int(outage)
                    tg.down = 502
                    await asyncio.sleep(outage)
                    tg.down = None
                    phase["faults"] = False

                await asyncio.gather(injector(), *(person(u) for u in people))
                # what the users pressed while no answer came is answered first (as a person would wait)
                await asyncio.gather(*(_quiet(tg, u, 60.0) for u in people))
                done = await asyncio.gather(*(_reading(tg, u, timeout, commands=False) for u in people))
                result.seconds = time.monotonic() - started
                result.finished = sum(done)
                result.stuck = [u.id for u, ok in zip(people, done) if not ok]
                result.sorry = sum(m.text in _sorry() for m in tg.sent)
                result.retried = getattr(app.bot.request, "retried", 0)
                result.updates = tg._next_update_id - 100_000_001
    finally:
        logging.getLogger().removeHandler(errors)
    result.errors = errors.lines
    return result
