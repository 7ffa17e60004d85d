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
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + bytes.count / 8 + 16)
            // Runs of bytes that need nothing are copied whole: a post's HTML has markup every few bytes,
            // and appending scalar by scalar made the Atom and RSS feeds cost more than the JSON Feed.
            var runStart = 0
            var index = 0
            func flush() {
                if index > runStart { result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                let replacement: StaticString
                var length = 1
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&apos;"
                case 0x09, 0x0A, 0x0D:
                    index += 1
                    continue
                case 0..<0x20:
                    replacement = "\u{FFFD}"
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                    // U+FFFE and U+FFFF.
                    replacement = "\u{FFFD}"
                    length = 3
                default:
                    index += 1
                    continue
                }
                flush()
                replacement.withUTF8Buffer { result.append(contentsOf: $0) }
                index += length
                runStart = index
            }
            flush()
            return String(decoding: result, as: UTF8.self)
        }
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
        let text = RFC3339.string(from: date)  // 2012-03-23T18:25:43.511Z
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1) - 48 } }
        guard digits.count >= 19 else { return text }
        let (month, day) = (number(5..<7), number(8..<10))
        // Whole days since 1970-01-01, a Thursday, in UTC.
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let weekday = weekdays[((days % 7) + 7) % 7]
        let dayText = day < 10 ? "0\(day)" : "\(day)"
        return "\(weekday), \(dayText) \(months[month - 1]) \(String(text.prefix(4))) \(String(text.dropFirst(11).prefix(8))) +0000"
    }
}
