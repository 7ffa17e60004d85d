import CommonMark
import Foundation

/// The document shards of a search index as the last build wrote them, for an edit to replace a few
/// documents' lines in place: a shard is `[`, one document a line (a comma after all but the last), and
/// `]`. Shards are read as the search reaches them, and only those an edit changes are copied.
struct SearchDocumentLines {
    /// The number of shards.
    let count: Int
    /// The bytes of a shard as the last build wrote it; nil when it is not as recorded.
    private let read: (Int) -> Data?
    /// The shards read so far, in order from the first: an edit's document is looked for shard by shard,
    /// and the shards after it are not read.
    private(set) var written: [Data] = []
    /// The shards changed so far, by their position.
    private(set) var edited: [Int: [UInt8]] = [:]
    /// Whether a shard could not be read as the last build wrote it.
    private(set) var isDamaged = false

    init(count: Int, read: @escaping (Int) -> Data?) {
        self.count = count
        self.read = read
    }

    init(_ written: [Data]) {
        self.init(count: written.count) { written[$0] }
    }

    /// Replaces the first document line that is `old` with `new`; its shard and line (the `[` is line 0),
    /// or nil when no line is `old` (or a shard cannot be read: see ``isDamaged``).
    mutating func replace(_ old: String, with new: String) -> (shard: Int, line: Int)? {
        // A line starts after a line feed and ends at one, or at a comma before one.
        let pattern = Array(("\n" + old).utf8)
        for shard in 0..<count {
            if shard == written.count {
                guard let data = read(shard) else {
                    isDamaged = true
                    return nil
                }
                written.append(data)
            }
            let found: (at: Int, line: Int)? =
                if let bytes = edited[shard] {
                    bytes.withUnsafeBytes { Self.line(pattern, in: $0) }
                } else {
                    written[shard].withUnsafeBytes { Self.line(pattern, in: $0) }
                }
            guard let found else { continue }
            var bytes = edited[shard] ?? Array(written[shard])
            bytes.replaceSubrange((found.at + 1)..<(found.at + pattern.count), with: new.utf8)
            edited[shard] = bytes
            return (shard, found.line)
        }
        return nil
    }

    /// Reads every shard not read yet.
    mutating func readAll() {
        while written.count < count {
            guard let data = read(written.count) else {
                isDamaged = true
                return
            }
            written.append(data)
        }
    }

    /// The shards changed, with their bytes as written and as changed, in order.
    var changes: [(shard: Int, written: Data, bytes: [UInt8])] {
        edited.keys.sorted().map { ($0, written[$0], edited[$0] ?? []) }
    }

    /// Where the first whole line `pattern` (a line feed, then the line) starts in `bytes`, and that line's
    /// number.
    private static func line(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer) -> (at: Int, line: Int)? {
        let (feed, comma) = (UInt8(ascii: "\n"), UInt8(ascii: ","))
        var from = 0
        while let at = ByteSearch.firstIndex(of: pattern, in: bytes, from: from) {
            let end = at + pattern.count
            if end < bytes.count,
                bytes[end] == feed || (bytes[end] == comma && end + 1 < bytes.count && bytes[end + 1] == feed)
            {
                return (at, ByteSearch.count(feed, in: bytes, before: at + 1))
            }
            from = at + 1
        }
        return nil
    }
}
