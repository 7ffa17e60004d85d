import Foundation
import JSONFeed

/// Reads front matter dates: RFC 3339, or a YAML date or date-time without offset in the site's zone.
enum FrontMatterDate {
    static let example = "2024-05-01T09:30:00+02:00"

    static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let trimmed = text.trimmingWhitespace()
        if let date = RFC3339.date(from: trimmed) { return date }
        // YAML's timestamp also allows a space for 'T' and a space before the offset.
        let normalized = normalizeYAMLTimestamp(trimmed)
        if let date = RFC3339.date(from: normalized) { return date }
        return localDate(normalized, timeZone: timeZone)
    }

    /// `2024-05-01 09:30:00 +02:00` → `2024-05-01T09:30:00+02:00`. By byte: text that is not ASCII is no
    /// date either way and is left as it is, and a search backwards through Characters for each offset
    /// sign cost more than reading the date.
    private static func normalizeYAMLTimestamp(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var bytes = Array(text.utf8)
        if bytes.count > 10, bytes[10] == UInt8(ascii: " ") { bytes[10] = UInt8(ascii: "T") }
        for sign in ["Z", "+", "-"].map({ UInt8(ascii: $0) }) {
            // The last space before the sign, if it comes after the seconds.
            guard bytes.count > 1,
                  let space = (0..<bytes.count - 1).last(where: { bytes[$0] == UInt8(ascii: " ") && bytes[$0 + 1] == sign }),
                  space > min(18, bytes.count)
            else { continue }
            bytes.remove(at: space)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `2024-05-01`, `2024-05-01T09:30` or `2024-05-01T09:30:00.5` read in `timeZone`.
    private static func localDate(_ text: String, timeZone: TimeZone) -> Date? {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let dateParts = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard dateParts.count == 3, dateParts[0].count == 4, dateParts[1].count == 2, dateParts[2].count == 2,
              let year = Int(dateParts[0]), let month = Int(dateParts[1]), let day = Int(dateParts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0, nanosecond = 0
        if parts.count == 2 {
            let timeParts = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(timeParts.count), timeParts.allSatisfy({ !$0.isEmpty }),
                  timeParts[0].count == 2, timeParts[1].count == 2,
                  let h = Int(timeParts[0]), let m = Int(timeParts[1]), h <= 23, m <= 59
            else { return nil }
            hour = h
            minute = m
            if timeParts.count == 3 {
                let secondParts = timeParts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
                guard secondParts[0].count == 2, let s = Int(secondParts[0]), s <= 59 else { return nil }
                second = s
                if secondParts.count == 2 {
                    let digits = secondParts[1].prefix(9)
                    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let fraction = Int(digits) else { return nil }
                    nanosecond = fraction
                    for _ in digits.count..<9 { nanosecond *= 10 }
                }
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        guard let date = calendar.date(from: components) else { return nil }
        // Calendar rolls 2023-02-29 over to March 1; an impossible day must be an error instead.
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        guard check.year == year, check.month == month, check.day == day else { return nil }
        return date
    }
}
