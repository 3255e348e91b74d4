# A plot fed by a clock ticking every 0.1 s: its chart and its maximum change on screen with no
# key pressed. Sourced by run.sh.

# plot_chart NAME — the plot's chart: every braille character on the screen (U+2800–U+28FF, the
# bytes E2 A0 80 to E2 A3 BF), in order. Nothing else on this screen is braille.
plot_chart() { screen "$1" | LC_ALL=C grep -o $'\xe2[\xa0-\xa3][\x80-\xbf]' | tr -d '\n'; }

case_a_plot_fed_by_a_clock_moves_without_a_key() {
  local s=a_plot_fed_by_a_clock_moves_without_a_key dir="$WORK/plot"
  mkdir -p "$dir"
  cat >"$dir/plot.json" <<'JSON'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "tick", "kind": "clock", "name": "Tick", "interval": 0.1, "x": 2, "y": 1},
  {"id": "p", "kind": "plot", "name": "Trend", "samples": 30, "inputs": ["tick"], "x": 30, "y": 1}]}
JSON
  start $s "$dir" plot.json
  wait_for $s "Trend" || return 1
  local first second deadline=$((SECONDS + TIMEOUT))
  first="$(plot_chart $s)"
  [ -n "$first" ] || fail "no chart on the screen: $(screen $s)" || return 1
  second="$first"
  while [ "$second" = "$first" ] && [ $SECONDS -le $deadline ]; do
    sleep 0.1
    second="$(plot_chart $s)"
  done
  [ "$second" != "$first" ] || fail "the chart did not change without a key" || return 1
  # Three different charts in a row: it keeps moving.
  local third="$second"
  deadline=$((SECONDS + TIMEOUT))
  while [ "$third" = "$second" ] && [ $SECONDS -le $deadline ]; do
    sleep 0.1
    third="$(plot_chart $s)"
  done
  [ "$third" != "$second" ] || fail "the chart stopped changing" || return 1
  # No key was pressed: the status line still shows the opening hint.
  wait_status $s "NORMAL" || return 1
  keys $s q && wait_for $s "[exit=0]" || return 1
  grep -qF '"samples": 30' "$dir/plot.json" || fail "the file changed" || return 1
}

all_cases+=(a_plot_fed_by_a_clock_moves_without_a_key)
