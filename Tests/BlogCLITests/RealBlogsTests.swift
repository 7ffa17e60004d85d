import Foundation
import Testing

/// `blog import` on real blogs nobody on this project wrote: `../shared/realblogs` holds Jekyll and Hugo sites
/// with `expected.json`, where and when Jekyll or Hugo itself published every post (its README says how). Each
/// is imported and built, and every post's URL (page or redirect), title, instant and summary, and every
/// alias, must be the engine's. A bare clone has no corpus: the tests say so and skip, unless
/// `BLOG_REQUIRE_REALBLOGS=1` (CI sets it), where a missing corpus fails.
@Suite struct RealBlogsTests {
    static let corpus =
        ProcessInfo.processInfo.environment["BLOG_REALBLOGS"].map { URL(filePath: $0) }
        ?? repositoryRoot.deletingLastPathComponent().appending(path: "shared/realblogs")
    static let isPresent = FileManager.default.fileExists(atPath: corpus.appending(path: "README.md").path)
    static let isRequired = ProcessInfo.processInfo.environment["BLOG_REQUIRE_REALBLOGS"] == "1"
    /// Every folder of the corpus with an `expected.json`; BLOG_REALBLOGS may name another corpus of the same shape.
    static let blogs = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
        .filter { FileManager.default.fileExists(atPath: corpus.appending(path: "\($0)/expected.json").path) }

    @Test func theCorpusIsThereWhereRequired() {
        if !Self.isPresent {
            print(
                "note: the real blogs are not at \(Self.corpus.path); RealBlogsTests skipped (set BLOG_REALBLOGS to "
                    + "their folder; BLOG_REQUIRE_REALBLOGS=1 makes this a failure)")
        }
        #expect(
            Self.isPresent && !Self.blogs.isEmpty || !Self.isRequired,
            "BLOG_REQUIRE_REALBLOGS=1 but there is no corpus at \(Self.corpus.path)")
    }

    /// One post of expected.json.
    struct Expected: Decodable {
        var path: String
        var url: String
        var title: String
        var date: String
        var aliases: [String]
        var summary: String?
    }

    /// What the built site says of one post, from its feed.
    struct Published {
        var title: String
        var date: Date
        var summary: String
    }

    @Test(.enabled(if: isPresent || isRequired, "needs ../shared/realblogs"), arguments: blogs)
    func anImportedBlogPublishesWhatItsEngineDid(_ name: String) throws {
        let blog = Self.corpus.appending(path: name)
        let data = try Data(contentsOf: blog.appending(path: "expected.json"))
        let expected = try JSONDecoder().decode([Expected].self, from: data)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try copySite(blog, to: old)
        let new = folder.appending(path: "new")
        let isJekyll = ["_config.yml", "_posts"].contains {
            FileManager.default.fileExists(atPath: old.appending(path: $0).path)
        }
        let engine = isJekyll ? "jekyll" : "hugo"
        let imported = try runBlog(["import", engine, old.path, new.path])
        try #require(imported.status == 0, "\(imported.stderr)")
        let built = try runBlog(["build", "--future", "--site", new.path])
        try #require(built.status == 0, "\(built.stderr)")

        let output = new.appending(path: "public")
        let posts = try publishedPosts(output)
        var wrong: [String: [String]] = [:]
        func record(_ kind: String, _ text: String) { wrong[kind, default: []].append(text) }
        var landings: [String: String] = [:]
        for post in expected {
            guard let page = landing(post.url, in: output) else {
                record("url", "\(post.url) is not served (\(post.path))")
                continue
            }
            if let other = landings[page] { record("url", "\(post.url) lands on \(page), as \(other) does") }
            landings[page] = post.url
            guard let published = posts[page] else {
                // The site's root is the new site's home page, which lists the posts: the import says so.
                let moved = "\(post.path): warning: its URL \(post.url) is the new site's own"
                if imported.stderr.contains(moved) { continue }
                // A page of the site's root folder (Hugo's content/about.md) stands alone, out of the feed.
                let html = (try? String(contentsOf: output.appending(path: page), encoding: .utf8)) ?? ""
                if !Self.words(post.title).isEmpty,
                    Self.words(post.title).allSatisfy(Self.words(html).contains)
                {
                    continue
                }
                record("url", "\(post.url) lands on \(page), which is no post in the feed")
                continue
            }
            if published.title != post.title {
                record("title", "\(post.url): \(published.title) instead of \(post.title)")
            }
            if let date = Self.instant(post.date), abs(published.date.timeIntervalSince(date)) >= 1 {
                record("date", "\(post.url): \(published.date) instead of \(post.date)")
            }
            if let summary = post.summary, Self.words(summary) != Self.words(published.summary) {
                record("summary", "\(post.url): \(published.summary.prefix(120)) instead of \(summary.prefix(120))")
            }
            for alias in post.aliases where landing(alias, in: output) != page {
                record("alias", "\(alias) does not lead to \(post.url)")
            }
        }
        let counts = ["url", "title", "date", "summary", "alias"].map { "\($0): \(wrong[$0]?.count ?? 0) wrong" }
        let examples = wrong.values.flatMap { $0.prefix(5) }
        #expect(wrong.isEmpty, "\(name), \(expected.count) posts; \(counts.joined(separator: ", ")); \(examples)")
    }

    /// The blog without the corpus's own files, which are not part of the site.
    func copySite(_ blog: URL, to destination: URL) throws {
        // The folder itself, not a link to it: what is removed below is removed from the copy only.
        try FileManager.default.copyItem(at: blog.resolvingSymlinksInPath(), to: destination)
        for name in try FileManager.default.contentsOfDirectory(atPath: destination.path)
        where ["expected.json", "oracle"].contains(name)
            || ["LICENSE", "NOTICE", "COPYING"].contains(where: name.hasPrefix)
        {
            try FileManager.default.removeItem(at: destination.appending(path: name))
        }
        // The corpus is read-only; the copy must not be, so that the folder can be removed.
        let enumerator = FileManager.default.enumerator(atPath: destination.path)
        while let path = enumerator?.nextObject() as? String {
            let item = destination.appending(path: path).path
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: item)
        }
    }

    /// The output file a URL path is served from (the file, its `index.html` or its `.html`), after a
    /// meta-refresh redirect page, relative to the output folder.
    func landing(_ url: String, in output: URL, hops: Int = 0) -> String? {
        let path = (url.removingPercentEncoding ?? url).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let candidates = [path, path + "/index.html", path + ".html"]
            .map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
        guard
            let file = candidates.first(where: { candidate in
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: output.appending(path: candidate).path, isDirectory: &isFolder)
                return exists && !isFolder.boolValue
            })
        else { return nil }
        guard hops < 3, let html = try? String(contentsOf: output.appending(path: file), encoding: .utf8),
            let range = html.range(
                of: #"http-equiv="refresh"[^>]*url=([^"\s>]+)"#,
                options: [.regularExpression, .caseInsensitive])
        else { return file }
        let target = String(html[range]).components(separatedBy: "url=").last ?? ""
        let unescaped = target.replacingOccurrences(of: "&amp;", with: "&")
        return landing(URL(string: unescaped)?.path ?? unescaped, in: output, hops: hops + 1)
    }

    /// Every post of the site feed and its archive pages, by the output file of its page.
    func publishedPosts(_ output: URL) throws -> [String: Published] {
        var posts: [String: Published] = [:]
        var next: String? = "feed.json"
        var pages = 0
        while let page = next, pages < 1000 {
            let data = try Data(contentsOf: output.appending(path: page))
            let feed = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            for item in feed["items"] as? [[String: Any]] ?? [] {
                guard let url = item["url"] as? String, let path = URL(string: url)?.path,
                    let file = landing(path, in: output), let title = item["title"] as? String,
                    let date = (item["date_published"] as? String).flatMap(Self.instant)
                else { continue }
                posts[file] = Published(title: title, date: date, summary: item["summary"] as? String ?? "")
            }
            next = (feed["next_url"] as? String).flatMap { URL(string: $0)?.path }.map { String($0.drop { $0 == "/" }) }
            pages += 1
        }
        return posts
    }

    static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? fractional.date(from: text)
    }

    /// Words, not typography: curly or straight quotes, dashes and spacing do not count.
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
