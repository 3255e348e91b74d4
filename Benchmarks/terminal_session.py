"""What the benchmark scripts share for running the editor on a pseudo-terminal.

`start_on_terminal` runs a command as the session leader of a new pseudo-terminal of the given
size (TERM=xterm-256color, its own state folder, colors allowed) and refuses a graph file with an
autosave journal beside it (the editor would open on its recovery prompt, not on the graph);
`read_until_quiet` reads what the program writes until it has been quiet for a while.
"""

import fcntl
import os
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time


def start_on_terminal(command, columns, rows, state_prefix):
    """Starts `command` on a new pseudo-terminal; returns the process, the terminal's master end
    and the temporary state folder (XDG_STATE_HOME) the caller removes when done.

    Exits with a message naming the journal when a file among the arguments has an autosave journal
    (`FILE.autosave.jsonl`) beside it: the editor would wait on its recovery prompt and every
    figure would time that prompt instead of the graph."""
    for argument in command:
        journal = f"{argument}.autosave.jsonl"
        if os.path.isfile(argument) and os.path.exists(journal):
            sys.exit(f"{journal} exists: the editor would open on its recovery prompt; "
                     f"remove it (or open the file once and answer the prompt) and run again")
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    state = tempfile.mkdtemp(prefix=state_prefix)
    environment = dict(os.environ, TERM="xterm-256color", XDG_STATE_HOME=state)
    environment.pop("NO_COLOR", None)

    def become_the_terminals_session():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    child = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=environment,
        preexec_fn=become_the_terminals_session, close_fds=True)
    os.close(slave)
    return child, master, state


def read_until_quiet(master, quiet, limit, until=None, first_byte=True):
    """Reads until nothing comes for `quiet` seconds after the first byte (and after `until`,
    when given, has been seen), or `limit` seconds pass in all. With `first_byte` false, the
    quiet is counted from the call: nothing coming at all is quiet too.

    Returns the bytes read and the perf_counter times of the first and the last read that
    brought any."""
    data = bytearray()
    first = last = None
    deadline = time.perf_counter() + limit
    while True:
        now = time.perf_counter()
        if now >= deadline:
            break
        waiting = (first_byte and last is None) or (until is not None and until not in data)
        ready, _, _ = select.select([master], [], [], deadline - now if waiting else min(quiet, deadline - now))
        if not ready:
            if waiting:
                continue
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the program closed the terminal
            break
        if not chunk:
            break
        data += chunk
        last = time.perf_counter()
        first = first or last
    return bytes(data), first, last
