"""A forecast of the final scores from the start of a game turn, for a search's judge (docs/bots.md,
"A judge fitted to the final scores").

`evaluation.evaluate` counts what a position holds now, its weights set by hand; at the start of a game
turn its lead barely predicts the final scores before the late game (docs/bots.md, the forecast table).
Here the same holdings, and what it leaves out (workers in supply, production buildings, the offices'
powers, who attacks in the next war), are weighed by least squares against the final scores of greedy
games, separately for each number of game turns still to come (data/forecast.json;
`tools/rio_fit.py forecast` reproduces it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from .board import PRODUCTION
from .evaluation import add_grid_prospects, buildings, cargo_worth, evaluate, house_score, track_workers
from .scoring import office_score
from .war import next_attacker

if TYPE_CHECKING:
    from .state import RioState

# what a player holds at the start of a game turn, in the order of data/forecast.json's weights
FEATURES = (
    "vp",  # VP scored so far
    "silver",
    "wood_stone",
    "precious",
    "houses",  # the Houses' end score as it stands (2 VP + the district's modifier each)
    "huts",
    "builders",  # workers waiting on the city map
    "offices",  # the offices' end scores
    "office_count",  # offices owned (their powers)
    "grid",  # the Major grids' spaces, by how full each grid is (as `evaluate` counts them)
    "cargo",  # loads on the Ship, by what they sell for
    "tracks",  # workers on the mine and forest tracks
    "free",  # workers in supply
    "production",  # Stonecutters, Carpenters, Markets and Corporations owned
    "place",  # place in this turn's order (0: first)
    "attacked",  # has attacked since the last round of attackers began
    "attacker_next",  # would lead the attackers of a war at this turn's end
)

# the grid feature's share for a grid's only filled space, as data/forecast.json was fitted with
FITTED_GRID_BASE = (0.3,) * 6


def features(s: RioState) -> list[list[float]]:
    """Each player's FEATURES (a row each)."""
    n = s.num_players
    rows = [[float(s.vp[p]), float(s.silver[p]), float(s.wood[p] + s.stone[p]), float(s.precious[p])]
            + [0.0] * (len(FEATURES) - 4) for p in range(n)]
    houses, huts, base = buildings(s)
    on_tracks = track_workers(s)
    for p in range(n):
        rows[p][4] = float(house_score(s, houses[p], base))
        rows[p][5] = float(huts[p])
    for c, o in zip(s.wcount, s.wowner):
        if c:
            rows[o][6] += c
    for k, o in enumerate(s.office_owner):
        if o >= 0:
            rows[o][7] += office_score(s, k)
            rows[o][8] += 1
    grid = [0.0] * n
    add_grid_prospects(s, grid, FITTED_GRID_BASE)
    for p in range(n):
        rows[p][9] = grid[p]
        rows[p][10] = cargo_worth(s, p)
        rows[p][11] = float(on_tracks[p])
        rows[p][12] = float(s.free[p])
    for k, o in zip(s.bkind, s.bowner):
        if o >= 0 and k in PRODUCTION:
            rows[o][13] += 1
    for i, p in enumerate(s.order):
        rows[p][14] = float(i)
        rows[p][15] = float(s.attacked[p])
    rows[next_attacker(s)][16] = 1.0
    return rows


def at_turn_start(s: RioState) -> bool:
    """The point the forecast is fitted at: a game turn's placements not begun, no war, no trade."""
    return s.phase == "place" and s.war is None and not s.trade and not any(s.placed)


def _load(name: str, key: str) -> dict[int, tuple[float, list[float]]]:
    """A weights file of data/, per number of game turns still to come: (its `key`, the weights of
    FEATURES); empty when the file is not there."""
    path = Path(__file__).parent / "data" / name
    if not path.exists():
        return {}
    fitted = json.loads(path.read_text(encoding="utf-8"))
    return {int(k): (float(v[key]), [float(w) for w in v["weights"]]) for k, v in fitted["turns_left"].items()}


# per turns left: the mean final score and the weights of FEATURES
WEIGHTS = _load("forecast.json", "mean")
# the searching player's own weights (judge=own), per turns left: a shift of the mean and the weights of
# what a search's seat made of its holdings in its own games (`tools/rio_fit.py own`)
OWN_WEIGHTS = _load("forecast_own.json", "shift")


def _weighed(mean: float, weights: list[float], row: list[float], centre: list[float]) -> float:
    """`mean` plus the weights times how a player's row differs from the table's centre."""
    return mean + sum(w * (x - c) for w, x, c in zip(weights, row, centre))


def forecast(s: RioState, searcher: int | None = None) -> list[float]:
    """Each player's final score as forecast at the start of a game turn: the mean final score plus the
    fitted weights times how the player's holdings differ from the table's mean, and with `searcher`,
    that player's by its own weights (OWN_WEIGHTS) where there are some. Anywhere else, or with no
    weights for the turns left, the evaluation."""
    left = s.num_turns - s.turn
    fit = WEIGHTS.get(left)
    if fit is None or not at_turn_start(s):
        return evaluate(s)
    mean, weights = fit
    rows = features(s)
    n = len(rows)
    centre = [sum(col) / n for col in zip(*rows)]
    own = OWN_WEIGHTS.get(left) if searcher is not None else None
    return [
        _weighed(mean + own[0], own[1], row, centre) if own is not None and p == searcher
        else _weighed(mean, weights, row, centre)
        for p, row in enumerate(rows)
    ]
