#!/usr/bin/env python3
"""Lists the library's public symbols without a doc comment, from a symbol graph.

usage: doc-coverage.py DIR   (DIR holds Caret.symbols.json, from -emit-symbol-graph)

Symbols the compiler synthesises or inherits (Codable's init(from:), Sequence's defaults) have
no source location and are skipped: their documentation is the protocol's. Functions,
initializers, operators and subscripts must also state their cost ("O(" or "- Complexity:"),
except protocol requirements (the conformer's cost); stored properties are O(1) by nature.
Exits 1 when any symbol of the library's own source falls short.
"""
import json
import os
import sys

directory = sys.argv[1]
CALLABLE = {"swift.method", "swift.init", "swift.func", "swift.func.op", "swift.subscript",
            "swift.type.method", "swift.type.subscript"}
missing = []
no_cost = []
total = 0
for name in sorted(os.listdir(directory)):
    if not name.startswith("Caret.") or not name.endswith(".symbols.json"):
        continue
    with open(os.path.join(directory, name)) as f:
        graph = json.load(f)
    requirements = {r["source"] for r in graph["relationships"]
                    if r["kind"] in ("requirementOf", "optionalRequirementOf")}
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if location is None:
            continue
        total += 1
        path = location["uri"].split("/Sources/", 1)[-1]
        where = f"Sources/{path}:{location['position']['line'] + 1}: {'.'.join(symbol['pathComponents'])}"
        text = "\n".join(line["text"] for line in symbol.get("docComment", {}).get("lines", []))
        if not text.strip():
            missing.append(where)
        elif (symbol["kind"]["identifier"] in CALLABLE and symbol["identifier"]["precise"] not in requirements
              and "O(" not in text and "Complexity" not in text):
            no_cost.append(where)
if total == 0:
    print(f"doc coverage: no symbols of Caret in {directory}")
    sys.exit(1)
for entry in missing:
    print("undocumented public symbol:", entry)
for entry in no_cost:
    print("public function without its complexity:", entry)
print(f"doc coverage: {total - len(missing)} of {total} public symbols documented, "
      f"{len(no_cost)} functions without their complexity")
sys.exit(1 if missing or no_cost else 0)
