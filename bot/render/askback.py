"""The texts of asking back (``bot.handlers.askback``, ``bot.delivery.asks``) and of the tally on /history, in the
current language: the ask (the question asked, the moment named), the moment as the reading said it, what saying
yes means, the settings' line, and a user's record of how their readings turned out (``bot.ops.outcomes``)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from datetime import time as dt_time

from bot.render.dates import clock_text, day_text
from bot.render.i18n import _
from bot.render.korean import particles
from core.chart.ganzhi import Branch
from core.findings import Unit


def hour_start(pillar: str) -> int:
    """The clock hour a 時辰 begins at (子 23:00, 丑 01:00 … 亥 21:00)."""
    return (2 * Branch[pillar[-1]] - 1) % 24


def moment_words(unit: str, pillar: str, day: date) -> str:
    """The moment an ask names, as the reading said it: "Thu, Dec 10, 2026 (a 午 day)", "the 午 month, from …"
    (the reading's own msgids, ``bot.render.reading``)."""
    shown = day_text(day)
    if unit == Unit.DAY.value:
        return _("{date} ({unit})").format(date=shown, unit=_("a {pillar} day").format(pillar=pillar))
    if unit == Unit.HOUR.value:
        start = datetime.combine(day, dt_time(hour_start(pillar)))
        return _("{date}, {branch}時 ({start}–{end})").format(date=shown, branch=pillar, start=clock_text(start),
                                                              end=clock_text(start + timedelta(hours=2)))
    return (_("the {pillar} month, from {date}") if unit == Unit.MONTH.value
            else _("the {pillar} year, from {date}")).format(pillar=pillar, date=shown)


def ask_text(question: str | None, cast_on: date, unit: str, pillar: str, day: date) -> str:
    """The ask: the question asked on ``cast_on`` (or the reading's date), and the moment it named."""
    if question:
        head = _("You asked on {date}: “{question}”").format(date=day_text(cast_on), question=question)
    else:
        head = _("Your reading of {date}.").format(date=day_text(cast_on))
    moment = moment_words(unit, pillar, day)
    return particles(head + "\n" + _("The reading named {moment}. Did it happen?").format(moment=moment))


def consent_text(ask_at: str, tz: str) -> str:
    """What saying yes means: when the asks come, and that the outcomes are counted without the user's id."""
    return _("When a reading's moment comes, I will ask you at {time} ({tz}) whether it happened, and keep your "
             "answer with the reading. Your answers may also be counted, without your name or id, in the bot's "
             "figures of how readings turn out. Turn this off any time with /askback off.").format(time=ask_at, tz=tz)


def settings_line(on: bool | None, ask_at: str) -> str:
    """The line of /settings about asking back."""
    if on:
        return _("Asking back when a reading's moment comes: on, at {time} (/askback 21:00 to change, "
                 "/askback off to stop).").format(time=ask_at)
    return _("Asking back when a reading's moment comes: off (/askback to turn it on).")


def tally_text(*, recorded: int, at: int, earlier: int, later: int, not_: int, judged: int, held: int) -> str:
    """A user's record, on top of /history: the outcomes noted, where they fell against the moment named, and the
    verdicts that held (``bot.ops.outcomes.Tally``)."""
    return _("Your record: {n} outcomes noted.\nCame at the moment named: {at} · earlier: {earlier} · later: "
             "{later} · did not come: {no}\nVerdicts that held: {held} of {judged}").format(
        n=recorded, at=at, earlier=earlier, later=later, no=not_, held=held, judged=judged)
