#!/usr/bin/env bash
# The CPU an idle canvas uses with a 1 s clock: runs the real nodeui-tui in tmux on a graph whose
# clock feeds an add, lets it settle, then reads the process's CPU time (/proc/PID/stat, user +
# system) over a window of SECONDS (30 by default) while nobody touches a key.
#   bash Benchmarks/idle-cpu.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
window=${1:-30}
swift build -c release --product nodeui-tui >&2
bin="$PWD/.build/release/nodeui-tui"
work="$(mktemp -d)"
socket="idle-cpu-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
cat >"$work/clock.json" <<'JSON'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "tick", "kind": "clock", "name": "Tick", "interval": 1, "x": 2, "y": 1},
  {"id": "k", "kind": "number", "name": "K", "value": 1, "x": 2, "y": 9},
  {"id": "sum", "kind": "add", "name": "Sum", "inputs": ["tick", "k"], "x": 30, "y": 4}]}
JSON
tmux -L "$socket" new-session -d -s idle -x 120 -y 40 "cd $work && TERM=xterm-256color $bin clock.json"
for _ in $(seq 50); do pid="$(pgrep -f -- "$bin clock.json" | head -n 1 || true)"; [ -n "$pid" ] && break; sleep 0.1; done
sleep 3
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks "$pid")
first="$(tmux -L "$socket" capture-pane -p -t idle | grep -o '◷ [0-9]*' | head -n 1)"
sleep "$window"
after=$(ticks "$pid")
last="$(tmux -L "$socket" capture-pane -p -t idle | grep -o '◷ [0-9]*' | head -n 1)"
awk -v used=$((after - before)) -v hz="$hz" -v window="$window" -v first="$first" -v last="$last" 'BEGIN {
  printf "idle canvas with a 1 s clock: %.2f s of CPU over %d s = %.2f %% of a core (the clock went from %s to %s)\n",
    used / hz, window, 100 * used / hz / window, first, last }'
