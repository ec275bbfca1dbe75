"""Issue 25, asking back when a reading's moment comes, end to end against the fake Bot API with an injected clock.

The bot is the real Application with the daily almanac's job (``bot.handlers.subscription.install``, which sends the asks in
its turn); a test moves the clock and runs the job itself, as the JobQueue would (``tests.test_broadcast.Bot``).
The asks a reading gets are computed the way the bot computes them (``bot.delivery.asks.plan`` on the stored reading,
recomputed), so a test checks the instants and texts against the plan, not against a particular cast's dates.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import fields
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from prometheus_client import REGISTRY, generate_latest

from bot.delivery.asks import due_instant, plan, render_ask
from bot.handlers.common import recompute
from bot.ops.outcomes import AT, EARLIER, LATER, NOT, UNDATED, moment_class, tally
from bot.render.askback import tally_text
from bot.render.i18n import _, use
from bot.storage import DueAsk, SQLiteStorage, StoredOutcome, open_storage
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.export import reading_record
from core.question import Question, Topic
from core.reading.pipeline import read
from tests.fake_telegram import FakeMessage, FakeTelegram, FakeUser
from tests.test_broadcast import ROOT, Bot, Clock, HoldingTelegram, kill_mid_pass, running, runs_of_a_bot

START = datetime(2026, 12, 5, 3, 0, tzinfo=UTC)  # 12:00 in Seoul


def has(prefix: str) -> Any:
    return lambda m: any(d.startswith(prefix) for d in m.callback_data)


async def quick_reading(u: FakeUser, lines: str = "987878", topic: str = "wealth",
                        question: str | None = None) -> FakeMessage:
    """``/cast {lines} {topic}`` (or, with ``question``, /cast, the question and the topic), every follow-up
    answered with its first choice (or skipped), cast now: the reading's message (the one with its buttons)."""
    if question is None:
        await u.send(f"/cast {lines} {topic}")
    else:
        await u.send("/cast")
        await u.wait_for(lambda m: "q:skip" in m.callback_data)
        await u.send(question)
        await u.press(await u.wait_for(lambda m: f"t:{topic}" in m.callback_data), f"t:{topic}")
    for _step in range(8):
        m = await u.wait_for(lambda m: bool(m.callback_data))
        data = m.callback_data
        if any(d.startswith("r:") for d in data):
            return m
        if "w:now" in data:
            await u.press(m, "w:now")
        elif "m:text" in data:
            await u.press(m, "m:text")
            await u.wait_reply()
            await u.send(lines)
        else:
            choice = next((d for d in data if d.endswith(":skip")), None) or next(d for d in data if d.startswith("f:"))
            await u.press(m, choice)
    raise AssertionError("no reading")


def reading_of(m: FakeMessage) -> int:
    return int(next(d for d in m.callback_data if d.startswith("r:")).split(":")[1])


def asks_to(u: FakeUser) -> list[FakeMessage]:
    """The asks the user has received (the messages with an ask's answer buttons)."""
    return [m for m in u.inbox if any(d.startswith("ab:") and d.endswith(":y") for d in m.callback_data)]


async def expected_plan(bot: Bot, user_id: int, rid: int, now: datetime) -> list[Any]:
    storage = await bot.app.persistence.get_storage()
    row = await storage.get_reading(user_id, rid)
    user = await storage.get_user(user_id)
    return plan(recompute(row), user.tz, user.ask_at, now)


async def reply(u: FakeUser, text: str) -> str:
    await u.send(text)
    return (await u.wait_reply()).text or ""


async def test_accepted_ask_comes_once_at_the_moment_moves_on_not_yet_and_lands_in_history(tmp_path: Path) -> None:
    clock = Clock(START)
    counted = {name: _sample(name, **labels) for name, labels in METRICS}
    async with running(tmp_path, clock) as (tg, bot):
        u = tg.user(2501, language_code="ko")  # Asia/Seoul
        answer = await quick_reading(u, question="가게를 내도 될까요?")
        rid = reading_of(answer)
        planned = await expected_plan(bot, u.id, rid, clock())
        assert len(planned) >= 2, "the test's cast names a single moment"
        assert planned[0].due == due_instant(planned[0].unit, planned[0].pillar, planned[0].day, "Asia/Seoul", "20:00")
        with use("ko"):
            from bot.render.dates import day_text

            offer = _("Ask me on {date}").format(date=day_text(planned[0].day))
        assert offer in [b["text"] for b in answer.buttons]
        await u.press(answer, f"ab:{rid}:yes")
        consent = (await u.wait_reply()).text or ""
        assert "20:00" in consent and "Asia/Seoul" in consent
        storage = await bot.app.persistence.get_storage()
        assert [(a.step, a.status) for a in await storage.list_asks(u.id, rid)] == [
            (i, "waiting" if i == 0 else "later") for i in range(len(planned))]

        # a minute before the moment's 20:00 nothing; at it, one message; after it, nothing more
        clock.now = planned[0].due - timedelta(minutes=1)
        await bot.runs()
        assert asks_to(u) == []
        clock.now = planned[0].due
        await bot.runs(3)
        [first] = asks_to(u)
        assert [a async for a in storage.iter_due_asks(planned[0].due)] == []  # sent: due no more
        row = await storage.get_reading(u.id, rid)
        sent = (await storage.list_asks(u.id, rid))[0]
        shown = DueAsk(**{f.name: getattr(sent, f.name) for f in fields(sent)}, lang="ko", question=row.question,
                       topic=row.topic, cast_at=row.moment_utc, moment_tz=row.moment_tz)
        with use("ko"):
            assert first.text == render_ask(shown)
            assert first.callback_data == [f"ab:{rid}:0:y", f"ab:{rid}:0:n", f"ab:{rid}:0:o", f"ab:{rid}:0:s"]

        # "not yet": the next moment, at its own 20:00
        u.skip()
        await u.press(first, f"ab:{rid}:0:n")
        with use("ko"):
            assert (await u.wait_reply()).text == _("Then I will ask again on {date}.").format(
                date=day_text(planned[1].day))
        await u.press(first, f"ab:{rid}:0:n")  # a second press records nothing more
        with use("ko"):
            assert (await u.wait_reply()).text == _("You have answered this already.")
        clock.now = planned[1].due - timedelta(seconds=1)
        await bot.runs()
        assert len(asks_to(u)) == 1
        clock.now = planned[1].due
        await bot.runs(2)
        assert len(asks_to(u)) == 2
        second = asks_to(u)[-1]
        u.skip()
        await u.press(second, f"ab:{rid}:1:y")
        with use("ko"):
            assert (await u.wait_reply()).text == _("Noted: it happened on {date}.").format(
                date=day_text(planned[1].day))
        row = await storage.get_reading(u.id, rid)
        assert (row.outcome, row.outcome_date) == ("happened", planned[1].day)
        assert {a.status for a in await storage.list_asks(u.id, rid)} <= {"answered", "cancelled"}
        clock.now = planned[-1].due + timedelta(days=1)
        await bot.runs()
        assert len(asks_to(u)) == 2  # answered: nothing more of this reading

        # /history: the tally on top matches the stored outcomes
        await u.send("/history")
        page = await u.wait_for(has("o:"))
        stored = await storage.user_outcomes(u.id)
        with use("ko"):
            t = tally(stored)
            assert (page.text or "").startswith(tally_text(recorded=t.recorded, at=t.at, earlier=t.earlier,
                                                           later=t.later, not_=t.not_, judged=t.judged, held=t.held))
        assert tally(stored).recorded == 1 and tally(stored).later + tally(stored).at + tally(stored).earlier == 1
        assert " ✓" in next(b["text"] for b in page.buttons if b["callback_data"] == f"o:{rid}")

    # /metrics: two asks due and sent, answered "not yet" then "happened" — counts only, no words of the user's
    assert {name + str(labels): _sample(name, **labels) - counted[name] for name, labels in METRICS} == {
        name + str(labels): n for (name, labels), n in zip(METRICS, (2, 2, 1, 1, 0), strict=True)}
    assert "가게를" not in generate_latest().decode()


METRICS = (("liuyao_asks_due_total", {}), ("liuyao_asks_sent_total", {}),
           ("liuyao_asks_answered_total", {"answer": "not_yet"}), ("liuyao_asks_answered_total", {"answer": "happened"}),
           ("liuyao_asks_answered_total", {"answer": "stop"}))


def _sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def test_off_declined_blocked_or_deleted_gets_nothing(tmp_path: Path) -> None:
    clock = Clock(START)
    async with running(tmp_path, clock) as (tg, bot):
        storage = await bot.app.persistence.get_storage()
        declining, turning_off, blocking, deleting = (tg.user(2510 + i, language_code="en") for i in range(4))
        plans = {}
        for u in (declining, turning_off, blocking, deleting):
            await reply(u, "/tz Asia/Tokyo")
            answer = await quick_reading(u)
            rid = reading_of(answer)
            plans[u.id] = (rid, await expected_plan(bot, u.id, rid, clock()))
            await u.press(answer, f"ab:{rid}:{'no' if u is declining else 'yes'}")
            await u.wait_reply()
        assert (await storage.get_user(declining.id)).ask_back is False
        assert await storage.list_asks(declining.id) == []
        assert "I will not ask back any more" in await reply(turning_off, "/askback off")
        assert {a.status for a in await storage.list_asks(turning_off.id)} == {"cancelled"}
        tg.block(blocking.id)
        with contextlib.closing(sqlite3.connect(bot.db)) as db:  # the user's data deleted: the asks go with it
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("DELETE FROM users WHERE user_id = ?", (deleting.id,))
            db.commit()
        assert await storage.list_asks(deleting.id) == []
        sends = len(tg.calls_to("sendMessage"))
        clock.now = max(p[0].due for _rid, p in plans.values())
        await bot.runs(2)
        assert [asks_to(u) for u in (declining, turning_off, blocking, deleting)] == [[], [], [], []]
        blocked_calls = [c for c in tg.calls_to("sendMessage")[sends:]]
        assert [int(c.params["chat_id"]) for c in blocked_calls] == [blocking.id]  # one try: a 403
        assert (await storage.get_user(blocking.id)).ask_back is False
        clock.now += timedelta(days=400)
        await bot.runs()
        assert len(tg.calls_to("sendMessage")) == sends + 1
        # an outcome recorded with "What happened?" ends the asks of that reading too: one record
        recorder = tg.user(2515, language_code="en")
        answer = await quick_reading(recorder)
        rid = reading_of(answer)
        await recorder.press(answer, f"ab:{rid}:yes")
        await recorder.wait_reply()
        await recorder.press(answer, f"k:{rid}:ask")
        what = await recorder.wait_for(has(f"k:{rid}:no"))
        await recorder.press(what, f"k:{rid}:no")
        await recorder.wait_reply()
        clock.now = max(a.due_at for a in await storage.list_asks(recorder.id)) + timedelta(days=1)
        await bot.runs()
        assert asks_to(recorder) == []


async def test_settings_switch_and_the_time_of_day(tmp_path: Path) -> None:
    clock = Clock(START)
    async with running(tmp_path, clock) as (tg, bot):
        u = tg.user(2520, language_code="ja")  # Asia/Tokyo
        storage = await bot.app.persistence.get_storage()
        await u.send("/settings")
        settings = await u.wait_for(has("s:ask:"))
        with use("ja"):
            assert _("Asking back when a reading's moment comes: off (/askback to turn it on).") in settings.text
        await u.press(settings, "s:ask:on")
        await u.wait_for(has("s:ask:"))
        assert (await storage.get_user(u.id)).ask_back is True
        answer = await quick_reading(u)  # on: scheduled as it is delivered, with a button to leave it out
        rid = reading_of(answer)
        assert f"ab:{rid}:drop" in answer.callback_data
        [first, *_rest] = await storage.list_asks(u.id, rid)
        assert first.due_at == due_instant(first.unit, first.pillar, first.moment_date, "Asia/Tokyo", "20:00")
        await reply(u, "/askback 07:30")
        [first, *_rest] = await storage.list_asks(u.id, rid)
        assert first.due_at == due_instant(first.unit, first.pillar, first.moment_date, "Asia/Tokyo", "07:30")
        await reply(u, "/tz Europe/Paris")
        for _try in range(100):  # group 3 re-times after the zone change
            [first, *_rest] = await storage.list_asks(u.id, rid)
            if first.due_at == due_instant(first.unit, first.pillar, first.moment_date, "Europe/Paris", "07:30"):
                break
            await asyncio.sleep(0.02)
        assert first.due_at == due_instant(first.unit, first.pillar, first.moment_date, "Europe/Paris", "07:30")
        await u.press(answer, f"ab:{rid}:drop")
        await u.wait_reply()
        assert {a.status for a in await storage.list_asks(u.id, rid)} == {"cancelled"}


async def test_many_asks_in_one_minute_with_the_almanac_go_once_at_its_pace(tmp_path: Path) -> None:
    """Sixty asks and thirty almanacs due in the same minute: every one sent once, and together no more than
    the bot's broadcast pace in any second (the 1 000-ask run is bench/bench_askback.py)."""
    at = datetime(2026, 6, 1, 11, 0, tzinfo=UTC)  # 20:00 in Seoul
    n_asks, n_almanacs = 60, 30
    db = tmp_path / "bot.sqlite3"
    async with await SQLiteStorage.open(db) as st:
        await seed_asks(st, range(9000, 9000 + n_asks), at)
        for i in range(n_almanacs):
            await st.subscribe(9500 + i, 9500 + i, "20:00", "Asia/Seoul", "en", now=at - timedelta(days=1))
    async with FakeTelegram() as tg:
        for i in range(n_asks):
            tg.user(9000 + i)
        for i in range(n_almanacs):
            tg.user(9500 + i)
        await runs_of_a_bot(tg, db, lambda: at)
        sends = sorted(c.time for c in tg.calls_to("sendMessage") if c.status == 200)
        per_chat = Counter(int(c.params["chat_id"]) for c in tg.calls_to("sendMessage") if c.status == 200)
    assert per_chat == {**{9000 + i: 1 for i in range(n_asks)}, **{9500 + i: 1 for i in range(n_almanacs)}}
    busiest = max(sum(1 for t in sends[i:] if t - s < 1.0) for i, s in enumerate(sends))
    assert busiest <= 30, busiest


async def seed_asks(st: Any, users: range, at: datetime, *, lines: str = "987878") -> None:
    """A reading of each user, asking back on, its first ask due at ``at`` (the rest later)."""
    moment = Moment.at(at - timedelta(days=3), "Asia/Seoul")
    reading = read(build_chart(parse_cast(lines), moment), Question(Topic.wealth))
    for uid in users:
        await st.set_ask_back(uid, True)
        rid = await st.add_reading(uid, lines=lines, reading=reading_record(reading), moment_utc=moment.utc,
                                   tz="Asia/Seoul", topic="wealth", question=f"Will shop {uid} do well?")
        assert await st.schedule_asks(uid, rid, uid, [("day", "午", at.date(), at),
                                                      ("day", "子", at.date() + timedelta(days=6),
                                                       at + timedelta(days=6))])


async def test_sigkill_at_the_due_minute_loses_none_and_sends_none_twice(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    at = datetime(2026, 6, 1, 11, 0, tzinfo=UTC)
    n, accept = 12, 5
    async with await SQLiteStorage.open(db) as st:
        await seed_asks(st, range(7700, 7700 + n), at)
    tg = HoldingTelegram(accept)
    async with tg:
        users = [tg.user(7700 + i) for i in range(n)]
        await kill_mid_pass(tg, db, at, "SELECT count(*) FROM asks WHERE status = 'sent'", accept)
        tg.accept = None
        tg.release.set()
        with contextlib.closing(sqlite3.connect(db)) as ro:
            states = Counter(s for (s,) in ro.execute("SELECT status FROM asks WHERE step = 0"))
        assert states["sent"] == accept and states["pending"] >= 1  # killed with asks in flight

        await runs_of_a_bot(tg, db, lambda: at)  # the bot on the same file releases the dead sender's claims
    assert Counter(m.chat_id for m in tg.sent) == {u.id: 1 for u in users}
    with contextlib.closing(sqlite3.connect(db)) as ro:
        assert Counter(s for (s,) in ro.execute("SELECT status FROM asks WHERE step = 0")) == {"sent": n}


# ---- the tally and liuyao outcomes -----------------------------------------------------------------------------


def _stored(record: Any, outcome: str, on: date | None) -> StoredOutcome:
    return StoredOutcome(lines="987878", moment_utc=START, moment_tz="Asia/Seoul", day_boundary=23, pillars=None,
                         topic="wealth", subject=None, sex=None, use_god=None, reading=record, outcome=outcome,
                         outcome_date=on)


def test_the_moment_classes_follow_the_most_likely_moments_span() -> None:
    moment = Moment.at(START, "Asia/Seoul")
    reading = read(build_chart(parse_cast("987878"), moment), Question(Topic.wealth))
    record = json.loads(json.dumps(reading_record(reading)))
    likely = record["reading"]["timing"][0]
    first = likely["dates"][0]
    start = date.fromisoformat(first[:10])
    assert moment_class(_stored(record, "did_not", None)) == NOT
    assert moment_class(_stored(record, "happened", None)) == UNDATED
    assert moment_class(_stored(record, "happened", start)) == AT
    assert moment_class(_stored(record, "happened", start - timedelta(days=1))) == EARLIER
    assert moment_class(_stored(record, "happened", start + timedelta(days=400))) == LATER
    no_dates = json.loads(json.dumps(record))
    no_dates["reading"]["timing"] = []
    assert moment_class(_stored(no_dates, "happened", start)) == UNDATED


async def test_outcomes_json_lists_only_agreed_readings_and_no_user_id(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    at = datetime(2026, 6, 1, 11, 0, tzinfo=UTC)
    agreed, declined = range(424242, 424245), range(525252, 525254)
    async with await open_storage(url) as st:
        await seed_asks(st, agreed, at)
        await seed_asks(st, declined, at)
        for uid in declined:
            await st.set_ask_back(uid, False)
        for n, uid in enumerate([*agreed, *declined]):
            [ask] = (await st.list_asks(uid))[:1]
            await st.set_outcome(uid, ask.reading_id, outcome="happened" if n % 2 else "did_not",
                                 on=ask.moment_date if n % 2 else None)
    env = dict(os.environ, PYTHONPATH=str(ROOT), DATABASE_URL=url)
    done = subprocess.run([sys.executable, "-m", "bot.cli", "outcomes", "--json"], capture_output=True, text=True,
                          check=True, env=env, cwd=str(ROOT))
    printed = json.loads(done.stdout)
    assert len(printed["outcomes"]) == len(agreed)
    for uid in [*agreed, *declined]:
        assert str(uid) not in done.stdout
    for record in printed["outcomes"]:
        assert set(record["request"]) >= {"lines", "at", "tz", "topic"} and "question" not in record["request"]
    from jsonschema import Draft202012Validator

    from bot.schemas import schema

    Draft202012Validator(schema("outcomes")).validate(printed)


async def test_three_webhook_workers_on_postgresql_send_each_ask_once(postgres_url: str) -> None:
    """Every worker runs the almanac's job, which sends the asks in its turn: one worker at a time, so each ask
    goes once, and the cluster's sends stay within Telegram's 30 a second."""
    from bot.delivery.broadcast import DailyAlmanacJob
    from bot.handlers.subscription import install
    from tests.test_cluster import workers

    at = datetime(2026, 6, 1, 11, 0, tzinfo=UTC)
    n = 90
    async with await open_storage(postgres_url) as st:
        await seed_asks(st, range(8800, 8800 + n), at)
    jobs: list[DailyAlmanacJob] = []

    def extra(app: Any) -> None:
        jobs.append(install(app, interval=0.2, first=0.0))

    async with FakeTelegram() as tg:
        users = [tg.user(8800 + i) for i in range(n)]
        async with workers(tg, postgres_url, 3, clock=lambda: at + timedelta(seconds=30), extra=extra):
            deadline = time.monotonic() + 60
            while sum(len(u.inbox) for u in users) < n and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            passes = sum(j.runs for j in jobs) + 3  # three whole passes more: a second send would be done by then
            while sum(j.runs for j in jobs) < passes and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            assert sum(j.runs for j in jobs) >= passes, "the job stopped running"
        sends = sorted(c.time for c in tg.calls if c.method == "sendMessage" and c.status == 200)
    assert [len(asks_to(u)) for u in users] == [1] * n, "an ask missed or sent twice"
    async with await open_storage(postgres_url) as st:
        for uid in (8800, 8800 + n - 1):
            assert [a.status for a in await st.list_asks(uid)] == ["sent", "later"]
    busiest = max(sum(1 for t in sends[i:] if t - s < 1.0) for i, s in enumerate(sends))
    assert busiest <= 30, busiest


def test_the_plan_over_many_casts() -> None:
    """For casts of every kind of question: at most three asks; the first at the most likely moment's first date
    still to come (when all of its dates have passed, the earliest other moment to come); then later dates only,
    one a date; each due at the chosen local time of its date, an hour moment not before its 時辰 has ended."""
    from bot.cli import reading_from_request
    from tests.schema_samples import read_requests

    tz, ask_at = "Asia/Seoul", "21:30"

    def day_of(d: date | datetime) -> date:
        return d.date() if isinstance(d, datetime) else d

    def due(t: Any, d: date | datetime) -> datetime:
        return due_instant(t.unit.value, t.branch.name, day_of(d), tz, ask_at)

    planned_any = 0
    for req in read_requests(150, seed=25):
        _chart, reading = reading_from_request(req, lambda: START)
        now = reading.chart.moment.utc or START
        got = plan(reading, tz, ask_at, now)
        moments = [(reading.timing[0], d) for d in reading.timing[0].dates] if reading.timing else []
        moments += [(t, t.dates[0]) for t in reading.timing[1:] if t.dates]  # the others at their first date
        to_come = [(t, d) for t, d in moments if due(t, d) > now]
        assert bool(got) == bool(to_come)
        if not got:
            continue
        planned_any += 1
        likely = reading.timing[0]
        ahead = [d for d in likely.dates if due(likely, d) > now]
        if ahead:
            assert (got[0].unit, got[0].day) == (likely.unit.value, day_of(ahead[0]))
        else:
            assert got[0].day == min(day_of(t.dates[0]) for t in reading.timing[1:] if t.dates
                                     and due(t, t.dates[0]) > now)
        assert len(got) <= 3 and [p.day for p in got] == sorted({p.day for p in got})
        for p in got:
            local = p.due.astimezone(ZoneInfo(tz))
            at_time = datetime.combine(p.day, datetime.strptime(ask_at, "%H:%M").time(), ZoneInfo(tz))
            if p.unit == "hour":
                start = (2 * "子丑寅卯辰巳午未申酉戌亥".index(p.pillar) - 1) % 24
                ends = datetime.combine(p.day, datetime.min.time(), ZoneInfo(tz)) + timedelta(hours=start + 2)
                assert local == max(at_time, ends)
            else:
                assert local == at_time
    assert planned_any > 100


async def test_schema_6_arrives_on_a_database_of_version_5_with_its_data(database_url: str) -> None:
    """The asks' migration on both engines: a user and a reading of the previous release stay as they were; the
    user has not answered the offer (ask_back NULL) and would be asked at 20:00."""
    from bot.storage import POSTGRES_MIGRATIONS, SCHEMA_VERSION, SQLITE_MIGRATIONS, is_postgres_url

    assert SCHEMA_VERSION == 6
    steps = POSTGRES_MIGRATIONS if is_postgres_url(database_url) else SQLITE_MIGRATIONS
    async with await open_storage(database_url, migrations=steps[:5]) as old:
        rid = await old.add_reading(7, lines="987878", reading={}, moment_utc=START, tz="Asia/Seoul")
        await old.set_outcome(7, rid, outcome="did_not")
    async with await open_storage(database_url) as st:
        assert await st.schema_version() == 6
        user = await st.get_user(7)
        assert user is not None and (user.ask_back, user.ask_at) == (None, "20:00")
        assert (await st.get_reading(7, rid)).outcome == "did_not"  # type: ignore[union-attr]
        assert await st.list_asks(7) == [] and await st.user_outcomes(7) != []
        assert [o async for o in st.shared_outcomes()] == []  # not agreed: not shared
