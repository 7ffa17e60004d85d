import Foundation
import JSONFeed
import Testing

@testable import BlogCore

/// Every output's path and URL come from Routes; these are the rules a host and a browser see.
@Suite struct RoutesTests {
    func routes(_ baseURL: String) throws -> Routes {
        Routes(configuration: try SiteConfiguration.load(from: "title: T\nbase_url: \(baseURL)\n").0)
    }

    func post(_ slug: String, kind: Post.Kind = .post) -> Post {
        Post(
            kind: kind, source: "content/posts/\(slug).md", bundleFolder: nil, slug: slug, title: slug, date: fixedNow,
            updated: nil, summary: nil,
            tags: [], image: nil, bannerImage: nil, externalURL: nil, language: nil, authors: nil, isDraft: false,
            attachments: [],
            extensions: [:], body: "", bodyFirstLine: 1)
    }

    @Test(arguments: [
        ("https://example.com/", "/"), ("https://example.com/blog/", "/blog/"), ("https://example.com/a/b", "/a/b/"),
    ])
    func everyURLStartsWithTheBasePath(_ baseURL: String, _ base: String) throws {
        let routes = try routes(baseURL)
        #expect(routes.page(of: post("hello")) == .init(path: "posts/hello/index.html", url: "\(base)posts/hello/"))
        #expect(routes.page(of: post("about", kind: .page)) == .init(path: "about/index.html", url: "\(base)about/"))
        #expect(routes.index(page: 1) == .init(path: "index.html", url: base))
        #expect(routes.index(page: 3) == .init(path: "page/3/index.html", url: "\(base)page/3/"))
        #expect(routes.tags == .init(path: "tags/index.html", url: "\(base)tags/"))
        #expect(routes.tag("swift") == .init(path: "tags/swift/index.html", url: "\(base)tags/swift/"))
        #expect(routes.archive == .init(path: "archive/index.html", url: "\(base)archive/"))
        #expect(routes.notFound == .init(path: "404.html", url: "\(base)404.html"))
        #expect(routes.feed(.json) == .init(path: "feed.json", url: "\(base)feed.json"))
        #expect(routes.feed(.atom) == .init(path: "atom.xml", url: "\(base)atom.xml"))
        #expect(routes.feed(.rss) == .init(path: "rss.xml", url: "\(base)rss.xml"))
        #expect(routes.sitemap == .init(path: "sitemap.xml", url: "\(base)sitemap.xml"))
        #expect(routes.url(ofPath: "tags/swift/index.html") == routes.tag("swift").url)
        #expect(routes.url(ofPath: "404.html") == routes.notFound.url)
        #expect(routes.absolute(routes.tags.url) == "https://example.com\(base)tags/")
    }

    /// Paths on disk keep the slug as it is; URLs percent-encode each segment.
    @Test func nonASCIISlugsAreEncodedInURLsOnly() throws {
        let routes = try routes("https://example.com/blog/")
        #expect(routes.page(of: post("café")) == .init(path: "posts/café/index.html", url: "/blog/posts/caf%C3%A9/"))
        #expect(routes.tag("日本") == .init(path: "tags/日本/index.html", url: "/blog/tags/%E6%97%A5%E6%9C%AC/"))
    }

    /// A copied file may not take a path the engine writes, at the root or in a post's folder.
    @Test func rootOutputsCoverEveryFileTheEngineWritesAtTheRoot() throws {
        let routes = try routes("https://example.com/")
        #expect(
            routes.rootOutputs == [
                "index.html", "feed.json", "atom.xml", "rss.xml", "sitemap.xml", "404.html", "tags/index.html",
                "archive/index.html",
            ])
        for slug in Routes.reservedSlugs.filter({ !$0.contains(".") }) {
            #expect(
                routes.index(page: 2).path.hasPrefix(slug + "/") || routes.tags.path.hasPrefix(slug + "/")
                    || routes.archive.path.hasPrefix(slug + "/") || routes.searchPage.path.hasPrefix(slug + "/")
                    || routes.folder(of: post("x")).hasPrefix(slug + "/"), "\(slug) is reserved but no route uses it")
        }
    }

    /// Jekyll's and Hugo's placeholders, and front matter's own paths.
    @Test func permalinksFollowJekyllsPlaceholders() throws {
        var configuration = try SiteConfiguration.load(
            from: "title: T\nbase_url: https://example.com/blog/\ntimezone: America/New_York\npermalink: date\n"
        ).0
        var routes = Routes(configuration: configuration)
        var late = post("late")
        late.source = "content/posts/2015-12-03-Late Night!.md"
        late.date = RFC3339.date(from: "2015-12-04T03:30:00Z")
        late.dateOffset = -4 * 3600
        late.categories = ["Swift Notes", "web", "Web"]
        // 23:30 at -04:00 stays on the 3rd, categories are lower-cased as Jekyll does, :title keeps case.
        #expect(
            routes.page(of: late)
                == .init(
                    path: "swift notes/web/2015/12/03/Late-Night!.html",
                    url: "/blog/swift%20notes/web/2015/12/03/Late-Night!.html"))
        late.dateOffset = nil
        // Without a written offset, the site's zone: 03:30 UTC is 22:30 on the 3rd in New York.
        #expect(routes.page(of: late).path == "swift notes/web/2015/12/03/Late-Night!.html")
        configuration.permalink = "/:year/:i_month/:slugified_categories/:slug/"
        routes = Routes(configuration: configuration)
        #expect(routes.page(of: late).path == "2015/12/swift-notes/web/late-night/index.html")
        configuration.permalink = "/:section/:title"
        routes = Routes(configuration: configuration)
        #expect(routes.page(of: late).path == "posts/Late-Night!.html")
        late.permalink = "/custom/"
        #expect(routes.page(of: late) == .init(path: "custom/index.html", url: "/blog/custom/"))
        #expect(Permalink.patternProblem("/:year/:nope/") != nil)
        #expect(Permalink.patternProblem("no-slash") != nil)
        #expect(Permalink.pathProblem("/a/../b") != nil)
        // By byte: a combining mark after `/` or `.` hides neither from the file system.
        #expect(Permalink.pathProblem("/a/../\u{301}b/")?.contains("'..'") == true)
        #expect(Permalink.pathProblem("/a//\u{301}b/")?.contains("'//'") == true)
        #expect(Permalink.pathProblem("/a/.\u{301}b/")?.contains("starting with '.'") == true)
        #expect(Permalink.pathProblem("/a/b\u{301}/") == nil)
    }

    /// Every output path stays inside the output folder on disk and on every server, whatever it is made of.
    @Test(
        arguments: [
            ("posts/hello/index.html", nil), ("caf%C3%A9/x.html", nil), (".net/a/index.html", nil),
            ("a/.../index.html", nil), (String(repeating: "a", count: 255) + "/index.html", nil),
            ("../x/index.html", "empty, '.' or '..'"), ("a/../../index.html", "empty, '.' or '..'"),
            ("a/./index.html", "empty, '.' or '..'"), ("a//index.html", "empty, '.' or '..'"),
            ("/etc/passwd", "absolute"), ("a\\..\\b.html", "'\\'"), ("a\u{0}b/index.html", "NUL"),
            ("%2e%2e/x.html", "percent-encoded"), ("%2E./x.html", "percent-encoded"),
            ("a/%252e%252e/x.html", "percent-encoded"),
            ("a%2fb/x.html", "percent-encoded"), ("a%5Cb/x.html", "percent-encoded"),
            ("a%00/x.html", "percent-encoded"),
            (String(repeating: "é", count: 128) + "/index.html", "longer than 255 bytes"),
            (".blog-output/index.html", ".blog-output"),
            // A combining mark after `/` makes one Character of the two, but the file system still splits there.
            ("../\u{301}x/index.html", "empty, '.' or '..'"), ("a/..\u{301}/index.html", nil),
            ("a/\u{301}/index.html", nil),
        ] as [(String, String?)])
    func outputPathsStayInsideTheOutput(_ path: String, _ problem: String?) {
        let found = Routes.outputPathProblem(path)
        if let problem {
            #expect(found?.contains(problem) == true, "\(found ?? "none")")
        } else {
            #expect(found == nil)
        }
    }

    /// A page's checked route names the keys its path came from: its own path, the categories or slug the
    /// site's pattern filled in, else none (the file's name).
    @Test func aBadPageNamesTheKeysItsPathCameFrom() throws {
        let configuration = try SiteConfiguration.load(
            from: "title: T\nbase_url: https://example.com/\npermalink: /:categories/:title/\n"
        ).0
        let routes = Routes(configuration: configuration)
        var hello = post("hello")
        #expect(try routes.checkedPage(of: hello).get().path == "hello/index.html")
        hello.categories = ["ok", "../.."]
        #expect(
            routes.checkedPage(of: hello)
                == .failure(
                    .init(
                        keys: ["categories", "category"], path: "/ok/../../hello/index.html",
                        problem: Routes.outputPathProblem("../x")!)))
        hello.categories = []
        hello.source = "content/posts/2024-01-01-...md"
        guard case .failure(let problem) = routes.checkedPage(of: hello) else { throw CancellationError() }
        #expect(
            problem.keys.isEmpty
                && problem.message(naming: nil).hasPrefix("the file's name puts the page at \"/../index.html\""))
        hello.permalink = "/a/:categories/../"
        guard case .failure(let own) = routes.checkedPage(of: hello) else { throw CancellationError() }
        #expect(own.keys == ["permalink", "url"])
        #expect(Permalink.patternProblem("/:year/../:title/") == Routes.outputPathProblem("../x"))
        #expect(Permalink.patternProblem("//:year//:title/") == nil)
        #expect(Permalink.pathProblem("/%2e%2e/x/")?.contains("percent-encoded") == true)
    }

    /// Past 50,000 URLs, the most one sitemap may hold, `sitemap.xml` becomes an index of parts.
    @Test func aSitemapPastFiftyThousandURLsIsSplitUnderAnIndex() throws {
        let routes = try routes("https://example.com/blog/")
        let small = Sitemap.files(
            [
                .init(url: "https://example.com/blog/b/", modified: nil),
                .init(url: "https://example.com/blog/a/", modified: fixedNow),
            ], routes: routes)
        #expect(small.map(\.path) == ["sitemap.xml"])
        #expect(
            small[0].xml.contains("<urlset")
                && small[0].xml.range(of: "/a/")!.lowerBound < small[0].xml.range(of: "/b/")!.lowerBound)
        let entries = (0..<120_001).map {
            Sitemap.Entry(url: "https://example.com/blog/posts/\($0)/", modified: $0 == 7 ? fixedNow : nil)
        }
        let files = Sitemap.files(entries, routes: routes)
        #expect(files.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        #expect(
            files[0].xml.contains("<sitemapindex")
                && files[0].xml.contains("<loc>https://example.com/blog/sitemap-3.xml</loc>"))
        let counts = files.dropFirst().map { $0.xml.components(separatedBy: "<url>").count - 1 }
        #expect(counts == [50_000, 50_000, 20_001])
        #expect(files.dropFirst().allSatisfy { $0.xml.utf8.count < 50_000_000 })
    }
}
