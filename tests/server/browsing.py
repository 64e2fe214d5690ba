"""Playing meeple in a real browser, for the browser tests: the server on a free port in a thread, the
lobby's form, and whole games played by clicking (on the drawn board where an action names a board
thing, else on the list of actions). Playwright drives Debian's Chromium (`apt-get install chromium`);
the `browser` fixture is in conftest.py. Screenshots go to test-artifacts/ (not committed)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from meeple.engine import load
from meeple.table import presenter_for

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def launch(playwright: object) -> object:
    """Chromium, or a skip when it is not installed (a failure when MEEPLE_REQUIRE_BROWSER=1, as in CI)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("MEEPLE_REQUIRE_BROWSER") == "1":
            raise RuntimeError("Chromium is not installed (apt-get install chromium); MEEPLE_REQUIRE_BROWSER=1")
        pytest.skip("Chromium is not installed here (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


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


def watch_console(page: object, errors: list[str]) -> None:
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


@contextmanager
def laptop_page(browser: Any, db: str) -> Iterator[tuple[Server, Any, list[str]]]:
    """A server over `db` and a laptop-sized page watched for console errors (collected in the list);
    both closed at the end."""
    server = Server(db)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    watch_console(page, errors)
    try:
        yield server, page, errors
    finally:
        context.close()
        server.stop()


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


def open_seeded_game(page: Any, url: str, game: str, seats: list[str], seed: int,
                     options: dict[str, Any] | None = None) -> str:
    """A seeded game made through the lobby's API, the person (Ann) in seat 0 and each of `seats` a bot
    level; the page opens Ann's seat, named already as the lobby does for its creator. Returns its id."""
    page.goto(url + "/")
    made = page.request.post(url + "/api/games", data={
        "game": game, "options": options or {}, "seed": seed, "name": "Ann",
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": level} for level in seats],
    }).json()
    page.evaluate(f"localStorage.setItem('named-{made['id']}', '1')")
    page.goto(f"{url}/game/{made['id']}?token={made['token']}")
    page.wait_for_selector("#board svg")
    return made["id"]


class Decisions(NamedTuple):
    made: int  # the seat's decisions
    naming: int  # those that offered an action naming a board thing
    on_board: int  # those whose action taken named one (was picked on the board)


def board_decisions(record: dict[str, Any], seat: int = 0, after: int = 0) -> Decisions:
    """Replaying a game's record: the seat's decisions from move `after` on, and how many of them named
    board things."""
    game = load(record["game"])
    presenter = presenter_for(game)
    state = game.new_state(len(record["seats"]), record["seed"], record["options"])
    made = naming = on_board = 0
    for i, entry in enumerate(record["actions"]):
        action = game.action_from_json(entry["action"])
        if entry["player"] == seat and i >= after:
            view = state.view(seat)
            made += 1
            naming += any(presenter.targets(view, a) for a in state.legal_actions(seat))
            on_board += bool(presenter.targets(view, action))
        state.apply(entry["player"], action)
    return Decisions(made, naming, on_board)


# A point of a board thing that the thing itself covers: the middle of its box first, else the first of
# a grid over the box (a ring's sector, a crescent, has the middle of its box outside it, on another thing).
INSIDE = """(g) => { const r = g.getBoundingClientRect();
  for (const [i, j] of [[8, 8], ...[...Array(225).keys()].map((k) => [1 + k % 15, 1 + Math.floor(k / 15)])]) {
    const x = r.left + r.width * i / 16, y = r.top + r.height * j / 16, e = document.elementFromPoint(x, y);
    if (e && e.closest("[data-thing]") === g) return [x, y];
  } return null; }"""


def click_inside(page: object, thing: object) -> bool:
    """Click a board thing where it is drawn (Playwright's click aims at the middle of its box); False
    when the board was redrawn meanwhile."""
    from playwright.sync_api import Error

    try:
        thing.scroll_into_view_if_needed(timeout=3000)
        point = thing.evaluate(INSIDE)
    except Error:
        return False
    if point is None:
        thing.click(timeout=3000)
    else:
        page.mouse.click(*point)
    return True


def play_by_clicking(page: object, max_clicks: int = 5000) -> tuple[int, int]:
    """Play the seat to the end: wherever the drawn board highlights a thing to pick, click it (the
    first one), else click the first action of the list. Returns (clicks, clicks on the board)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    clicks = on_board = 0
    while clicks < max_clicks:
        page.wait_for_function(
            "document.querySelector('#prompt').textContent.startsWith('Final result') || "
            "document.querySelector('#choices button:not([disabled])') !== null"
            " || document.querySelector('#choices details') !== null",
            timeout=60_000,
        )
        if page.locator("#prompt").text_content().startswith("Final result"):
            return clicks, on_board
        try:  # an update may redraw the board or the menu under the pointer: then look again
            targets = page.locator("#board svg .thing.target")
            details = page.locator("#choices details")
            if targets.count():
                if not click_inside(page, targets.first):
                    continue  # redrawn under the pointer: look again
                on_board += 1
            elif details.count():
                details.first.locator("summary").click(timeout=3000)
                details.first.locator("button").first.click(timeout=3000)
            else:
                page.locator("#choices button:not([disabled])").first.click(timeout=3000)
        except PlaywrightTimeout:
            continue
        clicks += 1
    raise AssertionError(f"no end after {max_clicks} clicks")
