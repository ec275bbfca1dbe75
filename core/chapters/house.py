"""蓋造買宅賃宅 (ch. 106, GZ), 創造宮室 (107, CZ) and 修方動土 (108, XFD), 舊宅 (113, JU), 同居 (114, TJ), 尋地 (119,
XN) with 卜得地於何時 (121, DT), 祖塋舊冢 (126, ZY).  Building work, the old house and living together are asked apart
(``core.question.Aspect``); the grave's other questions are ``core.chapters.grave``'s.

A house to build, buy or rent: 父母 the house with the 世 (GZ-01 … 04).  Choosing a grave site: the 世 is the site
(XN-01 「古以二爻為穴，內卦為穴，騰蛇為穴，屢試不驗，所驗者，世為穴也」) and 子孫 the descendants; a moving 父
harms them (XN-10, L621 「父動克子」) when it has the force to strike.  An existing grave: 父母 (ZY-03), where a strong or moving 父 is good (ZY-04 「古以父爻不宜旺相
… 余以為謬也」), only 子化父 and 父化子 harming the descendants.  Every moving line named as striking (父動克世,
財動克父, 鬼動克世, 父動克子) strikes only with the force chapters 1–34 grant it (``common.harming``: tied, 化退,
struck by its own change, 貪生忘克, entombed — 雖有如無).
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Move,
    Place,
    R,
    Stage,
    States,
    T,
    Timing,
    Unit,
    bad_change,
    birth_of,
    branch_at_stage,
    changes_into,
    clash_of,
    clashes,
    cut_off,
    empty,
    generates,
    good_change,
    harming,
    harmonizes,
    line_at,
    lines_of,
    moving,
    overcome,
    place_of,
    timing,
    tomb_of,
    weak,
)
from core.chart.chart import Chart, HexagramTransformation, Line
from core.chart.combinations import frames
from core.chart.ganzhi import Branch, Element
from core.chart.relations import harmony_of
from core.findings import Effect, Finding, Layer, finding
from core.question import Horizon, Question, horizon_of


def house_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """蓋造買宅賃宅章 (building work, the old house and living with another are their own chapters:
    ``core.chapters.ASPECT_CHAPTERS``)."""
    moves: list[Move] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
    ln = line_at(chart, use)
    # GZ-04 世爻隨鬼入墓，財爻助鬼克世，及世爻動而變凶，或日月動爻克世 … 父動克世及世爻父爻空破墓絕者，亦不宜行
    # 「日月動爻克世」 as a 克 the 世's four places do not outweigh (``overcome``: JS-06 L451, L1446)
    struck = any(_overcomes(chart, states, p, ws.element) for p in ws.attacks) and overcome(chart, states, ws)
    # (a moving 父 or 財 strikes with the force to: ``harming``)
    near = horizon_of(question) is not Horizon.far
    parent_strikes = any(x.element.overcomes is world.element
                         for x in harming(chart, states, moving(chart, R.父母), wp, near) if not x.world)
    ghost_tomb = ws.real_tomb and ws.tomb_place is not None and ws.tomb_place.layer is Layer.LINE \
        and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼
    hollow = empty(ws) or empty(us) or ws.real_tomb or us.real_tomb or cut_off(ws) or cut_off(us)
    if ghost_tomb or (world.moving and bad_change(world, states)) or struck or parent_strikes or hollow:
        moves.append(Move("GZ-04", "gz_do_not_proceed", (wp, use), "=凶", "=凶"))
    elif us.vigour.strong and ws.vigour.strong:
        moves.append(Move("GZ-04", "gz_proceed", (wp, use), "", "≥小吉"))  # 世與父爻旺相不犯沖克者即宜成之
    # GZ-01 父爻旺相持世、生世、合世 … 財動以克父爻，另於他處圖之
    if ln is not None and us.vigour.strong and (use == wp or generates(ln.element, world.element)
                                                or harmonizes(ln.branch, world.branch)):
        moves.append(Move("GZ-01", "gz_house_favours_me", (use, wp), "", "+1"))
    if any(x.element.overcomes is us.element for x in harming(chart, states, moving(chart, R.妻財), use, near)):
        moves.append(Move("GZ-01", "gz_look_elsewhere", (use,), "≤小凶", "≤小凶"))
    # GZ-02 六合 … 事之必成，成而久遠 … 六沖不久之象
    if chart.hexagram.six_harmony and us.vigour.strong and ws.vigour.strong:
        moves.append(Move("GZ-02", "gz_harmony_lasting", (), "", "+1"))
    elif chart.hexagram.six_clash:
        moves.append(Move("GZ-02", "gz_clash_short", (), "", "≤平"))
    # GZ-03 世動化退 … 終須退悔。世動而化進神者，成後長遠興隆
    if world.moving and T.化退神 in world.transformations:
        moves.append(Move("GZ-03", "gz_world_retreats", (wp,), "", "-1"))
    elif world.moving and T.化進神 in world.transformations and not bad_change(world, states):
        moves.append(Move("GZ-03", "gz_world_advances", (wp,), "", "+1"))
    return ChapterReading((), tuple(moves))


def _in_ghost_tomb(chart: Chart, states: States) -> bool:
    """隨鬼入墓: the 世 in the tomb a 官鬼 line is (not clashed open or broken)."""
    ws = states.world
    return ws.tomb is not None and not ws.tomb_broken and ws.tomb_place is not None \
        and ws.tomb_place.layer is Layer.LINE and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼


# XFD-02's directions: 水 north, 火 south, 木 east, 金 west (「子孫屬水，起手動工宜於北方。官鬼屬火，不可動土於南方」);
# an earth line by its own branch (「鬼在辰戌丑未，此方切忌動土」: 辰 south-east, 戌 north-west, 丑 north-east, 未
# south-west — the compass of the twelve branches).
_ELEMENT_DIRECTION = {Element.水: "北", Element.火: "南", Element.木: "東", Element.金: "西"}
_EARTH_DIRECTION = {Branch.辰: "東南", Branch.戌: "西北", Branch.丑: "東北", Branch.未: "西南"}


def _direction(x: Line) -> str:
    return _EARTH_DIRECTION[x.branch] if x.element is Element.土 else _ELEMENT_DIRECTION[x.element]


def works_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """創造宮室章 CZ-01 (L556) and 修方動土章 XFD-01 … 03 (L559–561): building, breaking ground, renovating — the
    house (父母) with the 世."""
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
    ln = line_at(chart, use)
    ghosts = moving(chart, R.官鬼)
    # CZ-01 創造興工，卦忌六冲，鬼動克世最凶，隨鬼入墓，禍事多逢 (a 鬼 with the force to strike: ``harming``)
    striking = [x for x in harming(chart, states, ghosts, wp, horizon_of(question) is not Horizon.far)
                if not x.world and x.element.overcomes is world.element]
    if striking:
        moves.append(Move("CZ-01", "cz_ghost_strikes_world", (wp, *(LINE_PLACES[x.position] for x in striking)),
                          "=凶", "=凶"))
    elif _in_ghost_tomb(chart, states):
        moves.append(Move("CZ-01", "cz_world_in_ghost_tomb", (wp,), "≤小凶", "≤小凶"))
    if chart.hexagram.six_clash:
        moves.append(Move("CZ-01", "cz_six_clash", (), "", "-1"))
    # 父爻旺相，世位興隆，世父兩爻發動化吉大安宅盛
    if ln is not None and use != wp and ln.moving and world.moving and good_change(ln) and good_change(world):
        moves.append(Move("CZ-01", "cz_world_and_house_change_well", (wp, use), "≥吉", "≥吉"))
    elif us.vigour.strong:
        moves.append(Move("CZ-01", "cz_house_strong", (use,), "", "+1"))
    # XFD-01 世臨福德最相宜，官鬼交重有禍基。世旺逢生宜化吉，世衰受克且停工
    if world.relation is R.子孫:
        moves.append(Move("XFD-01", "xfd_world_on_offspring", (wp,), "", "+1"))
    if ghosts and not striking:
        moves.append(Move("XFD-01", "xfd_ghost_moves", tuple(LINE_PLACES[x.position] for x in ghosts), "", "-1"))
    if weak(ws) and ws.attacks:
        moves.append(Move("XFD-01", "xfd_stop_work", (wp,), "=凶", "=凶"))
    elif ws.vigour.strong and ws.supports:
        found.append(finding("XFD-01", "xfd_world_strong", Effect.GOOD, 1, (wp,)))
    # XFD-02 子孫之方宜起手，官鬼之位莫挑泥 (directions: a reason, not a verdict)
    for rel, key, effect in ((R.子孫, "xfd_start_towards", Effect.NEUTRAL), (R.官鬼, "xfd_do_not_dig", Effect.BAD)):
        lines = lines_of(chart, rel)
        if lines:
            way = ",".join(dict.fromkeys(_direction(x) for x in lines))
            found.append(finding("XFD-02", key, effect, 0, tuple(LINE_PLACES[x.position] for x in lines),
                                 direction=way))
    # XFD-03 豈嫌子象發，偏忌父爻虛，造成屋宇憂沖散 (父爻旺相久長居 is CZ-01's 父爻旺相 above)
    # 虛 read with 旬空章: a void that is strong, moving or supported only waits (XK2-02 旺不為空), it is not hollow
    if empty(us) or (us.void and not us.void_filled and not us.not_void):
        moves.append(Move("XFD-03", "xfd_house_void", (use,), "≤小凶", "≤小凶"))
    elif us.month_break or us.day_break:
        moves.append(Move("XFD-03", "xfd_house_dispersed", (use,), "", "-1"))
    return ChapterReading(tuple(found), tuple(moves))


def old_house_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """舊宅章 (L580–585): is this house — or the spot asked about, one cast per spot (JU-02: 指其疑者而占) — the cause
    of the trouble; the 官鬼 is the culprit.  JU-04's buried treasure (旺財持世 … 必有古窖) and JU-05's kinds of
    ghost are not read (the status doc says why)."""
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    wp = LINE_PLACES[world.position]
    children_act = world.relation is R.子孫 or bool(moving(chart, R.子孫))
    ghosts = moving(chart, R.官鬼)
    # JU-02 福德動搖，不是此方之禍。子孫持世，或動於卦中，或官鬼不動，及六爻安寧，非此處也。
    # 官鬼發動，的於此處興妖。官鬼持世克世，官鬼動爻，實因此處有害
    ghost_here = bool(ghosts) or world.relation is R.官鬼
    if ghost_here and not children_act:
        moves.append(Move("JU-02", "ju_this_place_harms",
                          (wp,) + tuple(LINE_PLACES[x.position] for x in ghosts), "≥小吉", "≥小吉"))
    else:
        moves.append(Move("JU-02", "ju_not_this_place", (use,), "≤小凶", "≤小凶"))
    # JU-04 子孫持世子孫發動者，鬼祟潛行 … 可保平安
    if children_act:
        found.append(finding("JU-04", "ju_household_safe", Effect.GOOD, 1, (wp,)))
    # JU-06 鬼動克世，或世爻隨鬼入墓，及世動變鬼克世，乃是冤家債主，難免禍殃，宜修德作福
    turns_ghost = world.moving and world.changed is not None and world.changed.relation is R.官鬼 \
        and world.relation is not R.官鬼 and world.changed.branch.element.overcomes is world.element
    strikers = harming(chart, states, ghosts, wp, horizon_of(question) is not Horizon.far)  # with the force to strike
    if any(not x.world and x.element.overcomes is world.element for x in strikers) or _in_ghost_tomb(chart, states) \
            or turns_ghost:
        found.append(finding("JU-06", "ju_old_debts", Effect.BAD, 2, (wp,)))
    # JU-07 財動克父，財化父，父化財，堂上之憂。父動克子，鬼化子，子化鬼，膝前有損。兄弟變鬼，鬼變兄弟，鬼動克兄，
    # 妻財變鬼，鬼變妻財，兄動化財，財化兄弟，既防手足刑伤，又主分衾折枕 (a moving line overcomes the relation it
    # names by the order of the six: 財 the 父, 父 the 子, 鬼 the 兄)
    def crossed(a: R, b: R) -> list[Line]:
        return [x for x in chart.lines if (x.relation is a and changes_into(x, b)) or (x.relation is b
                                                                                       and changes_into(x, a))]

    def moving_onto(a: R, b: R) -> list[Line]:
        # 財動克父, 父動克子, 鬼動克兄: with the force to strike (``harming``)
        near = horizon_of(question) is not Horizon.far
        return list(harming(chart, states, moving(chart, a), place_of(chart, b), near)) if lines_of(chart, b) else []

    for key, hit in (("ju_parents_worry", moving_onto(R.妻財, R.父母) + crossed(R.妻財, R.父母)),
                     ("ju_children_harmed", moving_onto(R.父母, R.子孫) + crossed(R.官鬼, R.子孫)),
                     ("ju_siblings_and_spouse", crossed(R.兄弟, R.官鬼) + moving_onto(R.官鬼, R.兄弟)
                      + crossed(R.妻財, R.官鬼) + crossed(R.兄弟, R.妻財))):
        if hit:
            found.append(finding("JU-07", key, Effect.BAD, 1, tuple(dict.fromkeys(LINE_PLACES[x.position]
                                                                                  for x in hit))))
    return ChapterReading(tuple(found), tuple(moves))


def sharing_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """同居章 TJ-01 (L588): 與外人同居看應爻。世為己，應為人，世應相合相生，日月動爻生合世應者，彼此俱祥。克世我遭喪，
    克應他遭害，世克應，他畏於我，應克世我被他欺，刑沖者同.  「克世」 is read as the four places' attack on the 世
    (the month, the day, moving lines); 「應克世」 as the 應's element overcoming, or its branch clashing, the 世's."""
    moves: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    pillars = (chart.moment.month_branch, chart.moment.day.branch)
    helped = [b for b in pillars + tuple(x.branch for x in chart.moving)
              if all(generates(b.element, x.element) or harmonizes(b, x.branch) for x in (world, resp))]
    together = harmonizes(world.branch, resp.branch) or generates(world.element, resp.element) \
        or generates(resp.element, world.element) or bool(helped)
    cheats = resp.element.overcomes is world.element or clashes(resp.branch, world.branch)
    if cheats:
        moves.append(Move("TJ-01", "tj_he_gets_the_better", (rp, wp), "≤小凶", "≤小凶"))  # 應克世我被他欺
    elif together:
        moves.append(Move("TJ-01", "tj_good_for_both", (wp, rp), "≥小吉", "≥小吉"))  # 彼此俱祥
    if ws.attacks:
        moves.append(Move("TJ-01", "tj_harm_to_me", (wp, *ws.attacks), "≤小凶", "≤小凶"))  # 克世我遭喪
    if rs.attacks:
        found.append(finding("TJ-01", "tj_harm_to_him", Effect.BAD, 1, (rp, *rs.attacks)))  # 克應他遭害
    if world.element.overcomes is resp.element:
        found.append(finding("TJ-01", "tj_he_fears_me", Effect.NEUTRAL, 0, (wp, rp)))  # 世克應，他畏於我
    return ChapterReading(tuple(found), tuple(moves))


def _overcomes(chart: Chart, states: States, p: Place, element: Element) -> bool:
    return states[p].element.overcomes is element


def site_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """尋地章: the 世 is the site, 子孫 the descendants."""
    moves: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws = states.world
    wp = ws.place
    children = [x for x in chart.lines if x.relation is R.子孫]
    # XN-08 世爻子孫爻，不宜休囚墓絕空破 … 化破散、化絕、化墓、化鬼、化退神、化回頭克，但逢一者皆非吉地
    def spoiled(x: Line) -> bool:
        s = states[LINE_PLACES[x.position]]
        return weak(s) or empty(s) or s.real_tomb or cut_off(s) or bad_change(x, states, listed=True)

    child_spoiled = bool(children) and all(spoiled(x) for x in children)
    if spoiled(world) or child_spoiled:
        moves.append(Move("XN-08", "xn_not_a_good_site", (wp,), "", "=凶"))
    elif ws.vigour.strong or ws.on_month_or_day or ws.supports:
        moves.append(Move("XN-01", "xn_good_site", (wp,), "", "≥小吉"))  # 世宜旺相 … 乃吉地也
    if world.relation is R.子孫 or any(states[LINE_PLACES[x.position]].vigour.strong for x in children):
        found.append(finding("XN-01", "xn_many_descendants", Effect.GOOD, 1, (wp,)))
    # XN-02 六合 … 藏風吉穴 … 六沖卦，或六沖變六沖，或世應相沖 … 必無氣耳
    h, c = chart.hexagram, chart.changed
    if h.six_clash and c is not None and c.six_harmony:
        moves.append(Move("XN-03", "xn_regained", (), "", "+1"))
    elif h.six_harmony and c is not None and c.six_clash:
        moves.append(Move("XN-03", "xn_declining", (), "", "≤小凶"))
    elif h.six_clash or clashes(world.branch, resp.branch):
        moves.append(Move("XN-02", "xn_qi_disperses", (wp,), "", "-1"))
    elif h.six_harmony or any(harmonizes(world.branch, x.branch) for x in children):
        moves.append(Move("XN-02", "xn_qi_gathers", (wp,), "", "+1"))
    # XN-04 世爻雖旺不宜化破及化墓絕化回頭克 … 世若衰弱，動而化回頭相生 … 先否後喜之兆
    if world.moving and ws.vigour.strong and any(t in world.transformations for t in (T.化破, T.化墓, T.化絕,
                                                                                         T.回頭克)):
        moves.append(Move("XN-04", "xn_good_then_spoiled", (wp,), "", "-1"))
    elif world.moving and weak(ws) and _changes_well(chart, states, world):  # 化回頭相生化長生帝旺化日月化合化進神
        moves.append(Move("XN-04", "xn_poor_then_good", (wp,), "", "+1"))
    # XN-10 卦中不宜父動，父動化父更凶 — L621 「占地以世爻子孫爻為主，父動克子，如何不忌？」: the 父 strikes the 子孫,
    # with the force to (``harming``)
    parents = harming(chart, states, moving(chart, R.父母), place_of(chart, R.子孫), horizon_of(question) is not Horizon.far)
    if parents:
        worse = any(x.changed is not None and x.changed.relation is R.父母 for x in parents)
        moves.append(Move("XN-10", "xn_parent_moves_worse" if worse else "xn_parent_moves",
                          tuple(LINE_PLACES[x.position] for x in parents), "", "=凶" if worse else "-1"))
    _changes_of_site(chart, states, moves, found)
    _buried_beneath(chart, states, moves, found)
    times = _framed_or_reversed(chart, moves, found)
    return ChapterReading(tuple(found), tuple(moves), tuple(times + _site_found_when(chart, states)))


def _changes_well(chart: Chart, states: States, x: Line) -> bool:
    """XN-05's good changes: 化進神、化日月、化回頭生、化合、化長生帝旺 (and no bad change beside)."""
    if not x.moving or x.changed is None or bad_change(x, states):
        return False
    pillars = (chart.moment.month_branch, chart.moment.day.branch)
    return good_change(x) or T.回頭合 in x.transformations or x.changed.branch in pillars


def _changes_of_site(chart: Chart, states: States, moves: list[Move], found: list[Finding]) -> None:
    """XN-05 (L608–609) 世宜旺相化進神、化日月、化回頭生、化合、化長生帝旺，龍安水源地脈長。子孫旺相化進神、或化吉、
    化生、化日月，貴孫貴子布滿朝堂。世化退神，終須遷改，子孫化退，代代不如.  The strong 世's good change is this
    rule (a weak 世's is XN-04's 先否後喜); the 子孫's change is told of the descendants, a reason (the site is the
    世, XN-01)."""
    world = chart.world
    ws = states.world
    if world.moving and T.化退神 in world.transformations:  # XN-08 already judges it no site: the reason here
        found.append(finding("XN-05", "xn_world_retreats", Effect.BAD, 1, (ws.place,)))
    elif ws.vigour.strong and _changes_well(chart, states, world):
        moves.append(Move("XN-05", "xn_vein_lasts", (ws.place,), "", "+1"))
    for x in lines_of(chart, R.子孫):
        here = (LINE_PLACES[x.position],)
        if x.moving and T.化退神 in x.transformations:
            found.append(finding("XN-05", "xn_descendants_decline", Effect.BAD, 1, here))
        elif states[here[0]].vigour.strong and _changes_well(chart, states, x):
            found.append(finding("XN-05", "xn_noble_descendants", Effect.GOOD, 1, here))


def _buried_beneath(chart: Chart, states: States, moves: list[Move], found: list[Finding]) -> None:
    """XN-07 (L611) 世臨白虎鬼爻，或是隨鬼入墓，皆主地有伏屍。世爻旺相又遇生扶，乃為棺上加棺 … 休囚者則不可耳。子孫旺相
    又遇日月生扶又遇青龍，即為吉地，寅年葬而卯年發也.  An old burial under the site: with a strong, supported 世 the
    author saw such graves prosper (a reason, no harm); with a weak one the site is not to be used (a cap at 小凶)."""
    world = chart.world
    ws = states.world
    if (world.relation is R.官鬼 and world.spirit.name == "白虎") or _in_ghost_tomb(chart, states):
        if ws.vigour.strong and ws.supports:
            found.append(finding("XN-07", "xn_coffin_on_coffin", Effect.NEUTRAL, 0, (ws.place,)))
        else:
            moves.append(Move("XN-07", "xn_old_burial_beneath", (ws.place,), "≤小凶", "≤小凶"))
    pillars = (Layer.MONTH, Layer.DAY)
    for x in lines_of(chart, R.子孫):
        s = states[LINE_PLACES[x.position]]
        if x.spirit.name == "青龍" and s.vigour.strong and any(p.layer in pillars for p in s.supports):
            found.append(finding("XN-07", "xn_quick_fortune", Effect.GOOD, 1, (s.place,)))


def trigram_struck(chart: Chart) -> bool:
    """XN-09 內外反吟者乃卦變也，如巽變乾，坤變震之類，名為化絕化克: a trigram that changes into one whose element
    overcomes its own (巽木→乾金, 坤土→震木; the author's examples are all 克, so 化絕 adds no other case here)."""
    c = chart.changed
    if c is None:
        return False
    h = chart.hexagram
    return any(new != old and new.element.overcomes is old.element
               for old, new in ((h.lower, c.lower), (h.upper, c.upper)))


REVERSALS = (HexagramTransformation.反吟卦, HexagramTransformation.內卦反吟, HexagramTransformation.外卦反吟)


def _framed_or_reversed(chart: Chart, moves: list[Move], found: list[Finding]) -> list[Timing]:
    """XN-09 (L613) 應冲世者亦非吉也 (XN-02's), 倘應世相合，爻逢六合，世應子孫三合成局，即為美地。卦得反吟，遇冲開之年
    月必遷 … 內外反吟 … 名為化絕化克得此卦者，重則冲決，輕則遷徙.  A formed frame of the 世, the 應 and a 子孫 makes
    a fine site (the 世 and the 應 combine only in a six-harmony hexagram, XN-02's 「卦逢六合」); a reversed hexagram's grave
    is moved in the year (or month) that clashes the 世 — the site, XN-01: the text names no other line to clash
    open — and a trigram changing into the one that overcomes it floods or moves the grave."""
    world, resp = chart.world, chart.response
    wp = LINE_PLACES[world.position]
    children = {x.branch for x in lines_of(chart, R.子孫)}
    framed = [f for f in frames(chart) if f.formed and world.branch in f.frame.members
              and resp.branch in f.frame.members and children & set(f.frame.members)]
    if framed:
        moves.append(Move("XN-09", "xn_frame_fine_site", (wp, *framed[0].places), "", "+1"))
    if trigram_struck(chart):
        moves.append(Move("XN-09", "xn_flood_or_move", (wp,), "≤小凶", "≤小凶"))
    if not any(t in chart.changes for t in REVERSALS):
        return []
    found.append(finding("XN-09", "xn_will_be_moved", Effect.BAD, 1, (wp,)))
    return [timing(u, clash_of(world.branch), "XN-09", "xn_moved_year", 5, (wp,)) for u in (Unit.YEAR, Unit.MONTH)]


def _site_found_when(chart: Chart, states: States) -> list[Timing]:
    """DT-01 (L624) 世為用神，靜者逢冲逢值，動者逢值逢合，世空者冲實之秋，世破者填實之候，逢合入墓，須待冲開 … 世若休囚須
    旺相，若逢旺相待休囚: when the site is found, by the 世 (the site, XN-01), in years and months (「年月」).  休囚
    waits for its 長生 and 帝旺; 旺相 for its 墓 (YQ-03's 太旺者逢墓, the season it weakens)."""
    world = chart.world
    ws = states.world
    b, e = world.branch, world.element
    here = (ws.place,)
    branches = [b, harmony_of(b)] if world.moving else [clash_of(b), b]
    if ws.void and not ws.void_filled:
        branches += [clash_of(b), b]
    if ws.month_break:
        branches.append(b)
    if ws.tied or ws.raised:
        branches.append(clash_of(b))
    if ws.tomb is not None and not ws.tomb_broken:
        branches.append(clash_of(ws.tomb))
    branches += [birth_of(e), branch_at_stage(e, Stage.帝旺)] if weak(ws) else [tomb_of(e)]
    return [timing(u, x, "DT-01", "dt_site_found", 5, here) for x in dict.fromkeys(branches)
            for u in (Unit.YEAR, Unit.MONTH)]


def grave_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """祖塋舊冢章: 父母 is the grave (ZY-03), the hexagram (ZY-02), the descendants (ZY-04)."""
    moves: list[Move] = []
    found: list[Finding] = []
    us = states[use]
    ln = line_at(chart, use)
    # ZY-03 父母為用神，宜旺相 … 不宜墓絕空破，及動而破散化退神化絕墓化回頭克化旬空
    if empty(us) or us.real_tomb or cut_off(us) or (ln is not None and bad_change(ln, states, listed=True)):
        moves.append(Move("ZY-03", "zy_grave_restless", (use,), "", "=凶"))
    elif us.vigour.strong or us.supports or (ln is not None and good_change(ln)):
        moves.append(Move("ZY-03", "zy_good_grave", (use,), "", "≥小吉"))
    # ZY-02 卦遇六沖全無地脈 … 卦變六沖龍已去 … 沖中變合運將來
    h, c = chart.hexagram, chart.changed
    if h.six_clash and c is not None and c.six_harmony:
        moves.append(Move("ZY-02", "zy_fortune_returns", (), "", "+1"))
    elif h.six_clash or (c is not None and c.six_clash):
        moves.append(Move("ZY-02", "zy_no_vein", (), "", "-1"))
    # ZY-04 惟子孫動而化父及父動化子孫，不利於子孫者是也
    if any(changes_into(x, R.父母) for x in lines_of(chart, R.子孫)) or \
            any(changes_into(x, R.子孫) for x in lines_of(chart, R.父母)):
        found.append(finding("ZY-04", "zy_descendants_harmed", Effect.BAD, 1, ()))
    # ZY-05 世爻變鬼及隨墓助傷，所占之人不吉: 隨墓 as the book glosses it for a journey, 「六沖隨墓始終凶」 (L468)
    # 「隨鬼入墓，世若休囚，不返之兆」 — the 世 in a 鬼's tomb (助傷, what helps the harm, is not read: the text names no line)
    wp = LINE_PLACES[chart.world.position]
    if chart.world.moving and changes_into(chart.world, R.官鬼):
        found.append(finding("ZY-05", "zy_asker_at_risk", Effect.NEUTRAL, 0, (wp,)))
    elif _in_ghost_tomb(chart, states):
        found.append(finding("ZY-05", "zy_asker_in_ghost_tomb", Effect.NEUTRAL, 0, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))
