"""Río de la Plata's drawn board in a real browser (Playwright driving Debian's Chromium): a seeded short
game against an easy bot played to the end by clicking on the board wherever an action names a board
thing; the numbers the page's board shows (its things' data-*) equal the view of the game rebuilt from
its record, mid-game and at the end; screenshots at the start, mid-game (a laptop and a phone) and at
the end in test-artifacts/; no console errors. Skipped without Chromium unless MEEPLE_REQUIRE_BROWSER=1."""

from __future__ import annotations

import contextlib
from typing import Any

from meeple.engine.record import replay

from .browsing import (
    ARTIFACTS,
    board_decisions,
    laptop_page,
    open_seeded_game,
    play_by_clicking,
    watch_console,
)

SEED = 11


def state_now(page: Any, url: str, gid: str) -> Any:
    """The game as the server has it (rebuilt from its record)."""
    return replay(page.request.get(f"{url}/api/games/{gid}/record").json())


def wait_for_my_turn(page: Any) -> None:
    page.wait_for_function(
        "document.querySelector('#prompt').textContent.startsWith('Final result') || "
        "document.querySelector('#choices button:not([disabled])') !== null", timeout=60_000)


def read(page: Any, thing: str, key: str) -> str | None:
    return page.locator(f'#board svg [data-thing="{thing}"]').get_attribute(f"data-{key}")


def check_numbers(page: Any, state: Any) -> int:
    """Every player's goods and VP, every office, grid and building read from the page's board equal
    the view's; returns how many numbers were compared."""
    view = state.view(0)
    compared = 0
    for p, me in enumerate(view["players"]):
        for key in ("vp", "silver", "wood", "stone", "precious", "free"):
            assert read(page, f"player:{p}", key) == str(me[key]), (p, key)
            compared += 1
    for k in range(12):
        assert read(page, f"office:{k}", "owner") == str(view["offices"]["owner"][k])
        compared += 1
    for b, grid in enumerate(view["grids"]):
        assert read(page, f"major:{b}", "grid") == " ".join(map(str, grid))
        compared += 1
    for x, kind, owner in view["buildings"]:
        assert (read(page, f"cell:{x}", "building"), read(page, f"cell:{x}", "owner")) == (str(kind), str(owner))
        compared += 1
    built = page.locator('#board svg [data-thing^="cell:"]:not([data-building="0"])').count()
    assert built == len(view["buildings"])
    assert read(page, "enemies", "natives") == str(view["enemies"][0])
    assert read(page, "time", "turn") == str(view["turn"])
    return compared + 3


COUNT_CLICKS = """
window.boardClicks = 0; window.listClicks = 0;
document.addEventListener("click", (e) => {
  if (e.target.closest("#board .thing.target")) window.boardClicks += 1;
  else if (e.target.closest("#choices button")) window.listClicks += 1;
}, true);
"""


def test_a_short_game_is_played_on_the_board_and_the_board_shows_the_view(browser: Any, sqlite_db: str) -> None:
    with laptop_page(browser, sqlite_db) as (server, page, errors):
        ARTIFACTS.mkdir(exist_ok=True)
        gid = open_seeded_game(page, server.url, "riodelaplata", ["easy"], SEED, {"short": True})
        page.evaluate(COUNT_CLICKS)  # clicks on the board's highlighted things, and on the list
        wait_for_my_turn(page)
        page.screenshot(path=str(ARTIFACTS / "riodelaplata-board-start.png"), full_page=True)
        check_numbers(page, state_now(page, server.url, gid))

        # mid-game: some 120 clicks in, on the person's turn (the bot waits for her), the numbers again
        with contextlib.suppress(AssertionError):  # "no end after 120 clicks": the game goes on
            play_by_clicking(page, max_clicks=120)
        wait_for_my_turn(page)
        assert check_numbers(page, state_now(page, server.url, gid)) > 20
        page.screenshot(path=str(ARTIFACTS / "riodelaplata-board-mid.png"), full_page=True)
        phone = browser.new_context(viewport={"width": 390, "height": 844})
        watcher = phone.new_page()
        watch_console(watcher, errors)
        watcher.goto(f"{server.url}/game/{gid}")  # a spectator, on a phone-sized screen
        watcher.wait_for_selector("#board svg")
        watcher.screenshot(path=str(ARTIFACTS / "riodelaplata-board-phone.png"), full_page=True)
        phone.close()

        play_by_clicking(page)
        on_board, on_list = page.evaluate("[window.boardClicks, window.listClicks]")
        page.screenshot(path=str(ARTIFACTS / "riodelaplata-board-end.png"), full_page=True)
        assert "Final result" in page.locator("#prompt").text_content()
        final = state_now(page, server.url, gid)
        assert final.is_terminal()
        check_numbers(page, final)

        # the person's decisions that named a board thing were made on the board: each took a click there
        named = board_decisions(page.request.get(f"{server.url}/api/games/{gid}/record").json()).on_board
        assert named > 0 and on_board > 0
        assert on_board >= 0.9 * named, (on_board, on_list, named)
        assert errors == []
