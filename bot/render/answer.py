"""The answer to the question, first, in the asker's words: what happens, and when it is most likely.

A master answers the question before he explains it ("令堂之病，辰日當愈"): one or two whole sentences made from the
decision (``core.reading.decision.Decision``: the eventual verdict, the present, and the reading's likeliest moment).
Each sentence is written whole in every catalog, per topic and per side of the verdict, never glued from pieces:
a topic without its own sentences (a topic chapter added later) falls back on the use-god's relation, and a
use-god without one on a plain yes or no.  Where the matter is another person's (an illness), the sentence names
that person ("your parent"), so the answer reads as said to the asker about them.

The question's kind (will it / when) is not asked by the bot, so the answer says both: the outcome, then the
moment — the likeliest good moment when the outcome is good, the one to fear when it is bad.
"""

from __future__ import annotations

from datetime import date, datetime

from bot.render.dates import day_text
from bot.render.i18n import N_, _
from core.findings import Timing, Unit
from core.question import Aspect, Birth, Club, Exam, Life, Office, Study, Subject, Topic, Weather
from core.reading.pipeline import Reading

# A plain yes or no: "something else" (Topic.other), and a use-god without a relation's sentences.
_PLAIN = (N_("Yes: it will go the way you hope."), N_("No: it will not go the way you hope."))

# (yes, no): the outcome as the asker hopes it, and as he fears it — for the verdict's two sides (the use-god
# favoured, or not).  Keyed by topic, then by (topic, weather), (topic, birth), (topic, office) and (topic, exam);
# a part of a house, a grave, a site or a marriage asked apart in _ASPECT.
_TOPIC: dict[object, tuple[str, str]] = {
    Topic.wealth: (N_("Yes: the money you seek will come to you."),
                   N_("No: the money you seek will not come to you.")),
    Topic.career: (N_("Yes: you will get the post you seek."), N_("No: the post you seek will not come to you.")),
    Topic.exam: (N_("Yes: you will pass."), N_("No: you will not pass this time.")),
    # 歲科考章 (the grade), 發案持榜章 (the list posted); the other stages ask, like 鄉試, whether one passes
    (Topic.exam, Exam.grade): (N_("Yes: you will get a good grade."), N_("No: the grade will be a poor one.")),
    (Topic.exam, Exam.results): (N_("Yes: the results will come out, and in your favour."),
                                 N_("No: the results will be slow, or not in your favour.")),
    # 在任吉凶章, 養親告病辭官章, 營造公務防患章: what is asked of the post (the 子孫 of leaving is the release)
    (Topic.career, Office.hold): (N_("Yes: your post is secure, and things go well in it."),
                                  N_("No: trouble lies ahead in your post; take care.")),
    (Topic.career, Office.resign): (N_("Yes: you will be able to leave as you wish."),
                                    N_("No: you will not get free of the post so easily.")),
    (Topic.career, Office.leave): (N_("Yes: your leave will be granted."),
                                   N_("No: your leave will not be granted so easily.")),
    (Topic.career, Office.works): (N_("Yes: the project will go well and bring you no trouble."),
                                   N_("No: the project will bring you trouble; take care.")),
    (Topic.career, Office.works_trouble): (N_("Yes: you will come through the trouble with the project."),
                                           N_("No: the trouble with the project will cost you; take care.")),
    Topic.marriage: (N_("Yes: the marriage will come about."), N_("No: the marriage will not come about.")),
    Topic.pregnancy: (N_("Yes: the child will come, and safely."),
                      N_("No: the signs for the child are poor.")),
    Topic.lawsuit: (N_("Yes: the case will go your way."), N_("No: the case will go against you.")),
    Topic.travel: (N_("Yes: the journey will go well."), N_("No: the journey will not go well.")),
    Topic.returning: (N_("Yes: the one you wait for will come back."),
                      N_("No: the one you wait for will not come back soon.")),
    Topic.lost: (N_("Yes: what you lost will be found."), N_("No: what you lost will not be found.")),
    Topic.property: (N_("Yes: the matter of the house will go well."),
                     N_("No: the matter of the house will not go well.")),
    Topic.year: (N_("The year will go well."), N_("The year will be a hard one.")),
    Topic.document: (N_("Yes: the papers will come through."), N_("No: the papers will not come through.")),
    Topic.danger: (N_("Yes: you will come through safely."), N_("No: the danger is real; take great care.")),
    Topic.doctor: (N_("Yes: the doctor or the medicine will help."),
                   N_("No: the doctor or the medicine will not help.")),
    Topic.gamble: (N_("Yes: you will win."), N_("No: you will lose.")),
    Topic.loan: (N_("Yes: the loan or the debt will be settled as you hope."),
                 N_("No: the loan or the debt will not be settled as you hope.")),
    Topic.weather: (N_("Yes: the weather will favour your plans."), N_("No: the weather will not favour your plans.")),
    (Topic.weather, Weather.rain): (N_("Yes: it will rain."), N_("No: it will not rain.")),
    (Topic.weather, Weather.clear): (N_("Yes: the sky will clear."), N_("No: the sky will not clear.")),
    # 胎孕章 TY-01 「問產婦之吉凶」: the mother's side is her safety, not the child's coming
    (Topic.pregnancy, Birth.mother): (N_("Yes: the mother will come through the birth safely."),
                                      N_("No: the birth is dangerous for the mother; take great care.")),
    # 終身財福: a life as a whole, like a year, is not a yes-or-no question
    Topic.lifetime: (N_("Your life as a whole will go well."), N_("Your life as a whole will be a hard one.")),
    # 壽元章 「世爻旺相，永享長年 … 須防夭折」: the favoured side is a long life; the other is the classic's warning
    Topic.lifespan: (N_("Yes: you will live long."),
                     N_("No: the classic sees danger to your life; look after your health.")),
    Topic.matchmaker: (N_("Yes: the matchmaker will serve you well."),
                       N_("No: the matchmaker will not serve you well.")),
    Topic.other: _PLAIN,
    Topic.teacher: (N_("Yes: the teacher is a good choice."), N_("No: the teacher is not a good choice.")),
    # 尋地章: the 世 is the site (XN-01)
    Topic.land: (N_("Yes: the site is a good one."), N_("No: the site is not a good one.")),
    Topic.livestock: (N_("Yes: the livestock will thrive."), N_("No: the livestock will not thrive.")),
    # 謁貴章 「世與官星相合相生，必然得見」: will the patron receive the visitor
    Topic.patron: (N_("Yes: the patron will receive you."), N_("No: the patron will not receive you.")),
    Topic.shop: (N_("Yes: the business will prosper."), N_("No: the business will not prosper.")),
    Topic.goods: (N_("Yes: the goods will bring a profit."), N_("No: the goods will not bring a profit.")),
    Topic.lending: (N_("Yes: the money lent will come back."), N_("No: the money lent will not come back.")),
    Topic.boat: (N_("Yes: the voyage will go safely."), N_("No: the voyage is not safe; take great care.")),
    Topic.avoid_lawsuit: (N_("Yes: you will stay clear of the trouble."),
                          N_("No: the trouble will reach you; take great care.")),
    # 鬼神章 GS-01 「鬼值休囚及空破墓絕，非鬼神之害也 … 鬼爻或旺或動，是此神也」: the verdict favours the 官鬼,
    # so its favoured side is that a spirit is involved, and the other side that none is (the chapter caps it)
    Topic.spirits: (N_("Yes: the classic sees a spirit behind it."),
                    N_("No: no spirit is behind it; look for the cause elsewhere.")),
    # 蓋造買宅賃宅章 「此處清安宜久住」
    Topic.house: (N_("Yes: the house will be good to live in."), N_("No: the house will not be good to live in.")),
    Topic.grave: (N_("Yes: the ancestral grave is sound and favours the family."),
                  N_("No: the ancestral grave does not favour the family.")),
    Topic.children: (N_("Yes: you will have children, and they will grow up."),
                     N_("No: the signs for children are poor.")),
    # 終身財福章 「家殷戶足、福祿綿長」 / 「無衣乏食」; 終身功名有無章 「皆主成名之象」 / 「終須白屋之人」
    (Topic.lifetime, Life.wealth): (N_("Your life will be one of plenty and comfort."),
                                      N_("Your life will not be one of plenty; money will stay hard to hold.")),
    (Topic.lifetime, Life.career): (N_("Yes: you will make a career and a name over your life."),
                                      N_("No: a career and a name are not in the signs for your life.")),
    # 學業章 「攀龍附鳳，指日可期」 / 「諸事無成」, by the calling
    (Topic.studies, Study.school): (N_("Yes: your studies will succeed."), N_("No: your studies will not succeed.")),
    (Topic.studies, Study.profession): (N_("Yes: your profession will bring you respect and a living."),
                                         N_("No: your profession will bring little respect or gain.")),
    (Topic.studies, Study.healing): (N_("Yes: your healing work will succeed."),
                                      N_("No: your healing work will not succeed.")),
    (Topic.studies, Study.craft): (N_("Yes: your craft will bring you a good living."),
                                    N_("No: your craft will bring toil more than gain.")),
    # 延師章 YSH-09 「應生世，我得其益 … 應爻空破，延之不就」
    # 為貴人奔走效力求財章 「世遇財官臨應，無不遂也」
    Topic.client: (N_("Yes: the work will go well and pay you."), N_("No: the work will not pay you as you hope.")),
    # 請會搖會章 「請會須宜財旺 … 財逢絕破，速宜止之」; 「搖會得否，旺財持世必得」
    (Topic.savings_club, Club.joining): (N_("Yes: the club will form and hold together."),
                                         N_("No: the club will not hold; better stay out of it.")),
    (Topic.savings_club, Club.pot): (N_("Yes: the pot will come to you."), N_("No: the pot will not come to you.")),
    Topic.tutor: (N_("Yes: the tutor is a good choice for your child."),
                  N_("No: the tutor is not a good choice for your child.")),
}
# The parts of a matter read apart (Aspect): each its chapter's question, whoever's matter it is.  A dict of its own:
# an Aspect and a Topic with the same id ("children", "grave") are equal strings, and would share a key.
_ASPECT: dict[Aspect, tuple[str, str]] = {
    Aspect.works: (N_("Yes: the building work will go well."),
                   N_("No: the building work will not go well; better to wait.")),
    Aspect.old_house: (N_("Yes: the classic sees this place as the cause of the trouble."),
                       N_("No: the trouble does not come from this place.")),
    Aspect.share: (N_("Yes: living together will go well for both of you."),
                   N_("No: living together will not go well.")),
    Aspect.harm: (N_("Yes: the grave is unharmed and will settle by itself."),
                  N_("No: something is harming the grave; the reasons say what.")),
    Aspect.repair: (N_("Yes: repairing the grave will bring peace."),
                    N_("No: repairing will not help; the grave may have to be moved.")),
    Aspect.burial: (N_("Yes: the newly dead may be buried with the ancestors."),
                    N_("No: better to bury the newly dead elsewhere.")),
    Aspect.geomancer: (N_("Yes: this geomancer is right for you."), N_("No: this geomancer is not right for you.")),
    Aspect.children: (N_("Yes: this marriage will bring children."),
                      N_("No: the signs for children from this marriage are poor.")),
    Aspect.parents: (N_("Yes: the marriage will do the parents no harm."),
                     N_("No: the marriage bodes ill for the parents.")),
    Aspect.risk: (N_("Yes: the union will bring you no trouble."),
                  N_("No: the union will bring you trouble; take care.")),
    Aspect.obstruction: (N_("Yes: nothing will stop the marriage."), N_("No: the marriage will be blocked.")),
    Aspect.harmony: (N_("Yes: you will get along and grow old together."),
                     N_("No: the signs for the marriage's harmony are poor.")),
    Aspect.customers: (N_("Yes: the customers will come and stay."),
                       N_("No: the customers will not stay with you.")),
    Aspect.move: (N_("Yes: better to move — sell elsewhere or change course."),
                  N_("No: better to hold where you are.")),
    Aspect.companion: (N_("Yes: you will get on well together."),
                       N_("No: being together will bring trouble.")),
    Aspect.treat: (N_("Yes: go — the cure is in your hands."),
                   N_("No: better not to take this case.")),
}

# Another person's illness: the person is named ({who}); one's own is said to the asker.
_ILLNESS_SELF = (N_("You will recover."), N_("Your illness is grave; recovery is not in sight."))
_ILLNESS_OTHER = (N_("{who} will recover."), N_("{who} is gravely ill; recovery is not in sight."))
WHO: dict[Subject, str] = {
    Subject.parent: N_("your parent"), Subject.sibling: N_("your brother or sister"), Subject.wife: N_("your wife"),
    Subject.husband: N_("your husband"), Subject.child: N_("your child"), Subject.employee: N_("your employee"),
    Subject.master: N_("your employer"), Subject.sisters_husband: N_("your sister's husband"),
    Subject.other: N_("the person you ask about"),
}

# Another person's matter: the same outcome, said of them.  A person-centred topic without its own sentences
# (a lifetime, a lifespan, "other", a topic added later) says it of their matter in general.
_PERSON: dict[Topic, tuple[str, str]] = {
    Topic.marriage: (N_("Yes: {who}'s marriage will come about."), N_("No: {who}'s marriage will not come about.")),
    Topic.lawsuit: (N_("Yes: {who} will win the case."), N_("No: {who} will lose the case.")),
    Topic.travel: (N_("Yes: {who}'s journey will go well."), N_("No: {who}'s journey will not go well.")),
    Topic.returning: (N_("Yes: {who} will come back."), N_("No: {who} will not come back soon.")),
    Topic.danger: (N_("Yes: {who} will come through safely."), N_("No: {who} is in real danger; take great care.")),
    Topic.lifetime: (N_("{who}'s life as a whole will go well."), N_("{who}'s life as a whole will be a hard one.")),
    Topic.lifespan: (N_("Yes: {who} will live long."), N_("No: the classic sees danger to {who}'s life.")),
    Topic.boat: (N_("Yes: {who}'s voyage will go safely."), N_("No: {who}'s voyage is not safe; take great care.")),
    Topic.avoid_lawsuit: (N_("Yes: {who} will stay clear of the trouble."),
                          N_("No: the trouble will reach {who}; take great care.")),
    Topic.patron: (N_("Yes: the patron will receive {who}."), N_("No: the patron will not receive {who}.")),
    Topic.children: (N_("Yes: {who} will have children, and they will grow up."),
                     N_("No: the signs for {who}'s children are poor.")),
}
_PERSON_ANY = (N_("Yes: things will go as hoped for {who}."), N_("No: things will not go as hoped for {who}."))
# Topics whose sentences hold whoever is named: the asker's own pursuits, and matters said of the thing itself
# (a teacher, a site, a shop, a grave, a spirit).
_OWN_SENTENCES = frozenset({Topic.wealth, Topic.career, Topic.exam, Topic.pregnancy, Topic.lost, Topic.property,
                            Topic.document, Topic.doctor, Topic.gamble, Topic.loan, Topic.teacher, Topic.land,
                            Topic.livestock, Topic.shop, Topic.goods, Topic.lending, Topic.spirits, Topic.house,
                            Topic.grave, Topic.studies, Topic.tutor, Topic.client,
                            Topic.savings_club})

# The fallback: by the use-god's relation (or the line it is), for a topic without sentences of its own.
_RELATION: dict[str, tuple[str, str]] = {
    "父母": (N_("Yes: the papers, the home or the elders you ask about will favour you."),
           N_("No: the papers, the home or the elders you ask about will not favour you.")),
    "官鬼": (N_("Yes: the office or the person in authority will favour you."),
           N_("No: the office or the person in authority will not favour you.")),
    "兄弟": (N_("Yes: your companions will stand by you."), N_("No: your companions will not stand by you.")),
    "妻財": (N_("Yes: what you seek will come into your hands."),
           N_("No: what you seek will not come into your hands.")),
    "子孫": (N_("Yes: it will turn out well and safely."), N_("No: it will not turn out well.")),
    "世": (N_("Yes: your matter will go as you wish."), N_("No: your matter will not go as you wish.")),
    "應": (N_("Yes: the other side will go along with you."), N_("No: the other side will not go along with you.")),
}
_EVEN = N_("Neither yes nor no yet: the signs are evenly balanced.")
_LATER = N_("Not yet, though: it comes later.")
_FADES = N_("For now it holds, but it does not last.")
_WHEN_GOOD = N_("It is most likely around {date} ({unit}).")
_WHEN_GOOD_UNIT = N_("It is most likely on {unit}.")
_WHEN_BAD = N_("Take the most care around {date} ({unit}).")
_WHEN_BAD_UNIT = N_("Take the most care on {unit}.")
# A month or a year is said from the day it begins (its 節), not "around" that day; an hour with its clock span.
_WHEN_FROM = {
    (Unit.MONTH, True): N_("It is most likely in the {pillar} month, which begins on {date}."),
    (Unit.MONTH, False): N_("Take the most care in the {pillar} month, which begins on {date}."),
    (Unit.YEAR, True): N_("It is most likely in the {pillar} year, which begins on {date}."),
    (Unit.YEAR, False): N_("Take the most care in the {pillar} year, which begins on {date}."),
    (Unit.HOUR, True): N_("It is most likely at the {pillar} hour ({span}) on {date}."),
    (Unit.HOUR, False): N_("Take the most care at the {pillar} hour ({span}) on {date}."),
}
_UNITS = {Unit.HOUR: N_("a {pillar} hour"), Unit.DAY: N_("a {pillar} day"), Unit.MONTH: N_("a {pillar} month"),
          Unit.YEAR: N_("a {pillar} year")}


def pair(r: Reading) -> tuple[str, str]:
    """The (yes, no) sentences of the reading's question: said of the person when it is another's matter (an
    illness, a marriage …), else its topic's (its weather's, a pregnancy's side: the child or the mother), else
    its use-god relation's, else a plain yes or no; msgids, not yet translated.  The asker's own pursuits (money,
    a post, a lost thing) and matters said of the thing itself (a site, a shop) keep their topic's sentences
    whoever is named."""
    q = r.question
    if q.use_god is None and q.aspect in _ASPECT:
        return _ASPECT[q.aspect]
    if q.topic is Topic.illness:
        return _ILLNESS_SELF if q.subject in (None, Subject.self) else _ILLNESS_OTHER
    if q.use_god is None and q.subject not in (None, Subject.self) and q.topic not in _OWN_SENTENCES:
        return _PERSON.get(q.topic, _PERSON_ANY)
    if q.use_god is None:
        found = _TOPIC.get((q.topic, q.weather)) or _TOPIC.get((q.topic, q.birth)) \
            or _TOPIC.get((q.topic, q.office)) or _TOPIC.get((q.topic, q.exam)) or _TOPIC.get((q.topic, q.study)) \
            or _TOPIC.get((q.topic, q.life)) or _TOPIC.get((q.topic, q.club)) or _TOPIC.get(q.topic)
        if found is not None:
            return found
    return _RELATION.get(str(r.rule.target.value), _PLAIN)


def outcome(r: Reading) -> str:
    """The outcome sentence: yes, no, or even, with the present when it differs from the end."""
    side, now = r.verdict.side, r.verdict_now.side
    yes, no = pair(r)
    text = _(_EVEN) if side == 0 else _(yes if side > 0 else no)
    if "{who}" in text:
        who = _(WHO.get(r.question.subject or Subject.other, WHO[Subject.other]))
        text = text.format(who=who)
        text = text[:1].upper() + text[1:]
    sep = "" if text.endswith(("。", "！", "？")) else " "  # Chinese and Japanese sentences run on unspaced
    if side > 0 and now < side:  # good in the end, not yet now
        text += sep + _(_LATER)
    elif side < 0 and now > side:  # bad in the end, holding for now
        text += sep + _(_FADES)
    return text


def moment(r: Reading) -> Timing | None:
    """The moment the answer names: the likeliest one of the verdict's sense (good for a good outcome, the one to
    fear for a bad one); none for an even verdict or when no moment has that sense."""
    side = r.verdict.side
    if side == 0:
        return None
    wanted = side > 0
    return next((t for t in r.timing if t.favourable is wanted), None)


def when(r: Reading) -> str:
    """The moment as a sentence, with its first date when it has one."""
    t = moment(r)
    if t is None:
        return ""
    pillar = ("" if t.stem is None else t.stem.name) + t.branch.name
    unit = _(_UNITS[t.unit]).format(pillar=pillar)
    good = r.verdict.side > 0
    if t.dates:
        first: date | datetime = t.dates[0]
        day = day_text(first.date() if isinstance(first, datetime) else first)  # a month's first day, not its minute
        if (t.unit, good) in _WHEN_FROM:
            start = (2 * int(t.branch) + 23) % 24  # 子時 23:00–01:00, 丑時 01:00–03:00 …
            span = f"{start:02d}:00–{(start + 2) % 24:02d}:00"
            return _(_WHEN_FROM[t.unit, good]).format(pillar=pillar, date=day, span=span)
        return _(_WHEN_GOOD if good else _WHEN_BAD).format(date=day, unit=unit)
    return _(_WHEN_GOOD_UNIT if good else _WHEN_BAD_UNIT).format(unit=unit)


# How a question asks "when" in each language the bot speaks (the asker's own words, stored with the reading).
WHEN_WORDS = ("when", "what day", "what time", "how soon", "how long", "언제", "며칠", "몇 시", "いつ", "何日", "何時",
              "何时", "几时", "幾時", "哪天", "哪一天", "什么时候", "什麼時候", "多久", "几号", "幾號")


def asks_when(asked: str | None) -> bool:
    """Whether the asker's question is a "when" question (明日いつ降る?) rather than a "will it" one."""
    text = (asked or "").lower()
    return any(w in text for w in WHEN_WORDS)


# 胎孕章 TY-04: a boy or a girl asked apart (Aspect.boy_or_girl) is answered by the sex, not by yes or no.
_CHILD_SEX: dict[str, str] = {
    "ty_boy_yin_moves": N_("It will be a boy."), "ty_boy_yin_holds_yang": N_("It will be a boy."),
    "ty_boy_offspring_yang": N_("It will be a boy."),
    "ty_girl_yang_moves": N_("It will be a girl."), "ty_girl_yang_holds_yin": N_("It will be a girl."),
    "ty_girl_offspring_yin": N_("It will be a girl."),
    "ty_unclear": N_("This cast does not show whether it will be a boy or a girl."),
    "ty_recast": N_("Too many lines move to tell a boy from a girl: cast again another day."),
}


def child_sex(r: Reading) -> str | None:
    """The answer to "a boy or a girl?" (TY-04's finding, a msgid), or None for any other question."""
    if r.question.aspect is not Aspect.boy_or_girl:
        return None
    return next((_CHILD_SEX[f.key] for f in r.topic if f.rule == "TY-04"), None)


def answer_text(r: Reading, asked: str | None = None) -> str:
    """The answer, first: the outcome, then when (one or two sentences, a line each); a "when" question
    (``asked``, in the asker's words) hears the moment first when the outcome is good (降り出すのは午の刻頃です),
    and the outcome first otherwise (there is no good moment to name).  A boy or a girl asked apart hears the sex
    alone (TY-04)."""
    sex = child_sex(r)
    if sex is not None:
        return _(sex)
    parts = [outcome(r), when(r)]
    if asks_when(asked) and r.verdict.side > 0:
        parts.reverse()
    return "\n".join(x for x in parts if x)
