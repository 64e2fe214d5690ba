"""Doge at the table: labels that carry what decides a move, grouped menus, and a text board.

Everything here is drawn from a seat's view (`DogeState.view`) and the game's static data: the
districts by name, palaces on their numbered spaces, houses, advisors and face-down ballot stacks per
player (values only for the seat's own markers), the voting order, the election in progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from meeple.engine import Action, State
from meeple.engine.result import Event
from meeple.table.presenter import Presenter

from .data import (
    ADVISOR_HOME,
    AREA_NAMES,
    BALLOT_ROUNDS,
    END_CONDITIONS,
    NUM_AREAS,
    NUM_DISTRICTS,
    QUARANTIA,
    QUARANTIA_ADVISORS,
    RINGS,
    SEAT_NAMES,
    SPACE_COSTS,
)
from .drawing import draw, marker_path
from .elections import standings

if TYPE_CHECKING:
    from meeple.table import Choice

STYLES = {"Red": "bold red", "Blue": "bold bright_blue", "Green": "bold green", "Yellow": "bold yellow"}
View = Mapping[str, Any]


# ----- words ------------------------------------------------------------------------------------


def name(p: int) -> str:
    return SEAT_NAMES[p]


def who(p: int) -> Text:
    """A player's colour as a word, in that colour."""
    return Text(name(p), style=STYLES.get(name(p), "bold"))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def values(markers: Sequence[int]) -> str:
    """Marker values as they are added up: 3+2+0."""
    return "+".join(str(v) for v in sorted(markers, reverse=True))


def own_markers(markers: Sequence[int]) -> str:
    """How many, then their values: "3 (3+2+0)", "1 (0)" (a lone "0" would read as none)."""
    return f"{len(markers)} ({values(markers)})" if markers else "0"


def advisor(a: int) -> str:
    """The advisor by its home: "the Castello advisor", "Quarantia advisor 2"."""
    home = ADVISOR_HOME[a]
    if home == QUARANTIA:
        return f"Quarantia advisor {QUARANTIA_ADVISORS.index(a) + 1}"
    return f"the {AREA_NAMES[home]} advisor"


def short_advisor(a: int) -> str:
    home = ADVISOR_HOME[a]
    return f"Q{QUARANTIA_ADVISORS.index(a) + 1}" if home == QUARANTIA else AREA_NAMES[home]


# ----- facts read off the view -------------------------------------------------------------------


def me(view: View) -> int | None:
    return view.get("me")


def in_elections(view: View) -> bool:
    return view["phase"] == "elections"


def done_this_year(view: View) -> int:
    """Elections finished this year (the face-up row still to vote is `order`)."""
    return NUM_AREAS - len(view["order"])


def when_votes(view: View, area: int) -> str:
    """When the area votes next: "votes now", "votes next", "votes 5th", "votes next year 2nd"."""
    order = view["order"]
    if area in order:
        i = order.index(area)
        if in_elections(view) and view["election"] == area:
            return "votes now"
        if in_elections(view) and i == 1:
            return "votes next"
        return f"votes {ordinal(done_this_year(view) + i + 1)}"
    shown = view["next_order_shown"]
    if area in shown:
        return f"votes next year {ordinal(shown.index(area) + 1)}"
    return "votes next year"


def houses_of(view: View, p: int, d: int) -> int:
    return view["houses"][p][d] if d < NUM_DISTRICTS else 0


def next_cost(view: View, d: int) -> int | None:
    built = len(view["palaces"][d])
    return SPACE_COSTS[built] if built < len(SPACE_COSTS) else None


def advisors_in(view: View, area: int) -> dict[int, list[int]]:
    """The controlled advisors standing in the area, by owner (each is a vote there)."""
    out: dict[int, list[int]] = {}
    for a, (owner, where) in enumerate(view["advisors"]):
        if owner >= 0 and where == area:
            out.setdefault(owner, []).append(a)
    return out


def palace_spread(view: View, p: int) -> tuple[int, int]:
    """(palaces, districts with one) of player p."""
    per = [row.count(p) for row in view["palaces"]]
    return sum(per), sum(1 for k in per if k)


def still_needed(view: View, p: int) -> list[tuple[str, int | None]]:
    """For each end condition, how many more palaces p must build (in new districts where needed);
    None when p's palaces left or the free spaces can no longer make it."""
    total, spread = palace_spread(view, p)
    left = view["palace_supply"][p]
    rows = view["palaces"]
    free = sum(len(SPACE_COSTS) - len(row) for row in rows)
    open_districts = sum(1 for row in rows if p not in row and len(row) < len(SPACE_COSTS))
    out: list[tuple[str, int | None]] = []
    for cond, need, districts in END_CONDITIONS:
        new = max(districts - spread, 0)  # districts still to open, one palace each
        more = max(need - total, new)
        out.append((cond, more if new <= open_districts and more <= min(left, free) else None))
    return out


# the end conditions as "palaces in districts": one in each of the 6, or 7 over 5, or 8 over 4
CONDITION_NAMES = {"six_districts": "6 in 6", "seven_in_five": "7 in 5", "eight_in_four": "8 in 4"}


def current_task(view: View) -> dict[str, Any]:
    return view["tasks"][0] if view["tasks"] else {}


# ----- the presenter -----------------------------------------------------------------------------


class DogePresenter(Presenter):
    """Doge's labels, menu groups and text board."""

    def label(self, state: State, seat: int, view: View, action: Action) -> str:
        verb = action[0]
        task = current_task(view)
        if verb == "card":
            return card_label(view, seat, action[1])
        if verb == "markers":
            return markers_label(view, seat, list(action[1:]))
        if verb == "stand":
            return stand_label(view, seat, action[1], action[2])
        if verb == "abstain":
            return abstain_label(view, seat, action[1], task)
        if verb == "move":
            return move_label(view, seat, action[1], action[2])
        if verb == "place":
            return place_label(view, seat, action[1], task)
        if verb == "build":
            return build_label(view, seat, task)
        if verb == "pass" and task.get("kind") == "build":
            d = task["district"]
            return (
                f"build no palace (keep your {plural(houses_of(view, seat, d), 'house')} in {AREA_NAMES[d]})"
            )
        return state.action_text(action)

    def group(self, view: View, action: Action, label: str) -> str:
        verb = action[0]
        if verb == "markers":
            return f"put {plural(sum(action[1:]), 'marker')}"
        if verb in ("stand", "abstain"):
            return advisor_group(view, action[1])
        if verb == "move":
            f = action[1]
            return f"move a house out of {AREA_NAMES[f]}"
        if verb == "pass" and current_task(view).get("kind") == "move":
            return "move no house"
        return ""

    def choices(self, state: State, seat: int, view: View, legal: list[Action]) -> list[Choice]:
        # markers by count (1, 2, 3, 4), the most votes first within a count
        out = super().choices(state, seat, view, legal)
        if out and out[0].action[0] == "markers":
            out.sort(key=lambda c: (sum(c.action[1:]), -marker_votes(c.action)))
        return out

    # ----- the drawn board (drawing.py) ------------------------------------------------------------

    def svg(self, view: View, seat: int | None, options: Mapping[str, Any]) -> str | None:
        return draw(view, seat, [name(p) for p in range(len(view["houses"]))])

    def targets(self, view: View, action: Action) -> tuple[str, ...]:
        """The board things an action names, in the order they are clicked: an area card; the markers
        (highest first, then the rest from the list); an advisor, then the area it is stood in, or its
        home symbol to abstain; a house's district of origin, then its destination; the election's
        district once per house placed; the palace space to build on."""
        verb = action[0]
        if verb == "card":
            return (f"card:{action[1]}",)
        if verb == "markers":
            return marker_path(list(action[1:]))
        if verb == "stand":
            return (f"advisor:{action[1]}", f"area:{action[2]}")
        if verb == "abstain":
            return (f"advisor:{action[1]}", f"home:{action[1]}")
        if verb == "move":
            return (f"area:{action[1]}", f"area:{action[2]}")
        task = current_task(view)
        if verb == "place" and task.get("kind") == "place":
            return (f"area:{task['district']}",) * action[1]
        if verb == "build" and task.get("kind") == "build":
            d = task["district"]
            return (f"palace:{d}:{len(view['palaces'][d])}",)
        return ()

    def marks(self, view: View, event: Event) -> tuple[str, ...]:
        """What an event touched: the area of a ballot, an election and its result, a placement or a
        palace; an advisor taken (and where it stands) or made neutral; both ends of a house move; the
        player who has chosen, lost a placement or becomes Doge."""
        data = event.data or {}
        kind = event.kind
        if kind in ("ballot", "election", "winner", "tie", "no_winner") and "area" in data:
            return (f"area:{data['area']}",)
        if kind == "advisor":
            return (f"advisor:{data['advisor']}", f"area:{data['area']}")
        if kind in ("abstain", "neutral") and "advisor" in data:
            return (f"advisor:{data['advisor']}", f"home:{data['advisor']}")
        if kind == "move" and "source" in data:
            return (f"area:{data['source']}", f"area:{data['to_district']}")
        if kind == "place" and "district" in data and data.get("count", 1):
            return (f"area:{data['district']}",)
        if kind == "palace":
            return (f"area:{data['district']}",)
        if kind in ("choose", "lost", "doge") and event.player is not None:
            return (f"player:{event.player}",)
        return ()

    def board(self, view: View, seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        parts: list[RenderableType] = [
            heading(view),
            order_line(view),
            areas_table(view),
            LEGEND,
            advisors_text(view),
        ]
        if in_elections(view) and view["election"] >= 0:
            parts.append(election_panel(view))
        parts.append(players_table(view))
        if me(view) is not None:
            parts.append(hand_text(view))
        return Group(*parts)

    def hand(self, view: View, seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        if me(view) is None:
            return Text("A spectator holds nothing.")
        return Panel(hand_text(view), title=f"{name(view['me'])}: your cards and markers", expand=False)

    def scores(self, view: View, seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        return race_table(view)


PRESENTER = DogePresenter
LEGEND = Text(
    "Palaces: owners on the spaces 3, 4, 5 ... in order. Ballots: yours by value, others' one ? per marker.",
    style="dim",
)


# ----- labels ------------------------------------------------------------------------------------


def marker_votes(action: Action) -> int:
    return sum(v * k for v, k in enumerate(action[1:]))


def stacks_there(view: View, seat: int, area: int) -> str:
    """The face-down stacks on the area: the seat's own by value, the others' one '?' per marker."""
    mine = view.get("my_ballots")
    parts = []
    for p, counts in enumerate(view["ballot_counts"]):
        if counts[area]:
            parts.append(
                f"you {values(mine[area])}" if p == seat and mine else f"{name(p)} {'?' * counts[area]}"
            )
    return ", ".join(parts)


def area_facts(view: View, seat: int, area: int) -> list[str]:
    """What decides a ballot or an advisor's place: when the area votes, the stacks and advisors there."""
    facts = [when_votes(view, area)]
    if stacks := stacks_there(view, seat, area):
        facts.append(f"markers: {stacks}")
    here = sorted(advisors_in(view, area).items())
    if adv := ", ".join(f"{'you' if p == seat else name(p)} +{len(a)}" for p, a in here):
        facts.append(f"advisors: {adv}")
    return facts


def card_label(view: View, seat: int, area: int) -> str:
    facts = area_facts(view, seat, area)
    if area < NUM_DISTRICTS:
        facts.append(houses_fact(view, seat, area))
    else:
        facts.append("the winner takes 2 of its 3 advisors")
    return f"play the {AREA_NAMES[area]} card ({'; '.join(facts)})"


def houses_fact(view: View, seat: int, d: int) -> str:
    """The seat's houses in district d against the next palace's cost there."""
    cost, have = next_cost(view, d), houses_of(view, seat, d)
    if cost is None:
        return f"your houses: {have}, palaces full"
    if not view["palace_supply"][seat]:
        return f"your houses: {have}, no palace left to build"
    if have >= cost:
        return f"your houses: {have}, enough for a palace ({cost})"
    return f"your houses: {have} of {cost} for a palace"


def markers_label(view: View, seat: int, counts: list[int]) -> str:
    chosen = [v for v, k in enumerate(counts) for _ in range(k)]
    area = (view.get("my_pending") or {}).get("card", -1)
    where = f" on {AREA_NAMES[area]}" if area >= 0 else ""
    votes = sum(chosen)
    extra = len(advisors_in(view, area).get(seat, [])) if area >= 0 else 0
    counted = plural(votes, "vote") + (f", {votes + extra} with your advisors there" if extra else "")
    left = list(view.get("my_hand", []))
    for v in chosen:
        left.remove(v)
    return f"put {values(chosen)}{where}: {counted}; {kept_text(view, left)}"


def kept_text(view: View, left: list[int]) -> str:
    """The markers left in hand: kept for the later rounds, or unused this year after the last one."""
    if not left:
        return "keep none"
    if view["round"] + 1 == BALLOT_ROUNDS[len(view["houses"])]:
        return f"left unused this year: {values(left)}"
    return "keep the 0" if left == [0] else f"keep {values(left)}"  # "keep 0" would read as nothing


def stand_label(view: View, seat: int, a: int, area: int) -> str:
    owner, now = view["advisors"][a]
    adv = advisor(a)
    if owner == seat and now == area:
        head = f"keep {adv} in {AREA_NAMES[area]}, where it stands"
    elif owner == seat:
        head = f"move {adv} from {AREA_NAMES[now]} to {AREA_NAMES[area]}"
    else:
        holder = f" from {name(owner)}" if owner >= 0 else ""  # where it stands now: on the board
        head = f"take {adv}{holder} and stand it in {AREA_NAMES[area]}"
    return f"{head} ({'; '.join(area_facts(view, seat, area))})"


def abstain_label(view: View, seat: int, a: int, task: Mapping[str, Any]) -> str:
    owner = view["advisors"][a][0]
    ring = f" ({name(owner)}'s ring goes back)" if owner >= 0 and owner != seat else ""
    ring = " (your ring comes back)" if owner == seat else ring
    area = task.get("area", -1)
    if not any(view["houses"][seat]):
        move = "you have no house on the board to move"
    elif area == QUARANTIA:
        move = "then move a house from any district to any other"
    else:
        move = f"then move a house into or out of {AREA_NAMES[area]}"
    return f"abstain: {advisor(a)} becomes neutral{ring}; {move}"


def palace_note(view: View, seat: int, d: int, houses: int) -> str:
    """Whether `houses` of the seat's houses in district d are enough for its next palace."""
    cost = next_cost(view, d)
    if cost is None:
        return "palaces full"
    if not view["palace_supply"][seat]:
        return "no palace left to build"
    if houses >= cost:
        return f"enough for a palace (costs {cost})"
    return f"next palace costs {cost}"


def move_label(view: View, seat: int, f: int, t: int) -> str:
    hf, ht = houses_of(view, seat, f), houses_of(view, seat, t)
    return (
        f"move a house from {AREA_NAMES[f]} ({hf}→{hf - 1}) to {AREA_NAMES[t]}"
        f" ({ht}→{ht + 1}, {palace_note(view, seat, t, ht + 1)})"
    )


def place_label(view: View, seat: int, k: int, task: Mapping[str, Any]) -> str:
    d = task["district"]
    have, supply = houses_of(view, seat, d), view["house_supply"][seat]
    alone = not tied_in_check(view, seat, d)
    if k == 0:
        left = task["count"]
        if alone:
            return f"place no more houses in {AREA_NAMES[d]} ({left} left to place)"
        return f"place no house in {AREA_NAMES[d]}"
    what = "a house" if k == 1 and alone else plural(k, "house")
    note = palace_note(view, seat, d, have + k)
    if not alone:
        note += ", checked after the tie"  # the tied players build at the same time (RULES.md)
    return f"place {what} in {AREA_NAMES[d]} (yours there {have}→{have + k}, supply {supply}→{supply - k}; {note})"


def tied_in_check(view: View, seat: int, d: int) -> bool:
    return any(t["kind"] == "check" and t["district"] == d and seat in t["players"] for t in view["tasks"])


def build_label(view: View, seat: int, task: Mapping[str, Any]) -> str:
    d, cost = task["district"], task["cost"]
    space = SPACE_COSTS[len(view["palaces"][d])]
    total, spread = palace_spread(view, seat)
    new_spread = spread + (seat not in view["palaces"][d])
    keep = houses_of(view, seat, d) - cost
    stay = "no house stays there" if not keep else f"{plural(keep, 'house')} stay{'s' * (keep == 1)} there"
    return (
        f"build a palace in {AREA_NAMES[d]} on the {space} space for {cost} houses"
        f" ({stay}; your palaces: {total} in {plural(spread, 'district')} → {total + 1} in {new_spread})"
    )


def advisor_group(view: View, a: int) -> str:
    owner, where = view["advisors"][a]
    now = f"{name(owner)}'s, in {AREA_NAMES[where]}" if owner >= 0 else "neutral"
    return f"{advisor(a)} ({now})"


# ----- the board ---------------------------------------------------------------------------------


def heading(view: View) -> Text:
    n = len(view["houses"])
    text = Text(f"Doge, year {view['year']}: ", style="bold")
    if view["phase"] == "ballots":
        text.append(f"placing ballots, round {view['round'] + 1} of {BALLOT_ROUNDS[n]}")
    elif view["phase"] == "elections":
        text.append(f"elections, {done_this_year(view) + 1} of {NUM_AREAS}")
    else:
        text.append("the game is over")
    text.append(" · players ")
    for p in range(n):
        text.append_text(who(p))
        if p == me(view):
            text.append(" (you)")
        text.append(", " if p < n - 1 else "")
    return text


def order_line(view: View) -> Text:
    text = Text("Voting order this year: ", style="bold")
    order = view["order"]
    for i, area in enumerate(order):
        now = in_elections(view) and view["election"] == area
        text.append(AREA_NAMES[area] + (" (now)" if now else ""), style="reverse" if now else "")
        text.append(", " if i < len(order) - 1 else "")
    if not order:
        text.append("all voted")
    elif done_this_year(view):
        text.append(f" ({done_this_year(view)} voted)")
    shown = [AREA_NAMES[x] for x in view["next_order_shown"]]
    hidden = ["?"] * view["next_order_hidden"]
    text.append("\nNext year's order: ", style="bold")
    text.append(", ".join(shown + hidden))
    if not shown:
        text.append(" (a card is turned up after each election)")
    return text


def joined(parts: list[Text], sep: str = ", ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part)
    return out


def palaces_cell(view: View, d: int) -> Text:
    """The palaces on their spaces (3, 4, ... houses each) in order, then what the next costs."""
    owners = joined([who(p) for p in view["palaces"][d]], " ")
    cost = next_cost(view, d)
    if owners:
        owners.append("; ")
    return owners.append(f"next {cost}" if cost else "full", style="dim")


def houses_cell(view: View, d: int) -> Text:
    parts = [who(p).append(f" {row[d]}") for p, row in enumerate(view["houses"]) if row[d]]
    return joined(parts, ", ") if parts else Text("-", style="dim")


def advisors_here_cell(view: View, area: int) -> Text:
    parts = [who(p).append(f" +{len(advs)}") for p, advs in sorted(advisors_in(view, area).items())]
    return joined(parts, ", ") if parts else Text("-", style="dim")


def ballots_cell(view: View, area: int) -> Text:
    """Each player's face-down stack on the area: the seat's own by value, the others as '?'s."""
    parts = []
    mine = view.get("my_ballots")
    for p, counts in enumerate(view["ballot_counts"]):
        if not counts[area]:
            continue
        shown = values(mine[area]) if p == me(view) and mine else "?" * counts[area]
        parts.append(who(p).append(f" {shown}"))
    return joined(parts, ", ") if parts else Text("-", style="dim")


def votes_cell(view: View, area: int) -> Text:
    when = when_votes(view, area).removeprefix("votes ")
    return Text(when, style="reverse" if when == "now" else "")


def areas_table(view: View) -> RichTable:
    table = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    columns = ("Area", "Votes", "Palaces", "Houses", "Advisors here", "Ballots face down")
    for col in columns:
        table.add_column(col, overflow="fold", style="bold" if col == "Area" else "")
    for area in range(NUM_AREAS):
        district = area < NUM_DISTRICTS
        table.add_row(
            AREA_NAMES[area],
            votes_cell(view, area),
            palaces_cell(view, area) if district else Text("no palaces", style="dim"),
            houses_cell(view, area) if district else Text("no houses", style="dim"),
            advisors_here_cell(view, area),
            ballots_cell(view, area),
        )
    return table


def advisors_text(view: View) -> Text:
    """Each player's advisors (by home, which election gives it) and where they stand; the neutral ones."""
    text = Text("Advisors (home → where it stands; Q1-Q3 are the Quarantia's): ", style="bold")
    parts = []
    for p in range(len(view["houses"])):
        mine = [
            f"{short_advisor(a)} → {AREA_NAMES[x]}" for a, (o, x) in enumerate(view["advisors"]) if o == p
        ]
        if mine:
            parts.append(who(p).append(" " + ", ".join(mine)))
    neutral = [short_advisor(a) for a, (o, _) in enumerate(view["advisors"]) if o < 0]
    if neutral:
        parts.append(Text(f"neutral: {', '.join(neutral)}", style="dim"))
    return text.append_text(joined(parts, " · "))


def task_text(task: Mapping[str, Any]) -> Text:
    """One decision or step still to come in the election, as "Blue places up to 1 house in ..."."""
    kind = task["kind"]
    if kind == "check":
        players = joined([who(p) for p in task["players"]])
        return Text(f"palace check in {AREA_NAMES[task['district']]} for ").append_text(players)
    if kind == "neutral":
        return Text("the Quarantia advisor left becomes neutral")
    if kind == "advisor":
        what = "takes an advisor or abstains"
    elif kind == "move":
        what = "moves a house" + ("" if task["area"] < 0 else f" into or out of {AREA_NAMES[task['area']]}")
    elif kind == "place":
        what = f"places up to {plural(task['count'], 'house')} in {AREA_NAMES[task['district']]}"
    else:  # build
        what = f"decides on a palace in {AREA_NAMES[task['district']]} for {task['cost']} houses"
    return who(task["player"]).append(f" {what}")


def election_panel(view: View) -> Panel:
    area = view["election"]
    votes = view["votes"]
    here = advisors_in(view, area)
    parts = []
    for p, v in enumerate(votes):
        adv = len(here.get(p, []))
        split = f" (incl. {plural(adv, 'advisor')})" if adv else ""
        parts.append(who(p).append(f" {v}{split}"))
    text = Text("Votes: ").append_text(joined(parts))
    firsts, seconds = standings(votes) if votes else ([], [])
    if len(firsts) > 1:
        text.append(" · tie for first: ").append_text(joined([who(p) for p in firsts]))
    elif firsts:
        text.append(" · winner ").append_text(who(firsts[0]))
        if len(seconds) > 1:
            text.append(" · tie for second: ").append_text(joined([who(p) for p in seconds]))
        elif seconds:
            text.append(" · runner-up ").append_text(who(seconds[0]))
    if view["q_left"]:
        text.append(
            "\nQuarantia advisors still to hand out: " + ", ".join(short_advisor(a) for a in view["q_left"])
        )
    if view["tasks"]:
        text.append("\nStill to do: ").append_text(joined([task_text(t) for t in view["tasks"]], "; "))
    return Panel(text, title=f"Election in {AREA_NAMES[area]}", expand=False)


def round_cell(view: View, p: int) -> Text:
    if view["ready"][p]:
        return Text("has chosen")
    if not view["hand_counts"][p]:
        return Text("sits out", style="dim")
    return Text("choosing")


def players_table(view: View) -> RichTable:
    """One column per player (3 or 4 fit side by side), one row per fact."""
    n = len(view["houses"])
    table = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("Player", style="bold")
    for p in range(n):
        table.add_column(who(p).append(" (you)" if p == me(view) else ""), overflow="fold")
    spread = [palace_spread(view, p) for p in range(n)]
    rows = {
        "Houses in supply": [str(view["house_supply"][p]) for p in range(n)],
        "Palaces built": [f"{k} in {plural(d, 'district')}" for k, d in spread],
        "Palaces left": [str(view["palace_supply"][p]) for p in range(n)],
        "Advisors": [f"{RINGS - r} ({plural(r, 'ring')} free)" for r in view["rings_free"]],
        "Doge needs": [doge_needs(view, p) for p in range(n)],
        "Markers in hand": [
            own_markers(view["my_hand"]) if p == me(view) else str(view["hand_counts"][p]) for p in range(n)
        ],
    }
    if view["phase"] == "ballots":
        rows["This round"] = [round_cell(view, p) for p in range(n)]
    else:  # markers come back face up after their area's election; everyone has seen them
        rows["Turned up this year"] = [values(view["revealed"][p]) or "-" for p in range(n)]
    for title, cells in rows.items():
        table.add_row(title, *cells)
    return table


def doge_needs(view: View, p: int) -> str:
    """The end condition closest for p: how many more palaces it takes."""
    reachable = [(k, cond) for cond, k in still_needed(view, p) if k is not None]
    if not reachable:
        return "out of reach"
    k, cond = min(reachable)
    return f"met: {CONDITION_NAMES[cond]}" if not k else f"{k} more ({CONDITION_NAMES[cond]})"


def hand_text(view: View) -> Text:
    p = view["me"]
    text = Text("You (", style="bold").append_text(who(p)).append("): ", style="bold")
    text.append(f"markers in hand {own_markers(view['my_hand'])}")
    stacks = [f"{AREA_NAMES[x]} {values(m)}" for x, m in enumerate(view["my_ballots"]) if m]
    text.append(f"; face down: {', '.join(stacks) if stacks else 'none'}")
    if view["phase"] == "ballots":
        used = set(view["used"][p])
        unused = [AREA_NAMES[x] for x in range(NUM_AREAS) if x not in used]
        text.append(f"\nArea cards still to play this year: {', '.join(unused) if unused else 'none'}")
        pending = view.get("my_pending")
        if pending:
            chosen = pending["markers"]
            what = values(chosen) if chosen else "markers not chosen yet"
            text.append(f"\nThis round: the {AREA_NAMES[pending['card']]} card, {what}")
    return text


def race_table(view: View) -> RichTable:
    """No points in Doge: the race to the end conditions, and the tie-breaks (palaces, houses)."""
    table = RichTable(title="The race to be Doge: palaces still to build", box=box.SIMPLE_HEAD)
    table.add_column("Player")
    table.add_column("Palaces")
    for cond, _, _ in END_CONDITIONS:
        table.add_column(CONDITION_NAMES[cond], justify="right")
    table.add_column("Houses on the board", justify="right")
    for p in range(len(view["houses"])):
        total, spread = palace_spread(view, p)
        needed = [
            "met" if k == 0 else "out of reach" if k is None else str(k) for _, k in still_needed(view, p)
        ]
        table.add_row(
            who(p), f"{total} in {plural(spread, 'district')}", *needed, str(sum(view["houses"][p]))
        )
    return table
