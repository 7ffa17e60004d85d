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

    init(configuration: SiteConfiguration) {
        basePath = configuration.basePath
        baseURL = configuration.baseURL
    }

    /// Names at the output's root that the engine's own outputs take, which a page's slug may not.
    static let reservedSlugs: Set<String> = ["posts", "tags", "page", "archive", "feed.json", "atom.xml", "rss.xml", "sitemap.xml", "robots.txt", "404.html",
                                             "index.html"]

    /// The folder of a post's or page's own page, relative to the output folder: `posts/SLUG/` or `SLUG/`.
    /// A post folder's files are copied into it.
    static func folder(of post: Post) -> String {
        post.kind == .post ? "posts/\(post.slug)/" : "\(post.slug)/"
    }

    /// A post's or page's own page.
    func page(of post: Post) -> Route {
        let folder = Self.folder(of: post)
        return Route(path: folder + "index.html", url: basePath + folder.pathEncoded)
    }

    /// Page `number` (from 1) of the home page's list of posts.
    func index(page number: Int) -> Route {
        number == 1 ? Route(path: "index.html", url: basePath) : Route(path: "page/\(number)/index.html", url: "\(basePath)page/\(number)/")
    }

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
        let name = switch format {
        case .json: "feed.json"
        case .atom: "atom.xml"
        case .rss: "rss.xml"
        }
        return Route(path: name, url: basePath + name)
    }

    /// The list of every page for search engines, and the file that names it.
    var sitemap: Route { Route(path: "sitemap.xml", url: "\(basePath)sitemap.xml") }
    var robots: Route { Route(path: "robots.txt", url: "\(basePath)robots.txt") }

    /// The URL of a page written at `path` (as the routes above give it): a folder's `index.html` is
    /// its folder.
    func url(ofPath path: String) -> String {
        let folder = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
        return basePath + folder.pathEncoded
    }

    /// The files the engine writes at the output's root, which a copied static file may not take.
    var rootOutputs: Set<String> {
        Set([index(page: 1).path, notFound.path, tags.path, archive.path, sitemap.path] + FeedFormat.allCases.map { feed($0).path })
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
        return split(separator: "/", omittingEmptySubsequences: false).map { Slug.pathSegment(String($0)) }.joined(separator: "/")
    }
}
