"""A stored game keeps the version of its game's rules it was made under (docs/architecture.md, "Rules
versions"): after an upgrade that changes the rules, a game whose moves all replay goes on under the
new rules; one whose moves do not is refused with one message and kept exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from starlette.websockets import WebSocketDisconnect

from meeple.engine import load
from meeple.server.store import Store

from .test_server import client, create

GOOFSPIEL = type(load("goofspiel"))


def a_game_with_one_move(db: str) -> dict[str, Any]:
    """A Goofspiel game of two people, the first bid made."""
    with client(db) as c:
        game = create(c, seats=[{"kind": "person"}, {"kind": "person"}], options={"cards": 3})
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            u = ws.receive_json()
            ws.send_json({"type": "act", "move": u["move_number"], "action": u["choices"][0]["action"]})
            assert ws.receive_json()["move_number"] == 1
    return game


def test_a_new_game_is_stored_with_its_rules_version(db: str) -> None:
    with client(db) as c:
        game = create(c)
        summary = c.get(f"/api/games/{game['id']}").json()
    assert summary["rules"] == GOOFSPIEL.version and summary["older_rules"] is False


def test_the_migration_gives_the_games_stored_before_it_rules_version_1(db: str) -> None:
    store = Store(db)
    store.migrate("0001")
    with store.engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO games (id, game_id, options, seed, created, status, result)"
            " VALUES ('old', 'goofspiel', '{}', 1, 0.0, 'playing', NULL)"
        ))
    store.migrate()
    stored = store.game("old")
    assert stored is not None and stored.rules == "1" and stored.status == "playing"


def test_a_game_saved_under_older_rules_goes_on_when_its_moves_replay(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = a_game_with_one_move(db)
    monkeypatch.setattr(GOOFSPIEL, "version", "2")  # an upgrade that changed the rules
    with client(db) as c:
        listed = {g["id"]: g for g in c.get("/api/games").json()}[game["id"]]
        assert listed["older_rules"] is True and listed["rules"] == "1"
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            u = ws.receive_json()
            assert u["type"] == "update" and u["move_number"] == 1
        record = c.get(f"/api/games/{game['id']}/record").json()
        assert record["version"] == "2" and len(record["actions"]) == 1
        assert c.get(f"/api/games/{game['id']}").json()["older_rules"] is False
    assert Store(db).game(game["id"]).rules == "2"


def test_a_game_whose_moves_the_new_rules_refuse_is_refused_and_kept_as_it_was(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = a_game_with_one_move(db)
    store = Store(db)
    assert store.add_move(game["id"], 1, 1, ["bid", 99])  # a move the new rules no longer allow
    before = (store.moves(game["id"]), store.game(game["id"]).status)
    monkeypatch.setattr(GOOFSPIEL, "version", "2")
    with client(db) as c:
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            error = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 4409
        said = error["message"]
        assert error["type"] == "error"
        assert "saved under Goofspiel rules version 1 and cannot go on under version 2" in said
        assert "stored move 2, by P2, does not replay under Goofspiel rules version 2: illegal action 'bid 99'" in said
        assert said.endswith("The game is kept as it was; a meeple with rules version 1 can still play it")
        r = c.get(f"/api/games/{game['id']}/record")
        assert r.status_code == 400 and r.json()["error"] == said
    stored = store.game(game["id"])
    assert (store.moves(game["id"]), stored.status) == before and stored.rules == "1"


def test_a_stored_move_the_same_rules_refuse_is_named(db: str) -> None:
    """An altered database, not an upgrade: the move and the rules' reason, no traceback."""
    game = a_game_with_one_move(db)
    assert Store(db).add_move(game["id"], 1, 1, ["bid", 99])
    with client(db) as c:
        r = c.get(f"/api/games/{game['id']}/record")
    assert r.status_code == 400
    said = r.json()["error"]
    assert said.startswith(
        f"stored move 2, by P2, does not replay under Goofspiel rules version {GOOFSPIEL.version}: "
    )


def test_a_stored_game_of_a_game_this_meeple_does_not_have_is_listed_and_refused_as_it_is(db: str) -> None:
    """Stored by a meeple that had the game (a plug-in since removed): the lobby still lists every game,
    the game is marked and refused once with what is missing, and nothing stored changes."""
    game = a_game_with_one_move(db)
    other = a_game_with_one_move(db)
    store = Store(db)
    with store.engine.begin() as connection:
        connection.execute(sa.text("UPDATE games SET game_id = 'chess' WHERE id = :id"), {"id": game["id"]})
    before = (store.moves(game["id"]), store.game(game["id"]).status)
    with client(db) as c:
        listed = c.get("/api/games")
        assert listed.status_code == 200
        rows = {g["id"]: g for g in listed.json()}
        assert rows[game["id"]]["unknown_game"] is True and rows[game["id"]]["title"] == "chess"
        assert rows[other["id"]]["unknown_game"] is False and rows[other["id"]]["title"] == "Goofspiel"
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            error = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 4409 and error["type"] == "error"
        assert error["message"].startswith("this game is of 'chess', which this meeple does not have (unknown game")
        assert error["message"].endswith("The game is kept as it was; a meeple with 'chess' can still play it")
        r = c.get(f"/api/games/{game['id']}/record")
        assert r.status_code == 400 and r.json()["error"] == error["message"]
    assert (store.moves(game["id"]), store.game(game["id"]).status) == before
