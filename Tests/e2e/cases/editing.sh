# The value editor, renaming, find, fit, paging, F1 and the recovery question, at the keyboard.
# Sourced by run.sh.

# type_text NAME TEXT — types TEXT literally (a leading "-" included).
type_text() { tm send-keys -t "$1" -l -- "$2"; }

case_the_value_editor_takes_every_key_as_text() {
  local s=the_value_editor_takes_every_key_as_text
  start $s "$WORK/edit" --log "$WORK/edit/log"
  wait_for $s "╭ One" || return 1
  keys $s / O n e Enter Escape && wait_status $s "NORMAL  One" || return 1
  keys $s e && type_text $s "-7" && keys $s Enter && wait_for $s "x + y + z    = -5" || return 1
  keys $s e && type_text $s "1,5" && keys $s Enter && wait_status $s "'1,5' is not a number" || return 1
  wait_status $s "EDIT" || return 1
  keys $s BSpace BSpace BSpace && type_text $s "1e999" && keys $s Enter && wait_status $s "too large" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s Enter && wait_status $s "EDIT" || return 1
  type_text $s "2.5" && keys $s Enter && wait_for $s "x + y + z   = 4.5" || return 1
}

case_rename_find_fit_page_and_help() {
  local s=rename_find_fit_page_and_help
  start $s "$WORK/rename" --log "$WORK/rename/log"
  wait_for $s "╭ Add" || return 1
  keys $s / A d d Enter Escape && wait_status $s "NORMAL  Add" || return 1
  keys $s r BSpace BSpace BSpace && type_text $s "Sum" && keys $s Enter && wait_for $s "╭ Sum" || return 1
  wait_status $s "renamed Add to Sum" || return 1
  keys $s / t Enter && wait_status $s "found" || return 1
  local first
  first="$(status_line $s)"
  keys $s Enter && wait_status $s "found" || return 1
  [ "$(status_line $s)" != "$first" ] || fail "Enter again did not go to the next match" || return 1
  status_line $s | grep -qF "FIND" || fail "Enter again left the find" || return 1
  keys $s Escape && wait_status $s "NORMAL" || return 1
  keys $s PageDown && wait_without $s "╭ Sum" || return 1
  keys $s f && wait_status $s "the whole graph is in view" || return 1
  wait_for $s "╭ Sum" || return 1
  keys $s F1 && wait_for $s "╭ Keys" || return 1
  keys $s q && wait_without $s "╭ Keys" || return 1
}

case_recovery_lists_the_edits_and_esc_keeps_them() {
  local s=recovery_lists_the_edits_and_esc_keeps_them
  mkdir -p "$WORK/recover"
  cp Examples/graphs/calculator.json "$WORK/recover/calc.json"
  printf '%s\n' '{"op":"setValue","node":"one","value":5}' '{"op":"rename","node":"add","name":"Sum"}' \
    >"$WORK/recover/calc.json.autosave.jsonl"
  start $s "$WORK/recover" calc.json --log "$WORK/recover/log"
  wait_for $s "Recover unsaved edits?" || return 1
  wait_for $s "set One to 5" || return 1
  wait_status $s "2 unsaved edits · y recovers · n discards · Esc decides later" || return 1
  keys $s Escape && wait_status $s "kept the unsaved edits for later" || return 1
  [ -s "$WORK/recover/calc.json.autosave.jsonl" ] || fail "Esc removed the journal" || return 1
}

case_every_prompt_edits_alike_and_at_shows_the_messages() {
  local s=every_prompt_edits_alike_and_at_shows_the_messages
  start $s "$WORK/prompts" --log "$WORK/prompts/log"
  wait_for $s "╭ Multiply" || return 1
  keys $s / M u l Enter && wait_status $s "found Multiply" || return 1
  keys $s Enter && wait_status $s "FIND  Multiply" || return 1
  status_line $s | grep -qF "EDIT" && fail "Enter again in find edited the node" && return 1
  keys $s Escape && wait_status $s "NORMAL  Multiply" || return 1
  keys $s r && type_text $s "Product" && wait_status $s "name: Product▏" || return 1
  keys $s Enter && wait_for $s "╭ Product" || return 1
  keys $s r End && type_text $s " total" && keys $s C-w && type_text $s "sum" || return 1
  wait_status $s "name: Product sum▏" && keys $s Enter && wait_for $s "╭ Product sum" || return 1
  keys $s / O n e Enter Escape && wait_status $s "NORMAL  One" || return 1
  keys $s e && type_text $s " 3 " && keys $s Enter && wait_for $s "x + y + z     = 5" || return 1
  keys $s @ && wait_for $s "Messages, newest first" || return 1
  wait_for $s "renamed Multiply to Product" || return 1
  keys $s q && wait_without $s "Messages, newest first" || return 1
  wait_status $s "NORMAL" || return 1
}

all_cases+=(
  every_prompt_edits_alike_and_at_shows_the_messages
  the_value_editor_takes_every_key_as_text
  rename_find_fit_page_and_help
  recovery_lists_the_edits_and_esc_keeps_them
)
