"""Genesia's observation vector for learning agents (layout in docs/rl.md), from a player's view.

The solo game has two peoples, both the player's: every per-people part has a row for each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import Counts, Layout, Length, Number, Numbers, OneHot, Rows, Seat

from .data import OBJECTIVES, board_for
from .draft import KEEP
from .views import PENDING, PHASES

CARDS = range(1, 91)  # card numbers
PENDING_SHOWN = 3  # the top of the sub-decision stack


def layout(num_players: int, options: Mapping[str, Any]) -> Layout:
    P = max(2, num_players)  # peoples on the board
    R = board_for(P).size
    peoples = range(P)
    regions = range(R)
    objectives = range(len(OBJECTIVES))  # 0: none chosen yet
    return Layout(
        [
            Seat(num_players),
            OneHot("age", (1, 2, 3), "the Age"),
            OneHot("phase", PHASES, "the phase"),
            OneHot("order", peoples, "the turn order, one people per place", rows=P),
            Number("turn", P, "the place in the turn order of the people playing, over the peoples"),
            Numbers("coins", P, 20, "each people's Coins, over 20"),
            Numbers("clans", P * R, 10, "each people's Clans in each Region (rows of Regions), over 10"),
            OneHot("cities", range(-1, P), "each Region's City owner (-1 first: none)", rows=R),
            Counts("home_cities", regions, "the Homelands where each people has a City", rows=P),
            Counts("played", CARDS, "the cards each people has played, by card number", rows=P),
            Counts("copies", CARDS, "the opponents' Inventions each people copied", rows=P),
            Numbers("end_pp", P, 10, "Progress Points from End-of-Age cards this Age, over 10"),
            Rows(
                "pp",
                [Numbers(None, 3, 20, "Progress Points of Ages I-III, over 20", name="ages")],
                "each people: a 1, the Progress Points scored at the end of each finished Age",
                rows=P,
            ),
            Numbers("free_moves", P, 5, "free Moves from cards this Age, over 5"),
            Numbers("recruit_cost", P, 5, "the cost of recruiting a Clan this Age, over 5"),
            Numbers("row_free", P, 1, "1 for a people that pays no Right of Way this Age"),
            Numbers("war_bonus", P, 5, "Clans the defender first loses in this people's Assaults, over 5"),
            Numbers("war_guard", P, 5, "Clans an attacker first loses in Assaults on this people, over 5"),
            Numbers("equal_attack", P, 1, "1: may attack a Region with as many Clans"),
            Numbers("nobel", P, 1, "1: Nobel Peace Prize this Age"),
            Numbers("assaults", P, 10, "Assaults launched during the game, over 10"),
            Numbers("revealed", P, 1, "the War/Peace tiles revealed at the last reveal (1 War, 0 Peace, -1 none)"),
            OneHot("attackers", peoples, "the peoples who chose War this round, in turn order", rows=P),
            Number("attacker_index", P, "whose Assault it is among them, over the peoples"),
            Number("calm", 1, "1 while no Assault was launched this round"),
            Rows(
                "chosen",
                [Counts(None, [c for c in range(-90, 91) if c], "+card: play, -card: discard", name="cards")],
                "End of Age, the observing player's secret choice: a 1, +n a card to play, -n one to discard",
                rows=P,
            ),
            Numbers("ready", P, 1, "End of Age: 1 when the people has finished choosing"),
            Rows(
                "assault",
                [
                    OneHot(0, peoples, "attacker", name="attacker"),
                    OneHot(1, regions, "from", name="from"),
                    OneHot(2, regions, "to", name="to"),
                    OneHot(3, range(-1, P), "defender", name="defender"),
                    Number(4, 5, "stage", name="stage"),
                    Number(5, 1, "free siege", name="free_siege"),
                    Number(6, 1, "cancelled", name="cancelled"),
                ],
                "the Assault under way: a 1, attacker, from, to, defender, stage, free siege, cancelled",
            ),
            Length("pending", 5, "sub-decisions stacked, over 5"),
            Rows(
                "pending",
                [
                    OneHot(0, PENDING, "kind", name="kind"),
                    OneHot(1, peoples, "the people deciding", name="people"),
                    Number(2, R, "first argument (a Region or a count), over the Regions", name="a"),
                    Number(3, R, "second argument, over the Regions", name="b"),
                ],
                f"the top {PENDING_SHOWN} sub-decisions (latest last): a 1, kind, people, two arguments",
                rows=PENDING_SHOWN,
                keep="last",
            ),
            Counts("choosers", peoples, "turn-order choice: peoples still to choose"),
            OneHot("new_order", range(-1, P), "turn-order choice: the people in each position (-1: free)", rows=P),
            Counts("hands", CARDS, "hands: the observer's cards; others' only their count (last column, over 10)", rows=P, sizes=10),
            Counts("packs", CARDS, "draft packs: the observer's cards; others' count", rows=P, sizes=10),
            Counts("kept", CARDS, "draft picks kept face down: the observer's cards; others' count", rows=P, sizes=10),
            Rows(
                "passed",
                [
                    Counts(
                        None,
                        CARDS,
                        "the packs passed, first passed first: the observer's cards; others' count",
                        rows=KEEP - 1,
                        sizes=10,
                        name="packs",
                    )
                ],
                "draft: the packs each player passed this Age, as passed (a player remembers its own): a 1, a pack a block",
                rows=P,
            ),
            OneHot(
                "picked",
                (False, True, *range(91)),
                "this draft round's pick: another's picked-or-not, the observer's card (0: not yet)",
                rows=P,
            ),
            Numbers("decks", 3, 30, "undealt cards of Ages I, II, III, over 30"),
            Counts("discards", CARDS, "discards: the observer's cards; others' count", rows=P, sizes=10),
            Counts(
                "objective_options", objectives, "the objectives dealt: the observer's; others' count", rows=P, sizes=2
            ),
            OneHot(
                "objective",
                (False, True, *objectives),
                "the objective kept: another's chosen-or-not (its number at the end), the observer's",
                rows=P,
            ),
            OneHot(
                "war_peace",
                (False, True, -1, 0, 1),
                "this round's War/Peace tile: another's chosen-or-not, the observer's (-1 none, 0 Peace, 1 War)",
                rows=P,
            ),
        ],
        skipped={
            "peoples": "the number of peoples (constant for a player count)",
            "board": "the Regions' names and values (constant for a player count)",
            "you": "the observing player (the seat part)",
        },
    )
