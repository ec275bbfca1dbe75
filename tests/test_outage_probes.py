"""The probes of issue 24 (``tests/outage_probes.py``), each small: a real bot process under a few users' load
while the database restarts and stops, the disk fills up, or the webhook is abused — every message answered
once, nothing left pending, and the fault a few lines of log, never a traceback per try.  (SIGTERM with the Bot
API down: ``tests/test_stop.py``.)  Full size by hand: ``python bench/probe_robust.py database|disk|webhook
--full``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.outage_probes import Measured, database, disk, webhook

LOG_BUDGET = 20_000  # bytes of log a small probe's fault may write (its lines are a few hundred bytes)


def _check(m: Measured, log: Path) -> None:
    print(m.summary())
    assert m.sent > 0 and m.answered == m.sent and m.duplicated == 0, m.summary()
    assert m.pending_after == 0, m.summary()
    assert m.log_bytes < LOG_BUDGET, m.summary()
    assert m.notes["exit"] == 0, m.summary()
    assert "Traceback" not in log.read_text(errors="replace")


@pytest.mark.timeout(200)
async def test_postgresql_restarted_and_stopped_under_load(tmp_path: Path, postgres_url: str) -> None:
    m = await database(postgres_url, tmp_path, users=4, restarts=1, down=3.0)
    _check(m, tmp_path / "database.log")
    assert m.notes["turned away"] > 0  # the bot did meet the database away


@pytest.mark.timeout(200)
async def test_a_full_disk_under_load(tmp_path: Path) -> None:
    try:
        m = await disk(tmp_path, users=4, down=3.0)
    except OSError as exc:
        pytest.skip(str(exc))  # no tmpfs of our own on this machine
    _check(m, tmp_path / "disk.log")


@pytest.mark.timeout(200)
async def test_webhook_abuse_under_load(tmp_path: Path) -> None:
    m = await webhook(tmp_path, users=4, descriptors=128, idle=200, slow=20, oversized=5, malformed=10, rounds=1)
    _check(m, tmp_path / "webhook.log")
    assert m.notes["statuses"].get(400, 0) == 10  # every malformed body refused
