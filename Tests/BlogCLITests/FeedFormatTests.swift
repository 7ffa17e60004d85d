import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Atom and RSS are written from the same items as the JSON Feed, and real tools read all three alike:
/// `jing` with RFC 4287's grammar for Atom, `xmllint` for well-formed XML, Python's `feedparser` (without
/// a bozo flag) item by item, for the site's feeds and each tag's. Where the tools are missing the test
/// says so and skips, unless `BLOG_REQUIRE_FEED_TOOLS=1` (CI installs them).
@Suite struct FeedFormatTests {
    static func has(_ command: String, _ arguments: [String]) -> Bool {
        (try? run(command, arguments).status) == 0
    }

    static func run(_ command: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static let toolsAvailable =
        has("xmllint", ["--version"]) && has("python3", ["-c", "import feedparser"])
        && has("sh", ["-c", "command -v jing"])
    static let toolsRequired = ProcessInfo.processInfo.environment["BLOG_REQUIRE_FEED_TOOLS"] == "1"

    /// A site whose posts use what feeds must carry: markup and entities in titles, control characters,
    /// authors, tags, summaries, an update date, non-ASCII slugs and an attachment.
    func makeSite() throws -> URL {
        let site = try makeFixtureSite("basic")
        let posts = site.appending(path: "content/posts")
        try """
        ---
        title: "Tom & Jerry <3 \\"quotes\\" and ' apostrophes"
        date: 2024-03-01T23:30:00-04:00
        updated: 2024-03-02T10:00:00.250Z
        tags: [cartoons, "C & C++"]
        authors: [{name: "Ada & Co", url: "https://ada.example"}]
        summary: "A summary with <b>markup</b> & entities."
        attachments: [{url: episode.mp3, mime_type: audio/mpeg, size_in_bytes: 1234}]
        ---
        Body with a control \u{01} character, an [link](https://e.org/?a=1&b=2) and <span>raw html</span>.
        """.write(to: posts.appending(path: "2024-03-01-tom.md"), atomically: true, encoding: .utf8)
        try "---\ntitle: Café\ndate: 2024-03-03\nlanguage: fr\n---\nÉté.\n".write(
            to: posts.appending(path: "café.md"), atomically: true, encoding: .utf8)
        return site
    }

    @Test(.enabled(if: toolsAvailable || toolsRequired, "needs jing, xmllint (libxml2-utils) and Python's feedparser"))
    func atomAndRSSAreWellFormedAndAgreeWithTheJSONFeed() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let build = try runBlog(["build", "--site", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        let output = site.appending(path: "public")
        for file in ["atom.xml", "rss.xml", "sitemap.xml"] {
            let lint = try Self.run("xmllint", ["--noout", output.appending(path: file).path])
            #expect(lint.status == 0, "\(file): \(lint.output)")
        }
        let tagFolders = try FileManager.default.contentsOfDirectory(atPath: output.appending(path: "tags").path)
            .filter { FileManager.default.fileExists(atPath: output.appending(path: "tags/\($0)/atom.xml").path) }
        #expect(tagFolders.count >= 3)
        let folders = [output] + tagFolders.map { output.appending(path: "tags/\($0)") }
        let schema = testTargetRoot.appending(path: "Fixtures/oracles/atom.rnc").path
        let script = testTargetRoot.appending(path: "Fixtures/oracles/compare_feeds.py").path
        for folder in folders {
            let atom = folder.appending(path: "atom.xml").path
            let valid = try Self.run("jing", ["-c", schema, atom])
            #expect(valid.status == 0, "\(atom): \(valid.output)")
            for file in ["atom.xml", "rss.xml"] {
                let lint = try Self.run("xmllint", ["--noout", folder.appending(path: file).path])
                #expect(lint.status == 0, "\(file): \(lint.output)")
            }
            let compared = try Self.run("python3", [script, folder.path])
            #expect(
                compared.status == 0 && compared.output.hasPrefix("ok "),
                "\(folder.lastPathComponent): \(compared.output)")
        }
    }

    /// The sitemaps.org schema, which Debian ships inside r-cran-pkgdown's tests: `.ci/run` unpacks that
    /// package and names the file in `BLOG_SITEMAP_SCHEMA`.
    static let sitemapSchema: String? = {
        let candidates = [
            ProcessInfo.processInfo.environment["BLOG_SITEMAP_SCHEMA"],
            "/usr/share/doc/r-cran-pkgdown/tests/testthat/assets/search-site/sitemaps-schema-0.9.xsd",
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }()

    @Test(
        .enabled(
            if: (sitemapSchema != nil && has("xmllint", ["--version"])) || toolsRequired,
            "needs xmllint and the sitemaps.org schema (BLOG_SITEMAP_SCHEMA, from Debian's r-cran-pkgdown)"))
    func theSitemapIsValidAgainstTheSitemapsSchema() throws {
        let schema = try #require(Self.sitemapSchema, "BLOG_SITEMAP_SCHEMA names no file")
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let sitemap = site.appending(path: "public/sitemap.xml").path
        let valid = try Self.run("xmllint", ["--noout", "--schema", schema, sitemap])
        #expect(valid.status == 0, "\(valid.output)")
        // The check bites: a date that is not a W3C datetime is refused.
        let broken = site.appending(path: "broken-sitemap.xml")
        try (try String(contentsOfFile: sitemap, encoding: .utf8)).replacingOccurrences(
            of: "<lastmod>2024", with: "<lastmod>March 2024"
        )
        .write(to: broken, atomically: true, encoding: .utf8)
        #expect(try Self.run("xmllint", ["--noout", "--schema", schema, broken.path]).status != 0)
    }

    /// RFC 4287's rules that its grammar cannot state, and RSS 2.0's required elements.
    @Test func atomAndRSSKeepTheRulesTheGrammarsDoNotState() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let output = site.appending(path: "public")
        let atom = try XMLDocument(contentsOf: output.appending(path: "atom.xml"))
        let feed = try #require(atom.rootElement())
        func children(_ element: XMLElement, _ name: String) -> [XMLElement] { element.elements(forName: name) }
        // FoundationXML's attribute(forName:) finds nothing on an element in a default namespace.
        func attribute(_ element: XMLElement, _ name: String) -> String? {
            element.attributes?.first { $0.name == name }?.stringValue
        }
        #expect(children(feed, "id").count == 1 && children(feed, "updated").count == 1)
        #expect(
            children(feed, "link").contains {
                attribute($0, "rel") == "self" && attribute($0, "href") == "https://example.com/blog/atom.xml"
            })
        let entries = children(feed, "entry")
        #expect(!entries.isEmpty)
        for entry in entries {
            #expect(children(entry, "id").count == 1 && children(entry, "updated").count == 1)
            #expect(!children(feed, "author").isEmpty || !children(entry, "author").isEmpty)
            for link in children(entry, "link") { #expect(attribute(link, "href")?.hasPrefix("https://") == true) }
        }
        #expect(entries.filter { attribute($0, "xml:lang") == "fr" }.count == 1)
        #expect(attribute(feed, "xml:base") == nil && entries.allSatisfy { attribute($0, "xml:base") == nil })
        let rss = try XMLDocument(contentsOf: output.appending(path: "rss.xml"))
        let channel = try #require(rss.rootElement()?.elements(forName: "channel").first)
        for name in ["title", "link", "description"] { #expect(children(channel, name).count == 1, "\(name)") }
        for item in children(channel, "item") {
            #expect(!children(item, "title").isEmpty || !children(item, "description").isEmpty)
            #expect(children(item, "guid").count == 1)
        }
    }
}

/// Every page links every feed, blog.yaml can switch each format off, the sitemap lists every published
/// page and nothing else, and robots.txt names it unless the site ships its own.
@Suite struct FeedLinksAndSitemapTests {
    @Test func everyPageLinksEveryFeedAndFormatsCanBeSwitchedOff() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let output = site.appending(path: "public")
        for page in [
            "index.html", "posts/first/index.html", "tags/index.html", "archive/index.html", "about/index.html",
        ] {
            let html = try String(contentsOf: output.appending(path: page), encoding: .utf8)
            for type in ["application/feed+json", "application/atom+xml", "application/rss+xml"] {
                #expect(html.contains("<link rel=\"alternate\" type=\"\(type)\""), "\(page) \(type)")
            }
        }
        let yaml = site.appending(path: "blog.yaml")
        try
            (try String(contentsOf: yaml, encoding: .utf8).replacingOccurrences(
                of: "feed:\n", with: "feed:\n  rss: false\n  atom: false\n"))
            .write(to: yaml, atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "rss.xml").path))
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "atom.xml").path))
        let home = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(!home.contains("application/rss+xml") && home.contains("application/feed+json"))
    }

    @Test func theSitemapListsEveryPublishedPageAndRobotsNamesIt() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let output = site.appending(path: "public")
        let sitemap = try String(contentsOf: output.appending(path: "sitemap.xml"), encoding: .utf8)
        let locations = sitemap.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        // Every HTML page but 404.html and the search page (no content of its own to find), by its URL, and
        // nothing else.
        let pages = try treeFiles(output).keys.filter {
            $0.hasSuffix(".html") && $0 != "404.html" && $0 != "search/index.html"
        }
        let expected = pages.map {
            "https://example.com/blog/" + ($0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0)
        }
        #expect(
            Set(locations)
                == Set(
                    expected.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.union([":"])) ?? $0 }
                ))
        #expect(locations == locations.sorted())
        #expect(
            try String(contentsOf: output.appending(path: "robots.txt"), encoding: .utf8)
                == "User-agent: *\nAllow: /\n\nSitemap: https://example.com/blog/sitemap.xml\n")
        // A site's own robots.txt is kept as it is.
        try "User-agent: *\nDisallow: /drafts/\n".write(
            to: site.appending(path: "site-template/static/robots.txt"), atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        #expect(
            try String(contentsOf: output.appending(path: "robots.txt"), encoding: .utf8)
                == "User-agent: *\nDisallow: /drafts/\n")
    }
}
