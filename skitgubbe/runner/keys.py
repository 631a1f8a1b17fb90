"""Bot seeds that say nothing about the deal.

A bot is reset with a seed for its own randomness. If that seed could be worked
out from what a bot knows or can guess (the deal's seed, the run's seed), a bot
could deal the game again and see every hand. So each run draws a secret *key*
(:func:`new_key`) unless it is given one, and every bot seed is a keyed hash of
the key and the game's place in the run (:func:`bot_seed`): without the key, the
seed of one game tells nothing of any deal. The key goes in the run's results
and files, so a run can be played again exactly, and is never sent to a bot.

The deals themselves come from the run's seed, as they must for duplicate play;
a bot that guesses that seed can deal them itself. Against programs that may
cheat, give a seed they cannot guess (``--seed random``).

>>> key = new_key()
>>> len(key), bot_seed(key, 1, 0) == bot_seed(key, 1, 0) != bot_seed(key, 1, 1)
(32, True)
>>> check_key("not hex")
Traceback (most recent call last):
...
ValueError: a key is 32 hexadecimal digits (16 bytes), such as ... not 'not hex'
"""

from __future__ import annotations

import hashlib
import secrets

from ..errors import shown

__all__ = ["KEY_DIGITS", "bot_seed", "check_key", "new_key", "random_seed"]

#: The hexadecimal digits of a key.
KEY_DIGITS = 32


def new_key() -> str:
    """A fresh secret key, as hexadecimal text."""
    return secrets.token_hex(KEY_DIGITS // 2)


def random_seed() -> int:
    """A seed no one can guess, for runs against programs that may cheat."""
    return secrets.randbits(63)


def check_key(key: object) -> str:
    """``key`` if it is a key (hexadecimal text of :data:`KEY_DIGITS` digits, either
    case), in lower case; else raise :class:`ValueError` saying what a key is."""
    if isinstance(key, str) and len(key) == KEY_DIGITS:
        try:
            bytes.fromhex(key)
        except ValueError:
            pass
        else:
            return key.lower()
    raise ValueError(
        f"a key is {KEY_DIGITS} hexadecimal digits ({KEY_DIGITS // 2} bytes), such as "
        f"{'0f' * (KEY_DIGITS // 2)}, not {shown(key)}"
    )


def bot_seed(key: str, *place: object) -> int:
    """The seed of a bot at ``place`` in a run (the deal, the seat, ...): a hash of
    ``place`` keyed with the run's ``key``, a whole number below 2**63."""
    text = " ".join(str(part) for part in place).encode()
    digest = hashlib.blake2b(text, key=bytes.fromhex(key), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
