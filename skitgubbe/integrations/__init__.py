"""Skitgubbe in the standard game-AI frameworks: OpenSpiel and PettingZoo.

This layer sits above the engine and is imported only on request; the engine
never imports it.

* :mod:`skitgubbe.integrations.actions`: a fixed numbering of every move (no
  extra needed).
* :mod:`skitgubbe.integrations.turns`: the one-player-at-a-time order of the
  out-of-turn moves (no extra needed).
* :mod:`skitgubbe.integrations.observations`: a view as a fixed-size vector and
  as text (needs ``numpy``, which both extras install).
* :mod:`skitgubbe.integrations.openspiel`: the ``python_skitgubbe`` game of
  OpenSpiel (extra ``openspiel``).
* :mod:`skitgubbe.integrations.pettingzoo`: a PettingZoo AEC environment and a
  Gymnasium single-seat wrapper (extra ``pettingzoo``).
"""
