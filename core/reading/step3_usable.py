"""Step 3 of a reading: can a line act — now, later (and from which branch on), or never.

The book's first question of any key line (the use-god, its 元神 and 忌神): 真空 and a static 月破 with no
support are empty to the end (XK2-02, YP-03); a void line that is strong, moving or supported only waits for its
clash or its 出空 (XK2-02, XK2-05, YQ-08), and the day's clash fills it now (XK2-08); a moving line the day or the
month combines is tied until clashed (LH-03, HJ-16); a line in a tomb comes out when the tomb is clashed, if it
has force (YQ-05, SG-02/03, HJ-31); a hidden line comes out only under FS-03 and never under FS-04.

Choices where the chapters disagree (written here, named in the issue note):
- 月破: 月破章 (YP-03) over 002's 月建章 "爻逢月破而無功" and 卷首 JS-02 "百無所為" — a moving 破 line acts, a
  changed one waits for 出月, and only a static one with no support is broken to the end.
- 日破 (AD-01): of no use, and the book names no recovery, so never.
- void and 月破 at once is void to the end (XK2-02 "月破為空"), like 真空.
- a changed line the month breaks waits for 出月 (YP-03, L767 「目下雖破，出月則不破」; XK2-05, L697 「出月而不為
  破」) before its 絕 on the day is weighed: both passages make its 破 a matter of the month alone, to be read after
  it (明夷之豐's 化出 午, cut and struck by the 亥 day, illustrates).
"""

from __future__ import annotations

from enum import StrEnum

from core.chart.actors import acting_lines, actor_at
from core.chart.chart import Chart, DayRelation, MonthRelation
from core.chart.ganzhi import Branch
from core.chart.relations import Stage, clash_of, clashes, harmony_of, overcomes, stage
from core.findings import Layer, Place
from core.reading.step2_state import State, States, Vigour
from core.values import value


class Usable(StrEnum):
    now = "now"
    later = "later"
    never = "never"


@value
class Usability:
    """Whether the line can act, the rule that says so, and the branches from which a waiting line acts."""

    place: Place
    usable: Usable
    rule: str
    key: str
    at: tuple[Branch, ...] = ()  # for ``later``: the branches (clash, fill, 出空 …) that release it
    open_question: bool = False  # a weak static void: it fills only if the whole picture is good (XK2-07)


def _hidden(chart: Chart, states: States, s: State) -> Usability:
    """FS-03 (usable) against FS-04 (never comes out); FS-06 for a strong void 伏神."""
    p = s.place
    fly = states[Place(Layer.LINE, p.position)]
    h = actor_at(chart, p)
    st = h.standing
    assert st is not None
    month, day = chart.moment.month_branch, chart.moment.day.branch
    movers = acting_lines(chart)
    by_month_day = not {MonthRelation.臨月建, MonthRelation.月生}.isdisjoint(st.month) or \
        not {DayRelation.臨日, DayRelation.日生}.isdisjoint(st.day)
    fly_struck = (fly.month_break or fly.void or fly.day_break or not fly.vigour.strong or fly.tomb is not None
                  or any(a.layer in (Layer.MONTH, Layer.DAY) or a.layer is Layer.LINE for a in fly.attacks)
                  or clashes(day, fly.branch))
    fly_presses = overcomes(fly.element, s.element) and fly.vigour.strong
    struck_by_time = st.month_break or MonthRelation.月克 in st.month or DayRelation.日克 in st.day \
        or clashes(day, s.branch)
    entombed = stage(s.element, day) in (Stage.墓, Stage.絕) or stage(s.element, month) in (Stage.墓, Stage.絕) \
        or stage(s.element, fly.branch) in (Stage.墓, Stage.絕)
    usable_sign = by_month_day or s.in_season or any(m.element.generates is s.element for m in movers) \
        or Place(Layer.LINE, p.position) in s.supports or fly_struck
    if not s.vigour.strong and not usable_sign:
        return Usability(p, Usable.never, "FS-04", "hidden_never_out")
    if struck_by_time and not by_month_day:
        return Usability(p, Usable.never, "FS-04", "hidden_struck_by_time")
    if not s.vigour.strong and (s.void or s.month_break):
        return Usability(p, Usable.never, "FS-04", "hidden_weak_and_empty")
    if fly_presses and not fly_struck:
        return Usability(p, Usable.never, "FS-04", "hidden_pressed_down")
    if entombed and not by_month_day and not s.in_season:
        return Usability(p, Usable.never, "FS-04", "hidden_entombed")
    if s.void:
        return Usability(p, Usable.later, "FS-06", "hidden_leaves_void", (s.branch,))
    return Usability(p, Usable.now, "FS-03", "hidden_comes_out")


def usability(chart: Chart, states: States, place: Place) -> Usability:
    """Can the thing at ``place`` act, and when (the table of §0.3 step 3 of the doctrine rules), from its state."""
    s = states[place]
    p = place
    if p.layer in (Layer.MONTH, Layer.DAY):
        return Usability(p, Usable.now, "FS-01", "month_or_day_rules")
    if p.layer is Layer.HIDDEN:
        return _hidden(chart, states, s)
    if s.true_void:
        return Usability(p, Usable.never, "XK2-02", "true_void_never")
    if s.month_break and not s.moving and s.vigour is Vigour.失陷 and p.layer is not Layer.CHANGED:
        return Usability(p, Usable.never, "YP-03", "broken_to_the_end")
    if s.month_break and p.layer is Layer.CHANGED:
        # XK2-05 (L697) 「出月而不為破」, YP-03 (L767) 「目下雖破，出月則不破」: a changed line the month breaks is
        # broken only while the month lasts, before any 絕 on the day is weighed
        return Usability(p, Usable.later, "XK2-05", "changed_broken_waits", (harmony_of(s.branch), s.branch))
    if s.day_break:
        return Usability(p, Usable.never, "AD-01", "day_broken_useless")
    if s.real_tomb:
        return Usability(p, Usable.never, "SG-02", "real_tomb")
    if s.cut and not s.vigour.strong and s.attacks:
        return Usability(p, Usable.never, "HJ-54", "cut_weak_and_struck")
    if s.void and not s.void_filled:
        if s.not_void:
            return Usability(p, Usable.later, "XK2-02", "void_waits", (s.branch, clash_of(s.branch)))
        return Usability(p, Usable.later, "XK2-07", "void_waits_for_the_whole", (s.branch,), True)
    if s.month_break:
        # YP-03: a moving 破 line still acts, weakened; a changed one (化破) or a static one with support waits
        # for 出月, its 合 or 填實.
        if s.moving:
            return Usability(p, Usable.now, "YP-03", "broken_but_moving")
        return Usability(p, Usable.later, "YP-03", "broken_waits", (harmony_of(s.branch), s.branch))
    if s.tied:
        return Usability(p, Usable.later, "LH-03", "tied_waits_for_clash", (clash_of(s.branch),))
    if s.tomb is not None and not s.tomb_broken:
        return Usability(p, Usable.later, "YQ-05", "tomb_waits_for_clash", (clash_of(s.tomb),))
    if s.void_filled:
        return Usability(p, Usable.now, "XK2-08", "void_clashed_full")
    return Usability(p, Usable.now, "TT-01", "acts_now")
