"""Long texts cut into Telegram messages: every piece within the limit, cut between blocks where they fit, a line
cut only when it alone is longer than a message, and every piece after the first under its heading."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.render.messages import split_message

HEAD = "All reasons (continued)"


def _blocks(n: int, lines: int, width: int) -> str:
    return "\n\n".join("\n".join(f"{b}.{i} " + "x" * width for i in range(lines)) for b in range(n))


def test_blocks_stay_whole_when_they_fit() -> None:
    text = _blocks(20, 10, 30)  # blocks of about 360 characters
    pieces = split_message(text, 1000, continued=HEAD)
    assert len(pieces) > 5 and all(len(p) <= 1000 for p in pieces)
    assert all(p.startswith(HEAD + "\n") for p in pieces[1:]) and not pieces[0].startswith(HEAD)
    blocks = text.split("\n\n")
    for p in pieces:
        body = p.removeprefix(HEAD + "\n")
        assert all(b in blocks for b in body.split("\n\n"))  # whole blocks only


def test_a_block_longer_than_a_message_is_cut_between_lines() -> None:
    text = _blocks(1, 100, 30)
    pieces = split_message(text, 1000)
    lines = text.splitlines()
    assert all(len(p) <= 1000 for p in pieces)
    assert [line for p in pieces for line in p.splitlines()] == lines


def test_a_line_longer_than_a_message_is_cut_at_a_space() -> None:
    line = " ".join(["word"] * 500)
    pieces = split_message(line, 300)
    assert all(len(p) <= 300 for p in pieces) and all(not p.startswith(" ") for p in pieces)
    assert " ".join(pieces).split() == line.split()


@given(st.lists(st.text(alphabet="ab \n", min_size=0, max_size=400), min_size=1, max_size=30))
def test_nothing_is_lost_and_nothing_is_too_long(parts: list[str]) -> None:
    text = "\n\n".join(parts)
    pieces = split_message(text, 200, continued=HEAD)
    assert all(len(p) <= 200 for p in pieces)
    kept = "".join(p.removeprefix(HEAD + "\n") for p in pieces)
    assert "".join(text.split()) == "".join(kept.split())
