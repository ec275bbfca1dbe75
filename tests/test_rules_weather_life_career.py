"""天時 (TS), 終身財福 and 終身功名 (CF, GM), 延師 (YSH), 仕宦 (XH, SB): each implemented rule that no other test
names, checked on casts swept for its passage's condition — a predicate written here from the passage, not the
engine's helper — both where it holds (the finding or move is there, in its direction) and where an essential part
fails (it is not).

The passages are quoted as printed in ``zsby_topics_doctrine.txt`` (tests/data/texts holds the copy); each chart is
read once per question and the readings are shared by the tests below.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from core import rules
from core.chapters import ChapterReading, chapter_reading
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, Line, build_chart
from core.chart.combinations import frames
from core.chart.ganzhi import SEXAGENARY, Branch
from core.chart.hexagram import Relation
from core.findings import Layer, Place
from core.question import Question, Topic, Weather
from core.reading.step2_state import States, Vigour, states_of
from tests.test_chapter_rules import _charts

R = Relation
TEXT = (Path(__file__).parent / "data" / "texts" / "zsby_topics_doctrine.txt").read_text(encoding="utf-8").splitlines()
MONTHS = "寅卯辰巳午未申酉戌亥子丑"

QUOTES = {
    "TS-09": "兄弟发动，虽主风云乃云淡风轻之景，非晴非雨之天",
    "TS-11": "爻中又有鬼动者，必须有浓云重雾，或恶风晦暗",
    "TS-14": "父母休囚不动，果是难望",
    "TS-15": "财化鬼阴晴不久",
    "TS-16": "父化兄，父化鬼或卦中父动兄动皆主风雨交作",
    "TS-17": "父化子雨后晴明，弟化孙云开日出",
    "TS-30": "动而空者，占晴占雨若非冲空之日，定应填实之朝",
    "TS-33": "卦中父鬼重叠或又鬼变父，父变鬼，父化兄，兄化父",
    "TS-34": "多逢财子，累日明晴",
    "TS-35": "卦得反吟晴雨终须反复",
}


def test_the_quotes_are_on_their_lines() -> None:
    for rule, quote in QUOTES.items():
        src = rules.source(rule)
        assert src.seed == "zsbyt"
        assert quote in TEXT[src.line - 1], (rule, src.line)


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
    for wind; when it is the only weather line acting, neither wish is granted — the rain asked for not given, the
    clear sky not either (at most 平), and no 兄 acting, no wind."""
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
        for wish in (rain, clear):
            moves = [m for m in wish.moves if m.key == "ts_sibling_moves_neither"]
            if alone:
                assert len(wish.moves) == 1 and moves, chart.cast
                assert moves[0].rule == "TS-09" and moves[0].now == "=平"
                assert moves[0].eventual in ("=平", "=小凶")
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


def test_a_parent_changing_into_sibling_or_ghost_brings_wind_and_rain() -> None:
    """TS-16 L18 「父化兄，父化鬼 … 皆主風雨交作」: a moving 父母 that changes into 兄弟 or 官鬼 → wind and rain;
    one that changes into anything else, or a 兄/鬼 changing into 父 (「動者為先，變者為後」: wind, then rain), not."""
    seen = {"yes": 0, "other change": 0}
    for chart, _, found in _readings(SKY):
        want = {_at(ln) for ln in _moving(chart, R.父母) if _into(ln, R.兄弟) or _into(ln, R.官鬼)}
        got = {f.places[0] for f in found.findings if f.key == "ts_wind_and_rain"}
        assert got == want, chart.cast
        assert all(f.rule == "TS-16" for f in found.findings if f.key == "ts_wind_and_rain")
        seen["yes"] += bool(want)
        seen["other change"] += any(_into(ln, R.父母) for ln in _moving(chart, R.兄弟, R.官鬼)) and not want
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
    動而逢空，不應衝空之日，則應填實之期」): a moving 父母 (rain asked) or 子孫 (clear asked) that is void answers on
    the day that clashes it and on its own branch's day; a void line that does not move, or a moving one not void,
    gets no such day."""
    seen = {"void moving": 0, "void still": 0, "moving whole": 0}
    for q, rel in ((RAIN, R.父母), (CLEAR, R.子孫)):
        for chart, states, found in _readings(q):
            if _framed(chart):
                continue
            days = {(t.branch, t.places) for t in found.timings if t.rule == "TS-30"}
            for ln in chart.lines:
                if ln.relation is not rel:
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
    """TS-33 L36 「卦中父鬼重疊 … 並不見子孫財爻發動者，一定連旬風雨」: two or more moving 父母/官鬼 and no moving
    子孫 or 妻財 → about ten days of wind and rain; one alone, or with a 子/財 moving, not."""
    seen = {"yes": 0, "with sun": 0, "one": 0}
    for chart, _, found in _readings(SKY):
        wet, dry = _moving(chart, R.父母, R.官鬼), _moving(chart, R.子孫, R.妻財)
        got = [f for f in found.findings if f.key == "ts_days_of_rain"]
        if len(wet) >= 2 and not dry:
            assert len(got) == 1 and got[0].rule == "TS-33" and set(got[0].places) == {_at(ln) for ln in wet}
            seen["yes"] += 1
        elif len(wet) >= 2:
            assert not got
            seen["with sun"] += 1
        elif len(wet) == 1 and not dry and not any(
                _into(ln, R.父母) or _into(ln, R.官鬼) or _into(ln, R.兄弟) for ln in chart.lines if ln.moving):
            assert not got
            seen["one"] += 1
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
