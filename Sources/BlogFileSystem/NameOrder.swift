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
    /// sixteen bytes, big-endian and padded with zeros (no name holds a zero byte), decide most
    /// comparisons; ties go on with `memcmp` of the rest.
    private static func asciiOrder(_ names: [String.UTF8View]) -> [Int]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(names.reduce(0) { $0 + $1.count } + 16)
        var keys: [Key] = []
        keys.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            keys.append(Key(start: bytes.count, count: name.count, index: index))
            bytes.append(contentsOf: name)
        }
        bytes.append(contentsOf: repeatElement(0, count: 16))
        return bytes.withUnsafeBytes { buffer -> [Int]? in
            guard isASCII(UnsafeRawBufferPointer(rebasing: buffer.dropLast(16))) else { return nil }
            for position in keys.indices {
                let key = keys[position]
                let (high, low) = (word(buffer, key, 0), word(buffer, key, 8))
                keys[position].high = high
                keys[position].low = low
            }
            keys.sort { a, b in
                if a.high != b.high { return a.high < b.high }
                if a.low != b.low { return a.low < b.low }
                let common = min(a.count, b.count) - min(16, min(a.count, b.count))
                let order =
                    common > 0
                    ? memcmp(buffer.baseAddress! + a.start + 16, buffer.baseAddress! + b.start + 16, common) : 0
                return order != 0 ? order < 0 : a.count < b.count
            }
            return keys.map(\.index)
        }
    }

    private struct Key {
        var high: UInt64 = 0
        var low: UInt64 = 0
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
