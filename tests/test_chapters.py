"""增刪卜易's topic chapters (core/chapters): each rule checked on charts swept for its condition, against what its
passage says — and where the chapter inverts a general rule, that the chapter's reading holds.

The passages are quoted as printed in ``zsby_topics_doctrine.txt`` (simplified characters; tests/data/texts holds
the copy, and ``test_the_quotes_are_on_their_lines`` checks each quote is on the line the rule is registered at).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

from core import rules
from core.chapters import CHAPTERS, chapter_reading
from core.chapters.common import acting, harming, moving, place_of, turns_into
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, Transformation, build_chart
from core.chart.combinations import frames
from core.chart.ganzhi import SEXAGENARY
from core.chart.hexagram import Relation
from core.chart.relations import Stage, branch_at_stage, generates
from core.findings import Layer, Place, Unit
from core.question import (
    Birth,
    Club,
    Horizon,
    Illness,
    Life,
    Question,
    Role,
    Sex,
    Study,
    Subject,
    Topic,
    Weather,
    resolve,
)
from core.reading.pipeline import Reading, frame_members, read
from core.reading.step2_state import Vigour, states_of
from core.reading.verdict import Verdict
from tests.passages import TOPICS, assert_quotes_on_their_lines

R = Relation
T = Transformation
MONTHS = "寅卯辰巳午未申酉戌亥子丑"
TEXT = TOPICS

# The passage each tested rule rests on, as printed (simplified), on its registered line.
QUOTES = {
    "TS-02": "子孙发动，万里无云",
    "TS-04": "所以父爻发动，云雾迷天，日月掩藏而雨矣",
    "TS-24": "凡得父化退神，雨亦将止",
    "TS-26": "若父爻不动且不暗动，而官鬼者动必主浓云厚雾而无雨",
    "TS-31": "倘父鬼不动，又见妻财子孙动者，须待财爻入墓或临绝之日有雨",
    "TS-32": "占晴得子财动，占雨得父动，后逢长生之日应之",
    "SYU-05": "元神为滋生之物，宜旺而静不宜动摇",
    "YY-02": "自占求医，应爻为医人",
    "YY-03": "应爻空破墓绝休囚衰弱",
    "XN-01": "所验者，世为穴也",
    "XN-10": "卦中不宜父动，父动化父更凶",
    "BX-01": "首重世应，若胜以得财者，兼用财",
    "QC-05": "父动克福神，兄动克财爻，此二爻动于卦中，凡有所图，水中捞月",
    "QC-07": "倘卦中兄爻安静者，又不宜乎鬼动，反曳财爻之气也",
    "JB-08": "代占六亲之病，若见官鬼持世，为忧疑之状，惟喜子孙发动克去我之忧疑",
    "XR-03": "动化进神不返，用神化退而归",
    "HYN-10": "女占男不宜子孙持世发动，子孙乃伤夫之神",
    "TY-01": "亲占代占，皆用子孙，惟子占母孕，以弟兄爻为用神也",
    "TY-02": "子孙临日月、或遇日月动爻生扶、或动而化吉，皆许成孕",
    "JD-01": "世逢兄，何须开口",
    "CQ-01": "子孙动者逢合逢值，静者逢值逢冲",
    "XH-11": "卦中官父虽旺而世爻休囚空破墓绝及动而变凶",
    "CX-09": "卦得伏吟世动者，冲开之日月成行",
    "XH-13": "父爻旺相官临空破墓绝及动而变凶变克虽有锦乡",
    "FZ-01": "兄临世，放则无归",
}


def test_the_quotes_are_on_their_lines() -> None:
    assert_quotes_on_their_lines(QUOTES)


def test_every_chapter_rule_is_registered_in_its_chapter() -> None:
    """Each zsbyt id is registered with its line and named by the chapter its prefix belongs to."""
    prefix_chapter = {"TS": "天時章", "SYU": "壽元章", "QB": "趨避章", "FM": "父母壽元章", "XD": "兄弟章", "FQ": "夫婦章",
                      "ZSI": "子嗣章", "XH": "鄉試章", "SB": "升選候補章", "SF": "升遷何方章", "ZR": "在任吉凶章",
                      "GC": "養親告病辭官章", "GW": "營造公務防患章",
                      "TK": "童試章", "SKK": "歲科考章", "KD": "考遺才章", "FA": "發案持榜章", "YT": "延試章",
                      "ZF": "子占父功名章", "QC": "求財章", "YG": "謁貴求財章",
                      "KH": "開行開店章", "DH": "囤貨賣貨章", "JD": "借貸章", "FZ": "放債索債章", "BX": "博戲章",
                      "HYN": "婚姻章", "TY": "胎孕章", "CA": "問產婦安否章", "CQ": "產期章", "CX": "出行章", "ZX": "舟行章", "XR": "行人章",
                      "FB": "防非避訟章", "DO": "鬥毆爭競章", "XC": "興詞舉訟章", "JB": "疾病章", "GS": "鬼神章",
                      "YY": "延醫章", "WZ": "醫卜往治章", "GZ": "蓋造買宅賃宅章", "XN": "尋地章", "ZY": "祖塋舊冢章",
                      "HZ": "此婚子嗣有無章", "HF": "此婚有宜於父母否章", "QL": "娶離婦跳娼婦章", "CZ": "創造宮室章",
                      "XFD": "修方動土章", "JU": "舊宅章", "DT": "卜得地於何時章", "DM": "占地師章",
                      "YH": "因何事所傷章", "XB": "再占修補吉凶章", "FU": "新亡附葬祖塋章", "TJ": "同居章",
                      "CF": "終身財福章", "GM": "終身功名有無章", "XY": "學業章", "ZJ": "治經章", "YSH": "延師章",
                      "MC": "買賣六畜章", "BZ": "為貴人奔走效力求財章", "QH": "請會搖會章",
                      "MD": "賣貨宜守宜動章", "TZ": "同舟共行章"}
    ids = rules.ids("zsbyt")
    assert len(ids) >= 120
    for rule in ids:
        src = rules.source(rule)
        assert TEXT[src.line - 1].strip(), rule
        assert src.chapter == prefix_chapter[rule.split("-")[0]], (rule, src.chapter)


@cache
def _charts(every: int = 3) -> tuple[Chart, ...]:
    out = []
    for n in range(0, 4096, every):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        out.append(build_chart(parse_cast(lines), Moment.from_pillars(MONTHS[n % 12], str(SEXAGENARY[(n * 7) % 60]))))
    return tuple(out)


def _keys(r: Reading) -> set[str]:
    assert r.decision is not None
    return {s.finding.key for s in r.decision.steps}


def _line_place(n: int) -> Place:
    return Place(Layer.LINE, n)


# ---- 天時章 -------------------------------------------------------------------------------------------------------

@cache
def _sky_framed(chart: Chart) -> bool:
    """A formed 三合 frame of a weather relation (父 rain, 子/財 clear, 鬼 murk): TS-13 reads it as a moving line of its
    relation, its members acting as the frame (tests/test_house_chapters.py) — the sweeps below are of lines alone."""
    return any(f.formed and f.relation in (R.父母, R.子孫, R.妻財, R.官鬼) for f in frames(chart))


def _rain_moves_plainly(chart: Chart) -> bool:
    if _sky_framed(chart):
        return False
    parents = acting(chart, R.父母)
    return bool(parents) and not any(T.化退神 in a.transformations or states_of(chart)[a.place].tied
                                     for a in parents)


def test_weather_is_read_by_what_moves_not_by_strength() -> None:
    """TS-04 「父爻發動 … 而雨矣」 with 「所以占天時，不論旺衰」: a moving 父母 brings the rain asked for whether it is
    strong or weak, and it is the chapter that decides (its move is the last that sets the answer)."""
    weak_seen = 0
    for chart in _charts():
        states = states_of(chart)
        if not _rain_moves_plainly(chart):
            continue
        r = read(chart, Question(Topic.weather, weather=Weather.rain))
        assert r.verdict is Verdict.吉, chart.cast
        assert "ts_wished_weather_moves" in _keys(r)
        weak_seen += any(not states[a.place].vigour.strong for a in acting(chart, R.父母))
    assert weak_seen > 10  # the sweep sets aside the charts with a weather frame (TS-13)


def test_a_moving_ghost_without_a_parent_gives_cloud_and_no_rain() -> None:
    """TS-26 「若父爻不動且不暗動，而官鬼者動必主濃雲厚霧而無雨」."""
    seen = 0
    for chart in _charts():
        states = states_of(chart)
        if acting(chart, R.父母) or turns_into(chart, R.父母) or turns_into(chart, R.子孫) or _sky_framed(chart):
            continue
        if acting(chart, R.子孫) or acting(chart, R.妻財) or not moving(chart, R.官鬼):
            continue
        if any(not ln.moving and states[_line_place(ln.position)].void_filled for ln in chart.lines):
            continue
        r = read(chart, Question(Topic.weather, weather=Weather.rain))
        assert "ts_ghost_moves_no_rain" in _keys(r)
        assert r.verdict.side < 0
        seen += 1
    assert seen > 10


def test_a_retreating_parent_ends_the_rain() -> None:
    """TS-24 「凡得父化退神，雨亦將止」: every acting 父母 retreats and nothing else brings rain → not lasting rain."""
    seen = 0
    for chart in _charts(1):
        states = states_of(chart)
        parents = acting(chart, R.父母)
        if not parents or not all(a.moving and T.化退神 in a.transformations for a in parents) or _sky_framed(chart):
            continue
        if turns_into(chart, R.父母):
            continue
        if any(not ln.moving and states[_line_place(ln.position)].void_filled
               and ln.relation in (R.父母, R.官鬼) for ln in chart.lines):
            continue
        r = read(chart, Question(Topic.weather, weather=Weather.rain))
        assert "ts_wished_weather_retreats" in _keys(r) and r.verdict.side < 0
        seen += 1
    assert seen >= 5


def test_the_days_of_the_weather_chapter() -> None:
    """TS-32 a moving use-god answers on its 長生 day; TS-31 with only 財/子 moving, the rain comes on the 財's 墓 or
    絕 day."""
    birth = tomb = 0
    for chart in _charts():
        states = states_of(chart)
        r = read(chart, Question(Topic.weather, weather=Weather.rain))
        days = {(t.branch, rule) for t in r.timing if t.unit is Unit.DAY for rule in t.rules}
        if _sky_framed(chart):
            continue
        for ln in moving(chart, R.父母):
            assert (branch_at_stage(ln.element, Stage.長生), "TS-32") in days
            birth += 1
        if not acting(chart, R.父母) and not moving(chart, R.官鬼) and not turns_into(chart, R.父母) \
                and not turns_into(chart, R.子孫) and moving(chart, R.妻財) \
                and not any(not ln.moving and states[_line_place(ln.position)].void_filled
                            for ln in chart.lines):
            ln = moving(chart, R.妻財)[0]
            assert (branch_at_stage(ln.element, Stage.墓), "TS-31") in days
            tomb += 1
    assert birth > 50 and tomb > 5


def test_without_a_wish_the_chapter_only_describes() -> None:
    """TS-03 「須以分看」: with no wish the chapter names what the moving lines bring and decides nothing."""
    for chart in _charts(17):
        states = states_of(chart)
        c = chapter_reading(chart, states, Question(Topic.weather), _line_place(chart.hexagram.world))
        assert not c.moves
        assert {f.key for f in c.findings} >= {
            {R.父母: "ts_parent_brings_rain", R.子孫: "ts_child_brings_clear", R.妻財: "ts_wealth_brings_fair",
             R.官鬼: "ts_ghost_brings_cloud", R.兄弟: "ts_sibling_brings_wind"}[a.relation]
            for a in (x for rel in R for x in acting(chart, rel))}


# ---- 壽元章 -------------------------------------------------------------------------------------------------------

def test_a_moving_source_is_bad_for_ones_lifespan() -> None:
    """SYU-05 「元神為滋生之物，宜旺而靜不宜動搖 … 動則已有限期矣，非元神逢絕墓之年，即在元神被沖克之歲」: against
    chapters 9–10 (where a moving 元神 helps), a moving line that generates the 世 is a bad sign here, and its 絕 and
    墓 years are named."""
    seen = 0
    for chart in _charts():
        states = states_of(chart)
        w = states[_line_place(chart.hexagram.world)]
        sources = [ln for ln in chart.lines if ln.moving and not ln.world and generates(ln.element, w.element)]
        r = read(chart, Question(Topic.lifespan, Subject.self))
        keys = _keys(r)
        assert ("syu_source_moves" in keys) == bool(sources), chart.cast
        if sources:
            # (a far matter: core.reading.step7_when may tell a chapter's year in months too; the branch and the rule stay)
            years = {(t.branch, rule) for t in r.timing for rule in t.rules}
            e = sources[0].element
            assert (branch_at_stage(e, Stage.絕), "SYU-05") in years or (branch_at_stage(e, Stage.墓), "SYU-05") in years
            step = next(s for s in r.decision.steps if s.finding.key == "syu_source_moves")
            assert step.eventual[1].value <= step.eventual[0].value
            seen += 1
    assert seen > 100


# ---- 延醫章, 尋地章, 博戲章: the chapters' use-gods ---------------------------------------------------------------

def test_the_chapters_take_their_own_use_gods() -> None:
    """延醫 「應爻為醫人」, 尋地 「世為穴也」, 博戲 「首重世應 … 兼用財」, 胎孕 「皆用子孫」."""
    for chart in _charts(29):
        assert read(chart, Question(Topic.doctor)).use_god.place.position == chart.hexagram.response \
            or read(chart, Question(Topic.doctor)).use_god.place.layer is not Layer.LINE
        assert read(chart, Question(Topic.land)).use_god.place == _line_place(chart.hexagram.world)
        assert read(chart, Question(Topic.gamble)).use_god.place == _line_place(chart.hexagram.world)
    assert resolve(Question(Topic.doctor)).target is Role.應
    assert resolve(Question(Topic.land)).target is Role.世
    assert resolve(Question(Topic.pregnancy, Subject.wife, birth=Birth.child)).target is R.子孫
    assert resolve(Question(Topic.pregnancy, Subject.parent, birth=Birth.child)).target is R.兄弟


def test_an_empty_or_weak_doctor_does_not_cure() -> None:
    """YY-03 「應爻空破墓絕休囚衰弱 … 藥不見效」."""
    seen = 0
    for chart in _charts():
        states = states_of(chart)
        resp = states[_line_place(chart.hexagram.response)]
        if resp.vigour not in (Vigour.休囚, Vigour.失陷):
            continue
        r = read(chart, Question(Topic.doctor, Subject.self))
        assert "yy_doctor_fails" in _keys(r)
        step = next(s for s in r.decision.steps if s.finding.key == "yy_doctor_fails")
        assert step.eventual[1].value <= Verdict.小凶.value
        seen += 1
    assert seen > 50


def test_a_moving_parent_spoils_a_new_grave_site() -> None:
    """XN-10 「卦中不宜父動，父動化父更凶」 (for a new site; an old grave reads the 父 as its use-god, ZY-04)."""
    seen = 0
    for chart in _charts():
        # L621 「占地以世爻子孫爻為主，父動克子」: a moving 父 with the force to strike the 子孫 (a site is a far matter)
        parents = harming(chart, states_of(chart), moving(chart, R.父母), place_of(chart, R.子孫), False)
        r = read(chart, Question(Topic.land))
        keys = _keys(r)
        if not parents:
            assert not {"xn_parent_moves", "xn_parent_moves_worse"} & keys
            continue
        if {_line_place(ln.position) for ln in parents} <= frame_members(chart, Question(Topic.land)):
            continue  # members of a frame act as the frame (JH-03), not as a moving 父
        worse = any(ln.changed is not None and ln.changed.relation is R.父母 for ln in parents)
        assert ("xn_parent_moves_worse" if worse else "xn_parent_moves") in keys
        seen += 1
        g = read(chart, Question(Topic.grave))
        assert not {"xn_parent_moves", "xn_parent_moves_worse"} & _keys(g)
    assert seen > 100


def test_games_weigh_the_world_against_the_response() -> None:
    """BX-01: 世 on the day or month, 財 helped by them, 世 changing for the better, the 應 holding 財 and feeding the
    世 → I win; 世 or 財 weak, empty or struck, or a moving 父 → I lose money."""
    wins = losses = 0
    for chart in _charts():
        states = states_of(chart)
        r = read(chart, Question(Topic.gamble))
        keys = _keys(r)
        if moving(chart, R.父母):
            assert "bx_i_win" not in keys or states[_line_place(chart.hexagram.world)].on_month_or_day
        wins += "bx_i_win" in keys
        losses += "bx_i_lose" in keys
    assert wins > 20 and losses > 20


# ---- 求財章 -------------------------------------------------------------------------------------------------------

def test_what_moves_with_the_sibling_decides_the_money() -> None:
    """QC-03/05/07: 兄 with 子孫 moving feeds the money; with a moving 官 the 官 restrains it; alone it robs
    (「水中撈月」); a moving 官 with a still 兄 drains the 財 — a 兄 or 官 that moves without the force to strike
    (chapters 1–34: tied, retreating, struck by its change …) does neither."""
    seen = {"qc_sibling_feeds_child": 0, "qc_office_checks_sibling": 0, "qc_sibling_moves": 0,
            "qc_office_moves_drains": 0}
    for chart in _charts():
        states = states_of(chart)
        r = read(chart, Question(Topic.wealth))
        keys = _keys(r)
        sib, child, office, wealth = (moving(chart, rel) for rel in (R.兄弟, R.子孫, R.官鬼, R.妻財))
        # HJ-34 (L1376) 「兄爻持世化出財爻而得財」: the 兄 on the 世 turning into the 財 is no robber
        sib = tuple(x for x in sib if not (x.world and x.changed is not None and x.changed.relation is R.妻財))
        use = r.use_god.place
        robbing, draining = harming(chart, states, sib, use), harming(chart, states, office, use)
        if sib and child:
            expect = "qc_sibling_feeds_child"
        elif sib and office:
            expect = "qc_office_checks_sibling"
        elif robbing and not wealth:
            expect = "qc_sibling_moves"
        elif not sib and draining:
            expect = "qc_office_moves_drains"
        else:
            continue
        movers = {_line_place(ln.position) for ln in sib + child + office}
        if movers & frame_members(chart, Question(Topic.wealth)):
            continue  # a frame member acts as the frame (JH-03): the chapter's sign may be left out
        assert expect in keys, (chart.cast, expect)
        seen[expect] += 1
    assert all(n > 10 for n in seen.values()), seen


def test_a_sibling_on_the_world_stops_loans_and_lending() -> None:
    """JD-01 「世逢兄，何須開口」, FZ-01 「兄臨世，放則無歸」 (a loan's 兄 turning into the 財 is HJ-34's exception:
    tests/test_doctrine_scope.py)."""
    seen = 0
    for chart in _charts(7):
        states = states_of(chart)
        world = chart.world
        if world.relation is not R.兄弟 or (world.moving and world.changed is not None
                                            and world.changed.relation is R.妻財):
            continue
        for topic, key in ((Topic.loan, "jd_sibling_on_world"), (Topic.lending, "fz_sibling_on_world")):
            c = CHAPTERS[topic](chart, states, Question(topic), _line_place(chart.hexagram.world))
            assert any(m.key == key and m.eventual == "=凶" for m in c.moves)
        seen += 1
    assert seen > 20


# ---- 疾病章 -------------------------------------------------------------------------------------------------------

def test_a_moving_offspring_relieves_the_worry_except_for_a_parent() -> None:
    """JB-08 「代占六親之病，若見官鬼持世 … 惟喜子孫發動克去我之憂疑」, but JB-09 「若占父母之災，官鬼為父母之元神，
    豈宜子動而傷耶？」."""
    seen = 0
    for chart in _charts():
        states = states_of(chart)
        wp = Place(Layer.LINE, chart.world.position)  # 克去我之憂疑: a 子孫 with the force to strike the 鬼 on the 世
        if chart.world.relation is not R.官鬼 or not any(
                Transformation.回頭克 in x.transformations or harming(chart, states, (x,), wp, True)
                for x in moving(chart, R.子孫)):
            continue
        for subject, expected in ((Subject.sibling, True), (Subject.child, True), (Subject.parent, False),
                                  (Subject.husband, False)):
            use = read(chart, Question(Topic.illness, subject, illness=Illness.recent)).use_god.place
            c = CHAPTERS[Topic.illness](chart, states, Question(Topic.illness, subject, illness=Illness.recent), use)
            assert any(m.key == "jb_child_clears_worry" for m in c.moves) is expected, (subject, chart.cast)
        seen += 1
    assert seen > 10


def test_the_rank_outranks_the_essay_and_the_world_must_stand() -> None:
    """XH-13 「父爻旺相官臨空破墓絕 … 文章終遇紅紗蔽目」 / 「官爻旺而生世持世，若是父爻不旺 … 反許遂志」; XH-11
    「官父雖旺而世爻休囚空破墓絕 … 我位既失，何以成名」."""
    from core.chapters.common import bad_change, cut_off, empty

    good = lost = 0
    for chart in _charts():
        states = states_of(chart)
        r = read(chart, Question(Topic.exam))
        use = r.use_god.place
        if use.layer is not Layer.LINE:
            continue
        ln = chart.lines[use.position - 1]
        s = states[use]
        c = CHAPTERS[Topic.exam](chart, states, Question(Topic.exam), use)
        ck = [m.key for m in c.moves]
        if empty(s) or s.real_tomb or cut_off(s) or bad_change(ln, states):
            assert "xh_office_empty" in ck and r.verdict is Verdict.凶
            lost += 1
        elif s.vigour.strong and (ln.world or generates(ln.element, chart.world.element)):
            assert "xh_office_favours_world" in ck
            good += 1
        w = states[_line_place(chart.hexagram.world)]
        if not w.vigour.strong and (w.real_tomb or cut_off(w)):
            assert "xh_world_lost" in ck
    assert good > 20 and lost > 20


def test_a_six_clash_with_a_still_world_does_not_set_out() -> None:
    """CX-09 「六沖卦世靜世空必不能行」: whatever else the chart says, the journey does not happen."""
    seen = 0
    for chart in _charts():
        states = states_of(chart)
        if not chart.hexagram.six_clash:
            continue
        w = states[_line_place(chart.hexagram.world)]
        r = read(chart, Question(Topic.travel, Subject.self))
        if not chart.world.moving or (w.void and not w.void_filled):
            assert "cx_clash_cannot_go" in _keys(r) and r.verdict is Verdict.凶
            seen += 1
        else:
            assert "cx_clash_cannot_go" not in _keys(r)
    assert seen > 10


# ---- 行人章 -------------------------------------------------------------------------------------------------------

def test_advancing_he_does_not_return_retreating_he_does() -> None:
    """XR-03 「動化進神不返，用神化退而歸」 — against the general 化進 吉 (JT-02): the chapter decides."""
    adv = ret = 0
    for chart in _charts():
        r = read(chart, Question(Topic.returning, Subject.child))
        ln = chart.lines[r.use_god.place.position - 1] if r.use_god.place.layer is Layer.LINE else None
        if ln is None or not ln.moving or T.回頭克 in ln.transformations:
            continue
        if T.化進神 in ln.transformations:
            assert "xr_advances_does_not_return" in _keys(r) and r.verdict.side < 0
            adv += 1
        elif T.化退神 in ln.transformations:
            assert "xr_retreats_returns" in _keys(r)
            ret += 1
    assert adv > 5 and ret > 5


# ---- 婚姻章, 胎孕章 ------------------------------------------------------------------------------------------------

def test_offspring_on_the_world_or_moving_harms_a_womans_match() -> None:
    """HYN-10 「女占男不宜子孫持世發動，子孫乃傷夫之神，未成者不成」 (a woman asking is read for her husband's side)."""
    seen = 0
    for chart in _charts():
        r = read(chart, Question(Topic.marriage, Subject.self, Sex.female))
        # 子孫乃傷夫之神: a moving 子孫 with the force to strike the 官 (the husband, the use-god)
        if chart.world.relation is not R.子孫 and not harming(chart, states_of(chart), moving(chart, R.子孫),
                                                               r.use_god.place, False):
            continue
        assert "hyn_child_harms_husband" in _keys(r) and r.verdict is Verdict.凶
        seen += 1
        man = read(chart, Question(Topic.marriage, Subject.self, Sex.male))
        assert "hyn_child_harms_husband" not in _keys(man)
    assert seen > 100


def test_pregnancy_is_kept_or_lost_by_offspring() -> None:
    """TY-02: 子孫 turning into a 鬼 (or a 鬼/父 turning into 子孫) — the pregnancy is not kept."""
    seen = 0
    for chart in _charts():
        r = read(chart, Question(Topic.pregnancy, Subject.wife, birth=Birth.child))
        ln = chart.lines[r.use_god.place.position - 1] if r.use_god.place.layer is Layer.LINE else None
        crossed = any(x.relation in (R.官鬼, R.父母) and x.moving and x.changed is not None
                      and x.changed.relation is R.子孫 for x in chart.lines)
        if (ln is not None and ln.moving and ln.changed is not None and ln.changed.relation is R.官鬼) or crossed:
            assert "ty_pregnancy_lost" in _keys(r) and r.verdict is Verdict.凶, chart.cast
            seen += 1
    assert seen > 20


def test_the_birth_comes_on_the_days_of_offspring() -> None:
    """CQ-01 「產期有遠近之分，遠則應月，近則應日」; 「子孫動者逢合逢值，靜者逢值逢沖」."""
    from core.chart.relations import clash_of, harmony_of

    moved = still = 0
    for chart in _charts(5):
        r = read(chart, Question(Topic.pregnancy, Subject.wife, birth=Birth.child))
        use = r.use_god.place
        if use.layer is not Layer.LINE:
            continue
        b = chart.lines[use.position - 1].branch
        days = {t.branch for t in r.timing if t.unit is Unit.DAY and "CQ-01" in t.rules}
        if chart.lines[use.position - 1].moving:
            assert {harmony_of(b), b} <= days
            moved += 1
        else:
            assert {b, clash_of(b)} <= days
            still += 1
        far = read(chart, Question(Topic.pregnancy, Subject.wife, birth=Birth.child, horizon=Horizon.far))
        assert any(t.unit is Unit.MONTH and "CQ-01" in t.rules for t in far.timing)
    assert moved > 20 and still > 20


# ---- the hook -------------------------------------------------------------------------------------------------------

def _sweep_topics() -> Iterator[Question]:
    for t in CHAPTERS:
        yield Question(t, Subject.self, Sex.male, illness=Illness.recent, birth=Birth.child, weather=Weather.clear,
                       study=Study.school, life=Life.wealth, club=Club.pot)


@pytest.mark.parametrize("question", list(_sweep_topics()), ids=lambda q: q.topic.value)
def test_every_chapter_move_enters_the_decision_in_order(question: Question) -> None:
    """A chapter's moves come after the general overrides and before the amplifiers, in the chapter's order, and each
    names its registered rule."""
    for chart in _charts(41):
        states = states_of(chart)
        r = read(chart, question)
        assert r.decision is not None
        use = r.use_god.place
        expected = [m.key for m in chapter_reading(chart, states, question, use).moves]
        got = [s.finding.key for s in r.decision.steps]
        chapter_steps = [k for k in got if k in expected]
        # absorbed moves (frame members) may be left out, never reordered
        assert chapter_steps == [k for k in expected if k in chapter_steps]
        amps = [i for i, s in enumerate(r.decision.steps) if s.finding.rule in ("LS-02", "XS-05")]
        chapter_idx = [i for i, k in enumerate(got) if k in expected]
        if amps and chapter_idx:
            assert max(chapter_idx) < min(amps)
        for s in r.decision.steps:
            assert rules.registered(s.finding.source)


def test_an_experts_use_god_turns_the_chapters_off() -> None:
    for chart in _charts(97):
        states = states_of(chart)
        c = chapter_reading(chart, states, Question(Topic.wealth, use_god=R.子孫), _line_place(1))
        assert not c.moves and not c.findings
