"""增刪卜易's frames read by their relation (TS-13, QC-14), the chapters' timings (TS-42, DH-06, XN-09, DT-01), the
grave site's changes (XN-05, XN-07, XN-09), marriage extras (HYN-15, HYN-16, CA-03), and the matters the book reads
apart (core.question.Aspect): building work (CZ-01, XFD-01…03), the old house (JU-02/04/06/07), what harmed a grave
(YH-01…04), its repair (XB-01), a burial with the ancestors (FU-01), the geomancer (DM-01), a marriage's children
(HZ-01), parents (HF-01), risk (QL-01) and obstruction (QL-02).

Each rule is checked on a sweep over casts against its passage: where its condition holds it speaks, and where it
does not (or its exception holds) it is silent.  The passages are quoted as printed (simplified characters) from the
copy under tests/data/texts.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

from bot.handlers.keyboards import ASPECT_LABELS, SKIP_LABELS, follow_up
from bot.render.answer import pair
from bot.render.i18n import use as use_lang
from core import rules
from core.chapters import chapter_reading
from core.chapters.common import (
    acting,
    bad_change,
    changes_into,
    empty,
    feeding,
    good_change,
    harming,
    lines_of,
    moving,
    place_of,
    turns_into,
)
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, HexagramTransformation, Line, Spirit, Transformation, build_chart
from core.chart.combinations import frames
from core.chart.ganzhi import SEXAGENARY, Element
from core.chart.hexagram import Relation
from core.chart.relations import Stage, branch_at_stage, clash_of, clashes, generates, harmonizes, harmony_of
from core.findings import Layer, Place, Unit
from core.question import (
    ASPECTS,
    Aspect,
    Birth,
    FollowUp,
    Horizon,
    Question,
    QuestionError,
    Role,
    Sex,
    Subject,
    Topic,
    Weather,
    choices,
    horizon_of,
    optional_follow_ups,
    resolve,
)
from core.reading.pipeline import Reading, read
from core.reading.step2_state import states_of
from tests.passages import assert_quotes_on_their_lines

R = Relation
T = Transformation
MONTHS = "寅卯辰巳午未申酉戌亥子丑"

QUOTES = {
    "TS-13": "三合财局子孙局者，主晴．三合父局主雨，三合鬼局，黑雾迷天或雷电闪烁，三合木局主风",
    "TS-42": "即如子孙持世发动，占天时者皓日当空，无云点缀。乃至墓绝之日，黑暗无光",
    "QC-14": "世与财爻或与子孙爻三合成局，诸占物追财丰",
    "DH-06": "遇合者有应动而逢合之月而得价也。亦有财爻衰静，占时得遇日月生合者，其价目下正及时也",
    "HYN-15": "财爻重叠旺相生合世爻者，多主贤妻美妾",
    "HYN-16": "兄鬼动临元武，防局中奸诈骗财",
    "CA-03": "卦得六冲，子旺财强终是喜。爻逢六合，财空子破亦为忧",
    "XN-05": "世宜旺相化进神、化日月、化回头生、化合、化长生帝旺，龙安水源地脉长",
    "XN-07": "世临白虎鬼爻，或是随鬼入墓，皆主地有伏尸。世爻旺相又遇生扶，乃为棺上加棺",
    "XN-09": "卦得反吟，遇冲开之年月必迁",
    "DT-01": "世为用神，静者逢冲逢值，动者逢值逢合，世空者冲实之秋，世破者填实之候，逢合入墓，须待冲开",
    "CZ-01": "创造兴工，卦忌六冲，鬼动克世最凶，随鬼入墓，祸事多逢",
    "XFD-01": "世临福德最相宜，官鬼交重有祸基。世旺逢生宜化吉，世衰受克且停工",
    "XFD-02": "子孙之方宜起手，官鬼之位莫挑泥",
    "XFD-03": "岂嫌子象发，偏忌父爻虚，造成屋宇忧冲散，父爻旺相久长居",
    "JU-02": "子孙持世，或动于卦中，或官鬼不动，及六爻安宁，非此处也",
    "JU-04": "子孙持世子孙发动者，鬼崇潜行，即有活鬼出现，可保平安",
    "JU-06": "鬼动克世，或世爻随鬼入墓，及世动变鬼克世，乃是冤家债主",
    "JU-07": "财动克父，财化父，父化财，堂上之忧。父动克子，鬼化子，子化鬼，膝前有损",
    "YH-01": "专看冲克父母之爻为忌神，如得六爻安静，父母有气，久后自安，不必补修",
    "YH-02": "元武水爻克父母，穴中黑水相侵",
    "YH-03": "如在离宫，卦得申子辰水局克父者，穴中水涌",
    "YH-04": "卦中无土，须筑墙垣",
    "XB-01": "既问修补之吉凶，则认世爻为用，子孙持世，子孙发动，修之必获清安",
    "FU-01": "六冲变冲，卦变绝克，父母受伤，内外反吟，且宜他葬",
    "TJ-01": "与外人同居看应爻。世为已，应为人，世应相合相生，日月动爻生合世应者，彼此俱祥",
    "DM-01": "应为用神，旺相生合世爻，虽愚亦用。休囚冲克世爻，贤亦不宜",
    "HZ-01": "子孙旺相或休囚而动及动而化吉，皆主有子",
    "HF-01": "专以父母为用神，父母爻或旺或衰，皆不忌也。所忌者财爻发动，必此婚之有妨",
    "QL-01": "防患者，用子孙。子孙持世，子孙发动，皆无忧也",
    "QL-02": "防拦阻者，鬼动有祸，兄爻持世，到底难成，财动相生，不谋而就，六冲变冲为凶",
}


def test_the_quotes_are_on_their_lines() -> None:
    assert_quotes_on_their_lines(QUOTES)


@cache
def _charts(every: int = 5) -> tuple[Chart, ...]:
    out = []
    for n in range(0, 4096, every):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        out.append(build_chart(parse_cast(lines), Moment.from_pillars(MONTHS[(n * 5) % 12],
                                                                      str(SEXAGENARY[(n * 7) % 60]))))
    return tuple(out)


_st = cache(states_of)  # each chart's states made once (a chart is hashed by identity)


def _lp(n: int) -> Place:
    return Place(Layer.LINE, n)


def _keys(c: object) -> set[str]:
    return {m.key for m in getattr(c, "moves", ())} | {f.key for f in getattr(c, "findings", ())}


def _move(c: object, key: str) -> tuple[str, str] | None:
    found = [(m.now, m.eventual) for m in getattr(c, "moves", ()) if m.key == key]
    return found[0] if found else None


def _steps(r: Reading) -> set[str]:
    assert r.decision is not None
    return {s.finding.key for s in r.decision.steps}


def _formed(chart: Chart) -> list:  # noqa: ANN202 - FrameFact
    return [f for f in frames(chart) if f.formed]


def _use(chart: Chart, q: Question) -> Place:
    return read(chart, q).use_god.place


# ---- 天時 TS-13, TS-42 ---------------------------------------------------------------------------------------------

def test_a_frame_brings_the_weather_of_its_relation() -> None:
    """TS-13: a formed frame is read by the 六親 of its element — 財/子孫 clear, 父母 rain, 官鬼 black fog or
    thunder, a wood frame wind (by element) — and, the wish known, brings the weather as a moving line would: a frame
    of the wished sky (and none of the other) decides 吉; one of the other sky only, with nothing of the wished
    acting, decides 凶."""
    seen = {"wished": 0, "other": 0, "wind": 0, "both": 0}
    for chart in _charts():
        fs = _formed(chart)
        sky = {R.父母: "rain", R.子孫: "clear", R.妻財: "clear", R.官鬼: "murk"}
        told = chapter_reading(chart, _st(chart), Question(Topic.weather), _lp(chart.hexagram.world))
        expect = {f"ts_frame_{sky[f.relation]}" for f in fs if f.relation in sky}
        expect |= {"ts_frame_wind"} if any(f.element is Element.木 for f in fs) else set()
        assert {f.key for f in told.findings if f.rule == "TS-13"} == expect
        seen["wind"] += "ts_frame_wind" in expect
        for wish in Weather:
            want = ("rain",) if wish is Weather.rain else ("clear",)
            wanted = [f for f in fs if sky.get(f.relation) in want]
            other = [f for f in fs if sky.get(f.relation) not in (*want, "murk", None)]
            c = chapter_reading(chart, _st(chart), Question(Topic.weather, weather=wish), _lp(chart.hexagram.world))
            if wanted and not other:
                assert _move(c, "ts_frame_brings_wished") == ("=吉", "=吉") and len(c.moves) == 1
                seen["wished"] += 1
                continue
            assert _move(c, "ts_frame_brings_wished") is None
            rel = R.父母 if wish is Weather.rain else R.子孫
            quiet = not acting(chart, rel) and not turns_into(chart, rel) and not any(
                not ln.moving and _st(chart)[_lp(ln.position)].void_filled for ln in chart.lines)
            if other and not wanted and quiet:
                assert _move(c, "ts_frame_brings_other") == ("=凶", "=凶")
                seen["other"] += 1
            if wanted and other:
                assert not {"ts_frame_brings_wished", "ts_frame_brings_other"} & _keys(c)
                seen["both"] += 1
    assert min(seen.values()) > 0, seen


def test_offspring_moving_on_the_world_ends_the_sun_on_its_tomb_and_cut_days() -> None:
    """TS-42: 子孫 on the 世 moving — a blazing sun (a finding, wish or not), and for a wish of clear weather its 墓
    and 絕 days are named as the end of it (for rain, TS-31's days of a moving 子孫 say it)."""
    seen = 0
    for chart in _charts(3):
        w = chart.world
        on = w.moving and w.relation is R.子孫
        clear = chapter_reading(chart, _st(chart), Question(Topic.weather, weather=Weather.clear), _lp(w.position))
        rain = chapter_reading(chart, _st(chart), Question(Topic.weather, weather=Weather.rain), _lp(w.position))
        got = {(t.branch, t.unit) for t in clear.timings if t.rule == "TS-42"}
        assert ("ts_bright_sun" in {f.key for f in clear.findings}) is on
        assert not [t for t in rain.timings if t.rule == "TS-42"]
        if on:
            assert got == {(branch_at_stage(w.element, Stage.墓), Unit.DAY), (branch_at_stage(w.element, Stage.絕),
                                                                               Unit.DAY)}
            seen += 1
        else:
            assert not got
    assert seen > 20


# ---- 求財 QC-14, 囤貨 DH-06 ---------------------------------------------------------------------------------------

def test_a_frame_in_a_money_question_is_read_by_its_relation() -> None:
    """QC-14: 財/子孫 frames with the 世 in them or generating it are the chapter's 全美 (a reason); a 父 frame toil
    (≤小吉), a 兄 frame losses (≤小凶), a 鬼 frame quarrels (-1), worse overcoming the 世 (≤小凶).  Only in 求財章:
    the goods chapter does not read it."""
    seen: dict[str, int] = {}
    for chart in _charts():
        c = chapter_reading(chart, _st(chart), Question(Topic.wealth, Subject.self), _use(chart, Question(Topic.wealth,
                                                                                            Subject.self)))
        w = chart.world
        want: set[str] = set()
        for f in _formed(chart):
            inside = w.branch in f.frame.members
            if f.relation in (R.妻財, R.子孫):
                if inside or generates(f.element, w.element):
                    want.add("qc_frame_feeds_me")
            elif f.relation is R.父母:
                want.add("qc_frame_toil")
            elif f.relation is R.兄弟:
                want.add("qc_frame_losses")
            else:
                want.add("qc_frame_strikes_me" if f.element.overcomes is w.element and not inside
                         else "qc_frame_quarrels")
        got = {k for k in _keys(c) if k.startswith("qc_frame")}
        assert got == want, (chart.cast, got, want)
        for k in want:
            seen[k] = seen.get(k, 0) + 1
        for m in c.moves:
            if m.rule == "QC-14":
                assert m.places[0] == _lp(w.position)
                assert (m.now, m.eventual) == {"qc_frame_toil": ("", "≤小吉"), "qc_frame_losses": ("≤小凶", "≤小凶"),
                                               "qc_frame_quarrels": ("", "-1"),
                                               "qc_frame_strikes_me": ("≤小凶", "≤小凶")}[m.key]
        goods = chapter_reading(chart, _st(chart), Question(Topic.goods, Subject.self), _lp(w.position))
        assert not any(f.rule == "QC-14" for f in goods.findings) and not any(m.rule == "QC-14" for m in goods.moves)
    assert len(seen) == 5 and min(seen.values()) > 3, seen


def test_the_price_comes_in_the_month_that_combines_a_moving_wealth() -> None:
    """DH-06: a moving 財 (the price) — the month that combines it; a still 財 衰 in the season (休囚) that the day or
    month feeds or combines — the price is right now; one in season neither."""
    seen = {"month": 0, "now": 0}
    q = Question(Topic.goods, Subject.self)
    for chart in _charts():
        use = _use(chart, q)
        if use.layer is not Layer.LINE:
            continue
        ln = chart.lines[use.position - 1]
        s = _st(chart)[use]
        c = chapter_reading(chart, _st(chart), q, use)
        months = {t.branch for t in c.timings if t.rule == "DH-06"}
        now = "dh_price_right_now" in {f.key for f in c.findings}
        pillars = (chart.moment.month_branch, chart.moment.day.branch)
        if ln.moving:
            assert months == {harmony_of(ln.branch)} and not now
            seen["month"] += 1
        else:
            fed = any(generates(b.element, s.element) or harmonizes(b, s.branch) for b in pillars)
            assert not months and now is (not s.in_season and fed)
            seen["now"] += now
    assert min(seen.values()) > 10, seen


# ---- 尋地 XN-05, XN-07, XN-09, DT-01 -----------------------------------------------------------------------------

def test_the_sites_changes_and_what_lies_beneath() -> None:
    """XN-05 世化退 — the grave will be moved (a reason: XN-08 already judges the site); a strong 世 changing well
    (進, 回頭生, 合, 長生帝旺, into the day or month) — the vein lasts (+1); 子孫 化退 — each generation less, a strong
    子孫 changing well — eminent descendants.  XN-07 the 世 on a 白虎 官鬼 or in a 官鬼's tomb — an old burial: with a
    strong, supported 世 a coffin on a coffin (no harm), else not to be used (≤小凶)."""
    seen: dict[str, int] = {}
    q = Question(Topic.land)
    for chart in _charts(3):
        w = chart.world
        ws = _st(chart)[_lp(w.position)]
        c = chapter_reading(chart, _st(chart), q, _lp(w.position))
        keys = _keys(c)
        pillars = (chart.moment.month_branch, chart.moment.day.branch)

        def well(x: Line, pillars: tuple = pillars) -> bool:  # noqa: ANN401
            return x.moving and x.changed is not None and (good_change(x) or T.回頭合 in x.transformations
                                                           or x.changed.branch in pillars)
        retreat = w.moving and T.化退神 in w.transformations
        assert ("xn_world_retreats" in keys) is retreat
        vein = not retreat and ws.vigour.strong and well(w) and not bad_change(w, _st(chart))
        assert ("xn_vein_lasts" in keys) is vein
        kids = lines_of(chart, R.子孫)
        assert ("xn_descendants_decline" in keys) is any(x.moving and T.化退神 in x.transformations for x in kids)
        ghost = w.relation is R.官鬼 and w.spirit is Spirit.白虎
        tomb = ws.tomb is not None and not ws.tomb_broken and ws.tomb_place is not None \
            and ws.tomb_place.layer is Layer.LINE and chart.lines[ws.tomb_place.position - 1].relation is R.官鬼
        beneath = {"xn_coffin_on_coffin", "xn_old_burial_beneath"} & keys
        if ghost or tomb:
            assert beneath == ({"xn_coffin_on_coffin"} if ws.vigour.strong and ws.supports
                               else {"xn_old_burial_beneath"})
        else:
            assert not beneath
        for k in keys:
            seen[k] = seen.get(k, 0) + 1
    for k in ("xn_world_retreats", "xn_vein_lasts", "xn_descendants_decline", "xn_noble_descendants",
              "xn_coffin_on_coffin", "xn_old_burial_beneath", "xn_quick_fortune"):
        assert seen.get(k, 0) > 0, (k, seen)


def test_a_reversed_site_is_moved_in_the_year_that_clashes_it() -> None:
    """XN-09: 反吟 → moved in the year or month that clashes the 世 (a bad moment); a trigram changing into the one
    that overcomes it (巽→乾, 坤→震) → flooded or moved (≤小凶); the 世, the 應 and a 子孫 in one formed frame → a
    fine site (+1)."""
    seen = {"moved": 0, "struck": 0, "frame": 0}
    reversals = (HexagramTransformation.反吟卦, HexagramTransformation.內卦反吟, HexagramTransformation.外卦反吟)
    for chart in _charts(3):
        w, r = chart.world, chart.response
        c = chapter_reading(chart, _st(chart), Question(Topic.land), _lp(w.position))
        moved = {(t.branch, t.unit) for t in c.timings if t.rule == "XN-09"}
        if any(t in chart.changes for t in reversals):
            assert moved == {(clash_of(w.branch), Unit.YEAR), (clash_of(w.branch), Unit.MONTH)}
            seen["moved"] += 1
        else:
            assert not moved
        h, ch = chart.hexagram, chart.changed
        struck = ch is not None and any(b != a and b.element.overcomes is a.element
                                        for a, b in ((h.lower, ch.lower), (h.upper, ch.upper)))
        assert (_move(c, "xn_flood_or_move") == ("≤小凶", "≤小凶")) is struck
        seen["struck"] += struck
        kids = {x.branch for x in lines_of(chart, R.子孫)}
        framed = any(w.branch in f.frame.members and r.branch in f.frame.members and kids & set(f.frame.members)
                     for f in _formed(chart))
        assert ("xn_frame_fine_site" in _keys(c)) is framed
        seen["frame"] += framed
    assert min(seen.values()) > 3, seen
    # the moment reaches the reading's timings
    chart = next(c for c in _charts(3) if HexagramTransformation.反吟卦 in c.changes)
    assert any("XN-09" in t.rules for t in read(chart, Question(Topic.land)).timing)


def test_the_site_is_found_at_the_moments_of_the_world() -> None:
    """DT-01: 世 still — its clash and its own branch; moving — its own branch and its combination; void — clash and
    fill; broken — fill; tied or combined — its clash; entombed — the tomb's clash; weak — its 長生 and 帝旺; strong —
    its 墓; in years and months."""
    for chart in _charts(7):
        w = chart.world
        s = _st(chart)[_lp(w.position)]
        c = chapter_reading(chart, _st(chart), Question(Topic.land), _lp(w.position))
        got = {t.branch for t in c.timings if t.rule == "DT-01"}
        assert {t.unit for t in c.timings if t.rule == "DT-01"} == {Unit.YEAR, Unit.MONTH}
        must = {w.branch, harmony_of(w.branch)} if w.moving else {w.branch, clash_of(w.branch)}
        if s.void:
            must |= {w.branch, clash_of(w.branch)}
        if s.tomb is not None and not s.tomb_broken:
            must.add(clash_of(s.tomb))
        must |= {branch_at_stage(w.element, Stage.長生), branch_at_stage(w.element, Stage.帝旺)} \
            if not s.vigour.strong else {branch_at_stage(w.element, Stage.墓)}
        assert must <= got, (chart.cast, must, got)
        assert not [t for t in chapter_reading(chart, _st(chart), Question(Topic.grave), _lp(w.position)).timings
                    if t.rule == "DT-01"]


# ---- 婚姻 HYN-15, HYN-16; 問產婦 CA-03 -----------------------------------------------------------------------------

def test_several_wives_and_the_spirits_of_the_match() -> None:
    """HYN-15 (the man's side): several strong 財 feeding or combining the 世 — a good wife; 財化財 — two at once or
    a rich dowry; either with a moving 兄 or the day/month clashing or overcoming a 財 — married more than once.
    HYN-16: a moving 兄 or 鬼 with 玄武 — deceit; a moving 鬼 with 白虎 — mourning."""
    seen: dict[str, int] = {}
    for chart in _charts(3):
        man = Question(Topic.marriage, Subject.self, Sex.male)
        c = chapter_reading(chart, _st(chart), man, _use(chart, man))
        w = chart.world
        wealth = lines_of(chart, R.妻財)
        strong = [x for x in wealth if _st(chart)[_lp(x.position)].vigour.strong]
        doubled = [x for x in wealth if x.moving and x.changed is not None and x.changed.relation is R.妻財]
        many = len(strong) >= 2 and all(x.world or generates(x.element, w.element)
                                        or harmonizes(x.branch, w.branch) for x in strong)
        pillars = (chart.moment.month_branch, chart.moment.day.branch)
        target = _lp((doubled or strong)[0].position) if (many or doubled) else None
        spoiled = (target is not None and bool(harming(chart, _st(chart), moving(chart, R.兄弟), target, False))) or any(clash_of(b) is x.branch or b.element.overcomes is x.element
                                                     for b in pillars for x in wealth)
        got = {f.key for f in c.findings if f.rule == "HYN-15"}
        want = set() if not (many or doubled) else {"hyn_married_again"} if spoiled \
            else {"hyn_two_at_once"} if doubled else {"hyn_good_wife"}
        assert got == want
        for k in got:
            seen[k] = seen.get(k, 0) + 1
        woman = Question(Topic.marriage, Subject.self, Sex.female)
        assert not [f for f in chapter_reading(chart, _st(chart), woman, _use(chart, woman)).findings if f.rule == "HYN-15"]
        fraud = {x.position for x in chart.lines if x.moving and x.relation in (R.兄弟, R.官鬼)
                 and x.spirit is Spirit.玄武}
        mourning = {x.position for x in chart.lines if x.moving and x.relation is R.官鬼 and x.spirit is Spirit.白虎}
        assert {f.places[0].position for f in c.findings if f.key == "hyn_swindle_costs"} == fraud
        assert {f.places[0].position for f in c.findings if f.key == "hyn_mourning"} == mourning
        seen["fraud"] = seen.get("fraud", 0) + bool(fraud)
        seen["mourning"] = seen.get("mourning", 0) + bool(mourning)
    assert len(seen) == 5 and min(seen.values()) > 0, seen


def test_a_six_clash_is_joy_for_a_strong_mother_and_child() -> None:
    """CA-03: a six-clash hexagram with the mother and a 子孫 strong — ≥小吉 (unless CA-01 sees danger); a six-
    harmony with the mother void or a 子孫 broken — ≤小凶."""
    seen = {"clash": 0, "harmony": 0}
    q = Question(Topic.pregnancy, Subject.wife, birth=Birth.mother)
    for chart in _charts(3):
        use = _use(chart, q)
        s = _st(chart)[use]
        c = chapter_reading(chart, _st(chart), q, use)
        kids = [_st(chart)[_lp(x.position)] for x in lines_of(chart, R.子孫)]
        danger = any(m.key == "ca_mother_in_danger" for m in c.moves)
        joy = chart.hexagram.six_clash and not danger and s.vigour.strong and any(k.vigour.strong for k in kids)
        worry = not joy and chart.hexagram.six_harmony and ((s.void and not s.void_filled)
                                                            or any(k.month_break for k in kids))
        assert (_move(c, "ca_clash_but_strong") == ("≥小吉", "≥小吉")) is joy
        assert (_move(c, "ca_harmony_but_empty") == ("≤小凶", "≤小凶")) is worry
        seen["clash"] += joy
        seen["harmony"] += worry
    assert min(seen.values()) > 0, seen


# ---- the aspects: the question ------------------------------------------------------------------------------------

def test_the_aspect_is_an_optional_follow_up_with_its_chapters_use_god() -> None:
    """各宜分占: a house, a grave, a site, a marriage … offer their parts, the matter itself first (the default when
    skipped); each part whose chapter names its use-god takes it; a part of another topic is refused.  A pregnancy
    offers them for the child (TY-04's boy or girl), once the child is chosen."""
    def q_of(topic: Topic, sex: Sex, aspect: Aspect | None = None) -> Question:
        return Question(topic, Subject.self, sex if topic is Topic.marriage else None, aspect=aspect,
                        birth=Birth.child if topic is Topic.pregnancy else None)

    for topic, aspects in ASPECTS.items():
        base = q_of(topic, Sex.male)
        assert FollowUp.aspect in optional_follow_ups(base)
        assert choices(topic, FollowUp.aspect) == aspects
        assert resolve(q_of(topic, Sex.male, aspects[0])) == resolve(base)
        assert FollowUp.aspect not in optional_follow_ups(q_of(topic, Sex.male, aspects[-1]))
        assert FollowUp.aspect not in optional_follow_ups(Question(topic, use_god=R.子孫))
    assert choices(Topic.wealth, FollowUp.aspect) == ()
    targets = {Aspect.works: R.父母, Aspect.old_house: R.官鬼, Aspect.share: Role.應, Aspect.harm: R.父母, Aspect.repair: Role.世,
               Aspect.geomancer: Role.應, Aspect.children: R.子孫, Aspect.parents: R.父母, Aspect.risk: R.子孫,
               Aspect.companion: Role.應, Aspect.treat: Role.應}
    for topic, aspects in ASPECTS.items():
        for a in aspects:
            want = targets.get(a, resolve(q_of(topic, Sex.female)).target)
            assert resolve(q_of(topic, Sex.female, a)).target is want, a
    with pytest.raises(QuestionError):
        Question(Topic.house, aspect=Aspect.harm)
    with pytest.raises(QuestionError):
        Question.parse_ids("grave", aspect="works")


def test_the_aspect_is_asked_stored_and_read_back() -> None:
    """The CLI and a stored reading carry the aspect: a request names it, the export writes it, and a question
    parsed back from the export is the one asked."""
    from bot.cli import question_from_request
    from core.export import reading_dict

    q = question_from_request({"topic": "grave", "aspect": "harm"})
    assert q.aspect is Aspect.harm and resolve(q).target is R.父母
    with pytest.raises(QuestionError):
        question_from_request({"topic": "wealth", "aspect": "harm"})
    asked = reading_dict(read(_charts()[1], q))["question"]
    assert asked["aspect"] == "harm"
    assert Question.parse_ids(asked["topic"], asked["subject"], asked["sex"], aspect=asked["aspect"]) == q


def test_each_aspect_has_its_words() -> None:
    """The keyboard offers every aspect with a skip; the answer says each part's own question."""
    for topic, aspects in ASPECTS.items():
        with use_lang("en"):
            kb = follow_up(topic, FollowUp.aspect)
        data = [b.callback_data for row in kb.inline_keyboard for b in row]
        assert [f"f:aspect:{a.value}" for a in aspects] == [d for d in data if d.startswith("f:aspect:")
                                                            and not d.endswith(":skip")]
        assert "f:aspect:skip" in data
        assert {a.value for a in aspects} <= set(ASPECT_LABELS)
    assert "aspect" in SKIP_LABELS
    chart = _charts()[0]
    # an aspect's id may be a topic's too ("children", "grave"): each keeps its own sentences
    assert pair(read(chart, Question(Topic.children, Subject.self)))[0] != pair(
        read(chart, Question(Topic.marriage, Subject.self, Sex.male, aspect=Aspect.children)))[0]
    for a in (Aspect.works, Aspect.harm, Aspect.children):
        topic = next(t for t, xs in ASPECTS.items() if a in xs)
        r = read(chart, Question(topic, Subject.self, Sex.male if topic is Topic.marriage else None, aspect=a))
        yes, _no = pair(r)
        assert yes != pair(read(chart, Question(topic, Subject.self,
                                                Sex.male if topic is Topic.marriage else None)))[0]


def _harms(chart: Chart, use: Place) -> bool:
    """A moving 財 with the force to strike (chapters 1–34's 雖有如無 aside)."""
    from core.chapters.common import harming

    return bool(harming(chart, _st(chart), moving(chart, R.妻財), use, False))


def _aspect(topic: Topic, aspect: Aspect) -> Iterator[tuple[Chart, Question, Place, object]]:
    q = Question(topic, Subject.self, Sex.male if topic is Topic.marriage else None, aspect=aspect)
    for chart in _charts():
        use = _use(chart, q)
        yield chart, q, use, chapter_reading(chart, _st(chart), q, use)


# ---- 創造宮室 CZ-01, 修方動土 XFD-01…03 -----------------------------------------------------------------------------

def test_building_work_is_read_by_the_ghost_the_world_and_the_house() -> None:
    """CZ-01: a moving 鬼 striking the 世 — =凶; the 世 in a 鬼's tomb — ≤小凶; a six-clash — -1.  XFD-01: 子孫 on
    the 世 — +1; a weak, struck 世 — stop the work (=凶).  XFD-02: begin on the 子孫's side, never dig on the 鬼's.
    XFD-03: a void house — ≤小凶.  The purchase chapter (GZ) does not read them."""
    seen: dict[str, int] = {}
    for chart, q, use, c in _aspect(Topic.house, Aspect.works):
        w = chart.world
        ws = _st(chart)[_lp(w.position)]
        us = _st(chart)[use]
        strike = any(not x.world and x.element.overcomes is w.element for x in harming(
            chart, _st(chart), moving(chart, R.官鬼), _lp(w.position), horizon_of(q) is not Horizon.far))
        assert (_move(c, "cz_ghost_strikes_world") == ("=凶", "=凶")) is strike
        assert (_move(c, "cz_six_clash") == ("", "-1")) is chart.hexagram.six_clash
        assert (_move(c, "xfd_world_on_offspring") is not None) is (w.relation is R.子孫)
        assert (_move(c, "xfd_stop_work") == ("=凶", "=凶")) is (not ws.vigour.strong and bool(ws.attacks))
        assert (_move(c, "xfd_house_void") is not None) is (
            (us.void and not us.void_filled and not us.not_void) or empty(us))
        ways = {f.key: f.param("direction") for f in c.findings if f.rule == "XFD-02"}
        kids, ghosts = lines_of(chart, R.子孫), lines_of(chart, R.官鬼)
        assert ("xfd_start_towards" in ways) is bool(kids) and ("xfd_do_not_dig" in ways) is bool(ghosts)
        for x in kids + ghosts:
            if x.element is not Element.土:
                key = "xfd_start_towards" if x.relation is R.子孫 else "xfd_do_not_dig"
                assert ways[key] == {Element.水: "北", Element.火: "南", Element.木: "東", Element.金: "西"}[x.element]
        for k in _keys(c):
            seen[k] = seen.get(k, 0) + 1
        plain = chapter_reading(chart, _st(chart), Question(Topic.house), use)
        assert not {m.rule for m in plain.moves} & {"CZ-01", "XFD-01", "XFD-03"}
    assert all(seen.get(k, 0) > 0 for k in ("cz_ghost_strikes_world", "cz_six_clash", "xfd_world_on_offspring",
                                            "xfd_stop_work", "xfd_house_void", "cz_house_strong")), seen


# ---- 舊宅 JU-02, JU-04, JU-06, JU-07 ---------------------------------------------------------------------------------

def test_the_old_house_is_the_cause_only_when_the_ghost_acts_and_offspring_does_not() -> None:
    """JU-02: 子孫 on the 世 or moving, or no 官鬼 moving — not this place (≤小凶 on the 官鬼's side); a 官鬼 moving
    or on the 世 with no 子孫 acting — this place harms (≥小吉).  JU-04 子孫 acting — the household is safe.  JU-07:
    a moving 財 (with a 父 there) or 財/父 crossing — worry for the parents."""
    seen = {"here": 0, "not": 0, "parents": 0}
    for chart, q, use, c in _aspect(Topic.house, Aspect.old_house):
        w = chart.world
        kids = w.relation is R.子孫 or bool(moving(chart, R.子孫))
        here = (bool(moving(chart, R.官鬼)) or w.relation is R.官鬼) and not kids
        assert (_move(c, "ju_this_place_harms") == ("≥小吉", "≥小吉")) is here
        assert (_move(c, "ju_not_this_place") == ("≤小凶", "≤小凶")) is (not here)
        assert ("ju_household_safe" in _keys(c)) is kids
        # 財動克父: a moving 財 with the force to strike the 父 (``harming``)
        strike = bool(lines_of(chart, R.父母)) and bool(harming(chart, _st(chart), moving(chart, R.妻財),
                                                            place_of(chart, R.父母), horizon_of(q) is not Horizon.far))
        parents = strike or any(
            (x.relation is R.妻財 and changes_into(x, R.父母)) or (x.relation is R.父母 and changes_into(x, R.妻財))
            for x in chart.lines)
        assert ("ju_parents_worry" in _keys(c)) is parents
        seen["here"] += here
        seen["not"] += not here
        seen["parents"] += parents
    assert min(seen.values()) > 10, seen


def test_living_with_someone_is_read_by_the_world_and_the_response() -> None:
    """TJ-01 (the 應 the other person): the 應 overcoming or clashing the 世 — he takes advantage (≤小凶, before any
    good sign); the two combining or generating each other — good for both (≥小吉); the 世 attacked — harm to me."""
    seen = {"better": 0, "both": 0, "me": 0}
    for chart, q, use, c in _aspect(Topic.house, Aspect.share):
        w, r = chart.world, chart.response
        assert use == _lp(r.position)
        cheats = r.element.overcomes is w.element or clashes(r.branch, w.branch)
        assert (_move(c, "tj_he_gets_the_better") == ("≤小凶", "≤小凶")) is cheats
        mutual = harmonizes(w.branch, r.branch) or generates(w.element, r.element) or generates(r.element, w.element)
        if mutual and not cheats:
            assert _move(c, "tj_good_for_both") == ("≥小吉", "≥小吉")
        if cheats:
            assert _move(c, "tj_good_for_both") is None
        harmed = bool(_st(chart)[_lp(w.position)].attacks)
        assert (_move(c, "tj_harm_to_me") is not None) is harmed
        seen["better"] += cheats
        seen["both"] += mutual and not cheats
        seen["me"] += harmed
    assert min(seen.values()) > 0, seen


# ---- 因何事所傷 YH-01…04, 再占修補 XB-01, 新亡附葬 FU-01, 占地師 DM-01 ----------------------------------------------------

def test_what_harmed_the_grave() -> None:
    """YH-01: what clashes or overcomes the grave (父母) harms it (≤小凶), each attacker named by its element and
    spirit (YH-02: water, roots, fire, rocks, earthworks …); a quiet chart with the grave strong or supported
    settles by itself (≥小吉) and names the elements it lacks (YH-04)."""
    seen = {"harmed": 0, "settles": 0, "lacks": 0}
    causes = {Element.水: {"yh_water"}, Element.木: {"yh_roots", "yh_felling"}, Element.火: {"yh_fire_or_vermin"},
              Element.金: {"yh_rocks", "yh_fright"}, Element.土: {"yh_earthworks", "yh_secret_burial"}}
    for chart, q, use, c in _aspect(Topic.grave, Aspect.harm):
        s = _st(chart)[use]
        attackers = set(s.attacks) | {_lp(x.position) for x in chart.lines if x.moving and _lp(x.position) != use
                                      and clashes(x.branch, s.branch)}
        quiet = not chart.moving
        assert (_move(c, "yh_grave_harmed") == ("≤小凶", "≤小凶")) is bool(attackers)
        assert (_move(c, "yh_settles_itself") is not None) is (not attackers and quiet and (
            s.vigour.strong or bool(s.supports)))
        named = [f for f in c.findings if f.rule == "YH-02"]
        assert {f.places[0] for f in named} == attackers
        for f in named:
            assert f.key in causes[_st(chart)[f.places[0]].element]
        lacks = [f for f in c.findings if f.rule == "YH-04"]
        if lacks:
            assert quiet and not attackers
            absent = {e for e in Element if not any(x.element is e for x in chart.lines)}
            assert {f.key for f in lacks} >= {{Element.土: "yh_build_wall", Element.金: "yh_set_stone",
                                               Element.火: "yh_hearth_or_lodge", Element.水: "yh_dig_pond",
                                               Element.木: "yh_plant_trees"}[e] for e in absent}
        seen["harmed"] += bool(attackers)
        seen["settles"] += _move(c, "yh_settles_itself") is not None
        seen["lacks"] += bool(lacks)
    assert min(seen.values()) > 0, seen


def test_repair_burial_and_the_geomancer() -> None:
    """XB-01 (世 the use-god): 子孫 on the 世 or moving — ≥吉; a moving 鬼 striking the 世 — ≤小凶.  FU-01: a
    reversal or six-clash into six-clash — bury elsewhere (=凶).  DM-01 (應 the use-god): both 世 and 應 void — no
    bond (=凶); a strong 應 generating or combining the 世 — take him (≥小吉), unless void or broken."""
    seen = {"peace": 0, "harms": 0, "elsewhere": 0, "take": 0, "no_bond": 0}
    reversals = (HexagramTransformation.反吟卦, HexagramTransformation.內卦反吟, HexagramTransformation.外卦反吟)
    for chart, q, use, c in _aspect(Topic.grave, Aspect.repair):
        w = chart.world
        assert use == _lp(w.position)
        kids = w.relation is R.子孫 or bool(moving(chart, R.子孫))
        assert (_move(c, "xb_repair_brings_peace") == ("≥吉", "≥吉")) is kids
        harms = any(not x.world and x.element.overcomes is w.element for x in harming(
            chart, _st(chart), moving(chart, R.官鬼), use, horizon_of(q) is not Horizon.far))
        assert (_move(c, "xb_repair_harms_me") is not None) is harms
        seen["peace"] += kids
        seen["harms"] += harms
    for chart, q, use, c in _aspect(Topic.grave, Aspect.burial):
        h, ch = chart.hexagram, chart.changed
        if any(t in chart.changes for t in reversals) or (h.six_clash and ch is not None and ch.six_clash):
            assert _move(c, "fu_bury_elsewhere") == ("=凶", "=凶")
            assert _move(c, "fu_peace_for_all") is None
            seen["elsewhere"] += 1
    for chart, q, use, c in _aspect(Topic.land, Aspect.geomancer):
        assert use == _lp(chart.response.position)
        ws, rs = _st(chart)[_lp(chart.world.position)], _st(chart)[use]
        if ws.void and rs.void:
            assert _move(c, "dm_no_bond") == ("=凶", "=凶")
            seen["no_bond"] += 1
        elif not (rs.void or rs.month_break) and rs.vigour.strong and (
                generates(chart.response.element, chart.world.element)
                or harmonizes(chart.response.branch, chart.world.branch)):
            assert _move(c, "dm_take_him") == ("≥小吉", "≥小吉")
            seen["take"] += 1
        if rs.void or rs.month_break:
            assert _move(c, "dm_take_him") is None
    assert min(seen.values()) > 0, seen


# ---- 此婚子嗣 HZ-01, 此婚宜於父母 HF-01, 娶離婦 QL-01/02 -----------------------------------------------------------------

def test_children_and_parents_of_this_marriage() -> None:
    """HZ-01: a 子孫 strong, or weak but moving (against the general reading of a weak use-god) — children
    (≥小吉); entombed, cut, changing into a 鬼, or crossed with 父/鬼 — none (=凶).  HF-01: a moving 財 with force
    — the marriage stands in the parents' way (=凶); the parents' strength decides nothing: without the signs
    named, ≥小吉 whether the 父 is strong or weak."""
    seen = {"weak_moving_child": 0, "no_child": 0, "weak_parent_fine": 0, "wealth": 0}
    for chart, q, use, c in _aspect(Topic.marriage, Aspect.children):
        s = _st(chart)[use]
        ln = chart.lines[use.position - 1] if use.layer is Layer.LINE else None
        if _move(c, "hz_no_children") is not None:
            seen["no_child"] += 1
            continue
        if ln is not None and ln.moving and not s.vigour.strong:
            assert _move(c, "hz_children") == ("≥小吉", "≥小吉")
            seen["weak_moving_child"] += 1
        if s.real_tomb or (ln is not None and changes_into(ln, R.官鬼)):
            pytest.fail("an entombed child or one turning into a Ghost must read no children")
    for chart, q, use, c in _aspect(Topic.marriage, Aspect.parents):
        s = _st(chart)[use]
        if _move(c, "hf_wealth_moves") is not None:
            assert moving(chart, R.妻財)
            seen["wealth"] += 1
        if _move(c, "hf_no_harm") is not None:
            assert not s.real_tomb and not empty(s) and not _harms(chart, use)
            seen["weak_parent_fine"] += not s.vigour.strong
    assert min(seen.values()) > 0, seen


def test_risk_and_obstruction_of_a_union() -> None:
    """QL-01: 子孫 on the 世 or moving — nothing to fear (≥小吉); a 兄 on the 世 — a trap (=凶).  QL-02: a 兄 on the 世
    — it does not come about (=凶); a moving 財 feeding the 世 — it comes about (≥吉); six-clash into six-clash — 凶."""
    seen = {"no_worry": 0, "trap": 0, "sibling": 0, "feeds": 0, "clash": 0}
    for chart, q, use, c in _aspect(Topic.marriage, Aspect.risk):
        w = chart.world
        kids = w.relation is R.子孫 or bool(moving(chart, R.子孫))
        assert (_move(c, "ql_no_worry") == ("≥小吉", "≥小吉")) is kids
        if w.relation is R.兄弟:
            assert _move(c, "ql_trapped") == ("=凶", "=凶")
            seen["trap"] += 1
        seen["no_worry"] += kids
    for chart, q, use, c in _aspect(Topic.marriage, Aspect.obstruction):
        w = chart.world
        assert (_move(c, "ql_sibling_on_world") == ("=凶", "=凶")) is (w.relation is R.兄弟)
        feeds = any(not x.world and generates(x.element, w.element)
                    for x in feeding(chart, _st(chart), moving(chart, R.妻財), _lp(w.position), False))
        assert (_move(c, "ql_wealth_feeds_world") == ("≥吉", "≥吉")) is feeds
        h, ch = chart.hexagram, chart.changed
        assert (_move(c, "ql_clash_to_clash") is not None) is (h.six_clash and ch is not None and ch.six_clash)
        seen["sibling"] += w.relation is R.兄弟
        seen["feeds"] += feeds
        seen["clash"] += _move(c, "ql_clash_to_clash") is not None
    assert min(seen.values()) > 0, seen


def test_the_parts_read_apart_enter_the_decision() -> None:
    """Each aspect's chapter moves reach the decision (after the general overrides), with their registered rules."""
    for topic, aspects in ASPECTS.items():
        for a in aspects[1:]:
            q = Question(topic, Subject.self, Sex.male if topic is Topic.marriage else None, aspect=a,
                         birth=Birth.child if topic is Topic.pregnancy else None)
            hit = 0
            for chart in _charts(31):
                r = read(chart, q)
                c = chapter_reading(chart, _st(chart), q, r.use_god.place)
                hit += bool({m.key for m in c.moves} & _steps(r))
                assert r.decision is not None
                for s in r.decision.steps:
                    assert rules.registered(s.finding.source)
            assert hit > 0, a
