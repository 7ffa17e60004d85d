import BlogCore
import Foundation

/// What the search index costs and what a query fetches: the benchmark's lean site against a copy whose
/// blog.yaml says `search: false`, built from clean in turn, and the files the search page's script
/// fetches for a one-word and a three-word query (``SearchFetch``). Pagefind's figures for the same
/// queries need a browser (its WebAssembly decides what it fetches); the manual's search page has them.
struct SearchCost {
    struct Figures: Codable {
        var withoutSeconds: Double
        var withSeconds: Double
        var withoutRuns: [Double]
        var withRuns: [Double]
        var indexFiles: Int
        var indexMB: Double
        /// Bytes and files fetched, by query.
        var queries: [Query]
        /// The builds' processor time (user and system), which other work on a shared machine sways less.
        var withoutProcessorRuns: [Double] = []
        var withProcessorRuns: [Double] = []
        /// The builds' user time alone: the verdict's measure. System time on this kind of machine (ext4,
        /// shared) swings by seconds after the large deletions clean builds make, whichever site is built,
        /// so processor time's share says more about the disk than about the index.
        var withoutUserRuns: [Double] = []
        var withUserRuns: [Double] = []
        /// The share of a clean build's time the index adds: 0.07 for 7%.
        var added: Double { withSeconds / withoutSeconds - 1 }
        /// The share of user time it adds, from the medians.
        var addedUser: Double {
            guard !withUserRuns.isEmpty, !withoutUserRuns.isEmpty else { return 0 }
            return CheckCost.Figures.median(withUserRuns) / CheckCost.Figures.median(withoutUserRuns) - 1
        }
        /// The share of processor time it adds, from the medians.
        var addedProcessor: Double {
            guard !withProcessorRuns.isEmpty, !withoutProcessorRuns.isEmpty else { return 0 }
            return CheckCost.Figures.median(withProcessorRuns) / CheckCost.Figures.median(withoutProcessorRuns) - 1
        }
    }

    struct Query: Codable {
        var text: String
        var files: Int
        var bytes: Int
        var results: Int
    }

    /// Seven pairs: one variant's user time spreads by a quarter from build to build on a shared 2-core VM,
    /// and the verdict is on a tenth.
    static let runs = 7
    static let queries = ["swift", "static site engine"]

    /// Writes the copy beside `site` and builds both from clean ``runs`` times; nil when a build fails.
    static func measure(site: URL, posts: [SiteGenerator.Post], generator: SiteGenerator, blog: String, base: URL) async
        -> Figures?
    {
        let without = base.appending(path: "blog-without-search")
        do {
            try generator.writeBlogSite(at: without, posts: posts, blogExecutable: blog, theme: .lean)
            let yaml = without.appending(path: "blog.yaml")
            try (try String(contentsOf: yaml, encoding: .utf8) + "search: false\n").write(
                to: yaml, atomically: true, encoding: .utf8)
        } catch {
            print("note: cannot write the site without search: \(error)")
            return nil
        }
        guard
            let pairs = await CleanBuild.pairs(
                blog, without: (without, []), with: (site, []), runs: runs,
                aside: base.appending(path: "search-cost"), measuring: "search")
        else { return nil }
        let withoutRuns = pairs.map(\.without.seconds)
        let withRuns = pairs.map(\.with.seconds)
        let withoutProcessor = pairs.map(\.without.processorSeconds)
        let withProcessor = pairs.map(\.with.processorSeconds)
        let index = CleanBuild.treeSize(site.appending(path: "public/search"))
        let fetched = queries.compactMap { text in
            SearchFetch.files(for: text, site: Site(root: site)).map {
                Query(
                    text: text, files: $0.files.count, bytes: $0.files.reduce(0) { $0 + $1.bytes }, results: $0.results)
            }
        }
        return Figures(
            withoutSeconds: withoutRuns.sorted()[runs / 2], withSeconds: withRuns.sorted()[runs / 2],
            withoutRuns: withoutRuns, withRuns: withRuns, indexFiles: index.files, indexMB: Double(index.bytes) / 1e6,
            queries: fetched, withoutProcessorRuns: withoutProcessor, withProcessorRuns: withProcessor,
            withoutUserRuns: pairs.map(\.without.userSeconds), withUserRuns: pairs.map(\.with.userSeconds))
    }

    static func lines(_ figures: Figures) -> [String] {
        func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
        return [
            String(
                format:
                    "  search index: %d files, %.1f MB; clean build %.2f s with it, %.2f s without: %+.0f%%; user %+.0f%%, processor %+.0f%%   (user %@ and %@ s; processor %@ and %@ s)",
                figures.indexFiles, figures.indexMB, figures.withSeconds, figures.withoutSeconds, 100 * figures.added,
                100 * figures.addedUser, 100 * figures.addedProcessor, list(figures.withUserRuns),
                list(figures.withoutUserRuns), list(figures.withProcessorRuns), list(figures.withoutProcessorRuns))
        ]
            + figures.queries.map {
                String(
                    format: "  search for \"%@\": %d files, %.0f KB fetched, %d results", $0.text, $0.files,
                    Double($0.bytes) / 1000, $0.results)
            }
    }
}
