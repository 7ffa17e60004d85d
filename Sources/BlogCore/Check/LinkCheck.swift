import BlogFileSystem
import Foundation

/// The internal link check of a built output folder: every `href`, `src`, `srcset` and `poster` of every
/// page that leads into the site must find a file, and its `#fragment` an element of that page.
///
/// Pages are scanned on every core, one page's bytes at a time (``HTMLScanner``); what is kept of each is
/// its links and its anchors, never a tree.
struct LinkCheck: Sendable {
    var routes: Routes
    /// The output folder.
    var folder: URL
    /// Every file of the output, relative to ``folder``.
    var files: Set<String>
    /// Keep every link to another site in ``Findings/external``, for ``ExternalCheck``.
    var collectsExternal = false
    /// The pages scanned as the build wrote them; the others are read from the output.
    var scanned: [String: PageScan] = [:]
    /// Where URLs lead, shared by the tasks of the check (and the feed check beside it).
    var targets = LinkTargetCache.Shared()

    /// One broken link, on the page at `page` (relative to the output folder).
    struct Problem: Sendable, Equatable {
        var page: String
        var link: PageScan.Link
        var severity: Diagnostic.Severity
        var message: String
        /// For a link that finds nothing, the site path it looked for: a hint of the closest page is added
        /// to the message once all pages are checked.
        var missingPath: String?
    }

    /// How many problems get a "did you mean" hint: each compares the missing path with every page of
    /// its folder, and a site whose every post has the same broken link needs no ten thousand hints.
    static let hintLimit = 100

    /// What the check found, before the problems are traced back to their sources.
    struct Findings: Sendable {
        var pages = 0
        var links = 0
        var anchors = 0
        var externalHosts: Set<String> = []
        var problems: [Problem] = []
        /// Every link to another site with its page, when asked for.
        var external: [(page: String, link: PageScan.Link)] = []
    }

    /// What the check knows of every page once all are scanned.
    struct SiteIndex: Sendable {
        var files: Set<String>
        var anchors: [String: [String]]
        /// The anchors of each page that has more than ``setThreshold``, as a set: a long page is looked
        /// up by every link to its fragments.
        var anchorSets: [String: Set<String>] = [:]
        var refreshes: [String: String]

        static let setThreshold = 32

        func hasAnchor(_ anchor: String, in file: String) -> Bool {
            if let set = anchorSets[file] { return set.contains(anchor) }
            return anchors[file]?.contains(anchor) ?? false
        }
    }

    /// Whether a path ends in `.html` or `.htm`, in any case: asked of every file of the output, by byte.
    static func isPage(_ path: String) -> Bool {
        func endsWith(_ suffix: StaticString) -> Bool {
            let bytes = path.utf8
            guard bytes.count >= suffix.utf8CodeUnitCount else { return false }
            return zip(
                bytes.suffix(suffix.utf8CodeUnitCount),
                UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
            )
            .allSatisfy { byte, expected in ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == expected }
        }
        return endsWith(".html") || endsWith(".htm")
    }

    /// Scans every page, then checks every link of every page against what the scan found.
    func run() async -> Findings {
        let paths = files.filter(Self.isPage).sorted()
        let root = folder.path
        let scanned = scanned
        let scans = await paths.parallelMap(minimumChunk: 32) { path in
            if let scan = scanned[path] { return scan }
            guard let data = FileContents.read(path: root + "/" + path) else { return PageScan() }
            return data.withUnsafeBytes { HTMLScanner.scan($0.bindMemory(to: UInt8.self)) }
        }
        var index = SiteIndex(files: files, anchors: [:], refreshes: [:])
        index.anchors.reserveCapacity(paths.count)
        for (path, scan) in zip(paths, scans) {
            // Most pages offer no anchor: a page missing from the table has none.
            if !scan.anchors.isEmpty { index.anchors[path] = scan.anchors }
            if scan.anchors.count > SiteIndex.setThreshold { index.anchorSets[path] = Set(scan.anchors) }
            if let refresh = scan.refresh { index.refreshes[path] = refresh }
        }
        let checker = self
        let built = index
        let parts = await Array(zip(paths, scans)).parallelMapChunks(minimumChunk: 32) { pages in
            var findings = Findings()
            var cache = LinkTargetCache(routes: checker.routes, files: built.files, shared: checker.targets)
            var settled: Set<String> = []
            for (path, scan) in pages {
                checker.check(scan, page: path, index: built, cache: &cache, settled: &settled, into: &findings)
            }
            return findings
        }
        var findings = Findings(pages: paths.count)
        for part in parts {
            findings.links += part.links
            findings.anchors += part.anchors
            findings.externalHosts.formUnion(part.externalHosts)
            findings.problems += part.problems
            findings.external += part.external
        }
        addHints(to: &findings.problems, index: built)
        return findings
    }

    /// Checks the links of one page.
    ///
    /// `settled` holds the URLs this chunk has passed whole and that read the same from every page (a page
    /// of the site found, no fragment to look for, or a link to another site over https whose host
    /// `findings` holds): each later one is only counted. It belongs with `findings`, whose hosts it relies on.
    func check(
        _ scan: PageScan, page: String, index: SiteIndex, cache: inout LinkTargetCache, settled: inout Set<String>,
        into findings: inout Findings
    ) {
        let pageURL = routes.url(ofPath: page)
        for link in scan.links {
            // Most links are ones the chunk has passed before, in full: counted without a look.
            if settled.contains(link.url) {
                findings.links += 1
                continue
            }
            let resolved = cache.resolve(link.url, from: pageURL)
            switch resolved.target {
            case .ignored: continue
            case .external(let host):
                findings.links += 1
                findings.externalHosts.insert(host)
                if collectsExternal { findings.external.append((page, link)) }
                if Self.usesHTTP(link.url), !Self.isLoopback(host) {
                    findings.problems.append(
                        Problem(
                            page: page, link: link, severity: .warning,
                            message: "link to '\(link.url)' uses http:; use https: where the site offers it"))
                } else if !collectsExternal {
                    settled.insert(link.url)
                }
            case .outsideBasePath:
                findings.links += 1
                findings.problems.append(
                    Problem(
                        page: page, link: link, severity: .error,
                        message: "link to '\(link.url)' is outside the site's base path '\(routes.basePath)'"))
            case .site(let path, let fragment):
                findings.links += 1
                if fragment.map(Self.isCheckedFragment) ?? false { findings.anchors += 1 }
                if let problem = problem(
                    link, file: resolved.file, path: path, fragment: fragment, page: page, index: index)
                {
                    findings.problems.append(problem)
                } else if !(fragment.map(Self.isCheckedFragment) ?? false),
                    LinkTargetCache.leadsTheSameEverywhere(link.url)
                {
                    settled.insert(link.url)
                }
            }
        }
    }

    /// Whether a URL's scheme is `http`, in any case: compared by byte, for every link to another site.
    static func usesHTTP(_ url: String) -> Bool {
        var bytes = url.utf8.makeIterator()
        for expected in "http:".utf8 {
            guard let byte = bytes.next(), ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == expected else {
                return false
            }
        }
        return true
    }

    /// A host on this machine, which serves a preview over `http:` and nothing else.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "[::1]"
            || host == "::1"
    }

    /// An empty fragment and `#top` lead to the top of any page (HTML §7.4.6.4).
    static func isCheckedFragment(_ fragment: String) -> Bool {
        !fragment.isEmpty && fragment.lowercased() != "top"
    }

    /// What is wrong with a link into the site, if anything; `file` is the file its site path `path` finds.
    func problem(
        _ link: PageScan.Link, file: String?, path: String, fragment: String?, page: String, index: SiteIndex
    ) -> Problem? {
        func problem(_ severity: Diagnostic.Severity, _ message: String) -> Problem {
            Problem(page: page, link: link, severity: severity, message: message)
        }
        guard let file else {
            var missing = problem(.error, "link to '\(link.url)' finds nothing")
            missing.missingPath = path
            return missing
        }
        guard let written = fragment, Self.isCheckedFragment(written), Self.isPage(file) else { return nil }
        if Self.hasAnchor(written, in: file, index: index) { return nil }
        let fragment = String(decoding: Routes.percentDecoded(Array(written.utf8)), as: UTF8.self)
        let shown = Routes.publishedPath(ofOutput: file)
        if let refresh = index.refreshes[file],
            case .site(let newPath, _) = routes.linkTarget(of: refresh, from: routes.url(ofPath: file)),
            let newFile = Routes.outputCandidates(ofSitePath: newPath).first(where: index.files.contains)
        {
            let newShown = Routes.publishedPath(ofOutput: newFile)
            guard Self.hasAnchor(fragment, in: newFile, index: index) else {
                return problem(
                    .error, "link to '\(link.url)' finds no element with id '\(fragment)' in '\(newShown)'")
            }
            return problem(
                .warning,
                "link to '\(link.url)' goes through the redirect page '\(shown)', which drops '#\(written)'; link to '\(spelled(newShown, like: link.url, from: page))#\(written)'"
            )
        }
        let anchors = index.anchors[file] ?? []
        let hint = Suggestion.closest(to: fragment, in: anchors).map { " (did you mean '#\($0)'?)" } ?? ""
        return problem(.error, "link to '\(link.url)' finds no element with id '\(fragment)' in '\(shown)'" + hint)
    }

    /// Whether the page has an element whose `id` (or `<a name>`) is the fragment, as written or decoded.
    static func hasAnchor(_ fragment: String, in file: String, index: SiteIndex) -> Bool {
        if index.hasAnchor(fragment, in: file) { return true }
        let decoded = String(decoding: Routes.percentDecoded(Array(fragment.utf8)), as: UTF8.self)
        return index.hasAnchor(decoded, in: file)
    }

    /// Adds the hints to the first ``hintLimit`` problems of links that find nothing, from the pages of
    /// each folder listed once.
    func addHints(to problems: inout [Problem], index: SiteIndex) {
        var pagesByFolder: [String: [String]] = [:]
        var hinted = 0
        for position in problems.indices {
            guard hinted < Self.hintLimit, let path = problems[position].missingPath else { continue }
            hinted += 1
            let wanted = path.hasSuffix("/") ? String(path.dropLast()) : path
            let folder = wanted.lastIndex(of: "/").map { String(wanted[...$0]) } ?? ""
            if pagesByFolder[folder] == nil { pagesByFolder[folder] = pages(in: folder, index: index) }
            let problem = problems[position]
            problems[position].message += suggestion(
                for: path, among: pagesByFolder[folder] ?? [], link: problem.link.url, page: problem.page, index: index)
        }
    }

    /// The pages of one folder of the site (`posts/`), as paths without their last `/`, sorted; redirect
    /// pages lead to pages, which are the ones to name.
    func pages(in folder: String, index: SiteIndex) -> [String] {
        var pages: [String] = []
        for file in index.files where file.hasPrefix(folder) && Self.isPage(file) && index.refreshes[file] == nil {
            let shown = Routes.publishedPath(ofOutput: file)
            let trimmed = shown.hasSuffix("/") ? String(shown.dropLast()) : shown
            if !trimmed.dropFirst(folder.count).contains("/") { pages.append(trimmed) }
        }
        return pages.sorted()
    }

    /// ` (did you mean 'posts/new-name/'?)` naming the page whose path is closest to a missing one among
    /// `candidates`, other than the linking page; empty when none is close.
    func suggestion(for path: String, among candidates: [String], link: String, page: String, index: SiteIndex)
        -> String
    {
        let wanted = path.hasSuffix("/") ? String(path.dropLast()) : path
        let own = Routes.publishedPath(ofOutput: page)
        // Of a length a few edits away only: the distance is not cheap.
        let near = candidates.filter { abs($0.count - wanted.count) <= 8 && $0 + "/" != own && $0 != own }
        guard let closest = Suggestion.closest(to: wanted, in: near) else { return "" }
        let target =
            closest
            + (path.hasSuffix("/") || index.files.contains(Routes.outputCandidates(ofSitePath: closest + "/")[0])
                ? "/" : "")
        return " (did you mean '\(spelled(target, like: link, from: page))'?)"
    }

    /// A site path written the way `link` was: absolute, root-relative, or relative to the page.
    func spelled(_ sitePath: String, like link: String, from page: String) -> String {
        if PostRenderer.hasScheme(link) || link.hasPrefix("//") { return routes.absolute(routes.basePath) + sitePath }
        if link.hasPrefix("/") { return routes.basePath + sitePath }
        var from = Routes.publishedPath(ofOutput: page).split(separator: "/", omittingEmptySubsequences: false)
        from.removeLast()
        var to = sitePath.split(separator: "/", omittingEmptySubsequences: false)
        while let first = from.first, let other = to.first, first == other, to.count > 1 {
            from.removeFirst()
            to.removeFirst()
        }
        let relative = String(repeating: "../", count: from.count) + to.joined(separator: "/")
        return relative.isEmpty ? "./" : relative
    }
}
