"""What one person sees when they hold several seats (S-CONFUSION): :class:`OwnerView`
and its JSON."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..cards import Card, format_cards
from ..errors import shown
from ..state import State
from ..views import PlayerView
from .common import SessionError, _field, _load, _only_keys

__all__ = ["OwnerView", "owner_view"]


# -- a person's view of several seats --------------------------------------------------


def _union(groups: Iterable[Iterable[Card]]) -> tuple[Card, ...]:
    """The multiset union: each card as often as the group holding it most."""
    most: Counter[Card] = Counter()
    for group in groups:
        most |= Counter(group)
    return tuple(sorted(most.elements()))


def _common(groups: Sequence[Iterable[Card]]) -> tuple[Card, ...]:
    """The multiset intersection: each card as often as the group holding it least."""
    least: Counter[Card] = Counter(groups[0])
    for group in groups[1:]:
        least &= Counter(group)
    return tuple(sorted(least.elements()))


@attrs.frozen(repr=False)
class OwnerView:
    """What one person sees who holds one or more seats: in three-player
    confusion, both hands at once (S-CONFUSION: "you may look at both hands
    simultaneously", Flurst rules). The knowledge is the union of the seats'
    :class:`~skitgubbe.views.PlayerView`, which stay available in :attr:`views`.
    """

    #: The person.
    name: str
    #: The seats the person holds, in seat order.
    seats: tuple[int, ...]
    #: Each seat's own view, in the order of :attr:`seats`.
    views: tuple[PlayerView, ...]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards of each own seat, in the order of :attr:`seats`."""
        return tuple(view.hand for view in self.views)

    def __repr__(self) -> str:
        hands = [format_cards(hand) for hand in self.hands]
        return f"OwnerView(name={self.name!r}, seats={self.seats}, hands={hands})"

    @property
    def hand(self) -> tuple[Card, ...]:
        """Every card the person holds, in all their seats, sorted."""
        return tuple(sorted(card for view in self.views for card in view.hand))

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """For every seat of the table, the cards the person knows are there: what
        any of their seats knows."""
        return tuple(
            _union(view.known[seat] for view in self.views) for seat in range(self.players)
        )

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the person cannot place: those none of their seats can place."""
        return _common([view.unseen for view in self.views])

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return self.views[0].players

    @property
    def to_act(self) -> tuple[int, ...]:
        """The person's seats that may act now."""
        return tuple(seat for seat in self.views[0].to_act if seat in self.seats)

    @property
    def due(self) -> tuple[int, ...]:
        """The person's seats the game waits for."""
        return tuple(seat for seat in self.views[0].due if seat in self.seats)

    @property
    def loser(self) -> int | None:
        """The goat's seat once the game is over."""
        return self.views[0].loser

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data: ``name``, ``seats`` and each seat's view."""
        return {
            "name": self.name,
            "seats": list(self.seats),
            "views": [view.to_dict() for view in self.views],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The view as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> OwnerView:
        """Read a view written by :meth:`to_json`."""
        data = _load(text)
        _only_keys(data, ("name", "seats", "views"))
        try:
            views = tuple(PlayerView.from_dict(view) for view in _field(data, "views", list))
        except ValueError as error:
            raise SessionError(f"views: {error}") from None
        seats = tuple(_field(data, "seats", list))
        if not views or seats != tuple(view.player for view in views):
            raise SessionError(
                f"seats: {shown(seats)} are not the seats of the views, one view a seat"
            )
        if len({(view.rules, view.hand_sizes, view.phase) for view in views}) != 1:
            raise SessionError("views: the views are not of one game at one moment")
        return cls(_field(data, "name", str), seats, views)


def owner_view(state: State, seats: Iterable[int], name: str = "") -> OwnerView:
    """What the person ``name`` holding ``seats`` sees of ``state``.

    >>> import skitgubbe as sg
    >>> state = sg.deal(sg.presets.FLURST, players=6, seed=2)
    >>> view = owner_view(state, (0, 3), "Ann")
    >>> view.hands == (state.hand(0), state.hand(3)), view.known[3] == state.hand(3)
    (True, True)
    """
    held = tuple(sorted(set(seats)))
    if not held:
        raise SessionError("a view needs at least one seat")
    return OwnerView(name, held, tuple(state.view(seat) for seat in held))
