"""A chart laid out as the classics print it: top line first, primary and changed hexagrams side by side.

Labels are the canonical terms (the characters the texts use), which every practitioner in the four markets
reads; localized labels come with the bot's catalogs.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from bot.i18n import _
from core.chart import Chart, Line, Standing, Yao
from core.ganzhi import Branch
from core.hexagram import Hexagram, relation

YANG = "━━━━━"
YIN = "━━ ━━"
_POSITION = ("初", "二", "三", "四", "五", "上")


def width(text: str) -> int:
    """Display width in a monospace terminal: East Asian wide characters take two cells."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, cells: int) -> str:
    return text + " " * max(0, cells - width(text))


Label = Callable[[str], str]


def _same(word: str) -> str:
    return word


def _yao(y: Yao | Line, t: Label = _same) -> str:
    return f"{t(y.relation.value)}{y.stem.name}{y.branch.name}{y.element.name}"


def _hex_head(h: Hexagram, t: Label) -> str:
    flags = "".join(" " + t(f) for f, on in (("六沖", h.six_clash), ("六合", h.six_harmony)) if on)
    return f"{t(h.name)}（{t(h.palace.name)}{t('宮')} {t(h.generation.value)}{flags}）"


def _standing(st: Standing, t: Label) -> str:
    parts = [st.month_state] + [r.value for r in st.month if r.value != "月破"]
    parts += [r.value for r in st.day]
    if st.day_clash is not None:
        parts.append(st.day_clash.value)
    if st.void:
        parts.append("旬空")
    parts.append(st.stage.name)
    return " ".join(t(p) for p in parts)


def render_chart(chart: Chart, t: Label = _same) -> str:
    """The whole chart as monospace text; ``t`` renders the classical terms (identity: the canonical ones)."""
    m = chart.moment
    h, c = chart.hexagram, chart.changed
    pillars = " ".join(
        f"{p}{unit}" for p, unit in ((m.year, _("年")), (m.month, _("月")), (m.day, _("日")), (m.hour, _("時")))
        if p is not None
    )
    if m.month is None:
        pillars = f"{m.month_branch.name}月 {m.day}日" + (f" {m.year_branch.name}年" if m.year_branch is not None and m.year is None else "")
    out = []
    if m.local is not None:
        out.append(f"{m.local.strftime('%Y-%m-%d %H:%M')} {m.tz}")
    out.append(f"{pillars}　{t('旬空')} {''.join(b.name for b in m.void)}　{t('卦身')} {chart.body.name}")
    out.append(_hex_head(h, t) + (f" → {_hex_head(c, t)}" if c else ""))
    if chart.changes:
        out.append(" ".join(t(x.value) for x in chart.changes))
    out.append("")
    cells_hidden = max([width(_yao(ln.hidden, t)) + 2 for ln in chart.lines if ln.hidden]
                       + [width(t("伏神")) + 2])
    spirit_cells = max(width(t(ln.spirit.value)) for ln in chart.lines)
    yao_cells = max(width(_yao(ln, t)) for ln in chart.lines)
    mark_cells = max(width(t("世")), width(t("應")), 2)
    rows = []
    for line in reversed(chart.lines):
        mark = {9: "○", 6: "×"}.get(line.value, " ")
        sw = "世" if line.world else "應" if line.response else "　"
        hidden = _yao(line.hidden, t) if line.hidden else ""
        row = (f"{pad(t(line.spirit.value), spirit_cells)}  {pad(hidden, cells_hidden)}{pad(_yao(line, t), yao_cells)} "
               f"{YANG if line.yang else YIN} {mark} {pad(t(sw) if sw != '　' else '', mark_cells)}")
        if c is not None:
            i = line.position - 1
            c_stem, c_branch = c.najia[i]
            c_yang = c.yang(line.position)
            label = _yao(line.changed, t) if line.changed else (
                f"{t(_relation_in(chart, c_branch))}{c_stem.name}{c_branch.name}{c_branch.element.name}")
            c_sw = "世" if c.world == line.position else "應" if c.response == line.position else "　"
            arrow = "→" if line.moving else "  "
            row += f"  {arrow}  {label} {YANG if c_yang else YIN} {t(c_sw) if c_sw != '　' else c_sw}"
        rows.append(row)
    head = f"{pad(t('六神'), spirit_cells)}  {pad(t('伏神'), cells_hidden)}{t('本卦')}"
    out.append(head)
    out.extend(rows)
    out.append("")
    for line in reversed(chart.lines):
        facts = f"{t(_POSITION[line.position - 1] + '爻')} {line.branch.name}：{_standing(line.standing, t)}"
        if line.changed is not None:
            facts += f"｜{t('變')}{line.changed.branch.name}：{_standing(line.changed.standing, t)}"
            if line.transformations:
                facts += "｜" + " ".join(t(x.value) for x in line.transformations)
        if line.hidden is not None:
            facts += f"｜{t('伏')}{line.hidden.branch.name}：{_standing(line.hidden.standing, t)}"
        out.append(facts)
    return "\n".join(out)


def _relation_in(chart: Chart, branch: Branch) -> str:
    """六親 of a display-only changed-column branch, counted from the primary palace (NJ-08)."""
    return relation(chart.hexagram.element, branch.element).value
