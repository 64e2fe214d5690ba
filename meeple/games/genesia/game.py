"""Genesia: options, set-up, the action grammar, and rebuilding a state from a document."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import BadOption, Game, Option, Rng
from meeple.engine.schema import field, int_in, int_list, require

from . import draft
from .data import CARDS_BY_NO, COLOURS, SEATS, board_for
from .decks import build_decks, objective_pool, parse_cards, parse_sets, parse_teams
from .expansion import step_actions
from .growth import RECRUIT_COST
from .state import GenesiaState
from .views import PENDING, PHASES, problems


class Genesia(Game):
    id = "genesia"
    title = "Genesia"
    version = "4"  # the card audit's fourth round: Hacking's cost (RULES.md, "Rules versions")
    min_players = 1
    max_players = 5
    seat_names = SEATS
    hidden_information = True
    simultaneous = True
    optional_fields = ("home_cities",)  # documents written before a Homeland held other players' Cities: none
    description = (
        "Three Ages of drafting, growth, expansion and assaults from your Continent toward Genesia "
        "(1-5 players; solo with two peoples). Board and card texts are our own design, see RULES.md."
    )
    options = (
        Option(
            "difficulty",
            "beginner",
            "solo: cards removed from the Blue and Yellow sets",
            choices=("beginner", "expert", "heroic"),
        ),
        Option("objectives", True, "deal secret objectives (advanced rule: false removes them)", kind=bool),
        Option(
            "teams",
            "",
            "teams of players numbered from 0, e.g. 0+2,1+3 (a team scores its lowest total)",
            parse=parse_teams,
        ),
        Option(
            "deck",
            "first-game",
            "Age decks: first-game sets, belligerent (all Attack cards as one set), "
            "management (all End-of-Age cards as one set), custom (see cards)",
            choices=("first-game", "belligerent", "management", "custom"),
        ),
        Option(
            "sets",
            "",
            f"colour sets per Age instead of the first-game table ({'/'.join(COLOURS)}), "
            "e.g. yellow+green+red or y+g+r,b+p+r,g+p+r",
            parse=parse_sets,
        ),
        Option("attack_recruit", False, "allow recruiting Clans during the Attack phase", kind=bool),
        Option(
            "cards",
            "",
            "deck=custom: card numbers per Age, n+n+...,n+...,n+... (6 per player per Age)",
            parse=parse_cards,
        ),
    )

    def check_options(self, num_players: int, options: dict[str, Any]) -> None:
        n = num_players
        if n == 1:
            for name, default in (
                ("deck", "first-game"),
                ("sets", ""),
                ("teams", ""),
                ("attack_recruit", False),
                ("cards", ""),
            ):
                if options[name] != default:
                    raise BadOption(
                        f"option {name} is an advanced rule for 2 to 5 players, not for the solo game"
                    )
            return
        if options["difficulty"] != "beginner":
            raise BadOption("option difficulty is for the solo game (1 player) only")
        if options["teams"]:
            teams = [[int(x) for x in g.split("+")] for g in options["teams"].split(",")]
            flat = sorted(p for t in teams for p in t)
            if flat != list(range(n)) or len(teams) < 2:
                raise BadOption(
                    f"teams must split the players 0..{n - 1} into 2 teams or more, each player once"
                )
        if options["sets"]:
            if options["deck"] != "first-game":
                raise BadOption(
                    "option sets chooses the colour sets of the first-game deck; use it without deck="
                )
            for g in options["sets"].split(","):
                if len(g.split("+")) != n:
                    raise BadOption(f"each Age needs as many colour sets as players ({n}), got {g}")
        if options["deck"] == "custom":
            if not options["cards"]:
                raise BadOption("deck=custom needs the option cards=... (6 cards per player per Age)")
            for age, g in enumerate(options["cards"].split(","), 1):
                if len(g.split("+")) != 6 * n:
                    raise BadOption(f"the custom Age {age} deck needs {6 * n} cards for {n} players")
        elif options["cards"]:
            raise BadOption("option cards is for deck=custom")

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> GenesiaState:
        n = num_players
        s = GenesiaState(self, n, options, Rng(seed))
        P = 2 if n == 1 else n
        blank(s, P)
        s.decks = build_decks(options, n)
        for d in s.decks:
            s.rng.shuffle(d)
        if n == 1:
            s.first = s.rng.below(2)
            s.order = [s.first, 1 - s.first]
        else:
            s.order = list(range(n))
            s.rng.shuffle(s.order)
        if s.log:
            s.emit("setup", "Turn order: " + ", ".join(s.people_name(p) for p in s.order))
        if n > 1 and options["objectives"]:
            s.obj_pool = objective_pool(s.decks)
            pool = s.obj_pool[:]
            s.rng.shuffle(pool)
            s.obj_opts = [sorted(pool[2 * p : 2 * p + 2]) for p in range(n)]
            s.objective = [0] * n
            s.phase = "objective"
            return s
        draft.start_age(s, 1)
        return s

    def action_grammar(self, num_players: int, options: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        R = range(board_for(2 if num_players == 1 else num_players).size)
        cards = range(1, 91)
        return [
            ("objective", range(1, 13)),
            ("draft", cards),
            ("play", cards),
            ("discard", cards),
            ("copy", cards),
            ("recruit", R),
            ("move", R, R),
            ("clans", range(1, 31)),
            ("step", R),
            ("target", R),
            ("done",),
            ("pass",),
            ("war",),
            ("peace",),
            ("assault", R, R),
            ("lose", range(1, 31)),
            ("siege",),
            ("movein", range(0, 31)),
            ("position", range(max(num_players, 2))),
        ]

    def _state_from_json(
        self, num_players: int, options: dict[str, Any], rng: Rng, doc: Mapping[str, Any]
    ) -> GenesiaState:
        return state_from_doc(self, num_players, options, rng, doc)


def blank(s: GenesiaState, P: int) -> None:
    """An empty board before set-up: every piece in front of its player."""
    n = s.num_players
    s.board = board_for(P)
    s.peoples = P
    s.age, s.phase, s.order, s.turn, s.first = 1, "growth", list(range(P)), 0, 0
    s.coins = [0] * P
    s.clans = [[0] * s.board.size for _ in range(P)]
    s.cities = [-1] * s.board.size
    s.hcities = [0] * P
    s.presence, s.towns, s.placed = [0] * P, [0] * P, [0] * P
    s.hands = [[] for _ in range(P)]
    s.packs = [[] for _ in range(n)] if n > 1 else []
    s.kept = [[] for _ in range(n)] if n > 1 else []
    s.picks = [0] * n if n > 1 else []
    s.decks = [[], [], []]
    s.discards = [[] for _ in range(P)]
    s.played = [[] for _ in range(P)]
    s.copies = [[] for _ in range(P)]
    s.end_pp, s.pp = [0] * P, [[] for _ in range(P)]
    s.credit, s.rcost, s.rowfree = [0] * P, [RECRUIT_COST] * P, [0] * P
    s.bonus, s.guard, s.equal, s.nobel = [0] * P, [0] * P, [0] * P, [0] * P
    s.assaults = [0] * P
    s.obj_pool, s.obj_opts, s.objective = [], [], []
    s.wp, s.revealed, s.attackers, s.att_i, s.asl = [-1] * n, [], [], 0, []
    s.calm = 0
    s.chosen, s.ready = [[] for _ in range(P)], [0] * P
    s.pend, s.choosers, s.new_order = [], [], []


def _per_people(
    doc: Mapping[str, Any], key: str, P: int, lo: int | None = 0, hi: int | None = None
) -> list[int]:
    return int_list(doc, key, length=P, lo=lo, hi=hi)


def _lists(doc: Mapping[str, Any], key: str, count: int, lo: int = 1, hi: int = 90) -> list[list[int]]:
    value = field(doc, key, list)
    require(len(value) == count, f"state field {key!r} must have {count} lists, got {len(value)}")
    return [int_list({key: v}, key, lo=lo, hi=hi) for v in value]


def _region_list(s: GenesiaState, value: Any, key: str, lo: int, hi: int, empty: int) -> list[int]:
    """One value per region: a list of R integers, or an object {region name: value} (others `empty`)."""
    R = s.board.size
    if isinstance(value, Mapping):
        out = [empty] * R
        for name, v in value.items():
            require(
                name in s.board.names,
                f"{key}: unknown region {name!r}; e.g. 'Red Homeland', 'Red 2b', 'Centre'",
            )
            if isinstance(v, str) and v in SEATS[: s.peoples]:
                v = SEATS.index(v)
            require(isinstance(v, int) and lo <= v <= hi, f"{key}[{name!r}] must be an integer in {lo}..{hi}")
            out[s.board.names.index(name)] = v
        return out
    return int_list({key: value}, key, length=R, lo=lo, hi=hi)


def _home_cities(s: GenesiaState, value: list[Any]) -> list[int]:
    """Per people, the Homelands (numbers or names) where it has a City, as bitsets."""
    b = s.board
    require(len(value) == s.peoples, f"state field 'home_cities' needs one list per people ({s.peoples})")
    out = []
    for p, regions in enumerate(value):
        require(isinstance(regions, list), f"home_cities[{p}] must be a list of Homelands")
        bits = 0
        for r in regions:
            if isinstance(r, str) and r in b.names:
                r = b.names.index(r)
            require(
                isinstance(r, int) and 0 <= r < b.size and b.homeland[r],
                f"home_cities[{p}]: {r!r} is not a Homeland",
            )
            bits |= 1 << r
        out.append(bits)
    return out


def _fill_decks(s: GenesiaState) -> None:
    """A document without 'decks': every card of the game's decks not placed elsewhere goes back to its
    Age's deck (shuffled from the document's seed), so hand-made positions stay whole."""
    placed = {c for g in (s.hands, s.packs, s.kept, s.discards, s.played) for pile in g for c in pile}
    decks = build_decks(s.options, s.num_players)
    mix = Rng(s.rng.state)
    s.decks = []
    for d in decks:
        rest = [c for c in d if c not in placed]
        mix.shuffle(rest)
        s.decks.append(rest)


def state_from_doc(
    game: Genesia, n: int, options: dict[str, Any], rng: Rng, doc: Mapping[str, Any]
) -> GenesiaState:
    """Every field but the envelope may be left out (its value at set-up is used; a missing 'decks' is
    completed with the cards not placed elsewhere); regions may be given by name."""
    s = GenesiaState(game, n, options, rng)
    P = 2 if n == 1 else n
    require(doc.get("peoples", P) == P, f"'peoples' must be {P} for {n} players")
    blank(s, P)
    R = s.board.size
    np = n if n > 1 else 0
    has = doc.__contains__
    if has("age"):
        s.age = int_in(doc, "age", 1, 3)
    if has("phase"):
        s.phase = field(doc, "phase", str)
        require(s.phase in PHASES, f"state field 'phase' must be one of {', '.join(PHASES)}")
    for key, attr, lo, hi in (
        ("order", "order", 0, P - 1),
        ("coins", "coins", 0, None),
        ("end_pp", "end_pp", 0, None),
        ("free_moves", "credit", 0, None),
        ("recruit_cost", "rcost", 0, None),
        ("row_free", "rowfree", 0, 1),
        ("war_bonus", "bonus", 0, None),
        ("war_guard", "guard", 0, None),
        ("equal_attack", "equal", 0, 1),
        ("nobel", "nobel", 0, 1),
        ("assaults", "assaults", 0, None),
    ):
        if has(key):
            setattr(s, attr, _per_people(doc, key, P, lo, hi))
    if has("turn"):
        s.turn = int_in(doc, "turn", 0, P)
    if has("first"):
        s.first = int_in(doc, "first", 0, P - 1)
    if has("clans"):
        rows = field(doc, "clans", list)
        require(len(rows) == P, f"state field 'clans' needs one entry per people ({P})")
        s.clans = [_region_list(s, row, "clans", 0, 30, 0) for row in rows]
    if has("cities"):
        s.cities = _region_list(s, doc["cities"], "cities", -1, P - 1, -1)
    if has("home_cities"):
        s.hcities = _home_cities(s, field(doc, "home_cities", list))
    for h in s.board.homelands:  # a document's City in a Homeland ("cities") is its owner's there
        if s.cities[h] >= 0:
            s.hcities[s.cities[h]] |= 1 << h
            s.cities[h] = -1
    s.presence, s.towns, s.placed = s.bookkeeping()
    for key, count in (
        ("hands", P),
        ("packs", np),
        ("kept", np),
        ("discards", P),
        ("played", P),
        ("copies", P),
    ):
        if has(key):
            setattr(s, key, _lists(doc, key, count))
    if has("picks"):
        s.picks = int_list(doc, "picks", length=np, lo=0, hi=90)
    if has("decks"):
        s.decks = _lists(doc, "decks", 3)
    else:
        _fill_decks(s)
    if has("pp"):
        s.pp = _lists(doc, "pp", P, 0, 1000)
    if has("objective_pool"):
        s.obj_pool = int_list(doc, "objective_pool", lo=1, hi=12)
    elif n > 1 and options["objectives"]:
        s.obj_pool = objective_pool(s.decks)
    if has("objective_options"):
        s.obj_opts = _lists(doc, "objective_options", len(field(doc, "objective_options", list)), 1, 12)
    if has("objective"):
        s.objective = int_list(doc, "objective", lo=0, hi=12)
    require(not s.objective or len(s.objective) == n, f"'objective' needs one entry per player ({n}) or none")
    require(
        not s.obj_opts or len(s.obj_opts) == n,
        f"'objective_options' needs one entry per player ({n}) or none",
    )
    if has("war_peace"):
        s.wp = int_list(doc, "war_peace", length=n, lo=-1, hi=1)
    if has("revealed"):
        s.revealed = int_list(doc, "revealed", lo=-1, hi=1)
    if has("attackers"):
        s.attackers = int_list(doc, "attackers", lo=0, hi=P - 1)
    if has("attacker_index"):
        s.att_i = int_in(doc, "attacker_index", 0, len(s.attackers))
    if has("chosen"):
        s.chosen = _lists(doc, "chosen", P, -90, 90)
    if has("ready"):
        s.ready = _per_people(doc, "ready", P, 0, 1)
    if s.phase == "end_cards" and n > 1:
        # a player with no card left has nothing to choose (the hand size is public)
        s.ready = [int(r or not (s.hands[p] or s.chosen[p])) for p, r in enumerate(s.ready)]
    if has("calm"):
        s.calm = int_in(doc, "calm", 0, 1)
    if has("assault"):
        s.asl = int_list(doc, "assault", lo=-1, hi=R)
    for x in doc.get("pending", []):
        require(
            isinstance(x, list) and len(x) == 4 and x[0] in PENDING,
            f"each pending decision is [kind, people, a, b] with kind in {', '.join(PENDING)}, got {x!r}",
        )
        require(all(isinstance(v, int) for v in x[1:]) and 0 <= x[1] < P, f"bad pending decision {x!r}")
        if x[0] in ("count", "transit"):
            hi = R - 1 if x[0] == "count" else 30
            require(0 <= x[2] < R and 0 <= x[3] <= hi, f"pending {x[0]} needs a Region and a Region/Clan count: {x!r}")
        if x[0] == "transit":
            require(x[3] >= 1, f"a transit carries at least 1 Clan: {x!r}")
        s.pend.append(list(x))
    if has("choosers"):
        s.choosers = int_list(doc, "choosers", lo=0, hi=P - 1)
    if has("new_order"):
        s.new_order = int_list(doc, "new_order", lo=-1, hi=P - 1)
    _check_flow(s)
    bad = problems(s)
    require(not bad, "inconsistent Genesia state: " + "; ".join(bad))
    return s


def _check_flow(s: GenesiaState) -> None:
    ph, n = s.phase, s.num_players
    if ph in ("growth", "expansion", "end_cards"):
        require(s.turn < s.peoples, f"'turn' must be below {s.peoples} in phase {ph}")
    if ph == "objective":
        require(
            len(s.obj_opts) == n and len(s.objective) == n, "the objective phase needs 2 options per player"
        )
        for p in range(n):
            require(
                s.objective[p] in (0, *s.obj_opts[p]), f"player {p} kept an objective they were not dealt"
            )
    if ph == "draft":
        require(n > 1, "the solo game has no draft")
        for p in range(n):
            require(s.picks[p] == 0 or s.picks[p] in s.packs[p], f"player {p}'s pick is not in their cards")
    for x in s.pend:
        if x[0] in ("count", "transit"):
            require(ph == "expansion", f"a pending {x[0]} (a move) exists only in phase 'expansion'")
        if x[0] == "count":
            require(s.clans[int(x[1])][int(x[2])] > 0, f"pending count {x!r}: no Clan of that people to move there")
    if ph == "end_cards" and n > 1:
        from .cards import card_fits_phase

        require(
            not all(s.ready) or bool(s.pend),
            "phase 'end_cards': every player is ready, so the cards would already be revealed; set"
            " 'ready' to 0 for a player still choosing",
        )
        for p in range(s.peoples):
            refs = [abs(x) for x in s.chosen[p]]
            require(0 not in refs and len(set(refs)) == len(refs), f"'chosen' of people {p} repeats a card or has 0")
            require(
                all(c in s.hands[p] for c in refs), f"'chosen' of people {p} names cards not in their hand"
            )
            require(
                all(card_fits_phase(CARDS_BY_NO[x], "F") for x in s.chosen[p] if x > 0),
                f"'chosen' of people {p} plays a card without the End-of-Age icon",
            )
    elif any(s.chosen):
        require(False, "'chosen' End-of-Age cards exist only in phase 'end_cards'")
    if ph == "assault":
        require(s.att_i < len(s.attackers) or bool(s.pend), "phase 'assault' needs an attacker still to play")
        require(
            len(s.asl) in (0, 8),
            "'assault' is [] or [attacker, from, to, defender, stage, free siege, cancelled, defender Clans]",
        )
    if ph == "assault":
        _check_assault(s)
    if ph == "turn_order":
        require(
            bool(s.choosers) and len(s.new_order) == s.peoples,
            "phase 'turn_order' needs choosers and new_order",
        )
        placed = [q for q in s.new_order if q >= 0]
        require(
            sorted(placed + s.choosers) == list(range(s.peoples)),
            "turn order: every people is either placed in 'new_order' or still in 'choosers', once",
        )
    if ph == "objective":
        require(0 in s.objective, "phase 'objective' needs a player who has not kept an objective yet (0)")
    if ph == "draft":
        sizes = {len(x) for x in s.packs}
        require(
            len(sizes) == 1 and 0 < sizes.pop() == 6 - len(s.kept[0]) and len({len(k) for k in s.kept}) == 1,
            "draft: every player holds a pack of 6 − (cards kept) cards and has kept as many as the others",
        )
    if ph == "war_peace" and not s.pend:
        require(-1 in s.wp, "phase 'war_peace' needs a player who has not placed a tile yet (-1)")
    _check_pending(s)
    for c in (x for h in s.hands for x in h):
        require(CARDS_BY_NO[c] is not None, f"unknown card {c}")


def _check_assault(s: GenesiaState) -> None:
    P, b = s.peoples, s.board
    for a in s.attackers:
        require(s.wp[a] == 1, f"attacker {a} did not place a War tile ('war_peace')")
    if not s.asl:
        return
    a, src, dst, d, stage, free, cancelled, dc = s.asl
    require(s.att_i < len(s.attackers) and a == s.attackers[s.att_i], "'assault' attacker is not the current one")
    require(0 <= d < P and d != a, "'assault' defender must be another people")
    require(0 <= src < b.size and dst in b.adj[src], "'assault' regions must be adjacent")
    require(0 <= stage <= 5 and free in (0, 1) and cancelled in (0, 1) and dc >= 0, "bad 'assault' stage or flags")


def _check_pending(s: GenesiaState) -> None:
    P = s.peoples
    for x in s.pend:
        kind, q, a, c = x[0], int(x[1]), int(x[2]), int(x[3])
        if kind == "copy":
            require(0 <= c < P and c != q and a in s.played[c], f"pending copy {x!r}: that card was not played by b")
        elif kind == "place":
            require(a >= 1, f"pending place {x!r}: a number of Clans >= 1")
        elif kind == "city":
            require(a >= 1 and 1 <= c <= 90, f"pending city {x!r}: [city, people, Cities left, card]")
        elif kind == "invade":
            require(a >= 0 and c in (0, 1), f"pending invade {x!r}: [invade, people, Clans, City 0/1]")
        elif kind == "transit":
            # a crossing is entered only when a stop stays affordable after it (decision 5)
            require(
                bool(step_actions(s, q, a, c)),
                f"pending transit {x!r}: the Clans crossing {s.board.names[a]} cannot afford to reach a Region"
                " where they may stop, and no move leads there",
            )


GAME = Genesia()
