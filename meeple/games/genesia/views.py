"""What each player may see, redrawing what they cannot, the whole-state JSON document, and the
invariants (also used to refuse an inconsistent document)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine import Rng

from .data import CARDS_BY_NO, CITIES, CLANS
from .draft import holder_after, passed_from
from .evaluation import best_assault_gain, card_extra, evaluate, list_end_cards, phase_step, weights

if TYPE_CHECKING:
    from .state import GenesiaState

PHASES = (
    "objective",
    "draft",
    "growth",
    "expansion",
    "war_peace",
    "assault",
    "end_cards",
    "turn_order",
    "over",
)
PENDING = ("place", "city", "invade", "count", "copy", "transit")


def to_json(s: GenesiaState) -> dict[str, Any]:
    return {
        "peoples": s.peoples,
        "age": s.age,
        "phase": s.phase,
        "order": s.order[:],
        "turn": s.turn,
        "first": s.first,
        "coins": s.coins[:],
        "clans": [c[:] for c in s.clans],
        "cities": s.cities[:],
        "home_cities": [[h for h in s.board.homelands if bits >> h & 1] for bits in s.hcities],
        "hands": [sorted(h) for h in s.hands],
        "packs": [h[:] for h in s.packs],
        "kept": [h[:] for h in s.kept],
        "picks": s.picks[:],
        "decks": [d[:] for d in s.decks],
        "discards": [d[:] for d in s.discards],
        "played": [d[:] for d in s.played],
        "copies": [d[:] for d in s.copies],
        "end_pp": s.end_pp[:],
        "pp": [x[:] for x in s.pp],
        "free_moves": s.credit[:],
        "recruit_cost": s.rcost[:],
        "row_free": s.rowfree[:],
        "war_bonus": s.bonus[:],
        "war_guard": s.guard[:],
        "equal_attack": s.equal[:],
        "nobel": s.nobel[:],
        "assaults": s.assaults[:],
        "objective_pool": s.obj_pool[:],
        "objective_options": [o[:] for o in s.obj_opts],
        "objective": s.objective[:],
        "war_peace": s.wp[:],
        "revealed": s.revealed[:],
        "attackers": s.attackers[:],
        "attacker_index": s.att_i,
        "calm": s.calm,
        "chosen": [x[:] for x in s.chosen],
        "ready": s.ready[:],
        "assault": s.asl[:],
        "pending": [x[:] for x in s.pend],
        "choosers": s.choosers[:],
        "new_order": s.new_order[:],
    }


def _mine(s: GenesiaState, player: int | None) -> set[int]:
    if player is None:
        return set()
    return {0, 1} if s.solo else {player}


def view(s: GenesiaState, player: int | None) -> dict[str, Any]:
    mine = _mine(s, player)
    over = s.phase == "over"
    doc = {
        k: v
        for k, v in to_json(s).items()
        if k
        not in (
            "hands",
            "packs",
            "kept",
            "picks",
            "decks",
            "discards",
            "objective_options",
            "objective",
            "war_peace",
            "objective_pool",
            "first",
        )
    }
    doc["board"] = {"names": list(s.board.names), "values": list(s.board.values)}
    doc["hands"] = [sorted(h) if (p in mine or s.solo) else len(h) for p, h in enumerate(s.hands)]
    doc["packs"] = [h[:] if p in mine else len(h) for p, h in enumerate(s.packs)]
    doc["kept"] = [h[:] if p in mine else len(h) for p, h in enumerate(s.kept)]
    doc["picked"] = [s.picks[p] if p in mine else s.picks[p] != 0 for p in range(len(s.picks))]
    # what each player passed in the draft: its own packs (a player remembers them), the others' sizes
    doc["passed"] = [[sorted(x) if p in mine else len(x) for x in passed_from(s, p)] for p in range(len(s.packs))]
    doc["decks"] = [len(d) for d in s.decks]
    doc["discards"] = [d[:] if p in mine else len(d) for p, d in enumerate(s.discards)]
    # the kept objective is revealed at the final count; the discarded one never ("without revealing them")
    doc["objective_options"] = [o[:] if p in mine else len(o) for p, o in enumerate(s.obj_opts)]
    doc["objective"] = [o if (p in mine or over) else o != 0 for p, o in enumerate(s.objective)]
    doc["war_peace"] = [w if p in mine else w != -1 for p, w in enumerate(s.wp)]
    doc["chosen"] = [x[:] if p in mine else None for p, x in enumerate(s.chosen)]
    doc["you"] = player
    return doc


_AGE = tuple(c.age if c else 0 for c in CARDS_BY_NO)  # a card's Age by its number (0: no card)


def resample_hidden(s: GenesiaState, player: int, rng: Rng) -> None:
    """Redraw the cards `player` has not seen (others' hands, draft piles, picks and discards; the order
    of the decks), the others' objectives and their unrevealed War/Peace tiles."""
    mine = _mine(s, player)
    others = [q for q in range(s.peoples) if q not in mine]
    # these lists are shared with the state this one was cloned from: take own copies before redrawing
    s.decks = [d[:] for d in s.decks]
    s.discards = [d[:] for d in s.discards]
    s.obj_opts = [o[:] for o in s.obj_opts]
    s.packs, s.kept, s.picks = [x[:] for x in s.packs], [x[:] for x in s.kept], s.picks[:]
    s.objective, s.wp = s.objective[:], s.wp[:]
    # each Age's hidden places, in one pass over the piles (in the order the redraw fills them)
    slots: tuple[list[tuple[list[int], int]], ...] = ([], [], [], [])
    drafting = s.phase == "draft"  # the draft's piles are redrawn from what the player saw (redraw_draft)
    for q in others:
        piles = (s.hands[q], s.discards[q], s.packs[q], s.kept[q]) if q < len(s.packs) and not drafting else (
            s.hands[q], s.discards[q])
        for pile in piles:
            for i, c in enumerate(pile):
                slots[_AGE[c]].append((pile, i))
    for age in (1, 2, 3):
        deck = s.decks[age - 1]
        places = slots[age]
        # sorted first: the redraw must depend only on what the player knows, not on the hidden order
        values = sorted([pile[i] for pile, i in places] + deck)
        rng.shuffle(values)
        for (pile, i), v in zip(places, values):
            pile[i] = v
        deck[:] = values[len(places):]
    if drafting:
        redraw_draft(s, player, others, rng)
    if not s.solo and s.obj_opts and any(s.obj_opts):
        pool = [o for o in s.obj_pool if o not in s.obj_opts[player]]
        rng.shuffle(pool)
        for q in others:
            s.obj_opts[q] = sorted(pool[:2])
            del pool[:2]
            if s.objective[q]:
                s.objective[q] = rng.choice(s.obj_opts[q])
    s.chosen = [x if q in mine else [] for q, x in enumerate(s.chosen)]
    if s.phase == "end_cards" and not s.pend:
        # a people already ready chose from the hand just redrawn: its choice is made again from that hand
        # (emptied, it would play nothing at the reveal and discard its whole hand). Made again here, not
        # by asking it again (`ready` 0): the real players before the searcher have all chosen, and a
        # search tree would take their choices first, before the searcher's own
        for q in others:
            if s.ready[q] and s.hands[q]:
                list_end_cards(s, q)
    if s.phase == "war_peace":
        redraw_war_tiles(s, others, rng)


def redraw_draft(s: GenesiaState, player: int, others: list[int], rng: Rng) -> None:
    """The others' draft piles as `player` may picture them. The packs it passed go on round by round
    (`follow_passed`); the cards of the packs it has not seen yet, and those taken from them before it saw
    them, are drawn from the cards it has not seen (every card of the Age is dealt, 6 a player: none is in
    the deck); the picks of this round the others already made are made again (`likely_pick`). What each
    people passed is not kept apart: the piles tell it (`draft.passed_from`), in the sample as in the game."""
    rounds = len(s.kept[player])
    # what the player passed, read off the true piles before they are redrawn (sorted: the order of a pack
    # now held by another is not the player's to know)
    passed = [sorted(x) for x in passed_from(s, player)]
    kept = [[0] * rounds if q in others else s.kept[q] for q in range(s.num_players)]
    packs: list[list[int] | None] = [None if q in others else s.packs[q] for q in range(s.num_players)]
    follow_passed(s, player, passed, kept, packs, rng)
    deal_unseen(s, others, kept, packs, rng)
    s.kept, s.packs = kept, packs
    for q in others:
        if s.picks[q]:
            s.picks[q] = likely_pick(s, q, s.packs[q], rng)


def follow_passed(
    s: GenesiaState, player: int, passed: list[list[int]], kept: list[list[int]], packs: list[list[int] | None],
    rng: Rng,
) -> None:
    """Each pack `player` passed goes on to the next holders, one a round, each taking one of its cards
    (`likely_pick`) into its kept cards at that round; the one holding it now holds what remains. A pack
    that came back to the player (every `num_players` rounds) was seen again: the holders in between took
    the cards gone from it. Fills those places of `kept` and `packs`."""
    n, rounds = s.num_players, len(s.kept[player])
    # the pack the player held in each round, its pick included
    held = [x + [c] for x, c in zip(passed, s.kept[player])] + [s.packs[player]]
    for first in range(min(n, rounds)):  # the packs first seen in rounds 0..n-1 (later: the same again)
        left = passed[first]
        for t in range(first + 1, rounds + 1):
            k = (t - first) % n  # the holder is k neighbours on from the player
            if k == 0:  # back with the player
                if t < rounds:
                    left = passed[t]
                continue
            q = holder_after(s, player, k)
            if t == rounds:
                packs[q] = left[:]
                continue
            back = t + n - k  # the round the player sees it again: the cards still in it then stayed
            took = left if back > rounds else [c for c in left if c not in held[back]]
            c = likely_pick(s, q, took, rng)
            kept[q][t] = c
            left = [x for x in left if x != c]


def deal_unseen(
    s: GenesiaState, others: list[int], kept: list[list[int]], packs: list[list[int] | None], rng: Rng
) -> None:
    """The places of the others' draft piles left open (0 in `kept`, None in `packs`) get the cards of
    theirs the player has not seen, shuffled (sorted first: the redraw depends on what the player knows)."""
    placed = {c for q in others for c in kept[q] + (packs[q] or [])}
    values = sorted(c for q in others for c in s.kept[q] + s.packs[q] if c not in placed)
    rng.shuffle(values)
    for q in others:
        row = kept[q]
        for t, c in enumerate(row):
            if not c:
                row[t] = values.pop()
        if packs[q] is None:
            packs[q] = [values.pop() for _ in s.packs[q]]


def likely_pick(s: GenesiaState, q: int, cards: list[int], rng: Rng) -> int:
    """The card q most likely takes of `cards`: the one worth the most to it (`card_extra`, which in the
    draft reads only public things), ties drawn at random. Four greedy seats (seeds 0-5, 360 picks) took
    it at 0.90 of their picks, counting a tie as its share; a uniform draw of the pack, 0.29."""
    w, step = weights(s), phase_step(s)
    ranked = sorted(cards)
    values = [card_extra(s, q, c, w, step) for c in ranked]
    best = max(values)
    top = [c for c, v in zip(ranked, values) if v == best]
    return top[0] if len(top) == 1 else top[rng.below(len(top))]


def redraw_war_tiles(s: GenesiaState, others: list[int], rng: Rng) -> None:
    """The War/Peace tiles of the peoples in `others` already placed (hidden until all are), placed again in
    the sampled world. `play_match` asks the lowest index still choosing, so a searcher decides after the
    peoples before it; their tiles were a coin flip until session 48, where a greedy seat mostly chooses by
    its Assaults. A people that has a Region to attack places War when its best Assault raises its lead in
    the estimate (`best_assault_gain`, as the greedy bot prices it), else Peace: four greedy seats, seeds
    0-19, placed that tile in 367 of 493 such choices (306 of the 367 where War and Peace were not tied at
    greedy's one ply). One with none still flips a coin: greedy placed War in 108 of 216 (mostly tied at
    one ply and drawn at random). Made here, not by asking it again (`wp` -1), for the reason of the End of
    the Age's choice above."""
    from .attack import takes_part

    placed = [q for q in others if s.wp[q] != -1 and takes_part(s, q)]
    if not placed:
        return
    vals = evaluate(s)
    for q in placed:
        gain = best_assault_gain(s, q, vals)
        s.wp[q] = rng.below(2) if gain is None else int(gain > 0)


def expected_cards(s: GenesiaState) -> int:
    return 28 if s.solo else 18 * s.num_players


def problems(s: GenesiaState) -> list[str]:
    """Every broken rule of piece, money and card conservation (empty when the state is sound)."""
    out: list[str] = []
    b = s.board
    P = s.peoples
    if s.phase not in PHASES:
        out.append(f"unknown phase {s.phase!r}; phases: {', '.join(PHASES)}")
    for p in range(P):
        name = s.people_name(p)
        if len(s.clans[p]) != b.size:
            out.append(f"{name} needs one Clan count per Region ({b.size})")
            continue
        if min(s.clans[p]) < 0:
            out.append(f"{name} has a negative number of Clans")
        if sum(s.clans[p]) > CLANS:
            out.append(f"{name} has {sum(s.clans[p])} Clans on the board, more than {CLANS}")
        moving = sum(int(x[3]) for x in s.pend if x[0] == "transit" and x[1] == p)
        marks = len(s.copies[p])  # a Clan marks each copied Invention
        if (moving or marks) and sum(s.clans[p]) + moving + marks > CLANS:
            out.append(
                f"{name} has {sum(s.clans[p])} Clans on the board, {moving} moving and {marks} marking copied"
                f" Inventions, more than {CLANS}"
            )
        if s.cities.count(p) + s.hcities[p].bit_count() > CITIES:
            out.append(f"{name} has more than {CITIES} Cities")
        if s.coins[p] < 0:
            out.append(f"{name} has negative Coins ({s.coins[p]})")
    if out:
        return out
    for r in range(b.size):
        if b.homeland[r]:
            continue
        owners = {q for q in range(P) if s.clans[q][r]}
        if s.cities[r] >= 0:
            owners.add(s.cities[r])
        if len(owners) > 1:
            out.append(f"{b.names[r]} is occupied by several peoples; only Homelands are shared")
    for r, o in enumerate(s.cities):
        if not -1 <= o < P:
            out.append(f"City owner {o} in {b.names[r]} is not a people")
        elif o >= 0 and b.homeland[r]:
            out.append(f"the Cities in {b.names[r]} are listed in home_cities, not cities")
    for p, bits in enumerate(s.hcities):
        if bits & ~b.homeland_bits:
            out.append(f"home_cities of {s.people_name(p)} names a Region that is not a Homeland")
    if (s.presence, s.towns, s.placed) != s.bookkeeping():  # not a rule: a change bypassed add_clans
        out.append("the Regions, Cities and Clans counted per people are out of step with the board")
    seen: list[int] = []
    for group in (s.hands, s.packs, s.kept, s.decks, s.discards, s.played):
        for pile in group:
            seen += pile
    if len(set(seen)) != len(seen):
        dup = sorted({c for c in seen if seen.count(c) > 1})
        out.append(f"cards {dup} are in several places at once")
    if any(not 1 <= c <= 90 for c in seen):
        out.append("card numbers are 1..90")
    elif len(seen) != expected_cards(s):
        out.append(f"{len(seen)} Age cards in the game; expected {expected_cards(s)}")
    for p in range(P):
        for c in s.hands[p]:
            if 1 <= c <= 90 and CARDS_BY_NO[c].age != s.age and s.phase != "over":
                out.append(f"{s.people_name(p)} holds card {c} of Age {CARDS_BY_NO[c].age} in Age {s.age}")
        for c in s.copies[p]:
            if not any(c in s.played[q] for q in range(P) if q != p):
                out.append(f"{s.people_name(p)} copied card {c} that no opponent played")
    if sorted(s.order) != list(range(P)):
        out.append(f"the turn order {s.order} must list every people once")
    return out
