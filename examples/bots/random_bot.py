"""A bot for the skitgubbe line protocol, in Python's standard library alone.

Run it as ``cmd:python examples/bots/random_bot.py`` wherever skitgubbe takes
bots. It reads one JSON message per line on standard input and answers each
with one line: ``ok`` to ``hello``, ``reset`` and ``end``; to ``choose``, one of
the legal moves it is given, chosen at random from the game's seed (or
``pass`` now and then, when it is not due and may let play go on).
"""

import json
import random
import sys

PROTOCOL = 1


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if message["protocol"] != PROTOCOL:
                print(f"protocol {message['protocol']} is not {PROTOCOL}", file=sys.stderr)
                return
            answer = "ok"
        elif kind == "reset":
            rng = random.Random(message["seed"])
            answer = "ok"
        elif kind == "choose":
            may_pass = not message["due"]
            answer = "pass" if may_pass and rng.random() < 0.5 else rng.choice(message["moves"])
        else:  # "end", and any later message this bot does not know
            answer = "ok"
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
