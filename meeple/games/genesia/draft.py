"""Set-up's secret objectives and the Start of an Age: 15 Coins, 6 cards, the simultaneous draft
(pick 1, pass the rest: left in Ages I and III, right in Age II, until 5 are kept; the last card is
discarded unseen). Solo: no Coins, 5 cards (4 in Age III) dealt face up to each people, no draft."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import CARDS_BY_NO, appended

if TYPE_CHECKING:
    from .state import GenesiaState

AGE_COINS = 15
DEAL = 6
KEEP = 5


def keep_objective(s: GenesiaState, player: int, o: int) -> None:
    """Each player keeps one of their two objectives face down (secretly, all at once)."""
    s.objective[player] = o
    if s.log:
        s.emit("objective", f"{s.player_name(player)} keeps an objective", player=player)
    if 0 not in s.objective:
        start_age(s, 1)


def start_age(s: GenesiaState, age: int) -> None:
    s.age = age
    s.turn = 0
    if s.log:
        s.emit("age", f"Age {age} begins")
    if s.solo:
        # Ages I and III: the people drawn at set-up plays first; Age II: the other one.
        s.order = [s.first, 1 - s.first] if age != 2 else [1 - s.first, s.first]
        k = KEEP if age < 3 else KEEP - 1
        deck = s.decks[age - 1][:]  # decks are shared between clones: never changed in place
        for p in s.order:
            s.hands[p] = sorted(deck[-k:])
            del deck[-k:]
        s.decks = [deck if a == age - 1 else d for a, d in enumerate(s.decks)]
        s.phase = "growth"
        if s.log:
            for p in s.order:
                names = ", ".join(CARDS_BY_NO[c].name for c in s.hands[p])
                s.emit("deal", f"{s.people_name(p)} is dealt (face up): {names}")
        return
    deck = s.decks[age - 1][:]
    # new draft lists (clones share them outside the draft: see GenesiaState.clone)
    packs = []
    for p in range(s.num_players):
        s.coins[p] += AGE_COINS
        packs.append(deck[-DEAL:])
        del deck[-DEAL:]
    s.packs, s.kept, s.picks = packs, [[] for _ in packs], [0] * len(packs)
    s.decks = [deck if a == age - 1 else d for a, d in enumerate(s.decks)]
    s.phase = "draft"
    if s.log:
        for p in range(s.num_players):
            s.emit("deal", f"{s.player_name(p)} receives {AGE_COINS} Coins and {DEAL} cards", player=p)


def pass_to(s: GenesiaState, p: int) -> int:
    """The neighbour who receives p's cards: left (next seat) in Ages I and III, right in Age II."""
    return holder_after(s, p, 1)


def holder_after(s: GenesiaState, p: int, k: int) -> int:
    """Who holds the cards p passes k rounds later (k neighbours on, the way the Age passes)."""
    step = -k if s.age == 2 else k
    return (p + step) % s.num_players


def passed_from(s: GenesiaState, p: int) -> list[list[int]]:
    """The packs p passed this Age, worked out from the packs held now and the cards kept: the pack p
    passed in round t is, k rounds later, with the holder k neighbours on, less what each holder on the
    way kept."""
    rounds = len(s.kept[p])
    out = []
    for t in range(rounds):
        pack = s.packs[holder_after(s, p, rounds - t)][:]
        pack += [s.kept[holder_after(s, p, r - t)][r] for r in range(t + 1, rounds)]
        out.append(pack)
    return out


def pick(s: GenesiaState, player: int, c: int) -> None:
    s.picks[player] = c
    if s.log:
        s.emit("draft", f"{s.player_name(player)} picks a card", player=player)
    if 0 in s.picks:
        return
    n = s.num_players
    for p in range(n):
        s.packs[p].remove(s.picks[p])
        s.kept[p].append(s.picks[p])
        if s.log:
            s.emit("draft", f"(you picked {CARDS_BY_NO[s.picks[p]].name})", player=p, to=(p,))
        s.picks[p] = 0
    if len(s.kept[0]) == KEEP:
        for p in range(n):
            s.discards = appended(s.discards, p, *s.packs[p])  # the last card is discarded unseen
            s.packs[p] = []
            s.hands[p] = sorted(s.kept[p])
            s.kept[p] = []
        s.phase = "growth"
        if s.log:
            s.emit("phase", f"Age {s.age}: Growth")
        return
    new = [[] for _ in range(n)]
    for p in range(n):
        new[pass_to(s, p)] = s.packs[p]
    s.packs = new
