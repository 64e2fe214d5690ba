"""Goofspiel's observation vector for learning agents (layout in docs/rl.md), from a player's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import Counts, Layout, Number, Numbers, OneHot, Rows, Seat


def layout(num_players: int, options: Mapping[str, Any]) -> Layout:
    n, k = num_players, options["cards"]
    cards = range(1, k + 1)
    return Layout(
        [
            Seat(n),
            OneHot("prize", range(k + 1), "the prize card being bid for (0: the game is over)"),
            Number("prizes_left", k, "prize cards still face down, over the cards per hand"),
            Counts("hands", cards, "each player's cards left (public), one block per seat", rows=n),
            Numbers("scores", n, k * (k + 1) / 2, "each player's points, over all the prizes' points"),
            Numbers("has_bid", n, 1, "1 for each player who has chosen this round's bid (not which)"),
            OneHot("my_bid", range(k + 1), "the observing player's own secret bid (0: not chosen)"),
            Rows(
                "history",
                [
                    OneHot(0, cards, "the prize", name="prize"),
                    Numbers(1, n, k, "each player's revealed bid over the cards per hand", name="bids"),
                ],
                "past rounds in order: a 1, the prize (one-hot), each player's bid",
                rows=k,
            ),
        ]
    )
