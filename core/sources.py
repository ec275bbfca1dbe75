"""Where a rule comes from: its id in the notes' catalogues and the seed passage it rests on.

Every finding of the engine carries one of these, so a reading can always answer "says who?".
"""

from __future__ import annotations

from core.values import value

SEEDS = {
    "000": "000_f631da5d64d9665e.txt",  # 易林補遺-line topic chapters (年時, 身命, 壽元, 媒妁, 婚姻)
    "001": "001_e929b0eae94976ad.txt",  # 易冒: 助傷, 局會, 刑害, 神煞
    "002": "002_e5ce2a2efc6fe696.txt",  # 增刪卜易: 納甲 … 日辰
    "004": "004_9d8cf017042ff6cb.txt",  # 玉照定真經
    "zsby": "zsby_doctrine.txt",  # 增刪卜易 itself: 卷首 and chapters 18–34 (shared/texts)
}

# The book each seed file holds, and its chapters by the line they begin at (from the notes' line ranges), so a
# passage can be named as a reader finds it: 增刪卜易, 應期總注章.  Canonical names; the catalogs render them.
BOOKS = {"000": "易林補遺", "001": "易冒", "002": "增刪卜易", "004": "玉照定真經", "zsby": "增刪卜易"}
CHAPTERS: dict[str, tuple[tuple[int, str], ...]] = {
    "000": ((1, "年時豐歉章"), (35, "身命章"), (131, "六親壽命章"), (151, "倩媒說合章"), (159, "婚姻嫁娶章")),
    "001": ((1, "助傷章"), (17, "局會章"), (33, "刑害章"), (51, "神煞章")),
    "002": ((1, "渾天甲子章"), (31, "用神章"), (43, "元神忌神章"), (71, "生克章"), (99, "動變章"), (107, "月建章"),
            (159, "日辰章")),
    "004": ((1, "玉照定真經"),),
    "zsby": ((1, "增刪卜易序"), (35, "目錄"), (181, "八卦章"), (185, "卦象圖"), (240, "八宮圖"), (423, "卷首問答"),
             (473, "六神章"), (499, "六合章"), (541, "六沖章"), (587, "三刑章"), (598, "暗動章"), (610, "動散章"),
             (621, "卦變生克墓絕章"), (628, "反伏章"), (660, "旬空章"), (700, "生旺墓絕章"), (717, "題頭總注章"),
             (729, "應期總注章"), (750, "歸魂遊魂章"), (763, "月破章"), (808, "飛伏神章"), (894, "進神退神章"),
             (1074, "隨鬼入墓章"), (1123, "獨發章"), (1175, "兩現章"), (1203, "星煞章"), (1221, "黃金策千金賦")),
}


@value
class Source:
    """A rule id (``YS-08``, ``M-05`` …, as in ``shared/notes``) and the seed and line of the passage."""

    rule: str
    seed: str  # "000", "001", "002", "004", or "zsby" (shared/texts/zsby_doctrine.txt)
    line: int  # 1-based line of the seed file
    decision: bool = False  # True when DESIGN.md, not the text, decides it

    def __post_init__(self) -> None:
        if self.seed not in SEEDS:
            raise ValueError(f"unknown seed {self.seed!r}; known: {', '.join(SEEDS)}")
        if self.line < 1:
            raise ValueError("seed lines are numbered from 1")

    def __str__(self) -> str:
        return f"{self.rule} ({self.seed}:{self.line})"

    @property
    def book(self) -> str:
        return BOOKS[self.seed]

    @property
    def chapter(self) -> str:
        """The chapter of the seed the passage is in."""
        return next(name for first, name in reversed(CHAPTERS[self.seed]) if first <= self.line)
