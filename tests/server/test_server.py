"""meeple serve through its HTTP API and WebSockets (Starlette's TestClient): the lobby, seats and
tokens, moves, double submissions, reconnection, a restart on the same database, export and import,
and every refusal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.engine.record import verify
from meeple.server.app import MAX_MESSAGE, create_app
from meeple.server.store import Store


def client(url: str) -> TestClient:
    store = Store(url)
    store.migrate()
    return TestClient(create_app(store))


def create(c: TestClient, game: str = "goofspiel", seats: list[dict[str, str]] | None = None, **extra: Any) -> dict:
    seats = seats or [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    r = c.post("/api/games", json={"game": game, "seats": seats, "name": "Ann", "seed": 7, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def play_through(ws: Any, first: dict) -> dict:
    """Answer every decision with the first choice until the game is over; the last update."""
    update = first
    while not update["over"]:
        if update["choices"]:
            ws.send_json({"type": "act", "move": update["move_number"], "action": update["choices"][0]["action"]})
        reply = ws.receive_json()
        while reply["type"] == "error":
            # an answer to an update a bot's move had already overtaken: the newer update follows
            assert "already made" in reply["message"], reply
            reply = ws.receive_json()
        update = reply
    return update


def test_a_person_plays_a_whole_game_against_a_bot_and_exports_it(db: str) -> None:
    with client(db) as c:
        game = create(c, options={"cards": 5})
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            first = ws.receive_json()
            assert first["seat"] == 0 and first["choices"] and first["svg"].startswith("<svg")
            last = play_through(ws, first)
        assert last["result"] is not None and last["status"] == "finished"
        record = c.get(f"/api/games/{game['id']}/record").json()
        assert verify(json.loads(json.dumps(record))).is_terminal()
        listed = {g["id"]: g for g in c.get("/api/games").json()}
        assert listed[game["id"]]["status"] == "finished"


def test_the_text_board_is_sent_under_a_drawn_one_only_while_the_page_shows_it(db: str) -> None:
    with client(db) as c:
        game = create(c)  # Goofspiel: drawn
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            first = ws.receive_json()
            assert first["svg"].startswith("<svg") and first["board"] == ""
            ws.send_json({"type": "textboard", "on": True})
            shown = ws.receive_json()
            assert "<pre" in shown["board"] and shown["move_number"] == first["move_number"]
            ws.send_json({"type": "textboard", "on": False})
            assert ws.receive_json()["board"] == ""


def test_the_same_move_sent_twice_is_made_once(db: str) -> None:
    """Two tabs, or a retry: each move names the move number it answers."""
    with client(db) as c:
        game = create(c, seats=[{"kind": "person"}, {"kind": "person"}], options={"cards": 3})
        url = f"/ws/{game['id']}?token={game['token']}"
        with c.websocket_connect(url) as tab1, c.websocket_connect(url) as tab2:
            u1, u2 = tab1.receive_json(), tab2.receive_json()
            action = u1["choices"][0]["action"]
            tab1.send_json({"type": "act", "move": u1["move_number"], "action": action})
            assert tab1.receive_json()["move_number"] == 1
            assert tab2.receive_json()["move_number"] == 1
            tab2.send_json({"type": "act", "move": u2["move_number"], "action": action})
            error = tab2.receive_json()
            assert error["type"] == "error" and "already made" in error["message"]
        assert len(c.get(f"/api/games/{game['id']}/record").json()["actions"]) == 1


def test_a_restart_on_the_same_database_loses_no_move_and_the_page_resumes(db: str) -> None:
    with client(db) as c:
        game = create(c, game="doge", seats=[{"kind": "person"}, {"kind": "bot", "level": "easy"},
                                             {"kind": "bot", "level": "easy"}])
        url = f"/ws/{game['id']}?token={game['token']}"
        with c.websocket_connect(url) as ws:
            u = ws.receive_json()
            for _ in range(6):
                ws.send_json({"type": "act", "move": u["move_number"], "action": u["choices"][0]["action"]})
                ws.send_json({"type": "ping"})  # answered once the move (and the bots after it) are done
                while (reply := ws.receive_json())["type"] != "pong":
                    assert reply["type"] == "update", reply
                    u = reply
        before = c.get(f"/api/games/{game['id']}/record").json()
    with client(db) as c2:  # a new app, as after a restart
        after = c2.get(f"/api/games/{game['id']}/record").json()
        assert after["actions"] == before["actions"] and after["final_hash"] == before["final_hash"]
        with c2.websocket_connect(url) as ws:
            u = ws.receive_json()
            assert u["move_number"] == len(before["actions"]) and u["choices"]
            assert [e["text"] for e in u["events"]], "a reconnecting page is sent the log again"


def test_a_seat_token_acts_only_for_its_own_seat(db: str) -> None:
    with client(db) as c:
        game = create(c, seats=[{"kind": "person"}, {"kind": "person"}], options={"cards": 3})
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            u = ws.receive_json()
            ws.send_json({"type": "act", "seat": 1, "move": 0, "action": u["choices"][0]["action"]})
            assert "only for your own seat" in ws.receive_json()["message"]
        with c.websocket_connect(f"/ws/{game['id']}?token=forged") as ws:
            assert "not valid" in ws.receive_json()["message"]
        with c.websocket_connect(f"/ws/{game['id']}") as spectator:
            u = spectator.receive_json()
            assert u["seat"] is None and u["choices"] == []
            spectator.send_json({"type": "act", "move": 0, "action": ["bid", 1]})
            assert "spectators cannot act" in spectator.receive_json()["message"]
        assert c.get(f"/api/games/{game['id']}/record").json()["actions"] == []


@pytest.mark.parametrize(
    "message, error",
    [
        ("not json{", "not JSON"),
        ("[1, 2]", "a JSON object"),
        ('{"type": "dance"}', "unknown message type 'dance'"),
        ('{"type": "act", "action": ["bid", 1]}', "needs 'move'"),
        ('{"type": "act", "move": 0, "action": "bid"}', "not an action"),
        ('{"type": "act", "move": 0, "action": ["bid", 99]}', "illegal action"),
        ('{"type": "act", "move": 0, "action": ["bid", 1.0]}', "not an action item"),
        ('{"type": "away", "level": "godlike"}', "unknown level"),
        ('{"type": "goto", "move": 0}', "once it is over"),
        ("x" * (MAX_MESSAGE + 1), "message too long"),
        ("[" * 5000 + "]" * 5000, "not JSON"),
    ],
)
def test_a_bad_message_gets_an_error_and_the_game_goes_on(db: str, message: str, error: str) -> None:
    with client(db) as c:
        game = create(c, options={"cards": 3})
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            u = ws.receive_json()
            ws.send_text(message.replace('"move": 0', f'"move": {u["move_number"]}'))
            reply = ws.receive_json()
            assert reply["type"] == "error" and error in reply["message"], reply
            ws.send_json({"type": "act", "move": u["move_number"], "action": u["choices"][0]["action"]})
            assert ws.receive_json()["type"] == "update"


def test_too_many_messages_are_refused_and_the_connection_goes_on(db: str) -> None:
    with client(db) as c:
        game = create(c, options={"cards": 3})
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            ws.receive_json()
            for _ in range(60):
                ws.send_json({"type": "ping"})
            replies = [ws.receive_json() for _ in range(60)]
            assert any(r["type"] == "error" and "too many messages" in r["message"] for r in replies)
            assert replies[0]["type"] == "pong"


@pytest.mark.parametrize(
    "body, status, error",
    [
        ({"game": "chess", "seats": [{"kind": "person"}]}, 400, "unknown game 'chess'"),
        ({"game": "goofspiel", "seats": [{"kind": "person"}]}, 400, "2 to 5 players"),
        ({"game": "goofspiel", "seats": [{"kind": "person"}, {"kind": "bot", "level": "x"}]}, 400, "unknown level"),
        ({"game": "goofspiel", "seats": [{"kind": "bot"}, {"kind": "bot"}]}, 400, "at least one person"),
        ({"game": "goofspiel", "options": {"cards": 99}, "seats": [{"kind": "person"}, {"kind": "person"}]}, 400,
         "cards=99"),
        ({"game": "goofspiel", "seats": [{"kind": "robot"}]}, 422, "kind"),
    ],
)
def test_a_bad_new_game_is_refused_with_what_is_allowed(db: str, body: dict, status: int, error: str) -> None:
    with client(db) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == status and error in r.text, r.text


def test_an_invited_friend_claims_a_seat_and_plays(db: str) -> None:
    with client(db) as c:
        game = create(c, seats=[{"kind": "person"}, {"kind": "person"}], options={"cards": 3})
        token = game["invites"]["1"].split("token=")[1]
        assert c.post(f"/api/games/{game['id']}/claim", json={"token": "nope", "name": "Bob"}).status_code == 403
        assert c.post(f"/api/games/{game['id']}/claim", json={"token": token, "name": "Bob"}).json() == {"seat": 1}
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ann, \
                c.websocket_connect(f"/ws/{game['id']}?token={token}") as bob:
            a, b = ann.receive_json(), bob.receive_json()
            assert a["seat"] == 0 and b["seat"] == 1
            # each sees only their own choices; neither sees the other's hand of bids as theirs
            ann.send_json({"type": "act", "move": 0, "action": a["choices"][0]["action"]})
            a, b = ann.receive_json(), bob.receive_json()
            assert a["choices"] == [] and b["choices"]
            assert "bids" not in json.dumps(b["view"]) or b["view"] != a["view"]
        seats = c.get(f"/api/games/{game['id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Bob"]


def test_a_person_who_leaves_is_played_by_a_bot_and_takes_the_seat_back(db: str) -> None:
    with client(db) as c:
        game = create(c, options={"cards": 5})
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "away", "level": "easy"})
            u = ws.receive_json()
            while not u["over"]:
                u = ws.receive_json()
            assert u["result"] is not None


def test_a_record_is_imported_and_watched_move_by_move(db: str, tmp_path: Path) -> None:
    with client(db) as c:
        game = create(c, options={"cards": 3})
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            play_through(ws, ws.receive_json())
        record = c.get(f"/api/games/{game['id']}/record").json()
        bad = dict(record, final_hash="0" * 64)
        r = c.post("/api/records", json={"record": bad})
        assert r.status_code == 400 and "final hash mismatch" in r.text
        imported = c.post("/api/records", json={"record": record}).json()
        with c.websocket_connect(f"/ws/{imported['id']}") as ws:
            end = ws.receive_json()
            assert end["over"] and end["status"] == "imported"
            ws.send_json({"type": "goto", "move": 2})
            two = ws.receive_json()
            assert two["move_number"] == 2 and not two["over"]
            ws.send_json({"type": "act", "move": 2, "action": ["bid", 1]})
            assert "spectators cannot act" in ws.receive_json()["message"]


def test_a_bot_decides_in_a_worker_process_the_move_it_would_make_here() -> None:
    """Bots decide in worker processes, so a search never holds the server's interpreter; the job
    carries its own seed, so the worker's move is the one the same bot makes in this process."""
    import os

    from meeple.engine import load
    from meeple.server.live import workers
    from meeple.table import Table

    table = Table(load("doge"), ["human", "greedy", "greedy"], seed=11)
    table.act(0, table.update(0).choices[0].action)
    seat = table.next_bot()
    assert seat is not None
    job = table.bot_job(seat)
    assert workers().submit(os.getpid).result() != os.getpid()
    assert workers().submit(job.decide).result() == job.decide()


def test_a_dead_bot_worker_is_replaced_and_the_move_still_made() -> None:
    """A worker process killed mid-game breaks the whole pool; the next decision starts a new one."""
    import asyncio
    import os
    import signal

    from meeple.engine import load
    from meeple.server import live
    from meeple.table import Table

    table = Table(load("goofspiel"), ["greedy", "greedy"], seed=5)
    job = table.bot_job(0)
    pid = live.workers().submit(os.getpid).result()
    os.kill(pid, signal.SIGKILL)
    assert asyncio.run(live.decide_elsewhere(job)) == job.decide()
    assert live.workers().submit(os.getpid).result() != pid


def test_the_bots_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    """A server killed outright cannot shut its worker pool down: the workers watch for it and end."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = (
        "import os\nfrom meeple.server.live import workers\n"
        "print(workers().submit(os.getpid).result(), flush=True)\nimport time\ntime.sleep(60)\n"
    )
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    worker = int(server.stdout.readline())
    os.kill(server.pid, signal.SIGKILL)
    server.wait()
    assert worker != server.pid

    def alive() -> bool:
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return False
        return True

    deadline = time.monotonic() + 20
    while alive() and time.monotonic() < deadline:
        time.sleep(0.2)
    ended = not alive()
    if not ended:
        os.kill(worker, signal.SIGKILL)
    assert ended, f"worker {worker} outlived its killed server"
