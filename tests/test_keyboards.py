"""``bot.handlers.keyboards``: a keyboard is built once per language and arguments and turned into JSON once (issue 12: a
cheaper update, the same replies) — what goes out is what PTB itself makes of the same buttons."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup

from bot.handlers import keyboards as kb
from bot.render.i18n import LANGS, _, use
from core.question import FollowUp, Topic

BUILDS = (
    (kb.topics, ()), (kb.follow_up, (Topic.marriage, FollowUp.sex)), (kb.follow_up, (Topic.wealth, FollowUp.horizon)),
    (kb.question_text, ()), (kb.methods, ()), (kb.toss, (0, "backs")), (kb.toss, (3, "faces")), (kb.moment, ()),
    (kb.cast_time, ()), (kb.start, ()), (kb.languages, ()), (kb.zones, ()), (kb.settings, (23, "backs")),
    (kb.birth_date, ()), (kb.birth_time, ()), (kb.birth_zone, ("Asia/Seoul",)), (kb.birth_sex, ()),
)


def test_each_keyboard_is_built_once_per_language_and_sends_what_ptb_would() -> None:
    for lang in LANGS:
        with use(lang):
            for build, args in BUILDS:
                made = build(*args)
                assert build(*args) is made, (lang, build.__name__)
                plain = InlineKeyboardMarkup(made.inline_keyboard)  # PTB's own keyboard of the same buttons
                assert made.to_dict() == plain.to_dict(), (lang, build.__name__)
                assert made.to_dict() == plain.to_dict()  # the second time, from the cached form
                assert made.to_dict(recursive=False).keys() == plain.to_dict(recursive=False).keys()


def test_keyboards_follow_the_language_and_the_arguments() -> None:
    with use("en"):
        english = kb.toss(1, "backs")
        assert kb.settings(23, "backs") is not kb.settings(0, "backs")
        assert kb.settings(23, "backs", grim=True) is kb.settings(23, "backs", grim=True)
        assert kb.settings(23, "backs", grim=True).to_dict() == kb.settings(23, coins="backs", grim=True).to_dict()
        assert kb.settings(23, "backs", grim=True).to_dict() != kb.settings(23, "backs").to_dict()
    with use("ko"):
        korean = kb.toss(1, "backs")
        assert korean is not english
        assert korean.inline_keyboard[0][0].text != english.inline_keyboard[0][0].text
        assert korean.inline_keyboard[-1][-1].text == _("Cancel")
    assert [b.callback_data for row in korean.inline_keyboard for b in row] == \
        [b.callback_data for row in english.inline_keyboard for b in row]
    assert kb.toss(2, "backs").inline_keyboard[0][0].callback_data == "c:2:0"


def test_a_changed_copy_does_not_change_what_is_sent_next() -> None:
    with use("ja"):
        sent = kb.methods().to_dict()
        sent["inline_keyboard"] = []
        sent["extra"] = 1
        assert kb.methods().to_dict() == InlineKeyboardMarkup(kb.methods().inline_keyboard).to_dict()
