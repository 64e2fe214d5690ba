"""Issue 46, El Grande: the rules the second audit found, each test quoting its rule (`i46` in RULES.md)."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.elgrande.data import AMERICA, FRANCE, MED, SHIP, SPAIN
from meeple.games.elgrande.state import ElGrandeState

from .helpers import A, load, put, refused, turn_doc


def _power_doc() -> dict:
    """Red (player 0) took "Power of the Cards" in round 4, having played 13 (this round), 2, 5, 9."""
    doc = turn_doc(3, 0, "Power of the Cards", "Aragon")
    doc["round_i"] = 3
    doc["used"] = [[2, 5, 9, 13], [12, 1], [11, 3]]
    return doc


def test_power_of_the_cards_the_card_taken_back_is_not_revealed() -> None:
    """Rulebook p. 12, Power Cards: "You may take back any one of your played cards ... You need not
    reveal the card chosen." The log tells only Red the number; the others learn that a card came
    back, see the pile as they saw it played, and a determinization for them draws the card among
    the pile's cards but its top (this round's 13), never a card Red did not play."""
    s = load(_power_doc())
    s.log = True
    s.apply(0, ("special",))
    s.apply(0, ("reclaim", 5))
    assert s.used[0] == (1 << 1) | (1 << 8) | (1 << 12) and s.back[0] == 1 << 4
    public = [e for e in s.events_for(1) if e.kind.startswith("reclaim")]
    assert [e.text for e in public] == ["Red secretly takes back one of the used power cards"]
    own = [e.text for e in s.events_for(0) if e.kind.startswith("reclaim")]
    assert own == ["Red secretly takes back one of the used power cards", "You take back power card 5"]
    v = s.view(1)
    assert v["used"][0] == [2, 5, 9, 13] and v["back"][0] is None and v["taken_back"] == [1, 0, 0]
    assert v["maybe"][0] == [2, 5, 9]
    assert s.view(0)["used"][0] == [2, 9, 13] and s.view(0)["back"][0] == [5]
    drawn = set()
    for seed in range(40):
        d = s.determinize(1, Rng(seed))
        d.check_invariants()
        assert d.view(1) == v
        assert d.back[0] | d.used[0] == s.back[0] | s.used[0]
        drawn.add(d.back[0])
    assert drawn == {1 << 1, 1 << 4, 1 << 8}  # 2, 5 or 9; never 13, the top card all saw stay


def test_power_of_the_cards_taking_back_this_rounds_card_is_seen() -> None:
    """Rulebook p. 12: "including the card played this turn" — it lies on top of the discard pile
    (only the top card shows, p. 3), so the table sees which card it is: nothing stays secret."""
    s = load(_power_doc())
    s.log = True
    s.apply(0, ("special",))
    s.apply(0, ("reclaim", 13))
    assert s.back[0] == 0 and s.maybe[0] == 0
    assert [e.text for e in s.events_for(1) if e.kind == "reclaim"] == \
        ["Red takes back power card 13, the top card of the discard pile"]
    assert s.view(1)["used"][0] == [2, 5, 9]


def test_a_secretly_taken_back_card_played_again_is_known() -> None:
    """Power cards are played face up (§4.3): a card played again is the one taken back."""
    doc = _power_doc()
    doc["phase"] = "power"
    doc["bid_i"] = 0
    doc["order"] = [0, 1, 2]
    doc["played"] = [0, 0, 0]
    doc["cur"] = -1
    doc["card"] = -1
    doc["used"] = [[2, 9, 13], [12, 1], [11, 3]]
    doc["back"] = [[5], [], []]
    doc["maybe"] = [[2, 5, 9], [], []]
    s = load(doc)
    s.apply(0, ("power", 5))
    assert s.back[0] == 0 and s.maybe[0] == 0 and s.view(1)["used"][0] == [2, 5, 9, 13]


def _extra(king: str, card: str = "Intrigue: 2 extra Caballeros") -> ElGrandeState:
    doc = turn_doc(2, 0, card, king, {"colonies": True})
    put(doc, 0, "court", 3)
    s = load(doc)
    s.apply(0, ("special",))
    if card == "Intrigue: withdraw or reinforce":
        s.apply(0, ("option", 1))
    return s


def _places(s: ElGrandeState) -> set[int]:
    return {a[1] for a in s.legal_actions(0) if a[0] == "place"}


def test_extra_caballeros_never_go_from_court_to_america_or_the_mediterranean() -> None:
    """Seed, America and the Mediterranean: "Caballeros get there only via ship or by being
    repositioned"; seed, Ship: "Caballeros can be moved from a player's court to the ship when the
    King is in a coastal region"; France "when the King is in Aragon or Catalonia, directly from a
    player's court". The stack-1 cards place "extra Caballeros from your court into regions of your
    choice": with the King in New Castile (inland, not next to France) that is Spain only."""
    for card in ("Intrigue: 2 extra Caballeros", "Intrigue: withdraw or reinforce"):
        s = _extra("New Castile", card)
        assert _places(s) == set(SPAIN) - {A["New Castile"]}
        refused(s, 0, ("place", AMERICA), "only by the Ship or by being repositioned")
        refused(s, 0, ("place", MED), "only by the Ship or by being repositioned")
        refused(s, 0, ("place", SHIP), "only when the King is in a coastal region")
        refused(s, 0, ("place", FRANCE), "only when the King is in Aragon or Catalonia")


def test_extra_caballeros_reach_the_ship_and_france_as_from_court() -> None:
    """The same seed sentences: with the King in Catalonia (coastal, next to France) the court
    reaches the Ship and France, and still not America or the Mediterranean."""
    s = _extra("Catalonia")
    assert _places(s) == (set(SPAIN) - {A["Catalonia"]}) | {FRANCE, SHIP}
    s.apply(0, ("place", SHIP))
    assert s.cab[0][SHIP] == 1 and s.post == (SHIP, 0)  # the empty Captain's space is offered


def _announced_castillo(s: ElGrandeState, counts: list[int], start: int) -> int:
    """Follow the public log from event `start`: Caballeros announced into the Castillo (placed, or
    moved there by a card, by colour) and the openings that empty it (the general scoring)."""
    names = [s.player_name(q) for q in range(s.num_players)]
    events = s.events_for(None)
    for e in events[start:]:
        if e.kind == "place" and e.text.endswith(" in the Castillo"):
            counts[e.player] += 1
        elif e.kind == "move" and e.text.endswith(" to the Castillo"):
            owner = next(q for q, name in enumerate(names) if f" {name} " in e.text.split(" moves ", 1)[1])
            counts[owner] += 1
        elif e.kind == "castillo" and e.text.startswith("General scoring"):
            counts[:] = [0] * s.num_players
    return len(events)


def test_a_determinization_never_contradicts_an_announced_castillo_caballero() -> None:
    """Rules reference §5: the Castillo's contents are secret in the tower, but "You must announce how
    many you drop in". In random games (with Caballeros moved in by cards too) the counts the public
    log announced are the state's, and every player's determinization keeps them."""
    from meeple.games.elgrande.data import CASTILLO

    from .helpers import GAME

    for seed in (3, 4):
        s = GAME.new_state(3, seed, {})
        s.log = True
        rng = Rng(seed)
        counts = [0, 0, 0]
        seen = 0
        moved_in = 0
        while not s.is_terminal():
            seen = _announced_castillo(s, counts, seen)
            assert [s.cab[q][CASTILLO] for q in range(3)] == counts
            if rng.below(5) == 0:
                for q in range(3):
                    d = s.determinize(q, Rng(rng.next64()))
                    assert [d.cab[o][CASTILLO] for o in range(3)] == counts
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            into = [a for a in legal if a in (("place", CASTILLO), ("drop", CASTILLO))]
            action = into[0] if into and rng.below(2) == 0 else rng.choice(legal)
            moved_in += action == ("drop", CASTILLO)
            s.apply(p, action)
        assert moved_in > 0


def test_a_special_scoring_of_the_castillo_opens_it_at_the_table() -> None:
    """Rulebook p. 11: the special scoring of the Castillo is done like the general scoring — the
    Castillo is opened and its Caballeros counted by colour (then put back, the card's note)."""
    doc = turn_doc(3, 0, "Special scoring: the Castillo", "Aragon")
    for q, k in enumerate((2, 3, 1)):
        put(doc, q, "Castillo", k)
    s = load(doc)
    s.log = True
    s.apply(0, ("special",))
    texts = [e.text for e in s.events_for(1)]
    assert "The Castillo is opened: Red 2, Yellow 3, Green 1; its Caballeros go back in" in texts
    assert s.scores == [3, 5, 1] and [s.cab[q][9] for q in range(3)] == [2, 3, 1]


def test_exile_may_stop_after_the_first_opponent() -> None:
    """Exile: the player "may" return 1 Caballero of each opponent (the card's text); the rules
    reference §4: a special action is optional. Red returns Yellow's and stops before Green's."""
    doc = turn_doc(3, 0, "Exile", "Aragon")
    put(doc, 1, "Seville", 2)
    put(doc, 2, "Granada", 1)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("ret", A["Seville"]))
    assert s.legal_actions(0) == [("ret", A["Granada"]), ("done",)]
    s.apply(0, ("done",))
    assert s.phase == 5 and s.eff == -1  # back to the turn: the special action is over
    assert s.cab[1][A["Seville"]] == 1 and s.cab[2][A["Granada"]] == 1


def test_the_scoring_of_4_point_regions_takes_a_region_by_its_current_value() -> None:
    """Rulebook p. 6: the mobile scoreboards "are used to alter the value of a region". With the 4/0/0
    board on New Castile (printed 7/4/2) and the 8/4/0 board on Seville (printed 4/3/1), "all
    4-point regions" are Catalonia, Galicia and New Castile (Red 4 there, Yellow 4 in Galicia);
    Seville is an 8-point region now and is not scored (Red would take 8)."""
    doc = turn_doc(2, 0, "Special scoring: 4-point regions", "Aragon")
    doc["grande"] = [A["Valencia"], A["Valencia"]]
    doc["mobile"] = [A["Seville"], A["New Castile"]]
    put(doc, 0, "New Castile", 2)
    put(doc, 0, "Seville", 2)
    put(doc, 1, "Galicia", 1)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.scores == [4, 4]


def test_the_court_takes_from_the_provinces_only() -> None:
    """The Court (rulebook p. 12): "move 2 of your Caballeros from the provinces to your court" — the
    card names the provinces; taking Caballeros back from regions when the provinces run short is the
    power card's step (§4.1), not this card's. With 1 in the provinces, 1 comes; with none, none."""
    for prov, court in ((1, 1), (0, 0)):
        doc = turn_doc(2, 0, "The Court", "Aragon")
        put(doc, 0, "Seville", 30 - prov)
        s = load(doc)
        s.apply(0, ("special",))
        assert s.court[0] == court and s.prov[0] == 0 and s.cab[0][A["Seville"]] == 30 - prov
        assert s.phase == 5


def _veto_doc(card: str, n: int = 2, options: dict | None = None) -> dict:
    """Red's turn with `card`; Yellow holds a Veto! taken this round."""
    from meeple.games.elgrande.data import VETO_CARDS

    doc = turn_doc(n, 0, card, "Aragon", options)
    doc["grande"] = [A["Valencia"]] * n
    doc["vetoes"] = [[VETO_CARDS[0], 1, 0]]
    return doc


def test_veto_stops_the_remainder_after_the_first_intrigue_move() -> None:
    """Veto! (rulebook p. 9): "You may only prevent a special action if you hold the Veto! card and the
    special action is not yet complete. You may also prevent only part of a special action ... The veto
    prevents the remainder of the special action." Yellow lets Red start "4 of any colour", sees the
    first move (a Yellow Caballero from Seville to Granada) and stops the three moves left."""
    doc = _veto_doc("Intrigue: 4 of any colour")
    put(doc, 1, "Seville", 3)
    s = load(doc)
    s.log = True
    s.apply(0, ("special",))
    s.apply(1, ("allow",))  # the announcement
    s.apply(0, ("pick", 1, A["Seville"], 0))
    assert s.to_move() == [0]  # nothing is moved yet: no question while the Caballero is in hand
    s.apply(0, ("drop", A["Granada"]))
    assert s.to_move() == [1] and s.legal_actions(1) == [("veto",), ("allow",)]
    assert s.action_text(("veto",)) == "play Veto! and stop the remainder of this special action"
    s.apply(1, ("veto",))
    assert s.phase == 5 and s.eff == -1 and s.vetoes == [] and s.to_move() == [0]
    assert s.cab[1][A["Seville"]] == 2 and s.cab[1][A["Granada"]] == 1
    assert "Yellow plays Veto!: the remainder of Red's special action is cancelled" in \
        [e.text for e in s.events_for(0)]


def test_veto_is_asked_after_the_region_of_your_choice_is_named() -> None:
    """Veto! (p. 9): "A player with the Veto! card may use his veto to stop an action he has heard
    before it is executed." Red names Seville for "a region of your choice"; Yellow, who allowed the
    announcement, hears it and vetoes before Seville is scored."""
    doc = _veto_doc("Special scoring: a region of your choice")
    put(doc, 0, "Seville", 2)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(1, ("allow",))
    s.apply(0, ("area", A["Seville"]))
    assert s.scores == [0, 0] and s.to_move() == [1]
    assert s.prompt(1) == ("Special scoring: a region of your choice: Red goes on (score Seville now): play "
                           "Veto! to stop it?")
    s.apply(1, ("veto",))
    assert s.scores == [0, 0] and s.phase == 5 and s.vetoes == []
    # allowed, the named region is scored
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(1, ("allow",))
    s.apply(0, ("area", A["Seville"]))
    s.apply(1, ("allow",))
    assert s.scores == [4, 0] and s.phase == 5 and len(s.vetoes) == 1


def test_veto_holders_are_asked_only_where_a_veto_changes_something() -> None:
    """The remainder is what a veto stops: after the last move of an Intrigue (or a single-step action
    such as Decay of Authority once announced) nothing remains, so nobody is asked; a three-move
    Intrigue asks after the announcement and after each of its first two moves, never more."""
    doc = _veto_doc("Intrigue: 3 of any colour")
    put(doc, 1, "Seville", 3)
    s = load(doc)
    s.apply(0, ("special",))
    questions = 0
    while s.phase in (6, 7):
        p = s.to_move()[0]
        if p == 1:
            questions += 1
            s.apply(1, ("allow",))
        elif s.held:
            s.apply(0, ("drop", A["Granada"]))
        else:
            s.apply(0, ("pick", 1, A["Seville"], 0))
    assert questions == 3 and s.cab[1][A["Granada"]] == 3 and len(s.vetoes) == 1
    doc = _veto_doc("Decay of Authority: all")
    put(doc, 1, "court", 4)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(1, ("allow",))
    assert s.phase == 5 and s.court[1] == 0


def test_veto_after_a_colony_cards_discs_stops_its_moving() -> None:
    """Veto! (p. 9): the veto may prevent "only part" of a special action. Conquistadores puts its
    Gold in America, then moves Caballeros: Yellow lets the Gold come and stops the moving."""
    doc = _veto_doc("Conquistadores", options={"colonies": True})
    put(doc, 0, "Seville", 2)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(1, ("allow",))
    assert s.discs == [(1, AMERICA, -1)]  # the card's Gold is in America
    assert s.to_move() == [1]
    s.apply(1, ("veto",))
    assert s.phase == 5 and s.cab[0][AMERICA] == 0 and s.cab[0][A["Seville"]] == 2


def test_edited_documents_with_the_new_fields_are_read_or_refused_with_the_rule() -> None:
    """The new fields of issue 46 (`back`, `maybe`, `asking`) read back from to_json, and an edited
    document that contradicts them is refused with one sentence naming the field."""
    import json

    import pytest

    from meeple.engine import BadState

    from .helpers import GAME

    doc = _veto_doc("Intrigue: 4 of any colour")
    put(doc, 1, "Seville", 3)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(1, ("allow",))
    s.apply(0, ("pick", 1, A["Seville"], 0))
    s.apply(0, ("drop", A["Granada"]))
    assert s.asking == [1]
    again = load(json.loads(json.dumps(s.to_json())))
    assert again == s and again.legal_actions(1) == [("veto",), ("allow",)]
    for edit, words in (
        (lambda d: d.update(asking=[0]), "'asking'"),  # the active player holds no Veto! to ask
        (lambda d: d.update(phase="act", asking=[1]), "'asking'"),
        (lambda d: d.update(back=[[13], [], []][:2]), "'back'"),  # 13 is also spent
        (lambda d: d.update(back=[[4], []], maybe=[[], []]), "'maybe'"),
    ):
        bad = json.loads(json.dumps(s.to_json()))
        edit(bad)
        with pytest.raises(BadState) as info:
            GAME.state_from_json(bad)
        assert words in str(info.value)
