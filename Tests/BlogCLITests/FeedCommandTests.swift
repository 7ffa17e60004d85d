import Foundation
import Testing

@Suite struct FeedCommandTests {
    static let feeds = repositoryRoot.appending(path: "Tests/JSONFeedTests/Fixtures")

    @Test func validateReportsEveryProblemAndFails() throws {
        let file = Self.feeds.appending(path: "invalid/several-errors.json").path
        let result = try runBlog(["feed", "validate", file])
        #expect(result.status == 1)
        #expect(result.stdout == """
            \(file): $: error: missing required key "title"
            \(file): $: warning: no "home_page_url"; the spec strongly recommends it
            \(file): $: warning: no "feed_url"; the spec strongly recommends it
            \(file): items[0]: error: missing required key "id"
            \(file): items[0]: warning: no "url"; readers cannot link to the item
            \(file): items[0].content_html: error: expected a string, got 5

            """)
        #expect(result.stderr == "1 file checked: 3 errors, 3 warnings\n")
    }

    @Test func validFeedPassesAndStrictFailsOnWarnings() throws {
        let clean = Self.feeds.appending(path: "valid/full-1.1.json").path
        let numeric = Self.feeds.appending(path: "valid/v1-author-numeric-ids.json").path
        let result = try runBlog(["feed", "validate", clean, numeric])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 3)
        #expect(result.stdout.hasPrefix("\(numeric): items[0].id: warning: the id is a number;"))
        #expect(try runBlog(["feed", "validate", "--strict", clean]).status == 0)
        #expect(try runBlog(["feed", "validate", "--strict", numeric]).status == 1)
    }

    @Test func validateReadsStandardInputAndPrintsJSON() throws {
        let result = try runBlog(["feed", "validate", "--json", "-"], input: #"{"version":"https://jsonfeed.org/version/1.1","title":"t","home_page_url":"https://e.org/","feed_url":"https://e.org/f.json","items":[{"id":"1","url":"https://e.org/1","content_text":"x","date_published":"yesterday"}]}"#)
        #expect(result.status == 1)
        let problems = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]])
        #expect(problems == [[
            "file": "-", "path": "items[0].date_published", "severity": "error", "rule": "ITEM-DATE",
            "message": #"expected an RFC 3339 date-time, got "yesterday""#,
        ]])
    }

    @Test func syntaxErrorsAreCompilerStyle() throws {
        let file = Self.feeds.appending(path: "invalid/not-json.json").path
        let result = try runBlog(["feed", "validate", file])
        #expect(result.status == 1)
        #expect(result.stdout == "\(file):3:13: error: invalid JSON: expected a value, found '}'\n")
    }

    @Test func formatUpgradesToCanonical1_1() throws {
        let file = Self.feeds.appending(path: "valid/v1-author-numeric-ids.json").path
        let result = try runBlog(["feed", "format", file])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("""
            {
              "version": "https://jsonfeed.org/version/1.1",
              "title": "Version 1 with numbers",
              "home_page_url": "https://example.org/",
              "feed_url": "https://example.org/feed.json",
              "author": {
                "name": "Legacy Author"
              },
              "authors": [
            """))
        #expect(result.stdout.contains(#""id": "12345678901234567890","#))
        #expect(result.stdout.contains(#""date_published": "2017-05-17T15:02:12.000Z","#))
        let again = try runBlog(["feed", "format", "-"], input: result.stdout)
        #expect(again.stdout == result.stdout)
    }

    @Test func formatFailsLikeValidate() throws {
        let file = Self.feeds.appending(path: "invalid/date-only.json").path
        let result = try runBlog(["feed", "format", file])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(file): items[0].date_published: error: expected an RFC 3339 date-time, got \"2024-01-01\"\n")
    }
}
