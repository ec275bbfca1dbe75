"""婚姻 (HYN-05 … HYN-17), 胎孕 (TY-03), 出行 (CX-02 … CX-10), 舟行 (ZX-01), 行人 (XR-02), 防非避訟 (FB-02), 鬥毆
(DO-02), 疾病 (JB-05 … JB-12), 延醫 (YY-04 … YY-07), 蓋造買宅 (GZ-02 … GZ-04), 尋地 (XN-02 … XN-04), 祖塋舊冢 (ZY-02
… ZY-05): each rule on a sweep of casts, against a predicate written here from its passage — where the condition
holds the chapter says it (in the passage's direction), where an essential part fails it is silent, and the
passage's exception where it names one.  Each sweep counts both kinds, so no test passes on an empty sweep.

The passages are quoted as printed (simplified characters) from the copy under tests/data/texts.  The chapter is
read alone (``chapter_reading``): the decision's other steps are the general doctrine's, tested elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from core.chapters import chapter_reading
from core.chapters.common import ChapterReading
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, HexagramTransformation, Line, Transformation, build_chart
from core.chart.ganzhi import SEXAGENARY
from core.chart.hexagram import Relation, relation
from core.chart.relations import clashes, generates, harmonizes, punishes
from core.findings import Layer, Place
from core.question import Aspect, Birth, Horizon, Illness, Question, Sex, Subject, Topic, horizon_of, resolve
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import State, States, Vigour, states_of
from core.reading.step4_places import cannot_harm, tally
from core.reading.step5_overrides import Move
from tests.passages import assert_quotes_on_their_lines

R = Relation
T = Transformation
H = HexagramTransformation
MONTHS = "寅卯辰巳午未申酉戌亥子丑"

QUOTES = {
    "HYN-05": "财爻官爻不宜墓绝空破，又不宜动而化破化散化克化鬼",
    "HYN-06": "静而空者终不成也。世动化进神，事在必成。若化退神，终须难就",
    "HYN-07": "应空他人不实，若动化退神，必有退悔之心，若得财爻动化进神而生世者，虽见退悔，终是良缘",
    "HYN-08": "世应俱空，皆无准实",
    "HYN-12": "忌六冲，卦无财官，主婚不成",
    "HYN-17": "世持鬼应持财，谓之阴阳得位，必然鸾凤和鸣。鬼临应财持世，牡鸡司晨，妻夺夫权",
    "TY-03": "子动化子孙、或卦中子孙动、或已有旺相之子孙动者他爻又变出旺之子孙，皆主双胎",
    "CX-02": "世伤应位，不拘远近相宜。应克世爻，公私皆主不利。我去克他，所向通达。应来刑冲克世，不可行之",
    "CX-03": "六冲卦及动而变冲，世爻休囚被克者，终去不成",
    "CX-04": "世爻暗动者必去，世爻旺静逢冲之日必去",
    "CX-07": "父母持世而动或被父动冲克世爻",
    "CX-08": "财爻持世，兄爻冲克",
    "CX-10": "六合卦变六冲，及卦变克绝者，坐家亦恐凶危",
    "ZX-01": "世化退及反吟卦，中途而返",
    "XR-02": "疏者以应爻为用神，世克用神且无归志，用神克世近日回家",
    "FB-02": "子孙动子孙持世必不成非，鬼持世鬼克世应动克世定然成讼",
    "DO-02": "子孙发动子孙持世争不成",
    "JB-05": "自占病，不宜世爻变鬼及化回头克，占兄弟妻子皆不宜鬼变弟兄妻子及弟兄妻子而变鬼，又不宜兄变财财化兄，父化子子化父",
    "JB-10": "自占病子孙持世不药而痊",
    "JB-11": "鬼爻发动病势必重",
    "JB-12": "自占病及占兄弟病，得子孙动者，制服官鬼，其病即愈。倘子孙动而化克，即使病愈后还发，反复之象，卦得反吟者亦同上意",
    "YY-04": "子孙临在应或发动於卦中亦要旺相，不受刑冲克害破墓绝空，药必见效。子动化鬼化克，其药不精",
    "YY-05": "自占病，应爻克世者制我之病也",
    "YY-07": "子不代父以占药，妻不代夫而卜医",
    "GZ-02": "世爻父爻旺相，又得六合卦者事之必成，成而久远，但不喜其六冲，六冲不久之象",
    "GZ-03": "世动化退，勉强成之，终须退悔。世动而化进神者，成后长远兴隆",
    "GZ-04": "世爻随鬼入墓，财爻助鬼克世，及世爻动而变凶，或日月动爻克世，皆不宜行。父动克世及世爻父爻空破墓绝者，亦不宜行",
    "XN-02": "卦逢六合或世与子孙爻作六合，乃藏风吉穴，代代兴隆。若得六冲卦，或六冲变六冲，或世应相冲",
    "XN-03": "六冲变六合，吉地失而复得；六合变六冲，吉地得而复失",
    "XN-04": "世爻虽旺不宜化破及化墓绝化回头克",
    "ZY-02": "卦遇六冲全无地脉",
    "ZY-03": "不宜墓绝空破，及动而破散化退神化绝墓化回头克化旬空化破散，乃凶象也",
    "ZY-05": "世爻变鬼及随墓助伤，所占之人不吉",
}


def test_the_quotes_are_on_their_lines() -> None:
    assert_quotes_on_their_lines(QUOTES)


# ---- the sweep: every 4th cast on two months, each chart's states made once, each question's chapter read once ----

@cache
def _charts() -> tuple[Chart, ...]:
    out = []
    for n in range(0, 4096, 4):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        for k in range(2):
            moment = Moment.from_pillars(MONTHS[(n * 5 + 7 * k) % 12], str(SEXAGENARY[(n * 7 + 13 * k) % 60]))
            out.append(build_chart(parse_cast(lines), moment))
    return tuple(out)


_st = cache(states_of)


@cache
def _sweep(q: Question) -> tuple[tuple[Chart, States, Place, ChapterReading], ...]:
    target = resolve(q).target
    out = []
    for chart in _charts():
        st = _st(chart)
        use = select_use_god(chart, target).place
        out.append((chart, st, use, chapter_reading(chart, st, q, use)))
    return tuple(out)


def _keys(c: ChapterReading) -> set[str]:
    return {m.key for m in c.moves} | {f.key for f in c.findings}


def _move(c: ChapterReading, key: str) -> Move | None:
    return next((m for m in c.moves if m.key == key), None)


def _line(chart: Chart, p: Place) -> Line | None:
    return chart.lines[p.position - 1] if p.layer is Layer.LINE else None


def _lp(ln: Line) -> Place:
    return Place(Layer.LINE, ln.position)


def _ws(chart: Chart, st: States) -> State:
    return st[Place(Layer.LINE, chart.hexagram.world)]


def _forceful(ch: Chart, st: States, x: Line, target: Place, q: Question) -> bool:
    """The moving ``x``, named as striking ``target``, has the force to (chapters 1–34: not tied, retreating, struck
    by its own change, 貪生忘克 or entombed — ``cannot_harm``, the four places' reasons)."""
    return cannot_harm(ch, st, _lp(x), st[target], horizon_of(q) is not Horizon.far) is None


def _rs(chart: Chart, st: States) -> State:
    return st[Place(Layer.LINE, chart.hexagram.response)]


def _changed(ln: Line, *ts: Transformation) -> bool:
    return ln.moving and any(t in ln.transformations for t in ts)


def _into(ln: Line, rel: Relation) -> bool:
    """化出 another relation: 化鬼, 化兄 …"""
    return ln.moving and ln.changed is not None and ln.changed.relation is rel and ln.relation is not rel


def _hollow(s: State) -> bool:
    """空破 as a lasting fault (XK2-02 「旺不為空」, YP-03 a moving or supported broken line still acts): a 真空, or a
    still 月破, that is 失陷."""
    return (s.true_void or (s.month_break and not s.moving)) and s.vigour is Vigour.失陷


def _cut(s: State) -> bool:
    """絕 that counts: weak (HJ-54 休囚被克而絕)."""
    return s.cut and not s.vigour.strong


def _struck_by(st: States, s: State) -> bool:
    """被克: the month, the day, a moving line or its own change whose element overcomes the line."""
    return any(st[p].element.overcomes is s.element for p in s.attacks)


def _undone(ln: Line, st: States) -> bool:
    """變凶 (FQ-04 「化鬼、化回頭克、化退神、化絕、化墓」): 化墓 化絕 only for a weak line (JB-06)."""
    if not ln.moving or ln.changed is None:
        return False
    weak = not st[_lp(ln)].vigour.strong
    return _into(ln, R.官鬼) or _changed(ln, T.回頭克, T.化退神) or (weak and _changed(ln, T.化墓, T.化絕))


def _check(q: Question, key: str, holds: Callable[..., bool], op: str | None = None,
           least: int = 3) -> None:
    """``key`` is said exactly where ``holds``; its move (when ``op``) reads ``op`` for the end; both kinds seen."""
    seen = [0, 0]
    for chart, st, use, c in _sweep(q):
        want = holds(chart, st, use)
        assert (key in _keys(c)) is want, (key, chart.cast, chart.moment, sorted(_keys(c)))
        if want and op is not None:
            m = _move(c, key)
            assert m is not None and m.eventual == op, (key, m)
        seen[want] += 1
    assert seen[True] >= least and seen[False] >= 3, (key, seen)


# ---- 婚姻章 ---------------------------------------------------------------------------------------------------------

_HIS = Question(Topic.marriage, Subject.self, sex=Sex.male)    # 男家占女: 財 (HYN-01)
_HERS = Question(Topic.marriage, Subject.self, sex=Sex.female)  # 女家占男: 官


def test_a_fallen_or_spoiled_use_god_undoes_the_match() -> None:
    """HYN-05 L414 「財爻官爻不宜墓絕空破，又不宜動而化破化散化克化鬼，乃夭折貧寒之合。男占忌財爻犯之，女占忌官爻犯之」:
    the man's 財 or the woman's 官 空破 (lasting), in a real tomb, 絕, or moving into 破, 回頭克 or a 鬼 — the end 凶."""
    def holds(chart: Chart, st: States, use: Place) -> bool:
        s, ln = st[use], _line(chart, use)
        spoiled = ln is not None and (_changed(ln, T.化破, T.回頭克) or _into(ln, R.官鬼))
        return _hollow(s) or s.real_tomb or _cut(s) or spoiled

    for q in (_HIS, _HERS):
        _check(q, "hyn_use_god_undone", holds, "=凶")


def test_the_world_void_advancing_or_retreating() -> None:
    """HYN-06 L415 「動而空者實空之月日必成，靜而空者終不成也。世動化進神，事在必成。若化退神，終須難就」: a still void
    世 (not filled by the day's clash) never comes about, now or later; a moving void 世 is not that; a 世 advancing
    (and not spoiled otherwise) succeeds, one retreating does not."""
    for q in (_HIS, _HERS):
        _check(q, "hyn_world_void_static", lambda ch, st, u: (
            _ws(ch, st).void and not _ws(ch, st).void_filled and not ch.world.moving), "=凶")
        _check(q, "hyn_world_advances", lambda ch, st, u: (
            _changed(ch.world, T.化進神) and not _undone(ch.world, st)), "≥吉")
        _check(q, "hyn_world_retreats", lambda ch, st, u: _changed(ch.world, T.化退神), "≤小凶")
    moving_void = sum(_ws(ch, st).void and ch.world.moving and "hyn_world_void_static" not in _keys(c)
                      for ch, st, _, c in _sweep(_HIS))
    assert moving_void > 0


def _response_backs_out(chart: Chart, st: States) -> bool:
    rs = _rs(chart, st)
    return _changed(chart.response, T.化退神) or (not chart.response.moving and _hollow(rs))


def _wealth_advances_to_world(chart: Chart) -> bool:
    return any(x.relation is R.妻財 and _changed(x, T.化進神) and generates(x.element, chart.world.element)
               for x in chart.lines)


def test_the_other_side_retreating_unless_wealth_advances_to_the_world() -> None:
    """HYN-07 L416 「應空他人不實，若動化退神，必有退悔之心，若得財爻動化進神而生世者，雖見退悔，終是良緣」 (L415
    「應爻靜而空破及化退神，亦同此推」): the 應 still and 空破, or retreating — the other side backs out (the end at most
    小凶); with a 財 advancing that generates the 世, a good match after regrets (and no backing out)."""
    for q in (_HIS, _HERS):
        _check(q, "hyn_other_side_backs_out", lambda ch, st, u: (
            _response_backs_out(ch, st) and not _wealth_advances_to_world(ch)), "≤小凶")
        # the exception cannot be cast: by the 納甲 no 財 line advances where the 世 is one it generates (官鬼),
        # so the sweep checks only that it is never said without its condition
        _check(q, "hyn_regret_but_good_match", lambda ch, st, u: (
            _response_backs_out(ch, st) and _wealth_advances_to_world(ch)), least=0)


def _void(s: State) -> bool:
    """空 as XK2-02 reads it: void, and not 旺, moving, supported (「旺不為空，動不為空，有日建動爻生扶者不為空」) nor
    clashed by the day (沖空則實)."""
    return s.void and not s.void_filled and not s.moving and not s.in_season and not s.supports


@cache
def _void_pairs() -> tuple[Chart, ...]:
    """Charts whose 世 and 應 can be void together: their branches in one 旬's void pair, on days of that 旬 (the
    general sweep seldom meets it), each on six months."""
    out = []
    for n in range(0, 4096, 2):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        cast = parse_cast(lines)
        probe = build_chart(cast, Moment.from_pillars("寅", "甲子"))
        pair = {probe.world.branch.value, probe.response.branch.value}
        for start in range(0, 60, 10):  # 甲子旬 … 甲寅旬: the void pair follows the 旬's last branch
            if pair <= {(start + 10) % 12, (start + 11) % 12}:
                for k in range(6):
                    day = SEXAGENARY[start + (n + 3 * k) % 10]
                    out.append(build_chart(cast, Moment.from_pillars(MONTHS[(n + 2 * k) % 12], str(day))))
    return tuple(out)


def test_world_and_response_both_void() -> None:
    """HYN-08 L417 「世應俱空，皆無準實」: both void (空, not 破: the chapter says 「空破」 where it means both, L415);
    one alone is not it."""
    seen = [0, 0, 0]
    for chart in _charts() + _void_pairs():
        st = _st(chart)
        use = select_use_god(chart, R.妻財).place
        c = chapter_reading(chart, st, _HIS, use)
        w, r = _void(_ws(chart, st)), _void(_rs(chart, st))
        assert ("hyn_nothing_firm" in _keys(c)) is (w and r), chart.cast
        seen[w + r] += 1
    assert min(seen) > 0, seen


def _forceless(chart: Chart, st: States, rel: Relation) -> bool:
    return all(st[_lp(x)].vigour is Vigour.失陷 for x in chart.lines if x.relation is rel)


def test_a_six_clash_without_wealth_or_office() -> None:
    """HYN-12 L421 「忌六沖，卦無財官，主婚不成」 — but 「六沖變六合者更吉，眼下不允，日後必成」.  By the 納甲 every
    six-clash hexagram shows a 財 and an 官 line (checked here), so 「無」 is read against L420 「更要財官旺相為吉」 (the
    module's choice): a six-clash whose 財 or 官 lines are all 失陷 fails, now and later, unless it changes into a
    six-harmony."""
    def holds(chart: Chart, st: States, use: Place) -> bool:
        saved = chart.changed is not None and chart.changed.six_harmony
        return chart.hexagram.six_clash and not saved and (_forceless(chart, st, R.妻財)
                                                           or _forceless(chart, st, R.官鬼))

    for q in (_HIS, _HERS):
        _check(q, "hyn_clash_without_pair", holds, "=凶")
    clashing = [ch for ch, _, _, _ in _sweep(_HIS) if ch.hexagram.six_clash]
    assert clashing and all({R.妻財, R.官鬼} <= {x.relation for x in ch.lines} for ch in clashing)
    saved = [c for ch, st, _, c in _sweep(_HIS) if ch.changed is not None and ch.hexagram.six_clash
             and ch.changed.six_harmony and (_forceless(ch, st, R.妻財) or _forceless(ch, st, R.官鬼))]
    assert saved and not any("hyn_clash_without_pair" in _keys(c) for c in saved)


def test_husband_and_wife_in_their_places() -> None:
    """HYN-17 L426 「世持鬼應持財，謂之陰陽得位，必然鸞鳳和鳴。鬼臨應財持世，牡雞司晨，妻奪夫權」."""
    for q in (_HIS, _HERS):
        _check(q, "hyn_in_their_places", lambda ch, st, u: (
            ch.world.relation is R.官鬼 and ch.response.relation is R.妻財))
        _check(q, "hyn_wife_rules", lambda ch, st, u: ch.world.relation is R.妻財 and ch.response.relation is R.官鬼)


# ---- 胎孕章 ---------------------------------------------------------------------------------------------------------

def test_twins() -> None:
    """TY-03 L443 「子動化子孫、或卦中子孫動、或已有旺相之子孫動者他爻又變出旺之子孫，皆主雙胎 … 覺子曰：兩動兩旺者，
    此斷是也 … 兩現一不動者，非也」: a 子孫 changing into a 子孫; two moving strong 子孫; a moving strong 子孫 and
    another line changing into a strong 子孫.  Two 子孫 with one still are not twins."""
    q = Question(Topic.pregnancy, Subject.wife, birth=Birth.child)

    def holds(chart: Chart, st: States, use: Place) -> bool:
        kids = [x for x in chart.lines if x.relation is R.子孫]
        strong = [x for x in kids if x.moving and st[_lp(x)].vigour.strong]
        born = [x for x in chart.lines if _into(x, R.子孫)
                and st[Place(Layer.CHANGED, x.position)].vigour.strong]
        return any(x.moving and x.changed is not None and x.changed.relation is R.子孫 for x in kids) \
            or len(strong) >= 2 or (bool(strong) and bool(born))

    _check(q, "ty_twins", holds)
    one_still = [c for ch, st, _, c in _sweep(q) if not holds(ch, st, _)
                 and len([x for x in ch.lines if x.relation is R.子孫]) == 2
                 and len([x for x in ch.lines if x.relation is R.子孫 and x.moving]) == 1]
    assert one_still and not any("ty_twins" in _keys(c) for c in one_still)


# ---- 出行章, 舟行章, 行人章 -------------------------------------------------------------------------------------------

_GO = Question(Topic.travel, Subject.self)


def test_world_and_destination() -> None:
    """CX-02 L460 「世傷應位，不拘遠近相宜 … 我去克他，所向通達。應來刑沖克世，不可行之」: the 世 overcoming the 應
    helps; else the 應 overcoming, clashing or punishing the 世 bars it, now and later."""
    _check(_GO, "cx_world_masters_destination", lambda ch, st, u: ch.world.element.overcomes is ch.response.element,
           "+1")

    def strikes(ch: Chart, st: States, u: Place) -> bool:
        w, r = ch.world, ch.response
        return w.element.overcomes is not r.element and (
            r.element.overcomes is w.element or clashes(r.branch, w.branch) or punishes(r.branch, w.branch))

    _check(_GO, "cx_destination_strikes_world", strikes, "≤小凶")
    for ch, st, u, c in _sweep(_GO):
        m = _move(c, "cx_destination_strikes_world")
        assert m is None or m.now == "≤小凶"


def _between(chart: Chart) -> list[Line]:
    lo, hi = sorted((chart.world.position, chart.response.position))
    return [x for x in chart.lines if lo < x.position < hi]


def test_a_clash_with_a_weak_struck_world_never_leaves() -> None:
    """CX-03 L461 「六沖卦及動而變沖，世爻休囚被克者，終去不成，有始無終」: a six-clash hexagram (or one changing into
    a six-clash) with the 世 weak and overcome (by the month, the day, a moving line or its change) — the end 凶; a strong
    世, or one not overcome, is not it."""
    def holds(ch: Chart, st: States, u: Place) -> bool:
        clash = ch.hexagram.six_clash or (ch.changed is not None and ch.changed.six_clash)
        ws = _ws(ch, st)
        return clash and not ws.vigour.strong and _struck_by(st, ws)

    _check(_GO, "cx_never_leaves", holds, "=凶")


def test_the_companions_between_world_and_response() -> None:
    """CX-03 L461 「兩間爻者，乃同行附載之人，動而克世，必遭其害，動臨兄爻，破我之財，生合我者為吉，倘兩間齊空 …
    定然無伴孤行」: each of the two lines between says one thing, the first that holds."""
    def rank(x: Line, w: Line, st: States, ch: Chart) -> str:
        if x.moving and x.element.overcomes is w.element and _forceful(ch, st, x, _lp(w), _GO):
            return "cx_companion_harms"
        if x.moving and x.relation is R.兄弟:
            return "cx_companion_costs"
        if generates(x.element, w.element) or harmonizes(x.branch, w.branch):
            return "cx_companion_helps"
        return ""

    for key in ("cx_companion_harms", "cx_companion_costs", "cx_companion_helps"):
        _check(_GO, key, lambda ch, st, u, key=key: any(rank(x, ch.world, st, ch) == key for x in _between(ch)))
    _check(_GO, "cx_travels_alone", lambda ch, st, u: all(st[_lp(x)].void for x in _between(ch)))


def test_a_world_moving_in_secret_leaves() -> None:
    """CX-04 L462 「世爻暗動者必去，世爻旺靜逢沖之日必去」: a 世 moving in secret (暗動, AD-01: still, strong, clashed
    by the day) leaves now; any other strong still 世 leaves on the day that clashes it."""
    _check(_GO, "cx_leaves_now", lambda ch, st, u: _ws(ch, st).hidden_movement)
    for ch, st, u, c in _sweep(_GO):
        if not ch.world.moving and _ws(ch, st).vigour.strong and not _ws(ch, st).hidden_movement:
            assert any(t.key == "cx_departure_day" for t in c.timings)


def test_parents_burden_the_journey() -> None:
    """CX-07 L466 「父母持世而動或被父動沖克世爻 … 有應舟車行李之累 … 世爻旺者無妨，最怕休囚而為凶也」."""
    def burdened(ch: Chart, st: States) -> bool:
        w = ch.world
        return (w.relation is R.父母 and w.moving) or any(
            x.moving and x.relation is R.父母 and not x.world and _forceful(ch, st, x, _lp(w), _GO)
            and (x.element.overcomes is w.element or clashes(x.branch, w.branch)) for x in ch.lines)

    _check(_GO, "cx_burdened_weak", lambda ch, st, u: burdened(ch, st) and not _ws(ch, st).vigour.strong, "-1")
    _check(_GO, "cx_burdened_strong", lambda ch, st, u: burdened(ch, st) and _ws(ch, st).vigour.strong)


def test_wealth_on_the_world_struck_by_siblings() -> None:
    """CX-08 L467 「財爻持世，兄爻沖克 … 無端浪費 … 破耗百出」: a moving 兄 clashing or overcoming a 財 on the 世."""
    _check(_GO, "cx_money_wasted", lambda ch, st, u: ch.world.relation is R.妻財 and any(
        x.moving and x.relation is R.兄弟 and _forceful(ch, st, x, _lp(ch.world), _GO)
        and (x.element.overcomes is ch.world.element or clashes(x.branch, ch.world.branch)) for x in ch.lines), "-1")


def test_a_harmony_turning_into_a_clash_is_danger_even_at_home() -> None:
    """CX-10 L469 「六合卦變六沖，及卦變克絕者，坐家亦恐凶危」: a six-harmony changing into a six-clash; else a trigram
    changing into the one that overcomes it (化克, as XN-09 L613 names 「如巽變乾，坤變震之類，名為化絕化克」)."""
    def turned(ch: Chart) -> bool:
        return ch.hexagram.six_harmony and ch.changed is not None and ch.changed.six_clash

    def struck(ch: Chart) -> bool:
        c, h = ch.changed, ch.hexagram
        return c is not None and any(new != old and new.element.overcomes is old.element
                                     for old, new in ((h.lower, c.lower), (h.upper, c.upper)))

    _check(_GO, "cx_danger_even_at_home", lambda ch, st, u: turned(ch), least=1)
    _check(_GO, "cx_struck_even_at_home", lambda ch, st, u: struck(ch) and not turned(ch))


def _reversed(chart: Chart) -> bool:
    """卦得反吟 as the travel chapter reads it (CX-09): every moving line changes into the branch that clashes it."""
    movers = [x for x in chart.lines if x.moving]
    return bool(movers) and all(clashes(x.branch, x.changed.branch) for x in movers if x.changed is not None)


def test_a_boat_turns_back() -> None:
    """ZX-01 L472 「世化退及反吟卦，中途而返」: the 世 retreating, or the hexagram reversed (the 世 moving or not)."""
    boat = Question(Topic.boat, Subject.self)
    _check(boat, "zx_turns_back", lambda ch, st, u: _changed(ch.world, T.化退神) or _reversed(ch), "≤小凶")
    still = 0
    for n in range(4096):  # every cast whose moving lines all reverse (36 of them), the 世 still in most
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        ch = build_chart(parse_cast(lines), Moment.from_pillars(MONTHS[n % 12], str(SEXAGENARY[n % 60])))
        if _reversed(ch) and not ch.world.moving:
            use = select_use_god(ch, resolve(boat).target).place
            assert "zx_turns_back" in _keys(chapter_reading(ch, _st(ch), boat, use)), ch.cast
            still += 1
    assert still > 0


def test_the_world_overcoming_the_one_away() -> None:
    """XR-02 L479 「疏者以應爻為用神，世克用神且無歸志，用神克世近日回家」: the 世 overcoming the use-god (the 應 for a
    stranger, the relation for kin) — he has no mind to return; the use-god overcoming the 世 — he comes home soon."""
    for q in (Question(Topic.returning, Subject.other), Question(Topic.returning, Subject.child)):
        _check(q, "xr_no_wish_to_return", lambda ch, st, u: (
            u.position != ch.world.position and ch.world.element.overcomes is st[u].element), "≤小凶")
        _check(q, "xr_comes_home_soon", lambda ch, st, u: (
            u.position != ch.world.position and st[u].element.overcomes is ch.world.element), "≥小吉")


# ---- 防非避訟章, 鬥毆爭競章 ------------------------------------------------------------------------------------------

def _child_guards(chart: Chart) -> bool:
    return chart.world.relation is R.子孫 or any(x.moving and x.relation is R.子孫 for x in chart.lines)


def test_offspring_keep_a_lawsuit_off_and_a_ghost_brings_it() -> None:
    """FB-02 L483 「子孫動子孫持世必不成非，鬼持世鬼克世應動克世定然成訟」: a 子孫 moving or on the 世 — no trouble;
    else a 鬼 on the 世, a moving 鬼 overcoming it or the 應 moving to overcome it — the suit comes, now and later."""
    q = Question(Topic.avoid_lawsuit, Subject.self)
    _check(q, "fb_child_keeps_trouble_off", lambda ch, st, u: _child_guards(ch), "=吉")

    def comes(ch: Chart, st: States, u: Place) -> bool:
        w, r = ch.world, ch.response
        return not _child_guards(ch) and (w.relation is R.官鬼 or any(
            x.moving and x.relation is R.官鬼 and x.element.overcomes is w.element and _forceful(ch, st, x, _lp(w), q)
            for x in ch.lines)
            or (r.moving and r.element.overcomes is w.element))

    _check(q, "fb_lawsuit_comes", comes, "=凶")
    for _ch, _st, _u, c in _sweep(q):
        for key in ("fb_child_keeps_trouble_off", "fb_lawsuit_comes"):
            m = _move(c, key)
            assert m is None or m.now == m.eventual


def test_offspring_stop_a_fight() -> None:
    """DO-02 L486 「子孫發動子孫持世爭不成」."""
    _check(Question(Topic.lawsuit, Subject.self), "do_no_fight", lambda ch, st, u: _child_guards(ch))


# ---- 疾病章, 延醫章 ------------------------------------------------------------------------------------------------

_ILL = (Question(Topic.illness, Subject.self, illness=Illness.recent),
        Question(Topic.illness, Subject.sibling, illness=Illness.long),
        Question(Topic.illness, Subject.child, illness=Illness.recent),
        Question(Topic.illness, Subject.parent, illness=Illness.recent),
        Question(Topic.illness, Subject.parent, illness=Illness.long))
_GHOST_KIN = (Subject.parent, Subject.master, Subject.husband)  # 官鬼 their 元神 or use-god (JB-09, JB-11)


def _enemy(chart: Chart, s: State) -> Relation:
    """The 忌神: the relation whose element overcomes the use-god's."""
    return relation(chart.hexagram.element, next(e for e in type(s.element) if e.overcomes is s.element))


def test_the_use_god_turning_bad() -> None:
    """JB-05 L498 「自占病，不宜世爻變鬼及化回頭克，占兄弟妻子皆不宜鬼變弟兄妻子及弟兄妻子而變鬼，又不宜兄變財財化兄，
    父化子子化父。野鶴曰：鬼乃父母之元神，父動化鬼乃為化生，輕病者即愈，久病者鬼化父，父化鬼皆主危亡」: the use-god
    化鬼, 化忌 or 回頭克 ends 凶; a 鬼 or the 忌神 changing into the use-god's relation pulls down; for a parent 父化鬼
    heals a recent illness and ends a long one 凶, and 鬼化父 pulls a long one down."""
    seen: dict[str, int] = {}
    for q in _ILL:
        parent = q.subject in _GHOST_KIN
        for ch, st, u, c in _sweep(q):
            ln, s = _line(ch, u), st[u]
            keys = _keys(c)
            want = set()
            if ln is not None and ln.moving and ln.changed is not None:
                into, enemy = ln.changed.relation, _enemy(ch, s)
                if parent and ln.relation is R.父母 and into is R.官鬼:
                    want |= {Illness.recent: {"jb_parent_turns_ghost_recent"},
                             Illness.long: {"jb_parent_turns_ghost_long"}}.get(q.illness or Illness.recent, set())
                elif _into(ln, R.官鬼) or into is enemy or T.回頭克 in ln.transformations:
                    want.add("jb_use_god_turns_bad")
            if ln is not None:
                harmful = {_enemy(ch, s)} | ({R.官鬼} if not (parent and ln.relation is R.父母)
                                             or q.illness is Illness.long else set())
                if any(x.position != ln.position and x.relation in harmful and _into(x, ln.relation)
                       for x in ch.lines):
                    want.add("jb_ghost_turns_into_use_god")
            jb05 = {"jb_parent_turns_ghost_recent", "jb_parent_turns_ghost_long", "jb_use_god_turns_bad",
                    "jb_ghost_turns_into_use_god"}
            assert keys & jb05 == want, (q.subject, q.illness, ch.cast, keys & jb05, want)
            for key, op in (("jb_use_god_turns_bad", "=凶"), ("jb_parent_turns_ghost_long", "=凶"),
                            ("jb_parent_turns_ghost_recent", "+1"), ("jb_ghost_turns_into_use_god", "-1")):
                m = _move(c, key)
                assert m is None or m.eventual == op, m
            for key in want:
                seen[key] = seen.get(key, 0) + 1
    assert len(seen) == 4 and min(seen.values()) > 0, seen


def test_offspring_on_the_world() -> None:
    """JB-10 L503 「自占病子孫持世不藥而痊 … 代占六親之病不必看用神之衰旺，即知其安。何也？子孫乃喜悅之神，只要旺相」
    with WZ-04 (a 子孫 no one overcomes) and JB-09 (not for a parent, whose 元神 it strikes): oneself heals whatever
    its strength; for kin the 子孫 must be 旺相."""
    for q in _ILL:
        own = q.subject is Subject.self

        def holds(ch: Chart, st: States, u: Place, own: bool = own, q: Question = q) -> bool:
            ws = _ws(ch, st)
            free = not any(st[p].element.overcomes is ws.element for p in ws.attacks)
            return ch.world.relation is R.子孫 and free and (own or (q.subject not in _GHOST_KIN
                                                                    and ws.vigour.strong))

        _check(q, "jb_child_holds_world", holds, "≥小吉", least=0 if q.subject in _GHOST_KIN else 3)


def test_a_moving_ghost_and_the_enemy_retreating() -> None:
    """JB-11 L504 「鬼爻發動病勢必重 … 克用神者為忌神，若動化進神，亦同此意。忌神化退，其疾病漸減。覺子曰：鬼為父母之元神，
    占父母者，其病即愈」: a moving 鬼 (not the use-god) is grave — for a parent it heals; the 忌神 advancing is grave
    too (where it is not the 鬼 already said); the 忌神 retreating lightens."""
    for q in _ILL:
        parent = q.subject in _GHOST_KIN

        def ghosts(ch: Chart, u: Place) -> bool:
            return any(x.moving and x.relation is R.官鬼 and x.position != u.position for x in ch.lines)

        def parent_line(ch: Chart, u: Place) -> bool:
            ln = _line(ch, u)
            return ln is not None and ln.relation in (R.父母, R.官鬼)

        _check(q, "jb_ghost_moves_grave", lambda ch, st, u, p=parent: ghosts(ch, u) and not (p and parent_line(ch, u)),
               least=0 if parent else 3)
        _check(q, "jb_ghost_moves_heals_kin", lambda ch, st, u, p=parent: ghosts(ch, u) and p and parent_line(ch, u),
               "+1", least=3 if parent else 0)
        _check(q, "jb_enemy_retreats", lambda ch, st, u: _line(ch, u) is not None and any(
            x.moving and x.relation is _enemy(ch, st[u]) and T.化退神 in x.transformations
            and _lp(x) != u for x in ch.lines), "+1", least=1)
        _check(q, "jb_enemy_advances", lambda ch, st, u: _line(ch, u) is not None and _enemy(ch, st[u]) is not R.官鬼
               and any(x.moving and x.relation is _enemy(ch, st[u]) and T.化進神 in x.transformations
                       and _lp(x) != u for x in ch.lines), least=0)
    advancing = sum("jb_enemy_advances" in _keys(c) for q in _ILL for _ch, _st, _u, c in _sweep(q))
    assert advancing > 0


def test_moving_offspring_heal_or_relapse() -> None:
    """JB-12 L505 「自占病及占兄弟病，得子孫動者，制服官鬼，其病即愈。倘子孫動而化克，即使病愈後還發，反覆之象，卦得
    反吟者亦同上意」: for oneself or a sibling (a 子孫 on the 世 is JB-10's); 化克 or a reversed hexagram — a relapse."""
    for q in _ILL:
        kin = q.subject in (Subject.self, Subject.sibling)

        def moves(ch: Chart, q: Question = q) -> list[Line]:
            # 制服官鬼: with the force to strike the 鬼 (the one on the 世, else the 官鬼's line); 化克 is the
            # passage's own relapse
            st = states_of(ch)
            ghost = _lp(ch.world) if ch.world.relation is R.官鬼 else select_use_god(ch, R.官鬼).place
            near = q.illness is not Illness.long
            return [x for x in ch.lines if x.moving and x.relation is R.子孫 and (
                T.回頭克 in x.transformations or cannot_harm(ch, st, _lp(x), st[ghost], near) is None)]

        def relapse(ch: Chart) -> bool:
            return any(T.回頭克 in x.transformations for x in moves(ch)) or _reversed(ch)

        base = (lambda ch, st, u, k=kin: k and bool(moves(ch)) and ch.world.relation is not R.子孫)
        _check(q, "jb_child_moves_relapse", lambda ch, st, u, b=base: b(ch, st, u) and relapse(ch), "≤平",
               least=3 if kin else 0)
        _check(q, "jb_child_moves_heals", lambda ch, st, u, b=base: b(ch, st, u) and not relapse(ch), "≥小吉",
               least=3 if kin else 0)


_DOC = Question(Topic.doctor, Subject.self, illness=Illness.recent)
_DOC_LONG = Question(Topic.doctor, Subject.self, illness=Illness.long)


def test_the_medicine() -> None:
    """YY-04 L526 「子孫臨在應或發動於卦中亦要旺相，不受刑沖克害破墓絕空，藥必見效。子動化鬼化克，其藥不精，子動化空實空
    之日有效。子動化生化旺化進神者，其藥更靈」: the medicine (the first 子孫, from the bottom, on the 應 or moving) changing into a 鬼 or
    struck by its change is poor; moving into a void, it works on the day the void is filled; strong and unhurt it
    works, and better when it changes well."""
    def medicine(ch: Chart) -> Line | None:
        return next((x for x in ch.lines if x.relation is R.子孫 and (x.moving or x.response)), None)

    def poor(ch: Chart, st: States, u: Place) -> bool:
        x = medicine(ch)
        return x is not None and (_into(x, R.官鬼) or _changed(x, T.回頭克))

    def sound(ch: Chart, st: States, u: Place) -> bool:
        x = medicine(ch)
        if x is None or poor(ch, st, u) or _changed(x, T.化空):
            return False
        s = st[_lp(x)]
        return s.vigour.strong and not s.attacks and not _hollow(s)

    def better(ch: Chart, st: States, u: Place) -> bool:
        x = medicine(ch)
        return x is not None and sound(ch, st, u) and _changed(x, T.回頭生, T.化進神, T.化長生, T.化帝旺) \
            and not _undone(x, st)

    _check(_DOC, "yy_medicine_poor", poor, "-1")
    _check(_DOC, "yy_medicine_better", better, "+1", least=1)
    _check(_DOC, "yy_medicine_works", lambda ch, st, u: sound(ch, st, u) and not better(ch, st, u), "+1")
    for ch, st, u, c in _sweep(_DOC):
        x = medicine(ch)
        if x is not None and x.changed is not None and not poor(ch, st, u) and _changed(x, T.化空):  # 實空之日
            assert any(t.key == "yy_medicine_void_day" and t.branch is x.changed.branch for t in c.timings)


def test_the_doctor_overcoming_the_world() -> None:
    """YY-05 L527 「自占病，應爻克世者制我之病也 … 惟不宜乎久病及體弱之人 … 應爻臨兄鬼而克用神及克世爻者不拘久病近病
    必遭其殃」: a 應 able to strike (moving, moving in secret or strong) that overcomes the 世: on a 兄 or a 鬼 it harms
    (凶); else for a long illness or a weak 世 it is too harsh; else it masters the illness."""
    for q in (_DOC, _DOC_LONG):
        def strikes(ch: Chart, st: States) -> bool:
            r, rs = ch.response, _rs(ch, st)
            return r.element.overcomes is ch.world.element and (r.moving or rs.hidden_movement or rs.vigour.strong)

        def bad(ch: Chart) -> bool:
            return ch.response.relation in (R.兄弟, R.官鬼)

        _check(q, "yy_doctor_harms", lambda ch, st, u: strikes(ch, st) and bad(ch), "=凶")
        harsh = (lambda ch, st, u, q=q: strikes(ch, st) and not bad(ch)
                 and (q.illness is Illness.long or not _ws(ch, st).vigour.strong))
        _check(q, "yy_doctor_too_harsh", harsh, "-1")
        _check(q, "yy_doctor_masters_illness", lambda ch, st, u, h=harsh: (
            strikes(ch, st) and not bad(ch) and not h(ch, st, u)), "+1", least=0 if q is _DOC_LONG else 3)


def test_the_doctor_overcoming_a_relatives_line() -> None:
    """YY-05 L527 「應爻克用神亦如此斷。惟不宜乎久病及體弱之人 … 應爻臨兄鬼而克用神 … 必遭其殃」 for kin: the 應 able to
    strike that overcomes the relative's line — harm on a 兄 or a 鬼, too harsh for a long illness or a weak patient,
    else it masters the illness; not for a parent nor a husband (YY-07: another should ask)."""
    patient_of = {Subject.sibling: R.兄弟, Subject.child: R.子孫}
    asked = (Question(Topic.doctor, Subject.sibling, illness=Illness.recent),  # only a 鬼 overcomes a 兄
             Question(Topic.doctor, Subject.child, illness=Illness.long),
             Question(Topic.doctor, Subject.child, illness=Illness.recent))
    for q in asked:
        def hit(ch: Chart, st: States, q: Question = q) -> State | None:
            p = select_use_god(ch, patient_of[q.subject or Subject.self]).place
            r, rs = ch.response, _rs(ch, st)
            able = r.moving or rs.hidden_movement or rs.vigour.strong
            return st[p] if p != rs.place and able and r.element.overcomes is st[p].element else None

        def bad(ch: Chart) -> bool:
            return ch.response.relation in (R.兄弟, R.官鬼)

        def harsh(ch: Chart, st: States, u: Place, q: Question = q) -> bool:
            ps = hit(ch, st)
            return ps is not None and not bad(ch) and (q.illness is Illness.long or not ps.vigour.strong)

        _check(q, "yy_doctor_harms_patient", lambda ch, st, u: hit(ch, st) is not None and bad(ch), "=凶", least=0)
        _check(q, "yy_doctor_too_harsh_patient", harsh, "-1", least=0)
        _check(q, "yy_doctor_masters_patient", lambda ch, st, u: (
            hit(ch, st) is not None and not bad(ch) and not harsh(ch, st, u)), "+1", least=0)
    for key in ("yy_doctor_harms_patient", "yy_doctor_too_harsh_patient", "yy_doctor_masters_patient"):
        assert sum(key in _keys(c) for q in asked for _ch, _st, _u, c in _sweep(q)) >= 3, key
    for subject in (Subject.parent, Subject.husband):
        q = Question(Topic.doctor, subject)
        for ch in _charts()[::16]:
            c = chapter_reading(ch, _st(ch), q, select_use_god(ch, resolve(q).target).place)
            assert not any(m.rule == "YY-05" for m in c.moves)


def test_a_child_or_a_wife_should_not_ask_the_doctor() -> None:
    """YY-07 L529 「子不代父以占藥，妻不代夫而卜醫」: asked for a parent or a husband, another should cast."""
    for subject in (Subject.parent, Subject.husband, Subject.child, Subject.self):
        q = Question(Topic.doctor, subject)
        for ch in _charts()[:64]:
            c = chapter_reading(ch, _st(ch), q, select_use_god(ch, resolve(q).target).place)
            assert ("yy_another_should_ask" in _keys(c)) is (subject in (Subject.parent, Subject.husband))


# ---- 蓋造買宅章, 尋地章, 祖塋舊冢章 -----------------------------------------------------------------------------------

_HOUSE = Question(Topic.house, Subject.self)  # building, buying or renting (Aspect.acquire, the default)
_SITE = Question(Topic.land, Subject.self)    # the site (Aspect.site): the 世 is the site (XN-01)
_GRAVE = Question(Topic.grave, Subject.self, aspect=Aspect.grave)  # the grave as it is: 父母 (ZY-03)


def _clash_harmony(chart: Chart) -> tuple[bool, bool, bool, bool]:
    """(six-clash, six-harmony, changes into a six-clash, changes into a six-harmony)."""
    c = chart.changed
    return (chart.hexagram.six_clash, chart.hexagram.six_harmony, c is not None and c.six_clash,
            c is not None and c.six_harmony)


def test_a_house_in_a_six_harmony_or_a_six_clash() -> None:
    """GZ-02 L549 「世爻父爻旺相，又得六合卦者事之必成，成而久遠，但不喜其六沖，六沖不久之象」."""
    _check(_HOUSE, "gz_harmony_lasting", lambda ch, st, u: (
        ch.hexagram.six_harmony and st[u].vigour.strong and _ws(ch, st).vigour.strong), "+1")
    _check(_HOUSE, "gz_clash_short", lambda ch, st, u: ch.hexagram.six_clash, "≤平")


def test_a_house_world_advancing_or_retreating() -> None:
    """GZ-03 L551 「世動化退，勉強成之，終須退悔。世動而化進神者，成後長遠興隆」 (an advance spoiled otherwise is not it)."""
    _check(_HOUSE, "gz_world_retreats", lambda ch, st, u: _changed(ch.world, T.化退神), "-1")
    _check(_HOUSE, "gz_world_advances", lambda ch, st, u: (
        _changed(ch.world, T.化進神) and not _undone(ch.world, st)), "+1")


def test_when_not_to_build_buy_or_rent() -> None:
    """GZ-04 L553 「世爻隨鬼入墓，財爻助鬼克世，及世爻動而變凶，或日月動爻克世，皆不宜行。父動克世及世爻父爻空破墓絕者，
    亦不宜行。野鶴曰：凡蓋造買宅賃宅，世與父爻旺相不犯沖克者即宜成之」: any of these — the end 凶, now too; else the
    世 and the 父 both strong — go ahead."""
    def stop(ch: Chart, st: States, u: Place) -> bool:
        ws, us = _ws(ch, st), st[u]
        tomb = ws.tomb_place
        ghost_tomb = ws.real_tomb and tomb is not None and tomb.layer is Layer.LINE \
            and ch.lines[tomb.position - 1].relation is R.官鬼
        parent = any(x.moving and not x.world and x.relation is R.父母 and x.element.overcomes is ch.world.element
                     and _forceful(ch, st, x, _lp(ch.world), _HOUSE) for x in ch.lines)
        fallen = any(_hollow(s) or s.real_tomb or _cut(s) for s in (ws, us))
        # 「日月動爻克世」 read as chapters 1–34 read a 克 (JS-06 L451): the 世's four places come out against it
        struck = _struck_by(st, ws) and tally(ch, st, ws).verdict.side < 0
        return ghost_tomb or _undone(ch.world, st) or struck or parent or fallen

    _check(_HOUSE, "gz_do_not_proceed", stop, "=凶")
    _check(_HOUSE, "gz_proceed", lambda ch, st, u: (
        not stop(ch, st, u) and st[u].vigour.strong and _ws(ch, st).vigour.strong), "≥小吉")
    for _ch, _st, _u, c in _sweep(_HOUSE):
        m = _move(c, "gz_do_not_proceed")
        assert m is None or m.now == "=凶"


def test_a_site_gathers_or_scatters() -> None:
    """XN-02 L605 「卦逢六合或世與子孫爻作六合，乃藏風吉穴 … 若得六沖卦，或六沖變六沖，或世應相沖，沖者散也，必無氣耳」
    and XN-03 L606 「六沖變六合，吉地失而復得；六合變六沖，吉地得而復失」 (which speak instead of XN-02)."""
    def turn(ch: Chart) -> str:
        clash, harmony, to_clash, to_harmony = _clash_harmony(ch)
        if clash and to_harmony:
            return "xn_regained"
        if harmony and to_clash:
            return "xn_declining"
        if clash or clashes(ch.world.branch, ch.response.branch):
            return "xn_qi_disperses"
        if harmony or any(x.relation is R.子孫 and harmonizes(ch.world.branch, x.branch) for x in ch.lines):
            return "xn_qi_gathers"
        return ""

    for key, op, least in (("xn_regained", "+1", 1), ("xn_declining", "≤小凶", 1), ("xn_qi_disperses", "-1", 3),
                           ("xn_qi_gathers", "+1", 3)):
        _check(_SITE, key, lambda ch, st, u, key=key: turn(ch) == key, op, least)


def test_a_site_changing_for_worse_or_better() -> None:
    """XN-04 L607 「世爻雖旺不宜化破及化墓絕化回頭克 … 世若衰弱，動而化回頭相生化長生帝旺化日月化合化進神者，先否後喜之
    兆」: a strong moving 世 changing into 破, 墓, 絕 or 回頭克; a weak one changing well (and not also for the worse)."""
    def spoiled(ch: Chart, st: States, u: Place) -> bool:
        return _ws(ch, st).vigour.strong and _changed(ch.world, T.化破, T.化墓, T.化絕, T.回頭克)

    def mends(ch: Chart, st: States, u: Place) -> bool:
        w = ch.world
        if _ws(ch, st).vigour.strong or not w.moving or w.changed is None or _undone(w, st):
            return False
        on_pillars = w.changed.branch in (ch.moment.month_branch, ch.moment.day.branch)
        return _changed(w, T.回頭生, T.化長生, T.化帝旺, T.回頭合, T.化進神) or on_pillars

    _check(_SITE, "xn_good_then_spoiled", spoiled, "-1")
    _check(_SITE, "xn_poor_then_good", mends, "+1")


def test_the_grave_line() -> None:
    """ZY-03 L641 「父母為用神，宜旺相，或日月動爻生扶，或動而化生日月化比助化進神乃吉地也 … 不宜墓絕空破，及動而破散
    化退神化絕墓化回頭克化旬空化破散，乃凶象也」: the 父 fallen or changing for the worse (化破 化空 listed here, unless
    it advances) — restless, the end 凶; else strong, supported or changing well — a good grave."""
    def restless(ch: Chart, st: States, u: Place) -> bool:
        s, ln = st[u], _line(ch, u)
        turned = ln is not None and (_undone(ln, st) or (
            _changed(ln, T.化破, T.化空) and T.化進神 not in ln.transformations))
        return _hollow(s) or s.real_tomb or _cut(s) or turned

    def good(ch: Chart, st: States, u: Place) -> bool:
        s, ln = st[u], _line(ch, u)
        well = ln is not None and _changed(ln, T.回頭生, T.化進神, T.化長生, T.化帝旺) and not _undone(ln, st)
        return not restless(ch, st, u) and (s.vigour.strong or bool(s.supports) or well)

    _check(_GRAVE, "zy_grave_restless", restless, "=凶")
    _check(_GRAVE, "zy_good_grave", good, "≥小吉")


def test_the_grave_vein() -> None:
    """ZY-02 L640 「卦遇六沖全無地脈 … 卦變六沖龍已去 … 沖中變合運將來」."""
    def vein(ch: Chart) -> str:
        clash, _, to_clash, to_harmony = _clash_harmony(ch)
        if clash and to_harmony:
            return "zy_fortune_returns"
        return "zy_no_vein" if clash or to_clash else ""

    _check(_GRAVE, "zy_fortune_returns", lambda ch, st, u: vein(ch) == "zy_fortune_returns", "+1", least=1)
    _check(_GRAVE, "zy_no_vein", lambda ch, st, u: vein(ch) == "zy_no_vein", "-1")


def test_the_world_turning_into_a_ghost() -> None:
    """ZY-05 L642 「世爻變鬼及隨墓助傷，所占之人不吉」: the 世 changing into a 鬼 (a 鬼 on the 世 that stays one is not);
    else the 世 隨墓 — in the tomb a moving 鬼 line is, the tomb not clashed open (隨鬼入墓, as L468 glosses 隨墓)."""
    _check(_GRAVE, "zy_asker_at_risk", lambda ch, st, u: _into(ch.world, R.官鬼))

    def ghost_tomb(ch: Chart, st: States, u: Place) -> bool:
        ws = _ws(ch, st)
        where = ws.tomb_place
        return not _into(ch.world, R.官鬼) and ws.tomb is not None and not ws.tomb_broken and where is not None \
            and where.layer is Layer.LINE and ch.lines[where.position - 1].relation is R.官鬼

    _check(_GRAVE, "zy_asker_in_ghost_tomb", ghost_tomb)
