"""The names 玉照定真經's evidence writes — its tables' and its verses' own — and how each language shows them.

A name is a catalog term (msgctxt ``term``), the same entry the rest of the bot uses for the same characters.  A
few of them mean something else here than in 六爻 (小吉 is a 月將 here, the verdict there; 生 a meaning of the 九宮,
not the relation "generates"): those have an entry of their own under msgctxt ``natal``.  Composite names are shown
by their parts, each in the user's words: a list joined by ``·`` (心·眼·熱病, 九病·肺), a 化 (己甲化土), a 旬
(甲辰旬), a month (4月) and plain numbers (the 先天數 of V106).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from babel.numbers import format_decimal

from bot.render.i18n import N_, NATAL, _, current, locale, term
from core.chart.ganzhi import Branch, Element, Stem
from core.natal import tables

PART = "·"  # how the tables join the parts of one name (肢膈·眼目) and mark the unknown half of a pillar (甲·)


def _parts(names: Iterable[str]) -> list[str]:
    return [p for n in names for p in n.split(PART)]


# ---- the vocabulary -----------------------------------------------------------------------------------------

def table_names() -> list[str]:
    """Every name a table of core.natal.tables gives a fact, each part of a composite one on its own."""
    return list(dict.fromkeys([
        *tables.GENERAL_OF_STEM.values(), *tables.GENERAL_NAMES.values(), *tables.KUI_GANG.values(),
        *_parts(tables.BODY_OF_STEM.values()), *_parts(tables.BODY_OF_BRANCH.values()),
        *_parts(tables.ORGAN_OF_ELEMENT.values()), *tables.NINE_ILLS.values(),
        *tables.NINE_PALACES, *tables.NINE_PALACE_MEANINGS, *tables.TWELVE_PALACES,
        *tables.PALACE_OF_A_WOMAN.values(), *tables.TRIGRAM_OF_BRANCH.values(),
        *tables.TRIGRAM_FAMILY, *tables.TRIGRAM_FAMILY.values(), *tables.SERVANTS.values(),
        *tables.DING_WOMEN.values(), *tables.SEASON_BRANCHES, *tables.SIDES, *tables.KIN.values(),
        *tables.SENIOR_KIN, *tables.SELF_PUNISHMENT_OMENS.values(), *tables.FACE_COLOUR.values(),
        *(f"{e.name}印" for e in tables.FIVE_SEALS.values()),  # the 五印 as V253 names them: 木印 …
        *(f"{e.name}祿" for e in Element),                       # V15: the 祿 of an element's stems, 火祿 …
    ]))


# The names the verses (core/natal/verses) and the chart write without a table, by the verses that write them.
VERSE_NAMES: tuple[str, ...] = (
    # the chart and the glossary
    "胎元", "命宮", "宅", "墓", "庫", "空亡", "正空", "身", "三才", "四柱", "十二宮", "九宮", "五印", "天乙貴人",
    "魁罡", "天德合",
    # part1 (V1–V50)
    "生氣", "天德", "月德", "月德合", "陽干", "陰干", "伏吟", "反吟", "易位", "九病", "東方", "西方",
    # part2 (V51–V105)
    "命前", "命後", "財", "晝", "夜", "地殺", "孤木", "鬼", "倒食", "前五", "後五", "劫殺", "旬首", "天綱", "驛馬",
    "暗合", "夫道", "夫家", "正鬼",
    # part3 (V106–V160)
    "月建", "月破", "天門", "九流", "六丁", "冬", "內", "外", "弟",
    # part4 (V161–V205)
    "建", "文", "武",
    # part5 (V206–V260)
    "天干", "正官", "正財", "內合", "外合", "下生上", "上生下", "食神", "七殺", "食", "偏財", "合", "天祿", "天馬",
    "陽奇", "陰奇", "年儀", "月儀", "干鬼",
)

# Names whose sense here is not the one the same characters have elsewhere in the catalogs (msgctxt "natal").
OWN_SENSES: dict[str, str] = {
    "小吉": "the 月將 of 未, not the verdict 'mildly good'",
    "生": "the third meaning of the 九宮 (V106), not the relation 'generates'",
    "合": "the combinations of a chart counted (V221), not the relation 'combines with'",
    "六合": "the 天將 of 乙 (V109), not the relation of two branches",
    "前五": "the five stems 甲–戊 (V94), not the pillar five ahead (V109)",
    "兄弟": "the palace of siblings of the twelve (V51), not the 六親 of a line",
    "子孫": "the palace of children of the twelve (V51), not the 六親 of a line",
    "父母": "the palace of parents of the twelve (V51), not the 六親 of a line",
    "福德": "the palace of fortune of the twelve (V51), not the almanac star 福德 (SS-114)",
}


def names() -> list[str]:
    """Every name a fact of the evidence may hold (the catalog terms; OWN_SENSES have a second entry)."""
    return list(dict.fromkeys([*table_names(), *VERSE_NAMES]))


# ---- how a name is shown ------------------------------------------------------------------------------------

SEPARATOR = N_(" · ")  # between the parts of one name: 心·眼·熱病 (heart · eyes · fevers), 九病·肺 (Japanese 「・」)
MIDDLE_DOT = N_("·")  # the unknown half of a pillar (甲·); the mark of a verse that does not apply
TRANSFORMED = N_("the {stems} transformation into {element}")  # 己甲化土
DECADE = N_("the {head} decade")  # 甲辰旬: the ten pillars from 甲辰
MONTHS: tuple[str, ...] = (
    N_("the first month"), N_("the second month"), N_("the third month"), N_("the fourth month"),
    N_("the fifth month"), N_("the sixth month"), N_("the seventh month"), N_("the eighth month"),
    N_("the ninth month"), N_("the tenth month"), N_("the eleventh month"), N_("the twelfth month"),
)  # the months of the year from 寅, the first, as V92 counts them (4月 is 巳)

_CHARACTERS = frozenset([*Stem.__members__, *Branch.__members__, *Element.__members__, PART])
_STEMS = "".join(Stem.__members__)
_TRANSFORMED = re.compile(f"([{_STEMS}]{{2}})化([{''.join(Element.__members__)}])")
_DECADE = re.compile(f"(甲[{''.join(Branch.__members__)}])旬")
_MONTH = re.compile(r"(1[0-2]|[1-9])月")


def is_characters(text: str) -> bool:
    """Stems, branches, elements and pillars stay as written in every language."""
    return all(c in _CHARACTERS for c in text)


def characters(text: str) -> str:
    """Stems, branches and pillars as written, the unknown half of a pillar marked as the language writes it."""
    return text.replace(PART, _(MIDDLE_DOT)) if PART in text else text


def name_term(word: str) -> str:
    """One name in the user's words: its own sense where it has one here, else the shared term."""
    return term(word, NATAL) if word in OWN_SENSES else term(word)


def name_text(text: str) -> str:
    """A name of a fact as the user reads it: characters as written, a composite by its parts, else the term."""
    if is_characters(text):
        return characters(text)
    if text.isdigit():
        return format_decimal(int(text), locale=locale(current()))
    if PART in text:
        return _(SEPARATOR).join(name_text(p) for p in text.split(PART))
    if m := _MONTH.fullmatch(text):
        return _(MONTHS[int(m.group(1)) - 1])
    if m := _TRANSFORMED.fullmatch(text):
        return _(TRANSFORMED).format(stems=m.group(1), element=m.group(2))
    if m := _DECADE.fullmatch(text):
        return _(DECADE).format(head=m.group(1))
    return name_term(text)
