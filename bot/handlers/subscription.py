"""The daily almanac's commands: ``/today``, ``/subscribe [HH:MM]``, ``/unsubscribe``, a subscription that follows
the user's language and zone, and ``install``, the ``extra`` hook of ``bot.handlers.app.build_application`` that adds
them and the broadcast job (``bot.delivery.broadcast``, which delivers the almanac)."""

from __future__ import annotations

from datetime import date, timedelta

from telegram import Update
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes

from bot.delivery.broadcast import (
    DEFAULT_CONCURRENCY,
    DEFAULT_INTERVAL,
    DEFAULT_TIME,
    DailyAlmanacJob,
    schedule,
)
from bot.delivery.pacing import BOT_RATE
from bot.handlers import common
from bot.render.almanac import local_today, render_almanac
from bot.render.dates import day_text, parse_hhmm
from bot.render.i18n import _


def install(app: Application, *, interval: float = DEFAULT_INTERVAL, first: float = 0.0,
            concurrency: int = DEFAULT_CONCURRENCY, rate: float | None = BOT_RATE,
            broadcast: bool = True, paid: bool = False) -> DailyAlmanacJob:
    """The ``extra`` hook: commands /today /subscribe /unsubscribe, and the broadcast job (at start, then every
    ``interval`` seconds; ``bot.delivery.broadcast.schedule`` says how it is paced).
    ``build_application(config, extra=install)``.

    ``broadcast=False`` adds the commands only: for a process that must not send the daily messages — one that
    shares the bot's database but is not the bot (the console), since the job would mark every due subscriber's
    message as sent through that process, and at its start release the running bot's reservations.
    """
    app.add_handler(CommandHandler("today", today_command))
    app.add_handler(CommandHandler("subscribe", subscribe_command))
    app.add_handler(CommandHandler("unsubscribe", unsubscribe_command))
    # After /lang or a zone change (group 0 handles them), the subscription follows the user's settings.
    app.add_handler(CallbackQueryHandler(follow_settings, pattern=r"^(l:|s:tz:)"), group=2)
    app.add_handler(CommandHandler("tz", follow_settings), group=2)
    return schedule(app, interval=interval, first=first, concurrency=concurrency, rate=rate, broadcast=broadcast,
                    paid=paid)


def _long_date(day: date) -> str:
    return day_text(day)


async def today_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/today: the almanac of the user's local date, in their language and zone."""
    user = await common.user_of(update, context)
    day = local_today(common.now(context), user.tz)
    text = render_almanac(day, user.tz)
    if await common.storage(context).get_subscription(user.user_id) is None:
        text += "\n" + _("Get it every morning: /subscribe 07:00")
    await common.say(update, text)


async def subscribe_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/subscribe [HH:MM]: the almanac every day at that local time; a bare /subscribe keeps the time already
    chosen (07:00 for a first subscription)."""
    user = await common.user_of(update, context)
    args = list(context.args or [])
    storage = common.storage(context)
    if args:
        hhmm = parse_hhmm(args[0])
    else:
        current_sub = await storage.get_subscription(user.user_id)
        hhmm = current_sub.send_at if current_sub is not None else DEFAULT_TIME
    if hhmm is None or len(args) > 1:
        await common.say(update, _("Give the time of day as HH:MM, for example /subscribe 07:30."))
        return
    now = common.now(context)
    chat = update.effective_chat
    assert chat is not None  # bot.handlers.gate.gate: only a private chat's messages reach a command
    sub = await storage.subscribe(user.user_id, chat.id, hhmm, user.tz, user.lang, now=now)
    today = local_today(now, sub.tz)
    first = max(today, sub.starts_on)
    delivered = await storage.get_delivery(user.user_id, today)
    if first == today and delivered is not None and delivered.status == "sent":
        first = today + timedelta(days=1)
    await common.say(update, _("Every day at {time} ({tz}) I will send you the almanac of the day, starting {date}. "
                               "/unsubscribe to stop.").format(time=sub.send_at, tz=sub.tz, date=_long_date(first)))


async def unsubscribe_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    user = await common.user_of(update, context)
    if await common.storage(context).unsubscribe(user.user_id, reason="user", now=common.now(context)):
        await common.say(update, _("The daily almanac is stopped. /subscribe to start it again."))
    else:
        await common.say(update, _("You have no daily almanac. /subscribe 07:00 to get one."))


async def follow_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group 2, after a language or zone change: an active subscription takes the user's new settings."""
    if update.effective_user is None:
        return
    storage = common.storage(context)
    user = await storage.get_user(update.effective_user.id)
    sub = await storage.get_subscription(update.effective_user.id)
    if user is None or sub is None or (sub.lang, sub.tz) == (user.lang, user.tz):
        return
    await storage.subscribe(user.user_id, sub.chat_id, sub.send_at, user.tz, user.lang, now=common.now(context))
