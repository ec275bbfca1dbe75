"""Step 6 of a reading: what deepens a verdict and never decides it — 神煞, 刑, 六神.

"卦之吉者逢龍而更吉，卦之凶者逢白虎而更凶" (LS-02); stars "不能獨操禍福之權，用神旺者見之愈吉，用神失陷虽有如無"
(XS-05, and 001's "吉以益其吉，凶以甚其凶"); 刑 counts only on a weak use-god already struck (SX-02).  An
amplifier moves 小吉 to 吉 or 小凶 to 凶, never across 平 and never from it.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.chart.chart import Spirit
from core.findings import Effect, Finding, Layer, Place
from core.reading.step2_state import State, Vigour
from core.reading.verdict import Verdict
from core.values import value


@value
class Amplifier:
    """One amplifier that holds: its rule, what it says, where, and which way it deepens (+1 good, -1 bad)."""

    rule: str
    key: str
    places: tuple[Place, ...]
    sense: int
    params: tuple[tuple[str, str], ...] = ()


def deepen(v: Verdict, sense: int) -> Verdict:
    """小吉 → 吉 for a good amplifier, 小凶 → 凶 for a bad one; anything else stays."""
    if sense > 0 and v is Verdict.小吉:
        return Verdict.吉
    if sense < 0 and v is Verdict.小凶:
        return Verdict.凶
    return v


def amplifiers(use: State, spirit_of: dict[Place, Spirit], movers: Iterable[tuple[Place, bool]],
               stars: Iterable[Finding], punishments: Iterable[Finding]) -> tuple[Amplifier, ...]:
    """The amplifiers of this reading.

    ``spirit_of``: the 六神 on each primary line; ``movers``: the acting parties on the use-god (place, supports);
    ``stars``: 001's star findings on the use-god; ``punishments``: 001's 刑 findings on the use-god."""
    out: list[Amplifier] = []
    on_use = spirit_of.get(use.place)
    if on_use is Spirit.青龍:
        out.append(Amplifier("LS-02", "dragon_on_use_god", (use.place,), +1))
    elif on_use is Spirit.白虎:
        out.append(Amplifier("LS-02", "tiger_on_use_god", (use.place,), -1))
    for p, supports in movers:
        sp = spirit_of.get(p) if p.layer is Layer.LINE else None
        if supports and sp is Spirit.青龍:
            out.append(Amplifier("LS-02", "dragon_helps", (p, use.place), +1))
        elif not supports and sp is Spirit.白虎:
            out.append(Amplifier("LS-02", "tiger_strikes", (p, use.place), -1))
    # XS-05: stars brighten a strong use-god, and are as nothing when it is lost
    if use.vigour is not Vigour.失陷:
        for f in stars:
            if f.effect is Effect.GOOD and use.vigour.strong:
                out.append(Amplifier("XS-05", "star_brightens", f.places, +1, (("by", f.rule),)))
            elif f.effect is Effect.BAD:
                out.append(Amplifier("XS-05", "star_darkens", f.places, -1, (("by", f.rule),)))
    if not use.vigour.strong and use.attacks:
        for f in punishments:
            if f.effect is Effect.BAD:
                out.append(Amplifier("SX-02", "punishment_deepens", f.places, -1, (("by", f.rule),)))
                break
    return tuple(out)
