"""Reading a state document (`to_json` output or one a person wrote) with clear BadState messages.

Areas may be given by index (0..6) or by name ("San Marco"); most fields may be left out and then
take their set-up value (see the schema in RULES.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.engine.errors import BadState
from meeple.engine.schema import field, require

from .ballots import still_to_choose
from .data import (
    ADVISOR_HOME,
    ADVISOR_STANDS,
    AREA_NAMES,
    BALLOT_ROUNDS,
    HOUSES,
    MARKER_COUNTS,
    MAX_CARD_MARKERS,
    MIN_CARD_MARKERS,
    NUM_ADVISORS,
    NUM_AREAS,
    NUM_DISTRICTS,
    PALACES,
    QUARANTIA,
    QUARANTIA_ADVISORS,
    RINGS,
    SEAT_NAMES,
    SPACES,
    area_index,
)

if TYPE_CHECKING:
    from .state import DogeState

PHASES = {"ballots": 0, "elections": 1, "over": 2}
TASK_KINDS = ("advisor", "move", "place", "check", "build", "neutral")


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise BadState(f"{where} must be an integer in {lo}..{hi}, got {value!r}")
    return value


def _area(value: Any, where: str, districts_only: bool = False) -> int:
    x = area_index(value)
    if x is None or (districts_only and x >= NUM_DISTRICTS):
        kind = "a district" if districts_only else "an area"
        names = AREA_NAMES[:NUM_DISTRICTS] if districts_only else AREA_NAMES
        raise BadState(f"{where} must be {kind} (index or one of {', '.join(names)}), got {value!r}")
    return x


def _player(value: Any, where: str, n: int, neutral: bool = False) -> int:
    """A player given as a seat index or a seat name ("Red", any case); -1 = nobody when allowed."""
    if isinstance(value, str):
        names = [x.lower() for x in SEAT_NAMES[:n]]
        if value.strip().lower() in names:
            return names.index(value.strip().lower())
        raise BadState(
            f"{where} must be a player (0..{n - 1} or one of {', '.join(SEAT_NAMES[:n])}), got {value!r}"
        )
    return _int(value, where, -1 if neutral else 0, n - 1)


def _per_player(doc: Mapping[str, Any], key: str, n: int, default: Any) -> list[Any]:
    """A list with one entry per player, or an object keyed by seat names (others take the default)."""
    if key not in doc:
        return [default() for _ in range(n)]
    value = doc[key]
    if isinstance(value, Mapping):
        out = [default() for _ in range(n)]
        for k, v in value.items():
            out[
                _player(int(k) if isinstance(k, str) and k.isdigit() else k, f"state field {key!r} key", n)
            ] = v
        return out
    value = field(doc, key, list)
    require(len(value) == n, f"state field {key!r} must have one entry per player ({n}), got {len(value)}")
    return value


def _by_area(value: Any, where: str, size: int, default: Any) -> list[Any]:
    """A list indexed by area, or an object keyed by area names."""
    if isinstance(value, Mapping):
        out = [default() for _ in range(size)]
        for k, v in value.items():
            x = area_index(k)
            if x is None or x >= size:
                raise BadState(f"{where}: unknown area {k!r}")
            out[x] = v
        return out
    if not isinstance(value, list) or len(value) != size:
        raise BadState(
            f"{where} must be a list of {size} entries (one per area) or an object keyed by area name"
        )
    return list(value)


def _values(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise BadState(f"{where} must be a list of ballot marker values 0..3, got {value!r}")
    return [_int(v, f"{where} entries", 0, 3) for v in value]


def _counts(values: list[int]) -> list[int]:
    return [values.count(v) for v in range(4)]


def _order(doc: Mapping[str, Any], key: str) -> list[int]:
    if key not in doc:
        return list(range(NUM_AREAS))
    value = field(doc, key, list)
    order = [_area(x, f"state field {key!r} entries") for x in value]
    require(
        sorted(order) == list(range(NUM_AREAS)), f"state field {key!r} must list each of the 7 areas once"
    )
    return order


def read_state(s: DogeState, doc: Mapping[str, Any]) -> None:
    n = s.num_players
    phase_name = doc.get("phase", "ballots")
    require(
        isinstance(phase_name, str) and phase_name in PHASES,
        f"state field 'phase' must be one of {', '.join(PHASES)}, got {phase_name!r}",
    )
    s.phase = PHASES[phase_name]
    s.year = _int(doc.get("year", 1), "state field 'year'", 1, 10**6)
    s.rnd = _int(doc.get("round", 0), "state field 'round'", 0, 4)
    s.pos = _int(doc.get("elections_done", 0), "state field 'elections_done'", 0, NUM_AREAS - 1)
    require(s.phase != 0 or s.pos == 0, "'elections_done' must be 0 during the ballot phase")
    rounds = BALLOT_ROUNDS[n]
    require(
        s.phase != 0 or s.rnd < rounds, f"'round' counts ballot rounds done: 0..{rounds - 1} with {n} players"
    )

    # houses
    s.houses = []
    for p, row in enumerate(_per_player(doc, "houses", n, lambda: [0] * NUM_DISTRICTS)):
        row = _by_area(row, f"houses of player {p}", NUM_DISTRICTS, int)
        counts = [_int(c, f"houses of player {p}", 0, HOUSES) for c in row]
        require(
            sum(counts) <= HOUSES, f"player {p} has {sum(counts)} houses on the board, more than {HOUSES}"
        )
        s.houses += counts

    # palaces: owners in space order per district
    rows = _by_area(
        doc.get("palaces", [[] for _ in range(NUM_DISTRICTS)]), "state field 'palaces'", NUM_DISTRICTS, list
    )
    s.spaces = []
    for d, row in enumerate(rows):
        require(
            isinstance(row, list) and len(row) <= SPACES,
            f"palaces of {AREA_NAMES[d]}: a list of at most {SPACES} owners",
        )
        owners = [_player(o, f"palace owners in {AREA_NAMES[d]}", n) for o in row]
        s.spaces += owners + [-1] * (SPACES - len(owners))
    for p in range(n):
        require(s.spaces.count(p) <= PALACES, f"player {p} has more than {PALACES} palaces")

    # advisors: [owner, area] each; owner -1 = neutral (area -1 or null)
    advs = doc.get("advisors", [[-1, -1]] * NUM_ADVISORS)
    require(
        isinstance(advs, list) and len(advs) == NUM_ADVISORS,
        f"state field 'advisors' must list {NUM_ADVISORS} [owner, area] pairs",
    )
    s.adv_owner, s.adv_area = [], []
    for a, entry in enumerate(advs):
        require(
            isinstance(entry, list) and len(entry) == 2, f"advisor {a} must be [owner, area], got {entry!r}"
        )
        o = _player(entry[0], f"owner of advisor {a}", n, neutral=True)
        if o == -1:
            require(entry[1] in (-1, None), f"advisor {a} is neutral and so stands on its symbol (area -1)")
            x = -1
        else:
            x = _area(entry[1], f"area of advisor {a}")
            if x not in ADVISOR_STANDS[a]:
                where = "its home area" if x == ADVISOR_HOME[a] else "the Quarantia"
                raise BadState(f"advisor {a} (home {AREA_NAMES[ADVISOR_HOME[a]]}) may not stand in {where}")
        s.adv_owner.append(o)
        s.adv_area.append(x)
    for p in range(n):
        require(s.adv_owner.count(p) <= RINGS, f"player {p} controls more than {RINGS} advisors")

    # ballots on the areas, markers in hand
    s.placed, s.hand = [], []
    placed_rows = _per_player(doc, "ballots", n, lambda: [[] for _ in range(NUM_AREAS)])
    # a hand left out (or null) is the owner's markers not on the board
    hand_rows = [None] * n if doc.get("hand") is None else _per_player(doc, "hand", n, lambda: None)
    for p in range(n):
        row = _by_area(placed_rows[p], f"ballots of player {p}", NUM_AREAS, list)
        on_board = [0, 0, 0, 0]
        for x in range(NUM_AREAS):
            c = _counts(_values(row[x], f"ballots of player {p} on {AREA_NAMES[x]}"))
            require(
                sum(c) <= MAX_CARD_MARKERS,
                f"player {p} has {sum(c)} ballot markers on {AREA_NAMES[x]}: they come from one card,"
                f" which takes {MIN_CARD_MARKERS} to {MAX_CARD_MARKERS}",
            )
            s.placed += c
            on_board = [a + b for a, b in zip(on_board, c)]
        if hand_rows[p] is None:
            held = [MARKER_COUNTS[v] - on_board[v] for v in range(4)]
            require(
                all(h >= 0 for h in held), f"player {p} has more ballot markers on the board than they own"
            )
        else:
            held = _counts(_values(hand_rows[p], f"hand of player {p}"))
        total = [held[v] + on_board[v] for v in range(4)]
        require(
            total == list(MARKER_COUNTS), f"player {p}'s ballot markers must be 3, 3, 2, 2, 1, 1, 0 in all"
        )
        s.hand += held

    # markers turned up in this year's elections (back in hand, their values public)
    s.shown = []
    for p, row in enumerate(_per_player(doc, "revealed", n, list)):
        shown = _counts(_values(row, f"revealed markers of player {p}"))
        require(
            all(shown[v] <= s.hand[p * 4 + v] for v in range(4)),
            f"player {p}'s revealed markers must be among the markers in their hand",
        )
        require(s.phase != 0 or not any(shown), "no marker is revealed during the ballot phase")
        s.shown += shown

    # used area cards
    s.used = []
    for p, row in enumerate(_per_player(doc, "used", n, list)):
        require(isinstance(row, list), f"used cards of player {p} must be a list of areas")
        flags = [0] * NUM_AREAS
        if "used" not in doc:  # left out: the cards of the areas holding the player's markers
            row = [
                x
                for x in range(NUM_AREAS)
                if sum(s.placed[(p * NUM_AREAS + x) * 4 : (p * NUM_AREAS + x + 1) * 4])
            ]
        for x in row:
            flags[_area(x, f"used cards of player {p}")] = 1
        for x in range(NUM_AREAS):
            b = (p * NUM_AREAS + x) * 4
            require(
                flags[x] or not sum(s.placed[b : b + 4]),
                f"player {p} has markers on {AREA_NAMES[x]} but has not used that card",
            )
        s.used += flags

    # this round's secret choices
    s.pend_card, s.pend_marks, s.ready = [], [], []
    for p, entry in enumerate(_per_player(doc, "pending", n, lambda: None)):
        card, marks, ready = -1, [0, 0, 0, 0], False
        if entry is not None:
            require(s.phase == 0, "pending ballot choices exist only during the ballot phase")
            require(isinstance(entry, Mapping), f"pending choice of player {p} must be null or an object")
            c = entry.get("card")
            require(
                c != "pass",
                f"player {p} may not sit the round out: a player holding ballot markers must play a card",
            )
            if c is not None:
                card = _area(c, f"pending card of player {p}")
                require(
                    sum(s.hand[p * 4 : p * 4 + 4]) > 0,
                    f"player {p} has no ballot marker in hand and so sits the round out (pending must be null)",
                )
                require(
                    not s.used[p * NUM_AREAS + card], f"player {p} already used the {AREA_NAMES[card]} card"
                )
                if entry.get("markers") is not None:
                    marks = _counts(_values(entry["markers"], f"pending markers of player {p}"))
                    require(
                        MIN_CARD_MARKERS <= sum(marks) <= MAX_CARD_MARKERS,
                        f"player {p}'s pending choice must put {MIN_CARD_MARKERS} to {MAX_CARD_MARKERS}"
                        " markers on the card",
                    )
                    require(
                        all(marks[v] <= s.hand[p * 4 + v] for v in range(4)),
                        f"player {p}'s pending markers are not all in hand",
                    )
                    ready = True
        s.pend_card.append(card)
        s.pend_marks += marks
        s.ready.append(ready)
    s.waiting = still_to_choose(s)

    s.order = _order(doc, "order")
    s.next_order = _order(doc, "next_order")

    el = doc.get("election", -1)
    s.election = -1 if el == -1 or el is None else _area(el, "state field 'election'")
    require(
        s.election == -1 or (s.phase == 1 and s.election == s.order[s.pos]),
        "state field 'election' must be the area whose turn it is in 'order' (or -1)",
    )
    tasks = doc.get("tasks", [])
    fresh = s.election >= 0 and not tasks
    if fresh:
        # An election in progress with nothing left to decide is never saved by to_json: a person
        # naming the election about to be held. It is counted when the document is loaded.
        s.election = -1
    if s.phase == 1:
        # The markers of an area go back to their owners as its election starts.
        voted = s.order[: s.pos + (s.election >= 0)]
        for p in range(n):
            for x in voted:
                b = (p * NUM_AREAS + x) * 4
                require(
                    not sum(s.placed[b : b + 4]),
                    f"player {p} has ballot markers on {AREA_NAMES[x]}, whose election has already"
                    " begun or ended this year (its markers went back to their owners)",
                )
    votes = doc.get("votes", [])
    require(
        isinstance(votes, list) and len(votes) in (0, n), f"state field 'votes' must be [] or {n} integers"
    )
    s.votes = [_int(v, "votes", 0, 10**3) for v in votes]
    q_left = doc.get("q_left", [])
    require(isinstance(q_left, list), "state field 'q_left' must be a list of Quarantia advisors")
    s.q_left = [_int(a, "q_left", 0, NUM_ADVISORS - 1) for a in q_left]
    require(
        all(a in QUARANTIA_ADVISORS for a in s.q_left), f"q_left may hold only advisors {QUARANTIA_ADVISORS}"
    )
    require(
        not s.q_left or s.election == QUARANTIA or fresh,
        "q_left is used only during the Quarantia's election",
    )
    if fresh:
        s.votes, s.q_left = [], []

    require(isinstance(tasks, list), f"state field 'tasks' must be a list of task objects, got {tasks!r}")
    s.tasks = [_task(t, n, s) for t in tasks]
    require(not s.tasks or s.phase == 1, "tasks exist only during the elections")
    if s.tasks:
        require(s.election >= 0, "tasks belong to an election in progress: set 'election'")
    for kind, p, x, k in s.tasks:
        if kind == "advisor" and x == QUARANTIA:
            require(
                bool(s.q_left), "a Quarantia advisor task needs the advisors still to hand out in 'q_left'"
            )
        if kind == "build":
            require(
                s.houses[p * NUM_DISTRICTS + x] >= k and s.spaces.count(p) < PALACES,
                f"player {p} cannot pay {k} houses for a palace in {AREA_NAMES[x]}",
            )


def _task(t: Any, n: int, s: DogeState) -> tuple:
    require(isinstance(t, Mapping), f"each task must be an object, got {t!r}")
    kind = t.get("kind")
    require(kind in TASK_KINDS, f"task kind must be one of {', '.join(TASK_KINDS)}, got {kind!r}")
    if kind == "neutral":
        return ("neutral", -1, QUARANTIA, 0)
    if kind == "check":
        d = _area(t.get("district"), "check task district", districts_only=True)
        players = t.get("players", [])
        require(isinstance(players, list), "check task 'players' must be a list")
        m = 0
        for p in players:
            m |= 1 << _player(p, "check task players", n)
        return ("check", -1, d, m)
    p = _player(t.get("player"), f"{kind} task player", n)
    if kind == "advisor":
        x = _area(t.get("area"), "advisor task area")
        require(x == s.election, "an advisor task belongs to the election in progress")
        return ("advisor", p, x, 0)
    if kind == "move":
        a = t.get("area", -1)
        x = -1 if a in (-1, None) else _area(a, "move task area", districts_only=True)
        tied = t.get("tied", False)
        require(isinstance(tied, bool), "move task 'tied' must be true or false")
        return ("move", p, x, int(tied))
    d = _area(t.get("district"), f"{kind} task district", districts_only=True)
    if kind == "place":
        return ("place", p, d, _int(t.get("count"), "place task count", 1, 2))
    return ("build", p, d, _int(t.get("cost"), "build task cost", 3, 7))
