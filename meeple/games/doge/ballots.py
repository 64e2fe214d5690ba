"""Phase 1: placing ballot markers.

Each round every player who still holds markers secretly chooses one of their area cards not yet
used this year and 1 to 4 markers for it; when all have chosen, the cards are revealed together
and the markers go face down onto the named areas. Only a player who has used all 7 markers sits the
later rounds out ("choosing no cards and no ballot markers").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action, Rng

from . import elections
from .data import AREA_NAMES, BALLOT_ROUNDS, MAX_CARD_MARKERS, MIN_CARD_MARKERS, NUM_AREAS

if TYPE_CHECKING:
    from .state import DogeState

NO_CARD = -1  # pend_card[p] before p has chosen this round's card


def rounds(s: DogeState) -> int:
    return BALLOT_ROUNDS[s.num_players]


def takes_part(s: DogeState, p: int) -> bool:
    """A player with markers in hand must play a card this round; one who has placed all 7 sits out.
    (A hand-made document may also have used up every card: that player sits out too.)"""
    h, b = s.hand, p * 4
    if not (h[b] or h[b + 1] or h[b + 2] or h[b + 3]):
        return False
    base = p * NUM_AREAS
    return 0 in s.used[base : base + NUM_AREAS]  # used holds 0/1 flags: an unused card is left


def movers(s: DogeState) -> list[int]:
    """Players still to choose this round."""
    return s.waiting[:]


def still_to_choose(s: DogeState) -> list[int]:
    """Who has yet to choose this round, counted from scratch; `s.waiting` keeps it up to date
    (set when a round begins or a document is read, a player leaves it on choosing)."""
    ready = s.ready
    return [p for p in range(s.num_players) if not ready[p] and takes_part(s, p)]


CARD_ACTIONS: tuple[Action, ...] = tuple(("card", x) for x in range(NUM_AREAS))


def legal(s: DogeState, p: int) -> list[Action]:
    if p not in s.waiting:  # ready, or sitting the round out
        return []
    if s.pend_card[p] == NO_CARD:
        base = p * NUM_AREAS
        return [card for card, used in zip(CARD_ACTIONS, s.used[base : base + NUM_AREAS]) if not used]
    return marker_choices(s.hand, p * 4)


# Every selection for a hand of (h0, h1, h2, h3) markers, built once per hand: there are few hands.
_MARKER_CHOICES: dict[tuple[int, ...], tuple[Action, ...]] = {}


def marker_choices(hand: list[int], b: int) -> list[Action]:
    """Every selection of 1 to 4 held markers (a card takes 1 to 4), as counts of values 0, 1, 2, 3."""
    key = tuple(hand[b : b + 4])
    choices = _MARKER_CHOICES.get(key)
    if choices is None:
        h0, h1, h2, h3 = key
        choices = _MARKER_CHOICES[key] = tuple(
            ("markers", n0, n1, n2, n3)
            for n3 in range(h3, -1, -1)
            for n2 in range(h2, -1, -1)
            for n1 in range(h1, -1, -1)
            for n0 in range(h0, -1, -1)
            if MIN_CARD_MARKERS <= n0 + n1 + n2 + n3 <= MAX_CARD_MARKERS
        )
    return list(choices)


def apply(s: DogeState, p: int, action: Action) -> None:
    if action[0] == "card":
        s.pend_card[p] = action[1]
        return
    s.pend_marks[p * 4 : p * 4 + 4] = action[1:5]
    s.ready[p] = True
    s.waiting.remove(p)
    if s.log:
        s.emit("choose", f"{s.player_name(p)} has chosen", player=p)
    if not s.waiting:
        reveal(s)


def reveal(s: DogeState) -> None:
    """All cards are turned up together; the markers go face down onto the areas."""
    placed, hand, marks = s.placed, s.hand, s.pend_marks
    for p, card in enumerate(s.pend_card):
        if card >= 0:
            s.used[p * NUM_AREAS + card] = 1
            b, pb = (p * NUM_AREAS + card) * 4, p * 4
            for v in range(4):
                k = marks[pb + v]
                placed[b + v] += k
                hand[pb + v] -= k
            if s.log:
                k = sum(s.pend_marks[pb : pb + 4])
                values = "+".join(str(v) for v in (3, 2, 1, 0) for _ in range(s.pend_marks[pb + v]))
                s.emit(
                    "ballot",
                    f"{s.player_name(p)} plays the {AREA_NAMES[card]} card with {k} marker{'s' * (k != 1)}",
                    player=p,
                    area=card,
                    count=k,
                )
                s.emit("ballot_values", f"Your markers on {AREA_NAMES[card]}: {values}", player=p, to=(p,))
    clear_choices(s)
    s.rnd += 1
    if s.rnd >= rounds(s) or not s.waiting:  # nobody takes part in another round
        elections.begin_elections(s)


def clear_choices(s: DogeState) -> None:
    n = s.num_players
    s.pend_card = [NO_CARD] * n
    s.pend_marks = [0] * (4 * n)
    s.ready = [False] * n
    s.waiting = [p for p in range(n) if takes_part(s, p)]


def resample_player(s: DogeState, q: int, rng: Rng) -> None:
    """Redraw q's face-down marker values (keeping the public count on each area, and the markers
    turned up in this year's elections) and q's secret choice of this round (whether q has chosen
    is public, the choice is not)."""
    placed, hand, shown = s.placed, s.hand, s.shown
    first, end = q * NUM_AREAS * 4, (q + 1) * NUM_AREAS * 4  # q's stretch of `placed`
    values: list[int] = []  # every hidden value of q's, lowest first, then shuffled
    for v in range(4):
        values += [v] * (hand[q * 4 + v] - shown[q * 4 + v] + sum(placed[first + v : end : 4]))
    rng.shuffle(values)
    i = 0
    for b in range(first, end, 4):
        k = placed[b] + placed[b + 1] + placed[b + 2] + placed[b + 3]
        if k:
            drawn = values[i : i + k]
            placed[b : b + 4] = [drawn.count(0), drawn.count(1), drawn.count(2), drawn.count(3)]
            i += k
    rest = values[i:]
    s.hand[q * 4 : q * 4 + 4] = [rest.count(v) + s.shown[q * 4 + v] for v in range(4)]
    if s.phase != 0:
        return
    s.pend_marks[q * 4 : q * 4 + 4] = [0, 0, 0, 0]
    if not s.ready[q]:
        s.pend_card[q] = NO_CARD  # a half-made choice is as secret as a whole one
        return
    # q is ready: q holds markers (the hand's size is public) and has an unused card
    s.pend_card[q] = rng.choice([x for x in range(NUM_AREAS) if not s.used[q * NUM_AREAS + x]])
    for v in rest[: 1 + rng.below(min(len(rest), MAX_CARD_MARKERS))]:
        s.pend_marks[q * 4 + v] += 1
