"""A score estimate per player for bots, term by term as the rulebook values things:

- **Palaces and the end** (the Doge): each palace built, and the distance to the nearest end condition
  (palaces in all 6 districts, 7 in 5, 8 in 4), in palaces still to build: a palace in a district
  without one counts for the spread as well.
- **Houses**: a district's houses are worth their share of the next palace there, which needs `cost` of
  them, and the share grows faster as they near it (squared): two houses where one more builds a palace
  are worth more than one house in each of two districts, and a house moved to join others gains. A
  house in the supply is worth a little: it is a future placement (with none left placements are lost).
- **Advisors**: a vote in the area where it stands every year until another player wins its home
  district; more in a district where the player has houses (the vote wins them the houses' palace).
- **Ballot markers**: during the ballot phase each vote still in hand is worth something while there
  are rounds left to place it (3 rounds with 4 players, at most 4 markers on a card), nothing once the
  year's last round is over: so a player spreads its markers over the year rather than staking them all
  early and sitting the later rounds out.
- **Elections still to come this year**: the winner's and the runner-up's prizes (houses, advisors) as
  the votes stand now.
"""

from __future__ import annotations

from operator import getitem
from typing import TYPE_CHECKING

from meeple.engine import Action

from .data import (
    BALLOT_ROUNDS,
    DISTRICTS,
    END_CONDITIONS,
    HOUSES,
    MAX_CARD_MARKERS,
    NUM_AREAS,
    NUM_DISTRICTS,
    QUARANTIA,
    RUNNER_UP_HOUSES,
    SPACE_COSTS,
    WINNER_HOUSES,
)
from .elections import standings, votes_in
from .palaces import next_cost
from .scoring import conditions_met, palaces_by_district

if TYPE_CHECKING:
    from .state import DogeState

PALACE_WORTH = 2.0  # what the houses of a palace still to build are worth when all are placed
# A built palace is worth more than the houses it took (they go back to the supply and can be placed
# again). At 0.5 a palace in a district where the player already had one was worth less than its
# houses: a greedy player turned down a third of the palaces it was offered, ran out of houses with all
# 15 on the board, and won 76 of 100 four-player games against random players (99 of 100 at 2.5,
# seeds 0 and 1000).
PALACE_COUNT = 2.5
MISSING = 1.5  # each palace still to build before the nearest end condition
FULL_DISTRICT_HOUSE = 0.15  # a house where no palace can be built any more: only a tie-break
HOUSE_POWER = 2.0  # how the share of a palace grows with the houses towards it (1: linearly)
SUPPLY_HOUSE = 0.15  # a house in the supply: a placement still to come
ADVISOR_WORTH = 0.3  # a controlled advisor: a vote in the area where it stands, every year
ADVISOR_WITH_HOUSES = 0.3  # more where the player has houses: that vote helps win their palace
VOTE_WORTH = 0.15  # a vote in hand while the year's ballot rounds can still place it
# how much of an election's prize the current leader counts: with 0.6 a greedy player won 27 of 40
# four-player games against random players, with 1.0 33 of the same 40
LEAD_SHARE = 1.0


def _worth(h: int, cost: int | None) -> float:
    """What `h` houses in a district are worth: their share of the next palace there, which needs `cost`
    of them (None: no palace left), growing as the HOUSE_POWER of the share. (A flat 0.15 a house made
    an election's houses almost worthless: greedy won 17 of 40 four-player games against random
    players; a linear share made houses spread over many districts worth as much as the same houses
    gathered where they build a palace.)"""
    if cost is None:
        return FULL_DISTRICT_HOUSE * h
    return PALACE_WORTH * (min(h, cost) / cost) ** HOUSE_POWER + FULL_DISTRICT_HOUSE * max(0, h - cost)


# _worth(h, cost) looked up: every cost a palace can have (or None), h up to all of a player's houses
# in one district plus an election's prize (documents are checked against HOUSES)
_MOST = HOUSES + max(WINNER_HOUSES, RUNNER_UP_HOUSES) + 1


def worth_tables() -> dict[int | None, tuple[float, ...]]:
    """The lookup tables of `_worth` at the present weights (a fit changes them: call again)."""
    return {c: tuple(_worth(h, c) for h in range(_MOST)) for c in (*SPACE_COSTS, None)}


_WORTH = worth_tables()


def placeable_votes(hand: list[int], b: int, cards: int) -> int:
    """The votes of the best markers in hand (counts of values 0..3 at hand[b:b+4]) that `cards` more
    cards can take (at most 4 markers each)."""
    room = cards * MAX_CARD_MARKERS
    votes = 0
    for v in (3, 2, 1):
        k = min(hand[b + v], room)
        votes += k * v
        room -= k
    return votes


# placeable_votes by (markers of value 1, 2, 3 in hand, cards left): a search asks for few hands
_PLACEABLE: dict[tuple[int, int, int, int], int] = {}


def votes_to_place(s: DogeState, p: int, rounds_left: int) -> int:
    """The votes p still holds that the year's ballot rounds left can take; a player who has chosen
    this round's card and markers (waiting for the reveal) has those markers on it already."""
    b = p * 4
    h = s.hand
    if s.ready[p]:
        m = s.pend_marks
        key = (h[b + 1] - m[b + 1], h[b + 2] - m[b + 2], h[b + 3] - m[b + 3], rounds_left - 1)
    else:
        key = (h[b + 1], h[b + 2], h[b + 3], rounds_left)
    votes = _PLACEABLE.get(key)
    if votes is None:
        votes = _PLACEABLE[key] = placeable_votes([0, *key[:3]], 0, key[3])
    return votes


def evaluate(s: DogeState) -> list[float]:
    n = s.num_players
    out = []
    # the next palace's cost per district, shared by every player's houses (evaluate is a search's
    # hot path: a quarter of a Doge MCTS iteration)
    costs = [next_cost(s, d) for d in range(NUM_DISTRICTS)]
    rows = [_WORTH[c] for c in costs]
    houses = s.houses
    # ballot rounds still open to a player who has not chosen this round's markers (none after the
    # ballot phase: markers left in hand wait for next year, alike for everyone)
    rounds_left = BALLOT_ROUNDS[n] - s.rnd if s.phase == 0 else 0
    supply = []  # each player's houses in supply
    for p in range(n):
        per = palaces_by_district(s, p)
        total, spread = sum(per), NUM_DISTRICTS - per.count(0)
        missing = min([max(need - total, districts - spread) for _, need, districts in END_CONDITIONS])
        value = 10.0 - MISSING * missing + PALACE_COUNT * total
        base = p * NUM_DISTRICTS
        mine = houses[base : base + NUM_DISTRICTS]
        value += sum(map(getitem, rows, mine))  # each district's houses' worth
        left = HOUSES - sum(mine)
        supply.append(left)
        value += SUPPLY_HOUSE * left
        if rounds_left > 0:
            value += VOTE_WORTH * votes_to_place(s, p, rounds_left)
        out.append(value)
    for a, owner in enumerate(s.adv_owner):
        if owner >= 0:
            x = s.adv_area[a]
            out[owner] += ADVISOR_WORTH
            if x != QUARANTIA and houses[owner * NUM_DISTRICTS + x]:
                out[owner] += ADVISOR_WITH_HOUSES
    if s.phase == 2:
        ranks = s.result().ranks
        return [
            v + (20.0 if conditions_met(s, p) else 0.0) + (10.0 if r == 1 else 0.0)
            for p, (v, r) in enumerate(zip(out, ranks))
        ]
    for area in s.order[s.pos :]:
        if area != s.election:  # the election in progress hands out its prizes through its tasks
            _count_lead(s, area, out, rows, supply)
    return out


def _count_lead(
    s: DogeState, area: int, out: list[float], rows: list[tuple[float, ...]], supply: list[int]
) -> None:
    """Add the prizes of the election of `area`, as the votes stand now, at LEAD_SHARE."""
    votes = votes_in(s, area)
    if not any(votes):
        return
    first, second = standings(votes)
    if area == QUARANTIA:
        for p in first:
            out[p] += LEAD_SHARE * ADVISOR_WORTH * (2 if len(first) == 1 else 0)
        for p in second:
            out[p] += LEAD_SHARE * ADVISOR_WORTH
        return
    d = DISTRICTS.index(area)
    worth = rows[d]
    houses = s.houses
    for p in first:
        gain = _houses_gain(houses[p * NUM_DISTRICTS + d], min(WINNER_HOUSES, supply[p]), worth)
        out[p] += LEAD_SHARE * (gain + (ADVISOR_WORTH if len(first) == 1 else 0.0))
    for p in second:
        out[p] += LEAD_SHARE * _houses_gain(
            houses[p * NUM_DISTRICTS + d], min(RUNNER_UP_HOUSES, supply[p]), worth
        )


def _houses_gain(h: int, k: int, worth: tuple[float, ...]) -> float:
    """What placing k more houses from the supply beside h in a district gains (the supply caps k: "he
    must abstain from placing the house")."""
    return worth[h + k] - worth[h] - SUPPLY_HOUSE * k


# ----- what a bot weighs at a ballot (`DogeState.bot_actions`) ---------------------------------------


def even_share(s: DogeState, p: int, sizes: list[int]) -> int:
    """The fewest markers of `sizes` (the selection sizes on offer, ascending) that still let p place
    its whole hand by the year's last ballot round: its markers in hand over the rounds left, this one
    included, rounded up (the largest size when none is enough). `plan:spread` places this many."""
    left = max(1, BALLOT_ROUNDS[s.num_players] - s.rnd)
    need = -(-s.hand_size(p) // left)
    return next((k for k in sizes if k >= need), sizes[-1])


def answerer(s: DogeState, q: int, x: int) -> int:
    """Of q's rivals who can still play card x this year (the card unplayed, markers in hand), the one
    with the most houses in x, whom a win there gains most (ties: the first in seat order after q); -1
    none. Every bot reads the same public board, so one rival answers and the others play their own
    game."""
    n = s.num_players
    best, best_h = -1, -1
    for i in range(1, n):
        r = (q + i) % n
        if s.used[r * NUM_AREAS + x] or s.hand_size(r) == 0:
            continue
        h = s.houses[r * NUM_DISTRICTS + x]
        if h > best_h:
            best, best_h = r, h
    return best


def lone_win_completes(s: DogeState, q: int, x: int) -> bool:
    """A lone win in district x would complete q's next palace there: a space left, a palace in q's
    supply, and q's houses there with the winner's 2 from q's supply reaching its cost."""
    cost = next_cost(s, x)
    if cost is None or s.palace_supply(q) <= 0:
        return False
    return s.houses[q * NUM_DISTRICTS + x] + min(WINNER_HOUSES, s.house_supply(q)) >= cost


def answer_card(s: DogeState, p: int) -> int:
    """The district card p answers at this ballot round's card step, or -1: after the year's first
    round, a rival's stack (turned up: its card and count are public) on a district where a lone win
    completes that rival's palace, when p is the rival to answer it (`answerer`)."""
    if s.rnd == 0:
        return -1
    placed, used = s.placed, s.used
    for q in range(s.num_players):
        if q == p:
            continue
        for x in DISTRICTS:
            b = (q * NUM_AREAS + x) * 4
            if (
                used[q * NUM_AREAS + x]
                and not used[p * NUM_AREAS + x]
                and placed[b] + placed[b + 1] + placed[b + 2] + placed[b + 3]
                and lone_win_completes(s, q, x)
                and answerer(s, q, x) == p
            ):
                return x
    return -1


def worth_weighing(s: DogeState, p: int, acts: list[Action]) -> list[Action]:
    """The actions a bot weighs during the ballots: at a markers step none below the even share of the
    hand (`even_share`); at a card step after the year's first round only the card of a rival's stack
    whose lone win would complete that rival's palace, when this bot is the one to answer it
    (`answer_card`). The one-ply estimate counts an early lead as if the votes stood and kept the strong
    markers for the last round: `plan:spread`, whose markers are that even share, won 34% of 200 games
    against three greedy seats; with the even share alone `plan:district`, whose first card each year is
    its own district's (a completion card), won 28.5%, its early stacks left unanswered (docs/bots.md,
    Doge sessions 38 and 42)."""
    if s.phase != 0 or s.ready[p]:
        return acts
    if s.pend_card[p] < 0:
        x = answer_card(s, p)
        return [("card", x)] if x >= 0 else acts
    size = even_share(s, p, sorted({a[1] + a[2] + a[3] + a[4] for a in acts}))
    return [a for a in acts if a[1] + a[2] + a[3] + a[4] >= size]
