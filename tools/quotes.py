"""Write bot/render/quotes.py: for every registered rule id, a short quote of the passage it rests on.

    python tools/quotes.py

Reads the seed line each id is registered at (core.rules) from shared/seeds and shared/texts (the Chinese line:
a translation line steps back to the Chinese paragraph it follows) and keeps the clause that shares the most
characters with the rule's title, at most ``LONGEST`` characters.  The table is stored in the repository, so the
bot and the tests never read shared/; run again after registering rules.  A quote is the text's own words; where a
clause is cut, it ends in "…".
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import opencc

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import rules  # noqa: E402
from core.sources import SEEDS  # noqa: E402

SHARED = ROOT.parent.parent / "shared" if not (ROOT.parent / "shared").exists() else ROOT.parent / "shared"
LONGEST = 32
_FOREIGN = re.compile(r"[\u3040-\u30ff\uac00-\ud7af]")  # kana or hangul: a translation line
# Chosen by hand where the best clause by title is not the saying the rule rests on (same seed line).
CURATED = {
    "YS-01": "占父母即以卦中之父母爻為用神",
    "YS-02": "占功名、官府、雷霆鬼神、妻占夫皆以官鬼爻為用神",
    "YS-03": "占兄弟、姐妹、族中兄弟……都以兄弟爻為用神",
    "YS-04": "占姊丈妹夫以世爻為用神",
    "YS-05": "占貨財、珠寶、倉庫一切使用之財物亦以妻財爻為用神",
    "YS-06": "占子孫、占女、女婿、侄、甥、門生……皆以子孫爻為用神",
    "SW-06": "今愈子日辰土財爻旺於子也",
    "D-07": "爻之衰弱，能生扶合拱，如時雨以滋苗",
    "SK-07": "巳火鬼動，刑剋申金，重罪定矣",
    "SK-06": "喜申子辰合成水局，以生官，不獨無害",
    "T-09": "應三月者辰土出空之月也",
    "YS-10": "",  # its registered line (002:71) is a case of 生克 that does not say it: no quote rather than a wrong one
    "SK-01": "凡用神、元神宜於逢生，月建生、日建生，動爻生、動化回頭生",
    "JS-06": "以上四处若得全来生合用神者，诸占全吉",
    "SW-05": "常见土临父母。有申日雨者……又见土临子孙，有申日晴者",
    "LS-02": "卦之吉者逢龙而更吉，卦之凶者逢白虎而更凶",
    "XS-05": "然不能独操祸福",
    "TT-01": "但得用神临日月……皆谓之旺",
}
_MARKS = "，、：；。「」『』“”（）"  # no quote opens or closes on a mark: the ellipsis stands for the cut
_CLAUSE = re.compile(r"[^。；！？]+[。；！？]?")


def _lines(seed: str) -> list[str]:
    name = SEEDS[seed]
    path = SHARED / ("texts" if seed == "zsby" else "seeds") / name
    return path.read_text(encoding="utf-8").splitlines()


def _chinese(lines: list[str], n: int) -> str:
    i = n - 1
    while i >= 0 and (not lines[i].strip() or _FOREIGN.search(lines[i])):
        i -= 1
    return lines[i].strip() if i >= 0 else ""


def _quote(text: str, title: str) -> str:
    clauses = [c.strip() for c in _CLAUSE.findall(text) if c.strip() and not re.search("[″′]", c)]
    if not clauses:
        return ""
    want = set(title)
    best = max(clauses, key=lambda c: (len(want & set(c)), -len(c)))
    best = best.rstrip("。；！？，、：").lstrip(_MARKS)
    if len(best) <= LONGEST:
        return best
    # the window of LONGEST characters with the most of the title's characters
    start = max(range(len(best) - LONGEST + 1), key=lambda i: len(want & set(best[i:i + LONGEST])))
    cut = best[start:start + LONGEST]
    head, tail = cut.lstrip(_MARKS), cut.rstrip(_MARKS)
    cut = cut[len(cut) - len(head):len(tail)] if head and tail else cut
    return ("…" if start else "") + cut + ("…" if start + LONGEST < len(best) else "")


_HANS, _HANT = opencc.OpenCC("t2s"), opencc.OpenCC("s2t")
# characters OpenCC would change where the classics mean them as written: 占 (divine, not 佔 occupy), 凶 (ill, not
# 兇 violent), 丑 and 干 (a branch, the stems), 云 (says), 咸 (the hexagram) …; 乾 the trigram stays in simplified
KEEP_HANT = frozenset("凶占咸征干才丑台暗云")
KEEP_HANS = frozenset("乾")


def _script(text: str, cc: opencc.OpenCC, keep: frozenset[str]) -> str:
    out = cc.convert(text)
    if len(out) != len(text):
        return out
    out = "".join(a if a in keep else b for a, b in zip(text, out, strict=True))
    return out.replace("衝", "沖") if cc is _HANT else out  # 沖 the clash, as the engine's terms write it


def main() -> None:
    cache: dict[str, list[str]] = {}
    out = {}
    for rule in rules.ids():
        src = rules.source(rule)
        lines = cache.setdefault(src.seed, _lines(src.seed))
        q = CURATED[rule] if rule in CURATED else _quote(_chinese(lines, src.line), rules.title(rule))
        if q:
            out[rule] = q
    # both scripts, so a reader of simplified Chinese reads the passage in simplified characters and every other
    # reader (traditional Chinese, Japanese, Korean, English) in the traditional forms the classics are printed in
    body = "".join(f"    {rule!r}: ({_script(q, _HANS, KEEP_HANS)!r}, {_script(q, _HANT, KEEP_HANT)!r}),\n"
                   for rule, q in out.items())
    (ROOT / "bot" / "render" / "quotes.py").write_text(
        '"""The passage behind each rule, quoted short (written by tools/quotes.py from the seed line core.rules\n'
        'registers; the classical text is public domain).  A reader can find it in the book and chapter the source\n'
        'names: (simplified, traditional)."""\n\nQUOTES: dict[str, tuple[str, str]] = {\n' + body + "}\n",
        encoding="utf-8")
    print(f"{len(out)} quotes")


if __name__ == "__main__":
    main()
