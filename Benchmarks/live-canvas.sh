#!/usr/bin/env bash
# The real nodeui-tui with live sources, in tmux, on a graph whose 1 s clock and file source each
# feed an add:
#  - idle: its CPU time (/proc/PID/stat, user + system) over SECONDS (30 by default) while nobody
#    touches a key and only the clock ticks;
#  - update to frame: WRITES new numbers (40 by default) written into the file one at a time,
#    0.1 s apart, each timed from the write to the moment tmux's screen shows it (capture-pane
#    polled in a loop, so the figure includes tmux taking in the frame: an upper bound). The path
#    is the whole one: inotify, the sources' thread, the event loop's mailbox, the recompute, the
#    frame and ncurses.
#   bash Benchmarks/live-canvas.sh [SECONDS] [WRITES]
set -euo pipefail
cd "$(dirname "$0")/.."
window=${1:-30}
writes=${2:-40}
swift build -c release --product nodeui-tui >&2
bin="$PWD/.build/release/nodeui-tui"
work="$(mktemp -d)"
socket="live-canvas-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
cat >"$work/live.json" <<'JSON'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "tick", "kind": "clock", "name": "Tick", "interval": 1, "x": 2, "y": 1},
  {"id": "reading", "kind": "file", "name": "Reading", "path": "n.txt", "x": 2, "y": 9},
  {"id": "k", "kind": "number", "name": "K", "value": 1, "x": 2, "y": 17},
  {"id": "sum", "kind": "add", "name": "Sum", "inputs": ["tick", "k"], "x": 30, "y": 4},
  {"id": "total", "kind": "add", "name": "Total", "inputs": ["reading", "k"], "x": 30, "y": 12}]}
JSON
echo 0 >"$work/n.txt"
tmux -L "$socket" new-session -d -s live -x 120 -y 40 "cd $work && TERM=xterm-256color $bin live.json"
screen() { tmux -L "$socket" capture-pane -p -t live; }
shows() { screen | grep -qF -- "$1"; }
for _ in $(seq 100); do shows "▤ 0" && break; sleep 0.1; done
shows "▤ 0" || { echo "the program did not show its first reading" >&2; exit 1; }
pid="$(pgrep -f -- "$bin live.json" | head -n 1)"
load() { cut -d' ' -f1 /proc/loadavg; }

sleep 3
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
before=$(ticks)
first="$(screen | grep -o '◷ [0-9]*' | head -n 1)"
sleep "$window"
after=$(ticks)
last="$(screen | grep -o '◷ [0-9]*' | head -n 1)"
awk -v used=$((after - before)) -v hz="$(getconf CLK_TCK)" -v window="$window" -v first="$first" -v last="$last" \
  -v load="$(load)" 'BEGIN {
  printf "idle with a 1 s clock: %.2f s of CPU over %d s = %.2f %% of a core (the clock went from %s to %s; load average %s)\n",
    used / hz, window, 100 * used / hz / window, first, last, load }'

now() { local t=$EPOCHREALTIME; echo "${t/[.,]/}"; }  # microseconds, without a fork
# The measure's resolution: what one look at the screen costs.
start=$(now)
for _ in $(seq 20); do shows "no such text" || true; done
look=$((($(now) - start) / 20))
latencies=()
for i in $(seq "$writes"); do
  value=$((1000 + i))
  start=$(now)
  echo "$value" >"$work/n.txt"
  until shows "▤ $value"; do
    [ $(($(now) - start)) -lt 5000000 ] || { echo "write $i was not shown within 5 s" >&2; exit 1; }
  done
  latencies+=($(($(now) - start)))
  sleep 0.1
done
printf '%s\n' "${latencies[@]}" | sort -n | awk -v load="$(load)" -v look="$look" '
  { a[NR] = $1 / 1000 }
  END { printf "file written -> frame on screen, %d writes: median %.1f ms, p90 %.1f ms, max %.1f ms (one look at the screen: %.1f ms; load average %s)\n",
        NR, a[int((NR + 1) / 2)], a[int(NR * 0.9 + 0.5)], a[NR], look / 1000, load }'
