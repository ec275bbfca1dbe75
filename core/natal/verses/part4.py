"""玉照定真經 V161–V205: 自刑 and the 三刑/六害 of the year branch, the 卦 in season, the directed 六合, the 干支 剋
within the pillars, face colour and body from the day and hour, and the 干/音 wounds of the year.

Seed 004 lines 20–23.  The year branch meets a day or hour branch in most of these verses ("X人 逢 Y", §1.6); the
Korean translation is followed where it departs from the Chinese (V181 卯人, V184 □送 = 傳送).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise

from core.chart.ganzhi import Branch, Element
from core.chart.relations import FRAMES, frame_of, punished_by
from core.natal import tables
from core.natal.chart import ALL, DAY_HOUR, NatalChart, Role
from core.natal.evidence import Fact, branch_of, name, nayin_of, pillar_of, stem_of
from core.natal.predicates import (
    branch_generates,
    branch_harms,
    branch_overcomes,
    branch_punishes,
    branches_combine,
    has_qi,
    hits,
    lacks_qi,
    nayin_generates,
    nayin_overcomes,
    season_fact,
    stem_overcomes,
)
from core.natal.verse import Hit, Need, Params, Tag, Theme, Unevaluated, Valence, Verse

Relate = Callable[[NatalChart, Role, Role], Fact | None]

THREE_MASTERS: tuple[Role, ...] = (Role.月, Role.日, Role.時)  # 三主 (line 25: 月·日·時가 三主)


# ---- shared helpers -----------------------------------------------------------------------------------------

def _native_meets(chart: NatalChart, native: Branch, met: Branch, *relations: tuple[Relate, bool]) -> tuple[Hit, ...]:
    """"X人 逢 Y": the year branch is ``native`` and a day or hour branch is ``met``; each relation is asked from the
    year to that pillar (``True``) or back (``False``), and every one must hold (their facts are the evidence)."""
    if chart.branch(Role.年) is not native:
        return ()
    found = []
    for role, pillar in chart.present(DAY_HOUR):
        if pillar.branch is not met:
            continue
        facts = [relate(chart, Role.年, role) if forward else relate(chart, role, Role.年)
                 for relate, forward in relations]
        if all(f is not None for f in facts):
            found.append(Hit((role,), tuple(f for f in facts if f is not None)))
    return tuple(found)


def _pairs_of(chart: NatalChart, first: Branch, second: Branch, relate: Relate) -> Iterator[tuple[Role, Role, Fact]]:
    """Every two pillars holding ``first`` and ``second`` (anywhere in the five) with ``relate`` between them."""
    for ra, pa in chart.present(ALL):
        if pa.branch is not first:
            continue
        for rb, pb in chart.present(ALL):
            if pb.branch is second and rb is not ra:
                fact = relate(chart, ra, rb)
                if fact is not None:
                    yield ra, rb, fact


def _pair_hits(chart: NatalChart, first: Branch, second: Branch, relate: Relate) -> tuple[Hit, ...]:
    """One hit per pair of pillars showing ``first`` ``relate`` ``second`` (子 刑 卯, 辰 害 卯 …)."""
    return tuple(Hit(tuple(sorted((ra, rb))), (fact,)) for ra, rb, fact in _pairs_of(chart, first, second, relate))


def _first_holders(chart: NatalChart, wanted: tuple[Branch, ...]) -> dict[Branch, Role] | None:
    """The first pillar (in 尊卑 order) holding each of ``wanted``, or None when one is missing."""
    found: dict[Branch, Role] = {}
    for role, pillar in chart.present(ALL):
        if pillar.branch in wanted and pillar.branch not in found:
            found[pillar.branch] = role
    return found if len(found) == len(wanted) else None


# The five 卦 (V173, V174): the four 三合 frames in 長生 帝旺 墓 order, and the 土卦 of the 四季.
FIVE_GUA: tuple[tuple[str, tuple[Branch, ...], Element], ...] = tuple(
    ("".join(b.name for b in members), members, element)
    for members, element in ((*((f.members, f.element) for f in FRAMES), (tables.EARTH_GUA, Element.土)))
)


def _complete_gua(chart: NatalChart, members: tuple[Branch, ...], label: str) -> tuple[tuple[Role, ...], list[Fact]]:
    """A 卦 whose members are all in the chart: the pillars holding them and one "為" fact each; () when not whole."""
    holders = _first_holders(chart, members)
    if holders is None:
        return (), []
    roles = tuple(holders[b] for b in members)
    return roles, [Fact(branch_of(holders[b], b), "為", name(label)) for b in members]


def _inner(chart: NatalChart, downward: bool) -> list[tuple[Role, Fact]]:
    """Within each whole pillar: the stem 剋 its own branch (``downward``, 上剋下) or the branch 剋 its stem."""
    out = []
    for role, pair in chart.pairs(ALL):
        stem, branch = stem_of(role, pair.stem), branch_of(role, pair.branch)
        if downward and pair.stem.element.overcomes is pair.branch.element:
            out.append((role, Fact(stem, "剋", branch)))
        if not downward and pair.branch.element.overcomes is pair.stem.element:
            out.append((role, Fact(branch, "剋", stem)))
    return out


def _count_hit(found: list[tuple[Role, Fact]], least: int) -> tuple[Hit, ...]:
    """One hit when at least ``least`` pillars show the 剋 (a count verse: V189–V191)."""
    if len(found) < least:
        return ()
    return (Hit(tuple(r for r, _ in found), tuple(f for _, f in found)),)


# ---- V161–V172: 自刑, 三刑 and 六害 ----------------------------------------------------------------------------

SELF_PUNISHING: tuple[Branch, ...] = tuple(b for b in Branch if punished_by(b) is b)  # 辰 午 酉 亥 (V161)

_OMEN_VARIANT = {"獄訟": "prison", "勾陳": "goujen", "鬼火": "ghost_fire", "玄武": "xuanwu"}


def _upward_attack(chart: NatalChart, role: Role) -> Fact | None:
    """下剋上: the stem or 納音 of ``role`` 剋 that of a senior pillar (the first found, seniors first)."""
    for senior in Role:
        if senior >= role:
            break
        fact = stem_overcomes(chart, role, senior) or nayin_overcomes(chart, role, senior)
        if fact is not None:
            return fact
    return None


def _v161(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """自刑重見，自死自凶: a 自刑 branch (辰午酉亥) on ``params.many`` pillars or more, one of which "moreover" (다시)
    剋s a senior pillar by stem or 納音.  The commentary's omens (又戊辰…癸酉) stand apart: a 戊辰 戊午 丁酉 or
    癸酉 pillar whose 納音 剋 身 ("다만 신을 극함을 보는 데 따라")."""
    found = []
    for branch in SELF_PUNISHING:
        roles = [r for r, p in chart.present(ALL) if p.branch is branch]
        if len(roles) < params.many:
            continue
        doubled = [branch_punishes(chart, a, b) for a, b in pairwise(roles)]
        attacks = [f for f in (_upward_attack(chart, r) for r in roles) if f is not None]
        if attacks:
            found.append(Hit(tuple(roles), tuple(f for f in doubled if f is not None) + tuple(attacks)))
    for role, pair in chart.pairs(ALL):
        omen = tables.SELF_PUNISHMENT_OMENS.get(pair)
        wound = nayin_overcomes(chart, role, Role.年) if role is not Role.年 else None
        if omen is not None and wound is not None:
            found.append(Hit((role,), (Fact(pillar_of(role, pair), "為", name(omen)), wound), _OMEN_VARIANT[omen]))
    return hits(*found)


def _v162(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """子卯相刑，門無禮德: a 子 and a 卯 anywhere in the chart (子 刑 卯, 無禮之刑)."""
    return _pair_hits(chart, Branch.子, Branch.卯, branch_punishes)


_ILL_TRIO = (Branch.丑, Branch.戌, Branch.未)


def _v163(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丑逢戌未犯支刑，肢病難痊: 丑, 戌 and 未 all in the chart; the 刑 chain 丑→戌→未→丑 among them is the evidence."""
    holders = _first_holders(chart, _ILL_TRIO)
    if holders is None:
        return ()
    facts = [branch_punishes(chart, holders[a], holders[b]) for a, b in zip(_ILL_TRIO, _ILL_TRIO[1:] + _ILL_TRIO[:1],
                                                                            strict=True)]
    if any(f is None for f in facts):
        return ()
    return (Hit(tuple(sorted(set(holders.values()))), tuple(f for f in facts if f is not None)),)


def _v164(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """辰卯相加，必有獄刑腰脚: a 辰 and a 卯 anywhere in the chart (六害)."""
    return _pair_hits(chart, Branch.辰, Branch.卯, branch_harms)


def _v165(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """寅來加巳，子孫憂慍燒身: a 寅 native with 巳 on the day or hour (寅 刑 巳: wood goes into fire)."""
    return _native_meets(chart, Branch.寅, Branch.巳, (branch_punishes, True))


def _v166(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """巳立功曹，必見尊官所失: a 巳 native with 寅 (功曹) on the day or hour: 巳 receives 寅's 刑."""
    return _native_meets(chart, Branch.巳, Branch.寅, (branch_punishes, False))


def _v167(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """午逢丑位，久病內氣之災: a 午 native with 丑 on the day or hour (旺火 meets 墓金; 六害)."""
    return _native_meets(chart, Branch.午, Branch.丑, (branch_harms, True))


def _v168(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丑入炎陽，必有四肢深厄: a 丑 native with 午 on the day or hour (墓金 into 旺火; 六害)."""
    return _native_meets(chart, Branch.丑, Branch.午, (branch_harms, True))


def _v169(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """子臨井宿，須生脾胃之殃: a 子 native with 未 (井宿) on the day or hour (土 剋 水; 六害)."""
    return _native_meets(chart, Branch.子, Branch.未, (branch_harms, True))


def _v170(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """未到子鄉，定見尊凶婦厄: a 未 native with 子 on the day or hour (六害).  The commentary's "자·축시" is read
    as the 子 hour the verse names; 丑 is no 子鄉 (未丑 is a 沖, not this verse's 害)."""
    return _native_meets(chart, Branch.未, Branch.子, (branch_harms, True))


def _v171(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """亥申二勢爭強，不爾道路散失: a 申 native with 亥 on the day or hour, or a 亥 native with 申 (六害; each
    holds a 臨官)."""
    return (_native_meets(chart, Branch.申, Branch.亥, (branch_harms, True))
            + _native_meets(chart, Branch.亥, Branch.申, (branch_harms, True)))


def _v172(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """建逢酉戌，鬼賊門病終憂，不爾小人相害 (C*): 酉 and 戌 in the chart (六害).  When one of them is the 建 (the
    branch of ``params.jian_reference``, the 月建 by default) → thieves and household illness ("month"); otherwise
    → harm from petty people ("petty")."""
    jian = params.jian_reference
    found = []
    for ra, rb, fact in _pairs_of(chart, Branch.酉, Branch.戌, branch_harms):
        at_jian = next((r for r in (ra, rb) if r is jian), None)
        if at_jian is not None:
            b = chart.branch(at_jian)
            assert b is not None
            facts: tuple[Fact, ...] = (fact, Fact(branch_of(at_jian, b), "為", name("建")))
            found.append(Hit(tuple(sorted((ra, rb))), facts, "month"))
        else:
            found.append(Hit(tuple(sorted((ra, rb))), (fact,), "petty"))
    return hits(*found)


# ---- V173–V175: the 卦 and the seasons -------------------------------------------------------------------------

def _own_gua(native: Branch) -> Iterator[tuple[str, tuple[Branch, ...], Element]]:
    """The 卦 a year branch belongs to: its 三合 frame, and the 四季 卦 too for a 辰戌丑未 native."""
    frame = frame_of(native)
    for gua in FIVE_GUA:
        if gua[1] == frame.members or (gua[2] is Element.土 and native in gua[1]):
            yield gua


_SIXTH_MONTH = Branch.未  # V173: 四季人 in the sixth month


def _v173(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """旺中有卦本全，而出自清名: the native's own 卦 (of the year branch) whole in the chart, in its own season:
    亥卯未 in spring … as "旺中" says, the months where the 卦's element is 旺 (寅卯 for 木; 辰 is 土旺), and the
    sixth month for the 四季 卦, as the commentary names it."""
    native, month = chart.branch(Role.年), chart.month_branch
    if native is None or month is None:
        return ()
    found = []
    for label, members, element in _own_gua(native):
        roles, facts = _complete_gua(chart, members, label)
        season = season_fact(name(element.name), element, chart)
        in_season = month is _SIXTH_MONTH if element is Element.土 else tables.season_state(element, month) == "旺"
        if roles and season is not None and in_season:
            found.append(Hit(roles, (*facts, Fact(name(label), "全"), season)))
    return hits(*found)


def _order(chart: NatalChart, roles: tuple[Role, ...], members: tuple[Branch, ...]) -> tuple[str | None, list[Fact]]:
    """進 or 退 of a three-branch 卦 (V174): its members in the written order 墓 帝旺 長生 (戌午寅) advance, 長生
    帝旺 墓 (寅午戌) retreat; None when a member is doubled or the order is mixed."""
    if len(members) != 3 or any(sum(1 for _, p in chart.present(ALL) if p.branch is b) != 1 for b in members):
        return None, []
    ranked = sorted(zip(roles, members, strict=True), key=lambda rm: rm[0].written)
    seq = tuple(b for _, b in ranked)
    if seq not in (members, members[::-1]):
        return None, []
    facts = [Fact(branch_of(ra, ba), "先", branch_of(rb, bb)) for (ra, ba), (rb, bb) in pairwise(ranked)]
    return ("retreat" if seq == members else "advance"), facts


def _v174(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """五卦頗同，文武尊卑自顯 (C*): a whole 卦 (of the five) in the chart: 水木 → civil, 火土金 → military, with 進
    (戌午寅) or 退 (寅午戌) by the order the pillars are written in; a 卦 of 身's own element → 貴氣 ("noble").
    The reading taken is the commentary's: "頗同" is a whole 卦, with no threshold to set; 太歲得用 needs the
    current year and is not read."""
    found = []
    body = chart.body
    for label, members, element in FIVE_GUA:
        roles, facts = _complete_gua(chart, members, label)
        if not roles:
            continue
        civil = element in tables.CIVIL_ELEMENTS
        kind = Fact(name(label), "為", name("文" if civil else "武"))
        order, order_facts = _order(chart, roles, members)
        variant = ("civil" if civil else "military") + ("" if order is None else "_" + order)
        found.append(Hit(roles, (*facts, Fact(name(label), "全"), kind, *order_facts), variant))
        if body is element:
            found.append(Hit(roles, (*facts, Fact(nayin_of(Role.年, body), "比和", name(element.name))), "noble",
                             Valence.good))
    return hits(*found)


_HIGH = frozenset({"旺", "相"})


def _v175(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """分三辨五，旺相尊名，死囚休廢卑賤 (C*): the 納音 of the five pillars (辨五: 年月日時胎) in the birth month;
    ``params.many_elements`` of them 旺相 → honour, as many 休囚死 → low standing.  分三 names the 三主 (月日時)
    whose life periods the hit reports among the pillars counted."""
    states = []
    for role, pair in chart.pairs(ALL):
        element = tables.nayin(pair)
        fact = season_fact(nayin_of(role, element), element, chart)
        if fact is not None:
            states.append((role, fact))
    found = []
    for variant, valence, high in (("honour", Valence.good, True), ("low", Valence.bad, False)):
        chosen = [(r, f) for r, f in states if (f.relation in _HIGH) is high]
        if len(chosen) >= params.many_elements:
            found.append(Hit(tuple(r for r, _ in chosen), tuple(f for _, f in chosen), variant, valence))
    return hits(*found)


# ---- V176–V186: the 六合 of the year branch with a day or hour, each in one direction ------------------------

def _v176(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """子來合丑，宮觀閑人: a 子 native with 丑 on the day or hour (子 合 丑: 不順)."""
    return _native_meets(chart, Branch.子, Branch.丑, (branches_combine, True))


def _v177(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """丑到子鄉，復為真吉: a 丑 native with 子 on the day or hour (丑 合 子: 順)."""
    return _native_meets(chart, Branch.丑, Branch.子, (branches_combine, True))


def _v178(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """亥朝寅位，滋養外人: a 亥 native with 寅 on the day or hour (亥 合 寅: 不順, water without 氣 runs off)."""
    return _native_meets(chart, Branch.亥, Branch.寅, (branches_combine, True))


def _v179(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """寅入天宮，顯然之兆: a 寅 native with 亥 on the day or hour (寅 合 亥: 順, wood fed by water)."""
    return _native_meets(chart, Branch.寅, Branch.亥, (branches_combine, True))


def _v180(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """天魁到卯，破敗土田: a 戌 (天魁) native with 卯 on the day or hour (戌 合 卯: 不順)."""
    return _native_meets(chart, Branch.戌, Branch.卯, (branches_combine, True))


def _v181(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """卯人天魁，復為吉兆: a 卯 native with 戌 on the day or hour (卯 合 戌: 順).  The Chinese has 木人; the Korean
    text reads 卯人 and the commentary says 卯合戌順, so the year branch 卯 is read, not a 木 納音."""
    return _native_meets(chart, Branch.卯, Branch.戌, (branches_combine, True))


def _v182(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """酉朝罡上，金土兩和: a 酉 native with 辰 (天罡) on the day or hour (酉 合 辰)."""
    return _native_meets(chart, Branch.酉, Branch.辰, (branches_combine, True))


def _v183(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """罡到金中，和中有訟: a 辰 native with 酉 on the day or hour (辰 合 酉: accord first, a suit after)."""
    return _native_meets(chart, Branch.辰, Branch.酉, (branches_combine, True))


def _v184(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """巳刑傳送，道路長行: a 巳 native with 申 (傳送) on the day or hour: 巳 刑 申 and 巳火 剋 申金, the senior over
    the junior, a 順刑."""
    return _native_meets(chart, Branch.巳, Branch.申, (branch_punishes, True), (branch_overcomes, True))


def _v185(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """申到巳中，行人返復: a 申 native with 巳 on the day or hour: the 巳火 剋s the native's 申金 (逆)."""
    return _native_meets(chart, Branch.申, Branch.巳, (branch_punishes, False), (branch_overcomes, False))


def _v186(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """未午合分得失，未吉午凶: a 未 native with 午 on the day or hour is fed (午火 生 未土) → good ("wei"); a 午
    native with 未 feeds it away → bad ("wu")."""
    fed = _native_meets(chart, Branch.未, Branch.午, (branches_combine, True), (branch_generates, False))
    spent = _native_meets(chart, Branch.午, Branch.未, (branches_combine, True), (branch_generates, True))
    return (tuple(Hit(h.roles, h.facts, "wei", Valence.good) for h in fed)
            + tuple(Hit(h.roles, h.facts, "wu", Valence.bad) for h in spent))


# ---- V188–V193: 干支 剋 within the pillars, and the one 剋 ---------------------------------------------------

def _v188(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """全逢下剋，四親孤，尤忌二尊: in every one of the five pillars the branch 剋s its own stem (支剋干)."""
    return _count_hit(_inner(chart, downward=False), len(ALL))


def _v189(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """復立上宮，多常退陰人小口 (C*): the stem 剋s its own branch (干剋支) in many pillars, ``params.many_elements``
    of the five or more (the commentary's 甲辰 甲戌 丙辰 己亥 has three of four)."""
    return _count_hit(_inner(chart, downward=True), params.many_elements)


def _v190(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """三來剋下，官嗔: three pillars (or more) whose stem 剋s its branch."""
    return _count_hit(_inner(chart, downward=True), 3)


def _v191(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """三制上時，鬼賊: three pillars (or more) whose branch 剋s its stem (a branch that 生s its stem, 子 under 甲,
    does not count)."""
    return _count_hit(_inner(chart, downward=False), 3)


def _v192(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """二上二下，同類妻財之事: two pillars (or more) whose stem 剋s the branch and two whose branch 剋s the stem."""
    above, below = _inner(chart, downward=True), _inner(chart, downward=False)
    if len(above) < 2 or len(below) < 2:
        return ()
    found = above + below
    return (Hit(tuple(sorted({r for r, _ in found})), tuple(f for _, f in found)),)


def _year_master_overcoming(chart: NatalChart) -> Iterator[tuple[Role, Fact, bool]]:
    """Every 剋 between the year and one of the 三主, by stem and by 納音: (the 主, the fact, the year wins)."""
    for role in THREE_MASTERS:
        for relate in (stem_overcomes, nayin_overcomes):
            win, lose = relate(chart, Role.年, role), relate(chart, role, Role.年)
            if win is not None:
                yield role, win, True
            if lose is not None:
                yield role, lose, False


def _v193(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """一剋則論於勝負，尤分背我之情: a single 剋 between the native (年) and the 三主 (月日時), by stem or 納音; the
    commentary: 我剋主 → good ("win"), 主剋我 → worry ("lose")."""
    found = list(_year_master_overcoming(chart))
    if len(found) != 1:
        return ()
    role, fact, win = found[0]
    return (Hit((role,), (fact,), "win" if win else "lose", Valence.good if win else Valence.bad),)


# ---- V201–V204: the day and hour: face, body, and the wounds of the year -------------------------------------

def _v201(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """將干之神，言其面色: the face colour is the day stem's colour with the hour stem's (甲青 乙碧 丙赤 …)."""
    known = [(r, p.stem) for r, p in chart.present(DAY_HOUR) if p.stem is not None]
    if not known:
        return ()
    return (Hit(tuple(r for r, _ in known),
                tuple(Fact(stem_of(r, s), "為", name(tables.FACE_COLOUR[s])) for r, s in known)),)


def _qi(chart: NatalChart, role: Role) -> tuple[Fact | None, Fact | None]:
    """有氣 and 無氣 of a pillar's 納音 (in the month, or at its own branch), as evidence."""
    p = chart[role]
    pair = None if p is None else p.pair
    if pair is None:
        return None, None
    element, branch = tables.nayin(pair), pair.branch
    subject = nayin_of(role, element)
    return has_qi(subject, element, chart, branch, role), lacks_qi(subject, element, chart, branch, role)


def _v202(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """把音神見身貌真詳: with 氣 in both the day and hour 納音, the lower feeding the upper (時 生 日) makes a large
    build ("big") and the upper feeding the lower a small one ("small"); with 氣 in neither, small ("no_qi")."""
    (day_has, day_lacks), (hour_has, hour_lacks) = _qi(chart, Role.日), _qi(chart, Role.時)
    if day_has is not None and hour_has is not None:
        up, down = nayin_generates(chart, Role.時, Role.日), nayin_generates(chart, Role.日, Role.時)
        if up is not None:
            return (Hit(DAY_HOUR, (day_has, hour_has, up), "big"),)
        if down is not None:
            return (Hit(DAY_HOUR, (day_has, hour_has, down), "small"),)
        return ()
    if day_lacks is not None and hour_lacks is not None and day_has is None and hour_has is None:
        return (Hit(DAY_HOUR, (day_lacks, hour_lacks), "no_qi"),)
    return ()


def _wounds(chart: NatalChart, relate: Relate) -> tuple[Hit, ...]:
    """The day or the hour 剋s the year at one layer (V203 干, V204 音)."""
    return hits(*(Hit((role,), (fact,)) for role in DAY_HOUR if (fact := relate(chart, role, Role.年)) is not None))


def _v203(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """干傷定頭面之災: the day or hour stem 剋s the year stem (歲干): head and face.  Its own verse: V5 reads the hour against the day, and its commentary's reading
    of the day or hour against the year is this verse's (V5's docstring)."""
    return _wounds(chart, stem_overcomes)


def _v204(chart: NatalChart, params: Params) -> tuple[Hit, ...]:
    """音損者四肢為患: the day or hour 納音 剋s the year's (歲音): body and limbs, its own verse (as V203)."""
    return _wounds(chart, nayin_overcomes)


# ---- the verses ------------------------------------------------------------------------------------------------

_YB = frozenset({Need.year_branch})
_HARM = frozenset({"V227"})          # 刑害 that V227 holds harmless without a 剋 of 身
_HARM_RESCUE = frozenset({"V227", "V218"})
_RESCUE = frozenset({"V218"})        # a 剋 that a 救神 may lessen

VERSES: tuple[Verse, ...] = (
    Verse(id="V161", verse="自刑重見，自死自凶", line=20, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v161, grim=True, gates=_HARM_RESCUE),
    Verse(id="V162", verse="子卯相刑，門無禮德", line=20, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v162, household=True, gates=_HARM),
    Verse(id="V163", verse="丑逢戌未犯支刑，肢病難痊", line=20, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v163, gates=_HARM),
    Verse(id="V164", verse="辰卯相加，必有獄刑腰脚", line=20, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v164, grim=True, gates=_HARM),
    Verse(id="V165", verse="寅來加巳，子孫憂慍燒身", line=20, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v165, gates=_HARM),
    Verse(id="V166", verse="巳立功曹，必見尊官所失", line=20, tag=Tag.C, theme=Theme.status, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v166, gates=_HARM),
    Verse(id="V167", verse="午逢丑位，久病內氣之災", line=20, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v167, gates=_HARM),
    Verse(id="V168", verse="丑入炎陽，必有四肢深厄", line=20, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v168, gates=_HARM),
    Verse(id="V169", verse="子臨井宿，須生脾胃之殃", line=21, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v169, gates=_HARM),
    Verse(id="V170", verse="未到子鄉，定見尊凶婦厄", line=21, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v170, gates=_HARM),
    Verse(id="V171", verse="亥申二勢爭強，不爾道路散失", line=21, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v171, gates=_HARM),
    Verse(id="V172", verse="建逢酉戌，鬼賊門病終憂，不爾小人相害", line=21, tag=Tag.C_STAR, theme=Theme.kin,
          valence=Valence.bad, reads=ALL, needs=frozenset(), test=_v172, household=True, gates=_HARM),
    Verse(id="V173", verse="旺中有卦本全，而出自清名", line=21, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=ALL, needs=frozenset({Need.year_branch, Need.month_branch}), test=_v173, household=True,
          same_as="V55"),
    Verse(id="V174", verse="五卦頗同，文武尊卑自顯", line=21, tag=Tag.C_STAR, theme=Theme.temperament,
          valence=Valence.neutral, reads=ALL, needs=frozenset(), test=_v174),
    Verse(id="V175", verse="分三辨五，旺相尊名，死囚休廢卑賤", line=21, tag=Tag.C_STAR, theme=Theme.status,
          trait="分三辨五: of five pillars three or more always share one side (旺相, or 休囚死)",
          valence=Valence.mixed, reads=ALL, needs=frozenset({Need.month_branch}), test=_v175),
    Verse(id="V176", verse="子來合丑，宮觀閑人", line=21, tag=Tag.C, theme=Theme.temperament, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v176),
    Verse(id="V177", verse="丑到子鄉，復為真吉", line=21, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=DAY_HOUR, needs=_YB, test=_v177),
    Verse(id="V178", verse="亥朝寅位，滋養外人", line=21, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v178),
    Verse(id="V179", verse="寅入天宮，顯然之兆", line=21, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=DAY_HOUR, needs=_YB, test=_v179),
    Verse(id="V180", verse="天魁到卯，破敗土田", line=21, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v180),
    Verse(id="V181", verse="卯人天魁，復為吉兆", line=21, tag=Tag.C, theme=Theme.status, valence=Valence.good,
          reads=DAY_HOUR, needs=_YB, test=_v181),
    Verse(id="V182", verse="酉朝罡上，金土兩和", line=21, tag=Tag.C, theme=Theme.kin, valence=Valence.good,
          reads=DAY_HOUR, needs=_YB, test=_v182),
    Verse(id="V183", verse="罡到金中，和中有訟", line=21, tag=Tag.C, theme=Theme.status, valence=Valence.mixed,
          reads=DAY_HOUR, needs=_YB, test=_v183),
    Verse(id="V184", verse="巳刑傳送，道路長行", line=21, tag=Tag.C, theme=Theme.travel, valence=Valence.neutral,
          reads=DAY_HOUR, needs=_YB, test=_v184, gates=_HARM),
    Verse(id="V185", verse="申到巳中，行人返復", line=21, tag=Tag.C, theme=Theme.travel, valence=Valence.bad,
          reads=DAY_HOUR, needs=_YB, test=_v185, gates=_HARM),
    Verse(id="V186", verse="未午合分得失，未吉午凶", line=22, tag=Tag.C, theme=Theme.status, valence=Valence.mixed,
          reads=DAY_HOUR, needs=_YB, test=_v186),
    Verse(id="V188", verse="全逢下剋，四親孤，尤忌二尊", line=22, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset({Need.year_pillar, Need.month_pillar, Need.day_pillar, Need.hour_pillar}),
          test=_v188, gates=_RESCUE),
    Verse(id="V189", verse="復立上宮，多常退陰人小口", line=22, tag=Tag.C_STAR, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v189, gates=_RESCUE),
    Verse(id="V190", verse="三來剋下，官嗔", line=22, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v190, gates=_RESCUE),
    Verse(id="V191", verse="三制上時，鬼賊", line=22, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v191, gates=_RESCUE),
    Verse(id="V192", verse="二上二下，同類妻財之事", line=22, tag=Tag.C, theme=Theme.kin, valence=Valence.bad,
          reads=ALL, needs=frozenset(), test=_v192, gates=_RESCUE),
    Verse(id="V193", verse="一剋則論於勝負，尤分背我之情", line=22, tag=Tag.C, theme=Theme.kin, valence=Valence.mixed,
          reads=THREE_MASTERS, needs=frozenset({Need.year_pillar}), test=_v193, gates=_RESCUE),
    Verse(id="V201", verse="將干之神，言其面色", line=22, tag=Tag.C, theme=Theme.health, valence=Valence.neutral,
          trait="the face colour: every day and hour stem has its colour",
          reads=DAY_HOUR, needs=frozenset(), test=_v201),
    Verse(id="V202", verse="把音神見身貌真詳", line=22, tag=Tag.C, theme=Theme.health, valence=Valence.neutral,
          reads=(Role.日, Role.時, Role.月), needs=frozenset({Need.day_pillar, Need.hour_pillar}), test=_v202),
    Verse(id="V203", verse="干傷定頭面之災", line=23, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_stem}), test=_v203, gates=_RESCUE),
    Verse(id="V204", verse="音損者四肢為患", line=23, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
          reads=DAY_HOUR, needs=frozenset({Need.year_nayin}), test=_v204, grim=True,
          gates=_RESCUE),
)

LISTED: tuple[Unevaluated, ...] = (
    Unevaluated(id="V187", verse="細視陰陽，居分得失", line=22, tag=Tag.M),
    Unevaluated(id="V194", verse="四時明辨，吉凶災福自然明矣", line=22, tag=Tag.T),
    Unevaluated(id="V195", verse="干要天分，支言十二周還", line=22, tag=Tag.T),
    Unevaluated(id="V196", verse="地理山岡，足見清濁之用", line=22, tag=Tag.T),
    Unevaluated(id="V197", verse="大小凶衰四神，更兼蒿里", line=22, tag=Tag.T),
    Unevaluated(id="V198", verse="上推日月山河", line=22, tag=Tag.T),
    Unevaluated(id="V199", verse="中見人之內外", line=22, tag=Tag.T),
    Unevaluated(id="V200", verse="循環八卦，總推真假五行", line=22, tag=Tag.T),
    Unevaluated(id="V205", verse="今施前聖諸經，共作一家之論", line=23, tag=Tag.M),
)
