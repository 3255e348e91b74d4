#!/usr/bin/env bash
# A stable regression signal: instructions per operation under callgrind (exact run to run with
# SWIFT_DETERMINISTIC_HASHING=1 and setarch -R), compared with Benchmarks/callgrind-baseline.txt.
# Reports only: wall clock on shared machines moves 60–100 %, instruction counts do not. Never
# gate CI on wall clock; this script exits 0 unless --strict is given and a count grew > 5 %.
#
#   Benchmarks/callgrind.sh                     # build (release), measure, compare
#   Benchmarks/callgrind.sh --update-baseline   # measure and rewrite the baseline
#   Benchmarks/callgrind.sh --strict            # exit 1 on a regression above 5 %
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=Benchmarks/callgrind-baseline.txt
update=0; strict=0
for arg in "$@"; do
  case "$arg" in
    --update-baseline) update=1 ;;
    --strict) strict=1 ;;
    *) echo "unknown argument $arg" >&2; exit 2 ;;
  esac
done
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed" >&2; exit 0; }
swift build -c release --package-path Benchmarks --product nodegraph-bench >&2
bench=Benchmarks/.build/release/nodegraph-bench
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# op workload n reps: small fixed workloads (the op runs reps times inside the measured region).
cases=(
  "build random 1e4 1" "build_columns random 1e4 1" "build_edits random 1e4 1"
  "eval chain 1e4 10" "eval lattice 1e4 10" "eval random 1e4 10" "eval fanout 1e4 10"
  "update chain 1e4 10" "update lattice 1e4 10" "update random 1e4 10" "update fanout 1e4 10"
  "update_small random 1e4 1000" "update_small_cold random 1e4 1000" "update_noop random 1e4 1000"
  "cycle chain 1e4 10" "cycle lattice 1e4 100" "cycle random 1e4 100"
  "link_check random 1e4 1000" "link_check_ids random 1e4 1000" "link_ok chain 1e4 10" "link_ok random 1e4 10"
  "topo random 1e4 10"
  "groups_edit groups 0 10" "flat_eval groups 0 10"
)
results="$out/results.txt"
printf "%-14s %-8s %-5s %16s %14s\n" "# op" "workload" "n" "instr/op" "instr/node" > "$results"
for spec in "${cases[@]}"; do
  read -r op workload n reps <<<"$spec"
  log="$out/$op-$workload.log"
  SWIFT_DETERMINISTIC_HASHING=1 setarch -R valgrind --tool=callgrind \
    --callgrind-out-file="$out/cg.out" --toggle-collect='*callgrindMeasuredRegion*' \
    "$bench" --instructions "$op" "$workload" "$n" "$reps" >"$log" 2>&1
  total=$(grep -E "Collected :" "$log" | awk '{print $NF}')
  recomputes=$(grep -E "^recomputes_per_op" "$log" | awk '{print $2}')
  per_op=$((total / reps))
  if [ "${recomputes:-0}" -gt 0 ]; then per_node=$((per_op / recomputes)); else per_node="-"; fi
  printf "%-14s %-8s %-5s %16d %14s\n" "$op" "$workload" "$n" "$per_op" "$per_node" >> "$results"
done

if [ "$update" = 1 ]; then
  cp "$results" "$baseline"
  echo "callgrind.sh: baseline written to $baseline" >&2
  cat "$results"
  exit 0
fi
status=0
printf "%-14s %-8s %-5s %16s %16s %9s\n" "op" "workload" "n" "instr/op" "baseline" "change"
while read -r op workload n per_op per_node; do
  [ "${op:0:1}" = "#" ] && continue
  base=$(awk -v o="$op" -v w="$workload" -v s="$n" '$1==o && $2==w && $3==s {print $4}' "$baseline" 2>/dev/null || true)
  if [ -n "$base" ] && [ "$base" -gt 0 ]; then
    change=$(awk -v a="$per_op" -v b="$base" 'BEGIN { printf "%+.1f%%", (a - b) * 100 / b }')
    if awk -v a="$per_op" -v b="$base" 'BEGIN { exit !(a > b * 1.05) }'; then status=1; change="$change  REGRESSION"; fi
  else
    base="-"; change="(new)"
  fi
  printf "%-14s %-8s %-5s %16s %16s %9s\n" "$op" "$workload" "$n" "$per_op" "$base" "$change"
done < "$results"
if [ "$strict" = 1 ]; then exit $status; fi
exit 0
