"""A first look: set up a phase-two position, list the moves, play some, break a rule.

Run: python examples/first_position.py
"""

from __future__ import annotations

import skitgubbe as sg


def main() -> None:
    # Three players under the Swedish Goat Game's rules, diamonds trump, seat 0 leads.
    state = sg.start_phase_two(
        sg.presets.SWEDISH_GOAT,
        hands=["2C 3C 9H", "7C 8C 9C KH 4D", "10C JC 5D"],
        trump="D",
        leader=0,
    )
    print("Seat 0 may lead:", ", ".join(str(m) for m in state.legal_moves()))

    state = state.apply("0 play 2C 3C")  # a run counts as one play
    print("Seat 1 may answer:", ", ".join(str(m) for m in state.legal_moves()))

    # A higher club or any trump beats 2C-3C; a king of hearts does not (P2-BEAT-SUIT).
    print("Is 1 play 8C legal?", state.is_legal("1 play 8C"))
    try:
        state.check("1 play KH")
    except sg.IllegalMoveError as error:
        print("Refused:", error, "- rule", error.rule)

    state = state.apply("1 play 7C 8C 9C")
    state = state.apply("2 play 10C JC")  # three plays at a three-player table: a kill
    for event in state.events:
        print("Event:", event)

    # What seat 1 sees: its own hand, the others' hand sizes, the open table.
    view = state.view(1)
    print("Seat 1 holds", sg.format_cards(view.hand), "and sees hand sizes", view.hand_sizes)
    print("Seat", state.to_act[0], "leads the next trick.")


if __name__ == "__main__":
    main()
