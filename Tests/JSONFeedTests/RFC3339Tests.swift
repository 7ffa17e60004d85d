import Foundation
import Testing

@testable import JSONFeed

@Suite struct RFC3339Tests {
    @Test(arguments: [
        ("2012-03-23T18:25:43.511Z", "2012-03-23T18:25:43.511Z"),
        ("2012-03-23T18:25:43Z", "2012-03-23T18:25:43.000Z"),
        ("2012-03-23t18:25:43z", "2012-03-23T18:25:43.000Z"),
        ("2012-03-23T18:25:43.5Z", "2012-03-23T18:25:43.500Z"),
        ("2012-03-23T18:25:43.123456789Z", "2012-03-23T18:25:43.123Z"),
        ("2012-03-23T20:25:43.511+02:00", "2012-03-23T18:25:43.511Z"),
        ("2012-03-23T11:25:43-07:00", "2012-03-23T18:25:43.000Z"),
        ("2012-03-24T00:10:00+05:45", "2012-03-23T18:25:00.000Z"),
        ("2012-03-23T18:25:43-00:00", "2012-03-23T18:25:43.000Z"),
        ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00.000Z"),
        ("2000-02-29T00:00:00Z", "2000-02-29T00:00:00.000Z"),
        ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"),
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00.000Z"),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
        ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00.000Z"),
        ("0000-01-01T05:00:00-11:00", "0000-01-01T16:00:00.000Z"),
        ("9999-12-31T20:00:00+11:00", "9999-12-31T09:00:00.000Z"),
    ])
    func acceptsDateTime(_ input: String, _ canonical: String) throws {
        let date = try #require(RFC3339.date(from: input))
        #expect(RFC3339.string(from: date) == canonical)
    }

    @Test(arguments: [
        "2024-01-01", "2024-01-01 10:00:00Z", "2024-01-01T10:00:00", "2024-13-01T00:00:00Z",
        "2024-00-10T00:00:00Z", "2024-02-30T10:00:00Z", "2023-02-29T10:00:00Z", "1900-02-29T00:00:00Z",
        "2024-04-31T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T10:60:00Z", "2024-01-01T10:00:61Z",
        "2024-01-01T10:00:00.Z", "2024-01-01T10:00:00+2:00", "2024-01-01T10:00:00+0200", "2024-01-01T10:00:00+24:00",
        "2024-01-01T10:00Z", "24-01-01T10:00:00Z", "2024-1-01T10:00:00Z", "2024-01-01T10:00:00Z ",
        " 2024-01-01T10:00:00Z",
        "Fri, 31 May 2019 12:17:58 -0700",
        // Found by the fuzzer: the offset moves the instant before year 0000, which UTC output cannot write.
        "0000-01-01T05:00:00+11:00", "9999-12-31T20:00:00-11:00", "", "2024-01-01T10:00:00ZZ", "２０２４-01-01T10:00:00Z",
    ])
    func rejectsOtherText(_ input: String) {
        #expect(RFC3339.date(from: input) == nil)
    }

    @Test func datesOutsideFourDigitYearsAreAnEncodingError() {
        var item = Item(id: "1", contentText: "x")
        item.datePublished = Date(timeIntervalSince1970: -70_000_000_000)
        #expect(
            throws: FeedEncodingError(
                path: "items[0].date_published",
                message: "the date is outside the years 0000 to 9999, which RFC 3339 cannot write")
        ) {
            try FeedEncoder().encode(Feed(title: "T", items: [item]))
        }
    }

    @Test func writesLocalOffsets() {
        let date = Date(timeIntervalSince1970: 1_332_527_143.511)
        #expect(RFC3339.string(from: date, offset: 7200) == "2012-03-23T20:25:43.511+02:00")
        #expect(RFC3339.string(from: date, offset: -25200) == "2012-03-23T11:25:43.511-07:00")
        #expect(RFC3339.string(from: date, offset: 20700) == "2012-03-24T00:10:43.511+05:45")
    }

    /// Foundation's ISO 8601 style loses milliseconds in about half of such round trips; ours must keep all.
    @Test func millisecondStringsSurviveDecodeAndEncode() throws {
        var generator = SeededGenerator(seed: 20_121_023)
        // 0001-01-01 to 9999-12-31 in milliseconds since 1970.
        let range: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999
        var failures: [String] = []
        for _ in 0..<50_000 {
            let milliseconds = Int64.random(in: range, using: &generator)
            let text = RFC3339.string(fromMilliseconds: milliseconds)
            guard let date = RFC3339.date(from: text) else {
                failures.append("\(text) did not parse")
                continue
            }
            let again = RFC3339.string(from: date)
            if again != text { failures.append("\(text) became \(again)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func recentMillisecondsSurviveAFeedRoundTrip() throws {
        var generator = SeededGenerator(seed: 7)
        var items: [Item] = []
        for index in 0..<10_000 {
            let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &generator)
            let text = RFC3339.string(fromMilliseconds: milliseconds)
            var item = Item(id: String(index), contentText: "x")
            item.datePublished = RFC3339.date(from: text)
            items.append(item)
            #expect(item.datePublished.map { RFC3339.string(from: $0) } == text)
        }
        let feed = Feed(title: "dates", items: items)
        let decoded = try FeedDecoder().decode(from: FeedEncoder().encode(feed))
        #expect(decoded == feed)
    }

    @Test func agreesWithCivilCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<2_000 {
            let days = Int.random(in: -50_000...100_000, using: &generator)
            let (year, month, day) = RFC3339.civilFromDays(days)
            #expect(RFC3339.daysFromCivil(year: year, month: month, day: day) == days)
            let components = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect(components.year == year && components.month == month && components.day == day)
        }
    }
}
