"""The Bot API through a proxy: ``TELEGRAM_PROXY``, else the usual ``HTTPS_PROXY``/``HTTP_PROXY`` and ``NO_PROXY`` as
aiohttp reads them (``trust_env``) — for operators where Telegram is reached only through one."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot.handlers.app import build_application
from bot.ops.config import Config, bot_api_proxy
from bot.run import run_bot
from tests.fake_telegram import FakeTelegram, polling


def test_telegram_proxy_is_read_and_the_usual_variables_are_left_to_the_http_client() -> None:
    env = {"TELEGRAM_PROXY": "http://tg-proxy:3128", "HTTPS_PROXY": "http://other:8080", "NO_PROXY": "*"}
    assert bot_api_proxy(env) == "http://tg-proxy:3128"
    assert bot_api_proxy({"HTTPS_PROXY": "http://corp:8080"}) is None


def test_a_socks_proxy_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="http:// or https:// URL"):
        Config.from_env({"TELEGRAM_PROXY": "socks5://127.0.0.1:1080"})
    assert run_bot({"TELEGRAM_BOT_TOKEN": "1:x", "TELEGRAM_PROXY": "socks5://127.0.0.1:1080"}) == 2


@contextlib.asynccontextmanager
async def forward_proxy() -> AsyncIterator[tuple[str, Counter[str]]]:
    """An HTTP forward proxy on 127.0.0.1: each request (absolute-form, as a client sends a proxy) made again to
    its target; the methods it carried, counted."""
    seen: Counter[str] = Counter()
    session = aiohttp.ClientSession()

    async def forward(request: web.Request) -> web.Response:
        assert request.url.is_absolute() and request.url.port != request.transport.get_extra_info("sockname")[1]
        seen[request.url.path.rsplit("/", 1)[-1]] += 1
        headers = {k: v for k, v in request.headers.items() if k.lower() in ("content-type", "user-agent")}
        async with session.request(request.method, str(request.url), data=await request.read(),
                                   headers=headers) as answer:
            return web.Response(status=answer.status, body=await answer.read(),
                                content_type=answer.content_type)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", forward)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}", seen
    finally:
        await runner.cleanup()
        await session.close()


@pytest.mark.asyncio
async def test_every_bot_api_call_goes_through_the_proxy(tmp_path: Path) -> None:
    async with FakeTelegram() as tg, forward_proxy() as (proxy, seen):
        config = Config.from_env({"TELEGRAM_BOT_TOKEN": tg.token, "TELEGRAM_API_BASE_URL": tg.base_url,
                                  "DATABASE_PATH": str(tmp_path / "bot.sqlite3"), "TELEGRAM_PROXY": proxy})
        assert config.proxy == proxy
        app = build_application(config, rate_limit=False)
        u = tg.user(4242, language_code="ja")
        async with polling(app):
            await u.send("/start")
            assert (await u.wait_reply(timeout=15)).text
    assert seen["getUpdates"] >= 1 and seen["sendMessage"] >= 1, seen
    assert seen["getMe"] >= 1  # PTB's start-up call too


@pytest.mark.asyncio
@pytest.mark.parametrize("bypassed", [False, True])
async def test_the_environments_proxy_and_no_proxy_are_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              bypassed: bool) -> None:
    """Without TELEGRAM_PROXY, ``HTTP_PROXY`` (the fake Bot API is http://) carries every call, unless ``NO_PROXY``
    names the Bot API's host."""
    async with FakeTelegram() as tg, forward_proxy() as (proxy, seen):
        for name in ("HTTPS_PROXY", "https_proxy", "http_proxy", "no_proxy", "NO_PROXY", "ALL_PROXY", "all_proxy"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("HTTP_PROXY", proxy)
        if bypassed:
            monkeypatch.setenv("NO_PROXY", "127.0.0.1")
        config = Config.from_env({"TELEGRAM_BOT_TOKEN": tg.token, "TELEGRAM_API_BASE_URL": tg.base_url,
                                  "DATABASE_PATH": str(tmp_path / "bot.sqlite3")})
        assert config.proxy is None
        app = build_application(config, rate_limit=False)
        u = tg.user(4243, language_code="en")
        async with polling(app):
            await u.send("/start")
            assert (await u.wait_reply(timeout=15)).text
    if bypassed:
        assert sum(seen.values()) == 0, seen
    else:
        assert seen["getUpdates"] >= 1 and seen["sendMessage"] >= 1, seen
