"""End of a game year: the end-of-game check, then the next year's set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring
from .data import AREA_NAMES, NUM_AREAS

if TYPE_CHECKING:
    from .state import DogeState


def end_of_year(s: DogeState) -> None:
    n = s.num_players
    doges = [p for p in range(n) if scoring.conditions_met(s, p)]
    if doges:
        s.phase = 2
        if s.log:
            names = ", ".join(s.player_name(p) for p in doges)
            s.emit("end", f"End of year {s.year}: {names} fulfil{'s' * (len(doges) == 1)} an end condition")
            # one event per condition fulfilled, so `meeple simulate --stats` counts how games end
            met = {c for p in doges for c in scoring.conditions_met(s, p)}
            for name in sorted(met):
                s.emit(f"end_{name}", f"The game ends by the condition {name.replace('_', ' ')}")
        return
    if not any(scoring.can_still_qualify(s, p) for p in range(n)):
        # Not in the rulebook: without this nobody could ever end the game (see RULES.md).
        s.phase = 2
        if s.log:
            s.emit("end", f"End of year {s.year}: nobody can fulfil an end condition any more; the game ends")
            s.emit("end_no_doge", "The game ends without a Doge")
        return
    start_year(s)


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
