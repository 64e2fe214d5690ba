"""End to end in a real browser (Playwright driving Debian's Chromium): create a game in the lobby and
play it to the end by clicking, two people in two browser contexts, a reload and a server restart in
the middle. Screenshots go to test-artifacts/ (not committed). Skipped without Chromium unless
MEEPLE_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

import pytest

from .browsing import ARTIFACTS, Server, create_in_lobby, laptop_page, play_by_clicking, watch_console


# Each of the four games is played to the end on its drawn board in tests/server/test_board_<game>.py.
@pytest.mark.parametrize(("game", "seats"), [("goofspiel", ["easy"])])
def test_a_game_against_bots_is_played_to_the_end_by_clicking(browser: object, sqlite_db: str, game: str,
                                                              seats: list[str]) -> None:
    with laptop_page(browser, sqlite_db) as (server, page, errors):
        create_in_lobby(page, server.url, game, seats)
        ARTIFACTS.mkdir(exist_ok=True)
        page.wait_for_selector("#board pre, #board svg")
        page.screenshot(path=str(ARTIFACTS / f"{game}-start.png"), full_page=True)
        clicks, on_board = play_by_clicking(page)
        page.screenshot(path=str(ARTIFACTS / f"{game}-end.png"), full_page=True)
        assert clicks > 0
        if game == "goofspiel":  # drawn: every bid is a click on one of your cards
            assert on_board == clicks == 13
        assert "Final result" in page.locator("#prompt").text_content()
        assert errors == []


def test_two_people_in_two_browsers_a_reload_and_a_restart(browser: object, sqlite_db: str) -> None:
    db = sqlite_db
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



def test_a_game_saved_under_rules_it_cannot_go_on_by_says_so_and_stays(
    browser: object, sqlite_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an upgrade whose rules refuse a stored move: the lobby marks the game, and its page shows
    the refusal once instead of reconnecting for ever (docs/architecture.md, "Rules versions")."""
    from meeple.engine import load
    from meeple.server.store import Store

    with laptop_page(browser, sqlite_db) as (server, page, errors):
        page.goto(server.url + "/")
        made = page.request.post(server.url + "/api/games", data={
            "game": "goofspiel", "options": {"cards": 3}, "seed": 1, "name": "Ann",
            "seats": [{"kind": "person"}, {"kind": "person"}],
        }).json()
    assert Store(sqlite_db).add_move(made["id"], 0, 0, ["bid", 99])  # a move the new rules refuse
    monkeypatch.setattr(type(load("goofspiel")), "version", "2")  # the upgrade, then a new server
    with laptop_page(browser, sqlite_db) as (server, page, errors):
        page.goto(server.url + "/")
        row = page.locator("#games tr", has_text="Goofspiel")
        assert "(saved under rules version 1)" in row.text_content()
        page.evaluate(f"localStorage.setItem('named-{made['id']}', '1')")  # as the lobby does for its creator
        page.goto(f"{server.url}/game/{made['id']}?token={made['token']}")
        error = page.locator("#error")
        error.filter(has_text="cannot go on under version 2").wait_for()
        page.wait_for_timeout(2000)  # no reconnection loop overwrites it
        assert "cannot go on under version 2" in error.text_content()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "older-rules.png"), full_page=True)
        assert errors == []


def test_a_stored_game_of_a_game_this_meeple_does_not_have_is_marked_in_the_lobby(
    browser: object, sqlite_db: str
) -> None:
    """The lobby lists every game still (one such game used to fail the whole list) and marks this one,
    with no link to a page that could not open it."""
    import sqlalchemy as sa

    from meeple.server.store import Store

    with laptop_page(browser, sqlite_db) as (server, page, errors):
        page.goto(server.url + "/")
        made = [page.request.post(server.url + "/api/games", data={
            "game": "goofspiel", "options": {"cards": 3}, "seed": 1, "name": "Ann",
            "seats": [{"kind": "person"}, {"kind": "person"}],
        }).json() for _ in range(2)]
        with Store(sqlite_db).engine.begin() as connection:
            connection.execute(sa.text("UPDATE games SET game_id = 'chess' WHERE id = :id"), {"id": made[0]["id"]})
        page.reload()
        row = page.locator("#games tr", has_text="chess")
        row.wait_for()
        assert "a game this meeple does not have" in row.text_content()
        assert row.locator("a").count() == 0
        assert page.locator("#games tr", has_text="Goofspiel").locator("a", has_text="watch").count() == 1
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "unknown-game.png"), full_page=True)
        assert errors == []
