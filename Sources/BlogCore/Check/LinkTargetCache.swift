/// Where the URLs of a run of pages or feeds lead, and the file each finds, worked out once for each URL
/// that reads the same from every document: the theme's links (navigation, feeds, styles) are on every
/// page, and a post's URL is in each of its feeds. One belongs to one task (each chunk of a check has its
/// own), and the tasks of one check share what they find through ``Shared``.
struct LinkTargetCache {
    let routes: Routes
    /// Every file of the output.
    let files: Set<String>
    /// Where each URL that leads the same way from every document leads, and the file it finds there.
    private var resolved: [String: Resolved] = [:]
    private var found: [String: String?] = [:]
    /// Whether answers are kept: not for a document whose every URL differs, such as a sitemap.
    var remembers = true
    /// The answers of every task of one check, asked when this task's own table has none: a post's URL
    /// is on several list pages and in several feeds, which different tasks check.
    private let shared: Shared?

    typealias Shared = StripedTable<String, Resolved>

    /// Where a URL leads and, for a site path, the file of the output it finds (nil when none).
    struct Resolved: Sendable {
        var target: Routes.LinkTarget
        var file: String?
    }

    init(routes: Routes, files: Set<String>, shared: Shared? = nil) {
        self.routes = routes
        self.files = files
        self.shared = shared
    }

    /// Where `url` leads from the document at `documentURL`, as ``Routes/linkTarget(of:from:)`` says, and
    /// for a site path the file it finds: one look-up for a URL met before.
    mutating func resolve(_ url: String, from documentURL: String) -> Resolved {
        // A link to another site is told by its first bytes, for less than a look-up: most are met once
        // (a post's own references), and keeping them would only fill the tables.
        if let host = routes.externalHost(of: url) { return Resolved(target: .external(host: host)) }
        // A relative URL depends on the document and is resolved each time (a post's own links, seldom
        // repeated); only URLs that lead the same way everywhere are kept, so a URL found was one of them.
        if let known = resolved[url] { return known }
        guard remembers, Self.leadsTheSameEverywhere(url) else { return resolveAnew(url, from: documentURL) }
        if let known = shared?.withStripe(of: url, { $0[url] }) {
            resolved[url] = known
            return known
        }
        let result = resolveAnew(url, from: documentURL)
        resolved[url] = result
        shared?.withStripe(of: url) { $0[url] = result }
        return result
    }

    /// Where `url` leads, as ``resolve(_:from:)`` says, without asking or filling a table: for a URL the
    /// caller meets once.
    mutating func resolveOnce(_ url: String, from documentURL: String) -> Resolved {
        if let host = routes.externalHost(of: url) { return Resolved(target: .external(host: host)) }
        return resolveAnew(url, from: documentURL)
    }

    private mutating func resolveAnew(_ url: String, from documentURL: String) -> Resolved {
        let target = routes.linkTarget(of: url, from: documentURL)
        guard case .site(let path, _) = target else { return Resolved(target: target) }
        return Resolved(target: target, file: file(ofSitePath: path))
    }

    /// Whether `url` leads to the same place from every document: it is root-relative or absolute.
    static func leadsTheSameEverywhere(_ url: String) -> Bool {
        url.utf8.first == UInt8(ascii: "/") || PostRenderer.hasScheme(url)
    }

    /// The file of the output that a site path finds (the first of
    /// ``Routes/outputCandidates(ofSitePath:)`` there is), or nil.
    private mutating func file(ofSitePath path: String) -> String? {
        // A folder has one candidate, its `index.html`: most links are to a page's folder, each looked
        // for once, and need neither the list of candidates nor a table entry.
        if path.isEmpty || path.utf8.last == UInt8(ascii: "/") {
            let index = path + "index.html"
            return files.contains(index) ? index : nil
        }
        if let known = found[path] { return known }
        let file = Routes.outputCandidates(ofSitePath: path).first(where: files.contains)
        if remembers { found[path] = file }
        return file
    }
}
