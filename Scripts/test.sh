#!/usr/bin/env bash
# Runs every NodeGraph check, as CI does: the format lint; unit, property and CLI tests; the fuzz
# corpus and every saved failure; the terminal end-to-end tests; the tutorial's code; the soak run;
# AddressSanitizer; the docs.
#   bash Scripts/test.sh           everything
#   bash Scripts/test.sh --quick   the lint, then unit, property and CLI tests only
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
export SWIFT_BACKTRACE=interactive=no
quick=0
[ "${1:-}" = "--quick" ] && quick=1

step() { printf '\n== %s\n' "$*"; }
# Runs a command with its output in .build/logs/NAME.log; prints the lines that matter and the
# log's path on failure, and keeps the command's exit status.
logged() {
  local name=$1 filter=$2
  shift 2
  mkdir -p .build/logs
  local status=0
  "$@" >".build/logs/$name.log" 2>&1 || status=$?
  grep -E "$filter" ".build/logs/$name.log" || true
  if [ $status -ne 0 ]; then
    echo "FAILED ($status): $*  — full output in .build/logs/$name.log"
    tail -40 ".build/logs/$name.log"
  fi
  return $status
}
started=$SECONDS

step "format lint (swift format lint --strict, the committed .swift-format)"
swift format lint --strict --recursive --parallel Package.swift Sources Tests Examples Benchmarks Fuzz

step "build"
logged build "error|warning: [^p]|Build complete" swift build --build-tests
step "unit, property and CLI tests"
logged test "✘|Suite .* (passed|failed)|Test run with" swift test --skip-build
[ $quick -eq 1 ] && exit 0

# The AddressSanitizer build runs in the background while the fuzz, terminal, tutorial and soak
# checks run (the terminal checks mostly wait on tmux); its tests run at the end.
asan_flags=(--scratch-path .build-asan --sanitize=address -Xcc -fsanitize=undefined)
mkdir -p .build/logs
swift build --build-tests "${asan_flags[@]}" >.build/logs/asan-build.log 2>&1 &
asan_build=$!
trap 'kill "$asan_build" 2>/dev/null || true' EXIT

step "fuzz corpus and saved failures"
for target in graphfile journal numbers canvas theme formula; do
  if [ -d "Fuzz/corpus/$target" ]; then
    .build/debug/nodegraph-fuzz "$target" "Fuzz/corpus/$target" "Fuzz/FailCases/$target"
  fi
done

if [ -x Tests/e2e/run.sh ] || [ -f Tests/e2e/run.sh ]; then
  step "terminal end-to-end tests (tmux)"
  NODEUI_TUI="$(swift build --show-bin-path)/nodeui-tui" bash Tests/e2e/run.sh
fi

step "the tutorial 'Building a node tool': its code is the halver tool, built and run"
bash Scripts/check-tutorial.sh

step "soak: 1,000,000 edits on 100,000 nodes"
logged soak-build "error|Build complete" swift build -c release --product nodegraph-soak
.build/release/nodegraph-soak --nodes 100000 --edits 1000000 --check-every 250000

step "AddressSanitizer (and UBSan on the C shim)"
if ! wait "$asan_build"; then
  echo "FAILED: the AddressSanitizer build — full output in .build/logs/asan-build.log"
  tail -40 .build/logs/asan-build.log
  exit 1
fi
# Every test runs, the property tests at a quarter of their cases (each costs several times as
# much here; the full counts ran above).
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$PWD/Tests/lsan-suppressions.txt" \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 NODEGRAPH_PROPERTY_SCALE=0.25 \
  logged asan "ERROR: AddressSanitizer|runtime error|SUMMARY|Test run with|✘" \
  swift test "${asan_flags[@]}"
if [ -f Scripts/docs.sh ]; then
  step "documentation (warnings are errors)"
  bash Scripts/docs.sh
fi
step "all checks passed in $((SECONDS - started)) s"
