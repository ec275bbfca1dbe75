"""Japanese shows the forms Japanese readers write: 新字体 where there is one (内 not 內, 児 not 兒, 従魁 not 從魁,
官禄 not 官祿), and 「・」 rather than the Latin middle dot.  OpenCC's Traditional → Japanese conversion (t2jp) must
leave every catalog string unchanged, but for the pairs allowed here, each with why; a few variants it does not know
are added."""

from __future__ import annotations

import opencc
from babel.messages.pofile import read_po

from bot.render.i18n import catalog_path

T2JP = opencc.OpenCC("t2jp")
# (as written, what OpenCC would make of it): legitimate in Japanese text
ALLOWED = {
    ("龍", "竜"),  # 青龍, 龍德: the names of the spirit and the star keep 龍, as Japanese books on the art write them
    ("填", "塡"),  # 填実: 填 is the form the 常用漢字 table has; OpenCC turns it into the older 塡
    ("豫", "予"),  # 雷地豫: the hexagram's name keeps 豫
}
# variants with a 新字体 form that OpenCC leaves alone
MISSED = {"壻": "婿"}
MIDDLE_DOT = "\u00b7"


def wrong_ja(text: str) -> list[tuple[str, str, str]]:
    """The characters of ``text`` a Japanese reader would not write, each with the form to write and its context."""
    converted = T2JP.convert(text)
    assert len(converted) == len(text)  # OpenCC maps character for character here
    found = [(a, b, text[max(0, i - 8):i + 8]) for i, (a, b) in enumerate(zip(text, converted, strict=True))
             if a != b and (a, b) not in ALLOWED]
    found += [(a, MISSED.get(a, "・"), text[max(0, i - 8):i + 8]) for i, a in enumerate(text)
              if a in MISSED or a == MIDDLE_DOT]
    return found


def test_catalog_strings_in_japanese_forms() -> None:
    with catalog_path("ja").open("rb") as fh:
        cat = read_po(fh, locale="ja")
    wrong = []
    for msg in cat:
        for s in msg.string if isinstance(msg.string, tuple) else (msg.string,):
            wrong += wrong_ja(s or "")
    assert not wrong, wrong[:20]


def test_the_check_can_fail() -> None:
    assert [w[:2] for w in wrong_ja("內 兒 從魁 官祿 壻 九病·肺 青龍")] == [
        ("內", "内"), ("兒", "児"), ("從", "従"), ("祿", "禄"), ("壻", "婿"), (MIDDLE_DOT, "・")]
