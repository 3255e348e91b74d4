# Bypass in the calculator: b on Add passes its first input (One) through, the node is drawn
# with its mark and Multiply follows; u undoes it. And `profile` headlessly, in the same terminal:
# per node, recomputations and time. Sourced by run.sh.

case_b_bypasses_a_node_and_u_undoes_it() {
  local s=b_bypasses_a_node_and_u_undoes_it
  start $s "$WORK/bypass"
  wait_for $s "x × y     = 6" || return 1
  keys $s / A d d Enter Escape && wait_status $s "NORMAL  Add" || return 1
  keys $s b && wait_status $s "bypassed Add: it passes its first input through" || return 1
  wait_for $s "Add ⊘" || return 1
  # Add passes One (1) on: Multiply is 1 × (3 − 1).
  wait_for $s "x × y     = 2" || return 1
  keys $s u && wait_status $s "undid" || return 1
  wait_for $s "x × y     = 6" || return 1
  wait_without $s "Add ⊘"
}

case_profile_prints_each_node_longest_first() {
  local s=profile_prints_each_node_longest_first dir="$WORK/profile"
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json"
  printf '%s\n' '{"op":"setValue","node":"one","value":5}' >"$dir/edits.jsonl"
  start $s "$dir" profile calc.json --edits edits.jsonl --top 3
  wait_for $s "[exit=0]" || return 1
  # One recomputed twice (the first evaluation, the edit): `One (one): 2 recomputations, …`.
  screen $s | grep -qE '^One \(one\): 2 recomputations, total [0-9.]+(ns|µs|ms|s), mean ' ||
    fail "no line for One: $(screen $s)" || return 1
  [ "$(screen $s | grep -c ' recomputations, total ')" = 3 ] || fail "--top 3 printed: $(screen $s)"
}

all_cases+=(b_bypasses_a_node_and_u_undoes_it profile_prints_each_node_longest_first)
