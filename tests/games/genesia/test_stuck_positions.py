"""Two positions found by random play (`../shared/repro/`, kept in `data/`): Age III, Expansion, Green's
last Clan in Red's Homeland crossed an adjacent Region of an opponent's and was left in transit with no
Region to go on to, so the game could not go on.

Rulebook, B-2 "Conditions of a Move": "You can pass through a Region already occupied by an opponent ...
You cannot stop in a Region occupied by an opponent"; "Homelands": "from Age II, some cards give Clans or
Cities directly in an opponent's Homeland" (decision 4: you may stop in an opponent's Homeland only while
you have Clans or a City there). The crossing was priced with a way back into Red's Homeland, but once its
last Clan had left, Green no longer had anything there: Red's Homeland was closed behind it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.engine.errors import BadState

from .helpers import GREEN, RED, load, phase_doc, region

DATA = Path(__file__).parent / "data"
STUCK = ["genesia-stuck-2p_3125420037.json", "genesia-stuck-4p_2247543264.json"]


def stuck(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text())


def before_the_crossing(doc: dict[str, Any]) -> tuple[dict[str, Any], int, int]:
    """The position one decision earlier: the Clan back in Red's Homeland, its step (1 Coin) and the
    Right of Way (1 Coin, to the crossed Region's occupant) not paid. With the old rules,
    ("move", Red Homeland, v) then ("clans", 1) from it gives the stuck document exactly."""
    kind, p, v, n = doc["pending"].pop()
    assert (kind, p, n) == ("transit", GREEN, 1)
    home = region(doc, "Red Homeland")
    doc["clans"][p][home] += n
    occupant = next(q for q, row in enumerate(doc["clans"]) if row[v])
    doc["coins"][p] += 2
    doc["coins"][occupant] -= 1
    return doc, home, v


@pytest.mark.parametrize("name", STUCK)
def test_stuck_document_is_refused_a_transit_always_has_a_way_on(name: str) -> None:
    """A crossing is entered only when a stop stays affordable after it, so a transit with nowhere to go
    is a position no move leads to: the document is refused."""
    with pytest.raises(BadState, match="cannot afford to reach a Region where they may stop"):
        load(stuck(name))


@pytest.mark.parametrize("name", STUCK)
def test_last_clan_leaving_an_opponents_homeland_cannot_count_on_going_back(name: str) -> None:
    doc, home, v = before_the_crossing(stuck(name))
    s = load(doc)
    actions = s.legal_actions(GREEN)
    assert ("move", home, v) not in actions, "the crossing would leave the Clan with nowhere to stop"
    assert "no debt is allowed" in (s.why_illegal(GREEN, ("move", home, v)) or "")
    assert any(a[0] == "move" and a[1] == home for a in actions), "the Clan can still move elsewhere"


def test_a_clan_staying_behind_keeps_the_homeland_open() -> None:
    """With 2 Clans in Red's Homeland, 1 may cross Red 1a and come back: Green still has a Clan there.
    Moving both is refused (count at most 1): the last one would close the Homeland behind them."""
    doc = phase_doc(2, "expansion", age=3)
    home, a1 = region(doc, "Red Homeland"), region(doc, "Red 1a")
    for name in ("Red 1a", "Red 1b", "Red 2a", "Red 2b"):
        doc["clans"][RED][region(doc, name)] = 2
    doc["clans"][RED][home] = 3
    doc["clans"][GREEN][home] = 2
    doc["turn"], doc["order"] = 0, [GREEN, RED]
    doc["coins"] = [0, 3]
    s = load(doc)
    assert ("move", home, a1) in s.legal_actions(GREEN)
    s.apply(GREEN, ("move", home, a1))
    assert s.legal_actions(GREEN) == [("clans", 1)]
    s.apply(GREEN, ("clans", 1))
    assert s.legal_actions(GREEN) == [("step", home)]
    s.apply(GREEN, ("step", home))
    assert s.clans[GREEN][home] == 2 and s.coins == [1, 0], "2 steps and Red's Right of Way in Red 1a"


def test_the_last_clan_may_cross_when_it_can_stop_beyond() -> None:
    """The same crossing with a free Region beyond Red 1a is open to the last Clan too."""
    doc = phase_doc(2, "expansion", age=3)
    home, a1, a2 = region(doc, "Red Homeland"), region(doc, "Red 1a"), region(doc, "Red 2a")
    doc["clans"][RED][a1] = 2
    doc["clans"][RED][home] = 3
    doc["clans"][GREEN][home] = 1
    doc["order"] = [GREEN, RED]
    doc["coins"] = [0, 3]
    s = load(doc)
    s.apply(GREEN, ("move", home, a1))
    s.apply(GREEN, ("clans", 1))
    assert ("step", a2) in s.legal_actions(GREEN) and ("step", home) not in s.legal_actions(GREEN)
