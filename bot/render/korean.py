"""Korean particles chosen by the sound they follow: ``亥이(가)`` → ``亥가``, ``午을(를)`` → ``午를``, ``辰과(와)`` → ``辰과``.

Catalog strings write a particle after a placeholder in both forms, as Korean style guides do for templates; once
the placeholder is filled, the form is chosen from the final syllable of the word before it: its 받침, read in
Korean for hanja (亥 해, 辰 진: the ``hanja`` library reads them), for digits (3 삼, 7 칠) and roughly for Latin
letters.  A parenthesised gloss or a closing quote between the word and the particle is skipped: ``월파(月破)이(가)``
follows 파.
"""

from __future__ import annotations

import re

import hanja

# the form after a final consonant, the form after a vowel; (으)로 also takes 로 after ㄹ
_PAIRS: dict[str, tuple[str, str]] = {
    "이(가)": ("이", "가"), "을(를)": ("을", "를"), "은(는)": ("은", "는"), "과(와)": ("과", "와"),
    "아(야)": ("아", "야"), "(으)로": ("으로", "로"), "(이)라": ("이라", "라"), "(이)나": ("이나", "나"),
    "(이)며": ("이며", "며"), "(이)고": ("이고", "고"), "(이)다": ("이다", "다"), "(이)면": ("이면", "면"),
    "(이)니": ("이니", "니"), "(이)여": ("이여", "여"), "(이)에요": ("이에요", "예요"),
}
_PATTERN = re.compile("|".join(re.escape(p) for p in sorted(_PAIRS, key=len, reverse=True)))
_CLOSERS = "”’\"'」』》〉]"
_DIGITS = {"0": 4, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}  # 영 일 이 삼 … 구
_RIEUL = 8  # ㄹ as a 받침 index
_LATIN_FINAL = {"l": _RIEUL, "m": 16, "n": 4, "b": 17, "c": 1, "k": 1, "p": 17, "t": 19, "g": 21}


def _final(text: str) -> int | None:
    """The 받침 index (0 = none) of the last syllable of ``text``, or None when nothing before can be read."""
    i = len(text)
    while i > 0:
        ch = text[i - 1]
        if ch in _CLOSERS or ch.isspace():
            i -= 1
            continue
        if ch == ")":  # skip a gloss: 월파(月破)
            depth, j = 0, i - 1
            while j >= 0:
                depth += {")": 1, "(": -1}.get(text[j], 0)
                if depth == 0:
                    break
                j -= 1
            if j <= 0:
                return None
            i = j
            continue
        return _coda(ch)
    return None


def _coda(ch: str) -> int | None:
    if "가" <= ch <= "힣":
        return (ord(ch) - 0xAC00) % 28
    if ch in _DIGITS:
        return _DIGITS[ch]
    if ch.isascii() and ch.isalpha():
        return _LATIN_FINAL.get(ch.lower(), 0)
    read = hanja.translate(ch, "substitution")
    if read != ch and "가" <= read[-1:] <= "힣":
        return (ord(read[-1]) - 0xAC00) % 28
    return None


def warm() -> None:
    """Load the hanja library's readings now (0.6 s of CPU at their first use): at start, not in a user's first
    Korean reply."""
    hanja.translate("亥", "substitution")


def particles(text: str) -> str:
    """Every two-form particle of ``text`` resolved by the sound before it (left as written when unreadable)."""
    out: list[str] = []
    last = 0
    for m in _PATTERN.finditer(text):
        out.append(text[last:m.start()])
        coda = _final("".join(out))
        consonant, vowel = _PAIRS[m.group()]
        if coda is None:
            out.append(m.group())
        elif m.group() == "(으)로":
            out.append(vowel if coda in (0, _RIEUL) else consonant)
        else:
            out.append(consonant if coda else vowel)
        last = m.end()
    out.append(text[last:])
    return "".join(out)
