"""Zones as users name them (bot/zones.py): IANA names in any case, cities in five languages, UTC offsets."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.zones import find_zones

WINTER = datetime(2026, 12, 1, tzinfo=UTC)
SUMMER = datetime(2026, 7, 1, tzinfo=UTC)


@pytest.mark.parametrize("typed, zone", [
    ("서울", "Asia/Seoul"), ("ソウル", "Asia/Seoul"), ("首尔", "Asia/Seoul"), ("首爾", "Asia/Seoul"), ("Seoul", "Asia/Seoul"),
    ("asia/seoul", "Asia/Seoul"), ("台北", "Asia/Taipei"), ("타이베이", "Asia/Taipei"), ("東京", "Asia/Tokyo"),
    ("New York", "America/New_York"), ("뉴욕", "America/New_York"), ("utc", "UTC"), ("  Europe/Paris ", "Europe/Paris"),
])
def test_one_zone(typed: str, zone: str) -> None:
    assert find_zones(typed, WINTER) == (zone,)


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


@pytest.mark.parametrize("typed", ["", "Mars/Olympus", "화성", "+15:00", "12345", "Asia"])
def test_nothing(typed: str) -> None:
    assert find_zones(typed, WINTER) == ()
