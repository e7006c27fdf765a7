"""The room behind a real TLS reverse proxy, as docs/hosting.md sets it up (issue 39): Debian's
caddy terminates HTTPS with its own internal certificate authority on 127.0.0.1 and proxies the
page, the API and the websocket to ``homegame serve --public-url https://localhost:PORT
--trusted-proxy 127.0.0.1``; a host and a friend play a hand of draw through ``https://`` and
``wss://`` in chromium. A websocket opened from a page of another origin is refused."""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets.sync.client
from playwright.sync_api import Browser, expect
from websockets.exceptions import InvalidStatus

from browser.players import DESKTOP, PHONE, TablePlayer, hands_played, play_until
from homegame.room.client import RoomClient
from room_server import RoomServer

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def caddyfile(data: Path, port: int, room_port: int) -> str:
    """The Caddyfile of docs/hosting.md for a test on loopback: caddy's own certificate authority
    (``tls internal``) instead of Let's Encrypt, no admin endpoint, nothing installed system-wide."""
    return (f"{{\n\tadmin off\n\tskip_install_trust\n\tstorage file_system {data}\n}}\n\n"
            f"https://localhost:{port} {{\n\ttls internal\n\treverse_proxy 127.0.0.1:{room_port}\n}}\n")


class Caddy:
    """``caddy run`` with a Caddyfile of its own, until stopped."""

    def __init__(self, folder: Path, port: int, room_port: int) -> None:
        self.port = port
        self.base = f"https://localhost:{self.port}"
        self.folder = folder
        (folder / "Caddyfile").write_text(caddyfile(folder / "data", self.port, room_port))
        self.log = folder / "caddy.log"
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Caddy:
        caddy = shutil.which("caddy")
        if caddy is None:
            pytest.fail("the TLS test needs Debian's caddy: apt-get install caddy")
        with open(self.log, "wb") as log:
            command = [caddy, "run", "--config", str(self.folder / "Caddyfile"), "--adapter", "caddyfile"]
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=self.folder,
                                            env={"HOME": str(self.folder), "PATH": "/usr/bin:/bin"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"caddy exited: {self.log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"caddy did not listen within 30 s: {self.log.read_text()[-2000:]}")

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)

    @property
    def root_certificate(self) -> Path:
        return self.folder / "data" / "pki" / "authorities" / "local" / "root.crt"


@pytest.fixture(scope="module")
def behind_tls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RoomServer, Caddy]]:
    folder = tmp_path_factory.mktemp("tls")
    port = _free_port()
    room = RoomServer(str(folder / "room.sqlite3"),
                      arguments=("--public-url", f"https://localhost:{port}", "--trusted-proxy", "127.0.0.1"))
    with room, Caddy(folder, port, room.port) as caddy:
        yield room, caddy


def test_a_hand_is_played_through_https_and_wss(browser: Browser,
                                                behind_tls: tuple[RoomServer, Caddy]) -> None:
    room, caddy = behind_tls
    setup = {"name": "over TLS", "seats": 2, "games": ["draw"], "clock": 600}
    created = RoomClient(room.base).create_table(setup)
    assert created["invite"].startswith(caddy.base + "/t/"), "the invite link carries the public address"
    players = []
    for name, viewport in (("ann", DESKTOP), ("bob", PHONE)):
        context = browser.new_context(viewport=viewport, ignore_https_errors=True)
        player = TablePlayer(context.new_page(), name)
        player.open("", created["invite"])
        player.sit()
        players.append(player)
    assert caddy.root_certificate.exists(), "caddy made its own certificate authority"
    for player in players:
        assert player.page.url.startswith("https://")
        assert player.page.evaluate("() => location.protocol") == "https:"
        expect(player.page.locator("#status")).to_have_attribute("data-status", "connected")
    fetched = players[0].page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    assert fetched and all(name.startswith(caddy.base) for name in fetched), "everything through TLS"
    assert players[0].page.evaluate("() => window.homegame.socket.url()") == f"wss://localhost:{caddy.port}/ws"
    play_until(players, lambda: hands_played(players) >= 1, random.Random(39))
    over = [frame for frame in players[1].frames if frame["type"] == "state" and frame["view"]
            and frame["view"]["is_over"]]
    assert over, "the phone saw the hand end, over wss://"
    assert players[0].errors == [] and players[1].errors == []


def test_a_websocket_from_another_origin_is_refused(behind_tls: tuple[RoomServer, Caddy]) -> None:
    room, _ = behind_tls
    with pytest.raises(InvalidStatus) as refused:
        websockets.sync.client.connect(room.base.replace("http", "ws") + "/ws", origin="https://cards.example",
                                       open_timeout=10)
    assert refused.value.response.status_code == 403
    with websockets.sync.client.connect(room.base.replace("http", "ws") + "/ws", open_timeout=10,
                                        origin=room.base) as own:
        own.send('{"type": "ping"}')
