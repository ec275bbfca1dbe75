"""防非避訟 (ch. 95, FB), 鬥毆爭競 (96, DO), 興詞舉訟 (97, XC).

A lawsuit of one's own: the 世 is oneself and the 應 the other party (DO-01 「應克世者他勝，世克應者我贏」), 父母
the plaint and 官鬼 the court (XC-01 「官父同興公庭有理，父官克世受屈含冤」).  Avoiding one: 子孫 protects and
官鬼 threatens (FB-01/02); a moving 子孫 or one on the 世 means no lawsuit comes.  For another's lawsuit the
catalogue reads that person's line and the general reading applies; for another's trouble FB-01/02's signs of the
世 and the 應 (「世動克應我興詞，應克世爻他有訟」, 鬼持世, 鬼克世) are not read, the 子孫's are.  A moving 父, 官, 財
or 子孫 named as striking (父官克世, 財與子孫克破文書官鬼, 鬼克世) strikes only with the force chapters 1–34 grant it
(``common.harming``).
"""

from __future__ import annotations

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Move,
    Place,
    R,
    States,
    T,
    empty,
    harming,
    moving,
    place_of,
)
from core.chart.chart import Chart
from core.findings import Effect, Finding, finding
from core.question import Horizon, Question, Subject, horizon_of


def lawsuit_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    if question.subject not in (None, Subject.self):
        return ChapterReading()
    moves: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    day, month = chart.moment.day.branch.element, chart.moment.month_branch.element
    # DO-01 日月克身我必受辱 … 應克世者他勝，世克應者我贏 … 世空破世動化退我心怯焉，應動應旺化進神他得勢耳
    if day.overcomes is ws.element or month.overcomes is ws.element:
        moves.append(Move("DO-01", "do_day_month_strike_me", (wp,), "-1", "-1"))
    if resp.element.overcomes is world.element and (resp.moving or rs.hidden_movement or rs.vigour.strong):
        moves.append(Move("DO-01", "do_other_wins", (rp, wp), "", "≤小凶"))
    elif world.element.overcomes is resp.element and (world.moving or ws.vigour.strong):
        moves.append(Move("DO-01", "do_i_win", (wp, rp), "", "≥小吉"))
    if empty(ws) or (world.moving and T.化退神 in world.transformations):
        moves.append(Move("DO-01", "do_i_back_down", (wp,), "≤小凶", "≤小凶"))
    if resp.moving and T.化進神 in resp.transformations:
        moves.append(Move("DO-01", "do_other_gains", (rp,), "", "-1"))
    # XC-01 官父同興公庭有理，父官克世受屈含冤 … 財與子孫發動克破文書官鬼亦不成之
    parents, ghosts = moving(chart, R.父母), moving(chart, R.官鬼)
    if parents and ghosts:
        moves.append(Move("XC-01", "xc_court_upholds_me", tuple(LINE_PLACES[x.position] for x in parents + ghosts),
                          "", "+1"))
    # 父官克世: a moving 父 or 官 with the force to strike the 世 (``harming``: chapters 1–34's 雖有如無)
    near = horizon_of(question) is not Horizon.far
    strikers = [x for x in harming(chart, states, parents + ghosts, wp, near) if x.element.overcomes is world.element]
    if strikers:
        moves.append(Move("XC-01", "xc_wronged", (LINE_PLACES[strikers[0].position], wp), "", "-1"))
    # 財與子孫發動克破文書官鬼: the 財 strikes the 父, the 子孫 the 官 — each with the force to (``harming``)
    if harming(chart, states, moving(chart, R.妻財), place_of(chart, R.父母), near) or harming(
            chart, states, moving(chart, R.子孫), place_of(chart, R.官鬼), near):
        found.append(finding("XC-01", "xc_suit_does_not_form", Effect.NEUTRAL, 0, ()))
    # DO-02 子孫發動子孫持世爭不成
    if moving(chart, R.子孫) or world.relation is R.子孫:
        found.append(finding("DO-02", "do_no_fight", Effect.GOOD, 1, (wp,)))
    return ChapterReading(tuple(found), tuple(moves))


def avoid_lawsuit_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """防非避訟章 FB-01/02: will a lawsuit or trouble come — 子孫 keeps it off, 官鬼 brings it."""
    moves: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws = states.world
    wp, rp = ws.place, LINE_PLACES[resp.position]
    ghosts = [x for x in chart.lines if x.relation is R.官鬼]
    # the 世 is the asker and the 應 the other party (FB-01 「世動克應我興詞，應克世爻他有訟」): the signs that read
    # them so hold for one's own trouble; asked for another, the 世 is not the one threatened
    own = question.subject in (None, Subject.self)
    near = horizon_of(question) is not Horizon.far
    # 鬼克世: a moving 鬼 with the force to strike the 世 (``harming``)
    striking = [x for x in harming(chart, states, moving(chart, R.官鬼), wp, near) if x.element.overcomes is world.element]
    if moving(chart, R.子孫) or world.relation is R.子孫:
        moves.append(Move("FB-02", "fb_child_keeps_trouble_off", (wp,), "=吉", "=吉"))  # 必不成非
    elif own and (world.relation is R.官鬼 or striking
                  or (resp.moving and resp.element.overcomes is world.element)):
        moves.append(Move("FB-02", "fb_lawsuit_comes", (wp,), "=凶", "=凶"))  # 定然成訟
    elif ghosts and all(empty(states[LINE_PLACES[x.position]]) for x in ghosts):
        moves.append(Move("FB-01", "fb_ghost_empty", tuple(LINE_PLACES[x.position] for x in ghosts), "≥小吉",
                          "≥小吉"))  # 喜官居空破
    # FB-01 世動克應我興詞，應克世爻他有訟
    if not own:
        pass
    elif world.moving and world.element.overcomes is resp.element:
        found.append(finding("FB-01", "fb_i_will_sue", Effect.NEUTRAL, 0, (wp, rp)))
    elif resp.element.overcomes is world.element:
        found.append(finding("FB-01", "fb_he_will_sue", Effect.NEUTRAL, 0, (rp, wp)))
    return ChapterReading(tuple(found), tuple(moves))
