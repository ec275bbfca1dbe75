"""Sentences of 玉照定真經 V51–V105."""

from __future__ import annotations

TEXTS: dict[str, str] = {}
