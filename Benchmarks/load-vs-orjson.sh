#!/usr/bin/env bash
# Loading a large graph file (`nodeui-tui check` and `eval`, release build) against orjson parsing
# the same file, in the same run (issue 29): the time of each (median of ROUNDS, the programs
# taking turns), and the peak resident memory of each load (/usr/bin/time -v) against the file's
# size.
#   Benchmarks/load-vs-orjson.sh              # 1,000,000 nodes (the random workload, ≈ 108 MB)
#   Benchmarks/load-vs-orjson.sh 100000 5     # NODES ROUNDS
#   NODEGRAPH_NO_BUILD=1 Benchmarks/load-vs-orjson.sh   # use .build/release/nodeui-tui as it is
# orjson is installed with pip when it is missing; when it cannot be, the comparison is skipped
# (saying so) and the load figures are still printed.
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-1000000}
rounds=${2:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/nodegraph-load.XXXXXX")
trap 'rm -rf "$work"' EXIT
file=$work/random-$nodes.json

# The random workload of ../shared/bench/WORKLOADS.md as a graph file, laid out as
# nodegraph-bench's file benchmark lays it out (300 nodes a column): ids n0…, sources `number`
# holding 1, the others `add` of three earlier nodes.
python3 - "$nodes" "$file" <<'EOF'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
M = (1 << 64) - 1
def splitmix(seed, i):
    z = (seed + (i + 1) * 0x9E3779B97F4A7C15) & M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)
with open(path, "w") as out:
    out.write('{\n  "format": "nodegraph",\n  "nodes": [\n')
    for i in range(n):
        x, y = (i // 300) * 24, (i % 300) * 6
        if i < 3 or i % 50 == 0:
            line = f'    {{"id": "n{i}", "kind": "number", "value": 1, "x": {x}, "y": {y}}}'
        else:
            a = splitmix(42, 3 * i) % i
            b = splitmix(42, 3 * i + 1) % (i - 1)
            if b >= a: b += 1
            c = splitmix(42, 3 * i + 2) % (i - 2)
            if c >= min(a, b): c += 1
            if c >= max(a, b): c += 1
            line = f'    {{"id": "n{i}", "inputs": ["n{a}", "n{b}", "n{c}"], "kind": "add", "x": {x}, "y": {y}}}'
        out.write(line + (",\n" if i < n - 1 else "\n"))
    out.write('  ],\n  "version": 1\n}\n')
EOF
bytes=$(stat -c %s "$file")

[ -n "${NODEGRAPH_NO_BUILD:-}" ] || swift build -c release --product nodeui-tui >&2
tui=.build/release/nodeui-tui

orjson=yes
if ! python3 -c 'import orjson' 2>/dev/null; then
  echo "load-vs-orjson: orjson is missing; installing it with pip" >&2
  pip install --user orjson >&2 2>/dev/null || pip install --user --break-system-packages orjson >&2 2>/dev/null || true
  if ! python3 -c 'import orjson' 2>/dev/null; then
    echo "load-vs-orjson: orjson could not be installed: the comparison with it is skipped" >&2
    orjson=no
  fi
fi

# One measurement: "SECONDS PEAK_RSS_BYTES" of a command, from /usr/bin/time -v.
measure() {
  /usr/bin/time -v "$@" >/dev/null 2>"$work/time" || { cat "$work/time" >&2; exit 1; }
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i] }
              /Maximum resident set size/ { rss = $2 * 1024 }
              END { printf "%.3f %d\n", s, rss }' "$work/time"
}

# orjson: the parse alone (the file read first, untimed), timed inside Python.
orjson_parse() {
  python3 - "$file" <<'EOF'
import sys, time, orjson
data = open(sys.argv[1], "rb").read()
start = time.perf_counter()
document = orjson.loads(data)
print(f"{time.perf_counter() - start:.3f}", len(document["nodes"]))
EOF
}

: >"$work/check" >"$work/eval" >"$work/orjson"
for _ in $(seq "$rounds"); do
  [ "$orjson" = yes ] && orjson_parse | awk '{ print $1 }' >>"$work/orjson"
  measure "$tui" check "$file" >>"$work/check"
  measure "$tui" eval "$file" >>"$work/eval"
done

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
check_s=$(awk '{ print $1 }' "$work/check" | median)
eval_s=$(awk '{ print $1 }' "$work/eval" | median)
check_rss=$(awk '{ print $2 }' "$work/check" | sort -n | tail -1)
eval_rss=$(awk '{ print $2 }' "$work/eval" | sort -n | tail -1)

echo "machine load: $(uptime | sed 's/.*load average/load average/')"
printf "file: %d nodes, %.1f MB\n" "$nodes" "$(echo "$bytes / 1000000" | bc -l)"
if [ "$orjson" = yes ]; then
  orjson_s=$(median <"$work/orjson")
  printf "orjson.loads: %.3f s (median of %d)\n" "$orjson_s" "$rounds"
fi
for run in check eval; do
  s=${run}_s rss=${run}_rss
  printf "nodeui-tui %s: %.3f s (median of %d)" "$run" "${!s}" "$rounds"
  if [ "$orjson" = yes ]; then
    ratio=$(echo "${!s} / $orjson_s" | bc -l)
    printf ", %.2f× orjson (target ≤ 1.5×: %s)" "$ratio" "$(echo "$ratio <= 1.5" | bc -l | sed 's/1/met/;s/0/missed/')"
  fi
  per=$(echo "${!rss} / $bytes" | bc -l)
  printf "; peak RSS %.0f MB, %.2f× the file (target ≤ 2×: %s)\n" "$(echo "${!rss} / 1000000" | bc -l)" "$per" \
    "$(echo "$per <= 2" | bc -l | sed 's/1/met/;s/0/missed/')"
done
