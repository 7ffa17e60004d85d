import Foundation

/// Builds a site: reads blog.yaml, the theme and the content, renders everything and writes the output.
///
/// A build is the steps below, each in its own `SiteBuilder+Step.swift`, passing small values forward.
/// Everything a step writes goes into a ``StagedOutput`` that replaces the output folder whole at the end.
public struct SiteBuilder: Sendable {
    /// The site to build.
    public let site: Site

    /// Makes a builder for `site`.
    public init(site: Site) {
        self.site = site
    }

    /// Bumped whenever output for the same input changes, so caches of older engines are ignored.
    static let engineVersion = "blog 0.1 output 9"

    /// Builds the site into the output folder, re-rendering only what changed since the last build.
    ///
    /// - Returns: What was built, with every warning.
    /// - Throws: ``DiagnosticError`` with every error and warning found; the output is left as it was then.
    public func build(_ options: BuildOptions) async throws(DiagnosticError) -> BuildSummary {
        var timer = PhaseTimer()
        let plan = try makePlan(options)
        let lock = try await lockSite(options)
        defer { lock.release() }
        let sources = await scanSources(plan)
        timer.mark("plan and scan")
        let check = await plan.incremental.check(plan, sources)
        if let unchanged = check.unchanged {
            return finish(plan, unchanged.summary, [plan.diagnostics, sources.diagnostics, unchanged.diagnostics])
        }
        if let edited = await rebuildEdits(check, sources, plan) {
            return finish(plan, edited, [plan.diagnostics, sources.diagnostics, edited.diagnostics])
        }
        let previous = await plan.incremental.previousBuild(plan, check)
        let loaded = await loadPosts(sources, previous, plan)
        timer.mark("load posts")
        let selection = try await selectPublished(
            loaded, previous, plan, earlier: [plan.diagnostics, sources.diagnostics])
        let output = try stageOutput(plan, previous)
        let pages = try await renderPostPages(
            selection, loaded, previous, into: output, plan, earlier: [plan.diagnostics, sources.diagnostics])
        timer.mark("render posts and pages")
        let listPages = try await renderListPages(pages, selection, previous, into: output, plan)
        timer.mark("list pages")
        let feeds = try await writeFeeds(pages, selection, loaded, previous, into: output, plan)
        timer.mark("feeds")
        let sitemaps = try writeSitemap(pages, listPages: listPages, into: output, plan)
        let hashed = listPages.merging(feeds.hashes) { page, _ in page }
        let generated = Set(hashed.keys).union(sitemaps)
        let redirects = try writeRedirects(pages, generated: generated, into: output, plan)
        let copied = try copyStaticFiles(
            pages, generated: generated, redirects: redirects.paths, into: output, plan,
            earlier: [plan.diagnostics, sources.diagnostics, selection.diagnostics, pages.diagnostics])
        timer.mark("sitemap, redirects and static files")
        let committed = try await commit(output, plan)
        timer.mark("commit")
        let content = selection.diagnostics + pages.diagnostics + feeds.diagnostics + redirects.diagnostics + copied
        var summary = committed.summary(pages, selection)
        summary.spareRequest = await record(
            plan, sources, loaded, selection, pages, listPages: hashed, feeds, committed, summary, content)
        timer.mark("record")
        Self.releaseInBackground([loaded, selection, pages, previous, committed])
        return finish(plan, summary, [plan.diagnostics, sources.diagnostics, content])
    }

    /// Frees a finished build's data on a task of its own instead of on the way out of the build: ten
    /// thousand posts' worth of objects took tens of milliseconds to free, and a command-line build has no
    /// reason to wait for that before it reports and exits. The values' last use is here, so the task
    /// holds their last references.
    private static func releaseInBackground(_ values: [any Sendable]) {
        Task.detached(priority: .background) { withExtendedLifetime(values) {} }
    }

    /// The summary with every diagnostic, sorted, and the build's time.
    private func finish(_ plan: BuildPlan, _ summary: BuildSummary, _ diagnostics: [[Diagnostic]]) -> BuildSummary {
        var summary = summary
        summary.diagnostics = diagnostics.flatMap { $0 }.sorted(by: Self.diagnosticOrder)
        let elapsed = ContinuousClock.now - plan.started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    /// Throws every diagnostic so far when one of them is an error: nothing is written after an error.
    static func stopOnErrors(_ groups: [[Diagnostic]]) throws(DiagnosticError) {
        let all = groups.flatMap { $0 }
        guard !all.contains(where: { $0.severity == .error }) else {
            throw DiagnosticError(all.sorted(by: diagnosticOrder))
        }
    }

    static func diagnosticOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.file, a.line ?? 0, a.column ?? 0, a.message) < (b.file, b.line ?? 0, b.column ?? 0, b.message)
    }
}
