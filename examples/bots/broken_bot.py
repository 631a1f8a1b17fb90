"""A bot that breaks the line protocol on purpose, to see how a run copes.

``cmd:python examples/bots/broken_bot.py MODE`` plays legal random moves until
its tenth choice, then:

* ``illegal``: answers a move that is not among those listed;
* ``garbage``: answers a line that is not a move;
* ``crash``: writes a traceback to standard error and exits;
* ``hang``: stops answering;
* ``noflush``: writes its answer but never flushes it, so it never arrives;
* ``nonewline``: flushes its answer without ending the line.

A run scores the game as a forfeit, names the reason, quotes the end of the
bot's standard error, starts the bot again for its next game, and drops it once
it has forfeited too often.
"""

import json
import random
import sys
import time

MODES = ("illegal", "garbage", "crash", "hang", "noflush", "nonewline")


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"
    if mode not in MODES:
        sys.exit(f"broken_bot: give one of {', '.join(MODES)}, not {mode!r}")
    rng = random.Random(0)
    choices = 0
    for line in sys.stdin:
        message = json.loads(line)
        answer = "ok"
        if message["type"] == "reset":
            rng = random.Random(message["seed"])
        elif message["type"] == "choose":
            choices += 1
            answer = rng.choice(message["moves"])
            if choices >= 10:
                print(
                    f"broken_bot: breaking the protocol ({mode}) at choice {choices}",
                    file=sys.stderr,
                    flush=True,
                )
                if mode == "illegal":  # a move for the next seat, never this one's
                    view = message["view"]
                    answer = f"{(view['player'] + 1) % len(view['hand_sizes'])} done"
                elif mode == "garbage":
                    answer = "I resign!"
                elif mode == "crash":
                    raise RuntimeError("broken_bot crashed on purpose")
                elif mode == "noflush":
                    sys.stdout.write(answer + "\n")  # left in the buffer of the pipe
                    time.sleep(3600)
                elif mode == "nonewline":
                    sys.stdout.write(answer)
                    sys.stdout.flush()
                    time.sleep(3600)
                else:
                    time.sleep(3600)
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
