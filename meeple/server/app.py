"""`meeple serve`: the lobby, the game pages and one WebSocket per seat (FastAPI).

A seat is claimed with its secret token (the invite link): a person acts only for their own seat and
is sent only their own seat's update; a connection without a token is a spectator and sees
`view(None)`. Every message is checked and size-limited; a bad one gets an error message and the
connection and the game go on."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketState

from meeple.bots import LEVELS
from meeple.engine import Game, MeepleError, UnknownGame, games, load
from meeple.engine.record import check_record, verify
from meeple.table import HUMAN, Table, Unreplayable

from .live import Connection, Hub, render, stop_workers
from .store import SeatPlan, Store

log = logging.getLogger("meeple.server")
STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 16_384  # bytes: an action is a short list; anything longer is not one
RATE = 20  # messages a second per connection, on average
BURST = 40


class SeatRequest(BaseModel):
    kind: str = Field(pattern="^(person|bot)$")
    level: str = "normal"


class CreateRequest(BaseModel):
    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    name: str = Field(default="", max_length=40)
    seed: int | None = Field(default=None, ge=0, lt=1 << 32)


class RecordRequest(BaseModel):
    record: dict[str, Any]


def create_app(store: Store) -> FastAPI:
    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        stop_workers()  # the bots' worker processes end with the server, not leaked at Ctrl+C

    app = FastAPI(title="meeple", docs_url=None, redoc_url=None, lifespan=lifespan)
    hub = Hub(store)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(MeepleError)
    async def _meeple_error(request: Request, exc: MeepleError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.get("/")
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/game/{gid}")
    async def game_page(gid: str) -> FileResponse:
        if store.game(gid) is None:
            raise HTTPException(404, f"no game {gid}")
        return FileResponse(STATIC / "game.html")

    @app.get("/api/catalogue")
    async def catalogue() -> dict[str, Any]:
        return {"games": [g.describe() for g in games()], "levels": list(LEVELS)}

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [_summary(g) for g in store.games()]

    @app.post("/api/games")
    async def create_game(req: CreateRequest) -> dict[str, Any]:
        game = load(req.game)
        options = game.parse_options(req.options)
        n = len(req.seats)
        game.new_state(n, 0, options)  # refuses a player count or option set that does not go
        for s in req.seats:
            if s.kind == "bot" and s.level not in LEVELS:
                raise HTTPException(400, f"unknown level {s.level!r}; levels: {', '.join(LEVELS)}")
        if not any(s.kind == "person" for s in req.seats):
            raise HTTPException(400, "a game needs at least one person's seat (the creator's)")
        plans = [
            SeatPlan("person", "human", "", "") if s.kind == "person" else SeatPlan("bot", LEVELS[s.level], s.level, "")
            for s in req.seats
        ]
        creator = next(i for i, s in enumerate(req.seats) if s.kind == "person")
        seed = req.seed if req.seed is not None else random.randrange(1 << 32)
        gid, tokens = store.create_game(game.id, game.version, options, seed, plans)
        store.update_seat(gid, creator, claimed=True, name=req.name or "Player 1")
        live = hub.get(gid)
        assert live is not None
        await hub.run_bots(live)
        return {
            "id": gid,
            "seat": creator,
            "token": tokens[creator],
            "invites": {str(i): f"/game/{gid}?token={t}" for i, t in tokens.items() if i != creator},
        }

    @app.post("/api/games/{gid}/claim")
    async def claim(gid: str, body: dict[str, Any]) -> dict[str, Any]:
        """An invited person takes their seat with its token and a display name."""
        token = str(body.get("token", ""))[:100]
        name = str(body.get("name", ""))[:40].strip()
        seat = store.seat_of(gid, token) if token else None
        if seat is None:
            raise HTTPException(403, "this invite is not valid for this game")
        store.update_seat(gid, seat, claimed=True, name=name or f"Player {seat + 1}")
        return {"seat": seat}

    @app.get("/api/games/{gid}")
    async def game_info(gid: str) -> dict[str, Any]:
        stored = store.game(gid)
        if stored is None:
            raise HTTPException(404, f"no game {gid}")
        return _summary(stored)

    @app.get("/api/games/{gid}/record")
    async def export_record(gid: str) -> dict[str, Any]:
        live = hub.get(gid)
        if live is None:
            raise HTTPException(404, f"no game {gid}")
        return live.table.record()

    @app.post("/api/records")
    async def import_record(req: RecordRequest) -> dict[str, Any]:
        doc = check_record(req.record)
        state = verify(doc)
        gid = store.import_game(
            doc["game"], state.game.version, dict(state.options), doc["seed"], list(doc["seats"]),
            [(a["player"], a["action"]) for a in doc["actions"]], doc["result"],
        )
        return {"id": gid, "moves": len(doc["actions"])}

    @app.websocket("/ws/{gid}")
    async def play_socket(socket: WebSocket, gid: str, token: str = "") -> None:
        await socket.accept()
        try:
            live = hub.get(gid)
        except Unreplayable as e:  # saved under other rules: said once, and the page stops retrying
            await socket.send_json({"type": "error", "message": str(e)})
            await socket.close(code=4409)
            return
        if live is None:
            await socket.send_json({"type": "error", "message": f"no game {gid}"})
            await socket.close(code=4404)
            return
        seat = store.seat_of(gid, token) if token else None
        if token and seat is None:
            log.warning("game %s: a connection with a token of no seat was refused", gid)
            await socket.send_json({"type": "error", "message": "this link's token is not valid for this game"})
            await socket.close(code=4403)
            return
        conn = Connection(socket, seat)
        live.connections.append(conn)
        await hub.tell(live, [conn])
        bucket = _Bucket()
        try:
            while True:
                text = await socket.receive_text()
                error = await _handle(hub, live, conn, text, bucket)
                if error:
                    await socket.send_json({"type": "error", "message": error})
        except WebSocketDisconnect:
            log.debug("game %s: seat %s disconnected", gid, seat)
        except RuntimeError:  # the socket closed while an update was sent (starlette's WebSocketDisconnected)
            if WebSocketState.DISCONNECTED not in (socket.client_state, socket.application_state):
                raise
            log.debug("game %s: seat %s was gone when told", gid, seat)
        finally:
            if conn in live.connections:
                live.connections.remove(conn)

    return app


class _Bucket:
    """A token bucket: RATE messages a second on average, BURST at once."""

    def __init__(self) -> None:
        self.tokens = float(BURST)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


async def _handle(hub: Hub, live: Any, conn: Connection, text: str, bucket: _Bucket) -> str | None:
    """Carry out one message; the error to send back, if any."""
    if not bucket.take():
        return f"too many messages: at most {RATE} a second"
    if len(text.encode()) > MAX_MESSAGE:
        return f"message too long: at most {MAX_MESSAGE} bytes"
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        return "not JSON: a message is an object such as {\"type\": \"act\", \"move\": 3, \"action\": [...]}"
    if not isinstance(msg, dict):
        return "a message is a JSON object with a 'type'"
    kind = msg.get("type")
    if kind == "ping":
        await conn.socket.send_json({"type": "pong"})
        return None
    if kind == "refresh":
        await hub.tell(live, [conn])
        return None
    if kind == "textboard":  # the page opened (or closed) the text board under the drawn one
        conn.text_board = msg.get("on") is True
        await hub.tell(live, [conn])
        return None
    if kind == "goto":
        return await _goto(hub, live, conn, msg.get("move"))
    if kind not in ("act", "away", "back"):
        return f"unknown message type {kind!r}; types: act, away, back, goto, refresh, textboard, ping"
    if conn.seat is None:
        log.warning("game %s: a spectator tried to %s", live.id, kind)
        return "spectators cannot act; open your seat's invite link to play"
    if kind in ("away", "back"):
        level = msg.get("level", "normal")
        if level not in LEVELS:
            return f"unknown level {level!r}; levels: {', '.join(LEVELS)}"
        await hub.seat_away(live, conn.seat, kind == "away", level)
        return None
    move = msg.get("move")
    if not isinstance(move, int) or isinstance(move, bool):
        return "an 'act' message needs 'move': the number of the move it answers (from the last update)"
    seat = msg.get("seat", conn.seat)
    if seat != conn.seat:
        log.warning("game %s: seat %s tried to act for seat %s", live.id, conn.seat, seat)
        return "you can act only for your own seat"
    try:
        action = live.table.game.action_from_json(msg.get("action"))
        await hub.move(live, conn.seat, move, action)
    except MeepleError as e:
        return str(e)
    return None


async def _goto(hub: Hub, live: Any, conn: Connection, move: Any) -> str | None:
    """A finished or imported game watched move by move: the spectator's update after `move` moves."""
    if live.status not in ("finished", "imported"):
        return "a game is watched move by move once it is over"
    total = len(live.table.history)
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= total:
        return f"'move' must be a number from 0 to {total}"
    table = live.table

    def build() -> dict[str, Any]:  # a replay and a board: off the event loop
        past = Table.restore(table.game, [HUMAN] * table.num_players, table.seed, table.options,
                             [(p, table.game.action_to_json(a)) for p, a in table.history[:move]])
        update = past.update(None, since=0)
        doc = update.to_json()
        doc.update(type="update", board=render(past.board(update)), svg=past.svg(update), status=live.status,
                   total_moves=total, seats=[{"name": past.name(i), "person": True, "to_move": False}
                                             for i in range(past.num_players)])
        return doc

    doc = await asyncio.to_thread(build)
    await conn.socket.send_json(doc)
    return None


def _summary(stored: Any) -> dict[str, Any]:
    try:
        game: Game | None = load(stored.game_id)
    except UnknownGame:  # stored by a meeple that had this game: listed, marked, and never played here
        game = None
    return {
        "id": stored.id,
        "game": stored.game_id,
        "title": game.title if game else stored.game_id,
        "options": stored.options,
        "status": stored.status,
        "created": stored.created,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": s.name or ("open" if s.kind == "person" and not s.claimed else s.level or "bot"),
                "open": s.kind == "person" and not s.claimed,
                "away": s.away,
            }
            for s in stored.seats
        ],
        "result": stored.result,
        "rules": stored.rules,
        "older_rules": game is not None and stored.rules != game.version,
        "unknown_game": game is None,
    }
