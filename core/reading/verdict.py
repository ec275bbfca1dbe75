"""The five-step verdict and the moves the decision makes on it (set, raise, lower, cap, floor)."""

from __future__ import annotations

from enum import Enum


class Verdict(Enum):
    """The five-step scale; ``value`` orders them from best to worst."""

    吉 = 2
    小吉 = 1
    平 = 0
    小凶 = -1
    凶 = -2

    def moved(self, steps: int) -> Verdict:
        """``steps`` up (positive) or down, kept on the scale."""
        return Verdict(max(-2, min(2, self.value + steps)))

    def at_most(self, cap: Verdict) -> Verdict:
        return self if self.value <= cap.value else cap

    def at_least(self, floor: Verdict) -> Verdict:
        return self if self.value >= floor.value else floor

    @property
    def side(self) -> int:
        """+1 favourable, -1 unfavourable, 0 平."""
        return (self.value > 0) - (self.value < 0)
