"""``liuyao read/chart/natal --schema`` describe what ``--json`` prints: fresh random outputs (another seed than the
one the schemas were written from) validate, and a renamed key does not — the README's promise that keys are added
and never renamed, as a check."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from jsonschema import Draft202012Validator, ValidationError

from bot.schemas import KINDS, schema
from tests.schema_samples import outputs


@pytest.mark.parametrize("kind", KINDS)
def test_random_outputs_validate_against_the_schema(kind: str) -> None:
    validator = Draft202012Validator(schema(kind))
    Draft202012Validator.check_schema(schema(kind))
    printed = outputs(kind, 120, seed=20261205)
    assert len(printed) > 100
    for out in printed:
        validator.validate(json.loads(json.dumps(out)))


@pytest.mark.parametrize("kind", KINDS)
def test_a_renamed_key_fails_the_schema(kind: str) -> None:
    out = json.loads(json.dumps(outputs(kind, 1, seed=3)[0]))
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
