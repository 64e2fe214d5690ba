"""A score estimate for bots: the points already secured (Progress banked and this Age's, Inventions
for every Age still to score, Radiance, Conquest and the Objective as the board stands), plus what is
not points yet, in points by the end of the game:

- Coins, Clans on the board and Cities, at a weight of the Age (`data/evaluation.json`, fitted); once
  the Expansion is over a Coin is carried into the next Age, on top of its income (nothing but a card's
  cost can be bought with it now);
- each card in hand (or picked in the draft) by what the rulebook says it can still do: it can always be
  discarded for 4 Coins ("At any time, you can discard your cards for 4 Coins each"), and while its
  phase of this Age is still to come, played for its effect less its cost; the part of the effect above
  the discard counts at the Age's `hand` share (a card held may not be played well); at the End of the
  Age a people's own secret choice counts as the reveal will carry it out (a card chosen to be played at
  its whole worth, one chosen to be discarded, or left by a people that is ready, at its discard);
- this Age's effects of cards already played that are still to be used: free Moves, no Right of Way,
  cheaper recruiting, Clans an Assault takes or saves;
- an Assault under way, until its losses are chosen, as the attacker will end it (the Clans each side
  loses, the Region taken), so that the cards played in it are worth what they change.

An effect is counted in the currencies the rulebook prices: Progress Points are points; a Clan is worth
the Age's Clan weight, a Coin its Coin weight, a Move 1 Coin ("1 Coin per Move"), a Right of Way 1 Coin
per Clan; an Invention scores its Progress Points at the end of this Age and of every later one.

`forecast` (a search's judge, `mcts:judge=forecast`) is the same estimate with each people at its own step
of the Age: once its turn of the Growth or of the Expansion is over ("1 turn per player"), its Coins and the
cards it can only sell are counted as they will be after that turn, not while the phase goes on for the
others (the greedy bot's `evaluate` is unchanged)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .attack import EQUAL_FIRST, SIEGE, declared_losses, targets
from .bitsets import CACHE_MAX, members, reach, reach_levels
from .cards import DISCARD_COINS, card_fits_phase, count
from .data import CARDS_BY_NO, DATA
from .end_of_age import choice_actions
from .expansion import occupancy, stop_bits
from .growth import RECRUIT_COST
from .scoring import RADIANCE, conquest, invention_pp, objective_points, radiance

if TYPE_CHECKING:
    from .data import Board, Card
    from .state import GenesiaState


_DOC = json.loads((DATA / "evaluation.json").read_text(encoding="utf-8"))
WEIGHTS: dict[int, tuple[float, float, float, float]] = {
    int(age): (w["coins"], w["hand"], w["clans"], w["cities"]) for age, w in _DOC["ages"].items()
}
# per Age from the second: a Coin carried into it from the previous Age (`end_coin`)
CARRIED: dict[int, float] = {int(age): w for age, w in _DOC["carried"].items() if age.isdigit()}
# Ours, where the effect depends on moves nobody has made yet: the Rights of Way a "no Right of Way"
# card saves in an Age (1 Coin per Clan per opponent's Region crossed), and what a copy card or an
# Attack card that only changes who may attack is worth above its discard, in Coins.
ROW_SAVED = 2
COPY_EXTRA = 2
# the Clans a cheaper recruiting is counted for: about what a greedy seat recruits in an Age (ours; its
# Coins alone would count every Coin twice, as a Coin and as a Clan's saving)
RECRUITS = 6
# the Clans a card changes in an Assault: the defence cards that cancel it save the Clans an attacker
# would engage (at least as many as the defender has there: ours, 2); the Nobel Peace Prize keeps the
# holder out of every Assault of the Age (ours, 2); "attack a Region with as many Clans" (ours, 1), and in
# such an Assault the Clan the defender first loses (War or Peace's EQUAL_FIRST, since 2026-12-07)
CANCEL_CLANS = 2
NOBEL_CLANS = 2
EQUAL_CLANS = 1 + EQUAL_FIRST

# What a City saves the Clans recruited in it ("placed either on your Homeland or in one of your Cities (in
# Age II or Age III)"): the Moves from the Homeland to it, 1 Coin per Clan a Move in Age II, per stack in
# Age III. Ours: 2 Clans of Age II go through it (a stack that holds a Region and builds a City at the End
# of the Age), one stack of Age III; a City farther than 3 Moves saves no more than 3 (beyond that the
# recruits have Regions to take nearer).
CITY_RECRUITS = 2
CITY_MOVES = 3
# The Regions of another Continent a "per" card counts, at most, where its holder's Clans can still move
# there before it is played: RULES.md "Card values" prices such a card at 3 (the first round's Spice Route
# position). Four-greedy seats held 1.2 of them at the end of Age II's Expansion (session 45).
FOREIGN_REGIONS = 3

# the phases of an Age in their order (the objective choice and the draft come before Growth)
_STEP = {"objective": 0, "draft": 0, "growth": 1, "expansion": 2, "war_peace": 3, "assault": 3, "end_cards": 4}
_LATE = 5  # turn order, the end of the game: no card of the Age is left to play


def phase_step(s: GenesiaState) -> int:
    """The step of the Age the phase is at (`_STEP`)."""
    return _STEP.get(s.phase, _LATE)


def own_step(s: GenesiaState, p: int) -> int:
    """The step of the Age p plays in next: the phase's, or the next phase's once p's turn of the Growth or
    of the Expansion is over (both are played in turn, "1 turn per player": a later people is to play).
    Its Coins then buy no more Clans or Moves of that turn, and its cards of the phase can only be sold."""
    step = phase_step(s)
    if (step == 1 or step == 2) and s.order.index(p) < s.turn:
        return step + 1
    return step


def last_step(card: Card) -> int:
    """The last phase of its Age in which a card can be played: Growth cards (Growth+Attack ones are
    placed in Growth) in Growth, Expansion ones in Expansion, Attack cards in the Attack phase, copy
    cards, End-of-Age cards and four-icon cards up to the End of the Age."""
    icons = card.icons
    if icons == "" or "F" in icons:
        return 4
    if icons == "A":
        return 3
    if "E" in icons:
        return 2
    return 1


_LAST = tuple(last_step(c) if c else 0 for c in CARDS_BY_NO)


def ages_scored(s: GenesiaState) -> int:
    """How many more times an Invention played now scores: at the end of this Age and of each later one."""
    return 3 - len(s.pp[0])


def secured(s: GenesiaState, p: int) -> float:
    """Points that only an Assault (Clans lost) can still take away."""
    v = float(sum(s.pp[p]) + radiance(s, p) + conquest(s, p))
    v += invention_pp(s, p) * ages_scored(s) + s.end_pp[p]
    if not s.solo and s.objective and s.objective[p]:
        v += objective_points(s, p, s.objective[p])
    return v


def region_count(s: GenesiaState, p: int, what: str) -> int:
    """What a "per" card counts for p (cards.count) when it is played: Regions as many as p's Clans on the
    board can hold, Cities as step 1 of the End of the Age leaves them (a free City in each Region
    without one where p has 2 Clans, before the cards are played; while recruiting is open, one in p's
    Homeland)."""
    n = count(s, p, what)
    if what == "region":  # each Clan on the board may hold a Region of its own by then
        n = max(n, s.placed[p])
    elif what == "city":
        row = s.clans[p]
        free = 0
        for r in members(s.presence[p] & ~s.towns[p]):  # a Region with 2 Clans of p is one p occupies
            if row[r] >= 2 and s.may_build(p, r):
                free += 1
        home = s.board.homelands[p]
        if row[home] < 2 and s.may_build(p, home) and phase_step(s) <= 2:
            # while recruiting is open, its Homeland's too: recruits are "always placed either on your
            # Homeland or in one of your Cities", and four-greedy seats had a City there at the End of Age I
            # in 141 of 160 seat-Ages (ours, session 44; until then a "per City" card counted no City in
            # Age I's draft, where nobody has a Clan yet, and Burial Mound was never picked)
            free += 1
        n = min(20, n + free)
    elif what == "foreign" and n < FOREIGN_REGIONS and not expansion_turn_over(s, p):
        n = min(FOREIGN_REGIONS, n + foreign_within(s, p, s.coins[p] + s.credit[p]))
    return n


def foreign_within(s: GenesiaState, p: int, budget: int) -> int:
    """The Regions of another Continent p does not occupy where its Clans can stop in its Expansion turn
    with `budget` Coins ("1 Coin per Move", a Right of Way 1 more), one Clan moved into each from where p's
    Clans stand or from its Homeland, the nearest first; at most p's Clans on the board. Until session 45
    a "per foreign Region" card counted only the Regions held as the board stood: in Age II's draft a seat
    held none (its Clans are 4 Moves or more from another Continent), so Spice Route was worth its discard
    alone, left as a pack's last cards, and sold in Growth when picked."""
    b = s.board
    others, charged = occupancy(s, p)
    mine = s.presence[p]
    targets = b.foreign_bits[p] & stop_bits(s, p, others) & ~mine
    key = (b.sides, mine | 1 << b.homelands[p], charged, targets, budget, s.placed[p])
    n = _FOREIGN.get(key)
    if n is None:
        if len(_FOREIGN) >= CACHE_MAX:
            _FOREIGN.clear()
        n = _FOREIGN[key] = nearest_targets(b, key[1], charged, targets, budget, s.placed[p])
    return n


# foreign_within's answers and city_card_reach's Regions within reach, kept by all they read (a few bitsets
# and numbers): every people's estimate asks again at each position a greedy decision weighs, and the
# board mostly stands as it was
_FOREIGN: dict[tuple[int, ...], int] = {}
_REACHED: dict[tuple[int, ...], int] = {}


def nearest_targets(b: Board, sources: int, charged: int, targets: int, budget: int, most: int) -> int:
    """How many of the Regions `targets` one Clan each can reach from `sources` with `budget` Coins, the
    nearest first (`reach_levels`), at most `most`."""
    levels = [reach_levels(b, src, charged, budget) for src in members(sources)]
    seen = n = 0
    for c in range(1, budget + 1):
        got = 0
        for lv in levels:
            got |= lv[c if c < len(lv) else -1]
        new = got & targets & ~seen
        seen |= new
        for _ in range(new.bit_count()):
            if budget < c or n >= most:
                return n
            budget -= c
            n += 1
    return n


def reached(b: Board, sources: int, charged: int, coins: int) -> int:
    """The Regions within `coins` of any of `sources` (`reach`)."""
    key = (b.sides, sources, charged, coins)
    got = _REACHED.get(key)
    if got is None:
        if len(_REACHED) >= CACHE_MAX:
            _REACHED.clear()
        got = 0
        for src in members(sources):
            got |= reach(b, src, charged, coins)
        _REACHED[key] = got
    return got


def effect_value(s: GenesiaState, p: int, card: Card, w: tuple[float, float, float, float]) -> float:
    """What playing `card` now would give p by the end of the game, before its cost, in points."""
    coin, _, clan, city = w
    kind = card.kind
    v = float(card.pp * ages_scored(s)) if card.invention else 0.0
    if kind == "pp":
        v += card.n
    elif kind == "pp_per":
        gain = card.n * region_count(s, p, card.what)
        v += min(gain, card.cap) if card.cap else gain
    elif kind == "coins":
        v += card.n * coin
    elif kind == "coins_per":
        v += card.n * region_count(s, p, card.what) * coin
    elif kind == "clans":
        v += min(card.n, s.reserve_clans(p)) * clan
    elif kind == "moves":
        v += card.n * coin
    elif kind == "recruit_cost":
        v += recruits_saved(s, p, min(s.rcost[p], card.n)) * coin
    elif kind == "row_free":
        v += (ROW_SAVED + card.n) * coin  # and its free Moves
    elif kind == "city":  # a City holds its Region without a Clan, and is worth what city_worth counts
        far = city_card_reach(s, p, card)
        built = min(card.n, s.reserve_cities(p)) if far >= 0 else 0
        v += built * (city + clan) + moves_gained(s, p, far, coin) if built else 0.0
    elif kind == "invade":
        v += card.n * clan + (city + clan) * card.city + RADIANCE  # an opponent's Homeland is foreign
    elif kind == "offence":
        v += (card.n or 1) * clan  # the Clans it takes (a free siege saves the Clan a siege costs)
    elif kind == "defence":
        v += (card.n or CANCEL_CLANS) * clan
    elif kind in ("war_bonus", "war_guard"):
        v += card.n * clan  # in each Assault, and there is at least one
    elif kind == "nobel":
        v += NOBEL_CLANS * clan
    elif kind == "equal_attack":
        v += EQUAL_CLANS * clan
    elif kind == "copy":
        v += (DISCARD_COINS + COPY_EXTRA) * coin
    return v


def expansion_turn_over(s: GenesiaState, p: int) -> bool:
    """p's turn of this Age's Expansion, played "in turn" ("1 turn per player"), is over: a later people
    is to play, or the Expansion is."""
    return own_step(s, p) > 2


def city_card_reach(s: GenesiaState, p: int, card: Card) -> int:
    """Where a City card ("Build 1 City in a Region where you have a Clan", an Expansion card) held by p
    can build when it is played in p's Expansion turn: a Region without a City where a Clan of p can
    stand by then, moved from where p's Clans stand or from its Homeland (where Growth's recruits are
    placed) with the Coins and free Moves left once the card's cost is paid ("No debt is allowed"; its
    other cards can be sold for 4 Coins each "at any time"). Returns the farthest such Region's distance
    from p's Homeland in Moves, at most CITY_MOVES (what `moves_saved` counts), -1 when there is none:
    once p's Expansion turn is over (a card is played in its phase, on your turn) or when the cost
    cannot be paid. Until session 41 only the Regions where a Clan of p stood counted: a City card held
    in Age I's Growth (no Clan out of the Homeland) looked worth less than its discard and was always
    sold, and one held while its holder spent the Coins of its cost on Moves kept its worth and was sold
    at the End of the Age."""
    if expansion_turn_over(s, p):
        return -1
    budget = s.coins[p] + s.credit[p] - card.cost + DISCARD_COINS * (len(held(s, p)) - 1)
    if budget < 0:
        return -1
    b = s.board
    others, charged = occupancy(s, p)
    got = reached(b, s.presence[p] | 1 << b.homelands[p], charged, budget) & stop_bits(s, p, others)
    ring = rings(b, p)
    for d in range(CITY_MOVES, -1, -1):  # the farthest first: one Region that can take a City is enough
        for r in members(got & ring[d]):
            if s.may_build(p, r):
                return d
    return -1


def recruits_saved(s: GenesiaState, p: int, cost: int) -> int:
    """Coins recruiting at `cost` saves this Age: the difference for each Clan p's Coins can recruit."""
    if cost >= RECRUIT_COST:
        return 0
    return (RECRUIT_COST - cost) * min(s.coins[p] // max(cost, 1), s.reserve_clans(p), RECRUITS)


def end_coin(s: GenesiaState) -> float:
    """What a Coin is worth once this Age's Expansion is over: Coins buy Clans ("Recruit ... at a cost of 2
    Coins per Clan", Growth and Expansion) and Moves (Expansion), so from the Attack on a Coin buys
    nothing more this Age but a card's cost, and is spent in the next Age; there it comes on top of what
    every people receives ("15 COINS, which are added ... to the money not spent during the previous
    Age", and 5 cards to discard for 4 Coins each), so it is worth a Coin beyond that income (`CARRIED`,
    below the next Age's Coin weight; until session 39 that weight itself, which priced 6 Coins carried
    into Age II above Totem's 6 Progress Points). After Age III, nowhere (the Merchant objective is
    counted in the points). Only Coins carried over are priced lower: a lower Coin within an Age
    (session 37, af22aa3) changed how Age III was played."""
    return CARRIED[s.age + 1] if s.age < 3 else 0.0


def spent_next_age(s: GenesiaState) -> bool:
    """The Expansion is over: the Attack phase or the End of the Age, where Coins are the next Age's."""
    return phase_step(s) >= 3


def played_after_expansion(card: Card) -> bool:
    """A card played only in the Attack phase or at the End of the Age (the Attack icon alone, or the
    End-of-Age icon alone): its cost, and the 4 Coins of its discard if it is kept until then, are
    Coins of that time."""
    return card.icons in ("A", "F")


def card_extra(s: GenesiaState, p: int, c: int, w: tuple[float, float, float, float], step: int) -> float:
    """What a card held is worth above its discard (4 Coins, for sure): its effect less its cost and
    the discard, while its phase of this Age is still to come for p (p at `step` of the Age); 0 when that
    is nothing. An Attack card or an End-of-Age card is played or discarded after the Expansion, where its
    cost and the discard are Coins of the next Age. In an Assault counted ahead (`assault_ahead`) the defender's defence cards
    and the attacker's offence cards are worth what they change in it, which the estimate counts there:
    a defence card is played "as soon as you suffer an Assault", and kept for a later one only on the
    chance of another (in 60 four-greedy games of session 34, a Ramparts held met an Assault 6 times in
    46)."""
    if step > _LAST[c]:
        return 0.0
    card = CARDS_BY_NO[c]
    if card.kind in ("offence", "defence") and in_assault(s, p, card.kind):
        return 0.0
    extra = card_gain(s, p, card, w)
    return extra if extra > 0 else 0.0


def card_gain(s: GenesiaState, p: int, card: Card, w: tuple[float, float, float, float]) -> float:
    """What playing `card` gives p above its discard: its effect less its cost and the 4 Coins of the
    discard (Coins of the next Age for a card played after the Expansion)."""
    coin = end_coin(s) if played_after_expansion(card) else w[0]
    return effect_value(s, p, card, w) - (card.cost + DISCARD_COINS) * coin


def choosing_end_cards(s: GenesiaState) -> bool:
    """Step 2 of the End of the Age, played at once by all ("simultaneously"): each people's secret list
    of the cards it plays and discards (`s.chosen`), carried out at the reveal."""
    return s.phase == "end_cards" and not s.solo


def open_cards(s: GenesiaState, p: int) -> list[int]:
    """p's cards whose fate is still open. At the End of the Age's secret choice a card p chose to play
    or to discard is settled, and once p is ready the rest of its hand is discarded at the reveal, but
    for a copy card, which a copy window of the reveal may still play."""
    cards = held(s, p)
    if not choosing_end_cards(s):
        return cards
    chosen = [abs(x) for x in s.chosen[p]]
    ready = s.ready[p]
    return [c for c in cards if c not in chosen and (not ready or CARDS_BY_NO[c].kind == "copy")]


def chosen_worth(s: GenesiaState, p: int, w: tuple[float, float, float, float]) -> float:
    """The End-of-Age cards p chose to play, at their whole worth above their discard: they stay in the
    hand until every people is ready, then the reveal plays them (one that a copy paid meanwhile leaves
    unaffordable is discarded instead). Until session 45 such a card kept its hand share, so the greedy
    bot valued playing it, discarding it and being done alike unless its own choice was the last."""
    if not choosing_end_cards(s):
        return 0.0
    v = 0.0
    for x in s.chosen[p]:
        if x > 0:
            v += card_gain(s, p, CARDS_BY_NO[x], w)
    return v


def list_end_cards(s: GenesiaState, p: int) -> None:
    """Make p's secret End-of-Age choice again, as the estimate sees it (the greedy bot's choice: playing
    a card worth more played than discarded, `card_gain` above 0 as `chosen_worth` counts it, is its best
    action), for a people whose real choice is hidden from the one sampling it. First the cards it will
    not play are discarded, so their 4 Coins pay at the reveal for those it will (a copy card is kept for
    a copy window); then, the most worth first, each card worth playing that it can afford with the
    Coins the cards listed before leave."""
    w = weights(s)
    gains = {c: card_gain(s, p, CARDS_BY_NO[c], w) for c in s.hands[p] if card_fits_phase(CARDS_BY_NO[c], "F")}
    s.chosen[p] += [-c for c in s.hands[p] if gains.get(c, 0.0) <= 0 and CARDS_BY_NO[c].kind != "copy"]
    while True:
        plays = [a[1] for a in choice_actions(s, p) if a[0] == "play" and gains[a[1]] > 0]
        if not plays:
            return
        s.chosen[p].append(max(plays, key=gains.__getitem__))


def _distances(b: Board, side: int) -> tuple[int, ...]:
    """Moves from the side's Homeland to each Region (adjacent Regions are 1 Move apart)."""
    far = len(b.names)
    dist = [far] * far
    frontier = [b.homelands[side]]
    dist[frontier[0]] = 0
    while frontier:
        nxt = []
        for r in frontier:
            for q in b.adj[r]:
                if dist[q] == far:
                    dist[q] = dist[r] + 1
                    nxt.append(q)
        frontier = nxt
    return tuple(dist)


_DIST: dict[tuple[int, int], tuple[int, ...]] = {}


def distances(b: Board, side: int) -> tuple[int, ...]:
    key = (b.sides, side)
    d = _DIST.get(key)
    if d is None:
        d = _DIST[key] = _distances(b, side)
    return d


_RINGS: dict[tuple[int, int], tuple[int, ...]] = {}


def rings(b: Board, side: int) -> tuple[int, ...]:
    """rings[d]: the Regions d Moves from the side's Homeland (d below CITY_MOVES), rings[CITY_MOVES]: the
    Regions CITY_MOVES or more Moves from it."""
    key = (b.sides, side)
    got = _RINGS.get(key)
    if got is None:
        out = [0] * (CITY_MOVES + 1)
        for r, d in enumerate(distances(b, side)):
            out[min(d, CITY_MOVES)] |= 1 << r
        got = _RINGS[key] = tuple(out)
    return got


def recruits_moved(s: GenesiaState) -> int:
    """The Clans (stacks in Age III) recruited in a City from now on whose Moves it saves: CITY_RECRUITS
    in Age II and one stack in Age III, while the Age's Expansion is not over ("You can also recruit some
    during the Expansion phase")."""
    open_now = phase_step(s) <= 2
    n = 0
    if s.age < 2 or (s.age == 2 and open_now):
        n += CITY_RECRUITS
    if s.age < 3 or open_now:
        n += 1
    return n


def moves_saved(s: GenesiaState, p: int, regions: int) -> int:
    """Moves the recruits of the Ages to come save in the farthest of `regions` (a bitset) from p's
    Homeland, at most CITY_MOVES each."""
    if not regions:
        return 0
    dist = distances(s.board, p)
    far = 0
    for r in members(regions):  # a loop, not max() over a generator: the estimate asks for every City held
        if dist[r] > far:
            far = dist[r]
    return min(far, CITY_MOVES) * recruits_moved(s)


def moves_gained(s: GenesiaState, p: int, far: int, coin: float) -> float:
    """What a City `far` Moves from p's Homeland (at most CITY_MOVES) adds to the Moves p's Cities already
    save, in points."""
    gain = far * recruits_moved(s) - moves_saved(s, p, s.towns[p])
    return gain * coin if gain > 0 else 0.0


def city_worth(s: GenesiaState, p: int, w: tuple[float, float, float, float]) -> float:
    """p's Cities beyond the Regions they hold (those are in `secured`): each outside the Homelands
    "can be besieged ... by losing 1 Clan", as a defending Clan would cost the attacker, so it counts as
    a Clan; and the recruits of the Ages to come save the Moves from the Homeland to the farthest one."""
    towns = s.towns[p]
    if not towns:
        return 0.0
    besieged = (towns & ~s.board.homeland_bits).bit_count()
    return besieged * w[2] + moves_saved(s, p, towns) * w[0]


def effects_value(s: GenesiaState, p: int, w: tuple[float, float, float, float], step: int) -> float:
    """This Age's effects still to be used, p at `step` of the Age: free Moves and no Right of Way until the
    Expansion is over, cheaper recruiting likewise, the Clans Growth+Attack cards take or save until the
    Attack is over."""
    coin, _, clan, _ = w
    v = 0.0
    if step <= 2:
        v += s.credit[p] * coin + s.rowfree[p] * ROW_SAVED * coin
        v += recruits_saved(s, p, s.rcost[p]) * coin
    if step <= 3:
        v += (s.bonus[p] + s.guard[p] + NOBEL_CLANS * s.nobel[p] + EQUAL_CLANS * s.equal[p]) * clan
    return v


def held(s: GenesiaState, p: int) -> list[int]:
    """p's cards: the hand, and during the draft the cards picked so far (this Age's hand to be)."""
    return s.hands[p] + s.kept[p] if s.phase == "draft" else s.hands[p]


def terms(
    s: GenesiaState, p: int, w: tuple[float, float, float, float], step: int
) -> tuple[float, float, float, float]:
    """What the Age's four weights apply to, p at `step` of the Age: Coins (with the 4 Coins each card held
    can be discarded for), Clans on the board, Cities, and the worth above their discard of the cards whose
    fate is open."""
    cards = held(s, p)
    extra = 0.0
    for c in open_cards(s, p):
        extra += card_extra(s, p, c, w, step)
    return s.coins[p] + DISCARD_COINS * len(cards), s.placed[p], s.towns[p].bit_count(), extra


def weights(s: GenesiaState) -> tuple[float, float, float, float]:
    """The Age's weights at the phase's step of it."""
    return weights_at(s, phase_step(s))


def weights_at(s: GenesiaState, step: int) -> tuple[float, float, float, float]:
    """The Age's weights at `step` of it; once the Expansion is over a Coin is worth what it is in the next
    Age."""
    w = WEIGHTS[s.age]
    return (end_coin(s), *w[1:]) if step >= 3 else w


def people_value(s: GenesiaState, p: int) -> float:
    """p's estimate at the phase's step of the Age."""
    return value_at(s, p, phase_step(s))


def value_at(s: GenesiaState, p: int, step: int) -> float:
    """p's estimate with p at `step` of the Age."""
    w = weights_at(s, step)
    coins, clans, cities, extra = terms(s, p, w, step)
    coin, share, clan, city = w
    return unscaled(s, p, w, step) + coin * coins + clan * clans + city * cities + share * extra


def unscaled(s: GenesiaState, p: int, w: tuple[float, float, float, float], step: int) -> float:
    """The part of p's estimate that the Age's four weights do not scale (what `fit_evaluation` subtracts
    before fitting them): points secured, effects still to use, its Cities' worth, its chosen End-of-Age
    cards."""
    return secured(s, p) + effects_value(s, p, w, step) + city_worth(s, p, w) + chosen_worth(s, p, w)


def region_worth(s: GenesiaState, p: int, r: int) -> int:
    """What holding Region r scores for p: its printed value, and 2 Radiance if it is foreign to p."""
    return s.board.values[r] + (RADIANCE if s.board.foreign_bits[p] >> r & 1 else 0)


def assault_counted(s: GenesiaState) -> bool:
    """An Assault is under way whose end `assault_ahead` counts: not cancelled, its losses or its siege
    still to be chosen."""
    return bool(s.asl) and s.asl[4] <= SIEGE and not s.asl[6]


def in_assault(s: GenesiaState, p: int, side: str) -> bool:
    """p is the attacker ("offence") or the defender ("defence") of an Assault counted ahead."""
    if not assault_counted(s):
        return False
    return s.asl[0] == p if side == "offence" else s.asl[3] == p


def assault_ahead(s: GenesiaState, w: tuple[float, float, float, float]) -> tuple[int, int, float, float]:
    """The Assault in progress until its losses and its siege are chosen, as the attacker will end it
    (`assault_end`). Returns (attacker, defender, what each gains in points); (-1, -1, 0, 0) when no such
    Assault is pending (none, cancelled, or its losses and siege chosen: until session 34 the siege was
    not counted ahead, so a defender whose lone City was to be besieged saw nothing to save)."""
    if not assault_counted(s):
        return -1, -1, 0.0, 0.0
    a, src, dst, d = s.asl[:4]
    gain_a, gain_d = assault_end(s, a, src, dst, d, s.clans[a][src], s.clans[d][dst], bool(s.asl[5]), w)
    return a, d, gain_a, gain_d


def assault_end(
    s: GenesiaState, a: int, src: int, dst: int, d: int, att: int, dc: int, free_siege: bool,
    w: tuple[float, float, float, float],
) -> tuple[float, float]:
    """What the attacker and the defender gain in points from an Assault from src (`att` Clans of a there) on
    dst (`dc` Clans of d), as the attacker will end it: the attacker "decide[s] the number of Clans that you
    and the Defender will lose (= the same number)", and "often, you will eliminate all the Clans of a
    Region to conquer it": each side loses as many Clans as the defender has there (at most the
    attacker's); a defending City left alone is besieged for 1 more Clan (none with a free siege) and
    replaced by one of the attacker's; the emptied Region is the attacker's when it keeps a Clan to move in
    and one to hold the Region it attacked from (or a City holds that); a City that changes hands is worth
    the City weight and the Clan it stands for (`city_worth`)."""
    clan = w[2]
    city = w[3] + clan
    k = min(att, dc)
    left = att - k
    gain_a = -k * clan
    gain_d = -k * clan
    if k < dc:  # the defender keeps Clans there
        return gain_a, gain_d
    if s.cities[dst] == d:
        if left == 0 or not s.reserve_cities(a):  # its City holds the Region
            return gain_a, gain_d
        # the siege: the City changes hands, and the Region with it
        if not free_siege:
            gain_a -= clan
        return gain_a + region_worth(s, a, dst) + city, gain_d - region_worth(s, d, dst) - city
    gain_d -= region_worth(s, d, dst)
    if left >= 2 or (left and s.towns[a] >> src & 1):
        gain_a += region_worth(s, a, dst)
    return gain_a, gain_d


def declared_assault(
    s: GenesiaState, a: int, src: int, dst: int, w: tuple[float, float, float, float]
) -> tuple[int, float, float]:
    """An Assault a could launch now from src on dst, as the attacker will end it: the defender, and what a
    and the defender gain. The Growth+Attack cards in play act first, as at its declaration
    (`attack.declare`): the Clans they take from one side count as lost."""
    d = s.occupant(dst)
    att, dc = s.clans[a][src], s.clans[d][dst]
    net = declared_losses(s, a, src, dst, d)
    lost_a = min(-net, att) if net < 0 else 0
    lost_d = min(net, dc) if net > 0 else 0
    gain_a, gain_d = assault_end(s, a, src, dst, d, att - lost_a, dc - lost_d, False, w)
    return d, gain_a - lost_a * w[2], gain_d - lost_d * w[2]


def best_assault_gain(s: GenesiaState, p: int, vals: list[float]) -> float | None:
    """How much p's best Assault now, ended as `declared_assault` counts it, raises p's lead over the best
    opponent in the estimate `vals` (every people's); None when p has no Region to attack. A sampled
    position places a hidden War tile by it (`views.redraw_war_tiles`), a model of the greedy bot's choice:
    a War tile is worth an Assault the people can launch, and greedy places War mostly when one raises its lead."""
    moves = targets(s, p)
    if not moves:
        return None
    w = weights(s)
    lead = vals[p] - max(v for q, v in enumerate(vals) if q != p)
    best = float("-inf")
    for src, dst in moves:
        d, gain_a, gain_d = declared_assault(s, p, src, dst, w)
        after = vals[:]
        after[p] += gain_a
        after[d] += gain_d
        best = max(best, after[p] - max(v for q, v in enumerate(after) if q != p) - lead)
    return best


def evaluate(s: GenesiaState) -> list[float]:
    """Every people's estimate at the phase's step of the Age."""
    step = phase_step(s)
    return estimate(s, [step] * s.peoples)


def forecast(s: GenesiaState) -> list[float]:
    """Every people's estimate at its own step of the Age (`own_step`): a people whose Expansion turn is over
    holds its Coins and its cards at what they will be worth at the End of the Age (Coins carried into the
    next Age, cards only to be sold), though a later people's Expansion turn is still to be played."""
    return estimate(s, [own_step(s, p) for p in range(s.peoples)])


def estimate(s: GenesiaState, steps: list[int]) -> list[float]:
    """Every people's estimate, each people p at `steps[p]` of the Age, and the Assault under way."""
    if s.is_terminal():  # nothing is left to estimate
        return list(s.result().scores)
    vals = [value_at(s, p, steps[p]) for p in range(s.peoples)]
    if s.asl:
        a, d, gain_a, gain_d = assault_ahead(s, weights(s))
        if a >= 0:
            vals[a] += gain_a
            vals[d] += gain_d
    if s.solo:
        return [min(vals)]
    return vals
