import Foundation

/// A stable 64-bit hash of bytes (FNV-1a style over 8-byte words, then mixed), for telling whether a
/// file changed between builds. Not for security: the cache it keys is also checked against sizes.
public enum ContentHash {
    /// The hash of `data`; the same bytes give the same value on every machine and run.
    public static func of(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { of($0) }
    }

    static func of(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(buffer.count)
        var offset = 0
        while offset + 8 <= buffer.count {
            hash = (hash ^ buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < buffer.count {
            tail = tail << 8 | UInt64(buffer[offset])
            offset += 1
        }
        hash = (hash ^ tail) &* prime
        hash ^= hash >> 32
        hash = hash &* 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 32)
    }
}
