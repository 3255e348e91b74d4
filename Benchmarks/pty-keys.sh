#!/usr/bin/env bash
# The real terminal path, key to frame: the release nodeui-tui on a pseudo-terminal of 200×60
# (python3's os.openpty, TERM=xterm-256color, no tmux) on nodecanvas-bench's random graph of
# NODES nodes (20,000 by default). Presses `+` on the update source (node 0, which about 98 % of
# the graph depends on), then z, L and Tab (nodecanvas-bench's order), REPEAT times each (30 by
# default), one key at a time, and reports per key the median, p90 and max from writing the key
# to the last byte of its frame, and the program's CPU time for the key
# (Benchmarks/pty-keys.py: after its first byte the output is read until it is quiet for 20 ms; that wait is not
# counted).
#   bash Benchmarks/pty-keys.sh [NODES] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-20000}
repeat=${2:-30}
source Benchmarks/random-graph-prologue.sh "$nodes"
echo "nodeui-tui on random:$nodes, $repeat presses of each key"
python3 Benchmarks/pty-keys.py "$bin/nodeui-tui" "$work/random.json" --repeat "$repeat"
