"""功名: for an examination, the chapter of its stage (``Exam``): 鄉試 (ch. 55, XH) for a major one, 童試 (49, TK)
an entrance one, 考遺才 (52, KD) a qualifying round, 延試 (54, YT) the final round, 歲科考 (50, SKK) the grade of a
regular test, 發案持榜 (53, FA) the day the results are posted; for a career, the chapter of what is asked of the
post (``Office``): 升選候補 (55b, SB) and 升遷何方 (56, SF-03) for a post or a promotion sought, 在任吉凶 (57, ZR)
for the post held (with its missions by the post horse, ZR-10), 養親告病辭官 (63, GC) for leaving it, 營造公務防患
(64, GW) for a public project in one's charge; 子占父功名 (67, ZF) for a parent's post.

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
(interior or frontier posts), 功名到何品級 PJ-02 (a named rank of nine), 增廩 ZB (a stipend), 發案 FA-02 (needs
the asker's mood).  A father's career (子占父功名 ZF-01) is read when the question names a parent (the bot asks
no subject for a career; the CLI and the API can).
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
    States,
    T,
    Vigour,
    bad_change,
    changes_into,
    clash_of,
    clashes,
    cut_off,
    empty,
    feeding,
    generates,
    good_change,
    harmonizes,
    line_at,
    lines_of,
    moving,
    overcome,
    overcomes,
    timing,
    weak,
    year_or_day,
)
from core.chart.chart import Chart, HexagramTransformation, Line, Spirit
from core.chart.combinations import FrameFact, frames
from core.chart.hexagram import relation
from core.chart.relations import Stage, branch_at_stage, harmony_of, punishes
from core.findings import Effect, Finding, finding
from core.question import Exam, Horizon, Office, Question, Subject, Topic, horizon_of

H = HexagramTransformation
_REVERSALS = (H.反吟卦, H.內卦反吟, H.外卦反吟)
_STILLNESS = (H.伏吟卦, H.內卦伏吟, H.外卦伏吟)


def career_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    if question.topic is Topic.exam:
        stage = question.exam or Exam.main
        if stage is Exam.main:
            return _exam(chart, states, use)
        return _STAGES[stage](chart, states, use, question)
    office = question.office or Office.seek
    if question.subject is Subject.parent and office not in (Office.resign, Office.leave):
        return _fathers(chart, states, use)  # 子占父功名章 (ZF-01): whatever else is asked of a parent's post
    if office is Office.hold:
        return _hold(chart, states, use)
    if office in (Office.resign, Office.leave):
        return _leave(chart, states, office)
    if office in (Office.works, Office.works_trouble):
        return _works(chart, states, office)
    return _seek(chart, states, use)


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


def _in_frame(f: FrameFact) -> tuple[Place, ...]:
    """The frame's places in its members' order, each once (an order a set would not keep: a reading is the same
    whatever was read before it)."""
    return tuple(dict.fromkeys(p for m in f.members for p in m.places))


def _faulty(s: State, ln: Line | None, states: States) -> bool:
    """The chapters' 「空破墓絕及動而變凶」 of a line."""
    return empty(s) or s.real_tomb or cut_off(s) or (ln is not None and bad_change(ln, states))


def _ahead(x: Line) -> bool:
    """The line moves and advances (化進神)."""
    return x.moving and T.化進神 in x.transformations


def _worse_not_office(ln: Line, states: States) -> bool:
    """The 變凶 of ``bad_change`` other than 化官: 回頭克, 化退, a weak 化墓 化絕 (XH-15 judges 世化官 itself)."""
    t = ln.transformations
    return ln.moving and (T.回頭克 in t or T.化退神 in t or (
        (T.化墓 in t or T.化絕 in t) and weak(states[LINE_PLACES[ln.position]])))


# ---- 鄉試章 --------------------------------------------------------------------------------------------------------

def _exam(chart: Chart, states: States, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
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
    strong_officer = any(states[LINE_PLACES[x.position]].vigour.strong
                         and states[LINE_PLACES[x.position]].supports for x in moving(chart, R.官鬼))
    held = bool(children) and strong_officer and all(
        weak(states[LINE_PLACES[c.position]]) and states[LINE_PLACES[c.position]].attacks for c in children)
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
    # XH-08 父與官星生合世爻，若又被日月動爻沖壞者，亦作無情之喻: none holds the 世, and every one that feeds or combines
    # with it is broken by the month or the day (月破, 日破) or clashed by a moving line
    feeders = [x for x in pair if generates(x.element, world.element) or harmonizes(x.branch, world.branch)]
    if feeders and not any(x.world for x in pair) and all(
            states[LINE_PLACES[x.position]].month_break or states[LINE_PLACES[x.position]].day_break
            or any(y.moving and y.position != x.position and clashes(y.branch, x.branch) for y in chart.lines)
            for x in feeders):
        moves.append(Move("XH-08", "xh_link_clashed_apart", tuple(LINE_PLACES[x.position] for x in feeders), "",
                          "≤平"))
    # XH-01 父官持世而旺相，或臨日月、或日月動爻生扶、及動而變生，名登龍虎
    if world.relation in (R.父母, R.官鬼) and (ws.vigour.strong or ws.on_month_or_day or ws.supports):
        moves.append(Move("XH-01", "xh_essay_or_rank_on_world", (wp,), "", "≥小吉"))
    # XH-03 兄弟持世，若臨日月或旺相，再得官父兩旺、或官動生父、父動生世，必添科名 (兄不能掄元: not the first place)
    if world.relation is R.兄弟 and ws.vigour is Vigour.旺:
        both = (any(states[LINE_PLACES[x.position]].vigour.strong for x in officers)
                and any(states[LINE_PLACES[x.position]].vigour.strong for x in parents))
        if both or moving(chart, R.父母) or (moving(chart, R.官鬼) and parents):  # 官 always feeds the 父
            moves.append(Move("XH-03", "xh_sibling_world_passes", (wp,), "", "≥小吉"))
    # XH-05 官星父母世爻有一而被動爻克制，或化回頭克，若得日月沖制克神，亦許得意
    for x in (world, *pair):
        p = LINE_PLACES[x.position]
        s = states[p]
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
            hs = states[hp]
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
                and any(states[LINE_PLACES[x.position]].vigour.strong for x in officers):
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
    worse = _worse_not_office(world, states) if into_office else bad_change(world, states)
    if (weak(ws) and (empty(ws) or ws.real_tomb or cut_off(ws))) or worse or (weak(ws) and struck):
        moves.append(Move("XH-11", "xh_world_lost", (wp,), "", "≤小凶"))
    # XH-13 父爻旺相官臨空破墓絕及動而變凶變克 … 文章終遇紅紗蔽目; 官爻旺而生世持世 … 反許遂志 (官 before 父)
    us = states[use]
    uln = line_at(chart, use)
    if uln is not None and uln.relation is R.官鬼:
        if _faulty(us, uln, states):
            moves.append(Move("XH-13", "xh_office_empty", (use,), "", "=凶"))
        elif us.vigour.strong and (uln.world or generates(uln.element, world.element)):
            moves.append(Move("XH-13", "xh_office_favours_world", (use, wp), "", "≥小吉"))
    # XH-12 卦遇六沖 … 官父世爻俱旺者 … 竟許必得; 六合 … 有一失陷不遇生扶者，雖六合亦無益
    trio = [ws] + [states[LINE_PLACES[x.position]] for x in pair]
    if chart.hexagram.six_clash and officers and parents and all(x.vigour.strong for x in trio):
        moves.append(Move("XH-12", "xh_clash_all_strong", (), "", "≥吉"))
    elif chart.hexagram.six_clash and any(states[LINE_PLACES[x.position]].vigour.strong for x in parents):
        # 如父旺者，須再占一卦，再得吉者，以吉斷之，後卦凶者，即以凶推: this cast does not decide
        moves.append(Move("XH-12", "xh_clash_recast", (), "≤平", "≤平"))
    elif chart.hexagram.six_harmony and any(x.vigour is Vigour.失陷 and not x.supports for x in trio):
        moves.append(Move("XH-12", "xh_harmony_no_help", (), "", "≤平"))
    # XH-14 官父兩旺而世爻不旺 … 又得應爻動而生合世爻者，必得推薦之力; 應爻又被日月沖克者，薦亦無功
    resp = chart.lines[chart.hexagram.response - 1]
    rp = LINE_PLACES[resp.position]
    if weak(ws) and resp.moving and _links(resp, world) and \
            any(states[LINE_PLACES[x.position]].vigour.strong for x in officers) and \
            any(states[LINE_PLACES[x.position]].vigour.strong for x in parents):
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
        elif any(states[LINE_PLACES[x.position]].vigour.strong for x in parents) \
                or (ws.vigour.strong and _links(world.changed.branch, world)):
            moves.append(Move("XH-15", "xh_world_turns_office", (wp, cp), "", "≥吉"))
    # XH-16 世與官父相旺內有一而化進神者，名姓高懸，占鄉試必連捷 (the one that advances 旺相 by the season or on the
    # month or the day: its own advance, which feeds it, does not make it 旺)
    for x in (world, *pair):
        if x.moving and T.化進神 in x.transformations and states[LINE_PLACES[x.position]].vigour is Vigour.旺:
            moves.append(Move("XH-16", "xh_advances", (LINE_PLACES[x.position],), "", "≥吉"))
            break
    # XH-16 世化退神 … 父化退神 … 官化退神，皓首無成
    for x in (world, *pair):
        if x.moving and T.化退神 in x.transformations:
            moves.append(Move("XH-16", "xh_retreats", (LINE_PLACES[x.position],), "", "-1"))
            break
    # XH-17 凡遇財爻持世，或財動卦中，父母又值休囚空破，及財動化父，父動化財，皆枕塊之兆 (another matter, shown)
    parents_low = any(weak(s) and (s.vigour is Vigour.休囚 or s.void or s.month_break)
                      for s in (states[LINE_PLACES[x.position]] for x in parents))
    if ((world.relation is R.妻財 or wealth) and parents_low) or any(changes_into(x, R.父母) for x in wealth) \
            or any(changes_into(x, R.妻財) for x in moving(chart, R.父母)):
        found.append(finding("XH-17", "xh_mourning", Effect.BAD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))


# ---- 升選候補章, 升遷何方章 ------------------------------------------------------------------------------------------

def _seek(chart: Chart, states: States, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
    ln = line_at(chart, use)
    children = moving(chart, R.子孫)
    faulty = _faulty(us, ln, states)
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
    if sources and all(weak(states[LINE_PLACES[x.position]]) and not x.moving for x in sources) \
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
    # SB-08 L233 隨官入墓，世旺者官升。助鬼傷身，身衰者禍至。古以隨官入墓，助鬼傷身，皆以為凶。余屢試之，世旺者竟升，
    # 世衰者不吉。助鬼傷身，元神同動者，其官必升: read where the 世 goes into a tomb that is a 官 (the day, a moving
    # line or its change bearing 官鬼), or a moving 官 strikes the 世 with a moving 財 feeding it (助鬼傷身)
    if _with_office_in_tomb(chart, ws) or _ghost_helped_against(chart, ws):
        source_moves = any(x.moving and not x.world and generates(x.element, ws.element) for x in chart.lines)
        if ws.vigour.strong or (_ghost_helped_against(chart, ws) and source_moves):
            found.append(finding("SB-08", "sb_world_rises_with_office", Effect.GOOD, 1, (wp,)))
        else:
            found.append(finding("SB-08", "sb_world_weak", Effect.BAD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))


def _with_office_in_tomb(chart: Chart, ws: State) -> bool:
    """SB-08 隨官入墓: the 世 in an intact tomb that is a 官鬼 (the day, a moving line or its own change)."""
    if ws.tomb is None or ws.tomb_broken or ws.tomb_place is None:
        return False
    where = ws.tomb_place
    if where.layer is Layer.LINE:
        return chart.lines[where.position - 1].relation is R.官鬼
    if where.layer is Layer.CHANGED:
        changed = chart.lines[where.position - 1].changed
        return changed is not None and changed.relation is R.官鬼
    return relation(chart.hexagram.element, ws.tomb.element) is R.官鬼


def _ghost_helped_against(chart: Chart, ws: State) -> bool:
    """SB-08 助鬼傷身: a moving 官 overcoming the 世, and a moving 財 generating that 官."""
    ghosts = [x for x in moving(chart, R.官鬼) if not x.world and overcomes(x.element, ws.element)]
    return any(generates(f.element, g.element) for g in ghosts for f in moving(chart, R.妻財))


# ---- 在任吉凶章 ----------------------------------------------------------------------------------------------------

def _hold(chart: Chart, states: States, use: Place) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
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
            or any(p.layer in (Layer.MONTH, Layer.DAY) for p in states[LINE_PLACES[x.position]].supports)
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
    if us.vigour.strong and any(empty(states[LINE_PLACES[x.position]]) for x in wealth):
        found.append(finding("ZR-03", "zr_clean_hands", Effect.GOOD, 1, (use,)))
    # ZR-02 子孫持世及子動而有制，降級而已 (the verse: 子搖 … 休官 — a moving 子孫 nothing holds, dismissal)
    free = [x for x in children if not states[LINE_PLACES[x.position]].attacks]
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
    found += _missions(chart, states)
    # ZR-12 財爻持世及卦中財動，或父母爻休囚空破，若有尊長 … 須防孝服 (another matter, shown)
    if world.relation is R.妻財 or moving(chart, R.妻財) or any(
            (s.vigour is Vigour.休囚 or s.vigour is Vigour.失陷)
            for s in (states[LINE_PLACES[x.position]] for x in lines_of(chart, R.父母))):
        found.append(finding("ZR-12", "zr_elders_mourning", Effect.BAD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))


# 星煞章 XS-03 (zsby L1213) 「申子辰馬到寅  巳酉丑馬在亥  寅午戌馬居申  亥卯未馬在巳 … 假令子日申日辰日占卦爻中見寅即為
# 馬」: the 驛馬 by the day's branch
_HORSE: dict[Branch, Branch] = {Branch[b]: Branch[h] for group, h in (("申子辰", "寅"), ("巳酉丑", "亥"),
                                                                     ("寅午戌", "申"), ("亥卯未", "巳")) for b in group}


def _missions(chart: Chart, states: States) -> list[Finding]:
    """ZR-10 (L250) 「世臨官而遇馬，差遣煩勞。官星持日月動加臨驛馬者，多有差遣，日月動爻作財而扶者，差中得利。卦中兄爻
    發動，日月動爻刑克世爻者，辛苦賠財」: an 官 bearing the day's 驛馬 that holds the 世, stands on the day or the month,
    or moves — missions, many and tiring; the day, the month or a moving line of the 財 that generates or helps the
    世 — gain in them; a moving 兄 with the day, the month or a moving line punishing or overcoming the 世 — toil
    and money lost.  Reasons shown: missions are neither the tenure's good nor its harm.  Not read: 「心有望於差遣者，
    不待驛馬加臨，但遇世動即有差矣」 — the hope of a mission is not asked (``Office`` has no such answer)."""
    world = chart.world
    wp = LINE_PLACES[world.position]
    horse = _HORSE[chart.moment.day.branch]
    sent = [x for x in lines_of(chart, R.官鬼) if x.branch is horse
            and (x.world or x.moving or states[LINE_PLACES[x.position]].on_month_or_day)]
    if not sent:
        return []
    found = [finding("ZR-10", "zr_missions", Effect.NEUTRAL, 0, (*(LINE_PLACES[x.position] for x in sent), wp))]
    wealth_element = chart.hexagram.element.overcomes
    movers = [x for x in chart.lines if x.moving and not x.world]
    helpers = [b.element for b in _pillars(chart)] + [x.element for x in feeding(chart, states, tuple(movers), wp)
                                                      if x.relation is R.妻財]
    if any(e is wealth_element and (generates(e, world.element) or e is world.element) for e in helpers):
        found.append(finding("ZR-10", "zr_mission_gain", Effect.GOOD, 1, (wp,)))
    # 「日月動爻刑克世爻」: the 克 as chapters 1–34 read it (``overcome``), or a 刑 from the day, the month, a moving line
    hurting = [*_pillars(chart), *(x.branch for x in movers)]
    if moving(chart, R.兄弟) and (overcome(chart, states, states.world)
                                  or any(punishes(b, world.branch) for b in hurting)):
        found.append(finding("ZR-10", "zr_mission_costs", Effect.BAD, 1, (wp,)))
    return found


# ---- 養親告病辭官章 -------------------------------------------------------------------------------------------------

def _leave(chart: Chart, states: States, office: Office) -> ChapterReading:
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

def _works(chart: Chart, states: States, office: Office) -> ChapterReading:
    moves: list[Move] = []
    found: list[Finding] = []
    world = chart.world
    ws = states.world
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
    parents = [states[LINE_PLACES[x.position]] for x in lines_of(chart, R.父母)]
    clash = chart.hexagram.six_clash or H.六合變六沖 in chart.changes or (
        chart.changed is not None and chart.changed.six_clash)
    if clash and (not parents or any(weak(s) or s.attacks for s in parents)):
        found.append(finding("GW-03", "gw_work_will_not_last", Effect.BAD, 1, tuple(s.place for s in parents)))
    elif chart.hexagram.six_harmony and ws.vigour.strong:
        found.append(finding("GW-03", "gw_work_lasts", Effect.GOOD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))


# ---- 子占父功名章 ---------------------------------------------------------------------------------------------------

def _fathers(chart: Chart, states: States, use: Place) -> ChapterReading:
    """子占父功名章 (ZF-01): a father's post or promotion — 父母 the father (the use-god, ``core.question``), 官 his
    office."""
    moves: list[Move] = []
    palace = chart.hexagram.element
    parents = lines_of(chart, R.父母)
    officers = lines_of(chart, R.官鬼)
    s = states[use]
    fl = line_at(chart, use)
    # ZF-01 父動官動相生，日月作官星而生父母，父旺化官動而化吉，皆許成名
    pillar_office = any(relation(palace, b.element) is R.官鬼 for b in _pillars(chart)) and bool(parents)
    turns = fl is not None and fl.moving and ((s.vigour.strong and changes_into(fl, R.官鬼)) or good_change(fl))
    if (moving(chart, R.父母) and moving(chart, R.官鬼)) or pillar_office or turns:
        moves.append(Move("ZF-01", "zf_father_succeeds", (use,), "", "≥小吉"))
    # ZF-01 財克父，子動傷官，父官動而變凶，日月克官克父，或父爻衰墓破絕皆許無益
    struck = any(overcomes(b.element, x.element) for b in _pillars(chart) for x in parents + officers)
    fallen = any(x.moving and bad_change(x, states) for x in parents + officers)
    low = weak(s) and (s.real_tomb or s.month_break or s.day_break or cut_off(s) or empty(s))
    if moving(chart, R.妻財) or moving(chart, R.子孫) or fallen or struck or low:
        moves.append(Move("ZF-01", "zf_father_fails", (use,), "", "≤小凶"))
    return ChapterReading((), tuple(moves))


# ---- the examination stages: 童試, 考遺才, 延試, 歲科考, 發案持榜 ---------------------------------------------------------

def _helped(chart: Chart, s: State, ln: Line) -> bool:
    """得日月動爻相生相合: the day, the month or a moving line generates or combines with the line."""
    return any(generates(b.element, s.element) or harmonizes(b, s.branch) for b in _pillars(chart)) or any(
        x.moving and x.position != ln.position and (generates(x.element, s.element) or harmonizes(x.branch, s.branch))
        for x in chart.lines)


def _clashed(chart: Chart, s: State, ln: Line) -> bool:
    """被日月動爻沖克: the day, the month or a moving line clashes or overcomes it."""
    return _pillar_strikes(chart, s.branch) or any(
        x.moving and x.position != ln.position and (clashes(x.branch, s.branch) or overcomes(x.element, s.element))
        for x in chart.lines)


def _entrance(chart: Chart, states: States, use: Place, question: Question) -> ChapterReading:
    """童試章 (TK): an entrance examination — 官 and 父 with the 世, each stage its own cast (QM-01)."""
    moves: list[Move] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    officers = lines_of(chart, R.官鬼)
    # TK-01 官星持世，得日月動爻相生相合，道選無疑。父爻持世 … 亦要官星有氣，始許成名
    if _helped(chart, ws, world):
        if world.relation is R.官鬼:
            moves.append(Move("TK-01", "tk_rank_on_world", (wp,), "", "≥吉"))
        elif world.relation is R.父母:
            if any(states[LINE_PLACES[x.position]].vigour.strong for x in officers):
                moves.append(Move("TK-01", "tk_essay_on_world", (wp,), "", "≥小吉"))
            else:
                moves.append(Move("TK-01", "tk_essay_without_rank", (wp,), "", "≤平"))
    # TK-05 父衰動而化回頭生、化進神，文章得意勝於前 … 化退神者，前篇稍遂，後勁不力，衰化退神及化克化空破墓絕或回頭克
    # 者 … 場中一日短
    for x in lines_of(chart, R.父母):
        if not x.moving:
            continue
        p = LINE_PLACES[x.position]
        t = x.transformations
        low = weak(states[p])
        if low and ({T.化退神, T.回頭克, T.化空, T.化破, T.化墓, T.化絕} & set(t)):
            moves.append(Move("TK-05", "tk_essay_fails_in_hall", (p,), "", "≤小凶"))
        elif low and ({T.回頭生, T.化進神} & set(t)):
            moves.append(Move("TK-05", "tk_essay_improves", (p,), "", "≥小吉"))
        elif T.化退神 in t:
            moves.append(Move("TK-05", "tk_essay_fades", (p,), "", "-1"))
        # TK-04 父母旺相，若化休囚空破墓沖 … 收而復棄; 若得日月動爻相合者，謂之沖中逢合必獲續取
        elif not low and x.changed is not None and (
                weak(states[CHANGED_PLACES[x.position]]) or {T.化空, T.化破, T.化墓, T.回頭沖} & set(t)):
            bound = any(harmonizes(b, x.branch) for b in _pillars(chart)) or any(
                y.moving and y.position != x.position and harmonizes(y.branch, x.branch) for y in chart.lines)
            if bound:
                moves.append(Move("TK-04", "tk_dropped_then_taken", (p,), "≤小凶", "≥小吉"))
            else:
                moves.append(Move("TK-04", "tk_taken_then_dropped", (p,), "", "≤小凶"))
    # TK-02 子動克官，財動克父，或持於世爻者皆不宜也
    spoilers = moving(chart, R.子孫) + moving(chart, R.妻財)
    if spoilers or world.relation in (R.子孫, R.妻財):
        moves.append(Move("TK-02", "tk_spoiler", tuple(LINE_PLACES[x.position] for x in spoilers) or (wp,),
                          "", "≤小凶"))
    # TK-03 世爻空破墓絕，或被日月動爻沖克及動而變凶者，不能遂志
    if _faulty(ws, world, states) or _clashed(chart, ws, world):
        moves.append(Move("TK-03", "tk_world_fails", (wp,), "", "≤小凶"))
    return ChapterReading((), tuple(moves))


def _qualifying(chart: Chart, states: States, use: Place, question: Question) -> ChapterReading:
    """考遺才章 (KD-01): a qualifying round."""
    moves: list[Move] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    parents = [(x, states[LINE_PLACES[x.position]]) for x in lines_of(chart, R.父母)]
    # KD-01 官爻持世生世，我必業收 … 父母生世持世者吉
    if any(x.world or (x.moving and generates(x.element, world.element))
           for x in lines_of(chart, R.官鬼) + lines_of(chart, R.父母)):
        moves.append(Move("KD-01", "kd_admitted", (wp,), "", "≥小吉"))
    # KD-01 父母空破墓絕，他不見用 … 休囚空破者凶
    if parents and all(empty(s) or s.real_tomb or cut_off(s) or s.vigour is Vigour.休囚 for _x, s in parents):
        moves.append(Move("KD-01", "kd_essay_unused", tuple(s.place for _x, s in parents), "", "≤小凶"))
    # KD-01 如世爻受克及空破墓絕，或動而變凶、或子孫持身動於卦中，皆不錄之
    children = moving(chart, R.子孫)
    if _faulty(ws, world, states) or any(a.layer is not Layer.CHANGED for a in ws.attacks) \
            or world.relation is R.子孫 or children:
        moves.append(Move("KD-01", "kd_not_admitted", tuple(LINE_PLACES[x.position] for x in children) or (wp,),
                          "", "≤小凶"))
    return ChapterReading((), tuple(moves))


def _final(chart: Chart, states: States, use: Place, question: Question) -> ChapterReading:
    """延試章 (YT): the final round — 官星為用，父爻次之."""
    moves: list[Move] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
    ln = line_at(chart, use)
    year = chart.moment.year_branch
    fifth = chart.lines[4]
    # YT-01 若持世爻得日月岁五生合者，定蒙選拔。官爻世爻三合，定蒙異寵隆恩
    givers = list(_pillars(chart)) + ([year] if year is not None else []) + ([fifth.branch] if not fifth.world else [])
    if world.relation in (R.官鬼, R.父母) and any(_links(b, world) for b in givers):
        moves.append(Move("YT-01", "yt_selected", (wp,), "", "≥吉"))
    elif any(wp in _in_frame(f) and any(p.layer is Layer.LINE and chart.lines[p.position - 1].relation is R.官鬼
                                        for p in _in_frame(f)) for f in _formed(chart)):
        moves.append(Move("YT-01", "yt_special_favour", (wp,), "", "≥吉"))
    # YT-02 世與官爻有一而逢空墓絕刑沖克害及動而變凶者，不詳之兆
    if _faulty(ws, world, states) or _clashed(chart, ws, world) or (
            ln is not None and (_faulty(us, ln, states) or _clashed(chart, us, ln))):
        moves.append(Move("YT-02", "yt_ill_omen", (use, wp), "", "≤小凶"))
    # YT-02 岁五官鬼沖克世爻者不測之災
    if any(x.relation is R.官鬼 and (x.position == 5 or x.branch is year) and not x.world
           and (clashes(x.branch, world.branch) or overcomes(x.element, world.element)) for x in chart.lines):
        moves.append(Move("YT-02", "yt_disaster", (wp,), "=凶", "=凶"))
    return ChapterReading((), tuple(moves))


# 歲科考章's grades, as the reading's levels: 超等 and 上等 吉, 次之 小吉, 又次之 平, 教刑 小凶, 劣等 凶 (SKK-01, SKK-07)
def _grade(chart: Chart, states: States, use: Place, question: Question) -> ChapterReading:
    """歲科考章 (SKK): the grade of a regular test, by 父 (the use-god) and 世."""
    moves: list[Move] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    fp = use
    fs = states[fp]
    fl = line_at(chart, fp)
    hit_w = _clashed(chart, ws, world) or bool(ws.attacks)
    hit_f = bool(fs.attacks) or (fl is not None and _clashed(chart, fs, fl))
    # SKK-02 卦之全美 … 而六沖變沖反吟伏吟動變克化絕即是破綻
    flaw = chart.hexagram.six_clash or H.六合變六沖 in chart.changes or any(
        t in chart.changes for t in _REVERSALS + _STILLNESS) or any(
        x.moving and ({T.回頭克, T.化絕} & set(x.transformations)) for x in (world, *(() if fl is None else (fl,))))
    many = chart.hexagram.six_clash or H.六合變六沖 in chart.changes or all(x.moving for x in chart.lines)
    # SKK-04 大凡卦遇六沖變沖及六爻亂動，父旺世旺，還考平等。倘若父衰受刑克及世爻休囚受克及變凶者，孫山無疑
    if (weak(fs) and hit_f) or (weak(ws) and hit_w) or bad_change(world, states):
        moves.append(Move("SKK-04", "skk_fails", (fp, wp), "", "=凶"))
        return ChapterReading((), tuple(moves))
    if many and fs.vigour.strong and ws.vigour.strong:
        moves.append(Move("SKK-04", "skk_clash_middle", (fp, wp), "", "=平"))
        return ChapterReading((), tuple(moves))
    # SKK-01 世父同受克，劣等無疑；世爻受克，教刑不免；有一而遇刑沖克者又次之
    if hit_w and hit_f:
        moves.append(Move("SKK-01", "skk_both_struck", (fp, wp), "", "=凶"))
    elif hit_w:
        # SKK-02 世爻受克而有扶，亦業姑許
        if ws.supports:
            moves.append(Move("SKK-02", "skk_world_struck_helped", (wp,), "", "=平"))
        else:
            moves.append(Move("SKK-01", "skk_world_struck", (wp,), "", "=小凶"))
    elif hit_f:
        # SKK-02 父爻受克而無救，難免塗鴉
        if not fs.supports:
            moves.append(Move("SKK-02", "skk_essay_struck", (fp,), "", "=小凶"))
        else:
            moves.append(Move("SKK-01", "skk_one_struck", (fp,), "", "=平"))
    elif fs.vigour.strong and ws.vigour.strong:
        # SKK-01 父與世爻旺相及得日月動爻生扶及動而化吉，全無破綻者，定考超等 … 兩爻旺相而逢生上等；旺而無生，相而
        # 遇扶，無刑沖克破者次之 (a flaw, SKK-02, takes the top grades one down: SKK-07 略有破綻者次之)
        both_helped = bool(fs.supports) and bool(ws.supports)
        if both_helped and not flaw:
            moves.append(Move("SKK-01", "skk_top_grade", (fp, wp), "", "=吉"))
        else:
            moves.append(Move("SKK-01", "skk_good_grade", (fp, wp), "", "=小吉"))
    elif fs.vigour is Vigour.休囚 and not fs.supports and not hit_w:
        # SKK-05 父爻出現，不旺不衰，雖無生扶，亦無克制而世爻不被沖克者，可保平等 — 「不旺不衰」 read as the engine's
        # 休囚 short of 失陷 (out of season, nothing for it, nothing against it: a line 有氣 has support by definition)
        moves.append(Move("SKK-05", "skk_middle", (fp, wp), "", "=平"))
    return ChapterReading((), tuple(moves))


def _results(chart: Chart, states: States, use: Place, question: Question) -> ChapterReading:
    """發案持榜章 (FA-01): when the list is posted — the 父 (the use-god) timed: 衰者宜生旺之日；旺而靜者，逢值沖之
    日；動而逢值逢合之日；空與入墓，必待沖開；破與旬空，須期填實.  FA-02 (the asker's hope or fear with the holder of
    the 世) needs the asker's mood, a fact the bot does not ask."""
    s = states[use]
    if use.layer is Layer.MONTH or use.layer is Layer.DAY:
        return ChapterReading()
    unit = year_or_day(horizon_of(question) is Horizon.far)
    b = s.branch
    times = []
    if s.tomb is not None:
        times.append(timing(unit, clash_of(s.tomb), "FA-01", "fa_tomb_opened", 5, (use,)))
    if s.void or s.month_break:
        times.append(timing(unit, b, "FA-01", "fa_filled", 5, (use,)))
        if s.void:
            times.append(timing(unit, clash_of(b), "FA-01", "fa_void_clashed", 5, (use,)))
    elif s.moving:
        times += [timing(unit, b, "FA-01", "fa_own_day", 5, (use,)),
                  timing(unit, harmony_of(b), "FA-01", "fa_combined_day", 5, (use,))]
    elif s.vigour.strong:
        times += [timing(unit, b, "FA-01", "fa_own_day", 5, (use,)),
                  timing(unit, clash_of(b), "FA-01", "fa_clash_day", 5, (use,))]
    else:
        times += [timing(unit, branch_at_stage(s.element, Stage.長生), "FA-01", "fa_birth_day", 5, (use,)),
                  timing(unit, branch_at_stage(s.element, Stage.帝旺), "FA-01", "fa_peak_day", 5, (use,))]
    return ChapterReading((), (), tuple(times))


_STAGES = {Exam.entrance: _entrance, Exam.qualifying: _qualifying, Exam.final: _final, Exam.grade: _grade,
           Exam.results: _results}
