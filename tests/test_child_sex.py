"""胎孕章 TY-04 (L444): a boy or a girl, asked apart (``Aspect.boy_or_girl``).  The passage's table checked over all
4 096 casts from the cast itself (the moving lines counted, the nine named hexagrams by their lines, the child's
line yang or yin), then the answer a reading gives: the sex, not a yes or no.

The passage is quoted as printed in ``zsby_topics_doctrine.txt`` (simplified characters).
"""

from __future__ import annotations

from functools import cache

from bot.render.answer import answer_text
from bot.render.i18n import _, use
from bot.render.reading import render_reading
from core.chapters import CHAPTERS
from core.chapters.common import LINE_PLACES
from core.chapters.marriage import child_sex
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, build_chart
from core.chart.ganzhi import SEXAGENARY
from core.chart.hexagram import Relation
from core.findings import Layer, Place
from core.question import ASPECTS, Aspect, Birth, FollowUp, Question, Subject, Topic, optional_follow_ups, resolve
from core.reading.pipeline import read
from core.reading.step1_usegod import select_use_god
from core.reading.step2_state import states_of
from tests.passages import assert_quotes_on_their_lines

R = Relation
MONTHS = "寅卯辰巳午未申酉戌亥子丑"

STILL = ("六爻静，先看卦包阴包阳，生女阳包阴，生男阴包阳，坎卦、大过、小过、咸、恒卦是也。阳包阴，离卦、中孚、"
         "颐、损卦是也，其余非也。六爻既静若无包，须看子孙值阳为男，值阴为女")
MOVING = "一爻动者，阳动为女，阴动为男；两爻动者，看上爻；若有三爻发动，看中爻；卦中多动者，来心不诚，改日再占"

# The nine named hexagrams, their lines from the bottom (1 yang, 0 yin), written from their trigrams.
YIN_HOLDS_YANG = {"010010": "坎為水", "011110": "澤風大過", "001100": "雷山小過", "001110": "澤山咸",
                  "011100": "雷風恆"}  # a boy
YANG_HOLDS_YIN = {"101101": "離為火", "110011": "風澤中孚", "100001": "山雷頤", "110001": "山澤損"}  # a girl


def test_the_quotes_are_on_their_lines() -> None:
    for quote in (STILL, MOVING):
        assert_quotes_on_their_lines({"TY-04": quote})


@cache
def _charts() -> tuple[Chart, ...]:
    """All 4 096 casts, the k-th on the k-th month, a day seven on and a year five on."""
    out = []
    for k in range(4096):
        lines = "".join("6789"[(k >> (2 * i)) & 3] for i in range(6))
        moment = Moment.from_pillars(MONTHS[k % 12], str(SEXAGENARY[(k * 7) % 60]), str(SEXAGENARY[(k * 5) % 60]))
        out.append(build_chart(parse_cast(lines), moment))
    return tuple(out)


def _use(chart: Chart, subject: Subject) -> Place:
    q = Question(Topic.pregnancy, subject, birth=Birth.child, aspect=Aspect.boy_or_girl)
    return select_use_god(chart, resolve(q).target, states_of(chart)).place


def _lp(position: int) -> Place:
    return LINE_PLACES[position]


def test_the_sex_over_every_cast() -> None:
    """Moving lines first (the enclosure is not used): one — yang moving a girl, yin moving a boy; two — the upper;
    three — the middle; more — cast again another day.  All still: 陰包陽 (the five named) a boy, 陽包陰 (the four
    named) a girl, 「其餘非也」; otherwise the child's line (the use-god the use-god step reads) yang a boy, yin a
    girl; a child not drawn (hidden, or the month's or the day's) — the cast does not tell."""
    seen: dict[str, int] = {}
    for chart in _charts():
        values = [x.value for x in chart.lines]  # 6 7 8 9 as cast
        moving = [i + 1 for i, v in enumerate(values) if v in (6, 9)]
        for subject in (Subject.wife, Subject.parent):
            use = _use(chart, subject)
            f = child_sex(chart, use)
            assert f.rule == "TY-04"
            if len(moving) > 3:
                want, places = "ty_recast", tuple(_lp(p) for p in moving)
            elif moving:
                # one: it; two: the upper; three: the middle — the second from below either way
                read_at = moving[0] if len(moving) == 1 else moving[1]
                want = "ty_girl_yang_moves" if values[read_at - 1] == 9 else "ty_boy_yin_moves"
                places = (_lp(read_at),)
            else:
                bits = "".join("1" if v == 7 else "0" for v in values)
                if bits in YIN_HOLDS_YANG:
                    assert chart.hexagram.name == YIN_HOLDS_YANG[bits]
                    want, places = "ty_boy_yin_holds_yang", ()
                elif bits in YANG_HOLDS_YIN:
                    assert chart.hexagram.name == YANG_HOLDS_YIN[bits]
                    want, places = "ty_girl_yang_holds_yin", ()
                elif use.layer is Layer.LINE:
                    line = chart.lines[use.position - 1]
                    # the child: 子孫, or 兄弟 for a son asking about his mother's pregnancy (TY-01)
                    assert line.relation is (R.兄弟 if subject is Subject.parent else R.子孫)
                    want = "ty_boy_offspring_yang" if values[use.position - 1] == 7 else "ty_girl_offspring_yin"
                    places = (use,)
                else:  # hidden under another line, or taken from the month or the day
                    want, places = "ty_unclear", (use,)
            assert (f.key, f.places) == (want, places), (chart.cast, subject)
            seen[want] = seen.get(want, 0) + 1
    assert set(seen) == {"ty_recast", "ty_girl_yang_moves", "ty_boy_yin_moves", "ty_boy_yin_holds_yang",
                         "ty_girl_yang_holds_yin", "ty_boy_offspring_yang", "ty_girl_offspring_yin", "ty_unclear"}


def test_only_the_named_hexagrams_enclose() -> None:
    """「其餘非也」: a still hexagram with yin (or yang) outer lines that is not named — 坤, 萃, 師, 乾, 大有 — is read
    by the child's line, not as an enclosure."""
    moment = Moment.from_pillars("寅", "甲子", "甲子")
    for cast in ("888888", "888778", "878888", "777777", "777787"):
        chart = build_chart(parse_cast(cast), moment)
        assert chart.hexagram.name not in {**YIN_HOLDS_YANG, **YANG_HOLDS_YIN}.values()
        key = child_sex(chart, _use(chart, Subject.wife)).key
        assert key in ("ty_boy_offspring_yang", "ty_girl_offspring_yin", "ty_unclear"), cast


def test_asked_for_the_child_only_and_the_chapter_says_it() -> None:
    """The sex is the child's (TY-01 各宜分占): offered after the child, not the mother; the chapter gives TY-04 only
    when asked, and keeps the child's own signs beside it (TY-05 「還可同斷」)."""
    assert ASPECTS[Topic.pregnancy] == (Aspect.pregnancy, Aspect.boy_or_girl)
    assert optional_follow_ups(Question(Topic.pregnancy, Subject.wife, birth=Birth.child)) == (FollowUp.aspect,)
    assert optional_follow_ups(Question(Topic.pregnancy, Subject.wife, birth=Birth.mother)) == ()
    q = Question(Topic.pregnancy, Subject.wife, birth=Birth.child)
    sex = Question(Topic.pregnancy, Subject.wife, birth=Birth.child, aspect=Aspect.boy_or_girl)
    assert resolve(sex) == resolve(q)
    for chart in _charts()[::97]:
        states = states_of(chart)
        use = _use(chart, Subject.wife)
        chapter = CHAPTERS[Topic.pregnancy]
        plain, asked = chapter(chart, states, q, use), chapter(chart, states, sex, use)
        assert not any(f.rule == "TY-04" for f in plain.findings)
        assert [f.rule for f in asked.findings if f.rule == "TY-04"] == ["TY-04"]
        assert tuple(f for f in asked.findings if f.rule != "TY-04") == plain.findings
        assert (asked.moves, asked.timings) == (plain.moves, plain.timings)


def test_the_answer_names_the_sex() -> None:
    """End to end: the answer sentence is the sex (or another day's cast), in every language, not a yes or no."""
    moment = Moment.from_pillars("寅", "甲子", "甲子")
    q = Question(Topic.pregnancy, Subject.wife, birth=Birth.child, aspect=Aspect.boy_or_girl)
    cases = {"878878": "It will be a boy.",      # 坎 still: 陰包陽
             "787787": "It will be a girl.",     # 離 still: 陽包陰
             "977777": "It will be a girl.",     # one yang moving
             "677777": "It will be a boy.",      # one yin moving
             "969777": "It will be a boy.",      # three moving: the middle, a moving yin
             "977779": "It will be a girl.",     # two moving: the upper, a moving yang
             "996699": "Too many lines move to tell a boy from a girl: cast again another day."}
    for cast, want in cases.items():
        r = read(build_chart(parse_cast(cast), moment), q)
        with use("en"):
            assert answer_text(r) == want, cast
        for lang in ("ko", "ja", "zh_Hans", "zh_Hant"):
            with use(lang):
                assert answer_text(r) == _(want), (cast, lang)
                assert answer_text(r) != want
                assert render_reading(r).startswith(_(want))
    # the same cast asked whether the child is kept answers yes or no, as before
    r = read(build_chart(parse_cast("878878"), moment), Question(Topic.pregnancy, Subject.wife, birth=Birth.child))
    with use("en"):
        assert answer_text(r).startswith(("Yes", "No", "Even", "Half"))
