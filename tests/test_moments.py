"""The moments (應期) of a reading: the horizons' units (YQ-16 遠事定之以年月，近事應之於日時), one entry per branch,
the most likely first and the others in date order, each naming its line and its rule; and the chapters' moments
built on charts made for each passage (a sweep over casts, each rule checked where it holds and where it does not).
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Transformation, build_chart
from core.chart.ganzhi import SEXAGENARY
from core.chart.relations import clash_of, harmony_of
from core.findings import Layer, Place, Unit
from core.question import Horizon, Question, Sex, Subject, Topic, Weather
from core.reading.pipeline import Reading, read
from core.reading.step2_state import states_of
from core.reading.step7_when import event_of, units_of

START = datetime(2026, 1, 1, tzinfo=UTC)
TOPICS = (Topic.wealth, Topic.illness, Topic.career, Topic.returning, Topic.weather, Topic.lawsuit, Topic.other)


def _when(d: date | datetime) -> datetime:
    return d.replace(tzinfo=None) if isinstance(d, datetime) else datetime.combine(d, datetime.min.time())


def _random_readings(n: int = 240, seed: int = 21) -> list[tuple[Reading, bool]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        lines = "".join(rng.choice("6789") for _ in range(6))
        at = Moment.at(START + timedelta(minutes=rng.randrange(0, 60 * 24 * 365 * 3)), "Asia/Seoul")
        topic = rng.choice(TOPICS)
        horizon = rng.choice((None, *Horizon))
        q = Question(topic, Subject.self, Sex.male, horizon=horizon)
        out.append((read(build_chart(parse_cast(lines), at), q), horizon is not None))
    return out


def test_moments_keep_to_the_horizon_and_come_most_likely_first_then_in_date_order() -> None:
    """Over random casts × topics × horizons: the first moment is the weightiest and named the most likely; the
    others follow in date order; none lies outside the horizon's units, nor dated beyond its reach; one entry per
    branch; every moment names its line and its rule, and what happens then."""
    seen = 0
    for r, asked in _random_readings():
        from core.question import horizon_of

        horizon = horizon_of(r.question)
        allowed = set(units_of(horizon, asked))
        timing = r.timing
        if not timing:
            continue
        seen += 1
        assert timing[0].likely and not any(t.likely for t in timing[1:])
        assert timing[0].weight == max(t.weight for t in timing)
        firsts = [min(_when(d) for d in t.unit_dates[0]) for t in timing[1:]]  # the dates a reader sees first
        assert firsts == sorted(firsts)
        assert len({t.branch for t in timing}) == len(timing)
        cast = r.chart.moment.local
        assert cast is not None
        reach = {Unit.HOUR: timedelta(hours=25), Unit.DAY: timedelta(days=61 * 3),
                 Unit.MONTH: timedelta(days=2 * 366), Unit.YEAR: timedelta(days=2 * 12 * 366)}
        for t in timing:
            assert set(t.all_units) <= allowed, (horizon, asked, t.units)
            assert t.places and t.places[0] == r.use_god.place or t.places[0].layer is Layer.LINE
            assert t.rule in t.rules and t.event is not None
            assert len(t.unit_dates) == len(t.units)
            for unit, ds in zip(t.units, t.unit_dates, strict=True):
                assert ds and all(_when(d) - cast.replace(tzinfo=None) <= reach[unit] for d in ds), (unit, ds)
        if horizon is Horizon.near:
            assert all(d.year <= cast.year + 1 for t in timing for ds in t.unit_dates for d in ds)
    assert seen > 200


def test_a_same_day_matter_is_timed_in_hours_within_the_day() -> None:
    """占日應時: asked as today's, every moment is a 時辰, dated once, within the next day."""
    at = Moment.at(datetime(2026, 12, 5, 1, 30, tzinfo=UTC), "Asia/Seoul")
    for n in range(0, 4096, 97):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        r = read(build_chart(parse_cast(lines), at), Question(Topic.weather, horizon=Horizon.today,
                                                             weather=Weather.rain))
        assert r.timing
        for t in r.timing:
            assert t.all_units == (Unit.HOUR,) and t.stem is None and len(t.dates) == 1
            d = t.dates[0]
            assert isinstance(d, datetime) and timedelta(0) < d - at.local <= timedelta(hours=24)  # type: ignore[operator]
            assert d.hour == (2 * t.branch - 1) % 24
            assert t.event == {True: "rain", False: "clear", None: "weather_changes"}[t.favourable]


def test_a_branch_read_as_a_month_and_a_year_is_one_moment() -> None:
    """遠事定之以年月: a far matter's moment is its branch, in months and years at once, not two entries."""
    at = Moment.at(START, "Asia/Seoul")
    both = 0
    for n in range(0, 4096, 41):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        r = read(build_chart(parse_cast(lines), at), Question(Topic.career, Subject.self))
        assert len({t.branch for t in r.timing}) == len(r.timing)
        for t in r.timing:
            assert t.unit is t.units[0] and set(t.units) <= {Unit.MONTH, Unit.YEAR}
            both += t.units == (Unit.MONTH, Unit.YEAR)
    assert both > 100


def test_what_happens_is_the_topics_turn() -> None:
    assert event_of(Question(Topic.illness, Subject.self), True) == "recovery"
    assert event_of(Question(Topic.illness, Subject.self), False) == "danger"
    assert event_of(Question(Topic.wealth, Subject.self), True) == "money_comes"
    assert event_of(Question(Topic.returning, Subject.child), True) == "arrival"
    assert event_of(Question(Topic.weather, weather=Weather.rain), True) == "rain"
    assert event_of(Question(Topic.weather, weather=Weather.clear), False) == "rain"
    assert event_of(Question(Topic.weather), True) == "weather_changes"
    assert event_of(Question(Topic.career, Subject.self), None) == "turn"


# ---- the chapters' moments, each on the charts its passage describes ---------------------------------------

def _sweep(topic: Topic = Topic.wealth, subject: Subject = Subject.self, every: int = 7,
           horizon: Horizon = Horizon.near) -> list[Reading]:
    out = []
    for n in range(0, 4096, every):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        moment = Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12], SEXAGENARY[(n * 7) % 60].stem.name
                                     + SEXAGENARY[(n * 7) % 60].branch.name)
        out.append(read(build_chart(parse_cast(lines), moment), Question(topic, subject, Sex.male, horizon=horizon)))
    return out


def _rules_at(r: Reading, branch: object) -> set[str]:
    return {rule for t in r.timing if t.branch is branch for rule in t.rules}


def test_a_moving_line_answers_on_its_own_branch_or_its_change() -> None:
    """YQ-15 問有應於變爻動爻 「如爻臨戌土，變出酉金，其吉凶有戌日應者，有酉日應者」: a moving use-god names both."""
    seen = 0
    for r in _sweep():
        p = r.use_god.place
        if p.layer is not Layer.LINE or not r.chart.lines[p.position - 1].moving:
            assert not any(t.rule == "YQ-15" and t.places[0] == p for t in r.timing)
            continue
        ln = r.chart.lines[p.position - 1]
        assert ln.changed is not None
        assert "YQ-15" in _rules_at(r, ln.branch) and "YQ-15" in _rules_at(r, ln.changed.branch)
        seen += 1
    assert seen > 100


def test_a_hidden_mover_is_timed_as_a_moving_line() -> None:
    """AD-01 靜爻旺相日辰沖之為暗動 (LH-11 「一爻明動一爻暗動亦作兩爻動」): a 暗動 use-god answers as YQ-02 gives a
    moving line (動而逢合逢值: its 合 and its own branch), not on the clash it has already had (YQ-01 靜而逢沖)."""
    seen = 0
    for r in _sweep(every=3):
        states = states_of(r.chart)
        s = states[r.use_god.place]
        keys = {(t.branch, t.key) for t in r.timing}
        if s.hidden_movement:
            assert "YQ-02" in _rules_at(r, harmony_of(s.branch)) and "YQ-02" in _rules_at(r, s.branch)
            assert not any(t.key == "static_clashed" and t.places[0] == s.place for t in r.timing)
            seen += 1
        elif not s.moving:
            assert not any(k in ("hidden_moving_combined", "hidden_moving_own") for _, k in keys)
    assert seen > 20


def test_a_moving_attacker_is_held_on_the_day_that_combines_it() -> None:
    """HJ-16 動逢合而絆住 「忌神動逢日月相合，則不成凶」: each moving line that strikes the use-god and is not tied now
    gives the day that combines it, a good moment (a 暗動 one too: it acts as a moving line, AD-02)."""
    seen = 0
    for r in _sweep(every=5):
        states = states_of(r.chart)
        d = r.decision
        assert d is not None
        for p in d.tally.parties:
            a = states[p.place]
            if p.supports or p.place.layer is not Layer.LINE or not (a.moving or a.hidden_movement) or a.tied:
                continue
            assert "HJ-16" in _rules_at(r, harmony_of(a.branch)), (p, a.branch)
            seen += 1
        for t in r.timing:
            if "HJ-16" in t.rules and t.rule == "HJ-16" and t.key == "attacker_tied":
                assert t.favourable is True
    assert seen > 50


def test_the_world_read_with_the_use_god_times_by_its_own_change() -> None:
    """The 世 read with the use-god (one's own money) is a 主象 too: when it moves, its changed branch answers
    (YQ-15), named on the 世."""
    seen = 0
    for r in _sweep(every=3):
        w = r.chart.world
        wp = Place(Layer.LINE, w.position)
        if r.co_use_god is None or not r.co_use_god.world or wp == r.use_god.place:
            continue
        if w.moving and w.changed is not None:
            assert any("YQ-15" in t.rules and t.branch is w.changed.branch for t in r.timing)
            seen += 1
    assert seen > 20


def test_a_void_or_broken_moving_source_helps_when_filled() -> None:
    """HJ-14 動空化空，皆成凶吉…吉凶皆應沖空實空之日: a moving 元神 that is void helps on its 出空 day (its stem
    named) or the day that clashes it; YP-03 實破之日則不破 (艮之觀's 子 元神 「若在冬至月，始有此驗」): a broken one
    on its own branch."""
    void_seen = broken_seen = 0
    for r in _sweep(every=2):
        states = states_of(r.chart)
        for y in r.roles.yuan:
            h = states[y]
            if not h.moving:
                continue
            if h.void and not h.void_filled:
                own = [t for t in r.timing if t.branch is h.branch]
                assert own and "HJ-14" in own[0].rules
                assert "HJ-14" in _rules_at(r, clash_of(h.branch))
                void_seen += 1
            if h.month_break:
                assert "YP-03" in _rules_at(r, h.branch)
                broken_seen += 1
    assert void_seen > 10 and broken_seen > 10


def test_a_change_into_retreat_still_names_its_branch() -> None:
    """YQ-13 化退神、忌值忌沖 「如酉化申…有應申月日者，有應寅日月者」, in a far matter's months and years."""
    seen = 0
    for r in _sweep(topic=Topic.career, horizon=Horizon.far, every=5):
        p = r.use_god.place
        if p.layer is not Layer.LINE:
            continue
        ln = r.chart.lines[p.position - 1]
        if Transformation.化退神 in ln.transformations and ln.changed is not None:
            t = next(t for t in r.timing if t.branch is ln.changed.branch)
            assert "YQ-13" in t.rules and set(t.units) == {Unit.MONTH, Unit.YEAR}
            seen += 1
    assert seen > 5
