import Foundation

/// Reads and writes RFC 3339 date-times (section 5.6) without Foundation's formatters.
///
/// Reading accepts every RFC 3339 `date-time`: fractional seconds of any length, `Z`/`z` or a numeric
/// offset, and `T`/`t` between date and time. Writing produces JSON Feed's canonical form, UTC with exactly
/// three fractional digits (`2012-03-23T18:25:43.511Z`, as JavaScript's `toISOString`). Work is done in
/// whole milliseconds since 1970, so a millisecond-precision string survives a read and a write byte for
/// byte, and the type is `Sendable` where `ISO8601DateFormatter` is not.
public enum RFC3339 {
    /// Parses an RFC 3339 date-time.
    ///
    /// Digits past the third fractional digit are truncated.
    /// - Returns: `nil` when `text` is not an RFC 3339 date-time (a bare date, a space for `T`, a missing
    ///   offset, an impossible day such as February 30).
    public static func date(from text: String) -> Date? {
        milliseconds(from: text).map(date(fromMilliseconds:))
    }

    /// Formats a date as RFC 3339 with exactly three fractional digits.
    ///
    /// - Parameters:
    ///   - date: The instant; it is rounded to the nearest millisecond.
    ///   - offset: Seconds east of UTC to write the local time in; `0` writes `Z`. Whole minutes only.
    public static func string(from date: Date, offset: Int = 0) -> String {
        string(fromMilliseconds: milliseconds(from: date), offset: offset)
    }

    static func date(fromMilliseconds milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    static func milliseconds(from date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.toNearestOrAwayFromZero)
        // Out-of-range dates are clamped rather than trapping on conversion.
        return Int64(max(min(value, 9.2e18), -9.2e18))
    }

    static func milliseconds(from text: String) -> Int64? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ options: UInt8...) -> Bool {
            guard index < bytes.count, options.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")),
            let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2), expect(UInt8(ascii: "T"), UInt8(ascii: "t")),
            let hour = digits(2), expect(UInt8(ascii: ":")),
            let minute = digits(2), expect(UInt8(ascii: ":")),
            let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var millisecond = 0
        if expect(UInt8(ascii: ".")) {
            var count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if count < 3 { millisecond = millisecond * 10 + Int(bytes[index] - 0x30) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 3) { millisecond *= 10 }
        }
        var offsetMinutes = 0
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHour = digits(2), expect(UInt8(ascii: ":")), let offsetMinute = digits(2),
                offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = Int64(daysFromCivil(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        let milliseconds = seconds * 1000 + Int64(millisecond)
        // An offset can move 0000-01-01 or 9999-12-31 out of the four-digit years, where no UTC
        // RFC 3339 string exists for the instant; such a date could never be written back.
        return representable.contains(milliseconds) ? milliseconds : nil
    }

    /// 0000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, the instants RFC 3339 can write in UTC.
    static let representable: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    static func string(fromMilliseconds milliseconds: Int64, offset: Int = 0) -> String {
        let local = milliseconds + Int64(offset) * 1000
        let (seconds, millisecond) = local.quotientAndRemainder(dividingBy: 1000)
        var wholeSeconds = seconds
        var fraction = millisecond
        if fraction < 0 {
            fraction += 1000
            wholeSeconds -= 1
        }
        var (days, secondOfDay) = wholeSeconds.quotientAndRemainder(dividingBy: 86_400)
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(Int(days))
        // Written byte by byte into a fixed buffer: this runs once per date on big feeds.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var position = 0
            func put(_ byte: UInt8) {
                buffer[position] = byte
                position += 1
            }
            func put(_ value: Int, width: Int) {
                var rest = value
                var digits = width
                if rest < 0 {
                    put(UInt8(ascii: "-"))
                    rest = -rest
                }
                // Years past 9999 get more digits rather than being cut.
                var probe = rest
                var needed = 1
                while probe >= 10 {
                    probe /= 10
                    needed += 1
                }
                digits = max(digits, needed)
                for index in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[position + index] = UInt8(0x30 + rest % 10)
                    rest /= 10
                }
                position += digits
            }
            put(year, width: 4)
            put(UInt8(ascii: "-"))
            put(month, width: 2)
            put(UInt8(ascii: "-"))
            put(day, width: 2)
            put(UInt8(ascii: "T"))
            put(Int(secondOfDay / 3600), width: 2)
            put(UInt8(ascii: ":"))
            put(Int(secondOfDay / 60 % 60), width: 2)
            put(UInt8(ascii: ":"))
            put(Int(secondOfDay % 60), width: 2)
            put(UInt8(ascii: "."))
            put(Int(fraction), width: 3)
            if offset == 0 {
                put(UInt8(ascii: "Z"))
            } else {
                put(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                let minutes = abs(offset) / 60
                put(minutes / 60, width: 2)
                put(UInt8(ascii: ":"))
                put(minutes % 60, width: 2)
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<position]), as: UTF8.self)
        }
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
