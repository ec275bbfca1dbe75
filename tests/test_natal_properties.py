"""Properties of the 玉照定真經 verses over many charts: each is rare among real births, each can fire, and each
reads only the pillars it declares (so an unknown hour leaves exactly the verses it names unevaluated)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from core.ganzhi import SEXAGENARY, Branch
from core.natal import NatalChart, read_natal
from core.natal.chart import Pillar, Role
from core.natal.tables import conception, rat_stem, tiger_stem
from core.natal.verse import DEFAULTS, Need
from core.natal.verses import VERSES
from core.question import Sex

# Verses the text makes common (fire for half the births or more), each with why.
COMMON: dict[str, str] = {
    "V5": "a day or hour stem or 納音 that 剋s the year's, or the hour that 剋s the day: 2 of 5 elements 剋 any one",
    "V7": "a junior pillar whose stem or 納音 剋s a senior one: with five pillars and two layers nearly every chart has "
          "one; the verse's weight is in which pillar and layer (light or heavy)",
    "V31": "a month, day or hour stem 休囚 in the birth month, pointing to its organ: two of five elements are 休 or 囚",
    "V32": "a 金 stem or 納音 on an eastern branch, or a 木 one on a western branch, on any of five pillars",
    "V50": "the month's 月德 or 月德合 stem on a pillar beside the year: two stems of ten on four pillars",
    "V51": "a value, not a sign: every chart with a month and an hour has its 命宮 and twelve palaces",
    "V54": "a day or hour branch the 長生 of the year stem, or a day or hour 納音 that 生s the year's: the verse reads "
           "either side (進 or 退) of a common relation",
    "V63": "a description of build: the day or hour on the 身's 絕, or on 子午卯酉 with or without 旺氣",
    "V105": "a woman's chart read for her nature and her husband's road: every woman's chart has a reading",
    "V109": "a value, not a sign: the pillar five ahead of each pillar (前五) exists for every chart",
    "V116": "a value, not a sign: every branch is on the native's own side (內) or the other (外)",
    "V117": "a value: every year has its 宅 and 墓, and a month, day or hour 納音 that 生s or 剋s them",
    "V119": "a value: nearly every chart has a stem that is a relative of the native's, 順 or 逆",
    "V120": "a value, not a sign: the day is the spouse, and the count to it their difference in age",
    "V121": "a value, not a sign: the parents' kinds from the 胎 and the month",
    "V125": "nine pillars of sixty (辛丁己 on 酉亥未) or 丁巳, on any of four pillars",
    "V140": "the nine 子午卯酉 pillars at 帝旺 (stem or 納音), on any of four pillars",
    "V155": "a classification: the 身 is 旺相 (advance) or 休囚死 (retreat) in every birth month",
    "V158": "the 祿, 帝旺 or 貴人 of two stems (胎, 月) on the day or hour branch: up to eight branches of twelve",
    "V207": "a value: every 干合 of a chart (most charts have one) is 真 or 假 by the 化's stage",
    "V212": "a value: every 干合 is 內合 (of the native's stem) or 出合 (between two others)",
    "V215": "junior pillars' 納音 that 生 senior ones at least twice: with five pillars a common relation",
    "V218": "the 救神 looked for wherever a day or hour 剋s a senior pillar: the reading of a common relation",
    "V221": "two 合 pairs (干合 or 六合) among five pillars",
    "V226": "the modifier's rule shown as a reading: every void branch is 正 or 偏",
    "V227": "the modifier's rule shown as a reading: every 刑, 害 or 沖 of the year is with or without a 剋 of 身",
    "V232": "restates V83 (reported under it): a 鬼 of stem or 納音 with 身 having 氣",
    "V238": "two sides of one verse: 土 many (a mountain) or 土 thin (roaming)",
    "V248": "restates V51 (reported under it): every chart with a month and an hour has its 命宮",
    "V175": "a classification, not a sign: every chart's 納音 are either mostly 旺相 (noble) or 死囚休廢 (low)",
    "V201": "a description, not a sign: every chart has a face colour, the day stem's with the hour stem's",
}
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
def test_every_verse_is_rare_among_births() -> None:
    counts = {v.id: 0 for v in VERSES}
    readings = [read_natal(c) for c in BIRTHS]
    for reading in readings:
        for r in reading.results:
            counts[r.verse.id] += r.fires
    common = {vid for vid, n in counts.items() if n >= len(BIRTHS) / 2}
    assert common == set(COMMON), {vid: counts[vid] for vid in common ^ set(COMMON)}
    # and most people meet only a minority of the verses
    fired = sorted(len(reading.fired) for reading in readings[:300])
    assert fired[len(fired) // 2] < len(VERSES) / 4


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
