"""Attack phase: rounds of secret War/Peace tiles revealed together; every War player launches exactly
one Assault in turn order (or passes when no Region qualifies); the phase ends in the round where all
play Peace. An Assault: attacker's cards, the defender's card, the attacker's cards again, equal
losses, the siege of a City, the free move into the emptied Region."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action

from . import cards
from .bitsets import members
from .data import CARDS_BY_NO, appended, changed
from .growth import recruit, recruit_actions

if TYPE_CHECKING:
    from .state import GenesiaState

PRE, DEF, POST, LOSS, SIEGE, MOVEIN = range(6)


def start_attack(s: GenesiaState) -> None:
    from .end_of_age import start_end

    if s.solo:  # the solo game has no Attack phase
        start_end(s)
        return
    s.phase = "war_peace"
    s.calm = 0
    if s.log:
        s.emit("phase", f"Age {s.age}: Attack")
    new_round(s)


def takes_part(s: GenesiaState, p: int) -> bool:
    """Whether p places a War or Peace tile this round (public: it depends on the board only). Holders of
    the Nobel Peace Prize keep the Peace face. A player with no Region to attack still chooses, since an
    earlier War player's Assault may open one before their turn, unless nobody else could attack (the
    board cannot change) or the last round went by without any Assault (our decision 10: the board is
    unchanged, a War tile could only pass again; this also guarantees that the phase ends)."""
    return _takes_part(s, p, [not s.nobel[q] and could_attack(s, q) for q in range(s.num_players)])


def _takes_part(s: GenesiaState, p: int, able: list[bool]) -> bool:
    """takes_part, given who could attack now (without the Nobel Peace Prize)."""
    if s.nobel[p]:
        return False
    if able[p]:
        return True
    if s.calm:
        return False
    return any(able[q] for q in range(s.num_players) if q != p)


def new_round(s: GenesiaState) -> None:
    # could_attack once per people (it depends on the board only), not once per people asked
    able = [not s.nobel[q] and could_attack(s, q) for q in range(s.num_players)]
    s.wp = [-1 if _takes_part(s, p, able) else 0 for p in range(s.num_players)]
    s.attackers, s.att_i, s.asl = [], 0, []
    s.phase = "war_peace"
    if -1 not in s.wp:
        end_attack(s)


def end_attack(s: GenesiaState) -> None:
    from .end_of_age import start_end

    s.attackers, s.att_i, s.asl = [], 0, []
    s.wp = [-1] * s.num_players
    start_end(s)


def choose_tile(s: GenesiaState, player: int, war: bool) -> None:
    s.wp[player] = 1 if war else 0
    if s.log:
        s.emit("tile", f"{s.player_name(player)} places their War or Peace tile", player=player)
    if -1 in s.wp:
        return
    s.revealed = s.wp[:]
    if s.log:
        shown = ", ".join(f"{s.player_name(p)} {'War' if w else 'Peace'}" for p, w in enumerate(s.wp))
        s.emit("reveal", f"Tiles revealed: {shown}", data={"war": s.wp[:]})
    s.attackers = [p for p in s.order if s.wp[p] == 1]
    if not s.attackers:
        if s.log:
            s.emit("peace", "All players chose Peace: the Attack phase ends")
        end_attack(s)
        return
    s.phase = "assault"
    s.att_i = 0
    s.calm = 1
    settle(s)


# War or Peace (the one card of kind `equal_attack`): the Clans the defender first loses in its holder's
# Assault launched with as many Clans as the attacked Region holds, the case only the card opens (RULES.md
# "Card values", the third round; 0 in the data of before 2026-12-07: such an Assault emptied both Regions)
EQUAL_FIRST = max((c.n for c in CARDS_BY_NO if c and c.kind == "equal_attack"), default=0)


def targets(s: GenesiaState, p: int, first: bool = False) -> list[tuple[int, int]]:
    """(attacking, attacked) Region pairs: adjacent; the attacked one occupied by an opponent's Clans
    and/or City, not a Homeland, with fewer Clans (zero allowed) than your Clans in the attacking one.
    With `first`, stop at the first pair (is there any Assault?)."""
    if s.nobel[p]:
        return []
    b = s.board
    out = []
    mine = s.clans[p]
    eq = s.equal[p]
    # an Assault on a lone City is its siege, which needs one of your Cities to replace it ("If a card or
    # game situation allows you to build a City when they are all in play, ignore the effect")
    can_siege = s.reserve_cities(p) > 0
    # the Regions worth a look: held by another people without the Nobel Peace Prize, not a Homeland
    # (so held by that people alone)
    held = 0
    for q, bits in enumerate(s.presence):
        if q != p and not s.nobel[q]:
            held |= bits
    held &= ~b.homeland_bits
    if not held:
        return out
    cities, clans, presence, adj = s.cities, s.clans, s.presence, b.adj_bits
    for src in members(presence[p]):  # the Regions where p has Clans (or its City), in order
        att = mine[src]
        if not att:
            continue
        for dst in members(adj[src] & held):  # its neighbours in Region order
            o = cities[dst]  # s.occupant(dst), written out: the City's owner, else the Clans' people
            if o < 0:
                for q, bits in enumerate(presence):
                    if bits >> dst & 1:
                        o = q
                        break
            dc = clans[o][dst]
            if not dc and not can_siege:
                continue
            if dc < att or (eq and dc == att):
                out.append((src, dst))
                if first:
                    return out
    return out


def could_attack(s: GenesiaState, p: int) -> bool:
    return bool(targets(s, p, first=True)) or bool(s.options.get("attack_recruit") and recruit_actions(s, p))


def settle(s: GenesiaState) -> None:
    """Between Assaults: War players without any qualifying Region pass; after the last, a new round."""
    if s.asl or s.phase != "assault":
        return
    while s.att_i < len(s.attackers):
        a = s.attackers[s.att_i]
        if could_attack(s, a):
            return
        if s.log:
            s.emit("pass", f"{s.people_name(a)} has no Region to attack and passes", player=a)
        s.att_i += 1
    new_round(s)


def usable(s: GenesiaState, p: int, kind: str) -> list[int]:
    """Offence or defence cards `p` holds and can pay now."""
    coins = s.coins[p]
    return sorted(c for c in s.hands[p] if CARDS_BY_NO[c].kind == kind and CARDS_BY_NO[c].cost <= coins)


def assault_actions(s: GenesiaState, p: int) -> list[Action]:
    if not s.asl:
        ts = targets(s, p)
        acts: list[Action] = [("assault", a, d) for a, d in ts]
        if s.options.get("attack_recruit"):
            acts += recruit_actions(s, p)
        acts += cards.playable(s, p, "A") + cards.discards(s, p)
        if not ts:
            acts.append(("pass",))
        return acts
    a, src, dst, d, stage = s.asl[:5]
    # "At any time, you can discard your cards for 4 Coins each" (Quick Rules; RULES.md decision 7): in
    # each card window of the Assault, the attacker's and the defender's alike, e.g. to pay for a card
    # the Assault is the attacker's turn: offence cards "before or after the defender has played a
    # defensive card", and four-icon cards ("in the phase of your choice", "on your turn") as well
    if stage in (PRE, POST):
        plays = sorted([("play", c) for c in usable(s, a, "offence")] + cards.playable(s, a, "A"))
        return plays + cards.discards(s, a) + [("done",)]
    if stage == DEF:
        return [("play", c) for c in usable(s, d, "defence")] + cards.discards(s, d) + [("pass",)]
    if stage == LOSS:
        return [("lose", k) for k in range(1, min(s.clans[a][src], s.clans[d][dst]) + 1)]
    if stage == SIEGE:
        # attacking a City without Clans is besieging it; after a fight the siege is a choice
        return [("siege",)] if s.asl[7] == 0 else [("siege",), ("pass",)]
    return [("movein", k) for k in range(s.clans[a][src] + 1)]


def act(s: GenesiaState, p: int, action: Action) -> None:
    verb = action[0]
    if verb == "discard":
        cards.discard(s, p, action[1])
        return
    if not s.asl:
        if verb == "assault":
            declare(s, p, action[1], action[2])
        elif verb == "recruit":
            recruit(s, p, action[1])
        elif verb == "play":
            cards.play(s, p, action[1])
        else:  # pass
            s.att_i += 1
        return
    stage = s.asl[4]
    if stage in (PRE, POST):
        if verb == "play" and CARDS_BY_NO[action[1]].kind == "offence":
            offence(s, p, action[1])
            goto(s, stage)
        elif verb == "play":  # a four-icon card: the opponents may copy it first (copy window)
            cards.play(s, p, action[1])
            if not s.pend:
                goto(s, stage)
        else:
            goto(s, DEF if stage == PRE else LOSS)
    elif stage == DEF:
        if verb == "play":
            defence(s, p, action[1])
            goto(s, POST)
        else:
            goto(s, LOSS)
    elif stage == LOSS:
        lose_equal(s, action[1])
        goto(s, SIEGE)
    elif stage == SIEGE:
        if verb == "siege":
            siege(s)
            goto(s, MOVEIN)
        else:
            finish(s)
    else:
        move_in(s, action[1])
        finish(s)


def declare(s: GenesiaState, p: int, src: int, dst: int) -> None:
    """Launch the Assault; Growth+Attack cards in play act first, their effects adding up or offsetting."""
    o = s.occupant(dst)
    s.calm = 0
    s.assaults = changed(s.assaults, p, s.assaults[p] + 1)
    s.asl = [p, src, dst, o, PRE, 0, 0, s.clans[o][dst]]
    if s.log:
        names = s.board.names
        s.emit(
            "assault",
            f"{s.people_name(p)} attacks {names[dst]} ({s.people_name(o)}) from {names[src]}",
            player=p,
            regions=[src, dst],
        )
    net = declared_losses(s, p, src, dst, o)
    if net > 0:
        _lose(s, o, dst, net, "Growth+Attack cards")
    elif net < 0:
        _lose(s, p, src, -net, "Growth+Attack cards")
    goto(s, PRE)


def declared_losses(s: GenesiaState, p: int, src: int, dst: int, o: int) -> int:
    """What the Growth+Attack cards in play do at an Assault's declaration: the Clans o loses in dst (above 0)
    or p loses in src (below 0), before either side's count is capped."""
    net = s.bonus[p] - s.guard[o]
    if s.equal[p] and s.clans[o][dst] == s.clans[p][src]:
        net += EQUAL_FIRST
    return net


def _lose(s: GenesiaState, q: int, r: int, k: int, why: str) -> None:
    k = min(k, s.clans[q][r])
    if k:
        s.add_clans(q, r, -k)
        if s.log:
            s.emit(
                "loss",
                f"{s.people_name(q)} loses {k} Clan{'s' if k > 1 else ''} in {s.board.names[r]} ({why})",
                regions=[r],
            )


def offence(s: GenesiaState, a: int, c: int) -> None:
    card = CARDS_BY_NO[c]
    s.hands[a].remove(c)
    s.coins[a] -= card.cost
    s.played = appended(s.played, a, c)
    if s.log:
        s.emit("play", f"{s.people_name(a)} plays {card.name}: {card.text}", player=a, card=c)
    if card.what == "defender_loses":
        _lose(s, s.asl[3], s.asl[2], card.n, card.en)
    elif card.what == "free_siege":
        s.asl[5] = 1


def defence(s: GenesiaState, d: int, c: int) -> None:
    card = CARDS_BY_NO[c]
    s.hands[d].remove(c)
    s.coins[d] -= card.cost
    s.played = appended(s.played, d, c)
    if s.log:
        s.emit("play", f"{s.people_name(d)} defends with {card.name}: {card.text}", player=d, card=c)
    if card.what == "cancel":
        s.asl[6] = 1
    elif card.what == "attacker_loses":
        _lose(s, s.asl[0], s.asl[1], card.n, card.en)


def goto(s: GenesiaState, stage: int) -> None:
    """Go to `stage`, skipping the steps where nobody has a decision to take."""
    a, src, dst, d = s.asl[:4]
    while True:
        # a card step opens whenever the player holds cards, whatever they are: hands are secret, and
        # asking only the holders of an offence / defence card would tell everyone who holds one
        if stage in (PRE, POST):
            if not s.asl[6] and s.hands[a]:
                s.asl[4] = stage
                return
            stage = DEF if stage == PRE else LOSS
        elif stage == DEF:
            if not s.asl[6] and s.hands[d]:
                s.asl[4] = DEF
                return
            stage = LOSS
        elif stage == LOSS:
            if s.asl[6] or not s.clans[a][src]:
                finish(s)
                return
            if s.clans[d][dst]:
                s.asl[4] = LOSS
                return
            stage = SIEGE
        elif stage == SIEGE:
            if s.cities[dst] == d and not s.clans[d][dst] and s.clans[a][src] and s.reserve_cities(a):
                s.asl[4] = SIEGE
                return
            stage = MOVEIN
        else:
            if s.clans[a][src] and not s.others_in(a, dst):
                s.asl[4] = MOVEIN
                return
            finish(s)
            return


def lose_equal(s: GenesiaState, k: int) -> None:
    """Attacker and defender lose the same number of Clans."""
    a, src, dst, d = s.asl[:4]
    s.add_clans(a, src, -k)
    s.add_clans(d, dst, -k)
    if s.log:
        s.emit("loss", f"{s.people_name(a)} and {s.people_name(d)} each lose {k} Clan{'s' if k > 1 else ''}",
               regions=[src, dst])


def siege(s: GenesiaState) -> None:
    """Besiege the City: lose 1 Clan of the attacking Region and replace the City with one of yours."""
    a, src, dst, d = s.asl[:4]
    if not s.asl[5]:
        s.add_clans(a, src, -1)
    s.set_city(dst, a)
    if s.log:
        s.emit("siege", f"{s.people_name(a)} besieges the City of {s.people_name(d)} in {s.board.names[dst]}",
               regions=[dst])


def move_in(s: GenesiaState, k: int) -> None:
    a, src, dst = s.asl[:3]
    if k:
        s.add_clans(a, src, -k)
        s.add_clans(a, dst, k)
        if s.log:
            names = s.board.names
            s.emit("movein", f"{s.people_name(a)} moves {k} Clans from {names[src]} into {names[dst]}",
                   regions=[src, dst])


def finish(s: GenesiaState) -> None:
    s.asl = []
    s.att_i += 1
