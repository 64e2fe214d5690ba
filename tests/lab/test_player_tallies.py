"""State.player_tallies: what each player did, for the report's elements."""

from __future__ import annotations

from meeple.bots import make_bot
from meeple.engine import load, play_match


def test_default_counts_each_players_public_events_by_kind():
    game = load("elgrande")
    state = play_match(game, [make_bot("random", seed=i, game=game) for i in range(3)], seed=2, log=True).state
    per = state.player_tallies()
    assert len(per) == 3
    for p in range(3):
        public = [e.kind for e in state.events if e.player == p and e.to is None]
        # the event kinds (El Grande adds its named tallies beside them: tests/games/elgrande/test_tallies.py)
        assert sum(per[p][k] for k in set(public)) == len(public) > 0
        assert per[p]["power"] == public.count("power") == 9  # one power card a round
    assert all("disk_own" not in u for u in per)  # a private copy of an event is not counted again


def test_default_is_empty_with_the_log_off():
    game = load("goofspiel")
    state = play_match(game, [make_bot("random", seed=i, game=game) for i in range(2)], seed=1).state
    assert state.player_tallies() == [{}, {}]


def test_genesia_adds_each_card_a_player_played_by_name():
    game = load("genesia")
    state = play_match(game, [make_bot("random", seed=i, game=game) for i in range(3)], seed=4, log=True).state
    per = state.player_tallies()
    for p in range(3):
        cards = {k for k in per[p] if k.startswith("card ")}
        assert {k[:7] for k in cards} == {f"card {c:02d}" for c in state.played[p]}
        assert all(len(k) > 8 for k in cards)  # "card 07 Mastery of Fire": the number and the name
    cards_in_game = [k for k in state.tallies() if k.startswith("card ")]
    assert sum(len([k for k in u if k.startswith("card ")]) for u in per) == len(cards_in_game)
