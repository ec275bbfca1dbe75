"""Wiring: the Application, its handlers, storage and persistence (the builder pattern of PTB's examples).

Every update first passes ``load_user`` (group -1): it reads the user's settings from the database (creating them from
Telegram's ``language_code`` on first contact) and sets the language for this update only.
"""

from __future__ import annotations

import copy
import html
import logging
import re
import warnings
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from telegram import BotCommand, InlineKeyboardMarkup, Update
from telegram.constants import ParseMode
from telegram.ext import (
    Application,
    ApplicationBuilder,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    ConversationHandler,
    MessageHandler,
    PersistenceInput,
    TypeHandler,
    filters,
)
from telegram.request import BaseRequest
from telegram.warnings import PTBUserWarning

from bot.delivery import replies
from bot.delivery.expiry import install as install_expiry
from bot.delivery.inbox import Inbox, InboxBot
from bot.delivery.lanes import CLUSTER_SLOTS, SLOTS, FairUpdateProcessor, connections
from bot.delivery.pacing import PacedLimiter
from bot.delivery.request import RetryingRequest
from bot.handlers import askback, common, flow, natal_flow
from bot.handlers import keyboards as kb
from bot.handlers.common import recompute
from bot.handlers.gate import gate, small_int
from bot.handlers.limits import dropped_notice, reading_allowed
from bot.handlers.words import topic_of
from bot.ops.config import DEFAULT_ZONES, Config
from bot.ops.health import MeteredApplication, start_ops, stop_ops
from bot.ops.health import install as install_ops
from bot.ops.outcomes import tally
from bot.render.askback import settings_line, tally_text
from bot.render.dates import day_text, moment_text
from bot.render.glossary import render_all_terms, render_terms
from bot.render.i18n import N_, _, ngettext, normalize, set_current, term, use
from bot.render.messages import split_message
from bot.render.reading import finding_text, render_findings, render_sources
from bot.render.zones import find_zones_soon
from bot.storage import NatalReading as StoredNatal
from bot.storage import is_postgres_url
from bot.storage.persistence import StoragePersistence, StoredConversationHandler
from core.chart.cast import CastError, CoinConvention, parse_cast, parse_toss
from core.natal import read_natal

log = logging.getLogger(__name__)
# The consultation's buttons are meant to work from any message of the user's chat (per_message=False); PTB's
# reminder about that would only be noise on every start and in every `liuyao console`.
warnings.filterwarnings("ignore", message="If 'per_message=False'", category=PTBUserWarning)

USER_CACHE = 100_000  # users' settings kept in memory (a write transaction per update saved)
COMMANDS = ("start", "cast", "natal", "history", "terms", "today", "subscribe", "unsubscribe", "askback", "settings",
            "lang", "tz", "help", "cancel")


async def load_user(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group -1: the user's settings for this update, and the language set for it alone.  The database away: the
    update goes no further (no handler runs without its user) and is handled again later (``bot.delivery.replies``)."""
    try:
        await _load_user(update, context)
    except ApplicationHandlerStop:
        raise
    except Exception as exc:
        if replies.note(exc):
            raise ApplicationHandlerStop from exc
        raise


async def _load_user(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    persistence = context.application.persistence
    assert isinstance(persistence, StoragePersistence)
    context.application.bot_data["storage"] = await persistence.get_storage()
    tg_user = update.effective_user
    if tg_user is None:
        return
    users = context.application.bot_data["users"]
    storage = common.storage(context)
    # One process: every change of a setting replaces the cached row, so it is current.  A cluster: another
    # worker may have changed it, so it is read for every update.
    user = None if storage.shared else users.get(tg_user.id)
    if user is None:
        lang = normalize(tg_user.language_code)
        user = await common.storage(context).get_or_create_user(tg_user.id, lang=lang, tz=DEFAULT_ZONES[lang])
        if len(users) >= USER_CACHE:
            users.clear()
        users[tg_user.id] = user
    set_current(user.lang)
    if persistence.take_expired(tg_user.id):
        await consultation_expired(update, persistence.ttl)


async def consultation_expired(update: Update, ttl: timedelta) -> None:
    """The user's open consultation waited longer than CONSULTATION_TTL_HOURS and was dropped: say so.  A command
    goes on to be handled (/cast starts the new one at once); a step's answer or button ends here."""
    hours = max(1, round(ttl.total_seconds() / 3600))
    await common.say(update, ngettext("The reading you had open went unanswered for more than {hours} hour, so it has "
                                      "expired. Start a new one with /cast.",
                                      "The reading you had open went unanswered for more than {hours} hours, so it "
                                      "has expired. Start a new one with /cast.", hours).format(hours=hours),
                     kb.start())
    text = update.message.text if update.message else None
    if text and text.startswith("/"):
        return
    if update.callback_query is not None:
        await common.answer_once(update.callback_query)
    raise ApplicationHandlerStop


# ---- commands outside the consultation ---------------------------------------------------------------------

async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await common.say(update, _("Welcome. I read 六爻 coin divination the way the classical manuals do: the full chart, "
                               "the verdict with its reasons, and when things should happen.") + "\n" +
                     _("Cast three coins six times (or let me toss), tell me what the question is about, and I will "
                     "answer. Start with /cast."), kb.start())


async def help_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    user = await common.user_of(update, context)
    await common.say(update, "\n".join([
        _("/cast — a new reading (or /cast 789968 wealth to skip steps)"),
        _("/natal — what the classic 玉照定真經 says of your birth"),
        _("/history — your past readings and their outcomes"),
        _("/terms — what the terms of your latest reading mean"),
        _("/today — today's almanac of stars"),
        _("/subscribe 07:00 — the almanac every morning; /unsubscribe to stop"),
        _("/askback 20:00 — when a reading's moment comes, I ask whether it happened; /askback off to stop"),
        _("/settings — language, time zone, day boundary and coin convention"),
        _("/cancel — stop the current step"),
        "",
        _("Entering a cast: six values bottom first — 6 old yin ×, 7 young yang —, 8 young yin --, 9 old yang ○ — "
          "or the coins as faces (H/T, 앞/뒤, 表/裏, 字/背: T, 뒤, 裏, 背 are the backs) or the number of backs 0–3."),
        flow.coin_rule(user.coins),
    ]))


async def show_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    user = await common.user_of(update, context)
    sub = await common.storage(context).get_subscription(user.user_id)
    sub_text = (_("Daily almanac at {time}.").format(time=sub.send_at) if sub and sub.active
                else _("No daily almanac (/subscribe)."))
    grim = (_("Grave verses of 玉照定真經 (early loss, violent death …): shown.") if user.grim else
            _("Grave verses of 玉照定真經 (early loss, violent death …): hidden."))
    asking = settings_line(user.ask_back, user.ask_at)
    markup = kb.settings(user.day_boundary, user.coins, user.grim)
    markup = InlineKeyboardMarkup([*markup.inline_keyboard, *askback.settings_rows(user)])
    await common.say(update, _("Language: {lang}\nTime zone: {tz}\n").format(
        lang=kb.LANG_NAMES[user.lang], tz=user.tz) + sub_text + "\n" + grim + "\n" + asking, markup)


async def settings_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query, data = common.button(update)
    await common.ack(query)
    parts = data.split(":")
    user = await common.user_of(update, context)
    st = common.storage(context)
    if parts[1] == "show":
        await show_settings(update, context)
    elif parts[1] == "lang":
        await common.say(update, _("Choose a language."), kb.languages())
    elif parts[1] == "tzmenu":
        await common.say(update, _("Choose a time zone, or send /tz followed by an IANA name such as Europe/Paris."),
                         kb.zones())
    elif parts[1] == "tz" and len(parts) == 3:
        await _set_zone(update, context, parts[2])
    elif parts[1] == "db" and len(parts) == 3 and parts[2] in ("23", "0"):
        new = await st.update_user_settings(user.user_id, day_boundary=int(parts[2]))
        context.application.bot_data["users"][user.user_id] = new
        await show_settings(update, context)
    elif parts[1] == "coins" and len(parts) == 3 and parts[2] in ("backs", "faces"):
        new = await st.update_user_settings(user.user_id, coins=parts[2])
        context.application.bot_data["users"][user.user_id] = new
        await show_settings(update, context)
    elif parts[1] == "ask" and len(parts) == 3 and parts[2] in ("on", "off"):
        await askback.switch(context, user, parts[2] == "on")
        await show_settings(update, context)
    elif parts[1] == "grim" and len(parts) == 3 and parts[2] in ("0", "1"):
        new = await st.update_user_settings(user.user_id, grim=parts[2] == "1")
        context.application.bot_data["users"][user.user_id] = new
        await show_settings(update, context)
    else:
        await common.say(update, _("That button belongs to an earlier message."))


async def lang_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await common.say(update, _("Choose a language."), kb.languages())


async def lang_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query, data = common.button(update)
    await common.ack(query)
    lang = data.split(":", 1)[1]
    if lang not in kb.LANG_NAMES:
        await common.say(update, _("That button belongs to an earlier message."))
        return
    user = await common.user_of(update, context)
    new = await common.storage(context).update_user_settings(user.user_id, lang=lang)
    context.application.bot_data["users"][user.user_id] = new
    set_current(lang)
    await common.say(update, _("Language set to {lang}.").format(lang=kb.LANG_NAMES[lang]))
    await resume_open_consultation(update, context)


async def tz_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if context.args:
        await _set_zone(update, context, " ".join(context.args))
    else:
        user = await common.user_of(update, context)
        await common.say(update,
                         _("Your time zone is {tz}. Choose another, or send /tz Europe/Paris.").format(tz=user.tz),
                         kb.zones())


async def _set_zone(update: Update, context: ContextTypes.DEFAULT_TYPE, zone: str) -> None:
    """Set the zone a user names: an IANA name, a city in their language, or an offset (then they choose)."""
    user = await common.user_of(update, context)
    found = await find_zones_soon(zone, common.now(context))
    if not found:
        await common.say(update, _("“{zone}” is not a time zone I know. Send a city (Seoul), an IANA name such as "
                                   "Asia/Seoul, or an offset such as +09:00.").format(zone=zone[:40]))
        return
    if len(found) > 1:
        await common.say(update, _("“{zone}” fits several time zones; choose yours, or send /tz with its city.")
                         .format(zone=zone[:40]), kb.zone_choice(found[:8]))
        return
    new = await common.storage(context).update_user_settings(user.user_id, tz=found[0])
    context.application.bot_data["users"][user.user_id] = new
    await common.say(update, _("Time zone set to {tz}.").format(tz=found[0]))
    await resume_open_consultation(update, context)


# ---- history ---------------------------------------------------------------------------------------------

HISTORY_LABEL = N_("{when} · {kind} · {name}")  # a /history button: when, the topic or "Natal chart", the name


def _label(item: Any, user_tz: str) -> str:
    """A history button: a reading by when it was cast (in the zone it was cast in), a natal one by the birth."""
    if isinstance(item, StoredNatal):
        pillars = (item.record or {}).get("pillars", {}) if isinstance(item.record, dict) else {}
        written = " ".join(p for p in (pillars.get(k) for k in ("year", "month", "day", "hour")) if p)
        if item.birth_utc is not None:
            born = moment_text(item.birth_utc.astimezone(ZoneInfo(item.tz or user_tz)))
        else:
            born = day_text(item.birth_date) if item.birth_date else ""
        return _(HISTORY_LABEL).format(when=born, kind=_("Natal chart"), name=written)[:60]
    when = flow.cast_instant(item).astimezone(ZoneInfo(item.moment_tz or user_tz))
    stamp = moment_text(when)
    topic = _(kb.TOPIC_LABELS.get(item.topic or "other", kb.TOPIC_LABELS["other"]))
    name = ""
    if isinstance(item.reading, dict):
        name = term(item.reading.get("hexagram", {}).get("name", ""))
    mark = {"happened": " ✓", "did_not": " ✗"}.get(item.outcome or "", "")
    return _(HISTORY_LABEL).format(when=stamp, kind=topic, name=name + mark)[:60]


async def history(update: Update, context: ContextTypes.DEFAULT_TYPE, offset: int = 0) -> None:
    user = await common.user_of(update, context)
    page = await common.storage(context).list_history(user.user_id, offset, kb.HISTORY_PAGE)
    if page.total == 0:
        await common.say(update, _("You have no readings yet. Start one with /cast."))
        return
    items: list[tuple[int | str, str]] = [
        (f"n:{r.id}" if isinstance(r, StoredNatal) else r.id, _label(r, user.tz)) for r in page.items]
    head = _("Your readings ({first}–{last} of {total}):").format(first=offset + 1, last=offset + len(items),
                                                                 total=page.total)
    record = tally(await common.storage(context).user_outcomes(user.user_id))  # how they turned out
    if record.recorded:
        head = tally_text(recorded=record.recorded, at=record.at, earlier=record.earlier, later=record.later,
                          not_=record.not_, judged=record.judged, held=record.held) + "\n\n" + head
    await common.say(update, head, kb.history(items, offset, page.has_more))


async def history_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await history(update, context, 0)


async def history_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query, data = common.button(update)
    await common.ack(query)
    try:
        offset = small_int(data.split(":", 1)[1])
    except (ValueError, IndexError):
        offset = 0
    await history(update, context, offset)


async def _button_id(update: Update) -> int | None:
    """The stored id a button names (``o:{id}``, ``n:{id}`` …), the button answered; None, said to the user, for
    data that names none (a button of an older version of the bot)."""
    query, data = common.button(update)
    await common.ack(query)
    try:
        return small_int(data.split(":")[1])
    except (ValueError, IndexError):
        await common.say(update, _("That button belongs to an earlier message."))
        return None


async def _stored(update: Update, context: ContextTypes.DEFAULT_TYPE) -> tuple[Any, Any] | None:
    """The reading a button names, recomputed from what was stored (the engine is deterministic)."""
    if (rid := await _button_id(update)) is None:
        return None
    user = await common.user_of(update, context)
    row = await common.storage(context).get_reading(user.user_id, rid)
    if row is None:
        await common.say(update, _("That reading is not in your history."))
        return None
    return row, recompute(row)


async def open_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    got = await _stored(update, context)
    if got is None:
        return
    row, reading = got
    if row.question:
        await common.say(update, _("Question: {text}").format(text=row.question))
    await flow.send_reading(update, reading, row.id, row.question)
    if row.outcome:
        text = (_("Outcome: it happened on {date}.").format(date=day_text(row.outcome_date))
                if row.outcome == "happened" and row.outcome_date else
                _("Outcome: it happened.") if row.outcome == "happened" else _("Outcome: it did not happen."))
        await common.say(update, text)


async def reasons_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    got = await _stored(update, context)
    if got is not None:
        await _long(update, render_findings(got[1]), _("All reasons (continued)"))


async def sources_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    got = await _stored(update, context)
    if got is not None:
        await _long(update, render_sources(got[1]), _("Sources (continued)"))


async def terms_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    got = await _stored(update, context)
    if got is not None:
        await _long(update, render_terms(got[1]), _("Terms (continued)"))


async def terms_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/terms: the terms of the user's latest reading, or every term when there is none yet."""
    user = await common.user_of(update, context)
    latest = (await common.storage(context).list_readings(user.user_id, 0, 1)).items
    if latest:
        await _long(update, render_terms(recompute(latest[0])), _("Terms (continued)"))
    else:
        await _long(update, render_all_terms(), _("Terms (continued)"))


async def topic_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    got = await _stored(update, context)
    if got is None:
        return
    reading = got[1]
    if not reading.topic:
        await common.say(update, _("The topic chapters (year, lifetime, lifespan, matchmaker, marriage) have no "
                                   "separate reading for this matter; the reasons above are the whole reading."))
        return
    await _long(update, "\n".join(f"・{finding_text(reading, f)}" for f in reading.topic), _("Topic reading (continued)"))


async def _stored_natal(update: Update, context: ContextTypes.DEFAULT_TYPE) -> tuple[Any, Any] | None:
    """The natal reading a button names (n:{id}, v:{id}), recomputed from the birth as stored."""
    if (nid := await _button_id(update)) is None:
        return None
    user = await common.user_of(update, context)
    row = await common.storage(context).get_natal_reading(user.user_id, nid)
    if row is None:
        await common.say(update, _("That reading is not in your history."))
        return None
    return row, read_natal(natal_flow.stored_chart(row))


async def natal_open_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    got = await _stored_natal(update, context)
    if got is not None:
        user = await common.user_of(update, context)
        await natal_flow.send_natal(update, got[1], got[0].id, user.grim)


async def natal_verses_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    got = await _stored_natal(update, context)
    if got is not None:
        user = await common.user_of(update, context)
        await natal_flow.send_all_verses(update, got[1], user.grim)


async def _long(update: Update, text: str, continued: str) -> None:
    """Send text that may exceed Telegram's 4096 characters: whole blocks and lines, each further message headed
    ``continued``."""
    for piece in split_message(text, continued=continued):
        await common.say(update, piece)


# ---- the consultation ------------------------------------------------------------------------------------

CAST_LIKE = re.compile(r"^\s*[6-9]{6}\s*$")


async def cast_entry(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    """/cast [lines] [topic], the “new reading” button, or a bare message of six values."""
    await common.ack(update.callback_query)
    args = list(context.args or [])
    if update.message and update.message.text and not update.message.text.startswith("/"):
        state = (common.user_data(context).get("c") or {}).get("state")
        if state is not None and state != common.ASK_QUESTION:
            # Six values typed into an open consultation answer its current step; they do not start over.
            return await flow.bare_cast(update, context, state)
        args = update.message.text.split()
    if not await reading_allowed(update, context):
        state = (common.user_data(context).get("c") or {}).get("state")
        return state if isinstance(state, int) else ConversationHandler.END
    c: dict[str, Any] = {"id": common.consultation_id(update)}
    common.user_data(context)["c"] = c
    topic = next((t.value for a in args if (t := topic_of(a)) is not None), None)
    rest = [a for a in args if topic_of(a) is None]
    unknown = [a for a in rest if not _cast_like(a)]
    cast_text = " ".join(a for a in rest if _cast_like(a))
    if unknown and topic is None:
        # a word that is neither a toss nor a topic: most likely a topic in words the bot does not know
        await common.say(update, _("“{word}” is not a topic I know; choose one from the list.").format(word=unknown[0]))
    if cast_text:
        user = await common.user_of(update, context)
        try:
            cast = parse_cast(cast_text, CoinConvention(user.coins))
        except CastError as exc:
            await common.say(update, flow.cast_error_text(exc))
            return await flow.ask_question(update, context)
        flow._store_cast(c, cast)
        c["quick"] = True
        c["question"] = None
    if topic:
        c["topic"] = topic
    if c.get("quick"):
        return await flow.ask_next(update, context)
    return await flow.ask_question(update, context)


def _cast_like(word: str) -> bool:
    """Could ``word`` be part of a cast (digits, coin letters, marks, line names), rather than a word of a topic?"""
    try:
        parse_toss(word[:3])
    except CastError as exc:
        return exc.code != "bad_token"
    return True


def _track(handler: Callable[..., Any]) -> Callable[..., Any]:
    """Remember the state a handler leaves the consultation in, so an unexpected input can repeat it; and if the
    handler fails (a Bot API call that failed even after its retries), put ``user_data`` back as it was before
    the update — PTB keeps the conversation's state too — so the step can simply be taken again."""

    async def wrapped(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        before = copy.deepcopy(common.user_data(context))
        try:
            result = await handler(update, context)
        except Exception:
            common.user_data(context).clear()
            common.user_data(context).update(before)
            raise
        if isinstance(result, int) and result >= 0:
            common.consultation(context)["state"] = result
        elif result == ConversationHandler.END:
            common.user_data(context).get("c", {}).pop("state", None)
        return result

    return wrapped


def consultation_handler() -> ConversationHandler:
    t = _track
    text = filters.TEXT & ~filters.COMMAND
    other_input = MessageHandler(~filters.COMMAND, t(flow.unexpected))
    stale = CallbackQueryHandler(t(flow.stale_button), pattern=r"^(t|f|m|c|w|q|b):")
    return StoredConversationHandler(
        name="consultation",
        persistent=True,
        allow_reentry=True,
        entry_points=[
            CommandHandler("cast", t(cast_entry)),
            CallbackQueryHandler(t(cast_entry), pattern=r"^new$"),
            MessageHandler(filters.Regex(CAST_LIKE) & ~filters.COMMAND, t(cast_entry)),
            CallbackQueryHandler(t(flow.outcome_button), pattern=r"^k:"),
            CommandHandler("natal", t(natal_flow.natal_entry)),
        ],
        states={
            common.ASK_QUESTION: [MessageHandler(text, t(flow.got_question)),
                                  CallbackQueryHandler(t(flow.skip_question), pattern=r"^q:skip$")],
            common.ASK_TOPIC: [CallbackQueryHandler(t(flow.got_topic), pattern=r"^t:")],
            common.ASK_FOLLOW_UP: [CallbackQueryHandler(t(flow.got_follow_up), pattern=r"^f:")],
            common.ASK_OPTIONAL: [CallbackQueryHandler(t(flow.got_optional), pattern=r"^f:")],
            common.ASK_METHOD: [CallbackQueryHandler(t(flow.got_method), pattern=r"^m:")],
            common.ASK_TOSS: [CallbackQueryHandler(t(flow.got_toss), pattern=r"^c:"),
                              MessageHandler(text, t(flow.got_toss_text))],
            common.ASK_LINES: [MessageHandler(text, t(flow.got_lines))],
            common.ASK_MOMENT: [CallbackQueryHandler(t(flow.got_moment_choice), pattern=r"^w:")],
            common.ASK_WHEN: [MessageHandler(text, t(flow.got_when))],
            common.ASK_CAST_TIME: [MessageHandler(text, t(flow.got_cast_time)),
                                   CallbackQueryHandler(t(flow.cast_time_unknown), pattern=r"^w:noon$")],
            common.ASK_OUTCOME_DATE: [MessageHandler(text, t(flow.got_outcome_date))],
            common.ASK_BIRTH_DATE: [MessageHandler(text, t(natal_flow.got_birth_date))],
            common.ASK_BIRTH_TIME: [MessageHandler(text, t(natal_flow.got_birth_time)),
                                    CallbackQueryHandler(t(natal_flow.birth_time_unknown),
                                                         pattern=r"^b:time:unknown$")],
            common.ASK_BIRTH_ZONE: [MessageHandler(text, t(natal_flow.got_birth_zone)),
                                    CallbackQueryHandler(t(natal_flow.use_my_zone), pattern=r"^b:zone:")],
            # a stale button at the sex is answered as the consultation answers any (natal_flow does not import flow)
            common.ASK_BIRTH_SEX: [CallbackQueryHandler(t(partial(natal_flow.got_birth_sex, stale=flow.stale_button)),
                                                        pattern=r"^b:sex:")],
        },
        fallbacks=[
            CommandHandler("cancel", t(flow.cancel)),
            CallbackQueryHandler(t(flow.cancel), pattern=r"^x$"),
            stale,
            other_input,
        ],
    )


def _open(context: ContextTypes.DEFAULT_TYPE) -> bool:
    c = context.user_data.get("c") if context.user_data else None
    return isinstance(c, dict) and bool(c) and "state" in c


# Commands that may answer with a keyboard to choose from: the open consultation is shown again after the choice
# (a language, a zone) or at the next input, not at once — its own keyboard would come last, and in the console a
# typed number picks from the last keyboard (a language chosen as "3" would toss the coins).
_CHOOSING = ("/lang", "/settings", "/history", "/tz")


async def remind_open_consultation(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """After any command (other than the consultation's own and those that offer a choice), an open consultation
    is shown again."""
    words = ((update.effective_message.text if update.effective_message else "") or "").split()
    command = words[0].split("@")[0] if words else ""
    if not _open(context) or command in ("/cast", "/natal", "/cancel", *_CHOOSING):
        return
    await flow.command_mid_flow(update, context)


async def resume_open_consultation(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """After a choice offered by a command (a language, a zone), the open consultation is shown again."""
    if _open(context):
        await flow.command_mid_flow(update, context)


async def cancel_outside(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await common.say(update, _("There is nothing to cancel."), kb.start())


async def fallback_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await common.say(update, _("I did not understand that. Start a reading with /cast, or see /help."), kb.start())


async def unknown_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command no handler knows: explained, unless a consultation is open (then group 1 shows its step)."""
    c = common.user_data(context).get("c") if context.user_data else None
    if not c or "state" not in c:
        await fallback_text(update, context)


async def fallback_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await common.ack(update.callback_query, _("That button belongs to an earlier step."))
    await common.say(update, _("That button belongs to an earlier message. Start a reading with /cast."), kb.start())


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log the unexpected; tell the user something went wrong, without internals.

    A failure that passes (``bot.delivery.replies.passing``: Telegram unreachable, the database away) is neither: the
    update is left pending and answered once it is over, and the outage is logged once, where it is met (the
    request layer, the lanes) — not a traceback per update, nor per failed poll for new updates."""
    error = context.error
    if error is not None and replies.passing(error) and (
            update is None or (isinstance(update, Update) and replies.failed(error))):
        return
    if isinstance(update, Update) and replies.kept():
        return  # (a consequence of the failure that keeps the update, e.g. no user loaded: it is handled again)
    log.error("error while handling an update", exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat is not None:
        lang = "en"
        if update.effective_user is not None:
            known = context.application.bot_data["users"].get(common.sender(update).id)
            lang = known.lang if known else normalize(update.effective_user.language_code)
        with use(lang):
            try:
                await update.effective_chat.send_message(
                    html.escape(_("Something went wrong on my side. Your readings are safe; please try again.")),
                    parse_mode=ParseMode.HTML)
            except Exception:  # the chat may be unreachable; the log already has the cause
                log.warning("could not tell the user about the error", exc_info=True)


# ---- the application ---------------------------------------------------------------------------------------

async def _post_init(app: Application) -> None:
    await start_ops(app)  # /healthz and /metrics (bot.ops.health), when OPS_PORT is set
    commands = [BotCommand(c, c) for c in COMMANDS]
    try:
        await app.bot.set_my_commands(commands)
    except Exception:  # a Bot API server without setMyCommands must not stop the bot
        log.warning("setMyCommands failed", exc_info=True)


def build_application(config: Config, *, request: BaseRequest | None = None,
                      clock: Callable[[], datetime] | None = None, rate_limit: bool = True,
                      extra: Callable[[Application], object] | None = None, replay: bool = True) -> Application:
    """The bot, wired: handlers, storage (``config.database``: SQLite or PostgreSQL) and persistence, rate
    limiter, error handler.

    ``request`` replaces the Bot API request layer (``bot.delivery.request.RetryingRequest`` by default) for every
    call, getUpdates included; ``rate_limit`` adds ``bot.delivery.pacing.PacedLimiter`` (PTB's ``AIORateLimiter`` for
    every call, and the broadcast's budget); ``replay`` handles at start the updates an earlier run received but did not
    handle (not in the console, whose replies never reach Telegram)."""
    cluster = is_postgres_url(config.database)
    slots = config.update_slots or (CLUSTER_SLOTS if cluster else SLOTS)
    persistence = StoragePersistence(config.database, store_data=PersistenceInput(
        bot_data=False, chat_data=False, callback_data=False), ttl=config.consultation_ttl, clock=clock,
        open_options={"pool_size": connections(slots)} if cluster else None)
    persistence.hold_writes()  # written by the processor, one transaction per update (bot.delivery.lanes)
    inbox = Inbox(persistence.get_storage)
    processor = FairUpdateProcessor(slots, max_queued=config.queued_updates_per_user, replay=replay)
    urls: dict[str, Any] = {}
    if config.api_base_url:
        urls = {"base_url": config.api_base_url, "base_file_url": config.api_base_url.replace("/bot", "/file/bot")}
    # Every call but getUpdates is retried after a network error, a time-out or a 5xx (bot.delivery.request); 429 is
    # waited out by the rate limiter.
    limiter: Any = PacedLimiter() if rate_limit else None  # (ExtBot's overloads take a limiter or None, not either)
    bot = InboxBot(config.token or "0:console", **urls,
                   request=request or RetryingRequest(connection_pool_size=256, proxy=config.proxy),
                   get_updates_request=request or RetryingRequest(connection_pool_size=1, proxy=config.proxy),
                   rate_limiter=limiter)
    bot.use_inbox(inbox)
    builder = (ApplicationBuilder().application_class(MeteredApplication).bot(bot).persistence(persistence)
               .concurrent_updates(processor).update_queue(inbox).post_init(_post_init).post_shutdown(stop_ops))
    app = builder.build()
    processor.attach(app)
    processor.on_dropped = dropped_notice(app)
    app.bot_data["readings_per_minute"] = config.readings_per_minute
    install_ops(app, config.ops_listen, config.ops_port)
    install_expiry(app)  # abandoned consultations swept after their TTL and a grace (bot.delivery.expiry)
    app.bot_data["users"] = {}
    app.bot_data["clock"] = clock
    app.add_handler(TypeHandler(Update, gate), group=-2)
    app.add_handler(TypeHandler(Update, load_user), group=-1)
    app.add_handler(consultation_handler())
    app.add_handler(CommandHandler("start", start))
    app.add_handler(CommandHandler("help", help_command))
    app.add_handler(CommandHandler("settings", show_settings))
    app.add_handler(CommandHandler("lang", lang_command))
    app.add_handler(CommandHandler("tz", tz_command))
    app.add_handler(CommandHandler("history", history_command))
    app.add_handler(CommandHandler("terms", terms_command))
    app.add_handler(CommandHandler("cancel", cancel_outside))
    askback.install(app)  # /askback, the offer under a reading and the asks' buttons (bot.handlers.askback)
    app.add_handler(CallbackQueryHandler(settings_button, pattern=r"^s:"))
    app.add_handler(CallbackQueryHandler(lang_button, pattern=r"^l:"))
    app.add_handler(CallbackQueryHandler(history_button, pattern=r"^h:"))
    app.add_handler(CallbackQueryHandler(open_button, pattern=r"^o:"))
    app.add_handler(CallbackQueryHandler(reasons_button, pattern=r"^r:"))
    app.add_handler(CallbackQueryHandler(topic_button, pattern=r"^p:"))
    app.add_handler(CallbackQueryHandler(sources_button, pattern=r"^z:"))
    app.add_handler(CallbackQueryHandler(terms_button, pattern=r"^g:"))
    app.add_handler(CallbackQueryHandler(natal_open_button, pattern=r"^n:"))
    app.add_handler(CallbackQueryHandler(natal_verses_button, pattern=r"^v:"))
    if extra is not None:
        extra(app)
    app.add_handler(MessageHandler(filters.ALL & ~filters.COMMAND, fallback_text))
    app.add_handler(MessageHandler(filters.COMMAND, unknown_command))
    app.add_handler(CallbackQueryHandler(fallback_button))
    app.add_handler(MessageHandler(filters.COMMAND, remind_open_consultation), group=1)
    app.add_handler(TypeHandler(Update, common.answer_pending), group=9)  # every button answered, exactly once
    app.add_error_handler(on_error)
    return app
