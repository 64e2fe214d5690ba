"""End of the game: money, characters, houses by district with every modifier, tie-breaks."""

from __future__ import annotations

from meeple.games.riodelaplata.board import (
    BARRACKS,
    CARPENTER,
    CATHEDRAL,
    CHURCH,
    GARDEN,
    HOUSE,
    MARKET,
    MONUMENT,
    PALACE,
    ROAD_ENDS,
    SQUARE,
    STONECUTTER,
    vertex,
)
from meeple.games.riodelaplata.scoring import district_modifier, office_score

from .helpers import GREEN, RED, cell, position

D1_ROAD = [ROAD_ENDS.index(e) for e in ((vertex(5, 3), vertex(6, 3)), (vertex(6, 3), vertex(7, 3)),
                                         (vertex(7, 3), vertex(7, 4)))]


def over(**fields):
    return position(2, phase="over", turn=20, **fields)


def test_houses_with_bonus_and_production_penalty() -> None:
    """Each house: 2 VP + the district's modifier; one production building is free, the 2nd costs -1."""
    b = [[cell(0, 0), HOUSE, RED], [cell(0, 1), HOUSE, RED], [cell(0, 2), GARDEN, GREEN], [cell(0, 3), CHURCH, GREEN],
         [cell(1, 0), STONECUTTER, GREEN], [cell(1, 1), MARKET, GREEN]]
    s = over(buildings=b)
    assert district_modifier(s, 0) == 1
    r = s.result()
    assert r.breakdown[RED]["city"] == 2 * 3 and r.scores[RED] == 6 + 0 + 0
    s = over(buildings=b + [[cell(1, 2), CARPENTER, GREEN]])
    assert district_modifier(s, 0) == 0, "3 production buildings: -2"


def test_modifier_never_below_zero() -> None:
    b = [[cell(0, 0), HOUSE, RED]] + [[cell(1, c), STONECUTTER, GREEN] for c in range(4)]
    s = over(buildings=b)
    assert district_modifier(s, 0) == 0 and s.result().breakdown[RED]["city"] == 2


def test_road_bonus_only_when_connected() -> None:
    b = [[cell(2, 5), HOUSE, RED]]
    assert over(buildings=b).result().breakdown[RED]["city"] == 2
    assert over(buildings=b, roads=D1_ROAD[:2]).result().breakdown[RED]["city"] == 2, "not yet at the Plaza"
    assert over(buildings=b, roads=D1_ROAD).result().breakdown[RED]["city"] == 3


def test_palace_cathedral_and_noble_buildings() -> None:
    b = [[cell(3, 6), PALACE, -1], [cell(3, 7), CATHEDRAL, -1], [cell(2, 5), HOUSE, RED],
         [cell(4, 4), MONUMENT, GREEN], [cell(4, 5), BARRACKS, GREEN]]
    s = over(buildings=b)
    assert district_modifier(s, 1) == 3 + 2 + 1 + 1


def test_money_and_tiebreaks() -> None:
    """1 VP per 3 silver; ties: most coins left, then precious, then wood and stone."""
    s = over(players=[{"silver": 10, "vp": 5}, {"silver": 9, "vp": 6}])
    r = s.result()
    assert r.scores == [8, 9]
    s = over(players=[{"silver": 10, "vp": 6}, {"silver": 9, "vp": 7}])
    r = s.result()
    assert r.scores == [9, 10]
    s = over(players=[{"silver": 4, "vp": 8}, {"silver": 3, "vp": 8}])
    r = s.result()
    assert r.scores == [9, 9] and r.ranks == [1, 2], "1 coin left beats 0"
    s = over(players=[{"silver": 3, "vp": 8, "precious": 1}, {"silver": 3, "vp": 8, "wood": 5}])
    assert s.result().ranks == [1, 2]
    s = over(players=[{"silver": 0, "wood": 1, "stone": 0}, {"silver": 0, "stone": 2, "wood": 0}])
    assert s.result().ranks == [2, 1]


def offices_of(owner: int, *ks: int) -> dict:
    o = [-1] * 12
    for k in ks:
        o[k] = owner
    return {"owner": o, "turn": [0 if x >= 0 else -1 for x in o], "bid": [-1] * 12}


def test_public_office_end_scores() -> None:
    b = [[cell(1, 1), CHURCH, GREEN], [cell(6, 1), CHURCH, GREEN], [cell(3, 6), CATHEDRAL, -1],
         [cell(3, 7), PALACE, -1]]
    s = over(buildings=b, roads=D1_ROAD, completed=[1, 1, 1, 0, 0, 0],
             offices=offices_of(RED, 0, 2, 4, 5, 6, 7, 9, 10, 11))
    assert [office_score(s, k) for k in (0, 2, 4, 5, 6, 7)] == [5, 2, 5, 5, 8, 12]
    assert office_score(s, 9) == 4 * 3, "Bishop: 2 churches and the Cathedral"
    assert office_score(s, 10) == 7 * 3, "Architect: Palace, Cathedral and Fort (no Harbour)"
    assert office_score(s, 11) == 12
    assert s.result().breakdown[RED]["characters"] == 5 + 2 + 5 + 5 + 8 + 12 + 12 + 21 + 12


def test_governor_districts_with_four_noble_buildings() -> None:
    b = [[cell(0, c), k, GREEN] for c, k in enumerate((SQUARE, MONUMENT, BARRACKS, CHURCH))]
    s = over(buildings=b, offices=offices_of(RED, 11))
    assert office_score(s, 11) == 12 + 6


def test_defender_closed_peripheral_districts() -> None:
    """Rulebook, Defender: "3 VPs for each peripheral district closed by walls". Barracas (district 7,
    the south-east corner) has 13 outer edges: the bottom under columns 8..15 (segments 24..31, 24 and
    25 printed) and the right side of rows 5..9 (segments 47..51, 47 printed): 10 pieces close it."""
    walls = [*range(24, 32), *range(47, 52)]
    s = over(walls=walls, offices=offices_of(RED, 3))
    assert office_score(s, 3) == 3 and s.pieces == 10
    assert office_score(over(walls=walls[:-1], offices=offices_of(RED, 3)), 3) == 0
