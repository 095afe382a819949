/// A key press (or a paste) as `caret edit` acts on it, decoded from the bytes a terminal sends.
enum EditorKey: Equatable {
    /// Typed text (one or more characters; never control characters).
    case text(String)
    /// Text the terminal pasted (bracketed paste): one paste, one undo step.
    case paste(String)
    case enter, tab, backspace, delete, escape
    case left(shift: Bool), right(shift: Bool), up(shift: Bool), down(shift: Bool)
    case home(shift: Bool), end(shift: Bool), pageUp(shift: Bool), pageDown(shift: Bool)
    /// Ctrl and a letter (`"s"` for Ctrl-S).
    case control(Character)
    /// A sequence this editor does not know.
    case unknown
}

/// Turns terminal input bytes into keys: UTF-8 text, C0 controls, CSI and SS3 sequences
/// (arrows, Home/End, PageUp/PageDown, Delete, with the xterm modifier parameter), and
/// bracketed paste (`ESC [200~ … ESC [201~`). Bytes of an unfinished sequence stay buffered
/// until the next call. Pure: no I/O.
struct EditorKeyDecoder {
    private var buffer: [UInt8] = []
    private var pasting: [UInt8]?

    /// Adds `bytes` and returns the keys they complete.
    mutating func feed(_ bytes: [UInt8]) -> [EditorKey] {
        buffer.append(contentsOf: bytes)
        var keys: [EditorKey] = []
        var i = 0
        let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        while i < buffer.count {
            if pasting != nil {
                if buffer.count - i >= pasteEnd.count && Array(buffer[i..<(i + pasteEnd.count)]) == pasteEnd {
                    keys.append(.paste(String(decoding: pasting!, as: UTF8.self)))
                    pasting = nil
                    i += pasteEnd.count
                    continue
                }
                if buffer[i] == 0x1B && buffer.count - i < pasteEnd.count && pasteEnd.starts(with: buffer[i...]) { break }
                pasting!.append(buffer[i])
                i += 1
                continue
            }
            let b = buffer[i]
            if b == 0x1B {
                guard let (key, length) = Self.escape(buffer[(i + 1)...]) else {
                    // An unfinished sequence: wait for more, unless a lone ESC.
                    if buffer.count - i == 1 && bytes.count == 1 {
                        keys.append(.escape)
                        i += 1
                        continue
                    }
                    break
                }
                if key == .paste("") {
                    pasting = []
                } else {
                    keys.append(key)
                }
                i += 1 + length
                continue
            }
            switch b {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01...0x1A: keys.append(.control(Character(UnicodeScalar(b + 0x60))))
            case 0x00, 0x1C...0x1F: keys.append(.unknown)
            default:
                // A run of UTF-8 text up to the next control byte (whole scalars only).
                var j = i
                while j < buffer.count && buffer[j] >= 0x20 && buffer[j] != 0x7F { j += 1 }
                var end = j
                // Keep a scalar cut by the read for the next call.
                var k = end - 1, continuation = 0
                while k >= i && buffer[k] & 0xC0 == 0x80 {
                    continuation += 1
                    k -= 1
                }
                if k >= i {
                    let lead = buffer[k]
                    let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
                    if needed > continuation { end = k }
                }
                if end == i { return keys + trim(i) }
                keys.append(.text(String(decoding: buffer[i..<end], as: UTF8.self)))
                i = end
                continue
            }
            i += 1
        }
        buffer.removeFirst(i)
        return keys
    }

    private mutating func trim(_ i: Int) -> [EditorKey] {
        buffer.removeFirst(i)
        return []
    }

    /// The key of the sequence after an ESC and its length, or nil when it is unfinished.
    /// `.paste("")` stands for the start of a bracketed paste.
    static func escape(_ rest: ArraySlice<UInt8>) -> (EditorKey, Int)? {
        guard let first = rest.first else { return nil }
        if first == 0x4F {  // SS3: ESC O x
            guard rest.count >= 2 else { return nil }
            let final = rest[rest.startIndex + 1]
            return (key(final: final, parameters: [], shift: false), 2)
        }
        guard first == 0x5B else { return (.unknown, 1) }  // Alt+key: ignored
        var j = rest.startIndex + 1
        while j < rest.endIndex && (0x30...0x3F).contains(rest[j]) { j += 1 }
        guard j < rest.endIndex else { return nil }
        let parameters = String(decoding: rest[(rest.startIndex + 1)..<j], as: UTF8.self).split(separator: ";").map { Int($0) ?? 0 }
        let final = rest[j]
        let length = j - rest.startIndex + 1
        if final == 0x7E && parameters.first == 200 { return (.paste(""), length) }
        let modifier = parameters.count >= 2 ? parameters[1] : 1
        let shift = (modifier - 1) & 1 == 1
        return (key(final: final, parameters: parameters, shift: shift), length)
    }

    private static func key(final: UInt8, parameters: [Int], shift: Bool) -> EditorKey {
        switch final {
        case 0x41: return .up(shift: shift)
        case 0x42: return .down(shift: shift)
        case 0x43: return .right(shift: shift)
        case 0x44: return .left(shift: shift)
        case 0x48: return .home(shift: shift)
        case 0x46: return .end(shift: shift)
        case 0x7E:
            switch parameters.first ?? 0 {
            case 1, 7: return .home(shift: shift)
            case 4, 8: return .end(shift: shift)
            case 3: return .delete
            case 5: return .pageUp(shift: shift)
            case 6: return .pageDown(shift: shift)
            default: return .unknown
            }
        default: return .unknown
        }
    }
}
