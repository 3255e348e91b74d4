#!/usr/bin/env bash
# Runs every NodeGraph check: unit, property and CLI tests, then the terminal end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
export SWIFT_BACKTRACE=interactive=no
swift build --build-tests
swift test --skip-build
# The interactive calculator, driven in tmux (needs tmux; Scripts/setup.sh installs it).
NODEUI_TUI="$(swift build --show-bin-path)/nodeui-tui" bash Tests/e2e/run.sh
