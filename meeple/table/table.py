"""A table: one game, its seats (people or bots), and what each seat is told.

Every front end (the terminal, the web server, a learning agent's render) talks to a table, never to
the state: for a seat the table gives one `Update` (that seat's view, the events it may see since its
last update, its legal actions with their labels when it is to move, and the prompt), takes that
seat's action, and moves the bot seats itself. So nothing a front end shows can hold what its seat may
not see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meeple.bots import make_bot
from meeple.engine import Action, Game, IllegalAction, MeepleError, State, load
from meeple.engine.actions import action_to_json
from meeple.engine.record import make_record
from meeple.engine.result import Event, Result

from .presenter import Presenter, presenter_for

HUMAN = "human"


class Unreplayable(MeepleError):
    """Stored moves that the rules do not accept (a game saved under other rules, or altered)."""


@dataclass(frozen=True)
class Choice:
    """One legal action as a seat is offered it: the action, its label and its group in a long menu."""

    action: Action
    label: str
    group: str = ""
    targets: tuple[str, ...] = ()  # the board things it names, in the order they are picked

    def to_json(self) -> dict[str, Any]:
        return {"action": action_to_json(self.action), "label": self.label, "group": self.group,
                "targets": list(self.targets)}


@dataclass
class Update:
    """What one seat is told now (None: a spectator). Built from `view(seat)`, the events visible to
    the seat and, when it is to move, its own legal actions: nothing else of the state."""

    seat: int | None
    name: str
    view: dict[str, Any]
    events: list[Event]
    choices: list[Choice] = field(default_factory=list)
    prompt: str = ""
    waiting_for: list[str] = field(default_factory=list)
    move_number: int = 0
    log_size: int = 0  # the position in the game's log these events reach (for the next `since`)
    over: bool = False
    result: dict[str, Any] | None = None
    marks: list[tuple[str, ...]] = field(default_factory=list)  # per event, the board things it touched

    @property
    def to_move(self) -> bool:
        return bool(self.choices)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "view": self.view,
            "events": [
                {**e.to_json(), "marks": list(self.marks[i]) if i < len(self.marks) else []}
                for i, e in enumerate(self.events)
            ],
            "choices": [c.to_json() for c in self.choices],
            "prompt": self.prompt,
            "waiting_for": self.waiting_for,
            "move_number": self.move_number,
            "log_size": self.log_size,
            "over": self.over,
            "result": self.result,
        }


@dataclass(frozen=True)
class BotJob:
    """One bot decision to be made elsewhere; `decide()` runs it (in a worker process) and gives the
    action as JSON."""

    game_id: str
    spec: str
    seed: int
    state: dict[str, Any]
    seat: int

    def decide(self) -> Any:
        game = load(self.game_id)
        bot = make_bot(self.spec, seed=self.seed, game=game)
        return game.action_to_json(bot.act(game.state_from_json(self.state), self.seat))


class Table:
    """One game in play. `seats[i]` is "human" or a bot spec (`greedy`, `mcts:seconds=1`...)."""

    def __init__(
        self,
        game: Game,
        seats: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        presenter: Presenter | None = None,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self._state: State = game.new_state(len(seats), seed, options)
        self.options = dict(self._state.options)
        self.presenter = presenter or presenter_for(game)
        self.history: list[tuple[int, Action]] = []
        self._bots = {
            i: make_bot(spec, seed=seed * 101 + i, game=game) for i, spec in enumerate(seats) if spec != HUMAN
        }
        self._seen: dict[int | None, int] = {}
        self._movers: list[tuple[int, ...]] = []  # who was to move before each move of `history`

    # ----- who sits where ---------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def name(self, seat: int) -> str:
        return self._state.player_name(seat)

    def is_person(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def is_over(self) -> bool:
        return self._state.is_terminal()

    def waiting_for(self) -> list[int]:
        """The seats that must decide now (several at a simultaneous secret choice)."""
        return [] if self._state.is_terminal() else list(self._state.to_move())

    def people_to_move(self) -> list[int]:
        return [p for p in self.waiting_for() if self.is_person(p)]

    # ----- what a seat is told ----------------------------------------------------------------

    def update(self, seat: int | None, since: int | None = None) -> Update:
        """Everything `seat` may know now, with the events since its last update (or, for a front end
        that counts for itself, e.g. one per browser tab, since position `since` of the log)."""
        state = self._state
        if since is None:
            events = state.events_for(seat, self._seen.get(seat, 0))
            self._seen[seat] = len(state.events)
        else:
            events = state.events_for(seat, since)
        view = state.view(seat)
        choices: list[Choice] = []
        prompt = ""
        waiting = self.waiting_for()
        # a bystander (a player the game does not wait for, who may act all the same: a trade offer in
        # Río) is offered its optional actions too, while the game waits for a person (a bot decides at
        # once: its turn leaves no time to join in, and a menu shown at every bot move would only flicker)
        if seat is not None and (seat in waiting or self._may_join_in(seat)):
            choices = self.presenter.choices(state, seat, view, state.legal_actions(seat))
            prompt = state.prompt(seat)
        over = state.is_terminal()
        return Update(
            seat=seat,
            name=state.player_name(seat) if seat is not None else "spectator",
            view=view,
            events=events,
            choices=choices,
            prompt=prompt,
            waiting_for=[state.player_name(p) for p in waiting],
            move_number=len(self.history),
            log_size=len(state.events),
            over=over,
            result=state.result().to_json() if over else None,
            marks=[self.presenter.marks(view, e) for e in events],
        )

    def _may_join_in(self, seat: int) -> bool:
        state = self._state
        return not state.is_terminal() and self.next_bot() is None and seat in state.bystanders()

    def events(self, seat: int | None) -> list[Event]:
        """The events `seat` may see since its last update (and they count as told)."""
        start = self._seen.get(seat, 0)
        self._seen[seat] = len(self._state.events)
        return self._state.events_for(seat, start)

    def log(self, seat: int | None) -> list[Event]:
        """Every event of the game that `seat` may see."""
        return self._state.events_for(seat)

    def board(self, update: Update) -> Any:
        """The seat's text board (a rich renderable), drawn from its view alone."""
        return self.presenter.board(update.view, update.seat, self.options)

    def svg(self, update: Update) -> str | None:
        """The seat's drawn board (SVG markup), drawn from its view alone; None if the game has none."""
        return self.presenter.svg(update.view, update.seat, self.options)

    def scores(self, update: Update) -> Any:
        return self.presenter.scores(update.view, update.seat, self.options)

    def hand(self, update: Update) -> Any:
        return self.presenter.hand(update.view, update.seat, self.options)

    def hint(self, seat: int, seconds: float = 1.0) -> list[tuple[Choice, float]]:
        """The search's three best moves for `seat` with their estimated win rates (the search plays
        on determinizations: it sees what `seat` may see)."""
        from meeple.bots.mcts import top_moves

        view = self._state.view(seat)
        labelled = {c.action: c for c in self.presenter.choices(self._state, seat, view, self._state.legal_actions(seat))}
        return [(labelled[a], rate) for a, rate in top_moves(self._state, seat, seconds=seconds)]

    # ----- moves --------------------------------------------------------------------------------

    def act(self, seat: int, action: Action, move_number: int | None = None) -> None:
        """Carry out `seat`'s action; an illegal one (or one answering a move already made, when
        `move_number` is given) raises IllegalAction and changes nothing."""
        if move_number is not None:
            self.check_fresh(seat, move_number)
        movers = tuple(self.waiting_for())
        self._state.apply(seat, action)
        self.history.append((seat, action))
        self._movers.append(movers)

    def next_bot(self) -> int | None:
        """The bot seat that moves next, or None when a person must move (or the game is over)."""
        waiting = self.waiting_for()
        bots = [p for p in waiting if not self.is_person(p)]
        return bots[0] if bots else None

    def decide_bot(self, seat: int) -> Action:
        """What the bot in `seat` would play now (the state is not changed: a server runs this in a
        worker and then makes the move like any other)."""
        return self._bots[seat].act(self._state, seat)

    def bot_job(self, seat: int) -> BotJob:
        """What the bot in `seat` needs to decide in another process (a server's worker): its spec, a
        seed for this decision, and the whole state. For bots only: a bot sees the state as the game's
        bots always do (a search plays on determinizations of what its seat may see)."""
        seed = ((self.seed * 101 + seat) * 1_000_003 + len(self.history)) % (1 << 62)
        return BotJob(self.game.id, self.seats[seat], seed, self._state.to_json(), seat)

    def play_bot(self, seat: int) -> None:
        """The bot in `seat` decides and moves."""
        self.act(seat, self.decide_bot(seat))

    def check_fresh(self, seat: int, move_number: int) -> None:
        """Refuse an answer to the update of move `move_number` once `seat` has moved since (a second
        tab, a retry): the decision it answers was already made. Moves of other seats in between do
        not stale it (another player's secret bid arriving while this seat chooses its own)."""
        made = len(self.history)
        if not 0 <= move_number <= made or any(p == seat for p, _ in self.history[move_number:]):
            raise IllegalAction(
                f"this answers move {move_number}, but {self.name(seat)} has moved since (the game is at"
                f" move {made}); that decision was already made"
            )
        if move_number < made and seat not in self._movers[move_number]:
            # the update was a bystander's (a trade offer while another decides): its optional actions
            # answer only the position they were offered in
            raise IllegalAction(
                f"this answers move {move_number}, but the game is at move {made}: the decision {self.name(seat)}"
                " could join in was already made"
            )

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction, naming why, unless `seat` may take `action` now."""
        self._state.check_legal(seat, action)

    def seat_bot(self, seat: int, spec: str) -> None:
        """A bot takes `seat` (a person who left); "human" gives it back to the person."""
        self.seats[seat] = spec
        if spec == HUMAN:
            self._bots.pop(seat, None)
        else:
            self._bots[seat] = make_bot(spec, seed=self.seed * 101 + seat, game=self.game)

    @classmethod
    def restore(
        cls, game: Game, seats: list[str], seed: int, options: dict[str, Any], moves: list[tuple[int, Any]]
    ) -> Table:
        """A table rebuilt from its seed and stored moves (JSON actions), replayed in order; a move the
        rules refuse raises Unreplayable naming it."""
        table = cls(game, seats, seed, options)
        for number, (seat, action) in enumerate(moves, 1):
            try:
                table.act(seat, game.action_from_json(action))
            except MeepleError as e:
                who = table.name(seat) if isinstance(seat, int) and 0 <= seat < table.num_players else repr(seat)
                raise Unreplayable(
                    f"stored move {number}, by {who}, does not replay under {game.title} rules version"
                    f" {game.version}: {e}"
                ) from None
        return table

    def play_bots(self, thinking: Callable[[str], None] | None = None) -> None:
        """Let the bots move until a person must decide or the game ends; `thinking(name)` is told
        before each bot's decision (a search can take a while)."""
        while (seat := self.next_bot()) is not None:
            if thinking is not None:
                thinking(self.name(seat))
            self.play_bot(seat)

    def result(self) -> Result:
        """The final result (the game must be over: everything in it is public then)."""
        if not self._state.is_terminal():
            raise IllegalAction("the game is not over; there is no result yet")
        return self._state.result()

    def record(self) -> dict[str, Any]:
        return make_record(self._state, self.seats, self.seed, self.history)
