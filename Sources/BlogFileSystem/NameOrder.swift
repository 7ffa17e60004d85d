import Foundation

/// `String`'s order (`<`) for file names and paths, cheaper for the common case: two strings in NFC
/// compare as their UTF-8 bytes do, and ASCII is always NFC, so names that are all ASCII are copied into
/// one buffer and sorted with `memcmp` instead of Unicode's comparison (which took seven tenths of an
/// edit's listing of 50,000 posts). Any other name sorts the whole list the Unicode way, so the order
/// never depends on the way taken.
public enum NameOrder {
    /// Sorts `names` as `sort()` would.
    public static func sort(_ names: inout [String]) {
        guard let order = asciiOrder(names.map(\.utf8)) else { return names.sort() }
        names = order.map { names[$0] }
    }

    /// Sorts `entries` by name as `sort { $0.name < $1.name }` would.
    public static func sort(_ entries: inout [FolderWalk.Entry]) {
        guard let order = asciiOrder(entries.map(\.name.utf8)) else { return entries.sort { $0.name < $1.name } }
        entries = order.map { entries[$0] }
    }

    /// The positions of `names` in byte order, or nil when one of them is not ASCII. Each name's first
    /// ``Key/prefix`` bytes, as big-endian words padded with zeros (no name holds a zero byte), decide
    /// most comparisons; ties go on with `memcmp` of the rest.
    private static func asciiOrder(_ names: [String.UTF8View]) -> [Int]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(names.reduce(0) { $0 + $1.count } + Key.prefix)
        var keys: [Key] = []
        keys.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            keys.append(Key(start: bytes.count, count: name.count, index: index))
            // A name's bytes copied at once where it has them together, as a native string does.
            if name.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: name)
            }
        }
        bytes.append(contentsOf: repeatElement(0, count: Key.prefix))
        return bytes.withUnsafeBytes { buffer -> [Int]? in
            guard isASCII(UnsafeRawBufferPointer(rebasing: buffer.dropLast(Key.prefix))) else { return nil }
            for position in keys.indices {
                let key = keys[position]
                keys[position].words = (word(buffer, key, 0), word(buffer, key, 8), word(buffer, key, 16))
            }
            keys.sort { a, b in
                if a.words.0 != b.words.0 { return a.words.0 < b.words.0 }
                if a.words.1 != b.words.1 { return a.words.1 < b.words.1 }
                if a.words.2 != b.words.2 { return a.words.2 < b.words.2 }
                let common = min(a.count, b.count) - min(Key.prefix, min(a.count, b.count))
                let order =
                    common > 0
                    ? memcmp(
                        buffer.baseAddress! + a.start + Key.prefix, buffer.baseAddress! + b.start + Key.prefix, common)
                    : 0
                return order != 0 ? order < 0 : a.count < b.count
            }
            return keys.map(\.index)
        }
    }

    private struct Key {
        /// How many of a name's first bytes its words hold: names in a folder of posts often share a date
        /// and more (`2015-01-01-post-`), which sixteen bytes alone would leave to `memcmp`.
        static let prefix = 24
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var start: Int
        var count: Int
        var index: Int

        init(start: Int, count: Int, index: Int) {
            (self.start, self.count, self.index) = (start, count, index)
        }
    }

    /// Eight bytes of a name from `offset`, big-endian, with zeros past its end.
    private static func word(_ buffer: UnsafeRawBufferPointer, _ key: Key, _ offset: Int) -> UInt64 {
        guard offset < key.count else { return 0 }
        let value = UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: key.start + offset, as: UInt64.self))
        let kept = key.count - offset
        return kept >= 8 ? value : value & ~(UInt64.max >> (8 * kept))
    }

    /// Whether every byte is below 0x80, eight at a time.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
