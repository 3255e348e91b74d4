# Sessions never collide: a second nodeui-tui on the same file, or a second demo, opens read-only
# and leaves the first one's journal alone. Sourced by run.sh, which provides start, keys,
# screen, wait_for… and runs every name added to all_cases.

# journal_lines FILE — the number of lines in FILE (0 when it does not exist).
journal_lines() { if [ -e "$1" ]; then wc -l <"$1"; else echo 0; fi; }

# wait_lines FILE N — until FILE has N lines.
wait_lines() {
  local deadline=$((SECONDS + TIMEOUT))
  while [ "$(journal_lines "$1")" -ne "$2" ] && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  [ "$(journal_lines "$1")" -eq "$2" ] || fail "$1 has $(journal_lines "$1") lines, want $2"
}

# second_session_is_read_only FIRST SECOND JOURNAL — SECOND says who has the file, offers no
# recovery, refuses an edit and a save, and quits leaving JOURNAL as it was; FIRST still writes it.
second_session_is_read_only() {
  local first="$1" second="$2" journal="$3" pid before
  pid="$(tm display-message -p -t "$first" '#{pane_pid}')"
  pid="$(pgrep -P "$pid" -f 'nodeui-tui' | head -n 1)"
  wait_status "$second" "read-only: open in another nodeui-tui (pid $pid)" || return 1
  ! screen "$second" | grep -qF "RECOVER" || fail "the second session offers to recover" || return 1
  before="$(cat "$journal")"
  keys "$second" Tab && wait_status "$second" "NORMAL  One" || return 1
  keys "$second" + && wait_status "$second" "refused: read-only: open in another nodeui-tui" || return 1
  keys "$second" Escape s && wait_status "$second" "read-only: open in another nodeui-tui" || return 1
  wait_for "$second" "· read-only" || return 1
  keys "$second" q
  [ "$(exit_status "$second")" = 0 ] || fail "the read-only session did not quit with 0" || return 1
  [ "$(cat "$journal")" = "$before" ] || fail "the read-only session changed the first one's journal" || return 1
  local lines
  lines="$(journal_lines "$journal")"
  keys "$first" + && wait_lines "$journal" $((lines + 1))
}

case_two_sessions_on_one_file() {
  local dir="$WORK/two-files" first=two_files_first second=two_files_second
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json"
  start $first "$dir" calc.json --log "$dir/log1"
  wait_for $first "opened calc.json" || return 1
  keys $first Tab && wait_status $first "One" || return 1
  keys $first + + && wait_lines "$dir/calc.json.autosave.jsonl" 2 || return 1
  start $second "$dir" calc.json --log "$dir/log2"
  second_session_is_read_only $first $second "$dir/calc.json.autosave.jsonl" || return 1
  tm kill-session -t $second
  keys $first s && wait_status $first "saved calc.json" || return 1
  [ ! -e "$dir/calc.json.autosave.jsonl" ] || fail "the first session's save left its journal" || return 1
  keys $first q
  [ "$(exit_status $first)" = 0 ] || fail "the first session did not quit with 0" || return 1
  [ ! -e "$dir/calc.json.autosave.lock" ] || fail "the lock file outlived the session"
  tm kill-session -t $first
}

case_two_demo_sessions() {
  local dir="$WORK/two-demos" first=two_demos_first second=two_demos_second
  start $first "$dir" --log "$dir/log1"
  wait_for $first "demo calculator" || return 1
  keys $first Tab && wait_status $first "One" || return 1
  keys $first + && wait_lines "$dir/state/nodeui-tui/demo.autosave.jsonl" 1 || return 1
  start $second "$dir" --log "$dir/log2"
  second_session_is_read_only $first $second "$dir/state/nodeui-tui/demo.autosave.jsonl" || return 1
  tm kill-session -t $second
  keys $first q && wait_status $first "QUIT" || return 1
  keys $first y
  [ "$(exit_status $first)" = 0 ] || fail "the first demo did not quit with 0"
  tm kill-session -t $first
}

# A read-only session refuses at the door: n, l, r, e and m say why as they are pressed and open
# no palette, mode or prompt; arrows after m move only the cursor; nothing is marked modified and
# the first session's file and journal stay as they were.
case_read_only_refuses_at_the_door() {
  local dir="$WORK/door" first=door_first second=door_second key
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json"
  start $first "$dir" calc.json --log "$dir/log1"
  wait_for $first "opened calc.json" || return 1
  start $second "$dir" calc.json --log "$dir/log2"
  wait_status $second "read-only: open in another nodeui-tui" || return 1
  for key in n l r e m; do
    keys $second Tab && wait_without $second "refused:" || return 1
    keys $second $key && wait_status $second "refused: read-only: open in another nodeui-tui" || return 1
    status_line $second | grep -qF "NORMAL" || fail "$key left NORMAL: $(status_line $second)" || return 1
    ! screen $second | grep -qE "NEW|LINK|RENAME|EDIT|MOVE" || fail "$key opened a mode or prompt" || return 1
  done
  keys $second Right Down && wait_without $second "refused:" || return 1
  ! status_line $second | grep -qF "modified" || fail "the read-only session shows modified" || return 1
  cmp -s "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json" || fail "calc.json changed" || return 1
  [ ! -e "$dir/calc.json.autosave.jsonl" ] || fail "an edit reached the journal" || return 1
  keys $second q
  [ "$(exit_status $second)" = 0 ] || fail "the read-only session did not quit with 0" || return 1
  tm kill-session -t $second
  keys $first q
  [ "$(exit_status $first)" = 0 ] || fail "the first session did not quit with 0"
  tm kill-session -t $first
}

all_cases+=(read_only_refuses_at_the_door)

# A file over the size limit is refused before the screen comes up, naming the limit and
# --max-file-size; a larger --max-file-size opens it.
case_open_respects_max_file_size() {
  local dir="$WORK/size" s=open_respects_max_file_size
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json"
  start $s "$dir" calc.json --max-file-size 100
  [ "$(exit_status $s)" = 1 ] || fail "a file over --max-file-size did not exit 1" || return 1
  wait_for $s "calc.json: the file is larger than the limit of 100 bytes (--max-file-size raises it)" || return 1
  tm kill-session -t $s
  start $s "$dir" calc.json --max-file-size 1M --log "$dir/log"
  wait_for $s "opened calc.json" || return 1
  wait_for $s "Multiply" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0"
}

all_cases+=(two_sessions_on_one_file two_demo_sessions open_respects_max_file_size)

# kill_session_process NAME LOG — kill -9 the nodeui-tui logging to LOG, then close its pane.
kill_session_process() {
  local pid deadline=$((SECONDS + TIMEOUT))
  pid="$(pid_of "$2")"
  [ -n "$pid" ] || fail "no process logs to $2" || return 1
  kill -9 "$pid"
  while kill -0 "$pid" 2>/dev/null && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  tm kill-session -t "$1"
}

# Recovery is never lost by a quit: after kill -9, Esc (decide later), edits and q, the next open
# still offers the first journal, untouched, then the second session's own journal.
case_deferred_recovery_survives_a_quit() {
  local s=deferred_recovery dir="$WORK/deferred"
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json"
  start $s "$dir" calc.json --log "$dir/log1"
  wait_for $s "opened calc.json" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  keys $s + && wait_lines "$dir/calc.json.autosave.jsonl" 1 || return 1
  kill_session_process $s "$dir/log1" || return 1
  local before
  before="$(cat "$dir/calc.json.autosave.jsonl")"

  start $s "$dir" calc.json --log "$dir/log2"
  wait_status $s "RECOVER" || return 1
  wait_status $s "1 unsaved edit · y recovers · n discards · Esc decides later" || return 1
  keys $s Escape && wait_status $s "kept the unsaved edits for later" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  keys $s + + && wait_lines "$dir/calc.json.autosave.2.jsonl" 2 || return 1
  [ "$(cat "$dir/calc.json.autosave.jsonl")" = "$before" ] || fail "edits after Esc reached the deferred journal" || return 1
  keys $s q && wait_status $s "QUIT" || return 1
  keys $s y
  [ "$(exit_status $s)" = 0 ] || fail "the quit did not exit 0" || return 1
  tm kill-session -t $s
  [ "$(cat "$dir/calc.json.autosave.jsonl" 2>/dev/null)" = "$before" ] || fail "the quit removed the deferred journal" || return 1
  [ ! -e "$dir/calc.json.autosave.2.jsonl" ] || fail "the quit kept the session's own journal" || return 1

  start $s "$dir" calc.json --log "$dir/log3"
  wait_status $s "1 unsaved edit · y recovers" || return 1
  keys $s y && wait_status $s "recovered 1 edit" || return 1
  wait_for $s "│ 2 " || return 1
  [ ! -e "$dir/calc.json.autosave.2.jsonl" ] || fail "a second journal appeared" || return 1
  keys $s s && wait_status $s "saved calc.json" || return 1
  [ ! -e "$dir/calc.json.autosave.jsonl" ] || fail "the save kept the recovered journal" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "the last quit did not exit 0" || return 1
  tm kill-session -t $s
  "$BIN" eval "$dir/calc.json" | grep -qF "One (one): 2" || fail "the recovered edit was not saved"
}

all_cases+=(deferred_recovery_survives_a_quit)

# The file changed on disk: another program's write shows on the status line without a key, `s`
# asks instead of overwriting it, and `r` reloads it and offers the session's edit as recovery.
case_file_changed_on_disk() {
  local s=changed_on_disk dir="$WORK/changed-on-disk"
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/calc.json"
  start $s "$dir" calc.json
  wait_for $s "opened calc.json" || return 1
  keys $s Tab && wait_status $s "One" || return 1
  keys $s + && wait_lines "$dir/calc.json.autosave.jsonl" 1 || return 1
  echo '{"op":"setValue","node":"two","value":20}' >"$dir/theirs.jsonl"
  "$BIN" replay "$dir/calc.json" --edits "$dir/theirs.jsonl" --out "$dir/calc.json" >/dev/null || fail "replay failed" || return 1
  wait_status $s "calc.json changed on disk: s asks whether to overwrite it or reload it" || return 1
  keys $s s && wait_status $s "calc.json changed on disk · o overwrites · r reloads · a saves as · Esc cancels" || return 1
  "$BIN" eval "$dir/calc.json" | grep -qF "Two (two): 20" || fail "s overwrote the other program's file" || return 1
  keys $s r && wait_status $s "1 unsaved edit · y recovers" || return 1
  keys $s y && wait_status $s "recovered 1 edit" || return 1
  keys $s s && wait_status $s "saved calc.json" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "the quit did not exit 0" || return 1
  tm kill-session -t $s
  local values
  values="$("$BIN" eval "$dir/calc.json")"
  grep -qF "One (one): 2" <<<"$values" && grep -qF "Two (two): 20" <<<"$values" || fail "saved values: $values"
}

all_cases+=(file_changed_on_disk)
