# A formula node at the keyboard: its box, its editor (a parse error keeps it open), the links a
# changed formula drops, undo, and the saved file. Sourced by run.sh.

case_a_formula_node_is_typed_in_and_saved() {
  local s=a_formula_node_is_typed_in_and_saved dir="$WORK/formula"
  mkdir -p "$dir"
  cat >"$dir/area.json" <<'JSON'
{ "format": "nodegraph", "version": 1,
  "nodes": [
    { "id": "radius", "kind": "number", "name": "Radius", "x": 2, "y": 1, "value": 2 },
    { "id": "b1", "kind": "number", "name": "B", "x": 2, "y": 8, "value": 7 },
    { "id": "f", "kind": "formula", "name": "Area", "x": 30, "y": 3, "formula": "r * b", "inputs": ["radius", "b1"] }
  ] }
JSON
  start $s "$dir" area.json --log "$dir/log"
  wait_for $s "│ r × b    = 14 │" || return 1
  keys $s / A r e a Enter Escape && wait_status $s "NORMAL  Area" || return 1
  keys $s e && wait_status $s "EDIT" || return 1
  tm send-keys -t $s -l -- "(r + 1))" && keys $s Enter || return 1
  wait_status $s "the formula does not parse: unexpected ')' at column 8" || return 1
  wait_status $s "EDIT" || return 1
  keys $s BSpace && keys $s Enter && wait_for $s "= 3" || return 1
  wait_status $s "b lost its link from B (u undoes)" || return 1
  keys $s u && wait_for $s "= 14" || return 1
  keys $s e && tm send-keys -t $s -l -- "2 * r" && keys $s Enter && wait_for $s "= 4" || return 1
  keys $s s && wait_status $s "saved area.json" || return 1
  grep -qF '"formula": "2 * r"' "$dir/area.json" || fail "the saved file lacks the formula" || return 1
  local values
  values="$("$BIN" eval "$dir/area.json")" || fail "eval of the saved file failed" || return 1
  grep -qF "Area (f): 4" <<<"$values" || fail "saved file evaluates to: $values"
}

all_cases+=(a_formula_node_is_typed_in_and_saved)
