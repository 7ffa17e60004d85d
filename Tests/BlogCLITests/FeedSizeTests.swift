import Foundation
import Testing

/// Reader services stop reading a feed at about a megabyte: one very long post must not push the newest
/// items out, and blog.yaml can ask for summaries instead of whole posts.
@Suite struct FeedSizeTests {
    func site(extraYAML: String, longPost: Bool) throws -> URL {
        let site = try makeFixtureSite("basic")
        let yaml = site.appending(path: "blog.yaml")
        try (String(contentsOf: yaml, encoding: .utf8) + extraYAML).write(to: yaml, atomically: true, encoding: .utf8)
        if longPost {
            let paragraph =
                String(repeating: "A long paragraph of a very long post, written to fill a feed. ", count: 40) + "\n\n"
            try
                ("---\ntitle: Long\ndate: 2030-01-01T00:00:00Z\nsummary: The short version.\n---\n"
                + String(repeating: paragraph, count: 600))
                .write(to: site.appending(path: "content/posts/long.md"), atomically: true, encoding: .utf8)
        }
        return site
    }

    @Test func aVeryLongPostCarriesItsSummaryAndTheFeedStaysUnderAMegabyte() throws {
        let site = try site(extraYAML: "", longPost: true)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try runBlog(["build", "--site", site.path, "--future"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("content/posts/long.md: warning: the feed feed.json carries this post's summary"),
            "\(result.stderr)")
        for file in ["feed.json", "atom.xml", "rss.xml"] {
            let size = try Data(contentsOf: site.appending(path: "public/\(file)")).count
            #expect(size < 1_000_000, "\(file): \(size) bytes")
        }
        let feed = try String(contentsOf: site.appending(path: "public/feed.json"), encoding: .utf8)
        #expect(feed.contains("\"content_html\": \"<p>The short version.</p>\""))
        // The page itself keeps the whole post.
        let page = try String(contentsOf: site.appending(path: "public/posts/long/index.html"), encoding: .utf8)
        #expect(page.utf8.count > 1_000_000)
        // A build that carries the feed over from the last one still says so.
        let feedFile = site.appending(path: "public/feed.json").path
        let written = try FileManager.default.attributesOfItem(atPath: feedFile)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        let first = try String(contentsOf: site.appending(path: "content/posts/2024-01-15-first.md"), encoding: .utf8)
        try (first + "\nOne more line.\n").write(
            to: site.appending(path: "content/posts/2024-01-15-first.md"), atomically: true, encoding: .utf8)
        let again = try runBlog(["build", "--site", site.path, "--future"])
        #expect(again.status == 0)
        #expect(
            again.stderr.contains("content/posts/long.md: warning: the feed feed.json carries this post's summary"),
            "\(again.stderr)")
        #expect(
            try FileManager.default.attributesOfItem(atPath: feedFile)[.modificationDate] as? Date == written,
            "feed.json was made again")
    }

    @Test func blogYAMLCanAskForSummaries() throws {
        let site = try site(extraYAML: "", longPost: false)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        var text = try String(contentsOf: yaml, encoding: .utf8)
        text =
            text.contains("feed:\n")
            ? text.replacingOccurrences(of: "feed:\n", with: "feed:\n  content: summary\n")
            : text + "feed:\n  content: summary\n"
        try text.write(to: yaml, atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let feed =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appending(path: "public/feed.json")))
            as? [String: Any]
        let items = feed?["items"] as? [[String: Any]] ?? []
        #expect(!items.isEmpty)
        for item in items {
            let content = item["content_html"] as? String ?? ""
            #expect(
                content.hasPrefix("<p>") && content.hasSuffix("</p>") && !content.dropFirst(3).contains("<p>"),
                "\(content)")
        }
        try text.replacingOccurrences(of: "content: summary", with: "content: excerpt").write(
            to: yaml, atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).stderr.contains("'content' must be full or summary"))
    }

    /// With whole posts in the archive, an archive page past the limit is made again with the summary,
    /// as the first page is.
    @Test func aVeryLongOldPostIsShortenedInItsArchivePage() throws {
        let site = try site(extraYAML: "", longPost: false)
        let yaml = site.appending(path: "blog.yaml")
        try
            (String(contentsOf: yaml, encoding: .utf8).replacingOccurrences(
                of: "feed:\n", with: "feed:\n  archive_content: full\n"))
            .write(to: yaml, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let paragraph =
            String(repeating: "An old and very long post, written to fill an archive page. ", count: 40) + "\n\n"
        try
            ("---\ntitle: Old and long\ndate: 2001-01-01T00:00:00Z\nsummary: The old short version.\n---\n"
            + String(repeating: paragraph, count: 600))
            .write(to: site.appending(path: "content/posts/old-long.md"), atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(
                "content/posts/old-long.md: warning: the feed feed/1.json carries this post's summary"),
            "\(result.stderr)")
        let page = try Data(contentsOf: site.appending(path: "public/feed/1.json"))
        #expect(page.count < 1_000_000)
        let feed = try #require(try JSONSerialization.jsonObject(with: page) as? [String: Any])
        let items = feed["items"] as? [[String: Any]] ?? []
        #expect(
            items.contains {
                $0["content_html"] as? String == "<p>The old short version.</p>"
                    && $0["title"] as? String == "Old and long"
            })
        #expect(items.allSatisfy { ($0["id"] as? String)?.isEmpty == false })
    }
}
