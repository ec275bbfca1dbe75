"""A chart as monospace text, as the classics lay it out (top line first), within a phone's line.

The primary and the changed hexagram are two blocks, one above the other, so a chart is at most ``WIDTH`` cells
wide in every language.  Columns are padded by display width (East Asian wide and fullwidth characters take two
cells); the grid uses only ASCII and wide characters, never an ambiguous-width one (━ ○ × → are two cells in a
CJK terminal and one elsewhere), so it lines up wherever the font is monospace.  Ambiguous characters in free
text (the pinyin of an English hexagram name) are counted as one cell, as every non-CJK terminal shows them.

Labels are the canonical terms (the characters the texts use) or, localized, each tradition's terms; the grid
takes the short forms of the relations and spirits (``bot.render.i18n.short``) so that English fits too.  The labels
are built here once for the text and the picture (``bot.render.chart_picture``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache

from bot.render.dates import moment_text
from bot.render.i18n import _, short
from core.chart.chart import Chart, Line, Spirit, Standing
from core.chart.ganzhi import Branch, Stem
from core.chart.hexagram import Hexagram, Relation, relation

WIDTH = 40  # cells: a phone's monospace line
YANG = "-----"
YIN = "-- --"
MOVING = {9: "o", 6: "x"}  # 老陽 ○ and 老陰 ×, in ASCII
ARROW = "->"
INDENT = "  "
POSITIONS = ("初爻", "二爻", "三爻", "四爻", "五爻", "上爻")
SHORT_TERMS = tuple(r.value for r in Relation) + tuple(s.value for s in Spirit)  # what ``short`` covers

Label = Callable[[str], str]


def _same(word: str) -> str:
    return word


@lru_cache(maxsize=8192)
def width(text: str) -> int:
    """Display width in a monospace terminal: East Asian wide and fullwidth characters take two cells, combining
    marks none, everything else (ambiguous characters included) one.  Remembered: a chart measures the same few
    hundred labels (the relations, the sixty 干支, the spirits) some three hundred times."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, cells: int) -> str:
    return text + " " * max(0, cells - width(text))


def joined(label: str, chars: str) -> str:
    """A word and the characters it names: "官鬼庚戌土", "Officer 庚戌土" (a space after a word in letters)."""
    return f"{label}{chars}" if not label or width(label[-1]) == 2 else f"{label} {chars}"


def ganzhi(stem: Stem, branch: Branch) -> str:
    """干支 and the branch's element: 庚戌土."""
    return f"{stem.name}{branch.name}{branch.element.name}"


def changed_yao(chart: Chart, line: Line) -> tuple[str, Stem, Branch]:
    """The changed hexagram's line at this position (六親, stem, branch): the change of a moving line, else the
    changed hexagram's own line, its 六親 counted from the primary palace (NJ-08)."""
    if line.changed is not None:
        return line.changed.relation.value, line.changed.stem, line.changed.branch
    assert chart.changed is not None
    stem, branch = chart.changed.najia[line.position - 1]
    return relation(chart.hexagram.element, branch.element).value, stem, branch


def world_mark(h: Hexagram, position: int, t: Label) -> str:
    """世 or 應 on this line of ``h``, else nothing."""
    return t("世") if h.world == position else t("應") if h.response == position else ""


def house(h: Hexagram, t: Label) -> str:
    """The hexagram's palace, generation and 六沖/六合: "坎宮 五世"."""
    flags = "".join(" " + t(f) for f, on in (("六沖", h.six_clash), ("六合", h.six_harmony)) if on)
    return f"{t(h.palace.name)}{t('宮')} {t(h.generation.value)}{flags}"


def hex_head(h: Hexagram, t: Label) -> str:
    """The hexagram's name and house: "雷火豐（坎宮 五世）", in brackets as the language writes them."""
    if t is _same:
        return f"{t(h.name)}（{house(h, t)}）"
    return _("{name} ({house})").format(name=t(h.name), house=house(h, t))


def position_label(n: int, t: Label) -> str:
    """A line's position opening a row of the chart: 上爻, 상효, "Top line"."""
    word = t(POSITIONS[n - 1])
    return word[:1].upper() + word[1:]


def colon(t: Label) -> str:
    """After a line's name, before its standing: "戌：休囚" as the books write it, "戌: Weak" in English or Korean."""
    return "：" if t is _same else _(": ")


def pillars(chart: Chart) -> dict[str, str]:
    """The pillars as the books write them, by unit in the order written: 甲辰年 丙寅月 戊申日 庚申時, or for a
    book's case "辰月 戊申日" (and its year's branch)."""
    m = chart.moment
    year, month, day = _("年"), _("月"), _("日")
    if m.month is None:
        out = {"month": m.month_branch.name + month, "day": str(m.day) + day}
        if m.year_branch is not None and m.year is None:
            out["year"] = m.year_branch.name + year
        return out
    return {unit: f"{p}{word}" for unit, p, word in (("year", m.year, _("年")), ("month", m.month, _("月")),
                                                     ("day", m.day, _("日")), ("hour", m.hour, _("時")))
            if p is not None}


def void_label(chart: Chart, t: Label) -> str:
    return f"{t('旬空')} {''.join(b.name for b in chart.moment.void)}"


def body_label(chart: Chart, t: Label) -> str:
    return f"{t('卦身')} {chart.body.name}"


# 增刪卜易 生旺墓絕章: "余得驗者，只驗生旺墓絕，其餘不驗，不必用之" — of the twelve stages only these are read.
READ_STAGES = frozenset({"長生", "帝旺", "墓", "絕"})
_GLOSS = re.compile(r" \([^()]*[\u3400-\u9fff][^()]*\)$")  # "Weak (休囚)": the grid above shows the characters


def standing_words(st: Standing, t: Label) -> list[str]:
    """What the month and the day make of a line, in the order the books judge: 旺衰, 月, 日, 旬空, and the stage
    when it is one the book reads (``READ_STAGES``); a term's gloss in characters is left to the grid."""
    parts = [st.month_state] + [r.value for r in st.month if r.value != "月破"]
    parts += [r.value for r in st.day]
    if st.day_clash is not None:
        parts.append(st.day_clash.value)
    if st.void:
        parts.append("旬空")
    if st.stage.name in READ_STAGES:
        parts.append(st.stage.name)
    return [_GLOSS.sub("", t(p)) for p in parts]


def wrap(units: Sequence[str], lead: str = "", indent: str = INDENT, cells: int = WIDTH) -> list[str]:
    """Units joined by spaces into lines of at most ``cells``, the first line after ``lead``, the others after
    ``indent``; a unit breaks only where it is longer than a line (at its spaces, else anywhere)."""
    lines: list[str] = []
    current = lead
    for unit in units:
        for piece in _pieces(unit, cells - width(indent)):
            glued = not current.strip() or current.endswith(("：", ": "))  # "戌：休囚", as the books write it
            candidate = f"{current}{piece}" if glued else f"{current} {piece}"
            if width(candidate) <= cells:
                current = candidate
            else:
                lines.append(current.rstrip())
                current = indent + piece
    if current.strip():
        lines.append(current)
    return lines


def _pieces(unit: str, cells: int) -> list[str]:
    if width(unit) <= cells:
        return [unit]
    out: list[str] = []
    current = ""
    for word in unit.split(" "):
        while width(word) > cells:  # no space to break at: cut by characters
            cut = max(i for i in range(1, len(word) + 1) if width(word[:i]) <= cells)
            if current:
                out.append(current)
                current = ""
            out.append(word[:cut])
            word = word[cut:]
        candidate = f"{current} {word}" if current else word
        if width(candidate) <= cells:
            current = candidate
        else:
            out.append(current)
            current = word
    return out + ([current] if current else [])


def grid(rows: Sequence[Sequence[str]], glued: frozenset[int] = frozenset()) -> list[str]:
    """Rows of cells, each column padded to its widest cell by display width, one space between columns; a column
    empty in every row is left out, and a column in ``glued`` follows the one before it without the space where
    that one's words end in wide characters ("官鬼庚戌土", but "Officer 庚戌土")."""
    cols = [max(width(r[i]) for r in rows) for i in range(len(rows[0]))]
    seps = [" "] * len(cols)
    for i in glued:
        if all(width(r[i - 1][-1:]) == 2 for r in rows if r[i - 1]):
            seps[i] = ""
    out = []
    for row in rows:
        kept = [i for i in range(len(cols)) if cols[i]]
        out.append("".join((seps[i] if n else "") + pad(row[i], cols[i]) for n, i in enumerate(kept)).rstrip())
    return out


def yao_cells(relation_name: str, stem: Stem, branch: Branch, s: Label) -> list[str]:
    """六親 and 干支 五行 as two cells of the grid (the second glued to the first)."""
    return [s(relation_name), ganzhi(stem, branch)]


PRIMARY_GLUED = frozenset({2, 8})  # the 干支 after the 六親, of the line and of the 伏神 (at the row's end)
CHANGED_GLUED = frozenset({2})


def primary_rows(chart: Chart, t: Label, s: Label, *, hidden: bool) -> list[list[str]]:
    """The primary hexagram's lines, top first: 六神, 六親 干支, the line, its moving mark, 世/應, and at the end
    the 伏神 (empty cells without ``hidden``): at the end, a line without one pads nothing."""
    rows = []
    for line in reversed(chart.lines):
        h = line.hidden if hidden else None
        cells = [s(line.spirit.value)]
        cells += yao_cells(line.relation.value, line.stem, line.branch, s)
        cells += [YANG if line.yang else YIN, MOVING.get(line.value, ""), world_mark(chart.hexagram, line.position, t)]
        cells += [joined(t("伏"), "") if h else ""] + (yao_cells(h.relation.value, h.stem, h.branch, s) if h else ["", ""])
        rows.append(cells)
    return rows


def changed_rows(chart: Chart, t: Label, s: Label) -> list[list[str]]:
    """The changed hexagram's lines, top first: an arrow where the line moved, 六親 干支, the line, 世/應."""
    c = chart.changed
    assert c is not None
    return [[ARROW if line.moving else "", *yao_cells(*changed_yao(chart, line), s),
             YANG if c.yang(line.position) else YIN, world_mark(c, line.position, t)] for line in reversed(chart.lines)]


def _hidden_lines(chart: Chart, t: Label, s: Label) -> list[str]:
    """The 伏神 listed under the block, where a column of them would not fit the line."""
    rows = [[position_label(line.position, t), *yao_cells(line.hidden.relation.value, line.hidden.stem,
                                                        line.hidden.branch, s)]
            for line in reversed(chart.lines) if line.hidden is not None]
    return [t("伏神")] + [INDENT + row for row in grid(rows, CHANGED_GLUED)] if rows else []


def _facts(chart: Chart, t: Label) -> list[str]:
    """Each line's standing, top first; its change and its 伏神 on the lines after it."""
    out = []
    for line in reversed(chart.lines):
        lead = f"{position_label(line.position, t)} {line.branch.name}{colon(t)}"
        out += wrap(standing_words(line.standing, t), lead=lead)
        if line.changed is not None:
            out += wrap(standing_words(line.changed.standing, t)
                        + [_GLOSS.sub("", t(x.value)) for x in line.transformations],
                        lead=INDENT + joined(t("變"), line.changed.branch.name) + colon(t), indent=INDENT * 2)
        if line.hidden is not None:
            out += wrap(standing_words(line.hidden.standing, t),
                        lead=INDENT + joined(t("伏"), line.hidden.branch.name) + colon(t), indent=INDENT * 2)
    return out


def render_chart(chart: Chart, t: Label = _same) -> str:
    """The whole chart as monospace text, at most ``WIDTH`` cells a line; ``t`` renders the classical terms
    (identity: the canonical ones; any other: the current language's, short forms in the grid)."""
    s: Label = _same if t is _same else short
    m = chart.moment
    out = []
    if m.local is not None:
        out += wrap([moment_text(m.local), m.tz or ""])
    out += wrap(list(pillars(chart).values()))
    out += wrap([void_label(chart, t) + "　" + body_label(chart, t)])
    out += [""] + wrap([t("本卦"), hex_head(chart.hexagram, t)])
    with_hidden = grid(primary_rows(chart, t, s, hidden=True), PRIMARY_GLUED)
    fits = max(width(row) for row in with_hidden) <= WIDTH
    out += with_hidden if fits else grid(primary_rows(chart, t, s, hidden=False), PRIMARY_GLUED)
    if not fits:
        out += _hidden_lines(chart, t, s)
    if chart.changed is not None:
        out += [""] + wrap([t("變卦"), hex_head(chart.changed, t)])
        if chart.changes:
            out += wrap([t(x.value) for x in chart.changes])
        out += grid(changed_rows(chart, t, s), CHANGED_GLUED)
    return "\n".join(out)


def render_standings(chart: Chart, t: Label = _same) -> str:
    """What the month and the day make of each line, top first (its change and its 伏神 after it): the reading
    gives it after the answer, so that the chart and the answer fit one screen."""
    return "\n".join(_facts(chart, t))
