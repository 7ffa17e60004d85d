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
        text.range(of: #"^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$"#,
                   options: .regularExpression) != nil
    }

    /// Ruby's `Time.parse` for the shapes front matter holds: an ISO-like date (`2019-12-3`, `2019/12/03`) or
    /// one with a month name (`January 21, 2022`, `21 Jan 2022`), then an optional time (`9:05`, `21:05:07`,
    /// `9pm`), then an optional zone (`Z`, `+0200`, `-08:00`, `EDT`, `UTC`); text after it is ignored.
    static func parse(_ text: String, zone: TimeZone) -> Date? {
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
        let offset = zoneOffset(rest)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute,
                                        second: min(second, 59), nanosecond: nanosecond)
        guard let date = calendar.date(from: components) else { return nil }
        // Ruby refuses 2023-02-30 (`argument out of range`) where Calendar would roll it over.
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        guard check.year == day.year, check.month == day.month, check.day == day.day else { return nil }
        return date
    }

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

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
                  let found = groups(String(text[range]), shape.pattern) else { continue }
            func number(_ index: Int) -> Int? {
                let value = found[index].lowercased()
                if let name = monthNames.firstIndex(where: { value.hasPrefix($0) }), Int(value) == nil { return name + 1 }
                return Int(value)
            }
            guard let year = number(shape.order.0), let month = number(shape.order.1), let day = number(shape.order.2),
                  (1...12).contains(month), (1...31).contains(day) else { continue }
            if best == nil || range.lowerBound < best!.start {
                best = (year, month, day, range.lowerBound, range.upperBound)
            }
        }
        return best.map { ($0.year, $0.month, $0.day, $0.end) }
    }

    /// Ruby's zone abbreviations (`Date::ZONE`) that blogs write, in seconds east of UTC.
    static let abbreviations: [String: Int] = [
        "utc": 0, "ut": 0, "gmt": 0, "z": 0, "wet": 0, "bst": 3600, "ist": 19800, "west": 3600,
        "est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600, "mst": -7 * 3600, "mdt": -6 * 3600,
        "pst": -8 * 3600, "pdt": -7 * 3600, "akst": -9 * 3600, "akdt": -8 * 3600, "hst": -10 * 3600,
        "ast": -4 * 3600, "adt": -3 * 3600, "nst": -12600, "ndt": -9000,
        "cet": 3600, "cest": 7200, "met": 3600, "mest": 7200, "eet": 7200, "eest": 3 * 3600, "msk": 3 * 3600,
        "jst": 9 * 3600, "kst": 9 * 3600, "hkt": 8 * 3600, "sgt": 8 * 3600,
        "aest": 10 * 3600, "aedt": 11 * 3600, "acst": 34200, "awst": 8 * 3600, "nzst": 12 * 3600, "nzdt": 13 * 3600,
    ]

    /// The zone written after the time, if any: `Z`, `+02`, `+0200`, `+02:00`, `UTC+2` or an abbreviation.
    private static func zoneOffset(_ text: String) -> Int? {
        guard let found = groups(text, #"^\s*(?:([A-Za-z]{1,5})\b)?\s*(?:([+-])(\d{1,2})(?::?(\d{2}))?)?"#),
              !found[0].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let name = found[1].lowercased()
        var offset: Int?
        if !name.isEmpty {
            guard let known = abbreviations[name] else { return nil }
            offset = known
        }
        if !found[2].isEmpty, let hours = Int(found[3]) {
            let minutes = Int(found[4]) ?? 0
            offset = (offset ?? 0) + (found[2] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        return offset
    }

    /// The groups of the pattern's first match at the start of the text (`""` for a group that took part in
    /// no match).
    private static func groups(_ text: String, _ pattern: String) -> [String]? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<found.numberOfRanges).map { index in
            Range(found.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}
