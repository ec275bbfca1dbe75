"""A verse of 玉照定真經 as a predicate: what it needs, what it reads, and what it finds (``Hit``s with evidence).

Every verse is one ``Verse`` value, defined once with its id written literally (``id="V2"``) beside the verse it
implements, the line of seed 004 the verse stands on, and its catalogue tag: ``C`` exact, ``C*`` resting on a
default of ``Params``.  The J, T and M verses are listed (``Unevaluated``) so a reading can name what it leaves out.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, StrEnum

from core.natal.chart import PERIOD_OF, LifePeriod, NatalChart, Role
from core.natal.evidence import Fact, Layer
from core.sources import Source
from core.values import value


class Tag(StrEnum):
    """The catalogue's tags (seed004_rules.md): C exact, C* on a stated default; J, T, M not evaluated."""

    C = "C"
    C_STAR = "C*"
    J = "J"
    T = "T"
    M = "M"


class Theme(StrEnum):
    """What a verse is about (seed004_rules.md §3.4.3)."""

    kin = "kin"                  # kin and lineage
    health = "health"            # health and body
    status = "status"            # status and career
    temperament = "temperament"  # temperament and vocation
    travel = "travel"            # travel and home
    marriage = "marriage"


class Valence(StrEnum):
    good = "吉"
    bad = "凶"
    mixed = "吉凶"   # good in one part, bad in another, or depending on a sub-reading
    neutral = "平"   # a description (a trait, a kinship value) rather than fortune


class Need(Enum):
    """An input a verse cannot do without (besides the pillars it reads, of which one must be known)."""

    year_pillar = (Role.年, Layer.柱)
    year_stem = (Role.年, Layer.干)
    year_branch = (Role.年, Layer.支)
    year_nayin = (Role.年, Layer.納音)
    month_branch = (Role.月, Layer.支)
    month_pillar = (Role.月, Layer.柱)
    day_pillar = (Role.日, Layer.柱)
    hour_pillar = (Role.時, Layer.柱)
    hour_branch = (Role.時, Layer.支)
    conception = (Role.胎, Layer.柱)
    sex = (None, None)

    @staticmethod
    def pillar(role: Role) -> Need:
        """The need for a whole pillar of ``role``."""
        return _PILLAR_NEEDS[role]

    def met(self, chart: NatalChart) -> bool:
        role, layer = self.value
        if role is None:
            return chart.sex is not None
        p = chart[role]
        if p is None:
            return False
        if layer is Layer.干:
            return p.stem is not None
        if layer is Layer.支:
            return p.branch is not None
        return p.pair is not None


_PILLAR_NEEDS = {Role.年: Need.year_pillar, Role.胎: Need.conception, Role.月: Need.month_pillar,
                 Role.日: Need.day_pillar, Role.時: Need.hour_pillar}


@value
class Params:
    """The defaults the text leaves open (seed004_rules.md §1.6, §3.3), written once; C* verses rest on them."""

    many: int = 2                  # 多 / 重 / 盛 of a stem or branch: at least this many occurrences
    many_elements: int = 3         # 多 of an element (納音 or stem): in at least this many of the five pillars
    excess: int = 4                # 太過: one 納音 element in at least this many of the five pillars
    void_reference: Role = Role.年  # whose 旬 gives 空亡 (V16, V95, V113 the year's; V38 says the day's itself)
    yin_reversed_stages: bool = False  # 十二長生 of yin stems counted backwards (V45 辛絕卯); element-based default
    void_polarity: bool = True     # V226: a void branch of the other polarity than the native is 偏, not void
    # ---- part1
    break_day_by_hour: bool = True  # V5: read the verse literally too, the hour against the day (the commentary: the
    #                                 day or the hour against the year, as V203/V204 restate it)
    break_year_by_day_hour: bool = False  # V5: the commentary's reading too, the day or the hour against the year;
    #                                       off by default: it is the text of V203 and V204, read as their own verses
    many_states: int = 2           # V6: 死氣多 / 休氣多 — at least this many pillars whose 納音 is 死 (休, 囚)
    tian_de_month_partner: bool = True  # V1: the 天德 pillar may 合 the month's stem as well as the year (ex. 4)
    tian_de_lu_for_life: bool = False  # V1: the 天德 stem on its own 祿 (建廟, ex. 1) standing in for 生氣
    resting: frozenset[str] = frozenset({"休", "囚"})  # 休囚 (V20, V31, V36, V47, V48): the season states it means
    jian_reference: Role = Role.月  # V172 建逢酉戌: whose branch is the 建 (the 月建 by default; 年 reads 本命建)
    nine_palace_product: bool = True  # V106: the hour's 先天數 multiplied (the worked 乙卯 = 48), not summed (上下數共合)
    nine_streams: int = 2          # V108: how many of 癸巳 乙卯 庚申 must stand with a 戌 or 亥
    parents_from_branch: bool = False  # V121: the parents' second element from the branch (the 庚戌 → 金土 example),
    #                                    not the 納音 the commentary names twice (干音)
    lone_self_punishment: bool = False  # V95: a single 辰午酉亥 counts as 自刑, as that commentary calls 亥 and 酉
    private_gate_at_bath: bool = False  # V81: 壬乙 must stand on the 命's 敗 (沐浴) ground as the verse says; the
    #                                     commentary's two examples do not, so by default the pair alone suffices
    transform_at_month: bool = False  # V207–V211: the 化 element's stage at the month branch, not the junior partner's
    rising_links: int = 2          # V215: at least this many junior→senior 納音 生, and no fewer than senior→junior
    harm_body_stem: bool = False   # V227: a stem 剋 of the year stem also counts as the 剋 of 身 (default: 納音 only)


DEFAULTS = Params()


class Effect(StrEnum):
    """What a global modifier (V227, V218, V226, V147) does to a hit."""

    annulled = "annulled"    # the hit does not count (V227: 刑害 without 剋; V226: a 偏 void)
    lightened = "lightened"  # a 救神 lessens it (V218)
    soon = "soon"            # V147: 旺 → the outcome comes soon
    late = "late"            # V147: 休囚 → it comes late


@value
class Note:
    """A global modifier's effect on one hit, with its rule id and evidence."""

    rule: str
    effect: Effect
    facts: tuple[Fact, ...] = ()


@value
class Hit:
    """One way a verse is met: the pillars involved, the evidence, and a sub-reading when the verse has several
    (``variant``: "light"/"heavy", "husband"/"wife" …; the bot has a sentence for ``V5.light``)."""

    roles: tuple[Role, ...]
    facts: tuple[Fact, ...]
    variant: str | None = None
    valence: Valence | None = None  # when the sub-reading's valence differs from the verse's
    notes: tuple[Note, ...] = ()

    @property
    def annulled(self) -> bool:
        return any(n.effect is Effect.annulled for n in self.notes)

    @property
    def periods(self) -> tuple[LifePeriod, ...]:
        """The life periods of the pillars involved (the year governs the whole life and has none)."""
        seen: list[LifePeriod] = []
        for r in self.roles:
            p = PERIOD_OF.get(r)
            if p is not None and p not in seen:
                seen.append(p)
        return tuple(sorted(seen))

    def noted(self, note: Note) -> Hit:
        return Hit(self.roles, self.facts, self.variant, self.valence, self.notes + (note,))


Predicate = Callable[[NatalChart, Params], tuple[Hit, ...]]


@value(eq=False)
class Verse:
    """One C or C* verse unit of the catalogue, evaluated by ``test``."""

    id: str                  # "V2", as in seed004_rules.md
    verse: str               # the Chinese verse (經), normalised as §0.2 says
    line: int                # line of seed 004 where the verse stands
    tag: Tag
    theme: Theme
    valence: Valence
    reads: tuple[Role, ...]  # the pillars it looks at besides what ``needs`` names; one must be known
    needs: frozenset[Need]
    test: Predicate
    grim: bool = False       # death, crime, disgrace …: hidden unless the user asks for them
    household: bool = False  # about 門户, "someone of the household", not the native
    same_as: str | None = None  # a later verse restating an earlier one (V87 ≈ V2): reported once, under that id
    gates: frozenset[str] = frozenset()  # global modifiers that apply to its hits ("V227", "V226", "V218")
    trait: str | None = None  # why the verse describes (nearly) every chart: shown as a trait of the chart, not a
    #                           prediction (``NatalReading.traits``; issue 22: a sentence everyone gets is no reading)

    def __post_init__(self) -> None:
        if self.tag not in (Tag.C, Tag.C_STAR):
            raise ValueError(f"{self.id}: only C and C* verses are evaluated; list {self.tag} verses as Unevaluated")

    @property
    def number(self) -> int:
        return int(self.id[1:])

    @property
    def source(self) -> Source:
        return Source(self.id, "004", self.line)

    def missing(self, chart: NatalChart) -> tuple[Need, ...]:
        """What the chart lacks for this verse: an unmet need, or every pillar it reads (the first is named)."""
        lacking = tuple(n for n in self.needs if not n.met(chart))
        if not lacking and self.reads and all(chart[r] is None for r in self.reads):
            lacking = (Need.pillar(self.reads[0]),)
        return lacking

    def unchecked(self, chart: NatalChart) -> tuple[Role, ...]:
        """The pillars this verse reads that the chart does not have (an unknown hour …)."""
        return tuple(r for r in self.reads if chart[r] is None)


@value(eq=False)
class Unevaluated:
    """A J, T or M verse unit: listed by id, never evaluated."""

    id: str
    verse: str
    line: int
    tag: Tag

    @property
    def number(self) -> int:
        return int(self.id[1:])


@value
class VerseResult:
    """A verse against one chart: its hits after the global modifiers, and what it could not see."""

    verse: Verse
    hits: tuple[Hit, ...]
    missing: tuple[Need, ...]   # non-empty: not evaluated for want of these
    unchecked: tuple[Role, ...]  # evaluated, but these pillars it reads are unknown

    @property
    def evaluated(self) -> bool:
        return not self.missing

    @property
    def fires(self) -> bool:
        return any(not h.annulled for h in self.hits)

    @property
    def standing(self) -> tuple[Hit, ...]:
        """The hits that count (not annulled by a modifier)."""
        return tuple(h for h in self.hits if not h.annulled)
