#!/usr/bin/env bash
# The client check: clones this repository (its committed HEAD) to a temporary directory, tags
# the clone 0.1.0 (its own tags removed, so that exactly HEAD is 0.1.0), and builds and runs
# Tests/Client — a package that takes Caret by version from that clone's file:// URL — from
# scratch. Exits non-zero when resolution, the build or the checks fail.
#
#   Tests/Client/run.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(git -C "$here" rev-parse --show-toplevel)"
work="$(mktemp -d "${TMPDIR:-/tmp}/caret-client.XXXXXX")"
trap 'rm -rf "$work"' EXIT

git clone -q "$root" "$work/Caret"
git -C "$work/Caret" tag -l | xargs -r git -C "$work/Caret" tag -d > /dev/null
git -C "$work/Caret" tag 0.1.0
echo "client check: Caret $(git -C "$work/Caret" rev-parse --short HEAD) tagged 0.1.0 in $work/Caret"

mkdir -p "$work/client"
cp -R "$here/Sources" "$work/client/"
sed "s|CARET_URL|file://$work/Caret|" "$here/Package.swift" > "$work/client/Package.swift"
cd "$work/client"
swift build
"$(swift build --show-bin-path)/CaretClient"
