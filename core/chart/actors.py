"""Uniform access to everything that can act or be acted on in a chart: lines, changed lines, hidden lines, month, day.

The analysis speaks of "the use-god", "the 元神" … wherever they stand; an ``Actor`` is that thing with the facts
the rules look at, so each rule is written once instead of once per layer.
"""

from __future__ import annotations

from functools import lru_cache

from core.chart.chart import Chart, DayClash, Standing, Transformation
from core.chart.ganzhi import Branch, Element
from core.chart.hexagram import Relation, relation
from core.findings import LINE_PLACES, Layer, Place
from core.values import value


@value
class Actor:
    place: Place
    branch: Branch
    relation: Relation
    standing: Standing | None  # None for the month and the day themselves
    moving: bool  # a moving line (the month and the day always act; see ``acts``)
    transformations: tuple[Transformation, ...]
    changed_branch: Branch | None
    # Derived (see ``_actor``), kept as fields because every rule reads them:
    element: Element
    hidden_movement: bool  # 暗動: a static line the day clashes while it is strong (D-02)
    acts: bool  # can generate or overcome other lines: moving, 暗動, or the month/day (DB-03, D-02)


def _actor(place: Place, branch: Branch, relation: Relation, standing: Standing | None, moving: bool,
           transformations: tuple[Transformation, ...] = (), changed_branch: Branch | None = None) -> Actor:
    hidden = standing is not None and standing.day_clash is DayClash.暗動
    acts = moving or hidden or place.layer in (Layer.MONTH, Layer.DAY)
    return Actor(place, branch, relation, standing, moving, transformations, changed_branch, branch.element, hidden,
                 acts)


@lru_cache(maxsize=64)  # charts and places hash by identity: each actor is built once per reading
def actor_at(chart: Chart, place: Place) -> Actor:
    """The actor standing at ``place``; raises KeyError for a place the chart does not have."""
    layer, pos = place.layer, place.position
    if layer is Layer.MONTH:
        b = chart.moment.month_branch
        return _actor(place, b, relation(chart.hexagram.element, b.element), None, False)
    if layer is Layer.DAY:
        b = chart.moment.day.branch
        return _actor(place, b, relation(chart.hexagram.element, b.element), None, False)
    if not 1 <= pos <= 6:
        raise KeyError(f"no line {pos}")
    if layer is Layer.LINE:
        return line_actors(chart)[pos - 1]
    line = chart.lines[pos - 1]
    if layer is Layer.CHANGED:
        if line.changed is None:
            raise KeyError(f"line {pos} does not move")
        return _actor(place, line.changed.branch, line.changed.relation, line.changed.standing, False)
    if layer is Layer.HIDDEN:
        if line.hidden is None:
            raise KeyError(f"nothing is hidden under line {pos}")
        return _actor(place, line.hidden.branch, line.hidden.relation, line.hidden.standing, False)
    raise KeyError(f"unknown layer {layer}")


@lru_cache(maxsize=8)
def line_actors(chart: Chart) -> tuple[Actor, ...]:
    """The six primary lines as actors, bottom first."""
    return tuple(_actor(LINE_PLACES[line.position], line.branch, line.relation, line.standing, line.moving,
                        line.transformations, line.changed.branch if line.changed else None)
                 for line in chart.lines)


@lru_cache(maxsize=8)
def acting_lines(chart: Chart) -> tuple[Actor, ...]:
    """Lines that act on others: moving lines and 暗動 lines (002 動變, D-02)."""
    return tuple(a for a in line_actors(chart) if a.acts)
