"""`liuyao console`: the bot's conversation in a terminal, driven through its standard input.

Each test runs ``python -m bot.cli console`` (what the ``liuyao`` script runs) as a child process with a script
on stdin — a number picks a button of the last keyboard, anything else is a message — and checks what it printed
against the engine's chart and reading for the cast and moment stored in its SQLite file.  At the end of its
input the console must stop cleanly (exit 0, nothing on stderr), and the next run resumes an open consultation.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.console import _keyed
from bot.handlers import keyboards as kb
from bot.render.chart_text import render_chart
from bot.render.i18n import _, term, use
from bot.render.reading import render_reading
from core.chart.calendar import DayBoundary, Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.question import ASPECTS, FollowUp, Illness, Question, Subject, Topic, choices
from core.reading.pipeline import read

ROOT = Path(__file__).resolve().parent.parent


def console(db: Path, script: list[str], *args: str, lang_env: str | None = None) -> str:
    """Run the console on ``script`` (one input line each); its output, after checking it ended cleanly."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBHOOK_"))}
    env["DATABASE_PATH"] = str(db)
    if lang_env is not None:
        env["LANG"] = lang_env
    done = subprocess.run([sys.executable, "-m", "bot.cli", "console", *args], input="".join(f"{s}\n" for s in script),
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr
    return done.stdout


def stored(db: Path) -> list[tuple[str, str, str, str | None, str | None, str | None]]:
    con = sqlite3.connect(db)
    try:
        return list(con.execute("SELECT lines, moment_utc, moment_tz, topic, subject, question FROM readings "
                                "ORDER BY id"))
    finally:
        con.close()


def shown(lang: str, lines: str, moment_utc: str, tz: str, topic: str, subject: str | None) -> tuple[str, str]:
    """The chart and reading the engine gives for a stored reading, as the console prints them."""
    instant = datetime.fromisoformat(moment_utc)
    chart = build_chart(parse_cast(lines), Moment.at(instant, tz, DayBoundary(23)))
    reading = read(chart, Question.parse_ids(topic, subject))
    with use(lang):
        return render_chart(chart, term), render_reading(reading)


def button(topic: Topic) -> str:
    return str(list(Topic).index(topic) + 1)


def toss(backs: int) -> str:
    return str(backs)  # a toss button is keyed by its count: [0] 0 backs … [3] 3 backs


def test_a_whole_consultation_through_stdin(tmp_path: Path) -> None:
    db = tmp_path / "console.sqlite3"
    subject = str(choices(Topic.travel, FollowUp.subject).index(Subject.self) + 1)
    skip_aspect = str(len(ASPECTS[Topic.travel]) + 1)  # one's own journey may be asked of a companion (TZ-01): skipped
    out = console(db, ["/cast", "Will the trip go well?", button(Topic.travel), subject, skip_aspect, "1",
                       toss(3), toss(2), toss(1), toss(2), toss(1), toss(2), "1"], "--lang", "en")
    assert out.startswith("Welcome.")  # the console greets first
    assert "> Travel" in out and "> Toss coin by coin" in out and "> Now" in out
    assert "Toss 6 of 6" in out and "Six tosses:" in out
    [(lines, moment_utc, tz, topic, subj, question)] = stored(db)
    assert (lines, tz, topic, subj, question) == ("987878", "UTC", "travel", "self", "Will the trip go well?")
    chart, reading = shown("en", lines, moment_utc, tz, topic, subj)
    assert chart in out and reading in out
    assert "[1] All reasons" in out and "[3] Sources" in out and "[4] Terms" in out and "[6] New reading" in out


def test_cancel_is_never_a_number() -> None:
    """Issue 22: at a toss the counts are 0–3 and the other buttons followed from 4 — Cancel was 4 at the first
    toss and 5 after it (behind "Undo last toss"), so a mistyped 5 threw the consultation away without asking.
    Cancel is ``q`` on every keyboard now; a number never ends a consultation."""
    first = [(f"{n} backs", f"c:0:{n}", 7) for n in range(4)] + [("Cancel", "x", 7)]
    later = [(f"{n} backs", f"c:2:{n}", 8) for n in range(4)] + [("Undo last toss", "c:2:undo", 8), ("Cancel", "x", 8)]
    topics = [("Wealth", "t:wealth", 9), ("Career", "t:career", 9), ("Cancel", "x", 9)]
    assert {k: b[1] for k, b in _keyed(first).items()} == {"0": "c:0:0", "1": "c:0:1", "2": "c:0:2", "3": "c:0:3",
                                                            "q": "x"}
    assert {k: b[1] for k, b in _keyed(later).items()} == {"0": "c:2:0", "1": "c:2:1", "2": "c:2:2", "3": "c:2:3",
                                                            "4": "c:2:undo", "q": "x"}
    assert {k: b[1] for k, b in _keyed(topics).items()} == {"1": "t:wealth", "2": "t:career", "q": "x"}
    for keyboard in (first, later, topics):
        assert all(b[1] != "x" for k, b in _keyed(keyboard).items() if k.isdigit())


def test_a_five_at_a_toss_is_refused_and_q_cancels(tmp_path: Path) -> None:
    db = tmp_path / "console.sqlite3"
    skip = str(len(choices(Topic.wealth, FollowUp.horizon)) + 1)
    out = console(db, ["/cast", "1", button(Topic.wealth), skip, "1", toss(3), toss(2), "5", toss(1)], "--lang", "en")
    assert "“5” is not a line, a coin or a count." in out  # text at a toss: read as a toss, and refused
    tosses = out[out.index("Toss 2 of 6"):]
    assert "Toss 4 of 6" in out and "[4] Undo last toss" in tosses and "[q] Cancel" in tosses and "[5]" not in tosses
    assert "> Cancel" not in out and stored(db) == []
    again = console(db, ["q", "/history"], "--lang", "en")  # the open consultation resumes; q cancels it
    assert "> Cancel" in again and "You have no readings yet" in again


def test_eof_mid_consultation_then_resume_with_bad_input(tmp_path: Path) -> None:
    db = tmp_path / "console.sqlite3"
    skip = str(len(choices(Topic.wealth, FollowUp.horizon)) + 1)  # after the answers, before Cancel
    first = console(db, ["/cast", "1", button(Topic.wealth), skip, "1", toss(3), toss(2)], "--lang", "en")
    assert "Toss 3 of 6" in first and stored(db) == []  # ended at EOF between two tosses, nothing read yet

    # a toss typed as a count is that count (not a button's place): 1, undo, 1; then the coins typed — three
    # faces (0 backs) and three backs (3) —, then 2
    second = console(db, ["", "hello", "/help", "99", "1", "4", "1", "HHH", "背背背", toss(2), "1"],
                     "--lang", "en")
    greeting_end = second.index("A reading is in progress")  # the open consultation is shown on start
    assert "Toss 3 of 6" in second[greeting_end:]
    assert "“hello” is not a line, a coin or a count." in second  # typed at a toss: read as one, and refused
    assert "That reads as 2 tosses; six are needed." in second  # "99": no such button, two tosses
    assert second.count("At a toss: the number of coins counted (0–3)") == 2
    assert "[0] 0 backs ×" in second and "[4] Undo last toss" in second
    assert "/cast — a new reading" in second  # /help mid-flow, then the step again
    assert "> Undo last toss" in second
    [(lines, moment_utc, tz, topic, subj, _q)] = stored(db)
    assert lines == "987698"
    chart, reading = shown("en", lines, moment_utc, tz, topic, subj)
    assert chart in second and reading in second

    third = console(db, ["/cancel", "/history"], "--lang", "en")
    assert "There is nothing to cancel." in third and "Your readings (1–1 of 1):" in third


def test_language_from_the_environment_and_empty_input(tmp_path: Path) -> None:
    db = tmp_path / "console.sqlite3"
    assert console(db, [], lang_env="ko_KR.UTF-8").count("[1]") == 1  # only the greeting, then a clean end

    out = console(db, ["/cast 787878 wealth", "/settings"], lang_env="ko_KR.UTF-8")
    [(lines, moment_utc, tz, topic, subj, _q)] = stored(db)
    assert (lines, tz) == ("787878", "Asia/Seoul")
    chart, reading = shown("ko", lines, moment_utc, tz, topic, subj)
    assert chart in out and reading in out
    with use("ko"):
        assert term("水火既濟") == "수화기제" and "수화기제" in chart
    assert "한국어" in out and "Asia/Seoul" in out  # /settings


def test_the_optional_follow_ups_in_the_console(tmp_path: Path) -> None:
    """Recent or long illness asked in the terminal too; the console ends at EOF on that step and resumes it."""
    db = tmp_path / "console.sqlite3"
    parent = str(choices(Topic.illness, FollowUp.subject).index(Subject.parent) + 1)
    first = console(db, ["/cast", "1", button(Topic.illness), parent], "--lang", "ko")
    with use("ko"):
        prompt = _(kb.FOLLOW_UP_QUESTIONS["illness"])
        labels = [_(kb.ILLNESS_LABELS["recent"]), _(kb.ILLNESS_LABELS["long"]), _(kb.SKIP_LABELS["illness"])]
    assert first.rstrip().endswith("\n".join(f"  [{i}] {label}" for i, label in enumerate(labels, 1)) + "\n  [q] 취소")
    assert prompt in first and stored(db) == []

    long = str(choices(Topic.illness, FollowUp.illness).index(Illness.long) + 1)
    second = console(db, [long, "2", "666677", "1"], "--lang", "ko")  # long; type the lines; now
    assert second.index("> " + labels[1]) > second.index(prompt)  # the step shown again on start, then answered
    [(lines, moment_utc, tz, topic, subj, _q)] = stored(db)
    assert (lines, topic, subj) == ("666677", "illness", "parent")
    instant = datetime.fromisoformat(moment_utc)
    chart = build_chart(parse_cast(lines), Moment.at(instant, tz, DayBoundary(23)))
    reading = read(chart, Question(Topic.illness, Subject.parent, illness=Illness.long))
    with use("ko"):
        assert render_chart(chart, term) in second and render_reading(reading) in second


def test_natal_in_the_console_and_resumed_in_the_next_run(tmp_path: Path) -> None:
    """/natal runs in the terminal as in Telegram; a run that ends at the zone step resumes there next time."""

    from bot.render.natal_render import render_natal, render_natal_chart
    from core.natal import NatalChart, read_natal

    db = tmp_path / "console.sqlite3"
    first = console(db, ["/natal", "1990-02-30", "1990-05-01", "08:30"], "--lang", "ko")
    with use("ko"):
        from bot.render.korean import particles

        assert particles(_("I cannot read “{text}” as a date of birth. Please write it like {forms}; the date must "
                           "exist and lie between 1900 and 2100.").format(
            text="1990-02-30", forms=_("2026-12-04, 2026/12/04, 2026.12.04 or 4.12.2026"))) in first
        assert _("Use my zone {tz}").format(tz="Asia/Seoul") in first
    # the zone typed, then the sex: the third button of the sex step is "skip"
    second = console(db, ["Asia/Seoul", "3"], "--lang", "ko")
    reading = read_natal(NatalChart.at(datetime(1990, 4, 30, 23, 30, tzinfo=UTC), "Asia/Seoul"))
    with use("ko"):
        from bot.render.messages import split_message

        assert render_natal_chart(reading) in second
        assert all(piece.strip() in second for piece in split_message(render_natal(reading)))
    con = sqlite3.connect(db)
    try:
        assert list(con.execute("SELECT birth_utc, tz, sex FROM natal_readings")) == [
            ("1990-04-30T23:30:00.000000Z", "Asia/Seoul", None)]
    finally:
        con.close()


def test_lang_mid_consultation_then_a_number_picks_from_the_languages(tmp_path: Path) -> None:
    """/lang in the middle: its choices are the last keyboard, so "2" is 한국어 (not a topic); then the step again,
    in Korean, and its numbers pick from it."""
    db = tmp_path / "console.sqlite3"
    out = console(db, ["/cast", "1", "/lang", "2", button(Topic.travel)], "--lang", "en")
    after = out[out.index("> 한국어"):]
    with use("ko"):
        assert _("Language set to {lang}.").format(lang="한국어") in after
        assert _("What is the matter about?") in after
        assert "> " + _(kb.TOPIC_LABELS["travel"]) in after and _(kb.FOLLOW_UP_QUESTIONS["subject"]) in after
    assert "> Toss" not in out and stored(db) == []


def test_lang_given_again_changes_the_language_of_an_existing_user(tmp_path: Path) -> None:
    db = tmp_path / "console.sqlite3"
    assert "Language: English" in console(db, ["/settings"], "--lang", "en")
    out = console(db, ["/settings"], "--lang", "ja")
    with use("ja"):
        assert out.startswith(_("Welcome. I read 六爻 coin divination the way the classical manuals do: the full "
                                "chart, the verdict with its reasons, and when things should happen."))
    assert "日本語" in out
    # $LANG names the language of a first run only; the user keeps the one chosen
    assert "日本語" in console(db, ["/settings"], lang_env="ko_KR.UTF-8")


def test_ctrl_c_ends_at_once_and_cleanly(tmp_path: Path) -> None:
    """SIGINT while the console waits for input: it stops within a second or two, without a traceback, exit status
    130, and the open consultation is kept for the next run."""
    import signal
    import threading
    import time

    db = tmp_path / "console.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "WEBHOOK_"))}
    env["DATABASE_PATH"] = str(db)
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "console", "--lang", "en"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()
    assert proc.stdin is not None
    proc.stdin.write("/cast\n1\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    while "What is the matter about?\n" not in seen and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "What is the matter about?\n" in seen
    started = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        stderr = proc.communicate(timeout=10)[1]
    finally:
        proc.kill()
    assert time.monotonic() - started < 5
    assert proc.returncode == 130 and stderr == "", stderr
    again = console(db, [], "--lang", "en")
    assert "A reading is in progress" in again and again.rstrip().endswith("[q] Cancel")
