"""End to end in a real browser (Playwright driving Debian's Chromium): create games in the lobby and
play them to the end by clicking, two people in two browser contexts, a reload and a server restart in
the middle. Screenshots go to test-artifacts/ (not committed). Skipped without Chromium unless
MEEPLE_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
if not Path(CHROMIUM).exists():
    if os.environ.get("MEEPLE_REQUIRE_BROWSER") == "1":
        raise RuntimeError("Chromium is not installed (apt-get install chromium); MEEPLE_REQUIRE_BROWSER=1")
    pytest.skip("Chromium is not installed here (apt-get install chromium)", allow_module_level=True)


class Server:
    """meeple's app on uvicorn in a thread, on a free port of this machine, over one database file."""

    def __init__(self, db: str, port: int = 0) -> None:
        import uvicorn

        from meeple.server.app import create_app
        from meeple.server.store import Store

        if not port:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        self.port = port
        store = Store(db)
        store.migrate()
        self.server = uvicorn.Server(uvicorn.Config(create_app(store), host="127.0.0.1", port=self.port,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'meeple.db'}"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def watch_console(page: object, errors: list[str]) -> None:
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def create_in_lobby(page: object, url: str, game: str, seats: list[str]) -> None:
    """Fill the lobby's form: the game, the number of players, each seat after the first a bot level
    or "person" (a friend to invite)."""
    page.goto(url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats) + 1))
    rows = page.locator("#seats .seatrow")
    for i, seat in enumerate(seats, start=1):
        row = rows.nth(i)
        if seat == "person":
            row.locator(".kind").select_option("person")
        else:
            row.locator(".level").select_option(seat)
    page.fill("#name", "Ann")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/game/**")


def play_by_clicking(page: object, max_clicks: int = 5000) -> int:
    """Click the first choice whenever there is one, until the game is over; the clicks made."""
    clicks = 0
    while clicks < max_clicks:
        page.wait_for_function(
            "document.querySelector('#prompt').textContent.startsWith('Final result') || "
            "document.querySelector('#choices button:not([disabled])') !== null"
            " || document.querySelector('#choices details') !== null",
            timeout=60_000,
        )
        if page.locator("#prompt").text_content().startswith("Final result"):
            return clicks
        try:  # an update may redraw the menu under the pointer: then look again
            details = page.locator("#choices details")
            if details.count():
                details.first.locator("summary").click(timeout=3000)
                details.first.locator("button").first.click(timeout=3000)
            else:
                page.locator("#choices button:not([disabled])").first.click(timeout=3000)
        except playwright.TimeoutError:
            continue
        clicks += 1
    raise AssertionError(f"no end after {max_clicks} clicks")


@pytest.mark.parametrize(
    ("game", "seats"),
    [("goofspiel", ["easy"]), ("doge", ["easy", "easy"]), ("elgrande", ["easy", "easy"]),
     ("genesia", ["easy", "easy"]), ("riodelaplata", ["easy", "easy"])],
)
def test_a_game_against_bots_is_played_to_the_end_by_clicking(browser: object, db: str, game: str,
                                                              seats: list[str]) -> None:
    server = Server(db)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    watch_console(page, errors)
    try:
        create_in_lobby(page, server.url, game, seats)
        ARTIFACTS.mkdir(exist_ok=True)
        page.wait_for_selector("#board pre")
        page.screenshot(path=str(ARTIFACTS / f"{game}-start.png"), full_page=True)
        clicks = play_by_clicking(page)
        page.screenshot(path=str(ARTIFACTS / f"{game}-end.png"), full_page=True)
        assert clicks > 0
        assert "Final result" in page.locator("#prompt").text_content()
        assert errors == []
    finally:
        context.close()
        server.stop()


def test_two_people_in_two_browsers_a_reload_and_a_restart(browser: object, db: str) -> None:
    server = Server(db)
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bob_ctx = browser.new_context(viewport={"width": 390, "height": 844})  # a phone-sized screen
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    watch_console(ann, errors)
    watch_console(bob, errors)
    try:
        create_in_lobby(ann, server.url, "goofspiel", ["person"])
        invite = ann.locator(".invite").first.text_content()
        bob.goto(invite)
        bob.fill("#joinname", "Bob")
        bob.click("#joinform button")
        for page in (ann, bob):
            page.wait_for_selector("#choices button:not([disabled])")
        ann.locator("#choices button").first.click()
        bob.locator("#choices button").first.click()
        ann.wait_for_function("document.querySelector('#status').textContent.includes('move 2')")
        ann.reload()  # a reload mid-game resumes
        ann.wait_for_selector("#choices button:not([disabled])")
        server.stop()  # a restart mid-game: a new server over the same database, on the same port
        server = Server(db, server.port)
        for page in (ann, bob):  # the pages reconnect by themselves
            page.wait_for_selector("#choices button:not([disabled])")
        assert "move 2" in ann.locator("#status").text_content()
        bob.screenshot(path=str(ARTIFACTS / "goofspiel-phone.png"), full_page=True)
        assert errors == []
    finally:
        ann_ctx.close()
        bob_ctx.close()
        server.stop()
