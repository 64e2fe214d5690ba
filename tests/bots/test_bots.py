"""Bots on every registered game: legal actions only, seeded reproducibility, no peeking at hidden
information, the time budget, the move hint."""

from __future__ import annotations

import math

import pytest

from meeple.bots import make_bot, top_moves
from meeple.engine import Rng, load, play_match
from tests.bots.helpers import game_ids, play_decisions, player_counts, positions

SPECS = [
    "random",
    "greedy:samples=2",
    "greedy:samples=1,chain=0",
    "mcts:iterations=12,depth=3",
    "mcts:iterations=12,depth=0,norm=1",
    "mcts:iterations=12,depth=3,c=1.2,reward=rank",
    "mcts:iterations=12,depth=0,rollout=greedy,horizon=1,tree=1,prune=3,memo=1,crn=1,pick=value",
]


@pytest.mark.parametrize("game_id", game_ids())
def test_bots_return_only_legal_actions(game_id):
    for players in player_counts(game_id):
        for i, state in enumerate(positions(game_id, players, 3, seed=players)):
            before = state.to_json()
            for spec in SPECS:
                for p in state.to_move():
                    action = make_bot(spec, seed=i).act(state, p)
                    assert action in state.legal_actions(p), (game_id, players, spec, action)
            assert state.to_json() == before, "a bot changed the state it was asked about"


def _run(game_id: str, specs: list[str], decisions: int, seed: int) -> list:
    """`decisions` decisions of the given bots from a seeded random position, checked by apply()."""
    g = load(game_id)
    state = positions(game_id, len(specs), 1, seed=seed, max_steps=100)[0]
    history = play_decisions(state, [make_bot(spec, seed=11 + k) for k, spec in enumerate(specs)], decisions)
    assert g.id == state.game.id
    return history


@pytest.mark.parametrize("game_id", game_ids())
def test_bots_play_on_between_themselves(game_id):
    g = load(game_id)
    specs = (["greedy:samples=2", "mcts:iterations=10,depth=3", "random"] * 2)[: max(g.min_players, 2)]
    specs = specs[: g.max_players]
    assert len(_run(game_id, specs, 40, seed=3)) > 0


def test_whole_goofspiel_games_between_bots():
    g = load("goofspiel")
    for n in (2, 3, 5):
        specs = (["greedy", "mcts:iterations=30,depth=5", "random"] * 2)[:n]
        m = play_match(g, [make_bot(s, seed=k) for k, s in enumerate(specs)], seed=n)
        assert m.state.is_terminal()


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("spec", ["greedy:samples=2", "mcts:iterations=20,depth=4", "mcts:iterations=20,prune=3", "mcts:iterations=20,norm=1", "mcts:iterations=10,depth=3,rollout=greedy", "mcts:iterations=20,depth=2,rollout=greedy,memo=1,crn=1", "random"])
def test_seeded_bots_are_reproducible(game_id, spec):
    g = load(game_id)
    n = min(max(g.min_players, 2), g.max_players)
    assert _run(game_id, [spec] * n, 15, seed=5) == _run(game_id, [spec] * n, 15, seed=5)


def _hidden_twins(game_id: str, players: int, count: int):
    """Pairs (state, twin, player): the twin is a determinization of the state for `player`, i.e.
    the same to `player` and different in what `player` cannot see."""
    rng = Rng(99)
    for s in positions(game_id, players, count, seed=7):
        p = s.to_move()[-1]  # in a simultaneous choice, the last mover: others have chosen in secret
        twin = s.determinize(p, rng.fork())
        assert twin.view(p) == s.view(p)
        yield s, twin, p


def test_ismcts_ignores_hidden_pending_bids_goofspiel():
    """Goofspiel, 3 players: P1 and P2 have bid in secret; P3's decision must not depend on their
    bids. Twins differ only in those pending bids (prize deck order kept)."""
    g = load("goofspiel")
    for seed in range(6):
        s = g.new_state(3, seed)
        rng = Rng(seed)
        s.apply(0, rng.choice(s.legal_actions(0)))
        s.apply(1, rng.choice(s.legal_actions(1)))
        doc = s.to_json()
        doc["bids"] = [rng.choice(s.hands[0]), rng.choice(s.hands[1]), 0]
        twin = g.state_from_json(doc)
        assert twin.view(2) == s.view(2) and twin.bids != s.bids or doc["bids"] == s.bids
        for spec in ("mcts:iterations=60,depth=6", "greedy"):
            assert make_bot(spec, seed=seed).act(s, 2) == make_bot(spec, seed=seed).act(twin, 2)


@pytest.mark.parametrize("game_id", game_ids())
def test_ismcts_same_decision_when_only_hidden_information_differs(game_id):
    """Twins look the same to the deciding player and differ in what that player cannot see. The bots
    only see them through determinize(player, rng): when the game redraws hidden information as a
    function of the player's view and the rng alone, a seeded bot must decide the same on both.

    The contract (and the conformance suite) require determinize to depend only on the player's
    information, so twins must give identical determinizations here too."""
    g = load(game_id)
    if not g.hidden_information:
        pytest.skip("no hidden information")
    players = min(max(g.min_players, 3), g.max_players)
    for s, twin, p in _hidden_twins(game_id, players, 3):
        assert s.determinize(p, Rng(5)).to_json() == twin.determinize(p, Rng(5)).to_json(), (
            f"{game_id}: determinize(player, rng) depends on hidden information; sort hidden pools before shuffling"
        )
        for spec in ("mcts:iterations=30,depth=4", "greedy:samples=2"):
            a = make_bot(spec, seed=3).act(s, p)
            b = make_bot(spec, seed=3).act(twin, p)
            assert a == b, (game_id, spec, "decision depends on hidden information")


class _SteadyClock:
    """A clock that advances `tick` seconds at every reading: the search's stopping rule is checked
    without depending on how loaded the machine is (real times are the arena's report). The bot gets
    `share` of the CPU: its CPU time advances by share x tick."""

    def __init__(self, tick: float, share: float = 1.0) -> None:
        self.now = 0.0
        self.cpu = 0.0
        self.tick = tick
        self.share = share

    def perf_counter(self) -> float:
        self.now += self.tick
        self.cpu += self.share * self.tick
        return self.now

    def thread_time(self) -> float:
        return self.cpu


def test_time_budget_is_kept(monkeypatch):
    import meeple.bots.mcts as mcts

    clock = _SteadyClock(0.0002)
    monkeypatch.setattr(mcts, "time", clock)
    g = load("goofspiel")
    s = g.new_state(4, 1)
    bot = make_bot("mcts:seconds=0.1", seed=1)
    for _ in range(3):
        t0 = clock.now
        bot.act(s, 0)
        assert clock.now - t0 <= 0.1, "the search ran past its budget"
        assert bot.last_iterations > 10


def test_time_budget_margin_grows_on_a_busy_machine(monkeypatch):
    """With a third of a core, the search stops earlier (more room for a wait after its last look at
    the clock): it ends within 64% of the budget plus an iteration, against 88% with a core."""
    import meeple.bots.mcts as mcts

    g = load("goofspiel")
    s = g.new_state(4, 1)
    spent = {}
    for share in (1.0, 1 / 3):
        clock = _SteadyClock(0.0002, share)
        monkeypatch.setattr(mcts, "time", clock)
        bot = make_bot("mcts:seconds=0.1,early=0", seed=1)
        bot.act(s, 0)
        spent[share] = clock.now
    assert 0.08 < spent[1.0] <= 0.09
    assert 0.06 < spent[1 / 3] <= 0.066


class _BusyCpuClock(_SteadyClock):
    """The steady clock read by a search on its CPU time: each reading of the thread's CPU time
    advances it by `tick`, and the wall clock by `tick / share` (the bot gets `share` of a core)."""

    def thread_time(self) -> float:
        self.cpu += self.tick
        self.now += self.tick / self.share
        return self.cpu


def test_cpu_clock_searches_as_long_on_a_busy_machine(monkeypatch):
    """clock=cpu: `seconds` counts the search's CPU time, so with a third of a core the search still
    spends 80-90% of the budget in CPU time (as with a core to itself, test above), three times that
    on the wall clock."""
    import meeple.bots.mcts as mcts

    g = load("goofspiel")
    s = g.new_state(4, 1)
    clock = _BusyCpuClock(0.0002, 1 / 3)
    monkeypatch.setattr(mcts, "time", clock)
    bot = make_bot("mcts:seconds=0.1,early=0,clock=cpu", seed=1)
    bot.act(s, 0)
    assert 0.08 < clock.cpu <= 0.09
    assert 0.24 < clock.now <= 0.27
    assert bot.last_iterations > 10


def test_iteration_budget_is_exact():
    g = load("goofspiel")
    bot = make_bot("mcts:iterations=77,early=0", seed=1)
    bot.act(g.new_state(2, 1), 0)
    assert bot.last_iterations == 77


@pytest.mark.parametrize("game_id", ["goofspiel", "elgrande"])
def test_early_stop_plays_the_move_of_the_whole_budget(game_id):
    """Stopping once the leader cannot be caught changes no decision, only the iterations spent."""
    g = load(game_id)
    saved = 0
    for seed in range(8 if game_id == "goofspiel" else 4):
        s = g.new_state(3, seed)
        p = s.to_move()[0]
        full = make_bot("mcts:iterations=400,early=0", seed=seed)
        quick = make_bot("mcts:iterations=400", seed=seed)
        assert quick.act(s, p) == full.act(s, p)
        assert full.last_iterations == 400 and quick.last_iterations <= 400
        saved += 400 - quick.last_iterations
    if game_id == "goofspiel":  # few cards and clear leaders: the search settles early
        assert saved > 0


def test_prune_searches_only_the_best_root_actions_by_the_evaluation(monkeypatch):
    """prune=K: the root's visits go to the K actions the one-ply evaluation ranks best, no others."""
    import meeple.bots.mcts as mcts
    from meeple.bots.greedy import GreedyBot

    rankings = []  # what the search's own greedy ranking gave (its determinizations are its own)

    class Recording(GreedyBot):
        def rank_actions(self, state, player):
            rankings.append(super().rank_actions(state, player))
            return rankings[-1]

    monkeypatch.setattr(mcts, "GreedyBot", Recording)
    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    s.apply(p, next(a for a in s.legal_actions(p) if "city" in s.action_text(a)))
    legal = s.legal_actions(p)
    assert len(legal) > 8
    bot = make_bot("mcts:iterations=200,early=0,depth=0,prune=4", seed=2)
    root = bot.search(s, p)
    visited = {a for a, e in root.stats[p].items() if e[0]}
    assert len(visited) == 4 and visited == bot._allowed
    ranked = rankings[0]
    assert len(ranked) == len(s.bot_actions(p))
    fourth = ranked[3][1]
    values = dict(ranked)
    assert all(values[a] >= fourth - 1e-9 for a in visited), "the four best values (ties drawn at random)"
    wide = make_bot(f"mcts:iterations=50,early=0,prune={len(legal)}", seed=2)
    wide.search(s, p)
    assert wide._allowed is None, "no more actions than K: nothing pruned"


def test_greedy_rollouts_play_the_greedy_bots_moves():
    """rollout=greedy: every rollout move is the greedy bot's choice for its mover (seeded)."""
    from meeple.bots.greedy import GreedyBot

    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    bot = make_bot("mcts:iterations=30,depth=3,rollout=greedy", seed=1)
    assert isinstance(bot._rollout_bot, GreedyBot)
    seen = []
    pick = bot._rollout_bot.act

    def spy(state, player):
        a = pick(state, player)
        seen.append(a in state.legal_actions(player))
        return a

    bot._rollout_bot.act = spy
    assert bot.act(s, p) in s.legal_actions(p)
    assert len(seen) >= 30 and all(seen), "each of the 30 iterations rolls out with greedy moves"
    assert make_bot("mcts:iterations=30", seed=1)._rollout_bot is None


def test_lead_reward_still_moves_for_the_last_player():
    """Under `margin` the last player's reward is 0 whatever its own value (its lead over the spread);
    under `lead` the scale is the largest value, so the last player's reward follows its value."""
    from meeple.bots.common import rewards

    positions = ([46.0, 86.0, 50.0, 30.0], [46.0, 86.0, 50.0, 40.0], [46.0, 86.0, 50.0, 44.0])
    assert [rewards(v, "margin")[3] for v in positions] == [0.0, 0.0, 0.0]
    lead = [rewards(v, "lead")[3] for v in positions]
    assert 0.0 < lead[0] < lead[1] < lead[2] < 0.5
    top = rewards([46.0, 86.0, 50.0, 40.0], "lead")
    assert top[1] == pytest.approx(0.5 + 0.5 * 36 / 86) and all(0.0 <= r <= 1.0 for r in top)


def test_hint_top_moves():
    g = load("goofspiel")
    s = g.new_state(3, 2)
    before = s.to_json()
    hints = top_moves(s, 0, k=3, iterations=200)
    assert len(hints) == 3 and len({a for a, _ in hints}) == 3
    assert all(a in s.legal_actions(0) and 0.0 <= r <= 1.0 for a, r in hints)
    assert s.to_json() == before
    assert top_moves(s, 0, k=3, iterations=200) == hints  # seeded


def test_win_chances_are_a_softmax_of_the_estimates():
    from meeple.bots.common import win_chances

    chances = win_chances([10.0, 10.0 + 15.0, 10.0], 15.0)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == chances[2] and chances[1] / chances[0] == pytest.approx(math.e)  # 15 VP ahead: e x
    assert win_chances([3.0, 3.0, 3.0, 3.0], 5.0) == [0.25] * 4


def test_rio_hint_win_rates_come_from_the_temperature_and_leave_the_search_alone():
    """Río's search judges its leaves by the evaluation before the game ends (at the end of the game
    turn): its hint rates each leaf by a softmax of the estimates (data/evaluation.json), where the
    leader's share used to read 100% and everybody else's 0%."""
    from meeple.bots.mcts import MctsBot

    g = load("riodelaplata")
    s = g.new_state(4, 5)
    bots = [make_bot("greedy", seed=p, game=g) for p in range(4)]
    while s.turn < 2:  # into the third turn's placements: the estimates have drawn apart
        p = s.to_move()[0]
        s.apply(p, bots[p].act(s, p))
    p = s.to_move()[0]
    assert g.bot_defaults["mcts"]["temp"] == 15.0
    hints = top_moves(s, p, k=3, iterations=16)
    assert all(0.05 < r < 0.95 for _, r in hints), hints
    # the win chances are only shown: the same seed visits the same moves with or without them
    tuned = dict(g.bot_defaults["mcts"])
    plain = MctsBot(seed=0, iterations=16, **{**tuned, "temp": 0.0}).search(s, p)
    soft = MctsBot(seed=0, iterations=16, **tuned).search(s, p)
    visits = {a: e[0] for a, e in plain.stats[p].items()}
    assert visits == {a: e[0] for a, e in soft.stats[p].items()}
    assert sorted(set(e[3] / e[0] for e in plain.stats[p].values() if e[0])) != sorted(
        set(e[3] / e[0] for e in soft.stats[p].values() if e[0]))


def test_mcts_beats_random_in_goofspiel():
    g = load("goofspiel")
    wins = 0.0
    for k in range(10):
        bots = [make_bot("mcts:iterations=200", seed=k), make_bot("random", seed=1000 + k)]
        me = k % 2
        if me:
            bots.reverse()
        res = play_match(g, bots, seed=k, options={"cards": 8}).state.result()
        if res.ranks[me] == 1:
            wins += 1.0 / len(res.winners)
    assert wins >= 7


def test_normalized_ucb_follows_small_gaps_between_means():
    """Means 0.10 and 0.11 (a player far behind): on raw rewards the exploration term swamps the gap,
    rescaled to the node's own range the better action is chosen while visits are even."""
    from meeple.bots.mcts import _normalized_ucb

    stats = {("a",): [50, 5.0, 100, 0.0, -1.0], ("b",): [50, 5.5, 100, 0.0, -1.0], ("c",): [50, 5.2, 100, 0.0, -1.0]}
    assert _normalized_ucb(stats, [("a",), ("b",), ("c",)], 0.7) == ("b",)
    # a rarely visited action still gets explored
    stats[("a",)] = [1, 0.1, 100, 0.0, -1.0]
    assert _normalized_ucb(stats, [("a",), ("b",), ("c",)], 0.7) == ("a",)
    # all means equal: no division by zero, the first action
    even = {("a",): [5, 1.0, 9, 0.0, -1.0], ("b",): [5, 1.0, 9, 0.0, -1.0]}
    assert _normalized_ucb(even, [("a",), ("b",)], 0.7) == ("a",)


def _rounds_scored(monkeypatch) -> list:
    """The round (`game_round()`) of every position the search scores, in order, from now on."""
    import meeple.bots.mcts as mcts

    scored: list = []
    real = mcts.outcome

    def spy(d, *args):
        scored.append(d.game_round())
        return real(d, *args)

    monkeypatch.setattr(mcts, "outcome", spy)
    return scored


def test_horizon_ends_every_rollout_where_the_roots_round_ends(monkeypatch):
    """horizon=1: whatever `depth` says (0: no rollout), a rollout runs to the first position of the
    next round (`State.game_round()`) and stops there, so every leaf is judged at the same point of
    play (horizon=2: of the round after it); with `depth` instead, rollouts stop anywhere (here, rounds
    later)."""
    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    assert s.game_round() == 0
    scored = _rounds_scored(monkeypatch)
    make_bot("mcts:iterations=12,early=0,depth=0,horizon=1", seed=4).act(s, p)
    assert len(scored) == 12 and set(scored) == {1}, scored
    scored.clear()
    make_bot("mcts:iterations=12,early=0,depth=0,horizon=2", seed=4).act(s, p)  # the end of the next round
    assert len(scored) == 12 and set(scored) == {2}, scored
    scored.clear()
    make_bot("mcts:iterations=12,early=0,depth=400", seed=4).act(s, p)
    assert max(scored) > 1, scored
    # a game without rounds (game_round() is None): the horizon changes nothing
    goof = load("goofspiel").new_state(2, 1)
    scored.clear()
    make_bot("mcts:iterations=12,early=0,depth=0,horizon=1", seed=4).act(goof, 0)
    assert scored == [None] * 12


def test_tree_limits_the_levels_below_the_root():
    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]

    def levels(node) -> int:
        return 1 + max((levels(c) for c in node.children.values()), default=0) if node.children else 0

    flat = make_bot("mcts:iterations=200,early=0,depth=0,tree=1", seed=2).search(s, p)
    assert levels(flat) == 1 and sum(e[0] for e in flat.stats[p].values()) == 200
    assert levels(make_bot("mcts:iterations=200,early=0,depth=0,tree=2", seed=2).search(s, p)) == 2
    assert levels(make_bot("mcts:iterations=200,early=0,depth=0", seed=2).search(s, p)) > 2


def test_pick_value_plays_the_best_valued_root_action_not_the_most_visited():
    from meeple.bots.mcts import MctsBot, Node, _value

    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    bot = make_bot("mcts:iterations=150,depth=0,pick=value", seed=2)
    action = bot.act(s, p)
    assert bot.last_iterations == 150, "no early stop: it reasons on visits"
    root = make_bot("mcts:iterations=150,depth=0,pick=value", seed=2).search(s, p)
    stats = root.stats[p]
    assert action == max(stats, key=lambda a: _value(stats[a]) if stats[a][0] else -1.0)
    # where the most visited action is not the best valued one, the two picks part
    node = Node()
    node.stats[0] = {"a": [10, 5.0, 12, 0.0, -1.0], "b": [2, 1.6, 12, 0.0, -1.0], "c": [0, 0.0, 12, 0.0, -1.0]}
    assert [a for a, _ in MctsBot._ranked(node, ["c", "a", "b"], 0)] == ["a", "b", "c"]
    assert [a for a, _ in MctsBot._ranked(node, ["c", "a", "b"], 0, by_value=True)] == ["b", "a", "c"]


def test_horizon_does_not_count_a_rollout_the_clock_cut_short(monkeypatch):
    """horizon=1 with a time budget: a rollout stopped by the clock before its round ended would be
    judged mid-round, unlike the others, so it is not backed up (unless nothing else has been yet)."""
    import meeple.bots.mcts as mcts

    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    scored = _rounds_scored(monkeypatch)
    dropped = 0
    for late in range(290, 310):  # the look at the clock that comes 0.15 s late (the machine was busy)
        scored.clear()
        clock = _SteadyClock(0.0005)
        monkeypatch.setattr(mcts, "time", clock)
        looks = iter(range(late + 1))

        def perf_counter(clock=clock, looks=looks, late=late) -> float:
            if next(looks, None) == late:
                clock.now += 0.15
            return _SteadyClock.perf_counter(clock)

        clock.perf_counter = perf_counter
        bot = make_bot("mcts:seconds=0.2,depth=0,horizon=1,tree=1,pick=value", seed=4)
        bot.act(s, p)
        assert scored and 0 not in scored, f"a rollout judged before its round ended: {scored}"
        dropped += bot.last_iterations - len(scored)
    assert dropped > 0, "the stall never fell inside a rollout"


def test_crn_plays_the_nth_visit_of_every_root_action_with_the_same_future(monkeypatch):
    """crn=1 (common random numbers): the n-th iteration through a root action plays with the n-th
    future of chance of the search, whichever the action, so actions are compared on the same dice."""
    import meeple.bots.mcts as mcts
    from meeple.engine import Rng

    seeds: list[int] = []

    class Spy(Rng):
        def __init__(self, seed: int = 0) -> None:
            seeds.append(seed)
            super().__init__(seed)

    monkeypatch.setattr(mcts, "Rng", Spy)
    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    bot = mcts.MctsBot(seed=3, iterations=40, early=0, depth=2, tree=1, crn=1)
    root = bot.search(s, p)
    futures = sorted(x - bot._futures for x in seeds if 0 <= x - bot._futures < 1000)
    assert futures == sorted(n for e in root.stats[p].values() for n in range(e[0]))
    assert len(root.stats[p]) > 1 and max(e[0] for e in root.stats[p].values()) > 1
    plain = mcts.MctsBot(seed=3, iterations=40, early=0, depth=2, tree=1)
    seeds.clear()
    plain.search(s, p)
    assert len(seeds) == 0, "crn=0: every iteration keeps its determinization's own future"


def _rio_city_choice():
    """A Río de la Plata position where the player picks one of many city spaces."""
    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    s.apply(p, next(a for a in s.legal_actions(p) if "city" in s.action_text(a)))
    return s, p


def test_pruned_root_actions_are_tried_in_the_greedy_bots_order(monkeypatch):
    """prune=K: the root's actions are first tried best-ranked first, so a search with time for one
    rollout plays the greedy bot's move, and one with two compares its two best (by the search's own
    greedy ranking: the greedy bot samples the follow-ups of a wide step, so below its clear best move
    the order can differ from one seed to another)."""
    from meeple.bots.greedy import GreedyBot
    from meeple.bots.mcts import MctsBot

    orders: list[list] = []
    greedy_order = MctsBot._greedy_order

    def spy(self, state, player):
        orders.append(greedy_order(self, state, player))
        return orders[-1]

    monkeypatch.setattr(MctsBot, "_greedy_order", spy)
    s = load("riodelaplata").new_state(4, 3)
    p = s.to_move()[0]
    ranked = sorted((v for _, v in GreedyBot(seed=0).rank_actions(s, p)), reverse=True)
    assert ranked[0] > ranked[3] + 1e-9, "the four best differ: a random order could pick a worse one"
    values = dict(GreedyBot(seed=0).rank_actions(s, p))
    for seed in range(6):
        one = make_bot("mcts:iterations=1,early=0,depth=0,prune=4,pick=value", seed=seed)
        assert values[one.act(s, p)] == ranked[0]
        two = make_bot("mcts:iterations=2,early=0,depth=0,prune=4,pick=value", seed=seed)
        root = two.search(s, p)
        assert {a for a, e in root.stats[p].items() if e[0]} == set(orders[-1][:2])


def test_memo_needs_greedy_rollouts():
    from meeple.bots.mcts import MctsBot
    from meeple.bots.spec import BadBotSpec

    with pytest.raises(ValueError, match="rollout=greedy"):
        MctsBot(memo=1)
    with pytest.raises(BadBotSpec, match="memo"):
        make_bot("mcts:memo=2")


def test_memo_plays_each_stretch_up_to_chance_once():
    """memo=1: a rollout's stretch up to the next draw of chance is played once per position: every
    entry kept is a position and the move from it that draws, or a rollout's end; and the greedy bot
    chooses far fewer rollout moves than without it, for the same iterations."""
    from meeple.bots.mcts import MctsBot

    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    counts = []
    for memo in (0, 1):
        bot = MctsBot(seed=1, iterations=60, early=0, depth=0, rollout="greedy", horizon=1, tree=1, prune=3,
                      pick="value", memo=memo)
        calls = []
        pick = bot._rollout_bot.act
        bot._rollout_bot.act = lambda state, player, pick=pick, calls=calls: calls.append(1) or pick(state, player)
        root = bot.search(s, p)
        assert sum(e[0] for e in root.stats[p].values()) == 60
        counts.append(len(calls))
    assert counts[1] * 5 < counts[0], counts
    assert bot._memo
    for known in bot._memo.values():
        if known[0] is None:
            end = known[1]
            assert end.is_terminal() or end.game_round() != s.game_round(), "a stretch ends at the round's end"
        else:
            before, q, a, used = known
            after = before.clone()
            mark = after.rng.state
            after.apply(q, a)
            assert after.rng.state != mark and used >= 1, "a stretch ends with a move that draws"


def test_memo_stops_once_every_root_action_is_known_to_draw_nothing():
    """memo=1, tree=1: when no rollout draws (two placements of Río de la Plata throw no dice), each
    root action's rollout is the same every time: the search stops after one visit each."""
    from meeple.bots.mcts import MctsBot

    s, p = _rio_city_choice()
    bot = MctsBot(seed=1, iterations=100, early=0, depth=2, rollout="greedy", tree=1, prune=3, memo=1,
                  pick="value")
    root = bot.search(s, p)
    assert bot.last_iterations == 3 and sorted(e[0] for e in root.stats[p].values() if e[0]) == [1, 1, 1]
    plain = MctsBot(seed=1, iterations=100, early=0, depth=2, rollout="greedy", tree=1, prune=3, pick="value")
    plain.search(s, p)
    assert plain.last_iterations == 100


def test_position_key_leaves_out_the_random_state_and_what_only_reports_read():
    g = load("riodelaplata")
    s = g.new_state(4, 3)
    twin = s.clone()
    twin.rng = Rng(12345)
    twin.roll = 9  # the last war check's dice: shown, never read by the rules
    assert twin.position_key() == s.position_key() and twin.to_json() != s.to_json()
    p = s.to_move()[0]
    twin.apply(p, s.legal_actions(p)[0])
    assert twin.position_key() != s.position_key()


def test_fast_rollouts_skip_follow_ups_only_at_wide_decisions():
    """fast=N: a rollout decision with more than N legal actions is the greedy bot's one-ply choice
    (chain=0, no follow-ups); narrower ones keep the greedy bot's own look at follow-ups."""
    from meeple.bots.mcts import MctsBot

    s, p = _rio_city_choice()
    bot = MctsBot(seed=1, iterations=20, early=0, depth=6, rollout="greedy", fast=12)
    assert bot._fast_bot is not None and bot._fast_bot.chain == 0 and bot._rollout_bot.chain == 1
    widths = {"quick": [], "full": []}
    for name, guide in (("quick", bot._fast_bot), ("full", bot._rollout_bot)):
        pick = guide.act
        guide.act = lambda state, player, pick=pick, seen=widths[name]: (
            seen.append(len(state.legal_actions(player))) or pick(state, player))
    bot.search(s, p)
    assert widths["quick"] and min(widths["quick"]) > 12
    assert widths["full"] and max(widths["full"]) <= 12
    assert MctsBot(rollout="greedy")._fast_bot is None


def test_draws_sets_how_many_determinizations_a_greedy_rollout_decision_weighs():
    """draws=N: the greedy rollout bots (with and without follow-ups) average N determinizations a
    decision instead of the greedy bot's 4; the search plays its rollouts with them and stays legal.
    Off (0), the rollout bots are the greedy bot's own."""
    from meeple.bots.mcts import MctsBot

    game = load("genesia")
    s = next(x for x in positions("genesia", 4, 40, seed=5) if len(x.bot_actions(x.to_move()[0])) > 3)
    p = s.to_move()[0]
    bot = MctsBot(seed=1, iterations=12, early=0, depth=4, rollout="greedy", fast=1, draws=1)
    assert bot._rollout_bot.samples == 1 and bot._fast_bot.samples == 1
    weighed = []
    for guide in (bot._fast_bot, bot._rollout_bot):
        rank = guide.rank_actions
        guide.rank_actions = lambda state, player, rank=rank: (weighed.append(player) or rank(state, player))
    move = bot.act(s, p)
    assert move in s.bot_actions(p) and weighed  # the rollouts' moves were the greedy bots' (one draw each)
    plain = MctsBot(rollout="greedy", fast=1)
    assert plain._rollout_bot.samples == 4 and plain._fast_bot.samples == 4
    assert game.hidden_information  # so the draws matter: each is a determinization of the mover's view


def test_memo_is_kept_for_the_rest_of_the_round():
    """memo=1: the stretches played stay known while the round lasts: the next decision of the same
    round recalls them; a new round starts afresh."""
    from meeple.bots.mcts import MctsBot

    g = load("riodelaplata")
    s = g.new_state(4, 3)
    p = s.to_move()[0]
    assert len(s.legal_actions(p)) == 9
    bot = MctsBot(seed=1, iterations=30, early=0, depth=0, rollout="greedy", horizon=1, tree=1, pick="value",
                  memo=1)
    calls: list[int] = []
    pick = bot._rollout_bot.act
    bot._rollout_bot.act = lambda state, player: calls.append(1) or pick(state, player)
    root = bot.search(s, p)
    assert all(e[0] for e in root.stats[p].values()), "every action played through"
    kept = dict(bot._memo)
    first = len(calls)
    bot.search(s, p)
    assert all(bot._memo[k] is v for k, v in kept.items()), "what the first search played is kept"
    # only what chance brings anew (a war the first search's dice never called) is played again
    assert len(calls) - first < first / 5, (first, len(calls) - first)
    later = s.clone()
    while later.game_round() == s.game_round():
        q = later.to_move()[0]
        later.apply(q, later.legal_actions(q)[0])
    q = later.to_move()[0]
    bot.search(later, q)
    assert not set(kept) & set(bot._memo), "a new round: the old stretches are dropped"
    assert root.stats[p]


def test_judge_forecast_scores_cut_off_playouts_by_the_games_forecast():
    """judge=forecast: a playout cut off before the end is judged by `State.forecast()` (Río de la
    Plata's fitted forecast of the final scores at the start of a game turn), and by `evaluate()` in a
    game without one; the search stays legal and reproducible."""
    from meeple.bots.common import lead_rewards, outcome
    from meeple.bots.mcts import MctsBot

    g = load("riodelaplata")
    s = g.new_state(4, 5)
    bots = [make_bot("greedy", seed=p, game=g) for p in range(4)]
    while s.turn < 3:  # the fourth turn's start: the players' holdings differ
        p = s.to_move()[0]
        s.apply(p, bots[p].act(s, p))
    assert s.forecast() != pytest.approx(s.evaluate())
    assert outcome(s, "lead", 0.0, "forecast")[0] == pytest.approx(lead_rewards(s.forecast()))
    assert outcome(s, "lead")[0] == pytest.approx(lead_rewards(s.evaluate()))
    other = load("goofspiel").new_state(2, 1)
    assert outcome(other, "lead", 0.0, "forecast") == outcome(other, "lead")
    p = s.to_move()[0]
    tuned = {**g.bot_defaults["mcts"], "iterations": 12}
    judged = MctsBot(seed=0, judge="forecast", **tuned)
    a = judged.act(s, p)
    assert a in s.legal_actions(p) and MctsBot(seed=0, judge="forecast", **tuned).act(s, p) == a
    by_forecast = {b: e[1] for b, e in judged.search(s, p).stats[p].items() if e[0]}
    by_evaluation = {b: e[1] for b, e in MctsBot(seed=0, **tuned).search(s, p).stats[p].items() if e[0]}
    assert by_forecast != pytest.approx(by_evaluation)


def test_judge_own_scores_the_searcher_by_its_own_forecast():
    """judge=own: a cut-off playout is judged by `State.forecast(searcher)`, the searching player's own
    fit in Río de la Plata (the others by the forecast), and by `evaluate()` in a game without a
    forecast; the search stays legal and reproducible, and its values differ from judge=forecast's."""
    from meeple.bots.common import lead_rewards, outcome
    from meeple.bots.mcts import MctsBot

    g = load("riodelaplata")
    s = _rio_greedy_game_at_turn(3)
    p = s.to_move()[0]
    assert s.forecast(p) != pytest.approx(s.forecast())
    assert outcome(s, "lead", 0.0, "own", p)[0] == pytest.approx(lead_rewards(s.forecast(p)))
    other = load("goofspiel").new_state(2, 1)
    assert outcome(other, "lead", 0.0, "own", 0) == outcome(other, "lead")
    tuned = {**g.bot_defaults["mcts"], "iterations": 12}
    judged = MctsBot(seed=0, judge="own", **tuned)
    a = judged.act(s, p)
    assert a in s.legal_actions(p) and MctsBot(seed=0, judge="own", **tuned).act(s, p) == a
    by_own = {b: e[1] for b, e in judged.search(s, p).stats[p].items() if e[0]}
    by_forecast = {b: e[1] for b, e in MctsBot(seed=0, judge="forecast", **tuned).search(s, p).stats[p].items() if e[0]}
    assert by_own != pytest.approx(by_forecast)


def _rio_greedy_game_at_turn(turn: int):
    """Seed 5 of Río de la Plata among four greedy seats, at the start of game turn `turn`."""
    g = load("riodelaplata")
    s = g.new_state(4, 5)
    bots = [make_bot("greedy", seed=p, game=g) for p in range(4)]
    while s.turn < turn:
        p = s.to_move()[0]
        s.apply(p, bots[p].act(s, p))
    return s


def _movers_scored(monkeypatch, player: int) -> list[bool]:
    """Whether the searching player was to move in each position the search judged."""
    import meeple.bots.mcts as mcts

    real = mcts.outcome
    scored: list[bool] = []

    def spy(d, *args):
        scored.append(player in d.to_move())
        return real(d, *args)

    monkeypatch.setattr(mcts, "outcome", spy)
    return scored


def test_turn_ends_every_rollout_where_the_searchers_turn_ends(monkeypatch):
    """turn=1: a rollout goes on while the searching player is to move and stops at the first position
    where it is not (at most `depth` decisions), so a Genesia leaf is judged once the searcher's Growth
    turn (many small decisions: cards, recruits, `done`) is played out; with `depth` alone many leaves
    fall in the middle of it."""
    g = load("genesia")
    s = g.new_state(4, 5)
    greedy = make_bot("greedy", seed=1)
    while s.phase != "growth":
        q = s.to_move()[0]
        s.apply(q, greedy.act(s, q))
    p = s.to_move()[0]
    scored = _movers_scored(monkeypatch, p)
    make_bot("mcts:iterations=12,early=0,rollout=greedy,depth=20,turn=1", seed=4).act(s, p)
    assert len(scored) == 12 and not any(scored), scored
    scored.clear()
    make_bot("mcts:iterations=12,early=0,rollout=greedy,depth=4", seed=4).act(s, p)
    assert len(scored) == 12 and any(scored), scored
    from meeple.bots.spec import BadBotSpec

    with pytest.raises(BadBotSpec, match="turn=1"):
        make_bot("mcts:iterations=12,rollout=greedy,memo=1,turn=1")


def test_turn_ends_a_rollout_at_another_seats_decision_in_a_simultaneous_choice(monkeypatch):
    """turn=1 in a simultaneous choice (a Genesia draft pick): the last seat to choose is asked once the
    others have, and the next round opens with every seat to choose, itself among them. Its rollout
    ends there, where the next decision is another seat's; it does not play on through the rest of the
    draft, the searcher's own picks made by the rollout's greedy bot."""
    import meeple.bots.mcts as mcts

    g = load("genesia")
    s = g.new_state(4, 5)
    greedy = make_bot("greedy", seed=1)
    while not (s.phase == "draft" and s.to_move() == [3]):
        q = s.to_move()[0]
        s.apply(q, greedy.act(s, q))
    rollout_movers: list[int] = []
    real = mcts.MctsBot._guided

    def spy(self, d, p, legal):
        rollout_movers.append(p)
        return real(self, d, p, legal)

    monkeypatch.setattr(mcts.MctsBot, "_guided", spy)
    scored = _movers_scored(monkeypatch, 3)
    make_bot("mcts:iterations=12,early=0,rollout=greedy,depth=20,turn=1", seed=4).act(s, 3)
    assert len(scored) == 12
    assert 3 not in rollout_movers, rollout_movers
