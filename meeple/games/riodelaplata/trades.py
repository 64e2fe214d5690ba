"""Trades and money use: buying wood or stone from the bank, and free trades between any two players.

"The players can trade and exchange money, resources and Public Offices as they wish at any point in
the game." A trade is a negotiation held in the state's `trade` list while the decision it interrupts
waits: its maker builds a bundle (`give` / `ask` steps: silver, wood, stone, precious metal and
offices, several kinds each way), proposes it, and the player asked accepts, declines or counters
with a bundle of his own. The player deciding opens it from his money menu; any other player opens it
directly (`RioState.bystanders`) while nothing else is being negotiated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import GOODS, OFFICE_NAMES, with_item

if TYPE_CHECKING:
    from .state import RioState

# decision (the rulebook puts no limit): each player may open one trade per pending decision, i.e.
# between two actions that move the game on, so play always moves on (see RULES.md)
OFFERS_PER_DECISION = 1
MAX_COUNTERS = 2  # decision: an offer may be countered twice (offer, counter, counter), then answered
MAX_STEP = 5  # a give / ask step adds 1..5 of a good (more by repeating the step)

# the `trade` list: [from, to, stage, counters, give silver, wood, stone, precious, offices (bits),
# ask silver, wood, stone, precious, offices (bits)]
FROM, TO, STAGE, COUNTERS, GIVE, ASK = 0, 1, 2, 3, 4, 9
TRADE_LEN = 14
# the maker is building the bundle / the player asked answers / the maker chooses what to add to what
# he gives / to what he asks for (adding is a two-step choice, kind first: random play then proposes
# or withdraws every other step instead of wandering among some thirty goods, RULES.md)
BUILDING, ASKED, GIVING, ASKING = 0, 1, 2, 3
OFFICE_BITS = 4  # offset of the offices' bit mask within a side


def holding(s: RioState, p: int, kind: int) -> int:
    if kind >= 4:
        return 1 if s.office_owner[kind - 4] == p else 0
    return (s.silver, s.wood, s.stone, s.precious)[kind][p]


def buy_cost(s: RioState, p: int) -> int:
    """The first resource bought in a game turn costs 1 silver, the second 2, and so on."""
    return s.bought[p] + 1


def has_goods(s: RioState, p: int) -> bool:
    """p has something to trade: a resource, silver or an office."""
    return bool(s.silver[p] or s.wood[p] or s.stone[p] or s.precious[p]) or p in s.office_owner


def offer_targets(s: RioState, p: int) -> list[int]:
    """Whom p may open a trade with now: anyone, when one of the two has something to trade, while p
    has an offer left in this decision."""
    if s.offered[p] >= OFFERS_PER_DECISION:
        return []
    mine = has_goods(s, p)
    return [q for q in range(s.num_players) if q != p and (mine or has_goods(s, q))]


def money_actions(s: RioState, p: int) -> list[tuple]:
    """Buy a resource, put a worker on a Public Office (placement phase), open a trade."""
    from .placement import can_bid  # placement imports this module

    acts: list[tuple] = []
    if s.silver[p] >= buy_cost(s, p):
        acts.append(("buy",))
    if can_bid(s, p):
        acts.append(("bid",))
    acts.extend(("offer", q) for q in offer_targets(s, p))
    return acts


def has_money_actions(s: RioState, p: int) -> bool:
    """Cheap test for the money menu: a purchase is affordable, or a trade can be opened."""
    return s.silver[p] >= buy_cost(s, p) or bool(offer_targets(s, p))


# ----- the negotiation ------------------------------------------------------------------------------

def counters(s: RioState) -> int:
    """How many times the pending offer has been countered."""
    return s.trade[COUNTERS]


def is_empty(t: list[int]) -> bool:
    return not any(t[GIVE:TRADE_LEN])


def trade_actions(s: RioState, p: int) -> list[tuple]:
    """The maker's next step while he builds the bundle, or the answer of the player asked."""
    t = s.trade
    stage = t[STAGE]
    if stage == ASKED:
        acts: list[tuple] = [("accept",), ("decline",)]
        if t[COUNTERS] < MAX_COUNTERS:
            acts.append(("counter",))
        return acts
    if stage == GIVING:
        return _steps(s, t, "give", GIVE, ASK, p)
    if stage == ASKING:
        return _steps(s, t, "ask", ASK, GIVE, t[TO])
    acts = []
    if _can_add(s, t, GIVE, ASK, t[FROM]):
        acts.append(("add", 0))
    if _can_add(s, t, ASK, GIVE, t[TO]):
        acts.append(("add", 1))
    if not is_empty(t):
        acts.append(("propose",))
    acts.append(("withdraw",))
    return acts


def _steps(s: RioState, t: list[int], verb: str, side: int, other: int, owner: int) -> list[tuple]:
    """Steps adding to one side of the bundle what `owner` still has beyond it; a kind goes one way."""
    acts: list[tuple] = []
    held = (s.silver[owner], s.wood[owner], s.stone[owner], s.precious[owner])
    for k in range(4):
        if t[other + k]:
            continue
        room = min(MAX_STEP, held[k] - t[side + k])
        for n in range(1, room + 1):
            acts.append((verb, k, n))
    if owner in s.office_owner:  # most players hold no office: no need to look at each
        mask = t[side + OFFICE_BITS]
        for o in range(12):
            if s.office_owner[o] == owner and not (mask >> o) & 1:
                acts.append((verb, 4 + o, 1))
    return acts


def _can_add(s: RioState, t: list[int], side: int, other: int, owner: int) -> bool:
    """`_steps` would offer a step: the test alone, without building the list (a step is 1 or more)."""
    held = (s.silver[owner], s.wood[owner], s.stone[owner], s.precious[owner])
    for k in range(4):
        if not t[other + k] and held[k] > t[side + k]:
            return True
    mask = t[side + OFFICE_BITS]
    return owner in s.office_owner and any(s.office_owner[o] == owner and not (mask >> o) & 1 for o in range(12))


def open_trade(s: RioState, p: int, q: int) -> None:
    """p opens a negotiation with q (from his money menu, or as a bystander)."""
    s.offered = with_item(s.offered, p, s.offered[p] + 1)
    s.trade = [p, q, BUILDING, 0] + [0] * (TRADE_LEN - 4)


def apply_trade(s: RioState, p: int, a: tuple) -> None:
    """One step of the negotiation (the action is known to be legal)."""
    verb = a[0]
    t = s.trade
    if verb == "add":
        s.trade = [*t[:STAGE], (GIVING, ASKING)[a[1]], *t[STAGE + 1:]]  # shared with clones: replaced
    elif verb in ("give", "ask"):
        side = GIVE if verb == "give" else ASK
        new = t[:]
        new[STAGE] = BUILDING
        if a[1] >= 4:
            new[side + OFFICE_BITS] |= 1 << (a[1] - 4)
        else:
            new[side + a[1]] += a[2]
        s.trade = new
    elif verb == "propose":
        s.trade = [*t[:STAGE], ASKED, *t[STAGE + 1:]]
        s.tally_add("counter" if t[COUNTERS] else "offer")
        if s.log:
            s.emit("counter" if t[COUNTERS] else "offer",
                   f"{s.player_name(p)} {'counters' if t[COUNTERS] else 'offers'} {s.player_name(t[TO])}: "
                   f"{trade_text(s.trade)}", player=p)
    elif verb == "withdraw":
        s.trade = []
        if s.log:
            s.emit("trade_withdrawn", f"{s.player_name(p)} makes no offer after all", player=p)
    elif verb == "counter":
        s.trade = [p, t[FROM], BUILDING, t[COUNTERS] + 1] + [0] * (TRADE_LEN - 4)
    else:
        reply(s, p, verb == "accept")


def reply(s: RioState, q: int, accept: bool) -> None:
    t = s.trade
    p = t[FROM]
    s.trade = []
    ok = accept and affordable(s, t)
    if ok:
        move_bundle(s, p, q, t)
        s.tally_add("trade")
    if s.log:
        s.emit("trade" if ok else "trade_declined",
               f"{s.player_name(q)} {'accepts' if ok else 'declines'} {s.player_name(p)}'s offer", player=q)


def affordable(s: RioState, t: list[int]) -> bool:
    """Both sides still hold what the bundle moves."""
    for side, owner in ((GIVE, t[FROM]), (ASK, t[TO])):
        for k in range(4):
            if holding(s, owner, k) < t[side + k]:
                return False
        for o in range(12):
            if (t[side + OFFICE_BITS] >> o) & 1 and s.office_owner[o] != owner:
                return False
    return True


def move_bundle(s: RioState, p: int, q: int, t: list[int]) -> None:
    """Carry out the bundle: p gives the GIVE side to q, q gives the ASK side to p."""
    for side, a, b in ((GIVE, p, q), (ASK, q, p)):
        for k in range(4):
            if t[side + k]:
                move_goods(s, a, b, k, t[side + k])
        for o in range(12):
            if (t[side + OFFICE_BITS] >> o) & 1:
                move_goods(s, a, b, 4 + o, 1)


def move_goods(s: RioState, a: int, b: int, kind: int, n: int) -> None:
    if kind >= 4:
        s.office_owner = with_item(s.office_owner, kind - 4, b)  # the office keeps its purchase turn
        return
    pool = (s.silver, s.wood, s.stone, s.precious)[kind]
    pool[a] -= n
    pool[b] += n


def trade_problem(s: RioState, p: int, a: tuple) -> str:
    """Why an action is not a legal step of the pending negotiation."""
    t = s.trade
    if t[STAGE] == ASKED:
        if a[0] == "counter":
            return f"an offer may be countered {MAX_COUNTERS} times; now accept or decline"
        return f"answer {s.player_name(t[FROM])}'s offer: accept, decline or counter"
    if a[0] == "add":
        return "add to what you give (add, 0) or to what you ask for (add, 1), when there is something to add"
    if t[STAGE] != BUILDING and a[0] not in ("give", "ask"):
        return f"choose what to {'give' if t[STAGE] == GIVING else 'ask for'}"
    if a[0] in ("give", "ask"):
        if len(a) != 3:
            return f"a step of the bundle is ({a[0]}, kind 0 silver | 1 wood | 2 stone | 3 precious | 4+k office k, amount)"
        return ("you can only give what you have, ask for what the other player has, 1 to "
                f"{MAX_STEP} at a step, each good one way only")
    if a[0] == "propose":
        return "put something in the bundle first (give or ask), or withdraw"
    return "build your offer: add what you give and what you ask for, then propose (or withdraw)"


# ----- texts ------------------------------------------------------------------------------------------

def goods_text(kind: int, n: int) -> str:
    if kind >= 4:
        return f"the {OFFICE_NAMES[kind - 4]} office"
    return f"{n} {GOODS[kind]}"


def side_text(t: list[int], side: int) -> str:
    """One side of a bundle in words ("nothing" when empty)."""
    parts = [goods_text(k, t[side + k]) for k in range(4) if t[side + k]]
    parts += [goods_text(4 + o, 1) for o in range(12) if (t[side + OFFICE_BITS] >> o) & 1]
    return ", ".join(parts) or "nothing"


def trade_text(t: list[int]) -> str:
    return f"{side_text(t, GIVE)} for {side_text(t, ASK)}"


def buy(s: RioState, p: int, r: int) -> None:
    s.silver[p] -= buy_cost(s, p)
    s.bought[p] += 1
    (s.wood, s.stone)[r][p] += 1
    if s.log:
        s.emit("buy", f"{s.player_name(p)} buys 1 {('wood', 'stone')[r]} from the bank", player=p)


def apply_money(s: RioState, p: int, a: tuple) -> None:
    if a[0] == "buy":
        s.pick = ["buy"]  # wood or stone is chosen next
    elif a[0] == "bid":
        s.pick = ["bid"]  # the office is chosen next
    else:
        open_trade(s, p, a[1])
