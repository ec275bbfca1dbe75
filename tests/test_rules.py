"""One registry of rule ids (``core/rules.py``): every id a reading emits is registered at the passage it names,
every registered id is written there once, and no other module builds a Source from a literal id."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path

import pytest

from core import rules
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.chart.ganzhi import SEXAGENARY
from core.question import Birth, Question, Sex, Subject, Thing, Topic, choices, follow_ups
from core.reading.pipeline import Reading, read
from core.sources import Source

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "core" / "rules.py"
# Modules allowed a literal Source, and why.
LITERAL_SOURCES: set[str] = set()


def _questions(topic: Topic) -> list[Question]:
    """Up to three answerable questions of a topic: about oneself, a parent, and another person."""
    out = []
    for q in (Question(topic, Subject.self, Sex.male, thing=Thing.money, birth=Birth.child),
              Question(topic, Subject.parent, Sex.female, subject_sex=Sex.female, thing=Thing.document,
                       birth=Birth.mother),
              Question(topic, Subject.other, Sex.female, subject_sex=Sex.male, thing=Thing.animal, birth=Birth.child)):
        try:
            # a follow-up the topic still needs (the kind of learning, the side of a savings club …): its first
            # answer, so every topic is read
            for f in follow_ups(q):
                q = replace(q, **{f.value: choices(topic, f)[0]})
            if not follow_ups(q):
                out.append(q)
        except ValueError:
            continue
    return out


def _readings() -> list[Reading]:
    out = []
    questions = [q for topic in Topic for q in _questions(topic)]
    for n in range(0, 4096, 41):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        moment = Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12], str(SEXAGENARY[n * 7 % 60]),
                                     str(SEXAGENARY[n % 60]))
        chart = build_chart(parse_cast(lines), moment)
        out += [read(chart, q) for q in questions]
    return out


@pytest.fixture(scope="module")
def readings() -> list[Reading]:
    return _readings()


def _sources(r: Reading) -> list[Source]:
    found = [f.source for f in r.findings + r.topic] + [t.source for t in r.timing]
    if r.rule.source is not None:
        found.append(r.rule.source)
    found += [s.source for s in r.rule.secondary]
    if r.decision is not None:
        found += [s.finding.source for s in r.decision.steps]
    return found


def _ids(r: Reading) -> set[str]:
    ids = set(r.rules)
    if r.decision is not None:
        ids |= {m.rule for m in r.decision.moves} | {a.rule for a in r.decision.amplifiers}
        ids.add(r.decision.usability.rule)
    if r.co_use_god is not None:
        ids.add(r.co_use_god.rule)
    return ids


def test_every_emitted_source_is_registered(readings: list[Reading]) -> None:
    assert len(readings) > 2000 and {r.question.topic for r in readings} == set(Topic)
    sources = {s for r in readings for s in _sources(r)}
    unregistered = sorted(str(s) for s in sources if not rules.registered(s))
    assert not unregistered, unregistered
    ids = {i for r in readings for i in _ids(r)}
    assert not sorted(ids - set(rules.ids()))
    # the sample reaches most of the registry (findings, topic chapters, timings, stars)
    assert len({s.rule for s in sources} | ids) > 300


def test_source_is_one_object_per_passage_and_refuses_what_is_not_registered() -> None:
    assert rules.source("SS-37") is rules.source("SS-37")
    assert rules.source("SS-37") == Source("SS-37", "001", 95)  # a test needs a literal Source
    assert rules.source("YS-01", 47) == Source("YS-01", "002", 47)
    assert rules.source("YS-07", 127, seed="000") == Source("YS-07", "000", 127)
    assert rules.source("YS-10", 151, decision=True).decision
    with pytest.raises(KeyError, match="SS-999"):
        rules.source("SS-999")
    with pytest.raises(ValueError, match="YS-02"):
        rules.source("YS-02", 36)
    with pytest.raises(ValueError, match="decision"):
        rules.source("YS-02", decision=True)


def test_every_registered_id_is_written_once_in_the_registry() -> None:
    """Once in the table of passages, and once more in the table of names (a 神煞 rule is named by its star)."""
    text = REGISTRY.read_text(encoding="utf-8")
    counts = {rule: len(re.findall(rf'"{re.escape(rule)}"', text)) for rule in rules.ids()}
    assert not {rule: n for rule, n in counts.items() if n != 1 + (rule in rules.TITLES)}
    # and nothing in the table's text is an id the dict lost (a key written twice keeps only its last entry)
    table = text[text.index("_TABLE:"):text.index("\n}\n")]
    keys = re.findall(r'"([A-Za-z0-9-]+)":', table)
    assert len(keys) == len(set(keys)) == len(rules.ids())


def test_ids_are_grouped_by_seed() -> None:
    seeds = [rules.source(rule).seed for rule in rules.ids()]
    runs = [s for i, s in enumerate(seeds) if i == 0 or s != seeds[i - 1]]
    assert runs == ["002", "000", "001", "zsby", "zsbyt"]


def _literal_sources(path: Path) -> list[int]:
    """Lines where ``Source(...)`` is called with a literal (or f-string) id."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "Source":
            rule = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "rule"), None)
            if isinstance(rule, (ast.Constant, ast.JoinedStr)):
                out.append(node.lineno)
    return out


def test_no_other_module_builds_a_source_from_a_literal_id() -> None:
    found = {}
    for path in sorted((ROOT / "core").rglob("*.py")) + sorted((ROOT / "bot").rglob("*.py")) \
            + sorted((ROOT / "tools").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name == "core/rules.py" or name in LITERAL_SOURCES:
            continue
        if lines := _literal_sources(path):
            found[name] = lines
    assert not found, found


def test_the_scan_sees_literal_sources() -> None:
    assert _literal_sources(ROOT / "tests" / "test_rules.py")  # this file builds some, for the checks above


def test_every_rule_has_a_short_name_and_every_passage_a_book_and_chapter() -> None:
    """The sources view names each rule and the chapter its passage is in: no id without a name, no name for an id
    that is not registered, a 神煞 rule named by its star."""
    from core.stars import STARS

    assert set(rules.TITLES) <= set(rules.ids())
    assert all(rules.title(r) for r in rules.ids())
    assert all(rules.title(s.source.rule) == s.name for s in STARS)
    assert not set(rules.TITLES) & {s.source.rule for s in STARS}
    for r in rules.ids():
        src = rules.source(r)
        assert src.book and src.chapter, r
    assert rules.source("YQ-01").chapter == "應期總注章" and rules.source("M-05").chapter == "月建章"
    assert rules.source("HY-17").book == "易林補遺" and rules.source("HY-17").chapter == "婚姻嫁娶章"
    with pytest.raises(KeyError):
        rules.title("ZZ-99")
