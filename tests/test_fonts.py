"""Finding and fetching the CJK font: the folders in order, a .deb unpacked by hand (ar, then data.tar.xz), the
fetch through apt-get (a stand-in apt-get on PATH that writes a small package, or fails as apt-get does), and the
errors that say what to do."""

from __future__ import annotations

import io
import os
import stat
import tarfile
from pathlib import Path

import pytest

from bot.render import fonts

FONT_DIR = "./usr/share/fonts/opentype/noto/"


def ar_member(name: str, data: bytes) -> bytes:
    header = f"{name + '/':<16}{0:<12}{0:<6}{0:<6}{100644:<8}{len(data):<10}`\n".encode("ascii")
    return header + data + (b"\n" if len(data) % 2 else b"")


def tar_xz(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:xz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def deb(regular: bytes = b"regular" * 999, bold: bytes = b"bold!" * 777) -> bytes:
    """A package laid out as Debian's fonts-noto-cjk: the Serif collections beside the Sans ones, a licence."""
    data = tar_xz({FONT_DIR + fonts.REGULAR: regular, FONT_DIR + fonts.BOLD: bold,
                   FONT_DIR + "NotoSerifCJK-Regular.ttc": b"serif",
                   "./usr/share/doc/fonts-noto-cjk/copyright": b"SIL Open Font License 1.1"})
    return (b"!<arch>\n" + ar_member("debian-binary", b"2.0\n") + ar_member("control.tar.xz", tar_xz({"./control": b"x"}))
            + ar_member("data.tar.xz", data))


def test_unpack_takes_the_sans_collections_and_the_licence(tmp_path: Path) -> None:
    package = tmp_path / "fonts-noto-cjk.deb"
    package.write_bytes(deb())
    fonts.unpack(package, tmp_path / "out")
    got = {p.name: p.read_bytes() for p in (tmp_path / "out").iterdir()}
    assert got == {fonts.REGULAR: b"regular" * 999, fonts.BOLD: b"bold!" * 777,
                   "fonts-noto-cjk.copyright": b"SIL Open Font License 1.1"}


def fake_apt(tmp_path: Path, script: str) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    apt = bin_dir / "apt-get"
    apt.write_text("#!/bin/sh\n" + script)
    apt.chmod(apt.stat().st_mode | stat.S_IEXEC)
    os.environ["PATH"] = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"


def test_the_first_use_fetches_with_apt_get_and_the_next_finds_it(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "package.deb"
    package.write_bytes(deb())
    monkeypatch.setenv("PATH", os.environ["PATH"])
    monkeypatch.setenv("LIUYAO_FONT_DIR", str(tmp_path / "fonts"))
    monkeypatch.setattr(fonts, "SYSTEM_DIR", tmp_path / "system")
    monkeypatch.setattr(fonts, "_failure", None)
    fake_apt(tmp_path, f'[ "$1 $2" = "download fonts-noto-cjk" ] && cp {package} "./fonts-noto-cjk_1_all.deb"\n')
    found = fonts.find()
    assert found == fonts.Fonts(tmp_path / "fonts" / fonts.REGULAR, tmp_path / "fonts" / fonts.BOLD)
    assert found.regular.read_bytes() == b"regular" * 999
    package.unlink()  # no second download: the folder has it now
    assert fonts.find() == found
    assert fonts.main() == 0


def test_the_system_font_is_taken_before_any_fetch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    system = tmp_path / "system"
    system.mkdir()
    (system / fonts.REGULAR).write_bytes(b"r")
    (system / fonts.BOLD).write_bytes(b"b")
    monkeypatch.delenv("LIUYAO_FONT_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(fonts, "SYSTEM_DIR", system)
    assert fonts.find(fetch_missing=False) == fonts.Fonts(system / fonts.REGULAR, system / fonts.BOLD)
    assert fonts.cache_dir() == tmp_path / "cache" / "liuyao" / "fonts"


def test_a_failed_fetch_says_why_and_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LIUYAO_FONT_DIR", str(tmp_path / "fonts"))
    monkeypatch.setattr(fonts, "SYSTEM_DIR", tmp_path / "system")
    monkeypatch.setattr(fonts, "_failure", None)
    monkeypatch.setenv("PATH", os.environ["PATH"])
    fake_apt(tmp_path, 'echo "E: Unable to locate package fonts-noto-cjk" >&2; exit 100\n')
    with pytest.raises(fonts.FontUnavailable, match="Unable to locate package.*apt-get update.*LIUYAO_FONT_DIR"):
        fonts.find()
    assert fonts.main() == 1
    assert "liuyao: apt-get download fonts-noto-cjk failed" in capsys.readouterr().err
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    monkeypatch.setattr(fonts, "_failure", None)  # past RETRY_AFTER
    with pytest.raises(fonts.FontUnavailable, match="no apt-get.*install fonts-noto-cjk"):
        fonts.find()
    with pytest.raises(fonts.FontUnavailable, match="not a Debian archive"):
        bad = tmp_path / "bad.deb"
        bad.write_bytes(b"PK\x03\x04 a zip")
        fonts.unpack(bad, tmp_path / "out")


def test_a_failed_fetch_is_not_repeated_at_once_and_the_background_fetch_logs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("LIUYAO_FONT_DIR", str(tmp_path / "fonts"))
    monkeypatch.setattr(fonts, "SYSTEM_DIR", tmp_path / "system")
    monkeypatch.setattr(fonts, "_failure", None)
    monkeypatch.setenv("PATH", os.environ["PATH"])
    calls = tmp_path / "calls"
    fake_apt(tmp_path, f'echo x >> {calls}; echo "E: Failed to fetch" >&2; exit 100\n')
    for _ in range(3):
        with pytest.raises(fonts.FontUnavailable, match="Failed to fetch"):
            fonts.find()
    assert calls.read_text().count("x") == 1  # tried once; the error remembered for RETRY_AFTER
    assert fonts.available() is None
    monkeypatch.setattr(fonts, "_failure", None)
    fonts.prefetch()
    assert fonts._fetcher is not None
    fonts._fetcher.join(10)
    assert calls.read_text().count("x") == 2
    assert any("could not be fetched" in r.getMessage() for r in caplog.records)
