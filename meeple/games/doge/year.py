"""End of a game year: the end-of-game check, then the next year's set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring
from .data import AREA_NAMES, NUM_AREAS

if TYPE_CHECKING:
    from .state import DogeState


def end_of_year(s: DogeState) -> None:
    n = s.num_players
    candidates = [p for p in range(n) if scoring.conditions_met(s, p)]
    if candidates:
        s.phase = 2
        if s.log:
            names = ", ".join(s.player_name(p) for p in candidates)
            s.emit(
                "end", f"End of year {s.year}: {names} fulfil{'s' * (len(candidates) == 1)} an end condition"
            )
            # one event per condition fulfilled, so `meeple simulate --stats` counts how games end
            met = {c for p in candidates for c in scoring.conditions_met(s, p)}
            for name in sorted(met):
                s.emit(f"end_{name}", f"The game ends by the condition {name.replace('_', ' ')}")
            announce_doge(s)
        return
    if not any(scoring.can_still_qualify(s, p) for p in range(n)):
        # Not in the rulebook: without this nobody could ever end the game (see RULES.md).
        s.phase = 2
        if s.log:
            s.emit("end", f"End of year {s.year}: nobody can fulfil an end condition any more; the game ends")
            s.emit("end_no_doge", "The game ends without a Doge")
        return
    start_year(s)


def announce_doge(s: DogeState) -> None:
    """Everyone sees who becomes Doge (the winner), with the palaces and houses that decided it."""
    r = scoring.result(s)
    winners = scoring.doges(r)
    names = " and ".join(s.player_name(p) for p in winners)
    counts = r.tiebreaks[winners[0]]
    palaces, houses = int(counts["palaces"]), int(counts["houses_on_board"])
    why = f"{palaces} palaces, {houses} house{'s' * (houses != 1)} on the board"
    if len(winners) == 1:
        s.emit("doge", f"{names} becomes Doge ({why})", player=winners[0])
    else:  # the rulebook's tie-breaks leave them level: they share the win
        s.emit("doge", f"{names} tie for Doge ({why} each) and share the win")


def start_year(s: DogeState) -> None:
    """The used voting-order cards are shuffled and laid face down on the empty row; the other
    row (all turned up during the elections) gives the new year's order."""
    from .ballots import clear_choices

    used = s.order
    s.rng.shuffle(used)
    s.order, s.next_order = s.next_order, used
    s.pos = 0
    s.year += 1
    s.phase = 0
    s.rnd = 0
    s.used = [0] * (NUM_AREAS * s.num_players)
    s.shown = [0] * (4 * s.num_players)  # all markers back in hand, face down, unseen
    clear_choices(s)
    if s.log:
        order = ", ".join(AREA_NAMES[x] for x in s.order)
        s.emit("year", f"Year {s.year} begins; voting order: {order}", year=s.year)
