"""Stems, branches, elements and the sexagenary cycle: the alphabet every chart is written in.

Members are named by their Chinese characters (``Branch.子``), the canonical names of DESIGN.md, so that
tables read like the books.  Everything is an ``IntEnum`` so tables can be plain tuples indexed by value.
"""

from __future__ import annotations

from enum import IntEnum

from core.values import value


class Symbol(IntEnum):
    """An IntEnum that is always true: 木, 甲 and 子 are numbered 0, and a symbol is never "nothing" (a 甲寅 day
    once lost its 甲 and a 子 year its 子 to ``if stem``)."""

    def __bool__(self) -> bool:
        return True


class Element(Symbol):
    """五行, in generating order: each generates the next (木→火→土→金→水→木)."""

    木 = 0
    火 = 1
    土 = 2
    金 = 3
    水 = 4

    @property
    def generates(self) -> Element:
        """The element this one generates (我生)."""
        return _ELEMENTS[(self + 1) % 5]

    @property
    def generated_by(self) -> Element:
        """The element that generates this one (生我)."""
        return _ELEMENTS[(self - 1) % 5]

    @property
    def overcomes(self) -> Element:
        """The element this one overcomes (我克): 木克土, 火克金, 土克水, 金克木, 水克火."""
        return _ELEMENTS[(self + 2) % 5]

    @property
    def overcome_by(self) -> Element:
        """The element that overcomes this one (克我)."""
        return _ELEMENTS[(self - 2) % 5]


_ELEMENTS = tuple(Element)  # indexable without the cost of an Enum lookup (charts are built in bulk)


class Stem(Symbol):
    """十天干."""

    甲 = 0
    乙 = 1
    丙 = 2
    丁 = 3
    戊 = 4
    己 = 5
    庚 = 6
    辛 = 7
    壬 = 8
    癸 = 9

    @property
    def element(self) -> Element:
        return Element(self // 2)

    @property
    def yang(self) -> bool:
        return self % 2 == 0


_BRANCH_ELEMENTS = (
    Element.水, Element.土, Element.木, Element.木, Element.土, Element.火,
    Element.火, Element.土, Element.金, Element.金, Element.土, Element.水,
)


class Branch(Symbol):
    """十二地支; 子 = 0.  The month branch of the first month (寅月) is 2."""

    子 = 0
    丑 = 1
    寅 = 2
    卯 = 3
    辰 = 4
    巳 = 5
    午 = 6
    未 = 7
    申 = 8
    酉 = 9
    戌 = 10
    亥 = 11

    @property
    def element(self) -> Element:
        return _BRANCH_ELEMENTS[self]

    @property
    def yang(self) -> bool:
        return self % 2 == 0

    def shift(self, steps: int) -> Branch:
        return _BRANCHES[(self + steps) % 12]


_BRANCHES = tuple(Branch)


@value
class StemBranch:
    """One of the sixty 干支 pairs (a pillar)."""

    stem: Stem
    branch: Branch

    def __post_init__(self) -> None:
        if self.stem % 2 != self.branch % 2:
            raise ValueError(f"{self.stem.name}{self.branch.name} is not a stem-branch pair (parity differs)")

    @property
    def index(self) -> int:
        """Position in the cycle, 甲子 = 0 … 癸亥 = 59."""
        return (6 * self.stem - 5 * self.branch) % 60

    @classmethod
    def from_index(cls, index: int) -> StemBranch:
        return SEXAGENARY[index % 60]

    @classmethod
    def parse(cls, text: str) -> StemBranch:
        """Read two characters such as ``戊申``; raise ValueError naming what is wrong."""
        text = text.strip()
        if len(text) != 2 or text[0] not in Stem.__members__ or text[1] not in Branch.__members__:
            raise ValueError(f"{text!r} is not a stem-branch pair such as 戊申 (a stem 甲…癸 then a branch 子…亥)")
        return cls(Stem[text[0]], Branch[text[1]])

    def shift(self, steps: int) -> StemBranch:
        return SEXAGENARY[(self.index + steps) % 60]

    @property
    def xun_head(self) -> StemBranch:
        """The 甲 day that opens this pair's 旬 (甲子旬 … 甲寅旬)."""
        return self.shift(-int(self.stem))

    @property
    def void(self) -> tuple[Branch, Branch]:
        """旬空: the two branches the ten stems of this 旬 do not reach (甲子旬 → 戌亥)."""
        first = Branch((self.branch - self.stem + 10) % 12)
        return first, first.shift(1)

    def __str__(self) -> str:
        return self.stem.name + self.branch.name


SEXAGENARY: tuple[StemBranch, ...] = tuple(
    StemBranch(Stem(i % 10), Branch(i % 12)) for i in range(60)
)


def parse_branch(text: str) -> Branch:
    """Read one branch character; raise ValueError naming what is accepted."""
    text = text.strip()
    if text not in Branch.__members__:
        raise ValueError(f"{text!r} is not an earthly branch (one of 子丑寅卯辰巳午未申酉戌亥)")
    return Branch[text]
