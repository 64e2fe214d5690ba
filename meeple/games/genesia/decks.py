"""Which Age cards are in play: the first-game colour sets by player count, a free choice of sets per
Age, the belligerent and management decks, custom decks, and the solo decks by difficulty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .data import CARDS_BY_NO, COLOURS, OBJECTIVES, card_doc


def parse_sets(text: str) -> str:
    """'blue+yellow+green' (every Age) or three groups 'b+y+g,b+p+r,g+p+r' ('/' also separates Ages)."""
    text = text.strip().lower()
    if not text:
        return ""
    groups = [g for g in text.replace("/", ",").split(",")]
    if len(groups) not in (1, 3):
        raise ValueError("give one group of colours for every Age or three groups (Ages I, II, III)")
    out = []
    for g in groups:
        cols = []
        for x in g.split("+"):
            x = x.strip()
            full = [c for c in COLOURS if c == x or c[0] == x]
            if len(full) != 1:
                raise ValueError(f"unknown colour {x!r}; colours: {', '.join(COLOURS)}")
            if full[0] in cols:
                raise ValueError(f"colour {full[0]} twice in one Age")
            cols.append(full[0])
        out.append("+".join(cols))
    return ",".join(out)


def numbers(group: str, what: str) -> list[int]:
    """'2+0+1' -> [2, 0, 1]; anything else is refused saying what a group must look like."""
    try:
        return [int(x) for x in group.split("+")]
    except ValueError:
        raise ValueError(f"{group.strip()!r} is not {what} joined by '+'") from None


def parse_cards(text: str) -> str:
    """Custom decks: three groups of card numbers, 'n+n+...,n+...,n+...' (Ages I, II, III)."""
    text = text.strip()
    if not text:
        return ""
    groups = text.replace("/", ",").split(",")
    if len(groups) != 3:
        raise ValueError("give three groups of card numbers separated by commas (Ages I, II, III)")
    out = []
    for age, g in enumerate(groups, 1):
        nums = numbers(g, "card numbers")
        for c in nums:
            if not 1 <= c <= 90 or CARDS_BY_NO[c].age != age:
                raise ValueError(f"card {c} is not an Age {age} card ({30 * age - 29}..{30 * age})")
        if len(set(nums)) != len(nums):
            raise ValueError(f"a card appears twice in the Age {age} deck")
        out.append("+".join(str(c) for c in nums))
    return ",".join(out)


def parse_teams(text: str) -> str:
    """'0+2,1+3': players (numbered from 0) of each team."""
    text = text.strip()
    if not text:
        return ""
    teams = [numbers(g, "player numbers") for g in text.split(",")]
    return ",".join("+".join(str(p) for p in t) for t in teams)


def set_colours(options: Mapping[str, Any], n: int) -> list[list[str]]:
    if options.get("sets"):
        groups = [g.split("+") for g in options["sets"].split(",")]
        return groups * 3 if len(groups) == 1 else groups
    table = card_doc()["first_game"][str(max(n, 1))]
    return [list(table)] * 3


def _of_colours(age: int, colours: list[str]) -> list[int]:
    return [c for c in range(30 * age - 29, 30 * age + 1) if CARDS_BY_NO[c].colour in colours]


THEMES = {"belligerent": "A", "management": "F"}


def themed_cards(age: int, theme: str) -> list[int]:
    """Advanced Rules: "gather all the Attack cards" (belligerent) / "all the End-of-Age cards"
    (management) of the Age: the cards bearing that icon (four-icon cards, played in any phase, are
    not counted as either)."""
    icon = THEMES[theme]
    out = []
    for c in range(30 * age - 29, 30 * age + 1):
        icons = CARDS_BY_NO[c].icons
        if icon in icons and icons != "GEAF":
            out.append(c)
    return out


def special_deck(age: int, n: int, theme: str) -> list[int]:
    """Every card of the theme, then the first-game sets (in the table's order) for the rest of the
    6 cards a player, topped up in card order from the rest of the Age when cards overlap."""
    themed = themed_cards(age, theme)
    table = card_doc()["first_game"][str(n)]
    rest = [c for colour in table for c in _of_colours(age, [colour]) if c not in themed]
    deck = themed + rest
    for c in range(30 * age - 29, 30 * age + 1):
        if len(deck) >= 6 * n:
            break
        if c not in deck:
            deck.append(c)
    return sorted(deck[: 6 * n])


def build_decks(options: Mapping[str, Any], n: int) -> list[list[int]]:
    if n == 1:
        removed = set(card_doc()["solo_remove"][options.get("difficulty", "beginner")])
        return [[c for c in _of_colours(age, ["blue", "yellow"]) if c not in removed] for age in (1, 2, 3)]
    deck = options.get("deck", "first-game")
    if deck == "custom":
        return [sorted(int(x) for x in g.split("+")) for g in options["cards"].split(",")]
    if deck in ("belligerent", "management"):
        return [special_deck(age, n, deck) for age in (1, 2, 3)]
    cols = set_colours(options, n)
    return [_of_colours(age, cols[age - 1]) for age in (1, 2, 3)]


def objective_pool(decks: list[list[int]]) -> list[int]:
    """Only the objectives of the colours of the Age cards in use are dealt."""
    used = {CARDS_BY_NO[c].colour for d in decks for c in d}
    return [o.id for o in OBJECTIVES if o is not None and o.colour in used]
