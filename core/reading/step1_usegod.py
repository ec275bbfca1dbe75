"""Step 1 of a reading, its candidates: which line, changed line, hidden line or month stands for the matter.

002 用神章: several lines of the relation → take the strongest (YS-08, "當擇其旺者而用之"; a changed line is a
candidate, Z002-04); none in the chart → the month if it bears the relation (M-07, "卦無用神即以月建為用神，不必尋
伏神"), otherwise the 伏神 under its 飛神, with whether the month and day let it come out (M-03, DB-03).
"""

from __future__ import annotations

from core.chart.actors import Actor, actor_at
from core.chart.chart import Chart, DayRelation, MonthRelation
from core.chart.hexagram import Relation, relation
from core.chart.relations import overcomes
from core.findings import Effect, Finding, Layer, Place, finding
from core.question import Role, Special, Target
from core.reading.step2_state import States, states_of
from core.values import value


@value
class UseGod:
    """Where the use-god stands, and the findings that explain the choice."""

    place: Place
    actor: Actor
    candidates: tuple[Place, ...]
    findings: tuple[Finding, ...]
    comes_out: bool | None = None  # for a hidden use-god: can the 伏神 come out now (M-03)?


def _rank(chart: Chart, states: States, place: Place) -> tuple[int, int, int, int]:
    """YS-08's 'strongest': the tally of supports first, then moving, then holding 世, then primary over changed."""
    score = states.assessment(place).score
    a = actor_at(chart, place)
    on_world = place.layer is Layer.LINE and chart.lines[place.position - 1].world
    return score, int(a.moving or a.hidden_movement), int(on_world), int(place.layer is Layer.LINE)


def _relation_places(chart: Chart, rel: Relation) -> tuple[list[Place], list[Place]]:
    primary = [Place(Layer.LINE, ln.position) for ln in chart.lines if ln.relation is rel]
    changed = [Place(Layer.CHANGED, ln.position) for ln in chart.lines if ln.changed and ln.changed.relation is rel]
    return primary, changed


def _hidden_comes_out(chart: Chart, hidden: Place) -> tuple[bool, list[Finding]]:
    """M-03: the month (and, DB-03, the day) can raise a 伏神 by supporting it or by striking its 飛神."""
    h = actor_at(chart, hidden)
    fly = actor_at(chart, Place(Layer.LINE, hidden.position))
    here = (hidden, fly.place)
    st = h.standing
    fst = fly.standing
    assert st is not None and fst is not None
    out: list[Finding] = []
    if st.month_break or (st.void and not (set(st.month) & {MonthRelation.臨月建, MonthRelation.月生})):
        out.append(finding("M-05" if st.month_break else "XK-05", "hidden_cannot_come_out", Effect.BAD, 5, here,
                           branch=h.branch.name))
        return False, out
    helped = bool({MonthRelation.臨月建, MonthRelation.月生, MonthRelation.月合} & set(st.month)) or bool(
        {DayRelation.臨日, DayRelation.日生, DayRelation.日合} & set(st.day))
    fly_struck = bool({MonthRelation.月克, MonthRelation.月破} & set(fst.month)) or bool(
        {DayRelation.日克, DayRelation.日沖} & set(fst.day)) or fst.void
    if helped:
        out.append(finding("M-03", "hidden_supported", Effect.GOOD, 3, here, branch=h.branch.name))
    if fly_struck:
        out.append(finding("M-03", "flying_god_struck", Effect.GOOD, 2, here, branch=fly.branch.name))
    if overcomes(fly.element, h.element) and not fly_struck:
        out.append(finding("DB-03", "flying_god_presses", Effect.BAD, 3, here, branch=fly.branch.name))
        return helped and not fly.moving, out
    if not (helped or fly_struck):
        out.append(finding("M-03", "hidden_stays_hidden", Effect.BAD, 4, here, branch=h.branch.name))
        return False, out
    return True, out


def _useless(states: States, place: Place) -> bool:
    keys = {f.key for f in states.assessment(place).findings}
    return bool(keys & {"month_break", "true_void", "day_break"})


def _best(chart: Chart, states: States, places: list[Place]) -> Place:
    if len(places) == 1:  # nothing to weigh
        return places[0]
    return max(places, key=lambda p: (_rank(chart, states, p), -p.position))


def select_use_god(chart: Chart, target: Target, states: States | None = None) -> UseGod:
    """The use-god for ``target``: a relation, a positional role, or weather's 水火 pair (``states``: the reading's
    step 2, whose weighed copies it compares; made here when the caller has none)."""
    if states is None:
        states = states_of(chart)
    if isinstance(target, Relation):
        return _by_relation(chart, states, target)
    if isinstance(target, Special):
        # 水火 (weather): the more active of the water and fire lines stands for the day's sky.
        cands = [Place(Layer.LINE, ln.position) for ln in chart.lines if ln.element.name in "水火"]
        if not cands:
            return _by_relation(chart, states, relation(chart.hexagram.element, chart.moment.month_branch.element))
        place = _best(chart, states, cands)
        return UseGod(place, actor_at(chart, place), tuple(cands), ())
    return _by_role(chart, states, target)


def _by_role(chart: Chart, states: States, role: Role) -> UseGod:
    h = chart.hexagram
    if role is Role.世:
        place = Place(Layer.LINE, h.world)
        return UseGod(place, actor_at(chart, place), (place,), (finding("YS-07", "world_is_use_god", Effect.NEUTRAL,
                                                                        0, (place,)),))
    if role is Role.應:
        place = Place(Layer.LINE, h.response)
        return UseGod(place, actor_at(chart, place), (place,), ())
    if role is Role.間爻:
        lo, hi = sorted((h.world, h.response))
        cands = [Place(Layer.LINE, p) for p in range(lo + 1, hi)]
        place = _best(chart, states, cands)
        return UseGod(place, actor_at(chart, place), tuple(cands), ())
    if role in (Role.初爻, Role.二爻):
        place = Place(Layer.LINE, 1 if role is Role.初爻 else 2)
        return UseGod(place, actor_at(chart, place), (place,), ())
    wanted = chart.body if role is Role.卦身 else chart.moment.year_branch
    cands = [Place(Layer.LINE, ln.position) for ln in chart.lines if ln.branch is wanted]
    if not cands:  # the 身 or the 太歲 is not on a line: the 世 speaks for it
        place = Place(Layer.LINE, h.world)
        return UseGod(place, actor_at(chart, place), (place,), ())
    place = _best(chart, states, cands)
    return UseGod(place, actor_at(chart, place), tuple(cands), ())


def _by_relation(chart: Chart, states: States, rel: Relation) -> UseGod:
    primary, changed = _relation_places(chart, rel)
    if primary:
        # A changed line stands in only when every primary line of the relation is 無用 — broken or truly void
        # (M-05 "爻逢月破而無功"; Z002-05 reads the 化出 寅財 because the static 卯財 is 月破 and 旬空).
        useless = all(_useless(states, p) for p in primary)
        cands = primary + changed if useless else primary
        place = _best(chart, states, cands)
        notes: tuple[Finding, ...] = ()
        if useless and place.layer is Layer.CHANGED:
            notes += tuple(finding("M-05", "candidate_useless", Effect.NEUTRAL, 0, (p, place),
                                   branch=actor_at(chart, p).branch.name) for p in primary)
        if len(cands) > 1:  # the chosen line first: the sentence names it, not the first candidate
            notes += (finding("YS-08", "strongest_of_several", Effect.NEUTRAL, 0,
                              (place, *(p for p in cands if p != place)),
                             relation=rel.value, count=len(cands)),)
        return UseGod(place, actor_at(chart, place), tuple(cands), notes)
    month = chart.moment.month_branch
    if relation(chart.hexagram.element, month.element) is rel:
        place = Place(Layer.MONTH)
        return UseGod(place, actor_at(chart, place), (place,),
                      (finding("M-07", "month_is_use_god", Effect.NEUTRAL, 0, (place,), relation=rel.value),))
    hidden = [Place(Layer.HIDDEN, ln.position) for ln in chart.lines if ln.hidden and ln.hidden.relation is rel]
    if hidden:
        place = _best(chart, states, hidden)
        out, found = _hidden_comes_out(chart, place)
        return UseGod(place, actor_at(chart, place), tuple(hidden), tuple(found), comes_out=out)
    # Not reachable for a well-formed chart (the palace's pure hexagram holds all five relations); changed
    # lines are the last resort.
    place = _best(chart, states, changed)
    return UseGod(place, actor_at(chart, place), tuple(changed), ())

