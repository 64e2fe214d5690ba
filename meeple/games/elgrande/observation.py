"""El Grande's observation vector for learning agents (layout in docs/rl.md), from a player's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import Counts, Layout, Number, Numbers, OneHot, Rows, Seat

from .data import CABALLEROS, CARDS, COLONY, GOLD, NUM_AREAS, STACKS, WARES
from .phases import DISK_NAMES, PHASE_NAMES

POWER = range(1, 14)  # power card values
KEPT_MAX = sum(1 for c in CARDS if c["stack"] == 7)  # 7th-stack cards that may be kept at once


def layout(num_players: int, options: Mapping[str, Any]) -> Layout:
    n = num_players
    seats = range(n)
    areas = range(NUM_AREAS)
    cards = range(-1, len(CARDS))  # -1: none
    return Layout(
        [
            Seat(n),
            Counts("rounds", range(1, 10), "the round numbers played (the short game skips some)"),
            Number("round_i", 9, "rounds done, over 9"),
            OneHot("phase", PHASE_NAMES, "the phase of the round"),
            Numbers("scores", n, 100, "each player's score, over 100"),
            Numbers("parts", n * 3, 100, "each player's points from general scorings, special scorings, Gold & Wares"),
            Numbers("cab", n * NUM_AREAS, 10, "each player's Caballeros in each of the 14 areas (Castillo = 9), over 10"),
            Numbers("court", n, CABALLEROS, "each player's Caballeros at court, over 30"),
            Numbers("prov", n, CABALLEROS, "each player's Caballeros in the provinces, over 30"),
            OneHot("grande", areas, "each player's Grande's region", rows=n),
            OneHot("king", areas, "the King's region"),
            OneHot("mobile", range(-1, NUM_AREAS), "the 8/4/0 and 4/0/0 scoreboards' regions (-1: beside the board)", rows=2),
            OneHot("france", range(-1, n), "owner of France's Ambassador, Envoy and third space (-1: empty)", rows=3),
            OneHot("captain", range(-1, n), "the Captain's owner (-1: none)"),
            OneHot("viceroy", range(-1, n), "the Viceroy's owner (-1: none)"),
            Rows(
                "discs",
                [
                    OneHot(0, (GOLD, WARES), "Gold or Wares", name="kind"),
                    OneHot(1, areas, "where it lies", name="area"),
                    OneHot(2, range(-1, n), "who carries it (-1: nobody)", name="carrier"),
                ],
                "the Colonies' discs on the board: a 1, Gold or Wares, area, carrier",
                rows=COLONY["gold_supply"] + COLONY["wares_supply"],
            ),
            Rows(
                "supply",
                [
                    Number("gold", COLONY["gold_supply"], "Gold discs", name="gold"),
                    Number("wares", COLONY["wares_supply"], "Wares discs", name="wares"),
                ],
                "a 1, the Gold and Wares discs beside the board, over their supply",
            ),
            Counts("used", POWER, "each player's spent power cards (another's: with those taken back in secret)", rows=n),
            Counts("back", POWER, "the observing player's cards taken back in secret (others' rows are empty)", rows=n),
            Counts("maybe", POWER, "the cards each player's secret take-back may have been", rows=n),
            OneHot("played", range(14), "each player's power card this round (0: none yet)", rows=n),
            OneHot("order", seats, "the bidding order, one player per place", rows=n),
            Number("bid_i", n, "places of the bidding order done, over the players"),
            OneHot("turns", seats, "the turn order, one player per place", rows=n),
            Number("turn_i", n, "turns done, over the players"),
            Rows(
                "decks",
                [Number(str(st), 12, f"stack {st}", name=f"stack{st}") for st in STACKS],
                "a 1, then the cards left in each action-card stack (1, 2, 3, 4, 7), over 12",
            ),
            Counts("faceup", range(len(CARDS)), "the action cards face up this round"),
            Rows(
                "vetoes",
                [
                    OneHot(0, range(len(CARDS)), "the Veto! card", name="card"),
                    OneHot(1, seats, "its holder", name="holder"),
                    Number(2, 9, "the round it was taken", name="round"),
                ],
                "the Veto! cards held: a 1, the card, its holder, the round it was taken",
                rows=2,
                keep="first",
            ),
            OneHot(
                "disk",
                (-1, "set", *areas),
                "each player's secret disk: -1 none, 'set' (another's, region hidden), the observer's region",
                rows=n,
            ),
            Numbers("disk_need", n, 1, "1 for each player who must set the disk now"),
            OneHot("disk_kind", DISK_NAMES, "what the disks are for"),
            OneHot("cur", range(-1, n), "the player whose turn it is"),
            OneHot("card", cards, "the action card taken this turn (-1: none yet)"),
            Number("placed", 10, "Caballeros placed this turn, over 10"),
            Number("place_state", 2, "placement: 0 not begun, 1 under way, 2 closed (over 2)"),
            Number("special_done", 1, "1 when the card's special action is done"),
            Numbers("fresh", 9, 5, "free ship moves: Caballeros that arrived this turn (Ship, America, Med x carry)"),
            Numbers("fresh_roles", 2, 1, "the on-turn player's Captain / Viceroy arrived this turn"),
            OneHot("eff", cards, "the card whose special action runs (-1: none)"),
            Number("sub", 4, "the sub-effect being carried out (-1: the main one), over 4"),
            Number("step", 10, "the special action's step, over 10"),
            Number("left", 10, "moves left in the special action, over 10"),
            Number("own_left", 10, "own Caballeros left to move, over 10"),
            Number("opp_left", 10, "opponents' Caballeros left to move, over 10"),
            OneHot("lock", range(-1, NUM_AREAS), "the region chosen for the effect (-1: none)"),
            Numbers("held", 3, NUM_AREAS, "the Caballero picked up: owner, area, carry (over 14; empty: none)"),
            Counts("queue", seats, "players still to answer (veto holders, players returning Caballeros)"),
            Number("arg", NUM_AREAS, "the effect's argument, over 14"),
            Number("last_start", n, "the player who started the last round, over the players"),
            Rows(
                "kept",
                [
                    OneHot(0, range(len(CARDS)), "the card", name="card"),
                    OneHot(1, seats, "its holder", name="holder"),
                ],
                "7th-stack cards kept for a later special action: a 1, the card, its holder",
                rows=KEPT_MAX,
            ),
            Numbers("post", 2, NUM_AREAS, "the empty Captain's/Viceroy's space offered: area, owner (over 14)"),
            Counts("asking", seats, "Veto! holders still to answer"),
            Numbers("taken_back", n, 13, "how many cards each player took back in secret, over 13"),
            Counts("to_move", seats, "the players to move now"),
        ],
        skipped={
            "faceup_names": "the face-up cards' names (text; the cards are the faceup part)",
            "areas": "the area names (constant)",
            "player": "the observing player (the seat part)",
        },
    )
