"""Phase one, collecting cards: the deal, legal moves and transitions.

The rules are split by area, in the order a trick is played:

* :mod:`.dealing`: the deal, shuffled from a seed or laid out.
* :mod:`.play`: legal moves and transitions, each area's rules put together.
* :mod:`.values`: card values in phase one, the play heading a round, trump
  tricks and compulsory ties (P1-ACES-LOW, P1-TIE-REPLAY and its variants,
  P1-TRUMP-TRICKS, P1-MUST-MATCH).
* :mod:`.tricks`: a transition worked out on a copy of the state: rounds,
  replays and splits, drawing, gathering, the end of phase one (P1-TRICK-TWO,
  P1-TRICK-ALL, P1-DRAW, P1-END-NO-CARD and the other endings).
* :mod:`.sluffing`: who may sluff what and when, and when a decided trick is
  gathered (P1-SLUFF-NONE to P1-SLUFF-ATLANTA): the out-of-turn model.
* :mod:`.mas`: Mas's phase one with its turned-up trump (P1-MAS).

Sluffing is out of turn: :func:`~.play.legal_moves` lists every legal move of every
seat, the player due to play and every seat that may sluff. Who may act
(:func:`~.play.to_act_seats`) and whom the game waits for (:func:`~.play.due_seats`) are
public; which moves a seat has depends on its hand. When phase one ends the
intermission (:mod:`skitgubbe.intermission`) deals out the phase-two hands at
once.
"""

from __future__ import annotations

from .dealing import deal
from .play import due_seats, explain, legal_moves, successor, to_act_seats

__all__ = ["deal", "due_seats", "explain", "legal_moves", "successor", "to_act_seats"]
