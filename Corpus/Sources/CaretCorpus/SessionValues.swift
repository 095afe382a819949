import Caret
import Foundation

/// Reads the typed values of one parsed script line, with an error that names the key and
/// what it should have held.
struct SessionValues {
    let key: String
    let object: [String: Any]

    typealias ParseError = SessionAction.ParseError

    func action() throws(ParseError) -> SessionAction {
        switch key {
        case "settings": return .settings(try settings())
        case "insert": return .insert(try string(key))
        case "return": return .returnKey(count: try count(key))
        case "delete": return .deleteBackward(count: try count(key))
        case "deleteForward": return .deleteForward(count: try count(key))
        case "mark":
            let text: String? = object[key] is NSNull ? nil : try string(key)
            let selected = try object["selected"].map { _ throws(ParseError) in try range("selected") }
            return .mark(text, selected: selected, unit: try unit())
        case "unmark": try flag(key); return .unmark
        case "move":
            let direction = try oneOf(key, ["left": TextLayoutDirection.left, "right": .right, "up": .up, "down": .down])
            let by = object["by"] == nil ? .character : try oneOf("by", [
                "character": TextGranularity.character, "word": .word, "sentence": .sentence,
                "paragraph": .paragraph, "line": .line, "document": .document])
            let extend = object["extend"] == nil ? false : try bool("extend")
            let count = object["count"] == nil ? 1 : try count("count")
            return .move(direction, by: by, extend: extend, count: count)
        case "select":
            if object[key] is NSNull { return .selectNone }
            if let s = object[key] as? String {
                guard s == "all" else { throw ParseError("\"select\" takes [start, end], \"all\" or null, not \"\(s)\"") }
                return .selectAll
            }
            return .select(try range(key), unit: try unit())
        case "addSelection": return .addSelection(try range(key), unit: try unit())
        case "paste": return .paste(try string(key))
        case "cut": try flag(key); return .cut
        case "copy": try flag(key); return .copy
        case "replace":
            guard object["with"] != nil else { throw ParseError("\"replace\" needs \"with\": the new text") }
            return .replace(try range(key), unit: try unit(), with: try string("with"))
        case "clear": try flag(key); return .clear
        case "undo": return .undo(count: try count(key))
        case "redo": return .redo(count: try count(key))
        case "break": try flag(key); return .breakUndoCoalescing
        case "begin": try flag(key); return .begin
        case "end":
            if object[key] as? String == "force" { return .end(force: true) }
            try flag(key)
            return .end(force: false)
        case "text": return .setText(try string(key))
        case "delegate": return .delegate(try answers())
        case "note": return .note(try string(key))
        case "traits": return .traits(try traits(key))
        case "rules": return .rules(try rules(key))
        case "locale": return .locale(try string(key))
        default: throw ParseError("unknown action \"\(key)\"")
        }
    }

    static func isBool(_ v: Any) -> Bool { type(of: v) == Bool.self || String(describing: type(of: v)).contains("Boolean") }

    func string(_ k: String) throws(ParseError) -> String {
        guard let s = object[k] as? String else { throw ParseError("\"\(k)\" takes a string") }
        return s
    }

    func bool(_ k: String) throws(ParseError) -> Bool {
        guard let v = object[k], Self.isBool(v), let b = v as? Bool else { throw ParseError("\"\(k)\" takes true or false") }
        return b
    }

    /// An action without a value takes `true`.
    func flag(_ k: String) throws(ParseError) {
        guard try bool(k) else { throw ParseError("\"\(k)\" takes true (write nothing to skip it)") }
    }

    func integer(_ v: Any?) -> Int? {
        guard let v, !Self.isBool(v) else { return nil }
        if let i = v as? Int { return i }
        if let d = v as? Double, d == d.rounded(), abs(d) < 1e15 { return Int(d) }
        return nil
    }

    /// A repeat count: a number from 0 to 100,000, or `true` for 1.
    func count(_ k: String) throws(ParseError) -> Int {
        if let v = object[k], Self.isBool(v), v as? Bool == true { return 1 }
        guard let n = integer(object[k]), (0...100_000).contains(n) else {
            throw ParseError("\"\(k)\" takes a count from 0 to 100000 (or true for 1)")
        }
        return n
    }

    /// `[start, end]` with 0 <= start <= end (whether it fits the text is the model's call).
    func range(_ k: String) throws(ParseError) -> Range<Int> {
        guard let a = object[k] as? [Any], a.count == 2, let s = integer(a[0]), let e = integer(a[1]), s >= 0, s <= e else {
            throw ParseError("\"\(k)\" takes [start, end] with 0 <= start <= end")
        }
        return s..<e
    }

    func unit() throws(ParseError) -> TextUnit {
        guard object["unit"] != nil else { return key == "mark" ? .utf16 : .grapheme }
        return try oneOf("unit", ["grapheme": TextUnit.grapheme, "utf16": .utf16, "utf8": .utf8, "scalar": .unicodeScalar])
    }

    func oneOf<T>(_ k: String, _ table: [String: T]) throws(ParseError) -> T {
        guard let s = object[k] as? String, let v = table[s] else {
            throw ParseError("\"\(k)\" takes one of \(table.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return v
    }

    func settings() throws(ParseError) -> SessionSettings {
        guard let o = object[key] as? [String: Any] else { throw ParseError("\"settings\" takes an object") }
        let inner = SessionValues(key: "settings", object: o)
        if let extra = o.keys.filter({ !["kind", "editable", "text", "locale", "traits", "rules"].contains($0) }).sorted().first {
            throw ParseError("unknown setting \"\(extra)\" (known: kind, editable, text, locale, traits, rules)")
        }
        var s = SessionSettings()
        if o["kind"] != nil {
            s.isField = try inner.oneOf("kind", ["field": true, "singleLine": true, "view": false, "multiLine": false])
        }
        if o["editable"] != nil { s.isEditable = try inner.bool("editable") }
        if o["text"] != nil { s.text = try inner.string("text") }
        if o["locale"] != nil { s.locale = try inner.string("locale") }
        if o["traits"] != nil { s.traits = try inner.traits("traits") }
        if o["rules"] != nil { s.rules = try inner.rules("rules") }
        return s
    }

    func answers() throws(ParseError) -> SessionAction.Answers {
        guard let o = object[key] as? [String: Any] else { throw ParseError("\"delegate\" takes an object") }
        let inner = SessionValues(key: "delegate", object: o)
        var a = SessionAction.Answers()
        for k in o.keys.sorted() {
            let v = try inner.bool(k)
            switch k {
            case "change": a.change = v
            case "begin": a.begin = v
            case "end": a.end = v
            case "clear": a.clear = v
            case "return": a.returnKey = v
            default: throw ParseError("unknown delegate answer \"\(k)\" (known: change, begin, end, clear, return)")
            }
        }
        return a
    }
}
