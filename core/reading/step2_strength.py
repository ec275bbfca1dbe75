"""Step 2 of a reading, weighed: how strong a line is, and why — every support and every injury the texts count,
as weighted findings.

Follows 002's 月建章 and 日辰章 and the 生克/動變 paragraphs: the month and the day act on every kind of line,
moving (and 暗動) lines act on primary and hidden lines, a changed line acts only on its own moving line, and
a line's own change acts on it (回頭生/克, 進/退神, 化墓/絕/破/空).  Nothing is decided by a single flag:
the tally of supports against injuries is what the verdict reads (SK-03 克處逢生).
"""

from __future__ import annotations

from functools import lru_cache

from core.chart.actors import Actor, acting_lines, actor_at
from core.chart.chart import (
    Chart,
    DayClash,
    DayRelation,
    MonthRelation,
    Season,
    Standing,
    Transformation,
)
from core.chart.ganzhi import Branch
from core.chart.relations import Stage, generates, overcomes, stage
from core.findings import Effect, Finding, Layer, Place, finding
from core.values import value

GOOD, BAD, NEUTRAL = Effect.GOOD, Effect.BAD, Effect.NEUTRAL
MONTH_SUPPORT = frozenset((MonthRelation.臨月建, MonthRelation.月生))  # the month is the line, or generates it
DAY_SUPPORT = frozenset((DayRelation.臨日, DayRelation.日生))  # the day is the line, or generates it

# Weights (0–10).  The month and the day decide half the verdict (M-02 Korean gloss: "look at the 月建 first"),
# so their verdicts weigh most; a single moving line weighs a little less than the month; minor modifiers 1–3.
W_ON_MONTH, W_ON_DAY = 6, 6
W_MONTH_GEN, W_DAY_GEN, W_MONTH_HIT, W_DAY_HIT = 4, 4, 4, 4
W_BREAK, W_DAY_BREAK, W_TRUE_VOID, W_ROOTLESS = 7, 5, 7, 10
W_LINE_GEN, W_LINE_HIT = 4, 4
W_TURN_GEN, W_TURN_HIT = 5, 6


@value
class Assessment:
    """The supports and injuries of one thing in the chart, with the two conclusions the texts draw from them."""

    place: Place
    findings: tuple[Finding, ...]
    rooted: bool  # YJ-03: a use-god without root cannot be raised even by a strong 元神
    usable: bool  # not 真空/破 beyond rescue: it can act (or be acted on to good effect) now or at its time

    @property
    def support(self) -> int:
        return sum(f.weight for f in self.findings if f.effect is GOOD)

    @property
    def damage(self) -> int:
        return sum(f.weight for f in self.findings if f.effect is BAD)

    @property
    def score(self) -> int:
        return self.support - self.damage

    @property
    def strong(self) -> bool:
        return self.rooted and self.usable and self.score > 0


def season_strong(actor: Actor) -> bool:
    """旺相 in the sense of D-02/YC-1: in season, or supported by the month or the day."""
    st = actor.standing
    return True if st is None else _standing_strong(st)


def _standing_strong(st: Standing) -> bool:
    if st.month_break and DayRelation.臨日 not in st.day:
        return False
    return (st.season is not Season.休囚 or MonthRelation.月合 in st.month
            or not DAY_SUPPORT.isdisjoint(st.day))


@lru_cache(maxsize=8192)  # a few thousand (standing, place) cases recur: each is read once
def _month_and_day(st: Standing, branch: Branch, moving: bool, place: Place) -> tuple[Finding, ...]:
    me = (place,)
    out: list[Finding] = []
    on_day = DayRelation.臨日 in st.day
    b = branch.name
    if MonthRelation.臨月建 in st.month:
        out.append(finding("M-06", "on_month", GOOD, W_ON_MONTH, me, branch=b))
    elif st.season is Season.次旺:
        out.append(finding("M-01", "season_next", GOOD, 3, me, branch=b))
    elif MonthRelation.月生 in st.month:
        out.append(finding("M-01", "month_generates", GOOD, W_MONTH_GEN, me, branch=b))
    elif st.season is Season.餘氣:
        out.append(finding("M-01", "residual", GOOD, 1, me, branch=b))
    if MonthRelation.月合 in st.month:
        out.append(finding("M-04", "month_combines", GOOD, 3, me, branch=b))
    if MonthRelation.月克 in st.month:
        out.append(finding("M-02", "month_overcomes", BAD, W_MONTH_HIT, me, branch=b))
    if st.month_break:
        if on_day:
            out.append(finding("M-05", "month_break_held", NEUTRAL, 0, me, branch=b))
            out.append(finding("D-06", "break_held_by_day", NEUTRAL, 0, me, branch=b))
        else:
            out.append(finding("M-05", "month_break", BAD, W_BREAK, me, branch=b))
    elif st.season is Season.休囚 and not (set(st.month) & {MonthRelation.月合, MonthRelation.月克}):
        out.append(finding("M-01", "out_of_season", BAD, 2, me, branch=b))
    if on_day:
        out.append(finding("D-06", "on_day", GOOD, W_ON_DAY, me, branch=b))
    if DayRelation.日生 in st.day:
        out.append(finding("D-07", "day_generates", GOOD, W_DAY_GEN, me, branch=b))
    if DayRelation.日合 in st.day:
        out.append(finding("D-07", "day_combines", GOOD, 2, me, branch=b))
        if not moving and place.layer is Layer.LINE:
            out.append(finding("SK-08", "tied_by_day", NEUTRAL, 1, me, branch=b))
            out.append(finding("D-04", "tie_waits_for_clash", NEUTRAL, 0, me, branch=b))
    if DayRelation.日克 in st.day:
        out.append(finding("D-07", "day_overcomes", BAD, W_DAY_HIT, me, branch=b))
    if st.day_clash is DayClash.暗動:
        out.append(finding("D-02", "hidden_movement", GOOD, 2, me, branch=b))
        if st.void:
            out.append(finding("D-03", "void_clash_fills", GOOD, 1, me, branch=b))
    elif st.day_clash is DayClash.日破:
        out.append(finding("D-02", "day_break", BAD, W_DAY_BREAK, me, branch=b))
    elif DayRelation.日沖 in st.day and moving:
        out.append(finding("D-05", "moving_not_dispersed", NEUTRAL, 0, me, branch=b))
    if st.void and st.day_clash is not DayClash.暗動:
        if moving:
            out.append(finding("DB-07", "moving_not_void", NEUTRAL, 0, me, branch=b))
        elif place.layer is Layer.CHANGED:
            out.append(finding("XK-03", "changed_void_waits", NEUTRAL, 1, me, branch=b))
        elif _standing_strong(st):
            out.append(finding("M-08", "void_now", BAD, 2, me, branch=b))
            out.append(finding("XK-02", "void_even_when_strong", NEUTRAL, 0, me, branch=b))
            out.append(finding("M-09", "void_not_forever", GOOD, 1, me, branch=b))
        else:
            out.append(finding("XK-05", "true_void", BAD, W_TRUE_VOID, me, branch=b))
    if st.stage in (Stage.長生, Stage.帝旺):
        out.append(finding("D-08", "day_stage_strong", GOOD, 2, me, branch=b, stage=st.stage.name))
    elif st.stage is Stage.墓:
        out.append(finding("D-08", "day_tomb", BAD, 3, me, branch=b))
    elif st.stage is Stage.絕 and not _standing_strong(st):
        out.append(finding("D-08", "day_cut", BAD, 3, me, branch=b))
    return tuple(out)  # cached: never hand out a list to mutate


_TURNS: dict[Transformation, tuple[str, str, Effect, int]] = {
    Transformation.回頭生: ("DB-04", "turns_generating", GOOD, W_TURN_GEN),
    Transformation.回頭克: ("DB-04", "turns_overcoming", BAD, W_TURN_HIT),
    Transformation.化進神: ("DB-05", "advances", GOOD, 3),
    Transformation.化退神: ("DB-05", "retreats", BAD, 3),
    Transformation.化破: ("DB-06", "changes_to_break", BAD, 3),
    Transformation.化墓: ("DB-06", "changes_to_tomb", BAD, 3),
    Transformation.化絕: ("DB-06", "changes_to_cut", BAD, 3),
    Transformation.回頭沖: ("DB-06", "changes_to_clash", BAD, 2),
    Transformation.回頭合: ("SK-08", "tied_by_change", BAD, 2),
    Transformation.化空: ("DB-07", "changes_to_void", NEUTRAL, 0),
}


def _own_change(chart: Chart, a: Actor) -> tuple[Finding, ...]:
    if not a.transformations:
        return ()
    changed = chart.lines[a.place.position - 1].changed if a.place.layer is Layer.LINE else None
    return _change_findings(a.place, a.branch, a.changed_branch, a.transformations,
                            None if changed is None else changed.standing)


@lru_cache(maxsize=8192)  # a line, its change and the change's standing: the same cases recur
def _change_findings(place: Place, branch: Branch, changed_branch: Branch | None,
                     transformations: tuple[Transformation, ...], changed: Standing | None) -> tuple[Finding, ...]:
    """What a line's own change does to it (回頭生/克 with 接續相生 and M-13, 進/退, 化墓/絕/破/空 …)."""
    out = []
    me = (place,)
    if changed is not None and changed_branch is not None:
        there = me + (Place(Layer.CHANGED, place.position),)
        by_month = not MONTH_SUPPORT.isdisjoint(changed.month)  # the month generates the change, or is it
        fed = by_month or not DAY_SUPPORT.isdisjoint(changed.day)
        if Transformation.回頭生 in transformations:
            out.append(finding("SK-01", "generated_by_change", NEUTRAL, 0, there, branch=branch.name,
                               changed=changed_branch.name))
            if fed:
                # 接續相生: the month or day feeds the change that feeds the line (卯月卯日 → 午 → 丑, Z002-07).
                out.append(finding("SK-01", "change_fed_by_month_day", GOOD, 4, there, branch=branch.name,
                                   changed=changed_branch.name))
        if Transformation.回頭克 in transformations and fed:
            # M-13 生扶忌神乃助惡而為虐 / JC-1: the month (or day) feeds the change that overcomes the line.
            out.append(finding("M-13" if by_month else "JC-1", "month_feeds_turn" if by_month else "day_feeds_turn",
                               BAD, 4 if by_month else 2, there, branch=branch.name, changed=changed_branch.name))
            out.append(finding("JC-1", "turn_attacker_strong", NEUTRAL, 0, there, branch=branch.name,
                               changed=changed_branch.name))
    for t in transformations:
        if t in _TURNS:
            rule, key, eff, w = _TURNS[t]
            out.append(finding(rule, key, eff, w, me + (Place(Layer.CHANGED, place.position),),
                               branch=branch.name, changed="" if changed_branch is None else changed_branch.name))
    return tuple(out)


def _hurt(actor: Actor) -> bool:
    """An attacker that is itself overcome or broken 'cannot look after itself' (SK-05 自顧不暇)."""
    st = actor.standing
    if st is None:
        return False
    if Transformation.回頭克 in actor.transformations:
        return True
    return (st.month_break and DayRelation.臨日 not in st.day) or st.day_clash is DayClash.日破


def _lines_acting(chart: Chart, a: Actor, me: tuple[Place, ...], absorbed: frozenset[Place]) -> list[Finding]:
    """Moving and 暗動 lines on a primary or hidden line (DB-01/02: never on a changed line).  A moving line
    that is a member of a formed frame acting on this line gives its force to the frame (SK-06): it is weighed
    there, not one by one."""
    out: list[Finding] = []
    if a.place.layer not in (Layer.LINE, Layer.HIDDEN):
        return out
    movers = acting_lines(chart)
    for b in movers:
        if b.place == a.place:
            continue
        if b.place in absorbed:
            out.append(finding("SK-06", "absorbed_in_frame", NEUTRAL, 0, me + (b.place,), branch=b.branch.name))
            continue
        there = me + (b.place,)
        if Transformation.回頭合 in b.transformations:
            # 動而化合: tied by its own change, it cannot generate or overcome until the tie is clashed (SK-08).
            if generates(b.element, a.element) or overcomes(b.element, a.element):
                out.append(finding("SK-08", "helper_tied" if generates(b.element, a.element) else "attacker_tied",
                                   NEUTRAL, 0, there, branch=b.branch.name))
            continue
        secret = b.hidden_movement and not b.moving  # 暗動: acts as if moving, and is named as such
        if generates(b.element, a.element):
            out.append(finding("SK-01", "generated_by_hidden_mover" if secret else "generated_by_line", GOOD,
                               W_LINE_GEN, there, branch=b.branch.name))
        elif overcomes(b.element, a.element):
            if _hurt(b):
                out.append(finding("SK-05", "attacker_hurt", NEUTRAL, 1, there, branch=b.branch.name))
            else:
                out.append(finding("SK-02", "overcome_by_hidden_mover" if secret else "overcome_by_line", BAD,
                                   W_LINE_HIT, there, branch=b.branch.name))
        if b.moving and stage(a.element, b.branch) is Stage.墓:
            out.append(finding("YN-5", "tomb_in_line", BAD, 3, there, branch=b.branch.name))
    for ln in chart.lines:
        if ln.changed is not None and ln.position != a.place.position and overcomes(ln.changed.element, a.element):
            out.append(finding("DB-01", "changed_cannot_reach", NEUTRAL, 0, me + (Place(Layer.CHANGED, ln.position),),
                               branch=ln.changed.branch.name))
    if not movers and a.place.layer is Layer.LINE and not season_strong(a):
        # SK-04: with every line static, 旺相 lines still generate and overcome 休囚 ones.
        for b in (actor_at(chart, Place(Layer.LINE, i)) for i in range(1, 7)):
            if b.place == a.place or not season_strong(b):
                continue
            if generates(b.element, a.element):
                out.append(finding("SK-04", "static_strong_generates", GOOD, 2, me + (b.place,), branch=b.branch.name))
            elif overcomes(b.element, a.element):
                out.append(finding("SK-04", "static_strong_overcomes", BAD, 2, me + (b.place,), branch=b.branch.name))
    return out


def _fed_by_mover(chart: Chart, a: Actor) -> bool:
    """A primary or hidden line that an acting line (moving or 暗動, not tied by its own change: SK-08) generates
    or helps (比和) — 生扶 as XK2-02 and TT-01 name it."""
    if a.place.layer not in (Layer.LINE, Layer.HIDDEN):
        return False
    return any(m.place != a.place and Transformation.回頭合 not in m.transformations
               and (generates(m.element, a.element) or m.element is a.element) for m in acting_lines(chart))


_LINE_HIT_RULES = frozenset(("SK-02", "DB-04"))  # overcome by a line or by its own change
_HIT_RULES = frozenset(("M-02", "D-07"))  # … or by the month or the day
_HELP_KEYS = frozenset(("generated_by_line", "generated_by_hidden_mover", "turns_generating", "day_generates", "month_generates", "on_month",
                        "on_day", "season_next", "static_strong_generates", "change_fed_by_month_day"))
_LINE_HELP_KEYS = frozenset(("generated_by_line", "generated_by_hidden_mover", "turns_generating"))


def assess(chart: Chart, place: Place, absorbed: frozenset[Place] = frozenset(),
           frame: Effect = NEUTRAL) -> Assessment:
    """Every support and injury of the thing at ``place`` that the texts count, with rooted/usable.

    ``absorbed``: moving lines whose force goes into a formed frame acting on this place; ``frame``: whether
    such frames help (GOOD) or hurt (BAD) it on balance — a third party in the month/day tally (M-11)."""
    a = actor_at(chart, place)
    me = (place,)
    if place.layer in (Layer.MONTH, Layer.DAY):
        rule = "M-07" if place.layer is Layer.MONTH else "D-01"
        return Assessment(place, (finding(rule, "month_as_use_god" if rule == "M-07" else "day_rules", GOOD,
                                          W_ON_MONTH, me, branch=a.branch.name),), True, True)
    st = a.standing
    assert st is not None
    found = [*_month_and_day(st, a.branch, a.moving, place), *_own_change(chart, a),
             *_lines_acting(chart, a, me, absorbed)]
    on_day = DayRelation.臨日 in st.day
    # One pass over what was found: the injuries and supports SK-03 counts, whether a line (or the line's own
    # change) overcomes it — a third party for M-11, a wound that waits for M-10 — and 真空/破.
    hits = helps = 0
    line_hit = line_help = truly_void = broken = False
    for f in found:
        key = f.key
        if f.effect is BAD:
            if f.rule in _LINE_HIT_RULES:
                line_hit = True
                hits += 1
            elif f.rule in _HIT_RULES or key == "month_feeds_turn":
                hits += 1
        elif f.effect is GOOD and key in _HELP_KEYS:
            helps += 1
        if key in _LINE_HELP_KEYS:
            line_help = True
        elif key == "true_void":
            truly_void = True
        elif key in ("month_break", "day_break"):
            broken = True
    if truly_void and _fed_by_mover(chart, a):
        # XK2-02 「有日建動爻生扶者不為空」 (with TT-01: what a moving line generates or helps is 旺, not 休囚): a
        # void line an acting line feeds only waits — 002's 休囚之真空 (XK-05) does not hold for it
        b = a.branch.name
        found = [f for f in found if f.key != "true_void"] + [
            finding("M-08", "void_now", BAD, 2, me, branch=b), finding("XK-02", "void_even_when_strong", NEUTRAL, 0,
                                                                      me, branch=b),
            finding("M-09", "void_not_forever", GOOD, 1, me, branch=b)]
        truly_void = False
    if frame is GOOD:
        helps += 1
    elif frame is BAD:
        hits += 1
    if hits and helps:
        found.append(finding("SK-03", "rescued" if helps >= hits else "outnumbered",
                             GOOD if helps >= hits else BAD, 2, me))
    elif hits:
        found.append(finding("SK-02", "overcome_without_help", BAD, 4, me))
        line_hit = True  # counted below as an SK-02 injury, as the text's tally does
    # M-15 / M-11: month and day pulling opposite ways cancel; a third party decides.
    month_up = not MONTH_SUPPORT.isdisjoint(st.month) or st.season is Season.次旺
    day_up = not DAY_SUPPORT.isdisjoint(st.day)
    month_down, day_down = MonthRelation.月克 in st.month, DayRelation.日克 in st.day or st.day_clash is DayClash.日破
    if (month_up and day_down) or (day_up and month_down):
        third_hit = frame is BAD or line_hit
        third_help = frame is GOOD or line_help
        if third_hit and not third_help:
            found.append(finding("M-11", "third_party_harms", BAD, 4, me))
        elif third_help and not third_hit:
            found.append(finding("M-11", "third_party_helps", GOOD, 3, me))
        else:
            found.append(finding("M-15", "month_day_cancel", NEUTRAL, 0, me))
    elif MonthRelation.臨月建 in st.month and (DayRelation.日沖 in st.day or DayRelation.日克 in st.day
                                              or st.stage is Stage.墓):
        found.append(finding("M-11", "month_withstands_day", NEUTRAL, 0, me))
    if on_day and hits >= 2 and hits >= helps:
        # D-06 生少克多，寡不敵眾: "破亦為破，傷亦為傷" — the day's protection gives way.
        found.append(finding("D-06", "on_day_overwhelmed", BAD, 6, me))
    # 逢傷亦傷卻有待時之用 (M-10): a line on the month that another line (or its own change) overcomes waits for
    # the day that clashes the attacker away.
    if MonthRelation.臨月建 in st.month and line_hit:
        found.append(finding("M-10", "hurt_but_waits", GOOD, 4, me))
    rooted = not ((st.month_break and not on_day and (DayRelation.日克 in st.day or not day_up))
                  or (truly_void and broken))
    usable = not truly_void and not (broken and not day_up)
    return Assessment(place, tuple(found), rooted, usable)
