"""Which findings a topic reads: a saying of the books belongs to the matters its passage names.

易冒's 神煞章 closes "占星之法，多視其類，非類則弗親也": a star bears on the kinds of matter it names (天喜 on
marriage, 天醫 on illness, 雷公 on the weather), so a reading shows only the stars of its own kind, and those the
chapter gives to every matter.  The 世應 sayings of 增刪卜易 are read for the matters they name too: 官鬼持世 is
"憂疑難解" for one who guards against trouble (卷首問答 425, 防憂慮患), 災非 in a year's reading (卷首 13), a long
illness (卷首 18) — said of the asker's own 世, never of a parent's illness or of a marriage.

The table keys findings by rule id, or by rule and key where one rule id carries several sayings (YS-10 世應論事).
The engine still weighs every finding; this only says which of them a reader of the topic is shown.  A topic added
later (a new chapter) reads what the tables give to every matter until it is named here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from core.findings import Finding
from core.question import Subject, Topic
from core.stars import STARS
from core.stars.catalogue import Matter

# The matters of 神煞章 each topic is of (a star of GENERAL bears on every one).
TOPIC_MATTERS: Mapping[Topic, frozenset[Matter]] = MappingProxyType({
    Topic.wealth: frozenset({Matter.WEALTH, Matter.LIVELIHOOD}),
    Topic.career: frozenset({Matter.CAREER, Matter.LIVELIHOOD}),
    Topic.exam: frozenset({Matter.EXAM, Matter.CAREER}),
    Topic.marriage: frozenset({Matter.MARRIAGE}),
    Topic.matchmaker: frozenset({Matter.MARRIAGE}),
    Topic.pregnancy: frozenset({Matter.PREGNANCY, Matter.CHILDREN}),
    Topic.illness: frozenset({Matter.ILLNESS, Matter.MEDICINE, Matter.DEATH}),
    Topic.doctor: frozenset({Matter.MEDICINE, Matter.ILLNESS}),
    Topic.lifespan: frozenset({Matter.ILLNESS, Matter.DEATH, Matter.FATE}),
    Topic.lifetime: frozenset({Matter.FATE, Matter.APPEARANCE}),
    Topic.lawsuit: frozenset({Matter.LAWSUIT, Matter.PRISON}),
    Topic.danger: frozenset({Matter.PRISON, Matter.THEFT, Matter.FIRE, Matter.WATER, Matter.DEATH}),
    Topic.travel: frozenset({Matter.TRAVEL, Matter.WATER}),
    Topic.returning: frozenset({Matter.TRAVEL, Matter.NEWS, Matter.FUGITIVE}),
    Topic.lost: frozenset({Matter.THEFT, Matter.FUGITIVE}),
    Topic.property: frozenset({Matter.HOUSE}),
    Topic.land: frozenset({Matter.HOUSE, Matter.GRAVE}),
    Topic.livestock: frozenset({Matter.HUSBANDRY, Matter.HUNTING}),
    Topic.weather: frozenset({Matter.WATER, Matter.FIRE}),
    Topic.year: frozenset({Matter.WEALTH, Matter.HUSBANDRY, Matter.FATE}),
    Topic.gamble: frozenset({Matter.WEALTH}),
    Topic.loan: frozenset({Matter.WEALTH}),
    Topic.document: frozenset({Matter.NEWS, Matter.EXAM}),
    Topic.teacher: frozenset({Matter.EXAM}),
    Topic.studies: frozenset({Matter.EXAM, Matter.CAREER, Matter.LIVELIHOOD}),
    Topic.tutor: frozenset({Matter.EXAM, Matter.CHILDREN}),
    Topic.client: frozenset({Matter.WEALTH, Matter.LIVELIHOOD}),
    Topic.savings_club: frozenset({Matter.WEALTH}),
    Topic.other: frozenset(),
})

# Sayings read only for the topics their passages name, and only of the asker's own 世 (``SELF``).
KEY_TOPICS: Mapping[tuple[str, str], frozenset[Topic]] = MappingProxyType({
    # 官鬼持世: 防憂慮患 憂疑難解 (卷首 425), 流年 必見災非 (卷首 13), 久病 (卷首 18)
    ("YS-10", "ghost_holds_world"): frozenset({Topic.danger, Topic.year, Topic.illness, Topic.lifetime}),
})
SELF: frozenset[tuple[str, str]] = frozenset({("YS-10", "ghost_holds_world"),
                                              ("YS-10", "counterpart_overcomes_world")})

_STAR_MATTERS: Mapping[str, frozenset[Matter]] = MappingProxyType(
    {s.name: frozenset(s.matters) for s in STARS} | {a: frozenset(s.matters) for s in STARS for a in s.aliases})


# Stars whose passage names no matter (001 line 207 only lists the eleven gods before 天符) and whose catalogue
# entry is "general" by inference: their names are the weather's agents (wind, thunder, rain, wind and cloud), so by
# 多視其類 they are read for the weather and a year's harvest and weather (年時), not for an illness or a marriage.
# An inference from the name, like the catalogue's, said so here.
STAR_TOPICS: Mapping[str, frozenset[Topic]] = MappingProxyType(
    {name: frozenset({Topic.weather, Topic.year}) for name in ("風伯", "雷公", "雨師", "風雲")})


def star_read(topic: Topic, name: str) -> bool:
    """Whether a reading of ``topic`` reads the star ``name``: one of every matter, or of the topic's kind."""
    if name in STAR_TOPICS:
        return topic in STAR_TOPICS[name]
    matters = _STAR_MATTERS.get(name)
    if matters is None:
        return True  # not in the catalogue: nothing says it is of another kind
    return not matters or Matter.GENERAL in matters or bool(matters & TOPIC_MATTERS.get(topic, frozenset()))


def reads(topic: Topic, subject: Subject | None, f: Finding) -> bool:
    """Whether a reading of ``topic`` about ``subject`` shows the saying ``f`` (stars: see ``star_read``; a star
    group is read when any of its stars is)."""
    key = (f.rule, f.key)
    if key in SELF and subject not in (None, Subject.self):
        return False
    if key in KEY_TOPICS and topic not in KEY_TOPICS[key]:
        return False
    names = f.param("names")
    if f.rule.startswith("SS-") and names:
        return any(star_read(topic, n) for n in names.split("、"))
    return True


def read_stars(topic: Topic, names: str) -> tuple[str, ...]:
    """The stars of a group (``names``, "、"-joined) that a reading of ``topic`` reads, in order."""
    return tuple(n for n in names.split("、") if n and star_read(topic, n))
