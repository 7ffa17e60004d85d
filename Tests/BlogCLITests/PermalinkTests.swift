import Foundation
import Testing

/// Old URLs kept: blog.yaml's permalink pattern, a post's own path, and redirect pages at old paths.
@Suite struct PermalinkTests {
    func write(_ text: String, _ path: String, in site: URL) throws {
        let url = site.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func aPatternAndOldPathsKeepEveryURL() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        try (String(contentsOf: yaml, encoding: .utf8) + "permalink: /:categories/:year/:month/:day/:title.html\n")
            .write(to: yaml, atomically: true, encoding: .utf8)
        try write(
            "---\ntitle: Late\ndate: 2015-12-03 23:30:00 -0400\ncategories: news\nredirect_from: [/old/late/, /older.html]\n---\nBody\n",
            "content/posts/2015-12-03-late.md", in: site)
        try write(
            "---\ntitle: Own\ndate: 2016-01-01\nurl: /my/own/\naliases: [/my/own/]\n---\nBody\n",
            "content/posts/own.md", in: site)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        let output = site.appending(path: "public")
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "news/2015/12/03/late.html").path))
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "my/own/index.html").path))
        for old in ["old/late/index.html", "older.html"] {
            let html = try String(contentsOf: output.appending(path: old), encoding: .utf8)
            let target = "https://example.com/blog/news/2015/12/03/late.html"
            #expect(html.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">"), "\(html)")
            #expect(html.contains("<link rel=\"canonical\" href=\"\(target)\">"))
            #expect(html.contains("<a href=\"\(target)\">"))
        }
        // An old path that is the post's own page gets no redirect, and says so.
        #expect(
            result.stderr.contains("content/posts/own.md: warning: the old path \"/my/own/\" is the post's own page"),
            "\(result.stderr)")
        // The sitemap lists the new URLs, and redirects are no pages of their own.
        let sitemap = try String(contentsOf: output.appending(path: "sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.com/blog/news/2015/12/03/late.html</loc>"))
        #expect(!sitemap.contains("old/late") && !sitemap.contains("older.html"))
    }

    @Test func aBadPatternIsAnErrorWithItsLine() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        let original = try String(contentsOf: yaml, encoding: .utf8)
        let line = original.split(separator: "\n", omittingEmptySubsequences: false).count
        try (original + "permalink: /:year/:titel/\n").write(to: yaml, atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("blog.yaml:\(line):12: error: 'permalink' names an unknown placeholder ':titel'"),
            "\(result.stderr)")
    }

    @Test func frontMatterURLsAreEncodedInTheFeed() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try write(
            "---\ntitle: Photo\ndate: 2030-01-01T00:00:00Z\nimage: my photo é.png\nexternal_url: https://example.org/a b/ü\n---\nBody\n",
            "content/posts/photo.md", in: site)
        let result = try runBlog(["build", "--site", site.path, "--future"])
        #expect(result.status == 0, "\(result.stderr)")
        let feed = try String(contentsOf: site.appending(path: "public/feed.json"), encoding: .utf8)
        #expect(feed.contains("\"external_url\": \"https://example.org/a%20b/%C3%BC\""), "\(feed)")
        #expect(feed.contains("my%20photo%20%C3%A9.png"))
        let strict = try runBlog(["feed", "validate", "--strict", site.appending(path: "public/feed.json").path])
        // The fixture's HTML-like title is the only thing the strict check finds.
        #expect(!strict.stdout.contains("url") && !strict.stdout.contains("image"), "\(strict.stdout)")
    }

    @Test func blogYAMLRedirectsAndFeedPathsKeepAnOldSitesURLs() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        var text = try String(contentsOf: yaml, encoding: .utf8)
        text = text.replacingOccurrences(of: "feed:\n", with: "feed:\n  atom_path: feed.xml\n  rss_path: index.xml\n")
        if !text.contains("atom_path") { text += "feed:\n  atom_path: feed.xml\n  rss_path: index.xml\n" }
        text += "redirects:\n  /page2/: /page/2/\n  /old.html: https://elsewhere.example/new\n"
        try text.write(to: yaml, atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        let output = site.appending(path: "public")
        let atom = try String(contentsOf: output.appending(path: "feed.xml"), encoding: .utf8)
        #expect(
            atom.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\"")
                && atom.contains("href=\"https://example.com/blog/feed.xml\""), "\(atom.prefix(400))")
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "index.xml").path))
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "atom.xml").path))
        let home = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(
            home.contains("href=\"https://example.com/blog/feed.xml\"") || home.contains("href=\"/blog/feed.xml\""),
            "the page links the feed where it is")
        let page2 = try String(contentsOf: output.appending(path: "page2/index.html"), encoding: .utf8)
        #expect(page2.contains("url=https://example.com/blog/page/2/"))
        let old = try String(contentsOf: output.appending(path: "old.html"), encoding: .utf8)
        #expect(old.contains("url=https://elsewhere.example/new"))
        // A feed path that is another's, or a redirect to something that is neither a path nor a URL, is an error.
        try (text + "").replacingOccurrences(of: "rss_path: index.xml", with: "rss_path: feed.xml").write(
            to: yaml, atomically: true, encoding: .utf8)
        #expect(
            try runBlog(["build", "--site", site.path]).stderr.contains("'rss_path' is another feed's path already"))
    }
}
