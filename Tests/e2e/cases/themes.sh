# Theme files (--theme FILE): the example theme's glyphs and colors on screen; a bad theme file
# stops the program with exit status 2 before anything is drawn. Sourced by run.sh.

case_theme_file_draws_its_glyphs_and_colors() {
  local s=theme_file_draws_its_glyphs_and_colors dir="$WORK/theme"
  mkdir -p "$dir"
  cp "$ROOT/Examples/graphs/calculator.json" "$dir/"
  start $s "$dir" calculator.json --theme "$ROOT/Examples/themes/amber.json"
  wait_for $s "┌ One ──" || return 1
  screen $s | grep -q "x × y     = 6" || fail "Multiply's body is not drawn" || return 1
  # #ffaf00, the theme's amber, is 214 of the 256-color palette.
  tm capture-pane -p -e -t $s | grep -q $'\e\\[38;5;214m' || fail "no amber (38;5;214) on screen" || return 1
  keys $s Tab && wait_for $s "╔ One ══" || return 1
  wait_status $s "l link • m move" || return 1
  keys $s q
  [ "$(exit_status $s)" = 0 ] || fail "q did not exit 0" || return 1
  restored $s "$dir"
}

case_bad_theme_file_exits_2_before_drawing() {
  local s=bad_theme_file_exits_2_before_drawing dir="$WORK/bad-theme"
  mkdir -p "$dir"
  printf '{\n  "colors": {"lnk": "red"}\n}\n' >"$dir/mine.json"
  start $s "$dir" --theme mine.json
  [ "$(exit_status $s)" = 2 ] || fail "exit status is not 2" || return 1
  wait_for $s "mine.json: line 2, column 14: field 'colors.lnk': unexpected field; did you mean 'link'?" || return 1
  if screen $s | grep -q "NORMAL"; then fail "the canvas was drawn" || return 1; fi
  restored $s "$dir"
}

all_cases+=(theme_file_draws_its_glyphs_and_colors bad_theme_file_exits_2_before_drawing)
