#!/usr/bin/env bash
# What a process pays for the code point tables on first use: callgrind's inclusive counts of
# each table's `shared` initialiser and of the whole process, then wall times of the commands
# alternated between the binaries given (medians of 15 runs, min in parentheses).
#   usage: first-use.sh CARET-BINARY...   (release builds of `caret`; several to compare)
# Needs valgrind. Writes a three-line file of Latin, Hebrew, Arabic and Japanese to a temporary
# directory.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'Hello שלום עולם world\nمرحبا بالعالم 123\n日本語のテキスト\n' > "$work/small.txt"
commands=("stats $work/small.txt" "wrap --width 10 $work/small.txt" "info $work/small.txt")
for bin in "$@"; do
  # valgrind 3.19 reads no DWARF 5: a copy without debug information (symbols kept).
  strip --strip-debug -o "$work/bin" "$bin"
  for cmd in "${commands[@]:0:2}"; do
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$work/bin" $cmd >/dev/null 2>"$work/err"
    echo "$bin $cmd: $(grep -o 'Collected : [0-9]*' "$work/err")"
    callgrind_annotate --inclusive=yes "$work/cg" 2>/dev/null | grep '_WZ' | grep 'Table' | sed 's/^/  /' | cut -c1-140 || true
  done
done
python3 - "$work" "${commands[@]}" -- "$@" <<'PY'
import statistics, subprocess, sys, time
args = sys.argv[2:]
split = args.index('--')
commands, binaries = args[:split], args[split + 1:]
for command in commands:
    times = {b: [] for b in binaries}
    for _ in range(15):
        for b in binaries:
            t = time.perf_counter()
            subprocess.run([b] + command.split(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[b].append((time.perf_counter() - t) * 1000)
    print(command.split()[0], '  '.join(f"{b}: {statistics.median(v):.1f} ms ({min(v):.1f})" for b, v in times.items()))
PY
