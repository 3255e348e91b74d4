#!/usr/bin/env python3
"""Opening a graph in the editor against evaluating it: time and peak memory, and their ratios.

Runs `PROGRAM eval FILE` (output thrown away) and `PROGRAM FILE` (the editor, on a
pseudo-terminal of COLUMNS x ROWS with TERM=xterm-256color) RUNS times each, both under
`/usr/bin/time`. The editor's time runs from its start to the last byte of its first frame
(the status line's "opened"; the output is read until it is quiet for 0.3 s, a wait not
counted); then it is told to quit without saving. Peak memory is the process's maximum
resident set, and CPU time its user and system time, over the whole run (for the editor:
opening, the first frame, the routing ahead it does while it idles after it, and quitting); the
editor's peak when its first frame has come (`VmHWM` read from /proc as soon as "opened" shows)
is printed beside it. On a busy machine the CPU time is the steadier figure.

    python3 Benchmarks/open.py PROGRAM FILE [--runs 3] [--columns 200] [--rows 60]

Prints each run, then the medians and the ratios editor / eval (issue 25's target: ≤ 1.5 in
time and in memory).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal_session import read_until_quiet, start_on_terminal  # noqa: E402


def usage(path):
    """The peak memory in kB and the CPU seconds /usr/bin/time wrote."""
    with open(path) as report:
        kilobytes, user, system = report.read().split()[-3:]
    return int(kilobytes), float(user) + float(system)


def evaluate(program, file, report):
    started = time.perf_counter()
    subprocess.run(
        ["/usr/bin/time", "-o", report, "-f", "%M %U %S", program, "eval", file],
        stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - started, *usage(report))


def peak_so_far(time_pid):
    """The peak resident memory in kB so far (VmHWM) of the program /usr/bin/time runs."""
    try:
        with open(f"/proc/{time_pid}/task/{time_pid}/children") as children:
            pid = int(children.read().split()[0])
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, IndexError, ValueError):
        pass
    return None


def open_in_editor(program, file, report, columns, rows):
    started = time.perf_counter()
    child, master, state = start_on_terminal(
        ["/usr/bin/time", "-o", report, "-f", "%M %U %S", program, file], columns, rows, "open-bench-state-")
    try:
        # Up to "opened" (the first frame's status line), the peak read at once, then the rest of
        # the frame until it is quiet.
        _, _, seen = read_until_quiet(master, 0.0, 300, until=b"opened")
        first_frame_peak = peak_so_far(child.pid)
        # The rest of the frame, if any came after "opened" (nothing at all is quiet too).
        _, _, last = read_until_quiet(master, 0.3, 300, first_byte=False)
        last = last or seen
        if last is None:
            sys.exit("the editor drew nothing")
        elapsed = last - started
        os.write(master, b"q")
        read_until_quiet(master, 0.3, 10)
        os.write(master, b"y")  # quit without saving (the journal goes with the temporary folder)
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(master)
        subprocess.run(["rm", "-rf", state], check=False)
    return (elapsed, *usage(report), first_frame_peak or 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program")
    parser.add_argument("file")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--columns", type=int, default=200)
    parser.add_argument("--rows", type=int, default=60)
    arguments = parser.parse_args()
    report = tempfile.mktemp(prefix="open-bench-time-")
    evals, opens = [], []
    try:
        for run in range(arguments.runs):
            figures = evaluate(arguments.program, arguments.file, report)
            evals.append(figures)
            print(f"run {run + 1}: eval {figures[0]:.2f} s (CPU {figures[2]:.2f} s), {figures[1] / 1024:.0f} MB",
                  end="")
            figures = open_in_editor(arguments.program, arguments.file, report, arguments.columns, arguments.rows)
            opens.append(figures)
            print(f"; open to first frame {figures[0]:.2f} s (CPU {figures[2]:.2f} s), {figures[1] / 1024:.0f} MB "
                  f"({figures[3] / 1024:.0f} MB at the first frame; load average {os.getloadavg()[0]:.1f})")
    finally:
        if os.path.exists(report):
            os.remove(report)
    eval_time, eval_memory, eval_cpu = (statistics.median(run[i] for run in evals) for i in range(3))
    open_time, open_memory, open_cpu, first_memory = (
        statistics.median(run[i] for run in opens) for i in range(4))
    print(f"median: eval {eval_time:.2f} s (CPU {eval_cpu:.2f} s), {eval_memory / 1024:.0f} MB; "
          f"open {open_time:.2f} s (CPU {open_cpu:.2f} s), {open_memory / 1024:.0f} MB "
          f"({first_memory / 1024:.0f} MB at the first frame)")
    print(f"open / eval: time {open_time / eval_time:.2f}x (CPU {open_cpu / eval_cpu:.2f}x), "
          f"memory {open_memory / eval_memory:.2f}x ({first_memory / eval_memory:.2f}x at the first frame) "
          f"(target: time and memory <= 1.5x)")

if __name__ == "__main__":
    main()
