"""Long texts as Telegram messages: pieces within Telegram's limit, each whole and readable on its own.

A piece is cut between blocks (paragraphs, separated by a blank line) when it can be, else between lines; a line
is never cut unless it alone is longer than a message.  A piece after the first can open with a heading that says
it goes on ("All reasons (continued)"), so a reader landing on it knows what it is."""

from __future__ import annotations

from collections.abc import Iterator

MAX_MESSAGE = 4000  # Telegram's limit is 4096 characters; a margin for the odd character counted twice


def split_message(text: str, limit: int = MAX_MESSAGE, *, continued: str | None = None) -> list[str]:
    """Pieces of at most ``limit`` characters (the ``continued`` heading included on every piece after the first)."""
    head = f"{continued}\n" if continued else ""
    room = limit - len(head)
    if room <= 0:
        raise ValueError("the heading leaves no room")
    pieces: list[str] = []
    chunk = ""
    for part, sep in _parts(text, room):
        size = room if pieces else limit
        if chunk and len(chunk) + len(sep) + len(part) > size:
            pieces.append(chunk)
            chunk = ""
        chunk = part if not chunk else chunk + sep + part
    if chunk.strip():
        pieces.append(chunk)
    pieces = [p.strip("\n") for p in pieces if p.strip()]
    return pieces[:1] + [head + p for p in pieces[1:]]


def _parts(text: str, room: int) -> Iterator[tuple[str, str]]:
    """Whole blocks where they fit, else their lines, else the pieces of an overlong line (cut at a space); each
    with the separator that joins it to the one before."""
    for block in text.strip("\n").split("\n\n"):
        if len(block) <= room:
            yield block, "\n\n"
            continue
        sep = "\n\n"
        for line in block.split("\n"):
            while len(line) > room:
                cut = line.rfind(" ", 0, room)
                cut = cut if cut > room // 2 else room
                yield line[:cut], sep
                line = line[cut:].lstrip(" ")
                sep = "\n"
            yield line, sep
            sep = "\n"
