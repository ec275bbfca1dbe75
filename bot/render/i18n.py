"""Languages: gettext catalogs (Babel) in ``locales/``, chosen per update through a ``ContextVar``.

The ``.po`` files are the source; they are compiled with Babel in memory the first time a language is used, so
a fresh clone needs no build step and a catalog edit shows on the next start.  The language lives in a
``ContextVar`` set for each update (and each broadcast message), never in a global, so concurrent users in
different languages are never mixed.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

import locales as locales_package

DOMAIN = "liuyao"
LANGS = ("en", "ko", "ja", "zh_Hans", "zh_Hant")
DEFAULT = "en"
LOCALES = Path(locales_package.__file__).resolve().parent
TERM = "term"  # msgctxt of the classical terms (用神, 世爻, 官鬼 …) that each tradition writes its own way
NATAL = "natal"  # msgctxt of the few 玉照定真經 names whose sense differs from the same term's (bot.render.natal_names)
SHORT = "short"  # msgctxt of the short forms a compact chart prints (官鬼 → "Officer", where the term is long)

_current: ContextVar[str] = ContextVar("liuyao_lang", default=DEFAULT)
_terms_seen: ContextVar[dict[str, None] | None] = ContextVar("liuyao_terms_seen", default=None)


def normalize(code: str | None) -> str:
    """Telegram's ``language_code`` (ko, ja, zh-hans, zh-TW, en-US …) → one of LANGS, English otherwise."""
    if not code:
        return DEFAULT
    c = code.replace("-", "_").lower()
    if c.startswith("ko"):
        return "ko"
    if c.startswith("ja"):
        return "ja"
    if c.startswith("zh"):
        if any(t in c for t in ("hant", "_tw", "_hk", "_mo")):
            return "zh_Hant"
        return "zh_Hans"
    if c in (x.lower() for x in LANGS):
        return next(x for x in LANGS if x.lower() == c)
    return DEFAULT


def catalog_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> Translations:
    """The compiled catalog of ``lang`` (compiled in memory from its .po with Babel)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    with catalog_path(lang).open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


@cache
def locale(lang: str) -> Locale:
    return Locale.parse(lang)


def current() -> str:
    return _current.get()


@contextmanager
def use(lang: str) -> Iterator[None]:
    """Render everything inside in ``lang``."""
    token = _current.set(lang if lang in LANGS else DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


def set_current(lang: str) -> None:
    """Set the language for the rest of this task (an update handler runs in its own task context)."""
    _current.set(lang if lang in LANGS else DEFAULT)


def _(message: str) -> str:
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).ngettext(singular, plural, n)


def term(word: str, context: str = TERM) -> str:
    """A classical term in the current language's usage (官鬼 → 관귀 / 官鬼 / 官鬼 / Officer-Ghost); ``context``
    NATAL for a name in the sense 玉照定真經 gives it.  Inside ``terms_seen`` the term is remembered (for /terms)."""
    seen = _terms_seen.get()
    if seen is not None and context == TERM:
        seen.setdefault(word, None)
    return str(translations(_current.get()).pgettext(context, word))


def short(word: str) -> str:
    """A classical term as a compact chart prints it: the term itself where it is already short (官鬼, 관귀)."""
    seen = _terms_seen.get()
    if seen is not None:
        seen.setdefault(word, None)
    return str(translations(_current.get()).pgettext(SHORT, word))


@contextmanager
def terms_seen() -> Iterator[dict[str, None]]:
    """The canonical terms rendered inside, in the order first shown (for /terms: what a reading used)."""
    seen: dict[str, None] = {}
    token = _terms_seen.set(seen)
    try:
        yield seen
    finally:
        _terms_seen.reset(token)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet."""
    return message
