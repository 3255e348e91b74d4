#!/usr/bin/env python3
"""What each frame of a key sends to the terminal: bytes and escape sequences, counted exactly.

Runs PROGRAM FILE on a pseudo-terminal of 200 x 60 (TERM=xterm-256color), waits for the first
frame, presses KEY PRESSES times and prints, for each press, the bytes of its frame, its escape
sequences and of them the SGR ones (colors and attributes, `ESC [ ... m`), then the kinds of
sequence in the last frame, most frequent first. The output of ncurses does not depend on the
machine's load or on a debug or release build, so two builds can be compared on it exactly.

    python3 Benchmarks/pty-frame-sequences.py PROGRAM FILE [--key L] [--presses 6]
"""

import argparse
import collections
import os
import re
import shutil
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal_session import read_until_quiet, start_on_terminal  # noqa: E402

SEQUENCE = re.compile(rb"\x1b(?:\[[0-9;?]*[a-zA-Z]|[()][B0])")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program")
    parser.add_argument("file")
    parser.add_argument("--key", default="L")
    parser.add_argument("--presses", type=int, default=6)
    parser.add_argument("--quiet-ms", type=int, default=300)
    arguments = parser.parse_args()
    if arguments.presses < 1:
        parser.error("--presses must be 1 or more")
    quiet = arguments.quiet_ms / 1000
    child, master, state = start_on_terminal(
        [arguments.program, arguments.file], 200, 60, "pty-frame-sequences-")
    try:
        first, _, _ = read_until_quiet(master, quiet, 60)
        if not first:
            sys.exit("pty-frame-sequences.py: the program drew nothing")
        frames = []
        for _ in range(arguments.presses):
            os.write(master, arguments.key.encode())
            frame, _, _ = read_until_quiet(master, quiet, 30)
            frames.append(frame)
    finally:
        child.send_signal(signal.SIGTERM)
        child.wait()
        os.close(master)
        shutil.rmtree(state, ignore_errors=True)
    print("press  bytes  sequences  SGR")
    for number, frame in enumerate(frames, 1):
        sequences = SEQUENCE.findall(frame)
        sgr = [sequence for sequence in sequences if sequence.endswith(b"m")]
        print(f"{number:5}  {len(frame):5}  {len(sequences):9}  {len(sgr):3}")
    kinds = collections.Counter(re.sub(rb"\d+", b"N", sequence) for sequence in SEQUENCE.findall(frames[-1]))
    print("last frame's sequences by kind (N: any number):")
    for kind, count in kinds.most_common(12):
        print(f"{count:6}  {kind!r}")


if __name__ == "__main__":
    main()
