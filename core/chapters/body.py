"""壽元 (ch. 39, SYU), 趨避 (40, QB), 父母壽元 (41, FM), 兄弟 (42, XD), 夫婦 (43, FQ), 子嗣 (44, ZSI).

Lifespan of oneself is the 世 alone (SYU-01 「凡占壽元，獨以世爻為根本」).  Its own inversion: the 元神 should be
strong but static — 「元神為滋生之物，宜旺而靜不宜動搖 … 動則已有限期矣」 (SYU-05), against chapters 9–10 where a
moving 元神 helps; so a moving 元神 of the 世 is a bad sign here, and sets the years its end can come.  A parent's
lifespan reads 父母 (FM-03), a sibling's 兄弟 (XD-03), a wife's 妻財 (FQ-04/05, 財 deciding; FQ-02 demotes the
應), children 子孫 (ZSI-02 … 05).  For every relative the 世 is looked at first (ZSI-10 「先看世爻 … 休問他人，且防
自己」): reported, it does not change the relative's verdict (§0.4 item 4 of the catalogue).

Avoiding a danger (趨避) is the 世 with 子孫 the protector and 官鬼 the attacker: a moving 子孫 is good even when it
strikes the 世 (QB-07), a 官鬼 striking the 世 is the worst (QB-02), a 子孫 on the 世 broken or void is safe once the
month or the void is past (QB-05).  JS-23 (卷首) already reads the 子孫/官鬼 on the 世 in the overrides.
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
    Unit,
    bad_change,
    changes_into,
    clash_of,
    cut_of,
    cut_off,
    empty,
    good_change,
    harmonizes,
    line_at,
    moving,
    timing,
    tomb_of,
    weak,
)
from core.chart.chart import Chart
from core.chart.relations import harmony_of
from core.findings import Effect, Finding, Layer, Timing, finding
from core.question import Question, Subject


def _sound(chart: Chart, states: States, p: Place) -> bool:
    """旺相、臨日月、日月動爻生扶、動而化吉 (SYU-01, FM-03, XD-02, ZSI-02): strong, or on the day or the month, or
    supported, or changing for the better."""
    s = states[p]
    ln = line_at(chart, p)
    return s.vigour.strong or s.on_month_or_day or bool(s.supports) or (ln is not None and good_change(ln))


def _hurt(chart: Chart, states: States, p: Place) -> bool:
    """休囚 and attacked, or broken, void, or changing for the worse (FM-03, XD-03, ZSI-03)."""
    s = states[p]
    ln = line_at(chart, p)
    return (weak(s) and bool(s.attacks)) or empty(s) \
        or (ln is not None and bad_change(ln, states))


def world_first(chart: Chart, states: States, question: Question, kin: bool = False) -> list[Finding]:
    """ZSI-10: asking about kin, the 世 化鬼, 回頭克, 休囚 and 化空破墓絕, 隨鬼入墓, or struck by day and month both —
    the danger is the asker's own.  ``kin``: the matter is kin whoever asks (子嗣章: 「占 … 兒孫，先看世爻」)."""
    if not kin and question.subject in (None, Subject.self):
        return []
    world = chart.world
    ws = states.world
    day, month = chart.moment.day.branch.element, chart.moment.month_branch.element
    bad = world.moving and (changes_into(world, R.官鬼) or T.回頭克 in world.transformations
                            or (weak(ws) and any(t in world.transformations
                                                 for t in (T.化空, T.化破, T.化墓, T.化絕))))
    both = day.overcomes is ws.element and month.overcomes is ws.element
    ghost_tomb = ws.real_tomb and ws.tomb_place is not None and ws.tomb_place.layer is Layer.LINE \
        and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼
    if bad or both or ghost_tomb:
        return [finding("ZSI-10", "zsi_danger_is_the_askers", Effect.NEUTRAL, 0, (ws.place,))]
    return []


_KIN = {Subject.parent: R.父母, Subject.master: R.父母, Subject.sibling: R.兄弟, Subject.wife: R.妻財,
        Subject.child: R.子孫}


def lifespan_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    subject = question.subject or Subject.self
    if subject is Subject.self:
        return _own_lifespan(chart, states, use)
    moves: list[Move] = []
    found = world_first(chart, states, question)
    # the relative's line; its 伏神, the month or the day when the hexagram lacks it, is still the relative the
    # question names (a hidden 財 is the wife: FQ-04's moving 兄 harm it all the same)
    rel = chart.lines[use.position - 1].relation if use.layer is Layer.LINE else _KIN.get(subject)
    s = states[use]
    ln = line_at(chart, use)
    if rel is R.父母 or subject in (Subject.parent, Subject.master):
        # L118 「休囚又被刑沖，或日月動爻之克及動而變凶，承歡宜早」: 休囚 governs the 刑沖 and the 克 (a strong line resists
        # them); 動而變凶 at any strength, as 兄弟章 reads it (XD-03).  L117 「母值空破萱草殘年憔悴」 is the same end:
        # a parent void (真空, of the element the season overcomes) or broken is struck by the month, so the next
        # branch (empty and not struck) does not arise
        if (weak(s) and s.attacks) or (ln is not None and bad_change(ln, states)):
            moves.append(Move("FM-03", "fm_parent_near_end", (use,), "", "=凶"))  # 承歡宜早
        elif empty(s):
            moves.append(Move("FM-03", "fm_parent_declines", (use,), "", "≤小凶"))  # 母值空破萱草殘年
        elif _sound(chart, states, use):
            moves.append(Move("FM-03", "fm_parent_long_life", (use,), "", "≥小吉"))  # 長享遐齡
        elif weak(s) and not s.attacks:
            moves.append(Move("FM-03", "fm_parent_sickly_safe", (use,), "", "≥平"))  # 晚年多病，遠保無傷
    elif rel is R.兄弟:
        # XD-03 L123 「倘休囚又逢破空及日月動爻刑克或動而化凶者，諸占皆不吉也」: the 破空 and the 克 of a 休囚 line; the
        # change for the worse at any strength (choice: it undoes a strong line too, HJ-44, as 財動化凶 「不拘何問」 FQ-04)
        if _hurt(chart, states, use):
            moves.append(Move("XD-03", "xd_sibling_unfavoured", (use,), "", "=凶"))
        elif weak(s):
            moves.append(Move("XD-03", "xd_sibling_limited", (use,), "", "≤小凶"))  # 如問兄弟壽元，長年有限
        elif _sound(chart, states, use):
            moves.append(Move("XD-02", "xd_sibling_favoured", (use,), "", "≥小吉"))
    elif rel is R.妻財:
        moves += _wife(chart, states, use)
    elif rel is R.子孫:
        moves += _children_moves(chart, states, use, question)
    return ChapterReading(tuple(found), tuple(moves))


def _wife(chart: Chart, states: States, use: Place) -> list[Move]:
    """FQ-04/05: a bad change of 財 → the wife dies whatever the question; a 兄 on the 世, moving, or as the day or the
    month → not long-lived — unless the 財 is strong, when they only quarrel (FQ-05; the catalogue's resolution of
    the two, by the strength of 財)."""
    ln = line_at(chart, use)
    s = states[use]
    if ln is not None and (bad_change(ln, states, listed=True) or changes_into(ln, R.兄弟)):
        return [Move("FQ-04", "fq_wife_turns_bad", (use,), "", "=凶")]
    sib = chart.world.relation is R.兄弟 or bool(moving(chart, R.兄弟)) or any(
        b.element is chart.hexagram.element for b in (chart.moment.day.branch, chart.moment.month_branch))
    if sib and s.vigour.strong:
        return [Move("FQ-05", "fq_sibling_quarrels_only", (use,), "", "")]
    if sib:
        return [Move("FQ-04", "fq_sibling_harms_wife", (use,), "", "≤小凶")]
    return []


def _own_lifespan(chart: Chart, states: States, use: Place) -> ChapterReading:
    moves: list[Move] = []
    times: list[Timing] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    # SYU-03 休囚隨鬼入墓，衰逢助鬼之傷 … 世動化退，化鬼又化回頭之克，化絕、化墓、化破空 … 只恐不多時
    ghost_tomb = weak(ws) and ws.real_tomb and ws.tomb_place is not None and ws.tomb_place.layer is Layer.LINE \
        and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼
    struck = weak(ws) and any(x.element.overcomes is ws.element for x in moving(chart, R.官鬼)) \
        and bool(moving(chart, R.妻財))
    turned = world.moving and bad_change(world, states, listed=True)
    if ghost_tomb or struck or turned:
        moves.append(Move("SYU-03", "syu_short_life", (wp,), "", "=凶"))
    elif _sound(chart, states, wp):
        moves.append(Move("SYU-01", "syu_long_life", (wp,), "", "≥小吉"))
    # SYU-05 元神 … 宜旺而靜不宜動搖 … 非元神逢絕墓之年，即在元神被沖克之歲
    sources = [x for x in chart.lines if x.moving and x.element.generates is ws.element and not x.world]
    if sources:
        here = tuple(LINE_PLACES[x.position] for x in sources)
        moves.append(Move("SYU-05", "syu_source_moves", here + (wp,), "", "-1"))
        for x in sources[:1]:
            p = LINE_PLACES[x.position]
            times += [timing(Unit.YEAR, cut_of(x.element), "SYU-05", "syu_source_cut_year", 4, (p,)),
                      timing(Unit.YEAR, tomb_of(x.element), "SYU-05", "syu_source_tomb_year", 4, (p,)),
                      timing(Unit.YEAR, clash_of(x.branch), "SYU-05", "syu_source_clash_year", 4, (p,))]
    # SYU-06 忌神不動，自是平安，動則已有限期矣。非應逢合之年，必應逢值之歲
    for x in chart.lines:
        if x.moving and x.element.overcomes is ws.element and not x.world:
            p = LINE_PLACES[x.position]
            times += [timing(Unit.YEAR, harmony_of(x.branch), "SYU-06", "syu_enemy_combined_year", 4, (p,)),
                      timing(Unit.YEAR, x.branch, "SYU-06", "syu_enemy_own_year", 4, (p,))]
            break
    # SYU-02 世爻休囚 … 動而逢合逢值之年，靜而逢值逢沖之年
    if weak(ws) and ws.attacks:
        if world.moving:
            times += [timing(Unit.YEAR, harmony_of(world.branch), "SYU-02", "syu_danger_year", 4, (wp,)),
                      timing(Unit.YEAR, world.branch, "SYU-02", "syu_danger_year", 4, (wp,))]
        else:
            times += [timing(Unit.YEAR, world.branch, "SYU-02", "syu_danger_year", 4, (wp,)),
                      timing(Unit.YEAR, clash_of(world.branch), "SYU-02", "syu_danger_year", 4, (wp,))]
    elif weak(ws):
        # 世爻休囚，防之於沖克之年: a weak 世 nothing strikes yet, the year that clashes it (沖克, the clash that strikes)
        times.append(timing(Unit.YEAR, clash_of(world.branch), "SYU-02", "syu_danger_year", 4, (wp,)))
    if use != wp:
        found.append(finding("SYU-01", "syu_world_alone", Effect.NEUTRAL, 0, (wp,)))
    return ChapterReading(tuple(found), tuple(moves), tuple(times))


def _children_moves(chart: Chart, states: States, use: Place, question: Question) -> list[Move]:
    """子嗣章 ZSI-02/03/05/09."""
    ln = line_at(chart, use)
    s = states[use]
    moves: list[Move] = []
    pairs = any(changes_into(x, R.子孫) for x in chart.lines if x.relation in (R.父母, R.官鬼)) or (
        ln is not None and (changes_into(ln, R.父母) or changes_into(ln, R.官鬼)))
    void_parent_world = chart.world.relation is R.父母 and states.world.void
    if ln is not None and changes_into(ln, R.官鬼):
        moves.append(Move("ZSI-05", "zsi_child_turns_ghost", (use,), "", "=凶"))  # 化鬼者百無一活
    elif pairs or void_parent_world or (weak(s) and s.attacks) or s.month_break or cut_off(s) \
            or (ln is not None and bad_change(ln, states)):
        moves.append(Move("ZSI-03", "zsi_no_children", (use,), "", "=凶"))  # 皆生生而不有
    elif _sound(chart, states, use) or s.vigour.strong:
        moves.append(Move("ZSI-02", "zsi_able_children", (use,), "", "≥小吉"))  # 必產賢兒
    parents = [x for x in moving(chart, R.父母) if x.element.overcomes is s.element]
    if parents:
        # ZSI-09 父占子，父為忌神，或動或旺，必於克子
        moves.append(Move("ZSI-09", "zsi_parent_threatens_child", tuple(LINE_PLACES[x.position] for x in parents)
                          + (use,), "", "-1"))
    return moves


def children_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """子嗣章: will there be children, will they grow up — 子孫 (ZSI-02/03/05/09), its void year (ZSI-04), a
    子孫 changing into 子孫 (ZSI-07)."""
    moves = _children_moves(chart, states, use, question)
    times: list[Timing] = []
    found: list[Finding] = []
    s = states[use]
    if s.void and not s.void_filled:
        # ZSI-04 子孫逢空不礙，必得子沖空實空之年
        times += [timing(Unit.YEAR, clash_of(s.branch), "ZSI-04", "zsi_child_void_year", 5, (use,)),
                  timing(Unit.YEAR, s.branch, "ZSI-04", "zsi_child_void_year", 5, (use,))]
    ln = line_at(chart, use)
    if ln is not None and ln.moving and ln.changed is not None and ln.changed.relation is R.子孫:
        found.append(finding("ZSI-07", "zsi_child_turns_child", Effect.GOOD, 1, (use,)))
    # ZSI-06 L141 「卦有財而無子孫者，須看變出之爻，變爻子孫。庶出也」: the 財 (the wife) in the hexagram
    if [x for x in chart.lines if x.relation is R.妻財] and not [x for x in chart.lines if x.relation is R.子孫] \
            and any(changes_into(x, R.子孫) for x in chart.lines):
        found.append(finding("ZSI-06", "zsi_child_by_another_mother", Effect.NEUTRAL, 0, ()))
    return ChapterReading(tuple(found + world_first(chart, states, question, kin=True)), tuple(moves), tuple(times))


def danger_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """趨避章: the 世 with 子孫 the protector, 官鬼 the attacker."""
    moves: list[Move] = []
    found: list[Finding] = []
    times: list[Timing] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    children = moving(chart, R.子孫)
    if children and world.relation is not R.子孫:
        # QB-07 子孫若發動於卦中，不拘克世持世，俱以為吉 (QB-04 福神動於卦中)
        moves.append(Move("QB-07", "qb_child_moves_protects", tuple(LINE_PLACES[x.position] for x in children),
                          "≥小吉", "≥小吉"))
    strikers = [x for x in chart.lines if (x.moving or (x.standing.day_clash is not None and not x.moving
                                                        and states[LINE_PLACES[x.position]].hidden_movement))
                and not x.world and x.element.overcomes is world.element]
    ghosts = [x for x in strikers if x.relation is R.官鬼]
    if ghosts and not children:
        g = ghosts[0]
        # QB-02 凡占防患克世者，皆不為吉，獨鬼爻克世更凶; its element names the danger
        moves.append(Move("QB-02", "qb_ghost_strikes_world", (LINE_PLACES[g.position], wp), "-1", "-1",
                          (("element", g.element.name),)))
    elif strikers and not children:
        found.append(finding("QB-02", "qb_line_strikes_world", Effect.BAD, 1,
                             (LINE_PLACES[strikers[0].position], wp)))
    if strikers and not children:
        # QB-06 克神若在內卦，動而克世，宜出外避之；克神若在外卦 … 宜在家避之 — the 克神 is any line that strikes the
        # 世 (L109 「世爻與忌神皆在外卦者 … 宜家居」), the 官鬼 first
        g = (ghosts or strikers)[0]
        found.append(finding("QB-06", "qb_hide_away" if g.position <= 3 else "qb_hide_home", Effect.NEUTRAL, 0,
                             (LINE_PLACES[g.position],)))
    if world.relation is R.子孫:
        # QB-05 子孫持世 … 如逢月破，出月無憂。若臨旬空，許之出旬無憂
        if ws.month_break:
            found.append(finding("QB-05", "qb_safe_after_month", Effect.NEUTRAL, 0, (wp,)))
        elif ws.void and not ws.void_filled:
            found.append(finding("QB-05", "qb_safe_after_void", Effect.NEUTRAL, 0, (wp,)))
            times.append(timing(Unit.DAY, world.branch, "QB-05", "qb_void_ends_day", 4, (wp,)))
    # QB-07 皆宜避於生世之方及子孫為吉
    found.append(finding("QB-07", "qb_go_toward", Effect.NEUTRAL, 0, (wp,),
                         element=ws.element.generated_by.name))
    return ChapterReading(tuple(found), tuple(moves), tuple(times))


__all__ = ["children_chapter", "danger_chapter", "harmonizes", "lifespan_chapter", "world_first"]
