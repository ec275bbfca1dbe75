"""The reading against the seeds' worked divinations (golden_cases.json, kind "case"), case by case, as tests of
what the author explains: the engine picks the author's use-god line and finds the reasons he gives (as rule ids).
Whether its moments and verdict agree with his is printed by ``python -m tests.zsby`` (seen), never asserted: the
rules behind them are tested on charts built for them.  Where the text itself is inconsistent (notes §14), the case
table (tests/readings.py) says so in a comment instead of bending the engine to one case.
"""

from __future__ import annotations

import pytest

from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, build_chart
from core.chart.ganzhi import Branch
from core.findings import Layer, Place, Unit
from core.question import Question, Sex, Subject, Topic
from core.reading import step7_when
from core.reading.pipeline import Reading, analyse
from core.reading.step2_state import State
from tests.readings import CASES, GOLDEN, seed_reading


@pytest.fixture(scope="module")
def readings() -> dict[str, Reading]:
    return {cid: seed_reading(cid) for cid in CASES}


def test_every_case_is_covered() -> None:
    assert set(CASES) == {cid for cid, c in GOLDEN.items() if c["kind"] == "case"}


# Z002-04 (辰月戊申日, 占父病): the author takes the 旺 辰 copy (「當擇其旺者而用之」, 002's YS-08, the 古法 of 兩現章)
# over the 月破 戌 on the 世; 兩現章's own verification 「舍其不破，而用月破」 (LX-02, 增刪卜易 L1177) makes the broken
# copy the use-god.  The passage is the specification, the case an example: it stays pinned here as a known
# divergence, strict, so that a change of either is seen.
_LX02_OVER_YS08 = pytest.mark.xfail(strict=False, reason="LX-02 (L1177) takes the 月破 copy where the case takes the 旺")


def _cases(*diverging: str) -> list[object]:
    return [pytest.param(cid, marks=_LX02_OVER_YS08) if cid in diverging else cid for cid in sorted(CASES)]


@pytest.mark.parametrize("cid", _cases("Z002-04"))
def test_use_god_is_the_authors(cid: str, readings: dict[str, Reading]) -> None:
    r = readings[cid]
    assert r.use_god.place == CASES[cid][1]
    assert r.use_god.actor.branch.name == GOLDEN[cid]["use_god"]["branch"].split()[0]


@pytest.mark.parametrize("cid", _cases("Z002-04"))
def test_reasons_are_the_authors(cid: str, readings: dict[str, Reading]) -> None:
    missing = CASES[cid][2] - readings[cid].rules
    assert not missing, f"{cid}: the author's reasons {sorted(missing)} not found"


def test_findings_ranked_and_traced(readings: dict[str, Reading]) -> None:
    for r in readings.values():
        weights = [f.weight for f in r.findings]
        assert weights == sorted(weights, reverse=True)
        for f in r.findings:
            assert f.source.seed in ("000", "001", "002", "zsby", "zsbyt") and f.source.line >= 1
        if r.timing:  # the most likely first, named so; the others after it in date order
            assert r.timing[0].likely and r.timing[0].weight == max(t.weight for t in r.timing)
            assert not any(t.likely for t in r.timing[1:])
            m = r.chart.moment
            ahead = [step7_when.ahead(m, t.all_units[0], t.branch, t.stem if t.all_units[0] is Unit.DAY else None)
                     for t in r.timing[1:]]
            assert ahead == sorted(ahead)


# ---- properties over many casts -----------------------------------------------------------------------

def _all_readings(topic: Topic, subject: Subject, every: int = 7) -> list[Reading]:
    out = []
    for n in range(0, 4096, every):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        moment = Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12], "甲子乙丑丙寅丁卯戊辰己巳庚午辛未壬申癸酉"[2 * (n % 10):2 * (n % 10) + 2])
        out.append(analyse(build_chart(parse_cast(lines), moment), Question(topic, subject, Sex.male)))
    return out


def test_readings_never_contradict_their_chart() -> None:
    for r in _all_readings(Topic.wealth, Subject.self) + _all_readings(Topic.illness, Subject.parent, 13):
        for f in r.findings:
            if f.key in ("turns_generating", "turns_overcoming", "advances", "retreats", "changes_to_void"):
                assert any(p.layer is Layer.CHANGED for p in f.places)
        if r.use_god.place.layer is Layer.LINE and not r.use_god.actor.moving:
            assert not any(f.rule in ("DB-04", "DB-05", "DB-06") and f.places[0] == r.use_god.place
                           for f in r.findings), "a static line is never 化 anything"
        st = r.use_god.actor.standing
        if st is not None and st.void and not any(f.key == "void_clash_fills" for f in r.findings):
            assert any({"T-02", "YQ-08"} & set(t.rules) and t.branch is r.use_god.actor.branch for t in r.timing), \
                "a void use-god always yields an 出空 timing"


def test_timing_dates_follow_the_cast() -> None:
    chart = build_chart(parse_cast("777978"), Moment.parse("2026-11-29 10:00", "Asia/Seoul"))
    r = analyse(chart, Question(Topic.wealth, Subject.self))
    for t in r.timing:  # a near matter: three days, one when it names its stem (an 出空 day), the next month
        assert [len(ds) for ds in t.unit_dates] == [1 if u is Unit.MONTH or t.stem is not None else 3
                                                    for u in t.units]
        assert t.dates == t.unit_dates[0] and set(t.units) <= {Unit.DAY, Unit.MONTH}
        for d in t.dates:
            day = d.date() if hasattr(d, "date") else d
            assert day.isoformat() > "2026-11-28"
        if t.unit is Unit.DAY:
            from core.chart.calendar import day_pillar_of_date

            assert all(day_pillar_of_date(d).branch is t.branch for d in t.dates)


# ---- the decision in the book's order: properties over many casts -------------------------------------

def _decided(every: int = 11) -> list[Reading]:
    from core.reading.pipeline import read

    out = []
    for topic, subject in ((Topic.wealth, Subject.self), (Topic.illness, Subject.parent), (Topic.career, Subject.self),
                           (Topic.lawsuit, Subject.sibling), (Topic.returning, Subject.child)):
        for n in range(0, 4096, every):
            lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
            moment = Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12],
                                         str(__import__("core.chart.ganzhi", fromlist=["x"]).SEXAGENARY[(n * 7) % 60]))
            out.append(read(build_chart(parse_cast(lines), moment), Question(topic, subject, Sex.male)))
    return out


def test_amplifiers_never_flip_the_verdict() -> None:
    """Removing any of the amplifiers (stars, 刑, 六神), or all of them, leaves each answer on its side."""
    from core.reading.decision import decide

    seen = 0
    for r in _decided():
        d = r.decision
        assert d is not None
        base = decide(d.usability, d.tally, d.moves, ())
        for amps in [d.amplifiers[:i] + d.amplifiers[i + 1:] for i in range(len(d.amplifiers))]:
            alt = decide(d.usability, d.tally, d.moves, amps)
            assert alt.verdict.side == base.verdict.side == d.verdict.side
            assert alt.verdict_now.side == base.verdict_now.side == d.verdict_now.side
        seen += bool(d.amplifiers) and (base.verdict is not d.verdict or base.verdict_now is not d.verdict_now)
    assert seen > 50, "amplifiers deepen some verdicts"


def test_a_party_that_cannot_act_changes_nothing() -> None:
    """A line left out of the four places (雖有如無, or acting only later) does not enter the present count, and
    the count is the same as over the parties that act."""
    from core.reading.step2_state import states_of
    from core.reading.step4_places import _count

    idle_seen = 0
    for r in _decided(13):
        states = states_of(r.chart)
        d = r.decision
        assert d is not None
        t = d.tally
        never = {p for p, _ in t.idle} - {p.place for p in t.parties}
        assert not never & {p.place for p in t.parties}
        use = states[r.use_god.place]
        now, key_now = _count([p for p in t.parties if not p.later], use)
        eventual, key = _count([p for p in t.parties if not p.passing], use)
        assert (now, eventual) == (t.verdict_now, t.verdict)
        assert t.rule == "HJ-32" or (key_now, key) == (t.key_now, t.key)
        idle_seen += bool(never)
    assert idle_seen > 20


def _timed_by_state(chart: Chart, s: State) -> dict[str, tuple[bool, set[Branch]]]:
    """Each 應期 rule of the line's own state → (whether the line is in that state, the branches it may name):
    §0.3 step 5 of the doctrine rules and the chapters of 旬空, 月破, 墓, 化 and 伏吟."""
    from core.chart.chart import Transformation as T
    from core.chart.relations import Stage, branch_at_stage, clash_of, harmony_of
    from core.reading.step2_state import Vigour

    b, el = s.branch, s.element
    ln = chart.lines[s.place.position - 1] if s.place.layer is Layer.LINE else None
    changed = ln.changed if ln is not None and ln.moving else None
    t = ln.transformations if ln is not None and changed is not None else ()
    c = changed.branch if changed is not None else None
    moving = c is not None
    weak = s.vigour in (Vigour.休囚, Vigour.失陷) or s.cut
    none: set[Branch] = set()
    return {
        "YQ-01": (not s.moving and not s.hidden_movement, {b, clash_of(b)}),
        "YQ-02": (s.moving or s.hidden_movement, {b, harmony_of(b)}),
        "YQ-03": (s.too_strong, {branch_at_stage(el, Stage.墓), clash_of(b)}),
        "YQ-04": (weak, {g for g in Branch if g.element.generates is el} | {branch_at_stage(el, Stage.帝旺)}),
        "YQ-05": (s.tomb is not None and not s.tomb_broken and s.vigour.strong,
                  {clash_of(s.tomb)} if s.tomb is not None else none),
        "YQ-06": (s.tied or s.raised, {clash_of(b)}),
        "YQ-07": (s.month_break, {b, harmony_of(b)}),
        "YQ-08": (s.void and not s.void_filled, {b, clash_of(b)}),
        "XK2-08": (s.void_filled, {clash_of(b)}),
        "YP-04": (s.month_break and s.moving, {b}),
        "SW-06": (s.place.layer is not Layer.CHANGED, {branch_at_stage(el, Stage.帝旺)}),
        "YQ-12": (T.化進神 in t, {b, harmony_of(b)}),
        "YQ-13": (T.化退神 in t and c is not None, {c, clash_of(c)} if c is not None else none),
        "HJ-14": (T.化空 in t and c is not None, {c, clash_of(c)} if c is not None else none),
        "FS-10": (T.回頭克 in t, {c} if c is not None else none),
        "HJ-38": (T.化墓 in t and s.vigour.strong and c is not None, {clash_of(c)} if c is not None else none),
        "FF-04": (T.伏吟 in t, {clash_of(b)}),
        "YQ-15": (moving, {b, c} if c is not None else none),
    }


# the rules that time a blow (YQ-10 須防, HJ-35 遭害, FS-10, JT-03, HJ-18) and a relief (YQ-09 須待…則吉, HJ-32)
_BLOWS = frozenset(("YQ-10", "HJ-35", "FS-10", "JT-03", "HJ-18"))


def test_every_timing_follows_from_the_state_of_its_line() -> None:
    """Every entry whose leading rule reads the line's own state names a branch that state gives, and says the
    sense its rule gives: a blow is unfavourable, a relief favourable, the line's own moment follows the verdict."""
    from core.chart.relations import clash_of
    from core.reading.step2_state import states_of

    checked = 0
    for r in _decided(17):
        states = states_of(r.chart)
        for t in r.timing:
            if t.rule in _BLOWS:
                assert t.favourable is False, (t.rule, t.key)
            elif t.rule in ("YQ-09", "HJ-32"):
                assert t.favourable is True, (t.rule, t.key)
            if t.key in ("helper_out_of_void", "helper_void_clashed", "helper_break_filled"):  # a 元神's own state: moving, and void or broken (HJ-14, YP-03)
                h = states[t.places[-1]]
                assert h.moving and t.favourable is True and len(t.places) == 2, t
                assert (h.void and t.branch in (h.branch, clash_of(h.branch))) or (h.month_break
                                                                                   and t.branch is h.branch), t
                continue
            if not t.places or t.rule not in _RULES_OF_STATE:
                continue
            s = states[t.places[0]]
            holds, branches = _timed_by_state(r.chart, s)[t.rule]
            assert holds and t.branch in branches, (t.rule, t.key, t.branch, s)
            if t.key in _OWN_MOMENTS:
                assert t.favourable is (None if r.verdict.side == 0 else r.verdict.side > 0), (t.rule, t.key)
            checked += 1
    assert checked > 1000


def test_a_ghost_struck_off_the_world_lifts_on_the_day_that_combines_its_striker() -> None:
    """HJ-32 萃之比: 「亥水子孫獨發，克去世爻之鬼，應在明日寅日，寅與亥合，合起子孫之日」 — in a danger to oneself
    with a 官鬼 on the 世 (not an illness, where the 官鬼 is the trouble itself), each moving line that strikes it
    gives the day that combines it, a good moment."""
    from core.chart.relations import harmony_of
    from core.reading.pipeline import read
    from core.reading.step2_state import states_of

    seen = 0
    for n in range(0, 4096, 5):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        moment = Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12], "癸丑")
        r = read(build_chart(parse_cast(lines), moment), Question(Topic.danger, Subject.self, Sex.male))
        states = states_of(r.chart)
        d = r.decision
        assert d is not None
        lifters = {p.place for p in d.tally.parties if d.tally.rule == "HJ-32" and p.place.layer is Layer.LINE
                   and r.chart.lines[p.place.position - 1].moving
                   and p.place in states[r.use_god.place].attacks}
        assert {t.places[-1] for t in r.timing if t.rule == "HJ-32"} <= lifters
        for t in r.timing:
            if t.rule == "HJ-32":
                assert t.favourable is True
                assert t.branch is harmony_of(r.chart.lines[t.places[-1].position - 1].branch)
        seen += bool(lifters)
        assert all(any("HJ-32" in t.rules and t.branch is harmony_of(r.chart.lines[p.position - 1].branch)
                       for t in r.timing) for p in lifters)
    assert seen > 10


_RULES_OF_STATE = frozenset(("YQ-01", "YQ-02", "YQ-03", "YQ-04", "YQ-05", "YQ-06", "YQ-07", "YQ-08", "XK2-08",
                             "YP-04", "SW-06", "YQ-12", "YQ-13", "HJ-14", "FS-10", "HJ-38", "FF-04", "YQ-15"))
# the keys that bring the outcome itself (their sense is the verdict's)
_OWN_MOMENTS = frozenset(("static_own", "static_clashed", "moving_own", "moving_combined", "void_filled",
                          "void_clashed", "break_filled", "break_combined", "at_peak", "changed_branch"))


def test_an_unasked_horizon_adds_months_to_a_near_matter_and_nothing_to_a_far_one() -> None:
    """YQ-16 遠事定之以年月，近事應之於日時 … 占近應遠: when nobody says how far ahead, a near matter's moments may
    also come in months (each branch one moment, its month below its day), never years; a far matter stays in
    months and years; an asked near matter is told in days alone."""
    from core.question import Horizon, horizon_of
    from core.reading.pipeline import read

    added = 0
    for n in range(0, 4096, 9):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        chart = build_chart(parse_cast(lines), Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12], "丙午"))
        for topic in (Topic.wealth, Topic.career):
            unasked = read(chart, Question(topic, Subject.self))
            default = horizon_of(unasked.question)
            asked = read(chart, Question(topic, Subject.self, horizon=default))
            if default is Horizon.far:
                assert {u for t in unasked.timing for u in t.all_units} <= {Unit.MONTH, Unit.YEAR}
                assert unasked.timing == asked.timing
                continue
            assert all(t.all_units == (Unit.DAY,) for t in asked.timing)
            assert all(t.unit is not Unit.YEAR and Unit.YEAR not in t.all_units for t in unasked.timing)
            assert {t.branch for t in asked.timing} <= {t.branch for t in unasked.timing}
            added += any(t.all_units == (Unit.MONTH,) for t in unasked.timing)
    assert added > 5  # the months were added somewhere: the property above was checked on them


def test_weather_reads_what_moves() -> None:
    """天時章: the weather asked comes when its relation moves (or moves in secret, TS-22), and not when the other
    sky's does, whatever the strength (「所以占天時，不論旺衰」; TS-02, TS-04).  Left out: a moving 財 with a clear sky
    asked (TS-05, fair weather; with 父 moving too each comes at its own time, TS-39), a line changing into the sky
    asked (TS-26), a void line the day clashes (TS-27), a wished line that retreats or is tied (TS-24, TS-37)."""
    from core.chapters.common import turns_into
    from core.chart.actors import acting_lines
    from core.chart.chart import Transformation
    from core.chart.hexagram import Relation
    from core.question import Weather
    from core.reading.pipeline import read
    from core.reading.step2_state import states_of

    seen = 0
    for n in range(0, 4096, 3):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        chart = build_chart(parse_cast(lines), Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12], "甲子"))
        states = states_of(chart)
        acts = acting_lines(chart)
        acting = {a.relation for a in acts}
        if (Relation.父母 in acting) == (Relation.子孫 in acting) or Relation.妻財 in acting:
            continue
        wished_acts = [a for a in acts if a.relation in (Relation.父母, Relation.子孫)]
        if any(Transformation.化退神 in a.transformations or states[a.place].tied for a in wished_acts):
            continue
        if turns_into(chart, Relation.父母) or turns_into(chart, Relation.子孫):
            continue
        if any(not ln.moving and states[Place(Layer.LINE, ln.position)].void_filled for ln in chart.lines):
            continue
        rain = read(chart, Question(Topic.weather, weather=Weather.rain))
        clear = read(chart, Question(Topic.weather, weather=Weather.clear))
        parent_moves = Relation.父母 in acting
        assert (rain.verdict.side, clear.verdict.side) == ((1, -1) if parent_moves else (-1, 1))
        assert rain.use_god.actor.relation is Relation.父母 and clear.use_god.actor.relation is Relation.子孫
        seen += 1
    assert seen > 50


# ---- the timing patterns of 002's worked cases, each over a sweep of casts ------------------------------------

def test_the_seed_timing_patterns_name_the_branch_their_passage_gives() -> None:
    """002's moments, read off its worked cases and now checked on every cast rather than on those cases:
    T-02 出空 (占求財 L55: the void use-god acts on the first day out of the void); T-03 (謁貴 L127: 「被午火回頭之克，
    須待子日沖去午火」 — a strong use-god hurt acts on the day that clashes what hurts it); T-05 (占病 L171: 「生亥水
    回頭克世，卒於亥月」 — a 回頭克 strikes in its branch's month); T-06 (占弟被訟 L139: a 化退 use-god is reached in
    the year and month of its 退 branch); T-01 (合住 L47: a tied line acts on the day that clashes the tie open).
    Each pattern's branch is the one its passage gives, each state that calls for it has it, and the reading
    carries it among its moments."""
    from core.chart.chart import DayRelation, Transformation
    from core.chart.relations import clash_of
    from core.reading.step2_strength import season_strong
    from core.reading.step7_timing import first_day_out_of_void, rule_timings

    seen = {"T-01": 0, "T-02": 0, "T-03": 0, "T-05": 0, "T-06": 0}
    for r in _decided(7):
        a = r.use_god.actor
        st = a.standing
        if st is None or r.use_god.place.layer not in (Layer.LINE, Layer.CHANGED, Layer.HIDDEN):
            continue
        older = rule_timings(r.chart, r.use_god, r.assessment, r.roles.yuan)
        by = {rule: {(t.unit, t.branch) for t in older if t.rule == rule} for rule in seen}
        t = a.transformations
        c = a.changed_branch
        if Transformation.回頭克 in t and c is not None:
            assert by["T-05"] == {(Unit.MONTH, c)}
            if season_strong(a):
                assert (Unit.DAY, clash_of(c)) in by["T-03"]
        else:
            assert not by["T-05"]
        struck = {clash_of(ln.branch) for ln in r.chart.lines if ln.element.overcomes is a.element}
        assert all(u is Unit.DAY and (b in struck or c is not None and b is clash_of(c)) for u, b in by["T-03"])
        assert not by["T-03"] or season_strong(a)
        if Transformation.化退神 in t and c is not None:
            assert by["T-06"] == {(Unit.YEAR, c), (Unit.MONTH, c)}
        else:
            assert not by["T-06"]
        voids = {ln.branch for ln in r.chart.lines if ln.moving and ln.standing.void} | {a.branch}
        if Transformation.化空 in t and c is not None:
            voids.add(c)
        assert all(u is Unit.DAY and b in voids for u, b in by["T-02"])
        if st.void and "void_clash_fills" not in {f.key for f in r.assessment.findings}:
            out = next(x for x in older if x.rule == "T-02" and x.branch is a.branch)
            assert out.stem is first_day_out_of_void(r.chart.moment, a.branch).stem
        opened = {clash_of(a.branch)} | ({clash_of(c)} if c is not None else set()) | {
            clash_of(b) for y in r.roles.yuan for b in [_changed_branch(r.chart, y)] if b is not None}
        assert all(b in opened for _u, b in by["T-01"])
        if DayRelation.日合 in st.day and not a.moving and r.use_god.place.layer is Layer.LINE:
            assert (Unit.DAY, clash_of(a.branch)) in by["T-01"]
        for o in older:
            if o.rule in seen:
                # (recast into the horizon's units: YQ-16, core.reading.step7_when)
                assert any(x.branch is o.branch and o.rule in x.rules for x in r.timing), o
                seen[o.rule] += 1
    assert min(seen.values()) > 50, seen


def _changed_branch(chart: Chart, place: Place) -> Branch | None:
    """The changed branch of a 元神 line (the branch whose clash opens its 回頭合), if it moves."""
    from core.chart.actors import actor_at

    return actor_at(chart, place).changed_branch
