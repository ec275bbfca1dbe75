"""``telegram.ext`` persistence in the bot's SQLite database, so a restart resumes every open consultation.

``SQLitePersistence`` keeps ``user_data``, ``chat_data``, ``bot_data``, ``callback_data`` and the states of every
``ConversationHandler(persistent=True, name=...)`` in its own tables (``ptb_*``, schema version 2 of
``bot.storage``), as JSON text — never pickle.

Values
------
Everything stored must be plain JSON: ``dict`` with ``str`` keys, ``list``, ``str``, ``int``, ``float``
(finite), ``bool``, ``None`` (``IntEnum``/``StrEnum`` members are stored as their values, which compare equal).
A tuple, a set, a ``datetime``, an ``int`` dict key or any other object is refused with ``TypeError`` at write
time (PTB hands the error to the application's error handler) instead of coming back changed after a restart.
Conversation keys (tuples of ``int``/``str``) are stored as JSON arrays and given back as tuples; states must be
JSON values (the usual ``int``/``str`` states).  ``user_data``/``chat_data``/``bot_data`` are plain ``dict`` s
(the default ``ContextTypes``).  An empty ``user_data``/``chat_data`` deletes its row.

Durability
----------
Every ``update_*``/``drop_*`` call commits before it returns (``synchronous=FULL``: on disk, so it survives
SIGKILL and power loss).  ``flush()`` has nothing left to write; it closes the database if this object opened it.

But PTB itself calls ``update_*`` only from ``Application.update_persistence()``, which runs every
``update_interval`` seconds and at ``stop()``.  A process killed between two tosses would lose up to one
interval.  To write each update's changes as soon as the update has been handled, build the application with
``WriteThroughUpdateProcessor``::

    persistence = SQLitePersistence(database_path_from_env())
    processor = WriteThroughUpdateProcessor()
    app = (ApplicationBuilder().token(TOKEN).persistence(persistence)
           .concurrent_updates(processor).build())
    processor.attach(app)

After every update (handlers of all groups done, ``ApplicationHandlerStop`` included) it awaits
``app.update_persistence()``, which writes the conversation states, ``user_data`` and ``chat_data`` that update
touched; only then is the next update taken (with ``max_concurrent_updates=1``).  What stays covered only by the
``update_interval`` timer (5 s by default): changes made by jobs, by ``block=False`` handlers still running,
and by conversation timeouts.  The one window left: a handler that has already replied to the user when the
process dies, before the commit that follows it — the user saw the reply, the state is the previous one, and
the same step is asked again.

The bot itself (``bot.app``) goes further: ``hold_writes()`` makes ``update_*`` only remember what PTB hands over,
and ``bot.lanes.FairUpdateProcessor`` writes one user's rows with the update marked handled in the ``updates``
table (``commit_update``), in one transaction — so a killed process handles an update again exactly when its state
was not written.  Unchanged ``bot_data``/``callback_data``/``user_data`` is not rewritten, so the
frequent runs cost one comparison.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import os
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from telegram.ext import BasePersistence, BaseUpdateProcessor, PersistenceInput

from bot.storage import Storage, format_utc

if TYPE_CHECKING:
    from telegram.ext import Application
    from telegram.ext._utils.types import CDCData, ConversationDict, ConversationKey

_LOG = logging.getLogger(__name__)

__all__ = ["DEFAULT_UPDATE_INTERVAL", "SQLitePersistence", "WriteThroughUpdateProcessor", "dumps_strict"]

DEFAULT_UPDATE_INTERVAL: Final = 5.0
"""Seconds between PTB's background persistence runs; with ``WriteThroughUpdateProcessor`` only the changes
made outside updates (jobs, non-blocking handlers, conversation timeouts) wait for it."""

JSONDict = dict[str, Any]
_SQLITE_MAX: Final = 2**63 - 1


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


class SQLitePersistence(BasePersistence[JSONDict, JSONDict, JSONDict]):
    """``BasePersistence`` on the bot's SQLite database (see the module notes for values and durability).

    ``storage`` is an open ``Storage`` (shared with the rest of the bot; this object never closes it) or a path,
    opened on first use inside the application's event loop and closed by ``flush()``; ``await
    persistence.get_storage()`` gives it to the rest of the bot.
    """

    __slots__ = ("_held", "_open_lock", "_owns_storage", "_path", "_storage", "_written")

    def __init__(
        self,
        storage: Storage | str | os.PathLike[str],
        *,
        store_data: PersistenceInput | None = None,
        update_interval: float = DEFAULT_UPDATE_INTERVAL,
    ) -> None:
        super().__init__(store_data=store_data, update_interval=update_interval)
        if isinstance(storage, Storage):
            self._storage: Storage | None = storage
            self._path: str | None = None
            self._owns_storage = False
        else:
            self._storage = None
            self._path = os.fspath(storage)
            self._owns_storage = True
        self._open_lock = asyncio.Lock()
        # digest of what the database holds, per row, to skip rewriting unchanged data
        self._written: dict[tuple[str, Any], bytes] = {}
        # with hold_writes(): the user_data and conversation rows PTB handed over, kept until their user's
        # update commits them (None: written at once, PTB's usual way)
        self._held: dict[tuple[str, Any], _Held] | None = None

    def hold_writes(self) -> None:
        """From now on ``update_user_data``/``update_conversation`` only remember the data; ``commit_update``
        writes one user's rows, with the update marked handled, in one transaction.  PTB's own runs (its timer,
        ``stop()``) then never write a user's half-handled state."""
        self._held = {}

    async def get_storage(self) -> Storage:
        """The open storage (opening it if this persistence was given a path)."""
        if self._storage is not None and not self._storage.closed:
            return self._storage
        async with self._open_lock:
            if self._storage is None or self._storage.closed:
                if self._path is None:
                    raise RuntimeError("the Storage given to SQLitePersistence has been closed")
                self._storage = await Storage.open(self._path)
                self._written.clear()
        return self._storage

    def _now(self, storage: Storage) -> str:
        return format_utc(storage.now())

    # -------------------------------------------------------------------------------- user and chat data

    async def _load_table(self, table: str, id_column: str, kind: str) -> dict[int, JSONDict]:
        storage = await self.get_storage()
        out: dict[int, JSONDict] = {}
        for row in await storage.fetchall(f"SELECT {id_column}, data FROM {table}"):
            out[int(row[0])] = json.loads(row[1])
            self._written[(kind, int(row[0]))] = _digest(row[1])
        return out

    async def _write_row(self, table: str, id_column: str, kind: str, row_id: int, data: Mapping[str, Any]) -> None:
        if not -_SQLITE_MAX - 1 <= row_id <= _SQLITE_MAX:  # a forged id SQLite cannot hold: nothing to keep
            return
        text = dumps_strict(dict(data), f"{kind}[{row_id}]")
        digest = _digest(text)
        if self._written.get((kind, row_id)) == digest:
            return
        storage = await self.get_storage()
        async with storage.transaction() as db:
            if data:
                await db.execute(
                    f"INSERT INTO {table} ({id_column}, data, updated_at) VALUES (?, ?, ?) "
                    f"ON CONFLICT ({id_column}) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                    (row_id, text, self._now(storage)),
                )
            else:
                await db.execute(f"DELETE FROM {table} WHERE {id_column} = ?", (row_id,))
        self._written[(kind, row_id)] = digest

    async def _drop_row(self, table: str, id_column: str, kind: str, row_id: int) -> None:
        if not -_SQLITE_MAX - 1 <= row_id <= _SQLITE_MAX:
            return
        storage = await self.get_storage()
        async with storage.transaction() as db:
            await db.execute(f"DELETE FROM {table} WHERE {id_column} = ?", (row_id,))
        self._written.pop((kind, row_id), None)

    async def get_user_data(self) -> dict[int, JSONDict]:
        return await self._load_table("ptb_user_data", "user_id", "user_data")

    async def update_user_data(self, user_id: int, data: JSONDict) -> None:
        if self._held is not None:
            text = dumps_strict(dict(data), f"user_data[{user_id}]")  # refused now, in the handler's update
            self._held[("user_data", int(user_id))] = _Held(int(user_id), text if data else None)
            return
        await self._write_row("ptb_user_data", "user_id", "user_data", int(user_id), data)

    async def drop_user_data(self, user_id: int) -> None:
        if self._held is not None:
            self._held[("user_data", int(user_id))] = _Held(int(user_id), None)
            return
        await self._drop_row("ptb_user_data", "user_id", "user_data", int(user_id))

    async def refresh_user_data(self, user_id: int, user_data: JSONDict) -> None:
        """Nothing to do: this process is the only writer, so the data in memory is current."""

    async def get_chat_data(self) -> dict[int, JSONDict]:
        return await self._load_table("ptb_chat_data", "chat_id", "chat_data")

    async def update_chat_data(self, chat_id: int, data: JSONDict) -> None:
        await self._write_row("ptb_chat_data", "chat_id", "chat_data", int(chat_id), data)

    async def drop_chat_data(self, chat_id: int) -> None:
        await self._drop_row("ptb_chat_data", "chat_id", "chat_data", int(chat_id))

    async def refresh_chat_data(self, chat_id: int, chat_data: JSONDict) -> None:
        """Nothing to do (see ``refresh_user_data``)."""

    # ----------------------------------------------------------------------------- bot and callback data

    async def _get_store(self, name: str) -> Any:
        storage = await self.get_storage()
        row = await storage.fetchone("SELECT data FROM ptb_store WHERE name = ?", (name,))
        if row is None:
            return None
        self._written[("store", name)] = _digest(row[0])
        return json.loads(row[0])

    async def _put_store(self, name: str, text: str) -> None:
        digest = _digest(text)
        if self._written.get(("store", name)) == digest:
            return
        storage = await self.get_storage()
        async with storage.transaction() as db:
            await db.execute(
                "INSERT INTO ptb_store (name, data, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                (name, text, self._now(storage)),
            )
        self._written[("store", name)] = digest

    async def get_bot_data(self) -> JSONDict:
        data = await self._get_store("bot_data")
        return data if isinstance(data, dict) else {}

    async def update_bot_data(self, data: JSONDict) -> None:
        await self._put_store("bot_data", dumps_strict(dict(data), "bot_data"))

    async def refresh_bot_data(self, bot_data: JSONDict) -> None:
        """Nothing to do (see ``refresh_user_data``)."""

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
        storage = await self.get_storage()
        rows = await storage.fetchall("SELECT key, state FROM ptb_conversations WHERE name = ?", (name,))
        return {tuple(json.loads(key)): json.loads(state) for key, state in rows}

    async def update_conversation(self, name: str, key: ConversationKey, new_state: object | None) -> None:
        if not isinstance(key, tuple) or not all(
            isinstance(part, str) or (isinstance(part, int) and not isinstance(part, bool)) for part in key
        ):
            raise TypeError(f"conversation {name!r} key must be a tuple of int and str, not {key!r}")
        key_text = dumps_strict(list(key), f"conversation {name!r} key")
        if self._held is not None:
            state = None if new_state is None else dumps_strict(new_state, f"conversation {name!r} state")
            owner = next((part for part in reversed(key) if isinstance(part, int)), None)
            self._held[("conversation", (name, key_text))] = _Held(owner, state)
            return
        storage = await self.get_storage()
        if new_state is None:
            async with storage.transaction() as db:
                await db.execute("DELETE FROM ptb_conversations WHERE name = ? AND key = ?", (name, key_text))
            return
        state_text = dumps_strict(new_state, f"conversation {name!r} state")
        async with storage.transaction() as db:
            await db.execute(
                "INSERT INTO ptb_conversations (name, key, state, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (name, key) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
                (name, key_text, state_text, self._now(storage)),
            )

    # ------------------------------------------------------------------------------ one update, one commit

    async def commit_update(self, user_id: int | None, handled: Sequence[int] = (),
                            dropped: Sequence[int] = ()) -> None:
        """Write the held rows of ``user_id`` (its ``user_data`` and the conversations whose key ends with it)
        and mark the updates ``handled``/``dropped`` in ``updates`` — one transaction, so after a crash either
        the update's state and its mark are both there (it is not handled again) or neither is (it is).

        The caller guarantees the user has no other update running (``bot.lanes``): what is held for them is
        exactly this update's outcome."""
        held = self._held if self._held is not None else {}
        mine = {key: row for key, row in held.items() if user_id is not None and row.owner == user_id}
        for key in mine:
            del held[key]
        storage = await self.get_storage()
        now = self._now(storage)
        try:
            async with storage.transaction() as db:
                for (kind, ident), row in mine.items():
                    await self._write_held(db, kind, ident, row, now)
                for outcome, ids in (("handled", handled), ("dropped", dropped)):
                    for update_id in ids:
                        await db.execute("UPDATE updates SET handled_at = ?, outcome = ?, body = NULL "
                                         "WHERE update_id = ? AND handled_at IS NULL", (now, outcome, update_id))
        except BaseException:
            for key, row in mine.items():  # kept for the user's next commit, unless newer data came meanwhile
                held.setdefault(key, row)
            raise
        for (kind, ident), row in mine.items():
            if kind == "user_data":
                if row.text is None:
                    self._written.pop((kind, ident), None)
                else:
                    self._written[(kind, ident)] = _digest(row.text)

    async def _write_held(self, db: Any, kind: str, ident: Any, row: _Held, now: str) -> None:
        if kind == "user_data":
            if not -_SQLITE_MAX - 1 <= ident <= _SQLITE_MAX:
                return
            if row.text is None:
                await db.execute("DELETE FROM ptb_user_data WHERE user_id = ?", (ident,))
            elif self._written.get((kind, ident)) != _digest(row.text):
                await db.execute(
                    "INSERT INTO ptb_user_data (user_id, data, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) "
                    "DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at", (ident, row.text, now))
            return
        name, key_text = ident
        if row.text is None:
            await db.execute("DELETE FROM ptb_conversations WHERE name = ? AND key = ?", (name, key_text))
        else:
            await db.execute(
                "INSERT INTO ptb_conversations (name, key, state, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (name, key) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
                (name, key_text, row.text, now))

    # ----------------------------------------------------------------------------------------------- end

    async def flush(self) -> None:
        """Every change is already committed; close the database if this persistence opened it."""
        if self._owns_storage and self._storage is not None:
            storage, self._storage = self._storage, None
            await storage.close()
            self._written.clear()


@dataclass(frozen=True, slots=True)
class _Held:
    """A row PTB handed over, waiting for its user's commit: JSON text, or None to delete it."""

    owner: int | None
    text: str | None


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
        try:
            await coroutine
        finally:
            app = self._application
            if app is None:
                if not self._warned:
                    self._warned = True
                    _LOG.warning("WriteThroughUpdateProcessor is not attached: call processor.attach(app)")
            elif app.persistence is not None:
                # process_update has marked the update's user and chat (also after ApplicationHandlerStop or
                # an error in a blocking handler); this writes them and the conversation states it changed.
                await app.update_persistence()

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""
