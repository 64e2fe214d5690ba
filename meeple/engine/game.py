"""The contract every game implements: `Game` (the rules' metadata and set-up) and `State`.

Players are numbered 0..n-1 inside the engine and shown as P1..Pn (or the game's colour names).

A game subclasses `State` and fills in the methods it must provide; the base class gives it legality
checks with clear errors, events, hashing, equality, the JSON envelope, determinization and the
integer action encoding. See docs/architecture.md for the whole picture.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from .actions import (
    Action,
    ActionSpace,
    action_from_json,
    action_to_json,
    default_action_text,
    same_action,
)
from .errors import BadOption, BadState, IllegalAction
from .observation import Layout, layout_for
from .options import Option, parse_options
from .result import Event, Result
from .rng import Rng

ENVELOPE = ("game", "version", "num_players", "options", "rng")
_MAX_LISTED = 12


def _undefined(state: State) -> NotImplementedError:
    return NotImplementedError(f"{type(state).__name__} must define this method")



def _explained(fallback: str, explain: Callable[..., str], *args: Any) -> str:
    """A game's words for an action already found illegal, or `fallback` where its (typed, compiled)
    explanation cannot take one of the action's items (an infinite float, an integer beyond 64 bits):
    the refusal must still be one clear message, not the conversion's error."""
    try:
        return explain(*args)
    except (OverflowError, TypeError, ValueError):
        return fallback


class State:
    """One position of a game, with everything needed to continue it (hidden information too).

    Subclasses keep their data in plain lists, ints, tuples and small slotted classes so that
    `clone` is cheap; they must declare `__slots__` for their own fields.
    """

    __slots__ = ("game", "num_players", "options", "rng", "events", "log")

    game: Game
    num_players: int
    options: dict[str, Any]
    rng: Rng
    events: list[Event]
    log: bool

    def __init__(self, game: Game, num_players: int, options: dict[str, Any], rng: Rng) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.events = []
        self.log = True

    # ----- what a game must provide -------------------------------------------------------
    # (not an ABC: the compiled build makes State an extension type, game.pxd, which cannot have
    # ABCMeta; a method a game leaves out raises NotImplementedError when called)

    def to_move(self) -> list[int]:
        """The players who must decide now; several for a simultaneous secret choice. [] at the end."""
        raise _undefined(self)

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of `player` now ([] if the player is neither to move nor a bystander)."""
        raise _undefined(self)

    def _apply(self, player: int, action: Action) -> None:
        """Carry out an action already known to be legal."""
        raise _undefined(self)

    def clone(self) -> State:
        """An independent copy (events are not copied: a clone is for search)."""
        raise _undefined(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-ready observation: what `player` may see, nothing more (None = a spectator)."""
        raise _undefined(self)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        raise _undefined(self)

    def result(self) -> Result:
        """Final scores, breakdown and ranking; only called on a terminal state."""
        raise _undefined(self)

    def _to_json(self) -> dict[str, Any]:
        """The game's own fields of the whole state (keys other than the envelope's)."""
        raise _undefined(self)

    def evaluate(self) -> list[float]:
        """A score estimate per player from the current position, for bots (higher is better)."""
        raise _undefined(self)

    # ----- what a game may refine -----------------------------------------------------------

    def forecast(self, searcher: int | None = None) -> list[float]:
        """Each player's final score as forecast from the current position, for a search's judge
        (`mcts:judge=forecast`); the default: evaluate(). With `searcher` (`mcts:judge=own`), the
        searching player's by what the game has fitted to a search's own play, where it has."""
        return self.evaluate()

    def evaluate_for(self, player: int) -> list[float]:
        """evaluate() as `player` weighs a position (a greedy bot's lead): a game may leave out a term that
        should move only the other seats' choices; the default: evaluate()."""
        return self.evaluate()

    def win_temperature(self) -> float:
        """How many points of lead in `evaluate()` make e times the odds of winning from here, for a
        search's win chances (the move hint's win rates, `mcts:temp`); 0.0 (the default): the game does not
        say, and the search uses its `temp`."""
        return 0.0

    def game_round(self) -> int | None:
        """The round of play the game is in, a number that never goes down (Río de la Plata's game
        turn), so that a search can look ahead to the end of the round; None (the default): no rounds."""
        return None

    def bystanders(self) -> list[int]:
        """Players not in `to_move()` who may act now all the same, though the game does not wait for
        them (Río de la Plata: a trade offer while another player decides). Their `legal_actions` are
        those optional actions; an action of theirs is checked and applied like any other. Loops that
        play a game (`play_match`, bots) ask only `to_move()`; a front end may offer them to people.
        Default: nobody."""
        return []

    def why_illegal(self, player: int, action: Action) -> str | None:
        """The rule an illegal action breaks, in words; None lets the engine list what is legal."""
        return None

    def resample_hidden(self, player: int, rng: Rng) -> None:
        """Redraw, in place, everything `player` cannot see (used by `determinize`).

        The redraw must depend only on what `player` knows: put each hidden pool in a canonical
        order (sort it) before shuffling, so that two states differing only in hidden information
        give the same determinization for the same `rng` (ISMCTS relies on it; conformance checks it).

        Games without hidden information keep this default; the future of the state's own RNG is
        reseeded by `determinize` itself."""

    def action_text(self, action: Action) -> str:
        """The action in words for people."""
        return default_action_text(action)

    def prompt(self, player: int) -> str:
        """What `player` is deciding now, for people."""
        return "Choose an action"

    def player_name(self, player: int) -> str:
        return self.game.seat_names[player] if player < len(self.game.seat_names) else f"P{player + 1}"

    def check_invariants(self) -> None:
        """Raise AssertionError when the state breaks a rule of the game (pieces, money, limits)."""

    def bot_actions(self, player: int) -> list[Action]:
        """The legal actions a bot weighs at its own decision (default: all of them). A game may leave
        out moves that are legal but only trouble the other players: Río's trade offers that its
        evaluation finds good for neither side, each a question to the person asked."""
        return self.legal_actions(player)

    def choice_under_way(self, player: int) -> bool:
        """The player's decision now is a later step of a choice it has begun (Río de la Plata: the grid
        space after the grid), so that the greedy bot's look-ahead of `chain` own decisions does not
        spend itself on the steps of one placement. Default: never (every decision is a choice of its
        own)."""
        return False

    def tallies(self) -> dict[str, int]:
        """How often things happened in this game that the event kinds do not tell apart (each
        Major building completed, each card played...), for `meeple simulate --stats`. Games that
        keep such counts override this; kept even with the log off."""
        return {}

    def player_tallies(self) -> list[dict[str, int]]:
        """For each player, how often they did each thing in this game, for `meeple report`'s "the
        players who used it win how often". The default counts, per player, the kinds of the public
        events that player did (their private copies would count twice), so it needs the log on; a
        game whose `tallies` name things its events do not tell apart adds them per player."""
        out: list[dict[str, int]] = [{} for _ in range(self.num_players)]
        for e in self.events:
            if e.player is not None and e.to is None and 0 <= e.player < self.num_players:
                counts = out[e.player]
                counts[e.kind] = counts.get(e.kind, 0) + 1
        for counts, named in zip(out, self.player_uses()):
            counts.update(named)  # a named count replaces an event kind's of the same name
        return out

    def player_uses(self) -> list[dict[str, int]]:
        """For each player, how often they used each named element of the game that the event kinds
        do not tell apart (each card, building, scoring...), added to the event counts by
        `player_tallies`; a game's own (none by default)."""
        return []

    # ----- provided by the engine -------------------------------------------------------------

    def apply(self, player: int, action: Action, check: bool = True) -> None:
        """Carry out `player`'s action. With `check` (the default) an illegal action raises
        IllegalAction naming what was wrong, and the state is left unchanged. Bots and simulations
        that pick from `legal_actions` pass check=False."""
        if check:
            self.check_legal(player, action)
        self._apply(player, action)

    def check_legal(self, player: int, action: Action) -> None:
        if self.is_terminal():
            raise IllegalAction("the game is over; no action is legal")
        movers = self.to_move()
        if player not in movers and player not in self.bystanders():
            if not 0 <= player < self.num_players:
                raise IllegalAction(f"there is no player {player}; players are 0..{self.num_players - 1}")
            waiting = ", ".join(self.player_name(p) for p in movers)
            raise IllegalAction(f"it is not {self.player_name(player)}'s turn; waiting for {waiting}")
        if not isinstance(action, tuple):
            raise IllegalAction(f"not an action: {action!r}")
        legal = self.legal_actions(player)
        if action in legal:
            if any(same_action(action, a) for a in legal if a == action):
                return
            raise IllegalAction(
                f"illegal action {action!r}: its items must have the types of the game's actions"
                f" (integers, strings, true/false as the rules give them), e.g. {legal[legal.index(action)]!r}"
            )
        reason = _explained("", self.why_illegal, player, action)
        shown = "; ".join(self.action_text(a) for a in legal[:_MAX_LISTED])
        more = f" (and {len(legal) - _MAX_LISTED} more)" if len(legal) > _MAX_LISTED else ""
        what = repr(action)
        if action and isinstance(action[0], str):
            what = _explained(what, self.action_text, action)
        head = f"illegal action {what!r}: {reason}" if reason else f"illegal action {what!r}"
        raise IllegalAction(f"{head}. Legal now: {shown}{more}")

    def emit(
        self,
        kind: str,
        text: str,
        player: int | None = None,
        to: Sequence[int] | None = None,
        **data: Any,
    ) -> None:
        """Add an event to the log (only when logging is on: callers on hot paths test `self.log`
        first so as not to build the text)."""
        if self.log:
            self.events.append(Event(kind, text, player, None if to is None else tuple(to), data or None))

    def events_for(self, player: int | None, start: int = 0) -> list[Event]:
        return [e for e in self.events[start:] if e.visible_to(player)]

    def determinize(self, player: int, rng: Rng) -> State:
        """A full state consistent with `player`'s view, with hidden information and the future of
        chance resampled from `rng` (so that search never peeks at hidden cards or future dice)."""
        d = self.clone()
        d.log = False
        d.resample_hidden(player, rng)
        d.rng = rng.fork()
        return d

    def to_json(self) -> dict[str, Any]:
        doc = {
            "game": self.game.id,
            "version": self.game.version,
            "num_players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.state,
        }
        doc.update(self._to_json())
        return doc

    def state_hash(self) -> str:
        return hashlib.sha256(canonical_json(self.to_json()).encode()).hexdigest()

    def position_key(self) -> str:
        """The position as a search remembers it: `to_json()` without the random generator's state
        and without the fields the game names in `Game.report_only` (what only reports read), so two
        positions that play on alike have the same key."""
        doc = self.to_json()
        for name in self.game.report_only:
            doc.pop(name, None)
        doc.pop("rng")
        return json.dumps(doc, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    # integer encoding for learning agents
    def action_space_size(self) -> int:
        return self.game.action_space(self.num_players, _freeze(self.options)).size

    def encode(self, action: Action) -> int:
        return self.game.action_space(self.num_players, _freeze(self.options)).encode(action)

    def decode(self, code: int) -> Action:
        return self.game.action_space(self.num_players, _freeze(self.options)).decode(code)

    def legal_action_mask(self, player: int) -> list[bool]:
        space = self.game.action_space(self.num_players, _freeze(self.options))
        mask = [False] * space.size
        for a in self.legal_actions(player):
            mask[space.encode(a)] = True
        return mask

    def __repr__(self) -> str:
        return f"<{self.game.id} state, {self.num_players} players, to move {self.to_move()}>"


class Game(ABC):
    """A game's metadata and set-up. One instance per game, shared by all its states."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    seat_names: ClassVar[tuple[str, ...]] = ()
    hidden_information: ClassVar[bool] = False
    # fields of `State.to_json()` that nothing in play reads (a last roll shown, statistics): left out
    # of `State.position_key()`
    report_only: ClassVar[tuple[str, ...]] = ()
    simultaneous: ClassVar[bool] = False
    # a player's part of a simultaneous choice takes several actions (Doge: a card, then its markers):
    # the greedy bot then completes the others' choices whole (meeple.bots.common.finish_batch)
    choices_in_steps: ClassVar[bool] = False
    # fields a whole state document may leave out (added after such documents were first written; the
    # game's reader gives them their old meaning), see `document_problem`
    optional_fields: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = ""
    # parameters a bot kind takes in this game unless its spec sets them, e.g. {"mcts": {"depth": 0}}:
    # the game's package knows its own evaluation best (docs/bots.md, "Per-game defaults")
    bot_defaults: ClassVar[dict[str, dict[str, Any]]] = {}

    # ----- what a game must provide ---------------------------------------------------------

    @abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """Set up a new game (options already validated)."""

    @abstractmethod
    def _state_from_json(
        self, num_players: int, options: dict[str, Any], rng: Rng, doc: Mapping[str, Any]
    ) -> State:
        """Rebuild a state from the game's own fields of `doc`; raise BadState when inconsistent."""

    @abstractmethod
    def action_grammar(self, num_players: int, options: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Every verb with the finite domain of each argument, or a `Joint` domain of several
        consecutive ones (see `ActionSpace`)."""

    # ----- what a game may refine -----------------------------------------------------------

    def player_counts(self, options: Mapping[str, Any]) -> range:
        """The player counts these options allow (e.g. a solo variant)."""
        return range(self.min_players, self.max_players + 1)

    def check_options(self, num_players: int, options: dict[str, Any]) -> None:
        """Raise BadOption for option combinations that do not go together."""

    # ----- provided by the engine -------------------------------------------------------------

    def parse_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        return parse_options(self.options, given)

    def new_state(self, num_players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> State:
        opts = self.parse_options(options)
        self._check_players(num_players, opts)
        self.check_options(num_players, opts)
        return self._new_state(num_players, seed, opts)

    def _check_players(self, num_players: int, opts: dict[str, Any]) -> None:
        counts = self.player_counts(opts)
        if num_players not in counts:
            raise BadOption(
                f"{self.title} is for {counts.start} to {counts.stop - 1} players"
                f" with these options, not {num_players}"
            )

    def state_from_json(self, doc: Any) -> State:
        """Rebuild a whole state from `State.to_json()` output (or a document a person edited)."""
        if not isinstance(doc, Mapping):
            raise BadState("a state document must be a JSON object")
        if doc.get("game") != self.id:
            raise BadState(f"this document is a state of {doc.get('game')!r}, not of {self.id!r}")
        n = doc.get("num_players")
        if not isinstance(n, int) or isinstance(n, bool):
            raise BadState("state field 'num_players' must be an integer")
        opts_doc = doc.get("options", {})
        if not isinstance(opts_doc, Mapping):
            raise BadState("state field 'options' must be an object")
        try:
            opts = self.parse_options(opts_doc)
            self._check_players(n, opts)
            self.check_options(n, opts)
        except BadOption as e:
            raise BadState(str(e)) from None
        whole = "version" in doc
        if whole and doc["version"] != self.version:
            raise BadState(
                f"state field 'version' must be {self.version!r} (this {self.id} rules version),"
                f" got {doc['version']!r}"
            )
        seed = doc.get("rng", 0)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
            raise BadState("state field 'rng' must be an integer in 0..2**64-1")
        try:
            state = self._state_from_json(n, opts, Rng(seed), doc)
            problem = document_problem(doc, state.to_json(), whole, self)
            if problem is None:
                state.check_invariants()
                problem = stuck_problem(state.clone())  # on a copy: the check may fill caches of a turn
        except BadState:
            self._refuse_missing_fields(doc, n, opts, whole)
            raise
        except AssertionError as e:
            raise BadState(f"inconsistent {self.id} state: {e}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError, OverflowError) as e:
            self._refuse_missing_fields(doc, n, opts, whole)
            raise BadState(f"inconsistent {self.id} state document: {type(e).__name__}: {e}") from None
        if problem is not None:
            raise BadState(problem)
        return state

    def _refuse_missing_fields(self, doc: Mapping[str, Any], n: int, opts: dict[str, Any], whole: bool) -> None:
        """When a whole document the reader refused lacks fields, say so: a field left out is the likelier
        reason than what the reader tripped on without it."""
        if whole:
            fresh = self._new_state(n, 0, opts).to_json()
            missing = [k for k in fresh if k not in doc and k not in self.optional_fields]
            unknown = [k for k in doc if k not in fresh]
            if missing:
                also = f", and {', '.join(map(repr, unknown))} unknown (misspelt?)" if unknown else ""
                raise BadState(
                    f"state field(s) {', '.join(map(repr, missing))} missing{also}; a whole document has"
                    " every field"
                ) from None

    def action_space(self, num_players: int, frozen_options: tuple[tuple[str, Any], ...]) -> ActionSpace:
        return _action_space(self, num_players, frozen_options)

    # observations for learning agents (engine/observation.py; the game's own observation.py)
    def observation_layout(self, num_players: int, options: Mapping[str, Any] | None = None) -> Layout:
        """The layout of the observation vector; NoObservation for a game without an encoding."""
        opts = self.parse_options(options)
        return layout_for(self, num_players, _freeze(opts))

    def observation_size(self, num_players: int, options: Mapping[str, Any] | None = None) -> int:
        return self.observation_layout(num_players, options).size

    def observation(self, state: State, player: int) -> list[float]:
        """`player`'s observation vector, encoded from `state.view(player)` alone."""
        layout = layout_for(self, state.num_players, _freeze(state.options))
        return layout.encode(state.view(player), player)

    def action_from_json(self, doc: Any) -> Action:
        return action_from_json(doc)

    def action_to_json(self, action: Action) -> list[Any]:
        return action_to_json(action)

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "version": self.version,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.describe() for o in self.options],
            "hidden_information": self.hidden_information,
            "simultaneous": self.simultaneous,
            "description": self.description,
        }


def document_problem(
    given: Mapping[str, Any], rebuilt: dict[str, Any], whole: bool, game: Game
) -> str | None:
    """What is wrong with a state document, judged against the state it was read into (None: nothing).

    No document may hold a field the state does not have (a misspelt field would otherwise quietly
    take its default), nor a float or a bool where the rules count in integers. A whole document (one
    with `version`, as `to_json` writes it) must also hold every field, at every level, except the
    game's `optional_fields`; a hand-written position (no `version`; the games that allow one say so
    in their RULES.md) may leave fields out. Values may be written in another order or form that the
    game reads (a set as an unsorted list, a name for a number); their ranges and consistency are the
    game's reader's and invariants' to check."""
    unknown = sorted(set(given) - set(rebuilt))
    if unknown:
        return (
            f"unknown state field(s) {', '.join(map(repr, unknown))}; the fields of a {game.id} state"
            f" are: {', '.join(sorted(rebuilt))}"
        )
    if whole:
        missing = [k for k in rebuilt if k not in given and k not in game.optional_fields]
        if missing:
            return f"state field(s) {', '.join(map(repr, missing))} missing; a whole document has every field"
    for key in rebuilt:
        if key in given:
            problem = _difference(given[key], rebuilt[key], key, whole)
            if problem:
                return problem
    return None


def _difference(given: Any, rebuilt: Any, path: str, whole: bool) -> str | None:
    if isinstance(rebuilt, dict) and isinstance(given, Mapping):
        missing = [k for k in rebuilt if k not in given]
        if missing and whole:
            return f"state field {path}.{missing[0]!r} is missing"
        extra = [k for k in given if k not in rebuilt]
        if extra:
            return f"{path}.{extra[0]!r} is not a field of the state; {path!r} has: {', '.join(map(str, rebuilt))}"
        pairs = [(given[k], rebuilt[k], f"{path}.{k}") for k in rebuilt if k in given]
    elif isinstance(rebuilt, list) and isinstance(given, list):
        pairs = [(g, r, f"{path}[{i}]") for i, (g, r) in enumerate(zip(given, rebuilt))]
    else:
        if type(rebuilt) is int and isinstance(given, (bool, float)):
            return f"state field {path!r} must be an integer, got {given!r}"
        return None
    for g, r, where in pairs:
        problem = _difference(g, r, where, whole)
        if problem:
            return problem
    return None


def stuck_problem(state: State) -> str | None:
    """A game that is not over must have someone to move, and each of them a legal action."""
    if state.is_terminal():
        return None
    movers = state.to_move()
    if not movers:
        return "the game is not over but nobody is to move"
    for p in movers:
        if not state.legal_actions(p):
            return f"{state.player_name(p)} is to move but has no legal action in this position"
    return None


@lru_cache(maxsize=256)
def _action_space(game: Game, num_players: int, frozen: tuple[tuple[str, Any], ...]) -> ActionSpace:
    return ActionSpace(game.action_grammar(num_players, dict(frozen)))


def _freeze(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, _hashable(v)) for k, v in options.items()))


def _hashable(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_hashable(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _hashable(x)) for k, x in v.items()))
    return v


def canonical_json(doc: Any) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
