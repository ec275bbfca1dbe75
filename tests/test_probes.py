"""The probes of issue 14 (tests/probes.py), at a size the suite can afford; ``bench/probe_robust.py`` runs them
at full size."""

from __future__ import annotations

import pytest

from tests.probes import faults, fuzz


@pytest.mark.timeout(300)  # 500 updates, each handled to its end: minutes on a loaded machine
async def test_hostile_input_fuzz() -> None:
    """500 updates from 25 users at once, the odd shapes among them (some fifty left alone, and stale and forged
    buttons); each update is waited for until the bot is done with it (``FakeTelegram.settled``), no longer for a
    silence, so no step's late reply is taken for another's (bench/probe_robust.py: 4 000 from 100)."""
    r = await fuzz(seed=14, users=25, steps=20)
    assert r.updates >= 500, r.summary()
    assert r.ignored >= 40, r.summary()  # the odd shapes were sent, not only the ordinary steps
    assert r.errors == [], r.errors[:5]
    assert r.unanswered == [] and r.replied_to_ignored == [], r.summary()
    assert set(r.answer_counts) == {1}, r.summary()  # every button answered exactly once
    assert r.stuck == [] and r.finished == 25, r.summary()
    assert r.sorry == 0, r.summary()


@pytest.mark.timeout(300)  # faults, time-outs and an outage the bot must ride out
async def test_fault_run_then_an_outage_then_everyone_finishes() -> None:
    """500, 502, 429, dropped connections and time-outs while 12 users consult, then 2 s of nothing but 502."""
    from bot.delivery.request import RetryingRequest

    request = RetryingRequest(connection_pool_size=64, read_timeout=1.0, backoff=0.05, max_pause=0.2)
    r = await faults(seed=14, users=12, faults=80, outage=2.0, timeout=8.0, hang=1.5, request=request,
                     rate_limit=True)
    assert sum(v for k, v in r.faults.items() if k != "outage seconds") == 80, r.summary()
    assert r.stuck == [] and r.finished == 12, r.summary()
