"""Zones as users name them (bot/render/zones.py): IANA names in any case and their old names, places in five languages
(GeoNames' cities and Babel's exemplar cities), a place with its country, a country, UTC offsets — and a name
several places share read as a person would (issue 22: 上海 was offered as four identical choices, London and
Kolkata twice; 北京, 廣州, 臺北, 高雄, 大阪, 부산 and Houston were not known)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.render.han_fold import FOLD
from bot.render.i18n import locale
from bot.render.zones import AMBIGUITY, canonical, find_zones, key, zone_label

WINTER = datetime(2026, 12, 1, tzinfo=UTC)
SUMMER = datetime(2026, 7, 1, tzinfo=UTC)

# Big cities as each language's users write them, and the zone each is in: the capitals and big cities of East
# Asia, then cities of the world.
TYPED = {
    "ko": "서울 Asia/Seoul, 부산 Asia/Seoul, 인천 Asia/Seoul, 대구 Asia/Seoul, 대전 Asia/Seoul, 광주 Asia/Seoul, "
          "울산 Asia/Seoul, 제주 Asia/Seoul, 수원 Asia/Seoul, 평양 Asia/Pyongyang, 도쿄 Asia/Tokyo, 오사카 Asia/Tokyo, "
          "교토 Asia/Tokyo, 요코하마 Asia/Tokyo, 후쿠오카 Asia/Tokyo, 삿포로 Asia/Tokyo, 나고야 Asia/Tokyo, "
          "베이징 Asia/Shanghai, 상하이 Asia/Shanghai, 광저우 Asia/Shanghai, 선전 Asia/Shanghai, 홍콩 Asia/Hong_Kong, "
          "마카오 Asia/Macau, 타이베이 Asia/Taipei, 가오슝 Asia/Taipei, 울란바토르 Asia/Ulaanbaatar, "
          "싱가포르 Asia/Singapore, 방콕 Asia/Bangkok, 호찌민 Asia/Ho_Chi_Minh, 마닐라 Asia/Manila, "
          "자카르타 Asia/Jakarta, 뉴델리 Asia/Kolkata, 두바이 Asia/Dubai, 런던 Europe/London, 파리 Europe/Paris, "
          "베를린 Europe/Berlin, 모스크바 Europe/Moscow, 뉴욕 America/New_York, 워싱턴 America/New_York, "
          "로스앤젤레스 America/Los_Angeles, 샌프란시스코 America/Los_Angeles, 시카고 America/Chicago, "
          "휴스턴 America/Chicago, 시드니 Australia/Sydney, 토론토 America/Toronto, 밴쿠버 America/Vancouver, "
          "상파울루 America/Sao_Paulo",
    "ja": "東京 Asia/Tokyo, 大阪 Asia/Tokyo, 京都 Asia/Tokyo, 横浜 Asia/Tokyo, 名古屋 Asia/Tokyo, 札幌 Asia/Tokyo, "
          "福岡 Asia/Tokyo, 神戸 Asia/Tokyo, 那覇 Asia/Tokyo, 仙台 Asia/Tokyo, 広島 Asia/Tokyo, 大阪市 Asia/Tokyo, "
          "ソウル Asia/Seoul, 釜山 Asia/Seoul, 平壌 Asia/Pyongyang, 北京 Asia/Shanghai, 上海 Asia/Shanghai, "
          "広州 Asia/Shanghai, 深圳 Asia/Shanghai, 香港 Asia/Hong_Kong, 台北 Asia/Taipei, 高雄 Asia/Taipei, "
          "ウランバートル Asia/Ulaanbaatar, シンガポール Asia/Singapore, バンコク Asia/Bangkok, マニラ Asia/Manila, "
          "ジャカルタ Asia/Jakarta, ニューデリー Asia/Kolkata, ドバイ Asia/Dubai, ロンドン Europe/London, "
          "パリ Europe/Paris, ベルリン Europe/Berlin, モスクワ Europe/Moscow, ニューヨーク America/New_York, "
          "ワシントン America/New_York, ロサンゼルス America/Los_Angeles, シカゴ America/Chicago, "
          "ヒューストン America/Chicago, シドニー Australia/Sydney, トロント America/Toronto",
    "zh_Hans": "北京 Asia/Shanghai, 上海 Asia/Shanghai, 广州 Asia/Shanghai, 深圳 Asia/Shanghai, 天津 Asia/Shanghai, "
               "重庆 Asia/Shanghai, 成都 Asia/Shanghai, 武汉 Asia/Shanghai, 西安 Asia/Shanghai, 南京 Asia/Shanghai, "
               "杭州 Asia/Shanghai, 哈尔滨 Asia/Shanghai, 乌鲁木齐 Asia/Urumqi, 拉萨 Asia/Shanghai, "
               "香港 Asia/Hong_Kong, 澳门 Asia/Macau, 台北 Asia/Taipei, 高雄 Asia/Taipei, 首尔 Asia/Seoul, "
               "釜山 Asia/Seoul, 平壤 Asia/Pyongyang, 东京 Asia/Tokyo, 大阪 Asia/Tokyo, 乌兰巴托 Asia/Ulaanbaatar, "
               "新加坡 Asia/Singapore, 曼谷 Asia/Bangkok, 马尼拉 Asia/Manila, 雅加达 Asia/Jakarta, "
               "新德里 Asia/Kolkata, 迪拜 Asia/Dubai, 伦敦 Europe/London, 巴黎 Europe/Paris, 柏林 Europe/Berlin, "
               "莫斯科 Europe/Moscow, 纽约 America/New_York, 华盛顿 America/New_York, 洛杉矶 America/Los_Angeles, "
               "芝加哥 America/Chicago, 休斯敦 America/Chicago, 悉尼 Australia/Sydney, 多伦多 America/Toronto",
    "zh_Hant": "臺北 Asia/Taipei, 台北 Asia/Taipei, 高雄 Asia/Taipei, 臺中 Asia/Taipei, 台中 Asia/Taipei, "
               "臺南 Asia/Taipei, 新竹 Asia/Taipei, 基隆 Asia/Taipei, 桃園 Asia/Taipei, 高雄市 Asia/Taipei, "
               "香港 Asia/Hong_Kong, 澳門 Asia/Macau, 北京 Asia/Shanghai, 上海 Asia/Shanghai, 廣州 Asia/Shanghai, "
               "深圳 Asia/Shanghai, 重慶 Asia/Shanghai, 首爾 Asia/Seoul, 釜山 Asia/Seoul, 東京 Asia/Tokyo, "
               "大阪 Asia/Tokyo, 新加坡 Asia/Singapore, 曼谷 Asia/Bangkok, 馬尼拉 Asia/Manila, 雅加達 Asia/Jakarta, "
               "吉隆坡 Asia/Kuala_Lumpur, 胡志明市 Asia/Ho_Chi_Minh, 新德里 Asia/Kolkata, 杜拜 Asia/Dubai, "
               "倫敦 Europe/London, 巴黎 Europe/Paris, 柏林 Europe/Berlin, 莫斯科 Europe/Moscow, "
               "紐約 America/New_York, 華盛頓 America/New_York, 洛杉磯 America/Los_Angeles, "
               "舊金山 America/Los_Angeles, 芝加哥 America/Chicago, 休士頓 America/Chicago, 休斯頓 America/Chicago, "
               "雪梨 Australia/Sydney, 多倫多 America/Toronto, 溫哥華 America/Vancouver, 蒙特婁 America/Toronto",
    "en": "Seoul Asia/Seoul, Busan Asia/Seoul, Incheon Asia/Seoul, Pyongyang Asia/Pyongyang, Tokyo Asia/Tokyo, "
          "Osaka Asia/Tokyo, Kyoto Asia/Tokyo, Sapporo Asia/Tokyo, Beijing Asia/Shanghai, Peking Asia/Shanghai, "
          "Shanghai Asia/Shanghai, Guangzhou Asia/Shanghai, Shenzhen Asia/Shanghai, Chongqing Asia/Shanghai, "
          "Hong Kong Asia/Hong_Kong, Macau Asia/Macau, Taipei Asia/Taipei, Kaohsiung Asia/Taipei, "
          "Ulaanbaatar Asia/Ulaanbaatar, Singapore Asia/Singapore, Bangkok Asia/Bangkok, "
          "Ho Chi Minh City Asia/Ho_Chi_Minh, Saigon Asia/Ho_Chi_Minh, Manila Asia/Manila, Jakarta Asia/Jakarta, "
          "New Delhi Asia/Kolkata, Mumbai Asia/Kolkata, Bombay Asia/Kolkata, Kolkata Asia/Kolkata, Dubai Asia/Dubai, "
          "London Europe/London, Paris Europe/Paris, Berlin Europe/Berlin, Moscow Europe/Moscow, "
          "New York America/New_York, Washington America/New_York, Los Angeles America/Los_Angeles, "
          "Chicago America/Chicago, Houston America/Chicago, Sydney Australia/Sydney, Toronto America/Toronto, "
          "Mexico City America/Mexico_City, São Paulo America/Sao_Paulo, Sao Paulo America/Sao_Paulo, "
          "Cairo Africa/Cairo, Lagos Africa/Lagos, Istanbul Europe/Istanbul, Vancouver America/Vancouver",
}
CASES = [(lang, typed, zone) for lang, row in TYPED.items() for item in row.split(", ")
         for typed, zone in [item.rsplit(" ", 1)]]


def test_each_language_has_its_list() -> None:
    for lang in TYPED:
        assert sum(c[0] == lang for c in CASES) >= 25, lang


@pytest.mark.parametrize("lang, typed, zone", CASES)
def test_big_cities_in_each_language(lang: str, typed: str, zone: str) -> None:
    assert find_zones(typed, WINTER) == (zone,)


@pytest.mark.parametrize("typed, zone", [
    ("서울", "Asia/Seoul"), ("ソウル", "Asia/Seoul"), ("首尔", "Asia/Seoul"), ("首爾", "Asia/Seoul"), ("Seoul", "Asia/Seoul"),
    ("asia/seoul", "Asia/Seoul"), ("台北", "Asia/Taipei"), ("타이베이", "Asia/Taipei"), ("東京", "Asia/Tokyo"),
    ("New York", "America/New_York"), ("뉴욕", "America/New_York"), ("utc", "UTC"), ("  Europe/Paris ", "Europe/Paris"),
    ("ＳＥＯＵＬ", "Asia/Seoul"), ("new  york", "America/New_York"), ("가오슝 시", "Asia/Taipei"), ("부산광역시", "Asia/Seoul"),
    ("화성", "Asia/Seoul"),  # 華城, a city of Gyeonggi (not only Mars)
])
def test_one_zone(typed: str, zone: str) -> None:
    assert find_zones(typed, WINTER) == (zone,)


@pytest.mark.parametrize("old, kept", [
    ("Asia/Calcutta", "Asia/Kolkata"), ("Europe/Belfast", "Europe/London"), ("Asia/Chongqing", "Asia/Shanghai"),
    ("Asia/Harbin", "Asia/Shanghai"), ("asia/chungking", "Asia/Shanghai"), ("US/Pacific", "America/Los_Angeles"),
    ("Asia/Saigon", "Asia/Ho_Chi_Minh"), ("Europe/Kiev", "Europe/Kyiv"), ("GMT", "UTC"), ("Etc/UTC", "UTC"),
])
def test_an_old_name_is_the_zone_kept_for_it(old: str, kept: str) -> None:
    """The tz database's links (tzdata.zi) lead an old name to the zone zone.tab keeps; a zone a country keeps
    stays itself even where it is a link (Europe/Amsterdam)."""
    assert find_zones(old, WINTER) == (kept,)
    assert canonical("Europe/Amsterdam") == "Europe/Amsterdam" and canonical("Etc/GMT+5") is None


@pytest.mark.parametrize("typed", ["上海", "Shanghai", "상하이", "London", "런던", "Kolkata", "콜카타", "コルカタ",
                                   "加爾各答", "Belfast"])
def test_the_issue_names_are_offered_once(typed: str) -> None:
    """上海 was four identical choices (Asia/Shanghai and its old names Chongqing, Chungking, Harbin, each shown
    as 上海), London and Kolkata two (Europe/Belfast, Asia/Calcutta): one zone each now."""
    assert len(find_zones(typed, WINTER)) == 1


def test_offsets_offer_each_zone_once() -> None:
    for offset in ("+08:00", "+05:30", "+00:00", "-05:00", "+09:00"):
        found = find_zones(offset, WINTER)
        assert len(found) == len(set(found)) and all(canonical(z) == z for z in found), offset
    assert "Asia/Calcutta" not in find_zones("+05:30", WINTER) and "Asia/Kolkata" in find_zones("+05:30", WINTER)
    assert not {"Asia/Chongqing", "Asia/Harbin", "Asia/Chungking"} & set(find_zones("+8", WINTER))


def test_a_real_ambiguity_asks_the_likeliest_first() -> None:
    """Portland, Oregon (Pacific) and Portland, Maine (Eastern): the clocks differ, neither place is an order of
    magnitude smaller — asked, the larger first.  Hyderabad: India or Pakistan."""
    assert find_zones("Portland", WINTER) == ("America/Los_Angeles", "America/New_York")
    assert find_zones("Hyderabad", WINTER) == ("Asia/Kolkata", "Asia/Karachi")


def test_a_namesake_much_smaller_is_not_what_the_name_means() -> None:
    """London, Ontario; Paris, Texas; Moscow, Idaho: each under a tenth of its namesake (``AMBIGUITY``)."""
    assert AMBIGUITY == 10
    assert find_zones("London", WINTER) == ("Europe/London",)
    assert find_zones("Paris", WINTER) == ("Europe/Paris",)
    assert find_zones("Moscow", WINTER) == ("Europe/Moscow",)


def test_places_whose_clocks_agree_are_one_answer() -> None:
    """Vancouver, BC and Vancouver, WA keep one clock through the year: one answer, the larger's zone."""
    assert find_zones("Vancouver", WINTER) == ("America/Vancouver",)
    assert find_zones("Vancouver", SUMMER) == ("America/Vancouver",)


def test_a_place_with_its_country_or_state() -> None:
    assert find_zones("London, Canada", WINTER) == ("America/Toronto",)
    assert find_zones("런던, 캐나다", WINTER) == ("America/Toronto",)
    assert find_zones("캐나다 런던", WINTER) == ("America/Toronto",)
    assert find_zones("Portland, ME", WINTER) == ("America/New_York",)
    assert find_zones("Portland, Oregon", WINTER) == ("America/Los_Angeles",)
    assert find_zones("London, UK", WINTER) == ("Europe/London",)
    assert find_zones("Paris, Texas", WINTER) == ("America/Chicago",)
    assert find_zones("Paris, Canada", WINTER) == ()  # no Paris of 15 000 people there


def test_a_country() -> None:
    assert find_zones("日本", WINTER) == ("Asia/Tokyo",)
    assert find_zones("대한민국", WINTER) == find_zones("한국", WINTER) == ("Asia/Seoul",)
    assert find_zones("Japan", WINTER) == ("Asia/Tokyo",)
    us = find_zones("미국", WINTER)
    assert us[0] == "America/New_York" and "America/Los_Angeles" in us and len(us) == len(set(us)) > 1


def test_an_own_name_before_another_places_alternate_name() -> None:
    """Salem (India, Oregon) is not Jerusalem, whose alternate names include Salem; Bombay is Mumbai's old name
    and no Bombay is an order of magnitude as large."""
    assert "Asia/Jerusalem" not in find_zones("Salem", WINTER)
    assert find_zones("Bombay", WINTER) == ("Asia/Kolkata",)


def test_names_are_folded() -> None:
    assert key("臺北") == key("台北") and key("河內") == key("河内") and key("廣州") == key("広州") == key("广州")
    assert key("São Paulo") == key("sao  paulo") and key("가오슝 시") == key("가오슝시")
    assert key("ＳＥＯＵＬ") == "seoul"


def test_the_han_fold_is_opencc() -> None:
    """bot/render/han_fold.py is what tools/gen_han_fold.py makes with OpenCC (jp2t, then t2s)."""
    opencc = pytest.importorskip("opencc")
    jp2t, t2s = opencc.OpenCC("jp2t"), opencc.OpenCC("t2s")
    for ch in "臺內廣広國東門灣島頓紐約倫華盛溫哥雪梨舊釜山":
        want = t2s.convert(jp2t.convert(ch))
        assert ch.translate(FOLD) == (want if len(want) == 1 else ch), ch
    assert len(FOLD) > 2000


def test_labels_tell_places_apart() -> None:
    assert zone_label("Asia/Tokyo", locale("ko")) == "일본 · 도쿄 (Asia/Tokyo)"
    assert zone_label("America/Los_Angeles", locale("en")) == "United States · Los Angeles (America/Los_Angeles)"
    assert zone_label("UTC", locale("ja")) == "UTC"


def test_an_offset_fits_several_the_likeliest_first() -> None:
    nine = find_zones("+09:00", WINTER)
    assert nine[:2] == ("Asia/Seoul", "Asia/Tokyo") and len(nine) > 2
    assert find_zones("UTC+9", WINTER) == nine == find_zones("+0900", WINTER)
    assert "Asia/Shanghai" in find_zones("+8", WINTER) and "Asia/Taipei" in find_zones("+8", WINTER)


def test_an_offset_is_read_at_the_moment_asked() -> None:
    """Paris is +01:00 in winter and +02:00 in summer."""
    assert "Europe/Paris" in find_zones("+01:00", WINTER) and "Europe/Paris" not in find_zones("+01:00", SUMMER)
    assert "Europe/Paris" in find_zones("+02:00", SUMMER)
    assert "America/New_York" in find_zones("-05:00", WINTER) and "America/New_York" in find_zones("−4", SUMMER)


@pytest.mark.parametrize("typed", ["", "Mars/Olympus", "나니아", "+15:00", "12345", "Narnia", "Etc/GMT+5"])
def test_nothing(typed: str) -> None:
    assert find_zones(typed, WINTER) == ()
