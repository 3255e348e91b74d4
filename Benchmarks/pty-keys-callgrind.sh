#!/usr/bin/env bash
# The terminal path of one key counted in instructions (callgrind), function by function: the
# release nodeui-tui under valgrind, driven on a pseudo-terminal by Benchmarks/pty-keys.py, once
# pressing KEY PRESSES times and once pressing it once; the difference divided by PRESSES - 1 is
# one press without the opening. Instruction counts do not move with the machine's load, as the
# clock does. Prints the functions that cost most per press (inclusive), and the ncurses update
# (`doupdate`), the copy to ncurses and the canvas's frame among them.
#   bash Benchmarks/pty-keys-callgrind.sh [KEY] [PRESSES] [NODES] [LINES]
# Takes a few minutes (the opening runs under valgrind twice).
set -euo pipefail
cd "$(dirname "$0")/.."
key=${1:-L}
presses=${2:-10}
nodes=${3:-20000}
lines=${4:-40}
[ "$presses" -ge 2 ] || { echo "pty-keys-callgrind.sh: PRESSES must be 2 or more" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "pty-keys-callgrind.sh: valgrind is not installed" >&2; exit 1; }
source Benchmarks/random-graph-prologue.sh "$nodes"
for count in "$presses" 1; do
  cat >"$work/program" <<EOF
#!/bin/sh
exec valgrind --tool=callgrind --callgrind-out-file="$work/cg.$count" -- "$bin/nodeui-tui" "\$@"
EOF
  chmod +x "$work/program"
  # A long quiet time: under valgrind a frame takes far longer than the usual 20 ms.
  python3 Benchmarks/pty-keys.py "$work/program" "$work/random.json" --repeat "$count" --keys "$key" \
    --quiet-ms 300 >&2
done
python3 - "$work/cg.$presses" "$work/cg.1" "$((presses - 1))" "$lines" <<'EOF'
import re, subprocess, sys

def inclusive(path):
    """Instructions by function (inclusive), from callgrind_annotate; call edges left out."""
    text = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
        capture_output=True, text=True, check=True).stdout
    costs = {}
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+(?!\s|=>)(.*)$", line)
        if match:
            name = re.sub(r" \[[^\]]*\]$", "", match.group(2))
            costs[name] = costs.get(name, 0) + int(match.group(1).replace(",", ""))
    return costs

many, one, presses, lines = inclusive(sys.argv[1]), inclusive(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
per_press = {name: (many.get(name, 0) - one.get(name, 0)) / presses for name in set(many) | set(one)}
print(f"instructions per press ({presses} presses against 1), inclusive:")
for name, cost in sorted(per_press.items(), key=lambda item: -item[1])[:lines]:
    print(f"{cost:14,.0f}  {name[:150]}")
print()
for label, pattern in [
    ("the whole key", r"^PROGRAM TOTALS$"),
    ("Canvas.render", r"NodeCanvas0B0C6renderAA7SurfaceVyF$"),
    ("  of it, routing", r"SceneRendererO5route5scene6regionAA10RouteCacheC7RoutingVAA0bC0V_AA4RectVtFZTf4nnd_n$"),
    ("TerminalScreen.present", r"TerminalScreen\+Drawing\.swift:.*ScreenC7presentySi0A6Canvas7SurfaceVF$"),
    ("  of it, ncurses' doupdate", r"^\?\?\?:doupdate_sp$"),
    ("  of it, the copy to ncurses", r"TerminalScreen\+Drawing\.swift:.*changedSince.*SgtF$"),
]:
    matches = [cost for name, cost in per_press.items() if re.search(pattern, name)]
    print(f"{label:32} {max(matches) / 1e6:8.2f} M" if matches else f"{label:32} (not found)")
EOF
