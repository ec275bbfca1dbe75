"""/natal end to end: the real Application against the fake Bot API server, in Korean, Japanese and Traditional
Chinese; bad input at every step; the grave verses behind /settings; /history; and a bot process killed with
SIGKILL in the middle of /natal that resumes where it was.

Replies are compared with what the engine and the renderer give for the same birth in the user's language, so the
checks hold whatever the catalogs say, and a language mix-up shows as different words.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sqlite3
import time
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.handlers.app import HISTORY_LABEL
from bot.render.dates import day_text
from bot.render.i18n import normalize, use
from bot.render.korean import particles
from bot.render.messages import split_message
from bot.render.natal_render import render_all_verses, render_natal, render_natal_chart, render_natal_details
from core.natal import NatalChart, NatalReading, read_natal
from core.question import Sex
from tests.fake_telegram import FakeMessage, FakeTelegram, FakeUser
from tests.test_bot_e2e import _spawn_bot, db_rows, has, is_chart, quiet, running, stop_bot, tr, until

BIRTH = "1990-05-01 08:30"  # 庚午 庚辰 丙寅 壬辰 in Seoul: V3 (四陽), a grave verse, fires
JIE_DAY = "1990-05-06"      # 立夏 falls that day in Seoul: without the hour the month is unknown


def reading_of(local: str, tz: str, sex: str | None) -> NatalReading:
    instant = datetime.fromisoformat(local).replace(tzinfo=ZoneInfo(tz))
    return read_natal(NatalChart.at(instant, tz, Sex(sex) if sex else None))


def rendered(code: str, reading: NatalReading, grim: bool = False) -> tuple[str, str, str]:
    """The chart, the reply (the summary) and what "Details" shows — the details, then the list of every verse —
    as the user should see them (trimmed like Telegram)."""
    with use(normalize(code)):
        return (render_natal_chart(reading).strip(), render_natal(reading, grim).strip(),
                render_natal_details(reading, grim).strip() + SPLIT + render_all_verses(reading, grim).strip())


SPLIT = "\x00"  # between two texts the bot sends apart


def pieces(text: str) -> list[str]:
    """A long reply as Telegram shows it: in the pieces the bot splits it into, each trimmed."""
    return [p.strip() for part in text.split(SPLIT) for p in split_message(part)]


async def verses_reply(u: FakeUser) -> tuple[FakeMessage, list[str]]:
    """The reply's last message (with the buttons) and the texts of all its pieces."""
    answer, before = await until(u, has("v:"))
    return answer, [*before, answer.text or ""]


DATE_ASK = "A reading of your birth by 玉照定真經. What is your date of birth? Write it as YYYY-MM-DD, like 1990-05-01."
BAD_DATE = ("I cannot read “{text}” as a date of birth. Please write it like {forms}; the date must exist and lie "
            "between 1900 and 2100.")
DATE_FORMS = "2026-12-04, 2026/12/04, 2026.12.04 or 4.12.2026"
BAD_TIME = ("I cannot read “{text}” as a time of day. Please write it as HH:MM on a 24-hour clock, like 08:30 or "
            "21:05, or press “Time unknown”.")
BAD_ZONE = ("“{zone}” is not a time zone I know. Send a city (Seoul), an IANA name such as Asia/Seoul, or an offset "
            "such as +09:00.")
JIE = ("A solar term (節) begins on {date}, so the month of the birth depends on its hour; the hour is needed for "
       "this date.")


async def natal_steps(u: FakeUser, code: str, *, date: str, time_: str | None, zone: str | None,
                      sex: str) -> None:
    """/natal through the keyboards: the date and time typed (None: "Time unknown"), the zone typed (None: the
    user's), the sex pressed."""
    await u.send("/natal")
    ask = await u.wait_for(lambda m: m.callback_data == ["x"])
    assert ask.text == tr(code, DATE_ASK)
    await u.send(date)
    when, _seen = await until(u, has("b:time:"))
    if time_ is None:
        await u.press(when, "b:time:unknown")
    else:
        await u.send(time_)
    where, _seen = await until(u, has("b:zone:"))
    if zone is None:
        await u.press(where, "b:zone:mine")
    else:
        await u.send(zone)
    who, _seen = await until(u, has("b:sex:"))
    await u.press(who, f"b:sex:{sex}")


def natal_id(m: object) -> int:
    return int(next(d for d in m.callback_data if d.startswith("v:")).split(":")[1])  # type: ignore[attr-defined]


@pytest.mark.parametrize("code", ["ko", "ja", "zh-hant"])
async def test_natal_in_three_languages(tmp_path: Path, caplog: pytest.LogCaptureFixture, code: str) -> None:
    lang = normalize(code)
    async with running(tmp_path, caplog) as (tg, bot):
        u = tg.user(800, "Mi", language_code=code)
        await u.send("/natal")
        ask = await u.wait_for(lambda m: m.callback_data == ["x"])
        assert ask.text == tr(code, DATE_ASK)
        for bad in ("1990-13-40", "yesterday", "1850-01-01"):
            await u.send(bad)
            assert (await u.wait_reply()).text == particles(tr(code, BAD_DATE).format(text=bad,
                                                                                      forms=tr(code, DATE_FORMS)))
        await u.send("2099-01-01")
        assert (await u.wait_reply()).text == tr(code, "That date is in the future; please give your date of birth.")
        await u.send("1990-05-01")
        when = await u.wait_for(has("b:time:unknown"))
        await u.send("25:00")
        assert (await u.wait_for(has("b:time:"))).text == particles(tr(code, BAD_TIME).format(text="25:00"))
        await u.send_sticker()
        assert (await u.wait_reply()).text == tr(code, "I can only read text and buttons here.")
        await u.send("08:30")
        where = await u.wait_for(has("b:zone:mine"))
        with use(lang):
            from bot.render.i18n import _

            assert where.buttons[0]["text"] == _("Use my zone {tz}").format(tz={"ko": "Asia/Seoul", "ja": "Asia/Tokyo",
                                                                             "zh_Hant": "Asia/Taipei"}[lang])
        await u.send("Mars/Olympus")
        assert (await u.wait_for(has("b:zone:"))).text == particles(tr(code, BAD_ZONE).format(zone="Mars/Olympus"))
        await u.press(when, "b:time:unknown")  # a button of an earlier step
        assert (await until(u, has("b:zone:")))[0]
        await u.send("Portland")  # Oregon or Maine: asked, with the user's own zone after the two
        portland = await u.wait_for(has("b:zone:"))
        assert portland.callback_data == ["b:zone:America/Los_Angeles", "b:zone:America/New_York", "b:zone:mine", "x"]
        await u.send("+09:00")  # an offset: its zones to choose from, and the birth zone is a button
        await u.press(await u.wait_for(has("b:zone:Asia/Seoul")), "b:zone:Asia/Seoul")
        who = await u.wait_for(has("b:sex:"))
        await u.send("female")  # text where buttons are wanted
        assert (await u.wait_reply()).text == tr(code, "Please use the buttons for this step (or /cancel).")
        await u.press(who, "b:sex:female")
        chart = await u.wait_for(is_chart)
        answer, texts = await verses_reply(u)  # the verses, in as many messages as the limit needs
        reading = reading_of(BIRTH, "Asia/Seoul", "female")
        want_chart, want_reply, want_all = rendered(code, reading)
        assert chart.text == want_chart and texts == pieces(want_reply)
        assert "V3" in [r.verse.id for r in reading.fired] and "[V3]" not in "".join(texts)  # hidden by default
        nid = natal_id(answer)
        assert answer.callback_data == [f"v:{nid}", "h:0", "new"]

        await u.press(answer, f"v:{nid}")
        assert [m.text for m in await quiet(u)] == pieces(want_all)

        # the grave verses turned on in /settings; the stored reading reopened from /history shows them
        await u.send("/settings")
        settings = await u.wait_for(has("s:grim:1"))
        await u.press(settings, "s:grim:1")
        shown = await u.wait_for(has("s:grim:1"))
        assert any(b["callback_data"] == "s:grim:1" and b["text"].endswith("✓") for b in shown.buttons)
        assert db_rows(bot.db, "SELECT grim FROM users WHERE user_id = 800") == [(1,)]
        await u.send("/history")
        page = await u.wait_for(has(f"n:{nid}"))
        label = next(b["text"] for b in page.buttons if b.get("callback_data") == f"n:{nid}")
        with use(lang):  # the kind and its separators as the language writes them (「・」 in Japanese)
            assert label.endswith(_(HISTORY_LABEL).format(when="", kind=_("Natal chart"), name="庚午 庚辰 丙寅 壬辰")
                                  .lstrip(" ·・")), label
        assert ("·" not in label) if lang == "ja" else ("・" not in label)
        await u.press(page, f"n:{nid}")
        again_chart = await u.wait_for(is_chart)
        _again, texts = await verses_reply(u)
        _c, want_grim, _a = rendered(code, reading, grim=True)
        assert again_chart.text == want_chart and texts == pieces(want_grim) and want_grim != want_reply

        # the hour unknown, the zone the user's own: a day on which a 節 falls asks for the hour after all
        await u.send("/natal")
        await u.wait_for(lambda m: m.callback_data == ["x"])
        await u.send(JIE_DAY)
        await u.press(await u.wait_for(has("b:time:")), "b:time:unknown")
        await u.press(await u.wait_for(has("b:zone:")), "b:zone:mine")
        jie = await u.wait_for(has("b:time:"))
        with use(lang):
            written = day_text(date.fromisoformat(JIE_DAY))  # 1990年5月6日(日), 1990년 5월 6일 (일) …
        assert tr(code, JIE).format(date=written) in [ev.message.text for ev in u.chat.events[-3:]]
        assert jie.callback_data[0] == "b:time:unknown"
        await u.send("12:00")
        await u.press(await u.wait_for(has("b:zone:")), "b:zone:mine")
        await u.press(await u.wait_for(has("b:sex:")), "b:sex:skip")
        home = {"ko": "Asia/Seoul", "ja": "Asia/Tokyo", "zh_Hant": "Asia/Taipei"}[lang]
        chart = await u.wait_for(is_chart)
        _answer, texts = await verses_reply(u)
        _want_chart, want_reply, _all = rendered(code, reading_of(f"{JIE_DAY} 12:00", home, None), grim=True)
        assert chart.text == rendered(code, reading_of(f"{JIE_DAY} 12:00", home, None))[0]
        assert texts == pieces(want_reply)

        # an hour unknown on an ordinary day is read without the hour
        await natal_steps(u, code, date="1990. 5. 1.", time_=None, zone="Asia/Seoul", sex="male")
        chart = await u.wait_for(is_chart)
        _answer, texts = await verses_reply(u)
        unknown = read_natal(NatalChart.on(datetime(1990, 5, 1).date(), "Asia/Seoul", Sex.male))
        assert chart.text == rendered(code, unknown)[0] and texts == pieces(rendered(code, unknown, grim=True)[1])

        rows = db_rows(bot.db, "SELECT birth_utc, birth_date, tz, sex, record FROM natal_readings "
                               "WHERE user_id = 800 ORDER BY id")
        assert [(r[0] is not None, r[1], r[2], r[3]) for r in rows] == [
            (True, None, "Asia/Seoul", "female"), (True, None, home, None), (False, "1990-05-01", "Asia/Seoul", "male")]
        assert rows[0][0].startswith("1990-04-30T23:30:00") and json.loads(rows[0][4])["fired"] == [r.verse.id for r in reading.fired]

        # /cancel in the middle, and a natal reading someone else cannot open
        await u.send("/natal")
        await u.wait_for(lambda m: m.callback_data == ["x"])
        await u.send("/cancel")
        assert (await u.wait_reply()).callback_data == ["new", "h:0", "s:show"]
        other = tg.user(801, language_code=code)
        await other.send("/start")
        hello = await other.wait_reply()
        await other.press(hello, f"n:{nid}", strict=False)
        assert (await other.wait_reply()).text == tr(code, "That reading is not in your history.")
        await quiet(u)


async def _wait_for_natal(db: Path, user_id: int, key: str, timeout: float = 10) -> None:
    """Until the bot's SQLite file holds ``key`` among the answers of the user's open /natal."""
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(sqlite3.OperationalError):
            rows = db_rows(db, "SELECT data FROM ptb_user_data WHERE user_id = ?", (user_id,))
            if rows and key in ((json.loads(rows[0][0]).get("c") or {}).get("natal") or {}):
                return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the database never showed the natal answer {key}")
        await asyncio.sleep(0.02)


async def test_sigkill_in_the_middle_of_natal_resumes(tmp_path: Path) -> None:
    """The bot as its own process, killed with SIGKILL after the birth time, started again: the zone button from
    before the kill goes on with the same answers."""
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    async with FakeTelegram() as tg:
        u = tg.user(900, language_code="ja")
        proc = _spawn_bot(tg, db, log)
        try:
            await u.send("/natal")
            await u.wait_for(lambda m: m.callback_data == ["x"], timeout=30)
            await u.send("1990-05-01")
            await u.wait_for(has("b:time:"))
            await u.send("08:30")
            where = await u.wait_for(has("b:zone:mine"))
            await _wait_for_natal(db, u.id, "time")
            proc.send_signal(signal.SIGKILL)
            assert await asyncio.to_thread(proc.wait, 10) == -signal.SIGKILL

            proc = _spawn_bot(tg, db, log)
            await u.press(where, "b:zone:mine")  # the keyboard from before the kill: Asia/Tokyo
            who = await u.wait_for(has("b:sex:"), timeout=30)
            await u.press(who, "b:sex:male")
            chart = await u.wait_for(is_chart)
            _answer, texts = await verses_reply(u)
        finally:
            await stop_bot(proc)
        assert proc.returncode == 0, log.read_text()
        want_chart, want_reply, _all = rendered("ja", reading_of(BIRTH, "Asia/Tokyo", "male"))
        assert chart.text == want_chart and texts == pieces(want_reply)
        assert db_rows(db, "SELECT tz, sex FROM natal_readings WHERE user_id = 900") == [("Asia/Tokyo", "male")]
        assert "Traceback" not in log.read_text()
