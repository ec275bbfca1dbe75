"""Every reading of 1 200 fixed casts (fresh moments and same-day casts, all topics) is exactly what it was.

The digests were written by the engine before the speed work of issue 3 (commit 481e642) and still match, so
that work changed no finding, weight, order or date.  A deliberate change to the readings regenerates them with
``python tools/reading_digests.py`` (see that script).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from core.question import Topic

ROOT = Path(__file__).resolve().parent.parent


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("reading_digests", ROOT / "tools" / "reading_digests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_reading_matches_its_digest() -> None:
    tool = _tool()
    stored = json.loads(tool.PATH.read_text(encoding="utf-8"))
    found = tool.digests()
    assert len(found) == len(stored) == 1200
    changed = [i for i, (a, b) in enumerate(zip(stored, found)) if a != b]
    assert not changed, f"{len(changed)} readings changed, first at cases {changed[:10]}"


def test_the_cases_cover_every_topic_and_both_kinds_of_moment() -> None:
    cases = _tool().cases()
    assert {q.topic for *_, q in cases} == {q.topic for *_, q in cases[:600]} == set(Topic)
    assert len({(at.date(), zone) for _v, at, zone, _q in cases[600:]}) <= 40  # the same 20 days (±1 at midnight)
    assert len({(at.date(), zone) for _v, at, zone, _q in cases[:600]}) > 590
