"""The ``CallbackContext`` every handler of the bot is given: its services and the user's consultation, typed.

PTB builds one context per update from the class named in ``ContextTypes`` (``CONTEXT_TYPES``, given to the
``ApplicationBuilder`` by ``bot.handlers.app``), so a handler reads ``context.storage``, ``context.now()``,
``context.user`` or ``context.consultation`` instead of looking keys up in ``bot_data`` and ``user_data``.

The services stay where the rooms below the handlers find them (``bot_data["storage"]``, ``["clock"]``: the
broadcast and the expiry sweep read them there); ``SERVICES`` names every key the wiring fills, and the properties
here are the one place that reads them.  The consultation lives in the user's data as plain JSON, the shape
``bot.handlers.consultation`` reads and writes, so PTB's persistence keeps it with the update.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Final

from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot

from bot.handlers.consultation import Consultation
from bot.storage import Storage, User

__all__ = ["CONTEXT_TYPES", "SERVICES", "BotApplication", "BotContext", "Clock", "Data"]

Data = dict[str, Any]
Clock = Callable[[], datetime]

SERVICES: Final = ("storage", "users", "clock", "readings_per_minute")
"""The keys of ``bot_data`` the wiring fills: the open storage (set again at every update, as the persistence may
reopen it), the users' settings by id (a cache), the injected clock (``None``: the system's), the cap on readings."""


class BotContext(CallbackContext[ExtBot[None], Data, Data, Data]):
    """PTB's context with the bot's services and the user's consultation as typed properties."""

    @property
    def storage(self) -> Storage:
        """The bot's open storage (``bot.handlers.app.load_user`` sets it before any other handler runs)."""
        storage: Storage = self.bot_data["storage"]
        return storage

    @property
    def clock(self) -> Clock | None:
        """The injected clock (tests and broadcasts use a fake one), or ``None`` for the system's."""
        clock: Clock | None = self.bot_data.get("clock")
        return clock

    def now(self) -> datetime:
        """The current instant by the injected clock, always an aware UTC instant."""
        clock = self.clock
        return clock() if clock is not None else datetime.now(UTC)

    @property
    def users(self) -> dict[int, User]:
        """The users' settings this process keeps (``load_user`` puts the update's user in it)."""
        users: dict[int, User] = self.bot_data["users"]
        return users

    @property
    def readings_per_minute(self) -> int | None:
        per_minute: int | None = self.bot_data.get("readings_per_minute")
        return per_minute

    @property
    def data(self) -> Data:
        """The user's data: PTB gives one to every update that comes from a user, and ``bot.handlers.gate.gate``
        lets no other update reach a step."""
        data = self.user_data
        assert data is not None, "an update without a user reached a consultation step"
        return data

    @property
    def consultation(self) -> Consultation:
        """The user's open consultation (an empty one when none is open)."""
        return Consultation.from_json(self.user_data.get("c")) if self.user_data else Consultation()

    @consultation.setter
    def consultation(self, value: Consultation) -> None:
        self.data["c"] = value.to_json()

    def drop_consultation(self) -> None:
        """End the open consultation (its draft leaves the user's data)."""
        self.data.pop("c", None)

    @property
    def outcome_for(self) -> int | None:
        """The reading whose outcome's date the user was asked for, if any."""
        rid = self.user_data.get("outcome_for") if self.user_data else None
        return rid if isinstance(rid, int) and not isinstance(rid, bool) else None

    @outcome_for.setter
    def outcome_for(self, rid: int | None) -> None:
        if rid is None:
            self.data.pop("outcome_for", None)
        else:
            self.data["outcome_for"] = rid


CONTEXT_TYPES: Final = ContextTypes(context=BotContext, bot_data=dict, chat_data=dict, user_data=dict)
# the bot's application, as handlers and the wiring see it (the bot's class and the job queue's are the builder's)
BotApplication = Application[Any, BotContext, Any, Any, Any, Any]
