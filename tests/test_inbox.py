"""Issue 14, item 5, piece by piece: every update stored before its offset is confirmed, handled once, replayed
after a crash; a reading stored once per consultation.  The real bot polls the fake Bot API over HTTP, on a real
SQLite file (``tests/test_crash.py`` kills a real process)."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.storage import open_storage
from tests.fake_telegram import FakeTelegram
from tests.test_fairness import bot_on

HELP = "/cast — a new reading"


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    con = sqlite3.connect(db)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


async def test_an_update_is_stored_before_it_is_confirmed_and_marked_when_handled(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    async with FakeTelegram() as tg, bot_on(tg, db):
        u = tg.user(6000, language_code="en")
        sent = await u.send("/help")
        await u.wait_for(lambda m: HELP in (m.text or ""), 10)
        await tg.wait_call("getUpdates", lambda c: c.params.get("offset") == sent["update_id"] + 1, 10)
    (update_id, user_id, body, handled_at, outcome), = rows(
        db, "SELECT update_id, user_id, body, handled_at, outcome FROM updates")
    assert (update_id, user_id, body, outcome) == (sent["update_id"], 6000, None, "handled") and handled_at


async def test_an_update_sent_again_is_handled_once(tmp_path: Path) -> None:
    """Telegram sends an update again when it was not told it arrived (a process killed before the next
    getUpdates, a webhook answered late): the second copy is known and dropped."""
    async with FakeTelegram() as tg, bot_on(tg, tmp_path / "bot.sqlite3") as app:
        u = tg.user(6001, language_code="en")
        sent = await u.send("/help")
        await u.wait_for(lambda m: HELP in (m.text or ""), 10)
        tg._updates.append(dict(sent))
        tg._notify()
        await tg.wait_call("getUpdates", lambda c: c.params.get("offset") == sent["update_id"] + 1,
                           10, since=len(tg.calls))
        await u.send("/start")
        await u.wait_for(lambda m: "Welcome" in (m.text or ""), 10)
        assert sum(HELP in (m.text or "") for m in u.inbox) == 1
        assert app.update_queue.duplicates == 1


async def test_updates_received_but_not_handled_are_handled_at_the_next_start(tmp_path: Path) -> None:
    """What a killed process had stored but not handled: handled first at start, in update_id order."""
    db = tmp_path / "bot.sqlite3"
    async with FakeTelegram() as tg:
        u = tg.user(6002, language_code="en")
        async with bot_on(tg, db):
            pass
        first, second = (tg.queue_update({"message": u._new_message(text=t, raw_text=t, entities=[
            {"type": "bot_command", "offset": 0, "length": len(t)}]).to_dict()}) for t in ("/help", "/start"))
        tg._updates.clear()
        con = sqlite3.connect(db)
        with con:
            con.executemany("INSERT INTO updates (update_id, user_id, body, received_at) VALUES (?, ?, ?, ?)",
                            [(x["update_id"], 6002, json.dumps(x), "2026-12-01T00:00:00.000000Z")
                             for x in (second, first)])
        con.close()
        async with bot_on(tg, db):
            await u.wait_for(lambda m: HELP in (m.text or ""), 10)
            await u.wait_for(lambda m: "Welcome" in (m.text or ""), 10)
    assert rows(db, "SELECT count(*) FROM updates WHERE handled_at IS NULL") == [(0,)]


async def test_a_reading_is_stored_once_per_consultation(database_url: str) -> None:
    """Answered again after a crash (stored, then killed before the state moved on), a consultation's reading
    is the one already stored — on both engines."""
    async with await open_storage(database_url) as st:
        moment = datetime(2026, 3, 2, 3, 0, tzinfo=UTC)
        kw = {"lines": "789968", "reading": {"x": 1}, "moment_utc": moment, "tz": "UTC", "day_boundary": 23}
        first = await st.add_reading(7, consultation="c1", **kw)
        again = await st.add_reading(7, consultation="c1", **kw)
        other = await st.add_reading(7, consultation="c2", **kw)
        untagged = [await st.add_reading(7, **kw) for _ in range(2)]
        assert first == again and len({first, other, *untagged}) == 4
        assert await st.add_reading(8, consultation="c1", **kw) not in (first, other)  # another user's
        natal = {"record": {"y": 1}, "pillars": {"year": "甲子"}}
        n1 = await st.add_natal_reading(7, consultation="n1", **natal)
        assert await st.add_natal_reading(7, consultation="n1", **natal) == n1
        assert await st.readings_since(7, moment.replace(year=2000)) == 5
        assert await st.readings_since(7, st.now() + timedelta(minutes=1)) == 0


async def test_updates_are_stored_once_and_committed_with_their_state(database_url: str) -> None:
    """The inbox's storage on both engines: a redelivered id is not new; the commit writes the state and marks
    the update in one go; handled ids are pruned later."""
    async with await open_storage(database_url) as st:
        assert await st.store_updates([(1, 7, '{"update_id":1}'), (2, None, '{"update_id":2}')]) == {1, 2}
        assert await st.store_updates([(2, None, '{"update_id":2}'), (3, 7, '{"update_id":3}')]) == {3}
        assert await st.pending_updates() == [(1, '{"update_id":1}'), (2, '{"update_id":2}'),
                                              (3, '{"update_id":3}')]
        await st.commit_update([(7, '{"c":{"state":1}}')], [("consultation", "[7,7]", "1")], handled=[1],
                               dropped=[3])
        assert [i for i, _ in await st.pending_updates()] == [2]
        assert await st.get_ptb_data("user_data", 7) == '{"c":{"state":1}}'
        assert (await st.get_conversation("consultation", "[7,7]") or ("",))[0] == "1"
        assert await st.prune_updates(st.now() - timedelta(days=1)) == 0
        assert await st.prune_updates(st.now() + timedelta(seconds=1)) == 2
        assert await st.store_updates([(1, 7, "{}")]) == {1}  # forgotten after pruning: Telegram is long past it
