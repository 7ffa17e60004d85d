import Foundation
import Testing

@testable import BlogCore

/// The internal link check over an output folder, and the places its problems are reported at.
@Suite struct LinkCheckTests {
    func findings(_ files: [String: String]) async throws -> LinkCheck.Findings {
        let folder = FileManager.default.temporaryDirectory.appending(path: "link-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let routes = Routes(configuration: try configuration())
        return await LinkCheck(routes: routes, folder: folder, files: Set(files.keys)).run()
    }

    @Test func linksThatFindTheirFilesAndElementsAreFine() async throws {
        let found = try await findings([
            "index.html": ##"<a href="posts/a/#x">a</a> <a href="/blog/posts/a">a</a> <img src="cat.png">"##,
            "posts/a/index.html": ##"<h2 id="x">X</h2><a href="../../">home</a><a href="#top">top</a>"##,
            "cat.png": "png",
            "about.html": #"<a href="/blog/about">about</a> <a href="https://other.example/">o</a>"#,
        ])
        #expect(found.problems == [])
        #expect(found.pages == 3)
        #expect(found.links == 7)
        #expect(found.anchors == 1)
        #expect(found.externalHosts == ["other.example"])
    }

    /// A link met again, on the same page or another, is counted and judged again: a fine one stays fine,
    /// a broken one, a fragment, an `http:` link and a relative link that finds a page from one folder
    /// and nothing from another are reported at every page that has them.
    @Test func aLinkMetAgainIsJudgedAgainOnEveryPage() async throws {
        let links = ##"""
            <a href="/blog/posts/a/">a</a> <a href="/blog/gone/">g</a> <a href="/blog/posts/a/#y">y</a>
            <a href="https://other.example/">o</a> <a href="http://other.example/">h</a> <a href="a/">r</a>
            <a href="/blog/posts/a/">a</a> <a href="https://other.example/">o</a>
            """##
        let found = try await findings([
            "posts/index.html": links, "index.html": links, "posts/a/index.html": #"<h2 id="x">X</h2>"#,
        ])
        #expect(found.links == 16)
        #expect(found.anchors == 2)
        #expect(found.externalHosts == ["other.example"])
        let byPage = Dictionary(grouping: found.problems, by: \.page).mapValues { $0.map(\.link.url) }
        #expect(byPage["index.html"] == ["/blog/gone/", "/blog/posts/a/#y", "http://other.example/", "a/"])
        #expect(byPage["posts/index.html"] == ["/blog/gone/", "/blog/posts/a/#y", "http://other.example/"])
    }

    /// A link over `http:` warns whatever the case of its scheme.
    @Test(arguments: [
        ("http://example.org/", true), ("HTTP://example.org/", true), ("hTtP:", true), ("https://example.org/", false),
        ("http", false), ("ftp://example.org/", false), ("", false), ("//example.org/", false),
    ])
    func tellsALinkOverHTTP(_ url: String, _ usesHTTP: Bool) {
        #expect(LinkCheck.usesHTTP(url) == usesHTTP)
    }

    /// Anchors are looked up in a page's list, or in a set for a page with many.
    @Test func findsAnAnchorOfAPageWithFewOrMany() {
        let many = (0...LinkCheck.SiteIndex.setThreshold).map { "h\($0)" }
        let index = LinkCheck.SiteIndex(
            files: ["a.html", "b.html"], anchors: ["a.html": ["x", "y"], "b.html": many],
            anchorSets: ["b.html": Set(many)], refreshes: [:])
        #expect(index.hasAnchor("y", in: "a.html") && !index.hasAnchor("h1", in: "a.html"))
        #expect(index.hasAnchor("h1", in: "b.html") && !index.hasAnchor("x", in: "b.html"))
        #expect(!index.hasAnchor("x", in: "c.html"))
    }

    @Test func aMissingPageAndAMissingElementAreErrors() async throws {
        let found = try await findings([
            "index.html": ##"<a href="posts/b/">b</a> <a href="posts/a/#y">a</a>"##,
            "posts/a/index.html": #"<h2 id="x">X</h2>"#,
        ])
        #expect(
            found.problems.map(\.message) == [
                "link to 'posts/b/' finds nothing (did you mean 'posts/a/'?)",
                "link to 'posts/a/#y' finds no element with id 'y' in 'posts/a/' (did you mean '#x'?)",
            ])
    }

    /// A post's link is placed at its line and column in the Markdown; the same URL written twice on the
    /// page but once in the Markdown places the other in the template, whose base names it.
    @Test func problemsArePlacedAtTheirSources() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "link-sources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appending(path: "site-template"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appending(path: "content/posts"), withIntermediateDirectories: true)
        try "---\ntitle: A\n---\nSee [b](/blog/b/)\nand [c](/blog/c/).\n".write(
            to: root.appending(path: "content/posts/a.md"), atomically: true, encoding: .utf8)
        try "<nav><a href=\"{{site.base_path}}b/\">B</a></nav>\n".write(
            to: root.appending(path: "site-template/base.mustache"), atomically: true, encoding: .utf8)
        func problem(_ url: String) -> LinkCheck.Problem {
            LinkCheck.Problem(
                page: "posts/a/index.html", link: PageScan.Link(attribute: "href", url: url, offset: 0),
                severity: .error, message: "link to '\(url)' finds nothing")
        }
        let diagnostics = LinkCheck.diagnostics(
            [problem("/blog/b/"), problem("/blog/b/"), problem("/blog/c/")],
            origins: [
                "posts/a/index.html": .markdown(source: "content/posts/a.md", template: "site-template/post.mustache")
            ],
            root: root, basePath: "/blog/")
        #expect(
            diagnostics.map(\.description) == [
                "content/posts/a.md:4:9: error: link to '/blog/b/' finds nothing",
                "site-template/base.mustache:1:33: error: link to '/blog/b/' finds nothing",
                "content/posts/a.md:5:9: error: link to '/blog/c/' finds nothing",
            ])
    }
}
