import Foundation
import JSONFeed
import Testing
import Yams

@testable import BlogCore

@Suite struct FrontMatterTests {
    func read(_ text: String, kind: Post.Kind = .post, zone: TimeZone = berlin) -> (Post?, [String]) {
        let (post, diagnostics) = FrontMatter.read(
            text, file: "content/posts/x.md", kind: kind, defaultSlug: "x", timeZone: zone)
        return (post, diagnostics.map(\.description))
    }

    @Test func aPostsLanguageIsATag() {
        let (post, diagnostics) = read("---\ntitle: T\nlanguage: fr_CA\ndate: 2024-01-01\n---\nBody.\n")
        #expect(post?.language == "fr-CA")
        #expect(
            diagnostics == [
                #"content/posts/x.md:3:11: warning: 'language' "fr_CA" is read as "fr-CA": language tags separate their parts with '-'"#
            ])
        let (bad, errors) = read("---\ntitle: T\nlanguage: Français\ndate: 2024-01-01\n---\nBody.\n")
        #expect(bad?.language == nil)
        #expect(
            errors == [
                #"content/posts/x.md:3:11: error: 'language' must be a language tag such as en or en-GB, got "Français""#
            ])
    }

    @Test func mapsEveryKey() throws {
        let (post, diagnostics) = read(
            """
            ---
            title: "Hello: world"
            date: 2024-05-01T09:30:00.250+02:00
            updated: 2024-05-02
            slug: custom-slug
            summary: Short.
            tags: [a, "b c"]
            image: cover.png
            banner_image: https://e.org/banner.png
            authors: [Ada, {name: Grace, url: "https://g.example"}]
            external_url: https://elsewhere.example
            language: de
            draft: true
            attachments:
              - {url: a.mp3, mime_type: audio/mpeg, title: Ep, size_in_bytes: 12, duration_in_seconds: 1.5}
            _ext: {n: 1, f: 2.5, s: "x", b: true, l: [1, two], z: null}
            ---
            Body
            """)
        #expect(diagnostics.isEmpty)
        let value = try #require(post)
        #expect(value.title == "Hello: world")
        #expect(value.date.map { RFC3339.string(from: $0) } == "2024-05-01T07:30:00.250Z")
        #expect(value.updated.map { RFC3339.string(from: $0) } == "2024-05-01T22:00:00.000Z")
        #expect(value.slug == "custom-slug")
        #expect(value.summary == "Short.")
        #expect(value.tags == ["a", "b c"])
        #expect(value.image == "cover.png")
        #expect(value.bannerImage == "https://e.org/banner.png")
        #expect(value.authors == [.init(name: "Ada"), .init(name: "Grace", url: "https://g.example")])
        #expect(value.externalURL == "https://elsewhere.example")
        #expect(value.language == "de")
        #expect(value.isDraft)
        #expect(
            value.attachments == [
                Attachment(url: "a.mp3", mimeType: "audio/mpeg", title: "Ep", sizeInBytes: 12, durationInSeconds: 1.5)
            ])
        #expect(value.extensions["_ext"]?.serialized() == #"{"n":1,"f":2.5,"s":"x","b":true,"l":[1,"two"],"z":null}"#)
        #expect(value.body == "Body")
        #expect(value.bodyFirstLine == 18)
    }

    /// JSON Feed requires an attachment's `mime_type`: a missing one comes from the extension, or is a warning.
    @Test func attachmentTypeComesFromTheExtension() throws {
        let (post, diagnostics) = read(
            """
            ---
            title: T
            date: 2024-05-01
            attachments:
              - url: episodes/one.MP3?download=1
              - {url: notes.txt, mime_type: text/x-notes}
              - url: data.xyz
              - url: https://e.org/file
            ---
            """)
        #expect(try #require(post).attachments.map(\.mimeType) == ["audio/mpeg", "text/x-notes", nil, nil])
        #expect(
            diagnostics == [
                #"content/posts/x.md:7:5: warning: the attachment "data.xyz" needs a 'mime_type', such as 'mime_type: audio/mpeg'; none is known for its extension"#,
                #"content/posts/x.md:8:5: warning: the attachment "https://e.org/file" needs a 'mime_type', such as 'mime_type: audio/mpeg'; none is known for its extension"#,
            ])
        #expect(MediaType.forFile(named: ".hidden") == nil)
        #expect(MediaType.forFile(named: "a.tar.gz#x") == nil)
        #expect(MediaType.forFile(named: "/posts/a/photo.JPEG#top") == "image/jpeg")
    }

    @Test(arguments: [
        ("2024-05-01T09:30:00+02:00", "2024-05-01T07:30:00.000Z"),
        ("2024-05-01T09:30:00Z", "2024-05-01T09:30:00.000Z"),
        ("2024-05-01 09:30:00 +02:00", "2024-05-01T07:30:00.000Z"),
        ("2024-05-01", "2024-04-30T22:00:00.000Z"),
        ("2024-01-01", "2023-12-31T23:00:00.000Z"),
        ("2024-05-01 09:30", "2024-05-01T07:30:00.000Z"),
        ("2024-05-01T09:30:15.5", "2024-05-01T07:30:15.500Z"),
        ("2024-03-31 02:30", "2024-03-31T01:30:00.000Z"),
        ("2024-05-01 09:30:00 Z", "2024-05-01T09:30:00.000Z"),
        ("2024-05-01 09:30:00.25 -01:30", "2024-05-01T11:00:00.250Z"),
        ("2024-05-01T09:30:00 +02:00", "2024-05-01T07:30:00.000Z"),
        // As Jekyll and Hugo read them: offsets without a colon or with hours only, no seconds, lower case,
        // single-digit month, day and hour, tabs.
        ("2015-12-03 10:00:00 -0400", "2015-12-03T14:00:00.000Z"),
        ("2015-12-03 23:30:00 -0400", "2015-12-04T03:30:00.000Z"),
        ("2024-05-01T09:30:00+2", "2024-05-01T07:30:00.000Z"),
        ("2024-05-01 09:30 +02:00", "2024-05-01T07:30:00.000Z"),
        ("2024-05-01t09:30:00z", "2024-05-01T09:30:00.000Z"),
        ("2024-5-1 9:30:00 +0530", "2024-05-01T04:00:00.000Z"),
        ("2024-05-01\t09:30:00.123456789Z", "2024-05-01T09:30:00.123Z"),
    ])
    func datesWithoutOffsetUseSiteTimeZone(_ text: String, _ expected: String) throws {
        let date = try #require(FrontMatterDate.parse(text, timeZone: berlin))
        #expect(RFC3339.string(from: date) == expected)
    }

    @Test(arguments: [
        "yesterday", "2023-02-29", "2024-13-01", "2024-05-01T25:00", "01/05/2024", "2024-05-01T09:30:00+24",
        "2024-05-01 09:30 +02:60", "2024-05-01 09:30:00 +02:00 Z", "2024-05-01T", "2024-05-01 9:3", "２０２４-05-01",
        "2024-05-01 09:30:00 +02:00\u{301}",
    ])
    func impossibleDatesAreRefused(_ text: String) {
        #expect(FrontMatterDate.parse(text, timeZone: berlin) == nil)
    }

    @Test(arguments: [
        (
            "---\ntitle: T\ndate: yesterday\n---\n",
            #"content/posts/x.md:3:7: error: 'date' must be a date-time such as 2024-05-01T09:30:00+02:00, got "yesterday""#
        ),
        (
            "---\ndate: 2024-01-01\n---\n",
            "content/posts/x.md:2:1: error: missing required key 'title' such as 'title: Hello, world'"
        ),
        (
            "---\ntitle: T\n---\n",
            "content/posts/x.md:2:1: error: missing required key 'date' such as 'date: 2024-05-01T09:30:00+02:00'"
        ),
        ("---\ntitle: [a]\ndate: 2024-01-01\n---\n", "content/posts/x.md:2:8: error: 'title' must be text, got a list"),
        (
            "---\ntitle: T\ndate: 2024-01-01\ntags: {a: 1}\n---\n",
            "content/posts/x.md:4:7: error: 'tags' must be a list such as [swift, web], got a mapping"
        ),
        (
            "---\ntitle: T\ndate: 2024-01-01\ntags: [\((0...100).map { "t\($0)" }.joined(separator: ", "))]\n---\n",
            "content/posts/x.md:4:7: error: 'tags' may hold at most 100 tags, got 101"
        ),
        (
            "---\ntitle: T\ndate: 2024-01-01\ndraft: maybe\n---\n",
            "content/posts/x.md:4:8: error: 'draft' must be true or false, got \"maybe\""
        ),
        ("---\ntitle: \"  \"\ndate: 2024-01-01\n---\n", "content/posts/x.md:2:8: error: 'title' must not be empty"),
        (
            "---\ntitle: T\ndate: 2024-01-01\nslug: ../etc\n---\n",
            "content/posts/x.md:4:7: error: 'slug' must not contain '/' or '\\', got \"../etc\""
        ),
        (
            "---\ntitle: T\ndate: 2024-01-01\ntag: x\n---\n",
            "content/posts/x.md:4:1: warning: unknown front matter key 'tag'; did you mean 'tags'?"
        ),
        (
            "---\ntitle: T\n",
            "content/posts/x.md:1:1: error: front matter is not closed; expected a line '---' after the YAML"
        ),
        (
            "---\n- a\n- b\n---\n",
            "content/posts/x.md:2:1: error: front matter must be a mapping of keys to values such as 'title: Hello'"
        ),
        (
            "---\ntitle: T\ntitle: U\ndate: 2024-01-01\n---\n",
            "content/posts/x.md:2:1: error: duplicate key 'title'; each key may appear once"
        ),
        (
            "---\ntitle: \"open\ndate: 2024-01-01\n---\n",
            "content/posts/x.md:4:1: error: invalid YAML: while scanning a quoted scalar found unexpected end of stream"
        ),
    ])
    func mistakesGiveExactMessages(_ text: String, _ message: String) {
        let (_, diagnostics) = read(text)
        #expect(diagnostics.contains(message), "\(diagnostics)")
    }

    @Test func jekyllAndHugoKeysAreRead() throws {
        let (post, diagnostics) = read(
            """
            ---
            layout: post
            title: T
            date: 2015-12-03 23:30:00 -0400
            last_modified_at: 2016-01-01
            categories: Swift web
            tags: [a]
            excerpt: The excerpt.
            author: Ada
            redirect_from: [/old/, old.html]
            aliases: /older/
            url: /2015/t.html
            ---
            Body
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let value = try #require(post)
        #expect(value.categories == ["Swift", "web"])
        #expect(value.tags == ["a", "Swift", "web"])
        #expect(value.summary == "The excerpt.")
        #expect(value.authors?.map(\.name) == ["Ada"])
        #expect(value.aliases == ["/older/", "/old/", "/old.html"])
        #expect(value.permalink == "/2015/t.html")
        #expect(value.dateOffset == -4 * 3600)
        #expect(value.updated.map { RFC3339.string(from: $0) } == "2015-12-31T23:00:00.000Z")
        #expect(!value.isDraft)
        #expect(read("---\ntitle: T\ndate: 2020-01-01\npublished: false\n---\n").0?.isDraft == true)
        #expect(
            read("---\ntitle: T\ndate: 2020-01-01\nurl: no-slash\n---\n").1.first?.contains(
                "'url' must be a path from the site's root") == true)
    }

    @Test func aJekyllFileNameGivesTheDateFrontMatterLacks() throws {
        let (post, diagnostics) = FrontMatter.read(
            "---\ntitle: T\n---\nx\n", file: "content/posts/2019-03-25-t.md", kind: .post,
            defaultSlug: "t", timeZone: berlin, fileName: "2019-03-25-t")
        #expect(diagnostics.isEmpty)
        #expect(post?.date.map { RFC3339.string(from: $0) } == "2019-03-24T23:00:00.000Z")
        let missing = FrontMatter.read(
            "---\ntitle: T\n---\nx\n", file: "content/posts/t.md", kind: .post, defaultSlug: "t", timeZone: berlin,
            fileName: "t")
        #expect(missing.0 == nil)
    }

    @Test func byteOrderMarkAndCRLFJustWork() throws {
        let (post, diagnostics) = read(
            "\u{FEFF}---\r\ntitle: T\r\ndate: 2024-01-01T00:00:00Z\r\n---\r\nLine one\r\nLine two\r\n")
        #expect(diagnostics.isEmpty)
        #expect(post?.body == "Line one\nLine two\n")
    }

    @Test func pagesNeedNoDate() {
        let (post, diagnostics) = read("---\ntitle: About\n---\nHi\n", kind: .page)
        #expect(diagnostics.isEmpty)
        #expect(post?.date == nil)
        let routes = Routes(configuration: try! SiteConfiguration.load(from: "title: T\nbase_url: https://e.org/\n").0)
        #expect(post.map(routes.folder(of:)) == "x/")
    }

    @Test(arguments: [
        ("Hello, World!", "hello-world"), ("Café au lait", "cafe-au-lait"), ("Straße & Ærø", "strasse-aero"),
        ("日本語のタイトル", "日本語のタイトル"), ("Привет, мир", "привет-мир"), ("नमस्ते दुनिया", "नमस्ते-दुनिया"),
        ("  --  ", "untitled"), ("🎉🎉", "untitled"), ("Swift 6.0 — what's new?", "swift-6-0-what-s-new"),
        ("Ça va ?", "ca-va"),
    ])
    func slugsKeepLettersOfEveryScript(_ title: String, _ slug: String) {
        #expect(Slug.make(from: title) == slug)
    }

    /// ASCII takes a faster path than other text; both must give the same slug for every ASCII input.
    @Test func asciiSlugsMatchTheGeneralRule() {
        let printable = (32..<127).map { Character(Unicode.Scalar(UInt8($0))) }
        var checked = 0
        for first in printable {
            for second in printable {
                let text = "\(first)A\(second)b9 \(second)-"
                #expect(Slug.make(from: text) == Slug.makeByScalars(from: text), "\(text)")
                checked += 1
            }
        }
        for text in ["", "  ", "--", "\t\n", "Hello, World!", "UPPER lower 123", "a_b.c~d"] {
            #expect(Slug.make(from: text) == Slug.makeByScalars(from: text), "\(text)")
        }
        #expect(checked == 95 * 95)
    }

    @Test func fileNamesLoseTheirDatePrefix() {
        #expect(ContentLoader.defaultSlug(forName: "2024-05-01-hello-world") == "hello-world")
        #expect(ContentLoader.defaultSlug(forName: "hello") == "hello")
        #expect(ContentLoader.defaultSlug(forName: "2024-05-01") == "2024-05-01")
        #expect(ContentLoader.defaultSlug(forName: "2024-05-01-") == "2024-05-01")
        #expect(ContentLoader.defaultSlug(forName: "2024-05-01-X") == "x")
        #expect(ContentLoader.defaultSlug(forName: "2024-5-01-hello") == "2024-5-01-hello")
        #expect(ContentLoader.defaultSlug(forName: "2024-05-01_hello") == "2024-05-01-hello")
        #expect(ContentLoader.defaultSlug(forName: "abcd-05-01-hello") == "abcd-05-01-hello")
        // Names with other scripts take the Character path, where digits of any script count after the year.
        #expect(ContentLoader.defaultSlug(forName: "2024-05-01-café") == "cafe")
        #expect(ContentLoader.defaultSlug(forName: "2024-٠٥-٠١-سلام") == "سلام")
        #expect(ContentLoader.defaultSlug(forName: "٢٠٢٤-05-01-x") == "٢٠٢٤-05-01-x")
    }

    @Test func invalidUTF8OffsetIsFound() {
        #expect(ContentLoader.firstInvalidUTF8Offset(Data([0x61, 0x62, 0xC3, 0xA9, 0xFF, 0x61])) == 4)
        #expect(ContentLoader.firstInvalidUTF8Offset(Data([0x61, 0xE2, 0x82])) == 1)
    }

    /// Values read the same through our rule-less resolver as through Yams' default one: fields are read
    /// from a scalar's text, never from a resolved tag.
    @Test func valuesReadAsWithYamsDefaultResolver() throws {
        let scalars = [
            "title", "date", "tags", "draft", "_extension", "Café", "日本語のタイトル", "Заметки", "hello world", "tag01",
            "yes man",
            "yes", "Yes", "YES", "no", "No", "NO", "y", "n", "Y", "N", "true", "True", "TRUE", "false", "False",
            "FALSE", "on", "On",
            "ON", "off", "Off", "OFF", "tRUE", "nULL", "~", "null", "Null", "NULL", "\"\"", "0", "017", "0o17", "0b101",
            "0x1F", "+12",
            "-7", "1_000", "1:30", "190:20:30", "-3.5", "3.", ".5", "1e3", "1.5e-3", ".inf", "-.Inf", "+.INF", ".nan",
            ".NaN", ".NAN",
            "2024-05-01", "2024-5-1 9:30:00", "2024-05-01T09:30:00.5+02:00", "2024-05-01 09:30", "<<", "=", "-", "+",
            ".", "~x", "<a>",
            "=b", "!", "@", "%", "&", "*", "|", ">", "'true'", "\"12\"", "!!str true", "!!int 12", "[1, true]",
            "{a: 1}",
        ]
        var compared = 0
        for scalar in scalars {
            let yaml = "key: \(scalar)\n"
            guard let expected = try? Yams.compose(yaml: yaml, .default, YAMLFields.makeConstructor(), .utf8) else {
                continue
            }
            let actual = try #require(
                try Yams.compose(yaml: yaml, YAMLFields.resolver, YAMLFields.makeConstructor(), .utf8))
            let (value, expectedValue) = (
                try #require(actual.mapping?.first?.value), try #require(expected.mapping?.first?.value)
            )
            #expect(YAMLFields.jsonValue(value) == YAMLFields.jsonValue(expectedValue), "\(scalar)")
            #expect(value.bool == expectedValue.bool && value.int == expectedValue.int, "\(scalar)")
            #expect(
                value.float.map { $0.isNaN ? "nan" : "\($0)" }
                    == expectedValue.float.map { $0.isNaN ? "nan" : "\($0)" }, "\(scalar)")
            #expect(YAMLFields.isNull(value) == YAMLFields.isNull(expectedValue), "\(scalar)")
            compared += 1
        }
        #expect(compared > 80)
        // Keys are compared by their text, as fields are looked up: a plain and a quoted `1` are one key.
        let (_, duplicates) = read("---\ntitle: T\n1: a\n\"1\": b\ndate: 2024-01-01\n---\n")
        #expect(duplicates == ["content/posts/x.md:3:1: error: duplicate key '1'; each key may appear once"])
        // Read as the default resolver does: a boolean, a number, null, a date.
        let (post, diagnostics) = read("---\ntitle: Hello\ndate: 2024-05-01\ndraft: true\n_n: 12\n_z: ~\n---\nBody\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(post?.isDraft == true)
        #expect(post?.extensions["_n"] == .number("12"))
        #expect(post?.extensions["_z"] == .null)
    }
}
