#!/usr/bin/env bash
# End-to-end tests of the interactive programs: the real nodeui-tui (and Examples/LogicGates'
# logic-gates) driven in tmux. The cases are in Tests/e2e/cases/*.sh (one file per area); this
# file is the harness.
#
#   bash Tests/e2e/run.sh [case …]      (all cases by default; NODEUI_TUI=path picks the binary)
#
# Each case runs the program in its own tmux session (100×30, TERM=xterm-256color) on a private
# tmux server, sends keys and SGR mouse reports, and polls `capture-pane` until the expected text
# appears or a timeout passes (no fixed sleeps as synchronisation). Prints `PASS name` or
# `FAIL name` per case, then `N passed, N failed`; exits 1 if any case failed.
set -o pipefail
cd "$(dirname "$0")/../.."
export LC_ALL=C.UTF-8   # so ${#text} counts characters, not bytes, in the captured screens

BIN="${NODEUI_TUI:-}"
if [ -z "$BIN" ]; then
  swift build --product nodeui-tui >/dev/null || { echo "FAIL build"; exit 1; }
  BIN="$(swift build --show-bin-path)/nodeui-tui"
fi
# The test tool on NodeTerminal's event loop (Tests/TerminalProbe), beside nodeui-tui.
PROBE="$(dirname "$BIN")/nodeterminal-probe"
if [ ! -x "$PROBE" ] || [ -z "${NODEUI_TUI:-}" ]; then
  swift build --product nodeterminal-probe >/dev/null || { echo "FAIL build of nodeterminal-probe"; exit 1; }
fi
# The second tool (Examples/LogicGates), beside nodeui-tui too.
LOGIC_GATES="$(dirname "$BIN")/logic-gates"
if [ ! -x "$LOGIC_GATES" ] || [ -z "${NODEUI_TUI:-}" ]; then
  swift build --product logic-gates >/dev/null || { echo "FAIL build of logic-gates"; exit 1; }
fi
ROOT="$(pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/nodeui-e2e.XXXXXX")"
SOCKET="nodeui-e2e-$$"
# The whole run keeps its state (the demo's autosave journal) in WORK: a journal the developer's
# own sessions left in ~/.local/state would otherwise be offered for recovery on top of a case's
# screen. `start` gives each case a folder of its own inside it.
export XDG_STATE_HOME="$WORK/state"
TIMEOUT="${E2E_TIMEOUT:-10}"
passed=0
failed=0
failure=""

tm() { tmux -L "$SOCKET" "$@"; }
cleanup() {
  tm kill-server >/dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT
# A session that lives as long as the run: without it the server exits whenever a case's session
# is killed and none is left, and the next case's new-session can reach a server on its way out
# ("server exited unexpectedly").
tm new-session -d -s keeper -x 20 -y 5 "exec sleep 100000"

# start NAME DIR ARGS… — runs nodeui-tui (or $PROGRAM) ARGS in DIR in a new session. The pane's shell records
# `stty -a` before and after, and the exit status, then stays so the pane's state can be read.
start() {
  local name="$1" dir="$2"
  shift 2
  mkdir -p "$dir"
  local arguments=""
  for argument in "$@"; do arguments+=" $(printf '%q' "$argument")"; done
  cat >"$dir/run-$name.sh" <<EOF
cd $(printf '%q' "$dir")
export XDG_STATE_HOME=$(printf '%q' "$dir/state")  # the demo's autosave journal stays in this case
stty -a >stty-before.txt
env TERM=xterm-256color SWIFT_BACKTRACE=interactive=no,color=no \${EXTRA_ENV:-} $(printf '%q' "${PROGRAM:-$BIN}")$arguments
echo "[exit=\$?]"
stty -a >stty-after.txt
exec sleep 600
EOF
  tm new-session -d -s "$name" -x 100 -y 30 "EXTRA_ENV='${EXTRA_ENV:-}' bash $(printf '%q' "$dir/run-$name.sh")"
}

# screen NAME — the pane's text. The selected node's heavy box is drawn light here, so patterns
# like "╭ One " match whether or not One is selected.
screen() {
  tm capture-pane -p -t "$1" | sed 's/┏/╭/g; s/┓/╮/g; s/┗/╰/g; s/┛/╯/g; s/━/─/g; s/┃/│/g; s/┠/├/g; s/┨/┤/g'
}
status_line() { screen "$1" | tail -n 1; }

fail() {
  failure="$*"
  return 1
}

# wait_for NAME TEXT — until the screen shows TEXT.
wait_for() {
  local name="$1" text="$2" deadline=$((SECONDS + TIMEOUT))
  while [ $SECONDS -le $deadline ]; do
    screen "$name" 2>/dev/null | grep -qF -- "$text" && return 0
    sleep 0.05
  done
  fail "timed out waiting for '$text'"
}

# wait_without NAME TEXT — until the screen no longer shows TEXT.
wait_without() {
  local name="$1" text="$2" deadline=$((SECONDS + TIMEOUT))
  while [ $SECONDS -le $deadline ]; do
    screen "$name" 2>/dev/null | grep -qF -- "$text" || return 0
    sleep 0.05
  done
  fail "timed out waiting for '$text' to go"
}

# wait_status NAME TEXT — until the status line (bottom row) shows TEXT.
wait_status() {
  local name="$1" text="$2" deadline=$((SECONDS + TIMEOUT))
  while [ $SECONDS -le $deadline ]; do
    status_line "$name" 2>/dev/null | grep -qF -- "$text" && return 0
    sleep 0.05
  done
  fail "timed out waiting for '$text' on the status line (it shows: $(status_line "$name"))"
}

# keys NAME KEY… — tmux key names (Tab, Enter, Escape…) or literal characters.
keys() {
  local name="$1"
  shift
  tm send-keys -t "$name" -- "$@"
}

# mouse NAME BUTTON X Y PRESS — an SGR report (1-based cell); PRESS is M (press/drag) or m.
mouse() { tm send-keys -t "$1" -l $'\e'"[<$2;$3;$4$5"; }

# locate NAME TEXT — prints "column row" (0-based) of the first occurrence of TEXT on screen.
locate() {
  local row=0 line
  while IFS= read -r line; do
    if [[ "$line" == *"$2"* ]]; then
      local before="${line%%"$2"*}"
      echo "${#before} $row"
      return 0
    fi
    row=$((row + 1))
  done < <(screen "$1")
  fail "'$2' is not on screen"
}

# wait_at NAME TEXT "COLUMN ROW" — until TEXT is first found at that cell (0-based).
wait_at() {
  local name="$1" text="$2" want="$3" deadline=$((SECONDS + TIMEOUT)) at=""
  while [ $SECONDS -le $deadline ]; do
    at="$(locate "$name" "$text" 2>/dev/null)"
    [ "$at" = "$want" ] && return 0
    sleep 0.05
  done
  fail "'$text' is at ${at:-nowhere}, want $want"
}

# pid_of MARKER — the nodeui-tui (or probe) process whose command line holds MARKER.
pid_of() { pgrep -f -- "(nodeui-tui|nodeterminal-probe).*$1" | head -n 1; }

# finished NAME — waits for the program to exit; prints its status.
exit_status() {
  wait_for "$1" "[exit=" || return 1
  screen "$1" | sed -n 's/.*\[exit=\([0-9]*\)\].*/\1/p' | head -n 1
}

# restored NAME DIR — the terminal is as before: same stty, no alternate screen, no mouse
# reporting, keypad modes off, cursor visible.
restored() {
  local name="$1" dir="$2" deadline=$((SECONDS + TIMEOUT))
  while [ ! -s "$dir/stty-after.txt" ] && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  [ -s "$dir/stty-after.txt" ] || fail "no stty -a after the program" || return 1
  diff -q "$dir/stty-before.txt" "$dir/stty-after.txt" >/dev/null ||
    fail "stty differs: $(diff "$dir/stty-before.txt" "$dir/stty-after.txt" | tr '\n' ' ')" || return 1
  local modes
  modes="$(tm display-message -p -t "$name" '#{alternate_on}#{mouse_any_flag}#{keypad_cursor_flag}#{keypad_flag}#{cursor_flag}')"
  [ "$modes" = "00001" ] ||
    fail "pane modes alternate,mouse,keypad-cursor,keypad,cursor = $modes, want 00001" || return 1
}

run_case() {
  local name="$1"
  failure=""
  if "case_$name"; then
    echo "PASS $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name: ${failure:-failed}"
    if tm has-session -t "$name" 2>/dev/null; then screen "$name" | sed 's/^/    | /'; fi
    failed=$((failed + 1))
  fi
  tm kill-session -t "$name" >/dev/null 2>&1
  return 0
}

# --- Cases ------------------------------------------------------------------------------------
# Each file in cases/ defines case_NAME functions and adds its names to all_cases.
all_cases=()
for file in Tests/e2e/cases/*.sh; do
  # shellcheck source=/dev/null
  source "$file"
done
if [ $# -gt 0 ]; then all_cases=("$@"); fi
for name in "${all_cases[@]}"; do run_case "$name"; done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
