import Foundation

/// Where everything a build makes goes: each output's path in the output folder and its public URL.
///
/// The one place that spells the engine's paths: a new output is a new route here and a step that writes
/// it. Paths are relative to the output folder and not encoded (`posts/café/index.html`); URLs are
/// root-relative, start with the base path of `base_url` and have each segment percent-encoded
/// (`/blog/posts/caf%C3%A9/`); ``absolute(_:)`` puts the origin in front.
struct Routes: Sendable {
    /// One output: its file in the output folder and the URL a browser asks for.
    struct Route: Sendable, Equatable {
        /// Relative to the output folder, such as `tags/swift/index.html`.
        var path: String
        /// Root-relative, such as `/blog/tags/swift/`.
        var url: String
    }

    /// `/blog/` for `https://example.com/blog/`.
    let basePath: String
    /// `https://example.com/blog/`.
    let baseURL: String
    /// The host of ``baseURL``, lower-cased: every link to another site is compared with it.
    let baseHost: String?
    /// blog.yaml's `permalink:` pattern for posts; nil for `/posts/SLUG/`.
    let permalinkPattern: String?
    /// The site's zone, for the date parts of a post whose date was written without an offset.
    let timeZone: TimeZone
    /// Feed files blog.yaml moves (`feed.atom_path`).
    let feedPaths: [FeedFormat: String]

    init(configuration: SiteConfiguration) {
        basePath = configuration.basePath
        baseURL = configuration.baseURL
        baseHost = URL(string: configuration.baseURL)?.host()?.lowercased()
        permalinkPattern = configuration.permalink.map(Permalink.pattern(for:))
        timeZone = configuration.timeZone
        feedPaths = configuration.feedPaths
    }

    /// Names at the output's root that the engine's own outputs take, which a page's slug may not.
    static let reservedSlugs: Set<String> = [
        "posts", "tags", "page", "archive", "search", "feed.json", "atom.xml", "rss.xml", "sitemap.xml", "robots.txt",
        "404.html",
        "index.html",
    ]

    /// The folder of a post's or page's own page, relative to the output folder: `posts/SLUG/` or `SLUG/`
    /// by default, else the folder its permalink puts it in. A post folder's files are copied into it.
    func folder(of post: Post) -> String {
        let path = page(of: post).path
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// The output path of one encoded width of an image published at `output` (`posts/trip/photo.jpg` at
    /// 480 pixels in WebP is `posts/trip/photo-480w.webp` beside it).
    func imageRendition(ofOutput output: String, width: Int, fileExtension: String) -> String {
        let slash = output.lastIndex(of: "/").map { output.index(after: $0) } ?? output.startIndex
        let name = output[slash...].lastIndex(of: ".").map { String(output[..<$0]) } ?? output
        return name + "-\(width)w.\(fileExtension)"
    }

    /// A post's or page's own page: its own `permalink:`, else the site's pattern (posts), else
    /// `posts/SLUG/` or `SLUG/`.
    func page(of post: Post) -> Route {
        if let path = ownPath(of: post) {
            let output = Self.outputPath(ofPermalink: path)
            return Route(path: output, url: basePath + String(path.dropFirst()).pathEncoded)
        }
        let folder = post.kind == .post ? "posts/\(post.slug)/" : "\(post.slug)/"
        return Route(path: folder + "index.html", url: basePath + folder.pathEncoded)
    }

    /// The path from the site's root that front matter or the site's pattern gives a post, if any.
    private func ownPath(of post: Post) -> String? {
        // A post's own permalink may hold placeholders too, as Jekyll's may.
        if let permalink = post.permalink, !permalink.contains(":") || post.date == nil { return permalink }
        guard post.kind == .post, let pattern = post.permalink ?? permalinkPattern, let date = post.date else {
            return nil
        }
        let values = Permalink.Values(
            date: date, zone: post.dateOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone,
            name: post.customSlug ?? Self.fileTitle(of: post), fileName: Self.fileName(of: post),
            categories: post.categories)
        return Permalink.expand(pattern, values)
    }

    /// The source's file name (or bundle folder's name) without `.md`.
    private static func fileName(of post: Post) -> String {
        let parts = post.source.split(separator: "/")
        var name = parts.last.map(String.init) ?? ""
        if name == "index.md", parts.count >= 2 { name = String(parts[parts.count - 2]) }
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    /// Jekyll's title of a post: the file name without its date, as written.
    private static func fileTitle(of post: Post) -> String {
        let name = fileName(of: post)
        return FrontMatterDate.fromFileName(name)?.rest ?? name
    }

    /// The pattern that gives posts the URLs they have without `permalink:`, `/posts/SLUG/`.
    static let defaultPostPattern = "/posts/:slug/"

    /// The output file of a path from the site's root (a permalink or an old path): `index.html` in a
    /// folder for a path ending in `/`, the file for one with an extension, else the path plus `.html`.
    static func outputPath(ofPermalink path: String) -> String {
        var relative = String(path.dropFirst())
        if relative.isEmpty || relative.hasSuffix("/") { return relative + "index.html" }
        let last = relative.split(separator: "/").last ?? ""
        if !last.contains(".") { relative += ".html" }
        return relative
    }

    /// The path a page is published at, as a reader sees it: a folder's `index.html` is the folder.
    static func publishedPath(ofOutput path: String) -> String {
        path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
    }

    /// Redirect pages: each alias's output file and the URL path it was at.
    func alias(_ path: String) -> Route {
        Route(path: Self.outputPath(ofPermalink: path), url: basePath + String(path.dropFirst()).pathEncoded)
    }

    /// Page `number` (from 1) of the home page's list of posts.
    func index(page number: Int) -> Route {
        number == 1
            ? Route(path: "index.html", url: basePath)
            : Route(path: "page/\(number)/index.html", url: "\(basePath)page/\(number)/")
    }

    /// Page `number` (from 2) of the home page's list, as a path from the site's root: `/page/2/`.
    static func listPagePath(_ number: Int) -> String { "/page/\(number)/" }

    /// The page that lists every tag.
    var tags: Route { Route(path: "tags/index.html", url: "\(basePath)tags/") }

    /// The page of one tag, by its slug.
    func tag(_ slug: String) -> Route {
        Route(path: "tags/\(slug)/index.html", url: "\(basePath)tags/\(Slug.pathSegment(slug))/")
    }

    /// Every post by year.
    var archive: Route { Route(path: "archive/index.html", url: "\(basePath)archive/") }

    /// The page a host shows for a missing address.
    var notFound: Route { Route(path: "404.html", url: "\(basePath)404.html") }

    /// A feed of the whole site.
    func feed(_ format: FeedFormat) -> Route {
        let standard =
            switch format {
            case .json: "feed.json"
            case .atom: "atom.xml"
            case .rss: "rss.xml"
            }
        let name = feedPaths[format] ?? standard
        return Route(path: name, url: basePath + name.pathEncoded)
    }

    /// Page `number` of the site feed's archive, numbered from the oldest posts, so that a page keeps its
    /// number and its posts as new posts come: `feed/1.json`.
    func feedArchive(_ number: Int) -> Route {
        Route(path: "feed/\(number).json", url: "\(basePath)feed/\(number).json")
    }

    /// The feed of one tag, by its slug, beside its page: `tags/swift/feed.json`.
    func tagFeed(_ slug: String, _ format: FeedFormat) -> Route {
        let name =
            switch format {
            case .json: "feed.json"
            case .atom: "atom.xml"
            case .rss: "rss.xml"
            }
        return Route(path: "tags/\(slug)/\(name)", url: "\(basePath)tags/\(Slug.pathSegment(slug))/\(name)")
    }

    /// Page `number` of a tag feed's archive: `tags/swift/feed/1.json`.
    func tagFeedArchive(_ slug: String, _ number: Int) -> Route {
        Route(
            path: "tags/\(slug)/feed/\(number).json",
            url: "\(basePath)tags/\(Slug.pathSegment(slug))/feed/\(number).json")
    }

    /// The list of every page for search engines, and the file that names it.
    var sitemap: Route { Route(path: "sitemap.xml", url: "\(basePath)sitemap.xml") }
    /// Part `number` (from 1) of a sitemap too large for one file, which `sitemap.xml` then indexes.
    func sitemapPart(_ number: Int) -> Route {
        Route(path: "sitemap-\(number).xml", url: "\(basePath)sitemap-\(number).xml")
    }
    var robots: Route { Route(path: "robots.txt", url: "\(basePath)robots.txt") }

    /// The search page, which the search index's files sit beside.
    var searchPage: Route { Route(path: "search/index.html", url: "\(basePath)search/") }
    /// The search index's manifest, which names its shards; themes get its URL as `site.search_url`.
    var searchManifest: Route { Route(path: "search/index.json", url: "\(basePath)search/index.json") }
    /// One word shard of the search index, by name; its folder's URL is in the manifest.
    func searchWords(_ name: String) -> Route {
        Route(path: "search/words/\(name).json", url: "\(basePath)search/words/\(name).json")
    }
    /// One document shard of the search index, by number from 0; its folder's URL is in the manifest.
    func searchDocuments(_ number: Int) -> Route {
        Route(path: "search/documents/\(number).json", url: "\(basePath)search/documents/\(number).json")
    }
    /// The folder URL that a shard's file name follows, as the script joins them: a route's URL without it.
    static func folderURL(of route: Route) -> String {
        String(route.url[...(route.url.lastIndex(of: "/") ?? route.url.startIndex)])
    }

    /// The URL of a page written at `path` (as the routes above give it): a folder's `index.html` is
    /// its folder.
    func url(ofPath path: String) -> String {
        let folder = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
        return basePath + folder.pathEncoded
    }

    /// The files the engine writes at the output's root, which a copied static file may not take.
    var rootOutputs: Set<String> {
        Set(
            [index(page: 1).path, notFound.path, tags.path, archive.path, sitemap.path]
                + FeedFormat.allCases.map { feed($0).path })
    }

    /// The files the engine writes at the output's root with blog.yaml's default feed names.
    static let defaultRootFiles = [
        "index.html", "404.html", "feed.json", "atom.xml", "rss.xml", "sitemap.xml", "robots.txt",
    ]

    /// Whether the engine writes this output whatever the posts: the home page, and everything below the
    /// folders of its list pages (`tags/`, `page/`, `archive/`) and the feed's archive (`feed/`).
    static func isEngineOutput(_ path: String) -> Bool {
        let first = path.split(separator: "/").first.map(String.init) ?? ""
        return path == "index.html" || ["tags", "page", "archive", "feed", "search"].contains(first)
    }

    /// The URL with the origin of `base_url` in front: `https://example.com/blog/tags/`.
    func absolute(_ url: String) -> String {
        String(baseURL.dropLast(basePath.count)) + url
    }
}

extension String {
    /// Each path segment percent-encoded for an `href`.
    var pathEncoded: String {
        if utf8.allSatisfy({ $0 == UInt8(ascii: "/") || Slug.isPlainPathByte($0) }) { return self }
        return split(separator: "/", omittingEmptySubsequences: false).map { Slug.pathSegment(String($0)) }.joined(
            separator: "/")
    }
}
