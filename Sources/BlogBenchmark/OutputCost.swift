import Foundation

/// What the newer outputs cost a clean build: the benchmark's lean site against a copy whose blog.yaml
/// switches off Atom, RSS, the JSON Feed's archive pages and the tag feeds, which leaves the outputs the
/// engine had before them (the pages and feed.json's first page). The sitemap, robots.txt and redirect
/// pages have no switch and are on both sides; the generated posts have no aliases, so no redirects.
struct OutputCost {
    struct Figures: Codable {
        /// The builds without and with the newer outputs, pair by pair.
        var builds: CheckCost.Figures
        /// The files each output holds: the kernel's share of the cost is making the newer ones.
        var filesWithout: Int
        var filesWith: Int
        /// The share of time the newer outputs add: 0.09 for 9%.
        var added: Double { builds.added }
    }

    /// Clean builds of each site, alternating, so that a drift of the machine's speed reaches both; five, as
    /// for the check: one build's time here swings by tens of percent, and the verdict is on a tenth.
    static let runs = 5

    /// Writes the copy beside `site` and builds both from clean ``runs`` times; nil when a build fails.
    static func measure(site: URL, posts: [SiteGenerator.Post], generator: SiteGenerator, blog: String, base: URL) async
        -> Figures?
    {
        let older = base.appending(path: "blog-older-outputs")
        do {
            try generator.writeBlogSite(at: older, posts: posts, blogExecutable: blog, theme: .lean)
            let yaml = older.appending(path: "blog.yaml")
            try
                (try String(contentsOf: yaml, encoding: .utf8)
                + "  atom: false\n  rss: false\n  archive: false\n  tags: false\n")
                .write(to: yaml, atomically: true, encoding: .utf8)
        } catch {
            print("note: cannot write the site without the newer outputs: \(error)")
            return nil
        }
        guard
            let pairs = await CleanBuild.pairs(
                blog, without: (older, []), with: (site, []), runs: runs,
                aside: base.appending(path: "output-cost"), measuring: "the newer outputs")
        else { return nil }
        return Figures(
            builds: CheckCost.Figures(pairs: pairs),
            filesWithout: CleanBuild.treeSize(older.appending(path: "public")).files,
            filesWith: CleanBuild.treeSize(site.appending(path: "public")).files)
    }

    static func line(_ figures: Figures) -> String {
        let builds = figures.builds
        func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
        return String(
            format:
                "  newer outputs (Atom, RSS, archive pages, tag feeds): clean build %.2f s with them, %.2f s without: %+.0f%%; user %+.0f%%, processor %+.0f%% (medians of the pairs); %d files against %d (%+.0f%%)   (medians of %@ and %@ s; user %@ and %@ s)",
            builds.withSeconds, builds.withoutSeconds, 100 * builds.added, 100 * builds.addedUser,
            100 * builds.addedProcessor, figures.filesWith, figures.filesWithout,
            100 * (Double(figures.filesWith) / Double(max(figures.filesWithout, 1)) - 1), list(builds.withRuns),
            list(builds.withoutRuns), list(builds.withUserRuns), list(builds.withoutUserRuns))
    }
}
