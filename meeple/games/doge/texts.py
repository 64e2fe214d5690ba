"""Words for people: action texts, prompts, and the rule an illegal action breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action
from meeple.engine.actions import default_action_text

from .data import (
    ADVISOR_HOME,
    ADVISOR_STANDS,
    AREA_NAMES,
    MAX_CARD_MARKERS,
    MIN_CARD_MARKERS,
    NUM_ADVISORS,
    NUM_AREAS,
    NUM_DISTRICTS,
    QUARANTIA,
    RINGS,
    advisor_name,
)
from .elections import placing_alone

if TYPE_CHECKING:
    from .state import DogeState


def _area(x: object) -> str:
    return AREA_NAMES[x] if isinstance(x, int) and 0 <= x < NUM_AREAS else repr(x)


def _advisor(a: object) -> str:
    return advisor_name(a) if isinstance(a, int) and 0 <= a < NUM_ADVISORS else f"advisor {a!r}"


def action_text(s: DogeState, action: Action) -> str:
    verb, args = action[0], action[1:]
    try:
        if verb == "card":
            return f"play the {_area(args[0])} card"
        if verb == "markers":
            if not all(isinstance(k, int) and 0 <= k <= 7 for k in args):
                return f"markers {' '.join(str(k) for k in args)}"  # nonsense counts: don't expand them
            values = [v for v, k in zip((0, 1, 2, 3), args) for _ in range(k)]
            shown = "+".join(str(v) for v in sorted(values, reverse=True))
            return f"put {len(values)} marker{'s' * (len(values) != 1)} ({shown})"
        if verb == "stand":
            return f"take {_advisor(args[0])} and stand it in {_area(args[1])}"
        if verb == "abstain":
            return f"abstain from {_advisor(args[0])}"
        if verb == "move":
            return f"move a house from {_area(args[0])} to {_area(args[1])}"
        if verb == "place":
            if args[0] == 0 and s.tasks and s.tasks[0][0] == "place":
                _, p, d, _ = s.tasks[0]
                if placing_alone(s, p, d):
                    return "place no more houses"
            return f"place {args[0]} house{'s' * (args[0] != 1)}"
        if verb == "build":
            return "build a palace"
        if verb == "pass":
            if s.phase == 0:
                return "sit this round out"  # never legal: shown when someone tries it
            if s.tasks and s.tasks[0][0] == "build":
                return "build no palace"
            return "move no house"
    except (IndexError, TypeError):  # a malformed action (e.g. in an error message): plain text
        return default_action_text(action)
    return default_action_text(action)


def prompt(s: DogeState, p: int) -> str:
    if s.phase == 0:
        if p not in s.to_move():
            if s.ready[p]:
                return "You have made this round's secret choice; waiting for the others"
            return "You have placed all your ballot markers: you sit out the rest of this phase"
        if s.pend_card[p] == -1:
            return f"Year {s.year}, ballot round {s.rnd + 1}: secretly choose one of your unused area cards"
        return (
            f"Choose {MIN_CARD_MARKERS} to {MAX_CARD_MARKERS} ballot markers to put face down on"
            f" {AREA_NAMES[s.pend_card[p]]}"
        )
    if s.phase == 2 or not s.tasks:
        return "The game is over"
    kind, q, area, _ = s.tasks[0]
    if q != p:
        what = {
            "advisor": "an advisor",
            "move": "a house move",
            "place": "houses to place",
            "build": "a palace",
        }
        return f"Waiting for {s.player_name(q)} to decide on {what.get(kind, kind)} ({AREA_NAMES[area]} election)"
    return _task_prompt(s)


def _task_prompt(s: DogeState) -> str:
    kind, _, area, k = s.tasks[0]
    if kind == "advisor":
        if area == QUARANTIA:
            return "You won a Quarantia advisor: take one and stand it in a district, or abstain (and move a house)"
        return f"Take {advisor_name(area)} and stand it in another area, or abstain (and move a house)"
    if kind == "move":
        if area == -1:
            return "Move one of your houses from any district to any other (or pass)"
        return f"Move one of your houses into or out of {AREA_NAMES[area]} (or pass)"
    if kind == "place":
        if placing_alone(s, s.tasks[0][1], area):
            return (
                f"Place a house from your supply in {AREA_NAMES[area]} ({k} left to place; a palace is"
                " checked after each), or place no more"
            )
        return f"Place up to {k} house{'s' * (k != 1)} from your supply in {AREA_NAMES[area]}"
    if kind == "build":
        return f"Build a palace in {AREA_NAMES[area]} for {k} houses?"
    return "Choose an action"


def why_illegal(s: DogeState, p: int, action: Action) -> str | None:
    verb = action[0] if action else None
    if s.phase == 0:
        return _why_ballot(s, p, action)
    kind, _, area, k = s.tasks[0]
    if kind == "advisor":
        if verb == "stand" and len(action) == 3:
            a, x = action[1], action[2]
            if (
                a not in range(NUM_ADVISORS)
                or (area == QUARANTIA and a not in s.q_left)
                or (area != QUARANTIA and a != area)
            ):
                return f"{_advisor(a)} is not the advisor this election gives you"
            if s.adv_owner[a] != p and s.rings_used(p) >= RINGS:
                return (
                    f"you already control {RINGS} advisors (all your control rings are in use);"
                    " you must abstain"
                )
            if x not in ADVISOR_STANDS[a]:
                if x == ADVISOR_HOME[a]:
                    return f"{advisor_name(a)} may not stand in its home area {_area(x)}"
                return f"{advisor_name(a)} may only stand in {', '.join(AREA_NAMES[y] for y in ADVISOR_STANDS[a])}"
        if verb == "abstain":
            return "you may only abstain from an advisor this election gives you"
        return "you won an advisor: take it and stand it in an area (stand), or abstain"
    if kind == "move":
        if verb == "move" and len(action) == 3:
            f, t = action[1], action[2]
            if f not in range(NUM_DISTRICTS) or t not in range(NUM_DISTRICTS):
                return "houses move only between the 6 districts (never into the Quarantia)"
            if f == t:
                return "a house must move to a different district"
            if not s.houses[p * NUM_DISTRICTS + f]:
                return f"you have no house in {AREA_NAMES[f]} to move"
            if area >= 0 and area not in (f, t):
                return f"the house must move into or out of {AREA_NAMES[area]}"
        return "move one of your houses (move FROM TO) or pass"
    if kind == "place":
        if placing_alone(s, p, area):
            return (
                f"you place your houses in {AREA_NAMES[area]} one at a time, each checked for a palace at once:"
                f" place 1 ({k} left to place) or place 0 (no more)"
            )
        if verb == "place" and len(action) == 2 and isinstance(action[1], int):
            if action[1] > k:
                return f"you may place at most {k} house{'s' * (k != 1)} here"
            if action[1] > s.house_supply(p):
                return f"you have only {s.house_supply(p)} houses in your supply"
        return f"place 0 to {k} houses from your supply in {AREA_NAMES[area]}"
    if kind == "build":
        return f"build a palace in {AREA_NAMES[area]} (build) or decline (pass)"
    return None


def _why_ballot(s: DogeState, p: int, action: Action) -> str | None:
    verb = action[0] if action else None
    if s.pend_card[p] == -1:
        if verb == "card" and len(action) == 2:
            x = action[1]
            if not isinstance(x, int) or not 0 <= x < NUM_AREAS:
                return f"there is no area {x!r}; areas are 0..{NUM_AREAS - 1}"
            if s.used[p * NUM_AREAS + x]:
                return (
                    f"you already used your {AREA_NAMES[x]} card this year;"
                    " each area takes your ballots at most once a year"
                )
        if verb == "markers":
            return "choose an area card first, then the ballot markers for it"
        if verb == "pass":
            return (
                "you hold ballot markers, so you must play an area card this round;"
                " only a player who has placed all 7 markers sits the later rounds out"
            )
        return "during the ballot phase you secretly choose one of your unused area cards (card AREA)"
    if verb == "markers" and len(action) == 5:
        counts = action[1:]
        if not all(isinstance(c, int) and c >= 0 for c in counts) or sum(counts) < MIN_CARD_MARKERS:
            return "put at least one ballot marker on the card"
        if sum(counts) > MAX_CARD_MARKERS:
            return f"a card takes {MIN_CARD_MARKERS} to {MAX_CARD_MARKERS} ballot markers, not {sum(counts)}"
        held = s.hand[p * 4 : p * 4 + 4]
        for v in range(4):
            if counts[v] > held[v]:
                return f"you hold only {held[v]} marker{'s' * (held[v] != 1)} of value {v}"
    if verb == "card":
        return "you already chose a card this round; now choose its ballot markers"
    return (
        f"choose {MIN_CARD_MARKERS} to {MAX_CARD_MARKERS} ballot markers for your card: markers N0 N1 N2 N3"
        " (how many of each value 0..3)"
    )
