"""疾病 (ch. 99, JB), 延醫 (ch. 103, YY), 醫卜往治 (ch. 104, WZ: the doctor topic's ``treat`` aspect) and 鬼神 (ch. 102,
GS).

Illness: the use-god is the patient (世 for oneself, the relation for kin).  The general overrides already read
the chapter's first two steps (六沖 and 空/破 against 近病/久病: JS-25/26, HJ-35 = JB-02/03); this module adds its
next ones in the chapter's order: the bad changes (JB-05), the 官鬼 and 子孫 on the 世 (JB-08, JB-10 with WZ-04's
"not controlled"), a moving 鬼 and the 忌神's advance or retreat (JB-11), a moving 子孫 (JB-12).  JB-09 limits the
子孫 rules: for a parent (官 is their 元神) and for a wife asking about her husband (官 is the use-god) a moving 子孫
does not relieve.  Choice: JB-10's 「代占六親之病」 is read with the same limit (a 子孫 on the 世 of a parent's chart
would strike the parent's 元神), written here because the text does not say.

A doctor: the 應 is the doctor for oneself or for kin (YY-02 「自占求醫，應爻為醫人，代六親而求醫者，亦以應為醫人」),
子孫 the medicine, 官鬼 the worry (WZ-02); the patient's line (the 世, or the relative's line as 疾病章 takes it) is read
beside the doctor for an illness no medicine reaches or one healed without it (YY-09).  Spirits: 官鬼 is the spirit
(GS-01), read for whether one is involved.
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Element,
    Move,
    Place,
    R,
    States,
    T,
    Unit,
    acting,
    changes_into,
    clash_of,
    cut_off,
    empty,
    feeding,
    generates,
    good_change,
    harming,
    line_at,
    moving,
    place_of,
    timing,
    weak,
)
from core.chart.chart import Chart
from core.chart.hexagram import relation
from core.findings import Effect, Finding, Layer, finding
from core.question import Illness, Question, Subject, Topic, resolve
from core.reading.step1_usegod import select_use_god

# Whose illness: a parent (or master) and the husband asked by his wife have 官鬼 as 元神 or use-god (JB-09, JB-11).
_GHOST_FRIENDLY = (Subject.parent, Subject.master, Subject.husband)


def illness_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    times = []
    subject = question.subject or Subject.self
    own = subject is Subject.self
    ghost_friendly = subject in _GHOST_FRIENDLY
    us = states[use]
    ln = line_at(chart, use)
    rel = ln.relation if ln is not None else None
    recent, long_ = question.illness is Illness.recent, question.illness is Illness.long
    # JB-05 bad changes: the use-god 化鬼 or 回頭克; a 鬼 changing into it; the use-god and its 忌神 changing into
    # each other (兄化財 財化兄, 父化子 子化父).  父化鬼 for a parent is a 化生: a light illness heals, a long one not.
    if ln is not None and ln.moving and ln.changed is not None and rel is not None:
        into = ln.changed.relation
        enemy = relation(chart.hexagram.element, ln.element.overcome_by)
        if ghost_friendly and rel is R.父母 and into is R.官鬼:
            if recent:
                moves.append(Move("JB-05", "jb_parent_turns_ghost_recent", (use,), "", "+1"))
            elif long_:
                moves.append(Move("JB-05", "jb_parent_turns_ghost_long", (use,), "", "=凶"))
        elif (into is R.官鬼 and rel is not R.官鬼) or into is enemy or T.回頭克 in ln.transformations:
            moves.append(Move("JB-05", "jb_use_god_turns_bad", (use, Place(Layer.CHANGED, use.position)), "",
                              "=凶", (("changed", ln.changed.branch.name),)))
    # 忌化用 for every use-god (財化父 for a parent too); 鬼化父 only for a parent's long illness (野鶴曰: 父動化鬼乃為化生，
    # 輕病者即愈，久病者鬼化父，父化鬼皆主危亡)
    if rel is not None:
        enemy = relation(chart.hexagram.element, us.element.overcome_by)
        harmful = (enemy,) if ghost_friendly and rel is R.父母 and not long_ else (R.官鬼, enemy)
        for other in chart.lines:
            if other.position != use.position and other.relation in harmful and changes_into(other, rel):
                moves.append(Move("JB-05", "jb_ghost_turns_into_use_god", (LINE_PLACES[other.position], use), "",
                                  "-1"))
                break
    world = chart.world
    ws = states.world
    # a moving 子孫 「制服官鬼」 (JB-12 L505) with the force to strike the 鬼 (``harming``: tied, 化退, 貪生忘克 …
    # it does nothing); one that 化克 is the passage's own case, 「即使病愈後還發」 — it still heals, and relapses
    kids = moving(chart, R.子孫)
    near = question.illness is not Illness.long
    ghost = ws.place if world.relation is R.官鬼 else place_of(chart, R.官鬼)  # JB-08: the 鬼 on the 世
    child_moving = [LINE_PLACES[x.position] for x in kids
                    if T.回頭克 in x.transformations or harming(chart, states, (x,), ghost, near)]
    # JB-08 官鬼持世: for oneself hard to cure (a moving 子孫 helps now, the root stays); for kin it is the asker's
    # worry, which a moving 子孫 removes (not for a parent nor a husband: JB-09).
    if world.relation is R.官鬼:
        here = (ws.place,)
        if own:
            moves.append(Move("JB-08", "jb_ghost_holds_world_self", here, "+1" if child_moving else "",
                              "≤平" if child_moving else "-1"))
        elif child_moving and not ghost_friendly:
            moves.append(Move("JB-08", "jb_child_clears_worry", here + tuple(child_moving), "", "≥小吉"))
    # JB-10 子孫持世 (WZ-04: the 子孫 not controlled): oneself heals without medicine; kin are safe whatever the use-god
    uncontrolled = not any(_overcome(chart, states, p, ws.element) for p in ws.attacks)
    if world.relation is R.子孫 and uncontrolled and (own or (not ghost_friendly and ws.vigour.strong)):  # 只要旺相
        moves.append(Move("JB-10", "jb_child_holds_world", (ws.place,), "", "≥小吉"))
        if ws.void and not ws.void_filled:
            times.append(timing(Unit.DAY, clash_of(ws.branch), "JB-10", "jb_child_void_day", 5, (ws.place,)))
            times.append(timing(Unit.DAY, ws.branch, "JB-10", "jb_child_void_day", 5, (ws.place,)))
    # JB-11 鬼爻發動病勢必重 — yet for a parent or a husband asked by his wife it heals; 忌神化退 lightens
    ghosts = [x for x in moving(chart, R.官鬼) if x.position != use.position]
    if ghosts:
        where = tuple(LINE_PLACES[x.position] for x in ghosts)
        if ghost_friendly and rel in (R.父母, R.官鬼):
            moves.append(Move("JB-11", "jb_ghost_moves_heals_kin", where, "", "+1"))
        else:
            found.append(finding("JB-11", "jb_ghost_moves_grave", Effect.BAD, 2, where))
    if rel is not None:
        enemy = relation(chart.hexagram.element, us.element.overcome_by)
        for a in acting(chart, enemy):
            if a.moving and T.化退神 in a.transformations and a.place != use:
                moves.append(Move("JB-11", "jb_enemy_retreats", (a.place, use), "", "+1"))
                break
        # 克用神者為忌神，若動化進神，亦同此意 (鬼爻發動病勢必重): a 忌神 that is the 鬼 is said above
        rising = [LINE_PLACES[x.position] for x in moving(chart, enemy)
                  if T.化進神 in x.transformations and LINE_PLACES[x.position] != use]
        if rising and enemy is not R.官鬼:
            found.append(finding("JB-11", "jb_enemy_advances", Effect.BAD, 2, (rising[0], use)))
    # JB-12 自占病及占兄弟病，得子孫動者，制服官鬼，其病即愈 … 子孫動而化克 … 反吟 … 反覆之象
    if child_moving and subject in (Subject.self, Subject.sibling) and world.relation is not R.子孫:
        relapse = any(T.回頭克 in x.transformations for x in moving(chart, R.子孫)) or _reversal(chart)
        moves.append(Move("JB-12", "jb_child_moves_relapse" if relapse else "jb_child_moves_heals",
                          tuple(child_moving), "≥小吉", "≤平" if relapse else "≥小吉"))
    return ChapterReading(tuple(found), tuple(moves), tuple(times))


def _overcome(chart: Chart, states: States, p: Place, element: Element) -> bool:
    """Does the thing at ``p`` overcome ``element`` (not merely break it)?"""
    return states[p].element.overcomes is element


def _reversal(chart: Chart) -> bool:
    movers = [x for x in chart.lines if x.moving]
    return bool(movers) and all(T.反吟 in x.transformations for x in movers)


def doctor_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """延醫章: the 應 is the doctor (YY-02), 子孫 the medicine (YY-04), 官鬼 the worry."""
    moves: list[Move] = []
    found: list[Finding] = []
    times = []
    resp = chart.response
    rs = states[LINE_PLACES[resp.position]]
    rp = rs.place
    # YY-02 得子孫動而制之: a moving 子孫 with the force to strike the 鬼 (``harming``)
    ghost = LINE_PLACES[chart.world.position] if chart.world.relation is R.官鬼 else place_of(chart, R.官鬼)
    children = harming(chart, states, moving(chart, R.子孫), ghost, question.illness is not Illness.long)
    ghost_present = chart.world.relation is R.官鬼 or moving(chart, R.官鬼)
    # YY-03 應爻空破墓絕休囚衰弱，或旺相而被日月動爻沖克，或動而化鬼化絕化回頭克，藥不見效
    attacked = any(_overcome(chart, states, p, rs.element) for p in rs.attacks)
    turned = resp.moving and (changes_into(resp, R.官鬼) or T.化絕 in resp.transformations
                              or T.回頭克 in resp.transformations)
    failing = rs.vigour.value in ("休囚", "失陷") or empty(rs) or attacked \
        or turned
    if failing:
        moves.append(Move("YY-03", "yy_doctor_fails", (rp,), "≤小凶", "≤小凶"))
    # YY-02 鬼雖憂疑之神也，若持世及動於卦中，得子孫動而制之，此醫可請; 子孫臨應爻者乃明醫也
    if ghost_present and children and not failing:
        moves.append(Move("YY-02", "yy_medicine_masters_worry", (rp,) + tuple(LINE_PLACES[x.position]
                                                                              for x in children), "", "≥吉"))
    if resp.relation is R.子孫 and not failing:
        moves.append(Move("YY-02", "yy_skilled_doctor", (rp,), "", "+1"))
    # YY-04 the medicine: 子孫 on the 應 or moving, strong and unhurt → it works; 化鬼 化克 poor; 化空 on the 實空 day;
    # 化生 化旺 化進 better
    medicine = [x for x in chart.lines if x.relation is R.子孫 and (x.moving or x.response)]
    for x in medicine:
        p = LINE_PLACES[x.position]
        s = states[p]
        if x.moving and (changes_into(x, R.官鬼) or T.回頭克 in x.transformations):
            moves.append(Move("YY-04", "yy_medicine_poor", (p,), "", "-1"))
        elif x.moving and T.化空 in x.transformations and x.changed is not None:
            times.append(timing(Unit.DAY, x.changed.branch, "YY-04", "yy_medicine_void_day", 5, (p,)))
        elif s.vigour.strong and not s.attacks and not empty(s):
            moves.append(Move("YY-04", "yy_medicine_better" if good_change(x) else "yy_medicine_works", (p,), "",
                              "+1"))
        break
    # YY-05 自占病，應爻克世者制我之病也，應爻克用神亦如此斷。惟不宜乎久病及體弱之人; 應爻臨兄鬼而克 … 必遭其殃:
    # the patient is the 世 for oneself, the relative's line for kin (not a parent nor a husband: YY-07, below)
    subject = question.subject or Subject.self
    ps = states[_patient(chart, question)] if subject not in (Subject.parent, Subject.husband) else None
    if ps is not None and ps.place != rp and rs.element.overcomes is ps.element and (
            resp.moving or rs.hidden_movement or rs.vigour.strong):
        here = (rp, ps.place)
        own = subject is Subject.self
        if resp.relation in (R.兄弟, R.官鬼):
            moves.append(Move("YY-05", "yy_doctor_harms", here, "", "=凶") if own
                         else Move("YY-05", "yy_doctor_harms_patient", here, "", "=凶"))
        elif question.illness is Illness.long or weak(ps):
            moves.append(Move("YY-05", "yy_doctor_too_harsh", here, "", "-1") if own
                         else Move("YY-05", "yy_doctor_too_harsh_patient", here, "", "-1"))
        else:
            moves.append(Move("YY-05", "yy_doctor_masters_illness", here, "", "+1") if own
                         else Move("YY-05", "yy_doctor_masters_patient", here, "", "+1"))
    f_found, f_moves = _beyond_medicine(chart, states, question)
    found += f_found
    moves += f_moves
    # YY-07 子占父 … 妻占夫 … 不能代占醫也: another relative should cast
    if subject in (Subject.parent, Subject.husband):
        found.append(finding("YY-07", "yy_another_should_ask", Effect.NEUTRAL, 0, ()))
    return ChapterReading(tuple(found), tuple(moves), tuple(times))


def treat_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """醫卜往治章 WZ-01 (L534): a doctor asking whether to go and treat someone — the 世 the doctor, the 應 the patient
    (``Aspect.treat``; WZ-02: the 官鬼 a worry that the 子孫 removes).  The favours, then the bar.

    「若得世爻旺相，子孫財爻持世，世生應爻，世爻動化進神，化回頭生，日月動爻臨財星子孫而生，在此皆手到病除」: any one —
    the cure in your hands (≥小吉).  「近病者應值旬空，或動而化空、化回頭生、化旺、化退，日月動爻生應爻，及卦逢六沖、卦變
    六沖，此皆速宜往救」: a recent illness so — go at once (≥小吉).  「久病者應爻旺相，或逢日月動爻相生，或動而化生化旺，
    應臨子孫，應臨財動生世，雖然久病，我必除根，除此之外，皆不宜往，徒累盛名」: a long illness so — you will root it out
    (≥小吉); none of them and none of the first signs — do not go (≤小凶).  The kind of illness is read only when given."""
    moves: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    wealth = chart.hexagram.element.overcomes
    child = next(e for e in Element if relation(chart.hexagram.element, e) is R.子孫)
    # a moving line feeds only with the force to (``feeding``: 化回頭克, weak and 化絕 … feed nothing)
    movers = tuple(x for x in chart.lines if x.moving and not x.world)
    pillars = (chart.moment.month_branch.element, chart.moment.day.branch.element)
    helpers = [e for e in (*pillars, *(x.element for x in feeding(chart, states, movers, wp)))
               if e in (wealth, child) and generates(e, ws.element)]
    t = world.transformations if world.moving else ()
    in_hand = ws.vigour.strong or world.relation in (R.子孫, R.妻財) or generates(ws.element, rs.element) \
        or T.化進神 in t or T.回頭生 in t or bool(helpers)
    if in_hand:
        moves.append(Move("WZ-01", "wz_cure_in_your_hands", (wp, rp), "", "≥小吉"))
    rt = resp.transformations if resp.moving else ()
    others = tuple(x for x in movers if not x.response)
    fed = any(generates(e, rs.element) for e in (*pillars, *(x.element for x in feeding(chart, states, others, rp))))
    if question.illness is Illness.recent:
        clash = chart.hexagram.six_clash or (chart.changed is not None and chart.changed.six_clash)
        if (rs.void and not rs.void_filled) or any(x in rt for x in (T.化空, T.回頭生, T.化帝旺, T.化退神)) \
                or fed or clash:
            moves.append(Move("WZ-01", "wz_go_at_once", (rp,), "≥小吉", "≥小吉"))
    elif question.illness is Illness.long:
        cured = rs.vigour.strong or fed or any(x in rt for x in (T.回頭生, T.化長生, T.化帝旺)) \
            or resp.relation is R.子孫 or (resp.relation is R.妻財 and resp.moving
                                          and generates(resp.element, world.element))
        if cured:
            moves.append(Move("WZ-01", "wz_root_it_out", (rp,), "", "≥小吉"))
        elif not in_hand:
            moves.append(Move("WZ-01", "wz_do_not_go", (rp,), "≤小凶", "≤小凶"))
    return ChapterReading(tuple(found), tuple(moves))


def _patient(chart: Chart, question: Question) -> Place:
    """The patient's line in a doctor's cast: the 世 for oneself, else the relation 疾病章 reads for that person,
    chosen as step 1 chooses a use-god."""
    subject = question.subject or Subject.self
    if subject is Subject.self:
        return LINE_PLACES[chart.hexagram.world]
    return select_use_god(chart, resolve(Question(Topic.illness, subject)).target).place


def _beyond_medicine(chart: Chart, states: States, question: Question) -> tuple[list[Finding], list[Move]]:
    """YY-09 (L531) 「不起之病，卦中不現其醫。立愈之災，爻中不見服藥 … 若非用神化鬼、鬼化用神，即是忌神化六親、六親化
    忌神，及用神化絕、化克、化墓，久病逢沖、逢空、隨鬼入墓，此皆無藥而醫也 … 近病者，若非卦得六沖，即觀用值旬空，或用神
    化回頭生。自占者，子孫持世，此皆不藥而愈也」: the patient's line (用神, read beside the doctor) decides before the
    doctor.  No medicine helps (=凶): the patient's line 化鬼, a 鬼 that changes into the patient's relation, the 忌神
    changing into it or it into the 忌神 (「六親」 read as the relative asked about), 化絕 化墓 of a weak line (JB-06:
    「用神旺者何須慮」) or 化回頭克; for a long illness, clashed by the day or the month, void, or in the 鬼's tomb.
    Healed without medicine (a reason: the doctor is not what heals): a recent illness under a six-clash hexagram, or
    the patient's line void or 化回頭生; for oneself, 子孫 on the 世.  The kind of illness is read only when given."""
    found: list[Finding] = []
    moves: list[Move] = []
    p = _patient(chart, question)
    s = states[p]
    ln = chart.lines[p.position - 1] if p.layer is Layer.LINE else None
    rel = ln.relation if ln is not None else None
    enemy = relation(chart.hexagram.element, s.element.overcome_by) if rel is not None else None
    t = ln.transformations if ln is not None and ln.moving else ()
    turned = ln is not None and ln.moving and (changes_into(ln, R.官鬼) or T.回頭克 in t
                                                or (enemy is not None and changes_into(ln, enemy))
                                                or (weak(s) and (T.化絕 in t or T.化墓 in t)))
    into = [x for x in chart.lines if x.moving and rel is not None and x.relation in (R.官鬼, enemy)
            and changes_into(x, rel)]
    illness = question.illness
    lasting = illness is Illness.long and (
        bool(s.month_break or s.day_break or any(clash_of(b) is s.branch for b in (chart.moment.month_branch,
                                                                                   chart.moment.day.branch)))
        or (s.void and not s.void_filled)
        or (s.tomb is not None and not s.tomb_broken and s.tomb_place is not None  # 隨鬼入墓 (as GZ-04 reads it)
            and s.tomb_place.layer is Layer.LINE and chart.lines[s.tomb_place.position - 1].relation is R.官鬼))
    if turned or into or lasting:
        moves.append(Move("YY-09", "yy_no_medicine_helps", (p, *(LINE_PLACES[x.position] for x in into)),
                          "=凶", "=凶"))
        return found, moves
    recent = illness is Illness.recent and (chart.hexagram.six_clash or (s.void and not s.void_filled)
                                            or T.回頭生 in t)
    own = (question.subject or Subject.self) is Subject.self and chart.world.relation is R.子孫
    if recent or own:
        found.append(finding("YY-09", "yy_heals_without_medicine", Effect.GOOD, 1, (p,)))
    return found, moves


def spirits_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """鬼神章 GS-01: 鬼值休囚及空破墓絕，非鬼神之害也; otherwise its element and strength name the spirit."""
    ghosts = [x for x in chart.lines if x.relation is R.官鬼]
    if not ghosts:
        return ChapterReading()
    best = max(ghosts, key=lambda x: (x.moving, states[LINE_PLACES[x.position]].vigour.strong))
    p = LINE_PLACES[best.position]
    s = states[p]
    if weak(s) or empty(s) or s.real_tomb or cut_off(s):
        return ChapterReading((finding("GS-01", "gs_no_spirit", Effect.NEUTRAL, 0, (p,)),),
                              (Move("GS-01", "gs_no_spirit", (p,), "≤平", "≤平"),))
    key = "gs_spirit_god" if s.vigour.value == "旺" else "gs_spirit_ghost"  # 旺 a god, 休囚 a ghost
    return ChapterReading((finding("GS-01", key, Effect.NEUTRAL, 0, (p,), element=best.element.name),))
