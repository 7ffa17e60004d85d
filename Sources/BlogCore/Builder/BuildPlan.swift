import BlogFileSystem
import Foundation

/// What a build works from, settled before any content is read: blog.yaml, the theme, the routes, the
/// output folder and the key of the build's record.
struct BuildPlan: Sendable {
    var site: Site
    var options: BuildOptions
    var configuration: SiteConfiguration
    /// Nil when the theme has errors, which are among ``diagnostics``.
    var templates: TemplateSet?
    var routes: Routes
    var output: OutputFolder
    /// The record of earlier builds that this one may reuse, and where this one is recorded.
    var incremental: IncrementalBuild
    /// Warnings of blog.yaml, and the theme's errors and warnings.
    var diagnostics: [Diagnostic]
    var started: ContinuousClock.Instant
    /// The last scan of the sources in this process (``BuildMemory``), taken out of the memory as the plan
    /// is made, so that a build that stops before its own scan leaves none behind.
    var lastScan: (scan: SourceScan, positions: [String: Int])? = nil

    /// The site folder as a path, for joining with the many paths below it.
    var rootPath: String { site.root.path }
}
