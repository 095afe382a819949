#!/usr/bin/env python3
"""Lists the library's public symbols without a doc comment, from a symbol graph.

usage: doc-coverage.py DIR   (DIR holds Caret.symbols.json, from -emit-symbol-graph)

Symbols the compiler synthesises or inherits (Codable's init(from:), Sequence's defaults) have
no source location and are skipped: their documentation is the protocol's. Exits 1 when any
symbol of the library's own source is undocumented.
"""
import json
import os
import sys

directory = sys.argv[1]
missing = []
total = 0
for name in sorted(os.listdir(directory)):
    if not name.startswith("Caret.") or not name.endswith(".symbols.json"):
        continue
    with open(os.path.join(directory, name)) as f:
        graph = json.load(f)
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if location is None:
            continue
        total += 1
        if not symbol.get("docComment", {}).get("lines"):
            path = location["uri"].split("/Sources/", 1)[-1]
            line = location["position"]["line"] + 1
            missing.append(f"Sources/{path}:{line}: {'.'.join(symbol['pathComponents'])}")
if total == 0:
    print(f"doc coverage: no symbols of Caret in {directory}")
    sys.exit(1)
for entry in missing:
    print("undocumented public symbol:", entry)
print(f"doc coverage: {total - len(missing)} of {total} public symbols documented")
sys.exit(1 if missing else 0)
