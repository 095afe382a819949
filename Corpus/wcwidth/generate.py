#!/usr/bin/env python3
"""Writes the expected `.terminal` display widths of Caret's differential test (DisplayWidthWcwidthTests).

For every distinct grapheme cluster of the given files (default: Corpus/samples/*.txt), as the
`wcwidth` package segments them (`iter_graphemes`), one line: the cluster's scalars in hex, a tab,
and `wcwidth.wcswidth` of the cluster (-1 when it holds a control), a tab, and the sum of
`wcwidth.wcwidth` of its scalars one by one (-1 likewise): the two differ where wcswidth 0.7
applies grapheme rules (VS16 after a narrow emoji, Indic conjuncts). The Swift test measures each
cluster string with `DisplayWidthOptions().width(of:)`; segmentation does not matter to that
model, which adds the scalars' widths.

Regenerate (from the package root):
    pip install wcwidth            # the fixture was made with wcwidth 0.7.0
    python3 Corpus/wcwidth/generate.py > Corpus/wcwidth/samples.tsv
Any directory or files may be given instead, e.g. the shared corpus:
    python3 Corpus/wcwidth/generate.py /work/shared/corpus > /tmp/shared.tsv
"""
import pathlib
import sys

import wcwidth


def files(arguments):
    root = pathlib.Path(__file__).resolve().parent.parent
    paths = [pathlib.Path(a) for a in arguments] or [root / "samples"]
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file())
        else:
            yield path


def main():
    clusters = set()
    for path in files(sys.argv[1:]):
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue  # not UTF-8 text (compressed traces and the like)
        clusters.update(wcwidth.iter_graphemes(text))
    print(f"# wcwidth {wcwidth.__version__}; {len(clusters)} distinct clusters; scalars<TAB>wcswidth<TAB>sum of wcwidth")
    for cluster in sorted(clusters):
        widths = [wcwidth.wcwidth(c) for c in cluster]
        total = -1 if min(widths) < 0 else sum(widths)
        print(" ".join(f"{ord(c):04X}" for c in cluster) + f"\t{wcwidth.wcswidth(cluster)}\t{total}")


main()
