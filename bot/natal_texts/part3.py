"""Sentences of 玉照定真經 V106–V160."""

from __future__ import annotations

TEXTS: dict[str, str] = {}
