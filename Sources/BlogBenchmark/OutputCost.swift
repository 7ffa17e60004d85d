import Foundation

/// What the newer outputs cost a clean build: the benchmark's lean site against a copy whose blog.yaml
/// switches off Atom, RSS, the JSON Feed's archive pages and the tag feeds, which leaves the outputs the
/// engine had before them (the pages and feed.json's first page). The sitemap, robots.txt and redirect
/// pages have no switch and are on both sides; the generated posts have no aliases, so no redirects.
struct OutputCost {
    struct Figures: Codable {
        var withoutSeconds: Double
        var withSeconds: Double
        var withoutRuns: [Double]
        var withRuns: [Double]
        /// The share of time the newer outputs add: 0.09 for 9%.
        var added: Double { withSeconds / withoutSeconds - 1 }
    }

    /// Clean builds of each site, alternating, so that a drift of the machine's speed reaches both.
    static let runs = 3

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
        let without = pairs.map(\.without.seconds)
        let with = pairs.map(\.with.seconds)
        return Figures(
            withoutSeconds: without.sorted()[runs / 2], withSeconds: with.sorted()[runs / 2], withoutRuns: without,
            withRuns: with)
    }

    static func line(_ figures: Figures) -> String {
        String(
            format:
                "  newer outputs (Atom, RSS, archive pages, tag feeds): clean build %.2f s with them, %.2f s without: %+.0f%%   (medians of %@ and %@ s)",
            figures.withSeconds, figures.withoutSeconds, 100 * figures.added,
            figures.withRuns.map { String(format: "%.2f", $0) }.joined(separator: ", "),
            figures.withoutRuns.map { String(format: "%.2f", $0) }.joined(separator: ", "))
    }
}
