"""The global modifiers of 玉照定真經 (V227, V218, V226, V147) on small test-only verses, and on V2 through the
reading.  A test verse returns one hit built from the chart, so each case shows which evidence a modifier needs."""

from __future__ import annotations

from collections.abc import Callable

from core.natal import modifiers
from core.natal.chart import NatalChart, Role
from core.natal.evidence import Fact
from core.natal.predicates import branch_punishes, branches_combine, is_void, nayin_overcomes, stem_overcomes
from core.natal.verse import DEFAULTS, Effect, Hit, Params, Tag, Theme, Valence, Verse
from tests.natal import chart, result


def _verse(gates: set[str], *found: Callable[[NatalChart, Params], Fact | None]) -> Verse:
    """A test verse whose single hit (on the hour) carries the facts ``found`` returns, when all are found."""
    def test(c: NatalChart, params: Params) -> tuple[Hit, ...]:
        facts = [f(c, params) for f in found]
        if any(f is None for f in facts):
            return ()
        return (Hit((Role.時,), tuple(f for f in facts if f is not None)),)
    return Verse(id="V999", verse="test", line=0, tag=Tag.C, theme=Theme.health, valence=Valence.bad,
                 reads=(Role.時,), needs=frozenset(), test=test, gates=frozenset(gates))


def _run(verse: Verse, c: NatalChart, params: Params = DEFAULTS) -> tuple[Hit, ...]:
    return modifiers.apply(verse, verse.test(c, params), c, params)


def _rules(hit: Hit) -> dict[str, Effect]:
    return {n.rule: n.effect for n in hit.notes}


def punished(c: NatalChart, p: Params) -> Fact | None:
    return branch_punishes(c, Role.時, Role.年)


def combined(c: NatalChart, p: Params) -> Fact | None:
    return branches_combine(c, Role.時, Role.年)


def stem_blow(c: NatalChart, p: Params) -> Fact | None:
    return stem_overcomes(c, Role.時, Role.年)


def sound_blow(c: NatalChart, p: Params) -> Fact | None:
    return nayin_overcomes(c, Role.時, Role.年)


def hour_void(c: NatalChart, p: Params) -> Fact | None:
    return is_void(c, p, Role.時)


# ---- V227: 刑害沖破敗 count only with a 剋 of 身 --------------------------------------------------------------------

def test_v227_annuls_a_punishment_without_overcoming() -> None:
    (hit,) = _run(_verse({"V227"}, punished), chart("辛巳", hour="壬寅"))   # 寅刑巳; 金箔金 比和 金
    assert hit.annulled and _rules(hit) == {"V227": Effect.annulled}
    assert [str(f) for f in hit.notes[0].facts] == ["時納音 金 比和 年納音 金"]


def test_v227_keeps_a_punishment_with_overcoming() -> None:
    (hit,) = _run(_verse({"V227"}, punished), chart("辛巳", hour="丙寅"))   # 火 剋 金
    assert not hit.annulled and "V227" not in _rules(hit)


def test_v227_leaves_what_it_cannot_judge() -> None:
    (hit,) = _run(_verse({"V227"}, punished), chart("辛巳", hour="寅"))     # no 納音 on the hour
    assert not hit.annulled
    (hit,) = _run(_verse({"V227"}, punished), chart("巳", hour="丙寅"))     # no 身
    assert not hit.annulled


def test_v227_gates_every_hit_of_a_gated_verse() -> None:
    """The gate is the verse's declaration, not the words of its facts: a gated verse's 合 hit needs the 剋 too."""
    (hit,) = _run(_verse({"V227"}, combined), chart("辛巳", hour="甲申"))   # 巳申; 泉中水 does not 剋 金
    assert hit.annulled


def test_v227_counts_a_stem_blow_only_when_asked() -> None:
    c = chart("庚午", hour="丙午")   # 午午 自刑; 天河水 does not 剋 路旁土, but 丙 剋 庚
    (hit,) = _run(_verse({"V227"}, punished), c)
    assert hit.annulled
    (hit,) = _run(_verse({"V227"}, punished), c, Params(harm_body_stem=True))
    assert not hit.annulled


def test_v227_does_not_touch_ungated_verses() -> None:
    (hit,) = _run(_verse(set(), punished), chart("辛巳", hour="壬寅"))
    assert not hit.annulled


def test_v2_is_never_annulled_by_v227() -> None:
    """V2's hits carry their own 剋 of 身, so the gate it declares always lets them stand."""
    assert result("V2", chart("辛巳", "甲午", hour="丙寅")).fires


# ---- V218: 救神 ------------------------------------------------------------------------------------------------

def test_v218_lightens_a_rescued_blow() -> None:
    (hit,) = result("V2", chart("辛巳", "甲午", hour="丙寅")).standing   # the 胎 乙酉 泉中水 restrains 火
    assert _rules(hit)["V218"] is Effect.lightened
    note = next(n for n in hit.notes if n.rule == "V218")
    assert [str(f) for f in note.facts] == ["胎納音 水 剋 時納音 火"]


def test_v218_without_a_rescuer_leaves_the_blow() -> None:
    (hit,) = result("V2", chart("辛巳", hour="丙寅")).standing
    assert "V218" not in _rules(hit)


def test_v218_the_attacker_does_not_rescue_itself() -> None:
    """丙子: the hour stem 丙 strikes 辛; its own 納音 澗下水 would restrain 丙, but a pillar is not its own 救神."""
    (hit,) = _run(_verse({"V218"}, stem_blow), chart("辛巳", hour="丙子"))
    assert "V218" not in _rules(hit)
    (hit,) = _run(_verse({"V218"}, stem_blow), chart("辛巳", day="壬辰", hour="丙申"))   # 壬 restrains 丙
    assert _rules(hit)["V218"] is Effect.lightened


def test_v218_needs_every_blow_rescued() -> None:
    """丙寅 hour against 辛巳: 丙 剋 辛 and 火 剋 金; a 戊子 day (霹靂火, stem 戊) rescues neither, a 甲申 day (泉中水)
    both; two blows with one rescuer each."""
    v = _verse({"V218"}, stem_blow, sound_blow)
    (hit,) = _run(v, chart("辛巳", day="戊子", hour="丙寅"))
    assert "V218" not in _rules(hit)
    (hit,) = _run(v, chart("辛巳", day="甲申", hour="丙寅"))
    assert _rules(hit)["V218"] is Effect.lightened and len(hit.notes[0].facts) == 2


# ---- V226: the void's polarity ---------------------------------------------------------------------------------

def test_v226_annuls_an_off_polarity_void() -> None:
    v = _verse({"V226"}, hour_void)
    (off,) = _run(v, chart("甲子", hour="乙亥"))    # 亥 yin, the native yang: 偏
    assert off.annulled and _rules(off) == {"V226": Effect.annulled}
    (true,) = _run(v, chart("甲子", hour="甲戌"))   # 戌 yang: 正空
    assert not true.annulled
    (kept,) = _run(v, chart("甲子", hour="乙亥"), Params(void_polarity=False))
    assert not kept.annulled


# ---- V147: soon or late ----------------------------------------------------------------------------------------

def test_v147_soon_when_strong_late_when_weak() -> None:
    (soon,) = result("V2", chart("辛巳", "甲午", hour="丙寅")).standing   # 火 旺 in 午
    assert _rules(soon)["V147"] is Effect.soon
    (late,) = result("V2", chart("辛巳", "庚子", hour="丙寅")).standing   # 火 死 in 子
    assert _rules(late)["V147"] is Effect.late


def test_an_annulled_hit_is_not_timed() -> None:
    (hit,) = _run(_verse({"V227"}, punished), chart("辛巳", "甲午", hour="壬寅"))
    assert hit.annulled and "V147" not in _rules(hit)
