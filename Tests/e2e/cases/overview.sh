# The overview on a graph far larger than the screen: f shows it in dots and opens the minimap,
# a click in the minimap moves the view to the region under it, M hides it. Sourced by run.sh.

case_f_opens_the_minimap_and_a_click_moves_the_view() {
  local s=f_opens_the_minimap_and_a_click_moves_the_view dir="$WORK/overview"
  mkdir -p "$dir"
  # 60 × 20 numbers, 22 columns and 8 rows apart: about 1,320 × 160 cells, too wide even for dots.
  {
    printf '{"format": "nodegraph", "version": 1, "nodes": [\n'
    local row column first=1
    for row in $(seq 0 19); do
      for column in $(seq 0 59); do
        [ $first = 1 ] || printf ',\n'
        first=0
        printf '{"id": "n%d_%d", "kind": "number", "value": 1, "x": %d, "y": %d}' \
          "$row" "$column" $((2 + column * 22)) $((1 + row * 8))
      done
    done
    printf ']}\n'
  } >"$dir/big.json"
  start $s "$dir" big.json
  wait_for $s "Number" || return 1
  keys $s f && wait_status $s "the minimap shows all of it" || return 1
  wait_for $s " map " || return 1
  # Dots, no boxes.
  screen $s | grep -q "●" && ! screen $s | grep -q "╭ Number" || fail "f did not choose dots" || return 1
  # The minimap's bottom-right inside cell, on a 100 × 30 pane: the graph's far corner.
  mouse $s 0 99 28 M
  mouse $s 0 99 28 m
  wait_status $s "the view moved to the region clicked on the minimap" || return 1
  # The status line ends with the cursor's canvas position: now near the far corner.
  local x
  x="$(status_line $s | grep -oE '[0-9]+,[0-9]+ *$' | cut -d, -f1)"
  [ -n "$x" ] && [ "$x" -ge 1000 ] || fail "the cursor is at x=$x: $(status_line $s)" || return 1
  keys $s M && wait_status $s "minimap hidden" || return 1
  wait_without $s " map " || return 1
  keys $s q && wait_for $s "[exit=0]"
}
all_cases+=(f_opens_the_minimap_and_a_click_moves_the_view)
