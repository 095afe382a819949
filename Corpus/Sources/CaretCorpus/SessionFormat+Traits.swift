import Caret

extension SessionFormat {
    /// Traits as the transcript names them: `off` (`TextInputTraits.plain`), `default`, or
    /// what differs from the defaults (`keyboardType numberPad, isSecureTextEntry`).
    static func describe(_ t: TextInputTraits) -> String {
        if t == .plain { return "off" }
        let d = TextInputTraits()
        var parts: [String] = []
        if t.autocapitalization != d.autocapitalization { parts.append("autocapitalization \(t.autocapitalization.rawValue)") }
        if t.smartQuotes != d.smartQuotes { parts.append("smartQuotes \(t.smartQuotes)") }
        if t.smartDashes != d.smartDashes { parts.append("smartDashes \(t.smartDashes)") }
        if t.smartInsertDelete != d.smartInsertDelete { parts.append("smartInsertDelete \(t.smartInsertDelete)") }
        if t.keyboardType != d.keyboardType { parts.append("keyboardType \(t.keyboardType.rawValue)") }
        if t.isSecureTextEntry { parts.append("isSecureTextEntry") }
        if t.enablesReturnKeyAutomatically { parts.append("enablesReturnKeyAutomatically") }
        return parts.isEmpty ? "default" : parts.joined(separator: ", ")
    }

    /// Rules as the transcript names them: `none`, or what differs from the defaults.
    static func describe(_ r: TextInputRules) -> String {
        var parts: [String] = []
        if let n = r.maximumLength { parts.append("maximumLength \(n)") }
        if let p = r.pattern { parts.append("pattern \(quoted(p.source))") }
        if let p = r.placeholder { parts.append("placeholder \(quoted(p))") }
        if r.clearsOnBeginEditing { parts.append("clearsOnBeginEditing") }
        if r.clearsOnInsertion { parts.append("clearsOnInsertion") }
        if r.clearButtonMode != .never { parts.append("clearButtonMode \(r.clearButtonMode.rawValue)") }
        if r.leftViewMode != .never { parts.append("leftViewMode \(r.leftViewMode.rawValue)") }
        if r.rightViewMode != .never { parts.append("rightViewMode \(r.rightViewMode.rawValue)") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// What a field shows besides its text, where it differs from the text and the defaults:
    /// the display text (placeholder, bullets), a disabled Return key, the clear button and
    /// the overlay views. Empty when there is nothing to say.
    static func shown(_ input: TextInput) -> [String] {
        var parts: [String] = []
        if input.displayText != input.text { parts.append("display " + quoted(input.displayText)) }
        if !input.isReturnKeyEnabled { parts.append("return key off") }
        if input.isClearButtonVisible { parts.append("clear button") }
        if input.rules.leftViewMode != .never, input.isOverlayVisible(input.rules.leftViewMode) { parts.append("left view") }
        if input.rules.rightViewMode != .never, input.isOverlayVisible(input.rules.rightViewMode) { parts.append("right view") }
        return parts
    }
}
