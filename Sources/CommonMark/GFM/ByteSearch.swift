#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Searches of a document's UTF-8 bytes with the C library: every post is checked for each extension's
/// marks, and a `String` search (through Characters) of every post cost more than all the extensions.
enum ByteSearch {
    static func contains(_ text: String, _ byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }

    /// Where `needle` first occurs in `bytes` at or after `start`.
    static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let head = needle.first else { return start }
        let end = bytes.endIndex
        var index = start
        while index + needle.count <= end {
            guard let found = bytes[index..<end].firstIndex(of: head), found + needle.count <= end else {
                return nil
            }
            if bytes[found..<(found + needle.count)].elementsEqual(needle) { return found }
            index = found + 1
        }
        return nil
    }

    static func contains(_ text: String, _ needle: String) -> Bool {
        contains(text, needle) { _, _ in true }
    }

    /// Whether `needle` occurs in `text` at a position that `accept` takes, given the text's bytes.
    static func contains(
        _ text: String, _ needle: String, where accept: (UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) -> Bool {
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else {
                    return pattern.isEmpty
                }
                // memchr for the first byte, then memcmp: Glibc's memmem is not visible to Swift.
                var offset = 0
                while offset + pattern.count <= haystack.count {
                    guard
                        let found = memchr(
                            base + offset, Int32(pattern[0]), haystack.count - offset - pattern.count + 1)
                    else { return false }
                    let position = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                    if memcmp(base + position, patternBase, pattern.count) == 0, accept(haystack, position) {
                        return true
                    }
                    offset = position + 1
                }
                return false
            }
        }
    }
}
