"""Sessions: the rules around the game (RULES.md section 6), saving and replaying."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import attrs
import pytest

import skitgubbe as sg
from skitgubbe.cli import main
from skitgubbe.sessions import (
    NextDeal,
    OwnerView,
    Replace,
    Rove,
    Session,
    SessionError,
    TwoTables,
    finish_order,
    next_deal_for,
    owner_view,
    play_bot_session,
    play_session,
    play_two_tables,
)

from .helpers import KEY

FOUR = ["Ann", "Bea", "Cid", "Dan"]


@cache
def flurst_games(games: int = 12) -> Session:
    return play_session(Session.start(sg.presets.FLURST, FOUR), games, seed=5)


@cache
def confusion_games(games: int = 24) -> Session:
    session = Session.start(sg.presets.FLURST, ["A", "B", "C"], confusion=True)
    return play_session(session, games, seed=11)


def leader_of(state: sg.State) -> int:
    """The seat that leads the first trick of a dealt game: the only one due."""
    (seat,) = state.due
    return seat


# -- S-GOAT-LEADS ---------------------------------------------------------------------


def test_s_goat_leads_the_chosen_first_goat_leads_the_first_game() -> None:
    """S-GOAT-LEADS: "the first game's leader is chosen" (Flurst: anyone can volunteer)."""
    session = Session.start(sg.presets.FLURST, FOUR, first="Cid")
    state = session.next_game(seed=3)
    assert session.seats == ("Cid", "Dan", "Ann", "Bea")
    assert session.seats[leader_of(state)] == "Cid"


def test_s_goat_leads_each_goat_leads_the_next_game_under_flurst() -> None:
    """S-GOAT-LEADS (Flurst, Goat): the previous goat leads the first trick."""
    session = flurst_games()
    goats = [game.goat for game in session.games]
    assert len(set(goats)) > 1  # the goat changes, so the leader does
    for before, after in zip(session.games, session.games[1:], strict=False):
        assert after.seats[leader_of(after.record.start())] == before.goat
        assert after.seats[0] == before.goat and after.record.deal.leader == 0
    assert session.seats[0] == goats[-1]


def test_s_goat_leads_the_goat_deals_under_wizards() -> None:
    """S-GOAT-LEADS (Wizards): "for all other rounds, the dealer is the loser of the
    previous round", and the dealer leads."""
    session = Session.start(sg.presets.WIZARDS, FOUR, first="Bea")
    assert session.next_deal is NextDeal.GOAT_DEALS and session.seats[-1] == "Bea"
    session = play_session(session, 8, seed=2)
    for before, after in zip(session.games, session.games[1:], strict=False):
        dealer = len(after.seats) - 1
        assert after.seats[dealer] == before.goat
        assert leader_of(after.record.start()) == dealer
        assert after.record.deal.leader is None  # the rules' first_lead decides


def test_s_goat_leads_decides_who_leads_where_the_deal_passing_would_not() -> None:
    """S-GOAT-LEADS: after Cid's loss the same seed is led by Cid, not by the player
    left of the next dealer."""
    played = flurst_games()
    goat = played.goat
    passing = attrs.evolve(played, next_deal=NextDeal.DEAL_PASSES)
    assert played.seats[leader_of(played.next_game(9))] == goat
    assert passing.seats[leader_of(passing.next_game(9))] != goat


def test_s_goat_leads_overrides_rules_where_the_left_of_dealer_leads() -> None:
    """S-GOAT-LEADS given explicitly to the pagat rules: the goat leads, although the
    rules alone would have seat 0 lead after a dealer chosen in rotation."""
    session = Session.start(sg.presets.PAGAT, ["Ann", "Bea", "Cid"], next_deal="goat-leads")
    session = play_session(session, 4, seed=8)
    state = session.next_game(1)
    assert session.seats[leader_of(state)] == session.goat


def test_s_goat_leads_after_a_first_game_led_by_the_lowest_card() -> None:
    """S-GOAT-LEADS with D-FIRST-LEAD's "Lowest card or loser leads" (pagat): the
    lowest card leads the first deal, the loser every later one."""
    rules = attrs.evolve(sg.presets.HELMFRID, first_lead=sg.FirstLead.LOWEST_CARD)
    session = Session.start(rules, FOUR)
    assert session.next_deal is NextDeal.GOAT_LEADS and session.leader is None
    first = session.next_game(seed=2)
    assert leader_of(first) == first.first_leader != 0  # not the volunteer in seat 0
    session = play_session(session, 3, seed=6)
    assert session.games[0].record.deal.leader is None
    for before, after in zip(session.games, session.games[1:], strict=False):
        assert after.record.deal.leader == 0 and after.seats[0] == before.goat


def test_s_goat_leads_setting_follows_the_rules_first_lead() -> None:
    """S-GOAT-LEADS: Flurst and Goat make the goat lead, Wizards makes the goat deal;
    the pagat games say nothing, and the deal passes to the left."""
    assert next_deal_for(sg.presets.FLURST) is NextDeal.GOAT_LEADS
    assert next_deal_for(sg.presets.SWEDISH_GOAT) is NextDeal.GOAT_LEADS
    assert next_deal_for(sg.presets.WIZARDS) is NextDeal.GOAT_DEALS
    assert next_deal_for(sg.presets.HELMFRID) is NextDeal.DEAL_PASSES
    session = play_session(Session.start(sg.presets.HELMFRID, FOUR, first="Ann"), 5, seed=4)
    dealers = [game.seats[-1] for game in session.games]
    assert dealers == ["Ann", "Bea", "Cid", "Dan", "Ann"]


def test_s_goat_leads_a_record_must_be_dealt_as_the_session_deals() -> None:
    """S-GOAT-LEADS: a game led by someone else than the goat is refused."""
    session = flurst_games()
    wrong = sg.deal(sg.presets.FLURST, players=4, seed=1, leader=2)
    with pytest.raises(
        SessionError,
        match="seats Dan, Ann, Bea, Cid with leader 0; this game was dealt for 4 seats with "
        "leader 2",
    ):
        session.record(sg.Record.of(wrong, []))
    unfinished = sg.Record.of(session.next_game(1), [])
    with pytest.raises(SessionError, match="not over"):
        session.record(unfinished)
    with pytest.raises(TypeError, match=r"Record.of\(dealt_state, moves\)"):
        session.record(session.next_game(1))  # type: ignore[arg-type]
    other = sg.deal(sg.presets.WIZARDS, players=4, seed=1)
    with pytest.raises(SessionError, match="other rules"):
        session.record(sg.Record.of(other, []))


def test_s_goat_leads_record_accepts_a_game_played_outside() -> None:
    """S-GOAT-LEADS: a game dealt by next_game and played by anyone is recorded."""
    session = Session.start(sg.presets.FLURST, FOUR)
    start = session.next_game(seed=21)
    state: sg.State = start
    moves = []
    rng = random.Random(0)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.apply(move)
    session = session.record(sg.Record.of(start, moves))
    assert session.goat == session.games[0].seats[state.loser or 0]
    assert session.seats[0] == session.goat


# -- S-ROVING-GOAT --------------------------------------------------------------------


def roving() -> Session:
    session = Session.start(sg.presets.FLURST, FOUR, roving_goat=True)
    return play_session(session, 1, seed=1)  # Cid is the goat


def test_s_roving_goat_changes_who_plays_after_the_goat() -> None:
    """S-ROVING-GOAT: the goat moves to a different spot; the goat still leads, but
    the next player is the goat's new left-hand neighbour."""
    session = roving()
    assert session.goat == "Cid" and session.seats == ("Cid", "Dan", "Ann", "Bea")
    assert session.goat_spots == ("Ann", "Dan")  # not Bea: Cid sits at her left already
    moved = session.move_goat(left_of="Ann")
    assert moved.goat_spots == ()
    assert moved.seating == ("Ann", "Cid", "Bea", "Dan")
    assert moved.seats == ("Cid", "Bea", "Dan", "Ann")
    assert moved.history[-1] == Rove("Cid", "Ann")
    assert session.seating == tuple(FOUR)  # the old session is unchanged


def test_s_roving_goat_refusals() -> None:
    """S-ROVING-GOAT: once between games, to a different spot, with the variation on."""
    session = roving()
    with pytest.raises(SessionError, match="already sits at the left of Bea"):
        session.move_goat(left_of="Bea")
    with pytest.raises(SessionError, match="'Eve' is not at the table"):
        session.move_goat(left_of="Eve")
    with pytest.raises(SessionError, match="own left"):
        session.move_goat(left_of="Cid")
    with pytest.raises(SessionError, match="already moved"):
        session.move_goat(left_of="Ann").move_goat(left_of="Dan")
    with pytest.raises(SessionError, match="roving_goat=True"):
        flurst_games().move_goat(left_of="Ann")
    with pytest.raises(SessionError, match="no goat before the first game"):
        Session.start(sg.presets.FLURST, FOUR, roving_goat=True).move_goat(left_of="Ann")


def test_s_roving_goat_survives_saving_and_replay() -> None:
    """S-ROVING-GOAT: moves of the goat are kept in the history and replayed."""
    session = roving().move_goat(left_of="Ann")
    session = play_session(session, 2, seed=3)
    session = session.move_goat(left_of=next(n for n in FOUR if n != session.goat))
    loaded = Session.from_json(session.to_json())
    assert loaded == session and loaded.seating == session.seating
    data = session.to_dict()
    data["history"][1]["rove"]["left_of"] = "Bea"  # Cid already sat there
    with pytest.raises(SessionError, match=r"history\[1\]: Cid already sits"):
        Session.from_dict(data)


# -- S-TWO-TABLES ---------------------------------------------------------------------


def test_s_two_tables_goat_moves_down_and_first_out_moves_up() -> None:
    """S-TWO-TABLES: after each round the winners' goat and the losers' first out
    change tables, each taking the other's seat."""
    start = TwoTables.start(sg.presets.FLURST, ["Ann", "Bea", "Cid", "Dan"], FOUR_LOW)
    tables = start
    for seed in range(6):
        before = tables
        tables = play_two_tables(tables, 1, seed=seed)
        played = tables.rounds[-1]
        assert played.down == played.winners.goat
        assert played.up == played.losers.first_out
        assert played.up == played.losers.seats[played.losers.out_seats[0]]
        assert tables.table_of(played.down) == "losers"
        assert tables.table_of(played.up) == "winners"
        where = before.winners.seating.index(played.down)
        assert tables.winners.seating[where] == played.up
        assert before.losers.seating.index(played.up) == tables.losers.seating.index(played.down)
        # the newcomer takes the goat's part: leads the next game at the winners' table
        assert tables.winners.seats[0] == played.up
    assert sum(row.games for row in tables.standings) == 6 * 8
    assert sum(row.goats for row in tables.standings) == 12


FOUR_LOW = ["Eve", "Fay", "Gus", "Hal"]


def test_s_two_tables_two_hundred_rounds_replay_from_json() -> None:
    """S-TWO-TABLES: a long session of rounds saves and replays identically (the
    benchmark plays 200 rounds)."""
    tables = TwoTables.start(sg.presets.SWEDISH_GOAT, ["Ann", "Bea", "Cid"], ["Dan", "Eve", "Fay"])
    tables = play_two_tables(tables, 20, seed=7)
    loaded = TwoTables.from_json(tables.to_json())
    assert loaded == tables and len(loaded.rounds) == 20
    assert isinstance(tables.winners.history[1], Replace)


def test_s_two_tables_refusals() -> None:
    """S-TWO-TABLES: nobody sits at both tables; each table fits the rules."""
    with pytest.raises(SessionError, match="'Ann' cannot sit at both tables"):
        TwoTables.start(sg.presets.FLURST, ["Ann", "Bea", "Cid"], ["Ann", "Dan", "Eve"])
    with pytest.raises(SessionError, match="these rules allow 3-6 players, not 7"):
        TwoTables.start(sg.presets.WIZARDS, list("ABCDEFG"), list("HIJ"))
    with pytest.raises(SessionError, match="neither table"):
        TwoTables.start(sg.presets.FLURST, list("ABC"), list("DEF")).table_of("Z")


# -- S-CONFUSION ----------------------------------------------------------------------


def test_s_confusion_hands_play_in_the_chanted_order() -> None:
    """S-CONFUSION: "player A right", "player B right", "player C right", "player A
    left", "player B left", "player C left" (Flurst rules)."""
    session = Session.start(sg.presets.FLURST, ["A", "B", "C"], confusion=True)
    assert session.seats == ("A", "B", "C", "A", "B", "C")
    assert session.next_game(1).players == 6
    game = confusion_games().games[0]
    assert game.hands == (0, 0, 0, 1, 1, 1)


def test_s_confusion_a_player_sees_both_hands() -> None:
    """S-CONFUSION: a player sees both own hands; the view is the union of the two
    seats' knowledge."""
    session = Session.start(sg.presets.FLURST, ["A", "B", "C"], confusion=True)
    state = session.next_game(seed=5)
    view = session.view(state, "B")
    assert view.seats == (1, 4)
    assert view.hands == (state.hand(1), state.hand(4))
    assert sorted(view.hand) == sorted(state.hand(1) + state.hand(4))
    assert view.known[4] == tuple(sorted(state.hand(4)))  # seat 1 alone would not know it
    assert state.view(1).known[4] == ()
    own = set(state.hand(1) + state.hand(4))
    assert not own & set(view.unseen)
    assert own & set(state.view(1).unseen)
    assert OwnerView.from_json(view.to_json()) == view


def test_s_confusion_a_player_acts_for_both_hands() -> None:
    """S-CONFUSION: each player's policy moves both of its hands."""
    seen: dict[str, set[int]] = {"A": set(), "B": set(), "C": set()}

    def policy(view: OwnerView, moves: tuple[sg.Move, ...]) -> sg.Move | None:
        assert {move.player for move in moves} <= set(view.seats)
        seen[view.name].update(move.player for move in moves)
        return moves[0]

    session = Session.start(sg.presets.FLURST, ["A", "B", "C"], confusion=True)
    session = play_session(session, 1, {name: policy for name in seen}, seed=2)
    assert seen == {"A": {0, 3}, "B": {1, 4}, "C": {2, 5}}
    assert len(session.games) == 1


def test_s_confusion_the_goat_owns_the_last_hand_holding_cards() -> None:
    """S-CONFUSION ruling: the goat is the player owning the last hand that holds
    cards, even when that player's other hand was the first out."""
    games = confusion_games().games
    for game in games:
        final = sg.replay(game.record)[-1]
        assert final.loser == game.goat_seat and game.goat == game.seats[final.loser]
        assert len(game.out_seats) == 5 and game.goat_seat not in game.out_seats
    assert any(game.first_out == game.goat for game in games)


def test_s_confusion_partnership_hands_pass_cards_by_picking_up() -> None:
    """S-CONFUSION: "through adroit play, it's possible to 'pass' cards from one hand
    to the other": A's right hand leads 2C, and A's left hand eats it."""
    state = sg.start_phase_two(
        sg.presets.FLURST,
        ["2C 7H", "5C 8H", "9C 9H", "JD 4S", "QD 5S", "KD 6S"],
        "S",
        leader=0,
    )
    for move in ("0 play 2C", "1 play 5C", "2 play 9C", "3 pick 2C"):
        state = state.apply(move)
    view = owner_view(state, (0, 3), "A")
    assert sg.parse_card("2C") in view.hands[1] and sg.parse_card("2C") not in view.hands[0]


def test_s_confusion_needs_three_players_and_six_seats() -> None:
    """S-CONFUSION: three players, six hands."""
    with pytest.raises(SessionError, match="for 3 players, not 4"):
        Session.start(sg.presets.FLURST, FOUR, confusion=True)
    with pytest.raises(SessionError, match="allow 2-4"):
        Session.start(sg.presets.PAGAT, ["A", "B", "C"], confusion=True)


def test_s_confusion_session_replays_from_json() -> None:
    """S-CONFUSION: the game records keep six seats; the session replays exactly."""
    session = confusion_games()
    assert Session.from_json(session.to_json()) == session
    assert {row.name: row.games for row in session.standings} == {"A": 24, "B": 24, "C": 24}


# -- saving, replaying and bad input --------------------------------------------------


@pytest.mark.parametrize("preset", ["flurst", "swedish_goat", "wizards"])
def test_session_replays_identically_from_json(preset: str) -> None:
    """S-GOAT-LEADS: a session of random games replays from JSON to equal games and
    final states (the benchmark plays 1,000)."""
    session = Session.start(sg.presets.get(preset), ["Ann", "Bea", "Cid", "Dan", "Eve"])
    session = play_session(session, 15, seed=3)
    text = session.to_json()
    loaded = Session.from_json(text)
    assert loaded == session and loaded.to_json() == text
    assert loaded.preset == preset and json.loads(text)["preset"] == preset
    assert [game.goat for game in loaded.games] == [game.goat for game in session.games]
    for game in session.games[:3]:
        assert finish_order(sg.replay(game.record)) == game.out_seats


def test_same_seed_plays_the_same_session() -> None:
    session = Session.start(sg.presets.FLURST, FOUR)
    assert play_session(session, 3, seed=4) == play_session(session, 3, seed=4)
    assert play_session(session, 3, seed=4) != play_session(session, 3, seed=5)


def test_tampered_saves_are_refused_naming_the_step() -> None:
    session = play_session(Session.start(sg.presets.FLURST, FOUR), 2, seed=1)
    data = session.to_dict()
    data["history"][1]["game"]["moves"][0] = "3 dare"
    with pytest.raises(SessionError, match=r"history\[1\]: move 0 \('3 dare'\) is illegal"):
        Session.from_dict(data)
    data = session.to_dict()
    data["history"][0]["game"]["moves"] = data["history"][0]["game"]["moves"][:-1]
    with pytest.raises(SessionError, match=r"history\[0\]: the game is not over"):
        Session.from_dict(data)
    with pytest.raises(SessionError, match="format"):
        Session.from_dict({**session.to_dict(), "format": "skitgubbe-record"})
    with pytest.raises(SessionError, match="extra: unknown field"):
        Session.from_dict({**session.to_dict(), "extra": 1})
    with pytest.raises(SessionError, match="twice"):
        Session.from_json('{"format": 1, "format": 2}')
    with pytest.raises(SessionError, match="preset"):
        Session.from_dict({**session.to_dict(), "preset": "wizards"})
    with pytest.raises(SessionError, match="not UTF-8"):
        Session.from_json(b"\xff\xfe{")
    with pytest.raises(SessionError, match="non-empty text"):
        Session.from_dict({**session.to_dict(), "players": ["Ann", 7, "Cid"]})
    tables = play_two_tables(TwoTables.start(sg.presets.FLURST, list("ABC"), list("DEF")), 1)
    data = tables.to_dict()
    del data["rounds"][0]["losers"]
    with pytest.raises(SessionError, match=r"rounds\[0\]: losers: missing"):
        TwoTables.from_dict(data)


def test_bad_players_are_refused() -> None:
    with pytest.raises(SessionError, match="these rules allow 3-8 players, not 2"):
        Session.start(sg.presets.FLURST, ["Ann", "Bea"])
    with pytest.raises(SessionError, match="'Ann' is named twice"):
        Session.start(sg.presets.FLURST, ["Ann", "Bea", "Ann"])
    with pytest.raises(TypeError, match="list of names"):
        Session.start(sg.presets.FLURST, "Ann Bea Cid")
    with pytest.raises(SessionError, match="first: 'Eve' is not one of the players"):
        Session.start(sg.presets.FLURST, FOUR, first="Eve")
    with pytest.raises(SessionError, match="next_deal: 'goat-sings' is not one of"):
        Session.start(sg.presets.FLURST, FOUR, next_deal="goat-sings")
    session = Session.start(sg.presets.FLURST, FOUR)
    with pytest.raises(SessionError, match="'Eve' has no seat"):
        session.view(session.next_game(1), "Eve")
    with pytest.raises(SessionError, match="'Ann' is already at the table"):
        session.replace_player("Bea", "Ann")
    with pytest.raises(SessionError, match="'Eve' is not at the table"):
        session.replace_player("Eve", "Fay")


def test_policies_must_cover_everyone_and_choose_legal_moves() -> None:
    session = Session.start(sg.presets.FLURST, ["Ann", "Bea", "Cid"])

    def first(view: OwnerView, moves: tuple[sg.Move, ...]) -> sg.Move | None:
        return moves[0]

    with pytest.raises(SessionError, match="no policy for Cid"):
        play_session(session, 1, {"Ann": first, "Bea": first})

    def illegal(view: OwnerView, moves: tuple[sg.Move, ...]) -> sg.Move | None:
        return sg.parse_move(f"{view.seats[0]} play 2C 3C 4C 5C")

    with pytest.raises(SessionError, match="not legal here"):
        play_session(session, 1, {"Ann": illegal, "Bea": illegal, "Cid": illegal})

    def never(view: OwnerView, moves: tuple[sg.Move, ...]) -> sg.Move | None:
        return None

    with pytest.raises(SessionError, match="Ann must act, but no policy made a move"):
        play_session(session, 1, {"Ann": never, "Bea": never, "Cid": never})


def test_a_chooser_of_states_drives_a_session() -> None:
    calls = []

    rng = random.Random(1)

    def choose(state: sg.State) -> sg.Move:
        calls.append(state)
        return rng.choice(state.legal_moves())

    session = play_session(Session.start(sg.presets.WIZARDS, FOUR), 1, choose)
    assert len(calls) == len(session.games[0].record.moves)


# -- the command line -----------------------------------------------------------------


def test_session_command_prints_standings_and_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """S-GOAT-LEADS: ``python -m skitgubbe session`` plays a session and goes on
    with a saved one."""
    saved = tmp_path / "evening.json"
    args = ["session", "--players", "Ann,Bea,Cid", "--games", "4", "--plain"]
    assert main([*args, "--save", str(saved)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "4 games of flurst"
    assert lines[1].split() == ["player", "games", "goat", "goat", "%", "first", "out"]
    assert [line.split()[1] for line in lines[2:]] == ["4", "4", "4"]
    assert sum(int(line.split()[2]) for line in lines[2:]) == 4
    assert len(Session.from_json(saved.read_bytes()).games) == 4
    assert main(["session", "--load", str(saved), "--games", "2", "--plain"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "6 games of flurst"


def test_session_command_confusion_and_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    """S-CONFUSION from the command line; bad names are refused with the reason."""
    assert main(["session", "--confusion", "--players", "A,B,C", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 games of flurst" in out and "A" in out
    with pytest.raises(SystemExit):
        main(["session", "--players", "Ann,Ann,Bea"])
    assert "'Ann' is named twice" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["session", "--confusion", "--players", "A,B,C,D"])
    assert "for 3 players, not 4 (S-CONFUSION)" in capsys.readouterr().err


def test_s_goat_leads_a_session_of_bots_follows_its_people() -> None:
    """S-GOAT-LEADS with bots: each person's bot follows them from seat to seat; a
    greedy player is the goat less often than random ones, and the session
    replays from JSON."""
    kinds = {"Ann": "greedy", "Bea": "random", "Cid": "random", "Dan": "random"}
    session = play_bot_session(Session.start(sg.presets.FLURST, FOUR), 12, kinds, seed=2, key=KEY)
    goats = {row.name: row.goats for row in session.standings}
    assert sum(goats.values()) == 12
    assert goats["Ann"] < max(goats["Bea"], goats["Cid"], goats["Dan"])
    assert Session.from_json(session.to_json()) == session
    again = play_bot_session(Session.start(sg.presets.FLURST, FOUR), 12, kinds, seed=2, key=KEY)
    assert again == session
    with pytest.raises(SessionError, match="no bot named for 'Bea'"):
        play_bot_session(Session.start(sg.presets.FLURST, FOUR), 1, {"Ann": "greedy"})
    with pytest.raises(SessionError, match="no bot named 'clever'; the bots are"):
        play_bot_session(Session.start(sg.presets.FLURST, FOUR), 1, "clever")


def test_bot_kinds_of_a_session_are_read_as_matches_and_studies_read_them() -> None:
    """A session's bot kinds ignore case and spaces around them, as ``match`` and
    ``study`` do: the same games as the plain names."""
    plain = {"Ann": "greedy", "Bea": "random", "Cid": "random", "Dan": "search"}
    loose = {"Ann": " Greedy", "Bea": "RANDOM", "Cid": "random ", "Dan": "Search"}
    start = Session.start(sg.presets.FLURST, FOUR)
    assert play_bot_session(start, 2, loose, seed=3, key=KEY) == play_bot_session(
        start, 2, plain, seed=3, key=KEY
    )


def test_session_command_plays_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """S-GOAT-LEADS: ``session --bots`` seats bots, one kind each or one for all."""
    args = ["session", "--players", "Ann,Bea,Cid", "--games", "3", "--plain"]
    assert main([*args, "--bots", "greedy,random,random"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "3 games of flurst"
    assert main([*args, "--bots", "greedy"]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main([*args, "--bots", "greedy,random"])
    assert "one kind for everybody or one per player: 3 players, 2 bots" in capsys.readouterr().err
