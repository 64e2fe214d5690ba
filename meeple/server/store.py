"""The store: games as their records already are (seed, options, seats and an append-only list of
moves), in SQLite by default or PostgreSQL by URL, through SQLAlchemy; the schema is Alembic's.

A move is written in the transaction that accepts it, before anyone is told, and the pair (game,
number) is the primary key, so a second answer to the same decision (two tabs, a retry) can never be
stored twice. A game is rebuilt by replaying its moves."""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Integer, String, Text, create_engine, event, select
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

from meeple.engine import MeepleError


class StoreError(MeepleError):
    """A database that cannot be used: a wrong URL, a server that does not answer."""


class Base(DeclarativeBase):
    """The store's tables (their schema is Alembic's: migrations/)."""


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40))
    options: Mapped[str] = mapped_column(Text)  # JSON
    seed: Mapped[int] = mapped_column(BigInteger)
    created: Mapped[float] = mapped_column()
    status: Mapped[str] = mapped_column(String(16))  # open, playing, finished, imported
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON, once finished
    rules: Mapped[str] = mapped_column(String(16), server_default="1")  # the game's rules version it is played by


class SeatRow(Base):
    __tablename__ = "seats"
    game: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # person or bot
    spec: Mapped[str] = mapped_column(String(200))  # the bot spec playing it (a person's stand-in too)
    level: Mapped[str] = mapped_column(String(16))  # the bot level, "" for a person
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(default=False)
    away: Mapped[bool] = mapped_column(default=False)  # a person whose seat a bot plays meanwhile


class MoveRow(Base):
    __tablename__ = "moves"
    game: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)  # JSON
    created: Mapped[float] = mapped_column()


@dataclass(frozen=True)
class SeatPlan:
    """A seat as the creator asks for it: a person (open, or the creator's) or a bot of a level."""

    kind: str  # person or bot
    spec: str = "human"
    level: str = ""
    name: str = ""


@dataclass
class StoredGame:
    id: str
    game_id: str
    options: dict[str, Any]
    seed: int
    status: str
    created: float
    seats: list[SeatRow]
    result: dict[str, Any] | None
    rules: str


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def default_url() -> str:
    """A SQLite file in the user's data directory."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("meeple", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'meeple.db'}"


def _write_ahead(connection: Any, _record: Any) -> None:
    """SQLite in write-ahead mode: a move's commit is one append and one sync (each commit still
    reaches the disk before anyone is told), and pages read the games while moves are written."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def open_engine(url: str) -> Engine:
    """An engine for `url`, refusing a wrong URL or a database that does not answer with one line."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(
            f"{url!r} is not a database URL; give e.g. sqlite:///path/meeple.db or "
            "postgresql+psycopg://user:password@host/dbname"
        ) from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise StoreError(
            f"no database driver for {parsed.drivername!r}: meeple speaks sqlite:///FILE and "
            "postgresql+psycopg://user:password@host/dbname"
        )
    kwargs: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    elif parsed.get_backend_name() == "postgresql":
        kwargs["connect_args"] = {"connect_timeout": 5}
    try:
        engine = create_engine(parsed, pool_pre_ping=True, **kwargs)
        if parsed.get_backend_name() == "sqlite":
            event.listen(engine, "connect", _write_ahead)
        engine.connect().close()  # a wrong password or a server that does not answer shows now
    except NoSuchModuleError:
        raise StoreError(
            f"no database driver for {parsed.drivername!r}; meeple speaks sqlite and postgresql+psycopg"
        ) from None
    except ModuleNotFoundError as e:
        raise StoreError(f"the driver for {parsed.drivername!r} is not installed ({e.name}); "
                         "pip install 'psycopg[binary]' for PostgreSQL") from None
    except OperationalError as e:
        reason = str(e.orig).strip().splitlines()[0] if e.orig else str(e)
        raise StoreError(f"cannot open the database {parsed.render_as_string(hide_password=True)}: {reason}") from None
    return engine


class Store:
    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = open_engine(self.url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self, revision: str = "head") -> None:
        """Create or bring the schema up to date (Alembic, to `revision`: the latest unless a test asks
        for an earlier one)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)

    # ----- games ----------------------------------------------------------------------------

    def create_game(
        self, game_id: str, rules: str, options: dict[str, Any], seed: int, seats: list[SeatPlan]
    ) -> tuple[str, dict[int, str]]:
        """A new game under the game's rules version `rules`; returns its id and the secret token of
        each person's seat (shown once)."""
        gid = secrets.token_hex(8)
        tokens: dict[int, str] = {}
        with self.sessions.begin() as s:
            s.add(GameRow(id=gid, game_id=game_id, options=json.dumps(options), seed=seed, created=time.time(),
                          status="open" if any(p.kind == "person" for p in seats) else "playing", result=None,
                          rules=rules))
            s.flush()
            for i, plan in enumerate(seats):
                token = secrets.token_urlsafe(18) if plan.kind == "person" else None
                if token:
                    tokens[i] = token
                s.add(SeatRow(game=gid, seat=i, kind=plan.kind, spec=plan.spec, level=plan.level,
                              name=plan.name, token_hash=hash_token(token) if token else None,
                              claimed=False, away=False))
        return gid, tokens

    def import_game(self, game_id: str, rules: str, options: dict[str, Any], seed: int, seats: list[str],
                    actions: list[tuple[int, Any]], result: dict[str, Any] | None) -> str:
        """A record brought in to be watched: its moves as they were, no seat to claim."""
        gid = secrets.token_hex(8)
        with self.sessions.begin() as s:
            s.add(GameRow(id=gid, game_id=game_id, options=json.dumps(options), seed=seed, created=time.time(),
                          status="imported", result=json.dumps(result) if result else None, rules=rules))
            s.flush()
            for i, spec in enumerate(seats):
                s.add(SeatRow(game=gid, seat=i, kind="bot" if spec != "human" else "person", spec=spec,
                              level="", name="", token_hash=None, claimed=True, away=False))
            for n, (seat, action) in enumerate(actions):
                s.add(MoveRow(game=gid, number=n, seat=seat, action=json.dumps(action), created=time.time()))
        return gid

    def game(self, gid: str) -> StoredGame | None:
        with self.sessions() as s:
            row = s.get(GameRow, gid)
            if row is None:
                return None
            seats = list(s.scalars(select(SeatRow).where(SeatRow.game == gid).order_by(SeatRow.seat)))
            return _stored(row, seats)

    def games(self, limit: int = 200) -> list[StoredGame]:
        with self.sessions() as s:
            rows = list(s.scalars(select(GameRow).order_by(GameRow.created.desc()).limit(limit)))
            seats = list(s.scalars(select(SeatRow).where(SeatRow.game.in_([r.id for r in rows]))))
        by_game: dict[str, list[SeatRow]] = {}
        for seat in sorted(seats, key=lambda x: x.seat):
            by_game.setdefault(seat.game, []).append(seat)
        return [_stored(r, by_game.get(r.id, [])) for r in rows]

    def seat_of(self, gid: str, token: str) -> int | None:
        """The seat a token acts for in this game (None: no seat of this game)."""
        with self.sessions() as s:
            row = s.scalar(select(SeatRow).where(SeatRow.game == gid, SeatRow.token_hash == hash_token(token)))
            return None if row is None else row.seat

    def update_seat(self, gid: str, seat: int, **fields: Any) -> None:
        with self.sessions.begin() as s:
            row = s.get(SeatRow, (gid, seat))
            if row is None:
                raise KeyError(seat)
            for k, v in fields.items():
                setattr(row, k, v)

    def set_rules(self, gid: str, rules: str) -> None:
        """The game is carried over to the rules version `rules` (its moves replay under it)."""
        with self.sessions.begin() as s:
            row = s.get(GameRow, gid)
            if row is not None:
                row.rules = rules

    def set_status(self, gid: str, status: str, result: dict[str, Any] | None = None) -> None:
        with self.sessions.begin() as s:
            row = s.get(GameRow, gid)
            if row is not None:
                row.status = status
                if result is not None:
                    row.result = json.dumps(result)

    # ----- moves ----------------------------------------------------------------------------

    def add_move(self, gid: str, number: int, seat: int, action: Any) -> bool:
        """Append move `number`; False when that number is already stored (the move was made)."""
        try:
            with self.sessions.begin() as s:
                s.add(MoveRow(game=gid, number=number, seat=seat, action=json.dumps(action), created=time.time()))
        except IntegrityError:
            return False
        return True

    def moves(self, gid: str) -> list[tuple[int, Any]]:
        with self.sessions() as s:
            rows = s.scalars(select(MoveRow).where(MoveRow.game == gid).order_by(MoveRow.number))
            return [(r.seat, json.loads(r.action)) for r in rows]

    def close(self) -> None:
        self.engine.dispose()


def _stored(row: GameRow, seats: list[SeatRow]) -> StoredGame:
    return StoredGame(
        id=row.id,
        game_id=row.game_id,
        options=json.loads(row.options),
        seed=row.seed,
        status=row.status,
        created=row.created,
        seats=seats,
        result=json.loads(row.result) if row.result else None,
        rules=row.rules,
    )
