"""El Grande (Hans im Glück 1995) with the Colonies regions of "Grand Inquisitor & Colonies" as an
option: set-up, options, the action grammar and the state document reader."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import Game, Option, Rng

from . import flow
from .data import (
    CABALLEROS,
    COLONY,
    GOLD,
    NUM_AREAS,
    NUM_CARDS,
    SHORT_ROUNDS,
    SPAIN,
    STACKS,
    WARES,
    deck_cards,
)
from .state import ElGrandeState

SEATS = ("Red", "Yellow", "Green", "Blue", "Black")


class ElGrande(Game):
    id = "elgrande"
    title = "El Grande"
    min_players = 2
    max_players = 5
    seat_names = SEATS
    hidden_information = True
    simultaneous = True
    optional_fields = ("fresh_roles",)  # documents written before the Captain/Viceroy's arrivals: [0, 0]
    description = ("Area majorities in 15th-century Spain: power cards, action cards, the King and the "
                   "secret Castillo; option colonies=true adds France, the Ship, America and the Mediterranean.")
    # MCTS (docs/bots.md, "El Grande, session 33"): the greedy bot's four best moves, each played on by
    # greedy players for four decisions (about one turn; a greedy rollout to the round's end is some 40
    # greedy decisions) and judged there by the evaluation, on common futures of chance, the move of the
    # best value played: a rollout algorithm over the greedy bot. Against three greedy seats it won 7 of
    # 12 games, margin +3.0; the search of random playouts 9 of 24, margin -6.5
    # temp=10 shapes only the move hint's win rates (a cut-off playout judged by a softmax of the estimates,
    # not 1 to the leader, which gave 100% and 0%): seats 10 points behind on average won some 27% of
    # 100 games (the plans' arenas), the odds that a 10-point temperature gives
    bot_defaults = {"mcts": {"depth": 4, "rollout": "greedy", "prune": 4, "tree": 1, "pick": "value", "crn": 1,
                             "temp": 10.0}}
    options = (
        Option("short", False, "the short game: 6 rounds (rounds 1, 4 and 7 are skipped)", kind=bool),
        Option("veto", True, "play with the two Veto! cards (false: without them, as Board Game Arena offers)",
               kind=bool),
        Option("colonies", False, "add the Colonies regions (France, Ship, America, Mediterranean), Gold, "
               "Wares and the 7th stack", kind=bool),
    )

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> ElGrandeState:
        s = ElGrandeState(self, num_players, options, Rng(seed))
        _blank(s, num_players, options)
        rng = s.rng
        cards = list(SPAIN)
        rng.shuffle(cards)
        s.king = cards.pop()  # the first region card revealed takes the King
        home = 2
        for p in range(num_players):
            s.grande[p] = cards.pop()
            s.cab[p][s.grande[p]] = home
            s.court[p] = 7
            s.prov[p] = CABALLEROS - home - 7
        for i, st in enumerate(STACKS):
            d = deck_cards(st, options["veto"]) if (st != 7 or s.colonies) else []
            rng.shuffle(d)
            s.decks[i] = d
        if s.colonies:
            s.supply = [0, COLONY["gold_supply"], COLONY["wares_supply"]]
            for kind, k, home_area in ((GOLD, COLONY["setup_gold"], 12), (WARES, COLONY["setup_wares"], 13)):
                s.supply[kind] -= k
                s.discs.extend([(kind, home_area, -1)] * k)
        s.last_start = rng.below(num_players)
        if s.log:
            homes = ", ".join(f"{s.player_name(p)} {s.where(s.grande[p])}" for p in range(num_players))
            s.emit("setup", f"The King starts in {s.where(s.king)}; home regions: {homes}")
        flow.start_round(s)
        return s

    def _state_from_json(
        self, num_players: int, options: dict[str, Any], rng: Rng, doc: Mapping[str, Any]
    ) -> ElGrandeState:
        from .serial_read import read

        s = ElGrandeState(self, num_players, options, rng)
        _blank(s, num_players, options)
        read(s, doc)
        return s

    def action_grammar(self, num_players: int, options: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        areas = range(NUM_AREAS)
        return [
            ("power", range(1, 14)),
            ("court", range(0, 7)),
            ("recall", areas),
            ("card", range(NUM_CARDS)),
            ("place", areas),
            ("special",),
            ("done",),
            ("pick", range(num_players), areas, range(4)),  # carry: 0 none, GOLD, WARES, pieces.ROLE
            ("drop", areas),
            ("ret", range(NUM_AREAS + 1)),
            ("area", areas),
            ("board", range(2)),
            ("option", range(2)),
            ("disk", range(9)),
            ("veto",),
            ("allow",),
            ("claim", (GOLD, WARES)),
            ("reclaim", range(1, 14)),
            ("use", range(NUM_CARDS)),
            ("post", range(2)),
        ]


def _blank(s: ElGrandeState, n: int, options: dict[str, Any]) -> None:
    s.colonies = bool(options["colonies"])
    s.veto_on = bool(options["veto"])
    s.rounds = SHORT_ROUNDS if options["short"] else tuple(range(1, 10))
    s.round_i = 0
    s.phase = 0
    s.scores = [0] * n
    s.parts = [[0, 0, 0] for _ in range(n)]
    s.cab = [[0] * NUM_AREAS for _ in range(n)]
    s.court = [0] * n
    s.prov = [0] * n
    s.grande = [0] * n
    s.king = 0
    s.mobile = [-1, -1]
    s.france = [-1, -1, -1]
    s.captain = s.viceroy = -1
    s.discs = []
    s.supply = [0, 0, 0]
    s.used = [0] * n
    s.back = [0] * n
    s.maybe = [0] * n
    s.played = [0] * n
    s.order = list(range(n))
    s.bid_i = 0
    s.turns = []
    s.turn_i = 0
    s.decks = [[] for _ in STACKS]
    s.faceup = []
    s.vetoes = []
    s.disk = [-1] * n
    s.disk_need = [0] * n
    s.disk_kind = 0
    s.cur = -1
    s.card = -1
    s.placed = s.place_state = s.special_done = 0
    s.fresh = [0] * 9
    s.fresh_roles = [0, 0]
    s.eff = s.sub = -1
    s.step = s.left = s.own_left = s.opp_left = 0
    s.lock = -1
    s.held = ()
    s.queue = []
    s.arg = 0
    s.last_start = 0
    s.kept = []
    s.post = ()
    s.asking = []


__all__ = ["ElGrande"]
