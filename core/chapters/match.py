"""A marriage's other questions, each asked apart: children of this marriage (此婚子嗣有無, ch. 83, HZ), this marriage
and the parents (此婚有宜於父母否, 84, HF), the trouble a union may bring and what may stop it (娶離婦跳娼婦, 86, QL).

The use-gods are the chapters' (core.question.ASPECT_RULES): 子孫 for the children and for trouble (「防患者，用子孫」),
父母 for the parents (「專以父母為用神」); 防攔阻 names none and keeps the marriage's own (財 or 官).  QL's chapter is
the risky union's (a divorced woman, a courtesan); its two readings — trouble from the union, a match obstructed —
are read for any marriage asked so, since the signs it names are those of 婚姻章 and 防患 (a choice).  One's own
marriage — growing old together, getting along (夫婦章 FQ-01 「或占夫妻偕老否？或占夫妻和睦否？」) — is read by 夫婦章
from the husband's side, as the chapter speaks (財 the wife): a woman asking keeps the general reading of her 官.
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Move,
    Place,
    R,
    States,
    T,
    bad_change,
    changes_into,
    cut_off,
    empty,
    feeding,
    generates,
    good_change,
    harming,
    harmonizes,
    line_at,
    lines_of,
    moving,
    weak,
)
from core.chart.chart import Chart
from core.chart.combinations import frames
from core.findings import Effect, Finding, Layer, finding
from core.question import Question, Sex, Subject


def children_of_match(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """此婚子嗣有無章 HZ-01 (L429): 子孫旺相或休囚而動及動而化吉，皆主有子。子化進神化回頭生，有子必多。如逢子孫墓絕
    動而變鬼鬼變子孫父化子子化父父動克子 … 不成此婚亦無子也.  Against chapters 1–34, a weak 子孫 that moves still
    gives children; a moving 父 harms only with the force to strike (``harming``)."""
    moves: list[Move] = []
    found: list[Finding] = []
    s = states[use]
    ln = line_at(chart, use)
    crossed = any(changes_into(x, R.子孫) for x in chart.lines if x.relation in (R.官鬼, R.父母)) \
        or any(changes_into(x, R.父母) for x in lines_of(chart, R.子孫))
    undone = s.real_tomb or cut_off(s) or (ln is not None and changes_into(ln, R.官鬼))
    parents = harming(chart, states, moving(chart, R.父母), use, False)
    if undone or crossed or parents:
        moves.append(Move("HZ-01", "hz_no_children", (use,), "=凶", "=凶"))
    elif s.vigour.strong or (ln is not None and ln.moving and not changes_into(ln, R.官鬼)):
        moves.append(Move("HZ-01", "hz_children", (use,), "≥小吉", "≥小吉"))
    if ln is not None and ln.moving and (T.化進神 in ln.transformations or T.回頭生 in ln.transformations) \
            and not (undone or crossed or parents):
        found.append(finding("HZ-01", "hz_many_children", Effect.GOOD, 1, (use,)))
    return ChapterReading(tuple(found), tuple(moves))


def parents_of_match(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """此婚有宜於父母否章 HF-01 (L432): 專以父母為用神，父母爻或旺或衰，皆不忌也。所忌者財爻發動，必此婚之有妨。如財
    化父母，父母動化墓絕空破及回頭克，動而破散或日月克父母，乃桑榆暮景之秋.  Strength is no sign here (against
    chapters 1–34): without the signs named the marriage does the parents no harm — but a 父 void or broken and
    without root is a fault the chapter's 「或旺或衰」 does not free, and is left to the general reading."""
    moves: list[Move] = []
    s = states[use]
    ln = line_at(chart, use)
    wealth = harming(chart, states, moving(chart, R.妻財), use, False)
    turned = ln is not None and ln.moving and any(t in ln.transformations for t in (
        T.化墓, T.化絕, T.化空, T.化破, T.回頭克))
    pillars = (chart.moment.month_branch, chart.moment.day.branch)
    struck = any(b.element.overcomes is s.element for b in pillars)
    into_parent = any(changes_into(x, R.父母) for x in lines_of(chart, R.妻財))
    if wealth:
        moves.append(Move("HF-01", "hf_wealth_moves", tuple(LINE_PLACES[x.position] for x in wealth), "=凶", "=凶"))
    elif into_parent or turned or (ln is not None and ln.moving and s.month_break) or struck:
        moves.append(Move("HF-01", "hf_parents_decline", (use,), "=凶", "=凶"))
    elif not empty(s) and not s.real_tomb:
        moves.append(Move("HF-01", "hf_no_harm", (use,), "≥小吉", "≥小吉"))
    return ChapterReading((), tuple(moves))


def risk_of_match(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """娶離婦章 QL-01 (L438) 防患者，用子孫。子孫持世，子孫發動，皆無憂也。財爻持世，子動相生者，更吉。鬼兄克世隨助傷，
    鬼爻持世，婚姻雖就，病患隨之。財克世，兄持世，落人之局，必人財兩失."""
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    kids = moving(chart, R.子孫)
    if world.relation is R.子孫 or kids:
        moves.append(Move("QL-01", "ql_no_worry", (wp,), "≥小吉", "≥小吉"))
        if world.relation is R.妻財 and any(generates(x.element, world.element)  # 子動相生: one that can feed
                                            for x in feeding(chart, states, kids, wp, False)):
            moves.append(Move("QL-01", "ql_even_better", (wp,), "", "+1"))
    # 鬼兄克世, 財克世: with the force to strike (``harming``)
    strikers = [x for x in harming(chart, states, moving(chart, R.官鬼) + moving(chart, R.兄弟), wp, False)
                if not x.world and x.element.overcomes is world.element]
    ghost_tomb = ws.tomb_place is not None and ws.tomb_place.layer is Layer.LINE and not ws.tomb_broken \
        and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼
    if strikers or ghost_tomb:
        moves.append(Move("QL-01", "ql_harm_to_me", (wp, *(LINE_PLACES[x.position] for x in strikers)),
                          "≤小凶", "≤小凶"))
    if world.relation is R.官鬼:
        found.append(finding("QL-01", "ql_illness_follows", Effect.BAD, 1, (wp,)))
    if world.relation is R.兄弟 or any(not x.world and x.element.overcomes is world.element
                                      for x in harming(chart, states, moving(chart, R.妻財), wp, False)):
        moves.append(Move("QL-01", "ql_trapped", (wp,), "=凶", "=凶"))
    return ChapterReading(tuple(found), tuple(moves))


def obstruction_of_match(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """娶離婦章 QL-02 (L438) 防攔阻者，鬼動有禍，兄爻持世，到底難成，財動相生，不謀而就，六沖變沖為凶。三合六合者吉。
    六合變沖，成而不久。六沖變合，終必有成."""
    moves: list[Move] = []
    world = chart.world
    wp = LINE_PLACES[world.position]
    h, c = chart.hexagram, chart.changed
    ghosts = moving(chart, R.官鬼)
    if ghosts:
        moves.append(Move("QL-02", "ql_ghost_moves", tuple(LINE_PLACES[x.position] for x in ghosts), "-1", "-1"))
    if world.relation is R.兄弟:
        moves.append(Move("QL-02", "ql_sibling_on_world", (wp,), "=凶", "=凶"))
    # 財動相生: a moving 財 that can feed the 世 (``feeding``, 002 YN-6)
    feeders = [x for x in feeding(chart, states, moving(chart, R.妻財), wp, False)
               if not x.world and generates(x.element, world.element)]
    if feeders:
        moves.append(Move("QL-02", "ql_wealth_feeds_world", tuple(LINE_PLACES[x.position] for x in feeders),
                          "≥吉", "≥吉"))
    if h.six_clash and c is not None and c.six_clash:
        moves.append(Move("QL-02", "ql_clash_to_clash", (), "=凶", "=凶"))
    elif h.six_clash and c is not None and c.six_harmony:
        moves.append(Move("QL-02", "ql_clash_to_harmony", (), "", "≥小吉"))
    elif h.six_harmony and c is not None and c.six_clash:
        moves.append(Move("QL-02", "ql_harmony_to_clash", (), "", "≤小凶"))
    elif h.six_harmony or any(f.formed for f in frames(chart)):
        moves.append(Move("QL-02", "ql_harmony_or_frame", (), "", "+1"))
    return ChapterReading((), tuple(moves))


def harmony_of_marriage(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """夫婦章, asked of one's own marriage by the husband (財 the wife; 「占妻財爻為重，應爻次之」, FQ-02).  The bad
    signs after the good (a choice; the chapter gives the good first).

    FQ-03 (L128) 「財爻或旺、或相、或臨日月、或日月動爻生扶及動而化吉，又與世爻相生合者，如占偕老，定然舉案齊眉，若問
    和睦，必無反目」: a 財 strong, on the day or the month, supported, or changing for the better, that generates, is
    generated by or combines with the 世 — together to old age (≥小吉).
    FQ-04 (L130) 「財動化兄者，乃化鬼、化回頭克 … 不拘何問，玉碎珠沉」: the 財 changing for the worse (=凶).
    FQ-05 (L131) 「兄爻持世而財爻旺者，不能克妻，終乘琴瑟，相見如仇。兄爻持世財化退神者，亦同此意，非反目即生離」:
    a 兄 on the 世 with a strong or retreating 財 — quarrels or parting (≤小凶).
    FQ-07 (L133) 「妻財克世，世若休囚空破、或墓絕、或動而變凶、或隨鬼入墓，但逢一者天命夭亡。旺財克世，世爻得地者，
    雖無刑傷，必遭姤悍」: the 財 overcoming the 世 — a weak 世 with any of those faults, the husband's early death
    (=凶); a strong 財 against a 世 that stands firm, a fierce wife (≤小凶)."""
    if question.subject not in (None, Subject.self) or question.sex is not Sex.male:
        return ChapterReading()
    ln = line_at(chart, use)
    if ln is None or ln.relation is not R.妻財:
        return ChapterReading()
    good: list[Move] = []
    bad: list[Move] = []
    world = chart.world
    ws, us = states.world, states[use]
    wp = ws.place
    sound = us.vigour.strong or us.on_month_or_day or bool(us.supports) or good_change(ln)
    linked = generates(ln.element, world.element) or generates(world.element, ln.element) \
        or harmonizes(ln.branch, world.branch)
    if sound and linked and not bad_change(ln, states, listed=True):
        good.append(Move("FQ-03", "fq_old_age_together", (use, wp), "", "≥小吉"))
    if bad_change(ln, states, listed=True) or changes_into(ln, R.兄弟):
        bad.append(Move("FQ-04", "fq_wife_turns_bad", (use,), "", "=凶"))
    elif world.relation is R.兄弟 and (us.vigour.strong or (ln.moving and T.化退神 in ln.transformations)):
        bad.append(Move("FQ-05", "fq_at_odds", (wp, use), "≤小凶", "≤小凶"))
    if ln.element.overcomes is world.element and use != wp:
        ghost_tomb = ws.tomb is not None and not ws.tomb_broken and ws.tomb_place is not None \
            and ws.tomb_place.layer is Layer.LINE and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼
        # 「但逢一者」: weak and void or broken; in the tomb or cut (both read for a weak line: SG-02, HJ-54); changing
        # for the worse; in a 官鬼's tomb
        faulty = (weak(ws) and (empty(ws) or ws.month_break or (ws.void and not ws.void_filled))) or ws.real_tomb \
            or cut_off(ws) or (world.moving and bad_change(world, states, listed=True)) or ghost_tomb
        if faulty:
            bad.append(Move("FQ-07", "fq_husband_dies_young", (use, wp), "=凶", "=凶"))
        elif us.vigour.strong and ws.vigour.strong:
            bad.append(Move("FQ-07", "fq_fierce_wife", (use, wp), "≤小凶", "≤小凶"))
    return ChapterReading((), tuple(good + bad))
