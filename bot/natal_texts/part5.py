"""Sentences of 玉照定真經 V206–V260."""

from __future__ import annotations

TEXTS: dict[str, str] = {}
