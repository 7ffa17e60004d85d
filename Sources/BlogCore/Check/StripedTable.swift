import BlogFileSystem

/// A table that the tasks of a check share, cut into stripes by the keys' hashes, each behind a lock of its
/// own: with one lock, the two cores took turns on it for every feed item and link target, and the waits
/// (a futex and a task switch each) cost more than the look-ups.
final class StripedTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let stripes: [Locked<[Key: Value]>]

    /// A table of 64 stripes, made room in for about `capacity` entries in all.
    init(capacity: Int = 0) {
        stripes = (0..<64).map { _ in Locked([Key: Value](minimumCapacity: capacity / 64)) }
    }

    /// Runs `body` on the stripe that holds `key`, under its lock.
    func withStripe<Result>(of key: Key, _ body: (inout [Key: Value]) -> Result) -> Result {
        stripes[key.hashValue & (stripes.count - 1)].withLock(body)
    }

    /// Every entry, the table left empty.
    func takeAll() -> [Key: Value] {
        var all: [Key: Value] = [:]
        for stripe in stripes {
            let entries = stripe.withLock { entries in
                defer { entries = [:] }
                return entries
            }
            if all.isEmpty {
                all = entries
                all.reserveCapacity(entries.count * stripes.count)
            } else {
                all.merge(entries) { first, _ in first }
            }
        }
        return all
    }
}
