import Foundation
import Testing
@testable import BlogCore

/// Every output's path and URL come from Routes; these are the rules a host and a browser see.
@Suite struct RoutesTests {
    func routes(_ baseURL: String) throws -> Routes {
        Routes(configuration: try SiteConfiguration.load(from: "title: T\nbase_url: \(baseURL)\n").0)
    }

    func post(_ slug: String, kind: Post.Kind = .post) -> Post {
        Post(kind: kind, source: "content/posts/\(slug).md", bundleFolder: nil, slug: slug, title: slug, date: fixedNow, updated: nil, summary: nil,
             tags: [], image: nil, bannerImage: nil, externalURL: nil, language: nil, authors: nil, isDraft: false, attachments: [],
             extensions: [:], body: "", bodyFirstLine: 1)
    }

    @Test(arguments: [("https://example.com/", "/"), ("https://example.com/blog/", "/blog/"), ("https://example.com/a/b", "/a/b/")])
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
        #expect(routes.rootOutputs == ["index.html", "feed.json", "atom.xml", "rss.xml", "sitemap.xml", "404.html", "tags/index.html", "archive/index.html"])
        for slug in Routes.reservedSlugs.filter({ !$0.contains(".") }) {
            #expect(routes.index(page: 2).path.hasPrefix(slug + "/") || routes.tags.path.hasPrefix(slug + "/") || routes.archive.path.hasPrefix(slug + "/")
                    || Routes.folder(of: post("x")).hasPrefix(slug + "/"), "\(slug) is reserved but no route uses it")
        }
    }
}
