import Foundation

/// Reads what ``RecordWriter`` wrote, checking every length against the bytes left: a damaged or cut
/// file gives ``Failure`` (and the cache is ignored), never a crash or a read past the end.
struct RecordReader {
    struct Failure: Error {}

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    /// Reads `bytes` from `offset`; the buffer must outlive the reader.
    init(_ bytes: UnsafeRawBufferPointer, at offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// A reader of the same bytes from `offset`, which must be within them.
    func moved(to offset: Int) -> RecordReader {
        RecordReader(bytes, at: offset)
    }

    /// The offset just past the last byte.
    var end: Int { bytes.count }

    mutating func integer() throws(Failure) -> UInt64 {
        // Most numbers (lengths, counts, sizes of small files) are below 128: one byte.
        if offset < bytes.count, bytes[offset] < 0x80 {
            offset += 1
            return UInt64(bytes[offset - 1])
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw Failure()
    }

    mutating func int() throws(Failure) -> Int {
        Int(truncatingIfNeeded: try signed())
    }

    /// A count of things still to come, each at least `minimumSize` bytes long, so that a damaged count
    /// cannot make a caller reserve room for billions.
    mutating func count(minimumSize: Int = 1) throws(Failure) -> Int {
        let value = try integer()
        guard value <= UInt64(bytes.count - offset) / UInt64(max(1, minimumSize)) else { throw Failure() }
        return Int(value)
    }

    mutating func signed() throws(Failure) -> Int64 {
        let value = try integer()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    /// What ``RecordWriter/time(_:)`` wrote.
    mutating func time() throws(Failure) -> Int64 {
        Int64(bitPattern: try fixed())
    }

    mutating func fixed() throws(Failure) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Failure() }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return UInt64(littleEndian: value)
    }

    mutating func byte() throws(Failure) -> UInt8 {
        guard offset < bytes.count else { throw Failure() }
        offset += 1
        return bytes[offset - 1]
    }

    mutating func bool() throws(Failure) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw Failure() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func string() throws(Failure) -> String {
        let length = try count()
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        offset += length
        return text
    }

    /// What ``RecordWriter/lengthPrefixed(_:)`` wrote, read by `read`, which must read all of it.
    mutating func lengthPrefixed<Value>(_ read: (inout RecordReader) throws(Failure) -> Value) throws(Failure) -> Value
    {
        let range = try skipLengthPrefixed()
        var inner = RecordReader(UnsafeRawBufferPointer(rebasing: bytes[..<range.upperBound]), at: range.lowerBound)
        let value = try read(&inner)
        guard inner.isAtEnd else { throw Failure() }
        return value
    }

    /// Steps over what ``RecordWriter/lengthPrefixed(_:)`` wrote; returns where its bytes are.
    mutating func skipLengthPrefixed() throws(Failure) -> Range<Int> {
        guard bytes.count - offset >= 4 else { throw Failure() }
        let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        offset += 4
        guard length <= bytes.count - offset else { throw Failure() }
        offset += length
        return offset - length..<offset
    }

    /// The next string's UTF-8 bytes, without making a `String` of them.
    mutating func stringBytes() throws(Failure) -> UnsafeRawBufferPointer {
        let length = try count()
        offset += length
        return UnsafeRawBufferPointer(rebasing: bytes[offset - length..<offset])
    }

    mutating func optional<Value>(_ read: (inout RecordReader) throws(Failure) -> Value) throws(Failure) -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func optionalString() throws(Failure) -> String? {
        try optional { reader throws(Failure) in try reader.string() }
    }

    mutating func array<Element>(_ read: (inout RecordReader) throws(Failure) -> Element) throws(Failure) -> [Element] {
        let count = try count()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }
}
