# Live sources on the canvas: a file written and a clock ticking redraw the frame with no key
# pressed, in link mode and while a value is being edited. Sourced by run.sh.

# live_graph DIR SOURCE — a graph file in DIR: SOURCE (a node's JSON, id "src") and a number Q
# feeding an add.
live_graph() {
  mkdir -p "$1"
  cat >"$1/live.json" <<EOF2
{"format": "nodegraph", "version": 1, "nodes": [
  $2,
  {"id": "k", "kind": "number", "name": "Q", "value": 1, "x": 2, "y": 10},
  {"id": "sum", "kind": "add", "name": "Sum", "inputs": ["src", "k"], "x": 30, "y": 4}]}
EOF2
}

case_a_file_written_redraws_the_canvas_in_link_mode() {
  local s=a_file_written_redraws_the_canvas_in_link_mode
  live_graph "$WORK/livefile" '{"id": "src", "kind": "file", "name": "Reading", "path": "n.txt", "x": 2, "y": 1}'
  echo 2 >"$WORK/livefile/n.txt"
  start $s "$WORK/livefile" live.json
  wait_for $s "x + y + z     = 3" || return 1
  wait_for $s "live · n.txt" || return 1
  wait_status $s "1 live" || return 1
  keys $s / Q Enter Escape && wait_status $s "NORMAL  Q" || return 1
  keys $s l && wait_status $s "LINK" || return 1
  keys $s Tab && wait_status $s "Tab next" || return 1
  local before
  before="$(status_line $s)"
  echo 7 >"$WORK/livefile/n.txt"
  wait_for $s "x + y + z     = 8" || return 1
  wait_for $s "▤ 7" || return 1
  [ "$(status_line $s)" = "$before" ] || fail "the update changed the status line: $(status_line $s)" || return 1
  rm "$WORK/livefile/n.txt"
  wait_for $s "cannot read 'n.txt'" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  wait_status $s "1 live · Reading failing" || return 1
}

# clock_reading NAME — the seconds the clock node shows (after "◷ "), or nothing.
clock_reading() { screen "$1" | sed -n 's/.*◷ \([0-9.]*\).*/\1/p' | head -n 1; }

# wait_clock_past NAME SECONDS — until the clock shows more than SECONDS. A busy machine may
# skip a tick (a late clock shows its latest reading once), so no exact reading is awaited.
wait_clock_past() {
  local name="$1" seconds="$2" deadline=$((SECONDS + TIMEOUT)) now=""
  while [ $SECONDS -le $deadline ]; do
    now="$(clock_reading "$name")"
    [ -n "$now" ] && awk -v now="$now" -v before="$seconds" 'BEGIN { exit !(now > before) }' && return 0
    sleep 0.05
  done
  fail "the clock stayed at ${now:-nothing}, not past $seconds"
}

case_a_ticking_clock_redraws_while_a_value_is_edited() {
  local s=a_ticking_clock_redraws_while_a_value_is_edited
  live_graph "$WORK/liveclock" '{"id": "src", "kind": "clock", "name": "Tick", "interval": 0.5, "x": 2, "y": 1}'
  start $s "$WORK/liveclock" live.json
  wait_for $s "live · every 0.5 s" || return 1
  keys $s / Q Enter Escape && wait_status $s "NORMAL  Q" || return 1
  keys $s e && wait_status $s "EDIT" || return 1
  keys $s BSpace 4 2 && wait_status $s "Q = 42" || return 1
  # No key from here: the clock alone moves the frame on, twice.
  local first
  first="$(clock_reading $s)"
  [ -n "$first" ] || fail "no clock reading on screen" || return 1
  wait_clock_past $s "$first" || return 1
  wait_clock_past $s "$(clock_reading $s)" || return 1
  wait_status $s "Q = 42" || return 1
  keys $s Enter && wait_status $s "NORMAL" || return 1
  wait_for $s "│ 42" || return 1
}

all_cases+=(
  a_file_written_redraws_the_canvas_in_link_mode
  a_ticking_clock_redraws_while_a_value_is_edited
)
