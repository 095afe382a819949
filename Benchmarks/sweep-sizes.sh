#!/usr/bin/env bash
# Chunk-size / fan-out sweep: for each setting (chunk bytes, leaf fan-out, branch fan-out), builds a patched copy of the package (the
# working tree is not touched) and runs the workloads that the sizes trade against each other.
#   Benchmarks/sweep-sizes.sh [SIZE_MB]          (default 20; prints one block per setting)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
size="${1:-20}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for setting in "1024 22 16" "1024 32 32" "1024 16 16" "512 22 16" "2048 22 16"; do
  set -- $setting
  rm -rf "$work/src"
  mkdir -p "$work/src"
  (cd "$root" && git ls-files -z | xargs -0 cp --parents -t "$work/src")
  # The standard constants (two digits or more; the TinyShapes branch has one-digit values).
  sed -i -e "s/static var maxBytes: Int { [0-9][0-9][0-9]* }/static var maxBytes: Int { $1 }/" \
    -e "s/static var minBytes: Int { [0-9][0-9][0-9]* }/static var minBytes: Int { $(($1 / 4)) }/" \
    "$work/src/Sources/Caret/Text/ChunkBuilder.swift"
  sed -i -e "s/static var textChunks: Int { [0-9][0-9][0-9]* }/static var textChunks: Int { $2 }/" \
    -e "s/static var textChildren: Int { [0-9][0-9][0-9]* }/static var textChildren: Int { $3 }/" \
    "$work/src/Sources/Caret/Rope/RopeSummary.swift"
  grep -q "maxBytes: Int { $1 }" "$work/src/Sources/Caret/Text/ChunkBuilder.swift" \
    && grep -q "textChunks: Int { $2 }" "$work/src/Sources/Caret/Rope/RopeSummary.swift" \
    && grep -q "textChildren: Int { $3 }" "$work/src/Sources/Caret/Rope/RopeSummary.swift" \
    || { echo "sweep-sizes.sh: the size constants were not found" >&2; exit 1; }
  (cd "$work/src" && swift build -c release --scratch-path "$work/build" --product caret-bench 2>&1 | grep -E "error:" || true)
  echo "=== chunk $1 bytes, leaves of $2, branches of $3"
  (cd "$root" && "$work/build/release/caret-bench" --size-mb "$size" --reps 5 \
    --only load.generated,position.from-grapheme,position.to-utf16,edit.,snapshot,memory.generated,replay.automerge,walk.graphemes \
    | grep -E "^  ")
done
