# Key remapping (keys.json under XDG_CONFIG_HOME) and the command line (`:`): a remapped key runs
# its new command, an unbound one does nothing, `?` and `:` show the keys in effect; a bad keys
# file stops the program with exit status 2 before anything is drawn. Sourced by run.sh.

case_keys_file_remaps_keys_and_colon_runs_commands() {
  local s=keys_file_remaps_keys_and_colon_runs_commands dir="$WORK/keys"
  mkdir -p "$dir/config/nodeui-tui"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/"
  printf '{"bindings": {"d": "delete", "x": null, "Ctrl-S": "save"}}\n' >"$dir/config/nodeui-tui/keys.json"
  EXTRA_ENV="XDG_CONFIG_HOME=$dir/config" start $s "$dir" calculator.json
  wait_for $s "╭ One ──" || return 1
  keys $s '?'
  wait_for $s "Delete / d" || return 1
  screen $s | grep -q "x / Delete" && fail "help still shows x / Delete" && return 1
  keys $s Escape
  wait_without $s "Delete / d" || return 1
  keys $s Tab
  wait_status $s "One" || return 1
  keys $s x
  sleep 0.3
  screen $s | grep -qF "╭ One ──" || fail "x, unbound, deleted One" || return 1
  keys $s d
  wait_without $s "╭ One ──" || return 1
  keys $s :
  wait_for $s " Commands " || return 1
  tm send-keys -t $s -l "del"
  wait_for $s "Delete / d" || return 1
  keys $s C-u
  tm send-keys -t $s -l "lod dot"
  keys $s Enter
  wait_status $s "level of detail: dot" || return 1
  keys $s C-s
  wait_status $s "saved calculator.json" || return 1
  grep -q '"one"' "$dir/calculator.json" && fail "the save kept One" && return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0" || return 1
  restored $s "$dir"
}

case_bad_keys_file_exits_2_before_drawing() {
  local s=bad_keys_file_exits_2_before_drawing dir="$WORK/bad-keys"
  mkdir -p "$dir/c/nodeui-tui"
  printf '{"bindings": {"d": "delet",\n "Ctrl-?": "save"}}\n' >"$dir/c/nodeui-tui/keys.json"
  EXTRA_ENV="XDG_CONFIG_HOME=c" start $s "$dir"
  [ "$(exit_status $s)" = 2 ] || fail "exit status is not 2" || return 1
  wait_for $s "c/nodeui-tui/keys.json: line 1, column 20: 'delet' is not a command; did you mean 'delete'?" ||
    return 1
  wait_for $s "c/nodeui-tui/keys.json: line 2, column 2: 'Ctrl-?' is not a key" || return 1
  if screen $s | grep -q "NORMAL"; then fail "the canvas was drawn" || return 1; fi
  restored $s "$dir"
}

all_cases+=(keys_file_remaps_keys_and_colon_runs_commands bad_keys_file_exits_2_before_drawing)
