"""The grave's own questions, each read apart (「須宜另占，不可以前卦兼斷」): what harmed it (因何事所傷, ch. 127, YH),
repairing it (再占修補吉凶, 129, XB), burying the newly dead in it (新亡附葬祖塋, 130, FU); and the geomancer who
looks for a site (占地師, 123, DM).

What harmed the grave: the 父母 is the grave and whatever clashes or overcomes it the cause (YH-01); the cause's
element and 六神 say what it is (YH-02: water, roots, a kiln or vermin, earthworks, rocks …), a 官鬼 frame by the
palace (YH-03), and a quiet chart the element the grave lacks (YH-04).  Repair: the 世 (XB-01).  Burial: the grave
(父母) with the 世 and the kin (FU-01).  The geomancer: the 應 (DM-01).
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Element,
    Layer,
    Move,
    Place,
    R,
    States,
    T,
    bad_change,
    changes_into,
    clashes,
    cut_off,
    empty,
    generates,
    harming,
    harmonizes,
    line_at,
    lines_of,
    moving,
    weak,
)
from core.chapters.house import REVERSALS, trigram_struck
from core.chart.chart import Chart, Spirit
from core.chart.combinations import frames
from core.findings import Effect, Finding, finding
from core.question import Horizon, Question, horizon_of


def _attackers(chart: Chart, states: States, use: Place) -> tuple[Place, ...]:
    """What clashes or overcomes the grave (YH-01 「沖克父母之爻」): the month, the day, moving lines and its own change
    that overcome or break it (the four places), and moving lines that clash it."""
    s = states[use]
    clashing = tuple(LINE_PLACES[x.position] for x in chart.lines
                     if x.moving and LINE_PLACES[x.position] != use and clashes(x.branch, s.branch))
    return tuple(dict.fromkeys(s.attacks + clashing))


# YH-02 克神臨火或臨朱雀，禍必起於窯灶。倘臨土動或兼元武，定因偷葬相傷。金虎因受其驚。木龍有蟠根之礙。克神以帶騰蛇，
# 蛇蟻為巢 … 元武水爻克父母，穴中黑水相侵 … 金克父母，石塊山罔。水沖克者，低窪水湧。木爻克父，樹木相傷。火克者，
# 穴藏蛇蟻。土動者，蓋造牆垣 — the cause by its element, refined by its spirit where the passage names one.
def _cause(element: Element, spirit: Spirit | None) -> str:
    if element is Element.水:
        return "yh_water"
    if element is Element.木:
        return "yh_felling" if spirit is Spirit.白虎 else "yh_roots"
    if element is Element.火:
        return "yh_fire_or_vermin"
    if element is Element.金:
        return "yh_fright" if spirit is Spirit.白虎 else "yh_rocks"
    if spirit is Spirit.玄武:
        return "yh_secret_burial"
    return "yh_earthworks"


# YH-03 如在艮坤之宮，卦得亥卯未合成木局克父，必有地風沖歪棺槨。如在離宮 … 申子辰水局 … 穴中水湧。如在震巽之宮，
# 金局沖克者，山罔石塊。如在乾兌之宮逢火局沖克父母者，定因窯火雷驚 — each a frame of the palace's 官鬼 (its element
# overcomes the palace's); the water palace (坎) the passage does not name.
_FRAME_CAUSE = {Element.土: "yh_frame_wind", Element.火: "yh_frame_water", Element.木: "yh_frame_rocks",
                Element.金: "yh_frame_fire"}
# YH-04 卦中無土，須築牆垣。卦無金星，石碑可立。六爻火星缺陷，可立煙灶，或安看守墳塋之宅舍。水爻不現，可作池塘及開
# 河道。木爻不現，多栽樹木
_REMEDY = {Element.土: "yh_build_wall", Element.金: "yh_set_stone", Element.火: "yh_hearth_or_lodge",
           Element.水: "yh_dig_pond", Element.木: "yh_plant_trees"}


def harm_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """因何事所傷章 YH-01 … 04 (L646)."""
    moves: list[Move] = []
    found: list[Finding] = []
    s = states[use]
    attackers = _attackers(chart, states, use)
    quiet = not any(x.moving for x in chart.lines)
    # YH-01 如得六爻安靜，父母有氣，久後自安，不必補修 (… 果有犯之，速宜修補)
    if attackers:
        moves.append(Move("YH-01", "yh_grave_harmed", (use, *attackers), "≤小凶", "≤小凶"))
    elif quiet and (s.vigour.strong or s.supports):
        moves.append(Move("YH-01", "yh_settles_itself", (use,), "≥小吉", "≥小吉"))
    for p in attackers:
        if p.layer is Layer.LINE:
            x = chart.lines[p.position - 1]
            found.append(finding("YH-02", _cause(x.element, x.spirit), Effect.NEUTRAL, 0, (p, use)))
        else:
            found.append(finding("YH-02", _cause(states[p].element, None), Effect.NEUTRAL, 0, (p, use)))
    palace = chart.hexagram.palace.element
    for f in frames(chart):
        if f.formed and f.element.overcomes is palace and palace in _FRAME_CAUSE:
            found.append(finding("YH-03", _FRAME_CAUSE[palace], Effect.NEUTRAL, 0, f.places,
                                 frame="".join(b.name for b in f.frame.members)))
    # YH-04 六爻安靜並無沖克父母之爻者，又看五行之所少也 … 有現於爻空破墓絕無氣者亦如無也
    if quiet and not attackers:
        present = {x.element for x in chart.lines if not _as_if_absent(chart, states, LINE_PLACES[x.position])}
        found += [finding("YH-04", _REMEDY[e], Effect.NEUTRAL, 0, ()) for e in Element if e not in present]
    return ChapterReading(tuple(found), tuple(moves))


def _as_if_absent(chart: Chart, states: States, p: Place) -> bool:
    s = states[p]
    return weak(s) and (s.void or s.month_break or s.real_tomb or cut_off(s))


def repair_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """再占修補吉凶章 XB-01 (L652): 既問修補之吉凶，則認世爻為用，子孫持世，子孫發動，修之必獲清安 … 鬼克世，我必有害，
    父空破墓絕再被日月動爻傷克者，乃因傷者重，培補亦無益矣，當宜遷之."""
    moves: list[Move] = []
    world = chart.world
    wp = LINE_PLACES[world.position]
    if world.relation is R.子孫 or moving(chart, R.子孫):
        moves.append(Move("XB-01", "xb_repair_brings_peace", (wp,), "≥吉", "≥吉"))
    # 鬼克世: a moving 鬼 with the force to strike the 世 (``harming``)
    if any(not x.world and x.element.overcomes is world.element
           for x in harming(chart, states, moving(chart, R.官鬼), wp, horizon_of(question) is not Horizon.far)):
        moves.append(Move("XB-01", "xb_repair_harms_me", (wp,), "≤小凶", "≤小凶"))
    for x in lines_of(chart, R.父母):
        p = LINE_PLACES[x.position]
        s = states[p]
        if (s.void or s.month_break or s.real_tomb or cut_off(s)) and s.attacks:
            moves.append(Move("XB-01", "xb_move_the_grave", (p,), "=凶", "=凶"))
            break
    return ChapterReading((), tuple(moves))


def burial_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """新亡附葬祖塋章 FU-01 (L655): 六沖變沖，卦變絕克，父母受傷，內外反吟，且宜他葬。世爻受克隨墓助傷，世動化克化鬼，
    附葬不宜。父母兄弟妻兒動而化鬼化克，俱有刑沖傷重，惟喜世及六親不逢變克，隨卦靜六合，必得存亡之安.  卦變絕克 is the
    trigram changing into the one that overcomes it (尋地章 XN-09's 內外反吟); 父母受傷 the grave weak and attacked or
    changing for the worse; 「卦靜六合」 read as a still hexagram or a six-harmony one (a choice: the text joins them)."""
    moves: list[Move] = []
    found: list[Finding] = []
    h, c = chart.hexagram, chart.changed
    world = chart.world
    ws = states.world
    us = states[use]
    ln = line_at(chart, use)
    grave_hurt = (weak(us) and bool(us.attacks)) or (ln is not None and bad_change(ln, states))
    if (h.six_clash and c is not None and c.six_clash) or trigram_struck(chart) or grave_hurt \
            or any(t in chart.changes for t in REVERSALS):
        moves.append(Move("FU-01", "fu_bury_elsewhere", (use,), "=凶", "=凶"))
    world_hurt = (weak(ws) and bool(ws.attacks)) or ws.real_tomb or (
        world.moving and (T.回頭克 in world.transformations or changes_into(world, R.官鬼)))
    if world_hurt:
        moves.append(Move("FU-01", "fu_not_for_the_asker", (ws.place,), "=凶", "=凶"))
    kin = [x for x in chart.lines if x.moving and x.relation is not R.官鬼
           and (changes_into(x, R.官鬼) or T.回頭克 in x.transformations)]
    if kin:
        found.append(finding("FU-01", "fu_kin_harmed", Effect.BAD, 1, tuple(LINE_PLACES[x.position] for x in kin)))
    if not moves and not kin and (not chart.moving or h.six_harmony):
        moves.append(Move("FU-01", "fu_peace_for_all", (use,), "≥小吉", "≥小吉"))
    return ChapterReading(tuple(found), tuple(moves))


def geomancer_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """占地師章 DM-01 (L631): 應為用神，旺相生合世爻，雖愚亦用。休囚沖克世爻，賢亦不宜。世應俱空莫用，應臨空破非奇 …
    應爻旺相與世爻相生相合，或與世爻作三合 … 我喜之而有緣."""
    moves: list[Move] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[use]
    wp = ws.place
    framed = any(f.formed and world.branch in f.frame.members and resp.branch in f.frame.members
                 for f in frames(chart))
    if ws.void and rs.void:
        moves.append(Move("DM-01", "dm_no_bond", (wp, use), "=凶", "=凶"))  # 世應皆空，彼此無緣
    elif empty(rs) or rs.void or rs.month_break:
        moves.append(Move("DM-01", "dm_no_talent", (use,), "≤小凶", "≤小凶"))  # 應逢空破，無才無從
    elif rs.vigour.strong and (generates(resp.element, world.element) or harmonizes(resp.branch, world.branch)
                              or framed):
        moves.append(Move("DM-01", "dm_take_him", (use, wp), "≥小吉", "≥小吉"))  # 雖愚亦用
    elif weak(rs) and (clashes(resp.branch, world.branch) or resp.element.overcomes is world.element):
        moves.append(Move("DM-01", "dm_do_not_take_him", (use, wp), "≤小凶", "≤小凶"))  # 賢亦不宜
    return ChapterReading((), tuple(moves))
