# cython: annotation_typing=False
"""El Grande's observation vector written straight from the state's fields, without building the view:
exactly the vector `observation.layout` encodes from `state.view(player)` (tests/rl/test_direct.py
checks it on every decision of random games), for the learning environments' speed. It reads only
what the view shows `player`: of the secrets, `player`'s own disk and cards taken back in secret; of
another's, that the disk is set, the cards taken back merged into the used ones, and how many; the
stacks' sizes, never their order.

The encoder is a class whose fields are the vector's offsets: the compiled build declares them C
integers and the vector a typed memoryview (observation_direct.pxd), so the loops below run as C; the
source runs the same code as Python (hence `annotation_typing=False`: the .pxd's types are the ones
that count)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.direct_writes import put_bits, put_counts, put_numbers, put_one_hots
from meeple.engine.observation import DirectEncode, Layout

from .data import CABALLEROS, CARDS, COLONY, GOLD, NUM_AREAS, WARES

DISK_SET = 1  # the disk part's values: -1 (none), "set" (another's, region hidden), then the regions
DISK_AREA = 2
CARD_COUNT = len(CARDS)


def encoder(layout: Layout, num_players: int, options: Mapping[str, Any]) -> DirectEncode:
    return ElGrandeEncoder(layout, num_players)


class ElGrandeEncoder:
    """Writes `player`'s vector of an ElGrandeState into `out` (zeros): `encoder(state, player, out)`."""

    __slots__ = (
        "n", "areas", "rounds", "round_i", "phase", "scores", "parts", "cab", "court", "prov", "grande", "king",
        "mobile", "france", "captain", "viceroy", "discs", "supply", "used", "back", "maybe", "played", "order",
        "bid_i", "turns", "turn_i", "decks", "faceup", "vetoes", "disk", "disk_need", "disk_kind", "cur", "card",
        "placed", "place_state", "special_done", "fresh", "fresh_roles", "eff", "sub", "step", "left", "own_left",
        "opp_left", "lock", "held", "queue", "arg", "last_start", "kept", "post", "asking", "taken_back", "to_move",
        "disc_width", "veto_width", "kept_width", "disk_width", "caballeros", "gold_supply", "wares_supply",
    )

    def __init__(self, layout: Layout, num_players: int) -> None:
        n = self.n = num_players
        self.areas = NUM_AREAS
        at = layout.start
        self.rounds, self.round_i, self.phase, self.scores = at("rounds"), at("round_i"), at("phase"), at("scores")
        self.parts, self.cab, self.court, self.prov = at("parts"), at("cab"), at("court"), at("prov")
        self.grande, self.king, self.mobile, self.france = at("grande"), at("king"), at("mobile"), at("france")
        self.captain, self.viceroy, self.discs, self.supply = at("captain"), at("viceroy"), at("discs"), at("supply")
        self.used, self.back, self.maybe, self.played = at("used"), at("back"), at("maybe"), at("played")
        self.order, self.bid_i, self.turns, self.turn_i = at("order"), at("bid_i"), at("turns"), at("turn_i")
        self.decks, self.faceup, self.vetoes, self.disk = at("decks"), at("faceup"), at("vetoes"), at("disk")
        self.disk_need, self.disk_kind, self.cur, self.card = at("disk_need"), at("disk_kind"), at("cur"), at("card")
        self.placed, self.place_state, self.special_done = at("placed"), at("place_state"), at("special_done")
        self.fresh, self.fresh_roles, self.eff, self.sub = at("fresh"), at("fresh_roles"), at("eff"), at("sub")
        self.step, self.left, self.own_left, self.opp_left = at("step"), at("left"), at("own_left"), at("opp_left")
        self.lock, self.held, self.queue, self.arg = at("lock"), at("held"), at("queue"), at("arg")
        self.last_start, self.kept, self.post, self.asking = at("last_start"), at("kept"), at("post"), at("asking")
        self.taken_back, self.to_move = at("taken_back"), at("to_move")
        self.disc_width = 1 + 2 + NUM_AREAS + (n + 1)  # a 1, Gold or Wares, area, carrier (-1 first)
        self.veto_width = 1 + CARD_COUNT + n + 1  # a 1, the card, its holder, the round
        self.kept_width = 1 + CARD_COUNT + n  # a 1, the card, its holder
        self.disk_width = DISK_AREA + NUM_AREAS
        self.caballeros = CABALLEROS
        self.gold_supply, self.wares_supply = float(COLONY["gold_supply"]), float(COLONY["wares_supply"])

    def __call__(self, s: Any, player: int, out: Any) -> None:
        self.encode(s, player, out)

    def encode(self, s: Any, player: int, out: Any) -> None:
        n, A = self.n, self.areas
        out[player] = 1.0
        for r in s.rounds:
            out[self.rounds + r - 1] += 1.0
        if s.round_i:
            out[self.round_i] = s.round_i / 9
        x = s.phase
        out[self.phase + x] = 1.0
        put_numbers(out, self.scores, s.scores, 100.0)
        self.put_players(s, player, out)
        put_numbers(out, self.court, s.court, self.caballeros)
        put_numbers(out, self.prov, s.prov, self.caballeros)
        put_one_hots(out, self.grande, s.grande, A)
        x = s.king
        out[self.king + x] = 1.0
        put_one_hots(out, self.mobile, s.mobile, A + 1, -1)
        put_one_hots(out, self.france, s.france, n + 1, -1)
        x = s.captain
        out[self.captain + 1 + x] = 1.0
        x = s.viceroy
        out[self.viceroy + 1 + x] = 1.0
        b = self.discs
        for kind, area, carrier in s.discs:
            out[b] = 1.0
            out[b + (1 if kind == GOLD else 2)] = 1.0
            out[b + 3 + area] = 1.0
            out[b + 3 + A + 1 + carrier] = 1.0
            b += self.disc_width
        b = self.supply
        out[b] = 1.0
        if s.supply[GOLD]:
            out[b + 1] = s.supply[GOLD] / self.gold_supply
        if s.supply[WARES]:
            out[b + 2] = s.supply[WARES] / self.wares_supply
        put_one_hots(out, self.played, s.played, 14)
        put_one_hots(out, self.order, s.order, n)
        if s.bid_i:
            out[self.bid_i] = s.bid_i / n
        put_one_hots(out, self.turns, s.turns, n)
        if s.turn_i:
            out[self.turn_i] = s.turn_i / n
        b = self.decks
        out[b] = 1.0  # the stacks' sizes, never their order
        decks = s.decks
        for i in range(len(decks)):
            if decks[i]:
                out[b + 1 + i] = len(decks[i]) / 12
        put_counts(out, self.faceup, s.faceup)
        self.put_vetoes(s.vetoes, out)
        put_numbers(out, self.disk_need, s.disk_need, 1.0)
        self.put_turn(s, out)
        put_numbers(out, self.held, s.held, A)
        put_counts(out, self.queue, s.queue)
        if s.arg:
            out[self.arg] = s.arg / A
        if s.last_start:
            out[self.last_start] = s.last_start / n
        b = self.kept
        for c, holder in s.kept:
            out[b] = 1.0
            out[b + 1 + c] = 1.0
            out[b + 1 + CARD_COUNT + holder] = 1.0
            b += self.kept_width
        put_numbers(out, self.post, s.post, A)
        put_counts(out, self.asking, s.asking)
        put_counts(out, self.to_move, s.to_move())

    def put_players(self, s: Any, player: int, out: Any) -> None:
        """Each player's scores by part, Caballeros, cards and secret disk."""
        for p in range(self.n):
            put_numbers(out, self.parts + 3 * p, s.parts[p], 100.0)
            put_numbers(out, self.cab + self.areas * p, s.cab[p], 10.0)
            # Power of the Cards: another's pile is every card seen played and not seen back
            used, back = s.used[p], s.back[p]
            if p == player:
                put_bits(out, self.used + 13 * p, used)
                put_bits(out, self.back + 13 * p, back)
            else:
                put_bits(out, self.used + 13 * p, used | back)
            put_bits(out, self.maybe + 13 * p, s.maybe[p])
            taken = 0
            while back:
                taken += back & 1
                back >>= 1
            if taken:
                out[self.taken_back + p] = taken / 13
            # the secret disk: its region to its owner only, to the others whether it is set
            d = s.disk[p]
            b = self.disk + self.disk_width * p
            if d < 0:
                out[b] = 1.0  # none
            elif p == player:
                out[b + DISK_AREA + d] = 1.0
            else:
                out[b + DISK_SET] = 1.0

    def put_vetoes(self, vetoes: Any, out: Any) -> None:
        """The first two vetoes: a 1, the card, its holder, the round (over 9)."""
        b = self.vetoes
        for r in range(min(len(vetoes), 2)):
            veto = vetoes[r]
            out[b] = 1.0
            x = veto[0]
            out[b + 1 + x] = 1.0
            x = veto[1]
            out[b + 1 + CARD_COUNT + x] = 1.0
            if veto[2]:
                out[b + 1 + CARD_COUNT + self.n] = veto[2] / 9
            b += self.veto_width

    def put_turn(self, s: Any, out: Any) -> None:
        """Where the turn stands: the disk's kind, the current player, card and effect, the counts."""
        x = s.disk_kind
        out[self.disk_kind + x] = 1.0
        x = s.cur
        out[self.cur + 1 + x] = 1.0
        x = s.card
        out[self.card + 1 + x] = 1.0
        if s.placed:
            out[self.placed] = s.placed / 10
        if s.place_state:
            out[self.place_state] = s.place_state / 2
        if s.special_done:
            out[self.special_done] = 1.0
        put_numbers(out, self.fresh, s.fresh, 5.0)
        put_numbers(out, self.fresh_roles, s.fresh_roles, 1.0)
        x = s.eff
        out[self.eff + 1 + x] = 1.0
        if s.sub:
            out[self.sub] = s.sub / 4
        if s.step:
            out[self.step] = s.step / 10
        if s.left:
            out[self.left] = s.left / 10
        if s.own_left:
            out[self.own_left] = s.own_left / 10
        if s.opp_left:
            out[self.opp_left] = s.opp_left / 10
        x = s.lock
        out[self.lock + 1 + x] = 1.0
