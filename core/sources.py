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
    "zsbyt": "zsby_topics_doctrine.txt",  # 增刪卜易's topic chapters 35–130, 天時 … 新亡附葬祖塋, cases removed
}

# The book each seed file holds, and its chapters by the line they begin at (from the notes' line ranges), so a
# passage can be named as a reader finds it: 增刪卜易, 應期總注章.  Canonical names; the catalogs render them.
BOOKS = {"000": "易林補遺", "001": "易冒", "002": "增刪卜易", "004": "玉照定真經", "zsby": "增刪卜易",
         "zsbyt": "增刪卜易"}
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
    # zsby_topics_doctrine.txt: each chapter from its ``== heading ==`` line, named in traditional characters (the
    # file prints simplified ones; 考道才 is the TOC's 考遺才, 子占父動名 its 子占父功名, long headings shortened)
    "zsbyt": (
             (1, "天時章"), (53, "身命章"), (56, "終身財福章"), (82, "終身功名有無章"), (90, "壽元章"),
             (96, "趨避章"), (114, "父母壽元章"), (119, "兄弟章"), (124, "夫婦章"), (135, "子嗣章"),
             (147, "學業章"), (153, "治經章"), (157, "延師章"), (169, "求名章"), (172, "童試章"),
             (179, "歲科考章"), (187, "增廩章"), (191, "考遺才章"), (194, "發案持榜章"), (197, "延試章"),
             (200, "鄉試章"), (224, "升選候補章"), (235, "升遷何方章"), (240, "在任吉凶章"), (253, "援例章"),
             (260, "武試章"), (266, "投麾效用入武從軍章"), (269, "署印謀差章"), (273, "面聖上書章"), (296, "養親告病辭官章"),
             (300, "營造公務防患章"), (306, "僧官道紀醫官雜職章"), (310, "功名到何品級章"), (314, "子占父功名章"), (317, "求財章"),
             (344, "謁貴求財章"), (354, "為貴人奔走效力求財章"), (357, "開行開店章"), (366, "投行損益章"), (369, "囤貨賣貨章"),
             (378, "賣貨宜守宜動章"), (384, "往何方買賣章"), (387, "買何貨為吉章"), (390, "借貸章"), (393, "放債索債章"),
             (396, "買賣六畜章"), (399, "博戲章"), (402, "請會搖會章"), (406, "行險求財章"), (409, "婚姻章"),
             (427, "此婚子嗣有無章"), (430, "此婚有宜於父母否章"), (433, "納寵章"), (436, "娶離婦跳娼婦章"), (439, "胎孕章"),
             (446, "問產婦安否章"), (451, "產期章"), (454, "嬰童否泰章"), (457, "出行章"), (470, "舟行章"),
             (473, "同舟共行章"), (476, "行人章"), (480, "防非避訟章"), (484, "鬥毆爭競章"), (487, "興詞舉訟章"),
             (490, "已定重罪章"), (493, "疾病章"), (508, "痘疹章"), (512, "病源章"), (516, "鬼神章"),
             (521, "延醫章"), (532, "醫卜往治章"), (538, "家宅章"), (545, "蓋造買宅賃宅章"), (554, "創造宮室章"),
             (557, "修方動土章"), (562, "遷居過火章"), (565, "歸宅入火章"), (568, "入宅六親凶吉章"), (572, "馬房豬圈章"),
             (577, "舊宅章"), (586, "同居章"), (589, "蓋造官衙章"), (592, "占衙宇章"), (595, "蓋造寺院章"),
             (599, "墓葬章"), (602, "尋地章"), (615, "占地形勢章"), (622, "卜得地於何時章"), (626, "得地於何方章"),
             (629, "占地師章"), (632, "點穴章"), (635, "謀地偷葬章"), (638, "祖塋舊冢章"), (644, "因何事所傷章"),
             (647, "修補秘法章"), (650, "再占修補吉凶章"), (653, "新亡附葬祖塋章")),
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
