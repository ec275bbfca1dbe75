"""The CJK font the chart picture is drawn in: Noto Sans CJK, from Debian's ``fonts-noto-cjk``, found or fetched.

Noto Sans CJK has every character the five catalogs print (hangul, kana, simplified and traditional hanzi, the
pinyin of the English names) in one design, with a face per region so that each language gets its own glyph
forms (骨 and 直 differ between zh_Hans, zh_Hant and ja).  It is looked for, in order:

1. ``LIUYAO_FONT_DIR``, if set (it is also where a fetch puts it);
2. the system's: ``/usr/share/fonts/opentype/noto``, where ``apt-get install fonts-noto-cjk`` puts it (the
   container image does that);
3. the user's cache, ``$XDG_CACHE_HOME/liuyao/fonts`` (``~/.cache/liuyao/fonts``).

Where none has it, ``apt-get download fonts-noto-cjk`` (no root needed) fetches the package from Debian's
archive, once, and its two Sans collections and their licence are unpacked from it (a .deb is an ``ar``
archive holding ``data.tar.xz``) into the directory of 1 or 3: 57 MB downloaded, 39 MB kept.
``python -m bot.render.fonts`` does it ahead of time and prints where the font is.  The bot never waits for a fetch:
a reading on a machine without the font starts one in the background (``prefetch``) and comes without its
picture; the pictures after it have theirs.
"""

from __future__ import annotations

import io
import logging
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

PACKAGE = "fonts-noto-cjk"
REGULAR, BOLD = "NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"
LICENCE = "copyright"
SYSTEM_DIR = Path("/usr/share/fonts/opentype/noto")
# The faces of each collection, by the language whose glyph forms they draw (the English chart prints the
# canonical terms, which are traditional characters).
FACES = {"ja": 0, "ko": 1, "zh_Hans": 2, "zh_Hant": 3, "en": 3}
FETCH_TIMEOUT = 600  # seconds for apt-get download
RETRY_AFTER = 600  # seconds before a failed fetch is tried again

log = logging.getLogger(__name__)
_lock = threading.Lock()
_failure: tuple[float, FontUnavailable] | None = None
_fetcher: threading.Thread | None = None


class FontUnavailable(RuntimeError):
    """No CJK font was found and none could be fetched; the message says why and what to do."""


@dataclass(frozen=True)
class Fonts:
    regular: Path
    bold: Path


def _in(folder: Path) -> Fonts | None:
    fonts = Fonts(folder / REGULAR, folder / BOLD)
    return fonts if fonts.regular.is_file() and fonts.bold.is_file() else None


def cache_dir() -> Path:
    """Where a fetched font is kept: ``LIUYAO_FONT_DIR``, else the user's cache."""
    if os.environ.get("LIUYAO_FONT_DIR"):
        return Path(os.environ["LIUYAO_FONT_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "liuyao" / "fonts"


def folders() -> list[Path]:
    """Where the font is looked for, in order."""
    env = os.environ.get("LIUYAO_FONT_DIR")
    return [Path(env), SYSTEM_DIR] if env else [SYSTEM_DIR, cache_dir()]


def available() -> Fonts | None:
    """The font files if some folder has them (nothing is fetched)."""
    return next((found for folder in folders() if (found := _in(folder)) is not None), None)


def find(fetch_missing: bool = True) -> Fonts:
    """The font files, fetched into ``cache_dir()`` the first time none is found (one fetch at a time).  A failed
    fetch is not tried again for ``RETRY_AFTER`` seconds: its error is raised again at once."""
    global _failure
    with _lock:
        found = available()
        if found is not None:
            return found
        if not fetch_missing:
            raise FontUnavailable(f"no {REGULAR} and {BOLD} in {' or '.join(map(str, folders()))}")
        if _failure is not None and time.monotonic() - _failure[0] < RETRY_AFTER:
            raise _failure[1]
        try:
            return fetch(cache_dir())
        except FontUnavailable as exc:
            _failure = (time.monotonic(), exc)
            raise


def prefetch() -> None:
    """Fetch the font in a background thread (once at a time), for a caller that must not wait for it."""
    global _fetcher
    with _lock:
        if _fetcher is not None and _fetcher.is_alive():
            return
        _fetcher = threading.Thread(target=_fetch_quietly, name="liuyao-font-fetch", daemon=True)
        _fetcher.start()


def _fetch_quietly() -> None:
    try:
        log.info("the chart picture's font is in %s", find().regular.parent)
    except FontUnavailable as exc:
        log.warning("the chart picture's font could not be fetched: %s", exc)


def fetch(target: Path) -> Fonts:
    """Download ``fonts-noto-cjk`` with apt-get and unpack its Sans collections into ``target``."""
    apt = shutil.which("apt-get")
    if apt is None:
        raise FontUnavailable(f"the chart picture needs Noto Sans CJK and there is no apt-get to fetch {PACKAGE}: "
                              f"install {PACKAGE}, or put {REGULAR} and {BOLD} in LIUYAO_FONT_DIR")
    with tempfile.TemporaryDirectory(prefix="liuyao-font-") as tmp:
        try:
            done = subprocess.run([apt, "download", PACKAGE], cwd=tmp, capture_output=True, text=True,
                                  timeout=FETCH_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise FontUnavailable(f"apt-get download {PACKAGE} took more than {FETCH_TIMEOUT} s") from None
        debs = sorted(Path(tmp).glob("*.deb"))
        if done.returncode != 0 or not debs:
            said = (done.stderr.strip().splitlines() or ["no .deb was written"])[-1]
            raise FontUnavailable(f"apt-get download {PACKAGE} failed ({said}); run apt-get update, install "
                                  f"{PACKAGE}, or put {REGULAR} and {BOLD} in LIUYAO_FONT_DIR")
        unpack(debs[0], target)
    found = _in(target)
    if found is None:
        raise FontUnavailable(f"{debs[0].name} holds no {REGULAR} and {BOLD}")
    return found


def unpack(deb: Path, target: Path) -> None:
    """The font collections and the licence out of a .deb, each written whole before it is given its name."""
    wanted = {REGULAR, BOLD, LICENCE}
    target.mkdir(parents=True, exist_ok=True)
    with deb.open("rb") as fh:
        for name, member in _ar_members(fh):
            if not name.startswith("data.tar"):
                continue
            with tarfile.open(fileobj=member, mode="r|*") as tar:
                for info in tar:
                    base = info.name.rsplit("/", 1)[-1]
                    if info.isfile() and base in wanted:
                        source = tar.extractfile(info)
                        assert source is not None
                        part = target / f".{base}.part"
                        with part.open("wb") as out:
                            shutil.copyfileobj(source, out)
                        part.replace(target / (f"{PACKAGE}.copyright" if base == LICENCE else base))
            return


class _Slice(io.RawIOBase):
    """``size`` bytes of an open file from where it stands: one member of an ``ar`` archive, read as a stream."""

    def __init__(self, fh: IO[bytes], size: int) -> None:
        super().__init__()
        self.fh, self.left = fh, size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.fh.read(min(len(buffer), self.left))
        buffer[:len(data)] = data
        self.left -= len(data)
        return len(data)


def _ar_members(fh: IO[bytes]) -> Iterator[tuple[str, _Slice]]:
    """The members of an ``ar`` archive (a .deb): its name and a stream of its bytes, in order."""
    if fh.read(8) != b"!<arch>\n":
        raise FontUnavailable("the downloaded package is not a Debian archive")
    while True:
        header = fh.read(60)
        if len(header) < 60:
            return
        name = header[:16].decode("ascii").strip().rstrip("/")
        size = int(header[48:58].decode("ascii").strip())
        member = _Slice(fh, size)
        yield name, member
        fh.read(member.left + size % 2)  # what the reader left of it, and the padding to an even offset


def main() -> int:
    """Find or fetch the font and say where it is (deployment and CI run this ahead of the first picture)."""
    try:
        fonts = find()
    except FontUnavailable as exc:
        print(f"liuyao: {exc}", file=sys.stderr)
        return 1
    print(fonts.regular.parent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
