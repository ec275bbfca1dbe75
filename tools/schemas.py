"""Write bot/schemas/{read,chart,natal}.json from the outputs of many random requests.

    python tools/schemas.py

Each schema describes what the outputs have in common: a key present in every object of its place is required,
one present in some is described but optional; a value's type is every JSON type seen there.  Objects allow more
keys (an added key is no break), so the schemas hold the README's promise that keys are never renamed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.schemas import KINDS  # noqa: E402
from tests.schema_samples import outputs  # noqa: E402

_TYPES = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer", float: "number",
          type(None): "null"}


class Shape:
    """What the values seen at one place share: their types, and per key or item the same again."""

    def __init__(self) -> None:
        self.types: set[str] = set()
        self.objects = 0
        self.keys: dict[str, Shape] = {}
        self.counts: dict[str, int] = {}
        self.items: Shape | None = None

    def add(self, value: Any) -> None:
        kind = _TYPES[type(value)]
        self.types.add(kind)
        if isinstance(value, dict):
            self.objects += 1
            for key, inner in value.items():
                self.keys.setdefault(key, Shape()).add(inner)
                self.counts[key] = self.counts.get(key, 0) + 1
        elif isinstance(value, list):
            for inner in value:
                if self.items is None:
                    self.items = Shape()
                self.items.add(inner)

    def schema(self) -> dict[str, Any]:
        types = sorted(self.types - ({"integer"} if "number" in self.types else set()))
        out: dict[str, Any] = {"type": types[0] if len(types) == 1 else types}
        if "object" in self.types:
            out["properties"] = {k: s.schema() for k, s in sorted(self.keys.items())}
            out["required"] = sorted(k for k, n in self.counts.items() if n == self.objects)
        if "array" in self.types and self.items is not None:
            out["items"] = self.items.schema()
        return out


def build(kind: str, outputs: list[dict[str, Any]]) -> dict[str, Any]:
    shape = Shape()
    for out in outputs:
        shape.add(json.loads(json.dumps(out)))  # as printed: tuples are lists, keys are strings
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"liuyao {kind} --json", **shape.schema()}


def main() -> None:
    for kind in KINDS:
        path = ROOT / "bot" / "schemas" / f"{kind}.json"
        path.write_text(json.dumps(build(kind, outputs(kind, 1500, 7)), ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
        print("wrote", path.relative_to(ROOT))


if __name__ == "__main__":
    main()
