import Foundation

/// Writes the build record's binary form, its only encoding: unsigned integers as LEB128 (seven bits a byte, low first),
/// signed ones zigzagged first, hashes and times as eight little-endian bytes, and strings as their UTF-8 length
/// and bytes. Read back by ``RecordReader``; JSON for ten thousand posts costs a quarter of a one-post rebuild.
struct RecordWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func integer(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// An `Int` that may be negative, zigzagged like ``signed(_:)``; read back by ``RecordReader/int()``.
    mutating func integer(_ value: Int) {
        signed(Int64(value))
    }

    mutating func signed(_ value: Int64) {
        integer(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// A time in nanoseconds, as eight bytes: as LEB128 one takes nine, read a byte at a time, and an
    /// edit reads three for each of 50,000 sources and 63,000 outputs.
    mutating func time(_ value: Int64) {
        fixed(UInt64(bitPattern: value))
    }

    mutating func fixed(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            integer(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A 0 for nil, else a 1 and the value written by `write`.
    mutating func optional<Value>(_ value: Value?, _ write: (inout RecordWriter, Value) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    mutating func optionalString(_ text: String?) {
        optional(text) { $0.string($1) }
    }

    /// What `write` writes, after its length in four little-endian bytes, so that a reader can step over
    /// it or find it again without reading it (see ``RecordReader/skipLengthPrefixed()``).
    mutating func lengthPrefixed(_ write: (inout RecordWriter) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        write(&self)
        let length = UInt32(bytes.count - start - 4)
        for index in 0..<4 { bytes[start + index] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(index))) }
    }

    /// A count, then each element written by `write`.
    mutating func array<Element>(_ elements: some Collection<Element>, _ write: (inout RecordWriter, Element) -> Void) {
        integer(UInt64(elements.count))
        for element in elements { write(&self, element) }
    }
}
