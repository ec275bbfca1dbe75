"""The relation tables between branches and elements, as data behind named functions.

The seeds use these relations constantly but tabulate few of them (notes §0): 生克 and 六沖/六合 are standard,
三刑 and 六害 are built as seed 001's 刑害 chapter builds them, 十二長生 follows DESIGN.md (增刪卜易, 水土同宮).
Every function is total over its inputs, so callers never need special cases.
"""

from __future__ import annotations

from core.chart.ganzhi import Branch, Element
from core.values import SymbolEnum, value

# ---- 生克 (002 生克章: 金生水、水生木、木生火、火生土、土生金; 金克木 …) ---------------------------------

def generates(a: Element, b: Element) -> bool:
    """True when ``a`` generates ``b`` (a 生 b)."""
    return _GENERATES[a][b]


def overcomes(a: Element, b: Element) -> bool:
    """True when ``a`` overcomes ``b`` (a 克 b)."""
    return _OVERCOMES[a][b]


# As tables: every rule asks them, several times per line.
_GENERATES = tuple(tuple(a.generates is b for b in Element) for a in Element)
_OVERCOMES = tuple(tuple(a.overcomes is b for b in Element) for a in Element)


# ---- 六沖 六合 ---------------------------------------------------------------------------------------

def clash_of(branch: Branch) -> Branch:
    """The branch that clashes this one (子午 丑未 寅申 卯酉 辰戌 巳亥)."""
    return branch.shift(6)


def clashes(a: Branch, b: Branch) -> bool:
    return (a - b) % 12 == 6


def harmony_of(branch: Branch) -> Branch:
    """The 六合 partner (子丑 寅亥 卯戌 辰酉 巳申 午未): the pairs whose indices sum to 1 mod 12."""
    return Branch((1 - branch) % 12)


def harmonizes(a: Branch, b: Branch) -> bool:
    return (a + b) % 12 == 1


# ---- 六害 (001 刑害: 害(X) = 沖(合(X))) ----------------------------------------------------------------

def harm_of(branch: Branch) -> Branch:
    """The 六害 partner: the branch that clashes this one's 合 partner (子未 丑午 寅巳 卯辰 申亥 酉戌)."""
    return clash_of(harmony_of(branch))


def harms(a: Branch, b: Branch) -> bool:
    return harm_of(a) is b


# ---- 三刑 (001 刑害: each cardinal frame laid on a seasonal triad; the riding branch punishes the one beneath)

class PunishmentKind(SymbolEnum):
    """The four groupings of 三刑 ("孟黨孟刑，仲黨仲刑，季黨季刑")."""

    寅巳申 = "寅巳申"   # 孟: 無恩之刑
    丑戌未 = "丑戌未"   # 季: 恃勢之刑
    子卯 = "子卯"       # 仲: 無禮之刑
    自刑 = "自刑"       # 辰午酉亥


# The two groupings that need three branches to be whole (HJ-24 虛一待用, SX-02's 寅月申日巳: 三刑俱全).
FULL_PUNISHMENTS: tuple[frozenset[Branch], ...] = tuple(
    frozenset(Branch[c] for c in k.value) for k in (PunishmentKind.寅巳申, PunishmentKind.丑戌未))

_PUNISHES: tuple[Branch, ...] = tuple(Branch[c] for c in "卯戌巳子辰申午丑寅酉未亥")


def punished_by(branch: Branch) -> Branch:
    """The branch that ``branch`` punishes (刑): 子→卯, 丑→戌, 寅→巳, … 辰→辰 (自刑), 亥→亥."""
    return _PUNISHES[branch]


def punishes(a: Branch, b: Branch) -> bool:
    """True when ``a`` punishes ``b``; 自刑 is ``a == b`` for 辰午酉亥."""
    return _PUNISHES[a] is b


def punishment_kind(a: Branch, b: Branch) -> PunishmentKind | None:
    """Which grouping a punishment of ``b`` by ``a`` belongs to, or None when ``a`` does not punish ``b``."""
    if not punishes(a, b):
        return None
    if a is b:
        return PunishmentKind.自刑
    for kind in (PunishmentKind.寅巳申, PunishmentKind.丑戌未, PunishmentKind.子卯):
        if a.name in kind.value and b.name in kind.value:
            return kind
    raise AssertionError(f"刑 table lost its grouping for {a.name}{b.name}")


# ---- 三合 (局) --------------------------------------------------------------------------------------

@value
class Frame:
    """A 三合 frame: 長生 (start), 帝旺 (middle, the master), 墓 (end), and the element it forms."""

    start: Branch
    middle: Branch
    end: Branch
    element: Element

    @property
    def members(self) -> tuple[Branch, Branch, Branch]:
        return self.start, self.middle, self.end


FRAMES: tuple[Frame, ...] = (
    Frame(Branch.申, Branch.子, Branch.辰, Element.水),
    Frame(Branch.亥, Branch.卯, Branch.未, Element.木),
    Frame(Branch.寅, Branch.午, Branch.戌, Element.火),
    Frame(Branch.巳, Branch.酉, Branch.丑, Element.金),
)


def frame_of(branch: Branch) -> Frame:
    """The frame a branch belongs to (every branch is in exactly one)."""
    return FRAMES[_FRAME_INDEX[branch]]


_FRAME_INDEX: tuple[int, ...] = tuple(
    next(i for i, f in enumerate(FRAMES) if b in f.members) for b in Branch
)


def full_frames(branches: set[Branch] | frozenset[Branch]) -> tuple[Frame, ...]:
    """The frames whose three members are all present."""
    return tuple(f for f in FRAMES if all(m in branches for m in f.members))


def half_frames(branches: set[Branch] | frozenset[Branch]) -> tuple[Frame, ...]:
    """Frames with their middle and exactly one of start/end present (001 局會: the middle is required)."""
    found = []
    for frame in FRAMES:
        if frame.middle in branches and (frame.start in branches) != (frame.end in branches):
            found.append(frame)
    return tuple(found)


# ---- 十二長生 (DESIGN.md: 增刪卜易 convention, 水土同宮, always counted forward) -----------------------------

class Stage(SymbolEnum):
    """The twelve stages, in order from 長生."""

    長生 = 0
    沐浴 = 1
    冠帶 = 2
    臨官 = 3
    帝旺 = 4
    衰 = 5
    病 = 6
    死 = 7
    墓 = 8
    絕 = 9
    胎 = 10
    養 = 11


_BIRTH: dict[Element, Branch] = {
    Element.木: Branch.亥,
    Element.火: Branch.寅,
    Element.金: Branch.巳,
    Element.水: Branch.申,
    Element.土: Branch.申,
}


def stage(element: Element, branch: Branch) -> Stage:
    """The 十二長生 stage of ``element`` at ``branch`` (木 at 亥 is 長生, at 未 墓, at 申 絕)."""
    return _STAGE_AT[element][branch]


_STAGES = tuple(Stage)
# As a table: every rule asks it, and an Enum lookup by value costs more than the rule.
_STAGE_AT = tuple(tuple(_STAGES[(b - _BIRTH[el]) % 12] for b in Branch) for el in Element)


def branch_at_stage(element: Element, which: Stage) -> Branch:
    """Where an element reaches a stage: its 墓 (木→未, 火→戌, 金→丑, 水土→辰), 絕, 長生 …"""
    return _BIRTH[element].shift(which.value)


# ---- 進神 / 退神 (DESIGN.md table) ---------------------------------------------------------------------

_ADVANCE: frozenset[tuple[Branch, Branch]] = frozenset(
    (Branch[a], Branch[b]) for a, b in ("亥子", "寅卯", "巳午", "申酉", "丑辰", "辰未", "未戌", "戌丑")
)


def advances(moving: Branch, changed: Branch) -> bool:
    """化進神: the change steps forward within the element's season (亥→子, 丑→辰 …)."""
    return (moving, changed) in _ADVANCE


def retreats(moving: Branch, changed: Branch) -> bool:
    """化退神: the reverse pairs (子→亥, 辰→丑 …)."""
    return (changed, moving) in _ADVANCE
