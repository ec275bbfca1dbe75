"""壽元 (SYU), 趨避 (QB), 父母壽元 (FM), 兄弟 (XD), 夫婦 (FQ), 子嗣 (ZSI) — core/chapters/body.py — and 求財 (QC),
謁貴 (YG), 開店 (KH), 囤貨 (DH) — core/chapters/wealth.py: each rule on charts swept for its passage's condition,
the predicate written here from the passage (the chart's facts and the line states of ch. 1–34 as its words), and
checked both ways: where it holds the chapter says it, with its direction; where an essential part fails it does not.

The passages are quoted as printed in ``zsby_topics_doctrine.txt`` (tests/data/texts holds the copy).  The chapter
readings are made once per question and shared (``_sweep``): a chart's chapter reading, not the whole reading — the
decision only applies the chapter's moves (tests/test_chapters.py checks that it does).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from core.chapters import ChapterReading, chapter_reading
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, Line, Transformation, build_chart
from core.chart.ganzhi import Branch, Element
from core.chart.hexagram import Relation
from core.findings import Layer, Place, Unit
from core.question import Question, Subject, Topic, resolve
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import State, States, Vigour, states_of
from core.reading.step4_places import cannot_harm, cannot_help
from tests.passages import assert_quotes_on_their_lines
from tests.test_chapter_rules import _charts

R = Relation
T = Transformation

QUOTES = {
    "SYU-02": "世爻休囚，防之于冲克之年，再有刑伤克害者，动而逢合逢值之年，静而逢值逢冲之年",
    "SYU-03": "休囚随鬼入墓，衰逢助鬼之伤，皆为凶兆。世动化退，化鬼又化回头之克，化绝、化墓、化破空",
    "SYU-06": "忌神不动，自是平安，动则已有限期矣。非应逢合之年，必应逢值之岁",
    "QB-02": "凡占防患克世者，皆不为吉，独鬼爻克世更凶，火鬼须防火炎",
    "QB-05": "虽然子孙持世，难为吉兆，如逢月破，出月无忧。若临旬空，许之出旬无忧",
    "QB-06": "克神若在内卦，动而克世，宜出外避之，克神若在外卦，动而克世，宜在家避之",
    "QB-07": "皆宜避于生世之方及子孙为吉。子孙若发动于卦中，不拘克世持世，俱以为吉",
    "FM-03": "父临日月椿庭晚放荣华，母值空破萱草残年憔悴",
    "XD-02": "兄弟爻或旺或相，临日月或日月动爻生扶及动而化吉",
    "XD-03": "倘休囚又逢破空及日月动爻刑克或动而化凶者，诸占皆不吉也",
    "FQ-04": "弟兄持世或兄爻动於卦中，或日月临兄弟以伤财，或兄化财爻，不拘问妻问妾，皆不得长年",
    "FQ-05": "兄爻持世而财爻旺者，不能克妻，终乘琴瑟，相见如仇",
    "ZSI-03": "或动而化凶，或日月动爻冲克，或父化子，子化父，鬼变子孙，或父空持世，皆生生而不有",
    "ZSI-04": "子孙逢空不碍，必得子冲空实空之年",
    "ZSI-06": "卦有财而无子孙者，须看变出之爻，变爻子孙。庶出也",
    "ZSI-07": "子化子，须知本宫他宫。子孙化子孙得验者二",
    "ZSI-10": "世爻化鬼、化回头克、休囚化空破墓绝及随鬼入墓，日月同克，休问他人，且防自己",
    "QC-04": "财与子孙爻俱不现于卦中",
    "QC-06": "卦中财临日月，谓之重叠，若许求谋得意之时，须待财爻入墓之日",
    "QC-08": "兄爻多者，待兄爻入墓之日，及克损爻之日，必劫其财",
    "QC-12": "财爻持世，兄爻亦动者，不独劫财，还防伤已，如若鬼动克世者更凶",
    "YG-02": "世动化空破者，勿曰不吉，乃应到彼之月日也",
    "YG-08": "平人见贵，官克世变鬼变克勿去，去则须防不测",
    "KH-02": "应生世，他益于我。世生应，我益于他。相克相冲而情有变，应爻克世，我被他瞒；世克应爻，他从我愿",
    "KH-04": "更忌世与财空，俱开不成",
    "KH-05": "若得子孙制鬼，或日月冲克鬼爻，谓之有制",
    "KH-06": "惟六合变冲则不宜也，眼前热闹，终久萧条",
    "DH-03": "财化进神不可收积，化退者，其价将落，有货速宜出脱",
    "DH-05": "财爻太旺旺者得利于墓库之月，休囚者出脱于生旺之时，入墓必待冲开",
    "DH-07": "财旺而静或旺而空得今日之日神冲者，其价渐渐涨矣；倘若静而休囚，日冲为破，勿以此断",
}


# KH-06 is registered at its first line (L362 反吟); the catalogue's rule runs on to L363, the sentence tested here
SPAN = {"KH-06": 1}


def test_the_quotes_are_on_their_lines() -> None:
    assert_quotes_on_their_lines(QUOTES, SPAN)


# ---- the sweep: each chart's states once, each question's chapter reading once -----------------------------------

@cache
def _charts_swept() -> tuple[Chart, ...]:
    """Every 4th cast on two months (2 048 charts)."""
    return tuple(_charts(4, 2))


@cache
def _states(chart: Chart) -> States:
    return states_of(chart)


Row = tuple[Chart, States, Place, ChapterReading]


@cache
def _sweep(q: Question) -> tuple[Row, ...]:
    out = []
    target = resolve(q).target
    for chart in _charts_swept():
        states = _states(chart)
        use = select_use_god(chart, target).place
        out.append((chart, states, use, chapter_reading(chart, states, q, use)))
    return tuple(out)


def _rows(q: Question) -> Iterator[Row]:
    yield from _sweep(q)


def _read_all(q: Question, charts: Iterable[Chart]) -> Iterator[Row]:
    target = resolve(q).target
    for chart in charts:
        states = _states(chart)
        use = select_use_god(chart, target).place
        yield chart, states, use, chapter_reading(chart, states, q, use)


def _charts_on(pillars: tuple[tuple[str, str], ...], every: int) -> Iterator[Chart]:
    """Every ``every``-th cast on each (month, day) of ``pillars``: for a condition of the moment the sweep rarely
    meets (the month and the day of one element)."""
    for n in range(0, 4096, every):
        cast = parse_cast("".join("6789"[(n >> (2 * i)) & 3] for i in range(6)))
        for month, day in pillars:
            yield build_chart(cast, Moment.from_pillars(month, day))


def _keys(c: ChapterReading) -> set[str]:
    return {m.key for m in c.moves} | {f.key for f in c.findings}


def _move(c: ChapterReading, key: str) -> tuple[str, str]:
    (m,) = [m for m in c.moves if m.key == key]
    return m.now, m.eventual


def _times(c: ChapterReading, key: str) -> set[Branch]:
    return {t.branch for t in c.timings if t.key == key}


def _line(chart: Chart, p: Place) -> Line | None:
    return chart.lines[p.position - 1] if p.layer is Layer.LINE else None


def _wp(chart: Chart) -> Place:
    return Place(Layer.LINE, chart.hexagram.world)


def _lp(ln: Line) -> Place:
    return Place(Layer.LINE, ln.position)


# The book's words, written here from the chart's facts (not from the chapter modules' helpers).

def _weak(s: State) -> bool:
    """休囚 (衰): not 旺 or 相 in the chapter's sense."""
    return s.vigour in (Vigour.休囚, Vigour.失陷)


def _moves_of(chart: Chart, rel: Relation) -> list[Line]:
    return [ln for ln in chart.lines if ln.moving and ln.relation is rel]


def _forceful(chart: Chart, states: States, lines: Iterable[Line], target: Place, near: bool) -> list[Line]:
    """Of ``lines`` named as striking ``target``, those chapters 1–34 leave the force to (not tied, retreating, struck
    by their own change, 貪生忘克 or entombed: ``cannot_harm``, the four places' reasons)."""
    return [ln for ln in lines if cannot_harm(chart, states, _lp(ln), states[target], near) is None]


def _can_feed(chart: Chart, states: States, lines: Iterable[Line], target: Place, near: bool) -> list[Line]:
    """Of ``lines`` named as feeding ``target``, those chapters 1–34 let feed (002 YN-6: ``cannot_help``)."""
    return [ln for ln in lines if cannot_help(chart, states, _lp(ln), states[target], near) is None]


def _turns_bad(ln: Line | None, s: State, listed: bool = False) -> bool:
    """動而變凶 as FQ-04 lists it (L130 「化鬼、化回頭克、化退神、化絕、化墓、化破、化空之類」): 化墓 and 化絕 undo a
    weak line (ch. 1–34, JB-06), 化破 and 化空 count where the chapter lists them and the line does not advance."""
    if ln is None or not ln.moving or ln.changed is None:
        return False
    t = ln.transformations
    return (ln.changed.relation is R.官鬼 and ln.relation is not R.官鬼) or T.回頭克 in t or T.化退神 in t \
        or (_weak(s) and (T.化墓 in t or T.化絕 in t)) \
        or (listed and T.化進神 not in t and (T.化破 in t or T.化空 in t))


def _turns_good(ln: Line | None, s: State) -> bool:
    return ln is not None and ln.moving and any(t in ln.transformations for t in (T.回頭生, T.化進神, T.化長生, T.化帝旺)) \
        and not _turns_bad(ln, s)


def _on_month_or_day(chart: Chart, b: Branch) -> bool:
    return b in (chart.moment.month_branch, chart.moment.day.branch)


def _sound(chart: Chart, s: State, ln: Line | None) -> bool:
    """旺相、臨日月、日月動爻生扶、動而化吉 (FM-03, XD-02, ZSI-02)."""
    return s.vigour in (Vigour.旺, Vigour.有氣) or s.on_month_or_day or bool(s.supports) or _turns_good(ln, s)


def _lost(s: State) -> bool:
    """空破 as a lasting fault: true void, or a still month break, and 失陷."""
    return (s.true_void or (s.month_break and not s.moving)) and s.vigour is Vigour.失陷


def _harmony(a: Branch, b: Branch) -> bool:
    return (a + b) % 12 == 1  # 子丑 寅亥 卯戌 辰酉 巳申 午未


def _clash(a: Branch, b: Branch) -> bool:
    return (a - b) % 12 == 6


def _combined(b: Branch) -> Branch:
    return Branch((13 - b) % 12)


def _clasher(b: Branch) -> Branch:
    return Branch((b + 6) % 12)


_TOMB = {Element.木: Branch.未, Element.火: Branch.戌, Element.金: Branch.丑, Element.水: Branch.辰, Element.土: Branch.辰}
_BIRTH = {Element.木: Branch.亥, Element.火: Branch.寅, Element.金: Branch.巳, Element.水: Branch.申, Element.土: Branch.申}
_PEAK = {Element.木: Branch.卯, Element.火: Branch.午, Element.金: Branch.酉, Element.水: Branch.子, Element.土: Branch.子}


def _ghost_tomb(chart: Chart, s: State) -> bool:
    """隨鬼入墓: weak and struck, it lies in the tomb of a 官鬼 line (SG-02: a tomb is real for the weak and struck)."""
    return s.real_tomb and s.tomb_place is not None and s.tomb_place.layer is Layer.LINE \
        and chart.lines[s.tomb_place.position - 1].relation is R.官鬼


# ---- 壽元章 -------------------------------------------------------------------------------------------------------

_OWN = Question(Topic.lifespan, Subject.self)


def test_a_weak_struck_world_names_its_years() -> None:
    """SYU-02 L92 「世爻休囚，防之於沖克之年，再有刑傷克害者，動而逢合逢值之年，靜而逢值逢沖之年」: a 休囚 世 that is
    struck (刑傷克害) names the years of its own branch and its 合 when it moves, its own and its 沖 when still; a
    weak one nothing strikes, the year that clashes it (沖克, the clash that strikes); a strong 世 none."""
    seen = {"moving": 0, "still": 0, "weak": 0, "strong": 0}
    for chart, states, _use, c in _rows(_OWN):
        ws, w = states[_wp(chart)], chart.world
        got = _times(c, "syu_danger_year")
        assert all(t.unit is Unit.YEAR for t in c.timings if t.key == "syu_danger_year")
        if _weak(ws) and ws.attacks:
            want = {w.branch, _combined(w.branch)} if w.moving else {w.branch, _clasher(w.branch)}
            seen["moving" if w.moving else "still"] += 1
        elif _weak(ws):
            want = {_clasher(w.branch)}
            seen["weak"] += 1
        else:
            want = set()
            seen["strong"] += 1
        assert got == want, chart.cast
    assert min(seen.values()) > 20, seen


def test_a_world_hurt_or_turning_bad_is_a_short_life() -> None:
    """SYU-03 L92 「休囚隨鬼入墓，衰逢助鬼之傷，皆為凶兆。世動化退，化鬼又化回頭之克，化絕、化墓、化破空 … 只恐不多時」:
    a weak 世 in a 官鬼's tomb, a weak 世 struck by a moving 官鬼 that a moving 財 feeds (助鬼), or a moving 世 that
    changes for the worse ends 凶; without any of them the chapter does not say it."""
    seen = {"tomb": 0, "fed": 0, "turned": 0, "none": 0}
    # a 官鬼 tomb of the 世 is rare (an earth 官鬼, so a 水 palace): every other cast on three months, where one moves
    entombing = (chart for chart in _charts(2, 3) if any(
        x.moving and x.relation is R.官鬼 and x.branch is _TOMB[chart.world.element] for x in chart.lines))
    for chart, states, _use, c in (*_rows(_OWN), *_read_all(_OWN, entombing)):
        ws, w = states[_wp(chart)], chart.world
        # 助鬼之傷: a moving 官鬼 with the force to strike the 世, fed by a moving 財 that can feed it (a far matter)
        ghosts = [g for g in _forceful(chart, states, _moves_of(chart, R.官鬼), _wp(chart), False)
                  if g.element.overcomes is w.element]
        fed = _weak(ws) and bool(ghosts) and bool(_can_feed(chart, states, _moves_of(chart, R.妻財), _lp(ghosts[0]),
                                                            False))
        turned = _turns_bad(w, ws, listed=True)
        why = "tomb" if _ghost_tomb(chart, ws) else "fed" if fed else "turned" if turned else "none"
        if why == "none":
            assert "syu_short_life" not in _keys(c), chart.cast
        else:
            assert _move(c, "syu_short_life") == ("", "=凶"), (chart.cast, why)
        seen[why] += 1
    assert min(seen.values()) > 3, seen  # 助鬼 with the force to strike is rare


def test_a_moving_enemy_of_the_world_names_its_years() -> None:
    """SYU-06 L95 「忌神不動，自是平安，動則已有限期矣。非應逢合之年，必應逢值之歲」: a moving line (not the 世) whose
    element overcomes the 世 names the year of its own branch and of its 合; with none moving, no such year."""
    seen = {True: 0, False: 0}
    for chart, _states_, _use, c in _rows(_OWN):
        enemies = [ln for ln in chart.lines if ln.moving and not ln.world and ln.element.overcomes is chart.world.element]
        own, combined = _times(c, "syu_enemy_own_year"), _times(c, "syu_enemy_combined_year")
        if enemies:
            assert own and own <= {x.branch for x in enemies}, chart.cast
            assert combined == {_combined(b) for b in own}, chart.cast
        else:
            assert not own and not combined, chart.cast
        seen[bool(enemies)] += 1
    assert min(seen.values()) > 100, seen


# ---- 趨避章 -------------------------------------------------------------------------------------------------------

_DANGER = Question(Topic.danger, Subject.self)


def _strikers(chart: Chart, states: States) -> list[Line]:
    """Lines that act (moving, or 暗動 AD-01) and overcome the 世, with the force to strike it (``_forceful``)."""
    acting = [ln for ln in chart.lines if not ln.world and ln.element.overcomes is chart.world.element
              and (ln.moving or states[_lp(ln)].hidden_movement)]
    return _forceful(chart, states, acting, _wp(chart), True)


def test_a_ghost_striking_the_world_is_the_worst_unless_offspring_move() -> None:
    """QB-02 L99 「凡占防患克世者，皆不為吉，獨鬼爻克世更凶，火鬼須防火炎 …」 with QB-07 L110 「子孫若發動於卦中，不拘克世
    持世，俱以為吉」: an acting 官鬼 that overcomes the 世 costs a step and names its element (the kind of danger);
    another striker is a bad sign only; a moving 子孫 takes both away."""
    seen = {"ghost": 0, "line": 0, "child": 0}
    for chart, states, _use, c in _rows(_DANGER):
        strikers = _strikers(chart, states)
        ghosts = [x for x in strikers if x.relation is R.官鬼]
        keys = _keys(c)
        if _moves_of(chart, R.子孫):
            assert not keys & {"qb_ghost_strikes_world", "qb_line_strikes_world"}, chart.cast
            seen["child"] += bool(strikers)
        elif ghosts:
            (m,) = [m for m in c.moves if m.key == "qb_ghost_strikes_world"]
            assert (m.now, m.eventual) == ("-1", "-1") and dict(m.params)["element"] == ghosts[0].element.name
            seen["ghost"] += 1
        elif strikers:
            assert "qb_line_strikes_world" in keys and "qb_ghost_strikes_world" not in keys, chart.cast
            seen["line"] += 1
        else:
            assert not keys & {"qb_ghost_strikes_world", "qb_line_strikes_world"}, chart.cast
    assert min(seen.values()) > 5, seen


def test_where_to_hide_follows_the_trigram_of_the_striker() -> None:
    """QB-06 L108 「克神若在內卦，動而克世，宜出外避之，克神若在外卦，動而克世，宜在家避之」: the 克神 — any line that
    acts and overcomes the 世, the 官鬼 first — in the inner trigram sends one away, in the outer keeps one home;
    with nothing striking the 世, or a moving 子孫 (QB-07: all is well), no advice."""
    seen = {"qb_hide_away": 0, "qb_hide_home": 0, "ghost": 0, "other": 0}
    for chart, states, _use, c in _rows(_DANGER):
        strikers = _strikers(chart, states)
        ghosts = [x for x in strikers if x.relation is R.官鬼]
        got = _keys(c) & {"qb_hide_away", "qb_hide_home"}
        if not strikers or _moves_of(chart, R.子孫):
            assert not got, chart.cast
            continue
        first = (ghosts or strikers)[0]
        want = "qb_hide_away" if first.position <= 3 else "qb_hide_home"
        assert got == {want}, chart.cast
        (f,) = [f for f in c.findings if f.key == want]
        assert f.places == (_lp(first),)
        seen[want] += 1
        seen["ghost" if ghosts else "other"] += 1
    assert min(seen.values()) > 5, seen


def test_offspring_on_the_world_broken_or_void_is_safe_later() -> None:
    """QB-05 L107 「雖然子孫持世，難為吉兆，如逢月破，出月無憂。若臨旬空，許之出旬無憂」: a 子孫 on the 世 that the month
    breaks is safe once the month is past; one in the void (not filled by the day) once it leaves the void, on its
    own day; a 子孫 on the 世 neither broken nor void, or another 世, gets neither."""
    seen = {"qb_safe_after_month": 0, "qb_safe_after_void": 0, "whole": 0, "other": 0}
    for chart, states, _use, c in _rows(_DANGER):
        ws, w = states[_wp(chart)], chart.world
        got = _keys(c) & {"qb_safe_after_month", "qb_safe_after_void"}
        days = {t.branch for t in c.timings if t.key == "qb_void_ends_day" and t.unit is Unit.DAY}
        if w.relation is not R.子孫:
            assert not got and not days
            seen["other"] += 1
        elif ws.month_break:
            assert got == {"qb_safe_after_month"}, chart.cast
            seen["qb_safe_after_month"] += 1
        elif ws.void and not ws.void_filled:
            assert got == {"qb_safe_after_void"} and days == {w.branch}, chart.cast
            seen["qb_safe_after_void"] += 1
        else:
            assert not got and not days, chart.cast
            seen["whole"] += 1
    assert min(seen.values()) > 5, seen


def test_offspring_moving_protect_and_one_goes_toward_what_feeds_the_world() -> None:
    """QB-07 L110 「皆宜避於生世之方及子孫為吉。子孫若發動於卦中，不拘克世持世，俱以為吉」: a moving 子孫 (not on the 世:
    JS-23 reads the 子孫 on the 世) lifts both answers to at least 小吉 — also when it overcomes the 世; and always
    the direction of the element that generates the 世."""
    seen = {"moves": 0, "strikes": 0, "still": 0}
    for chart, _states_, _use, c in _rows(_DANGER):
        w = chart.world
        children = _moves_of(chart, R.子孫)
        (go,) = [f for f in c.findings if f.key == "qb_go_toward"]
        feeder = next(e for e in Element if e.generates is w.element)
        assert dict(go.params)["element"] == feeder.name
        if children and w.relation is not R.子孫:
            assert _move(c, "qb_child_moves_protects") == ("≥小吉", "≥小吉"), chart.cast
            seen["moves"] += 1
            seen["strikes"] += any(x.element.overcomes is w.element for x in children)
        else:
            assert "qb_child_moves_protects" not in _keys(c), chart.cast
            seen["still"] += 1
    assert min(seen.values()) > 20, seen


# ---- 父母壽元, 兄弟, 夫婦 ------------------------------------------------------------------------------------------

_PARENT = Question(Topic.lifespan, Subject.parent)
_SIBLING = Question(Topic.lifespan, Subject.sibling)
_WIFE = Question(Topic.lifespan, Subject.wife)

_FM = {"fm_parent_near_end": ("", "=凶"), "fm_parent_declines": ("", "≤小凶"), "fm_parent_long_life": ("", "≥小吉"),
       "fm_parent_sickly_safe": ("", "≥平")}


def test_a_parents_lifespan_by_the_parent_line() -> None:
    """FM-03 L117 「父母爻或旺相或臨日月動爻生扶及動而化吉，長享遐齡。父母爻休囚，不遇刑傷克害，晚年多病，遠保無傷。
    休囚又被刑沖，或日月動爻之克及動而變凶，承歡宜早」, with L116 「母值空破萱草殘年憔悴」: a 休囚 父母 struck, or one
    changing for the worse → 承歡宜早 (凶) — a void or broken one (空破) among them, the month strikes it; sound →
    long life; 休囚 and unstruck → sickly but safe.  (The change for the worse at any strength: the chapter's choice,
    as 兄弟章.)"""
    seen = dict.fromkeys(_FM, 0)
    del seen["fm_parent_declines"]
    for chart, states, use, c in _rows(_PARENT):
        s, ln = states[use], _line(chart, use)
        if _turns_bad(ln, s) or (_weak(s) and s.attacks):
            want = "fm_parent_near_end"
        elif _sound(chart, s, ln):
            want = "fm_parent_long_life"
        else:
            assert _weak(s) and not s.attacks
            want = "fm_parent_sickly_safe"
        assert _keys(c) & set(_FM) == {want}, (chart.cast, want)
        assert _move(c, want) == _FM[want]
        assert want == "fm_parent_near_end" or not _lost(s)  # 母值空破萱草殘年
        seen[want] += 1
    assert min(seen.values()) > 5, seen


def test_a_siblings_lifespan_by_the_sibling_line() -> None:
    """XD-02 L122 「兄弟爻或旺或相，臨日月或日月動爻生扶及動而化吉，長枕大被和睦致詳」 and XD-03 L123 「兄弟爻休囚者 …
    如問兄弟壽元，長年有限。倘休囚又逢破空及日月動爻刑克或動而化凶者，諸占皆不吉也」: 休囚 and struck or lost, or
    changing for the worse → 凶; 休囚 otherwise → limited (at most 小凶); sound → favoured (at least 小吉)."""
    seen = {"xd_sibling_unfavoured": 0, "xd_sibling_limited": 0, "xd_sibling_favoured": 0}
    for chart, states, use, c in _rows(_SIBLING):
        s, ln = states[use], _line(chart, use)
        if ln is not None and ln.relation is not R.兄弟:
            continue  # (a sibling's lifespan reads the 兄弟, or its 伏神, the month or the day that is it)
        got = _keys(c) & set(seen)
        if _turns_bad(ln, s) or (_weak(s) and (s.attacks or _lost(s))):
            assert got == {"xd_sibling_unfavoured"} and _move(c, "xd_sibling_unfavoured") == ("", "=凶"), chart.cast
        elif _weak(s):
            assert got == {"xd_sibling_limited"} and _move(c, "xd_sibling_limited") == ("", "≤小凶"), chart.cast
        else:
            assert _sound(chart, s, ln)
            assert got == {"xd_sibling_favoured"} and _move(c, "xd_sibling_favoured") == ("", "≥小吉"), chart.cast
        (key,) = got
        seen[key] += 1
    assert min(seen.values()) > 20, seen


def test_a_wifes_lifespan_by_the_wealth_and_the_siblings() -> None:
    """FQ-04 L130 「財動化兄者，乃化鬼、化回頭克、化退神、化絕、化墓、化破、化空之類是也，不拘何問，玉碎珠沉。弟兄持世
    或兄爻動於卦中，或日月臨兄弟以傷財，或兄化財爻 … 皆不得長年」 with FQ-05 L131 「兄爻持世而財爻旺者，不能克妻，
    終乘琴瑟，相見如仇」: a 財 changing for the worse or into a 兄 → 凶; a 兄 on the 世, moving, or as the day or
    the month → not long-lived (at most 小凶) — unless the 財 is strong, when they only quarrel (the catalogue's
    resolution by the strength of 財); with none of them, neither."""
    keys = {"fq_wife_turns_bad", "fq_sibling_quarrels_only", "fq_sibling_harms_wife"}
    seen = dict.fromkeys(keys, 0) | {"none": 0}
    for chart, states, use, c in _rows(_WIFE):
        s, ln = states[use], _line(chart, use)
        sibling_element = chart.hexagram.element  # 兄弟 is the palace's own element
        sib = chart.world.relation is R.兄弟 or bool(_forceful(chart, states, _moves_of(chart, R.兄弟), use, False)) \
            or chart.moment.day.branch.element is sibling_element or chart.moment.month_branch.element is sibling_element
        to_sibling = ln is not None and ln.moving and ln.changed is not None and ln.changed.relation is R.兄弟
        if _turns_bad(ln, s, listed=True) or to_sibling:
            want = "fq_wife_turns_bad"
        elif sib:
            want = "fq_sibling_quarrels_only" if s.vigour.strong else "fq_sibling_harms_wife"
        else:
            assert not _keys(c) & keys
            seen["none"] += 1
            continue
        assert _keys(c) & keys == {want}, (chart.cast, want)
        assert _move(c, want) == {"fq_wife_turns_bad": ("", "=凶"), "fq_sibling_quarrels_only": ("", ""),
                                  "fq_sibling_harms_wife": ("", "≤小凶")}[want]
        seen[want] += 1
    assert min(seen.values()) > 10, seen


# ---- 子嗣章 -------------------------------------------------------------------------------------------------------

_CHILDREN = Question(Topic.children)


def test_offspring_that_cannot_be_kept() -> None:
    """ZSI-03 L140 「衰而被克，休囚無氣，或落絕空破，或動而化凶，或日月動爻沖克，或父化子，子化父，鬼變子孫，或父空持世，
    皆生生而不有」 with ZSI-04 「子孫逢空不礙」 and ZSI-05 「化鬼者百無一活」 (its own key): the 子孫 weak and struck,
    broken by the month, 絕 and weak, changing for the worse, into a 父 or a 官; a 父 or 官 changing into 子孫; a void
    父 on the 世 → 凶.  A void 子孫 with none of these is not barred."""
    seen = {"barred": 0, "void_free": 0, "free": 0}
    for chart, states, use, c in _rows(_CHILDREN):
        ln, s = _line(chart, use), states[use]
        if ln is None:
            continue
        if ln.moving and ln.changed is not None and ln.changed.relation is R.官鬼:
            assert "zsi_child_turns_ghost" in _keys(c) and "zsi_no_children" not in _keys(c)
            continue
        pairs = any(x.moving and x.changed is not None and x.changed.relation is R.子孫 and x.relation in (R.父母, R.官鬼)
                    for x in chart.lines) or (ln.moving and ln.changed is not None and ln.changed.relation is R.父母)
        barred = pairs or (chart.world.relation is R.父母 and states[_wp(chart)].void) \
            or (_weak(s) and s.attacks) or s.month_break or (s.cut and _weak(s)) or _turns_bad(ln, s)
        if barred:
            assert _move(c, "zsi_no_children") == ("", "=凶"), chart.cast
            seen["barred"] += 1
        else:
            assert "zsi_no_children" not in _keys(c), chart.cast
            seen["void_free" if s.void else "free"] += 1
    assert min(seen.values()) > 10, seen


def test_void_offspring_wait_for_their_year() -> None:
    """ZSI-04 L140 「子孫逢空不礙，必得子沖空實空之年」: a void 子孫 (not filled by the day) names the years that clash
    it and that fill it; one not void names none."""
    seen = {True: 0, False: 0}
    for _chart, states, use, c in _rows(_CHILDREN):
        s = states[use]
        got = {(t.unit, t.branch) for t in c.timings if t.key == "zsi_child_void_year"}
        void = s.void and not s.void_filled
        assert got == ({(Unit.YEAR, s.branch), (Unit.YEAR, _clasher(s.branch))} if void else set())
        seen[void] += 1
    assert min(seen.values()) > 50, seen


def test_offspring_only_in_the_change_are_of_another_mother() -> None:
    """ZSI-06 L141 「卦有財而無子孫者，須看變出之爻，變爻子孫。庶出也」 and 「卦有子孫，亦有子孫變爻，又非此論」: 財 in
    the primary hexagram, no 子孫 there, and a changed line that is 子孫 → 庶出; a 子孫 in the primary, no 財, or no
    子孫 in the change → not this sentence."""
    seen = {"held": 0, "no_wealth": 0, "child_present": 0}
    for chart, _states_, _use, c in _rows(_CHILDREN):
        rels = {x.relation for x in chart.lines}
        changed = any(x.moving and x.changed is not None and x.changed.relation is R.子孫 for x in chart.lines)
        holds = R.妻財 in rels and R.子孫 not in rels and changed
        assert ("zsi_child_by_another_mother" in _keys(c)) is holds, chart.cast
        if holds:
            seen["held"] += 1
        elif changed:
            seen["no_wealth" if R.子孫 not in rels else "child_present"] += 1
    assert min(seen.values()) > 3, seen


def test_offspring_changing_into_offspring() -> None:
    """ZSI-07 L142 「子化子 … 少年無子得此者，應多生子。現有子得此者，乃應多子而多孫」: the 子孫 moving into a 子孫 is a
    good sign; a 子孫 that moves into another relation, or stays still, is not."""
    seen = {True: 0, False: 0}
    for chart, _states_, use, c in _rows(_CHILDREN):
        ln = _line(chart, use)
        if ln is None or ln.relation is not R.子孫:
            continue
        holds = ln.moving and ln.changed is not None and ln.changed.relation is R.子孫
        assert ("zsi_child_turns_child" in _keys(c)) is holds, chart.cast
        seen[holds] += 1
    assert min(seen.values()) > 10, seen


def _world_in_danger(chart: Chart, states: States) -> bool:
    """ZSI-10's list: the 世 化鬼, 回頭克, 休囚 and 化空破墓絕, in a 官鬼's tomb, or struck by the day and the month."""
    w, ws = chart.world, states[_wp(chart)]
    t = w.transformations if w.moving and w.changed is not None else ()
    turned = (w.moving and w.changed is not None and w.changed.relation is R.官鬼 and w.relation is not R.官鬼) \
        or T.回頭克 in t or (_weak(ws) and any(x in t for x in (T.化空, T.化破, T.化墓, T.化絕)))
    both = all(b.element.overcomes is w.element for b in (chart.moment.day.branch, chart.moment.month_branch))
    return turned or both or _ghost_tomb(chart, ws)


def test_asking_about_kin_the_world_is_looked_at_first() -> None:
    """ZSI-10 L145 「占父母、兄弟、妻妾、兒孫，先看世爻 … 世爻化鬼、化回頭克、休囚化空破墓絕及隨鬼入墓，日月同克，休問
    他人，且防自己」: for a parent's, a sibling's, a wife's life and for one's children (兒孫, whoever asks), the 世 in
    that danger is reported; for one's own life (the 世 is the matter itself) it is not this sentence."""
    seen = {"kin": 0, "children": 0, "safe": 0}
    for q in (_PARENT, _SIBLING, _WIFE, _CHILDREN):
        for chart, states, _use, c in _rows(q):
            danger = _world_in_danger(chart, states)
            assert ("zsi_danger_is_the_askers" in _keys(c)) is danger, (q.subject, chart.cast)
            if danger:
                seen["children" if q is _CHILDREN else "kin"] += 1
            else:
                seen["safe"] += 1
    for _chart, _states_, _use, c in _rows(_OWN):
        assert "zsi_danger_is_the_askers" not in _keys(c)
    assert min(seen.values()) > 20, seen


# ---- 求財章 -------------------------------------------------------------------------------------------------------

_WEALTH = Question(Topic.wealth)


def test_neither_money_nor_its_source_in_the_hexagram() -> None:
    """QC-04 L323 「財與子孫爻俱不現於卦中，或現於卦中又值休囚空破墓絕，或被刑沖克害，求則無益，不如守株待兔。覺子曰：
    倘得日月為財，或伏而旺者，亦可求也」: 財 and 子孫 each absent, or every line of them 休囚 and void or broken, in
    a real tomb, 絕 or struck → nothing to gain (凶) — unless the day or the month is of the 財's element, or the 財,
    absent, is hidden and strong; one strong or unhurt line of either, not this rule.  (「現於卦中又值 …」 read as 休囚
    with a fault: the module's choice.)"""
    keys = {"qc_no_wealth_no_source", "qc_wealth_from_day_month_or_hidden", "qc_wealth_and_source_fallen",
            "qc_fallen_but_rescued"}
    seen = dict.fromkeys(keys, 0) | {"whole": 0}
    for chart, states, _use, c in _rows(_WEALTH):
        present = [x for x in chart.lines if x.relation in (R.妻財, R.子孫)]
        got = _keys(c) & keys
        fallen = [s for s in (states[_lp(x)] for x in present)
                  if _weak(s) and (s.attacks or _lost(s) or s.real_tomb or s.cut)]
        if len(fallen) < len(present):
            assert not got, chart.cast
            seen["whole"] += 1
            continue
        wealth_element = chart.hexagram.element.overcomes  # 我克者為財
        hidden = [x.hidden for x in chart.lines if x.hidden is not None and x.hidden.relation is R.妻財]
        rescued = any(b.element is wealth_element for b in (chart.moment.day.branch, chart.moment.month_branch)) \
            or (not any(x.relation is R.妻財 for x in present) and any(h.standing.strong for h in hidden))
        if rescued:
            want = "qc_fallen_but_rescued" if present else "qc_wealth_from_day_month_or_hidden"
        else:
            want = "qc_wealth_and_source_fallen" if present else "qc_no_wealth_no_source"
            assert _move(c, want) == ("", "=凶")
        assert got == {want}, chart.cast
        seen[want] += 1
    assert min(seen.values()) > 3, seen


def test_money_on_the_day_or_month_comes_on_its_tomb_day() -> None:
    """QC-06 L325 「卦中財臨日月，謂之重疊，若許求謀得意之時，須待財爻入墓之日。且如水作財神辰日而得」: the 財 (the
    use-god) on the branch of the day or the month names the day of its tomb; one on neither names none."""
    seen = {True: 0, False: 0}
    for chart, _states_, use, c in _rows(_WEALTH):
        ln = _line(chart, use)
        if ln is None or ln.relation is not R.妻財:
            continue
        on = _on_month_or_day(chart, ln.branch)
        assert _times(c, "qc_money_on_tomb_day") == ({_TOMB[ln.element]} if on else set()), chart.cast
        seen[on] += 1
    assert min(seen.values()) > 30, seen


def test_many_moving_siblings_rob_on_their_tomb_day() -> None:
    """QC-08 L327 「兄爻多者，待兄爻入墓之日 … 必劫其財」 (against the 舊注's 「兄弟爻多動者，反不劫財」): two or more
    moving 兄 name the day of their tomb; a single one does not."""
    seen = {"many": 0, "one": 0}
    for chart, _states_, _use, c in _rows(_WEALTH):
        sib = [x for x in _moves_of(chart, R.兄弟)
               if not (x.world and x.changed is not None and x.changed.relation is R.妻財)]  # HJ-34: no robber
        got = _times(c, "qc_robbers_tomb_day")
        if len(sib) >= 2:
            assert got == {_TOMB[chart.hexagram.element]}, chart.cast
            seen["many"] += 1
        else:
            assert not got
            seen["one"] += len(sib) == 1
    assert min(seen.values()) > 30, seen


def test_money_on_the_world_with_a_moving_sibling() -> None:
    """QC-12 L333 「財爻持世，兄爻亦動者，不獨劫財，還防傷己，如若鬼動克世者更凶」: a 財 on the 世 and a moving 兄 → a
    step lost; with a moving 官鬼 overcoming the 世 → 凶.  (By the five elements a 官鬼 never overcomes a 財 — the 官
    overcomes the palace, which overcomes the 財 — so the second clause does not arise on a 財 世.)"""
    seen = {True: 0, False: 0}
    for chart, _states_, _use, c in _rows(_WEALTH):
        keys = _keys(c) & {"qc_robbed_on_world", "qc_robbed_and_hurt"}
        held = chart.world.relation is R.妻財 and bool(_moves_of(chart, R.兄弟))
        if not held:
            assert not keys
            seen[False] += 1
            continue
        hurt = any(g.element.overcomes is chart.world.element for g in _moves_of(chart, R.官鬼))
        want = "qc_robbed_and_hurt" if hurt else "qc_robbed_on_world"
        assert keys == {want} and _move(c, want) == ("", "=凶" if hurt else "-1"), chart.cast
        seen[True] += 1
    assert min(seen.values()) > 30, seen


# ---- 謁貴章 -------------------------------------------------------------------------------------------------------

_PATRON = Question(Topic.patron)


def test_the_world_turning_void_or_broken_marks_the_arrival() -> None:
    """YG-02 L346 「世動化空破者，勿曰不吉，乃應到彼之月日也」: a moving 世 whose change is void or broken names the day
    of the changed branch, and is not read as a reason not to go (that is 化鬼, 化克: YG-01); a 世 that does not so
    change names no arrival."""
    seen = {True: 0, False: 0}
    for chart, _states_, _use, c in _rows(_PATRON):
        w = chart.world
        held = w.moving and w.changed is not None and (T.化空 in w.transformations or T.化破 in w.transformations)
        got = {(t.unit, t.branch) for t in c.timings if t.key == "yg_arrival_day"}
        if held:
            assert w.changed is not None and got == {(Unit.DAY, w.changed.branch)}, chart.cast
            bad = w.changed.relation is R.官鬼 or T.回頭克 in w.transformations
            assert ("yg_do_not_go" in _keys(c)) is bad, chart.cast
        else:
            assert not got
        seen[held] += 1
    assert min(seen.values()) > 30, seen


def test_a_patron_striking_the_world() -> None:
    """YG-08 L353 「平人見貴，官克世變鬼變克勿去，去則須防不測」: the 官 (not on the 世) overcoming the 世 caps the
    answer at 小凶 — a 官 that acts: moving or strong (a weak still line cannot strike, ch. 1–34); where the 世
    itself 化鬼 or 化克, YG-01's 「更不宜行」 speaks instead; a 官 that does not overcome the 世 never."""
    seen = {"strikes": 0, "weak_still": 0, "no": 0}
    for chart, states, use, c in _rows(_PATRON):
        ln, w = _line(chart, use), chart.world
        if ln is None or ln.world:
            continue
        s = states[use]
        world_turns = w.moving and w.changed is not None and (
            (w.changed.relation is R.官鬼 and w.relation is not R.官鬼) or T.回頭克 in w.transformations)
        over = ln.element.overcomes is w.element
        got = "yg_patron_strikes_world" in _keys(c)
        if over and (ln.moving or s.vigour.strong) and not world_turns:
            assert got and _move(c, "yg_patron_strikes_world") == ("≤小凶", "≤小凶"), chart.cast
            seen["strikes"] += 1
        else:
            assert not got, chart.cast
            seen["weak_still" if over else "no"] += 1
    assert min(seen.values()) > 10, seen


# ---- 開行開店章 ---------------------------------------------------------------------------------------------------

_SHOP = Question(Topic.shop)


def test_the_partner_by_the_response_and_the_world() -> None:
    """KH-02 L359 「若得世應相生相合，彼此同心。應生世，他益於我 … 應爻克世，我被他瞞；世克應爻，他從我願」: the 應
    generating or combining with the 世 → helps (+1); overcoming it → deceives (−1); the 世 overcoming the 應 → the
    partner follows me (a good sign); the 世 generating the 應, or the same element, none of these."""
    seen = {"kh_partner_helps": 0, "kh_partner_deceives": 0, "kh_partner_follows": 0, "none": 0}
    for chart, _states_, _use, c in _rows(_SHOP):
        w, r = chart.world, chart.response
        keys = _keys(c) & {"kh_partner_helps", "kh_partner_deceives", "kh_partner_follows"}
        if r.element.generates is w.element or _harmony(r.branch, w.branch):
            want = "kh_partner_helps"
        elif r.element.overcomes is w.element:
            want = "kh_partner_deceives"
        elif w.element.overcomes is r.element:
            want = "kh_partner_follows"
        else:
            assert not keys
            seen["none"] += 1
            continue
        assert keys == {want}, chart.cast
        if want != "kh_partner_follows":
            assert _move(c, want) == ("", "+1" if want == "kh_partner_helps" else "-1")
        seen[want] += 1
    assert min(seen.values()) > 30, seen


def test_a_moving_ghost_in_a_shop_and_what_restrains_it() -> None:
    """KH-04 L360 「鬼動招非克世最忌」 and KH-05 L361 「若得子孫制鬼，或日月沖克鬼爻，謂之有制 … 凡遇兄鬼同動者，不可
    曰鬼動招非，以鬼能制兄爻，不劫財也」: a moving 官鬼 with a moving 兄 restrains the robber (+1); one a moving 子孫 or
    the day or month overcomes or clashes is held (no harm); otherwise trouble — a step lost when it overcomes the 世,
    the end a step lower when not; no moving 官鬼, none of these."""
    keys = {"kh_ghost_checks_sibling", "kh_ghost_restrained", "kh_ghost_strikes_world", "kh_ghost_moves_trouble"}
    seen = dict.fromkeys(keys, 0)
    for chart, states, _use, c in _rows(_SHOP):
        ghosts = _moves_of(chart, R.官鬼)
        got = _keys(c) & keys
        if not ghosts:
            assert not got
            continue
        g = ghosts[0]
        pillars = (chart.moment.day.branch, chart.moment.month_branch)
        # 子孫制鬼, 鬼能制兄爻, 鬼克世: each with the force to strike (``_forceful``)
        held = bool(_forceful(chart, states, _moves_of(chart, R.子孫), _lp(g), True)) or any(
            b.element.overcomes is g.element or _clash(b, g.branch) for b in pillars)
        sibling = select_use_god(chart, R.兄弟).place
        if _moves_of(chart, R.兄弟) and _forceful(chart, states, ghosts, sibling, True):
            want = "kh_ghost_checks_sibling"
        elif held:
            want = "kh_ghost_restrained"
        elif any(x.element.overcomes is chart.world.element for x in _forceful(chart, states, ghosts, _wp(chart),
                                                                                True)):
            want = "kh_ghost_strikes_world"
        else:
            want = "kh_ghost_moves_trouble"
        assert got == {want}, chart.cast
        if want != "kh_ghost_restrained":
            assert _move(c, want) == {"kh_ghost_checks_sibling": ("", "+1"), "kh_ghost_strikes_world": ("-1", "-1"),
                                      "kh_ghost_moves_trouble": ("", "-1")}[want]
        seen[want] += 1
    assert min(seen.values()) > 3, seen


def test_a_void_world_and_a_void_capital_never_open() -> None:
    """KH-04 L360 「財為資本，忌衰墓空破 … 更忌世與財空，俱開不成」: the 世 and the 財 both lost to the void or the
    month (失陷) → 凶 now and in the end; only one of them, not this sentence."""
    seen = {"both": 0, "one": 0}
    for chart, states, use, c in _rows(_SHOP):
        world, money = _lost(states[_wp(chart)]), _lost(states[use])
        if world and money:
            assert _move(c, "kh_never_opens") == ("=凶", "=凶"), chart.cast
            seen["both"] += 1
        else:
            assert "kh_never_opens" not in _keys(c)
            seen["one"] += world or money
    assert min(seen.values()) > 3, seen


def _six(branches: tuple[Branch, ...], pair: int) -> bool:
    """Lines 1–4, 2–5, 3–6 all clash (pair 6) or all combine (pair 1: the 合 sum to 1 mod 12)."""
    if pair == 6:
        return all(_clash(branches[i], branches[i + 3]) for i in range(3))
    return all(_harmony(branches[i], branches[i + 3]) for i in range(3))


def test_a_shop_by_six_harmony_and_six_clash() -> None:
    """KH-06 L362 「爻逢六合及六沖卦變六合 … 定是前後重興，惟六合變沖則不宜也，眼前熱鬧，終久蕭條」: a six-clash
    hexagram changing into a six-harmony one revives (+1); a six-harmony one changing into a six-clash one is busy now
    and empty at the end (at most 小凶); any other pair, neither."""
    seen = {"kh_revives": 0, "kh_busy_then_empty": 0, "none": 0}
    for chart, _states_, _use, c in _rows(_SHOP):
        got = _keys(c) & {"kh_revives", "kh_busy_then_empty"}
        if chart.changed is None:
            assert not got
            continue
        before = tuple(b for _s, b in chart.hexagram.najia)
        after = tuple(b for _s, b in chart.changed.najia)
        if _six(before, 6) and _six(after, 1):
            assert got == {"kh_revives"} and _move(c, "kh_revives") == ("", "+1"), chart.cast
            seen["kh_revives"] += 1
        elif _six(before, 1) and _six(after, 6):
            assert got == {"kh_busy_then_empty"} and _move(c, "kh_busy_then_empty") == ("", "≤小凶"), chart.cast
            seen["kh_busy_then_empty"] += 1
        else:
            assert not got
            seen["none"] += 1
    assert min(seen.values()) > 3, seen


# ---- 囤貨賣貨章 ---------------------------------------------------------------------------------------------------

_GOODS = Question(Topic.goods)
_ADVANCE = {(Branch.亥, Branch.子), (Branch.寅, Branch.卯), (Branch.巳, Branch.午), (Branch.申, Branch.酉),
            (Branch.丑, Branch.辰), (Branch.辰, Branch.未), (Branch.未, Branch.戌), (Branch.戌, Branch.丑)}


def test_the_price_advancing_or_retreating() -> None:
    """DH-03 L373 「財化進神不可收積，化退者，其價將落，有貨速宜出脫」: the 財 moving into its advancing branch (亥子
    寅卯 巳午 申酉 丑辰 辰未 未戌 戌丑) → the price rises; into its retreating one → it falls; a still 財, or one
    changing into another element, neither."""
    seen = {"dh_price_rises": 0, "dh_price_falls": 0, "none": 0}
    for chart, _states_, use, c in _rows(_GOODS):
        ln = _line(chart, use)
        got = _keys(c) & {"dh_price_rises", "dh_price_falls"}
        if ln is None or not ln.moving or ln.changed is None:
            assert not got
            continue
        pair = (ln.branch, ln.changed.branch)
        want = "dh_price_rises" if pair in _ADVANCE else "dh_price_falls" if pair[::-1] in _ADVANCE else "none"
        assert got == ({want} if want != "none" else set()), (chart.cast, pair)
        seen[want] += 1
    assert min(seen.values()) > 5, seen


def test_the_months_the_price_comes() -> None:
    """DH-05 L375 「財爻太旺者得利於墓庫之月，休囚者出脫於生旺之時，入墓必待沖開 … 月破者填實之 … 旬空者沖空實空之月，
    如逢合住亦待沖開」: too strong → its tomb's month; 休囚 → its 長生 and 帝旺 months; broken → its own month; void →
    the month that clashes it and its own; tied (合住) → the month that clashes it; in an intact tomb → the month that
    clashes the tomb.  A strong 財 (not too strong) none of these touch names no month."""
    seen = {"too_strong": 0, "weak": 0, "break": 0, "void": 0, "tied": 0, "tomb": 0, "none": 0}
    # 太旺 (YQ-03: on the month or the day, the other of its element too) needs a month and a day of one element
    same = (("子", "壬子"), ("午", "丙午"), ("卯", "乙卯"), ("酉", "辛酉"), ("辰", "甲戌"), ("寅", "乙卯"))
    for _chart, states, use, c in (*_rows(_GOODS), *_read_all(_GOODS, _charts_on(same, 16))):
        s = states[use]
        got = {t.branch for t in c.timings if t.key == "dh_price_month"}
        assert all(t.unit is Unit.MONTH for t in c.timings if t.key == "dh_price_month")
        want: set[Branch] = set()
        if s.too_strong:
            want.add(_TOMB[s.element])
            seen["too_strong"] += 1
        elif not s.vigour.strong:
            want |= {_BIRTH[s.element], _PEAK[s.element]}
            seen["weak"] += 1
        if s.month_break:
            want.add(s.branch)
            seen["break"] += 1
        if s.void and not s.void_filled:
            want |= {s.branch, _clasher(s.branch)}
            seen["void"] += 1
        if s.tied:
            want.add(_clasher(s.branch))
            seen["tied"] += 1
        if s.tomb is not None and not s.tomb_broken:
            want.add(_clasher(s.tomb))
            seen["tomb"] += 1
        assert got == want, (_chart.cast, got, want)
        seen["none"] += not want
    assert min(seen.values()) > 3, seen


def test_a_strong_still_price_clashed_by_the_day_is_rising() -> None:
    """DH-07 L377 「財旺而靜或旺而空得今日之日神沖者，其價漸漸漲矣；倘若靜而休囚，日沖為破，勿以此斷」: a still, strong
    財 (void or not) that the day clashes → the price is rising; a still 休囚 one the day clashes (日破), a moving
    one, or one the day does not clash, not."""
    seen = {"rising": 0, "weak_clashed": 0, "other": 0}
    for chart, states, use, c in _rows(_GOODS):
        ln = _line(chart, use)
        if ln is None:
            continue
        s = states[use]
        clashed = not ln.moving and _clash(chart.moment.day.branch, ln.branch)
        got = "dh_price_rising_now" in _keys(c)
        if clashed and s.vigour.strong:
            assert got, chart.cast
            seen["rising"] += 1
        else:
            assert not got, chart.cast
            seen["weak_clashed" if clashed else "other"] += 1
    assert min(seen.values()) > 10, seen
