# Examples/LogicGates, a second tool on the same editor: Enter flips a switch and the lamps of
# the half adder follow; the circuit saves as the tool's own file, which its headless eval
# reads; q gives the terminal back. Sourced by run.sh.

# The lamps of Sum (a ⊕ b) and Carry (a ∧ b), as their bodies show them.
sum_lamp() { screen "$1" | sed -n 's/.*a ⊕ b *\([●○]\).*/\1/p' | head -n 1; }
carry_lamp() { screen "$1" | sed -n 's/.*a ∧ b *\([●○]\).*/\1/p' | head -n 1; }

# wait_lamps NAME SUM CARRY — until Sum's and Carry's lamps read SUM and CARRY.
wait_lamps() {
  local name="$1" deadline=$((SECONDS + TIMEOUT))
  while [ $SECONDS -le $deadline ]; do
    [ "$(sum_lamp "$name")" = "$2" ] && [ "$(carry_lamp "$name")" = "$3" ] && return 0
    sleep 0.05
  done
  fail "lamps Sum=$(sum_lamp "$name") Carry=$(carry_lamp "$name"), want Sum=$2 Carry=$3"
}

case_logic_gates_switches_light_the_lamps() {
  local s=logic_gates_switches_light_the_lamps dir="$WORK/gates"
  PROGRAM="$LOGIC_GATES" start $s "$dir"
  wait_for $s "half adder" || return 1
  wait_lamps $s ○ ○ || return 1
  keys $s Tab && wait_status $s "NORMAL  A" || return 1
  wait_status $s "Enter flips" || return 1
  keys $s Enter && wait_for $s "● on" || return 1
  wait_lamps $s ● ○ || return 1
  keys $s Tab Tab && wait_status $s "NORMAL  B" || return 1
  keys $s Enter && wait_lamps $s ○ ● || return 1
  keys $s u && wait_lamps $s ● ○ || return 1
  keys $s U && wait_lamps $s ○ ● || return 1
  keys $s s && wait_status $s "SAVE AS  file: half-adder.circuit" || return 1
  keys $s BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace \
    BSpace BSpace BSpace BSpace && tm send-keys -t $s -l "mine" && keys $s Enter || return 1
  wait_status $s "saved mine.circuit (4 nodes)" || return 1
  local values
  values="$("$LOGIC_GATES" eval "$dir/mine.circuit")" || fail "eval of the saved circuit failed" || return 1
  [[ "$values" == *"Carry (carry): true"* && "$values" == *"Sum (sum): false"* ]] ||
    fail "the saved circuit evaluates to: $values" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0" || return 1
  restored $s "$dir" || return 1
}

case_logic_gates_draws_lamps_in_ascii() {
  local s=logic_gates_draws_lamps_in_ascii dir="$WORK/gates-ascii"
  PROGRAM="$LOGIC_GATES" start $s "$dir" --ascii
  wait_for $s "a xor b" || return 1
  keys $s Tab Enter && wait_for $s "1 on" || return 1
  screen $s | grep -q "a xor b *1" || fail "Sum's lamp is not lit" || return 1
  if screen $s | LC_ALL=C grep -q '[^ -~]'; then fail "a byte at or above 0x80 on screen" || return 1; fi
}

# T (the tool's own `truth-table` command) shows the selected switches' truth table in a panel;
# T again hides it. `?` lists the command with its key.
case_logic_gates_truth_table() {
  local s=logic_gates_truth_table dir="$WORK/gates-table"
  PROGRAM="$LOGIC_GATES" start $s "$dir"
  wait_for $s "half adder" || return 1
  keys $s Tab && wait_status $s "NORMAL  A" || return 1
  keys $s Space Tab Tab && wait_status $s "2 selected" || return 1
  keys $s T && wait_for $s "Truth table" || return 1
  wait_for $s "A B | Carry Sum" || return 1
  wait_for $s "0 1 | 0     1" || return 1
  wait_for $s "1 1 | 1     0" || return 1
  keys $s T && wait_without $s "Truth table" || return 1
  keys $s '?' && wait_for $s "arrows scroll" || return 1
  keys $s NPage && wait_for $s "the truth table of the selected switches" || return 1
}

# A `pulse` source, run by the tool's own runner, blinks a NOT gate's lamp without a key press.
case_logic_gates_pulse_blinks() {
  local s=logic_gates_pulse_blinks dir="$WORK/gates-pulse"
  mkdir -p "$dir"
  cat >"$dir/blink.circuit" <<'JSON'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "p", "kind": "pulse", "name": "P", "interval": 0.3, "x": 2, "y": 1},
  {"id": "n", "kind": "not", "name": "Lamp", "inputs": ["p"], "x": 28, "y": 1}]}
JSON
  PROGRAM="$LOGIC_GATES" start $s "$dir" blink.circuit
  wait_for $s "1 live" || return 1
  wait_not_lamp $s ○ || return 1
  wait_not_lamp $s ● || return 1
  wait_not_lamp $s ○ || return 1
}

# The tool's rule in the editor: A feeds four inputs, so link mode's Enter on a fifth is refused
# with the tool's reason, and nothing is linked.
case_logic_gates_refuses_a_fifth_link() {
  local s=logic_gates_refuses_a_fifth_link dir="$WORK/gates-fan" tabs=0
  mkdir -p "$dir"
  cat >"$dir/fan.circuit" <<'JSON'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "a", "kind": "switch", "name": "A", "value": false, "x": 2, "y": 1},
  {"id": "n1", "kind": "not", "name": "N1", "inputs": ["a"], "x": 30, "y": 1},
  {"id": "n2", "kind": "not", "name": "N2", "inputs": ["a"], "x": 30, "y": 7},
  {"id": "n3", "kind": "not", "name": "N3", "inputs": ["a"], "x": 30, "y": 13},
  {"id": "n4", "kind": "not", "name": "N4", "inputs": ["a"], "x": 30, "y": 19},
  {"id": "n5", "kind": "not", "name": "N5", "x": 60, "y": 1}]}
JSON
  PROGRAM="$LOGIC_GATES" start $s "$dir" fan.circuit
  wait_for $s "opened fan.circuit" || return 1
  keys $s Tab && wait_status $s "NORMAL  A" || return 1
  keys $s l && wait_status $s "LINK  A" || return 1
  until status_line $s | grep -qF "Enter links A → N5.a"; do
    tabs=$((tabs + 1))
    [ $tabs -le 5 ] || fail "link mode never offered N5.a" || return 1
    keys $s Tab
    sleep 0.2
  done
  keys $s Enter && wait_status $s "refused: fan-out of A is limited to 4" || return 1
  keys $s Escape q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0 (something was linked?)" || return 1
}

# wait_not_lamp NAME LAMP — until the NOT gate's lamp (`¬ a … ●`) reads LAMP.
wait_not_lamp() {
  local name="$1" deadline=$((SECONDS + TIMEOUT)) lamp
  while [ $SECONDS -le $deadline ]; do
    lamp="$(screen "$name" | sed -n 's/.*¬ a *\([●○]\).*/\1/p' | head -n 1)"
    [ "$lamp" = "$2" ] && return 0
    sleep 0.05
  done
  fail "the NOT gate's lamp reads '$lamp', want $2"
}

all_cases+=(logic_gates_switches_light_the_lamps logic_gates_draws_lamps_in_ascii logic_gates_truth_table
  logic_gates_pulse_blinks logic_gates_refuses_a_fifth_link)
