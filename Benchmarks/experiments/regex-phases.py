#!/usr/bin/env python3
"""Splits a perf profile of `search.regex` into Caret's phase and ICU's flat pass, by time, and
counts each phase's samples per function (the tables of 2026-12-04-regex-transcoder.md).

    perf record -F 4000 -o /tmp/regex.perf /tmp/bench-build/release/caret-bench \\
        --size-mb 16 --only search.regex --reps 3
    perf script -i /tmp/regex.perf -F time,ip,sym,dso > /tmp/regex.txt
    Benchmarks/experiments/regex-phases.py /tmp/regex.txt

Caret's phase runs from its first to its last sample in the windows or the transcoder; ICU's
from the end of the flat UTF-16 conversion that follows it (Swift's String.utf16 copy) to the
end of the run.
"""
import collections
import sys

rows = []
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) >= 3:
        rows.append((float(parts[0].rstrip(':')), parts[2]))
marks = ('RegexWindows', 'transcodeToUTF16', 'transcode_ssse3')
ours = [t for t, s in rows if any(m in s for m in marks)]
start, end = min(ours), max(ours)
conversion = ('copySequenceContents', 'StringBreadcrumbs', 'nativeGetOffset')
flat = max(t for t, s in rows if t > end and any(m in s for m in conversion))


def phase(name, a, b):
    counts = collections.Counter(s for t, s in rows if a <= t <= b)
    total = sum(counts.values())
    print(f'{name}: {total} samples')
    for symbol, n in counts.most_common(12):
        print(f'{n:6d} {100 * n / total:5.1f}% {symbol[:100]}')
    return total


caret = phase("Caret's search", start, end)
icu = phase("ICU's flat pass", flat + 1e-4, rows[-1][0])
print(f'ratio of samples {caret / icu:.3f}')
