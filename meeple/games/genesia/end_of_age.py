"""End of an Age: free Cities, End-of-Age cards and discards, Progress Points, next turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import DISCARD_COINS, REACTIONS
from .data import CARDS_BY_NO, appended
from .growth import RECRUIT_COST

if TYPE_CHECKING:
    from .state import GenesiaState


def start_end(s: GenesiaState) -> None:
    s.phase = "end_cards"
    s.turn = 0
    if s.log:
        s.emit("phase", f"End of Age {s.age}")
    build_cities(s)
    skip_idle(s)


def build_cities(s: GenesiaState) -> None:
    """A free City in each Region without one where you have 2 Clans or more (not Homelands; 20 at most)."""
    b = s.board
    for p in s.order:
        row = s.clans[p]
        for r in range(b.size):
            if row[r] >= 2 and s.cities[r] < 0 and not b.homeland[r] and s.reserve_cities(p) > 0:
                s.cities[r] = p
                if s.log:
                    s.emit("city", f"{s.people_name(p)} builds a City in {b.names[r]}", player=p)


def has_end_decision(s: GenesiaState, p: int) -> bool:
    for c in s.hands[p]:
        card = CARDS_BY_NO[c]
        if card.kind == "copy" or ("F" in card.icons and card.kind not in REACTIONS):
            return True
    return False


def discard_rest(s: GenesiaState, p: int) -> None:
    hand = s.hands[p]
    if hand:
        s.coins[p] += DISCARD_COINS * len(hand)
        s.discards = appended(s.discards, p, *hand)
        if s.log:
            s.emit(
                "discard",
                f"{s.people_name(p)} discards {len(hand)} card{'s' if len(hand) > 1 else ''} for {DISCARD_COINS * len(hand)} Coins",
            )
        s.hands[p] = []


def skip_idle(s: GenesiaState) -> None:
    """Peoples with no End-of-Age card (nor copy card) left just discard; then Progress Points."""
    while s.turn < len(s.order):
        p = s.order[s.turn]
        if has_end_decision(s, p):
            return
        discard_rest(s, p)
        s.turn += 1
    count_progress(s)


def finish_turn(s: GenesiaState, p: int) -> None:
    discard_rest(s, p)
    s.turn += 1
    skip_idle(s)


def age_progress(s: GenesiaState, p: int) -> int:
    """End-of-Age cards of this Age plus every Invention played or copied, whatever its Age."""
    return s.end_pp[p] + sum(CARDS_BY_NO[c].pp for c in s.inventions(p))


def count_progress(s: GenesiaState) -> None:
    from .draft import start_age

    n = s.peoples
    for p in range(n):
        s.pp = appended(s.pp, p, age_progress(s, p))
        if s.log:
            s.emit(
                "progress",
                f"{s.people_name(p)} scores {s.pp[p][-1]} Progress Points in Age {s.age}",
                player=p,
            )
    # effects are valid only during the Age in which the card was played
    s.credit, s.rcost, s.rowfree = [0] * n, [RECRUIT_COST] * n, [0] * n
    s.bonus, s.guard, s.equal, s.nobel, s.end_pp = [0] * n, [0] * n, [0] * n, [0] * n, [0] * n
    s.turn = 0
    if s.age == 3:
        s.phase = "over"
        if s.log:
            res = s.result()
            shown = ", ".join(f"{s.player_name(p)} {sc}" for p, sc in enumerate(res.scores))
            s.emit("end", f"Game over: {shown}")
        return
    if s.solo:
        start_age(s, s.age + 1)
        return
    start_turn_order(s)


def start_turn_order(s: GenesiaState) -> None:
    """Fewest Progress Points this Age choose first; ties choose in the current turn order."""
    s.choosers = sorted(s.order, key=lambda p: (s.pp[p][-1], s.order.index(p)))
    s.new_order = [-1] * s.peoples
    s.phase = "turn_order"
    _auto_last(s)


def choose_position(s: GenesiaState, p: int, k: int) -> None:
    s.new_order[k] = p
    s.choosers.pop(0)
    if s.log:
        s.emit("order", f"{s.people_name(p)} takes position {k + 1} for Age {s.age + 1}", player=p)
    _auto_last(s)


def _auto_last(s: GenesiaState) -> None:
    from .draft import start_age

    if len(s.choosers) == 1:
        p = s.choosers.pop()
        k = s.new_order.index(-1)
        s.new_order[k] = p
        if s.log:
            s.emit("order", f"{s.people_name(p)} takes the remaining position {k + 1}", player=p)
    if not s.choosers:
        s.order = s.new_order
        s.new_order = []
        start_age(s, s.age + 1)
