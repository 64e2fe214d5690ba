"""Every game must end whatever the players choose: no chain of decisions may loop for ever."""

from __future__ import annotations

import meeple
from meeple.bots import make_bot
from meeple.engine import play_match


def test_a_first_step_is_a_commitment_so_menus_cannot_cycle() -> None:
    """A greedy bot once alternated money -> buy -> back for a million decisions (arena seed 0)."""
    game = meeple.load("riodelaplata")
    s = game.new_state(4, 0)
    p = s.to_move()[0]
    s.apply(p, ("money",))
    assert ("back",) not in s.legal_actions(p) and s.legal_actions(p)
    seats = ["random", "greedy:samples=1,chain=0", "random", "random"]
    match = play_match(game, [make_bot(b, seed=i) for i, b in enumerate(seats)], seed=0, max_decisions=20_000)
    assert match.state.is_terminal()
