"""The command line: text, JSON and JSON lines, and clear errors."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.cli import main, run_jsonl
from bot.render.i18n import use
from core.chart.cast import parse_cast

FIXED_NOW = datetime(2024, 2, 4, 8, 30, tzinfo=UTC)


def test_text_chart_for_a_book_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--lines", "777977", "--month", "辰", "--day", "戊申"]) == 0
    out = capsys.readouterr().out
    # 增刪卜易's case as the book lays it: the primary block, then the changed one (its moving line marked)
    assert out.startswith(
        "辰月 戊申日\n"
        "旬空 寅卯　卦身 巳\n"
        "\n"
        "本卦 乾為天（乾宮 本宮 六沖）\n"
        "朱雀 父母壬戌土 -----   世\n"
        "青龍 兄弟壬申金 -----\n"
        "玄武 官鬼壬午火 ----- o\n"
        "白虎 父母甲辰土 -----   應\n"
        "螣蛇 妻財甲寅木 -----\n"
        "勾陳 子孫甲子水 -----\n"
        "\n"
        "變卦 風天小畜（巽宮 一世）\n"
        "外卦反吟\n"
        "   妻財辛卯木 -----\n"
        "   官鬼辛巳火 -----\n"
        "-> 父母辛未土 -- -- 應\n"
        "   父母甲辰土 -----\n"
        "   妻財甲寅木 -----\n"
        "   子孫甲子水 ----- 世\n"
        "\n"
        "上爻 戌：月破 長生\n"), out


def test_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--lines", "789968", "--at", "2024-02-04 16:30", "--tz", "Asia/Shanghai", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moment"]["year"] == "甲辰" and data["moment"]["month"] == "丙寅"
    assert data["moment"]["tz"] == "Asia/Shanghai" and data["moment"]["utc"].startswith("2024-02-04T08:30")
    for key in ("name", "number", "palace", "element", "generation", "world", "response", "six_clash", "six_harmony"):
        assert key in data["hexagram"] and key in data["changed"]
    assert [ln["position"] for ln in data["lines"]] == [1, 2, 3, 4, 5, 6]
    for ln in data["lines"]:
        assert set(ln) >= {"position", "value", "yang", "moving", "stem", "branch", "element", "relation", "spirit",
                           "world", "response", "hidden", "changed"}
        assert (ln["changed"] is not None) == ln["moving"]


def test_bad_input_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--lines", "78996", "--month", "辰", "--day", "戊申"]) == 2
    assert "liuyao:" in capsys.readouterr().err
    assert main(["chart", "--lines", "789968", "--at", "2024-13-01", "--tz", "Asia/Seoul"]) == 2
    assert main(["chart", "--lines", "789968", "--at", "2024-01-01", "--tz", "Mars/Olympus"]) == 2
    assert main(["chart", "--lines", "789968", "--month", "辰"]) == 2


def test_jsonl_in_order_with_errors() -> None:
    requests = [
        '{"lines": "789968", "at": "2024-02-04 16:30", "tz": "Asia/Shanghai"}',
        '{"lines": "789968", "month": "辰", "day": "戊申"}',
        "not json",
        '{"lines": "7899"}',
        "[1, 2]",
        '{"lines": "777777", "month": "辰", "day": "甲丑"}',
        '{"lines": "777777", "colour": "red"}',
        "",
        '{"random": true, "month": "子", "day": "甲子", "day_boundary": 0}',
        '{"lines": "777777"}',
    ]
    out = io.StringIO()
    assert run_jsonl(requests, out, now=lambda: FIXED_NOW) == 9
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert rows[0]["moment"]["month"] == "丙寅" and rows[1]["moment"]["month_branch"] == "辰"
    assert [("error" in r) for r in rows] == [False, False, True, True, True, True, True, False, False]
    assert "colour" in rows[6]["error"]
    assert len(rows[7]["cast"]["tosses"]) == 6
    assert rows[8]["moment"]["utc"].startswith("2024-02-04T08:30")


def test_console_script_batch() -> None:
    """The installed entry point handles a batch in one process."""
    lines = "\n".join(json.dumps({"lines": "789968", "month": "辰", "day": str(d)}) for d in ("戊申", "甲子", "癸亥"))
    result = subprocess.run([sys.executable, "-m", "bot.cli", "chart", "--jsonl"], input=lines, capture_output=True,
                            text=True, timeout=60, check=True)
    rows = [json.loads(x) for x in result.stdout.splitlines()]
    assert [r["moment"]["day"] for r in rows] == ["戊申", "甲子", "癸亥"]


def test_read_text_json_and_missing_follow_ups(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["read", "--lines", "777977", "--month", "辰", "--day", "戊申"]
    assert main(base + ["--topic", "illness", "--subject", "parent", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    r = data["reading"]
    # two 父母 (辰 line 3, 戌 line 6); the 辰 month breaks the 戌: LX-02 「舍其不破，而用月破」 takes the broken one
    assert r["use_god"] == r["use_god"] | {"relation": "父母", "where": "line", "position": 6, "branch": "戌"}
    assert set(r["roles"]) == {"元神", "忌神", "仇神"} and r["verdict"] in ("吉", "小吉", "平", "小凶", "凶")
    assert all({"rule", "lines", "effect", "weight", "source"} <= set(f) for f in r["findings"])
    assert any(t["unit"] == "day" and t["branch"] == "丑" and t["rule"] == "T-01" for t in r["timing"])
    assert main(base + ["--topic", "illness", "--subject", "parent", "--lang", "ko"]) == 0
    out = capsys.readouterr().out
    assert "부모" in out and "戌" in out
    assert main(base + ["--topic", "marriage"]) == 2
    err = capsys.readouterr().err
    assert "subject" in err
    assert main(base + ["--topic", "marriage", "--subject", "self"]) == 2
    assert "sex" in capsys.readouterr().err


def test_read_jsonl_with_text() -> None:
    out = io.StringIO()
    lines = [json.dumps({"lines": "789968", "month": "辰", "day": "戊申", "topic": "wealth", "lang": "ja"}),
             json.dumps({"lines": "789968", "month": "辰", "day": "戊申", "topic": "marriage"}),
             json.dumps({"lines": "789968", "month": "辰", "day": "戊申", "use_god": "官鬼"})]
    assert run_jsonl(lines, out, now=lambda: FIXED_NOW, reading=True) == 3
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    assert rows[0]["reading"]["use_god"]["relation"] == "妻財" and rows[0]["text"]["lang"] == "ja"
    assert "error" in rows[1] and "subject" in rows[1]["error"]
    assert rows[2]["reading"]["use_god"]["relation"] == "官鬼"


def test_a_closed_pipe_ends_quietly() -> None:
    """``liuyao read … | head -1``: the reader goes away after one line; no BrokenPipe traceback."""
    cmd = (f"{sys.executable} -m bot.cli read --lines 789968 --at '2026-12-01 10:00' --tz Asia/Seoul "
           "--topic wealth --lang ko | head -1")
    result = subprocess.run(["bash", "-c", f"set -o pipefail; {cmd}"], capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.stdout.count("\n") == 1
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr, result.stderr
    assert result.returncode == 141


@pytest.mark.parametrize("args, said", [
    (["--date", "2026-13-01", "--tz", "Asia/Seoul"], "'2026-13-01' is not a date: write it as YYYY-MM-DD"),
    (["--tz", "Asia/Seol"], "'Asia/Seol' is not an IANA time zone"),
    (["--date", "1800-01-01", "--tz", "Asia/Seoul"], "outside the supported years"),
])
def test_almanac_errors_are_plain(args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["almanac", *args]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_chart_speaks_the_asked_language(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["chart", "--lines", "789968", "--at", "2026-12-01 10:00", "--tz", "Asia/Shanghai"]
    assert main(base) == 0
    canonical = capsys.readouterr().out
    assert main([*base, "--lang", "zh_Hans"]) == 0
    simplified = capsys.readouterr().out
    assert "己巳時" in canonical and "己巳时" in simplified and "坎宫" in simplified


def test_read_writes_the_chart_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``read --picture``: the picture the bot sends, in --lang; a file that cannot be written is said to be."""
    from PIL import Image

    from bot.render.chart_picture import render_png
    from core.chart.calendar import Moment
    from core.chart.chart import build_chart
    from core.question import Question, Subject, Topic
    from core.reading.pipeline import read

    args = ["read", "--lines", "777977", "--month", "辰", "--day", "戊申", "--topic", "illness", "--subject", "parent",
            "--lang", "ko"]
    assert main([*args, "--picture", str(tmp_path / "chart.png")]) == 0
    reading = read(build_chart(parse_cast("777977"), Moment.from_pillars("辰", "戊申")),
                   Question(Topic.illness, Subject.parent))
    with use("ko"):
        assert (tmp_path / "chart.png").read_bytes() == render_png(reading)
    with Image.open(tmp_path / "chart.png") as png:
        assert png.format == "PNG"
    capsys.readouterr()
    assert main([*args, "--picture", str(tmp_path / "no" / "such" / "dir.png")]) == 2
    assert "the picture was not written" in capsys.readouterr().err


def test_read_shows_its_sources_and_terms_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """The reading's text is prose without rule ids; --sources and --terms add the rules and the terms."""
    from bot.render.glossary import render_terms
    from bot.render.i18n import use
    from bot.render.reading import render_reading, render_sources
    from core.chart.calendar import Moment
    from core.chart.cast import parse_cast
    from core.chart.chart import build_chart
    from core.question import Question, Subject, Topic
    from core.reading.pipeline import read

    base = ["read", "--lines", "777977", "--month", "辰", "--day", "戊申", "--topic", "illness", "--subject", "parent"]
    reading = read(build_chart(parse_cast("777977"), Moment.from_pillars("辰", "戊申")),
                   Question(Topic.illness, Subject.parent))
    assert main(base + ["--lang", "en"]) == 0
    plain = capsys.readouterr().out
    with use("en"):
        assert render_reading(reading) in plain and render_sources(reading) not in plain
    assert not re.search(r"\[(?:[A-Z]+\d?-\d+)", plain)
    assert main(base + ["--lang", "zh_Hant", "--sources", "--terms"]) == 0
    out = capsys.readouterr().out
    with use("zh_Hant"):
        assert out.index(render_reading(reading)) < out.index(render_sources(reading)) < out.index(render_terms(reading))


def test_read_json_timing_by_horizon(capsys: pytest.CaptureFixture[str]) -> None:
    """``timing``: the most likely moment first (``likely``), the others in date order; each one branch in the
    horizon's units only (``--horizon`` and the JSONL key ``horizon``: today in hours, near in days, far in months and
    years), with its line, its rule and what happens then."""
    base = ["read", "--lines", "789968", "--at", "2026-12-05 09:00", "--tz", "Asia/Seoul", "--topic", "illness",
            "--subject", "parent", "--json"]
    allowed = {"today": {"hour"}, "near": {"day"}, "far": {"month", "year"}}
    for horizon, units in allowed.items():
        assert main(base + ["--horizon", horizon]) == 0
        timing = json.loads(capsys.readouterr().out)["reading"]["timing"]
        assert timing and timing[0]["likely"] and not any(t["likely"] for t in timing[1:])
        assert timing[0]["weight"] == max(t["weight"] for t in timing)
        firsts = [min(d for u in t["units"] for d in u["dates"]) for t in timing[1:]]
        assert firsts == sorted(firsts)
        assert all({u["unit"] for u in t["units"]} <= units and t["unit"] == t["units"][0]["unit"] for t in timing)
        assert all(t["places"] and t["rule"] in t["rules"] and t["event"] for t in timing)
        assert len({t["branch"] for t in timing}) == len(timing)
    out = io.StringIO()
    request = {"lines": "789968", "at": "2026-12-05 09:00", "tz": "Asia/Seoul", "topic": "weather",
               "weather": "rain", "horizon": "today"}
    assert run_jsonl([json.dumps(request)], out, now=lambda: FIXED_NOW, reading=True) == 1
    row = json.loads(out.getvalue())
    assert row["reading"]["question"]["horizon"] == "today"
    assert {u["unit"] for t in row["reading"]["timing"] for u in t["units"]} == {"hour"}
