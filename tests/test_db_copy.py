"""``liuyao db copy``: an installation moved SQLite → PostgreSQL → SQLite arrives whole and equal, an occupied
target is refused and left as it was, and every failure is one line with the commands' exit statuses."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from bot.cli import main
from bot.storage import SQLStorage, open_storage
from bot.storage.schema import IDENTITIES, KEYS, TABLES
from bot.storage.transfer import NotEmptyError, copy_database

NOW = datetime(2025, 3, 9, 12, 0, 0, 123456, tzinfo=UTC)


async def fill(store: SQLStorage) -> None:
    """One of everything the bot keeps, with the values that differ in form between the engines."""
    await store.update_user_settings(1, lang="ko", tz="Asia/Seoul", day_boundary=0, coins="faces", grim=True)
    await store.get_or_create_user(2**63 - 1, lang="zh_Hant", tz="Asia/Taipei")  # the largest id a database holds
    first = await store.add_reading(1, lines="789968", reading={"verdict": "吉", "n": 1.5}, tosses=[[0, 1, 1]] * 6,
                                    coins="backs", moment_utc=NOW, tz="Asia/Seoul", day_boundary=23,
                                    question="이사해도 될까요?", topic="property", subject="self", sex="female",
                                    use_god="父母")
    gone = await store.add_reading(1, lines="777777", reading={}, pillars={"month": "辰", "day": "戊申"})
    await store.add_reading(2**63 - 1, lines="888888", reading=[], pillars={"day": "甲子"})
    await store.set_outcome(1, first, outcome="happened", text="moved", on=date(2025, 4, 1), now=NOW)
    await store.set_ask_back(1, True, at="21:00", now=NOW)  # an ask of the reading, waiting (bot.handlers.askback)
    assert await store.schedule_asks(1, first, 1, [("day", "丙午", date(2025, 4, 2), NOW + timedelta(days=2))], now=NOW)
    async with store.transaction() as tx:  # a deleted reading: its id is never given again, after the move too
        await tx.execute("DELETE FROM readings WHERE id = :id", {"id": gone})
    await store.add_natal_reading(1, record={"fired": ["V1"]}, birth_utc=NOW, tz="Asia/Seoul", sex="male")
    await store.add_natal_reading(1, record={}, birth_date="1990-05-01", tz="Asia/Tokyo")
    await store.add_natal_reading(1, record={}, pillars={"year": "甲子"})
    old = await store.subscribe(1, 1, "07:00", "Asia/Seoul", "ko", now=NOW - timedelta(days=3))
    await store.unsubscribe(1, reason="blocked", now=NOW - timedelta(days=2))
    due_now = NOW + timedelta(days=1)
    await store.subscribe(1, 1, "07:00", "Asia/Seoul", "ko", now=NOW)
    [due] = [d async for d in store.iter_due_subscriptions(due_now)]
    assert await store.reserve_delivery(due, now=due_now)
    assert await store.fail_delivery(due, error="RetryAfter 3", retry=True, retry_after=timedelta(seconds=3),
                                     now=due_now)
    assert old.id != due.id
    await store.put_ptb_data("user_data", 1, '{"c":{"state":4,"tosses":[3,2]}}')
    await store.put_ptb_data("chat_data", -100123, '{"x":1}')
    await store.put_ptb_store("bot_data", '{"k":"v"}')
    await store.put_conversation("consultation", "[1,1]", "4")
    await store.store_updates([(100_000_001, 1, '{"update_id":100000001}'), (100_000_002, 1, "{}")])
    await store.commit_update([], [], handled=[100_000_001])


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    con = sqlite3.connect(path)
    try:
        return {table: con.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(KEYS[table])}")
                .fetchall() for table, columns in TABLES.items()}
    finally:
        con.close()


@pytest.mark.asyncio
async def test_sqlite_to_postgresql_and_back_is_equal(tmp_path: Path, postgres_url: str) -> None:
    first, back = tmp_path / "first.sqlite3", tmp_path / "back.sqlite3"
    async with await open_storage(f"sqlite:///{first}", clock=lambda: NOW) as store:
        await fill(store)
    seen: list[tuple[str, int]] = []
    counts = await copy_database(f"sqlite:///{first}", postgres_url, progress=lambda t, n: seen.append((t, n)))
    original = dump(first)
    assert counts == {table: len(rows) for table, rows in original.items()} and seen == list(counts.items())
    assert counts["readings"] == 2 and counts["deliveries"] == 1 and all(counts.values())

    # the same rows through the API on both engines (instants, dates and flags in their own types)
    async with await open_storage(f"sqlite:///{first}") as lite, await open_storage(postgres_url) as pg:
        assert pg.engine == "postgresql"
        for uid in (1, 2**63 - 1):
            assert await pg.get_user(uid) == await lite.get_user(uid)
            assert await pg.list_history(uid, 0, 10) == await lite.list_history(uid, 0, 10)
            assert await pg.get_subscription(uid) == await lite.get_subscription(uid)
        assert await pg.get_delivery(1, "2025-03-10") == await lite.get_delivery(1, "2025-03-10") is not None
        assert await pg.get_conversation("consultation", "[1,1]") == await lite.get_conversation("consultation",
                                                                                                   "[1,1]")
        # the next ids are where the source would have given them
        async with pg.transaction() as ptx, lite.transaction() as ltx:
            for table in IDENTITIES:
                assert await pg.next_id(ptx, table) == await lite.next_id(ltx, table)
        assert await pg.add_reading(1, lines="666666", reading={}, pillars={"day": "乙丑"}) == 4  # 2 was deleted

    # and back: the second file equals the first, text for text (but for the reading added on PostgreSQL)
    async with await open_storage(postgres_url) as pg, pg.transaction() as tx:
        await tx.execute("DELETE FROM readings WHERE id = 4")
    await copy_database(postgres_url, f"sqlite:///{back}")
    assert dump(back) == original
    con = sqlite3.connect(back)
    assert dict(con.execute("SELECT name, seq FROM sqlite_sequence")) == {"readings": 4, "natal_readings": 3,
                                                                         "subscriptions": 2}
    con.close()


@pytest.mark.asyncio
async def test_a_target_that_holds_data_is_refused_and_left_alone(tmp_path: Path, database_url: str) -> None:
    source = tmp_path / "source.sqlite3"
    async with await open_storage(f"sqlite:///{source}") as store:
        await fill(store)
    async with await open_storage(database_url) as target:
        await target.get_or_create_user(99, lang="ja")
    with pytest.raises(NotEmptyError, match=r"already holds data \(users 1\)"):
        await copy_database(f"sqlite:///{source}", database_url)
    async with await open_storage(database_url) as target:
        assert [await target.count_rows(t) for t in TABLES] == [1] + [0] * (len(TABLES) - 1)


def test_the_command_prints_the_counts_and_fails_in_one_line(tmp_path: Path, postgres_url: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "source.sqlite3"

    async def make() -> None:
        async with await open_storage(f"sqlite:///{source}") as store:
            await fill(store)

    asyncio.run(make())
    assert main(["db", "copy", "--from", f"sqlite:///{source}", "--to", postgres_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split() for line in out[:len(TABLES)]] == [[t, str(n)] for t, n in
                                                            {t: len(r) for t, r in dump(source).items()}.items()]
    assert out[-1].startswith("liuyao db copy: 17 rows in 11 tables copied") and len(out) == len(TABLES) + 1

    failures = [
        (["--from", f"sqlite:///{source}", "--to", postgres_url], 2, "already holds data"),
        (["--from", f"sqlite:///{source}", "--to", "postgresql://postgres:s3cret@127.0.0.1:1/none"], 1,
         "cannot open the target postgresql://postgres:***@127.0.0.1:1/none"),
        (["--from", "mysql://db/liuyao", "--to", f"sqlite:///{tmp_path / 'x.sqlite3'}"], 2,
         "not a database this bot can open"),
        (["--from", f"sqlite:///{source}", "--to", f"sqlite:///{source}"], 2, "the same database"),
    ]
    for args, status, says in failures:
        assert main(["db", "copy", *args]) == status, args
        captured = capsys.readouterr()
        err = captured.err.strip()
        assert says in err and err.count("\n") == 0 and "Traceback" not in err and "s3cret" not in err, err
        assert captured.out == ""
