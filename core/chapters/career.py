"""功名: 鄉試 (ch. 55, XH) for examinations; for a career, the chapter of what is asked of the post (``Office``):
升選候補 (55b, SB) and 升遷何方 (56, SF-03) for a post or a promotion sought, 在任吉凶 (57, ZR) for the post held,
養親告病辭官 (63, GC) for leaving it, 營造公務防患 (64, GW) for a public project in one's charge.

Examinations: 父母 the essay and 官鬼 the degree, both with the 世 (XH-01, XH-08: 父 and 官 that neither hold nor
generate nor combine the 世 are of no use).  The universal negatives (XH-07): a 子孫 or 財 on the 世 or moving, a
void or broken 世, all six lines moving — with the chapter's own exceptions (XH-03 a 兄 that checks the moving 財,
XH-04 a strong 官 that holds a weak 子孫 down).  Office: 官 with the 世 (SB-01); a 子孫 on the 世 or moving, or a 官
empty or changing for the worse, leaves no hope of promotion (SB-02).  JS-16 (卷首) reads the 子孫 on the 世 in the
overrides; these add the moving 子孫 and the rest.  Leaving office inverts it: the wish is to be free of the 官, and
子孫 is its god (GC-01; ``core.question`` makes it the use-god).

Where a chapter lists favours and bars for one matter, the favours come first and the bars after (升選: a 六合 or
a moving 世 does not lift 「子孫動於卦中，升遷無期」) — a choice: the chapters give no order of their own.

Not offered, each archaic or needing a fact the bot does not ask (docs/topic_rules_status.md gives each its reason):
援例 YL (buying office), 武試 WS (military degrees), 投麾 TM (enlisting under a commander), 署印謀差 SC (acting
seals), 面聖上書 MSH (memorials to the throne: status and motive), 僧官 SD (clerical posts), 升遷何方 SF-02
(interior or frontier posts), 功名到何品級 PJ-02 (a named rank of nine), 子占父功名 ZF-01, the examination stages
(童試 TK, 歲科考 SKK, 考遺才 KD, 發案 FA, 延試 YT: the bot asks no stage).
"""

from __future__ import annotations

from core.chapters.common import (
    CHANGED_PLACES,
    LINE_PLACES,
    Branch,
    ChapterReading,
    Layer,
    Move,
    Place,
    R,
    State,
    T,
    Vigour,
    bad_change,
    changes_into,
    clash_of,
    clashes,
    cut_off,
    empty,
    generates,
    good_change,
    harmonizes,
    line_at,
    lines_of,
    moving,
    overcomes,
    state,
    weak,
    world_state,
)
from core.chart import Chart, HexagramTransformation, Line, Spirit
from core.combinations import FrameFact, frames
from core.findings import Effect, Finding
from core.question import Office, Question, Topic
from core.strength import finding

H = HexagramTransformation
_REVERSALS = (H.反吟卦, H.內卦反吟, H.外卦反吟)
_STILLNESS = (H.伏吟卦, H.內卦伏吟, H.外卦伏吟)


def career_chapter(chart: Chart, question: Question, use: Place) -> ChapterReading:
    if question.topic is Topic.exam:
        return _exam(chart, use)
    office = question.office or Office.seek
    if office is Office.hold:
        return _hold(chart, use)
    if office in (Office.resign, Office.leave):
        return _leave(chart, office)
    if office in (Office.works, Office.works_trouble):
        return _works(chart, office)
    return _seek(chart, use)


# ---- what the chapters share -------------------------------------------------------------------------------------

def _pillars(chart: Chart) -> tuple[Branch, Branch]:
    return chart.moment.day.branch, chart.moment.month_branch


def _pillar_strikes(chart: Chart, b: Branch) -> bool:
    """The day or the month clashes or overcomes ``b`` (日月沖克)."""
    return any(clashes(p, b) or overcomes(p.element, b.element) for p in _pillars(chart))


def _links(ln: Line | Branch, world: Line) -> bool:
    """生合世爻: the line (or branch) generates or combines with the 世."""
    b = ln if isinstance(ln, Branch) else ln.branch
    return generates(b.element, world.element) or harmonizes(b, world.branch)


def _formed(chart: Chart) -> tuple[FrameFact, ...]:
    """The 三合 frames that form (no failure of JH-01…07)."""
    return tuple(f for f in frames(chart) if not f.failures)


def _in_frame(f: FrameFact) -> frozenset[Place]:
    return frozenset(p for m in f.members for p in m.places)


def _faulty(s: State, ln: Line | None, chart: Chart) -> bool:
    """The chapters' 「空破墓絕及動而變凶」 of a line."""
    return empty(s) or s.real_tomb or cut_off(s) or (ln is not None and bad_change(ln, chart))


def _ahead(x: Line) -> bool:
    """The line moves and advances (化進神)."""
    return x.moving and T.化進神 in x.transformations


def _worse_not_office(ln: Line, chart: Chart) -> bool:
    """The 變凶 of ``bad_change`` other than 化官: 回頭克, 化退, a weak 化墓 化絕 (XH-15 judges 世化官 itself)."""
    t = ln.transformations
    return ln.moving and (T.回頭克 in t or T.化退神 in t or (
        (T.化墓 in t or T.化絕 in t) and weak(state(chart, LINE_PLACES[ln.position]))))


# ---- 鄉試章 --------------------------------------------------------------------------------------------------------

def _exam(chart: Chart, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = world_state(chart)
    wp = ws.place
    children = moving(chart, R.子孫)
    wealth = moving(chart, R.妻財)
    siblings = moving(chart, R.兄弟)
    officers = lines_of(chart, R.官鬼)
    parents = lines_of(chart, R.父母)
    pair = parents + officers
    # XH-03 所喜者卦中財爻同興，喜其兄動以制財也: a moving 兄 beside the moving 財 checks it
    checked = bool(siblings) and bool(wealth)
    # XH-04 卦中官鬼子孫同動，官臨旺相遇生扶，子孫弱而被克 … 最怕兄興: the 子孫 held down does not spoil
    strong_officer = any(state(chart, LINE_PLACES[x.position]).vigour.strong
                         and state(chart, LINE_PLACES[x.position]).supports for x in moving(chart, R.官鬼))
    held = bool(children) and strong_officer and all(
        weak(state(chart, LINE_PLACES[c.position])) and state(chart, LINE_PLACES[c.position]).attacks for c in children)
    # XH-02/XH-07 子孫財爻持世，及動於卦中，終須下第 … 或是世爻破空，或是六爻亂動
    spoilers = (() if held else children) + (() if checked else wealth)
    if world.relation is R.妻財 or spoilers:  # a 子孫 on the 世 is JS-16's, in the overrides
        moves.append(Move("XH-02", "xh_spoiler_fails_exam", tuple(LINE_PLACES[x.position] for x in spoilers)
                          or (wp,), "", "≤小凶"))
    if checked:
        found.append(finding("XH-03", "xh_sibling_checks_wealth", Effect.GOOD, 1,
                             tuple(LINE_PLACES[x.position] for x in siblings)))
    if moving(chart, R.官鬼) and children:
        if held:
            found.append(finding("XH-04", "xh_office_holds_child", Effect.GOOD, 1,
                                 tuple(LINE_PLACES[x.position] for x in children)))
        if siblings:  # 最怕兄興: the 兄 feeds the 子孫 that strikes the 官
            moves.append(Move("XH-04", "xh_sibling_feeds_child", tuple(LINE_PLACES[x.position] for x in siblings),
                              "", "≤小凶"))
    if empty(ws):
        moves.append(Move("XH-07", "xh_world_empty", (wp,), "", "=凶"))
    if all(x.moving for x in chart.lines):
        moves.append(Move("XH-07", "xh_all_lines_move", (), "", "≤小凶"))
    # XH-08 父與官星 … 若不生合世爻，或不持世 … 亦屬無益
    linked = any(x.world or generates(x.element, world.element) or harmonizes(x.branch, world.branch) for x in pair)
    if pair and not linked:
        moves.append(Move("XH-08", "xh_not_linked_to_world", (wp,), "", "≤平"))
    # XH-01 父官持世而旺相，或臨日月、或日月動爻生扶、及動而變生，名登龍虎
    if world.relation in (R.父母, R.官鬼) and (ws.vigour.strong or ws.on_month_or_day or ws.supports):
        moves.append(Move("XH-01", "xh_essay_or_rank_on_world", (wp,), "", "≥小吉"))
    # XH-03 兄弟持世，若臨日月或旺相，再得官父兩旺、或官動生父、父動生世，必添科名 (兄不能掄元: not the first place)
    if world.relation is R.兄弟 and ws.vigour is Vigour.旺:
        both = (any(state(chart, LINE_PLACES[x.position]).vigour.strong for x in officers)
                and any(state(chart, LINE_PLACES[x.position]).vigour.strong for x in parents))
        if both or moving(chart, R.父母) or (moving(chart, R.官鬼) and parents):  # 官 always feeds the 父
            moves.append(Move("XH-03", "xh_sibling_world_passes", (wp,), "", "≥小吉"))
    # XH-05 官星父母世爻有一而被動爻克制，或化回頭克，若得日月沖制克神，亦許得意
    for x in (world, *pair):
        p = LINE_PLACES[x.position]
        s = state(chart, p)
        foes = [chart.lines[a.position - 1].branch for a in s.attacks if a.layer is Layer.LINE]
        if x.moving and x.changed is not None and T.回頭克 in x.transformations:
            foes.append(x.changed.branch)
        pillar_attacks = any(a.layer in (Layer.MONTH, Layer.DAY) for a in s.attacks)
        if foes and not pillar_attacks and all(_pillar_strikes(chart, b) for b in foes):
            moves.append(Move("XH-05", "xh_pillars_check_attacker", (p,), "", "≥小吉"))
            break
    # XH-09 官父有一而不上卦，須看伏神，若伏而旺相，或得日月沖去飛神，生起伏神，準登科及第; XH-05 世爻旺相而官父兩爻
    # 有一而伏藏不現，倘得日月沖制飛神，提出伏神者，許高發
    for rel in (R.官鬼, R.父母):
        if lines_of(chart, rel):
            continue
        for fly in chart.lines:
            if fly.hidden is None or fly.hidden.relation is not rel:
                continue
            hp = Place(Layer.HIDDEN, fly.position)
            hs = state(chart, hp)
            freed = any(clashes(b, fly.branch) or overcomes(b.element, fly.element) for b in _pillars(chart))
            raised = any(generates(b.element, hs.element) or b.element is hs.element for b in _pillars(chart))
            if hs.vigour.strong or (freed and raised):
                moves.append(Move("XH-09", "xh_hidden_useful", (hp,), "", "≥小吉"))
            elif ws.vigour.strong and freed:
                moves.append(Move("XH-05", "xh_hidden_freed", (hp,), "", "≥小吉"))
    # XH-06 官父世爻合成父局官局，不遇日月沖破者，定許連登；合成兄局，得遇日月生扶，官星亦旺者，亦許得意；唯忌合成
    # 子孫局 (a 財局 「雖不為美，然亦得驗於吉者」: no sign either way)
    for f in _formed(chart):
        made = [chart.lines[p.position - 1] for p in _in_frame(f) if p.layer is Layer.LINE]
        by_us = any(x.world or x.relation in (R.官鬼, R.父母) for x in made)
        if f.relation in (R.父母, R.官鬼) and by_us and not any(clashes(b, m) for b in _pillars(chart)
                                                                 for m in f.frame.members):
            moves.append(Move("XH-06", "xh_frame_of_rank", tuple(_in_frame(f)), "", "≥吉"))
        elif f.relation is R.兄弟 and by_us and any(generates(b.element, f.frame.element)
                                                   or b.element is f.frame.element for b in _pillars(chart)) \
                and any(state(chart, LINE_PLACES[x.position]).vigour.strong for x in officers):
            moves.append(Move("XH-06", "xh_frame_of_siblings", tuple(_in_frame(f)), "", "≥小吉"))
        elif f.relation is R.子孫:
            moves.append(Move("XH-06", "xh_frame_of_offspring", tuple(_in_frame(f)), "", "≤小凶"))
    # XH-10 父官臨太歲，動而生合世爻 … 太歲必要入爻，入爻亦要發動，或持世爻: 連捷無疑
    year = chart.moment.year_branch
    if year is not None and any(x.branch is year and (x.world or (x.moving and _links(x, world))) for x in pair):
        moves.append(Move("XH-10", "xh_year_on_rank", (wp,), "", "≥吉"))
    # XH-11 卦中官父雖旺而世爻休囚空破墓絕及動而變凶，或日月沖克世爻 … 我位既失，何以成名 (世化官: XH-15)
    pillars = (chart.moment.day.branch, chart.moment.month_branch)
    struck = any(b.element.overcomes is ws.element or clash_of(b) is ws.branch for b in pillars)
    into_office = changes_into(world, R.官鬼)
    worse = _worse_not_office(world, chart) if into_office else bad_change(world, chart)
    if (weak(ws) and (empty(ws) or ws.real_tomb or cut_off(ws))) or worse or (weak(ws) and struck):
        moves.append(Move("XH-11", "xh_world_lost", (wp,), "", "≤小凶"))
    # XH-13 父爻旺相官臨空破墓絕及動而變凶變克 … 文章終遇紅紗蔽目; 官爻旺而生世持世 … 反許遂志 (官 before 父)
    us = state(chart, use)
    uln = line_at(chart, use)
    if uln is not None and uln.relation is R.官鬼:
        if _faulty(us, uln, chart):
            moves.append(Move("XH-13", "xh_office_empty", (use,), "", "=凶"))
        elif us.vigour.strong and (uln.world or generates(uln.element, world.element)):
            moves.append(Move("XH-13", "xh_office_favours_world", (use, wp), "", "≥小吉"))
    # XH-12 卦遇六沖 … 官父世爻俱旺者 … 竟許必得; 六合 … 有一失陷不遇生扶者，雖六合亦無益
    trio = [ws] + [state(chart, LINE_PLACES[x.position]) for x in pair]
    if chart.hexagram.six_clash and officers and parents and all(x.vigour.strong for x in trio):
        moves.append(Move("XH-12", "xh_clash_all_strong", (), "", "≥吉"))
    elif chart.hexagram.six_harmony and any(x.vigour is Vigour.失陷 and not x.supports for x in trio):
        moves.append(Move("XH-12", "xh_harmony_no_help", (), "", "≤平"))
    # XH-14 官父兩旺而世爻不旺 … 又得應爻動而生合世爻者，必得推薦之力; 應爻又被日月沖克者，薦亦無功
    resp = chart.lines[chart.hexagram.response - 1]
    rp = LINE_PLACES[resp.position]
    if weak(ws) and resp.moving and _links(resp, world) and \
            any(state(chart, LINE_PLACES[x.position]).vigour.strong for x in officers) and \
            any(state(chart, LINE_PLACES[x.position]).vigour.strong for x in parents):
        if _pillar_strikes(chart, resp.branch):
            found.append(finding("XH-14", "xh_recommender_struck", Effect.BAD, 1, (rp,)))
        else:
            moves.append(Move("XH-14", "xh_recommended", (rp, wp), "", "≥小吉"))
    # XH-15 世爻化出官星: 父母旺相而不回頭克世，乃為變官，今科即中; 休囚被克 … 乃為化鬼，不唯不中，且見危灾; 化出鬼爻
    # 克世者更凶; 世爻旺相動而變出官星回頭生合世爻者 … 乃為變官 (the 卦身 readings of 古法 the author rejects)
    if into_office and world.changed is not None:
        cp = CHANGED_PLACES[world.position]
        if T.回頭克 in world.transformations:
            moves.append(Move("XH-15", "xh_world_turns_ghost_striking", (wp, cp), "=凶", "=凶"))
        elif weak(ws) and ws.attacks:
            moves.append(Move("XH-15", "xh_world_turns_ghost", (wp, cp), "≤小凶", "≤小凶"))
        elif any(state(chart, LINE_PLACES[x.position]).vigour.strong for x in parents) \
                or (ws.vigour.strong and _links(world.changed.branch, world)):
            moves.append(Move("XH-15", "xh_world_turns_office", (wp, cp), "", "≥吉"))
    # XH-16 世與官父相旺內有一而化進神者 … 世化退神 … 父化退神 … 官化退神，皓首無成
    for x in (world, *pair):
        if x.moving and T.化退神 in x.transformations:
            moves.append(Move("XH-16", "xh_retreats", (LINE_PLACES[x.position],), "", "-1"))
            break
    # XH-17 凡遇財爻持世，或財動卦中，父母又值休囚空破，及財動化父，父動化財，皆枕塊之兆 (another matter, shown)
    parents_low = any(weak(s) and (s.vigour is Vigour.休囚 or s.void or s.month_break)
                      for s in (state(chart, LINE_PLACES[x.position]) for x in parents))
    if ((world.relation is R.妻財 or wealth) and parents_low) or any(changes_into(x, R.父母) for x in wealth) \
            or any(changes_into(x, R.妻財) for x in moving(chart, R.父母)):
        found.append(finding("XH-17", "xh_mourning", Effect.BAD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))


# ---- 升選候補章, 升遷何方章 ------------------------------------------------------------------------------------------

def _seek(chart: Chart, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = world_state(chart)
    wp = ws.place
    us = state(chart, use)
    ln = line_at(chart, use)
    children = moving(chart, R.子孫)
    faulty = _faulty(us, ln, chart)
    # favours
    # SB-01 旺官持世及日月動爻作官星生合世爻 … 皆吉
    if not faulty and ln is not None and us.vigour.strong and (ln.world or _links(ln, world)):
        moves.append(Move("SB-01", "sb_office_favours_world", (use, wp), "", "≥小吉"))
    # SB-03 世與官星三合官局財局，或生世，或世在局中，或官星持世與日月動爻相合，得逢六合卦及卦動變六合者，皆是天賜之恩
    bureau = [f for f in _formed(chart) if f.relation in (R.官鬼, R.妻財)
              and (generates(f.frame.element, world.element) or wp in _in_frame(f))]
    harmonized = world.relation is R.官鬼 and (
        any(harmonizes(b, world.branch) for b in _pillars(chart))
        or any(x.moving and harmonizes(x.branch, world.branch) for x in chart.lines if not x.world))
    joined = chart.hexagram.six_harmony or H.六沖變六合 in chart.changes or (
        chart.changed is not None and chart.changed.six_harmony)
    if bureau or harmonized or joined:
        moves.append(Move("SB-03", "sb_heaven_grants", (wp,), "", "≥小吉"))
    # SB-06 世爻發動，或動而化吉，或(祿馬)日月臨世，及官動化吉生合世爻，皆可束裝以待 (祿 and 馬 are stars: not read here)
    if world.moving or ws.on_month_or_day or any(
            x.moving and good_change(x) and _links(x, world) for x in lines_of(chart, R.官鬼)):
        moves.append(Move("SB-06", "sb_appointment_near", (wp,), "≥小吉", ""))
    # bars
    # SB-02 子孫持世，子孫動於卦中，升遷無期。官臨空破墓絕及動變凶，補升無望
    if children:
        moves.append(Move("SB-02", "sb_child_moves_no_promotion", tuple(LINE_PLACES[x.position]
                                                                        for x in children), "", "≤小凶"))
    if faulty:
        moves.append(Move("SB-02", "sb_office_empty", (use,), "", "=凶"))
    # SB-04 世官不旺，得六沖，或是官被日月相沖，或是卦得六沖，乃風雲未際之時也 (not yet: now, not for good)
    if weak(ws) and weak(us) and (chart.hexagram.six_clash or any(clashes(b, us.branch) for b in _pillars(chart))):
        moves.append(Move("SB-04", "sb_not_yet", (use, wp), "≤小凶", ""))
    # SB-05 元神衰靜曳氣爻搖: 假令官爻司木，衰而不動，火爻發動是也 — the 財 that feeds the 官 weak and still, the 父
    # the 官 feeds moving (the example's 「衰而不動」 read with the verse, of the 元神)
    sources = lines_of(chart, R.妻財)
    if sources and all(weak(state(chart, LINE_PLACES[x.position])) and not x.moving for x in sources) \
            and moving(chart, R.父母):
        moves.append(Move("SB-05", "sb_source_still_drain_moves", tuple(LINE_PLACES[x.position] for x in sources),
                          "", "≤小凶"))
    # SF-03 (for a named post) 官臨應爻，不得。三合局而生應爻，不得 — another has it
    resp = chart.lines[chart.hexagram.response - 1]
    if ln is not None and ln.response:
        moves.append(Move("SF-03", "sf_office_on_response", (use,), "", "≤小凶"))
    elif any(generates(f.frame.element, resp.element) and not generates(f.frame.element, world.element)
             for f in _formed(chart)):
        moves.append(Move("SF-03", "sf_frame_feeds_response", (LINE_PLACES[resp.position],), "", "≤小凶"))
    # SB-07 世臨日破即使官星持世，不獨不能升選，且防他變
    if ws.day_break:
        moves.append(Move("SB-07", "sb_world_day_broken", (wp,), "≤小凶", "≤小凶"))
    # SB-08 世旺者竟升，世衰者不吉
    if weak(ws):
        found.append(finding("SB-08", "sb_world_weak", Effect.BAD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))


# ---- 在任吉凶章 ----------------------------------------------------------------------------------------------------

def _hold(chart: Chart, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = world_state(chart)
    wp = ws.place
    us = state(chart, use)
    ln = line_at(chart, use)
    year = chart.moment.year_branch
    officers = lines_of(chart, R.官鬼)
    siblings = moving(chart, R.兄弟)
    children = moving(chart, R.子孫)
    wealth = lines_of(chart, R.妻財)
    # favours
    # ZR-01 官旺遇生扶，或動而化吉，世旺財動以生世，皆主兵民頌德，官清無波; 官臨日月生合世爻，三合官局生合世爻，或官星
    # 持世日月生扶 … 不久超升 (岁五 「又相生合」 is ZR-11's own sign)
    favoured = (ln is not None and ln.relation is R.官鬼 and (
        (us.on_month_or_day and _links(ln, world))
        or (ln.world and any(p.layer in (Layer.MONTH, Layer.DAY) for p in us.supports))))
    frame = any(f.relation is R.官鬼 and (generates(f.frame.element, world.element)
                                        or any(harmonizes(m, world.branch) for m in f.frame.members))
                for f in _formed(chart))
    if favoured or frame:
        moves.append(Move("ZR-01", "zr_rises_soon", (use, wp), "", "≥吉"))
    elif (us.vigour.strong and us.supports) or (ln is not None and good_change(ln)) or (
            ws.vigour.strong and any(x.moving and generates(x.element, world.element) for x in wealth)):
        moves.append(Move("ZR-01", "zr_tenure_smooth", (use,), "", "≥小吉"))
    # ZR-03 旺父臨世，官動臨岁五，或日月生扶，外任者必蒙上官推薦
    if world.relation is R.父母 and ws.vigour.strong and any(
            (x.moving and (x.position == 5 or x.branch is year))
            or any(p.layer in (Layer.MONTH, Layer.DAY) for p in state(chart, LINE_PLACES[x.position]).supports)
            for x in officers):
        moves.append(Move("ZR-03", "zr_recommended", (wp,), "", "≥小吉"))
    # ZR-06 世爻旺相，官化進神，官星旺相，世化進神，及世官得地，財化進神，皆有晉爵之徵 (verse: 沖變合, 加官晉爵)
    if (ws.vigour.strong and ln is not None and _ahead(ln)) or (us.vigour.strong and _ahead(world)) or (
            ws.vigour.strong and us.vigour.strong and (any(_ahead(x) for x in wealth) or H.六沖變六合 in chart.changes)):
        moves.append(Move("ZR-06", "zr_promotion", (use, wp), "", "≥小吉"))
    # ZR-09 世爻旺相，化出官星生合比助世爻者，得權攝; 化出官星刑傷克害世者，反受權攝之害
    if changes_into(world, R.官鬼) and world.changed is not None:
        cb = world.changed.branch
        cp = CHANGED_PLACES[world.position]
        if overcomes(cb.element, world.element) or clashes(cb, world.branch):
            moves.append(Move("ZR-09", "zr_acting_post_harms", (wp, cp), "", "≤小凶"))
        elif ws.vigour.strong and (_links(cb, world) or cb.element is world.element):
            moves.append(Move("ZR-09", "zr_acting_post", (wp, cp), "", "≥小吉"))
    # ZR-11 青龍官星持世，或世臨日月，或日月動爻生合世爻，或世臨岁五之爻，或岁五生合世，或世官三合皆為吉兆
    lifted = (world.relation is R.官鬼 and world.spirit is Spirit.青龍) or ws.on_month_or_day or any(
        harmonizes(b, world.branch) or generates(b.element, world.element) for b in _pillars(chart)) or any(
        x.moving and _links(x, world) for x in chart.lines if not x.world) or world.position == 5 or (
        year is not None and (world.branch is year or _links(year, world))) or any(
        wp in _in_frame(f) and any(p.layer is Layer.LINE and chart.lines[p.position - 1].relation is R.官鬼
                                   for p in _in_frame(f)) for f in _formed(chart))
    if lifted:
        moves.append(Move("ZR-11", "zr_favour", (wp,), "", "≥小吉"))
    # ZR-07 卦得反吟 … 世與官多旺相，一定升遷，世爻若與官星衰者，必遭降罰 … 世與官星被克者，定有不測之禍
    if any(t in chart.changes for t in _REVERSALS):
        if ws.attacks and us.attacks:
            moves.append(Move("ZR-07", "zr_reversal_struck", (use, wp), "=凶", "=凶"))
        elif ws.vigour.strong and us.vigour.strong:
            moves.append(Move("ZR-07", "zr_reversal_rises", (use, wp), "", "≥小吉"))
        elif weak(ws) and weak(us):
            moves.append(Move("ZR-07", "zr_reversal_demoted", (use, wp), "", "≤小凶"))
    # bars
    # ZR-02 兄弟持世，兄爻發動 … 定然減俸除糧 — ZR-03 兄動 … 若得官星旺相，乃是為官清正，非義不取，非無財也
    if siblings and us.vigour.strong:
        found.append(finding("ZR-03", "zr_clean_hands", Effect.GOOD, 1, tuple(LINE_PLACES[x.position]
                                                                            for x in siblings)))
    elif world.relation is R.兄弟 or siblings:
        moves.append(Move("ZR-02", "zr_pay_cut", tuple(LINE_PLACES[x.position] for x in siblings) or (wp,),
                          "", "≤小凶"))
    # ZR-03 官星旺相，財臨空破者，亦同此斷
    if us.vigour.strong and any(empty(state(chart, LINE_PLACES[x.position])) for x in wealth):
        found.append(finding("ZR-03", "zr_clean_hands", Effect.GOOD, 1, (use,)))
    # ZR-02 子孫持世及子動而有制，降級而已 (the verse: 子搖 … 休官 — a moving 子孫 nothing holds, dismissal)
    free = [x for x in children if not state(chart, LINE_PLACES[x.position]).attacks]
    if free:
        moves.append(Move("ZR-02", "zr_dismissed", tuple(LINE_PLACES[x.position] for x in free), "", "=凶"))
    elif world.relation is R.子孫 or children:
        moves.append(Move("ZR-02", "zr_demoted", tuple(LINE_PLACES[x.position] for x in children) or (wp,),
                          "", "≤小凶"))
    # ZR-05 日月克官，或克世爻，及朱雀騰蛇克世，世爻休囚者，得禍不輕，世爻旺相有救者，多招是非; 官鬼克世，世旺官衰者，
    # 亦主誹謗，世衰官旺，若臨蛇雀，必見彈章 (a 朱雀 or 螣蛇 line strikes when it moves)
    scolds = [x for x in chart.lines if x.moving and x.spirit in (Spirit.朱雀, Spirit.螣蛇)
              and overcomes(x.element, world.element)]
    pillar_strikes = any(overcomes(b.element, us.element) or overcomes(b.element, ws.element)
                         for b in _pillars(chart))
    if pillar_strikes or scolds:
        if weak(ws):
            moves.append(Move("ZR-05", "zr_grave_trouble", (wp,), "", "=凶"))
        else:
            found.append(finding("ZR-05", "zr_slander", Effect.BAD, 1, (wp,)))
    if ln is not None and ln.relation is R.官鬼 and overcomes(ln.element, world.element):
        if weak(ws) and us.vigour.strong and ln.spirit in (Spirit.朱雀, Spirit.螣蛇):
            moves.append(Move("ZR-05", "zr_impeached", (use, wp), "", "≤小凶"))
        elif ws.vigour.strong and weak(us):
            found.append(finding("ZR-05", "zr_slander", Effect.BAD, 1, (use, wp)))
    # ZR-07 世爻休囚被克化墓者，多反復立見災非; 世爻有氣化墓入墓者，亦主朦朧昏憒
    if world.moving and T.化墓 in world.transformations and weak(ws) and ws.attacks:
        moves.append(Move("ZR-07", "zr_world_entombed", (wp,), "", "≤小凶"))
    elif ws.vigour.strong and ws.tomb is not None:
        found.append(finding("ZR-07", "zr_muddled", Effect.BAD, 1, (wp,)))
    # ZR-08 世破世空官空破，在任無多日矣。世衰動而化鬼及化回頭之克者，須防壽命無堅
    if weak(ws) and world.moving and (changes_into(world, R.官鬼) or T.回頭克 in world.transformations):
        moves.append(Move("ZR-08", "zr_life_at_risk", (wp,), "=凶", "=凶"))
    elif empty(ws) or empty(us):
        moves.append(Move("ZR-08", "zr_tenure_ends", (use, wp), "", "=凶"))
    # ZR-04 兄鬼亂動於卦中，旱澇兵星、地方不寧之兆 (what one governs is troubled: shown, not the tenure itself)
    if siblings and moving(chart, R.官鬼):
        found.append(finding("ZR-04", "zr_charge_unsettled", Effect.BAD, 1, tuple(
            LINE_PLACES[x.position] for x in siblings + moving(chart, R.官鬼))))
    # ZR-12 財爻持世及卦中財動，或父母爻休囚空破，若有尊長 … 須防孝服 (another matter, shown)
    if world.relation is R.妻財 or moving(chart, R.妻財) or any(
            (s.vigour is Vigour.休囚 or s.vigour is Vigour.失陷)
            for s in (state(chart, LINE_PLACES[x.position]) for x in lines_of(chart, R.父母))):
        found.append(finding("ZR-12", "zr_elders_mourning", Effect.BAD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))


# ---- 養親告病辭官章 -------------------------------------------------------------------------------------------------

def _leave(chart: Chart, office: Office) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    wp = LINE_PLACES[world.position]
    officers = lines_of(chart, R.官鬼)
    children = moving(chart, R.子孫)
    # GC-01 子孫持世子孫發動，乃無官之果，必能遂我偷閒; 若官星持世或官動克世合世，難脫利名羈鎖
    if world.relation is R.子孫 or children:
        moves.append(Move("GC-01", "gc_released", tuple(LINE_PLACES[x.position] for x in children) or (wp,),
                          "", "≥小吉"))
    # GC-02 世與官星化退神者如願 …
    if any(x.moving and T.化退神 in x.transformations for x in (world, *officers)):
        moves.append(Move("GC-02", "gc_retreat_as_wished", (wp,), "", "≥小吉"))
    # bars
    binding = [x for x in officers if x.moving and (overcomes(x.element, world.element)
                                                    or harmonizes(x.branch, world.branch))]
    if world.relation is R.官鬼 or binding:
        moves.append(Move("GC-01", "gc_held_by_office", tuple(LINE_PLACES[x.position] for x in binding) or (wp,),
                          "", "≤小凶"))
    # GC-02 世與官星而化進神者，王事羈身，難於歇手; 若得伏吟必不能行
    if any(x.moving and T.化進神 in x.transformations for x in (world, *officers)):
        moves.append(Move("GC-02", "gc_advance_holds", (wp,), "", "≤小凶"))
    if any(t in chart.changes for t in _STILLNESS):
        moves.append(Move("GC-02", "gc_stillness_cannot_go", (), "", "≤小凶"))
    # GC-02 告病及養親乃暫歸之事，得反吟卦者，乃應將來再任，故不忌之，惟辭官者，不宜見之
    if any(t in chart.changes for t in _REVERSALS):
        if office is Office.resign:
            moves.append(Move("GC-02", "gc_reversal_recalled", (), "", "≤小凶"))
        else:
            found.append(finding("GC-02", "gc_reversal_returns", Effect.NEUTRAL, 1))
    return ChapterReading(tuple(found), tuple(moves))


# ---- 營造公務防患章 -------------------------------------------------------------------------------------------------

def _works(chart: Chart, office: Office) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = world_state(chart)
    wp = ws.place
    rich = False
    trouble = office is Office.works_trouble
    children = moving(chart, R.子孫)
    siblings = moving(chart, R.兄弟)
    officers = lines_of(chart, R.官鬼)
    # GW-02 父母持世，官星動而生合世爻者，必因公事加官
    if world.relation is R.父母 and any(x.moving and _links(x, world) for x in officers):
        moves.append(Move("GW-02", "gw_promoted_for_work", (wp,), "", "≥吉"))
    # GW-02 旺官持世，財動而相生 … 財爻持世世動化財生世，皆同此斷
    elif (rich := world.relation is R.官鬼 and ws.vigour.strong and any(
            x.moving and generates(x.element, world.element) for x in lines_of(chart, R.妻財))) \
            or world.relation is R.妻財 or (changes_into(world, R.妻財) and world.changed is not None
                                           and generates(world.changed.branch.element, world.element)):
        moves.append(Move("GW-02", "gw_profit_and_name", (wp,), "", "≥小吉"))
    # GW-01 子孫持世子動卦中事無尤慮，有始有終 — GW-04 已見疏虞而防患者，必有功名之慮，子動以傷官也
    if world.relation is R.子孫 or (children and not trouble):
        moves.append(Move("GW-01", "gw_no_trouble", tuple(LINE_PLACES[x.position] for x in children) or (wp,),
                          "", "≥小吉"))
    # bars
    if children and trouble:
        moves.append(Move("GW-04", "gw_child_threatens_post", tuple(LINE_PLACES[x.position] for x in children),
                          "", "≤小凶"))
    # GW-01 官鬼克世而受累 … 鬼兄持世同推 (a 鬼 on the 世 but for GW-02's own 旺官持世 fed by a moving 財)
    strikers = [x for x in officers if x.moving and overcomes(x.element, world.element)]
    if strikers or (world.relation is R.官鬼 and not rich):
        moves.append(Move("GW-01", "gw_implicated", tuple(LINE_PLACES[x.position] for x in strikers) or (wp,),
                          "", "≤小凶"))
    # GW-01 兄動以賠財 … 鬼兄持世同推; GW-04 初入工程，兄動以防賠財，已見疏虞兄動而防罰俸
    if siblings or world.relation is R.兄弟:
        rule, key = ("GW-04", "gw_fined") if trouble and siblings else ("GW-01", "gw_pays_costs")
        moves.append(Move(rule, key, tuple(LINE_PLACES[x.position] for x in siblings) or (wp,), "", "≤平"))
    # GW-03 工程皆以父爻為用神，不旺或受沖克又得六沖卦者必不堅久，化沖者亦然，又看世爻旺相，又得六合卦者永遠堅
    parents = [state(chart, LINE_PLACES[x.position]) for x in lines_of(chart, R.父母)]
    clash = chart.hexagram.six_clash or H.六合變六沖 in chart.changes or (
        chart.changed is not None and chart.changed.six_clash)
    if clash and (not parents or any(weak(s) or s.attacks for s in parents)):
        found.append(finding("GW-03", "gw_work_will_not_last", Effect.BAD, 1, tuple(s.place for s in parents)))
    elif chart.hexagram.six_harmony and ws.vigour.strong:
        found.append(finding("GW-03", "gw_work_lasts", Effect.GOOD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))
