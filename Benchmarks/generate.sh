#!/usr/bin/env bash
# Regenerates BENCHMARKS.md: a full release run (1e3 … 1e6, every workload and op, the canvas
# and file figures) into Benchmarks/results.jsonl, then renders the markdown from those JSON
# lines (and Benchmarks/results-before.jsonl, the 1e5 run of the library before the performance
# work, for the before/after column; and Benchmarks/report-notes.md, the prose).
#   Benchmarks/generate.sh            # full run (≈ 5–10 min on 2 shared cores)
#   Benchmarks/generate.sh --quick    # up to 1e5
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --package-path Benchmarks --product nodegraph-bench >&2
bench=Benchmarks/.build/release/nodegraph-bench
export NODEGRAPH_SWIFT_VERSION="$(swift --version 2>&1 | head -1)"
"$bench" --jsonl Benchmarks/results.jsonl --table "$@"
"$bench" --report Benchmarks/results.jsonl > BENCHMARKS.md
echo "generate.sh: BENCHMARKS.md written" >&2
