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
        guard currentDelegate != nil else { return }
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
}
