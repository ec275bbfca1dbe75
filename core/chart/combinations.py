"""Branches acting together: 三合 frames (局會), 三刑 and 六害 on lines, and 助鬼傷身 — seed 001 (易冒).

Facts first, findings second.  ``frames``, ``punishments``, ``harms`` and ``zhu_gui_shang_shen`` state what holds in
a chart and, for a frame, why it does or does not form; the ``*_findings`` helpers say how a fact bears on the
use-god or the 世, with a weight.  Seed 001 is the authority on all four (DESIGN.md: 三合 "as seed 001's 局會
chapter states"); where it is silent the choice is a flag on a small frozen ``*Rules`` value, defaulting to the
notes' recommendation (``shared/notes/seed001_rules.md``) unless the seed says otherwise.

Rule ids (new, in the notes' style; the seed001 catalogue has none):
ZS- 助傷章第三十六, JH- 局會, XF- 三刑, LH- 六害.  Every id names one seed line (``core.rules``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType

from core.chart.chart import Chart, DayClash, Season, Spirit, season
from core.chart.ganzhi import Branch, Element
from core.chart.hexagram import Relation, relation
from core.chart.relations import (
    FRAMES,
    Frame,
    PunishmentKind,
    Stage,
    clashes,
    generates,
    harm_of,
    overcomes,
    punishes,
    punishment_kind,
    stage,
)
from core.findings import HIDDEN_PLACES, LINE_PLACES, Effect, Finding, Layer, Place, finding
from core.question import Topic
from core.rules import ids, source
from core.values import SymbolEnum, value

GOOD, BAD, NEUTRAL = Effect.GOOD, Effect.BAD, Effect.NEUTRAL

# Rule ids and the seed-001 line each rests on (the Chinese paragraph; its Japanese translation follows it) are
# registered in core.rules; RULES maps this module's ids to their lines.
RULES: Mapping[str, int] = MappingProxyType({rule: source(rule).line for rule in ids("001") if rule[:3] in
                                            ("ZS-", "JH-", "XF-", "LH-")})


def _distinct(*places: Place) -> tuple[Place, ...]:
    """The places a combination finding names, each once (one line can stand in two roles of a frame or a 刑)."""
    return tuple(dict.fromkeys(places))


class Origin(StrEnum):
    """Where a branch taking part in a combination stands."""

    MOVING = "moving"      # a moving line of the primary hexagram
    STIRRED = "stirred"    # a static line the day clashes while strong (暗動, 002 D-02): it acts like a moving line
    STATIC = "static"      # any other static line
    CHANGED = "changed"    # a moving line's changed line
    HIDDEN = "hidden"      # a 伏神
    DAY = "day"
    MONTH = "month"


_PILLARS = (Origin.DAY, Origin.MONTH)

DAY_PLACE = Place(Layer.DAY)
MONTH_PLACE = Place(Layer.MONTH)


def _line_origin(chart: Chart, pos: int) -> Origin:
    line = chart.lines[pos - 1]
    if line.moving:
        return Origin.MOVING
    if line.standing.day_clash is DayClash.暗動:
        return Origin.STIRRED
    return Origin.STATIC


# =====================================================================================================
# 局會 — three-harmony frames
# =====================================================================================================

class FramePart(SymbolEnum):
    """始 (長生), 中 (帝旺, the 中神 and master), 終 (墓)."""

    始 = "始"
    中 = "中"
    終 = "終"


class FrameKind(SymbolEnum):
    """局會有三 (JH-04), named by the line source the frame could not do without."""

    動會 = "動會"  # members among the moving lines (周流六虛而皆會)
    變會 = "變會"  # a member only through a changed line (交重一爻而相會)
    伏會 = "伏會"  # a member only through a 伏神 under a moving 飛神 (發動飛爻而相挈)


class FrameStrength(SymbolEnum):
    """JH-02: both ends intact 大; the end lost 存 (only the store is lost); the start lost 小 (life is lost)."""

    大 = "大"
    存 = "存"
    小 = "小"


class FrameFailure(StrEnum):
    """Why a frame does not form (each is a sentence of seed 001)."""

    NO_MIDDLE = "no_middle"                            # JH-01 失其主則不能會
    MIDDLE_DAMAGED = "middle_damaged"                  # JH-01 傷其中則不能局
    NO_PILLAR = "no_pillar"                            # JH-04 必由日月而懸之 (flag require_pillar)
    CHANGE_WITHOUT_START = "change_without_start"      # JH-05 變失始者其局假
    HIDDEN_WITHOUT_BIRTH = "hidden_without_birth"      # JH-06 伏得生者其局真 — and only then (flag)
    HUNG_END_WITHOUT_START = "hung_end_without_start"  # JH-07 戌月懸午則非: the pillars give only the 墓, 始 lost


FRAME_FAILURE_RULES = {
    FrameFailure.NO_MIDDLE: "JH-01", FrameFailure.MIDDLE_DAMAGED: "JH-01", FrameFailure.NO_PILLAR: "JH-04",
    FrameFailure.CHANGE_WITHOUT_START: "JH-05", FrameFailure.HIDDEN_WITHOUT_BIRTH: "JH-06",
    FrameFailure.HUNG_END_WITHOUT_START: "JH-07",
}


class StaticPolicy(SymbolEnum):
    """Whether a static line may be a frame member — seed 001 never needs one; its 動會 is of moving lines."""

    NEVER = "never"            # notes §2.4 default
    COMPLETING = "completing"  # one static member, when active sources (one a moving line) hold the other two parts
    ALWAYS = "always"          # 周流六虛 read as "anywhere among the six lines"


@value
class FrameRules:
    """The choices seed 001 leaves open about frames.  Defaults follow seed 001 where it speaks, else the notes."""

    # No example of 001 needs a static member (遯之乾's 戌 is also the month); Z002-16's 子 is also a change.
    static_members: StaticPolicy = StaticPolicy.NEVER
    # 凡局必得日月有一在局 — for all three kinds, as the J translation reads it (皆必ず) and all five examples show.
    require_pillar: bool = True
    # 伏得生者其局真 read with its pair 變失始者其局假 (是/非): a 伏會 forms only when its 飛神 is the 伏神's 長生.
    hidden_needs_birth: bool = True
    # 002's 動不為空 (void moving/changed members count whole).  Off: 001's own 謙之泰 counts a void change as lost
    # ("寅值空，乃失其始"), and DESIGN.md makes 001 the authority on frames.
    moving_void_intact: bool = False


@value
class Supply:
    """One place supplying a frame member; ``counted`` is False for a static line the rules exclude."""

    place: Place
    origin: Origin
    void: bool      # 旬空
    broken: bool    # 月破
    damaged: bool   # void or broken as the rules count it (the day and the month are never damaged)
    counted: bool


@value
class FrameMember:
    """One part of a frame and every place supplying it; the rest is derived from the supplies by ``_member``
    (fields, not properties: each is read several times while a frame is judged)."""

    part: FramePart
    branch: Branch
    supplies: tuple[Supply, ...]
    present: bool  # some supply counts
    intact: bool  # present through at least one undamaged source (a damaged line beside an intact pillar is there)
    places: tuple[Place, ...]  # the counted supplies' places
    line_origins: frozenset[Origin]  # the counted supplies' origins, the pillars aside


def _member(part: FramePart, branch: Branch, supplies: tuple[Supply, ...]) -> FrameMember:
    counted = [s for s in supplies if s.counted]
    return FrameMember(part, branch, supplies, bool(counted), any(not s.damaged for s in counted),
                       tuple(s.place for s in counted),
                       frozenset(s.origin for s in counted if s.origin not in _PILLARS))


@value
class FrameFact:
    """One frame found in a chart: its members and where they stand, whether it forms, and why not."""

    frame: Frame
    kind: FrameKind
    members: tuple[FrameMember, FrameMember, FrameMember]  # 始, 中, 終
    relation: Relation  # the frame element's 六親 in the palace (members keep their own: JH-03)
    strength: FrameStrength
    failures: tuple[FrameFailure, ...]
    hung: tuple[FramePart, ...]  # parts the day or the month supplies
    hidden_genuine: bool | None  # 伏會: its 飛神 is the 伏神's 長生 (None: no hidden member)
    season: Season  # the frame element in the month, read at the middle branch ("水局旺相", "火局休囚")

    @property
    def element(self) -> Element:
        return self.frame.element

    @property
    def formed(self) -> bool:
        return not self.failures

    @property
    def start(self) -> FrameMember:
        return self.members[0]

    @property
    def middle(self) -> FrameMember:
        return self.members[1]

    @property
    def end(self) -> FrameMember:
        return self.members[2]

    @property
    def places(self) -> tuple[Place, ...]:
        return tuple(dict.fromkeys(p for m in self.members for p in m.places))

    @property
    def omen(self) -> Effect:
        """JH-07 懸始吉而懸終凶: GOOD when a pillar hangs the start, BAD when one hangs only the end."""
        if FramePart.始 in self.hung:
            return GOOD
        if FramePart.終 in self.hung:
            return BAD
        return NEUTRAL

    @property
    def in_season(self) -> bool:
        return self.season is not Season.休囚


def _supply_line(chart: Chart, place: Place, origin: Origin, rules: FrameRules, counted: bool) -> Supply:
    pos = place.position
    line = chart.lines[pos - 1]
    if place.layer is Layer.LINE:
        st = line.standing
    elif place.layer is Layer.CHANGED:
        assert line.changed is not None
        st = line.changed.standing
    else:
        assert line.hidden is not None
        st = line.hidden.standing
    void, broken = st.void, st.month_break
    fills = rules.moving_void_intact and origin in (Origin.MOVING, Origin.CHANGED)
    return Supply(place, origin, void, broken, (void and not fills) or broken, counted)


def _frame_supplies(chart: Chart, rules: FrameRules, wanted: frozenset[Branch] | None = None
                    ) -> dict[Branch, list[Supply]]:
    """Every place that can supply a frame member (of a ``wanted`` branch), by branch, in one pass over the chart."""
    out: dict[Branch, list[Supply]] = {}
    static_counted = rules.static_members is StaticPolicy.ALWAYS
    for line in chart.lines:
        pos = line.position
        moving = line.moving
        if wanted is None or line.branch in wanted:
            out.setdefault(line.branch, []).append(_supply_line(
                chart, Place(Layer.LINE, pos), Origin.MOVING if moving else Origin.STATIC, rules,
                moving or static_counted))
        if line.changed is not None and (wanted is None or line.changed.branch in wanted):
            out.setdefault(line.changed.branch, []).append(
                _supply_line(chart, Place(Layer.CHANGED, pos), Origin.CHANGED, rules, True))
        if line.hidden is not None and moving and (wanted is None or line.hidden.branch in wanted):
            out.setdefault(line.hidden.branch, []).append(
                _supply_line(chart, Place(Layer.HIDDEN, pos), Origin.HIDDEN, rules, True))
    out.setdefault(chart.moment.day.branch, []).append(Supply(DAY_PLACE, Origin.DAY, False, False, False, True))
    out.setdefault(chart.moment.month_branch, []).append(Supply(MONTH_PLACE, Origin.MONTH, False, False, False, True))
    return out


def _count_completing_static(members: list[FrameMember]) -> list[FrameMember]:
    """StaticPolicy.COMPLETING: a static line counts for the one part no active source holds, when active
    sources hold the two others and a moving line is among them."""
    absent = [m for m in members if not m.present]
    if len(absent) != 1 or not any(s.origin is Origin.STATIC for s in absent[0].supplies):
        return members
    if not any(Origin.MOVING in m.line_origins for m in members if m.present):
        return members
    done = []
    for m in members:
        if m is absent[0]:
            m = _member(m.part, m.branch, tuple(
                Supply(s.place, s.origin, s.void, s.broken, s.damaged, True) if s.origin is Origin.STATIC else s
                for s in m.supplies))
        done.append(m)
    return done


def _born(chart: Chart, m: FrameMember) -> bool:
    """JH-06 伏得生: the member's 伏神 sits under its own 長生 (午伏寅, 子伏申)."""
    return any(stage(m.branch.element, chart.lines[s.place.position - 1].branch) is Stage.長生
               for s in m.supplies if s.counted and s.origin is Origin.HIDDEN)


def _frame_fact(chart: Chart, frame: Frame, rules: FrameRules,
                supplies: dict[Branch, list[Supply]]) -> FrameFact | None:
    if rules.static_members is not StaticPolicy.COMPLETING and sum(
            any(s.counted for s in supplies.get(br, ())) for br in frame.members) < 2:
        return None  # the common case, decided before building anything
    members = [_member(part, br, tuple(supplies.get(br, ()))) for part, br in zip(FramePart, frame.members)]
    if rules.static_members is StaticPolicy.COMPLETING:
        members = _count_completing_static(members)
    present = [m.present for m in members]
    origins = [m.line_origins for m in members]  # each read several times below
    # A frame is worth stating once two of its parts are there and a line of the chart takes part.
    if sum(present) < 2 or not any(o for o, here in zip(origins, present) if here):
        return None
    start, middle, end = members

    # The kind is named by the line sources, the pillars aside (遯之乾: 寅 is the change and the day, "變會");
    # 變會 and 伏會 are then held to their own conditions (JH-05, JH-06) even where a pillar doubles a member.
    def on_change(origin: frozenset[Origin]) -> bool:
        return Origin.CHANGED in origin and not origin & {Origin.MOVING, Origin.STATIC}

    def on_hidden(origin: frozenset[Origin]) -> bool:
        return origin == {Origin.HIDDEN}

    uses_hidden = any(on_hidden(o) for o in origins)
    uses_change = any(on_change(o) for o in origins)
    kind = FrameKind.伏會 if uses_hidden else FrameKind.變會 if uses_change else FrameKind.動會

    hidden_genuine: bool | None = None
    if uses_hidden:
        # JH-06: a 伏會 is genuine when each member it lifts sits under its 長生 (午伏寅, 子伏申).
        hidden_genuine = all(_born(chart, m) for m, o in zip(members, origins) if on_hidden(o))

    hung = tuple(m.part for m in members if any(s.counted and s.origin in _PILLARS for s in m.supplies))
    start_ok, end_ok = start.intact, end.intact
    strength = (FrameStrength.大 if start_ok and end_ok else FrameStrength.存 if start_ok else FrameStrength.小)

    failures = []
    if not middle.present:
        failures.append(FrameFailure.NO_MIDDLE)
    elif not middle.intact:
        failures.append(FrameFailure.MIDDLE_DAMAGED)
    if rules.require_pillar and not hung:
        failures.append(FrameFailure.NO_PILLAR)
    if uses_change and not start_ok:
        failures.append(FrameFailure.CHANGE_WITHOUT_START)
    if uses_hidden and rules.hidden_needs_birth and not hidden_genuine:
        failures.append(FrameFailure.HIDDEN_WITHOUT_BIRTH)
    if hung == (FramePart.終,) and not start_ok:
        failures.append(FrameFailure.HUNG_END_WITHOUT_START)

    return FrameFact(
        frame=frame, kind=kind, members=(start, middle, end),
        relation=relation(chart.hexagram.element, frame.element), strength=strength, failures=tuple(failures),
        hung=hung, hidden_genuine=hidden_genuine, season=season(frame.middle, chart.moment.month_branch),
    )


def frames(chart: Chart, rules: FrameRules = FrameRules(),
           elements: frozenset[Element] | None = None) -> tuple[FrameFact, ...]:
    """Every frame with at least two parts present (one through a line of the chart), formed or not (JH-01…07);
    with ``elements``, only the frames of those elements (a reading needs the ones bearing on its use-god).

    Sources (notes §2.4): moving lines, changed lines, 伏神 under moving 飛神, the day and the month; static lines
    only as ``rules.static_members`` allows.  Damage is 旬空 or 月破 of the source; a pillar is never damaged.
    """
    # Most charts have no frame worth stating: rule them out from the branches alone before building anything
    # (a superset of the counted sources — every static line may count under COMPLETING/ALWAYS).
    moment = chart.moment
    static = rules.static_members is not StaticPolicy.NEVER
    on_lines = {ln.branch for ln in chart.lines if ln.moving or static}
    on_lines.update(ln.changed.branch for ln in chart.lines if ln.changed is not None)
    on_lines.update(ln.hidden.branch for ln in chart.lines if ln.hidden is not None and ln.moving)
    pillars = (moment.day.branch, moment.month_branch)
    possible = [frame for frame in FRAMES if (elements is None or frame.element in elements)
                and any(b in on_lines for b in frame.members)
                and sum(b in on_lines or b in pillars for b in frame.members) >= 2]
    if not possible:
        return ()
    supplies = _frame_supplies(chart, rules, frozenset(b for frame in possible for b in frame.members))
    return tuple(f for f in (_frame_fact(chart, frame, rules, supplies) for frame in possible) if f is not None)


# =====================================================================================================
# 三刑 and 六害 on lines
# =====================================================================================================

@value
class ActRules:
    """Which things may punish or harm a line; seed 001 names none, the 困之兌 case uses the day and a change."""

    static_acts: bool = False          # a static (not 暗動) line punishes/harms others — 002: static lines do not act
    self_by_pillars: bool = False      # 自刑 of a line by the day/month of its own branch (the line 臨日/臨月 instead)


@value
class _Actor:
    place: Place
    branch: Branch
    origin: Origin


@value
class _Target:
    place: Place
    branch: Branch
    relation: Relation
    world: bool
    changed: Branch | None  # its own changed line (a changed line acts on its own moving line only, 002 DB-01)


def _targets(chart: Chart, only: frozenset[Place] | None) -> tuple[_Target, ...]:
    out = []
    for line in chart.lines:
        place = LINE_PLACES[line.position]
        if only is None or place in only:
            out.append(_Target(place, line.branch, line.relation, line.world,
                               line.changed.branch if line.changed else None))
    for line in chart.lines:
        place = HIDDEN_PLACES[line.position]
        if line.hidden is not None and (only is None or place in only):
            out.append(_Target(place, line.hidden.branch, line.hidden.relation, False, None))
    return tuple(out)


def _actors(chart: Chart, rules: ActRules) -> tuple[_Actor, ...]:
    out = [_Actor(DAY_PLACE, chart.moment.day.branch, Origin.DAY),
           _Actor(MONTH_PLACE, chart.moment.month_branch, Origin.MONTH)]
    for line in chart.lines:
        origin = _line_origin(chart, line.position)
        if origin is not Origin.STATIC or rules.static_acts:
            out.append(_Actor(Place(Layer.LINE, line.position), line.branch, origin))
    return tuple(out)


def _acting_on(actors: tuple[_Actor, ...], target: _Target) -> list[_Actor]:
    """Who can act on a target: the pillars, acting lines other than itself, and its own changed line."""
    layer, pos = target.place.layer, target.place.position
    acts = [a for a in actors if a.place.position != pos or a.place.layer is not layer]
    if target.changed is not None:
        acts.append(_Actor(Place(Layer.CHANGED, target.place.position), target.changed, Origin.CHANGED))
    return acts


@value
class PunishmentFact:
    """``by`` punishes the line at ``target`` (XF-01)."""

    target: Place
    branch: Branch
    relation: Relation
    world: bool
    by: Place
    by_branch: Branch
    origin: Origin
    kind: PunishmentKind
    clash: bool   # 刑而兼沖: the punisher also clashes the target (申→寅, 未→丑): 重 (XF-02)
    triple: bool  # the whole 寅巳申 / 丑戌未 group stands around the target (target, pillars, acting lines, own change)

    @property
    def genuine(self) -> bool:
        """真刑 as seed 001 (L39) defines it, by its own example 「酉建庚申日，用財得困之兌是謂真刑」: punished and
        clashed at once, with the whole group present."""
        return self.clash and self.triple


# The branches that punish each branch (刑 is one-way: 子 punishes 卯, 卯 punishes 子; 辰 punishes itself).
_PUNISHERS: tuple[frozenset[Branch], ...] = tuple(frozenset(a for a in Branch if punishes(a, b)) for b in Branch)


def punishments(chart: Chart, rules: ActRules = ActRules(), only: frozenset[Place] | None = None
                ) -> tuple[PunishmentFact, ...]:
    """Every 刑 on a primary or hidden line by the day, the month, an acting (moving/暗動) line or its own change.
    ``only``: just these targets (a reading weighs the use-god and the 世 alone: 當別用爻)."""
    out = []
    actors = _actors(chart, rules)
    for t in _targets(chart, only):
        acts = _acting_on(actors, t)
        if _PUNISHERS[t.branch].isdisjoint([a.branch for a in acts]):
            continue  # the common case: nothing here punishes it
        around = {t.branch} | {a.branch for a in acts}
        for a in acts:
            kind = punishment_kind(a.branch, t.branch)
            if kind is None:
                continue
            if kind is PunishmentKind.自刑 and a.origin in _PILLARS and not rules.self_by_pillars:
                continue
            triple = kind in (PunishmentKind.寅巳申, PunishmentKind.丑戌未) and all(
                Branch[c] in around for c in kind.value)
            out.append(PunishmentFact(t.place, t.branch, t.relation, t.world, a.place, a.branch, a.origin, kind,
                                      clashes(a.branch, t.branch), triple))
    return tuple(out)


class HarmKind(SymbolEnum):
    生害 = "生害"  # 心惡而面好，外悅而內仇
    克害 = "克害"


class HarmDirection(SymbolEnum):
    """Seen from the harmed line (我)."""

    彼生我 = "彼生我"
    我生彼 = "我生彼"
    彼克我 = "彼克我"  # 彼剛而我柔，力被制: the heavy one
    我克彼 = "我克彼"  # 我強而彼弱，志相惡


@value
class HarmFact:
    """``by`` and the line at ``target`` are a 六害 pair (LH-01); the kind and direction say how (LH-02)."""

    target: Place
    branch: Branch
    relation: Relation
    world: bool
    by: Place
    by_branch: Branch
    origin: Origin
    direction: HarmDirection
    response_on_world: bool  # the 應 harming the 世 (LH-02 "及應克世")

    @property
    def kind(self) -> HarmKind:
        return HarmKind.克害 if self.direction in (HarmDirection.彼克我, HarmDirection.我克彼) else HarmKind.生害


_HARM: tuple[Branch, ...] = tuple(harm_of(b) for b in Branch)


def _harms(a: Branch, b: Branch) -> bool:
    return _HARM[a] is b


def harm_direction(target: Branch, by: Branch) -> HarmDirection | None:
    """How a 六害 pair stands from ``target``'s side; None when the two are not a 害 pair."""
    if not _harms(target, by):
        return None
    a, b = target.element, by.element
    if generates(b, a):
        return HarmDirection.彼生我
    if generates(a, b):
        return HarmDirection.我生彼
    if overcomes(b, a):
        return HarmDirection.彼克我
    return HarmDirection.我克彼


def harms(chart: Chart, rules: ActRules = ActRules(), only: frozenset[Place] | None = None) -> tuple[HarmFact, ...]:
    """Every 六害 between a line (primary or hidden) and the day, the month, an acting line or its own change;
    also the 應 on the 世 even when static, which the text names.  ``only``: just these targets."""
    out = []
    response = chart.response
    r_place = Place(Layer.LINE, response.position)
    actors = _actors(chart, rules)
    for t in _targets(chart, only):
        acts = _acting_on(actors, t)
        if t.world and not any(a.place == r_place for a in acts):
            acts.append(_Actor(r_place, response.branch, Origin.STATIC))
        partner = _HARM[t.branch]
        if all(a.branch is not partner for a in acts):
            continue  # the common case: its 害 partner is not among them
        for a in acts:
            d = harm_direction(t.branch, a.branch)
            if d is None:
                continue
            out.append(HarmFact(t.place, t.branch, t.relation, t.world, a.place, a.branch, a.origin, d,
                                t.world and a.place == r_place))
    return tuple(out)


# =====================================================================================================
# 助鬼傷身 (助傷章第三十六)
# =====================================================================================================

class ZhuGuiFailure(StrEnum):
    """Why a 官鬼 line does not make 助鬼傷身."""

    WORLD_NOT_OVERCOME = "world_not_overcome"  # ZS-01: the 世 is not of the palace element, no 鬼 overcomes it
    NO_BIRTH = "no_birth"                      # ZS-01: the day is not the 鬼's 長生
    BIRTH_NOT_ON_DAY = "birth_not_on_day"      # ZS-04: its 長生 is the year/month/a moving or changed line only
    NOT_TRUE_BIRTH = "not_true_birth"          # ZS-05: 金鬼 on 巳, 土鬼 on 申 (巽鬼 革鬼 非大生)
    DAY_HELPS_ONLY = "day_helps_only"          # ZS-06: the day generates the 鬼 but is not its 長生 (坎鬼 離鬼)
    GHOST_VOID = "ghost_void"                  # ZS-02 空
    GHOST_BROKEN = "ghost_broken"              # ZS-02 破
    WORLD_STRONG = "world_strong"              # ZS-03 世 旺相 by the month


_IN_SEASON = (Season.旺, Season.次旺, Season.相)


def true_birth(element: Element, branch: Branch) -> bool:
    """五行大生謂之真生 (ZS-05): the 長生 branch whose own element generates — 木 亥, 火 寅, 水 申; never 金 巳, 土 申."""
    return stage(element, branch) is Stage.長生 and generates(branch.element, element)


@value
class GhostCandidate:
    """A 官鬼 line of the primary hexagram, tested as the attacker of the 世."""

    place: Place
    branch: Branch
    moving: bool
    in_season: bool  # 旺相 by the month: 旺大衰小 (ZS-09)
    spirit: Spirit
    failures: tuple[ZhuGuiFailure, ...]

    @property
    def qualifies(self) -> bool:
        return not self.failures


@value
class ZhuGuiFact:
    """助鬼傷身: the 世 overcome by a 官鬼 that has its true 長生 on the day (ZS-01…06)."""

    world: Place
    world_branch: Branch
    day: Branch
    ghosts: tuple[GhostCandidate, ...]  # the qualifying ones

    @property
    def fast(self) -> bool:
        """靜遲動速."""
        return any(g.moving for g in self.ghosts)

    @property
    def large(self) -> bool:
        """旺大衰小."""
        return any(g.in_season for g in self.ghosts)

    @property
    def places(self) -> tuple[Place, ...]:
        return (self.world, *(g.place for g in self.ghosts))


def _world_exposed(chart: Chart) -> tuple[bool, bool]:
    """(a 鬼 overcomes the 世: it holds the palace element — ZS-01; the 世 is 旺相 in the month — ZS-03)."""
    world = chart.world
    return (world.element is chart.hexagram.element,
            not world.standing.month_break and world.standing.season in _IN_SEASON)


def zhu_gui_candidates(chart: Chart) -> tuple[GhostCandidate, ...]:
    """Every 官鬼 line of the primary hexagram with the reasons it fails to make 助鬼傷身 (empty: it qualifies).

    Only visible lines attack (notes §1.7: a 伏神 or a changed 鬼 is not taken, as E3 distrusts moving/changed
    sources).  散 (ZS-09 惟空破散則吉) needs no test: a day that is a 鬼's 長生 never clashes it.
    """
    day, month = chart.moment.day.branch, chart.moment.month_branch
    year = chart.moment.year_branch
    world_hit, world_strong = _world_exposed(chart)
    others = {month} | ({year} if year is not None else set())
    others |= {ln.branch for ln in chart.lines if ln.moving}
    others |= {ln.changed.branch for ln in chart.lines if ln.changed is not None}
    out = []
    for line in chart.lines:
        if line.relation is not Relation.官鬼:
            continue
        el = line.element
        fails = []
        if not world_hit:
            fails.append(ZhuGuiFailure.WORLD_NOT_OVERCOME)
        if stage(el, day) is Stage.長生:
            if not true_birth(el, day):
                fails.append(ZhuGuiFailure.NOT_TRUE_BIRTH)
        elif any(true_birth(el, b) for b in others):
            fails.append(ZhuGuiFailure.BIRTH_NOT_ON_DAY)
        elif generates(day.element, el):
            fails.append(ZhuGuiFailure.DAY_HELPS_ONLY)
        else:
            fails.append(ZhuGuiFailure.NO_BIRTH)
        if line.standing.void:
            fails.append(ZhuGuiFailure.GHOST_VOID)
        if line.standing.month_break:
            fails.append(ZhuGuiFailure.GHOST_BROKEN)
        if world_strong:
            fails.append(ZhuGuiFailure.WORLD_STRONG)
        out.append(GhostCandidate(Place(Layer.LINE, line.position), line.branch, line.moving,
                                  not line.standing.month_break and line.standing.season in _IN_SEASON,
                                  line.spirit, tuple(fails)))
    return tuple(out)


def zhu_gui_shang_shen(chart: Chart) -> ZhuGuiFact | None:
    """助鬼傷身 if at least one 官鬼 line qualifies (notes §1.2 A–E), else None."""
    world_hit, world_strong = _world_exposed(chart)
    if not world_hit or world_strong:  # every candidate fails on the 世 alone: skip building them
        return None
    ghosts = tuple(g for g in zhu_gui_candidates(chart) if g.qualifies)
    if not ghosts:
        return None
    return ZhuGuiFact(Place(Layer.LINE, chart.world.position), chart.world.branch, chart.moment.day.branch, ghosts)


TOPICS = tuple(t.value for t in Topic)  # every topic id of the question catalogue

# Topic → (key, effect, rule) for the topics the chapter reads by name.
_ZG_READINGS: dict[str, tuple[str, Effect, str]] = {
    "lifetime": ("zhu_gui_lifetime", BAD, "ZS-07"),   # 身命: 認禍為福 … 因財喪身，貪色亡命
    "property": ("zhu_gui_household", BAD, "ZS-07"),  # 占家: 主人貪利忘害，求益遭損
    "career": ("zhu_gui_career", GOOD, "ZS-07"),      # 占官驟升，占武即發
    "lawsuit": ("zhu_gui_lawsuit", BAD, "ZS-08"),     # 重責之憂
    "lost": ("zhu_gui_lost", BAD, "ZS-08"),           # 再偷之慮
    "wealth": ("zhu_gui_wealth", BAD, "ZS-08"),       # 妄求之害
    "travel": ("zhu_gui_travel", BAD, "ZS-08"),       # 行險之虞
    "illness": ("zhu_gui_illness", BAD, "ZS-08"),     # 枕蓆之患未離
}
# Topics the chapter does not name, read by its closing rule (總之 …: 以鬼為忌者凶, 以官為用者吉而嫌其克世).
_ZG_GENERAL = ("exam", "pregnancy", "returning", "lifespan", "other")
# Topics where the 世 is not the matter at all (fixed use-gods: the sky, the year's harvest, the go-between).
_ZG_NONE = ("weather", "year", "matchmaker")
# 占家: the spirit on the 鬼 — 雀起非, 武被劫, 虎見喪, 蛇而驚.
_HOUSEHOLD_SPIRITS = (Spirit.朱雀, Spirit.玄武, Spirit.白虎, Spirit.螣蛇)
_TOPIC_USE_GOD = {"career": Relation.官鬼, "wealth": Relation.妻財}

# Weights: the 世 itself is overcome by a 鬼 the day keeps alive — the querent is hit, heavier than a frame on the
# use-god (6); "世爻尤凶".  A weak 鬼 makes the matter small (衰小): one less.  The good readings (官 as use-god)
# are a strong help (5) that still carries the 克世 demerit (2, 亦嫌其克世); a household spirit adds a light (3)
# named misfortune.
W_ZG, W_ZG_GOOD, W_ZG_WORLD, W_ZG_SPIRIT = 7, 5, 2, 3


def zhu_gui_findings(fact: ZhuGuiFact | None, topic: str, use_god: Relation | None = None) -> tuple[Finding, ...]:
    """What 助鬼傷身 means for a topic (ZS-07…09); ``use_god`` decides marriage (官 → 女占夫 反吉) and the
    general rule, defaulting to the topic's usual relation (career 官鬼, wealth 妻財)."""
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}; known: {', '.join(TOPICS)}")
    if fact is None or topic in _ZG_NONE:
        return ()
    ug = use_god if use_god is not None else _TOPIC_USE_GOD.get(topic)
    places = _distinct(*fact.places)
    params = {"speed": "fast" if fact.fast else "slow", "scale": "large" if fact.large else "small",
              "world": fact.world_branch.name, "ghost": "".join(g.branch.name for g in fact.ghosts)}
    bad_w = W_ZG if fact.large else W_ZG - 1
    out: list[Finding] = []

    def good_with_demerit(key: str, rule: str, w: int) -> None:
        out.append(finding(rule, key, GOOD, w, places, **params))
        out.append(finding("ZS-09", "zhu_gui_overcomes_world", BAD, W_ZG_WORLD, places, **params))

    if topic == "marriage":
        if ug is Relation.官鬼:
            good_with_demerit("zhu_gui_marriage_husband", "ZS-07", W_ZG_GOOD)  # 女占夫而官星為用者，遇之反吉
        else:
            # 娶婦則主婦不賢
            out.append(finding("ZS-07", "zhu_gui_marriage_wife", BAD, bad_w, places, **params))
    elif topic in _ZG_READINGS:
        key, effect, rule = _ZG_READINGS[topic]
        if effect is GOOD:
            good_with_demerit(key, rule, W_ZG_GOOD)
        else:
            out.append(finding(rule, key, BAD, bad_w, places, **params))
        if topic == "property":
            for g in fact.ghosts:
                if g.spirit in _HOUSEHOLD_SPIRITS:
                    out.append(finding("ZS-07", "zhu_gui_household_spirit", BAD, W_ZG_SPIRIT, (g.place,),
                                       spirit=g.spirit.value))
    elif ug is Relation.官鬼:  # 大抵用官吉 (only "on the whole" for unnamed topics: 3) … 亦嫌其克世
        good_with_demerit("zhu_gui_general", "ZS-09", W_ZG_GOOD - 2)
    else:  # 以鬼為忌者，助傷固凶; 用財凶, 世爻尤凶
        out.append(finding("ZS-09", "zhu_gui_general", BAD, bad_w, places, **params))
    return tuple(out)


# =====================================================================================================
# Findings: how frames, 刑 and 害 bear on the use-god and the 世
# =====================================================================================================

def _branch_at(chart: Chart, place: Place) -> Branch:
    if place.layer is Layer.DAY:
        return chart.moment.day.branch
    if place.layer is Layer.MONTH:
        return chart.moment.month_branch
    if not 1 <= place.position <= 6:
        raise KeyError(f"no line {place.position}")
    line = chart.lines[place.position - 1]
    if place.layer is Layer.LINE:
        return line.branch
    yao = line.changed if place.layer is Layer.CHANGED else line.hidden
    if yao is None:
        raise KeyError(f"nothing at {place}")
    return yao.branch


# Frame weights: a formed frame is three branches with a pillar among them acting as one element — more than a
# single moving line (4 in core.reading.step2_strength) and about the month's own verdict (6) when whole (大); 存 keeps most of
# it (5); a frame without its 長生 is small (3).  懸始 (a pillar on the start: 旺相, "故成會") adds 1, a pillar
# only on the end (懸終凶) takes 1.
_W_FRAME = {FrameStrength.大: 6, FrameStrength.存: 5, FrameStrength.小: 3}


def frame_weight(fact: FrameFact) -> int:
    w = _W_FRAME[fact.strength]
    if fact.omen is GOOD:
        w += 1
    elif fact.omen is BAD:
        w -= 1
    return w


def frame_findings(facts: Sequence[FrameFact], use_god_places: Sequence[Place], chart: Chart) -> tuple[Finding, ...]:
    """A formed frame of the use-god's element, or of its 元神, helps it; of its 忌神 (the element that overcomes
    it) hurts it (JH-03: the frame acts as its middle's element).  A frame that would bear on the use-god but does
    not form is stated at weight 0 with the reason (謙之泰: "不成會矣")."""
    out: list[Finding] = []
    for place in dict.fromkeys(use_god_places):
        ug = _branch_at(chart, place).element
        for f in facts:
            el = f.element
            if el is ug:
                key, effect = "frame_supports", GOOD
            elif generates(el, ug):
                key, effect = "frame_generates", GOOD
            elif overcomes(el, ug):
                key, effect = "frame_overcomes", BAD
            else:
                continue
            params = {"frame": "".join(b.name for b in f.frame.members), "element": el.name, "relation": f.relation.value,
                          "kind": f.kind.value, "strength": f.strength.value, "use_god": _branch_at(chart, place).name}
            if f.formed:
                out.append(finding("JH-03", key, effect, frame_weight(f), _distinct(place, *f.places), **params))
            else:
                why = f.failures[0]
                out.append(finding(FRAME_FAILURE_RULES[why], "frame_not_formed", NEUTRAL, 0,
                                   _distinct(place, *f.places), reason=",".join(x.value for x in f.failures), would=key, **params))
    return tuple(out)


W_FRAME_WORLD = 3  # LH-10: a reason of its own; the decision reads it as one step (core.reading.step5_overrides)


def world_frame_findings(facts: Sequence[FrameFact], chart: Chart, use_element: Element,
                         wealth: bool) -> tuple[Finding, ...]:
    """LH-10 (增刪卜易 三合章, L531) 「凡得三合名利婚姻……用神旺者無不為吉，必要世爻在局為美，若不在於局內須要局生
    世爻為吉，局克世爻為凶。如占財，財局生世利於我財，局生應利於他」: the 局 the matter gains — a formed 局 of the
    use-god's element or of its 元神 (財局 or 子孫局 for money, LH-09) — read against the 世: the 世 among its
    branches, else the 局 generating or overcoming it; and, for money (``wealth``), a 財局 that generates the 應 and
    not the 世.  A 局 of the 忌神 is the matter's harm (JH-03), not a gain to weigh against the 世.  The keys of the
    局 generating or overcoming a line (JH-03's) are reused, the line it acts on (the 世, or the 應) first."""
    world, resp = chart.world, chart.response
    wp, rp = LINE_PLACES[world.position], LINE_PLACES[resp.position]
    out: list[Finding] = []
    for f in facts:
        if not f.formed or not (f.element is use_element or generates(f.element, use_element)):
            continue
        el = f.element
        params = {"frame": "".join(b.name for b in f.frame.members), "element": el.name,
                  "relation": f.relation.value, "world": world.branch.name}
        inside = world.branch in f.frame.members  # 「若不在於局內」: 生 and 克 are read only for a 世 outside it
        if inside:
            out.append(finding("LH-10", "world_in_frame", GOOD, W_FRAME_WORLD, _distinct(wp, *f.places), **params))
        elif generates(el, world.element):
            out.append(finding("LH-10", "frame_generates", GOOD, W_FRAME_WORLD, _distinct(wp, *f.places), **params))
        elif overcomes(el, world.element):
            out.append(finding("LH-10", "frame_overcomes", BAD, W_FRAME_WORLD, _distinct(wp, *f.places), **params))
        if wealth and f.relation is Relation.妻財 and generates(el, resp.element) and not (
                inside or generates(el, world.element)):
            out.append(finding("LH-10", "frame_generates", BAD, W_FRAME_WORLD, _distinct(rp, *f.places), **params))
    return tuple(out)


# 刑 weights: "不及旬空月破之凶" (those weigh 7 in core.reading.step2_strength) and likened to 退神: a plain 刑 2, 刑而兼沖 3
# ("其力更大"), 真刑 4.  The lawsuit case "官克世 … 若世刑而大凶" is heavy (6).  Topic images are light (1).
W_PUNISH, W_PUNISH_CLASH, W_PUNISH_TRUE, W_PUNISH_LAWSUIT, W_IMAGE = 2, 3, 4, 6, 1
_PUNISH_IMAGES = {
    "lifetime": "punished_lifetime",  # 身命 → 骨肉之相殘 (世 or 用)
    "marriage": "punished_marriage",  # 婚姻 → 門第之相壓 (男 財, 女 官: the use-god)
    "career": "punished_career",      # 宦 → 憂內喪
    "illness": "punished_illness",    # 病 → 防帶疾
}


def _subjects(place: Place, world: bool, use_god_places: Sequence[Place]) -> str | None:
    if place in use_god_places:
        return "use_god"
    if world:
        return "world"
    return None


def punishment_findings(facts: Sequence[PunishmentFact], use_god_places: Sequence[Place], chart: Chart | None = None,
                        topic: str | None = None) -> tuple[Finding, ...]:
    """刑 on the use-god or the 世 is bad, lighter than 旬空/月破 (XF-03); 刑兼沖 heavier, 真刑 heaviest (XF-02).
    With ``topic`` the text's image for it is added; with ``chart`` and a lawsuit, 官克世 plus 世刑 is 大凶."""
    if topic is not None and topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}; known: {', '.join(TOPICS)}")
    out: list[Finding] = []
    hit: dict[Place, str] = {}
    world_punished: list[PunishmentFact] = []
    for f in facts:
        who = _subjects(f.target, f.world, use_god_places)
        if who is None:
            continue
        hit.setdefault(f.target, who)
        if f.world:
            world_punished.append(f)
        w = W_PUNISH_TRUE if f.genuine else W_PUNISH_CLASH if f.clash else W_PUNISH
        key = "punished_true" if f.genuine else "punished_and_clashed" if f.clash else "punished"
        out.append(finding("XF-02" if f.clash else "XF-03", key, BAD, w, _distinct(f.target, f.by), subject=who,
                           branch=f.branch.name, by=f.by_branch.name, origin=f.origin.value, kind=f.kind.value))
    if topic in _PUNISH_IMAGES:
        for place, who in hit.items():
            if topic == "marriage" and who != "use_god":
                continue  # the note: 男娶謂財、女嫁謂官 — the use-god line, not the 世
            out.append(finding("XF-03", _PUNISH_IMAGES[topic], BAD, W_IMAGE, (place,), subject=who))
    if topic == "lawsuit" and chart is not None and world_punished:
        world_line = chart.world
        ghosts = [ln for ln in chart.lines
                  if ln.relation is Relation.官鬼 and overcomes(ln.element, world_line.element)]
        if ghosts:
            here = _distinct(Place(Layer.LINE, world_line.position), *(Place(Layer.LINE, g.position) for g in ghosts),
                             *(f.by for f in world_punished))
            out.append(finding("XF-03", "punished_world_ghost_overcomes", BAD, W_PUNISH_LAWSUIT, here))
    return tuple(out)


# 六害 weights: "不及六沖之甚"; 克害 outweighs 生害, and counts most on 用/世 and as 應克世: 彼克我 2, the 應
# overcoming the 世 2, 我克彼 (only ill-will) 1, 生害 (friendly outside, hostile inside) 1.
W_HARM_OVERCOME, W_HARM_LIGHT = 2, 1


def harm_findings(facts: Sequence[HarmFact], use_god_places: Sequence[Place]) -> tuple[Finding, ...]:
    """六害 on the use-god or the 世 (LH-02): judged on the line (當別用爻), 克害 over 生害."""
    out: list[Finding] = []
    for f in facts:
        who = _subjects(f.target, f.world, use_god_places)
        if who is None:
            continue
        heavy = f.direction is HarmDirection.彼克我
        key = ("response_harms_world" if f.response_on_world and heavy
               else "harmed_overcome" if heavy
               else "harmed_overcoming" if f.direction is HarmDirection.我克彼
               else "harmed_generating")
        out.append(finding("LH-02", key, BAD, W_HARM_OVERCOME if heavy else W_HARM_LIGHT, _distinct(f.target, f.by),
                           subject=who, branch=f.branch.name, by=f.by_branch.name, origin=f.origin.value,
                           kind=f.kind.value, direction=f.direction.value))
    return tuple(out)
