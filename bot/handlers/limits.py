"""The per-user caps, and the one polite sentence each gives.

- Readings per minute (``READINGS_PER_MINUTE``, 10 by default): counted from the readings stored in the last
  minute, so every worker of a cluster counts the same.  A new consultation beyond the cap is declined; the
  user is told once, and the refusals after it within that minute are silent (no reply flood).
- Updates queued per user (``QUEUED_UPDATES_PER_USER``, 20 by default): ``bot.delivery.lanes`` drops the rest and calls
  ``dropped_notice`` once per burst.
"""

from __future__ import annotations

import html
import logging
from datetime import datetime, timedelta
from typing import Any

from telegram import Update
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError
from telegram.ext import Application, ContextTypes

from bot.delivery.lanes import Notice
from bot.handlers import common
from bot.render.i18n import _, normalize, use

log = logging.getLogger(__name__)

READINGS_PER_MINUTE = 10
WINDOW = timedelta(minutes=1)
_QUIET = "quiet_until"  # user_data: refusals are silent until then (the user was told)


async def reading_allowed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """May this user start a new consultation now?  If not, they are told once a minute."""
    limit = context.application.bot_data.get("readings_per_minute", READINGS_PER_MINUTE)
    if limit <= 0 or update.effective_user is None:
        return True
    storage = common.storage(context)
    now = storage.now()
    if await storage.readings_since(update.effective_user.id, now - WINDOW) < limit:
        return True
    data = context.user_data
    assert data is not None  # every update that reaches a consultation has a user (bot.handlers.gate)
    quiet = data.get(_QUIET)
    if isinstance(quiet, str) and datetime.fromisoformat(quiet) > now:
        return False
    data[_QUIET] = (now + WINDOW).isoformat()
    await common.say(update, _("That makes {limit} readings within a minute. A reading deserves a pause: please "
                               "wait a minute before you cast again.").format(limit=limit))
    return False


def dropped_notice(app: Application[Any, Any, Any, Any, Any, Any]) -> Notice:
    """What ``bot.delivery.lanes`` says, once, to a user whose updates it had to skip."""

    async def notice(update: Update) -> None:
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None or chat.type != ChatType.PRIVATE:  # groups are declined by bot.handlers.gate
            return
        known = app.bot_data.get("users", {}).get(user.id)
        with use(known.lang if known else normalize(user.language_code)):
            text = _("You sent more messages than I can read at once, so I skipped some of them. Please wait for "
                     "my answer before you send more.")
        try:
            await app.bot.send_message(chat.id, html.escape(text), parse_mode=ParseMode.HTML)
        except TelegramError as exc:  # the notice is a courtesy; the log has why it did not go
            log.info("could not tell user %s their updates were skipped: %s", user.id, exc)

    return notice
