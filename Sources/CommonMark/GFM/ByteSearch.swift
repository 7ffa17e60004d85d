#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Searches of a document's UTF-8 bytes with the C library: every post is checked for each extension's
/// marks, and a `String` search (through Characters) of every post cost more than all the extensions.
public enum ByteSearch {
    static func contains(_ text: String, _ byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }

    /// Where `needle` first occurs in `bytes` at or after `start`.
    static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard !needle.isEmpty else { return start }
        guard start >= bytes.startIndex else { return nil }
        return bytes.withUnsafeBytes { raw in
            firstIndex(of: needle, in: raw, from: start - bytes.startIndex).map { $0 + bytes.startIndex }
        }
    }

    static func contains(_ text: String, _ needle: String) -> Bool {
        contains(text, needle) { _, _ in true }
    }

    /// Whether `needle` occurs in `text` at a position that `accept` takes, given the text's bytes.
    static func contains(
        _ text: String, _ needle: String, where accept: (UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) -> Bool {
        var text = text
        let pattern = Array(needle.utf8)
        return text.withUTF8 { haystack in
            var from = 0
            while let position = firstIndex(of: pattern, in: UnsafeRawBufferPointer(haystack), from: from) {
                if accept(haystack, position) { return true }
                from = position + 1
            }
            return false
        }
    }

    /// Where `pattern` first occurs in `bytes` at or after `start`: memchr for its first byte, then memcmp
    /// (Glibc's memmem is not visible to Swift). Swift's generic searches go element by element, and the
    /// texts searched are whole posts and the search index's files, megabytes at a time.
    public static func firstIndex(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0)
        -> Int?
    {
        guard let first = pattern.first else { return start <= bytes.count ? start : nil }
        guard let base = bytes.baseAddress, start >= 0, bytes.count - start >= pattern.count else { return nil }
        let lastStart = bytes.count - pattern.count
        var at = start
        while at <= lastStart, let hit = memchr(base + at, Int32(first), lastStart - at + 1) {
            let position = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + position, pattern, pattern.count) == 0 { return position }
            at = position + 1
        }
        return nil
    }

    /// Where `byte` first occurs in `bytes[start..<end]`, or `end`.
    public static func next(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress, start < end, let hit = memchr(base + start, Int32(byte), end - start)
        else { return end }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// Whether `byte` occurs in `bytes` at a position `accept` takes: memchr from one to the next, so that a
    /// document is looked at byte by byte only where the mark a pass needs begins.
    public static func contains(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, where accept: (Int) -> Bool) -> Bool {
        var at = 0
        while true {
            at = next(byte, in: bytes, from: at, to: bytes.count)
            guard at < bytes.count else { return false }
            if accept(at) { return true }
            at += 1
        }
    }

    /// How many times `byte` occurs in `bytes[..<end]`.
    public static func count(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, before end: Int) -> Int {
        var (count, at) = (0, 0)
        while true {
            at = next(byte, in: bytes, from: at, to: end)
            guard at < end else { return count }
            count += 1
            at += 1
        }
    }
}
