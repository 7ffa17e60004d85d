import BlogFileSystem
import Foundation

/// The items a feed check has met, by their bytes and their feed's version (all an item's problems
/// depend on), shared by the tasks of one check: a post's item stands in feeds far apart, the main feed's
/// pages and its tags'.
struct CheckedFeedItems: Sendable {
    private struct Entry {
        var version: String?
        var bytes: [UInt8]
        var item: FeedCheck.CheckedItem
    }

    /// Entries by a hash of their bytes and version.
    private let entries = StripedTable<Int, [Entry]>(capacity: 16_384)

    /// The item whose bytes are `bytes` in a feed of `version`: as checked before, or as `check` finds
    /// it now (nil when it cannot).
    func item(
        _ bytes: UnsafeBufferPointer<UInt8>, version: String?, otherwise check: () -> FeedCheck.CheckedItem?
    ) -> FeedCheck.CheckedItem? {
        let hash = Self.hash(bytes, version: version)
        let known = entries.withStripe(of: hash) { entries in
            entries[hash]?.first { $0.version == version && Self.equal($0.bytes, bytes) }?.item
        }
        if let known { return known }
        guard let item = check() else { return nil }
        entries.withStripe(of: hash) {
            $0[hash, default: []].append(Entry(version: version, bytes: Array(bytes), item: item))
        }
        return item
    }

    /// A hash of an item's length, version and ends: an item is kilobytes, its start (`{"id":"…"`) tells
    /// it from the others already, and the bytes are compared in full on a match anyway.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, version: String?) -> Int {
        var hasher = Hasher()
        hasher.combine(version)
        hasher.combine(bytes.count)
        let edge = min(bytes.count, 128)
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<edge])))
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(bytes.count - edge)...])))
        return hasher.finalize()
    }

    private static func equal(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { one in
            guard let one = one.baseAddress, let other = b.baseAddress else { return true }
            return memcmp(one, other, a.count) == 0
        }
    }
}
