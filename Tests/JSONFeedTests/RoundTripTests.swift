import Foundation
import Testing

@testable import JSONFeed

/// decode(encode(feed)) == feed for generated feeds that use every field, odd strings and extensions.
@Suite struct RoundTripTests {
    static let strings = [
        "", "plain", "quote \" and \\ backslash", "slash / and </script>", "tab\tnew\nline\r",
        "\u{0}\u{1F}control", "émoji 🎉 日本語", "\u{2028}separator", "ümlaut", "https://e.org/x?a=1&b=2",
    ]

    struct Maker {
        var generator: SeededGenerator
        mutating func maybe<T>(_ make: (inout Maker) -> T) -> T? { Bool.random(using: &generator) ? make(&self) : nil }
        mutating func string() -> String { Self.pick(RoundTripTests.strings, &generator) }
        mutating func number() -> Double {
            [0, 1, -1, 0.5, 1e-7, 123_456_789, 6629.25, 1e300, -0.001, 89_970_236][
                Int.random(in: 0..<10, using: &generator)]
        }
        static func pick<T>(_ values: [T], _ generator: inout SeededGenerator) -> T {
            values[Int.random(in: 0..<values.count, using: &generator)]
        }
        mutating func value(depth: Int = 0) -> JSONValue {
            switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2:
                return Self.pick(
                    [
                        JSONValue.number("0"), .number("-12.50"), .number("123456789012345678901234567890"),
                        .number("1e-7"),
                    ], &generator)
            case 3: return .string(string())
            case 4: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth: depth + 1) })
            default:
                return .object(
                    JSONObject(
                        (0..<Int.random(in: 0...3, using: &generator)).map { index in
                            .init(key: "k\(index)\(string())", value: value(depth: depth + 1))
                        }))
            }
        }
        mutating func extensions() -> JSONObject {
            JSONObject((0..<Int.random(in: 0...2, using: &generator)).map { .init(key: "_ext\($0)", value: value()) })
        }
        mutating func author() -> Author {
            Author(
                name: maybe { $0.string() }, url: maybe { $0.string() }, avatar: maybe { $0.string() },
                extensions: extensions())
        }
        mutating func item(_ index: Int) -> Item {
            var item = Item(
                id: string() + String(index), url: maybe { $0.string() }, externalURL: maybe { $0.string() },
                title: maybe { $0.string() }, contentHTML: string(), contentText: maybe { $0.string() },
                summary: maybe { $0.string() }, image: maybe { $0.string() }, bannerImage: maybe { $0.string() },
                authors: maybe { m in (0..<2).map { _ in m.author() } }, tags: maybe { m in [m.string(), m.string()] },
                language: maybe { $0.string() },
                attachments: maybe { m in
                    [
                        Attachment(
                            url: m.string(), mimeType: m.maybe { $0.string() }, title: m.maybe { $0.string() },
                            sizeInBytes: m.maybe { $0.number() }, durationInSeconds: m.maybe { $0.number() },
                            extensions: m.extensions())
                    ]
                },
                extensions: extensions()
            )
            item.datePublished = maybe { m in
                Date(
                    timeIntervalSince1970: Double(
                        Int64.random(in: -10_000_000_000...10_000_000_000, using: &m.generator)) / 1000 * 1000.0007)
            }
            item.dateModified = maybe { m in
                Date(timeIntervalSince1970: Double.random(in: 0...2e9, using: &m.generator))
            }
            return item
        }
        mutating func feed() -> Feed {
            Feed(
                title: string(), homePageURL: maybe { $0.string() }, feedURL: maybe { $0.string() },
                description: maybe { $0.string() }, userComment: maybe { $0.string() }, nextURL: maybe { $0.string() },
                icon: maybe { $0.string() }, favicon: maybe { $0.string() }, authors: maybe { m in [m.author()] },
                language: maybe { $0.string() }, expired: maybe { Bool.random(using: &$0.generator) },
                hubs: maybe { m in [Hub(type: m.string(), url: m.string(), extensions: m.extensions())] },
                items: (0..<Int.random(in: 0...4, using: &generator)).map { item($0) }, extensions: extensions()
            )
        }
    }

    @Test func generatedFeedsSurviveEncodeThenDecode() throws {
        var maker = Maker(generator: SeededGenerator(seed: 1_337))
        for _ in 0..<2_000 {
            let feed = maker.feed()
            for pretty in [false, true] {
                let data = try FeedEncoder(prettyPrinted: pretty).encode(feed)
                let decoded = try FeedDecoder().decode(from: data)
                #expect(decoded == feed)
                #expect(try FeedEncoder(prettyPrinted: pretty).encode(decoded) == data)
            }
        }
    }

    /// Items encoded on their own and placed in a feed give the bytes of the feed encoded whole.
    @Test func itemsEncodedAloneSpliceIntoTheSameBytes() throws {
        var maker = Maker(generator: SeededGenerator(seed: 4_242))
        for _ in 0..<1_000 {
            let feed = maker.feed()
            for pretty in [false, true] {
                let encoder = FeedEncoder(prettyPrinted: pretty)
                let items = try feed.items.map { item throws(FeedEncodingError) in try encoder.encodedItem(item) }
                #expect(try encoder.encode(feed, items: items) == encoder.encode(feed))
                #expect(try items.map { encoded throws(FeedDecodingError) in try encoded.item() } == feed.items)
            }
        }
    }

    @Test(arguments: [
        ("12345678901234567890123", "12345678901234567890123"), ("-7", "-7"), ("0", "0"), ("1.50", "1.5"),
        ("1e2", "100"), ("2.5E-3", "0.0025"), ("1e-7", "1e-7"), ("1.7976931348623157e308", "1.7976931348623157e+308"),
    ])
    func numericIDsBecomeStrings(_ literal: String, _ expected: String) throws {
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":\#(literal),"content_text":"x"}]}"#
        let feed = try FeedDecoder().decode(from: Data(json.utf8))
        #expect(feed.items.first?.id == expected)
    }

    @Test func unknownKeysAreDroppedAndWarnedAbout() throws {
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","title":"t","home_page_url":"https://e.org/","feed_url":"https://e.org/f.json","colour":"red","items":[]}"#
        let feed = try FeedDecoder().decode(from: Data(json.utf8))
        #expect(feed.extensions.isEmpty)
        #expect(
            FeedValidator.validate(Data(json.utf8)) == [
                FeedProblem(
                    severity: .warning, path: "colour", rule: "KEY-UNKNOWN",
                    message: #"unknown key "colour" is ignored; custom keys must begin with "_""#)
            ])
    }

    @Test func parserRejectsMalformedJSON() throws {
        for text in [
            "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "\"\\x\"", "\"\u{1}\"", "tru", "{} {}", "\"\\ud800\"",
            "[" + String(repeating: "[", count: 600) + "]",
        ] {
            #expect(throws: JSONSyntaxError.self, "\(text.prefix(20))") { try JSONValue(parsing: Array(text.utf8)) }
        }
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: [0x22, 0xFF, 0x22]) }
        #expect(
            try JSONValue(parsing: Array("\u{FEFF}{\"a\":\"\\ud83c\\udf89\\/\"}".utf8)) == .object(["a": .string("🎉/")])
        )
    }
}
