"""Keep the gettext catalogs in step with the code: extract, update, and fill classical terms from the glossary.

    python tools/i18n.py            # extract messages from bot/, add every term core can name, update all .po
    python tools/i18n.py --check    # exit 1 if a catalog lacks a message or a translation (what the test asserts)

Messages are English msgids marked with ``_``/``N_`` in ``bot/``.  Terms (msgctxt ``term``) are the canonical
names of ``core`` (relations, spirits, hexagrams, stages, stars …); their translations are taken from
``shared/notes/glossary.md`` when a catalog has none yet, and can be edited in the .po afterwards.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.render.i18n import DOMAIN, LANGS, LOCALES, NATAL, SHORT, TERM, catalog_path  # noqa: E402

GLOSSARY = ROOT.parent / "shared" / "notes" / "glossary.md"


def core_terms() -> list[str]:
    """Every canonical name core can put in front of a user."""
    from core import question
    from core.chart import chart, ganzhi, hexagram, relations
    from core.reading import verdict

    words: list[str] = []
    for enum in (hexagram.Relation, chart.Spirit, chart.Season, chart.MonthRelation, chart.DayRelation,
                 chart.DayClash, chart.Transformation, chart.HexagramTransformation, relations.Stage,
                 verdict.Verdict, hexagram.Generation, question.Role, question.Special):
        words += [m.name for m in enum]
    words += [e.name for e in ganzhi.Element]
    words += [t.name for t in hexagram.Trigram]
    words += list(hexagram.KING_WEN_NAMES)
    words += ["用神", "元神", "忌神", "仇神", "伏神", "飛神", "世爻", "應爻", "旬空", "月破", "日破", "暗動", "卦身",
              "六沖", "六合", "本卦", "變卦", "六神", "宮", "變", "伏", "初爻", "二爻", "三爻", "四爻", "五爻", "上爻"]
    try:
        from core import stars

        words += [s.name for s in stars.STARS]
    except ImportError:
        pass
    # 玉照定真經: the pillars and their layers, every relation word of evidence.RELATIONS, the themes, the life
    # periods, the 30 納音 names and the tables' names (胎元 命宮 宅 墓 空亡 天德 月德 祿 …), as the renderer shows them
    from bot.render.natal_render import natal_terms

    words += natal_terms()
    # the sources of a reading: every rule's short name, and the books and chapters its passages are in
    from core import rules, sources

    words += [rules.title(r) for r in rules.ids()]
    words += list(sources.BOOKS.values()) + [name for chapters in sources.CHAPTERS.values() for _, name in chapters]
    seen: dict[str, None] = {}
    for w in words:
        seen.setdefault(w, None)
    return list(seen)


def template() -> Catalog:
    """The POT: messages extracted from bot/ plus every core term under msgctxt 'term'."""
    cat = Catalog(domain=DOMAIN, project="liuyao", charset="utf-8")
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "bot"), method_map, keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
        cat.add(message, locations=[(f"bot/{filename}", lineno)], auto_comments=comments, context=context)
    for word in core_terms():
        cat.add(word, context=TERM)
    from bot.render.natal_render import natal_senses

    for word in natal_senses():  # 玉照定真經's own sense of a few names (小吉 the 月將, not the verdict)
        cat.add(word, context=NATAL)
    from bot.render.chart_text import SHORT_TERMS

    for word in SHORT_TERMS:
        cat.add(word, context=SHORT)
    return cat


def _first(cell: str, lang: str) -> str:
    cell = cell.strip()
    cell = re.sub(r"（[^）]*）", "", cell)  # Japanese readings
    for sep in (" (", " / ", " — ", "; ", ": "):
        cell = cell.split(sep)[0]
    return cell.strip()


def glossary() -> dict[str, dict[str, str]]:
    """engine term → {lang: rendering} from every glossary table whose first column is the engine term."""
    out: dict[str, dict[str, str]] = {}
    if not GLOSSARY.exists():
        return out
    cols = None
    for row in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if not row.startswith("|"):
            cols = None
            continue
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if cells[0].startswith("Traditional Chinese (engine)"):
            cols = cells
            continue
        if cols is None or set(cells[0]) <= {"-", " "} or len(cells) < 6:
            continue
        key = cells[0]
        out.setdefault(key, {
            "ko": _first(cells[1], "ko"), "ja": _first(cells[2], "ja"), "zh_Hans": _first(cells[3], "zh_Hans"),
            "zh_Hant": _first(cells[4], "zh_Hant"), "en": _first(cells[5], "en"),
        })
    return out


def _translated(string: str | tuple[str, ...] | list[str] | None) -> bool:
    """A msgstr is there: a plural message's every form too."""
    return all(string) if isinstance(string, (tuple, list)) else bool(string)


def update(langs: Iterable[str] = LANGS) -> None:
    pot = template()
    gloss = glossary()
    LOCALES.mkdir(exist_ok=True)
    with (LOCALES / f"{DOMAIN}.pot").open("wb") as fh:
        write_po(fh, pot, width=120, omit_header=False)
    for lang in langs:
        path = catalog_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as fh:
                cat = read_po(fh, locale=lang, domain=DOMAIN)
        else:
            cat = Catalog(locale=lang, domain=DOMAIN, project="liuyao", charset="utf-8")
        cat.update(template(), no_fuzzy_matching=True)  # a fresh template: update() shares its Message objects
        for msg in cat:
            if not msg.id or _translated(msg.string):
                continue
            if msg.context == SHORT and (full := cat.get(msg.id, context=TERM)) is not None:
                msg.string = full.string  # the term itself, until a shorter one is written
            elif msg.context == TERM and msg.id in gloss and gloss[msg.id].get(lang):
                msg.string = gloss[msg.id][lang]
            elif lang == "zh_Hant" and msg.context in (TERM, NATAL):
                msg.string = msg.id  # the engine's canonical names are Traditional Chinese
            elif lang == "en" and msg.context not in (TERM, NATAL):
                msg.string = msg.id  # English msgids are the English text
        with path.open("wb") as fh:
            write_po(fh, cat, width=120, ignore_obsolete=True)


def check() -> list[str]:
    """Problems: a message missing or untranslated in some catalog, or placeholders that differ."""
    pot = template()
    problems = []
    for lang in LANGS:
        path = catalog_path(lang)
        if not path.exists():
            problems.append(f"{lang}: no catalog at {path}")
            continue
        with path.open("rb") as fh:
            cat = read_po(fh, locale=lang, domain=DOMAIN)
        for msg in pot:
            if not msg.id:
                continue
            got = cat.get(msg.id, context=msg.context)
            if got is None or not _translated(got.string) or got.fuzzy:
                problems.append(f"{lang}: untranslated {msg.context or ''}|{msg.id!r}")
                continue
            ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
            strings = got.string if isinstance(got.string, tuple) else (got.string,)
            want = set(re.findall(r"\{(\w+)\}", str(ids[0])))
            for s in strings:
                if set(re.findall(r"\{(\w+)\}", str(s))) != want:
                    problems.append(f"{lang}: placeholders differ in {msg.id!r}: {s!r}")
    return problems


if __name__ == "__main__":
    if "--check" in sys.argv:
        found = check()
        print("\n".join(found) or "all catalogs complete")
        sys.exit(1 if found else 0)
    update()
    print("catalogs updated:", ", ".join(str(catalog_path(lang).relative_to(ROOT)) for lang in LANGS))
