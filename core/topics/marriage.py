"""婚姻嫁娶 (HY, seed 000 lines 159–197): the match by 內外 世應 and 陰陽 財鬼."""

from __future__ import annotations

from core.chart.chart import Chart, Line, Transformation
from core.chart.chart import HexagramTransformation as HT
from core.chart.relations import Stage, clashes, generates, harmonizes, overcomes
from core.findings import Finding, Layer, Place
from core.rules import source
from core.topics.common import (
    _CONFLICT_SPOUSE,
    _ELEMENT_ORGAN,
    _LINE_PART,
    _TRIGRAM_PART,
    _YANG_TRIGRAMS,
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
    Sex,
    _at,
    _best,
    _clashed,
    _conflict,
    _element_strong,
    _fallen,
    _finding,
    _helpers,
    _lines,
    _moving,
    _of_line,
    _punished,
    _ranked,
    _sex,
    _Subject,
    _trigram_of,
)
from core.topics.matchmaker import _between
from core.values import value

# ==== 婚姻嫁娶 (HY, lines 159–197): 以內外世應為主，陰陽財鬼為憑 ==================================================

def _polarity(first_yang: bool, second_yang: bool) -> str:
    """A husband/wife pair: 得位 (陽 then 陰), 交錯 (陰 then 陽), or 純陽/純陰."""
    if first_yang != second_yang:
        return "得位" if first_yang else "交錯"
    return "純陽" if first_yang else "純陰"


@value
class _Match:
    """What the rules of a marriage (HY) read: the chart, the querent's sex, before or
    after the wedding, 世 and 應, and the best 妻財, 官鬼 and the querent's spouse."""

    chart: Chart
    sex: Sex | None
    married: bool | None
    wl: Line
    rl: Line
    wealth: _Subject | None      # the wife
    officer: _Subject | None     # the husband
    spouse: _Subject | None      # 財 for a man, 官鬼 for a woman (HY-04, HY-10)


def marriage_reading(chart: Chart, sex: Sex | str | None = None, *,
                     married: bool | None = None) -> tuple[Finding, ...]:
    """A marriage: 內外 and 世應 as husband and wife (flagged against 002), 財 and 官鬼 as wife and husband.

    ``sex`` is the querent's (HY-04, HY-10); ``married`` tells after-the-wedding charts from before (HY-14).
    """
    sex = _sex(sex)
    wealth, officer = _best(chart, R.妻財), _best(chart, R.官鬼)
    spouse = {Sex.男: wealth, Sex.女: officer}.get(sex) if sex else None
    c = _Match(chart, sex, married, chart.world, chart.response, wealth, officer,
               spouse)
    out: list[Finding] = []
    out += _hy_pure(c)
    out += _hy_in_place(c)
    out += _hy_spouses_present(c)
    out += _hy_spouse_strength(c)
    out += _hy_families(c)
    out += _hy_husband_and_wife(c)
    out += _hy_matchmakers(c)
    out += _hy_offspring(c)
    out += _hy_illness(c)
    out += _hy_bond(c)
    out += _hy_gifts(c)
    out += _hy_unwilling(c)
    out += _hy_six_harmony_or_clash(c)
    out += _hy_harmony_and_clash(c)
    out += _hy_passage(c)
    out += _hy_bride_character(c)
    out.append(_conflict("HY-02", _CONFLICT_SPOUSE))
    return _ranked(out)


def _hy_pure(c: _Match) -> list[Finding]:
    """HY-01: an all-yang or all-yin chart widows the man or the woman."""
    out: list[Finding] = []
    lines = c.chart.lines
    # HY-01: 純陽 → the man widowed; 純陰 → the woman widowed.
    if all(ln.yang for ln in lines):
        out.append(_finding("HY-01", "hy_pure_yang", BAD, W_STRONG))
    elif not any(ln.yang for ln in lines):
        out.append(_finding("HY-01", "hy_pure_yin", BAD, W_STRONG))
    return out


def _hy_in_place(c: _Match) -> list[Finding]:
    """HY-02: 陰陽 of 內外 and 世應 as husband and wife (flagged against 002)."""
    out: list[Finding] = []
    h, wl, rl = c.chart.hexagram, c.wl, c.rl
    # HY-02: 內卦 husband / 外卦 wife, 世 husband / 應 wife: 陽 on the husband's side and 陰 on the wife's = 得位.
    pair_gua = _polarity(h.lower in _YANG_TRIGRAMS, h.upper in _YANG_TRIGRAMS)
    pair_line = _polarity(wl.yang, rl.yang)
    states = {pair_gua, pair_line}
    pure = {"純陽", "純陰"}
    if states == {"得位"}:
        key, eff, w = "hy_in_place", GOOD, W_STRONG          # 百年和合
    elif states <= pure:
        key, eff, w = "hy_no_union", BAD, W_STRONG           # 純陰不生，純陽不化
    elif "得位" in states and states & pure:
        key, eff, w = "hy_half_good", NEUTRAL, W_SUPPORT     # 半吉
    elif "得位" in states:
        key, eff, w = "hy_in_place_crossed", GOOD, W_SUPPORT  # one pair 得位 (text: 或), the other 交錯
    else:
        key, eff, w = "hy_crossed", NEUTRAL, W_SUPPORT       # 陰陽交錯，夫妻半遂其心
    out.append(_finding("HY-02", key, eff, w, (_at(wl), _at(rl)), trigrams=pair_gua, world_response=pair_line,
                        conflict_002=_CONFLICT_SPOUSE))
    return out


def _hy_spouses_present(c: _Match) -> list[Finding]:
    """HY-03: 官鬼 is the husband, 妻財 the wife: both present, or one missing."""
    out: list[Finding] = []
    chart = c.chart
    # HY-03: 官鬼 husband, 妻財 wife: both present → grow old together; one missing → one without the other.
    wealth_lines, ghost_lines = _lines(chart, R.妻財), _lines(chart, R.官鬼)
    if wealth_lines and ghost_lines:
        out.append(_finding("HY-03", "hy_both_present", GOOD, W_MAIN, map(_at, wealth_lines + ghost_lines)))
    if not wealth_lines:
        out.append(_finding("HY-03", "hy_no_wife", BAD, W_MAIN))
    if not ghost_lines:
        out.append(_finding("HY-03", "hy_no_husband", BAD, W_MAIN))
    return out


def _hy_spouse_strength(c: _Match) -> list[Finding]:
    """HY-04: the spouse's line should be strong (only with the querent's sex)."""
    out: list[Finding] = []
    sex, spouse = c.sex, c.spouse
    # HY-04: a man needs 財 旺; a woman 官鬼 旺相.
    if spouse is not None:
        strong = spouse.standing.strong
        who = "bride" if sex is Sex.男 else "groom"
        out.append(_finding("HY-04", f"hy_{who}_strong" if strong else f"hy_{who}_weak",
                            GOOD if strong else BAD, W_MAIN if strong else W_RULE, (spouse.place,)))
    return out


def _hy_families(c: _Match) -> list[Finding]:
    """HY-05: the two families' wealth, by 世/應 and by the trigram of 官鬼/財."""
    out: list[Finding] = []
    chart, m, wl, rl = c.chart, c.chart.moment, c.wl, c.rl
    wealth, officer = c.wealth, c.officer
    # HY-05: 世 man's family, 應 woman's: 旺 rich, 衰 poor.  Also: the trigram holding 官鬼 (財) is the man's
    # (woman's) family, the line the person: 卦旺官衰 rich family plain groom … 卦衰財旺 poor family lovely bride.
    if wl.standing.strong != rl.standing.strong:
        out.append(_finding("HY-05", "hy_families", NEUTRAL, W_DETAIL, (_at(wl), _at(rl)),
                            man="富" if wl.standing.strong else "貧", woman="富" if rl.standing.strong else "貧"))
    for s, key in ((officer, "hy_groom_house"), (wealth, "hy_bride_house")):
        if s is None or s.place.layer is not Layer.LINE:
            continue
        house = _element_strong(_trigram_of(chart, s.position).element, m.month_branch)
        if house != s.standing.strong:
            out.append(_finding("HY-05", key, NEUTRAL, W_DETAIL, (s.place,),
                                family="富" if house else "貧", looks="平" if house else "秀"))
    return out


def _hy_husband_and_wife(c: _Match) -> list[Finding]:
    """HY-06: 官 and 財 void, cut or fallen shorten the husband's or wife's life."""
    out: list[Finding] = []
    chart, wealth, officer = c.chart, c.wealth, c.officer
    # HY-06: 官 喜生 忌絕 (絕 → the husband lost), 鬼空 → not long-lived; 財 宜旺 忌空, 財陷 → the wife not long-lived.
    if officer is not None:
        ost = officer.standing
        if ost.void:
            out.append(_finding(source("HY-06", 167), "hy_husband_void", BAD, W_MAIN, (officer.place,)))
        if ost.stage is Stage.絕 or Transformation.化絕 in officer.transformations:
            out.append(_finding("HY-06", "hy_husband_cut", BAD, W_MAIN, (officer.place,)))
        elif _helpers(chart, officer):
            out.append(_finding("HY-06", "hy_husband_supported", GOOD, W_SUPPORT, (officer.place,)))
    if wealth is not None:
        if _fallen(wealth.standing):
            out.append(_finding("HY-06", "hy_wife_fallen", BAD, W_MAIN, (wealth.place,)))
        elif wealth.standing.strong:
            out.append(_finding("HY-06", "hy_wife_strong", GOOD, W_SUPPORT, (wealth.place,)))
    return out


def _hy_matchmakers(c: _Match) -> list[Finding]:
    """HY-07: the 間爻 are the two matchmakers, useless or able."""
    out: list[Finding] = []
    chart = c.chart
    # HY-07: 間爻 are the matchmakers, the one by 世 the man's, by 應 the woman's: 空/絕 useless, 旺/生 able.
    for ln, side in zip(_between(chart), (Sex.男, Sex.女)):
        s = _of_line(ln)
        if _fallen(s.standing) or s.standing.stage is Stage.絕:
            out.append(_finding("HY-07", "hy_go_between_weak", BAD, W_MINOR, (_at(ln),), side=side))
        elif s.standing.strong or _helpers(chart, s):
            out.append(_finding("HY-07", "hy_go_between_able", GOOD, W_MINOR, (_at(ln),), side=side))
    return out


def _hy_offspring(c: _Match) -> list[Finding]:
    """HY-08 (and HY-16's 通關 by 財): 子孫, the heirs, should be still and strong."""
    out: list[Finding] = []
    chart = c.chart
    # HY-08: 子孫 (heirs) 宜靜 (moving 刑夫, unless 財 moves too: HY-16), 宜旺 (空 → no son), 絕 → no son unless 生扶.
    offspring = _best(chart, R.子孫)
    wealth_moving = _moving(chart, R.妻財)
    if offspring is not None:
        op, ost = (offspring.place,), offspring.standing
        if offspring.moving:
            if wealth_moving:
                out.append(_finding("HY-16", "hy_offspring_moving_resolved", NEUTRAL, W_SUPPORT,
                                    (*op, *map(_at, wealth_moving))))
            else:
                out.append(_finding("HY-08", "hy_offspring_moving", BAD, W_RULE, op))
        if ost.void:
            out.append(_finding("HY-08", "hy_offspring_void", BAD, W_RULE, op))
        elif ost.stage is Stage.絕:
            helped = _helpers(chart, offspring)
            out.append(_finding("HY-08", "hy_many_children" if helped else "hy_offspring_cut",
                                GOOD if helped else BAD, W_SUPPORT if helped else W_RULE, op))
        elif ost.strong and not offspring.moving:
            out.append(_finding("HY-08", "hy_offspring_sound", GOOD, W_SUPPORT, op))
    return out


def _hy_illness(c: _Match) -> list[Finding]:
    """HY-09: a clashed or ill-changing 財/官鬼 is a sick wife or husband."""
    out: list[Finding] = []
    chart = c.chart
    wealth_lines, ghost_lines = _lines(chart, R.妻財), _lines(chart, R.官鬼)
    # HY-09: 財 化鬼 or 沖 → the wife chronically ill; 官鬼 刑沖 or 化官/化破 → the husband; the line says where.
    for ln in wealth_lines:
        clashed = _clashed(chart, ln.branch) or Transformation.回頭沖 in ln.transformations
        to_ghost = ln.changed is not None and ln.changed.relation is R.官鬼
        if clashed or to_ghost:
            out.append(_finding("HY-09", "hy_wife_ill", BAD, W_RULE, (_at(ln),), part=_LINE_PART[ln.position - 1]))
    for ln in ghost_lines:
        hit = _clashed(chart, ln.branch) or _punished(chart, ln.branch)
        turns = ln.changed is not None and (ln.changed.relation is R.官鬼 or Transformation.化破 in ln.transformations)
        if hit or turns:
            trigram = _trigram_of(chart, ln.position)
            out.append(_finding("HY-09", "hy_husband_ill", BAD, W_RULE, (_at(ln),), part=_LINE_PART[ln.position - 1],
                                trigram_part=_TRIGRAM_PART[trigram], organ=_ELEMENT_ORGAN[ln.element]))
    return out


def _hy_bond(c: _Match) -> list[Finding]:
    """HY-10: 合/生 between 世 and the spouse lasts; 沖/克 parts (with sex)."""
    out: list[Finding] = []
    wl, spouse = c.wl, c.spouse
    # HY-10: the querent (世) and the spouse (財 for a man, 官鬼 for a woman): 合 + 生 → lasting; 沖 + 克 → parting.
    if spouse is not None and spouse.place != _at(wl):
        a, b = wl.branch, spouse.branch
        combined, clashed = harmonizes(a, b), clashes(a, b)
        born = generates(a.element, b.element) or generates(b.element, a.element)
        beaten = overcomes(a.element, b.element) or overcomes(b.element, a.element)
        pp = (_at(wl), spouse.place)
        if combined:
            out.append(_finding("HY-10", "hy_bond_lasting" if born else "hy_bond_combined", GOOD,
                                W_MAIN if born else W_RULE, pp))
        elif clashed:
            out.append(_finding("HY-10", "hy_bond_parting" if beaten else "hy_bond_clashed", BAD,
                                W_MAIN if beaten else W_RULE, pp))
    return out


def _hy_gifts(c: _Match) -> list[Finding]:
    """HY-11: the dowry and the gifts, rich or meagre."""
    out: list[Finding] = []
    wl, rl, wealth, officer = c.wl, c.rl, c.wealth, c.officer
    # HY-11: 旺財 and 旺應 generating 世 → a rich dowry; 衰世 with a 衰官 overcoming 應 → meagre gifts.
    if (wealth is not None and wealth.standing.strong and generates(wealth.element, wl.element)
            and rl.standing.strong and generates(rl.element, wl.element)):
        out.append(_finding("HY-11", "hy_rich_dowry", GOOD, W_MINOR, (wealth.place, _at(rl), _at(wl))))
    if (officer is not None and not wl.standing.strong and not officer.standing.strong
            and overcomes(officer.element, rl.element)):
        out.append(_finding("HY-11", "hy_meagre_gifts", BAD, W_MINOR, (_at(wl), officer.place, _at(rl))))
    return out


def _hy_unwilling(c: _Match) -> list[Finding]:
    """HY-12: a void or clashed 世/應 is a family not keen or changing its mind."""
    out: list[Finding] = []
    chart, wl, rl = c.chart, c.wl, c.rl
    # HY-12: 世 空 or 沖破 → the man's family not keen; 應 空, 沖 or moving → the woman's family changes its mind.
    if wl.standing.void or _clashed(chart, wl.branch):
        out.append(_finding("HY-12", "hy_man_unwilling", BAD, W_RULE, (_at(wl),)))
    if rl.standing.void or _clashed(chart, rl.branch) or rl.moving:
        out.append(_finding("HY-12", "hy_woman_unwilling", BAD, W_RULE, (_at(rl),)))
    return out


def _hy_six_harmony_or_clash(c: _Match) -> list[Finding]:
    """HY-13: a 六合 chart is lasting harmony, a 六沖 one discord."""
    out: list[Finding] = []
    h = c.chart.hexagram
    # HY-13: 六合 → lasting harmony; 六沖 (貞悔相沖) → discord.
    if h.six_harmony:
        out.append(_finding("HY-13", "hy_six_harmony", GOOD, W_MAIN))
    if h.six_clash:
        out.append(_finding("HY-13", "hy_six_clash", BAD, W_MAIN))
    return out


def _hy_harmony_and_clash(c: _Match) -> list[Finding]:
    """HY-14: 沖 turning to 合 and 合 to 沖, before and after the wedding."""
    out: list[Finding] = []
    chart, h, wl, rl, married = c.chart, c.chart.hexagram, c.wl, c.rl, c.married
    # HY-14: 沖中化合: before the wedding → no match, after it → reunion; 合 then 沖, a 六合 chart clashed open by
    # the month/day, or 世應財官 化沖 → joy first, discord later.
    if HT.六沖變六合 in chart.changes and married is not None:
        out.append(_finding("HY-14", "hy_reunion" if married else "hy_clash_to_harmony_unmatched",
                            GOOD if married else BAD, W_RULE))
    if HT.六合變六沖 in chart.changes:
        out.append(_finding("HY-14", "hy_harmony_to_clash", BAD, W_RULE))
    if h.six_harmony and (_clashed(chart, wl.branch) or _clashed(chart, rl.branch)):
        out.append(_finding("HY-14", "hy_harmony_clashed_open", BAD, W_SUPPORT, (_at(wl), _at(rl))))
    for ln in chart.moving:
        if (ln.world or ln.response or ln.relation in (R.妻財, R.官鬼)) and Transformation.回頭沖 in ln.transformations:
            out.append(_finding("HY-14", "hy_pair_turns_to_clash", BAD, W_SUPPORT,
                                (_at(ln), Place(Layer.CHANGED, ln.position))))
    return out


def _hy_passage(c: _Match) -> list[Finding]:
    """HY-16 通關: a relation strong or moving without the one it passes through."""
    out: list[Finding] = []
    chart, wealth = c.chart, c.wealth
    ghost_lines = _lines(chart, R.官鬼)
    wealth_moving, ghost_moving = _moving(chart, R.妻財), _moving(chart, R.官鬼)
    # HY-16 通關: 父 旺 with no 兄 → harms children; 財 強 with no 鬼 → harms the in-laws; 父 moving without 兄
    # moving, 財 moving without 鬼 moving, likewise; 兄 moving 克婦 unless 子 moves too.
    parents = _best(chart, R.父母)
    brothers_lines = _lines(chart, R.兄弟)
    if parents is not None and parents.standing.strong and not brothers_lines:
        out.append(_finding("HY-16", "hy_parents_harm_children", BAD, W_SUPPORT, (parents.place,)))
    if wealth is not None and wealth.standing.strong and not ghost_lines:
        out.append(_finding("HY-16", "hy_wealth_harms_inlaws", BAD, W_SUPPORT, (wealth.place,)))
    parents_moving, brothers_moving = _moving(chart, R.父母), _moving(chart, R.兄弟)
    if parents_moving and not brothers_moving:
        out.append(_finding("HY-16", "hy_parents_moving", BAD, W_SUPPORT, map(_at, parents_moving)))
    if wealth_moving and not ghost_moving:
        out.append(_finding("HY-16", "hy_wealth_moving", BAD, W_SUPPORT, map(_at, wealth_moving)))
    if brothers_moving:
        if _moving(chart, R.子孫):
            out.append(_finding("HY-16", "hy_brothers_moving_resolved", NEUTRAL, W_SUPPORT, map(_at, brothers_moving)))
        else:
            out.append(_finding("HY-16", "hy_brothers_moving", BAD, W_RULE, map(_at, brothers_moving)))
    return out


def _hy_bride_character(c: _Match) -> list[Finding]:
    """HY-17: the spirit on 財 gives the bride's nature."""
    out: list[Finding] = []
    lines, wealth = c.chart.lines, c.wealth
    # HY-17: the spirit on 財 gives the bride's nature (咸池/驛馬 need 神煞: not read).
    if wealth is not None and wealth.place.layer is Layer.LINE:
        spirit = lines[wealth.position - 1].spirit
        out.append(_finding("HY-17", "hy_bride_character", NEUTRAL, W_DETAIL, (wealth.place,), spirit=spirit))
    return out
