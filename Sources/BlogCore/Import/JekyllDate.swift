import Foundation

/// A post's `date:` as Jekyll 4.3 reads it: Ruby's YAML (Psych) first, then `Time.parse` on the value's text
/// (`Utils.parse_date`), in the build's zone, which is the site's `timezone`.
///
/// Psych makes a `Time` of a plain scalar with a date, a time *with seconds* and an optional offset; without
/// an offset that time is UTC, and its text (`… UTC`) keeps it so. Everything else (a quoted value, a date
/// alone, a time without seconds) reaches `Time.parse` as text, which reads what it recognizes and ignores
/// the rest: month names, unpadded parts, zone abbreviations, trailing words. A value with no zone is local
/// time, that is, in the site's zone.
enum JekyllDate {
    /// The instant Jekyll gives a front-matter date, or nil when `Time.parse` would refuse it (Jekyll stops
    /// the build there).
    ///
    /// - Parameters:
    ///   - text: The scalar as written, without quotes.
    ///   - isPlain: The scalar was written without quotes, so that YAML may resolve it as a timestamp.
    ///   - zone: The site's zone.
    static func instant(_ text: String, isPlain: Bool, zone: TimeZone) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if isPlain, isYAMLTime(trimmed), let stamp = FrontMatterDate.Timestamp(trimmed) {
            return stamp.date(in: TimeZone(secondsFromGMT: 0) ?? zone)
        }
        return parse(trimmed, zone: zone)
    }

    /// Psych's `TIME` pattern (`ScalarScanner`): seconds are required, an offset is not.
    static func isYAMLTime(_ text: String) -> Bool {
        let pattern =
            #"^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?"#
            + #"(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$"#
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    /// Ruby's `Time.parse` for the shapes front matter holds: an ISO-like date (`2019-12-3`, `2019/12/03`) or
    /// one with a month name (`January 21, 2022`, `21 Jan 2022`), then an optional time (`9:05`, `21:05:07`,
    /// `9pm`), then an optional zone (`Z`, `+0200`, `-08:00`, `EDT`, `UTC`); text after it is ignored.
    ///
    /// With `readingZoneNames` false, a zone name is passed over and the time is in `zone`, as Hugo reads
    /// `Mon, 02 Jan 2006 15:04:05 MST` (Go gives an unknown abbreviation no offset; Hugo keeps the wall time).
    static func parse(_ text: String, zone: TimeZone, readingZoneNames: Bool = true) -> Date? {
        guard let day = calendarDay(in: text) else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var nanosecond = 0
        var rest = String(text[day.end...])
        let timePattern = #"^[\sT,]*(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*([AaPp][Mm])?"#
        if let time = groups(rest, timePattern) {
            hour = Int(time[1]) ?? 0
            minute = Int(time[2]) ?? 0
            second = Int(time[3]) ?? 0
            if !time[4].isEmpty {
                let digits = String((time[4] + "000000000").prefix(9))
                nanosecond = Int(digits) ?? 0
            }
            if !time[5].isEmpty { hour = hour % 12 + (time[5].lowercased() == "pm" ? 12 : 0) }
            rest = String(rest.dropFirst(time[0].count))
        } else if let time = groups(rest, #"^[\sT,]*(\d{1,2})\s*([AaPp][Mm])\b"#) {
            hour = (Int(time[1]) ?? 0) % 12 + (time[2].lowercased() == "pm" ? 12 : 0)
            rest = String(rest.dropFirst(time[0].count))
        }
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        let offset = zoneOffset(rest, year: day.year, zone: zone, readingNames: readingZoneNames)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        let components = DateComponents(
            year: day.year, month: day.month, day: day.day, hour: hour, minute: minute,
            second: min(second, 59), nanosecond: nanosecond)
        guard let date = calendar.date(from: components) else { return nil }
        // Ruby refuses 2023-02-30 (`argument out of range`) where Calendar would roll it over.
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        guard check.year == day.year, check.month == day.month, check.day == day.day else { return nil }
        return date
    }

    private static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// The first calendar day in the text and where it ends.
    private static func calendarDay(in text: String) -> (year: Int, month: Int, day: Int, end: String.Index)? {
        let month = #"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"#
        let shapes: [(pattern: String, order: (Int, Int, Int))] = [
            (#"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})"#, (1, 2, 3)),
            (#"(?i)\b"# + month + #"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})"#, (3, 1, 2)),
            (#"(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+"# + month + #",?\s+(\d{4})"#, (3, 2, 1)),
        ]
        var best: (year: Int, month: Int, day: Int, start: String.Index, end: String.Index)?
        for shape in shapes {
            guard let range = text.range(of: shape.pattern, options: .regularExpression),
                let found = groups(String(text[range]), shape.pattern)
            else { continue }
            func number(_ index: Int) -> Int? {
                let value = found[index].lowercased()
                if Int(value) == nil, let name = monthNames.firstIndex(where: { value.hasPrefix($0) }) {
                    return name + 1
                }
                return Int(value)
            }
            guard let year = number(shape.order.0), let month = number(shape.order.1), let day = number(shape.order.2),
                (1...12).contains(month), (1...31).contains(day)
            else { continue }
            if best == nil || range.lowerBound < best!.start {
                best = (year, month, day, range.lowerBound, range.upperBound)
            }
        }
        return best.map { ($0.year, $0.month, $0.day, $0.end) }
    }

    /// `Time::ZoneOffset`, the only names `Time.parse` knows besides the local zone's own: RFC 822's and the
    /// military letters, in hours east of UTC. Others (`CEST`, `BST`) leave the time local.
    static let zoneHours: [String: Int] = [
        "UTC": 0, "Z": 0, "UT": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7, "A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8, "I": 9, "K": 10,
        "L": 11, "M": 12, "N": -1, "O": -2, "P": -3, "Q": -4, "R": -5, "S": -6, "T": -7, "U": -8, "V": -9,
        "W": -10, "X": -11, "Y": -12,
    ]

    /// The zone written after the time as `Time.zone_offset` reads it: `±HH:MM`, `±HHMM` or `±HH`, a name of
    /// ``zoneHours``, or the site zone's own abbreviation in January or July of that year; nil for none or
    /// one it does not know (`+2`, `UTC+2`, `CEST`), which leaves the time local.
    private static func zoneOffset(_ text: String, year: Int, zone: TimeZone, readingNames: Bool) -> Int? {
        let namePattern = readingNames ? #"[A-Za-z]+(?:[+-]\d+(?::\d+)?)?|"# : #"(?:[A-Za-z]+\s+)?"#
        guard let found = groups(text, #"^\s*("# + namePattern + #"[+-]\d+(?::\d+)*)"#) else { return nil }
        var token = found[1].uppercased()
        if !readingNames { token = token.trimmingCharacters(in: .letters).trimmingCharacters(in: .whitespaces) }
        if let numeric = groups(token, #"^([+-])(\d\d)(:?)(\d\d)(?:\3(\d\d))?$"#) {
            let seconds = ((Int(numeric[2]) ?? 0) * 60 + (Int(numeric[4]) ?? 0)) * 60 + (Int(numeric[5]) ?? 0)
            return numeric[1] == "-" ? -seconds : seconds
        }
        if token.range(of: #"^[+-]\d\d$"#, options: .regularExpression) != nil, let hours = Int(token) {
            return hours * 3600
        }
        if let hours = zoneHours[token] { return hours * 3600 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        for month in [1, 7] {
            guard let day = calendar.date(from: DateComponents(year: year, month: month, day: 1)) else { continue }
            if zone.abbreviation(for: day)?.uppercased() == token { return zone.secondsFromGMT(for: day) }
        }
        return nil
    }

    /// The groups of the pattern's first match at the start of the text (`""` for a group that took part in
    /// no match).
    private static func groups(_ text: String, _ pattern: String) -> [String]? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        return (0..<found.numberOfRanges).map { index in
            Range(found.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}
