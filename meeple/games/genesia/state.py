"""The Genesia state: flat fields, copies, JSON, views, hidden-information resampling.

Rules live in the phase modules (draft, growth, expansion, attack, end_of_age, cards); this module only
dispatches to them. "People" = one people on the board: a player in the multiplayer game, one of the two
peoples of the solo game (both controlled by player 0).
"""

from __future__ import annotations

from operator import or_
from typing import Any

from meeple.engine import Action, Result, Rng
from meeple.engine.game import State  # the module state.pxd cimports it from (the compiled build)

from . import (
    attack,
    cards,
    draft,
    end_of_age,
    evaluation,
    expansion,
    explain,
    growth,
    scoring,
    tallies,
    views,
)
from .data import CARDS_BY_NO, SEATS, Board

SIMULTANEOUS = ("objective", "draft", "war_peace")
_DONE = ("done",)
# phases where one people decides at a time (to_move() = [controller(actor())])
_ONE_ACTOR = frozenset({"growth", "expansion", "assault", "turn_order"})
# Expansion actions that change only the acting people's Clans and Coins (moves, steps, recruiting,
# discarding): the other peoples' occupancy is unchanged after them
_OWN_ONLY = frozenset({"move", "clans", "step", "recruit", "discard"})
_MOVE_STEPS = ("count", "transit")  # the pending steps of a move begun
# _OTHER_CITY[peoples][p][c]: 1 if a City owned by c (-1 = none, the last item) is another people's
_OTHER_CITY = [[tuple(int(c != p) for c in range(n)) + (0,) for p in range(n)] for n in range(6)]
# assault stages (state.asl[4])
PRE, DEF, POST, LOSS, SIEGE, MOVEIN = range(6)
STAGE_NAMES = ("attacker cards", "defence", "attacker cards after defence", "losses", "siege", "move in")


class GenesiaState(State):
    __slots__ = (
        "board",
        "peoples",
        "age",
        "phase",
        "order",
        "turn",
        "first",
        "coins",
        "clans",
        "cities",
        "hcities",
        "hands",
        "packs",
        "kept",
        "picks",
        "decks",
        "discards",
        "played",
        "copies",
        "end_pp",
        "pp",
        "credit",
        "rcost",
        "rowfree",
        "bonus",
        "guard",
        "equal",
        "nobel",
        "assaults",
        "obj_pool",
        "obj_opts",
        "objective",
        "wp",
        "revealed",
        "attackers",
        "att_i",
        "calm",
        "chosen",
        "ready",
        "asl",
        "pend",
        "choosers",
        "new_order",
        "occ",
        "presence",
        "towns",
        "placed",
    )

    board: Board
    peoples: int  # peoples on the board (2 in the solo game)
    age: int  # 1..3
    phase: str
    order: list[int]  # peoples in turn order
    turn: int  # index in `order` of the people playing (growth, expansion, end_cards)
    first: int  # solo: the people that plays first in Ages I and III
    coins: list[int]
    clans: list[list[int]]  # clans[people][region]
    cities: list[int]  # owner of each region's City, -1 for none (always -1 in a Homeland: see hcities)
    # per people, the bitset of the Homelands where it has a City: a Homeland, the Regions of peaceful
    # coexistence, holds one City of each people (decision 3)
    hcities: list[int]
    hands: list[list[int]]
    packs: list[list[int]]  # draft: the cards each player is choosing from
    kept: list[list[int]]  # draft: the cards each player has picked (face down)
    picks: list[int]  # draft: each player's secret pick this round, 0 = not yet
    decks: list[list[int]]  # undealt cards of Ages I, II, III
    discards: list[list[int]]  # cards each people discarded (never revealed)
    played: list[list[int]]  # cards each people played, all Ages (Inventions stay in front of them)
    copies: list[list[int]]  # Invention cards of opponents each people copied (a Clan of theirs marks them)
    end_pp: list[int]  # Progress Points from End-of-Age cards (and copies of them) this Age
    pp: list[list[int]]  # Progress Points scored at the end of each finished Age
    credit: list[int]  # free Moves from cards, this Age
    rcost: list[int]  # cost of recruiting a Clan this Age
    rowfree: list[int]  # 1 = pays no Right of Way this Age
    bonus: list[int]  # Growth+Attack cards: the defender first loses this many Clans in your Assaults
    guard: list[int]  # Growth+Attack cards: the attacker first loses this many Clans in Assaults on you
    equal: list[int]  # 1 = may attack a Region with as many Clans (War or Peace card)
    nobel: list[int]  # 1 = Nobel Peace Prize this Age: takes part in no Assault
    assaults: list[int]  # Assaults launched during the game
    obj_pool: list[int]  # the objectives of the colours in use (the ones that may be dealt)
    obj_opts: list[list[int]]  # the two secret objectives dealt to each player
    objective: list[int]  # the objective each player kept, 0 = not chosen yet
    wp: list[int]  # War/Peace tile this round: -1 not chosen, 0 Peace, 1 War
    revealed: list[int]  # the tiles revealed at the last reveal (public)
    attackers: list[int]  # peoples who chose War this round, in turn order
    att_i: int  # index of the attacker whose Assault it is
    chosen: list[list[int]]  # End of Age, secret: cards each people will play (+no) or discard (-no)
    ready: list[int]  # End of Age: 1 when the people has finished choosing
    calm: int  # 1 while no Assault has been launched in this round (after the reveal) / the last round
    asl: list[int]  # current Assault: [attacker, from, to, defender, stage, free siege, cancelled]
    pend: list[list[int | str]]  # stack of sub-decisions, top last: [kind, people, a, b]
    choosers: list[int]  # turn-order choice: peoples still to choose, first = next
    new_order: list[int]  # turn-order choice: the people in each position, -1 = free
    # speed, not state: (people p, others' occupancy, Regions charging p a Right of Way) as bitsets, from
    # the last move listing (expansion.occupancy); kept while only p's own Clans and Coins change (_apply)
    occ: tuple[int, int, int] | None
    # bookkeeping of clans and cities, kept in step by add_clans and set_city (so that a move listing, a
    # recruit or an estimate need not scan every row): per people, the bitset of the Regions where it
    # has Clans or its City, the bitset of its Cities, and the number of its Clans on the board
    presence: list[int]
    towns: list[int]
    placed: list[int]

    def __init__(self, game: Any, num_players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, num_players, options, rng)
        self.occ = None

    # ----- who acts --------------------------------------------------------------------------

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    def controller(self, people: int) -> int:
        return 0 if self.num_players == 1 else people

    def actor(self) -> int:
        """The people deciding now in a sequential situation (-1 when none)."""
        if self.pend:
            return int(self.pend[-1][1])
        ph = self.phase
        if ph == "assault":
            if self.asl:
                return self.asl[3] if self.asl[4] == DEF else self.asl[0]
            return self.attackers[self.att_i]
        if ph == "turn_order":
            return self.choosers[0]
        if ph in ("growth", "expansion", "end_cards"):
            return self.order[self.turn]
        return -1

    def to_move(self) -> list[int]:
        ph = self.phase
        if ph == "expansion" or ph == "growth":  # the most frequent: actor() written out
            p = int(self.pend[-1][1]) if self.pend else self.order[self.turn]
            return [0 if self.num_players == 1 else p]
        if ph == "over":
            return []
        if ph == "objective":
            return [p for p in range(self.num_players) if self.objective[p] == 0]
        if ph == "draft":
            return [p for p in range(self.num_players) if self.picks[p] == 0]
        if ph == "war_peace" and not self.pend:
            return [p for p in range(self.num_players) if self.wp[p] == -1]
        if ph == "end_cards" and not self.solo and not self.pend:
            return [p for p in range(self.num_players) if not self.ready[p]]
        return [self.controller(self.actor())]

    def legal_actions(self, player: int) -> list[Action]:
        ph = self.phase
        if ph in _ONE_ACTOR:  # to_move() is [controller(actor())]: no list to build
            if ph == "expansion" or ph == "growth":  # actor() written out
                p = int(self.pend[-1][1]) if self.pend else self.order[self.turn]
            else:
                p = self.actor()
            if player != (0 if self.num_players == 1 else p):
                return []
            if self.pend:
                return cards.pending_actions(self, p)
            if ph == "expansion":  # extended in place: the move list is long, no copies of it
                out = cards.playable(self, p, "E")
                out += growth.recruit_actions(self, p)
                out += expansion.move_actions(self, p)
                out += cards.discards(self, p)
                out.append(_DONE)
                return out
            if ph == "growth":
                return (
                    cards.playable(self, p, "G")
                    + growth.recruit_actions(self, p)
                    + cards.discards(self, p)
                    + [("done",)]
                )
            if ph == "assault":
                return attack.assault_actions(self, p)
            return [("position", k) for k in range(self.peoples) if self.new_order[k] == -1]
        elif player not in self.to_move():
            return []
        if ph == "objective":
            return [("objective", o) for o in self.obj_opts[player]]
        if ph == "draft":
            return [("draft", c) for c in sorted(self.packs[player])]
        if ph == "war_peace":
            return [("war",), ("peace",)]
        if ph == "end_cards" and not self.solo and not self.pend:
            return end_of_age.choice_actions(self, player)
        p = self.actor()
        if self.pend:
            return cards.pending_actions(self, p)
        if ph == "end_cards":  # the solo game: one people after the other
            return cards.playable(self, p, "F") + cards.discards(self, p) + [("done",)]
        return []

    def bot_actions(self, player: int) -> list[Action]:
        legal = self.legal_actions(player)
        if self.phase == "expansion" and not self.pend and len(legal) > 1:
            return expansion.moves_worth_weighing(self, self.order[self.turn], legal)
        return legal

    def choice_under_way(self, player: int) -> bool:
        # a move's number of Clans (or its next Region in transit): the move (from, to) changed nothing yet,
        # so judged by itself every move tied with the position before it, and the greedy bot's look at
        # follow-ups met a number of Clans drawn at random from a wide Expansion's sample
        return self.phase == "expansion" and bool(self.pend) and self.pend[-1][0] in _MOVE_STEPS

    def _apply(self, player: int, action: Action) -> None:
        self._dispatch(player, action)
        # the others' occupancy seen by the mover stays valid while only the mover's Clans and Coins change
        if self.occ is not None and not (self.phase == "expansion" and action[0] in _OWN_ONLY):
            self.occ = None

    def _dispatch(self, player: int, action: Action) -> None:
        verb = action[0]
        ph = self.phase
        if ph == "expansion" or ph == "growth":  # the most frequent: actor() written out
            p = int(self.pend[-1][1]) if self.pend else self.order[self.turn]
        elif ph == "objective":
            draft.keep_objective(self, player, action[1])
            return
        elif ph == "draft":
            draft.pick(self, player, action[1])
            return
        elif ph == "war_peace":
            attack.choose_tile(self, player, verb == "war")
            return
        elif ph == "end_cards" and not self.solo and not self.pend:
            end_of_age.choose(self, player, action)
            return
        else:
            p = self.actor()
        if self.pend:
            cards.resolve_pending(self, p, action)
        elif ph == "assault":
            attack.act(self, p, action)
        elif verb == "play":
            cards.play(self, p, action[1])
        elif verb == "discard":
            cards.discard(self, p, action[1])
        elif verb == "recruit":
            growth.recruit(self, p, action[1])
        elif verb == "move":
            expansion.start_move(self, p, action[1], action[2])
        elif verb == "position":
            end_of_age.choose_position(self, p, action[1])
        elif verb == "done":
            end_of_age.finish_turn(self, p) if ph == "end_cards" else growth.end_turn(self)
        self.after_action()

    def after_action(self) -> None:
        """Skip situations where nobody has a real decision (empty windows, finished sub-steps)."""
        if self.phase == "assault" and not self.pend:
            attack.settle(self)
        elif self.phase == "end_cards" and not self.pend and not self.solo and all(self.ready):
            end_of_age.reveal_end(self)

    def why_illegal(self, player: int, action: Action) -> str | None:
        return explain.why_illegal(self, player, action)

    # ----- information -----------------------------------------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def resample_hidden(self, player: int, rng: Rng) -> None:
        views.resample_hidden(self, player, rng)

    def action_text(self, action: Action) -> str:
        return explain.action_text(self, action)

    def prompt(self, player: int) -> str:
        return explain.prompt(self, player)

    def player_name(self, player: int) -> str:
        return SEATS[player] if self.num_players > 1 else "Solo"

    def people_name(self, people: int) -> str:
        return SEATS[people] if self.num_players > 1 else f"People {SEATS[people]}"

    # ----- end ---------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        return scoring.result(self)

    def tallies(self) -> dict[str, int]:
        """Each kind of element used in this game (`tallies.py`): each Age card played ("card 07": 1),
        cards played and discarded, End-of-Age cards by Age, Inventions, objectives, Assaults, the
        final score's categories; for `meeple simulate --stats`, summed over games."""
        return tallies.game_tallies(self)

    def player_uses(self) -> list[dict[str, int]]:
        """The kinds of `tallies` per player, each card with its name, for the designers' report."""
        return tallies.player_tallies(self)

    def evaluate(self) -> list[float]:
        return evaluation.evaluate(self)

    def forecast(self, searcher: int | None = None) -> list[float]:
        return evaluation.forecast(self)

    # ----- copies and documents --------------------------------------------------------------

    def clone(self) -> GenesiaState:
        # list(map(list.copy, ...)): the same shallow copies as a comprehension, in C
        s = GenesiaState.__new__(GenesiaState)
        s.game, s.num_players, s.options, s.rng = self.game, self.num_players, self.options, self.rng.copy()
        s.events, s.log = [], self.log
        ph = self.phase
        s.board, s.peoples, s.age, s.phase = self.board, self.peoples, self.age, ph
        # the turn order is only ever replaced, never changed in place
        s.order, s.turn, s.first = self.order, self.turn, self.first
        s.coins = self.coins[:]
        s.clans = list(map(list.copy, self.clans))
        s.cities = self.cities[:]
        s.hcities = self.hcities[:]
        s.hands = list(map(list.copy, self.hands))
        # decks, discards, played, copies, pp and obj_opts are never changed in place (see data.appended)
        s.decks, s.discards, s.played, s.copies = self.decks, self.discards, self.played, self.copies
        # so are this Age's card effects and the Assault counts (see data.changed)
        s.end_pp, s.pp = self.end_pp, self.pp
        s.credit, s.rcost, s.rowfree = self.credit, self.rcost, self.rowfree
        s.bonus, s.guard, s.equal, s.nobel = self.bonus, self.guard, self.equal, self.nobel
        s.assaults = self.assaults
        s.obj_pool, s.obj_opts = self.obj_pool, self.obj_opts
        s.revealed, s.attackers, s.att_i, s.calm = self.revealed, self.attackers, self.att_i, self.calm
        # the lists of one phase are changed in place only during that phase (each phase starts with new
        # ones, and resample_hidden takes its own copies): copied in their phase, shared otherwise
        if ph == "draft":
            s.packs = list(map(list.copy, self.packs))
            s.kept = list(map(list.copy, self.kept))
            s.picks = self.picks[:]
        else:
            s.packs, s.kept, s.picks = self.packs, self.kept, self.picks
        s.objective = self.objective[:] if ph == "objective" else self.objective
        s.wp = self.wp[:] if ph == "war_peace" else self.wp
        s.asl = self.asl[:] if ph == "assault" else self.asl
        if ph == "end_cards":
            s.chosen, s.ready = list(map(list.copy, self.chosen)), self.ready[:]
        else:
            s.chosen, s.ready = self.chosen, self.ready
        if ph == "turn_order":
            s.choosers, s.new_order = self.choosers[:], self.new_order[:]
        else:
            s.choosers, s.new_order = self.choosers, self.new_order
        s.pend = list(map(list.copy, self.pend)) if self.pend else []
        s.occ = self.occ
        s.presence, s.towns, s.placed = self.presence[:], self.towns[:], self.placed[:]
        return s

    def _to_json(self) -> dict[str, Any]:
        return views.to_json(self)

    def check_invariants(self) -> None:
        bad = views.problems(self)
        assert not bad, "; ".join(bad)

    # ----- small shared helpers ------------------------------------------------------------

    def add_clans(self, p: int, r: int, k: int) -> None:
        """k Clans of people p into Region r (k < 0: out of it)."""
        row = self.clans[p]
        row[r] += k
        self.placed[p] += k
        if row[r] or self.towns[p] >> r & 1:
            self.presence[p] |= 1 << r
        else:
            self.presence[p] &= ~(1 << r)

    def set_city(self, r: int, p: int) -> None:
        """People p's City in Region r (in place of another people's, after a siege; in a Homeland,
        beside the other peoples' Cities)."""
        if self.board.homeland[r]:
            self.hcities[p] |= 1 << r
            self.presence[p] |= 1 << r
            self.towns[p] |= 1 << r
            return
        old = self.cities[r]
        self.cities[r] = p
        if old >= 0:
            self.towns[old] &= ~(1 << r)
            if not self.clans[old][r]:
                self.presence[old] &= ~(1 << r)
        self.presence[p] |= 1 << r
        self.towns[p] |= 1 << r

    def bookkeeping(self) -> tuple[list[int], list[int], list[int]]:
        """(presence, towns, placed) worked out from the Clans and Cities (documents, the invariants)."""
        presence, towns = [], []
        for p, row in enumerate(self.clans):
            held = city = self.hcities[p]
            for r, k in enumerate(row):
                if self.cities[r] == p:
                    city |= 1 << r
                    held |= 1 << r
                elif k:
                    held |= 1 << r
            presence.append(held)
            towns.append(city)
        return presence, towns, [sum(row) for row in self.clans]

    def reserve_clans(self, p: int) -> int:
        # the Clans on the board and those marking the Inventions p copied ("the Clan piece of your color
        # that you placed on it")
        return 30 - self.placed[p] - len(self.copies[p])

    def reserve_cities(self, p: int) -> int:
        return 20 - self.towns[p].bit_count()

    def occupies(self, p: int, r: int) -> bool:
        return self.clans[p][r] > 0 or bool(self.towns[p] >> r & 1)

    def has_city(self, p: int, r: int) -> bool:
        return bool(self.towns[p] >> r & 1)

    def may_build(self, p: int, r: int) -> bool:
        """No City in r keeps p from building one: none there, or in a Homeland none of p's."""
        if self.board.homeland[r]:
            return not self.hcities[p] >> r & 1
        return self.cities[r] < 0

    def occupant(self, r: int) -> int:
        """The people holding a (non-Homeland) region, -1 when free."""
        c = self.cities[r]
        if c >= 0:
            return c
        for q in range(self.peoples):
            if self.clans[q][r]:
                return q
        return -1

    def others_mask(self, p: int) -> list[int]:
        """For each region: is it occupied (Clans or City) by a people other than p? (truthy / 0)"""
        # C-level maps, no Python loop per region: a City of another people, then OR the Clan counts
        mask = list(map(_OTHER_CITY[self.peoples][p].__getitem__, self.cities))
        clans = self.clans
        for q in range(self.peoples):
            if q != p:
                mask = list(map(or_, mask, clans[q]))
                for h in self.board.homelands:  # Cities in Homelands are in hcities
                    if self.hcities[q] >> h & 1:
                        mask[h] = 1
        return mask

    def others_in(self, p: int, r: int) -> bool:
        c = self.cities[r]
        if c >= 0 and c != p:
            return True
        for q, row in enumerate(self.clans):  # noqa: SIM110 (a loop, not any(): no generator on a hot path)
            if q != p and (row[r] or self.hcities[q] >> r & 1):
                return True
        return False

    def inventions(self, p: int) -> list[int]:
        return [c for c in self.played[p] if CARDS_BY_NO[c].invention] + self.copies[p]


__all__ = ["GenesiaState"]
