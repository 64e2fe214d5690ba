"""El Grande's observation vector written straight from the state's fields, without building the view:
exactly the vector `observation.layout` encodes from `state.view(player)` (tests/rl/test_direct.py
checks it on every decision of random games), for the learning environments' speed. It reads only
what the view shows `player`: of the secrets, `player`'s own disk and cards taken back in secret; of
another's, that the disk is set, the cards taken back merged into the used ones, and how many; the
stacks' sizes, never their order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.observation import DirectEncode, Layout, put_counts, put_numbers, put_one_hots

from .data import CABALLEROS, CARDS, COLONY, GOLD, NUM_AREAS, WARES
from .state import ElGrandeState

DISK_SET = 1  # the disk part's values: -1 (none), "set" (another's, region hidden), then the regions
DISK_AREA = 2
CARD_COUNT = len(CARDS)


def put_cards(out: Any, at: int, mask: int) -> None:
    """The power cards (1..13) whose bit (value - 1) is set in `mask`, counted."""
    v = 0
    while mask:
        if mask & 1:
            out[at + v] = 1.0
        mask >>= 1
        v += 1


def encoder(layout: Layout, num_players: int, options: Mapping[str, Any]) -> DirectEncode:
    n = num_players
    at = layout.start
    rounds, round_i, phase, scores, parts = at("rounds"), at("round_i"), at("phase"), at("scores"), at("parts")
    cab, court, prov, grande, king = at("cab"), at("court"), at("prov"), at("grande"), at("king")
    mobile, france, captain, viceroy, discs = at("mobile"), at("france"), at("captain"), at("viceroy"), at("discs")
    supply, used, back, maybe, played = at("supply"), at("used"), at("back"), at("maybe"), at("played")
    order, bid_i, turns, turn_i, decks = at("order"), at("bid_i"), at("turns"), at("turn_i"), at("decks")
    faceup, vetoes, disk, disk_need, disk_kind = at("faceup"), at("vetoes"), at("disk"), at("disk_need"), at("disk_kind")
    cur, card, placed, place_state, special_done = at("cur"), at("card"), at("placed"), at("place_state"), at("special_done")
    fresh, fresh_roles, eff, sub, step = at("fresh"), at("fresh_roles"), at("eff"), at("sub"), at("step")
    left, own_left, opp_left, lock, held = at("left"), at("own_left"), at("opp_left"), at("lock"), at("held")
    queue, arg, last_start, kept, post = at("queue"), at("arg"), at("last_start"), at("kept"), at("post")
    asking, taken_back, to_move = at("asking"), at("taken_back"), at("to_move")
    disc_width = 1 + 2 + NUM_AREAS + (n + 1)  # a 1, Gold or Wares, area, carrier (-1 first)
    veto_width = 1 + CARD_COUNT + n + 1  # a 1, the card, its holder, the round
    kept_width = 1 + CARD_COUNT + n  # a 1, the card, its holder
    disk_width = DISK_AREA + NUM_AREAS
    gold_supply, wares_supply = float(COLONY["gold_supply"]), float(COLONY["wares_supply"])

    def encode(s: ElGrandeState, player: int, out: Any) -> None:
        out[player] = 1.0
        for r in s.rounds:
            out[rounds + r - 1] += 1.0
        if s.round_i:
            out[round_i] = s.round_i / 9
        out[phase + s.phase] = 1.0
        put_numbers(out, scores, s.scores, 100.0)
        for p in range(n):
            put_numbers(out, parts + 3 * p, s.parts[p], 100.0)
            put_numbers(out, cab + NUM_AREAS * p, s.cab[p], 10.0)
            # Power of the Cards: another's pile is every card seen played and not seen back
            if p == player:
                put_cards(out, used + 13 * p, s.used[p])
                put_cards(out, back + 13 * p, s.back[p])
            else:
                put_cards(out, used + 13 * p, s.used[p] | s.back[p])
            put_cards(out, maybe + 13 * p, s.maybe[p])
            taken = bin(s.back[p]).count("1")
            if taken:
                out[taken_back + p] = taken / 13
            # the secret disk: its region to its owner only, to the others whether it is set
            d = s.disk[p]
            if d < 0:
                out[disk + disk_width * p] = 1.0  # none
            else:
                out[disk + disk_width * p + (DISK_AREA + d if p == player else DISK_SET)] = 1.0
        put_numbers(out, court, s.court, CABALLEROS)
        put_numbers(out, prov, s.prov, CABALLEROS)
        put_one_hots(out, grande, s.grande, NUM_AREAS)
        out[king + s.king] = 1.0
        put_one_hots(out, mobile, s.mobile, NUM_AREAS + 1, -1)
        put_one_hots(out, france, s.france, n + 1, -1)
        out[captain + 1 + s.captain] = 1.0
        out[viceroy + 1 + s.viceroy] = 1.0
        base = discs
        for kind, area, carrier in s.discs:
            out[base] = 1.0
            out[base + (1 if kind == GOLD else 2)] = 1.0
            out[base + 3 + area] = 1.0
            out[base + 3 + NUM_AREAS + 1 + carrier] = 1.0
            base += disc_width
        out[supply] = 1.0
        if s.supply[GOLD]:
            out[supply + 1] = s.supply[GOLD] / gold_supply
        if s.supply[WARES]:
            out[supply + 2] = s.supply[WARES] / wares_supply
        put_one_hots(out, played, s.played, 14)
        put_one_hots(out, order, s.order, n)
        if s.bid_i:
            out[bid_i] = s.bid_i / n
        put_one_hots(out, turns, s.turns, n)
        if s.turn_i:
            out[turn_i] = s.turn_i / n
        out[decks] = 1.0  # the stacks' sizes, never their order
        for i, deck in enumerate(s.decks):
            if deck:
                out[decks + 1 + i] = len(deck) / 12
        put_counts(out, faceup, s.faceup)
        base = vetoes
        for veto in s.vetoes[:2]:
            out[base] = 1.0
            out[base + 1 + veto[0]] = 1.0
            out[base + 1 + CARD_COUNT + veto[1]] = 1.0
            if veto[2]:
                out[base + 1 + CARD_COUNT + n] = veto[2] / 9
            base += veto_width
        put_numbers(out, disk_need, s.disk_need, 1.0)
        out[disk_kind + s.disk_kind] = 1.0
        out[cur + 1 + s.cur] = 1.0
        out[card + 1 + s.card] = 1.0
        if s.placed:
            out[placed] = s.placed / 10
        if s.place_state:
            out[place_state] = s.place_state / 2
        if s.special_done:
            out[special_done] = 1.0
        put_numbers(out, fresh, s.fresh, 5.0)
        put_numbers(out, fresh_roles, s.fresh_roles, 1.0)
        out[eff + 1 + s.eff] = 1.0
        if s.sub:
            out[sub] = s.sub / 4
        if s.step:
            out[step] = s.step / 10
        if s.left:
            out[left] = s.left / 10
        if s.own_left:
            out[own_left] = s.own_left / 10
        if s.opp_left:
            out[opp_left] = s.opp_left / 10
        out[lock + 1 + s.lock] = 1.0
        put_numbers(out, held, s.held, NUM_AREAS)
        put_counts(out, queue, s.queue)
        if s.arg:
            out[arg] = s.arg / NUM_AREAS
        if s.last_start:
            out[last_start] = s.last_start / n
        base = kept
        for c, holder in s.kept:
            out[base] = 1.0
            out[base + 1 + c] = 1.0
            out[base + 1 + CARD_COUNT + holder] = 1.0
            base += kept_width
        put_numbers(out, post, s.post, NUM_AREAS)
        put_counts(out, asking, s.asking)
        put_counts(out, to_move, s.to_move())

    return encode
