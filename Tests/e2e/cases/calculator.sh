# The calculator's cases: keys, mouse, saving, recovery, terminal restore. Sourced by run.sh,
# which provides start, keys, mouse, screen, wait_for… and runs every name added to all_cases.

case_start_shows_the_demo() {
  start start_shows_the_demo "$WORK/start" --log "$WORK/start/log"
  wait_for start_shows_the_demo "Multiply" || return 1
  local text
  text="$(screen start_shows_the_demo)"
  for expected in "╭ One " "╭ Two " "╭ Three " "╭ Add " "╭ Subtract " "x × y     = 6" "demo calculator"; do
    grep -qF -- "$expected" <<<"$text" || fail "'$expected' is not on the first screen" || return 1
  done
  wait_status start_shows_the_demo "? help" || return 1
  wait_status start_shows_the_demo "NORMAL"
}

case_create_a_number_and_link_it_into_add() {
  local s=create_a_number_and_link_it_into_add
  start $s "$WORK/create" --log "$WORK/create/log"
  wait_for $s "x + y + z     = 3" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  keys $s n && wait_status $s "NEW" || return 1
  keys $s Enter && wait_status $s "created Number" || return 1
  keys $s e 5 && wait_status $s "Number = 5" || return 1
  keys $s Enter && wait_for $s "│ 5 " || return 1
  keys $s l && wait_status $s "LINK" || return 1
  local tries=0
  until status_line $s | grep -qF "Number → Add.z"; do
    tries=$((tries + 1))
    [ $tries -le 8 ] || fail "Tab never reached Add.z" || return 1
    keys $s Tab
    sleep 0.1
  done
  keys $s Enter && wait_status $s "linked Number → Add.z" || return 1
  wait_for $s "x + y + z     = 8" || return 1
  wait_for $s "= 16 │"
}

case_a_cycle_is_refused_with_its_path() {
  local s=a_cycle_is_refused_with_its_path
  start $s "$WORK/cycle" --log "$WORK/cycle/log"
  wait_for $s "Multiply" || return 1
  keys $s / M u l t && wait_status $s "/Mult" || return 1
  keys $s Enter && wait_status $s "found Multiply" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s l && wait_status $s "LINK" || return 1
  local at
  at="$(locate $s "x: 1 ")" || return 1
  set -- $at
  mouse $s 0 $(($1 + 2)) $(($2 + 1)) M
  mouse $s 0 $(($1 + 2)) $(($2 + 1)) m
  wait_status $s "refused: would create a cycle: Add → Multiply → Add" || return 1
  wait_for $s "x × y     = 6"
}

case_delete_and_undo() {
  local s=delete_and_undo
  start $s "$WORK/delete" --log "$WORK/delete/log"
  wait_for $s "Subtract" || return 1
  keys $s / S u b && wait_status $s "/Sub" || return 1
  keys $s Enter && wait_status $s "found Subtract" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s x && wait_status $s "deleted Subtract" || return 1
  wait_without $s "╭ Subtract" || return 1
  wait_for $s "x × y     = 0" || return 1
  keys $s u && wait_status $s "undid" || return 1
  wait_for $s "╭ Subtract" || return 1
  wait_for $s "x × y     = 6" || return 1
  keys $s U && wait_status $s "redid" || return 1
  wait_without $s "╭ Subtract"
}

case_pan_moves_the_view() {
  local s=pan_moves_the_view
  start $s "$WORK/pan" --log "$WORK/pan/log"
  wait_for $s "╭ One" || return 1
  local before after
  before="$(locate $s "╭ One")" || return 1
  keys $s L
  local deadline=$((SECONDS + TIMEOUT))
  while after="$(locate $s "╭ One")" && [ "$after" = "$before" ] && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  set -- $before
  local column=$1 row=$2
  set -- $after
  [ "$1" -eq $((column - 8)) ] && [ "$2" -eq "$row" ] || fail "L moved One from $before to $after" || return 1
  keys $s K
  deadline=$((SECONDS + TIMEOUT))
  while after="$(locate $s "╭ One")" && [ "${after#* }" = "$row" ] && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  set -- $after
  [ "$2" -eq $((row + 4)) ] || fail "K moved One to row $2, want $((row + 4))"
}

case_resize_relays_out() {
  local s=resize_relays_out
  start $s "$WORK/resize" --log "$WORK/resize/log"
  wait_for $s "Multiply" || return 1
  tm resize-window -t $s -x 20 -y 5
  wait_for $s "terminal too small" || return 1
  wait_for $s "20×5, needs 32×8" || return 1
  tm resize-window -t $s -x 120 -y 40
  wait_for $s "Multiply" || return 1
  [ "$(screen $s | wc -l)" -eq 40 ] || fail "the pane is not 40 rows" || return 1
  wait_status $s "NORMAL" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "quit after resizing did not exit 0"
}

case_save_writes_the_file() {
  local s=save_writes_the_file dir="$WORK/save"
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json"
  start $s "$dir" calc.json --log "$dir/log"
  wait_for $s "opened calc.json" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  keys $s + + + && wait_for $s "│ 4 " || return 1
  wait_for $s "calc.json · modified" || return 1
  [ -s "$dir/calc.json.autosave.jsonl" ] || fail "no autosave journal after edits" || return 1
  keys $s s && wait_status $s "saved calc.json (6 nodes)" || return 1
  wait_without $s "modified" || return 1
  [ ! -e "$dir/calc.json.autosave.jsonl" ] || fail "the autosave journal is still there after a save" || return 1
  local values
  values="$("$BIN" eval "$dir/calc.json" --json)" || fail "eval of the saved file failed" || return 1
  grep -qF '{"id":"one","name":"One","kind":"number","value":4}' <<<"$values" ||
    fail "saved file: $values" || return 1
  grep -qF '{"id":"multiply","name":"Multiply","kind":"multiply","value":-6}' <<<"$values" ||
    fail "saved file: $values" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q after saving did not exit 0"
}

case_demo_save_asks_for_a_name() {
  local s=demo_save_asks_for_a_name dir="$WORK/demo-save"
  start $s "$dir" --log "$dir/log"
  wait_for $s "Multiply" || return 1
  keys $s s && wait_status $s "SAVE AS  file: calculator.json" || return 1
  keys $s Enter && wait_status $s "saved calculator.json (6 nodes)" || return 1
  wait_for $s " calculator.json " || return 1
  "$BIN" check "$dir/calculator.json" >/dev/null || fail "calculator.json does not check" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  keys $s + && wait_for $s "calculator.json · modified" || return 1
  keys $s q && wait_status $s "quit without saving? y quits · n stays · s saves, then quits" || return 1
  keys $s n && wait_status $s "still here" || return 1
  keys $s q && wait_status $s "QUIT" || return 1
  keys $s s
  [ "$(exit_status $s)" = 0 ] || fail "s in the quit question did not save and quit" || return 1
  "$BIN" eval "$dir/calculator.json" | grep -qF "One (one): 2" || fail "the edit was not saved: $("$BIN" eval "$dir/calculator.json")"
}

case_mouse_click_selects_and_drag_moves() {
  local s=mouse_click_selects_and_drag_moves
  start $s "$WORK/mouse" --log "$WORK/mouse/log"
  wait_for $s "╭ One" || return 1
  local at
  at="$(locate $s "╭ One")" || return 1
  set -- $at
  local x=$(($1 + 3)) y=$(($2 + 1))   # 1-based cell on One's title
  mouse $s 0 $x $y M
  mouse $s 0 $x $y m
  wait_status $s "NORMAL  One" || return 1
  mouse $s 0 $x $y M
  mouse $s 32 $((x + 4)) $y M
  mouse $s 32 $((x + 10)) $((y + 2)) M
  mouse $s 0 $((x + 10)) $((y + 2)) m
  set -- $at
  wait_at $s "╭ One" "$(($1 + 10)) $(($2 + 2))" || return 1
  keys $s u
  wait_at $s "╭ One" "$at" || return 1
  wait_for $s "demo calculator" || return 1
  wait_without $s "not saved"
}

case_every_key_of_the_key_map() {
  local s=every_key_of_the_key_map
  start $s "$WORK/keys" --log "$WORK/keys/log"
  wait_for $s "Multiply" || return 1
  keys $s '?' && wait_for $s "╭ Keys" || return 1
  keys $s Space && wait_without $s "╭ Keys" || return 1
  keys $s / A d d Enter && wait_status $s "found Add" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s o && wait_status $s "is now Subtract" || return 1
  wait_for $s "x − y" || return 1
  keys $s u && wait_for $s "x + y + z     = 3" || return 1
  keys $s m && wait_status $s "MOVE" || return 1
  keys $s Right Right Down && keys $s Enter && wait_status $s "NORMAL" || return 1
  keys $s BTab && wait_status $s "NORMAL  One" || return 1
  keys $s - && wait_for $s "x + y + z     = 2" || return 1
  keys $s Down Down Down Down Down Down Down Down Down && wait_status $s "NORMAL" || return 1
  local before after
  before="$(locate $s "╭ Two")" || return 1
  keys $s J
  local deadline=$((SECONDS + TIMEOUT))
  while after="$(locate $s "╭ Two")" && [ "$after" = "$before" ] && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  [ "${after#* }" -eq $((${before#* } - 4)) ] || fail "J moved Two from $before to $after" || return 1
  keys $s K && wait_status $s "NORMAL" || return 1
  keys $s H && wait_status $s "NORMAL" || return 1
  keys $s n && wait_status $s "NEW" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  wait_without $s "New node" || return 1
  keys $s n m u l && wait_for $s "Multiply" || return 1
  keys $s Enter && wait_status $s "created Multiply 2" || return 1
  wait_for $s "╭ Multiply 2" || return 1
  keys $s z && wait_status $s "compact" || return 1
  keys $s z && wait_status $s "dot" || return 1
  keys $s z && wait_status $s "full" || return 1
  keys $s i && wait_for $s "Inspector" 2>/dev/null || wait_for $s "inspector" 2>/dev/null || wait_for $s "One" || return 1
  keys $s i
  keys $s a && wait_status $s "arranged" || return 1
  keys $s Tab && wait_status $s "l link" || return 1
  keys $s Delete && wait_status $s "deleted" || return 1
  keys $s q && wait_status $s "QUIT" || return 1
  keys $s y
  [ "$(exit_status $s)" = 0 ] || fail "y in the quit question did not exit 0"
}

case_mouse_wheel_pans_and_the_cross_deletes() {
  local s=mouse_wheel_pans_and_the_cross_deletes
  start $s "$WORK/wheel" --log "$WORK/wheel/log"
  wait_for $s "╭ Two" || return 1
  local before after
  before="$(locate $s "╭ Two")" || return 1
  mouse $s 65 50 15 M   # wheel down: the view pans down 3 rows
  local deadline=$((SECONDS + TIMEOUT))
  while after="$(locate $s "╭ Two")" && [ "$after" = "$before" ] && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  [ "${after#* }" -eq $((${before#* } - 3)) ] || fail "the wheel moved Two from $before to $after" || return 1
  mouse $s 64 50 15 M
  deadline=$((SECONDS + TIMEOUT))
  while after="$(locate $s "╭ Two")" && [ "$after" != "$before" ] && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  [ "$after" = "$before" ] || fail "the wheel up did not pan back (Two at $after)" || return 1
  local cross
  cross="$(locate $s "× ╮")" || return 1   # the first node's delete marker
  set -- $cross
  mouse $s 0 $(($1 + 1)) $(($2 + 1)) M
  mouse $s 0 $(($1 + 1)) $(($2 + 1)) m
  wait_status $s "deleted" || return 1
  keys $s u && wait_status $s "undid" || return 1
  # Dragging the background pans the view.
  before="$(locate $s "╭ Two")" || return 1
  mouse $s 0 95 27 M
  mouse $s 32 90 25 M
  mouse $s 0 90 25 m
  set -- $before
  wait_at $s "╭ Two" "$(($1 - 5)) $(($2 - 2))"
}

case_suspend_and_resume() {
  local s=suspend_and_resume dir="$WORK/suspend"
  mkdir -p "$dir"
  tm new-session -d -s $s -x 100 -y 30 "env PS1='ready\$ ' bash --norc -i"
  wait_for $s 'ready$' || return 1
  keys $s "cd $(printf '%q' "$dir"); XDG_STATE_HOME=$(printf '%q' "$dir/state") TERM=xterm-256color SWIFT_BACKTRACE=interactive=no $(printf '%q' "$BIN") --log $(printf '%q' "$dir/log")" Enter
  wait_for $s "╭ One" || return 1
  keys $s C-z
  wait_for $s "Stopped" || return 1
  [ "$(tm display-message -p -t $s '#{alternate_on}#{mouse_any_flag}')" = 00 ] ||
    fail "while stopped, the alternate screen or the mouse is still on" || return 1
  keys $s fg Enter
  wait_for $s "╭ One" || return 1
  local at
  at="$(locate $s "╭ One")" || return 1
  set -- $at
  local x=$(($1 + 3)) y=$(($2 + 1))
  mouse $s 0 $x $y M
  mouse $s 32 $((x + 4)) $y M
  mouse $s 32 $((x + 10)) $((y + 2)) M
  mouse $s 0 $((x + 10)) $((y + 2)) m
  wait_at $s "╭ One" "$(($1 + 10)) $(($2 + 2))" || return 1
  keys $s u && wait_status $s "undid" || return 1
  keys $s q
  wait_for $s 'ready$' || return 1
  [ "$(tm display-message -p -t $s '#{alternate_on}#{mouse_any_flag}')" = 00 ] || fail "not restored after q"
}

# restore_after HOW — HOW is q, TERM, INT, HUP or crash (SIGSEGV sent by kill: Swift reports it, the guard restores).
restore_after() {
  local how="$1" s="restore_after_$1" dir="$WORK/restore-$1"
  mkdir -p "$dir"
  start $s "$dir" --log "$dir/log"
  wait_for $s "Multiply" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  [ "$(tm display-message -p -t $s '#{alternate_on}#{mouse_any_flag}')" = 11 ] ||
    fail "while running, the pane is not in the alternate screen with the mouse on" || return 1
  local pid
  pid="$(pid_of "$dir/log")"
  [ -n "$pid" ] || fail "no nodeui-tui process" || return 1
  local want
  case "$how" in
    q) keys $s q; want=0 ;;
    TERM) kill -TERM "$pid"; want=143 ;;
    INT) kill -INT "$pid"; want=130 ;;
    HUP) kill -HUP "$pid"; want=129 ;;
    crash) kill -SEGV "$pid"; want=139 ;;
  esac
  local status
  status="$(exit_status $s)" || return 1
  [ "$status" = "$want" ] || fail "exit status $status, want $want" || return 1
  restored $s "$dir" || return 1
  if [ "$how" = crash ]; then
    local report
    report="$(tm capture-pane -p -S - -t $s)"
    grep -qF "Program crashed" <<<"$report" && grep -qF "Thread 0" <<<"$report" ||
      fail "no legible crash report after the crash" || return 1
  fi
  return 0
}
case_restore_after_q() { restore_after q; }
case_restore_after_TERM() { restore_after TERM; }
case_restore_after_INT() { restore_after INT; }
case_restore_after_HUP() { restore_after HUP; }
case_restore_after_crash() { restore_after crash; }

case_recover_after_kill_9() {
  local s=recover_after_kill_9 dir="$WORK/recover"
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json"
  start $s "$dir" calc.json --log "$dir/log"
  wait_for $s "opened calc.json" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  keys $s + + && wait_for $s "│ 3 " || return 1
  keys $s / S u b Enter && wait_status $s "found Subtract" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s x && wait_status $s "deleted Subtract" || return 1
  local deadline=$((SECONDS + TIMEOUT))
  while [ "$(wc -l <"$dir/calc.json.autosave.jsonl" 2>/dev/null || echo 0)" -lt 3 ] && [ $SECONDS -le $deadline ]; do
    sleep 0.05
  done
  local pid
  pid="$(pid_of "$dir/log")"
  kill -9 "$pid"
  deadline=$((SECONDS + TIMEOUT))
  while kill -0 "$pid" 2>/dev/null && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  tm kill-session -t $s
  start $s "$dir" calc.json --log "$dir/log2"
  wait_status $s "RECOVER" || return 1
  wait_status $s "3 unsaved edits" || return 1
  keys $s y && wait_status $s "recovered 3 edits" || return 1
  wait_for $s "│ 3 " || return 1
  wait_without $s "╭ Subtract" || return 1
  keys $s s && wait_status $s "saved calc.json" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "quit after recovering did not exit 0" || return 1
  [ ! -e "$dir/calc.json.autosave.jsonl" ] || fail "the journal outlived the save" || return 1
  local values
  values="$("$BIN" eval "$dir/calc.json")"
  grep -qF "One (one): 3" <<<"$values" || fail "recovered edits were not saved: $values" || return 1
  ! grep -qF "Subtract" <<<"$values" || fail "the recovered delete was not saved: $values" || return 1
  grep -qF "Multiply (multiply): 0" <<<"$values" || fail "recovered values: $values"
}

case_record_replays_the_session() {
  local s=record_replays_the_session dir="$WORK/record"
  start $s "$dir" --record "$dir/session.jsonl" --log "$dir/log"
  wait_for $s "Multiply" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  keys $s + + && wait_for $s "│ 3 " || return 1
  keys $s q && wait_status $s "QUIT" || return 1
  keys $s y
  [ "$(exit_status $s)" = 0 ] || return 1
  local replayed
  replayed="$("$BIN" replay "$ROOT/Examples/graphs/calculator.json" --edits "$dir/session.jsonl")" ||
    fail "replay failed" || return 1
  grep -qF "One (one): 3" <<<"$replayed" && grep -qF "Multiply (multiply): 0" <<<"$replayed" ||
    fail "replay gave: $replayed"
}

case_not_a_terminal_exits_1_at_once() {
  local started=$SECONDS output status start_ns end_ns
  start_ns=$(date +%s%N)
  output="$("$BIN" </dev/null 2>&1 >/dev/null)"
  status=$?
  end_ns=$(date +%s%N)
  [ $status -eq 1 ] || fail "stdin not a terminal: exit $status" || return 1
  grep -qF "needs a terminal" <<<"$output" && grep -qF "nodeui-tui eval FILE" <<<"$output" ||
    fail "message: $output" || return 1
  [ $(((end_ns - start_ns) / 1000000)) -lt 1000 ] || fail "took $(((end_ns - start_ns) / 1000000)) ms" || return 1
  output="$("$BIN" 2>&1 | cat)"
  grep -qF "standard output" <<<"$output" || fail "stdout a pipe: $output"
}

case_unknown_terminal_type_exits_1() {
  local s=unknown_terminal_type_exits_1 dir="$WORK/unknown-term"
  mkdir -p "$dir"
  tm new-session -d -s $s -x 100 -y 30 \
    "env TERM=no-such-terminal $(printf '%q' "$BIN"); echo \"[exit=\$?]\"; exec sleep 600"
  [ "$(exit_status $s)" = 1 ] || fail "exit status is not 1" || return 1
  wait_for $s "unknown terminal type 'no-such-terminal'" || return 1
  wait_for $s "nodeui-tui eval FILE" || return 1
  [ "$(tm display-message -p -t $s '#{alternate_on}')" = 0 ] || fail "left in the alternate screen"
}

case_idle_uses_no_cpu() {
  local s=idle_uses_no_cpu dir="$WORK/idle"
  start $s "$dir" --log "$dir/log"
  wait_for $s "Multiply" || return 1
  local pid
  pid="$(pid_of "$dir/log")"
  local before after
  before="$(awk '{print $14 + $15}' "/proc/$pid/stat")"
  sleep 2
  after="$(awk '{print $14 + $15}' "/proc/$pid/stat")"
  # Clock ticks (normally 100 per second): 2 s idle may cost a few wake-ups, never a busy loop.
  [ $((after - before)) -le 5 ] || fail "used $((after - before)) ticks of CPU in 2 s idle"
}

all_cases+=(
  start_shows_the_demo create_a_number_and_link_it_into_add a_cycle_is_refused_with_its_path
  delete_and_undo pan_moves_the_view resize_relays_out save_writes_the_file demo_save_asks_for_a_name
  mouse_click_selects_and_drag_moves mouse_wheel_pans_and_the_cross_deletes every_key_of_the_key_map
  restore_after_q restore_after_TERM restore_after_INT restore_after_HUP restore_after_crash suspend_and_resume
  recover_after_kill_9 record_replays_the_session not_a_terminal_exits_1_at_once
  unknown_terminal_type_exits_1 idle_uses_no_cpu
)
