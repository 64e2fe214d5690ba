"""End of the Age (free Cities, End-of-Age cards, Progress Points) and the final score with its tie-breaks."""

from __future__ import annotations

from meeple.games.genesia.scoring import breakdown

from .helpers import GAME, GREEN, RED, give, load, phase_doc, region


def test_free_cities_where_you_have_two_clans_homelands_too() -> None:
    doc = phase_doc(2, "expansion")
    doc["turn"] = 1
    doc["clans"][RED][region(doc, "Red 2a")] = 2
    doc["clans"][RED][region(doc, "Red 2b")] = 1
    doc["clans"][RED][region(doc, "Red Homeland")] = 5
    doc["clans"][GREEN][region(doc, "Centre")] = 3
    doc["cities"][region(doc, "Red 3a")] = RED
    doc["clans"][RED][region(doc, "Red 3a")] = 2
    doc["objective"] = [0, 0]
    doc["objective_options"] = []
    doc["options"]["objectives"] = False
    s = load(doc)
    s.apply(GREEN, ("done",))  # last Expansion turn -> Attack (nobody can attack) -> End of Age
    assert s.cities[region(doc, "Red 2a")] == RED
    assert s.cities[region(doc, "Red 2b")] == -1  # one Clan only
    assert s.has_city(RED, region(doc, "Red Homeland"))  # a Homeland is a Region (RULES.md decision 3)
    assert s.cities[region(doc, "Centre")] == GREEN
    assert s.reserve_cities(RED) == 17


def test_at_most_20_cities() -> None:
    doc = phase_doc(2, "war_peace")
    doc["options"]["objectives"] = False
    doc["objective"], doc["objective_options"] = [0, 0], []
    b = [r for r in range(len(doc["cities"])) if r % 10 != 0][:21]
    for r in b[:19]:
        doc["cities"][r] = RED
    doc["clans"][RED][b[19]] = 2
    doc["clans"][RED][b[20]] = 2
    s = load(doc)
    s.apply(RED, ("peace",))
    s.apply(GREEN, ("peace",))
    assert s.cities.count(RED) == 20


def test_inventions_score_every_age() -> None:
    doc = phase_doc(2, "end_cards", age=2)
    doc["played"][RED] = [9, 33]  # Invention of Agriculture (2 PP, Age I), Astrolabe (4 PP, Age II)
    from .helpers import take

    take(doc, 9)
    take(doc, 33)
    give(doc, RED, 40)  # Chronicles: 2 PP per Invention
    doc["coins"] = [0, 0]
    doc["pp"] = [[2], [0]]
    s = load(doc)
    s.apply(RED, ("play", 40))
    s.apply(RED, ("done",))
    assert s.pp[RED] == [2, 6 + 4]


def test_final_score_categories() -> None:
    doc = phase_doc(3, "over", age=3)
    doc["pp"] = [[2, 3, 4], [0, 0, 0], [0, 0, 0]]
    doc["clans"][RED][region(doc, "Centre")] = 1  # Genesia: conquest 15, no radiance
    doc["clans"][RED][region(doc, "Green Homeland")] = 1  # opposing Homeland: radiance 2, value 0
    doc["cities"][region(doc, "Green 2a")] = RED  # radiance 2, conquest 4
    doc["clans"][RED][region(doc, "Green 2a")] = 1
    doc["clans"][RED][region(doc, "Red 4a")] = 1  # own Continent: conquest 8
    doc["objective"] = [1, doc["objective"][1], doc["objective"][2]]  # Petit peuple: City + only 1 Clan
    doc["objective_options"][0] = [1, 2]
    s = load(doc)
    bd = breakdown(s, RED)
    assert bd == {"progress": 9, "radiance": 4, "conquest": 27, "objective": 5, "total": 45}


def test_ties_broken_by_objective_then_progress_else_shared() -> None:
    doc = phase_doc(3, "over", age=3, objectives=False)
    doc["objective"], doc["objective_options"] = [], []
    doc["pp"] = [[8, 0, 0], [2, 0, 0], [8, 0, 0]]
    doc["clans"][GREEN][region(doc, "Green 3a")] = 1  # 6 points
    s = load(doc)
    r = s.result()
    assert r.scores == [8.0, 8.0, 8.0]
    assert r.ranks == [1, 3, 1], "Green loses the tie on Progress; Red and Gray share the victory"


def test_teams_score_their_lowest_member() -> None:
    doc = phase_doc(4, "over", age=3, objectives=False, teams="0+2,1+3")
    doc["objective"], doc["objective_options"] = [], []
    doc["pp"] = [[10, 0, 0], [4, 0, 0], [3, 0, 0], [5, 0, 0]]
    s = load(doc)
    assert s.result().scores == [3.0, 4.0, 3.0, 4.0]
    assert s.result().winners == [1, 3]


def test_every_objective_kind() -> None:
    from meeple.games.genesia.scoring import objective_points

    doc = phase_doc(3, "over", age=3, objectives=False)
    doc["objective"], doc["objective_options"] = [], []
    R = {
        name: region(doc, name)
        for name in (
            "Centre",
            "Coast 1",
            "Green Homeland",
            "Green 2a",
            "Red 2a",
            "Red 2b",
            "Red 3a",
            "Red Homeland",
        )
    }
    doc["clans"][RED][R["Centre"]] = 3  # Genesia, a big stack
    doc["clans"][RED][R["Coast 1"]] = 1  # Genesia
    doc["clans"][RED][R["Green Homeland"]] = 1  # an opposing Homeland (foreign)
    doc["clans"][RED][R["Green 2a"]] = 1  # foreign
    doc["cities"][R["Red 2a"]] = RED
    doc["clans"][RED][R["Red 2a"]] = 1  # City with only 1 Clan
    doc["cities"][R["Red 2b"]] = RED  # adjacent to Red 2a: a pair of Cities
    doc["clans"][RED][R["Red 3a"]] = 4  # own Continent, big stack
    doc["clans"][RED][R["Red Homeland"]] = 2
    doc["coins"] = [9, 0, 0]
    doc["played"][RED] = [9, 33]
    from .helpers import take

    take(doc, 9)
    take(doc, 33)
    doc["assaults"] = [7, 0, 0]
    s = load(doc)
    expected = {1: 5, 2: 6, 3: 8, 4: 6, 5: 6, 6: 6, 7: 4, 8: 6, 9: 12, 10: 0, 11: 15, 12: 5}
    assert {o: objective_points(s, RED, o) for o in range(1, 13)} == expected
    assert objective_points(s, GREEN, 10) == 10, "Pacifist: never launched an Assault"


def test_twin_cities_pairs_are_the_most_any_pairing_gives() -> None:
    """Objective 2 counts the most disjoint pairs of adjacent Cities ("1 City can only be counted
    once"): checked against every pairing of up to 8 Cities placed at random on a five-player board."""
    import random

    from meeple.games.genesia.scoring import city_pairs

    s = GAME.new_state(5, 1)
    adj = s.board.adj

    def most(cities: list[int]) -> int:
        if len(cities) < 2:
            return 0
        first, rest = cities[0], cities[1:]
        best = most(rest)
        for q in rest:
            if q in adj[first]:
                best = max(best, 1 + most([r for r in rest if r != q]))
        return best

    rnd = random.Random(7)
    for _ in range(200):
        cities = sorted(rnd.sample(range(s.board.size), rnd.randint(2, 8)))
        s.cities, s.hcities = [-1] * s.board.size, [0] * s.peoples
        s.presence, s.towns, s.placed = s.bookkeeping()
        for r in cities:
            s.set_city(r, 0)
        pairs = city_pairs(s, 0)
        ends = [r for pair in pairs for r in pair]
        assert len(ends) == len(set(ends)) and all(q in adj[r] for r, q in pairs)
        assert len(pairs) == most(cities)
