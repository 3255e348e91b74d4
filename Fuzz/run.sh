#!/usr/bin/env bash
# Fuzz every target (or those named) for SECONDS each with libFuzzer and AddressSanitizer.
#   Fuzz/run.sh 60                 # each target for 60 s
#   Fuzz/run.sh 300 journal        # one target
# New crashes are copied to Fuzz/FailCases/TARGET/ (commit them: CI replays them every run).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(graphfile journal numbers canvas theme formula)
scratch=.build-fuzz
swift build -c release --product nodegraph-fuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -DFUZZING 2>&1 | grep -E "error|warning: unre|Compiling|Build" | tail -3
binary="$scratch/release/nodegraph-fuzz"
[ -x "$binary" ] || { echo "fuzz build failed" >&2; exit 1; }
status=0
for target in "${targets[@]}"; do
  work="Fuzz/.work/$target"
  rm -rf "$work/crashes"
  mkdir -p "$work/corpus" "$work/crashes" "Fuzz/FailCases/$target"
  cp -n Fuzz/corpus/"$target"/* "$work/corpus/" 2>/dev/null
  dict=()
  [ -f "Fuzz/$target.dict" ] && dict=(-dict="Fuzz/$target.dict")
  SWIFT_BACKTRACE=enable=no "$binary" "$target" "$work/corpus" "${dict[@]}" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/crashes/" -print_final_stats=1 >"$work/log.txt" 2>&1
  execs=$(grep -E "stat::number_of_executed_units" "$work/log.txt" | awk '{print $2}')
  crashes=$(find "$work/crashes" -type f | wc -l)
  for crash in "$work"/crashes/*; do
    [ -f "$crash" ] && cp "$crash" "Fuzz/FailCases/$target/"
  done
  echo "$target: ${execs:-0} executions in ${seconds}s, $crashes crashes"
  [ "$crashes" -eq 0 ] || { status=1; grep -E "Fatal error|ERROR:" "$work/log.txt" | head -3; }
done
exit $status
