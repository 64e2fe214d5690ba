"""The draft remembered in a sampled position: a player knows the packs it passed (`draft.passed_from`),
so in a sampled draft they go on round by round to the next holders, who each took one of their cards;
the picks of this round already made by others are the greedy bot's likely one (`views.likely_pick`)."""

from __future__ import annotations

import numpy as np

from meeple.engine import Rng
from meeple.engine.game import _freeze
from meeple.engine.observation import direct_for, layout_for
from meeple.games.genesia import GAME, GenesiaState
from meeple.games.genesia.draft import pass_to, passed_from
from meeple.games.genesia.evaluation import card_extra, phase_step, weights


def drafted(n: int, rounds: int, seed: int = 3, choice: int = 0, age: int = 1) -> GenesiaState:
    """A draft of n players after `rounds` rounds, each player taking its `choice`-th card (sorted)."""
    s = GAME.new_state(n, seed=seed, options={"objectives": False})
    if age != 1:
        s.age = age
    for _ in range(rounds):
        for p in range(n):
            s.apply(p, ("draft", sorted(s.packs[p])[choice % len(s.packs[p])]))
    return s


def test_a_sample_puts_the_passed_cards_where_the_rules_can() -> None:
    """Round 2: the neighbour holds the 5 cards the player passed. Round 3: the next one holds 4 of them,
    the neighbour having kept the fifth. Round 5 at 4 players: the player holds its first pack's remains
    again, and the 3 cards gone from it are the 3 others' picks of rounds 2, 3 and 4. (Until session 49
    a sample redrew all of them from every card the player had not seen in its own piles.)"""
    for k in range(6):
        s = drafted(4, 1, seed=k)
        d = s.determinize(0, Rng(k))
        assert sorted(d.packs[1]) == sorted(passed_from(s, 0)[0]) == sorted(s.packs[1])
        s = drafted(4, 2, seed=k)
        d = s.determinize(0, Rng(k))
        assert sorted(d.packs[2] + [d.kept[1][1]]) == sorted(passed_from(s, 0)[0])
        assert sorted(d.packs[1]) == sorted(passed_from(s, 0)[1])
        s = drafted(4, 4, seed=k)
        d = s.determinize(0, Rng(k))
        taken = [d.kept[t][t] for t in (1, 2, 3)]  # Age I passes left: seat t holds it in round t + 1
        assert sorted(taken + d.packs[0]) == sorted(passed_from(s, 0)[0])


def test_a_sample_holds_every_card_once_and_agrees_with_every_history() -> None:
    """At 2 to 5 players, in each round of each Age's direction, a sample loses no card and shows none
    twice (the invariants), the player's view is unchanged, and the packs every people passed in it
    (those of the others worked out from the sample) are what its neighbour then held."""
    for n in (2, 3, 4, 5):
        for age in (1, 2):
            for rounds in range(5):
                s = drafted(n, rounds, seed=n + rounds, choice=rounds + age, age=age)
                if rounds % 2:  # a pick of this round already made by someone
                    s.apply(n - 1, ("draft", s.packs[n - 1][0]))
                for p in range(n):
                    d = s.determinize(p, Rng(rounds))
                    d.check_invariants()
                    assert d.view(p) == s.view(p)
                    truth = passed_from(s, p)
                    assert list(map(sorted, passed_from(d, p))) == list(map(sorted, truth))
                    if rounds:
                        assert sorted(d.packs[pass_to(d, p)]) == sorted(truth[-1])


def test_the_sample_depends_only_on_what_the_player_saw() -> None:
    """Two drafts that differ only in which of player 0's passed cards its neighbour took give the same
    sample for the same random numbers: there the neighbour took one of them, by the model."""
    a, b = drafted(4, 1, seed=11), drafted(4, 1, seed=11)
    assert a.to_json() == b.to_json()
    first, second = sorted(a.packs[1])[:2]
    for s, took in ((a, first), (b, second)):
        for p in range(4):
            s.apply(p, ("draft", took if p == 1 else sorted(s.packs[p])[0]))
    assert a.view(0) == b.view(0) and a.kept[1] != b.kept[1]
    for k in range(4):
        da, db = a.determinize(0, Rng(k)), b.determinize(0, Rng(k))
        assert da.to_json() == db.to_json()
        assert da.kept[1][1] in passed_from(a, 0)[0]


def test_the_picks_already_made_are_the_likely_ones() -> None:
    """A pick of this round already made by another player is, in a sample, the card of its pack worth
    the most to it (`card_extra`, the greedy bot's pick in 90% of 360 four-greedy picks), not any card."""
    s = drafted(4, 1, seed=2)
    s.apply(2, ("draft", s.packs[2][0]))
    for k in range(12):
        d = s.determinize(0, Rng(k))
        w, step = weights(d), phase_step(d)
        values = {c: card_extra(d, 2, c, w, step) for c in d.packs[2]}
        assert values[d.picks[2]] == max(values.values())



def test_the_observation_holds_the_packs_a_player_passed_and_only_their_sizes_for_others() -> None:
    """A learning agent sees what the view shows: after two rounds at 4 players, player 0's vector holds
    the two packs it passed, card by card as they were passed (5 and 4 cards), in its `passed` block;
    another player's block holds only the two sizes. Both encoders write it (the direct one is the
    learning environments')."""
    s = drafted(4, 2)
    frozen = _freeze(GAME.parse_options({"objectives": False}))
    layout = layout_for(GAME, 4, frozen)
    by_view = np.zeros(layout.size, dtype=np.float32)
    layout.encode_into(s.view(0), 0, by_view)
    by_state = np.zeros(layout.size, dtype=np.float32)
    direct = direct_for(GAME, 4, frozen)
    assert direct is not None
    direct(s, 0, memoryview(by_state))
    start, pile = layout.start("passed"), 91  # a pack: 90 cards, then its size over 10
    block = 1 + 4 * pile  # a 1, then room for 4 packs
    packs = passed_from(s, 0)
    assert [len(x) for x in packs] == [5, 4]
    for vec in (by_view, by_state):
        mine, other = vec[start : start + block], vec[start + block : start + 2 * block]
        assert mine[0] == 1.0 and other[0] == 1.0
        for t, pack in enumerate(packs):
            row = mine[1 + t * pile : 1 + (t + 1) * pile]
            assert [c + 1 for c in range(90) if row[c]] == sorted(pack)
            assert row[90] == np.float32(len(pack) / 10)
            row = other[1 + t * pile : 1 + (t + 1) * pile]
            assert not row[:90].any() and row[90] == np.float32(len(pack) / 10)
