import Foundation
import JSONFeed

/// Text and dates as XML feeds write them.
enum XMLText {
    /// `text` escaped for XML character data and attribute values, with every character XML 1.0 forbids
    /// (C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF) replaced by U+FFFD, so that
    /// no post can make a feed that parsers refuse.
    static func escaped(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Written straight into the string's storage, a byte at a time through a table: a post's HTML
            // has markup every few bytes, and copying runs between them, one append each, makes the Atom
            // and RSS feeds a third of the feed step. No byte becomes more than six.
            String(unsafeUninitializedCapacity: bytes.count * 6 + 1) { output in
                var written = 0
                func put(_ replacement: StaticString) {
                    replacement.withUTF8Buffer { utf8 in
                        for byte in utf8 {
                            output[written] = byte
                            written += 1
                        }
                    }
                }
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    guard needsLook[Int(byte)] else {
                        output[written] = byte
                        written += 1
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "&"): put("&amp;")
                    case UInt8(ascii: "<"): put("&lt;")
                    case UInt8(ascii: ">"): put("&gt;")
                    case UInt8(ascii: "\""): put("&quot;")
                    case UInt8(ascii: "'"): put("&apos;")
                    case 0xEF
                    where index + 1 < bytes.count && bytes[index] == 0xBF
                        && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
                        // U+FFFE and U+FFFF.
                        put("\u{FFFD}")
                        index += 2
                    case 0xEF:
                        output[written] = byte
                        written += 1
                    default:
                        // C0 controls other than tab, line feed and carriage return.
                        put("\u{FFFD}")
                    }
                }
                return written
            }
        }
    }

    /// The bytes ``escaped(_:)`` looks at: markup characters, the C0 controls XML forbids, and the first
    /// byte of U+FFFE and U+FFFF.
    private static let needsLook: [Bool] = (0...255).map { byte in
        byte < 0x20 ? ![0x09, 0x0A, 0x0D].contains(byte) : [0x26, 0x3C, 0x3E, 0x22, 0x27, 0xEF].contains(byte)
    }

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
