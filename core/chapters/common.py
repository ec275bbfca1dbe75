"""What the chapter modules share: the chart facts the topic chapters of 增刪卜易 (天時 … 新亡附葬祖塋) keep asking —
which lines of a relation move, what a line changes into, the book's list of "bad changes" (變凶), who holds the 世 —
and the small value a chapter hands back (findings for the reasons, moves for the decision, timings).

Ids and keys only; every rule id is written literally in the module that emits it and registered in core/rules.py
with its line of ``zsby_topics_doctrine.txt`` (seed ``zsbyt``).
"""

from __future__ import annotations

from core.chart.actors import Actor, line_actors
from core.chart.chart import Chart, Line, Transformation
from core.chart.ganzhi import Branch, Element
from core.chart.hexagram import Relation
from core.chart.relations import Stage, branch_at_stage, clash_of, clashes, generates, harmonizes, overcomes, stage
from core.findings import CHANGED_PLACES, LINE_PLACES, Finding, Layer, Place, Timing, Unit
from core.reading.step2_state import State, States, Vigour
from core.reading.step4_places import cannot_harm, cannot_help, tally
from core.reading.step5_overrides import Move
from core.rules import source
from core.values import value

R = Relation
T = Transformation

__all__ = [
    "CHANGED_PLACES",
    "LINE_PLACES",
    "Branch",
    "ChapterReading",
    "Element",
    "Finding",
    "Layer",
    "Move",
    "Place",
    "R",
    "Stage",
    "State",
    "States",
    "T",
    "Timing",
    "Unit",
    "Vigour",
    "acting",
    "bad_change",
    "birth_of",
    "branch_at_stage",
    "changes_into",
    "clash_of",
    "clashes",
    "cut_of",
    "generates",
    "good_change",
    "harmonizes",
    "lines_of",
    "moving",
    "overcome",
    "overcomes",
    "relation_at",
    "stage",
    "timing",
    "tomb_of",
    "turns_into",
    "weak",
    "year_or_day",
]


@value
class ChapterReading:
    """What one chapter says of a chart: reasons shown with the topic, moves that enter the decision after the
    general overrides (in the chapter's own order), and its timings (應期)."""

    findings: tuple[Finding, ...] = ()
    moves: tuple[Move, ...] = ()
    timings: tuple[Timing, ...] = ()


def line_at(chart: Chart, p: Place) -> Line | None:
    """The primary line at a place of the primary hexagram (None for a changed, hidden, month or day place)."""
    return chart.lines[p.position - 1] if p.layer is Layer.LINE else None


def lines_of(chart: Chart, rel: Relation) -> tuple[Line, ...]:
    """The primary lines bearing ``rel``."""
    return tuple(ln for ln in chart.lines if ln.relation is rel)


def moving(chart: Chart, rel: Relation) -> tuple[Line, ...]:
    """The moving lines (明動) bearing ``rel``."""
    return tuple(ln for ln in chart.lines if ln.moving and ln.relation is rel)


def harming(chart: Chart, states: States, lines: tuple[Line, ...], use: Place, near: bool = True) -> tuple[Line, ...]:
    """Of ``lines`` (moving), those with the force to harm: a moving line that chapters 1–34 read as unable to strike
    (tied, retreating, struck by its own change, distracted, entombed: ``core.reading.step4_places.cannot_harm``) is no harm."""
    us = states[use]
    return tuple(ln for ln in lines if cannot_harm(chart, states, LINE_PLACES[ln.position], us, near) is None)


def feeding(chart: Chart, states: States, lines: tuple[Line, ...], use: Place, near: bool = True) -> tuple[Line, ...]:
    """Of ``lines`` (moving), those with the force to feed the use-god now or later: a helper chapters 1–34 read as
    never able to generate (weak and struck by its own change, 化絕, 化破: 002 YN-6; one that can never act) feeds
    nothing (``core.reading.step4_places.cannot_help``) — 「巳火又化回頭之克，不能生丑土之財，此財既無生扶」 (L666)."""
    us = states[use]
    return tuple(ln for ln in lines if cannot_help(chart, states, LINE_PLACES[ln.position], us, near) is None)


def acting(chart: Chart, rel: Relation) -> tuple[Actor, ...]:
    """The lines bearing ``rel`` that act: moving, or 暗動 (AD-01; 天時章 TS-22 counts it as moving)."""
    return tuple(a for a in line_actors(chart) if a.acts and a.relation is rel)


def changes_into(ln: Line, rel: Relation) -> bool:
    """The line moves and changes into another relation, ``rel`` (父化鬼, 子化父 …)."""
    return ln.moving and ln.changed is not None and ln.changed.relation is rel and ln.relation is not rel


def turns_into(chart: Chart, rel: Relation) -> tuple[Line, ...]:
    """Moving lines of another relation that change into ``rel`` (TS-26 「爻變出父母者」)."""
    return tuple(ln for ln in chart.lines if changes_into(ln, rel))


def relation_at(chart: Chart, place: Place) -> Relation | None:
    if place.layer is Layer.LINE:
        return chart.lines[place.position - 1].relation
    return None


# The book's 變凶 (FQ-04 「化鬼、化回頭克、化退神、化絕、化墓、化破、化空之類」, SYU-03, XN-08): a moving line that
# changes into one of these is undone — read with the general doctrine of ch. 1–34: 化墓 and 化絕 undo only a weak
# line (JB-06 「用神旺者何須慮，用神衰者實堪憂」, HJ-38/41), and 化破 or 化空 only where the chapter lists them
# (``listed``) and the line does not advance (JT-03: an advancing line void or broken advances on the 填實 day).


def bad_change(ln: Line, states: States | None = None, listed: bool = False) -> bool:
    """The line moves and changes for the worse (變凶): into a 官鬼 (not being one), 回頭克, 化退; 化墓 化絕 when it is
    weak (``states`` given to tell); 化破 化空 when ``listed`` by the chapter and it does not advance."""
    if not ln.moving or ln.changed is None:
        return False
    t = ln.transformations
    if changes_into(ln, R.官鬼) or T.回頭克 in t or T.化退神 in t:
        return True
    if states is not None and (T.化墓 in t or T.化絕 in t) and weak(states[LINE_PLACES[ln.position]]):
        return True
    return listed and T.化進神 not in t and (T.化破 in t or T.化空 in t)


_GOOD = (T.回頭生, T.化進神, T.化長生, T.化帝旺)


def good_change(ln: Line) -> bool:
    """The line moves and changes for the better (化吉: 回頭生, 化進, 化長生, 化帝旺) and not also for the worse."""
    return ln.moving and any(t in ln.transformations for t in _GOOD) and not bad_change(ln)


def weak(s: State) -> bool:
    return not s.vigour.strong


def overcome(chart: Chart, states: States, s: State) -> bool:
    """A chapter's 「日月動爻克世」 (受克) read as chapters 1–34 read a 克: the line's four places come out against it
    (JS-06 L451 「倘有三處相生一處相克，也以吉斷。若有兩處克兩處生者，須看旺衰」; L1446 「若此星孤立無助，或休囚無力，
    雖則傷害用神，用神旺相可以敵之」), a moving attacker that cannot strike (合住, 貪生忘克 …) not among them.  A 克
    its supports outweigh, or one a 旺 line withstands alone, is no harm; a chapter that names the line's weakness
    beside the 克 (「休囚受克」) says so itself."""
    return bool(s.attacks) and tally(chart, states, s).verdict.side < 0


def timing(unit: Unit, branch: Branch, rule: str, key: str, weight: int, places: tuple[Place, ...] = ()) -> Timing:
    """A chapter's 應期: the rule's own passage as the source."""
    return Timing(unit, branch, rule, source(rule), key, weight, None, places)


def year_or_day(far: bool) -> Unit:
    return Unit.MONTH if far else Unit.DAY


def tomb_of(e: Element) -> Branch:
    """The 墓 of an element (水土 辰, 木 未, 火 戌, 金 丑)."""
    return branch_at_stage(e, Stage.墓)


def cut_of(e: Element) -> Branch:
    """The 絕 of an element."""
    return branch_at_stage(e, Stage.絕)


def birth_of(e: Element) -> Branch:
    """The 長生 of an element."""
    return branch_at_stage(e, Stage.長生)


def empty(s: State) -> bool:
    """The chapters' 「空破」 as a lasting fault: void or broken and 失陷 — 真空 (XK2-02), or a static 月破 with no
    support (YP-03: a moving broken line still acts; a supported one is 有氣).  A 旬空 that only waits to leave the
    void is not it: 「旺不為空」, 「出旬不空」 (XK2-02/03) — the timing rules read that wait (沖空, 填實)."""
    return (s.true_void or (s.month_break and not s.moving)) and s.vigour is Vigour.失陷


def cut_off(s: State) -> bool:
    """絕 that counts: on the day or by its change, and weak (HJ-54 休囚被克而絕; M-15 臨月建逢絕不絕)."""
    return s.cut and not s.vigour.strong
