#!/usr/bin/env python3
"""The real terminal path of nodeui-tui, key to frame, on a pseudo-terminal (no tmux).

Runs PROGRAM FILE on a pseudo-terminal of COLUMNS x ROWS with TERM=xterm-256color, waits for the
first frame, then presses each key REPEAT times, one at a time: it writes the key to the
terminal and reads what the program writes back until the output has been quiet for QUIET ms.
A key's time runs from the write to the last byte of its frame (the wait for the first byte
counts, the quiet wait after the last does not), so it holds the whole path: the terminal's input, the event loop, the reducer, the
edit, the frame and ncurses writing the changed cells.

    python3 Benchmarks/pty-keys.py PROGRAM FILE [--columns 200] [--rows 60] [--repeat 30]
        [--quiet-ms 20] [--keys '+' z L Tab]

Prints one line per key: the median, p90 and max in ms, the median time to the frame's first
byte (the program's work before ncurses writes), the median CPU time of the program's main thread
for the key (from /proc/PID/task/PID/schedstat, read once the output is quiet: the figure to set
beside nodecanvas-bench's, which is the CPU time of its thread too; the wall clock beyond it is
waiting: waking up, the scheduler, the pseudo-terminal), and the median bytes of its frames.
The keys go in nodecanvas-bench's order (`+`, `z`, `L`, Tab), so each starts from the view the
benchmark's does.
"""

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal_session import read_until_quiet, start_on_terminal  # noqa: E402

KEYS = {"Tab": b"\t", "Enter": b"\r", "Esc": b"\x1b"}


def cpu_milliseconds(pid):
    """The CPU time the process's main thread has used so far, in ms, or None when unknown."""
    try:
        with open(f"/proc/{pid}/task/{pid}/schedstat") as stat:
            return int(stat.read().split()[0]) / 1e6
    except (OSError, ValueError, IndexError):
        return None


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program")
    parser.add_argument("file")
    parser.add_argument("--columns", type=int, default=200)
    parser.add_argument("--rows", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--quiet-ms", type=float, default=20)
    parser.add_argument("--keys", nargs="+", default=["+", "z", "L", "Tab"])
    arguments = parser.parse_args()
    quiet = arguments.quiet_ms / 1000

    child, master, state = start_on_terminal(
        [arguments.program, arguments.file], arguments.columns, arguments.rows, "pty-keys-state-")
    try:
        started = time.perf_counter()
        first, _, last = read_until_quiet(master, 0.5, 120, until=b"opened")
        if last is None:
            sys.exit("the program drew nothing")
        if b"opened" not in first:
            sys.exit("the editor did not say it opened the file within 120 s (is it asking something?)")
        print(f"first frame: {len(first)} bytes, {1000 * (last - started):.0f} ms after the start "
              f"({arguments.columns}x{arguments.rows}, load average {os.getloadavg()[0]:.1f})")
        # The cursor opens on the top left node: nodecanvas-bench's update source (node 0).
        for key in arguments.keys:
            sequence = KEYS.get(key, key.encode())
            times, firsts, cpus, sizes, silent = [], [], [], [], 0
            for _ in range(arguments.repeat):
                cpu_before = cpu_milliseconds(child.pid)
                sent = time.perf_counter()
                os.write(master, sequence)
                frame, begun, last = read_until_quiet(master, quiet, 30)
                cpu_after = cpu_milliseconds(child.pid)
                if last is None:
                    silent += 1
                    continue
                times.append(1000 * (last - sent))
                firsts.append(1000 * (begun - sent))
                if cpu_before is not None and cpu_after is not None:
                    cpus.append(cpu_after - cpu_before)
                sizes.append(len(frame))
            if not times:
                print(f"{key:>4}: no frame came")
                continue
            print(f"{key:>4}: median {statistics.median(times):6.2f} ms   p90 {percentile(times, 0.9):6.2f} ms   "
                  f"max {max(times):6.2f} ms   (first byte: median {statistics.median(firsts):6.2f} ms)   "
                  + (f"CPU: median {statistics.median(cpus):6.2f} ms   " if cpus else "")
                  + f"median frame {int(statistics.median(sizes))} bytes"
                  + (f"   ({silent} keys drew nothing)" if silent else ""))
        os.write(master, b"q")
        read_until_quiet(master, 0.3, 5)
        os.write(master, b"y")  # quit without saving (the journal goes with the temporary folder)
        read_until_quiet(master, 0.3, 5)
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(5)
            except subprocess.TimeoutExpired:
                child.kill()
        os.close(master)
        subprocess.run(["rm", "-rf", state], check=False)


if __name__ == "__main__":
    main()
