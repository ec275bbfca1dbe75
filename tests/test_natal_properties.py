"""Properties of the 玉照定真經 verses over many charts: each is rare among real births, each can fire, and each
reads only the pillars it declares (so an unknown hour leaves exactly the verses it names unevaluated)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from core.chart.ganzhi import SEXAGENARY, Branch
from core.natal import NatalChart, read_natal
from core.natal.chart import Pillar, Role
from core.natal.tables import conception, rat_stem, tiger_stem
from core.natal.verse import DEFAULTS, Need
from core.natal.verses import VERSES
from core.question import Sex

# Verses no combination of pillars can meet, each with why.
NEVER: dict[str, str] = {}


def _births(n: int, seed: int) -> list[NatalChart]:
    rng = random.Random(seed)
    start = datetime(1901, 1, 1, tzinfo=UTC)
    span = (datetime(2099, 12, 31, tzinfo=UTC) - start).total_seconds()
    zones = ("Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Taipei", "Europe/Berlin", "America/Los_Angeles")
    return [NatalChart.at(start + timedelta(seconds=rng.random() * span), rng.choice(zones),
                          rng.choice((Sex.male, Sex.female))) for _ in range(n)]


BIRTHS = _births(1500, 20261201)


@pytest.mark.timeout(300)  # every verse on a sweep of births: minutes on a loaded machine
def test_no_verse_fires_for_most_births_unless_shown_as_a_trait() -> None:
    """Issue 22: a sentence everyone gets is no reading.  Over 300 random births (a fixed seed) no verse is among
    the fired ones of half the births or more; a verse whose text fits nearly every chart is a trait
    (``Verse.trait``, ``NatalReading.traits``), never in ``fired``."""
    sample = BIRTHS[:300]
    counts = {v.id: 0 for v in VERSES}
    traits = {v.id: 0 for v in VERSES if v.trait is not None}
    for c in sample:
        reading = read_natal(c)
        assert not {r.verse.id for r in reading.fired} & set(traits)
        for r in reading.fired:
            counts[r.verse.id] += 1
        for r in reading.results:
            if r.verse.id in traits:
                traits[r.verse.id] += r.fires
    common = {vid: n for vid, n in counts.items() if n >= len(sample) / 2}
    assert not common, common
    # a trait is what the text says of most charts, not a place to hide a rare verse
    rare = {vid: n for vid, n in traits.items() if n < len(sample) * 0.4}
    assert not rare, rare
    # and most people meet only a minority of the verses
    fired = sorted(len(read_natal(c).fired) for c in sample)
    assert fired[len(fired) // 2] < len(VERSES) / 4


def test_every_trait_says_why() -> None:
    for v in VERSES:
        assert v.trait is None or len(v.trait) > 20, v.id


def _every_combination(seed: int) -> Iterator[NatalChart]:
    """All 518 400 calendrical combinations (60 years × 12 months × 60 days × 12 hours) in a fixed shuffled order,
    the 胎元 from the month and the sex alternating."""
    order = list(range(60 * 12 * 60 * 12))
    random.Random(seed).shuffle(order)
    branches = tuple(Branch)
    for n in order:
        y, n = divmod(n, 12 * 60 * 12)
        m, n = divmod(n, 60 * 12)
        d, h = divmod(n, 12)
        year, day = SEXAGENARY[y], SEXAGENARY[d]
        month = tiger_stem(year.stem, branches[m])
        hour = rat_stem(day.stem, branches[h])
        yield NatalChart(Pillar.of(year), Pillar.of(month), Pillar.of(day), Pillar.of(hour),
                         Pillar.of(conception(month)), Sex.male if n % 2 else Sex.female)


def test_every_verse_can_fire() -> None:
    waiting = {v.id: v for v in VERSES}
    for c in _every_combination(4096):
        for vid, verse in list(waiting.items()):
            if verse.missing(c):
                continue
            if any(not h.annulled for h in verse.test(c, DEFAULTS)):
                del waiting[vid]
        if set(waiting) <= set(NEVER):
            break
    assert set(waiting) == set(NEVER), sorted(set(waiting) ^ set(NEVER))


_NEED_ROLES = {n: n.value[0] for n in Need if n.value[0] is not None}


@pytest.mark.parametrize("verse", VERSES, ids=lambda v: v.id)
def test_verse_reads_only_what_it_declares(verse) -> None:  # type: ignore[no-untyped-def]
    """Dropping a pillar a verse neither reads nor needs changes nothing it finds."""
    declared = set(verse.reads) | {_NEED_ROLES[n] for n in verse.needs if n in _NEED_ROLES}
    undeclared = [r for r in Role if r not in declared]
    for c in BIRTHS[:200]:
        full = verse.test(c, DEFAULTS)
        kept = {r: (c[r] if r in declared else None) for r in Role}
        partial = NatalChart(kept[Role.年], kept[Role.月], kept[Role.日], kept[Role.時], kept[Role.胎], c.sex)
        if verse.missing(partial):
            continue
        assert verse.test(partial, DEFAULTS) == full, (verse.id, undeclared, str(c.year), str(c.month))
