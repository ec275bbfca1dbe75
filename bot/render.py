"""A reading as text in the current language: verdict, use-god, reasons (weightiest first) and timing with dates.

Everything comes from the reading; nothing is recomputed here.  Terms go through the ``term`` context so each
tradition's words are used (관귀, 官鬼, 官鬼, 官鬼, Officer-Ghost).
"""

from __future__ import annotations

import re
from datetime import date, datetime

from bot.chart_text import POSITIONS
from bot.dates import dates_text, day_text, moment_text
from bot.i18n import _, term
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


def _unit(t: Timing) -> str:
    pillar = ("" if t.stem is None else t.stem.name) + t.branch.name
    return {
        Unit.HOUR: _("a {pillar} hour"), Unit.DAY: _("a {pillar} day"),
        Unit.MONTH: _("a {pillar} month"), Unit.YEAR: _("a {pillar} year"),
    }[t.unit].format(pillar=pillar)


def timing_text(r: Reading, t: Timing) -> str:
    """One moment: its pillar, whether it is good or bad, why, and its next dates (the rules are under Sources)."""
    why = _fill(r, TIMINGS[t.key], t.places, {})
    dates = dates_text([_date(d) for d in t.dates])
    sense = {True: _("a good moment"), False: _("a bad moment"), None: _("the moment it turns")}[t.favourable]
    text = _("{unit} ({sense}), {why}").format(unit=_unit(t), sense=sense, why=why)
    return text + (_(": ") + dates if dates else "")


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
    if r.timing:
        out += ["", _("When:")]
        out += [f"・{timing_text(r, t)}" for t in r.timing[:timings]]
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
    near = horizon_of(q) is Horizon.near
    if q.horizon is not None:
        out.append(_("Timed as a near matter, in days and hours.") if near
                   else _("Timed as a far matter, in months and years."))
    else:  # the topic's default: the other scale follows it (YQ-16 占遠應近，占近應遠)
        out.append(_("Timed as a near matter, in days and hours; nobody said how far off it is, so months follow.")
                   if near else
                   _("Timed as a far matter, in months and years; nobody said how far off it is, so days follow."))
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
            out.append(f"・{_unit(t)}")
            out += [f"  {source_text(t.source if rule == t.rule else source(rule))}" for rule in t.rules or (t.rule,)]
    if r.topic:
        out += ["", _("For this matter:")]
        out += [f"・{source_text(s)}" for s in dict.fromkeys(f.source for f in r.topic)]
    return particles("\n".join(out))
