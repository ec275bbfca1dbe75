"""bot.storage.persistence: PTB's data and conversation states in the database (SQLite and PostgreSQL), read fresh for
every update, surviving restarts and SIGKILL.

The Application tests run a real ``telegram.ext.Application`` offline: a fake request object answers the Bot API
(``getMe``, ``sendMessage``), and updates are put on the application's queue as polling would.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from datetime import UTC, datetime, timedelta
from enum import IntEnum
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from telegram import Update
from telegram.ext import (
    Application,
    ApplicationBuilder,
    ApplicationHandlerStop,
    CommandHandler,
    ContextTypes,
    ConversationHandler,
    MessageHandler,
    PersistenceInput,
    TypeHandler,
    filters,
)
from telegram.request import BaseRequest, RequestData

from bot.storage import SQLStorage, open_storage
from bot.storage.persistence import (
    StoragePersistence,
    StoredConversationHandler,
    WriteThroughUpdateProcessor,
    dumps_strict,
)

REPO = Path(__file__).resolve().parents[1]
CHAT, USER = 555, 777
KEY = (CHAT, USER)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2025, 3, 9, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest_asyncio.fixture
async def storage(database_url: str):
    store = await open_storage(database_url, clock=Clock())
    try:
        yield store
    finally:
        await store.close()


# ------------------------------------------------------------------------------------- the persistence API


async def user_data_of(persistence: StoragePersistence, user_id: int) -> dict[str, Any]:
    """What an update of ``user_id`` would see: PTB's refresh of its user_data."""
    data: dict[str, Any] = {"left over": "from an earlier update"}
    await persistence.refresh_user_data(user_id, data)
    return data


@pytest.mark.asyncio
async def test_everything_round_trips_through_a_new_instance(database_url: str) -> None:
    first = StoragePersistence(database_url)
    # nothing is loaded at start-up, whatever the database holds
    assert await first.get_user_data() == {} and await first.get_chat_data() == {}
    assert await first.get_bot_data() == {} and await first.get_callback_data() is None
    assert await first.get_conversations("cast") == {}

    user = {"tosses": [3, 1, 2], "lang": "ko", "draft": {"question": "이사?", "topic": None, "n": 2.5, "ok": True}}
    await first.update_user_data(USER, user)
    await first.update_chat_data(CHAT, {"last_menu": 12})
    await first.update_bot_data({"broadcast": {"last_run": "2025-03-09"}})
    await first.update_callback_data(([("kb-uuid", 1700000000.25, {"btn1": {"a": 1}})], {"cbq-id": "kb-uuid"}))
    await first.update_conversation("cast", (CHAT, USER), 4)
    await first.update_conversation("cast", (-100123, USER), "ASK_TOPIC")
    await first.update_conversation("inline", ("AgAAAB-inline", 9), 1)
    await first.update_conversation("settings", (CHAT,), 2)
    await first.flush()

    second = StoragePersistence(database_url)
    assert await second.get_user_data() == {} and await second.get_conversations("cast") == {}
    assert await user_data_of(second, USER) == user
    chat: dict[str, Any] = {}
    await second.refresh_chat_data(CHAT, chat)
    assert chat == {"last_menu": 12}
    assert await second.get_bot_data() == {"broadcast": {"last_run": "2025-03-09"}}
    assert await second.get_callback_data() == ([("kb-uuid", 1700000000.25, {"btn1": {"a": 1}})], {"cbq-id": "kb-uuid"})
    cast = await second.stored_conversations("cast")
    assert cast == {(CHAT, USER): 4, (-100123, USER): "ASK_TOPIC"}
    assert all(type(key) is tuple for key in cast)
    assert await second.read_conversation("cast", (CHAT, USER), USER) == 4
    assert await second.read_conversation("inline", ("AgAAAB-inline", 9), 9) == 1
    assert await second.read_conversation("settings", (CHAT,), None) == 2
    assert await second.read_conversation("other", (CHAT, USER), USER) is None

    # a finished conversation (PTB passes None) and dropped data disappear
    await second.update_conversation("cast", (CHAT, USER), None)
    await second.drop_user_data(USER)
    await second.drop_chat_data(CHAT)
    await second.flush()
    third = StoragePersistence(database_url)
    assert await third.stored_conversations("cast") == {(-100123, USER): "ASK_TOPIC"}
    assert await user_data_of(third, USER) == {}
    await third.flush()


class Step(IntEnum):
    TOPIC = 1
    TOSS = 2


@pytest.mark.asyncio
async def test_enum_states_are_stored_as_their_values(storage: SQLStorage) -> None:
    persistence = StoragePersistence(storage)
    await persistence.update_conversation("cast", KEY, Step.TOSS)
    states = await StoragePersistence(storage).stored_conversations("cast")
    assert states == {KEY: Step.TOSS} and states[KEY] == 2


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "data",
    [
        {"tosses": (1, 2)},  # a tuple would come back as a list
        {1: "int key"},  # would come back as "1"
        {"when": datetime(2025, 1, 1)},
        {"x": float("nan")},
        {"s": {1, 2}},
        {"nested": [{"ok": 1}, {2: "bad"}]},
    ],
)
async def test_values_that_would_not_come_back_equal_are_refused(storage: SQLStorage, data: dict) -> None:
    persistence = StoragePersistence(storage)
    with pytest.raises(TypeError):
        await persistence.update_user_data(USER, data)
    with pytest.raises(TypeError):
        await persistence.update_bot_data(data)
    assert await user_data_of(persistence, USER) == {} and await persistence.get_bot_data() == {}
    with pytest.raises(TypeError):
        await persistence.update_conversation("cast", KEY, data)
    with pytest.raises(TypeError):
        await persistence.update_conversation("cast", (CHAT, 1.5), 1)  # type: ignore[arg-type]
    assert await persistence.stored_conversations("cast") == {}


def test_dumps_strict_names_the_offending_path() -> None:
    with pytest.raises(TypeError, match=r"user_data\['a'\]\[1\]"):
        dumps_strict({"a": [1, (2,)]}, "user_data")
    assert dumps_strict({"한": [1, 2.5, None, True]}) == '{"한":[1,2.5,null,true]}'


@pytest.mark.asyncio
async def test_empty_data_deletes_its_row_and_unchanged_data_is_not_rewritten(storage: SQLStorage) -> None:
    persistence = StoragePersistence(storage)
    stamp = "SELECT updated_at FROM ptb_user_data WHERE user_id = :id"
    await persistence.update_user_data(USER, {"a": 1})
    assert await user_data_of(persistence, USER) == {"a": 1}  # an update reads it …
    first = tuple(await storage.fetchone(stamp, {"id": USER}))
    storage._clock.now += timedelta(minutes=1)  # type: ignore[attr-defined]
    await persistence.update_user_data(USER, {"a": 1})  # … and writes it back unchanged: no write
    await persistence.update_bot_data({})
    await persistence.update_bot_data({})
    assert tuple(await storage.fetchone(stamp, {"id": USER})) == first
    await persistence.update_user_data(USER, {"a": 2})
    assert tuple(await storage.fetchone(stamp, {"id": USER})) != first
    await persistence.update_user_data(USER, {})
    assert await storage.fetchall("SELECT * FROM ptb_user_data") == []
    # another process's instance reads what is in the database, and writes what differs from it
    other = StoragePersistence(storage)
    assert await user_data_of(other, USER) == {}
    await other.update_user_data(USER, {"b": 1})
    assert await user_data_of(persistence, USER) == {"b": 1}  # the first instance sees it at its next read
    await persistence.update_user_data(USER, {"a": 1})  # and its old digest of {"a": 1} does not hide this write
    assert await user_data_of(other, USER) == {"a": 1}


@pytest.mark.asyncio
async def test_ids_no_database_holds_are_neither_read_nor_written(storage: SQLStorage) -> None:
    persistence = StoragePersistence(storage)
    huge = 2**63
    await persistence.update_user_data(huge, {"x": 1})
    await persistence.update_conversation("cast", (huge, huge), 2)
    assert await persistence.read_conversation("cast", (huge, huge), huge) is None
    assert await storage.fetchall("SELECT * FROM ptb_user_data") == []
    assert await storage.fetchall("SELECT * FROM ptb_conversations") == []
    await persistence.update_user_data(2**63 - 1, {"x": 1})  # the largest that fits is kept
    assert await user_data_of(persistence, 2**63 - 1) == {"x": 1}


@pytest.mark.asyncio
async def test_shared_storage_is_not_closed_by_flush_but_an_owned_one_is(tmp_path: Path, storage: SQLStorage) -> None:
    shared = StoragePersistence(storage)
    assert await shared.get_storage() is storage
    await shared.flush()
    assert not storage.closed

    owned = StoragePersistence(tmp_path / "nested" / "own.sqlite3")
    opened = await owned.get_storage()
    assert (tmp_path / "nested" / "own.sqlite3").exists()
    await owned.update_user_data(1, {"x": 1})
    await owned.flush()
    assert opened.closed
    assert await user_data_of(owned, 1) == {"x": 1}  # reopened on use
    await owned.flush()


@pytest.mark.asyncio
async def test_concurrent_updates_as_ptb_gathers_them(storage: SQLStorage) -> None:
    persistence = StoragePersistence(storage)
    await asyncio.gather(
        *(persistence.update_user_data(u, {"n": u}) for u in range(200)),
        *(persistence.update_conversation("cast", (u, u), u % 6 + 1) for u in range(200)),
        persistence.update_bot_data({"x": 1}),
    )
    fresh = StoragePersistence(storage)
    assert [await user_data_of(fresh, u) for u in range(200)] == [{"n": u} for u in range(200)]
    assert len(await fresh.stored_conversations("cast")) == 200


@pytest.mark.asyncio
async def test_an_abandoned_consultation_expires_when_its_user_comes_back(storage: SQLStorage) -> None:
    clock = storage._clock  # type: ignore[attr-defined]
    persistence = StoragePersistence(storage, ttl=timedelta(hours=24))
    await persistence.update_user_data(USER, {"c": {"state": 5, "tosses": [1]}, "outcome_for": 3, "keep": 1})
    await persistence.update_conversation("cast", KEY, 5)
    await persistence.update_conversation("cast", (1, 1), 2)

    clock.now += timedelta(hours=23, minutes=59)  # not yet
    assert await persistence.read_conversation("cast", KEY, USER) == 5
    assert not persistence.take_expired(USER)
    await persistence.update_conversation("cast", KEY, 6)  # a step taken: the day starts again
    clock.now += timedelta(hours=24)
    assert await persistence.read_conversation("cast", KEY, USER) is None  # expired: dropped …
    assert await user_data_of(persistence, USER) == {"keep": 1}  # … with its draft, the rest kept
    assert persistence.take_expired(USER) and not persistence.take_expired(USER)  # said once
    assert await persistence.stored_conversations("cast") == {(1, 1): 2}  # another user's waits for its user
    assert await persistence.read_conversation("cast", KEY, USER) is None
    assert not persistence.take_expired(USER)
    with pytest.raises(ValueError):
        StoragePersistence(storage, ttl=timedelta(0))


# --------------------------------------------------------------------------------- a real Application, offline


class FakeBotAPI(BaseRequest):
    """Answers the Bot API without a network: getMe, sendMessage, and True for the rest."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self._message_id = 1000

    @property
    def read_timeout(self) -> float | None:
        return 1.0

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None, *args: Any,
                         **kwargs: Any) -> tuple[int, bytes]:
        endpoint = url.rsplit("/", 1)[-1]
        params = request_data.parameters if request_data else {}
        result: Any = True
        if endpoint == "getMe":
            result = {"id": 123456, "is_bot": True, "first_name": "Liuyao", "username": "liuyao_test_bot"}
        elif endpoint == "sendMessage":
            self._message_id += 1
            self.sent.append(str(params["text"]))
            result = {"message_id": self._message_id, "date": 1741521600, "text": params["text"],
                      "chat": {"id": int(params["chat_id"]), "type": "private"}}
        return 200, json.dumps({"ok": True, "result": result}).encode()


async def start_cast(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    context.user_data["tosses"] = []
    await update.effective_message.reply_text("toss 1")
    return 1


async def toss(update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
    tosses = context.user_data["tosses"]
    tosses.append(int(update.effective_message.text))
    if len(tosses) == 6:
        await update.effective_message.reply_text("cast: " + "".join(str(6 + t) for t in tosses))
        return ConversationHandler.END
    await update.effective_message.reply_text(f"toss {len(tosses) + 1}")
    return len(tosses) + 1


async def note_and_stop(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A group -1 handler that changes user_data and ends the update's handling."""
    if update.effective_message and update.effective_message.text == "/stop":
        context.user_data["stopped"] = True
        raise ApplicationHandlerStop


def build_app(path: str | Path, *, write_through: bool = True, update_interval: float = 3600) -> Application:
    """The bot's shape in miniature: a persistent consultation that asks for six tosses."""
    persistence = StoragePersistence(path, update_interval=update_interval,
                                     store_data=PersistenceInput(callback_data=False))
    builder = (ApplicationBuilder().token("123456:TEST").request(FakeBotAPI()).get_updates_request(FakeBotAPI())
               .persistence(persistence))
    processor = WriteThroughUpdateProcessor() if write_through else None
    if processor is not None:
        builder = builder.concurrent_updates(processor)
    app = builder.build()
    if processor is not None:
        processor.attach(app)
    app.add_handler(StoredConversationHandler(
        entry_points=[CommandHandler("cast", start_cast)],
        states={n: [MessageHandler(filters.Regex(r"^[0-3]$"), toss)] for n in range(1, 7)},
        fallbacks=[],
        name="cast",
        persistent=True,
    ))
    app.add_handler(TypeHandler(Update, note_and_stop), group=-1)
    return app


_update_ids = iter(range(1, 10**6))


def message(text: str, bot: Any) -> Update:
    uid = next(_update_ids) + os.getpid() * 1000
    data: dict[str, Any] = {
        "update_id": uid,
        "message": {
            "message_id": uid, "date": 1741521600, "text": text,
            "chat": {"id": CHAT, "type": "private"},
            "from": {"id": USER, "is_bot": False, "first_name": "U"},
        },
    }
    if text.startswith("/"):
        data["message"]["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text)}]
    return Update.de_json(data, bot)


async def feed(app: Application, *texts: str) -> None:
    for text in texts:
        await app.update_queue.put(message(text, app.bot))
    await app.update_queue.join()  # done once every update is handled and (write-through) persisted


def sent(app: Application) -> list[str]:
    return app.bot.request.sent  # type: ignore[attr-defined]


async def _child(path: str, texts: list[str], write_through: bool) -> None:
    app = build_app(path, write_through=write_through)
    await app.initialize()
    await app.start()
    await feed(app, *texts)
    print("READY", flush=True)
    await asyncio.sleep(3600)  # killed here, between two tosses


def child_main(path: str, texts: list[str], write_through: bool = True) -> None:
    """Entry point of the process the SIGKILL tests kill."""
    asyncio.run(_child(path, texts, write_through))


def child_raw_main(path: str) -> None:
    """A ConversationHandler-like sequence of persistence calls, then a wait to be killed."""

    async def run() -> None:
        persistence = StoragePersistence(path)
        await persistence.update_conversation("cast", KEY, 1)
        tosses: list[int] = []
        for n, value in enumerate([3, 2, 1], start=1):
            tosses.append(value)
            await persistence.update_user_data(USER, {"tosses": list(tosses)})
            await persistence.update_conversation("cast", KEY, n + 1)
        print("READY", flush=True)
        await asyncio.sleep(3600)

    asyncio.run(run())


async def run_and_kill(code: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, cwd=REPO, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        line = await asyncio.wait_for(proc.stdout.readline(), timeout=60)  # type: ignore[union-attr]
        if line.strip() != b"READY":
            err = await proc.stderr.read()  # type: ignore[union-attr]
            pytest.fail(f"child did not get ready: {line!r}\n{err.decode(errors='replace')}")
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
        await proc.wait()
    assert proc.returncode == -signal.SIGKILL


@pytest.mark.asyncio
async def test_state_written_by_persistence_calls_survives_sigkill(database_url: str) -> None:
    path = database_url
    await run_and_kill(f"from tests.test_persistence import child_raw_main; child_raw_main({path!r})")
    persistence = StoragePersistence(path)
    assert await persistence.stored_conversations("cast") == {KEY: 4}
    assert await user_data_of(persistence, USER) == {"tosses": [3, 2, 1]}
    await persistence.flush()


@pytest.mark.asyncio
async def test_consultation_resumes_after_sigkill_between_two_tosses(database_url: str) -> None:
    path = database_url
    # The child handles /cast and three tosses, then is killed.  Its timer interval is an hour and it never
    # stops cleanly, so whatever is on disk was written through after each update.
    await run_and_kill(
        f"from tests.test_persistence import child_main; child_main({path!r}, ['/cast', '3', '2', '1'])"
    )
    on_disk = StoragePersistence(path)
    assert await on_disk.stored_conversations("cast") == {KEY: 4}
    assert await user_data_of(on_disk, USER) == {"tosses": [3, 2, 1]}
    await on_disk.flush()

    # A new process picks the consultation up at the fourth toss.
    app = build_app(path)
    await app.initialize()
    await app.start()
    try:
        await feed(app, "0", "1")
        assert sent(app) == ["toss 5", "toss 6"]
        assert app.user_data[USER]["tosses"] == [3, 2, 1, 0, 1]
        await feed(app, "2")
        assert sent(app)[-1] == "cast: 987678"
    finally:
        await app.stop()
        await app.shutdown()
    after = StoragePersistence(path)
    assert await after.stored_conversations("cast") == {}  # the finished consultation is gone
    assert await user_data_of(after, USER) == {"tosses": [3, 2, 1, 0, 1, 2]}
    await after.flush()


@pytest.mark.asyncio
async def test_without_write_through_a_sigkill_loses_the_interval(tmp_path: Path) -> None:
    """Why the bot must use WriteThroughUpdateProcessor: PTB alone persists on its timer and at stop()."""
    path = str(tmp_path / "bot.sqlite3")
    await run_and_kill(
        f"from tests.test_persistence import child_main; child_main({path!r}, ['/cast', '3'], write_through=False)"
    )
    on_disk = StoragePersistence(path)
    assert await on_disk.stored_conversations("cast") == {}
    await on_disk.flush()


@pytest.mark.asyncio
async def test_clean_restart_resumes_and_write_through_is_immediate(database_url: str) -> None:
    path = database_url
    app = build_app(path)
    await app.initialize()
    await app.start()
    try:
        await feed(app, "/cast", "1")
        # already on disk, seen through another connection, before any timer run or stop()
        async with await open_storage(path) as reader:
            rows = await reader.fetchall("SELECT name, key, state FROM ptb_conversations")
            assert [tuple(r) for r in rows] == [("cast", json.dumps([CHAT, USER]).replace(" ", ""), "2")]
    finally:
        await app.stop()
        await app.shutdown()

    app = build_app(path)
    await app.initialize()
    await app.start()
    try:
        await feed(app, "2", "3", "0", "1", "2")
        assert sent(app)[-1] == "cast: 789678"
        # data changed by a handler that ends the update with ApplicationHandlerStop is written too
        await feed(app, "/stop")
        async with await open_storage(path) as reader:
            row = await reader.fetchone("SELECT data FROM ptb_user_data WHERE user_id = :id", {"id": USER})
            assert json.loads(row[0]) == {"tosses": [1, 2, 3, 0, 1, 2], "stopped": True}
    finally:
        await app.stop()
        await app.shutdown()


@pytest.mark.asyncio
async def test_two_processes_take_turns_on_one_consultation(database_url: str) -> None:
    """Nothing is kept between updates: two applications on one database (two workers) may each take any step of
    the same consultation, and it goes on as with one."""
    one, two = build_app(database_url), build_app(database_url)
    for app in (one, two):
        await app.initialize()
        await app.start()
    try:
        await feed(one, "/cast", "3")
        await feed(two, "2", "1")
        await feed(one, "0")
        await feed(two, "1")
        await feed(one, "2")
        assert sent(one) == ["toss 1", "toss 2", "toss 5", "cast: 987678"]
        assert sent(two) == ["toss 3", "toss 4", "toss 6"]
        assert one.user_data[USER]["tosses"] == [3, 2, 1, 0, 1, 2]  # read fresh: not the three it saw itself
        # the states read for an update are not kept in memory once it is written
        handler = next(h for h in one.handlers[0] if isinstance(h, StoredConversationHandler))
        assert dict(handler._conversations) == {}  # what the handler holds between updates
    finally:
        for app in (one, two):
            await app.stop()
            await app.shutdown()
