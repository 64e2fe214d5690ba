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
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.live import Hub
from meeple.server.store import Store

# each game's facts, as its presentation tests define them: (module, function(state, person), players, options)
FACTS = {
    "doge": ("tests.games.doge.test_present", "hidden_facts", 3, {}),
    "elgrande": ("tests.games.elgrande.test_present", "hidden_facts", 4, {"colonies": True, "short": True}),
    "genesia": ("tests.games.genesia.test_present", "hidden_facts", 3, {}),
    "riodelaplata": ("tests.games.riodelaplata.test_present", "next_war_check", 3, {"short": True}),
}


def _text(message: dict) -> str:
    """What a message can show, a line for each thing as a page shows it: the events, the prompt, each
    choice's label, the text board's HTML and the drawn board's SVG as plain text, and the rest of the
    message (the SVG's markup too, with its attributes) as JSON."""
    board = html.unescape(re.sub(r"<[^>]+>", "", message.get("board", "")))
    drawn = html.unescape(re.sub(r"<[^>]+>", " ", message.get("svg") or ""))
    lines = [e["text"] for e in message.get("events", [])]
    lines += [message.get("prompt", ""), *(c["label"] for c in message.get("choices", [])), board, drawn]
    rest = {k: v for k, v in message.items() if k not in ("board", "events", "choices", "prompt")}
    return "\n".join([*lines, json.dumps(rest, ensure_ascii=False)])


@pytest.mark.parametrize("game_id", sorted(FACTS))
def test_no_message_to_a_seat_spells_another_seats_hidden_fact(
    game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, name, players, options = FACTS[game_id]
    hidden_facts = getattr(importlib.import_module(module), name)
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    store.migrate()
    app = create_app(store)
    # each message to the person, with the facts hidden from them both when the connection's previous
    # message was made and when this one was (a message tells what happened in between: a fact
    # revealed meanwhile, or hidden only since, may be in it)
    sent: list[tuple[str, set[str]]] = []
    before: dict[int, set[str]] = {}
    real_message = Hub.message

    def message(self: Hub, live: Any, conn: Any) -> dict:
        doc = real_message(self, live, conn)
        if conn.seat == 0:
            now = set(hidden_facts(live.table._state, 0))
            sent.append((_text(doc), now & before.get(id(conn), now)))
            before[id(conn)] = now
        return doc

    monkeypatch.setattr(Hub, "message", message)
    seats = [{"kind": "person"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    with TestClient(app) as c:
        game = c.post("/api/games", json={"game": game_id, "seats": seats, "options": options, "seed": 3}).json()
        with c.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "textboard", "on": True})  # the text board too, under a drawn one
            update = ws.receive_json()
            last: dict = {}
            while not update.get("over"):
                if update["type"] == "error" and "too many messages" in update["message"]:
                    time.sleep(0.1)  # faster than any person: the rate limit asks to slow down
                    ws.send_json(last)
                elif update["type"] == "error":  # an answer a bot's move overtook: the next update follows
                    assert "already made" in update["message"], update
                elif update["choices"]:
                    last = {"type": "act", "move": update["move_number"], "action": update["choices"][0]["action"]}
                    ws.send_json(last)
                update = ws.receive_json()
    checked = 0
    for text, facts in sent:
        for fact in facts:
            checked += 1
            match = re.search(fact, text)
            assert match is None, f"a message spells {fact!r}: {text[max(0, match.start() - 80):match.end() + 80]!r}"
    assert checked > 0 and len(sent) > 10
