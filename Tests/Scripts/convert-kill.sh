#!/usr/bin/env bash
# The crash-safety run of issue 25 at full size: `caret convert` (a release build) killed with
# SIGKILL at random moments while it replaces an existing target, KILLS times on files of
# SIZES_MB (comma-separated, used in turn); after each kill the target must be byte-identical to
# the old file or to the new one. It is ConvertKillTests (Tests/CaretTests/ConvertKillTests.swift,
# which `swift test` runs with 200 kills on files of 1–8 MB and the debug `caret`) given a release
# `caret` and bigger sizes through the environment; it prints the kills, outcomes and leftover
# temporary files.
#
#   Tests/Scripts/convert-kill.sh [KILLS] [SIZES_MB] [DIRECTORY]
#
# Defaults: 200 kills on 100 MB files (each turns into a 200 MB UTF-16 file; 215 s on the
# 2-core machine), in the system's temporary directory (a disk: fsync does real work there).
set -euo pipefail
cd "$(dirname "$0")/../.."
kills=${1:-200}
sizes=${2:-100}
swift build -c release --product caret
export CARET_EXECUTABLE="$(swift build -c release --show-bin-path)/caret"
export CARET_KILLS=$kills CARET_KILL_SIZES_MB=$sizes
if [ -n "${3:-}" ]; then export CARET_KILL_DIRECTORY=$3; fi
swift test --filter ConvertKillTests
