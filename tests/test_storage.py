"""bot.storage on both engines (a real SQLite file, a real PostgreSQL database): migrations, users, readings,
subscriptions and the daily delivery logic.  The tests taking ``storage`` or ``database_url`` run on each engine
(tests/conftest.py); those about the SQLite file itself (pragmas, its header) on SQLite alone."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.storage import (
    APPLICATION_ID,
    MIGRATIONS,
    POSTGRES_MIGRATIONS,
    SCHEMA_VERSION,
    SQLITE_MIGRATIONS,
    ConstraintError,
    DueSubscription,
    ForeignDatabaseError,
    Migration,
    MigrationError,
    SchemaTooNewError,
    SQLiteStorage,
    SQLStorage,
    is_postgres_url,
    open_storage,
    sqlite_path,
)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


class Clock:
    """An injectable 'now' the tests move by hand."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "liuyao.sqlite3"  # the folder does not exist yet


@pytest.fixture
def clock() -> Clock:
    return Clock(utc(2025, 3, 9, 12, 0))


@pytest_asyncio.fixture
async def storage(database_url: str, clock: Clock):
    store = await open_storage(database_url, clock=clock)
    try:
        yield store
    finally:
        await store.close()


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path)


def migrations_of(url: str) -> tuple[Migration, ...]:
    return POSTGRES_MIGRATIONS if is_postgres_url(url) else SQLITE_MIGRATIONS


async def raw_execute(url: str, *statements: str) -> None:
    """Statements run on the database outside the storage (as an older program or another tool would)."""
    if is_postgres_url(url):
        import asyncpg

        con = await asyncpg.connect(url)
        try:
            for statement in statements:
                await con.execute(statement)
        finally:
            await con.close()
    else:
        path = Path(sqlite_path(url))
        path.parent.mkdir(parents=True, exist_ok=True)
        con = raw(path)
        try:
            for statement in statements:
                con.executescript(statement)
            con.commit()
        finally:
            con.close()


async def table_exists(store: SQLStorage, name: str) -> bool:
    if store.engine == "postgresql":
        return bool((await store.fetchone("SELECT to_regclass(:name) IS NOT NULL", {"name": name}))[0])
    return bool(await store.fetchone("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = :name",
                                     {"name": name}))


# ------------------------------------------------------------------------------------------ opening, schema


async def test_open_creates_folder_and_sets_pragmas(db_path: Path) -> None:
    assert not db_path.parent.exists()
    async with await SQLiteStorage.open(db_path) as store:
        assert db_path.exists()
        assert (await store.fetchone("PRAGMA journal_mode"))[0] == "wal"
        assert (await store.fetchone("PRAGMA foreign_keys"))[0] == 1
        assert (await store.fetchone("PRAGMA busy_timeout"))[0] == 5000
        assert (await store.fetchone("PRAGMA synchronous"))[0] == 2  # FULL
        assert await store.schema_version() == SCHEMA_VERSION
        tables = {r[0] for r in await store.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"users", "readings", "subscriptions", "deliveries", "ptb_conversations", "ptb_user_data"} <= tables
    con = raw(db_path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    con.close()
    assert MIGRATIONS is SQLITE_MIGRATIONS  # the name earlier releases exported


async def test_both_engines_have_the_same_tables_and_columns(storage: SQLStorage) -> None:
    from bot.storage.schema import TABLES

    for table, columns in TABLES.items():
        row = await storage.fetchone(f"SELECT * FROM {table} LIMIT 1")
        assert row is None
        if storage.engine == "postgresql":
            names = [r[0] for r in await storage.fetchall(
                "SELECT column_name FROM information_schema.columns WHERE table_name = :t ORDER BY ordinal_position",
                {"t": table})]
        else:
            names = [r[1] for r in await storage.fetchall(f"PRAGMA table_info({table})")]
        assert sorted(names) == sorted(columns), table


async def test_foreign_keys_are_enforced(storage: SQLStorage) -> None:
    with pytest.raises(ConstraintError):
        async with storage.transaction() as tx:
            await tx.execute(
                "INSERT INTO readings (user_id, created_at, lines, reading, pillars) "
                "VALUES (999, :now, '777777', '{}', '{}')", {"now": storage.instant(storage.now())}
            )
    assert await storage.count_readings(999) == 0


async def test_checks_are_enforced_alike(storage: SQLStorage) -> None:
    now = storage.instant(storage.now())
    await storage.get_or_create_user(1)
    for sql in (("INSERT INTO readings (user_id, created_at, lines, reading, pillars) "
                 "VALUES (1, :now, '777775', '{}', '{}')"),  # not six line values
                "INSERT INTO users (user_id, lang, created_at, updated_at) VALUES (2, 'fr', :now, :now)",
                "INSERT INTO users (user_id, created_at, updated_at) VALUES (1, :now, :now)"):  # the key again
        with pytest.raises(ConstraintError):
            async with storage.transaction() as tx:
                await tx.execute(sql, {"now": now})
    assert await storage.get_user(2) is None and await storage.count_readings(1) == 0


async def test_reopening_is_idempotent_and_keeps_data(database_url: str) -> None:
    async with await open_storage(database_url) as store:
        await store.get_or_create_user(1, lang="ja")
    for _ in range(2):
        async with await open_storage(database_url) as store:
            assert await store.schema_version() == SCHEMA_VERSION
            assert (await store.get_user(1)).lang == "ja"


@pytest.mark.parametrize("older", range(SCHEMA_VERSION))
async def test_upgrade_from_every_older_version(database_url: str, older: int) -> None:
    # a database as the release at schema version `older` left it (0: empty), with a user in it when it can hold one
    steps = migrations_of(database_url)
    if older:
        async with await open_storage(database_url, migrations=steps[:older]) as old:
            assert await old.schema_version() == older
            async with old.transaction() as tx:
                await tx.execute("INSERT INTO users (user_id, lang, tz, created_at, updated_at) "
                                 "VALUES (7, 'ko', 'Asia/Seoul', :now, :now)", {"now": old.instant(utc(2025, 1, 1))})
    async with await open_storage(database_url) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        if older:
            user = await store.get_user(7)
            assert (user.lang, user.tz, user.created_at, user.grim) == ("ko", "Asia/Seoul", utc(2025, 1, 1), False)
        assert await store.get_conversation("consultation", "[7,7]") is None
        nid = await store.add_natal_reading(7, record={"fired": []}, birth_date="1990-05-01", tz="Asia/Seoul")
        assert (await store.list_history(7)).items[0].id == nid


async def test_upgrade_from_the_first_version(db_path: Path) -> None:
    # a file as the first release left it: schema version 1, with data in it
    db_path.parent.mkdir(parents=True)
    con = raw(db_path)
    con.executescript(MIGRATIONS[0].apply)  # type: ignore[arg-type]
    con.execute("PRAGMA user_version = 1")
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    con.execute("INSERT INTO users (user_id, lang, tz, created_at, updated_at) VALUES (7, 'ko', 'Asia/Seoul', 'a', 'a')")
    con.commit()
    assert {r[0] for r in con.execute("SELECT name FROM sqlite_master")}.isdisjoint({"ptb_conversations"})
    con.close()

    async with await SQLiteStorage.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        user = await store.fetchone("SELECT lang, tz FROM users WHERE user_id = 7")
        assert tuple(user) == ("ko", "Asia/Seoul")
        assert await store.fetchall("SELECT * FROM ptb_conversations") == []


async def test_upgrade_from_version_2_adds_natal_readings_and_the_grim_setting(db_path: Path) -> None:
    # a file as the release before /natal left it: version 2, a user and a reading in it
    db_path.parent.mkdir(parents=True)
    con = raw(db_path)
    con.executescript(MIGRATIONS[0].apply)  # type: ignore[arg-type]
    con.executescript(MIGRATIONS[1].apply)  # type: ignore[arg-type]
    con.execute("PRAGMA user_version = 2")
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    con.execute("INSERT INTO users (user_id, lang, tz, created_at, updated_at) VALUES (7, 'ja', 'Asia/Tokyo', '2025-01-01T00:00:00.000000Z', '2025-01-01T00:00:00.000000Z')")
    con.execute("INSERT INTO readings (user_id, created_at, lines, reading, moment_utc, moment_tz) "
                "VALUES (7, '2025-01-01T00:00:00.000000Z', '777777', '{}', '2025-01-01T00:00:00.000000Z', 'UTC')")
    con.commit()
    con.close()

    async with await SQLiteStorage.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION >= 3
        user = await store.get_user(7)
        assert user is not None and user.lang == "ja" and user.grim is False
        assert (await store.update_user_settings(7, grim=True)).grim is True
        nid = await store.add_natal_reading(7, record={"fired": ["V2"]}, birth_date="1990-05-01", tz="Asia/Tokyo",
                                            sex="female")
        page = await store.list_history(7, 0, 10)
        assert page.total == 2 and [type(i).__name__ for i in page.items] == ["NatalReading", "Reading"]  # newest first
        natal = await store.get_natal_reading(7, nid)
        assert natal is not None and natal.record == {"fired": ["V2"]} and natal.birth_date.isoformat() == "1990-05-01"
        assert await store.get_natal_reading(8, nid) is None  # another user's is never returned
        with pytest.raises(ValueError):
            await store.add_natal_reading(7, record={}, birth_date="1990-05-01")  # a date needs its zone
        with pytest.raises(ValueError):
            await store.add_natal_reading(7, record={}, pillars={"year": "甲子"}, birth_date="1990-05-01",
                                          tz="UTC")


async def test_upgrade_from_empty_file(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.touch()  # zero bytes: a valid, empty database
    async with await SQLiteStorage.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION


async def test_newer_version_is_refused(database_url: str) -> None:
    if is_postgres_url(database_url):
        await raw_execute(database_url, "CREATE TABLE future (x INTEGER)",
                          "CREATE TABLE liuyao_schema (version INTEGER NOT NULL)",
                          f"INSERT INTO liuyao_schema VALUES ({SCHEMA_VERSION + 1})")
    else:
        await raw_execute(database_url, "CREATE TABLE future (x)", f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNewError, match=rf"version {SCHEMA_VERSION + 1}.*only up to {SCHEMA_VERSION}"):
        await open_storage(database_url)
    # untouched: still refused, and still holding only the future's table
    with pytest.raises(SchemaTooNewError):
        await open_storage(database_url)


async def test_foreign_database_is_refused(database_url: str) -> None:
    await raw_execute(database_url, "CREATE TABLE users (name TEXT)")
    with pytest.raises(ForeignDatabaseError):
        await open_storage(database_url)


async def test_failed_migration_rolls_back_and_keeps_the_last_good_version(database_url: str) -> None:
    bad = (*migrations_of(database_url),
           Migration(SCHEMA_VERSION + 1, "broken", "CREATE TABLE half (a INTEGER); INSERT INTO nowhere VALUES (1);"))
    with pytest.raises(MigrationError, match="broken"):
        await open_storage(database_url, migrations=bad)
    async with await open_storage(database_url) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert not await table_exists(store, "half")
        assert await table_exists(store, "natal_readings")


async def test_function_migration_runs_once_even_with_concurrent_openers(database_url: str) -> None:
    calls = []

    async def add_column(db: Any) -> None:
        calls.append(1)
        await db.execute("ALTER TABLE users ADD COLUMN nickname TEXT")

    steps = (*migrations_of(database_url), Migration(SCHEMA_VERSION + 1, "nickname", add_column))
    results = await asyncio.gather(*(open_storage(database_url, migrations=steps) for _ in range(5)),
                                   return_exceptions=True)
    stores = [r for r in results if isinstance(r, SQLStorage)]
    try:
        assert stores == results  # every opener succeeded
        assert calls == [1]
        for store in stores:
            assert await store.schema_version() == SCHEMA_VERSION + 1
    finally:
        for store in stores:
            await store.close()
    # the program of the previous release now refuses the database
    with pytest.raises(SchemaTooNewError):
        await open_storage(database_url)


async def test_users_created_once_and_settings_updated(storage: SQLStorage, clock: Clock) -> None:
    user = await storage.get_or_create_user(42, lang="zh-Hant", tz="Asia/Taipei")
    assert (user.lang, user.tz, user.day_boundary, user.coins) == ("zh_Hant", "Asia/Taipei", 23, "backs")
    assert user.created_at == clock.now
    clock.advance(minutes=5)
    again = await storage.get_or_create_user(42, lang="en")
    assert again == user  # an existing user's settings are not overwritten

    updated = await storage.update_user_settings(42, day_boundary=0, coins="faces")
    assert (updated.lang, updated.tz, updated.day_boundary, updated.coins) == ("zh_Hant", "Asia/Taipei", 0, "faces")
    assert updated.updated_at == clock.now and updated.created_at == user.created_at

    fresh = await storage.update_user_settings(43, lang="ko")  # creates
    assert (fresh.lang, fresh.tz) == ("ko", "UTC")
    assert await storage.get_user(44) is None


@pytest.mark.parametrize(
    "kwargs",
    [{"lang": "fr"}, {"tz": "Mars/Olympus_Mons"}, {"tz": ""}, {"day_boundary": 1}, {"coins": "heads"}],
)
async def test_user_settings_are_validated(storage: SQLStorage, kwargs: dict) -> None:
    with pytest.raises(ValueError):
        await storage.update_user_settings(1, **kwargs)
    assert await storage.get_user(1) is None


# ------------------------------------------------------------------------------------------------- readings


async def add(storage: SQLStorage, user_id: int, lines: str = "789968", **kwargs) -> int:
    kwargs.setdefault("reading", {"verdict": "吉", "findings": []})
    if "pillars" not in kwargs:
        kwargs.setdefault("moment_utc", utc(2024, 2, 4, 8, 30))
        kwargs.setdefault("tz", "Asia/Shanghai")
    return await storage.add_reading(user_id, lines=lines, **kwargs)


async def test_reading_round_trip(storage: SQLStorage, clock: Clock) -> None:
    tosses = [[0, 1, 1], [1, 1, 0], [0, 0, 0], [1, 1, 1], [1, 0, 0], [0, 1, 1]]
    rid = await add(
        storage, 5, tosses=tosses, coins="backs", day_boundary=23, question="이직해도 될까요?",
        topic="career", subject="self", sex="female", use_god="官鬼", reading={"verdict": "凶", "n": 1.5},
    )
    got = await storage.get_reading(5, rid)
    assert got is not None
    assert got.lines == "789968" and got.tosses == tosses and got.coins == "backs"
    assert got.moment_utc == utc(2024, 2, 4, 8, 30) and got.moment_tz == "Asia/Shanghai" and got.pillars is None
    assert got.question == "이직해도 될까요?" and got.use_god == "官鬼" and got.reading == {"verdict": "凶", "n": 1.5}
    assert got.created_at == clock.now and got.outcome is None
    assert (await storage.get_user(5)) is not None  # the user row was created

    book = await add(storage, 5, "777977", pillars={"month": "辰", "day": "戊申"})
    got = await storage.get_reading(5, book)
    assert got.pillars == {"month": "辰", "day": "戊申"} and got.moment_utc is None and got.moment_tz is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"lines": "78996"},
        {"lines": "789965"},
        {"pillars": {"day": "戊申"}, "moment_utc": utc(2024, 1, 1), "tz": "UTC"},
        {"moment_utc": utc(2024, 1, 1), "tz": None},
        {"moment_utc": datetime(2024, 1, 1), "tz": "UTC"},  # naive
        {"reading": {"x": object()}},
        {"reading": "not json"},
    ],
)
async def test_reading_input_is_validated(storage: SQLStorage, kwargs: dict) -> None:
    with pytest.raises((ValueError, TypeError)):
        await add(storage, 1, **kwargs)
    assert await storage.count_readings(1) == 0


async def test_history_pages_newest_first(storage: SQLStorage, clock: Clock) -> None:
    ids = []
    for _ in range(23):
        ids.append(await add(storage, 1))
        clock.advance(minutes=1)
    await add(storage, 2)
    newest_first = ids[::-1]

    page = await storage.list_readings(1, offset=0, limit=10)
    assert page.total == 23 and page.has_more
    assert [r.id for r in page.items] == newest_first[:10]
    page = await storage.list_readings(1, offset=10, limit=10)
    assert [r.id for r in page.items] == newest_first[10:20] and page.has_more
    page = await storage.list_readings(1, offset=20, limit=10)
    assert [r.id for r in page.items] == newest_first[20:] and not page.has_more
    assert (await storage.list_readings(1, offset=30, limit=10)).items == []

    # readings made in the same instant still come newest (highest id) first
    same = [await add(storage, 3) for _ in range(3)]
    assert [r.id for r in (await storage.list_readings(3, 0, 5)).items] == same[::-1]
    with pytest.raises(ValueError):
        await storage.list_readings(1, offset=-1, limit=5)


async def test_readings_are_invisible_to_other_users(storage: SQLStorage) -> None:
    mine = await add(storage, 1, question="mine")
    assert await storage.get_reading(2, mine) is None
    assert (await storage.list_readings(2, 0, 10)).total == 0
    assert await storage.set_outcome(2, mine, outcome="happened", text="hijack") is False
    got = await storage.get_reading(1, mine)
    assert got.outcome is None and got.outcome_text is None
    assert await storage.get_reading(1, mine + 1000) is None


async def test_outcome_set_replaced_and_cleared(storage: SQLStorage, clock: Clock) -> None:
    rid = await add(storage, 1)
    assert await storage.set_outcome(1, rid, outcome="happened", text="got the job", on=date(2024, 3, 1))
    got = await storage.get_reading(1, rid)
    assert (got.outcome, got.outcome_text, got.outcome_date) == ("happened", "got the job", date(2024, 3, 1))
    assert got.outcome_noted_at == clock.now
    clock.advance(days=1)
    assert await storage.set_outcome(1, rid, outcome="did_not", on="2024-03-05")
    got = await storage.get_reading(1, rid)
    assert (got.outcome, got.outcome_text, got.outcome_date) == ("did_not", None, date(2024, 3, 5))
    assert got.outcome_noted_at == clock.now
    assert await storage.set_outcome(1, rid, outcome=None)
    got = await storage.get_reading(1, rid)
    assert (got.outcome, got.outcome_text, got.outcome_date, got.outcome_noted_at) == (None, None, None, None)
    with pytest.raises(ValueError):
        await storage.set_outcome(1, rid, outcome="maybe")  # type: ignore[arg-type]


async def test_concurrent_writers_lose_nothing(database_url: str) -> None:
    async with await open_storage(database_url) as one, await open_storage(database_url) as two:
        # 300 coroutines on one connection, plus a second connection (another process's view) at the same time
        jobs = [add(one, user_id % 7, question=f"q{user_id}") for user_id in range(300)]
        jobs += [add(two, user_id % 7, question=f"r{user_id}") for user_id in range(100)]
        jobs += [one.update_user_settings(u, lang="ko") for u in range(7)]
        results = await asyncio.gather(*jobs)
        ids = results[:400]
        assert len(set(ids)) == 400
        assert (await one.fetchone("SELECT count(*) FROM readings"))[0] == 400
        questions = {r[0] for r in await two.fetchall("SELECT question FROM readings")}
        assert questions == {f"q{i}" for i in range(300)} | {f"r{i}" for i in range(100)}
        assert sum([(await one.list_readings(u, 0, 1)).total for u in range(7)]) == 400


async def test_cancelled_transaction_rolls_back_and_frees_the_connection(storage: SQLStorage) -> None:
    started = asyncio.Event()

    async def slow() -> None:
        async with storage.transaction() as tx:
            await tx.execute("INSERT INTO users (user_id, created_at, updated_at) VALUES (9, :now, :now)",
                             {"now": storage.instant(storage.now())})
            started.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await storage.get_user(9) is None
    await storage.get_or_create_user(10)
    assert await storage.get_user(10) is not None


async def test_instants_come_back_as_the_same_moment_in_utc(storage: SQLStorage, clock: Clock) -> None:
    from zoneinfo import ZoneInfo

    seoul = datetime(2024, 2, 4, 17, 27, 0, 999999, tzinfo=ZoneInfo("Asia/Seoul"))  # 08:27:00.999999 UTC
    clock.now = datetime(2025, 11, 2, 1, 30, 0, 1, tzinfo=ZoneInfo("America/New_York"))  # the repeated hour (EDT)
    rid = await add(storage, 1, moment_utc=seoul, tz="Asia/Seoul")
    got = await storage.get_reading(1, rid)
    assert got.moment_utc == seoul and got.moment_utc.utcoffset() == timedelta(0)
    assert got.moment_utc.microsecond == 999999 and got.created_at == utc(2025, 11, 2, 5, 30, 0, 1)
    later = await add(storage, 1, moment_utc=seoul, tz="Asia/Seoul",
                      created_at=datetime(2025, 11, 2, 1, 30, tzinfo=ZoneInfo("America/New_York")).replace(fold=1))
    # 01:30 EST comes after 01:30:00.000001 EDT: newest first, by the instant, not by the wall clock
    assert [r.id for r in (await storage.list_readings(1)).items] == [later, rid]


async def test_ids_beyond_64_bits_are_never_found_and_never_written(storage: SQLStorage) -> None:
    # Telegram's ids fit a BIGINT; a forged one may not: both engines answer alike instead of overflowing
    top = 2**63 - 1
    rid = await add(storage, top)  # the largest id is an id like any other
    assert (await storage.get_user(top)).user_id == top and (await storage.get_reading(top, rid)).user_id == top
    for huge in (2**63, 2**64 + 7, -(2**63) - 1):
        assert await storage.get_user(huge) is None
        assert await storage.get_reading(top, huge) is None and await storage.get_reading(huge, rid) is None
        assert await storage.get_natal_reading(huge, 1) is None
        assert await storage.set_outcome(top, huge, outcome="happened") is False
        assert await storage.get_subscription(huge) is None and await storage.unsubscribe(huge) is False
        assert await storage.get_delivery(huge, "2025-03-10") is None
        for write in (storage.update_user_settings(huge, lang="ko"), storage.get_or_create_user(huge),
                      add(storage, huge), storage.subscribe(huge, 1, "07:00", "UTC", "en"),
                      storage.subscribe(1, huge, "07:00", "UTC", "en")):
            with pytest.raises(ValueError, match="64-bit"):
                await write
    assert await storage.count_active_subscriptions() == 0 and await storage.get_user(1) is None


# -------------------------------------------------------------------------------------------- subscriptions


async def test_subscribe_change_unsubscribe(storage: SQLStorage, clock: Clock) -> None:
    sub = await storage.subscribe(1, 100, "07:00", "Asia/Seoul", "ko")
    assert (sub.chat_id, sub.send_at, sub.tz, sub.lang, sub.active) == (100, "07:00", "Asia/Seoul", "ko", True)
    # 12:00 UTC = 21:00 in Seoul: today's 07:00 has passed, so it starts tomorrow
    assert sub.starts_on == date(2025, 3, 10)
    assert await storage.get_subscription(1) == sub

    clock.advance(minutes=1)
    changed = await storage.subscribe(1, 101, "08:15", "Asia/Tokyo", "ja")
    assert changed.id == sub.id and changed.starts_on == sub.starts_on and changed.created_at == sub.created_at
    assert (changed.chat_id, changed.send_at, changed.tz, changed.lang) == (101, "08:15", "Asia/Tokyo", "ja")
    assert await storage.count_active_subscriptions() == 1

    assert await storage.unsubscribe(1, reason="blocked") is True
    assert await storage.unsubscribe(1) is False
    assert await storage.get_subscription(1) is None
    ended = await storage.fetchone("SELECT active, end_reason, ended_at FROM subscriptions WHERE id = :id",
                                   {"id": sub.id})
    assert (ended[0], ended[1], storage.instant_out(ended[2])) == (False, "blocked", clock.now)

    again = await storage.subscribe(1, 101, "06:00", "Asia/Seoul", "ko")
    assert again.id != sub.id and again.active


@pytest.mark.parametrize("bad", [("7:00", "UTC", "en"), ("24:00", "UTC", "en"), ("07:60", "UTC", "en"),
                                 ("07:00", "Nowhere/City", "en"), ("07:00", "UTC", "de")])
async def test_subscription_input_is_validated(storage: SQLStorage, bad: tuple) -> None:
    with pytest.raises(ValueError):
        await storage.subscribe(1, 1, *bad)


SEOUL, NEW_YORK, BERLIN = 1, 2, 3


@pytest_asyncio.fixture
async def three_zones(storage: SQLStorage) -> SQLStorage:
    # subscribed at 2025-03-09 12:00 UTC: 21:00 in Seoul, 08:00 in New York (EDT since that morning), 13:00 in Berlin
    await storage.subscribe(SEOUL, 1001, "07:00", "Asia/Seoul", "ko")
    await storage.subscribe(NEW_YORK, 1002, "07:00", "America/New_York", "en")
    await storage.subscribe(BERLIN, 1003, "22:30", "Europe/Berlin", "en")
    return storage


async def due(storage: SQLStorage, now: datetime) -> set[tuple[int, str]]:
    return {(d.user_id, d.local_date.isoformat()) async for d in storage.iter_due_subscriptions(now)}


async def deliver(storage: SQLStorage, now: datetime, message_id: int = 1) -> set[tuple[int, str]]:
    done = set()
    async for d in storage.iter_due_subscriptions(now):
        assert await storage.reserve_delivery(d, now=now)
        assert await storage.confirm_delivery(d, message_id=message_id, now=now)
        done.add((d.user_id, d.local_date.isoformat()))
    return done


async def test_due_across_three_zones_and_dates(three_zones: SQLStorage) -> None:
    s = three_zones
    # Seoul 3/10 06:29, New York 3/9 17:29 (starts 3/10), Berlin 3/9 22:29
    assert await due(s, utc(2025, 3, 9, 21, 29)) == set()
    # Berlin 22:30 has come (it subscribed at 13:00 local, so today counts)
    assert await due(s, utc(2025, 3, 9, 21, 30)) == {(BERLIN, "2025-03-09")}
    # Seoul 07:00 on 3/10 is 22:00 UTC on 3/9
    assert await due(s, utc(2025, 3, 9, 21, 59, 59)) == {(BERLIN, "2025-03-09")}
    assert await due(s, utc(2025, 3, 9, 22, 0)) == {(BERLIN, "2025-03-09"), (SEOUL, "2025-03-10")}
    assert await deliver(s, utc(2025, 3, 9, 22, 0)) == {(BERLIN, "2025-03-09"), (SEOUL, "2025-03-10")}
    # sent: never due again that local date, however late
    assert await due(s, utc(2025, 3, 9, 22, 1)) == set()
    assert await due(s, utc(2025, 3, 10, 10, 59)) == set()  # New York 06:59 EDT, Berlin 11:59, Seoul 19:59
    # New York 07:00 EDT = 11:00 UTC (the day after the clocks went forward)
    assert await due(s, utc(2025, 3, 10, 11, 0)) == {(NEW_YORK, "2025-03-10")}
    assert await deliver(s, utc(2025, 3, 10, 11, 0)) == {(NEW_YORK, "2025-03-10")}
    assert await due(s, utc(2025, 3, 10, 20, 0)) == set()
    # Berlin's 3/10 delivery (21:30 UTC) is missed: the bot is down until 23:05 UTC, past Berlin's midnight
    assert await due(s, utc(2025, 3, 10, 21, 30)) == {(BERLIN, "2025-03-10")}
    assert await due(s, utc(2025, 3, 10, 23, 5)) == {(SEOUL, "2025-03-11")}  # not Berlin's 3/10, nor its 3/11 yet
    # a day later: New York's and Berlin's 3/11 have come; Seoul is at 06:30 on 3/12, its 3/11 was never sent
    assert await due(s, utc(2025, 3, 11, 21, 30)) == {(NEW_YORK, "2025-03-11"), (BERLIN, "2025-03-11")}
    delivery = await s.get_delivery(SEOUL, "2025-03-10")
    assert (delivery.status, delivery.message_id, delivery.attempts) == ("sent", 1, 1)
    assert await s.get_delivery(BERLIN, "2025-03-10") is None


async def test_sent_delivery_cannot_be_reserved_again(three_zones: SQLStorage) -> None:
    now = utc(2025, 3, 9, 22, 0)
    [seoul] = [d async for d in three_zones.iter_due_subscriptions(now) if d.user_id == SEOUL]
    assert isinstance(seoul, DueSubscription) and seoul.local_date == date(2025, 3, 10)
    assert await three_zones.reserve_delivery(seoul, now=now)
    assert not await three_zones.reserve_delivery(seoul, now=now)  # reserved by a live sender (this one)
    assert await three_zones.confirm_delivery(seoul, message_id=77, now=now)
    assert not await three_zones.confirm_delivery(seoul, message_id=78, now=now)  # first id kept
    later = now + timedelta(hours=3)
    assert not await three_zones.reserve_delivery(seoul, now=later)
    assert (await three_zones.get_delivery(SEOUL, date(2025, 3, 10))).message_id == 77


async def test_pending_reservation_of_a_dead_sender_is_due_again(database_url: str, clock: Clock) -> None:
    now = utc(2025, 3, 9, 22, 0)
    crashed = await open_storage(database_url, clock=clock)
    await crashed.subscribe(SEOUL, 1001, "07:00", "Asia/Seoul", "ko")
    [seoul] = [d async for d in crashed.iter_due_subscriptions(now)]
    assert await crashed.reserve_delivery(seoul, now=now)
    await crashed.close()  # the process dies between the reservation and the confirmation

    restarted = await open_storage(database_url, clock=clock)
    try:
        soon = now + timedelta(minutes=1)
        # the lease (5 min) still protects it from a second live sender ...
        assert await due(restarted, soon) == set()
        assert not await restarted.reserve_delivery(seoul, now=soon)
        # ... until it runs out,
        assert await due(restarted, now + restarted.lease) == {(SEOUL, "2025-03-10")}
        # or at once, when the restarted (only) sender releases the dead sender's leases
        assert await restarted.release_stale_reservations(now=soon) == 1
        assert await due(restarted, soon) == {(SEOUL, "2025-03-10")}
        assert await deliver(restarted, soon, message_id=5) == {(SEOUL, "2025-03-10")}
        delivery = await restarted.get_delivery(SEOUL, "2025-03-10")
        assert (delivery.status, delivery.attempts, delivery.owner) == ("sent", 2, restarted.owner)
        assert await due(restarted, soon + timedelta(hours=1)) == set()
    finally:
        await restarted.close()


async def test_failures_retry_or_give_up(three_zones: SQLStorage) -> None:
    s = three_zones
    now = utc(2025, 3, 9, 22, 0)
    [seoul] = [d async for d in s.iter_due_subscriptions(now) if d.user_id == SEOUL]
    # transient failure: due again after the wait Telegram asked for
    assert await s.reserve_delivery(seoul, now=now)
    assert await s.fail_delivery(seoul, error="RetryAfter 30", retry=True, retry_after=timedelta(seconds=30), now=now)
    assert (SEOUL, "2025-03-10") not in await due(s, now + timedelta(seconds=29))
    assert not await s.reserve_delivery(seoul, now=now + timedelta(seconds=29))
    assert (SEOUL, "2025-03-10") in await due(s, now + timedelta(seconds=30))
    # retried until max_attempts (5 reservations), then no longer due
    t = now + timedelta(seconds=30)
    for _ in range(4):
        assert await s.reserve_delivery(seoul, now=t)
        assert await s.fail_delivery(seoul, error="timed out", retry=True, now=t)
    delivery = await s.get_delivery(SEOUL, "2025-03-10")
    assert (delivery.status, delivery.attempts, delivery.last_error) == ("failed", 5, "timed out")
    assert (SEOUL, "2025-03-10") not in await due(s, t)
    assert not await s.reserve_delivery(seoul, now=t)

    # permanent failure: not due again that local date, due again the next
    [berlin] = [d async for d in s.iter_due_subscriptions(now) if d.user_id == BERLIN]
    assert await s.reserve_delivery(berlin, now=now)
    assert await s.fail_delivery(berlin, error="Forbidden: bot was blocked by the user", retry=False, now=now)
    assert (BERLIN, "2025-03-09") not in await due(s, now + timedelta(minutes=10))
    assert (BERLIN, "2025-03-10") in await due(s, utc(2025, 3, 10, 21, 30))


async def test_fail_by_a_sender_that_lost_its_lease_is_ignored(database_url: str, clock: Clock) -> None:
    now = utc(2025, 3, 9, 22, 0)
    async with await open_storage(database_url, clock=clock) as slow, \
            await open_storage(database_url, clock=clock) as fast:
        await slow.subscribe(SEOUL, 1001, "07:00", "Asia/Seoul", "ko")
        [seoul] = [d async for d in slow.iter_due_subscriptions(now)]
        assert await slow.reserve_delivery(seoul, now=now)
        late = now + slow.lease + timedelta(seconds=1)
        assert await fast.reserve_delivery(seoul, now=late)  # the lease ran out: taken over
        assert not await slow.fail_delivery(seoul, error="late", retry=True, now=late)
        assert (await fast.get_delivery(SEOUL, "2025-03-10")).status == "pending"
        assert await fast.confirm_delivery(seoul, message_id=9, now=late)


async def test_ended_subscription_cannot_be_reserved(three_zones: SQLStorage) -> None:
    now = utc(2025, 3, 9, 22, 0)
    [seoul] = [d async for d in three_zones.iter_due_subscriptions(now) if d.user_id == SEOUL]
    await three_zones.unsubscribe(SEOUL, reason="user")
    assert not await three_zones.reserve_delivery(seoul, now=now)
    assert await due(three_zones, now) == {(BERLIN, "2025-03-09")}


async def test_new_subscription_starts_with_the_next_occurrence(storage: SQLStorage) -> None:
    # subscribing at 10:00 Seoul for 07:00: the first message is tomorrow's
    late = await storage.subscribe(1, 1, "07:00", "Asia/Seoul", "ko", now=utc(2025, 3, 10, 1, 0))
    assert late.starts_on == date(2025, 3, 11)
    assert await due(storage, utc(2025, 3, 10, 1, 1)) == set()
    assert await due(storage, utc(2025, 3, 10, 22, 0)) == {(1, "2025-03-11")}
    # subscribing at 06:00 Seoul for 07:00: today's comes at 07:00
    early = await storage.subscribe(2, 2, "07:00", "Asia/Seoul", "ko", now=utc(2025, 3, 9, 21, 0))
    assert early.starts_on == date(2025, 3, 10)
    assert await due(storage, utc(2025, 3, 9, 22, 0)) == {(2, "2025-03-10")}


async def test_changing_the_time_after_todays_message_does_not_send_twice(three_zones: SQLStorage) -> None:
    now = utc(2025, 3, 9, 22, 0)
    await deliver(three_zones, now)
    await three_zones.subscribe(SEOUL, 1001, "08:00", "Asia/Seoul", "ko", now=now + timedelta(minutes=5))
    assert await due(three_zones, utc(2025, 3, 9, 23, 30)) == set()  # 08:30 in Seoul
    await three_zones.unsubscribe(SEOUL)
    await three_zones.subscribe(SEOUL, 1001, "07:00", "Asia/Seoul", "ko", now=utc(2025, 3, 9, 21, 0))
    assert await due(three_zones, utc(2025, 3, 9, 23, 30)) == set()  # re-subscribed: same (user, date) sent


async def test_dst_gap_time_is_due_after_the_jump(storage: SQLStorage) -> None:
    # 2025-03-09 in New York: 02:00 EST jumps to 03:00 EDT; 02:30 does not exist that day
    await storage.subscribe(1, 1, "02:30", "America/New_York", "en", now=utc(2025, 3, 9, 5, 0))  # 00:00 EST
    assert await due(storage, utc(2025, 3, 9, 6, 59)) == set()  # 01:59 EST
    assert await due(storage, utc(2025, 3, 9, 7, 0)) == {(1, "2025-03-09")}  # 03:00 EDT


async def test_prune_old_deliveries(three_zones: SQLStorage) -> None:
    await deliver(three_zones, utc(2025, 3, 9, 22, 0))
    assert await three_zones.prune_deliveries(date(2025, 3, 10)) == 1  # Berlin's 3/9
    assert await three_zones.get_delivery(SEOUL, "2025-03-10") is not None


# ------------------------------------------------------------------------------------------------ streaming


async def test_due_subscriptions_stream_in_pages(database_url: str, clock: Clock,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    zones = ["Asia/Seoul", "America/New_York", "Europe/Berlin"]
    n = 5000
    fast = {} if is_postgres_url(database_url) else {"synchronous": "OFF"}
    async with await open_storage(database_url, clock=clock, **fast) as s:
        stamp = s.instant(utc(2025, 3, 1))
        async with s.transaction() as tx:
            await tx.executemany(
                "INSERT INTO users (user_id, created_at, updated_at) VALUES (:u, :now, :now)",
                [{"u": u, "now": stamp} for u in range(1, n + 2)],
            )
            await tx.executemany(
                "INSERT INTO subscriptions (user_id, chat_id, send_at, tz, lang, starts_on, created_at, updated_at) "
                "VALUES (:u, :u, '07:00', :tz, 'en', :day, :now, :now)",
                [{"u": u, "tz": zones[u % 3], "day": s.day("2025-03-01"), "now": stamp} for u in range(1, n + 1)],
            )

        pages: list[int] = []
        real_page = s._due_page

        async def counting_page(*args, **kwargs):
            rows = await real_page(*args, **kwargs)
            pages.append(len(rows))
            return rows

        monkeypatch.setattr(s, "_due_page", counting_page)
        now = utc(2025, 3, 10, 12, 0)  # 21:00 in Seoul, 08:00 in New York, 13:00 in Berlin
        stream = s.iter_due_subscriptions(now, page_size=100)
        first = await anext(stream)
        assert pages == [100]  # one page read, not 5000 rows

        # the stream is lazy: a subscription added after it started is still seen
        await s.subscribe(n + 1, n + 1, "06:00", zones[2], "en", now=utc(2025, 3, 9))
        seen = {first.user_id}
        sent = 0
        async for d in stream:
            assert d.user_id not in seen
            seen.add(d.user_id)
            if sent < 50:  # the consumer may write while the stream is open
                assert await s.reserve_delivery(d, now=now)
                assert await s.confirm_delivery(d, message_id=d.user_id, now=now)
                sent += 1
        assert seen == set(range(1, n + 2))
        assert max(pages) <= 100 and sum(pages) == n + 1
        assert len(pages) >= (n + 1) // 100
        remaining = [d.user_id async for d in s.iter_due_subscriptions(now, page_size=1000)]
        assert len(remaining) == n + 1 - 50


async def test_concurrent_commits_all_land_and_one_that_fails_fails_alone(storage: SQLStorage) -> None:
    """40 updates committing at once: each outcome is on disk when its call returns,
    and the one whose update id no database can hold raises for its own update only."""
    users = range(1, 41)
    await storage.store_updates([(1000 + u, u, "{}") for u in users])

    async def commit(u: int) -> None:
        await storage.commit_update([(u, f'{{"n":{u}}}')], [("consultation", f"[{u},{u}]", str(u))], handled=[1000 + u])

    bad = storage.commit_update([(99, '{"n":99}')], [], handled=[2**64])
    outcomes = await asyncio.gather(*(commit(u) for u in users[:20]), bad, *(commit(u) for u in users[20:]),
                                    return_exceptions=True)
    assert [type(o).__name__ for o in outcomes] == ["NoneType"] * 20 + ["ValueError"] + ["NoneType"] * 20
    assert await storage.pending_updates() == []
    rows = await storage.fetchall("SELECT user_id, data FROM ptb_user_data ORDER BY user_id")
    assert [(int(r[0]), str(r[1])) for r in rows] == [(u, f'{{"n":{u}}}') for u in users]  # user 99's went with it
    states = await storage.fetchall("SELECT key, state FROM ptb_conversations ORDER BY state")
    assert sorted((str(r[0]), str(r[1])) for r in states) == sorted((f"[{u},{u}]", str(u)) for u in users)
