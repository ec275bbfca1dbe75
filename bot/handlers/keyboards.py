"""Inline keyboards, labelled in the current language.  Callback data is short ``prefix:value`` text.

Prefixes: ``t`` topic, ``f`` follow-up answer (``f:{id}:skip`` skips an optional one), ``m`` cast method, ``c`` a toss (tosses done, then backs counted),
``w`` moment, ``q`` question text, ``x`` cancel, ``new`` a new reading, ``h`` history page, ``o`` open a reading,
``r`` all reasons, ``p`` topic reading, ``z`` sources, ``g`` terms, ``k`` outcome, ``l`` language, ``s`` a setting.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, ParamSpec

from telegram import InlineKeyboardButton as B
from telegram import InlineKeyboardMarkup

from bot.render.i18n import LANGS, N_, _, current, locale
from bot.render.zones import zone_label
from core.chart.cast import LineValue
from core.question import OPTIONAL_FOLLOW_UPS, FollowUp, Horizon, Topic, choices

TOPIC_LABELS: dict[str, str] = {
    "wealth": N_("Money, business"), "career": N_("Career, office"), "exam": N_("Examination"),
    "marriage": N_("Marriage, romance"), "pregnancy": N_("Pregnancy, birth"), "illness": N_("Illness"),
    "lawsuit": N_("Lawsuit, officials"), "travel": N_("Travel"), "returning": N_("Someone returning or missing"),
    "document": N_("Documents, contracts"), "danger": N_("Avoiding a danger"), "doctor": N_("A doctor or a medicine"),
    "teacher": N_("A teacher"), "land": N_("Land, graves"), "livestock": N_("Livestock"),
    "gamble": N_("Games, bets"), "loan": N_("Loans, debts"),
    "lost": N_("Lost thing, theft"), "property": N_("House, land, vehicle, documents"), "weather": N_("Weather"),
    "year": N_("The year's fortune"), "lifetime": N_("My lifetime"), "lifespan": N_("Lifespan"),
    "matchmaker": N_("A matchmaker"), "other": N_("Something else"),
    # 增刪卜易's own topic chapters
    "patron": N_("Visiting a patron or an official"), "shop": N_("Opening a shop, a partnership"),
    "goods": N_("Stocking or selling goods"), "lending": N_("Lending, collecting a debt"),
    "boat": N_("A journey by boat"), "avoid_lawsuit": N_("Fearing a lawsuit or trouble"),
    "spirits": N_("Is a spirit behind it?"), "house": N_("Building, buying or renting a house"),
    "grave": N_("An ancestral grave"), "children": N_("Children: will there be, will they grow up"),
    "studies": N_("My studies, a calling, a craft"), "tutor": N_("A tutor for my child"),
    "client": N_("Working for a client or a patron"), "savings_club": N_("A savings club (계, 標會, 頼母子講)"),
}
SUBJECT_LABELS: dict[str, str] = {
    "self": N_("Myself"), "parent": N_("A parent or elder"), "sibling": N_("A sibling or friend"),
    "wife": N_("My wife or girlfriend"), "husband": N_("My husband or boyfriend"),
    "child": N_("A child or junior"), "employee": N_("An employee"), "master": N_("My employer"),
    "sisters_husband": N_("A sister's husband"), "other": N_("Someone unrelated"),
}
SEX_LABELS: dict[str, str] = {"male": N_("Male"), "female": N_("Female")}
THING_LABELS: dict[str, str] = {
    "money": N_("Money or valuables"), "document": N_("A document"), "vehicle": N_("A vehicle"),
    "clothing": N_("Clothing or cloth"), "animal": N_("An animal"),
    "phone": N_("A phone"), "keys": N_("Keys"), "bag": N_("A bag"), "other": N_("Something else"),
}
HORIZON_LABELS: dict[str, str] = {"near": N_("Near: in days"), "far": N_("Far: months or years"),
                                  "today": N_("Today: in hours")}
ILLNESS_LABELS: dict[str, str] = {"recent": N_("Recent (近病)"), "long": N_("Long-standing (久病)")}
WEATHER_LABELS: dict[str, str] = {"rain": N_("Rain"), "clear": N_("A clear sky")}
BIRTH_LABELS: dict[str, str] = {"child": N_("The child: is it there, will it be kept"),
                                "mother": N_("The mother's safety in childbirth")}
OFFICE_LABELS: dict[str, str] = {
    "seek": N_("Getting a post or a promotion"), "hold": N_("Keeping the post I hold"),
    "resign": N_("Leaving my post for good"), "leave": N_("Taking leave (illness, family)"),
    "works": N_("A public project in my charge"), "works_trouble": N_("A public project that has run into trouble"),
}
EXAM_LABELS: dict[str, str] = {
    "main": N_("A major exam: a degree, a licence, the civil service"), "entrance": N_("An entrance exam"),
    "qualifying": N_("A qualifying or preliminary round"), "final": N_("The final round"),
    "grade": N_("My grade in a regular test"), "results": N_("When the results come out"),
}
# 各宜分占: the parts of a house, a grave, a site, a marriage … the book reads each in its own chapter and cast
ASPECT_LABELS: dict[str, str] = {
    "acquire": N_("Building, buying or renting it"), "works": N_("Building work, breaking ground, renovating"),
    "old_house": N_("My home: is it the cause of my troubles?"),
    "share": N_("Living with someone outside the family"),
    "grave": N_("The grave as it is"), "harm": N_("What has harmed the grave"), "repair": N_("Repairing the grave"),
    "burial": N_("Burying the newly dead in it"),
    "site": N_("Is the site a good one?"), "geomancer": N_("The geomancer (feng-shui master)"),
    "match": N_("Will the match come about?"), "children": N_("Children from this marriage"),
    "parents": N_("This marriage and the parents"), "risk": N_("Will the union bring me trouble?"),
    "obstruction": N_("Will someone stop the marriage?"),
    "harmony": N_("Our marriage: will we get along and grow old together?"),
    "partner": N_("The business, with a partner"), "customers": N_("The business and its customers"),
    "price": N_("Buying, holding or selling: the price"),
    "move": N_("Selling: go elsewhere or change course, or hold?"),
    "journey": N_("The journey itself"), "companion": N_("Travelling or staying with someone"),
    "call": N_("Calling a doctor, taking a medicine"), "treat": N_("I am the doctor: should I go and treat them?"),
    "pregnancy": N_("The pregnancy: is the child there, will it be kept"), "boy_or_girl": N_("A boy or a girl?"),
}
LIFE_LABELS: dict[str, str] = {"wealth": N_("Wealth and comfort over my life"),
                               "career": N_("A career, a name over my life")}
CLUB_LABELS: dict[str, str] = {"joining": N_("Starting or joining the club"), "pot": N_("Drawing the pot: will I, when")}
STUDY_LABELS: dict[str, str] = {
    "school": N_("Study: school, a degree, a subject"), "profession": N_("A profession practised for others"),
    "healing": N_("Healing: medicine, therapy"), "craft": N_("A trade or a craft"),
}
FOLLOW_UP_QUESTIONS: dict[str, str] = {
    "subject": N_("Whose matter is it?"),
    "sex": N_("Are you a man or a woman? (Marriage is read from 財 for a man, from 官 for a woman.)"),
    "subject_sex": N_("Is the person who marries a man or a woman?"),
    "thing": N_("What was lost?"),
    "birth": N_("Do you ask about the child or about the mother? The book reads them apart (各宜分占)."),
    "study": N_("What kind of learning is it? Each is read by its own line (學業章)."),
    "club": N_("Do you ask about starting or joining the club, or about drawing its pot? The book casts them apart."),
    "life": N_("Which side of your life do you ask about? The book casts each apart (分占): wealth, or a career. "
               "Or skip, and the life is read as a whole."),
    "horizon": N_("Is the matter near or far off? A near matter is timed in days, a far one in months and years. "
                  "Not sure? Skip, and it is timed as such matters usually are."),
    "illness": N_("Is the illness recent or long-standing? A void use-god or a six-clash hexagram means recovery "
                  "in a recent illness and danger in a long one. Not sure? Skip."),
    "weather": N_("Which weather do you ask about or hope for? It becomes the use-god. Or skip, and the sky is read "
                  "as it comes, from the moving Water and Fire lines."),
    "office": N_("What do you ask about your career? The book reads each by its own chapter. Or skip, and it is "
                 "read as getting a post or a promotion."),
    "exam": N_("Which examination, or what of it? The book gives each stage its own chapter. Or skip, and it is "
               "read as a major exam."),
    "aspect": N_("Which part of the matter do you ask about? The book reads each in its own chapter, one cast each "
                 "(各宜分占). Or skip, and the matter itself is read."),
}
# The horizon question where a chapter times in hours (占日應時): the weather, an illness, a return, a bet.
TODAY_QUESTION = N_("Is it about today? A matter of today is timed in hours (時辰), a later one in days (or, for a "
                    "far one, in months and years). Not sure? Skip, and it is timed in days.")


def follow_up_question(topic: Topic, which: FollowUp) -> str:
    """The question a follow-up asks (a msgid): the horizon asks "today?" where the topic offers today."""
    if which is FollowUp.horizon and Horizon.today in choices(topic, which):
        return TODAY_QUESTION
    return FOLLOW_UP_QUESTIONS[which.value]


SKIP = "skip"  # the value of an optional follow-up's skip button
SKIP_LABELS: dict[str, str] = {
    "horizon": N_("Not sure — skip"), "illness": N_("Not sure — skip"), "weather": N_("No preference — skip"),
    "office": N_("Skip"), "exam": N_("Skip"),
    "aspect": N_("The matter itself — skip"),
    "life": N_("My life as a whole"),
}
LANG_NAMES = {"en": "English", "ko": "한국어", "ja": "日本語", "zh_Hans": "简体中文", "zh_Hant": "繁體中文"}
ZONES = ("Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Taipei", "Asia/Hong_Kong", "Asia/Singapore",
         "Europe/London", "America/New_York", "America/Los_Angeles", "UTC")


P = ParamSpec("P")


def _reused(build: Callable[P, InlineKeyboardMarkup]) -> Callable[P, InlineKeyboardMarkup]:
    """The keyboard built once per language and arguments, and the same immutable object handed out after."""

    @lru_cache(maxsize=1024)
    def cached(lang: str, args: tuple[Any, ...], kwargs: tuple[tuple[str, Any], ...]) -> InlineKeyboardMarkup:
        return build(*args, **dict(kwargs))

    @wraps(build)
    def keyboard(*args: P.args, **kwargs: P.kwargs) -> InlineKeyboardMarkup:
        return cached(current(), args, tuple(sorted(kwargs.items())))

    return keyboard


def _rows(buttons: list[B], width: int) -> list[list[B]]:
    return [buttons[i:i + width] for i in range(0, len(buttons), width)]


def cancel_row() -> list[B]:
    return [B(_("Cancel"), callback_data="x")]


@_reused
def topics() -> InlineKeyboardMarkup:
    buttons = [B(_(TOPIC_LABELS[t.value]), callback_data=f"t:{t.value}") for t in Topic]
    return InlineKeyboardMarkup(_rows(buttons, 2) + [cancel_row()])


@_reused
def follow_up(topic: Topic, which: FollowUp) -> InlineKeyboardMarkup:
    """The answers to a follow-up, two a row; an optional one has its skip button on a row of its own."""
    labels = {FollowUp.subject: SUBJECT_LABELS, FollowUp.sex: SEX_LABELS, FollowUp.subject_sex: SEX_LABELS,
              FollowUp.thing: THING_LABELS, FollowUp.horizon: HORIZON_LABELS, FollowUp.illness: ILLNESS_LABELS,
              FollowUp.weather: WEATHER_LABELS, FollowUp.birth: BIRTH_LABELS, FollowUp.office: OFFICE_LABELS,
              FollowUp.exam: EXAM_LABELS, FollowUp.aspect: ASPECT_LABELS, FollowUp.study: STUDY_LABELS,
              FollowUp.club: CLUB_LABELS, FollowUp.life: LIFE_LABELS}[which]
    buttons = [B(_(labels[c.value]), callback_data=f"f:{which.value}:{c.value}") for c in choices(topic, which)]
    skip = ([[B(_(SKIP_LABELS[which.value]), callback_data=f"f:{which.value}:{SKIP}")]]
            if which in OPTIONAL_FOLLOW_UPS else [])
    return InlineKeyboardMarkup(_rows(buttons, 2) + skip + [cancel_row()])


@_reused
def question_text() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[B(_("Skip"), callback_data="q:skip")], cancel_row()])


@_reused
def methods() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([
        [B(_("Toss coin by coin"), callback_data="m:coins")],
        [B(_("Type all six lines"), callback_data="m:text")],
        [B(_("Toss for me"), callback_data="m:auto")],
        cancel_row(),
    ])


@_reused
def toss(done: int, coins: str) -> InlineKeyboardMarkup:
    """The keyboard of toss ``done + 1``: ``c:{done}:{count}`` / ``c:{done}:undo`` — a tap from an older toss
    message (a double tap, a message from before an undo) names an earlier toss and is refused, not counted."""
    label = _("{n} backs {symbol}") if coins == "backs" else _("{n} faces {symbol}")
    counts = [B(label.format(n=n, symbol=LineValue(6 + n).symbol), callback_data=f"c:{done}:{n}") for n in range(4)]
    extra = [B(_("Undo last toss"), callback_data=f"c:{done}:undo")] if done else []
    return InlineKeyboardMarkup([counts[:2], counts[2:], extra + cancel_row()])


@_reused
def moment() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[B(_("Now"), callback_data="w:now")],
                     [B(_("Another date and time"), callback_data="w:type")], cancel_row()])


@_reused
def cast_time() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[B(_("Time unknown: read it at 12:00"), callback_data="w:noon")], cancel_row()])


def after_reading(reading_id: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([
        [B(_("All reasons"), callback_data=f"r:{reading_id}"), B(_("Topic reading"), callback_data=f"p:{reading_id}")],
        [B(_("Sources"), callback_data=f"z:{reading_id}"), B(_("Terms"), callback_data=f"g:{reading_id}")],
        [B(_("What happened?"), callback_data=f"k:{reading_id}:ask"), B(_("New reading"), callback_data="new")],
    ])


def outcome(reading_id: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([
        [B(_("It happened today"), callback_data=f"k:{reading_id}:today")],
        [B(_("It happened on another date"), callback_data=f"k:{reading_id}:date")],
        [B(_("It did not happen"), callback_data=f"k:{reading_id}:no")],
    ])


@_reused
def start() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[B(_("New reading"), callback_data="new")],
                     [B(_("My readings"), callback_data="h:0"), B(_("Settings"), callback_data="s:show")]])


@_reused
def languages() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(_rows([B(LANG_NAMES[x], callback_data=f"l:{x}") for x in LANGS], 2))


@_reused
def zones() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(_rows([B(z, callback_data=f"s:tz:{z}") for z in ZONES], 2))


def zone_choice(zones: tuple[str, ...], prefix: str = "s:tz:") -> InlineKeyboardMarkup:
    """The zones an offset or a place's name fits, each under its country and city in the user's language (the
    settings' ``s:tz:`` buttons, or the birth zone's ``b:zone:``)."""
    loc = locale(current())
    return InlineKeyboardMarkup(_rows([B(zone_label(z, loc), callback_data=f"{prefix}{z}") for z in zones], 1))


def birth_zone_choice(zones: tuple[str, ...], tz: str) -> InlineKeyboardMarkup:
    """The zones the birthplace typed may mean, then the user's own zone and cancel."""
    return InlineKeyboardMarkup([*zone_choice(zones, "b:zone:").inline_keyboard,
                     *birth_zone(tz).inline_keyboard])


@_reused
def settings(day_boundary: int, coins: str, grim: bool = False) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([
        [B(_("Language"), callback_data="s:lang"), B(_("Time zone"), callback_data="s:tzmenu")],
        [B(_("Day changes at 23:00") + (" ✓" if day_boundary == 23 else ""), callback_data="s:db:23"),
         B(_("Day changes at 00:00") + (" ✓" if day_boundary == 0 else ""), callback_data="s:db:0")],
        [B(_("Count the backs") + (" ✓" if coins == "backs" else ""), callback_data="s:coins:backs"),
         B(_("Count the faces") + (" ✓" if coins == "faces" else ""), callback_data="s:coins:faces")],
        [B(_("Grave verses hidden") + ("" if grim else " ✓"), callback_data="s:grim:0"),
         B(_("Grave verses shown") + (" ✓" if grim else ""), callback_data="s:grim:1")],
    ])


# ---- /natal (玉照定真經): b:{step}:{value} ----------------------------------------------------------------------

@_reused
def birth_date() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([cancel_row()])


@_reused
def birth_time() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[B(_("Time unknown"), callback_data="b:time:unknown")], cancel_row()])


@_reused
def birth_zone(tz: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[B(_("Use my zone {tz}").format(tz=tz), callback_data="b:zone:mine")],
                     cancel_row()])


@_reused
def birth_sex() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([
        [B(_(SEX_LABELS["male"]), callback_data="b:sex:male"), B(_(SEX_LABELS["female"]), callback_data="b:sex:female")],
        [B(_("Skip"), callback_data="b:sex:skip")],
        cancel_row(),
    ])


def after_natal(natal_id: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[B(_("Details"), callback_data=f"v:{natal_id}")],
                     [B(_("My readings"), callback_data="h:0"), B(_("New reading"), callback_data="new")]])


HISTORY_PAGE = 5


def history(items: list[tuple[int | str, str]], offset: int, more: bool) -> InlineKeyboardMarkup:
    """A page of the history: a hexagram reading's button opens ``o:{id}``, a natal reading's ``n:{id}``."""
    rows = [[B(label, callback_data=key if isinstance(key, str) else f"o:{key}")] for key, label in items]
    nav = []
    if offset > 0:
        nav.append(B(_("Newer"), callback_data=f"h:{max(0, offset - HISTORY_PAGE)}"))
    if more:
        nav.append(B(_("Older"), callback_data=f"h:{offset + len(items)}"))
    return InlineKeyboardMarkup(rows + ([nav] if nav else []))

