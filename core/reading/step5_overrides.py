"""Step 5 of a reading: what the book lets override the four places, in the order §0.3 of the rules gives.

Each override is a ``Move`` on the present answer and on the eventual one: ``=凶`` sets, ``≤平`` caps, ``≥小吉``
floors, ``+1``/``-1`` move a step.  In order: the use-god's own change (回頭克 and 回頭生 JS-05/HJ-44, 化進 化退
JT-02/03/04, 化鬼 TT-03/HJ-43, 化墓 化絕 HJ-38/41), 反吟 and 伏吟 (FF-03/04), a striking line that 化進 (JT-02),
the traveller tied (LH-04), the hexagram's 六沖 and 六合 and their changes (LC-03/04, LH-05/06), 卦化回頭克
(GB-02/03), the sky that moves for the weather (SW-05, and HJ-47's sky at its height stored in its tomb), 近病
against 久病 (JS-24 before JS-25/26, HJ-35, and JT-04's 化退 in a long illness), the 子孫 that guards every 防患
question (JS-23), for one's own matter the 世 (JS-12 counted once, JS-16/17, JS-23, HJ-34, HJ-44), the 局 the
matter gains read against the 世 and the 應 (LH-10, HJ-32 for a lifted ghost), and the use-god striking the 世
(HJ-52, both ways, unless 貪生忘克 HJ-21 turns it to feeding); HJ-66's root last, after the matter's chapter
(``last_overrides``).  独發 carries no weight (DF-02): it is not here.  Only a co-read 世 (``CoUseGod.world``) brings the 世's overrides: the
teacher's 應 (JS-10) and the weather's sky (SW-05) are read beside the use-god without them.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.chart.actors import acting_lines, actor_at
from core.chart.chart import Chart, Line, Transformation
from core.chart.hexagram import Relation
from core.chart.relations import FULL_PUNISHMENTS, clashes, generates, harmonizes
from core.findings import Finding, Layer, Place
from core.question import Horizon, Illness, Question, Subject, Topic, Weather, resolve
from core.reading.step1_choice import CoUseGod
from core.reading.step2_state import State, States, Vigour
from core.reading.step3_usable import Usable
from core.reading.step4_places import Tally, cannot_harm, cannot_help
from core.reading.verdict import Verdict
from core.values import value

# Matters one wants dispersed rather than held (凡占凶事宜於沖散, LC-03; LH-05 訟、憂疑、怪事).
UNDESIRED = frozenset((Topic.lawsuit, Topic.danger))


@value
class Move:
    """One step of the decision: its rule, what it says, where, and what it does to the two answers."""

    rule: str
    key: str
    places: tuple[Place, ...]
    now: str  # "" (no change), "=凶", "≤平", "≥小吉", "+1", "-1"
    eventual: str
    params: tuple[tuple[str, str], ...] = ()


def apply(v: Verdict, op: str) -> Verdict:
    """``op`` applied to ``v`` (see ``Move``)."""
    if not op:
        return v
    kind, arg = op[0], op[1:]
    if kind == "+":
        return v.moved(int(arg))
    if kind == "-":
        return v.moved(-int(arg))
    level = Verdict[arg]
    if kind == "=":
        return level
    if kind == "≤":
        return v.at_most(level)
    return v.at_least(level)


@value
class Facts:
    """What the overrides read: the question, the states of the chart (the use-god's and the 世's among them) and
    the co-read line."""

    chart: Chart
    states: States
    question: Question
    use: State
    world: State
    co: CoUseGod | None
    horizon: Horizon
    world_tally: Tally | None = None  # the four places on the 世 when it is read with the use-god (HJ-07)
    world_usable: Usable = Usable.now
    yuan: tuple[Place, ...] = ()  # the 元神 lines (HJ-66)
    tally: Tally | None = None  # the four places on the use-god (JS-24 reads whether they favour it)
    frames_on_world: tuple[Finding, ...] = ()  # LH-10: formed 三合局 read against the 世 and the 應


def _line(chart: Chart, p: Place) -> Line | None:
    return chart.lines[p.position - 1] if p.layer is Layer.LINE else None


def _trigram_turn(chart: Chart, position: int) -> str | None:
    """FF-01: the trigram of ``position`` is 反吟 when it changes and every changed branch clashes its original,
    伏吟 when it changes and every changed branch equals its original (乾↔震)."""
    if chart.changed is None:
        return None
    lo = 0 if position <= 3 else 3
    pairs = [(chart.hexagram.najia[i][1], chart.changed.najia[i][1]) for i in range(lo, lo + 3)]
    if not any(chart.lines[i].moving for i in range(lo, lo + 3)):
        return None
    if all(clashes(a, b) for a, b in pairs):
        return "反吟"
    if all(a is b for a, b in pairs) and (chart.hexagram.lower if lo == 0 else chart.hexagram.upper) != \
            (chart.changed.lower if lo == 0 else chart.changed.upper):
        return "伏吟"
    return None


_OFFICE_TOPICS = frozenset((Topic.career, Topic.exam, Topic.illness, Topic.lifespan, Topic.lawsuit))


def ghost_is_trouble(question: Question) -> bool:
    """HJ-32 「若非職役之人」: the 官鬼 is a burden to strike away only where it is not the matter itself — not an
    office or an examination, not the illness or the lawsuit (nor a life's span), and not the use-god the question
    names (a woman's husband in her marriage, YS-02 妻占夫)."""
    return question.topic not in _OFFICE_TOPICS and resolve(question).target is not Relation.官鬼


def world_ghost_lifted(chart: Chart, question: Question) -> bool:
    """HJ-32 獨官鬼持世者，若非職役之人，最宜日月動爻相沖克，反為吉矣: a 官鬼 on the 世 that is a trouble, so what
    strikes the 世 — the month, the day, a moving line, a 三合局 — strikes the ghost away."""
    return chart.world.relation is Relation.官鬼 and ghost_is_trouble(question)


def ghost_lifted(chart: Chart, question: Question, use: State) -> bool:
    """HJ-32 on the use-god: the use-god is that 世 (``world_ghost_lifted``)."""
    return (use.place.layer is Layer.LINE and use.place.position == chart.hexagram.world
            and world_ghost_lifted(chart, question))


def _own_change(f: Facts) -> Iterator[Move]:
    chart, use = f.chart, f.use
    ln = _line(chart, use.place)
    if ln is None or not ln.moving or ln.changed is None:
        return
    here = (use.place, Place(Layer.CHANGED, use.place.position))
    t = ln.transformations
    changed = ln.changed.branch.name
    if Transformation.回頭合 in t:
        pass  # 化合 even where the change overcomes (子化丑 …): read as support, with the four places
    elif Transformation.回頭克 in t and ghost_lifted(chart, f.question, use):
        yield Move("HJ-32", "ghost_on_world_struck_away", here, "", "+1", (("changed", changed),))
    elif Transformation.回頭克 in t:
        yield Move("HJ-44", "use_god_turns_overcoming", here, "", "=凶", (("changed", changed),))
    elif Transformation.回頭生 in t:
        yield Move("JS-05", "use_god_turns_generating", here, "", "≥小吉", (("changed", changed),))
    changed_strong = f.states[Place(Layer.CHANGED, use.place.position)].vigour.strong
    if Transformation.化進神 in t and use.vigour is Vigour.旺 and changed_strong:  # JT-03 乘勢而進
        yield Move("JT-02", "use_god_advances", here, "", "+1", (("changed", changed),))
    elif Transformation.化進神 in t and f.tally is not None and f.tally.verdict.side >= 0:
        # JT-03 進神之有四: 休囚 待時而進, one of them weak 得時而進, 空 or 破 on the 填實 day — it advances, later;
        # a use-god the four places bring down does not last until its time
        yield Move("JT-03", "use_god_advances_later", here, "", "+1", (("changed", changed),))
    if Transformation.化退神 in t:
        # JT-04: both 休囚 → retreats now; one strong → later; both strong → not for a near matter
        if not use.vigour.strong and not changed_strong:
            yield Move("JT-04", "use_god_retreats", here, "-1", "-1", (("changed", changed),))
        elif not (use.vigour.strong and changed_strong) or f.horizon is Horizon.far:
            yield Move("JT-04", "use_god_retreats_later", here, "", "-1", (("changed", changed),))
    if ln.changed.relation is Relation.官鬼 and ln.relation is not Relation.官鬼 \
            and Transformation.回頭生 not in t:
        # TT-02 (L720) 「凡用神元神動化回頭生……皆為化吉」 against TT-03 (L721) 「化鬼……皆為化凶」: a change that is
        # both is read as the 回頭生 it is (JS-05 above) — a choice between two passages, the help before the name
        if f.question.topic in (Topic.career, Topic.exam):
            if use.vigour.strong and not use.void and not use.month_break:
                yield Move("HJ-43", "changes_into_office", here, "", "+1")
        elif f.question.topic is not Topic.lawsuit:
            yield Move("TT-03", "changes_into_ghost", here, "", "-1")
    if not use.vigour.strong:
        if Transformation.化墓 in t:
            yield Move("HJ-41", "use_god_changes_into_tomb", here, "", "-1", (("changed", changed),))
        if Transformation.化絕 in t:
            yield Move("HJ-38", "use_god_changes_into_cut", here, "", "-1", (("changed", changed),))


def _turning_back(f: Facts) -> Iterator[Move]:
    ln = _line(f.chart, f.use.place)
    own = ln.position if ln is not None and ln.moving and _trigram_turn(f.chart, ln.position) is not None else 0
    # FF-02 (L634) 「內卦反伏，內則不安。外卦反伏，外則不寧……皆主成而敗，敗而成」 reads the trigram, whatever line the
    # matter is read on: the use-god need not move in it (恆之豫: the 世 goes and comes back three times, 「去而復反
    # 者三次」); the trigram the use-god moves in is read below with it (FF-02/03/04 of the use-god)
    if any(_trigram_turn(f.chart, pos) == "反吟" for pos in (1, 4) if (pos <= 3) != (0 < own <= 3) or not own):
        yield Move("FF-02", "hexagram_in_reversal", (), "≤平", "")
    if ln is None or not own:
        return
    turn = _trigram_turn(f.chart, ln.position)
    here = (f.use.place,)
    if turn == "反吟":
        struck = Transformation.回頭克 in ln.transformations or (
            Transformation.回頭沖 in ln.transformations and ln.changed is not None
            and ln.changed.element.overcomes is ln.element)
        if struck:  # FF-03 (L635) 「第恐用神而化回頭之沖克者，即是卦變大凶之象」, however strong the use-god
            yield Move("FF-03", "use_god_in_reversal_struck", here, "", "=凶")
        else:
            yield Move("FF-02", "use_god_in_reversal", here, "≤平", "")
    elif turn == "伏吟":
        yield Move("FF-04", "use_god_groaning", here, "≤平", "" if f.use.vigour.strong else "-1")


def _obstacle_advances(f: Facts) -> Iterator[Move]:
    """JT-02 「所喜者宜于化进，所忌者宜化退神」: a moving line that strikes the use-god and advances grows against it —
    「兄动化进，神灵莫救」 (临之泰, the 兄 on the month 化进 into a void 辰: the wife died on the 辰 day)."""
    if f.tally is None:
        return
    for p in f.tally.parties:
        ln = _line(f.chart, p.place)
        if not p.supports and ln is not None and ln.moving and Transformation.化進神 in ln.transformations:
            yield Move("JT-02", "obstacle_advances", (p.place, f.use.place), "", "-1",
                       (("changed", ln.changed.branch.name),) if ln.changed is not None else ())
            return


def _traveller_tied(f: Facts) -> Iterator[Move]:
    """LH-03/LH-04 「爻动或与日月动爻合者谓之动逢合而绊住，反不能动之意」: for going out, the moving use-god tied by the
    day or the month is held back — 「合住必有事绊，不能动身」, 「夫应不去者，世动而逢合也」 (明夷之小过)."""
    if f.question.topic is Topic.travel and f.use.tied:
        yield Move("LH-04", "traveller_tied", (f.use.place,), "", "≤小凶")


def _hidden_freed(f: Facts) -> Iterator[Move]:
    """HJ-28 伏神不空而飛神空，易於出現 (FS-05): a 伏神 under a void or broken 飛神 comes out easily (升: 丑土旬空伏易出，
    許午日子孫出現必愈)."""
    if f.use.place.layer is not Layer.HIDDEN or f.use.void or f.use.vigour is Vigour.失陷:
        return
    fly = f.states[Place(Layer.LINE, f.use.place.position)]
    if (fly.void and not fly.void_filled) or fly.month_break:
        yield Move("HJ-28", "hidden_under_empty_flyer", (f.use.place, fly.place), "", "+1")


def _full_punishment(f: Facts) -> Iterator[Move]:
    """SX-02's one case that 刑 decides: the month, the day and the use-god make the whole 寅巳申 (or 丑戌未)."""
    m, d = f.chart.moment.month_branch, f.chart.moment.day.branch
    trio = {m, d, f.use.branch}
    if trio in FULL_PUNISHMENTS:
        yield Move("SX-02", "full_punishment", (f.use.place,), "", "=凶")



def _hexagram(f: Facts) -> Iterator[Move]:
    chart, q = f.chart, f.question
    h, c = chart.hexagram, chart.changed
    undesired = q.topic in UNDESIRED
    strong = f.use.vigour.strong
    if q.topic is Topic.illness and q.illness is not None:
        return  # 六沖 in illness is read by JS-25/26 below
    if h.six_clash and c is not None and c.six_harmony:
        # L520 「散而復聚，離而必合……占婚姻先吳越而後朱陳……占求謀先難後易」: every matter it names is one wished
        # for; for a trouble (訟、憂疑) the 合 it ends in is L502's 「不宜凶事逢之，事之難結」 — it gathers again
        if undesired:
            yield Move("LH-05", "harmony_holds_trouble", (), "-1", "")
        else:
            yield Move("LH-06", "clash_turns_harmony", (), "", "≥吉")
        return
    if h.six_harmony and c is not None and c.six_clash:
        if undesired:
            yield Move("LC-04", "harmony_turns_clash_disperses", (), "", "+1")
        else:
            yield Move("LC-04", "harmony_turns_clash", (), "≥小吉" if strong else "", "≤小凶")
        return
    if h.six_clash or (c is not None and c.six_clash):
        if undesired:
            yield Move("LC-03", "clash_disperses_trouble", (), "", "+1")
        elif f.use.vigour is Vigour.失陷 or f.use.vigour is Vigour.休囚:
            yield Move("LC-03", "clash_scatters_weak", (), "", "-1")
    elif h.six_harmony:
        if undesired:
            yield Move("LH-05", "harmony_holds_trouble", (), "-1", "")  # 事之難結: it drags on
        elif strong:
            yield Move("LH-05", "harmony_holds_together", (), "", "+1")


def _hexagram_element(f: Facts) -> Iterator[Move]:
    """GB-02 (L623) 「凡遇卦化克者，不論用神之衰旺皆以凶推」 and GB-03 (L624) 「巽木變坎水謂之化生，水回頭以生木，
    也即以吉斷」 / 「震木變乾金謂之化克」: the passage reads the element of the trigram (巽木, 坎水, 震木, 乾金), so a
    hexagram has one only when its two trigrams are one trigram, and 卦化 is that trigram turning into another whole
    (a mixed hexagram has two trigram elements and no 卦 element in the passage's sense; its palace element is for
    六親, NJ-03, not named here)."""
    h, c = f.chart.hexagram, f.chart.changed
    if c is None or h.upper != h.lower or c.upper != c.lower:
        return
    if c.element.overcomes is h.element:
        yield Move("GB-02", "hexagram_turns_overcoming", (), "", "=凶")
    elif c.element.generates is h.element:
        yield Move("GB-03", "hexagram_turns_generating", (), "", "+1")


def _weather(f: Facts) -> Iterator[Move]:
    """天時 reads what moves, not strength (the issue's 占天時不論旺衰; 天時章 itself is not among our texts, so the
    rule rests on SW-05's weather evidence, 土臨父母有申日雨者…土臨子孫有申日晴者): the weather asked comes when its
    relation moves (or moves in secret) and the opposite one does not, and does not come in the reverse case."""
    q = f.question
    if q.topic is not Topic.weather or q.weather is None:
        return
    wished = Relation.父母 if q.weather is Weather.rain else Relation.子孫
    other = Relation.子孫 if wished is Relation.父母 else Relation.父母
    acting = {a.relation for a in acting_lines(f.chart)}
    if wished in acting and other not in acting:
        yield Move("SW-05", "weather_asked_moves", (f.use.place,), "=吉", "=吉")
    elif other in acting and wished not in acting:
        yield Move("SW-05", "weather_opposite_moves", (f.use.place,), "=凶", "=凶")
    elif f.co is not None and f.co.rule == "SW-05":
        # the sky a moving line turns into (choice._sky); at its height it is stored in its tomb and gives way:
        # HJ-47 「用爻重疊，喜墓庫以收藏」, read by the author for rain (升之恆): 「午火子孫臨日月旺之極矣，乃為用爻
        # 重疊，逢墓庫以收藏，故知戌必雨」 — the 太旺 of YQ-03, on the month and the day
        sky = f.states[f.co.place]
        here = (f.co.place, f.use.place)
        if f.co.relation is wished:
            yield Move("SW-05", "weather_asked_moves", here, "=吉", "=吉")
        elif sky.too_strong:
            yield Move("HJ-47", "weather_opposite_stored", here, "≤小凶", "=吉")
        else:
            yield Move("SW-05", "weather_opposite_moves", here, "=凶", "=凶")


def _illness(f: Facts) -> Iterator[Move]:
    q, chart, use = f.question, f.chart, f.use
    if q.topic is not Topic.illness or q.illness is None:
        return
    ln = _line(chart, use.place)
    t = set(ln.transformations) if ln is not None else set()
    clash = chart.hexagram.six_clash or (chart.changed is not None and chart.changed.six_clash)
    void = use.void or Transformation.化空 in t
    here = (use.place,)
    if q.illness is Illness.recent:
        if void:
            yield Move("HJ-35", "recent_illness_void_heals", here, "", "≥吉")  # 論空不論克
        elif clash:
            yield Move("JS-25", "recent_illness_clash_heals", (), "", "≥小吉")
        return
    if ln is not None and Transformation.化退神 in t:
        # JT-04 read for a long illness in the author's general words (L976) 「虽化退神，非病退也，乃精神命脉渐渐
        # 消枯之象也」, and again (L984) for a use-god on the day: 「父临日建不化空破，亦能退也」
        yield Move("JT-04", "life_ebbs_in_long_illness", here, "", "=凶", (("changed", ln.changed.branch.name),)
                   if ln.changed is not None else ())
    if void or use.month_break or Transformation.化破 in t:
        yield Move("JS-26", "long_illness_void_or_broken", here, "-1", "=凶")
    elif clash and use.vigour.strong and f.tally is not None and f.tally.verdict.side > 0:
        # JS-24 「若得兄爻旺相，或临日月动爻相生……不拘病之远近，立许全安」: a use-god strong and favoured by the four
        # places heals whether the illness is recent or long, and the six-clash does not undo it (屯之震)
        yield Move("JS-24", "strong_use_god_heals_either_illness", here, "", "")
    elif clash:
        yield Move("JS-26", "long_illness_clash", (), "", "≤小凶")
    elif ln is not None and (Transformation.回頭克 in t or (ln.changed is not None
                                                           and ln.changed.relation is Relation.官鬼)):
        yield Move("JS-26", "long_illness_turns_bad", here, "", "=凶")


_HOLDER_RULES: dict[tuple[Topic, Relation], tuple[str, str, str, str]] = {
    # (topic, relation on the 世) → rule, key, now, eventual
    # 「若遇兄弟持世……何異緣木求魚」 (L9): for money a 兄弟 on the 世 is the failure itself, not a step that a strong
    # 世 (HJ-07) takes back — the end is set to 凶 (only HJ-34, the 兄 turning into the money, escapes it)
    (Topic.wealth, Relation.兄弟): ("JS-17", "sibling_holds_world", "≤小凶", "=凶"),
    (Topic.gamble, Relation.兄弟): ("JS-17", "sibling_holds_world", "≤小凶", "=凶"),
    (Topic.loan, Relation.兄弟): ("JS-17", "sibling_holds_world", "≤小凶", "=凶"),
    # 「倘遇子孙持世……不拘占入场占升迁悉如水中捞月」 (L9), 「子孙持世而失望」 (L32) over the simple method's
    # 「子孙持世且待时」 (L425, JS-14): the office fails
    (Topic.career, Relation.子孫): ("JS-16", "child_holds_world_office", "≤平", "≤小凶"),
    (Topic.exam, Relation.子孫): ("JS-16", "child_holds_world_office", "≤平", "≤小凶"),
    (Topic.danger, Relation.官鬼): ("JS-23", "ghost_holds_world_worry", "-1", "-1"),
    (Topic.illness, Relation.子孫): ("JS-24", "child_holds_world_heals", "", "+1"),
}


_EASY_OFFICE = frozenset((Topic.career, Topic.exam))
_EASY_MONEY = frozenset(t for (t, r), v in _HOLDER_RULES.items() if v[0] == "JS-17")


def _feeds_world(chart: Chart, states: States, ln: Line, world: State) -> bool:
    """A moving line that 生合 the 世 with the force to do it (not one chapters 1–34 read as never able to feed)."""
    p = Place(Layer.LINE, ln.position)
    return ln.moving and p != world.place and (generates(ln.element, world.element)
                                               or harmonizes(ln.branch, world.branch)) \
        and cannot_help(chart, states, p, world) is None


def _easy(f: Facts) -> Iterator[Move]:
    """The favourable half of 卷首 L9, which the engine had read only for its failures (JS-16/17 below):
    「假令占功名者得旺官持世，或動爻作官星生合世爻，求名如拾芥耳」 and 「占求財若得財星持世，或日月動爻作子孫生合世爻，
    或官鬼持世財動生之，或父母持世財動克之世，皆許求財之易如摘枝耳」 — bounded by the sentence's own end, 「或世臨旬空
    月破，何異緣木求魚」: a void or broken 世 gets none of it — void as XK2-02 reads it, not a void the day fills
    (沖空則實) nor one that only waits (moving, 旺 or supported: 有日建動爻生扶者不為空).  A floor on the end, not a
    step: the two signs say the same thing, and a 世 that waits still waits (JS-12)."""
    chart, q, w = f.chart, f.question, f.world
    wl = chart.world
    if (w.void and not (w.void_filled or w.not_void)) or w.month_break:
        return
    movers = [ln for ln in chart.lines if _feeds_world(chart, f.states, ln, w)]
    if q.topic in _EASY_OFFICE:
        if wl.relation is Relation.官鬼 and w.vigour is Vigour.旺:
            yield Move("JS-16", "strong_office_holds_world", (w.place,), "", "≥小吉")
        elif office := [ln for ln in movers if ln.relation is Relation.官鬼]:
            yield Move("JS-16", "office_feeds_world", (Place(Layer.LINE, office[0].position), w.place), "", "≥小吉")
    elif q.topic in _EASY_MONEY:
        child = chart.hexagram.element.generates  # the element of 子孫 in this palace
        m, d = chart.moment.month_branch, chart.moment.day.branch
        day_month = [b for b in (d, m) if b.element is child and (generates(b.element, wl.element)
                                                                   or harmonizes(b, wl.branch))]
        # 官鬼持世財動生之 / 父母持世財動克之: a moving 財 with the force to feed the 官 or to strike the 父 on the 世
        acts_on = cannot_help if wl.relation is Relation.官鬼 else cannot_harm
        money = [ln for ln in chart.lines if ln.moving and ln.relation is Relation.妻財
                 and acts_on(chart, f.states, Place(Layer.LINE, ln.position), w) is None]
        if wl.relation is Relation.妻財:
            yield Move("JS-17", "wealth_holds_world", (w.place,), "", "≥小吉")
        elif day_month or any(ln.relation is Relation.子孫 for ln in movers):
            yield Move("JS-17", "child_feeds_world_wealth", (w.place,), "", "≥小吉")
        elif money and wl.relation in (Relation.官鬼, Relation.父母):
            yield Move("JS-17", "wealth_moves_to_world", (Place(Layer.LINE, money[0].position), w.place), "",
                       "≥小吉")


def _world(f: Facts) -> Iterator[Move]:
    """The 世 read with the use-god for one's own matter (or as the use-god itself)."""
    chart, q, w = f.chart, f.question, f.world
    own = (f.co is not None and f.co.world) or f.use.place == w.place
    if not own:
        return
    wl = chart.world
    here = (w.place,)
    rel = wl.relation.value
    yield from _easy(f)
    rule = _HOLDER_RULES.get((q.topic, wl.relation))
    if rule is not None and not (q.topic is Topic.illness and f.use.place != w.place):
        r, key, now, eventual = rule
        # HJ-34 (L1376) 「兄爻持世化出財爻而得財」: the change bears the use-god's relation, wherever the use-god is
        use_rel = actor_at(chart, f.use.place).relation
        if r == "JS-17" and wl.moving and wl.changed is not None and wl.changed.relation is use_rel:
            yield Move("HJ-34", "obstacle_on_world_turns_into_use_god", here, "", "+1", (("relation", rel),))
        else:
            yield Move(r, key, here, now, eventual, (("relation", rel),))
    if f.co is None or not f.co.world:
        return  # the use-god's own change and state were read above
    if wl.moving and wl.changed is not None and wl.changed.relation is Relation.官鬼 \
            and wl.relation is not Relation.官鬼 and q.topic in (Topic.career, Topic.exam):
        if w.vigour.strong and not w.month_break and not w.void and not w.attacks:
            yield Move("HJ-43", "world_changes_into_office", here, "", "+1")
        elif not w.vigour.strong or w.attacks:
            yield Move("HJ-43", "world_changes_into_ghost", here, "", "=凶")  # 變鬼
    # A 世 the month breaks, static and unsupported, is one fact: JS-12 reads it below (卷首 L444 「世爻逢月破……
    # 百無所為」, which already says all a strong or weak 世 could), and HJ-07 does not count it a second time.
    broken = w.month_break and w.vigour is Vigour.失陷
    if broken:
        pass
    elif f.world_tally is not None and f.world_usable is Usable.never:
        yield Move("HJ-07", "world_weak", here, "", "-1")
    elif f.world_tally is not None and f.world_tally.verdict.side:
        yield Move("HJ-07", "world_strong" if f.world_tally.verdict.side > 0 else "world_weak", here,
                   "", "+1" if f.world_tally.verdict.side > 0 else "-1")
    if wl.moving and Transformation.回頭生 in wl.transformations:
        yield Move("JS-05", "world_turns_generating", here, "", "≥小吉")  # 變出巳午之火謂之回頭生世
    if wl.moving and Transformation.回頭克 in wl.transformations:
        grave = q.topic in (Topic.lifetime, Topic.lifespan, Topic.year, Topic.illness)
        yield Move("HJ-44", "world_turns_overcoming", here, "", "=凶" if grave else "≤小凶")
    if broken:
        # 「世爻逢月破，即如自己身子如破格也，百無所為」 (卷首 L444): the querent can do nothing, and the end is
        # bad unless the use-god moves and so comes by itself — HJ-67 「動爻空破又何妨」 (L1525), read by the
        # author for a moving 官 and a broken 世: 「巳火之官動而生世，目下雖破入墓，明年……巳火得出」 (L1549).
        yield Move("JS-12", "world_broken", here, "-1", "-1" if f.use.moving else "=凶")
    elif w.void and not w.void_filled and not w.moving and q.topic in (Topic.wealth, Topic.career, Topic.exam):
        yield Move("JS-12", "world_void_not_yet", here, "≤平", "")
    elif w.void and not w.void_filled and q.topic is Topic.danger:
        yield Move("JS-23", "world_void_no_worry", here, "+1", "+1")


_LONG_MATTERS = frozenset((Topic.career, Topic.exam, Topic.property, Topic.land, Topic.lifetime, Topic.lifespan,
                           Topic.year, Topic.wealth))


def _rootless(f: Facts) -> Iterator[Move]:
    """HJ-66 用神雖旺，原神若被傷克者，即如水無泉源: in a long matter, the 元神 moves, weak or broken, into its 絕 or
    its 回頭克 (大畜之中孚: 子財月破化絕; 臨之節: 亥財化回頭克), and no other 元神 is whole."""
    if f.horizon is not Horizon.far or f.question.topic not in _LONG_MATTERS or not f.yuan:
        return  # 「用神雖旺」: however strong the use-god (on the month or not), a source destroyed leaves it rootless
    destroyed = False
    for p in f.yuan:
        y = f.states[p]
        ln = f.chart.lines[p.position - 1]
        self_undone = ln.moving and bool({Transformation.化絕, Transformation.回頭克} & set(ln.transformations))
        if self_undone and (y.month_break or not y.vigour.strong):
            destroyed = True
        elif not (y.month_break or y.vigour is Vigour.失陷):
            return  # a whole 元神 remains
    if destroyed:
        yield Move("HJ-66", "source_without_root", tuple(f.yuan) + (f.use.place,), "", "≤小凶")


# The 防患 questions of 卷首 L17 (避訟防非、仇人為害、行江漂海……凡遇一切防火慮患者): the topic catalogue asks them as
# ``Topic.danger`` (a lawsuit asks the case's outcome, its 官 the matter itself, YS-02).
GUARD_TOPICS = frozenset((Topic.danger,))


def _guarded(f: Facts) -> Iterator[Move]:
    """JS-23 「但得子孫持世及子孫動於卦中，或世動變出子孫，或世動化回頭相生，或官鬼動以相生，即使身坐虎口，管許安
    如泰山」, for every 防患 question: a 子孫 that acts anywhere in the chart (moving, or 暗動) guards whoever asks;
    for one's own safety the 世's signs count too (子孫 on it, its change into 子孫 or 回頭生, a moving 官鬼 that
    generates it).  The passage's exceptions come after: 「世動化鬼及化回頭克者，禍已及身，避之不及」 sets the end
    (the 回頭克 of a 世 that is the use-god is HJ-44's, above), 唯忌官鬼持世 is ``_world``'s."""
    q, chart = f.question, f.chart
    if q.topic not in GUARD_TOPICS:
        return
    signs = [a.place for a in acting_lines(chart) if a.relation is Relation.子孫]
    own = q.subject in (None, Subject.self)
    wl, wp = chart.world, f.world.place
    if own:
        if wl.relation is Relation.子孫:
            signs.append(wp)
        if wl.moving and wl.changed is not None and (
                wl.changed.relation is Relation.子孫 or Transformation.回頭生 in wl.transformations):
            signs.append(Place(Layer.CHANGED, wl.position))
        signs += [Place(Layer.LINE, x.position) for x in chart.lines
                  if x.moving and x.relation is Relation.官鬼 and generates(x.element, wl.element)]
    if signs:
        yield Move("JS-23", "guarded_safe", tuple(dict.fromkeys(signs)), "≥小吉", "≥吉")
    if own and wl.moving and wl.changed is not None and wl.changed.relation is Relation.官鬼 \
            and wl.relation is not Relation.官鬼:
        yield Move("JS-23", "changes_into_ghost", (wp, Place(Layer.CHANGED, wl.position)), "", "=凶")


# Matters nobody in particular asks about (the weather, the year's harvest, the go-between): no 世 to read a 局 on.
_NOBODYS = frozenset((Topic.weather, Topic.year, Topic.matchmaker))
_FRAME_MOVES = {"world_in_frame": "+1", "frame_generates": "+1", "frame_overcomes": "-1"}


def _frames_on_world(f: Facts) -> Iterator[Move]:
    """LH-10 「凡得三合……必要世爻在局為美，若不在於局內須要局生世爻為吉，局克世爻為凶。如占財，財局生世利於我
    財，局生應利於他」: for one's own matter a formed 局 is read against the 世 (and, for money, the 應) as well
    as against the use-god.  What the 局 already does to a use-god that is the 世 was counted in the four places.
    A 局 striking a 官鬼 on the 世 that is a trouble strikes the ghost away (HJ-32, 「日月動爻相沖克，反為吉矣」)."""
    if f.question.subject not in (None, Subject.self) or f.question.topic in _NOBODYS:
        return
    lifted = world_ghost_lifted(f.chart, f.question)
    on_use = f.use.place == f.world.place
    for x in f.frames_on_world:
        on_response = x.places[0] != f.world.place  # 「局生應利於他」: the money goes to the other side
        if on_use and x.key != "world_in_frame" and not on_response:
            continue
        if lifted and x.key == "frame_overcomes":  # the 局 overcomes the 世's ghost: HJ-32 reads it as relief
            yield Move("HJ-32", "frame_overcomes", x.places, "", "+1", x.params)
        else:
            yield Move("LH-10", x.key, x.places, "", "-1" if on_response else _FRAME_MOVES[x.key], x.params)


def _distracted_from(chart: Chart, states: States, p: Place, target: State) -> Place | None:
    """HJ-21 貪生忘克 (L1277 「卦中動出亥水，申金貪水之生，不來克木」): the moving line of ``p`` generates another
    moving line that generates ``target``, and feeds it instead of striking — the line it feeds, or None."""
    a = states[p]
    if not a.moving:
        return None
    for ln in chart.lines:
        q = Place(Layer.LINE, ln.position)
        if ln.moving and q not in (p, target.place) and generates(a.element, ln.element) \
                and generates(ln.element, target.element):
            return q
    return None


def _use_overcomes_world(f: Facts) -> Iterator[Move]:
    """HJ-52: the use-god overcoming the 世 brings money, the traveller, the cure; for office, calamity
    (「若占功名，官鬼克世，非灾即祸」 — the post may come, the end is bad: 泰之明夷, the post on 壬寅日 and death on
    the road the next 三月)."""
    if (f.co is None or not f.co.world) and f.question.topic not in (Topic.returning,):
        return
    if f.use.place == f.world.place or f.use.place.layer not in (Layer.LINE,):
        return
    if not (f.use.element.overcomes is f.world.element and f.use.acts):
        return
    here = (f.use.place, f.world.place)
    feeds = _distracted_from(f.chart, f.states, f.use.place, f.world)
    if feeds is not None:
        # HJ-21 inside HJ-52: the use-god feeds a moving line that feeds the 世, and forgets to strike it — neither
        # the money that comes by striking nor the office's calamity
        yield Move("HJ-21", "party_cannot_act", here + (feeds,), "", "")
        return
    if f.question.topic in (Topic.wealth, Topic.returning, Topic.doctor, Topic.gamble, Topic.loan):
        yield Move("HJ-52", "use_god_comes_to_world", here, "", "+1")
    elif f.question.topic in (Topic.career, Topic.exam):  # acting: moving, or 暗動 (AD-01), as above
        yield Move("HJ-52", "office_strikes_world", here, "", "=凶")


def overrides(f: Facts) -> tuple[Move, ...]:
    """Every override that holds, in the book's order."""
    return (*_own_change(f), *_turning_back(f), *_obstacle_advances(f), *_traveller_tied(f), *_hidden_freed(f),
            *_full_punishment(f), *_hexagram(f), *_hexagram_element(f), *_weather(f), *_illness(f), *_guarded(f),
            *_world(f), *_frames_on_world(f), *_use_overcomes_world(f))


def last_overrides(f: Facts) -> tuple[Move, ...]:
    """The overrides that come after the matter's own chapter: HJ-66 「用神雖旺，原神若被傷克者，即如水無泉源」 grants
    the use-god its strength and still takes the root away, so a chapter's floor that rests on that strength (升選章
    SB-01 「旺官持世……皆吉」) does not lift it — the passage names 功名 and 貿易 among its matters."""
    return tuple(_rootless(f))
