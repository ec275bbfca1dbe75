"""The text chart lines up by display width and fits a phone's line, for every hexagram in every language.

The columns are found in the rendered text from what the chart holds (each line's 干支, its line, its mark), not
from the renderer's own cells: a column one cell off, or a row wider than ``WIDTH``, fails.
"""

from __future__ import annotations

import unicodedata

import pytest

from bot.render.chart_text import ARROW, MOVING, WIDTH, YANG, YIN, ganzhi, render_chart, width
from bot.render.i18n import LANGS, term, use
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import Chart, build_chart
from core.chart.hexagram import HEXAGRAMS

# moving patterns, bottom first: none, one line, two, three, all six
PATTERNS = ("000000", "100000", "000010", "010100", "101010", "111111")
MOMENTS = (Moment.parse("2026-03-02 12:00", "Asia/Seoul"), Moment.from_pillars("辰", "戊申"),
           Moment.parse("2024-11-30 23:30", "America/Argentina/Buenos_Aires"))


def casts() -> list[str]:
    """All 64 hexagrams × the moving patterns: a line value 6/9 where the pattern moves, 7/8 elsewhere."""
    out = []
    for h in HEXAGRAMS:
        for pattern in PATTERNS:
            out.append("".join(("9" if h.yang(i + 1) else "6") if pattern[i] == "1" else
                               ("7" if h.yang(i + 1) else "8") for i in range(6)))
    return out


def cells_to(row: str, needle: str) -> int:
    """The display column at which ``needle`` starts in ``row``."""
    return width(row[:row.index(needle)])


def block(text: str, first: int) -> list[str]:
    """The six grid rows that follow the title row at ``first``."""
    rows = text.splitlines()[first + 1:]
    while rows and not any(rows[0].startswith(w) or w in rows[0] for w in (YANG, YIN)):
        rows.pop(0)  # a wrapped title or the hexagram's changes (反吟 …)
    return rows[:6]


def check(chart: Chart, text: str, lang: str) -> None:
    lines = text.splitlines()
    wide = [row for row in lines if width(row) > WIDTH]
    assert not wide, f"{lang} {chart.cast.lines_text}: rows wider than {WIDTH} cells: {wide}"
    for row in lines:
        ambiguous = [c for c in row if unicodedata.east_asian_width(c) == "A"]
        grid_row = YANG in row or YIN in row
        assert not (grid_row and ambiguous), f"ambiguous-width characters in a grid row: {row!r} {ambiguous}"
    with use(lang):
        primary_title = next(i for i, row in enumerate(lines) if row.startswith(term("本卦")))
    rows = block(text, primary_title)
    top_first = list(reversed(chart.lines))
    for column in (lambda r, ln: cells_to(r, ganzhi(ln.stem, ln.branch)),
                   lambda r, ln: cells_to(r, YANG if ln.yang else YIN)):
        at = {column(r, ln) for r, ln in zip(rows, top_first)}
        assert len(at) == 1, f"{lang} {chart.cast.lines_text}: a primary column starts at cells {at}:\n{text}"
    for r, ln in zip(rows, top_first):  # the moving mark right after the line (whose column is checked above)
        after = r[r.index(YANG if ln.yang else YIN) + len(YANG):]
        assert after.startswith(f" {MOVING[ln.value]}") if ln.moving else after.strip(" ")[:1] not in ("o", "x"), r
    hidden = [(r, ganzhi(ln.hidden.stem, ln.hidden.branch)) for r, ln in zip(rows, top_first) if ln.hidden]
    if all(gz in r for r, gz in hidden):  # beside their lines, in one column
        assert len({cells_to(r, gz) for r, gz in hidden}) <= 1, f"{lang}: the hidden lines are not in one column"
    else:  # listed under the block, every one of them
        assert not any(gz in r for r, gz in hidden), f"{lang}: some hidden lines in the grid, some not:\n{text}"
        with use(lang):
            listed = lines[lines.index(term("伏神")):]
        assert all(any(gz in row for row in listed) for _r, gz in hidden), text
    if chart.changed is None:
        return
    with use(lang):
        changed_title = next(i for i, row in enumerate(lines) if row.startswith(term("變卦")))
    rows = block(text, changed_title)
    stems = [chart.changed.najia[ln.position - 1] for ln in top_first]
    for column in (lambda r, i: cells_to(r, ganzhi(*stems[i])),
                   lambda r, i: cells_to(r, YANG if chart.changed.yang(top_first[i].position) else YIN)):
        at = {column(r, i) for i, r in enumerate(rows)}
        assert len(at) == 1, f"{lang} {chart.cast.lines_text}: a changed column starts at cells {at}:\n{text}"
    assert [r.startswith(ARROW) for r in rows] == [ln.moving for ln in top_first]


@pytest.mark.parametrize("lang", LANGS)
def test_every_hexagram_lines_up_within_a_phones_line(lang: str) -> None:
    for n, lines in enumerate(casts()):
        chart = build_chart(parse_cast(lines), MOMENTS[n % len(MOMENTS)])
        with use(lang):
            text = render_chart(chart, term)
        check(chart, text, lang)


def test_the_canonical_chart_lines_up_too() -> None:
    for n, lines in enumerate(casts()):
        chart = build_chart(parse_cast(lines), MOMENTS[n % len(MOMENTS)])
        check(chart, render_chart(chart), "zh_Hant")


def test_the_hidden_lines_leave_the_grid_only_where_they_would_not_fit() -> None:
    """雷山小過 hides 妻財 and 子孫: beside their lines in Chinese, listed under the block in English (a column
    of them would pass 40 cells), and shown either way."""
    chart = build_chart(parse_cast("787788"[::-1]), MOMENTS[0])
    hidden = [ln for ln in chart.lines if ln.hidden is not None]
    assert hidden
    with use("zh_Hant"):
        text = render_chart(chart, term)
    pairs = [(ln, ln.hidden) for ln in hidden if ln.hidden is not None]
    for ln, h in pairs:
        row = next(r for r in text.splitlines() if ganzhi(ln.stem, ln.branch) in r and (YANG in r or YIN in r))
        assert ganzhi(h.stem, h.branch) in row  # 伏神 beside its 飛神
    with use("en"):
        text = render_chart(chart, term)
        listed = text.splitlines().index(term("伏神"))
        for ln, h in pairs:
            named = term(f"{'初二三四五上'[ln.position - 1]}爻").capitalize()  # "Second line", opening its row
            assert any(ganzhi(h.stem, h.branch) in r and r.strip().startswith(named)
                       for r in text.splitlines()[listed:listed + 3])


def test_display_width_counts_wide_characters_twice() -> None:
    assert width("官鬼庚戌土") == 10 and width("Officer 庚戌土") == 14 and width("-- --") == 5
    assert width("Fēng") == 4  # a precomposed pinyin vowel is one cell
    assert width("Fe\u0304ng") == 4  # and so is a vowel with a combining macron
