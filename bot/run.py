"""``liuyao bot``: polling (default) or webhook mode, stopping cleanly on SIGTERM/SIGINT."""

from __future__ import annotations

import sys

from telegram import Update

from bot.app import build_application
from bot.broadcast import install
from bot.collector import settle
from bot.config import Config, configure_logging


def run_bot(env: dict[str, str] | None = None) -> int:
    configure_logging()
    config = Config.from_env(env)
    if not config.token:
        print("liuyao bot: set TELEGRAM_BOT_TOKEN (or run `liuyao console` to use the bot without Telegram)",
              file=sys.stderr)
        return 2
    app = build_application(config, extra=install)  # /today /subscribe /unsubscribe and the daily broadcast
    settle()
    if config.webhook_url:
        app.run_webhook(listen=config.listen, port=config.port, webhook_url=config.webhook_url,
                        secret_token=config.webhook_secret, allowed_updates=Update.ALL_TYPES)
    else:
        app.run_polling(allowed_updates=Update.ALL_TYPES)
    return 0
