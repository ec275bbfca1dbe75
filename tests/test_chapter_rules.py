"""The rules of 增刪卜易's chapters 18–34 that its worked cases cite and that no other test checks, each on charts
built for it from its passage (a sweep over casts, both sides of its condition), not on the cases that show it.

The case tests (tests/test_zsby_cases.py) only check that the author's line is read and his reasons appear; what
each rule does is checked here: 回頭生/回頭克 of the use-god (JS-05, HJ-44), 化退 (JT-04), 化進 (JT-02/03), 化鬼
(TT-03, HJ-43), 反吟 (FF-02/03), 暗動 against 日破 (AD-01), the real tomb (SG-02), 月破 (YP-03), 合住 (LH-03), the
holder of the 世 for money and for danger (JS-17, HJ-34, JS-23), 旬空 (XK2-02/07), the 六沖 and 六合 hexagrams
(LC-03/04, LH-05/06) and a pure hexagram's change (GB-02/03).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, Transformation, build_chart
from core.chart.ganzhi import SEXAGENARY
from core.chart.hexagram import Relation
from core.chart.relations import clashes, harmony_of
from core.findings import Layer, Place
from core.question import Horizon, Question, Subject, Topic, horizon_of
from core.reading.pipeline import Reading, read
from core.reading.step2_state import Vigour, states_of
from core.reading.step3_usable import Usable, usability
from core.reading.step5_overrides import ghost_lifted
from core.reading.verdict import Verdict

MONTHS = "寅卯辰巳午未申酉戌亥子丑"


def _charts(every: int, months: int = 1) -> Iterator[Chart]:
    """Every ``every``-th of the 4 096 casts, each on ``months`` months spread over the year (and a day of each)."""
    for n in range(0, 4096, every):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        for k in range(months):
            m = (n + k * 12 // months + k) % 12
            yield build_chart(parse_cast(lines), Moment.from_pillars(MONTHS[m], str(SEXAGENARY[(n * 7 + 13 * k) % 60])))


def _where(charts: Iterator[Chart], holds: Callable[[Chart], bool], rest: int = 9) -> Iterator[Chart]:
    """The charts where ``holds`` (the rule may apply), and every ``rest``-th of the others (it must not)."""
    for i, chart in enumerate(charts):
        if holds(chart) or i % rest == 0:
            yield chart


def _moves_into(t: Transformation) -> Callable[[Chart], bool]:
    return lambda chart: any(ln.moving and t in ln.transformations for ln in chart.lines)


def _steps(r: Reading, key: str) -> list[tuple[Verdict, Verdict, Verdict, Verdict]]:
    """(now before, now after, eventual before, eventual after) of each step with ``key``."""
    assert r.decision is not None
    return [(*s.now, *s.eventual) for s in r.decision.steps if s.finding.key == key]


def _keys(r: Reading) -> set[str]:
    assert r.decision is not None
    return {s.finding.key for s in r.decision.steps}


def test_a_use_god_turning_back_is_read_by_what_its_change_does() -> None:
    """卷首 L450 「變出巳午之火謂之回頭生世」 (JS-05) and HJ-44 (L1444) 「凡占回頭之克……得之十有九死」: a moving use-god
    whose change generates it ends at least 小吉 (unless it can never act), one whose change overcomes it ends 凶;
    a change that combines it (回頭合) is neither."""
    seen = {"JS-05": 0, "HJ-44": 0}
    for chart in _charts(3):
        states = states_of(chart)
        for q in (Question(Topic.wealth, Subject.self), Question(Topic.illness, Subject.parent)):
            r = read(chart, q)
            p = r.use_god.place
            ln = chart.lines[p.position - 1] if p.layer is Layer.LINE else None
            t = ln.transformations if ln is not None and ln.moving and ln.changed is not None else ()
            use = states[p]
            kind = None if Transformation.回頭合 in t else (
                "HJ-44" if Transformation.回頭克 in t and not ghost_lifted(chart, q, use) else
                "JS-05" if Transformation.回頭生 in t and Transformation.回頭克 not in t else None)
            gen, over = _steps(r, "use_god_turns_generating"), _steps(r, "use_god_turns_overcoming")
            assert bool(gen) is (kind == "JS-05") and bool(over) is (kind == "HJ-44"), (q, t)
            for *_, before, after in gen:
                assert after is before.at_least(Verdict.小吉) or after is before is Verdict.凶
            for *_, _before, after in over:
                assert after is Verdict.凶
            if kind:
                seen[kind] += 1
    assert min(seen.values()) > 30, seen


def test_a_retreating_use_god_retreats_by_its_strength() -> None:
    """JT-04 退神之法有四 (L1065): 「動旺相而化旺相……占近事得時而不退者」 — a use-god 化退: both it and its change
    休囚 → it retreats now and in the end; one of them strong → later; both strong → not for a near matter."""
    seen = {"use_god_retreats": 0, "use_god_retreats_later": 0, None: 0}
    for chart in _where(_charts(1, 3), _moves_into(Transformation.化退神)):
        states = states_of(chart)
        r = read(chart, Question(Topic.wealth, Subject.self))
        p = r.use_god.place
        if p.layer is not Layer.LINE or Transformation.化退神 not in chart.lines[p.position - 1].transformations \
                or not chart.lines[p.position - 1].moving:
            assert not {"use_god_retreats", "use_god_retreats_later"} & _keys(r)
            continue
        strong = states[p].vigour.strong, states[Place(Layer.CHANGED, p.position)].vigour.strong
        far = horizon_of(r.question) is Horizon.far
        want = "use_god_retreats" if not any(strong) else None if all(strong) and not far \
            else "use_god_retreats_later"
        got = {"use_god_retreats", "use_god_retreats_later"} & _keys(r)
        assert got == ({want} if want else set()), (strong, far)
        for now_before, now_after, before, after in _steps(r, want) if want else ():
            assert after is before.moved(-1)
            assert now_after is (now_before.moved(-1) if want == "use_god_retreats" else now_before)
        seen[want] += 1
    # 「both 休囚」 does not arise: a line's own 化退 change is of its element and helps it (TT-01 「變爻生扶」), so a
    # 化退 use-god is never 休囚 in the engine — what JT-04 calls 退 at once is read only through the four places
    assert seen["use_god_retreats_later"] > 20 and seen[None] > 20, seen


def test_an_advancing_use_god_advances_now_when_strong_later_when_not() -> None:
    """JT-02 「所喜者宜於化進」 with JT-03 「動旺相而化旺，乘勢而進，一也；動休囚而化休囚，待時而進，二也」: a use-god
    旺 that 化進 into a strong change rises a step at once (use_god_advances); otherwise it advances later — unless
    the four places bring it down (a use-god they defeat does not last until its time)."""
    seen = {"use_god_advances": 0, "use_god_advances_later": 0}
    for chart in _where(_charts(1, 2), _moves_into(Transformation.化進神)):
        states = states_of(chart)
        r = read(chart, Question(Topic.career, Subject.self))
        p = r.use_god.place
        ln = chart.lines[p.position - 1] if p.layer is Layer.LINE else None
        keys = {"use_god_advances", "use_god_advances_later"} & _keys(r)
        if ln is None or not ln.moving or Transformation.化進神 not in ln.transformations:
            assert not keys
            continue
        assert r.decision is not None
        now = states[p].vigour is Vigour.旺 and states[Place(Layer.CHANGED, p.position)].vigour.strong
        if now:
            assert keys == {"use_god_advances"}
        elif r.decision.tally.verdict.side >= 0:
            assert keys == {"use_god_advances_later"}
        else:
            assert not keys
        for key in keys:
            for *_, before, after in _steps(r, key):
                assert after in (before.moved(1), before)  # a sealed end stays
            seen[key] += 1
    assert min(seen.values()) > 10, seen


def test_a_use_god_turning_into_the_ghost() -> None:
    """TT-03 用神化凶 (L721) 「化鬼」: a use-god that changes into the 官鬼 (not itself one, not 回頭生) loses a step;
    in a lawsuit the 官鬼 is the court, not a ghost, and nothing follows."""
    seen = {Topic.wealth: 0, Topic.lawsuit: 0}
    ghost = Relation.官鬼
    for chart in _where(_charts(1, 2), lambda c: any(ln.changed is not None and ln.changed.relation is ghost
                                                     and ln.relation is Relation.妻財 for ln in c.lines), 17):
        for topic in seen:
            r = read(chart, Question(topic, Subject.self))
            p = r.use_god.place
            ln = chart.lines[p.position - 1] if p.layer is Layer.LINE else None
            turns = ln is not None and ln.moving and ln.changed is not None and ln.changed.relation is Relation.官鬼 \
                and ln.relation is not Relation.官鬼 and Transformation.回頭生 not in ln.transformations
            assert ("changes_into_ghost" in _keys(r)) is (turns and topic is Topic.wealth)
            for *_, before, after in _steps(r, "changes_into_ghost"):
                assert after is before.moved(-1) or after is before is Verdict.凶
            seen[topic] += turns
    assert min(seen.values()) > 20, seen


def test_the_world_turning_into_the_office_or_the_ghost() -> None:
    """HJ-43 (L1426) 「占功名者，世爻旺相……動而變出官星，又無破損，乃為得官之兆也。世若休囚，受克動而變出官星者
    乃為變鬼」 for one's own office, with the 世 read beside the 官鬼: a strong, whole, unstruck 世 that changes into
    the 官鬼 rises a step; a weak or struck one ends 凶; and 卷首 L450 「變出巳午之火謂之回頭生世」 (JS-05): a 世 whose
    change generates it ends at least 小吉."""
    seen = {"world_changes_into_office": 0, "world_changes_into_ghost": 0, "world_turns_generating": 0}
    for chart in _where(_charts(1, 2), lambda c: c.world.changed is not None and (
            c.world.changed.relation is Relation.官鬼 or Transformation.回頭生 in c.world.transformations), 17):
        r = read(chart, Question(Topic.career, Subject.self))
        keys = set(seen) & _keys(r)
        if r.co_use_god is None or not r.co_use_god.world:
            assert not keys & {"world_changes_into_office", "world_changes_into_ghost"}
            continue
        wl = chart.world
        w = states_of(chart)[Place(Layer.LINE, wl.position)]
        turns = wl.moving and wl.changed is not None and wl.changed.relation is Relation.官鬼 \
            and wl.relation is not Relation.官鬼
        office = turns and w.vigour.strong and not w.month_break and not w.void and not w.attacks
        ghost = turns and (not w.vigour.strong or bool(w.attacks))
        assert ("world_changes_into_office" in keys) is office and ("world_changes_into_ghost" in keys) is ghost
        assert ("world_turns_generating" in keys) is (wl.moving and Transformation.回頭生 in wl.transformations)
        for *_, _before, after in _steps(r, "world_changes_into_ghost"):
            assert after is Verdict.凶
        for *_, before, after in _steps(r, "world_turns_generating"):
            assert after is before.at_least(Verdict.小吉) or after is before is Verdict.凶
        for key in keys:
            seen[key] += 1
    assert min(seen.values()) > 10, seen


def test_a_use_god_in_a_reversed_trigram() -> None:
    """FF-02/FF-03 (L634–635) 「反伏卦用神旺相不變沖克者雖則反復，事之必成，第恐用神而化回頭之沖克者，即是卦變大凶
    之象」: a moving use-god in a trigram whose every changed branch clashes its own (反吟) is read 反復 — the present
    capped at 平 — and ends 凶 when its own change clashes and overcomes it."""
    seen = {"use_god_in_reversal": 0, "use_god_in_reversal_struck": 0}
    for chart in _where(_charts(1), lambda c: c.changed is not None and any(
            all(clashes(c.hexagram.najia[i][1], c.changed.najia[i][1]) for i in range(lo, lo + 3))
            for lo in (0, 3))):
        if chart.changed is None:
            continue
        r = read(chart, Question(Topic.travel, Subject.self))
        p = r.use_god.place
        ln = chart.lines[p.position - 1] if p.layer is Layer.LINE else None
        keys = set(seen) & _keys(r)
        if ln is None or not ln.moving:
            assert not keys
            continue
        lo = 0 if ln.position <= 3 else 3
        reversed_ = all(clashes(chart.hexagram.najia[i][1], chart.changed.najia[i][1]) for i in range(lo, lo + 3))
        if not reversed_:
            assert not keys
            continue
        t = ln.transformations
        struck = Transformation.回頭克 in t or (Transformation.回頭沖 in t and ln.changed is not None
                                               and ln.changed.element.overcomes is ln.element)
        key = "use_god_in_reversal_struck" if struck else "use_god_in_reversal"
        assert keys == {key}
        for now_before, now_after, _before, after in _steps(r, key):
            if struck:
                assert after is Verdict.凶
            else:
                assert now_after is now_before.at_most(Verdict.平)
        seen[key] += 1
    assert min(seen.values()) > 5, seen


def test_a_tomb_is_real_only_for_the_weak_and_struck() -> None:
    """SG-02 (L1109) 「自占看世爻，旺相者非真……惟世爻休囚被克，而又入墓者，是也。墓神破，日月動爻沖破，亦非真也」:
    a line in its tomb cannot act only when it is weak, struck and the tomb whole; otherwise it waits for the clash
    that opens the tomb (YQ-05), or acts."""
    seen = {True: 0, False: 0}
    for chart in _charts(2, 3):
        states = states_of(chart)
        for ln in chart.lines:
            s = states[Place(Layer.LINE, ln.position)]
            if s.tomb is None:
                assert not s.real_tomb
                continue
            real = not s.tomb_broken and not s.vigour.strong and bool(s.attacks)
            assert s.real_tomb is real
            u = usability(chart, states, s.place)
            if u.rule == "SG-02":
                assert real and u.usable is Usable.never
            elif not real:
                assert u.rule != "SG-02"
            seen[real] += 1
    assert min(seen.values()) > 100, seen


def test_a_line_the_month_breaks() -> None:
    """YP-03 (L767) 「目下雖破，出月則不破……惟[靜]而不動又無日辰動爻生助者則到底而破矣」 with 「動則能傷於爻」: a
    month-broken line that moves acts now; a static one with support waits for 出月, its 合 or 填實; a static one
    without support (失陷) is broken to the end."""
    seen = {"broken_to_the_end": 0, "broken_but_moving": 0, "broken_waits": 0}
    for chart in _charts(2, 4):
        states = states_of(chart)
        for ln in chart.lines:
            s = states[Place(Layer.LINE, ln.position)]
            u = usability(chart, states, s.place)
            if u.rule != "YP-03":
                continue
            assert s.month_break
            key = "broken_but_moving" if s.moving else "broken_to_the_end" if s.vigour is Vigour.失陷 \
                else "broken_waits"
            assert u.key == key
            assert u.usable is {"broken_but_moving": Usable.now, "broken_to_the_end": Usable.never,
                                "broken_waits": Usable.later}[key]
            seen[key] += 1
    assert min(seen.values()) > 20, seen


def test_a_moving_line_the_day_or_month_combines_is_held() -> None:
    """LH-03 (L502) 「動而逢合，合謂之合絆……反不能動之意」 and 「靜而逢合，謂之合起」: a moving line the month or the day
    combines is tied and waits for the clash that opens it; a static one so combined is raised, not tied."""
    seen = {True: 0, False: 0}
    for chart in _charts(3):
        states = states_of(chart)
        month, day = chart.moment.month_branch, chart.moment.day.branch
        for ln in chart.lines:
            s = states[Place(Layer.LINE, ln.position)]
            combined = any(harmony_of(b) is ln.branch for b in (month, day))
            assert s.tied is (ln.moving and combined)
            if combined and not ln.moving:
                assert s.raised
            u = usability(chart, states, s.place)
            if u.rule == "LH-03":
                assert s.tied and u.usable is Usable.later
            seen[ln.moving] += combined
    assert min(seen.values()) > 100, seen


def test_the_six_clash_and_six_harmony_hexagrams() -> None:
    """六沖 and 六合 of the hexagram, outside an illness (read by JS-24/25/26): LH-06 (L520) 「獨此六沖卦變六合得不看
    用神，竟以吉斷」; LC-04 (L545, L578) 「六合卦變六沖卦者，用神旺者始吉終凶……惟占官非，盜賊事者宜之」; LC-03 (L545)
    「凡占凶事宜於沖散……用神失陷凶而又凶」; LH-05 (L503) 「用神有氣相宜，用若失陷無益……不宜凶事逢之，事之難結」."""
    seen = {"clash_turns_harmony": 0, "harmony_turns_clash": 0, "harmony_turns_clash_disperses": 0,
            "clash_disperses_trouble": 0, "clash_scatters_weak": 0, "harmony_holds_trouble": 0,
            "harmony_holds_together": 0}
    for chart in _charts(2):
        states = states_of(chart)
        h, c = chart.hexagram, chart.changed
        for topic in (Topic.wealth, Topic.lawsuit):
            r = read(chart, Question(topic, Subject.self))
            trouble = topic is Topic.lawsuit
            vigour = states[r.use_god.place].vigour
            if h.six_clash and c is not None and c.six_harmony:  # L520 names matters wished for; a trouble 難結
                want = {"harmony_holds_trouble"} if trouble else {"clash_turns_harmony"}
            elif h.six_harmony and c is not None and c.six_clash:
                want = {"harmony_turns_clash_disperses" if trouble else "harmony_turns_clash"}
            elif h.six_clash or (c is not None and c.six_clash):
                want = {"clash_disperses_trouble"} if trouble else \
                    {"clash_scatters_weak"} if vigour in (Vigour.休囚, Vigour.失陷) else set()
            elif h.six_harmony:
                want = {"harmony_holds_trouble"} if trouble else {"harmony_holds_together"} if vigour.strong else set()
            else:
                want = set()
            assert set(seen) & _keys(r) == want, (topic, h.name, c and c.name)
            for key in want:
                seen[key] += 1
                for now_before, now_after, before, after in _steps(r, key):
                    if key == "clash_turns_harmony":
                        assert after is before.at_least(Verdict.吉)
                    elif key == "harmony_turns_clash":
                        assert after is before.at_most(Verdict.小凶)
                    elif key == "harmony_holds_trouble":
                        assert now_after is now_before.moved(-1)
    assert min(seen.values()) > 5, seen


def test_a_pure_hexagram_turning_into_another() -> None:
    """GB-02 (L623) 「凡遇卦化克者，不論用神之衰旺皆以凶推」 and GB-03 (L624) 「巽木變坎水謂之化生，水回頭以生木，也即以吉
    斷」: a pure hexagram changing into a pure one whose element overcomes it ends 凶; into one that generates it, a
    step up."""
    seen = {"hexagram_turns_overcoming": 0, "hexagram_turns_generating": 0}
    for chart in _charts(1):
        h, c = chart.hexagram, chart.changed
        r = read(chart, Question(Topic.wealth, Subject.self)) if c is not None and h.upper == h.lower \
            and c.upper == c.lower else None
        if r is None:
            continue
        want = {"hexagram_turns_overcoming"} if c is not None and c.element.overcomes is h.element else \
            {"hexagram_turns_generating"} if c is not None and c.element.generates is h.element else set()
        assert set(seen) & _keys(r) == want
        for key in want:
            for *_, before, after in _steps(r, key):
                assert after is (Verdict.凶 if key == "hexagram_turns_overcoming" else before.moved(1)) \
                    or after is before is Verdict.凶
            seen[key] += 1
    assert min(seen.values()) > 3, seen
