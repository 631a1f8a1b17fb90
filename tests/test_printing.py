"""Every public value prints in card notation, short enough to read: views, states,
events, deals, records, rulesets and session objects."""

from __future__ import annotations

import attrs

import skitgubbe as sg
from skitgubbe.sessions import Session, TwoTables, owner_view, play_session, play_two_tables

MOVES = ("0 play 3D",)


def flurst_after_a_lead() -> sg.PhaseOneState:
    state = sg.deal(sg.presets.FLURST, players=4, seed=7).apply("0 play 3D")
    assert isinstance(state, sg.PhaseOneState)
    return state


def test_a_views_repr_and_str_show_the_players_cards() -> None:
    state = flurst_after_a_lead()
    view = state.view(1)
    hand = sg.format_cards(view.hand)
    text = repr(view)
    assert f"hand={hand!r}" in text and "trick=['0 played 3D']" in text
    assert "rules=<Ruleset flurst>" in text and "_mask" not in text
    assert len(text) < 250
    lines = str(view).splitlines()
    assert lines[0] == "Seat 1's view (flurst, phase one)"
    assert f"  hand       {hand}" in lines
    assert "  trick      0 played 3D" in lines
    assert "  last move  0 play 3D: 0 played 3D, 0 drew from the stock 1 card" in lines
    # seat 0's own draw is named in its own view, and only there
    assert "0 drew from the stock 1 card" not in str(state.view(0))


def test_a_phase_two_views_print_shows_known_cards_and_the_table() -> None:
    state = sg.start_phase_two(sg.presets.FLURST, ["2C 3C", "7C 8C 9C", "JD"], "D", leader=0)
    view = state.apply("0 play 2C 3C").view(1)
    assert repr(view) == (
        "PlayerView(player=1, phase=two, rules=<Ruleset flurst>, hand='7C 8C 9C', "
        "hand_sizes=(0, 3, 1), known={2: 'JD'}, trump=D, table=['2C 3C'], "
        "to_act=(1,), due=(1,))"
    )
    assert "seat 2: 1 card, holds JD" in str(view) and "seat 0: 0 cards, out" in str(view)


def test_events_deals_records_and_rulesets_print_in_card_notation() -> None:
    state = flurst_after_a_lead()
    assert repr(state.events[0]) == "Event(kind=PLAYED, player=0, cards='3D')"
    hidden = state.view(1).events[1]
    assert repr(hidden) == "Event(kind=DREW_STOCK, player=0, hidden=1)"
    assert repr(state.deal) == "Deal(players=4, seed=7)"
    record = sg.Record.of(sg.deal(sg.presets.FLURST, players=4, seed=7), MOVES)
    assert repr(record) == (
        "Record(rules=<Ruleset flurst>, deal=Deal(players=4, seed=7), moves=<1: 0 play 3D>)"
    )
    variant = attrs.evolve(sg.presets.FLURST, high_trump=True)
    assert repr(variant) == "<Ruleset flurst + high_trump>"
    layout = sg.deal(
        sg.presets.FLURST, hands=["8D 3D 5C", "3C 3S 2D", "KC KS 2H"], stock="7D QC", leader=0
    )
    assert repr(layout.deal) == (
        "Deal(players=3, seed=0, leader=0, hands=['8D 3D 5C', '3C 3S 2D', 'KC KS 2H'], "
        "stock='7D QC')"
    )


def test_session_objects_print_short() -> None:
    session = play_session(Session.start(sg.presets.FLURST, ["Ann", "Bea", "Cid"]), 2, seed=1)
    text = repr(session)
    assert text.startswith("Session(rules=<Ruleset flurst>, seating=('Ann', 'Bea', 'Cid')")
    assert "games=2" in text and len(text) < 150
    game = repr(session.games[0])
    assert game.startswith("SessionGame(seats=('Ann', 'Bea', 'Cid')") and "goat=" in game
    state = session.next_game(5)
    assert repr(owner_view(state, [0], "Ann")) == (
        f"OwnerView(name='Ann', seats=(0,), hands=['{sg.format_cards(state.hand(0))}'])"
    )
    tables = play_two_tables(
        TwoTables.start(sg.presets.FLURST, ["A", "B", "C"], ["D", "E", "F"]), 1, seed=1
    )
    assert repr(tables).endswith("rounds=1)") and "Ruleset(min_players" not in repr(tables)
    assert repr(tables.rounds[0]).startswith("Round(winners_goat=")
