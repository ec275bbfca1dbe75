"""The vocabulary of a reading: findings (what holds, where, how much it weighs, says which rule) and timings.

A finding carries no prose: ``key`` names the sentence the bot renders (a gettext message id is derived from it)
and ``params`` fill it.  Every finding names its rule id and the seed passage (``Source``), so a reading can
always say why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import Enum, StrEnum
from functools import lru_cache

from core.chart.ganzhi import Branch, Stem
from core.rules import source
from core.sources import Source
from core.values import value


class Effect(StrEnum):
    """Which way a finding pushes the matter asked about."""

    GOOD = "+"
    BAD = "-"
    NEUTRAL = "0"


class Layer(StrEnum):
    """Where a thing stands: a line of the primary hexagram, its change, the 伏神 under it, or the month/day."""

    LINE = "line"
    CHANGED = "changed"
    HIDDEN = "hidden"
    MONTH = "month"
    DAY = "day"


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Place:
    """A position (1–6; 0 for the month or the day) in a layer.

    Interned: ``Place(layer, n)`` returns the one object for that place, so places compare and hash by identity
    (they key the caches and sets of every analysis, where a field-wise ``__eq__``/``__hash__`` costs more than
    the rule itself)."""

    layer: Layer
    position: int

    def __new__(cls, layer: Layer | str, position: int = 0) -> Place:  # noqa: PYI034 - one interned value per place
        try:
            return _PLACES[layer, position]
        except KeyError:
            raise ValueError(f"no place {position!r} in layer {layer!r}") from None

    def __reduce__(self) -> tuple[type[Place], tuple[Layer, int]]:
        return Place, (self.layer, self.position)

    def __str__(self) -> str:
        return f"{self.layer.value}{self.position or ''}"


def _intern(layer: Layer, position: int) -> Place:
    place = object.__new__(Place)
    object.__setattr__(place, "layer", layer)
    object.__setattr__(place, "position", position)
    return place


_PLACES: dict[tuple[Layer | str, int], Place] = {(layer, n): _intern(layer, n) for layer in Layer for n in range(7)}
# By position (index 0 unused), for loops over the six lines.
LINE_PLACES = tuple(_PLACES[Layer.LINE, n] for n in range(7))
CHANGED_PLACES = tuple(_PLACES[Layer.CHANGED, n] for n in range(7))
HIDDEN_PLACES = tuple(_PLACES[Layer.HIDDEN, n] for n in range(7))


@value
class Finding:
    """One thing the texts say about this chart, with its weight (0–10) for the verdict."""

    rule: str
    source: Source
    key: str  # what is said, e.g. "month_break"; the bot's message id is derived from it
    effect: Effect
    weight: int
    places: tuple[Place, ...] = ()
    params: tuple[tuple[str, str], ...] = ()  # values the sentence needs (branch, relation …), canonical names

    def __post_init__(self) -> None:
        if not 0 <= self.weight <= 10:
            raise ValueError(f"weight {self.weight} outside 0–10")
        if self.rule != self.source.rule:
            raise ValueError(f"finding rule {self.rule} differs from its source {self.source.rule}")

    def param(self, name: str) -> str | None:
        for key, text in reversed(self.params):  # a few pairs: a scan beats building a dict (the last one wins)
            if key == name:
                return text
        return None


def finding(rule: str | Source, key: str, effect: Effect, weight: int, places: Iterable[Place] = (),
            branch: object = None, **params: object) -> Finding:
    """The one way a finding is made, so every finding names its rule and passage the same way.

    ``rule``: a registered id, read at its own passage (``core.rules.source``), or the ``Source`` of another passage
    the registry gives it (``source(id, line)``, a star's, a question catalogue's).  ``places`` as given, in order
    (a caller that may name a place twice and means it once passes ``dict.fromkeys(places)``).
    ``params`` fill the sentence: canonical names as text (an enum member by its name, a flag as 1 or 0), in the
    order of their names, a None left out; ``branch``, the usual one, is named so most calls build no dict."""
    items = tuple(params.items()) if params else ()
    if branch is not None:
        items = (("branch", branch), *items)
    return _shared_finding(rule, key, effect, weight, places if type(places) is tuple else tuple(places), items)


def param_text(v: object) -> str:
    """A finding's parameter as the sentence reads it: text as it is, an enum member by its (canonical) name, a flag
    as 1 or 0, anything else as ``str`` gives it."""
    if isinstance(v, str):
        return str(v)  # a StrEnum member as its value, the text it is
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, Enum):
        return v.name
    return str(v)


@lru_cache(maxsize=32768)
def _shared_finding(rule: str | Source, key: str, effect: Effect, weight: int, places: tuple[Place, ...],
                    params: tuple[tuple[str, object], ...]) -> Finding:
    """One object per distinct finding: findings are immutable and the same few thousand recur in every reading,
    so each is built (and its rule looked up and validated) once."""
    src = rule if isinstance(rule, Source) else source(rule)
    return Finding(src.rule, src, key, effect, weight, places,
                   tuple(sorted([(k, param_text(v)) for k, v in params if v is not None])))


class Unit(StrEnum):
    HOUR = "hour"
    DAY = "day"
    MONTH = "month"
    YEAR = "year"


@value
class Timing:
    """When something should happen (應期): a branch (and stem if the text needs one) in a unit, and why."""

    unit: Unit
    branch: Branch
    rule: str
    source: Source
    key: str
    weight: int
    stem: Stem | None = None
    places: tuple[Place, ...] = ()
    dates: tuple[date | datetime, ...] = field(default=())  # the next real occurrences after the cast
    rules: tuple[str, ...] = ()  # every rule that gives this (unit, branch), the strongest (``rule``) first
    favourable: bool | None = None  # a good moment (True), a bad one (False), or as the verdict is unclear (None)
    # A branch the horizon reads in two units (a month and a year, 遠事定之以年月) is one moment: ``units`` lists
    # them, ``unit`` first, and ``unit_dates`` their next dates in the same order (``dates`` is ``unit``'s).
    units: tuple[Unit, ...] = ()
    unit_dates: tuple[tuple[date | datetime, ...], ...] = ()
    event: str | None = None  # what happens then, as a key ("recovery", "money_comes", "danger" …; the bot words it)
    likely: bool = False  # the reading's most likely moment (the first of its timing)

    @property
    def all_units(self) -> tuple[Unit, ...]:
        """The units this moment is read in (``unit`` alone for a timing built before the units were merged)."""
        return self.units or (self.unit,)
