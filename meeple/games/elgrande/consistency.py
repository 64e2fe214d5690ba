"""Cross-field checks of a state document (after every field was read on its own): a document a
person edited must either describe a position the rules can continue from, or be refused with
BadState and one clear sentence, never give a state that fails later."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import BadState
from meeple.engine.schema import require

from . import effects, pieces
from .data import (
    AMERICA,
    CARDS,
    CASTILLO,
    DISC_HOME,
    DISC_NAMES,
    NAMES,
    NEW,
    NUM_AREAS,
    SHIP,
    SPAIN,
    VETO_CARDS,
)
from .phases import (
    ACT,
    CARD,
    COURT_STEP,
    DISK,
    DISK_EVICT,
    DISK_GENERAL,
    DISK_NAMES,
    DISK_RETURN,
    DISK_SCORE,
    EFFECT,
    FREE,
    OVER,
    PHASE_NAMES,
    POWER,
    RECALL,
    VETO,
)

if TYPE_CHECKING:
    from .state import ElGrandeState

TURN_PHASES = (FREE, COURT_STEP, RECALL, CARD, ACT, EFFECT, VETO)
# special actions that ask for decisions while they run (the others finish at once)
INTERACTIVE = frozenset({"move", "move_all_own", "extra_place", "either", "angry_king", "return_each_opp",
                         "score_choice", "mobile", "power_back", "grande", "eviction", "king"})
DISK_EFFECT = {DISK_RETURN: "disk_return", DISK_SCORE: "disk_score", DISK_EVICT: "eviction"}


def check_document(s: ElGrandeState) -> None:
    _pieces(s)
    _cards(s)
    _turn(s)
    _fresh_roles(s)
    _effect(s)
    _post(s)
    _disks(s)
    _playable(s)


def _pieces(s: ElGrandeState) -> None:
    n = s.num_players
    for k, a, c in s.discs:
        if c < 0:
            require(a == DISC_HOME[k], f"an unclaimed {DISC_NAMES[k]} disc lies in "
                    f"{NAMES[DISC_HOME[k]]}, not in {NAMES[a]}")
    for p in range(n):
        for a in NEW:
            carried = pieces.carriers(s, p, a)
            role = (a == SHIP and s.captain == p) or (a == AMERICA and s.viceroy == p)
            require(carried + int(role) <= s.cab[p][a],
                    f"player {p} has {s.cab[p][a]} Caballeros in {NAMES[a]} but {carried} carry discs"
                    + (" and one more is the Captain/Viceroy (a carrier never is)" if role else ""))
    placed = [m for m in s.mobile if m >= 0]
    require(len(set(placed)) == len(placed), "the two mobile scoreboards never share a region")
    for m in placed:
        require(m in SPAIN or (s.colonies and m in NEW), f"a mobile scoreboard cannot lie on {NAMES[m]}")


def _cards(s: ElGrandeState) -> None:
    n = s.num_players
    # (a card listed twice is tolerated: hand-made positions often leave a taken card in its deck)
    require(len({k for k, _ in s.kept}) == len(s.kept), "a card is listed twice in 'kept'")
    for c in s.faceup + [c for d in s.decks for c in d]:
        require(s.colonies or CARDS[c]["stack"] != 7,
                f"card {c} ({CARDS[c]['name']}) is of the 7th stack: only with colonies=true")
        require(s.veto_on or c not in VETO_CARDS, f"card {c} is a Veto! card, but veto=false")
    for v in s.vetoes:
        c, h, r = v
        require(c in VETO_CARDS and s.veto_on, f"'vetoes' lists card {c}, which is not a Veto! card (or veto=false)")
        require(0 <= h < n, f"'vetoes': the Veto! holder {h} is not a player")
        require(0 <= r < len(s.rounds), f"'vetoes': round index {r} is not a round of this game")
    require(len({v[0] for v in s.vetoes}) == len(s.vetoes), "a Veto! card is listed twice in 'vetoes'")
    for p in range(n):
        back, maybe = s.back[p], s.maybe[p]
        require(not back & s.used[p], f"player {p}: a card taken back ('back') is not also spent ('used')")
        require(back & ~maybe == 0 and (maybe == 0) == (back == 0),
                f"player {p}: 'maybe' (what the secret take-back may have been) holds the cards in 'back', "
                "and is empty when 'back' is")
        require(maybe & ~(s.used[p] | back) == 0,
                f"player {p}: 'maybe' lists only cards of the discard pile as the table saw it ('used' and 'back')")


def _turn(s: ElGrandeState) -> None:
    n = s.num_players
    ph = s.phase
    special_disk = ph == DISK and s.disk_kind != DISK_GENERAL
    if ph in TURN_PHASES or special_disk:
        if not s.turns:
            # a hand-made position may leave the turn order out: it follows from the power cards
            s.turns = sorted(range(n), key=lambda q: -s.played[q])
        require(sorted(s.turns) == list(range(n)), "during a turn 'turns' must list every player once")
        require(s.cur in s.turns, "a turn is under way: 'cur' must name the player")
        if not (0 <= s.turn_i < n and s.turns[s.turn_i] == s.cur):
            s.turn_i = s.turns.index(s.cur)  # the pointer follows from 'cur'
    if ph in (FREE, COURT_STEP, RECALL):
        require(1 <= s.played[s.cur] <= 13,
                f"player {s.cur} is on turn without a power card in 'played' (it sets how many come to court)")
    if ph == POWER:
        bid = [s.played[q] for q in s.order[:s.bid_i] if s.played[q]]
        require(len(set(bid)) == len(bid), "two players played the same power card this round")
    if ph in (ACT, EFFECT, VETO) or special_disk:
        require(s.card >= 0, "an action card must have been taken ('card')")
    if ph in (EFFECT, VETO) or special_disk:
        require(s.eff >= 0, "a special action is running: 'eff' must name its card")
    if ph == VETO:
        require(all(q != s.cur and any(h == q for _, h, _ in s.vetoes) for q in s.queue),
                "'queue' in phase 'veto' lists the other players holding a Veto! (see 'vetoes')")
    if s.held:
        o, a, carry = s.held
        ok = all(isinstance(x, int) and not isinstance(x, bool) for x in s.held)
        require(ok and 0 <= o < n and 0 <= a < NUM_AREAS and a != CASTILLO and carry in (0, 1, 2, pieces.ROLE),
                f"'held' is [owner, area, carry] of a Caballero picked up, got {list(s.held)!r}")
        require(ph in (FREE, EFFECT) and pieces.count(s, o, a, carry) > 0,
                f"'held' names a Caballero of player {o} in {NAMES[a]} that is not there (or no move is running)"
                + (" (carry 3: the Captain/Viceroy)" if carry == pieces.ROLE else ""))
        require(ph != FREE or o == s.cur, "at the free moves of the Ship a player moves only their own Caballeros")


def _fresh_roles(s: ElGrandeState) -> None:
    """A Captain/Viceroy marked as arrived this turn: at the free moves of the Ship, held by the player
    on turn, and one of the arrivals without a disc that `fresh` counts there."""
    for a, slot in pieces.ROLE_SLOT.items():
        if not s.fresh_roles[slot]:
            continue
        role = pieces.POST_NAMES[a][0]
        require(s.phase == FREE, f"'fresh_roles' marks the {role} as arrived this turn, which only the free "
                f"moves of the Ship (phase 'free') record, not phase '{PHASE_NAMES[s.phase]}'")
        require(pieces.holds_role(s, s.cur, a), f"'fresh_roles' marks the {role} as arrived this turn, but "
                f"player {s.cur} (on turn) is not the {role}")
        require(s.fresh[pieces.FIDX[a] * 3] >= 1, f"'fresh_roles' marks the {role} as arrived this turn, but "
                f"'fresh' counts no Caballero without a disc arriving in {NAMES[a]} (index {pieces.FIDX[a] * 3})")


# cards whose named region waits for the Veto! holders (effects.NAMED)
NAMED_TARGET = frozenset({"score_choice", "mobile", "grande", "eviction", "king"})


def _nameable(s: ElGrandeState, e: dict, a: int) -> bool:
    """A region the card may name: never the Castillo (but "any area"), the King's region only to be scored."""
    t = e["type"]
    if not 0 <= a < NUM_AREAS or (a in NEW and not s.colonies):
        return False
    if a == CASTILLO:
        return t == "score_choice" and bool(e.get("castillo"))
    return a != s.king or t == "score_choice"


def _asking(s: ElGrandeState) -> None:
    """Veto! holders asked while a special action is carried out (flow.veto_point)."""
    if not s.asking:
        return
    holders = {h for _, h, _ in s.vetoes}
    require(s.phase == EFFECT and not s.post and not s.held,
            "'asking' (Veto! holders to answer while a special action is carried out) is only for phase "
            "'effect', with nothing held and no Captain's/Viceroy's space offered")
    require(len(set(s.asking)) == len(s.asking) and all(q != s.cur and q in holders for q in s.asking),
            "'asking' lists other players holding a Veto! (see 'vetoes'), each once")


def _effect(s: ElGrandeState) -> None:
    _asking(s)
    if s.sub >= 0:
        require(s.eff >= 0 and s.sub < len(effects.SUBS[s.eff]),
                f"'sub' {s.sub} is not a part of the special action of card {s.eff}")
    if s.phase != EFFECT:
        return
    card = CARDS[s.eff]
    if card["effect"]["type"] == "colony" and effects.SUBS[s.eff]:
        require(s.sub == 0, f"'{card['name']}' runs its movement: 'sub' must be 0 (its discs are already placed)")
    e = effects.effect_of(s)
    t = e["type"]
    require(t in INTERACTIVE, f"the special action of '{card['name']}' happens at once: phase 'effect' cannot "
            "be waiting for it")
    if t in ("angry_king", "return_each_opp"):
        require(bool(s.queue) and s.cur not in s.queue,
                f"'{card['name']}' needs 'queue': the opponents still to return a Caballero")
    if t == "mobile":
        require(s.step in (0, 1, effects.NAMED),
                "the mobile scoreboard's 'step' is 0 (choose a board), 1 (choose a region) or 2 (region named)")
        require(s.step == 0 or s.arg in (0, 1), "'arg' must be the scoreboard chosen (0 = 8/4/0, 1 = 4/0/0)")
    if s.step == effects.NAMED and t in NAMED_TARGET:
        require(bool(s.asking) and _nameable(s, e, s.lock),
                f"'step' 2: the region named for '{card['name']}' ('lock') waits for the Veto! holders "
                "('asking'), and must be one the card may name")
    if t in ("move", "move_all_own") and s.lock >= 0:
        require(s.lock != s.king and s.lock != CASTILLO and s.lock in effects.areas(e["src"], s.colonies),
                f"'lock' {s.lock} is not a region this card moves Caballeros out of")


def _post(s: ElGrandeState) -> None:
    """An offered Captain's/Viceroy's space: just after a plain Caballero of `owner` arrived there,
    the space empty, in the turn of the player who moved it (who answers before anything else)."""
    if not s.post:
        return
    a, o = s.post
    require(s.colonies and a in (SHIP, AMERICA) and o < s.num_players,
            f"'post' {list(s.post)!r} must be [11 (Ship) or 12 (America), a player] with colonies=true")
    empty = s.captain < 0 if a == SHIP else s.viceroy < 0
    require(empty, f"'post' offers the {'Captain' if a == SHIP else 'Viceroy'}'s space, but it is taken")
    require(pieces.plain(s, o, a) > 0, f"'post': player {o} has no Caballero without a disc in {NAMES[a]}")
    require(s.phase in (FREE, ACT, EFFECT) and not s.held and not s.queue,
            "'post' is answered in a turn (phase free, act or effect) by the player who moved the Caballero, "
            "with nothing held and nobody else to answer ('queue')")


def _disks(s: ElGrandeState) -> None:
    from .flow import disk_choices

    n = s.num_players
    for q in range(n):
        if not s.disk_need[q] or s.phase != DISK:
            require(s.disk[q] < 0, f"player {q} has a disk set ('disk') but does not set one ('disk_need')")
    if s.phase != DISK:
        return
    if s.disk_kind != DISK_GENERAL:
        want = DISK_EFFECT[s.disk_kind]
        require(effects.effect_of(s)["type"] == want, f"secret disks for '{DISK_NAMES[s.disk_kind]}' need "
                f"'eff' to be a card of that kind, not '{CARDS[s.eff]['name']}'")
    if s.disk_kind == DISK_RETURN:
        require(s.arg in (2, 99), "'arg' is the number each player returns: 2, or 99 for all")
    if s.disk_kind == DISK_EVICT:
        require(0 <= s.lock < NUM_AREAS and s.lock != CASTILLO and s.lock != s.king,
                "Eviction's named region ('lock') must be a region other than the King's")
    for q in range(n):
        if s.disk[q] >= 0:
            require(s.disk[q] in disk_choices(s, q),
                    f"player {q}'s disk points at {NAMES[s.disk[q]]}, which it may not choose now")


def _playable(s: ElGrandeState) -> None:
    """Whoever must decide has something to decide."""
    if s.phase == OVER:
        return
    movers = s.to_move()
    require(bool(movers), f"nobody is to move in phase '{PHASE_NAMES[s.phase]}'")
    for q in movers:
        try:
            legal = s.legal_actions(q)
        except (IndexError, KeyError, TypeError, ValueError) as e:
            raise BadState(f"inconsistent position in phase '{PHASE_NAMES[s.phase]}': {e}") from None
        require(bool(legal), f"player {q} must decide in phase '{PHASE_NAMES[s.phase]}' but has no legal action")


__all__ = ["check_document"]
