"""Sentences of 玉照定真經 V161–V205."""

from __future__ import annotations

TEXTS: dict[str, str] = {}
