"""The optional follow-ups end to end: how far off a matter is, a recent or a long illness, the weather asked.

The real Application polls the fake Bot API of ``tests/fake_telegram.py`` on 127.0.0.1 with a real SQLite file,
as in ``tests/test_bot_e2e.py`` (whose harness this uses): the question is asked with its buttons and a skip, the
answer reaches the engine, is kept with the stored reading (so /history shows the same reading again), survives a
restart and a SIGKILL in the middle of the step, and an answer the quick path cannot ask is left at its default.

The cast 666677 at the tests' clock reads differently for each answer in every zone used here: an illness of the
querent's parent is 吉 when recent, 凶 when long and 平 when nobody says (JS-25/26 through the six-clash hexagram
and the void use-god); the weather wished makes 父母 (rain) the use-god instead of the 水火 pair; a far matter is
timed in months and years.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sqlite3
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bot.handlers import common
from bot.handlers import keyboards as kb
from bot.ops.config import DEFAULT_ZONES
from bot.render.i18n import normalize, term, use
from core.chart.hexagram import Relation
from core.question import FollowUp, Question, Topic, optional_follow_ups
from tests.fake_telegram import FakeMessage, FakeTelegram, FakeUser
from tests.test_bot_e2e import (
    NOW,
    PICTURE,
    _spawn_bot,
    at,
    consult,
    db_rows,
    expected,
    has,
    is_chart,
    quiet,
    reading_id,
    running,
    stop_bot,
    tr,
    until,
)

CAST = "666677"
# 乙亥日 (甲戌旬: 申酉 void): the parent's line 申 is void, so a recent illness heals when it leaves the void and a long
# one is in danger (JS-25, JS-26, HJ-35).  (CAST's use-god is not void: its six-clash no longer decides a long
# illness once JS-24 reads its strong, supported use-god first.)
ILLNESS_CAST = "787778"


def asked(u: FakeUser, which: str) -> FakeMessage:
    """The last message that asked the optional follow-up ``which``."""
    return [m for m in u.inbox if has(f"f:{which}:")(m)][-1]


def stored_question(db: Path, rid: int) -> dict[str, Any]:
    (record,), = db_rows(db, "SELECT reading FROM readings WHERE id = ?", (rid,))
    return json.loads(record)["reading"]["question"]


async def reopen(u: FakeUser, rid: int) -> tuple[FakeMessage, FakeMessage]:
    """/history, then the reading's own button: the chart and the reading shown again."""
    await u.send("/history")
    page = await u.wait_for(has("o:"))
    await u.press(page, f"o:{rid}")
    chart = await u.wait_for(is_chart)
    return chart, await u.wait_for(has("r:"))


@pytest.mark.parametrize("code", ["ko", "ja", "zh-hant"])
async def test_a_recent_and_a_long_illness_read_differently(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                           code: str) -> None:
    lang = normalize(code)
    tz = DEFAULT_ZONES[lang]
    async with running(tmp_path, caplog) as (tg, bot):
        u = tg.user(800, language_code=code)
        shown: dict[str, tuple[str, str, int]] = {}
        for kind in ("recent", "long", "skip"):
            chart, answer, _lines = await consult(u, topic="illness", method="text", lines=ILLNESS_CAST,
                                                  answers={"subject": "parent", "illness": kind})
            want_chart, want_reading, reading = expected(code, ILLNESS_CAST, at(NOW, tz), "illness", subject="parent",
                                                         illness=kind)
            assert chart.text == want_chart and answer.text == want_reading
            shown[kind] = (chart.text, answer.text, reading_id(answer))
            with use(lang):
                assert term(reading.verdict.name) in answer.text
            # this cast's use-god is void: a recent illness heals when it leaves the void, a long one is in danger
            # (JS-25, JS-26, HJ-35); unasked, neither sign is read
            assert reading.use_god.actor.standing is not None and reading.use_god.actor.standing.void
            assert {"recent": reading.verdict.side > 0, "long": reading.verdict.side < 0,
                    "skip": not {m.rule for m in reading.decision.moves} & {"HJ-35", "JS-25", "JS-26"}}[kind]
            assert stored_question(bot.db, reading_id(answer))["illness"] == (None if kind == "skip" else kind)

        # asked in the user's language, after whose illness it is, with a skip and the cancel button
        prompt = asked(u, "illness")
        assert prompt.text == tr(code, kb.FOLLOW_UP_QUESTIONS["illness"])
        labels = [b["text"] for b in prompt.buttons]
        assert labels == [tr(code, kb.ILLNESS_LABELS["recent"]), tr(code, kb.ILLNESS_LABELS["long"]),
                          tr(code, kb.SKIP_LABELS["illness"]), tr(code, "Cancel")]
        assert all(tr(code, msgid) != msgid for msgid in (*kb.ILLNESS_LABELS.values(), kb.SKIP_LABELS["illness"]))
        assert {"근병", "近病"} & set(labels[0].replace("（", " ").replace("(", " ").split())
        assert prompt.callback_data == ["f:illness:recent", "f:illness:long", "f:illness:skip", "x"]
        assert len({answer for _c, answer, _r in shown.values()}) == 3  # three answers, three readings

        # /history shows each reading as it was given, its answer kept with it
        for kind, (chart_text, answer_text, rid) in shown.items():
            chart, answer = await reopen(u, rid)
            assert (chart.text, answer.text) == (chart_text, answer_text), kind


async def test_rain_asked_becomes_the_use_god(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    code, tz = "zh-hans", "Asia/Shanghai"
    async with running(tmp_path, caplog) as (tg, bot):
        u = tg.user(801, language_code=code)
        await u.send("/cast")
        await u.send("明天会下雨吗？")
        await u.press((await until(u, has("t:")))[0], "t:weather")
        prompt, before = await until(u, has("f:weather:"))
        assert before == []  # nothing else is asked before it: weather has no required follow-up
        assert prompt.text == tr(code, kb.FOLLOW_UP_QUESTIONS["weather"])
        assert [b["text"] for b in prompt.buttons][:3] == ["雨", "晴天", tr(code, kb.SKIP_LABELS["weather"])]
        await u.press(prompt, "f:weather:rain")
        # then whether it is today's (占日應時): tomorrow's rain is a near matter, timed in days
        today, before = await until(u, has("f:horizon:"))
        assert before == [] and today.text == tr(code, kb.TODAY_QUESTION)
        assert today.callback_data == ["f:horizon:today", "f:horizon:near", "f:horizon:skip", "x"]
        await u.press(today, "f:horizon:near")
        await u.press((await until(u, has("m:")))[0], "m:text")
        await u.wait_reply()
        await u.send(CAST)
        await u.press((await until(u, has("w:")))[0], "w:now")
        chart = await u.wait_for(is_chart)
        answer = await u.wait_for(has("r:"))
        want_chart, want_reading, reading = expected(code, CAST, at(NOW, tz), "weather", weather="rain",
                                                     horizon="near")
        assert chart.text == want_chart and answer.text == want_reading
        assert reading.rule.target is Relation.父母
        with use("zh_Hans"):
            assert any(line.startswith("用神") and term("父母") in line for line in answer.text.splitlines())
        rid = reading_id(answer)
        assert stored_question(bot.db, rid)["weather"] == "rain" and stored_question(bot.db, rid)["horizon"] == "near"
        assert db_rows(bot.db, "SELECT question, topic FROM readings WHERE id = ?", (rid,)) == [
            ("明天会下雨吗？", "weather")]
        # the sky as it comes (skipped) is another reading, on the 水火 lines
        _c, skipped, _l = await consult(u, topic="weather", method="text", lines=CAST)
        assert skipped.text == expected(code, CAST, at(NOW, tz), "weather")[1] != answer.text
        assert stored_question(bot.db, reading_id(skipped))["weather"] is None

        chart2, answer2 = await reopen(u, rid)
        assert (chart2.text, answer2.text) == (chart.text, answer.text)


async def test_skipping_keeps_the_default_and_the_quick_path_skips_what_it_can(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, bot):
        u = tg.user(802, language_code="en")
        _c, skipped, _l = await consult(u, topic="wealth", method="text", lines=CAST)  # skips the horizon
        prompt = asked(u, "horizon")
        assert prompt.text.startswith("Is the matter near or far off?")
        assert [b["text"] for b in prompt.buttons] == ["Near: in days", "Far: months or years",
                                                      "Not sure — skip", "Cancel"]
        assert skipped.text == expected("en", CAST, at(NOW, "UTC"), "wealth")[1]
        assert stored_question(bot.db, reading_id(skipped))["horizon"] is None
        _c, far, _l = await consult(u, topic="wealth", method="text", lines=CAST, answers={"horizon": "far"})
        want = expected("en", CAST, at(NOW, "UTC"), "wealth", horizon="far")
        assert far.text == want[1] != skipped.text
        # skipped: the topic's default (near) in days, months after it, as the reading says (YQ-16); far: months
        first_far, first_skipped = (m.text.split("When:")[1].strip().splitlines()[0] for m in (far, skipped))
        assert " month, from " in first_far and " day)" in first_skipped and " day)" not in first_far
        assert "nobody said how far off it is, so months follow." in skipped.text
        assert "nobody said" not in far.text
        assert stored_question(bot.db, reading_id(far))["horizon"] == "far"

        # the horizon is asked only where the default is a guess: a career is far by its nature
        _c, career, _l = await consult(u, topic="career", method="text", lines=CAST)
        assert career.text == expected("en", CAST, at(NOW, "UTC"), "career")[1]

        # /cast with a cast and a topic asks only what the use-god needs
        await u.send(f"/cast {CAST} illness")
        whose, before = await until(u, has("f:"))
        assert before == [] and whose.callback_data[0] == "f:subject:self"
        await u.press(whose, "f:subject:parent")
        _chart, before = await until(u, is_chart)
        assert before == [PICTURE]  # no "recent or long?", no moment: straight to the answer
        answer = await u.wait_for(has("r:"))
        assert answer.text == expected("en", CAST, at(NOW, "UTC"), "illness", subject="parent")[1]
        await u.send(f"/cast {CAST} wealth")
        _chart, before = await until(u, is_chart)
        assert before == [PICTURE]

        # a button of the horizon question once it is answered, and a required question's button while an
        # optional one is open, are an earlier step's: explained, and the current step shown again
        await u.send("/cast")
        await u.press((await until(u, has("q:")))[0], "q:skip")
        await u.press((await until(u, has("t:")))[0], "t:illness")
        whose = await u.wait_for(has("f:subject:"))
        await u.press(whose, "f:subject:self")
        illness = await u.wait_for(has("f:illness:"))
        await u.press(whose, "f:subject:parent", strict=False)
        got = await quiet(u)
        assert got[0].text == "That button belongs to an earlier message. Here is where we are:"
        assert has("f:illness:")(got[-1])
        await u.send("recent")  # text where a button is expected
        _m, seen = await until(u, has("f:illness:"))
        assert seen == ["Please use the buttons for this step (or /cancel)."]
        await u.press(illness, "f:illness:long")
        methods = await u.wait_for(has("m:"))
        await u.press(illness, "f:illness:recent", strict=False)  # a second tap on the answered question
        got = await quiet(u)
        assert got[0].text == "That button belongs to an earlier message. Here is where we are:"
        assert has("m:")(got[-1])
        await u.press(methods, "m:text")
        await u.wait_reply()
        await u.send(CAST)
        await u.press((await until(u, has("w:")))[0], "w:now")
        answer = await u.wait_for(has("r:"))
        assert answer.text == expected("en", CAST, at(NOW, "UTC"), "illness", subject="self", illness="long")[1]
        assert stored_question(bot.db, reading_id(answer))["illness"] == "long"  # the stale "recent" was refused

        # the answers are plain JSON in the open consultation; a skip is kept as null, so it is not asked again
        await u.send("/cast")
        await u.press((await until(u, has("q:")))[0], "q:skip")
        await u.press((await until(u, has("t:")))[0], "t:lawsuit")
        await u.press((await until(u, has("f:subject:")))[0], "f:subject:self")
        await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")
        await u.wait_for(has("m:"))
        c = await _wait_for_step(bot.db, u.id, common.ASK_METHOD)
        assert (c["topic"], c["subject"], c["horizon"]) == ("lawsuit", "self", None)
        await u.send("/help")
        _m, seen = await until(u, has("m:"))  # the step again: the method, not the horizon
        assert seen[-1].startswith("A reading is in progress")
        await u.send("/cancel")
        await u.wait_reply()


def _open_consultation(db: Path, user_id: int) -> dict[str, Any]:
    rows = db_rows(db, "SELECT data FROM ptb_user_data WHERE user_id = ?", (user_id,))
    return json.loads(rows[0][0]).get("c") or {} if rows else {}


async def _wait_for_step(db: Path, user_id: int, state: int, timeout: float = 10) -> dict[str, Any]:
    """Until the bot's SQLite file holds the user's open consultation at ``state``; that consultation."""
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(sqlite3.OperationalError):
            c = _open_consultation(db, user_id)
            if c.get("state") == state:
                return c
        if time.monotonic() > deadline:
            raise TimeoutError(f"the database never showed state {state}")
        await asyncio.sleep(0.02)


async def test_restart_at_an_optional_step_resumes(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, bot):
        u = tg.user(803, language_code="ko")
        await u.send("/cast")
        await u.send("아버지 병이 나을까요?")
        await u.press((await until(u, has("t:")))[0], "t:illness")
        await u.press((await until(u, has("f:subject:")))[0], "f:subject:parent")
        illness = await u.wait_for(has("f:illness:"))
        c = await _wait_for_step(bot.db, u.id, common.ASK_OPTIONAL)
        assert c["asking"] == "illness" and "illness" not in c

        await bot.restart()
        await u.send("/help")  # after the restart the open step is still there
        _m, seen = await until(u, has("f:illness:"))
        assert seen[-1] == tr("ko", "A reading is in progress; here is where we are (or /cancel it).")
        await bot.restart()
        await u.press(illness, "f:illness:recent")  # the keyboard from before both restarts
        await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")  # not asked as today's
        await u.press((await until(u, has("m:")))[0], "m:text")
        await u.wait_reply()
        await u.send(CAST)
        await u.press((await until(u, has("w:")))[0], "w:now")
        chart = await u.wait_for(is_chart)
        answer = await u.wait_for(has("r:"))
        want_chart, want_reading, _r = expected("ko", CAST, at(NOW, "Asia/Seoul"), "illness", subject="parent",
                                                illness="recent")
        assert chart.text == want_chart and answer.text == want_reading
        assert stored_question(bot.db, reading_id(answer))["illness"] == "recent"


async def test_sigkill_at_an_optional_step_resumes(tmp_path: Path) -> None:
    """The bot as its own process, killed with SIGKILL while it waits for "near or far?", then started again."""
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    async with FakeTelegram() as tg:
        u = tg.user(804, language_code="ja")
        proc = _spawn_bot(tg, db, log)
        try:
            await u.send("/cast")
            await u.send("契約はまとまりますか")
            await u.press((await u.wait_for(has("t:"), timeout=30)), "t:document")
            horizon = await u.wait_for(has("f:horizon:"))
            assert horizon.text == tr("ja", kb.FOLLOW_UP_QUESTIONS["horizon"])
            await _wait_for_step(db, u.id, common.ASK_OPTIONAL)
            proc.send_signal(signal.SIGKILL)
            assert await asyncio.to_thread(proc.wait, 10) == -signal.SIGKILL

            proc = _spawn_bot(tg, db, log)
            await u.press(horizon, "f:horizon:far")  # the keyboard from before the kill
            methods = await u.wait_for(has("m:"), timeout=30)
            await u.press(methods, "m:text")
            await u.wait_reply()
            await u.send(CAST)
            await u.press((await until(u, has("w:")))[0], "w:now")
            chart = await u.wait_for(is_chart)
            answer = await u.wait_for(has("r:"))
        finally:
            await stop_bot(proc)
        assert proc.returncode == 0, log.read_text()
        (rid, moment_utc, question), = db_rows(db, "SELECT id, moment_utc, question FROM readings WHERE user_id = 804")
        assert question == "契約はまとまりますか" and stored_question(db, rid)["horizon"] == "far"
        instant = datetime.fromisoformat(moment_utc)
        want_chart, want_reading, _r = expected("ja", CAST, at(instant, "Asia/Tokyo"), "document", horizon="far")
        assert chart.text == want_chart and answer.text == want_reading
        assert "Traceback" not in log.read_text()


async def test_readings_and_consultations_stored_before_the_new_answers_still_load(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, bot):
        u = tg.user(805, language_code="en")
        chart, answer, _l = await consult(u, topic="illness", answers={"subject": "self"}, method="text",
                                          lines=CAST)
        rid = reading_id(answer)
        await u.send("/cast")
        await u.press((await until(u, has("q:")))[0], "q:skip")
        await u.press((await until(u, has("t:")))[0], "t:wealth")
        await u.wait_for(has("f:horizon:"))
        await bot.stop()

        # as an older bot stored them: the reading's question without the new keys, and an open consultation
        # that went from the matter straight to the cast (no horizon asked, no key for it)
        con = sqlite3.connect(bot.db)
        try:
            record = json.loads(con.execute("SELECT reading FROM readings WHERE id = ?", (rid,)).fetchone()[0])
            for key in ("horizon", "illness", "weather"):
                del record["reading"]["question"][key]
            con.execute("UPDATE readings SET reading = ? WHERE id = ?", (json.dumps(record), rid))
            data = json.loads(con.execute("SELECT data FROM ptb_user_data WHERE user_id = ?", (u.id,)).fetchone()[0])
            data["c"] = ({k: v for k, v in data["c"].items() if k in ("question", "topic")}
                         | {"state": common.ASK_METHOD})
            con.execute("UPDATE ptb_user_data SET data = ? WHERE user_id = ?", (json.dumps(data), u.id))
            con.execute("UPDATE ptb_conversations SET state = ? WHERE name = 'consultation'", (str(common.ASK_METHOD),))
            con.commit()
        finally:
            con.close()
        await bot.start()

        again_chart, again = await reopen(u, rid)
        assert (again_chart.text, again.text) == (chart.text, answer.text)

        # /history was a command in the middle of it: its buttons stay the last ones (the step is not shown over
        # them); the next message shows the step it was left at — the cast, not the horizon it never asked
        page = [m for m in u.inbox if has("o:")(m)][-1]
        assert not any(has("f:horizon:")(m) or has("m:")(m) for m in u.inbox if m.message_id > page.message_id)
        await u.send("where was I?")
        methods, seen = await until(u, has("m:"))
        assert seen == ["Please use the buttons for this step (or /cancel)."]
        await u.press(methods, "m:text")
        await u.wait_reply()
        await u.send(CAST)
        when, seen = await until(u, has("w:"))  # past the follow-ups: goes on, keeping the default horizon
        assert not any("near or far" in text for text in seen)
        await u.press(when, "w:now")
        answer = await u.wait_for(has("r:"))
        assert answer.text == expected("en", CAST, at(NOW, "UTC"), "wealth")[1]
        assert stored_question(bot.db, reading_id(answer))["horizon"] is None


def test_every_optional_follow_up_has_its_texts() -> None:
    for topic in Topic:
        for which in optional_follow_ups(Question(topic)):
            assert which.value in kb.FOLLOW_UP_QUESTIONS and which.value in kb.SKIP_LABELS
    assert set(kb.HORIZON_LABELS) == {"near", "far", "today"} and set(kb.ILLNESS_LABELS) == {"recent", "long"}
    # where a chapter times in hours the horizon asks "today?" and offers it first
    assert kb.follow_up_question(Topic.weather, FollowUp.horizon) == kb.TODAY_QUESTION
    assert kb.follow_up_question(Topic.wealth, FollowUp.horizon) == kb.FOLLOW_UP_QUESTIONS["horizon"]
    assert kb.follow_up(Topic.weather, FollowUp.horizon).inline_keyboard[0][0].callback_data == "f:horizon:today"
    assert set(kb.WEATHER_LABELS) == {"rain", "clear"}
    assert kb.follow_up(Topic.illness, FollowUp.illness).inline_keyboard[-2][0].callback_data == "f:illness:skip"
    assert all(b.callback_data != "f:subject:skip" for row in kb.follow_up(Topic.illness, FollowUp.subject)
               .inline_keyboard for b in row)  # a required question has no skip
