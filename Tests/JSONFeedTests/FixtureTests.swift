import Foundation
import Testing

@testable import JSONFeed

@Suite struct FixtureTests {
    /// Each invalid fixture with the exact error text the decoder must give.
    static let invalid: [(String, String)] = [
        ("missing-version", #"$: missing required key "version""#),
        ("version-not-string", #"version: expected a string, got 1.1"#),
        ("missing-title", #"$: missing required key "title""#),
        ("title-is-number", #"title: expected a string, got 42"#),
        ("missing-items", #"$: missing required key "items""#),
        ("items-not-array", #"items: expected an array of items, got an object"#),
        ("item-without-id", #"items[1]: missing required key "id""#),
        ("item-id-boolean", #"items[0].id: expected a string (or a number), got false"#),
        ("item-without-content", #"items[0]: missing "content_html" or "content_text"; an item needs at least one"#),
        ("date-february-30", #"items[7].date_published: expected an RFC 3339 date-time, got "2024-02-30T10:00:00Z""#),
        ("date-without-offset", #"items[0].date_modified: expected an RFC 3339 date-time, got "2024-01-01T10:00:00""#),
        ("date-only", #"items[0].date_published: expected an RFC 3339 date-time, got "2024-01-01""#),
        ("attachment-without-url", #"items[3].attachments[0]: missing required key "url""#),
        ("size-not-number", #"items[0].attachments[0].size_in_bytes: expected a number, got "12""#),
        ("hub-without-url", #"hubs[0]: missing required key "url""#),
        ("tags-not-strings", #"items[0].tags[1]: expected a string tag, got 7"#),
        ("expired-not-bool", #"expired: expected true or false, got "yes""#),
        ("authors-not-array", #"authors: expected an array, got an object"#),
        ("url-is-null", #"items[0].url: expected a string, got null"#),
        ("not-json", "3:13: invalid JSON: expected a value, found '}'"),
        (
            "several-errors",
            """
            $: missing required key "title"
            items[0]: missing required key "id"
            items[0].content_html: expected a string, got 5
            """
        ),
    ]

    @Test(arguments: invalid)
    func invalidFeedGivesExactError(_ name: String, _ message: String) throws {
        let data = try fixture("invalid/\(name).json")
        do {
            _ = try FeedDecoder().decode(from: data)
            Issue.record("\(name) decoded")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func everyInvalidFixtureIsListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixturesRoot.appending(path: "invalid").path)
        #expect(Set(names.map { String($0.dropLast(5)) }) == Set(Self.invalid.map(\.0)))
    }

    @Test func fullFeedDecodesEveryField() throws {
        let feed = try FeedDecoder().decode(from: fixture("valid/full-1.1.json"))
        #expect(feed.version == Feed.version1_1)
        #expect(feed.title == "Every Field")
        #expect(feed.homePageURL == "https://example.org/")
        #expect(feed.feedURL == "https://example.org/feed.json")
        #expect(feed.description == "A feed that uses every field of JSON Feed 1.1.")
        #expect(feed.userComment == "Fixture written for the JSONFeed tests.")
        #expect(feed.nextURL == "https://example.org/feed-2.json")
        #expect(feed.icon == "https://example.org/icon.png")
        #expect(feed.favicon == "https://example.org/favicon.ico")
        #expect(feed.authors?.map(\.name) == ["Ada", "Grace"])
        #expect(feed.authors?[1].extensions["_pronouns"] == .string("she/her"))
        #expect(feed.language == "en-GB")
        #expect(feed.expired == false)
        #expect(
            feed.hubs == [
                Hub(type: "WebSub", url: "https://hub.example.org/", extensions: ["_lease": .number("86400")])
            ])
        #expect(feed.extensions.keys == ["_rss"])
        let item = try #require(feed.items.first)
        #expect(item.id == "https://example.org/posts/first/")
        #expect(item.url == "https://example.org/posts/first/")
        #expect(item.externalURL == "https://elsewhere.example.com/story")
        #expect(item.title == "First \"quoted\" post")
        #expect(item.contentHTML == "<p>Hello / world</p>")
        #expect(item.contentText == "Hello / world")
        #expect(item.summary == "Hello")
        #expect(item.image == "https://example.org/first.jpg")
        #expect(item.bannerImage == "https://example.org/first-banner.jpg")
        #expect(item.datePublished == Date(timeIntervalSince1970: 1_332_527_143.511))
        #expect(item.dateModified.map(RFC3339.milliseconds(from:)) == 1_709_251_199_999)
        #expect(item.authors == [Author(name: "Ada")])
        #expect(item.tags == ["swift", "json feed", "日本語"])
        #expect(item.language == "en")
        let attachment = try #require(item.attachments?.first)
        #expect(attachment.url == "https://example.org/episode.mp3")
        #expect(attachment.mimeType == "audio/mpeg")
        #expect(attachment.title == "Episode")
        #expect(attachment.sizeInBytes == 89_970_236)
        #expect(attachment.durationInSeconds == 6629.5)
        #expect(item.extensions["_big"] == .number("123456789012345678901234567890"))
        // Valid to the letter; the fractional duration is the one thing readers may trip on.
        let problems = FeedValidator.validate(try fixture("valid/full-1.1.json"))
        #expect(
            problems.map(\.rule) == ["ATT-NUMBER"] && problems.allSatisfy { $0.severity == .warning }, "\(problems)")
    }

    /// A caller that parses a feed once for its own ends gets the problems the bytes get: every rule's
    /// fixture, the valid and the invalid ones.
    @Test(arguments: ["rules", "valid", "invalid"])
    func aParsedFeedHasTheProblemsOfItsBytes(_ folder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixturesRoot.appending(path: folder).path)
        for name in names.sorted() where name.hasSuffix(".json") {
            let data = try fixture("\(folder)/\(name)")
            guard let value = try? JSONValue(parsing: data) else { continue }
            #expect(FeedValidator.validate(value) == FeedValidator.validate(data), "\(folder)/\(name)")
        }
    }

    /// A feed validated item by item, each item apart from the feed, has the problems of the whole: every
    /// rule's fixture, the valid and the invalid ones, and a feed that repeats an item and its id.
    @Test(arguments: ["rules", "valid", "invalid"])
    func aFeedValidatedItemByItemHasTheProblemsOfTheWhole(_ folder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixturesRoot.appending(path: folder).path)
        var compared = 0
        for name in names.sorted() where name.hasSuffix(".json") {
            guard case .object(var feed)? = try? JSONValue(parsing: try fixture("\(folder)/\(name)")),
                case .array(let items)? = feed["items"]
            else { continue }
            let version: String? = if case .string(let version)? = feed["version"] { version } else { nil }
            for repeated in [items, items + items.prefix(1)] {
                feed["items"] = .array(repeated)
                let whole = FeedValidator.validate(.object(feed))
                feed["items"] = .array([])
                let reports = repeated.map { FeedValidator.validate(item: $0, version: version) }
                #expect(FeedValidator.validate(.object(feed), items: reports) == whole, "\(folder)/\(name)")
            }
            compared += 1
        }
        #expect(compared > 0)
    }

    @Test func fullFeedReencodesToTheSameBytes() throws {
        let data = try fixture("valid/full-1.1.json")
        let encoded = try FeedEncoder(prettyPrinted: true).encode(try FeedDecoder().decode(from: data))
        // The fixture is in canonical order, so only layout may differ: compare parsed trees.
        #expect(try JSONValue(parsing: encoded) == JSONValue(parsing: data))
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.contains(#""content_html": "<p>Hello / world</p>""#))
        #expect(text.contains(#""date_published": "2012-03-23T18:25:43.511Z""#))
        #expect(text.contains(#""_big": 123456789012345678901234567890"#))
    }

    @Test func version1FeedIsReadAndUpgraded() throws {
        let data = try fixture("valid/v1-author-numeric-ids.json")
        let feed = try FeedDecoder().decode(from: data)
        #expect(feed.version == Feed.version1)
        #expect(feed.authors == [Author(name: "Legacy Author")])
        #expect(feed.items.map(\.id) == ["12345678901234567890", "1.5", "100"])
        #expect(feed.items[0].authors == [Author(name: "Item Author")])
        #expect(
            feed.items.map { $0.datePublished.map { RFC3339.string(from: $0) } } == [
                "2017-05-17T15:02:12.000Z", "2017-05-17T10:02:12.500Z", "2017-05-17T10:02:12.123Z",
            ])
        let warnings = FeedValidator.validate(data)
        #expect(warnings.map(\.rule) == ["ITEM-ID-STRING", "ITEM-ID-STRING", "ITEM-ID-STRING"])
        #expect(warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func encodingIsCanonicalAndDeterministic() throws {
        var item = Item(id: "1", url: "https://example.org/a/b", contentHTML: "<p>a</p>\n", tags: ["x"])
        item.datePublished = Date(timeIntervalSince1970: 0.5)
        item.extensions["_note"] = .object(["k": .array([.bool(true), .null])])
        let feed = Feed(title: "T", authors: [Author(name: "N")], items: [item])
        let compact = String(decoding: try FeedEncoder().encode(feed), as: UTF8.self)
        #expect(
            compact
                == #"{"version":"https://jsonfeed.org/version/1.1","title":"T","author":{"name":"N"},"authors":[{"name":"N"}],"items":[{"id":"1","url":"https://example.org/a/b","content_html":"<p>a</p>\n","date_published":"1970-01-01T00:00:00.500Z","tags":["x"],"_note":{"k":[true,null]}}]}"#
        )
        let pretty = String(
            decoding: try FeedEncoder(prettyPrinted: true, writesLegacyAuthor: false).encode(feed), as: UTF8.self)
        #expect(
            pretty == """
                {
                  "version": "https://jsonfeed.org/version/1.1",
                  "title": "T",
                  "authors": [
                    {
                      "name": "N"
                    }
                  ],
                  "items": [
                    {
                      "id": "1",
                      "url": "https://example.org/a/b",
                      "content_html": "<p>a</p>\\n",
                      "date_published": "1970-01-01T00:00:00.500Z",
                      "tags": [
                        "x"
                      ],
                      "_note": {
                        "k": [
                          true,
                          null
                        ]
                      }
                    }
                  ]
                }

                """)
        #expect(try FeedEncoder().encode(feed) == FeedEncoder().encode(feed))
    }

    @Test func nonFiniteNumberIsAnEncodingError() throws {
        let item = Item(id: "1", contentText: "x", attachments: [Attachment(url: "a.mp3", sizeInBytes: .infinity)])
        #expect(
            throws: FeedEncodingError(
                path: "items[0].attachments[0].size_in_bytes", message: "inf is not a finite number")
        ) {
            try FeedEncoder().encode(Feed(title: "T", items: [item]))
        }
    }

    @Test func codableGoesThroughTheStrictRules() throws {
        let data = try fixture("valid/full-1.1.json")
        let viaCodable = try JSONDecoder().decode(Feed.self, from: data)
        let viaDecoder = try FeedDecoder().decode(from: data)
        #expect(viaCodable.items.first?.datePublished == viaDecoder.items.first?.datePublished)
        #expect(viaCodable.title == viaDecoder.title)
        // A generic decoder sorts extension members; the values are the same.
        #expect(viaCodable.extensions["_rss"] != nil)
        let again = try JSONDecoder().decode(Feed.self, from: JSONEncoder().encode(viaDecoder))
        // Through a generic coder extension members come back sorted by key, and a number beyond 64-bit
        // integers passes as a Double; everything else survives. FeedEncoder/FeedDecoder keep both exactly.
        let bigNumber = try #require(Double("123456789012345678901234567890"))
        let big = try #require(JSONValue.double(bigNumber))
        #expect(
            again.items
                == viaDecoder.items.map { item in
                    var expected = item
                    expected.extensions = JSONObject(item.extensions.members.sorted { $0.key < $1.key })
                    expected.extensions["_big"] = big
                    return expected
                })
        #expect(throws: FeedDecodingError.self) {
            try JSONDecoder().decode(Feed.self, from: fixture("invalid/date-only.json"))
        }
    }

    /// Strings are checked as UTF-8 once for the whole document; a bad byte still names its string.
    @Test func stringsAreReadAsUTF8AndABadByteIsAnError() throws {
        let good = Data(#"{"a": "café 日本 👩‍👩‍👧", "b\u00e9": "x\ny"}"#.utf8)
        #expect(try JSONValue(parsing: good) == .object(["a": .string("café 日本 👩‍👩‍👧"), "bé": .string("x\ny")]))
        let bad = Data(#"{"a": "ok", "b": "x"#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8)
        #expect(throws: JSONSyntaxError(line: 1, column: 18, message: "a string is not valid UTF-8")) {
            try JSONValue(parsing: bad)
        }
    }
}
