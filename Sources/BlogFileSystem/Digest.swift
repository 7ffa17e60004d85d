import Foundation

/// The one digest of the engine: a stable 64-bit hash of bytes (FNV-1a style over 8-byte words, then
/// mixed), for telling whether a file, or what a page is made of, changed between builds. Not for
/// security: what it keys is also checked against sizes and stamps.
///
/// A digest of several values (a page's inputs) is made with ``Digest/Builder``, which frames each value
/// by its length so that no two lists of values give the same bytes.
public enum Digest {
    /// Collects values into bytes and digests them once.
    public struct Builder {
        private var bytes: [UInt8] = []

        /// Makes an empty builder with room for about `capacity` bytes.
        public init(capacity: Int = 256) {
            bytes.reserveCapacity(capacity)
        }

        /// Adds a number, as its eight little-endian bytes.
        public mutating func add(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        /// Adds a string, framed by its UTF-8 length.
        public mutating func add(_ string: String) {
            add(UInt64(string.utf8.count))
            bytes.append(contentsOf: string.utf8)
        }

        /// The digest of everything added.
        public var digest: UInt64 {
            bytes.withUnsafeBytes { Digest.of($0) }
        }
    }

    /// The hash of `data`; the same bytes give the same value on every machine and run.
    public static func of(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { of($0) }
    }

    public static func of(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    public static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        let count = buffer.count
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
        var offset = 0
        func word(_ at: Int) -> UInt64 { buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
        // Four lanes over 32-byte blocks: each multiply waits for the one before it in its lane, so one
        // lane runs at a quarter of what the processor can do; four run side by side. Lanes start apart and
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
