"""The chart as a picture (PNG), laid out as the classics print it, for a phone's screen.

Top line first, left to right: 六神, 伏神, the primary lines (六親 干支, the line, ○ ×, 世/應), then an arrow
where a line moves and the changed lines; above them the moment (the pillars, 旬空, 卦身) and each hexagram's
name and palace; below them the use-god and the line read with it, which are also marked in the grid.  The
labels are the text chart's (``bot.render.chart_text``), in the current language.

Monospace alignment of CJK text differs between Telegram clients; a picture looks the same on all of them.  It is
laid out first (``layout``: every text with the box it covers, measured with the font, every bar and mark) and
drawn after (``png``), so what is checked is what is drawn: every box inside the image, none over another.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFont

from bot.render import chart_text as ct
from bot.render import fonts
from bot.render.dates import moment_text
from bot.render.i18n import _, current, short, term
from bot.render.korean import particles
from bot.render.reading import place
from core.chart.chart import Chart
from core.chart.hexagram import Hexagram
from core.findings import Layer, Place
from core.reading.pipeline import Reading

CELL, TITLE, SMALL = 36, 42, 27  # font sizes in pixels: the grid, the hexagram names, everything else
MARGIN, GAP, ROW = 40, 20, 62  # the picture's margin, the space between columns, a line's row
LINE_WIDTH = 96  # a yang line; a yin line is two bars with a gap of a fifth of it
PAPER, INK, MUTED, MOVING = "#fbf8f1", "#1d1d1f", "#6e6a64", "#b3261e"
USE_GOD, CO_READ = "#f5cf5b", "#a9cdf2"  # the marks behind the use-god and the line read with it
TRIGRAMS = "☰☱☲☳☴☵☶☷"  # the palace names of the English catalog carry these; the font lacks them, so they are drawn

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Bar:
    """A filled rectangle: a line of a hexagram, a rule, a legend's swatch, a stroke of a drawn trigram."""

    box: Box
    colour: str


@dataclass(frozen=True)
class Text:
    """A label: its text, where its baseline starts, its font and colour, the box its ink covers, and the strokes
    of the trigrams drawn in it."""

    text: str
    x: int
    baseline: int
    size: int
    bold: bool
    colour: str
    box: Box
    strokes: tuple[Bar, ...] = ()


@dataclass
class Picture:
    width: int
    height: int
    texts: list[Text] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    marks: list[Bar] = field(default_factory=list)  # drawn first, behind the labels they mark


@cache
def _font(size: int, bold: bool, lang: str) -> ImageFont.FreeTypeFont:
    found = fonts.find()
    return ImageFont.truetype(str(found.bold if bold else found.regular), size, index=fonts.FACES[lang])


@lru_cache(maxsize=8192)
def _measure(text: str, size: int, bold: bool, lang: str) -> tuple[float, Box]:
    """The advance and the ink box (from the baseline's start) of a run of text; the same words recur in every
    chart (the spirits, the relations, the sixty 干支), so they are measured once."""
    f = _font(size, bold, lang)
    x0, y0, x1, y1 = f.getbbox(text, anchor="ls")
    return f.getlength(text), (round(x0), round(y0), round(x1), round(y1))


@lru_cache(maxsize=8192)
def _segments(text: str) -> tuple[str, ...]:
    """The text cut around the trigram symbols, each of which is drawn rather than typeset (remembered: the same
    labels are measured and drawn in every chart)."""
    out: list[str] = []
    for c in text:
        if c in TRIGRAMS or not out or out[-1][-1] in TRIGRAMS:
            out.append(c)
        else:
            out[-1] += c
    return tuple(out)


class _Typesetter:
    """Measures and places texts in one language, collecting them into a Picture."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.texts: list[Text] = []
        self.bars: list[Bar] = []

    def font(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        return _font(size, bold, self.lang)

    def length(self, text: str, size: int, bold: bool = False) -> int:
        return round(sum(size * 0.9 if s in TRIGRAMS else _measure(s, size, bold, self.lang)[0]
                         for s in _segments(text)))

    def baseline(self, top: int, height: int, size: int) -> int:
        """The baseline that centres a line of this size in a band from ``top``."""
        ascent, descent = self.font(size).getmetrics()
        return top + (height - ascent - descent) // 2 + ascent

    def put(self, text: str, x: int, baseline: int, size: int, *, bold: bool = False, colour: str = INK) -> Text:
        boxes: list[Box] = []
        strokes: list[Bar] = []
        at = float(x)
        for seg in _segments(text):
            if seg in TRIGRAMS:
                boxes.append(self._trigram(seg, round(at), baseline, size, colour, strokes))
                at += size * 0.9
            else:
                advance, (x0, y0, x1, y1) = _measure(seg, size, bold, self.lang)
                boxes.append((round(at) + x0, baseline + y0, round(at) + x1, baseline + y1))
                at += advance
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        label = Text(text, x, baseline, size, bold, colour, box, tuple(strokes))
        self.texts.append(label)
        return label

    @staticmethod
    def _trigram(symbol: str, x: int, baseline: int, size: int, colour: str, strokes: list[Bar]) -> Box:
        """☰ … ☷ as three strokes, top first: Unicode numbers them so that bit 0 is a broken top line."""
        yin = TRIGRAMS.index(symbol)
        w, stroke, step = round(size * 0.7), max(2, size // 10), round(size * 0.22)
        top = baseline - round(size * 0.72)
        for i in range(3):
            y = top + i * step
            if yin >> i & 1:
                half = (w - stroke * 2) // 2
                strokes += [Bar((x, y, x + half, y + stroke), colour), Bar((x + w - half, y, x + w, y + stroke), colour)]
            else:
                strokes.append(Bar((x, y, x + w, y + stroke), colour))
        return (x, top, x + w, top + 2 * step + stroke)

    def wrapped(self, text: str, size: int, limit: int) -> list[str]:
        """``text`` in lines no longer than ``limit`` pixels: broken at spaces, or anywhere in a long word."""
        lines: list[str] = []
        current = ""
        for word in text.split(" "):
            candidate = f"{current} {word}" if current else word
            if self.length(candidate, size) <= limit:
                current = candidate
                continue
            if current:
                lines.append(current)
            current = ""
            for c in word:
                if current and self.length(current + c, size) > limit:
                    lines.append(current)
                    current = ""
                current += c
        return lines + ([current] if current else [])


def _line_bars(x: int, top: int, yang: bool, colour: str) -> list[Bar]:
    y0, y1 = top + ROW // 2 - 7, top + ROW // 2 + 7
    if yang:
        return [Bar((x, y0, x + LINE_WIDTH, y1), colour)]
    half = (LINE_WIDTH - LINE_WIDTH // 5) // 2
    return [Bar((x, y0, x + half, y1), colour), Bar((x + LINE_WIDTH - half, y0, x + LINE_WIDTH, y1), colour)]


@dataclass
class _Column:
    """A column of the grid: its six cells (top line first), its colour per cell, and where it starts in its
    block."""

    cells: list[str]
    colours: list[str]
    gap: int = GAP  # space before it
    bars: list[bool] | None = None  # a line column: yang or yin, top line first
    x: int = 0
    width: int = 0


@dataclass
class _Block:
    """One hexagram's columns under its name, and where the block stands in the picture."""

    hexagram: Hexagram
    cols: dict[str, _Column]
    x: int = 0
    width: int = 0


HEADERS = {"spirit": "六神", "hidden": "伏神", "relation": "本卦", "changed": "變卦"}
CELLS_OF = {Layer.LINE: ("relation", "gz"), Layer.HIDDEN: ("hidden", "hidden_gz"),
            Layer.CHANGED: ("changed", "changed_gz")}
BOLD = frozenset({"world", "changed_world"})
SPLIT = GAP * 3  # between the primary and the changed block side by side
SIDE_BY_SIDE = 1300  # wider than this (English), the changed block goes under the primary one
MIN_WIDTH = 760  # a narrower picture (a chart without moving lines) would be shown small in a chat


def _blocks(chart: Chart, t: ct.Label) -> list[_Block]:
    """The primary block (六神, 伏神, 六親 干支, the line, ○ ×, 世/應) and the changed one (→, 六親 干支, the line,
    世/應), their cells top line first."""
    rows = list(reversed(chart.lines))
    moving = [MOVING if line.moving else INK for line in rows]
    ink = [INK] * 6
    cols: dict[str, _Column] = {"spirit": _Column([short(line.spirit.value) for line in rows], ink, gap=0)}
    if any(line.hidden for line in rows):
        cols["hidden"] = _Column([short(line.hidden.relation.value) if line.hidden else "" for line in rows], ink)
        cols["hidden_gz"] = _Column([ct.ganzhi(line.hidden.stem, line.hidden.branch) if line.hidden else ""
                                     for line in rows], ink, gap=GAP // 2)
    cols["relation"] = _Column([short(line.relation.value) for line in rows], ink)
    cols["gz"] = _Column([ct.ganzhi(line.stem, line.branch) for line in rows], ink, gap=GAP // 2)
    cols["line"] = _Column([""] * 6, moving, bars=[line.yang for line in rows])
    cols["mark"] = _Column([{9: "○", 6: "×"}.get(line.value, "") for line in rows], moving, gap=GAP // 2)
    cols["world"] = _Column([ct.world_mark(chart.hexagram, line.position, t) for line in rows], ink, gap=GAP // 2)
    blocks = [_Block(chart.hexagram, cols)]
    if chart.changed is not None:
        c = chart.changed
        changed = [ct.changed_yao(chart, line) for line in rows]
        blocks.append(_Block(c, {
            "arrow": _Column(["→" if line.moving else "" for line in rows], moving, gap=0),
            "changed": _Column([short(name) for name, _stem, _branch in changed], ink),
            "changed_gz": _Column([ct.ganzhi(stem, branch) for _name, stem, branch in changed], ink, gap=GAP // 2),
            "changed_line": _Column([""] * 6, moving, bars=[c.yang(line.position) for line in rows]),
            "changed_world": _Column([ct.world_mark(c, line.position, t) for line in rows], ink, gap=GAP // 2)}))
    return blocks


def _fit(ts: _Typesetter, block: _Block, t: ct.Label) -> None:
    """Each column as wide as its widest cell; then a text over the grid (the hexagram's name and palace, a
    column's header) runs until the next one over it starts, the column before that one widening to make room."""
    cols = block.cols
    for col in cols.values():
        col.width = LINE_WIDTH if col.bars else max(ts.length(c, CELL) for c in col.cells)
    names = list(cols)
    h = block.hexagram
    over: list[tuple[str, str | None, int]] = [
        (names[0], None, max(ts.length(t(h.name), TITLE, True), ts.length(ct.house(h, t), SMALL)))]
    heads = [name for name in HEADERS if name in cols]
    over += [(name, heads[i + 1] if i + 1 < len(heads) else None, ts.length(t(HEADERS[name]), SMALL))
             for i, name in enumerate(heads)]
    for first, until, need in over:
        end = _place(cols) if until is None else cols[until].x - GAP
        cols[names[names.index(until) - 1] if until else names[-1]].width += max(0, cols[first].x + need - end)
    block.width = _place(cols)


def _place(cols: dict[str, _Column]) -> int:
    """Each column's left edge in its block; returns where the last one ends."""
    x = 0
    for col in cols.values():
        col.x = x + col.gap
        x = col.x + col.width
    return x


def _draw_block(ts: _Typesetter, block: _Block, t: ct.Label, y: int, boxes: dict[tuple[str, int], Box]) -> int:
    """The hexagram's name and palace, the column headers, a rule, then its six lines from ``y``; the labels'
    boxes go into ``boxes`` by column and row.  Returns the bottom of the block."""
    h, x = block.hexagram, block.x
    first = next(iter(block.cols.values()))
    ts.put(t(h.name), x + first.x, ts.baseline(y, 52, TITLE), TITLE, bold=True)
    ts.put(ct.house(h, t), x + first.x, ts.baseline(y + 52, 36, SMALL), SMALL, colour=MUTED)
    y += 52 + 36 + 10
    for name, word in HEADERS.items():
        if name in block.cols:
            ts.put(t(word), x + block.cols[name].x, ts.baseline(y, 36, SMALL), SMALL, colour=MUTED)
    y += 36
    ts.bars.append(Bar((x, y + 3, x + block.width, y + 5), MUTED))
    y += 8
    for i in range(6):
        top = y + i * ROW
        for name, col in block.cols.items():
            if col.bars is not None:
                ts.bars += _line_bars(x + col.x, top, col.bars[i], col.colours[i])
            elif col.cells[i]:
                boxes[name, i] = ts.put(col.cells[i], x + col.x, ts.baseline(top, ROW, CELL), CELL,
                                        bold=name in BOLD, colour=col.colours[i]).box
    return y + 6 * ROW


def layout(reading: Reading) -> Picture:
    """The picture of the reading's chart in the current language, every text and bar placed."""
    chart, t = reading.chart, term
    ts = _Typesetter(current())
    blocks = _blocks(chart, t)
    for block in blocks:
        _fit(ts, block, t)
    side = sum(b.width for b in blocks) + SPLIT * (len(blocks) - 1) + 2 * MARGIN <= SIDE_BY_SIDE
    content = sum(b.width for b in blocks) + SPLIT * (len(blocks) - 1) if side else max(b.width for b in blocks)
    content = max(content, MIN_WIDTH - 2 * MARGIN)
    y, boxes = _moment(ts, chart, t, MARGIN, content)
    y += 14
    blocks[0].x = MARGIN
    if side:
        for before, block in pairwise(blocks):
            block.x = before.x + before.width + SPLIT
        y = max(_draw_block(ts, block, t, y, boxes) for block in blocks)
    else:  # one under the other, the changed lines under the primary ones where they fit
        for block in blocks[1:]:
            shift = blocks[0].cols["relation"].x - block.cols["changed"].x
            block.x = MARGIN + (shift if 0 <= shift <= content - block.width else 0)
        for block in blocks:
            y = _draw_block(ts, block, t, y, boxes) + 28
    y += 16
    marks: list[Bar] = []
    for where, colour, message in ((reading.use_god.place, USE_GOD, _("Use-god: {place}")),
                                   (reading.co_use_god.place if reading.co_use_god else None, CO_READ,
                                    _("Read with it: {place}"))):
        if where is not None:
            marks += _mark(where, colour, boxes)
            y = _legend(ts, particles(message.format(place=place(reading, where))), colour, y, content)
    if chart.changes:
        for text in ts.wrapped(" ".join(t(x.value) for x in chart.changes), SMALL, content):
            ts.put(text, MARGIN, ts.baseline(y, 40, SMALL), SMALL, colour=MOVING)
            y += 40
    return Picture(MARGIN * 2 + content, y + MARGIN, ts.texts, ts.bars, marks)


def _moment(ts: _Typesetter, chart: Chart, t: ct.Label, y: int, content: int
            ) -> tuple[int, dict[tuple[str, int], Box]]:
    """The date and zone, then the pillars, 旬空 and 卦身 flowing over as many rows as they need; returns the
    next row's top and the boxes of the pillars (by unit)."""
    m = chart.moment
    if m.local is not None:  # the date and the zone on one row, or the zone on a row of its own where it is long
        when = f"{moment_text(m.local)} {m.tz or ''}".rstrip()
        for row in [when] if ts.length(when, SMALL) <= content else [moment_text(m.local), m.tz or ""]:
            ts.put(row, MARGIN, ts.baseline(y, 40, SMALL), SMALL, colour=MUTED)
            y += 40
    x = MARGIN
    boxes: dict[tuple[str, int], Box] = {}
    for unit, word in [*ct.pillars(chart).items(), ("void", ct.void_label(chart, t)),
                       ("body", ct.body_label(chart, t))]:
        w = ts.length(word, CELL)
        if x > MARGIN and x + w > MARGIN + content:
            x, y = MARGIN, y + ROW
        boxes[unit, 0] = ts.put(word, x, ts.baseline(y, ROW, CELL), CELL).box
        x += w + GAP * 2
    return y + ROW, boxes


PILLAR_OF = {Layer.MONTH: "month", Layer.DAY: "day"}


def _mark(where: Place, colour: str, boxes: dict[tuple[str, int], Box]) -> list[Bar]:
    """The box behind the use-god (or the line read with it): its cells in the grid, or its pillar."""
    if where.layer in PILLAR_OF:
        found = [boxes[PILLAR_OF[where.layer], 0]]
    else:
        row = 6 - where.position
        found = [boxes[name, row] for name in CELLS_OF[where.layer] if (name, row) in boxes]
    if not found:
        return []
    x0, y0 = min(b[0] for b in found), min(b[1] for b in found)
    x1, y1 = max(b[2] for b in found), max(b[3] for b in found)
    return [Bar((x0 - 8, y0 - 8, x1 + 8, y1 + 8), colour)]


def _legend(ts: _Typesetter, text: str, colour: str, y: int, content: int) -> int:
    """A swatch of the mark's colour and what it marks; returns the next row's top."""
    swatch = 28
    ts.bars.append(Bar((MARGIN, y + 6, MARGIN + swatch, y + 6 + swatch), colour))
    x = MARGIN + swatch + GAP // 2
    for line in ts.wrapped(text, SMALL, content - swatch - GAP // 2):
        ts.put(line, x, ts.baseline(y, 40, SMALL), SMALL)
        y += 40
    return y + 4


def png(picture: Picture) -> bytes:
    """The picture drawn and encoded."""
    return encode_png(draw(picture))


def draw(picture: Picture) -> Image.Image:
    """The picture drawn: marks first, then bars and texts."""
    image = Image.new("RGB", (picture.width, picture.height), PAPER)
    pen = ImageDraw.Draw(image)
    for mark in picture.marks:
        pen.rounded_rectangle(mark.box, radius=10, fill=mark.colour)
    for bar in picture.bars + [stroke for tx in picture.texts for stroke in tx.strokes]:
        pen.rectangle((bar.box[0], bar.box[1], bar.box[2] - 1, bar.box[3] - 1), fill=bar.colour)
    lang = current()
    for tx in picture.texts:
        at = float(tx.x)
        for seg in _segments(tx.text):
            if seg in TRIGRAMS:
                at += tx.size * 0.9
                continue
            whole = math.floor(at)
            ink, dx, dy, advance = _stamp(seg, tx.size, tx.bold, lang, at - whole)
            pen.bitmap((whole + dx, tx.baseline + dy), ink, fill=tx.colour)
            at += advance
    return image


@lru_cache(maxsize=4096)
def _stamp(text: str, size: int, bold: bool, lang: str, fraction: float) -> tuple[Image.Image, int, int, float]:
    """A run of text as FreeType renders it with its origin ``fraction`` of a pixel right of a pixel's edge: its
    ink as a mask, where the mask's corner lies from that pixel on the baseline, and the run's advance.

    Rendering the glyphs was nine tenths of drawing a chart (bench/bench_bot.py), and the same runs recur in every
    chart (the spirits, the relations, the sixty 干支, the names); stamped through the same mask, they give the
    pixels Pillow's ``text`` gives (tests/test_picture_png.py compares them)."""
    f = _font(size, bold, lang)
    left, top, right, bottom = f.getbbox(text, anchor="ls")
    pad = 2  # the box is the ink's at a whole pixel; the fraction and antialiasing reach a pixel beyond it
    dx, dy = math.floor(left) - pad, math.floor(top) - pad
    ink = Image.new("L", (math.ceil(right) - dx + pad + 1, math.ceil(bottom) - dy + pad), 0)
    ImageDraw.Draw(ink).text((fraction - dx, -dy), text, font=f, fill=255, anchor="ls")
    return ink, dx, dy, _measure(text, size, bold, lang)[0]


def encode_png(image: Image.Image) -> bytes:
    """The picture as a PNG, by Pillow's own encoder at zlib's fastest level.

    A chart is encoded once a consultation, in a worker thread: a few milliseconds there are not what a user
    feels, so the library's encoder is used as it is (an earlier hand-written encoder on ISA-L saved CPU at the
    cost of a native dependency and a second PNG writer to keep).
    """
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def caption(chart: Chart) -> str:
    """The photo's caption: the hexagram and what it changes into."""
    return term(chart.hexagram.name) + (f" → {term(chart.changed.name)}" if chart.changed else "")


def render_png(reading: Reading) -> bytes:
    """The reading's chart as a PNG, in the current language."""
    return png(layout(reading))
