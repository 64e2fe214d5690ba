"""Phase 2: the elections, area by area in the order of the voting-order cards.

An election counts the votes, then queues what the winner and the runner-up(s) are entitled to as
tasks: player decisions ("advisor", "move", "place", "build") and automatic steps ("check" for the
tied players' common palace check after their placements, "neutral" for the Quarantia's runner-up
advisor). `advance` runs the automatic steps and moves on to the next election until a player has to
decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action

from . import palaces, year
from .data import (
    ADVISOR_HOME,
    ADVISOR_STANDS,
    AREA_NAMES,
    HOUSES,
    MIN_VOTES,
    NUM_ADVISORS,
    NUM_AREAS,
    NUM_DISTRICTS,
    Q_TIED_FIRST_MOVES,
    Q_TIED_SECOND_MOVES,
    Q_WINNER_ADVISORS,
    QUARANTIA,
    QUARANTIA_ADVISORS,
    RINGS,
    RUNNER_UP_HOUSES,
    TIED_FIRST_HOUSES,
    TIED_SECOND_HOUSES,
    WINNER_HOUSES,
    advisor_name,
)

if TYPE_CHECKING:
    from .state import DogeState

ANY = -1  # a "move" task's area when the house may go from any district to any other
TIED = 1  # a "move" task's n for a tied player: the palace checks wait until all tied players moved
NO_MARKERS = (0, 0, 0, 0)


def begin_elections(s: DogeState) -> None:
    s.phase = 1
    s.election = -1
    advance(s)


# ----- counting ----------------------------------------------------------------------------------


def votes_in(s: DogeState, area: int) -> list[int]:
    """Ballot markers there plus one per controlled advisor standing there."""
    placed = s.placed
    # player p's markers on the area start at (p * NUM_AREAS + area) * 4
    votes = [
        placed[b + 1] + 2 * placed[b + 2] + 3 * placed[b + 3]
        for b in range(area * 4, s.num_players * NUM_AREAS * 4, NUM_AREAS * 4)
    ]
    stands = s.adv_area
    if area in stands:  # most areas have no advisor standing there: skip the loop
        owner = s.adv_owner
        for a, x in enumerate(stands):
            if x == area and owner[a] >= 0:
                votes[owner[a]] += 1
    return votes


def standings(votes: list[int]) -> tuple[list[int], list[int]]:
    """(players first, players second). Several firsts = a tie for first, and then nobody is second.
    A player needs at least MIN_VOTES votes to be placed at all (a decision, see RULES.md)."""
    top = max(votes)
    if top < MIN_VOTES:
        return [], []
    if votes.count(top) > 1:
        return [p for p, v in enumerate(votes) if v == top], []
    firsts = [votes.index(top)]
    rest = [v for v in votes if MIN_VOTES <= v < top]
    if not rest:
        return firsts, []
    second = max(rest)
    if rest.count(second) == 1:
        return firsts, [votes.index(second)]
    return firsts, [p for p, v in enumerate(votes) if v == second]


# ----- one election ------------------------------------------------------------------------------


def start_election(s: DogeState) -> None:
    area = s.order[s.pos]
    s.election = area
    s.votes = votes = votes_in(s, area)
    if s.log:
        shown = ", ".join(f"{s.player_name(p)} {v}" for p, v in enumerate(votes))
        s.emit("election", f"Election in {AREA_NAMES[area]}: {shown}", area=area, votes=list(votes))
    # The markers are turned up and go back to their owners.
    placed, hand, shown = s.placed, s.hand, s.shown
    for p in range(s.num_players):
        b, hb = (p * NUM_AREAS + area) * 4, p * 4
        if not s.used[p * NUM_AREAS + area]:
            continue  # markers lie only on areas whose card the player played
        m0, m1, m2, m3 = placed[b], placed[b + 1], placed[b + 2], placed[b + 3]  # (a slice here crashes Cython 3.3)
        if m0 or m1 or m2 or m3:
            hand[hb : hb + 4] = [hand[hb] + m0, hand[hb + 1] + m1, hand[hb + 2] + m2, hand[hb + 3] + m3]
            shown[hb : hb + 4] = [shown[hb] + m0, shown[hb + 1] + m1, shown[hb + 2] + m2, shown[hb + 3] + m3]
            placed[b : b + 4] = NO_MARKERS
    firsts, seconds = standings(votes)
    if area == QUARANTIA:
        quarantia_tasks(s, firsts, seconds)
    else:
        district_tasks(s, area, firsts, seconds)


def district_tasks(s: DogeState, d: int, firsts: list[int], seconds: list[int]) -> None:
    if len(firsts) > 1:
        # Tie for first: the advisor is neutralised, nobody moves a house, each tied player places 2.
        if s.log:
            s.emit("tie", f"Tie for first in {AREA_NAMES[d]}: {advisor_name(d)} becomes neutral", area=d)
        neutralize(s, d)
        s.tasks += [("place", p, d, TIED_FIRST_HOUSES) for p in s.seat_order(firsts)]
        s.tasks.append(("check", -1, d, mask(firsts)))
        return
    if not firsts:
        if s.log:
            s.emit("no_winner", f"Nobody has a vote in {AREA_NAMES[d]}: nothing happens", area=d)
        return
    w = firsts[0]
    if s.log:
        s.emit("winner", f"{s.player_name(w)} wins the election in {AREA_NAMES[d]}", player=w, area=d)
    # A player placing alone checks for a palace after each house (place_one_house): no check task.
    s.tasks += [("advisor", w, d, 0), ("place", w, d, WINNER_HOUSES)]
    if len(seconds) == 1:
        s.tasks.append(("place", seconds[0], d, RUNNER_UP_HOUSES))
    elif seconds:
        s.tasks += [("place", p, d, TIED_SECOND_HOUSES) for p in s.seat_order(seconds)]
        s.tasks.append(("check", -1, d, mask(seconds)))


def quarantia_tasks(s: DogeState, firsts: list[int], seconds: list[int]) -> None:
    s.q_left = list(QUARANTIA_ADVISORS)
    if len(firsts) > 1:
        # Tie for first: all 3 advisors neutral; each tied player may move 2 houses, no runner-up.
        if s.log:
            s.emit("tie", "Tie for first in the Quarantia: its 3 advisors become neutral", area=QUARANTIA)
        for a in QUARANTIA_ADVISORS:
            neutralize(s, a)
        s.q_left = []
        for p in s.seat_order(firsts):
            s.tasks += [("move", p, ANY, TIED)] * Q_TIED_FIRST_MOVES
        return
    if not firsts:
        s.q_left = []
        if s.log:
            s.emit("no_winner", "Nobody has a vote in the Quarantia: nothing happens", area=QUARANTIA)
        return
    w = firsts[0]
    if s.log:
        s.emit("winner", f"{s.player_name(w)} wins the election in the Quarantia", player=w, area=QUARANTIA)
    s.tasks += [("advisor", w, QUARANTIA, 0)] * Q_WINNER_ADVISORS
    if len(seconds) == 1:
        s.tasks.append(("advisor", seconds[0], QUARANTIA, 0))
        return
    # No single runner-up (a tie for second, or nobody else with a vote): "no player takes control
    # of the runner-up's advisor. Instead, it remains neutral" - whoever controlled it before.
    s.tasks.append(("neutral", -1, QUARANTIA, 0))
    for p in s.seat_order(seconds):
        s.tasks += [("move", p, ANY, TIED)] * Q_TIED_SECOND_MOVES


def neutral_runner_up_advisor(s: DogeState) -> None:
    """The advisor the winner left, with no single runner-up to take it, is neutral (a ring on it
    goes back to its owner)."""
    for a in s.q_left:
        if s.log:
            before = s.adv_owner[a]
            back = f"; {s.player_name(before)}'s ring goes back" if before >= 0 else ""
            s.emit(
                "neutral", f"No single runner-up in the Quarantia: {advisor_name(a)} is neutral{back}", advisor=a
            )
        neutralize(s, a)
    s.q_left = []


def finish_election(s: DogeState) -> None:
    s.election = -1
    s.votes = []
    s.q_left = []
    s.pos += 1
    if s.log:
        shown = AREA_NAMES[s.next_order[s.pos - 1]]
        s.emit("flip", f"The next voting-order card is turned up: {shown}", area=s.next_order[s.pos - 1])
    if s.pos == NUM_AREAS:
        year.end_of_year(s)


def advance(s: DogeState) -> None:
    """Run automatic steps until a player must decide, the year ends or the game is over."""
    tasks = s.tasks  # changed in place only, never replaced, while the elections run
    while s.phase == 1:
        if not tasks:
            if s.election >= 0:
                finish_election(s)
            else:
                start_election(s)
            continue
        kind, p, area, k = tasks[0]
        if kind == "check":
            del tasks[0]
            tasks[0:0] = palaces.build_tasks(s, area, players_in(k))
        elif kind == "neutral":
            del tasks[0]
            neutral_runner_up_advisor(s)
        elif kind == "build" and palaces.next_cost(s, area) is None:
            del tasks[0]  # the tied players before took the last palace space
        elif kind == "place" and not s.house_supply(p):
            del tasks[0]
            drop_from_check(s, p, area)
            if s.log:
                s.emit(
                    "lost",
                    f"{s.player_name(p)} has no house left in supply and loses the placement",
                    player=p,
                )
        elif kind == "move" and not can_move(s, p):
            del tasks[0]
        else:
            return


# ----- decisions ---------------------------------------------------------------------------------


# The advisors homed in each area (the Quarantia's are handed out from s.q_left instead).
_HOMED: tuple[tuple[int, ...], ...] = tuple(
    tuple(a for a in range(NUM_ADVISORS) if ADVISOR_HOME[a] == x) for x in range(NUM_AREAS)
)


def allowed_advisors(s: DogeState, area: int) -> list[int] | tuple[int, ...]:
    return s.q_left if area == QUARANTIA else _HOMED[area]


def can_move(s: DogeState, p: int) -> bool:
    """Whether move_choices has any move: exactly when p has a house on the board, since there is
    always another district to move it to (or to move one from into the area)."""
    return s.house_supply(p) < HOUSES


# Each house move as one shared tuple: out of district f to every other, and into d from every other.
_MOVES_OUT: tuple[tuple[Action, ...], ...] = tuple(
    tuple(("move", f, t) for t in range(NUM_DISTRICTS) if t != f) for f in range(NUM_DISTRICTS)
)
_MOVES_IN: tuple[tuple[tuple[int, Action], ...], ...] = tuple(
    tuple((f, ("move", f, d)) for f in range(NUM_DISTRICTS) if f != d) for d in range(NUM_DISTRICTS)
)


def move_choices(s: DogeState, p: int, area: int) -> list[Action]:
    b = p * NUM_DISTRICTS
    h = s.houses
    acts: list[Action] = []
    if area == ANY:
        for f in range(NUM_DISTRICTS):
            if h[b + f]:
                acts += _MOVES_OUT[f]
        return acts
    if h[b + area]:
        acts += _MOVES_OUT[area]
    acts += [move for f, move in _MOVES_IN[area] if h[b + f]]
    return acts


# Action tuples built once: legal_actions hands out the same immutable tuples every time.
STAND_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(("stand", a, x) for x in ADVISOR_STANDS[a]) for a in range(NUM_ADVISORS)
)
ABSTAIN_ACTIONS: tuple[Action, ...] = tuple(("abstain", a) for a in range(NUM_ADVISORS))
_MOST_PLACED = max(WINNER_HOUSES, RUNNER_UP_HOUSES, TIED_FIRST_HOUSES, TIED_SECOND_HOUSES)
PLACE_ACTIONS: tuple[Action, ...] = tuple(("place", c) for c in range(_MOST_PLACED + 1))
BUILD: Action = ("build",)
PASS: Action = ("pass",)


def legal(s: DogeState, p: int) -> list[Action]:
    kind, _, area, k = s.tasks[0]
    if kind == "advisor":
        allowed = allowed_advisors(s, area)
        free = s.rings_used(p) < RINGS
        acts: list[Action] = []
        for a in allowed:
            if free or s.adv_owner[a] == p:
                acts += STAND_ACTIONS[a]
        acts += [ABSTAIN_ACTIONS[a] for a in allowed]
        return acts
    if kind == "move":
        acts = move_choices(s, p, area)
        acts.append(PASS)
        return acts
    if kind == "place":
        if placing_alone(s, p, area):
            return [PLACE_ACTIONS[1], PLACE_ACTIONS[0]]  # one house at a time, or no more
        return [PLACE_ACTIONS[c] for c in range(min(k, s.house_supply(p)), -1, -1)]
    if kind == "build":
        return [BUILD, PASS]
    return []


def apply(s: DogeState, p: int, action: Action) -> None:
    kind, _, area, k = s.tasks.pop(0)
    verb = action[0]
    if verb == "stand":
        take_advisor(s, p, action[1], action[2])
    elif verb == "abstain":
        a = action[1]
        if s.log:
            s.emit(
                "abstain", f"{s.player_name(p)} abstains: {advisor_name(a)} becomes neutral", player=p, advisor=a
            )
        neutralize(s, a)
        if area == QUARANTIA:
            s.q_left.remove(a)
            s.tasks.insert(0, ("move", p, ANY, 0))
        else:
            s.tasks.insert(0, ("move", p, area, 0))
    elif verb == "move":
        move_house(s, p, action[1], action[2], tied=k == TIED)
    elif verb == "place":
        if placing_alone(s, p, area):
            place_one_house(s, p, area, action[1], k)
        else:
            place_houses(s, p, area, action[1])
    elif verb == "build":
        palaces.build(s, p, area, k)
    elif s.log:  # pass
        what = "builds no palace" if kind == "build" else "moves no house"
        s.emit("pass", f"{s.player_name(p)} {what}", player=p)
    advance(s)


def take_advisor(s: DogeState, p: int, a: int, x: int) -> None:
    """A control ring on the advisor (another player's ring goes back to them), stood in area x."""
    before = s.adv_owner[a]
    s.adv_owner[a] = p
    s.adv_area[a] = x
    if ADVISOR_HOME[a] == QUARANTIA and a in s.q_left:
        s.q_left.remove(a)
    if s.log:
        taken = f" from {s.player_name(before)}" if before >= 0 and before != p else ""
        s.emit(
            "advisor",
            f"{s.player_name(p)} takes {advisor_name(a)}{taken} and stands it in {AREA_NAMES[x]}",
            player=p,
            advisor=a,
            area=x,
        )


def neutralize(s: DogeState, a: int) -> None:
    s.adv_owner[a] = -1
    s.adv_area[a] = -1


def move_house(s: DogeState, p: int, f: int, t: int, tied: bool = False) -> None:
    s.houses[p * NUM_DISTRICTS + f] -= 1
    s.houses[p * NUM_DISTRICTS + t] += 1
    if s.log:
        s.emit(
            "move",
            f"{s.player_name(p)} moves a house from {AREA_NAMES[f]} to {AREA_NAMES[t]}",
            player=p,
            source=f,
            to_district=t,
        )
    if not tied:
        # A house moved into a district: the mover checks for a palace there at once.
        s.tasks[0:0] = palaces.build_tasks(s, t, [p])
        return
    # Tied players build at the same time for the same cost: one check per district after the
    # last of their moves (the tied moves end the Quarantia's election, so the checks go last).
    for i, task in enumerate(s.tasks):
        if task[0] == "check" and task[2] == t:
            s.tasks[i] = ("check", -1, t, task[3] | 1 << p)
            return
    s.tasks.append(("check", -1, t, 1 << p))


def placing_alone(s: DogeState, p: int, d: int) -> bool:
    """Whether p's placement in d is checked for a palace house by house ("whenever a player places
    ... a house into a district, he immediately checks"), rather than after the other tied players
    have placed too ("they build at the same time"): a tied player's check is queued as a task."""
    bit = 1 << p
    return not any(t[0] == "check" and t[2] == d and t[3] & bit for t in s.tasks)


def place_one_house(s: DogeState, p: int, d: int, count: int, left: int) -> None:
    """A player placing alone: one house (count 1), then his palace check at once, then the rest of
    the placement - so a palace built with the first house frees houses for the second. Count 0
    declines the rest."""
    if not count:
        if s.log:
            s.emit(
                "place",
                f"{s.player_name(p)} declines to place {left} house{'s' * (left != 1)} in {AREA_NAMES[d]}",
                player=p,
            )
        return
    s.houses[p * NUM_DISTRICTS + d] += 1
    if s.log:
        s.emit("place", f"{s.player_name(p)} places a house in {AREA_NAMES[d]}", player=p, district=d)
    rest = [("place", p, d, left - 1)] if left > 1 else []
    s.tasks[0:0] = palaces.build_tasks(s, d, [p]) + rest


def place_houses(s: DogeState, p: int, d: int, count: int) -> None:
    """A tied player's houses, all at once: the common check comes after the last tied player."""
    s.houses[p * NUM_DISTRICTS + d] += count
    if s.log:
        s.emit(
            "place",
            f"{s.player_name(p)} places {count} house{'s' * (count != 1)} in {AREA_NAMES[d]}",
            player=p,
            district=d,
            count=count,
        )
    if not count:
        drop_from_check(s, p, d)  # no house placed: no palace check for this player


def drop_from_check(s: DogeState, p: int, d: int) -> None:
    for i, t in enumerate(s.tasks):
        if t[0] == "check" and t[2] == d:
            s.tasks[i] = ("check", -1, d, t[3] & ~(1 << p))
            return


# The players of each bit mask of seats (at most 4 players): a check task's players, looked up.
_PLAYERS_IN: tuple[list[int], ...] = tuple([q for q in range(4) if m >> q & 1] for m in range(16))


def players_in(m: int) -> list[int]:
    return _PLAYERS_IN[m][:] if m < 16 else [q for q in range(m.bit_length()) if m >> q & 1]


def mask(players: list[int]) -> int:
    m = 0
    for p in players:
        m |= 1 << p
    return m
