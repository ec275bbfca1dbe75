"""The decision rules read off 增刪卜易's own reasoning (HJ-52, JS-24, JT-02/03/04, LH-04, XK2-05, SW-04, JS-12,
JS-10, SW-05 with HJ-47), each checked over a sweep of casts against what its passage says, independently of the
worked cases that show it."""

from __future__ import annotations

from collections.abc import Iterator

from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, DayClash, Transformation, build_chart
from core.chart.ganzhi import SEXAGENARY, Branch
from core.chart.hexagram import Relation
from core.chart.relations import Stage, clashes, stage
from core.findings import Layer, Place
from core.question import Illness, Question, Sex, Subject, Topic
from core.reading.pipeline import Reading, read
from core.reading.step2_state import states_of
from core.reading.step3_usable import Usable, usability
from core.reading.verdict import Verdict

MONTHS = "寅卯辰巳午未申酉戌亥子丑"


def _charts(every: int) -> Iterator[Chart]:
    for n in range(0, 4096, every):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        yield build_chart(parse_cast(lines), Moment.from_pillars(MONTHS[n % 12], str(SEXAGENARY[(n * 7) % 60])))


def _keys(r: Reading) -> set[str]:
    assert r.decision is not None
    return {s.finding.key for s in r.decision.steps}


def test_an_officer_ghost_striking_the_world_is_calamity_for_office() -> None:
    """HJ-52 「若占功名，官鬼克世，非灾即祸」: the acting (moving or 暗動) 官鬼 use-god overcoming the 世 ends badly,
    whatever else —
    unless it feeds a moving line that feeds the 世 and so forgets to strike it (HJ-21 貪生忘克, which holds inside
    HJ-52 too: tests/test_doctrine_letter.py)."""
    seen = 0
    for chart in _charts(5):
        states = states_of(chart)
        r = read(chart, Question(Topic.career, Subject.self))
        use = states[r.use_god.place]
        world = chart.world
        feeds = any(ln.moving and ln.position not in (r.use_god.place.position, world.position)
                    and use.element.generates is ln.element and ln.element.generates is world.element
                    for ln in chart.lines)
        if (r.use_god.place.layer is Layer.LINE and use.acts and r.use_god.place.position != world.position
                and use.element.overcomes is world.element and not (feeds and use.moving)):
            assert "office_strikes_world" in _keys(r) and r.verdict is Verdict.凶
            seen += 1
        else:
            assert "office_strikes_world" not in _keys(r)
    assert seen > 20


def test_a_strong_favoured_use_god_heals_a_long_illness_despite_the_clash() -> None:
    """JS-24 「不拘病之远近，立许全安」 before JS-26's six-clash: the clash caps only a use-god that is weak or
    that the four places do not favour."""
    seen = {"JS-24": 0, "JS-26": 0}
    for chart in _charts(3):
        states = states_of(chart)
        clash = chart.hexagram.six_clash or (chart.changed is not None and chart.changed.six_clash)
        if not clash:
            continue
        r = read(chart, Question(Topic.illness, Subject.parent, illness=Illness.long))
        d = r.decision
        assert d is not None
        use = states[r.use_god.place]
        keys = _keys(r)
        t = chart.lines[r.use_god.place.position - 1].transformations if r.use_god.place.layer is Layer.LINE else ()
        if use.void or use.month_break or Transformation.化空 in t or Transformation.化破 in t:
            continue  # JS-26's void and broken signs come first
        favoured = use.vigour.strong and d.tally.verdict.side > 0
        assert ("strong_use_god_heals_either_illness" in keys) is favoured
        assert ("long_illness_clash" in keys) is (not favoured)
        seen["JS-24" if favoured else "JS-26"] += 1
    assert min(seen.values()) > 10


def test_a_use_god_retreating_in_a_long_illness_is_the_life_ebbing() -> None:
    """乾之夬 「虽化退神，非病退也，乃精神命脉渐渐消枯之象也」: in a long illness a use-god 化退 ends in 凶; a recent one
    is not read so."""
    seen = 0
    for chart in _charts(3):
        long = read(chart, Question(Topic.illness, Subject.parent, illness=Illness.long))
        p = long.use_god.place
        if p.layer is not Layer.LINE or Transformation.化退神 not in chart.lines[p.position - 1].transformations:
            continue
        assert "life_ebbs_in_long_illness" in _keys(long) and long.verdict is Verdict.凶
        recent = read(chart, Question(Topic.illness, Subject.parent, illness=Illness.recent))
        assert "life_ebbs_in_long_illness" not in _keys(recent)
        seen += 1
    assert seen > 10


def test_an_obstacle_that_advances_harms_more() -> None:
    """JT-02 「所忌者宜化退神」, 临之泰 「兄动化进，神灵莫救」: a striking party that 化進 lowers the end one step, and
    a striking party that 化退 is left out (雖有被阻而無力)."""
    seen = 0
    for chart in _charts(3):
        r = read(chart, Question(Topic.wealth, Subject.self))
        d = r.decision
        assert d is not None
        advancing = [p for p in d.tally.parties if not p.supports and p.place.layer is Layer.LINE
                     and Transformation.化進神 in chart.lines[p.place.position - 1].transformations]
        steps = [s for s in d.steps if s.finding.key == "obstacle_advances"]
        assert bool(steps) is bool(advancing)
        for s in steps:
            assert s.eventual[1] is s.eventual[0].moved(-1)
            seen += 1
    assert seen > 20


def test_a_tied_traveller_does_not_set_out() -> None:
    """LH-04 「夫应不去者，世动而逢合也」: going out, with the moving use-god tied by the day or the month, ends ≤ 小凶
    (nothing after the tie in the order of the decision lifts it)."""
    seen = 0
    for chart in _charts(3):
        states = states_of(chart)
        r = read(chart, Question(Topic.travel, Subject.self))
        if not states[r.use_god.place].tied:
            assert "traveller_tied" not in _keys(r)
            continue
        assert "traveller_tied" in _keys(r)
        seen += 1
    assert seen > 10


def test_a_broken_change_waits_for_the_next_month() -> None:
    """XK2-05 「出月而不为破」: a changed line the month breaks acts later, never 'never' for the 破 alone."""
    seen = 0
    for chart in _charts(2):
        states = states_of(chart)
        for ln in chart.lines:
            if not ln.moving or ln.changed is None:
                continue
            p = Place(Layer.CHANGED, ln.position)
            if states[p].month_break:
                u = usability(chart, states, p)
                assert (u.usable, u.rule) == (Usable.later, "XK2-05")
                seen += 1
    assert seen > 100


def test_a_day_that_is_the_tomb_entombs_rather_than_generates() -> None:
    """SW-04 「金爻虽墓于丑土，若得未土冲动，或卦中土多生金，论生不论墓也」: a 金 line on a 丑 day is supported by the
    day only when a moving 未 or the month clashes the 丑, or earth moves twice over — a static 未 the 丑 day stirs
    does not clash the day open (HJ-30 「卦爻不能刑沖克害日月」)."""
    seen = {True: 0, False: 0}
    for chart in _charts(1):
        states = states_of(chart)
        if chart.moment.day.branch is not Branch.丑:
            continue
        acting = [ln for ln in chart.lines if ln.moving or ln.standing.day_clash is DayClash.暗動]
        opened = clashes(chart.moment.month_branch, Branch.丑) or any(ln.branch is Branch.未 and ln.moving
                                                                     for ln in acting) \
            or sum(ln.element.name == "土" for ln in acting) + sum(
                ln.moving and ln.changed is not None and ln.changed.element.name == "土" for ln in acting) >= 2
        for ln in chart.lines:
            if ln.moving or ln.element.name != "金" or stage(ln.element, Branch.丑) is not Stage.墓:
                continue
            s = states[Place(Layer.LINE, ln.position)]
            assert (Place(Layer.DAY) in s.supports) is opened
            seen[opened] += 1
    assert min(seen.values()) > 20


def test_child_holding_the_world_fails_the_office() -> None:
    """JS-16 「倘遇子孙持世……悉如水中捞月」: for one's own office the end is at most 小凶."""
    seen = 0
    for chart in _charts(5):
        if chart.world.relation is not Relation.子孫:
            continue
        r = read(chart, Question(Topic.career, Subject.self, Sex.male))
        step = next(s for s in r.decision.steps if s.finding.key == "child_holds_world_office") if r.decision else None
        assert step is not None and step.eventual[1].value <= Verdict.小凶.value
        seen += 1
    assert seen > 50


def test_a_broken_world_leaves_nothing_to_do_unless_the_use_god_moves() -> None:
    """JS-12 with 卷首's 「世爻逢月破…百無所為」: for one's own office a static, unsupported 世 the month breaks ends
    the matter badly when the use-god is static (晉: 「世爻破而入墓，官星兩現，皆空破」), and costs one step when the
    use-god moves (恆之大過: 「幸五爻官化進神乃再任之官也」); HJ-07 does not count the same 世 a second time."""
    seen = {True: 0, False: 0}
    for chart in _charts(2):
        states = states_of(chart)
        r = read(chart, Question(Topic.career, Subject.self))
        world = states[Place(Layer.LINE, chart.hexagram.world)]
        if r.co_use_god is None or not (world.month_break and not world.moving and world.vigour.name == "失陷"):
            continue
        assert r.decision is not None
        step = next(s for s in r.decision.steps if s.finding.key == "world_broken")
        assert "world_weak" not in _keys(r) and "world_strong" not in _keys(r)
        moving = states[r.use_god.place].moving
        before, after = step.eventual
        assert after is (before.moved(-1) if moving else Verdict.凶)
        if not moving:
            assert r.verdict is Verdict.凶
        seen[moving] += 1
    assert seen[True] > 5 and seen[False] > 5


def test_a_teacher_is_read_on_the_response_line() -> None:
    """JS-10 「占他人者以應爻為用神」 (嚴師訓子: 「以應為用神…應臨戌父」): the 應 is read with the 父母 use-god, and
    the 世's overrides, which belong to one's own matter, stay out."""
    seen = 0
    for chart in _charts(9):
        r = read(chart, Question(Topic.teacher, Subject.other))
        response = Place(Layer.LINE, chart.hexagram.response)
        if r.use_god.place == response:
            assert r.co_use_god is None
            continue
        assert r.co_use_god is not None and (r.co_use_god.place, r.co_use_god.rule) == (response, "JS-10")
        assert not _keys(r) & {"world_broken", "world_weak", "world_strong", "world_turns_overcoming"}
        seen += 1
    assert seen > 300


def test_the_sky_a_moving_line_turns_into_decides_the_weather() -> None:
    """天時 reads what moves (SW-05): with no 父母 or 子孫 acting, the 父母 or 子孫 a moving line turns into is the sky
    that comes — rain for 父母, sun for 子孫 — unless it stands on the month and the day: then, 「用爻重疊，逢墓庫以
    收藏」 (HJ-47, 升之恆), it is stored in its tomb and the other sky comes."""
    from core.chart.actors import acting_lines
    from core.question import Weather

    sky = (Relation.父母, Relation.子孫)
    seen = {"asked": 0, "opposite": 0, "stored": 0}
    for n in range(0, 4096, 3):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        month = MONTHS[(n // 3) % 12]
        same = [d for d in SEXAGENARY if d.branch.name == month]  # every other cast on a day of the month's branch
        day = str(same[n % 5] if n % 2 else SEXAGENARY[(n * 7) % 60])
        chart = build_chart(parse_cast(lines), Moment.from_pillars(month, day))
        states = states_of(chart)
        if any(a.relation in sky for a in acting_lines(chart)):
            continue
        turns = [ln for ln in chart.lines if ln.moving and ln.changed is not None and ln.changed.relation in sky]
        if not turns or {ln.changed.relation for ln in turns} == set(sky):
            continue  # both skies turned into: each comes at its own time (天時章 TS-39, TS-40)
        place = Place(Layer.CHANGED, turns[0].position)
        for weather, wished in ((Weather.rain, Relation.父母), (Weather.clear, Relation.子孫)):
            if weather is Weather.clear and any(a.relation is Relation.妻財 for a in acting_lines(chart)):
                continue  # 天時章 TS-05/TS-39: a moving 財 brings fair weather, at its own time beside the rain
            r = read(chart, Question(Topic.weather, weather=weather))
            if r.use_god.place == place:
                continue
            assert r.co_use_god is not None and r.co_use_god.place == place
            if turns[0].changed.relation is wished:
                assert r.verdict is Verdict.吉
                seen["asked"] += 1
            elif states[place].too_strong:
                assert r.verdict is Verdict.吉 and "weather_opposite_stored" in _keys(r)
                seen["stored"] += 1
            else:
                assert r.verdict is Verdict.凶
                seen["opposite"] += 1
    assert seen["stored"] >= 5 and seen["asked"] > 20 and seen["opposite"] > 20
