"""El Grande's drawn board in a real browser (Playwright driving Debian's Chromium): a short game with
the Colonies against two easy bots played to the end by clicking on the board wherever an action
names a board thing; the numbers on the page's SVG equal the view's (replayed from the game's record);
screenshots at the start, mid-game, on a phone and at the end in test-artifacts/. Skipped without
Chromium unless MEEPLE_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.engine.record import replay
from meeple.games.elgrande.data import CASTILLO, NAMES, NEW, SPAIN
from meeple.games.elgrande.drawing import region_thing

from .browsing import (
    ARTIFACTS,
    board_decisions,
    laptop_page,
    open_seeded_game,
    play_by_clicking,
)

OPTIONS = {"short": True, "colonies": True}


def replayed(page: Any, url: str, gid: str) -> tuple[Any, dict[str, Any]]:
    """The game as its record stands now, replayed here (the server's state is not read), once the
    page shows the same move (bots may move in between: then it looks again)."""
    for _ in range(20):
        record = page.request.get(f"{url}/api/games/{gid}/record").json()
        if page.evaluate("last.move_number") == len(record["actions"]):
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError("the page never showed the move of the record")
    return replay(record), record


def check_page_against_view(page: Any, view: dict[str, Any]) -> None:
    """Each area's Caballeros by colour and the King; each player's score, court and provinces, read
    from the page's SVG, equal the view's."""
    for a in (*SPAIN, CASTILLO, *NEW):
        g = page.locator(f'#board [data-thing="{region_thing(a)}"]')
        cab = g.get_attribute("data-caballeros") or ""
        counts = {int(p): int(k) for p, k in (x.split(":") for x in cab.split())}
        assert counts == {p: row[a] for p, row in enumerate(view["cab"]) if row[a]}, NAMES[a]
        assert (g.get_attribute("data-king") == "1") == (view["king"] == a), NAMES[a]
    for p in range(len(view["scores"])):
        g = page.locator(f'#board [data-thing="player:{p}"]')
        assert int(g.get_attribute("data-score")) == view["scores"][p]
        assert int(g.get_attribute("data-court")) == view["court"][p]
        assert int(g.get_attribute("data-provinces")) == view["prov"][p]
    # the text drawn, too: your court as the board writes it
    assert f"Court {view['court'][0]}" in page.locator('#board [data-thing="court:0"]').text_content()


CLICKABLE = """() => [...document.querySelectorAll('#board svg [data-thing]')].filter((g) => {
  const r = g.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !hit || hit.closest('[data-thing]') !== g;
}).map((g) => g.getAttribute('data-thing'))"""


def covered(page: Any) -> list[str]:
    """The board things whose middle is covered by another thing (a click there would miss them)."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(CLICKABLE)


def test_a_short_colonies_game_is_played_by_clicking_on_the_board(browser: Any, sqlite_db: str) -> None:
    first = 40  # clicks before the mid-game look
    with laptop_page(browser, sqlite_db) as (server, page, errors):
        gid = open_seeded_game(page, server.url, "elgrande", ["easy", "easy"], 11, OPTIONS)
        ARTIFACTS.mkdir(exist_ok=True)
        page.wait_for_selector("#choices button:not([disabled])")
        page.screenshot(path=str(ARTIFACTS / "elgrande-board-start.png"), full_page=True)
        state, _ = replayed(page, server.url, gid)
        check_page_against_view(page, state.view(0))
        assert covered(page) == []

        with pytest.raises(AssertionError, match="no end"):  # the first part of the game, then a look
            play_by_clicking(page, max_clicks=first)
        page.wait_for_selector("#choices button:not([disabled])")
        state, record = replayed(page, server.url, gid)
        mid = len(record["actions"])
        check_page_against_view(page, state.view(0))
        assert covered(page) == []
        page.screenshot(path=str(ARTIFACTS / "elgrande-board-mid.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})  # a phone
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / "elgrande-board-phone.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})

        clicks, on_board = play_by_clicking(page)
        page.screenshot(path=str(ARTIFACTS / "elgrande-board-end.png"), full_page=True)
        assert "Final result" in page.locator("#prompt").text_content()
        state, record = replayed(page, server.url, gid)
        assert state.is_terminal()
        check_page_against_view(page, state.view(0))
        # the decisions that named a board thing were clicks on the board: after the first part,
        # nearly all of them
        assert clicks > 0 and on_board > 0 and board_decisions(record).on_board > first / 2
        assert on_board >= 0.8 * board_decisions(record, after=mid).on_board
        assert errors == []
