"""Time zones as users name them: an IANA name in any case (asia/seoul), a city in any of the five languages
(서울, ソウル, 首尔, 台北, Seoul: Babel's localized exemplar cities), or a UTC offset (+09:00, UTC+9), which matches
several zones and is answered with a choice.
"""

from __future__ import annotations

import re
import zoneinfo
from datetime import datetime
from functools import cache

from babel import Locale
from babel.dates import get_timezone_location

from bot.i18n import LANGS, locale

PREFERRED = ("Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Taipei", "Asia/Hong_Kong", "Asia/Singapore",
             "Europe/London", "America/New_York", "America/Los_Angeles", "UTC")
_AREAS = ("Africa/", "America/", "Antarctica/", "Asia/", "Atlantic/", "Australia/", "Europe/", "Indian/", "Pacific/")
_OFFSET = re.compile(r"(?:utc|gmt)?\s*([+\-−])\s*(\d{1,2})(?::?(\d{2}))?")


@cache
def _zones() -> dict[str, str]:
    """casefolded IANA name → the name (the zones of a region, and UTC)."""
    names = {z for z in zoneinfo.available_timezones() if z.startswith(_AREAS)} | {"UTC"}
    return {z.casefold(): z for z in names}


@cache
def _cities() -> dict[str, frozenset[str]]:
    """casefolded city name, in every language the bot speaks → the zones it names."""
    found: dict[str, set[str]] = {}
    locales: list[Locale] = [locale(lang) for lang in LANGS]
    for zone in _zones().values():
        if zone == "UTC":
            continue
        names = {zone.rsplit("/", 1)[-1].replace("_", " ")}
        for loc in locales:
            names.add(get_timezone_location(zone, locale=loc, return_city=True))
        for n in names:
            found.setdefault(n.casefold(), set()).add(zone)
    return {k: frozenset(v) for k, v in found.items()}


def _order(zones: set[str] | frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(zones, key=lambda z: (PREFERRED.index(z) if z in PREFERRED else len(PREFERRED), z)))


def find_zones(text: str, now: datetime) -> tuple[str, ...]:
    """The zones ``text`` names, the likeliest first: one for a name or a city, those of an offset ``now``."""
    key = " ".join(text.split()).casefold()
    if not key:
        return ()
    if key in _zones():
        return (_zones()[key],)
    if key in _cities():
        return _order(_cities()[key])
    m = _OFFSET.fullmatch(key)
    if m is None:
        return ()
    sign = -1 if m.group(1) in "-−" else 1
    minutes = sign * (int(m.group(2)) * 60 + int(m.group(3) or 0))
    if abs(minutes) > 14 * 60:
        return ()
    matching = set()
    for zone in _zones().values():
        offset = now.astimezone(zoneinfo.ZoneInfo(zone)).utcoffset()
        if offset is not None and offset.total_seconds() == minutes * 60:
            matching.add(zone)
    return _order(matching)
