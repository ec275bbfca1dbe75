"""An open consultation as a typed value, and the JSON it is kept as in the user's data (``user_data["c"]``).

A step reads ``context.consultation`` (``bot.handlers.context.BotContext``), builds the next value with
``dataclasses.replace`` and assigns it back: the user's data then holds its JSON at once, so PTB's persistence
writes it with the update (``bot.storage.persistence``) and a failed step puts the user's data back as a whole
(``bot.handlers.app``'s ``_track``).  The value is immutable; nothing reaches into the stored dict by key.

The stored shape is flat, one key a field, with ``"v"`` the version of the shape.  Version 1 (no ``"v"``, every
row written before this module) has the same keys, so it reads as it is; ``"tosses"`` holds the coins counted so
far while the user tosses and, once the six lines are known (``"lines"``), each toss's coins (backs first) — the
two fields ``tossed`` and ``cast_tosses`` here.  A row of a newer version than this code knows is read as far as
its keys are known (a rollback keeps the consultation going); a value of the wrong type reads as not given, so a
hand-edited or damaged row costs that answer, not the update.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from core.question import FollowUp

__all__ = ["ANSWERS", "VERSION", "Consultation", "NatalAnswers"]

VERSION: Final = 2
"""The version of the stored shape written now (1: the same keys without ``"v"``)."""

ANSWERS: Final = (*(f.value for f in FollowUp), "use_god")
"""The keys of a topic's answers (follow-ups, optional ones stored as ``None`` when skipped); a new topic clears
them all.  ``use_god`` is read from rows that carry it (the engine's own key for a use-god chosen outright)."""

_TEXTS: Final = ("id", "question", "topic", "asking", "lines", "moment", "cast_date")
_STATES: Final = ("state", "resume")


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _counts(value: object) -> tuple[int, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(n for n in value if isinstance(n, int) and not isinstance(n, bool))


def _coins(value: object) -> tuple[tuple[int, ...], ...] | None:
    if not isinstance(value, list):
        return None
    return tuple(tuple(_counts(toss)) for toss in value if isinstance(toss, list))


@dataclass(frozen=True, slots=True)
class NatalAnswers:
    """What /natal has been told so far: the birth's date (ISO), its time (``HH:MM``; ``None``: not known), the
    zone (IANA) and the sex (``male``/``female``; ``None``: skipped)."""

    date: str | None = None
    time: str | None = None
    zone: str | None = None
    sex: str | None = None

    def to_json(self) -> dict[str, str | None]:
        """Only what was answered (the steps read an absent answer as a missing one)."""
        return {k: v for k, v in (("date", self.date), ("time", self.time), ("zone", self.zone), ("sex", self.sex))
                if v is not None}

    @classmethod
    def from_json(cls, data: object) -> NatalAnswers:
        if not isinstance(data, Mapping):
            return cls()
        return cls(date=_text(data.get("date")), time=_text(data.get("time")), zone=_text(data.get("zone")),
                   sex=_text(data.get("sex")))


@dataclass(frozen=True, slots=True)
class Consultation:
    """One open consultation (a hexagram's or, with ``natal``, a birth chart's), as far as the user has come.

    ``state`` is the step it waits at (``bot.handlers.common``'s ``ASK_*``), ``resume`` the step to go back to
    after an outcome's date; ``answers`` maps a follow-up's id to its answer (``None``: an optional one skipped);
    ``moment`` is ``"now"`` or an ISO instant, ``cast_date`` a date given without its time; ``tossed`` the coins
    counted so far, ``lines`` the cast once known with ``cast_tosses`` its coins (``None``: typed as lines)."""

    id: str | None = None
    state: int | None = None
    resume: int | None = None
    quick: bool = False
    question: str | None = None
    topic: str | None = None
    answers: Mapping[str, str | None] = field(default_factory=dict)
    asking: str | None = None
    tossed: tuple[int, ...] = ()
    lines: str | None = None
    cast_tosses: tuple[tuple[int, ...], ...] | None = None
    moment: str | None = None
    cast_date: str | None = None
    natal: NatalAnswers | None = None

    @property
    def is_open(self) -> bool:
        """Whether the consultation waits at a step."""
        return self.state is not None

    def answered(self, which: str, value: str | None) -> Consultation:
        """This consultation with ``which`` answered ``value`` (``None``: skipped)."""
        return replace(self, answers={**self.answers, which: value})

    def unanswered(self, which: str) -> Consultation:
        return replace(self, answers={k: v for k, v in self.answers.items() if k != which})

    def to_json(self) -> dict[str, Any]:
        """The stored shape (version ``VERSION``): plain JSON, only the fields that are set."""
        out: dict[str, Any] = {"v": VERSION}
        for key in (*_TEXTS, *_STATES):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.quick:
            out["quick"] = True
        out.update(self.answers)
        if self.lines is not None:
            out["tosses"] = None if self.cast_tosses is None else [list(t) for t in self.cast_tosses]
        elif self.tossed:
            out["tosses"] = list(self.tossed)
        if self.natal is not None:
            out["natal"] = self.natal.to_json()
        return out

    @classmethod
    def from_json(cls, data: object) -> Consultation:
        """The consultation a stored row holds (any version so far; see the module notes); an empty one for
        anything that is not a JSON object."""
        if not isinstance(data, Mapping):
            return cls()
        lines = _text(data.get("lines"))
        tosses = data.get("tosses")
        return cls(
            id=_text(data.get("id")),
            state=_number(data.get("state")),
            resume=_number(data.get("resume")),
            quick=data.get("quick") is True,
            question=_text(data.get("question")),
            topic=_text(data.get("topic")),
            answers={k: _text(data[k]) for k in ANSWERS if k in data},
            asking=_text(data.get("asking")),
            tossed=() if lines is not None else _counts(tosses),
            lines=lines,
            cast_tosses=_coins(tosses) if lines is not None else None,
            moment=_text(data.get("moment")),
            cast_date=_text(data.get("cast_date")),
            natal=NatalAnswers.from_json(data["natal"]) if "natal" in data else None,
        )
