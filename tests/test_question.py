"""Questions → use-gods: every topic × subject resolves or names its follow-ups; the seeds' own cases; the quotes."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest

from core.chart.ganzhi import Element
from core.chart.hexagram import Relation
from core.question import (
    CATALOGUE,
    OPTIONAL_FOLLOW_UPS,
    PERSON,
    PREGNANT_MOTHER,
    SUBJECTS,
    USE_GOD_IDS,
    Aspect,
    Birth,
    Club,
    FollowUp,
    Horizon,
    Illness,
    Life,
    Meaning,
    Question,
    QuestionError,
    Role,
    Sex,
    Special,
    Study,
    Subject,
    Thing,
    Topic,
    UseGodRule,
    Weather,
    choices,
    follow_ups,
    horizon_of,
    optional_follow_ups,
    resolve,
)
from core.sources import Source

R = Relation

# Quotes checked by hand (and once by script) against shared/seeds; keyed by the (rule, seed, line) a Source names.
# The seed files are not read here: these are the lines the catalogue claims to rest on.
QUOTES: dict[tuple[str, str, int], tuple[str, ...]] = {
    ("YS-01", "002", 31): ("占父母即以卦中之父母爻為神", "凡在我父母之上", "僕占主人皆以父母爻為用神",
                           "宅舍、屋宇、舟車、衣服、雨具、綢緞、布匹、章奏、文書及書館文契"),
    ("YS-02", "002", 35): ("占功名、官府、雷霆鬼神、妻占夫皆以官鬼爻為用神", "占亂臣賊盜、邪崇也以官鬼爻為用神"),
    ("YS-03", "002", 35): ("占兄弟、姐妹、族中兄弟、姑姨、妹夫及結拜兄弟都以兄弟爻為用神", "占財物以此為劫神"),
    ("YS-04", "002", 35): ("占姊丈妹夫以世爻為用神",),
    ("YS-05", "002", 39): ("占妻妾、婢、僕、役，我驅使之人皆以要財爻為用神",  # 要財: printed for 妻財
                           "占貨財、珠寶、倉庫一切使用之財物亦以妻財爻為用神"),
    ("YS-06", "002", 39): ("占子孫、占女、女婿、侄、甥、門生凡在我子孫輩中皆以子孫爻為用神", "醫藥",
                           "占六畜、禽獸亦以子孫爻為用神", "獨占功名者忌之"),
    ("YS-01", "002", 47): ("占父近病", "今辰土父母臨"),
    ("YS-07", "002", 67): ("自占病世爻亥水為用神",),
    ("YS-01", "002", 75): ("占父官事已擬重罪", "外卦未土父母"),
    ("YS-10", "002", 79): ("幸喜辰日沖動戌土父母暗動",),
    ("YS-03", "002", 87): ("占弟癌症業已臨危", "兄弟賴申日以生之"),
    ("YS-03", "002", 139): ("占弟被訟吉凶", "酉金兄爻為用神"),
    ("YS-07", "002", 151): ("占開鋪面", "世臨寅木得令"),
    ("YS-10", "002", 151): ("鬼在身邊須防疾病", "應爻申金秋天當令，而沖剋世爻"),
    ("YS-03", "002", 155): ("占妹臨產吉凶", "酉金兄爻為用神"),
    ("YS-05", "002", 175): ("占僕何日回", "亥水財爻為用神"),
    ("NS-01", "000", 3): ("以身世為主，財福為憑", "兄鬼交重饑饉連"),
    ("NS-03", "000", 3): ("水動曰雨，火動曰晴",),
    ("NS-04", "000", 7): ("父母又臨空絕此歲定然亢旱",),
    ("NS-06", "000", 11): ("凡卜年的，最嫌官鬼",),
    ("NS-08", "000", 19): ("妻財為糧食", "子孫蠶花"),
    ("NS-09", "000", 23): ("初爻為萬物", "世爻為地氣，二爻為黎民"),
    ("NS-13", "000", 31): ("凡卜年成禍福，須憑年建",),
    ("SM-01", "000", 35): ("占自己以世爻為主，占他人以用象為憑", "身宜旺相"),
    ("SM-02", "000", 47): ("應為妻室",),
    ("SM-10", "000", 67): ("庶民鬼值身中，多災多訟。仕宦官居世上，越貴越榮",),
    ("SM-14", "000", 79): ("子孫為福德", "妻財為衣祿"),
    ("SM-23", "000", 115): ("世爻動者，亦可登程", "若卜返鄉最宜。世靜亦然"),
    ("LQ-01", "000", 123): ("如問雙親，父母忌空財忌動。若觀子侄，福神宜旺印宜衰。", "占手足而觀兄象，卜妻奴以看財爻"),
    ("LQ-01", "000", 127): ("詢妻妾奴婢及情人者，皆用財爻", "探夫主及文武官員身命，其察官爻", "問他人應作用爻"),
    ("YS-07", "000", 127): ("卜自身，世為主象",),
    ("SY-01", "000", 131): ("要決椿萱之壽肖，父田當詳。欲知手足之天年，弟兄可取。",  # 父田: printed for 父母
                            "問室須憑財象，占夫必用官爻。卜自身世家尋察，觀男女子位稽查"),
    ("SY-05", "000", 139): ("不論尊卑之壽，皆憑父母之爻",),
    ("MS-01", "000", 151): ("問媒以應象為憑", "卜媒人，應為主象", "應克世爻，心懷刁詐"),
    ("MS-02", "000", 155): ("卦得財鬼俱全，方能成就",),
    ("HY-03", "000", 163): ("又以世為夫，應為婦", "復論鬼為夫，財為婦"),
    ("HY-04", "000", 167): ("男占婦，以財為主，決不可無；女占夫，用鬼為先",),
    ("HY-05", "000", 171): ("世為男家，應為女宅",),
    ("HY-07", "000", 175): ("兩間之爻，皆為媒妁", "子孫之象，宜靜不宜動"),
    # 增刪卜易's topic chapters (seed zsbyt): the file prints simplified characters, quoted as printed and checked
    # against tests/data/texts/zsby_topics_doctrine.txt (test_zsbyt_quotes_are_in_the_text)
    ("YY-02", "zsbyt", 524): ("自占求医，应爻为医人，代六亲而求医者，亦以应为医人", "若得子孙临应爻者乃明医也"),
    ("WZ-02", "zsbyt", 534): ("此官鬼者，即一家之忧神也",),
    ("XN-01", "zsbyt", 604): ("所验者，世为穴也", "儿孙乃祭杞之裔"),
    ("BX-01", "zsbyt", 401): ("首重世应，若胜以得财者，兼用财",),
    ("JD-01", "zsbyt", 392): ("世逢兄，何须开口，应空破，难遂我心，财若空破，休指望",),
    ("FZ-01", "zsbyt", 395): ("应财生世，定怀忠",),
    ("YG-01", "zsbyt", 346): ("为名者用官，为利者用财",),
    ("KH-01", "zsbyt", 359): ("财为本，福为基", "有心而问伙计，应为伙计"),
    ("DH-01", "zsbyt", 371): ("积货卖货皆不宜财逢空破",),
    ("ZX-02", "zsbyt", 472): ("乃以子孙为顺风",),
    ("CX-01", "zsbyt", 459): ("应为地头",),
    ("FB-01", "zsbyt", 482): ("喜官居空破，最宜子动",),
    ("GS-01", "zsbyt", 518): ("凡占鬼神，卦中鬼值休囚及空破墓绝",),
    ("GZ-01", "zsbyt", 547): ("父爻旺相持世、生世、合世",),
    ("ZY-01", "zsbyt", 640): ("皆以父母为用神", "为子孙者命子孙来占"),
    ("ZSI-02", "zsbyt", 139): ("福德即子孙爻",),
    ("ZF-01", "zsbyt", 316): ("父动官动相生，日月作官星而生父母",),
    ("TY-01", "zsbyt", 441): ("亲占代占，皆用子孙，惟子占母孕，以弟兄爻为用神也",),
    ("SYU-01", "zsbyt", 92): ("凡占寿元，独以世爻为根本",),
    ("CA-01", "zsbyt", 448): ("问产妇夫占代占，皆以财为用神",),
    ("CF-01", "zsbyt", 58): ("凡占终身财福，世爻财爻子孙爻三者无一失陷",),
    ("CF-02", "zsbyt", 58): ("子孙者，财之源也",),
    ("GM-01", "zsbyt", 84): ("凡得旺父持世、官动生之",),
    ("GM-05", "zsbyt", 88): ("凡得子孙持世发动，终非朝廊之贵客",),
    ("XY-01", "zsbyt", 149): ("世爻父母皆宜旺相",),
    ("XY-02", "zsbyt", 150): ("财动克文章，读书中道而废。子动无官之象",),
    ("XY-03", "zsbyt", 151): ("财持世，官持世，财官世爻皆宜得地。卦中兄爻持世",),
    ("XY-04", "zsbyt", 151): ("皆以子旺，能于治鬼，必以子孙持世及子孙发动而为吉也",),
    ("XY-05", "zsbyt", 152): ("百工皆以财为用神，子孙元神，最忌兄爻持世",),
    ("YSH-01", "zsbyt", 159): ("父母爻既为师长", "延师受教，即以此爻为用神"),
    ("YSH-09", "zsbyt", 167): ("父为子而延师者，应为西席，世乃东家",),
    ("YSH-10", "zsbyt", 168): ("父爻不可缺之，父旺与子孙相合",),
    ("BZ-01", "zsbyt", 356): ("最重财官两旺，不宜世应皆空", "兄爻持世，不如闲处安身"),
    ("QH-01", "zsbyt", 404): ("请会须宜财旺，更宜世应相生",),
    ("QH-02", "zsbyt", 405): ("摇会得否，旺财持世必得",),
}

# The characters by which a seed names each line a rule can point at.
TOKENS: dict[object, tuple[str, ...]] = {
    R.父母: ("父",), R.兄弟: ("兄", "弟"), R.官鬼: ("官", "鬼"), R.妻財: ("財", "财"), R.子孫: ("子", "福", "孙"),
    Role.世: ("世",), Role.應: ("應", "应"), Role.間爻: ("間",), Role.卦身: ("身",), Role.太歲: ("年建", "太歲"),
    Role.初爻: ("初爻",), Role.二爻: ("二爻",), Element.水: ("水",), Element.火: ("火",),
}


def quote(source: Source) -> str:
    return "／".join(QUOTES[(source.rule, source.seed, source.line)])


def all_questions() -> list[Question]:
    """Every topic × subject (and none), with every sex, relative's sex and lost thing, answered or not."""
    out = []
    for topic, subject, sex, subject_sex, thing in itertools.product(
        Topic, (None, *Subject), (None, *Sex), (None, *Sex), (None, *Thing),
    ):
        out.append(Question(topic, subject, sex, subject_sex, thing))
    return out


# ---- completeness -------------------------------------------------------------------------------------------------

def test_every_question_resolves_or_names_its_follow_ups() -> None:
    for q in all_questions():
        missing = follow_ups(q)
        if missing:
            with pytest.raises(QuestionError) as err:
                resolve(q)
            assert err.value.missing == missing, q
            for f in missing:
                assert f.value in str(err.value)
                assert choices(q.topic, f), (q, f)  # the bot can always offer answers
        else:
            rule = resolve(q)
            assert isinstance(rule, UseGodRule) and rule.source is not None, q


def test_answering_the_follow_ups_always_ends_in_a_use_god() -> None:
    """Answer each follow-up with every offered choice, repeatedly: every path resolves within three answers."""
    fields = {FollowUp.subject: "subject", FollowUp.sex: "sex", FollowUp.subject_sex: "subject_sex",
              FollowUp.thing: "thing", FollowUp.birth: "birth", FollowUp.study: "study", FollowUp.club: "club"}
    for topic in Topic:
        pending = [Question(topic)]
        for _ in range(3):
            nxt = []
            for q in pending:
                for f in follow_ups(q):
                    nxt += [dataclasses.replace(q, **{fields[f]: c}) for c in choices(topic, f)]
                if not follow_ups(q):
                    resolve(q)
            pending = nxt
        assert all(not follow_ups(q) for q in pending), topic


def test_every_catalogue_key_is_reachable_and_every_reachable_key_is_catalogued() -> None:
    asked = all_questions() + [dataclasses.replace(q, birth=b) for q in all_questions() for b in Birth
                               if q.topic is Topic.pregnancy]
    reached = {id(resolve(q)) for q in asked if not follow_ups(q)}
    assert reached == {id(rule) for rule in CATALOGUE.values()} | {id(r) for r in PREGNANT_MOTHER.values()}


def test_follow_ups_are_asked_only_where_they_change_the_use_god() -> None:
    assert follow_ups(Question(Topic.wealth)) == ()
    assert follow_ups(Question(Topic.career)) == ()
    assert follow_ups(Question(Topic.exam)) == ()
    assert follow_ups(Question(Topic.property)) == ()
    assert follow_ups(Question(Topic.weather)) == ()
    assert follow_ups(Question(Topic.year)) == ()
    assert follow_ups(Question(Topic.matchmaker)) == ()
    assert follow_ups(Question(Topic.lost)) == (FollowUp.thing,)
    for topic in (Topic.illness, Topic.lawsuit, Topic.travel, Topic.returning, Topic.pregnancy, Topic.lifetime,
                  Topic.lifespan, Topic.marriage, Topic.other):
        assert follow_ups(Question(topic)) == (FollowUp.subject,), topic
    assert follow_ups(Question(Topic.marriage, Subject.self)) == (FollowUp.sex,)
    assert follow_ups(Question(Topic.marriage, Subject.child)) == (FollowUp.subject_sex,)
    assert follow_ups(Question(Topic.marriage, Subject.wife)) == ()
    # the querent's sex decides nothing but his or her own marriage
    assert follow_ups(Question(Topic.illness, Subject.self)) == ()


def test_optional_follow_ups_only_where_they_matter() -> None:
    asks = {t: optional_follow_ups(Question(t)) for t in Topic}
    assert {t: f for t, f in asks.items() if f} == {
        Topic.illness: (FollowUp.illness, FollowUp.horizon), Topic.weather: (FollowUp.weather, FollowUp.horizon),
        Topic.lifetime: (FollowUp.life,),  # one's own lifetime by its side (SHM-01 分占); skipped, the whole
        **{t: (FollowUp.horizon,) for t in (Topic.other, Topic.wealth, Topic.lawsuit, Topic.document, Topic.loan,
                                            Topic.returning, Topic.gamble)},
        Topic.career: (FollowUp.office,),  # seeking, holding, leaving a post, a public project (its own chapter)
        Topic.exam: (FollowUp.exam,),  # its stage, its grade, the day of the results (each its chapter)
        # 各宜分占: the part of a house, a grave, a site, a marriage, a shop, goods, one's journey, a pregnancy's child
        # (tests/test_house_chapters.py, tests/test_child_sex.py)
        **{t: (FollowUp.aspect,) for t in (Topic.house, Topic.grave, Topic.land, Topic.marriage, Topic.shop,
                                           Topic.goods, Topic.travel, Topic.pregnancy)},
        # a doctor: the illness's kind (YY-05, YY-09, WZ-01), then calling one or going to treat (WZ-01)
        Topic.doctor: (FollowUp.illness, FollowUp.aspect),
    }
    assert all(len(f) <= 2 for f in asks.values())  # a simple matter gets two extra questions at most
    # a pregnancy: the child, kept or a boy or a girl (TY-02/TY-04); the mother (問產婦) is read as she is
    assert optional_follow_ups(Question(Topic.pregnancy, Subject.wife, birth=Birth.child)) == (FollowUp.aspect,)
    assert optional_follow_ups(Question(Topic.pregnancy, Subject.wife, birth=Birth.mother)) == ()
    assert optional_follow_ups(Question(Topic.pregnancy, Subject.wife, birth=Birth.child,
                                        aspect=Aspect.boy_or_girl)) == ()
    # answered: nothing more to ask; the subject and the required follow-ups do not change what is optional; a long
    # illness is far by its nature, so it is not asked whether it is today's
    assert optional_follow_ups(Question(Topic.illness, Subject.parent, illness=Illness.long)) == ()
    assert optional_follow_ups(Question(Topic.illness, Subject.parent)) == (FollowUp.illness, FollowUp.horizon)
    assert optional_follow_ups(Question(Topic.illness, Subject.parent, illness=Illness.recent)) == (FollowUp.horizon,)
    assert optional_follow_ups(Question(Topic.illness, horizon=Horizon.today)) == (FollowUp.illness,)
    assert optional_follow_ups(Question(Topic.weather, weather=Weather.rain)) == (FollowUp.horizon,)
    assert optional_follow_ups(Question(Topic.weather, weather=Weather.rain, horizon=Horizon.today)) == ()
    assert optional_follow_ups(Question(Topic.wealth, Subject.wife, horizon=Horizon.far)) == ()
    assert optional_follow_ups(Question(Topic.lawsuit, Subject.self)) == (FollowUp.horizon,)
    # an expert's use-god replaces the weather wished (resolve ignores it), not the kind of illness
    assert optional_follow_ups(Question(Topic.weather, use_god=R.父母)) == (FollowUp.horizon,)
    assert optional_follow_ups(Question(Topic.illness, use_god=R.官鬼)) == (FollowUp.illness, FollowUp.horizon)
    # the horizon is asked only where the default is a guess; elsewhere the default stands for itself
    assert horizon_of(Question(Topic.career)) is Horizon.far and horizon_of(Question(Topic.returning)) is Horizon.near
    # optional ones never block the use-god, and the required ones are never optional
    assert not set(OPTIONAL_FOLLOW_UPS) & {f for q in all_questions() for f in follow_ups(q)}
    for t in Topic:
        for f in optional_follow_ups(Question(t)):
            assert choices(t, f), (t, f)
        for f in set(OPTIONAL_FOLLOW_UPS) - set(optional_follow_ups(Question(t))):
            assert choices(t, f) == (), (t, f)
    assert choices(Topic.wealth, FollowUp.horizon) == (Horizon.near, Horizon.far)
    # 占日應時: where a chapter times in hours, the bot asks whether the matter is today's
    assert choices(Topic.weather, FollowUp.horizon) == (Horizon.today, Horizon.near)
    assert choices(Topic.returning, FollowUp.horizon) == (Horizon.today, Horizon.near, Horizon.far)
    assert all(Horizon.today not in choices(t, FollowUp.horizon) for t in (Topic.career, Topic.wealth, Topic.other))
    assert choices(Topic.illness, FollowUp.illness) == (Illness.recent, Illness.long)
    assert choices(Topic.weather, FollowUp.weather) == (Weather.rain, Weather.clear)
    assert resolve(Question(Topic.weather, weather=Weather.rain)).target is R.父母
    assert resolve(Question(Topic.weather, weather=Weather.clear)).target is R.子孫
    assert resolve(Question(Topic.weather)).target is Special.水火  # skipped: the default reading


def test_a_subject_that_does_not_fit_the_topic_is_asked_again() -> None:
    q = Question(Topic.marriage, Subject.master)
    assert follow_ups(q) == (FollowUp.subject,)
    with pytest.raises(QuestionError, match=r"subject 'master' does not apply to topic 'marriage'; accepted: self"):
        resolve(q)
    assert follow_ups(Question(Topic.pregnancy, Subject.husband)) == (FollowUp.subject,)
    # 胎孕章 TY-01 各宜分占: the child or the mother, asked after whose pregnancy it is
    assert follow_ups(Question(Topic.pregnancy, Subject.wife)) == (FollowUp.birth,)
    assert choices(Topic.pregnancy, FollowUp.birth) == (Birth.child, Birth.mother)
    assert choices(Topic.illness, FollowUp.birth) == ()


def test_choices() -> None:
    assert choices(Topic.marriage, FollowUp.sex) == (Sex.male, Sex.female)
    assert choices(Topic.marriage, FollowUp.subject_sex) == (Sex.male, Sex.female)
    assert choices(Topic.illness, FollowUp.sex) == ()
    assert choices(Topic.lost, FollowUp.thing) == tuple(Thing)
    assert choices(Topic.wealth, FollowUp.thing) == ()
    assert choices(Topic.illness, FollowUp.subject) == tuple(Subject)
    assert all(choices(t, FollowUp.subject) == SUBJECTS[t] for t in Topic)
    assert choices(Topic.weather, FollowUp.subject) == ()
    assert Subject.master not in choices(Topic.marriage, FollowUp.subject)
    assert set(choices(Topic.pregnancy, FollowUp.subject)) == {
        Subject.self, Subject.wife, Subject.sibling, Subject.child, Subject.employee, Subject.other, Subject.parent}


# ---- the texts' cases ---------------------------------------------------------------------------------------------

# 002 用神章 YS-01…YS-07, YS-04 (姊丈妹夫 → 世), and DESIGN's choice of 000's 應 for an unrelated other.
PEOPLE = {
    Subject.self: Role.世, Subject.parent: R.父母, Subject.sibling: R.兄弟, Subject.wife: R.妻財,
    Subject.husband: R.官鬼, Subject.child: R.子孫, Subject.employee: R.妻財, Subject.master: R.父母,
    Subject.sisters_husband: Role.世, Subject.other: Role.應,
}
# the words of the seed line each person's entry rests on
PERSON_WORDS = {
    Subject.self: "卜自身", Subject.parent: "凡在我父母之上", Subject.sibling: "姐妹", Subject.wife: "妻妾",
    Subject.husband: "妻占夫", Subject.child: "子孫輩", Subject.employee: "我驅使之人",
    Subject.master: "僕占主人", Subject.sisters_husband: "姊丈妹夫", Subject.other: "問他人應作用爻",
}


@pytest.mark.parametrize("topic", [Topic.illness, Topic.lawsuit, Topic.travel, Topic.returning, Topic.lifetime,
                                   Topic.lifespan, Topic.other])
def test_person_centred_topics_take_the_subjects_line(topic: Topic) -> None:
    for subject, target in PEOPLE.items():
        assert resolve(Question(topic, subject)).target is target, (topic, subject)


def test_person_table_sources() -> None:
    for subject, (target, source) in PERSON.items():
        assert target is PEOPLE[subject]
        assert PERSON_WORDS[subject] in quote(source), subject
    assert PERSON[Subject.sisters_husband][1] == Source("YS-04", "002", 35)
    assert PERSON[Subject.other][1].decision and PERSON[Subject.other][1].seed == "000"
    # not 兄弟, though 002 also lists 妹夫 among the 兄弟 people: YS-04 and DESIGN take 世
    assert resolve(Question(Topic.illness, Subject.sisters_husband)).target is Role.世


def test_000_chapters_name_the_same_people_as_002() -> None:
    """000's 身命 and 壽元 chapters give their own lines for the relatives, and agree with 002's table."""
    for topic in (Topic.lifetime, Topic.lifespan):
        for subject in Subject:
            rule = resolve(Question(topic, subject))
            assert rule.target is PERSON[subject][0]
            assert any(t in quote(rule.source) for t in TOKENS[rule.target]), (topic, subject)
        assert resolve(Question(topic, Subject.wife)).source.seed == "000"
    assert resolve(Question(Topic.lifetime, Subject.self)).source.seed == "000"
    # 增刪卜易 壽元章 「凡占壽元，獨以世爻為根本」 names the same 世 for one's own lifespan
    assert resolve(Question(Topic.lifespan, Subject.self)).source == Source("SYU-01", "zsbyt", 92)


def test_worked_cases_of_seed_002() -> None:
    cases = {
        (Topic.illness, Subject.parent): (R.父母, 47),     # Z002-04 占父近病
        (Topic.illness, Subject.self): (Role.世, 67),      # Z002-06 自占病
        (Topic.illness, Subject.sibling): (R.兄弟, 87),    # Z002-10 占弟(痘)症
        (Topic.lawsuit, Subject.parent): (R.父母, 75),     # Z002-08 占父官事
        (Topic.lawsuit, Subject.sibling): (R.兄弟, 139),   # Z002-17 占弟被訟
        (Topic.returning, Subject.employee): (R.妻財, 175),  # Z002-21 占僕何日回
        (Topic.other, Subject.self): (Role.世, 151),       # Z002-18 占開鋪面
    }
    for (topic, subject), (target, line) in cases.items():
        rule = resolve(Question(topic, subject))
        assert (rule.target, rule.source.seed, rule.source.line) == (target, "002", line), (topic, subject)
    # Z002-19 占妹臨產 (the mother's line): beside 胎孕章's 子孫, the sister's 兄弟 on that case's line
    sister = resolve(Question(Topic.pregnancy, Subject.sibling, birth=Birth.child))
    assert (R.兄弟, Meaning.mother, "002", 155) in {(s.target, s.meaning, s.source.seed, s.source.line)
                                                    for s in sister.secondary}
    # and asked for the mother, her line is the use-god (問產婦), on the case's line
    mother = resolve(Question(Topic.pregnancy, Subject.sibling, birth=Birth.mother))
    assert (mother.target, mother.source) == (R.兄弟, Source("YS-03", "002", 155))
    assert resolve(Question(Topic.wealth)).target is R.妻財  # Z002-05, Z002-14 占求財
    assert resolve(Question(Topic.career)).target is R.官鬼  # Z002-15 謁貴, Z002-16 升遷


def test_matter_topics() -> None:
    assert resolve(Question(Topic.wealth)).source == Source("YS-05", "002", 39)
    exam = resolve(Question(Topic.exam))
    assert exam.target is R.官鬼
    assert (R.父母, Meaning.writing) in {(s.target, s.meaning) for s in exam.secondary}
    assert (R.子孫, Meaning.spoiler) in {(s.target, s.meaning) for s in exam.secondary}
    assert resolve(Question(Topic.property)).target is R.父母
    lost = {t: resolve(Question(Topic.lost, thing=t)).target for t in Thing}
    assert lost == {Thing.money: R.妻財, Thing.document: R.父母, Thing.vehicle: R.父母, Thing.clothing: R.父母,
                    Thing.animal: R.子孫, Thing.phone: R.妻財, Thing.keys: R.妻財, Thing.bag: R.父母,
                    Thing.other: R.妻財}
    # whose money does not change the use-god; it adds that person's line
    fathers = resolve(Question(Topic.wealth, Subject.parent))
    assert fathers.target is R.妻財
    assert (R.父母, Meaning.subject) in {(s.target, s.meaning) for s in fathers.secondary}
    assert (Role.世, Meaning.querent) in {(s.target, s.meaning) for s in fathers.secondary}
    mine = resolve(Question(Topic.wealth, Subject.self))
    assert mine == resolve(Question(Topic.wealth))


def test_marriage_by_sex() -> None:
    man = resolve(Question(Topic.marriage, Subject.self, Sex.male))
    woman = resolve(Question(Topic.marriage, Subject.self, Sex.female))
    assert (man.target, woman.target) == (R.妻財, R.官鬼)
    assert man.source == woman.source == Source("HY-04", "000", 167)
    assert resolve(Question(Topic.marriage, Subject.wife)).target is R.妻財
    assert resolve(Question(Topic.marriage, Subject.husband)).target is R.官鬼
    # a son's bride is 妻財, a daughter's groom 官鬼 (鬼為夫，財為婦); the querent's own sex is irrelevant here
    son = resolve(Question(Topic.marriage, Subject.child, Sex.female, subject_sex=Sex.male))
    daughter = resolve(Question(Topic.marriage, Subject.child, Sex.male, subject_sex=Sex.female))
    assert (son.target, daughter.target) == (R.妻財, R.官鬼)
    assert son.source.decision
    roles = {(s.target, s.meaning) for s in man.secondary}
    assert {(Role.世, Meaning.mans_family), (Role.應, Meaning.womans_family), (Role.間爻, Meaning.matchmakers),
            (R.官鬼, Meaning.husband), (R.子孫, Meaning.heirs)} <= roles


def test_pregnancy_is_the_child_with_the_mother_beside_it() -> None:
    """胎孕章 TY-01 「親占代占，皆用子孫，惟子占母孕，以弟兄爻為用神也」: 子孫 whoever asks, 兄弟 for a son asking
    about his mother; the one with child is read beside it (問產婦: the wife's 財, CA-01)."""
    for subject in SUBJECTS[Topic.pregnancy]:
        rule = resolve(Question(Topic.pregnancy, subject, birth=Birth.child))
        assert rule.target is (R.兄弟 if subject is Subject.parent else R.子孫), subject
        assert rule.source == Source("TY-01", "zsbyt", 441)
        mother = resolve(Question(Topic.pregnancy, subject, birth=Birth.mother))
        assert mother.target is PERSON[subject][0]
        if mother.target is not R.子孫:  # a daughter's pregnancy: her line is 子孫 already
            assert (R.子孫, Meaning.child) in {(s.target, s.meaning) for s in mother.secondary}
    wife = resolve(Question(Topic.pregnancy, Subject.wife, birth=Birth.child))
    assert (R.妻財, Meaning.mother) in {(s.target, s.meaning) for s in wife.secondary}
    assert (Role.世, Meaning.mother) in {(s.target, s.meaning) for s in
                                        resolve(Question(Topic.pregnancy, Subject.self, birth=Birth.child)).secondary}
    # 問產婦 CA-01 「問產婦夫占代占，皆以財為用神」
    assert resolve(Question(Topic.pregnancy, Subject.wife, birth=Birth.mother)).source == Source("CA-01", "zsbyt", 448)
    assert "皆以财为用神" in QUOTES[("CA-01", "zsbyt", 448)][0]


def test_the_topic_chapters_name_their_use_gods() -> None:
    """Each chapter of 增刪卜易's topics takes its own use-god: 延醫 the 應 (「應爻為醫人」), 尋地 the 世 (「世為穴也」),
    博戲 the 世 against the 應 with the 財 (「首重世應…兼用財」), 借貸 the 財 with the 應 the lender, 謁貴 the 官."""
    expect = {
        Topic.doctor: (Role.應, "YY-02"), Topic.land: (Role.世, "XN-01"), Topic.gamble: (Role.世, "BX-01"),
        Topic.loan: (R.妻財, "JD-01"), Topic.lending: (R.妻財, "FZ-01"), Topic.patron: (R.官鬼, "YG-01"),
        Topic.shop: (R.妻財, "KH-01"), Topic.goods: (R.妻財, "DH-01"), Topic.spirits: (R.官鬼, "GS-01"),
        Topic.house: (R.父母, "GZ-01"), Topic.grave: (R.父母, "ZY-01"), Topic.children: (R.子孫, "ZSI-02"),
        Topic.boat: (Role.世, "YS-07"), Topic.avoid_lawsuit: (Role.世, "YS-07"),
    }
    for topic, (target, rule) in expect.items():
        for subject in (None, Subject.self, Subject.parent):
            q = Question(topic, subject)
            if follow_ups(q):
                continue
            r = resolve(q)
            if subject is Subject.parent and topic in (Topic.boat, Topic.avoid_lawsuit):
                assert r.target is R.父母  # a person's matter: that person's line
                continue
            assert (r.target, r.source.rule) == (target, rule), (topic, subject)
    gamble = {(s.target, s.meaning) for s in resolve(Question(Topic.gamble)).secondary}
    assert {(Role.應, Meaning.opponent), (R.妻財, Meaning.money)} <= gamble
    doctor = {(s.target, s.meaning) for s in resolve(Question(Topic.doctor)).secondary}
    assert {(R.子孫, Meaning.medicine), (R.官鬼, Meaning.worry)} <= doctor
    assert resolve(Question(Topic.lending)).source.decision  # the money lent as 財: a choice, written beside it


def test_zsbyt_quotes_are_in_the_text() -> None:
    """Every quote of the topics text is on the line its Source names (tests/data's copy of the file)."""
    lines = (Path(__file__).parent / "data" / "texts" / "zsby_topics_doctrine.txt").read_text(
        encoding="utf-8").splitlines()
    zsbyt = {k: v for k, v in QUOTES.items() if k[1] == "zsbyt"}
    assert len(zsbyt) >= 18
    for (rule, _seed, line), quotes in zsbyt.items():
        for q in quotes:
            assert q in lines[line - 1], (rule, line, q)


def test_000_fixed_chapters() -> None:
    mm = resolve(Question(Topic.matchmaker))
    assert (mm.target, mm.source) == (Role.應, Source("MS-01", "000", 151))
    year = resolve(Question(Topic.year, Subject.parent))  # a subject changes nothing here
    assert year == resolve(Question(Topic.year))
    assert year.target is Role.世
    meanings = {s.meaning: s.target for s in year.secondary}
    assert meanings[Meaning.grain] is R.妻財 and meanings[Meaning.calamity] is R.官鬼
    assert meanings[Meaning.rain] is Element.水 and meanings[Meaning.clear] is Element.火
    assert meanings[Meaning.year] is Role.太歲
    weather = resolve(Question(Topic.weather))
    assert weather.target is Special.水火
    assert {s.target for s in weather.secondary} >= {Element.水, Element.火}
    life = resolve(Question(Topic.lifetime, Subject.self))
    assert Role.卦身 in {s.target for s in life.secondary}
    span = resolve(Question(Topic.lifespan, Subject.child))
    assert (R.父母, Meaning.longevity) in {(s.target, s.meaning) for s in span.secondary}
    assert all(s.target is not R.父母 for s in resolve(Question(Topic.lifespan, Subject.parent)).secondary)


def test_lawsuit_parties() -> None:
    own = resolve(Question(Topic.lawsuit, Subject.self))
    assert own.target is Role.世
    roles = {s.meaning: s.target for s in own.secondary}
    assert roles[Meaning.opponent] is Role.應 and roles[Meaning.official] is R.官鬼
    assert roles[Meaning.document] is R.父母
    brother = resolve(Question(Topic.lawsuit, Subject.sibling))
    assert Meaning.opponent not in {s.meaning for s in brother.secondary}


def test_no_secondary_repeats_the_use_god() -> None:
    for rule in CATALOGUE.values():
        assert all(s.target is not rule.target for s in rule.secondary), rule


# ---- explicit use-god ---------------------------------------------------------------------------------------------

def test_explicit_use_god_overrides() -> None:
    q = Question(Topic.illness, use_god=R.官鬼)
    assert follow_ups(q) == ()
    assert resolve(q) == UseGodRule(R.官鬼, None, ())
    q = Question(Topic.illness, Subject.self, use_god=R.子孫)
    rule = resolve(q)
    assert rule.target is R.子孫 and rule.source is None
    assert [s.meaning for s in rule.secondary] == [Meaning.illness]  # 子孫 (medicine) is now the use-god
    assert resolve(Question(Topic.marriage, use_god=Role.應)).target is Role.應
    with pytest.raises(QuestionError, match="世, 應"):
        Question(Topic.year, use_god=Role.間爻)


# ---- ids ----------------------------------------------------------------------------------------------------------

def test_parse_ids() -> None:
    q = Question.parse_ids("marriage", "self", "female", None)
    assert q == Question(Topic.marriage, Subject.self, Sex.female)
    assert resolve(q).target is R.官鬼
    assert Question.parse_ids("illness", "", "", "") == Question(Topic.illness)
    assert Question.parse_ids("lost", None, None, None, thing="animal").thing is Thing.animal
    assert Question.parse_ids("marriage", "child", None, None, subject_sex="male").subject_sex is Sex.male
    for given, expected in [("父母", R.父母), ("兄弟", R.兄弟), ("官鬼", R.官鬼), ("妻財", R.妻財), ("子孫", R.子孫),
                            ("世", Role.世), ("應", Role.應), ("parents", R.父母), ("brothers", R.兄弟),
                            ("officer", R.官鬼), ("wealth", R.妻財), ("offspring", R.子孫), ("world", Role.世),
                            ("response", Role.應), ("妻财", R.妻財), ("子孙", R.子孫), ("应", Role.應), ("応", Role.應),
                            ("부모", R.父母), ("형제", R.兄弟), ("관귀", R.官鬼), ("처재", R.妻財), ("자손", R.子孫),
                            ("세", Role.世), ("응", Role.應)]:
        assert Question.parse_ids("other", None, None, given).use_god is expected
    assert len(USE_GOD_IDS) == 25


@pytest.mark.parametrize("args, bad, accepted", [
    (("health", None, None, None), "topic id 'health'", "wealth, career"),
    (("illness", "father", None, None), "subject id 'father'", "self, parent"),
    (("marriage", "self", "m", None), "sex id 'm'", "male, female"),
    (("illness", "self", None, "財"), "use_god id '財'", "父母"),
])
def test_bad_ids_are_named_with_the_accepted_ones(args: tuple, bad: str, accepted: str) -> None:
    with pytest.raises(QuestionError) as err:
        Question.parse_ids(*args)
    assert bad in str(err.value) and accepted in str(err.value)
    assert err.value.missing == ()
    with pytest.raises(QuestionError, match="thing id 'car'"):
        Question.parse_ids("lost", None, None, None, thing="car")


def test_ids_are_stable() -> None:
    assert [t.value for t in Topic] == (
        "wealth career exam marriage pregnancy illness lawsuit travel returning lost property weather year "
        "lifetime lifespan matchmaker other document danger doctor teacher land livestock gamble loan "
        "patron shop goods lending boat avoid_lawsuit spirits house grave children studies tutor client "
        "savings_club").split()
    assert [s.value for s in Subject] == (
        "self parent sibling wife husband child employee master sisters_husband other").split()
    assert [s.value for s in Sex] == ["male", "female"]
    assert {"subject", "sex"} <= {f.value for f in FollowUp}
    assert [f.value for f in FollowUp][:4] == ["subject", "sex", "subject_sex", "thing"]
    assert {"horizon", "illness", "weather"} <= {f.value for f in FollowUp}
    assert [h.value for h in Horizon] == ["near", "far", "today"] and [i.value for i in Illness] == ["recent", "long"]
    assert [w.value for w in Weather] == ["rain", "clear"]


# 用神章 (002 L31, L39), quoted for the things it does not name (issue 22: a lost phone or keys had no choice)
SHELTER = "占天地、城池、牆垣、宅舍、屋宇、舟車、衣服、雨具、綢緞、布匹、章奏、文書及書館文契也以父母爻為用神，物類亦多在變通，一切庇護我身者是也"
IN_USE = "占貨財、珠寶、倉庫一切使用之財物亦以妻財爻為用神"


@pytest.mark.parametrize("thing, relation, line, passage", [
    (Thing.phone, R.妻財, 39, IN_USE), (Thing.keys, R.妻財, 39, IN_USE), (Thing.other, R.妻財, 39, IN_USE),
    (Thing.bag, R.父母, 31, SHELTER),
])
def test_lost_things_the_chapter_does_not_name(thing: Thing, relation: R, line: int, passage: str) -> None:
    """A phone, keys and a thing not named are possessions in use (使用之財物): 妻財, read like money, with the thief
    and the robber.  A bag covers and carries, as 衣服 and 雨具 do (庇護): 父母, read like clothing.  The chapter
    names none of them, so each is a decision on its line, never the line's own word."""
    rule = resolve(Question(Topic.lost, thing=thing))
    assert rule.target is relation and (rule.source.seed, rule.source.line) == ("002", line) and rule.source.decision
    like = Thing.money if relation is R.妻財 else Thing.clothing
    assert rule.secondary == resolve(Question(Topic.lost, thing=like)).secondary
    assert any(t in passage for t in TOKENS[relation])  # the passage names the use-god it gives
    assert thing in choices(Topic.lost, FollowUp.thing)


def test_values_are_immutable() -> None:
    q = Question(Topic.wealth)
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.topic = Topic.career  # type: ignore[misc]
    rule = resolve(q)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rule.target = R.官鬼  # type: ignore[misc]
    with pytest.raises(TypeError):
        CATALOGUE[(Topic.wealth, None, None, None)] = rule  # type: ignore[index]


# ---- sources ------------------------------------------------------------------------------------------------------

def test_every_entry_rests_on_a_quoted_line_naming_its_line() -> None:
    """Each rule and each secondary points at a verified seed quote that names the line it takes."""
    seen = set()
    # one's lifetime by its side, and each kind of learning: their own rules beside the catalogue's
    sides = {**{("lifetime", x): resolve(Question(Topic.lifetime, Subject.self, life=x)) for x in Life},
             **{("studies", x): resolve(Question(Topic.studies, study=x)) for x in Study},
             **{("savings_club", x): resolve(Question(Topic.savings_club, club=x)) for x in Club}}
    for key, rule in {**CATALOGUE, **sides}.items():
        pairs = [(rule.target, rule.source)] + [(s.target, s.source) for s in rule.secondary]
        for target, source in pairs:
            assert (source.rule, source.seed, source.line) in QUOTES, (key, source)
            text = quote(source)
            tokens = ("水動", "火動") if target is Special.水火 else TOKENS[target]
            check = all if target is Special.水火 else any
            assert check(t in text for t in tokens), (key, target, source)
            seen.add((source.rule, source.seed, source.line))
    seen |= {(r.source.rule, r.source.seed, r.source.line) for r in PREGNANT_MOTHER.values()}
    assert seen == set(QUOTES)  # no quote kept for nothing


def test_key_rules_point_where_the_notes_say() -> None:
    assert {PERSON[s][1].rule for s in Subject} == {"YS-01", "YS-02", "YS-03", "YS-04", "YS-05", "YS-06", "YS-07",
                                                      "LQ-01"}
    # 用神章 is lines 31–39 of seed 002 (Chinese; the Korean follows each paragraph on the even line after)
    assert all(31 <= PERSON[s][1].line <= 39 for s in Subject if PERSON[s][1].seed == "002")
    assert PERSON[Subject.wife][1].line == 39 and "妻財" in quote(PERSON[Subject.wife][1])
