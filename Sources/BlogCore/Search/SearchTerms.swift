/// A document's terms with their weighted counts, held as one run of UTF-8 bytes and where each term
/// ends in it, in the order they were counted: ten thousand posts' hundreds of distinct terms each, as
/// strings in a dictionary, cost a string and a hash for each, and a sort for the record.
struct SearchTerms: Sendable, Equatable {
    /// The terms' bytes, end to end.
    private(set) var bytes: [UInt8] = []
    /// Where each term ends in ``bytes``; it starts where the one before ends.
    private(set) var ends: [Int32] = []
    /// Each term's weighted count.
    private(set) var counts: [Int32] = []

    init() {}

    /// Room for `count` terms of `bytes` bytes in all, so that a document's terms are not grown into.
    init(reservingCapacity count: Int, bytes: Int) {
        self.bytes.reserveCapacity(bytes)
        ends.reserveCapacity(count)
        counts.reserveCapacity(count)
    }

    /// The terms of a dictionary, in the order of their bytes.
    init(_ counts: [String: Int]) {
        for (term, count) in counts.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            var term = term
            term.withUTF8 { append($0, count: count) }
        }
    }

    /// The same terms with the same counts, in any order: the order is the one words first occur in, which
    /// means nothing to the index.
    static func == (a: SearchTerms, b: SearchTerms) -> Bool {
        guard a.count == b.count, a.bytes.count == b.bytes.count else { return false }
        if a.bytes == b.bytes, a.ends == b.ends, a.counts == b.counts { return true }
        return a.dictionary == b.dictionary
    }

    /// The number of terms.
    var count: Int { ends.count }

    /// The sum of the counts: the document's length.
    var length: Int { counts.reduce(0) { $0 + Int($1) } }

    /// Each term with its count.
    var dictionary: [String: Int] {
        var result: [String: Int] = [:]
        result.reserveCapacity(count)
        forEach { term, count in result[String(decoding: term, as: UTF8.self), default: 0] += count }
        return result
    }

    /// Adds a term this value does not hold yet.
    mutating func append(_ term: UnsafeBufferPointer<UInt8>, count: Int) {
        bytes.append(contentsOf: term)
        ends.append(Int32(bytes.count))
        counts.append(Int32(clamping: count))
    }

    /// Adds `count` to the count of the term at `position`.
    mutating func add(_ count: Int, at position: Int) {
        counts[position] += Int32(clamping: count)
    }

    /// Calls `body` with each term's bytes and its count, in order.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for position in ends.indices {
                let end = Int(ends[position])
                body(UnsafeBufferPointer(rebasing: all[start..<end]), Int(counts[position]))
                start = end
            }
        }
    }
}
