import Foundation
import Testing

/// The whole archive through `next_url`: walking a feed from its first page gives every published post
/// exactly once, newest first, on pages that are valid feeds; each tag has feeds of exactly its posts;
/// adding a post leaves full archive pages as they were.
@Suite struct FeedArchiveTests {
    static let tags = ["swift", "日本語", "C & C++"]

    /// A site of `count` dated posts (every third a draft, one in the future), tagged in turn, with
    /// `item_limit` 3.
    func makeSite(count: Int) throws -> URL {
        let site = try makeFixtureSite("basic")
        let posts = site.appending(path: "content/posts")
        for name in try FileManager.default.contentsOfDirectory(atPath: posts.path) {
            try FileManager.default.removeItem(at: posts.appending(path: name))
        }
        for number in 1...count { try writePost(number, in: site) }
        return site
    }

    func writePost(_ number: Int, in site: URL, body: String = "Body.") throws {
        let tags = Self.tags.enumerated().filter { number % ($0.offset + 2) == 0 }.map { "\"\($0.element)\"" }
        let draft = number % 7 == 0 ? "draft: true\n" : ""
        let day = String(format: "%02d", number % 28 + 1)
        let month = String(format: "%02d", number / 28 + 1)
        try
            "---\ntitle: Post \(number)\ndate: 2020-\(month)-\(day)T10:00:\(String(format: "%02d", number % 60))Z\ntags: [\(tags.joined(separator: ", "))]\n\(draft)---\n\(body) [Up](../) <img src=\"cat.png\" srcset=\"cat.png 1x, /img/cat2.png 2x\">\n"
            .write(to: site.appending(path: "content/posts/post-\(number).md"), atomically: true, encoding: .utf8)
    }

    /// The items of a feed and the pages after it, following `next_url` inside the output folder.
    func walk(_ output: URL, from path: String) throws -> (
        ids: [String], dates: [String], tags: [[String]], pages: [String], contents: [String]
    ) {
        var ids: [String] = [], dates: [String] = [], tags: [[String]] = [], pages: [String] = [],
            contents: [String] = []
        var next: String? = path
        while let current = next {
            #expect(!pages.contains(current), "next_url loops back to \(current)")
            guard !pages.contains(current), pages.count < 1_000 else { break }
            pages.append(current)
            let data = try Data(contentsOf: output.appending(path: current))
            let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let items = feed["items"] as? [[String: Any]] ?? []
            #expect(items.count <= 3 && !items.isEmpty, "\(current): \(items.count) items")
            #expect(
                feed["feed_url"] as? String == "https://example.com/blog/" + current.addingPercentEncoding(
                    withAllowedCharacters: .urlPathAllowed)!)
            for item in items {
                ids.append(item["id"] as? String ?? "")
                dates.append(item["date_published"] as? String ?? "")
                tags.append(item["tags"] as? [String] ?? [])
                let content = item["content_html"] as? String ?? ""
                contents.append(content)
                #expect(
                    !content.contains("src=\"cat.png") && !content.contains("href=\"../")
                        && !content.contains(", /img"), "\(content)")
            }
            next = (feed["next_url"] as? String).map { url in
                #expect(url.hasPrefix("https://example.com/blog/"))
                return String(url.dropFirst("https://example.com/blog/".count)).removingPercentEncoding ?? url
            }
        }
        return (ids, dates, tags, pages, contents)
    }

    func published(_ count: Int) -> [Int] {
        (1...count).filter { $0 % 7 != 0 }
    }

    @Test func walkingNextURLGivesEveryPublishedPostOnceNewestFirstOnValidPages() throws {
        let site = try makeSite(count: 23)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let build = try runBlog(["build", "--site", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        let output = site.appending(path: "public")
        let walked = try walk(output, from: "feed.json")
        let expected = published(23).sorted { a, b in (a / 28, a % 28, a % 60) > (b / 28, b % 28, b % 60) }
            .map { "https://example.com/blog/posts/post-\($0)/" }
        #expect(walked.ids == expected)
        #expect(walked.dates == walked.dates.sorted(by: >))
        // The first page carries whole posts, the archive their summaries (feed.archive_content).
        #expect(walked.contents.prefix(3).allSatisfy { $0.contains("<img") })
        #expect(
            walked.contents.dropFirst(3).allSatisfy {
                $0.hasPrefix("<p>") && !$0.contains("<img") && $0.contains("Body.")
            }, "\(walked.contents)")
        for page in walked.pages {
            let result = try runBlog(["feed", "validate", "--strict", output.appending(path: page).path])
            #expect(result.status == 0, "\(page): \(result.stdout) \(result.stderr)")
        }

        for tag in Self.tags {
            let slugFolder = try #require(
                try FileManager.default.contentsOfDirectory(atPath: output.appending(path: "tags").path)
                    .first { folder in
                        let html =
                            (try? String(
                                contentsOf: output.appending(path: "tags/\(folder)/index.html"), encoding: .utf8)) ?? ""
                        return html.contains(
                            "<h1>Posts tagged “\(tag.replacingOccurrences(of: "&", with: "&amp;"))”</h1>")
                    })
            let tagWalk = try walk(output, from: "tags/\(slugFolder)/feed.json")
            let tagged = zip(walked.ids, walked.tags).filter { $0.1.contains(tag) }.map(\.0)
            #expect(tagWalk.ids == tagged, "\(tag)")
            #expect(!tagged.isEmpty)
            let page = try String(contentsOf: output.appending(path: "tags/\(slugFolder)/index.html"), encoding: .utf8)
            for file in ["feed.json", "atom.xml", "rss.xml"] {
                let url =
                    "https://example.com/blog/tags/\(slugFolder.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/\(file)"
                #expect(
                    page.contains("<link rel=\"alternate\" type=\"application/") && page.contains("href=\"\(url)\""),
                    "\(tag) \(file)")
                #expect(
                    FileManager.default.fileExists(atPath: output.appending(path: "tags/\(slugFolder)/\(file)").path))
            }
        }
    }

    @Test func aNewPostChangesOnlyTheFirstPageAndTheNewestArchivePage() throws {
        let site = try makeSite(count: 23)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let output = site.appending(path: "public")
        let before = try treeFiles(output.appending(path: "feed"))
        // Post 30 is the newest: one post moves from feed.json to the newest archive page.
        try writePost(30, in: site)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let after = try treeFiles(output.appending(path: "feed"))
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        let newest = before.keys.compactMap { Int($0.dropLast(".json".count)) }.max() ?? 0
        // 20 published posts: 3 on the first page and 17 in archive pages 1-6, the sixth holding 2; now it holds 3.
        #expect(newest == 6)
        #expect(changed == ["\(newest).json"], "\(changed.sorted())")
        #expect(try walk(output, from: "feed.json").ids.count == published(23).count + 1)

        // An edit to an old post's body reaches its archive page, and only that page, in an incremental build.
        try writePost(2, in: site, body: "Edited body.")
        let edited = try runBlog(["build", "--site", site.path])
        #expect(edited.status == 0, "\(edited.stderr)")
        let third = try treeFiles(output.appending(path: "feed"))
        let changedByEdit = Set(third.keys.filter { third[$0] != after[$0] })
        #expect(changedByEdit.count == 1, "\(changedByEdit.sorted())")
        let editedPage = try #require(changedByEdit.first)
        let page = try String(decoding: #require(third[editedPage]), as: UTF8.self)
        #expect(page.contains("Edited body."))
        // The same as a clean build makes.
        try FileManager.default.removeItem(at: site.appending(path: ".blog-cache"))
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        #expect(try treeFiles(output.appending(path: "feed")) == third)
    }

    @Test func blogYAMLCanSwitchTheArchiveAndTagFeedsOff() throws {
        let site = try makeSite(count: 10)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        try
            (String(contentsOf: yaml, encoding: .utf8).replacingOccurrences(
                of: "feed:\n", with: "feed:\n  archive: false\n  tags: false\n"))
            .write(to: yaml, atomically: true, encoding: .utf8)
        let build = try runBlog(["build", "--site", site.path])
        #expect(build.status == 0 && !build.stderr.contains("feed"), "\(build.stderr)")
        let output = site.appending(path: "public")
        let feed = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: output.appending(path: "feed.json")))
                as? [String: Any])
        #expect(feed["next_url"] == nil && (feed["items"] as? [Any])?.count == 3)
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "feed").path))
        let files = try treeFiles(output.appending(path: "tags")).keys
        #expect(!files.isEmpty && files.allSatisfy { $0.hasSuffix("index.html") }, "\(files.sorted())")
        let page = try String(contentsOf: output.appending(path: "tags/swift/index.html"), encoding: .utf8)
        #expect(!page.contains("tags/swift/feed.json") && !page.contains("Follow this tag"))
    }

    @Test func blogYAMLCanPutWholePostsInTheArchive() throws {
        let site = try makeSite(count: 10)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        try
            (String(contentsOf: yaml, encoding: .utf8).replacingOccurrences(
                of: "feed:\n", with: "feed:\n  archive_content: full\n"))
            .write(to: yaml, atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let walked = try walk(site.appending(path: "public"), from: "feed.json")
        #expect(walked.ids.count == 9 && walked.pages.count == 3)
        #expect(
            walked.contents.allSatisfy { $0.contains("<img src=\"https://example.com/blog/posts/") },
            "\(walked.contents)")
        try
            (String(contentsOf: yaml, encoding: .utf8).replacingOccurrences(
                of: "archive_content: full", with: "archive_content: whole"))
            .write(to: yaml, atomically: true, encoding: .utf8)
        #expect(
            try runBlog(["build", "--site", site.path]).stderr.contains(
                "'archive_content' must be full or summary, got \"whole\""))
    }

    /// A page may be called feed (its page is feed/index.html beside the archive's pages), but no permalink
    /// may take a feed file's path.
    @Test func aPermalinkCannotTakeAFeedsPath() throws {
        let site = try makeSite(count: 10)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try "---\ntitle: Subscribe\n---\nHow to follow.\n".write(
            to: site.appending(path: "content/pages/feed.md"), atomically: true, encoding: .utf8)
        let build = try runBlog(["build", "--site", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/feed/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/feed/1.json").path))
        for permalink in ["/feed/1.json", "/tags/swift/feed.json", "/sitemap.xml"] {
            try "---\ntitle: Clash\npermalink: \(permalink)\n---\nx\n".write(
                to: site.appending(path: "content/pages/clash.md"), atomically: true, encoding: .utf8)
            let clash = try runBlog(["build", "--site", site.path])
            #expect(clash.status == 1)
            #expect(
                clash.stderr.contains(
                    "content/pages/clash.md: error: its page would be \(permalink.dropFirst()), which the build writes"),
                "\(clash.stderr)")
        }
    }
}
