# The timing badges: t shows each node's recomputations since the file was opened and its last
# compute time on its bottom edge; an edit counts; t again hides them. Sourced by run.sh.

case_t_shows_recomputations_and_compute_times() {
  local s=t_shows_recomputations_and_compute_times
  start $s "$WORK/timing"
  wait_for $s "x + y + z     = 3" || return 1
  keys $s t && wait_status $s "timing on" || return 1
  wait_for $s " 0× " || return 1
  keys $s / O n e Enter Escape && wait_status $s "NORMAL  One" || return 1
  keys $s + && wait_for $s "x + y + z     = 4" || return 1
  # One, Add and Multiply recomputed once each, timed: `1× 1.2µs`.
  screen $s | grep -qE ' 1× [0-9.]+(ns|µs|ms|s) ' || fail "no timed badge: $(screen $s)" || return 1
  keys $s t && wait_status $s "timing off" || return 1
  local deadline=$((SECONDS + TIMEOUT))
  while screen $s | grep -qF ' 0× ' && [ $SECONDS -le $deadline ]; do sleep 0.05; done
  screen $s | grep -qF ' 0× ' && fail "the badges stayed after t" || return 0
}

all_cases+=(t_shows_recomputations_and_compute_times)
