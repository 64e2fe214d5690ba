"""The bots' score estimate: points secured, plus per-Age weights from data/evaluation.json."""

from __future__ import annotations

import json

import pytest

from meeple.engine import Rng
from meeple.engine.registry import load
from meeple.games.genesia import evaluation
from meeple.games.genesia.data import DATA

from .helpers import GREEN, RED, give, no_objectives, phase_doc, region
from .helpers import load as load_doc


def _play_until(players: int, seed: int, stop) -> object:
    state = load("genesia").new_state(players, seed, None)
    rng = Rng(seed)
    while not stop(state):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
    return state


def test_the_data_file_weighs_every_age_and_term_and_none_is_negative():
    doc = json.loads((DATA / "evaluation.json").read_text(encoding="utf-8"))
    assert sorted(doc["ages"]) == ["1", "2", "3"]
    for weights in doc["ages"].values():
        assert sorted(weights) == ["cities", "clans", "coins", "hand"]
        assert all(v >= 0 for v in weights.values())
    # a Coin carried into Ages II and III: above nothing, below a Coin of the Age it is carried into
    assert sorted(k for k in doc["carried"] if k.isdigit()) == ["2", "3"]
    assert all(0 <= doc["carried"][a] <= doc["ages"][a]["coins"] for a in ("2", "3"))


@pytest.mark.parametrize("age", [1, 2, 3])
def test_a_clan_more_on_the_board_is_worth_the_ages_clan_weight(age):
    s = _play_until(3, age, lambda s: s.age == age and s.phase == "expansion")
    s.hands[0] = []  # no card whose worth depends on the Clans ("per Region", "Gain Clans")
    before = s.evaluate()
    home = s.board.homelands[0]
    s.add_clans(0, home, 1)  # a Clan in its own Homeland: no Region occupied anew
    after = s.evaluate()
    assert after[0] - before[0] == pytest.approx(evaluation.WEIGHTS[age][2])
    assert after[1:] == before[1:]


def held_value(doc, people, card):
    """The estimate of `people` with `card` in hand, less the estimate without it."""
    without = load_doc(doc).evaluate()[people]
    give(doc, people, card)
    return load_doc(doc).evaluate()[people] - without


def test_a_card_held_is_worth_its_discard_at_least_and_its_effect_above_that_at_the_hand_share():
    """Discarding gives 4 Coins "at any time"; Cave Paintings (10) is 7 Progress Points for 1 Coin at the
    End of the Age (its cost and its discard then are Coins carried into Age II), Invention of Writing (5)
    4 Progress Points at the end of each of the three Ages for 2."""
    coin, share, _, _ = evaluation.WEIGHTS[1]
    later = evaluation.CARRIED[2]
    assert held_value(phase_doc(3, "growth"), RED, 10) == pytest.approx(4 * coin + share * max(0.0, 7 - 5 * later))
    assert held_value(phase_doc(3, "growth"), RED, 5) == pytest.approx(4 * coin + share * max(0.0, 12 - 6 * coin))


def test_a_card_whose_phase_of_the_age_is_over_is_worth_its_discard():
    """"You cannot play a card outside its phase": Dugout Canoe (4, Expansion, 6 free Moves) held in the
    Attack phase can only be discarded; in the Expansion its 6 Moves are worth 6 Coins."""
    coin, share, _, _ = evaluation.WEIGHTS[1]
    assert held_value(phase_doc(3, "war_peace"), RED, 4) == pytest.approx(4 * evaluation.CARRIED[2])  # into Age II
    assert held_value(phase_doc(3, "expansion"), RED, 4) == pytest.approx(4 * coin + share * max(0.0, 2 * coin))


def test_after_the_expansion_a_coin_is_carried_into_the_next_age():
    """Coins buy Clans (Growth, Expansion) and Moves (Expansion): from the Attack on, a Coin of Age II is
    spent in Age III, "added ... to the money not spent during the previous Age", on top of Age III's 15
    Coins and its cards' discards: at the worth of a Coin carried into Age III, below Age III's Coin; in
    the Expansion it still has Age II's."""
    for where, worth in (("war_peace", evaluation.CARRIED[3]), ("expansion", evaluation.WEIGHTS[2][0])):
        doc = no_objectives(phase_doc(3, where, age=2))
        base = load_doc(doc).evaluate()[RED]
        doc["coins"][RED] += 5
        assert load_doc(doc).evaluate()[RED] - base == pytest.approx(5 * worth)
    assert evaluation.CARRIED[3] < evaluation.WEIGHTS[3][0]


def test_an_attack_card_is_weighed_against_the_coins_of_the_attack():
    """Crossbows (41, Age II, Attack, free: the defender loses 1 Clan, you none for it) is played in the
    Attack phase or discarded then, for Coins that Age III spends: its effect above that discard counts,
    its 4 Coins now at Age II's weight."""
    coin, share, clan, _ = evaluation.WEIGHTS[2]
    later = evaluation.CARRIED[3]  # its discard then: Coins carried into Age III
    doc = no_objectives(phase_doc(3, "growth", age=2))
    assert held_value(doc, RED, 41) == pytest.approx(4 * coin + share * (clan - 4 * later))
    assert clan - 4 * later > 0


def test_playing_an_invention_banks_its_progress_for_every_age_still_to_score():
    """"The Invention cards of Age I will earn their Progress Points 3 times": Invention of Writing (5,
    cost 2, 4 PP) played in Age I adds 12 Progress Points to the points secured."""
    doc = phase_doc(3, "growth")
    doc["coins"] = [15, 15, 15]
    give(doc, RED, 5)
    s = load_doc(doc)
    before = s.evaluate()[RED]
    secured = evaluation.secured(s, RED)
    s.apply(RED, ("play", 5))
    assert evaluation.secured(s, RED) - secured == 12
    coin, share, _, _ = evaluation.WEIGHTS[1]
    # the card's worth above its discard moves from the hand to the points: only the share was counted
    assert s.evaluate()[RED] - before == pytest.approx((1 - share) * (12 - 6 * coin))


def test_an_end_of_age_card_counts_the_cities_the_end_of_the_age_builds_first():
    """End of the Age: step 1 builds a free City where you have 2 Clans, step 2 plays the cards. Burial
    Mound (18, free): 6 Progress Points per City (at most 8); with 2 Clans in Red 1a and Red's City in its
    Homeland already, 6 (2 Cities at the End: 12, capped at 8)."""
    doc = phase_doc(3, "expansion")
    doc["clans"][RED] = {"Red 1a": 2}
    doc["home_cities"] = [[region(doc, "Red Homeland")], [], []]
    coin, share, _, _ = evaluation.WEIGHTS[1]
    later = evaluation.CARRIED[2]  # its discard at the End of the Age: Coins carried into Age II
    assert held_value(doc, RED, 18) == pytest.approx(4 * coin + share * max(0.0, 8 - 4 * later))
    doc = phase_doc(3, "expansion")
    doc["clans"][RED] = {"Red Homeland": 2}  # its Homeland's City only: 6
    assert held_value(doc, RED, 18) == pytest.approx(4 * coin + share * max(0.0, 6 - 4 * later))


def test_a_per_city_card_counts_its_holders_homeland_city_while_recruiting_is_open():
    """Recruits "are always placed either on your Homeland or in one of your Cities", and step 1 of the End
    of the Age builds a City "in each Region ... that you occupy with at least 2 Clans": while recruiting is
    open (the draft, Growth, the Expansion) a "per City" card counts the City its holder's Homeland will
    have (ours: 141 of 160 four-greedy seats had it at the End of Age I); once the Expansion is over, only
    the Cities the board holds. Burial Mound (18) with no Clan on the board: 6 PP in Growth, none at the End
    of the Age (before session 44 none in Growth either, so it was never picked in Age I's draft)."""
    coin, share, _, _ = evaluation.WEIGHTS[1]
    later = evaluation.CARRIED[2]
    assert held_value(phase_doc(3, "growth"), RED, 18) == pytest.approx(4 * coin + share * max(0.0, 6 - 4 * later))
    doc = phase_doc(3, "end_cards")
    give(doc, RED, 18)
    s = load_doc(doc)
    assert evaluation.card_extra(s, RED, 18, evaluation.weights(s), evaluation.phase_step(s)) == 0.0


def test_the_cards_picked_in_the_draft_count_as_the_hand():
    """"The 5 cards selected in front of you are then taken into hand": Invention of Writing (5) picked
    counts as it does in hand."""
    s = _play_until(3, 1, lambda s: s.phase == "draft")
    coin, share, _, _ = w = evaluation.WEIGHTS[1]
    before = s.evaluate()[0]
    s.kept[0] = [*s.kept[0], 5]
    assert evaluation.card_extra(s, 0, 5, w, evaluation.phase_step(s)) == pytest.approx(max(0.0, 12 - 6 * coin))
    assert s.evaluate()[0] - before == pytest.approx(4 * coin + share * max(0.0, 12 - 6 * coin))


def test_free_moves_count_as_coins_until_the_expansion_is_over():
    """"Move your Clans ... at a cost of 1 Coin per Move": a free Move is worth a Coin while it can be used."""
    coin = evaluation.WEIGHTS[1][0]
    doc = phase_doc(3, "expansion")
    base = load_doc(doc).evaluate()[RED]
    doc["free_moves"] = [6, 0, 0]
    assert load_doc(doc).evaluate()[RED] - base == pytest.approx(6 * coin)
    doc["phase"] = "war_peace"
    late = load_doc(doc).evaluate()[RED]
    doc["free_moves"] = [0, 0, 0]
    assert late == pytest.approx(load_doc(doc).evaluate()[RED])


def test_conquest_and_radiance_of_a_region_held_are_secured():
    """"Gain the points printed in each Region" and "2 Points for each Region of a Continent other than
    yours": a Clan in Green's Region 2a (printed 4) secures 6 points."""
    doc = no_objectives(phase_doc(3, "expansion"))
    base = evaluation.secured(load_doc(doc), RED)
    doc["clans"][RED] = {"Green 2a": 1}
    assert evaluation.secured(load_doc(doc), RED) - base == 4 + 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_end_the_estimate_is_the_final_score(players):
    s = _play_until(players, 11, lambda s: s.is_terminal())
    assert s.evaluate() == list(s.result().scores)


def test_solo_estimate_is_the_lower_people():
    s = _play_until(1, 3, lambda s: s.age == 2)
    vals = [evaluation.people_value(s, p) for p in range(2)]
    assert s.evaluate() == [min(vals)]


def test_the_fit_recovers_known_weights():
    """Synthetic positions whose final scores are secured points + 2 per Coin + 5 per Clan."""
    pytest.importorskip("scipy")
    from meeple.games.genesia.fit_evaluation import fit

    rng = Rng(7)
    games = []
    for seed in range(40):
        rows = []
        finals = [0.0, 0.0, 0.0]
        for age in (1, 2, 3):
            x = [[rng.below(20), rng.below(15), rng.below(4), rng.below(6)] for _ in range(3)]  # evaluation.terms
            secured = [float(rng.below(30)) for _ in range(3)]
            finals = [s + 2 * f[0] + 5 * f[1] for s, f in zip(secured, x)]
            rows.append({"age": age, "secured": secured, "x": x, "scores": finals})
        for r in rows:  # each row's own "final" keeps the example exact
            games.append({"seed": seed, "scores": r.pop("scores"), "rows": [r]})
    weights = fit(games)
    for age in (1, 2, 3):
        assert weights[age] == pytest.approx([2.0, 5.0, 0.0, 0.0], abs=0.01)


def _greedy_phase(s, people: int, phase: str) -> list:
    """The greedy bot plays `people`'s moves while it is to move in `phase`; the actions it took."""
    from meeple.bots.greedy import GreedyBot

    bot = GreedyBot(seed=0)
    played = []
    while s.to_move() == [people] and s.phase == phase:
        action = bot.act(s, people)
        played.append(action)
        s.apply(people, action)
    return played


def _assault_on_green(card: int, city: bool = False) -> object:
    """Age II, Attack: Red (3 Clans in Red 3a) attacks Green's lone Clan in Red 4a (printed 8), or with
    `city` Green's City alone there; Green holds `card` and the Coins to pay it, and is to answer the
    Assault."""
    from .helpers import GRAY, GREEN, region

    doc = no_objectives(phase_doc(3, "war_peace", age=2))
    doc["clans"][RED][region(doc, "Red 3a")] = 3
    if city:
        doc["cities"][region(doc, "Red 4a")] = GREEN
    else:
        doc["clans"][GREEN][region(doc, "Red 4a")] = 1
    doc["coins"] = [0, 3, 0]
    give(doc, GREEN, card)
    s = load_doc(doc)
    s.apply(RED, ("war",))
    s.apply(GREEN, ("peace",))
    s.apply(GRAY, ("peace",))
    s.apply(RED, ("assault", region(s, "Red 3a"), region(s, "Red 4a")))
    assert s.to_move() == [GREEN]
    return s


def test_an_assault_under_way_counts_the_clans_and_the_region_it_will_take():
    """"Decide on the number of Clans that you and the Defender will lose (= the same number)"; "often,
    you will eliminate all the Clans of a Region to conquer it": while the cards are being played, Green
    counts its Clan and Red 4a (8, and 2 Radiance: Red's Continent) as lost, Red a Clan lost and 8 won."""
    from .helpers import GREEN, region

    s = _assault_on_green(44)
    clan = evaluation.WEIGHTS[2][2]
    w = evaluation.weights(s)
    est = s.evaluate()
    assert est[GREEN] == pytest.approx(evaluation.people_value(s, GREEN) - clan - (8 + 2))
    assert est[RED] == pytest.approx(evaluation.people_value(s, RED) - clan + 8)
    s.apply(GREEN, ("pass",))  # no defence: the losses are Red's to choose, still counted ahead
    assert s.evaluate()[GREEN] == pytest.approx(evaluation.people_value(s, GREEN) - clan - (8 + 2))
    s.apply(RED, ("lose", 1))  # chosen: the estimate is the board's
    assert evaluation.assault_ahead(s, w)[0] == -1
    assert s.clans[GREEN][region(s, "Red 4a")] == 0


def test_the_greedy_defender_plays_the_defence_card_that_saves_its_region():
    """Ramparts (44, cost 1: "the Assault is cancelled") keeps Green's Clan in Red 4a: worth more than
    the card's 4-Coin discard, now a Coin of Age III; before the Assault was counted ahead, the greedy
    defender saw nothing to save and passed."""
    from meeple.bots.greedy import GreedyBot

    from .helpers import GREEN

    s = _assault_on_green(44)
    assert GreedyBot(seed=0).act(s, GREEN) == ("play", 44)


@pytest.mark.parametrize(
    ("age", "phase", "recruits"),
    [(1, "expansion", 2 + 1), (2, "expansion", 2 + 1), (2, "war_peace", 1), (3, "expansion", 1), (3, "war_peace", 0)],
)
def test_a_city_counts_the_clan_a_siege_costs_and_the_moves_its_recruits_save(age, phase, recruits):
    """"If there are no (or no more) opposing Clans and there is a City, you can besiege it by losing 1
    Clan": a City outside the Homelands counts as a Clan. "The Clans recruited in this way are always
    placed either on your Homeland or in one of your Cities (in Age II or Age III)": a City in Red 2a, 2
    Moves from Red's Homeland, saves them to the 2 Clans of Age II and the stack of Age III counted as
    recruited there while an Expansion is still to come (`evaluation.CITY_RECRUITS`)."""
    doc = no_objectives(phase_doc(3, phase, age=age))
    doc["clans"][RED][region(doc, "Red 2a")] = 1
    s = load_doc(doc)
    coin, _, clan, _ = evaluation.weights(s)
    before = s.evaluate()[RED]
    doc["cities"][region(doc, "Red 2a")] = RED
    assert load_doc(doc).evaluate()[RED] - before == pytest.approx(clan + 2 * recruits * coin)


def test_a_city_in_the_homeland_cannot_be_besieged_and_saves_no_move():
    doc = no_objectives(phase_doc(3, "expansion"))
    home = load_doc(doc).board.homelands[RED]
    doc["clans"][RED][home] = 2
    before = load_doc(doc).evaluate()[RED]
    doc["home_cities"][RED] = [home]
    assert load_doc(doc).evaluate()[RED] == pytest.approx(before)


def test_only_the_farthest_city_saves_moves_up_to_three():
    """The recruits go to one City (the farthest, whose Moves they save), and no City saves more than
    `evaluation.CITY_MOVES` Moves: Red 1a (1 Move) beside Red 3a (3) adds a Clan's siege only."""
    doc = no_objectives(phase_doc(3, "expansion"))
    for name in ("Red 1a", "Red 3a"):
        doc["clans"][RED][region(doc, name)] = 1
    doc["cities"][region(doc, "Red 3a")] = RED
    s = load_doc(doc)
    coin, _, clan, _ = evaluation.weights(s)
    assert evaluation.city_worth(s, RED, evaluation.weights(s)) == pytest.approx(clan + 3 * 3 * coin)
    doc["cities"][region(doc, "Red 1a")] = RED
    assert load_doc(doc).evaluate()[RED] - s.evaluate()[RED] == pytest.approx(clan)


def test_the_greedy_bot_builds_a_city_with_palisade_before_moving_its_clan_on():
    """Palisade (13, Expansion, 2 Coins: "Build 1 City in a Region where you have a Clan"): with 6 Coins
    and a lone Clan, the greedy bot moves it out, builds a City where it stands and moves on, so that
    the City holds the Region behind it. Until session 34 a City was worth nothing more than the Region
    its Clan already held, and the card was always sold for its 4 Coins."""
    doc = no_objectives(phase_doc(3, "expansion"))
    doc["clans"][RED][region(doc, "Red 2a")] = 1
    doc["coins"][RED] = 6
    give(doc, RED, 13)
    s = load_doc(doc)
    played = _greedy_phase(s, RED, "expansion")
    assert ("play", 13) in played
    assert s.towns[RED].bit_count() == 1


def test_a_siege_still_to_come_is_counted_and_the_defender_plays_ramparts_to_save_its_city():
    """"If there are no (or no more) opposing Clans and there is a City, you can besiege it by losing 1
    Clan ... and replace it with one of yours": Green holds Red 4a (printed 8) with a City alone. Once
    Green passes, the Assault is at its siege: the estimate counts the City and the Region lost (until
    session 34 it showed the board as it stood, so passing looked as good as Ramparts), and the greedy
    defender plays Ramparts (44: "the Assault is cancelled")."""
    from meeple.bots.greedy import GreedyBot

    from .helpers import GREEN

    s = _assault_on_green(44, city=True)
    assert GreedyBot(seed=0).act(s, GREEN) == ("play", 44)
    s.apply(GREEN, ("pass",))
    assert s.legal_actions(RED) == [("siege",)]
    w = evaluation.weights(s)
    city = w[3] + w[2]
    assert s.evaluate()[GREEN] == pytest.approx(evaluation.people_value(s, GREEN) - (8 + 2) - city)
    assert s.evaluate()[RED] == pytest.approx(evaluation.people_value(s, RED) - w[2] + 8 + city)


def test_in_the_assault_a_defence_card_is_worth_what_it_saves_there():
    """A defence card held is worth its effect above its discard while the Attack is to come, but in an
    Assault on its holder it is worth what it changes in that Assault (counted ahead), not a later one."""
    s = _assault_on_green(44)
    from .helpers import GREEN

    w = evaluation.weights(s)
    assert evaluation.card_extra(s, GREEN, 44, w, evaluation.phase_step(s)) == 0.0
    assert evaluation.card_extra(s, 2, 44, w, evaluation.phase_step(s)) > 0.0  # Gray, not in this Assault


def test_at_the_end_of_age_one_the_greedy_bot_plays_totem_for_coins_carried_into_age_two():
    """Totem (23, End of the Age, 2 Coins: 6 Progress Points) against its 4-Coin discard, at the End of Age
    I: both are Coins carried into Age II, "added ... to the money not spent during the previous Age", on
    top of its 15 Coins and 5 cards, so worth a Coin beyond that income, and 6 points beat 6 such Coins.
    Until session 39 they were priced at Age II's Coin (1.47: 8.8 points), and the greedy bot discarded
    it (Totem was never played in 200 four-greedy games)."""
    from meeple.bots.greedy import GreedyBot

    doc = no_objectives(phase_doc(4, "end_cards"))
    doc["coins"][RED] = 6
    give(doc, RED, 23)
    s = load_doc(doc)
    assert 6 * evaluation.end_coin(s) < 6 < 6 * evaluation.WEIGHTS[2][0]
    assert GreedyBot(seed=0).act(s, RED) == ("play", 23)


def test_an_end_of_age_card_chosen_to_be_played_counts_as_the_reveal_will_play_it():
    """Step 2 of the End of the Age is secret and simultaneous: a card chosen to be played stays in the hand
    until every people is ready, then the reveal plays it; one chosen to be discarded, or left in the hand
    of a people that is ready, is discarded. Red (Totem, 23: 7 Progress Points for 2 Coins), with Green
    still choosing, counts Totem chosen to be played at its whole worth above its discard, and Totem
    discarded, or left when Red is done, at its discard alone. Until session 45 all three kept the hand
    share of that worth, and the greedy bot chose among them at random (unless its choice was the last)."""
    from meeple.bots.greedy import GreedyBot

    doc = no_objectives(phase_doc(4, "end_cards"))
    doc["coins"][RED] = 6
    give(doc, RED, 23)
    give(doc, GREEN, 10)
    s = load_doc(doc)
    share = evaluation.WEIGHTS[1][1]
    gain = 7 - (2 + 4) * evaluation.end_coin(s)
    assert gain > 0
    before = s.evaluate()[RED]

    def change(action: tuple) -> float:
        d = s.clone()
        d.apply(RED, action)
        return d.evaluate()[RED] - before

    assert change(("play", 23)) == pytest.approx((1 - share) * gain)
    assert change(("discard", 23)) == pytest.approx(-share * gain)
    assert change(("done",)) == pytest.approx(-share * gain)
    ranked = GreedyBot(seed=0).rank_actions(s, RED)
    assert ranked[0][0] == ("play", 23) and ranked[0][1] > ranked[1][1]


def _palisade(phase: str, coins: int, clans: dict[str, int], turn: int = 0) -> dict:
    """Red (first in turn order) holds Palisade (13, Expansion, 2 Coins: "Build 1 City in a Region where
    you have a Clan") alone, in `phase` of Age I, with `coins` and Clans in the named Regions."""
    doc = no_objectives(phase_doc(3, phase))
    doc["coins"][RED] = coins
    doc["turn"] = turn
    for name, k in clans.items():
        doc["clans"][RED][region(doc, name)] = k
    give(doc, RED, 13)
    return doc


def _without_palisade(doc: dict) -> float:
    """Red's estimate in the same position with Palisade back in its deck."""
    doc = json.loads(json.dumps(doc))
    doc["hands"][RED].remove(13)
    doc["decks"][0].append(13)
    return load_doc(doc).evaluate()[RED]


def test_a_city_card_held_in_growth_counts_the_city_a_clan_can_reach_this_expansion():
    """In Age I's Growth no Clan of Red's is out of its Homeland; with 15 Coins, once Palisade's 2 are
    paid, a Clan recruited at home can reach Red 3a (3 Moves) in the Expansion, where the City saves the
    recruits of the Ages to come 3 Moves each (`evaluation.CITY_MOVES`, 2 Clans of Age II and a stack of
    Age III). Until session 41 only a Region where a Clan stood counted: the card was worth its discard
    alone, and was always sold in Growth."""
    doc = _palisade("growth", 15, {})
    coin, share, clan, city = evaluation.weights(load_doc(doc))
    worth = city + clan + 3 * (2 + 1) * coin
    assert load_doc(doc).evaluate()[RED] - _without_palisade(doc) == pytest.approx(
        4 * coin + share * (worth - (2 + 4) * coin)
    )


def test_a_city_card_whose_cost_cannot_be_paid_is_worth_its_discard():
    """"No debt is allowed": with 1 Coin and no other card to sell, Red cannot pay Palisade's 2 Coins,
    though a Clan of its stands in Red 2a, where a City would save 2 Moves a recruit."""
    doc = _palisade("expansion", 1, {"Red 2a": 1})
    coin = evaluation.weights(load_doc(doc))[0]
    assert load_doc(doc).evaluate()[RED] - _without_palisade(doc) == pytest.approx(4 * coin)


def test_once_its_holders_expansion_turn_is_over_a_city_card_is_worth_its_discard():
    """A card is played in its phase, on your turn ("1 turn per player"): once Red has passed its
    Expansion (Green to play), Palisade cannot be played this Age, whatever its Clan in Red 2a and its 6
    Coins; while Red's turn is under way the same card is worth more than its discard."""
    during = load_doc(_palisade("expansion", 6, {"Red 2a": 1}))
    after = load_doc(_palisade("expansion", 6, {"Red 2a": 1}, turn=1))
    coin, share, clan, city = evaluation.weights(during)
    step = evaluation.phase_step(during)
    assert evaluation.card_extra(during, RED, 13, evaluation.weights(during), step) == pytest.approx(
        city + clan + 3 * 3 * coin - (2 + 4) * coin
    )
    assert evaluation.card_extra(after, RED, 13, evaluation.weights(after), evaluation.phase_step(after)) == 0.0


def test_the_greedy_bot_keeps_palisade_through_age_ones_growth():
    """Red has 15 Coins and Palisade in Age I's Growth. Until session 41 the card was sold in Growth to
    recruit (it counted no Region, no Clan of Red's being out of its Homeland); now Red keeps it, with the
    Coins to pay it and move a Clan where it builds."""
    s = load_doc(_palisade("growth", 15, {}))
    played = _greedy_phase(s, RED, "growth")
    assert 13 in s.hands[RED], played
    assert s.coins[RED] >= 2 + 2, played


def test_a_per_foreign_region_card_counts_the_regions_its_holders_clans_can_still_reach():
    """Spice Route (42, Age II, Expansion: "Take 2 Coins per Region of another Continent you occupy") held
    in Age II's Growth by Red, 3 Clans in its Homeland and no Region of another Continent: the nearest are
    4 Moves away ("1 Coin per Move"), so 15 Coins take a Clan into 3 of them (4 + 4 + 5 Moves), at most
    `FOREIGN_REGIONS`; 7 Coins take one. Until session 45 the card counted the Regions held as the board
    stood, none here: worth its discard alone, it was left as a pack's last cards and never played in 200
    four-greedy games."""
    doc = no_objectives(phase_doc(4, "growth", age=2))
    home = load_doc(doc).board.homelands[RED]
    doc["clans"][RED][home] = 3
    doc["coins"][RED] = 15
    give(doc, RED, 42)
    s = load_doc(doc)
    w = evaluation.weights(s)
    assert evaluation.region_count(s, RED, "foreign") == evaluation.FOREIGN_REGIONS == 3
    assert evaluation.card_extra(s, RED, 42, w, evaluation.phase_step(s)) == pytest.approx((2 * 3 - 4) * w[0])
    doc["coins"][RED] = 7
    s = load_doc(doc)
    assert evaluation.region_count(s, RED, "foreign") == 1
    assert evaluation.card_extra(s, RED, 42, w, evaluation.phase_step(s)) == 0.0
