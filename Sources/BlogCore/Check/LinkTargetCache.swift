/// Where the URLs of a run of pages or feeds lead, and the file each finds, worked out once for each URL
/// that reads the same from every document: the theme's links (navigation, feeds, styles) are on every
/// page, and a post's URL is in each of its feeds. One belongs to one task; each chunk of a check has its own.
struct LinkTargetCache {
    let routes: Routes
    /// Every file of the output.
    let files: Set<String>
    /// Where each URL that leads the same way from every document leads, and the file it finds there.
    private var resolved: [String: Resolved] = [:]
    /// Whether answers are kept: not for a document whose every URL differs, such as a sitemap.
    var remembers = true
    private var found: [String: String?] = [:]

    /// Where a URL leads and, for a site path, the file of the output it finds (nil when none).
    struct Resolved {
        var target: Routes.LinkTarget
        var file: String?
    }

    init(routes: Routes, files: Set<String>) {
        self.routes = routes
        self.files = files
    }

    /// Where `url` leads from the document at `documentURL`, as ``Routes/linkTarget(of:from:)`` says, and
    /// for a site path the file it finds: one look-up for a URL met before.
    mutating func resolve(_ url: String, from documentURL: String) -> Resolved {
        // A relative URL depends on the document and is resolved each time (a post's own links, seldom
        // repeated).
        guard remembers, Self.leadsTheSameEverywhere(url) else { return resolveAnew(url, from: documentURL) }
        if let known = resolved[url] { return known }
        let result = resolveAnew(url, from: documentURL)
        resolved[url] = result
        return result
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
        if let known = found[path] { return known }
        let file = Routes.outputCandidates(ofSitePath: path).first(where: files.contains)
        if remembers { found[path] = file }
        return file
    }
}
