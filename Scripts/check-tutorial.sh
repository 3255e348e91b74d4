#!/usr/bin/env bash
# Checks the NodeTerminal tutorial "Building a node tool": its ```swift blocks, in order, are the
# package's `halver` tool (Examples/Halver/main.swift, built without package access, as another
# package would build it), which is built and its headless part run as the article says. Run by
# Scripts/test.sh (not with --quick).
#   bash Scripts/check-tutorial.sh
set -euo pipefail
cd "$(dirname "$0")/.."
article="Sources/NodeTerminal/NodeTerminal.docc/BuildingANodeTool.md"
work="$(mktemp -d "${TMPDIR:-/tmp}/tutorial.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The article's code, blocks joined by a blank line, is the tool's source.
awk '/^```swift$/ { inside = 1; next } /^```$/ { if (inside) print ""; inside = 0; next } inside' \
  "$article" | sed '$d' >"$work/article.swift"
if ! cmp -s "$work/article.swift" Examples/Halver/main.swift; then
  echo "FAIL tutorial: the article's code and Examples/Halver/main.swift differ:"
  diff "$work/article.swift" Examples/Halver/main.swift | head -20
  exit 1
fi

swift build --product halver
halver="$(swift build --show-bin-path)/halver"

fail() {
  echo "FAIL tutorial: $*"
  exit 1
}

# eval: the tool's own kind computes.
cat >"$work/graph.json" <<'JSON'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "ten", "kind": "number", "name": "Ten", "value": 10},
  {"id": "half", "kind": "halve", "name": "Half", "inputs": ["ten"]}]}
JSON
values="$("$halver" eval "$work/graph.json")"
[ "$values" = "$(printf 'Ten (ten): 10\nHalf (half): 5')" ] || fail "eval printed: $values"

# replay: the rule refuses the ninth node with the tool's reason.
: >"$work/more.jsonl"
for n in 3 4 5 6 7 8 9; do
  printf '{"op":"addNode","id":"n%s","kind":"number"}\n' "$n" >>"$work/more.jsonl"
done
replayed="$("$halver" replay "$work/graph.json" --edits "$work/more.jsonl")"
[[ "$replayed" == *"line 7: addNode refused: a halver graph holds at most 8 nodes"* ]] ||
  fail "replay printed: $replayed"

# watch: the tool's runner drives its live kind.
cat >"$work/ramps.json" <<'JSON'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "r", "kind": "ramp", "name": "Ramp", "interval": 0.2},
  {"id": "h", "kind": "halve", "name": "Half", "inputs": ["r"]}]}
JSON
watched="$("$halver" watch "$work/ramps.json" --json --max-updates 2 </dev/null)"
last="$(printf '%s\n' "$watched" | tail -n 1)"
# A late tick may skip a count: the ramp's value is its tick, the half node's half of it.
[[ "$last" =~ ^\{\"source\":\"r\",\"changed\":\[\{\"id\":\"r\",\"value\":([0-9]+)\},\{\"id\":\"h\",\"value\":([0-9.]+)\}\]\}$ ]] ||
  fail "watch printed: $watched"
[ "$(awk -v r="${BASH_REMATCH[1]}" 'BEGIN { print r / 2 }')" = "${BASH_REMATCH[2]}" ] ||
  fail "the half of the ramp is not half of it: $last"
echo "PASS tutorial: built, eval, replay and watch as the article says"
