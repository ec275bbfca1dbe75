"""``telegram.ext`` persistence in the bot's database (SQLite or PostgreSQL), read fresh for every update.

``StoragePersistence`` keeps ``user_data``, ``chat_data``, ``bot_data``, ``callback_data`` and the states of every
``StoredConversationHandler`` in the storage's ``ptb_*`` tables (schema version 2 of ``bot.storage``), as JSON
text — never pickle.

Nothing is loaded at start-up.  Before each update the processor (``WriteThroughUpdateProcessor``) reads the
update's conversation states and its user's data from the database in one statement (``load_update``), which
PTB's ``refresh_user_data`` then hands to the update (``refresh_chat_data`` reads a chat's); after the update the
changes are written and the conversation states forgotten.  So the database, not the process, holds the
truth: another process writing the same database is seen at the next update, and start-up costs the same for ten
users or a million.  (PTB's own ``user_data`` dict keeps the last copy of each user's data it handed out; the
next update of that user replaces it before any handler sees it.)

Expiry
------
A consultation left unanswered for longer than ``ttl`` (``CONSULTATION_TTL_HOURS``, 24 h by default) is
abandoned: its last step is the later of its state's and its user's data's last write (each step changes one or
the other).  When its user comes back, the state and the draft (``user_data["c"]``, ``"outcome_for"``) are
dropped before the update is handled, and ``take_expired(user_id)`` says so during that update, for the bot to
tell the user.  A user who never comes back does not keep them forever: ``bot.delivery.expiry`` deletes the state and the
draft once the last step is older than the TTL plus a grace (``bot.delivery.expiry.GRACE``, 7 days) — within the grace a
returning user is still told their consultation expired; after it they simply start afresh.

Values
------
Everything stored must be plain JSON: ``dict`` with ``str`` keys, ``list``, ``str``, ``int``, ``float``
(finite), ``bool``, ``None`` (``IntEnum``/``StrEnum`` members are stored as their values, which compare equal).
A tuple, a set, a ``datetime``, an ``int`` dict key or any other object is refused with ``TypeError`` at write
time (PTB hands the error to the application's error handler) instead of coming back changed after a restart.
Conversation keys (tuples of ``int``/``str``) are stored as JSON arrays and given back as tuples; states must be
JSON values (the usual ``int``/``str`` states).  An empty ``user_data``/``chat_data`` deletes its row.

Durability
----------
Every ``update_*``/``drop_*`` call commits before it returns.  ``flush()`` has nothing left to write; it closes
the database if this object opened it.

But PTB itself calls ``update_*`` only from ``Application.update_persistence()``, which runs every
``update_interval`` seconds and at ``stop()``.  ``WriteThroughUpdateProcessor`` (below) writes each update's
changes as soon as the update has been handled, and is also what reads the conversation states first::

    persistence = StoragePersistence(database_url_from_env())
    processor = WriteThroughUpdateProcessor()
    app = (ApplicationBuilder().token(TOKEN).persistence(persistence)
           .concurrent_updates(processor).build())
    processor.attach(app)

After every update (handlers of all groups done, ``ApplicationHandlerStop`` included) it awaits
``app.update_persistence()``, which writes the conversation states, ``user_data`` and ``chat_data`` that update
touched; only then is the user's next update taken.  What stays covered only by the ``update_interval`` timer
(5 s by default): changes made by jobs and by ``block=False`` handlers still running.  The one window left: a
handler that has already replied to the user when the process dies, before the commit that follows it — the
user saw the reply, the state is the previous one, and the same step is asked again.  Unchanged data is not
rewritten, so the frequent runs cost one comparison.

The bot itself (``bot.handlers.app``) goes further: ``hold_writes()`` makes ``update_*`` only remember what PTB hands over,
and ``bot.delivery.lanes.FairUpdateProcessor`` writes one user's rows with the update marked handled in the ``updates``
table (``commit_update``), in one transaction — so a killed process handles an update again exactly when its state
was not written.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import os
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from telegram import Update
from telegram.ext import BasePersistence, BaseUpdateProcessor, ConversationHandler, PersistenceInput

from bot.storage import Storage, open_storage
from bot.storage.values import fits

if TYPE_CHECKING:
    from telegram.ext import Application
    from telegram.ext._utils.types import CDCData, ConversationDict, ConversationKey

_LOG = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_TTL",
    "DEFAULT_UPDATE_INTERVAL",
    "StoragePersistence",
    "StoredConversationHandler",
    "WriteThroughUpdateProcessor",
    "dumps_strict",
]

DEFAULT_UPDATE_INTERVAL: Final = 5.0
"""Seconds between PTB's background persistence runs; with ``WriteThroughUpdateProcessor`` only the changes
made outside updates (jobs, non-blocking handlers) wait for it."""
DEFAULT_TTL: Final = timedelta(hours=24)
DRAFT_KEYS: Final = ("c", "outcome_for")  # what an open consultation keeps in user_data

JSONDict = dict[str, Any]
_EMPTY: Final = "{}"


def _check_json(value: Any, path: str) -> None:
    if value is None or isinstance(value, (bool, int, str)):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"{path}: {value!r} is not a finite number; JSON cannot hold it")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(
                    f"{path}: key {key!r} is a {type(key).__name__}; JSON object keys are strings "
                    "(it would come back as a str after a restart)"
                )
            _check_json(item, f"{path}[{key!r}]")
        return
    if isinstance(value, list):
        for index, item in enumerate(value):
            _check_json(item, f"{path}[{index}]")
        return
    raise TypeError(
        f"{path}: a {type(value).__name__} cannot be stored as JSON unchanged "
        "(use dict with str keys, list, str, int, float, bool, None)"
    )


def dumps_strict(value: Any, what: str = "value") -> str:
    """JSON text for ``value``, or ``TypeError`` if it would not load back equal."""
    _check_json(value, what)
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


class StoragePersistence(BasePersistence[JSONDict, JSONDict, JSONDict]):
    """``BasePersistence`` on the bot's database (see the module notes for reading, expiry and durability).

    ``storage`` is an open ``Storage`` (shared with the rest of the bot; this object never closes it) or a
    database URL or SQLite path, opened on first use inside the application's event loop (with ``clock``) and
    closed by ``flush()``; ``await persistence.get_storage()`` gives it to the rest of the bot.
    """

    __slots__ = ("_clock", "_expired", "_held", "_open_lock", "_open_options", "_owns_storage", "_prefetched",
                 "_storage", "_url", "_written", "ttl")

    def __init__(
        self,
        storage: Storage | str | os.PathLike[str],
        *,
        store_data: PersistenceInput | None = None,
        update_interval: float = DEFAULT_UPDATE_INTERVAL,
        ttl: timedelta = DEFAULT_TTL,
        clock: Callable[[], datetime] | None = None,
        open_options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(store_data=store_data, update_interval=update_interval)
        self._open_options = dict(open_options or {})  # for the engine's ``open`` (a URL or path given)
        if isinstance(storage, str | os.PathLike):
            self._storage: Storage | None = None
            self._url: str | None = os.fspath(storage)
            self._owns_storage = True
        else:
            self._storage = storage
            self._url = None
            self._owns_storage = False
        if ttl <= timedelta(0):
            raise ValueError("the consultation's time to live must be positive")
        self.ttl = ttl
        self._clock = clock
        self._open_lock = asyncio.Lock()
        # digest of what the database held when this update read it, per row, until the update ends: data the
        # update left unchanged is not rewritten
        self._written: dict[tuple[str, Any], bytes] = {}
        self._expired: set[int] = set()  # users whose consultation expired at this update's read
        self._prefetched: dict[int, str] = {}  # user → its data as read with the update's states (this update only)
        # with hold_writes(): the user_data and conversation rows PTB handed over (JSON text, or None to delete),
        # by the user whose update commits them — a commit takes its own at once, however many other users'
        # updates are running (the whole None: written at once, PTB's usual way)
        self._held: dict[int | None, dict[tuple[str, Any], str | None]] | None = None

    def hold_writes(self) -> None:
        """From now on ``update_user_data``/``update_conversation`` only remember the data; ``commit_update``
        writes one user's rows, with the update marked handled, in one transaction.  PTB's own runs (its timer,
        ``stop()``) then never write a user's half-handled state."""
        self._held = {}

    async def get_storage(self) -> Storage:
        """The open storage (opening it if this persistence was given a URL or path)."""
        if self._storage is not None and not self._storage.closed:
            return self._storage
        async with self._open_lock:
            if self._storage is None or self._storage.closed:
                if self._url is None:
                    raise RuntimeError("the Storage given to StoragePersistence has been closed")
                options = dict(self._open_options) if self._clock is None else {**self._open_options,
                                                                                "clock": self._clock}
                self._storage = await open_storage(self._url, **options)
                self._written.clear()
        return self._storage

    # -------------------------------------------------------------------------------- user and chat data

    async def _read_row(self, kind: str, row_id: int, data: JSONDict, text: str | None = None) -> None:
        """Replace ``data`` (PTB's dict for this user or chat) with what the database holds now (``text``, when
        it was read a moment ago with the update's conversation states)."""
        if text is None:
            storage = await self.get_storage()
            text = await storage.get_ptb_data(kind, row_id) or _EMPTY
        self._written[(kind, row_id)] = _digest(text)
        data.clear()
        data.update(json.loads(text))

    async def _write_row(self, kind: str, row_id: int, data: Mapping[str, Any]) -> None:
        if not fits(row_id):  # a forged id no database can hold: nothing to keep
            return
        text = dumps_strict(dict(data), f"{kind}[{row_id}]")
        digest = _digest(text)
        if self._written.get((kind, row_id)) == digest:
            return
        storage = await self.get_storage()
        await storage.put_ptb_data(kind, row_id, text if data else None)
        self._written.pop((kind, row_id), None)  # known again at the next read

    async def _drop_row(self, kind: str, row_id: int) -> None:
        if not fits(row_id):
            return
        storage = await self.get_storage()
        await storage.put_ptb_data(kind, row_id, None)
        self._written.pop((kind, row_id), None)

    async def get_user_data(self) -> dict[int, JSONDict]:
        """Nothing at start-up: each update reads its user's data (``refresh_user_data``)."""
        return {}

    async def refresh_user_data(self, user_id: int, user_data: JSONDict) -> None:
        """Read the user's data fresh from the database, without the draft of a consultation that expired."""
        await self._read_row("user_data", int(user_id), user_data, self._prefetched.pop(int(user_id), None))
        if int(user_id) in self._expired:
            for key in DRAFT_KEYS:
                user_data.pop(key, None)

    async def update_user_data(self, user_id: int, data: JSONDict) -> None:
        if self._held is not None:
            text = dumps_strict(dict(data), f"user_data[{user_id}]")  # refused now, in the handler's update
            self._held.setdefault(int(user_id), {})[("user_data", int(user_id))] = text if data else None
            return
        await self._write_row("user_data", int(user_id), data)

    async def drop_user_data(self, user_id: int) -> None:
        if self._held is not None:
            self._held.setdefault(int(user_id), {})[("user_data", int(user_id))] = None
            return
        await self._drop_row("user_data", int(user_id))

    async def get_chat_data(self) -> dict[int, JSONDict]:
        """Nothing at start-up: each update reads its chat's data (``refresh_chat_data``)."""
        return {}

    async def refresh_chat_data(self, chat_id: int, chat_data: JSONDict) -> None:
        await self._read_row("chat_data", int(chat_id), chat_data)

    async def update_chat_data(self, chat_id: int, data: JSONDict) -> None:
        await self._write_row("chat_data", int(chat_id), data)

    async def drop_chat_data(self, chat_id: int) -> None:
        await self._drop_row("chat_data", int(chat_id))

    # ----------------------------------------------------------------------------- bot and callback data

    async def _get_store(self, name: str) -> Any:
        storage = await self.get_storage()
        text = await storage.get_ptb_store(name)
        if text is None:
            return None
        self._written[("store", name)] = _digest(text)
        return json.loads(text)

    async def _put_store(self, name: str, text: str) -> None:
        digest = _digest(text)
        if self._written.get(("store", name)) == digest:
            return
        storage = await self.get_storage()
        await storage.put_ptb_store(name, text)
        self._written[("store", name)] = digest

    async def get_bot_data(self) -> JSONDict:
        data = await self._get_store("bot_data")
        return data if isinstance(data, dict) else {}

    async def update_bot_data(self, data: JSONDict) -> None:
        await self._put_store("bot_data", dumps_strict(dict(data), "bot_data"))

    async def refresh_bot_data(self, bot_data: JSONDict) -> None:
        """Nothing to do: bot_data is one process's (the bot keeps nothing shared in it)."""

    async def get_callback_data(self) -> CDCData | None:
        data = await self._get_store("callback_data")
        if data is None:
            return None
        keyboards, button_data = data
        return [(str(uuid), float(stamp), dict(buttons)) for uuid, stamp, buttons in keyboards], dict(button_data)

    async def update_callback_data(self, data: CDCData) -> None:
        keyboards, button_data = data
        plain = [[uuid, stamp, dict(buttons)] for uuid, stamp, buttons in keyboards], dict(button_data)
        await self._put_store("callback_data", dumps_strict(list(plain), "callback_data"))

    # ------------------------------------------------------------------------------------ conversations

    async def get_conversations(self, name: str) -> ConversationDict:
        """Nothing at start-up: each update reads its own conversation state (``load_update``)."""
        return {}

    async def stored_conversations(self, name: str) -> ConversationDict:
        """Every state stored for one ConversationHandler (for tools and tests; the bot reads one at a time)."""
        storage = await self.get_storage()
        return {tuple(json.loads(key)): json.loads(state) for key, state in await storage.list_conversations(name)}

    async def load_update(
        self, user_id: int | None, conversations: list[tuple[str, ConversationKey]], *, prefetch: bool = True
    ) -> dict[tuple[str, ConversationKey], object]:
        """Read what one update needs in one statement: the stored states of its ``(name, key)`` conversations
        (returned) and, with ``prefetch``, its user's data (kept for this update's ``refresh_user_data``).

        A consultation whose last step — the later of its state's and its user's data's last write — is older
        than ``ttl`` has expired: its state is deleted and left out, and ``take_expired(user_id)`` says so.
        """
        wanted = [(name, key, _key_text(name, key)) for name, key in conversations
                  if all(fits(part) for part in key if isinstance(part, int))]
        storage = await self.get_storage()
        user, stored = await storage.read_ptb_state(user_id, [(name, text) for name, _key, text in wanted])
        now = self._clock() if self._clock is not None else storage.now()
        states: dict[tuple[str, ConversationKey], object] = {}
        for name, key, text in wanted:
            found = stored.get((name, text))
            if found is None:
                continue
            state, written = found
            last = max(written, user[1]) if user is not None else written
            if last <= now - self.ttl:
                await storage.put_conversation(name, text, None)
                if user_id is not None:
                    self._expired.add(int(user_id))
                _LOG.info("consultation %s %s expired (last step %s)", name, key, last.isoformat())
                continue
            states[(name, key)] = json.loads(state)
        if prefetch and user_id is not None and fits(int(user_id)):
            self._prefetched[int(user_id)] = user[0] if user is not None else _EMPTY
        return states

    async def put_states(self, update: object, handlers: list[StoredConversationHandler]) -> None:
        """Before ``update`` is handled: its conversation states and its user's data as the database holds them now
        (another worker may have moved them on), in place of what this process last saw — one read."""
        user = update.effective_user if isinstance(update, Update) else None
        keyed = [(h, key) for h in handlers if h.name is not None and (key := h.key_of(update)) is not None]
        states = await self.load_update(user.id if user else None, [(str(h.name), key) for h, key in keyed])
        for h, key in keyed:
            h.put_state(key, states.get((str(h.name), key)))

    def end_update(self, user_id: int | None) -> None:
        """Forget what was read for the update of ``user_id`` (it is read again for the next one)."""
        if user_id is not None:
            self._prefetched.pop(int(user_id), None)
            self._expired.discard(int(user_id))
            self._written.pop(("user_data", int(user_id)), None)

    async def read_conversation(self, name: str, key: ConversationKey, user_id: int | None) -> object | None:
        """The state stored for ``key``, or ``None`` (none, or it expired: see ``load_update``)."""
        return (await self.load_update(user_id, [(name, key)], prefetch=False)).get((name, key))

    def take_expired(self, user_id: int) -> bool:
        """Whether this update found the user's consultation expired (``True`` once per expiry)."""
        if int(user_id) in self._expired:
            self._expired.discard(int(user_id))
            return True
        return False

    async def update_conversation(self, name: str, key: ConversationKey, new_state: object | None) -> None:
        if not all(fits(part) for part in key if isinstance(part, int)):
            return
        key_text = _key_text(name, key)
        if self._held is not None:
            state = None if new_state is None else dumps_strict(new_state, f"conversation {name!r} state")
            owner = next((part for part in reversed(key) if isinstance(part, int)), None)
            self._held.setdefault(owner, {})[("conversation", (name, key_text))] = state
            return
        storage = await self.get_storage()
        if new_state is None:
            await storage.put_conversation(name, key_text, None)
            return
        await storage.put_conversation(name, key_text, dumps_strict(new_state, f"conversation {name!r} state"))

    # ------------------------------------------------------------------------------ one update, one commit

    async def commit_update(self, user_id: int | None, handled: Sequence[int] = (),
                            dropped: Sequence[int] = ()) -> None:
        """Write the held rows of ``user_id`` (its ``user_data`` and the conversations whose key ends with it)
        and mark the updates ``handled``/``dropped`` in ``updates`` — one transaction, so after a crash either
        the update's state and its mark are both there (it is not handled again) or neither is (it is).

        The caller guarantees the user has no other update running (``bot.delivery.lanes``): what is held for them is
        exactly this update's outcome."""
        held = self._held if self._held is not None else {}
        mine = held.pop(user_id, {}) if user_id is not None else {}
        users: list[tuple[int, str | None]] = []
        conversations: list[tuple[str, str, str | None]] = []
        for (kind, ident), text in mine.items():
            if kind == "user_data":
                if text is None or self._written.get((kind, ident)) != _digest(text):
                    users.append((ident, text))
            else:
                conversations.append((ident[0], ident[1], text))
        storage = await self.get_storage()
        try:
            await storage.commit_update(users, conversations, handled, dropped)
        except BaseException:
            for key, text in mine.items():  # kept for the user's next commit, unless newer data came meanwhile
                held.setdefault(user_id, {}).setdefault(key, text)
            raise
        for row_id, _text in users:
            self._written.pop(("user_data", row_id), None)  # known again at the next read

    def discard_update(self, user_id: int | None) -> None:
        """Forget the rows held for ``user_id``: their update was not answered (``bot.delivery.lanes``), it stays pending
        and is handled again from what the database holds."""
        if self._held is not None:
            self._held.pop(user_id, None)
        if user_id is not None:
            self._written.pop(("user_data", int(user_id)), None)

    # ----------------------------------------------------------------------------------------------- end

    async def flush(self) -> None:
        """Every change is already committed; close the database if this persistence opened it."""
        if self._owns_storage and self._storage is not None:
            storage, self._storage = self._storage, None
            await storage.close()
            self._written.clear()


def _key_text(name: str, key: ConversationKey) -> str:
    if not isinstance(key, tuple) or not all(
        isinstance(part, str) or (isinstance(part, int) and not isinstance(part, bool)) for part in key
    ):
        raise TypeError(f"conversation {name!r} key must be a tuple of int and str, not {key!r}")
    return dumps_strict(list(key), f"conversation {name!r} key")


class StoredConversationHandler(ConversationHandler[Any]):
    """A persistent ``ConversationHandler`` whose states live in the database rather than in the process: the
    processor reads the state of an update's key before the update (``put_state``) and forgets it once the
    update's changes are written (``forget_state``).  Use it with ``StoragePersistence`` and
    ``WriteThroughUpdateProcessor``; ``persistent=True`` and a ``name`` are required, as PTB's."""

    def key_of(self, update: object) -> ConversationKey | None:
        """The conversation key of ``update``, or ``None`` for an update this handler never takes."""
        if not isinstance(update, Update):
            return None
        if (self.per_chat and update.effective_chat is None) or (self.per_user and update.effective_user is None):
            return None
        if self.per_message and not update.callback_query:
            return None
        if update.callback_query and self.per_chat and not update.callback_query.message:
            return None
        return self._get_key(update)

    def put_state(self, key: ConversationKey, state: object | None) -> None:
        """Hold the stored state of ``key`` (``None``: no conversation) in place of whatever this process held."""
        held = _untracked(self._conversations)
        if state is None:
            held.pop(key, None)
        else:
            held[key] = state

    def forget_state(self, update: object) -> None:
        """Drop the key's state from memory once it is written (a non-blocking step still running keeps it)."""
        key = self.key_of(update)
        if key is None:
            return
        held = _untracked(self._conversations)
        if _is_json(held.get(key)):
            held.pop(key, None)


def _untracked(conversations: Any) -> dict[Any, Any]:
    """The plain dict under PTB's ``TrackingDict`` (a ``UserDict``): changing it records no write, so nothing
    read or forgotten here is written back as a change."""
    data = getattr(conversations, "data", conversations)
    assert isinstance(data, dict)
    return data


def _is_json(value: object) -> bool:
    return value is None or isinstance(value, int | str | float | list | dict)


async def read_states(persistence: object, update: object, handlers: list[StoredConversationHandler],
                      coroutine: Awaitable[Any]) -> None:
    """Before ``update`` is handled, its states as the database holds them (``StoragePersistence.put_states``);
    if that read fails the update's handling coroutine is closed unrun, and the error goes to the caller."""
    try:
        if isinstance(persistence, StoragePersistence):
            await persistence.put_states(update, handlers)
    except BaseException:
        if asyncio.iscoroutine(coroutine):
            coroutine.close()
        raise


def _stored_conversations(application: Application[Any, Any, Any, Any, Any, Any]) -> list[StoredConversationHandler]:
    return [h for group in application.handlers.values() for h in group if isinstance(h, StoredConversationHandler)]


class WriteThroughUpdateProcessor(BaseUpdateProcessor):
    """Processes each update, then writes what it changed to the persistence before returning.

    ``max_concurrent_updates=1`` (the default) keeps PTB's usual one-update-at-a-time order, so an update's
    state is on disk before the next update is handled.  ``attach(app)`` after ``build()``.
    """

    __slots__ = ("_application", "_warned")

    def __init__(self, max_concurrent_updates: int = 1) -> None:
        super().__init__(max_concurrent_updates)
        self._application: Application[Any, Any, Any, Any, Any, Any] | None = None
        self._warned = False

    def attach(self, application: Application[Any, Any, Any, Any, Any, Any]) -> None:
        self._application = application

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        app = self._application
        if app is None and not self._warned:
            self._warned = True
            _LOG.warning("WriteThroughUpdateProcessor is not attached: call processor.attach(app)")
        handlers = _stored_conversations(app) if app is not None else []
        persistence = app.persistence if app is not None else None
        user = update.effective_user if isinstance(update, Update) else None
        user_id = user.id if user is not None else None
        await read_states(persistence, update, handlers, coroutine)
        try:
            await coroutine
        finally:
            if app is not None and persistence is not None:
                # process_update has marked the update's user and chat (also after ApplicationHandlerStop or
                # an error in a blocking handler); this writes them and the conversation states it changed.
                await app.update_persistence()
                for handler in handlers:
                    handler.forget_state(update)
                if isinstance(persistence, StoragePersistence):
                    persistence.end_update(user_id)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""
