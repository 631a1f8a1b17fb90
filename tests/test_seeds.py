"""Seeds and files tell no secrets and run nothing unasked.

A bot is reset with a seed for its own randomness. Here a bot tries to deal its
game again from that seed (as the seed itself, or less its seat, as bot seeds
were once made) and from the run's seed, and looks for its own hand: in a match,
a tournament and a session it must find none. Resuming a tournament file that
names programs starts none of them unless the user names them again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import attrs
import pytest

import skitgubbe as sg
from skitgubbe.bots import Bot, RandomBot
from skitgubbe.moves import Move
from skitgubbe.runner.keys import bot_seed, check_key, new_key
from skitgubbe.sessions import Session, play_bot_session
from skitgubbe.tournament import bot_seeds, match, tournament
from skitgubbe.tournament.run import TournamentError, resume

from .helpers import KEY

#: Hands of five cards, so that a deal of another seed hardly ever gives a bot
#: the same hand; with a fixed key and seeds every test here is the same each run.
RULES = attrs.evolve(sg.presets.FLURST, hand_size=5)
#: A seed no bot here guesses (as ``--seed random`` would draw).
UNGUESSED = 7_316_092_851_771_301_623


class Redealer(RandomBot):
    """A bot that tries to see every hand by dealing its game again from its seed."""

    #: For each game: whether a deal from the seeds it tried gave its own hand.
    found: ClassVar[list[bool]] = []
    #: Deal seeds it tries besides its own seed (and its seed less its seat).
    guesses: ClassVar[set[int]] = set()

    def __init__(self) -> None:
        super().__init__("redealer")
        self.seat = 0
        self.seed = 0
        self.looked = False

    def reset(self, seat: int, seed: int) -> None:
        super().reset(seat, seed)
        self.seat, self.seed, self.looked = seat, seed, False

    def choose(self, view: sg.PlayerView, moves: Sequence[Move]) -> Move | None:
        if not self.looked and view.phase is sg.Phase.ONE:
            self.looked = True
            guesses = {self.seed, self.seed - self.seat, *range(50), *Redealer.guesses}
            hands = set()
            for guess in guesses:
                if 0 <= guess < 2**64:
                    dealt = sg.deal(view.rules, players=view.players, seed=guess)
                    hands.add(dealt.hand(self.seat))
            Redealer.found.append(tuple(view.hand) in hands)
        return super().choose(view, moves)


def make_redealer() -> Bot:
    return Redealer()


@pytest.fixture(autouse=True)
def clear_findings() -> None:
    Redealer.found.clear()
    Redealer.guesses = set()


def guessed_deals(players: int) -> set[int]:
    """The deal seeds of matches with a small seed, which anyone can work out."""
    return {bot_seeds(seed, deal, players, "00" * 16)[0] for seed in range(50) for deal in range(8)}


def test_a_bot_that_redeals_from_its_seed_in_a_match_finds_no_hand_but_its_own() -> None:
    """With a seed no bot can guess, neither the bot's own seed nor the deals of
    small seeds give the deal away; with a small seed the deals can be worked out
    (the documented reason to give ``--seed random`` against programs)."""
    Redealer.guesses = guessed_deals(3)
    bots: list[Bot | str] = [Redealer(), "greedy", "random"]
    result = match(RULES, bots, 6, seed=UNGUESSED, workers=1, key=KEY)
    assert len(Redealer.found) == 6 * 3 and not any(Redealer.found)
    assert check_key(result.key) == result.key
    Redealer.found.clear()
    match(RULES, bots, 2, seed=3, workers=1)
    assert all(Redealer.found)


def test_a_bot_that_redeals_from_its_seed_in_a_tournament_finds_no_hand_but_its_own() -> None:
    names = ["tests.test_seeds:make_redealer", "greedy", "random"]
    result = tournament(RULES, names, 3, rounds=2, seed=1, workers=1, key=KEY)
    assert len(Redealer.found) == len(result.games) > 0 and not any(Redealer.found)


def test_a_bot_that_redeals_from_its_seed_in_a_session_finds_no_hand_but_its_own() -> None:
    kinds = {"Ann": "tests.test_seeds:make_redealer", "Bea": "random", "Cid": "random"}
    start = Session.start(RULES, ["Ann", "Bea", "Cid"])
    play_bot_session(start, 5, kinds, seed=0, key=KEY)
    assert len(Redealer.found) == 5 and not any(Redealer.found)


def test_the_key_changes_the_bots_seeds_and_never_the_deals() -> None:
    """The same seed deals the same games under any key; the bots' seeds differ,
    and with the same key a match plays again exactly."""
    bots = ["random", "random", "random"]
    one = match(sg.presets.FLURST, bots, 3, seed=5, workers=1, key=KEY)
    again = match(sg.presets.FLURST, bots, 3, seed=5, workers=1, key=KEY)
    other = match(sg.presets.FLURST, bots, 3, seed=5, workers=1, key=new_key())
    assert one.rows == again.rows
    assert [row.deal_seed for row in one.rows] == [row.deal_seed for row in other.rows]
    assert bot_seed(KEY, 1, 2) != bot_seed(other.key, 1, 2)
    with pytest.raises(ValueError, match="32 hexadecimal digits"):
        match(sg.presets.FLURST, bots, 1, key="0123")


def tournament_file(tmp_path: Path, bots: list[str]) -> Path:
    save = tmp_path / "t.jsonl"
    tournament(sg.presets.FLURST, bots, 3, rounds=1, seed=2, workers=1, save=save)
    lines = save.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert check_key(header["key"]) == header["key"]
    save.write_text(lines[0] + "\n", encoding="utf-8")  # as if nothing were played
    return save


def test_resuming_a_file_that_names_a_program_starts_nothing_unless_named_again(
    tmp_path: Path,
) -> None:
    marker = tmp_path / "ran"
    program = f"cmd:touch {marker}"
    save = tournament_file(tmp_path, ["greedy", "random", "random"])
    lines = save.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["bots"] = ["greedy", program, "random"]  # a file someone sent
    save.write_text(json.dumps(header) + "\n", encoding="utf-8")
    with pytest.raises(TournamentError, match="would run programs or code as you") as refused:
        resume(save, workers=1)
    assert program in str(refused.value) and "--bots" in str(refused.value)
    with pytest.raises(TournamentError, match="would run programs"):
        resume(save, workers=1, bots=["greedy", "random", "random"])
    assert not marker.exists()
    # named again by the user: started (and it forfeits, being no bot)
    resumed = resume(save, workers=1, bots=["greedy", program, "random"])
    assert marker.exists() and resumed.forfeits


def test_a_file_of_library_bots_resumes_without_naming_them(tmp_path: Path) -> None:
    save = tournament_file(tmp_path, ["greedy", "random", "random"])
    assert len(resume(save, workers=1).games) == 3
