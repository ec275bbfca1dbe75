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
