"""What each player used in a game, by name, for `meeple simulate --stats` and `meeple report`: each
power card played, each action card taken and each special action carried out, the Caballeros put
into the Castillo, each area a player scored in at a general scoring (the Castillo's scoring among
them), each special scoring a player scored in, and the Colonies' parts (the Captain, the Viceroy,
the Ambassador and the Envoy, Gold and Wares claimed and delivered).

Read from the game's log, as the engine's per-player counts are (so they need the log on, as both
`--stats` and the report have it): the log already says who did what, and a count kept in the state
would be one more field to copy at every clone of a search."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import CARDS, CASTILLO, DISC_NAMES, FRANCE, NAMES, NEW, SHIP, SPAIN

COLONY_STACK = 7  # the Colonies' action cards

if TYPE_CHECKING:
    from meeple.engine import Event

    from .state import ElGrandeState

GENERAL, SPECIAL = 0, 1  # score_area's categories


def _scored(data: dict, out: list[dict[str, int]]) -> None:
    area = NAMES[data["area"]]
    name = f"general scoring: {area}" if data["category"] == GENERAL else f"special scoring: {area}"
    for p, x in enumerate(data["points"]):
        if x > 0:
            _add(out[p], name)


def _add(counts: dict[str, int], key: str) -> None:
    counts[key] = counts.get(key, 0) + 1


def player_uses(s: ElGrandeState) -> list[dict[str, int]]:
    """Per player: how often they used each named part of the game (the module's docstring)."""
    out: list[dict[str, int]] = [{} for _ in range(s.num_players)]
    for e in s.events:
        if e.to is not None:
            continue  # a private copy: its public event counts
        _count(e, out)
    return out


def _count(e: Event, out: list[dict[str, int]]) -> None:
    kind, p, data = e.kind, e.player, e.data or {}
    if kind == "score":
        _scored(data, out)
        return
    if p is None:
        return
    counts = out[p]
    if kind == "power":
        _add(counts, f"power card {data['value']:02d}")
    elif kind == "card":
        _add(counts, f"card: {CARDS[data['card']]['name']}")
    elif kind == "special":
        _add(counts, f"special action: {CARDS[data['card']]['name']}")
    elif kind == "place" and data.get("area") == CASTILLO or kind == "move" and data.get("dst") == CASTILLO:
        _add(counts, "Caballero into the Castillo")
    elif kind == "post" and "area" in data:
        _add(counts, "Captain" if data["area"] == SHIP else "Viceroy")
    elif kind in ("claim", "deliver"):
        _add(counts, f"{kind} {DISC_NAMES[data['disc']]}")
    elif kind in ("place", "move", "sail") and FRANCE in (data.get("area"), data.get("dst")):
        _add(counts, "Caballero into France")


def kinds(s: ElGrandeState) -> list[str]:
    """Every named part the game has with its options (the Veto! cards, the Colonies)."""
    areas = [NAMES[a] for a in SPAIN + (CASTILLO,) + (NEW if s.colonies else ())]
    cards = [c for c in CARDS if (s.veto_on or not c.get("veto")) and (s.colonies or c["stack"] != COLONY_STACK)]
    out = [f"power card {v:02d}" for v in range(1, 14)]
    out += dict.fromkeys(f"card: {c['name']}" for c in cards)
    out += dict.fromkeys(f"special action: {c['name']}" for c in cards if c["effect"]["type"] != "veto")
    out += [f"general scoring: {a}" for a in areas] + [f"special scoring: {a}" for a in areas]
    out.append("Caballero into the Castillo")
    if s.colonies:
        out += ["Captain", "Viceroy", "claim Gold", "claim Wares", "deliver Gold", "deliver Wares",
                "Caballero into France"]
    return out


def game_uses(s: ElGrandeState) -> dict[str, int]:
    """The players' counts summed: how often each named part of the game was used in it, 0 for a part
    the game has but nobody used (so that summed over games, what never occurs shows)."""
    total = dict.fromkeys(kinds(s), 0)
    for counts in player_uses(s):
        for k, v in counts.items():
            total[k] = total.get(k, 0) + v
    return total
