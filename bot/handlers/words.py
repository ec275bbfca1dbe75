"""Words users type for a topic, in any of the five languages: ``/cast 789968 재물``, ``金運``, ``求财``, ``wealth``.

The words are the topic buttons' own labels in every catalog, split at their separators (재물·사업 → 재물, 사업), so
a word the user has seen on a button is one the bot understands; plus the topic ids.  A word two topics' labels
share belongs to the topic whose label it opens (文书 opens 文书、合同 but closes 房屋、田产、车辆、文书).
"""

from __future__ import annotations

import re
from functools import cache

from bot.handlers.keyboards import TOPIC_LABELS
from bot.render.i18n import LANGS, translations
from core.question import Topic

_SPLIT = re.compile(r"\s*(?:[·・、，,/／()（）]|\bor\b|또는|或)\s*")


def _key(word: str) -> str:
    return word.strip().casefold()


@cache
def topic_words() -> dict[str, Topic]:
    first: dict[str, Topic] = {}
    later: dict[str, set[Topic]] = {}
    for lang in LANGS:
        gettext = translations(lang).gettext
        for tid, label in TOPIC_LABELS.items():
            parts = [p for p in _SPLIT.split(gettext(label)) if p]
            for i, part in enumerate(parts):
                if i == 0:
                    first.setdefault(_key(part), Topic(tid))
                else:
                    later.setdefault(_key(part), set()).add(Topic(tid))
    words = {w: next(iter(ts)) for w, ts in later.items() if len(ts) == 1}
    words |= first
    words |= {t.value: t for t in Topic}
    return words


def topic_of(word: str) -> Topic | None:
    """The topic a typed word names, or None."""
    return topic_words().get(_key(word))
