"""The levels for people (`easy`, `normal`, `strong`): each a preset of a bot and its budget in every
game, playing legal moves, reproducibly, within its budget; `easy` is a beginner who plays their own
game (blind to what a move gives the others), not a random player."""

from __future__ import annotations

from typing import Any

import pytest

import meeple.bots.mcts as mcts
from meeple.bots import LEVELS, make_bot
from meeple.bots.greedy import GreedyBot
from meeple.bots.mcts import MctsBot
from meeple.engine import load
from tests.bots.helpers import game_ids, play_decisions, positions

from .test_bots import _SteadyClock


@pytest.mark.parametrize("game_id", game_ids())
def test_each_level_is_a_bot_with_a_budget_in_every_game(game_id: str) -> None:
    game = load(game_id)
    easy, normal, strong = (make_bot(level, seed=1, game=game) for level in ("easy", "normal", "strong"))
    assert isinstance(easy, GreedyBot) and (easy.rivals, easy.chain, easy.samples) == (0, 0, 1)
    assert isinstance(normal, MctsBot) and isinstance(strong, MctsBot)
    # strong must answer within 2 s a decision; the search keeps to its time budget (test_bots)
    assert normal.seconds < strong.seconds < 2.0
    assert [b.name for b in (easy, normal, strong)] == [LEVELS["easy"], LEVELS["normal"], LEVELS["strong"]]


def _decisions(game_id: str, level: str, count: int) -> list[Any]:
    """`count` decisions of the level in every seat from a seeded random position, on a steady clock
    (each search step costs the same time, so a time budget gives the same search every run)."""
    game = load(game_id)
    state = positions(game_id, max(game.min_players, min(3, game.max_players)), 1, seed=9, max_steps=80)[0]
    return play_decisions(state, [make_bot(level, seed=20 + p, game=game) for p in range(state.num_players)], count)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("level", list(LEVELS))
def test_levels_play_legal_moves_reproducibly(game_id: str, level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mcts, "time", _SteadyClock(0.002))
    first = _decisions(game_id, level, 4)
    monkeypatch.setattr(mcts, "time", _SteadyClock(0.002))
    assert len(first) == 4 and _decisions(game_id, level, 4) == first


class _Gift:
    """A toy decision: take a slice k of 4, 6 or 8; the rival's estimate grows faster, 2k - 4."""

    class game:  # noqa: N801 - what the greedy bot reads of a game
        hidden_information = False

    num_players = 2

    def __init__(self, slice_: int | None = None) -> None:
        self.slice = slice_

    def bot_actions(self, player: int) -> list[tuple[str, int]]:
        return [("take", k) for k in (4, 6, 8)]

    legal_actions = bot_actions

    def to_move(self) -> list[int]:
        return [0] if self.slice is None else []

    def determinize(self, player: int, rng: Any) -> _Gift:
        return _Gift(self.slice)

    def clone(self) -> _Gift:
        return _Gift(self.slice)

    def apply(self, player: int, action: tuple[str, int], check: bool = True) -> None:
        self.slice = action[1]

    def is_terminal(self) -> bool:
        return False

    def evaluate(self) -> list[float]:
        assert self.slice is not None
        return [float(self.slice), float(2 * self.slice - 4)]

    def evaluate_for(self, player: int) -> list[float]:
        return self.evaluate()


def test_easy_takes_a_gain_that_helps_a_rival_more_the_greedy_bot_does_not() -> None:
    # take 4: 4 against 4 (lead 0); take 6: 6 against 8 (-2); take 8: 8 against 12 (-4)
    assert make_bot("easy", seed=0).act(_Gift(), 0) == ("take", 8)
    assert make_bot("greedy", seed=0).act(_Gift(), 0) == ("take", 4)
