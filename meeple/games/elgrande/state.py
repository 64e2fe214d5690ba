"""The El Grande state: flat fields (lists of ints and tuples) so that clone is a handful of slices.
The rules live in the phase modules (flow, colonies, effects, scoring); this class dispatches to them
and provides the copies, documents, views and the redrawing of hidden information."""

from __future__ import annotations

from typing import Any

from meeple.engine import Result, Rng
from meeple.engine.game import State  # the module state.pxd cimports it from (the compiled build)

from . import colonies, effects, flow, pieces
from .actions import CARD_ACTIONS, POST_ACTIONS
from .data import CARDS, NAMES, NUM_AREAS, STACKS
from .evaluation import evaluate
from .phases import ACT, CARD, COURT_STEP, DISK, EFFECT, FREE, OVER, POWER, RECALL, VETO
from .pieces import area_name

TURN_PHASES = frozenset((COURT_STEP, RECALL, CARD, ACT))  # the active player's turn: flow.apply_turn

# Lists the rules never change in place, only replace (pieces.replaced, slicing): clones share them.
SHARED = ("rounds", "grande", "mobile", "france", "discs", "supply", "used", "back", "maybe", "played", "order",
          "turns", "decks",
          "faceup", "vetoes", "disk", "disk_need", "fresh", "fresh_roles", "queue", "kept",
          "asking")

FIELDS = (
    "colonies", "veto_on", "rounds", "round_i", "phase", "scores", "parts", "cab", "court", "prov",
    "grande", "king", "mobile", "france", "captain", "viceroy", "discs", "supply", "used", "back",
    "maybe", "played", "order", "bid_i", "turns", "turn_i", "decks", "faceup", "vetoes", "disk", "disk_need", "disk_kind",
    "cur", "card", "placed", "place_state", "special_done", "fresh", "fresh_roles", "eff", "sub", "step", "left",
    "own_left", "opp_left", "lock", "held", "queue", "arg", "last_start", "kept", "post", "asking",
)


class ElGrandeState(State):
    __slots__ = FIELDS

    colonies: bool
    veto_on: bool
    rounds: tuple[int, ...]  # the round numbers played (1..9, or the short game's six)
    round_i: int  # index into rounds
    phase: int
    scores: list[int]
    parts: list[list[int]]  # per player: [general scorings, special scorings, Gold & Wares]
    cab: list[list[int]]  # cab[p][area]: Caballeros of p in each of the 14 areas (Castillo = 9)
    court: list[int]
    prov: list[int]
    grande: list[int]  # area of each player's Grande (= home region)
    king: int
    mobile: list[int]  # area of the 8/4/0 and of the 4/0/0 scoreboard, -1 = beside the board
    france: list[int]  # owner of the Ambassador, Envoy and third space, -1 = empty
    captain: int
    viceroy: int
    discs: list[tuple[int, int, int]]  # (kind, area, carrier or -1)
    supply: list[int]  # [unused, Gold, Wares] discs beside the board
    used: list[int]  # bit v-1 set = power card v spent
    back: list[int]  # bit v-1 set = card v taken back in secret (Power of the Cards), not played since
    maybe: list[int]  # public: the cards that secret take-back may have been (the pile then, but its top)
    played: list[int]  # power card played this round, 0 = none yet
    order: list[int]  # bidding order this round
    bid_i: int
    turns: list[int]  # turn order this round (highest power card first)
    turn_i: int
    decks: list[list[int]]  # per stack of STACKS, face-down cards, top = last (order hidden)
    faceup: list[int]  # action cards still available this round
    vetoes: list[tuple[int, int, int]]  # (card, holder, round_i when taken)
    disk: list[int]  # secret-disk choice per player, -1 = none (hidden until all chose)
    disk_need: list[int]  # 1 = this player must set the disk now
    disk_kind: int  # what the disks are for (flow.DISK_*)
    cur: int  # player whose turn it is
    card: int  # action card taken this turn, -1 = none yet
    placed: int
    place_state: int  # 0 placement not begun, 1 under way, 2 closed
    special_done: int
    fresh: list[int]  # free ship moves: Caballeros that arrived this turn, [ship, America, Med] x carry
    fresh_roles: list[int]  # [Captain, Viceroy]: 1 = cur's one arrived this turn (one of `fresh`'s arrivals)
    eff: int  # card whose special action runs, -1 = none
    sub: int  # index of the sub-effect (either-card option, colony card's movement), -1 = main
    step: int
    left: int
    own_left: int
    opp_left: int
    lock: int  # region chosen for the effect, -1 = none
    held: tuple[int, ...]  # Caballero picked up: (owner, area, carry), () = none
    queue: list[int]  # players still to answer (veto holders, players returning Caballeros)
    arg: int
    last_start: int
    kept: list[tuple[int, int]]  # 7th-stack cards kept for a later special action: (card, holder)
    post: tuple[int, ...]  # (area, owner): the empty Captain's/Viceroy's space offered to cur, () = none
    asking: list[int]  # Veto! holders still to answer while a special action is carried out (flow.veto_point)

    # ----- turn structure -----

    def to_move(self) -> list[int]:
        ph = self.phase
        if ph == OVER:
            return []
        if ph == POWER:
            return [self.order[self.bid_i]]
        if ph == DISK:
            return [p for p in range(self.num_players) if self.disk_need[p] and self.disk[p] < 0]
        if ph == VETO:
            return [self.queue[0]]
        if ph == EFFECT:
            return [effects.actor(self)]
        return [self.cur]

    def is_mover(self, player: int) -> bool:
        """`player in self.to_move()`, without building the list (legal_actions asks it every time)."""
        ph = self.phase
        if ph == POWER:
            return player == self.order[self.bid_i]
        if ph == DISK:
            return 0 <= player < self.num_players and self.disk_need[player] and self.disk[player] < 0
        if ph == VETO:
            return player == self.queue[0]
        if ph == EFFECT:
            return player == effects.actor(self)
        return ph != OVER and player == self.cur

    def legal_actions(self, player: int) -> list[tuple]:
        if not self.is_mover(player):
            return []
        if self.post:
            return POST_ACTIONS[:]  # answered before anything else (pieces.take_post)
        ph = self.phase
        if ph == ACT:
            return flow.act_actions(self)
        if ph == POWER:
            return flow.power_actions(self, player)
        if ph == CARD:
            return [CARD_ACTIONS[c] for c in self.faceup]
        if ph == COURT_STEP:
            return flow.court_actions(self)
        if ph == EFFECT:
            return effects.legal(self, player)
        if ph == DISK:
            return flow.disk_actions(self, player)
        if ph == FREE:
            return colonies.free_actions(self, player)
        if ph == RECALL:
            return flow.recall_actions(self)
        if ph == VETO:
            return [("veto",), ("allow",)]
        return []

    def _apply(self, player: int, action: tuple) -> None:
        if self.post:
            pieces.take_post(self, action[1] == 1)
            if self.phase == EFFECT:
                flow.veto_point(self)  # the step that brought the Caballero there is complete
            return
        ph = self.phase
        if ph in TURN_PHASES:
            flow.apply_turn(self, action)
        elif ph == POWER:
            flow.play_power(self, player, action[1])
        elif ph == EFFECT:
            effects.apply(self, player, action)
        elif ph == DISK:
            flow.set_disk(self, player, action[1])
        elif ph == FREE:
            colonies.apply_free(self, player, action)
        elif ph == VETO:
            flow.answer_veto(self, player, action[0] == "veto")

    def why_illegal(self, player: int, action: tuple) -> str | None:
        try:
            return flow.why_illegal(self, player, action)
        except (IndexError, KeyError, TypeError, ValueError):
            return None  # a malformed action: the engine lists what is legal

    # ----- end -----

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        from .scoring_final import final_result

        return final_result(self)

    def evaluate(self) -> list[float]:
        return evaluate(self)

    def tallies(self) -> dict[str, int]:
        """How often each named part of the game was used (power cards, action cards, scorings, the
        Colonies: tallies.py), read from the log."""
        from .tallies import game_uses

        return game_uses(self)

    def player_uses(self) -> list[dict[str, int]]:
        """The named parts each player used (power cards, action cards, scorings...: tallies.py)."""
        from .tallies import player_uses

        return player_uses(self)

    def game_round(self) -> int:
        return self.round_i  # the rulebook's round: power cards, action cards, scoring rounds 3, 6, 9

    # ----- words -----

    def action_text(self, action: tuple) -> str:
        try:
            return flow.action_text(self, action)
        except (IndexError, KeyError, TypeError, ValueError):
            return " ".join(str(x) for x in action)

    def prompt(self, player: int) -> str:
        return flow.prompt(self, player)

    # ----- copies -----

    def clone(self) -> ElGrandeState:
        """Copies the lists the rules change in place; shares those they only ever replace (SHARED)."""
        s = ElGrandeState.__new__(ElGrandeState)
        s.game, s.num_players, s.options, s.rng = self.game, self.num_players, self.options, self.rng.copy()
        s.events, s.log = [], self.log
        s.colonies, s.veto_on, s.rounds, s.round_i = self.colonies, self.veto_on, self.rounds, self.round_i
        s.phase = self.phase
        s.scores = self.scores[:]
        s.parts = list(map(list.copy, self.parts))
        s.cab = list(map(list.copy, self.cab))
        s.court = self.court[:]
        s.prov = self.prov[:]
        s.grande = self.grande
        s.king = self.king
        s.mobile = self.mobile
        s.france = self.france
        s.captain, s.viceroy = self.captain, self.viceroy
        s.discs = self.discs
        s.supply = self.supply
        s.used = self.used
        s.back, s.maybe = self.back, self.maybe
        s.played = self.played
        s.order = self.order
        s.bid_i = self.bid_i
        s.turns = self.turns
        s.turn_i = self.turn_i
        s.decks = self.decks
        s.faceup = self.faceup
        s.vetoes = self.vetoes
        s.disk = self.disk
        s.disk_need = self.disk_need
        s.disk_kind = self.disk_kind
        s.cur, s.card, s.placed, s.place_state = self.cur, self.card, self.placed, self.place_state
        s.special_done = self.special_done
        s.fresh, s.fresh_roles = self.fresh, self.fresh_roles
        s.eff, s.sub, s.step, s.left = self.eff, self.sub, self.step, self.left
        s.own_left, s.opp_left, s.lock, s.held = self.own_left, self.opp_left, self.lock, self.held
        s.queue = self.queue
        s.arg, s.last_start = self.arg, self.last_start
        s.kept = self.kept
        s.post = self.post
        s.asking = self.asking
        return s

    def _to_json(self) -> dict[str, Any]:
        from .serial import to_doc

        return to_doc(self)

    # ----- information -----

    def view(self, player: int | None) -> dict[str, Any]:
        from .serial import view

        return view(self, player)

    def resample_hidden(self, player: int, rng: Rng) -> None:
        """Redraw what `player` cannot see: the order of every action-card stack, the other
        players' pending secret disks and which of their power cards came back in secret."""
        # sorted first: the redraw depends only on which cards are left (public), not on their hidden order;
        # a new list each, as the decks are shared with clones (replaced, never shuffled in place)
        decks = [sorted(d) for d in self.decks]
        for d in decks:
            rng.shuffle(d)
        self.decks = decks
        disk = self.disk[:]  # shared with clones: replaced, not changed in place
        for q in range(self.num_players):
            if q != player and disk[q] >= 0:
                disk[q] = rng.choice(flow.disk_choices(self, q))
        self.disk = disk
        self._resample_taken_back(player, rng)
        # the Castillo's Caballeros are not redrawn: each went in announced, by colour (serial.view)

    def _resample_taken_back(self, player: int, rng: Rng) -> None:
        """Which of another player's cards came back in secret (Power of the Cards): as many as the
        table saw taken back, among the cards they may have been (`maybe`, public)."""
        if not any(self.back):
            return
        back, used = self.back[:], self.used[:]  # shared with clones: replaced, not changed in place
        for q in range(self.num_players):
            if q == player or not back[q]:
                continue
            pool = [v for v in range(1, 14) if (self.maybe[q] >> (v - 1)) & 1]
            mask = 0
            for v in rng.sample(pool, bin(back[q]).count("1")):
                mask |= 1 << (v - 1)
            used[q] = (used[q] | back[q]) & ~mask
            back[q] = mask
        self.back, self.used = back, used

    def check_invariants(self) -> None:
        from .serial import check

        check(self)

    # helpers used across modules
    def card_name(self, c: int) -> str:
        return CARDS[c]["name"]

    def where(self, a: int) -> str:
        """An area's name ("Castillo"), or "court" / "provinces"."""
        return NAMES[a] if 0 <= a < len(NAMES) else area_name(a)


__all__ = ["ElGrandeState", "FIELDS", "NAMES", "NUM_AREAS", "STACKS"]
