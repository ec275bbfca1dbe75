"""The JSON Schemas of what ``liuyao read --json``, ``chart --json``, ``natal --json`` and ``outcomes --json`` print
(``--schema``).

The README promises that the keys of these outputs are added and never renamed; each schema lists every key the
output has as *required* (at every depth where it is always there) and allows more, so a renamed or dropped key
fails ``tests/test_schemas.py`` and a new key does not.  The files are written by ``tools/schemas.py`` from a
few thousand outputs and reviewed like code; regenerate them when a key is added.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

KINDS = ("read", "chart", "natal", "outcomes")


@cache
def schema(kind: str) -> dict[str, Any]:
    """The schema of one output kind (``read``, ``chart``, ``natal`` or ``outcomes``)."""
    if kind not in KINDS:
        raise ValueError(f"no schema for {kind!r}; there are {', '.join(KINDS)}")
    data: dict[str, Any] = json.loads(files(__package__).joinpath(f"{kind}.json").read_text("utf-8"))
    return data
