"""The named tallies (tallies.py) agree with what the state says the players did."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.engine import play_match
from meeple.games.elgrande.data import DISC_VALUE, GOLD, WARES

from .helpers import GAME


def _played(seed: int, n: int, colonies: bool):
    bots = [make_bot("random", seed=seed * 10 + i, game=GAME) for i in range(n)]
    return play_match(GAME, bots, seed=seed, options={"colonies": colonies}, log=True).state


def _sum(counts: dict[str, int], prefix: str) -> int:
    return sum(v for k, v in counts.items() if k.startswith(prefix))


@pytest.mark.parametrize("seed,colonies", [(1, False), (2, True), (3, True)])
def test_tallies_agree_with_the_game(seed: int, colonies: bool) -> None:
    s = _played(seed, 4, colonies)
    per = s.player_tallies()
    rounds = len(s.rounds)
    for p, counts in enumerate(per):
        assert _sum(counts, "power card ") == rounds  # one power card a round
        assert _sum(counts, "card: ") == rounds  # one action card a turn
        assert _sum(counts, "special action: ") <= rounds
        # every point of a general or special scoring is in a scoring a tally names, and only those
        assert (s.parts[p][0] > 0) == (_sum(counts, "general scoring: ") > 0)
        assert (s.parts[p][1] > 0) == (_sum(counts, "special scoring: ") > 0)
        # Gold and Wares: the points are exactly the deliveries counted
        gold, wares = counts.get("deliver Gold", 0), counts.get("deliver Wares", 0)
        assert s.parts[p][2] == gold * DISC_VALUE[GOLD] + wares * DISC_VALUE[WARES]
        assert gold <= counts.get("claim Gold", 0) and wares <= counts.get("claim Wares", 0)
        if s.captain == p:
            assert counts.get("Captain", 0) >= 1
        if s.viceroy == p:
            assert counts.get("Viceroy", 0) >= 1
        if not colonies:
            assert not any(k in counts for k in ("Captain", "Viceroy", "claim Gold", "Caballero into France"))
    total = s.tallies()
    assert sum(v for k, v in total.items() if k.startswith("card: ")) == rounds * 4
    assert all(total[k] == sum(c.get(k, 0) for c in per) for k in total)
    named = {k for c in per for k in c if " " in k or k[0].isupper()}  # the named parts, not event kinds
    assert named <= set(total)  # every part a player used is one the game lists
    assert ("Captain" in total) == colonies and "power card 13" in total and "card: Veto!" in total


def test_a_general_scoring_of_the_castillo_is_tallied_for_those_who_score_there() -> None:
    s = _played(2, 4, True)
    castillo = [e for e in s.events if e.kind == "score" and e.data["area"] == 9 and e.data["category"] == 0]
    assert len(castillo) == 3  # the Castillo is opened at each of the three general scorings
    per = s.player_tallies()
    for p in range(4):
        assert per[p].get("general scoring: Castillo", 0) == sum(1 for e in castillo if e.data["points"][p] > 0)
