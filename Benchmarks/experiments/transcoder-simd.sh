#!/usr/bin/env bash
# Reproduces the transcoder figures of 2026-12-04-regex-transcoder.md: the loops by sequence
# length (`UTF8Scalars.transcodeByLength`, taken from the checkout) against CaretSIMD's
# `caret_simd_utf8_to_utf16` (compiled from the checkout), over the quick generated document cut
# in ~900-byte pieces at scalar boundaries (as the rope's chunks cut it), 40 passes a run, the
# median; the vector path's output is compared with the loops' unit for unit.
#
#   Benchmarks/experiments/transcoder-simd.sh [ROUNDS]   (from the repository's root)
#
# Needs a release caret-bench (for the document):
#   swift build -c release --scratch-path /tmp/bench-build --product caret-bench
set -euo pipefail
rounds=${1:-3}
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/transcoder-simd.XXXXXX")
/tmp/bench-build/release/caret-bench --quick --write-generated "$work/gen4.txt" --only search.regex > /dev/null 2>&1 || true
test -s "$work/gen4.txt"
python3 - "$root/Sources/Caret/Text/UTF8.swift" "$work/loops.swift" <<'PY'
import sys
src = open(sys.argv[1]).read()
a = src.index('    static func transcodeByLength(')
b = src.index('    /// From byte `i` of valid UTF-8 `p`')
fn = src[a:b]
# Outside the package the three-byte line takes the type checker too long: split it.
fn = fn.replace("out[k] = UInt16((UInt32(base[i]) & 0x0F) << 12 | (UInt32(base[i &+ 1]) & 0x3F) << 6 | UInt32(base[i &+ 2]) & 0x3F)",
                "let x0: UInt32 = (UInt32(base[i]) & 0x0F) << 12\n                    let x1: UInt32 = (UInt32(base[i &+ 1]) & 0x3F) << 6\n                    out[k] = UInt16(x0 | x1 | UInt32(base[i &+ 2]) & 0x3F)")
open(sys.argv[2], 'w').write('enum T {\n' + fn + '}\n')
PY
cat > "$work/main.swift" <<'SWIFT'
import Foundation
let data = [UInt8](FileManager.default.contents(atPath: CommandLine.arguments[2])!)
var cuts: [Range<Int>] = []
var s = 0
while s < data.count {
    var e = min(data.count, s + 900)
    while e < data.count && data[e] & 0xC0 == 0x80 { e += 1 }
    cuts.append(s..<e); s = e
}
let variant = CommandLine.arguments[1]
func simd(_ p: UnsafeBufferPointer<UInt8>, _ out: UnsafeMutablePointer<UInt16>) -> Int {
    let n = caret_simd_utf8_to_utf16(p.baseAddress!, p.count, out, p.count)
    precondition(n >= 0, "no SSSE3 on this processor")
    return n
}
func run(_ f: (UnsafeBufferPointer<UInt8>, UnsafeMutablePointer<UInt16>) -> Int, into o: inout [UInt16]) -> Int {
    var k = 0
    data.withUnsafeBufferPointer { p in
        o.withUnsafeMutableBufferPointer { q in
            for c in cuts { k += f(UnsafeBufferPointer(rebasing: p[c]), q.baseAddress! + k) }
        }
    }
    return k
}
let f: (UnsafeBufferPointer<UInt8>, UnsafeMutablePointer<UInt16>) -> Int = variant == "simd" ? simd : { T.transcodeByLength($0, into: $1) }
var out = [UInt16](repeating: 0, count: data.count + 16), ref = out
let n1 = run({ T.transcodeByLength($0, into: $1) }, into: &ref)
let n2 = run(f, into: &out)
precondition(n1 == n2 && ref[0..<n1] == out[0..<n2], "mismatch \(n1) \(n2)")
var times: [Double] = []
for _ in 0..<40 {
    let t0 = DispatchTime.now().uptimeNanoseconds
    _ = run(f, into: &out)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - t0))
}
times.sort()
print(variant, String(format: "%.3f ns a byte", times[20] / Double(data.count)))
SWIFT
clang=$(dirname "$(command -v swiftc)")/clang
"$clang" -O2 -c -I "$root/Sources/CaretSIMD/include" "$root/Sources/CaretSIMD/utf8_to_utf16.c" -o "$work/simd.o"
swiftc -O "$work/main.swift" "$work/loops.swift" -import-objc-header "$root/Sources/CaretSIMD/include/CaretSIMD.h" \
  "$work/simd.o" -o "$work/transcode" 2>&1 | grep -v warning || true
for ((r = 1; r <= rounds; r++)); do
  "$work/transcode" loops "$work/gen4.txt"
  "$work/transcode" simd "$work/gen4.txt"
done
rm -rf "$work"
