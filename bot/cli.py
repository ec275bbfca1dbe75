"""The ``liuyao`` command line: charts for people (text) and for programs (JSON, JSON lines).

One request shape serves ``--json``, ``--jsonl`` and the plain options, so a batch of thousands of requests
costs one process start and the same code path as a single chart.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timezone
from typing import Any, TextIO

from bot.chart_text import render_chart
from core.calendar import CalendarError, DayBoundary, Moment
from core.cast import Cast, CastError, CoinConvention, parse_cast, random_cast
from core.chart import Chart, build_chart
from core.export import chart_dict

CHART_KEYS = frozenset({"lines", "tosses", "random", "at", "tz", "month", "day", "year", "day_boundary", "coins"})


class RequestError(ValueError):
    """A request that cannot be answered; the message says which key and why."""


def local_zone() -> str:
    """The machine's IANA zone name, for 'now' and for --at without --tz."""
    try:
        from tzlocal import get_localzone_name

        return get_localzone_name() or "UTC"
    except Exception:  # an unreadable system zone setting must not stop a chart
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


def chart_from_request(req: Mapping[str, Any], now: Callable[[], datetime]) -> Chart:
    unknown = set(req) - CHART_KEYS
    if unknown:
        raise RequestError(f"unknown key(s) {', '.join(sorted(unknown))}; accepted: {', '.join(sorted(CHART_KEYS))}")
    return build_chart(cast_from_request(req), moment_from_request(req, now))


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


def run_jsonl(source: Iterable[str], sink: TextIO, now: Callable[[], datetime] = _utcnow) -> int:
    """One JSON request a line in, one JSON object a line out, in order; a bad line yields {"error": …}."""
    count = 0
    for raw in source:
        if not raw.strip():
            continue
        try:
            req = json.loads(raw)
            if not isinstance(req, dict):
                raise RequestError("each line must be a JSON object such as {\"lines\": \"789968\"}")
            out: dict[str, Any] = chart_dict(chart_from_request(req, now))
        except json.JSONDecodeError as exc:
            out = {"error": f"not JSON: {exc.msg} at column {exc.colno}"}
        except (RequestError, CastError, CalendarError) as exc:
            out = {"error": str(exc)}
        sink.write(json.dumps(out, ensure_ascii=False) + "\n")
        count += 1
    sink.flush()
    return count


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="liuyao", description="六爻 charts and readings")
    sub = parser.add_subparsers(dest="command", required=True)
    chart = sub.add_parser("chart", help="cast (or take) six lines and print the full chart")
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
    out.add_argument("--json", action="store_true", help="print the chart as one JSON object")
    out.add_argument("--jsonl", action="store_true", help="read JSON requests from stdin, one per line")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "chart":
        return _chart(args)
    return 2


def _chart(args: argparse.Namespace) -> int:
    if args.jsonl:
        run_jsonl(sys.stdin, sys.stdout)
        return 0
    req = {k: v for k, v in {
        "lines": args.lines, "tosses": args.tosses, "random": args.random or None, "at": args.at, "tz": args.tz,
        "month": args.month, "day": args.day, "year": args.year, "day_boundary": args.day_boundary,
        "coins": args.coins,
    }.items() if v is not None}
    try:
        chart = chart_from_request(req, _utcnow)
    except (RequestError, CastError, CalendarError) as exc:
        print(f"liuyao: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(chart_dict(chart), ensure_ascii=False, indent=2))
    else:
        print(render_chart(chart))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
