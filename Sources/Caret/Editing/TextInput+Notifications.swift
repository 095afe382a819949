// Re-entrancy (CHANGES.md, "Every change goes through one path"): a delegate may change the
// input from any callback, so no callback may run while a change is half done. A change made
// inside `whileChanging` only queues what it tells the delegate (`didApply`, events); the
// queue is sent once the outermost change has finished its state — text, selection, marked
// range and undo step consistent. A change the delegate makes from a callback is then a new
// change: it runs to the end at once and its notifications join the queue behind those of
// the change that called back. `revision` lets a change that asked the delegate something
// tell whether the text moved under it meanwhile (then it no longer fits and is dropped).

extension TextInput {
    /// What is told to the delegate once the change that made it is finished.
    enum Notification {
        /// `didApply` with the edit and, for the new method, the same change as a change set.
        case applied(TextEdit, ChangeSet)
        case event(TextInputEvent)
    }

    /// Runs `body`, a change that must not be interrupted by callbacks: what it sends is
    /// queued, and sent when the outermost such change is done. O(1) besides `body`.
    @discardableResult @inline(__always)
    func whileChanging<Result>(_ body: () -> Result) -> Result {
        changeDepth += 1
        let result = body()
        changeDepth -= 1
        if changeDepth == 0 { flush() }
        return result
    }

    /// Queues `notification`; sends the queue at once unless a change is in progress. Without
    /// a delegate there is no one to tell, and nothing is queued.
    func post(_ notification: Notification) {
        guard delegate != nil else { return }
        pending.append(notification)
        if changeDepth == 0 { flush() }
    }

    /// Sends the queued notifications in order. A callback that changes the input queues its
    /// own behind them (this loop, already running, sends them), so the delegate always sees
    /// the changes in the order they were made, each after its state was finished.
    func flush() {
        // The usual case without a delegate, or with nothing to say: no bookkeeping at all.
        guard !pending.isEmpty, !isFlushing else { return }
        isFlushing = true
        defer { isFlushing = false }
        var i = 0
        while i < pending.count {
            let notification = pending[i]
            i += 1
            guard let delegate else { continue }
            switch notification {
            case .applied(let edit, let changes):
                delegate.textInput(self, didApply: edit)
                delegate.textInput(self, didApply: changes)
            case .event(let event):
                delegate.textInput(self, didSend: event)
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Replaces bytes `range` of the document with `text`, counts the change in `revision`,
    /// and queues `didApply` with the edit and the same change as a change set (bytes exactly
    /// as given: a deleted scalar of a cluster stays a one-scalar replacement). Without a
    /// delegate no change set is built: a keystroke should not pay for what nobody reads.
    /// - Returns: the edit and the removed text ("" unless `keepingRemoved` or there is a
    ///   delegate); nil, changing nothing, when `range` is not inside the text.
    /// - Complexity: O(log n + m) for m bytes removed and inserted.
    func replaceInDocument(_ range: Range<Int>, _ text: String,
                           keepingRemoved: Bool = true) -> (edit: TextEdit, removed: String)? {
        guard range.lowerBound >= 0, range.upperBound <= document.utf8Count else { return nil }
        // Undo and marked text do not need the removed text; only a delegate's change set does.
        let removed = keepingRemoved || delegate != nil ? document.text(utf8Range: range) : ""
        let oldLength = document.utf8Count, attributes = attributesForInsertion()
        guard let edit = try? document.edit(range, in: .utf8, replacingWith: text) else { return nil }
        revision &+= 1
        rangeSets.follow(edit.replacedUTF8Range, insertedCount: edit.insertedUTF8Range.count)
        if let attributes {
            attributeRuns.replace(edit.replacedUTF8Range, insertedCount: edit.insertedUTF8Range.count, with: attributes,
                                  textLength: oldLength)
        }
        editLog?.append(edit)
        if delegate != nil {
            let replacement = ChangeSet.Replacement(utf8Range: edit.replacedUTF8Range, utf16Range: edit.replacedUTF16Range,
                                                    removed: removed, inserted: text)
            let changes = ChangeSet(canonical: removed.isEmpty && text.isEmpty ? [] : [replacement],
                                    oldUTF8Count: document.utf8Count - edit.utf8Delta,
                                    oldUTF16Count: document.count(in: .utf16) - edit.utf16Delta)
            post(.applied(edit, changes))
        }
        return (edit, removed)
    }
}
