"""A question — a matter (topic) and whose matter it is (subject) — and the use-god (用神) the classics take for it.

增刪卜易 用神章 (seed 002, YS-01…YS-07) governs every person it names; the topic chapters of seed 000 (年時, 身命,
六親壽命, 媒妁, 婚姻) give the readings of their own topics; DESIGN.md decides what the texts leave open (an unrelated
other person → 應; 姊丈/妹夫 → 世).  增刪卜易's own topic chapters (天時 … 祖塋, seed zsbyt) give the use-god of
the matters they treat and win where they differ from 用神章's table: a doctor is the 應 (延醫 YY-02), a grave site
the 世 (尋地 XN-01), a game the 世 against the 應 with the 財 (博戲 BX-01), a pregnancy the 子孫 (胎孕 TY-01) or the
mother's own line (問產婦 CA-01).  Every entry carries the seed line it rests on, so a reading can say who says so.
Ids and enums only: the bot translates.

Follow-ups are asked only when the answer changes the use-god: whose matter for person-centred topics, the sex of
the one who marries, the kind of a lost thing, the child or the mother of a pregnancy (TY-01 各宜分占).  A use-god
given explicitly by an expert overrides the catalogue.
Optional follow-ups (``optional_follow_ups``) come after them and may be skipped, keeping the default: how far off a
matter is where the topic's default is a guess, a recent or a long illness, the weather asked about, what a career
question asks of the post (seeking, holding, leaving it, a public project: each its own chapter).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import TypeAlias, TypeVar

from core.chart.ganzhi import Element
from core.chart.hexagram import Relation
from core.rules import source
from core.sources import Source
from core.values import value

# ---- the answers a question is made of ----------------------------------------------------------------------


class Topic(StrEnum):
    """The matter asked about; stable ids (add, never rename)."""

    wealth = "wealth"
    career = "career"
    exam = "exam"
    marriage = "marriage"
    pregnancy = "pregnancy"
    illness = "illness"
    lawsuit = "lawsuit"
    travel = "travel"
    returning = "returning"
    lost = "lost"
    property = "property"
    weather = "weather"
    year = "year"
    lifetime = "lifetime"
    lifespan = "lifespan"
    matchmaker = "matchmaker"
    other = "other"
    document = "document"    # documents, contracts, permits (文書、文契: 父母)
    danger = "danger"        # avoiding a danger, one's safety (防患避禍: the 世 with 子孫, JS-23)
    doctor = "doctor"        # a doctor or a medicine (醫藥: 子孫)
    teacher = "teacher"      # a teacher (師長: 父母)
    land = "land"            # land and graves (天地、城池、宅舍: 父母)
    livestock = "livestock"  # livestock (六畜: 子孫)
    gamble = "gamble"        # games and bets (財物: 妻財)
    loan = "loan"            # borrowing (借貸章: 財 the loan, 應 the lender)
    # 增刪卜易's own topic chapters (ch. 35–130, seed zsbyt), each with its chapter's use-god
    patron = "patron"        # visiting a patron or an official (謁貴章: 官 the patron, YG-07)
    shop = "shop"            # opening a shop, a trade, a partnership (開行開店章: 財, 應 partner or customers)
    goods = "goods"          # stocking or selling goods, the price (囤貨賣貨章: 財 the price)
    lending = "lending"      # lending money, collecting a debt (放債索債章: 財, 應 the debtor)
    boat = "boat"            # a journey by boat (舟行章: 世, 子孫 the fair wind)
    avoid_lawsuit = "avoid_lawsuit"  # fearing a lawsuit or trouble (防非避訟章: 世, 子孫 against 官鬼)
    spirits = "spirits"      # is a spirit behind it (鬼神章: 官鬼)
    house = "house"          # building, buying or renting a house (蓋造買宅賃宅章: 父母 with 世)
    grave = "grave"          # an existing ancestral grave (祖塋舊冢章: 父母)
    children = "children"    # will there be children, will they grow up (子嗣章: 子孫)
    studies = "studies"      # one's studies or the calling one learns (學業章, 治經章: by the kind, ``Study``)
    tutor = "tutor"          # engaging a tutor for one's child (延師章 YSH-09: 應 the tutor, 世 the employer)
    client = "client"        # working for a patron or a client for pay (為貴人奔走效力求財章: 財 and 官, 世 and 應)
    savings_club = "savings_club"  # a rotating savings club, 계, 標會, 頼母子講 (請會搖會章: 財, by ``Club``)


class Subject(StrEnum):
    """Whose matter it is, as seen from the querent; stable ids (add, never rename)."""

    self = "self"
    parent = "parent"
    sibling = "sibling"
    wife = "wife"
    husband = "husband"
    child = "child"
    employee = "employee"
    master = "master"
    sisters_husband = "sisters_husband"
    other = "other"


class Sex(StrEnum):
    male = "male"
    female = "female"


class Thing(StrEnum):
    """Kinds of lost things whose use-god differs (002 用神章): goods 妻財, sheltering things 父母, beasts 子孫."""

    money = "money"          # 貨財、珠寶、財物 → 妻財 (YS-05)
    document = "document"    # 章奏、文書、文契 → 父母 (YS-01)
    vehicle = "vehicle"      # 舟車 → 父母 (YS-01)
    clothing = "clothing"    # 衣服、雨具、綢緞、布匹 → 父母 (YS-01)
    animal = "animal"        # 六畜、禽獸 → 子孫 (YS-06)
    # Things the 用神章 (002 L31, L39) does not name, each read by the class its line draws (decisions, issue 22):
    # 父母 是 一切庇護我身者 — what covers and carries (宅舍、舟車、衣服、雨具, and the cloth itself, 綢緞、布匹);
    # 妻財 是 倉庫一切使用之財物 — every possession in use (貨財、珠寶 and every article).
    phone = "phone"          # an article in use, 使用之財物 → 妻財 (YS-05): the device is lost, not a 文書
    keys = "keys"            # an implement, 使用之財物 → 妻財 (YS-05); a key shelters no one (not 宅舍)
    bag = "bag"              # cloth or leather that carries and covers, as 衣服、雨具 → 父母 (YS-01)
    other = "other"          # a thing not named: 財物, the class of every possession → 妻財 (YS-05)


class Horizon(StrEnum):
    """How far off the matter is (YQ-16 遠事定之以年月，近事應之於日時): the unit its moments are told in."""

    near = "near"    # days (and months, when nobody said: 占近應遠)
    far = "far"      # months and years
    today = "today"  # a same-day matter: hours (占日應時; 天時 「誠得卜日應時」); added after the first two


class Illness(StrEnum):
    """近病 or 久病: the same 空 and 沖 mean opposite things for the two (JS-25, JS-26)."""

    recent = "recent"
    long = "long"


class Weather(StrEnum):
    """The weather wished or asked about; its relation is the use-god (父母 rain, 子孫 clear sky, SW-05)."""

    rain = "rain"
    clear = "clear"


class Birth(StrEnum):
    """Which side of a pregnancy is asked: 胎孕章 TY-01 「卜胎之虛實，占孕之安危，問產婦之吉凶 … 各宜分占」."""

    child = "child"    # is there a child, will it be kept (胎孕: 子孫)
    mother = "mother"  # the mother's safety in childbirth (問產婦: her own line, 財 for a wife, CA-01)


class Office(StrEnum):
    """What a career question asks (增刪卜易 reads each by its own chapter): seeking a post or a promotion (升選候補
    章), keeping the post one holds (在任吉凶章), leaving it (養親告病辭官章: for good, or for a time), a public
    project in one's charge (營造公務防患章: at its start, or once a fault has shown, GW-04)."""

    seek = "seek"                    # 升選候補: a post, a promotion, an appointment (the default)
    hold = "hold"                    # 在任: the post held, how the tenure goes
    resign = "resign"                # 辭官: leaving for good (GC-02: 反吟 is against it)
    leave = "leave"                  # 告病、養親: leave for illness or family, a return expected (GC-02)
    works = "works"                  # 公務: a public project or contract in one's charge, at its start (GW-04)
    works_trouble = "works_trouble"  # the same once a fault or a complaint has appeared (GW-04 已見疏虞)


class Exam(StrEnum):
    """Which examination, or what of it, is asked (增刪卜易 gives each stage its chapter, QM-01 「必須先占縣者，再占府
    考，又占道考」): a major examination (鄉試章, the default), an entrance one (童試章), a qualifying round (考遺才章),
    the final round (延試章), the grade of a regular test (歲科考章), the day the results are posted (發案持榜章)."""

    main = "main"                # 鄉試、會試: a degree, a licence, a civil-service examination (the default)
    entrance = "entrance"        # 童試: an entrance or admission examination
    qualifying = "qualifying"    # 考遺才: a qualifying or preliminary round
    final = "final"              # 延試 (庭試): the final round before the highest examiners
    grade = "grade"              # 歲科考: the grade or score of a regular test
    results = "results"          # 發案持榜: when the results are posted


class Aspect(StrEnum):
    """Which part of a house, a grave, a site, a marriage, a shop, goods, a journey, a doctor's matter or a pregnancy's
    child is asked: 增刪卜易 reads each apart, in its own chapter and its own cast (「須宜分占」, 「須宜另占，不可以前卦兼
    斷」, 「須在來人之念」).  The first of each topic is its default."""

    # 蓋造買宅賃宅章 … 舊宅章 (Topic.house)
    acquire = "acquire"        # building, buying or renting a house (蓋造買宅賃宅章, GZ) — the default
    works = "works"            # building work, breaking ground, renovating (創造宮室章 CZ, 修方動土章 XFD)
    old_house = "old_house"    # the home one lives in: is it the cause of the trouble (舊宅章 JU, 指占)
    share = "share"            # living with someone outside the family (同居章 TJ: the 應)
    # 祖塋舊冢章 … 新亡附葬祖塋章 (Topic.grave)
    grave = "grave"            # the ancestral grave as it is (祖塋舊冢章, ZY) — the default
    harm = "harm"              # what harmed the grave (因何事所傷章, YH)
    repair = "repair"          # repairing the grave (再占修補吉凶章, XB)
    burial = "burial"          # burying the newly dead in the ancestral grave (新亡附葬祖塋章, FU)
    # 尋地章 … 占地師章 (Topic.land)
    site = "site"              # is the site a good one (尋地章, XN) — the default
    geomancer = "geomancer"    # the geomancer or feng-shui master (占地師章, DM: the 應)
    # 婚姻章 … 娶離婦章 (Topic.marriage)
    match = "match"            # will the match come about, be good (婚姻章, HYN) — the default
    children = "children"      # children of this marriage (此婚子嗣有無章, HZ: 子孫)
    parents = "parents"        # this marriage and the parents (此婚有宜於父母否章, HF: 父母)
    risk = "risk"              # trouble the union may bring (娶離婦章 防患, QL-01: 子孫)
    obstruction = "obstruction"  # will someone stop the marriage (娶離婦章 防攔阻, QL-02)
    harmony = "harmony"        # one's own marriage: growing old together, getting along (夫婦章 FQ-03, FQ-05, FQ-07)
    # 開行開店章 (Topic.shop): 「須在來人之念」 — the 應 is the partner or the customers, as the asker means it (KH-01)
    partner = "partner"        # the business, with a partner (KH-02) — the default
    customers = "customers"    # the business by its customers (KH-03)
    # 囤貨賣貨章, 賣貨宜守宜動章 (Topic.goods)
    price = "price"            # buying, holding or selling: the price (DH) — the default
    move = "move"              # selling: go elsewhere or change course, or hold (賣貨宜守宜動章 MD-01 … MD-04)
    # 出行章, 同行章 (Topic.travel)
    journey = "journey"        # the journey itself (出行章, CX) — the default
    companion = "companion"    # travelling or staying with someone (同行章 TZ-01: the 應)
    # 延醫章, 醫卜往治章 (Topic.doctor)
    call = "call"              # calling a doctor or taking a medicine (延醫章, YY) — the default
    treat = "treat"            # a doctor asking whether to go and treat a patient (醫卜往治章 WZ-01: the 應)
    # 胎孕章 (Topic.pregnancy, the child's side): 「卜胎之虛實 … 測胎中之男女，各宜分占」 (TY-01)
    pregnancy = "pregnancy"    # is there a child, will it be kept (TY-02, TY-03) — the default
    boy_or_girl = "boy_or_girl"  # will the child be a boy or a girl (TY-04: 陰包陽, 陽包陰, the moving lines)


ASPECTS: Mapping[Topic, tuple[Aspect, ...]] = MappingProxyType({
    Topic.house: (Aspect.acquire, Aspect.works, Aspect.old_house, Aspect.share),
    Topic.grave: (Aspect.grave, Aspect.harm, Aspect.repair, Aspect.burial),
    Topic.land: (Aspect.site, Aspect.geomancer),
    Topic.marriage: (Aspect.match, Aspect.children, Aspect.parents, Aspect.risk, Aspect.obstruction, Aspect.harmony),
    Topic.shop: (Aspect.partner, Aspect.customers),
    Topic.goods: (Aspect.price, Aspect.move),
    Topic.travel: (Aspect.journey, Aspect.companion),
    Topic.doctor: (Aspect.call, Aspect.treat),
    Topic.pregnancy: (Aspect.pregnancy, Aspect.boy_or_girl),
})
"""The aspects a topic offers, its default first."""


class Life(StrEnum):
    """Which side of one's own lifetime a cast asks: 身命章 SHM-01 「占終身財福何如？占終身功名有無？ … 俱宜分占」.
    Not answered (skipped), the life is read as a whole, as 000's 身命 reads it in one cast."""

    wealth = "wealth"          # 終身財福: 世, 財 and 子孫 (CF-01 … CF-29)
    career = "career"          # 終身功名: 官 and 父 with the 世 (GM-01 … GM-06)


class Study(StrEnum):
    """學業章's kinds of learning, each with its own use-god (XY-01 … XY-05)."""

    school = "school"          # 儒業: study, a degree, a subject learnt (父母 with 世: XY-01/02, ZJ-02)
    profession = "profession"  # 九流: a learned calling practised for others (官 and 財 with 世: XY-03)
    healing = "healing"        # 醫家, 巫師: healing and driving out harm (子孫: XY-04)
    craft = "craft"            # 百工: a trade or a craft (財, read as 求財: XY-05)


class Club(StrEnum):
    """請會搖會章: a rotating savings club (계, 標會, 頼母子講) is asked from one side per cast — starting or joining it
    (請會, QH-01), or drawing its pot (搖會, QH-02)."""

    joining = "joining"  # 請會: will the club form and hold (QH-01)
    pot = "pot"          # 搖會: will I draw the pot, and when (QH-02)


class FollowUp(StrEnum):
    """What the bot may still have to ask before the use-god is fixed."""

    subject = "subject"            # whose matter (person-centred topics, marriage, pregnancy, other)
    sex = "sex"                    # the querent's sex: marriage about oneself (男占婦以財, 女占夫用鬼)
    subject_sex = "subject_sex"    # the sex of the relative who marries (son or daughter, brother or sister …)
    thing = "thing"                # what kind of thing was lost
    birth = "birth"                # pregnancy: the child or the mother (TY-01 各宜分占)
    study = "study"                # studies: the kind of learning (學業章: each its own use-god)
    club = "club"                  # a savings club: joining it or drawing its pot (請會搖會章)
    # optional: asked after the ones above, each may be skipped (``optional_follow_ups``)
    horizon = "horizon"            # near or far, where the topic's default is a guess (YQ-16)
    illness = "illness"            # a recent or a long illness (JS-25, JS-26)
    weather = "weather"            # the weather wished or asked about (SW-05)
    office = "office"              # career: seeking, holding, leaving a post, a public project (升選/在任/辭官/公務)
    exam = "exam"                  # examination: which stage, its grade, or when the results come (童試 … 發案)
    aspect = "aspect"              # which part of a house, grave, site, marriage, shop, goods, journey, doctor's
    #                                matter, the child of a pregnancy (kept, or its sex)
    life = "life"                  # one's own lifetime: wealth or a career (SHM-01 分占); skipped, the whole


class Role(Enum):
    """Lines named by position rather than by relation."""

    世 = "世"
    應 = "應"
    間爻 = "間爻"  # the two lines between 世 and 應 (000 媒妁/婚姻: the matchmakers)
    卦身 = "卦身"  # 身 (000 passim; DESIGN 卦身)
    太歲 = "太歲"  # the line bearing the year branch (000 年時: 須憑年建)
    初爻 = "初爻"  # line 1: all things (000 年時)
    二爻 = "二爻"  # line 2: the common people (000 年時)


class Special(Enum):
    """Use-gods that are not one line: weather reads the 水 lines (rain) and the 火 lines (clear) together."""

    水火 = "水火"


class Meaning(StrEnum):
    """What a secondary line stands for in a matter; stable ids for the bot to translate."""

    querent = "querent"
    subject = "subject"
    opponent = "opponent"
    official = "official"
    document = "document"
    illness = "illness"
    medicine = "medicine"
    robber = "robber"
    thief = "thief"
    spoiler = "spoiler"            # 子孫 剝官: bad for rank and office only
    writing = "writing"
    child = "child"
    husband = "husband"
    wife = "wife"
    spouse = "spouse"
    mans_family = "mans_family"
    womans_family = "womans_family"
    matchmakers = "matchmakers"
    heirs = "heirs"
    longevity = "longevity"        # 父母 為壽笄
    body = "body"
    livelihood = "livelihood"
    blessing = "blessing"
    office = "office"
    grain = "grain"
    silkworms = "silkworms"
    calamity = "calamity"
    dearth = "dearth"
    year = "year"
    all_things = "all_things"
    people = "people"
    rain = "rain"
    clear = "clear"
    drought_sign = "drought_sign"
    thunder = "thunder"
    worry = "worry"                # 官鬼 in a doctor's cast: the worry, not the disease (WZ-02)
    lender = "lender"              # 應 in a loan (JD-01)
    debtor = "debtor"              # 應 when lending or collecting (FZ-01)
    partner = "partner"            # 應 for a shop: the partner or the customers (KH-01)
    descendants = "descendants"    # 子孫 for a grave site (XN-01)
    teacher = "teacher"            # 父母 beside a child's tutor (YSH-10 「父爻不可缺之」)
    patron = "patron"              # the one served for pay (BZ-01: 應, and 官 the patron's standing)
    house = "house"                # 父母 as the house (GZ-01)
    fair_wind = "fair_wind"        # 子孫 on a boat (ZX-02)
    destination = "destination"    # 應 on a journey (CX-01)
    mother = "mother"              # the one with child (TY-01/CA-01)
    money = "money"                # 財 in a game played for money (BX-01)


Target: TypeAlias = Relation | Role | Special
SecondaryTarget: TypeAlias = Relation | Role | Element
UseGodOverride: TypeAlias = Relation | Role  # Role only 世 or 應


class QuestionError(ValueError):
    """A question that cannot be resolved yet (``missing`` names the follow-ups) or an id that does not exist."""

    def __init__(self, message: str, missing: tuple[FollowUp, ...] = ()) -> None:
        super().__init__(message)
        self.missing = missing


@value
class Secondary:
    """Another line the texts name for the matter, and what it stands for."""

    target: SecondaryTarget
    meaning: Meaning
    source: Source


@value
class UseGodRule:
    """The use-god of a question and the other lines the texts read with it; ``source`` is None only for an
    expert's explicit choice."""

    target: Target
    source: Source | None
    secondary: tuple[Secondary, ...] = ()


_OVERRIDE_ROLES = (Role.世, Role.應)


@value
class Question:
    """Topic, subject, and the extra answers some topics need; ``use_god`` (an expert's choice) wins over all."""

    topic: Topic
    subject: Subject | None = None
    sex: Sex | None = None            # the querent's
    subject_sex: Sex | None = None    # the relative's who marries
    thing: Thing | None = None
    use_god: UseGodOverride | None = None
    horizon: Horizon | None = None    # None: the topic's default (``horizon_of``)
    illness: Illness | None = None    # for illness: recent or long
    weather: Weather | None = None    # for weather: the weather wished or asked about
    birth: Birth | None = None        # for pregnancy: the child or the mother
    office: Office | None = None      # for career: what is asked of the post (None: seeking one, 升選)
    exam: Exam | None = None          # for an examination: which one or what of it (None: a major one, 鄉試)
    aspect: Aspect | None = None      # for a house, a grave, a site, a marriage …: which part (None: the default)
    study: Study | None = None        # for studies: the kind of learning
    club: Club | None = None          # for a savings club: joining it or drawing its pot
    life: Life | None = None          # for one's own lifetime: the side asked (None: the life as a whole)

    def __post_init__(self) -> None:
        if isinstance(self.use_god, Role) and self.use_god not in _OVERRIDE_ROLES:
            raise QuestionError(f"use-god role {self.use_god.value!r} cannot be chosen; accepted: 世, 應")
        if self.aspect is not None and self.aspect not in ASPECTS.get(self.topic, ()):
            accepted = ", ".join(ASPECTS.get(self.topic, ())) or "none"
            raise QuestionError(f"aspect {self.aspect.value!r} does not apply to topic {self.topic.value!r}; "
                                f"accepted: {accepted}")

    @classmethod
    def parse_ids(
        cls, topic: str, subject: str | None = None, sex: str | None = None, use_god: str | None = None,
        *, subject_sex: str | None = None, thing: str | None = None, horizon: str | None = None,
        illness: str | None = None, weather: str | None = None, birth: str | None = None,
        office: str | None = None, exam: str | None = None, aspect: str | None = None,
        study: str | None = None, life: str | None = None, club: str | None = None,
    ) -> Question:
        """Build from stable string ids (None or "" = not answered); a bad id raises naming the accepted ones."""
        return cls(
            topic=_parse(Topic, "topic", topic),
            subject=_parse_opt(Subject, "subject", subject),
            sex=_parse_opt(Sex, "sex", sex),
            subject_sex=_parse_opt(Sex, "subject_sex", subject_sex),
            thing=_parse_opt(Thing, "thing", thing),
            use_god=_parse_use_god(use_god),
            horizon=_parse_opt(Horizon, "horizon", horizon),
            illness=_parse_opt(Illness, "illness", illness),
            weather=_parse_opt(Weather, "weather", weather),
            birth=_parse_opt(Birth, "birth", birth),
            office=_parse_opt(Office, "office", office),
            exam=_parse_opt(Exam, "exam", exam),
            aspect=_parse_opt(Aspect, "aspect", aspect),
            study=_parse_opt(Study, "study", study),
            life=_parse_opt(Life, "life", life),
            club=_parse_opt(Club, "club", club),
        )


# ---- sources: every line verified against the seed (tests/test_question.py keeps the quotes) --------------------

# 002 增刪卜易 用神章 (lines 31–39) and worked cases.
_YS01 = source("YS-01")       # 父母: 父母…凡在我父母之上…僕占主人; 宅舍、屋宇、舟車、衣服…文書…文契
_YS02 = source("YS-02")       # 官鬼: 功名、官府、雷霆鬼神、妻占夫; 亂臣賊盜
_YS03 = source("YS-03")       # 兄弟: 兄弟、姐妹…; 占財物以此為劫神
_YS04 = source("YS-04")       # 占姊丈妹夫以世爻為用神，予屢得驗
_YS05 = source("YS-05")       # 妻財: 妻妾、婢、僕、役，我驅使之人 (printed 要財); 貨財、珠寶
_YS06 = source("YS-06")       # 子孫: 子、女、女婿…; 醫藥; 六畜、禽獸; 獨占功名者忌之
_ILL_SELF = source("YS-07")   # 自占病世爻亥水為用神
_ILL_PARENT = source("YS-01", 47)  # 占父近病 … 辰土父母
_ILL_SIBLING = source("YS-03", 87)  # 占弟(痘)症 … 兄弟賴申日以生之
_LAW_PARENT = source("YS-01", 75)  # 占父官事 … 外卦未土父母
_LAW_SIBLING = source("YS-03", 139)  # 占弟被訟吉凶 … 酉金兄爻為用神
_LAW_DOCUMENT = source("YS-10", 79)  # 妹占兄官事 … 辰日沖動戌土父母暗動 (the rescuing document)
_BIRTH_SIBLING = source("YS-03", 155)  # 占妹臨產吉凶 … 酉金兄爻為用神 (母子平安)
_RETURN_SERVANT = source("YS-05", 175)  # 占僕何日回 … 亥水財爻為用神
_OWN_AFFAIR = source("YS-07", 151)  # 占開鋪面: 世臨寅木得令; 應爻 (the partner) 沖剋世爻; 鬼在身邊須防疾病
_COUNTERPART = source("YS-10", 151, decision=True)  # 應 = the other party (a partner there, an opponent here)

# 000 topic chapters.
_SELF = source("YS-07", 127, seed="000")  # 卜自身，世為主象
_OTHER = source("LQ-01", decision=True)  # 問他人應作用爻 (DESIGN: 000 for an unrelated person)
_LQ_123 = source("LQ-01", 123)    # 如問雙親，父母…若觀子侄，福神…占手足而觀兄象，卜妻奴以看財爻
_LQ_127 = source("LQ-01")  # 詢妻妾奴婢及情人者，皆用財爻; 探夫主…其察官爻
_SM_35 = source("SM-01")      # 占自己以世爻為主，占他人以用象為憑; 身宜旺相
_SM_47 = source("SM-02", decision=True)  # 應為妻室 (read as the spouse)
_SM_67 = source("SM-10")      # 庶民鬼值身中，多災多訟。仕宦官居世上，越貴越榮
_SM_79 = source("SM-14")      # 子孫為福德…妻財為衣祿
_SM_115 = source("SM-23")    # 世爻動者，亦可登程…若卜返鄉最宜。世靜亦然
_SY_131 = source("SY-01")    # 父田(母)當詳…弟兄可取…問室須憑財象，占夫必用官爻。卜自身世家尋察，觀男女子位
_SY_139 = source("SY-05")    # 不論尊卑之壽，皆憑父母之爻
_MS_151 = source("MS-01")    # 問媒以應象為憑 … 應克世爻，心懷刁詐
_MS_155 = source("MS-02")    # 卦得財鬼俱全，方能成就
_HY_163 = source("HY-03")    # 世為夫，應為婦 … 鬼為夫，財為婦
_HY_167 = source("HY-04")    # 男占婦，以財為主 … 女占夫，用鬼為先
_HY_167_PROXY = source("HY-04", decision=True)  # the same, for a relative who marries
_HY_171 = source("HY-05")    # 世為男家，應為女宅
_HY_175 = source("HY-07")    # 兩間之爻，皆為媒妁 … 子孫之象 (後代)
_NS_3 = source("NS-01")        # 以身世為主，財福為憑; 兄鬼交重饑饉連
_NS_3_WEATHER = source("NS-03")  # 水動曰雨，火動曰晴
_NS_7 = source("NS-04")        # 父母又臨空絕此歲定然亢旱
_NS_11 = source("NS-06")      # 凡卜年的，最嫌官鬼
_NS_19 = source("NS-08")      # 妻財為糧食 … 子孫蠶花
_NS_23 = source("NS-09")      # 初爻為萬物 … 世爻為地氣，二爻為黎民
_NS_31 = source("NS-13")      # 凡卜年成禍福，須憑年建

# 增刪卜易's topic chapters (seed zsbyt, shared/texts/zsby_topics_doctrine.txt): the chapter's own use-god.
_YY_02 = source("YY-02")      # 延醫: 自占求醫，應爻為醫人，代六親而求醫者，亦以應為醫人
_WZ_02 = source("WZ-02")      # 此官鬼者，即一家之憂神也
_XN_01 = source("XN-01")      # 尋地: 所驗者，世為穴也 … 兒孫乃祭祀之裔
_BX_01 = source("BX-01")      # 博戲: 首重世應，若勝以得財者，兼用財
_JD_01 = source("JD-01")      # 借貸: 世 the borrower, 應 the lender, 財 the loan
_FZ_01 = source("FZ-01")      # 放債索債: 應 the debtor
_YG_01 = source("YG-01")      # 謁貴: 為名者用官 … (YG-07: the 官 is the patron)
_KH_01 = source("KH-01")      # 開店: 財為本，福為基 … 應為伙計 / 下顧之客
_DH_01 = source("DH-01")      # 囤貨賣貨: 財 the price
_ZX_02 = source("ZX-02")      # 舟行: 乃以子孫為順風
_CX_01 = source("CX-01")      # 出行: 世為出行人 … 應為地頭
_FB_01 = source("FB-01")      # 防非: 喜官居空破，最宜子動
_GS_01 = source("GS-01")      # 鬼神: 凡占鬼神 … 官鬼
_GZ_01 = source("GZ-01")      # 蓋造買宅: 父爻旺相持世 …
_ZY_01 = source("ZY-01")      # 祖塋: 皆以父母為用神
_ZSI_02 = source("ZSI-02")    # 子嗣: 福德即子孫爻
_TY_01 = source("TY-01")
_CA_01 = source("CA-01")      # 問產婦: 問產婦夫占代占，皆以財為用神      # 胎孕: 親占代占，皆用子孫，惟子占母孕，以弟兄爻為用神也
_SYU_01 = source("SYU-01")    # 壽元: 凡占壽元，獨以世爻為根本
_CF_01 = source("CF-01")      # 終身財福: 世爻財爻子孫爻三者無一失陷
_CF_02 = source("CF-02")      # 子孫者，財之源也
_GM_01 = source("GM-01")      # 終身功名: 旺父持世、官動生之 …
_GM_05 = source("GM-05")      # 子孫持世發動，終非朝廊之貴客
_XY_01 = source("XY-01")      # 儒業: 世爻父母皆宜旺相
_XY_02 = source("XY-02")      # 財動克文章 … 子動無官之象
_XY_03 = source("XY-03")      # 九流: 財持世，官持世，財官世爻皆宜得地
_XY_04 = source("XY-04")      # 天師 … 巫師醫家，皆以子旺，能於治鬼
_XY_05 = source("XY-05")      # 百工皆以財為用神，子孫元神
_YSH_01 = source("YSH-01")    # 延師: 父母爻既為師長 … 延師受教，即以此爻為用神
_YSH_09 = source("YSH-09")    # 父為子而延師者，應為西席，世乃東家
_YSH_10 = source("YSH-10")    # 虽以世應為主，父爻不可缺之，父旺與子孫相合
_BZ_01 = source("BZ-01")      # 為貴人奔走: 最重財官兩旺，不宜世應皆空
_QH_01 = source("QH-01")      # 請會須宜財旺，更宜世應相生
_QH_02 = source("QH-02")      # 搖會得否，旺財持世必得
_ZF_01 = source("ZF-01")      # 子占父功名: 父動官動相生，日月作官星而生父母 (the father the 父母, his office the 官)

# ---- the person table ------------------------------------------------------------------------------------------

PERSON: Mapping[Subject, tuple[Relation | Role, Source]] = MappingProxyType({
    Subject.self: (Role.世, _SELF),
    Subject.parent: (Relation.父母, _YS01),
    Subject.sibling: (Relation.兄弟, _YS03),
    Subject.wife: (Relation.妻財, _YS05),
    Subject.husband: (Relation.官鬼, _YS02),
    Subject.child: (Relation.子孫, _YS06),
    Subject.employee: (Relation.妻財, _YS05),
    Subject.master: (Relation.父母, _YS01),
    Subject.sisters_husband: (Role.世, _YS04),
    Subject.other: (Role.應, _OTHER),
})
"""The use-god of a person whatever the matter: 002's table (DESIGN: it governs every relative it names)."""

# 000 names the same people in its own chapters; the target stays 002's (the tests check they agree) and the
# source becomes the chapter's line.  A worked case of exactly that topic and person is cited before either.
_CHAPTER_SOURCES: Mapping[Topic, Mapping[Subject, Source]] = {
    Topic.lifetime: {
        Subject.self: _SM_35, Subject.parent: _LQ_123, Subject.sibling: _LQ_123, Subject.wife: _LQ_123,
        Subject.husband: _LQ_127, Subject.child: _LQ_123, Subject.employee: _LQ_127,
    },
    Topic.lifespan: {
        # 增刪卜易 壽元章 for oneself (000's 六親壽命 SY-01 names the same 世)
        Subject.self: _SYU_01, Subject.parent: _SY_131, Subject.sibling: _SY_131, Subject.wife: _SY_131,
        Subject.husband: _SY_131, Subject.child: _SY_131, Subject.employee: _LQ_127,
    },
}
_CASE_SOURCES: Mapping[tuple[Topic, Subject], Source] = {
    (Topic.illness, Subject.self): _ILL_SELF,
    (Topic.illness, Subject.parent): _ILL_PARENT,
    (Topic.illness, Subject.sibling): _ILL_SIBLING,
    (Topic.lawsuit, Subject.parent): _LAW_PARENT,
    (Topic.lawsuit, Subject.sibling): _LAW_SIBLING,
    (Topic.pregnancy, Subject.sibling): _BIRTH_SIBLING,
    (Topic.returning, Subject.employee): _RETURN_SERVANT,
    (Topic.returning, Subject.self): _SM_115,
    (Topic.travel, Subject.self): _SM_115,
    (Topic.other, Subject.self): _OWN_AFFAIR,
}


def _person(topic: Topic, subject: Subject) -> tuple[Relation | Role, Source]:
    target, source = PERSON[subject]
    chapter = _CHAPTER_SOURCES.get(topic, {})
    return target, _CASE_SOURCES.get((topic, subject), chapter.get(subject, source))


# ---- which topics ask what ---------------------------------------------------------------------------------------

# The matter is a person's: the use-god is that person's line (illness, lawsuit, travel, a missing person …).
_PERSON_TOPICS = (
    Topic.illness, Topic.lawsuit, Topic.travel, Topic.returning, Topic.lifetime, Topic.lifespan,
    Topic.other, Topic.danger, Topic.boat, Topic.avoid_lawsuit,
)
# The matter is a thing: its relation whoever asks; a subject, if given, only adds that person's line.
_MATTER_TOPICS = (Topic.wealth, Topic.career, Topic.exam, Topic.lost, Topic.property, Topic.document, Topic.doctor,
                  Topic.teacher, Topic.land, Topic.livestock, Topic.gamble, Topic.loan, Topic.patron, Topic.shop,
                  Topic.goods, Topic.lending, Topic.spirits, Topic.house, Topic.grave, Topic.children, Topic.tutor,
                  Topic.studies, Topic.client, Topic.savings_club)
# Fixed readings of 000's chapters, nobody's in particular.
_FIXED_TOPICS = (Topic.weather, Topic.year, Topic.matchmaker)

# Marriage of a relative: the partner follows that relative's sex (鬼為夫，財為婦).
_BY_SUBJECT_SEX = (Subject.parent, Subject.sibling, Subject.child, Subject.other)

SUBJECTS: Mapping[Topic, tuple[Subject, ...]] = MappingProxyType({
    **{t: tuple(Subject) for t in _PERSON_TOPICS + _MATTER_TOPICS},
    Topic.pregnancy: (Subject.self, Subject.wife, Subject.sibling, Subject.child, Subject.employee, Subject.other,
                      Subject.parent),
    Topic.marriage: (
        Subject.self, Subject.wife, Subject.husband, Subject.parent, Subject.sibling, Subject.child, Subject.other,
    ),
    **{t: () for t in _FIXED_TOPICS},
})
"""The subjects that make sense for each topic (for matter topics optional, never asked)."""

_ASKS_SUBJECT = frozenset(_PERSON_TOPICS) | {Topic.marriage, Topic.pregnancy}

# ---- the catalogue -----------------------------------------------------------------------------------------------

Key: TypeAlias = tuple[Topic, Subject | None, Sex | None, Thing | None]


def _sec(target: SecondaryTarget, meaning: Meaning, source: Source) -> Secondary:
    return Secondary(target, meaning, source)


def _rule(target: Target, source: Source, *secondary: Secondary) -> UseGodRule:
    """A rule; a secondary on the use-god's own line is dropped (the line already is the use-god)."""
    return UseGodRule(target, source, tuple(s for s in secondary if s.target is not target))


_PERSON_SECONDARY: Mapping[Topic, tuple[Secondary, ...]] = {
    Topic.illness: (
        _sec(Relation.官鬼, Meaning.illness, source("YS-10", 151)),  # 鬼在身邊須防疾病
        _sec(Relation.子孫, Meaning.medicine, _YS06),
    ),
    Topic.lawsuit: (
        _sec(Relation.官鬼, Meaning.official, _YS02),
        _sec(Relation.父母, Meaning.document, _LAW_DOCUMENT),
    ),
    Topic.boat: (_sec(Relation.子孫, Meaning.fair_wind, _ZX_02),),
    Topic.avoid_lawsuit: (_sec(Relation.子孫, Meaning.blessing, _FB_01), _sec(Relation.官鬼, Meaning.calamity, _FB_01)),
    # 防患: 子孫 is the god that dispels worry, 官鬼 the danger itself (JS-23, 卷首 L17)
    Topic.danger: (_sec(Relation.子孫, Meaning.blessing, _YS06), _sec(Relation.官鬼, Meaning.calamity, _YS02)),
    Topic.lifespan: (_sec(Relation.父母, Meaning.longevity, _SY_139),),
}
_SELF_SECONDARY: Mapping[Topic, tuple[Secondary, ...]] = {
    Topic.lawsuit: (_sec(Role.應, Meaning.opponent, _COUNTERPART),),
    Topic.travel: (_sec(Role.應, Meaning.destination, _CX_01),),
    Topic.boat: (_sec(Role.應, Meaning.destination, _CX_01),),
    Topic.lifetime: (
        _sec(Role.卦身, Meaning.body, _SM_35),
        _sec(Relation.妻財, Meaning.livelihood, _SM_79),
        _sec(Relation.子孫, Meaning.blessing, _SM_79),
        _sec(Relation.官鬼, Meaning.office, _SM_67),
        _sec(Role.應, Meaning.spouse, _SM_47),
    ),
}
_MATTER: Mapping[tuple[Topic, Thing | None], tuple[Relation | Role, Source, tuple[Secondary, ...]]] = {
    (Topic.wealth, None): (Relation.妻財, _YS05, (_sec(Relation.兄弟, Meaning.robber, _YS03),)),
    (Topic.career, None): (Relation.官鬼, _YS02, (_sec(Relation.子孫, Meaning.spoiler, _YS06),)),
    (Topic.exam, None): (
        Relation.官鬼, _YS02,
        (_sec(Relation.父母, Meaning.writing, _YS01), _sec(Relation.子孫, Meaning.spoiler, _YS06)),
    ),
    (Topic.property, None): (Relation.父母, _YS01, ()),
    (Topic.lost, Thing.money): (
        Relation.妻財, _YS05,
        (_sec(Relation.官鬼, Meaning.thief, _YS02), _sec(Relation.兄弟, Meaning.robber, _YS03)),
    ),
    **{
        (Topic.lost, thing): (Relation.父母, _YS01, (_sec(Relation.官鬼, Meaning.thief, _YS02),))
        for thing in (Thing.document, Thing.vehicle, Thing.clothing)
    },
    (Topic.lost, Thing.animal): (Relation.子孫, _YS06, (_sec(Relation.官鬼, Meaning.thief, _YS02),)),
    # phone, keys, something else: 使用之財物, read like money (the thief 官鬼, the robber 兄弟); a bag like clothing
    **{
        (Topic.lost, thing): (
            Relation.妻財, source("YS-05", decision=True),
            (_sec(Relation.官鬼, Meaning.thief, _YS02), _sec(Relation.兄弟, Meaning.robber, _YS03)),
        )
        for thing in (Thing.phone, Thing.keys, Thing.other)
    },
    (Topic.lost, Thing.bag): (Relation.父母, source("YS-01", decision=True), (_sec(Relation.官鬼, Meaning.thief, _YS02),)),
    # 章奏、文書及書館文契; 師長; 天地、城池、牆垣、宅舍 (land and graves: a decision, the text names no grave here)
    (Topic.document, None): (Relation.父母, _YS01, ()),
    # 延師章 YSH-01 「父母爻既為師長 … 延師受教，即以此爻為用神」 (用神章's 師長 agrees)
    (Topic.teacher, None): (Relation.父母, _YSH_01, ()),
    # 延師章 YSH-09 「父為子而延師者，應為西席，世乃東家」, YSH-10 「父爻不可缺之 … 父旺與子孫相合」
    # 為貴人奔走效力求財章: 「最重財官兩旺」 — 財 the pay, 官 and the 應 the one served, 兄 on the 世 idle
    (Topic.client, None): (Relation.妻財, _BZ_01, (_sec(Relation.官鬼, Meaning.patron, _BZ_01),
                                                  _sec(Role.應, Meaning.patron, _BZ_01),
                                                  _sec(Relation.兄弟, Meaning.robber, _BZ_01))),
    (Topic.tutor, None): (Role.應, _YSH_09, (_sec(Role.世, Meaning.querent, _YSH_09),
                                            _sec(Relation.子孫, Meaning.child, _YSH_10),
                                            _sec(Relation.父母, Meaning.teacher, _YSH_10))),
    # 尋地章: 「古以二爻為穴，內卦為穴，騰蛇為穴，屢試不驗，所驗者，世為穴也」 — the site is the 世, 子孫 the
    # descendants (XN-01); 用神章's 天地、城池 (YS-01, a decision for graves) gives way to the chapter
    (Topic.land, None): (Role.世, _XN_01, (_sec(Relation.子孫, Meaning.descendants, _XN_01),)),
    # 延醫章: 「應爻為醫人」 for oneself and for kin (YY-02); 子孫 the medicine, 官鬼 the worry (WZ-02)
    (Topic.doctor, None): (Role.應, _YY_02, (_sec(Relation.子孫, Meaning.medicine, _YY_02),
                                             _sec(Relation.官鬼, Meaning.worry, _WZ_02))),
    (Topic.livestock, None): (Relation.子孫, _YS06, ()),
    # 博戲章: 「首重世應，若勝以得財者，兼用財」 — the 世 against the 應, with the 財
    (Topic.gamble, None): (Role.世, _BX_01, (_sec(Role.應, Meaning.opponent, _BX_01),
                                             _sec(Relation.妻財, Meaning.money, _BX_01),
                                             _sec(Relation.兄弟, Meaning.robber, _YS03))),
    # 借貸章: 世 the borrower, 應 the lender, 財 the loan (JD-01)
    (Topic.loan, None): (Relation.妻財, _JD_01, (_sec(Role.應, Meaning.lender, _JD_01),
                                                 _sec(Relation.兄弟, Meaning.robber, _YS03))),
    # 放債索債章: the 應 the debtor (FZ-01); the money lent is 財 (求財章 公私占卜皆以財為用神: a choice)
    (Topic.lending, None): (Relation.妻財, source("FZ-01", decision=True), (_sec(Role.應, Meaning.debtor, _FZ_01),
                                                                          _sec(Relation.兄弟, Meaning.robber, _YS03))),
    # 謁貴章: will the patron receive me — the 官 is the patron, not one's career (YG-07, YG-01)
    (Topic.patron, None): (Relation.官鬼, _YG_01, ()),
    (Topic.shop, None): (Relation.妻財, _KH_01, (_sec(Relation.子孫, Meaning.blessing, _KH_01),
                                                 _sec(Role.應, Meaning.partner, _KH_01),
                                                 _sec(Relation.兄弟, Meaning.robber, _YS03))),
    (Topic.goods, None): (Relation.妻財, _DH_01, (_sec(Relation.兄弟, Meaning.robber, _YS03),)),
    (Topic.spirits, None): (Relation.官鬼, _GS_01, ()),
    (Topic.house, None): (Relation.父母, _GZ_01, ()),
    (Topic.grave, None): (Relation.父母, _ZY_01, (_sec(Relation.子孫, Meaning.descendants, _ZY_01),)),
    (Topic.children, None): (Relation.子孫, _ZSI_02, ()),
}
_MARRIAGE_COMMON = (
    _sec(Role.世, Meaning.mans_family, _HY_171),
    _sec(Role.應, Meaning.womans_family, _HY_171),
    _sec(Role.間爻, Meaning.matchmakers, _HY_175),
    _sec(Relation.子孫, Meaning.heirs, _HY_175),
)
_SPOUSE = {Sex.male: Relation.妻財, Sex.female: Relation.官鬼}  # the partner of a man / of a woman


def _marriage(partner: Relation, source: Source, *extra: Secondary) -> UseGodRule:
    other = (_sec(Relation.官鬼, Meaning.husband, _HY_163) if partner is Relation.妻財
             else _sec(Relation.妻財, Meaning.wife, _HY_163))
    return _rule(partner, source, other, *_MARRIAGE_COMMON, *extra)


def _whose(subject: Subject) -> Secondary:
    """The line of the person whose matter it is, when that is not the use-god itself."""
    target, source = PERSON[subject]
    return _sec(target, Meaning.subject, source)


def _build() -> Mapping[Key, UseGodRule]:
    cat: dict[Key, UseGodRule] = {}
    querent = _sec(Role.世, Meaning.querent, _SELF)
    for topic in _PERSON_TOPICS:
        for subject in SUBJECTS[topic]:
            target, source = _person(topic, subject)
            extra = _SELF_SECONDARY.get(topic, ()) if subject is Subject.self else ()
            cat[(topic, subject, None, None)] = _rule(target, source, *_PERSON_SECONDARY.get(topic, ()), *extra)
    for subject in SUBJECTS[Topic.pregnancy]:
        # 胎孕章 TY-01 「親占代占，皆用子孫，惟子占母孕，以弟兄爻為用神也」: the child for every asker, 兄弟 for a son
        # asking about his mother's; the one with child is read beside it (問產婦: 財 for a wife, CA-01)
        whom, whose_source = _person(Topic.pregnancy, subject)
        mother = _sec(whom, Meaning.mother, whose_source)
        target = Relation.兄弟 if subject is Subject.parent else Relation.子孫
        cat[(Topic.pregnancy, subject, None, None)] = _rule(target, _TY_01, mother)
    for (topic, thing), (target, source, secondary) in _MATTER.items():
        for asker in (None, *SUBJECTS[topic]):
            whose = () if asker is None or asker is Subject.self else (_whose(asker),)
            cat[(topic, asker, None, thing)] = _rule(target, source, *secondary, querent, *whose)
    # 子占父功名章: a parent's career — the 父母 is the one whose career it is, the 官 his office (ZF-01)
    cat[(Topic.career, Subject.parent, None, None)] = _rule(
        Relation.父母, _ZF_01, _sec(Relation.官鬼, Meaning.office, _ZF_01),
        _sec(Relation.子孫, Meaning.spoiler, _YS06), querent)
    for sex, partner in _SPOUSE.items():
        cat[(Topic.marriage, Subject.self, sex, None)] = _marriage(partner, _HY_167)
        for subject in _BY_SUBJECT_SEX:
            whose = () if subject is Subject.other else (_whose(subject),)  # 應 is the woman's family here
            cat[(Topic.marriage, subject, sex, None)] = _marriage(partner, _HY_167_PROXY, *whose)
    cat[(Topic.marriage, Subject.wife, None, None)] = _marriage(Relation.妻財, _HY_167)
    cat[(Topic.marriage, Subject.husband, None, None)] = _marriage(Relation.官鬼, _HY_167)
    cat[(Topic.matchmaker, None, None, None)] = _rule(
        Role.應, _MS_151,
        _sec(Role.世, Meaning.querent, _MS_151),
        _sec(Relation.妻財, Meaning.wife, _MS_155),
        _sec(Relation.官鬼, Meaning.husband, _MS_155),
    )
    cat[(Topic.year, None, None, None)] = _rule(
        Role.世, _NS_3,
        _sec(Role.卦身, Meaning.body, _NS_3),
        _sec(Relation.妻財, Meaning.grain, _NS_19),
        _sec(Relation.子孫, Meaning.silkworms, _NS_19),
        _sec(Relation.官鬼, Meaning.calamity, _NS_11),
        _sec(Relation.兄弟, Meaning.dearth, _NS_3),
        _sec(Role.太歲, Meaning.year, _NS_31),
        _sec(Role.初爻, Meaning.all_things, _NS_23),
        _sec(Role.二爻, Meaning.people, _NS_23),
        _sec(Element.水, Meaning.rain, _NS_3_WEATHER),
        _sec(Element.火, Meaning.clear, _NS_3_WEATHER),
        _sec(Relation.父母, Meaning.drought_sign, _NS_7),
    )
    cat[(Topic.weather, None, None, None)] = _rule(
        Special.水火, _NS_3_WEATHER,
        _sec(Element.水, Meaning.rain, _NS_3_WEATHER),
        _sec(Element.火, Meaning.clear, _NS_3_WEATHER),
        _sec(Relation.父母, Meaning.drought_sign, _NS_7),
        _sec(Relation.官鬼, Meaning.thunder, _YS02),
    )
    return MappingProxyType(cat)


CATALOGUE: Mapping[Key, UseGodRule] = _build()


def _mothers() -> Mapping[Subject, UseGodRule]:
    """問產婦安否章 CA-01 「問產婦夫占代占，皆以財為用神」: the mother's own line (財 for a wife, 兄弟 for a sister as
    002's 占妹臨產 reads it), the child beside it."""
    out = {}
    for subject in SUBJECTS[Topic.pregnancy]:
        target, src = _person(Topic.pregnancy, subject)
        if subject is Subject.wife:
            src = _CA_01
        out[subject] = _rule(target, src, _sec(Relation.子孫, Meaning.child, _YS06))
    return MappingProxyType(out)


PREGNANT_MOTHER: Mapping[Subject, UseGodRule] = _mothers()
"""The mother's side of a pregnancy question (``Birth.mother``), by whose pregnancy it is."""
"""Every resolvable question, keyed by (topic, subject, the sex that decides, the lost thing); unused parts None."""

# ---- follow-ups and resolution -----------------------------------------------------------------------------------


def _key(q: Question) -> Key:
    if q.topic in _FIXED_TOPICS:
        return (q.topic, None, None, None)
    if q.topic in _MATTER_TOPICS:
        return (q.topic, q.subject, None, q.thing if q.topic is Topic.lost else None)
    if q.topic is Topic.marriage:
        sex = q.sex if q.subject is Subject.self else q.subject_sex if q.subject in _BY_SUBJECT_SEX else None
        return (q.topic, q.subject, sex, None)
    return (q.topic, q.subject, None, None)


def _missing(q: Question) -> tuple[FollowUp, ...]:
    if q.topic in _ASKS_SUBJECT and q.subject not in SUBJECTS[q.topic]:
        return (FollowUp.subject,)
    if q.topic is Topic.marriage:
        if q.subject is Subject.self and q.sex is None:
            return (FollowUp.sex,)
        if q.subject in _BY_SUBJECT_SEX and q.subject_sex is None:
            return (FollowUp.subject_sex,)
    if q.topic is Topic.lost and q.thing is None:
        return (FollowUp.thing,)
    if q.topic is Topic.pregnancy and q.birth is None:
        return (FollowUp.birth,)
    if q.topic is Topic.studies and q.study is None:
        return (FollowUp.study,)
    if q.topic is Topic.savings_club and q.club is None:
        return (FollowUp.club,)
    return ()


def follow_ups(q: Question) -> tuple[FollowUp, ...]:
    """The follow-ups still to ask before the use-god is fixed, in asking order (answer, then ask again: the next
    one can depend on the answer); empty once it is fixed or when an expert gave the use-god."""
    return () if q.use_god is not None else _missing(q)


# Matters whose default horizon is a real guess — money, a document, a loan, a lawsuit, "something else" can be
# settled this week or take years — so the bot asks; every other topic's default (``horizon_of``) is its nature.
_ASKS_HORIZON = (Topic.other, Topic.wealth, Topic.lawsuit, Topic.document, Topic.loan)
# Matters a chapter may time in hours — the day's weather (天時 「誠得卜日應時」), an illness's crisis, a return
# expected today, a game or a bet — so the bot asks whether the matter is today's (占日應時, YQ-16).
_ASKS_TODAY = (Topic.weather, Topic.illness, Topic.returning, Topic.gamble)

OPTIONAL_FOLLOW_UPS = (
    FollowUp.illness, FollowUp.weather, FollowUp.office, FollowUp.exam, FollowUp.horizon, FollowUp.aspect,
    FollowUp.life,
)
"""The follow-ups that may be skipped, in asking order; the rest (``follow_ups``) are required."""


def optional_follow_ups(q: Question) -> tuple[FollowUp, ...]:
    """The optional follow-ups still open for a question, in asking order: asked after ``follow_ups``, each may be
    skipped and then keeps the default (``horizon_of``; for illness and weather no distinction).  Two at most per
    topic, so a simple matter gets one or two extra questions or none: ``illness`` for an illness (近病 and 久病 read
    空 and 沖 oppositely, JS-25/26), ``weather`` for the weather (the weather wished becomes the use-god, SW-05 — not
    when an expert gave the use-god), ``office`` for a career (seeking, holding or leaving a post, a public project:
    each read by its own chapter; a skip keeps 升選, seeking one), ``exam`` for an examination (its stage, its grade,
    the day of the results; a skip keeps 鄉試), ``horizon`` for the topics whose default horizon is a guess and,
    offering ``today``, for those a chapter times in hours (after the illness or the weather asked; not for a long
    illness), ``aspect`` for a house, a grave, a site, a marriage, a shop, goods, one's own journey, a doctor's
    matter or a pregnancy's child (which part, each read apart; a skip keeps the topic's first; a doctor's matter
    asks the illness's kind first; a pregnancy asks it unless the mother is chosen), ``life`` for one's own lifetime
    (its side, SHM-01 分占 — skipped, the life is read as a whole, as before).  A skip leaves the answer None, so the asker remembers what was skipped."""
    if q.topic in _ASKS_TODAY:
        # then whether it is today's: an illness's crisis, today's weather, a return or a bet today (not for a
        # long illness, which is far by its nature)
        today = (FollowUp.horizon,) if q.horizon is None and q.illness is not Illness.long else ()
        if q.topic is Topic.illness:
            return ((FollowUp.illness,) if q.illness is None else ()) + today
        if q.topic is Topic.weather:
            return ((FollowUp.weather,) if q.weather is None and q.use_god is None else ()) + today
        return today
    if q.topic is Topic.career:
        # what is asked of the post: each has its chapter (a skip keeps 升選候補章, seeking a post)
        return (FollowUp.office,) if q.office is None and q.use_god is None else ()
    if q.topic is Topic.exam:
        # which examination, its grade, or the day of the results (QM-01: each stage cast apart; a skip keeps 鄉試)
        return (FollowUp.exam,) if q.exam is None and q.use_god is None else ()
    if q.topic in _ASKS_HORIZON:
        return (FollowUp.horizon,) if q.horizon is None else ()
    if q.topic is Topic.doctor:
        # 近病 or 久病 (YY-05, YY-09, WZ-01 read them apart), then calling a doctor or going to treat (WZ-01)
        return ((FollowUp.illness,) if q.illness is None else ()) + (
            (FollowUp.aspect,) if q.aspect is None and q.use_god is None else ())
    if q.topic is Topic.travel and q.subject not in (None, Subject.self):
        return ()  # a companion (同舟共行章) is one's own: another's journey is read as it stands
    if q.topic is Topic.pregnancy and q.birth is Birth.mother:
        return ()  # boy or girl (TY-04) is the child's: the mother's safety (問產婦) is read as it stands
    if q.topic in ASPECTS:
        # which part of the matter, each read apart (各宜分占); an expert's use-god reads the matter as it stands
        return (FollowUp.aspect,) if q.aspect is None and q.use_god is None else ()
    if q.topic is Topic.lifetime and q.subject in (None, Subject.self) and q.life is None and q.use_god is None:
        return (FollowUp.life,)
    return ()


def choices(topic: Topic, follow_up: FollowUp) -> tuple[StrEnum, ...]:
    """The answers the bot may offer for a follow-up on this topic; empty when the topic never asks it."""
    if follow_up is FollowUp.subject:
        return SUBJECTS[topic]
    if follow_up in (FollowUp.sex, FollowUp.subject_sex):
        return tuple(Sex) if topic is Topic.marriage else ()
    if follow_up is FollowUp.thing:
        return tuple(Thing) if topic is Topic.lost else ()
    if follow_up is FollowUp.birth:
        return tuple(Birth) if topic is Topic.pregnancy else ()
    if follow_up is FollowUp.study:
        return tuple(Study) if topic is Topic.studies else ()
    if follow_up is FollowUp.club:
        return tuple(Club) if topic is Topic.savings_club else ()
    if follow_up is FollowUp.life:
        return tuple(Life) if topic is Topic.lifetime else ()
    if follow_up is FollowUp.horizon:
        if topic in _ASKS_TODAY:
            return (Horizon.today, Horizon.near) + ((Horizon.far,) if topic is Topic.returning else ())
        return (Horizon.near, Horizon.far) if topic in _ASKS_HORIZON else ()
    if follow_up is FollowUp.illness:
        return tuple(Illness) if topic in (Topic.illness, Topic.doctor) else ()
    if follow_up is FollowUp.weather:
        return tuple(Weather) if topic is Topic.weather else ()
    if follow_up is FollowUp.office:
        return tuple(Office) if topic is Topic.career else ()
    if follow_up is FollowUp.exam:
        return tuple(Exam) if topic is Topic.exam else ()
    if follow_up is FollowUp.aspect:
        return ASPECTS.get(topic, ())
    raise QuestionError(f"unknown follow-up {follow_up!r}; accepted: {', '.join(FollowUp)}")


def resolve(q: Question) -> UseGodRule:
    """The use-god rule for a question.  An expert's use-god replaces the catalogue's target (its secondary lines
    are kept when the question is complete enough to find them); otherwise every follow-up must be answered."""
    missing = _missing(q)
    if q.use_god is not None:
        base = None if missing else CATALOGUE[_key(q)]
        secondary = () if base is None else tuple(s for s in base.secondary if s.target is not q.use_god)
        return UseGodRule(q.use_god, None, secondary)
    if missing:
        raise QuestionError(_missing_message(q, missing), missing)
    if q.topic is Topic.pregnancy and q.birth is Birth.mother:
        return PREGNANT_MOTHER[q.subject] if q.subject is not None else CATALOGUE[_key(q)]
    if q.aspect is not None and q.aspect in ASPECT_RULES:
        return ASPECT_RULES[q.aspect]
    if q.topic is Topic.studies and q.study is not None:
        return _BY_SIDE[q.study]
    if q.topic is Topic.savings_club and q.club is not None:
        return _BY_SIDE[q.club]
    if q.topic is Topic.lifetime and q.subject is Subject.self and q.life is not None:
        return _BY_SIDE[q.life]
    if q.topic is Topic.weather and q.weather is not None:
        # 天時: 父母 rain and snow, 子孫 sun and a clear sky (SW-05: 土臨父母有申日雨者…土臨子孫有申日晴者)
        wished = Relation.父母 if q.weather is Weather.rain else Relation.子孫
        other = Relation.子孫 if wished is Relation.父母 else Relation.父母
        return _rule(wished, _WEATHER_WISHED, _sec(other, Meaning.clear if wished is Relation.父母 else Meaning.rain,
                                                  _WEATHER_WISHED), _sec(Relation.官鬼, Meaning.thunder, _YS02))
    if q.topic is Topic.career and q.office in _LEAVING:
        # 養親告病辭官章: the wish is to be released — 子孫, that overcomes the 官, is the god of it (GC-01 子孫持世
        # 子孫發動，乃無官之果，必能遂我偷閒); the 官 is the bond that holds (難脫利名羈鎖)
        return _rule(Relation.子孫, _GC_01, _sec(Relation.官鬼, Meaning.office, _GC_01),
                     *(s for s in CATALOGUE[_key(q)].secondary if s.meaning is not Meaning.spoiler))
    if q.topic is Topic.exam and q.exam in _ESSAY_FIRST:
        # 歲科考章 「父宜旺相，最忌休囚；官宜生身」 (the grade by 父 and 世), 發案持榜章 「父為用神」 (the list posted)
        src = _SKK_01 if q.exam is Exam.grade else _FA_01
        return _rule(Relation.父母, src, _sec(Relation.官鬼, Meaning.official, src),
                     *(s for s in CATALOGUE[_key(q)].secondary if s.meaning is not Meaning.writing))
    return CATALOGUE[_key(q)]


_WEATHER_WISHED = source("SW-05")
_SKK_01 = source("SKK-01")
_FA_01 = source("FA-01")
_ESSAY_FIRST = (Exam.grade, Exam.results)
_GC_01 = source("GC-01")
_LEAVING = (Office.resign, Office.leave)

# The aspects whose chapter names its own use-god (the others keep their topic's: a house's 父母, a grave's 父母,
# a marriage's 財 or 官 by the sex — 防攔阻 QL-02 names none, and 附葬 FU-01 reads the grave, 「父母受傷」).
ASPECT_RULES: Mapping[Aspect, UseGodRule] = MappingProxyType({
    # 創造宮室章 CZ-01 「父爻旺相，世位興隆」: the house (父母) with the 世, as 蓋造 (GZ-01)
    Aspect.works: _rule(Relation.父母, source("CZ-01"), _sec(Role.世, Meaning.querent, source("CZ-01"))),
    # 舊宅章 JU-02 「官鬼發動，的於此處興妖」: is this place the cause — the 官鬼 (指占, one cast per spot)
    Aspect.old_house: _rule(Relation.官鬼, source("JU-02"), _sec(Relation.子孫, Meaning.blessing, source("JU-02"))),
    # 同居章 TJ-01 「與外人同居看應爻。世為己，應為人」 (living with kin, 「用六親」, needs whose: not asked for a house)
    Aspect.share: _rule(Role.應, source("TJ-01"), _sec(Role.世, Meaning.querent, source("TJ-01"))),
    # 因何事所傷章 YH-01 「專看沖克父母之爻為忌神」: the grave (父母), its attacker the cause
    Aspect.harm: _rule(Relation.父母, source("YH-01")),
    # 再占修補吉凶章 XB-01 「既問修補之吉凶，則認世爻為用」
    Aspect.repair: _rule(Role.世, source("XB-01"), _sec(Relation.子孫, Meaning.blessing, source("XB-01"))),
    # 占地師章 DM-01 「應為用神」: the geomancer
    Aspect.geomancer: _rule(Role.應, source("DM-01")),
    # 此婚子嗣有無章 HZ-01: 子孫; 此婚有宜於父母否章 HF-01 「專以父母為用神」; 防患者，用子孫 (QL-01)
    Aspect.children: _rule(Relation.子孫, source("HZ-01")),
    Aspect.parents: _rule(Relation.父母, source("HF-01")),
    Aspect.risk: _rule(Relation.子孫, source("QL-01"), _sec(Relation.官鬼, Meaning.worry, source("QL-01"))),
    # 同行章 TZ-01 「占他人以應為用」 (a relative as companion, 「占親戚必看用神」, needs whose: not asked)
    Aspect.companion: _rule(Role.應, source("TZ-01"), _sec(Role.世, Meaning.querent, source("TZ-01"))),
    # 醫卜往治章 WZ-01 「世為己，應爻為病人」; 「惟除此憂者，乃賴子孫爻也」, 官鬼 the worry (WZ-02)
    Aspect.treat: _rule(Role.應, source("WZ-01"), _sec(Role.世, Meaning.querent, source("WZ-01")),
                        _sec(Relation.子孫, Meaning.medicine, source("WZ-01")),
                        _sec(Relation.官鬼, Meaning.worry, _WZ_02)),
})

_QUERENT_CF = _sec(Role.世, Meaning.querent, _CF_01)
# One's own lifetime by its side (asked of oneself only: 終身財福 and 終身功名 read the 世 as the one whose life it
# is), and the kinds of learning.
_BY_SIDE: Mapping[Life | Study | Club, UseGodRule] = MappingProxyType({
    # 終身財福: poverty is read from 財 and 福, a short life from the 世 alone (CF-08 「非貧者，須觀財福」); the
    # 世, 財 and 子孫 are read together (CF-01), 財 the use-god, 子孫 its source (CF-02), 兄 the robber
    Life.wealth: _rule(Relation.妻財, _CF_01, _QUERENT_CF, _sec(Relation.子孫, Meaning.blessing, _CF_02),
                       _sec(Relation.兄弟, Meaning.robber, _YS03)),
    # 終身功名: 官 the office, 父 the learning that leads to it, both bearing on the 世 (GM-01); 子孫 the spoiler
    Life.career: _rule(Relation.官鬼, _GM_01, _sec(Role.世, Meaning.querent, _GM_01),
                       _sec(Relation.父母, Meaning.writing, _GM_01), _sec(Relation.子孫, Meaning.spoiler, _GM_05)),
    # 學業章: each calling its own use-god
    Study.school: _rule(Relation.父母, _XY_01, _sec(Role.世, Meaning.querent, _XY_01),
                        _sec(Relation.官鬼, Meaning.office, _XY_02), _sec(Relation.子孫, Meaning.spoiler, _XY_02)),
    Study.profession: _rule(Relation.官鬼, _XY_03, _sec(Role.世, Meaning.querent, _XY_03),
                            _sec(Relation.妻財, Meaning.livelihood, _XY_03),
                            _sec(Relation.兄弟, Meaning.robber, _XY_03)),
    Study.healing: _rule(Relation.子孫, _XY_04, _sec(Role.世, Meaning.querent, _XY_04),
                         _sec(Relation.官鬼, Meaning.illness, _XY_04)),
    Study.craft: _rule(Relation.妻財, _XY_05, _sec(Role.世, Meaning.querent, _XY_05),
                       _sec(Relation.子孫, Meaning.blessing, _XY_05), _sec(Relation.兄弟, Meaning.robber, _XY_05)),
    # 請會搖會章: the money is 財 on both sides; joining reads the 世 with the 應 (the other members, QH-01),
    # the pot is 「旺財持世」 (QH-02)
    Club.joining: _rule(Relation.妻財, _QH_01, _sec(Role.世, Meaning.querent, _QH_01),
                     _sec(Role.應, Meaning.partner, _QH_01)),
    Club.pot: _rule(Relation.妻財, _QH_02, _sec(Role.世, Meaning.querent, _QH_02),
                    _sec(Relation.兄弟, Meaning.robber, _YS03)),
})


def _missing_message(q: Question, missing: tuple[FollowUp, ...]) -> str:
    if missing == (FollowUp.subject,) and q.subject is not None:
        accepted = ", ".join(SUBJECTS[q.topic])
        return f"subject {q.subject.value!r} does not apply to topic {q.topic.value!r}; accepted: {accepted}"
    asks = "; ".join(f"{f.value} (one of: {', '.join(choices(q.topic, f))})" for f in missing)
    return f"the use-god of topic {q.topic.value!r} is not fixed yet; answer {asks}"


# ---- string ids --------------------------------------------------------------------------------------------------

USE_GOD_IDS: Mapping[str, UseGodOverride] = MappingProxyType({
    **{r.value: r for r in Relation},
    "世": Role.世, "應": Role.應,
    "parents": Relation.父母, "brothers": Relation.兄弟, "officer": Relation.官鬼, "wealth": Relation.妻財,
    "offspring": Relation.子孫, "world": Role.世, "response": Role.應,
    # as the other scripts write them: simplified, Japanese (応), and Korean
    "妻财": Relation.妻財, "子孙": Relation.子孫, "应": Role.應, "応": Role.應,
    "부모": Relation.父母, "형제": Relation.兄弟, "관귀": Relation.官鬼, "처재": Relation.妻財, "자손": Relation.子孫,
    "세": Role.世, "응": Role.應,
})
"""The ids an expert may give for the use-god: the relation names in every script, 世 / 應, and English ids."""


_E = TypeVar("_E", bound=StrEnum)


def _parse(enum: type[_E], what: str, value: str) -> _E:
    try:
        return enum(value)
    except ValueError:
        raise QuestionError(f"unknown {what} id {value!r}; accepted: {', '.join(enum)}") from None


def _parse_opt(enum: type[_E], what: str, value: str | None) -> _E | None:
    return None if value is None or value == "" else _parse(enum, what, value)


def _parse_use_god(value: str | None) -> UseGodOverride | None:
    if value is None or value == "":
        return None
    try:
        return USE_GOD_IDS[value]
    except KeyError:
        raise QuestionError(f"unknown use_god id {value!r}; accepted: {', '.join(USE_GOD_IDS)}") from None


# YQ-16 遠事定之以年月，近事應之於日時: when nobody says, a topic's matters are near or far by their nature
# (an illness, a return, a lost thing, a day's weather are settled in days; office, examinations, a year, a life,
# a marriage, land, a lawsuit in months and years).  A decision: the text names the rule, not the topics.
_FAR_TOPICS = frozenset((Topic.career, Topic.exam, Topic.year, Topic.lifetime, Topic.lifespan, Topic.marriage,
                         Topic.property, Topic.land, Topic.teacher, Topic.matchmaker, Topic.lawsuit))


def horizon_of(q: Question) -> Horizon:
    """The horizon asked, or the topic's default."""
    if q.horizon is not None:
        return q.horizon
    if q.illness is Illness.long:
        return Horizon.far  # a long illness is told in months (乾之夬 久病: 卒於丑月)
    return Horizon.far if q.topic in _FAR_TOPICS else Horizon.near
