"""A bot's program, run under a guard that stops every process of it once the
process that started it dies (Linux).

:mod:`skitgubbe.bots.command` starts ``python -I -S _guard.py PARENT PROGRAM
[ARGUMENTS...]`` in a session of its own, with the kernel told to send the guard
``SIGTERM`` when ``PARENT`` dies (``PR_SET_PDEATHSIG``). The guard starts the
program in its process group, hands it its standard input, output and error
(keeping no copy, so the program's output ends when the program's does), waits
for it, kills whatever else of it is left in its group, and exits as the
program did. Told that ``PARENT`` died (a worker killed with
``SIGKILL`` can stop nothing itself), the guard kills its whole process group:
the program and every process it started, such as the program a wrapper script
runs or a child it forked. A process that leaves the group (``setsid``) is out of
its reach.

The guard imports nothing but the standard library, so that it starts quickly.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

#: ``prctl``'s option that names the signal a process gets when its parent dies.
_PR_SET_PDEATHSIG = 1
#: The exit status when the program cannot be started (as a shell gives).
_CANNOT_START = 127


def _stop_all(signum: int = signal.SIGTERM, frame: object = None) -> None:
    """Kill the guard's whole process group, the guard with it."""
    os.killpg(0, signal.SIGKILL)


def _stop_rest() -> None:
    """Kill every other process of the guard's group: what the program left
    running when it ended. The guard may see the program end before it hears
    that ``PARENT`` died (both follow from one death: the program's input closes
    first), and would else leave those processes to run on."""
    guard, group = os.getpid(), os.getpgid(0)
    for _ in range(3):  # again, for any process one of them started meanwhile
        found = False
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == guard:
                continue
            try:
                if os.getpgid(int(entry)) == group:
                    os.kill(int(entry), signal.SIGKILL)
                    found = True
            except OSError:  # gone already
                continue
        if not found:
            return


def _run(words: list[str]) -> int:  # pragma: no cover - runs as its own program
    """Start ``words`` in this process group and wait for it: its exit status, or
    minus the signal that killed it."""
    libc = ctypes.CDLL(None, use_errno=True)
    guard = os.getpid()
    pid = os.fork()
    if pid == 0:
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)  # the guard gone, the program goes
        if os.getppid() != guard:
            os._exit(_CANNOT_START)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        try:
            os.execvp(words[0], words)
        except OSError as error:
            os.write(2, f"could not start {words[0]}: {error}\n".encode())
        os._exit(_CANNOT_START)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # the program's own now: its output ends with it
        os.dup2(null, fd)
    os.close(null)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def main(argv: list[str]) -> int:  # pragma: no cover - runs as its own program
    """``argv``: the parent's process id, then the program and its arguments."""
    signal.signal(signal.SIGTERM, _stop_all)
    if os.getppid() != int(argv[0]):  # the parent died before the handler was set
        _stop_all()
    code = _run(argv[1:])
    _stop_rest()
    if code < 0:  # killed by a signal: die of the same one
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":  # pragma: no cover - runs as its own program
    sys.exit(main(sys.argv[1:]))
