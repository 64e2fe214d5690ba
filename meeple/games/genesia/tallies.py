"""What each people used in a game, one count per kind of element, for `meeple simulate --stats`
(`State.tallies`) and `meeple report` (`State.player_tallies`): each Age card played, the cards played
against those discarded for 4 Coins, End-of-Age cards by Age, Inventions played and copied, the
objective kept and whether it scored, Assaults, and at the end each category of the final score.
Read from the state alone (no log needed), as the rulebook counts them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import CARDS_BY_NO, objective_by_id
from .scoring import breakdown

if TYPE_CHECKING:
    from .state import GenesiaState

AGES = ("I", "II", "III")
# the final score's categories, as scoring.breakdown names them, and as the rulebook does
CATEGORIES = (("progress", "Progress"), ("radiance", "Radiance"), ("conquest", "Conquest"), ("objective", "Objective"))


def end_of_age_card(c: int) -> bool:
    """A card played only in the End of the Age (the End-of-Age icon alone): Progress Points for this
    Age, or an Invention."""
    return CARDS_BY_NO[c].icons == "F"


def draft_leftovers(s: GenesiaState) -> int:
    """Cards each player discarded unseen at the end of a draft ("Discard the last card"), one an
    Age whose draft is over; the solo game has no draft."""
    if s.solo:
        return 0
    return s.age - (1 if s.phase in ("objective", "draft") else 0)


def people_tallies(s: GenesiaState, p: int, names: bool) -> dict[str, int]:
    """People p's counts; `names` adds each card's English name to its key ("card 07 Mammoth Hunt")."""
    out: dict[str, int] = {}
    for c in s.played[p]:
        out[f"card {c:02d} {CARDS_BY_NO[c].en}" if names else f"card {c:02d}"] = 1
        if end_of_age_card(c):
            key = f"End-of-Age cards Age {AGES[CARDS_BY_NO[c].age - 1]}"  # played only in their Age
            out[key] = out.get(key, 0) + 1
    out["cards played"] = len(s.played[p])
    out["cards discarded"] = len(s.discards[p]) - draft_leftovers(s)
    out["Inventions played"] = sum(CARDS_BY_NO[c].invention for c in s.played[p])
    out["Inventions copied"] = len(s.copies[p])
    out["Assaults"] = s.assaults[p]
    if not s.solo and s.objective and s.objective[p]:
        out[f"objective {objective_by_id(s.objective[p]).en}"] = 1
    if s.is_terminal():
        points = breakdown(s, p)
        for key, name in CATEGORIES:
            out[f"{name} points"] = points[key]
        if points["objective"] > 0:
            out[f"objective met {objective_by_id(s.objective[p]).en}"] = 1
    return {k: v for k, v in out.items() if v}


def added(counts: list[dict[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in counts:
        for k, v in c.items():
            out[k] = out.get(k, 0) + v
    return out


def game_tallies(s: GenesiaState) -> dict[str, int]:
    """Every people's counts added up (summed over games by `meeple simulate --stats`: each card is in
    the game once, so "card 07" counts the games in which it was played)."""
    return added([people_tallies(s, p, names=False) for p in range(s.peoples)])


def player_tallies(s: GenesiaState) -> list[dict[str, int]]:
    """Each player's counts, cards by number and name; the solo player's are both peoples' together
    (one mind directs them)."""
    per = [people_tallies(s, p, names=True) for p in range(s.peoples)]
    return [added(per)] if s.solo else per
