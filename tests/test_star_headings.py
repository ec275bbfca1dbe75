"""Lucky and evil stars stand under headings of their own, in the almanac and in the reading (and its sources),
in every language: never one heading over both."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from bot.render.almanac import NATURE_MARK, day_stars, render_almanac, star_line
from bot.render.i18n import LANGS, _, term, use
from bot.render.reading import render_reading, render_sources, shown_stars, source_text, star_lines, star_sources
from core import scope
from core.findings import Effect
from core.stars import Nature
from tests.test_timing_text import _readings

HEADINGS = {  # almanac heading → the nature of every star under it
    "Lucky stars on the day:": {Nature.GOOD}, "Evil stars on the day:": {Nature.BAD},
    "Other stars on the day:": {Nature.MIXED, Nature.NEUTRAL}}
SOURCES = {"Lucky stars:": Effect.GOOD, "Evil stars:": Effect.BAD}


def _sections(text: str, headings: dict[str, str]) -> dict[str, list[str]]:
    """The lines under each heading (by its English msgid), up to the next blank line or heading."""
    out: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        if line in headings:
            current = headings[line]
            out[current] = []
        elif not line.strip():
            current = None
        elif current is not None:
            out[current].append(line)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_almanac_stars_under_their_own_headings(lang: str) -> None:
    both = 0
    with use(lang):
        shown = {_(h): h for h in HEADINGS}
        assert len(set(shown)) == 3
        for i in range(0, 400, 7):
            day = date(2026, 1, 1) + timedelta(days=i)
            sections = _sections(render_almanac(day, "Asia/Seoul"), shown)
            notable = day_stars(day, "Asia/Seoul").notable
            for heading, natures in HEADINGS.items():
                want = [star_line(d) for d in notable if d.star.nature in natures]
                assert sections.get(heading, []) == want, (day, heading)
                assert all(line[0] in {NATURE_MARK[n] for n in natures} for line in want)
            both += "Lucky stars on the day:" in sections and "Evil stars on the day:" in sections
    assert both > 10  # days with both kinds were seen, each under its heading


@pytest.mark.parametrize("lang", LANGS)
def test_reading_stars_on_one_line_per_place(lang: str) -> None:
    """The reading names the stars on the use-god on one line, lucky then evil, each marked as such, and only the
    stars its topic reads (占星之法，多視其類); its sources list them under their own headings."""
    both = 0
    with use(lang):
        source_headings = {_(h): h for h in SOURCES}
        assert len(source_headings) == 2
        for r in _readings():
            text = render_reading(r)
            lines = star_lines(r, (r.use_god.place,))
            assert all(f"・{line}" in text.splitlines() for line in lines)
            assert len(lines) <= 1  # one place, one line
            for f in r.findings:
                if f.places[:1] == (r.use_god.place,) and f.rule.startswith("SS-") and f.param("names"):
                    kept = scope.read_stars(r.question.topic, f.param("names") or "")
                    for name in set(f.param("names").split("、")) - set(kept):
                        assert all(term(name) not in line for line in lines) or any(
                            term(name) == term(k) for k in kept)
            stars = shown_stars(r)
            sources = _sections(render_sources(r), source_headings)
            for heading, effect in SOURCES.items():
                want = [f"・{text}" for text in dict.fromkeys(source_text(src) for f in stars if f.effect is effect
                                                             for src in star_sources(r, f))]
                assert sources.get(heading, []) == want
            both += len(sources) == 2
    assert both > 5
