#!/usr/bin/env bash
# Reproduces the transcoder timings of 2026-12-03-evening-tried.md: today's
# `UTF8Scalars.transcodeToUTF16` (taken from the checkout) against the two variants tried, over
# the quick generated document cut in ~900-byte pieces at scalar boundaries (as the rope's
# chunks cut it), 40 passes a run, the median; every variant's output is compared with today's.
#
#   Benchmarks/experiments/transcoder-variants.sh [ROUNDS]   (from the repository's root)
#
# Needs a release caret-bench (for the document):
#   swift build -c release --scratch-path /tmp/bench-build --product caret-bench
set -euo pipefail
rounds=${1:-3}
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/transcoder-variants.XXXXXX")
/tmp/bench-build/release/caret-bench --quick --write-generated "$work/gen4.txt" --only search.regex > /dev/null 2>&1 || true
test -s "$work/gen4.txt"
python3 - "$root/Sources/Caret/Text/UTF8.swift" "$work/v1.swift" <<'PY'
import sys
src = open(sys.argv[1]).read()
# Since 814760b the loops are `transcodeByLength` (CaretSIMD's vector path is in front of them).
name = 'transcodeByLength' if 'static func transcodeByLength(' in src else 'transcodeToUTF16'
a = src.index('    static func ' + name + '(')
end = '    /// From byte `i` of valid UTF-8 `p`' if name == 'transcodeByLength' else '    /// The byte offset of the `k`-th scalar'
b = src.index(end)
fn = src[a:b].replace('static func ' + name, 'static func transcodeV1')
# Outside the package the three-byte line takes the type checker too long: split it.
fn = fn.replace("out[k] = UInt16((UInt32(base[i]) & 0x0F) << 12 | (UInt32(base[i &+ 1]) & 0x3F) << 6 | UInt32(base[i &+ 2]) & 0x3F)",
                "let x0: UInt32 = (UInt32(base[i]) & 0x0F) << 12\n                    let x1: UInt32 = (UInt32(base[i &+ 1]) & 0x3F) << 6\n                    out[k] = UInt16(x0 | x1 | UInt32(base[i &+ 2]) & 0x3F)")
open(sys.argv[2], 'w').write('enum T {\n' + fn + '}\n')
PY
cat > "$work/main.swift" <<'SWIFT'
import Foundation
let data = [UInt8](FileManager.default.contents(atPath: "\(CommandLine.arguments[2])")!)
// pieces of ~900 bytes ending at scalar boundaries
var cuts: [Range<Int>] = []
var s = 0
while s < data.count {
    var e = min(data.count, s + 900)
    while e < data.count && data[e] & 0xC0 == 0x80 { e += 1 }
    cuts.append(s..<e); s = e
}
let variant = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "v1"
let reps = 40
var out = [UInt16](repeating: 0, count: data.count + 16)
var ref = [UInt16](repeating: 0, count: data.count + 16)
func run(_ f: (UnsafeBufferPointer<UInt8>, UnsafeMutablePointer<UInt16>) -> Int, into o: inout [UInt16]) -> Int {
    var k = 0
    data.withUnsafeBufferPointer { p in
        o.withUnsafeMutableBufferPointer { q in
            for c in cuts { k += f(UnsafeBufferPointer(rebasing: p[c]), q.baseAddress! + k) }
        }
    }
    return k
}
let f: (UnsafeBufferPointer<UInt8>, UnsafeMutablePointer<UInt16>) -> Int = variant == "v2" ? T.transcodeV2 : variant == "v3" ? T.transcodeV3 : T.transcodeV1
let n1 = run(T.transcodeV1, into: &ref)
let n2 = run(f, into: &out)
precondition(n1 == n2 && ref[0..<n1] == out[0..<n2], "mismatch \(n1) \(n2)")
var times: [Double] = []
for _ in 0..<reps {
    let t0 = DispatchTime.now().uptimeNanoseconds
    _ = run(f, into: &out)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - t0))
}
times.sort()
print(variant, String(format: "median %.3f ms, %.3f ns/byte", times[reps/2] / 1e6, times[reps/2] / Double(data.count)))
SWIFT
cat > "$work/v2.swift" <<'SWIFT'
extension T {
    static func transcodeV2(_ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>) -> Int {
        guard let base = p.baseAddress else { return 0 }
        let n = p.count
        var i = 0, k = 0
        @inline(__always) func word(_ i: Int) -> UInt64 { UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) }
        while i &+ 8 <= n {
            let w = word(i)
            if w & 0x8080_8080_8080_8080 == 0 {
                for t in 0..<8 { out[k &+ t] = UInt16(truncatingIfNeeded: w >> (8 * UInt64(t))) & 0xFF }
                i &+= 8
                k &+= 8
                continue
            }
            let b0 = UInt32(truncatingIfNeeded: w) & 0xFF
            let b1 = UInt32(truncatingIfNeeded: w >> 8) & 0x3F
            let b2 = UInt32(truncatingIfNeeded: w >> 16) & 0x3F
            if b0 >= 0xF0 {
                let b3 = UInt32(truncatingIfNeeded: w >> 24) & 0x3F
                let v = ((b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3) &- 0x10000
                out[k] = UInt16(truncatingIfNeeded: 0xD800 &+ (v >> 10))
                out[k &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 &+ (v & 0x3FF))
                i &+= 4
                k &+= 2
                continue
            }
            let two = b0 >= 0xC0, three = b0 >= 0xE0
            let v2 = (b0 & 0x1F) << 6 | b1
            let v3 = (b0 & 0x0F) << 12 | b1 << 6 | b2
            let v = three ? v3 : (two ? v2 : b0)
            out[k] = UInt16(truncatingIfNeeded: v)
            k &+= 1
            i &+= 1 &+ (two ? 1 : 0) &+ (three ? 1 : 0)
        }
        while i < n {
            let b0 = UInt32(base[i])
            if b0 < 0x80 {
                out[k] = UInt16(b0); i &+= 1; k &+= 1
            } else if b0 < 0xE0 {
                out[k] = UInt16((b0 & 0x1F) << 6 | UInt32(base[i &+ 1]) & 0x3F); i &+= 2; k &+= 1
            } else if b0 < 0xF0 {
                let x0: UInt32 = (b0 & 0x0F) << 12
                let x1: UInt32 = (UInt32(base[i &+ 1]) & 0x3F) << 6
                out[k] = UInt16(x0 | x1 | UInt32(base[i &+ 2]) & 0x3F); i &+= 3; k &+= 1
            } else {
                let x0: UInt32 = (b0 & 0x07) << 18 | (UInt32(base[i &+ 1]) & 0x3F) << 12
                let v = (x0 | (UInt32(base[i &+ 2]) & 0x3F) << 6 | UInt32(base[i &+ 3]) & 0x3F) &- 0x10000
                out[k] = UInt16(truncatingIfNeeded: 0xD800 &+ (v >> 10))
                out[k &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 &+ (v & 0x3FF))
                i &+= 4; k &+= 2
            }
        }
        return k
    }
}
SWIFT
cat > "$work/v3.swift" <<'SWIFT'
extension T {
    static func transcodeV3(_ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>) -> Int {
        guard let base = p.baseAddress else { return 0 }
        let n = p.count
        var i = 0, k = 0
        @inline(__always) func word(_ i: Int) -> UInt64 { UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) }
        while i < n {
            let b0 = UInt32(base[i])
            if b0 < 0x80 {
                out[k] = UInt16(b0)
                i &+= 1
                k &+= 1
                guard i < n && base[i] < 0x80 else { continue }
                while i &+ 8 <= n {
                    let w = word(i)
                    guard w & 0x8080_8080_8080_8080 == 0 else { break }
                    for t in 0..<8 { out[k &+ t] = UInt16(base[i &+ t]) }
                    i &+= 8
                    k &+= 8
                }
                while i < n && base[i] < 0x80 {
                    out[k] = UInt16(base[i])
                    i &+= 1
                    k &+= 1
                }
            } else if b0 < 0xE0 {
                // Two-byte sequences, four or two a word; a lone one or an ASCII byte between
                // them stays in this loop.
                while i &+ 8 <= n {
                    let w = word(i)
                    if w & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 {
                        out[k] = UInt16(truncatingIfNeeded: (w & 0x1F) << 6 | (w >> 8) & 0x3F)
                        out[k &+ 1] = UInt16(truncatingIfNeeded: (w >> 16 & 0x1F) << 6 | (w >> 24) & 0x3F)
                        out[k &+ 2] = UInt16(truncatingIfNeeded: (w >> 32 & 0x1F) << 6 | (w >> 40) & 0x3F)
                        out[k &+ 3] = UInt16(truncatingIfNeeded: (w >> 48 & 0x1F) << 6 | (w >> 56) & 0x3F)
                        i &+= 8
                        k &+= 4
                        continue
                    }
                    let c0 = w & 0xFF
                    if c0 < 0x80 {
                        out[k] = UInt16(truncatingIfNeeded: c0)
                        i &+= 1
                        k &+= 1
                    } else if c0 < 0xE0 {
                        out[k] = UInt16(truncatingIfNeeded: (w & 0x1F) << 6 | (w >> 8) & 0x3F)
                        i &+= 2
                        k &+= 1
                    } else {
                        break
                    }
                }
                while i < n && base[i] & 0xE0 == 0xC0 {
                    out[k] = UInt16((UInt32(base[i]) & 0x1F) << 6 | UInt32(base[i &+ 1]) & 0x3F)
                    i &+= 2
                    k &+= 1
                }
            } else if b0 < 0xF0 {
                while i &+ 8 <= n {
                    let w = word(i)
                    if w & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 {
                        out[k] = UInt16(truncatingIfNeeded: (w & 0x0F) << 12 | (w >> 8 & 0x3F) << 6 | (w >> 16) & 0x3F)
                        out[k &+ 1] = UInt16(truncatingIfNeeded: (w >> 24 & 0x0F) << 12 | (w >> 32 & 0x3F) << 6 | (w >> 40) & 0x3F)
                        i &+= 6
                        k &+= 2
                        continue
                    }
                    let c0 = w & 0xFF
                    if c0 < 0x80 {
                        out[k] = UInt16(truncatingIfNeeded: c0)
                        i &+= 1
                        k &+= 1
                    } else if c0 & 0xF0 == 0xE0 {
                        out[k] = UInt16(truncatingIfNeeded: (w & 0x0F) << 12 | (w >> 8 & 0x3F) << 6 | (w >> 16) & 0x3F)
                        i &+= 3
                        k &+= 1
                    } else {
                        break
                    }
                }
                while i < n && base[i] & 0xF0 == 0xE0 {
                    let x0: UInt32 = (UInt32(base[i]) & 0x0F) << 12
                    let x1: UInt32 = (UInt32(base[i &+ 1]) & 0x3F) << 6
                    out[k] = UInt16(x0 | x1 | UInt32(base[i &+ 2]) & 0x3F)
                    i &+= 3
                    k &+= 1
                }
            } else {
                let x0: UInt32 = (b0 & 0x07) << 18 | (UInt32(base[i &+ 1]) & 0x3F) << 12
                let v = (x0 | (UInt32(base[i &+ 2]) & 0x3F) << 6 | UInt32(base[i &+ 3]) & 0x3F) &- 0x10000
                out[k] = UInt16(truncatingIfNeeded: 0xD800 &+ (v >> 10))
                out[k &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 &+ (v & 0x3FF))
                i &+= 4
                k &+= 2
            }
        }
        return k
    }
}
SWIFT
swiftc -O "$work/v1.swift" "$work/v2.swift" "$work/v3.swift" "$work/main.swift" -o "$work/tx"
for _ in $(seq "$rounds"); do
  for v in v1 v2 v1 v3; do "$work/tx" "$v" "$work/gen4.txt"; done
done
rm -rf "$work"
