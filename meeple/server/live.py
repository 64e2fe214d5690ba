"""Games in play on the server: each a table rebuilt from the store, its connections, and one lock so
that moves are taken one at a time. A move is checked, stored, applied, and only then is every seat
sent its own new update.

The event loop only carries messages: bots decide in worker processes (a search holds the CPU for a
second; in a thread it would hold the interpreter's lock too), and the updates, with their boards, are
built in a thread, once per seat and move however many tabs show that seat. While bots move one after
another, the seats are told at most every BOT_UPDATES seconds (the events since their last update are
all in the next one), so a fast bot game does not drown the loop in boards no one has time to read."""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from rich.console import Console

from meeple.engine import IllegalAction, UnknownGame, load
from meeple.table import HUMAN, Table, Unreplayable, Update
from meeple.table.table import BotJob

from .store import Store, StoredGame

log = logging.getLogger("meeple.server")
BOT_UPDATES = 0.25  # seconds between updates while bots move in a row

_workers: ProcessPoolExecutor | None = None


def workers() -> ProcessPoolExecutor:
    """The bots' worker processes, one per core, started on first use and shared by every game of
    this server process ("spawn": the server has threads, which a forked child must not inherit)."""
    global _workers
    if _workers is None:
        _workers = ProcessPoolExecutor(max_workers=os.cpu_count() or 1,
                                       mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_end_with, initargs=(os.getpid(),))
    return _workers


def _end_with(server: int) -> None:
    """A worker ends when its server does, even a server killed outright (that leaves no one to shut
    the pool down): it watches for its parent to change."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(2)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def stop_workers() -> None:
    """Stop the bots' worker processes (the server is stopping); the next decision starts new ones."""
    global _workers
    if _workers is not None:
        _workers.shutdown(wait=True, cancel_futures=True)
        _workers = None


def _decide(job: BotJob) -> Any:
    return job.decide()


async def decide_elsewhere(job: BotJob) -> Any:
    """The job's move, decided in a worker process. A worker that died (killed, out of memory) breaks
    the whole pool: a new pool is started and the job tried once more, so the games go on."""
    global _workers
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(workers(), _decide, job)
    except BrokenProcessPool:
        log.warning("a bot worker process died; starting new workers")
        _workers = None
        return await loop.run_in_executor(workers(), _decide, job)


@dataclass
class Connection:
    socket: WebSocket
    seat: int | None  # None: a spectator
    told: int = 0  # how far into the game's log this connection has been sent events
    text_board: bool = False  # the text board too, where the game has a drawn one (the page asked)


@dataclass
class LiveGame:
    id: str
    table: Table
    status: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    bots_running: bool = False
    drawn: dict[tuple[str, int | None], tuple[int, str | None]] = field(default_factory=dict)  # (kind, seat) -> (move, it)


def render(renderable: Any) -> str:
    """A rich renderable (a presenter's board) as HTML with inline styles, for the page."""
    console = Console(record=True, width=110, file=io.StringIO(), color_system="truecolor")
    console.print(renderable)
    return console.export_html(inline_styles=True, code_format="<pre class=board>{code}</pre>")


def seat_spec(seat: Any) -> str:
    """Who plays a stored seat now: the person, or the bot (a person away is played by one)."""
    if seat.kind == "person" and not seat.away:
        return HUMAN
    return seat.spec if seat.kind == "bot" else seat.spec or "greedy"


class Hub:
    """Every game in play, loaded from the store on first use."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.games: dict[str, LiveGame] = {}

    def get(self, gid: str) -> LiveGame | None:
        live = self.games.get(gid)
        if live is not None:
            return live
        stored = self.store.game(gid)
        if stored is None:
            return None
        live = LiveGame(gid, self._table(stored), stored.status)
        self.games[gid] = live
        return live

    def _table(self, stored: StoredGame) -> Table:
        try:
            game = load(stored.game_id)
        except UnknownGame as e:  # refused as a game under other rules is: said once, the game kept
            raise Unreplayable(
                f"this game is of {stored.game_id!r}, which this meeple does not have ({e}). The game is kept"
                f" as it was; a meeple with {stored.game_id!r} can still play it"
            ) from None
        seats = [seat_spec(s) for s in stored.seats]
        if stored.status == "imported":  # watched, never played on: no bot may move in it
            seats = [HUMAN] * len(seats)
        # A game saved under another version of its rules is carried over when every move it holds is
        # still legal (it goes on under the rules this meeple plays), else refused as it is.
        try:
            table = Table.restore(game, seats, stored.seed, stored.options, self.store.moves(stored.id))
        except Unreplayable as e:
            if stored.rules == game.version:
                raise
            raise Unreplayable(
                f"this game was saved under {game.title} rules version {stored.rules} and cannot go on under"
                f" version {game.version}, the rules this meeple plays: {e}. The game is kept as it was; a"
                f" meeple with rules version {stored.rules} can still play it"
            ) from None
        if stored.rules != game.version:
            self.store.set_rules(stored.id, game.version)
            log.info("game %s: carried over from %s rules version %s to %s", stored.id, game.id, stored.rules,
                     game.version)
        return table

    # ----- what each connection is sent -------------------------------------------------------

    def message(self, live: LiveGame, conn: Connection) -> dict[str, Any]:
        """The connection's seat's update, with the events it has not been sent yet. Its boards are
        drawn once per seat and move, for all the seat's connections; the text board is left out
        where the game has a drawn one, unless the page asked for it."""
        table = live.table
        update: Update = table.update(conn.seat, since=conn.told)
        conn.told = update.log_size
        doc = update.to_json()
        doc["type"] = "update"
        doc["svg"] = self._drawn(live, "svg", update, lambda: table.svg(update))
        wanted = doc["svg"] is None or conn.text_board
        doc["board"] = self._drawn(live, "text", update, lambda: render(table.board(update))) if wanted else ""
        doc["status"] = live.status
        doc["total_moves"] = len(table.history)
        doc["seats"] = [
            {"name": table.name(i), "person": table.is_person(i), "to_move": i in table.waiting_for()}
            for i in range(table.num_players)
        ]
        return doc

    @staticmethod
    def _drawn(live: LiveGame, kind: str, update: Update, draw: Any) -> str | None:
        key = (kind, update.seat)
        moves = len(live.table.history)
        cached = live.drawn.get(key)
        if cached is None or cached[0] != moves:
            cached = (moves, draw())
            live.drawn[key] = cached
        return cached[1]

    async def tell(self, live: LiveGame, conns: list[Connection]) -> None:
        """Send each connection its update, built in a thread under the game's lock (the table must
        not move while it is read)."""
        async with live.lock:
            docs = await asyncio.to_thread(lambda: [self.message(live, c) for c in conns])
        for conn, doc in zip(conns, docs, strict=True):
            try:
                await conn.socket.send_json(doc)
            except Exception:  # a closed socket: it is dropped, the game goes on
                if conn in live.connections:
                    live.connections.remove(conn)

    async def broadcast(self, live: LiveGame) -> None:
        await self.tell(live, list(live.connections))

    # ----- moves ------------------------------------------------------------------------------

    async def move(self, live: LiveGame, seat: int, move_number: int, action: Any) -> None:
        """A person's move: refused with IllegalAction (nothing changed), or stored, applied and told."""
        async with live.lock:
            table = live.table
            if live.status in ("finished", "imported"):
                raise IllegalAction("this game is over; no move can be made")
            table.check_fresh(seat, move_number)
            table.check(seat, action)
            await self._store_and_apply(live, seat, action)
        await self.broadcast(live)
        await self.run_bots(live)

    async def _store_and_apply(self, live: LiveGame, seat: int, action: Any) -> None:
        table = live.table
        number = len(table.history)
        stored = await asyncio.to_thread(
            self.store.add_move, live.id, number, seat, table.game.action_to_json(action)
        )
        if not stored:  # another server process took this move number first
            raise IllegalAction(f"move {number} was already made")
        table.act(seat, action)
        if live.status == "open":
            live.status = "playing"
            await asyncio.to_thread(self.store.set_status, live.id, "playing")
        if table.is_over():
            live.status = "finished"
            await asyncio.to_thread(self.store.set_status, live.id, "finished", table.result().to_json())

    async def run_bots(self, live: LiveGame) -> None:
        """Let the bots move, one stored move at a time; everyone is told after the last, and every
        BOT_UPDATES seconds before it."""
        if live.bots_running:
            return
        live.bots_running = True
        untold = False
        told_at = time.monotonic()
        try:
            while True:
                async with live.lock:
                    seat = live.table.next_bot() if live.status not in ("finished", "imported") else None
                    if seat is None:
                        break
                    job = live.table.bot_job(seat)
                    answer = await decide_elsewhere(job)
                    await self._store_and_apply(live, seat, live.table.game.action_from_json(answer))
                    untold = True
                if time.monotonic() - told_at >= BOT_UPDATES:
                    await self.broadcast(live)
                    untold, told_at = False, time.monotonic()
        finally:
            live.bots_running = False
        if untold:
            await self.broadcast(live)

    async def seat_away(self, live: LiveGame, seat: int, away: bool, level: str = "normal") -> None:
        """A person leaves their seat to a bot of `level`, or takes it back."""
        from meeple.bots import LEVELS

        async with live.lock:
            spec = LEVELS.get(level, LEVELS["normal"]) if away else HUMAN
            live.table.seat_bot(seat, spec)
            await asyncio.to_thread(self.store.update_seat, live.id, seat, away=away, spec=spec)
        await self.broadcast(live)
        await self.run_bots(live)
