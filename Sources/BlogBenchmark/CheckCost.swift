import Foundation

/// What the internal link check (`blog build --check`) adds to a clean build of the benchmark's lean site:
/// the same site built from clean with and without it. Issue #35 allows 15% at 10,000 posts.
struct CheckCost {
    struct Figures: Codable {
        var withoutSeconds: Double
        var withSeconds: Double
        var withoutRuns: [Double]
        var withRuns: [Double]
        /// The builds' processor time (user and system), which other work on a shared machine sways less.
        var withoutProcessorRuns: [Double]
        var withProcessorRuns: [Double]
        /// The user part of the processor time.
        var withoutUserRuns: [Double]
        var withUserRuns: [Double]
        /// The share of time the check adds: 0.09 for 9%.
        var added: Double { withSeconds / withoutSeconds - 1 }
        /// The share of processor time it adds: the median of each pair's (a build with the check and the
        /// one without it right before), which a machine whose load drifts between pairs sways less than
        /// a ratio of the medians.
        var addedProcessor: Double { Self.addedByPairs(withProcessorRuns, withoutProcessorRuns) }
        /// The share of user time it adds, the same way.
        var addedUser: Double { Self.addedByPairs(withUserRuns, withoutUserRuns) }

        static func addedByPairs(_ with: [Double], _ without: [Double]) -> Double {
            median(zip(with, without).map { $0 / $1 - 1 })
        }

        static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    }

    /// What the check may add at 10,000 posts (issue #35).
    static let limit = 0.15

    /// `met` or `NOT MET`, judged by processor time (the check's work on both cores, which the other work
    /// of a shared machine sways less than the wall time printed beside it) and by user time alone: the
    /// system time of two identical builds here differs by more than the check costs, so a share of
    /// processor time alone can read as met by chance.
    static func verdict(_ figures: Figures) -> String {
        String(
            format:
                "  %@  what the internal check adds to a clean build's processor time: %.3f x (at most %.2f; user time alone %+.3f x, wall time %+.3f x)   (%@, load average %@)",
            max(figures.addedProcessor, figures.addedUser) <= limit ? "met    " : "NOT MET", figures.addedProcessor,
            limit, figures.addedUser,
            figures.added,
            SiteBenchmark.machineDescription(), loadAverage())
    }

    /// The system's load average over the last minute, five and fifteen, as `/proc/loadavg` gives them.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Clean builds with and without the check, alternating, so that a drift of the machine's speed
    /// reaches both; five, as for the clean build: one run here swings by tens of percent.
    static let runs = 5

    /// Builds `site` from clean ``runs`` times each way; nil when a build fails (with `--check`, a
    /// problem the check found).
    static func measure(site: URL, blog: String, base: URL) async -> Figures? {
        guard
            let pairs = await CleanBuild.pairs(
                blog, without: (site, []), with: (site, ["--check"]), runs: runs,
                aside: base.appending(path: "check-cost"), measuring: "the internal check")
        else { return nil }
        return Figures(pairs: pairs)
    }

    static func line(_ figures: Figures) -> String {
        func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
        return String(
            format:
                "  internal check (build --check): clean build %.2f s with it, %.2f s without: %+.0f%%; processor %+.0f%%, user %+.0f%% (medians of the pairs)   (medians of %@ and %@ s; processor %@ and %@ s; user %@ and %@ s)",
            figures.withSeconds, figures.withoutSeconds, 100 * figures.added, 100 * figures.addedProcessor,
            100 * figures.addedUser, list(figures.withRuns), list(figures.withoutRuns),
            list(figures.withProcessorRuns), list(figures.withoutProcessorRuns), list(figures.withUserRuns),
            list(figures.withoutUserRuns))
    }
}

extension CheckCost.Figures {
    /// The figures of builds without and with a step, pair by pair (``CleanBuild/pairs``).
    init(pairs: [(without: ChildProcess.Result, with: ChildProcess.Result)]) {
        let without = pairs.map(\.without)
        let with = pairs.map(\.with)
        self.init(
            withoutSeconds: Self.median(without.map(\.seconds)), withSeconds: Self.median(with.map(\.seconds)),
            withoutRuns: without.map(\.seconds), withRuns: with.map(\.seconds),
            withoutProcessorRuns: without.map(\.processorSeconds), withProcessorRuns: with.map(\.processorSeconds),
            withoutUserRuns: without.map(\.userSeconds), withUserRuns: with.map(\.userSeconds))
    }
}
