"""The stars on a chart: where each lands (``chart_stars``) and which count for a reading (``counting_stars``).

How a star acts on a chart is the chapter's closing paragraph (seed 001 line 223, notes §5):
地支之星以月為憑，天干之星以日為主 (branch stars by the month, stem stars by the day); 年星…遠而較輕，
時星…倏而易逝 (year and hour stars weigh less); 占星之法，多視其類 (only stars of the matter asked);
各伺其動 (only on a moving line — DESIGN.md adds the use-god); 以用神為主而星輔之，吉以益其吉，凶以甚其凶
(stars only amplify).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from operator import attrgetter

from core.chart.chart import Chart
from core.chart.ganzhi import Branch, Stem, StemBranch
from core.chart.hexagram import Relation
from core.findings import CHANGED_PLACES, HIDDEN_PLACES, LINE_PLACES, Effect, Finding, Layer, Place, finding
from core.stars.catalogue import STARS, Keyed, Matter, Nature, Star, Target, _by_kind, _keys, target_text
from core.values import value

# ---- a chart ------------------------------------------------------------------------------------------

@value
class StarHit:
    """A star landing on a line, a changed line, a hidden line (by branch, or 納甲 stem) or the day (天赦)."""

    star: Star
    target: Target
    place: Place
    relation: Relation | None  # 六親 of what carries it; None for the day
    moving: bool  # a moving line, or the line it changes into


@lru_cache(maxsize=4096)
def _targets_at(month: Branch, day: StemBranch, year_branch: Branch | None, hour: Branch | None
                ) -> dict[tuple[str, object], tuple[tuple[Star, Target], ...]]:
    """Every star's targets at one set of pillars, by target slot (a branch, a stem or a pillar): each key kind's
    inverted table at its key value, merged in key-kind order.  Remembered per set of pillars: a running bot sees
    a few days' pillars, and every reading of a day asks the same question (callers never mutate the result)."""
    keys = _keys(month, day, year_branch, hour)
    found: dict[tuple[str, object], list[tuple[Star, Target]]] = {}
    for kind, by_key in _by_kind().items():
        key = keys[kind]
        if key is not None and key in by_key:
            for slot, pairs in by_key[key].items():
                found.setdefault(slot, []).extend(pairs)
    return {slot: tuple(pairs) for slot, pairs in found.items()}


_ORDER = {star.id: i for i, star in enumerate(STARS)}  # catalogue order
_DAY_PLACE = Place(Layer.DAY)

# A place stars land on: the place, the 六親 of what stands there (None for the day), whether it moves (a moving
# line, or the line it changes into), and the (star, target) pairs landing there, in catalogue order.
_Landing = tuple[Place, Relation | None, bool, tuple[tuple[Star, Target], ...]]


def _landings(chart: Chart, counting_only: frozenset[Place] | None) -> list[_Landing]:
    """Every place of the chart and the stars in force at its moment that land there, in line order
    (``chart_stars``)."""
    m = chart.moment
    index = _targets_at(m.month_branch, m.day, m.year_branch, None if m.hour is None else m.hour.branch)
    empty: tuple[tuple[Star, Target], ...] = ()

    def at(branch: Branch, stem: Stem) -> tuple[tuple[Star, Target], ...]:
        return index.get(("b", branch), empty) + index.get(("s", stem), empty)

    out: list[_Landing] = [(_DAY_PLACE, None, False, index.get(("p", m.day), empty))]
    wanted = counting_only
    for line in chart.lines:
        pos = line.position
        here = LINE_PLACES[pos]
        if wanted is None or line.moving or here in wanted:
            out.append((here, line.relation, line.moving, at(line.branch, line.stem)))
        changed = line.changed
        if changed is not None:
            out.append((CHANGED_PLACES[pos], changed.relation, True, at(changed.branch, changed.stem)))
        hidden, under = line.hidden, HIDDEN_PLACES[pos]
        if hidden is not None and (wanted is None or under in wanted):
            out.append((under, hidden.relation, False, at(hidden.branch, hidden.stem)))
    return out


def chart_stars(chart: Chart, counting_only: frozenset[Place] | None = None) -> tuple[StarHit, ...]:
    """Every star in force at the chart's moment that lands on one of its lines, in catalogue then line order.

    ``counting_only``: only the places where a star can count — the day, moving lines and their changes, and
    these (use-god) places; the rest are skipped rather than found and dropped."""
    hits = [StarHit(star, target, place, relation, moving)
            for place, relation, moving, pairs in _landings(chart, counting_only) for star, target in pairs]
    if counting_only is None:
        hits.sort(key=lambda h: (_ORDER[h.star.id], h.place.position))
    return tuple(hits)


_WEIGHT = attrgetter("weight")

# 年星雖列，遠而較輕，時星間陳，倏而易逝，唯日月之用尊焉
_KEY_WEIGHT = {Keyed.YEAR_BRANCH: 1, Keyed.YEAR_MONTH: 1, Keyed.HOUR: 1}


def _effect(star: Star, matter: Matter | None) -> Effect:
    if star.nature is Nature.GOOD:
        return Effect.GOOD
    if star.nature is Nature.BAD:
        return Effect.BAD
    if star.nature is Nature.MIXED and matter is not None:
        if matter in star.favours:
            return Effect.GOOD
        if matter in star.avoid:
            return Effect.BAD
    return Effect.NEUTRAL


def _counting(chart: Chart, use_god: frozenset[Place], wanted: Matter | None
              ) -> list[tuple[Star, Target, Place, Effect, int, str]]:
    """The stars that count where they land, with effect, weight and key, in ``chart_stars``' order (see
    ``counting_stars``): what the place allows is judged once for the place, what the star says once per star."""
    out = []
    for place, relation, moving, pairs in _landings(chart, use_god):
        on_use = place in use_god
        layer = place.layer
        if not (moving or on_use or layer is Layer.DAY):
            continue  # 各伺其動: only a moving line, the line it changes into, a use-god place or the day
        key = "star_on_use_god" if on_use else "star_on_day" if layer is Layer.DAY else "star_on_moving"
        moving_line = layer is Layer.LINE and moving
        for star, target in pairs:
            if star.requires is not None and not (moving_line and relation is star.requires):
                continue  # 罡魁臨鬼動, 與鬼動, 鬼搖是宮, 子孫動: that 六親 itself moving
            bearing = _BEARINGS[star, wanted]
            if bearing is None:
                continue
            effect, weight = bearing
            if (on_use and moving) or (star.heavier is not None and relation is star.heavier):
                weight += 1  # on a moving use-god, or on the 六親 it weighs more on
            out.append((star, target, place, effect, max(1, min(3, weight)), key))
    return out


def _bearing(star: Star, wanted: Matter | None) -> tuple[Effect, int] | None:
    """What a star says for the matter wherever it lands: None when it does not bear on it (占星之法，多視其類:
    only stars of the matter or of general bearing), else its effect (its nature) and its weight before the place
    (2 for month and day stars, 1 for year and hour stars, one less when its meaning is inferred or neutral)."""
    if wanted is not None and wanted not in star.matters and Matter.GENERAL not in star.matters:
        return None
    effect = _effect(star, wanted)
    return effect, _KEY_WEIGHT.get(star.key, 2) - (star.inferred or effect is Effect.NEUTRAL)


# every star for every matter (and none), made once: a reading judges some forty landings
_BEARINGS = {(star, wanted): _bearing(star, wanted) for star in STARS for wanted in (None, *Matter)}


def counting_stars(chart: Chart, use_god_places: Iterable[Place] = (), *,
                   matter: Matter | str | None = None) -> tuple[Finding, ...]:
    """The stars that count for this reading, heaviest first.

    A star counts on a moving line or the line it changes into (各伺其動), or on a use-god place (DESIGN.md),
    and 天赦 on its day; a star that needs a 六親 (罡魁, 天官符, 鶴神 官鬼; 喜神 子孫) only on a moving line of it.  With
    ``matter``, only stars of that matter or of general bearing count (占星之法，多視其類).  The effect is the
    star's nature (吉以益其吉，凶以甚其凶 — it amplifies, the reading decides); weight 2 for month and day stars,
    1 for year and hour stars, +1 on a moving use-god or a heavier 六親, −1 when its meaning is inferred, 1–3.
    """
    wanted = Matter(matter) if matter is not None else None
    findings = [finding(star.source, key, effect, weight, (place,), star=star.id, name=star.name,
                        target=target_text(target), nature=star.nature.value)
                for star, target, place, effect, weight, key in _counting(chart, frozenset(use_god_places), wanted)]
    findings.sort(key=_WEIGHT, reverse=True)  # stable: equal weights keep their order
    return tuple(findings)


_GROUP_KEY = {"star_on_use_god": "stars_on_use_god", "star_on_day": "stars_on_day", "star_on_moving": "stars_on_moving"}


def grouped_stars(chart: Chart, use_god_places: Iterable[Place] = (), *,
                  matter: Matter | str | None = None) -> tuple[Finding, ...]:
    """``counting_stars`` gathered per place and effect, for a reading: one finding names every good (or bad)
    star on a place, under the heaviest star's rule (the first found among equals), weighing as that star plus one
    when it has company (at most 3).  Dozens of stars can touch the moving lines; the reader wants them together,
    and they only amplify (吉以益其吉，凶以甚其凶)."""
    wanted = Matter(matter) if matter is not None else None
    groups: dict[tuple[Place, Effect], list[tuple[int, int, Star, str]]] = {}
    for i, (star, _target, place, effect, weight, key) in enumerate(_counting(chart, frozenset(use_god_places),
                                                                            wanted)):
        groups.setdefault((place, effect), []).append((-weight, i, star, key))
    out = []
    for (place, effect), members in groups.items():
        members.sort()  # heaviest first, then as found (the indices differ: stars themselves are never compared)
        heaviest, _, lead, key = members[0]
        names = "、".join(dict.fromkeys([m[2].name for m in members]))
        rules = " ".join(dict.fromkeys([m[2].source.rule for m in members]))
        out.append(finding(lead.source, _GROUP_KEY[key], effect, min(3, -heaviest + (len(members) > 1)), (place,),
                           names=names, rules=rules, nature=lead.nature.value))
    out.sort(key=_WEIGHT, reverse=True)  # stable: equal weights keep their order
    return tuple(out)
