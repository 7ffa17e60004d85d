/// Where the URLs of a run of pages or feeds lead, and the file each finds, worked out once for each URL
/// that reads the same from every document: the theme's links (navigation, feeds, styles) are on every
/// page, and a post's URL is in each of its feeds. One belongs to one task; each chunk of a check has its own.
struct LinkTargetCache {
    let routes: Routes
    /// Every file of the output.
    let files: Set<String>
    private var targets: [String: Routes.LinkTarget] = [:]
    private var found: [String: String?] = [:]

    init(routes: Routes, files: Set<String>) {
        self.routes = routes
        self.files = files
    }

    /// Where `url` leads from the document at `documentURL`, as ``Routes/linkTarget(of:from:)`` says.
    mutating func target(of url: String, from documentURL: String) -> Routes.LinkTarget {
        // A root-relative or absolute URL leads to the same place from every document; a relative one
        // depends on the document and is resolved each time (a post's own links, seldom repeated).
        guard url.utf8.first == UInt8(ascii: "/") || PostRenderer.hasScheme(url) else {
            return routes.linkTarget(of: url, from: documentURL)
        }
        if let target = targets[url] { return target }
        let target = routes.linkTarget(of: url, from: documentURL)
        targets[url] = target
        return target
    }

    /// The file of the output that a site path finds (the first of
    /// ``Routes/outputCandidates(ofSitePath:)`` there is), or nil.
    mutating func file(ofSitePath path: String) -> String? {
        if let known = found[path] { return known }
        let file = Routes.outputCandidates(ofSitePath: path).first(where: files.contains)
        found[path] = file
        return file
    }
}
