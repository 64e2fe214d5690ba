"""Where the greedy bot judges a ballot decision: at the end of the year's ballot phase.

A one-ply look at the standings after this round's reveal cannot see what keeping markers for the
last round costs: a lead taken with one marker is counted as won though the others still have rounds
to answer it, and a marker kept is worth a flat VOTE_WORTH whatever the rounds left can do with it
(at most 4 markers on a card). So the rounds left are played out by a plain rule before the position
is judged (`State.play_on_to_judge`): each player puts as few markers a round as still places its
whole hand by the last round (at least 1, at most 4: `plan:spread`'s count), drawn at random from its
hand, on one of its unused cards drawn at random. The election standings are then the year's, and a
marker still in hand at the end is worth nothing, as in play. The greedy bot takes `Doge.play_on_weight`
of its value from there, the rest from the position as it stands (docs/bots.md, Doge session 34: judged
wholly at the year's end, greedy staked its strong markers in the first two rounds, the plain rule's
random cards making its own later rounds look poor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Rng

from . import ballots
from .data import MAX_CARD_MARKERS, NUM_AREAS

if TYPE_CHECKING:
    from .state import DogeState


def play_out_ballots(s: DogeState, rng: Rng) -> None:
    """Play the ballot rounds left this year (the choices still to make in this round included) by the
    rule above; nothing when the ballot phase is over."""
    while s.phase == 0 and s.waiting:
        for p in list(s.waiting):
            if s.pend_card[p] == ballots.NO_CARD:
                base = p * NUM_AREAS
                unused = [x for x in range(NUM_AREAS) if not s.used[base + x]]
                ballots.apply(s, p, ("card", unused[rng.below(len(unused))]))
            ballots.apply(s, p, spread_markers(s, p, rng))


def spread_markers(s: DogeState, p: int, rng: Rng) -> tuple[str, int, int, int, int]:
    """As few of p's markers as still place its whole hand by the year's last round, drawn at random."""
    b = p * 4
    values = [v for v in range(4) for _ in range(s.hand[b + v])]
    left = max(1, ballots.rounds(s) - s.rnd)
    count = min(MAX_CARD_MARKERS, len(values), max(1, -(-len(values) // left)))
    rng.shuffle(values)
    chosen = values[:count]
    return ("markers", chosen.count(0), chosen.count(1), chosen.count(2), chosen.count(3))
