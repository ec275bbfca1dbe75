"""The consultation as a typed value: what it stores in the user's data, and the rows of earlier versions it reads."""

from __future__ import annotations

import json
from dataclasses import replace

from bot.handlers.consultation import VERSION, Consultation, NatalAnswers
from bot.storage.persistence import dumps_strict


def test_round_trip_through_json_text() -> None:
    c = Consultation(id="5e1f0c2a9b3d4e6f", state=6, resume=4, quick=True, question="Will it sell?", topic="wealth",
                     answers={"subject": "self", "horizon": None}, asking="horizon", lines="789968",
                     cast_tosses=((1, 1, 0), (0, 0, 0), (1, 0, 0), (1, 1, 1), (1, 1, 0), (0, 0, 0)),
                     moment="2026-03-09T12:00:00+00:00", cast_date="2026-03-09",
                     natal=NatalAnswers(date="1990-05-01", time="08:30", zone="Asia/Seoul", sex="female"))
    stored = json.loads(dumps_strict(c.to_json()))  # what the persistence accepts, as it comes back
    assert stored["v"] == VERSION
    assert Consultation.from_json(stored) == c


def test_a_skipped_optional_answer_stays_apart_from_an_unasked_one() -> None:
    c = Consultation(topic="illness").answered("illness", None)
    stored = c.to_json()
    assert "illness" in stored and stored["illness"] is None and "weather" not in stored
    back = Consultation.from_json(stored)
    assert "illness" in back.answers and "weather" not in back.answers
    assert "illness" not in back.unanswered("illness").answers


def test_tosses_are_counts_while_tossing_and_coins_once_cast() -> None:
    tossing = Consultation(state=4, tossed=(3, 2))
    assert tossing.to_json()["tosses"] == [3, 2]
    cast = replace(tossing, lines="987678", tossed=(), cast_tosses=None)
    assert cast.to_json()["tosses"] is None  # typed as lines: no coins to keep
    assert Consultation.from_json(cast.to_json()) == cast


def test_version_1_rows_read_as_they_were_written() -> None:
    """Rows from before the version number: the same flat keys, no "v"."""
    tossing = {"id": "ab", "state": 4, "question": None, "topic": "career", "subject": "self", "tosses": [1, 2, 3]}
    c = Consultation.from_json(tossing)
    assert (c.id, c.state, c.topic, c.tossed, c.lines, c.answers) == ("ab", 4, "career", (1, 2, 3), None,
                                                                       {"subject": "self"})
    cast = {"state": 7, "lines": "789968", "tosses": [[1, 1, 0]] * 6, "moment": "now", "quick": True}
    c = Consultation.from_json(cast)
    assert (c.tossed, c.cast_tosses, c.moment, c.quick) == ((), ((1, 1, 0),) * 6, "now", True)
    natal = Consultation.from_json({"natal": {"date": "1990-05-01", "time": None}, "id": "cd", "state": 12})
    assert natal.natal == NatalAnswers(date="1990-05-01")
    assert {k: v for k, v in natal.to_json().items() if k != "v"} == {"id": "cd", "state": 12,
                                                                      "natal": {"date": "1990-05-01"}}


def test_damaged_or_unknown_values_read_as_not_given() -> None:
    c = Consultation.from_json({"v": VERSION + 1, "state": "4", "topic": 7, "quick": "yes", "tosses": ["x", 2, True],
                                "natal": [], "later_field": 1})
    assert c == Consultation(tossed=(2,), natal=NatalAnswers())
    assert Consultation.from_json(None) == Consultation() == Consultation.from_json([1, 2])
    assert not Consultation().is_open and Consultation(state=0).is_open
