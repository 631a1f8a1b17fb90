"""Sessions: a series of games among the same people, and the rules around the game.

A game of Skitgubbe has no winner, only a goat, and people play it as a series.
The Flurst rules describe how the series works: the goat of one game leads the
first trick of the next (S-GOAT-LEADS; the Swedish Goat Game says the same, and
the Wizards rules have the loser deal instead), the goat may change seat between
games (the "roving goat", S-ROVING-GOAT), ten or twelve people can play at two
tables that trade a player after each round (S-TWO-TABLES), and three people can
play six hands, two each (three-player confusion, S-CONFUSION).

This package is a layer above the engine: it uses only the engine's public names.
A :class:`Session` is a value, like a game state: the people by name, the rules,
every game played so far with its :class:`~skitgubbe.records.Record`, and who
sits where. It deals the next game (:meth:`Session.next_game`), takes the record
of a finished game (:meth:`Session.record`) and returns a new session; any way of
choosing moves can drive it, and :func:`play_session` plays games with random
moves or with one policy per person.

>>> import skitgubbe as sg
>>> from skitgubbe.sessions import Session, play_session
>>> session = Session.start(sg.presets.FLURST, ["Ann", "Bea", "Cid", "Dan"])
>>> game = session.next_game(seed=7)
>>> session.seats, game.to_act   # Ann volunteers as the first goat: she leads
(('Ann', 'Bea', 'Cid', 'Dan'), (0,))
>>> session = play_session(session, games=3, seed=1)
>>> [game.goat for game in session.games]
['Cid', 'Dan', 'Ann']
>>> session.seats   # the last goat, Ann, leads the next game from seat 0
('Ann', 'Bea', 'Cid', 'Dan')
>>> [(row.name, row.goats) for row in session.standings]
[('Ann', 1), ('Bea', 0), ('Cid', 1), ('Dan', 1)]
>>> Session.from_json(session.to_json()) == session
True
"""

from __future__ import annotations

from .common import FORMAT, FORMAT_VERSION, HAND_NAMES, MAX_MOVES, TWO_TABLES_FORMAT, SessionError
from .owner_view import OwnerView, owner_view
from .playing import Chooser, Policy, play_bot_session, play_session
from .session import (
    NextDeal,
    Replace,
    Rove,
    Session,
    SessionGame,
    Standing,
    finish_order,
    next_deal_for,
)
from .two_tables import Round, TwoTables, play_two_tables

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "HAND_NAMES",
    "MAX_MOVES",
    "TWO_TABLES_FORMAT",
    "Chooser",
    "NextDeal",
    "OwnerView",
    "Policy",
    "Replace",
    "Round",
    "Rove",
    "Session",
    "SessionError",
    "SessionGame",
    "Standing",
    "TwoTables",
    "finish_order",
    "next_deal_for",
    "owner_view",
    "play_bot_session",
    "play_session",
    "play_two_tables",
]
