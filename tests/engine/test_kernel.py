"""The engine's own pieces: RNG, action space, options, ranking, state documents, records."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.engine import (
    ActionSpace,
    BadOption,
    BadRecord,
    BadState,
    IllegalAction,
    Joint,
    Option,
    Result,
    Rng,
    SearchRng,
    UnknownGame,
    action_from_json,
    action_to_json,
    parse_option_pairs,
    ranks_from_keys,
)
from meeple.engine.record import check_record, make_record, replay, verify


def test_rng_is_reproducible_and_copies_independently() -> None:
    a, b = Rng(7), Rng(7)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    c = a.copy()
    assert a.next64() == c.next64()
    d = a.fork()
    assert d.state != a.state


def test_search_rng_is_reproducible_copies_and_forks_a_plain_rng() -> None:
    """A search's C-backed generator: same seed, same draws; a copy draws what the original draws;
    a fork is a plain `Rng` (one integer), as a determinized state's generator must be."""
    a, b = SearchRng(7), SearchRng(7)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    assert all(0 <= a.below(3) < 3 for _ in range(100))
    c = a.copy()
    assert [a.random() for _ in range(5)] == [c.random() for _ in range(5)]
    d = a.fork()
    assert type(d) is Rng and isinstance(d.state, int)
    with pytest.raises(ValueError):
        a.below(0)


@pytest.mark.parametrize("make", [Rng, SearchRng])
def test_rng_below_is_roughly_uniform(make: type[Rng]) -> None:
    rng = make(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die() - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_rng_rejects_an_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng(0).below(0)


def test_rng_below_takes_bounds_up_to_two_to_the_64() -> None:
    """Beyond 2**64 a 64-bit draw cannot be uniform (the rejection loop would never end): refused."""
    rng = Rng(3)
    assert all(0 <= rng.below(2**64) < 2**64 for _ in range(20))
    assert all(0 <= rng.below(2**63 + 1) <= 2**63 for _ in range(200))
    with pytest.raises(ValueError, match="from 1 to 2"):
        rng.below(2**64 + 1)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=50))
def test_shuffle_is_a_permutation(seed: int, n: int) -> None:
    for make in (Rng, SearchRng):
        xs = list(range(n))
        make(seed).shuffle(xs)
        assert sorted(xs) == list(range(n))


SPACE = ActionSpace([("pass",), ("place", range(5), range(1, 4)), ("name", ("a", "b"))])


def test_action_space_size_and_round_trip() -> None:
    assert SPACE.size == 1 + 15 + 2
    codes = set()
    for action in [("pass",), ("place", 0, 1), ("place", 4, 3), ("name", "b")]:
        code = SPACE.encode(action)
        codes.add(code)
        assert SPACE.decode(code) == action
    assert len(codes) == 4
    assert [SPACE.decode(i) for i in range(SPACE.size)] == sorted(
        [SPACE.decode(i) for i in range(SPACE.size)], key=SPACE.encode
    )


@pytest.mark.parametrize("bad", [("place", 9, 1), ("fly",), ("place", 1), ("pass", 3)])
def test_action_space_refuses_actions_outside_it(bad: tuple) -> None:
    with pytest.raises(IllegalAction, match="outside"):
        SPACE.encode(bad)


def test_action_space_refuses_codes_outside_it() -> None:
    with pytest.raises(IllegalAction, match="outside 0..17"):
        SPACE.decode(18)


JOINT = ActionSpace([("pass",), ("move", Joint([(0, 1), (1, 0), (1, 2)]), range(2)), ("enter", range(3), Joint([(7,)]))])


def test_a_joint_domain_numbers_only_its_tuples() -> None:
    assert JOINT.size == 1 + 3 * 2 + 3
    assert [JOINT.decode(i) for i in range(JOINT.size)] == [
        ("pass",), ("move", 0, 1, 0), ("move", 0, 1, 1), ("move", 1, 0, 0), ("move", 1, 0, 1), ("move", 1, 2, 0),
        ("move", 1, 2, 1), ("enter", 0, 7), ("enter", 1, 7), ("enter", 2, 7),
    ]
    assert [JOINT.encode(JOINT.decode(i)) for i in range(JOINT.size)] == list(range(JOINT.size))


@pytest.mark.parametrize("bad", [("move", 0, 2, 0), ("move", 0, 1), ("move", 0, 1, 0, 0), ("move", (0, 1), 0),
                                 ("enter", 0, 8), ("enter", 0)])
def test_a_joint_domain_refuses_tuples_outside_it(bad: tuple) -> None:
    with pytest.raises(IllegalAction, match="outside"):
        JOINT.encode(bad)


@pytest.mark.parametrize("values", [[(0, 1), (0, 1)], [(0, 1), (2,)], [()], []])
def test_a_joint_domain_of_uneven_tuples_or_a_tuple_twice_is_refused(values: list) -> None:
    with pytest.raises(ValueError):
        ActionSpace([("x", Joint(values))])


def test_a_plain_domain_holding_a_value_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([("x", range(2), [3, 3])])


_plain = st.lists(st.integers(-5, 20), min_size=1, max_size=4, unique=True)
_joint = st.integers(1, 3).flatmap(
    lambda w: st.lists(st.tuples(*[st.integers(0, 4)] * w), min_size=1, max_size=6, unique=True).map(Joint)
)


@given(st.lists(st.lists(st.one_of(_plain, _joint), max_size=3), min_size=1, max_size=4))
def test_action_space_codes_and_actions_are_inverse_with_joint_domains(verbs: list[list]) -> None:
    space = ActionSpace([(f"v{i}", *domains) for i, domains in enumerate(verbs)])
    expected = 0
    for domains in verbs:
        count = 1
        for d in domains:
            count *= len(d)
        expected += count
    assert space.size == expected
    actions = [space.decode(code) for code in range(space.size)]
    assert len(set(actions)) == space.size
    assert [space.encode(a) for a in actions] == list(range(space.size))
    for i, domains in enumerate(verbs):  # each action's arguments: one value of each plain domain, a
        for a in actions:  # tuple of each joint one, in the grammar's order
            if a[0] != f"v{i}":
                continue
            rest = list(a[1:])
            for d in domains:
                if isinstance(d, Joint):
                    assert tuple(rest[:d.width]) in d.values
                    rest = rest[d.width:]
                else:
                    assert rest.pop(0) in d
            assert rest == []


def test_action_json_round_trip_with_nesting() -> None:
    action = ("trade", 1, ("wood", 2), True)
    doc = json.loads(json.dumps(action_to_json(action)))
    assert action_from_json(doc) == action


@pytest.mark.parametrize("doc", [{}, [], [3], "pass", ["x", {"a": 1}], ["x", 1.5]])
def test_action_from_json_refuses_non_actions(doc: object) -> None:
    with pytest.raises(IllegalAction):
        action_from_json(doc)


def test_options_parse_and_refuse() -> None:
    opts = (
        Option("short", False, "short game", kind=bool),
        Option("level", "easy", "difficulty", choices=("easy", "hard")),
        Option("cards", 5, "cards", kind=int, minimum=1, maximum=9),
    )
    from meeple.engine import parse_options

    assert parse_options(opts, {"short": "true", "cards": "3"}) == {
        "short": True,
        "level": "easy",
        "cards": 3,
    }
    with pytest.raises(
        BadOption, match="unknown option 'speed'; this game's options are: cards, level, short"
    ):
        parse_options(opts, {"speed": "1"})
    with pytest.raises(BadOption, match="allowed: easy|hard"):
        parse_options(opts, {"level": "medium"})
    with pytest.raises(BadOption, match=r"allowed: an integer 1\.\.9"):
        parse_options(opts, {"cards": "10"})
    with pytest.raises(BadOption, match="allowed: true|false"):
        parse_options(opts, {"short": "maybe"})
    with pytest.raises(BadOption, match="KEY=VALUE"):
        parse_option_pairs(["short"])


def test_ranks_share_places_on_ties() -> None:
    assert ranks_from_keys([(5,), (7,), (5,), (1,)]) == [2, 1, 2, 4]
    assert ranks_from_keys([(5, 1), (5, 2)]) == [2, 1]
    r = Result.from_scores([3, 3, 1], tiebreaks=[{"money": 2}, {"money": 2}, {"money": 9}])
    assert r.ranks == [1, 1, 3] and r.winners == [0, 1]


def test_unknown_game_names_the_registered_ones() -> None:
    with pytest.raises(UnknownGame, match="registered games: .*goofspiel"):
        meeple.load("chess")


def test_wrong_player_count_is_refused() -> None:
    with pytest.raises(BadOption, match="2 to 5 players"):
        meeple.load("goofspiel").new_state(1)


def test_state_document_errors_are_clear() -> None:
    game = meeple.load("goofspiel")
    doc = game.new_state(2, 3).to_json()
    with pytest.raises(BadState, match="not of 'goofspiel'"):
        game.state_from_json({**doc, "game": "doge"})
    with pytest.raises(BadState, match="'scores' must have 2 items"):
        game.state_from_json({**doc, "scores": [0]})
    with pytest.raises(BadState, match="prize cards must be 1..13 once each"):
        game.state_from_json({**doc, "prizes": doc["prizes"][:-1]})
    with pytest.raises(BadState, match="'hands' missing"):
        game.state_from_json({k: v for k, v in doc.items() if k != "hands"})
    with pytest.raises(BadState, match="unknown option"):
        game.state_from_json({**doc, "options": {"jokers": 2}})


def test_illegal_action_leaves_state_unchanged_and_says_why() -> None:
    s = meeple.load("goofspiel").new_state(2, 1, {"cards": 3})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="you do not hold card 7; your hand is \\[1, 2, 3\\]"):
        s.apply(0, ("bid", 7))
    s.apply(0, ("bid", 2))
    with pytest.raises(IllegalAction, match="not P1's turn; waiting for P2"):
        s.apply(0, ("bid", 1))
    assert s.to_json()["bids"] == [2, 0] and before["bids"] == [0, 0]


def test_simultaneous_bids_stay_hidden_until_revealed() -> None:
    s = meeple.load("goofspiel").new_state(3, 1, {"cards": 4})
    s.apply(0, ("bid", 4))
    assert s.view(0)["my_bid"] == 4
    assert s.view(1)["my_bid"] == 0 and "bids" not in s.view(1)
    assert s.to_move() == [1, 2]


def _played(seed: int = 3) -> tuple:
    from meeple.bots import make_bot
    from meeple.engine import play_match

    game = meeple.load("goofspiel")
    m = play_match(game, [make_bot("random", 1), make_bot("random", 2)], seed=seed, options={"cards": 5})
    return m, make_record(m.state, m.seats, m.seed, m.history)


def test_record_replays_to_the_same_hash() -> None:
    m, record = _played()
    doc = json.loads(json.dumps(record))
    assert set(doc) >= {"game", "version", "options", "seats", "seed", "actions", "result", "final_hash"}
    assert verify(doc).state_hash() == m.state.state_hash()


def test_altered_record_fails_verification() -> None:
    _, record = _played()
    first = record["actions"][0]["action"]
    other = next(["bid", c] for c in range(1, 6) if ["bid", c] != first)
    record["actions"][0]["action"] = other
    with pytest.raises(BadRecord, match="final hash mismatch|does not replay"):
        verify(record)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: r.pop("final_hash"), "lacks the keys: final_hash"),
        (lambda r: r.update(seed="x"), "'seed' must be an integer"),
        (lambda r: r.update(game="chess"), "unknown game"),
        (lambda r: r["actions"].append({"player": 0, "action": ["bid", 1]}), "action #11"),
        (lambda r: r["actions"].__setitem__(0, {"player": 0}), "action #1 must be an object"),
        (lambda r: r.update(options={"cards": 99}), "cannot be set up"),
    ],
)
def test_corrupt_records_are_refused_clearly(change, message: str) -> None:
    _, record = _played()
    change(record)
    with pytest.raises(BadRecord, match=message):
        replay(check_record(record))


def test_a_state_method_a_game_leaves_out_says_so_when_called() -> None:
    """State is not an ABC (the compiled build makes it an extension type): a method a game does not
    define raises NotImplementedError naming the game's class, instead of returning None."""
    from meeple.engine import State

    class Partial(State):
        __slots__ = ()

        def to_move(self) -> list[int]:
            return [0]

    s = Partial(None, 2, {}, Rng(1))  # type: ignore[arg-type]
    assert s.to_move() == [0]
    for call in (lambda: s.legal_actions(0), s.is_terminal, s.clone, s.evaluate, lambda: s.view(None)):
        with pytest.raises(NotImplementedError, match="Partial must define this method"):
            call()


def test_a_bystander_may_act_though_the_game_does_not_wait_for_it() -> None:
    """`State.bystanders()`: players not in `to_move()` whose optional actions `check_legal` accepts
    (Río's trade offers while another decides); everyone else out of turn is refused as before, and a
    game that names none (the default) refuses every out-of-turn action."""
    from meeple.engine import State

    class Market(State):
        __slots__ = ("said",)

        def to_move(self) -> list[int]:
            return [0]

        def bystanders(self) -> list[int]:
            return [1]

        def legal_actions(self, player: int) -> list[tuple]:
            return {0: [("done",)], 1: [("offer", 0)]}.get(player, [])

        def is_terminal(self) -> bool:
            return False

        def _apply(self, player: int, action: tuple) -> None:
            self.said = (player, action)

        def player_name(self, player: int) -> str:
            return f"P{player + 1}"

    s = Market(None, 3, {}, Rng(1))  # type: ignore[arg-type]
    s.apply(1, ("offer", 0))
    assert s.said == (1, ("offer", 0))
    with pytest.raises(IllegalAction, match="not P3's turn; waiting for P1"):
        s.apply(2, ("offer", 0))
    with pytest.raises(IllegalAction, match="illegal action"):
        s.apply(1, ("done",))
    plain = meeple.load("goofspiel").new_state(2, 1, {"cards": 3})
    assert plain.bystanders() == []
