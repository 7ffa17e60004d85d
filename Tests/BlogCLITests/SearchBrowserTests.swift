import Foundation
import Testing

/// The default theme's search page in headless Chromium, served by `blog serve` and, built, by a plain
/// static file server: what a reader sees when they type, and which of the index's files their browser
/// fetches.
@Suite(.serialized, .enabled(if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver"))
struct SearchBrowserTests {
    /// A site with posts to find, a draft, and enough other posts that the index has several word shards.
    private func makeSearchSite(in folder: URL) throws -> URL {
        let site = try makeServedSite(in: folder, words: "Nothing to see.")
        let posts = site.appending(path: "content/posts")
        let written: [(String, String)] = [
            ("swift.md", "---\ntitle: Swift concurrency notes\ndate: 2024-05-03\ntags: [swift]\n---\nRunning tasks.\n"),
            (
                "mention.md",
                "---\ntitle: A mention\ndate: 2024-05-04\n---\nSwift appears here once, among other words.\n"
            ),
            ("cafe.md", "---\ntitle: Café culture\ndate: 2024-05-05\n---\nCoffee on the corner, crème brûlée after.\n"),
            ("tokyo.md", "---\ntitle: 東京の旅\ndate: 2024-05-06\n---\n東京都に行きました。\n"),
            ("draft.md", "---\ntitle: Draft\ndate: 2024-05-07\ndraft: true\n---\nOnly the draft says zyzzyva.\n"),
        ]
        for (name, text) in written {
            try text.write(to: posts.appending(path: name), atomically: false, encoding: .utf8)
        }
        for index in 0..<150 {
            let words = (0..<60).map { "filler\(index * 7 + $0)" }.joined(separator: " ")
            try "---\ntitle: Filler \(index)\ndate: 2020-01-01\n---\n\(words)\n".write(
                to: posts.appending(path: "filler-\(index).md"), atomically: false, encoding: .utf8)
        }
        return site
    }

    /// Expects the results' titles to become `expected`, waiting for them.
    private func expectTitles(
        _ browser: WebDriver, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let shown = "Array.from(document.querySelectorAll('#search-results li > a')).map(a => a.textContent)"
        let json = String(decoding: try JSONSerialization.data(withJSONObject: expected), as: UTF8.self)
        _ = await browser.waitUntil("return JSON.stringify(\(shown)) === JSON.stringify(\(json))")
        #expect(try browser.evaluate("return \(shown)") as? [String] == expected, sourceLocation: sourceLocation)
    }

    private func status(_ browser: WebDriver, becomes text: String) async -> Bool {
        await browser.waitUntil("return document.getElementById('search-status').textContent === '\(text)'")
    }

    @Test func typedQueriesFindThePublishedPostsInOrderAndFetchOnlyTheirShards() async throws {
        #expect(WebDriver.isAvailable, "BLOG_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeSearchSite(in: folder)
        let server = try ServeProcess(site: site, arguments: ["--port", "0"])
        let url = try await server.servingURL()
        try await expectTypedQueries(
            at: url, output: site.appending(path: ".blog-cache/serve/public"),
            server: { "\(server.stdout)\(server.stderr)" })
        let stopped = await server.stop()
        #expect(stopped == 0, "server said:\n\(server.stdout)\(server.stderr)")
    }

    /// The same on a host that knows nothing of blog: `blog build`'s output under Python's `http.server`.
    @Test(.enabled(if: StaticFileServer.isAvailable || WebDriver.isRequired, "needs python3"))
    func typedQueriesWorkOnAPlainStaticFileServer() async throws {
        #expect(WebDriver.isAvailable, "BLOG_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeSearchSite(in: folder)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let output = site.appending(path: "public")
        let server = try await StaticFileServer(serving: output)
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/"))
        try await expectTypedQueries(at: url, output: output, server: { "python3 -m http.server" })
    }

    /// Types queries into the search page of the site at `url`, whose files are in `output`, and expects
    /// the results, their order and marks, and the files fetched for them.
    private func expectTypedQueries(at url: URL, output: URL, server: () -> String) async throws {
        let browser = try await WebDriver()
        try browser.open(url.appending(path: "search/"))

        try browser.type("swift", into: "#search-query")
        #expect(await status(browser, becomes: "2 results."), "server said:\n\(server())")
        try await expectTitles(browser, ["Swift concurrency notes", "A mention"])
        #expect(
            try browser.evaluate("return document.querySelector('#search-results mark').textContent") as? String
                == "Swift")
        // The manifest, the one word shard that holds "swift" and the document shard of the results.
        let fetched = try browser.evaluate("return window.blogSearch.fetched") as? [String] ?? []
        let shards = try FileManager.default.contentsOfDirectory(
            atPath: output.appending(path: "search/words").path)
        #expect(shards.count > 1, "the index has one word shard; the test needs several")
        let holding = try shards.filter {
            try String(contentsOf: output.appending(path: "search/words/\($0)"), encoding: .utf8).contains(
                "\n\"swift\":")
        }
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: output.appending(path: "search/index.json"))) as? [String: Any]
        let perShard = try #require(manifest?["documents_per_shard"] as? Int)
        let ids = try browser.evaluate("return window.blogSearch.results") as? [Int] ?? []
        let documentShards = Set(ids.prefix(5).map { $0 / perShard }).sorted().map { "documents/\($0).json" }
        #expect(
            fetched.map { $0.split(separator: "/").suffix(2).joined(separator: "/") }
                == ["search/index.json", "words/\(holding.first ?? "")"] + documentShards, "\(fetched)")

        try browser.type("Cafe", into: "#search-query")
        #expect(await status(browser, becomes: "1 result."))
        try await expectTitles(browser, ["Café culture"])

        try browser.type("crème brul", into: "#search-query")
        try await expectTitles(browser, ["Café culture"])

        try browser.type("東京", into: "#search-query")
        #expect(await status(browser, becomes: "1 result."))
        try await expectTitles(browser, ["東京の旅"])

        try browser.type("zyzzyva", into: "#search-query")
        #expect(await status(browser, becomes: "No results."), "a draft's word finds nothing")

        try browser.type("running tasks", into: "#search-query")
        try await expectTitles(browser, ["Swift concurrency notes"])
        #expect(
            try browser.evaluate(
                "document.getElementById('search-query').focus(); return document.activeElement.id") as? String
                == "search-query")
        // The script's word rules give the engine's terms (SearchIndexTests' tables).
        let terms = try browser.evaluate(
            "return ['CAFÉ, crème brûlée!', 'ΟΔΟΣ οδός', '東京都に行く', '日 and 本', 'नमस्ते दुनिया'].map(window.blogSearch.terms)")
        #expect(
            terms as? [[String]] == [
                ["cafe", "creme", "brulee"], ["οδοσ", "οδοσ"], ["東京", "京都", "都に", "に行", "行く"], ["日", "and", "本"],
                ["नमस्ते", "दुनिया"],
            ])
        let stems = try browser.evaluate(
            "return ['running', 'ponies', 'pony', 'hopping', 'hoping', 'agreed', 'feed', 'conflated', 'filing', 'falling', 'is'].map(window.blogSearch.stem)"
        )
        #expect(
            stems as? [String] == [
                "run", "poni", "poni", "hop", "hope", "agree", "feed", "conflate", "file", "fall", "is",
            ])
    }

    @Test func theSearchPageReadsItsQueryFromTheAddress() async throws {
        #expect(WebDriver.isAvailable, "BLOG_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeSearchSite(in: folder)
        let server = try ServeProcess(site: site, arguments: ["--port", "0"])
        let url = try await server.servingURL()
        let browser = try await WebDriver()
        // As the search box in every page's header sends it, without the script.
        try browser.open(try #require(URL(string: url.appending(path: "search/").absoluteString + "?q=SWIFT")))
        try await expectTitles(browser, ["Swift concurrency notes", "A mention"])
        let stopped = await server.stop()
        #expect(stopped == 0, "server said:\n\(server.stdout)\(server.stderr)")
    }
}

/// Python's `http.server` over a folder, on a port the system picks: a static host that knows nothing of
/// blog, as a reader's web host is.
final class StaticFileServer {
    static var isAvailable: Bool { FeedFormatTests.has("python3", ["-c", "import http.server"]) }

    let port: Int
    private let process = Process()

    init(serving folder: URL) async throws {
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [
            "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path,
        ]
        // Its output goes to a file, read until it says "Serving HTTP on 127.0.0.1 port N".
        let said = folder.deletingLastPathComponent().appending(path: "http-server.txt")
        _ = FileManager.default.createFile(atPath: said.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: said)
        process.standardError = process.standardOutput
        try process.run()
        for _ in 0..<400 {
            let text = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /port (\d+)/), let port = Int(match.1) {
                self.port = port
                return
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let text = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "http.server said: \(text)"])
    }

    /// Stops it with SIGKILL: a test process may ignore SIGTERM, and its children inherit that.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
