"""The server's tables without the network: sessions, clocks, bots, hidden cards.

A :class:`~skitgubbe.server.tables.Table` is what every connection's messages
are built from, so the hiding tests here check what a seat and a spectator are
sent, whole games long.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import skitgubbe as sg
from skitgubbe.cards import format_cards
from skitgubbe.deals import Deal
from skitgubbe.errors import IllegalMoveError
from skitgubbe.server.store import Store
from skitgubbe.server.tables import Clock, Table, TableError, public_view
from skitgubbe.sessions import Session, SessionError

NAMES = ["Ann", "Bea", "Cid", "Dan"]


class Ticks:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def play_out(table: Table, rng: random.Random, limit: int = 5000) -> None:
    """Play the game going on to its end: bots move for their places, people at random."""
    for _ in range(limit):
        game = table.game
        assert game is not None
        if game.over:
            return
        turn = table.bot_turn()
        if turn is not None:
            table.bot_moved(turn.seat, turn.made, *turn.think())
            continue
        move = rng.choice(game.state.legal_moves())
        table.move(game.people[move.player], str(move), len(game.moves))
    raise AssertionError("the game did not end")


def test_a_table_plays_a_session_and_the_goat_leads_the_next_game() -> None:
    """S-GOAT-LEADS: the goat of each game holds seat 0 of the next and leads."""
    store = Store(":memory:")
    table, _tokens = Table.create(
        store, sg.presets.FLURST, NAMES, seed=3, bots=[None, "greedy", None, "random"]
    )
    rng = random.Random(1)
    goats = []
    for _ in range(3):
        play_out(table, rng)
        message = table.message(0)
        assert message["over"] and message["goat"] is not None
        goats.append(message["goat"])
        table.next_game()
        assert table.message(0)["seats"][0] == goats[-1]  # the goat sits first
        assert table.game is not None and table.game.state.to_act == (0,)
    standings = {row["name"]: row["goats"] for row in table.message(None)["standings"]}
    assert sum(standings.values()) == 3
    assert all(standings[name] == goats.count(name) for name in NAMES)


def test_a_table_rebuilt_from_its_store_is_at_the_same_move(tmp_path: Any) -> None:
    path = tmp_path / "tables.sqlite"
    store = Store(path)
    table, tokens = Table.create(store, sg.presets.FLURST, NAMES[:3], seed=9)
    rng = random.Random(2)
    play_out(table, rng)
    table.next_game(seed=11)
    assert table.game is not None
    for _ in range(25):
        move = rng.choice(table.game.state.legal_moves())
        table.move(table.game.people[move.player], str(move))
    before = [table.message(person, picture=True) for person in (None, 0, 1, 2)]
    store.close()
    again = Table.load(Store(path), table.id)
    assert [again.message(person, picture=True) for person in (None, 0, 1, 2)] == before
    assert [again.person_of(token) for token in tokens] == [0, 1, 2]


def test_moves_are_refused_naming_why_and_the_table_is_unchanged() -> None:
    store = Store(":memory:")
    table, tokens = Table.create(store, sg.presets.FLURST, NAMES, seed=3)
    assert table.game is not None
    due = table.game.state.due[0]
    other = table.game.people[(due + 1) % 4]
    person = table.game.people[due]
    before = table.message(person)
    legal = table.message(person)["moves"][0]
    with pytest.raises(TableError, match=f"is a move for seat {due}; you hold seat"):
        table.move(other, legal)
    with pytest.raises(TableError, match="sent for the position after 7 moves"):
        table.move(person, legal, 7)
    with pytest.raises(TableError, match="move: "):
        table.move(person, "0 jump 7C")
    with pytest.raises(TableError, match="a move in notation"):
        table.move(person, {"move": legal})
    state = table.game.state
    assert isinstance(state, sg.state.PhaseOneState)
    held = {str(card) for card in state.hand(due)}
    absent = next(str(card) for card in sg.cards.one_pack() if str(card) not in held)
    with pytest.raises(IllegalMoveError, match=f"does not hold {absent}"):
        table.move(person, f"{due} play {absent}")
    assert table.message(person) == before
    assert table.person_of("forged") is None and table.person_of(None) is None
    second, second_tokens = Table.create(store, sg.presets.FLURST, NAMES, seed=4)
    assert table.person_of(second_tokens[0]) is None  # another table's token is no seat here
    assert second.person_of(tokens[1]) is None and second.person_of(second_tokens[1]) == 1
    with pytest.raises(TableError, match="still going on: its record shows every hand"):
        table.record(0)
    with pytest.raises(TableError, match="still going on"):
        table.next_game()


@pytest.mark.parametrize(
    ("names", "bots", "message"),
    [
        (["Ann", "Ann", "Cid"], None, "a name of their own"),
        (["Ann", "", "Cid"], None, r"names\[1\]: a name of 1 to 40"),
        (["Ann", "x" * 41, "Cid"], None, r"names\[1\]"),
        (["Ann", "Bea"], None, "seat 3-8 players, not 2"),
        (["Ann", "Bea", "Cid"], ["greedy", "greedy", "greedy"], "at least one place for a person"),
        (["Ann", "Bea", "Cid"], [None, "cmd:rm -rf /", None], "no bot 'cmd:rm -rf /' here"),
        (["Ann", "Bea", "Cid"], [None, None], "one entry per person"),
    ],
)
def test_a_table_that_cannot_be_made_is_refused(
    names: list[str], bots: list[str | None] | None, message: str
) -> None:
    store = Store(":memory:")
    with pytest.raises(TableError, match=message):
        Table.create(store, sg.presets.FLURST, names, bots=bots)
    assert store.tables() == []


RAISER = f"{Path(__file__).with_name('hostile_bots.py')}:RaisingBot"


@pytest.mark.parametrize("timeout", ["bot:greedy", "forfeit"])
def test_a_bot_that_fails_falls_to_the_tables_timeout(timeout: str) -> None:
    """A bot that raises (a program that crashes, hangs or answers garbage) does
    what the clock's timeout says: a library bot moves for it, or it forfeits."""
    store = Store(":memory:")
    table, _ = Table.create(
        store,
        sg.presets.FLURST,
        NAMES[:3],
        seed=2,
        bots=[None, "broken", None],
        bot_specs={"broken": RAISER},
        clock=Clock(timeout=timeout),
    )
    rng = random.Random(3)
    for _ in range(200):
        assert table.game is not None
        turn = table.bot_turn()
        if turn is not None:
            move, failure = turn.think()
            assert move is None and failure == "its bot failed: RuntimeError: this bot always fails"
            table.bot_moved(turn.seat, turn.made, move, failure)
            break
        move = rng.choice(table.game.state.legal_moves())
        table.move(table.game.people[move.player], str(move))
    assert turn is not None
    message = table.message(0)
    if timeout == "forfeit":
        assert message["over"] and message["goat"] == "Bea"
        assert message["forfeit"] == "its bot failed: RuntimeError: this bot always fails"
    else:
        assert not message["over"] and message["moves_made"] == turn.made + 1


def test_a_program_is_a_bot_only_by_a_name_the_server_offers() -> None:
    store = Store(":memory:")
    program = "cmd:python3 examples/bots/random_bot.py"
    table, _ = Table.create(
        store, sg.presets.FLURST, NAMES[:3], bots=[None, "mine", None], bot_specs={"mine": program}
    )
    assert table.bots == (None, "mine", None)
    assert table.hello(None)["bots"] == [None, "mine", None]  # the name, never the command


@pytest.mark.parametrize(
    ("clock", "message"),
    [
        ({"move": 0}, "clock.move: seconds from 0.05"),
        ({"bank": "10"}, "clock.bank"),
        ({"timeout": "bot:clever"}, "clock.timeout: one of forfeit, bot:random"),
    ],
)
def test_a_clock_out_of_range_is_refused(clock: dict[str, Any], message: str) -> None:
    with pytest.raises(TableError, match=message):
        Clock(**clock)


def test_a_seat_out_of_time_has_the_timeout_bot_move_for_it() -> None:
    ticks = Ticks()
    store = Store(":memory:")
    table, _ = Table.create(store, sg.presets.FLURST, NAMES[:3], seed=4, clock=Clock(move=5))
    table = Table(store, table.id, clock=ticks)
    assert table.game is not None
    due = table.game.state.due[0]
    assert table.time_left(due) == 5 and table.deadline() == 105
    ticks.now += 4.9
    assert table.expire() == [] and table.game.moves == []
    ticks.now += 0.2
    done = table.expire()
    assert len(table.game.moves) == 1 and table.game.moves[0].player == due
    assert done == [
        f"seat {due} ({table.names[table.game.people[due]]}) ran out of time: greedy "
        f"played {table.game.moves[0]}"
    ]


def test_a_bank_runs_down_over_the_game_and_a_forfeit_ends_it() -> None:
    ticks = Ticks()
    store = Store(":memory:")
    made, _ = Table.create(
        store, sg.presets.FLURST, NAMES[:3], seed=4, clock=Clock(bank=10, timeout="forfeit")
    )
    table = Table(store, made.id, clock=ticks)
    assert table.game is not None
    spent = {0: 0.0, 1: 0.0, 2: 0.0}
    rng = random.Random(5)
    while True:  # each seat thinks 1 s a move until one has used its 10 s
        due = table.game.state.due[0]
        if spent[due] + 1 > 10:
            break
        ticks.now += 1
        spent[due] += 1
        move = rng.choice(table.game.state.legal_moves(due))
        table.move(table.game.people[due], str(move))
    assert table.time_left(due) == pytest.approx(10 - spent[due])
    ticks.now += 10 - spent[due]
    assert table.expire() == [
        f"seat {due} ({table.names[table.game.people[due]]}) ran out of time and forfeits"
    ]
    message = table.message(0)
    assert message["over"] and message["goat"] == table.names[table.game.people[due]]
    assert message["forfeit"].endswith("time ran out")
    # the store keeps the forfeit: the table rebuilt says the same, and goes on
    again = Table(store, made.id, clock=ticks)
    assert again.message(0) == table.message(0)
    again.next_game()
    assert again.message(0)["standings"] == message["standings"]
    assert again.message(0)["seats"][0] == message["goat"]  # the forfeiter leads (S-GOAT-LEADS)


def test_a_table_loaded_again_keeps_what_each_bank_has_spent() -> None:
    """The banks are rebuilt from when the game began and each move was made:
    the server killed and started again, each seat has what it had left at the
    last move (as the table that ran the game counted it), and the wait under
    way starts again."""
    wall = Ticks()
    ticks = Ticks()
    store = Store(":memory:", clock=wall)
    made, _ = Table.create(store, sg.presets.FLURST, NAMES[:3], seed=4, clock=Clock(bank=60))
    table = Table(store, made.id, clock=ticks)
    assert table.game is not None
    rng = random.Random(5)
    for think in (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 1.5, 2.5):
        due = table.game.state.due[0]
        wall.now += think
        ticks.now += think
        move = rng.choice(table.game.state.legal_moves(due))
        table.move(table.game.people[due], str(move))
    banks = [table._bank_left(seat) for seat in range(3)]
    assert len(set(banks)) == 3 and max(banks) < 60  # each seat has spent its own
    waiting = table.game.state.due
    wall.now += 30  # the seats due think, and the server is killed meanwhile
    ticks.now += 30
    assert [table.time_left(seat) for seat in waiting] == [banks[seat] - 30 for seat in waiting]
    again = Table(store, made.id, clock=ticks)
    assert again.game is not None and again.game.state.due == waiting
    assert [again._bank_left(seat) for seat in range(3)] == pytest.approx(banks)
    assert [again.time_left(seat) for seat in waiting] == pytest.approx(
        [banks[seat] for seat in waiting]
    )


def test_a_session_keeps_a_forfeited_game_and_reads_it_back() -> None:
    session = Session.start(sg.presets.FLURST, NAMES[:3])
    first = session.next_game(seed=8)
    moves = [move for move, _ in sg.simulate.random_moves(first, 1)][:30]
    record = sg.records.Record.of(first, moves)
    with pytest.raises(SessionError, match="not over after its 30 moves"):
        session.record(record)
    with pytest.raises(SessionError, match="seat 5 is not a seat"):
        session.record(record, forfeit=5)
    after = session.record(record, forfeit=1)
    assert after.games[-1].forfeit and after.goat == after.games[-1].seats[1]
    assert Session.from_json(after.to_json()) == after
    # a host that played the moves itself gives the state they reached: the same session
    state: sg.state.State = first
    for move in record.moves:
        state = state.apply(move)
    assert session.played(record, state, (), forfeit=1) == after
    with pytest.raises(SessionError, match="name the seat that forfeited"):
        session.played(record, state, ())
    other = sg.records.Record.of(session.next_game(seed=9), [])
    with pytest.raises(SessionError, match="not dealt by this session's next_game"):
        session.played(
            sg.records.Record.of(sg.deal(sg.presets.FLURST, players=4, seed=8)),
            state,
            (),
            forfeit=1,
        )
    with pytest.raises(SessionError, match="forfeited"):
        session.played(other, first, ())
    text = after.to_json().replace('"forfeit": 1', '"forfeit": 2')
    with pytest.raises(SessionError, match="check"):
        Session.from_json(text)


def layout_of(state: sg.state.PhaseOneState) -> Deal:
    return Deal(
        state.players,
        state.deal.seed,
        state.to_act[0],
        hands=tuple(format_cards(state.hand(seat)) for seat in range(state.players)),
        stock=format_cards(state.stock),
    )


def messages(first: Deal, moves: list[str], person: int | None) -> list[str]:
    """Every message ``person`` (``None``: a spectator) gets while ``moves`` are made."""
    store = Store(":memory:")
    table, _ = Table.create(store, sg.presets.FLURST, NAMES, layout=first)
    assert table.game is not None
    seen = [json.dumps(table.message(person, picture=True))]
    for move in moves:
        table.move(table.game.people[int(move.split()[0])], move)
        seen.append(json.dumps(table.message(person, picture=True)))
    return seen


def swapped(deal: Deal, one: str, two: str) -> Deal:
    def swap(text: str) -> str:
        return " ".join({one: two, two: one}.get(card, card) for card in text.split())

    hands = tuple(swap(hand) for hand in deal.hands or ())
    return Deal(deal.players, deal.seed, deal.leader, hands=hands, stock=swap(deal.stock))


def a_game(seed: int) -> tuple[Deal, list[str], list[sg.state.State]]:
    """A random game of Flurst laid out from ``seed``: its deal, moves and states."""
    deal = layout_of(sg.deal(sg.presets.FLURST, players=4, seed=seed))
    state: sg.state.State = sg.deal(
        sg.presets.FLURST, hands=list(deal.hands or ()), stock=deal.stock, leader=deal.leader
    )
    rng = random.Random(seed)
    states, moves = [state], []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        state = state.apply(move)
        states.append(state)
        moves.append(str(move))
    return deal, moves, states


def place(deal: Deal, card: str) -> str:
    for seat, hand in enumerate(deal.hands or ()):
        if card in hand.split():
            return f"hand {seat}"
    return f"stock {deal.stock.split().index(card)}"


def hidden_pairs(deal: Deal, views: list[sg.views.PlayerView]) -> list[tuple[str, str]]:
    """Pairs of cards in different places of the deal that no view of ``views`` names."""
    common = set(views[0].unseen)
    for view in views[1:]:
        common &= set(view.unseen)
    cards = sorted(str(card) for card in common)
    return [
        (one, two)
        for i, one in enumerate(cards)
        for two in cards[i + 1 :]
        if place(deal, one) != place(deal, two)
    ]


def check_hiding(person: int | None) -> int:
    """Swap, at points all through games, two cards ``person``'s seat (or, for a
    spectator, the table) has not seen so far: every message up to there is the
    same. The number of swaps checked."""
    checked = 0
    for seed in range(3):
        deal, moves, states = a_game(seed)
        for stop in range(0, len(moves), 12):
            views = [
                public_view(state) if person is None else state.view(person)
                for state in states[: stop + 1]
            ]
            pairs = hidden_pairs(deal, views)
            if not pairs:
                continue
            one, two = random.Random(stop).choice(pairs)
            try:
                other = messages(swapped(deal, one, two), moves[:stop], person)
            except (IllegalMoveError, TableError):
                continue  # the moves no longer fit the swapped deal
            assert other == messages(deal, moves[:stop], person), (seed, stop, one, two)
            checked += 1
    return checked


def test_a_seat_is_sent_nothing_of_cards_it_never_saw() -> None:
    """Every message a seat gets is the same when two cards it has not seen yet
    are swapped in the deal (a person at a laid-out table holds the seat of the
    same number); swapping a card of its own hand changes them."""
    assert check_hiding(1) >= 10
    deal, _moves, _states = a_game(0)
    own = (deal.hands or ())[1].split()[0]
    other = (deal.hands or ())[2].split()[0]
    assert messages(swapped(deal, own, other), [], 1) != messages(deal, [], 1)


def test_a_spectator_is_sent_no_hidden_card() -> None:
    """A spectator's messages are the same when two cards the table has not all
    seen are swapped, and name no card of any hand at the deal."""
    assert check_hiding(None) >= 10
    deal, _moves, _states = a_game(0)
    first = json.loads(messages(deal, [], None)[0])
    assert first["view"]["hand"] == "" and first["view"]["known"] == ["", "", "", ""]
    assert first["moves"] == [] and first["seat"] is None
    assert "f-" not in first["picture"].replace('href="#f-', "")  # no face but the table's
