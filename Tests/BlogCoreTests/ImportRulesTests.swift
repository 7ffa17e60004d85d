import Foundation
import JSONFeed
import Testing

@testable import BlogCore

/// The rules `blog import` copies from the engines, each row as the engine itself gave it: Jekyll 4.3.1
/// (`{{ page.date | date_to_xmlschema }}` with `timezone: America/New_York`) and Hugo 0.111.3 and 0.168.0
/// (`{{ urlize . }}`, both the same), on small sites made for the purpose.
@Suite struct ImportRulesTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test(arguments: [
        // Front matter as written (quotes are YAML's), and what Jekyll dated the post.
        ("January 21, 2022", "2022-01-21T00:00:00-05:00"),
        ("\"January 21, 2022 10:30\"", "2022-01-21T10:30:00-05:00"),
        ("21 Jan 2022", "2022-01-21T00:00:00-05:00"),
        ("2017-09-27 (optional)", "2017-09-27T00:00:00-04:00"),
        ("2019-12-3", "2019-12-03T00:00:00-05:00"),
        // No seconds: YAML leaves it a string, read in the site's zone; with seconds it is a UTC timestamp.
        ("2018-01-15 21:05", "2018-01-15T21:05:00-05:00"),
        ("2018-01-15 21:05:07", "2018-01-15T16:05:07-05:00"),
        ("\"2018-01-15 21:05:07\"", "2018-01-15T21:05:07-05:00"),
        ("2018-01-15 21:05:07 -0500", "2018-01-15T21:05:07-05:00"),
        ("2018-01-15T21:05:07+0100", "2018-01-15T15:05:07-05:00"),
        ("2018-01-15 21:05:07 EDT", "2018-01-15T20:05:07-05:00"),
        ("2018-01-15 21:05 PST", "2018-01-16T00:05:00-05:00"),
        ("2018-01-15", "2018-01-15T00:00:00-05:00"),
        ("\"2018-01-15\"", "2018-01-15T00:00:00-05:00"),
        ("2014-08-19 0:00:00 -0800", "2014-08-19T04:00:00-04:00"),
        ("\"2014-08-19 9:00:00 -0800\"", "2014-08-19T13:00:00-04:00"),
        ("2018-01-15 9pm", "2018-01-15T21:00:00-05:00"),
        ("Mon, 15 Jan 2018 10:00:00 +0000", "2018-01-15T05:00:00-05:00"),
        ("2018/01/15 10:00", "2018-01-15T10:00:00-05:00"),
        ("2018-01-15 10:00:00 UTC", "2018-01-15T05:00:00-05:00"),
        // Time.parse knows few zone names: CEST leaves the time local.
        ("2018-01-15 10:00:00 CEST", "2018-01-15T10:00:00-05:00"),
        ("2018-01-15T10:00:00.5Z", "2018-01-15T05:00:00-05:00"),
        ("2018-01-15 10:00:00 +02", "2018-01-15T03:00:00-05:00"),
        ("2018-01-15 10:00 +02:00", "2018-01-15T03:00:00-05:00"),
        ("Jan 15 2018 10:00 AM", "2018-01-15T10:00:00-05:00"),
        ("\"2021-03-04 05:06:07 Z\"", "2021-03-04T00:06:07-05:00"),
    ])
    func jekyllDatesAreJekyllsInstants(_ written: String, _ jekyll: String) throws {
        let isQuoted = written.hasPrefix("\"")
        let text = isQuoted ? String(written.dropFirst().dropLast()) : written
        let instant = try #require(JekyllDate.instant(text, isPlain: !isQuoted, zone: Self.newYork))
        let expected = try #require(RFC3339.date(from: jekyll))
        // Jekyll shows whole seconds; the instant is compared to the second.
        #expect(instant.timeIntervalSince1970.rounded(.down) == expected.timeIntervalSince1970, "\(written)")
    }

    /// A path from the old site's configuration stays inside the new site, judged by byte: `../\u{301}x` is
    /// one Character `/\u{301}` to a split by Character, but `..` to the file system.
    @Test(arguments: [
        ("static", true), ("a/b/..c", true), ("a/\u{301}b", true), ("../x", false), ("a/../../x", false),
        ("../\u{301}x", false), ("/etc", false),
    ])
    func pathsFromTheOldSiteStayInside(_ path: String, _ inside: Bool) {
        #expect(SiteImport.staysInside(path) == inside)
    }

    @Test func aDateJekyllRefusesIsNil() {
        #expect(JekyllDate.instant("yesterday", isPlain: true, zone: Self.newYork) == nil)
        #expect(JekyllDate.instant("2023-02-30", isPlain: true, zone: Self.newYork) == nil)
    }

    @Test(arguments: [
        ("release-0.9.0-incubating", "Release 0.9.0 Incubating"),
        ("release_1.33.0", "Release_1.33.0"),
        ("the-GIT-parable", "The Git Parable"),
        ("trailing-", "Trailing"),
        ("a--b", "A  B"),
    ])
    func jekyllTitlesFromFileNamesAreTitleizeSlug(_ slug: String, _ title: String) {
        #expect(SiteImport.titleized(slug) == title)
    }

    @Test(arguments: [
        ("Don't Panic: A Guide", "dont-panic-a-guide"),
        ("Hello,  World & Friends!", "hello-world-friends"),
        ("Café Ünïcode straße", "café-ünïcode-straße"),
        ("a - b", "a-b"),
        ("  leading space", "leading-space"),
        ("C# and C++ (2023)", "c#-and-c++-2023"),
        ("100% sure", "100-sure"),
        ("日本語のタイトル", "日本語のタイトル"),
        ("x_y.z~w@v", "x_y.z~w@v"),
        ("Tom's \"quoted\" title", "toms-quoted-title"),
        ("emoji 🎉 party", "emoji-party"),
        ("tab\tsep", "tab-sep"),
        ("under_score--double", "under_score--double"),
        ("ÀÉÎ accents", "àéî-accents"),
        ("Ελληνικά κείμενο", "ελληνικά-κείμενο"),
    ])
    func hugoURLizeIsHugos(_ text: String, _ hugo: String) {
        #expect(HugoURLs.urlize(text) == hugo)
    }

    @Test func hugoFrontMatterAfterBlankLinesAndSpacedDelimitersIsFound() {
        let (text, dropped) = SiteImport.normalizedDelimiters("\n\n+++ \ntitle = \"x\"\n+++  \nbody\n", engine: .hugo)
        #expect(text == "+++\ntitle = \"x\"\n+++\nbody\n")
        #expect(dropped == 2)
        // Jekyll reads front matter only at the very start of the file.
        #expect(SiteImport.normalizedDelimiters("\n---\ntitle: x\n---\n", engine: .jekyll).droppedLines == 0)
    }

    @Test(arguments: [
        ("Intro.\n\n<!--more-->\n\nRest.", "Intro."),
        ("One.\n\nTwo *words*.\n<!--more-->", "One. Two words."),
        ("Lead.\n\n```\ncode <!--more--> here\n```\nAfter.", "Lead."),
        ("No marker at all.", nil),
    ])
    func theSummaryEndsAtTheSeparator(_ body: String, _ summary: String?) throws {
        let renderer = PostRenderer(configuration: try configuration(), pageURLs: [:])
        #expect(try renderer.separatedSummary(of: body) == summary)
    }

    @Test func blogYAMLNamesAnotherSeparatorAndAFrontMatterSummaryWins() throws {
        let yaml = "title: T\nbase_url: https://example.com/\nsummary_separator: \"<!-- cut -->\"\n"
        let renderer = PostRenderer(configuration: try configuration(yaml), pageURLs: [:])
        #expect(try renderer.separatedSummary(of: "Before.\n<!-- cut -->\nAfter.\n<!--more-->") == "Before.")
        let text = "---\ntitle: T\ndate: 2024-05-01T09:30:00Z\nsummary: Mine.\n---\nBefore.\n\n<!-- cut -->\n"
        let (post, _) = FrontMatter.read(
            text, file: "content/posts/t.md", kind: .post, defaultSlug: "t",
            timeZone: .gmt)
        #expect(try renderer.render(try #require(post)).summary == "Mine.")
        let empty = "title: T\nbase_url: https://example.com/\nsummary_separator: \" \"\n"
        #expect(throws: DiagnosticError.self) { try configuration(empty) }
    }

    /// `summary_words:`: whole paragraphs up to the count (Hugo's rules; HugoSummaryTests compares with Hugo), the
    /// first paragraph without it, and a value that is not a count is an error naming the key.
    @Test func summaryWordsEndAtAParagraph() throws {
        let yaml = "title: T\nbase_url: https://example.com/\nsummary_words: 5\n"
        let renderer = PostRenderer(configuration: try configuration(yaml), pageURLs: [:])
        func summary(_ body: String) throws -> String {
            let text = "---\ntitle: T\ndate: 2024-05-01T09:30:00Z\n---\n" + body
            let (post, _) = FrontMatter.read(
                text, file: "content/posts/t.md", kind: .post, defaultSlug: "t", timeZone: .gmt)
            return try renderer.render(try #require(post)).summary
        }
        #expect(try summary("One two.\n\nThree four five six.\n\nSeven.") == "One two. Three four five six.")
        // A tight list has no paragraph end; the cut takes the whole list.
        #expect(try summary("- a1 a2 a3\n- b1 b2 b3\n\nEnd here.\n\nNot this.") == "a1 a2 a3 b1 b2 b3 End here.")
        #expect(try summary("Short.") == "Short.")
        for bad in ["0", "-3", "many", "[1]"] {
            let text = "title: T\nbase_url: https://example.com/\nsummary_words: \(bad)\n"
            #expect(throws: DiagnosticError.self) { try configuration(text) }
        }
    }
}

/// The one count of TOML nesting, before toml++ builds anything: header keys, dotted keys, arrays and inline
/// tables count; dots and brackets in strings, comments and values do not.
@Suite struct TOMLDepthTests {
    static func nested(_ depth: Int) -> String {
        "a = " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + "\n"
    }

    @Test(
        arguments: [
            ("[" + Array(repeating: "a", count: 128).joined(separator: ".") + "]\n", nil),
            ("[" + Array(repeating: "a", count: 129).joined(separator: ".") + "]\n", 1),
            ("[[" + Array(repeating: "a", count: 129).joined(separator: ".") + "]]\n", 1),
            ("x = 1\n" + Array(repeating: "a", count: 130).joined(separator: ".") + " = 1\n", 2),
            (nested(127), nil),
            (nested(129), 1),
            ("a = " + String(repeating: "{b=", count: 129) + "1" + String(repeating: "}", count: 129) + "\n", 1),
            ("a = [" + Array(repeating: "1.5", count: 500).joined(separator: ", ") + "]\n", nil),
            ("a = {" + (0..<200).map { "k\($0).x = 1.5" }.joined(separator: ", ") + "}\n", nil),
            ("a = \"" + String(repeating: "[{.", count: 500) + "\"\n", nil),
            ("a = '''\n" + String(repeating: "[{.\n", count: 500) + "'''\n" + nested(129), 503),
            ("# " + String(repeating: "[{.", count: 500) + "\n", nil),
            ("a = \"\\\"[\"\n" + nested(129), 2),
        ] as [(String, Int?)])
    func nestingIsCountedOnTheText(_ toml: String, line: Int?) {
        #expect(TOMLFrontMatter.placePastMaximumDepth(in: toml)?.line == line)
    }

    /// toml++ asserted (undefined behaviour in a release build) on a header whose key starts with no key's
    /// character; the first is fuzz-import-config's crash, as found in a Hugo configuration.
    @Test(arguments: [
        "  [   = [\"error-remote-getjson\", \"error-missing-instagram-accesstoken\"]\n", "[.a]\n", " [ .a]\n",
        "[[.a]]\n", "[a.=]\n", "[]\nb = 1\n", "  [\n", "[", "[a.", "[#\n", "[\r\n",
    ])
    func aHeaderWithoutAKeyIsRefusedBeforeTOMLKitSeesIt(_ toml: String) {
        #expect(throws: TOMLFrontMatter.SyntaxError.self) { try TOMLFrontMatter.table(from: toml) }
        do {
            _ = try TOMLFrontMatter.table(from: toml)
        } catch {
            #expect(error.line == 1 && error.message == TOMLFrontMatter.emptyHeaderKeyMessage, "\(error)")
        }
    }

    /// fuzz-import-config's fourth crash (`n=["",}`, in a Hugo configuration): toml++ asserted on a `}` where an
    /// array's value belongs.
    @Test(arguments: [
        "n=[\"\",}\n", "a=[}\n", "a=[1,}\n", "a=[ # c\n}\n", "a={b=[}]}\n", "a=[{}, }\n", "a=[[],}\n",
        "x = 1\na = [\n  1,\n  }\n",
    ])
    func aBraceWhereAnArrayValueBelongsIsRefused(_ toml: String) {
        do {
            _ = try TOMLFrontMatter.table(from: toml)
            Issue.record("read \(toml)")
        } catch {
            #expect(error.message == TOMLFrontMatter.braceInArrayMessage, "\(error)")
        }
    }

    /// fuzz-import-front-matter's first crash (`date = 2020-01-02T:3:04:05+01:00c` in Hugo front matter):
    /// toml++ asserted on a date-time's digits.
    @Test(arguments: [
        "date = 2020-01-02T:3:04:05+01:00c\n", "a = 1-2\n", "a = [2020-1-02]\n", "a = {b = 07:3}\n",
        "a = 2020-01-02T03:04:05+1:00\n",
    ])
    func aDateOrTimeNotWrittenAsTOMLWritesThemIsRefused(_ toml: String) {
        do {
            _ = try TOMLFrontMatter.table(from: toml)
            Issue.record("read \(toml)")
        } catch {
            #expect(error.message == TOMLFrontMatter.dateTimeMessage, "\(error)")
        }
    }

    @Test(arguments: [
        "a = 1979-05-27T07:32:00Z\n", "a = 1979-05-27 07:32:00.999-07:00\n", "a = 1979-05-27\n", "a = 07:32:00\n",
        "a = [1e-5, -3, +4.5, 1_000, 0xBEEF, -inf, nan, true]\n", "a = {b = 2020-01-02t03:04:05z}\n",
        "2020-01-02 = 1\n",
    ])
    func datesTimesAndNumbersAreRead(_ toml: String) throws {
        _ = try TOMLFrontMatter.table(from: toml)
    }

    @Test(arguments: [
        "a = [1, 2]\n", "a = [ ]\n", "a = [{b = 1}, {c = [2]}]\n", "a = [\n  1, # one\n  2,\n]\n", "a = {b = [1]}\n",
    ])
    func arraysAndInlineTablesAreRead(_ toml: String) throws {
        _ = try TOMLFrontMatter.table(from: toml)
    }

    @Test(arguments: ["[a]\n", "[ a . b ]\n", "[\"a.b\".'c']\n", "[[a.b]]\n", "[a-b_1]\n"])
    func headersWithKeysAreRead(_ toml: String) throws {
        _ = try TOMLFrontMatter.table(from: toml)
    }
}
