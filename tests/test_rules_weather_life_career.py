"""天時 (TS), 終身財福 and 終身功名 (CF, GM), 延師 (YSH), 仕宦 (XH, SB): each implemented rule that no other test
names, checked on casts swept for its passage's condition — a predicate written here from the passage, not the
engine's helper — both where it holds (the finding or move is there, in its direction) and where an essential part
fails (it is not).

The passages are quoted as printed in ``zsby_topics_doctrine.txt`` (tests/data/texts holds the copy); each chart is
read once per question and the readings are shared by the tests below.
"""

from __future__ import annotations

from functools import cache

from core.chapters import ChapterReading, chapter_reading
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, Line, build_chart
from core.chart.chart import Transformation as T
from core.chart.combinations import frames
from core.chart.ganzhi import SEXAGENARY, Branch, Element
from core.chart.hexagram import Relation
from core.findings import Layer, Place
from core.question import Life, Office, Question, Subject, Topic, Weather, resolve
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import State, States, Vigour, states_of
from core.reading.step4_places import cannot_harm, cannot_help
from tests.passages import assert_quotes_on_their_lines
from tests.test_chapter_rules import _charts

R = Relation
MONTHS = "寅卯辰巳午未申酉戌亥子丑"

QUOTES = {
    "TS-09": "兄弟发动，虽主风云乃云淡风轻之景，非晴非雨之天",
    "TS-11": "爻中又有鬼动者，必须有浓云重雾，或恶风晦暗",
    "TS-14": "父母休囚不动，果是难望",
    "TS-15": "财化鬼阴晴不久",
    "TS-16": "父化兄，父化鬼或卦中父动兄动皆主风雨交作",
    "TS-17": "父化子雨后晴明，弟化孙云开日出",
    "TS-30": "动而空者，占晴占雨若非冲空之日，定应填实之朝",
    "TS-33": "卦中父鬼重叠或又鬼变父，父变鬼，父化兄，兄化父，或连日又占并不见子孙财爻发动者",
    "TS-34": "多逢财子，累日明晴",
    "TS-35": "卦得反吟晴雨终须反复",
    "CF-04": "财与福爻旺相而世爻不旺者，乃富屋之贫人也",
    "CF-10": "世爻有墓，但有一墓者，若休囚无气",
    "CF-12": "若世财福爻无气，再遇六冲卦者是也",
    "CF-14": "但须财爻持世，而自强自旺，多自成家",
    "CF-15": "世爻无气，得遇日月动爻有一而生扶者",
    "CF-16": "世爻不论旺衰但得岁月日建有一而生扶者",
    "CF-17": "若太岁五爻冲克者，君恩失宠，世若休囚者更甚",
    "CF-18": "凡得青龙子孙持世，必然立志高远",
    "CF-20": "论旺财逢制，及应将来之破败也",
    "CF-22": "官不旺而父旺者，虽不见用于朝廷，名盛之传",
    "CF-24": "财若无气，空有虚名而已",
    "CF-28": "财爻持世化进神，或动而生世者",
    "GM-02": "或官星动而生合世爻，或日月作官星生合世爻，皆主纳栗以奏名",
    "GM-03": "凡卦中财爻父爻皆不得地，而官星独旺",
    "GM-04": "而世与官星亦宜旺相，方可断之",
    "YSH-02": "若克世爻，而世爻得地者，有责成之功。世若休囚，必受师尊之累",
    "YSH-03": "父爻入三墓及临绝者，若非偷安懒惰，定是师不授教",
    "YSH-04": "财爻持世乃我克父母，若非师不严，定是我师畏凌",
    "YSH-05": "但系鬼动克世，或世动变凶，皆不宜从",
    "YSH-06": "世爻旺相，或父母持世，或官星持世，日月动爻生扶，及世爻动而化吉",
    "YSH-07": "父化父而殊经，父化财而多病，化鬼显贵之交，父化兄贪财好利",
    "YSH-08": "卦得六冲，或世克父爻，或父爻克世者，彼此不投",
    "XH-01": "父官持世而旺相，或临日月、或日月动爻生扶、及动而变生，名登龙虎",
    "XH-07": "或是世爻破空，或是六爻乱动，功名必无成",
    "XH-08": "父与官星生合世爻，若又被日月动爻冲坏者，亦作无情之喻",
    "XH-12": "卦遇六冲，此去难题雁塔。爻逢六合，这回可夺鳌头",
    "XH-16": "世与官父相旺内有一而化进神者，名姓高悬，占乡试必连捷",
    "SB-08": "余屡试之，世旺者竞升，世衰者不吉",
}


def test_the_quotes_are_on_their_lines() -> None:
    assert_quotes_on_their_lines(QUOTES)


# ---- the sweep, read once per question ----------------------------------------------------------------------------

@cache
def _sweep() -> tuple[tuple[Chart, States], ...]:
    """Every 5th cast (odd, so every line position moves and rests) on two months."""
    return tuple((c, states_of(c)) for c in _charts(5, 2))


@cache
def _still_sweep() -> tuple[tuple[Chart, States], ...]:
    """The 64 casts where no line moves, each on the twelve months with a day of each."""
    out = []
    for n in range(64):
        cast = "".join("78"[(n >> i) & 1] for i in range(6))
        for m in range(12):
            c = build_chart(parse_cast(cast), Moment.from_pillars(MONTHS[m], str(SEXAGENARY[(n * 7 + m * 11) % 60])))
            out.append((c, states_of(c)))
    return tuple(out)


def _world(chart: Chart) -> Place:
    return Place(Layer.LINE, chart.hexagram.world)


@cache
def _readings(q: Question, still: bool = False) -> tuple[tuple[Chart, States, ChapterReading], ...]:
    return tuple((c, s, chapter_reading(c, s, q, _world(c))) for c, s in (_still_sweep() if still else _sweep()))


def _keys(found: ChapterReading) -> set[str]:
    return {m.key for m in found.moves} | {f.key for f in found.findings}


def _at(ln: Line) -> Place:
    return Place(Layer.LINE, ln.position)


def _clash(a: Branch, b: Branch) -> bool:
    return (a.value - b.value) % 12 == 6


def _moving(chart: Chart, *rels: R) -> list[Line]:
    return [ln for ln in chart.lines if ln.moving and ln.relation in rels]


def _into(ln: Line, rel: R) -> bool:
    return ln.moving and ln.changed is not None and ln.changed.relation is rel and ln.relation is not rel


# ---- 天時章 -------------------------------------------------------------------------------------------------------

SKY = Question(Topic.weather)
RAIN = Question(Topic.weather, weather=Weather.rain)
CLEAR = Question(Topic.weather, weather=Weather.clear)


def _framed(chart: Chart) -> bool:
    """A formed 三合 frame: TS-13 reads it as a moving line of its relation (its members act as the frame)."""
    return any(f.formed for f in frames(chart))


def _acts(chart: Chart, states: States, ln: Line) -> bool:
    """Moving, 暗動 (TS-22 「妻財暗動者還主晴明」 counts it as moving), or static and void with the day clashing it
    (TS-27 L29 「兄弟臨空日建沖主輕風薄霧」)."""
    s = states[_at(ln)]
    return ln.moving or s.hidden_movement or s.void_filled


def test_a_moving_sibling_brings_wind_neither_rain_nor_sun() -> None:
    """TS-09 L11 「若論風雲全憑兄弟。兄弟發動，雖主風雲乃雲淡風輕之景，非晴非雨之天」: every acting 兄 is named
    for wind; when it is the only weather line acting, neither wish is granted — no rain (小凶), and for a clear sky
    only 平 (「每見兄動而日月於雲中穿走，乍隱乍出現」: the sun now and then); no 兄 acting, no wind."""
    seen = {"wind": 0, "no wind": 0, "decides": 0}
    for (chart, states, found), (_, _, rain), (_, _, clear) in zip(_readings(SKY), _readings(RAIN), _readings(CLEAR)):
        sibs = [ln for ln in chart.lines if ln.relation is R.兄弟 and _acts(chart, states, ln)]
        wind = {f.places[0] for f in found.findings if f.key == "ts_sibling_brings_wind"}
        assert wind == {_at(ln) for ln in sibs}, chart.cast
        assert all(f.rule == "TS-09" for f in found.findings if f.key == "ts_sibling_brings_wind")
        seen["wind" if sibs else "no wind"] += 1
        others = [ln for ln in chart.lines if (ln.relation is not R.兄弟 and _acts(chart, states, ln))
                  or _into(ln, R.父母) or _into(ln, R.子孫)]  # 弟化孫雲開日出 (TS-17), 爻變出父母 (TS-26)
        alone = _moving(chart, R.兄弟) and not others and not _framed(chart)
        for wish, end in ((rain, "=小凶"), (clear, "=平")):
            moves = [m for m in wish.moves if m.key == "ts_sibling_moves_neither"]
            if alone:
                assert [(m.rule, m.now, m.eventual) for m in wish.moves] == [("TS-09", "=平", end)], chart.cast
            if not _moving(chart, R.兄弟):
                assert not moves
        seen["decides"] += bool(alone)
    assert min(seen.values()) >= 10, seen


def test_a_moving_ghost_darkens_a_clear_sky_at_its_hours() -> None:
    """TS-11 L13 「晴或逢官，為煙為霧。舊注卦得時兆，爻中又有鬼動者，必須有濃雲重霧 … 余以此論有理，但須分別
    時辰」: a clear sign (a 子孫 or 妻財 moving) with a 官鬼 moving → murk at the 鬼's own hours; a 鬼 moving without
    a clear sign, or a clear sign without a moving 鬼, is not this."""
    seen = {"murk": 0, "ghost only": 0, "clear only": 0}
    for chart, _, found in _readings(SKY):
        ghosts = _moving(chart, R.官鬼)
        clear = _moving(chart, R.子孫, R.妻財)
        murk = {(f.places, dict(f.params)["branch"]) for f in found.findings if f.key == "ts_murk_at_its_hours"}
        want = {((_at(g),), g.branch.name) for g in ghosts} if clear else set()
        assert murk == want, chart.cast
        assert all(f.rule == "TS-11" for f in found.findings if f.key == "ts_murk_at_its_hours")
        seen["murk"] += bool(ghosts and clear)
        seen["ghost only"] += bool(ghosts and not clear)
        seen["clear only"] += bool(clear and not ghosts)
    assert min(seen.values()) >= 10, seen


def test_a_weak_still_use_line_gives_little_hope() -> None:
    """TS-14 L16 「余常占雨，父母休囚不動，果是難望」 (and 「財與子孫 … 同此」 for a clear sky): on casts where nothing
    moves or acts, a weak 父母 (or none) means no rain — 凶 now and in the end; a 父母 that is 旺 or 有氣 is not
    「休囚」 and is not read so (the cast then does not answer, TS-08)."""
    seen = {"weak": 0, "strong": 0}
    for q, rel in ((RAIN, R.父母), (CLEAR, R.子孫)):
        for chart, states, found in _readings(q, still=True):
            if any(states[_at(ln)].hidden_movement or states[_at(ln)].void_filled for ln in chart.lines) \
                    or _framed(chart):
                continue
            use = [states[_at(ln)] for ln in chart.lines if ln.relation is rel]
            weak = all(s.vigour in (Vigour.休囚, Vigour.失陷) for s in use)
            hope = [m for m in found.moves if m.key == "ts_wished_weak_and_still"]
            if weak:
                assert [(m.rule, m.now, m.eventual) for m in hope] == [("TS-14", "=凶", "=凶")], chart.cast
            else:
                assert not hope and [m.key for m in found.moves] == ["ts_nothing_moves_recast"], chart.cast
            seen["weak" if weak else "strong"] += 1
    assert min(seen.values()) >= 30, seen


def test_fair_weather_changing_into_a_ghost_does_not_last() -> None:
    """TS-15 L17 「財化鬼陰晴不久。舊注系財化鬼陰晴未定，非也」: a moving 妻財 that changes into 官鬼 — and no
    other line — says the fair weather does not last."""
    seen = {"yes": 0, "財 moves into another": 0}
    for chart, _, found in _readings(SKY):
        want = {_at(ln) for ln in chart.lines if ln.relation is R.妻財 and _into(ln, R.官鬼)}
        got = {f.places[0] for f in found.findings if f.key == "ts_fair_does_not_last"}
        assert got == want and all(f.rule == "TS-15" for f in found.findings if f.key == "ts_fair_does_not_last")
        seen["yes"] += bool(want)
        seen["財 moves into another"] += any(ln.changed is not None and ln.changed.relation is not R.官鬼
                                            for ln in _moving(chart, R.妻財))
    assert min(seen.values()) >= 10, seen


def test_a_parent_changing_into_sibling_or_ghost_or_moving_with_a_sibling_brings_wind_and_rain() -> None:
    """TS-16 L18 「父化兄，父化鬼或卦中父動兄動皆主風雨交作」: a moving 父母 that changes into 兄弟 or 官鬼 → wind and
    rain (at that line); a 父母 and a 兄弟 both moving → wind and rain (once, at both); a 父 changing into anything
    else, or a 兄/鬼 changing into 父 (「動者為先，變者為後」: wind, then rain) with no 兄 and 父 both moving, not."""
    seen = {"changes": 0, "both move": 0, "other change": 0}
    for chart, _, found in _readings(SKY):
        want = {_at(ln) for ln in _moving(chart, R.父母) if _into(ln, R.兄弟) or _into(ln, R.官鬼)}
        got = {f.places[0] for f in found.findings if f.key == "ts_wind_and_rain"}
        assert got == want, chart.cast
        both = [f for f in found.findings if f.key == "ts_wind_and_rain_both_move"]
        parents, siblings = _moving(chart, R.父母), _moving(chart, R.兄弟)
        if parents and siblings:
            assert len(both) == 1 and set(both[0].places) == {_at(ln) for ln in parents + siblings}, chart.cast
        else:
            assert not both, chart.cast
        assert all(f.rule == "TS-16" for f in found.findings if f.key.startswith("ts_wind_and_rain"))
        seen["changes"] += bool(want)
        seen["both move"] += bool(parents and siblings)
        seen["other change"] += any(_into(ln, R.父母) for ln in _moving(chart, R.兄弟, R.官鬼)) and not want \
            and not (parents and siblings)
    assert min(seen.values()) >= 10, seen


def test_parent_into_offspring_clears_after_rain_and_sibling_into_offspring_parts_the_clouds() -> None:
    """TS-17 L19 「父化子雨後晴明，弟化孫雲開日出。舊注系母化子，長虹滿帶，非也」."""
    seen = {"ts_rain_then_clear": 0, "ts_clouds_part": 0}
    for chart, _, found in _readings(SKY):
        for key, rel in (("ts_rain_then_clear", R.父母), ("ts_clouds_part", R.兄弟)):
            want = {_at(ln) for ln in _moving(chart, rel) if _into(ln, R.子孫)}
            got = {f.places[0] for f in found.findings if f.key == key}
            assert got == want, (chart.cast, key)
            assert all(f.rule == "TS-17" for f in found.findings if f.key == key)
            seen[key] += bool(want)
    assert min(seen.values()) >= 10, seen


def test_a_moving_void_use_line_answers_on_the_clash_or_the_filling_day() -> None:
    """TS-30 L33 「衝則應，填則實，最喜動空 … 動而空者，占晴占雨若非衝空之日，定應填實之朝」 (TS-14 L16 「常得父爻
    動而逢空，不應衝空之日，則應填實之期 … 財與子孫空者，同此」): a moving 父母 (rain asked), 子孫 (clear asked) or
    妻財 giving the clear sky (TS-05) that is void answers on the day that clashes it and on its own branch's day; a void line that does not move, or a moving one not void,
    gets no such day."""
    seen = {"void moving": 0, "void still": 0, "moving whole": 0, "財 decides": 0}
    for q, rel in ((RAIN, R.父母), (CLEAR, R.子孫)):
        for chart, states, found in _readings(q):
            if _framed(chart):
                continue
            days = {(t.branch, t.places) for t in found.timings if t.rule == "TS-30"}
            # 「財與子孫空者，同此」: where a moving 財 gives the clear sky (TS-05), its void days too
            by_wealth = q is CLEAR and any(m.key == "ts_wealth_moves_fair" for m in found.moves)
            seen["財 decides"] += by_wealth and any(ln.moving and states[_at(ln)].void for ln in _moving(chart, R.妻財))
            for ln in chart.lines:
                if ln.relation is not rel and not (by_wealth and ln.relation is R.妻財):
                    continue
                s = states[_at(ln)]
                here = {(b, p) for b, p in days if p == (_at(ln),)}
                if ln.moving and s.void:
                    clash = next(b for b in Branch if _clash(b, ln.branch))
                    assert here == {(clash, (_at(ln),)), (ln.branch, (_at(ln),))}, chart.cast
                    seen["void moving"] += 1
                else:
                    assert not here, chart.cast
                    seen["void still" if s.void else "moving whole"] += bool(s.void or ln.moving)
    assert min(seen.values()) >= 10, seen


def test_many_parents_and_ghosts_without_sun_bring_days_of_rain() -> None:
    """TS-33 L36 「竟發父官，連朝猛雨。卦中父鬼重疊或又鬼變父，父變鬼，父化兄，兄化父 … 並不見子孫財爻發動者，一定連旬
    風雨」: with no moving 子孫 or 妻財, two or more moving 父母/官鬼 → about ten days of wind and rain; else one line
    changing 鬼→父, 父→鬼, 父→兄 or 兄→父 → the same; one 父/鬼 moving into anything else, or a 子/財 moving, not."""
    seen = {"several": 0, "a change": 0, "with sun": 0, "one": 0}
    for chart, _, found in _readings(SKY):
        wet, dry = _moving(chart, R.父母, R.官鬼), _moving(chart, R.子孫, R.妻財)
        swaps = [ln for ln in chart.lines if ln.moving and ln.changed is not None
                 and {ln.relation, ln.changed.relation} in ({R.官鬼, R.父母}, {R.父母, R.兄弟})]
        got = [f for f in found.findings if f.key == "ts_days_of_rain"]
        by_change = [f for f in found.findings if f.key == "ts_days_of_rain_change"]
        assert all(f.rule == "TS-33" for f in got + by_change)
        if dry:
            assert not got and not by_change
            seen["with sun"] += len(wet) >= 2 or bool(swaps)
        elif len(wet) >= 2:
            assert len(got) == 1 and set(got[0].places) == {_at(ln) for ln in wet} and not by_change
            seen["several"] += 1
        elif swaps:
            assert not got and len(by_change) == 1 and set(by_change[0].places) == {_at(ln) for ln in swaps}
            seen["a change"] += 1
        else:
            assert not got and not by_change
            seen["one"] += len(wet) == 1
    assert min(seen.values()) >= 10, seen


def test_many_wealth_and_offspring_bring_days_of_sun() -> None:
    """TS-34 L37 「多逢財子，累日明晴」: two or more moving 妻財/子孫 → days of fine weather; one alone not.  Read as
    TS-33's counterpart (written beside the rule): with a 父母 or 官鬼 moving too the chapter reads both skies, each
    at its time (TS-39 「各因其時」, TS-40 「又雨又晴爻上母子皆動」), not days of sun."""
    seen = {"yes": 0, "with rain": 0, "one": 0}
    for chart, _, found in _readings(SKY):
        wet, dry = _moving(chart, R.父母, R.官鬼), _moving(chart, R.子孫, R.妻財)
        got = [f for f in found.findings if f.key == "ts_days_of_sun"]
        if len(dry) >= 2 and not wet:
            assert len(got) == 1 and got[0].rule == "TS-34" and set(got[0].places) == {_at(ln) for ln in dry}
            seen["yes"] += 1
        else:
            assert not got
            seen["with rain" if len(dry) >= 2 else "one"] += len(dry) >= 1
    assert min(seen.values()) >= 10, seen


def test_a_reversed_hexagram_turns_the_weather_back() -> None:
    """TS-35 L38 「卦得反吟晴雨終須反覆」: the hexagram 反吟 — every moving line changes into the branch that clashes
    its own (the choice written in core/chapters/weather.py) — and the weather flips back; one moving line that does
    not, or nothing moving, not."""
    seen = {"yes": 0, "partly": 0}
    for chart, _, found in _readings(SKY):
        movers = [ln for ln in chart.lines if ln.moving]
        clashed = [ln for ln in movers if ln.changed is not None and _clash(ln.branch, ln.changed.branch)]
        want = bool(movers) and len(clashed) == len(movers)
        got = [f for f in found.findings if f.key == "ts_weather_flips"]
        assert bool(got) is want, chart.cast
        assert all(f.rule == "TS-35" for f in got)
        seen["yes"] += want
        seen["partly"] += bool(clashed) and not want
    assert min(seen.values()) >= 10, seen


# ---- 終身財福 (CF) and 終身功名 (GM) -------------------------------------------------------------------------------

WEALTH = Question(Topic.lifetime, Subject.self, life=Life.wealth)
CAREER = Question(Topic.lifetime, Subject.self, life=Life.career)
_SPIRITS = "青龍 朱雀 勾陳 螣蛇 白虎 玄武".split()
_FIRST_SPIRIT = {"甲": 0, "乙": 0, "丙": 1, "丁": 1, "戊": 2, "己": 3, "庚": 4, "辛": 4, "壬": 5, "癸": 5}


@cache
def _harmony_sweep() -> tuple[tuple[Chart, States], ...]:
    """The casts whose hexagram is 六合 (lines 1-4, 2-5, 3-6 combine), each on three months: the sweep above holds
    too few of them with a line fallen (XH-12)."""
    out = []
    day = Moment.from_pillars(MONTHS[0], str(SEXAGENARY[0]))
    harmonies = {n for n in range(64)
                 if _six_harmony(build_chart(parse_cast("".join("87"[(n >> i) & 1] for i in range(6))), day))}
    for n in range(4096):
        cast = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        if sum((c in "79") << i for i, c in enumerate(cast)) not in harmonies:  # the hexagram's yin and yang
            continue
        for k in (0, 5, 9):
            c = build_chart(parse_cast(cast), Moment.from_pillars(MONTHS[(n + k) % 12],
                                                                  str(SEXAGENARY[(n * 11 + 17 * k) % 60])))
            out.append((c, states_of(c)))
    return tuple(out)


@cache
def _life(q: Question, harmony: bool = False) -> tuple[tuple[Chart, States, Place, ChapterReading], ...]:
    """Each chart of the sweep read for ``q`` once, with the use-god's place (財 for the wealth side, 官 for office)."""
    out = []
    for c, s in _harmony_sweep() if harmony else _sweep():
        use = select_use_god(c, resolve(q).target).place
        out.append((c, s, use, chapter_reading(c, s, q, use)))
    return tuple(out)


def _gen(a: Element, b: Element) -> bool:
    """a generates b (木→火→土→金→水→木)."""
    order = "木火土金水"
    return (order.index(a.name) + 1) % 5 == order.index(b.name)


def _beats(a: Element, b: Element) -> bool:
    """a overcomes b (木→土→水→火→金→木)."""
    order = "木土水火金"
    return (order.index(a.name) + 1) % 5 == order.index(b.name)


def _combines(a: Branch, b: Branch) -> bool:
    """六合: 子丑 寅亥 卯戌 辰酉 巳申 午未."""
    return (a.value + b.value) % 12 == 1


def _spirit(chart: Chart, ln: Line) -> str:
    """The 六神 on a line, laid from the day stem upward (甲乙 青龍, 丙丁 朱雀, 戊 勾陳, 己 螣蛇, 庚辛 白虎, 壬癸 玄武)."""
    return _SPIRITS[(_FIRST_SPIRIT[chart.moment.day.stem.name] + ln.position - 1) % 6]


def _pillars(chart: Chart) -> tuple[Branch, Branch]:
    return chart.moment.month_branch, chart.moment.day.branch


def _spoiled(ln: Line | None) -> bool:
    """CF-07 「或動而變凶」 for a line that is not weak: it changes into a 官鬼, back against itself, or retreats."""
    return ln is not None and ln.moving and (_into(ln, R.官鬼) or T.回頭克 in ln.transformations
                                              or T.化退神 in ln.transformations)


def _line(chart: Chart, p: Place) -> Line | None:
    return chart.lines[p.position - 1] if p.layer is Layer.LINE else None


def _moves(found: ChapterReading, rule: str) -> list[tuple[str, str, str]]:
    return [(m.key, m.now, m.eventual) for m in found.moves if m.rule == rule]


def _up(chart: Chart, s: State) -> bool:
    """旺 on the chapter's scale (CF-05: 有氣 is 不旺) and not changing for the worse."""
    return s.vigour is Vigour.旺 and not _spoiled(_line(chart, s.place))


def test_wealth_and_fortune_thriving_with_a_world_not_thriving() -> None:
    """CF-04 L58 「財與福爻旺相而世爻不旺者，乃富屋之貧人也」: 財 and 子孫 both 旺 and the 世 not (CF-05: 有氣 too
    is 不旺) — said whatever the 世's grade; with either of 財 and 福 not 旺, or the 世 旺 as well, not."""
    seen = {"yes": 0, "世 旺 too": 0, "one not 旺": 0}
    for chart, states, use, found in _life(WEALTH):
        ws, cs = states[_world(chart)], states[use]
        fs = states[select_use_god(chart, R.子孫).place]
        got = any(f.key == "cf_poor_in_a_rich_house" and f.rule == "CF-04" for f in found.findings)
        both = _up(chart, cs) and _up(chart, fs)
        assert got is (both and not _up(chart, ws)), chart.cast
        seen["yes"] += got
        seen["世 旺 too"] += both and _up(chart, ws)
        seen["one not 旺"] += _up(chart, cs) != _up(chart, fs)
    assert min(seen.values()) >= 10, seen


def test_an_entombed_world_line() -> None:
    """CF-10 L62 「世爻有墓 … 若休囚無氣 … 凡為不遂。覺子曰：世爻若得臨於日月、或日月生扶、或動而化吉、不逢沖墓
    之年，果然顛倒昏迷，及逢墓庫沖開，如苗逢雨」: a 世 in an intact tomb that stands on or is fed by the month or the
    day, or changes for the better, waits for the year that clashes the tomb open (a moving line that feeds it is not
    named); one weak and raised by none of these fails (at most 小凶); a 世 in no tomb is neither."""
    seen = {"waits": 0, "fails": 0, "no tomb": 0}
    for chart, states, _, found in _life(WEALTH):
        ws = states[_world(chart)]
        world = chart.world
        entombed = ws.tomb is not None and not ws.tomb_broken
        fed = any(not _clash(b, ws.branch) and (_gen(b.element, ws.element) or b.element is ws.element)
                  for b in _pillars(chart))  # a month that breaks the 世 (月破) is no help
        better = world.moving and bool({T.回頭生, T.化進神} & set(world.transformations)) and not _spoiled(world)
        waits = [f for f in found.findings if f.key == "cf_entombed_until_clash"]
        fails = _moves(found, "CF-10")
        if entombed and (fed or better):
            assert waits and not fails and all(f.rule == "CF-10" for f in waits), chart.cast
            assert ws.tomb is not None
            clash = next(b for b in Branch if _clash(b, ws.tomb))
            assert any(t.rule == "CF-10" and t.branch is clash for t in found.timings)
            seen["waits"] += 1
        elif entombed and not ws.vigour.strong:
            assert fails == [("cf_entombed_world", "≤小凶", "≤小凶")] and not waits, chart.cast
            seen["fails"] += 1
        elif not entombed:
            assert not waits and not fails
            seen["no tomb"] += 1
    assert min(seen.values()) >= 10, seen


def _six_clash(chart: Chart) -> bool:
    """六沖卦: lines 1 and 4, 2 and 5, 3 and 6 all clash."""
    b = [ln.branch for ln in chart.lines]
    return all(_clash(b[i], b[i + 3]) for i in range(3))


def test_a_six_clash_hexagram_fails_a_household_only_with_all_three_weak() -> None:
    """CF-12 L64 「若問成家嫌六沖之為卦 … 余曰：非也 … 若世財福爻無氣，再遇六沖卦者是也」: a 六沖 hexagram with the
    世, the 財 and the 子孫 all without 氣 (or fallen: changing for the worse, the chapter's scale, CF-07) → at most 小凶; a 六沖 with any of them 得地, or no 六沖, not."""
    seen = {"yes": 0, "one strong": 0, "weak, no clash": 0}
    for chart, states, use, found in _life(WEALTH):
        three = (states[_world(chart)], states[use], states[select_use_god(chart, R.子孫).place])
        low = all(not s.vigour.strong or _spoiled(_line(chart, s.place)) for s in three)  # CF-07 變凶 is fallen
        sound = any(s.vigour.strong and not _spoiled(_line(chart, s.place)) for s in three)
        got = _moves(found, "CF-12")
        if _six_clash(chart) and low:
            assert got == [("cf_clash_no_household", "≤小凶", "≤小凶")], chart.cast
            seen["yes"] += 1
        elif sound or not _six_clash(chart):
            assert not got, chart.cast
            seen["one strong" if _six_clash(chart) else "weak, no clash"] += _six_clash(chart) or low
    assert min(seen.values()) >= 10, seen


def _helps(chart: Chart, states: States, ln: Line) -> bool:
    """A moving line, not the 世, that chapters 1–34 let help the 世 (002 YN-6: ``cannot_help``; a life is far)."""
    world = Place(Layer.LINE, chart.hexagram.world)
    return ln.moving and not ln.world and cannot_help(chart, states, Place(Layer.LINE, ln.position), states[world],
                                                      False) is None


def test_a_world_strong_on_its_own() -> None:
    """CF-14 L66 「動身自旺獨力撐持。舊注：世爻不遇日辰動爻生扶，而自強自旺，其人必白手成家 … 但須財爻持世 … 若兄
    父官鬼持世，未必僅可撐持而已」: a 世 旺 that neither the day nor a moving line generates or helps: holding 財 it
    makes its own house (the end at least 小吉), holding 兄, 父 or 官 it only gets by (at most 平); helped by the day
    or a mover, or not 旺, neither."""
    seen = {"財": 0, "兄父官": 0, "helped": 0}
    for chart, states, _, found in _life(WEALTH):
        ws = states[_world(chart)]
        day = chart.moment.day.branch
        helped = _gen(day.element, ws.element) or day.element is ws.element or any(
            _helps(chart, states, ln) and (_gen(ln.element, ws.element) or ln.element is ws.element)
            for ln in chart.lines)
        got = _moves(found, "CF-14")
        held = chart.world.relation
        if ws.vigour is Vigour.旺 and not helped and held is R.妻財:
            assert got == [("cf_self_made", "", "≥小吉")], chart.cast
            seen["財"] += 1
        elif ws.vigour is Vigour.旺 and not helped and held in (R.兄弟, R.父母, R.官鬼):
            assert got == [("cf_strong_alone_gets_by", "", "≤平")], chart.cast
            seen["兄父官"] += 1
        else:
            assert not got, chart.cast
            seen["helped"] += ws.vigour is Vigour.旺
    assert min(seen.values()) >= 10, seen


def test_a_weak_world_helped_by_others() -> None:
    """CF-15 L67 「衰世遇扶，因人創立 … 世爻無氣，得遇日月動爻有一而生扶者，必遇好人提拔，但亦要財爻持世，或日月
    動爻作財以生世，因人照管成家，若父兄持世僅可度日」: a 世 without 氣 of its own (not 旺: out of season, off the
    month and the day — the help is what makes it 有氣) that the month, the day or a moving line generates or helps:
    holding 財, or fed by a 財 (a pillar or mover of the 財's element), it is raised by others (at least 小吉); holding
    父 or 兄 it only gets by (at most 平); a 世 without such help, or 旺, neither."""
    seen = {"raised": 0, "gets by": 0, "none": 0, "有氣 by the help": 0}
    for chart, states, _, found in _life(WEALTH):
        ws = states[_world(chart)]
        wealth_e = next(e for e in Element if _beats(chart.hexagram.element, e))
        movers = [ln for ln in chart.lines if _helps(chart, states, ln)]
        helpers = [b.element for b in _pillars(chart) if _gen(b.element, ws.element) or b.element is ws.element] + [
            ln.element for ln in movers if _gen(ln.element, ws.element) or ln.element is ws.element]
        as_wealth = any(e is wealth_e and _gen(e, ws.element) for e in helpers)
        got = _moves(found, "CF-15")
        held = chart.world.relation
        if ws.vigour is Vigour.旺 or not helpers:
            assert not got, chart.cast
            seen["none"] += 1
            continue
        seen["有氣 by the help"] += ws.vigour is Vigour.有氣 and bool(got)
        if held is R.妻財 or as_wealth:
            assert got == [("cf_raised_by_others", "", "≥小吉")], chart.cast
            seen["raised"] += 1
        elif held in (R.父母, R.兄弟):
            assert got == [("cf_helped_gets_by", "", "≤平")], chart.cast
            seen["gets by"] += 1
    assert min(seen.values()) >= 10, seen


def test_the_pillars_favour_or_press_the_world_line() -> None:
    """CF-16 L68 「世爻不論旺衰但得歲月日建有一而生扶者，君恩寵愛、君子相親」 and CF-17 L69 「世爻有氣或被日月有一
    而沖剋者 … 上位相陵 … 若太歲五爻沖剋者，君恩失寵，世若休囚者更甚」: the month or the day generating or being the
    世's element → favour; the month or the day clashing or overcoming it → pressed (heavier for a weak 世); a moving
    fifth line (not the 世) that clashes or overcomes it → favour lost."""
    seen = {"favour": 0, "no favour": 0, "pressed": 0, "not pressed": 0, "lost": 0}
    for chart, states, _, found in _life(WEALTH):
        ws = states[_world(chart)]
        fav = any(_gen(b.element, ws.element) or b.element is ws.element for b in _pillars(chart))
        press = any(_beats(b.element, ws.element) or _clash(b, ws.branch) for b in _pillars(chart))
        fifth = chart.lines[4]
        lost = fifth.moving and not fifth.world and (_beats(fifth.element, ws.element) or _clash(fifth.branch, ws.branch))
        by = {f.key: f for f in found.findings if f.rule in ("CF-16", "CF-17")}
        assert ("cf_favoured_from_above" in by) is fav, chart.cast
        assert ("cf_pressed_from_above" in by) is press, chart.cast
        assert ("cf_favour_lost" in by) is lost, chart.cast
        for key in ("cf_pressed_from_above", "cf_favour_lost"):
            if key in by:
                assert by[key].weight == (1 if ws.vigour.strong else 2)
        seen["favour" if fav else "no favour"] += 1
        seen["pressed" if press else "not pressed"] += 1
        seen["lost"] += lost
    assert min(seen.values()) >= 10, seen


def test_a_green_dragon_offspring_on_the_world_line_is_lofty() -> None:
    """CF-18 L70 「凡得青龍子孫持世，必然立志高遠，不慕富貴。即子孫無氣，亦主絕俗超群」: a 子孫 on the 世 under the
    青龍, strong or weak; another spirit, or another relation under the 青龍, not."""
    seen = {"yes": 0, "子 other spirit": 0, "龍 other relation": 0}
    for chart, _, _, found in _life(WEALTH):
        dragon = _spirit(chart, chart.world) == "青龍"
        offspring = chart.world.relation is R.子孫
        got = [f for f in found.findings if f.key == "cf_lofty_mind"]
        assert bool(got) is (dragon and offspring) and all(f.rule == "CF-18" for f in got), chart.cast
        seen["yes"] += dragon and offspring
        seen["子 other spirit"] += offspring and not dragon
        seen["龍 other relation"] += dragon and not offspring
    assert min(seen.values()) >= 10, seen


def test_a_white_tiger_wealth_on_the_world_line() -> None:
    """CF-20 L72 「舊注為白虎臨財持世，雖其人不知禮義，然必家道殷實，果有驗 … 論旺財逢制，及應將來之破敗也」: a 財
    on the 世 under the 白虎 → rich though coarse; a 旺 財 on the 世 that something overcomes or breaks → later ruin
    (the end one step down); a 財 on the 世 not 旺, or not checked, no ruin."""
    seen = {"tiger": 0, "checked": 0, "unchecked": 0}
    for chart, states, _, found in _life(WEALTH):
        ws = states[_world(chart)]
        wealth = chart.world.relation is R.妻財
        tiger = wealth and _spirit(chart, chart.world) == "白虎"
        assert any(f.key == "cf_rich_but_coarse" and f.rule == "CF-20" for f in found.findings) is tiger
        checked = wealth and ws.vigour is Vigour.旺 and bool(ws.attacks)
        assert _moves(found, "CF-20") == ([("cf_checked_wealth_later_ruin", "", "-1")] if checked else []), chart.cast
        seen["tiger"] += tiger
        seen["checked"] += checked
        seen["unchecked"] += wealth and ws.vigour is Vigour.旺 and not ws.attacks
    assert min(seen.values()) >= 10, seen


def test_a_parent_on_the_world_line() -> None:
    """CF-22 L74 「但遇父爻持世，不獨一生勞碌辛勤，官不旺而父旺者，雖不見用於朝廷，名盛之傳。衰而又逢沖克，即欲寄食
    於公門，凶多吉少」: a 父 on the 世 weak and struck (the month, the day or a mover overcoming it) → at most 小凶; 旺
    with no 官 旺 → renown without office; otherwise toil; no 父 on the 世, none of these."""
    seen = {"struck": 0, "renown": 0, "toil": 0}
    for chart, states, _, found in _life(WEALTH):
        ws = states[_world(chart)]
        got = _moves(found, "CF-22")
        if chart.world.relation is not R.父母:
            assert not got
            continue
        struck = any(_beats(b.element, ws.element) for b in _pillars(chart)) or any(
            ln.moving and not ln.world and _beats(ln.element, ws.element) for ln in chart.lines)
        office_up = any(states[_at(ln)].vigour is Vigour.旺 for ln in chart.lines if ln.relation is R.官鬼)
        if not ws.vigour.strong and struck:
            assert got == [("cf_parent_world_struck", "≤小凶", "≤小凶")], chart.cast
            seen["struck"] += 1
        elif ws.vigour is Vigour.旺 and not office_up:
            assert got == [("cf_renown_without_office", "", "")], chart.cast
            seen["renown"] += 1
        elif ws.vigour.strong:
            assert got == [("cf_toil", "", "")], chart.cast
            seen["toil"] += 1
    assert min(seen.values()) >= 10, seen


def test_an_office_on_the_world_line() -> None:
    """CF-24 L76 「官鬼持世，休囚無氣者，乃纏綿病疾殘疾之人也。若有氣者 … 再遇日月動爻貴人扶助，皆得貴客相親，從此
    成家立業，財若無氣，空有虛名而已」: a 官 on the 世 weak → sickly (at most 小凶); strong with the 財 without 氣 → an
    empty name (at most 平); strong with the 財 得地 and helped → patrons (at least 小吉)."""
    seen = {"sickly": 0, "empty": 0, "patrons": 0}
    for chart, states, use, found in _life(WEALTH):
        ws, cs = states[_world(chart)], states[use]
        got = _moves(found, "CF-24")
        if chart.world.relation is not R.官鬼:
            assert not got
            continue
        wealth_low = not cs.vigour.strong or _spoiled(_line(chart, use))
        if not ws.vigour.strong:
            assert got == [("cf_office_world_sickly", "≤小凶", "≤小凶")], chart.cast
            seen["sickly"] += 1
        elif wealth_low:
            assert got == [("cf_empty_name", "≤平", "≤平")], chart.cast
            seen["empty"] += 1
        elif ws.supports:
            assert got == [("cf_office_world_patrons", "", "≥小吉")], chart.cast
            seen["patrons"] += 1
        else:
            assert not got
    assert min(seen.values()) >= 10, seen


def test_wealth_on_the_world_line_advancing_or_retreating() -> None:
    """CF-28 L80 「財爻持世化進神，或動而生世者，事業從此而進 … 若化退神，家業自此漸退 … 若世爻再被刑克沖害者，非漸退
    也，即見家覆財傾」: a moving 財 on the 世 化進 → rising (+1); 化退 → declining (−1), or ruin (凶) if something
    overcomes or breaks the 世; a 世 not a moving 財, with a moving 財 elsewhere generating it → rising; else none."""
    seen = {"advances": 0, "retreats": 0, "fed": 0, "none": 0}
    for chart, states, _, found in _life(WEALTH):
        ws = states[_world(chart)]
        world = chart.world
        got = _moves(found, "CF-28")
        if world.relation is R.妻財 and world.moving:
            if T.化退神 in world.transformations:
                want = [("cf_sudden_ruin", "=凶", "=凶")] if ws.attacks else [("cf_slow_decline", "", "-1")]
                assert got == want, chart.cast
                seen["retreats"] += 1
            elif T.化進神 in world.transformations:
                assert got == [("cf_rising_fortune", "", "+1")], chart.cast
                seen["advances"] += 1
            else:
                assert not got
        elif any(_helps(chart, states, ln) and ln.relation is R.妻財 and _gen(ln.element, ws.element)
                 for ln in chart.lines):
            assert got == [("cf_rising_fortune", "", "+1")], chart.cast
            seen["fed"] += 1
        else:
            assert not got
            seen["none"] += 1
    assert seen["retreats"] >= 3 and min(seen.values()) >= 3, seen


def _office_keys(found: ChapterReading) -> set[str]:
    return {m.rule for m in found.moves}


def test_office_by_means() -> None:
    """GM-02 L85 「鬼財搖發，納粟成名。官星持世、財動相生，或世臨官動化財，世臨財動化官，或官星動而生合世爻，或日月作
    官星生合世爻，皆主納粟以奏名」: any of the four → office by means (at least 小吉), unless a sign before it decides
    (GM-05, GM-06, GM-01 office by study); none of them → not."""
    seen = {"yes": 0, "no": 0}
    for chart, states, _, found in _life(CAREER):
        ws = states[_world(chart)]
        world = chart.world
        ghost_e = next(e for e in Element if _beats(e, chart.hexagram.element))
        bought = (world.relation is R.官鬼 and any(ln.moving and ln.relation is R.妻財 and _gen(ln.element, ws.element)
                                                  for ln in chart.lines)) \
            or (world.moving and world.changed is not None
                and {world.relation, world.changed.relation} == {R.官鬼, R.妻財}) \
            or any(ln.moving and ln.relation is R.官鬼 and (_gen(ln.element, ws.element) or _combines(ln.branch, ws.branch))
                   for ln in chart.lines) \
            or any(b.element is ghost_e and (_gen(b.element, ws.element) or _combines(b, ws.branch))
                   for b in _pillars(chart))
        got = _moves(found, "GM-02")
        if bought and not _office_keys(found) & {"GM-05", "GM-06", "GM-01"}:
            assert got == [("gm_office_by_means", "", "≥小吉")], chart.cast
            seen["yes"] += 1
        elif not bought:
            assert not got, chart.cast
            seen["no"] += 1
    assert min(seen.values()) >= 10, seen


def test_office_by_merit() -> None:
    """GM-03 L86 「凡卦中財爻父爻皆不得地，而官星獨旺或日月作官星而生世，或虎臨世動，或虎臨金鬼動而生合世爻，皆主
    立功以成名也」: any of these → office by merit (at least 小吉) unless a sign before it decides (GM-05, GM-06, GM-01,
    GM-02); none → not."""
    seen = {"yes": 0, "no": 0}
    for chart, states, _, found in _life(CAREER):
        ws = states[_world(chart)]
        world = chart.world
        ghost_e = next(e for e in Element if _beats(e, chart.hexagram.element))
        rest_down = not any(states[_at(ln)].vigour.strong for ln in chart.lines if ln.relation in (R.妻財, R.父母))
        office_up = any(states[_at(ln)].vigour is Vigour.旺 for ln in chart.lines if ln.relation is R.官鬼)
        pillar = [b for b in _pillars(chart) if b.element is ghost_e]
        merit = (rest_down and (office_up or any(_gen(b.element, ws.element) for b in pillar))) \
            or (world.moving and _spirit(chart, world) == "白虎") \
            or any(ln.moving and ln.relation is R.官鬼 and _spirit(chart, ln) == "白虎" and ln.element is Element.金
                   and (_gen(ln.element, ws.element) or _combines(ln.branch, ws.branch)) for ln in chart.lines)
        got = _moves(found, "GM-03")
        if merit and not _office_keys(found) & {"GM-05", "GM-06", "GM-01", "GM-02"}:
            assert got == [("gm_office_by_merit", "", "≥小吉")], chart.cast
            seen["yes"] += 1
        elif not merit:
            assert not got, chart.cast
            seen["no"] += 1
    assert min(seen.values()) >= 10, seen


def test_raised_from_the_ranks_by_the_fifth_line() -> None:
    """GM-04 L87 「凡得太歲及五爻動而生世皆旺，主庶民食祿，平步登雲 … 倘得五爻生世，亦要發動，而世與官星亦宜旺相，
    方可斷之」: the fifth line moving and generating the 世, with the 世 and the 官 旺 → raised (at least 小吉), unless
    the chapter has barred office (GM-05, GM-06); the fifth line still, or the 世 or the 官 not 旺 → not.  (The
    casts here have no year: 太歲 is not swept.)"""
    seen = {"yes": 0, "fifth still": 0, "not 旺": 0}
    for chart, states, use, found in _life(CAREER):
        ws, us = states[_world(chart)], states[use]
        fifth = chart.lines[4]
        raises = fifth.moving and not fifth.world and _gen(fifth.element, ws.element)
        up = ws.vigour is Vigour.旺 and us.vigour is Vigour.旺
        got = _moves(found, "GM-04")
        if raises and up and not _office_keys(found) & {"GM-05", "GM-06"}:
            assert got == [("gm_raised_from_the_ranks", "", "≥小吉")], chart.cast
            seen["yes"] += 1
        else:
            assert not got, chart.cast
            seen["fifth still"] += not fifth.moving and _gen(fifth.element, ws.element) and up
            seen["not 旺"] += raises and not up
    assert min(seen.values()) >= 10, seen


# ---- 延師 (YSH) ----------------------------------------------------------------------------------------------------

TEACHER = Question(Topic.teacher)
_TOMB = {"木": "未", "火": "戌", "金": "丑", "水": "辰", "土": "辰"}
_CUT = {"木": "申", "火": "亥", "金": "寅", "水": "巳", "土": "巳"}
_FRAMES = ("申子辰", "亥卯未", "寅午戌", "巳酉丑")


def _teacher_lines() -> list[tuple[Chart, States, Place, Line, ChapterReading]]:
    """The teacher read where his 父母 is a line of the hexagram (not hidden, not the 世 itself)."""
    return [(c, s, use, c.lines[use.position - 1], found) for c, s, use, found in _life(TEACHER)
            if use.layer is Layer.LINE and use != _world(c)]


def test_the_teacher_feeding_or_striking_the_world() -> None:
    """YSH-02 L160 「世位相生，博約善誘。父旺生合世爻，成人有德，若克世爻，而世爻得地者，有責成之功。世若休囚，必受
    師尊之累」: a 父 whose element overcomes the 世's — with the 世 得地 strict but effective (said), with it weak a
    burden (a step down now and in the end); a 父 旺相 that generates or combines the 世 forms the pupil's character;
    a 父 that does neither, none of these.  (YSH-08's 「父爻克世者，彼此不投」 is read for the weak 世 only: the
    choice written in core/chapters/learning.py.)"""
    seen = {"strict": 0, "burden": 0, "forms": 0, "neither": 0}
    for chart, states, use, ln, found in _teacher_lines():
        ws, us = states[_world(chart)], states[use]
        keys = {f.key for f in found.findings if f.rule == "YSH-02"} | {m.key for m in found.moves if m.rule == "YSH-02"}
        strikes = _beats(ln.element, chart.world.element)
        feeds = us.vigour.strong and (_gen(ln.element, chart.world.element) or _combines(ln.branch, chart.world.branch))
        if strikes and ws.vigour.strong:
            assert keys == {"ysh_strict_but_effective"}, chart.cast
            seen["strict"] += 1
        elif strikes:
            assert _moves(found, "YSH-02") == [("ysh_teacher_a_burden", "-1", "-1")], chart.cast
            seen["burden"] += 1
        elif feeds:
            assert keys == {"ysh_forms_character"}, chart.cast
            seen["forms"] += 1
        else:
            assert not keys, chart.cast
            seen["neither"] += 1
    assert min(seen.values()) >= 10, seen


def test_an_entombed_or_cut_teacher_will_not_teach() -> None:
    """YSH-03 L161 「父入墓中，懶於教訓。父爻入三墓及臨絕者，若非偷安懶惰，定是師不授教」: a 父 in one of the three
    tombs (the day, a moving line, its own change; an intact one) or on its 絕 day → at most 平; one in no tomb and
    not 絕, not."""
    seen = {"tomb": 0, "cut": 0, "free": 0}
    for chart, states, use, ln, found in _teacher_lines():
        us = states[use]
        el = ln.element.name
        tomb, cut = Branch[_TOMB[el]], Branch[_CUT[el]]
        in_tomb = chart.moment.day.branch is tomb or any(x.moving and x.position != ln.position and x.branch is tomb
                                                       for x in chart.lines) \
            or (ln.moving and ln.changed is not None and ln.changed.branch is tomb)
        on_cut = chart.moment.day.branch is cut or (ln.moving and ln.changed is not None and ln.changed.branch is cut)
        got = _moves(found, "YSH-03")
        if (in_tomb and not us.tomb_broken) or on_cut:
            assert got == [("ysh_lazy_teacher", "≤平", "≤平")], chart.cast
            seen["cut" if on_cut else "tomb"] += 1
        elif not in_tomb:
            assert not got, chart.cast
            seen["free"] += 1
    assert min(seen.values()) >= 10, seen


def test_wealth_on_the_world_line_makes_a_lax_teacher() -> None:
    """YSH-04 L162 「財臨世上，懦弱不嚴。財爻持世乃我克父母，若非師不嚴，定是我師畏凌」: a 財 on the 世, and only then."""
    seen = {"yes": 0, "no": 0}
    for chart, _, _, found in _life(TEACHER):
        got = [f for f in found.findings if f.key == "ysh_lax_discipline"]
        want = chart.world.relation is R.妻財
        assert bool(got) is want and all(f.rule == "YSH-04" for f in got), chart.cast
        seen["yes" if want else "no"] += 1
    assert min(seen.values()) >= 10, seen


def _worse(ln: Line, states: States) -> bool:
    """動而變凶: into a 官鬼, back against itself, retreating; into its tomb or 絕 when weak."""
    el = ln.element.name
    weak_into = ln.changed is not None and ln.changed.branch in (Branch[_TOMB[el]], Branch[_CUT[el]]) \
        and not states[_at(ln)].vigour.strong
    return ln.moving and (_spoiled(ln) or weak_into)


def test_a_ghost_turning_into_learning_against_the_world_brings_a_lawsuit() -> None:
    """YSH-05 L163 「鬼化文書克世，訟由乎學。鬼動化父母，沖克世爻，異日必主爭訟，能使日月動爻制服鬼爻，亦不相宜 …
    非不唯鬼動化父，但系鬼動克世，或世動變凶，皆不宜從」: a moving 官鬼 changing into a 父母 that clashes or overcomes
    the 世 → a lawsuit later (凶), whatever restrains the 鬼; else a moving 鬼 overcoming the 世, or the 世 moving into
    something worse → do not follow him (at most 小凶); neither → not."""
    seen = {"lawsuit": 0, "do not follow": 0, "neither": 0}
    for chart, states, _, found in _life(TEACHER):
        world = chart.world
        ghosts = _moving(chart, R.官鬼)
        suit = any(_into(g, R.父母) and g.changed is not None and (_beats(g.changed.element, world.element)
                                                                  or _clash(g.changed.branch, world.branch))
                   for g in ghosts)
        # 鬼動克世: a moving 鬼 with the force to strike the 世 (ch. 1–34: ``cannot_harm``; a teacher is a far matter)
        wp = Place(Layer.LINE, chart.hexagram.world)
        bad = any(_beats(g.element, world.element) and cannot_harm(chart, states, _at(g), states[wp], False) is None
                  for g in ghosts) or _worse(world, states)
        got = _moves(found, "YSH-05")
        if suit:
            assert got == [("ysh_lawsuit_later", "=凶", "=凶")], chart.cast
            seen["lawsuit"] += 1
        elif bad:
            assert got == [("ysh_do_not_follow", "≤小凶", "≤小凶")], chart.cast
            seen["do not follow"] += 1
        else:
            assert not got, chart.cast
            seen["neither"] += 1
    assert min(seen.values()) >= 10, seen


def test_a_world_line_helped_the_pupil_surpasses_the_master() -> None:
    """YSH-06 L164 「月扶世爻日助，青出於藍。世爻旺相，或父母持世，或官星持世，日月動爻生扶，及世爻動而化吉，必有長進」
    (read: a 世 旺相 or holding 父 or 官, with the month, the day or a mover supporting it; or a 世 changing for the
    better): said then, not otherwise."""
    seen = {"yes": 0, "unsupported": 0}
    for chart, states, _, found in _life(TEACHER):
        ws = states[_world(chart)]
        world = chart.world
        better = world.moving and bool({T.回頭生, T.化進神, T.化長生, T.化帝旺} & set(world.transformations)) \
            and not _spoiled(world)
        held = ws.vigour.strong or world.relation in (R.父母, R.官鬼)
        want = (held and bool(ws.supports)) or better
        got = [f for f in found.findings if f.key == "ysh_pupil_surpasses"]
        assert bool(got) is want and all(f.rule == "YSH-06" for f in got), chart.cast
        seen["yes"] += want
        seen["unsupported"] += held and not ws.supports and not better
    assert min(seen.values()) >= 10, seen


def test_how_the_teacher_changes() -> None:
    """YSH-07 L165 「動衰變旺，先惰後勤。動旺變衰，先勤後怠。父化父而殊經，父化財而多病，化鬼顯貴之交，父化兄貪財
    好利」: a moving 父 (the teacher) weak turning strong, strong turning weak, and what it changes into; a still
    父 says nothing."""
    seen = {"lazy then diligent": 0, "diligent then lazy": 0, "still": 0, **dict.fromkeys(
        ("ysh_teaches_another_subject", "ysh_teacher_sickly", "ysh_teacher_well_connected", "ysh_teacher_greedy"), 0)}
    into = {R.父母: "ysh_teaches_another_subject", R.妻財: "ysh_teacher_sickly", R.官鬼: "ysh_teacher_well_connected",
            R.兄弟: "ysh_teacher_greedy"}
    for chart, states, use, ln, found in _teacher_lines():
        got = {f.key for f in found.findings if f.rule == "YSH-07"}
        if not ln.moving or ln.changed is None:
            assert not got
            seen["still"] += 1
            continue
        now = states[use].vigour.strong
        then = states[Place(Layer.CHANGED, use.position)].vigour.strong
        want = {into[ln.changed.relation]} if ln.changed.relation in into else set()
        if not now and then:
            want.add("ysh_lazy_then_diligent")
            seen["lazy then diligent"] += 1
        if now and not then:
            want.add("ysh_diligent_then_lazy")
            seen["diligent then lazy"] += 1
        assert got == want, chart.cast
        for k in want & set(seen):
            seen[k] += 1
    assert min(seen.values()) >= 5, seen


def test_a_frame_binds_teacher_and_pupil_and_a_clash_parts_them() -> None:
    """YSH-08 L166 「三合連年受教，六沖半載難留。世與父爻兼日月作三合者，情同父子 … 卦得六沖，或世克父爻，或父爻克世
    者，彼此不投」: the 世 and the 父 with the day and the month making a whole 三合 → like father and son; a 六沖
    hexagram, the 世 overcoming the 父, or the 父 overcoming a weak 世 (the strong one is YSH-02's) → no fit (at most
    小凶); none of them, no."""
    seen = {"frame": 0, "no fit": 0, "fits": 0}
    for chart, states, use, ln, found in _teacher_lines():
        ws = states[_world(chart)]
        have = {chart.world.branch, ln.branch, *_pillars(chart)}
        frame = any(chart.world.branch.name in f and ln.branch.name in f and all(Branch[b] in have for b in f)
                    for f in _FRAMES)
        assert any(f.key == "ysh_like_father_and_son" and f.rule == "YSH-08" for f in found.findings) is frame
        no_fit = _six_clash(chart) or _beats(chart.world.element, ln.element) \
            or (_beats(ln.element, chart.world.element) and not ws.vigour.strong)
        assert _moves(found, "YSH-08") == ([("ysh_no_fit", "≤小凶", "≤小凶")] if no_fit else []), chart.cast
        seen["frame"] += frame
        seen["no fit" if no_fit else "fits"] += 1
    assert min(seen.values()) >= 10, seen


# ---- 鄉試 (XH), 升選候補 (SB) ---------------------------------------------------------------------------------------

EXAM = Question(Topic.exam)
SEEK = Question(Topic.career, office=Office.seek)
_RETREAT = {"卯": "寅", "子": "亥", "酉": "申", "午": "巳", "辰": "丑", "未": "辰", "戌": "未", "丑": "戌"}
_ADVANCE = {b: a for a, b in _RETREAT.items()}


def test_the_essay_or_the_rank_on_the_world_line() -> None:
    """XH-01 L202 「父旺官興，姓標虎榜。父官持世而旺相，或臨日月、或日月動爻生扶、及動而變生，名登龍虎」: a 父 or 官
    on the 世, 旺相 or on the month or the day → the end at least 小吉; one weak that nothing (the month, the day, a
    line moving or 暗動, its own change) generates or helps, or another relation on the 世, not."""
    seen = {"yes": 0, "weak alone": 0, "other": 0}
    for chart, states, _, found in _life(EXAM):
        ws = states[_world(chart)]
        world = chart.world
        got = _moves(found, "XH-01")
        held = world.relation in (R.父母, R.官鬼)
        on = world.branch in _pillars(chart)
        helped = any(not _clash(b, world.branch) and (_gen(b.element, world.element) or b.element is world.element)
                     for b in _pillars(chart)) \
            or any((x.moving or states[_at(x)].hidden_movement) and not x.world
                   and (_gen(x.element, world.element) or x.element is world.element) for x in chart.lines) \
            or (world.moving and world.changed is not None and (_gen(world.changed.element, world.element)
                                                                or world.changed.element is world.element))
        if held and (ws.vigour.strong or on):
            assert got == [("xh_essay_or_rank_on_world", "", "≥小吉")], chart.cast
            seen["yes"] += 1
        elif held and not helped:
            assert not got, chart.cast
            seen["weak alone"] += 1
        elif not held:
            assert not got
            seen["other"] += 1
    assert min(seen.values()) >= 10, seen


def test_a_fallen_world_line_or_all_lines_moving_fail_the_examination() -> None:
    """XH-07 L207 「功名無成者 … 或是世爻破空，或是六爻亂動，功名必無成」: a 世 fallen into the void or broken by the
    month (still; 真空 or 月破 and 失陷: 「旺不為空」) → the end 凶; all six lines moving → at most 小凶; a 世 neither
    void nor broken, or a cast with a still line, neither."""
    seen = {"fallen": 0, "whole": 0, "all move": 0, "some still": 0}
    for chart, states, _, found in _life(EXAM):
        ws = states[_world(chart)]
        world = chart.world
        broken = not world.moving and _clash(chart.moment.month_branch, world.branch)
        fallen = (ws.true_void or broken) and ws.vigour is Vigour.失陷
        keys = {m.key: (m.now, m.eventual) for m in found.moves if m.rule == "XH-07"}
        if fallen:
            assert keys.get("xh_world_empty") == ("", "=凶"), chart.cast
            seen["fallen"] += 1
        elif not ws.void and not _clash(chart.moment.month_branch, world.branch):
            assert "xh_world_empty" not in keys
            seen["whole"] += 1
        every = all(x.moving for x in chart.lines)
        assert (keys.get("xh_all_lines_move") == ("", "≤小凶")) is every, chart.cast
        seen["all move" if every else "some still"] += 1
    assert min(seen.values()) >= 10, seen


def test_essay_and_rank_that_do_not_touch_the_world_are_of_no_use() -> None:
    """XH-08 L208 「出現無情，難遂青雲之志。父與官星雖則出現，若不生合世爻，或不持世 … 亦屬無益。父與官星生合世爻，
    若又被日月動爻沖壞者，亦作無情之喻」: 父 and 官 shown, and none holds, generates or combines the 世 → at most 平;
    none holds it and every one that generates or combines it is broken by the month or the day (月破, 日破) or
    clashed by another moving line → the same; one that holds it, or feeds it whole, not."""
    seen = {"unlinked": 0, "clashed apart": 0, "linked": 0}
    for chart, states, _, found in _life(EXAM):
        world = chart.world
        pair = [x for x in chart.lines if x.relation in (R.父母, R.官鬼)]
        feeders = [x for x in pair if _gen(x.element, world.element) or _combines(x.branch, world.branch)]
        holds = any(x.world for x in pair)
        apart = bool(feeders) and not holds and all(
            states[_at(x)].month_break or states[_at(x)].day_break
            or any(y.moving and y.position != x.position and _clash(y.branch, x.branch) for y in chart.lines)
            for x in feeders)
        got = _moves(found, "XH-08")
        if pair and not holds and not feeders:
            assert got == [("xh_not_linked_to_world", "", "≤平")], chart.cast
            seen["unlinked"] += 1
        elif apart:
            assert got == [("xh_link_clashed_apart", "", "≤平")], chart.cast
            seen["clashed apart"] += 1
        else:
            assert not got, chart.cast
            seen["linked"] += bool(pair)
    assert min(seen.values()) >= 10, seen


def _six_harmony(chart: Chart) -> bool:
    """六合卦: lines 1 and 4, 2 and 5, 3 and 6 all combine."""
    b = [ln.branch for ln in chart.lines]
    return all(_combines(b[i], b[i + 3]) for i in range(3))


def test_a_six_clash_with_all_strong_passes_and_a_six_harmony_with_one_fallen_does_not_help() -> None:
    """XH-12 L212 「卦遇六沖，此去難題雁塔。爻逢六合，這回可奪鰲頭」, L213 「凡得六沖卦，官父世爻俱旺者，不必再占，竟
    許必得。如父旺者，須再占一卦 … 凡得六合卦，亦要官父世爻得地，有一失陷不遇生扶者，雖六合亦無益矣」: a 六沖 hexagram
    with 官, 父 and 世 all 旺相 → the end at least 吉; not all, but a 父 旺相 → this cast does not decide (at most 平,
    now and in the end: cast again); a 六合 one with any of them 失陷 and unsupported → at most 平; a 六沖 with no 父
    旺相, a 六合 with all sound, or neither hexagram, none of these."""
    seen = {"clash strong": 0, "recast": 0, "clash weak": 0, "harmony fallen": 0, "harmony sound": 0}
    for chart, states, _, found in _life(EXAM) + _life(EXAM, harmony=True):
        parents = [states[_at(x)] for x in chart.lines if x.relation is R.父母]
        trio = [states[_world(chart)]] + parents + [states[_at(x)] for x in chart.lines if x.relation is R.官鬼]
        both = {x.relation for x in chart.lines} >= {R.父母, R.官鬼}
        got = _moves(found, "XH-12")
        if _six_clash(chart):
            if both and all(s.vigour.strong for s in trio):
                assert got == [("xh_clash_all_strong", "", "≥吉")], chart.cast
                seen["clash strong"] += 1
            elif any(s.vigour.strong for s in parents):
                assert got == [("xh_clash_recast", "≤平", "≤平")], chart.cast
                seen["recast"] += 1
            else:
                assert not got, chart.cast
                seen["clash weak"] += 1
        elif _six_harmony(chart):
            fallen = any(s.vigour is Vigour.失陷 and not s.supports for s in trio)
            assert got == ([("xh_harmony_no_help", "", "≤平")] if fallen else []), chart.cast
            seen["harmony fallen" if fallen else "harmony sound"] += 1
        else:
            assert not got
    assert min(seen.values()) >= 5, seen


def test_world_essay_or_rank_advancing_or_retreating() -> None:
    """XH-16 L220 「世與官父相旺內有一而化進神者，名姓高懸，占鄉試必連捷。獨不喜化退神，世化退神，若非臨場之阻，必無
    勇往之心，父化退神學問日頽，文章漸腐，官退化神，皓首無成」: the 世, a 父 or a 官, 旺相 (by the season or on the
    month or the day; the advance that feeds it does not make it so), moving into its 進神
    (寅→卯, 亥→子, 申→酉, 巳→午, 丑→辰, 辰→未, 未→戌, 戌→丑) → the end at least 吉; one of them moving into its
    退神 → the end a step down; each once; one only 有氣 advancing, or other lines, not."""
    seen = {"advances": 0, "weak advances": 0, "retreats": 0, "none": 0}
    for chart, states, _, found in _life(EXAM):
        ours = [x for x in chart.lines if x.world or x.relation in (R.父母, R.官鬼)]
        back = [x for x in ours if x.moving and x.changed is not None
                and _RETREAT.get(x.branch.name) == x.changed.branch.name]
        ahead = [x for x in ours if x.moving and x.changed is not None
                 and _ADVANCE.get(x.branch.name) == x.changed.branch.name]
        strong_ahead = [x for x in ahead if states[_at(x)].vigour is Vigour.旺]
        got = _moves(found, "XH-16")
        want = ([("xh_advances", "", "≥吉")] if strong_ahead else []) + ([("xh_retreats", "", "-1")] if back else [])
        assert got == want, chart.cast
        seen["advances"] += bool(strong_ahead)
        seen["weak advances"] += bool(ahead) and not strong_ahead
        seen["retreats"] += bool(back)
        seen["none"] += not ahead and not back
    assert min(seen.values()) >= 10, seen


def _tomb_relation(chart: Chart, ws: State) -> R | None:
    """The 六親 of the tomb the 世 is in: the line, the changed line, or the day's branch in the palace."""
    where = ws.tomb_place
    if ws.tomb is None or where is None:
        return None
    if where.layer is Layer.LINE:
        return chart.lines[where.position - 1].relation
    changed = chart.lines[where.position - 1].changed
    if where.layer is Layer.CHANGED and changed is not None:
        return changed.relation
    order = "木火土金水"  # 兄 the same, 子 I generate, 財 I overcome, 官 overcomes me, 父 generates me
    gap = (order.index(ws.tomb.element.name) - order.index(chart.hexagram.element.name)) % 5
    return (R.兄弟, R.子孫, R.妻財, R.官鬼, R.父母)[gap]


def test_going_into_the_tomb_with_the_office() -> None:
    """SB-08 L233 「隨官入墓，世旺者官升。助鬼傷身，身衰者禍至。古以隨官入墓，助鬼傷身，皆以為凶。余屢試之，世旺者竟升，
    世衰者不吉。助鬼傷身，元神同動者，其官必升」: where the 世 goes into an intact tomb that is a 官鬼, or a moving 官
    strikes it with a moving 財 feeding that 官 (助鬼傷身), a strong 世 — or, struck so, one whose 元神 moves too —
    rises; a weak one does not; neither case, nothing is said of the 世's strength (the passage's scope)."""
    seen = {"rises": 0, "weak": 0, "outside": 0}
    for chart, states, _, found in _life(SEEK):
        ws = states[_world(chart)]
        in_tomb = ws.tomb is not None and not ws.tomb_broken and _tomb_relation(chart, ws) is R.官鬼
        ghosts = [g for g in _moving(chart, R.官鬼) if not g.world and _beats(g.element, ws.element)]
        helped = any(_gen(f.element, g.element) for g in ghosts for f in _moving(chart, R.妻財))
        source = any(x.moving and not x.world and _gen(x.element, ws.element) for x in chart.lines)
        keys = {f.key for f in found.findings if f.rule == "SB-08"}
        if in_tomb or helped:
            rises = ws.vigour.strong or (helped and source)
            assert keys == ({"sb_world_rises_with_office"} if rises else {"sb_world_weak"}), chart.cast
            seen["rises" if rises else "weak"] += 1
        else:
            assert not keys, chart.cast
            seen["outside"] += 1
    assert min(seen.values()) >= 10, seen
