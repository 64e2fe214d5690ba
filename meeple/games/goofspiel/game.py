"""Goofspiel rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import Game, Option, Result, Rng, State
from meeple.engine.schema import field, int_list, require

Bid = tuple  # ("bid", card)


class GoofState(State):
    __slots__ = ("hands", "prizes", "prize", "bids", "scores", "history")

    hands: list[list[int]]  # each player's cards left, ascending (public: everyone can count)
    prizes: list[int]  # the face-down prize deck, top card last (order hidden)
    prize: int  # the prize being bid for, 0 when the game is over
    bids: list[int]  # each player's secret bid this round, 0 while not yet chosen
    scores: list[int]
    history: list[tuple[int, tuple[int, ...]]]  # (prize, revealed bids) of past rounds

    # ----- turn structure -----

    def to_move(self) -> list[int]:
        if self.prize == 0:
            return []
        return [p for p in range(self.num_players) if self.bids[p] == 0]

    def legal_actions(self, player: int) -> list[Bid]:
        if self.prize == 0 or self.bids[player] != 0:
            return []
        return [("bid", c) for c in self.hands[player]]

    def why_illegal(self, player: int, action: Bid) -> str | None:
        if action[:1] == ("bid",) and len(action) == 2:
            return f"you do not hold card {action[1]!r}; your hand is {self.hands[player]}"
        return "the only action in Goofspiel is to bid a card of your hand"

    def _apply(self, player: int, action: Bid) -> None:
        self.bids[player] = action[1]
        if 0 in self.bids:
            return
        self._reveal()

    def _reveal(self) -> None:
        bids = tuple(self.bids)
        for p, card in enumerate(bids):
            self.hands[p].remove(card)
        top = max(bids)
        winners = [p for p, b in enumerate(bids) if b == top]
        if self.log:
            shown = ", ".join(f"{self.player_name(p)} {b}" for p, b in enumerate(bids))
            self.emit("reveal", f"Bids for prize {self.prize}: {shown}", data={"bids": list(bids)})
        if len(winners) == 1:
            self.scores[winners[0]] += self.prize
            if self.log:
                self.emit("win", f"{self.player_name(winners[0])} wins prize {self.prize}", player=winners[0])
        elif self.log:
            self.emit("tie", f"Tie at {top}: prize {self.prize} is discarded")
        self.history.append((self.prize, bids))
        self.bids = [0] * self.num_players
        self.prize = self.prizes.pop() if self.prizes else 0
        if self.prize and self.log:
            self.emit("prize", f"Prize {self.prize} is turned up")

    # ----- information -----

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "prize": self.prize,
            "prizes_left": len(self.prizes),
            "hands": [list(h) for h in self.hands],
            "scores": list(self.scores),
            "has_bid": [b != 0 for b in self.bids],
            "my_bid": self.bids[player] if player is not None else None,
            "history": [[p, list(b)] for p, b in self.history],
        }

    def resample_hidden(self, player: int, rng: Rng) -> None:
        # Sort first: the redraw must depend only on what `player` knows, not on the hidden order.
        self.prizes.sort()
        rng.shuffle(self.prizes)
        for p in range(self.num_players):
            if p != player and self.bids[p] != 0:
                self.bids[p] = rng.choice(self.hands[p])

    def prompt(self, player: int) -> str:
        return f"Bid a card for prize {self.prize}"

    def action_text(self, action: Bid) -> str:
        return f"bid {action[1]}" if len(action) == 2 else super().action_text(action)

    # ----- end -----

    def is_terminal(self) -> bool:
        return self.prize == 0

    def result(self) -> Result:
        return Result.from_scores(self.scores, [{"prizes": s} for s in self.scores])

    def evaluate(self) -> list[float]:
        # Points won plus a share of the prizes still to come, weighted by the cards left to bid.
        left = sum(self.prizes) + self.prize
        strength = [sum(h) or 1 for h in self.hands]
        total = sum(strength)
        return [self.scores[p] + left * strength[p] / total for p in range(self.num_players)]

    # ----- copies and documents -----

    def clone(self) -> GoofState:
        s = GoofState.__new__(GoofState)
        s.game, s.num_players, s.options, s.rng = self.game, self.num_players, self.options, self.rng.copy()
        s.events, s.log = [], self.log
        s.hands = [h[:] for h in self.hands]
        s.prizes = self.prizes[:]
        s.prize = self.prize
        s.bids = self.bids[:]
        s.scores = self.scores[:]
        s.history = self.history[:]
        return s

    def _to_json(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "prizes": list(self.prizes),
            "prize": self.prize,
            "bids": list(self.bids),
            "scores": list(self.scores),
            "history": [[p, list(b)] for p, b in self.history],
        }

    def check_invariants(self) -> None:
        k = self.options["cards"]
        played = len(self.history)
        assert all(len(h) == k - played for h in self.hands), "every hand shrinks by one card a round"
        assert len(self.prizes) + played + (1 if self.prize else 0) == k, "prize cards are conserved"
        assert all(b == 0 or b in self.hands[p] for p, b in enumerate(self.bids)), "a bid comes from the hand"


class Goofspiel(Game):
    id = "goofspiel"
    title = "Goofspiel"
    min_players = 2
    max_players = 5
    hidden_information = True
    simultaneous = True
    description = "The engine's reference game: secret simultaneous bids for prize cards."
    options = (Option("cards", 13, "cards per hand and in the prize deck", kind=int, minimum=1, maximum=13),)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> GoofState:
        s = GoofState(self, num_players, options, Rng(seed))
        k = options["cards"]
        s.hands = [list(range(1, k + 1)) for _ in range(num_players)]
        s.prizes = list(range(1, k + 1))
        s.rng.shuffle(s.prizes)
        s.prize = s.prizes.pop()
        s.bids = [0] * num_players
        s.scores = [0] * num_players
        s.history = []
        s.emit("prize", f"Prize {s.prize} is turned up")
        return s

    def _state_from_json(
        self, num_players: int, options: dict[str, Any], rng: Rng, doc: Mapping[str, Any]
    ) -> GoofState:
        k = options["cards"]
        s = GoofState(self, num_players, options, rng)
        hands = field(doc, "hands", list)
        require(len(hands) == num_players, f"'hands' must have one hand per player ({num_players})")
        s.hands = [sorted(int_list({"hand": h}, "hand", lo=1, hi=k)) for h in hands]
        s.prizes = int_list(doc, "prizes", lo=1, hi=k)
        s.prize = field(doc, "prize", int)
        s.bids = int_list(doc, "bids", length=num_players, lo=0, hi=k)
        s.scores = int_list(doc, "scores", length=num_players, lo=0)
        s.history = [(int(p), tuple(int(b) for b in bids)) for p, bids in field(doc, "history", list)]
        seen = sorted(s.prizes + [p for p, _ in s.history] + ([s.prize] if s.prize else []))
        require(seen == list(range(1, k + 1)), f"prize cards must be 1..{k} once each, found {seen}")
        require(s.prize != 0 or not s.prizes, "the prize is 0 (game over) but prize cards are left")
        for p, h in enumerate(s.hands):
            require(len(set(h)) == len(h), f"player {p}'s hand repeats a card")
            require(len(h) == k - len(s.history), f"player {p} must hold {k - len(s.history)} cards")
            require(s.bids[p] == 0 or s.bids[p] in h, f"player {p}'s bid is not in their hand")
        return s

    def action_grammar(self, num_players: int, options: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        return [("bid", range(1, options["cards"] + 1))]


GAME = Goofspiel()
