/// The summary of a rope of items that each cover a stretch of bytes (attribute runs, the gaps
/// between paragraph-direction marks): the bytes covered and the number of items, so that the
/// tree finds the item holding a byte (`SpanMetric`) or the k-th item in O(log n).
struct SpanSummary: RopeSummary {
    /// Bytes covered.
    var span: Int
    /// Items.
    var count: Int

    static let zero = SpanSummary(span: 0, count: 0)
    static func + (a: SpanSummary, b: SpanSummary) -> SpanSummary { SpanSummary(span: a.span + b.span, count: a.count + b.count) }
    static func - (a: SpanSummary, b: SpanSummary) -> SpanSummary { SpanSummary(span: a.span - b.span, count: a.count - b.count) }
}

/// Bytes covered: the metric a `SpanSummary` rope is searched by.
enum SpanMetric: RopeMetric {
    static func measure(_ s: SpanSummary) -> Int { s.span }
}
