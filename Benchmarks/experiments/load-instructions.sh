#!/usr/bin/env bash
# The inputs and instruction counts of experiments/2026-12-04-load-vector-steps.md: writes the
# test files (the tmux test's multilingual block repeated to 1 GB and to 100 MB; 22 MB of Chinese and
# 20 MB of Russian from the shared corpus, repeated), then counts the instructions of `caret info`
# on each with callgrind (whole process: the load runs on several threads) and prints the total
# and the chunk measure's own (`TextChunk.init`).
#
#   Benchmarks/experiments/load-instructions.sh [CARET_BINARY] [WORK_DIR]
#
# CARET_BINARY defaults to a release build made in /tmp/load-instr-build; WORK_DIR to
# /tmp/load-instr. Needs valgrind and ../shared/corpus. The 1 GB file is written but not run under
# callgrind (about 50 times slower); time it with `/usr/bin/time caret info FILE`, or see where it
# goes with `perf record -F 1999 caret info FILE` and `perf report --sort symbol --stdio`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${2:-/tmp/load-instr}"
mkdir -p "$work"
if [ -n "${1:-}" ]; then
  caret="$1"
else
  (cd "$root" && swift build -c release --scratch-path /tmp/load-instr-build --product caret >/dev/null)
  caret=/tmp/load-instr-build/release/caret
fi
corpus="$root/../shared/corpus"
python3 - "$work" "$corpus" <<'PY'
import os, sys
work, corpus = sys.argv[1], sys.argv[2]
block = ("日本語のテキストを編集します。長い行は四十桁で折り返されます。 Latin words wrap at spaces like this. "
         "مرحبا بالعالم نص عربي\nनमस्ते दुनिया 🙂 emoji 👍🏽 and a\ttab\n").encode()
big = os.path.join(work, "big1g.txt")
if not os.path.exists(big):
    with open(big, "wb") as f:
        f.write(block * (1000 * 1024 * 1024 // len(block)))
with open(os.path.join(work, "big100m.txt"), "wb") as f:
    f.write(block * (100 * 1024 * 1024 // len(block)))   # whole blocks: whole characters
for name, source, size in [("zh20m.txt", "large/zh-Hans_song_ci.txt", 20_000_000), ("ru20m.txt", "udhr/udhr_rus.txt", 20_000_000)]:
    data = open(os.path.join(corpus, source), "rb").read()
    open(os.path.join(work, name), "wb").write(data * (size // len(data) + 1))
PY
strip --strip-debug -o "$work/caret-stripped" "$caret"
for file in big100m zh20m ru20m; do
  valgrind --tool=callgrind --callgrind-out-file="$work/$file.cg" "$work/caret-stripped" info "$work/$file.txt" >/dev/null 2>"$work/$file.log"
  total=$(grep -o 'Collected : [0-9]*' "$work/$file.log" | grep -o '[0-9]*$')
  measure=$(callgrind_annotate --inclusive=no "$work/$file.cg" 2>/dev/null | grep 'TextChunkVyACSays5UInt8VGcfC' | awk '{print $1}')
  echo "$file: caret info $total instructions, TextChunk.init (the measure) $measure"
done
