import Foundation
import Testing

@testable import BlogCore

/// The feeds' URLs under `base_url` must find files of the output, a JSON Feed must pass the validator's
/// rules with warnings counted as errors, and the sitemap must list every published page and no other.
@Suite struct FeedCheckTests {
    func check(_ files: [String: String], published: [String]) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "feed-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let routes = Routes(configuration: try configuration())
        return await FeedCheck(routes: routes, folder: folder, files: Set(files.keys), outputName: "public")
            .run(publishedPages: published).map(\.description)
    }

    static let sitemap = """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>https://example.com/blog/</loc></url>
        <url><loc>https://example.com/blog/posts/gone/</loc></url>
        </urlset>
        """

    @Test func theSitemapListsEveryPublishedPageAndNoOther() async throws {
        let found = try await check(
            ["sitemap.xml": Self.sitemap, "index.html": "", "posts/a/index.html": ""],
            published: ["index.html", "posts/a/index.html"])
        #expect(
            found == [
                "public/sitemap.xml: error: lists 'https://example.com/blog/posts/gone/', which is no page of the site",
                "public/sitemap.xml: error: leaves out the page 'https://example.com/blog/posts/a/'",
            ])
    }

    @Test func aFeedURLThatFindsNothingIsAnErrorNamingItsMember() async throws {
        let feed = """
            {"version":"https://jsonfeed.org/version/1.1","title":"T","home_page_url":"https://example.com/blog/",
            "feed_url":"https://example.com/blog/feed.json","items":[
            {"id":"1","url":"https://example.com/blog/posts/a/","content_text":"x"},
            {"id":"2","url":"https://example.com/blog/posts/b/","content_text":"y","image":"https://cdn.example/i.png"}]}
            """
        let atom = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><link rel="alternate" href="https://example.com/blog/nothing/"/>
            <icon>https://example.com/blog/icon.png</icon></feed>
            """
        let found = try await check(
            [
                "feed.json": feed, "atom.xml": atom, "index.html": "", "posts/a/index.html": "",
                "sitemap.xml": "<urlset></urlset>",
            ], published: [])
        #expect(
            found == [
                "public/atom.xml: error: 'https://example.com/blog/nothing/' finds nothing",
                "public/atom.xml: error: 'https://example.com/blog/icon.png' finds nothing",
                "public/feed.json: error: items[1].url: 'https://example.com/blog/posts/b/' finds nothing",
            ])
    }

    static let sharedItems = [
        #"{"id":"1","url":"posts/a/","content_text":"x"}"#,
        #"{"id":"2","url":"https://example.com/blog/posts/b/","title":"<b>B</b>","content_text":"y"}"#,
        #"{"id":"3","url":"/blog/posts/a/","content_html":"<p>z</p>","authors":[{"url":"/blog/who/"}]}"#,
    ]

    /// Feeds holding the same items byte for byte (the main feed and a tag's), one twice.
    static func feedsSharingItems(prefix: String = "") -> [String: String] {
        func feed(_ path: String, _ items: [String]) -> String {
            prefix
                + #"{"version":"https://jsonfeed.org/version/1.1","title":"T","home_page_url":"https://example.com/blog/","#
                + #""feed_url":"https://example.com/blog/\#(path)","items":[\#(items.joined(separator: ",\n"))],"#
                + #""icon":"https://example.com/blog/icon.png"}"#
        }
        return [
            "feed.json": feed("feed.json", sharedItems),
            "tags/t/feed.json": feed("tags/t/feed.json", sharedItems.reversed() + sharedItems.prefix(1)),
            "index.html": "", "posts/a/index.html": "", "sitemap.xml": "<urlset></urlset>",
        ]
    }

    /// An item met in several feeds is validated once but reported in each, at its place there; a relative
    /// URL in it is read from each feed.
    @Test func anItemInSeveralFeedsIsReportedInEachAtItsPlace() async throws {
        let found = try await check(Self.feedsSharingItems(), published: [])
        #expect(
            found == [
                "public/feed.json: error: items[1].title: the title holds HTML markup or an entity, but titles are plain text [ITEM-TITLE]",
                "public/feed.json: error: items[1].url: 'https://example.com/blog/posts/b/' finds nothing",
                "public/feed.json: error: items[2].authors[0].url: '/blog/who/' finds nothing",
                "public/feed.json: error: icon: 'https://example.com/blog/icon.png' finds nothing",
                "public/tags/t/feed.json: error: items[1].title: the title holds HTML markup or an entity, but titles are plain text [ITEM-TITLE]",
                "public/tags/t/feed.json: error: items[3].id: id \"1\" is also the id of items[2]; ids must be unique [ITEM-ID-UNIQUE]",
                "public/tags/t/feed.json: error: items[0].authors[0].url: '/blog/who/' finds nothing",
                "public/tags/t/feed.json: error: items[1].url: 'https://example.com/blog/posts/b/' finds nothing",
                "public/tags/t/feed.json: error: items[2].url: 'posts/a/' finds nothing",
                "public/tags/t/feed.json: error: items[3].url: 'posts/a/' finds nothing",
                "public/tags/t/feed.json: error: icon: 'https://example.com/blog/icon.png' finds nothing",
            ])
        // A byte-order mark leaves the problems as they are, but the feeds are read whole.
        #expect(try await check(Self.feedsSharingItems(prefix: "\u{FEFF}"), published: []) == found)
    }

    @Test func aFeedTheValidatorWarnsAboutIsAnError() async throws {
        let feed = #"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[]}"#
        let found = try await check(["feed.json": feed, "sitemap.xml": "<urlset></urlset>"], published: [])
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.hasPrefix("public/feed.json: error: ") }, "\(found)")
    }
}
