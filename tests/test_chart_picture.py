"""The chart's picture for every hexagram, several moving patterns and the five languages: a phone-sized image
with every label of the chart in it, inside the image, none over another, in glyphs the font has; and the PNG
drawn is the layout that was checked (ink in every label's box, nothing outside the boxes)."""

from __future__ import annotations

import io
from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from fontTools.ttLib import TTCollection
from PIL import Image, ImageChops

from bot.render import chart_picture as cp
from bot.render import fonts
from bot.render.chart_text import changed_yao, ganzhi, world_mark
from bot.render.i18n import LANGS, _, short, term, use
from bot.render.korean import particles
from bot.render.reading import place
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.chart.hexagram import HEXAGRAMS
from core.findings import Layer
from core.question import Question, Sex, Subject, Thing, Topic
from core.reading.pipeline import Reading, read

PATTERNS = ("000000", "100000", "000011", "101010", "111111")
MOMENTS = (Moment.parse("2026-03-02 12:00", "Asia/Seoul"), Moment.from_pillars("辰", "戊申"),
           Moment.parse("2024-11-30 23:30", "America/Argentina/Buenos_Aires"), Moment.from_pillars("子", "癸亥", "辰"))
TOPICS = (Topic.wealth, Topic.career, Topic.illness, Topic.lost, Topic.travel, Topic.exam, Topic.weather)
MAX_WIDTH = 45 * cp.CELL  # a phone shows the picture at its width: the grid's text must stay a readable size


def readings() -> list[Reading]:
    out = []
    for n, h in enumerate(HEXAGRAMS):
        for k, pattern in enumerate(PATTERNS):
            lines = "".join(("9" if h.yang(i + 1) else "6") if pattern[i] == "1" else ("7" if h.yang(i + 1) else "8")
                            for i in range(6))
            chart = build_chart(parse_cast(lines), MOMENTS[(n + k) % len(MOMENTS)])
            subject = Subject.parent if (n + k) % 3 == 0 else Subject.self
            out.append(read(chart, Question(TOPICS[(n + k) % len(TOPICS)], subject, Sex.male, thing=Thing.money)))
    return out


READINGS = readings()


@cache
def cmap(lang: str) -> frozenset[int]:
    with TTCollection(str(fonts.find().regular), lazy=True) as collection:  # closed: the file is read lazily
        return frozenset(collection.fonts[fonts.FACES[lang]].getBestCmap())


def expected_labels(r: Reading) -> Counter[str]:
    """What the picture must show, worked out from the chart, not from the layout."""
    chart = r.chart
    want: Counter[str] = Counter()
    for line in chart.lines:
        want[short(line.spirit.value)] += 1
        want[short(line.relation.value)] += 1
        want[ganzhi(line.stem, line.branch)] += 1
        if line.hidden is not None:
            want[short(line.hidden.relation.value)] += 1
            want[ganzhi(line.hidden.stem, line.hidden.branch)] += 1
        if chart.changed is not None:
            name, stem, branch = changed_yao(chart, line)
            want[short(name)] += 1
            want[ganzhi(stem, branch)] += 1
        if line.moving:
            want[{9: "○", 6: "×"}[line.value]] += 1
            if chart.changed is not None:
                want["→"] += 1
    for h in (chart.hexagram, chart.changed):
        if h is not None:
            want[term(h.name)] += 1
            want[world_mark(h, h.world, term)] += 1
            want[world_mark(h, h.response, term)] += 1
    m = chart.moment
    want[f"{m.day}{_('日')}"] += 1
    want[f"{term('旬空')} {''.join(b.name for b in m.void)}"] += 1
    want[f"{term('卦身')} {chart.body.name}"] += 1
    return want


def check_layout(r: Reading, lang: str) -> None:
    p = cp.layout(r)
    assert 600 <= p.width <= MAX_WIDTH and 500 <= p.height <= 1600, (lang, p.width, p.height)
    drawn = [t.box for t in p.texts] + [b.box for b in p.bars]
    for x0, y0, x1, y1 in drawn + [m.box for m in p.marks]:
        assert 0 <= x0 < x1 <= p.width and 0 <= y0 < y1 <= p.height, (lang, (x0, y0, x1, y1), p.width, p.height)
    for a, b in combinations(drawn, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (lang, r.chart.cast.lines_text, a, b,
                                                                            [t.text for t in p.texts
                                                                             if t.box in (a, b)])
    shown = Counter(t.text for t in p.texts)
    missing = expected_labels(r) - shown
    assert not missing, (lang, r.chart.cast.lines_text, missing)
    small = " ".join(t.text for t in p.texts if t.size == cp.SMALL)
    assert particles(_("Use-god: {place}").format(place=place(r, r.use_god.place))) in small
    if r.co_use_god is not None:
        assert particles(_("Read with it: {place}").format(place=place(r, r.co_use_god.place))) in small
    covered = cmap(lang)
    lacking = {c for t in p.texts for c in t.text if c not in cp.TRIGRAMS and c != " " and ord(c) not in covered}
    assert not lacking, (lang, lacking)
    mark_of = {Layer.LINE: ("relation", "gz"), Layer.HIDDEN: ("hidden", "hidden_gz"), Layer.CHANGED: ("changed",)}
    assert p.marks, "the use-god is marked"
    if r.use_god.place.layer in mark_of:  # the mark lies behind the use-god's 干支 in its row
        line = r.chart.lines[r.use_god.place.position - 1]
        yao = {Layer.LINE: line, Layer.HIDDEN: line.hidden, Layer.CHANGED: line.changed}[r.use_god.place.layer]
        assert yao is not None
        target = ganzhi(yao.stem, yao.branch)
        boxes = [t.box for t in p.texts if t.text == target]
        mark = p.marks[0].box
        assert any(mark[0] <= b[0] and b[2] <= mark[2] and mark[1] <= b[1] and b[3] <= mark[3] for b in boxes)


@pytest.mark.parametrize("lang", LANGS)
def test_every_hexagram_fits_and_shows_every_label(lang: str) -> None:
    with use(lang):
        for r in READINGS:
            check_layout(r, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_png_is_the_layout(lang: str) -> None:
    """Ink in every text's box and bar, paper wherever the layout put nothing."""
    with use(lang):
        for r in READINGS[::97]:
            p = cp.layout(r)
            image = Image.open(io.BytesIO(cp.png(p))).convert("RGB")
            assert image.size == (p.width, p.height)
            inked = ImageChops.difference(image, Image.new("RGB", image.size, cp.PAPER)).convert("L").point(
                lambda v: 255 if v else 0)
            for t in p.texts:
                assert inked.crop(t.box).getbbox() is not None, (lang, t.text)
            free = Image.new("L", image.size, 255)
            for x0, y0, x1, y1 in [t.box for t in p.texts] + [b.box for b in p.bars] + [m.box for m in p.marks]:
                free.paste(0, (max(0, x0 - 2), max(0, y0 - 2), x1 + 2, y1 + 2))
            stray = ImageChops.multiply(inked, free).getbbox()
            assert stray is None, (lang, r.chart.cast.lines_text, stray)


def test_a_use_god_on_the_day_marks_the_day_pillar() -> None:
    r = next(r for r in READINGS if r.use_god.place.layer is Layer.DAY)
    with use("ko"):
        p = cp.layout(r)
        day = next(t for t in p.texts if t.text == f"{r.chart.moment.day}{_('日')}")
    x0, y0, x1, y1 = p.marks[0].box
    assert x0 <= day.box[0] and day.box[2] <= x1 and y0 <= day.box[1] and day.box[3] <= y1


def test_the_english_palace_trigram_is_drawn() -> None:
    """"Kǎn ☵ Palace": the font has no ☵, so the trigram is drawn as three strokes, the middle one whole."""
    r = READINGS[0]
    with use("en"):
        p = cp.layout(r)
    house = next(t for t in p.texts if any(c in cp.TRIGRAMS for c in t.text))
    symbol = next(c for c in house.text if c in cp.TRIGRAMS)
    assert all(house.box[0] <= b.box[0] and b.box[2] <= house.box[2] and house.box[1] <= b.box[1]
               and b.box[3] <= house.box[3] for b in house.strokes)
    yin = cp.TRIGRAMS.index(symbol)
    assert len(house.strokes) == sum(2 if yin >> i & 1 else 1 for i in range(3))
