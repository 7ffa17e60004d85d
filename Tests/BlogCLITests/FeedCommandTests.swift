import Foundation
import Testing

@Suite struct FeedCommandTests {
    static let feeds = repositoryRoot.appending(path: "Tests/JSONFeedTests/Fixtures")

    @Test func validateReportsEveryProblemAndFails() throws {
        let file = Self.feeds.appending(path: "invalid/several-errors.json").path
        let result = try runBlog(["feed", "validate", file])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
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
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The full fixture with a whole duration: it has nothing to warn about.
        let full = try String(contentsOf: Self.feeds.appending(path: "valid/full-1.1.json"), encoding: .utf8)
        let clean = folder.appending(path: "clean.json").path
        try full.replacingOccurrences(of: "\"duration_in_seconds\": 6629.5", with: "\"duration_in_seconds\": 6629")
            .write(toFile: clean, atomically: true, encoding: .utf8)
        let numeric = Self.feeds.appending(path: "valid/v1-author-numeric-ids.json").path
        let result = try runBlog(["feed", "validate", clean, numeric])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 3, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("\(numeric): items[0].id: warning: the id is a number;"))
        #expect(try runBlog(["feed", "validate", "--strict", clean]).status == 0)
        #expect(try runBlog(["feed", "validate", "--strict", numeric]).status == 1)
    }

    @Test func validateReadsStandardInputAndPrintsJSON() throws {
        let result = try runBlog(
            ["feed", "validate", "--json", "-"],
            input:
                #"{"version":"https://jsonfeed.org/version/1.1","title":"t","home_page_url":"https://e.org/","feed_url":"https://e.org/f.json","items":[{"id":"1","url":"https://e.org/1","content_text":"x","date_published":"yesterday"}]}"#
        )
        #expect(result.status == 1)
        let problems = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]])
        #expect(
            problems == [
                [
                    "file": "-", "path": "items[0].date_published", "severity": "error", "rule": "ITEM-DATE",
                    "message": #"expected an RFC 3339 date-time, got "yesterday""#,
                ]
            ])
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
        #expect(
            result.stdout.hasPrefix(
                """
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
        #expect(
            result.stderr
                == "\(file): items[0].date_published: error: expected an RFC 3339 date-time, got \"2024-01-01\"\n")
    }
}

/// `blog --version` prints the version from its one definition; `feed validate` warns about legal values
/// that readers mishandle.
@Suite struct VersionAndReaderWarningTests {
    @Test func versionIsPrinted() throws {
        let result = try runBlog(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test func fractionalDurationsAndSizesAreWarningsNotErrors() throws {
        let feed =
            #"{"version":"https://jsonfeed.org/version/1.1","title":"t","home_page_url":"https://e.org/","feed_url":"https://e.org/f.json","items":[{"id":"1","url":"https://e.org/1","content_text":"x","attachments":[{"url":"https://e.org/a.mp3","mime_type":"audio/mpeg","duration_in_seconds":61.5,"size_in_bytes":10.5}]}]}"#
        let result = try runBlog(["feed", "validate", "-"], input: feed)
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "items[0].attachments[0].duration_in_seconds: warning: fractional \"duration_in_seconds\" (61.5)"))
        #expect(
            result.stdout.contains(
                "items[0].attachments[0].size_in_bytes: warning: fractional \"size_in_bytes\" (10.5)"))
        #expect(try runBlog(["feed", "validate", "--strict", "-"], input: feed).status == 1)
    }
}

/// `blog feed validate` is bounded on every input: too large a file or stream is refused with the limit,
/// and large or deep feeds are read in time that follows their size.
@Suite struct FeedValidateBoundsTests {
    @Test func aFileOrStreamPastTheLimitIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appending(path: "big.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 33 * 1_048_576)
        try handle.close()
        let file = try runBlog(["feed", "validate", big.path])
        #expect(file.status == 1)
        #expect(file.stderr == "\(big.path): error: the feed is larger than 32 MiB, the most blog reads\n")
        // An endless stream, as from `yes`, ends with the same error instead of filling memory.
        let stream = Process()
        stream.executableURL = URL(filePath: "/bin/sh")
        stream.arguments = ["-c", "yes | \"$0\" feed validate -", blogExecutable.path]
        let errors = Pipe()
        stream.standardError = errors
        stream.standardOutput = FileHandle.nullDevice
        try stream.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        stream.waitUntilExit()
        #expect(stream.terminationStatus == 1)
        #expect(text == "-: error: the feed is larger than 32 MiB, the most blog reads\n")
        let folderResult = try runBlog(["feed", "validate", folder.path])
        #expect(folderResult.stderr == "\(folder.path): error: cannot read (Is a directory)\n")
    }

    /// 100,000 extension keys, 100,000 unknown keys, nesting past the depth limit and a 20 MB string all
    /// validate (or fail) with a message.
    @Test func largeAndDeepFeedsAreReadWithAMessage() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let head =
            #"{"version":"https://jsonfeed.org/version/1.1","title":"t","home_page_url":"https://e.org/","feed_url":"https://e.org/f.json","items":[{"id":"1","url":"https://e.org/1","content_text":"x"}]"#
        let cases: [(String, String, Int32)] = [
            ("extensions", head + (0..<100_000).map { ",\"_e\($0)\":\($0)" }.joined() + "}", 0),
            ("unknown", head + (0..<100_000).map { ",\"k\($0)\":\($0)" }.joined() + "}", 0),
            (
                "deep",
                head + ",\"_x\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
                    + "}", 1
            ),
            (
                "long",
                head.replacingOccurrences(
                    of: #""title":"t""#, with: "\"title\":\"" + String(repeating: "a", count: 20_000_000) + "\"") + "}",
                0
            ),
        ]
        for (name, text, status) in cases {
            let file = folder.appending(path: "\(name).json")
            try text.write(to: file, atomically: false, encoding: .utf8)
            let result = try runBlog(["feed", "validate", file.path])
            #expect(result.status == status, "\(name): \(result.stderr.prefix(300))")
            #expect(result.stderr.contains("1 file checked: \(status) error\(status == 1 ? "" : "s"), "), "\(name)")
        }
    }
}
