"""The fast move listing (shared cheapest paths, affordable prefix) gives exactly the list of the plain
rule: every stop Region whose cheapest path (Dijkstra with the budget pruning) one Clan can afford; the
estimate's shortcuts give the plain rule's answers."""

from collections.abc import Iterator
from itertools import compress

from meeple.engine import Rng
from meeple.games.genesia import bitsets, cards, evaluation, expansion, scoring
from meeple.games.genesia.data import CARDS_BY_NO
from meeple.games.genesia.game import GAME
from meeple.games.genesia.state import GenesiaState


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


def reference_search(s, p, src, extra, budget):
    """A plain Dijkstra on (cost, steps, region) with the budget pruning: the best (cost, steps) of each
    Region reached and the Region it was first reached from with that value."""
    from heapq import heappop, heappush

    cap = budget + s.credit[p]
    best = {src: (0, 0)}
    prev = {}
    heap = [(0, 0, src)]
    done = set()
    while heap:
        c, t, u = heappop(heap)
        if u in done:
            continue
        done.add(u)
        nc = c + 1 + (0 if u == src else extra[u])
        if nc > cap:
            continue
        for v in s.board.adj[u]:
            if (nc, t + 1) < best.get(v, (1 << 30, 0)):
                best[v] = (nc, t + 1)
                prev[v] = u
                heappush(heap, (nc, t + 1, v))
    return best, prev


def random_positions(first_seed: int, rng: Rng) -> Iterator[GenesiaState]:
    """Every position of 8 random-play games of 2-5 players (game seeds first_seed...), the moves drawn
    from `rng` after each position is looked at."""
    for i in range(8):
        s = GAME.new_state(2 + i % 4, first_seed + i)
        s.log = False
        while not s.is_terminal():
            yield s
            player = s.to_move()[0]
            legal = s.legal_actions(player)
            s.apply(player, legal[rng.below(len(legal))], check=False)


def test_bitset_search_matches_dijkstra():
    """The level-by-level bitset search gives the Dijkstra's (cost, steps) and route for every Region, cut
    at the budget or stopped at a target; `reach` (no steps) the Regions the Coins reach; `dst_key` (its
shortcuts) the same (cost, steps) within the budget."""
    checked = 0
    for s in random_positions(100, Rng(11)):
        if s.phase == "expansion" and not s.pend:
            p = s.actor()
            extra = expansion.crossing_costs(s, p)
            for src in (r for r, n in enumerate(s.clans[p]) if n):
                best, prev = reference_search(s, p, src, extra, s.coins[p])
                charged = expansion._bits(bytes(extra))
                found = expansion._search(s, p, src, charged, s.coins[p])
                within = sum(1 << v for v, (cost, _) in best.items() if cost <= s.coins[p])
                assert expansion.reach(s.board, src, charged, s.coins[p]) == within
                for v in range(s.board.size):
                    key = expansion._key(found, v)
                    if v not in best:
                        assert key == expansion.UNREACHED
                        continue
                    assert expansion.dst_key(s, p, src, v, charged)[0] == key
                    assert (key >> 6, key & 63) == best[v]
                    path = []
                    r = prev.get(v, src)
                    while r != src:
                        path.append(r)
                        r = prev[r]
                    assert expansion.route(s, src, v, charged, found) == path[::-1]
                    to = expansion._search(s, p, src, charged, s.coins[p], v)
                    assert expansion._key(to, v) == key
                    assert expansion.route(s, src, v, charged, to) == path[::-1]
                    checked += 1
    assert checked > 1000


def reference_foreign_within(s, p, budget):
    """evaluation.foreign_within's answer worked out afresh (`nearest_targets`), never kept: the kept one must
    agree, so its key holds everything the answer reads."""
    b = s.board
    others, charged = expansion.occupancy(s, p)
    targets = b.foreign_bits[p] & expansion.stop_bits(s, p, others) & ~s.presence[p]
    sources = s.presence[p] | 1 << b.homelands[p]
    return evaluation.nearest_targets(b, sources, charged, targets, budget, s.placed[p])


def reference_count(s, p, what):
    """cards.count Region by Region, as it was written before it read the bitset of the Regions held."""
    n = 0
    for r in range(s.board.size):
        if s.occupies(p, r):
            cont = s.board.continent[r]
            if what == "region" or (what == "genesia" and cont < 0) or (what == "foreign" and cont >= 0 and cont != p):
                n += 1
    return n


def test_the_estimates_shortcuts_give_the_plain_rules_answers():
    """The estimate's terms worked out from bitsets or kept from an earlier position (session 49: the search's
    cost of an iteration) give what the plain rule gives, asked twice (the second time from what was kept):
    a "per" card's count, Conquest, the Inventions' points, the foreign Regions within reach, the Regions
    within reach of a City card."""
    checked = 0
    for s in random_positions(40, Rng(5)):
        for p in range(s.peoples):
            for what in ("region", "genesia", "foreign"):
                assert cards.count(s, p, what) == reference_count(s, p, what)
            assert scoring.conquest(s, p) == sum(compress(s.board.values, scoring.occupied(s, p)))
            assert scoring.invention_pp(s, p) == sum(CARDS_BY_NO[c].pp for c in s.inventions(p))
            budget = s.coins[p] + s.credit[p]
            for _ in range(2):
                assert evaluation.foreign_within(s, p, budget) == reference_foreign_within(s, p, budget)
            others, charged = expansion.occupancy(s, p)
            sources = s.presence[p] | 1 << s.board.homelands[p]
            plain = 0
            for src in bitsets.members(sources):
                plain |= bitsets.reach(s.board, src, charged, budget)
            for _ in range(2):
                assert evaluation.reached(s.board, sources, charged, budget) == plain
            checked += 1
    assert checked > 1000
