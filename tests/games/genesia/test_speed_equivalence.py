"""The fast move listing (shared cheapest paths, affordable prefix) gives exactly the list of the plain
rule: every stop Region whose cheapest path (Dijkstra with the budget pruning) one Clan can afford."""

from meeple.engine import Rng
from meeple.games.genesia import expansion
from meeple.games.genesia.game import GAME


def reference_moves(s, p):
    out = []
    row, coins, size = s.clans[p], s.coins[p], s.board.size
    extra = expansion.crossing_costs(s, p)
    stops = [dst for dst in range(size) if expansion.can_stop(s, p, dst)]
    for src in range(size):
        if not row[src]:
            continue
        cost, steps, rows, _ = expansion._paths(s, p, src, extra, coins)
        for dst in stops:
            if (
                dst != src
                and cost[dst] < 1 << 30
                and expansion.move_price(s, p, steps[dst], rows[dst], 1) <= coins
            ):
                out.append(("move", src, dst))
    transit = [
        ("move", src, v)
        for src in range(size)
        if row[src]
        for v in s.board.adj[src]
        if not expansion.can_stop(s, p, v)
    ]
    price = expansion.finish_price(s, p, 1) if transit else []
    return out + [a for a in transit if price[a[2]] <= coins]


def test_move_listing_matches_the_plain_rule():
    rng = Rng(3)
    checked = 0
    for i in range(12):
        s = GAME.new_state(2 + i % 4, i)
        s.log = False
        while not s.is_terminal():
            player = s.to_move()[0]
            if s.phase == "expansion" and not s.pend:
                p = s.actor()
                assert expansion.move_actions(s, p) == reference_moves(s, p)
                checked += 1
            legal = s.legal_actions(player)
            s.apply(player, legal[rng.below(len(legal))], check=False)
    assert checked > 100
