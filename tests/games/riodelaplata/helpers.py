"""Building exact positions for the rulebook examples."""

from __future__ import annotations

from typing import Any

from meeple.games.riodelaplata import GAME, RioState

RED, GREEN, BLUE, YELLOW, BLACK = range(5)


def position(n: int, rng: int = 0, **fields: Any) -> RioState:
    """A state rebuilt from a short document: fields not given keep their set-up values."""
    doc: dict[str, Any] = {"game": "riodelaplata", "num_players": n, "options": {}, "rng": rng}
    doc.setdefault("order", list(range(n)))
    doc.update(fields)
    s = GAME.state_from_json(doc)
    assert isinstance(s, RioState)
    return s


def players(n: int, **per: dict[str, int]) -> list[dict[str, int]]:
    """players=[...] with the set-up kit, overridden per player: players(3, p1={"silver": 5})."""
    out: list[dict[str, int]] = [{"silver": 2, "wood": 2, "stone": 2, "precious": 0} for _ in range(n)]
    for key, val in per.items():
        out[int(key[1:])].update(val)
    return out


SILVER, WOOD, STONE, PRECIOUS = range(4)  # trade kinds; 4 + k is Public Office k


def deal(p: int, q: int, give: dict[int, int] | None = None, ask: dict[int, int] | None = None,
         stage: int = 1, counters: int = 0) -> list[int]:
    """A `trade` list: p offers q the `give` bundle for the `ask` bundle ({kind: amount}, an office
    kind 4 + k with amount 1); stage 1: q is asked, 0: p is still building it."""
    t = [p, q, stage, counters] + [0] * 10
    for base, goods in ((4, give or {}), (9, ask or {})):
        for k, n in goods.items():
            if k >= 4:
                t[base + 4] |= 1 << (k - 4)
            else:
                t[base + k] = n
    return t


def offer(s: RioState, p: int, q: int, give: dict[int, int] | None = None, ask: dict[int, int] | None = None,
          via_money: bool = True) -> None:
    """p makes q an offer step by step: the money menu (or, as a bystander, directly), then a give or
    ask step per good, then the proposal."""
    if via_money:
        s.apply(p, ("money",))
    s.apply(p, ("offer", q))
    add_goods(s, p, give, ask)
    s.apply(p, ("propose",))


def add_goods(s: RioState, p: int, give: dict[int, int] | None = None, ask: dict[int, int] | None = None) -> None:
    """p adds to the bundle he is building: the side first, then the good (at most 5 a step)."""
    for side, verb, goods in ((0, "give", give or {}), (1, "ask", ask or {})):
        for k, n in goods.items():
            while n > 0:
                step = min(n, 5)
                s.apply(p, ("add", side))
                s.apply(p, (verb, k, step))
                n -= step


def cell(r: int, c: int) -> int:
    return r * 16 + c


OUT = 160  # positions 160 + c: outside the wall next to perimeter space c
A = -1  # an attacker token


def war_position(n: int, groups: list[list], attacker: int = 0, enemy: int = 0, stage: str = "move",
                 rng: int = 0, war: dict[str, Any] | None = None, **fields: Any) -> RioState:
    """A position in the middle of a war: groups are [position, [owners bottom..top]]."""
    order = fields.pop("order", list(range(n)))
    w = {"enemy": enemy, "attacker": attacker, "defenders": [p for p in order if p != attacker],
         "stage": stage, "groups": groups}
    w.update(war or {})
    players_doc = fields.pop("players", [{"attacked": 1 if p == attacker else 0} for p in range(n)])
    return position(n, rng=rng, phase="war", order=order, war=w, players=players_doc, **fields)
