#!/usr/bin/env bash
# Regenerates BENCHMARKS.md: a full release run (1e3 … 1e6, every workload and op, the canvas
# and file figures) into Benchmarks/results.jsonl, then renders the markdown from those JSON
# lines (and Benchmarks/results-before.jsonl, the 1e5 run of the library before the performance
# work, for the before/after column; and Benchmarks/report-notes.md, the prose).
#   Benchmarks/generate.sh            # full run, then four more rounds of the timed ops at
#                                     # 1e5/1e6 (≈ 20–25 min on 2 shared cores)
#   Benchmarks/generate.sh --quick    # up to 1e5
#   Benchmarks/generate.sh --ops LIST # measures only the engine ops in LIST (e.g. build_columns)
#                                     # again, as a full run and its four rounds would, in place
#                                     # of their rows in results.jsonl; keeps every other row
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --package-path Benchmarks --product nodegraph-bench >&2
bench=Benchmarks/.build/release/nodegraph-bench
export NODEGRAPH_SWIFT_VERSION="$(swift --version 2>&1 | head -1)"
if [ "${1:-}" = "--ops" ]; then
  [ -n "${2:-}" ] || { echo "generate.sh: --ops needs a list of ops, e.g. --ops build_columns" >&2; exit 2; }
  ops=$2
  fresh=Benchmarks/.ops.jsonl
  trap 'rm -f "$fresh" "$fresh".*' EXIT
  "$bench" --op "$ops" --jsonl "$fresh" >/dev/null
  for round in 2 3 4 5; do
    "$bench" --op "$ops" --n 1e5,1e6 --jsonl "$fresh.$round" >/dev/null
    grep -v '"machine"' "$fresh.$round" >> "$fresh"
    rm -f "$fresh.$round"
  done
  # Every row of another op is kept; the rows of these ops are the new run's.
  python3 - "$ops" Benchmarks/results.jsonl "$fresh" <<'PY'
import json, sys
ops, results, fresh = set(sys.argv[1].split(",")), sys.argv[2], sys.argv[3]
kept = [line for line in open(results) if json.loads(line).get("op") not in ops]
new = [line for line in open(fresh) if json.loads(line).get("op") in ops]
if not new:
    sys.exit(f"generate.sh: the run measured none of {sorted(ops)} (is each an op of --help?)")
open(results, "w").writelines(kept + new)
PY
  "$bench" --report Benchmarks/results.jsonl > BENCHMARKS.md
  echo "generate.sh: BENCHMARKS.md written ($ops measured again)" >&2
  exit 0
fi
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
