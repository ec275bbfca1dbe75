"""Every text a user can see exists in all five catalogs, with the same placeholders; every finding and timing
key the engine can emit has a sentence."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from bot.render.i18n import LANGS, normalize, translations, use
from bot.render.texts import FINDINGS, TIMINGS
from core.chart.calendar import Moment
from core.chart.cast import parse_cast
from core.chart.chart import build_chart
from core.question import Question, Sex, Subject, Thing, Topic, follow_ups
from core.reading.pipeline import read

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import i18n as i18n_tool  # noqa: E402

KEY = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)+$")
CALLS = {"finding", "_finding", "Finding", "_t", "_conflict", "add", "Move", "Amplifier", "Usability", "Candidate",
         "_step"}
KEY_PREFIXES = ("ns_", "sm_", "xl_", "bt_", "fx_", "lq_", "sy_", "ms_", "hy_", "zhu_gui_",
                # 增刪卜易's topic chapters (core/chapters)
                "ts_", "jb_", "yy_", "gs_", "qc_", "jd_", "fz_", "bx_", "kh_", "dh_", "yg_", "xh_", "sb_", "hyn_",
                "ty_", "ca_", "cx_", "zx_", "xr_", "do_", "xc_", "fb_", "fm_", "xd_", "fq_", "zsi_", "syu_", "qb_",
                "gz_", "xn_", "zy_")


def emitted_keys() -> set[str]:
    """Keys written in core's finding/timing calls (string literals, and literals assigned to ``key``)."""
    keys: set[str] = set()
    for path in (ROOT / "core").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in CALLS:
                for arg in node.args[0:4]:
                    for c in ast.walk(arg):  # also "a" if x else "b"
                        if isinstance(c, ast.Constant) and isinstance(c.value, str) and KEY.match(c.value):
                            keys.add(c.value)
            # topic-chapter keys written in tables or conditional tuples carry their chapter's prefix
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.match(node.value) \
                    and node.value.startswith(KEY_PREFIXES):
                keys.add(node.value)
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "key" for t in node.targets):
                for c in ast.walk(node.value):
                    if isinstance(c, ast.Constant) and isinstance(c.value, str) and KEY.match(c.value):
                        keys.add(c.value)
    return keys


def _sample_readings() -> list:
    out = []
    for n in range(0, 4096, 97):
        lines = "".join("6789"[(n >> (2 * i)) & 3] for i in range(6))
        moment = Moment.from_pillars("寅卯辰巳午未申酉戌亥子丑"[n % 12], str(__import__("core.chart.ganzhi", fromlist=["x"]).SEXAGENARY[n % 60]))
        chart = build_chart(parse_cast(lines), moment)
        for topic in Topic:
            q = Question(topic, Subject.self, Sex.male, thing=Thing.money)
            if follow_ups(q):
                q = Question(topic, Subject.parent, Sex.male, subject_sex=Sex.female, thing=Thing.money)
            if follow_ups(q):
                continue
            out.append(read(chart, q))
    return out


def test_every_emitted_key_has_a_sentence() -> None:
    keys = emitted_keys()
    assert len(keys) > 100
    seen = set()
    timing_keys = set()
    for r in _sample_readings():
        seen |= {f.key for f in r.findings + r.topic}
        timing_keys |= {t.key for t in r.timing}
    missing = sorted((keys | seen) - set(FINDINGS) - set(TIMINGS))
    assert not missing, f"no sentence for {missing}"
    assert not timing_keys - set(TIMINGS)


def test_catalogs_complete_and_placeholders_match() -> None:
    problems = i18n_tool.check()
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("lang", LANGS)
def test_sentences_format_in_every_language(lang: str) -> None:
    with use(lang):
        t = translations(lang)
        for template in list(FINDINGS.values()) + list(TIMINGS.values()):
            names = set(re.findall(r"\{(\w+)\}", template))
            t.gettext(template).format(**{n: "X" for n in names})


def test_terms_follow_each_tradition() -> None:
    assert translations("ko").pgettext("term", "官鬼") == "관귀"
    assert translations("ko").pgettext("term", "妻財") == "처재"
    assert translations("ja").pgettext("term", "官鬼") == "官鬼"
    assert translations("zh_Hans").pgettext("term", "妻財") == "妻财"
    assert translations("zh_Hant").pgettext("term", "妻財") == "妻財"


def test_language_codes() -> None:
    assert [normalize(c) for c in ("ko", "ko-KR", "ja", "zh-hans", "zh-CN", "zh-hant", "zh-TW", "en-US", "fr", None)] == [
        "ko", "ko", "ja", "zh_Hans", "zh_Hans", "zh_Hant", "zh_Hant", "en", "en", "en"]


GETTEXT_CALLS = {"_", "N_", "ngettext"}


def gettext_in_fstrings(source: str, filename: str = "<source>") -> list[str]:
    """Every ``_("…")`` (or N_, ngettext) with a literal message inside an f-string: Babel does not extract those,
    so their text would show in English in every language."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and getattr(call.func, "id", "") in GETTEXT_CALLS and any(
                        isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args):
                    found.append(f"{filename}:{call.lineno}: {ast.unparse(call)}")
    return found


def test_no_message_inside_an_f_string() -> None:
    assert gettext_in_fstrings("x = f\"{label}  {_('unknown')}\"") == ["<source>:1: _('unknown')"]
    assert not gettext_in_fstrings("x = f'{label}  ' + _('unknown') + f'{_(KEY)}'")
    found = [hit for path in sorted((ROOT / "bot").rglob("*.py"))
             for hit in gettext_in_fstrings(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert not found, found


def test_traditional_chinese_addresses_the_user_as_nin() -> None:
    """Taiwanese services address the user as 您, never 你 (issue 22): every Traditional Chinese sentence."""
    from babel.messages.pofile import read_po

    from bot.render.i18n import catalog_path

    with catalog_path("zh_Hant").open("rb") as fh:
        catalog = read_po(fh, locale="zh_Hant")
    texts = [s for m in catalog if m.id for s in ((m.string,) if isinstance(m.string, str) else m.string) if s]
    assert len(texts) > 100 and any("您" in s for s in texts)
    assert not [s for s in texts if "你" in s]
