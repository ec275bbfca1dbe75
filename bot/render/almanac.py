"""A day's almanac (神煞 of one local date) as text in the current language: ``/today``, the daily message and
``liuyao almanac``.

What it shows, from ``core.stars.almanac``: the date in the local calendar format (Babel), the pillars, 旬空, the
stars that fall on the day itself (``DayStars.notable``) each with a one-line meaning, and the matters the day
favours and those it is bad for (``DayStars.favours`` / ``avoid``).

The day is read at local noon of the date in the user's zone with the hour removed: hour stars (九曜) belong to a
cast, not to a day, and noon keeps the day pillar on the civil date whatever the day boundary (23:00 子初換日 or
midnight).  Star names are terms (``term``, msgctxt "term"); their meanings and the matter names are messages
defined here with ``N_`` and translated in the catalogs.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from datetime import date, datetime, time
from typing import Final
from zoneinfo import ZoneInfo

from bot.render.dates import day_text
from bot.render.i18n import N_, _, current, term
from bot.render.korean import particles
from core.chart.calendar import Moment
from core.stars import STARS, DayStar, DayStars, Keyed, Matter, Nature, almanac

__all__ = [
    "MATTER_TEXT",
    "MAX_MESSAGE",
    "NATURE_MARK",
    "STAR_MEANING",
    "day_moment",
    "day_stars",
    "local_today",
    "matter_text",
    "render_almanac",
    "star_line",
    "star_name",
]

MAX_MESSAGE: Final = 4000  # Telegram's limit is 4096 characters; keep a margin

# What a matter id means, as the head of a list ("Favourable for: money and business, travel").
MATTER_TEXT: Final[dict[Matter, str]] = {
    Matter.GENERAL: N_("general affairs"),
    Matter.MARRIAGE: N_("marriage and romance"),
    Matter.ILLNESS: N_("illness"),
    Matter.MEDICINE: N_("medical treatment, acupuncture and moxibustion"),
    Matter.LAWSUIT: N_("lawsuits and officials"),
    Matter.PRISON: N_("arrest and punishment"),
    Matter.TRAVEL: N_("journeys and absent people"),
    Matter.WEALTH: N_("money and business"),
    Matter.LIVELIHOOD: N_("salary and food"),
    Matter.CAREER: N_("office and promotion"),
    Matter.EXAM: N_("study and examinations"),
    Matter.PREGNANCY: N_("pregnancy and birth"),
    Matter.CHILDREN: N_("children"),
    Matter.THEFT: N_("theft and stolen goods"),
    Matter.FUGITIVE: N_("catching fugitives"),
    Matter.DEATH: N_("mourning and funerals"),
    Matter.NEWS: N_("news and letters"),
    Matter.HUNTING: N_("hunting and fishing"),
    Matter.HUSBANDRY: N_("livestock"),
    Matter.FIRE: N_("fire"),
    Matter.WATER: N_("boats and crossings"),
    Matter.HOUSE: N_("the house"),
    Matter.GRAVE: N_("graves"),
    Matter.APPEARANCE: N_("looks"),
    Matter.FATE: N_("destiny"),
}

# One line per star id (names repeat: 天狗, 喪門, 弔客 and 月煞 each name two stars), what it does by the
# chapter (or, for a star whose use the text does not state, by its name and image — see core/stars.py).
STAR_MEANING: Final[dict[str, str]] = {
    # 九曜 and 三垣: no 吉凶, only the matters
    "po_jun": N_("a Dipper star of the hour; bears on marriage, looks, graves and houses"),
    "zuo_fu": N_("a Dipper attendant of the hour; bears on marriage, looks, graves and houses"),
    "you_bi": N_("a Dipper attendant of the hour; bears on marriage, looks, graves and houses"),
    "zi_wei_yuan": N_("an enclosure of stars; bears on destiny"),
    "tian_shi_yuan": N_("an enclosure of stars; bears on destiny"),
    "tai_wei_yuan": N_("an enclosure of stars; bears on destiny"),
    # 四德
    "tian_de": N_("blessing and protection; escape from punishment"),
    "tian_de_gan": N_("blessing and protection; guards against accusations"),
    "yue_de": N_("blessing and protection; escape from punishment"),
    "yue_de_gan": N_("blessing and protection; escape from punishment"),
    # day-stem stars
    "tian_yi_gui_ren": N_("help from superiors and patrons"),
    "fu_xing_gui_ren": N_("salary and food come easily"),
    "tian_chu_gui_ren": N_("food and provisions"),
    "tian_yuan_lu": N_("income and office"),
    "wen_chang": N_("study, examinations and office"),
    "xi_shen": N_("a smooth journey"),
    "yang_ren": N_("harm to a wife or partner"),
    "jue_lu_kong": N_("the road is cut off: do not travel far"),
    # 五符 and its followers
    "wu_fu": N_("appointment to office"),
    "tian_cao": N_("a heavenly clerk; neither good nor bad"),
    "di_fu": N_("an earthly tally; neither good nor bad"),
    "feng_bo": N_("the lord of wind; neither good nor bad"),
    "lei_gong": N_("the lord of thunder; neither good nor bad"),
    "yu_shi": N_("the master of rain; neither good nor bad"),
    "feng_yun": N_("wind and clouds; neither good nor bad"),
    "tang_fu": N_("favour in office"),
    "guo_yin": N_("the seal of office: appointment and authority"),
    "tian_guan": N_("heaven's gate; neither good nor bad"),
    "di_xia": N_("earth's casket; neither good nor bad"),
    "tuo_luo_xing": N_("a bandit star: harm and loss"),
    # 將星 series
    "jiang_xing": N_("honour and command"),
    "pan_an": N_("advancement"),
    "yi_ma": N_("movement and travel"),
    "liu_hai_xing": N_("clears the road; neither good nor bad"),
    "hua_gai": N_("dignity and learning"),
    "jie_sha": N_("loss by force"),
    "zai_sha": N_("mishaps"),
    "tian_sha": N_("misfortune from above"),
    "di_sha": N_("misfortune underfoot"),
    "nian_sha": N_("harm"),
    "yue_sha_jiang": N_("harm"),
    "wang_ren_sha": N_("loss and disgrace"),
    # month stars
    "tian_cai": N_("gain of money"),
    "di_cai": N_("gain of money"),
    "tian_ma": N_("promotion and study; bad for illness and mourning"),
    "tian_xi": N_("happy events"),
    "tian_she": N_("pardon: release from prison and lawsuits"),
    "tian_jie": N_("troubles removed"),
    "yue_jie": N_("troubles eased"),
    "he_san": N_("cuts off growth: bad for pregnancy, children and money"),
    "tian_yi": N_("cure and medicine"),
    "huo_yao": N_("pregnancy and children thrive"),
    "lei_huo": N_("great gain in office and examinations"),
    "wang_luo": N_("the net: fugitives are caught"),
    "jing_qi": N_("banners; neither good nor bad"),
    "tian_er": N_("news arrives"),
    "tian_mu": N_("news arrives"),
    "tian_gang_sha": N_("gain from pursuit; good for hunting"),
    "tian_quan": N_("good for hunting"),
    "tian_zhu": N_("harm to livestock"),
    "tian_shu": N_("harm to livestock"),
    "tian_niu": N_("harm to livestock"),
    "da_teng_she": N_("alarms and delays"),
    "an_jin": N_("danger in childbirth"),
    "po_sui": N_("losses to the household"),
    "da_hao": N_("heavy losses"),
    "xiao_hao": N_("minor losses"),
    "huang_wu": N_("things lie waste"),
    "yue_kong": N_("the month's void; neither good nor bad"),
    "yue_sha_kong": N_("emptiness and decline"),
    "tian_zei": N_("theft"),
    "tian_gou_month": N_("the dog chases the thief: stolen goods recovered"),
    "di_zei": N_("burglary"),
    "tian_zhu_candle": N_("fire"),
    "tian_huo": N_("fire"),
    "sheng_qi": N_("growth and life"),
    "si_qi": N_("decline; bad for the sick"),
    "si_qi_guan_fu": N_("lawsuits"),
    "chui_men_guan_fu": N_("lawsuits"),
    "tian_yu": N_("confinement"),
    "di_yu": N_("confinement"),
    "xue_ren": N_("no acupuncture or surgery"),
    "xue_ji": N_("no acupuncture or surgery"),
    "yin_sha": N_("traps set by petty people"),
    "zhe_sha": N_("things cut short"),
    "yu_pen": N_("danger to infants"),
    "xian_chi": N_("scandal in love"),
    "tian_ku": N_("grief"),
    "sang_men_month": N_("illness and mourning"),
    "diao_ke_month": N_("illness and mourning"),
    "sang_che": N_("illness and mourning"),
    "wu_mu": N_("illness and death"),
    "san_qiu": N_("illness and death"),
    "gu_chen": N_("loneliness; separation in marriage"),
    "gua_su": N_("loneliness; separation in marriage"),
    "guan_suo": N_("the way ahead is blocked"),
    "wang_wang": N_("do not set out"),
    "gui_ji": N_("do not come home"),
    "fu_zhou": N_("danger on water"),
    "bai_lang": N_("danger on water"),
    # palace stars and 罡魁 (they act with a moving 官鬼 line)
    "tian_guan_fu": N_("lawsuits, if an officer line moves in its palace"),
    "he_shen": N_("setting out toward its palace is unlucky"),
    "tian_gang": N_("sudden trouble and lawsuits"),
    "he_kui": N_("sudden trouble and theft"),
    # 太歲 and its gods (year stars weigh less)
    "tai_sui": N_("the ruler of the year"),
    "tai_yang": N_("good fortune"),
    "sang_men_year": N_("mourning"),
    "tai_yin": N_("good fortune"),
    "guan_fu": N_("lawsuits and officials"),
    "si_fu": N_("mourning"),
    "sui_po": N_("clashes with the year"),
    "long_de": N_("good fortune"),
    "bai_hu": N_("injury and bloodshed"),
    "fu_de": N_("good fortune"),
    "diao_ke_year": N_("mourning"),
    "bing_fu": N_("sickness"),
    "fei_lian": N_("quarrels and slander"),
    "wu_gui": N_("petty trouble"),
    "lan_gan": N_("obstruction"),
    "tian_gou_year": N_("injury"),
    "yue_fei_lian": N_("quarrels and slander"),
    "yue_wu_gui": N_("petty trouble"),
}

# Marks before a star: 吉 ＋, 凶 －, mixed ±, no stated 吉凶 ・
NATURE_MARK: Final[dict[Nature, str]] = {Nature.GOOD: "＋", Nature.BAD: "－", Nature.MIXED: "±", Nature.NEUTRAL: "・"}

_missing = {s.id for s in STARS} - set(STAR_MEANING)
if _missing:  # pragma: no cover - a star added to core without a meaning here
    raise AssertionError(f"stars without a meaning in bot/render/almanac.py: {sorted(_missing)}")
del _missing


def local_today(now_utc: datetime, tz: str) -> date:
    """The civil date in ``tz`` at the instant ``now_utc``."""
    return now_utc.astimezone(ZoneInfo(tz)).date()


def day_moment(day: date, tz: str) -> Moment:
    """The pillars of ``day`` in ``tz``: read at local noon, with no hour (hour stars are not a day's)."""
    noon = datetime.combine(day, time(12, 0), tzinfo=ZoneInfo(tz))
    return dataclasses.replace(Moment.at(noon, tz), hour=None)


def day_stars(day: date, tz: str) -> DayStars:
    return almanac(day_moment(day, tz))


def matter_text(matter: Matter) -> str:
    return _(MATTER_TEXT[matter])


# 天狗, 喪門 and 弔客 are each a star of the month and one of 太歲's gods, and may fall on the same day: a name two
# stars share says which frame it is counted from, so a day never lists the same name twice (issue 22; the two
# 月煞, both of the month, never fall on one day — tests/test_almanac.py sweeps the days).  天賊 is no longer
# shared: the 五符 one goes by its other name, 陀羅星 (core/stars/catalogue.py).
SHARED_NAMES: Final = frozenset(n for n, k in Counter(s.name for s in STARS).items() if k > 1)
_OF_THE_YEAR: Final = N_("{star} (of the year)")
_OF_THE_MONTH: Final = N_("{star} (of the month)")


def star_line(found: DayStar) -> str:
    """``＋ 天德 — blessing and protection; escape from punishment`` in the current language."""
    star = found.star
    name = star_name(star.name)
    if star.name in SHARED_NAMES:
        name = _(_OF_THE_YEAR if star.key in (Keyed.YEAR_BRANCH, Keyed.YEAR_MONTH) else _OF_THE_MONTH).format(star=name)
    if found.palace:
        name += f"（{found.palace}）"
    return f"{NATURE_MARK[star.nature]} {name} — {_(STAR_MEANING[star.id])}"


_LIST_SEPARATOR: Final = {"ja": "、", "zh_Hans": "、", "zh_Hant": "、"}


def _matters(matters: tuple[Matter, ...]) -> str:
    # not Babel's format_list: its "a, b, and c" blurs items that are themselves pairs ("money and business")
    return _LIST_SEPARATOR.get(current(), ", ").join(matter_text(m) for m in matters)


def _by_nature(found: tuple[DayStar, ...]) -> list[tuple[str, list[DayStar]]]:
    """The day's stars under their own headings: the lucky ones, the evil ones, then the mixed and neutral."""
    groups = [(_("Lucky stars on the day:"), [d for d in found if d.star.nature is Nature.GOOD]),
              (_("Evil stars on the day:"), [d for d in found if d.star.nature is Nature.BAD]),
              (_("Other stars on the day:"), [d for d in found if d.star.nature not in (Nature.GOOD, Nature.BAD)])]
    return [(h, g) for h, g in groups if g]


def star_name(name: str) -> str:
    """A star's name as a term; a gloss after ": " in the catalog (the English glossary has some) is cut."""
    return term(name).split(": ", 1)[0]


def render_almanac(day: date, tz: str, *, heading: str | None = None) -> str:
    """The almanac of local date ``day`` in zone ``tz``, in the current language (``bot.render.i18n.use``)."""
    stars = day_stars(day, tz)
    m = stars.moment
    when = day_text(day)
    pillars = " ".join(f"{p}{unit}" for p, unit in ((m.year, _("年")), (m.month, _("月")), (m.day, _("日"))) if p is not None)
    out = [heading or _("Almanac for {date}").format(date=when)]
    if heading:
        out.append(when)
    out.append(f"{pillars}　{term('旬空')} {''.join(b.name for b in m.void)}")
    out.append("")
    notable = stars.notable
    for heading_text, group in _by_nature(notable):
        out.append(heading_text)
        out.extend(star_line(d) for d in group)
    if not notable:
        out.append(_("No star of the text falls on this day itself."))
    out.append("")
    # A matter helped by one star of the day and harmed by another is listed once, as mixed.
    good = tuple(x for x in stars.favours if x not in stars.avoid)
    bad = tuple(x for x in stars.avoid if x not in stars.favours)
    both = tuple(x for x in stars.favours if x in stars.avoid)
    out.append(_("Favourable for: {matters}").format(matters=_matters(good)) if good
               else _("Favourable for: nothing in particular"))
    out.append(_("Unfavourable for: {matters}").format(matters=_matters(bad)) if bad
               else _("Unfavourable for: nothing in particular"))
    if both:
        out.append(_("Mixed for: {matters}").format(matters=_matters(both)))
    out.append("")
    out.append(_("Stars only strengthen what a reading shows: good ones add to good, bad ones to bad. "
                 "Ask your own question with /cast."))
    text = particles("\n".join(out))
    if len(text) > MAX_MESSAGE:  # never seen (a day has a few dozen stars at most), but never fail a send for it
        text = text[:MAX_MESSAGE - 1] + "…"
    return text
