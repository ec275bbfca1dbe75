"""求財 (ch. 68, QC), 謁貴求財 (69, YG), 開行開店 (71, KH), 囤貨賣貨 (73, DH) with 賣貨宜守宜動 (74, MD: the goods'
``move`` aspect), 借貸 (77, JD), 放債索債 (78, FZ), 博戲 (80, BX).  A shop's 應 is the partner, or the customers when
asked so (KH-01 「須在來人之念」: the ``customers`` aspect, KH-03).

求財章 is the model the trade chapters refer to (「與求財章同斷」): 妻財 the use-god, 子孫 its 元神, 兄弟 the 忌神.
What moves together decides (QC-03, QC-05, QC-07, QC-11, QC-12): a moving 兄 robs unless a moving 子孫 turns it
into a source or a moving 官 restrains it; a moving 官 with a static 兄 only drains the 財 and brings quarrels.
Every formed 三合 frame is read by its 六親 (QC-14: 財/子孫 with the 世 全美, 父 toil, 兄 losses, 鬼 quarrels).
A 兄 on the 世 is the general JS-17 (QC-09 is J: the author warns against rigidity), read by the overrides; a 兄
bearing the year's branch costs a step (QC-15, the cast's own year).  謁貴: the patron's warm welcome (YG-03) comes
before the bars.

Choices: QC-05's 「父動克福神」 is read as a cap (≤小凶), since its effect runs through the 子孫 and the text gives
no rescue; a 兄 moving alone is 凶 (「水中撈月」).  BX-01 gives no 世/應 克 rule; by the analogy the catalogue names
(DO-01 應克世者他勝，世克應者我贏) it is read so.  放債/索債 takes 妻財 as use-god, the money lent (求財章's
「公私占卜皆以財為用神」, L320), with the 應 as the debtor (FZ-01).

A moving 兄 (or 父, 官) harms the 財 only with the force chapters 1–34 grant it (``common.harming``: tied, 化退,
struck by its own change, 貪生忘克, entombed — 雖有如無), and a moving 子孫 feeds it only when it can (``feeding``).
The signs that read the 世 as the asker and the 應 as the other party (JD-01's borrower and lender, FZ-01, BX-01
「首重世應」, KH-02's partner, KH-04's 克世 and 世與財空) hold for one's own matter; asked for another, the 世 is
the asker and they are not read.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.chapters.common import (
    LINE_PLACES,
    ChapterReading,
    Move,
    Place,
    R,
    Stage,
    States,
    T,
    Unit,
    bad_change,
    birth_of,
    branch_at_stage,
    changes_into,
    clash_of,
    clashes,
    cut_off,
    empty,
    feeding,
    generates,
    harming,
    harmonizes,
    line_at,
    lines_of,
    moving,
    place_of,
    timing,
    tomb_of,
    weak,
)
from core.chart.chart import Chart, Line
from core.chart.combinations import frames
from core.chart.relations import harmony_of
from core.findings import Effect, Finding, Layer, Timing, finding
from core.question import Aspect, Horizon, Question, Subject, horizon_of


def _places(lines: Iterable[Line]) -> tuple[Place, ...]:
    return tuple(LINE_PLACES[x.position] for x in lines)


def _own(question: Question) -> bool:
    """The asker asks of his own matter: the 世 is he and the 應 the other party."""
    return question.subject in (None, Subject.self)


def _unit(question: Question) -> Unit:
    return Unit.MONTH if horizon_of(question) is Horizon.far else Unit.DAY


def wealth_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """求財章: the moving relations, the 財 on the 世, and the days of a money too strong or of many robbers."""
    moves: list[Move] = []
    found: list[Finding] = []
    times: list[Timing] = []
    sib, child, office, wealth, parent = (moving(chart, r) for r in (R.兄弟, R.子孫, R.官鬼, R.妻財, R.父母))
    # HJ-34 (L1376) 「兄爻持世化出財爻而得財」, 野鶴's exception to 忌臨身: the 兄 on the 世 that turns into the 財
    # brings the money (the overrides read it so) and is no robber here either
    sib = tuple(x for x in sib if not (x.world and changes_into(x, R.妻財)))
    # a moving 兄, 父 or 官 harms only with the force to strike (chapters 1–34: tied, retreating, struck by its own
    # change … it is there and does nothing, 雖有如無); the help of 子孫 and 官 against 兄 is read as they move
    near = horizon_of(question) is not Horizon.far
    robbing, parent = harming(chart, states, sib, use, near), harming(chart, states, parent, use, near)
    draining = harming(chart, states, office, use, near)
    world = chart.world
    wp = LINE_PLACES[world.position]
    # QC-04 財與子孫爻俱不現於卦中，或現於卦中又值休囚空破墓絕，或被刑沖克害，求則無益; 倘得日月為財，或伏而旺者，
    # 亦可求也.  Choice: 「現於卦中又值 …」 is every line of the relation 休囚 and void or broken, in a real tomb, 絕 or
    # struck (a strong line resists a 克, ch. 1–34; one merely 休囚 is not yet 「無」); 「伏而旺」 is a 財 not in the
    # hexagram, hidden and strong
    present = lines_of(chart, R.妻財) + lines_of(chart, R.子孫)
    if all(weak(s) and (bool(s.attacks) or empty(s) or s.real_tomb or cut_off(s))
           for s in (states[LINE_PLACES[x.position]] for x in present)):
        day_month = {chart.moment.month_branch.element, chart.moment.day.branch.element}
        hidden = [x.hidden for x in chart.lines if x.hidden is not None and x.hidden.relation is R.妻財]
        rescued = chart.hexagram.element.overcomes in day_month or (
            not lines_of(chart, R.妻財) and any(h.standing.strong for h in hidden))
        if rescued:
            found.append(finding("QC-04", "qc_fallen_but_rescued" if present else "qc_wealth_from_day_month_or_hidden",
                                 Effect.GOOD, 1, _places(present)))
        else:
            moves.append(Move("QC-04", "qc_wealth_and_source_fallen" if present else "qc_no_wealth_no_source",
                              _places(present), "", "=凶"))
    if sib:
        if child:
            # QC-03 倘若得子孫與兄弟同動，又為可喜，兄動生子 (with 財 too: 接續相生, more so)
            moves.append(Move("QC-03", "qc_sibling_feeds_child", _places(sib + child), "", "+1"))
        elif office:
            # QC-03/QC-07 兄爻與財爻同動而官鬼亦動者，亦許得財，以官鬼克制兄爻之故耳
            moves.append(Move("QC-07", "qc_office_checks_sibling", _places(sib + office), "", "+1"))
        elif wealth and robbing:
            moves.append(Move("QC-03", "qc_wealth_and_sibling_move", _places(robbing + wealth), "-1", "-1"))
        elif robbing and not wealth:
            moves.append(Move("QC-05", "qc_sibling_moves", _places(robbing), "", "=凶"))
        if len(sib) >= 2:
            # QC-08 兄爻多者，待兄爻入墓之日，及克損爻之日，必劫其財
            for x in sib[:1]:
                times.append(timing(_unit(question), tomb_of(x.element), "QC-08", "qc_robbers_tomb_day", 4,
                                    (LINE_PLACES[x.position],)))
    elif draining:
        # QC-07 倘卦中兄爻安靜者，又不宜乎鬼動，反曳財爻之氣也。且有口舌
        moves.append(Move("QC-07", "qc_office_moves_drains", _places(draining), "", "-1"))
    if parent and not child and not sib:
        moves.append(Move("QC-05", "qc_parent_moves", _places(parent), "", "≤小凶"))
    # QC-11 財得子動生之，如財之有源也 … 子動化財，財動化子，皆同此斷
    # 「生之」: a 子孫 that cannot feed the 財 (化回頭克, weak and 化絕 …, 002 YN-6) is no source
    feeders = feeding(chart, states, child, use, near)
    sourced = (feeders and lines_of(chart, R.妻財)) or any(changes_into(x, R.妻財) for x in child) \
        or any(changes_into(x, R.子孫) for x in wealth)
    if sourced and not sib:
        moves.append(Move("QC-11", "qc_wealth_has_source", _places(feeders + wealth), "", "+1"))
    # QC-12 財爻持世，兄爻亦動者，不獨劫財，還防傷己，如若鬼動克世者更凶 (by the five elements a 官 never overcomes
    # the 財 世 — it overcomes the palace, which overcomes the 財 — so qc_robbed_and_hurt is kept for the letter only)
    if world.relation is R.妻財 and sib:
        striking = [x for x in office if x.element.overcomes is world.element]
        moves.append(Move("QC-12", "qc_robbed_and_hurt" if striking else "qc_robbed_on_world",
                          (wp,) + _places(sib), "", "=凶" if striking else "-1"))
    # QC-15 (L337) 「歲君逢劫殺，一年生意無聊。劫殺者乃兄弟之爻也，兄臨太歲一年破耗」: a 兄 of the hexagram bearing
    # the year's branch (the 太歲 of the cast's moment) — the year's trade runs to losses; the passage asks no movement
    year = chart.moment.year_branch
    on_year = [x for x in lines_of(chart, R.兄弟) if year is not None and x.branch is year]
    if on_year:
        moves.append(Move("QC-15", "qc_robber_on_the_year", _places(on_year), "-1", "-1"))
    # QC-06 卦中財臨日月，謂之重疊 … 須待財爻入墓之日
    us = states[use]
    if use.layer is Layer.LINE and chart.lines[use.position - 1].relation is R.妻財 and us.on_month_or_day:
        times.append(timing(_unit(question), tomb_of(us.element), "QC-06", "qc_money_on_tomb_day", 6, (use,)))
    f_found, f_moves = _frames_by_relation(chart)
    return ChapterReading(tuple(found + f_found), tuple(moves + f_moves), tuple(times))


def _frames_by_relation(chart: Chart) -> tuple[list[Finding], list[Move]]:
    """QC-14 「世與財爻或與子孫爻三合成局，諸占物追財豐」 and 野鶴 (L336) 「須要在局中或是合成子孫財局生世，方為全美，
    倘如合成父局，勞碌卒苦，合成兄局破耗多端，合成鬼局，口舌災非，克世者更凶」: every formed 三合 frame read by the
    六親 its element is in the palace.  A 財 or 子孫 frame with the 世 inside or generating it is the chapter's 全美
    — a reason shown, since LH-10 already weighs that frame for the 世 in the decision; a 父 frame caps the gain at
    小吉 (toil), a 兄 frame at 小凶 (losses), a 鬼 frame costs a step (quarrels) and, overcoming the 世, caps at 小凶.
    The 世 is named with each frame (the frame is read for the asker, and its moving members are not lines acting
    on their own, ``chapter_reading``'s ``absorbed``)."""
    found: list[Finding] = []
    moves: list[Move] = []
    world = chart.world
    wp = LINE_PLACES[world.position]
    for f in frames(chart):
        if not f.formed:
            continue
        here = (wp, *f.places)
        params = (("frame", "".join(b.name for b in f.frame.members)), ("relation", f.relation.value))
        inside = world.branch in f.frame.members
        if f.relation in (R.妻財, R.子孫):
            if inside or generates(f.element, world.element):
                found.append(finding("QC-14", "qc_frame_feeds_me", Effect.GOOD, 1, here, **dict(params)))
        elif f.relation is R.父母:
            moves.append(Move("QC-14", "qc_frame_toil", here, "", "≤小吉", params))
        elif f.relation is R.兄弟:
            moves.append(Move("QC-14", "qc_frame_losses", here, "≤小凶", "≤小凶", params))
        elif f.element.overcomes is world.element and not inside:
            moves.append(Move("QC-14", "qc_frame_strikes_me", here, "≤小凶", "≤小凶", params))
        else:
            moves.append(Move("QC-14", "qc_frame_quarrels", here, "", "-1", params))
    return found, moves


def loan_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """借貸章 JD-01: the 世 the borrower, the 應 the lender, the 財 the loan."""
    moves: list[Move] = []
    ws, rs, us = states.world, states[LINE_PLACES[chart.hexagram.response]], states[use]
    wp, rp = ws.place, rs.place
    # the 世 the borrower, the 應 the lender: read so for one's own loan (asked for another, the 世 is the asker)
    own = _own(question)
    # 世逢兄，何須開口 — JD-01 restates 忌臨身 (HJ-34 L1375 「占財兄爻為忌神，兄爻持世，求財不獲」) for a loan, and
    # 野鶴's exception there holds here too (L1376 「兄爻持世化出財爻而得財」)
    if own and chart.world.relation is R.兄弟 and not changes_into(chart.world, R.妻財):
        moves.append(Move("JD-01", "jd_sibling_on_world", (wp,), "=凶", "=凶"))
    if empty(us):
        moves.append(Move("JD-01", "jd_loan_void_or_broken", (use,), "=凶", "=凶"))  # 財若空破，休指望
    if own and empty(rs):
        moves.append(Move("JD-01", "jd_lender_void_or_broken", (rp,), "≤小凶", "≤小凶"))  # 應空破，難遂我心
    if own and empty(ws):
        moves.append(Move("JD-01", "jd_borrower_void_or_broken", (wp,), "-1", "-1"))
    # 兄動: a moving 兄 with the force to strike the 財 (``harming``)
    sib = [x for x in harming(chart, states, moving(chart, R.兄弟), use, horizon_of(question) is not Horizon.far)
           if not x.world]
    if sib:
        moves.append(Move("JD-01", "jd_sibling_moves", _places(sib), "-1", "-1"))
    elif moving(chart, R.子孫) or moving(chart, R.妻財):
        moves.append(Move("JD-01", "jd_child_or_wealth_moves", _places(moving(chart, R.子孫) + moving(chart, R.妻財)),
                          "", "+1"))  # 子興財發可相求
    return ChapterReading((), tuple(moves))


def lending_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """放債索債章 FZ-01: the 世 the lender, the 應 the debtor — every sign reads the pair, so one's own loan only
    (asked for another, the 世 is the asker: the general reading of the use-god)."""
    if not _own(question):
        return ChapterReading()
    moves: list[Move] = []
    world, resp = chart.world, chart.response
    wp, rp = LINE_PLACES[world.position], LINE_PLACES[resp.position]
    if world.relation is R.兄弟:
        moves.append(Move("FZ-01", "fz_sibling_on_world", (wp,), "=凶", "=凶"))  # 兄臨世，放則無歸
    if resp.relation is R.兄弟:
        moves.append(Move("FZ-01", "fz_sibling_on_response", (rp,), "=凶", "=凶"))  # 應臨兄者亦忌
    elif resp.relation is R.官鬼 and resp.element.overcomes is world.element:
        moves.append(Move("FZ-01", "fz_debtor_turns_hostile", (rp, wp), "-1", "-1"))  # 應鬼克身，防負義
    elif resp.relation is R.妻財 and generates(resp.element, world.element):
        moves.append(Move("FZ-01", "fz_debtor_honest", (rp, wp), "", "+1"))  # 應財生世，定懷忠
    return ChapterReading((), tuple(moves))


def gamble_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """博戲章 BX-01 「首重世應，若勝以得財者，兼用財」: the 世 against the 應, and the 財 — one's own game (asked for
    another, the 世 is the asker and the 應 no opponent: the general reading of the use-god)."""
    if not _own(question):
        return ChapterReading()
    ws, rs = states.world, states[LINE_PLACES[chart.hexagram.response]]
    world, resp = chart.world, chart.response
    wp, rp = ws.place, rs.place
    score = 0
    places: list[Place] = [wp]
    if ws.on_month_or_day:
        score += 1  # 世喜臨於日月
    improves = any(t in world.transformations for t in (T.回頭生, T.化進神))
    if world.moving and improves and not bad_change(world, states):
        score += 1  # 世爻動而化吉
    if resp.relation is R.妻財 and generates(resp.element, world.element):
        score += 1  # 應帶財而生世
        places.append(rp)
    wealth = [LINE_PLACES[x.position] for x in lines_of(chart, R.妻財)]
    day, month = chart.moment.day.branch.element, chart.moment.month_branch.element
    if wealth and any(generates(e, states[wealth[0]].element) or e is states[wealth[0]].element
                      for e in (day, month)):
        score += 1  # 財宜日月生扶
        places.append(wealth[0])
    # 世財休囚空破或被刑沖克害，及卦中父動者，多破其財
    losing = weak(ws) or empty(ws) or bool(ws.attacks)
    if wealth:
        s = states[wealth[0]]
        losing = losing or weak(s) or empty(s)
    if moving(chart, R.父母):
        losing = True
    if losing:
        score -= 2
    # by analogy with 鬥毆章 DO-01 (the catalogue's choice): 世克應者我贏，應克世者他勝
    if world.element.overcomes is resp.element:
        score += 1
    elif resp.element.overcomes is world.element:
        score -= 1
    if score >= 2:
        return ChapterReading((), (Move("BX-01", "bx_i_win", tuple(places), "≥小吉", "≥小吉"),))
    if score <= -2:
        return ChapterReading((), (Move("BX-01", "bx_i_lose", tuple(places), "≤小凶", "≤小凶"),))
    return ChapterReading((finding("BX-01", "bx_even", Effect.NEUTRAL, 0, tuple(places)),))


def shop_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """開行開店章: 財 the capital, 子孫 the foundation (KH-01), the 應 the partner (KH-02) or, asked so (``Aspect
    .customers``, KH-01 「須在來人之念」), the customers (KH-03), a moving 鬼 (KH-04/05), the hexagram (KH-06)."""
    moves: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    own = _own(question)  # the 世 oneself, the 應 the partner (KH-02): one's own shop
    near = horizon_of(question) is not Horizon.far
    if moving(chart, R.妻財) and moving(chart, R.子孫):
        moves.append(Move("KH-01", "kh_capital_and_foundation_move", _places(moving(chart, R.妻財)
                                                                           + moving(chart, R.子孫)), "", "+1"))
    if not own:
        pass
    elif question.aspect is Aspect.customers:
        # KH-03 (L359) 「來人之念重在買賣者，須以應爻為下顧之客，應爻生合於世，生客來交成故舊；世應相沖相克，熟人終久
        # 變成仇」: the 應 the customers — feeding or combining the 世, new customers become regulars; a clash or an
        # overcoming either way, old customers turn away
        if generates(resp.element, world.element) or harmonizes(resp.branch, world.branch):
            moves.append(Move("KH-03", "kh_customers_stay", (rp, wp), "", "+1"))
        elif clashes(resp.branch, world.branch) or resp.element.overcomes is world.element \
                or world.element.overcomes is resp.element:
            moves.append(Move("KH-03", "kh_customers_turn_away", (rp, wp), "", "-1"))
    elif generates(resp.element, world.element) or harmonizes(resp.branch, world.branch):
        moves.append(Move("KH-02", "kh_partner_helps", (rp, wp), "", "+1"))  # 應生世，他益於我
    elif resp.element.overcomes is world.element:
        moves.append(Move("KH-02", "kh_partner_deceives", (rp, wp), "", "-1"))  # 應爻克世，我被他瞞
    elif world.element.overcomes is resp.element:
        found.append(finding("KH-02", "kh_partner_follows", Effect.GOOD, 1, (wp, rp)))  # 世克應爻，他從我願
    ghosts = moving(chart, R.官鬼)
    if ghosts:
        g = ghosts[0]
        pillars = (chart.moment.day.branch, chart.moment.month_branch)
        # KH-05 若得子孫制鬼，或日月沖克鬼爻，謂之有制; 兄鬼同動 … 以鬼能制兄爻 (each with the force to strike:
        # ``harming``)
        checked = bool(harming(chart, states, moving(chart, R.子孫), LINE_PLACES[g.position], near)) or any(
            b.element.overcomes is g.element or clash_of(b) is g.branch for b in pillars)
        if moving(chart, R.兄弟) and harming(chart, states, ghosts, place_of(chart, R.兄弟), near):
            moves.append(Move("KH-05", "kh_ghost_checks_sibling", _places(ghosts), "", "+1"))
        elif checked:
            found.append(finding("KH-05", "kh_ghost_restrained", Effect.NEUTRAL, 0, _places(ghosts)))
        elif own and any(x.element.overcomes is world.element  # 鬼克世: with the force to strike (``harming``)
                         for x in harming(chart, states, ghosts, wp, near)):
            moves.append(Move("KH-04", "kh_ghost_strikes_world", _places(ghosts) + (wp,), "-1", "-1"))
        else:
            moves.append(Move("KH-04", "kh_ghost_moves_trouble", _places(ghosts), "", "-1"))
    us = states[use]
    if own and empty(ws) and empty(us):
        moves.append(Move("KH-04", "kh_never_opens", (wp, use), "=凶", "=凶"))  # 更忌世與財空，俱開不成
    h, c = chart.hexagram, chart.changed
    if h.six_harmony and c is not None and c.six_clash:
        moves.append(Move("KH-06", "kh_busy_then_empty", (), "", "≤小凶"))  # 眼前熱鬧，終久蕭條
    elif h.six_clash and c is not None and c.six_harmony:
        moves.append(Move("KH-06", "kh_revives", (), "", "+1"))  # 前後重興
    return ChapterReading(tuple(found), tuple(moves))


def goods_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """囤貨賣貨章: 財 is the price (DH-01, DH-03, DH-07), and its months (DH-05); going elsewhere or changing course,
    asked apart (``Aspect.move``), is 賣貨宜守宜動章's (``goods_move_chapter``, ``core.chapters.ASPECT_CHAPTERS``)."""
    moves: list[Move] = []
    found: list[Finding] = []
    times: list[Timing] = []
    us = states[use]
    ln = line_at(chart, use)
    if empty(us) or (ln is not None and T.回頭克 in ln.transformations):
        moves.append(Move("DH-01", "dh_price_void_or_struck", (use,), "=凶", "=凶"))  # 財逢空破及動而變克
    elif us.vigour.strong:
        found.append(finding("DH-01", "dh_sell_now", Effect.NEUTRAL, 0, (use,)))  # 財旺宜脫
    elif us.supports:
        found.append(finding("DH-01", "dh_hold_rooted", Effect.NEUTRAL, 0, (use,)))  # 雖衰宜有根，將來再發
    else:
        moves.append(Move("DH-01", "dh_hold_rootless", (use,), "", "≤小凶"))  # 若無根底，終久難於出脫
    if ln is not None and ln.moving:
        if T.化進神 in ln.transformations:
            found.append(finding("DH-03", "dh_price_rises", Effect.NEUTRAL, 0, (use,)))
        elif T.化退神 in ln.transformations:
            found.append(finding("DH-03", "dh_price_falls", Effect.NEUTRAL, 0, (use,)))
    if ln is not None and not ln.moving and us.vigour.strong and ln.standing.day_clash is not None:
        found.append(finding("DH-07", "dh_price_rising_now", Effect.GOOD, 1, (use,)))  # 財旺 … 日神沖者，其價漸漸漲
    # DH-05 財爻太旺者得利於墓庫之月，休囚者出脫於生旺之時 … 月破者填實之 … 旬空者沖空實空之月，如逢合住亦待沖開
    m = Unit.MONTH
    if us.too_strong:
        times.append(timing(m, tomb_of(us.element), "DH-05", "dh_price_month", 5, (use,)))
    elif not us.vigour.strong:
        times += [timing(m, birth_of(us.element), "DH-05", "dh_price_month", 4, (use,)),
                  timing(m, branch_at_stage(us.element, Stage.帝旺), "DH-05", "dh_price_month", 4, (use,))]
    if us.month_break:
        times.append(timing(m, us.branch, "DH-05", "dh_price_month", 5, (use,)))
    if us.void and not us.void_filled:
        times += [timing(m, clash_of(us.branch), "DH-05", "dh_price_month", 5, (use,)),
                  timing(m, us.branch, "DH-05", "dh_price_month", 5, (use,))]
    if us.tied:
        times.append(timing(m, clash_of(us.branch), "DH-05", "dh_price_month", 5, (use,)))
    if us.tomb is not None and not us.tomb_broken:
        times.append(timing(m, clash_of(us.tomb), "DH-05", "dh_price_month", 4, (use,)))
    # DH-06 財逢合而當令。遇合者有應動而逢合之月而得價也。亦有財爻衰靜，占時得遇日月生合者，其價目下正及時也
    if ln is not None and ln.moving:
        times.append(timing(m, harmony_of(us.branch), "DH-06", "dh_price_harmony_month", 5, (use,)))
    elif not us.in_season and any(generates(b.element, us.element) or harmonizes(b, us.branch)
                                  for b in (chart.moment.month_branch, chart.moment.day.branch)):
        # 衰 by the season (休囚 in the month: the day's help is what makes it strong, so the state's vigour,
        # which counts that help, cannot be the test)
        found.append(finding("DH-06", "dh_price_right_now", Effect.GOOD, 1, (use,)))
    return ChapterReading(tuple(found), tuple(moves), tuple(times))


def patron_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """謁貴章: will the patron receive me — 官 is the patron (YG-07), read with the 世 (YG-01, YG-08); the 世 化空/破
    marks the day of arrival (YG-02).  Choice: the asker is taken as a commoner (YG-06: 平人見貴人, 官 to 世), the
    common case; an official's 世/應 reading needs the asker's status, not asked yet."""
    moves: list[Move] = []
    times: list[Timing] = []
    world = chart.world
    ws = states.world
    wp = ws.place
    us = states[use]
    ln = line_at(chart, use)
    if use == wp or (ln is not None and (generates(ln.element, world.element) or harmonizes(ln.branch, world.branch))):
        moves.append(Move("YG-01", "yg_patron_favours_world", (use, wp), "", "+1"))  # 持世及生合世爻為吉
    # YG-03 (L347) 「官世相合，財動相生，財持世，官無缺陷，再得日月照臨，彼此緣投有幸。日月照臨者，日月生世生財，
    # 或世爻財爻而臨日月是也」: a tie between patron and asker (the 官 combining the 世, a moving 財 that feeds the 官
    # or the 世, or the 財 on the 世), the 官 without fault (空破墓絕, 變凶), and the day or the month shining on the
    # 世 or the 財 — the meeting goes warmly.  Read before the bars (YG-01's 世化鬼, YG-08), which still hold.
    if ln is not None and ln.relation is R.官鬼 and _warm_reception(chart, states, use, ln):
        moves.append(Move("YG-03", "yg_warm_reception", (use, wp), "", "≥小吉"))
    if empty(us) or us.real_tomb or (ln is not None and bad_change(ln, states)):
        moves.append(Move("YG-01", "yg_wasted_trip", (use,), "≤小凶", "≤小凶"))  # 徒勞奔馳之力耳
    if world.moving and (changes_into(world, R.官鬼) or T.回頭克 in world.transformations):
        moves.append(Move("YG-01", "yg_do_not_go", (wp,), "=凶", "=凶"))  # 世爻化鬼化克 … 更不宜行
    # YG-08 官克世: a 官 that acts on the 世 — moving, or strong (choice: a weak still line strikes nothing, ch. 1–34)
    elif ln is not None and use != wp and ln.element.overcomes is world.element and (ln.moving or us.vigour.strong):
        moves.append(Move("YG-08", "yg_patron_strikes_world", (use, wp), "≤小凶", "≤小凶"))  # 官克世 … 勿去
    if world.moving and world.changed is not None and (T.化空 in world.transformations
                                                       or T.化破 in world.transformations):
        times.append(timing(Unit.DAY, world.changed.branch, "YG-02", "yg_arrival_day", 5, (wp,)))
    return ChapterReading((), tuple(moves), tuple(times))


def _warm_reception(chart: Chart, states: States, use: Place, officer: Line) -> bool:
    """YG-03's conditions (see ``patron_chapter``)."""
    world = chart.world
    us = states[use]
    wealth = lines_of(chart, R.妻財)
    feeders = [x for x in feeding(chart, states, moving(chart, R.妻財), use)
               if generates(x.element, officer.element) or generates(x.element, world.element)]
    tie = harmonizes(officer.branch, world.branch) or bool(feeders) or world.relation is R.妻財
    faultless = not (us.void and not us.void_filled) and not us.month_break and not us.real_tomb \
        and not cut_off(us) and not bad_change(officer, states, listed=True)
    pillars = (chart.moment.month_branch, chart.moment.day.branch)
    shone = [world, *wealth]
    lit = any(generates(b.element, x.element) or b is x.branch for b in pillars for x in shone)
    return tie and faultless and lit


def goods_move_chapter(chart: Chart, states: States, question: Question, use: Place) -> ChapterReading:
    """賣貨宜守宜動章 (L380–383): selling — go elsewhere or change course (yes), or hold (no).  This cast is the one
    MD-03 bids be made 「須令本人再占，占問更改何如」, so its 財 and 世 are read for the change.  The favours first,
    the bars after (a choice, as in 升選: the chapter gives no order of its own).

    MD-01 「外卦財旺生合世爻者，持世者，宜往他鄉；倘若財不生合世爻及世動化凶者，他鄉花如錦，我去不逢春」: a strong 財 of
    the outer trigram that feeds, combines or holds the 世 — go (≥小吉); no 財 feeding, combining or holding the 世, or
    the 世 changing for the worse — nothing there for you (≤小凶).
    MD-02 「應財外而世財內 … 應爻以外財爻持世者，最好收財，必須待應爻發動而與世爻相生相合，不然的話，應財再旺，我也收
    不到好處」: the 應 outside (the outer trigram) and the 財 on the 世 inside — stay and collect, once the 應 moves and
    feeds or combines the 世 (a reason either way; two 財 of one palace cannot feed or combine each other, so the
    應 is read as the other side, whatever it holds).
    MD-03 「卦得財世兩旺，許之改圖，再逢衰者還須耐守。卦得六合 … 財持世而動者，不可坐守，衰而靜者，守待旺時可也」: 財 and
    世 both strong — change (≥小吉), both weak — hold (≤小凶); under a six-harmony a moving 財 on the 世 — do not sit
    still (≥小吉), a weak still 財 — wait (≤小凶).
    MD-04 「財化進神，宜往外方發賣，世爻化退，宜回近地出脫 … 內卦財衰，宜於外賣，世爻財旺，近地相宜」: the 財 化進 or the
    inner 財 all weak — further off (+1); the 世 化退 or a strong 財 on the 世 — near home (-1); 「財衰變旺，目下雖賤，
    將來必長。財旺而變衰絕，如若賣貨宜於急賣」 a reason (the price: later, or sell quickly)."""
    favours: list[Move] = []
    bars: list[Move] = []
    found: list[Finding] = []
    world, resp = chart.world, chart.response
    ws, rs = states.world, states[LINE_PLACES[resp.position]]
    wp, rp = ws.place, rs.place
    us = states[use]
    ln = line_at(chart, use)
    wealth = lines_of(chart, R.妻財)

    def links(x: Line) -> bool:
        return x.world or generates(x.element, world.element) or harmonizes(x.branch, world.branch)

    def strong(x: Line) -> bool:
        return states[LINE_PLACES[x.position]].vigour.strong

    # MD-01
    outer = [x for x in wealth if x.position >= 4 and strong(x) and links(x)]
    if outer:
        favours.append(Move("MD-01", "md_go_elsewhere", _places(outer) + (wp,), "", "≥小吉"))
    elif not any(links(x) for x in wealth) or (world.moving and bad_change(world, states)):
        bars.append(Move("MD-01", "md_nothing_there", (wp,), "≤小凶", "≤小凶"))
    # MD-02
    if world.relation is R.妻財 and world.position <= 3:  # the 應 is then in the outer trigram
        if resp.moving and (generates(resp.element, world.element) or harmonizes(resp.branch, world.branch)):
            found.append(finding("MD-02", "md_collect_now", Effect.GOOD, 1, (rp, wp)))
        else:
            found.append(finding("MD-02", "md_collect_when_he_moves", Effect.NEUTRAL, 0, (rp, wp)))
    # MD-03
    hexagram = chart.hexagram
    if hexagram.six_harmony and world.relation is R.妻財 and world.moving:
        favours.append(Move("MD-03", "md_do_not_sit_still", (wp,), "", "≥小吉"))
    elif us.vigour.strong and ws.vigour.strong:
        favours.append(Move("MD-03", "md_change_allowed", (use, wp), "", "≥小吉"))
    if hexagram.six_harmony and weak(us) and not us.moving:
        bars.append(Move("MD-03", "md_wait_for_the_season", (use,), "≤小凶", "≤小凶"))
    elif weak(us) and weak(ws):
        bars.append(Move("MD-03", "md_hold_on", (use, wp), "≤小凶", "≤小凶"))
    # MD-04
    inner = [x for x in wealth if x.position <= 3]
    if ln is not None and ln.moving and T.化進神 in ln.transformations:
        favours.append(Move("MD-04", "md_sell_further_off", (use,), "", "+1"))
    elif inner and not any(strong(x) for x in inner):
        favours.append(Move("MD-04", "md_sell_outside", _places(inner), "", "+1"))
    if world.moving and T.化退神 in world.transformations:
        bars.append(Move("MD-04", "md_sell_near_home", (wp,), "", "-1"))
    elif world.relation is R.妻財 and ws.vigour.strong:
        bars.append(Move("MD-04", "md_near_is_better", (wp,), "", "-1"))
    if ln is not None and ln.moving and ln.changed is not None:
        cs = states[Place(Layer.CHANGED, ln.position)]
        if weak(us) and cs.vigour.strong:
            found.append(finding("MD-04", "md_cheap_now_dear_later", Effect.NEUTRAL, 0, (use,)))
        elif us.vigour.strong and (weak(cs) or T.化絕 in ln.transformations):
            found.append(finding("MD-04", "md_sell_quickly", Effect.NEUTRAL, 0, (use,)))
    return ChapterReading(tuple(found), tuple(favours + bars))
