"""A day's 神煞: every star in force at a moment, which fall on the day itself, and what they favour and avoid
(bot/render/almanac.py renders it)."""

from __future__ import annotations

from core.chart.calendar import Moment
from core.chart.ganzhi import Branch, Stem, StemBranch
from core.stars.catalogue import STARS, Matter, Nature, Star, Target, _moment_keys
from core.values import value

# ---- a day --------------------------------------------------------------------------------------------

@value
class DayStar:
    """A star in force at a moment: where it falls, and whether it falls on the day itself."""

    star: Star
    targets: tuple[Target, ...]
    on_day: bool  # the day's branch, stem or pillar is one of the targets
    palace: str | None = None  # 天官符 / 鶴神: the 宮 the text names (中, 坤, 房北 …)


@value
class DayStars:
    """The 神煞 of one moment: its pillars, 旬空, and every star in force.

    The stars that fall on the day itself (``notable``) are what an almanac reports; ``favours`` and ``avoid``
    are the matters those stars help or harm.
    """

    moment: Moment
    year: StemBranch | None
    year_branch: Branch | None
    month: StemBranch | None
    month_branch: Branch
    day: StemBranch
    hour: StemBranch | None
    void: tuple[Branch, Branch]
    stars: tuple[DayStar, ...]

    def _of(self, nature: Nature, only_day: bool) -> tuple[DayStar, ...]:
        return tuple(d for d in self.stars if d.star.nature is nature and (d.on_day or not only_day))

    @property
    def notable(self) -> tuple[DayStar, ...]:
        return tuple(d for d in self.stars if d.on_day)

    @property
    def good(self) -> tuple[DayStar, ...]:
        return self._of(Nature.GOOD, False)

    @property
    def bad(self) -> tuple[DayStar, ...]:
        return self._of(Nature.BAD, False)

    @property
    def mixed(self) -> tuple[DayStar, ...]:
        return self._of(Nature.MIXED, False)

    @property
    def neutral(self) -> tuple[DayStar, ...]:
        return self._of(Nature.NEUTRAL, False)

    def by_matter(self, matter: Matter | str) -> tuple[DayStar, ...]:
        m = Matter(matter)
        return tuple(d for d in self.stars if m in d.star.matters)

    @property
    def matters(self) -> tuple[tuple[Matter, tuple[DayStar, ...]], ...]:
        """Every matter some star in force bears on, with those stars, in Matter order."""
        return tuple((m, found) for m in Matter if (found := self.by_matter(m)))

    @property
    def favours(self) -> tuple[Matter, ...]:
        """What the stars on the day help, in Matter order (those also harmed by another such star included)."""
        got = {m for d in self.notable for m in d.star.favours}
        return tuple(m for m in Matter if m in got)

    @property
    def avoid(self) -> tuple[Matter, ...]:
        got = {m for d in self.notable for m in d.star.avoid}
        return tuple(m for m in Matter if m in got)

    def get(self, star_id: str) -> DayStar | None:
        return next((d for d in self.stars if d.star.id == star_id), None)


def _on(target: Target, stem: Stem, branch: Branch, pillar: StemBranch) -> bool:
    if isinstance(target, StemBranch):
        return target == pillar
    if isinstance(target, Branch):
        return target is branch
    return target is stem


def almanac(moment: Moment) -> DayStars:
    """Every star in force at ``moment`` (year stars need its year, hour stars its hour), in catalogue order."""
    day = moment.day
    keys = _moment_keys(moment)  # once for the whole catalogue
    found = []
    for star in STARS:
        key = keys[star.key]
        targets = star._targets_at(key)
        if targets is None:
            continue
        on_day = any(_on(t, day.stem, day.branch, day) for t in targets)
        found.append(DayStar(star, targets, on_day, star._palace_at(key)))
    return DayStars(moment, moment.year, moment.year_branch, moment.month, moment.month_branch, day, moment.hour,
                    moment.void, tuple(found))
