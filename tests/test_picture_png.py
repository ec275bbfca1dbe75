"""What is sent is what was drawn (``encode_png`` is lossless), and ``draw`` stamps the same pixels Pillow's
``text`` draws (issue 12: a cheaper update, the same replies): each chart picture, decoded by Pillow, equals the
image Pillow itself draws, exactly."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from PIL import Image, ImageDraw

from bot.render import chart_picture as cp
from bot.render.chart_picture import PNG_SIGNATURE, TRIGRAMS, Picture, draw, encode_png, layout, render_png
from bot.render.fonts import available
from bot.render.i18n import use
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.question import Question
from core.reading.pipeline import read


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
def test_the_chart_picture_sent_is_the_one_drawn(lang: str) -> None:
    reading = read(build_chart(parse_cast("987868"), Moment.at(datetime(2026, 3, 2, 3, 0, tzinfo=UTC), "Asia/Seoul")),
                   Question.parse_ids("wealth", None, None, None))
    with use(lang):
        image = draw(layout(reading))
        sent = render_png(reading)
    assert sent.startswith(PNG_SIGNATURE)
    assert decoded(sent).tobytes() == image.tobytes()  # what is sent is what was drawn


def drawn_by_pillow(picture: Picture, lang: str) -> Image.Image:
    """The picture as Pillow's own ``ImageDraw.text`` draws it, run by run (how ``draw`` drew it before stamps)."""
    image = Image.new("RGB", (picture.width, picture.height), cp.PAPER)
    pen = ImageDraw.Draw(image)
    for mark in picture.marks:
        pen.rounded_rectangle(mark.box, radius=10, fill=mark.colour)
    for bar in picture.bars + [stroke for tx in picture.texts for stroke in tx.strokes]:
        pen.rectangle((bar.box[0], bar.box[1], bar.box[2] - 1, bar.box[3] - 1), fill=bar.colour)
    for tx in picture.texts:
        at = float(tx.x)
        font = cp._font(tx.size, tx.bold, lang)
        for seg in cp._segments(tx.text):
            if seg in TRIGRAMS:
                at += tx.size * 0.9
                continue
            pen.text((at, tx.baseline), seg, font=font, fill=tx.colour, anchor="ls")
            at += font.getlength(seg)
    return image


@pytest.mark.skipif(available() is None, reason="the chart picture's font is not on this machine")
@pytest.mark.parametrize("lang", ["en", "ko", "ja", "zh_Hans", "zh_Hant"])
def test_stamped_runs_are_pillows_text_pixel_for_pixel(lang: str) -> None:
    """Every run of text is stamped from a cached mask; the result is what Pillow draws, to the last pixel — at
    whole and fractional origins (a run after a drawn trigram or another run starts between pixels), in every
    colour, for charts with and without moving lines."""
    moment = Moment.at(datetime(2026, 7, 19, 15, 30, tzinfo=UTC), "Asia/Tokyo")
    casts = ("987868", "777777", "888888", "696969", "789968")
    with use(lang):
        for cast in casts:
            reading = read(build_chart(parse_cast(cast), moment), Question.parse_ids("career", None, None, None))
            picture = layout(reading)
            for _ in range(2):  # the second time every stamp comes from the cache
                assert draw(picture).tobytes() == drawn_by_pillow(picture, lang).tobytes(), (lang, cast)
    fractional = [t for t in picture.texts if len(cp._segments(t.text)) > 1]
    assert fractional or lang != "en"  # the English palace names carry a drawn trigram mid-run
