"""Río de la Plata's observation vector for learning agents (layout in docs/rl.md), from a player's
view. Nothing is hidden in Río de la Plata but the dice to come, so the view is the whole position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import Counts, Indexed, Layout, Number, Numbers, OneHot, Rows, Seat

from .board import CATHEDRAL, CELLS, ENEMY_MAX, PALACE, POSITIONS, ROADS, SEGMENTS
from .game import PHASES
from .state import PLAYER_FIELDS
from .trades import TRADE_LEN
from .war_state import ATT, STAGES

KINDS = range(1, CATHEDRAL + 1)  # building kinds: 1..11 minor, the Palace, the Cathedral
TILE_KINDS = (PALACE, CATHEDRAL, -3, -5)  # a pending tile: a Major's kind, walls (-3), roads (-5)
# how far each player field runs (its divisor); a field not named here is divided by 10
PLAYER_SCALES = {"vp": 50.0, "precious": 10.0, "silver": 10.0, "bid": 10.0}


def layout(num_players: int, options: Mapping[str, Any]) -> Layout:
    from . import GAME  # the set-up gives the shapes that depend on the player count

    setup = GAME.new_state(num_players, 0, options).view(0)
    n = num_players
    players = range(n)
    owners = range(-1, n)  # -1: nobody
    verbs = [entry[0] for entry in GAME.action_grammar(n, options)]
    return Layout(
        [
            Seat(n),
            Number("turn", 20, "the game turn, over 20"),
            Number("num_turns", 20, "the game's length in turns (15 or 20), over 20"),
            OneHot("phase", PHASES, "the phase of the turn"),
            Number("cur", n, "the place in the order of the player placing or resolving, over the players"),
            OneHot("order", players, "the player order, one player per place", rows=n),
            Rows(
                "players",
                [Number(f, PLAYER_SCALES.get(f, 10.0), f, name=f) for f in PLAYER_FIELDS],
                f"each player: a 1, then {', '.join(PLAYER_FIELDS)} (vp over 50, others over 10)",
                rows=n,
            ),
            Indexed(
                "buildings",
                CELLS,
                [OneHot(1, KINDS, "kind", name="kind"), OneHot(2, owners, "owner", name="owner")],
                "each of the 160 city spaces: its building's kind (1..13) and owner (-1: none) one-hot",
            ),
            Indexed(
                "workers",
                CELLS,
                [OneHot(1, players, "owner", name="owner"), Number(2, 3, "workers, over 3", name="count")],
                "each city space: its workers' owner and how many (over 3)",
            ),
            Indexed(
                "activations", CELLS, [OneHot(1, players, "player", name="player")],
                "each city space: the player whose worker activates its building",
            ),
            Counts("built_now", range(CELLS), "the spaces built on this turn"),
            Rows(
                "grids",
                [OneHot(None, owners, "owner", rows=max(len(g) for g in setup["grids"]), name="spaces")],
                "each placement grid: a 1, then the owner of each space (-1: free)",
                rows=len(setup["grids"]),
            ),
            Numbers("completed", len(setup["completed"]), 5, "completions of each Major building, over 5"),
            Counts("walls", range(SEGMENTS), "the wall segments built"),
            Counts("roads", range(ROADS), "the roads built"),
            Rows(
                "mine",
                [OneHot(None, owners, "owner", rows=max(len(t) for t in setup["mine"]), name="spaces")],
                "each mine track: a 1, the owner of each space",
                rows=len(setup["mine"]),
            ),
            Rows(
                "offices",
                [
                    OneHot("owner", owners, "owner", rows=len(setup["offices"]["owner"]), name="owner"),
                    Numbers("turn", len(setup["offices"]["turn"]), 20, "turn taken", name="turn"),
                    Numbers("bid", len(setup["offices"]["bid"]), 10, "bid", name="bid"),
                ],
                "a 1, each office's owner (one-hot), the turn it was taken (over 20), its bid (over 10)",
            ),
            Rows(
                "ship",
                [
                    Numbers("cargo", 3 * n, 4, "each player's three resources aboard, over 4", name="cargo"),
                    Number("away", 1, "away", name="away"),
                    Number("depart", 1, "departing", name="depart"),
                    Number("shipments", 5, "shipments, over 5", name="shipments"),
                ],
                "a 1, the Ship's cargo per player, away, departing, shipments",
            ),
            Numbers("enemies", 2, ENEMY_MAX, "the Natives' and the Pirates' places on the enemies track"),
            Rows(
                "tile",
                [
                    OneHot(0, TILE_KINDS, "kind", name="kind"),
                    OneHot(1, players, "player", name="player"),
                    Number(2, 10, "pieces left, over 10", name="left"),
                ],
                "a pending tile placement: a 1, Palace / Cathedral / walls / roads, its player, pieces left",
            ),
            Numbers(
                "trade", TRADE_LEN, 10,
                "a negotiation in progress (trades.py): from, to, stage, counters so far, then what is given"
                " and what is asked: silver, wood, stone, precious metal, offices as a bit mask (over 10)",
            ),
            Rows(
                "pick",
                [OneHot(0, verbs, "verb", name="verb"), Number(1, CELLS, "its argument, over 160", name="arg")],
                "a chosen first step: a 1, its verb (one-hot over the action verbs), its argument",
            ),
            Number("roll", 12, "the last war check's dice, over 12"),
            Rows(
                "war",
                [
                    OneHot("enemy", (0, 1), "Natives or Pirates", name="enemy"),
                    OneHot("attacker", players, "the attacked player", name="attacker"),
                    Counts("defenders", players, "the defending players", name="defenders"),
                    OneHot("stage", STAGES, "the war's stage", name="stage"),
                    Number("pool", 20, "attackers still to deploy, over 20", name="pool"),
                    Indexed(
                        "groups",
                        POSITIONS,
                        [Counts(1, (ATT, *players), "tokens: attackers, then each player's", name="tokens")],
                        "each position (160 spaces, then 160 outside): its group's tokens",
                        name="groups",
                    ),
                    Counts("offlimits", range(CELLS), "spaces out of play", name="offlimits"),
                    OneHot("gunner", owners, "the gunner (-1: none)", name="gunner"),
                    Number("gunner_char", 1, "the gunner holds the Gunner office", name="gunner_char"),
                    Number("kills", 10, "kills left, over 10", name="kills"),
                    Number("rec", n, "the defender recruiting, over the players", name="rec"),
                    Number("rec_free", 5, "free recruits", name="rec_free"),
                    Number("rec_paid", 5, "paid recruits", name="rec_paid"),
                    Number("wturn", 10, "war turn, over 10", name="wturn"),
                    Number("quiet", 5, "war turns without a battle, over 5", name="quiet"),
                    Number("fought_now", 1, "a battle this war turn", name="fought_now"),
                    Number("mover", n + 1, "the player moving (index in attacker + defenders)", name="mover"),
                    Counts("moved", range(POSITIONS), "groups that moved this war turn", name="moved"),
                    Counts("bonus", range(POSITIONS), "groups given their bonus move", name="bonus"),
                    Counts("merged", range(POSITIONS), "groups formed by a merge", name="merged"),
                    Indexed(
                        "fought", POSITIONS, [Number(1, 10, "war turn of its last battle", name="turn")],
                        "each position: the war turn of its group's last battle, over 10", name="fought",
                    ),
                    Counts("refused", range(POSITIONS), "groups whose merge was refused", name="refused"),
                    Numbers("consent", 3, POSITIONS, "a merge waiting for consent: from, to, commander", name="consent"),
                    Number("keep", n, "the defender deciding which groups stay, over the players", name="keep"),
                    Number("battles", 10, "battles fought, over 10", name="battles"),
                ],
                "the war under way: a 1, then its fields (enemy, attacker, defenders, stage, groups...)",
            ),
            Counts("to_move", players, "the players to move now"),
        ],
        skipped={
            "tally": "counts for reports (not part of the position)",
        },
    )
