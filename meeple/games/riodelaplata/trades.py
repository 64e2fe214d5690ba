"""Trades and money use: buying wood or stone from the bank, and free trades between players as an
offer / accept / decline / counter protocol (the player asked answers with an ordinary action)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import GOODS, OFFICE_NAMES, with_item

if TYPE_CHECKING:
    from .state import RioState

MAX_AMOUNT = 3
OFFERS_PER_TURN = 1  # decision: one offer per player per game turn, so that play always moves on
MAX_COUNTERS = 2  # decision: an offer may be countered twice (offer, counter, counter), then answered


def holding(s: RioState, p: int, kind: int) -> int:
    if kind >= 4:
        return 1 if s.office_owner[kind - 4] == p else 0
    return (s.silver, s.wood, s.stone, s.precious)[kind][p]


def buy_cost(s: RioState, p: int) -> int:
    """The first resource bought in a game turn costs 1 silver, the second 2, and so on."""
    return s.bought[p] + 1


def money_actions(s: RioState, p: int) -> list[tuple]:
    """Buy a resource from the bank, put a worker on a Public Office (placement phase), offer a trade."""
    from .placement import can_bid  # placement imports this module

    acts: list[tuple] = []
    if s.silver[p] >= buy_cost(s, p):
        acts.append(("buy",))
    if can_bid(s, p):
        acts.append(("bid",))
    if s.offered[p] < OFFERS_PER_TURN and has_goods(s, p):  # then a gift at least can be offered to anyone
        acts.extend(("offer", q) for q in range(s.num_players) if q != p)
    return acts


def has_money_actions(s: RioState, p: int) -> bool:
    """Cheap test for the money menu: a purchase is affordable, or an offer (a gift at least) is possible."""
    if s.silver[p] >= buy_cost(s, p):
        return True
    return s.offered[p] < OFFERS_PER_TURN and has_goods(s, p)


def has_goods(s: RioState, p: int) -> bool:
    """p has something to offer (what `_goods` lists is not empty): a resource, silver or an office."""
    return bool(s.silver[p] or s.wood[p] or s.stone[p] or s.precious[p]) or p in s.office_owner


def terms_actions(s: RioState, p: int, q: int, verb: str = "terms") -> list[tuple]:
    """What p may offer q: something p has (up to 3, or an office) for something q has, or for nothing."""
    gives = _goods(s, p)
    if not gives:
        return []
    wants = _goods(s, q) + [(0, 0)]
    return [(verb, gk, gn, wk, wn) for gk, gn in gives for wk, wn in wants
            if wk != gk or (wn == 0 and wk == 0)]


def counters(s: RioState) -> int:
    """How many times the pending offer has been countered."""
    return s.trade[6] if len(s.trade) > 6 else 0


def answer_actions(s: RioState, q: int) -> list[tuple]:
    """The player asked accepts, declines, or counters with terms of his own (while counters are left)."""
    acts: list[tuple] = [("accept",), ("decline",)]
    if counters(s) < MAX_COUNTERS:
        acts.extend(terms_actions(s, q, s.trade[0], "counter"))
    return acts


def counter_problem(s: RioState, q: int, a: tuple) -> str:
    if counters(s) >= MAX_COUNTERS:
        return f"an offer may be countered {MAX_COUNTERS} times; now accept or decline"
    if len(a) != 5:
        return "a counter-offer is (counter, give kind, give amount, want kind, want amount)"
    return "you can only give what you have, and ask for what the other player has"


def apply_counter(s: RioState, q: int, terms: tuple) -> None:
    """The asked player's counter-offer replaces the offer: now the first player answers it."""
    p = s.trade[0]
    s.trade = [q, p, *terms[1:], counters(s) + 1]
    s.tally_add("counter")
    if s.log:
        s.emit("counter", f"{s.player_name(q)} counters: {goods_text(terms[1], terms[2])} for "
               f"{goods_text(terms[3], terms[4]) if terms[4] else 'nothing'}", player=q)


def _goods(s: RioState, p: int) -> list[tuple[int, int]]:
    out = [(k, n) for k in range(4) for n in range(1, min(MAX_AMOUNT, holding(s, p, k)) + 1)]
    out.extend((4 + o, 1) for o in range(12) if s.office_owner[o] == p)
    return out


def goods_text(kind: int, n: int) -> str:
    if kind >= 4:
        return f"the {OFFICE_NAMES[kind - 4]} office"
    return f"{n} {GOODS[kind]}"


def offer_problem(s: RioState, p: int, a: tuple) -> str | None:
    if a[0] == "offer":
        if s.offered[p] >= OFFERS_PER_TURN:
            return "a player may make one trade offer per game turn"
        if len(a) != 2 or a[1] == p or not 0 <= a[1] < s.num_players:
            return "an offer goes to another player: (offer, player), then its terms"
        return "you have nothing to offer"
    if len(a) != 5 or not s.pick or s.pick[0] != "offer":
        return "terms are (terms, give kind, give amount, want kind, want amount), after choosing whom to offer"
    q = s.pick[1]
    _, gk, gn, wk, wn = a
    if holding(s, p, gk) < gn:
        return "you cannot offer what you do not have"
    if wn and holding(s, q, wk) < wn:
        return "you can only ask for what the other player has"
    return None


def apply_money(s: RioState, p: int, a: tuple) -> None:
    if a[0] == "buy":
        s.pick = ["buy"]  # wood or stone is chosen next
        return
    if a[0] == "bid":
        s.pick = ["bid"]  # the office is chosen next
        return
    s.pick = ["offer", a[1]]  # the terms are chosen next


def buy(s: RioState, p: int, r: int) -> None:
    s.silver[p] -= buy_cost(s, p)
    s.bought[p] += 1
    (s.wood, s.stone)[r][p] += 1
    if s.log:
        s.emit("buy", f"{s.player_name(p)} buys 1 {('wood', 'stone')[r]} from the bank", player=p)


def apply_offer(s: RioState, p: int, q: int, terms: tuple) -> None:
    s.offered[p] += 1
    s.trade = [p, q, *terms[1:], 0]
    s.tally_add("offer")
    if s.log:
        s.emit("offer", f"{s.player_name(p)} offers {s.player_name(q)} {goods_text(terms[1], terms[2])} for "
               f"{goods_text(terms[3], terms[4]) if terms[4] else 'nothing'}", player=p)


def reply(s: RioState, q: int, accept: bool) -> None:
    p, _, gk, gn, wk, wn = s.trade[:6]
    s.trade = []
    ok = accept and holding(s, p, gk) >= gn and (not wn or holding(s, q, wk) >= wn)
    if ok:
        move_goods(s, p, q, gk, gn)
        if wn:
            move_goods(s, q, p, wk, wn)
        s.tally_add("trade")
    if s.log:
        s.emit("trade" if ok else "trade_declined",
               f"{s.player_name(q)} {'accepts' if ok else 'declines'} the offer", player=q)


def move_goods(s: RioState, a: int, b: int, kind: int, n: int) -> None:
    if kind >= 4:
        s.office_owner = with_item(s.office_owner, kind - 4, b)
        return
    pool = (s.silver, s.wood, s.stone, s.precious)[kind]
    pool[a] -= n
    pool[b] += n
