"""A reading as text in the current language: verdict, use-god, reasons (weightiest first) and timing with dates.

Everything comes from the reading; nothing is recomputed here.  Terms go through the ``term`` context so each
tradition's words are used (관귀, 官鬼, 官鬼, 官鬼, Officer-Ghost).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from bot.chart_text import POSITIONS
from bot.dates import clock_text, dates_text, day_text, moment_text
from bot.i18n import N_, _, term
from bot.korean import particles
from bot.texts import FINDINGS, PARAM_WORDS, TIMINGS
from core.findings import Effect, Finding, Layer, Place, Timing, Unit
from core.places import Party
from core.question import Horizon, Illness, Weather, horizon_of
from core.reading import Reading, is_star
from core.rules import source, title
from core.sources import Source


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


TOPIC_SHOWN = 6  # the topic chapter's readings shown with the verdict; the rest are in "all reasons"


def render_reading(r: Reading, timings: int = 5) -> str:
    """Verdict now and in the end, use-god (and the line read with it), the chain of reasons in the order they
    decided (every other finding is under "all reasons"), and the likeliest timings with their sense."""
    if r.verdict_now is r.verdict:
        out = [_("Verdict: {verdict}").format(verdict=term(r.verdict.name))]
    else:
        out = [_("Now: {now}. In the end: {verdict}.").format(now=term(r.verdict_now.name),
                                                              verdict=term(r.verdict.name))]
    out.append(_("Use-god: {place}").format(place=place(r, r.use_god.place)))
    if r.co_use_god is not None:
        out.append(_("Read with it: {place}").format(place=place(r, r.co_use_god.place)))
    out += _as_asked(r)
    out += ["", _("Why, in the order of the decision:")]
    chain = r.decision.chain if r.decision is not None else ()
    for i, step in enumerate(chain, 1):
        f = step.finding
        out.append(f"{i}. {finding_text(r, f)}")
        if r.decision is not None and f.rule in ("JS-06", "HJ-32") and r.decision.tally.parties:
            out.append("   " + _(", ").join(_party(r, p) for p in r.decision.tally.parties))
    for heading, stars in star_groups(shown_stars(r), sources=False):
        out += ["", heading]
        out += [f"・{finding_text(r, f)}" for f in stars]
    out += timing_lines(r, timings)
    topic = agreeing(r)
    if topic:
        out += ["", _("For this matter:")]
        out += [f"・{finding_text(r, f)}" for f in topic[:TOPIC_SHOWN]]
    return particles("\n".join(out))


def shown_stars(r: Reading) -> list[Finding]:
    """The star findings shown with the verdict."""
    return [f for f in r.findings if is_star(f) and f.weight > 0][:2]


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


def render_findings(r: Reading) -> str:
    """Every finding, for the 'all reasons' button: the analysis's, then the topic chapter's, numbered; then each
    rule they rest on, where the book states it, with the numbers of its reasons."""
    found = r.findings + r.topic
    out = [f"{i}. {finding_text(r, f)}" for i, f in enumerate(found, 1)]
    cited: dict[Source, list[int]] = {}
    for i, f in enumerate(found, 1):
        cited.setdefault(f.source, []).append(i)
    out += ["", _("Where the books say it (each rule, then the reasons above that rest on it):")]
    colon, comma = _(": "), _(", ")
    out += [source_text(src) + colon + comma.join(map(str, numbers)) for src, numbers in cited.items()]
    return particles("\n".join(out))


def source_text(src: Source) -> str:
    """A rule by its id and name, and the passage it rests on: "JS-06 四處生克 — 增刪卜易, 卷首問答 (zsby:451)"."""
    text = _("{rule} {title} — {book}, {chapter} ({seed}:{line})").format(
        rule=src.rule, title=term(title(src.rule)), book=term(src.book), chapter=term(src.chapter), seed=src.seed,
        line=src.line)
    return text + (_(" (the text leaves it open; the choice is written in DESIGN.md)") if src.decision else "")


def render_sources(r: Reading, timings: int = 5) -> str:
    """The 'sources' view of what the verdict message shows: the rule of each numbered reason, of the stars shown,
    every rule behind each moment, and the topic chapter's rules — each with its name and passage."""
    out = [_("The rules behind this reading, and where the books state them.")]
    chain = r.decision.chain if r.decision is not None else ()
    if chain:
        out += ["", _("Why, in the order of the decision:")]
        out += [f"{i}. {source_text(step.finding.source)}" for i, step in enumerate(chain, 1)]
    for heading, stars in star_groups(shown_stars(r), sources=True):
        out += ["", heading]
        out += [f"・{source_text(s)}" for s in dict.fromkeys(f.source for f in stars)]
    if r.timing:
        out += ["", _("When:")]
        for t in r.timing[:timings]:
            out.append("・" + _(" or ").join(_unit(t, u) for u in t.all_units))
            out += [f"  {source_text(t.source if rule == t.rule else source(rule))}" for rule in t.rules or (t.rule,)]
    if r.topic:
        out += ["", _("For this matter:")]
        out += [f"・{source_text(s)}" for s in dict.fromkeys(f.source for f in r.topic)]
    return particles("\n".join(out))
