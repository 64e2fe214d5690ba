"""End of an Age: free Cities, End-of-Age cards and discards, Progress Points, next turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action

from .cards import DISCARD_COINS, REACTIONS, card_fits_phase, count, discard, play
from .data import CARDS_BY_NO, appended
from .growth import RECRUIT_COST

if TYPE_CHECKING:
    from .state import GenesiaState


def start_end(s: GenesiaState) -> None:
    s.phase = "end_cards"
    s.turn = 0
    if s.log:
        s.emit("phase", f"End of Age {s.age}")
    build_cities(s)
    if s.solo:  # one mind directs both peoples: the step is played people by people
        skip_idle(s)
        return
    # step 2 is simultaneous: each player secretly lists the cards they play or discard, then all are
    # revealed and carried out (in turn order, copy windows included)
    s.chosen = [[] for _ in range(s.peoples)]
    # everyone holding cards chooses (even with nothing to play: whether one has an End-of-Age card is
    # secret); an empty hand (public) has nothing to choose
    s.ready = [0 if s.hands[p] else 1 for p in range(s.peoples)]
    if all(s.ready):
        reveal_end(s)


def build_cities(s: GenesiaState) -> None:
    """A free City in each Region without one where you have 2 Clans or more, Homelands included (20
    at most), for every player at once ("simultaneously"). Only a Homeland holds several players'
    Clans, and it holds a City of each (decision 3), so no player's City there keeps another's out."""
    b = s.board
    for p in s.order:  # the order only orders the log: no City here keeps another player's out
        row = s.clans[p]
        for r in range(b.size):
            if row[r] >= 2 and s.may_build(p, r) and s.reserve_cities(p) > 0:
                s.set_city(r, p)
                if s.log:
                    s.emit("city", f"{s.people_name(p)} builds a City in {b.names[r]}", player=p, regions=[r])


def has_end_decision(s: GenesiaState, p: int) -> bool:
    for c in s.hands[p]:
        card = CARDS_BY_NO[c]
        if card.kind == "copy" or ("F" in card.icons and card.kind not in REACTIONS):
            return True
    return False


def discard_rest(s: GenesiaState, p: int) -> None:
    hand = s.hands[p]
    if hand:
        s.coins[p] += DISCARD_COINS * len(hand)
        s.discards = appended(s.discards, p, *hand)
        if s.log:
            s.emit(
                "discard",
                f"{s.people_name(p)} discards {len(hand)} card{'s' if len(hand) > 1 else ''} for {DISCARD_COINS * len(hand)} Coins",
            )
        s.hands[p] = []


def skip_idle(s: GenesiaState) -> None:
    """Peoples with no End-of-Age card (nor copy card) left just discard; then Progress Points."""
    while s.turn < len(s.order):
        p = s.order[s.turn]
        if has_end_decision(s, p):
            return
        discard_rest(s, p)
        s.turn += 1
    count_progress(s)


def balance(s: GenesiaState, p: int) -> int:
    """Coins p will have after the cards they chose so far (costs paid, Coins gained, 4 per discard)."""
    coins = s.coins[p]
    for x in s.chosen[p]:
        if x < 0:
            coins += DISCARD_COINS
            continue
        card = CARDS_BY_NO[x]
        coins -= card.cost
        if card.kind == "coins":
            coins += card.n
        elif card.kind == "coins_per":
            coins += card.n * count(s, p, card.what)
    return coins


def choice_actions(s: GenesiaState, p: int) -> list[Action]:
    """Secret choice of step 2: End-of-Age cards to play (affordable with the Coins the earlier choices
    leave), cards to discard for 4 Coins, or done (the rest is discarded after the reveal anyway)."""
    taken = {abs(x) for x in s.chosen[p]}
    free = sorted(c for c in s.hands[p] if c not in taken)
    coins = balance(s, p)
    out: list[Action] = []
    for c in free:
        card = CARDS_BY_NO[c]
        if card.cost <= coins and card_fits_phase(card, "F"):
            out.append(("play", c))
    out += [("discard", c) for c in free]
    out.append(("done",))
    return out


def choose(s: GenesiaState, p: int, action: Action) -> None:
    verb = action[0]
    if verb == "play":
        s.chosen[p].append(action[1])
    elif verb == "discard":
        s.chosen[p].append(-action[1])
    else:
        s.ready[p] = 1
        if s.log:
            s.emit("ready", f"{s.people_name(p)} has chosen their End-of-Age cards", player=p)
    if verb != "done" and s.log:
        s.emit("choose", f"(you {'play' if verb == 'play' else 'discard'} {CARDS_BY_NO[action[1]].name})",
               player=p, to=(p,))
    if all(s.ready):
        s.turn = 0
        reveal_end(s)


def reveal_end(s: GenesiaState) -> None:
    """Carry out the chosen cards, people by people in turn order; a copy window pauses it (after_action
    resumes). A card that became unaffordable (the player paid for a copy meanwhile) is not played: it is
    discarded with the rest. Then every hand is discarded for 4 Coins a card, and Progress is counted."""
    while s.turn < len(s.order):
        p = s.order[s.turn]
        while s.chosen[p]:
            x = s.chosen[p].pop(0)
            if x < 0:
                if -x in s.hands[p]:
                    discard(s, p, -x)
            elif x in s.hands[p] and CARDS_BY_NO[x].cost <= s.coins[p]:
                play(s, p, x)
                if s.pend:
                    return
        s.turn += 1
    for p in s.order:
        discard_rest(s, p)
    s.ready = [0] * s.peoples
    count_progress(s)


def finish_turn(s: GenesiaState, p: int) -> None:
    discard_rest(s, p)
    s.turn += 1
    skip_idle(s)


def age_progress(s: GenesiaState, p: int) -> int:
    """End-of-Age cards of this Age plus every Invention played or copied, whatever its Age."""
    return s.end_pp[p] + sum(CARDS_BY_NO[c].pp for c in s.inventions(p))


def count_progress(s: GenesiaState) -> None:
    from .draft import start_age

    n = s.peoples
    for p in range(n):
        s.pp = appended(s.pp, p, age_progress(s, p))
        if s.log:
            s.emit(
                "progress",
                f"{s.people_name(p)} scores {s.pp[p][-1]} Progress Points in Age {s.age}",
                player=p,
            )
    # effects are valid only during the Age in which the card was played
    s.credit, s.rcost, s.rowfree = [0] * n, [RECRUIT_COST] * n, [0] * n
    s.bonus, s.guard, s.equal, s.nobel, s.end_pp = [0] * n, [0] * n, [0] * n, [0] * n, [0] * n
    s.turn = 0
    if s.age == 3:
        s.phase = "over"
        if s.log:
            res = s.result()
            shown = ", ".join(f"{s.player_name(p)} {sc}" for p, sc in enumerate(res.scores))
            s.emit("end", f"Game over: {shown}")
        return
    if s.solo:
        start_age(s, s.age + 1)
        return
    start_turn_order(s)


def start_turn_order(s: GenesiaState) -> None:
    """Fewest Progress Points this Age choose first; ties choose in the current turn order."""
    s.choosers = sorted(s.order, key=lambda p: (s.pp[p][-1], s.order.index(p)))
    s.new_order = [-1] * s.peoples
    s.phase = "turn_order"
    _auto_last(s)


def choose_position(s: GenesiaState, p: int, k: int) -> None:
    s.new_order[k] = p
    s.choosers.pop(0)
    if s.log:
        s.emit("order", f"{s.people_name(p)} takes position {k + 1} for Age {s.age + 1}", player=p, position=k)
    _auto_last(s)


def _auto_last(s: GenesiaState) -> None:
    from .draft import start_age

    if len(s.choosers) == 1:
        p = s.choosers.pop()
        k = s.new_order.index(-1)
        s.new_order[k] = p
        if s.log:
            s.emit("order", f"{s.people_name(p)} takes the remaining position {k + 1}", player=p, position=k)
    if not s.choosers:
        s.order = s.new_order
        s.new_order = []
        start_age(s, s.age + 1)
