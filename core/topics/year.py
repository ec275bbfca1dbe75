"""年時豐歉 (NS, seed 000 lines 3–33): the year's harvest, weather and calamities."""

from __future__ import annotations

from core.chart.chart import Chart, Spirit
from core.chart.ganzhi import Element
from core.chart.relations import Stage, overcomes
from core.findings import Finding, Layer, Place
from core.topics.common import (
    _GHOST_CALAMITY,
    BAD,
    GOOD,
    NEUTRAL,
    W_DETAIL,
    W_MAIN,
    W_MINOR,
    W_RULE,
    W_STRONG,
    W_SUPPORT,
    R,
    _at,
    _best,
    _fallen,
    _finding,
    _helpers,
    _lines,
    _moving,
    _of_line,
    _ranked,
    _Subject,
    direction_of,
)

# ==== 年時豐歉 (NS, lines 3–33): 以身世為主，財福為憑 =====================================================

def year_reading(chart: Chart) -> tuple[Finding, ...]:
    """The year's harvest, weather, plague and regions (NS-01…NS-13)."""
    wealth = _best(chart, R.妻財, hidden=True)  # grain (NS-08, NS-09)
    out: list[Finding] = []
    out += _ns_plenty(chart)
    out += _ns_famine(chart)
    out += _ns_weather(chart)
    out += _ns_drought(chart)
    out += _ns_flood(chart)
    out += _ns_calamities(chart)
    out += _ns_fields(chart)
    out += _ns_harvest(chart, wealth)
    out += _ns_flourish_or_suffer(chart, wealth)
    out += _ns_regions(chart)
    out += _ns_snake(chart)
    out += _ns_year_line(chart)
    return _ranked(out)


def _ns_plenty(chart: Chart) -> list[Finding]:
    """NS-01: 子孫/妻財 strong or on 世, 身 or 太歲 promise plenty."""
    out: list[Finding] = []
    lines, year = chart.lines, chart.moment.year_branch
    # NS-01: 子孫/妻財 旺相, or on 世 / 身 / the 太歲 line → 五穀豐登.
    for ln in lines:
        if ln.relation not in (R.子孫, R.妻財):
            continue
        grounds = [g for g, ok in (("旺相", ln.standing.strong), ("世", ln.world), ("身", ln.branch is chart.body),
                                   ("太歲", year is not None and ln.branch is year)) if ok]
        if grounds:
            out.append(_finding("NS-01", "ns_plenty", GOOD, W_MAIN if "旺相" in grounds else W_RULE, (_at(ln),),
                                relation=ln.relation, branch=ln.branch, grounds=" ".join(grounds)))
    return out


def _ns_famine(chart: Chart) -> list[Finding]:
    """NS-02: 兄弟 and 官鬼 moving together, or on 太歲 holding 世: famine."""
    out: list[Finding] = []
    lines, year = chart.lines, chart.moment.year_branch
    # NS-02: 兄弟 and 官鬼 both moving (交重) → famine; or 兄/官 on the 太歲 line holding 世.
    bro, ghost = _moving(chart, R.兄弟), _moving(chart, R.官鬼)
    if bro and ghost:
        out.append(_finding("NS-02", "ns_famine", BAD, W_STRONG, map(_at, bro + ghost)))
    if year is not None:
        for ln in lines:
            if ln.relation in (R.兄弟, R.官鬼) and ln.branch is year and ln.world:
                out.append(_finding("NS-02", "ns_famine_year_world", BAD, W_MAIN, (_at(ln),),
                                    relation=ln.relation, branch=ln.branch))
    return out


def _ns_weather(chart: Chart) -> list[Finding]:
    """NS-03: 水 and 火 at rest or moving say the weather; all at rest, peace."""
    out: list[Finding] = []
    lines, moving = chart.lines, chart.moving
    # NS-03: 水 and 火 lines at rest → no drought, no flood; 水 moving → rain, 火 moving → clear skies;
    # all lines at rest with yin and yang balanced (3:3) → 國泰民安.
    water_fire = [ln for ln in lines if ln.element in (Element.水, Element.火)]
    if not any(ln.moving for ln in water_fire):
        out.append(_finding("NS-03", "ns_weather_calm", GOOD, W_RULE, map(_at, water_fire)))
        if not moving and sum(ln.yang for ln in lines) == 3:
            out.append(_finding("NS-03", "ns_state_peace", GOOD, W_SUPPORT))
    for ln in water_fire:
        if ln.moving:
            water = ln.element is Element.水
            out.append(_finding("NS-03a" if water else "NS-03b", "ns_rain" if water else "ns_clear", NEUTRAL,
                                W_MINOR, (_at(ln),), branch=ln.branch))
    return out


def _ns_drought(chart: Chart) -> list[Finding]:
    """NS-04: all yang with 火 moving and 父母 void or cut: 亢旱, unless quenched."""
    out: list[Finding] = []
    lines, moving = chart.lines, chart.moving
    # NS-04: 純陽 + 火 moving + 父母 空/絕 → 亢旱, unless the fire 化水 or the chart 化陰 (turns mostly yin).
    fire_moving = [ln for ln in moving if ln.element is Element.火]
    parents = _best(chart, R.父母, hidden=True)
    if all(ln.yang for ln in lines) and fire_moving and parents is not None and (
            parents.standing.void or parents.standing.stage is Stage.絕):
        changed_yin = chart.changed is not None and chart.changed.bits.bit_count() < 3
        quenched = any(ln.changed is not None and ln.changed.element is Element.水 for ln in fire_moving)
        places = [*map(_at, fire_moving), parents.place]
        if quenched or changed_yin:
            out.append(_finding("NS-04", "ns_drought_averted", NEUTRAL, W_SUPPORT, places))
        else:
            out.append(_finding("NS-04", "ns_drought", BAD, W_STRONG, places))
    return out


def _ns_flood(chart: Chart) -> list[Finding]:
    """NS-05: all yin with 水 moving, no 子孫 or 父母 moving: flood."""
    out: list[Finding] = []
    lines, moving = chart.lines, chart.moving
    # NS-05: 純陰 + 水 moving + (no 子孫, or 父母 moving) → flood; the water 化 a 火 (yang) line → flood then drought.
    water_moving = [ln for ln in moving if ln.element is Element.水]
    if (not any(ln.yang for ln in lines) and water_moving
            and (not _lines(chart, R.子孫) or _moving(chart, R.父母))):
        to_fire = any(ln.changed is not None and ln.changed.element is Element.火 for ln in water_moving)
        out.append(_finding("NS-05", "ns_flood_then_drought" if to_fire else "ns_flood", BAD, W_STRONG,
                            map(_at, water_moving)))
    return out


def _ns_calamities(chart: Chart) -> list[Finding]:
    """NS-06: a still 官鬼 means no calamity; a moving one names it (a-g)."""
    out: list[Finding] = []
    ghost = _moving(chart, R.官鬼)
    # NS-06: 官鬼 at rest → no calamity; moving, its element and spirit say which (a-g).
    ghosts = _lines(chart, R.官鬼)
    if ghosts and not ghost:
        out.append(_finding("NS-06", "ns_ghost_still", GOOD, W_RULE, map(_at, ghosts)))
    for ln in ghost:
        w = W_RULE + (1 if ln.standing.strong else 0)
        el, here = ln.element, (_at(ln),)
        if el is Element.金:
            out.append(_finding("NS-06a", "ns_ghost_metal", BAD, w, here, branch=ln.branch))
            if ln.spirit is Spirit.白虎:
                out.append(_finding("NS-06a", "ns_war", BAD, W_MAIN, here, branch=ln.branch, spirit=ln.spirit))
        elif el is Element.木:
            out.append(_finding("NS-06b", "ns_ghost_wood", BAD, w, here, branch=ln.branch))
        elif el is Element.火:
            if ln.changed is not None and ln.changed.element is Element.水:
                out.append(_finding("NS-06c", "ns_ghost_fire_quenched", NEUTRAL, W_MINOR,
                                    (*here, Place(Layer.CHANGED, ln.position)), branch=ln.branch))
            else:
                out.append(_finding("NS-06c", "ns_ghost_fire", BAD, w, here, branch=ln.branch))
        elif el is Element.土:
            out.append(_finding("NS-06d", "ns_ghost_earth", BAD, w, here, branch=ln.branch))
        else:
            out.append(_finding("NS-06e", "ns_ghost_water", BAD, w, here, branch=ln.branch))
        if ln.spirit is Spirit.玄武:
            out.append(_finding("NS-06f", "ns_bandits", BAD, W_RULE, here, branch=ln.branch, spirit=ln.spirit))
        if el in (Element.金, Element.土):
            out.append(_finding("NS-06g", "ns_insects", BAD, W_SUPPORT, here, branch=ln.branch))
    for ln in _moving(chart, R.子孫):
        if ln.changed is not None and ln.changed.relation is R.官鬼:
            out.append(_finding("NS-06g", "ns_insects", BAD, W_SUPPORT,
                                (_at(ln), Place(Layer.CHANGED, ln.position)), branch=ln.branch))
    return out


def _ns_fields(chart: Chart) -> list[Finding]:
    """NS-07: 勾陳, the fields, on a void line: barren fields."""
    out: list[Finding] = []
    # NS-07: 勾陳 (the fields) on a void line → barren fields.
    for ln in chart.lines:
        if ln.spirit is Spirit.勾陳 and ln.standing.void:
            out.append(_finding("NS-07", "ns_fields_barren", BAD, W_RULE, (_at(ln),), branch=ln.branch))
    return out


def _ns_harvest(chart: Chart, wealth: _Subject | None) -> list[Finding]:
    """NS-08, NS-08a: grain cut with 兄弟 moving, silkworms void with 官鬼 moving."""
    out: list[Finding] = []
    bro, ghost = _moving(chart, R.兄弟), _moving(chart, R.官鬼)
    # NS-08: 妻財 (grain) at 絕 + 兄弟 moving → no harvest.  NS-08a: 子孫 (silkworms) void + 官鬼 moving.
    if wealth is not None and wealth.standing.stage is Stage.絕 and bro:
        out.append(_finding("NS-08", "ns_no_harvest", BAD, W_MAIN, (wealth.place, *map(_at, bro))))
    offspring = _best(chart, R.子孫, hidden=True)
    if offspring is not None and offspring.standing.void and ghost:
        out.append(_finding("NS-08a", "ns_silkworms_lost", BAD, W_RULE, (offspring.place, *map(_at, ghost))))
    return out


def _ns_flourish_or_suffer(chart: Chart, wealth: _Subject | None) -> list[Finding]:
    """NS-09, NS-09a: line 1 and grain thriving; 世 and line 2 ruined."""
    out: list[Finding] = []
    lines = chart.lines

    # NS-09: line 1 (all things) and 妻財 (grain) both 生扶旺相 → all flourish.
    # NS-09a: 世 (地氣) and line 2 (黎民) both 空/破/絕 → famine or disaster.
    def thriving(s: _Subject) -> bool:
        return not s.standing.month_break and (s.standing.strong or "日" in _helpers(chart, s))

    def ruined(s: _Subject) -> bool:
        return _fallen(s.standing) or s.standing.stage is Stage.絕

    first = _of_line(lines[0])
    if wealth is not None and thriving(first) and thriving(wealth):
        out.append(_finding("NS-09", "ns_all_flourish", GOOD, W_MAIN, (first.place, wealth.place)))
    if ruined(_of_line(chart.world)) and ruined(_of_line(lines[1])):
        out.append(_finding("NS-09a", "ns_people_suffer", BAD, W_MAIN, (_at(chart.world), _at(lines[1]))))
    return out


def _ns_regions(chart: Chart) -> list[Finding]:
    """NS-10 (directions by NS-11): where dearth and where plenty."""
    out: list[Finding] = []
    # NS-10 (directions by NS-11): 兄弟/官鬼 mark dearth where they sit (worse 旺動, milder 休囚); 妻財/子孫 plenty.
    for ln in chart.lines:
        w = W_SUPPORT if (ln.standing.strong and ln.moving) else W_MINOR if ln.standing.strong else W_DETAIL
        if ln.relation in (R.兄弟, R.官鬼):
            calamity = _GHOST_CALAMITY[ln.element] if ln.relation is R.官鬼 else None
            out.append(_finding("NS-10", "ns_region_dearth", BAD, w, (_at(ln),), direction=direction_of(ln.branch),
                                relation=ln.relation, branch=ln.branch, calamity=calamity))
        elif ln.relation in (R.妻財, R.子孫):
            out.append(_finding("NS-10", "ns_region_plenty", GOOD, w, (_at(ln),),
                                direction=direction_of(ln.branch), relation=ln.relation, branch=ln.branch))
    return out


def _ns_snake(chart: Chart) -> list[Finding]:
    """NS-12: 騰蛇 on 火 brings measles and pox, on 金 uncanny things."""
    out: list[Finding] = []
    # NS-12: 騰蛇 on a 火 line → measles and pox; on a 金 line → uncanny things.
    for ln in chart.lines:
        if ln.spirit is Spirit.螣蛇 and ln.element in (Element.火, Element.金):
            key = "ns_pox" if ln.element is Element.火 else "ns_uncanny"
            out.append(_finding("NS-12", key, BAD, W_MINOR, (_at(ln),), branch=ln.branch))
    return out


def _ns_year_line(chart: Chart) -> list[Finding]:
    """NS-13: the 太歲 line moving, and the year against 世."""
    out: list[Finding] = []
    year, moving = chart.moment.year_branch, chart.moving
    # NS-13: the 太歲 line moving with 兄/官/白虎 → calamity everywhere; with 財/福/青龍 → peace everywhere;
    # the year overcoming 世 → calamity.  (大煞 劫煞 貴人 天喜 天赦 need the 神煞 tables: not read here.)
    if year is not None:
        for ln in moving:
            if ln.branch is not year:
                continue
            if ln.relation in (R.兄弟, R.官鬼) or ln.spirit is Spirit.白虎:
                out.append(_finding("NS-13", "ns_year_line_evil", BAD, W_MAIN, (_at(ln),),
                                    relation=ln.relation, spirit=ln.spirit))
            elif ln.relation in (R.妻財, R.子孫) or ln.spirit is Spirit.青龍:
                out.append(_finding("NS-13", "ns_year_line_good", GOOD, W_MAIN, (_at(ln),),
                                    relation=ln.relation, spirit=ln.spirit))
        if overcomes(year.element, chart.world.element):
            out.append(_finding("NS-13", "ns_year_overcomes_world", BAD, W_RULE, (_at(chart.world),),
                                year=year))
    return out
