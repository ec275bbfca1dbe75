"""A reading's stars gathered per place and effect (``grouped_stars``), computed on bit masks.

The reading calls this once per cast; the plain hit-by-hit grouping (tests/test_stars.py spells it out and checks it
against this on 3 000 charts) costs about 0.2 ms more a reading, a fifth of the 1 ms target, so the masks stay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from types import MappingProxyType
from typing import cast

from core.chart import Chart
from core.findings import CHANGED_PLACES, HIDDEN_PLACES, LINE_PLACES, Effect, Finding, Layer, Place
from core.ganzhi import SEXAGENARY, Branch, Stem, StemBranch
from core.hexagram import Relation
from core.stars.catalogue import STARS, Keyed, Matter, Star, _by_kind, _keys
from core.stars.reading import _WEIGHT, _judge
from core.values import value


def grouped_stars(chart: Chart, use_god_places: Iterable[Place] = (), *,
                  matter: Matter | str | None = None) -> tuple[Finding, ...]:
    """``counting_stars`` gathered per place and effect, for a reading: one finding names every good (or bad)
    star on a line, under the heaviest star's rule, weighing as that star plus one when it has company (≤ 3).
    Dozens of stars can touch the moving lines; the reader wants them together, and they only amplify.

    Computed on bit masks (see ``_ORDER``): a place's stars are the union of four tables' masks (the month's,
    the year's, the day pillar's and the hour's), and what counts at a kind of place is another mask, so each
    place costs a few integer operations."""
    wanted = Matter(matter) if matter is not None else None
    use_god = frozenset(use_god_places)
    m = chart.moment
    (mb, ms, mp), (yb, ys, yp), (db, ds, dp), (hb, hs, hp) = (
        _month_masks(m.month_branch), _year_masks(m.year_branch, m.month_branch), _pillar_masks(m.day),
        _hour_masks(m.month_branch, None if m.hour is None else m.hour.branch))

    def hits(branch: Branch, stem: Stem) -> int:
        return mb[branch] | yb[branch] | db[branch] | hb[branch] | ms[stem] | ys[stem] | ds[stem] | hs[stem]

    day = m.day
    out = _place_findings(mp.get(day, 0) | yp.get(day, 0) | dp.get(day, 0) | hp.get(day, 0), _DAY, None, False,
                          False, wanted)
    for line in chart.lines:
        here = LINE_PLACES[line.position]
        on_use = here in use_god
        if line.moving or on_use:
            out += _place_findings(hits(line.branch, line.stem), here, line.relation, line.moving, on_use, wanted)
        changed = line.changed
        if changed is not None:
            there = CHANGED_PLACES[line.position]
            out += _place_findings(hits(changed.branch, changed.stem), there, changed.relation, True,
                                   there in use_god, wanted)
        hidden = HIDDEN_PLACES[line.position]
        if line.hidden is not None and hidden in use_god:
            h = line.hidden
            out += _place_findings(hits(h.branch, h.stem), hidden, h.relation, False, True, wanted)
    out.sort(key=_WEIGHT, reverse=True)  # stable: equal weights keep their order
    return tuple(out)


_DAY = Place(Layer.DAY)


# ---- a reading's stars as bit masks -------------------------------------------------------------------------

def _hit_order() -> tuple[Star, ...]:
    """The stars in the order a place lists its hits: the hour's first, then by key kind (in the order of each
    kind's first star) and catalogue order; branch (and pillar) hits, then the same again for stem hits."""
    kinds = dict.fromkeys([Keyed.HOUR, *(star.key for star in STARS)])
    once = tuple(star for kind in kinds for star in STARS if star.key is kind)
    return once + once


_ORDER = _hit_order()  # bit i of a mask stands for _ORDER[i]
_BIT = {star: 1 << i for i, star in enumerate(_ORDER[:len(STARS)])}
_STEM_SHIFT = len(STARS)  # a stem hit's bit sits this far above the star's branch bit

Masks = tuple[tuple[int, ...], tuple[int, ...], Mapping[StemBranch, int]]  # by branch, by stem, by pillar


@lru_cache(maxsize=1)
def _mask_tables() -> dict[Keyed, dict[object, Masks]]:
    """Per key kind and key value, the stars' hits as masks by branch, by stem and by pillar."""
    out: dict[Keyed, dict[object, Masks]] = {}
    for kind, by_key in _by_kind().items():
        for key, by_slot in by_key.items():
            branches, stems, pillars = [0] * 12, [0] * 10, dict[StemBranch, int]()
            for (slot_kind, target), pairs in by_slot.items():
                bits = sum(_BIT[star] for star, _t in pairs)
                if slot_kind == "b":  # the slot kind says what the target is
                    branches[cast(Branch, target)] |= bits
                elif slot_kind == "s":
                    stems[cast(Stem, target)] |= bits << _STEM_SHIFT
                else:
                    pillar = cast(StemBranch, target)
                    pillars[pillar] = pillars.get(pillar, 0) | bits
            out.setdefault(kind, {})[key] = (tuple(branches), tuple(stems), MappingProxyType(pillars))
    return out


_NO_MASKS: Masks = ((0,) * 12, (0,) * 10, MappingProxyType({}))


def _merged(tables: list[Masks]) -> Masks:
    """The union of several kinds' masks: one star has one key kind, so their bits never overlap and the sum of
    the masks is their union."""
    if not tables:
        return _NO_MASKS
    pillars: dict[StemBranch, int] = {}
    for t in tables:
        for pillar, bits in t[2].items():
            pillars[pillar] = pillars.get(pillar, 0) | bits
    return (tuple(map(sum, zip(*(t[0] for t in tables)))), tuple(map(sum, zip(*(t[1] for t in tables)))),
            MappingProxyType(pillars))


def _masks_of(kinds: tuple[Keyed, ...], keys: dict[Keyed, object]) -> Masks:
    """The merged masks of ``kinds`` at their key values."""
    tables = _mask_tables()
    return _merged([tables[kind][key] for kind in kinds
                    if kind in tables and (key := keys[kind]) is not None and key in tables[kind]])


# A moment's stars come from four small tables, each cached whole: what the month decides, what the year (with
# the month) decides, what the day pillar decides, and the hour's (with the month).

@cache  # bounded: 12 months
def _month_masks(month: Branch) -> Masks:
    return _masks_of((Keyed.MONTH_BRANCH, Keyed.SEASON, Keyed.FRAME), _keys(month, SEXAGENARY[0], None, None))


@cache  # bounded: 13 × 12
def _year_masks(year_branch: Branch | None, month: Branch) -> Masks:
    return _masks_of((Keyed.YEAR_BRANCH, Keyed.YEAR_MONTH), _keys(month, SEXAGENARY[0], year_branch, None))


@cache  # bounded: 60 days
def _pillar_masks(day: StemBranch) -> Masks:
    return _masks_of((Keyed.DAY_STEM, Keyed.DAY_PILLAR), _keys(Branch.子, day, None, None))


@cache  # bounded: 12 × 13
def _hour_masks(month: Branch, hour: Branch | None) -> Masks:
    return _masks_of((Keyed.HOUR,), _keys(month, SEXAGENARY[0], None, hour))


if set(Keyed) != {Keyed.MONTH_BRANCH, Keyed.SEASON, Keyed.FRAME, Keyed.YEAR_BRANCH, Keyed.YEAR_MONTH,
                  Keyed.DAY_STEM, Keyed.DAY_PILLAR, Keyed.HOUR}:
    raise AssertionError("a key kind is missing from the four mask tables")


@value(eq=False)
class _Counting:
    """What counts at one kind of place: per effect, the mask of the stars that count with it; the masks of
    those weighing 3 and 2 (the rest weigh 1); and the findings' key."""

    effects: tuple[tuple[Effect, int], ...]
    heavy3: int
    heavy2: int
    key: str


@lru_cache(maxsize=2048)
def _counting_at(layer: Layer, relation: Relation | None, moving: bool, on_use: bool, wanted: Matter | None
                 ) -> _Counting:
    """Every star judged at one kind of place (``_judge``): a reading's places fall into a few hundred kinds
    whatever the day, so each kind is judged once for the whole catalogue."""
    masks = {effect: 0 for effect in Effect}
    heavy3 = heavy2 = 0
    key = ""
    for star, bit in _BIT.items():
        judged = _judge(star, layer, relation, moving, on_use, wanted)
        if judged is None:
            continue
        effect, weight, key = judged
        both = bit | bit << _STEM_SHIFT
        masks[effect] |= both
        if weight == 3:
            heavy3 |= both
        elif weight == 2:
            heavy2 |= both
    return _Counting(tuple((e, bits) for e, bits in masks.items() if bits), heavy3, heavy2,
                     _GROUP_KEY.get(key, ""))


def _place_findings(hits: int, place: Place, relation: Relation | None, moving: bool, on_use: bool,
                    wanted: Matter | None) -> list[Finding]:
    """The stars counting at one place, one finding per effect, in the order their first star is listed."""
    if not hits:
        return []
    counting = _counting_at(place.layer, relation, moving, on_use, wanted)
    groups = []
    for effect, bits in counting.effects:
        mine = hits & bits
        if mine:
            groups.append((mine & -mine, effect, mine))
    groups.sort()  # by the lowest bit, the first star listed (the effects' masks are disjoint)
    return [_group_finding(mine, mine & counting.heavy3, mine & counting.heavy2, effect, counting.key, place)
            for _first, effect, mine in groups]


@lru_cache(maxsize=16384)
def _group_finding(mine: int, heavy3: int, heavy2: int, effect: Effect, key: str, place: Place) -> Finding:
    """One place's stars of one effect as one finding (cached: the same groups recur from day to day)."""
    lead, weight, params = _group(mine, heavy3, heavy2)
    return Finding(lead.source.rule, lead.source, key, effect, weight, _ALONE[place], params)


@lru_cache(maxsize=16384)
def _group(mine: int, heavy3: int, heavy2: int) -> tuple[Star, int, tuple[tuple[str, str], ...]]:
    """A group of stars: led by the first of the heaviest, weighing as it (plus one for company, ≤ 3), named
    heaviest first; the params are shared by every finding of the group (cached apart from the place: the same
    groups recur on every line)."""
    weight, first = (3, heavy3) if heavy3 else (2, heavy2) if heavy2 else (1, mine)
    lead = _ORDER[(first & -first).bit_length() - 1]
    if not mine & (mine - 1):  # alone
        names, rules = lead.name, lead.source.rule
    else:
        names3, rules3 = _members(heavy3)
        names2, rules2 = _members(heavy2)
        names1, rules1 = _members(mine ^ heavy3 ^ heavy2)
        names = "、".join(dict.fromkeys(names3 + names2 + names1))
        rules = " ".join(dict.fromkeys(rules3 + rules2 + rules1))
        weight = min(3, weight + 1)
    return lead, weight, (("names", names), ("rules", rules), ("nature", lead.nature.value))


# one tuple per place for the findings' places (a cached finding keeps fewer objects alive)
_ALONE = {place: (place,) for place in (_DAY, *LINE_PLACES[1:], *CHANGED_PLACES[1:], *HIDDEN_PLACES[1:])}


@lru_cache(maxsize=16384)
def _members(mask: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names and rules of the stars of one weight in a group, in the order listed (cached: one weight's
    stars recur more often than a whole group)."""
    stars = tuple(_stars_in(mask))
    return tuple(star.name for star in stars), tuple(star.source.rule for star in stars)


def _stars_in(mask: int) -> Iterable[Star]:
    """The stars of a mask, lowest bit (first listed) first."""
    while mask:
        low = mask & -mask
        yield _ORDER[low.bit_length() - 1]
        mask ^= low


_GROUP_KEY = {"star_on_use_god": "stars_on_use_god", "star_on_day": "stars_on_day",
              "star_on_moving": "stars_on_moving"}
