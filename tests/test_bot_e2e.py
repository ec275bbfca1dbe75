"""End to end: the real Application (bot.handlers.app.build_application) over HTTP against the fake Bot API server.

Every test starts ``tests.fake_telegram.FakeTelegram`` on 127.0.0.1, points the bot's ``api_base_url`` at it, gives
it a fresh SQLite file and polls (getMe, deleteWebhook, getUpdates, sendMessage, editMessageText,
answerCallbackQuery, setMyCommands …).  Charts and readings in the replies are compared with what the engine
gives for the same cast, moment and question, rendered in the user's language — so the checks hold whatever the
catalogs say, and a language mix-up shows as different classical terms (수화기제 / 水火既済 / 水火既济 …).

One test runs the bot as a child process (``python -m bot.cli bot``) and kills it with SIGKILL between two
tosses.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.handlers.app import COMMANDS, build_application
from bot.ops.config import DEFAULT_ZONES, Config
from bot.render import fonts
from bot.render.chart_picture import caption, render_png
from bot.render.chart_text import render_chart
from bot.render.glossary import explanation, render_all_terms, render_terms
from bot.render.i18n import _, ngettext, normalize, term, use
from bot.render.messages import MAX_MESSAGE, split_message
from bot.render.reading import EVENTS, chain, render_findings, render_reading, render_sources, star_lines, weighed
from core.chart.calendar import DayBoundary, Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.question import OPTIONAL_FOLLOW_UPS, Question, Topic, choices, follow_ups, optional_follow_ups
from core.reading.pipeline import read
from core.rules import title
from tests.fake_telegram import FakeMessage, FakeTelegram, FakeUser

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 3, 2, 3, 0, tzinfo=UTC)  # the bot's clock in these tests
ERROR_LOG = "error while handling an update"
LANG_CODES = ["en", "ko", "ja", "zh-hans", "zh-hant"]
WELCOME = (("Welcome. I read 六爻 coin divination the way the classical manuals do: the full chart, the verdict with "
            "its reasons, and when things should happen."),
           ("Cast three coins six times (or let me toss), tell me what the question is about, and I will answer. "
            "Start with /cast."))
# 水火既濟 with a moving first line: the hexagram's name tells the language of the chart.
CAST = "987878"


# ---- the harness -----------------------------------------------------------------------------------------------

def config(tg: FakeTelegram, db: Path) -> Config:
    return Config(token=tg.token, api_base_url=tg.base_url, database_path=str(db), webhook_url=None,
                  listen="127.0.0.1", port=0, webhook_secret=None)


class Bot:
    """The bot polling the fake server; ``restart()`` builds a new Application on the same SQLite file."""

    def __init__(self, tg: FakeTelegram, db: Path, *, clock: Callable[[], datetime] | None = lambda: NOW,
                 rate_limit: bool = False) -> None:
        self.tg, self.db, self.clock, self.rate_limit = tg, db, clock, rate_limit
        self.app: Any = None

    async def start(self) -> None:
        fonts.find()  # the chart picture's font, fetched once if this machine has none (the bot never waits for it)
        self.app = build_application(config(self.tg, self.db), clock=self.clock, rate_limit=self.rate_limit)
        self.tg.track(self.app)  # ``quiet`` waits for the bot to be done, not for a silence
        await self.app.initialize()
        await self.app.post_init(self.app)  # what run_polling does (setMyCommands)
        await self.app.start()
        await self.app.updater.start_polling(poll_interval=0, timeout=1)

    async def stop(self) -> None:
        await self.app.updater.stop()
        await self.app.stop()
        await self.app.shutdown()

    async def restart(self) -> None:
        await self.stop()
        await self.start()


@contextlib.asynccontextmanager
async def running(tmp_path: Path, caplog: pytest.LogCaptureFixture | None = None, *,
                  errors_expected: bool = False, **kw: Any) -> AsyncIterator[tuple[FakeTelegram, Bot]]:
    async with FakeTelegram() as tg:
        bot = Bot(tg, tmp_path / "bot.sqlite3", **kw)
        await bot.start()
        try:
            yield tg, bot
        finally:
            await bot.stop()
        assert tg.unknown_methods == []
    if caplog is not None and not errors_expected:
        errors = [r for r in caplog.records if r.getMessage() == ERROR_LOG]
        assert not errors, f"the bot failed: {errors[0].exc_info}"


def has(prefix: str) -> Callable[[FakeMessage], bool]:
    return lambda m: any(d.startswith(prefix) for d in m.callback_data)


def is_chart(m: FakeMessage) -> bool:
    return any(e["type"] == "pre" for e in m.entities)


PICTURE = "<picture>"  # a photo among the messages ``until`` lists


async def until(u: FakeUser, pred: Callable[[FakeMessage], bool], timeout: float = 5) -> tuple[FakeMessage, list[str]]:
    """The next bot message or edit matching ``pred``, and the texts of everything that came before it (a photo
    as PICTURE)."""
    start = u._cursor
    m = await u.wait_for(pred, timeout)
    return m, [PICTURE if ev.message.photo else ev.message.text or "" for ev in u.chat.events[start:u._cursor - 1]]


def sent_before(u: FakeUser, m: FakeMessage) -> FakeMessage:
    """The bot's message sent just before ``m``."""
    sent = [ev.message for ev in u.chat.events if ev.kind == "message" and ev.message.from_bot]
    return sent[sent.index(m) - 1]


def picture_of(chart: FakeMessage, u: FakeUser) -> FakeMessage:
    """The chart's picture: a PNG photo sent right before the text chart, captioned with the hexagrams' names."""
    photo = sent_before(u, chart)
    assert photo.photo is not None and photo.photo_bytes is not None and photo.photo_bytes[:4] == b"\x89PNG"
    assert photo.caption is not None and photo.caption.split(" → ")[0] in chart.text
    return photo


async def quiet(u: FakeUser, seconds: float = 0.3) -> list[FakeMessage]:
    """Everything the bot sends in reply to what the user has sent: with the bot in this process (``track``-ed),
    until it is done with the user's updates; with a bot process, until it has been quiet for ``seconds``."""
    got = []
    if u.tg.tracking:
        assert await u.tg.settled(u.id), f"user {u.id}: the bot never finished their updates"
        with contextlib.suppress(TimeoutError):
            while True:
                got.append(await u.wait_reply(0))
        return got
    with contextlib.suppress(TimeoutError):
        while True:
            got.append(await u.wait_reply(seconds))
    return got


def tr(lang_code: str, msgid: str) -> str:
    with use(normalize(lang_code)):
        return _(msgid)


def picture_values(text: str) -> str:
    """The line values of the bot's running picture (rows "n  ━━━━━ ○", top first)."""
    rows = {}
    for row in text.splitlines():
        parts = row.split("  ", 1)
        if len(parts) == 2 and parts[0].strip().isdigit() and "━" in parts[1]:
            yang = "━━━━━" in parts[1]
            v = (9 if "○" in parts[1] else 7) if yang else (6 if "×" in parts[1] else 8)
            rows[int(parts[0])] = str(v)
    return "".join(rows[i] for i in sorted(rows))


def question_of(topic: str, **answers: str) -> Question:
    """The question a consultation with these answers asks ("skip" or absent: not answered)."""
    got = {k: (None if v == "skip" else v) for k, v in answers.items()}
    return Question.parse_ids(topic, got.get("subject"), got.get("sex"), None, subject_sex=got.get("subject_sex"),
                              thing=got.get("thing"), horizon=got.get("horizon"), illness=got.get("illness"),
                              weather=got.get("weather"), birth=got.get("birth"), study=got.get("study"),
                              life=got.get("life"), club=got.get("club"))


def expected(lang_code: str, lines: str, moment: Moment, topic: str, asked: str | None = None,
             **answers: str) -> tuple[str, str, Any]:
    """The chart and the reading the engine gives, as the user should see them (trimmed like Telegram), for the
    question ``asked`` in the user's words (a "when" question hears when first)."""
    chart = build_chart(parse_cast(lines), moment)
    reading = read(chart, question_of(topic, **answers))
    with use(normalize(lang_code)):
        return render_chart(chart, term).strip(), render_reading(reading, asked=asked).strip(), reading


def at(when: datetime | str, tz: str, boundary: int = 23) -> Moment:
    if isinstance(when, str):
        return Moment.parse(when, tz, DayBoundary(boundary))
    return Moment.at(when, tz, DayBoundary(boundary))


def db_rows(db: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Read the bot's SQLite file from outside (read-only), as an operator would."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return list(con.execute(sql, params))
    finally:
        con.close()


async def consult(u: FakeUser, *, entry: str = "/cast", question: str | None = None, topic: str = "wealth",
                  answers: dict[str, str] | None = None, method: str = "coins", lines: str = CAST,
                  moment: str = "now") -> tuple[FakeMessage, FakeMessage, str]:
    """One whole consultation through the keyboards; returns the chart, the answer and the cast's values.  The
    optional follow-up a topic asks is answered from ``answers`` too, and skipped when ``answers`` does not say."""
    if entry == "/cast":
        await u.send("/cast")
    else:
        await u.press(u.last, "new")
    ask, _seen = await until(u, has("q:skip"))
    if question is None:
        await u.press(ask, "q:skip")
    else:
        await u.send(question)
    topics, _seen = await until(u, has("t:"))
    await u.press(topics, f"t:{topic}")
    optional = {f.value for f in OPTIONAL_FOLLOW_UPS}
    for which, value in (answers or {}).items():
        if which not in optional:
            fu, _seen = await until(u, has(f"f:{which}:"))
            await u.press(fu, f"f:{which}:{value}")
    for which in optional_follow_ups(Question(Topic(topic))):
        if which.value == "horizon" and (answers or {}).get("illness") == "long":
            continue  # a long illness is far by its nature: not asked whether it is today's
        fu, _seen = await until(u, has(f"f:{which.value}:"))
        await u.press(fu, f"f:{which.value}:{(answers or {}).get(which.value, 'skip')}")
    methods, _seen = await until(u, has("m:"))
    await u.press(methods, f"m:{method}")
    if method == "coins":
        for i, v in enumerate(lines):
            toss, _seen = await until(u, has(f"c:{i}:"))
            assert str(i + 1) in toss.text.splitlines()[0]  # toss i+1 of 6
            assert picture_values(toss.text) == lines[:i]  # the running picture
            await u.press(toss, f"c:{i}:{int(v) - 6}")
        done, _seen = await until(u, lambda m: not m.callback_data and picture_values(m.text) == lines)
        assert done is toss
    elif method == "text":
        await u.wait_reply()
        await u.send(lines)
    if method == "auto":
        # the bot tossed, here and now: it does not ask when the coins were cast
        fell = await u.wait_reply()
        lines = picture_values(fell.text)
        assert len(lines) == 6 and not fell.callback_data
        chart, seen = await until(u, is_chart)
        assert seen == [PICTURE]  # the picture, then the text chart
        answer, seen = await until(u, has("r:"))
        assert seen == []
        return chart, answer, lines
    when, seen = await until(u, has("w:"))
    if method == "text":
        assert picture_values(seen[-1]) == lines  # "Read as:" and the lines
    if moment == "now":
        await u.press(when, "w:now")
    else:
        await u.press(when, "w:type")
        await u.wait_reply()
        await u.send(moment)
    chart, seen = await until(u, is_chart)
    assert seen[-1] == PICTURE
    picture_of(chart, u)
    answer, _seen = await until(u, has("r:"))
    return chart, answer, lines


def reading_id(answer: FakeMessage) -> int:
    return int(next(d for d in answer.callback_data if d.startswith("r:")).split(":")[1])


# ---- complete consultations in each language --------------------------------------------------------------------

@pytest.mark.parametrize("code", LANG_CODES)
async def test_consultations_in_each_language(tmp_path: Path, caplog: pytest.LogCaptureFixture, code: str) -> None:
    lang, tz = normalize(code), DEFAULT_ZONES[normalize(code)]
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(100, "Su", language_code=code)
        await u.send("/start")
        hello = await u.wait_reply()
        assert hello.text == tr(code, WELCOME[0]) + "\n" + tr(code, WELCOME[1])
        assert hello.callback_data == ["new", "h:0", "s:show"]

        # toss by toss, from the "new reading" button, with a question
        chart, answer, lines = await consult(u, entry="new", question="Will the shop do well this year?")
        want_chart, want_reading, reading = expected(code, lines, at(NOW, tz), "wealth")
        assert chart.text == want_chart and answer.text == want_reading
        with use(lang):  # the picture is this reading's, drawn in the user's language
            assert picture_of(chart, u).photo_bytes == render_png(reading)
            assert picture_of(chart, u).caption == caption(reading.chart)
        with use(lang):
            assert term("水火既濟") in chart.text and tz in chart.text
            assert term(reading.verdict.name) in answer.text
        rid = reading_id(answer)
        # and the offer to ask back when its moment comes (bot.handlers.askback), not answered yet
        assert answer.callback_data == [f"r:{rid}", f"p:{rid}", f"z:{rid}", f"g:{rid}", f"k:{rid}:ask", "new",
                                        f"ab:{rid}:yes", f"ab:{rid}:no"]

        # all six lines at once; a follow-up (whose illness?) first
        chart, answer, lines = await consult(u, topic="illness", answers={"subject": "parent"}, method="text",
                                             lines="778899")
        want_chart, want_reading, _r = expected(code, lines, at(NOW, tz), "illness", subject="parent")
        assert chart.text == want_chart and answer.text == want_reading

        # toss for me; the lost thing is asked
        chart, answer, lines = await consult(u, topic="lost", answers={"thing": "money"}, method="auto")
        want_chart, want_reading, _r = expected(code, lines, at(NOW, tz), "lost", thing="money")
        assert chart.text == want_chart and answer.text == want_reading

        # a past moment, typed in the user's zone
        chart, answer, lines = await consult(u, topic="career", method="coins", lines="696969",
                                             moment="2025-06-01 14:30")
        want_chart, want_reading, _r = expected(code, lines, at("2025-06-01 14:30", tz), "career")
        assert chart.text == want_chart and answer.text == want_reading

        # every other language's name of 水火既濟 is absent from the first chart
        first = next(m for m in u.inbox if is_chart(m))
        for other in {normalize(c) for c in LANG_CODES} - {lang}:
            with use(other):
                name = term("水火既濟")
            with use(lang):
                mine = term("水火既濟")
            if name not in mine:  # (the English name may carry the characters too)
                assert name not in first.text
        assert db_rows(_bot.db, "SELECT lang, tz FROM users WHERE user_id = 100") == [(lang, tz)]
        assert db_rows(_bot.db, "SELECT count(*) FROM readings WHERE user_id = 100") == [(4,)]


async def test_follow_ups_are_exactly_what_the_engine_needs(tmp_path: Path,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(101, language_code="en")
        for topic in Topic:
            await u.send("/cast")
            await u.press((await until(u, has("q:")))[0], "q:skip")
            await u.press((await until(u, has("t:")))[0], f"t:{topic.value}")
            answers: dict[str, str] = {}
            while True:
                m = await u.wait_for(lambda m: bool(m.callback_data))
                q = question_of(topic.value, **answers)
                missing = follow_ups(q) or tuple(f for f in optional_follow_ups(q) if f.value not in answers)
                if not missing:
                    assert m.callback_data[:3] == ["m:coins", "m:text", "m:auto"], (topic, m)
                    break
                which = missing[0]
                offered = [d for d in m.callback_data if d != "x"]
                skip = [f"f:{which.value}:skip"] if which in OPTIONAL_FOLLOW_UPS else []
                assert offered == [f"f:{which.value}:{c.value}" for c in choices(topic, which)] + skip, (topic, offered)
                # answer "self" where offered (marriage then asks the querent's sex), skip an optional question,
                # else the first choice
                pick = next((d for d in offered if d.endswith((":self", ":skip"))), offered[0])
                answers[which.value] = pick.split(":")[2]
                await u.press(m, pick)
            asked = [k for k in answers if k in {f.value for f in OPTIONAL_FOLLOW_UPS}]
            assert len(asked) <= 2, (topic, asked)  # never more than two extra questions (the second: "today?")
            await u.send("/cancel")
            assert (await u.wait_reply()).callback_data == ["new", "h:0", "s:show"]

        # a marriage asked by a woman about herself is read with 官鬼 as the use-god, through to the answer
        chart, answer, lines = await consult(u, topic="marriage", answers={"subject": "self", "sex": "female"})
        want_chart, want_reading, reading = expected("en", lines, at(NOW, "UTC"), "marriage", subject="self",
                                                     sex="female")
        assert chart.text == want_chart and answer.text == want_reading
        assert reading.rule.target.value == "官鬼"


# ---- shortcuts ---------------------------------------------------------------------------------------------------

async def test_shortcuts_skip_what_they_answer(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(102, language_code="ko")
        tz = "Asia/Seoul"
        await u.send("/cast 789968 wealth")
        chart, before = await until(u, is_chart)
        answer = await u.wait_reply()
        assert before == [PICTURE]  # nothing asked
        want_chart, want_reading, _r = expected("ko", "789968", at(NOW, tz), "wealth")
        assert chart.text == want_chart and answer.text == want_reading

        await u.send("789968")  # a bare message of six values: only the matter is asked
        topics = await u.wait_reply()
        assert topics.callback_data[0] == "t:wealth"
        await u.press(topics, "t:property")
        chart = await u.wait_for(is_chart)
        answer = await u.wait_reply()
        assert chart.text == expected("ko", "789968", at(NOW, tz), "property")[0]

        await u.send("/cast 78996 wealth")  # a bad cast: the error, then the consultation from its start
        error, ask = await u.wait_reply(), await u.wait_reply()
        assert "5" in error.text and ask.callback_data == ["q:skip", "x"]

        # six values typed while a consultation is open answer its step instead of starting over
        await u.send("How is my exam?")
        await u.press((await until(u, has("t:")))[0], "t:exam")
        await u.press((await until(u, has("f:exam:")))[0], "f:exam:skip")  # which examination: skipped, 鄉試
        await u.press((await until(u, has("m:")))[0], "m:text")
        await u.wait_reply()
        await u.send("777888")
        when, seen = await until(u, has("w:"))  # the moment is still asked: this is not the quick path
        assert picture_values(seen[-1]) == "777888"
        await u.press(when, "w:now")
        await u.wait_for(is_chart)
        await u.wait_reply()
        rows = db_rows(_bot.db, "SELECT question, topic, lines FROM readings WHERE user_id = 102 ORDER BY id")
        assert rows[-1] == ("How is my exam?", "exam", "777888")

        await u.send("/cast")  # at the matter step: the typed cast is taken, the question kept
        await u.send("Will it rain?")
        await until(u, has("t:"))
        await u.send("999666")
        topics, seen = await until(u, has("t:"))
        assert picture_values(seen[-1]) == "999666"
        await u.press(topics, "t:weather")
        await u.press((await until(u, has("f:weather:")))[0], "f:weather:skip")
        await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")  # then "today?"
        await u.press((await until(u, has("w:")))[0], "w:now")
        await u.wait_for(is_chart)
        await u.wait_reply()
        rows = db_rows(_bot.db, "SELECT question, topic, lines FROM readings WHERE user_id = 102 ORDER BY id")
        assert rows[-1] == ("Will it rain?", "weather", "999666")


async def test_topics_in_the_users_words(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """/cast 789968 재물, 金運, 求财: the topic in the user's own language; an unknown word is said to be one."""
    async with running(tmp_path, caplog) as (tg, _bot):
        for uid, code, word in ((110, "ko", "재물"), (111, "ja", "金運"), (112, "zh-hans", "求财"), (113, "zh-hant", "求財")):
            u = tg.user(uid, language_code=code)
            await u.send(f"/cast 789968 {word}")
            _chart, before = await until(u, is_chart)
            await u.wait_reply()
            assert before == [PICTURE], (code, before)
            rows = db_rows(_bot.db, f"SELECT topic, lines FROM readings WHERE user_id = {uid}")
            assert rows == [("wealth", "789968")]
        u = tg.user(114, language_code="ko")
        await u.send("/cast 789968 돈")
        said = await u.wait_reply()
        assert "“돈”은 제가 아는 주제가 아닙니다" in said.text
        topics = await u.wait_reply()
        assert topics.callback_data[0] == "t:wealth"  # the cast is kept; only the matter is asked


# ---- the chart's picture ----------------------------------------------------------------------------------------

async def test_a_picture_that_cannot_be_sent_never_holds_the_reading_back(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Bot API refusing the photo, or no font to draw it: the text chart and the reading still come."""
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(120, language_code="ja")
        tg.fail_next(1, 400, description="Bad Request: IMAGE_PROCESS_FAILED", methods=["sendPhoto"])
        await u.send(f"/cast {CAST} wealth")
        chart, before = await until(u, is_chart)
        answer = await u.wait_for(has("r:"))
        assert before == [] and [c.ok for c in tg.calls_to("sendPhoto")] == [False]
        want_chart, want_reading, _r = expected("ja", CAST, at(NOW, DEFAULT_ZONES["ja"]), "wealth")
        assert chart.text == want_chart and answer.text == want_reading
        assert any("picture" in r.getMessage() and r.exc_info for r in caplog.records)

        fetches: list[str] = []
        monkeypatch.setattr(fonts, "available", lambda: None)  # a machine without the font
        monkeypatch.setattr(fonts, "prefetch", lambda: fetches.append("started"))
        await u.send(f"/cast {CAST} career")
        chart, before = await until(u, is_chart)
        answer = await u.wait_for(has("r:"))
        assert before == [] and len(tg.calls_to("sendPhoto")) == 1  # nothing was drawn, nothing sent
        assert fetches == ["started"]  # the font is fetched in the background, not waited for
        assert answer.text == expected("ja", CAST, at(NOW, DEFAULT_ZONES["ja"]), "career")[1]
        monkeypatch.undo()
        await u.send(f"/cast {CAST} career")  # and the next reading has its picture again
        chart, before = await until(u, is_chart)
        assert before == [PICTURE] and picture_of(chart, u).photo_bytes[:4] == b"\x89PNG"


# ---- bad input at every step --------------------------------------------------------------------------------------

async def test_bad_input_at_every_step(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(103, language_code="en")
        await u.send("hello there")  # no consultation: a pointer to /cast
        assert "/cast" in (await u.wait_reply()).text
        await u.send("/frobnicate")
        assert "/cast" in (await u.wait_reply()).text
        await u.send("/cancel")
        assert "nothing to cancel" in (await u.wait_reply()).text
        await u.send_sticker()
        assert (await u.wait_reply()).callback_data == ["new", "h:0", "s:show"]

        await u.send("/cast")
        ask = await u.wait_reply()
        await u.send_sticker()  # the question step: a sticker
        m, seen = await until(u, has("q:skip"))
        assert seen == ["I can only read text and buttons here."]
        await u.send("x" * 301)  # too long for a question
        m, seen = await until(u, has("q:skip"))
        assert "longer than 300" in seen[0]
        await u.send("Will the deal close?")
        topics = await u.wait_for(has("t:"))

        await u.send("money please")  # text where a button is expected
        m, seen = await until(u, has("t:"))
        assert seen == ["Please use the buttons for this step (or /cancel)."]
        await u.send("y" * 4000)  # an overlong message
        m, seen = await until(u, has("t:"))
        assert seen == ["That message is too long for this step."]
        await u.press(ask, "q:skip")  # a button of an earlier step
        m, seen = await until(u, has("t:"))
        assert seen == ["That button belongs to an earlier message. Here is where we are:"]
        await u.send("/help")  # a command mid-flow: its answer, then the current step again
        m, seen = await until(u, has("t:"))
        assert "/cast" in seen[0] and seen[1].startswith("A reading is in progress")
        await u.press(m, "t:lost")

        fu = await u.wait_for(has("f:thing:"))
        assert {"f:thing:phone", "f:thing:keys", "f:thing:bag", "f:thing:other"} <= set(fu.callback_data)  # issue 22
        await u.send_sticker()
        m, seen = await until(u, has("f:thing:"))
        await u.press(fu, "f:thing:document")

        methods = await u.wait_for(has("m:"))
        await u.send("coins")
        m, seen = await until(u, has("m:"))
        assert seen == ["Please use the buttons for this step (or /cancel)."]
        await u.press(methods, "m:text")
        await u.wait_reply()
        for bad, why in [("hello", "is not a line, a coin or a count"), ("78996", "reads as 5 tosses"),
                         ("7899687", "more than six"), ("z" * 3000, "too long to be a cast")]:
            await u.send(bad)
            err = await u.wait_reply()
            assert why in err.text and "Accepted:" in err.text
        await u.send_sticker()
        m = await u.wait_reply()
        assert m.text == "I can only read text and buttons here."
        assert "six lines" in (await u.wait_reply()).text
        await u.send("HHT HTT TTT HHH HTH THH")  # coin faces (T are the backs)
        when, seen = await until(u, has("w:"))
        lines = picture_values(seen[-1])
        assert lines == str(parse_cast("HHT HTT TTT HHH HTH THH").lines_text)

        await u.send("now")  # text where a button is expected
        m, seen = await until(u, has("w:"))
        assert seen == ["Please use the buttons for this step (or /cancel)."]
        await u.press(when, "w:type")
        await u.wait_reply()
        for bad, why in [("2026-02-30 10:00", "I cannot read"), ("tomorrow", "I cannot read"),
                         ("02/28/2026 10:00", "2026/12/04, 2026.12.04 or 4.12.2026"),  # the forms that work
                         ("1850-01-01 10:00", "between 1900 and 2100"), ("2026-12-01 10:00", "in the future")]:
            await u.send(bad)
            assert why in (await u.wait_reply()).text
        await u.send_sticker()
        assert (await u.wait_reply()).text == "I can only read text and buttons here."
        assert "YYYY-MM-DD HH:MM" in (await u.wait_reply()).text
        await u.send("/settings")  # a command that offers a choice: its keyboard comes last, the step after it
        assert has("s:lang")(await u.wait_reply())
        assert await quiet(u) == []
        await u.send("/today")  # a command mid-flow, at a text step
        m, seen = await until(u, lambda m: "YYYY-MM-DD HH:MM" in (m.text or ""))
        assert seen[-1].startswith("A reading is in progress")
        await u.send("2026/02/28 23:30")  # slashes are read as dashes (issue 22)
        chart, _seen = await until(u, is_chart)
        answer = await u.wait_reply()
        want_chart, want_reading, _r = expected("en", lines, at("2026-02-28 23:30", "UTC"), "lost",
                                                thing="document")
        assert chart.text == want_chart and answer.text == want_reading
        assert db_rows(_bot.db, "SELECT question FROM readings WHERE user_id = 103") == [("Will the deal close?",)]

        # /cancel at a step, and buttons of a finished consultation
        await u.send("/cast")
        await u.wait_reply()
        await u.send("/cancel")
        assert (await u.wait_reply()).text == "Cancelled. Nothing was read."
        await u.press(topics, "t:wealth", strict=False)
        m = await u.wait_reply()
        assert m.text.startswith("That button belongs to an earlier message") and "/cast" in m.text
        assert tg.callback_answers  # every press was acknowledged
        assert db_rows(_bot.db, "SELECT count(*) FROM readings") == [(1,)]


async def _at_the_moment(u: FakeUser, lines: str = CAST) -> FakeMessage:
    """A quick consultation (wealth, the lines typed) up to "When was it cast?"; its keyboard."""
    await u.send("/cast")
    await u.press((await until(u, has("q:")))[0], "q:skip")
    await u.press((await until(u, has("t:")))[0], "t:wealth")
    await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:near")
    await u.press((await until(u, has("m:")))[0], "m:text")
    await u.wait_reply()
    await u.send(lines)
    return (await until(u, has("w:")))[0]


async def test_a_date_alone_asks_the_time(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A date without a time is not read as 00:00: the bot asks the time, or, if it is not known, says it reads
    the cast at noon (or now, today before noon)."""
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(120, language_code="en")
        when = await _at_the_moment(u)
        await u.press(when, "w:type")
        await u.wait_reply()
        await u.send("2026-03-03")  # tomorrow, by the bot's clock
        assert (await u.wait_reply()).text == "That moment is in the future; a cast is read for when it was made."
        await u.send("2026-02-20")
        ask = await u.wait_reply()
        assert ask.text.startswith("At what time on Fri, Feb 20, 2026 were the coins cast?")
        assert ask.callback_data == ["w:noon", "x"]
        await u.send("25:00")
        assert (await u.wait_reply()).text.startswith("I cannot read “25:00” as a time of day.")
        await u.send("23:30")  # after 23:00: the next day's pillar (子初換日)
        chart = await u.wait_for(is_chart)
        assert chart.text == expected("en", CAST, at("2026-02-20 23:30", "UTC"), "wealth", horizon="near")[0]
        assert "00:00" not in chart.text

        when = await _at_the_moment(u)
        await u.press(when, "w:type")
        await u.wait_reply()
        await u.send("2026-02-19")
        await u.press(await u.wait_for(has("w:noon")), "w:noon")
        said = await u.wait_reply()
        assert said.text == "The time is not known, so the cast is read at 12:00 PM on Thu, Feb 19, 2026."
        chart = await u.wait_for(is_chart)
        assert chart.text == expected("en", CAST, at("2026-02-19 12:00", "UTC"), "wealth", horizon="near")[0]

        when = await _at_the_moment(u)  # today, before noon: read as now
        await u.press(when, "w:type")
        await u.wait_reply()
        await u.send("2026-03-02")
        await u.press(await u.wait_for(has("w:noon")), "w:noon")
        assert (await u.wait_reply()).text == ("The time is not known, so the cast is read at 3:00 AM on "
                                               "Mon, Mar 2, 2026.")
        chart = await u.wait_for(is_chart)
        assert chart.text == expected("en", CAST, at(NOW, "UTC"), "wealth", horizon="near")[0]
        rows = db_rows(_bot.db, "SELECT moment_utc FROM readings WHERE user_id = 120 ORDER BY id")
        assert rows == [("2026-02-20T23:30:00.000000Z",), ("2026-02-19T12:00:00.000000Z",),
                        ("2026-03-02T03:00:00.000000Z",)]


async def test_tosses_typed_and_a_language_chosen_mid_flow(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """At a toss, a typed count is that count and typed coins are read as coins; /lang in the middle offers its
    choice last, and after the choice the consultation goes on where it was, in the new language."""
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(121, language_code="en")
        await u.send("/cast")
        await u.press((await until(u, has("q:")))[0], "q:skip")
        await u.press((await until(u, has("t:")))[0], "t:travel")
        await u.press((await until(u, has("f:subject:")))[0], "f:subject:self")
        await u.press((await until(u, has("f:aspect:")))[0], "f:aspect:skip")  # one's own journey: a companion?
        await u.press((await until(u, has("m:")))[0], "m:coins")
        await u.wait_for(has("c:0:"))
        for typed, values in (("3", "9"), ("HHT", "97"), ("앞뒤뒤", "978"), ("表表表", "9786"), ("單", "97867")):
            await u.send(typed)
            toss = await u.wait_for(has(f"c:{len(values)}:"))
            assert picture_values(toss.text) == values, typed
        await u.send("hello")
        err, again = await u.wait_reply(), await u.wait_for(has("c:5:"))
        assert err.text.startswith("“hello” is not a line, a coin or a count.\nAt a toss:")
        assert picture_values(again.text) == "97867"  # the step again, nothing counted

        await u.send("/lang")
        choose = await u.wait_reply()
        assert choose.callback_data == ["l:en", "l:ko", "l:ja", "l:zh_Hans", "l:zh_Hant"]
        assert await quiet(u) == []  # the step is not shown over the choice
        await u.press(choose, "l:ko")
        set_to, mid_flow, step = await u.wait_reply(), await u.wait_reply(), await u.wait_for(has("c:5:"))
        assert set_to.text == tr("ko", "Language set to {lang}.").format(lang="한국어")
        assert mid_flow.text == tr("ko", "A reading is in progress; here is where we are (or /cancel it).")
        assert step.text.startswith(tr("ko", "Toss {n} of 6 — how many coins show their back?").format(n=6))
        await u.send("2")
        await u.press((await until(u, has("w:")))[0], "w:now")
        chart, _seen = await until(u, is_chart)
        assert chart.text == expected("ko", "978678", at(NOW, "UTC"), "travel", subject="self")[0]


RULE_ID = re.compile(r"\b(?:R-CAI|[A-Z]{1,3}\d?)-\d+[a-z]?\b")  # YQ-05, XK2-03, SS-07, NS-06a, R-CAI-01


@pytest.mark.parametrize("code", ["en", "ko"])
async def test_sources_terms_and_all_reasons(tmp_path: Path, caplog: pytest.LogCaptureFixture, code: str) -> None:
    """The verdict's prose carries no rule ids; "Sources" names every rule of it with its title and passage; "All
    reasons" comes in whole messages, each under Telegram's limit, and ends with the sources of every reason;
    "Terms" and /terms explain the terms the reading used."""
    lang = normalize(code)
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(130, language_code=code)
        await u.send("/terms")  # no reading yet: every term
        with use(lang):
            everything = split_message(render_all_terms(), continued=_("Terms (continued)"))
        assert [(await u.wait_reply()).text for _ in everything] == everything

        await u.send("/cast 696969 wealth")
        chart = await u.wait_for(is_chart)
        answer = await u.wait_for(has("r:"))
        rid = reading_id(answer)
        _c, want, reading = expected(code, "696969", at(NOW, DEFAULT_ZONES[lang]), "wealth")
        assert answer.text == want and not RULE_ID.findall(answer.text) and not RULE_ID.findall(chart.text)
        with use(lang):  # each moment once: the most likely, then the others by date, each with what happens then
            events = [_(e) for e in EVENTS.values()]
            when = answer.text.split(_("When:"))[1].split("\n\n")[0]
            first = _("Most likely: {moment}").format(moment="")
        rows = [row for row in when.splitlines() if row.startswith(("・", first))]
        assert len(rows) == min(5, len(reading.timing)) >= 3 and all(any(e in row for e in events) for row in rows)
        dates = [d for t in reading.timing[:5] for d in t.dates]
        assert len(dates) == len(set(dates))

        await u.press(answer, f"z:{rid}")
        sources = await u.wait_reply()
        with use(lang):
            assert sources.text == render_sources(reading).strip()
            for step in chain(reading):  # named as a reader finds them: what the passage says, the book, the words
                assert f"{term(title(step.finding.rule))} — " in sources.text or term(title(step.finding.rule)) \
                    in sources.text
            for t in reading.timing[:5]:
                assert all(term(title(rule)) in sources.text for rule in t.rules)
            assert not RULE_ID.findall(sources.text)  # no machine codes: (zsby:451), JS-06

        await u.press(answer, f"r:{rid}")
        with use(lang):
            text = render_findings(reading)
            pieces = split_message(text, continued=_("All reasons (continued)"))
            heading = _("All reasons (continued)")
        assert len(pieces) >= 2
        got = [(await u.wait_reply()).text for _ in pieces]
        assert got == pieces and all(len(m) <= MAX_MESSAGE for m in got)
        assert all(m.startswith(heading + "\n") for m in got[1:])
        numbered = [line for line in text.splitlines() if re.match(r"\d+\. ", line)]
        with use(lang):
            stands, against = weighed(reading)
        assert len(numbered) == len(stands) + len(against) + len(star_lines(reading))
        assert all(sum(line in m.splitlines() for m in got) == 1 for line in numbered)  # each reason whole, once
        assert not RULE_ID.findall(text)  # prose, and passages named by book, chapter and words
        with use(lang):
            cited = text.split(_("Where the books say it (each passage, then the reasons above that rest on it):"))[1]
            assert all(term(title(f.rule)) in cited for f in stands + against)

        await u.press(answer, f"g:{rid}")
        with use(lang):
            glossary = split_message(render_terms(reading), continued=_("Terms (continued)"))
        assert [(await u.wait_reply()).text for _ in glossary] == glossary
        with use(lang):
            assert glossary[0].startswith(_("The terms of this reading:"))
            for word in ("用神", "旬空", "妻財", reading.chart.lines[0].spirit.value):  #妻財: the Wealth asked about
                assert _("{term}: {meaning}").format(term=term(word).strip(), meaning=explanation(word)) in glossary[0]
        await u.send("/terms")  # the latest reading's terms
        assert [(await u.wait_reply()).text for _ in glossary] == glossary


async def test_undo_and_two_quick_taps(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(104, language_code="ja")
        await u.send("/cast")
        await u.press((await until(u, has("q:")))[0], "q:skip")
        await u.press((await until(u, has("t:")))[0], "t:career")
        await u.press((await until(u, has("f:office:")))[0], "f:office:skip")  # what of the post: skipped, 升選
        await u.press((await until(u, has("m:")))[0], "m:coins")
        toss = await u.wait_for(has("c:0:"))
        assert not any(d.endswith("undo") for d in toss.callback_data)
        await u.press(toss, "c:0:3")
        await u.wait_for(has("c:1:"))
        await u.press(toss, "c:1:0")
        await u.wait_for(has("c:2:"))
        await u.press(toss, "c:2:undo")  # back to toss 2
        m = await u.wait_for(has("c:1:"))
        assert picture_values(m.text) == "9"
        # two quick taps on the same button: both reach the bot, only one toss is counted
        await u.press(toss, "c:1:1")
        await u.press(toss, "c:1:1", strict=False)
        got = await quiet(u)
        assert [m is toss for m in got] == [True, False, False] and picture_values(toss.text) == "97"
        assert got[1].text == tr("ja", "That button belongs to an earlier message. Here is where we are:")
        current = got[2]  # the step again, as it is: toss 3, the picture so far
        assert has("c:2:")(current) and picture_values(current.text) == "97"
        for i, n in enumerate("210", start=2):
            await u.press(current, f"c:{i}:{n}")
            current = await u.wait_for(has(f"c:{i + 1}:"))
        await u.press(current, "c:5:undo")
        current = await u.wait_for(has("c:4:"))
        await u.press(current, "c:4:0")
        current = await u.wait_for(has("c:5:"))
        await u.press(current, "c:5:3")
        await u.press(current, "c:5:3", strict=False)  # a double tap on the last toss
        when = await u.wait_for(has("w:"))
        await u.press(when, "w:now")
        await u.press(when, "w:now", strict=False)  # and on "now"
        chart = await u.wait_for(is_chart)
        await u.wait_for(has("r:"))
        stale = await u.wait_reply()  # the second "now" belongs to a finished consultation
        assert stale.callback_data == ["new", "h:0", "s:show"]
        assert chart.text == expected("ja", "978769", at(NOW, "Asia/Tokyo"), "career")[0]
        assert db_rows(_bot.db, "SELECT lines FROM readings") == [("978769",)]
        assert len(await quiet(u, 0.2)) == 0


# ---- restarts ----------------------------------------------------------------------------------------------------

async def test_restart_between_tosses_resumes(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, bot):
        u = tg.user(105, language_code="zh-hant")
        v = tg.user(106, language_code="en")
        await u.send("/cast")
        await u.send("我的病何時好？")
        await u.press((await until(u, has("t:")))[0], "t:illness")
        await u.press((await until(u, has("f:")))[0], "f:subject:self")
        await u.press((await until(u, has("f:illness:")))[0], "f:illness:skip")
        await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")  # then "today?"
        await u.press((await until(u, has("m:")))[0], "m:coins")
        toss = await u.wait_for(has("c:0:"))
        for i, n in enumerate("321"):
            await u.press(toss, f"c:{i}:{n}")
            await u.wait_for(has(f"c:{i + 1}:"))
        await v.send("/cast")  # another user waits at the question step
        await v.wait_for(has("q:"))
        finished_topics = next(m for m in u.inbox if has("t:")(m))

        await bot.restart()

        await u.press(toss, "c:3:2")  # a button from before the restart
        await u.wait_for(has("c:4:"))
        assert picture_values(toss.text) == "9878"
        await u.press(toss, "c:4:1")
        await u.wait_for(has("c:5:"))
        await bot.restart()
        await u.press(toss, "c:5:0")
        await u.press((await until(u, has("w:")))[0], "w:now")
        chart = await u.wait_for(is_chart)
        answer = await u.wait_reply()
        want_chart, want_reading, _r = expected("zh-hant", "987876", at(NOW, "Asia/Taipei"), "illness",
                                                "我的病何時好？", subject="self")
        assert chart.text == want_chart and answer.text == want_reading
        rows = db_rows(bot.db, "SELECT question, lines, tosses FROM readings WHERE user_id = 105")
        assert [r[:2] for r in rows] == [("我的病何時好？", "987876")] and json.loads(rows[0][2])[0] == [1, 1, 1]

        await v.send("Should I move?")  # the other user's consultation survived too
        await v.press((await until(v, has("t:")))[0], "t:property")
        await v.press((await until(v, has("m:")))[0], "m:auto")
        await v.wait_for(is_chart)

        await bot.restart()
        await u.press(finished_topics, "t:wealth")  # a button of a finished consultation, after a restart
        m = await u.wait_reply()
        assert m.callback_data == ["new", "h:0", "s:show"]
        assert len(tg.commands) >= 1 and [c["command"] for c in next(iter(tg.commands.values()))] == list(COMMANDS)


async def _wait_for_step(db: Path, user_id: int, moment: datetime, timeout: float = 10) -> None:
    """Until the user's consultation state is written with the time ``moment``."""
    deadline = time.monotonic() + timeout
    stamp = moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    while db_rows(db, "SELECT updated_at FROM ptb_conversations WHERE key = ?", (f"[{user_id},{user_id}]",)) \
            != [(stamp,)]:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the step of user {user_id} was never written at {stamp}")
        await asyncio.sleep(0.02)


async def _wait_for_no_draft(db: Path, user_id: int, timeout: float = 10) -> None:
    """Until the user's data holds no consultation draft."""
    deadline = time.monotonic() + timeout
    while any("c" in json.loads(data) for (data,) in db_rows(db, "SELECT data FROM ptb_user_data WHERE user_id = ?",
                                                              (user_id,))):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the draft of user {user_id} was never dropped")
        await asyncio.sleep(0.02)


class MovingClock:
    """The bot's clock, moved by hand."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


async def test_an_abandoned_consultation_expires_and_its_user_is_told(tmp_path: Path,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    clock = MovingClock(NOW)
    async with running(tmp_path, caplog, clock=clock) as (tg, bot):
        u = tg.user(107, language_code="ko")
        v = tg.user(108, language_code="ja")
        await u.send("/cast")
        await u.send("이사해도 될까요?")
        await u.press((await until(u, has("t:")))[0], "t:property")
        await u.press((await until(u, has("m:")))[0], "m:coins")
        toss = await u.wait_for(has("c:0:"))
        await u.press(toss, "c:0:3")
        await u.wait_for(has("c:1:"))
        await v.send("/cast")
        await v.wait_for(has("q:"))
        await _wait_for_step(bot.db, 107, clock.now)
        await _wait_for_step(bot.db, 108, clock.now)

        clock.now += timedelta(hours=23, minutes=59)  # a day, less a minute: still open
        await u.press(toss, "c:1:2")
        await u.wait_for(has("c:2:"))
        await _wait_for_step(bot.db, 107, clock.now)  # the step is written after its reply
        clock.now += timedelta(hours=24, minutes=1)  # a day and a minute after the last step: expired
        await u.press(toss, "c:2:1")
        told = await u.wait_reply()
        with use("ko"):
            sentence = ngettext("The reading you had open went unanswered for more than {hours} hour, so it has "
                                "expired. Start a new one with /cast.",
                                "The reading you had open went unanswered for more than {hours} hours, so it has "
                                "expired. Start a new one with /cast.", 24).format(hours=24)
        assert told.text == sentence and "/cast" in sentence and "24" in sentence
        assert told.callback_data == ["new", "h:0", "s:show"]
        await _wait_for_no_draft(bot.db, 107)  # the draft dropped (written after the reply) …
        assert db_rows(bot.db, "SELECT key FROM ptb_conversations WHERE key = '[107,107]'") == []  # … and the state
        await u.press(toss, "c:2:1")  # told once: the old buttons now belong to an earlier message
        assert (await u.wait_reply()).text != sentence

        await v.send("/cast")  # the other user comes back with a command: told, and the command is done
        assert (await v.wait_reply()).text.startswith("進行中だった占いは24時間以上")
        await v.wait_for(has("q:"))
        await v.send("引っ越すべき？")
        await v.wait_for(has("t:"))
        await u.send("/cast")  # a new consultation starts as usual
        await u.wait_for(has("q:"))


async def _wait_for_tosses(db: Path, user_id: int, n: int, timeout: float = 10) -> None:
    """Until the bot's SQLite file holds ``n`` tosses of the user's open consultation."""
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(sqlite3.OperationalError):
            rows = db_rows(db, "SELECT data FROM ptb_user_data WHERE user_id = ?", (user_id,))
            if rows and len((json.loads(rows[0][0]).get("c") or {}).get("tosses") or []) == n:
                return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the database never showed {n} tosses")
        await asyncio.sleep(0.02)


async def stop_bot(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM a bot process and wait for it to end (killing it after 15 s); the fake server runs on this event
    loop, so the wait must not block it."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.to_thread(proc.wait, 15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _spawn_bot(tg: FakeTelegram, db: Path, log: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url, DATABASE_PATH=str(db))
    env.pop("WEBHOOK_URL", None)
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, "-m", "bot.cli", "bot"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT)


async def test_sigkill_between_tosses_resumes(tmp_path: Path) -> None:
    """The bot as its own process (`liuyao bot`), killed with SIGKILL between two tosses, then started again."""
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    async with FakeTelegram() as tg:
        u = tg.user(107, language_code="ko")
        proc = _spawn_bot(tg, db, log)
        try:
            await u.send("/cast 돈이 들어올까요")  # not a cast: the question step follows the explanation
            await u.wait_for(has("q:"), timeout=30)
            await u.send("돈이 들어올까요?")
            await u.press((await until(u, has("t:")))[0], "t:wealth")
            await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")
            await u.press((await until(u, has("m:")))[0], "m:coins")
            toss = await u.wait_for(has("c:0:"))
            for i, n in enumerate("321"):
                await u.press(toss, f"c:{i}:{n}")
                await u.wait_for(has(f"c:{i + 1}:"))
            await _wait_for_tosses(db, u.id, 3)
            proc.send_signal(signal.SIGKILL)
            assert await asyncio.to_thread(proc.wait, 10) == -signal.SIGKILL

            proc = _spawn_bot(tg, db, log)
            await u.press(toss, "c:3:2")  # the keyboard from before the kill
            await u.wait_for(has("c:4:"), timeout=30)
            assert picture_values(toss.text) == "9878"
            await u.press(toss, "c:4:1")
            await u.wait_for(has("c:5:"))
            await u.press(toss, "c:5:0")
            await u.press((await until(u, has("w:")))[0], "w:now")
            chart = await u.wait_for(is_chart)
            answer = await u.wait_reply()
        finally:
            await stop_bot(proc)
        assert proc.returncode == 0, log.read_text()
        (lines, moment_utc, tz, question), = db_rows(
            db, "SELECT lines, moment_utc, moment_tz, question FROM readings WHERE user_id = 107")
        assert (lines, tz, question) == ("987876", "Asia/Seoul", "돈이 들어올까요?")
        instant = datetime.fromisoformat(moment_utc)
        want_chart, want_reading, _r = expected("ko", lines, at(instant, tz), "wealth")
        assert chart.text == want_chart and answer.text == want_reading
        assert "setMyCommands" in tg.methods_called and tg.unknown_methods == []
        assert "Traceback" not in log.read_text()


# ---- many users ----------------------------------------------------------------------------------------------------

async def test_two_users_interleaved_and_twenty_at_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, _bot):
        a, b = tg.user(201, "A", language_code="ko"), tg.user(202, "B", language_code="en")
        await a.send("/cast")
        await b.send("/cast")
        await a.send("A의 질문")
        await b.press((await until(b, has("q:")))[0], "q:skip")
        await a.press((await until(a, has("t:")))[0], "t:wealth")
        await a.press((await until(a, has("f:horizon:")))[0], "f:horizon:skip")
        await b.press((await until(b, has("t:")))[0], "t:travel")
        await b.press((await until(b, has("f:")))[0], "f:subject:self")
        await b.press((await until(b, has("f:aspect:")))[0], "f:aspect:skip")  # one's own journey: a companion?
        await a.press((await until(a, has("m:")))[0], "m:coins")
        await b.press((await until(b, has("m:")))[0], "m:coins")
        ta, tb = await a.wait_for(has("c:0:")), await b.wait_for(has("c:0:"))
        for i in range(6):  # alternate taps: 9 8 7 6 … for A, 6 7 8 9 … for B
            await a.press(ta, f"c:{i}:{3 - i % 4}")
            await b.press(tb, f"c:{i}:{i % 4}")
            await a.wait_for(lambda m, n=i + 1: m is ta and len(picture_values(m.text)) == n)
            await b.wait_for(lambda m, n=i + 1: m is tb and len(picture_values(m.text)) == n)
        await a.press((await until(a, has("w:")))[0], "w:now")
        await b.press((await until(b, has("w:")))[0], "w:type")
        await b.wait_reply()
        await b.send("2024-02-04 16:30")
        ca, cb = await a.wait_for(is_chart), await b.wait_for(is_chart)
        assert ca.text == expected("ko", "987698", at(NOW, "Asia/Seoul"), "wealth")[0]
        assert cb.text == expected("en", "678967", at("2024-02-04 16:30", "UTC"), "travel", subject="self")[0]
        assert all(m.chat_id == 201 for m in a.inbox) and all(m.chat_id == 202 for m in b.inbox)

        users = [tg.user(300 + i, language_code=LANG_CODES[i % 5]) for i in range(20)]
        casts = ["".join("6789"[(i + j) % 4] for j in range(6)) for i in range(20)]
        results = await asyncio.gather(*(consult(u, lines=casts[i], method="coins" if i % 2 else "text")
                                         for i, u in enumerate(users)))
        for i, (chart, _answer, lines) in enumerate(results):
            code = LANG_CODES[i % 5]
            assert lines == casts[i]
            assert chart.text == expected(code, casts[i], at(NOW, DEFAULT_ZONES[normalize(code)]), "wealth")[0]
        rows = dict(db_rows(_bot.db, "SELECT user_id, lines FROM readings WHERE user_id >= 300"))
        assert rows == {300 + i: casts[i] for i in range(20)}


# ---- history and outcomes -------------------------------------------------------------------------------------------

async def test_history_and_outcomes(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(400, language_code="en")
        await u.send("/history")
        assert "no readings yet" in (await u.wait_reply()).text
        # cast a month ago, stored now: /history shows when it was cast
        first_chart, first_answer, _lines = await consult(u, question="Will I find my keys?", topic="lost",
                                                          answers={"thing": "vehicle"}, moment="2026-02-01 10:00")
        first = reading_id(first_answer)
        casts = ["777777", "888888", "789789", "987987", "696969", "797979"]
        for lines in casts:
            await u.send(f"/cast {lines} career")
            await u.wait_for(has("r:"))

        await u.send("/history")
        page = await u.wait_for(has("o:"))
        assert "1–5 of 7" in page.text
        assert len([d for d in page.callback_data if d.startswith("o:")]) == 5 and page.callback_data[-1] == "h:5"
        await u.press(page, "h:5")
        older = await u.wait_for(has("o:"))
        assert "6–7 of 7" in older.text and older.callback_data == [f"o:{first + 1}", f"o:{first}", "h:0"]
        labels = [b["text"] for b in older.buttons]
        assert labels[0].startswith("Mon, Mar 2, 2026, 3:00 AM · Career, office · ")
        assert labels[1] == "Sun, Feb 1, 2026, 10:00 AM · Lost thing, theft · Jì Jì 水火既濟"

        await u.press(older, f"o:{first}")  # opening a reading shows it again
        question, picture, chart, answer = [await u.wait_reply() for _ in range(4)]
        assert question.text == "Question: Will I find my keys?"
        assert picture is picture_of(chart, u) and picture.photo_bytes == picture_of(first_chart, u).photo_bytes
        assert chart.text == first_chart.text and answer.text == first_answer.text
        await u.press(answer, f"r:{first}")  # all reasons
        reasons = await u.wait_reply()
        _c, _t, reading = expected("en", CAST, at("2026-02-01 10:00", "UTC"), "lost", thing="vehicle")
        with use("en"):
            assert reasons.text == split_message(render_findings(reading))[0]
        await u.press(answer, f"p:{first}")  # the topic reading
        assert (await u.wait_reply()).text

        await u.press(answer, f"k:{first}:ask")
        ask = await u.wait_reply()
        assert ask.callback_data == [f"k:{first}:today", f"k:{first}:date", f"k:{first}:no"]
        await u.press(ask, f"k:{first}:no")
        assert (await u.wait_reply()).text == "Noted: it did not happen."
        await u.press(ask, f"k:{first}:date")
        await u.wait_reply()
        await u.send("2026-02-30")
        assert "I cannot read" in (await u.wait_reply()).text
        await u.send("2026-01-31")  # the day before the cast: not what the reading foretold
        assert (await u.wait_reply()).text == ("That is before the cast (Sun, Feb 1, 2026): what the reading "
                                               "foretold can only happen after it. Send the date it happened as "
                                               "YYYY-MM-DD.")
        await u.send("2026-03-03")  # tomorrow, by the bot's clock
        assert (await u.wait_reply()).text.startswith("That date has not come yet.")
        assert db_rows(_bot.db, "SELECT outcome, outcome_date FROM readings WHERE id = ?", (first,)) == [
            ("did_not", None)]
        await u.send("2026. 2. 3.")  # the Korean way, in any language
        assert (await u.wait_reply()).text == "Noted: it happened on Tue, Feb 3, 2026."
        second = first + 1
        await u.press(ask, f"k:{second}:today", strict=False)
        assert (await u.wait_reply()).text == "Noted: it happened on Mon, Mar 2, 2026."
        assert db_rows(_bot.db, "SELECT id, outcome, outcome_date FROM readings WHERE outcome IS NOT NULL "
                       "ORDER BY id") == [(first, "happened", "2026-02-03"), (second, "happened", "2026-03-02")]
        await u.press(older, f"o:{first}")
        opened = await quiet(u)
        assert opened[-1].text == "Outcome: it happened on Tue, Feb 3, 2026."

        # an outcome recorded in the middle of a consultation leaves it where it was
        await u.send("/cast")
        await u.press((await until(u, has("q:")))[0], "q:skip")
        await u.press((await until(u, has("t:")))[0], "t:wealth")
        await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")
        await u.press((await until(u, has("m:")))[0], "m:coins")
        toss = await u.wait_for(has("c:0:"))
        await u.press(toss, "c:0:1")
        await u.wait_for(has("c:1:"))
        await u.press(ask, f"k:{first}:no")
        assert (await u.wait_reply()).text == "Noted: it did not happen."
        await u.press(toss, "c:1:2")
        assert picture_values((await u.wait_for(has("c:2:"))).text) == "78"
        await u.press(ask, f"k:{second}:date", strict=False)
        await u.wait_reply()
        await u.send("2026-03-02")
        noted, again = await u.wait_reply(), await u.wait_for(has("c:2:"))
        assert noted.text == "Noted: it happened on Mon, Mar 2, 2026." and picture_values(again.text) == "78"
        for i, n in enumerate("1111", start=2):
            await u.press(again, f"c:{i}:{n}")
            if i < 5:
                await u.wait_for(has(f"c:{i + 1}:"))
        await u.press((await until(u, has("w:")))[0], "w:now")
        chart = await u.wait_for(is_chart)
        assert chart.text == expected("en", "787777", at(NOW, "UTC"), "wealth")[0]

        # someone else's reading is not shown
        other = tg.user(401, language_code="en")
        await other.send("/start")
        hello = await other.wait_reply()
        await other.press(hello, f"o:{first}", strict=False)
        assert (await other.wait_reply()).text == "That reading is not in your history."
        await other.press(hello, f"k:{first}:no", strict=False)
        assert (await other.wait_reply()).text == "That reading is not in your history."
        assert db_rows(_bot.db, "SELECT outcome FROM readings WHERE id = ?", (first,)) == [("did_not",)]


async def test_zones_by_city_and_offset(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """/tz 서울, Seoul, 台北, asia/seoul, new york, 부산, 臺北; +09:00 fits several zones and is answered with a choice, and so
    is Portland (Oregon or Maine)."""
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(510, language_code="ko")
        for typed, zone in (("서울", "Asia/Seoul"), ("台北", "Asia/Taipei"), ("asia/tokyo", "Asia/Tokyo"),
                            ("Seoul", "Asia/Seoul"), ("new york", "America/New_York"), ("首尔", "Asia/Seoul"),
                            ("부산", "Asia/Seoul"), ("臺北", "Asia/Taipei"), ("Houston", "America/Chicago")):
            await u.send(f"/tz {typed}")
            assert zone in (await u.wait_reply()).text, typed
            assert db_rows(_bot.db, "SELECT tz FROM users WHERE user_id = 510") == [(zone,)]
        await u.send("/tz +09:00")
        choice = await u.wait_reply()
        assert choice.callback_data[:2] == ["s:tz:Asia/Seoul", "s:tz:Asia/Tokyo"]
        assert any(b["text"] == "일본 · 도쿄 (Asia/Tokyo)" for b in choice.buttons)
        await u.press(choice, "s:tz:Asia/Tokyo")
        assert "Asia/Tokyo" in (await u.wait_reply()).text
        await u.send("/tz Portland")
        portland = await u.wait_reply()
        assert portland.callback_data == ["s:tz:America/Los_Angeles", "s:tz:America/New_York"]
        assert db_rows(_bot.db, "SELECT tz FROM users WHERE user_id = 510") == [("Asia/Tokyo",)]
        await u.send("/tz 나니아")
        assert "“나니아”는 제가 아는 시간대가 아닙니다" in (await u.wait_reply()).text
        assert db_rows(_bot.db, "SELECT tz FROM users WHERE user_id = 510") == [("Asia/Tokyo",)]


# ---- settings -------------------------------------------------------------------------------------------------------

async def test_settings_language_zone_boundary_coins(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running(tmp_path, caplog) as (tg, _bot):
        u = tg.user(500, language_code="en-US")
        await u.send("/settings")
        s = await u.wait_reply()
        assert "English" in s.text and "UTC" in s.text
        await u.send("/lang")
        await u.press(await u.wait_reply(), "l:ja")
        assert "日本語" in (await u.wait_reply()).text
        await u.send("/tz Mars/Olympus")
        assert "Mars/Olympus" in (await u.wait_reply()).text
        await u.send("/tz Europe/Paris")
        assert "Europe/Paris" in (await u.wait_reply()).text
        await u.send("/cast 987878 wealth")
        chart = await u.wait_for(is_chart)
        assert chart.text == expected("ja", "987878", at(NOW, "Europe/Paris"), "wealth")[0]
        assert "水火既済" in chart.text
        await u.wait_for(has("r:"))

        await u.send("/tz")
        zones = await u.wait_reply()
        await u.press(zones, "s:tz:Asia/Seoul")
        assert "Asia/Seoul" in (await u.wait_reply()).text
        await u.send("/settings")
        s = await u.wait_reply()
        assert "日本語" in s.text and "Asia/Seoul" in s.text
        await u.press(s, "s:db:0")
        s2 = await u.wait_reply()
        assert any(b["callback_data"] == "s:db:0" and b["text"].endswith("✓") for b in s2.buttons)
        await u.press(s2, "s:coins:faces")
        s3 = await u.wait_reply()
        assert any(b["callback_data"] == "s:coins:faces" and b["text"].endswith("✓") for b in s3.buttons)
        await u.press(s3, "s:lang")
        await u.press(await u.wait_reply(), "l:zh_Hans")
        await u.wait_reply()
        assert db_rows(_bot.db, "SELECT lang, tz, day_boundary, coins FROM users WHERE user_id = 500") == [
            ("zh_Hans", "Asia/Seoul", 0, "faces")]

        # counting faces (the keyboard says how many faces; 3 faces is ○ in that convention); the day changes at
        # midnight
        chart, _answer, lines = await consult(u, lines="696969", moment="2025-06-01 23:30")
        assert lines == "696969"
        rows = db_rows(_bot.db, "SELECT tosses, coins FROM readings WHERE user_id = 500 ORDER BY id DESC LIMIT 1")
        assert rows[0][1] == "faces"
        moment = at("2025-06-01 23:30", "Asia/Seoul", 0)
        assert chart.text == expected("zh-hans", lines, moment, "wealth")[0]
        assert moment.day != at("2025-06-01 23:30", "Asia/Seoul", 23).day  # the setting mattered

        for i, (code, zone) in enumerate([("ko", "Asia/Seoul"), ("ja", "Asia/Tokyo"), ("zh-hans", "Asia/Shanghai"),
                                          ("zh-TW", "Asia/Taipei"), ("de", "UTC")]):
            v = tg.user(600 + i, language_code=code)
            await v.send("/settings")
            assert zone in (await v.wait_reply()).text


# ---- errors ---------------------------------------------------------------------------------------------------------

async def test_error_handler_and_rate_limits(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="bot.handlers.app")
    async with running(tmp_path, caplog, errors_expected=True, rate_limit=True) as (tg, _bot):
        u = tg.user(700, language_code="en")
        await u.send("/cast")
        await u.press((await until(u, has("q:")))[0], "q:skip")
        topics = await u.wait_for(has("t:"))
        # Telegram refuses the next reply for good (a 400; a 5xx would leave the update to be answered later)
        tg.fail_next(1, 400, description="Bad Request: can't parse entities", methods=["sendMessage"])
        await u.press(topics, "t:wealth")
        sorry = await u.wait_reply()
        assert sorry.text == "Something went wrong on my side. Your readings are safe; please try again."
        assert [r for r in caplog.records if r.getMessage() == ERROR_LOG]
        await u.press(topics, "t:wealth")  # trying again works
        await u.press((await until(u, has("f:horizon:")))[0], "f:horizon:skip")
        tg.rate_limit = 1  # Telegram says "too many requests": the bot waits and retries
        await u.press((await until(u, has("m:")))[0], "m:auto")
        chart = await u.wait_for(is_chart, timeout=15)
        await u.wait_for(has("r:"), timeout=15)
        assert tg.rate_limited >= 1 and chart.text
        tg.rate_limit = None
        assert db_rows(_bot.db, "SELECT count(*) FROM readings") == [(1,)]
