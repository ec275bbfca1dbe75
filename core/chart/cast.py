"""Casting: six line values, bottom first, from typed text, recorded coins or the OS generator.

People write a cast in many ways (values, coin faces in five languages, the seed's marks), so the parser
accepts them all and mixes them freely, but never guesses: where a mark can be read two ways it takes the one
reading that gives the required number of tosses, and otherwise refuses.  Errors carry a machine code and
parameters so the bot can explain them in the user's language; ``str()`` is English for the command line.

Accepted forms of one toss (see ``parse_toss``):

- a count 0-3 (ASCII or full-width) of the backs (of the faces under ``CoinConvention.FACES``): value 6 + count;
- three coin faces, case-insensitive, face/back: ``H``/``T``, ``앞``/``뒤``, ``表``/``裏`` (``裡``),
  ``字``/``背``, ``正``/``反``, ``앞면``/``뒷면``, and ``花`` as a back.  Each letter is read on its own, so languages may be mixed
  within a toss.  A run of coin letters without separators is split into threes, so ``HHTHTT`` is two tosses;
  a run whose length is not a multiple of three is refused (``partial_toss``);
- the name of the line: ``單 拆 重 交`` (单; Korean 단 탁 중 교) = 7 8 9 6, ``少陽 少陰 老陽 老陰`` (少阳 …; 소양 소음
  노양 노음) = 7 8 9 6;
- a line value 6-9 (ASCII or full-width); 4 and 5 are refused.  Counts 0-3 and values 6-9 never collide, so
  ``012312`` and ``789968`` are both six tosses;
- a mark: ``○ O o 〇 ◯`` = 9, ``× X x ✕ ✗ ✖ ✘`` = 6, ``— ─ ━ ⚊ ′`` and a lone ``-`` = 7, ``⚋ ╌ ″`` and
  ``--`` = 8, ``| 、`` = 7 (see below).  The short hyphens ``- ‐ ‑ − －`` are one family: a run of one is a yang
  line, of two a yin line, of three or more is refused as ambiguous (``---`` could be ``- --`` or ``-- -``).
  Note ``0`` (digit) is a count while ``O`` (letter) is 9.

Between tosses, separators are optional: whitespace (including full-width), ``, ， / ／ ; ；`` and zero-width
characters.  Three readings depend on the count:

- ``- -`` (two lone hyphens one space apart) is one yin line or two yang lines;
- ``、`` and ``|`` are yang marks in the seeds' notation, but people also type them between tosses.  They are
  read as marks; only if that gives no cast is every one of them read as a separator (``7、8、9、9、6、8``);

and the reading that yields exactly the number of tosses asked for is taken.  If several do, the input is
refused as ``ambiguous``; if none does, as ``too_few`` / ``too_many``.

Positions in errors count characters of the NFC-normalized input, from 1.
"""

from __future__ import annotations

import random
import secrets
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum, StrEnum
from typing import NoReturn

from core.values import value

__all__ = [
    "LINES",
    "MAX_INPUT_CHARS",
    "Cast",
    "CastError",
    "CoinConvention",
    "LineValue",
    "Toss",
    "parse_cast",
    "parse_toss",
    "random_cast",
]

LINES = 6
MAX_INPUT_CHARS = 500
"""Longer text is refused before it is read: no cast needs it, and the parser's work stays bounded."""

_TOKEN_MAX = 20  # an error echoes at most this much of the input


class LineValue(IntEnum):
    """The four line values; the number is the classical one (sum of three coins at 2 and 3)."""

    老陰 = 6
    少陽 = 7
    少陰 = 8
    老陽 = 9

    @property
    def yang(self) -> bool:
        return self % 2 == 1

    @property
    def moving(self) -> bool:
        """Old lines (6 and 9) move, and change into their opposite."""
        return self in (6, 9)

    @property
    def changed_yang(self) -> bool:
        """Yang-ness in the changed hexagram; a static line stays as it is."""
        return self.yang != self.moving

    @property
    def symbol(self) -> str:
        """The mark charts use: ○ — -- ×."""
        return _SYMBOLS[self]


_SYMBOLS = {LineValue.老陽: "○", LineValue.少陽: "—", LineValue.少陰: "--", LineValue.老陰: "×"}


class CoinConvention(StrEnum):
    """Which side of the coin is counted: the classical rule counts the backs (背); some schools count faces."""

    BACKS = "backs"
    FACES = "faces"


class CastError(ValueError):
    """Why a text (or a set of values) is not a cast, as a code plus parameters for localized messages.

    Codes: ``empty``, ``too_long``, ``bad_token``, ``partial_toss``, ``ambiguous``, ``too_few``, ``too_many``
    from parsing; ``bad_value``, ``mismatch`` (and ``too_few``/``too_many``/``partial_toss``) from building a
    ``Cast`` or ``Toss`` directly.  ``position`` is a 1-based character offset for ``bad_token``,
    ``partial_toss``, ``ambiguous`` and ``too_long``, and a 1-based toss (or line) number for ``too_many``,
    ``bad_value`` and ``mismatch``.  ``count`` is how many tosses were found (``too_few``, ``too_many``), coins
    in the run (``partial_toss``), hyphens in the run (``ambiguous`` on a hyphen run) or characters
    (``too_long``); ``expected`` is how many tosses were asked for.
    """

    def __init__(
        self,
        code: str,
        *,
        token: str | None = None,
        position: int | None = None,
        count: int | None = None,
        expected: int | None = None,
    ) -> None:
        self.code = code
        self.token = token
        self.position = position
        self.count = count
        self.expected = expected
        super().__init__(self._english())

    def __reduce__(self) -> tuple[Callable[..., CastError], tuple[str, str | None, int | None, int | None, int | None]]:
        # keep the parameters across pickling (the default would pass only the message)
        return (_rebuild_error, (self.code, self.token, self.position, self.count, self.expected))

    def _english(self) -> str:
        what = "one toss" if self.expected == 1 else f"{self.expected or LINES} tosses, bottom line first"
        token, position, count = self.token, self.position, self.count
        match self.code:
            case "empty":
                return f"nothing to read: give {what}; {_ACCEPTED}"
            case "too_long":
                return f"the text is {count} characters long; at most {MAX_INPUT_CHARS} are read"
            case "bad_token":
                return f"{token!r} at character {position} is not a toss; {_ACCEPTED}"
            case "partial_toss":
                return (
                    f"{token!r} at character {position} is {count} coin(s); coins come three to a toss "
                    f"(e.g. HHT, 앞앞뒤, 表表裏, 字字背); {_ACCEPTED}"
                )
            case "ambiguous":
                return (
                    f"{token!r} at character {position} can be read more than one way; separate the tosses "
                    f"with commas or spaces ('-' is a yang line, '--' a yin line); {_ACCEPTED}"
                )
            case "too_few":
                return f"only {count} toss(es) found; give {what}; {_ACCEPTED}"
            case "too_many":
                extra = f"; toss {position} ({token!r}) is one too many" if token is not None else ""
                return f"{count} tosses found; give {what}{extra}"
            case "bad_value":
                return (
                    f"{token} at place {position} is not accepted: a line value is 6, 7, 8 or 9, "
                    f"a coin is True (back) or False (face)"
                )
            case "mismatch":
                return (
                    f"toss {position} does not give its recorded line value under the convention "
                    f"of the other tosses (backs or faces counted)"
                )
            case _:
                return f"not a cast ({self.code})"


def _rebuild_error(code: str, token: str | None, position: int | None, count: int | None,
                   expected: int | None) -> CastError:
    return CastError(code, token=token, position=position, count=count, expected=expected)


_ACCEPTED = (
    "a toss is a count of backs 0-3 (of faces under the faces convention), three coins such as HHT, 앞앞뒤, "
    "表表裏, 字字背 or 正正反 (T, 뒤, 裏, 背, 反, 花 are backs), a line value 6-9, or a mark: "
    "○ or O = 9, — or - or | or ′ or 、 = 7, -- or - - or ″ or ⚋ = 8, × or X = 6"
)
"""English summary of the accepted forms, for messages on the command line."""


@value
class Toss:
    """Three coins as they fell, recorded side by side so the reading can be redone under either convention."""

    backs: tuple[bool, bool, bool]
    """True where the coin shows its back (背)."""

    def __post_init__(self) -> None:
        try:
            backs = tuple(self.backs)
        except TypeError:
            raise CastError("partial_toss", count=0) from None
        if len(backs) != 3:
            raise CastError("partial_toss", count=len(backs))
        for i, b in enumerate(backs):
            if not isinstance(b, int) or b not in (0, 1):
                raise CastError("bad_value", token=repr(b), position=i + 1)
        object.__setattr__(self, "backs", tuple(bool(b) for b in backs))

    def value(self, convention: CoinConvention = CoinConvention.BACKS) -> LineValue:
        """0 counted sides → 6 (交), 1 → 7 (單), 2 → 8 (拆), 3 → 9 (重)."""
        counted = sum(self.backs)
        if convention is CoinConvention.FACES:
            counted = 3 - counted
        return LineValue(6 + counted)


_LINE_VALUES = {int(v): v for v in LineValue}  # a dict lookup, where LineValue(v) runs Enum.__call__


@value
class Cast:
    """Six line values, bottom (初爻) first, and the coins that gave them when they are known.

    ``tosses`` is kept only when every line came from coins (typed faces or drawn at random); the convention
    they were read under is implied, since a toss gives different values under the two conventions.
    """

    values: tuple[LineValue, ...]
    tosses: tuple[Toss, ...] | None = None

    def __post_init__(self) -> None:
        items = self.values
        if isinstance(items, str):  # "789968" from from_values; a non-digit stays a string and is refused
            items = tuple(_VALUE_DIGITS.get(c, c) for c in items)
        values = []
        for i, v in enumerate(items):
            line = None if isinstance(v, bool) or not isinstance(v, int) else _LINE_VALUES.get(v)
            if line is None:
                raise CastError("bad_value", token=repr(v)[:_TOKEN_MAX], position=i + 1)
            values.append(line)
        _check_count(len(values), LINES)
        object.__setattr__(self, "values", tuple(values))
        if self.tosses is None:
            return
        tosses = tuple(self.tosses)
        _check_count(len(tosses), LINES)
        for i, t in enumerate(tosses):
            if not isinstance(t, Toss):
                raise CastError("bad_value", token=repr(t)[:_TOKEN_MAX], position=i + 1)
        convention = _convention_of(tosses[0], values[0])
        for i, (t, v) in enumerate(zip(tosses, values)):
            if t.value(convention) != v:
                raise CastError("mismatch", position=i + 1)
        object.__setattr__(self, "tosses", tosses)

    @classmethod
    def from_values(cls, values: Iterable[int] | str) -> Cast:
        """Six values 6-9, bottom first, as integers or a string of digits such as ``"789968"``."""
        return cls(values if isinstance(values, str) else tuple(values))  # type: ignore[arg-type]  # read by __post_init__

    @classmethod
    def from_tosses(
        cls,
        tosses: Iterable[Toss | Sequence[bool]],
        convention: CoinConvention = CoinConvention.BACKS,
    ) -> Cast:
        """Six recorded tosses, bottom first, read under ``convention``."""
        recorded = tuple(t if isinstance(t, Toss) else Toss(tuple(t)) for t in tosses)  # type: ignore[arg-type]  # 3 checked by Toss
        return cls(tuple(t.value(convention) for t in recorded), recorded)

    @property
    def convention(self) -> CoinConvention | None:
        """The convention the recorded tosses were read under; None when no coins were recorded."""
        if self.tosses is None:
            return None
        return _convention_of(self.tosses[0], self.values[0])

    @property
    def moving_positions(self) -> tuple[int, ...]:
        """1-based positions of the moving lines, bottom first."""
        return tuple(i + 1 for i, v in enumerate(self.values) if v.moving)

    @property
    def lines_text(self) -> str:
        """The values as digits, bottom first, e.g. ``"789968"``: the compact form for storage and logs."""
        return "".join(str(int(v)) for v in self.values)

    def __str__(self) -> str:
        return self.lines_text


def _convention_of(toss: Toss, value: LineValue) -> CoinConvention:
    return CoinConvention.BACKS if toss.value(CoinConvention.BACKS) == value else CoinConvention.FACES


def _check_count(count: int, expected: int) -> None:
    if count == 0:
        raise CastError("empty", count=0, expected=expected)
    if count < expected:
        raise CastError("too_few", count=count, expected=expected)
    if count > expected:
        raise CastError("too_many", count=count, expected=expected, position=expected + 1)


def random_cast(
    rng: random.Random | None = None,
    convention: CoinConvention = CoinConvention.BACKS,
) -> Cast:
    """Toss three fair coins per line with the OS generator (``secrets``) unless one is injected for tests."""
    gen = rng if rng is not None else secrets.SystemRandom()
    tosses = tuple(Toss((bool(gen.getrandbits(1)), bool(gen.getrandbits(1)), bool(gen.getrandbits(1))))
                   for _ in range(LINES))
    return Cast.from_tosses(tosses, convention)


# --- reading text -------------------------------------------------------------------------------------------

_FACE_COINS = frozenset("HhＨｈ앞表字正")
_BACK_COINS = frozenset("TtＴｔ뒤裏裡背反花")
_COINS = _FACE_COINS | _BACK_COINS
# Coin words of more than one letter: 앞면 (face) and 뒷면 (back), read as one coin each.
_COIN_WORDS = {"앞면": False, "뒷면": True}
# The names of the four lines (DESIGN.md: 0 backs 交, 1 單, 2 拆, 3 重), in every script: 單 拆 重 交 and their
# Korean readings 단 탁 중 교; 少陽 少陰 老陽 老陰, simplified and Korean.
_LINE_WORDS: dict[str, LineValue] = {  # 単 as Japanese writes 單
    **dict.fromkeys(("單", "单", "単", "단"), LineValue.少陽), **dict.fromkeys(("拆", "탁"), LineValue.少陰),
    **dict.fromkeys(("重", "중"), LineValue.老陽), **dict.fromkeys(("交", "교"), LineValue.老陰),
    **dict.fromkeys(("少陽", "少阳", "소양"), LineValue.少陽), **dict.fromkeys(("少陰", "少阴", "소음"), LineValue.少陰),
    **dict.fromkeys(("老陽", "老阳", "노양"), LineValue.老陽), **dict.fromkeys(("老陰", "老阴", "노음"), LineValue.老陰),
}
_WORD_STARTS = frozenset(w[0] for w in (*_LINE_WORDS, *_COIN_WORDS))
_COUNT_DIGITS = {c: i for i, c in enumerate("0123")} | {c: i for i, c in enumerate("０１２３")}
_VALUE_DIGITS = {c: 6 + i for i, c in enumerate("6789")} | {c: 6 + i for i, c in enumerate("６７８９")}
_MARKS = (
    dict.fromkeys("○OoＯｏ〇◯", LineValue.老陽)
    | dict.fromkeys("×XxＸｘ✕✗✖✘", LineValue.老陰)
    | dict.fromkeys("—─━⚊′", LineValue.少陽)
    | dict.fromkeys("⚋╌″", LineValue.少陰)
)
_DUAL_MARKS = frozenset("、､|｜")  # yang marks that people also type between tosses
_HYPHENS = frozenset("-‐‑−－")  # short hyphens: one is yang, two are yin
_PAIR_GAPS = frozenset(" \u3000\u00a0")  # the gap inside "- -"
_SEPARATORS = frozenset(",，/／;；\u200b\u200c\u200d\u2060\ufeff\ufe0e\ufe0f")
_KNOWN = _COINS | _COUNT_DIGITS.keys() | _VALUE_DIGITS.keys() | _MARKS.keys() | _DUAL_MARKS | _HYPHENS | _WORD_STARTS

_FIXED, _HYPHEN, _DUAL = 0, 1, 2


@value
class _Atom:
    """A piece of the text that is one toss, or (hyphens, dual marks) may be depending on the reading."""

    start: int
    end: int
    kind: int
    value: LineValue
    toss: Toss | None = None


@value
class _Edge:
    """One way to read the atoms from ``first`` up to ``next``: one toss, or none (a separator)."""

    next: int
    start: int
    end: int
    value: LineValue | None
    toss: Toss | None


def parse_toss(text: str, convention: CoinConvention = CoinConvention.BACKS) -> LineValue:
    """Read one toss in any accepted form (module docstring); raise CastError otherwise."""
    return _read(text, 1, convention)[0].value  # type: ignore[return-value]


def parse_cast(text: str, convention: CoinConvention = CoinConvention.BACKS) -> Cast:
    """Read six tosses, bottom line first, in any accepted forms (module docstring); raise CastError otherwise.

    The coins are recorded only when every toss was given as coin faces.
    """
    reading = _read(text, LINES, convention)
    values = tuple(e.value for e in reading)
    tosses = tuple(e.toss for e in reading)
    if all(t is not None for t in tosses):
        return Cast(values, tosses)  # type: ignore[arg-type]
    return Cast(values)  # type: ignore[arg-type]


def _is_separator(c: str) -> bool:
    return c in _SEPARATORS or c.isspace()


def _read(text: str, target: int, convention: CoinConvention) -> list[_Edge]:
    if not isinstance(text, str):
        raise TypeError(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_INPUT_CHARS:
        raise CastError("too_long", position=MAX_INPUT_CHARS + 1, count=len(text), expected=target)
    text = unicodedata.normalize("NFC", text)
    atoms = _scan(text, convention, target)
    if not atoms:
        raise CastError("empty", count=0, expected=target)
    modes = [False, True] if any(a.kind == _DUAL for a in atoms) else [False]
    failures = []
    for dual_as_separator in modes:
        edges = [_edges(atoms, text, j, dual_as_separator) for j in range(len(atoms))]
        outcome = _solve(edges, text, target)
        if isinstance(outcome, list):
            return outcome
        failures.append(outcome)
    # No reading gives the count: report the one nearest to it (marks first on a tie).
    _raise_nearest(failures, target)


def _scan(text: str, convention: CoinConvention, target: int) -> list[_Atom]:
    """Split the text into atoms in one pass, refusing unknown characters and unreadable runs at once."""
    atoms: list[_Atom] = []
    n = len(text)
    i = 0
    while i < n:
        c = text[i]
        word = _line_word(text, i)
        if _is_separator(c):
            i += 1
        elif _coin_at(text, i) is not None:
            coins: list[tuple[int, bool]] = []  # (start, is a back)
            j = i
            while (coin := _coin_at(text, j)) is not None:
                coins.append((j, coin[0]))
                j += coin[1]
            if len(coins) % 3:
                if j < n and text[j] not in _KNOWN and not _is_separator(text[j]):
                    raise _bad_word(text, i, j, target)  # a word such as "heads", not a short toss
                raise CastError(
                    "partial_toss", token=text[i:j][:_TOKEN_MAX], position=i + 1, count=len(coins), expected=target
                )
            for k in range(0, len(coins), 3):
                toss = Toss(tuple(back for _, back in coins[k : k + 3]))  # type: ignore[arg-type]
                end = coins[k + 3][0] if k + 3 < len(coins) else j
                atoms.append(_Atom(coins[k][0], end, _FIXED, toss.value(convention), toss))
            i = j
        elif word is not None:
            atoms.append(_Atom(i, i + len(word), _FIXED, _LINE_WORDS[word]))
            i += len(word)
        elif c in _HYPHENS:
            j = i + 1
            while j < n and text[j] in _HYPHENS:
                j += 1
            if j - i == 1:
                atoms.append(_Atom(i, j, _HYPHEN, LineValue.少陽))
            elif j - i == 2:
                atoms.append(_Atom(i, j, _FIXED, LineValue.少陰))
            else:
                raise CastError(
                    "ambiguous", token=text[i:j][:_TOKEN_MAX], position=i + 1, count=j - i, expected=target
                )
            i = j
        elif c in _COUNT_DIGITS:
            atoms.append(_Atom(i, i + 1, _FIXED, LineValue(6 + _COUNT_DIGITS[c])))
            i += 1
        elif c in _VALUE_DIGITS:
            atoms.append(_Atom(i, i + 1, _FIXED, LineValue(_VALUE_DIGITS[c])))
            i += 1
        elif c in _MARKS:
            atoms.append(_Atom(i, i + 1, _FIXED, _MARKS[c]))
            i += 1
        elif c in _DUAL_MARKS:
            atoms.append(_Atom(i, i + 1, _DUAL, LineValue.少陽))
            i += 1
        else:
            raise _bad_word(text, i, i + 1, target)
    return atoms


def _coin_at(text: str, i: int) -> tuple[bool, int] | None:
    """The coin at ``i`` (is it a back, how many characters it takes), or None."""
    for word, back in _COIN_WORDS.items():
        if text.startswith(word, i):
            return back, len(word)
    if i < len(text) and text[i] in _COINS:
        return text[i] in _BACK_COINS, 1
    return None


def _line_word(text: str, i: int) -> str | None:
    """The name of a line starting at ``i`` (少陽, 單, 노음 …), longest first."""
    if i >= len(text) or text[i] not in _WORD_STARTS:
        return None
    for size in (2, 1):
        word = text[i:i + size]
        if word in _LINE_WORDS:
            return word
    return None


def _bad_word(text: str, start: int, j: int, target: int) -> CastError:
    """The unreadable characters from ``j`` on, echoed together with the letters before them from ``start``."""
    n = len(text)
    while j < n and j - start < _TOKEN_MAX and text[j] not in _KNOWN and not _is_separator(text[j]):
        j += 1
    return CastError("bad_token", token=text[start:j], position=start + 1, expected=target)


def _edges(atoms: list[_Atom], text: str, j: int, dual_as_separator: bool) -> list[_Edge]:
    a = atoms[j]
    if a.kind == _DUAL:
        return [_Edge(j + 1, a.start, a.end, None if dual_as_separator else a.value, None)]
    edges = [_Edge(j + 1, a.start, a.end, a.value, a.toss)]
    if a.kind == _HYPHEN and j + 1 < len(atoms):
        b = atoms[j + 1]
        if b.kind == _HYPHEN and b.start == a.end + 1 and text[a.end] in _PAIR_GAPS:
            edges.append(_Edge(j + 2, a.start, b.end, LineValue.少陰, None))
    return edges


@value
class _Failure:
    fewest: int
    most: int
    too_many: CastError


def _solve(edges: list[list[_Edge]], text: str, target: int) -> list[_Edge] | _Failure:
    """Count the readings with exactly ``target`` tosses (capped at 2) by dynamic programming, from the end.

    Linear in the number of atoms; returns the unique reading, raises on several, or says how far off it is.
    """
    n = len(edges)
    ways = [[0] * (target + 1) for _ in range(n + 1)]
    ways[n][0] = 1
    fewest = [0] * (n + 1)
    most = [0] * (n + 1)
    for j in range(n - 1, -1, -1):
        row = ways[j]
        lo, hi = None, 0
        for e in edges[j]:
            inc = e.value is not None
            after = ways[e.next]
            for r in range(inc, target + 1):
                row[r] = min(2, row[r] + after[r - inc])
            lo = fewest[e.next] + inc if lo is None else min(lo, fewest[e.next] + inc)
            hi = max(hi, most[e.next] + inc)
        fewest[j], most[j] = lo or 0, hi

    def viable(j: int, left: int) -> list[_Edge]:
        options = []
        for e in edges[j]:
            rest = left - (e.value is not None)
            if rest >= 0 and ways[e.next][rest]:
                options.append(e)
        return options

    if ways[0][target]:
        reading: list[_Edge] = []
        j, left = 0, target
        while j < n:
            options = viable(j, left)
            if len(options) > 1:
                start = options[0].start
                end = max(e.end for e in options)
                raise CastError(
                    "ambiguous", token=text[start:end][:_TOKEN_MAX], position=start + 1, expected=target
                )
            e = options[0]
            if e.value is not None:
                reading.append(e)
                left -= 1
            j = e.next
        return reading

    # Too few or too many in every reading: name the first extra toss of the shortest reading.
    token = None
    if fewest[0] > target:
        j, found = 0, 0
        while j < n:
            e = next(e for e in edges[j] if fewest[e.next] + (e.value is not None) == fewest[j])
            if e.value is not None:
                found += 1
                if found == target + 1:
                    token = text[e.start : e.end][:_TOKEN_MAX]
                    break
            j = e.next
    too_many = CastError("too_many", token=token, position=target + 1, count=fewest[0], expected=target)
    return _Failure(fewest[0], most[0], too_many)


def _raise_nearest(failures: list[_Failure], target: int) -> NoReturn:
    def distance(f: _Failure) -> int:
        return f.fewest - target if f.fewest > target else target - f.most

    best = min(failures, key=distance)  # min keeps the first (marks read as marks) on a tie
    if best.fewest > target:
        raise best.too_many
    if best.most < target:
        raise CastError("too_few", count=best.most, expected=target)
    # Unreachable: counts over readings form an interval, so one reading would have had the target.
    raise CastError("ambiguous", expected=target)
