#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build and test NodeGraph: the ncursesw headers,
# tmux, and Graphviz (the export tests lay out what `export --format dot` prints). Installs nothing
# when all are present; recommended packages are left out.
set -euo pipefail
missing=()
# The wide-character library and its headers (the module map links ncursesw and tinfo directly).
if [ ! -e /usr/include/ncursesw/curses.h ] || ! compgen -G '/usr/lib/*/libncursesw.so' >/dev/null; then
  missing+=(libncurses-dev)
fi
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
