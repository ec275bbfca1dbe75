"""Step 3 of a reading for the other key lines: 元神, 忌神, 仇神 (002 lines 43–67), who they are in this chart
and whether they can do what they threaten.

The texts enumerate when a 元神 can generate the use-god (YC-1…5) and when it cannot (YN-1…6), when a 忌神 can
harm (JC-1…5) and when it cannot (JN-1…7).  Every condition that holds is reported, not only the first.
"""

from __future__ import annotations

from core.chart.actors import Actor, acting_lines, line_actors
from core.chart.chart import Chart, DayRelation, MonthRelation, Season, Transformation
from core.chart.ganzhi import Branch, Element
from core.chart.relations import Stage, stage
from core.findings import Effect, Finding, Layer, Place, finding
from core.reading.step2_strength import DAY_SUPPORT, MONTH_SUPPORT, season_strong
from core.values import value

GOOD, BAD, NEUTRAL = Effect.GOOD, Effect.BAD, Effect.NEUTRAL


@value
class Roles:
    yuan: tuple[Place, ...]  # 元神: generates the use-god
    ji: tuple[Place, ...]  # 忌神: overcomes the use-god
    chou: tuple[Place, ...]  # 仇神: overcomes the 元神 and generates the 忌神
    findings: tuple[Finding, ...]


def _weak(a: Actor) -> bool:
    return not season_strong(a)


def _hit(a: Actor, movers: tuple[Actor, ...]) -> bool:
    """克 by the month, the day or a moving line."""
    st = a.standing
    assert st is not None
    if MonthRelation.月克 in st.month or DayRelation.日克 in st.day:
        return True
    return any(m.place != a.place and m.element.overcomes is a.element for m in movers)


def _helped(a: Actor, movers: tuple[Actor, ...]) -> bool:
    """生扶 by the month, the day or a moving line, or standing on either (YC-1, JC-1)."""
    st = a.standing
    assert st is not None
    if not MONTH_SUPPORT.isdisjoint(st.month) or not DAY_SUPPORT.isdisjoint(st.day):
        return True
    return any(m.place != a.place and m.element.generates is a.element for m in movers)


def _entombed(a: Actor, movers: tuple[Actor, ...]) -> bool:
    """入三墓 (YN-5/JN-3): 墓 at the day, in a moving line, or by its own change."""
    st = a.standing
    assert st is not None
    return (st.stage is Stage.墓 or Transformation.化墓 in a.transformations
            or any(m.place != a.place and stage(a.element, m.branch) is Stage.墓 for m in movers))


def able_yuan(a: Actor, movers: tuple[Actor, ...], ji_moving: bool) -> tuple[list[str], list[str]]:
    st = a.standing
    assert st is not None
    can, cannot = [], []
    weak = _weak(a)
    if not weak or _helped(a, movers):
        can.append("YC-1")
    if a.moving and {Transformation.回頭生, Transformation.化進神} & set(a.transformations):
        can.append("YC-2")
    if st.stage in (Stage.長生, Stage.帝旺):
        can.append("YC-3")
    if a.moving and ji_moving:
        can.append("YC-4")
    if a.moving and (st.void or Transformation.化空 in a.transformations) and not st.month_break:
        # YC-5 (002 L51) "元神旺動臨空化空": the author's own case (Z002-05) applies it to a 休囚 巳 化空, so 旺動 is read as
        # "moving", not as a seasonal condition.
        can.append("YC-5")
    if weak and (not a.acts or _hit(a, movers)) and not (a.acts and ("YC-2" in can or _helped(a, movers))):
        cannot.append("YN-1")
    if weak and (st.void or st.month_break):
        cannot.append("YN-2")
    if weak and a.moving and Transformation.化退神 in a.transformations:
        cannot.append("YN-3")
    if weak and st.stage is Stage.絕:
        cannot.append("YN-4")
    if _entombed(a, movers):
        cannot.append("YN-5")
    if weak and a.moving and {Transformation.化絕, Transformation.回頭克, Transformation.化破} & set(a.transformations):
        cannot.append("YN-6")
    return can, cannot


def _able_ji(a: Actor, movers: tuple[Actor, ...], yuan_moving: bool, chou_moving: bool) -> tuple[list[str], list[str]]:
    st = a.standing
    assert st is not None
    can, cannot = [], []
    weak = _weak(a)
    if not weak or _helped(a, movers):
        can.append("JC-1")
    if a.moving and {Transformation.回頭生, Transformation.化進神} & set(a.transformations):
        can.append("JC-2")
    if a.moving and not weak and (st.void or Transformation.化空 in a.transformations):
        can.append("JC-3")
    if st.stage in (Stage.長生, Stage.帝旺):
        can.append("JC-4")
    if a.moving and chou_moving:
        can.append("JC-5")
    if weak and (not a.acts or _hit(a, movers)) and not (a.acts and ("JC-2" in can or _helped(a, movers))):
        cannot.append("JN-1")
    if not a.acts and (st.void or st.month_break):
        cannot.append("JN-2")
    if _entombed(a, movers):
        cannot.append("JN-3")
    if weak and a.moving and Transformation.化退神 in a.transformations:
        cannot.append("JN-4")
    if weak and st.stage is Stage.絕:
        cannot.append("JN-5")
    if a.moving and {Transformation.化絕, Transformation.化破, Transformation.回頭克} & set(a.transformations):
        cannot.append("JN-6")
    if a.moving and yuan_moving:
        cannot.append("JN-7")
    return can, cannot


def day_clash_note(a: Actor, here: tuple[Place, ...]) -> list[Finding]:
    """What the day's clash and the month's 合 do to an acting line: D-05 a moving line is not dispersed;
    D-02 a strong static line is set in motion (暗動), D-03 a void one is filled; M-04 the month's 合 makes it useful."""
    st = a.standing
    out: list[Finding] = []
    if st is None:
        return out
    if a.moving and DayRelation.日沖 in st.day:
        out.append(finding("D-05", "moving_not_dispersed", NEUTRAL, 0, here, branch=a.branch.name))
    if a.hidden_movement:
        out.append(finding("D-02", "role_hidden_movement", NEUTRAL, 0, here, branch=a.branch.name))
        if st.void:
            out.append(finding("D-03", "role_void_clash_fills", NEUTRAL, 0, here, branch=a.branch.name))
    if MonthRelation.月合 in st.month:
        out.append(finding("M-04", "role_month_combines", NEUTRAL, 0, here, branch=a.branch.name))
    return out


@value
class _Scene:
    """What each 元神/忌神 line is weighed against: the use-god's place, the lines
    that act, those whose force went into a frame (SK-06), whether no line moves
    and the use-god is weak (SK-04), and the month (M-06)."""

    use_place: Place
    movers: tuple[Actor, ...]
    absorbed: frozenset[Place]
    all_static: bool
    use_weak: bool
    month: Branch


def find_roles(chart: Chart, use_element: Element, use_place: Place, rooted: bool, use_weak: bool = False,
               absorbed: frozenset[Place] = frozenset()) -> Roles:
    """The 元/忌/仇 lines for a use-god of ``use_element`` and the findings on each (YJ-01…03, YC, YN, JC, JN, M-06, M-13)."""
    yuan_el, ji_el = use_element.generated_by, use_element.overcome_by
    chou_el = ji_el.generated_by  # overcomes the 元神 and generates the 忌神
    # Lines whose force went into a frame acting on the use-god are weighed with the frame (SK-06).
    lines = [a for a in line_actors(chart) if a.place != use_place]
    movers = acting_lines(chart)
    yuan = [a for a in lines if a.element is yuan_el]
    ji = [a for a in lines if a.element is ji_el]
    chou = [a for a in lines if a.element is chou_el]
    yuan_moving = any(a.moving for a in yuan)
    ji_moving = any(a.moving for a in ji)
    chou_moving = any(a.moving for a in chou)
    month = chart.moment.month_branch
    out: list[Finding] = []
    if use_place.layer in (Layer.CHANGED, Layer.MONTH):
        # DB-02/DB-03: no line can generate or overcome a changed line or the month; only its own moving line
        # (for a changed line) and the month and day reach it, and those are weighed in its assessment.
        if yuan or ji:
            out.append(finding("DB-02" if use_place.layer is Layer.CHANGED else "DB-03", "beyond_other_lines",
                               NEUTRAL, 0, (use_place,)))
        return Roles(tuple(a.place for a in yuan), tuple(a.place for a in ji), tuple(a.place for a in chou), tuple(out))
    if yuan or ji:
        out.append(finding("YJ-01", "roles_named", NEUTRAL, 0, tuple(a.place for a in yuan + ji) + (use_place,)))
    all_static = not movers
    scene = _Scene(use_place, movers, absorbed, all_static, use_weak, month)
    for a in yuan:
        out += _yuan_rules(a, scene, ji_moving)
    for a in ji:
        out += _ji_rules(a, scene, yuan_moving, chou_moving)
    for a in chou:
        if a.moving:
            out.append(finding("YJ-01", "chou_moving", BAD, 2, (a.place, use_place), branch=a.branch.name))
    if not rooted:
        out.append(finding("YJ-03", "rootless", BAD, 10, (use_place,)))
    return Roles(tuple(a.place for a in yuan), tuple(a.place for a in ji), tuple(a.place for a in chou), tuple(out))


def _yuan_rules(a: Actor, scene: _Scene, ji_moving: bool) -> list[Finding]:
    """One 元神 line: in a frame (SK-06), static (YJ-02), tied (SK-08, D-04), or
    whether it can generate the use-god (YC-1…5 against YN-1…6), M-06, YC-4."""
    movers, use_place = scene.movers, scene.use_place
    absorbed, month = scene.absorbed, scene.month
    all_static, use_weak = scene.all_static, scene.use_weak
    out: list[Finding] = []
    can, cannot = able_yuan(a, movers, ji_moving)
    here = (a.place, use_place)
    if a.place in absorbed:  # its force is weighed with the frame it joined (SK-06)
        out.append(finding("SK-06", "role_in_frame", NEUTRAL, 0, here, branch=a.branch.name))
        if a.moving and "YC-4" in can:
            out.append(finding("YC-4", "chain_generation", NEUTRAL, 0, here, branch=a.branch.name))
        return out
    # SK-04: when no line moves, strong static lines still generate and overcome — but only weak lines.
    acting = a.acts or (all_static and use_weak and not _weak(a))
    if not acting:
        if not cannot:
            out.append(finding("YJ-02", "yuan_static", NEUTRAL, 0, here, branch=a.branch.name))
        return out
    if Transformation.回頭合 in a.transformations:
        out.append(finding("SK-08", "yuan_tied", BAD, 3, here, branch=a.branch.name,
                           changed="" if a.changed_branch is None else a.changed_branch.name))
        out.append(finding("D-04", "tie_waits_for_clash", NEUTRAL, 0, here, branch=a.branch.name))
        return out
    out += day_clash_note(a, here)
    for rule in can:  # every condition that holds is reported; a 'cannot' voids the 'can' (雖有如無)
        out.append(finding(rule, "yuan_could" if cannot else "yuan_can", NEUTRAL if cannot else GOOD,
                           0 if cannot else (3 if rule == "YC-1" else 2), here, branch=a.branch.name))
    for rule in cannot:
        out.append(finding(rule, "yuan_cannot", NEUTRAL, 0, here, branch=a.branch.name))
    if can and not cannot and a.moving and a.branch is month:
        out.append(finding("M-06", "month_in_chart_yuan", GOOD, 3, here, branch=a.branch.name))
    if a.moving and "YC-4" in can:
        out.append(finding("YC-4", "chain_generation", GOOD, 6, here, branch=a.branch.name))
    return out


def _ji_rules(a: Actor, scene: _Scene, yuan_moving: bool,
              chou_moving: bool) -> list[Finding]:
    """One 忌神 line: in a frame (SK-06, JN-7), static and weak (JN-1), tied (SK-08),
    or whether it can harm the use-god (JC-1…5 against JN-1…7), M-06, M-13."""
    movers, use_place = scene.movers, scene.use_place
    absorbed, month = scene.absorbed, scene.month
    all_static, use_weak = scene.all_static, scene.use_weak
    out: list[Finding] = []
    can, cannot = _able_ji(a, movers, yuan_moving, chou_moving)
    here = (a.place, use_place)
    if a.place in absorbed:
        out.append(finding("SK-06", "role_in_frame", NEUTRAL, 0, here, branch=a.branch.name))
        if "JN-7" in cannot:
            out.append(finding("JN-7", "ji_cannot", NEUTRAL, 0, here, branch=a.branch.name))
        return out
    acting = a.acts or (all_static and use_weak and not _weak(a))
    if not acting:
        if _weak(a):
            out.append(finding("JN-1", "ji_cannot", GOOD, 1, here, branch=a.branch.name))
        return out
    if Transformation.回頭合 in a.transformations:
        out.append(finding("SK-08", "ji_tied", GOOD, 2, here, branch=a.branch.name))
        return out
    out += day_clash_note(a, here)
    for rule in can:
        out.append(finding(rule, "ji_could" if cannot else "ji_can", NEUTRAL if cannot else BAD,
                           0 if cannot else (3 if rule == "JC-1" else 2), here, branch=a.branch.name))
    for rule in cannot:
        out.append(finding(rule, "ji_cannot", GOOD, 2, here, branch=a.branch.name))
    if not cannot:
        if a.moving and a.branch is month:
            out.append(finding("M-06", "month_in_chart_ji", BAD, 4, here, branch=a.branch.name))
        st = a.standing
        assert st is not None
        if MonthRelation.月生 in st.month or st.season in (Season.旺, Season.次旺):
            out.append(finding("M-13", "month_feeds_ji", BAD, 2, here, branch=a.branch.name))
        elif MonthRelation.月克 in st.month:
            out.append(finding("M-13", "month_checks_ji", GOOD, 3, here, branch=a.branch.name))
    return out
