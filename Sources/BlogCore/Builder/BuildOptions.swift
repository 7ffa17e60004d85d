import Foundation

/// What one `blog build` should do.
public struct BuildOptions: Sendable {
    /// The output folder; relative paths are taken from the site root. Default `public`.
    public var output: String?
    /// Build posts marked `draft: true` too.
    public var includesDrafts = false
    /// Build posts dated after ``now`` too.
    public var includesFuture = false
    /// Overrides `base_url` from blog.yaml, for example for a staging host.
    public var baseURL: String?
    /// The time that decides which posts are in the future; injected so tests never read the clock.
    public var now: Date
    /// Treat unknown template variables as errors (`blog build --strict`, which also fails on warnings).
    public var isStrict = false
    /// Check the links of the output after the build (`blog check`, `blog build --check`): every link
    /// into the site, the feeds and the sitemap; the problems are among the summary's diagnostics.
    public var checksLinks = false
    /// With ``checksLinks``, also ask other sites about the links to them, through this fetcher
    /// (`blog check --external`).
    public var linkFetcher: (any LinkFetcher)?
    /// The folder for the build cache, relative to the site root; `blog serve` keeps its own.
    public var cacheFolder = SiteLayout.cache
    /// Keeps the cache in memory between builds of one process instead of on disk; see ``BuildMemory``.
    public var memory: BuildMemory?
    /// Everything that changed under the site since this process's last build with the same ``memory``,
    /// as a file watcher saw it (`blog serve`), relative to the site root; nil when that is not known.
    /// When each is a post or page the last build found, the build stamps only these sources again
    /// instead of listing and stamping every one.
    public var changedSources: [String]?
    /// From how many output files a build without a spare tree asks for one to be made after it
    /// (``BuildSummary/spareRequest``); smaller outputs are staged anew quickly enough.
    public var spareRequestMinimumFiles = 2_000
    /// Called with (posts rendered, posts in all) while rendering.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Called when everything is staged, just before the output is replaced (or, for a rebuild of edited
    /// posts, before their files are renamed into place); the tests that kill a build hold it here.
    public var beforeSwap: (@Sendable () async -> Void)?
    /// Called once with a message when the build waits for another build of the same site to finish.
    public var waiting: (@Sendable (String) -> Void)?

    /// Makes options; by default drafts and future posts are left out and `now` is the current time.
    public init(
        output: String? = nil, includesDrafts: Bool = false, includesFuture: Bool = false, baseURL: String? = nil,
        now: Date = Date(), isStrict: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) {
        self.output = output
        self.includesDrafts = includesDrafts
        self.includesFuture = includesFuture
        self.baseURL = baseURL
        self.now = now
        self.isStrict = isStrict
        self.progress = progress
    }
}

/// What a build did, for the summary line.
public struct BuildSummary: Sendable {
    /// Posts published.
    public var posts = 0
    /// Standalone pages published.
    public var pages = 0
    /// Distinct tags.
    public var tags = 0
    /// Files whose bytes changed and were written.
    public var filesWritten = 0
    /// Files left untouched because their bytes were the same.
    public var filesUnchanged = 0
    /// Files of an earlier build that are no longer made.
    public var filesRemoved = 0
    /// Drafts left out.
    public var draftsSkipped = 0
    /// Posts left out because they are dated in the future.
    public var futureSkipped = 0
    /// Warnings and notes; errors stop a build instead, except the errors of a link check, which find
    /// problems in an output already written.
    public var diagnostics: [Diagnostic] = []
    /// What the link check found, when ``BuildOptions/checksLinks`` asked for one.
    public var check: CheckSummary?
    /// The output folder.
    public var output: URL
    /// Wall time of the build.
    public var seconds: Double = 0
    /// The spare tree to make after this build, for a fast next build; nil when the build kept one, had
    /// a memory, or made a small output.
    public var spareRequest: SpareTreeRequest?

    /// How many of ``diagnostics`` are warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    /// How many of ``diagnostics`` are errors (of a link check).
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }

    /// `Built 12 posts, 2 pages and 8 tags into public/: 40 files written, 3 unchanged ...`.
    public func line(outputName: String) -> String {
        var parts = ["\(filesWritten) file\(filesWritten == 1 ? "" : "s") written"]
        if filesUnchanged > 0 { parts.append("\(filesUnchanged) unchanged") }
        if filesRemoved > 0 { parts.append("\(filesRemoved) removed") }
        if draftsSkipped > 0 { parts.append("\(draftsSkipped) draft\(draftsSkipped == 1 ? "" : "s") skipped") }
        if futureSkipped > 0 { parts.append("\(futureSkipped) future post\(futureSkipped == 1 ? "" : "s") skipped") }
        parts.append("\(warningCount) warning\(warningCount == 1 ? "" : "s")")
        return
            "Built \(posts) post\(posts == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s") and \(tags) tag\(tags == 1 ? "" : "s") into \(outputName)/: "
            + parts.joined(separator: ", ") + String(format: " in %.2f s", seconds)
    }
}
