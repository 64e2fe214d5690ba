"""Playing Age cards: when a card may be played, its cost, its effect (one function per effect kind,
the card's number selects the kind and its numbers from data/cards.json), discarding for 4 Coins,
copy cards played out of turn, and the sub-decisions some effects open (where to place, which City)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action

from .bitsets import members
from .data import CARDS_BY_NO, Card, appended, changed
from .expansion import can_stop, do_move, enter_transit, max_affordable, max_transit, step_actions, take_step
from .growth import recruit_locations

if TYPE_CHECKING:
    from .state import GenesiaState

DISCARD_COINS = 4
# effects a copy card can copy (the others act on a board situation of their own player)
COPYABLE = frozenset(
    {"none", "coins", "clans", "moves", "recruit_cost", "row_free", "coins_per", "pp", "pp_per"}
)
REACTIONS = frozenset({"copy", "defence", "offence"})
_COUNTS: list[Action] = [("clans", k) for k in range(31)]  # ("clans", k), sliced (30 Clans at most)


def card_fits_phase(card: Card, letter: str) -> bool:
    """Cards are played in the phase of their icon. Growth+Attack cards are placed in Growth; cards
    with all four icons go anywhere; in the Attack phase the attacker may play four-icon cards on
    their turn (Attack-only cards are offence or defence cards, played inside an Assault)."""
    if card.kind in REACTIONS:
        return False
    if letter == "A":
        return card.icons == "GEAF"
    return letter in card.icons


# speed: the cards each phase letter allows (card_fits_phase), costs, and the action tuples, built once
_FITS = {
    letter: frozenset(c for c in range(1, 91) if card_fits_phase(CARDS_BY_NO[c], letter)) for letter in "GEAF"
}
_COST = tuple(card.cost if card else 0 for card in CARDS_BY_NO)
_PLAY: tuple[Action, ...] = tuple(("play", c) for c in range(91))
_DISCARD: tuple[Action, ...] = tuple(("discard", c) for c in range(91))
_CITY_CARDS = frozenset(c for c in range(1, 91) if CARDS_BY_NO[c].kind == "city")


def playable(s: GenesiaState, p: int, letter: str) -> list[Action]:
    """Cards of this phase p can pay; a City card only when a Region qualifies ("a Region where you have
    a Clan" and no City of yours), else it would cost its price for nothing. With all 20 Cities in play
    it is still played and its effect ignored, as the rulebook says ("If a card ... allows you to build a
    City when they are all in play, ignore the effect")."""
    coins = s.coins[p]
    fits = _FITS[letter]
    out = [_PLAY[c] for c in sorted(s.hands[p]) if c in fits and _COST[c] <= coins]
    if out and any(c in _CITY_CARDS for _, c in out) and not city_regions(s, p):
        out = [a for a in out if a[1] not in _CITY_CARDS]
    return out


def discards(s: GenesiaState, p: int) -> list[Action]:
    return list(map(_DISCARD.__getitem__, sorted(s.hands[p])))


def discard(s: GenesiaState, p: int, c: int) -> None:
    """Discard a card face down for 4 Coins from the reserve."""
    s.hands[p].remove(c)
    forget_choice(s, p, c)
    s.discards = appended(s.discards, p, c)
    s.coins[p] += DISCARD_COINS
    if s.log:
        s.emit("discard", f"{s.people_name(p)} discards a card for {DISCARD_COINS} Coins", player=p)
        s.emit("discard", f"(you discarded {CARDS_BY_NO[c].name})", player=p, to=(s.controller(p),))


def forget_choice(s: GenesiaState, p: int, c: int) -> None:
    """A card that leaves the hand during the End-of-Age reveal (discarded, or played as a copy card, in
    a copy window) is no longer among the choices still to carry out."""
    if s.phase == "end_cards" and s.chosen and any(abs(x) == c for x in s.chosen[p]):
        s.chosen[p] = [x for x in s.chosen[p] if abs(x) != c]  # the phase's own lists (see clone)


def play(s: GenesiaState, p: int, c: int) -> None:
    """Play a card from hand: pay its cost (no debt), put it face up, apply its effect, and let the
    opponents holding a copy card copy it at that moment."""
    card = CARDS_BY_NO[c]
    s.hands[p].remove(c)
    s.coins[p] -= card.cost
    s.played = appended(s.played, p, c)
    if s.log:
        cost = f" (pays {card.cost})" if card.cost else ""
        s.emit("play", f"{s.people_name(p)} plays {card.name}{cost}: {card.text}", player=p, card=c)
    if card.others:  # the anatomy's "advantage for other players"
        for q in range(s.peoples):
            if q != p:
                s.coins[q] += card.others
    if card.kind in COPYABLE:
        open_copy_windows(s, p, c)
    apply_effect(s, p, card, copied=False)


def open_copy_windows(s: GenesiaState, p: int, c: int) -> None:
    """Opponents may play a copy card now, one after the other in turn order. Every opponent holding
    cards is asked (hands are secret: asking only the holders of a copy card would tell everyone who
    holds one); in the solo game the hands are face up, so only a holder is asked."""
    k = s.order.index(p)
    queue = []
    for q in s.order[k + 1 :] + s.order[:k]:
        if copy_cards(s, q, c) if s.solo else s.hands[q]:
            queue.append(q)
    for q in reversed(queue):
        s.pend.append(["copy", q, c, p])


def count(s: GenesiaState, p: int, what: str) -> int:
    """What a "per" card counts for p: its Cities, its Inventions, or the Regions it occupies (a Clan or its
    City there), all of them, those of Genesia or those of another Continent. The Regions are counted in
    the bitset of those p occupies (`presence`), not Region by Region: the estimate asks for every "per"
    card held at every position it judges."""
    if what == "city":
        return s.towns[p].bit_count()
    if what == "invention":
        return len(s.inventions(p))
    held = s.presence[p]
    if what == "region":
        return held.bit_count()
    if what == "genesia":
        return (held & s.board.genesia_bits).bit_count()
    if what == "foreign":
        return (held & s.board.foreign_bits[p]).bit_count()
    return 0


def apply_effect(s: GenesiaState, p: int, card: Card, copied: bool) -> None:
    """The effect of `card` for people `p` (valid this Age only). A copier's gained Clans go to their
    Homeland (they decide nothing in the other player's turn)."""
    kind = card.kind
    if kind == "coins":
        s.coins[p] += card.n
    elif kind == "clans":
        k = min(card.n, s.reserve_clans(p))
        if k:
            locs = recruit_locations(s, p)
            if copied or len(locs) == 1:
                s.add_clans(p, locs[0], k)
            else:
                s.pend.append(["place", p, k, card.no])
    elif kind == "moves":
        s.credit = changed(s.credit, p, s.credit[p] + card.n)
    elif kind == "recruit_cost":
        s.rcost = changed(s.rcost, p, min(s.rcost[p], card.n))
    elif kind == "row_free":  # and its free Moves, if any (RULES.md "Card values", 2026-12-07)
        s.rowfree = changed(s.rowfree, p, 1)
        if card.n:
            s.credit = changed(s.credit, p, s.credit[p] + card.n)
    elif kind == "coins_per":
        s.coins[p] += card.n * count(s, p, card.what)
    elif kind == "pp":
        s.end_pp = changed(s.end_pp, p, s.end_pp[p] + card.n)
    elif kind == "pp_per":
        gain = card.n * count(s, p, card.what)
        s.end_pp = changed(s.end_pp, p, s.end_pp[p] + (min(gain, card.cap) if card.cap else gain))
    elif kind == "city":
        if city_targets(s, p):
            s.pend.append(["city", p, card.n, card.no])
    elif kind == "invade":
        s.pend.append(["invade", p, card.n, card.city])
    elif kind == "war_bonus":
        s.bonus = changed(s.bonus, p, s.bonus[p] + card.n)
    elif kind == "war_guard":
        s.guard = changed(s.guard, p, s.guard[p] + card.n)
    elif kind == "equal_attack":
        s.equal = changed(s.equal, p, 1)
    elif kind == "nobel":
        s.nobel = changed(s.nobel, p, 1)


def city_targets(s: GenesiaState, p: int) -> list[int]:
    """Regions where a card may build a City, "a Region where you have a Clan" (Homelands are Regions):
    one of your Clans there and no City yet (in a Homeland, none of yours: decision 3)."""
    if s.reserve_cities(p) == 0:
        return []
    return city_regions(s, p)


def city_regions(s: GenesiaState, p: int) -> list[int]:
    """city_targets, whether or not a City is left in p's reserve."""
    row = s.clans[p]
    return [r for r in members(s.presence[p]) if row[r] and s.may_build(p, r)]


def invade_targets(s: GenesiaState, p: int) -> list[int]:
    return [s.board.homelands[q] for q in range(s.peoples) if q != p]


def pending_actions(s: GenesiaState, p: int) -> list[Action]:
    top = s.pend[-1]
    kind = top[0]
    if kind == "place":
        return [("target", r) for r in recruit_locations(s, p)]
    if kind == "city":
        return [("target", r) for r in city_targets(s, p)] + [("pass",)]
    if kind == "invade":
        return [("target", r) for r in invade_targets(s, p)]
    if kind == "count":
        src, dst = int(top[2]), int(top[3])
        most = max_affordable(s, p, src, dst) if can_stop(s, p, dst) else max_transit(s, p, src, dst)
        return _COUNTS[1 : most + 1]
    if kind == "transit":
        return step_actions(s, p, int(top[2]), int(top[3]))
    # copy window; discarding is allowed "at any time" (RULES.md decision 7), e.g. to pay for the copy
    out: list[Action] = [("copy", x) for x in copy_cards(s, p, int(top[2]))]
    return out + discards(s, p) + [("pass",)]


def copy_cards(s: GenesiaState, q: int, orig: int = 0) -> list[int]:
    """Copy cards `q` holds and can pay now. Copying an Invention (`orig`) also takes a Clan of q's
    reserve to mark it ("recognizable by the Clan piece of your color that you placed on it")."""
    if orig and CARDS_BY_NO[orig].invention and s.reserve_clans(q) == 0:
        return []
    coins = s.coins[q]
    return sorted(x for x in s.hands[q] if CARDS_BY_NO[x].kind == "copy" and CARDS_BY_NO[x].cost <= coins)


def resolve_pending(s: GenesiaState, p: int, action: Action) -> None:
    top = s.pend[-1]
    kind, verb = top[0], action[0]
    if kind == "place":
        s.pend.pop()
        s.add_clans(p, action[1], min(int(top[2]), s.reserve_clans(p)))
        if s.log:
            s.emit(
                "place", f"{s.people_name(p)} places {top[2]} Clans in {s.board.names[action[1]]}", player=p,
                regions=[action[1]],
            )
    elif kind == "city":
        if verb == "pass":
            s.pend.pop()
            return
        s.set_city(action[1], p)
        if s.log:
            s.emit("city", f"{s.people_name(p)} builds a City in {s.board.names[action[1]]}", player=p,
                   regions=[action[1]])
        top[2] = int(top[2]) - 1
        if top[2] == 0 or not city_targets(s, p):
            s.pend.pop()
    elif kind == "invade":
        s.pend.pop()
        h = action[1]
        k = min(int(top[2]), s.reserve_clans(p))
        s.add_clans(p, h, k)
        city = int(top[3]) and s.may_build(p, h) and s.reserve_cities(p) > 0
        if city:
            s.set_city(h, p)
        if s.log:
            extra = " and a City" if city else ""
            s.emit("invade", f"{s.people_name(p)} places {k} Clans{extra} in {s.board.names[h]}", player=p,
                   regions=[h])
    elif kind == "count":
        s.pend.pop()
        src, dst = int(top[2]), int(top[3])
        if can_stop(s, p, dst):
            do_move(s, p, src, dst, action[1])
        else:
            enter_transit(s, p, src, dst, action[1])
    elif kind == "transit":
        take_step(s, p, action[1])
    elif verb == "discard":  # in a copy window: the window stays open
        discard(s, p, action[1])
    elif verb == "pass":
        s.pend.pop()
    else:  # copy
        s.pend.pop()
        copy_card(s, p, action[1], int(top[2]), int(top[3]))


def copy_card(s: GenesiaState, q: int, copy_no: int, orig: int, owner: int) -> None:
    """A copy card is played the moment the copied card is played: its cost is paid, the copier gets
    the effect, and a copied Invention's Progress Points count for the copier every Age (marked)."""
    card = CARDS_BY_NO[copy_no]
    s.hands[q].remove(copy_no)
    forget_choice(s, q, copy_no)
    s.coins[q] -= card.cost
    s.played = appended(s.played, q, copy_no)
    target = CARDS_BY_NO[orig]
    if target.invention:  # marked with a Clan of q's, out of q's reserve for the rest of the game
        s.copies = appended(s.copies, q, orig)
    if s.log:
        s.emit(
            "copy",
            f"{s.people_name(q)} plays {card.name} and copies {target.name} of {s.people_name(owner)}",
            player=q,
            card=copy_no,
        )
    apply_effect(s, q, target, copied=True)
