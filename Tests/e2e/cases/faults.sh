# Saving under a real failure: a file-size limit (`ulimit -f`). Sourced by run.sh, which provides
# start, keys, screen, wait_for… and runs every name added to all_cases.

# Under `ulimit -f 1` (1024 bytes) a save of a graph larger than that (Examples/graphs/groups.json,
# 1961 bytes) fails with EFBIG, while the journal's few lines fit: the status line says why, the
# file and folder are as they were, the journal holds every edit, and the next open (without the
# limit) recovers them all.
case_save_past_the_file_size_limit() {
  local s=save_past_limit dir="$WORK/file-size-limit"
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/groups.json" "$dir/calc.json"
  printf '#!/bin/sh\nulimit -f 1\nexec %q "$@"\n' "$BIN" >"$dir/limited.sh"
  chmod +x "$dir/limited.sh"
  PROGRAM="$dir/limited.sh" start $s "$dir" calc.json
  wait_for $s "opened calc.json" || return 1
  local count
  for count in 1 2 3; do
    keys $s n && wait_status $s "NEW" || return 1
    keys $s Enter && wait_lines "$dir/calc.json.autosave.jsonl" $count || return 1
  done
  local entries
  entries="$(ls -A "$dir")"
  keys $s s && wait_status $s "not saved: cannot write the file: File too large" || return 1
  cmp -s "$ROOT/Examples/graphs/groups.json" "$dir/calc.json" || fail "the failed save changed the file" || return 1
  [ "$(ls -A "$dir")" = "$entries" ] || fail "the failed save left a file behind: $(ls -A "$dir")" || return 1
  [ "$(journal_lines "$dir/calc.json.autosave.jsonl")" -eq 3 ] || fail "the journal lost edits" || return 1
  tm kill-session -t $s

  start $s "$dir" calc.json
  wait_status $s "3 unsaved edits" || return 1
  keys $s y && wait_status $s "recovered 3 edits" || return 1
  keys $s s && wait_status $s "saved calc.json" || return 1
  [ ! -e "$dir/calc.json.autosave.jsonl" ] || fail "the save kept the journal" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "the quit did not exit 0" || return 1
  tm kill-session -t $s
}

all_cases+=(save_past_the_file_size_limit)
