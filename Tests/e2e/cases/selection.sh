# Selections and the clipboard: Space, Ctrl-A, Esc, Ctrl-click, Ctrl-drag, x and m on a
# selection, y/p/P/D, and a copy pasted into another file by another session. Sourced by run.sh.

case_space_and_ctrl_a_select_and_x_deletes_the_selection() {
  local s=space_and_ctrl_a_select_and_x_deletes_the_selection
  start $s "$WORK/select" --log "$WORK/select/log"
  wait_for $s "╭ Multiply" || return 1
  keys $s / O n e Enter Escape && wait_status $s "NORMAL  One" || return 1
  keys $s Space && keys $s / T w o Enter Escape && wait_status $s "NORMAL  2 selected" || return 1
  keys $s x && wait_status $s "deleted 2 nodes" || return 1
  wait_without $s "╭ One" && wait_without $s "╭ Two" || return 1
  keys $s u && wait_status $s "undid delete 2 nodes" || return 1
  wait_for $s "╭ One" && wait_for $s "╭ Two" || return 1
  keys $s C-a && wait_status $s "selected 6 nodes" || return 1
  keys $s Escape && wait_without $s "selected" || return 1
}

case_ctrl_click_and_ctrl_drag_select_and_m_moves_them_together() {
  local s=ctrl_click_and_ctrl_drag_select_and_m_moves_them_together
  start $s "$WORK/ctrl" --log "$WORK/ctrl/log"
  wait_for $s "╭ Three" || return 1
  local one three
  one="$(locate $s "╭ One")" || return 1
  three="$(locate $s "╭ Three")" || return 1
  set -- $one
  mouse $s 0 $(($1 + 3)) $(($2 + 1)) M
  mouse $s 0 $(($1 + 3)) $(($2 + 1)) m
  wait_status $s "NORMAL  One" || return 1
  set -- $three
  mouse $s 16 $(($1 + 3)) $(($2 + 1)) M
  mouse $s 16 $(($1 + 3)) $(($2 + 1)) m
  wait_status $s "2 selected" || return 1
  keys $s m Right Right Enter && wait_status $s "NORMAL" || return 1
  set -- $one
  wait_at $s "╭ One" "$(($1 + 2)) $2" || return 1
  set -- $three
  wait_at $s "╭ Three" "$(($1 + 2)) $2" || return 1
  keys $s u && wait_status $s "undid move 2 nodes" || return 1
  # A rectangle from above-left of One to below-right of Three, on the background.
  keys $s Escape
  set -- $one
  local x0=$(($1 - 1)) y0=$(($2))
  set -- $three
  mouse $s 16 $x0 $y0 M
  mouse $s 48 $(($1 + 10)) $(($2 + 4)) M
  mouse $s 16 $(($1 + 10)) $(($2 + 4)) m
  wait_status $s "3 nodes selected" || return 1
}

case_copy_in_one_session_pastes_into_another_file() {
  local s=copy_in_one_session_pastes_into_another_file t=copy_second_session
  mkdir -p "$WORK/clip"
  printf '%s\n' '{"format":"nodegraph","version":1,"nodes":[{"id":"two","kind":"number","name":"Two","x":2,"y":1,"value":40}]}' >"$WORK/clip/other.json"
  start $s "$WORK/clip" --log "$WORK/clip/log"
  wait_for $s "╭ Add" || return 1
  keys $s / A d d Enter Escape && wait_status $s "NORMAL  Add" || return 1
  keys $s y && wait_status $s "copied 1 node" || return 1
  [ -s "$WORK/clip/state/nodeui-tui/clipboard.json" ] || fail "no clipboard file" || return 1
  keys $s q && [ "$(exit_status $s)" = 0 ] || fail "the first session did not quit" || return 1
  start $t "$WORK/clip" other.json --log "$WORK/clip/log2"
  wait_for $t "╭ Two" || return 1
  keys $t P && wait_status $t "pasted 1 node with their inputs" || return 1
  wait_for $t "x + y + z = 40" || return 1
  keys $t D && wait_status $t "duplicated 1 node" || return 1
  wait_for $t "╭ Add 2" || return 1
  keys $t u u && wait_without $t "╭ Add" || return 1
  keys $t p && wait_status $t "pasted 1 node" || return 1
  wait_for $t "x + y + z = 0" || return 1
  tm kill-session -t $t >/dev/null 2>&1
}

all_cases+=(
  space_and_ctrl_a_select_and_x_deletes_the_selection
  ctrl_click_and_ctrl_drag_select_and_m_moves_them_together
  copy_in_one_session_pastes_into_another_file
)
