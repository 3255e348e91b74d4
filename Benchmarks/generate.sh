#!/usr/bin/env bash
# Regenerates BENCHMARKS.md: a full release run (1e3 … 1e6, every workload and op, the canvas
# and file figures) into Benchmarks/results.jsonl, then renders the markdown from those JSON
# lines (and Benchmarks/results-before.jsonl, the 1e5 run of the library before the performance
# work, for the before/after column; and Benchmarks/report-notes.md, the prose).
#   Benchmarks/generate.sh            # full run, then four more rounds of the timed ops at
#                                     # 1e5/1e6 (≈ 20–25 min on 2 shared cores)
#   Benchmarks/generate.sh --quick    # up to 1e5
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --package-path Benchmarks --product nodegraph-bench >&2
bench=Benchmarks/.build/release/nodegraph-bench
export NODEGRAPH_SWIFT_VERSION="$(swift --version 2>&1 | head -1)"
"$bench" --jsonl Benchmarks/results.jsonl --table "$@"
# Four more rounds of the timed operations at the sizes the targets name (1e5, 1e6), and of the
# constant-time ones at every size, both engines again: the report keeps each figure's fastest
# median (noise on shared cores only adds time).
if [ "${1:-}" != "--quick" ]; then
  for round in 2 3 4 5; do
    "$bench" --op eval,update,update_small,update_small_ids,update_small_cold,update_noop,cycle,cycle_ids,link_check,link_check_ids,topo,build,build_columns \
      --n 1e5,1e6 \
      --jsonl "Benchmarks/.round$round.jsonl" >/dev/null
    # The constant-time operations' targets hold at every n: their small sizes get rounds too.
    "$bench" --op update_small,update_small_ids,update_small_cold,update_noop,link_check,link_check_ids --n 1e3,1e4 \
      --jsonl "Benchmarks/.round$round-small.jsonl" >/dev/null
    cat "Benchmarks/.round$round.jsonl" "Benchmarks/.round$round-small.jsonl" >> Benchmarks/results.jsonl
    rm -f "Benchmarks/.round$round.jsonl" "Benchmarks/.round$round-small.jsonl"
  done
fi
"$bench" --report Benchmarks/results.jsonl > BENCHMARKS.md
echo "generate.sh: BENCHMARKS.md written" >&2
