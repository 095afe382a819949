import Caret
import Foundation

// Traits and rules in session scripts: `"traits": {…}`, `"off"` or `"default"`, `"rules": {…}`, in the
// settings line or as actions. The objects are decoded by the library's own Codable (missing
// keys keep their defaults); an unknown key is an error here, as everywhere in the format.

extension SessionValues {
    /// The keys a `"traits"` object may hold (`TextInputTraits`' properties).
    static let traitKeys = ["autocapitalization", "smartQuotes", "smartDashes", "smartInsertDelete", "keyboardType",
                            "isSecureTextEntry", "enablesReturnKeyAutomatically"]
    /// The keys a `"rules"` object may hold (`TextInputRules`' properties).
    static let ruleKeys = ["maximumLength", "pattern", "placeholder", "clearsOnBeginEditing", "clearsOnInsertion",
                           "clearButtonMode", "leftViewMode", "rightViewMode"]

    /// The traits under key `k`: an object (missing keys keep their defaults), `"off"` (also
    /// `"plain"`: `TextInputTraits.plain`) or `"default"`.
    func traits(_ k: String) throws(ParseError) -> TextInputTraits {
        if let s = object[k] as? String {
            switch s {
            case "off", "plain": return .plain
            case "default": return TextInputTraits()
            default: throw ParseError("\"\(k)\" takes an object of traits, \"off\" or \"default\", not \"\(s)\"")
            }
        }
        return try decoded(k, TextInputTraits.self, known: Self.traitKeys, what: "trait")
    }

    /// The rules under key `k`: an object (missing keys keep their defaults). A pattern ICU
    /// rejects is an error with ICU's reason and offset; a negative `maximumLength` an error too.
    func rules(_ k: String) throws(ParseError) -> TextInputRules {
        let rules = try decoded(k, TextInputRules.self, known: Self.ruleKeys, what: "rule")
        // The library reads a negative limit as 0 (a field that refuses everything): in a
        // script that is a typo far more often than an intent, so it is refused here.
        if let limit = rules.maximumLength, limit < 0 {
            throw ParseError("\"\(k)\": \"maximumLength\" takes a number of grapheme clusters, 0 or more, not \(limit)")
        }
        return rules
    }

    private func decoded<T: Decodable>(_ k: String, _ type: T.Type, known: [String], what: String) throws(ParseError) -> T {
        guard let o = object[k] as? [String: Any] else { throw ParseError("\"\(k)\" takes an object") }
        if let extra = o.keys.filter({ !known.contains($0) }).sorted().first {
            throw ParseError("unknown \(what) \"\(extra)\" (known: \(known.joined(separator: ", ")))")
        }
        do {
            return try JSONDecoder().decode(T.self, from: JSONSerialization.data(withJSONObject: o))
        } catch let DecodingError.dataCorrupted(context) {
            throw ParseError("\"\(k)\": \(Self.path(context))\(context.debugDescription)")
        } catch let DecodingError.typeMismatch(expected, context) {
            throw ParseError("\"\(k)\": \(Self.path(context))expected \(expected)")
        } catch {
            throw ParseError("\"\(k)\": \(error)")
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\": "
    }
}
