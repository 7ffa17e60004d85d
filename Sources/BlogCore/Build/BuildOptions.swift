import Foundation

/// What one `blog build` should do.
public struct BuildOptions: Sendable {
    /// The output folder; relative paths are taken from the site root. Default `public`.
    public var output: String?
    public var includesDrafts = false
    public var includesFuture = false
    /// Overrides `base_url` from blog.yaml, for example for a staging host.
    public var baseURL: String?
    /// The time that decides which posts are in the future; injected so tests never read the clock.
    public var now: Date
    /// Called with (posts rendered, posts in all) while rendering.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(output: String? = nil, includesDrafts: Bool = false, includesFuture: Bool = false, baseURL: String? = nil,
                now: Date = Date(), progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.output = output
        self.includesDrafts = includesDrafts
        self.includesFuture = includesFuture
        self.baseURL = baseURL
        self.now = now
        self.progress = progress
    }
}

/// What a build did, for the summary line.
public struct BuildSummary: Sendable {
    public var posts = 0
    public var pages = 0
    public var tags = 0
    public var filesWritten = 0
    public var filesUnchanged = 0
    public var filesRemoved = 0
    public var draftsSkipped = 0
    public var futureSkipped = 0
    /// Warnings and notes; errors stop a build instead.
    public var diagnostics: [Diagnostic] = []
    public var output: URL
    public var seconds: Double = 0

    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// `Built 12 posts, 2 pages and 8 tags into public/: 40 files written, 3 unchanged ...`.
    public func line(outputName: String) -> String {
        var parts = ["\(filesWritten) file\(filesWritten == 1 ? "" : "s") written"]
        if filesUnchanged > 0 { parts.append("\(filesUnchanged) unchanged") }
        if filesRemoved > 0 { parts.append("\(filesRemoved) removed") }
        if draftsSkipped > 0 { parts.append("\(draftsSkipped) draft\(draftsSkipped == 1 ? "" : "s") skipped") }
        if futureSkipped > 0 { parts.append("\(futureSkipped) future post\(futureSkipped == 1 ? "" : "s") skipped") }
        parts.append("\(warningCount) warning\(warningCount == 1 ? "" : "s")")
        return "Built \(posts) post\(posts == 1 ? "" : "s"), \(pages) page\(pages == 1 ? "" : "s") and \(tags) tag\(tags == 1 ? "" : "s") into \(outputName)/: "
            + parts.joined(separator: ", ") + String(format: " in %.2f s", seconds)
    }
}
