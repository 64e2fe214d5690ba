"""The greedy bot's look at a ballot of the year's last round (`Game.looks_ahead`).

An election is decided by all the markers on its area when the ballot phase ends. A one-ply look
judges a ballot as the votes stand after this round's reveal, with the others' ballots of the round
drawn at random (uniform legal ballots: a rival plays any unused card alike, and a random stack);
greedy players do not choose so: a rival whose palace is at stake in a district plays that district's
card with its strongest markers. So at the markers step of the last ballot round the greedy bot's best
selection of each size (1 to 4 markers) is played on in a few determinizations, the others' ballots
still to come chosen by `model_ballot` (a one-ply greedy player's choice at a small cost), and judged
when the round is over: the bot's lead, the elections as the votes then stand, the markers still held
worth nothing (they wait for next year alike for everyone).

`year_end_lead` plays on over every ballot round left (the model choosing everyone's ballots, the bot's
own included), but the look is used in the last round only: judged so from the first round on, greedy
staked its markers early (3.6 / 4.7 / 3.8 votes in rounds 1-3 against 1.9 / 3.1 / 6.1), kept none for
the last round's answers, and `plan:district` won 17 of 42 games against it (docs/bots.md, Doge,
session 36).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action, Rng

from .ballots import clear_choices, marker_choices, rounds, turn_up
from .data import NUM_AREAS
from .evaluation import evaluate

if TYPE_CHECKING:
    from .state import DogeState

SAMPLES = 2  # determinizations a selection is played on in (the same ones for every selection)
_SALT = 0x2545F4914F6CDD1D  # the play-on's draws apart from the determinization's
_EPS = 1e-9

Stack = tuple[int, int, int, int]  # markers of values 0, 1, 2, 3 put on one card


def look_ahead(
    s: DogeState, player: int, ranked: list[tuple[Action, float]], rng: Rng
) -> list[tuple[Action, float]]:
    """`ranked` (the greedy bot's one-ply ranking, best first) with, at a markers step of the year's
    last ballot round, the best selection of each size first, ordered by its lead when the round is
    over, and the rest after them in their one-ply order."""
    if s.phase != 0 or ranked[0][0][0] != "markers" or s.rnd != rounds(s) - 1:  # see the module's words
        return ranked
    best_of_size: dict[int, Action] = {}
    for action, _ in ranked:
        best_of_size.setdefault(sum(action[1:5]), action)
    candidates = list(best_of_size.values())
    if len(candidates) < 2:
        return ranked
    totals = [0.0] * len(candidates)
    for _ in range(SAMPLES):
        seed = rng.next64()
        base = s.determinize(player, Rng(seed))
        for i, action in enumerate(candidates):
            totals[i] += year_end_lead(base.clone(), player, action[1:5], Rng(seed ^ _SALT))
    looked = sorted(zip(candidates, (t / SAMPLES for t in totals)), key=lambda av: -av[1])
    # the others below every selection looked at, keeping their one-ply order and gaps
    chosen = set(candidates)
    rest = [(a, v) for a, v in ranked if a not in chosen]
    if not rest:
        return looked
    floor, top = looked[-1][1] - 1.0, rest[0][1]
    return looked + [(a, floor + v - top) for a, v in rest]


def year_end_lead(s: DogeState, player: int, markers: Stack, rng: Rng) -> float:
    """`player`'s lead over the best other player when the year's ballot rounds are over, `player`
    having put `markers` on the card it chose this round (s: a copy of its own, changed in place)."""
    b = player * 4
    s.pend_marks[b : b + 4] = markers
    s.ready[player] = True
    s.waiting.remove(player)
    last = rounds(s)
    while True:
        for q in list(s.waiting):
            card, stack = model_ballot(s, q, rng)
            s.pend_card[q] = card
            s.pend_marks[q * 4 : q * 4 + 4] = stack
            s.ready[q] = True
            s.waiting.remove(q)
        turn_up(s)
        clear_choices(s)
        s.rnd += 1
        if s.rnd >= last or not s.waiting:
            break
    s.rnd = last  # no round left: markers in hand count for nothing
    return _lead(evaluate(s), player)


def model_ballot(s: DogeState, q: int, rng: Rng) -> tuple[int, Stack]:
    """A one-ply greedy player's ballot, cheaply: as the greedy bot does with one determinization, q
    judges its ballot against the others' ballots of this round drawn at random (uniform legal ones,
    those already chosen as chosen); the card where q's strongest marker gains most, then the stack for
    it (one marker of each value held, or the 2-4 strongest) that gains most, each by q's lead with
    the stack put straight on the card and q's round spent; ties broken at random."""
    hand = s.hand[q * 4 : q * 4 + 4]
    stacks = _stacks(hand[0], hand[1], hand[2], hand[3])
    base = q * NUM_AREAS
    cards = [x for x in range(NUM_AREAS) if not s.used[base + x]]
    trial = s.clone()
    for r in range(s.num_players):
        if r != q and (r in trial.waiting or trial.ready[r]):
            _put_down(trial, r, rng)
    card = _best(cards, [_lead_with(trial, q, x, stacks[0]) for x in cards], rng)
    return card, _best(stacks, [_lead_with(trial, q, card, stack) for stack in stacks], rng)


def _put_down(s: DogeState, r: int, rng: Rng) -> None:
    """r's ballot of this round face down on its card: the one r chose, or a random legal one."""
    b = r * 4
    if s.ready[r]:
        card, stack = s.pend_card[r], tuple(s.pend_marks[b : b + 4])
    else:
        cards = [x for x in range(NUM_AREAS) if not s.used[r * NUM_AREAS + x]]
        card = cards[rng.below(len(cards))]
        choices = marker_choices(s.hand, b)
        stack = choices[rng.below(len(choices))][1:5]
    pb = (r * NUM_AREAS + card) * 4
    for v in range(4):
        s.placed[pb + v] += stack[v]
        s.hand[b + v] -= stack[v]
    s.pend_marks[b : b + 4] = [0, 0, 0, 0]
    s.ready[r] = True  # its round spent: its held votes count the rounds after this one


def _best(options: list, values: list[float], rng: Rng):  # type: ignore[no-untyped-def]
    """The option of the highest value, a random one of those tied."""
    top = max(values)
    tied = [o for o, v in zip(options, values) if v >= top - _EPS]
    return tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]


def _lead_with(s: DogeState, q: int, card: int, stack: Stack) -> float:
    """q's one-ply lead with `stack` on `card` and this round spent (the state is left as it was)."""
    placed, hand = s.placed, s.hand
    b, hb = (q * NUM_AREAS + card) * 4, q * 4
    for v in range(4):
        placed[b + v] += stack[v]
        hand[hb + v] -= stack[v]
    # q counts as having chosen (with nothing pending), so its held votes count the rounds after this
    s.ready[q] = True
    lead = _lead(evaluate(s), q)
    s.ready[q] = False
    for v in range(4):
        placed[b + v] -= stack[v]
        hand[hb + v] += stack[v]
    return lead


# the candidate stacks of a hand (counts of values 0..3), built once per hand: there are few hands
_STACKS: dict[Stack, list[Stack]] = {}


def _stacks(h0: int, h1: int, h2: int, h3: int) -> list[Stack]:
    """The strongest single marker first, then one marker of each other value held, then the 2, 3 and
    4 strongest markers."""
    key = (h0, h1, h2, h3)
    found = _STACKS.get(key)
    if found is None:
        values = [v for v in (3, 2, 1, 0) for _ in range(key[v])]  # strongest first
        out: list[Stack] = []
        for v in (3, 2, 1, 0):
            if key[v]:
                out.append(_stack([v]))
        for k in range(2, min(4, len(values)) + 1):
            out.append(_stack(values[:k]))
        found = _STACKS[key] = list(dict.fromkeys(out))
    return found


def _stack(values: list[int]) -> Stack:
    return (values.count(0), values.count(1), values.count(2), values.count(3))


def _lead(values: list[float], p: int) -> float:
    return values[p] - max(v for q, v in enumerate(values) if q != p)
