"""The reading, every step in turn: from a chart and a question to the use-god, its strength, 元/忌/仇, a verdict
and 應期.

Nothing here picks one label over another: every finding that holds is kept with its weight and rule, the
verdict is the balance of them (克處逢生: supports against injuries, SK-03), and the reasons are listed from the
weightiest down so the answer can always say why.
"""

from __future__ import annotations

from operator import attrgetter

from core import chapters, stars, topics
from core.chart import combinations
from core.chart.actors import actor_at, line_actors
from core.chart.chart import Chart, Transformation
from core.chart.ganzhi import Branch
from core.chart.hexagram import Relation
from core.chart.relations import generates, overcomes
from core.findings import LINE_PLACES, Effect, Finding, Layer, Place, Timing, finding
from core.question import (
    Horizon,
    Question,
    Subject,
    Topic,
    UseGodRule,
    horizon_of,
    resolve,
)
from core.reading.decision import Decision, decide
from core.reading.step1_choice import Choice, CoUseGod, choose
from core.reading.step1_usegod import UseGod
from core.reading.step2_state import States, states_of
from core.reading.step2_strength import Assessment, assess
from core.reading.step3_roles import Roles, able_yuan, day_clash_note, find_roles
from core.reading.step3_usable import usability
from core.reading.step4_places import tally
from core.reading.step5_overrides import Facts, Move, ghost_lifted, last_overrides, overrides, world_ghost_lifted
from core.reading.step6_amplifiers import amplifiers
from core.reading.step7_timing import rank, rule_timings
from core.reading.step7_when import arrange, merge, moments
from core.reading.verdict import Verdict
from core.values import value


@value
class Reading:
    chart: Chart
    question: Question
    rule: UseGodRule
    use_god: UseGod
    assessment: Assessment
    roles: Roles
    findings: tuple[Finding, ...]  # every reason, weightiest first
    balance: int
    verdict: Verdict  # the eventual outcome the question asks about (the decision's, in the book's order)
    timing: tuple[Timing, ...]  # most likely first, with real dates when the moment is an instant
    topic: tuple[Finding, ...] = ()
    decision: Decision | None = None
    co_use_god: CoUseGod | None = None

    @property
    def verdict_now(self) -> Verdict:
        """The present (目下): a void or tied use-god is not yet; a 回頭克 may spare the present."""
        return self.verdict if self.decision is None else self.decision.verdict_now

    @property
    def rules(self) -> frozenset[str]:
        """Every rule id the reading rests on (findings, topic findings and timings)."""
        return frozenset(f.rule for f in self.findings + self.topic) | {r for t in self.timing for r in t.rules}


def _matter_findings(chart: Chart, question: Question, rule: UseGodRule, use: UseGod) -> list[Finding]:
    """Readings 002 gives for particular matters (YS-10, R-CAI-01, GX-01, T-10)."""
    out: list[Finding] = []
    world = chart.world
    wp = Place(Layer.LINE, world.position)
    topic = question.topic
    if topic is Topic.wealth and use.actor.relation is Relation.妻財 and overcomes(use.actor.element, world.element) \
            and use.place != wp:
        out.append(finding("R-CAI-01", "wealth_overcomes_world", Effect.GOOD, 5, (use.place, wp)))
        out.append(finding("YS-10", "matter_reading", Effect.NEUTRAL, 0, (use.place, wp)))
    if topic is Topic.lawsuit:
        for ln in chart.lines:
            parent_help = ln.relation is Relation.父母 and (ln.moving or (ln.standing.day_clash is not None
                                                                       and ln.standing.day_clash.value == "暗動"))
            if parent_help and generates(ln.element, use.actor.element):
                out.append(finding("YS-10", "petition_rescues", Effect.GOOD, 3, (Place(Layer.LINE, ln.position),
                                                                                 use.place)))
        changed = chart.lines[use.place.position - 1].changed
        if use.actor.transformations and any(t.value == "回頭生" for t in use.actor.transformations) and (
                changed is not None and changed.relation is Relation.父母):
            out.append(finding("YS-10", "petition_rescues", Effect.GOOD, 3, (use.place,)))
    if world.relation is Relation.官鬼 and topic not in (Topic.career, Topic.exam, Topic.lawsuit) \
            and rule.target is not Relation.官鬼:  # not where the 官 is the one asked about (妻占夫)
        out.append(finding("YS-10", "ghost_holds_world", Effect.BAD, 2, (wp,)))
    resp = chart.response
    if topic in (Topic.wealth, Topic.other) and overcomes(resp.element, world.element):
        out.append(finding("YS-10", "counterpart_overcomes_world", Effect.BAD, 2,
                           (Place(Layer.LINE, resp.position), wp)))
    if chart.hexagram.six_clash:
        if topic is Topic.illness:
            out.append(finding("GX-01", "clash_hexagram_recent_illness", Effect.NEUTRAL, 0, ()))
        elif topic in (Topic.other, Topic.marriage):
            out.append(finding("GX-01", "clash_hexagram_partnership", Effect.BAD, 2, ()))
    if topic is Topic.career and use.place.layer is Layer.LINE and use.place.position == 6:
        out.append(finding("T-10", "far_post", Effect.NEUTRAL, 0, (use.place,)))
    return out


def _link_to_querent(chart: Chart, question: Question, use: UseGod) -> list[Finding]:
    """LK-01: the use-god reaching the 世 through a moving line ("寅木之財以生官，官來生世", Z002-05)."""
    world = chart.world
    wp = Place(Layer.LINE, world.position)
    if use.place == wp or question.subject not in (None, Subject.self):
        return []
    movers = tuple(a for a in line_actors(chart) if a.acts)
    out: list[Finding] = []
    if use.place.layer is Layer.CHANGED:
        carriers = [actor_at(chart, Place(Layer.LINE, use.place.position))]
        feeds = [generates(use.actor.element, carriers[0].element)]
    elif use.place.layer is Layer.LINE and use.actor.acts:
        if generates(use.actor.element, world.element):
            return [finding("LK-01", "use_generates_world", Effect.GOOD, 3, (use.place, wp))]
        carriers = [a for a in movers if a.place not in (use.place, wp)]
        feeds = [generates(use.actor.element, a.element) for a in carriers]
    else:
        return []
    for carrier, fed in zip(carriers, feeds):
        if not (fed and carrier.acts and generates(carrier.element, world.element)):
            continue
        here = (use.place, carrier.place, wp)
        can, cannot = able_yuan(carrier, movers, False)
        out.append(finding("LK-01", "chain_to_world", Effect.GOOD if not cannot else Effect.NEUTRAL,
                           4 if not cannot else 0, here, branch=carrier.branch.name))
        out += day_clash_note(carrier, here)
        out += [finding(r, "carrier_can", Effect.NEUTRAL, 0, here, branch=carrier.branch.name) for r in can]
        if Transformation.回頭生 in carrier.transformations:
            out.append(finding("DB-04", "carrier_fed_by_change", Effect.NEUTRAL, 0, here, branch=carrier.branch.name))
        if Transformation.化空 in carrier.transformations:
            out.append(finding("DB-07", "carrier_change_void", Effect.NEUTRAL, 0, here, branch=carrier.branch.name))
    return out


def _use_god_rule(rule: UseGodRule, use: UseGod) -> list[Finding]:
    """The catalogue entry that named the use-god (YS-xx, or a topic chapter's rule), as the first reason."""
    if rule.source is None:
        return []
    target = {"世": "世爻", "應": "應爻"}.get(rule.target.value, rule.target.value)
    return [finding(rule.source, "use_god_is", Effect.NEUTRAL, 0, (use.place,), target=str(target))]


_RULE, _WEIGHT = attrgetter("rule"), attrgetter("weight")
STAR_CAP = 3  # stars only amplify: "吉以益其吉，凶以甚其凶" (001 神煞章 closing principle)


def is_star(f: Finding) -> bool:
    return f.source.seed == "001" and f.rule.startswith("SS-")


def weigh(findings: tuple[Finding, ...] | list[Finding]) -> int:
    """The balance of supports and injuries.  神煞 do not decide a reading, they deepen it: only stars of the
    same sign as the rest count, at most ``STAR_CAP`` in all."""
    base = stars_up = stars_down = 0
    good, bad = Effect.GOOD, Effect.BAD  # looked up once, not per finding
    for f in findings:
        signed = f.weight if f.effect is good else -f.weight if f.effect is bad else 0
        if not signed:
            continue
        if not is_star(f):
            base += signed
        elif signed > 0:
            stars_up += signed
        else:
            stars_down -= signed
    if base > 0:
        return base + min(stars_up, STAR_CAP)
    if base < 0:
        return base - min(stars_down, STAR_CAP)
    return 0


def analyse(chart: Chart, question: Question, extra: tuple[Finding, ...] = (),
            topic: tuple[Finding, ...] = (), topic_timing: tuple[Timing, ...] = (),
            absorbed: frozenset[Place] = frozenset(), frame: Effect = Effect.NEUTRAL,
            choice: Choice | None = None, chapter_moves: tuple[Move, ...] = (), states: States | None = None,
            rule: UseGodRule | None = None) -> Reading:
    """The full reading of ``chart`` for ``question`` (raises QuestionError naming missing follow-ups).

    The verdict is the decision's, step by step in the book's order (choice, state, can it act, the four places,
    the overrides, the amplifiers); every finding of the chapters stays among the reasons.  ``extra`` carries
    findings from other chapters (局會, 刑害, 神煞 …); ``topic`` the topic chapter's readings, shown with it;
    ``chapter_moves`` the deciding signs of 增刪卜易's chapter for the matter (core.chapters), applied after the
    general overrides; ``states`` the state of every line (step 2), and ``rule`` the question's use-god rule, made
    here when the caller has not made them.
    """
    if rule is None:
        rule = resolve(question)
    if states is None:
        states = states_of(chart)
    if choice is None:
        choice = choose(chart, states, question, rule.target)
    use = choice.use_god
    # as the choice weighed it (step 2), unless a frame takes in some of its movers
    assessment = assess(chart, use.place, absorbed, frame) if absorbed or frame is not Effect.NEUTRAL \
        else states.assessment(use.place)
    roles = find_roles(chart, use.actor.element, use.place, assessment.rooted, not assessment.strong, absorbed)
    decision = _decide(chart, states, question, choice, extra, absorbed, frame, roles.yuan, chapter_moves)
    everything = _use_god_rule(rule, use) + list(use.findings) + list(choice.findings)
    everything += list(assessment.findings) + list(roles.findings)
    everything += _matter_findings(chart, question, rule, use) + _link_to_querent(chart, question, use)
    everything += [f for f in extra if f.rule != "LH-10"]  # LH-10 is read as a step of the decision (below)
    everything += [s.finding for s in decision.steps] + _idle_findings(decision)
    # heaviest first, then by rule id: two stable sorts with C key functions
    everything.sort(key=_RULE)
    everything.sort(key=_WEIGHT, reverse=True)
    ranked = tuple(everything)
    balance = weigh(ranked)
    verdict = decision.verdict
    world = states.world
    own = (choice.co_use_god is not None and choice.co_use_god.world) or use.place == world.place
    older = rule_timings(chart, use, assessment, roles.yuan) + list(topic_timing)
    cands = moments(chart, states, states[use.place], verdict.side,
                    [p.place for p in decision.tally.parties if not p.supports and p.place.layer is Layer.LINE],
                    roles.yuan, world if own else None,
                    choice.timing_copy, _held_attackers(chart, states, decision), horizon_of(question),
                    _relievers(chart, states, decision))
    timed = arrange(merge(cands, rank(older), horizon_of(question), verdict.side, question.horizon is not None),
                    chart.moment, question)
    return Reading(chart, question, rule, use, assessment, roles, ranked, balance, verdict, timed, topic, decision,
                   choice.co_use_god)


def _decide(chart: Chart, states: States, question: Question, choice: Choice, extra: tuple[Finding, ...],
            absorbed: frozenset[Place], frame: Effect, yuan: tuple[Place, ...],
            chapter_moves: tuple[Move, ...] = ()) -> Decision:
    """The decision in the book's order, from the chart and the findings of 001's stars and 刑 on the use-god; the
    matter's own chapter speaks after the general overrides (its inversions of them hold) and before the
    amplifiers."""
    use = choice.use_god
    us = states[use.place]
    horizon = horizon_of(question)
    near = horizon is not Horizon.far  # a same-day matter is nearer still
    t = tally(chart, states, us, absorbed, frame, near, ghost_lifted(chart, question, us))
    world = states.world
    world_tally = tally(chart, states, world, near=near, ghost_lifted=world_ghost_lifted(chart, question)) \
        if choice.co_use_god is not None and choice.co_use_god.world else None
    on_world = tuple(f for f in extra if f.rule == "LH-10")
    facts = Facts(chart, states, question, us, world, choice.co_use_god, horizon, world_tally,
                  usability(chart, states, world.place).usable, yuan, t, on_world)
    moves = overrides(facts) + chapter_moves + last_overrides(facts)
    spirit_of = {LINE_PLACES[ln.position]: ln.spirit for ln in chart.lines}
    on_use = [f for f in extra if is_star(f) and use.place in f.places]
    punished = [f for f in extra if f.rule in ("XF-02", "XF-03") and f.param("subject") == "use_god"]
    amps = amplifiers(us, spirit_of, [(p.place, p.supports) for p in t.parties], on_use, punished)
    return decide(usability(chart, states, use.place), t, moves, amps)


def _held_attackers(chart: Chart, states: States, d: Decision) -> tuple[Place, ...]:
    """Moving lines that strike the use-god and that the decision leaves out (雖有被阻而無力, 令星 …)."""
    use = states[d.usability.place]
    return tuple(p for p, _ in d.tally.idle if p.layer is Layer.LINE and p in use.attacks
                 and chart.lines[p.position - 1].moving)


def _relievers(chart: Chart, states: States, d: Decision) -> tuple[Place, ...]:
    """Moving lines that strike a 官鬼 on the 世 and so lift the burden (HJ-32): the tally counts them as support."""
    if d.tally.rule != "HJ-32":
        return ()
    use = states[d.usability.place]
    return tuple(p.place for p in d.tally.parties if p.place in use.attacks and p.place.layer is Layer.LINE
                 and chart.lines[p.place.position - 1].moving)


def _idle_findings(d: Decision) -> list[Finding]:
    """雖有如無: each party that would act on the use-god and cannot, with the rule that stops it."""
    use = d.usability.place
    return [finding(rule, "party_cannot_act", Effect.NEUTRAL, 0, (p, use)) for p, rule in d.tally.idle]


def _frames_on(chart: Chart, use: UseGod, every: tuple[combinations.FrameFact, ...]
               ) -> tuple[list[Finding], list[Finding], frozenset[Place]]:
    """001's 局會 bearing on the use-god: their findings, those that act on it, and the moving lines absorbed into
    them (members act as the frame's element, JH-03); ``every``: the chart's frames (``combinations.frames``)."""
    ug = use.actor.element  # frames of its own element, of its 元神 and of its 忌神 bear on it (JH-03)
    bearing = (ug, ug.generated_by, ug.overcome_by)
    frame_facts = tuple(f for f in every if f.element in bearing)
    extra = list(combinations.frame_findings(frame_facts, (use.place,), chart))
    if use.place.layer in (Layer.CHANGED, Layer.MONTH):  # no line, nor frame of lines, reaches these (DB-02/03)
        extra = [f for f in extra if f.key not in ("frame_supports", "frame_generates", "frame_overcomes")]
    acting = [f for f in extra if f.key in ("frame_supports", "frame_generates", "frame_overcomes")]
    absorbed = frozenset(p for f in acting for p in f.places
                         if p.layer is Layer.LINE and chart.lines[p.position - 1].moving and p != use.place)
    return extra, acting, absorbed


def frame_members(chart: Chart, question: Question) -> frozenset[Place]:
    """The moving lines a reading of ``question`` absorbs into the frames acting on its use-god (what the chapters
    leave out of their signs, core.chapters.chapter_reading)."""
    use = choose(chart, states_of(chart), question, resolve(question).target).use_god
    return _frames_on(chart, use, combinations.frames(chart))[2]


def read(chart: Chart, question: Question, *, birth_year: Branch | None = None, age: int | None = None) -> Reading:
    """The whole reading: 002's analysis plus 001's 局會, 刑害, 助鬼傷身 and 神煞, and 000's topic chapter."""
    rule = resolve(question)
    states = states_of(chart)  # step 2 for every line, once: each step below reads it
    choice = choose(chart, states, question, rule.target)
    use = choice.use_god
    places = (use.place,)
    topic = question.topic.value
    every_frame = combinations.frames(chart)  # once: those bearing on the use-god, and LH-10's against the 世
    extra, acting, absorbed = _frames_on(chart, use, every_frame)
    ug = use.actor.element
    # 002 reads the same frames as 三合局 acting on the use-god (SK-06, Z002-08/16): name that rule too.
    extra += [finding("SK-06", "frame_acts", Effect.NEUTRAL, 0, f.places) for f in acting]
    # LH-10: the 局 the matter gains is read against the 世 (and, for money, the 應) too — a step of the decision
    extra += combinations.world_frame_findings(every_frame, chart, ug, question.topic is Topic.wealth)
    net = sum(f.weight if f.effect is Effect.GOOD else -f.weight for f in acting)
    frame_effect = Effect.GOOD if net > 0 else Effect.BAD if net < 0 else Effect.NEUTRAL
    about_self = question.subject in (None, Subject.self)
    # 刑 of the 世 matters when the querent's own matter is asked; for a relative's matter only the use-god's
    # 刑 is read ("三刑六害，當別用爻").
    weighed = frozenset(places) | {Place(Layer.LINE, chart.hexagram.world)}  # 三刑六害，當別用爻
    punished = tuple(f for f in combinations.punishment_findings(combinations.punishments(chart, only=weighed), places,
                                                                 chart, topic)
                     if about_self or f.param("subject") != "world")
    extra += punished
    # 002: "巳火鬼動，刑剋申金" — a 刑 on the use-god adds to a 克 (SK-07).
    extra += [finding("SK-07", "punishment_adds", Effect.NEUTRAL, 0, f.places) for f in punished
              if f.param("subject") == "use_god"][:1]
    extra += [f for f in combinations.harm_findings(combinations.harms(chart, only=weighed), places)
              if about_self or f.param("subject") != "world"]
    extra += combinations.zhu_gui_findings(combinations.zhu_gui_shang_shen(chart), topic, use.actor.relation)
    extra += stars.grouped_stars(chart, places)
    sex = None if question.sex is None else question.sex.value
    topic_findings, topic_timing = topics.topic_reading(topic, chart, use_god=use.place, sex=sex, age=age,
                                                        birth_year=birth_year)
    if question.topic is Topic.lifespan and not about_self:
        # 000 六親: a relative is read on the line of its relation, "以用爻為主" (LQ-01; the 應 for others is 002's
        # to overrule, and the catalogue already chose by relation).
        topic_findings = (finding("LQ-01", "use_god_by_relation", Effect.NEUTRAL, 0, (use.place,)),) + tuple(
            topic_findings)
    # 增刪卜易's own chapter for the matter (天時 … 祖塋): its reasons beside the topic reading, its timings with the
    # others, its deciding signs into the decision
    chapter = chapters.chapter_reading(chart, states, question, use.place, absorbed)
    topic_findings = tuple(chapter.findings) + tuple(topic_findings)
    return analyse(chart, question, tuple(extra), topic_findings, tuple(topic_timing) + chapter.timings, absorbed,
                   frame_effect, choice, chapter.moves, states, rule)
