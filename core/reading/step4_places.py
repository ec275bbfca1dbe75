"""Step 4 of a reading: the four places that act on the use-god, each acting party counted once (JS-01, JS-06).

"此世爻戌土有四處生克沖合": the month, the day, the moving lines and the use-god's own change.  Each party
supports (生, 比和, 合起) or attacks (克, 破) once, however many findings it would give; a party that cannot act
(雖有如無: never usable, tied, in its tomb, hurt by its own change) is left out and named.  Then JS-06 counts:
all support 全吉, 3:1 吉, 2:2 by 旺衰 (TT-01), 1:3 rescued only by a 旺相 lone support, otherwise 大凶.

Choices: 爻遇令星物難我害 (HJ-25) holds against one attacker, and 002's 寡不敵眾 (D-06) against two or more; a
忌神 化退 is 雖有被阻而無力 (JT-02) unless both it and its change are strong in a near matter (JT-04); a party tied
(合住) or in its tomb acts later, on the clash (HJ-16, HJ-18), so it counts for the end and not for now; a
忌神 that feeds a moving 元神 forgets the use-god (HJ-21 貪生忘克), and one that 化進 into a void or broken branch
still advances, on the day that fills it (JT-03, against 002's JN-6).
"""

from __future__ import annotations

from core.chart.actors import actor_at
from core.chart.chart import Chart, Transformation
from core.chart.relations import generates
from core.findings import LINE_PLACES, Effect, Layer, Place
from core.reading.step2_state import State, States, Vigour
from core.reading.step3_usable import Usable, usability
from core.reading.verdict import Verdict
from core.values import value

_MONTH = Place(Layer.MONTH)
_HURT_BY_CHANGE = frozenset((Transformation.回頭克, Transformation.化破, Transformation.化絕))


@value
class Party:
    """One of the four places acting on the use-god."""

    place: Place
    supports: bool  # True: 生/比和/合; False: 克/破
    strong: bool  # 旺相 (the month and the day always are)
    frame: bool = False  # a 三合局 of moving lines, acting as one party (LH-08/09, 002 SK-06)
    later: bool = False  # tied or in its tomb: it acts when clashed open, not now (HJ-16, HJ-18)
    passing: bool = False  # acts now and not in the end: the month that breaks a changed line (出月而不為破, XK2-05)


@value
class Tally:
    """The parties that act now, those left out (雖有如無) with the rule that leaves them out, and the count."""

    parties: tuple[Party, ...]  # those acting now, and those that act later (``later``)
    idle: tuple[tuple[Place, str], ...]  # (place, rule) of parties that cannot act now, or never (雖有如無)
    verdict: Verdict  # the count with the parties that act later
    key: str  # which row of JS-06 decided (the finding key)
    verdict_now: Verdict  # the count of the parties acting now
    key_now: str
    rule: str = "JS-06"  # HJ-32 when what strikes a 官鬼 on the 世 lifts a burden

    @property
    def support(self) -> int:
        return sum(1 for p in self.parties if p.supports)

    @property
    def attack(self) -> int:
        return sum(1 for p in self.parties if not p.supports)


def _distracted(chart: Chart, states: States, p: Place, use: State) -> bool:
    """HJ-21 (L1277 卦中動出亥水，申金貪水之生，不來克木): a moving attacker that generates another moving line,
    itself generating the use-god, feeds it instead of striking (忌 → 元 → 用, 接續相生)."""
    a = states[p]
    if not a.moving:
        return False
    return any(ln.moving and LINE_PLACES[ln.position] not in (p, use.place) and generates(a.element, ln.element)
               and generates(ln.element, use.element) for ln in chart.lines)


def _idle_rule(chart: Chart, states: States, p: Place, supports: bool, near: bool, use: State) -> tuple[str, bool] | None:
    """Why a line party cannot act now (rule, and whether it acts later), or None when it can (YN-/JN- of 002,
    HJ-16, HJ-18)."""
    if p.layer in (Layer.MONTH, Layer.DAY):
        return None
    if p.layer is Layer.CHANGED:
        return None  # the use-god's own change always reaches it (JS-05)
    u = usability(chart, states, p)
    s = states[p]
    a = actor_at(chart, p)
    if u.usable is Usable.never:
        return u.rule, False
    if not supports and Transformation.化進神 in a.transformations and (
            Transformation.化破 in a.transformations or Transformation.化空 in a.transformations):
        return "JT-03", True  # 化進 into a broken or void branch still advances, on the day that fills it (JT-03/05)
    if not supports and not _HURT_BY_CHANGE.isdisjoint(a.transformations):
        return "JN-6", False  # an attacker hurt by its own change cannot look after itself
    if not supports and Transformation.化退神 in a.transformations and not (
            near and s.vigour.strong and states[Place(Layer.CHANGED, p.position)].vigour.strong):
        return "JT-02", False  # 忌神化退: 雖有被阻而無力 — unless both are strong in a near matter (JT-04)
    if supports and Transformation.回頭克 in a.transformations:
        # a helper its own change strikes cannot generate now; with the season's force it waits for the day that
        # strikes the striker (YQ-09, L739 「大象吉而受克，須待克神受克……後逢申酉日沖克克神則吉」); a 休囚 one never
        # (002 YN-6, L59 「元神休囚化絕化克化破」)
        return "YN-6", s.vigour is Vigour.旺
    if supports and not s.vigour.strong and not _HURT_BY_CHANGE.isdisjoint(a.transformations):
        return "YN-6", False
    if not supports and _distracted(chart, states, p, use):
        return "HJ-21", False  # 貪生忘克: it feeds a moving line that feeds the use-god, and forgets to strike
    if s.tied:
        return "HJ-16", True  # 合住: no help and no harm until clashed open
    if s.tomb_place is not None and s.tomb_place.layer in (Layer.DAY, Layer.CHANGED) and not s.tomb_broken:
        return ("HJ-18" if not supports else "YN-5"), True  # 入墓難克: it strikes when the tomb is clashed
    return None


def cannot_harm(chart: Chart, states: States, p: Place, use: State, near: bool = True) -> str | None:
    """The rule by which a moving line cannot strike now (雖有如無: tied, hurt by its own change, retreating,
    distracted, entombed …; the same reasons the four places read), or None when it can.  The topic chapters
    name a moving 兄 or 父 as harm (求財章 「父兄爻動，無殊緣木求魚」, 婚姻章 「兄動…傷妻阻隔」); chapters 1–34 say
    when a moving line has no force to harm, and those reasons hold there too."""
    why = _idle_rule(chart, states, p, False, near, use)
    return None if why is None else why[0]


def cannot_help(chart: Chart, states: States, p: Place, use: State, near: bool = True) -> str | None:
    """The rule by which a moving line can never feed the use-god (002 YN-6 「元神休囚化絕化克化破」, a helper struck
    by its own change, one that can never act …; the same reasons the four places read), or None when it feeds it
    now or later.  A topic chapter's 「財得子動生之」 names a feeding line: one that cannot feed is no source."""
    why = _idle_rule(chart, states, p, True, near, use)
    return None if why is None or why[1] else why[0]


def _strong(states: States, p: Place) -> bool:
    if p.layer in (Layer.MONTH, Layer.DAY):
        return True
    return states[p].vigour.strong


def tally(chart: Chart, states: States, use: State, absorbed: frozenset[Place] = frozenset(),
          frame: Effect = Effect.NEUTRAL, near: bool = True, ghost_lifted: bool = False) -> Tally:
    """The four places on the use-god, and JS-06's reading of their count.

    ``absorbed``: moving lines whose force goes into a formed 三合局 acting on the use-god; ``frame``: whether
    that 局 supports (GOOD) or attacks (BAD) it — one party for the whole 局; ``ghost_lifted``: the use-god is a
    官鬼 on the 世 of someone who holds no office, so what strikes it lifts the burden (HJ-32)."""
    parties: list[Party] = []
    idle: list[tuple[Place, str]] = []
    framed = frame is not Effect.NEUTRAL and bool(absorbed)
    if framed:
        # HJ-32 holds for a 局 as for a single line: a 局 striking the lifted 官鬼 on the 世 strikes it away
        parties.append(Party(min(absorbed, key=lambda p: p.position), frame is Effect.GOOD or ghost_lifted, True,
                             True))
    # HJ-25 爻遇令星，物難我害 — but 寡不敵眾 (002 D-06): two attackers (the month's 破 among them) bring it down
    lines_cannot_harm = use.on_month_or_day and len(use.attacks) < 2
    # 002 D-06 生少克多，寡不敵眾: a use-god on the day that two attack is not held up by the day it stands on
    day_gives_way = use.branch is chart.moment.day.branch and len(use.attacks) >= 2
    for p, sup in [(p, True) for p in use.supports] + [(p, False) for p in use.attacks]:
        if p in absorbed:
            continue
        why = _idle_rule(chart, states, p, sup, near, use)
        if why is None and not sup and lines_cannot_harm and p.layer is Layer.LINE:
            why = "HJ-25", False
        if why is not None:
            idle.append((p, why[0]))
            if not why[1]:
                continue
        passing = p is _MONTH and not sup and use.place.layer is Layer.CHANGED and use.month_break
        strong = _strong(states, p) and not (day_gives_way and p.layer is Layer.DAY)
        parties.append(Party(p, sup or ghost_lifted, strong, False, why is not None, passing))
    verdict, key = _count([p for p in parties if not p.passing], use)
    now, key_now = _count([p for p in parties if not p.later], use)
    if ghost_lifted and (any(p in use.attacks for p in (q.place for q in parties)) or (framed and frame is Effect.BAD)):
        return Tally(tuple(parties), tuple(idle), verdict, "places_ghost_struck_away", now,
                     "places_ghost_struck_away", "HJ-32")
    return Tally(tuple(parties), tuple(idle), verdict, key, now, key_now)


def _count(parties: list[Party], use: State) -> tuple[Verdict, str]:
    s = sum(1 for p in parties if p.supports)
    k = len(parties) - s
    strong_s = sum(1 for p in parties if p.supports and p.strong)
    strong_k = sum(1 for p in parties if not p.supports and p.strong)
    if s == 0 and k == 0:
        # HJ-11 用爻有氣無他故，所作皆成; HJ-02 a weak one waits for what generates it; a lost one fails
        if use.vigour.strong:
            return (Verdict.吉, "places_alone_strong") if use.vigour is Vigour.旺 else (Verdict.小吉, "places_alone")
        return (Verdict.平, "places_alone_weak") if use.vigour is Vigour.休囚 else (Verdict.小凶, "places_alone_lost")
    if k == 0:
        return (Verdict.吉, "places_all_support") if s >= 2 or strong_s else (Verdict.小吉, "places_weak_support")
    if s > k:
        if s - k >= 2:
            return Verdict.吉, "places_more_support"
        return (Verdict.小吉, "places_more_support") if strong_s >= strong_k else (Verdict.平, "places_support_weaker")
    if s == k:
        if strong_s != strong_k:
            return (Verdict.小吉, "places_even_support_stronger") if strong_s > strong_k else (Verdict.小凶,
                                                                                       "places_even_attack_stronger")
        if use.vigour is Vigour.旺:
            return Verdict.小吉, "places_even_use_strong"
        return (Verdict.平, "places_even") if use.vigour is Vigour.有氣 else (Verdict.小凶, "places_even_use_weak")
    if s and strong_s:
        return (Verdict.平, "places_rescued") if k - s == 1 else (Verdict.小凶, "places_rescued_outnumbered")
    if s == 0 and k == 1 and not strong_k:
        return Verdict.小凶, "places_weak_attack"
    if s == 0 and k == 1 and use.vigour is Vigour.旺:
        return Verdict.平, "places_attack_withstood"  # HJ-46: a lone attacker against a 旺 use-god
    return Verdict.凶, "places_overwhelmed"
