import Foundation
import Testing

@testable import BlogCore

/// Where a URL found in a page leads, as the link check resolves it for a site under a sub-folder.
@Suite struct LinkTargetTests {
    let routes: Routes

    init() throws {
        routes = Routes(configuration: try configuration("title: T\nbase_url: https://example.com/blog/\n"))
    }

    @Test(arguments: [
        ("../b/", Routes.LinkTarget.site(path: "posts/b/", fragment: nil)),
        ("../b/#intro", .site(path: "posts/b/", fragment: "intro")),
        ("#intro", .site(path: "posts/a/", fragment: "intro")),
        ("cat.png?v=2", .site(path: "posts/a/cat.png", fragment: nil)),
        ("/blog/tags/", .site(path: "tags/", fragment: nil)),
        ("/blog", .site(path: "", fragment: nil)),
        ("https://example.com/blog/posts/caf%C3%A9/", .site(path: "posts/café/", fragment: nil)),
        ("caf%C3%A9.png", .site(path: "posts/a/café.png", fragment: nil)),
        ("café.png", .site(path: "posts/a/café.png", fragment: nil)),
        ("../../x/", .site(path: "x/", fragment: nil)),
        ("../../../x/", .outsideBasePath),
        ("/other/", .outsideBasePath),
        ("https://example.com/other/", .outsideBasePath),
        ("https://Other.example/x", .external(host: "other.example")),
        ("HTTP://OTHER.Example?q#f", .external(host: "other.example")),
        ("  https://other.example/x  ", .external(host: "other.example")),
        ("https://other.example:443/x", .external(host: "other.example")),
        ("https://EXAMPLE.com/other/", .outsideBasePath),
        ("https://example.com/blog/posts/b/#x", .site(path: "posts/b/", fragment: "x")),
        ("https://example.com/blog", .site(path: "", fragment: nil)),
        ("HTTPS://EXAMPLE.COM/blog/tags/", .site(path: "tags/", fragment: nil)),
        ("https://example.com.evil/blog/", .external(host: "example.com.evil")),
        ("https://user@other.example/x", .external(host: "other.example")),
        ("//cdn.example/x.js", .external(host: "cdn.example")),
        ("http://example.com:8080/blog/", .external(host: "example.com")),
        ("mailto:a@example.com", .ignored),
        ("javascript:void(0)", .ignored),
        ("data:image/png;base64,AAAA", .ignored),
        ("", .ignored),
    ])
    func resolvesAgainstThePage(_ url: String, _ expected: Routes.LinkTarget) {
        #expect(routes.linkTarget(of: url, from: "/blog/posts/a/") == expected)
    }

    /// The cache of a check's chunk answers as the routes do, from any page, for every URL above: an
    /// absolute or root-relative one is resolved once, a relative one for each page. A second chunk's
    /// cache, which finds the first one's answers in the table they share, answers the same.
    @Test func theCacheAnswersAsTheRoutesDo() {
        let files: Set = ["index.html", "posts/b/index.html", "posts/a/cat.png", "tags/index.html"]
        let shared = LinkTargetCache.Shared()
        var cache = LinkTargetCache(routes: routes, files: files, shared: shared)
        var other = LinkTargetCache(routes: routes, files: files, shared: shared)
        let urls = [
            "../b/", "#intro", "cat.png?v=2", "/blog/tags/", "/blog", "https://example.com/blog/posts/b/#x",
            "../../../x/", "/other/", "https://Other.example/x", "HTTP://OTHER.Example?q#f",
            "https://EXAMPLE.com/blog/",
            "https://other.example:443/x", "//cdn.example/x.js", "mailto:a@example.com", "",
        ]
        for page in ["/blog/posts/a/", "/blog/", "/blog/posts/a/", "/blog/tags/x/"] {
            for url in urls {
                let expected = routes.linkTarget(of: url, from: page)
                let resolved = cache.resolve(url, from: page)
                #expect(resolved.target == expected, "\(url) from \(page)")
                var file: String?
                if case .site(let path, _) = expected {
                    file = Routes.outputCandidates(ofSitePath: path).first(where: files.contains)
                }
                #expect(resolved.file == file, "\(url) from \(page)")
                let fromShared = other.resolve(url, from: page)
                #expect(fromShared.target == expected && fromShared.file == file, "\(url) from \(page)")
            }
        }
    }

    /// The host read by byte is the host Foundation reads, wherever the byte reader gives one.
    @Test(arguments: [
        "https://Other.example/x", "http://a.b.c?x", "HTTPS://X.Y#z", "https://x.y/a:b@c", "http://localhost/",
        "https://127.0.0.1/x", "https://xn--caf-dma.example/", "hTtP://Mixed.Case.Host/Path",
    ])
    func theByteReadHostIsFoundations(_ url: String) throws {
        let host = try #require(Routes.plainHost(of: url))
        #expect(host == URL(string: url)?.host()?.lowercased())
    }

    @Test(arguments: [
        "https://user@x.y/", "https://x.y:8080/", "https://[::1]/", "https://caf%C3%A9.example/",
        "https://café.example/",
        "ftp://x.y/", "https:/x.y", "https://", "http:x.y", "https\\://x.y",
    ])
    func otherAuthoritiesAreLeftToFoundation(_ url: String) {
        #expect(Routes.plainHost(of: url) == nil)
    }

    @Test(arguments: [
        ("", ["index.html"]),
        ("posts/a/", ["posts/a/index.html"]),
        ("posts/a", ["posts/a", "posts/a/index.html", "posts/a.html"]),
        ("cat.png", ["cat.png", "cat.png/index.html"]),
    ])
    func aSitePathIsServedFromTheseFiles(_ path: String, _ files: [String]) {
        #expect(Routes.outputCandidates(ofSitePath: path) == files)
    }

    @Test(arguments: [
        ("feed.json", FeedFormat.json), ("atom.xml", .atom), ("rss.xml", .rss), ("feed/3.json", .json),
        ("tags/swift/feed.json", .json), ("tags/swift/rss.xml", .rss), ("tags/swift/feed/1.json", .json),
    ])
    func knowsTheFeedsTheBuildWrites(_ path: String, _ format: FeedFormat) {
        #expect(routes.feedFormat(ofOutput: path) == format)
    }

    @Test(arguments: ["index.html", "posts/a/feed.json", "tags/swift/index.html", "static/feed.json"])
    func otherFilesAreNoFeeds(_ path: String) {
        #expect(routes.feedFormat(ofOutput: path) == nil)
    }
}
