"""The ``liuyao`` command line: charts for people (text) and for programs (JSON, JSON lines).

One request shape serves ``--json``, ``--jsonl`` and the plain options, so a batch of thousands of requests
costs one process start and the same code path as a single chart.

Each subcommand imports what only it needs inside its function (marked "deferred"): the bot's rooms, PTB, Pillow
and the natal tables cost about a second a start that ``liuyao chart`` and ``liuyao read`` do not pay.  None of
these imports dodges a circle: nothing of ``bot`` imports this module.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO
from zoneinfo import ZoneInfo

from bot.render.chart_text import render_chart, render_standings
from bot.render.i18n import LANGS, normalize, term, use
from bot.render.reading import render_reading, render_sources
from core.chart.calendar import CalendarError, DayBoundary, Moment
from core.chart.cast import Cast, CastError, CoinConvention, parse_cast, random_cast
from core.chart.chart import Chart, build_chart
from core.export import chart_dict, reading_dict
from core.question import (
    Aspect,
    Birth,
    Club,
    Exam,
    Horizon,
    Illness,
    Life,
    Office,
    Question,
    QuestionError,
    Sex,
    Study,
    Subject,
    Thing,
    Topic,
    Weather,
    choices,
    follow_ups,
)
from core.reading.pipeline import Reading, read

if TYPE_CHECKING:
    from core.natal import NatalChart, NatalReading

CHART_KEYS = frozenset({"lines", "tosses", "random", "at", "tz", "month", "day", "year", "day_boundary", "coins"})
READ_KEYS = CHART_KEYS | {"topic", "subject", "sex", "use_god", "lang", "subject_sex", "thing", "horizon", "illness",
                          "weather", "birth", "office", "exam", "aspect", "study", "life", "club"}


class RequestError(ValueError):
    """A request that cannot be answered; the message says which key and why."""


def local_zone() -> str:
    """The machine's IANA zone name, for 'now' and for --at without --tz."""
    try:
        from tzlocal import get_localzone_name

        return get_localzone_name() or "UTC"
    except Exception:  # noqa: BLE001 - an unreadable system zone setting must not stop a chart
        return "UTC"


def _boundary(value: Any) -> DayBoundary:
    if value is None:
        return DayBoundary.LATE_ZI
    try:
        return DayBoundary(int(value))
    except (TypeError, ValueError):
        raise RequestError(f"day_boundary must be 23 (子初換日, the default) or 0 (midnight), not {value!r}") from None


def _text(req: Mapping[str, Any], key: str) -> str | None:
    value = req.get(key)
    if value is None:
        return None
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise RequestError(f"{key} must be a string, not {type(value).__name__}")
    return str(value)


def cast_from_request(req: Mapping[str, Any]) -> Cast:
    coins = req.get("coins") or "backs"
    try:
        convention = CoinConvention(coins)
    except ValueError:
        raise RequestError(f"coins must be 'backs' (count the 背, the classical rule) or 'faces', not {coins!r}") from None
    given = [k for k in ("lines", "tosses") if req.get(k) is not None]
    if req.get("random"):
        if given:
            raise RequestError("random cannot be combined with lines or tosses")
        return random_cast(convention=convention)
    if len(given) != 1:
        raise RequestError("give exactly one of lines (e.g. 789968), tosses (e.g. HHT HTT TTT HHH HTH THH) or random")
    return parse_cast(_text(req, given[0]) or "", convention)


def moment_from_request(req: Mapping[str, Any], now: Callable[[], datetime]) -> Moment:
    boundary = _boundary(req.get("day_boundary"))
    month, day, year = _text(req, "month"), _text(req, "day"), _text(req, "year")
    at, tz = _text(req, "at"), _text(req, "tz")
    if month is not None or day is not None:
        if month is None or day is None:
            raise RequestError("pillars need both month (a branch, e.g. 辰) and day (a stem-branch, e.g. 戊申)")
        if at is not None:
            raise RequestError("give either at (a date and time) or month and day pillars, not both")
        return Moment.from_pillars(month, day, year)
    if year is not None:
        raise RequestError("year is only used with month and day pillars")
    zone = tz or local_zone()
    if at is None:
        return Moment.at(now(), zone, boundary)
    return Moment.parse(at, zone, boundary)


NATAL_PILLARS = ("year", "month", "day", "hour", "conception")
NATAL_KEYS = frozenset({*NATAL_PILLARS, "at", "date", "tz", "sex", "lang", "day_boundary", "grim"})
_HAS_TIME = re.compile(r"\d{4}-\d{1,2}-\d{1,2}[ T]\d{1,2}:\d{2}")


def natal_chart_from_request(req: Mapping[str, Any]) -> NatalChart:
    """A natal chart from a request: pillars as given (any of year, month, day, hour, conception), a birth instant
    (``at`` with its time, in ``tz``), or a birth date whose hour is unknown (``date``)."""
    from datetime import date

    from core.natal import NatalChart

    _check_keys(req, NATAL_KEYS)
    sex_text = _text(req, "sex")
    try:
        sex = None if sex_text is None else Sex(sex_text)
    except ValueError:
        raise RequestError(f"sex must be male or female (or absent), not {sex_text!r}") from None
    pillars = {k: _text(req, k) for k in NATAL_PILLARS if req.get(k) is not None}
    at, day, tz = _text(req, "at"), _text(req, "date"), _text(req, "tz")
    if sum(bool(x) for x in (pillars, at, day)) != 1:
        raise RequestError("give exactly one of: pillars (year, month, day, hour, conception, e.g. 辛巳 甲午), "
                           "at (the birth date and time, e.g. \"1990-05-01 08:30\"), or date (the birth date when the "
                           "hour is unknown, e.g. 1990-05-01)")
    if pillars:
        try:
            return NatalChart.of(**pillars, sex=sex)
        except ValueError as exc:
            raise RequestError(str(exc)) from None
    zone = tz or local_zone()
    if at is not None:
        if not _HAS_TIME.match(at.strip()):
            raise RequestError(f"at needs the time of birth too ({at!r}: write 1990-05-01 08:30); for a birth whose "
                               "hour is unknown give date instead")
        moment = Moment.parse(at, zone, _boundary(req.get("day_boundary")))
        assert moment.utc is not None
        return NatalChart.at(moment.utc, zone, sex, moment.day_boundary)
    try:
        born = date.fromisoformat(day or "")
    except ValueError:
        raise RequestError(f"date must be YYYY-MM-DD, like 1990-05-01, not {day!r}") from None
    Moment.parse(born.isoformat(), zone)  # the zone and the calendar's range, with their own messages
    return NatalChart.on(born, zone, sex)


def natal_output(reading: NatalReading, lang: str | None, grim: bool) -> dict[str, Any]:
    """The record of a natal reading, with its text in ``lang`` when one is asked for."""
    # deferred: this subcommand's own imports (see the module's docstring)
    from bot.render.natal_render import (
        CLI_DETAILS_HINT,
        CLI_HINT,
        render_all_verses,
        render_natal,
        render_natal_chart,
        render_natal_details,
    )
    from core.natal.export import natal_record

    out = natal_record(reading)
    if lang:
        code = normalize(lang)
        with use(code):
            out["text"] = {"lang": code, "chart": render_natal_chart(reading),
                           "reading": render_natal(reading, grim, CLI_HINT, CLI_DETAILS_HINT),
                           "details": render_natal_details(reading, grim, CLI_HINT),
                           "all_verses": render_all_verses(reading, grim, CLI_HINT)}
    return out


def answer_lines(source: Iterable[str], sink: TextIO, answer: Callable[[dict[str, Any]], dict[str, Any]],
                 example: str) -> int:
    """One JSON request a line in, ``answer``'s JSON object a line out, in order; blank lines are skipped, and a
    line that is not a JSON object, or that ``answer`` refuses, yields {"error": …} while the rest go on."""
    count = 0
    for raw in source:
        if not raw.strip():
            continue
        try:
            req = json.loads(raw)
            if not isinstance(req, dict):
                raise RequestError(f"each line must be a JSON object such as {example}")
            out = answer(req)
        except json.JSONDecodeError as exc:
            out = {"error": f"not JSON: {exc.msg} at column {exc.colno}"}
        except (RequestError, CastError, CalendarError, QuestionError) as exc:
            out = {"error": str(exc)}
        sink.write(json.dumps(out, ensure_ascii=False) + "\n")
        count += 1
    sink.flush()
    return count


def run_natal_jsonl(source: Iterable[str], sink: TextIO, grim: bool = False) -> int:
    """One natal request a line in, one JSON answer a line out, in order; a bad line yields {"error": …}."""
    from core.natal import read_natal

    def answer(req: dict[str, Any]) -> dict[str, Any]:
        chart = natal_chart_from_request(req)
        shown = req.get("grim", grim)
        if not isinstance(shown, bool):
            raise RequestError(f"grim must be true or false, not {shown!r}")
        return natal_output(read_natal(chart), _text(req, "lang"), shown)

    return answer_lines(source, sink, answer, '{"year": "辛巳", "month": "甲午"}')


def _natal(args: argparse.Namespace) -> int:
    # deferred: this subcommand's own imports (see the module's docstring)
    from bot.render.natal_render import (
        CLI_DETAILS_HINT,
        CLI_HINT,
        render_all_verses,
        render_natal,
        render_natal_chart,
        render_natal_details,
    )
    from core.natal import read_natal

    if args.schema:
        return _print_schema("natal")
    if args.jsonl:
        run_natal_jsonl(sys.stdin, sys.stdout, grim=args.grim)
        return 0
    req = {k: v for k, v in {
        "year": args.year, "month": args.month, "day": args.day, "hour": args.hour, "conception": args.conception,
        "at": args.at, "date": args.date, "tz": args.tz, "sex": args.sex, "day_boundary": args.day_boundary,
    }.items() if v is not None}
    try:
        reading = read_natal(natal_chart_from_request(req))
    except (RequestError, CalendarError) as exc:
        print(f"liuyao: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(natal_output(reading, None, args.grim), ensure_ascii=False, indent=2))
        return 0
    with use(args.lang):
        print(render_natal_chart(reading))
        print()
        print(render_natal(reading, args.grim, CLI_HINT, CLI_DETAILS_HINT))
        if args.details:
            print()
            print(render_natal_details(reading, args.grim, CLI_HINT))
        if args.all:
            print()
            print(render_all_verses(reading, args.grim, CLI_HINT))
    return 0


def _natal_parser(sub: Any) -> None:
    nat = sub.add_parser("natal", help="a 玉照定真經 natal reading: the chart and the verses that apply")
    birth = nat.add_argument_group("the birth (one of)")
    birth.add_argument("--at", help='local birth date and time, e.g. "1990-05-01 08:30" (in --tz)')
    birth.add_argument("--date", help="the birth date when the hour is unknown, e.g. 1990-05-01: the verses that "
                       "need the hour are named, not read")
    for key, example in (("year", "辛巳"), ("month", "甲午"), ("day", "乙丑"), ("hour", "丁亥"), ("conception", "乙酉")):
        birth.add_argument(f"--{key}", help=f"the {key} pillar as given, e.g. {example} (a stem or a branch alone "
                           "is read too)")
    nat.add_argument("--tz", help="IANA time zone of the birthplace, e.g. Asia/Seoul (default: this machine's)")
    nat.add_argument("--day-boundary", type=int, choices=[23, 0], default=23,
                     help="hour the day changes: 23 (子初換日, default) or 0")
    nat.add_argument("--sex", choices=[s.value for s in Sex], help="the native's sex (the verses that need it are "
                     "otherwise named, not read)")
    nat.add_argument("--lang", choices=list(LANGS), default="en", help="language of the text output")
    nat.add_argument("--grim", action="store_true", help="show the verses on grave matters (hidden by default)")
    nat.add_argument("--details", action="store_true",
                     help="after the summary, each verse with its evidence, the traits of the chart and the modifiers")
    nat.add_argument("--all", action="store_true", help="also list every verse read, and those not read and why")
    out = nat.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--jsonl", action="store_true", help="read JSON requests from stdin, one per line")
    out.add_argument("--schema", action="store_true", help="print the JSON Schema of the --json output and exit")


def _check_keys(req: Mapping[str, Any], allowed: frozenset[str]) -> None:
    unknown = set(req) - allowed
    if unknown:
        raise RequestError(f"unknown key(s) {', '.join(sorted(unknown))}; accepted: {', '.join(sorted(allowed))}")


def chart_from_request(req: Mapping[str, Any], now: Callable[[], datetime]) -> Chart:
    _check_keys(req, CHART_KEYS)
    return build_chart(cast_from_request(req), moment_from_request(req, now))


def question_from_request(req: Mapping[str, Any]) -> Question:
    if not req.get("topic") and not req.get("use_god"):
        raise RequestError(f"a reading needs a topic ({', '.join(t.value for t in Topic)}) or an explicit use_god")
    question = Question.parse_ids(_text(req, "topic") or "other", _text(req, "subject"), _text(req, "sex"),
                                  _text(req, "use_god"), subject_sex=_text(req, "subject_sex"),
                                  thing=_text(req, "thing"), horizon=_text(req, "horizon"),
                                  illness=_text(req, "illness"), weather=_text(req, "weather"),
                                  birth=_text(req, "birth"), office=_text(req, "office"),
                                  exam=_text(req, "exam"), aspect=_text(req, "aspect"), study=_text(req, "study"),
                                  life=_text(req, "life"), club=_text(req, "club"))
    missing = follow_ups(question)
    if missing:
        raise RequestError("the use-god is not fixed yet; answer: " + ", ".join(
            f"{m.value} ({' '.join(str(getattr(c, 'value', c)) for c in choices(question.topic, m))})" for m in missing))
    return question


def reading_from_request(req: Mapping[str, Any], now: Callable[[], datetime]) -> tuple[Chart, Reading]:
    _check_keys(req, READ_KEYS)
    question = question_from_request(req)
    chart_req = {k: v for k, v in req.items() if k in CHART_KEYS}
    chart = build_chart(cast_from_request(chart_req), moment_from_request(chart_req, now))
    return chart, read(chart, question)


def reading_output(chart: Chart, reading: Reading) -> dict[str, Any]:
    return chart_dict(chart) | {"reading": reading_dict(reading)}


def _utcnow() -> datetime:
    return datetime.now(UTC)


def run_jsonl(source: Iterable[str], sink: TextIO, now: Callable[[], datetime] = _utcnow,
              reading: bool = False) -> int:
    """One JSON request a line in, one JSON object a line out, in order; a bad line yields {"error": …}."""

    def answer(req: dict[str, Any]) -> dict[str, Any]:
        if not reading:
            return chart_dict(chart_from_request(req, now))
        chart, result = reading_from_request(req, now)
        out: dict[str, Any] = reading_output(chart, result)
        if req.get("lang"):
            lang = normalize(str(req["lang"]))
            with use(lang):
                out["text"] = {"lang": lang, "chart": render_chart(chart, term), "reading": render_reading(result)}
        return out

    return answer_lines(source, sink, answer, '{"lines": "789968"}')


def _chart_options(chart: argparse.ArgumentParser) -> None:
    src = chart.add_argument_group("the cast (one of)")
    src.add_argument("--lines", help="six line values bottom first: 789968, or symbols ○ — -- × (⚊ ⚋)")
    src.add_argument("--tosses", help="six tosses bottom first: backs counted 0–3 (0123…) or coin faces "
                     "(HHT, 앞앞뒤, 表表裏, 字字背; T/뒤/裏/背 = back)")
    src.add_argument("--random", action="store_true", help="let the machine toss three coins six times")
    chart.add_argument("--coins", choices=["backs", "faces"], default="backs",
                       help="what a toss counts: backs (classical: 0→6 1→7 2→8 3→9) or faces")
    when = chart.add_argument_group("the moment (default: now)")
    when.add_argument("--at", help='local date and time, e.g. "2024-02-04 16:30", or ISO with an offset')
    when.add_argument("--tz", help="IANA time zone, e.g. Asia/Seoul (default: this machine's)")
    when.add_argument("--day-boundary", type=int, choices=[23, 0], default=23,
                      help="hour the day changes: 23 (子初換日, default) or 0")
    when.add_argument("--month", help="month branch for book cases, e.g. 辰 (with --day)")
    when.add_argument("--day", help="day stem-branch for book cases, e.g. 戊申 (with --month)")
    when.add_argument("--year", help="year stem-branch or branch for book cases (optional)")
    out = chart.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--jsonl", action="store_true", help="read JSON requests from stdin, one per line")
    out.add_argument("--schema", action="store_true", help="print the JSON Schema of the --json output and exit")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="liuyao", description="六爻 charts and readings")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("console", help="the bot's conversation in this terminal (no Telegram needed)").add_argument(
        "--lang", choices=list(LANGS), default=None, help="the language to start in (default: from $LANG)")
    sub.add_parser("bot", help="run the Telegram bot (TELEGRAM_BOT_TOKEN; WEBHOOK_URL for webhook mode)")
    sub.add_parser("health", help="ask the running bot's /healthz (OPS_PORT) and exit 0 if healthy, 1 if not "
                   "(the container's health check)")
    chart = sub.add_parser("chart", help="cast (or take) six lines and print the full chart")
    _chart_options(chart)
    chart.add_argument("--lang", choices=list(LANGS), default=None,
                       help="language of the terms (default: the canonical characters)")
    read_p = sub.add_parser("read", help="the chart and its reading for a question")
    _chart_options(read_p)
    q = read_p.add_argument_group("the question")
    q.add_argument("--topic", choices=[t.value for t in Topic], help="the matter asked about")
    q.add_argument("--subject", choices=[s.value for s in Subject], help="whose matter it is")
    q.add_argument("--sex", choices=[s.value for s in Sex], help="the querent's sex, where a rule needs it")
    q.add_argument("--subject-sex", choices=[s.value for s in Sex], help="the sex of the relative who marries")
    q.add_argument("--thing", choices=[t.value for t in Thing], help="what kind of thing was lost")
    q.add_argument("--horizon", choices=[h.value for h in Horizon],
                   help="near (days, hours) or far (months, years); default by topic")
    q.add_argument("--illness", choices=[i.value for i in Illness], help="for illness: recent (近病) or long (久病)")
    q.add_argument("--weather", choices=[w.value for w in Weather], help="for weather: the weather asked about")
    q.add_argument("--birth", choices=[b.value for b in Birth],
                   help="for pregnancy: the child (胎孕) or the mother (產婦); the book reads them apart")
    q.add_argument("--office", choices=[o.value for o in Office],
                   help="for career: seek (a post, a promotion), hold (the post held), resign, leave, works (a public "
                        "project in your charge), works_trouble (one that has run into trouble)")
    q.add_argument("--exam", choices=[e.value for e in Exam],
                   help="for exam: main (a major exam, the default), entrance, qualifying, final, grade (the grade of "
                        "a regular test), results (when they come out)")
    q.add_argument("--aspect", choices=[a.value for a in Aspect],
                   help="for a house, a grave, a site or a marriage: which part, read apart (e.g. works, harm, "
                        "repair, burial, geomancer, children, parents); default: the matter itself")
    q.add_argument("--study", choices=[s.value for s in Study],
                   help="for studies: school, profession, healing or craft (學業章: each its own use-god)")
    q.add_argument("--club", choices=[c.value for c in Club],
                   help="for a savings club: joining (請會, QH-01) or the pot (搖會, QH-02); two casts")
    q.add_argument("--life", choices=[x.value for x in Life],
                   help="for one's lifetime: wealth (終身財福) or career (終身功名), each its own cast (分占); "
                        "left out, the life as a whole")
    q.add_argument("--use-god", help="an explicit use-god: 父母 兄弟 官鬼 妻財 子孫 世 應 (overrides the topic)")
    q.add_argument("--lang", choices=list(LANGS), default="en", help="language of the text output")
    read_p.add_argument("--picture", metavar="FILE.png", help="also write the chart as a picture (PNG), in --lang")
    q.add_argument("--sources", action="store_true",
                   help="after the reading, the rule behind each reason and moment, with its name and passage")
    q.add_argument("--terms", action="store_true", help="after the reading, what each of its terms means")
    _natal_parser(sub)
    alm = sub.add_parser("almanac", help="a day's almanac: pillars, 旬空, the stars on the day, what it favours")
    alm.add_argument("--date", help="local date YYYY-MM-DD (default: today in --tz)")
    alm.add_argument("--tz", help="IANA time zone, e.g. Asia/Seoul (default: this machine's)")
    alm.add_argument("--lang", choices=list(LANGS), default="en", help="language of the text output")
    bc = sub.add_parser("broadcast", help="send the daily almanac to every subscriber it is due for now, then exit "
                        "(for cron; TELEGRAM_BOT_TOKEN, TELEGRAM_API_BASE_URL, DATABASE_PATH as for the bot)")
    bc.add_argument("--concurrency", type=int, help="sends in flight (default 4)")
    bc.add_argument("--rate", type=float, help="messages a second, evenly spaced (default 29.3)")
    bc.add_argument("--release-stale", action="store_true",
                    help="first release reservations left by a killed sender (only when no bot or other "
                         "broadcast is running on the same database)")
    out = sub.add_parser("outcomes", help="how readings turned out, for the readings whose users agreed (asking "
                         "back on): the request, the outcome, no user id (DATABASE_URL/DATABASE_PATH as for the bot)")
    out.add_argument("--json", action="store_true", help="every reading as JSON (see --schema)")
    out.add_argument("--schema", action="store_true", help="print the JSON Schema of the --json output and exit")
    out.add_argument("--database", metavar="URL", help="the bot's database (default: DATABASE_URL or DATABASE_PATH)")
    db = sub.add_parser("db", help="the bot's database: move an installation between SQLite and PostgreSQL")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    copy = db_sub.add_parser("copy", help="copy every table into an empty database, checked by row counts "
                             "(stop the bot first)")
    copy.add_argument("--from", dest="source", required=True, metavar="URL",
                      help="sqlite:///data/liuyao.sqlite3 or postgresql://user@host:5432/name")
    copy.add_argument("--to", dest="target", required=True, metavar="URL", help="the empty database to fill")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command in ("chart", "read"):
        return _chart(args)
    if args.command == "almanac":
        return _almanac(args)
    if args.command == "natal":
        return _natal(args)
    if args.command == "outcomes":
        if args.schema:
            return _print_schema("outcomes")
        from bot.ops.outcomes import run_outcomes_cli

        return run_outcomes_cli(as_json=args.json, database=args.database)
    if args.command == "db":
        return _db_copy(args.source, args.target)
    if args.command == "broadcast":
        # deferred: this subcommand's own imports (see the module's docstring)
        from bot.run import run_broadcast_cli

        given = {"concurrency": args.concurrency, "rate": args.rate}
        return run_broadcast_cli(release_stale=args.release_stale, **{k: v for k, v in given.items() if v})
    if args.command == "health":
        # deferred: this subcommand's own imports (see the module's docstring)
        from bot.ops.health import check_health

        return check_health()
    if args.command == "bot" or (args.command is None and os.environ.get("TELEGRAM_BOT_TOKEN")):
        # deferred: this subcommand's own imports (see the module's docstring)
        from bot.run import run_bot

        return run_bot()
    # deferred: this subcommand's own imports (see the module's docstring)
    from bot.console import main as console

    chosen = getattr(args, "lang", None)
    return console(chosen or normalize((os.environ.get("LANG") or "en").split(".")[0]), lang_chosen=bool(chosen))


def _db_copy(source: str, target: str) -> int:
    """``liuyao db copy``: the rows of each table as copied, then one line; any failure is one line on stderr and
    leaves the target as it was — status 2 for databases that cannot be used as asked (a bad URL, a target that
    holds data, a schema from a newer program, a row the target refuses), 1 for one that cannot be reached."""
    import asyncio

    # deferred: this subcommand's own imports (see the module's docstring)
    from bot.storage import StorageError, describe_url
    from bot.storage.transfer import UnreachableError, copy_database

    def done(table: str, rows: int) -> None:
        print(f"{table:<18} {rows:>9}", flush=True)

    try:
        counts = asyncio.run(copy_database(source, target, progress=done))
    except (StorageError, ValueError) as exc:
        print(f"liuyao db copy: {exc}", file=sys.stderr)
        return 2
    except UnreachableError as exc:
        print(f"liuyao db copy: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - the connection lost midway, a driver's error: one line, no traceback
        print(f"liuyao db copy: the copy failed, nothing was kept: {exc} ({type(exc).__name__})", file=sys.stderr)
        return 1
    print(f"liuyao db copy: {sum(counts.values())} rows in {len(counts)} tables copied from {describe_url(source)} "
          f"to {describe_url(target)}; every table's count matches on both sides")
    return 0


def _almanac(args: argparse.Namespace) -> int:
    from datetime import date

    # deferred: this subcommand's own imports (see the module's docstring)
    from bot.render.almanac import local_today, render_almanac

    zone = args.tz or local_zone()
    try:
        ZoneInfo(zone)
    except (ValueError, KeyError):
        print(f"liuyao: {zone!r} is not an IANA time zone (for example Asia/Seoul, Asia/Tokyo, Asia/Taipei)",
              file=sys.stderr)
        return 2
    try:
        day = date.fromisoformat(args.date) if args.date else local_today(_utcnow(), zone)
    except ValueError:
        print(f"liuyao: {args.date!r} is not a date: write it as YYYY-MM-DD, e.g. 2026-12-01", file=sys.stderr)
        return 2
    try:
        with use(args.lang):
            text = render_almanac(day, zone)
    except CalendarError as exc:  # outside the supported years
        print(f"liuyao: {exc}", file=sys.stderr)
        return 2
    print(text)
    return 0


def _print_schema(kind: str) -> int:
    # deferred: this subcommand's own imports (see the module's docstring)
    from bot.schemas import schema

    print(json.dumps(schema(kind), ensure_ascii=False, indent=2))
    return 0


def _chart(args: argparse.Namespace) -> int:
    if args.schema:
        return _print_schema(args.command)
    reading = args.command == "read"
    if args.jsonl:
        run_jsonl(sys.stdin, sys.stdout, reading=reading)
        return 0
    req = {k: v for k, v in {
        "lines": args.lines, "tosses": args.tosses, "random": args.random or None, "at": args.at, "tz": args.tz,
        "month": args.month, "day": args.day, "year": args.year, "day_boundary": args.day_boundary,
        "coins": args.coins,
    }.items() if v is not None}
    if reading:
        req |= {k: v for k, v in {
            "topic": args.topic, "subject": args.subject, "sex": args.sex, "subject_sex": args.subject_sex,
            "thing": args.thing, "use_god": args.use_god, "horizon": args.horizon, "illness": args.illness,
            "weather": args.weather, "birth": args.birth, "office": args.office, "exam": args.exam,
            "aspect": args.aspect, "study": args.study, "life": args.life, "club": args.club}.items() if v is not None}
    try:
        if reading:
            chart, result = reading_from_request(req, _utcnow)
        else:
            chart, result = chart_from_request(req, _utcnow), None
    except (RequestError, CastError, CalendarError, QuestionError) as exc:
        print(f"liuyao: {exc}", file=sys.stderr)
        return 2
    if result is not None and args.picture and _write_picture(result, args.lang, args.picture):
        return 2
    if args.json:
        out = chart_dict(chart) if result is None else reading_output(chart, result)
        print(json.dumps(out, ensure_ascii=False, indent=2))
    elif result is None and args.lang is None:  # the full chart: the grid, then each line's standing
        print(render_chart(chart) + "\n\n" + render_standings(chart))  # the canonical terms, as the classics
    elif result is None:
        with use(args.lang):
            print(render_chart(chart, term) + "\n\n" + render_standings(chart, term))
    else:
        with use(args.lang):
            print(render_chart(chart, term))
            print()
            print(render_reading(result))
            if args.sources:
                print()
                print(render_sources(result))
            if args.terms:
                # deferred: this subcommand's own imports (see the module's docstring)
                from bot.render.glossary import render_terms

                print()
                print(render_terms(result))
    return 0


def _write_picture(reading: Reading, lang: str, path: str) -> int:
    """``read --picture``: the chart's picture as the bot sends it."""
    # deferred: this subcommand's own imports (see the module's docstring)
    from bot.render.chart_picture import render_png
    from bot.render.fonts import FontUnavailable

    try:
        with use(lang):
            png = render_png(reading)
        Path(path).write_bytes(png)
    except (FontUnavailable, OSError) as exc:
        print(f"liuyao: the picture was not written: {exc}", file=sys.stderr)
        return 2
    return 0


def entry() -> int:
    """The ``liuyao`` command: ``main``, quiet when the reader of its output goes away (``liuyao read … | head``)."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit; point it at /dev/null so that flush cannot fail a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, what a shell reports for a command its pipe closed
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    raise SystemExit(entry())
