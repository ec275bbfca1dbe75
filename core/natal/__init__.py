"""玉照定真經 (seed 004): the natal chart on the year pillar, its verses as predicates, and the reading."""

from core.natal.chart import LifePeriod, NatalChart, Pillar, Role
from core.natal.reading import NatalReading, read_natal
from core.natal.verse import DEFAULTS, Hit, Params, Tag, Theme, Valence, Verse, VerseResult

__all__ = ["DEFAULTS", "Hit", "LifePeriod", "NatalChart", "NatalReading", "Params", "Pillar", "Role", "Tag", "Theme",
           "Valence", "Verse", "VerseResult", "read_natal"]
