import Foundation
import JSONFeed

/// Text and dates as XML feeds write them.
enum XMLText {
    /// `text` escaped for XML character data and attribute values, with every character XML 1.0 forbids
    /// (C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF) replaced by U+FFFD, so that
    /// no post can make a feed that parsers refuse.
    static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same, appended to UTF-8 `output`: written in place into room made for exactly the escaped
    /// length, which a first pass adds up (each byte's growth depends on that byte alone), so that no
    /// byte of a post's HTML is appended, or checked for room, one at a time.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        // The table is read through a pointer taken once: a global array's subscript, in a loop over every
        // byte of every post, checks that the global is made and the index is in bounds each time.
        Self.table.withUnsafeBufferPointer { table in
            text.withUTF8 { bytes in appendEscaped(bytes, table: table, to: &output) }
        }
    }

    /// The same from UTF-8 `bytes`, with ``table``.
    private static func appendEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
    ) {
        var growth = 0
        for byte in bytes { growth &+= Int(table[256 + Int(byte)]) }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bytes.count + growth))
        output.withUnsafeMutableBufferPointer { all in
            var written = start
            func put(_ replacement: StaticString) {
                replacement.withUTF8Buffer { utf8 in
                    for byte in utf8 {
                        all[written] = byte
                        written += 1
                    }
                }
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard table[Int(byte)] != 0 else {
                    all[written] = byte
                    written += 1
                    continue
                }
                if byte == 0xEF {
                    // U+FFFE and U+FFFF become U+FFFD, three bytes for three; any other scalar is copied.
                    if index + 1 < bytes.count && bytes[index] == 0xBF
                        && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF)
                    {
                        put("\u{FFFD}")
                        index += 2
                    } else {
                        all[written] = byte
                        written += 1
                    }
                } else if let replacement = replacement(of: byte) {
                    put(replacement)
                }
            }
        }
    }

    /// What a byte is escaped as: the markup characters' references, and U+FFFD for the C0 controls XML
    /// forbids (all but tab, line feed and carriage return); nil for a byte copied as it is.
    private static func replacement(of byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&apos;"
        case 0x09, 0x0A, 0x0D: nil
        case 0..<0x20: "\u{FFFD}"
        default: nil
        }
    }

    /// By byte: whether ``appendEscaped(_:to:)`` looks at it (1) or copies it (0), then how many bytes
    /// longer it is escaped, both from ``replacement(of:)`` so that the room made is the room written. The
    /// bytes looked at are those it replaces and the first byte of U+FFFE and U+FFFF.
    private static let table: [UInt8] =
        (0...255).map { byte in replacement(of: UInt8(byte)) != nil || byte == 0xEF ? 1 : 0 }
        + (0...255).map { byte in UInt8(replacement(of: UInt8(byte)).map { $0.utf8CodeUnitCount - 1 } ?? 0) }

    /// RFC 3339 in UTC to the second, as Atom writes dates: `2012-03-23T18:25:43Z`.
    static func rfc3339(_ date: Date) -> String {
        let text = RFC3339.string(from: date)
        return String(text.prefix(19)) + "Z"
    }

    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// RFC 822 (with a four-digit year, as RFC 1123 and RSS 2.0 readers expect) in UTC:
    /// `Fri, 23 Mar 2012 18:25:43 +0000`. English names, whatever the machine's locale.
    static func rfc822(_ date: Date) -> String {
        let text = RFC3339.string(from: date) // 2012-03-23T18:25:43.511Z
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1) - 48 } }
        guard digits.count >= 19 else { return text }
        let (month, day) = (number(5..<7), number(8..<10))
        // Whole days since 1970-01-01, a Thursday, in UTC.
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let weekday = weekdays[((days % 7) + 7) % 7]
        let dayText = day < 10 ? "0\(day)" : "\(day)"
        return
            "\(weekday), \(dayText) \(months[month - 1]) \(String(text.prefix(4))) \(String(text.dropFirst(11).prefix(8))) +0000"
    }
}
