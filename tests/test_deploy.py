"""The container files of deploy/ checked by what can run here (issue 12): no image can be built or pulled on these
machines, so the Dockerfile's entrypoint, command, environment and health check, and the compose file's worker
configuration, are run as they are written — the same ``liuyao`` program, in webhook mode behind the fake Bot API —
and nginx.conf is checked against the compose services it names.

What this cannot check, and deploy/README.md says so: that the base images, apt's font package and pip resolve, and
that PostgreSQL and nginx start (the cluster's own end-to-end test runs them as processes).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from tests.fake_telegram import FakeTelegram
from tests.test_bot_e2e import ROOT
from tests.test_robust import free_port

DEPLOY = ROOT / "deploy"


def dockerfile() -> list[tuple[str, str]]:
    """The instructions of deploy/Dockerfile as (INSTRUCTION, arguments), continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", (DEPLOY / "Dockerfile").read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def final_stage(steps: list[tuple[str, str]]) -> list[tuple[str, str]]:
    last = max(i for i, (word, _) in enumerate(steps) if word == "FROM")
    return steps[last:]


def image_env(steps: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for word, rest in steps:
        if word == "ENV":
            for item in shlex.split(rest):
                key, _, value = item.partition("=")
                env[key] = value
    return env


def exec_form(steps: list[tuple[str, str]], word: str) -> list[str]:
    [rest] = [r for w, r in steps if w == word]
    if word == "HEALTHCHECK":
        rest = rest.split(" CMD ", 1)[1]
    value = json.loads(rest)
    assert isinstance(value, list), f"{word} must be in exec form (signals reach the bot)"
    return value


def program(argv: list[str]) -> list[str]:
    """The image's ``liuyao`` is the project's console script; here the one of this interpreter's environment."""
    script = Path(sys.executable).with_name(argv[0])
    assert script.exists(), f"{argv[0]} is not installed beside {sys.executable}"
    return [str(script), *argv[1:]]


def compose_worker_env() -> dict[str, str]:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    workers = [name for name, svc in compose["services"].items() if "build" in svc]
    assert workers == ["worker1", "worker2"]
    envs = [compose["services"][w]["environment"] for w in workers]
    assert envs[0] == envs[1]
    return {k: str(v) for k, v in envs[0].items()}


def test_the_dockerfile_is_multi_stage_non_root_with_a_health_check() -> None:
    steps = dockerfile()
    assert sum(word == "FROM" for word, _ in steps) == 2
    final = final_stage(steps)
    assert any(word == "COPY" and rest.startswith("--from=build") for word, rest in final)
    users = [rest for word, rest in final if word == "USER"]
    assert users and users[-1] not in ("root", "0")
    assert exec_form(final, "HEALTHCHECK") == ["liuyao", "health"]
    assert exec_form(final, "ENTRYPOINT") + exec_form(final, "CMD") == ["liuyao", "bot"]
    assert not any(word == "RUN" and "gcc" in rest for word, rest in final)  # no compiler in the image


def test_nginx_sends_the_webhook_path_to_every_worker_of_compose() -> None:
    conf = (DEPLOY / "nginx.conf").read_text()
    upstream = re.search(r"upstream liuyao_workers \{(.*?)\}", conf, re.DOTALL)
    assert upstream is not None
    servers = re.findall(r"server\s+([\w.-]+:\d+)", upstream.group(1))
    env = compose_worker_env()
    assert servers == [f"worker{i}:{env['PORT']}" for i in (1, 2)]
    webhook_url = next(line.split("=", 1)[1] for line in (DEPLOY / "liuyao.env.example").read_text().splitlines()
                       if line.lstrip("#").startswith("WEBHOOK_URL="))
    assert f"location = {urlsplit(webhook_url).path}" in conf
    assert "proxy_pass http://liuyao_workers;" in conf


async def test_the_images_entrypoint_runs_a_compose_worker_against_the_fake_bot_api(tmp_path: Path) -> None:
    """The Dockerfile's ENV, then the compose worker's environment on top, as the container would have them; the
    database is SQLite in a temporary folder instead of the compose PostgreSQL service, and the ports are free
    ones of this machine."""
    steps = final_stage(dockerfile())
    hook_port, ops_port = free_port(), free_port()
    url = f"http://127.0.0.1:{hook_port}/liuyao"
    async with FakeTelegram() as tg:
        env: dict[str, Any] = dict(os.environ)
        env.update(image_env(steps))
        env.update(compose_worker_env())
        env.pop("DATABASE_URL")  # the compose service "postgres" does not exist here
        env.update(TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url, WEBHOOK_URL=url,
                   WEBHOOK_SECRET="the-same-secret-on-every-worker", WEBHOOK_LISTEN="127.0.0.1",
                   PORT=str(hook_port), OPS_PORT=str(ops_port), DATABASE_PATH=str(tmp_path / "liuyao.sqlite3"),
                   PYTHONPATH=str(ROOT))  # this checkout's code, as the image's would be
        assert env["LOG_FORMAT"] == "json" and env["OPS_LISTEN"] == "0.0.0.0"
        log = tmp_path / "bot.log"
        command = program(exec_form(steps, "ENTRYPOINT") + exec_form(steps, "CMD"))
        with log.open("ab") as out:
            proc = await asyncio.to_thread(subprocess.Popen, command, cwd=tmp_path, env=env, stdout=out,
                                           stderr=subprocess.STDOUT)
        try:
            await tg.wait_call("setWebhook", timeout=30)
            assert tg.webhook["url"] == url and tg.webhook["secret_token"] == "the-same-secret-on-every-worker"
            u = tg.user(1301, language_code="ko")
            await u.send("/start")
            assert "/cast" in (await u.wait_reply(timeout=15)).text
            check = await asyncio.to_thread(subprocess.run, program(exec_form(steps, "HEALTHCHECK")), env=env,
                                            capture_output=True, text=True, timeout=30)
            assert check.returncode == 0, check.stderr
            assert json.loads(check.stdout)["status"] == "ok"
        finally:
            if proc.poll() is None:
                proc.send_signal(getattr(signal, next(r for w, r in steps if w == "STOPSIGNAL")))
            code = await asyncio.to_thread(proc.wait, 30)
        assert code == 0, log.read_text()
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    assert lines and all({"time", "level", "message"} <= set(entry) for entry in lines)


def _lock(name: str) -> dict[str, str]:
    """requirements/<name>: package (normalised) → pinned version; every pin must carry at least one hash."""
    from packaging.utils import canonicalize_name

    text = (ROOT / "requirements" / name).read_text()
    pins: dict[str, str] = {}
    for block in re.split(r"\n(?=\S)", text):
        m = re.match(r"([A-Za-z0-9_.\-]+)==(\S+)", block)
        if m is None:
            continue
        assert "--hash=sha256:" in block, f"{name}: {m.group(1)} has no hash"
        pins[canonicalize_name(m.group(1))] = m.group(2)
    return pins


def test_the_locks_pin_every_dependency_of_pyproject_at_a_version_it_allows() -> None:
    """The lock is what the test command and the image install (``--require-hashes``): a dependency added to
    pyproject.toml or a range narrowed there without refreshing the lock (README, "Refresh the lock") fails here,
    not in a deployment."""
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = {"python_version": "3.11", "python_full_version": "3.11.0", "sys_platform": "linux",
           "platform_system": "Linux", "os_name": "posix"}
    runtime, test = _lock("runtime.txt"), _lock("test.txt")
    for lock, wanted in ((runtime, project["dependencies"]),
                         (test, project["dependencies"] + project["optional-dependencies"]["test"])):
        for line in wanted:
            req = Requirement(line)
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            name = canonicalize_name(req.name)
            assert name in lock, f"{req.name} is in pyproject.toml but not in the lock"
            assert req.specifier.contains(lock[name], prereleases=True), f"{name}=={lock[name]} breaks {line!r}"
    assert {k: v for k, v in test.items() if k in runtime} == runtime  # the two locks agree on what they share


def test_the_image_and_the_test_command_install_from_the_lock() -> None:
    build = [rest for word, rest in dockerfile() if word == "RUN" and "pip" in rest]
    assert any("--require-hashes" in r and "requirements/runtime.txt" in r for r in build)
    final = [rest for word, rest in final_stage(dockerfile()) if word == "RUN" and "pip install" in rest]
    assert final and all("--no-index" in r and "--no-deps" in r for r in final)
    readme = (ROOT / "README.md").read_text()
    command = readme.split("**2. Run the tests**", 1)[1].split("\n\n", 2)[1].strip()
    assert "--require-hashes -r requirements/test.txt" in command and "--no-deps -e ." in command
