import Caret
import Foundation

/// One action of a session script (see `SessionScript` for the line format).
public enum SessionAction: Sendable, Equatable {
    /// The delegate's answers: whether it allows a change, beginning and ending editing,
    /// clearing, and Return in a field.
    public struct Answers: Sendable, Equatable {
        public var change = true, begin = true, end = true, clear = true, returnKey = true
        /// A delegate that allows everything. O(1).
        public init() {}
    }

    case settings(SessionSettings)
    case insert(String)
    case returnKey(count: Int)
    case deleteBackward(count: Int)
    case deleteForward(count: Int)
    case mark(String?, selected: Range<Int>?, unit: TextUnit)
    case unmark
    case move(TextLayoutDirection, by: TextGranularity, extend: Bool, count: Int)
    case select(Range<Int>, unit: TextUnit)
    /// `addSelection`: one more selection, which becomes the main one.
    case addSelection(Range<Int>, unit: TextUnit)
    case selectAll
    case selectNone
    case paste(String)
    case cut
    case copy
    case replace(Range<Int>, unit: TextUnit, with: String)
    case clear
    case undo(count: Int)
    case redo(count: Int)
    case breakUndoCoalescing
    case begin
    case end(force: Bool)
    case setText(String)
    case delegate(Answers)
    case note(String)
    /// Sets `traits` from code.
    case traits(TextInputTraits)
    /// Sets `rules` from code.
    case rules(TextInputRules)
    /// Sets `locale` from code.
    case locale(String)

    /// Why a line did not parse, in words.
    public struct ParseError: Error, Sendable {
        /// What is wrong, in words.
        public var message: String
        /// An error saying `message`. O(1).
        public init(_ message: String) { self.message = message }
    }

    /// The keys that name an action; every other key modifies one.
    static let actionKeys = ["settings", "insert", "return", "delete", "deleteForward", "mark", "unmark",
                             "move", "select", "addSelection", "paste", "cut", "copy", "replace", "clear", "undo", "redo",
                             "break", "begin", "end", "text", "delegate", "note", "traits", "rules", "locale"]
    /// The modifier keys each action accepts.
    static let modifiers: [String: Set<String>] = [
        "mark": ["selected", "unit"], "move": ["by", "extend", "count"], "select": ["unit"], "addSelection": ["unit"],
        "replace": ["with", "unit"],
    ]

    /// Parses one line: a JSON object with exactly one action key. O(length of the line).
    /// - Throws: `ParseError` saying what is wrong (not JSON, no or several actions, an
    ///   unknown key, a value of the wrong kind).
    public static func parse(_ line: String) throws(ParseError) -> SessionAction {
        let object: [String: Any]
        do {
            guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) as? [String: Any] else {
                throw ParseError("expected a JSON object, like {\"insert\": \"abc\"}")
            }
            object = o
        } catch let e as ParseError {
            throw e
        } catch {
            throw ParseError("not valid JSON (\(Self.reason(error)))")
        }
        let actions = object.keys.filter { actionKeys.contains($0) }.sorted()
        guard actions.count == 1, let key = actions.first else {
            if actions.isEmpty {
                let unknown = object.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw ParseError("no action (found \(unknown.isEmpty ? "nothing" : unknown); expected one of \(actionKeys.joined(separator: ", ")))")
            }
            throw ParseError("one action per line (found \(actions.joined(separator: ", ")))")
        }
        let allowed = modifiers[key] ?? []
        if let extra = object.keys.filter({ $0 != key && !allowed.contains($0) }).sorted().first {
            throw ParseError("unknown key \"\(extra)\" for \"\(key)\"" + (allowed.isEmpty ? "" : " (allowed: \(allowed.sorted().joined(separator: ", ")))"))
        }
        return try SessionValues(key: key, object: object).action()
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
    }
}
