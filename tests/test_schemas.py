"""``liuyao read/chart/natal --schema`` describe what ``--json`` prints: fresh random outputs (another seed than the
one the schemas were written from) validate, and a renamed key does not — the README's promise that keys are added
and never renamed, as a check."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from typing import Any

import pytest
from jsonschema import Draft202012Validator, ValidationError

from bot.cli import chart_from_request, natal_chart_from_request, natal_output, reading_from_request, reading_output
from bot.schemas import KINDS, schema
from core.calendar import CalendarError
from core.export import chart_dict
from core.natal import read_natal
from tests.schema_samples import chart_requests, natal_requests, read_requests


def _now() -> datetime:
    return datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def _outputs(kind: str, n: int, seed: int) -> list[dict[str, Any]]:
    if kind == "read":
        return [reading_output(*reading_from_request(r, _now)) for r in read_requests(n, seed)]
    if kind == "chart":
        return [chart_dict(chart_from_request(r, _now)) for r in chart_requests(n, seed)]
    out = []
    for r in natal_requests(n, seed):
        try:
            out.append(natal_output(read_natal(natal_chart_from_request(r)), None, True))
        except CalendarError:
            continue
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_random_outputs_validate_against_the_schema(kind: str) -> None:
    validator = Draft202012Validator(schema(kind))
    Draft202012Validator.check_schema(schema(kind))
    outputs = _outputs(kind, 120, seed=20261205)
    assert len(outputs) > 100
    for out in outputs:
        validator.validate(json.loads(json.dumps(out)))


@pytest.mark.parametrize("kind", KINDS)
def test_a_renamed_key_fails_the_schema(kind: str) -> None:
    out = json.loads(json.dumps(_outputs(kind, 1, seed=3)[0]))
    required = schema(kind)["required"]
    assert required  # the top level promises keys
    key = required[0]
    out[key + "_renamed"] = out.pop(key)
    with pytest.raises(ValidationError):
        Draft202012Validator(schema(kind)).validate(out)


@pytest.mark.parametrize("kind", KINDS)
def test_the_cli_prints_the_schema(kind: str) -> None:
    done = subprocess.run([sys.executable, "-m", "bot.cli", kind, "--schema"], capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout) == schema(kind)
