# Sourced by the editor's benchmark scripts (open.sh, pty-keys.sh, pty-keys-callgrind.sh) after
# `cd` to the package: builds the release nodeui-tui and nodecanvas-bench, and writes
# nodecanvas-bench's random graph of NODES nodes to "$work/random.json".
#   source Benchmarks/random-graph-prologue.sh NODES
# Sets `bin` (the release build's directory) and `work` (a temporary directory, removed on exit).
swift build -c release --product nodeui-tui >&2
swift build -c release --product nodecanvas-bench >&2
bin="$PWD/.build/release"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin/nodecanvas-bench" --write "random:$1" "$work/random.json" >&2
