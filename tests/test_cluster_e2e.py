"""Issue 12, end to end: three ``liuyao bot`` workers in webhook mode behind a real nginx (round robin), one
PostgreSQL database, the fake Bot API posting webhooks.  Users go through consultations by the buttons, so their
consecutive updates land on different workers; one worker is killed with SIGKILL mid-run and its users go on
through the others (what it had received and not handled is taken over).  Every consultation must end as with
one process: one reading each, no step unanswered.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.delivery.lanes import CLUSTER_SLOTS
from bot.storage import open_storage
from tests.fake_telegram import FakeTelegram, FakeUser
from tests.test_bot_e2e import ROOT
from tests.test_crash import _repeated, consult

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
USERS = 100  # far more at once than the three workers' 4 slots each: the killed one is full when it dies
SECRET = "cluster-test-secret_0123456789"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def nginx_conf(folder: Path, port: int, upstreams: list[int]) -> Path:
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=0;" for p in upstreams)
    temp = " ".join(f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                       "scgi"))
    conf = folder / "nginx.conf"
    conf.write_text(f"""
worker_processes 1;
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'} warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    {temp}
    upstream workers {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://workers;
            proxy_connect_timeout 1s;
            proxy_next_upstream error timeout http_502;
        }}
    }}
}}
""")
    return conf


async def _listening(port: int, timeout: float = 30) -> None:
    """Until something accepts connections on 127.0.0.1:``port``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if loop.time() > deadline:
                raise
            await asyncio.sleep(0.05)
        else:
            writer.close()
            await writer.wait_closed()
            return


@pytest.mark.timeout(300)  # three bot processes and nginx, 100 users' consultations: minutes on a loaded machine
async def test_three_workers_behind_nginx_one_killed(tmp_path: Path, postgres_url: str) -> None:
    if not Path(NGINX).exists():
        message = "nginx is not installed (apt-get install nginx-light; .ci/run installs it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true and {message}", pytrace=False)
        pytest.skip(message)
    front, ports = free_port(), [free_port() for _ in range(3)]
    conf = nginx_conf(tmp_path, front, ports)
    nginx = await asyncio.to_thread(subprocess.Popen, [NGINX, "-p", str(tmp_path), "-c", str(conf), "-g",
                                                       "daemon off;"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        async with FakeTelegram() as tg:
            base = dict(os.environ, TELEGRAM_BOT_TOKEN=tg.token, TELEGRAM_API_BASE_URL=tg.base_url,
                        DATABASE_URL=postgres_url, WEBHOOK_URL=f"http://127.0.0.1:{front}/liuyao",
                        WEBHOOK_LISTEN="127.0.0.1", WEBHOOK_SECRET=SECRET)
            for i, port in enumerate(ports):
                with (tmp_path / f"worker{i}.log").open("wb") as log:  # the worker writes to its own copy
                    procs.append(await asyncio.to_thread(
                        subprocess.Popen, [sys.executable, "-m", "bot.cli", "bot"], cwd=ROOT,
                        env=dict(base, PORT=str(port)), stdout=log, stderr=subprocess.STDOUT))
            for _ in range(600):  # every worker listening (each registers the same webhook)
                if len([c for c in tg.calls if c.method == "setWebhook" and c.status]) >= 3:
                    break
                await asyncio.sleep(0.1)
            else:
                pytest.fail("the workers did not start: " + (tmp_path / "worker0.log").read_text())
            for port in ports:  # PTB registers the webhook first, then listens: until each one listens
                await _listening(port)
            users: list[FakeUser] = [tg.user(9000 + i, language_code="en") for i in range(USERS)]
            lost: list[str] = []

            async def killer() -> None:  # in the thick of it: three steps per user delivered, of a dozen
                while tg.webhook_deliveries < 3 * USERS:
                    await asyncio.sleep(0.05)
                procs[1].send_signal(signal.SIGKILL)
                await asyncio.to_thread(procs[1].wait)

            kill = asyncio.create_task(killer())
            finished = await asyncio.gather(*(consult(u, lost) for u in users))
            await kill
            async with await open_storage(postgres_url) as st:
                readings = {u.id: await st.count_readings(u.id) for u in users}
                pending = await st.pending_updates()
            served = sorted({int(c.params.get("chat_id", 0)) for c in tg.calls if c.method == "sendMessage"})
            repeated = sum(_repeated(u) for u in users)
            print(f"{USERS} users, {tg.webhook_deliveries} webhooks; {len(lost)} steps unanswered; readings per "
                  f"user {sorted(set(readings.values()))}; {repeated} replies sent again; {len(pending)} pending "
                  "at the end")
            assert procs[1].returncode == -signal.SIGKILL
            assert lost == [], lost[:10]
            assert all(finished)
            assert readings == {u.id: 1 for u in users}, "a reading lost or stored twice"
            assert pending == []
            assert repeated <= CLUSTER_SLOTS, "only what the killed worker was answering may be answered again"
            assert len(served) >= USERS
            for i in (0, 2):
                text = (tmp_path / f"worker{i}.log").read_text(errors="replace")
                assert "Traceback" not in text, text[-3000:]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                await asyncio.to_thread(proc.wait, 20)
            except subprocess.TimeoutExpired:
                proc.kill()
        nginx.send_signal(signal.SIGQUIT)
        try:
            await asyncio.to_thread(nginx.communicate, timeout=10)  # its stderr pipe read and closed
        except subprocess.TimeoutExpired:
            nginx.kill()
            nginx.communicate()
