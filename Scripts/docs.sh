#!/usr/bin/env bash
# Builds the NodeGraph documentation with DocC; any warning (an undocumented public declaration,
# a broken symbol link) fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --disable-sandbox generate-documentation --target NodeGraph --target NodeGraphFiles --target NodeGraphSources --target NodeCanvas --target NodeTerminal --target NodeCommandLine --warnings-as-errors "$@"
