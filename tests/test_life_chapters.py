"""終身財福 (CF), 終身功名 (GM), 學業 (XY), 治經 (ZJ), 延師 (YSH): each rule on charts swept for its condition and
its exception, against what its passage says (core/chapters/life.py, core/chapters/learning.py).

The passages are quoted as printed in ``zsby_topics_doctrine.txt`` (tests/data/texts holds the copy).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from core import rules
from core.chapters import chapter_reading
from core.chapters.common import bad_change, harming, moving
from core.chart.chart import Chart, Transformation
from core.chart.hexagram import Relation
from core.findings import Layer, Place
from core.question import (
    Club,
    FollowUp,
    Life,
    Question,
    Role,
    Study,
    Subject,
    Topic,
    choices,
    follow_ups,
    optional_follow_ups,
    resolve,
)
from core.reading.pipeline import Reading, read
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import State, States, Vigour, states_of
from core.reading.verdict import Verdict
from tests.passages import assert_quotes_on_their_lines
from tests.test_chapters import _charts  # the same sweep over casts as the other chapters' tests

R = Relation


@cache
def _st(chart: Chart) -> States:
    """The chart's states, made once per chart (the readings make them once per reading)."""
    return states_of(chart)

QUOTES = {
    "CF-01": "凡占终身财福，世爻财爻子孙爻三者无一失陷，定是家殷户足、福禄绵长",
    "CF-02": "财世旺相而福神不旺者，乃先富后贫之人也",
    "CF-05": "无气失陷谓之不旺，得地有气亦谓之不旺，空破墓绝亦谓之不旺",
    "CF-06": "财福失陷，立见倾家，唯动空及动而破者",
    "CF-07": "世爻得地、而财福失陷者，此人身强力健、或有小谋小技，亦可支撑度日",
    "CF-09": "世爻旺而空者，谓之带旺匪空。动不为空",
    "CF-27": "如世爻动而变鬼克世，及日月作官鬼而克世者，更凶",
    "GM-05": "凡得子孙持世发动，终非朝廊之贵客",
    "GM-06": "惟世与官星空破而动者，勿以此断",
    "XY-02": "财动克文章，读书中道而废",
    "XY-04": "皆以子旺，能于治鬼，必以子孙持世及子孙发动而为吉也",
    "XY-05": "百工皆以财为用神，子孙元神，最忌兄爻持世及兄爻旺动者，劳碌终身，余以求财章同断",
    "XY-06": "以上皆不宜世爻空破墓绝休囚诸事无成",
    "ZJ-02": "须宜另于一经处，诚心再卜",
    "YSH-01": "延师受教，即以此爻为用神，宜旺相或临日月及动而化吉",
    "YSH-09": "父为子而延师者，应为西席，世乃东家",
    "YSH-10": "子动化克，不宜延之，子动化鬼，速宜辞绝",
}

_WEALTH = Question(Topic.lifetime, Subject.self, life=Life.wealth)
_CAREER = Question(Topic.lifetime, Subject.self, life=Life.career)


def test_the_quotes_are_on_their_lines() -> None:
    assert_quotes_on_their_lines(QUOTES)


def _read_chapter(chart: Chart, q: Question) -> tuple[set[str], Place]:
    use = read_use(chart, q)
    found = chapter_reading(chart, _st(chart), q, use)
    return {m.key for m in found.moves} | {f.key for f in found.findings}, use


def read_use(chart: Chart, q: Question) -> Place:
    return select_use_god(chart, resolve(q).target).place


def _steps(r: Reading, key: str) -> list[tuple[Verdict, Verdict, Verdict, Verdict]]:
    assert r.decision is not None
    return [(*s.now, *s.eventual) for s in r.decision.steps if s.finding.key == key]


# ---- the questions ------------------------------------------------------------------------------------------------

def test_a_lifetime_of_ones_own_is_asked_by_its_side() -> None:
    """身命章 SHM-01 「占終身財福何如？占終身功名有無？ … 俱宜分占」: one's lifetime asks which side; another's does
    not (the chapters read the 世 as the one whose life it is).  Skipped, the life is read as a whole, as 000's
    身命 reads it and as the lifetime was read before the chapters."""
    assert optional_follow_ups(Question(Topic.lifetime, Subject.self)) == (FollowUp.life,)
    assert optional_follow_ups(Question(Topic.lifetime, Subject.parent)) == ()
    assert optional_follow_ups(Question(Topic.lifetime, Subject.self, use_god=R.妻財)) == ()
    assert follow_ups(Question(Topic.lifetime, Subject.self)) == ()
    assert choices(Topic.lifetime, FollowUp.life) == tuple(Life)
    assert resolve(_WEALTH).target is R.妻財 and resolve(_WEALTH).source == rules.source("CF-01")
    assert {s.target for s in resolve(_WEALTH).secondary} >= {Role.世, R.子孫}
    assert resolve(_CAREER).target is R.官鬼
    assert resolve(Question(Topic.lifetime, Subject.self)).target is Role.世
    assert resolve(Question(Topic.lifetime, Subject.parent, life=Life.wealth)).target is R.父母  # another's life


def test_studies_ask_the_kind_and_each_kind_has_its_use_god() -> None:
    """學業章: 儒業 父母 (XY-01), 九流 官 (XY-03), 巫醫 子孫 against the 古法's 官 (XY-04), 百工 財 (XY-05)."""
    assert follow_ups(Question(Topic.studies)) == (FollowUp.study,)
    want = {Study.school: R.父母, Study.profession: R.官鬼, Study.healing: R.子孫, Study.craft: R.妻財}
    for study, target in want.items():
        assert resolve(Question(Topic.studies, study=study)).target is target


def test_a_tutor_for_ones_child_is_the_response() -> None:
    """YSH-09 「父為子而延師者，應為西席，世乃東家」; one's own teacher stays 父母 (YSH-01)."""
    rule = resolve(Question(Topic.tutor))
    assert rule.target is Role.應 and rule.source == rules.source("YSH-09")
    assert {s.target for s in rule.secondary} >= {Role.世, R.子孫, R.父母}
    assert resolve(Question(Topic.teacher)).target is R.父母
    assert resolve(Question(Topic.teacher)).source == rules.source("YSH-01")


# ---- 終身財福 ------------------------------------------------------------------------------------------------------

def _grade(chart: Chart, s: State) -> int:
    ln = chart.lines[s.place.position - 1] if s.place.layer is Layer.LINE else None
    if s.vigour is Vigour.失陷 or (ln is not None and bad_change(ln, _st(chart))):
        return 0
    return {Vigour.旺: 3, Vigour.有氣: 2, Vigour.休囚: 1}[s.vigour]


def _three(chart: Chart) -> tuple[int, int, int]:
    ws = _st(chart)[Place(Layer.LINE, chart.hexagram.world)]
    cs = _st(chart)[read_use(chart, _WEALTH)]
    fs = _st(chart)[select_use_god(chart, R.子孫).place]
    return _grade(chart, ws), _grade(chart, cs), _grade(chart, fs)


def test_the_grid_of_world_wealth_and_offspring() -> None:
    """CF-01 … CF-07: the three lines on the chapter's scale (旺 / 有氣 / 無氣 / 失陷) decide which sentence speaks —
    「財福失陷，立見傾家」 unless 「世爻得地、而財福失陷者 … 亦可支撐度日」; all 得地 prosperous; two 旺 and the
    third 不旺: 財世 → 先富後貧, 世福 → 無財享福, 財福 → 富屋之貧人 graded by the 世; all 無氣 → 無衣乏食."""
    seen: dict[str, int] = {}
    for chart in _charts(1):
        w, c, f = _three(chart)
        keys, _ = _read_chapter(chart, _WEALTH)
        ups = sum(g == 3 for g in (w, c, f))
        if w >= 2 and c == 0 and f == 0:
            want = "cf_gets_by_on_strength"
        elif c == 0 or f == 0:
            want = "cf_house_falls"
        elif ups == 3 or (ups < 2 and min(w, c, f) >= 2):
            want = "cf_prosperous"
        elif ups == 2 and f != 3:
            want = "cf_rich_then_poor"
        elif ups == 2 and c != 3:
            want = "cf_comfort_without_wealth"
        elif ups == 2:
            want = {2: "cf_fortune_in_its_year", 1: "cf_rich_but_not_well", 0: "cf_wealth_cannot_save"}[w]
        elif max(w, c, f) <= 1:
            want = "cf_destitute"
        else:
            want = ""
        grid = {"cf_gets_by_on_strength", "cf_house_falls", "cf_prosperous", "cf_rich_then_poor",
                "cf_comfort_without_wealth", "cf_fortune_in_its_year", "cf_rich_but_not_well",
                "cf_wealth_cannot_save", "cf_destitute"}
        if want:
            assert keys & grid == {want}, (chart.cast, (w, c, f), keys & grid)
            seen[want] = seen.get(want, 0) + 1
        else:
            assert not keys & (grid - {"cf_destitute"}), (chart.cast, (w, c, f))
    for key in ("cf_house_falls", "cf_prosperous", "cf_destitute", "cf_gets_by_on_strength"):
        assert seen.get(key, 0) > 0, seen


def test_rich_first_poor_later_is_good_now_and_bad_in_the_end() -> None:
    """CF-02 「乃先富後貧之人也 … 財旺福空榮華不久」: the present at least 小吉, the end at most 小凶."""
    checked = 0
    for chart in _charts(5):
        keys, _ = _read_chapter(chart, _WEALTH)
        if "cf_rich_then_poor" not in keys:
            continue
        r = read(chart, _WEALTH)
        for _now_before, now_after, _before, after in _steps(r, "cf_rich_then_poor"):
            assert now_after is now_after.at_least(Verdict.小吉) and after is after.at_most(Verdict.小凶)
            checked += 1
    assert checked > 0


def test_a_void_world_line_fails_only_when_still_and_weak() -> None:
    """CF-09 「世爻旺而空者，謂之帶旺匪空。動不為空，遇日建沖者，沖空則實空之年，勃然發福」: a void 世 that is 旺,
    moving or clashed by the day waits for its year; only a still, weak void 世 is the 舊注's 「一生百事無成」."""
    seen = {"cf_void_world_waits": 0, "cf_void_world_fails": 0}
    for chart in _charts():
        ws = _st(chart)[Place(Layer.LINE, chart.hexagram.world)]
        keys, _ = _read_chapter(chart, _WEALTH)
        waits = ws.void and (ws.vigour is Vigour.旺 or ws.moving or ws.void_filled)
        fails = ws.void and not waits and not ws.vigour.strong
        assert ("cf_void_world_waits" in keys) is waits
        assert ("cf_void_world_fails" in keys) is fails
        if waits:
            timings = chapter_reading(chart, _st(chart), _WEALTH, read_use(chart, _WEALTH)).timings
            assert any(t.key == "cf_void_world_year" and t.branch is ws.branch for t in timings)
        seen["cf_void_world_waits"] += waits
        seen["cf_void_world_fails"] += fails
    assert min(seen.values()) > 0, seen


def test_a_ghost_striking_the_world_line() -> None:
    """CF-27 「凡遇官鬼克世 … 若鬼旺身衰，乃身傷家傾之兆 … 如世爻動而變鬼克世，及日月作官鬼而克世者，更凶」."""
    seen = 0
    for chart in _charts():
        world = chart.world
        ws = _st(chart)[Place(Layer.LINE, chart.hexagram.world)]
        # a moving 鬼 with the force to strike the 世 (``harming``; a lifetime is a far matter)
        strikers = [x for x in harming(chart, _st(chart), moving(chart, R.官鬼), ws.place, False)
                    if x.element.overcomes is ws.element and not x.world]
        keys, _ = _read_chapter(chart, _WEALTH)
        turned = world.moving and world.changed is not None and world.changed.relation is R.官鬼 \
            and Transformation.回頭克 in world.transformations
        if turned:
            assert "cf_ghost_strikes_hard" in keys
        if not strikers and not turned:
            assert not keys & {"cf_ghost_ruins", "cf_ghost_troubles"}
        elif strikers and not keys & {"cf_ghost_strikes_hard"}:
            assert keys & {"cf_ghost_ruins", "cf_ghost_troubles"}
            seen += 1
    assert seen > 0


# ---- 終身功名 ------------------------------------------------------------------------------------------------------

def test_offspring_moving_on_the_world_line_bars_office() -> None:
    """GM-05 「凡得子孫持世發動，終非朝廊之貴客」: the end is 凶 whatever else the chart says, at the chapter's step."""
    seen = 0
    for chart in _charts(2):
        if chart.world.relation is not R.子孫 or not chart.world.moving:
            keys, _ = _read_chapter(chart, _CAREER)
            assert "gm_never_in_office" not in keys
            continue
        r = read(chart, _CAREER)
        steps = _steps(r, "gm_never_in_office")
        assert steps and all(after is Verdict.凶 for *_, after in steps)
        seen += 1
    assert seen > 0


def test_a_void_or_broken_world_line_bars_a_name_unless_it_moves() -> None:
    """GM-06 「世靜而臨旬空月破 … 皆主不得成名。惟世與官星空破而動者，勿以此斷」."""
    moving_void = 0
    for chart in _charts():
        ws = _st(chart)[Place(Layer.LINE, chart.hexagram.world)]
        keys, use = _read_chapter(chart, _CAREER)
        us = _st(chart)[use]
        still_world = not ws.moving and ((ws.void and not ws.void_filled) or ws.month_break)
        still_office = use.layer is Layer.LINE and not us.moving and ((us.void and not us.void_filled)
                                                                     or us.month_break)
        barred = (still_world or still_office) and not (chart.world.relation is R.子孫 and chart.world.moving)
        assert ("gm_no_name" in keys) is barred, chart.cast
        moving_void += ws.moving and ws.void and not still_office
    assert moving_void > 0


# ---- 學業, 治經 ----------------------------------------------------------------------------------------------------

def test_moving_wealth_ends_the_study() -> None:
    """XY-02 「財動克文章，讀書中道而廢」 — for study only: a healer or a craftsman is not read so."""
    q = Question(Topic.studies, study=Study.school)
    seen = 0
    for chart in _charts():
        keys, use = _read_chapter(chart, q)
        spoil = bool(harming(chart, _st(chart), moving(chart, R.妻財), use, True))  # 財克文章, with the force to
        assert ("xy_study_abandoned" in keys) is spoil
        seen += spoil
        if spoil:
            other, _ = _read_chapter(chart, Question(Topic.studies, study=Study.healing))
            assert "xy_study_abandoned" not in other
    assert seen > 0


def test_healers_are_read_by_offspring() -> None:
    """XY-04 「巫師醫家，皆以子旺 … 必以子孫持世及子孫發動而為吉也」."""
    q = Question(Topic.studies, study=Study.healing)
    for chart in _charts():
        keys, _ = _read_chapter(chart, q)
        want = chart.world.relation is R.子孫 or bool(moving(chart, R.子孫))
        assert ("xy_healer_thrives" in keys) is want


def test_a_craft_is_read_as_seeking_money() -> None:
    """XY-05 「余以求財章同斷」: the 求財章 moves of the chart come with a craft, and a 兄 on the 世 is lifelong toil."""
    craft = Question(Topic.studies, study=Study.craft)
    money = Question(Topic.wealth, Subject.self)
    shared = 0
    for chart in _charts(5):
        use = read_use(chart, craft)
        got = chapter_reading(chart, _st(chart), craft, use)
        wealth = chapter_reading(chart, _st(chart), money, use)
        assert set(wealth.moves) <= set(got.moves)
        shared += bool(wealth.moves)
        if chart.world.relation is R.兄弟:
            assert "xy_lifelong_toil" in {m.key for m in got.moves}
    assert shared > 0


def test_a_failing_world_line_fails_every_calling() -> None:
    """XY-06 「以上皆不宜世爻空破墓絕休囚諸事無成」: a 世 休囚, void, broken, entombed or cut fails all four kinds;
    a strong, whole 世 never does."""
    for chart in _charts(4):
        ws = _st(chart)[Place(Layer.LINE, chart.hexagram.world)]
        sound = ws.vigour.strong and not (ws.void and not ws.not_void and not ws.void_filled) \
            and not ws.month_break and not (ws.cut and not ws.vigour.strong) and (ws.tomb is None or ws.tomb_broken)
        for study in Study:
            keys, _ = _read_chapter(chart, Question(Topic.studies, study=study))
            failed = bool(keys & {"xy_nothing_succeeds", "xy_beware_the_unforeseen"})
            assert failed is not sound, (chart.cast, study)


def test_the_subject_named_suits_or_another_is_asked() -> None:
    """ZJ-02 「世空世破，及動而變凶，或子孫財爻持世 … 須宜另於一經處，誠心再卜」."""
    q = Question(Topic.studies, study=Study.school)
    seen = 0
    for chart in _charts():
        keys, _ = _read_chapter(chart, q)
        if chart.world.relation in (R.子孫, R.妻財):
            assert "zj_try_another_subject" in keys and "zj_subject_suits" not in keys
            seen += 1
    assert seen > 0


# ---- 延師 ----------------------------------------------------------------------------------------------------------

def test_a_teacher_weak_or_empty_is_useless() -> None:
    """YSH-01 「宜旺相或臨日月及動而化吉。如若休囚空破絕及動而化凶，有素食之譏，無師資之益」."""
    q = Question(Topic.teacher)
    seen = {"ysh_good_teacher": 0, "ysh_teacher_useless": 0}
    for chart in _charts():
        keys, use = _read_chapter(chart, q)
        s = _st(chart)[use]
        if not s.vigour.strong:
            assert "ysh_teacher_useless" in keys and "ysh_good_teacher" not in keys
        elif "ysh_teacher_useless" not in keys:
            assert "ysh_good_teacher" in keys
        for k in seen:
            seen[k] += k in keys
    assert min(seen.values()) > 0, seen


def test_a_tutor_void_will_not_come_and_a_child_turning_ghost_dismisses_him() -> None:
    """YSH-09 「應爻空破，延之不就」; YSH-10 「子動化鬼，速宜辭絕」."""
    q = Question(Topic.tutor)
    seen = 0
    for chart in _charts():
        keys, use = _read_chapter(chart, q)
        assert use == Place(Layer.LINE, chart.hexagram.response)
        rs = _st(chart)[use]
        if rs.month_break and not rs.moving:
            assert "ysh_tutor_will_not_come" in keys
        turned = any(x.moving and x.changed is not None and x.changed.relation is R.官鬼
                     for x in chart.lines if x.relation is R.子孫)
        assert ("ysh_dismiss_at_once" in keys) is turned
        seen += turned
    assert seen > 0


def test_every_new_rule_is_registered_and_named() -> None:
    """Each id the chapters emit is registered with its line of the chapter its prefix belongs to, and titled."""
    chapter = {"CF": "終身財福章", "GM": "終身功名有無章", "XY": "學業章", "ZJ": "治經章", "YSH": "延師章"}
    emitted: set[str] = set()
    for chart in _charts(7):
        for q in (_WEALTH, _CAREER, Question(Topic.teacher), Question(Topic.tutor),
                  *(Question(Topic.studies, study=s) for s in Study)):
            found = chapter_reading(chart, _st(chart), q, read_use(chart, q))
            emitted |= {m.rule for m in found.moves} | {f.rule for f in found.findings} | {t.rule for t in found.timings}
    mine = {r for r in emitted if r.split("-")[0] in chapter}
    assert len(mine) > 30
    for rule in mine:
        src = rules.source(rule)
        assert src.chapter == chapter[rule.split("-")[0]], rule
        assert rules.title(rule)


def _sides() -> Iterator[Question]:
    for life in (None, *Life):
        yield Question(Topic.lifetime, Subject.self, life=life)
    for study in Study:
        yield Question(Topic.studies, Subject.self, study=study)


def test_every_side_reads_and_its_chapter_speaks() -> None:
    """Every side offered reads; the chapters speak for the sides they cover and not for the life as a whole
    (000's 身命 reads it)."""
    spoke: dict[Question, int] = {}
    for chart in _charts(29):
        for q in _sides():
            r = read(chart, q)
            assert r.decision is not None
            found = chapter_reading(chart, _st(chart), q, r.use_god.place)
            if q.topic is Topic.lifetime and q.life is None:
                assert not found.moves and not found.findings
            spoke[q] = spoke.get(q, 0) + bool(found.moves or found.findings)
    assert all(n > 0 for q, n in spoke.items() if q.life is not None or q.topic is Topic.studies), spoke


def test_offspring_on_the_world_line_retreat_only_alone_and_without_wealth() -> None:
    """CF-26 「子孫 … 如若持世，孤立無助，又遇財爻陷者，若有高尚之志，許之為道為僧。若無出家之志，不可妄斷」 and
    「見子，則身不犯刑」: the withdrawn life only when the 世 has no support and the 財 is down; else never punished."""
    seen = {"cf_retreat_if_wished": 0, "cf_never_punished": 0}
    for chart in _charts(1):
        if chart.world.relation is not R.子孫:
            continue
        keys, _ = _read_chapter(chart, _WEALTH)
        ws = _st(chart)[Place(Layer.LINE, chart.hexagram.world)]
        _, c, _ = _three(chart)
        want = "cf_retreat_if_wished" if not ws.supports and c <= 1 else "cf_never_punished"
        assert keys & set(seen) == {want}, chart.cast
        seen[want] += 1
    assert min(seen.values()) > 0, seen


def test_a_weak_wealth_on_the_world_line_combined_rises_or_is_held() -> None:
    """CF-25 「倘遇衰財持世，或得日月動爻生扶合助者，暴發興家」 against CF-29 「而得日月動爻合住，衣食僅可度日」:
    a static 財 on the 世 combined is raised (CF-25), a moving one held (CF-29) — never both."""
    seen = {"cf_sudden_rise": 0, "held": 0}
    for chart in _charts(1):
        if chart.world.relation is not R.妻財:
            continue
        keys, _ = _read_chapter(chart, _WEALTH)
        assert not ("cf_sudden_rise" in keys and keys & {"cf_bound_just_enough", "cf_bound_drudge"})
        seen["cf_sudden_rise"] += "cf_sudden_rise" in keys
        seen["held"] += bool(keys & {"cf_bound_just_enough", "cf_bound_drudge"})
    assert min(seen.values()) > 0, seen


def test_animals_are_not_traded_when_the_book_forbids() -> None:
    """MC-01 「獨防鬼變子孫，子孫變鬼，父化子，子化父，父兄持世，財臨空破，不可行之」: a 父 or 兄 on the 世 always
    forbids; the deal's end is 凶 at the chapter's step."""
    q = Question(Topic.livestock)
    seen = 0
    for chart in _charts(4):
        keys, _ = _read_chapter(chart, q)
        if chart.world.relation in (R.父母, R.兄弟):
            assert keys == {"mc_do_not_trade"}
            r = read(chart, q)
            assert all(after is Verdict.凶 for *_, after in _steps(r, "mc_do_not_trade"))
            seen += 1
    assert seen > 0


def test_the_holder_of_the_world_line_in_ones_own_doctor_question() -> None:
    """YY-06 「自占病，父持世藥不見功 … 兄弟持世有子孫動於卦中者，醫再延之 … 財爻持世切莫誤食肥甘」: read for
    oneself only — asking for a parent, the 世 is the asker, not the patient."""
    own, kin = Question(Topic.doctor, Subject.self), Question(Topic.doctor, Subject.parent)
    yy = {"yy_rest_not_medicine", "yy_call_again", "yy_wrong_medicine", "yy_mind_the_diet", "yy_good_doctor_found",
          "yy_no_cure"}
    seen = 0
    for chart in _charts(2):
        keys, _ = _read_chapter(chart, own)
        other, _ = _read_chapter(chart, kin)
        assert not other & yy
        held = chart.world.relation
        assert ("yy_rest_not_medicine" in keys) is (held is R.父母)
        assert ("yy_mind_the_diet" in keys) is (held is R.妻財)
        if held is R.兄弟:
            assert bool(keys & {"yy_call_again", "yy_wrong_medicine"}) is bool(moving(chart, R.子孫))
        seen += bool(keys & yy)
    assert seen > 0


def test_serving_a_patron_for_pay() -> None:
    """BZ-01 「最重財官兩旺，不宜世應皆空 … 兄爻持世，不如閑處安身 … 世遇財官臨應，無不遂也」: a 兄 on the 世 caps
    the work at 小凶, the 世 and the 應 both void end it 凶; the health sign (「鬼克世世化鬼，得病不輕」) is said and
    does not move the verdict."""
    q = Question(Topic.client)
    assert resolve(q).target is R.妻財 and resolve(q).source == rules.source("BZ-01")
    seen = {"bz_better_stay_idle": 0, "bz_all_goes_well": 0, "bz_health_at_risk": 0}
    for chart in _charts(2):
        found = chapter_reading(chart, _st(chart), q, read_use(chart, q))
        keys = {m.key for m in found.moves}
        assert ("bz_better_stay_idle" in keys) is (chart.world.relation is R.兄弟)
        assert ("bz_all_goes_well" in keys) is (chart.world.relation is R.妻財 and chart.response.relation is R.官鬼)
        assert "bz_health_at_risk" not in keys
        for k in seen:
            seen[k] += k in keys or k in {f.key for f in found.findings}
    assert min(seen.values()) > 0, seen


def test_a_savings_club_is_asked_from_one_side() -> None:
    """請會搖會章: joining (QH-01 「財逢絕破，速宜止之」) and the pot (QH-02 「旺財持世必得 … 倘得財化回頭之克 … 會場
    必散」) are two casts; a cut or broken money ends joining 凶, a money turning back against itself ends the pot 凶,
    a strong 財 on the 世 wins it."""
    assert follow_ups(Question(Topic.savings_club)) == (FollowUp.club,)
    joining, pot = Question(Topic.savings_club, club=Club.joining), Question(Topic.savings_club, club=Club.pot)
    assert resolve(joining).source == rules.source("QH-01") and resolve(pot).source == rules.source("QH-02")
    seen = {"qh_stop_now": 0, "qh_club_breaks_up": 0, "qh_pot_is_yours": 0}
    for chart in _charts(2):
        use = read_use(chart, joining)
        us = _st(chart)[use]
        keys = {m.key for m in chapter_reading(chart, _st(chart), joining, use).moves}
        stop = us.cut or us.month_break or (us.true_void or (us.month_break and not us.moving)) \
            and us.vigour is Vigour.失陷
        assert ("qh_stop_now" in keys) is bool(stop), chart.cast
        assert not keys & {"qh_club_breaks_up", "qh_pot_is_yours"}
        pot_keys = {m.key for m in chapter_reading(chart, _st(chart), pot, use).moves}
        ln = chart.lines[use.position - 1] if use.layer is Layer.LINE else None
        if ln is not None and ln.moving and Transformation.回頭克 in ln.transformations:
            assert pot_keys == {"qh_club_breaks_up"}
        if "qh_club_breaks_up" not in pot_keys:
            ws = _st(chart)[Place(Layer.LINE, chart.hexagram.world)]
            want = chart.world.relation is R.妻財 and ws.vigour is Vigour.旺
            assert ("qh_pot_is_yours" in pot_keys) is want
        for k in seen:
            seen[k] += k in keys | pot_keys
    assert min(seen.values()) > 0, seen
