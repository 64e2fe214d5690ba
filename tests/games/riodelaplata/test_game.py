"""The whole game: random games to the end, JSON documents, bad input."""

from __future__ import annotations

import pytest

from meeple.engine import BadState, IllegalAction, Rng
from meeple.games.riodelaplata import GAME

from .helpers import PRECIOUS, SILVER, STONE, WOOD, cell, deal, players, position


def play(n: int, seed: int, short: bool = False) -> tuple[int, object]:
    s = GAME.new_state(n, seed, {"short": short})
    s.log = False
    rng = Rng(seed + 99)
    steps = 0
    while not s.is_terminal():
        p = s.to_move()[0]
        acts = s.legal_actions(p)
        assert acts, "a player to move always has an action"
        s.apply(p, rng.choice(acts), check=steps % 7 == 0)
        if steps % 50 == 0:
            s.check_invariants()
        steps += 1
    return steps, s


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_end(n: int) -> None:
    for seed in range(2):
        steps, s = play(n, seed, short=seed == 1)
        r = s.result()
        assert len(r.scores) == n and min(r.ranks) == 1
        assert s.turn == (15 if seed == 1 else 20)


def test_json_round_trip_mid_game() -> None:
    s = GAME.new_state(4, 3)
    rng = Rng(5)
    for i in range(400):
        if s.is_terminal():
            break
        p = s.to_move()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
        if i % 40 == 0:
            t = GAME.state_from_json(s.to_json())
            assert t.to_json() == s.to_json()
            assert t.legal_actions(p) == s.legal_actions(p) or t.to_move() != [p]
            c = s.clone()
            assert c.to_json() == s.to_json()


def test_a_document_written_before_roads_held_still_loads() -> None:
    """`roads_held` came in session 48 (the bots' Roads lead): a whole document saved before it, like a game
    kept in the server's store, loads with no one's Roads spaces counted; an edited one is checked."""
    s = GAME.new_state(4, 3)
    rng = Rng(5)
    for _ in range(200):
        p = s.to_move()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    old = s.to_json()
    del old["roads_held"]
    assert GAME.state_from_json(old).roads_held == [0, 0, 0, 0]
    with pytest.raises(BadState, match="roads_held"):
        GAME.state_from_json(dict(old, roads_held=[1, 2]))


def test_replay_is_exact() -> None:
    a = GAME.new_state(3, 11)
    rng = Rng(1)
    history = []
    while not a.is_terminal():
        p = a.to_move()[0]
        act = rng.choice(a.legal_actions(p))
        history.append((p, act))
        a.apply(p, act, check=False)
    b = GAME.new_state(3, 11)
    for p, act in history:
        b.apply(p, act)
    assert a.state_hash() == b.state_hash()


def test_bad_documents_are_refused_clearly() -> None:
    with pytest.raises(BadState, match="Plaza Mayor"):
        position(2, buildings=[[4 * 16 + 7, 1, 0]])
    with pytest.raises(BadState, match="9 workers"):
        position(2, workers=[[54, 0, 3]], players=[{"free": 9}, {}])
    with pytest.raises(BadState, match="order"):
        position(3, order=[0, 0, 1])
    with pytest.raises(BadState, match="phase"):
        position(2, phase="lunch")
    with pytest.raises(BadState, match="count 1..3"):
        position(2, workers=[[54, 0, 4]])


def test_illegal_actions_name_the_rule() -> None:
    s = position(2)
    with pytest.raises(IllegalAction, match="only a trade offer may be made while another player decides"):
        s.apply(1, ("done",))
    with pytest.raises(IllegalAction, match="not Green's turn"):
        position(2, pick=["money"]).apply(1, ("offer", 0))
    with pytest.raises(IllegalAction, match="only in the placement phase"):
        position(2, phase="effect").apply(0, ("field", 1))
    s = position(2, players=[{"bid": 3}, {}], offices={"owner": [-1] * 12, "turn": [-1] * 12,
                                                      "bid": [-1, -1, -1, 0] + [-1] * 8})
    s.apply(0, ("money",))
    with pytest.raises(IllegalAction, match="one Public Office"):
        s.apply(0, ("bid",))


def test_view_is_public_and_json_ready() -> None:
    import json

    s = GAME.new_state(3, 1)
    assert s.view(0) == s.view(None) and json.dumps(s.view(2))
    assert s.prompt(s.to_move()[0]).startswith("1580")
    assert all(isinstance(s.action_text(a), str) for a in s.legal_actions(s.to_move()[0]))


def test_evaluate_values_houses_and_pending_offices() -> None:
    from meeple.games.riodelaplata.board import HOUSE

    s = position(2, buildings=[[54, HOUSE, 0]])
    e = s.evaluate()
    assert len(e) == 2 and e[0] > e[1]
    fine = position(2, players=[{"bid": 9}, {}], offices={"owner": [-1] * 12, "turn": [-1] * 12,
                                                         "bid": [-1] * 9 + [0, -1, -1]})
    assert fine.evaluate()[0] < position(2).evaluate()[0], "a bid that cannot be paid means a fine"


def test_evaluate_rewards_each_step_from_builders_to_house() -> None:
    """Two builders < the Hut they build; the Hut, one builder, a wood and a stone < the House."""
    from meeple.games.riodelaplata.board import HOUSE, HUT

    kit = [{"silver": 2, "wood": 1, "stone": 1}, {}]
    spent = [{"silver": 2, "wood": 0, "stone": 0}, {}]
    builders = position(2, players=kit, workers=[[54, 0, 2]]).evaluate()[0]
    hut = position(2, players=kit, buildings=[[54, HUT, 0]]).evaluate()[0]
    hut_and_builder = position(2, players=kit, buildings=[[54, HUT, 0]], workers=[[54, 0, 1]]).evaluate()[0]
    house = position(2, players=spent, buildings=[[54, HOUSE, 0]]).evaluate()[0]
    assert builders < hut < hut_and_builder < house


def test_evaluate_counts_a_grid_space_by_how_full_its_grid_is() -> None:
    """A Palace space (4 VP) on an empty grid counts GRID_BASE of its VP and 1/7 of the rest (4 players:
    7 spaces), since only a completed grid pays; on a grid one space short of completion GRID_BASE and 6/7
    of the rest; after the last game turn's placements a grid still open counts nothing."""
    from meeple.games.riodelaplata.evaluation import GRID_BASE

    b = GRID_BASE[0]
    kit = [{"silver": 2, "wood": 1, "stone": 1}] + [{}] * 3
    spent = [{"silver": 2, "wood": 0, "stone": 0}] + [{}] * 3

    def grids(palace: list[int]) -> list[list[int]]:  # the other grids empty, as set up
        return [palace] + [list(g) for g in position(4).grid[1:]]

    before = position(4, players=kit, grids=grids([-1] * 7)).evaluate()[0]
    alone = position(4, players=spent, grids=grids([0] + [-1] * 6))
    assert alone.evaluate()[0] == pytest.approx(before - 0.6 + 4 * (b + (1 - b) / 7))
    full = position(4, players=spent, grids=grids([0, 1, 2, 3, 1, 2, -1])).evaluate()[0]
    assert full == pytest.approx(before - 0.6 + 4 * (b + (1 - b) * 6 / 7))
    last = {"turn": 19, "phase": "effect"}
    open_grid = position(4, players=spent, grids=grids([0, 1, 2, 3, 1, 2, -1]), **last).evaluate()[0]
    assert open_grid == pytest.approx(position(4, players=spent, **last).evaluate()[0])


def test_evaluate_counts_the_tokens_still_fighting_a_war() -> None:
    """Each attacker token (on the map or still to deploy) is worth ATTACKER_TOKEN to the attacking
    player, each defender token DEFENDER_TOKEN to its owner, until the war is over."""
    from meeple.games.riodelaplata.evaluation import ATTACKER_TOKEN, DEFENDER_TOKEN

    from .helpers import OUT, A, war_position

    calm = war_position(3, [], attacker=2).evaluate()
    s = war_position(3, [[cell(3, 3), [0, 0]], [cell(4, 4), [1, 0]], [OUT + 0, [A, A, A]]], attacker=2,
                     war={"pool": 2})
    e = s.evaluate()
    assert e[0] == pytest.approx(calm[0] + 3 * DEFENDER_TOKEN)
    assert e[1] == pytest.approx(calm[1] + DEFENDER_TOKEN)
    assert e[2] == pytest.approx(calm[2] + 5 * ATTACKER_TOKEN)
    over = war_position(3, [[cell(3, 3), [0, 0]]], attacker=2, stage="keep", war={"keep": 0})
    assert over.evaluate()[0] == pytest.approx(calm[0]), "a war that is over: its tokens fight no more"


def test_evaluate_counts_an_offer_good_for_both_as_accepted_and_any_other_as_a_nuisance() -> None:
    """A gift or a lopsided offer costs its maker OFFER_NUISANCE (so bots do not pester people with
    offers nobody wants); a deal the evaluation finds good for both sides counts as accepted."""
    from meeple.games.riodelaplata.evaluation import OFFER_MARGIN, OFFER_NUISANCE, deal_gains

    calm = position(3, phase="effect", players=players(3, p1={"precious": 1})).evaluate()
    gift = position(3, phase="effect", players=players(3, p1={"precious": 1}),
                    trade=deal(0, 1, {SILVER: 2})).evaluate()  # 2 silver for nothing
    assert gift[0] == pytest.approx(calm[0] - OFFER_NUISANCE) and gift[1] == pytest.approx(calm[1])
    bad = position(3, phase="effect", players=players(3, p1={"precious": 1}),
                   trade=deal(0, 1, {WOOD: 1}, {PRECIOUS: 1})).evaluate()  # a wood for a precious
    assert bad[0] == pytest.approx(calm[0] - OFFER_NUISANCE) and bad[1:] == pytest.approx(calm[1:])
    # Green stands on the Gunner (5 silver, 7 VP) with 4 silver: a silver for his precious spares him the fine
    offices = {"owner": [-1] * 12, "turn": [0] * 12, "bid": [1] + [-1] * 11}
    short = players(3, p1={"silver": 4, "precious": 1, "vp": 7, "bid": 0})
    calm = position(3, phase="effect", players=short, offices=offices).evaluate()
    terms = deal(0, 1, {SILVER: 1}, {PRECIOUS: 1})
    both = position(3, phase="effect", players=short, offices=offices, trade=terms)
    gains = deal_gains(both, 0, 1, terms)
    assert min(gains) >= OFFER_MARGIN
    assert both.evaluate()[:2] == pytest.approx([calm[0] + gains[0], calm[1] + gains[1]])


def test_bots_weigh_only_offers_good_for_both_sides() -> None:
    """A bot's trade offer is a question to a person: `bot_actions` keeps an offer (and its terms) only
    where a deal is good for both sides, and the money menu only when it holds something worth doing."""
    from meeple.games.riodelaplata.evaluation import deal_gains, good_for_both

    offices = {"owner": [-1] * 12, "turn": [0] * 12, "bid": [1] + [-1] * 11}
    short = players(3, p1={"silver": 4, "precious": 1, "vp": 7, "bid": 0})  # Green is a silver short of the Gunner
    money = position(3, phase="effect", players=short, offices=offices, pick=["money"])
    assert {("offer", 1), ("offer", 2)} <= set(money.legal_actions(0))
    assert ("offer", 1) in money.bot_actions(0) and ("offer", 2) not in money.bot_actions(0)
    asked = position(3, phase="effect", players=short, offices=offices, trade=deal(0, 1, stage=0))
    while asked.trade[2] != 1:  # one step at a time towards the best deal good for both (1: proposed)
        steps = asked.bot_actions(0)
        assert len(steps) == 1 and steps[0][0] in ("add", "give", "ask", "propose")
        asked.apply(0, steps[0])
    assert good_for_both(deal_gains(asked, 0, 1, asked.trade))
    stray = position(3, phase="effect", players=short, offices=offices, trade=deal(0, 1, ask={STONE: 1}, stage=0))
    assert stray.bot_actions(0) == [("withdraw",)], "a bundle that is no deal good for both is withdrawn"
    none = position(3, phase="effect", players=short, offices=offices, trade=deal(0, 2, stage=0))
    assert none.bot_actions(0) == [("withdraw",)]
    calm = position(3, phase="effect", players=players(3, p0={"silver": 0}))
    assert ("money",) in calm.legal_actions(0) and ("money",) not in calm.bot_actions(0)


def test_evaluate_values_the_place_in_the_next_order_and_having_attacked() -> None:
    """A worker on the order track puts its player first in the next turn's order: early in the game
    that is worth ORDER_SHARE of the fitted weight per place gained, relative to the table; late in the game a player
    who has attacked already is worth the fitted `attacked` weight less (both from data/evaluation.json)."""
    from meeple.games.riodelaplata.evaluation import ORDER_SHARE, ORDER_WEIGHTS

    # the whole game still to come; one turn's place is ORDER_SHARE of the fitted weight
    per_place = ORDER_SHARE * (ORDER_WEIGHTS["place"][0] + ORDER_WEIGHTS["place"][1])
    calm = position(3).evaluate()
    first = position(3, players=[{}, {}, {"order_add": 1}]).evaluate()  # next order: 2, 0, 1
    assert first[2] - calm[2] == pytest.approx(-2 * per_place)
    assert first[0] - calm[0] == pytest.approx(per_place) and first[1] - calm[1] == pytest.approx(per_place)
    assert per_place < 0, "early in the game, the first place is the best"
    late = position(3, turn=19).evaluate()
    attacked = position(3, turn=19, players=[{"attacked": 1}, {}, {}]).evaluate()
    weight = ORDER_WEIGHTS["attacked"][0] + ORDER_WEIGHTS["attacked"][1] / 20
    assert attacked[0] - late[0] == pytest.approx(weight * 2 / 3) and weight < -8
    over = position(3, turn=19, phase="over")
    assert over.evaluate() == pytest.approx(position(3, turn=19, phase="over", order=[2, 1, 0]).evaluate()), \
        "the game is over: no next turn"


def test_evaluate_draws_defenders_to_attackers_and_attackers_to_buildings() -> None:
    """NEAR per token and per step closer than REACH: a defender pair two steps from an attacker gains
    2 x NEAR x (REACH - 2) over one out of reach; an attacker next to a House NEAR x (REACH - 1)."""
    from meeple.games.riodelaplata.board import HOUSE
    from meeple.games.riodelaplata.evaluation import NEAR, REACH

    from .helpers import A, war_position

    far = war_position(3, [[cell(2, 2), [0, 0]], [cell(8, 12), [A]]], attacker=2).evaluate()
    near = war_position(3, [[cell(6, 12), [0, 0]], [cell(8, 12), [A]]], attacker=2).evaluate()
    assert near[0] - far[0] == pytest.approx(2 * NEAR * (REACH - 2))
    house = [[cell(5, 5), HOUSE, 1]]
    away = war_position(3, [[cell(9, 15), [A]]], attacker=2, buildings=house).evaluate()
    close = war_position(3, [[cell(5, 6), [A]]], attacker=2, buildings=house).evaluate()
    assert close[2] - away[2] == pytest.approx(NEAR * (REACH - 1))


def test_greedy_defender_buys_a_token_worth_its_price() -> None:
    """With tokens valued, the first paid defender (1 silver) is worth its price; without the war term a
    greedy defender never recruited (silver counted, tokens not)."""
    from meeple.bots.greedy import GreedyBot
    from meeple.games.riodelaplata.board import HUT

    from .helpers import war_position

    home = cell(2, 2)
    s = war_position(3, [], attacker=2, stage="recruit", buildings=[[home, HUT, 0]],
                     war={"rec": 0, "rec_free": 0}, players=[{"silver": 3}, {}, {"attacked": 1}])
    assert GreedyBot(seed=1).act(s, 0) == ("recruit", home)
    s = war_position(3, [], attacker=2, stage="recruit", buildings=[[home, HUT, 0]],
                     war={"rec": 0, "rec_free": 0, "rec_paid": 3}, players=[{"silver": 9}, {}, {"attacked": 1}])
    assert GreedyBot(seed=1).act(s, 0) == ("done",), "the fourth paid token (4 silver) is not"


def test_typos_and_bad_activations_in_documents() -> None:
    with pytest.raises(BadState, match="unknown field"):
        position(2, players=[{"silve": 3}, {}])
    with pytest.raises(BadState, match="activation"):
        position(2, activations=[[54, 0]])


def test_prompts_and_texts_through_a_whole_game() -> None:
    s = GAME.new_state(3, 4)
    rng = Rng(8)
    stages = set()
    while not s.is_terminal():
        p = s.to_move()[0]
        assert s.prompt(p)
        acts = s.legal_actions(p)
        assert all(s.action_text(a) for a in acts)
        if s.war is not None:
            stages.add(s.war.stage)
        s.apply(p, rng.choice(acts), check=False)
    assert {"deploy", "recruit", "move"} <= stages
    assert s.prompt(0) == "The game is over"


def test_edited_war_tile_trade_and_pick_fields_are_checked() -> None:
    """An edited document that the game could not continue from is refused with BadState at load time
    (the review's fuzzing found these reaching legal_actions as IndexError / TypeError)."""
    from .helpers import war_position

    with pytest.raises(BadState, match="pieces"):
        position(2, tile=[1])
    with pytest.raises(BadState, match="trade"):
        position(2, trade=[0, 0, 0, 1, 0, 0])
    with pytest.raises(BadState, match="each good one way"):
        position(2, trade=deal(0, 1, {WOOD: 1}, {WOOD: 1}))
    with pytest.raises(BadState, match="only what each side holds"):
        position(2, trade=deal(0, 1, {SILVER: 3}))
    with pytest.raises(BadState, match="only what each side holds"):
        position(2, trade=deal(0, 1, {4: 1}))
    with pytest.raises(BadState, match="pick"):
        position(2, pick=["zone", 7])
    with pytest.raises(BadState, match="3 integers"):
        position(2, buildings=[[54, 1, 1.5]])
    with pytest.raises(BadState, match="tally"):
        position(2, tally={"offer": [1]})
    with pytest.raises(BadState, match="defenders"):
        war_position(3, [[54, [1]]], war={"defenders": []})
    with pytest.raises(BadState, match="mover"):
        war_position(3, [[54, [1]]], war={"mover": 9})
    with pytest.raises(BadState, match="keep"):
        war_position(3, [[54, [1]]], stage="keep", war={"keep": -5})
    with pytest.raises(BadState, match="attacking player"):
        war_position(3, [[54, [0]]], attacker=0)
    with pytest.raises(BadState, match="bid"):
        position(2, players=[{"bid": 999}, {}])
    with pytest.raises(BadState, match="offices.bid"):
        position(2, players=[{"bid": 3}, {}])
    s = war_position(3, [[54, [1]], [70, [-1]]])
    assert s.legal_actions(s.to_move()[0])
