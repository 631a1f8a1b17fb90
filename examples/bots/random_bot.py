"""A bot for the skitgubbe line protocol, in Python's standard library alone.

Run it as ``cmd:python examples/bots/random_bot.py`` wherever skitgubbe takes
bots. It reads one JSON message per line on standard input and answers each
with one line: ``ok`` to ``hello``, ``reset`` and ``end``; to ``choose``, one of
the legal moves it is given, chosen at random from the game's seed (or
``pass`` now and then, when it is not due and may let play go on).

``--transcript FILE`` appends every message it reads (after ``>``) and every
answer it writes (after ``<``) to FILE, to see the protocol at work.
"""

import json
import random
import sys

PROTOCOL = 1


def main() -> None:
    transcript = None
    if len(sys.argv) == 3 and sys.argv[1] == "--transcript":
        transcript = open(sys.argv[2], "a", encoding="utf-8")  # noqa: SIM115
    rng = random.Random(0)
    for line in sys.stdin:
        if transcript is not None:
            transcript.write("> " + line)
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
        sys.stdout.flush()  # the runner waits for the whole line: flush every answer
        if transcript is not None:
            transcript.write("< " + answer + "\n")
            transcript.flush()


if __name__ == "__main__":
    main()
