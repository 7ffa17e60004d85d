import Foundation
import JSONFeed

/// Reads front matter dates: RFC 3339, or a YAML date or date-time without offset in the site's zone.
enum FrontMatterDate {
    static let example = "2024-05-01T09:30:00+02:00"

    static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        parseAnyYear(text, timeZone: timeZone).flatMap { isWritable($0) ? $0 : nil }
    }

    /// The date `text` names, even one outside the years a build can write (``isWritable(_:)``).
    static func parseAnyYear(_ text: String, timeZone: TimeZone) -> Date? {
        let trimmed = text.trimmingWhitespace()
        if let date = RFC3339.date(from: trimmed) { return date }
        guard let stamp = Timestamp(trimmed) else { return nil }
        return stamp.date(in: timeZone)
    }

    /// The years a date's instant may fall in, in UTC.
    static let years = "0001 to 9999"

    /// Whether the instant falls in the years 1 to 9999 in UTC, where feeds, sitemaps and pages can write it:
    /// `9999-12-31T23:59:59-12:00` is in the year 10000 there.
    static func isWritable(_ date: Date) -> Bool {
        // 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
        (-62_135_596_800..<253_402_300_800).contains(date.timeIntervalSince1970)
    }

    /// A date and time as YAML 1.1 timestamps (and Jekyll's and Hugo's readers) allow them:
    /// `2015-12-03`, `2015-12-03 10:00:00 -0400`, `2015-12-3T9:05:00.25Z`, `2015-12-03 10:00 +05:30`,
    /// `2015-12-03t10:00:00z`: a `T`, `t` or spaces between date and time, seconds optional, any fraction,
    /// and an offset with or without a colon (or only hours), after optional spaces.
    struct Timestamp: Equatable {
        var year: Int, month: Int, day: Int
        var hour = 0, minute = 0, second = 0, nanosecond = 0
        /// Seconds east of UTC; nil when none is written.
        var offset: Int?
        var hasTime = false

        init?(_ text: String) {
            let bytes = Array(text.utf8)
            var index = 0
            func digits(_ minimum: Int, _ maximum: Int) -> Int? {
                var value = 0
                var count = 0
                while index < bytes.count, count < maximum, (0x30...0x39).contains(bytes[index]) {
                    value = value * 10 + Int(bytes[index] - 0x30)
                    index += 1
                    count += 1
                }
                return count >= minimum ? value : nil
            }
            func skip(_ byte: UInt8) -> Bool {
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
                return true
            }
            guard let year = digits(4, 4), skip(UInt8(ascii: "-")), let month = digits(1, 2), skip(UInt8(ascii: "-")),
                let day = digits(1, 2), (1...12).contains(month), (1...31).contains(day)
            else { return nil }
            self.year = year
            self.month = month
            self.day = day
            if index == bytes.count { return }
            // Date and time: `T`, `t`, or spaces and tabs.
            if bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") {
                index += 1
            } else {
                let start = index
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                guard index > start else { return nil }
            }
            guard let hour = digits(1, 2), skip(UInt8(ascii: ":")), let minute = digits(2, 2), hour <= 23, minute <= 59
            else { return nil }
            self.hour = hour
            self.minute = minute
            hasTime = true
            if skip(UInt8(ascii: ":")) {
                guard let second = digits(2, 2), second <= 60 else { return nil }
                self.second = min(second, 59)
                if skip(UInt8(ascii: ".")) {
                    let start = index
                    var nanoseconds = 0
                    var count = 0
                    while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                        if count < 9 { nanoseconds = nanoseconds * 10 + Int(bytes[index] - 0x30) }
                        count += 1
                        index += 1
                    }
                    guard index > start else { return nil }
                    for _ in min(count, 9)..<9 { nanoseconds *= 10 }
                    nanosecond = nanoseconds
                }
            }
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            if index == bytes.count { return }
            if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
                index += 1
                offset = 0
            } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let hours = digits(1, 2), hours <= 23 else { return nil }
                var minutes = 0
                if skip(UInt8(ascii: ":")) {
                    guard let value = digits(2, 2) else { return nil }
                    minutes = value
                } else if let value = digits(2, 2) {
                    minutes = value
                }
                guard minutes <= 59 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
            guard index == bytes.count else { return nil }
        }

        /// The instant, reading a time without offset in `timeZone`; nil for an impossible day.
        func date(in timeZone: TimeZone) -> Date? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
            let components = DateComponents(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
            guard let date = calendar.date(from: components) else { return nil }
            // Calendar rolls 2023-02-29 over to March 1; an impossible day must be an error instead.
            let check = calendar.dateComponents([.year, .month, .day], from: date)
            guard check.year == year, check.month == month, check.day == day else { return nil }
            return date
        }
    }

    /// The date at the start of a Jekyll post's file name (`2019-03-25-title.md`), and the rest of the
    /// name after it.
    static func fromFileName(_ name: String) -> (date: Timestamp, rest: String)? {
        let bytes = Array(name.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "-"),
            let stamp = Timestamp(String(decoding: bytes[0..<10], as: UTF8.self))
        else { return nil }
        return (stamp, String(decoding: bytes[11...], as: UTF8.self))
    }
}
