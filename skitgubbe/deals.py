"""How a game was dealt: :class:`Deal`, kept in every phase-one state.

Kept apart from :mod:`skitgubbe.state` so that the states stay plain classes
that the compiled build makes native; a deal is made once a game.
"""

from __future__ import annotations

import attrs

from .errors import shown

__all__ = ["Deal"]


def _seed(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"seed must be a whole number, not {shown(value)}")
    if not 0 <= value < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(value)}")


@attrs.frozen(repr=False)
class Deal:
    """How a game was dealt: a seeded shuffle, or an exact layout.

    :func:`skitgubbe.deal` makes one and keeps it in the state it returns, so a
    game record can name its deal. A shuffled deal has ``players`` and ``seed``; a
    layout has ``hands`` (and ``stock`` top card first, ``set_aside`` and
    ``reserve``) as card text. ``seed`` also drives the shuffles the rules need
    later (the dreck, a dealt-out trick, Koira's split).
    """

    #: How many seats the table has.
    players: int
    #: The seed of every shuffle of the game: a whole number from 0 to 2**64 - 1.
    seed: int = attrs.field(validator=_seed)
    #: The seat chosen to lead the first trick, or ``None`` to follow the rules.
    leader: int | None = None
    #: A layout's hands, one card text per seat, or ``None`` for a shuffled deal.
    hands: tuple[str, ...] | None = None
    #: A layout's stock, top card first.
    stock: str = ""
    #: A layout's set-aside trump card (D-TRUMP-SET-ASIDE).
    set_aside: str = ""
    #: A layout's avstickshög, top card first (P2-AVSTICKSHOG).
    reserve: str = ""

    def __repr__(self) -> str:
        """The deal's settings, those left at their defaults omitted.

        >>> Deal(4, 7)
        Deal(players=4, seed=7)
        """
        parts = [f"players={self.players}", f"seed={self.seed}"]
        if self.leader is not None:
            parts.append(f"leader={self.leader}")
        if self.hands is not None:
            parts.append(f"hands={list(self.hands)!r}")
        parts.extend(
            f"{name}={value!r}"
            for name, value in (
                ("stock", self.stock),
                ("set_aside", self.set_aside),
                ("reserve", self.reserve),
            )
            if value
        )
        return f"Deal({', '.join(parts)})"
