"""The evidence of a 玉照定真經 reading in each language's words: every name the tables and the verses write is a
catalog term, composite names are shown by their parts, a name whose sense here differs from the 六爻 one has its
own entry, and over 1 500 real births no raw table word is left in English, no traditional form in Simplified
Chinese (nor a simplified one in Traditional), no old form or Latin middle dot in Japanese, and no unresolved
particle in Korean."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from bot.render.i18n import LANGS, NATAL, term, use
from bot.render.natal_names import OWN_SENSES, is_characters, name_text, names
from bot.render.natal_render import fact_text, josa, natal_terms, render_natal_details, verse_block
from core.chart.ganzhi import Branch, Element, Stem
from core.natal import read_natal
from core.natal.chart import Role
from core.natal.evidence import RELATIONS, Fact, Layer, Term, name, pillar_of
from tests.test_chinese_script import _wrong as wrong_zh
from tests.test_japanese_script import wrong_ja
from tests.test_natal_properties import BIRTHS

ROOT = Path(__file__).resolve().parent.parent
CJK = re.compile(r"[\u3400-\u9fff]")
HANGUL = re.compile(r"[가-힣]")
CHARACTERS = set(Stem.__members__) | set(Branch.__members__) | set(Element.__members__)
UNRESOLVED = re.compile(r"\((이|가|을|를|은|는|과|와|으|이)\)")


@cache
def evidence() -> frozenset[Fact]:
    """Every fact of every verse over the 1 500 births, the annulled hits' and the modifiers' notes' too."""
    facts: set[Fact] = set()
    for chart in BIRTHS:
        for r in read_natal(chart).results:
            for h in r.hits:
                facts.update(h.facts)
                for n in h.notes:
                    facts.update(n.facts)
    return frozenset(facts)


def _names_of(facts: frozenset[Fact]) -> set[str]:
    return {t.text for f in facts for t in (f.subject, f.object) if t is not None and not is_characters(t.text)}


def raw_in_english(text: str) -> list[str]:
    """CJK left in English outside the glosses in parentheses, other than stems, branches and elements."""
    return [c for c in CJK.findall(re.sub(r"\([^)]*\)", "", text)) if c not in CHARACTERS]


def problems(lang: str, text: str) -> list[object]:
    """What a reader of ``lang`` would stumble on in ``text``."""
    if "{" in text or "}" in text:
        return [text]
    if lang == "en":
        return raw_in_english(text)
    if lang == "ja":
        return list(wrong_ja(text))
    if lang in ("zh_Hans", "zh_Hant"):
        return list(wrong_zh(lang, text))
    return [text] if UNRESOLVED.search(text) else []


def test_the_checks_can_fail() -> None:
    assert raw_in_english("conception stem 甲 is 兒") == ["兒"] and not raw_in_english("is the son (兒)")
    assert problems("ja", "胎干甲は兒である") and problems("ja", "九病·肺")
    assert problems("zh_Hans", "月支卯为內") and problems("zh_Hant", "月支卯为內")
    assert problems("ko", "子이(가) 있다") and problems("en", "{subject} is")


def test_the_births_give_the_names_of_every_table() -> None:
    """The sample is wide: it reaches the names the reviewer found untranslated, composites included."""
    found = _names_of(evidence())
    assert len(found) > 250
    assert {"內", "外合", "夫道", "壻", "從魁", "天綱", "正官", "倒食", "少男", "黃", "木印", "火祿", "年儀", "九流", "天門",
            "獄訟", "鬼火", "孤木", "六丁", "文", "武", "建", "九病·肺", "己甲化土", "甲辰旬", "4月", "72",
            "心·眼·熱病"} <= found


def test_every_evidence_name_is_a_term_or_made_of_terms() -> None:
    terms = set(natal_terms())
    loose = set()
    for text in _names_of(evidence()):
        parts = re.split(r"·|化|旬$|月$", text)
        loose |= {p for p in parts if p and not p.isdigit() and not is_characters(p) and p not in terms}
    assert not loose, sorted(loose)


@pytest.mark.parametrize("lang", LANGS)
def test_every_evidence_name_reads_in_the_language(lang: str) -> None:
    with use(lang):
        shown = {text: josa(name_text(text)) for text in _names_of(evidence())}
        if lang in ("en", "ko"):  # a name of the tables is never left as written
            same = sorted(t for t, s in shown.items() if s == t and not t.isdigit())
            assert not same, same
        if lang == "ko":
            assert all(HANGUL.search(s) for t, s in shown.items() if not re.fullmatch(r"\d+", t)), \
                sorted(s for s in shown.values() if not HANGUL.search(s))[:20]
        wrong = {t: p for t, s in shown.items() if (p := problems(lang, s))}
        assert not wrong, sorted(wrong.items())[:20]


@pytest.mark.parametrize("lang", LANGS)
def test_every_fact_of_1500_births_reads_in_the_language(lang: str) -> None:
    with use(lang):
        wrong = {}
        for f in evidence():
            text = fact_text(f)
            if p := problems(lang, text):
                wrong[text] = p
    assert not wrong, sorted(wrong.items())[:20]


def test_every_name_the_verses_write_is_a_term() -> None:
    """Each CJK string the verse modules write (not their docstrings or the verse texts) is characters, a relation
    word, a term, or one of the pieces the verses join into a composite name with an f-string."""
    pieces = {"九病·", "月", "旬", "印"}  # f"九病·{organ}", f"{n}月", f"{head}旬", element + "印"
    known = set(natal_terms()) | RELATIONS | pieces
    loose: dict[str, str] = {}
    for path in sorted((ROOT / "core" / "natal" / "verses").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        skip |= {id(k.value) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg == "verse"}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                s = node.value
                if re.fullmatch(r"[\u3400-\u9fff·]+", s) and not is_characters(s) and s not in known:
                    loose[s] = f"{path.name}:{node.lineno}"
    assert not loose, loose


def test_names_come_from_the_tables() -> None:
    """The table names are the tables' own values, so a name added to a table reaches the catalogs."""
    from core.natal import tables

    have = set(names())
    assert set(tables.GENERAL_NAMES.values()) | set(tables.FACE_COLOUR.values()) | set(tables.TRIGRAM_FAMILY.values()) \
        | set(tables.NINE_PALACE_MEANINGS) | {"肢膈", "眼目", "熱病"} <= have


def test_composite_names_by_their_parts() -> None:
    texts = ("九病·肺", "心·眼·熱病", "己甲化土", "甲辰旬", "4月", "1234", "甲·")
    want = {
        "en": ("the nine ills (九病) · lungs", "heart · eyes · fevers", "the 己甲 transformation into 土",
               "the 甲辰 decade", "the fourth month", "1,234", "甲·"),
        "ko": ("구병·폐", "심장·눈·열병", "己甲이(가) 화한 土", "甲辰순", "4월", "1,234", "甲·"),
        "ja": ("九病・肺", "心・眼・熱病", "己甲化土", "甲辰旬", "四月", "1,234", "甲・"),
        "zh_Hans": ("九病·肺", "心·眼·热病", "己甲化土", "甲辰旬", "四月", "1,234", "甲·"),
        "zh_Hant": ("九病·肺", "心·眼·熱病", "己甲化土", "甲辰旬", "四月", "1,234", "甲·"),
    }
    for lang, shown in want.items():
        with use(lang):
            assert tuple(name_text(t) for t in texts) == shown, lang
    with use("ko"):  # the particle is chosen once the fact is whole: 甲 (갑) takes 이
        assert fact_text(Fact(name("己甲化土"), "沐浴", Term("酉", Role.月, Layer.支))) == "己甲이 화한 土는 월지 酉에서 목욕"


def test_a_name_in_its_own_sense() -> None:
    """小吉 is the 月將 of 未 in the evidence and stays the verdict elsewhere; so for every name of OWN_SENSES."""
    with use("en"):
        for word in OWN_SENSES:
            assert name_text(word) == term(word, NATAL) != term(word), word
        facts = [f for f in evidence() if f.object is not None and f.object.text == "小吉"]
        assert facts and all("Xiaoji" in fact_text(f) and "auspicious" not in fact_text(f) for f in facts[:5])
        assert term("小吉") == "Mildly auspicious"  # the 六爻 verdict keeps its word


def test_the_spouse_age_in_years() -> None:
    day, year = pillar_of(Role.日, "丙寅"), pillar_of(Role.年, "庚午")
    older, one, same = Fact(day, "年長", year, 4), Fact(day, "年少", year, 1), Fact(day, "年少", year, 0)
    with use("en"):
        assert fact_text(older) == "day pillar 丙寅 is 4 years older than year pillar 庚午"
        assert fact_text(one) == "day pillar 丙寅 is 1 year younger than year pillar 庚午"
        assert fact_text(same) == "day pillar 丙寅 is the same age as year pillar 庚午"
    with use("ja"):
        assert fact_text(older) == "日柱丙寅は年柱庚午より4歳年上"
    with use("ko"):
        assert fact_text(older) == "일주 丙寅이 연주 庚午보다 4살 많습니다"
    with use("zh_Hant"):
        assert fact_text(same) == "日柱丙寅與年柱庚午同歲"
    ages = [f for f in evidence() if f.relation in ("年長", "年少")]
    assert len(ages) > 50
    for lang in LANGS:
        with use(lang):
            assert not any("×" in fact_text(f) for f in ages), lang


def _two_sentence_verse():  # type: ignore[no-untyped-def]
    for chart in BIRTHS:
        reading = read_natal(chart)
        for r in reading.traits:  # V109 (前五) is a trait of every chart
            if r.verse.id == "V109" and len(r.standing) >= 2 and not r.verse.grim:
                return reading, r
    raise AssertionError("no V109 with two sentences among the births")


def test_sentences_of_one_verse_as_the_language_joins_them() -> None:
    reading, result = _two_sentence_verse()
    for lang in LANGS:
        with use(lang):
            first = verse_block(result).splitlines()[0]
            assert first in render_natal_details(reading)
            first = first.rsplit(" [", 1)[0]  # the verse id after the sentences
            if lang in ("ja", "zh_Hans", "zh_Hant"):
                assert first.count("。") >= 2 and "。 " not in first, first
            else:
                assert re.search(r"\. \S", first), first
