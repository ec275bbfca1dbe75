"""The topic chapters of 增刪卜易 as the tests read them, and the check every chapter test file makes first: each
passage it quotes stands on the line its rule is registered at (core.rules), so a test built "from its passage"
reads the passage the engine cites.  ``tests/data/texts`` holds the copy: the tests need nothing beside the clone."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from core import rules

TOPICS = (Path(__file__).parent / "data" / "texts" / "zsby_topics_doctrine.txt").read_text(
    encoding="utf-8").splitlines()


def assert_quotes_on_their_lines(quotes: Mapping[str, str], spans: Mapping[str, int] | None = None) -> None:
    """Each ``quotes[rule]`` is in the line of ``zsby_topics_doctrine.txt`` the rule is registered at (``spans``: a
    quote that runs on, found that many lines further)."""
    for rule, quote in quotes.items():
        src = rules.source(rule)
        assert src.seed == "zsbyt", rule
        assert quote in TOPICS[src.line - 1 + (spans or {}).get(rule, 0)], (rule, src.line)
