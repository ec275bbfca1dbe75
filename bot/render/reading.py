"""A reading as text in the current language: verdict, use-god, reasons (weightiest first) and timing with dates.

Everything comes from the reading; nothing is recomputed here.  Terms go through the ``term`` context so each
tradition's words are used (관귀, 官鬼, 官鬼, 官鬼, Officer-Ghost).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from bot.render.answer import answer_text
from bot.render.chart_text import POSITIONS, render_chart, render_standings
from bot.render.dates import clock_text, dates_text, day_text, moment_text
from bot.render.i18n import N_, _, current, term
from bot.render.korean import particles
from bot.render.quotes import QUOTES
from bot.render.texts import FINDINGS, PARAM_WORDS, TIMINGS
from core import scope
from core.findings import Effect, Finding, Layer, Place, Timing, Unit
from core.question import Exam, Horizon, Illness, Office, Weather, horizon_of
from core.reading.decision import Step, overridden, said
from core.reading.pipeline import Reading, is_star
from core.reading.step4_places import Party
from core.rules import source, title
from core.sources import Source
from core.stars import STARS


def position(n: int) -> str:
    """A line's position as its readers name it: 初爻 … 上爻, 초효 … 상효, "bottom line" … "top line"."""
    return term(POSITIONS[n - 1])


def place(r: Reading, p: Place) -> str:
    """One place of the chart in words, the line by its position: "Parent 辰 on the third line", "Wealth 寅 (the
    change of the bottom line)", "the month 寅" (初爻妻財寅, 초효 처재 寅 …)."""
    chart_line = None if p.layer in (Layer.MONTH, Layer.DAY) else r.chart.lines[p.position - 1]
    if p.layer is Layer.MONTH:
        return _("the month {branch}").format(branch=r.chart.moment.month_branch.name)
    if p.layer is Layer.DAY:
        return _("the day {branch}").format(branch=r.chart.moment.day.branch.name)
    assert chart_line is not None
    where = position(p.position)
    if p.layer is Layer.LINE:
        return _("{relation} {branch} on the {position}").format(
            position=where, relation=term(chart_line.relation.value), branch=chart_line.branch.name)
    if p.layer is Layer.CHANGED and chart_line.changed is not None:
        return _("{relation} {branch} (the change of the {position})").format(
            position=where, relation=term(chart_line.changed.relation.value), branch=chart_line.changed.branch.name)
    if p.layer is Layer.HIDDEN and chart_line.hidden is not None:
        return _("the hidden {relation} {branch} under the {position}").format(
            position=where, relation=term(chart_line.hidden.relation.value), branch=chart_line.hidden.branch.name)
    return _("the {position}").format(position=where)


# Params whose values are classical terms, rendered in each tradition's words; the rest are shown as they are
# (branches, stems and numbers read the same in every language).
TERM_PARAMS = frozenset({"relation", "spirit", "element", "stage", "target", "name", "nature", "kind", "season",
                         "strength", "direction", "use_god_relation", "frame_relation", "from_relation",
                         "to_relation", "star_name", "hexagram", "trigram"})


LIST_TERM_PARAMS = frozenset({"names"})  # "、"-joined canonical terms (the stars gathered on one line)


def _fill(r: Reading, template: str, places: tuple[Place, ...], params: dict[str, str]) -> str:
    values: dict[str, str] = {"line": place(r, places[0]) if places else "",
                              "other": place(r, places[-1]) if len(places) > 1 else ""}
    for k, v in params.items():
        if k == "position":  # a line's position (the great period's line): named, not numbered
            values[k] = position(int(v))
        elif k in LIST_TERM_PARAMS:
            values[k] = _(", ").join(term(x) for x in v.split("、") if x)
        else:
            values[k] = term(v) if k in TERM_PARAMS and v else v
    for name, (param, words) in PARAM_WORDS.items():  # ids and plain words (東, 肺, use_god …) in words
        value = params.get(param)
        if value and all(x in words for x in value.split(",")):
            values[name] = _("; ").join(_(words[x]) for x in value.split(","))
    text = _(template)
    for name in re.findall(r"\{(\w+)\}", text):
        values.setdefault(name, "")
    return text.format(**values)


def finding_text(r: Reading, f: Finding) -> str:
    text = _fill(r, FINDINGS[f.key], f.places, dict(f.params))
    return text[:1].upper() + text[1:]  # a sentence opening on {line} ("line 3: …") starts with a capital


def _date(d: date | datetime) -> str:
    # a month or a year begins at its 節 instant: the minute matters, not the second
    return moment_text(d) if isinstance(d, datetime) else day_text(d)


def _date_only(d: date | datetime) -> str:
    return day_text(d.date() if isinstance(d, datetime) else d)


def _unit(t: Timing, unit: Unit | None = None) -> str:
    pillar = ("" if t.stem is None or (unit or t.unit) is not Unit.DAY else t.stem.name) + t.branch.name
    return {
        Unit.HOUR: _("a {pillar} hour"), Unit.DAY: _("a {pillar} day"),
        Unit.MONTH: _("a {pillar} month"), Unit.YEAR: _("a {pillar} year"),
    }[unit or t.unit].format(pillar=pillar)


# What happens at a moment (core's ``Timing.event``), in words.
EVENTS: dict[str, str] = {
    "recovery": N_("the illness turns for the better"), "danger": N_("danger"),
    "money_comes": N_("the money comes"), "money_lost": N_("money is lost"),
    "arrival": N_("the one awaited arrives"), "delay": N_("a delay"),
    "rain": N_("rain"), "clear": N_("a clear sky"), "weather_changes": N_("the weather turns"),
    "found": N_("what was lost is found"), "promotion": N_("advancement"), "passes": N_("success in the examination"),
    "agreement": N_("the match is agreed"), "birth": N_("the birth"), "safe": N_("safety"),
    "success": N_("the matter succeeds"), "trouble": N_("trouble"), "turn": N_("the matter turns"),
}


def _hour_text(t: Timing, d: date | datetime) -> str:
    """A 時辰 with its clock span and its date: "Sat, Dec 5, 2026, 午時 (11:00–13:00)"."""
    assert isinstance(d, datetime)
    end = d + timedelta(hours=2)
    return _("{date}, {branch}時 ({start}–{end})").format(date=day_text(d.date()), branch=t.branch.name,
                                                          start=clock_text(d), end=clock_text(end))


def _first(t: Timing, unit: Unit, d: date | datetime) -> str:
    """One unit's first date: a day with its pillar, an hour as its 時辰, a month or a year from its 節."""
    if unit is Unit.HOUR:
        return _hour_text(t, d)
    shown = _date_only(d)
    if unit is Unit.DAY:
        return _("{date} ({unit})").format(date=shown, unit=_unit(t, unit))
    return (_("the {pillar} month, from {date}") if unit is Unit.MONTH
            else _("the {pillar} year, from {date}")).format(pillar=t.branch.name, date=shown)


def _dates_by_unit(t: Timing) -> tuple[tuple[date | datetime, ...], ...]:
    return t.unit_dates or (t.dates,) + ((),) * (len(t.all_units) - 1)


def _when(t: Timing) -> str:
    """When the moment comes, in each of its units: "Thu, Dec 10, 2026 (a 午 day)", "the 午 month, from Sun, Jun 6,
    2027 or the 午 year, from Fri, Feb 4, 2038", "Sat, Dec 5, 2026, 午時 (11:00–13:00)"; without an instant (a
    book's case) only the pillar ("a 午 day")."""
    parts = [_first(t, unit, ds[0]) if ds else _unit(t, unit)
             for unit, ds in zip(t.all_units, _dates_by_unit(t), strict=True)]
    return _(" or ").join(parts)


def timing_text(r: Reading, t: Timing) -> str:
    """One moment: when (its dates in each unit, or its pillar), what happens then, and why — the line it names
    and the reason in words (the rules are under Sources)."""
    why = _fill(r, TIMINGS[t.key], t.places, {})
    event = _(EVENTS[t.event]) if t.event in EVENTS else {True: _("a good moment"), False: _("a bad moment"),
                                                          None: _("the moment it turns")}[t.favourable]
    return _("{when} — {event}: {why}").format(when=_when(t), event=event, why=why)


def timing_lines(r: Reading, timings: int = 5) -> list[str]:
    """The moments as the reading shows them: the most likely named so, then the others in date order."""
    if not r.timing:
        return []
    first, rest = r.timing[0], r.timing[1:timings]
    out = ["", _("When:"), _("Most likely: {moment}").format(moment=timing_text(r, first))]
    later = _dates_by_unit(first)[0][1:]
    if later:  # the same branch comes again: its next dates, should the first pass
        shown = [_hour_text(first, d) if first.unit is Unit.HOUR else _date_only(d) for d in later]
        out.append(_("If not then: {dates}").format(dates=dates_text(shown)))
    if rest:
        out.append(_("Then, by date:"))
        out += [f"・{timing_text(r, t)}" for t in rest]
    return out


TOPIC_SHOWN = 3  # the topic chapter's readings shown with the verdict; the rest are in "all reasons"
CHAIN_SHOWN = 4  # the steps of the chain on the first screen
CHOICE_KEYS = frozenset({"use_god_is", "world_is_use_god"})  # the use-god's choice: said once, on its first ground


SCREEN = {"en": 1200}  # characters of a phone's screen: the chart and the answer with its chain (CJK: 700)
SCREEN_CJK = 700


def screen_room(r: Reading) -> int:
    """What the screen leaves under the chart for the answer and its chain, in the current language."""
    return SCREEN.get(current(), SCREEN_CJK) - len(render_chart(r.chart, term))


def first_screen(r: Reading, room: int | None = None, asked: str | None = None) -> str:
    """What a phone shows under the chart: the answer first (what happens and when, ``bot.render.answer``), then the
    verdict and the use-god, and the chain of reasons in the order they decided (each step once, at most
    ``CHAIN_SHOWN``; the whole decision is under "all reasons").  Within ``room`` characters: the four places'
    list goes first, then the middle steps (the first and the last, the verdict's, stay; the numbers keep their
    places in the chain).  ``asked``: the asker's question in their words (a "when" question hears when first)."""
    steps = list(enumerate(chain(r), 1))
    detail = True
    text = _screen(r, steps, detail, asked)
    while room is not None and len(text) > room and (detail or len(steps) > 2):
        if detail:
            detail = False
        else:
            del steps[-2]
        text = _screen(r, steps, detail, asked)
    return text


def _screen(r: Reading, steps: list[tuple[int, Step]], detail: bool, asked: str | None) -> str:
    out = [answer_text(r, asked), ""]
    if r.verdict_now is r.verdict:
        out.append(_("Verdict: {verdict}").format(verdict=term(r.verdict.name)))
    else:
        out.append(_("Now: {now}. In the end: {verdict}.").format(now=term(r.verdict_now.name),
                                                                 verdict=term(r.verdict.name)))
    out.append(_("Use-god: {place}").format(place=place(r, r.use_god.place)))
    if r.co_use_god is not None:
        out.append(_("Read with it: {place}").format(place=place(r, r.co_use_god.place)))
    out += ["", _("Why, in the order of the decision:")]
    for i, step in steps:
        f = step.finding
        out.append(f"{i}. {finding_text(r, f)}")
        if detail and r.decision is not None and f.rule in ("JS-06", "HJ-32") and r.decision.tally.parties:
            out.append("   " + _(", ").join(_party(r, p) for p in r.decision.tally.parties))
    return particles("\n".join(out))


def render_reading(r: Reading, timings: int = 5, asked: str | None = None) -> str:
    """The first screen (``first_screen``), the stars on the use-god, each line's standing (the chart's facts,
    given here so that the chart and the answer fit one screen), what the reading assumed of the question, the
    likeliest moments and a few of the topic chapter's readings not already said."""
    said = {finding_text(r, s.finding) for s in chain(r)}
    out = [first_screen(r, screen_room(r), asked)] + [f"・{line}" for line in star_lines(r, (r.use_god.place,))]
    out += ["", _("Each line, by the month and the day:"), render_standings(r.chart, term)]
    out += [""] + _as_asked(r)
    out += timing_lines(r, timings)
    topic = [t for t in dict.fromkeys(finding_text(r, f) for f in agreeing(r)) if t not in said]
    if topic:
        out += ["", _("For this matter:")]
        out += [f"・{t}" for t in topic[:TOPIC_SHOWN]]
    return particles("\n".join(out))


def chain(r: Reading) -> tuple[Step, ...]:
    """The decision's chain, each step once (a step the decision took twice on the same grounds is said once)."""
    if r.decision is None:
        return ()
    seen: set[tuple[object, ...]] = set()
    out = []
    for step in r.decision.chain:
        f = step.finding
        key = (f.key, f.places, f.params)
        if key not in seen:
            seen.add(key)
            out.append(step)
    return tuple(out[:CHAIN_SHOWN])


def shown_stars(r: Reading) -> list[Finding]:
    """The star findings on the use-god that the topic reads (``core.scope``), good and evil."""
    return [f for f in r.findings if is_star(f) and f.weight > 0 and r.use_god.place in f.places
            and f.effect in (Effect.GOOD, Effect.BAD) and scope.reads(r.question.topic, r.question.subject, f)]


def star_lines(r: Reading, places: tuple[Place, ...] | None = None) -> list[str]:
    """The stars the topic reads, one line per place they sit on (lucky ones, then evil ones): only at
    ``places`` when given.  They deepen the verdict, never decide it (XS-05)."""
    topic = r.question.topic
    found: dict[Place, dict[Effect, list[str]]] = {}
    for f in r.findings:
        if not is_star(f) or f.effect not in (Effect.GOOD, Effect.BAD) or not f.places:
            continue
        where = f.places[0]
        if places is not None and where not in places:
            continue
        names = scope.read_stars(topic, f.param("names") or "")
        if names:
            found.setdefault(where, {}).setdefault(f.effect, []).extend(names)
    out = []
    comma = _(", ")
    for where, kinds in found.items():
        good = comma.join(term(n) for n in dict.fromkeys(kinds.get(Effect.GOOD, [])))
        bad = comma.join(term(n) for n in dict.fromkeys(kinds.get(Effect.BAD, [])))
        line = place(r, where)
        if good and bad:
            text = _("Stars on {line}: lucky {good}; evil {bad}.").format(line=line, good=good, bad=bad)
        elif good:
            text = _("Stars on {line}: lucky {good}.").format(line=line, good=good)
        else:
            text = _("Stars on {line}: evil {bad}.").format(line=line, bad=bad)
        out.append(text[:1].upper() + text[1:])
    return out


_STAR_SOURCES = {name: star.source for star in STARS for name in (star.name, *star.aliases)}


def star_sources(r: Reading, f: Finding) -> list[Source]:
    """The passage of each star of a star finding that the topic reads (the finding itself cites only its
    heaviest star)."""
    return [_STAR_SOURCES.get(n, f.source) for n in scope.read_stars(r.question.topic, f.param("names") or "")]


def star_groups(stars: list[Finding], *, sources: bool) -> list[tuple[str, list[Finding]]]:
    """The stars shown, under their own headings: the lucky ones, the evil ones, then any that are neither."""
    headings = ((_("Lucky stars:"), _("Evil stars:"), _("Other stars:")) if sources else
                (_("Lucky stars (they deepen the good, they do not decide it):"),
                 _("Evil stars (they deepen the bad, they do not decide it):"),
                 _("Other stars (they colour the reading, they do not decide it):")))
    groups = [[f for f in stars if f.effect is Effect.GOOD], [f for f in stars if f.effect is Effect.BAD],
              [f for f in stars if f.effect not in (Effect.GOOD, Effect.BAD)]]
    return [(h, g) for h, g in zip(headings, groups, strict=True) if g]


def _party(r: Reading, p: Party) -> str:
    """One of the four places, signed: ＋ supports, － strikes; in brackets when it acts only later (tied, entombed)."""
    who = _("the three-harmony frame (三合局)") if p.frame else place(r, p.place)
    text = ("＋" if p.supports else "－") + who
    return _("({text})").format(text=text) if p.later else text  # a party that acts later, in brackets


def _against(r: Reading) -> Effect | None:
    side = r.verdict.side
    return Effect.BAD if side > 0 else Effect.GOOD if side < 0 else None


def agreeing(r: Reading) -> tuple[Finding, ...]:
    """The topic chapter's readings that do not speak against the verdict: a chapter colours the reading, it does
    not overrule the decision (the others stay among all the reasons)."""
    against = _against(r)
    return tuple(f for f in r.topic if f.effect is not against)


# What a career question asked, and the chapter that read it
_OFFICE_ASKED = {
    Office.seek: N_("Asked as getting a post or a promotion (升選候補章)."),
    Office.hold: N_("Asked as keeping the post you hold (在任吉凶章)."),
    Office.resign: N_("Asked as leaving your post for good (辭官, 養親告病辭官章)."),
    Office.leave: N_("Asked as taking leave, a return to the post expected (告病養親, 養親告病辭官章)."),
    Office.works: N_("Asked as a public project in your charge, at its start (營造公務防患章)."),
    Office.works_trouble: N_("Asked as a public project that has run into trouble (營造公務防患章)."),
}

_EXAM_ASKED = {
    Exam.main: N_("Asked as a major examination (鄉試章)."),
    Exam.entrance: N_("Asked as an entrance examination (童試章)."),
    Exam.qualifying: N_("Asked as a qualifying round (考遺才章)."),
    Exam.final: N_("Asked as the final round (延試章)."),
    Exam.grade: N_("Asked as the grade of a regular test (歲科考章)."),
    Exam.results: N_("Asked as when the results come out (發案持榜章)."),
}


def _as_asked(r: Reading) -> list[str]:
    """What the reading assumed of the question: recent or long illness, the weather asked, near or far."""
    q = r.question
    out = []
    if q.illness is not None:
        out.append(_("Asked as a recent illness (近病).") if q.illness is Illness.recent
                   else _("Asked as a long illness (久病)."))
    if q.weather is not None:
        out.append(_("The weather asked about: rain.") if q.weather is Weather.rain
                   else _("The weather asked about: a clear sky."))
    if q.office is not None:
        out.append(_(_OFFICE_ASKED[q.office]))
    if q.exam is not None:
        out.append(_(_EXAM_ASKED[q.exam]))
    horizon = horizon_of(q)
    if horizon is Horizon.today:
        out.append(_("Timed as a matter of today, in hours (時辰)."))
    elif q.horizon is not None:
        out.append(_("Timed as a near matter, in days.") if horizon is Horizon.near
                   else _("Timed as a far matter, in months and years."))
    else:  # the topic's default: a near matter may come in months too (YQ-16 占近應遠)
        out.append(_("Timed as a near matter, in days; nobody said how far off it is, so months follow.")
                   if horizon is Horizon.near else
                   _("Timed as a far matter, in months and years, as such matters are."))
    return out


def weighed(r: Reading) -> tuple[list[Finding], list[Finding]]:
    """Every finding the topic reads, each once (the use-god's choice once, stars apart): those that stand in
    the final decision, and those weighed and overruled — a step a later step overrode (``core.reading.decision.
    overridden``), or a finding that pushes against the verdict that came out (for an even verdict, every one
    that pushes either way), so no saying stands beside its opposite."""
    d = r.decision
    steps = {} if d is None else {s.finding: way for i, way in said(d).items() for s in (d.steps[i],)}
    overruled = set() if d is None else {s.finding for s in overridden(d)}
    side = r.verdict.side
    q = r.question
    stands: list[Finding] = []
    against: list[Finding] = []
    texts: set[str] = set()
    chosen = False
    for f in r.findings + r.topic:
        if is_star(f) or not scope.reads(q.topic, q.subject, f):
            continue
        if f.key in CHOICE_KEYS:
            if chosen:
                continue
            chosen = True
        text = finding_text(r, f)
        if text in texts:
            continue
        texts.add(text)
        way = steps.get(f, 1 if f.effect is Effect.GOOD else -1 if f.effect is Effect.BAD else 0)
        if f in overruled or (way and way != side):
            against.append(f)
        else:
            stands.append(f)
    return stands, against


def render_findings(r: Reading) -> str:
    """Every reason, for the 'all reasons' button: what stands in the final decision, then what was weighed and
    overruled (under its own heading), then the stars the topic reads (a line per place), numbered on; then each
    passage they rest on — book, chapter and the words — with the numbers of its reasons."""
    stands, against = weighed(r)
    out = [_("What the answer rests on:")]
    numbered: list[tuple[int, Source]] = []
    n = 0
    for f in stands:
        n += 1
        out.append(f"{n}. {finding_text(r, f)}")
        numbered.append((n, f.source))
    if against:
        out += ["", _("Weighed, but overruled by the above:")]
        for f in against:
            n += 1
            out.append(f"{n}. {finding_text(r, f)}")
            numbered.append((n, f.source))
    stars = star_lines(r)
    if stars:
        out += ["", _("Stars (they deepen the verdict, they do not decide it):")]
        for line in stars:
            n += 1
            out.append(f"{n}. {line}")
    cited: dict[str, list[int]] = {}
    for i, src in numbered:
        cited.setdefault(source_text(src), []).append(i)
    out += ["", _("Where the books say it (each passage, then the reasons above that rest on it):")]
    colon, comma = _(": "), _(", ")
    out += [text + colon + comma.join(map(str, numbers)) for text, numbers in cited.items()]
    return particles("\n".join(out))


def source_text(src: Source) -> str:
    """A passage as a reader finds it: what it says (the rule's title), the book and its chapter, and the words
    themselves: "四處生克 — 增刪卜易, 卷首問答: 「以上四处若得全来生合用神者，诸占全吉」"."""
    quotes = QUOTES.get(src.rule)
    quote = None if quotes is None else quotes[0] if current() == "zh_Hans" else quotes[1]
    fields = {"title": term(title(src.rule)), "book": term(src.book), "chapter": term(src.chapter)}
    text = (_("{title} — {book}, {chapter}: “{quote}”").format(quote=quote, **fields) if quote
            else _("{title} — {book}, {chapter}").format(**fields))
    return text + (_(" (the text leaves it open; the choice is written in DESIGN.md)") if src.decision else "")


def render_sources(r: Reading, timings: int = 5) -> str:
    """The 'sources' view of what the verdict message shows: the rule of each numbered reason, of the stars shown,
    every rule behind each moment, and the topic chapter's rules — each with its name and passage."""
    out = [_("The rules behind this reading, and where the books state them.")]
    steps = chain(r)
    if steps:
        out += ["", _("Why, in the order of the decision:")]
        out += [f"{i}. {source_text(step.finding.source)}" for i, step in enumerate(steps, 1)]
    for heading, stars in star_groups(shown_stars(r), sources=True):
        out += ["", heading]
        out += [f"・{text}" for text in dict.fromkeys(source_text(src) for f in stars for src in star_sources(r, f))]
    if r.timing:
        out += ["", _("When:")]
        for t in r.timing[:timings]:
            out.append("・" + _(" or ").join(_unit(t, u) for u in t.all_units))
            out += [f"  {text}" for text in dict.fromkeys(source_text(t.source if rule == t.rule else source(rule))
                                                          for rule in t.rules or (t.rule,))]
    if r.topic:
        out += ["", _("For this matter:")]
        out += [f"・{text}" for text in dict.fromkeys(source_text(f.source) for f in r.topic)]
    return particles("\n".join(out))
