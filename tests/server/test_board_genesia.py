"""Genesia's drawn board in a real browser (Playwright driving Debian's Chromium): a whole game against an
easy bot played by clicking on the board wherever the action names a board thing (a card, a Region,
an origin then a destination, a turn-order slot, a War or Peace tile); the numbers read from the page's
SVG equal the view's (the position rebuilt from the stored seed and moves); screenshots at the start,
mid-game and the end, on a laptop and a phone-sized screen, in test-artifacts/; no console errors.
Skipped without Chromium unless MEEPLE_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from meeple.engine import load
from meeple.server.store import Store
from meeple.table import HUMAN, Table

from .browsing import (
    ARTIFACTS,
    board_decisions,
    create_in_lobby,
    laptop_page,
    play_by_clicking,
)


def rebuilt(db: str, gid: str) -> tuple[Table, list[tuple[int, Any]]]:
    """The game as stored (seed, options and moves), replayed on a table of people (no bot moves)."""
    store = Store(db)
    try:
        stored = store.game(gid)
        assert stored is not None
        moves = store.moves(gid)
    finally:
        store.close()
    table = Table.restore(load("genesia"), [HUMAN] * len(stored.seats), stored.seed, stored.options, moves)
    return table, moves


def stored_moves(db: str, gid: str) -> int:
    store = Store(db)
    try:
        return len(store.moves(gid))
    finally:
        store.close()


def page_matches_view(page: Any, db: str, gid: str) -> None:
    """Each Region's Clans, Cities and value, each people's Coins and Progress Points, read from the
    page's SVG, equal the view of seat 0 rebuilt from the stored game."""
    for _ in range(20):  # the bot may still be moving: wait until the page shows the stored move
        table, moves = rebuilt(db, gid)
        status = page.locator("#status").text_content() or ""
        if f"move {len(moves)}" in status:
            break
        time.sleep(0.25)
    else:
        raise AssertionError(f"the page never showed move {len(moves)}: {status!r}")
    view = table.update(0).view
    # every board thing's data-* attributes, read from the page at once (one call, not one per thing)
    drawn = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board svg [data-thing]')]
        .map((g) => [g.dataset.thing, {...g.dataset}]))""")
    names = view["board"]["names"]
    for r, name in enumerate(names):
        thing = drawn[f"region:{name.lower().replace(' ', '-')}"]
        clans = {p: view["clans"][p][r] for p in range(view["peoples"]) if view["clans"][p][r]}
        assert thing["clans"] == " ".join(f"{p}:{n}" for p, n in clans.items()), name
        cities = [p for p in range(view["peoples"]) if view["cities"][r] == p or r in view["home_cities"][p]]
        assert thing["cities"] == " ".join(map(str, cities)), name
        assert thing["value"] == str(view["board"]["values"][r])
    home = page.locator('[data-thing="region:red-homeland"]')  # and one read as a player's script would
    assert home.get_attribute("data-clans") == drawn["region:red-homeland"]["clans"]
    for p in range(view["peoples"]):
        row = drawn[f"people:{p}"]
        assert row["coins"] == str(view["coins"][p])
        assert row["pp"] == str(sum(view["pp"][p]))
        hand = view["hands"][p]
        assert row["cards"] == str(len(hand) if isinstance(hand, list) else hand)
    shown = {int(t.split(":")[1]) for t in drawn if t.startswith("card:")}
    assert shown == set(view["hands"][0]) | set(view["packs"][0]) | set(view["kept"][0])


def test_genesia_is_played_on_its_drawn_board(browser: object, sqlite_db: str) -> None:
    db = sqlite_db
    with laptop_page(browser, db) as (server, page, errors):
        create_in_lobby(page, server.url, "genesia", ["easy"])
        gid = page.url.split("?")[0].rstrip("/").split("/")[-1]
        ARTIFACTS.mkdir(exist_ok=True)
        page.wait_for_selector("#board svg")
        page.wait_for_selector("#choices button:not([disabled]), #choices details")
        page.screenshot(path=str(ARTIFACTS / "genesia-board-start.png"), full_page=True)
        page_matches_view(page, db, gid)
        with contextlib.suppress(AssertionError):  # "no end": the first part of the game, as meant
            play_by_clicking(page, max_clicks=45)
        page.wait_for_selector("#choices button:not([disabled]), #choices details")
        page.screenshot(path=str(ARTIFACTS / "genesia-board-mid.png"), full_page=True)
        page_matches_view(page, db, gid)
        page.set_viewport_size({"width": 390, "height": 844})  # a phone-sized screen
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / "genesia-board-phone.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        mid = stored_moves(db, gid)
        clicks, on_board = play_by_clicking(page)  # the rest of the game, counted
        page.screenshot(path=str(ARTIFACTS / "genesia-board-end.png"), full_page=True)
        assert "Final result" in page.locator("#prompt").text_content()
        page_matches_view(page, db, gid)
        decisions, _, named = board_decisions(page.request.get(f"{server.url}/api/games/{gid}/record").json(), after=mid)
        assert on_board > 0 and named > 0
        # each decision naming nothing on the board took one click in the list; the other clicks in the
        # list finished a decision begun on the board ("which one?": play or discard the card picked)
        # or made one that named a board thing without it: at most that many of those
        in_list_too = clicks - on_board - (decisions - named)
        assert named - in_list_too >= named * 0.75, (decisions, named, clicks, on_board)
        assert errors == []
