# Background kinds: Examples/LogicGates' `delay` passes its input bit on `seconds` later, computed
# away from the event loop. While it computes its lamp shows … and keys are answered; when the
# bit arrives the lamp lights without a key press; a newer input starts it over. Sourced by run.sh.

# The lamp of the delay, as its body (`⧖ a  ●`) shows it.
delay_lamp() { screen "$1" | sed -n 's/.*⧖ a *\([●○…]\).*/\1/p' | head -n 1; }

# wait_delay_lamp NAME LAMP — until the delay's lamp reads LAMP.
wait_delay_lamp() {
  local name="$1" deadline=$((SECONDS + TIMEOUT))
  while [ $SECONDS -le $deadline ]; do
    [ "$(delay_lamp "$name")" = "$2" ] && return 0
    sleep 0.05
  done
  fail "the delay's lamp reads '$(delay_lamp "$name")', want '$2'"
}

case_background_delay_is_pending_while_keys_are_answered() {
  local s=background_delay_is_pending_while_keys_are_answered dir="$WORK/background"
  mkdir -p "$dir"
  cat >"$dir/slow.circuit" <<'CIRCUIT'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "a", "kind": "switch", "name": "A", "value": true, "x": 2, "y": 1},
  {"id": "d", "kind": "delay", "name": "Slow", "seconds": 3, "inputs": ["a"], "x": 28, "y": 1}]}
CIRCUIT
  PROGRAM="$LOGIC_GATES" start $s "$dir" slow.circuit
  wait_for $s "Slow" || return 1
  [ "$(delay_lamp $s)" = "…" ] || fail "the delay's lamp reads '$(delay_lamp $s)' at the start, want …" ||
    return 1
  # A key is answered while the delay computes: the cursor moves to A, the lamp still waits.
  keys $s Tab && wait_status $s "NORMAL  A" || return 1
  [ "$(delay_lamp $s)" = "…" ] || fail "the delay finished before the key was answered" || return 1
  # Its bit arrives without a key press.
  wait_delay_lamp $s ● || return 1
  # Switching A off starts it over: pending again, then off.
  keys $s Enter && wait_delay_lamp $s … || return 1
  wait_status $s "NORMAL  A" || return 1
  wait_delay_lamp $s ○ || return 1
  # The saved file holds the delay's kind, setting and input, nothing of its result.
  keys $s s && wait_status $s "saved slow.circuit" || return 1
  grep -q '"seconds": 3' "$dir/slow.circuit" || fail "the delay's setting was not saved" || return 1
  ! grep -q pending "$dir/slow.circuit" || fail "a pending value was saved" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0" || return 1
  restored $s "$dir" || return 1
}

all_cases+=(background_delay_is_pending_while_keys_are_answered)
