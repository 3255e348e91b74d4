#!/usr/bin/env bash
# Opening a graph in the editor against `eval` of the same file (issue 25): the release
# nodeui-tui on nodecanvas-bench's random graph of NODES nodes (100,000 by default), RUNS runs
# each (3 by default). Prints the time to the editor's first frame (200×60 pseudo-terminal) and
# both programs' peak memory, and the ratios open / eval (target: both ≤ 1.5×).
#   bash Benchmarks/open.sh [NODES] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-100000}
runs=${2:-3}
source Benchmarks/random-graph-prologue.sh "$nodes"
echo "nodeui-tui on random:$nodes, $runs runs; $(uptime)"
python3 Benchmarks/open.py "$bin/nodeui-tui" "$work/random.json" --runs "$runs"
