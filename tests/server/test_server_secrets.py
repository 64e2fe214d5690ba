"""No message the server sends a seat carries another seat's hidden information: whole games of each
game with one person and bots, every message to the person searched (its text, the board's HTML
stripped of tags) for the hidden facts the game's own secrecy test defines."""

from __future__ import annotations

import html
import importlib
import json
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.store import Store

# each game's facts, as its presentation tests define them: (module, function(state, person), players, options)
FACTS = {
    "doge": ("tests.games.doge.test_present", "hidden_facts", 3, {}),
    "elgrande": ("tests.games.elgrande.test_present", "hidden_facts", 4, {"colonies": True, "short": True}),
    "riodelaplata": ("tests.games.riodelaplata.test_present", "next_war_check", 3, {"short": True}),
}


def _text(message: dict) -> str:
    """What a message can show, a line for each thing as a page shows it: the events, the prompt, each
    choice's label, the board's HTML as plain text, and the rest of the message as JSON."""
    board = html.unescape(re.sub(r"<[^>]+>", "", message.get("board", "")))
    lines = [e["text"] for e in message.get("events", [])]
    lines += [message.get("prompt", ""), *(c["label"] for c in message.get("choices", [])), board]
    rest = {k: v for k, v in message.items() if k not in ("board", "events", "choices", "prompt")}
    return "\n".join([*lines, json.dumps(rest, ensure_ascii=False)])


@pytest.mark.parametrize("game_id", sorted(FACTS))
def test_no_message_to_a_seat_spells_another_seats_hidden_fact(game_id: str, tmp_path: Path) -> None:
    module, name, players, options = FACTS[game_id]
    hidden_facts = getattr(importlib.import_module(module), name)
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    store.migrate()
    app = create_app(store)
    seats = [{"kind": "person"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    checked = 0
    with TestClient(app) as c:
        game = c.post("/api/games", json={"game": game_id, "seats": seats, "options": options, "seed": 3}).json()
        state = app.state.hub.games[game["id"]].table._state  # behind the server, to know the secrets
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            update = ws.receive_json()
            sent: dict = {}
            while True:
                text = _text(update)
                for fact in hidden_facts(state, 0):
                    checked += 1
                    match = re.search(fact, text)
                    assert match is None, f"a message spells {fact!r}: {text[max(0, match.start() - 80):match.end() + 80]!r}"
                if update.get("over"):
                    break
                if update["type"] == "error" and "too many messages" in update["message"]:
                    time.sleep(0.1)  # faster than any person: the rate limit asks to slow down
                    ws.send_json(sent)
                elif update["type"] == "error":  # an answer a bot's move overtook: the next update follows
                    assert "already made" in update["message"], update
                elif update["choices"]:
                    sent = {"type": "act", "move": update["move_number"], "action": update["choices"][0]["action"]}
                    ws.send_json(sent)
                update = ws.receive_json()
    assert checked > 0
