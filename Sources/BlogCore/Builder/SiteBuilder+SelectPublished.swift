import BlogFileSystem
import Foundation

/// The posts and pages this build publishes, with their URLs, and what links between them depend on.
struct Selection: Sendable {
    /// Published posts, then pages, each in the scan's order: the order of everything rendered.
    var everything: [Post]
    /// Where each of ``everything`` is in the loaded sources.
    var fileIndices: [Int]
    /// Each of ``everything``'s page URL, root-relative.
    var urls: [String]
    var pages: [Post]
    /// Drafts and future posts left out, by source path: a link to one is a warning.
    var leftOut: Set<String>
    /// The first date of a future post left out, when the build must be made again.
    var nextDue: Date?
    var draftsSkipped = 0
    var futureSkipped = 0
    /// A hash of every page's URL, the navigation and what was left out: when it changes, every page is
    /// rendered again, since links between posts depend on it.
    var linkHash: UInt64
    /// The link hash is the one the last build recorded.
    var hasSameLinks: Bool
    /// Every tag of ``everything`` with its name and slug, each folded once.
    var tags: TagFolding
    var renderer: PostRenderer
    var sitePages: SitePages
}

extension SiteBuilder {
    /// Leaves out drafts and future posts (unless asked for), gives every post and page its URL, and checks
    /// that no two share one. Stops the build when anything so far has an error.
    func selectPublished(_ loaded: LoadedFiles, _ run: inout BuildRun) async throws(DiagnosticError) -> Selection {
        let plan = run.plan
        let options = plan.options
        var posts: [Post] = []
        var pages: [Post] = []
        var postSources: [Int] = []
        var pageSources: [Int] = []
        var leftOut = Set<String>()
        var nextDue: Date?
        var (drafts, future) = (0, 0)
        for (index, source) in loaded.files.enumerated() {
            guard let post = source.post else { continue }
            if post.kind == .page {
                if !post.isDraft || options.includesDrafts {
                    pages.append(post)
                    pageSources.append(index)
                }
            } else if post.isDraft && !options.includesDrafts {
                drafts += 1
                leftOut.insert(post.source)
            } else if let date = post.date, date > options.now, !options.includesFuture {
                future += 1
                leftOut.insert(post.source)
                nextDue = min(nextDue ?? date, date)
            } else {
                posts.append(post)
                postSources.append(index)
            }
        }
        // Made once: a copy of ten thousand posts costs a retain of every field of each.
        let everything = posts + pages
        // Collisions are looked for on a second core while the link map is made: both only read the posts.
        async let collisions = Self.checkCollisions(everything, routes: plan.routes)
        let links = Self.links(of: everything, pages: pages, leftOut: leftOut, routes: plan.routes)
        let tags = TagFolding(everything)
        let (clashes, unsafePages) = await collisions
        // Nothing is rendered for a post whose page or tag folders would leave the output folder.
        let unsafe = pathDiagnostics(unsafePages, posts: posts, tags: tags, routes: plan.routes)
        let diagnostics = loaded.diagnostics + clashes + unsafe + tags.collisions(in: posts, routes: plan.routes)
        try run.stopOnErrors(adding: diagnostics)
        guard let templates = plan.templates else {
            throw DiagnosticError(run.diagnostics.sorted(by: Self.diagnosticOrder))
        }
        let navigation = pages.sorted { $0.slug < $1.slug }.map {
            ($0.title, links.pageURLs[$0.source] ?? plan.routes.basePath)
        }
        let (pageURLs, excluded) = (links.pageURLs, leftOut)
        let (renderer, sitePages) = Self.makeRenderers(plan, templates: templates, navigation: navigation) { path in
            pageURLs[path].map(PostRenderer.LinkTarget.page) ?? (excluded.contains(path) ? .leftOut : .none)
        }
        return Selection(
            everything: everything, fileIndices: postSources + pageSources, urls: links.urls, pages: pages,
            leftOut: leftOut,
            nextDue: nextDue, draftsSkipped: drafts, futureSkipped: future, linkHash: links.hash,
            hasSameLinks: run.reuse.hasSameLinks(links.hash), tags: tags, renderer: renderer,
            sitePages: sitePages)
    }

    /// The renderer of posts' Markdown and the maker of their pages, made alike for a whole build and for
    /// a rebuild of edited posts: only where links lead and the navigation come from elsewhere.
    static func makeRenderers(
        _ plan: BuildPlan, templates: TemplateSet, navigation: [(title: String, url: String)],
        linkTarget: @escaping @Sendable (String) -> PostRenderer.LinkTarget
    ) -> (PostRenderer, SitePages) {
        let context = PageContext(
            configuration: plan.configuration, routes: plan.routes, navigation: navigation,
            mentioned: templates.mentionedWords)
        let renderer = PostRenderer(configuration: plan.configuration, linkTarget: linkTarget)
        return (renderer, SitePages(context: context, templates: templates))
    }

    /// Every page's URL, by source and in order, and their hash. Sources are in the scan's fixed order, so
    /// the hash is made as the map is, without sorting.
    private static func links(of everything: [Post], pages: [Post], leftOut: Set<String>, routes: Routes)
        -> (pageURLs: [String: String], urls: [String], hash: UInt64)
    {
        var pageURLs: [String: String] = [:]
        pageURLs.reserveCapacity(everything.count)
        var urls: [String] = []
        urls.reserveCapacity(everything.count)
        var links = ""
        for post in everything {
            let url = routes.page(of: post).url
            pageURLs[post.source] = url
            urls.append(url)
            links += post.source + ">" + url + "\n"
        }
        for page in pages { links += "nav:" + page.title + ">" + page.slug + "\n" }
        for source in leftOut.sorted() { links += "out:" + source + "\n" }
        return (pageURLs, urls, Digest.of(links))
    }

    /// The pages whose paths ``Routes`` refused (``checkCollisions(_:routes:)`` checks them), and each
    /// post's tag folders, checked here: one that would leave the output folder or cannot be a file's path
    /// is an error naming the file and, at its line, the front matter key the path came from.
    private func pathDiagnostics(
        _ unsafePages: [(post: Post, problem: Routes.PageProblem)], posts: [Post], tags: TagFolding, routes: Routes
    ) -> [Diagnostic] {
        var diagnostics = unsafePages.map { post, problem in
            diagnostic(post, keys: problem.keys, value: nil, problem.message(naming:))
        }
        // Each slug once: ten thousand posts share a few dozen tags.
        var problems: [String: String?] = [:]
        for post in posts {
            for (name, slug) in tags.folded(post.tags) {
                let found = problems[slug] ?? Routes.outputPathProblem(routes.tagFeedArchive(slug, 1).path)
                problems[slug] = found
                guard let problem = found else { continue }
                let folder = Diagnostic.quoted("/" + Routes.publishedPath(ofOutput: routes.tag(slug).path))
                let message =
                    slug.utf8.count > Routes.maximumNameBytes
                    ? "the tag \(Diagnostic.quoted(name)) makes a folder name of \(slug.utf8.count) bytes in "
                        + "/\(Routes.publishedPath(ofOutput: routes.tags.path)), and file systems allow at most "
                        + "\(Routes.maximumNameBytes); shorten the tag"
                    : "the tag \(Diagnostic.quoted(name)) makes the folder \(folder), which \(problem)"
                diagnostics.append(
                    diagnostic(post, keys: ["tags", "categories", "category"], value: name) { _ in message })
            }
        }
        return diagnostics
    }

    /// An error about a post, at the value of the first of `keys` its front matter has, with the message
    /// naming that key (the file is read again: this happens only for an error).
    private func diagnostic(_ post: Post, keys: [String], value: String?, _ message: (String?) -> String)
        -> Diagnostic
    {
        let text = FileContents.read(site.root.appending(path: post.source)).map { String(decoding: $0, as: UTF8.self) }
        let position = text.flatMap { FrontMatter.position(of: keys, value: value, in: $0) }
        return Diagnostic(
            .error, file: post.source, line: position?.line, column: position?.column, message: message(position?.key))
    }

    /// Two posts or pages on one URL is an error naming both files, and so are two whose URLs differ only
    /// in case, which hosts on macOS and Windows serve from one folder.
    ///
    /// Each page's path is checked as ``Routes`` makes it (``Routes/checkedPage(of:)``); those it refuses
    /// are returned apart, for ``pathDiagnostics(_:posts:tags:routes:)``.
    static func checkCollisions(_ all: [Post], routes: Routes) -> (
        [Diagnostic], unsafe: [(post: Post, problem: Routes.PageProblem)]
    ) {
        var diagnostics: [Diagnostic] = []
        var unsafe: [(post: Post, problem: Routes.PageProblem)] = []
        var owners: [String: String] = [:]
        var ownersIgnoringCase: [String: (folder: String, source: String)] = [:]
        // Sorts positions, not posts: moving posts through a sort costs more than the comparisons.
        for post in all.indices.sorted(by: { all[$0].source < all[$1].source }).map({ all[$0] }) {
            if post.kind == .page, Routes.reservedSlugs.contains(post.slug) {
                diagnostics.append(
                    Diagnostic(
                        .error, file: post.source,
                        message:
                            "the page slug \(Diagnostic.quoted(post.slug)) is used by the engine; choose another 'slug'"
                    ))
                continue
            }
            let route: Routes.Route
            switch routes.checkedPage(of: post) {
            case .success(let checked): route = checked
            case .failure(let problem):
                unsafe.append((post, problem))
                continue
            }
            // The page's file, not its folder: with permalinks, several posts may share a folder.
            let folder = Routes.publishedPath(ofOutput: route.path)
            if let owner = owners[folder] {
                diagnostics.append(
                    Diagnostic(
                        .error, file: post.source,
                        message:
                            "\(owner) and \(post.source) would both be published at /\(folder); give one of them another 'slug'"
                    ))
            } else if let other = ownersIgnoringCase[folder.lowercased()] {
                diagnostics.append(
                    Diagnostic(
                        .error, file: post.source,
                        message:
                            "\(other.source) (/\(other.folder)) and \(post.source) (/\(folder)) differ only in case, and hosts that ignore case (macOS, Windows) would publish them in one folder; give one of them another 'slug'"
                    ))
            } else {
                owners[folder] = post.source
                ownersIgnoringCase[folder.lowercased()] = (folder, post.source)
            }
        }
        return (diagnostics, unsafe)
    }
}
