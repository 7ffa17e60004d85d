import BlogFileSystem
import Foundation

/// What `blog check` (or `blog build --check`) found, for its closing line.
public struct CheckSummary: Sendable, Equatable {
    /// HTML pages scanned.
    public var pages = 0
    /// Links followed: into the site, and to other sites.
    public var links = 0
    /// Links with a `#fragment` whose element was looked for.
    public var anchors = 0
    /// Other sites linked to.
    public var externalHosts = 0
    /// Errors and warnings reported.
    public var problems = 0

    /// `Checked 40 pages: 1200 links, 56 anchors, 12 external hosts, 0 problems`.
    public var line: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "Checked \(count(pages, "page")): \(count(links, "link")), \(count(anchors, "anchor")), "
            + "\(count(externalHosts, "external host")), \(count(problems, "problem"))"
    }
}

extension SiteBuilder {
    /// Checks the output that was just committed: every link of every page into the site finds its file
    /// and fragment (``LinkCheck``), and the feeds and the sitemap (``FeedCheck``). Each problem is placed
    /// at the source that wrote it.
    ///
    /// - Returns: The problems, errors and warnings alike; the counts go into `summary`. Nothing when the
    ///   build was not asked to check.
    func checkLinks(
        _ pages: RenderedPages, _ listPages: [String: UInt64], _ redirects: Set<String>, _ committed: CommittedOutput,
        _ run: BuildRun, into summary: inout BuildSummary
    ) async -> [Diagnostic] {
        let plan = run.plan
        guard plan.options.checksLinks else { return [] }
        var timer = PhaseTimer()
        defer { timer.mark("check") }
        let routes = plan.routes
        let files = Set(committed.manifest.keys)
        let published =
            pages.all.map { routes.page(of: $0.post).path }
            + listPages.keys.filter { $0 != routes.notFound.path }
        // The feeds are checked beside the pages: each check has steps on one core that the other fills.
        // About one URL for each file of the output: the table need not grow a dozen times.
        let targets = LinkTargetCache.Shared(capacity: files.count)
        async let feeds = FeedCheck(
            routes: routes, folder: committed.folder, files: files, outputName: plan.output.displayName,
            targets: targets, written: run.checkedJSONFeeds
        ).run(publishedPages: published)
        var check = LinkCheck(routes: routes, folder: committed.folder, files: files)
        check.targets = targets
        check.collectsExternal = plan.options.linkFetcher != nil
        check.scanned = run.pageScans?.take() ?? [:]
        var findings = await check.run()
        if let fetcher = plan.options.linkFetcher { await checkExternal(&findings, fetcher, plan) }
        var diagnostics: [Diagnostic] = []
        // Where every page comes from is worked out only when a problem must be placed.
        if !findings.problems.isEmpty {
            var origins = pageOrigins(pages, listPages: listPages, redirects: redirects, routes: routes)
            for problem in findings.problems where origins[problem.page] == nil {
                origins[problem.page] = copiedOrigin(of: problem.page, pages, plan)
            }
            diagnostics = LinkCheck.diagnostics(
                findings.problems, origins: origins, root: site.root, basePath: routes.basePath)
        }
        diagnostics += await feeds
        summary.check = CheckSummary(
            pages: findings.pages, links: findings.links, anchors: findings.anchors,
            externalHosts: findings.externalHosts.count, problems: diagnostics.count)
        return diagnostics
    }

    /// Asks other sites about the links to them (except `check.skip_hosts`, and `check.valid_hosts`, which
    /// are valid unasked) and adds a problem for each broken or permanently moved one, answers kept in the
    /// cache for the next run. The problems stay in page order, as ``LinkCheck/diagnostics`` reads them.
    private func checkExternal(_ findings: inout LinkCheck.Findings, _ fetcher: any LinkFetcher, _ plan: BuildPlan)
        async
    {
        let settings = plan.configuration.linkCheck
        let now = plan.options.now
        let cacheFolder = site.root.appending(path: plan.options.cacheFolder)
        var cache = LinkCache.read(in: cacheFolder)
        var verdicts: [String: ExternalCheck.Verdict] = [:]
        var toAsk: [String] = []
        var seen: Set<String> = []
        for (_, link) in findings.external where seen.insert(link.url).inserted {
            let host = URL(string: link.url)?.host()?.lowercased() ?? ""
            if LinkCheckSettings.matches(host, settings.skippedHosts)
                || LinkCheckSettings.matches(host, settings.validHosts)
            {
                verdicts[link.url] = .fine
            } else if let known = cache.verdict(of: link.url, now: now, days: settings.recheckDays) {
                verdicts[link.url] = known
            } else {
                toAsk.append(link.url)
            }
        }
        let asked = await ExternalCheck(fetcher: fetcher, settings: settings).run(toAsk)
        cache.record(asked, now: now)
        try? cache.write(in: cacheFolder)
        verdicts.merge(asked) { $1 }
        for (page, link) in findings.external {
            switch verdicts[link.url] {
            case .moved(let target):
                findings.problems.append(
                    LinkCheck.Problem(
                        page: page, link: link, severity: .warning,
                        message: "link to '\(link.url)' redirects permanently to '\(target)'; link there"))
            case .broken(let why, _):
                findings.problems.append(
                    LinkCheck.Problem(page: page, link: link, severity: .error, message: "link to '\(link.url)' \(why)")
                )
            case .fine, nil: break
            }
        }
        findings.problems = findings.problems.enumerated().sorted { a, b in
            (a.element.page, a.element.link.offset, a.offset) < (b.element.page, b.element.link.offset, b.offset)
        }.map(\.element)
    }

    /// The source of every page the build wrote: posts and pages, list pages, redirect pages.
    private func pageOrigins(
        _ pages: RenderedPages, listPages: [String: UInt64], redirects: Set<String>, routes: Routes
    ) -> [String: PageOrigin] {
        let theme = SiteLayout.theme
        var origins: [String: PageOrigin] = [:]
        for page in pages.all {
            let template = "\(theme)/\(page.post.kind == .post ? "post" : "page").mustache"
            origins[routes.page(of: page.post).path] = .markdown(source: page.post.source, template: template)
            for alias in page.post.aliases where redirects.contains(routes.alias(alias).path) {
                origins[routes.alias(alias).path] = .redirect(source: page.post.source)
            }
        }
        for path in redirects where origins[path] == nil {
            origins[path] = .redirect(source: SiteLayout.configuration)
        }
        for path in listPages.keys {
            origins[path] = .template("\(theme)/\(routes.template(ofListPage: path)).mustache")
        }
        // The search page, when the theme makes one, is its template's alone.
        origins[routes.searchPage.path] = .template("\(theme)/search.mustache")
        return origins
    }

    /// A page the build copied: from the theme's `static/`, or from a post's folder.
    private func copiedOrigin(of path: String, _ pages: RenderedPages, _ plan: BuildPlan) -> PageOrigin {
        let fromTheme = "\(SiteLayout.staticFiles)/\(path)"
        if FileSystem.exists(site.root.appending(path: fromTheme).path) { return .copied(fromTheme) }
        for page in pages.all where page.post.source.hasSuffix("/\(SiteLayout.bundleIndex)") {
            let folder = plan.routes.folder(of: page.post)
            guard path.hasPrefix(folder) else { continue }
            let sourceFolder = page.post.source.dropLast(SiteLayout.bundleIndex.count)
            return .copied(String(sourceFolder + path.dropFirst(folder.count)))
        }
        return .copied(plan.output.folder.appending(path: path).path)
    }
}
