"""/natal: a 玉照定真經 reading of the user's birth, as steps of the one consultation (states in ``bot.handlers.common``).

Birth date, birth time (or "unknown"), the birthplace's zone (the user's by default), the sex (or skip); then the
chart and a one-screen summary by theme, the details (evidence, traits, modifiers) behind the "Details" button.  The answers live in ``user_data["c"]["natal"]`` like every consultation's, so a
restart resumes at the step it was at.  Every input is checked where it is typed and refused with what is accepted.
"""

from __future__ import annotations

import logging
import re
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers import common
from bot.handlers import keyboards as kb
from bot.handlers.common import Step
from bot.handlers.limits import reading_allowed
from bot.render.dates import DATE_FORMS, day_text, parse_date
from bot.render.i18n import _
from bot.render.messages import split_message
from bot.render.natal_render import render_all_verses, render_natal, render_natal_chart, render_natal_details
from bot.render.zones import find_zones_soon
from bot.storage import NatalReading as StoredNatal
from core.chart.calendar import CalendarError, DayBoundary, Moment
from core.natal import NatalChart, NatalReading, read_natal
from core.natal.export import natal_record
from core.question import Sex

log = logging.getLogger(__name__)

ASK_BIRTH_DATE, ASK_BIRTH_TIME, ASK_BIRTH_ZONE, ASK_BIRTH_SEX = (common.ASK_BIRTH_DATE, common.ASK_BIRTH_TIME,
                                                                 common.ASK_BIRTH_ZONE, common.ASK_BIRTH_SEX)
STATES = (ASK_BIRTH_DATE, ASK_BIRTH_TIME, ASK_BIRTH_ZONE, ASK_BIRTH_SEX)
FIRST_YEAR, LAST_YEAR = 1900, 2100  # the calendar's 節 table covers them

_TIME = re.compile(r"(\d{1,2})\s*[:：]\s*(\d{2})")


def answers(context: ContextTypes.DEFAULT_TYPE) -> dict[str, Any]:
    return common.consultation(context).setdefault("natal", {})


def _user_data(context: ContextTypes.DEFAULT_TYPE) -> dict[str, Any]:
    """The user's data: PTB gives one to every update that comes from a user, as every natal step's does."""
    data = context.user_data
    assert data is not None
    return data


def parse_birth_date(text: str) -> date | None:
    """1990-05-01 (or 1990/5/1, 1990.05.01, 1990. 5. 1., 1990年5月1日, 1.5.1990: bot.render.dates.parse_date) within the
    calendar's years; None if not a date."""
    day = parse_date(text)
    return day if day is not None and FIRST_YEAR <= day.year <= LAST_YEAR else None


def parse_birth_time(text: str) -> str | None:
    """HH:MM on a 24-hour clock, as "08:30"; None if not a time of day."""
    m = _TIME.fullmatch(text.strip())
    if m is None or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        return None
    return f"{int(m.group(1)):02d}:{m.group(2)}"


def birth_chart(a: dict[str, Any], day_boundary: int) -> NatalChart:
    """The chart of the answers: from the instant when the time is known, else from the date alone.  Raises
    CalendarError when a 節 falls on a date whose hour is unknown."""
    sex = Sex(a["sex"]) if a.get("sex") else None
    if a.get("time"):
        moment = Moment.parse(f"{a['date']} {a['time']}", a["zone"], DayBoundary(day_boundary))
        assert moment.utc is not None
        return NatalChart.at(moment.utc, a["zone"], sex, DayBoundary(day_boundary))
    return NatalChart.on(date.fromisoformat(a["date"]), a["zone"], sex)


def stored_chart(row: StoredNatal) -> NatalChart:
    """The chart of a stored natal reading, recomputed from the birth as it was given (the engine is pure)."""
    sex = Sex(row.sex) if row.sex else None
    if row.birth_utc is not None and row.tz:
        return NatalChart.at(row.birth_utc, row.tz, sex, DayBoundary(row.day_boundary or 23))
    if row.birth_date is not None and row.tz:
        return NatalChart.on(row.birth_date, row.tz, sex)
    return NatalChart.of(**(row.pillars or {}), sex=sex)


# ---- the steps ----------------------------------------------------------------------------------------------------

async def natal_entry(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    """/natal: a new natal consultation (an open one of any kind is replaced, as /cast does)."""
    await common.ack(update.callback_query)
    if not await reading_allowed(update, context):
        state = (_user_data(context).get("c") or {}).get("state")
        return state if isinstance(state, int) else common.END
    _user_data(context)["c"] = {"natal": {}, "id": common.consultation_id(update)}
    return await ask_birth_date(update, context)


async def ask_birth_date(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    await common.say(update, _("A reading of your birth by 玉照定真經. What is your date of birth? Write it as "
                               "YYYY-MM-DD, like 1990-05-01."), kb.birth_date())
    return ASK_BIRTH_DATE


async def got_birth_date(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    text = (update.message.text or "") if update.message else ""
    day = parse_birth_date(text)
    user = await common.user_of(update, context)
    if day is None:
        await common.say(update, _("I cannot read “{text}” as a date of birth. Please write it like {forms}; the date "
                                   "must exist and lie between 1900 and 2100.").format(text=text[:40],
                                                                                     forms=_(DATE_FORMS)))
        return ASK_BIRTH_DATE
    if day > common.now(context).astimezone(ZoneInfo(user.tz)).date():
        await common.say(update, _("That date is in the future; please give your date of birth."))
        return ASK_BIRTH_DATE
    answers(context)["date"] = day.isoformat()
    return await ask_birth_time(update, context)


async def ask_birth_time(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    await common.say(update, _("At what time were you born? Write it as HH:MM on a 24-hour clock, like 08:30. If you "
                               "do not know it, press “Time unknown”: the verses that need the hour are then named, "
                               "not read."), kb.birth_time())
    return ASK_BIRTH_TIME


async def got_birth_time(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    text = (update.message.text or "") if update.message else ""
    hhmm = parse_birth_time(text)
    if hhmm is None:
        await common.say(update, _("I cannot read “{text}” as a time of day. Please write it as HH:MM on a 24-hour "
                                   "clock, like 08:30 or 21:05, or press “Time unknown”.").format(text=text[:40]),
                         kb.birth_time())
        return ASK_BIRTH_TIME
    answers(context)["time"] = hhmm
    return await ask_birth_zone(update, context)


async def birth_time_unknown(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    await common.ack(update.callback_query)
    answers(context)["time"] = None
    return await ask_birth_zone(update, context)


async def ask_birth_zone(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    user = await common.user_of(update, context)
    await common.say(update, _("In which time zone were you born? The birth is read in the clock time of the "
                               "birthplace. Use your zone {tz}, or send another IANA name such as Asia/Seoul.")
                     .format(tz=user.tz), kb.birth_zone(user.tz))
    return ASK_BIRTH_ZONE


async def got_birth_zone(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    text = ((update.message.text or "") if update.message else "").strip()
    found = await find_zones_soon(text, common.now(context))
    if len(found) != 1:
        user = await common.user_of(update, context)
        if not found:
            await common.say(update, _("“{zone}” is not a time zone I know. Send a city (Seoul), an IANA name such as "
                                       "Asia/Seoul, or an offset such as +09:00.").format(zone=text[:40]),
                             kb.birth_zone(user.tz))
        else:  # a real ambiguity (Portland: Oregon or Maine) or an offset: the zones to choose from
            await common.say(update, _("“{zone}” fits several time zones; choose the birthplace's, or send its city "
                                       "with its country (London, Canada).").format(zone=text[:40]),
                             kb.birth_zone_choice(found[:8], user.tz))
        return ASK_BIRTH_ZONE
    return await _zone_chosen(update, context, found[0])


async def use_my_zone(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    """``b:zone:mine`` (the user's own zone) or ``b:zone:<zone>``, a zone chosen among those a name fits."""
    query, data = common.button(update)
    await common.ack(query)
    user = await common.user_of(update, context)
    chosen = data.removeprefix("b:zone:")
    if chosen == "mine":
        return await _zone_chosen(update, context, user.tz)
    found = await find_zones_soon(chosen, common.now(context))
    if len(found) != 1 or found[0] != chosen:  # a forged or outdated button: the step again
        return await ask_birth_zone(update, context)
    return await _zone_chosen(update, context, chosen)


async def _zone_chosen(update: Update, context: ContextTypes.DEFAULT_TYPE, zone: str) -> int:
    """The zone known, the birth is checked as a whole: a moment in the future, or a date without its hour on
    which the month changes, sends the user back to the step that can fix it."""
    a = answers(context)
    a["zone"] = zone
    user = await common.user_of(update, context)
    try:
        chart = birth_chart(a, user.day_boundary)
    except CalendarError:
        a.pop("time", None)
        day = day_text(date.fromisoformat(a["date"]))
        await common.say(update, _("A solar term (節) begins on {date}, so the month of the birth depends on its hour; "
                                   "the hour is needed for this date.").format(date=day))
        return await ask_birth_time(update, context)
    if chart.birth is not None and chart.hour is not None and chart.birth.utc and chart.birth.utc > common.now(context):
        await common.say(update, _("That moment is still to come in {tz}; please give your date of birth again.")
                         .format(tz=zone))
        return await ask_birth_date(update, context)
    return await ask_birth_sex(update, context)


async def ask_birth_sex(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    await common.say(update, _("Are you a man or a woman? A few verses read it (the 命宮's direction, the verses on "
                               "women). Skip, and those verses are named, not read."), kb.birth_sex())
    return ASK_BIRTH_SEX


async def got_birth_sex(update: Update, context: ContextTypes.DEFAULT_TYPE, *, stale: Step) -> int:
    """The sex answered (or skipped); a button of another step's data goes to ``stale`` — the consultation's own
    answer to a stale button (``bot.handlers.flow.stale_button``, given by the wiring in ``bot.handlers.app``),
    which knows every step, these ones included."""
    query = update.callback_query
    await common.ack(query)
    data = (query.data or "") if query else ""
    value = data.split(":", 2)[2] if data.count(":") == 2 else ""
    if value not in ("male", "female", "skip"):
        return await stale(update, context)
    answers(context)["sex"] = None if value == "skip" else value
    return await natal_answer(update, context)


# ---- the answer -----------------------------------------------------------------------------------------------

async def natal_answer(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    a = answers(context)
    user = await common.user_of(update, context)
    try:
        chart = birth_chart(a, user.day_boundary)
    except (CalendarError, KeyError, ValueError) as exc:  # stored answers that no longer hold
        log.warning("natal consultation of %s could not be read: %s", user.user_id, exc)
        _user_data(context).pop("c", None)
        await common.say(update, _("Something in this consultation no longer fits; please start a new reading."),
                         kb.start())
        return common.END
    reading = read_natal(chart)
    birth = chart.birth
    assert birth is not None
    nid = await common.storage(context).add_natal_reading(
        user.user_id, record=natal_record(reading), tz=a["zone"], sex=a.get("sex"),
        birth_utc=birth.utc if a.get("time") else None, birth_date=None if a.get("time") else a["date"],
        day_boundary=user.day_boundary if a.get("time") else None,
        consultation=common.consultation(context).get("id"))
    _user_data(context).pop("c", None)
    await send_natal(update, reading, nid, user.grim)
    return common.END


async def send_natal(update: Update, reading: NatalReading, nid: int, grim: bool) -> None:
    """The chart, then the summary by theme (one screen), the buttons under it: "Details" opens the evidence."""
    await common.say(update, render_natal_chart(reading), pre=True)
    pieces = split_message(render_natal(reading, grim))
    for i, piece in enumerate(pieces):
        await common.say(update, piece, kb.after_natal(nid) if i == len(pieces) - 1 else None)


async def send_all_verses(update: Update, reading: NatalReading, grim: bool) -> None:
    """The "Details" button (v:{id}): each verse with its evidence, the traits of the chart and the modifiers said
    once, then every verse read and those not read, in as many messages as Telegram's limit needs."""
    for piece in split_message(render_natal_details(reading, grim)):
        await common.say(update, piece)
    for piece in split_message(render_all_verses(reading, grim)):
        await common.say(update, piece)


# ---- what the consultation's shared handlers ask of these steps --------------------------------------------------

TEXT_STEPS = {ASK_BIRTH_DATE: got_birth_date, ASK_BIRTH_TIME: got_birth_time, ASK_BIRTH_ZONE: got_birth_zone}
ASK = {ASK_BIRTH_DATE: ask_birth_date, ASK_BIRTH_TIME: ask_birth_time, ASK_BIRTH_ZONE: ask_birth_zone,
       ASK_BIRTH_SEX: ask_birth_sex}


async def repeat(update: Update, context: ContextTypes.DEFAULT_TYPE, state: int) -> int:
    """Show a natal step again (after an unexpected input, a stale button or a restart)."""
    return await ASK[state](update, context)
