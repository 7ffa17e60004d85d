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
        let count = buffer.count
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
        var offset = 0
        func word(_ at: Int) -> UInt64 { buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
        // Four lanes over 32-byte blocks: each multiply waits for the one before it in its lane, so one
        // lane ran at a quarter of what the processor can do; four run side by side. Lanes start apart and
        // are folded in order, so the same word in another lane or block gives another hash.
        if count >= 32 {
            var (a, b, c, d) = (
                hash, hash ^ 0x9E37_79B9_7F4A_7C15, hash ^ 0xC2B2_AE3D_27D4_EB4F, hash ^ 0x1656_67B1_9E37_79F9
            )
            while offset + 32 <= count {
                a = (a ^ word(offset)) &* prime
                b = (b ^ word(offset + 8)) &* prime
                c = (c ^ word(offset + 16)) &* prime
                d = (d ^ word(offset + 24)) &* prime
                a ^= a >> 29
                b ^= b >> 29
                c ^= c >> 29
                d ^= d >> 29
                offset += 32
            }
            hash = a
            for lane in [b, c, d] {
                hash = (hash ^ lane) &* prime
                hash ^= hash >> 29
            }
        }
        while offset + 8 <= count {
            hash = (hash ^ word(offset)) &* prime
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < count {
            tail = tail << 8 | UInt64(buffer[offset])
            offset += 1
        }
        hash = (hash ^ tail) &* prime
        hash ^= hash >> 32
        hash = hash &* 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 32)
    }
}
