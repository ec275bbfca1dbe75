"""Evidence in terms of the pillars: small facts such as "hour 丙寅: 寅 刑 巳 (year branch)", with no prose.

A fact is a subject, a relation and an optional object, each subject and object a ``Term``: a character or an
element seen at one layer of one pillar (the hour's branch 寅, the year's 納音 金), or a name from the text's tables
(天德, 祿, 劫殺 …).  ``bot`` turns facts into sentences; the relation words are the closed set ``RELATIONS``.
"""

from __future__ import annotations

from enum import Enum

from core.chart.ganzhi import Branch, Element, Stem, StemBranch
from core.natal.chart import Role
from core.values import value


class Layer(Enum):
    """The three layers of a pillar (三才, V15): 干 上, 支 中, 納音 下; and the whole pillar."""

    干 = "干"
    支 = "支"
    納音 = "納音"
    柱 = "柱"


@value
class Term:
    """What a fact is about: ``text`` (a stem, branch, element, pillar or table name) at ``layer`` of ``role``.

    ``role`` is None for a name that belongs to no pillar (the month's 天德 stem, an element, a count's subject)."""

    text: str
    role: Role | None = None
    layer: Layer | None = None

    def __str__(self) -> str:
        where = "" if self.role is None else self.role.name + ("" if self.layer in (None, Layer.柱) else
                                                                 self.layer.value if self.layer else "")
        return f"{where} {self.text}".strip()


def stem_of(role: Role, stem: Stem) -> Term:
    return Term(stem.name, role, Layer.干)


def branch_of(role: Role, branch: Branch) -> Term:
    return Term(branch.name, role, Layer.支)


def nayin_of(role: Role, element: Element) -> Term:
    return Term(element.name, role, Layer.納音)


def pillar_of(role: Role, pair: StemBranch | str) -> Term:
    return Term(str(pair), role, Layer.柱)


def name(text: str) -> Term:
    """A table name (天德, 劫殺, 陽干 …) or a bare character belonging to no pillar."""
    return Term(text)


# The relation words a fact may use.  Element and branch relations as the texts write them; the stage and season
# words of core.chart.relations.Stage and tables.SEASON_STATES; the rest the verses' own vocabulary.
RELATIONS: frozenset[str] = frozenset({
    # 五行 between elements (of stems, branches or 納音)
    "剋", "生", "比和", "被剋", "被生",
    # between branches
    "刑", "自刑", "害", "沖", "合", "破", "三合", "會",
    # between stems
    "干合", "化",
    # being: the subject is an entry of a named table or list (object: the name)
    "為", "不為", "在", "有", "無",
    # counting: the subject occurs ``count`` times (object: the scope, or None for the whole chart)
    "多", "全", "太過", "不及", "見",
    # order in the chart: the subject stands before / after / over / under the object
    "先", "後", "上", "下", "順", "逆",
    # seasons and stages of the subject at the object's branch or month
    "旺", "相", "休", "囚", "死",
    "長生", "沐浴", "冠帶", "臨官", "帝旺", "衰", "病", "墓", "絕", "胎", "養",
    "有氣", "無氣",
    # the 空亡 of the object's 旬, and the 德 and 祿 of the object
    "空亡", "德", "祿", "貴",
    # part1: the subject (a stem or element) stands at the object branch (到 / 臨 / 加 / 朝, §1.6)
    "臨",
    # part3: 前五 (V109: the pillar five ahead in the cycle); the spouse's age against the native's (V120, count = years)
    "前五", "年少", "年長",
})


@value
class Fact:
    """``subject`` ``relation`` ``object`` (count times): one step of a verse's evidence."""

    subject: Term
    relation: str
    object: Term | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        if self.relation not in RELATIONS:
            raise ValueError(f"unknown evidence relation {self.relation!r}; add it to RELATIONS (and to bot's words)")

    def __str__(self) -> str:
        tail = "" if self.object is None else f" {self.object}"
        n = "" if self.count is None else f" ×{self.count}"
        return f"{self.subject} {self.relation}{tail}{n}"
