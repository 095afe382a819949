#!/usr/bin/env python3
"""Today's table from several runs of caret-bench (each `--json FILE`): for each row, the run whose
median is the middle one of the runs (the upper middle for an even count) — for a row with a
baseline, the run whose ratio is — printed as Benchmarks/README.md's rows (median, minimum, and
baseline: ratio). With --splice, also writes those runs' rows into baseline.json's section of the
runs' kind (quick or full), keeping the file's layout (one row a line, keys in order).

    for i in 1 2 3; do caret-bench --quick --json /tmp/q$i.json > /dev/null; done
    Benchmarks/quick-table.py /tmp/q1.json /tmp/q2.json /tmp/q3.json [--splice Benchmarks/baseline.json]
"""
import json
import re
import sys


def number(x):
    if x is None:
        return "–"
    if x >= 1000:
        return f"{round(x):,}"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def ratio(r):
    s = "%#.3g" % r
    if "e" in s:
        s = f"{r:.6f}".rstrip("0")
    return s + "×"


def chosen_rows(runs):
    names = [w["name"] for w in runs[0]["workloads"]]
    chosen = {}
    for name in names:
        rows = [w for r in runs for w in r["workloads"] if w["name"] == name]
        rows.sort(key=lambda w: w["median"] if w["ratio"] is None else w["ratio"])
        chosen[name] = rows[len(rows) // 2]
    return names, chosen


def splice(path, quick, chosen):
    lines = open(path).read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith('  "quick": {')) if quick else 0
    end = len(lines) if quick else next(i for i, l in enumerate(lines) if l.startswith('  "quick": {'))
    spliced = 0
    for i in range(start, end):
        m = re.match(r'(\s*)\{"baseline".*"name": "([^"]+)".*\}(,?)$', lines[i])
        if m and m.group(2) in chosen:
            w = chosen[m.group(2)]
            body = ", ".join(f'"{k}": {json.dumps(w[k])}' for k in sorted(w))
            lines[i] = f"{m.group(1)}{{{body}}}{m.group(3)}"
            spliced += 1
    open(path, "w").write("\n".join(lines))
    json.load(open(path))                    # still JSON
    return spliced


def main(argv):
    target = None
    if "--splice" in argv:
        k = argv.index("--splice")
        target = argv[k + 1]
        argv = argv[:k] + argv[k + 2:]
    if not argv:
        sys.exit(__doc__)
    runs = [json.load(open(p)) for p in argv]
    names, chosen = chosen_rows(runs)
    for name in names:
        w = chosen[name]
        base = "–" if w["baseline"] is None else f"{number(w['baseline'])}: {ratio(w['ratio'])}"
        print(f"| `{name}` | {w['unit']} | {number(w['median'])} ({number(w['min'])}) | {base} |")
    if target:
        quick = runs[0]["config"].get("quick") in (True, "true")
        print(f"spliced {splice(target, quick, chosen)} rows into {target}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
