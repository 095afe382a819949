// Many presses of one key, where the carets visited may come back: see
// `TextDocument.position(from:in:offset:movement:)` and docs/ARCHITECTURE.md, "Direction and
// movement".

/// Applies a step function many times, skipping whole periods once the walk repeats.
enum PeriodicWalk {
    /// The state `steps` applications of `step` after `start`: exactly what calling `step`
    /// `steps` times in a row gives (nil as soon as one call gives nil), provided `step` depends
    /// on its argument alone.
    ///
    /// A walk that comes back to a state it has visited is periodic from there on, so once a
    /// repeat is seen the remaining steps are reduced modulo the period. Repeats are found with
    /// Brent's algorithm: one saved state, compared after every step and replaced by the current
    /// one after 1, 2, 4, 8, … steps. With a tail of μ states before a cycle of λ, the saved
    /// state is on the cycle with a window of at least λ by step 2·max(μ + 1, λ), so the repeat
    /// is seen within 3(μ + λ) steps and at most λ − 1 more finish the walk. Why not a set of
    /// visited states: the tail can be a sweep over the whole document before two lines of
    /// opposite direction trap the caret, so the set would grow with the document (or, capped,
    /// miss long tails); Brent's needs O(1) memory and walks the caller's sequence once, where
    /// Floyd's would call `step` three times per step (each call O(log n) here). A walk without
    /// a repeat costs one comparison per step more than before.
    ///
    /// - Complexity: O(min(steps, μ + λ)) calls of `step`, where μ + λ is the number of distinct
    ///   states before the first repeat or nil; O(1) memory.
    static func state<State: Equatable>(after steps: UInt, from start: State,
                                        step: (State) -> State?) -> State? {
        var current = start
        var saved = start
        var sinceSaved: UInt = 0
        var window: UInt = 1
        var remaining = steps
        while remaining > 0 {
            guard let next = step(current) else { return nil }
            current = next
            remaining -= 1
            sinceSaved += 1
            if current == saved {
                // The walk repeats every `sinceSaved` steps from `saved` on.
                remaining %= sinceSaved
            } else if sinceSaved == window {
                saved = current
                sinceSaved = 0
                window <<= 1                           // a smart shift: never traps
            }
        }
        return current
    }
}
