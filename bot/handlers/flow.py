"""The consultation, one small handler per step (states as named constants, as in PTB's examples).

The state of an open consultation is ``context.consultation`` (``bot.handlers.consultation``: a typed value kept
as plain JSON in the user's data, persisted in the database after every update), so a restart — even a SIGKILL between two tosses — resumes it.  Every handler renders in the user's
language, set per update by ``bot.handlers.app.load_user``.  Anything unexpected gets a short explanation and the
current step again; nothing a user sends can end a consultation except /cancel.
"""

from __future__ import annotations

import asyncio
import html
import logging
from dataclasses import replace
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from telegram import InlineKeyboardMarkup, InputFile, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest, TelegramError

from bot.delivery import replies
from bot.handlers import keyboards as kb
from bot.handlers import natal_flow
from bot.handlers.askback import reading_markup
from bot.handlers.common import (
    ASK_CAST_TIME,
    ASK_FOLLOW_UP,
    ASK_LINES,
    ASK_METHOD,
    ASK_MOMENT,
    ASK_OPTIONAL,
    ASK_OUTCOME_DATE,
    ASK_QUESTION,
    ASK_TOPIC,
    ASK_TOSS,
    ASK_WHEN,
    END,
    MAX_QUESTION,
    MAX_TEXT,
    NATAL_STATES,
    ack,
    button,
    recompute,
    say,
    sender,
    toss_for,
    user_of,
)
from bot.handlers.consultation import Consultation
from bot.handlers.context import BotContext
from bot.handlers.gate import small_int
from bot.render import fonts
from bot.render.chart_picture import caption, render_png
from bot.render.chart_text import render_chart
from bot.render.dates import DATE_FORMS, clock_text, day_text, parse_date, parse_date_time, parse_hhmm
from bot.render.i18n import _, term
from bot.render.reading import render_reading
from bot.storage import Reading as StoredReading
from bot.storage import User
from core.chart.calendar import CalendarError, DayBoundary, Moment
from core.chart.cast import Cast, CastError, CoinConvention, Toss, parse_cast, parse_toss, random_cast
from core.chart.chart import build_chart
from core.export import reading_record
from core.question import (
    OPTIONAL_FOLLOW_UPS,
    FollowUp,
    Question,
    QuestionError,
    Topic,
    choices,
    follow_ups,
    optional_follow_ups,
)
from core.reading.pipeline import Reading, read

log = logging.getLogger(__name__)

_BEFORE_THE_CAST = (None, ASK_QUESTION, ASK_TOPIC, ASK_FOLLOW_UP, ASK_OPTIONAL)

# A topic's answers (Consultation.answers) are cleared by a new topic.  An optional follow-up that was skipped is
# kept as None, so it is not asked again and the default stays.


def _question(c: Consultation) -> Question:
    a = c.answers
    return Question.parse_ids(c.topic or "other", a.get("subject"), a.get("sex"), a.get("use_god"),
                              subject_sex=a.get("subject_sex"), thing=a.get("thing"), horizon=a.get("horizon"),
                              illness=a.get("illness"), weather=a.get("weather"), birth=a.get("birth"),
                              office=a.get("office"), exam=a.get("exam"), aspect=a.get("aspect"),
                              study=a.get("study"), life=a.get("life"), club=a.get("club"))


def _optional_open(c: Consultation, q: Question) -> tuple[FollowUp, ...]:
    """The optional follow-ups still to ask: none already answered or skipped, none on the quick path (/cast 789968
    wealth), and none once the consultation is past the follow-ups — one stored by an older bot, which went from
    the matter straight to the cast, goes on from where it is and keeps the defaults."""
    if c.quick or c.state not in _BEFORE_THE_CAST:
        return ()
    return tuple(f for f in optional_follow_ups(q) if f.value not in c.answers)


# ---- the steps -------------------------------------------------------------------------------------------

async def ask_question(update: Update, context: BotContext) -> int:
    await say(update, _("What is your question? Write it in your own words — it is kept with the reading. "
                        "Or skip."), kb.question_text())
    return ASK_QUESTION


async def ask_topic(update: Update, context: BotContext) -> int:
    await say(update, _("What is the matter about?"), kb.topics())
    return ASK_TOPIC


async def ask_next(update: Update, context: BotContext) -> int:
    """Ask whatever the consultation still lacks, in order: topic, follow-ups, optional follow-ups, cast, moment;
    then answer."""
    c = context.consultation
    if not c.topic:
        return await ask_topic(update, context)
    topic = Topic(c.topic)
    q = _question(c)
    missing = follow_ups(q)
    if missing:
        which = missing[0]
        context.consultation = replace(c, asking=which.value)
        await say(update, _(kb.follow_up_question(topic, which)), kb.follow_up(topic, which))
        return ASK_FOLLOW_UP
    optional = _optional_open(c, q)
    if optional:
        which = optional[0]
        context.consultation = replace(c, asking=which.value)
        await say(update, _(kb.follow_up_question(topic, which)), kb.follow_up(topic, which))
        return ASK_OPTIONAL
    if not c.lines:
        user = await user_of(update, context)
        await say(update, _("How will you cast? Three coins, six times, from the bottom line up.") + "\n" +
                  coin_rule(user.coins), kb.methods())
        return ASK_METHOD
    if not c.moment:
        if c.quick:
            context.consultation = replace(c, moment="now")
        else:
            await say(update, _("When was it cast?"), kb.moment())
            return ASK_MOMENT
    return await answer(update, context)


def coin_rule(coins: str) -> str:
    if coins == "faces":
        return _("Count the faces (the side with characters): 3 → ○ old yang, 2 → -- young yin, "
                 "1 → — young yang, 0 → × old yin.")
    return _("Count the backs (the side without characters): 3 → ○ old yang, 2 → -- young yin, "
             "1 → — young yang, 0 → × old yin.")


def lines_picture(values: list[int]) -> str:
    """The lines drawn so far, top first, as the books draw them."""
    rows = []
    for i in range(len(values) - 1, -1, -1):
        v = values[i]
        mark = {9: " ○", 6: " ×"}.get(v, "")
        rows.append(f"{i + 1}  {'━━━━━' if v in (7, 9) else '━━ ━━'}{mark}")
    return "\n".join(rows)


async def got_question(update: Update, context: BotContext) -> int:
    text = update.message.text if update.message else None
    if text is None:
        return await unexpected(update, context)
    if len(text) > MAX_QUESTION:
        await say(update, _("That is longer than {n} characters; please shorten it.").format(n=MAX_QUESTION))
        return await ask_question(update, context)
    context.consultation = replace(context.consultation, question=text.strip())
    return await ask_next(update, context)


async def skip_question(update: Update, context: BotContext) -> int:
    await ack(update.callback_query)
    context.consultation = replace(context.consultation, question=None)
    return await ask_next(update, context)


async def got_topic(update: Update, context: BotContext) -> int:
    query, data = button(update)
    await ack(query)
    value = data.split(":", 1)[1]
    if value not in {t.value for t in Topic}:
        return await stale_button(update, context)
    context.consultation = replace(context.consultation, topic=value, answers={})
    return await ask_next(update, context)


async def got_follow_up(update: Update, context: BotContext) -> int:
    query, data = button(update)
    await ack(query)
    try:
        _prefix, which, value = data.split(":", 2)
        if FollowUp(which) in OPTIONAL_FOLLOW_UPS:  # an optional question's button, from another step
            raise ValueError(which)
    except ValueError:
        return await stale_button(update, context)
    c = context.consultation.answered(which, value)
    try:
        follow_ups(_question(c))
    except QuestionError:
        await say(update, _("That answer does not fit this matter; please choose again."))
    else:
        context.consultation = c
    return await ask_next(update, context)


async def got_optional(update: Update, context: BotContext) -> int:
    """An optional follow-up answered, or skipped (``f:{id}:skip``, stored as None: the default stays)."""
    query, data = button(update)
    await ack(query)
    c = context.consultation
    try:
        _prefix, which, value = data.split(":", 2)
        asked = FollowUp(which)
    except ValueError:
        return await stale_button(update, context)
    if which != c.asking or asked not in OPTIONAL_FOLLOW_UPS or which in c.answers or c.topic is None:
        return await stale_button(update, context)  # another question's button, or this one answered already
    if value == kb.SKIP:
        context.consultation = c.answered(which, None)
    elif value in {x.value for x in choices(Topic(c.topic), asked)}:
        context.consultation = c.answered(which, value)
    else:
        return await stale_button(update, context)
    return await ask_next(update, context)


async def got_method(update: Update, context: BotContext) -> int:
    query, data = button(update)
    await ack(query)
    method = data.split(":", 1)[1]
    user = await user_of(update, context)
    if method == "coins":
        context.consultation = replace(context.consultation, tossed=())
        return await show_toss(update, context)
    if method == "text":
        await say(update, _("Send the six lines, bottom first: line values like 789968, coin faces like "
                            "HHT HTT TTT HHH HTH THH (or 앞앞뒤, 表表裏, 字字背), backs counted 0–3, or symbols "
                            "○ — -- ×."))
        return ASK_LINES
    if method == "auto":
        cast = random_cast(toss_for(context.consultation, update), convention=CoinConvention(user.coins))
        # tossed here and now: there is nothing to ask
        context.consultation = replace(with_cast(context.consultation, cast), moment=context.now().isoformat())
        await say(update, _("The coins fell like this:") + "\n" + lines_picture([int(v) for v in cast.values]), pre=False)
        return await ask_next(update, context)
    return await stale_button(update, context)


def with_cast(c: Consultation, cast: Cast) -> Consultation:
    """``c`` with its six lines known (and the coins of each toss, when they were tossed)."""
    coins = None if cast.tosses is None else tuple(tuple(int(b) for b in t.backs) for t in cast.tosses)
    return replace(c, lines=cast.lines_text, cast_tosses=coins, tossed=())


async def show_toss(update: Update, context: BotContext, *, edit: bool = False) -> int:
    user = await user_of(update, context)
    done = context.consultation.tossed
    values = [6 + n for n in done]
    head = _("Toss {n} of 6 — how many coins show their back?").format(n=len(done) + 1) if user.coins == "backs" \
        else _("Toss {n} of 6 — how many coins show their face?").format(n=len(done) + 1)
    text = head + ("\n\n" + lines_picture(values) if values else "\n" + coin_rule(user.coins))
    query = update.callback_query
    if edit and query is not None and query.message is not None:
        try:
            await query.edit_message_text(html.escape(text), parse_mode=ParseMode.HTML,
                                          reply_markup=kb.toss(len(done), user.coins))
            return ASK_TOSS
        except BadRequest:  # the message is too old to edit: send a fresh one
            pass
    await say(update, text, kb.toss(len(done), user.coins))
    return ASK_TOSS


async def got_toss(update: Update, context: BotContext) -> int:
    query, data = button(update)
    await ack(query)
    c = context.consultation
    done = c.tossed
    parts = data.split(":")
    value = parts[-1]
    # c:{tosses done}:{value}; a keyboard of another toss (a double tap) is stale.  Plain c:{value} comes from
    # keyboards sent before the toss number was part of the data.
    if len(parts) == 3 and parts[1] != str(len(done)):
        return await stale_button(update, context)
    if value == "undo":
        if done:
            context.consultation = replace(c, tossed=done[:-1])
        return await show_toss(update, context, edit=True)
    if value not in ("0", "1", "2", "3") or len(done) >= 6:
        return await stale_button(update, context)
    return await _tossed(update, context, int(value), edit=True)


async def got_toss_text(update: Update, context: BotContext) -> int:
    """A toss typed instead of tapped: the count (0–3, as the buttons count), the coins in any language (HHT,
    앞앞뒤, 表表裏, 字字背), a line word (單 拆 重 交, 老陰 …) or value; six of them at once are the whole cast."""
    text = (update.message.text or "").strip() if update.message else ""
    user = await user_of(update, context)
    convention = CoinConvention(user.coins)
    try:
        value = parse_toss(text, convention)
    except CastError as exc:
        error = exc
        if exc.code == "too_many":  # more than one toss: the whole cast, if it is six
            try:
                cast = parse_cast(text, convention)
            except CastError as whole:
                error = whole
            else:
                context.consultation = with_cast(context.consultation, cast)
                await say(update, _("Read as:") + "\n" + lines_picture([int(v) for v in cast.values]))
                return await ask_next(update, context)
        await say(update, cast_error_text(error, one_toss=text))
        return await show_toss(update, context)
    return await _tossed(update, context, int(value) - 6, edit=False)


async def _tossed(update: Update, context: BotContext, count: int, *, edit: bool) -> int:
    """One more toss, ``count`` coins showing the side the user's convention counts; after the sixth, the cast."""
    c = context.consultation
    done = (*c.tossed, count)
    context.consultation = c = replace(c, tossed=done)
    if len(done) < 6:
        return await show_toss(update, context, edit=edit)
    user = await user_of(update, context)
    convention = CoinConvention(user.coins)
    # The user counted the convention's side; record the coins so that count comes out (backs first).
    tosses = []
    for n in done:
        backs = n if convention is CoinConvention.BACKS else 3 - n
        tosses.append(Toss((backs > 0, backs > 1, backs > 2)))
    cast = Cast(tuple(t.value(convention) for t in tosses), tuple(tosses))
    context.consultation = with_cast(c, cast)
    picture = _("Six tosses:") + "\n\n" + lines_picture([int(v) for v in cast.values])
    query = update.callback_query
    if edit and query is not None:
        try:
            await query.edit_message_text(html.escape(picture), parse_mode=ParseMode.HTML)
        except BadRequest:  # the message is too old to edit: the picture comes as a new one
            edit = False
    if not edit:  # typed, or not editable
        await say(update, picture)
    return await ask_next(update, context)


async def got_lines(update: Update, context: BotContext) -> int:
    text = update.message.text if update.message else None
    if text is None:
        return await unexpected(update, context)
    user = await user_of(update, context)
    try:
        cast = parse_cast(text, CoinConvention(user.coins))
    except CastError as exc:
        await say(update, cast_error_text(exc))
        return ASK_LINES
    context.consultation = with_cast(context.consultation, cast)
    await say(update, _("Read as:") + "\n" + lines_picture([int(v) for v in cast.values]))
    return await ask_next(update, context)


async def bare_cast(update: Update, context: BotContext, state: int) -> int:
    """Six values typed while a consultation is open: the cast for a step before the cast (the answers so far
    are kept), or the text of the current step (where it gets that step's explanation)."""
    if state == ASK_LINES:
        return await got_lines(update, context)
    if state == ASK_WHEN:
        return await got_when(update, context)
    if state == ASK_CAST_TIME:
        return await got_cast_time(update, context)
    if state == ASK_OUTCOME_DATE:
        return await got_outcome_date(update, context)
    if state in natal_flow.TEXT_STEPS:
        return await natal_flow.TEXT_STEPS[state](update, context)
    if state in NATAL_STATES:  # the natal step of buttons only (the sex): an explanation
        return await unexpected(update, context)
    if state == ASK_TOSS:
        return await got_toss_text(update, context)
    if state not in (ASK_TOPIC, ASK_FOLLOW_UP, ASK_OPTIONAL, ASK_METHOD):
        return await unexpected(update, context)
    return await got_lines(update, context)


def cast_error_text(exc: CastError, *, one_toss: str | None = None) -> str:
    """What was wrong with a typed cast (or with ``one_toss``, the text typed at a toss), and what is accepted."""
    accepted = (_("At a toss: the number of coins counted (0–3), the three coins (HHT, 앞앞뒤, 表表裏, 字字背) or a "
                  "line word (單 拆 重 交, 老陰 …); or all six tosses at once.") if one_toss is not None else
                _("Accepted: six line values bottom first (789968), coin faces (HHT, 앞앞뒤, 表表裏, 字字背), "
                  "backs counted 0–3, or symbols ○ — -- ×."))
    code = exc.code
    if code == "empty":
        what = _("There are no lines in that.")
    elif code == "too_long":
        what = _("That is too long to be a cast.")
    elif code == "too_few":
        what = _("That reads as {n} tosses; six are needed.").format(n=exc.count or 0)
    elif code == "too_many":
        what = _("That has more than six tosses.")
    elif code == "partial_toss":
        what = _("“{token}” is not a whole toss of three coins.").format(token=exc.token or "")
    elif code == "ambiguous":
        what = _("“{token}” can be read more than one way.").format(token=exc.token or "")
    else:
        what = _("“{token}” is not a line, a coin or a count.").format(token=(one_toss or exc.token or "")[:20])
    return what + "\n" + accepted


async def got_moment_choice(update: Update, context: BotContext) -> int:
    query, data = button(update)
    await ack(query)
    choice = data.split(":", 1)[1]
    if choice == "now":
        context.consultation = replace(context.consultation, moment="now")
        return await ask_next(update, context)
    if choice == "type":
        user = await user_of(update, context)
        await say(update, _("Send the date and time of the cast as YYYY-MM-DD HH:MM (your time zone: {tz}).")
                  .format(tz=user.tz))
        return ASK_WHEN
    return await stale_button(update, context)


NOON = "12:00"  # the time read when the hour of a cast is not known: as far from 23:00 (子初換日) as a day allows


async def got_when(update: Update, context: BotContext) -> int:
    """The date and time of the cast.  A date alone is not read as 00:00: the time is asked for, since the hour
    can move the day pillar (from 23:00) and, on the day a 節 begins, the month."""
    text = update.message.text if update.message else None
    if text is None:
        return await unexpected(update, context)
    user = await user_of(update, context)
    typed = parse_date_time(text)  # 2026/12/04, 2026. 12. 4. 14:30 …; else as the calendar reads it (seconds, offset)
    iso = text.strip() if typed is None else typed[0].isoformat() + ("" if typed[1] is None else f" {typed[1]}")
    try:
        moment = Moment.parse(iso, user.tz, DayBoundary(user.day_boundary))
    except CalendarError:
        await say(update, _("I cannot read “{text}” as a date and time. Please write the date like {forms}, then "
                            "the time, like 2026-11-28 14:30; the date must exist and lie between 1900 and 2100.")
                  .format(text=text[:40], forms=_(DATE_FORMS)))
        return ASK_WHEN
    assert moment.utc is not None and moment.local is not None
    date_only = typed is not None and typed[1] is None
    today = context.now().astimezone(ZoneInfo(user.tz)).date()
    if moment.local.date() > today if date_only else moment.utc > context.now():
        await say(update, _("That moment is in the future; a cast is read for when it was made."))
        return ASK_WHEN
    if date_only:
        context.consultation = replace(context.consultation, cast_date=moment.local.date().isoformat())
        return await ask_cast_time(update, context)
    context.consultation = replace(context.consultation, moment=moment.utc.isoformat())
    return await ask_next(update, context)


async def ask_cast_time(update: Update, context: BotContext) -> int:
    cast_on = context.consultation.cast_date
    if cast_on is None:  # the date step not taken (a row of an older bot): asked again
        await say(update, _("Send the date and time as YYYY-MM-DD HH:MM."))
        return ASK_WHEN
    day = date.fromisoformat(cast_on)
    await say(update, _("At what time on {date} were the coins cast? Send it as HH:MM on a 24-hour clock, like "
                        "14:30: from 23:00 the day is the next one, and on the day a solar term begins the hour "
                        "can change the month.").format(date=_fmt_date(day)), kb.cast_time())
    return ASK_CAST_TIME


async def got_cast_time(update: Update, context: BotContext) -> int:
    """The time of a cast whose date was given alone (a whole date and time is read as at the date step)."""
    text = (update.message.text or "").strip() if update.message else ""
    hhmm = parse_hhmm(text)
    if hhmm is None:
        if parse_date_time(text) is not None:  # a date (and time) after all: read as at the date step
            return await got_when(update, context)
        await say(update, _("I cannot read “{text}” as a time of day. Please write it as HH:MM on a 24-hour clock, "
                            "like 14:30.").format(text=text[:40]), kb.cast_time())
        return ASK_CAST_TIME
    return await _cast_at(update, context, hhmm, unknown=False)


async def cast_time_unknown(update: Update, context: BotContext) -> int:
    await ack(update.callback_query)
    return await _cast_at(update, context, NOON, unknown=True)


async def _cast_at(update: Update, context: BotContext, hhmm: str, *, unknown: bool) -> int:
    """The cast read at ``hhmm`` on the date given; a time not known is said, and today before noon is now."""
    c = context.consultation
    user = await user_of(update, context)
    if c.cast_date is None:
        return await ask_cast_time(update, context)
    moment = Moment.parse(f"{c.cast_date} {hhmm}", user.tz, DayBoundary(user.day_boundary))
    assert moment.utc is not None
    instant = moment.utc
    if instant > context.now():
        if not unknown:
            await say(update, _("That moment is in the future; a cast is read for when it was made."), kb.cast_time())
            return ASK_CAST_TIME
        instant = context.now()
    if unknown:
        local = instant.astimezone(ZoneInfo(user.tz))
        await say(update, _("The time is not known, so the cast is read at {time} on {date}.").format(
            time=clock_text(local), date=_fmt_date(local.date())))
    context.consultation = replace(c, cast_date=None, moment=instant.isoformat())
    return await ask_next(update, context)


# ---- the answer ------------------------------------------------------------------------------------------

def _moment_of(c: Consultation, user: User, instant_now: datetime) -> Moment:
    at = c.moment
    instant = instant_now if at in (None, "now") else datetime.fromisoformat(at)
    return Moment.at(instant, user.tz, DayBoundary(user.day_boundary))


async def answer(update: Update, context: BotContext) -> int:
    c = context.consultation
    user = await user_of(update, context)
    try:
        cast = parse_cast(c.lines or "")
        moment = _moment_of(c, user, context.now())
        chart = build_chart(cast, moment)
        reading = read(chart, _question(c))
    except (CastError, CalendarError, QuestionError) as exc:  # stored answers that no longer hold
        log.warning("consultation of %s could not be read: %s", sender(update).id, exc)
        context.drop_consultation()
        await say(update, _("Something in this consultation no longer fits; please start a new reading."),
                  kb.start())
        return END
    record = reading_record(reading)  # the question's every answer is in it, so /history can recompute it
    rid = await context.storage.add_reading(
        user.user_id, lines=cast.lines_text, reading=record, tosses=None if c.cast_tosses is None else [list(t) for t in c.cast_tosses], coins=user.coins,
        moment_utc=moment.utc, tz=moment.tz, day_boundary=int(moment.day_boundary), question=c.question,
        topic=c.topic, subject=c.answers.get("subject"), sex=c.answers.get("sex"), use_god=c.answers.get("use_god"),
        consultation=c.id)
    stored = await context.storage.get_reading(user.user_id, rid)
    if stored is not None and (stored.lines != cast.lines_text or stored.moment_utc != moment.utc):
        # this consultation was answered before (its reply did not reach Telegram, or the process died before
        # the commit): the reading stored then is the answer, not a second reading of another moment
        reading = recompute(stored)
    context.drop_consultation()
    markup = await reading_markup(context.storage, user, sender(update).id, reading, rid, kb.after_reading(rid),
                                  context.now())
    try:
        await send_reading(update, reading, rid, c.question, markup)
    except TelegramError as exc:
        if not replies.note(exc):  # refused for good: stored, the consultation is over; it is in /history
            log.warning("reading %d of %s is stored but could not be sent (%s); it is in /history", rid,
                        sender(update).id, exc)
    return END


async def send_reading(update: Update, reading: Reading, rid: int, asked: str | None = None,
                       markup: InlineKeyboardMarkup | None = None) -> None:
    """The chart as a picture, then as text, then the reading (its answer put as the asker's question asks it),
    under it ``markup`` (the reading's buttons by default)."""
    await send_picture(update, reading)
    await say(update, render_chart(reading.chart, term), pre=True)
    await say(update, render_reading(reading, asked=asked), markup or kb.after_reading(rid))


async def send_picture(update: Update, reading: Reading) -> None:
    """The chart's picture, drawn off the event loop.  It only adds to the text: whatever keeps it from being
    drawn or sent (no font yet, a refused upload, a network fault, a fault in the drawing) is logged, and the
    consultation goes on with the text chart."""
    chat = update.effective_chat
    assert chat is not None
    if fonts.available() is None:  # a machine without the font: fetched in the background, never waited for
        fonts.prefetch()
        log.warning("the chart picture's font is not here yet (being fetched): a reading without its picture")
        return
    try:
        png = await asyncio.to_thread(render_png, reading)  # to_thread carries the language's ContextVar
        await chat.send_photo(InputFile(png, filename="chart.png"), caption=caption(reading.chart))
    except Exception as exc:  # the picture must never cost the user the reading (the fault is logged)
        if replies.note(exc):  # Telegram unreachable: the update is answered again later (the outage is logged)
            return
        log.exception("the chart picture of %s was not sent", sender(update).id if update.effective_user
                      else chat.id)


# ---- cancel, help and the unexpected ---------------------------------------------------------------------

async def cancel(update: Update, context: BotContext) -> int:
    await ack(update.callback_query)
    context.drop_consultation()
    await say(update, _("Cancelled. Nothing was read."), kb.start())
    return END


REPEAT = {ASK_QUESTION: ask_question, ASK_TOPIC: ask_topic}


async def repeat_step(update: Update, context: BotContext, state: int | None) -> int:
    """Show the current step again."""
    if state == ASK_TOSS:
        return await show_toss(update, context)
    if state == ASK_LINES:
        await say(update, _("Send the six lines, bottom first, e.g. 789968."))
        return ASK_LINES
    if state == ASK_WHEN:
        await say(update, _("Send the date and time as YYYY-MM-DD HH:MM."))
        return ASK_WHEN
    if state == ASK_CAST_TIME:
        return await ask_cast_time(update, context)
    if state == ASK_OUTCOME_DATE:
        await say(update, _("Send the date it happened as YYYY-MM-DD."))
        return ASK_OUTCOME_DATE
    if state in REPEAT:
        return await REPEAT[state](update, context)
    if state in NATAL_STATES:
        return await natal_flow.repeat(update, context, state)
    return await ask_next(update, context)


def _state(context: BotContext) -> int | None:
    return context.consultation.state


async def unexpected(update: Update, context: BotContext) -> int:
    """Text where a button was expected, a sticker, a photo, an overlong message: explain, then ask again."""
    msg = update.effective_message
    if msg is not None and msg.text and len(msg.text) > MAX_TEXT:
        await say(update, _("That message is too long for this step."))
    elif msg is not None and msg.text:
        await say(update, _("Please use the buttons for this step (or /cancel)."))
    else:
        await say(update, _("I can only read text and buttons here."))
    return await repeat_step(update, context, _state(context))


async def stale_button(update: Update, context: BotContext) -> int:
    await ack(update.callback_query, _("That button belongs to an earlier step."))
    await say(update, _("That button belongs to an earlier message. Here is where we are:"))
    return await repeat_step(update, context, _state(context))


async def command_mid_flow(update: Update, context: BotContext) -> int:
    await say(update, _("A reading is in progress; here is where we are (or /cancel it)."))
    return await repeat_step(update, context, _state(context))


# ---- outcome recording -----------------------------------------------------------------------------------

def _open_step(context: BotContext) -> int | None:
    """The step an open consultation waits at, the one it left for an outcome date included (None if none)."""
    c = context.consultation
    return c.resume if c.state == ASK_OUTCOME_DATE else c.state


async def outcome_button(update: Update, context: BotContext) -> int:
    """The buttons under a reading.  An open consultation stays where it is (the buttons are entry points of
    the conversation, so they work from any step)."""
    query, data = button(update)
    await ack(query)
    try:
        _k, rid_text, what = data.split(":", 2)
        rid = small_int(rid_text)
    except ValueError:
        return await stale_button(update, context)
    resume = _open_step(context)
    after = END if resume is None else resume
    context.outcome_for = None  # a date asked for earlier is no longer awaited
    if context.consultation.resume is not None:
        context.consultation = replace(context.consultation, resume=None)
    user = await user_of(update, context)
    st = context.storage
    if await st.get_reading(user.user_id, rid) is None:
        await say(update, _("That reading is not in your history."))
        return after
    if what == "ask":
        await say(update, _("What happened?"), kb.outcome(rid))
        return after
    if what == "no":
        await st.set_outcome(user.user_id, rid, outcome="did_not")
        await say(update, _("Noted: it did not happen."))
        return after
    if what == "today":
        local = context.now().astimezone(ZoneInfo(user.tz)).date()
        await st.set_outcome(user.user_id, rid, outcome="happened", on=local)
        await say(update, _("Noted: it happened on {date}.").format(date=_fmt_date(local)))
        return after
    if what == "date":
        context.outcome_for = rid
        context.consultation = replace(context.consultation, resume=resume, state=ASK_OUTCOME_DATE)
        await say(update, _("Send the date it happened as YYYY-MM-DD."))
        return ASK_OUTCOME_DATE
    return await stale_button(update, context)


async def got_outcome_date(update: Update, context: BotContext) -> int:
    text = (update.message.text or "").strip() if update.message else ""
    rid = context.outcome_for
    user = await user_of(update, context)
    day = parse_date(text)
    if day is None:
        await say(update, _("I cannot read “{text}” as a date; please write it like {forms}.")
                  .format(text=text[:40], forms=_(DATE_FORMS)))
        return ASK_OUTCOME_DATE
    st = context.storage
    row = None if rid is None else await st.get_reading(user.user_id, rid)
    if row is not None:
        cast_on = cast_date(row, user.tz)
        if day < cast_on:
            await say(update, _("That is before the cast ({date}): what the reading foretold can only happen after "
                                "it. Send the date it happened as YYYY-MM-DD.").format(date=_fmt_date(cast_on)))
            return ASK_OUTCOME_DATE
        if day > context.now().astimezone(ZoneInfo(user.tz)).date():
            await say(update, _("That date has not come yet. Send the date it happened as YYYY-MM-DD, or "
                                "record it when it has happened."))
            return ASK_OUTCOME_DATE
    if rid is None or row is None or not await st.set_outcome(user.user_id, rid, outcome="happened", on=day):
        await say(update, _("That reading is not in your history."))
    else:
        await say(update, _("Noted: it happened on {date}.").format(date=_fmt_date(day)))
    context.outcome_for = None
    resume = context.consultation.resume
    if resume is not None:  # back to the consultation that was open when the outcome button was pressed
        context.consultation = replace(context.consultation, resume=None, state=resume)
        return await repeat_step(update, context, resume)
    context.drop_consultation()
    return END


def cast_instant(row: StoredReading) -> datetime:
    """When a stored reading was cast (its moment), or, for one stored from pillars alone, when it was stored."""
    return row.moment_utc if row.moment_utc is not None else row.created_at


def cast_date(row: StoredReading, user_tz: str) -> date:
    """The local date of the cast, in the zone it was cast in."""
    return cast_instant(row).astimezone(ZoneInfo(row.moment_tz or user_tz)).date()


def _fmt_date(day: Any) -> str:
    return day_text(day)

