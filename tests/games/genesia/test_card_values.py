"""Every Age card is worth playing in some plausible position (issue 47, Genesia 4; RULES.md "Card
values"). Discarding a card: "you can discard it ... to take 4 Coins from the reserve", so a card whose
effect is worth no more than 4 Coins plus its cost is a card nobody should play. What a resource is worth
in Coins is what the rulebook sells it for: a Clan 2 Coins ("Recruit ... at a cost of 2 Coins per Clan"),
a Move 1 Coin ("1 Coin allows you to move 1 of your Clans"), a Right of Way 1 Coin.

Each resource card (and each card saving Coins) is played in a position of its Age and phase, and the
Coin value of the position after it (Coins + 2 per Clan on the board + 1 per free Move left) is compared
with the same position after discarding it. Progress-Point cards, Inventions, City, Homeland, copy and
Assault cards give points or board situations, not resources: their kinds are checked in
`test_review_rulebook2.py` and `test_card_coverage.py`."""

from __future__ import annotations

import pytest

from meeple.games.genesia.cards import DISCARD_COINS
from meeple.games.genesia.data import CARDS_BY_NO

from .helpers import GREEN, RED, GenesiaState, give, load, no_objectives, phase_doc, region

RESOURCE = [
    c for c in range(1, 91) if CARDS_BY_NO[c].kind in ("coins", "clans", "moves") and not CARDS_BY_NO[c].invention
]


def worth(s: GenesiaState, p: int) -> int:
    """Coins + 2 per Clan on the board + 1 per free Move this Age."""
    return s.coins[p] + 2 * sum(s.clans[p]) + s.credit[p]


def position(card: int, coins: int, phase: str = "", **clans: int) -> GenesiaState:
    """Red holds `card` on its turn in the card's Age and `phase` (by default Growth if the card has the
    icon, else Expansion), with `coins` and Clans by region name ("Red 2a" written Red_2a)."""
    c = CARDS_BY_NO[card]
    phase = phase or ("growth" if "G" in c.icons else "expansion")
    other = "blue" if c.colour != "blue" else "yellow"
    doc = no_objectives(phase_doc(2, phase, age=c.age, objectives=False, sets=f"{c.colour}+{other}"))
    give(doc, RED, card)
    doc["coins"] = [coins, 0]
    for name, k in clans.items():
        doc["clans"][RED][region(doc, name.replace("_", " "))] = k
    return load(doc)


@pytest.mark.parametrize("card", RESOURCE)
def test_every_resource_card_is_worth_more_than_its_discard(card: int) -> None:
    c = CARDS_BY_NO[card]
    s = position(card, c.cost, Red_Homeland=4)
    d = s.clone()
    s.apply(RED, ("play", card))
    while s.pend and s.pend[-1][0] == "place":  # gained Clans: placed on the Homeland
        s.apply(RED, s.legal_actions(RED)[0])
    d.apply(RED, ("discard", card))
    assert worth(s, RED) > worth(d, RED), f"{c.name}: {c.text} (cost {c.cost})"


@pytest.mark.parametrize("card", [c for c in range(1, 91) if CARDS_BY_NO[c].kind == "recruit_cost"])
def test_cheaper_recruiting_beats_its_discard_when_you_recruit(card: int) -> None:
    """"This Age, recruiting a Clan costs 1 Coin": with the 15 Coins of the start of an Age, recruiting
    every Coin's worth of Clans after playing it gives more than discarding it and recruiting at 2."""
    c = CARDS_BY_NO[card]
    s = position(card, 15 + c.cost)
    d = s.clone()
    s.apply(RED, ("play", card))
    d.apply(RED, ("discard", card))
    home = region(s, "Red Homeland")
    for x in (s, d):
        while ("recruit", home) in x.legal_actions(RED):
            x.apply(RED, ("recruit", home))
    assert sum(s.clans[RED]) == 15 and sum(d.clans[RED]) == (15 + c.cost + DISCARD_COINS) // 2
    assert worth(s, RED) > worth(d, RED)


@pytest.mark.parametrize("card", [c for c in range(1, 91) if CARDS_BY_NO[c].kind == "coins_per"])
def test_coins_per_foreign_region_beat_their_discard_from_three_regions(card: int) -> None:
    """"Take 2 Coins per Region of another Continent you occupy": 3 such Regions give 6 Coins."""
    c = CARDS_BY_NO[card]
    s = position(card, c.cost, Green_1a=1, Green_1b=1, Green_2a=1)
    d = s.clone()
    s.apply(RED, ("play", card))
    d.apply(RED, ("discard", card))
    assert worth(s, RED) - worth(d, RED) == 2 * 3 - DISCARD_COINS


@pytest.mark.parametrize("card", [c for c in range(1, 91) if CARDS_BY_NO[c].kind == "row_free"])
def test_no_right_of_way_beats_its_discard_crossing_opponents(card: int) -> None:
    """"This Age, you pay no Right of Way": three Clans moved one by one from Red 1a to Red 4a across two
    of Green's Regions (every route from 1a to 4a crosses 2 of Red 2a, 2b, 3a, 3b) save 6 Coins of Rights
    of Way (1 per Clan or per stack crossing a Region)."""
    c = CARDS_BY_NO[card]
    s = position(card, 40, "expansion", Red_1a=3)
    for name in ("Red 2a", "Red 2b", "Red 3a", "Red 3b"):
        s.add_clans(GREEN, region(s, name), 1)
    d = s.clone()
    s.apply(RED, ("play", card))
    d.apply(RED, ("discard", card))
    src, dst = region(s, "Red 1a"), region(s, "Red 4a")
    for x in (s, d):
        for _ in range(3):
            x.apply(RED, ("move", src, dst))
            x.apply(RED, ("clans", 1))
        assert x.clans[RED][dst] == 3
    assert s.coins[RED] - d.coins[RED] == 6 - DISCARD_COINS - c.cost > 0
