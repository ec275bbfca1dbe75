"""婚姻 (ch. 82b, HYN), 胎孕 (87, TY), 問產婦安否 (88, CA).

Marriage: the man's side, whoever asks for it, reads 妻財; the woman's side 官鬼 (HYN-01 「男家占女，不拘父母親朋而
代占者，無不以財為用。女家占男，皆以官為用」) — the catalogue already does, so a woman asking is read for her
husband's side.  The 應 is the other family and only adds: 「大抵以財為主」 (HYN-04, as FQ-02).  The chapter's
deciding signs: the use-god 墓絕空破 or 化破化克化鬼 (HYN-05), the 世 moving into its void, advancing or retreating
(HYN-06), the 應 retreating (HYN-07), 兄 against the man's side and 子孫 against the woman's (HYN-09/10), a
six-clash without 財 or 官 (HYN-12).

Pregnancy: 子孫 for every asker, the 兄弟 for a son asking about his mother (TY-01); the chapter reads whether the
child is conceived and kept (TY-02) and twins (TY-03); asked apart (``Aspect.boy_or_girl``), its sex (TY-04).  The
mother in childbirth is 妻財 (CA-01).
"""

from __future__ import annotations

from core.chapters.common import (
    CHANGED_PLACES,
    LINE_PLACES,
    ChapterReading,
    Move,
    Place,
    R,
    States,
    T,
    Unit,
    Vigour,
    bad_change,
    changes_into,
    clash_of,
    cut_off,
    empty,
    generates,
    harming,
    harmonizes,
    line_at,
    lines_of,
    moving,
    place_of,
    timing,
    weak,
)
from core.chart.chart import Chart
from core.chart.relations import harmony_of
from core.findings import Effect, Finding, Layer, Timing, finding
from core.question import Aspect, Birth, Horizon, Question, horizon_of


def marriage_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """婚姻章; a marriage's children, parents, risk, obstruction or harmony asked apart are their own chapters
    (core/chapters/match, ``core.chapters.ASPECT_CHAPTERS``)."""
    moves: list[Move] = []
    found: list[Finding] = []
    ln = line_at(chart, use)
    us = states[use]
    rel = ln.relation if ln is not None else None
    man_side = rel is R.妻財 or (rel is None and states[use].element is chart.hexagram.element.overcomes)
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    # HYN-05 財爻官爻不宜墓絕空破，又不宜動而化破化散化克化鬼
    if empty(us) or us.real_tomb or cut_off(us) or (ln is not None and ln.moving and (
            T.化破 in ln.transformations or T.回頭克 in ln.transformations or changes_into(ln, R.官鬼))):
        moves.append(Move("HYN-05", "hyn_use_god_undone", (use,), "", "=凶"))
    # HYN-06 動而空者實空之月日必成，靜而空者終不成也。世動化進神，事在必成。若化退神，終須難就
    if ws.void and not ws.void_filled and not world.moving:
        moves.append(Move("HYN-06", "hyn_world_void_static", (wp,), "=凶", "=凶"))
    if world.moving and T.化進神 in world.transformations and not bad_change(world, states):
        moves.append(Move("HYN-06", "hyn_world_advances", (wp,), "", "≥吉"))
    elif world.moving and T.化退神 in world.transformations:
        moves.append(Move("HYN-06", "hyn_world_retreats", (wp,), "", "≤小凶"))
    # HYN-07 應空他人不實，若動化退神，必有退悔之心，若得財爻動化進神而生世者，虽見退悔，終是良緣
    wealth_advancing = any(x.moving and T.化進神 in x.transformations and generates(x.element, world.element)
                           for x in lines_of(chart, R.妻財))
    if (resp.moving and T.化退神 in resp.transformations) or (not resp.moving and empty(rs)):
        if wealth_advancing:
            found.append(finding("HYN-07", "hyn_regret_but_good_match", Effect.GOOD, 1, (rp,)))
        else:
            moves.append(Move("HYN-07", "hyn_other_side_backs_out", (rp,), "", "≤小凶"))
    # HYN-08 世應俱空，皆無準實: 空 as XK2-02 reads it (旺, moving, supported or clashed by the day, a void only
    # waits), not 破 — the chapter names 破 beside 空 where it means both (L415 「應爻靜而空破」)
    if all(s.void and not s.not_void and not s.void_filled for s in (ws, rs)):
        found.append(finding("HYN-08", "hyn_nothing_firm", Effect.BAD, 1, (wp, rp)))
    if man_side:
        # HYN-09 兄爻持世或兄動 … 此婚必難成 … 若得財爻動來相合，此婚必成。世兄爻化出財爻，此婚亦能成
        # (a moving 兄 blocks with the force to strike: chapters 1–34's 雖有如無, ``harming``)
        if world.relation is R.兄弟 or harming(chart, states, moving(chart, R.兄弟), use, horizon_of(question) is not Horizon.far):
            rescued = (world.relation is R.兄弟 and any(harmonizes(x.branch, world.branch)
                                                       for x in moving(chart, R.妻財))) \
                or (world.relation is R.兄弟 and changes_into(world, R.妻財))
            if rescued:
                moves.append(Move("HYN-09", "hyn_sibling_rescued_by_wealth", (wp,), "", "+1"))
            else:
                moves.append(Move("HYN-09", "hyn_sibling_blocks", (wp,), "", "≤小凶"))
    else:
        # HYN-10 女占男不宜子孫持世發動 … 惟官星持世合世生世旺相者 … 姻緣必就; 官鬼重疊亦主再嫁
        # (a moving 子孫 strikes the 官, the husband, with the force to: ``harming``)
        if world.relation is R.子孫 or harming(chart, states, moving(chart, R.子孫), use,
                                              horizon_of(question) is not Horizon.far):
            moves.append(Move("HYN-10", "hyn_child_harms_husband", (wp,), "", "=凶"))
        elif ln is not None and us.vigour.strong and (use == wp or generates(ln.element, world.element)
                                                      or harmonizes(ln.branch, world.branch)):
            moves.append(Move("HYN-10", "hyn_husband_favours_world", (use, wp), "", "+1"))
        if len(lines_of(chart, R.官鬼)) >= 2:
            found.append(finding("HYN-10", "hyn_many_husbands", Effect.NEUTRAL, 0, ()))
    # HYN-12 忌六沖，卦無財官，主婚不成 (L421).  By the 納甲 every six-clash hexagram shows a 財 and an 官 line, so
    # 「卦無財官」 is read against the sentence before it, 「爻逢六合占婚最宜，更要財官旺相為吉」 (L420): the 財 or the
    # 官 without force — every line of it 失陷 (a relation not shown at all would be too); 六沖變六合 更吉 (L421)
    clash = chart.hexagram.six_clash and not (chart.changed is not None and chart.changed.six_harmony)
    if clash and any(all(states[LINE_PLACES[x.position]].vigour is Vigour.失陷 for x in lines_of(chart, r))
                     for r in (R.妻財, R.官鬼)):
        moves.append(Move("HYN-12", "hyn_clash_without_pair", (), "=凶", "=凶"))
    if man_side:
        found += _many_wives(chart, states, use)
    # HYN-16 兄鬼動臨元武，防局中奸詐騙財，縱使世應相生，財官無害，必須大費，鬼臨虎動或不來過門或過門不久，必見喪事
    for x in chart.lines:
        here = (LINE_PLACES[x.position],)
        if x.moving and x.relation in (R.兄弟, R.官鬼) and x.spirit.name == "玄武":
            found.append(finding("HYN-16", "hyn_swindle_costs", Effect.BAD, 1, here))
        if x.moving and x.relation is R.官鬼 and x.spirit.name == "白虎":
            found.append(finding("HYN-16", "hyn_mourning", Effect.BAD, 1, here))
    # HYN-17 世持鬼應持財，謂之陰陽得位 … 鬼臨應財持世，牝雞司晨
    if world.relation is R.官鬼 and resp.relation is R.妻財:
        found.append(finding("HYN-17", "hyn_in_their_places", Effect.GOOD, 1, (wp, rp)))
    elif world.relation is R.妻財 and resp.relation is R.官鬼:
        found.append(finding("HYN-17", "hyn_wife_rules", Effect.NEUTRAL, 0, (wp, rp)))
    return ChapterReading(tuple(found), tuple(moves))


def _many_wives(chart: Chart, states: States, use: Place) -> list[Finding]:
    """HYN-15 (L424) 男家占女家，財爻重疊旺相生合世爻者，多主賢妻美妾，財化財，或應雙娶 … 或應收妝奩甚厚，惟忌爻中
    兄動及日月沖克財爻，花燭重重亦不免耳: several strong 財 that generate or combine the 世 — a good wife (the
    author rejects 黃金策's 「財爻重疊，重作新人」 for them); a 財 changing into 財 — two at once, or a rich dowry;
    either with a moving 兄 or the day or month clashing or overcoming the 財 — married more than once."""
    world = chart.world
    wealth = lines_of(chart, R.妻財)
    doubled = [x for x in wealth if x.moving and x.changed is not None and x.changed.relation is R.妻財]
    strong = [x for x in wealth if states[LINE_PLACES[x.position]].vigour.strong]
    many = len(wealth) >= 2 and len(strong) >= 2 and all(
        x.world or generates(x.element, world.element) or harmonizes(x.branch, world.branch) for x in strong)
    if not (many or doubled):
        return []
    places = tuple(LINE_PLACES[x.position] for x in (doubled or strong))
    pillars = (chart.moment.month_branch, chart.moment.day.branch)
    struck = any(clash_of(b) is x.branch or b.element.overcomes is x.element for b in pillars for x in wealth)
    # 兄動: a moving 兄 with the force to strike the 財 (``harming``)
    if harming(chart, states, moving(chart, R.兄弟), places[0], False) or struck:
        return [finding("HYN-15", "hyn_married_again", Effect.BAD, 1, places)]
    if doubled:
        return [finding("HYN-15", "hyn_two_at_once", Effect.NEUTRAL, 0, places)]
    return [finding("HYN-15", "hyn_good_wife", Effect.GOOD, 1, places)]


def mother_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """問產婦安否章: the mother's line (CA-01, CA-03)."""
    moves: list[Move] = []
    ln = line_at(chart, use)
    s = states[use]
    rel = ln.relation if ln is not None else None
    # CA-01 不宜財變鬼、鬼變財、兄化財、財化兄，及妻逢月破休囚破絕化墓化絕，或日月沖克，皆為凶兆
    crossed = rel is not None and (
        (ln is not None and (changes_into(ln, R.官鬼) or changes_into(ln, R.兄弟)))
        or any(x.relation in (R.官鬼, R.兄弟) and changes_into(x, rel) for x in chart.lines if x.relation is not rel))
    pillars = (chart.moment.day.branch, chart.moment.month_branch)
    struck = any(b.element.overcomes is s.element or clash_of(b) is s.branch for b in pillars) and weak(s)
    turned = ln is not None and ln.moving and (T.化墓 in ln.transformations or T.化絕 in ln.transformations)
    if crossed or empty(s) or (weak(s) and cut_off(s)) or turned or struck:
        moves.append(Move("CA-01", "ca_mother_in_danger", (use,), "", "=凶"))
    elif moving(chart, R.官鬼) and not harming(chart, states, moving(chart, R.兄弟), place_of(chart, R.妻財), False):
        # 雖則不宜鬼動，倘若兄動克財，又宜鬼動制服兄爻 (a 兄 with the force to strike the 財: ``harming``)
        moves.append(Move("CA-01", "ca_ghost_moves_mother", tuple(LINE_PLACES[x.position]
                                                                 for x in moving(chart, R.官鬼)), "", "-1"))
    # CA-03 卦得六沖，子旺財強終是喜。爻逢六合，財空子破亦為憂: against the general reading of a six-clash and a
    # six-harmony (LC-03, LH-05), the mother (her line) and the child (子孫) decide — last, so it holds; not against
    # CA-01's signs of danger, which the chapter names first
    children = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.子孫)]
    danger = bool(moves) and moves[0].rule == "CA-01" and moves[0].key == "ca_mother_in_danger"
    if chart.hexagram.six_clash and not danger and s.vigour.strong and any(c.vigour.strong for c in children):
        moves.append(Move("CA-03", "ca_clash_but_strong", (use,), "≥小吉", "≥小吉"))
    elif chart.hexagram.six_harmony and ((s.void and not s.void_filled) or any(c.month_break for c in children)):
        moves.append(Move("CA-03", "ca_harmony_but_empty", (use,), "≤小凶", "≤小凶"))
    return ChapterReading((), tuple(moves))


def pregnancy_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """胎孕章 TY-02/TY-03 for the child, TY-04 its sex when asked apart (``Aspect.boy_or_girl``); 問產婦
    (``mother_chapter``) for the mother; CA-01 on the mother's 財 beside the child when it is in the chart."""
    if question.birth is Birth.mother:
        return mother_chapter(chart, states, question, use)
    moves: list[Move] = []
    # the child's sex asked apart (TY-04), first; TY-05 L445 「占妻平安及占男女，原宜分占，彼若閑時而問兼問者，還可同
    # 斷」: the child's own signs stay beside it
    found: list[Finding] = [child_sex(chart, use)] if question.aspect is Aspect.boy_or_girl else []
    ln = line_at(chart, use)
    s = states[use]
    moving_void = ln is not None and ln.moving and s.void  # 惟動而空者不妨
    crossed = any(x.relation in (R.官鬼, R.父母) and changes_into(x, R.子孫) for x in chart.lines) or (
        ln is not None and ln.relation is R.子孫 and changes_into(ln, R.父母))
    undone = ln is not None and ln.moving and (changes_into(ln, R.官鬼) or T.化絕 in ln.transformations
                                               or T.化破 in ln.transformations)
    if crossed or undone or (not moving_void and (empty(s) or cut_off(s) or (weak(s) and bool(s.attacks)))):
        # TY-02 若臨空破衰絕、或被刑沖克害、或動而變鬼化絕化破、或鬼變子、父變子、子化父，水泡空燈
        moves.append(Move("TY-02", "ty_pregnancy_lost", (use,), "", "=凶"))
    elif s.on_month_or_day or s.supports or (ln is not None and ln.moving and T.回頭生 in ln.transformations):
        moves.append(Move("TY-02", "ty_pregnancy_kept", (use,), "", "≥小吉"))
    children = [x for x in chart.lines if x.relation is R.子孫]
    strong_moving = [x for x in children if x.moving and states[LINE_PLACES[x.position]].vigour.strong]
    # TY-03 子動化子孫、或卦中子孫動、或已有旺相之子孫動者他爻又變出旺之子孫，皆主雙胎 (覺子: two moving, both
    # strong; a strong moving 子孫 with a strong 子孫 another line changes into is the third case)
    born = [x for x in chart.lines if changes_into(x, R.子孫) and states[CHANGED_PLACES[x.position]].vigour.strong]
    if any(x.moving and x.changed is not None and x.changed.relation is R.子孫 for x in children) \
            or len(strong_moving) >= 2 or (strong_moving and born):
        found.append(finding("TY-03", "ty_twins", Effect.NEUTRAL, 0, tuple(LINE_PLACES[x.position]
                                                                        for x in children)))
    times = _birth_days(chart, states, question, use)
    # CA-01 問產婦 … 不宜鬼動，倘若兄動克財，又宜鬼動制服兄爻; 不宜財變鬼、鬼變財、兄化財、財化兄
    wealth = lines_of(chart, R.妻財)
    if wealth and use.layer is Layer.LINE and chart.lines[use.position - 1].relation is not R.妻財:
        mother = wealth[0]
        mp = LINE_PLACES[mother.position]
        if changes_into(mother, R.官鬼) or changes_into(mother, R.兄弟) or any(
                x.relation in (R.官鬼, R.兄弟) and changes_into(x, R.妻財) for x in chart.lines):
            found.append(finding("CA-01", "ca_mother_in_danger", Effect.BAD, 2, (mp,)))
        elif moving(chart, R.官鬼) and not harming(chart, states, moving(chart, R.兄弟), mp, False):
            found.append(finding("CA-01", "ca_ghost_moves_mother", Effect.BAD, 1, (mp,)))
    return ChapterReading(tuple(found), tuple(moves), tuple(times))


# TY-04 L444 「六爻靜，先看卦包陰包陽，生女陽包陰，生男陰包陽，坎卦、大過、小過、咸、恆卦是也。陽包陰，離卦、中孚、
# 頤、損卦是也，其餘非也」: the hexagrams named, by King Wen number — only these.
YIN_HOLDS_YANG = frozenset({29, 28, 62, 31, 32})  # 坎, 大過, 小過, 咸, 恆: a boy
YANG_HOLDS_YIN = frozenset({30, 61, 27, 41})      # 離, 中孚, 頤, 損: a girl


def child_sex(chart: Chart, use: Place) -> Finding:
    """胎孕章 TY-04 L444 「陽變陰男女可辨 … 卦有動爻雖有子包而不用，神兆機於動，先看動爻。一爻動者，陽動為女，陰動為
    男；兩爻動者，看上爻；若有三爻發動，看中爻；卦中多動者，來心不誠，改日再占。即刻連占亦不驗也」: the sex of the
    child.  Moving lines first, the enclosure not used: one — a moving yang a girl, a moving yin a boy; two — the
    upper; three — the middle; more — ``ty_recast``, cast again another day.  A static hexagram: 陰包陽 (the five
    named) a boy, 陽包陰 (the four named) a girl; 「六爻既靜若無包，須看子孫值陽為男，值陰為女」 otherwise, the
    子孫 the use-god step chose (of two 子孫 of opposite lines, the one it reads; the 兄弟 for a son asking about
    his mother, TY-01) — on a yang line a boy, on a yin line a girl.  Choice written beside the rule: a use-god not
    drawn (伏神 hidden under another line, or taken from the month or the day) has no line of its own to be yang or
    yin — ``ty_unclear``, the cast does not tell."""
    movers = sorted(chart.moving, key=lambda x: x.position)
    if len(movers) > 3:
        return finding("TY-04", "ty_recast", Effect.NEUTRAL, 0, tuple(LINE_PLACES[x.position] for x in movers))
    if movers:
        read = movers[-1] if len(movers) == 2 else movers[len(movers) // 2]  # one: it; two: the upper; three: middle
        return finding("TY-04", "ty_girl_yang_moves" if read.yang else "ty_boy_yin_moves", Effect.NEUTRAL, 0,
                       (LINE_PLACES[read.position],))
    if chart.hexagram.number in YIN_HOLDS_YANG:
        return finding("TY-04", "ty_boy_yin_holds_yang", Effect.NEUTRAL, 0)
    if chart.hexagram.number in YANG_HOLDS_YIN:
        return finding("TY-04", "ty_girl_yang_holds_yin", Effect.NEUTRAL, 0)
    ln = line_at(chart, use)
    if ln is None:
        return finding("TY-04", "ty_unclear", Effect.NEUTRAL, 0, (use,))
    return finding("TY-04", "ty_boy_offspring_yang" if ln.yang else "ty_girl_offspring_yin", Effect.NEUTRAL, 0, (use,))


def _birth_days(chart: Chart, states: States, question: Question, use: Place) -> list[Timing]:
    """產期章 CQ-01 「產期有遠近之分，遠則應月，近則應日」: 子孫動者逢合逢值，靜者逢值逢沖，空者沖空實空之日，破者實破
    逢合之期 … 白虎兄弟而動，值日而生 … 伏藏者出現之日而生也."""
    unit = Unit.MONTH if horizon_of(question) is Horizon.far else Unit.DAY
    s = states[use]
    ln = line_at(chart, use)
    out: list[Timing] = []
    if ln is not None and ln.moving:
        out += [timing(unit, harmony_of(s.branch), "CQ-01", "cq_birth_day", 5, (use,)),
                timing(unit, s.branch, "CQ-01", "cq_birth_day", 5, (use,))]
    elif use.layer is Layer.HIDDEN:
        out.append(timing(unit, s.branch, "CQ-01", "cq_birth_day", 5, (use,)))
    else:
        out += [timing(unit, s.branch, "CQ-01", "cq_birth_day", 4, (use,)),
                timing(unit, clash_of(s.branch), "CQ-01", "cq_birth_day", 4, (use,))]
    if s.void and not s.void_filled:
        out += [timing(unit, clash_of(s.branch), "CQ-01", "cq_birth_day", 5, (use,)),
                timing(unit, s.branch, "CQ-01", "cq_birth_day", 5, (use,))]
    if s.month_break:
        out += [timing(unit, s.branch, "CQ-01", "cq_birth_day", 5, (use,)),
                timing(unit, harmony_of(s.branch), "CQ-01", "cq_birth_day", 4, (use,))]
    for x in chart.lines:
        if x.moving and x.relation is R.兄弟 and x.spirit.name == "白虎":
            out.append(timing(unit, x.branch, "CQ-01", "cq_birth_day", 4, (LINE_PLACES[x.position],)))
    return out
