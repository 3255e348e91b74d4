# Groups on the canvas: g makes the selection a group, D a second instance of it, Enter opens
# it, an edit inside changes every instance, Backspace goes back. Sourced by run.sh.

case_group_open_and_edit_inside_changes_every_instance() {
  local s=group_open_and_edit_inside_changes_every_instance dir="$WORK/groups"
  mkdir -p "$dir"
  cat >"$dir/halves.json" <<'EOF'
{"format": "nodegraph", "version": 1, "nodes": [
  {"id": "six", "kind": "number", "name": "Six", "value": 6, "x": 2, "y": 1},
  {"id": "two", "kind": "number", "name": "Two", "value": 2, "x": 2, "y": 8},
  {"id": "half", "kind": "divide", "name": "Half", "inputs": ["six", "two"], "x": 24, "y": 1},
  {"id": "out", "kind": "add", "name": "Out", "inputs": ["half", null, null], "x": 48, "y": 1}]}
EOF
  start $s "$dir" halves.json --log "$dir/log"
  wait_for $s "x + y + z     = 3" || return 1
  keys $s / T w o Enter && wait_status $s "found Two" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s Space / H a l f Enter && wait_status $s "found Half" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s g && wait_status $s "Enter groups 2 nodes" || return 1
  keys $s H a l v e Enter && wait_status $s "grouped 2 nodes as Halve" || return 1
  wait_for $s "▣ Halve · 3 nodes" || return 1
  keys $s D && wait_status $s "duplicated 1 node" || return 1
  keys $s a && wait_for $s "╭ Halve 2 " || return 1
  [ "$(screen $s | grep -c '= 3  ')" -ge 2 ] || fail "two Halve groups do not both show 3" || return 1
  keys $s / H a l v e Enter && wait_status $s "found Halve" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s Enter && wait_status $s "halves › Halve" || return 1
  wait_status $s "edits here change all 2" || return 1
  keys $s / T w o Enter && wait_status $s "found Two" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s e 4 Enter && wait_for $s "x ÷ y   = 1.5" || return 1
  keys $s BSpace && wait_for $s "x + y + z   = 1.5" || return 1
  ! status_line $s | grep -qF "halves ›" || fail "still inside the group after Backspace" || return 1
  [ "$(screen $s | grep -c '= 1.5  ')" -ge 2 ] || fail "the Halve groups do not both show 1.5" || return 1
  tm kill-session -t $s >/dev/null 2>&1
}

all_cases+=(
  group_open_and_edit_inside_changes_every_instance
)
