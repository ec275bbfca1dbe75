"""增刪卜易's doctrines applied to the letter of their passages (issue 21, item 2): each rule on charts built for it
— its condition, its exceptions — and on a sweep over casts, independently of the worked cases that show it.

XK2-02 (「有日建動爻生扶者不為空」 lifts 真空), TT-01 with AD-01 (a line a moving line feeds is 旺: the day's clash
stirs it), JS-07 with 暗動 and LX-02 (the void or broken copy is the use-god), JS-17 (兄弟持世 for money fails),
LH-10 (a 局 read against the 世 and the 應), HJ-21 inside HJ-52, JS-23 for every 防患 question, HJ-32 only where the
官鬼 is a trouble, and for a 局 as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from core.chart import combinations
from core.chart.actors import acting_lines
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, DayClash, DayRelation, MonthRelation, Season, Transformation, build_chart
from core.chart.ganzhi import SEXAGENARY, Branch, Element
from core.chart.hexagram import Relation
from core.chart.relations import Stage, clashes, generates, overcomes
from core.findings import LINE_PLACES, Effect, Layer, Place
from core.question import Question, Sex, Subject, Topic
from core.reading.pipeline import Reading, read
from core.reading.step2_state import states_of
from core.reading.step2_strength import assess
from core.reading.step3_usable import Usable, usability
from core.reading.step4_places import tally
from core.reading.step5_overrides import ghost_lifted
from core.reading.verdict import Verdict

MONTHS = "寅卯辰巳午未申酉戌亥子丑"
# XK2-02 「真空即春土、夏金、秋木、三冬逢火」
TRUE_VOID = {"寅": Element.土, "卯": Element.土, "巳": Element.金, "午": Element.金, "申": Element.木, "酉": Element.木,
             "亥": Element.火, "子": Element.火}


def _cast(n: int) -> str:
    return "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))


def _charts(every: int, offset: int = 0) -> Iterator[Chart]:
    """A sweep: every ``every``-th of the 4096 casts, each on its own month and day."""
    for n in range(offset, 4096, every):
        yield build_chart(parse_cast(_cast(n)), Moment.from_pillars(MONTHS[n % 12], str(SEXAGENARY[(n * 7) % 60])))


def _find(month: str, day: str, wanted: Callable[[Chart], bool]) -> Chart:
    """A chart built for a rule: the first cast that, on this month and day, has what the passage names."""
    moment = Moment.from_pillars(month, day)
    for n in range(4096):
        chart = build_chart(parse_cast(_cast(n)), moment)
        if wanted(chart):
            return chart
    raise AssertionError(f"no cast on {month}月{day}日 has it")


def _keys(r: Reading) -> set[str]:
    assert r.decision is not None
    return {s.finding.key for s in r.decision.steps}


# ---- XK2-02: 有日建動爻生扶者不為空, also for 真空 --------------------------------------------------------------


def _true_void_season(chart: Chart, p: Place) -> bool:
    """Void, static, not clashed full, and of the element the season controls (or month-broken: 月破為空)."""
    ln = chart.lines[p.position - 1]
    st = ln.standing
    return (st.void and not ln.moving and DayRelation.日沖 not in st.day
            and (TRUE_VOID.get(chart.moment.month_branch.name) is ln.element or st.month_break))


def _fed_by_day_or_mover(chart: Chart, p: Place) -> bool:
    ln = chart.lines[p.position - 1]
    day = chart.moment.day.branch
    day_up = DayRelation.臨日 in ln.standing.day or generates(day.element, ln.element) or (
        day.element is ln.element and not clashes(day, ln.branch))
    day_up = day_up and ln.standing.stage is not Stage.墓  # a day that is its tomb entombs it (SW-04)
    # a line tied by its own change (動而化合) neither helps nor hurts until clashed (SK-08)
    movers = [a for a in acting_lines(chart) if a.place != p and Transformation.回頭合 not in a.transformations]
    return day_up or any(generates(a.element, ln.element) or a.element is ln.element for a in movers)


def test_a_true_void_line_the_day_or_a_moving_line_feeds_is_not_void() -> None:
    """XK2-02 「有日建動爻生扶者不為空」 stands before 「真空為空」: a 春土 void line that a moving 火 line generates
    waits for its fill (XK2-02 void_waits); the same line with nothing feeding it is 真空, never usable."""
    def fed(chart: Chart) -> bool:
        return any(_true_void_season(chart, LINE_PLACES[ln.position]) and ln.element is Element.土
                   and any(m.moving and m.element is Element.火 for m in chart.lines) for ln in chart.lines)

    def bare(chart: Chart) -> bool:
        return any(_true_void_season(chart, LINE_PLACES[ln.position]) and ln.element is Element.土
                   and not _fed_by_day_or_mover(chart, LINE_PLACES[ln.position]) for ln in chart.lines)

    # 寅月, 甲午旬 (辰巳 void), a 庚子 day: water neither generates nor helps earth
    for wanted, void in ((fed, False), (bare, True)):
        chart = _find("寅", "庚子", wanted)
        states = states_of(chart)
        p = next(LINE_PLACES[ln.position] for ln in chart.lines if _true_void_season(chart, LINE_PLACES[ln.position])
                 and ln.element is Element.土 and (void is not _fed_by_day_or_mover(chart, LINE_PLACES[ln.position])))
        assert states[p].true_void is void
        assert (usability(chart, states, p).rule == "XK2-02" and usability(chart, states, p).key == "true_void_never") is void


def test_true_void_sweep() -> None:
    """Over a sweep: 真空 holds exactly for a static void line of the season's controlled element (or broken) that
    neither the day nor an acting line feeds."""
    seen = {True: 0, False: 0}
    for chart in _charts(2):
        states = states_of(chart)
        for ln in chart.lines:
            p = LINE_PLACES[ln.position]
            if not _true_void_season(chart, p):
                assert not states[p].true_void
                continue
            fed = _fed_by_day_or_mover(chart, p)
            assert states[p].true_void is not fed
            if fed:  # nor does 002's 休囚之真空 (XK-05) hold among the reasons, nor make the line unusable
                a = assess(chart, p)
                assert "true_void" not in {f.key for f in a.findings}
                assert a.usable or chart.lines[p.position - 1].standing.month_break  # 月破 is its own fault
            seen[fed] += 1
    assert min(seen.values()) > 30


# ---- TT-01 with AD-01: a line a moving line feeds is 旺, the day's clash stirs it ----------------------------


def _season_strong(ln_standing: object) -> bool:
    st = ln_standing
    return (not st.month_break) and (st.season is not Season.休囚 or MonthRelation.月合 in st.month)  # type: ignore[attr-defined]


def test_the_day_clash_stirs_a_line_a_moving_line_feeds() -> None:
    """AD-01 「靜爻旺相日辰沖之為暗動，靜爻休囚日辰沖之為破」 with TT-01 「或遇日月動爻變爻生扶……皆謂之旺」: out of
    season, a static line the day clashes is 暗動 when a moving line generates or helps it (or the clashing day is of
    its element: 日…扶), 日破 otherwise; a month-broken line stays broken.  The stirred line acts."""
    seen = {"fed": 0, "broken": 0, "season": 0}
    for chart in _charts(1):
        states = states_of(chart)
        day = chart.moment.day.branch
        movers = [m for m in chart.lines if m.moving]
        for ln in chart.lines:
            st = ln.standing
            if ln.moving or not clashes(day, ln.branch) or st.void:
                continue
            p = LINE_PLACES[ln.position]
            s = states[p]
            if st.month_break:
                assert st.day_clash is DayClash.日破 and s.day_break
                continue
            if _season_strong(st):
                assert st.day_clash is DayClash.暗動
                seen["season"] += 1
                continue
            fed = day.element is ln.element or any(
                generates(m.element, ln.element) or m.element is ln.element for m in movers)
            assert (st.day_clash is DayClash.暗動) is fed
            assert s.hidden_movement is fed and s.day_break is not fed
            assert (p in {a.place for a in acting_lines(chart)}) is fed
            if fed:
                assert usability(chart, states, p).key != "day_broken_useless"
            seen["fed" if fed else "broken"] += 1
    assert min(seen.values()) > 30


def test_a_fed_line_on_its_clash_day() -> None:
    """Built for the rule: 巳月 (water 休囚), a 午 day clashes a static 子 line; a moving 申 or 酉 line (金生水)
    makes it 暗動, and without one it is 日破."""
    def with_feeder(feeds: bool) -> Callable[[Chart], bool]:
        def wanted(chart: Chart) -> bool:
            static_zi = any(not ln.moving and ln.branch is Branch.子 for ln in chart.lines)
            feeder = any(ln.moving and ln.element in (Element.金, Element.水) for ln in chart.lines)
            return static_zi and feeder is feeds and any(ln.moving for ln in chart.lines)
        return wanted

    for feeds in (True, False):
        chart = _find("巳", "甲午", with_feeder(feeds))
        states = states_of(chart)
        zi = next(ln for ln in chart.lines if not ln.moving and ln.branch is Branch.子)
        s = states[LINE_PLACES[zi.position]]
        assert s.hidden_movement is feeds and s.day_break is not feeds
    # the exception: a 午 month breaks the 子 (月破) — fed or not, the 午 day's clash leaves it broken (YP-03)
    chart = _find("午", "甲午", with_feeder(True))
    states = states_of(chart)
    zi = next(ln for ln in chart.lines if not ln.moving and ln.branch is Branch.子)
    assert zi.standing.month_break and states[LINE_PLACES[zi.position]].day_break


# ---- JS-07 with 暗動, and LX-02: the void or broken copy is the use-god ------------------------------------------


def _acts(chart: Chart, p: Place) -> bool:
    s = states_of(chart)[p]
    return s.moving or s.hidden_movement


def test_the_use_god_among_copies() -> None:
    """JS-07 「如一爻動者擇其動者為用神」 (暗動 counted as moving); else, among the acting copies (or all, when none
    acts), LX-02 「舍其不空，而用旬空，舍其不破，而用月破」: a void copy, else a broken one, is the use-god."""
    seen = {"moving": 0, "stirred": 0, "void": 0, "broken": 0, "other": 0}
    for chart in _charts(1):
        states = states_of(chart)
        copies = [LINE_PLACES[ln.position] for ln in chart.lines if ln.relation is Relation.妻財]
        if len(copies) < 2:
            continue
        r = read(chart, Question(Topic.wealth, Subject.self))
        chosen = r.use_god.place
        if chosen.layer is Layer.CHANGED:  # M-05: every copy broken or void beyond use, a change stands in
            assert all(states[p].month_break or states[p].void for p in copies)
            continue
        acting = [p for p in copies if _acts(chart, p)]
        if len(acting) == 1:
            assert chosen == acting[0]
            seen["moving" if states[chosen].moving else "stirred"] += 1
            continue
        pool = acting or copies
        void = [p for p in pool if states[p].void and not states[p].void_filled]
        broken = [p for p in pool if states[p].month_break]
        if void and len(void) < len(pool):
            assert chosen in void and "the_void_copy" in {f.key for f in r.findings if f.rule == "LX-02"}
            seen["void"] += 1
        elif broken and len(broken) < len(pool):
            assert chosen in broken and "the_broken_copy" in {f.key for f in r.findings if f.rule == "LX-02"}
            seen["broken"] += 1
        else:
            assert chosen in pool
            seen["other"] += 1
    assert min(seen.values()) > 10


def test_a_void_copy_is_read_as_the_use_god() -> None:
    """Built for LX-02: two static 妻財 copies, one void — the void one is the use-god and its state (void, waiting)
    is what the decision reads; the sound copy is not its clock, it is not read at all."""
    def wanted(chart: Chart) -> bool:
        copies = [ln for ln in chart.lines if ln.relation is Relation.妻財]
        return (len(copies) == 2 and not any(ln.moving for ln in chart.lines)
                and sum(ln.standing.void and ln.standing.day_clash is None for ln in copies) == 1)

    chart = _find("未", "庚子", wanted)  # 甲午旬: 辰巳 void
    r = read(chart, Question(Topic.wealth, Subject.self))
    void = next(LINE_PLACES[ln.position] for ln in chart.lines
                if ln.relation is Relation.妻財 and ln.standing.void)
    assert r.use_god.place == void
    assert r.decision is not None and r.decision.usability.place == void
    assert r.decision.usability.usable is not Usable.now


# ---- JS-17: 兄弟持世 for money is a failure -----------------------------------------------------------------------


def test_a_sibling_holding_the_world_fails_the_money() -> None:
    """JS-17 「若遇兄弟持世……何異緣木求魚」: for one's own money the end is 凶, and a strong 世 (HJ-07) does not take
    it back; only a 兄 on the 世 that turns into the money (HJ-34) escapes."""
    seen = {"fails": 0, "turns": 0}
    for chart in _charts(2):
        if chart.world.relation is not Relation.兄弟:
            continue
        r = read(chart, Question(Topic.wealth, Subject.self))
        wl = chart.world
        use_rel = Relation.妻財
        if wl.moving and wl.changed is not None and wl.changed.relation is use_rel:
            assert "obstacle_on_world_turns_into_use_god" in _keys(r)
            seen["turns"] += 1
            continue
        assert "sibling_holds_world" in _keys(r)
        assert r.verdict is Verdict.凶 and r.verdict_now.value <= Verdict.小凶.value
        seen["fails"] += 1
    assert seen["fails"] > 50 and seen["turns"] > 3


# ---- LH-10: the 局 against the 世 and the 應 ---------------------------------------------------------------------


# LH-10 reuses JH-03's keys for a 局 generating or overcoming a line, the 世 first among its places
_WORLD_KEYS = {"frame_generates": "frame_generates_world", "frame_overcomes": "frame_overcomes_world"}


def _frame_moves(r: Reading) -> dict[str, list[tuple[Verdict, Verdict]]]:
    assert r.decision is not None
    out: dict[str, list[tuple[Verdict, Verdict]]] = {}
    for s in r.decision.steps:
        if s.finding.rule == "LH-10" and s.finding.places[0] != LINE_PLACES[r.chart.hexagram.world]:
            out.setdefault("frame_feeds_response", []).append(s.eventual)
        elif s.finding.rule == "LH-10":
            out.setdefault(_WORLD_KEYS.get(s.finding.key, s.finding.key), []).append(s.eventual)
        elif s.finding.rule == "HJ-32" and s.finding.key == "frame_overcomes":
            out.setdefault("frame_strikes_ghost_away", []).append(s.eventual)
    return out


def test_a_frame_is_read_against_the_world() -> None:
    """LH-10 「凡得三合……用神旺者無不為吉，必要世爻在局為美，若不在於局內須要局生世爻為吉，局克世爻為凶」: the 局 the
    matter gains (of the use-god's element or of its 元神), for one's own matter — the 世 among its branches (美),
    else the 局 generating (吉) or overcoming (凶) the 世 — moves the end a step; a 局 of the 忌神 is not weighed
    against the 世; a 官鬼 on the 世 that is a trouble is struck away by a 局 (HJ-32).  Nothing is read for the
    year's harvest, which is nobody's."""
    seen: dict[str, int] = {"world_in_frame": 0, "frame_generates_world": 0, "frame_overcomes_world": 0,
                            "frame_strikes_ghost_away": 0}
    for chart in _charts(1):
        world, resp = chart.world, chart.response
        for topic in (Topic.document, Topic.wealth):  # 父母 with its 元神 官鬼; 妻財 with its 元神 子孫
            r = read(chart, Question(topic, Subject.self))
            ug = r.use_god.actor.element
            formed = [f for f in combinations.frames(chart) if f.formed
                      and (f.element is ug or generates(f.element, ug))]
            moves = _frame_moves(r)
            want: set[str] = set()
            for f in formed:
                if world.branch in f.frame.members:
                    want.add("world_in_frame")
                elif generates(f.element, world.element):
                    want.add("frame_generates_world")
                elif overcomes(f.element, world.element):
                    lifted = world.relation is Relation.官鬼
                    want.add("frame_strikes_ghost_away" if lifted else "frame_overcomes_world")
                if topic is Topic.wealth and f.relation is Relation.妻財 and generates(f.element, resp.element) \
                        and world.branch not in f.frame.members and not generates(f.element, world.element):
                    want.add("frame_feeds_response")
            if r.use_god.place == LINE_PLACES[world.position]:  # what the 局 does to a use-god was counted already
                want &= {"world_in_frame", "frame_feeds_response"}
            assert set(moves) == want, (set(moves), want)
            for key, steps in moves.items():
                for before, after in steps:
                    if key in ("frame_overcomes_world", "frame_feeds_response"):
                        assert after.value <= before.value
                    else:
                        assert after.value >= before.value
                if key in seen:
                    seen[key] += 1
        assert not _frame_moves(read(chart, Question(Topic.year)))
    assert min(seen.values()) > 3, seen


def test_a_money_frame_that_feeds_the_other_party() -> None:
    """LH-10 「如占財，財局生世利於我財，局生應利於他」: for money only."""
    seen = 0
    for chart in _charts(1):
        world, resp = chart.world, chart.response
        feeds = [f for f in combinations.frames(chart) if f.formed and f.relation is Relation.妻財
                 and f.element is read(chart, Question(Topic.wealth, Subject.self)).use_god.actor.element
                 and generates(f.element, resp.element) and world.branch not in f.frame.members
                 and not generates(f.element, world.element)]
        money = read(chart, Question(Topic.wealth, Subject.self))
        assert ("frame_feeds_response" in _frame_moves(money)) is bool(feeds)
        if feeds:
            assert "frame_feeds_response" not in _frame_moves(read(chart, Question(Topic.lifetime, Subject.self)))
            seen += 1
    assert seen > 3


# ---- HJ-21 inside HJ-52 -------------------------------------------------------------------------------------------


def test_a_use_god_feeding_the_world_forgets_to_strike_it() -> None:
    """HJ-21 「申金貪水之生，不來克木」 holds inside HJ-52: a use-god that overcomes the 世 while it generates a moving
    line that generates the 世 feeds it instead — no 「財爻克世者必得」, no 「官鬼克世，非灾即祸」."""
    seen = {"distracted": 0, "strikes": 0}
    for chart in _charts(1):
        states = states_of(chart)
        for topic in (Topic.wealth, Topic.career):
            r = read(chart, Question(topic, Subject.self, Sex.male))
            use = states[r.use_god.place]
            world = states[LINE_PLACES[chart.hexagram.world]]
            if r.use_god.place.layer is not Layer.LINE or use.place == world.place or r.co_use_god is None:
                continue
            if not (use.acts and overcomes(use.element, world.element)):
                continue
            feeder = any(ln.moving and LINE_PLACES[ln.position] not in (use.place, world.place)
                         and generates(use.element, ln.element) and generates(ln.element, world.element)
                         for ln in chart.lines) and use.moving
            keys = _keys(r)
            distracted = any(s.finding.rule == "HJ-21" and s.finding.key == "party_cannot_act"
                             for s in r.decision.steps) if r.decision is not None else False
            assert distracted is feeder
            if feeder:
                assert not keys & {"use_god_comes_to_world", "office_strikes_world"}
                seen["distracted"] += 1
            elif topic is Topic.wealth:
                assert "use_god_comes_to_world" in keys
                seen["strikes"] += 1
    assert min(seen.values()) > 5, seen


# ---- JS-23 for every 防患 question; HJ-32 only where the 官鬼 is a trouble --------------------------------------


def test_a_moving_child_guards_every_danger_question() -> None:
    """JS-23 「但得子孫持世及子孫動於卦中……即使身坐虎口，管許安如泰山」: a 子孫 acting anywhere guards a 防患
    question whoever it is about (the end at least 吉 unless the use-god can never act, or a grave sign came
    first); a question about a parent with no 子孫 acting has no such step."""
    seen = {True: 0, False: 0}
    for chart in _charts(2):
        guards = any(a.relation is Relation.子孫 for a in acting_lines(chart))
        r = read(chart, Question(Topic.danger, Subject.parent))
        assert r.decision is not None
        step = next((s for s in r.decision.steps if s.finding.key == "guarded_safe"), None)
        assert (step is not None) is guards
        if step is not None:
            before, after = step.eventual
            sealed = before is Verdict.凶 and (r.decision.usability.usable is Usable.never or any(
                m.eventual == "=凶" for m in r.decision.moves[:r.decision.moves.index(
                    next(m for m in r.decision.moves if m.key == "guarded_safe"))]))
            assert after is before if sealed else after.value >= Verdict.吉.value
            assert step.now[1].value >= min(step.now[0].value, Verdict.小吉.value) or sealed
        seen[guards] += 1
    assert min(seen.values()) > 50


def test_the_worlds_own_signs_guard_ones_own_safety() -> None:
    """JS-23 for one's own safety: 子孫 on the 世, the 世 turning into 子孫 or 回頭生, a moving 官鬼 generating it."""
    seen = 0
    for chart in _charts(2):
        if any(a.relation is Relation.子孫 for a in acting_lines(chart)):
            continue
        wl = chart.world
        signs = (wl.relation is Relation.子孫
                 or (wl.moving and wl.changed is not None and (wl.changed.relation is Relation.子孫
                                                               or Transformation.回頭生 in wl.transformations))
                 or any(ln.moving and ln.relation is Relation.官鬼 and generates(ln.element, wl.element)
                        for ln in chart.lines))
        r = read(chart, Question(Topic.danger, Subject.self))
        assert ("guarded_safe" in _keys(r)) is signs
        assert "guarded_safe" not in _keys(read(chart, Question(Topic.danger, Subject.parent)))
        seen += signs
    assert seen > 30


def test_a_husband_on_a_womans_world_is_not_a_ghost_to_strike() -> None:
    """HJ-32 「獨官鬼持世者，若非職役之人，最宜日月動爻相沖克，反為吉矣」 lifts a 官鬼 that is a trouble, never one
    that is the matter itself: a woman asking about her marriage, her husband's 官鬼 on her 世, reads what strikes
    him as striking him; a woman asking about her own affairs (the 世 her use-god) has the ghost struck away."""
    seen = {"husband": 0, "affair": 0}
    for chart in _charts(1):
        states = states_of(chart)
        if chart.world.relation is not Relation.官鬼:
            continue
        wp = LINE_PLACES[chart.hexagram.world]
        marriage = read(chart, Question(Topic.marriage, Subject.self, Sex.female))
        if marriage.use_god.place == wp:
            assert marriage.decision is not None and marriage.decision.tally.rule == "JS-06"
            assert not _keys(marriage) & {"ghost_on_world_struck_away", "places_ghost_struck_away"}
            assert "ghost_holds_world" not in {f.key for f in marriage.findings}
            assert not ghost_lifted(chart, marriage.question, states[wp])
            seen["husband"] += 1
        affair = read(chart, Question(Topic.other, Subject.self, Sex.female))
        assert affair.use_god.place == wp and ghost_lifted(chart, affair.question, states[wp])
        seen["affair"] += 1
    assert min(seen.values()) > 20


def test_a_frame_striking_a_lifted_ghost_strikes_it_away() -> None:
    """HJ-32 holds for a 局 as for a line: in the four places a 局 that overcomes a lifted 官鬼 use-god on the 世 is
    a relief, and the count is HJ-32's; the same 局 on a ghost that is the matter stays an attack."""
    seen = 0
    for chart in _charts(3):
        states = states_of(chart)
        if chart.world.relation is not Relation.官鬼:
            continue
        wp = LINE_PLACES[chart.hexagram.world]
        use = states[wp]
        movers = frozenset(LINE_PLACES[ln.position] for ln in chart.lines if ln.moving and ln.position != wp.position)
        if not movers:
            continue
        lifted = tally(chart, states, use, movers, Effect.BAD, ghost_lifted=True)
        plain = tally(chart, states, use, movers, Effect.BAD, ghost_lifted=False)
        frame_lifted = next(p for p in lifted.parties if p.frame)
        frame_plain = next(p for p in plain.parties if p.frame)
        assert frame_lifted.supports and not frame_plain.supports
        assert lifted.rule == "HJ-32" and plain.rule == "JS-06"
        seen += 1
    assert seen > 20


def test_a_world_turning_into_the_ghost_is_harm_already_come() -> None:
    """JS-23's exception 「世動化鬼……禍已及身，避之不及」: for one's own safety a 世 that moves into a 官鬼 ends 凶,
    whatever guards it; asked for a parent, the querent's 世 is not the one at risk."""
    seen = 0
    for chart in _charts(1):
        wl = chart.world
        turns = wl.moving and wl.changed is not None and wl.changed.relation is Relation.官鬼 \
            and wl.relation is not Relation.官鬼
        r = read(chart, Question(Topic.danger, Subject.self))
        assert r.decision is not None
        step = next((s for s in r.decision.steps if s.finding.rule == "JS-23"
                     and s.finding.key == "changes_into_ghost"), None)
        assert (step is not None) is turns
        if turns:
            assert r.verdict is Verdict.凶
            other = read(chart, Question(Topic.danger, Subject.parent))
            assert not any(s.finding.rule == "JS-23" and s.finding.key == "changes_into_ghost"
                           for s in other.decision.steps) if other.decision is not None else True
            seen += 1
    assert seen > 30
