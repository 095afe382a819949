import XCTest
@testable import Caret

/// Fails unless `UTF8Validation.check` (the vector check or the automaton first) gives exactly
/// what the sequence-by-sequence check gives for `bytes` — where the valid part ends, the error's
/// reason and offset — both as a complete text and as a piece more bytes may follow.
func assertCheckAgreesWithNamedCheck(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    bytes.withUnsafeBufferPointer { p in
        for complete in [false, true] {
            let fast = UTF8Validation.check(p, isComplete: complete)
            let named = UTF8Validation.namedCheck(p, isComplete: complete)
            if fast.validEnd != named.validEnd || fast.error?.kind != named.error?.kind || fast.error?.offset != named.error?.offset {
                XCTFail("\(bytes.map { String($0, radix: 16) }) complete \(complete): \(fast) against \(named)", file: file, line: line)
            }
        }
    }
}
