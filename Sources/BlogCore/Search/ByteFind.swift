import Foundation

/// Searches of UTF-8 bytes with the C library: Swift's generic searches and splits go element by element
/// (over `Data`, with an exclusivity check each), and the texts searched here are whole posts and the
/// search index's files, megabytes at a time.
enum ByteFind {
    /// Where `pattern` first occurs in `bytes` at or after `start`: memchr for its first byte, then memcmp
    /// (Glibc's memmem is not visible to Swift).
    static func firstIndex(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let first = pattern.first else { return start <= bytes.count ? start : nil }
        guard let base = bytes.baseAddress, start >= 0, bytes.count - start >= pattern.count else { return nil }
        let lastStart = bytes.count - pattern.count
        var at = start
        while at <= lastStart, let hit = memchr(base + at, Int32(first), lastStart - at + 1) {
            let position = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + position, pattern, pattern.count) == 0 {
                return position
            }
            at = position + 1
        }
        return nil
    }

    /// Where `byte` first occurs in `bytes[start..<end]`, or `end`.
    static func next(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress, start < end, let hit = memchr(base + start, Int32(byte), end - start)
        else { return end }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// How many times `byte` occurs in `bytes[..<end]`.
    static func count(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, before end: Int) -> Int {
        var (count, at) = (0, 0)
        while true {
            at = next(byte, in: bytes, from: at, to: end)
            guard at < end else { return count }
            count += 1
            at += 1
        }
    }
}
