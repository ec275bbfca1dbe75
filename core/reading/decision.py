"""Steps 3 to 6 of a reading, the decision in the book's order (§0.3 of the doctrine rules): can the use-god act,
the four places, the overrides, the amplifiers.  Each step says what it did to the present answer and to the
eventual one, so the reading can give its chain of reasons in the order they decided and "目下無礙，秋來必凶" in two verdicts.
"""

from __future__ import annotations

from core.findings import LINE_PLACES, Effect, Finding, Layer, Place, finding
from core.reading.step3_usable import Usability, Usable
from core.reading.step4_places import Tally
from core.reading.step5_overrides import Move, apply
from core.reading.step6_amplifiers import Amplifier, deepen
from core.reading.verdict import Verdict
from core.values import value

_LIFT_SEALED = frozenset(("LH-06", "HJ-35", "JS-25"))


@value
class Step:
    """One step of the decision: the finding that states it, and the two answers before and after it."""

    finding: Finding
    now: tuple[Verdict, Verdict]
    eventual: tuple[Verdict, Verdict]

    @property
    def decided(self) -> bool:
        """Did this step change either answer?"""
        return self.now[0] is not self.now[1] or self.eventual[0] is not self.eventual[1]


@value
class Decision:
    steps: tuple[Step, ...]  # every step, in the order of the decision
    verdict: Verdict  # the eventual outcome the question asks about
    verdict_now: Verdict  # the present
    usability: Usability
    tally: Tally
    moves: tuple[Move, ...]  # the overrides that held, in order
    amplifiers: tuple[Amplifier, ...]

    @property
    def chain(self) -> tuple[Step, ...]:
        """The three to six steps that decided: whether it can act (when not simply now), the four places, and
        the overrides and amplifiers that changed an answer."""
        first = [s for s in self.steps[:2] if s.finding.key != "acts_now"]
        rest = [s for s in self.steps[2:] if s.decided]
        return tuple(first + rest)[:6]


def _effect(before: Verdict, after: Verdict) -> Effect:
    return Effect.GOOD if after.value > before.value else Effect.BAD if after.value < before.value else Effect.NEUTRAL


def _step(rule: str, key: str, places: tuple[Place, ...], params: tuple[tuple[str, str], ...],
          now: tuple[Verdict, Verdict], eventual: tuple[Verdict, Verdict]) -> Step:
    effect = _effect(eventual[0], eventual[1]) if eventual[0] is not eventual[1] else _effect(now[0], now[1])
    f = finding(rule, key, effect, 0, places, **dict(params))
    return Step(f, now, eventual)


def decide(u: Usability, t: Tally, moves: tuple[Move, ...], amps: tuple[Amplifier, ...]) -> Decision:
    """Walk the steps: the four places give the base; what cannot act, the overrides and the amplifiers follow."""
    steps: list[Step] = []
    base = t.verdict
    now, eventual = t.verdict_now, base
    # a. can the use-god act (the effect applies to the four places' answer)
    if u.usable is Usable.never or (u.open_question and base.side <= 0):
        now, eventual = Verdict.凶, Verdict.凶
        rule, key = (u.rule, u.key) if u.usable is Usable.never else ("XK2-07", "void_to_the_end")
    else:
        rule, key = u.rule, u.key
        if u.usable is Usable.later:
            now = now.at_most(Verdict.小凶)  # 目下未能: not now (a void, tied, broken or entombed use-god waits)
    ua = tuple((("branch", b.name),) for b in u.at[:1])
    # a hidden line is named with its 飛神, the line it hides under
    where = (u.place, LINE_PLACES[u.place.position]) if u.place.layer is Layer.HIDDEN else (u.place,)
    steps.append(_step(rule, key, where, ua[0] if ua else (), (t.verdict_now, now), (base, eventual)))
    # b. the four places
    steps.append(_step(t.rule, t.key, tuple(p.place for p in t.parties) or (u.place,),
                       (("support", str(t.support)), ("attack", str(t.attack))), (t.verdict_now, t.verdict_now),
                       (base, base)))
    # c. the overrides, in order; once the use-god can never act, or a grave sign has set the end to 凶 (回頭克,
    # 反吟 struck, 變鬼 …), only the overrides the book lets decide without the use-god can lift it (LH-06, and
    # 近病 逢空 HJ-35/JS-25)
    sealed = eventual is Verdict.凶 and rule == u.rule and u.usable is Usable.never or rule == "XK2-07"
    for m in moves:
        lift = m.eventual[:1] in ("+", "≥") and sealed and m.rule not in _LIFT_SEALED
        n2, e2 = apply(now, m.now), (eventual if lift else apply(eventual, m.eventual))
        sealed = sealed or m.eventual == "=凶"
        steps.append(_step(m.rule, m.key, m.places, m.params, (now, n2), (eventual, e2)))
        now, eventual = n2, e2
    # d. the amplifiers: they deepen, never flip
    for a in amps:
        n2, e2 = deepen(now, a.sense), deepen(eventual, a.sense)
        steps.append(_step(a.rule, a.key, a.places, a.params, (now, n2), (eventual, e2)))
        now, eventual = n2, e2
    return Decision(tuple(steps), eventual, now, u, t, moves, amps)


def _direction(before: Verdict, after: Verdict) -> int:
    return (after.value > before.value) - (after.value < before.value)


def said(d: Decision) -> dict[int, int]:
    """Which way each step pushed the answer (+1 up, -1 down), by its index in ``d.steps``; a step that moved
    nothing is left out.  The four places (the second step) push the way their answer lies (吉 up, 凶 down): they
    set the base the later steps move."""
    out: dict[int, int] = {}
    for i, s in enumerate(d.steps):
        way = _direction(*s.eventual) or _direction(*s.now)
        if i == 1 and not way:
            way = s.eventual[0].side
        if way:
            out[i] = way
    return out


def overridden(d: Decision) -> tuple[Step, ...]:
    """The steps a later step overrode: each pushed the answer one way and a later one pushed it back, so what
    it said does not stand as it was said (受剋為凶 … but 有救) and the end does not lie its way.  Additive to ``Decision``, for a reading that lists
    what stands apart from what was weighed and overruled."""
    ways = said(d)
    out = []
    for i, way in ways.items():
        if d.verdict.side != way and any(j > i and w == -way for j, w in ways.items()):
            out.append(d.steps[i])
    return tuple(out)
