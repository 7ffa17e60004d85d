/// What every step of one build works with: the plan, what may be reused from the last build, and the
/// diagnostics found so far, which a step adds to and which stop the build at the first step that finds
/// an error among them.
struct BuildRun: Sendable {
    let plan: BuildPlan
    var reuse: Reuse
    /// Of blog.yaml, the theme and the scan: reported on every build, never recorded.
    private(set) var setupDiagnostics: [Diagnostic]
    /// Of the content: recorded, so that a build that finds nothing changed reports them again.
    private(set) var contentDiagnostics: [Diagnostic] = []
    /// The pages scanned for the link check as they are written; nil when the build does not check.
    let pageScans: PageScans?
    /// The JSON Feed pages checked as they were written; empty when the build does not check.
    var checkedJSONFeeds = CheckedJSONFeeds()

    init(_ plan: BuildPlan, scan: SourceScan, reuse: Reuse = .nothing) {
        self.plan = plan
        self.reuse = reuse
        // A page for each post, and list pages besides.
        pageScans = plan.options.checksLinks ? PageScans(pages: scan.files.count + scan.files.count / 8) : nil
        setupDiagnostics = plan.diagnostics + scan.diagnostics
    }

    var routes: Routes { plan.routes }
    var configuration: SiteConfiguration { plan.configuration }
    var diagnostics: [Diagnostic] { setupDiagnostics + contentDiagnostics }

    /// Adds a step's diagnostics about the content.
    mutating func report(_ diagnostics: [Diagnostic]) {
        contentDiagnostics += diagnostics
    }

    /// Adds a step's diagnostics, then throws every diagnostic so far when one of them is an error: nothing
    /// is written after an error.
    mutating func stopOnErrors(adding diagnostics: [Diagnostic] = []) throws(DiagnosticError) {
        report(diagnostics)
        try SiteBuilder.stopOnErrors([self.diagnostics])
    }
}
