import Foundation
import JSONFeed
import Testing

@testable import BlogCore

@Suite struct SiteBuilderTests {
    func build(_ site: Site, now: Date = fixedNow) async throws -> (BuildSummary, URL) {
        let summary = try await SiteBuilder(site: site).build(BuildOptions(now: now))
        return (summary, site.root.appending(path: "public"))
    }

    func files(_ root: URL, under folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: root.appending(path: folder).path)) ?? []).sorted()
    }

    @Test func zeroPostsGiveOneEmptyIndexPage() async throws {
        let site = try makeSite(posts: [:])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (summary, output) = try await build(site)
        #expect(summary.posts == 0)
        let index = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("<p>No posts yet.</p>"))
        #expect(!index.contains("class=\"pagination\""))
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "page").path))
        let feed = try String(contentsOf: output.appending(path: "feed.json"), encoding: .utf8)
        #expect(feed.contains("\"items\": []"))
    }

    @Test func exactlyOnePageHasNoPagination() async throws {
        let site = try makeSite(posts: ["a.md": post("A", "2024-01-01"), "b.md": post("B", "2024-01-02")])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (_, output) = try await build(site)
        let index = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(!index.contains("class=\"pagination\""))
        #expect(index.range(of: "/blog/posts/b/")!.lowerBound < index.range(of: "/blog/posts/a/")!.lowerBound)
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "page").path))
    }

    @Test func oneMoreThanAPageMakesASecondPage() async throws {
        let site = try makeSite(posts: [
            "a.md": post("A", "2024-01-01"), "b.md": post("B", "2024-01-02"), "c.md": post("C", "2024-01-03"),
        ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (_, output) = try await build(site)
        #expect(files(output, under: "page") == ["2", "2/index.html"])
        let first = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(first.contains("<a rel=\"next\" href=\"/blog/page/2/\">"))
        #expect(!first.contains("rel=\"prev\""))
        let second = try String(contentsOf: output.appending(path: "page/2/index.html"), encoding: .utf8)
        #expect(second.contains("<a rel=\"prev\" href=\"/blog/\">"))
        #expect(!second.contains("rel=\"next\""))
        #expect(second.contains("/blog/posts/a/") && !second.contains("/blog/posts/c/\""))
    }

    @Test func tagsWithSpacesAndUnicode() async throws {
        let site = try makeSite(posts: [
            "a.md": post("A", "2024-01-01", tags: ["Open Source", "日本語", "Café"]),
            "b.md": post("B", "2024-01-02", tags: ["open source", "cafe"]),
        ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (summary, output) = try await build(site)
        #expect(summary.tags == 3)
        var expected: Set<String> = ["index.html"]
        for tag in ["cafe", "open-source", "日本語"] {
            expected.insert(tag)
            for file in ["index.html", "feed.json", "atom.xml", "rss.xml"] { expected.insert("\(tag)/\(file)") }
        }
        #expect(Set(files(output, under: "tags")) == expected)
        let tags = try String(contentsOf: output.appending(path: "tags/index.html"), encoding: .utf8)
        #expect(
            tags.contains("<a href=\"/blog/tags/%E6%97%A5%E6%9C%AC%E8%AA%9E/\">日本語</a> <span class=\"count\">1</span>"))
        #expect(tags.contains("<a href=\"/blog/tags/open-source/\">open source</a> <span class=\"count\">2</span>"))
    }

    @Test func subPathBaseURLIsHonouredEverywhere() async throws {
        let site = try makeSite(
            yaml: "title: T\nbase_url: https://example.com/deep/blog/\n",
            posts: ["a.md": post("A", "2024-01-01", tags: ["x"], body: "[home](/deep/blog/)")])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (_, output) = try await build(site)
        for file in ["index.html", "posts/a/index.html", "tags/x/index.html", "archive/index.html", "404.html"] {
            let html = try String(contentsOf: output.appending(path: file), encoding: .utf8)
            let hrefs = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix(while: { $0 != "\"" }) }
            for href in hrefs where !href.hasPrefix("#") {
                #expect(
                    href.hasPrefix("/deep/blog/") || href.hasPrefix("https://example.com/deep/blog/"),
                    "\(file): \(href)")
            }
            #expect(
                html.contains(
                    "<link rel=\"alternate\" type=\"application/feed+json\" title=\"T (JSON Feed)\" href=\"https://example.com/deep/blog/feed.json\">"
                ))
            #expect(
                html.contains(
                    "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"T (Atom)\" href=\"https://example.com/deep/blog/atom.xml\">"
                ))
        }
    }

    @Test func futureAndDraftPostsAreLeftOut() async throws {
        let site = try makeSite(posts: [
            "a.md": post("A", "2024-01-01"),
            "later.md": post("Later", "2030-01-01"),
            "draft.md": "---\ntitle: D\ndate: 2024-01-01\ndraft: true\n---\nx\n",
        ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (summary, _) = try await build(site)
        #expect(summary.posts == 1)
        #expect(summary.draftsSkipped == 1)
        #expect(summary.futureSkipped == 1)
        let (later, _) = try await build(site, now: Date(timeIntervalSince1970: 2_000_000_000))
        #expect(later.posts == 2)
    }

    @Test func twoPostsOnOneURLIsAnErrorNamingBoth() async throws {
        let site = try makeSite(posts: [
            "2024-01-01-same.md": post("A", "2024-01-01"), "2024-02-01-same.md": post("B", "2024-02-01"),
        ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        do {
            _ = try await build(site)
            Issue.record("built")
        } catch let error as DiagnosticError {
            #expect(
                error.diagnostics.map(\.description) == [
                    "content/posts/2024-02-01-same.md: error: content/posts/2024-01-01-same.md and content/posts/2024-02-01-same.md would both be published at /posts/same/; give one of them another 'slug'"
                ])
        }
    }

    @Test func feedHoldsTheNewestItemsWithMilliseconds() async throws {
        let site = try makeSite(
            yaml: "title: T\nbase_url: https://example.com/\nfeed:\n  item_limit: 2\n",
            posts: [
                "a.md": post("A", "2024-01-01T10:00:00.123+01:00"), "b.md": post("B", "2024-01-02"),
                "c.md": post("C", "2024-01-03"),
            ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let (_, output) = try await build(site)
        let feed = try decodeFeed(output.appending(path: "feed.json"))
        #expect(feed.items.map(\.id) == ["https://example.com/posts/c/", "https://example.com/posts/b/"])
        #expect(feed.feedURL == "https://example.com/feed.json")
    }

    @Test func embeddedThemeEqualsTheFolder() throws {
        var onDisk: [String: String] = [:]
        let theme = repositoryRoot.appending(path: "site-template")
        for path in try FileManager.default.subpathsOfDirectory(atPath: theme.path) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: theme.appending(path: path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            {
                onDisk[path] = try String(contentsOf: theme.appending(path: path), encoding: .utf8)
            }
        }
        let embedded = Dictionary(uniqueKeysWithValues: DefaultTheme.files.map { ($0.path, $0.contents) })
        #expect(embedded.keys.sorted() == onDisk.keys.sorted(), "run scripts/embed-theme")
        for (path, text) in onDisk where embedded[path] != text {
            Issue.record("\(path) differs from DefaultTheme.swift; run scripts/embed-theme")
        }
    }

    /// Bodies leave the sources when read and are handed out once, so that each is freed with its page.
    @Test func bodiesAreTakenFromTheSourcesAndHandedOutOnce() {
        func source(_ name: String, body: String?) -> LoadedFile {
            let post = body.map {
                Post(
                    kind: .post, source: "content/posts/\(name).md", bundleFolder: nil, slug: name, title: name,
                    date: fixedNow, updated: nil,
                    summary: nil, tags: [], image: nil, bannerImage: nil, externalURL: nil, language: nil, authors: nil,
                    isDraft: false,
                    attachments: [], extensions: [:], body: $0, bodyFirstLine: 4)
            }
            return LoadedFile(
                file: ContentFile(path: "content/posts/\(name).md", kind: .post, bundle: nil), post: post,
                diagnostics: [], hash: 1, stamp: nil, rendered: nil)
        }
        var sources = [source("a", body: "Body of a."), source("broken", body: nil), source("c", body: "Body of c.")]
        let bodies = PostBodies(taking: &sources)
        #expect(sources.map { $0.post?.body } == ["", nil, ""])
        #expect(sources[2].post?.bodyFirstLine == 4)
        #expect(bodies.take(2) == "Body of c.")
        #expect(bodies.take(2) == "")
        #expect(bodies.take(1) == "")
        #expect(bodies.take(0) == "Body of a.")
    }

    /// Sources are opened without following links; a link that stays inside the site is still followed.
    @Test func symbolicLinkInsideTheSiteIsFollowed() async throws {
        let site = try makeSite(posts: ["bundle/index.md": post("Bundle", "2024-01-02")])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let notes = site.root.appending(path: "notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try post("Linked", "2024-01-01", body: "Linked body.").write(
            to: notes.appending(path: "linked.md"), atomically: true, encoding: .utf8)
        try post("Inner", "2024-01-03", body: "Inner body.").write(
            to: notes.appending(path: "inner.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: site.root.appending(path: "content/posts/linked.md").path,
            withDestinationPath: "../../notes/linked.md")
        let bundleIndex = site.root.appending(path: "content/posts/bundle/index.md").path
        try FileManager.default.removeItem(atPath: bundleIndex)
        try FileManager.default.createSymbolicLink(atPath: bundleIndex, withDestinationPath: "../../../notes/inner.md")
        let (summary, output) = try await build(site)
        #expect(summary.posts == 2)
        #expect(
            try String(contentsOf: output.appending(path: "posts/linked/index.html"), encoding: .utf8).contains(
                "<p>Linked body.</p>"))
        #expect(
            try String(contentsOf: output.appending(path: "posts/bundle/index.html"), encoding: .utf8).contains(
                "<p>Inner body.</p>"))
    }
}

func decodeFeed(_ url: URL) throws -> Feed {
    try FeedDecoder().decode(from: Data(contentsOf: url))
}

@Suite struct TemplateContextTests {
    /// A post with a value for every name the `post` object has: tags, authors, attachments, dates.
    static func samplePublished() throws -> PublishedPost {
        let post = Post(
            kind: .post, source: "content/posts/a.md", bundleFolder: nil, slug: "a", title: "A", date: fixedNow,
            updated: fixedNow,
            summary: "s", tags: ["t"], image: "i.png", bannerImage: nil, externalURL: "https://e.org/", language: nil,
            authors: [.init(name: "N", url: "https://n.example")], isDraft: false,
            attachments: [.init(url: "a.mp3", mimeType: "audio/mpeg")], extensions: [:], body: "", bodyFirstLine: 1)
        let rendered = RenderedPost(html: "", feedHTML: "", summary: "s", wordCount: 1, diagnostics: [])
        return PublishedPost(
            post: post, rendered: rendered, url: "/posts/a/", permalink: "https://e.org/posts/a/", tags: [("t", "t")])
    }

    /// A `post` value is made when the theme's text mentions its name anywhere, in any delimiters, and
    /// left out otherwise; with no list of words, every value is made.
    @Test func postValuesFollowTheWordsTheThemeMentions() throws {
        let published = try Self.samplePublished()
        let text = "{{=<% %>=}}<%#post.tags%><%name%><%/post.tags%><%date_short%>"
        #expect(TemplateLint.words(in: text) == ["post", "tags", "name", "date_short"])
        func context(_ mentioned: Set<String>?) throws -> PageContext {
            PageContext(
                configuration: try configuration(), routes: Routes(configuration: try configuration()),
                navigation: [], mentioned: mentioned)
        }
        let lean = try context(TemplateLint.words(in: text)).post(published, includingContent: true)
        let full = try context(nil).post(published, includingContent: true)
        #expect((lean["tags"] as? [TemplateObject])?.count == 1)
        #expect(lean["date_short"] != nil)
        for name in ["date_display", "updated_display"] {
            #expect(lean[name] == nil, "\(name)")
            #expect(full[name] != nil, "\(name)")
        }
        #expect((lean["authors"] as? [TemplateObject])?.isEmpty == true)
        #expect((full["authors"] as? [TemplateObject])?.count == 1)
        #expect((lean["attachments"] as? [TemplateObject])?.isEmpty == true)
        #expect((full["attachments"] as? [TemplateObject])?.count == 1)
        // What a theme tests without showing stays true.
        #expect(lean["has_authors"] as? Bool == true)
        #expect(lean["has_attachments"] as? Bool == true)
    }

    /// Every key PageContext gives templates is one TemplateLint knows, so the lint never flags a real variable.
    @Test func lintKnowsEveryContextKey() throws {
        let context = PageContext(
            configuration: try configuration(), routes: Routes(configuration: try configuration()),
            navigation: [("About", "/about/")])
        let published = try Self.samplePublished()
        var keys = Set<String>()
        func collect(_ value: Any) {
            if let object = value as? TemplateObject {
                for (key, child) in object.pairs {
                    keys.insert(key)
                    collect(child)
                }
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(context.site)
        collect(
            context.page(
                title: "T", description: "D", url: "/", type: "article", image: "https://e.org/i.png",
                published: fixedNow))
        collect(context.post(published, includingContent: true))
        #expect(keys.subtracting(TemplateLint.knownNames).isEmpty, "\(keys.subtracting(TemplateLint.knownNames))")
        #expect(TemplateLint.unknownSegment(in: "post.titel") == "titel")
        #expect(TemplateLint.unknownSegment(in: "reversed(posts)") == nil)
    }

    /// The list-entry hash changes with every value the default theme's lists show, and with nothing else.
    @Test func listEntryHashFollowsWhatListsShow() throws {
        let (templates, _) = try TemplateSet.load(
            from: repositoryRoot.appending(path: "site-template"), displayFolder: "site-template")
        let pages = SitePages(
            context: PageContext(
                configuration: try configuration(), routes: Routes(configuration: try configuration()), navigation: []),
            templates: templates)
        func hash(
            title: String = "A", summary: String = "s", words: Int = 10, tags: [(String, String)] = [("t", "t")],
            authors: [SiteConfiguration.Author]? = [.init(name: "N", url: nil)], body: String = "",
            date: Date = fixedNow
        ) -> UInt64 {
            let post = Post(
                kind: .post, source: "content/posts/a.md", bundleFolder: nil, slug: "a", title: title, date: date,
                updated: nil,
                summary: nil, tags: tags.map(\.0), image: nil, bannerImage: nil, externalURL: nil, language: nil,
                authors: authors, isDraft: false, attachments: [], extensions: [:], body: body, bodyFirstLine: 1)
            let rendered = RenderedPost(
                html: PostHTML(bytes: Array(body.utf8)), feedHTML: "", summary: summary, wordCount: words,
                diagnostics: [])
            return pages.listEntryHash(
                PublishedPost(
                    post: post, rendered: rendered, url: "/posts/a/", permalink: "https://e.org/posts/a/", tags: tags))
        }
        let base = hash()
        #expect(hash() == base)
        let changed = [
            hash(title: "B"), hash(summary: "t"), hash(words: 500), hash(tags: []),
            hash(tags: [("t", "t"), ("u", "u")]),
            hash(tags: [("T", "t")]), hash(authors: [.init(name: "N", url: "")]),
            hash(authors: [.init(name: "M", url: nil)]),
            hash(date: fixedNow.addingTimeInterval(86_400)), hash(title: "s1:A"),
        ]
        #expect(Set(changed + [base]).count == changed.count + 1)
        // The page body and a word count within the same reading minute are not shown in lists.
        #expect(hash(words: 11, body: "<p>other</p>") == base)
    }

    /// The text that list-entry hashes are made of is part of the cache: the same values must give the same
    /// bytes in every version, whichever way a value is typed.
    @Test func stableTextIsTheSameForEveryTyping() {
        func text(_ value: Any) -> String {
            var bytes: [UInt8] = []
            SitePages.appendStableText(value, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        let tags = "[{s4:name:s5:Swift,s3:url:s12:/tags/swift/,},{s4:name:s5:Ünï,s3:url:s9:/tags/un/,},]"
        #expect(text([["name": "Swift", "url": "/tags/swift/"], ["url": "/tags/un/", "name": "Ünï"]]) == tags)
        #expect(
            text(
                [["name": "Swift", "url": "/tags/swift/"] as [String: Any], ["url": "/tags/un/", "name": "Ünï"]]
                    as [Any]) == tags)
        #expect(
            text([
                TemplateObject(["name": "Swift", "url": "/tags/swift/"]),
                TemplateObject(["url": "/tags/un/", "name": "Ünï"]),
            ]) == tags)
        #expect(text(["b": "2", "a": "1"]) == "{s1:a:s1:1,s1:b:s1:2,}")
        #expect(text(TemplateObject(["b": "2", "a": 1, "c": nil])) == "{s1:a:i1,s1:b:s1:2,}")
        #expect(text(["b": "2", "a": 1] as [String: Any]) == "{s1:a:i1,s1:b:s1:2,}")
        #expect(text([String]()) == "[]")
        #expect(
            text(["x", 3, true, Optional<String>.none as Any, Optional("y") as Any] as [Any]) == "[s1:x,i3,T,nil,s1:y,]"
        )
    }

    /// A rendered post's entry hash comes with its page; it must be the one a carried-over post gets.
    @Test func pageGivesTheListEntryHash() throws {
        let (templates, _) = try TemplateSet.load(
            from: repositoryRoot.appending(path: "site-template"), displayFolder: "site-template")
        let pages = SitePages(
            context: PageContext(
                configuration: try configuration(), routes: Routes(configuration: try configuration()), navigation: []),
            templates: templates)
        for kind in [Post.Kind.post, .page] {
            let post = Post(
                kind: kind, source: "content/posts/a.md", bundleFolder: nil, slug: "a", title: "A", date: fixedNow,
                updated: nil,
                summary: nil, tags: ["t"], image: nil, bannerImage: nil, externalURL: nil, language: nil,
                authors: nil, isDraft: false, attachments: [], extensions: [:], body: "Body", bodyFirstLine: 1)
            let rendered = RenderedPost(
                html: "<p>Body</p>", feedHTML: "", summary: "Body", wordCount: 1, diagnostics: [])
            let published = PublishedPost(
                post: post, rendered: rendered, url: "/posts/a/", permalink: "https://e.org/posts/a/",
                tags: [("t", "t")])
            let page = pages.page(for: published)
            #expect(String(decoding: page.html, as: UTF8.self).contains("<p>Body</p>"))
            #expect(page.entryHash == (kind == .post ? pages.listEntryHash(published) : 0))
            // List pages show the entry kept from the page: it must be what they would make themselves.
            if kind == .post {
                let entry = try #require(page.listEntry)
                var kept: [UInt8] = []
                var made: [UInt8] = []
                SitePages.appendStableText(entry, to: &kept)
                SitePages.appendStableText(pages.context.post(published, includingContent: false), to: &made)
                #expect(kept == made)
            } else {
                #expect(page.listEntry == nil)
            }
        }
    }
}
