import BlogFileSystem
import Foundation

/// Builds a site: reads blog.yaml, the theme and the content, renders everything and writes the output.
///
/// A build is the steps below, each in its own `SiteBuilder+Step.swift`, passing small values forward.
/// Everything a step writes goes into a ``StagedTree`` that replaces the output folder whole at the end.
public struct SiteBuilder: Sendable {
    /// The site to build.
    public let site: Site

    /// Makes a builder for `site`.
    public init(site: Site) {
        self.site = site
    }

    /// Bumped whenever output for the same input changes, so caches of older engines are ignored.
    static let engineVersion = "blog 0.1 output 13"

    /// Builds the site into the output folder, re-rendering only what changed since the last build.
    ///
    /// - Returns: What was built, with every warning.
    /// - Throws: ``DiagnosticError`` with every error and warning found; the output is left as it was then.
    public func build(_ options: BuildOptions) async throws(DiagnosticError) -> BuildSummary {
        var timer = PhaseTimer()
        let plan = try makePlan(options)
        let lock = try await lockSite(options)
        defer { lock.release() }
        let (sources, recorded) = await scanSourcesAndReadRecord(plan)
        var run = BuildRun(plan, scan: sources)
        timer.mark("plan and scan")
        switch await takeShortWay(sources, run, recorded: recorded) {
        case .done(let summary): return summary
        case .whole(let previous): run.reuse = await plan.incremental.reuse(plan, previous)
        }
        let loaded = await loadPosts(sources, run)
        timer.mark("load posts")
        let selection = try await selectPublished(loaded, &run)
        let output = try stageOutput(run)
        let pages = try await renderPostPages(selection, loaded, into: output, &run)
        let searchIndex = startSearchIndex(pages, selection, run)
        timer.mark("render posts and pages")
        let listPages = try await renderListPages(pages, selection, into: output, run)
        let feeds = try await writeFeeds(pages, selection, loaded, into: output, &run)
        timer.mark("list pages and feeds")
        let sitemaps = try writeSitemap(pages, listPages: listPages, into: output, run)
        let search = try await writeSearchIndex(searchIndex, into: output, run)
        let generated = Set(listPages.keys).union(feeds.hashes.keys).union(sitemaps).union(search)
        let redirects = try writeRedirects(pages, generated: generated, into: output, &run)
        try copyStaticFiles(pages, generated: generated, redirects: redirects, into: output, &run)
        timer.mark("sitemap, search, redirects and static files")
        let committed = try await commit(output, plan)
        timer.mark("commit")
        var summary = committed.summary(pages, selection)
        summary.spareRequest = await plan.incremental.record(
            BuildOutcome(
                scan: sources, loaded: loaded, selection: selection, pages: pages, listPages: listPages,
                feeds: feeds, committed: committed, summary: summary, diagnostics: run.contentDiagnostics), plan)
        timer.mark("record")
        keepSearchIndexInMemory(run)
        let checked = await checkLinks(pages, listPages, redirects, committed, run, into: &summary)
        Self.releaseInBackground([loaded, selection, pages, run.reuse, committed])
        return finish(plan, summary, run.diagnostics + checked)
    }

    /// The scan, and beside it the last build's record on disk, read and checked while the scan lists the
    /// content folders on one core: at 50,000 posts the record's checksum alone is a tenth of an edit. The
    /// memory's record, under `blog serve`, is asked for after the scan, which tells the memory what it
    /// found (nil here).
    private func scanSourcesAndReadRecord(_ plan: BuildPlan) async -> (SourceScan, IncrementalBuild.Previous?) {
        async let recorded = plan.incremental.memory == nil ? plan.incremental.previous() : nil
        let sources = await scanSources(plan)
        return (sources, await recorded)
    }

    private enum Start {
        /// The build is over: nothing changed, or a few edited posts were rebuilt alone.
        case done(BuildSummary)
        /// The whole build runs, from the last build's record.
        case whole(IncrementalBuild.Previous)
    }

    /// Ends the build at once when nothing changed, or with a rebuild of the edited posts alone when their
    /// edits reach no further than their own pages (unless the build checks its links); else says what the
    /// whole build starts from.
    private func takeShortWay(_ sources: SourceScan, _ run: BuildRun, recorded: IncrementalBuild.Previous?) async
        -> Start
    {
        let plan = run.plan
        // A check reads where every page came from, which only a whole build knows: it carries unchanged
        // pages over, but it runs every step.
        guard !plan.options.checksLinks else { return .whole(recorded ?? plan.incremental.previous()) }
        switch await plan.incremental.start(plan, sources, recorded: recorded) {
        case .unchanged(let summary, let diagnostics):
            return .done(finish(plan, summary, run.diagnostics + diagnostics))
        case .edited(let edits):
            guard let summary = await rebuildEdits(edits, sources, run) else { return .whole(edits.previous) }
            return .done(finish(plan, summary, run.diagnostics + edits.diagnostics))
        case .whole(let previous):
            return .whole(previous)
        }
    }

    /// Frees a finished build's data on a task of its own instead of on the way out of the build: ten
    /// thousand posts' worth of objects take tens of milliseconds to free, and a command-line build has no
    /// reason to wait for that before it reports and exits. The values' last use is here, so the task
    /// holds their last references.
    private static func releaseInBackground(_ values: [any Sendable]) {
        Task.detached(priority: .background) { withExtendedLifetime(values) {} }
    }

    /// The summary with every diagnostic, sorted, and the build's time.
    private func finish(_ plan: BuildPlan, _ summary: BuildSummary, _ diagnostics: [Diagnostic]) -> BuildSummary {
        var summary = summary
        summary.diagnostics = diagnostics.sorted(by: Self.diagnosticOrder)
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
