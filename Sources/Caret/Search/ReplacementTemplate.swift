// Replacement templates in ICU's syntax (`uregex_appendReplacement`): `$n` is capture group n
// (digits are taken while the number stays a group of the pattern), `${name}` a named group,
// a backslash takes the next character literally. A literal query's template is plain text.

struct ReplacementTemplate {
    enum Piece: Equatable {
        case text(String)
        case group(Int)
    }

    let pieces: [Piece]

    /// Parses `template` for `regex` (nil: a literal query, the template is plain text).
    /// - Throws: `.invalidTemplate` for a group the pattern lacks, a lone `$` or a final backslash.
    init(_ template: String, regex: ICURegex?) throws(TextError) {
        guard let regex else {
            pieces = [.text(template)]
            return
        }
        var pieces: [Piece] = []
        var text = ""
        let scalars = Array(template.unicodeScalars)
        var i = 0
        var utf16 = 0                               // the UTF-16 offset of scalars[i]
        func advance() {
            utf16 += scalars[i].utf16.count
            i += 1
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\" {
                let at = utf16
                advance()
                guard i < scalars.count else {
                    throw TextError(.invalidTemplate(reason: "a backslash ends the template"), byteOffset: at)
                }
                text.unicodeScalars.append(scalars[i])
                advance()
                continue
            }
            guard c == "$" else {
                text.unicodeScalars.append(c)
                advance()
                continue
            }
            let at = utf16
            advance()
            var group: Int
            if i < scalars.count && scalars[i] == "{" {
                advance()
                var name = ""
                while i < scalars.count && scalars[i] != "}" {
                    name.unicodeScalars.append(scalars[i])
                    advance()
                }
                guard i < scalars.count, let number = regex.groupNumber(named: name) else {
                    throw TextError(.invalidTemplate(reason: "no capture group named '\(name)'"), byteOffset: at)
                }
                advance()
                group = number
            } else {
                guard i < scalars.count, let d = scalars[i].properties.numericType == .decimal ? Int(String(scalars[i])) : nil else {
                    throw TextError(.invalidTemplate(reason: "'$' must be followed by a group number or {name}"), byteOffset: at)
                }
                guard d <= regex.groupCount else {
                    throw TextError(.invalidTemplate(reason: "no capture group \(d)"), byteOffset: at)
                }
                group = d
                advance()
                while i < scalars.count, let next = Int(String(scalars[i])), scalars[i].isASCII,
                      group * 10 + next <= regex.groupCount {
                    group = group * 10 + next
                    advance()
                }
            }
            if !text.isEmpty {
                pieces.append(.text(text))
                text = ""
            }
            pieces.append(.group(group))
        }
        if !text.isEmpty || pieces.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The replacement text for `hit` in `document`: group references replaced by the text
    /// they captured ("" for a group that took no part). O(replacement length + log n a group).
    func expand(_ hit: SearchHit, in document: TextDocument) -> String {
        if pieces.count == 1, case .text(let t) = pieces[0] { return t }
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let t): result += t
            case .group(let g):
                let range = g == 0 ? hit.range : (g - 1 < hit.groups.count ? hit.groups[g - 1] : nil)
                if let range { result += document.string(utf8Range: range) }
            }
        }
        return result
    }
}
