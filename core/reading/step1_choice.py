"""Step 1 of a reading: the use-god as 增刪卜易 chooses it, and the line read together with it.

Several copies of the relation (JS-07, LX-02): the one that acts (moves, or 暗動) when only one does, else the
旬空 copy, else the 月破 one (「舍其不空，而用旬空，舍其不破，而用月破」: it is the use-god, not only its clock), else
the one holding the 世, else the strongest.  No copy among the lines: a changed
line (FS-08), then the month, then the day (FS-01, JS-08), then the 伏神 (FS-01…06).  A primary copy broken
beyond use lets its change stand in (002 M-05, the 化出 寅財 of Z002-05).  For one's own money, office,
examinations, safety and life the book reads the 世 with the use-god (JS-14…19, JS-23): that is the co-read line.
A teacher is another person, the 應 (JS-10), read with the 父母; for the weather, when neither 父母 nor 子孫
moves, the 父母 or 子孫 a moving line turns into is the sky that moves (SW-05): each is read with the use-god too.
"""

from __future__ import annotations

from core.chart.actors import acting_lines, actor_at
from core.chart.chart import Chart
from core.chart.hexagram import Relation, relation
from core.findings import Effect, Finding, Layer, Place, finding
from core.question import Question, Subject, Target, Topic
from core.reading.step1_usegod import UseGod, select_use_god
from core.reading.step2_state import State, States, Vigour
from core.reading.step3_usable import Usable, usability
from core.values import value

# The matters of one's own for which the book reads the 世 beside the use-god (JS-14 … JS-19, JS-23).
CO_READ_TOPICS = frozenset((Topic.wealth, Topic.career, Topic.exam, Topic.danger, Topic.lifetime))
# The matters whose person is the other party, the 應 (JS-10 「占他人者以應爻為用神」): 嚴師訓子, 「以應為用神，
# 世應相合，應臨戌父，巳月生之，乃飽學之士」 — the 應 is the teacher, its 父母 his learning.
OTHER_PARTY_TOPICS = frozenset((Topic.teacher,))
_SKY = (Relation.父母, Relation.子孫)
_VIGOUR_RANK = {Vigour.旺: 3, Vigour.有氣: 2, Vigour.休囚: 1, Vigour.失陷: 0}


@value
class CoUseGod:
    """The line read together with the use-god (the 世 for one's own matter) and the rule that reads it."""

    place: Place
    relation: Relation
    rule: str
    key: str = "world_read_with_use_god"

    @property
    def world(self) -> bool:
        """Is it the 世 read for one's own matter (the overrides of the 世 then apply)?"""
        return self.rule == "JS-14"


@value
class Choice:
    """The use-god as chosen, the copy that sets the timing (LX-02), and the co-read line."""

    use_god: UseGod
    timing_copy: Place | None  # a void or broken copy other than the chosen one
    co_use_god: CoUseGod | None
    findings: tuple[Finding, ...]


def _rank(chart: Chart, states: States, p: Place) -> tuple[int, int, int, int]:
    s = states[p]
    on_world = p.layer is Layer.LINE and chart.lines[p.position - 1].world
    return _VIGOUR_RANK[s.vigour], len(s.supports) - len(s.attacks), int(on_world), -p.position


def _acts(states: States, p: Place) -> bool:
    """Moving, or 暗動 (AD-01: a static line the day clashes while it is 旺 acts as a moving one)."""
    s = states[p]
    return s.moving or s.hidden_movement


def _void(s: State) -> bool:
    return s.void and not s.void_filled


def _pick(chart: Chart, states: States, cands: tuple[Place, ...]) -> tuple[str, Place, str]:
    """The copy that is the use-god, with the rule and the key that choose it.

    JS-07 「如一爻動者擇其動者為用神」, 暗動 counted as moving: one acting copy → it.  Else, among the acting copies
    (「兩爻俱動或都不發動，擇其旺者」: all of them when none acts), LX-02 — the author's own verification over the
    古法 (LX-01) — 「得其驗者，應乎旬空月破，舍其不空，而用旬空，舍其不破，而用月破」: the void copy, else the broken
    one, *is* the use-god (not merely its clock); the passage names 旬空 first.  It reverses only the 古法's 空 and
    破 preferences, not 「舍其靜爻，而用動爻」, so a lone acting copy still comes first.  Else the copy on the 世,
    else the strongest."""
    if len(cands) == 1:
        return "", cands[0], ""
    moving = [p for p in cands if p.layer is Layer.LINE and _acts(states, p)]
    if len(moving) == 1:
        return "JS-07", moving[0], "the_moving_copy"
    pool = moving or list(cands)
    void = [p for p in pool if _void(states[p])]
    if void and len(void) < len(pool):
        return "LX-02", max(void, key=lambda p: _rank(chart, states, p)), "the_void_copy"
    broken = [p for p in pool if states[p].month_break]
    if broken and len(broken) < len(pool):
        return "LX-02", max(broken, key=lambda p: _rank(chart, states, p)), "the_broken_copy"
    world = [p for p in pool if p.layer is Layer.LINE and chart.lines[p.position - 1].world
             and states[p].vigour is not Vigour.失陷]
    if world:
        return "JS-07", world[0], "the_copy_on_world"
    return "JS-07", max(pool, key=lambda p: _rank(chart, states, p)), "the_strongest_copy"


def _timing_copy(states: States, cands: tuple[Place, ...], chosen: Place) -> Place | None:
    """LX-02 舍其不空而用旬空，舍其不破而用月破: a void or broken copy other than the chosen one (a void copy chosen
    beside a broken one) still answers the matter's time."""
    for p in cands:
        if p != chosen and p.layer is Layer.LINE:
            s: State = states[p]
            if _void(s) or s.month_break:
                return p
    return None


def _co_read(chart: Chart, question: Question, use: UseGod) -> CoUseGod | None:
    if question.topic in OTHER_PARTY_TOPICS:
        other = Place(Layer.LINE, chart.hexagram.response)
        return None if use.place == other else CoUseGod(other, chart.response.relation, "JS-10",
                                                        "response_read_with_use_god")
    if question.topic is Topic.weather and question.weather is not None:
        return _sky(chart, use)
    if question.topic not in CO_READ_TOPICS or question.subject not in (None, Subject.self):
        return None
    world = Place(Layer.LINE, chart.hexagram.world)
    if use.place == world:
        return None
    return CoUseGod(world, chart.world.relation, "JS-14")


def _sky(chart: Chart, use: UseGod) -> CoUseGod | None:
    """天時 reads what moves, not strength: when no 父母 or 子孫 moves, a moving line that turns into one of them
    brings that sky — 天時章 (topics text L19, TS-17) 「父化子雨後晴明，弟化孫雲開日出」 and (L18, TS-16) 「動者為先，
    變者為後」: the change is the weather that follows (升之恆's 化出 午 子孫 illustrates)."""
    if any(a.relation in _SKY for a in acting_lines(chart)):
        return None  # a 父母 or 子孫 moves (or moves in secret): the overrides read it directly
    for ln in chart.lines:
        if not ln.moving:
            continue
        if ln.changed is not None and ln.changed.relation in _SKY:
            place = Place(Layer.CHANGED, ln.position)
            return None if place == use.place else CoUseGod(place, ln.changed.relation, "SW-05",
                                                            "sky_read_with_use_god")
    return None


def choose(chart: Chart, states: States, question: Question, target: Target) -> Choice:
    """The use-god for ``target`` (from the catalogue, or an expert's choice) by the book's order of choice, which
    reads the states of the copies (step 2) and whether a 伏神 can come out (step 3)."""
    base = select_use_god(chart, target, states)
    found: list[Finding] = []
    chosen = base
    rel = base.actor.relation
    cands = base.candidates
    primary = tuple(p for p in cands if p.layer is Layer.LINE)
    if len(primary) > 1 and base.place.layer is Layer.LINE:
        rule, place, how = _pick(chart, states, primary)
        if place != base.place:
            chosen = UseGod(place, actor_at(chart, place), cands,
                            tuple(f for f in base.findings if f.key != "strongest_of_several"))
        found.append(finding(rule, how, Effect.NEUTRAL, 0, (place,) + tuple(p for p in primary if p != place),
                             relation=rel.value, count=len(primary)))
    if not primary and base.place.layer in (Layer.HIDDEN, Layer.MONTH):
        # FS-01/FS-08 飛爻變爻俱無用神者，始尋伏神: a changed line bearing the relation first, then the month
        # (002 M-07, already the catalogue's choice), then the day, and only then the 伏神.
        changed = tuple(Place(Layer.CHANGED, ln.position) for ln in chart.lines
                        if ln.changed is not None and ln.changed.relation is rel)
        day_rel = relation(chart.hexagram.element, chart.moment.day.branch.element)
        if changed:
            place = changed[0]
            chosen = UseGod(place, actor_at(chart, place), changed, ())
            found.append(finding("FS-08", "changed_before_hidden", Effect.NEUTRAL, 0, (place,), relation=rel.value))
        elif base.place.layer is Layer.MONTH:
            pass
        elif day_rel is rel:
            place = Place(Layer.DAY)
            chosen = UseGod(place, actor_at(chart, place), (place,), ())
            found.append(finding("FS-01", "day_is_use_god", Effect.NEUTRAL, 0, (place,), relation=rel.value))
        else:
            u = usability(chart, states, base.place)
            found.append(finding(u.rule, u.key, Effect.NEUTRAL, 0, (base.place, Place(Layer.LINE,
                                                                                   base.place.position))))
            chosen = UseGod(base.place, base.actor, base.candidates, base.findings,
                            u.usable is not Usable.never)
    copy = _timing_copy(states, primary, chosen.place) if len(primary) > 1 else None
    if copy is not None:
        found.append(finding("LX-02", "void_or_broken_copy_times", Effect.NEUTRAL, 0, (copy, chosen.place)))
    co = _co_read(chart, question, chosen)
    if co is not None:
        found.append(finding(co.rule, co.key, Effect.NEUTRAL, 0, (co.place,),
                             relation=co.relation.value))
    return Choice(chosen, copy, co, tuple(found))
