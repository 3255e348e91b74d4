# Terminals and environments: TERM=dumb and vt100, LANG=C, --ascii, NO_COLOR, a tiny window; and
# NodeTerminal's event loop through its test tool (posted messages, a real fault).
# Sourced by run.sh, which provides start, keys, screen, wait_for… and runs every name added to
# all_cases.

# only_ascii NAME — every byte on the screen is below 0x80.
only_ascii() {
  local high
  high="$(tm capture-pane -p -t "$1" | LC_ALL=C tr -d '\000-\177' | wc -c)"
  [ "$high" -eq 0 ] || fail "$high bytes ≥ 0x80 on screen" || return 1
}

# draws_ascii_everywhere NAME — the demo, a selection's hints, link mode and the palette, all ASCII.
draws_ascii_everywhere() {
  local s="$1"
  wait_for $s "Multiply" || return 1
  only_ascii $s || return 1
  keys $s Tab && wait_status $s "l link | m move" || return 1
  only_ascii $s || return 1
  keys $s l && wait_status $s "LINK" || return 1
  only_ascii $s || return 1
  keys $s Escape n && wait_status $s "NEW" || return 1
  only_ascii $s || return 1
  keys $s Escape q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0"
}

case_term_dumb_exits_1_with_the_headless_hint() {
  local s=term_dumb_exits_1_with_the_headless_hint
  tm new-session -d -s $s -x 200 -y 30 \
    "env TERM=dumb $(printf '%q' "$BIN"); echo \"[exit=\$?]\"; exec sleep 600"
  [ "$(exit_status $s)" = 1 ] || fail "exit status is not 1" || return 1
  wait_for $s "the terminal type 'dumb' cannot move the cursor" || return 1
  wait_for $s "nodeui-tui eval FILE"
}

case_lang_c_draws_only_ascii() {
  local s=lang_c_draws_only_ascii
  EXTRA_ENV="LANG=C LC_ALL=C" start $s "$WORK/lang-c" --log "$WORK/lang-c/log"
  draws_ascii_everywhere $s
}

case_ascii_flag_draws_only_ascii() {
  local s=ascii_flag_draws_only_ascii
  start $s "$WORK/ascii" --ascii --log "$WORK/ascii/log"
  draws_ascii_everywhere $s
}

case_no_color_draws_attributes_only() {
  local s=no_color_draws_attributes_only
  EXTRA_ENV="NO_COLOR=1" start $s "$WORK/no-color" --log "$WORK/no-color/log"
  wait_for $s "Multiply" || return 1
  keys $s Tab && wait_status $s "l link" || return 1
  local escapes
  escapes="$(tm capture-pane -p -e -t $s | grep -o $'\e\\[[0-9;]*m' | sort -u | tr '\n' ' ')"
  # Attributes are there (bold, reverse…), colors are not: no 30–38, 40–48, 90–97 or 100–107
  # (39 and 49, the default colors, are how tmux writes every reset).
  grep -qE $'\e\\[([0-9;]*;)?(1|7)(;|m)' <<<"$escapes" || fail "no bold or reverse at all: $escapes" || return 1
  if grep -qE $'\e\\[([0-9;]*;)?(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;|m)' <<<"$escapes"; then
    fail "color escapes on screen: $escapes" || return 1
  fi
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0"
}

case_without_an_alternate_screen_exit_clears_the_screen() {
  local s=without_an_alternate_screen_exit_clears_the_screen
  EXTRA_ENV="TERM=vt100" start $s "$WORK/vt100" --log "$WORK/vt100/log"
  wait_for $s "Multiply" || return 1
  wait_status $s "NORMAL" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0" || return 1
  local text
  text="$(screen $s)"
  [[ "$(head -n 1 <<<"$text")" == *"[exit=0]"* ]] || fail "the shell did not continue at the top" || return 1
  ! grep -qE "Multiply|NORMAL" <<<"$text" || fail "the old screen is still there"
}

case_a_ten_by_four_window_reads_too_small() {
  local s=a_ten_by_four_window_reads_too_small
  start $s "$WORK/tiny" --log "$WORK/tiny/log"
  wait_for $s "Multiply" || return 1
  tm resize-window -t $s -x 10 -y 4
  wait_for $s "too small" || return 1
  wait_for $s "10×4" || return 1
  local rows
  rows="$(screen $s)"
  [ "$(sed -n 1p <<<"$rows")" = "too small" ] && [ "$(sed -n 2p <<<"$rows")" = "   10×4" ] ||
    fail "not on lines of their own, centered" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q in a tiny window did not exit 0"
}

case_posted_messages_redraw_without_a_key() {
  local s=posted_messages_redraw_without_a_key
  PROGRAM="$PROBE" start $s "$WORK/probe-tick" --tick 50
  wait_for $s "ticks: 3" || return 1
  wait_for $s "ticks: 12" || return 1
  wait_for $s "last: none" || fail "a key was answered, but none was sent" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0"
}

case_restore_after_a_real_fault() {
  local s=restore_after_a_real_fault dir="$WORK/probe-fault"
  PROGRAM="$PROBE" start $s "$dir"
  wait_for $s "q quits, ! crashes" || return 1
  [ "$(tm display-message -p -t $s '#{alternate_on}#{mouse_any_flag}')" = 11 ] ||
    fail "while running, the pane is not in the alternate screen with the mouse on" || return 1
  keys $s '!'
  [ "$(exit_status $s)" = 139 ] || fail "exit status is not 139 (SIGSEGV)" || return 1
  restored $s "$dir" || return 1
  local report
  report="$(tm capture-pane -p -S - -t $s)"
  grep -qF "Program crashed" <<<"$report" && grep -qF "Thread 0" <<<"$report" ||
    fail "no legible crash report after the fault"
}

all_cases+=(
  posted_messages_redraw_without_a_key restore_after_a_real_fault
  term_dumb_exits_1_with_the_headless_hint lang_c_draws_only_ascii ascii_flag_draws_only_ascii
  no_color_draws_attributes_only without_an_alternate_screen_exit_clears_the_screen
  a_ten_by_four_window_reads_too_small
)
