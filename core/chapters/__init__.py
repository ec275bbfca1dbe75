"""The topic chapters of 增刪卜易 (天時 … 新亡附葬祖塋; ``zsby_topics_doctrine.txt``, seed ``zsbyt``): each matter
judged by its own chapter.

A chapter speaks in three ways, and the reading takes each where the chapter says it decides: its reasons
(findings, shown with the topic reading), its deciding signs (``Move``s, applied by ``core.reading.decision.decide`` after
the general overrides of ch. 1–34 and before the amplifiers, in the chapter's own order, so that where a chapter
inverts a general rule — the weather by what moves, not by strength; a moving 元神 bad for a lifespan — its move
comes last and holds), and its 應期 (timings, ranked with the seed's other timing patterns).

One module per chapter group: ``weather`` (天時), ``body`` (壽元, 趨避, 父母壽元, 兄弟, 夫婦, 子嗣), ``wealth`` (求財,
謁貴, 開店, 囤貨, 借貸, 放債, 博戲), ``career`` (鄉試, 升選), ``marriage`` (婚姻, 胎孕, 產婦), ``travel`` (出行,
舟行, 行人), ``lawsuit`` (防非避訟, 鬥毆, 興詞), ``illness`` (疾病, 延醫, 鬼神), ``house`` (蓋造買宅, 創造宮室, 修方動土,
舊宅, 尋地, 祖塋), ``grave`` (因何事所傷, 再占修補, 新亡附葬, 占地師), ``match`` (此婚子嗣, 此婚宜於父母, 娶離婦),
``life`` (終身財福, 終身功名: a lifetime by its side), ``learning`` (學業, 治經, 延師), ``errands`` (買賣六畜; 延醫's
holder of the 世; 為貴人奔走效力求財; 請會搖會).
A matter asked apart (``core.question.Aspect``: building work, the grave's harm, a marriage's harmony, a shop's
customers, selling elsewhere, a travel companion, a doctor going to treat …) is read by its own chapter.
An expert's explicit use-god turns the chapters off: their rules read the catalogue's use-god.
"""

from __future__ import annotations

from collections.abc import Callable

from core.chapters.body import children_chapter, danger_chapter, lifespan_chapter
from core.chapters.career import career_chapter
from core.chapters.common import ChapterReading
from core.chapters.errands import client_chapter, club_chapter, livestock_chapter, own_doctor_chapter
from core.chapters.grave import burial_chapter, geomancer_chapter, harm_chapter, repair_chapter
from core.chapters.house import (
    grave_chapter,
    house_chapter,
    old_house_chapter,
    sharing_chapter,
    site_chapter,
    works_chapter,
)
from core.chapters.illness import illness_chapter, spirits_chapter, treat_chapter
from core.chapters.lawsuit import avoid_lawsuit_chapter, lawsuit_chapter
from core.chapters.learning import studies_chapter, teacher_chapter, tutor_chapter
from core.chapters.life import lifetime_chapter
from core.chapters.marriage import marriage_chapter, pregnancy_chapter
from core.chapters.match import (
    children_of_match,
    harmony_of_marriage,
    obstruction_of_match,
    parents_of_match,
    risk_of_match,
)
from core.chapters.travel import boat_chapter, companion_chapter, returning_chapter, travel_chapter
from core.chapters.wealth import (
    gamble_chapter,
    goods_chapter,
    goods_move_chapter,
    lending_chapter,
    loan_chapter,
    patron_chapter,
    shop_chapter,
    wealth_chapter,
)
from core.chapters.weather import weather_chapter
from core.chart.chart import Chart
from core.findings import Layer, Place
from core.question import Aspect, Question, Topic
from core.reading.step2_state import States

__all__ = ["ASPECT_CHAPTERS", "CHAPTERS", "ChapterReading", "chapter_reading"]

_Reader = Callable[[Chart, States, Question, Place], ChapterReading]

CHAPTERS: dict[Topic, _Reader] = {
    Topic.illness: illness_chapter,
    Topic.doctor: own_doctor_chapter,
    Topic.spirits: spirits_chapter,
    Topic.wealth: wealth_chapter,
    Topic.loan: loan_chapter,
    Topic.lending: lending_chapter,
    Topic.gamble: gamble_chapter,
    Topic.shop: shop_chapter,
    Topic.goods: goods_chapter,
    Topic.patron: patron_chapter,
    Topic.career: career_chapter,
    Topic.exam: career_chapter,
    Topic.marriage: marriage_chapter,
    Topic.pregnancy: pregnancy_chapter,
    Topic.children: children_chapter,
    Topic.travel: travel_chapter,
    Topic.boat: boat_chapter,
    Topic.returning: returning_chapter,
    Topic.lawsuit: lawsuit_chapter,
    Topic.avoid_lawsuit: avoid_lawsuit_chapter,
    Topic.lifespan: lifespan_chapter,
    Topic.danger: danger_chapter,
    Topic.house: house_chapter,
    Topic.land: site_chapter,
    Topic.grave: grave_chapter,
    Topic.lifetime: lifetime_chapter,
    Topic.studies: studies_chapter,
    Topic.teacher: teacher_chapter,
    Topic.tutor: tutor_chapter,
    Topic.livestock: livestock_chapter,
    Topic.client: client_chapter,
    Topic.savings_club: club_chapter,
}
"""The chapter that judges each topic; a topic without one (lost things, documents …) is read by ch. 1–34 alone."""

ASPECT_CHAPTERS: dict[Aspect, _Reader] = {
    Aspect.works: works_chapter,
    Aspect.old_house: old_house_chapter,
    Aspect.share: sharing_chapter,
    Aspect.harm: harm_chapter,
    Aspect.repair: repair_chapter,
    Aspect.burial: burial_chapter,
    Aspect.geomancer: geomancer_chapter,
    Aspect.children: children_of_match,
    Aspect.parents: parents_of_match,
    Aspect.risk: risk_of_match,
    Aspect.obstruction: obstruction_of_match,
    Aspect.harmony: harmony_of_marriage,
    Aspect.move: goods_move_chapter,
    Aspect.companion: companion_chapter,
    Aspect.treat: treat_chapter,
}
"""The matters the book reads apart, each by its own chapter in place of the topic's (「各宜分占」: a grave's harm, a
marriage's children, goods moved elsewhere …); an aspect not listed is read within its topic's chapter (a shop's
customers, a child's sex) or is the topic's own default."""


def chapter_reading(chart: Chart, states: States, question: Question, use_god: Place,
                    absorbed: frozenset[Place] = frozenset()) -> ChapterReading:
    """The chapter's reading of ``chart`` for ``question`` with the chosen use-god (the weather reads its 六親
    whatever the use-god; an expert's use-god turns every other chapter off).

    ``absorbed``: moving lines that act as members of a 三合 frame bearing on the use-god (JH-03 化不化: a member
    acts as the frame's element); a chapter sign that rests on such lines alone — 「子孫動於卦中」 when the 子孫 is
    part of a frame that feeds the 官 — is not that line acting on its own, and is left out."""
    if question.topic is Topic.weather:
        found = weather_chapter(chart, states, question)
    else:
        reader = ASPECT_CHAPTERS.get(question.aspect) if question.aspect is not None else None
        reader = reader or CHAPTERS.get(question.topic)
        if reader is None or question.use_god is not None:
            return ChapterReading()
        found = reader(chart, states, question, use_god)
    if not absorbed or question.topic is Topic.weather:  # 天時章 reads a frame by its own relation (TS-13)
        return found
    own = {use_god, Place(Layer.LINE, chart.hexagram.world)}  # the 世 and the use-god are never "a line moving"
    moves = tuple(m for m in found.moves if not (m.places and set(m.places) <= absorbed and not own & set(m.places)))
    return ChapterReading(found.findings, moves, found.timings)
