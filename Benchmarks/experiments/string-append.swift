// The cost of appending a typed character to an undo step's text, by way of storing it
// (experiments/2026-12-05-keystroke-pipeline.md, "Tried and not kept"): 100 steps of 60
// one-character appends, each way in a function of its own, counted by callgrind:
//
//   swiftc -O Benchmarks/experiments/string-append.swift -o /tmp/string-append
//   for m in plus contents character scalars array; do
//     valgrind --tool=callgrind --callgrind-out-file=/tmp/sa.$m /tmp/string-append $m >/dev/null 2>&1
//     callgrind_annotate --inclusive=yes /tmp/sa.$m | grep -m1 via     # ÷ 6,000 appends
//   done
@inline(never) func viaPlus(_ a: inout String, _ b: String) { a += b }
@inline(never) func viaContents(_ a: inout String, _ b: String) { a.append(contentsOf: b) }
@inline(never) func viaCharacter(_ a: inout String, _ b: String) {
    if b.utf8.count == 1, let c = b.first { a.append(c) } else { a += b }
}
@inline(never) func viaScalars(_ a: inout String, _ b: String) { a.unicodeScalars.append(contentsOf: b.unicodeScalars) }
@inline(never) func viaArray(_ a: inout [UInt8], _ b: String) { var b = b; b.withUTF8 { a.append(contentsOf: $0) } }

let keys = Array("The quick brown fox jumps over the lazy dog, then types on.\n").map(String.init)
let mode = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "plus"
var total = 0
for _ in 0..<100 {
    var s = ""
    var bytes: [UInt8] = []
    for k in 0..<60 {
        let key = keys[k % keys.count]
        switch mode {
        case "plus": viaPlus(&s, key)
        case "contents": viaContents(&s, key)
        case "character": viaCharacter(&s, key)
        case "scalars": viaScalars(&s, key)
        default: viaArray(&bytes, key)
        }
    }
    total += s.utf8.count + bytes.count
}
print(total)
