import BlogCore
import Foundation

/// A clean build as the benchmark measures it: the site's output, spare tree and record are moved aside
/// first (not deleted: this disk creates files slowly right after a large delete), the build starts after
/// `sync`, and the benchmark then waits for the spare tree that `blog link-spare` makes after a large
/// build, so that nothing measured next runs beside it.
enum CleanBuild {
    /// Builds `site` from clean, moving what the last build left into `aside`; `options` go to `blog build`.
    static func run(_ blog: String, site: URL, aside: URL, options: [String] = []) async -> ChildProcess.Result {
        // A build after a move that failed would not be clean: it is not measured (status -2).
        guard moveAside(site, to: aside) else {
            print("note: cannot move the output of \(site.path) aside into \(aside.path); that build is not measured")
            return ChildProcess.Result(status: -2, seconds: 0, peakMemory: 0)
        }
        sync()
        let run = ChildProcess.run(blog, ["build", "--site", site.path] + options)
        if run.status == 0 {
            _ = await waitForSpare(of: site, files: treeSize(site.appending(path: "public")).files, since: .now)
        }
        return run
    }

    /// Clean builds of two variants of a site, alternated `runs` times so that the machine's drift weighs on
    /// both alike: what one step or output costs is the difference within each pair. Nil, saying so, when
    /// a build fails. The variant built first changes from pair to pair: a build right after another runs
    /// on a disk and caches the one before left, and on this VM system time climbs from build to build,
    /// so a fixed order would charge one variant with that drift every time.
    static func pairs(
        _ blog: String, without: (site: URL, options: [String]), with: (site: URL, options: [String]), runs: Int,
        aside base: URL, measuring what: String
    ) async -> [(without: ChildProcess.Result, with: ChildProcess.Result)]? {
        var pairs: [(without: ChildProcess.Result, with: ChildProcess.Result)] = []
        for attempt in 1...runs {
            let aside = base.appending(path: "cost-aside-\(attempt)")
            func build(_ variant: (site: URL, options: [String]), _ name: String) async -> ChildProcess.Result {
                await run(blog, site: variant.site, aside: aside.appending(path: name), options: variant.options)
            }
            let withoutRun: ChildProcess.Result
            let withRun: ChildProcess.Result
            if attempt.isMultiple(of: 2) {
                withRun = await build(with, "with")
                withoutRun = await build(without, "without")
            } else {
                withoutRun = await build(without, "without")
                withRun = await build(with, "with")
            }
            guard withoutRun.status == 0, withRun.status == 0 else {
                print(
                    "note: a build for the cost of \(what) failed in \(base.path) (status \(withoutRun.status) without, \(withRun.status) with)"
                )
                return nil
            }
            pairs.append((withoutRun, withRun))
        }
        return pairs
    }

    /// Moves what the last build left into `aside`; false when something of it is still in the site.
    @discardableResult
    static func moveAside(_ site: URL, to aside: URL) -> Bool {
        try? FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        var moved = true
        for name in ["public", ".public.blog-spare", ".blog-cache"] {
            let from = site.appending(path: name)
            guard FileManager.default.fileExists(atPath: from.path) else { continue }
            do {
                try FileManager.default.moveItem(at: from, to: aside.appending(path: name))
            } catch {
                print("note: cannot move \(from.path) aside: \(error)")
                moved = false
            }
        }
        return moved
    }

    /// Waits (up to a minute) for the spare tree that a clean build of a large site has `blog link-spare`
    /// make for an output of `files` files; returns how long after `since` it was there, or nil.
    static func waitForSpare(of site: URL, files: Int, since: ContinuousClock.Instant) async -> Double? {
        let spare = site.appending(path: ".public.blog-spare").path
        while files >= BuildOptions().spareRequestMinimumFiles, !FileManager.default.fileExists(atPath: spare),
            ContinuousClock.now - since < .seconds(60)
        {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return FileManager.default.fileExists(atPath: spare) ? (ContinuousClock.now - since).seconds : nil
    }

    /// The regular files under `root` and their bytes.
    static func treeSize(_ root: URL) -> (files: Int, bytes: Int) {
        var files = 0
        var bytes = 0
        if let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        {
            for case let url as URL in enumerator {
                guard let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]),
                    values.isRegularFile == true
                else { continue }
                files += 1
                bytes += values.fileSize ?? 0
            }
        }
        return (files, bytes)
    }
}
