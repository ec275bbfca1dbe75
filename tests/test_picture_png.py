"""``bot.chart_picture.encode_png`` writes the same pixels Pillow's encoder does (issue 12: a cheaper update, the
same replies): each chart picture, decoded by Pillow, equals the drawn image exactly."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from PIL import Image, ImageDraw

from bot.chart_picture import PNG_SIGNATURE, draw, encode_png, layout, render_png
from bot.fonts import available
from bot.i18n import use
from core.calendar import Moment
from core.cast import parse_cast
from core.chart import build_chart
from core.question import Question
from core.reading import read


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_a_drawn_image_comes_back_pixel_for_pixel() -> None:
    image = Image.new("RGB", (37, 23), "#fbf8f1")  # an odd width: rows are not a multiple of 4 bytes
    draw = ImageDraw.Draw(image)
    draw.rectangle((3, 4, 20, 9), fill="#b3261e")
    draw.line((0, 22, 36, 0), fill="#1d1d1f", width=2)
    data = encode_png(image)
    assert data.startswith(PNG_SIGNATURE)
    back = decoded(data)
    assert (back.mode, back.size) == ("RGB", (37, 23))
    assert back.tobytes() == image.tobytes()


@pytest.mark.skipif(available() is None, reason="the chart picture's font is not on this machine")
@pytest.mark.parametrize("lang", ["en", "ko", "ja", "zh_Hans", "zh_Hant"])
def test_the_chart_picture_has_pillows_pixels_in_fewer_bytes(lang: str) -> None:
    reading = read(build_chart(parse_cast("987868"), Moment.at(datetime(2026, 3, 2, 3, 0, tzinfo=UTC), "Asia/Seoul")),
                   Question.parse_ids("wealth", None, None, None))
    with use(lang):
        image = draw(layout(reading))
        sent = render_png(reading)
    assert decoded(sent).tobytes() == image.tobytes()  # what is sent is what was drawn
    pillows = io.BytesIO()
    image.save(pillows, format="PNG", compress_level=1)  # how the bot encoded it before
    assert decoded(pillows.getvalue()).tobytes() == decoded(sent).tobytes()
    assert len(sent) < len(pillows.getvalue())
