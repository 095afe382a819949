#!/usr/bin/env python3
"""How often a range set's keystroke run ends on automerge-paper's second half (the patches
ranges.automerge-paper-10k replays), with no range in the way: the counts quoted in
2026-12-04-range-set-keystroke-runs.md. Usage: keystroke-runs.py [Corpus/traces/automerge-paper.json.gz]"""
import gzip, json, sys

path = sys.argv[1] if len(sys.argv) > 1 else "Corpus/traces/automerge-paper.json.gz"
trace = json.load(gzip.open(path))
patches = [tuple(p) for t in trace["txns"] for p in t["patches"]]
rest = patches[len(patches) // 2:]


def runs(deleting):
    """Runs ended, patches going the long way alone, patches a run took (scalar offsets)."""
    ended = alone = taken = 0
    kind = None
    for pos, deleted, inserted in rest:
        n = len(inserted)
        if kind == "typing":
            if deleted == 0 and n > 0 and pos == start + typed:
                typed += n; taken += 1; continue
            if n == 0 and deleted >= 1 and pos + deleted == start + typed and typed - deleted >= 1:
                typed -= deleted; taken += 1; continue
        elif kind == "deleting":
            if n == 0 and deleted >= 1 and (pos + deleted == start or pos == start):
                start = min(start, pos); taken += 1; continue
        if kind is not None:
            ended += 1
        if deleted == 0:
            kind, start, typed = "typing", pos, n
        elif n == 0 and deleting:
            kind, start = "deleting", pos
        else:
            kind = None; alone += 1
    return ended, alone, taken


print(f"{len(rest)} patches")
print("typing and deleting runs: ended %d, alone %d, taken %d" % runs(True))
print("typing runs only:         ended %d, alone %d, taken %d" % runs(False))
